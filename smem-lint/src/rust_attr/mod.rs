//! The `#[smem_check(...)]` attribute, read from Rust tokens (feature `rust-attr`: syn and
//! proc-macro2 only). Shared by the proc macro (which turns [`Issue`]s into compile errors) and by
//! `cargo smem-lint` (which finds the attributes in source files with syn and reports the same
//! issues with file and line). Pipeline: [`args`] and [`fields`] parse, [`validate`] runs the model.

pub mod args;
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
}

impl Issue {
    /// Whether the issue is about the input (malformed or unknown), not the kernel.
    pub fn is_input_error(&self) -> bool {
        matches!(
            self.code,
            "smem::invalid-attribute" | "smem::unknown-value" | "smem::invalid-value" | "smem::missing-key"
        )
    }
}

fn from_syn(e: syn::Error) -> Vec<Issue> {
    e.into_iter().map(|e| Issue { span: e.span(), code: "smem::invalid-attribute", message: e.to_string() }).collect()
}

/// Check the struct `item` annotated with `#[smem_check(<attr>)]`: every issue, or the checked
/// configuration.
pub fn check_item(attr: TokenStream, item: &syn::DeriveInput) -> Result<Checked, Vec<Issue>> {
    let (mut spec, parse_errors) = args::parse(attr);
    let mut issues: Vec<Issue> = parse_errors.map(from_syn).unwrap_or_default();
    if let Err(e) = fields::read(item, &mut spec) {
        issues.extend(from_syn(e));
    }
    match validate::check(&spec, &item.ident) {
        Ok(c) if issues.is_empty() => Ok(c),
        Ok(_) => Err(issues),
        Err(more) => {
            issues.extend(more);
            Err(issues)
        }
    }
}
