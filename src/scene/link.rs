//! A scene as a link: its scene-file text, compressed (zlib, which carries an Adler-32
//! checksum of the text) and written in the URL-safe base64 alphabet, after `#scene=` in a web
//! address. Opening the address gives the scene back through the same loader as a file, so a
//! broken or altered link is refused with located errors, never half-loaded.
//!
//! The fragment (after `#`) never reaches a web server, so only the browser, and whatever the
//! link is pasted into, limit its length. [`MAX_LINK_CHARS`] is RFC 9110's floor (section
//! 4.1: senders and recipients should support URIs of at least 8,000 octets): a link within it
//! survives any conforming tool. A longer scene is offered as a file instead.

use base64::Engine as _;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};

use super::validate::{SceneError, SceneErrors};
use super::{CheckedScene, MAX_FILE_BYTES, Scene, from_str, to_string};

/// What starts a scene link's fragment (after the `#`).
pub const PREFIX: &str = "scene=";
/// The name a link's scene has in its error messages.
pub const SOURCE: &str = "shared link";
/// The longest link made, page address included (RFC 9110, section 4.1).
pub const MAX_LINK_CHARS: usize = 8000;

/// URL-safe base64 without padding; padding is accepted when reading (a tool may add it).
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Highest zlib level: a link is made once and read many times.
const LEVEL: u8 = 10;

/// The fragment for `scene`, without the `#`: `scene=` and the compressed text.
#[must_use]
pub fn fragment(scene: &Scene) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(to_string(scene).as_bytes(), LEVEL);
    format!("{PREFIX}{}", BASE64.encode(packed))
}

/// The whole link: `page` (the web editor's address; anything after a `#` in it is dropped),
/// `#` and [`fragment`].
#[must_use]
pub fn link(page: &str, scene: &Scene) -> String {
    let page = page.split('#').next().unwrap_or_default();
    format!("{page}#{}", fragment(scene))
}

/// The fragment of a whole address, or of a fragment with its `#`: what follows the last `#`
/// (all of `address` when it has none).
#[must_use]
pub fn fragment_of(address: &str) -> &str {
    address.rsplit_once('#').map_or(address, |(_, f)| f)
}

/// Whether a fragment (with or without its `#`) is meant as a scene link. An empty fragment
/// is not; anything else is, and [`decode`] says what is wrong with it.
#[must_use]
pub fn is_link(fragment: &str) -> bool {
    !fragment.trim_start_matches('#').is_empty()
}

/// The scene of a link's fragment (with or without its `#`, or a whole address), checked as a
/// file is.
///
/// # Errors
/// Where and why the link is not a scene: not a scene link, a character outside the alphabet
/// (its position), a damaged or altered compressed text (its checksum), text too long, or the
/// scene's own errors, located by line, column and field as in a file.
pub fn decode(fragment: &str) -> Result<CheckedScene, SceneErrors> {
    let fragment = fragment_of(fragment);
    let whole = |message: String| SceneErrors(vec![SceneError::whole_file(SOURCE, message)]);
    let Some(payload) = fragment.strip_prefix(PREFIX) else {
        return Err(whole(format!(
            "the address does not hold a scene: it should end in #{PREFIX} and the scene's \
             letters (it ends in #{})",
            shorten(fragment)
        )));
    };
    let packed = BASE64.decode(payload.trim_end()).map_err(|e| {
        whole(match e {
            base64::DecodeError::InvalidByte(at, byte) => format!(
                "character {} of the link's data (counted from 1 after #{PREFIX}), {}, is not \
                 one a link uses (A-Z, a-z, 0-9, - and _): the link was changed or cut",
                at + 1,
                shown_char(payload, at, byte)
            ),
            base64::DecodeError::InvalidLastSymbol(at, byte) => format!(
                "character {} of the link's data (counted from 1 after #{PREFIX}), {}, cannot \
                 be its last: the link was changed or cut short",
                at + 1,
                shown_char(payload, at, byte)
            ),
            _ => "the scene's letters end in the middle of one: the link was cut short".to_owned(),
        })
    })?;
    let limit = usize::try_from(MAX_FILE_BYTES).unwrap_or(usize::MAX);
    let bytes =
        miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, limit).map_err(|e| {
            whole(match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                    format!("the scene is longer than {MAX_FILE_BYTES} bytes, the limit of a file")
                }
                miniz_oxide::inflate::TINFLStatus::Adler32Mismatch => {
                    "the scene does not match its checksum: the link was changed".to_owned()
                }
                _ => {
                    "the compressed scene is damaged: the link was changed or cut short".to_owned()
                }
            })
        })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| whole("the scene is not text (UTF-8): the link was changed".to_owned()))?;
    from_str(&text, SOURCE)
}

