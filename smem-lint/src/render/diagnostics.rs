//! Findings and input errors as miette diagnostics, and their renderings (human, JSON, SARIF).

use std::fmt;
use std::fmt::Write as _;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, Severity,
    SourceCode, SourceSpan, SpanContents,
};
use serde_json::{json, Value};

use crate::check::FileReport;
use crate::diagnostic::Diagnostic as Record;
use crate::model::{KernelConfig, ModelError, Probe, Prober};

mod parts;
mod quoted;

/// One rendered problem: a code, a message, labels into the file, and help.
#[derive(Debug)]
pub struct Diag {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<LabeledSpan>,
    pub help: Option<String>,
    pub source: Arc<IndexedSource>,
}

/// A file's text with the start of every line, so that placing a span costs a binary search
/// instead of a scan from the top of the file: rendering N findings stays linear (miette's
/// `NamedSource` rescans the file for every span, which made large reports quadratic).
#[derive(Debug)]
pub struct IndexedSource {
    name: String,
    language: &'static str,
    text: String,
    /// Byte offset of the start of each line.
    starts: Vec<usize>,
    /// Whether the text has a carriage return (which miette counts as a line break of its own).
    has_cr: bool,
}

impl IndexedSource {
    pub fn new(name: String, language: &'static str, text: String) -> Self {
        let text = quoted::source_text(text);
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        let has_cr = text.contains('\r');
        IndexedSource { name, language, text, starts, has_cr }
    }

    /// 0-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The length in bytes of 0-based line `line` (0 past the end).
    fn line_len(&self, line: usize) -> usize {
        let Some(&start) = self.starts.get(line) else { return 0 };
        self.starts.get(line + 1).copied().unwrap_or(self.text.len()) - start
    }

    /// 1-based line and column (in characters) of a byte offset.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let col = self.text.get(start..offset).map_or(offset - start, |t| t.chars().count());
        (line + 1, col + 1)
    }

    /// What miette's `read_span` of the whole text gives, from the line index alone (no scan):
    /// `(start, end, line, column, line_count)`. For texts without carriage returns and spans of at
    /// least one byte inside the text; `None` otherwise. A test holds it to miette's own on random
    /// texts, spans and context sizes.
    ///
    /// miette starts `before` lines above the span's line (at the span itself, with its byte column,
    /// when `before` is 0); it ends after the span's last byte when `after` is 0, else at the end of
    /// the `after`-th line below the one the span ends on (a span ending on a newline ends on the
    /// line after it); `line_count` is the newlines up to that end, from the top of the text.
    fn span_window(
        &self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Option<(usize, usize, usize, usize, usize)> {
        let (s, len) = (span.offset(), span.len());
        if self.has_cr || len == 0 || s + len > self.text.len() {
            return None;
        }
        let last = s + len - 1;
        let line = self.line_of(s);
        let top = line.saturating_sub(before);
        // miette's column is the span's byte column, unless it was reset by reading a newline past
        // the span (which it does when it reads lines after it).
        let newline_after = after > 0 && self.starts.last().is_some_and(|&l| l > last + 1);
        let (start, column) = match before {
            0 if !newline_after => (s, s - self.starts[line]),
            0 => (s, 0),
            _ => (self.starts[top], 0),
        };
        let end = if after == 0 {
            last + 1
        } else {
            let ends_on = self.line_of(last) + usize::from(self.text.as_bytes()[last] == b'\n');
            self.starts.get(ends_on + after + 1).copied().unwrap_or(self.text.len())
        };
        let line_count = self.line_of(end.saturating_sub(1)) + usize::from(self.text.as_bytes()[end - 1] == b'\n');
        Some((start, end, top, column, line_count))
    }
}

