use glam::Vec2;
use proptest::prelude::*;

use super::{PictureLevel, level_from_picture, ring_area};

/// An image from rows of text: `#` is wall, anything else walkable.
fn image(rows: &[&str]) -> (usize, usize, Vec<bool>) {
    let wall: Vec<bool> = rows
        .iter()
        .flat_map(|row| row.bytes().map(|b| b == b'#'))
        .collect();
    (rows[0].len(), rows.len(), wall)
}

fn trace(rows: &[&str], tolerance: f32, min_area: f32) -> PictureLevel {
    let (w, h, wall) = image(rows);
    level_from_picture(w, h, &wall, tolerance, min_area).expect("a walkable pixel")
}

fn ring(points: &[(i32, i32)]) -> Vec<Vec2> {
    points
        .iter()
        .map(|&(x, y)| Vec2::new(x as f32, y as f32))
        .collect()
}

#[test]
fn all_white_image_is_its_rectangle() {
    let level = trace(&["....", "....", "...."], 0.0, 0.0);
    assert_eq!(level.boundary, ring(&[(0, 0), (0, 3), (4, 3), (4, 0)]));
    assert!(level.holes.is_empty());
    assert_eq!(level.dropped, 0);
    assert!(
        (ring_area(&level.boundary) + 12.0).abs() < 1e-6,
        "counter-clockwise on screen"
    );
}

#[test]
fn wall_square_inside_is_a_clockwise_hole() {
    let (w, h) = (10, 10);
    let wall: Vec<bool> = (0..w * h)
        .map(|i| (4..6).contains(&(i % w)) && (4..6).contains(&(i / w)))
        .collect();
    let level = level_from_picture(w, h, &wall, 0.0, 0.0).unwrap();
    assert_eq!(level.boundary, ring(&[(0, 0), (0, 10), (10, 10), (10, 0)]));
    assert_eq!(level.holes, vec![ring(&[(4, 4), (6, 4), (6, 6), (4, 6)])]);
    assert!((ring_area(&level.holes[0]) - 4.0).abs() < 1e-6);
    assert_eq!(level.dropped, 0);
}

#[test]
fn wall_frame_is_part_of_the_boundary() {
    let (w, h) = (10, 10);
    let wall: Vec<bool> = (0..w * h)
        .map(|i| [0, 9].contains(&(i % w)) || [0, 9].contains(&(i / w)))
        .collect();
    let level = level_from_picture(w, h, &wall, 0.0, 0.0).unwrap();
    assert_eq!(level.boundary, ring(&[(1, 1), (1, 9), (9, 9), (9, 1)]));
    assert!(level.holes.is_empty());
    assert_eq!(level.dropped, 0);
}

#[test]
fn l_shape_has_six_corners() {
    let level = trace(&["..##", "..##", "....", "...."], 0.0, 0.0);
    assert_eq!(
        level.boundary,
        ring(&[(0, 0), (0, 4), (4, 4), (4, 2), (2, 2), (2, 0)])
    );
    assert!(level.holes.is_empty());
}

#[test]
fn larger_of_two_regions_is_kept() {
    let level = trace(&["..#....", "..#....", "..#...."], 0.0, 0.0);
    assert_eq!(level.boundary, ring(&[(3, 0), (3, 3), (7, 3), (7, 0)]));
    assert_eq!(level.dropped, 1);
}

#[test]
fn first_of_equal_regions_is_kept_and_corners_do_not_connect() {
    // Two walkable pixels touching at a corner only: two regions of one pixel each.
    let level = trace(&[".#", "#."], 0.0, 0.0);
    assert_eq!(level.boundary, ring(&[(0, 0), (0, 1), (1, 1), (1, 0)]));
    assert_eq!(level.dropped, 1);
}

