//! Read a configuration declared as field types (`tile: Tile<128, 256, 128>`, `a: Nvfp4`).

use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

use super::args::{Spec, Value, KEYS};

/// Add each field whose name is a configuration key to `spec` (attribute arguments win).
pub fn read(input: &DeriveInput, spec: &mut Spec) -> syn::Result<()> {
    let Data::Struct(s) = &input.data else {
        return Err(syn::Error::new(input.ident.span(), "#[smem_check] goes on a struct"));
    };
    let Fields::Named(named) = &s.fields else { return Ok(()) };
    let mut errors: Option<syn::Error> = None;
    for f in &named.named {
        let Some(name) = f.ident.as_ref().map(std::string::ToString::to_string) else { continue };
        if !KEYS.contains(&name.as_str()) || spec.get(&name).is_some() {
            continue;
        }
        match field_value(&name, &f.ty) {
            Ok(v) => spec.pairs.insert(0, (name, v, f.ty.span())),
            Err(e) => match &mut errors {
                Some(all) => all.combine(e),
                None => errors = Some(e),
            },
        }
    }
    errors.map_or(Ok(()), Err)
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
        ("tile" | "cluster", _, [_, _, _]) => Value::Ints(ints),
        ("stages", "Stages" | "StageCount", [n]) => Value::Int(*n),
        ("stages", "StagesAuto", []) => Value::Word("auto".into()),
        (_, word, []) => Value::Word(word.to_ascii_lowercase()),
        _ => return Err(syn::Error::new(ty.span(), format!("`{name}: {ident}<...>` is not a configuration marker"))),
    })
}
