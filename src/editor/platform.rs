//! What differs between the desktop and a web page, in one place: the address links are made
//! for, the page's fragment (a shared scene), downloads in place of written files, and what a
//! test of the page reads (its title and the state on `<body>`). On the desktop the page
//! functions do nothing; the app calls them the same way on both.

/// Where the web editor is served when the desktop editor makes a link: `STEERLAB_WEB_PAGE`,
/// else the local address `scripts/web.sh` suggests.
#[cfg(not(target_arch = "wasm32"))]
const LOCAL_PAGE: &str = "http://localhost:8080/";

/// The web editor's address that links are made for: in a browser, the page's own address
/// (without its fragment); on the desktop `STEERLAB_WEB_PAGE`, or the local server of
/// `scripts/web.sh`.
#[must_use]
pub fn page_address() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|href| href.split('#').next().unwrap_or_default().to_owned())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::var("STEERLAB_WEB_PAGE")
            .ok()
            .filter(|p| !p.trim().is_empty())
            .unwrap_or_else(|| LOCAL_PAGE.to_owned())
    }
}

/// The web editor's address where it is known: in a browser the page's own, on the desktop
/// `STEERLAB_WEB_PAGE` when set (a behavior sheet gets no link to a local server that a wiki's
/// reader does not have).
#[must_use]
pub fn known_page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        Some(page_address())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::var("STEERLAB_WEB_PAGE")
            .ok()
            .filter(|p| !p.trim().is_empty())
    }
}

/// The page address's fragment (after the `#`) in a browser; `None` on the desktop or when there is none.
#[must_use]
pub fn fragment() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let hash = web_sys::window()?.location().hash().ok()?;
        let hash = hash.strip_prefix('#').unwrap_or(&hash);
        (!hash.is_empty()).then(|| hash.to_owned())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Puts `fragment` in the page's address (none when empty) without loading anything (the
