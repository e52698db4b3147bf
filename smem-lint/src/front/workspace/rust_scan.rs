//! Find `#[smem_check(...)]` structs in Rust sources with syn, without building anything, and check
//! them with the same code the proc macro runs.

use std::ops::Range;

use syn::visit::Visit;

use crate::diagnostic::Diagnostic;
use crate::rules::Rule;
use crate::rust_attr::check_item;

struct Finder<'a> {
    source: &'a str,
    line_starts: Vec<usize>,
    found: Vec<Diagnostic>,
    checked: usize,
    /// The names the attribute goes by in this file: `smem_check`, and any `use ... smem_check as X`.
    names: Vec<String>,
    launchable: Vec<crate::check::Launchable>,
}

/// `use smem_lint_macros::smem_check as check;` (in any `use` tree): the local names of the attribute.
struct Renames(Vec<String>);

impl<'ast> Visit<'ast> for Renames {
    fn visit_use_rename(&mut self, r: &'ast syn::UseRename) {
        if r.ident == "smem_check" {
            self.0.push(r.rename.to_string());
        }
    }
}

impl Finder<'_> {
    /// Byte range of a span (proc-macro2 `span-locations`: 1-based lines, 0-based char columns).
    fn range(&self, span: proc_macro2::Span) -> Range<usize> {
        let at = |lc: proc_macro2::LineColumn| {
            let start = self.line_starts.get(lc.line.saturating_sub(1)).copied().unwrap_or(self.source.len());
            let line = &self.source[start..];
            start + line.char_indices().nth(lc.column).map_or(line.len(), |(i, _)| i)
        };
        let (s, e) = (at(span.start()), at(span.end()));
        s..e.max(s)
    }
}

impl Finder<'_> {
    fn is_ours(&self, path: &syn::Path) -> bool {
        path.segments.last().is_some_and(|s| self.names.iter().any(|n| s.ident == n))
    }

    /// The attribute's arguments, also when it sits behind `#[cfg_attr(predicate, smem_check(...))]`.
    fn arguments(&self, attr: &syn::Attribute) -> Option<proc_macro2::TokenStream> {
        if self.is_ours(attr.path()) {
            return Some(match &attr.meta {
                syn::Meta::List(l) => l.tokens.clone(),
                _ => proc_macro2::TokenStream::new(),
            });
        }
        if !attr.path().is_ident("cfg_attr") {
            return None;
        }
        let nested =
            attr.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated).ok()?;
        nested.into_iter().skip(1).find(|m| self.is_ours(m.path())).map(|m| match m {
            syn::Meta::List(l) => l.tokens,
            _ => proc_macro2::TokenStream::new(),
        })
    }

    /// `#[smem_check]` on something that is not a struct: the macro rejects it at build time.
    fn misplaced(&mut self, attrs: &[syn::Attribute], what: &str, span: proc_macro2::Span) {
        if attrs.iter().any(|a| self.arguments(a).is_some()) {
            self.checked += 1;
            let span = self.range(span);
            let message = format!("#[smem_check] goes on a struct, not on {what}");
            self.found.push(Diagnostic::input(Rule::InvalidAttribute, span, message, "not a struct", None));
        }
    }
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.misplaced(&item.attrs, "a function", item.sig.ident.span());
        syn::visit::visit_item_fn(self, item);
    }

    fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
        self.misplaced(&item.attrs, "an enum", item.ident.span());
        syn::visit::visit_item_enum(self, item);
    }

    fn visit_item_union(&mut self, item: &'ast syn::ItemUnion) {
        self.misplaced(&item.attrs, "a union", item.ident.span());
        syn::visit::visit_item_union(self, item);
    }

    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        for attr in &item.attrs {
            let Some(tokens) = self.arguments(attr) else { continue };
            self.checked += 1;
            let input = syn::DeriveInput::from(item.clone());
            let result = check_item(tokens, &input);
            // The checker's answer is the table row: nothing is evaluated again.
            if let Ok(c) = &result {
                self.launchable.push(crate::check::Launchable {
                    entry: c.entry.name.clone(),
                    config: c.entry.config,
                    archs: c.entry.archs.clone(),
                    sizes: c.entry.sizes(),
                });
            }
            if let Err(issues) = result {
                // The attribute's diagnostics, their tokens turned into byte ranges.
                let located: Vec<Diagnostic> = issues.into_iter().map(|i| i.map_at(|span| self.range(span))).collect();
                self.found.extend(located);
            }
        }
        syn::visit::visit_item_struct(self, item);
    }
}