impl SourceCode for IndexedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if let Some((start, end, line, column, line_count)) =
            self.span_window(span, context_lines_before, context_lines_after)
        {
            return Ok(Box::new(
                MietteSpanContents::new_named(
                    self.name.clone(),
                    &self.text.as_bytes()[start..end],
                    SourceSpan::new(start.into(), end - start),
                    line,
                    column,
                    line_count,
                )
                .with_language(self.language),
            ));
        }
        // miette's own algorithm, run on a window of whole lines around the span that holds all the
        // context it can ask for; then shifted back to file coordinates.
        let first = self.line_of(span.offset()).saturating_sub(context_lines_before + 1);
        let last = self.line_of(span.offset() + span.len()) + context_lines_after + 2;
        let base = self.starts[first];
        let end = self.starts.get(last).copied().unwrap_or(self.text.len());
        let window = &self.text.as_bytes()[base..end];
        let local = SourceSpan::new((span.offset() - base).into(), span.len());
        let c = <[u8] as SourceCode>::read_span(window, &local, context_lines_before, context_lines_after)?;
        let shifted = SourceSpan::new((c.span().offset() + base).into(), c.span().len());
        Ok(Box::new(
            MietteSpanContents::new_named(
                self.name.clone(),
                c.data(),
                shifted,
                c.line() + first,
                c.column(),
                c.line_count() + first,
            )
            .with_language(self.language),
        ))
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diag {}

impl Diagnostic for Diag {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&*self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// A diagnostic advised ([`Record::advise`]) as miette's, over `source`: the primary label on
/// its value, the secondary ones where they point elsewhere, the notes and nearest fits as help.
fn miette_diag(d: &Record, source: &Arc<IndexedSource>) -> Diag {
    let mut labels = vec![LabeledSpan::new_primary_with_span(Some(d.label.to_string()), d.at.clone())];
    for (span, text) in d.secondary() {
        if *span != d.at {
            labels.push(LabeledSpan::new_with_span(Some(text.to_string()), span.clone()));
        }
    }
    Diag {
        code: d.code(),
        severity: Severity::Error,
        message: d.message.clone(),
        labels,
        help: d.help(),
        source: source.clone(),
    }
}

fn severity(report: &FileReport, code: &str) -> Severity {
    if report.warn.iter().any(|w| w == code) {
        Severity::Warning
    } else {
        Severity::Error
    }
}

/// Probes remembered: the findings of one sweep search the same neighbours over and over (every
/// stage policy of a tile walks the same stage counts). Pure memoisation: a probe's answer depends
/// on the configuration alone.
#[derive(Debug, Default)]
pub(crate) struct Memo(
    std::collections::HashMap<KernelConfig, Result<Option<Probe>, ModelError>, foldhash::fast::RandomState>,
);

impl Memo {
    /// How many probes it remembers.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

impl Prober for Memo {
    fn probe(&mut self, cfg: &KernelConfig) -> Result<Option<Probe>, ModelError> {
        if let Some(r) = self.0.get(cfg) {
            return r.clone();
        }
        let r = crate::model::Fresh.probe(cfg);
        self.0.insert(*cfg, r.clone());
        r
    }
}

/// One problem of a report, before it is turned into text.
type Item<'a> = &'a Record;

/// A report's problems in the order diagnostics show them: input errors, findings in file order,
/// then the Rust front end's diagnostics.
fn shown_items(report: &FileReport) -> Vec<Item<'_>> {
    let mut findings: Vec<&Record> = report.findings.iter().collect();
    findings.sort_by_key(|f| f.at.start);
    report.input_errors.iter().chain(findings).chain(&report.spanned).collect()
}

/// A report's problems in report order (JSON and SARIF).
fn report_items(report: &FileReport) -> impl Iterator<Item = Item<'_>> {
    report.input_errors.iter().chain(&report.findings).chain(&report.spanned)
}