/// history entry is replaced): a reload or a bookmark then opens the same scene. Nothing on
/// the desktop.
pub fn set_fragment(fragment: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window()
        && let Ok(history) = window.history()
    {
        let location = window.location();
        let address = if fragment.is_empty() {
            format!(
                "{}{}",
                location.pathname().unwrap_or_default(),
                location.search().unwrap_or_default()
            )
        } else {
            format!("#{fragment}")
        };
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = fragment;
}

/// What the page shows of the editor, once a frame: see [`expose`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Shown<'a> {
    /// The tab's title.
    pub title: &'a str,
    /// The scene's name.
    pub scene: &'a str,
    /// Ticks so far.
    pub tick: u64,
    /// Errors listed.
    pub errors: usize,
    /// The first of them.
    pub error: Option<&'a str>,
    /// Milliseconds of the editor's own work in the last frame.
    pub work_ms: f32,
    /// The scene has unsaved edits: leaving the page asks first.
    pub unsaved: bool,
    /// The simulation runs.
    pub playing: bool,
    /// Ticks per second run and due, when the run falls behind real time.
    pub behind: Option<(f64, f64)>,
    /// The scene opened paused, too heavy to run in real time here.
    pub heavy: bool,
    /// Agents in the world.
    pub agents: usize,
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// Whether the scene has unsaved edits, as last exposed: what the page's `beforeunload`
    /// listener reads.
    static UNSAVED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether the first frame has been reported.
    static FIRST_FRAME: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// What the page shows of the editor for people and for tests: the tab's title, and on
/// `<body>` the scene's name, the tick, the number of errors listed and the first of them, the
/// milliseconds of the editor's own work in the last frame, whether there are unsaved edits,
/// whether it plays, how far it falls behind real time and whether it opened paused as too
/// heavy (`data-scene`, `data-tick`, `data-errors`, `data-error`, `data-work-ms`,
/// `data-unsaved`, `data-playing`, `data-behind`: `RUN of DUE` ticks a second or empty,
/// `data-heavy`) and the agents in the world (`data-agents`). Unsaved edits also make leaving the page ask first
/// ([`ask_before_leaving`]). Nothing on the desktop, where the window's title is set through
/// the viewport.
pub fn expose(shown: &Shown<'_>) {
    #[cfg(target_arch = "wasm32")]
    {
        UNSAVED.with(|u| u.set(shown.unsaved));
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            if document.title() != shown.title {
                document.set_title(shown.title);
            }
            if let Some(body) = document.body() {
                let yes_no = |b: bool| if b { "true" } else { "false" };
                let behind = shown
                    .behind
                    .map(|(run, due)| format!("{run:.1} of {due:.1}"))
                    .unwrap_or_default();
                for (name, value) in [
                    ("data-scene", shown.scene.to_owned()),
                    ("data-tick", shown.tick.to_string()),
                    ("data-errors", shown.errors.to_string()),
                    ("data-error", shown.error.unwrap_or_default().to_owned()),
                    ("data-work-ms", format!("{:.2}", shown.work_ms)),
                    ("data-unsaved", yes_no(shown.unsaved).to_owned()),
                    ("data-playing", yes_no(shown.playing).to_owned()),
                    ("data-behind", behind),
                    ("data-heavy", yes_no(shown.heavy).to_owned()),
                    ("data-agents", shown.agents.to_string()),
                ] {
                    let _ = body.set_attribute(name, &value);
                }
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = shown;
}

/// Where a control is on the page: `<body data-at-NAME="X Y">`, its centre in CSS pixels, so that
/// a test can press it as a person would (the editor is one canvas; its buttons are not
/// elements). Nothing on the desktop.
pub fn mark(name: &str, rect: egui::Rect) {
    #[cfg(target_arch = "wasm32")]
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        let at = rect.center();
        let _ = body.set_attribute(
            &format!("data-at-{name}"),
            &format!("{:.0} {:.0}", at.x, at.y),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, rect);
}

/// The end of a frame's UI, the scene drawn: `<body data-menu>` says whether a menu or another
/// popup is open (as this frame left it), and on the first frame the page's loading indicator
/// gives way to the editor, and `<body data-first-frame-ms>` says when (milliseconds since the
/// page was asked for, `performance.now()`). Nothing on the desktop.
pub fn frame_drawn(ctx: &egui::Context) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window()
        && let Some(document) = window.document()
    {
        if let Some(body) = document.body() {
            let menu = if egui::Popup::is_any_open(ctx) {
                "true"
            } else {
                "false"
            };
            let _ = body.set_attribute("data-menu", menu);
        }
        if !FIRST_FRAME.with(|f| f.replace(true)) {
            if let Some(loading) = document.get_element_by_id("loading") {
                loading.remove();
            }
            if let (Some(body), Some(performance)) = (document.body(), window.performance()) {
                let _ =
                    body.set_attribute("data-first-frame-ms", &format!("{:.0}", performance.now()));
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = ctx;
}

/// Makes leaving the page (closing the tab, reloading, following a link) ask first while the
/// scene has unsaved edits, as [`expose`] last said. Called once, when the editor starts in a
/// page; nothing on the desktop, where closing the window asks in the editor.
pub fn ask_before_leaving() {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        use wasm_bindgen::JsCast as _;
        let ask = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::BeforeUnloadEvent)>::new(
            |event: web_sys::BeforeUnloadEvent| {
                if UNSAVED.with(std::cell::Cell::get) {
                    // The browser asks in its own words (pages cannot set them any more).
                    event.prevent_default();
                    event.set_return_value("unsaved");
                }
            },
        );
        let _ =
            window.add_event_listener_with_callback("beforeunload", ask.as_ref().unchecked_ref());
        // Listens as long as the page lives.
        ask.forget();
    }
}

/// Whether files are downloads (a browser) rather than paths on a disk.
pub const DOWNLOADS: bool = cfg!(target_arch = "wasm32");

/// Hands `bytes` to the browser as a download named `name` (of MIME type `mime`).
///
/// # Errors
/// What the browser refused, in words.
#[cfg(target_arch = "wasm32")]
pub fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast as _;
    let fail = |what: &str| format!("could not download {name}: {what}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| fail("no page"))?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| fail("the browser refused the data"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| fail("the browser gave it no address"))?;
    let anchor = document
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        .ok_or_else(|| fail("no link element"))?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The download reads the data after this returns: the address is let go a minute later.
    let release = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(release.unchecked_ref(), 60_000);
    }
    Ok(())
}

/// Writes `bytes` as the file `path`: atomically on the desktop; in a browser, as a download
/// named as the path's last part.
///
/// # Errors
/// Why the file could not be written (or the download not offered), in words.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        download(&download_name(path), bytes, "application/octet-stream")
    }
    #[cfg(not(target_arch = "wasm32"))]
    crate::scene::write_atomic(path, bytes).map_err(|e| e.to_string())
}

/// The name a file written to `path` downloads as in a browser: the path's last part.
#[must_use]
pub fn download_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || "steerlab-download".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// What the status line says of a file written: saved on the desktop, downloaded in a browser.
#[must_use]
pub fn written(path: &std::path::Path) -> String {
    if DOWNLOADS {
        format!("Downloaded {}", path.display())
    } else {
        format!("Saved {}", path.display())
    }
}