/// What one source file holds: the `#[smem_check]` findings, how many annotated structs it has, and
/// the annotated structs that launch on every architecture they name.
pub struct Scan {
    pub findings: Vec<Diagnostic>,
    pub structs: usize,
    pub launchable: Vec<crate::check::Launchable>,
}

/// Scan one source file; each struct is checked as its attribute says ([`check_item`]).
///
/// syn's tree of a whole file takes about 70 times the file's size, so a file is cut into its
/// top-level items first ([`top_level_items`], a skim that only tracks comments, literals and
/// brackets) and the items are parsed one at a time, each dropped before the next. A file the skim
/// cannot cut, or an item syn refuses, is parsed whole as before (its error is reported).
pub fn scan(source: &str) -> Scan {
    if let Some(items) = top_level_items(source) {
        if let Some(scan) = scan_items(source, &items) {
            return scan;
        }
    }
    scan_whole(source)
}

/// A Rust text as syn's tree, after its tokens are measured ([`crate::rust_attr::depth`]): syn's
/// recursive descent would otherwise overflow the stack on hostile input (thousands of nested
/// brackets, or of `-`). `Err` with the span and depth of tokens too deep, or syn's error.
fn parse_file(text: &str) -> Result<syn::File, Refused> {
    // A byte-order mark or a `#!` line (not `#![`) is what `syn::parse_file` strips first: it is
    // blanked for the measure, and syn reads the text itself.
    let special = text.starts_with('\u{feff}') || (text.starts_with("#!") && !text.starts_with("#!["));
    let measured: std::borrow::Cow<'_, str> = if special {
        let end = text.find('\n').unwrap_or(text.len());
        let blank: String = text[..end].chars().map(|_| ' ').collect();
        format!("{blank}{}", &text[end..]).into()
    } else {
        text.into()
    };
    let tokens: proc_macro2::TokenStream =
        measured.parse().map_err(|e: proc_macro2::LexError| Refused::Syntax(syn::Error::from(e)))?;
    if let Some((span, depth)) = crate::rust_attr::depth::too_deep(&tokens) {
        return Err(Refused::TooDeep(span, depth));
    }
    if special {
        syn::parse_file(text).map_err(Refused::Syntax)
    } else {
        syn::parse2(tokens).map_err(Refused::Syntax)
    }
}

/// Why a Rust text was not parsed.
enum Refused {
    Syntax(syn::Error),
    TooDeep(proc_macro2::Span, usize),
}

fn finder(source: &str, names: Vec<String>) -> Finder<'_> {
    let line_starts = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
    Finder { source, line_starts, found: Vec::new(), checked: 0, names, launchable: Vec::new() }
}

/// The items of `source` (byte ranges), parsed and visited one at a time (every item is parsed, so
/// that a file syn refuses is refused as a whole file is); `None` when syn refuses one (the caller
/// then parses the whole file and reports why). Items nested too deep are measured, not parsed:
/// the file is then refused at the first of them, as the whole file would be.
fn scan_items(source: &str, items: &[Range<usize>]) -> Option<Scan> {
    // The attribute's local names: renames live in `use` items, which name `smem_check` itself.
    let mut renames = Renames(vec!["smem_check".into()]);
    for r in items {
        let text = &source[r.clone()];
        if text.contains("smem_check") && text.contains("as") {
            match parse_file(text) {
                Ok(file) => renames.visit_file(&file),
                Err(Refused::TooDeep(..)) => {}
                Err(Refused::Syntax(_)) => return None,
            }
        }
    }
    let mut scan = Scan { findings: Vec::new(), structs: 0, launchable: Vec::new() };
    let mut too_deep: Option<Diagnostic> = None;
    for r in items {
        let text = &source[r.clone()];
        let file = match parse_file(text) {
            Ok(file) => file,
            Err(Refused::TooDeep(at, depth)) => {
                if too_deep.is_none() {
                    let at = finder(text, Vec::new()).range(at);
                    too_deep = Some(deep_finding(at.start + r.start..at.end + r.start, depth));
                }
                forget_spans();
                continue;
            }
            Err(Refused::Syntax(_)) => return None,
        };
        if renames.0.iter().any(|n| text.contains(n.as_str())) {
            // Spans become byte ranges as the finder goes, so nothing below needs the tree.
            let mut f = finder(text, renames.0.clone());
            f.visit_file(&file);
            scan.structs += f.checked;
            scan.launchable.append(&mut f.launchable);
            scan.findings.extend(f.found.into_iter().map(|x| x.map_at(|s| s.start + r.start..s.end + r.start)));
        }
        drop(file);
        forget_spans();
    }
    if let Some(f) = too_deep {
        return Some(Scan { findings: vec![f], structs: 0, launchable: Vec::new() });
    }
    Some(scan)
}

