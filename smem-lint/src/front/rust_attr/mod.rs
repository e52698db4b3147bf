//! The `#[smem_check(...)]` attribute, read from Rust tokens (feature `rust-attr`: syn and
//! proc-macro2 only). Shared by the proc macro (which turns [`Issue`]s into compile errors) and by
//! `cargo smem-lint` (which finds the attributes in source files with syn and reports the same
//! issues with file and line). Pipeline: [`args`] and [`fields`] parse, [`validate`] runs the model.

pub mod args;
pub mod depth;
pub mod fields;
pub mod validate;

use proc_macro2::{Span, TokenStream};

pub use validate::Checked;

/// One problem with an annotated struct, on the token to blame.
#[derive(Clone, Debug)]
pub struct Issue {
    pub span: Span,
    /// The same codes as the TOML front end (`smem::exceeds-cap`, ...), plus
    /// `smem::invalid-attribute` for malformed arguments.
    pub code: &'static str,
    pub message: String,
    /// What the finding is about, as the TOML front end reports it: the kernel (the struct's name),
    /// the architectures it fails on, and for a kernel over the cap (needs, cap, over) in bytes.
    pub kernel: Option<String>,
    pub archs: Vec<crate::model::Arch>,
    pub bytes: Option<(u64, u64, u64)>,
    /// For a kernel that cannot launch or be checked: the label, notes and nearest fits every
    /// front end gives ([`crate::checker::advise`]).
    pub advice: Option<crate::checker::Advice>,
}

impl Issue {
    /// The compile error's text: the message, the label, then each line of help (what the proc
    /// macro shows; `cargo smem-lint` lays the same parts out as a diagnostic).
    pub fn text(&self) -> String {
        match &self.advice {
            None => self.message.clone(),
            Some(a) => {
                // The label says again what the message says, except for a rejection's detail.
                let detail = matches!(
                    crate::rules::Rule::from_code(self.code),
                    Some(crate::rules::Rule::CutlassRejects | crate::rules::Rule::Unbuildable)
                );
                let mut s = if detail { format!("{}: {}", self.message, a.label) } else { self.message.clone() };
                for line in a.help().unwrap_or_default().lines() {
                    s.push_str("\nhelp: ");
                    s.push_str(line);
                }
                s
            }
        }
    }

    /// Whether the issue is about the input (malformed or unknown), not the kernel.
    pub fn is_input_error(&self) -> bool {
        crate::rules::Rule::from_code(self.code).is_some_and(crate::rules::Rule::is_input_error)
    }
}

fn from_syn(e: syn::Error) -> Vec<Issue> {
    e.into_iter()
        .map(|e| Issue {
            span: e.span(),
            code: crate::rules::Rule::InvalidAttribute.code(),
            message: e.to_string(),
            kernel: None,
            archs: Vec::new(),
            bytes: None,
            advice: None,
        })
        .collect()
}

/// Check the struct `item` annotated with `#[smem_check(<attr>)]`: every issue, or the checked
/// configuration. The attribute alone decides the architectures and the release, in the proc
/// macro and in `cargo smem-lint` alike (workspace settings never re-target a struct, so both
/// answer what `cargo build` answers).
pub fn check_item(attr: TokenStream, item: &syn::DeriveInput) -> Result<Checked, Vec<Issue>> {
    if let Some((span, depth)) = depth::too_deep(&attr) {
        return Err(vec![Issue {
            span,
            code: crate::rules::Rule::InputLimit.code(),
            message: depth::message("the #[smem_check] arguments", depth),
            kernel: None,
            archs: Vec::new(),
            bytes: None,
            advice: None,
        }]);
    }
    let (mut spec, parse_errors) = args::parse(attr);
    let mut issues: Vec<Issue> = parse_errors.map(from_syn).unwrap_or_default();
    if let Err(e) = fields::read(item, &mut spec) {
        issues.extend(from_syn(e));
    }
    if let Some(e) = spec.conflicts() {
        issues.extend(from_syn(e));
    }
    match validate::check(&spec, &item.ident) {
        Ok(c) if issues.is_empty() => Ok(c),
        Ok(_) => Err(at_most(issues, spec.attr_span)),
        Err(more) => {
            issues.extend(more);
            Err(at_most(issues, spec.attr_span))
        }
    }
}

/// The first [`MAX_ATTRIBUTE_ISSUES`] issues of an attribute, and one saying how many more there
/// are: an attribute repeating `b = nvfp4` a hundred thousand times gets a hundred errors, not a
/// hundred thousand (each of which costs rustc, or `cargo smem-lint`, a scan of its line).
fn at_most(mut issues: Vec<Issue>, attr_span: Option<Span>) -> Vec<Issue> {
    use crate::limits::MAX_ATTRIBUTE_ISSUES;
    if issues.len() > MAX_ATTRIBUTE_ISSUES {
        let more = issues.len() - MAX_ATTRIBUTE_ISSUES;
        issues.truncate(MAX_ATTRIBUTE_ISSUES);
        issues.push(Issue {
            span: attr_span.unwrap_or_else(Span::call_site),
            code: crate::rules::Rule::InputLimit.code(),
            message: format!(
                "and {more} more problems with this attribute: at most {MAX_ATTRIBUTE_ISSUES} are reported (docs/limits.md)"
            ),
            kernel: None,
            archs: Vec::new(),
            bytes: None,
            advice: None,
        });
    }
    issues
}
