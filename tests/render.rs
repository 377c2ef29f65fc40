//! `steerlab render` and the editor's recordings: frame counts and sizes, frames that show the
//! motion, byte-identical takes, and outputs that cannot be written.
#![cfg(feature = "editor")]

mod common;

use std::path::Path;

use common::steerlab;
use image::AnimationDecoder as _;
use steerlab::editor::Action;

/// The frames of a GIF, as RGBA images.
fn gif_frames(path: &Path) -> Vec<image::RgbaImage> {
    let file = std::io::BufReader::new(std::fs::File::open(path).expect("open gif"));
    image::codecs::gif::GifDecoder::new(file)
        .expect("a GIF")
        .into_frames()
        .map(|f| f.expect("a frame").into_buffer())
        .collect()
}

/// The editor on its default scene, its presentation `size`, starting a take of `frames` at 30
/// fps as `format` into `dir`.
fn editor_take(
    dir: &Path,
    size: [u32; 2],
    frames: u32,
    format: steerlab::editor::capture::TakeFormat,
) -> steerlab::editor::EditorApp {
    let mut app = steerlab::editor::EditorApp::with_default_scene();
    let ctx = egui::Context::default();
    let mut presentation = app.presentation().clone();
    presentation.size = size;
    app.apply(&ctx, Action::SetPresentation(presentation));
    let mut settings = app.capture_settings().clone();
    dir.clone_into(&mut settings.folder);
    settings.fps = 30;
    // Whole frames of a 30 fps take: exact enough for `frames()` to round to `frames`.
    #[allow(clippy::cast_precision_loss)]
    let seconds = frames as f32 / 30.0;
    settings.seconds = seconds;
    settings.format = format;
    app.apply(&ctx, Action::SetCaptureSettings(Box::new(settings)));
    app.apply(&ctx, Action::StartRecording);
    app
}

fn render(scene: &str, frames: u32, out: &Path) -> std::process::Output {
    steerlab()
        .args(["render", scene, "--frames", &frames.to_string()])
        .args(["--fps", "30", "--size", "192x108", "--out"])
        .arg(out)
        .output()
        .expect("run steerlab")
}

#[test]
fn a_shipped_preset_renders_frames_that_show_the_motion() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("wander.gif");
    let run = render("wander_circle.ron", 6, &out);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let frames = gif_frames(&out);
    assert_eq!(frames.len(), 6);
    for (k, frame) in frames.iter().enumerate() {
        assert_eq!(frame.dimensions(), (192, 108));
        // Not blank: the world, its agents and overlays give many distinct colours.
        let mut colours: Vec<[u8; 4]> = frame.pixels().map(|p| p.0).collect();
        colours.sort_unstable();
        colours.dedup();
        assert!(colours.len() > 8, "frame {k} has {} colours", colours.len());
    }
    // The agents move: consecutive frames differ, in more than a few pixels.
    for k in 1..frames.len() {
        let changed = frames[k]
            .pixels()
            .zip(frames[k - 1].pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            changed > 20,
            "frames {} and {k} differ in {changed} pixels",
            k - 1
        );
    }
}

#[test]
fn the_same_scene_renders_the_same_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b) = (dir.path().join("a.gif"), dir.path().join("b.gif"));
    assert!(render("seek.ron", 4, &a).status.success());
    assert!(render("seek.ron", 4, &b).status.success());
    assert_eq!(std::fs::read(&a).expect("a"), std::fs::read(&b).expect("b"));
}

#[test]
fn a_directory_output_gets_numbered_png_frames() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("frames");
    let run = render("flee.ron", 3, &out);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["frame_00000.png", "frame_00001.png", "frame_00002.png"]
    );
    let first = image::open(out.join("frame_00000.png")).expect("png");
    assert_eq!((first.width(), first.height()), (192, 108));
}

#[test]
fn an_unwritable_output_fails_clearly_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A file where a directory should be: no permission trick, so this holds as root too.
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "x").expect("write");
    for out in [file.join("clip.gif"), file.join("frames")] {
        let run = render("seek.ron", 2, &out);
        assert_eq!(run.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            stderr.contains(&format!("{}: cannot write:", out.display())),
            "{stderr}"
        );
        assert!(stderr.contains("is not a directory"), "{stderr}");
    }
    let entries: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert_eq!(entries.len(), 1, "only the file that was there");
    assert_eq!(std::fs::read(&file).expect("read"), b"x");
}

