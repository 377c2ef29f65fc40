//! steerlab in a browser or under Node: a scene's run as `steerlab simulate` prints it, from
//! the same simulation built for `wasm32-unknown-unknown`. `scripts/web_bits.sh` builds it and
//! checks, preset by preset, that its output is byte for byte the native build's.

use wasm_bindgen::prelude::wasm_bindgen;

/// The CSV `steerlab simulate SCENE --steps STEPS` prints for the scene `text` (named `file`
/// in its error messages): every agent's state after each tick. A scene that does not load
/// gives its errors, located as the native build locates them.
///
/// # Errors
/// The scene's errors, one per line, when it does not load.
#[wasm_bindgen]
pub fn simulate_csv(text: &str, file: &str, steps: u32) -> Result<String, String> {
    let scene = steerlab::scene::from_str(text, file).map_err(|e| e.to_string())?;
    let mut world = scene.into_world();
    let mut out = Vec::new();
    steerlab::scene::write_csv(&mut world, u64::from(steps), &mut out)
        .map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// Starts the editor on the page's `<canvas id="steerlab">`, on the built-in default scene.
///
/// # Errors
/// When the page has no such canvas; what the web runner reports when it cannot start.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub async fn start() -> Result<(), wasm_bindgen::JsValue> {
    use wasm_bindgen::JsCast as _;
    let canvas = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("steerlab"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        .ok_or_else(|| {
            wasm_bindgen::JsValue::from_str("no <canvas id=\"steerlab\"> in the page")
        })?;
    steerlab::editor::run_web(canvas, steerlab::editor::app_for(None)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_runs_and_a_broken_scene_says_where() {
        let preset = steerlab::scene::presets::find("seek.ron").expect("preset");
        let csv = simulate_csv(preset.text, preset.file, 2).expect("runs");
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("tick,agent,group,x,y,vx,vy,fx,fy"));
        assert!(lines.next().is_some_and(|l| l.starts_with("1,")));
        let error = simulate_csv("(version: 2, name: 3)", "broken.ron", 2).expect_err("invalid");
        assert!(error.contains("broken.ron:1:"), "{error}");
    }
}
