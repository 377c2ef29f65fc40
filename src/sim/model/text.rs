//! Small text helpers for messages, used at every layer: control characters escaped so a
//! message stays on one line, echoed text cut short, numbers with thousands separators, a
//! number as a designer reads it.

use std::borrow::Cow;

/// Longest piece of the file or of a name echoed in a message, in characters.
pub const MAX_ECHO: usize = 40;

/// `text` with every control character written as an escape (`\n`, `\u{1b}`), so that
/// whatever a file name or a value holds, a message stays on one line and prints no terminal
/// codes.
#[must_use]
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` cut to [`MAX_ECHO`] characters (with `…` when cut), control characters escaped.
#[must_use]
pub fn echo(text: &str) -> String {
    let mut cut: String = text.chars().take(MAX_ECHO).collect();
    if text.chars().nth(MAX_ECHO).is_some() {
        cut.push('…');
    }
    escape_controls(&cut).into_owned()
}

/// A whole number with thousands separators: `100,000`.
#[must_use]
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A number as a designer reads it: three significant digits, and never fewer than its whole
/// part (`286`, `1.5`, `0.0167`, `12000`); the file keeps every digit.
#[must_use]
pub fn readable_number(v: f64) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    if v == 0.0 {
        return "0".to_owned();
    }
    // A magnitude's order: far inside i32 for any finite f64.
    #[allow(clippy::cast_possible_truncation)]
    let order = v.abs().log10().floor() as i32;
    let decimals = usize::try_from((2 - order).clamp(0, 12)).unwrap_or(0);
    let text = format!("{v:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    };
    if text == "-0" { "0".to_owned() } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(4_294_967_296), "4,294,967,296");
    }

    #[test]
    fn echoes_are_short_and_on_one_line() {
        assert_eq!(echo("ab\ncd\u{1b}"), "ab\\ncd\\u{1b}");
        let long = "c".repeat(300);
        let cut = echo(&long);
        assert_eq!(cut.chars().count(), MAX_ECHO + 1);
        assert!(cut.ends_with('…'));
    }
}