#[test]
fn staircase_becomes_one_straight_edge() {
    // Wall above the diagonal: the boundary climbs from (6, 6) to (0, 0) in 6 steps.
    let rows = [".#####", "..####", "...###", "....##", ".....#", "......"];
    let exact = trace(&rows, 0.0, 0.0);
    let steps = [
        (6, 6),
        (6, 5),
        (5, 5),
        (5, 4),
        (4, 4),
        (4, 3),
        (3, 3),
        (3, 2),
        (2, 2),
        (2, 1),
        (1, 1),
        (1, 0),
    ];
    let mut all = vec![(0, 0), (0, 6)];
    all.extend(steps);
    assert_eq!(exact.boundary, ring(&all));
    let simple = trace(&rows, 1.0, 0.0);
    // The last edge, from (6, 6) back to the first point (0, 0), is the staircase.
    assert_eq!(simple.boundary, ring(&[(0, 0), (0, 6), (6, 6)]));
}

#[test]
fn speck_below_min_area_is_dropped() {
    let rows = [".....", ".....", "..#..", ".....", "....."];
    let level = trace(&rows, 0.0, 2.0);
    assert!(level.holes.is_empty());
    assert_eq!(level.dropped, 1);
    let level = trace(&rows, 0.0, 1.0);
    assert_eq!(level.holes, vec![ring(&[(2, 2), (3, 2), (3, 3), (2, 3)])]);
    assert_eq!(level.dropped, 0);
}

#[test]
fn wall_touching_the_outer_wall_at_a_corner_pinches_the_boundary() {
    // The middle wall pixel touches the wall at (2, 0) diagonally: one wall, no hole, and the
    // boundary visits corner (2, 1) twice without crossing itself there.
    let level = trace(&["..#", ".#.", "..."], 0.0, 0.0);
    let pinched = [
        (0, 0),
        (0, 3),
        (3, 3),
        (3, 1),
        (2, 1),
        (2, 2),
        (1, 2),
        (1, 1),
        (2, 1),
        (2, 0),
    ];
    assert_eq!(level.boundary, ring(&pinched));
    assert!(level.holes.is_empty());
    assert!((ring_area(&level.boundary) + 7.0).abs() < 1e-6);
}

#[test]
fn wall_pixels_touching_at_a_corner_are_one_hole() {
    let rows = ["......", "......", "..#...", "...#..", "......", "......"];
    let level = trace(&rows, 0.0, 0.0);
    let hole = [
        (2, 2),
        (3, 2),
        (3, 3),
        (4, 3),
        (4, 4),
        (3, 4),
        (3, 3),
        (2, 3),
    ];
    assert_eq!(level.holes, vec![ring(&hole)]);
}

#[test]
fn island_in_a_hole_is_dropped_and_the_hole_is_whole() {
    let rows = [
        ".........",
        ".........",
        "..#####..",
        "..#...#..",
        "..#...#..",
        "..#...#..",
        "..#####..",
        ".........",
        ".........",
    ];
    let level = trace(&rows, 0.0, 0.0);
    assert_eq!(level.holes, vec![ring(&[(2, 2), (7, 2), (7, 7), (2, 7)])]);
    assert_eq!(level.dropped, 1);
}

#[test]
fn simplification_keeps_a_hole_inside_the_boundary() {
    // A bump 3 pixels high with a one-pixel wall in it: at tolerance 3.5 plain
    // Ramer–Douglas–Peucker cuts the bump off with the hole; the repair keeps corner (13, 0).
    let mut rows = vec![
        "########.....#######",
        "########..#..#######",
        "########.....#######",
    ];
    rows.extend(["...................."; 10]);
    let level = trace(&rows, 3.5, 0.0);
    assert_eq!(
        level.boundary,
        ring(&[(13, 0), (0, 3), (0, 13), (20, 13), (20, 3)])
    );
    assert_eq!(
        level.holes,
        vec![ring(&[(10, 1), (11, 1), (11, 2), (10, 2)])]
    );
    assert!(even_odd(&level.boundary, Vec2::new(10.5, 1.5)));
}

#[test]
fn bad_input_gives_none_and_bad_numbers_give_no_nan() {
    assert_eq!(level_from_picture(0, 3, &[], 1.0, 0.0), None);
    assert_eq!(level_from_picture(2, 2, &[false; 3], 1.0, 0.0), None);
    assert_eq!(level_from_picture(2, 2, &[true; 4], 1.0, 0.0), None);
    assert_eq!(
        level_from_picture(usize::MAX, 2, &[false; 2], 1.0, 0.0),
        None
    );
    let rows = [".#####", "..####", "...###", "....##", ".....#", "......"];
    let exact = trace(&rows, 0.0, 0.0);
    for tolerance in [f32::NAN, -1.0, f32::NEG_INFINITY] {
        assert_eq!(trace(&rows, tolerance, f32::NAN), exact);
    }
    for tolerance in [f32::INFINITY, f32::MAX, 1e9] {
        let level = trace(&rows, tolerance, f32::INFINITY);
        assert!(level.boundary.len() >= 3);
        assert!(level.boundary.iter().all(|p| p.is_finite()));
    }
}

