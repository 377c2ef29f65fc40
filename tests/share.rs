//! Share as a link, through the real UI with `egui_kittest`: File › Copy link copies an address
//! that gives back the scene as it is, edits included; opening a link asks first when there is
//! unsaved work; a broken link lists located errors (placed in the link's data) and changes
//! nothing, and is not covered by "Start here". (The same in a browser:
//! tests/web/browser.mjs.)
#![cfg(feature = "editor")]
#![allow(clippy::float_cmp)] // Exact values set by hand.

mod common;

use common::ui::{act, copied, paused_harness};
use egui_kittest::kittest::Queryable as _;
use steerlab::editor::{Action, EditorApp, Pending};
use steerlab::scene::link;

#[test]
fn copy_link_gives_the_scene_as_it_is_now() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let mut edited = harness.state().scene().clone();
    edited.groups[0].max_speed = 97.25;
    act(&mut harness, Action::Edit(Box::new(edited.clone())));
    harness.run_steps(2);
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Copy link").click();
    harness.step();
    let links = copied(&harness);
    assert_eq!(links.len(), 1, "{links:?}");
    // The desktop makes links for the local server of scripts/web.sh unless told otherwise.
    let expected_page = std::env::var("STEERLAB_WEB_PAGE")
        .ok()
        .filter(|p| !p.trim().is_empty())
        .unwrap_or_else(|| "http://localhost:8080/".to_owned());
    assert!(
        links[0].starts_with(&format!("{expected_page}#scene=")),
        "{}",
        links[0]
    );
    assert_eq!(link::decode(&links[0]).expect("decodes"), edited);
    assert!(
        harness.state().status().starts_with("Copied a link"),
        "{}",
        harness.state().status()
    );
}

#[test]
fn a_link_opens_its_scene_after_asking_about_unsaved_work() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let preset = steerlab::scene::presets::find("seek.ron").expect("seek");
    let seek = steerlab::scene::from_str(preset.text, preset.file)
        .expect("loads")
        .into_scene();
    let fragment = link::fragment(&seek);
    let mut edited = harness.state().scene().clone();
    edited.groups[0].max_speed = 51.0;
    act(&mut harness, Action::Edit(Box::new(edited.clone())));
    harness.run_steps(2);
    act(
        &mut harness,
        Action::Request(Pending::OpenLink(fragment.clone())),
    );
    harness.run_steps(2);
    // Unsaved work: the question first, the scene as it was.
    assert_eq!(
        harness.state().pending(),
        Some(&Pending::OpenLink(fragment))
    );
    assert_eq!(harness.state().scene(), &edited);
    harness.get_by_label("Discard").click();
    harness.run_steps(2);
    assert_eq!(harness.state().scene(), &seek);
    assert_eq!(
        harness.state().world().tick(),
        0,
        "the world restarts on it"
    );
    assert!(harness.state().load_errors().is_empty());
}

#[test]
fn a_broken_link_lists_its_errors_and_changes_nothing() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let before = harness.state().scene().clone();
    let mut fragment = link::fragment(&before);
    // One letter of the compressed scene changed, as a hand editing the address might.
    let at = fragment.len() / 2;
    let was = fragment.as_bytes()[at];
    fragment.replace_range(at..=at, if was == b'A' { "B" } else { "A" });
    act(&mut harness, Action::Request(Pending::OpenLink(fragment)));
    harness.run_steps(2);
    assert_eq!(harness.state().scene(), &before);
    let errors = harness.state().load_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("shared link: "), "{}", errors[0]);
    assert!(errors[0].contains("link was changed"), "{}", errors[0]);
    // The window says so, over the scene that stays.
    harness.get_by_label("Could not load");
    harness.get_by_label("This link's scene does not load; the scene on screen is unchanged.");
}

#[test]
fn a_scene_too_long_for_a_link_says_so_and_offers_its_file() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let mut long = harness.state().scene().clone();
    // A description that does not compress: letters from a linear congruential sequence.
    let mut x: u64 = 1;
    long.description = (0..12_000)
        .map(|_| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            char::from(b'a' + u8::try_from((x >> 33) % 26).expect("< 26"))
        })
        .collect();
    act(&mut harness, Action::Edit(Box::new(long)));
    harness.run_steps(2);
    act(&mut harness, Action::CopyLink);
    harness.run_steps(2);
    assert!(copied(&harness).is_empty(), "nothing copied");
    harness.get_by_label("Too long for a link");
    // The desktop offers Save As (a browser, the download).
    harness.get_by_label("Save As…");
}

#[test]
fn a_broken_link_on_a_first_visit_is_said_before_start_here_and_placed_in_its_data() {
    // A first visit (nothing stored: "Start here" is due) whose address holds a broken link,
    // opened before the first frame as the web page does.
    let mut app = EditorApp::with_default_scene();
    app.load_storage(&steerlab::editor::persist::MemoryStorage::default());
    assert!(app.open_windows().start, "a first visit");
    let mut harness = egui_kittest::Harness::builder()
        .with_size(common::ui::SIZE)
        .with_step_dt(0.25)
        .build_eframe(move |_cc| app);
    act(
        &mut harness,
        Action::Request(Pending::OpenLink("scene=eNq9*U0".to_owned())),
    );
    harness.run_steps(3);
    // Its error, placed in the link's data (the fifth character after `#scene=`), alone on
    // screen: "Start here" does not cover it.
    let errors = harness.state().load_errors();
    assert_eq!(
        errors,
        [
            "shared link: character 5 of the link's data (counted from 1 after #scene=), '*', \
          is not one a link uses (A-Z, a-z, 0-9, - and _): the link was changed or cut"
        ]
    );
    harness.get_by_label("Could not load");
    assert!(
        harness.query_by_label("Start here").is_none(),
        "Start here waits"
    );
    assert!(harness.state().open_windows().start, "still due");
    // Esc closes the error; then "Start here" shows.
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(harness.state().load_errors().is_empty());
    assert!(harness.query_by_label("Could not load").is_none());
    harness.get_by_label("Start here");
    harness.get_by_label("Got it");
}

/// A link whose scene breaks two rules lists both, as `steerlab validate` does for a file; so
/// does an uploaded file with two.
#[test]
fn a_link_or_an_upload_with_two_errors_lists_both() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let mut bad = harness.state().scene().clone();
    bad.dt = -1.0;
    bad.world.width = -5.0;
    act(
        &mut harness,
        Action::Request(Pending::OpenLink(link::fragment(&bad))),
    );
    harness.run_steps(2);
    let errors = harness.state().load_errors();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].contains("dt: must be >= 0.001, got -1"),
        "{errors:?}"
    );
    assert!(errors[1].contains("world.width"), "{errors:?}");
    harness.get_by_label("OK").click();
    harness.run_steps(2);

    let text = common::preset_text("seek.ron")
        .replacen("dt: 0.016666668", "dt: -1.0", 1)
        .replacen("max_speed: 90.0", "max_speed: -10.0", 1);
    let upload = Pending::Upload("two.ron".into(), Ok(std::sync::Arc::from(text.as_bytes())));
    act(&mut harness, Action::Request(upload));
    harness.run_steps(2);
    let errors = harness.state().load_errors();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].starts_with("two.ron:8:9: dt:"), "{errors:?}");
    assert!(
        errors[1].starts_with("two.ron:23:24: groups[0].max_speed"),
        "{errors:?}"
    );
    // The window lists both.
    harness.get_by_label_contains("groups[0].max_speed");
}
