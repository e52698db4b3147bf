//! A large file read a table at a time.
//!
//! The toml crate builds the whole document before anything reads it, about fifty bytes of memory
//! per byte of TOML: 584 MB for a generated file of 100,000 `[[kernel]]` tables (11.6 MB). A file
//! that is only a list of top-level tables is cut at its table headers instead, and each table is
//! parsed on its own, its spans moved to where it sits in the file. Only a plain file is cut: its
//! headers are `[defaults]` (at most once), `[[kernel]]` and `[[sweep]]`, written just so, with
//! nothing but comments before the first; headers are found with toml's own lexer, outside
//! strings and values. Any other file, and any table that does not parse on its own, is parsed
//! whole, so a syntax error is reported as before. A test holds the two readings to the same
//! result on every configuration and fixture.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;
use toml_parser::lexer::TokenKind;

/// Deeper nesting than this is parsed whole.
const MAX_DEPTH: usize = 32;

/// The top-level tables a plain file may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Header {
    Defaults,
    Kernel,
    Sweep,
}

impl Header {
    const ALL: [(Header, &'static str); 3] =
        [(Header::Defaults, "[defaults]"), (Header::Kernel, "[[kernel]]"), (Header::Sweep, "[[sweep]]")];
}

/// Each top-level table's header and where the table starts and ends, for a plain file; `None` for
/// any other.
pub(super) fn split(source: &str) -> Option<Vec<(Header, Range<usize>)>> {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    let mut line_start = true;
    let mut defaults = false;
    let mut header_line = false;
    for token in toml_parser::Source::new(source).lex() {
        let kind = token.kind();
        match kind {
            TokenKind::Newline => {
                line_start = true;
                header_line = false;
                continue;
            }
            TokenKind::Whitespace | TokenKind::Comment | TokenKind::Eof => continue,
            _ if header_line => {}
            TokenKind::LeftSquareBracket if depth == 0 && line_start => {
                let at = token.span().start();
                let rest = &source[at..];
                let (header, text) = Header::ALL.into_iter().find(|(_, h)| rest.starts_with(h))?;
                if header == Header::Defaults {
                    if defaults {
                        return None;
                    }
                    defaults = true;
                }
                // The rest of the header's line may hold only whitespace and a comment (checked
                // token by token as the line goes on).
                let after = rest[text.len()..].trim_start_matches([' ', '\t']);
                if !(after.is_empty() || after.starts_with(['#', '\n', '\r'])) {
                    return None;
                }
                starts.push((header, at));
                header_line = true;
                line_start = false;
                continue;
            }
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return None;
                }
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => depth = depth.checked_sub(1)?,
            _ => {}
        }
        // Anything before the first header is a top-level key: not a plain file.
        if starts.is_empty() {
            return None;
        }
        line_start = false;
    }
    let ends = starts.iter().skip(1).map(|&(_, at)| at).chain([source.len()]);
    Some(starts.iter().zip(ends).map(|(&(header, s), e)| (header, s..e)).collect())
}

/// The table at `range` of `source`, parsed on its own with its spans in file coordinates;
/// `None` if it does not parse by itself.
pub(super) fn parse(source: &str, range: Range<usize>) -> Option<DeTable<'_>> {
    let root = DeTable::parse(&source[range.clone()]).ok()?;
    Some(shift_table(root.into_inner(), range.start))
}

fn moved(span: Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}

fn shift_table(table: DeTable<'_>, by: usize) -> DeTable<'_> {
    table
        .into_iter()
        .map(|(k, v)| {
            let span = k.span();
            (Spanned::new(moved(span, by), k.into_inner()), shift(v, by))
        })
        .collect()
}

fn shift(v: Spanned<DeValue<'_>>, by: usize) -> Spanned<DeValue<'_>> {
    let span = moved(v.span(), by);
    let value = match v.into_inner() {
        DeValue::Array(mut items) => {
            for item in items.iter_mut() {
                let taken = std::mem::replace(item, Spanned::new(0..0, DeValue::Boolean(false)));
                *item = shift(taken, by);
            }
            DeValue::Array(items)
        }
        DeValue::Table(t) => DeValue::Table(shift_table(t, by)),
        other => other,
    };
    Spanned::new(span, value)
}

/// Whether a TOML text declares kernels: a top-level `defaults`, `kernel` or `sweep` key (as a
/// table header, an array-of-tables header, a dotted key or a key of its own). Found with toml's
/// lexer alone, without building the document, so that walking a directory costs nothing like
/// parsing every TOML file in it. A text that cannot be told apart (not UTF-8, unbalanced) counts,
/// so that what is wrong with it is reported.
pub(crate) fn declares_kernels(source: &str) -> bool {
    const KEYS: [&str; 3] = ["defaults", "kernel", "sweep"];
    let first_key = |text: &str| {
        let t = text.trim_matches(|c| c == '"' || c == '\'');
        KEYS.contains(&t)
    };
    let mut depth = 0usize;
    let mut line_start = true;
    // Inside a table (after a header), keys at the start of a line are that table's.
    let mut in_table = false;
    let mut tokens = toml_parser::Source::new(source).lex().peekable();
    while let Some(token) = tokens.next() {
        let kind = token.kind();
        let text = source.get(token.span().start()..token.span().end()).unwrap_or("");
        match kind {
            TokenKind::Newline => {
                line_start = true;
                continue;
            }
            TokenKind::Whitespace | TokenKind::Comment | TokenKind::Eof => continue,
            TokenKind::LeftSquareBracket if depth == 0 && line_start => {
                // A header: its first key, after `[` or `[[` and whitespace.
                let key = tokens
                    .by_ref()
                    .map(|t| (t.kind(), source.get(t.span().start()..t.span().end()).unwrap_or("")))
                    .find(|(k, _)| !matches!(k, TokenKind::LeftSquareBracket | TokenKind::Whitespace));
                if let Some((TokenKind::Atom | TokenKind::BasicString | TokenKind::LiteralString, t)) = key {
                    if first_key(t) {
                        return true;
                    }
                }
                // The rest of the header's line.
                for t in tokens.by_ref() {
                    if t.kind() == TokenKind::Newline {
                        break;
                    }
                }
                in_table = true;
                line_start = true;
                continue;
            }
            TokenKind::Atom | TokenKind::BasicString | TokenKind::LiteralString
                if depth == 0 && line_start && !in_table && first_key(text) =>
            {
                return true;
            }
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => depth += 1,
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => {
                let Some(d) = depth.checked_sub(1) else { return true };
                depth = d;
            }
            _ => {}
        }
        line_start = false;
    }
    depth != 0
}

#[cfg(test)]
mod declares_tests {
    use super::declares_kernels;

    #[test]
    fn kernel_files_are_told_from_other_toml() {
        for yes in [
            "[defaults]\na = 1\n",
            "# c\n[[kernel]]\nname = \"k\"\n",
            "[ [ sweep ] ]\n",
            "[\"kernel\"]\n",
            "kernel = [{ name = \"k\" }]\n",
            "defaults.arch = \"sm120\"\n",
            "[kernel.x]\n",
            "x = [\n",
        ] {
            assert!(declares_kernels(yes), "{yes}");
        }
        for no in [
            "[package]\nname = \"kernel\"\n",
            "[workspace]\nmembers = []\n[workspace.metadata]\nkernel = 1\n",
            "max_width = 100\n",
            "x = \"\"\"\n[[kernel]]\n\"\"\"\n",
            "x = [\n  \"[defaults]\",\n]\n",
            "",
        ] {
            assert!(!declares_kernels(no), "{no}");
        }
    }
}