/// Even-odd point in polygon.
fn even_odd(ring: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    for (i, &a) in ring.iter().enumerate() {
        let b = ring[(i + 1) % ring.len()];
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
    }
    inside
}

/// Each pixel's region label (4-connected walkable regions) and the label of the largest,
/// first in row order among equals; computed the plain way, to check the traced level.
fn largest_region(w: usize, h: usize, wall: &[bool]) -> Option<(Vec<Option<usize>>, usize, usize)> {
    let mut label = vec![None; w * h];
    let mut sizes: Vec<usize> = Vec::new();
    for start in 0..w * h {
        if wall[start] || label[start].is_some() {
            continue;
        }
        let id = sizes.len();
        let mut queue = vec![start];
        label[start] = Some(id);
        let mut size = 0;
        while let Some(i) = queue.pop() {
            size += 1;
            let (x, y) = (i % w, i / w);
            let mut near = Vec::new();
            if x > 0 {
                near.push(i - 1);
            }
            if x + 1 < w {
                near.push(i + 1);
            }
            if y > 0 {
                near.push(i - w);
            }
            if y + 1 < h {
                near.push(i + w);
            }
            for j in near {
                if !wall[j] && label[j].is_none() {
                    label[j] = Some(id);
                    queue.push(j);
                }
            }
        }
        sizes.push(size);
    }
    let most = *sizes.iter().max()?;
    let kept = sizes.iter().position(|&s| s == most)?;
    Some((label, kept, sizes.len()))
}

/// Twice the signed shoelace area of a ring of whole-pixel points, exact.
fn twice_area(ring: &[Vec2]) -> i64 {
    let n = ring.len();
    #[allow(clippy::cast_possible_truncation)] // Pixel corners of a small image.
    let at = |i: usize| (ring[i % n].x as i64, ring[i % n].y as i64);
    (0..n)
        .map(|i| at(i).0 * at(i + 1).1 - at(i + 1).0 * at(i).1)
        .sum()
}

fn perimeter(ring: &[Vec2]) -> f32 {
    (0..ring.len())
        .map(|i| ring[i].distance(ring[(i + 1) % ring.len()]))
        .sum()
}

/// Segments that cross, or where an end of one lies inside the other, among all rings
/// (adjacent segments of a ring excepted): checked pair by pair.
fn crossing(rings: &[&Vec<Vec2>]) -> Option<(Vec2, Vec2, Vec2, Vec2)> {
    let orient = |a: Vec2, b: Vec2, c: Vec2| {
        let turn = (b - a).perp_dot(c - a);
        i32::from(turn > 0.0) - i32::from(turn < 0.0)
    };
    let inside = |a: Vec2, b: Vec2, c: Vec2| {
        orient(a, b, c) == 0
            && c != a
            && c != b
            && c.cmpge(a.min(b)).all()
            && c.cmple(a.max(b)).all()
    };
    let mut segs = Vec::new();
    for (r, ring) in rings.iter().enumerate() {
        for m in 0..ring.len() {
            segs.push((r, m, ring.len(), ring[m], ring[(m + 1) % ring.len()]));
        }
    }
    for (k, &(r1, m1, n, a1, b1)) in segs.iter().enumerate() {
        for &(r2, m2, _, a2, b2) in &segs[k + 1..] {
            if r1 == r2 && (m1.abs_diff(m2) == 1 || m1.abs_diff(m2) == n - 1) {
                continue;
            }
            let proper = orient(a2, b2, a1) * orient(a2, b2, b1) < 0
                && orient(a1, b1, a2) * orient(a1, b1, b2) < 0;
            let touch = inside(a2, b2, a1)
                || inside(a2, b2, b1)
                || inside(a1, b1, a2)
                || inside(a1, b1, b2);
            if proper || touch {
                return Some((a1, b1, a2, b2));
            }
        }
    }
    None
}

