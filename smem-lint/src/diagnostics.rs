//! Findings and input errors as miette diagnostics, and their renderings (human, JSON, SARIF).

use std::fmt;
use std::fmt::Write as _;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, Severity,
    SourceCode, SourceSpan, SpanContents,
};
use serde_json::{json, Value};

use crate::check::{FileReport, Finding, Problem, SpannedFinding};
use crate::config_file::InputError;
use crate::model::{Footprint, Role};

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
}

impl IndexedSource {
    pub fn new(name: String, language: &'static str, text: String) -> Self {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        IndexedSource { name, language, text, starts }
    }

    /// 0-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// 1-based (line, column in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let col = self.text.get(start..offset).map_or(offset - start, |t| t.chars().count());
        (line + 1, col + 1)
    }
}

impl SourceCode for IndexedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
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

fn archs_text(f: &Finding) -> String {
    f.archs.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
}

/// The three largest items of the breakdown, by role: `A tiles 49152 B (3 x 16384)`.
pub fn largest_items(fp: &Footprint) -> String {
    fp.by_role()
        .into_iter()
        .filter(|(r, _)| *r != Role::Padding)
        .take(4)
        .map(|(role, bytes)| {
            let per = fp.members.iter().find(|m| m.role == role).and_then(|m| m.per_stage);
            match per {
                Some(p)
                    if matches!(role, Role::OperandA | Role::OperandB | Role::ScaleFactorA | Role::ScaleFactorB) =>
                {
                    format!("{} {bytes} B ({} x {})", role.name(), p.stages, p.bytes_per_stage)
                }
                _ => format!("{} {bytes} B", role.name()),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn suggestions_text(f: &Finding) -> Option<String> {
    (!f.suggestions.is_empty()).then(|| {
        let items: Vec<String> = f.suggestions.iter().map(super::suggest::Suggestion::describe).collect();
        format!("nearest that fit: {}", items.join("; "))
    })
}

/// The finding's message, primary label and help (none when empty).
pub fn finding_text(f: &Finding) -> (String, String, Option<String>) {
    let archs = archs_text(f);
    let name = &f.entry;
    let (message, label, mut help): (String, String, Vec<String>) = match &f.problem {
        Problem::ExceedsCap { needs, cap, over, auto_overflow } => {
            let mut help = Vec::new();
            if let Some(fp) = &f.footprint {
                // `check` keeps sizes only (a sweep's findings would otherwise hold every member
                // name); the members of a finding are laid out again when it is shown.
                let full = if fp.members.is_empty() {
                    match crate::model::evaluate(&f.config) {
                        Ok(crate::model::Evaluation::Compiled(full)) => Some(full),
                        _ => None,
                    }
                } else {
                    None
                };
                let fp = full.as_ref().unwrap_or(fp);
                help.push(format!("{} stages; largest items: {}", fp.stages, largest_items(fp)));
            }
            if let Some(o) = auto_overflow {
                help.push(format!(
                    "CUTLASS's automatic stage count ({} stages) overflows: its budget leaves out kernel-level storage; it compiles, then fails in initialize() with kErrorInternal",
                    o.auto_stages
                ));
            }
            (
                format!("`{name}` needs {needs} bytes of shared memory, {over} more than {archs} allows"),
                format!("needs {needs} bytes, cap {cap} on {archs}, over by {over} bytes"),
                help,
            )
        }
        Problem::Rejected(r) => (
            format!("`{name}` does not compile: CUTLASS static_assert \"{}\"", r.message),
            r.detail.clone(),
            Vec::new(),
        ),
        Problem::Unbuildable(u) => (
            format!("`{name}` compiles but cannot be built: \"{}\"", u.message),
            u.detail.clone(),
            f.footprint.iter().map(|fp| format!("its SharedStorage would be {} bytes", fp.kernel_bytes)).collect(),
        ),
        Problem::NotModelled(e) => {
            (format!("`{name}` cannot be checked: {}", e.message), "outside the model".into(), vec![e.hint.to_string()])
        }
    };
    help.extend(suggestions_text(f));
    (message, label, (!help.is_empty()).then(|| help.join("\n")))
}

/// The finding as a diagnostic over `source`.
pub fn finding_diag(f: &Finding, source: &Arc<IndexedSource>) -> Diag {
    let (message, label, help) = finding_text(f);
    let mut labels = vec![LabeledSpan::new_primary_with_span(Some(label), f.span.clone())];
    for (span, text) in &f.secondary {
        if *span != f.span {
            labels.push(LabeledSpan::new_with_span(Some(text.clone()), span.clone()));
        }
    }
    Diag { code: f.problem.code(), severity: Severity::Error, message, labels, help, source: source.clone() }
}

/// An input error as a diagnostic.
pub fn input_diag(e: &InputError, source: &Arc<IndexedSource>) -> Diag {
    Diag {
        code: e.kind.code(),
        severity: Severity::Error,
        message: e.message.clone(),
        labels: vec![LabeledSpan::new_primary_with_span(Some(e.label.clone()), e.span.clone())],
        help: e.help.clone(),
        source: source.clone(),
    }
}

fn spanned_diag(f: &SpannedFinding, source: &Arc<IndexedSource>) -> Diag {
    Diag {
        code: f.code,
        severity: Severity::Error,
        message: f.message.clone(),
        labels: vec![LabeledSpan::new_primary_with_span(Some(f.label.clone()), f.span.clone())],
        help: None,
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

/// Every diagnostic of a report, input errors first, in file order.
pub fn diags(report: &FileReport) -> Vec<Diag> {
    let lang = if report.path.extension().is_some_and(|e| e == "rs") { "rust" } else { "toml" };
    let source = Arc::new(IndexedSource::new(report.path.display().to_string(), lang, report.source.clone()));
    let mut out: Vec<Diag> = report.input_errors.iter().map(|e| input_diag(e, &source)).collect();
    let mut findings: Vec<&Finding> = report.findings.iter().collect();
    findings.sort_by_key(|f| f.span.start);
    out.extend(findings.into_iter().map(|f| finding_diag(f, &source)));
    out.extend(report.spanned.iter().map(|f| spanned_diag(f, &source)));
    for d in &mut out {
        d.severity = severity(report, d.code);
    }
    out
}

fn level(report: &FileReport, code: &str) -> &'static str {
    match severity(report, code) {
        Severity::Warning => "warning",
        _ => "error",
    }
}

/// Render diagnostics as text; `color` picks the themed or plain renderer; `width` the line width.
pub fn render(diags: &[Diag], color: bool, width: usize) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(width).with_links(false);
    let mut out = String::new();
    for d in diags {
        let _ = handler.render_report(&mut out, d);
        out.push('\n');
    }
    out
}

/// Line and column of spans, one line index per report (built once, then binary searches).
#[derive(Default)]
struct Locator {
    report: usize,
    starts: Vec<usize>,
}

impl Locator {
    fn at(&mut self, r: &FileReport, span: &std::ops::Range<usize>) -> (usize, usize, usize, usize) {
        let key = std::ptr::from_ref(r) as usize;
        if key != self.report || self.starts.is_empty() {
            self.report = key;
            self.starts = std::iter::once(0).chain(r.source.match_indices('\n').map(|(i, _)| i + 1)).collect();
        }
        let lc = |offset: usize| {
            let offset = offset.min(r.source.len());
            let line = self.starts.partition_point(|&s| s <= offset).saturating_sub(1);
            let start = self.starts[line];
            let col = r.source.get(start..offset).map_or(offset - start, |t| t.chars().count());
            (line + 1, col + 1)
        };
        let ((l1, c1), (l2, c2)) = (lc(span.start), lc(span.end));
        (l1, c1, l2, c2)
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

/// The findings and input errors of all reports as one JSON document.
pub fn to_json(reports: &[FileReport]) -> Value {
    let mut items = Vec::new();
    let mut loc = Locator::default();
    for r in reports {
        for e in &r.input_errors {
            let (line, column, ..) = loc.at(r, &e.span);
            items.push(json!({
                "file": r.path.display().to_string(), "line": line, "column": column,
                "code": e.kind.code(), "severity": "error", "message": e.message, "help": e.help,
            }));
        }
        for f in &r.findings {
            let (line, column, ..) = loc.at(r, &f.span);
            let mut o = json!({
                "file": r.path.display().to_string(), "line": line, "column": column,
                "code": f.problem.code(), "severity": level(r, f.problem.code()), "kernel": f.entry,
                "archs": f.archs.iter().map(|a| a.name()).collect::<Vec<_>>(),
                "message": finding_text(f).0,
                "suggestions": f.suggestions.iter().map(super::suggest::Suggestion::describe).collect::<Vec<_>>(),
            });
            if let Problem::ExceedsCap { needs, cap, over, .. } = f.problem {
                o["kernel_bytes"] = json!(needs);
                o["cap_bytes"] = json!(cap);
                o["over_bytes"] = json!(over);
            }
            items.push(o);
        }
        for f in &r.spanned {
            let (line, column, ..) = loc.at(r, &f.span);
            let mut o = json!({
                "file": r.path.display().to_string(), "line": line, "column": column,
                "code": f.code, "severity": level(r, f.code), "message": f.message,
            });
            // The same fields as TOML findings carry, where the finding is about a kernel.
            if let Some(k) = &f.kernel {
                o["kernel"] = json!(k);
                o["archs"] = json!(f.archs.iter().map(|a| a.name()).collect::<Vec<_>>());
            }
            if let Some((needs, cap, over)) = f.bytes {
                o["kernel_bytes"] = json!(needs);
                o["cap_bytes"] = json!(cap);
                o["over_bytes"] = json!(over);
            }
            items.push(o);
        }
    }
    let checked: usize = reports.iter().map(|r| r.checked).sum();
    let launchable: usize = reports.iter().map(|r| r.launchable.len()).sum();
    let findings: usize = reports.iter().map(FileReport::finding_count).sum();
    let input_errors: usize = reports.iter().map(FileReport::input_error_count).sum();
    json!({"findings": items, "summary": {
        "files": reports.len(), "checked": checked, "launchable_kernels": launchable,
        "findings": findings, "input_errors": input_errors,
    }})
}

/// SARIF 2.1.0 with locations into the TOML files.
pub fn to_sarif(reports: &[FileReport]) -> Value {
    let mut results = Vec::new();
    let mut rules: Vec<&'static str> = Vec::new();
    let mut loc = Locator::default();
    let mut push = |code: &'static str, message: String, r: &FileReport, span: &std::ops::Range<usize>| {
        let lvl = level(r, code);
        if !rules.contains(&code) {
            rules.push(code);
        }
        let (sl, sc, el, ec) = loc.at(r, span);
        results.push(json!({
            "ruleId": code,
            "level": lvl,
            "message": {"text": message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": uri(&r.path)},
                "region": {"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec}
            }}]
        }));
    };
    for r in reports {
        for e in &r.input_errors {
            push(e.kind.code(), e.message.clone(), r, &e.span);
        }
        for f in &r.findings {
            let text = match finding_text(f) {
                (message, _, Some(help)) => format!("{message}\n{help}"),
                (message, _, None) => message,
            };
            push(f.problem.code(), text, r, &f.span);
        }
        for f in &r.spanned {
            push(f.code, f.message.clone(), r, &f.span);
        }
    }
    rules.sort_unstable();
    let rules: Vec<Value> = rules
        .iter()
        .map(|c| {
            let rule = crate::rules::Rule::from_code(c);
            json!({
                "id": c,
                "shortDescription": {"text": Problem::rule_text(c)},
                "fullDescription": {"text": rule.map(|r| r.explanation().trim().to_string()).unwrap_or_default()},
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "smem-lint", "version": env!("CARGO_PKG_VERSION"), "rules": rules}},
            "results": results
        }]
    })
}
