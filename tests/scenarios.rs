//! The behaviors beyond the tutorials, run as their presets run them: what each promises a
//! designer, measured over whole runs. Path followers stay in the band (no corner cut beyond
//! the radius) and stop on the end without overshooting it; patrol guards reach the points of
//! their loop in path order; walls and a pen hold what leaves without them; crossing streams
//! stop passing through one another; a squad holds its slots; a hider ends behind a pillar;
//! the jitter controls calm an arrival; a queuing crowd presses less into a doorway.

mod common;

use glam::Vec2;
use steerlab::scene::{self, Scene, presets};
use steerlab::sim::params::{AvoidWalls, OffsetPursuit};
use steerlab::sim::{BehaviorKind, World};

fn scene_of(file: &str) -> Scene {
    let preset = presets::find(file).expect("preset");
    scene::from_str(preset.text, file)
        .expect("valid")
        .into_scene()
}

/// The world of `file`, keeping what the behaviors look at (as the editor does).
fn world_of(file: &str) -> World {
    let mut world = scene_of(file).build_world().expect("builds");
    world.keep_details(true);
    world
}

#[test]
fn path_followers_keep_to_the_band_and_stop_on_the_end() {
    let mut world = world_of("path_following.ron");
    let path = world.spec().paths[0].clone();
    let points = &path.points;
    let end = points[points.len() - 1];
    let last_leg = (end - points[points.len() - 2]).normalize();
    // Ticks each agent has been in the band since it first reached it.
    let mut inside = vec![0_u32; world.agents().len()];
    let (mut worst, mut past_end): (f32, f32) = (0.0, 0.0);
    for _ in 0..60 * 40 {
        world.step();
        for (k, agent) in world.agents().iter().enumerate() {
            let d = path.project(agent.position).expect("projects").distance;
            if d <= path.radius || inside[k] > 0 {
                inside[k] += 1;
            }
            // Once an agent has settled into the band (two seconds after it first reached it,
            // however fast and steep it came in), it never leaves it, corners included.
            if inside[k] > 120 {
                worst = worst.max(d);
            }
            past_end = past_end.max((agent.position - end).dot(last_leg));
        }
    }
    assert!(
        inside.iter().all(|&n| n > 120),
        "every agent reaches the band"
    );
    assert!(
        worst <= path.radius,
        "left the band: {worst} > {}",
        path.radius
    );
    // Arrival at the end: nobody goes past it, and everybody stops on it.
    assert!(past_end <= 1.0, "went {past_end} past the end");
    for agent in world.agents() {
        assert!(agent.velocity.length() < 2.0, "{} still moves", agent.id);
        assert!(
            agent.position.distance(end) < 5.0,
            "{} stopped short",
            agent.id
        );
    }
}

#[test]
fn patrol_guards_pass_every_point_of_the_loop_in_path_order() {
    let mut world = world_of("path_patrol.ron");
    let path = world.spec().paths[0].clone();
    assert!(path.looped, "the patrol route is a loop");
    let n = path.points.len();
    // The point whose radius `p` is within, if any (the points are far apart).
    let near = |p: Vec2| {
        path.points
            .iter()
            .position(|q| q.distance(p) <= path.radius)
    };
    // Per guard, the points it came within the radius of, in the order it reached them (one
    // entry for each time it reached one, however long it stayed).
    let mut reached: Vec<Vec<usize>> = world
        .agents()
        .iter()
        .map(|a| near(a.position).into_iter().collect())
        .collect();
    for _ in 0..60 * 60 {
        world.step();
        for (k, agent) in world.agents().iter().enumerate() {
            if let Some(i) = near(agent.position)
                && reached[k].last() != Some(&i)
            {
                reached[k].push(i);
            }
        }
    }
    for (k, seq) in reached.iter().enumerate() {
        // Each point reached is the one after the last in path order, wrapping from the last
        // point to the first: no point skipped, none reached out of turn.
        for pair in seq.windows(2) {
            assert_eq!(
                pair[1],
                (pair[0] + 1) % n,
                "guard {k} went from point {} to point {}: {seq:?}",
                pair[0],
                pair[1]
            );
        }
        // More than one whole lap: every point, then round again.
        assert!(seq.len() > n, "guard {k} did not finish a lap: {seq:?}");
    }
}

/// Whether `p` is inside the rectangle the outer walls of the walls preset enclose.
fn in_building(p: Vec2) -> bool {
    (50.0..=1150.0).contains(&p.x) && (50.0..=750.0).contains(&p.y)
}

/// Over `ticks` ticks of `scene`: the agent-ticks spent outside the building (and the first
/// agent out, and where), and the agent-ticks in which a feeler crossed a wall.
fn building_run(scene: &Scene, ticks: u32) -> (u32, Option<(u32, Vec2)>, u32) {
    let mut world = scene.build_world().expect("builds");
    world.keep_details(true);
    let (mut outside, mut first_out, mut crossed) = (0, None, 0);
    for _ in 0..ticks {
        world.step();
        for (k, agent) in world.agents().iter().enumerate() {
            if !in_building(agent.position) {
                outside += 1;
                first_out = first_out.or(Some((agent.id, agent.position)));
            }
            // The details are kept (when asked) only while some group uses a behavior that has
            // them.
            crossed += u32::from(
                world
                    .details()
                    .get(k)
                    .is_some_and(|d| d.look::<AvoidWalls>().is_some_and(|l| l.hit.is_some())),
            );
        }
    }
    (outside, first_out, crossed)
}

