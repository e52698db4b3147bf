//! Read a configuration declared as field types (`tile: Tile<128, 256, 128>`, `a: Nvfp4`).

use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

use super::args::{Spec, Value};
use super::Issue;
use crate::front::key_error::{key_error, KeyProblem};
use crate::keys::Front;

/// The types of `smem_lint::markers`: a field of one of these types declares configuration, so its
/// name must be a configuration key.
pub(crate) const MARKERS: &[&str] = &[
    "Tile",
    "EpilogueTile",
    "Row",
    "Col",
    "Cluster",
    "Granularity",
    "Stages",
    "StageCount",
    "StagesAuto",
    "Dense",
    "Grouped",
    "Auto",
    "Cooperative",
    "Pingpong",
    "Nvfp4",
    "Mxfp4",
    "Mxfp6E2m3",
    "Mxfp6E3m2",
    "Mxfp8E4m3",
    "Mxfp8E5m2",
    "Void",
    "Bf16",
    "F16",
    "F32",
    "E4m3",
    "E5m2",
    "E3m2",
    "E2m3",
    "E2m1",
    "Blockscaled",
    "Blockwise",
    "F8f6f4",
];

/// The marker type a field is declared with, if any.
pub fn marker_of(ty: &Type) -> Option<String> {
    let Type::Path(p) = ty else { return None };
    let ident = p.path.segments.last()?.ident.to_string();
    MARKERS.contains(&ident.as_str()).then_some(ident)
}

/// Add each field whose name is a configuration key to `spec`. A key given as an argument and as a
/// field is `smem::duplicate-key` on the field (neither wins). A field of a marker type whose name is
/// not a key (a typo such as `stagse: Stages<4>`) is an unknown key, as an argument would be, never
/// ignored.
pub fn read(input: &DeriveInput, spec: &mut Spec) -> Vec<Issue> {
    let Data::Struct(s) = &input.data else {
        return super::from_syn(syn::Error::new(input.ident.span(), "#[smem_check] goes on a struct"));
    };
    let Fields::Named(named) = &s.fields else { return Vec::new() };
    let mut issues = Vec::new();
    for f in &named.named {
        let Some(name) = f.ident.as_ref().map(ToString::to_string) else { continue };
        if !Front::Attribute.knows(&name) {
            if marker_of(&f.ty).is_some() {
                let span = f.ident.as_ref().map_or_else(|| f.ty.span(), syn::Ident::span);
                issues.push(key_error(Front::Attribute, &name, KeyProblem::Unknown).at(span));
            }
            continue;
        }
        // The CuTe DSL keys have no marker types: a field `n: usize` is the struct's own data.
        let dsl_key = crate::keys::field_of(&name).is_some_and(|k| crate::keys::DSL_FIELDS.contains(&k));
        if dsl_key && marker_of(&f.ty).is_none() {
            continue;
        }
        let span = f.ident.as_ref().map_or_else(|| f.ty.span(), syn::Ident::span);
        if spec.get(&name).is_some() {
            // One key, given as an argument and as a field: neither silently wins.
            issues.push(key_error(Front::Attribute, &name, KeyProblem::Twice).at(span));
            continue;
        }
        if let Some(first) = crate::keys::same_field_as(&name, spec.pairs.iter().map(|(k, _, _)| k.as_str())) {
            // Another spelling of an argument's key (`stages: Stages<3>` beside `carveout = N`).
            issues.push(crate::front::value_error::two_spellings(first, &name).at(span));
            continue;
        }
        match field_value(&name, &f.ty) {
            Ok(v) => spec.pairs.insert(0, (name, v, f.ty.span())),
            Err(e) => issues.extend(super::from_syn(e)),
        }
    }
    issues
}

fn field_value(name: &str, ty: &Type) -> syn::Result<Value> {
    let Type::Path(p) = ty else {
        return Err(syn::Error::new(ty.span(), format!("`{name}` must be a marker type from smem_lint::markers")));
    };
    let last = p.path.segments.last().ok_or_else(|| syn::Error::new(ty.span(), "empty type"))?;
    let ident = last.ident.to_string();
    let ints = match &last.arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .map(|a| match a {
                GenericArgument::Const(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. })) => {
                    i.base10_parse::<u64>()
                }
                other => Err(syn::Error::new(other.span(), "expected an integer")),
            })
            .collect::<syn::Result<Vec<u64>>>()?,
        _ => Vec::new(),
    };
    Ok(match (name, ident.as_str(), ints.as_slice()) {
        ("tile" | "warp" | "cluster" | "granularity" | "epilogue_cta_tile", _, [_, _, _])
        | ("epilogue_tile", "EpilogueTile", [_, _]) => Value::Ints(ints),
        ("stages", "Stages" | "StageCount", [n]) => Value::Int(*n),
        ("stages", "StagesAuto", []) => Value::Word("auto".into()),
        (_, word, []) => Value::Word(word.to_ascii_lowercase()),
        _ => return Err(syn::Error::new(ty.span(), format!("`{name}: {ident}<...>` is not a configuration marker"))),
    })
}
