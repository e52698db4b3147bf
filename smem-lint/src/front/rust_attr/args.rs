//! Parse the attribute's arguments: target architectures, then `key = value` pairs.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, Lit, Meta, Token};

use super::Issue;
use crate::front::key_error::{key_error, KeyProblem};
use crate::front::value_error;
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
    /// A value of a type no key takes (`4.5`, `true`), by the name TOML gives the type: the key's
    /// reader refuses it as of the wrong type, as the other front ends do.
    Other(&'static str),
    /// An integer below zero or past 64 bits (`-1`).
    OutOfRange,
    /// A list with an element that is not a non-negative integer: that element.
    BadElement(Box<Value>),
    /// `true`, `false` (`causal`).
    Bool(bool),
}

impl Value {
    /// The name TOML gives the type of what was written.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Word(_) => "string",
            Value::Int(_) | Value::OutOfRange => "integer",
            Value::Ints(_) | Value::BadElement(_) => "array",
            Value::Other(t) => t,
            Value::Bool(_) => "boolean",
        }
    }
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
            Lit::Int(i) => non_negative(i),
            Lit::Float(_) => Ok(Value::Other("float")),
            Lit::Bool(b) => Ok(Value::Bool(b.value)),
            other => Err(syn::Error::new(other.span(), "expected a name, a string, an integer or [M, N, K]")),
        },
        Expr::Array(a) => {
            let mut ints = Vec::with_capacity(a.elems.len());
            for e in &a.elems {
                match element(e)? {
                    Value::Int(n) => ints.push(n),
                    other => return Ok(Value::BadElement(Box::new(other))),
                }
            }
            Ok(Value::Ints(ints))
        }
        // The TOML format has no tuples: the same input means the same thing in every front end.
        Expr::Tuple(t) => {
            Err(syn::Error::new(t.span(), "write the extents as a list, [M, N, K], as in the TOML format"))
        }
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), .. }) => negative(expr),
        other => Err(syn::Error::new(other.span(), "expected a name, a string, an integer or [M, N, K]")),
    }
}

/// `-3` is an integer out of range and `-1.5` a float, as TOML reads them; anything else negated
/// is no value.
fn negative(expr: &Expr) -> syn::Result<Value> {
    match expr {
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr: inner, .. }) => match &**inner {
            Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) => non_negative(i).map(|_| Value::OutOfRange),
            Expr::Lit(syn::ExprLit { lit: Lit::Float(_), .. }) => Ok(Value::Other("float")),
            _ => Err(syn::Error::new(
                expr.span(),
                "expected a non-negative integer; counts and extents cannot be negative",
            )),
        },
        other => Err(syn::Error::new(other.span(), "expected a name, a string, an integer or [M, N, K]")),
    }
}

/// An element of a list, read without descending further (a nested list is an element of the
/// wrong type, as in TOML).
fn element(e: &Expr) -> syn::Result<Value> {
    let mut e = e;
    while let Expr::Paren(p) = e {
        e = &p.expr;
    }
    match e {
        Expr::Array(_) => Ok(Value::Ints(Vec::new())),
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), .. }) => negative(e),
        Expr::Path(p) if p.path.get_ident().is_some() => Ok(Value::Word(String::new())),
        Expr::Lit(l) => match &l.lit {
            Lit::Str(_) => Ok(Value::Word(String::new())),
            Lit::Int(i) => non_negative(i),
            Lit::Float(_) => Ok(Value::Other("float")),
            Lit::Bool(_) => Ok(Value::Other("boolean")),
            other => Err(syn::Error::new(other.span(), "expected an integer extent")),
        },
        other => Err(syn::Error::new(other.span(), "expected an integer extent")),
    }
}

/// An integer literal ([`Value::OutOfRange`] past 64 bits). A typed literal (`128u8`) is refused:
/// a count or an extent is a plain number, as in the TOML format.
fn non_negative(i: &syn::LitInt) -> syn::Result<Value> {
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
    Ok(i.base10_parse().map_or(Value::OutOfRange, Value::Int))
}

/// Parse `sm120, sm121, cutlass = "4.5.0", tile = [128, 256, 128], ...`: the well-formed arguments,
/// and an issue on the tokens of every malformed one, in order (so later steps can report more).
pub fn parse(attr: TokenStream) -> (Spec, Vec<Issue>) {
    let span = attr.span();
    let mut spec = Spec { attr_span: Some(span), ..Spec::default() };
    let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr) {
        Ok(m) => m,
        Err(e) => return (spec, super::from_syn(e)),
    };
    let mut issues = Vec::new();
    for meta in metas {
        match meta {
            Meta::Path(p) => match p.get_ident() {
                Some(id) if spec.archs.iter().any(|(a, _)| id == a) => {
                    issues.push(value_error::listed_twice(&id.to_string()).at(id.span()));
                }
                Some(id) => spec.archs.push((id.to_string(), id.span())),
                None => issues
                    .extend(super::from_syn(syn::Error::new(p.span(), "expected an architecture such as `sm120`"))),
            },
            Meta::NameValue(nv) => {
                let key = nv.path.get_ident().map(std::string::ToString::to_string).unwrap_or_default();
                if !Front::Attribute.knows(&key) {
                    issues.push(key_error(Front::Attribute, &key, KeyProblem::Unknown).at(nv.path.span()));
                    continue;
                }
                if spec.pairs.iter().any(|(k, _, _)| *k == key) {
                    issues.push(key_error(Front::Attribute, &key, KeyProblem::Twice).at(nv.path.span()));
                    continue;
                }
                // Two spellings of one key (`stages` and `carveout`, `epilogue` and
                // `epilogue_smem_bytes`): one would silently win, so neither does; on the second.
                if let Some(first) = crate::keys::same_field_as(&key, spec.pairs.iter().map(|(k, _, _)| k.as_str())) {
                    issues.push(value_error::two_spellings(first, &key).at(nv.path.span()));
                    continue;
                }
                match value(&nv.value) {
                    Ok(v) => spec.pairs.push((key, v, nv.value.span())),
                    Err(e) => issues.extend(super::from_syn(e)),
                }
            }
            Meta::List(l) => {
                issues.extend(super::from_syn(syn::Error::new(l.span(), "expected `sm120` or `key = value`")));
            }
        }
    }
    (spec, issues)
}
