//! Editing the scenery on the canvas, through the real UI with `egui_kittest`: each tool's
//! gestures, each one a single undo step that Ctrl+Z takes back and Ctrl+Y puts back.
#![cfg(feature = "editor")]
// Snapped positions are exact multiples of 10: comparing them exactly is the point.
#![allow(clippy::float_cmp)]

mod common;

use common::ui::{click_on_canvas, drag_on_canvas, paused_harness};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use glam::Vec2;
use steerlab::editor::EditorApp;
use steerlab::scene::Scene;
use steerlab::sim::params::Wall;
use steerlab::view::{CanvasTool, Pick};

/// The editor, paused, on `scene`, with `tool` chosen by its key and snapping on (G).
fn editing(scene: Scene, tool: Key) -> Harness<'static, EditorApp> {
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    harness.key_press(tool);
    harness.key_press(Key::G);
    harness.run_steps(2);
    assert!(harness.state().tools().snap);
    harness
}

/// An empty scene: one group of 2 still agents in a corner, nothing else.
fn empty() -> Scene {
    let mut scene = common::preset_scene("seek.ron");
    scene.groups.truncate(1);
    scene.groups[0].count = 2;
    scene.groups[0].wander = None;
    scene.groups[0].spawn = steerlab::sim::Spawn::At {
        position: Vec2::new(20.0, 20.0),
        velocity: Vec2::ZERO,
    };
    scene
}

fn undo(harness: &mut Harness<'_, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
}

fn redo(harness: &mut Harness<'_, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
}

/// Near `p`, off the snapping grid, so snapping has something to do.
fn near(p: Vec2) -> Vec2 {
    p + Vec2::new(2.6, -3.1)
}

#[test]
fn the_tool_keys_and_the_strip_choose_the_tool() {
    let mut harness = paused_harness(EditorApp::new(empty(), None, "test"));
    for (key, tool) in [
        (Key::W, CanvasTool::Walls),
        (Key::P, CanvasTool::Paths),
        (Key::B, CanvasTool::Flow),
        (Key::A, CanvasTool::Agents),
        (Key::L, CanvasTool::Level),
        (Key::V, CanvasTool::Select),
    ] {
        harness.key_press(key);
        harness.run_steps(1);
        assert_eq!(harness.state().tools().tool, tool);
    }
    harness.get_by_label("Paths").click();
    harness.run_steps(2);
    assert_eq!(harness.state().tools().tool, CanvasTool::Paths);
}

#[test]
fn a_wall_is_drawn_moved_and_deleted_one_undo_step_each() {
    let mut harness = editing(empty(), Key::W);
    // Draw: press, drag, release: one wall, snapped.
    drag_on_canvas(
        &mut harness,
        near(Vec2::new(300.0, 300.0)),
        near(Vec2::new(500.0, 300.0)),
        8,
    );
    let drawn = Wall {
        from: Vec2::new(300.0, 300.0),
        to: Vec2::new(500.0, 300.0),
    };
    assert_eq!(harness.state().scene().walls, std::slice::from_ref(&drawn));
    // Move one end.
    drag_on_canvas(&mut harness, drawn.to, near(Vec2::new(500.0, 400.0)), 8);
    assert_eq!(harness.state().scene().walls[0].to, Vec2::new(500.0, 400.0));
    // Move the whole wall by its middle.
    drag_on_canvas(
        &mut harness,
        Vec2::new(400.0, 350.0),
        near(Vec2::new(400.0, 450.0)),
        8,
    );
    assert_eq!(
        harness.state().scene().walls[0],
        Wall {
            from: Vec2::new(300.0, 400.0),
            to: Vec2::new(500.0, 500.0)
        }
    );
    // Pick it with a click and delete it.
    click_on_canvas(&mut harness, Vec2::new(400.0, 450.0), Modifiers::NONE);
    assert_eq!(harness.state().tools().picked, Some(Pick::Wall(0)));
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    assert!(harness.state().scene().walls.is_empty());
    // Four steps back, one at a time.
    undo(&mut harness);
    assert_eq!(harness.state().scene().walls[0].to, Vec2::new(500.0, 500.0));
    undo(&mut harness);
    assert_eq!(harness.state().scene().walls[0].to, Vec2::new(500.0, 400.0));
    undo(&mut harness);
    assert_eq!(harness.state().scene().walls, std::slice::from_ref(&drawn));
    undo(&mut harness);
    assert!(harness.state().scene().walls.is_empty());
    redo(&mut harness);
    assert_eq!(harness.state().scene().walls, [drawn]);
    // The running world follows the scene.
    assert_eq!(harness.state().world().spec().walls.len(), 1);
}

