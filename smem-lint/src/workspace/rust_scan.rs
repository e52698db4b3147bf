//! Find `#[smem_check(...)]` structs in Rust sources with syn, without building anything, and check
//! them with the same code the proc macro runs.

use std::ops::Range;

use syn::visit::Visit;

use crate::check::SpannedFinding;
use crate::rust_attr::check_item;

struct Finder<'a> {
    source: &'a str,
    line_starts: Vec<usize>,
    found: Vec<SpannedFinding>,
    checked: usize,
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

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
        for attr in &item.attrs {
            if attr.path().segments.last().is_none_or(|s| s.ident != "smem_check") {
                continue;
            }
            self.checked += 1;
            let tokens = match &attr.meta {
                syn::Meta::List(l) => l.tokens.clone(),
                _ => proc_macro2::TokenStream::new(),
            };
            let input = syn::DeriveInput::from(item.clone());
            if let Err(issues) = check_item(tokens, &input) {
                for i in issues {
                    let span = self.range(i.span);
                    let input_error = i.is_input_error();
                    self.found.push(SpannedFinding {
                        code: i.code,
                        span,
                        label: crate::check::Problem::rule_text(i.code).into(),
                        message: i.message,
                        input_error,
                    });
                }
            }
        }
        syn::visit::visit_item_struct(self, item);
    }
}

/// The `#[smem_check]` findings of one source file, and how many annotated structs it has.
pub fn scan(source: &str) -> (Vec<SpannedFinding>, usize) {
    let line_starts = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let mut f = Finder { source, line_starts, found: Vec::new(), checked: 0 };
    match syn::parse_file(source) {
        Ok(file) => f.visit_file(&file),
        Err(e) => {
            let span = f.range(e.span());
            f.found.push(SpannedFinding {
                code: "smem::rust-syntax",
                span,
                label: "here".into(),
                message: format!("cannot parse this Rust file: {e}"),
                input_error: true,
            });
        }
    }
    (f.found, f.checked)
}