/// `f` over `items` on every core, in chunks, yielding the results in order: a finding's text costs
/// a few model evaluations, and a sweep can have a hundred thousand of them; only one chunk of
/// results is held at a time. Each worker remembers the neighbours it has probed ([`Memo`]): the
/// findings of a sweep suggest from the same few.
fn par_ordered<'a, T: Sync + 'a, R: Send + 'a>(
    items: &'a [T],
    f: impl Fn(&mut Memo, &T) -> R + Sync + Send + 'a,
) -> impl Iterator<Item = R> + 'a {
    use rayon::prelude::*;
    items.chunks(4096).flat_map(move |c| c.par_iter().with_min_len(256).map_init(Memo::default, &f).collect::<Vec<R>>())
}

fn diag_of(item: Item<'_>, report: &FileReport, source: &Arc<IndexedSource>, prober: &mut dyn Prober) -> Diag {
    let mut d = miette_diag(&item.advised(prober), source);
    d.severity = severity(report, d.code);
    quoted::fit(d)
}

fn indexed_source(report: &FileReport) -> Arc<IndexedSource> {
    let lang = if report.path.extension().is_some_and(|e| e == "rs") { "rust" } else { "toml" };
    Arc::new(IndexedSource::new(report.path.display().to_string(), lang, report.source.clone()))
}

/// Every diagnostic of a report, input errors first, in file order.
pub fn diags(report: &FileReport) -> Vec<Diag> {
    let source = indexed_source(report);
    let mut memo = Memo::default();
    shown_items(report).into_iter().map(|i| diag_of(i, report, &source, &mut memo)).collect()
}

fn handler(color: bool, width: usize) -> GraphicalReportHandler {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false)
        .with_word_separator(textwrap::WordSeparator::AsciiSpace)
        // A word longer than the line (a path, a kernel name) stays whole, so it can be copied.
        .with_break_words(false)
}

/// Render diagnostics as text; `color` picks the themed or plain renderer; `width` the line width.
pub fn render(diags: &[Diag], color: bool, width: usize) -> String {
    let handler = handler(color, width);
    let mut out = String::new();
    for d in diags {
        let _ = handler.render_report(&mut out, d);
        out.push('\n');
    }
    out
}

/// Write at most `limit` of a report's diagnostics as text, built and rendered on every core, one
/// chunk at a time; returns how many were written.
pub fn write_human(
    report: &FileReport,
    limit: usize,
    color: bool,
    width: usize,
    out: &mut dyn std::io::Write,
) -> std::io::Result<usize> {
    let mut items = shown_items(report);
    items.truncate(limit);
    let source = indexed_source(report);
    let handler = handler(color, width);
    let parts = parts::Parts::new(&handler, &source);
    let texts = par_ordered(&items, |memo, &i| {
        let mut text = String::new();
        parts.render(&diag_of(i, report, &source, memo), &mut text);
        text.push('\n');
        text
    });
    for t in texts {
        out.write_all(t.as_bytes())?;
    }
    Ok(items.len())
}

fn level(report: &FileReport, code: &str) -> &'static str {
    match severity(report, code) {
        Severity::Warning => "warning",
        _ => "error",
    }
}

/// Line and column of spans in one report's source, from a line index built once.
struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    fn new(source: &'a str) -> Self {
        LineIndex { source, starts: std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect() }
    }

    fn at(&self, span: &std::ops::Range<usize>) -> (usize, usize, usize, usize) {
        let lc = |offset: usize| {
            let offset = offset.min(self.source.len());
            let line = self.starts.partition_point(|&s| s <= offset).saturating_sub(1);
            let start = self.starts[line];
            let col = self.source.get(start..offset).map_or(offset - start, |t| t.chars().count());
            (line + 1, col + 1)
        };
        let ((l1, c1), (l2, c2)) = (lc(span.start), lc(span.end));
        (l1, c1, l2, c2)
    }
}

/// Every problem of every report with its report and that report's line index.
fn all_items<'a>(
    reports: &'a [FileReport],
    index: &'a [LineIndex<'a>],
) -> Vec<(Item<'a>, &'a FileReport, &'a LineIndex<'a>)> {
    reports.iter().zip(index).flat_map(|(r, ix)| report_items(r).map(move |i| (i, r, ix))).collect()
}

