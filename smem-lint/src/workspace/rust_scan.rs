//! Find `#[smem_check(...)]` structs in Rust sources with syn, without building anything, and check
//! them with the same code the proc macro runs.

use std::ops::Range;

use syn::visit::Visit;

use crate::check::SpannedFinding;
use crate::rust_attr::{check_item_with, Overrides};

struct Finder<'a> {
    source: &'a str,
    line_starts: Vec<usize>,
    found: Vec<SpannedFinding>,
    checked: usize,
    /// The names the attribute goes by in this file: `smem_check`, and any `use ... smem_check as X`.
    names: Vec<String>,
    overrides: &'a Overrides,
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
            self.found.push(SpannedFinding {
                code: crate::rules::Rule::InvalidAttribute.code(),
                span,
                label: "not a struct".into(),
                message: format!("#[smem_check] goes on a struct, not on {what}"),
                input_error: true,
                kernel: None,
                archs: Vec::new(),
                bytes: None,
            });
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
            let result = check_item_with(tokens, &input, self.overrides);
            if let Ok(c) = &result {
                if let Ok(crate::model::Evaluation::Compiled(footprint)) =
                    crate::model::evaluate_with(&c.entry.config, crate::model::Detail::Sizes)
                {
                    self.launchable.push(crate::check::Launchable {
                        entry: c.entry.name.clone(),
                        config: c.entry.config,
                        archs: c.entry.archs.clone(),
                        sizes: footprint.sizes(),
                    });
                }
            }
            if let Err(issues) = result {
                for i in issues {
                    let span = self.range(i.span);
                    let input_error = i.is_input_error();
                    self.found.push(SpannedFinding {
                        code: i.code,
                        span,
                        label: crate::check::Problem::rule_text(i.code).into(),
                        message: i.message,
                        input_error,
                        kernel: i.kernel,
                        archs: i.archs,
                        bytes: i.bytes,
                    });
                }
            }
        }
        syn::visit::visit_item_struct(self, item);
    }
}

/// Nesting deeper than this is refused before syn parses the file: syn's recursive descent would
/// otherwise overflow the stack on hostile input (thousands of nested brackets).
pub const MAX_NESTING: usize = 256;

/// The deepest bracket nesting of a text (strings and comments included: conservative).
fn max_nesting(source: &str) -> (usize, usize) {
    let (mut depth, mut max, mut at) = (0usize, 0usize, 0usize);
    for (i, b) in source.bytes().enumerate() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    (max, at) = (depth, i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (max, at)
}

/// What one source file holds: the `#[smem_check]` findings, how many annotated structs it has, and
/// the annotated structs that launch on every architecture they name.
pub struct Scan {
    pub findings: Vec<SpannedFinding>,
    pub structs: usize,
    pub launchable: Vec<crate::check::Launchable>,
}

/// Scan one source file. `overrides` are the workspace's `archs` and `cutlass`, applied as to TOML
/// configurations.
pub fn scan(source: &str, overrides: &Overrides) -> Scan {
    let line_starts = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let mut f = Finder {
        source,
        line_starts,
        found: Vec::new(),
        checked: 0,
        names: Vec::new(),
        overrides,
        launchable: Vec::new(),
    };
    let (depth, at) = max_nesting(source);
    if depth > MAX_NESTING {
        f.found.push(SpannedFinding {
            code: crate::rules::Rule::RustSyntax.code(),
            span: at..at + 1,
            label: "too deep".into(),
            message: format!(
                "brackets nest {depth} deep here; smem-lint does not parse Rust nested beyond {MAX_NESTING}"
            ),
            input_error: true,
            kernel: None,
            archs: Vec::new(),
            bytes: None,
        });
        return Scan { findings: f.found, structs: 0, launchable: Vec::new() };
    }
    match syn::parse_file(source) {
        Ok(file) => {
            let mut renames = Renames(vec!["smem_check".into()]);
            renames.visit_file(&file);
            f.names = renames.0;
            f.visit_file(&file);
        }
        Err(e) => {
            let span = f.range(e.span());
            f.found.push(SpannedFinding {
                code: crate::rules::Rule::RustSyntax.code(),
                span,
                label: "here".into(),
                message: format!("cannot parse this Rust file: {e}"),
                input_error: true,
                kernel: None,
                archs: Vec::new(),
                bytes: None,
            });
        }
    }
    Scan { findings: f.found, structs: f.checked, launchable: f.launchable }
}
