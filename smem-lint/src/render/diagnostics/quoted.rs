//! What a human diagnostic may quote of the input.
//!
//! - Control characters (a terminal's escape sequences, a bell) are never written as they are: in
//!   the quoted source each byte of one becomes `?` (so every span still points at the same
//!   bytes), and in messages, labels and help it is written as an escape (`\u{1b}`).
//! - A line longer than [`MAX_QUOTED_LINE_BYTES`] is not quoted: the diagnostic gives the location
//!   and what the label says instead. miette cannot draw a label past column 65,535 (Rust's
//!   formatting widths stop there), and a snippet of a megabyte-long line helps nobody.

use std::borrow::Cow;

use miette::LabeledSpan;

use super::{Diag, IndexedSource};
use crate::limits::MAX_QUOTED_LINE_BYTES;
use crate::output::printable;

/// `text` with each byte of its control characters (other than tab, newline and carriage return)
/// replaced by `?`: the same length, the same offsets.
pub(super) fn source_text(text: String) -> String {
    let shown = |c: char| !c.is_control() || matches!(c, '\t' | '\n' | '\r');
    if text.chars().all(shown) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if shown(c) {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        }
    }
    out
}

/// `d` as it may be shown: its words escaped, and without its snippet when a line it would quote
/// is too long (its labels then say where they point, in the help).
pub(super) fn fit(mut d: Diag) -> Diag {
    // Text is copied only when it has something to escape (almost never).
    if let Cow::Owned(m) = printable(&d.message) {
        d.message = m;
    }
    if let Some(Cow::Owned(h)) = d.help.as_deref().map(printable) {
        d.help = Some(h);
    }
    if d.labels.iter().any(|l| l.label().is_some_and(|t| matches!(printable(t), Cow::Owned(_)))) {
        d.labels = d
            .labels
            .into_iter()
            .map(|l| {
                let text = l.label().map(|t| printable(t).into_owned());
                if l.primary() {
                    LabeledSpan::new_primary_with_span(text, *l.inner())
                } else {
                    LabeledSpan::new_with_span(text, *l.inner())
                }
            })
            .collect();
    }
    if d.labels.iter().all(|l| quotable(&d.source, l)) {
        return d;
    }
    let places: Vec<String> = d
        .labels
        .iter()
        .map(|l| {
            let (line, col) = d.source.line_col(l.offset());
            let what = l.label().map(|t| format!(": {t}")).unwrap_or_default();
            format!("at {}:{line}:{col}{what}", d.source.name)
        })
        .collect();
    let note = format!("{} (not quoted: a line over {MAX_QUOTED_LINE_BYTES} bytes)", places.join("\n"));
    d.help = Some(match d.help {
        Some(h) => format!("{note}\n{h}"),
        None => note,
    });
    d.labels.clear();
    d
}

/// Whether every line a label's snippet would show (the lines it covers and one on each side) is
/// short enough to quote.
fn quotable(source: &IndexedSource, label: &LabeledSpan) -> bool {
    let first = source.line_of(label.offset()).saturating_sub(1);
    let last = source.line_of(label.offset() + label.len()) + 1;
    (first..=last).all(|line| source.line_len(line) <= MAX_QUOTED_LINE_BYTES)
}