#[test]
fn a_block_of_wall_is_drawn_corner_by_corner_moved_and_deleted() {
    let mut harness = editing(empty(), Key::L);
    // Four corners, then a click on the first closes the block: one hole, snapped.
    let corners = [
        Vec2::new(300.0, 300.0),
        Vec2::new(400.0, 300.0),
        Vec2::new(400.0, 400.0),
        Vec2::new(300.0, 400.0),
    ];
    for &c in &corners {
        click_on_canvas(&mut harness, near(c), Modifiers::NONE);
    }
    // Delete takes back the last corner of the block being drawn; it is clicked again.
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().level_draft, corners[..3]);
    click_on_canvas(&mut harness, near(corners[3]), Modifiers::NONE);
    assert!(harness.state().scene().level.is_empty(), "not closed yet");
    click_on_canvas(&mut harness, corners[0], Modifiers::NONE);
    assert_eq!(harness.state().scene().level.holes, vec![corners.to_vec()]);
    assert!(harness.state().tools().level_draft.is_empty());
    // Its edges are walls to the running world.
    assert_eq!(harness.state().world().spec().level.walls().count(), 4);
    // Drag a corner.
    drag_on_canvas(&mut harness, corners[2], near(Vec2::new(450.0, 450.0)), 8);
    assert_eq!(
        harness.state().scene().level.holes[0][2],
        Vec2::new(450.0, 450.0)
    );
    // Pick a corner and delete it; a block of three corners loses its last with the block.
    click_on_canvas(&mut harness, corners[1], Modifiers::NONE);
    assert_eq!(
        harness.state().tools().picked,
        Some(Pick::LevelCorner(0, 1))
    );
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().level.holes[0].len(), 3);
    click_on_canvas(&mut harness, corners[0], Modifiers::NONE);
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    assert!(harness.state().scene().level.is_empty());
    // Each a step back.
    undo(&mut harness);
    assert_eq!(harness.state().scene().level.holes[0].len(), 3);
    undo(&mut harness);
    assert_eq!(harness.state().scene().level.holes[0].len(), 4);
    undo(&mut harness);
    assert_eq!(harness.state().scene().level.holes, vec![corners.to_vec()]);
    undo(&mut harness);
    assert!(harness.state().scene().level.is_empty());
}

