//! The structure of a RON text as recovery edits it: every value with its path and its place
//! in the text, found without reading the values' types.

use std::ops::Range;

use crate::sim::model::field_path::FieldPath;

/// The offset of the first byte at or after `at` that is not blank or in a comment.
pub(super) fn after_trivia(text: &str, at: usize) -> usize {
    let mut s = Scanner {
        b: text.as_bytes(),
        text,
        at,
        nodes: Vec::new(),
    };
    s.trivia();
    s.at.min(text.len())
}

/// One value of a RON text: its path, where its field's name starts (for a field of a
/// struct), the value's bytes, and where its entry ends (after its comma, if it has one).
pub(super) struct Node {
    pub(super) path: FieldPath,
    pub(super) key: Option<usize>,
    pub(super) value: Range<usize>,
    pub(super) end: usize,
}

/// Every value of `text` with its place, inner values before the values that hold them. Like
/// `sim::model::field_path::locate`, it follows RON's structure only (struct fields, lists, tuples, maps,
/// named structs and enum variants, strings, comments), and never loops on text it does not
/// expect.
pub(super) fn nodes(text: &str) -> Vec<Node> {
    let mut s = Scanner {
        b: text.as_bytes(),
        text,
        at: 0,
        nodes: Vec::new(),
    };
    s.trivia();
    s.value(FieldPath::root(), None, 0);
    s.nodes
}

const MAX_DEPTH: usize = 256;

struct Scanner<'a> {
    b: &'a [u8],
    text: &'a str,
    at: usize,
    nodes: Vec<Node>,
}

fn starts_ident(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || !c.is_ascii()
}