fn random_image() -> impl Strategy<Value = (usize, usize, Vec<bool>)> {
    (
        1usize..=24,
        1usize..=24,
        0u8..=255,
        prop::collection::vec(any::<u8>(), 24 * 24),
    )
        .prop_map(|(w, h, density, noise)| {
            (w, h, noise[..w * h].iter().map(|&n| n < density).collect())
        })
}

proptest! {
    #[test]
    fn traced_rings_match_the_pixels((w, h, wall) in random_image()) {
        let level = level_from_picture(w, h, &wall, 0.0, 0.0);
        let Some((label, kept, regions)) = largest_region(w, h, &wall) else {
            prop_assert_eq!(level, None);
            return Ok(());
        };
        let level = level.expect("a walkable pixel");
        prop_assert_eq!(level.dropped, regions - 1);
        let rings: Vec<&Vec<Vec2>> = std::iter::once(&level.boundary).chain(&level.holes).collect();
        for ring in &rings {
            prop_assert!(ring.len() >= 3);
            prop_assert!(ring.iter().all(|p| p.is_finite()));
        }
        prop_assert!(ring_area(&level.boundary) < 0.0);
        prop_assert!(level.holes.iter().all(|hole| ring_area(hole) > 0.0));
        let count = label.iter().filter(|&&l| l == Some(kept)).count();
        let area = -twice_area(&level.boundary) - level.holes.iter().map(|hole| twice_area(hole)).sum::<i64>();
        prop_assert_eq!(area, 2 * i64::try_from(count).unwrap());
        for (i, l) in label.iter().enumerate() {
            let centre = Vec2::new((i % w) as f32 + 0.5, (i / w) as f32 + 0.5);
            let in_boundary = even_odd(&level.boundary, centre);
            let holes = level.holes.iter().filter(|hole| even_odd(hole, centre)).count();
            if *l == Some(kept) {
                prop_assert!(in_boundary && holes == 0, "kept pixel {} outside", i);
            } else if in_boundary {
                prop_assert_eq!(holes, 1, "other pixel {} not in exactly one hole", i);
            }
        }
        prop_assert_eq!(crossing(&rings), None);
    }

    #[test]
    fn simplified_rings_stay_valid((w, h, wall) in random_image(), tolerance in 0.5f32..4.0) {
        check_simplified(w, h, &wall, tolerance)?;
    }

    #[test]
    fn simplified_blobs_stay_valid(wall in blob_image(), tolerance in 0.5f32..8.0) {
        check_simplified(BLOBS, BLOBS, &wall, tolerance)?;
    }
}

/// The side of a [`blob_image`].
const BLOBS: usize = 48;

/// Discs of wall and of floor drawn over one another on a floor: curved and diagonal edges,
/// which simplification shortens a lot.
fn blob_image() -> impl Strategy<Value = Vec<bool>> {
    prop::collection::vec((0..BLOBS, 0..BLOBS, 1usize..12, any::<bool>()), 1..12).prop_map(
        |discs| {
            let mut wall = vec![false; BLOBS * BLOBS];
            for (cx, cy, radius, is_wall) in discs {
                for (i, pixel) in wall.iter_mut().enumerate() {
                    let (dx, dy) = ((i % BLOBS).abs_diff(cx), (i / BLOBS).abs_diff(cy));
                    if dx * dx + dy * dy <= radius * radius {
                        *pixel = is_wall;
                    }
                }
            }
            wall
        },
    )
}

