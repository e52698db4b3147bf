//! `#[smem_check(...)]`: check a CUTLASS kernel configuration against the smem-lint model at
//! `cargo build`, with the error on the offending token.
//!
//! ```ignore
//! use smem_lint_macros::smem_check;
//!
//! #[smem_check(sm120, sm121, cutlass = "4.5.0",
//!              kernel = grouped, a = nvfp4, b = nvfp4, c = bf16, d = bf16,
//!              tile = [128, 256, 128], stages = 3)]
//! pub struct MoeGemm128x256;
//!
//! // or, as field types (smem_lint::markers):
//! #[smem_check(sm120)]
//! pub struct MoeGemm {
//!     kernel: Grouped, a: Nvfp4, b: Nvfp4, c: Bf16, d: Bf16,
//!     tile: Tile<128, 256, 128>,
//!     stages: Stages<3>,
//! }
//! ```
//!
//! A configuration that does not fit, or that CUTLASS rejects, is a compile error naming the bytes
//! needed, the cap and the nearest configuration that fits. One that fits is emitted unchanged,
//! plus an `impl smem_lint::SmemChecked` exposing its footprint as constants.
//!
//! The pipeline, one file a step: [`args`] and [`fields`] parse, [`validate`] runs the model,
//! [`expand`] writes the impl.

mod args;
mod expand;
mod fields;
mod validate;

use proc_macro::TokenStream;

fn combine(first: Option<syn::Error>, next: syn::Error) -> syn::Error {
    match first {
        Some(mut all) => {
            all.combine(next);
            all
        }
        None => next,
    }
}

/// See the crate documentation.
#[proc_macro_attribute]
pub fn smem_check(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item = proc_macro2::TokenStream::from(item);
    let result = (|| {
        let input: syn::DeriveInput = syn::parse2(item.clone())?;
        let (mut spec, mut errors) = args::parse(attr.into());
        if let Err(e) = fields::read(&input, &mut spec) {
            errors = Some(combine(errors, e));
        }
        match (validate::check(&spec, &input.ident), errors) {
            (Ok(checked), None) => Ok(expand::expand(&input, &checked)),
            (Ok(_), Some(e)) => Err(e),
            (Err(e), None) => Err(e),
            (Err(e), Some(first)) => Err(combine(Some(first), e)),
        }
    })();
    match result {
        Ok(tokens) => tokens.into(),
        // Emit the struct unchanged beside the errors, so users see the errors and no cascade.
        Err(e) => {
            let errors = e.to_compile_error();
            quote::quote!(#item #errors).into()
        }
    }
}