#[test]
fn a_path_is_drawn_then_points_are_added_inserted_moved_and_deleted() {
    let mut harness = editing(empty(), Key::P);
    let path = |h: &Harness<'_, EditorApp>| h.state().scene().paths[0].points.clone();
    drag_on_canvas(
        &mut harness,
        near(Vec2::new(200.0, 200.0)),
        near(Vec2::new(400.0, 200.0)),
        8,
    );
    assert_eq!(harness.state().scene().paths[0].name, "path");
    assert_eq!(
        path(&harness),
        [Vec2::new(200.0, 200.0), Vec2::new(400.0, 200.0)]
    );
    // A click away from the path adds a point at its end.
    click_on_canvas(&mut harness, near(Vec2::new(400.0, 400.0)), Modifiers::NONE);
    assert_eq!(path(&harness).len(), 3);
    assert_eq!(path(&harness)[2], Vec2::new(400.0, 400.0));
    // A click on a segment inserts a point there.
    click_on_canvas(&mut harness, Vec2::new(300.0, 201.0), Modifiers::NONE);
    assert_eq!(
        path(&harness),
        [
            Vec2::new(200.0, 200.0),
            Vec2::new(300.0, 200.0),
            Vec2::new(400.0, 200.0),
            Vec2::new(400.0, 400.0)
        ]
    );
    assert_eq!(harness.state().tools().picked, Some(Pick::PathPoint(0, 1)));
    // Drag that point.
    drag_on_canvas(
        &mut harness,
        Vec2::new(300.0, 200.0),
        near(Vec2::new(300.0, 100.0)),
        8,
    );
    assert_eq!(path(&harness)[1], Vec2::new(300.0, 100.0));
    // Delete it.
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    assert_eq!(path(&harness).len(), 3);
    assert_eq!(path(&harness)[1], Vec2::new(400.0, 200.0));
    // Each step back.
    undo(&mut harness);
    assert_eq!(path(&harness)[1], Vec2::new(300.0, 100.0));
    undo(&mut harness);
    assert_eq!(path(&harness)[1], Vec2::new(300.0, 200.0));
    undo(&mut harness);
    assert_eq!(path(&harness).len(), 3);
    undo(&mut harness);
    assert_eq!(path(&harness).len(), 2);
    undo(&mut harness);
    assert!(harness.state().scene().paths.is_empty());
}

#[test]
fn painting_makes_a_field_and_sets_the_cells_under_the_stroke() {
    let mut harness = editing(empty(), Key::B);
    // Down the column x = 220..260 (cells of 40): a field is made, the stroke's cells point +y.
    drag_on_canvas(
        &mut harness,
        Vec2::new(230.0, 205.0),
        Vec2::new(230.0, 395.0),
        10,
    );
    let scene = harness.state().scene().clone();
    assert_eq!(scene.flow_fields.len(), 1);
    let field = &scene.flow_fields[0];
    assert_eq!(field.cell_size, 40.0);
    let mut cells: Vec<(u32, u32)> = field.painted.iter().map(|c| (c.col, c.row)).collect();
    cells.sort_unstable();
    assert_eq!(cells, [(5, 5), (5, 6), (5, 7), (5, 8), (5, 9)]);
    assert!(
        field
            .painted
            .iter()
            .all(|c| (c.angle_deg - 90.0).abs() < 1.0)
    );
    // The world reads the painted cells at once.
    let d = harness.state().world().flow_grids()[0].direction_at(Vec2::new(230.0, 300.0));
    assert!((d - Vec2::Y).length() < 0.02, "{d}");
    undo(&mut harness);
    assert!(harness.state().scene().flow_fields.is_empty());
}

#[test]
fn a_placed_agent_starts_where_it_was_placed_and_moves_as_the_leader() {
    let mut harness = editing(empty(), Key::A);
    click_on_canvas(&mut harness, near(Vec2::new(600.0, 300.0)), Modifiers::NONE);
    let placed = &harness.state().scene().agents;
    assert_eq!(placed.len(), 1);
    assert_eq!(placed[0].position, Vec2::new(600.0, 300.0));
    // The world restarted with it as agent 0, before the group's own two.
    let world = harness.state().world();
    assert_eq!(world.agents().len(), 3);
    assert_eq!(
        (world.agents()[0].id, world.agents()[0].position),
        (0, Vec2::new(600.0, 300.0))
    );
    // With the Select tool, dragging it moves the agent and its start in the scene.
    harness.key_press(Key::V);
    harness.run_steps(1);
    drag_on_canvas(
        &mut harness,
        Vec2::new(600.0, 300.0),
        Vec2::new(650.0, 350.0),
        8,
    );
    let moved = harness.state().scene().agents[0].position;
    assert!(moved.distance(Vec2::new(650.0, 350.0)) < 1.0, "{moved}");
    assert_eq!(harness.state().world().agents()[0].position, moved);
    undo(&mut harness);
    assert_eq!(
        harness.state().scene().agents[0].position,
        Vec2::new(600.0, 300.0)
    );
    undo(&mut harness);
    assert!(harness.state().scene().agents.is_empty());
    assert_eq!(harness.state().world().agents().len(), 2);
}