impl Scanner<'_> {
    fn peek(&self, n: usize) -> Option<u8> {
        self.b.get(self.at + n).copied()
    }

    fn trivia(&mut self) {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(c), _) if c.is_ascii_whitespace() => self.at += 1,
                (Some(b'/'), Some(b'/')) => {
                    while self.peek(0).is_some_and(|c| c != b'\n') {
                        self.at += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    self.at += 2;
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.peek(0), self.peek(1)) {
                            (Some(b'*'), Some(b'/')) => {
                                self.at += 2;
                                depth -= 1;
                            }
                            (Some(b'/'), Some(b'*')) => {
                                self.at += 2;
                                depth += 1;
                            }
                            (Some(_), _) => self.at += 1,
                            (None, _) => return,
                        }
                    }
                }
                (Some(b'#'), Some(b'!')) => {
                    while let Some(c) = self.peek(0) {
                        self.at += 1;
                        if c == b']' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    /// An identifier, `r#` and all; returns its name.
    fn ident(&mut self) -> &str {
        if self.peek(0) == Some(b'r') && self.peek(1) == Some(b'#') {
            self.at += 2;
        }
        let start = self.at;
        while self
            .peek(0)
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || !c.is_ascii())
        {
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    /// A quoted text or character, from its opening quote.
    fn quoted(&mut self, quote: u8) {
        self.at += 1;
        while let Some(c) = self.peek(0) {
            self.at += 1;
            if c == b'\\' {
                self.at = (self.at + 1).min(self.b.len());
            } else if c == quote {
                return;
            }
        }
    }

    fn raw_string(&mut self) {
        self.at += 1; // r
        let mut hashes = 0;
        while self.peek(0) == Some(b'#') {
            hashes += 1;
            self.at += 1;
        }
        self.at += 1; // the opening quote
        while let Some(c) = self.peek(0) {
            self.at += 1;
            if c == b'"' {
                let mut n = 0;
                while n < hashes && self.peek(0) == Some(b'#') {
                    self.at += 1;
                    n += 1;
                }
                if n == hashes {
                    return;
                }
            }
        }
    }

    fn value(&mut self, path: FieldPath, key: Option<usize>, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        self.trivia();
        let start = self.at;
        match self.peek(0) {
            Some(b'(') => self.items(b')', &path, depth, true),
            Some(b'[') => self.items(b']', &path, depth, false),
            Some(b'{') => self.map(&path, depth),
            Some(b'"') => self.quoted(b'"'),
            Some(b'\'') => self.quoted(b'\''),
            Some(b'r') if self.peek(1) == Some(b'"') => self.raw_string(),
            Some(b'r') if self.peek(1) == Some(b'#') && !self.peek(2).is_some_and(starts_ident) => {
                self.raw_string();
            }
            Some(c) if starts_ident(c) => {
                self.ident();
                self.after_ident(&path, depth);
            }
            Some(_) => {
                while self.peek(0).is_some_and(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.' | b'_')
                }) {
                    self.at += 1;
                }
            }
            None => {}
        }
        self.nodes.push(Node {
            path,
            key,
            value: start..self.at,
            end: self.at,
        });
    }

    /// After a named struct, an enum variant or a keyword: its contents belong to its path.
    fn after_ident(&mut self, path: &FieldPath, depth: usize) {
        let save = self.at;
        self.trivia();
        if self.peek(0) == Some(b'(') {
            self.items(b')', path, depth, true);
        } else {
            self.at = save;
        }
    }

    /// The comma-separated items of a `(...)` (whose items may be fields, `name: value`) or a
    /// `[...]`, from the opening bracket.
    fn items(&mut self, close: u8, path: &FieldPath, depth: usize, fields: bool) {
        self.at += 1;
        let mut index = 0;
        loop {
            self.trivia();
            match self.peek(0) {
                Some(c) if c == close => {
                    self.at += 1;
                    return;
                }
                None => return,
                Some(b',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let before = self.at;
            let mut child = None;
            if fields && self.peek(0).is_some_and(starts_ident) {
                let name = self.ident().to_owned();
                self.trivia();
                if self.peek(0) == Some(b':') {
                    self.at += 1;
                    child = Some((path.key(name), before));
                } else {
                    self.at = before;
                }
            }
            let count = self.nodes.len();
            match child {
                Some((field, key)) => self.value(field, Some(key), depth + 1),
                None => self.value(path.index(index), None, depth + 1),
            }
            index += 1;
            if self.nodes.len() > count {
                // The entry runs on to its comma.
                let save = self.at;
                self.trivia();
                if self.peek(0) == Some(b',') {
                    self.at += 1;
                    if let Some(node) = self.nodes.last_mut() {
                        node.end = self.at;
                    }
                } else {
                    self.at = save;
                }
            }
            if self.at == before {
                // Nothing read: never loop on unexpected text.
                self.at += 1;
            }
        }
    }

    fn map(&mut self, path: &FieldPath, depth: usize) {
        self.at += 1;
        loop {
            self.trivia();
            match self.peek(0) {
                Some(b'}') => {
                    self.at += 1;
                    return;
                }
                None => return,
                Some(b',' | b':') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let before = self.at;
            // Keys and values are both read; map entries have no path of their own.
            self.value(path.key("{}"), None, depth + 1);
            if self.at == before {
                self.at += 1;
            }
        }
    }
}

/// Whether every bracket of `text` (outside texts and comments) is closed by its match, in
/// order.
pub(super) fn balanced(text: &str) -> bool {
    let mut s = Scanner {
        b: text.as_bytes(),
        text,
        at: 0,
        nodes: Vec::new(),
    };
    let mut open = Vec::new();
    loop {
        s.trivia();
        let Some(c) = s.peek(0) else {
            return open.is_empty();
        };
        match c {
            b'(' | b'[' | b'{' => {
                open.push(c);
                s.at += 1;
            }
            b')' | b']' | b'}' => {
                let want = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.pop() != Some(want) {
                    return false;
                }
                s.at += 1;
            }
            b'"' | b'\'' => s.quoted(c),
            b'r' if s.peek(1) == Some(b'"')
                || (s.peek(1) == Some(b'#') && !s.peek(2).is_some_and(starts_ident)) =>
            {
                s.raw_string();
            }
            c if starts_ident(c) => {
                s.ident();
            }
            _ => s.at += 1,
        }
    }
}