#[test]
fn bad_render_arguments_are_usage_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("x.gif");
    for args in [
        vec!["--size", "640by480"],
        vec!["--size", "0x10"],
        vec!["--fps", "0"],
        vec!["--plots", "sideways"],
        vec!["--agent", "3"],
    ] {
        let run = steerlab()
            .args(["render", "seek.ron", "--frames", "2", "--out"])
            .arg(&out)
            .args(&args)
            .output()
            .expect("run");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
    }
    assert!(!out.exists());
}

#[test]
fn recording_ten_frames_gives_a_gif_of_ten_frames_of_the_chosen_size() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ctx = egui::Context::default();
    let gif = steerlab::editor::capture::TakeFormat::Gif;
    let mut app = editor_take(dir.path(), [320, 180], 10, gif);
    assert_eq!(app.finish_recording(), Some(Ok(10)));
    let frames = gif_frames(&dir.path().join("boids.gif"));
    assert_eq!(frames.len(), 10);
    assert!(frames.iter().all(|f| f.dimensions() == (320, 180)));
    // A take from a restart replays the run: the same settings give the same file.
    let first = std::fs::read(dir.path().join("boids.gif")).expect("read");
    app.apply(&ctx, Action::StartRecording);
    // The GIF is there: the take asks before replacing it, and Replace starts it.
    assert_eq!(app.finish_recording(), None);
    assert_eq!(
        app.replace_asked(),
        Some(dir.path().join("boids.gif").as_path())
    );
    app.apply(&ctx, Action::Replace(true));
    assert_eq!(app.finish_recording(), Some(Ok(10)));
    assert_eq!(
        std::fs::read(dir.path().join("boids.gif")).expect("read"),
        first
    );
}

#[test]
fn recording_into_an_unwritable_place_says_why_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "x").expect("write");
    let mut app = steerlab::editor::EditorApp::with_default_scene();
    let ctx = egui::Context::default();
    let mut settings = app.capture_settings().clone();
    settings.folder = file.clone();
    app.apply(&ctx, Action::SetCaptureSettings(Box::new(settings)));
    app.apply(&ctx, Action::StartRecording);
    let error = app.load_errors().join("\n");
    assert!(error.contains("cannot write"), "{error}");
    assert!(error.contains("is not a directory"), "{error}");
    assert_eq!(app.finish_recording(), None, "nothing started");
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1);
}

/// Every frame of an APNG, composited as a viewer shows it (each subframe replaces its
/// rectangle; the rest stays), with each frame's delay as a fraction of a second.
fn apng_frames(path: &Path) -> (Vec<image::RgbaImage>, Vec<(u16, u16)>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).expect("apng"),
    ));
    let mut reader = decoder.read_info().expect("png header");
    let (w, h) = (reader.info().width, reader.info().height);
    let frames = reader
        .info()
        .animation_control
        .expect("animated")
        .num_frames;
    let mut canvas = image::RgbaImage::new(w, h);
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let (mut out, mut delays) = (Vec::new(), Vec::new());
    for _ in 0..frames {
        let info = reader.next_frame(&mut buf).expect("frame");
        let fc = reader.info().frame_control.expect("fcTL");
        let sub =
            image::RgbaImage::from_raw(info.width, info.height, buf[..info.buffer_size()].to_vec())
                .expect("rgba");
        image::imageops::replace(
            &mut canvas,
            &sub,
            i64::from(fc.x_offset),
            i64::from(fc.y_offset),
        );
        out.push(canvas.clone());
        delays.push((fc.delay_num, fc.delay_den));
    }
    (out, delays)
}