#[test]
fn feelers_keep_wanderers_inside_the_walls_they_leave_without_them() {
    let with = scene_of("walls.ron");
    let mut without = with.clone();
    for group in &mut without.groups {
        group.avoid_walls = None;
    }
    let (outside, first_out, crossed) = building_run(&with, 60 * 50);
    let (outside_without, _, _) = building_run(&without, 60 * 50);
    println!(
        "agent-ticks outside: {outside} with feelers ({crossed} with a wall crossed), \
         {outside_without} without"
    );
    assert_eq!(outside, 0, "agent (id, position) {first_out:?} got out");
    // The feelers did reach the walls, often...
    assert!(
        crossed > 1000,
        "a feeler crossed a wall on only {crossed} agent-ticks"
    );
    // ...and they are what holds the wanderers: without them, some walk through the walls.
    assert!(outside_without > 0, "without feelers nobody got out either");
}

/// Over `ticks` ticks of `scene`: the sheep-ticks spent outside the pen (and the first sheep
/// out, and where), and the sheep-ticks in which containment pushed.
fn pen_run(scene: &Scene, ticks: u32) -> (u32, Option<(u32, Vec2)>, u32) {
    let mut world = scene.build_world().expect("builds");
    let pen = world.spec().paths[0].clone();
    let (mut outside, mut first_out, mut pushed) = (0, None, 0);
    for _ in 0..ticks {
        world.step();
        for (agent, record) in world.agents().iter().zip(world.records()) {
            if agent.group != 0 {
                continue;
            }
            if !pen.contains(agent.position) {
                outside += 1;
                first_out = first_out.or(Some((agent.id, agent.position)));
            }
            pushed += u32::from(record.force(BehaviorKind::Containment) != Vec2::ZERO);
        }
    }
    (outside, first_out, pushed)
}

#[test]
fn containment_keeps_every_sheep_in_the_pen_they_leave_without_it() {
    let with = scene_of("containment.ron");
    let mut without = with.clone();
    without.groups[0].containment = None;
    let (outside, first_out, pushed) = pen_run(&with, 60 * 50);
    let (outside_without, _, _) = pen_run(&without, 60 * 50);
    println!(
        "sheep-ticks outside the pen: {outside} with containment (pushed on {pushed}), \
         {outside_without} without"
    );
    assert_eq!(outside, 0, "sheep (id, position) {first_out:?} got out");
    // The sheep did come near the fence, and containment pushed them back...
    assert!(pushed > 0, "containment never pushed a sheep");
    // ...and it is what holds them: without it, sheep wander out.
    assert!(
        outside_without > 0,
        "without containment no sheep left the pen either"
    );
}

/// Touching pairs of agents from different groups over a run, and the smallest distance.
fn crossings(scene: &Scene, ticks: u32) -> (u32, f32) {
    let mut world = scene.build_world().expect("builds");
    let mut touching = 0;
    let mut closest = f32::MAX;
    let touch = scene.groups[0].radius + scene.groups[1].radius;
    for _ in 0..ticks {
        world.step();
        let agents = world.agents();
        for a in agents.iter().filter(|a| a.group == 0) {
            for b in agents.iter().filter(|b| b.group == 1) {
                let d = a.position.distance(b.position);
                closest = closest.min(d);
                touching += u32::from(d < touch);
            }
        }
    }
    (touching, closest)
}

#[test]
fn crossing_streams_stop_passing_through_one_another() {
    let with = scene_of("crossing.ron");
    let mut without = with.clone();
    for group in &mut without.groups {
        group.avoid_agents = None;
    }
    let (touching_with, closest_with) = crossings(&with, 60 * 30);
    let (touching_without, closest_without) = crossings(&without, 60 * 30);
    println!(
        "touching pair-ticks: {touching_with} with avoidance (closest {closest_with}), \
         {touching_without} without (closest {closest_without})"
    );
    assert!(
        touching_without > 200,
        "the streams do cross: {touching_without}"
    );
    assert!(
        touching_with * 10 <= touching_without,
        "avoidance: {touching_with} against {touching_without}"
    );
}

#[test]
fn a_squad_holds_its_wedge_behind_the_leader() {
    let mut world = world_of("formation.ron");
    // The leader (agent 0) arrives at the click target; then every follower is near its slot.
    for _ in 0..60 * 25 {
        world.step();
    }
    let leader = world.agents()[0].clone();
    assert!(
        leader.position.distance(world.click()) < 5.0,
        "the leader arrived"
    );
    let mut farthest: f32 = 0.0;
    for (agent, detail) in world.agents().iter().zip(world.details()).skip(1) {
        let slot = *detail
            .look::<OffsetPursuit>()
            .expect("followers have a slot");
        farthest = farthest.max(agent.position.distance(slot));
    }
    assert!(farthest < 8.0, "a follower is {farthest} from its slot");
}