/// The input error of tokens nested deeper than the stated limit.
fn deep_finding(span: Range<usize>, depth: usize) -> Diagnostic {
    Diagnostic::input(Rule::InputLimit, span, crate::rust_attr::depth::message("tokens", depth), "too deep", None)
}

/// Let proc-macro2 drop the text it keeps for the spans of everything parsed on this thread (it
/// otherwise keeps every parsed text for the life of the process). Called once the items parsed so
/// far are dropped and their spans turned into byte ranges; never inside a proc macro (rust_scan
/// only runs in the CLI).
fn forget_spans() {
    proc_macro2::extra::invalidate_current_thread_spans();
}

/// The whole file through syn at once.
fn scan_whole(source: &str) -> Scan {
    let mut f = finder(source, Vec::new());
    match parse_file(source) {
        Ok(file) => {
            let mut renames = Renames(vec!["smem_check".into()]);
            renames.visit_file(&file);
            f.names = renames.0;
            f.visit_file(&file);
        }
        Err(Refused::Syntax(e)) => {
            let span = f.range(e.span());
            let message = format!("cannot parse this Rust file: {e}");
            f.found.push(Diagnostic::input(Rule::RustSyntax, span, message, "here", None));
        }
        Err(Refused::TooDeep(at, depth)) => {
            let span = f.range(at);
            f.found.push(deep_finding(span, depth));
        }
    }
    let scan = Scan { findings: f.found, structs: f.checked, launchable: f.launchable };
    forget_spans();
    scan
}

/// The byte ranges of `source`'s top-level items (with the comments and attributes before each):
/// a skim of Rust's lexical structure that skips comments, string, byte-string, raw-string and char
/// literals and tracks bracket depth; an item ends at depth 0 after `;` or after `}` (and a `;`
/// right after it). `None` when the brackets do not balance or a literal or comment is not closed.
pub(crate) fn top_level_items(source: &str) -> Option<Vec<Range<usize>>> {
    let b = source.as_bytes();
    let mut items = Vec::new();
    let (mut start, mut depth, mut i) = (0usize, 0usize, 0usize);
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = source[i..].find('\n').map_or(b.len(), |n| i + n + 1);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut nest = 1usize;
                i += 2;
                while nest > 0 {
                    match (b.get(i)?, b.get(i + 1)) {
                        (b'/', Some(b'*')) => (nest, i) = (nest + 1, i + 2),
                        (b'*', Some(b'/')) => (nest, i) = (nest - 1, i + 2),
                        _ => i += 1,
                    }
                }
                continue;
            }
            b'"' => {
                i = skip_string(b, i + 1)?;
                continue;
            }
            // r"..", r#".."#, br"..", cr"..": a raw string unless the letter ends an identifier.
            b'r' | b'b' | b'c' if i == 0 || !ident(b[i - 1]) => {
                let mut j = i + 1;
                if c != b'r' && b.get(j) == Some(&b'r') {
                    j += 1;
                }
                let raw = c == b'r' || j > i + 1;
                let hashes = b[j..].iter().take_while(|&&h| h == b'#').count();
                if raw && b.get(j + hashes) == Some(&b'"') {
                    let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                    let body = j + hashes + 1;
                    i = body + b[body..].windows(close.len()).position(|w| w == close.as_slice())? + close.len();
                    continue;
                }
                if !raw && b.get(j) == Some(&b'"') {
                    i = skip_string(b, j + 1)?;
                    continue;
                }
                if c == b'b' && b.get(j) == Some(&b'\'') {
                    i = skip_char(source, j)?;
                    continue;
                }
                // An identifier: skip it whole, so that its later letters are not read as prefixes.
                i += b[i..].iter().take_while(|&&x| ident(x)).count();
                continue;
            }
            b'\'' => {
                i = skip_char(source, i).unwrap_or(i + 1);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' => depth = depth.checked_sub(1)?,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    let mut end = i + 1;
                    let next = end + b[end..].iter().take_while(|x| x.is_ascii_whitespace()).count();
                    if b.get(next) == Some(&b';') {
                        end = next + 1;
                    }
                    items.push(start..end);
                    (start, i) = (end, end);
                    continue;
                }
            }
            b';' if depth == 0 => {
                items.push(start..i + 1);
                start = i + 1;
            }
            _ if ident(c) => {
                i += b[i..].iter().take_while(|&&x| ident(x)).count();
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if depth != 0 {
        return None;
    }
    if !source[start..].trim().is_empty() {
        items.push(start..b.len());
    }
    Some(items)
}

