//! The tuning editor: an eframe app (glow renderer) with the live simulation on a canvas,
//! inspectors for every parameter, force overlays, plots, and preset files.
//!
//! - [`document`]: the scene, its file, undo and change marks (no egui);
//! - [`session`]: the world, the transport and the selection (no egui);
//! - [`panels`] and [`windows`]: what is shown, each returning [`action::Action`]s;
//! - [`shortcuts`]: the one table of keys;
//! - [`app`]: the coordinator that applies actions in one place.

pub mod action;
pub mod app;
pub mod baseline;
pub mod capture;
pub mod dock;
pub mod document;
pub mod drag;
pub mod field_marks;
pub mod files;
pub mod frame_log;
pub mod job;
pub mod panels;
pub mod persist;
pub mod platform;
pub mod session;
pub mod shortcuts;
pub mod undo;
pub mod windows;

use std::path::PathBuf;

pub use action::{Action, Answer, HeavyAnswer, Pending, ShotKind};
pub use app::EditorApp;

/// Opens the editor window on `scene` (a file) or the built-in default scene, and runs until it
/// is closed.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(app: EditorApp) -> eframe::Result {
    let title = app.title();
    let icon = eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon.png")).ok();
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(title)
        .with_inner_size([1440.0, 900.0])
        .with_min_inner_size([800.0, 500.0])
        .with_drag_and_drop(true);
    if let Some(icon) = icon {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        // egui anti-aliases its own shapes (feathering); MSAA would only cost frame time.
        renderer: eframe::Renderer::Glow,
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "steerlab",
        options,
        Box::new(|cc| {
            crate::view::configure(&cc.egui_ctx);
            let mut app = app;
            if let Some(storage) = cc.storage {
                app.load_storage(storage);
            }
            // The scene's own view wins over the overlays remembered from the last session.
            app.apply_scene_view();
            Ok(Box::new(app))
        }),
    )
}

/// Starts the editor in a web page, on `canvas`: the same app as [`run`], drawn with WebGL
/// through eframe's web runner.
///
/// # Errors
/// What the web runner reports when it cannot start (no WebGL, for one).
#[cfg(target_arch = "wasm32")]
pub async fn run_web(
    canvas: web_sys::HtmlCanvasElement,
    app: EditorApp,
) -> Result<(), wasm_bindgen::JsValue> {
    let options = eframe::WebOptions {
        renderer: eframe::Renderer::Glow,
        ..eframe::WebOptions::default()
    };
    eframe::WebRunner::new()
        .start(
            canvas,
            options,
            Box::new(|cc| {
                crate::view::configure(&cc.egui_ctx);
                // The editor's colours are made for the dark theme, as on the desktop; a page
                // would otherwise follow the browser's light preference.
                cc.egui_ctx.set_theme(egui::Theme::Dark);
                // A link pasted into the address bar opens even while nothing else asks for a
                // frame (paused, no file to watch): the change of fragment asks for one.
                if let Some(window) = web_sys::window() {
                    use wasm_bindgen::JsCast as _;
                    let ctx = cc.egui_ctx.clone();
                    let repaint = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
                        ctx.request_repaint();
                    });
                    let _ = window.add_event_listener_with_callback(
                        "hashchange",
                        repaint.as_ref().unchecked_ref(),
                    );
                    // Listens as long as the page lives.
                    repaint.forget();
                }
                // Leaving the page with unsaved edits asks first.
                crate::editor::platform::ask_before_leaving();
                let mut app = app;
                if let Some(storage) = cc.storage {
                    app.load_storage(storage);
                }
                app.apply_scene_view();
                Ok(Box::new(app))
            }),
        )
        .await
}

/// The editor on a file, or on the built-in default scene. A file that does not load has its
/// errors printed (for a terminal) and shown in the editor, which opens it once it loads.
#[must_use]
pub fn app_for(path: Option<PathBuf>) -> EditorApp {
    match path {
        None => EditorApp::showing(
            crate::scene::from_str(
                crate::scene::presets::DEFAULT.text,
                crate::scene::presets::DEFAULT.file,
            )
            .map_or_else(
                |_| crate::scene::Scene::new_default(),
                crate::scene::CheckedScene::into_scene,
            ),
            None,
            &format!("built-in {}", crate::scene::presets::DEFAULT.file),
        ),
        Some(path)
            if !path.exists()
                && path
                    .to_str()
                    .and_then(crate::scene::presets::named)
                    .is_some() =>
        {
            let preset = path
                .to_str()
                .and_then(crate::scene::presets::named)
                .unwrap_or(crate::scene::presets::DEFAULT);
            match crate::scene::from_str(preset.text, preset.file) {
                Ok(scene) => EditorApp::showing(
                    scene.into_scene(),
                    None,
                    &format!("built-in {}", preset.file),
                ),
                Err(errors) => EditorApp::awaiting(path, &errors),
            }
        }
        Some(path) => match crate::scene::load(&path) {
            Ok(scene) => EditorApp::showing(scene.into_scene(), Some(path), ""),
            Err(errors) => {
                eprintln!("{errors}");
                EditorApp::awaiting(path, &errors)
            }
        },
    }
}