/// Simplified at `tolerance`, the level of an image keeps its rings valid: as many holes as
/// traced exactly, every ring with at least 3 traced corners and the orientation of its traced
/// shape, its area within `tolerance` × its perimeter of the traced one, no two segments
/// crossing or touching, and every hole inside the boundary and outside the other holes.
fn check_simplified(
    w: usize,
    h: usize,
    wall: &[bool],
    tolerance: f32,
) -> Result<(), TestCaseError> {
    let Some(exact) = level_from_picture(w, h, wall, 0.0, 0.0) else {
        return Ok(());
    };
    let level = level_from_picture(w, h, wall, tolerance, 0.0).expect("a walkable pixel");
    prop_assert_eq!(level.dropped, exact.dropped);
    prop_assert_eq!(level.holes.len(), exact.holes.len());
    let rings: Vec<&Vec<Vec2>> = std::iter::once(&level.boundary)
        .chain(&level.holes)
        .collect();
    let traced: Vec<&Vec<Vec2>> = std::iter::once(&exact.boundary)
        .chain(&exact.holes)
        .collect();
    for (ring, original) in rings.iter().zip(&traced) {
        prop_assert!(ring.len() >= 3);
        prop_assert!(ring.iter().all(|p| p.is_finite() && original.contains(p)));
        let change = (ring_area(ring) - ring_area(original)).abs();
        prop_assert!(
            change <= tolerance * perimeter(original) + 1e-3,
            "area changed by {}",
            change
        );
        prop_assert_eq!(twice_area(ring) > 0, twice_area(original) > 0);
    }
    prop_assert_eq!(crossing(&rings), None);
    for (i, hole) in level.holes.iter().enumerate() {
        prop_assert!(
            even_odd(&level.boundary, hole[0]),
            "hole {} outside the boundary",
            i
        );
        for (j, other) in level.holes.iter().enumerate() {
            prop_assert!(
                i == j || !even_odd(other, hole[0]),
                "hole {} inside hole {}",
                i,
                j
            );
        }
    }
    Ok(())
}

/// A maze of 3-pixel corridors and 1-pixel walls, `cells` × `cells`, with some extra walls
/// knocked down so that it has loops and free-standing walls (holes).
fn maze(cells: usize, seed: u64) -> (usize, Vec<bool>) {
    let size = cells * 4;
    let mut wall: Vec<bool> = (0..size * size)
        .map(|i| i % size % 4 == 3 || i / size % 4 == 3)
        .collect();
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // Opens the wall between cell (x, y) and the next cell to the right or below.
    let open = |wall: &mut Vec<bool>, (x, y): (usize, usize), right: bool| {
        for k in 0..3 {
            let (px, py) = if right {
                (x * 4 + 3, y * 4 + k)
            } else {
                (x * 4 + k, y * 4 + 3)
            };
            wall[py * size + px] = false;
        }
    };
    let mut visited = vec![false; cells * cells];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    while let Some(&(x, y)) = stack.last() {
        let mut options = Vec::new();
        if x + 1 < cells && !visited[y * cells + x + 1] {
            options.push((x + 1, y));
        }
        if y + 1 < cells && !visited[(y + 1) * cells + x] {
            options.push((x, y + 1));
        }
        if x > 0 && !visited[y * cells + x - 1] {
            options.push((x - 1, y));
        }
        if y > 0 && !visited[(y - 1) * cells + x] {
            options.push((x, y - 1));
        }
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let (to_x, to_y) = options[usize::try_from(next() % options.len() as u64).unwrap()];
        open(&mut wall, (x.min(to_x), y.min(to_y)), to_x != x);
        visited[to_y * cells + to_x] = true;
        stack.push((to_x, to_y));
    }
    for y in 0..cells - 1 {
        for x in 0..cells - 1 {
            if next() % 8 == 0 {
                open(&mut wall, (x, y), next() % 2 == 0);
            }
        }
    }
    (size, wall)
}

#[test]
#[ignore = "timing; run with --release -- --ignored --nocapture"]
fn time_a_1024_maze() {
    let (size, maze) = maze(256, 0x9e37_79b9_7f4a_7c15);
    // The worst case for contours: white noise, 40% wall.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let noise: Vec<bool> = (0..size * size)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state >> 33 < (1 << 31) / 5 * 2
        })
        .collect();
    for (name, wall) in [("maze", &maze), ("noise", &noise)] {
        for tolerance in [0.0, 1.0, 2.0] {
            let start = std::time::Instant::now();
            let level = level_from_picture(size, size, wall, tolerance, 0.0).unwrap();
            let took = start.elapsed();
            let points = level.boundary.len() + level.holes.iter().map(Vec::len).sum::<usize>();
            println!(
                "{size}x{size} {name}, tolerance {tolerance}: {took:?}, {} holes, {points} points, {} dropped",
                level.holes.len(),
                level.dropped
            );
        }
    }
}
