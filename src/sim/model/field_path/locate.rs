//! Maps field paths (`groups[1].wander.circle_radius`) to the line and column of their value in
//! a RON text, so that a range error found after parsing points at the value to edit.
//!
//! It reads text that `ron` has already parsed, so it only needs to follow RON's structure:
//! struct fields `name: value`, lists `[a, b]`, tuples `(a, b)`, maps `{k: v}`, named structs
//! and enum variants `Name(...)` (the name is not part of the path), strings, raw strings,
//! characters, comments and `#![enable(...)]` attributes.

use std::collections::HashMap;

use super::parts::FieldPath;

/// Line and column, both from 1; columns count characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub col: usize,
}

struct Scanner {
    chars: Vec<char>,
    at: usize,
    line: usize,
    col: usize,
    found: HashMap<FieldPath, LineCol>,
}

/// Every path in `text` with the position where its value starts.
#[must_use]
pub fn locate_all(text: &str) -> HashMap<FieldPath, LineCol> {
    let mut s = Scanner {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        col: 1,
        found: HashMap::new(),
    };
    s.skip_trivia();
    s.value(&FieldPath::root(), 0);
    s.found
}

/// The position of `path`, or of its nearest ancestor that has one.
#[must_use]
pub fn locate<S: std::hash::BuildHasher>(
    found: &HashMap<FieldPath, LineCol, S>,
    path: &FieldPath,
) -> Option<LineCol> {
    let mut p = path.clone();
    loop {
        if let Some(at) = found.get(&p) {
            return Some(*at);
        }
        p = p.parent()?;
    }
}

const MAX_DEPTH: usize = 256;

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.at + n).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn here(&self) -> LineCol {
        LineCol {
            line: self.line,
            col: self.col,
        }
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.peek(), self.peek_at(1)) {
                            (Some('*'), Some('/')) => {
                                self.bump();
                                self.bump();
                                depth -= 1;
                            }
                            (Some('/'), Some('*')) => {
                                self.bump();
                                self.bump();
                                depth += 1;
                            }
                            (Some(_), _) => {
                                self.bump();
                            }
                            (None, _) => return,
                        }
                    }
                }
                (Some('#'), Some('!')) => {
                    // `#![enable(...)]`: skip to the closing bracket.
                    while let Some(c) = self.bump() {
                        if c == ']' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        if self.peek() == Some('r') && self.peek_at(1) == Some('#') {
            self.bump();
            self.bump();
        }
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn string(&mut self) {
        self.bump(); // opening quote
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self) {
        self.bump(); // r
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump(); // opening quote
        while let Some(c) = self.bump() {
            if c == '"' {
                let mut n = 0;
                while n < hashes && self.peek() == Some('#') {
                    self.bump();
                    n += 1;
                }
                if n == hashes {
                    return;
                }
            }
        }
    }

    fn value(&mut self, path: &FieldPath, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        self.skip_trivia();
        let here = self.here();
        self.found.entry(path.clone()).or_insert(here);
        match self.peek() {
            Some('(') => self.parens(path, depth),
            Some('[') => self.list(path, depth),
            Some('{') => self.map(path, depth),
            Some('"') => self.string(),
            Some('r') if matches!(self.peek_at(1), Some('"' | '#')) => {
                if self.peek_at(1) == Some('#')
                    && self
                        .peek_at(2)
                        .is_some_and(|c| c.is_alphabetic() || c == '_')
                {
                    // A raw identifier `r#name`.
                    self.ident();
                    self.after_ident(path, depth);
                } else {
                    self.raw_string();
                }
            }
            Some('\'') => {
                self.bump();
                while let Some(c) = self.bump() {
                    match c {
                        '\\' => {
                            self.bump();
                        }
                        '\'' => break,
                        _ => {}
                    }
                }
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                self.ident();
                self.after_ident(path, depth);
            }
            Some(_) => {
                // A number, possibly signed, with any suffix.
                while let Some(c) = self.peek() {
                    if c.is_alphanumeric() || matches!(c, '+' | '-' | '.' | '_') {
                        self.bump();
                    } else {
                        break;
                    }
                }
            }
            None => {}
        }
    }

    /// After a named struct, enum variant or keyword: its contents belong to the same path.
    fn after_ident(&mut self, path: &FieldPath, depth: usize) {
        self.skip_trivia();
        if self.peek() == Some('(') {
            self.parens(path, depth);
        }
    }

    fn parens(&mut self, path: &FieldPath, depth: usize) {
        self.items(')', depth, |s, index| {
            // A struct field is `ident :`; anything else is a tuple element.
            let save = (s.at, s.line, s.col);
            if s.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
                let name = s.ident();
                s.skip_trivia();
                if s.peek() == Some(':') {
                    s.bump();
                    return path.key(name);
                }
            }
            (s.at, s.line, s.col) = save;
            path.index(index)
        });
    }

    fn list(&mut self, path: &FieldPath, depth: usize) {
        self.items(']', depth, |_, index| path.index(index));
    }

    /// The comma-separated items of a `(...)` or `[...]`, the opening bracket at the cursor.
    /// `child` reads what comes before an item's value (a field name, if any) and names it.
    fn items(
        &mut self,
        close: char,
        depth: usize,
        mut child: impl FnMut(&mut Self, usize) -> FieldPath,
    ) {
        self.bump(); // the opening bracket
        let mut index = 0;
        loop {
            self.skip_trivia();
            match self.peek() {
                Some(c) if c == close => {
                    self.bump();
                    return;
                }
                None => return,
                Some(',') => {
                    self.bump();
                    continue;
                }
                _ => {}
            }
            let before = self.at;
            let path = child(self, index);
            self.value(&path, depth + 1);
            index += 1;
            if self.at == before {
                // Nothing consumed: never loop forever on unexpected text.
                self.bump();
            }
        }
    }

    fn map(&mut self, path: &FieldPath, depth: usize) {
        self.bump(); // {
        loop {
            self.skip_trivia();
            match self.peek() {
                Some('}') | None => {
                    self.bump();
                    return;
                }
                Some(',' | ':') => {
                    self.bump();
                    continue;
                }
                _ => {}
            }
            let before = self.at;
            // Keys and values are both walked; map entries have no path of their own.
            self.value(&path.key("{}"), depth + 1);
            if self.at == before {
                self.bump();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_fields_and_list_items() {
        let text = concat!(
            "// c\n#![enable(implicit_some)]\n(\n    a: 1,\n    groups: [\n",
            "        (name: \"x\", wander: (circle_radius: -3)),\n",
            "        Named(b: r#\"raw\"#, c: 'q'),\n    ],\n)\n",
        );
        let found = locate_all(text);
        let at = |t: &str| found[&FieldPath::parse(t).unwrap()];
        assert_eq!(at("a"), LineCol { line: 4, col: 8 });
        assert_eq!(
            at("groups[0].wander.circle_radius"),
            LineCol { line: 6, col: 45 }
        );
        assert_eq!(at("groups[1].c"), LineCol { line: 7, col: 31 });
        assert_eq!(
            locate(
                &found,
                &FieldPath::parse("groups[1].missing.deeper").unwrap()
            ),
            Some(LineCol { line: 7, col: 9 })
        );
    }
}