/// A sequence serialised from an iterator as it is consumed (serde takes `&self`).
struct Streamed<I>(std::cell::RefCell<Option<I>>);

impl<I: Iterator<Item = Value>> serde::Serialize for Streamed<I> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.borrow_mut().take() {
            Some(items) => s.collect_seq(items),
            None => s.collect_seq(std::iter::empty::<Value>()),
        }
    }
}

/// A path as a SARIF URI: `/` separators, everything outside RFC 3986's unreserved set percent-encoded.
fn uri(path: &std::path::Path) -> String {
    let text = path.display().to_string().replace('\\', "/");
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// One problem as a JSON object of `check --format json`'s `findings`: an input error with its help,
/// a finding with its kernel, architectures, nearest fits and, over the cap, its bytes.
fn json_item(item: Item<'_>, r: &FileReport, ix: &LineIndex<'_>, prober: &mut dyn Prober) -> Value {
    let (line, column, ..) = ix.at(&item.at);
    let file = r.path.display().to_string();
    let Some(kernel) = item.kernel.as_ref().filter(|_| !item.is_input_error()) else {
        let mut o = json!({
            "file": file, "line": line, "column": column,
            "code": item.code(), "severity": "error", "message": item.message, "help": item.help(),
        });
        if let Some(name) = &item.named {
            o["kernel"] = json!(name);
        }
        return o;
    };
    let mut o = json!({
        "file": file, "line": line, "column": column,
        "code": item.code(), "severity": level(r, item.code()), "kernel": kernel.name,
        "archs": kernel.archs.iter().map(|a| a.name()).collect::<Vec<_>>(),
        "message": item.message,
        "suggestions": item.suggestions_by(prober).iter().map(crate::suggest::Suggestion::describe).collect::<Vec<_>>(),
    });
    if let Some((needs, cap, over)) = item.bytes() {
        o["kernel_bytes"] = json!(needs);
        o["cap_bytes"] = json!(cap);
        o["over_bytes"] = json!(over);
    }
    o
}

fn json_summary(reports: &[FileReport]) -> Value {
    let checked: usize = reports.iter().map(|r| r.checked).sum();
    let launchable: usize = reports.iter().map(|r| r.launchable.len()).sum();
    let findings: usize = reports.iter().map(FileReport::finding_count).sum();
    let input_errors: usize = reports.iter().map(FileReport::input_error_count).sum();
    json!({
        "files": reports.len(), "checked": checked, "launchable_kernels": launchable,
        "findings": findings, "input_errors": input_errors,
    })
}

/// `check --format json`'s document.
struct JsonDoc<F> {
    findings: F,
    summary: Value,
}

// The three documents' `Serialize` impls are written out (what serde's derive would generate, fields
// in order): serde's derive macro is the only reason the CLI would build `serde_derive`.
impl<F: serde::Serialize> serde::Serialize for JsonDoc<F> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("JsonDoc", 2)?;
        st.serialize_field("findings", &self.findings)?;
        st.serialize_field("summary", &self.summary)?;
        st.end()
    }
}

/// The findings and input errors of all reports as one JSON document.
pub fn to_json(reports: &[FileReport]) -> Value {
    let index: Vec<LineIndex<'_>> = reports.iter().map(|r| LineIndex::new(&r.source)).collect();
    let mut memo = Memo::default();
    let items: Vec<Value> =
        all_items(reports, &index).into_iter().map(|(i, r, ix)| json_item(i, r, ix, &mut memo)).collect();
    serde_json::to_value(JsonDoc { findings: items, summary: json_summary(reports) }).unwrap_or(Value::Null)
}