#[test]
fn a_before_and_after_apng_shows_exactly_the_frames_of_the_png_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let frames = 12;
    let args = |out: &Path| {
        common::run(&[
            "render",
            "presets/arrive_slowing.ron",
            "--compare",
            "presets/arrive_deceleration.ron",
            "--frames",
            &frames.to_string(),
            "--size",
            "321x140",
            "--out",
            out.to_str().expect("utf-8"),
        ])
    };
    let apng = dir.path().join("ab.png");
    let pngs = dir.path().join("ab");
    for out in [&apng, &pngs] {
        let run = args(out);
        assert!(run.status.success(), "{}", common::text(&run.stderr));
    }
    let (shown, delays) = apng_frames(&apng);
    assert_eq!(shown.len(), frames);
    // 30 fps: every frame lasts exactly 1/30 s.
    assert!(delays.iter().all(|&d| d == (1, 30)), "{delays:?}");
    for (k, frame) in shown.iter().enumerate() {
        let png = image::open(pngs.join(format!("frame_{k:05}.png")))
            .expect("png frame")
            .into_rgba8();
        assert_eq!(frame.dimensions(), (321, 140));
        assert!(frame == &png, "frame {k} differs");
    }
    // Side by side: a 2-pixel black strip between the baseline (left, 159 px) and the
    // current run (right, 160 px).
    let strip = shown[0].get_pixel(159, 70);
    assert_eq!(strip, &image::Rgba([0, 0, 0, 255]));
    assert_ne!(shown[0].get_pixel(158, 70), strip);
}