/// The character at byte `at` of the link's data as a message shows it: quoted, or its code
/// when it is not printable.
fn shown_char(payload: &str, at: usize, byte: u8) -> String {
    let c = payload
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::from(byte));
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}

/// The first characters of `text`, for a message.
fn shorten(text: &str) -> String {
    const SHOWN: usize = 24;
    if text.chars().count() <= SHOWN {
        return text.to_owned();
    }
    format!("{}…", text.chars().take(SHOWN).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::presets;

    #[test]
    fn every_preset_comes_back_from_its_link_and_fits() {
        for preset in presets::ALL {
            let scene = from_str(preset.text, preset.file).expect(preset.file);
            let made = link("https://example.org/steerlab/", scene.scene());
            assert!(made.starts_with("https://example.org/steerlab/#scene="));
            assert!(
                made.len() <= MAX_LINK_CHARS,
                "{}: {}",
                preset.file,
                made.len()
            );
            assert_eq!(decode(&made).expect(preset.file), scene, "{}", preset.file);
        }
    }

    #[test]
    fn a_page_address_keeps_its_path_and_loses_its_old_fragment() {
        let scene = Scene::new_default();
        let made = link("http://localhost:8080/index.html#scene=old", &scene);
        assert_eq!(
            made,
            format!("http://localhost:8080/index.html#{}", fragment(&scene))
        );
        assert_eq!(
            decode(&fragment(&scene)).map(CheckedScene::into_scene),
            Ok(scene.clone())
        );
        assert_eq!(
            decode(&format!("#{}", fragment(&scene))).map(CheckedScene::into_scene),
            Ok(scene)
        );
    }

    fn message(fragment: &str) -> String {
        decode(fragment).expect_err(fragment).to_string()
    }

    #[test]
    fn a_broken_link_says_why() {
        let good = fragment(&Scene::new_default());
        // Not a scene link at all.
        let other = message("#section-2");
        assert!(
            other.starts_with("shared link: the address does not hold a scene"),
            "{other}"
        );
        assert!(other.contains("#section-2"), "{other}");
        // A character outside the alphabet: its position in the link's data, counted from 1
        // after `#scene=` (byte 10 of the fragment is the data's fifth character).
        let mut bad = good.clone();
        bad.replace_range(10..11, "*");
        assert_eq!(
            message(&bad),
            "shared link: character 5 of the link's data (counted from 1 after #scene=), '*', \
             is not one a link uses (A-Z, a-z, 0-9, - and _): the link was changed or cut"
        );
        // The same position whether the link comes as a fragment, with its `#` or as a whole
        // address; a letter outside ASCII is shown whole, and a space by its code.
        for whole in [
            format!("#{bad}"),
            format!("https://example.org/steerlab/#{bad}"),
        ] {
            assert!(message(&whole).contains("character 5 of the link's data"));
        }
        let mut wide = good.clone();
        wide.replace_range(7..8, "é");
        let said = message(&wide);
        assert!(
            said.contains("character 2 of the link's data (counted from 1 after #scene=), 'é'"),
            "{said}"
        );
        let mut spaced = good.clone();
        spaced.replace_range(20..21, " ");
        let said = message(&spaced);
        assert!(
            said.contains("character 15 of the link's data (counted from 1 after #scene=), U+0020"),
            "{said}"
        );
        // Cut short: the compressed text ends early.
        let cut = &good[..good.len() / 2];
        assert!(message(cut).contains("cut short"), "{}", message(cut));
    }

    #[test]
    fn any_changed_letter_is_refused_not_loaded() {
        let scene = from_str(presets::DEFAULT.text, presets::DEFAULT.file).expect("default");
        let good = fragment(scene.scene());
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        // Every position of the payload, changed to another letter of the alphabet: never
        // the same scene, never a panic; any scene that still loads would be a different one
        // (the checksum makes that a 1 in 4 billion chance per change).
        for at in PREFIX.len()..good.len() {
            let mut bytes = good.clone().into_bytes();
            let was = alphabet
                .iter()
                .position(|&c| c == bytes[at])
                .expect("alphabet");
            bytes[at] = alphabet[(was + 17) % alphabet.len()];
            let changed = String::from_utf8(bytes).expect("ascii");
            let decoded = decode(&changed);
            // The last letter carries padding bits only in part; a change there may leave
            // the bytes as they were.
            if at + 1 < good.len() {
                assert!(decoded.is_err(), "position {at} loaded");
            } else {
                assert!(decoded.is_err() || decoded == Ok(scene.clone()));
            }
        }
    }

    #[test]
    fn a_link_of_a_scene_with_errors_locates_them_as_a_file() {
        let preset = presets::find("seek.ron").expect("seek");
        let text = preset.text.replace("max_speed:", "max_speed: -");
        // The line of the first speed: the lines before it, and its own.
        let line = text[..text.find("max_speed: -").expect("a speed")]
            .lines()
            .count();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), LEVEL);
        let made = format!("{PREFIX}{}", BASE64.encode(packed));
        let errors = decode(&made).expect_err("a negative speed");
        let first = &errors.0[0];
        assert_eq!(first.file, SOURCE);
        assert_eq!(first.line, line, "{errors}");
        assert!(first.col > 1, "{errors}");
        assert!(first.field.to_string().ends_with("max_speed"), "{errors}");
    }

    #[test]
    fn a_link_errors_line_and_column_are_those_of_the_scene_text_it_holds() {
        // A scene text of a few lines, with a negative speed on line 12 at column 24 (the
        // value's first character), and one of the link's own letters cannot move it: the
        // position is in the text the link holds, not in the address.
        let text = "(\n    version: 2,\n    name: \"Two\",\n    seed: 1,\n    dt: 0.02,\n    \
                    world: (width: 100.0, height: 100.0),\n    groups: [\n        (\n            \
                    name: \"a\",\n            count: 1,\n            spawn: At(position: (1.0, 1.0), velocity: (0.0, 0.0)),\n\
                    \x20           max_speed: -3.0,\n            max_force: 10.0,\n            mass: 1.0,\n\
                    \x20           radius: 1.0,\n        ),\n    ],\n)\n";
        assert_eq!(text.lines().nth(11), Some("            max_speed: -3.0,"));
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), LEVEL);
        for page in ["", "#", "http://localhost:8080/index.html#"] {
            let made = format!("{page}{PREFIX}{}", BASE64.encode(&packed));
            let errors = decode(&made).expect_err("a negative speed");
            assert_eq!(
                errors.to_string(),
                "shared link:12:24: groups[0].max_speed: must be >= 0, got -3",
                "{page}"
            );
        }
    }

    #[test]
    fn an_oversized_scene_is_refused_before_it_is_held() {
        let huge = vec![b' '; usize::try_from(MAX_FILE_BYTES).expect("fits") + 1];
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&huge, LEVEL);
        let made = format!("{PREFIX}{}", BASE64.encode(packed));
        assert!(message(&made).contains("longer than"), "{}", message(&made));
    }
}