/// [`to_json`] written as it is built (at most `max_findings` items), pretty-printed: the items are
/// made on every core one chunk at a time, so memory stays flat however many findings there are.
pub fn write_json(
    reports: &[FileReport],
    max_findings: Option<usize>,
    out: &mut dyn std::io::Write,
) -> serde_json::Result<()> {
    let index: Vec<LineIndex<'_>> = reports.iter().map(|r| LineIndex::new(&r.source)).collect();
    let mut items = all_items(reports, &index);
    items.truncate(max_findings.unwrap_or(usize::MAX));
    let findings =
        Streamed(std::cell::RefCell::new(Some(par_ordered(&items, |memo, &(i, r, ix)| json_item(i, r, ix, memo)))));
    let doc = JsonDoc { findings, summary: json_summary(reports) };
    serde_json::to_writer_pretty(out, &doc)
}

/// A SARIF result's text: an input error's message; a finding's message and help.
fn sarif_text(item: Item<'_>, prober: &mut dyn Prober) -> String {
    if item.is_input_error() {
        return item.message.clone();
    }
    match item.advised(prober).help() {
        Some(help) => format!("{}\n{help}", item.message),
        None => item.message.clone(),
    }
}

fn sarif_result(item: Item<'_>, r: &FileReport, ix: &LineIndex<'_>, prober: &mut dyn Prober) -> Value {
    let code = item.code();
    let message = sarif_text(item, prober);
    let (sl, sc, el, ec) = ix.at(&item.at);
    json!({
        "ruleId": code,
        "level": level(r, code),
        "message": {"text": message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": uri(&r.path)},
            "region": {"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec}
        }}]
    })
}

fn sarif_rules(items: &[(Item<'_>, &FileReport, &LineIndex<'_>)]) -> Vec<Value> {
    let mut rules: Vec<crate::rules::Rule> = items.iter().map(|(i, ..)| i.rule).collect();
    rules.sort_unstable_by_key(|r| r.code());
    rules.dedup();
    rules
        .iter()
        .map(|r| {
            json!({
                "id": r.code(),
                "shortDescription": {"text": r.summary()},
                "fullDescription": {"text": r.explanation().trim()},
            })
        })
        .collect()
}

/// SARIF 2.1.0's document around a run's rules and results.
struct SarifDoc<R> {
    schema: &'static str,
    version: &'static str,
    runs: [SarifRun<R>; 1],
}

struct SarifRun<R> {
    tool: Value,
    results: R,
}

impl<R: serde::Serialize> serde::Serialize for SarifDoc<R> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("SarifDoc", 3)?;
        st.serialize_field("$schema", &self.schema)?;
        st.serialize_field("version", &self.version)?;
        st.serialize_field("runs", &self.runs)?;
        st.end()
    }
}

impl<R: serde::Serialize> serde::Serialize for SarifRun<R> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("SarifRun", 2)?;
        st.serialize_field("tool", &self.tool)?;
        st.serialize_field("results", &self.results)?;
        st.end()
    }
}

fn sarif_doc<R: serde::Serialize>(rules: &[Value], results: R) -> SarifDoc<R> {
    SarifDoc {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: [SarifRun {
            tool: json!({"driver": {"name": "smem-lint", "version": env!("CARGO_PKG_VERSION"), "rules": rules}}),
            results,
        }],
    }
}

