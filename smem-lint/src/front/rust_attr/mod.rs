//! The `#[smem_check(...)]` attribute, read from Rust tokens (feature `rust-attr`: syn and
//! proc-macro2 only). Shared by the proc macro (which turns [`Issue`]s into compile errors) and by
//! `cargo smem-lint` (which finds the attributes in source files with syn and reports the same
//! issues with file and line). Pipeline: [`args`] and [`fields`] parse, [`validate`] runs the model.

pub mod args;
pub mod depth;
pub mod fields;
pub mod validate;

use proc_macro2::{Span, TokenStream};

use crate::diagnostic::Diagnostic;
use crate::rules::Rule;

pub use validate::Checked;

/// One problem with an annotated struct, on the token to blame: the one diagnostic record, under
/// the same rules as the TOML front end (`smem::exceeds-cap`, ...) plus `smem::invalid-attribute`
/// for malformed arguments. A finding about the kernel comes advised (label, notes and nearest
/// fits: [`crate::checker::advise`]); the proc macro shows [`Diagnostic::text`].
pub type Issue = Diagnostic<Span>;

/// An input error of the attribute: labelled with its rule's summary, no help.
pub(crate) fn input_issue(rule: Rule, span: Span, message: impl Into<String>) -> Issue {
    Diagnostic::input(rule, span, message, rule.summary(), None)
}

pub(crate) fn from_syn(e: syn::Error) -> Vec<Issue> {
    e.into_iter().map(|e| input_issue(Rule::InvalidAttribute, e.span(), e.to_string())).collect()
}

/// Check the struct `item` annotated with `#[smem_check(<attr>)]`: every issue, or the checked
/// configuration. The attribute alone decides the architectures and the release, in the proc
/// macro and in `cargo smem-lint` alike (workspace settings never re-target a struct, so both
/// answer what `cargo build` answers).
pub fn check_item(attr: TokenStream, item: &syn::DeriveInput) -> Result<Checked, Vec<Issue>> {
    if let Some((span, depth)) = depth::too_deep(&attr) {
        return Err(vec![input_issue(Rule::InputLimit, span, depth::message("the #[smem_check] arguments", depth))]);
    }
    let (mut spec, mut issues) = args::parse(attr);
    issues.extend(fields::read(item, &mut spec));
    let named = |mut issues: Vec<Issue>| {
        // Every input error of the attribute is about its struct.
        for i in &mut issues {
            i.named.get_or_insert_with(|| Box::new(item.ident.to_string()));
        }
        issues
    };
    match validate::check(&spec, &item.ident) {
        Ok(c) if issues.is_empty() => Ok(c),
        Ok(_) => Err(named(at_most(issues, spec.attr_span))),
        Err(more) => {
            // With an input error, what the model says of the rest is no answer (a value given in
            // two spellings has no one reading): the input errors alone, as TOML reports them.
            let input = !issues.is_empty() || more.iter().any(Diagnostic::is_input_error);
            issues.extend(more.into_iter().filter(|i| !input || i.is_input_error()));
            Err(named(at_most(issues, spec.attr_span)))
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
        issues.push(input_issue(
            Rule::InputLimit,
            attr_span.unwrap_or_else(Span::call_site),
            format!(
                "and {more} more problems with this attribute: at most {MAX_ATTRIBUTE_ISSUES} are reported (docs/limits.md)"
            ),
        ));
    }
    issues
}
