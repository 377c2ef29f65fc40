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

/// What the page shows of the editor for people and for tests: the tab's title, and on
/// `<body>` the scene's name, the tick, the number of errors listed and the milliseconds of
/// the editor's own work in the last frame (`data-scene`, `data-tick`, `data-errors`,
/// `data-work-ms`). Nothing on the desktop, where the window's title is set through the
/// viewport.
pub fn expose(title: &str, scene: &str, tick: u64, errors: usize, work_ms: f32) {
    #[cfg(target_arch = "wasm32")]
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        if document.title() != title {
            document.set_title(title);
        }
        if let Some(body) = document.body() {
            let _ = body.set_attribute("data-scene", scene);
            let _ = body.set_attribute("data-tick", &tick.to_string());
            let _ = body.set_attribute("data-errors", &errors.to_string());
            let _ = body.set_attribute("data-work-ms", &format!("{work_ms:.2}"));
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (title, scene, tick, errors, work_ms);
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
