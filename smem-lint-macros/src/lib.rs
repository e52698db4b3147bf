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
//! Parsing and checking live in `smem_lint::rust_attr` (shared with `cargo smem-lint`, which finds
//! these attributes in source files); this crate turns its issues into compile errors and
//! [`expand`]s a configuration that fits.

mod expand;

use proc_macro::TokenStream;

/// See the crate documentation.
#[proc_macro_attribute]
pub fn smem_check(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item = proc_macro2::TokenStream::from(item);
    let result = (|| {
        // syn's recursive descent runs on rustc's stack: input nested deeper than the stated limit
        // is refused before it is parsed (the arguments are measured in `check_item`).
        if let Some((span, depth)) = smem_lint::rust_attr::depth::too_deep(&item) {
            return Err(syn::Error::new(
                span,
                smem_lint::rust_attr::depth::message("the annotated item's tokens", depth),
            ));
        }
        let input: syn::DeriveInput = syn::parse2(item.clone())?;
        match smem_lint::rust_attr::check_item(attr.into(), &input) {
            Ok(checked) => Ok(expand::expand(&input, &checked)),
            Err(issues) => Err(issues
                .into_iter()
                .map(|i| syn::Error::new(i.at, i.text()))
                .reduce(|mut all, e| {
                    all.combine(e);
                    all
                })
                .unwrap_or_else(|| syn::Error::new(proc_macro2::Span::call_site(), "smem_check failed"))),
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
