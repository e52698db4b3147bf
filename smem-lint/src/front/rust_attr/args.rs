//! Parse the attribute's arguments: target architectures, then `key = value` pairs.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, Lit, Meta, Token};

use crate::keys::Front;

/// A value as written, with its span.
#[derive(Clone, Debug)]
pub enum Value {
    /// `nvfp4`, `"4.5.0"`, `pingpong`, `"auto"`.
    Word(String),
    /// `4`.
    Int(u64),
    /// `[128, 256, 128]`.
    Ints(Vec<u64>),
}

/// Everything declared, in order, each with the span to blame.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    pub archs: Vec<(String, Span)>,
    pub pairs: Vec<(String, Value, Span)>,
    /// Span of the whole attribute, for errors about missing keys.
    pub attr_span: Option<Span>,
}

impl Spec {
    pub fn get(&self, key: &str) -> Option<(&Value, Span)> {
        self.pairs.iter().rev().find(|(k, _, _)| k == key).map(|(_, v, s)| (v, *s))
    }

    /// `stages` and `carveout` both given (as arguments or fields): they set the same stage policy,
    /// and one would silently win over the other.
    pub fn conflicts(&self) -> Option<syn::Error> {
        let stages = self.pairs.iter().position(|(k, _, _)| k == "stages")?;
        let carveout = self.pairs.iter().position(|(k, _, _)| k == "carveout")?;
        let (_, _, span) = &self.pairs[stages.max(carveout)];
        Some(syn::Error::new(
            *span,
            "`stages` and `carveout` both set the stage policy: keep one (`carveout = N` is `stages = \"auto-carveout-N\"`)",
        ))
    }
}

fn value(expr: &Expr) -> syn::Result<Value> {
    // `(3)` is `3`; unwrapped in a loop, not by recursion (the nesting is bounded before parsing
    // anyway: `depth`).
    let mut expr = expr;
    while let Expr::Paren(p) = expr {
        expr = &p.expr;
    }
    match expr {
        Expr::Path(p) if p.path.get_ident().is_some() => {
            Ok(Value::Word(p.path.get_ident().map(std::string::ToString::to_string).unwrap_or_default()))
        }
        Expr::Lit(l) => match &l.lit {
            Lit::Str(s) => Ok(Value::Word(s.value())),
            Lit::Int(i) => non_negative(i).map(Value::Int),
            other => Err(syn::Error::new(other.span(), "expected a name, a string, an integer or [M, N, K]")),
        },
        Expr::Array(a) => a.elems.iter().map(int).collect::<syn::Result<_>>().map(Value::Ints),
        // The TOML format has no tuples: the same input means the same thing in every front end.
        Expr::Tuple(t) => {
            Err(syn::Error::new(t.span(), "write the extents as a list, [M, N, K], as in the TOML format"))
        }
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), .. }) => {
            Err(syn::Error::new(expr.span(), "expected a non-negative integer; counts and extents cannot be negative"))
        }
        other => Err(syn::Error::new(other.span(), "expected a name, a string, an integer or [M, N, K]")),
    }
}

/// An integer literal as a `u64`, or an error that says what was expected. A typed literal
/// (`128u8`) is refused: a count or an extent is a plain number, as in the TOML format.
fn non_negative(i: &syn::LitInt) -> syn::Result<u64> {
    if !i.suffix().is_empty() {
        return Err(syn::Error::new(
            i.span(),
            format!(
                "write `{}` without the integer suffix `{}`: counts and extents are plain numbers",
                i.base10_digits(),
                i.suffix()
            ),
        ));
    }
    i.base10_parse().map_err(|_| {
        syn::Error::new(
            i.span(),
            format!("expected a non-negative integer that fits 64 bits, found `{}`", i.base10_digits()),
        )
    })
}

fn int(e: &Expr) -> syn::Result<u64> {
    match e {
        Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) => non_negative(i),
        other => Err(syn::Error::new(other.span(), "expected an integer extent")),
    }
}

/// Parse `sm120, sm121, cutlass = "4.5.0", tile = [128, 256, 128], ...`: the well-formed arguments,
/// and an error on the tokens of every malformed one (so later steps can report more).
pub fn parse(attr: TokenStream) -> (Spec, Option<syn::Error>) {
    let span = attr.span();
    let mut spec = Spec { attr_span: Some(span), ..Spec::default() };
    let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr) {
        Ok(m) => m,
        Err(e) => return (spec, Some(e)),
    };
    let mut errors: Option<syn::Error> = None;
    let mut push = |e: syn::Error| match &mut errors {
        Some(all) => all.combine(e),
        None => errors = Some(e),
    };
    for meta in metas {
        match meta {
            Meta::Path(p) => match p.get_ident() {
                Some(id) if spec.archs.iter().any(|(a, _)| id == a) => {
                    push(syn::Error::new(id.span(), format!("`{id}` is given twice; name each architecture once")));
                }
                Some(id) => spec.archs.push((id.to_string(), id.span())),
                None => push(syn::Error::new(p.span(), "expected an architecture such as `sm120`")),
            },
            Meta::NameValue(nv) => {
                let key = nv.path.get_ident().map(std::string::ToString::to_string).unwrap_or_default();
                if !Front::Attribute.knows(&key) {
                    push(syn::Error::new(
                        nv.path.span(),
                        format!("unknown argument `{key}`; expected one of: {}", Front::Attribute.key_list()),
                    ));
                    continue;
                }
                if spec.pairs.iter().any(|(k, _, _)| *k == key) {
                    push(syn::Error::new(nv.path.span(), format!("`{key}` is given twice; keep one")));
                    continue;
                }
                match value(&nv.value) {
                    Ok(v) => spec.pairs.push((key, v, nv.value.span())),
                    Err(e) => push(e),
                }
            }
            Meta::List(l) => push(syn::Error::new(l.span(), "expected `sm120` or `key = value`")),
        }
    }
    (spec, errors)
}