/// The index after a string literal's closing quote (`i`: just after the opening one).
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The index after a char literal starting at the quote `i`; `None` for a lifetime or label.
fn skip_char(source: &str, i: usize) -> Option<usize> {
    let rest = source.get(i + 1..)?;
    let mut chars = rest.char_indices();
    let (_, first) = chars.next()?;
    if first == '\\' {
        // An escape: up to the closing quote ('\n', '\'', '\u{1F600}').
        let close = rest[2..].find('\'')?;
        return Some(i + 1 + 2 + close + 1);
    }
    match chars.next() {
        Some((at, '\'')) => Some(i + 1 + at + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The item-by-item scan equals the whole-file scan; returns whether the item path was taken
    /// (rather than the whole-file fallback), so that a comparison is not vacuous.
    fn same(source: &str) -> bool {
        let b = scan_whole(source);
        let Some(a) = top_level_items(source).and_then(|items| scan_items(source, &items)) else {
            return false;
        };
        assert_eq!(a.structs, b.structs, "{source}");
        assert_eq!(a.findings, b.findings, "{source}");
        assert_eq!(a.launchable, b.launchable, "{source}");
        true
    }

    /// Item by item or whole, a file gives the same findings at the same spans: every macro UI
    /// test, and the lexical corners the skim must step over.
    #[test]
    fn items_one_at_a_time_equal_the_whole_file() {
        let ui = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ui");
        let mut files = 0;
        for e in std::fs::read_dir(ui).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "rs") {
                assert!(same(&std::fs::read_to_string(&p).unwrap()), "{} fell back to the whole file", p.display());
                files += 1;
            }
        }
        assert!(files >= 8);
        let attr = "#[smem_check(sm120, kernel = grouped, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256, 128], stages = 4)]";
        for tricky in [
            "const S: &str = \"}{ ; \\\" }\";",
            "const R: &str = r#\"} \" ; {\"#;",
            "const B: &[u8] = br\"}\";",
            "const C: char = '}';",
            "const E: char = '\\'';",
            "fn f<'a>(x: &'a str) -> &'a str { 'outer: loop { break 'outer x; } }",
            "/* } /* { */ } */",
            "// } {",
            "static X: S = S { a: 1 };",
            "mod m { use smem_lint_macros::smem_check as check; #[check(sm120, kernel = dense, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 128])] pub struct Inner; }",
            "#[smem_check(sm120)] fn not_a_struct() {}",
            "#[cfg_attr(all(), smem_check(sm120, kernel = dense, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [512, 512, 128]))] pub struct Gated;",
        ] {
            let source = format!("use smem_lint_macros::smem_check;\n{tricky}\n{attr}\npub struct K;\n{tricky}\n");
            assert!(same(&source), "fell back to the whole file: {source}");
        }
        // A file syn refuses is refused whole, as before: the item path gives up and `scan` reports
        // the whole file's syntax error.
        let broken = format!("use smem_lint_macros::smem_check;\nlet broken = ;\n{attr}\npub struct K;\n");
        assert!(!same(&broken));
        let (a, b) = (scan(&broken), scan_whole(&broken));
        assert_eq!((a.structs, a.findings.len()), (0, 1));
        assert_eq!(a.findings, b.findings);
        // The skim cuts where a top-level item ends.
        let items =
            top_level_items("use a::b;\nstruct S { x: u32 }\nstatic X: S = S { x: '}' as u32 };\nfn f() {}\n").unwrap();
        assert_eq!(items.len(), 4);
        assert!(top_level_items("fn f() { \"unterminated }").is_none());
        assert!(top_level_items("fn f() { ").is_none());
    }
}