#[test]
fn the_editor_records_before_and_after_as_the_command_does() {
    // The editor with a baseline pinned, recording side by side to APNG from the seed, gives
    // the frames `steerlab render --compare` gives for the same two scenes.
    let dir = tempfile::tempdir().expect("tempdir");
    let base = common::preset_scene("arrive_slowing.ron");
    let mut current = base.clone();
    current.groups[0].max_speed = 100.0;
    let ctx = egui::Context::default();
    let mut app = steerlab::editor::EditorApp::new(base.clone(), None, "test");
    app.apply(&ctx, steerlab::editor::Action::PinBaseline);
    app.apply(
        &ctx,
        steerlab::editor::Action::Edit(Box::new(current.clone())),
    );
    // What the command draws: every overlay for every agent, legend and caption.
    let mut presentation = app.presentation().clone();
    (presentation.size, presentation.legend, presentation.caption) = ([321, 140], true, true);
    app.apply(&ctx, Action::SetPresentation(presentation));
    let overlays = Box::new(steerlab::view::present::render_overlays());
    app.apply(&ctx, Action::SetOverlays(overlays));
    let mut settings = app.capture_settings().clone();
    settings.folder = dir.path().to_owned();
    settings.fps = 30;
    settings.seconds = 8.0 / 30.0;
    settings.format = steerlab::editor::capture::TakeFormat::Apng;
    settings.compare = steerlab::editor::capture::CompareChoice::SideBySide;
    app.apply(&ctx, Action::SetCaptureSettings(Box::new(settings)));
    app.apply(&ctx, Action::StartRecording);
    assert_eq!(app.finish_recording(), Some(Ok(8)));
    let (recorded, _) = apng_frames(&dir.path().join("arrive-slowing-radius.png"));
    let files = [("base.ron", &base), ("current.ron", &current)].map(|(name, s)| {
        let path = dir.path().join(name);
        steerlab::scene::save(&path, s).expect("save");
        path
    });
    let out = dir.path().join("cli.png");
    let run = common::run(&[
        "render",
        files[1].to_str().unwrap(),
        "--compare",
        files[0].to_str().unwrap(),
        "--frames",
        "8",
        "--size",
        "321x140",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", common::text(&run.stderr));
    let (cli, _) = apng_frames(&out);
    assert_eq!(recorded.len(), 8);
    assert!(
        recorded == cli,
        "the editor's take differs from the command's"
    );
}

#[test]
fn a_take_encoded_in_memory_is_the_file_render_writes() {
    // A browser has no files: it draws a take a frame at a time and encodes it in memory.
    // The bytes are those `steerlab render` writes, GIF and APNG alike.
    use steerlab::render::filming::{Filming, InMemory};
    use steerlab::render::{Control, Output, Take};
    let preset = steerlab::scene::presets::find("arrive_slowing.ron").expect("preset");
    let scene = steerlab::scene::from_str(preset.text, preset.file)
        .expect("loads")
        .into_scene();
    let take = Take {
        fps: 30,
        frames: 9,
        presentation: steerlab::view::present::Presentation {
            size: [160, 120],
            legend: true,
            caption: true,
        },
        overlays: steerlab::view::present::render_overlays(),
        selected: None,
        view: None,
        compare: None,
        plots: None,
    };
    let dir = tempfile::tempdir().expect("tempdir");
    for (apng, name) in [(false, "take.gif"), (true, "take.png")] {
        let path = dir.path().join(name);
        let world = scene.build_world().expect("builds");
        let written = steerlab::render::render(
            world,
            &scene,
            &take,
            &Output::from_path(&path),
            &Control::default(),
        )
        .expect("renders");
        assert_eq!(written, 9);
        let mut filming =
            Filming::new(scene.build_world().expect("builds"), &scene, &take).expect("take");
        let mut memory = InMemory::new(apng, take.fps).expect("encoder");
        while let Some(raster) = filming.next_frame() {
            memory
                .add(filming.frames_done() - 1, &raster)
                .expect("encodes");
            assert!(memory.held() > 0);
        }
        assert_eq!(filming.frames_done(), 9);
        let bytes = memory.finish().expect("finishes");
        assert_eq!(bytes, std::fs::read(&path).expect("read"), "{name}");
    }
}

/// The top-level boxes of an MP4 (ISO BMFF): type and contents, in file order.
#[cfg(feature = "video")]
fn mp4_boxes(bytes: &[u8]) -> Vec<(String, &[u8])> {
    let mut boxes = Vec::new();
    let mut at = 0;
    while at + 8 <= bytes.len() {
        let size = u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        let kind = String::from_utf8_lossy(&bytes[at + 4..at + 8]).into_owned();
        assert!(
            size >= 8 && at + size <= bytes.len(),
            "box {kind} of {size} bytes at {at}"
        );
        boxes.push((kind, &bytes[at + 8..at + size]));
        at += size;
    }
    assert_eq!(at, bytes.len(), "nothing after the last box");
    boxes
}

#[cfg(feature = "video")]
#[test]
fn an_mp4_take_is_h264_with_its_index_first_the_take_s_duration_and_the_same_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b) = (dir.path().join("a.mp4"), dir.path().join("b.MP4"));
    for out in [&a, &b] {
        let run = render("seek.ron", 6, out);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let bytes = std::fs::read(&a).expect("a");
    assert_eq!(bytes, std::fs::read(&b).expect("b"), "the same bytes");
    let boxes = mp4_boxes(&bytes);
    let kinds: Vec<&str> = boxes.iter().map(|(k, _)| k.as_str()).collect();
    // The index (moov) before the frames (mdat): a page plays it while it loads.
    assert_eq!(kinds, ["ftyp", "moov", "mdat"]);
    let moov = boxes[1].1;
    let find = |name: &[u8]| {
        moov.windows(4)
            .position(|w| w == name)
            .unwrap_or_else(|| panic!("{} in moov", String::from_utf8_lossy(name)))
    };
    let _ = find(b"avc1");
    let _ = find(b"avcC");
    // mvhd (version 0): creation, modification, then the timescale and the duration.
    let mvhd = find(b"mvhd") + 4;
    let word = |at: usize| u32::from_be_bytes(moov[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!(moov[mvhd], 0, "mvhd version 0");
    let (timescale, duration) = (word(mvhd + 12), word(mvhd + 16));
    // 6 frames at 30 fps: 0.2 s, duration / timescale = 6 / 30 exactly.
    assert_eq!(u64::from(duration) * 30, u64::from(timescale) * 6);
}

#[cfg(feature = "video")]
#[test]
fn an_mp4_h264_cannot_code_is_refused_before_any_frame_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("clip.mp4");
    for (size, frames, said) in [
        ("191x108", "3", "191x108 is not; try 192x108"),
        ("14x108", "3", "at least 16x16"),
        ("3842x2160", "3", "at most 3840x2160"),
        ("192x108", "1", "take 2 frames or more"),
    ] {
        let run = steerlab()
            .args([
                "render", "seek.ron", "--frames", frames, "--size", size, "--out",
            ])
            .arg(&out)
            .output()
            .expect("run steerlab");
        assert_eq!(run.status.code(), Some(1), "{size}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains(said), "{size}: {stderr}");
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
    }
}

#[test]
fn plots_of_an_agent_not_in_the_world_say_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = steerlab()
        .args(["render", "seek.ron", "--frames", "2", "--size", "160x90"])
        .args(["--plots", "below", "--agent", "999", "--out"])
        .arg(dir.path().join("frames"))
        .output()
        .expect("run steerlab");
    assert!(run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(
            "--agent 999: no agent has that id at the start (the ids at the start are 0 to 8)"
        ),
        "{stderr}"
    );
}

#[cfg(feature = "video")]
#[test]
fn the_editor_records_an_mp4_of_the_take_s_length() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mp4 = steerlab::editor::capture::TakeFormat::Mp4;
    let mut app = editor_take(dir.path(), [320, 180], 15, mp4);
    assert_eq!(app.finish_recording(), Some(Ok(15)));
    let bytes = std::fs::read(dir.path().join("boids.mp4")).expect("boids.mp4");
    let boxes = mp4_boxes(&bytes);
    assert_eq!(
        boxes.iter().map(|b| b.0.as_str()).collect::<Vec<_>>(),
        ["ftyp", "moov", "mdat"]
    );
    let moov = boxes[1].1;
    let mvhd = moov.windows(4).position(|w| w == b"mvhd").expect("mvhd") + 4;
    let word = |at: usize| u32::from_be_bytes(moov[at..at + 4].try_into().expect("4 bytes"));
    // 15 frames at 30 fps: 0.5 s exactly.
    assert_eq!(u64::from(word(mvhd + 16)) * 2, u64::from(word(mvhd + 12)));
}

/// The last frame of a take with the selected agent's plots below the canvas, against the
/// reviewed image `tests/snapshots/take_plots_below.png` (`UPDATE_SNAPSHOTS=1` writes it; look
/// at it before committing). The rasterizer is software and exact: the pixels must be equal.
#[test]
fn a_take_with_plots_draws_the_plots_panel_below_the_canvas() {
    let dir = tempfile::tempdir().expect("tempdir");
    let frames = dir.path().join("frames");
    let run = steerlab()
        .args([
            "render",
            "arrive_slowing.ron",
            "--frames",
            "45",
            "--size",
            "640x360",
        ])
        .args(["--plots", "below", "--agent", "2", "--out"])
        .arg(&frames)
        .output()
        .expect("run steerlab");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let got = image::open(frames.join("frame_00044.png"))
        .expect("the last frame")
        .into_rgba8();
    let reviewed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/take_plots_below.png");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        got.save(&reviewed).expect("write the snapshot");
        return;
    }
    let want = image::open(&reviewed)
        .expect("the reviewed snapshot")
        .into_rgba8();
    let differ = got
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| a != b)
        .count();
    if got.dimensions() != want.dimensions() || differ > 0 {
        let new = reviewed.with_extension("new.png");
        got.save(&new).expect("write the new image");
        panic!(
            "{differ} pixels differ from {}: the new frame is {}",
            reviewed.display(),
            new.display()
        );
    }
}

