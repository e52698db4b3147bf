//! miette's report, rendered a part at a time with the repeated parts rendered once.
//!
//! miette writes a report as its header and message, then the source snippets of its labels, then
//! its help; each part from its own fields of the diagnostic (header and message from the code,
//! severity and message; snippets from the labels and the source; help from the help text). A
//! sweep's findings differ in their message but share their snippets: the 97,683 findings of the
//! bench's sweep have 1,987 distinct snippets, and the snippets were most of the rendering (miette
//! reads and measures every character of every context line). So each part is rendered by miette
//! on its own, and a snippet or help seen before is copied. A test holds the joined parts to
//! miette's whole report on every bundled configuration and on the sweep.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use miette::{Diagnostic, GraphicalReportHandler, LabeledSpan, Severity, SourceCode, SourceSpan};

use super::{Diag, IndexedSource};

/// A diagnostic's header and message alone.
#[derive(Debug)]
struct Head<'a>(&'a Diag);

impl fmt::Display for Head<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Head<'_> {}

impl Diagnostic for Head<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.code()
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.0.severity)
    }
}

/// Labels over a source, or a help text: one of the parts after the message, with no code and an
/// empty message (whose rendering, [`Parts::lead`], is cut off the front).
#[derive(Debug)]
struct Tail<'a> {
    labels: &'a [LabeledSpan],
    help: Option<&'a str>,
    source: &'a IndexedSource,
}

impl fmt::Display for Tail<'_> {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

impl std::error::Error for Tail<'_> {}

impl Diagnostic for Tail<'_> {
    fn severity(&self) -> Option<Severity> {
        Some(Severity::Error)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// What identifies a rendered part: its labels (span, text, whether primary), or its help.
#[derive(Hash, PartialEq, Eq)]
enum Key {
    Snippets(Vec<(SourceSpan, Option<String>, bool)>),
    Help(Option<String>),
}

/// The renderer of one report's diagnostics, shared by the threads that render them.
pub(super) struct Parts<'a> {
    handler: &'a GraphicalReportHandler,
    source: &'a IndexedSource,
    /// What miette writes for a [`Tail`] with neither labels nor help: the front of every tail.
    lead: String,
    seen: Mutex<Seen>,
    /// The most bytes of parts remembered ([`Parts::REMEMBERED`]).
    budget: usize,
}

/// The parts rendered so far, and their size.
#[derive(Default)]
struct Seen {
    parts: HashMap<Key, Arc<str>, foldhash::fast::RandomState>,
    bytes: usize,
}

impl<'a> Parts<'a> {
    /// How many bytes of parts are remembered before the memory starts over: memory stays bounded
    /// whatever the report (a snippet holds whole source lines), and a sweep's repeats are close
    /// together.
    const REMEMBERED: usize = 8 << 20;

    pub(super) fn new(handler: &'a GraphicalReportHandler, source: &'a IndexedSource) -> Self {
        let mut lead = String::new();
        let _ = handler.render_report(&mut lead, &Tail { labels: &[], help: None, source });
        Parts { handler, source, lead, seen: Mutex::default(), budget: Self::REMEMBERED }
    }

    /// `d` as `handler.render_report` writes it.
    pub(super) fn render(&self, d: &Diag, out: &mut String) {
        let start = out.len();
        let _ = self.handler.render_report(out, &Head(d));
        let snippets =
            Key::Snippets(d.labels.iter().map(|l| (*l.inner(), l.label().map(str::to_string), l.primary())).collect());
        let tails = [
            (snippets, Tail { labels: &d.labels, help: None, source: self.source }),
            (Key::Help(d.help.clone()), Tail { labels: &[], help: d.help.as_deref(), source: self.source }),
        ];
        for (key, tail) in tails {
            let Some(text) = self.tail(key, &tail) else {
                // Not the shape this module knows miette's output to have: the whole report.
                out.truncate(start);
                let _ = self.handler.render_report(out, d);
                return;
            };
            out.push_str(&text);
        }
    }

    /// A tail as miette renders it, without its lead; remembered, up to [`Parts::REMEMBERED`] bytes.
    fn tail(&self, key: Key, tail: &Tail) -> Option<Arc<str>> {
        if let Some(text) = self.seen.lock().ok()?.parts.get(&key) {
            return Some(text.clone());
        }
        let mut text = String::new();
        let _ = self.handler.render_report(&mut text, tail);
        let text: Arc<str> = text.strip_prefix(&self.lead)?.into();
        let mut seen = self.seen.lock().ok()?;
        if seen.bytes + text.len() > self.budget {
            *seen = Seen::default();
        }
        seen.bytes += text.len();
        seen.parts.insert(key, text.clone());
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{check_source, Options};

    /// The joined parts are miette's whole report, byte for byte: for every diagnostic of every
    /// bundled configuration, every TOML fixture (input errors included) and the first findings of
    /// a sweep, plain and in colour, at three widths.
    #[test]
    fn parts_render_as_miette_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files: Vec<std::path::PathBuf> = Vec::new();
        for dir in ["configs", "tests/fixtures/check"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "toml") {
                    files.push(path);
                }
            }
        }
        files.sort();
        let mut sources: Vec<(std::path::PathBuf, String)> =
            files.into_iter().map(|p| (p.clone(), std::fs::read_to_string(p).unwrap())).collect();
        sources.push((
            "sweep.toml".into(),
            r#"[[sweep]]
name = "s"
kernel = ["dense", "grouped"]
a = "nvfp4"
b = "nvfp4"
d = "bf16"
tile = [[64, 64, 128], [128, 256, 128], [256, 256, 128], [128, 128, 256]]
stages = ["auto", 2, 3, 4, 5, 6]
"#
            .into(),
        ));
        let mut compared = 0;
        for (path, text) in sources {
            let report = check_source(&path, text, &Options::default());
            let diags = super::super::diags(&report);
            for color in [false, true] {
                for width in [60, 100, 200] {
                    let handler = super::super::handler(color, width);
                    let source = super::super::indexed_source(&report);
                    // Remembering everything, and next to nothing (starting over every few parts).
                    let parts = Parts::new(&handler, &source);
                    let forgetful = Parts { budget: 4096, ..Parts::new(&handler, &source) };
                    for d in &diags {
                        let mut whole = String::new();
                        handler.render_report(&mut whole, d).unwrap();
                        for p in [&parts, &forgetful] {
                            let mut joined = String::new();
                            p.render(d, &mut joined);
                            assert_eq!(joined, whole, "{}", path.display());
                        }
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