/// The share of hider-ticks, after the first ten seconds, in which the segment from the
/// hunter to the hider passes through a pillar.
fn hidden_share(scene: &Scene) -> f32 {
    let mut world = scene.build_world().expect("builds");
    let obstacles = world.spec().obstacles.clone();
    let (mut hidden, mut all) = (0_u32, 0_u32);
    for t in 0..60 * 60 {
        world.step();
        let hunter = world
            .agents()
            .iter()
            .find(|a| a.group == 0)
            .expect("hunter")
            .position;
        for agent in world.agents().iter().filter(|a| a.group == 3 && t >= 600) {
            all += 1;
            hidden += u32::from(obstacles.iter().any(|o| {
                let q = common::closest_on_segment(hunter, agent.position, o.center);
                q.distance(o.center) < o.radius
            }));
        }
    }
    hidden as f32 / all.max(1) as f32
}

#[test]
fn hiders_keep_a_pillar_between_themselves_and_the_hunter() {
    let with = scene_of("interpose_hide.ron");
    let mut without = with.clone();
    without.groups[3].hide = None;
    let (hiding, standing) = (hidden_share(&with), hidden_share(&without));
    println!("hidden: {hiding} hiding, {standing} standing still");
    // The hunter wanders (and wraps round the world), so hiders are sometimes on their way to
    // a new spot; most of the time they are behind one.
    assert!(hiding > 0.75, "hidden {hiding}");
    assert!(standing < 0.3, "standing still is hidden {standing}");
}

/// Mean absolute heading change per tick of a group's agents over the last `window` ticks.
fn heading_jitter(world: &mut World, group: u16, ticks: u32, window: u32) -> f32 {
    // The heading each agent is drawn with: the smoothed one where its group smooths.
    let mut last: Vec<Vec2> = world
        .agents()
        .iter()
        .map(steerlab::sim::Agent::heading)
        .collect();
    let (mut sum, mut n) = (0.0_f32, 0_u32);
    for t in 0..ticks {
        world.step();
        for ((agent, record), before) in world.agents().iter().zip(world.records()).zip(&mut last) {
            let drawn = record.smoothed_heading.unwrap_or_else(|| agent.heading());
            if agent.group == group && t >= ticks - window {
                sum += before.angle_to(drawn).abs();
                n += 1;
            }
            *before = drawn;
        }
    }
    sum / n.max(1) as f32
}

#[test]
fn the_jitter_controls_calm_an_arrival() {
    let mut world = world_of("jitter_controls.ron");
    let raw = heading_jitter(&mut world, 0, 60 * 20, 60 * 5);
    let mut world = world_of("jitter_controls.ron");
    let tuned = heading_jitter(&mut world, 1, 60 * 20, 60 * 5);
    println!("heading change per tick once arrived: raw {raw}, tuned {tuned}");
    assert!(tuned * 5.0 < raw, "tuned {tuned} against raw {raw}");
}

/// Overlapping pairs of agents (gap below zero) summed over `ticks` ticks, and the times an
/// agent crossed the doorway preset's wall (x = 600) outside its door (y 370 to 430).
fn crowding_and_wall_crossings(mut world: World, ticks: u32) -> (u32, u32) {
    let radius = |w: &World, g: u16| w.spec().groups[usize::from(g)].radius;
    let (mut overlaps, mut through_wall) = (0, 0);
    let mut before: Vec<Vec2> = world.agents().iter().map(|a| a.position).collect();
    for _ in 0..ticks {
        world.step();
        let agents = world.agents();
        for (i, a) in agents.iter().enumerate() {
            for b in &agents[i + 1..] {
                let reach = radius(&world, a.group) + radius(&world, b.group);
                if a.position.distance(b.position) < reach {
                    overlaps += 1;
                }
            }
            let (p, q) = (before[i], a.position);
            // A step of less than 100 units: not a wrap round the world's edge.
            let crossed = (p.x < 600.0) != (q.x < 600.0) && (p.x - q.x).abs() < 100.0;
            let y = f32::midpoint(p.y, q.y);
            if crossed && !(370.0..=430.0).contains(&y) {
                through_wall += 1;
            }
            before[i] = q;
        }
    }
    (overlaps, through_wall)
}

#[test]
fn a_queuing_crowd_presses_less_into_a_doorway() {
    let with = scene_of("queue.ron");
    let mut without = with.clone();
    without.groups[0].queue = None;
    let (queuing, walls_q) = crowding_and_wall_crossings(with.build_world().expect("builds"), 1800);
    let (pushing, walls_p) =
        crowding_and_wall_crossings(without.build_world().expect("builds"), 1800);
    println!("overlapping pair-ticks in 30 s: {queuing} queuing, {pushing} pushing");
    assert!(
        queuing * 4 < pushing * 3,
        "queuing {queuing} against pushing {pushing}"
    );
    assert_eq!((walls_q, walls_p), (0, 0), "agents went through the wall");
}