/// SARIF 2.1.0 with locations into the TOML files, written as it is built: the results are made on
/// every core one chunk at a time.
pub fn write_sarif(reports: &[FileReport], out: &mut dyn std::io::Write) -> serde_json::Result<()> {
    let index: Vec<LineIndex<'_>> = reports.iter().map(|r| LineIndex::new(&r.source)).collect();
    let items = all_items(reports, &index);
    let rules = sarif_rules(&items);
    let results =
        Streamed(std::cell::RefCell::new(Some(par_ordered(&items, |memo, &(i, r, ix)| sarif_result(i, r, ix, memo)))));
    let doc = sarif_doc(&rules, results);
    serde_json::to_writer_pretty(out, &doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The streamed, parallel, memoised renderings are the plain ones byte for byte, and every
    /// finding's memoised suggestions are the ones it computes afresh.
    #[test]
    fn streamed_renderings_equal_the_plain_ones() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/sm120-nvfp4-mxfp8-space.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        let r = crate::check::check_source(&path, text, &crate::check::Options::default());
        assert!(r.findings.len() > 100, "{}", r.findings.len());
        let reports = std::slice::from_ref(&r);

        let mut json = Vec::new();
        write_json(reports, None, &mut json).unwrap();
        assert_eq!(String::from_utf8(json).unwrap(), serde_json::to_string_pretty(&to_json(reports)).unwrap());
        let mut sarif = Vec::new();
        write_sarif(reports, &mut sarif).unwrap();
        let sarif: Value = serde_json::from_slice(&sarif).unwrap();
        let results = sarif["runs"][0]["results"].as_array().unwrap();
        assert_eq!(results.len(), r.findings.len() + r.input_errors.len());
        for (res, f) in results.iter().skip(r.input_errors.len()).zip(&r.findings) {
            let text = sarif_text(f, &mut crate::model::Fresh);
            assert_eq!(res["message"]["text"].as_str(), Some(text.as_str()));
        }
        let mut human = Vec::new();
        assert_eq!(write_human(&r, usize::MAX, false, 100, &mut human).unwrap(), r.findings.len());
        assert_eq!(String::from_utf8(human).unwrap(), render(&diags(&r), false, 100));

        let mut memo = Memo::default();
        for f in &r.findings {
            let fresh = f.suggestions_by(&mut crate::model::Fresh);
            assert_eq!(f.suggestions_by(&mut memo), fresh, "{}", f.message);
            assert_eq!(f.advised(&mut crate::model::Fresh).suggestions(), &*fresh, "{}", f.message);
        }
        let suggested: usize = r.findings.iter().map(|f| f.suggestions_by(&mut crate::model::Fresh).len()).sum();
        assert!(suggested > 100, "{suggested}");
    }

    /// Help text wraps at spaces, and a word longer than the line (a path, a kernel name) is kept
    /// whole so that it can be copied.
    #[test]
    fn long_words_stay_whole() {
        let word = format!("kernel_{}", "x".repeat(150));
        let source = Arc::new(IndexedSource::new("f.toml".into(), "TOML", "a = 1\n".into()));
        let diag = Diag {
            code: "smem::test",
            severity: Severity::Error,
            message: "message".into(),
            labels: vec![LabeledSpan::new_primary_with_span(Some("here".into()), 0..1)],
            help: Some(format!("{} {word} and more words after it", "short words ".repeat(10))),
            source,
        };
        let text = render(&[diag], false, 80);
        assert!(text.contains(&word), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 80 || l.contains(&word)), "{text}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 20_000, ..Default::default() })]

        /// The span window read from the line index is what miette reads by scanning the text:
        /// the same bytes, span, line, column and line count, for any text without carriage
        /// returns (multi-byte characters and blank lines included), any span inside it and any
        /// context size.
        #[test]
        fn indexed_spans_read_as_miette_reads_them(
            text in "([ab\\n]|é|\\n\\n){1,60}",
            at in 0usize..200,
            len in 1usize..40,
            before in 0usize..4,
            after in 0usize..4,
        ) {
            let at = at % text.len();
            let len = len.min(text.len() - at);
            let span = SourceSpan::new(at.into(), len);
            let source = IndexedSource::new("f".into(), "TOML", text.clone());
            let (start, end, line, column, line_count) = source.span_window(&span, before, after).unwrap();
            let theirs = <[u8] as SourceCode>::read_span(text.as_bytes(), &span, before, after).unwrap();
            proptest::prop_assert_eq!(&text.as_bytes()[start..end], theirs.data());
            proptest::prop_assert_eq!((start, end - start), (theirs.span().offset(), theirs.span().len()));
            proptest::prop_assert_eq!((line, column, line_count), (theirs.line(), theirs.column(), theirs.line_count()));
        }
    }
}