#[cfg(feature = "video")]
#[test]
fn the_editor_exports_the_open_scene_s_sheet_beside_its_takes() {
    use steerlab::editor::action::Pending;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = steerlab::editor::EditorApp::with_default_scene();
    let ctx = egui::Context::default();
    let seek = steerlab::scene::presets::find("seek.ron").expect("preset");
    app.apply(&ctx, Action::Request(Pending::Preset(seek)));
    let mut settings = app.capture_settings().clone();
    settings.folder = dir.path().to_owned();
    settings.seconds = 0.2;
    app.apply(&ctx, Action::SetCaptureSettings(Box::new(settings)));
    app.apply(&ctx, Action::ExportSheet);
    let written = app
        .finish_sheet()
        .expect("a sheet under way")
        .expect("written");
    let folder = dir.path().join("seek-sheet");
    let names: Vec<String> = written
        .iter()
        .map(|p| {
            assert_eq!(p.parent(), Some(folder.as_path()));
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names, ["seek.gif", "seek.mp4", "seek.md", "seek.html"]);
    let page = std::fs::read_to_string(folder.join("seek.md")).expect("the page");
    assert!(page.starts_with("# Seek\n"), "{page}");
    // A 0.2 s clip at 30 frames a second: 6 frames.
    assert_eq!(gif_frames(&folder.join("seek.gif")).len(), 6);
}

#[cfg(feature = "video")]
#[test]
fn the_editor_refuses_an_mp4_take_of_an_odd_size_before_it_starts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mp4 = steerlab::editor::capture::TakeFormat::Mp4;
    let mut app = editor_take(dir.path(), [321, 180], 150, mp4);
    // Nothing under way, nothing written, and the reason on screen.
    assert!(app.finish_recording().is_none());
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
    let said = app.load_errors().join("\n");
    assert!(said.contains("321x180 is not; try 322x180"), "{said}");
}
