//! Build the configuration and run the model on it, for every architecture named.

use std::collections::HashMap;

use crate::model::{
    Arch, Cluster, ConfigField, CutlassVersion, Epilogue, Granularity, KernelConfig, KernelKind, Operand, Output,
    StagePolicy, Tile,
};
use crate::rules::Rule;
use proc_macro2::Span;

use super::args::{Spec, Value};
use super::Issue;
use crate::diagnostic::Diagnostic;
use crate::front::key_error::{key_error, KeyProblem};
use crate::front::value_error::{self, ValueError};
use crate::keys::Front;

/// A configuration that fits every architecture: its table row (named after the struct) and the
/// headroom on the tightest architecture.
pub struct Checked {
    pub entry: crate::emit::TableEntry,
    pub headroom: u64,
}

#[derive(Default)]
struct Errors(Vec<Issue>);

impl Errors {
    fn bad(&mut self, span: Span, e: ValueError) {
        self.0.push(e.at(span));
    }
}

/// Why an argument's value was refused, in every front end's words ([`value_error`]).
type Refusal = ValueError;

fn word<'a>(v: &'a Value, key: &str) -> Result<&'a str, Refusal> {
    match v {
        Value::Word(w) => Ok(w),
        _ => Err(value_error::wrong_type(key, v.type_name())),
    }
}

/// `N` positive extents, read as the TOML reader reads them.
fn extents<const N: usize>(v: &Value, key: &str) -> Result<[u64; N], Refusal> {
    let x = match v {
        Value::Ints(x) => x,
        Value::BadElement(e) if matches!(**e, Value::OutOfRange) => return Err(value_error::not_u64(key)),
        Value::BadElement(e) => return Err(value_error::wrong_type_expecting(key, "an integer", e.type_name())),
        _ => return Err(value_error::wrong_type(key, v.type_name())),
    };
    let out: [u64; N] = x.as_slice().try_into().map_err(|_| value_error::extent_count(key, N, x.len()))?;
    if out.contains(&0) {
        return Err(value_error::zero_extent(key));
    }
    Ok(out)
}

fn triple(v: &Value, key: &str) -> Result<[u64; 3], Refusal> {
    extents::<3>(v, key)
}

/// A byte count.
fn bytes(v: &Value, key: &str) -> Result<u64, Refusal> {
    match v {
        Value::Int(n) => Ok(*n),
        Value::OutOfRange => Err(value_error::not_u64(key)),
        _ => Err(value_error::wrong_type_expecting(key, "an integer", v.type_name())),
    }
}

/// Apply one `key = value` to the configuration.
fn apply(cfg: &mut KernelConfig, key: &str, v: &Value) -> Result<(), Refusal> {
    let parse_err = |e: crate::model::ParseError| value_error::not_parsed(&e);
    match key {
        "cutlass" => cfg.cutlass = word(v, key)?.parse::<CutlassVersion>().map_err(parse_err)?,
        // Read together after every other argument (`resolve_family`).
        "family" | "granularity" => {}
        "kernel" => cfg.kind = word(v, key)?.parse().map_err(parse_err)?,
        "a" => cfg.a = word(v, key)?.parse::<Operand>().map_err(parse_err)?,
        "b" => cfg.b = word(v, key)?.parse::<Operand>().map_err(parse_err)?,
        "c" => cfg.c = word(v, key)?.parse::<Output>().map_err(parse_err)?,
        "d" => cfg.d = word(v, key)?.parse::<Output>().map_err(parse_err)?,
        "layout_c" => cfg.layout_c = word(v, key)?.parse().map_err(parse_err)?,
        "layout_d" => cfg.layout_d = word(v, key)?.parse().map_err(parse_err)?,
        "epilogue_tile" => {
            let [m, n] = extents::<2>(v, key)?;
            cfg.epilogue_tile = crate::model::EpilogueTile::Explicit { m, n };
        }
        "epilogue_cta_tile" => {
            let [m, n, k] = triple(v, key)?;
            cfg.epilogue_cta_tile = Some(Tile { m, n, k });
        }
        "warp" => {
            let [m, n, k] = triple(v, key)?;
            cfg.warp = Some(Tile { m, n, k });
        }
        "epilogue_op_class" => cfg.epilogue_op_class = word(v, key)?.parse().map_err(parse_err)?,
        "scheduler" => cfg.scheduler = word(v, key)?.parse().map_err(parse_err)?,
        "schedule" => cfg.schedule = word(v, key)?.parse().map_err(parse_err)?,
        "epilogue_schedule" => cfg.epilogue_schedule = word(v, key)?.parse().map_err(parse_err)?,
        // `[M, N, K]` for a CUTLASS kernel, `[m, n]` for a CuTe DSL kernel (`check` holds each to its family).
        "tile" if cfg.family.dsl().is_some() => cfg.dsl.tile = Some(extents::<2>(v, key)?),
        "tile" => {
            let [m, n, k] = triple(v, key)?;
            cfg.tile = Tile { m, n, k };
        }
        "flashinfer" => cfg.dsl.flashinfer = Some(word(v, key)?.parse().map_err(parse_err)?),
        "flash_attn" => cfg.dsl.flash_attn = Some(word(v, key)?.parse().map_err(parse_err)?),
        "activation" => cfg.dsl.activation = Some(word(v, key)?.parse().map_err(parse_err)?),
        "dtype" => cfg.dsl.dtype = Some(word(v, key)?.parse().map_err(parse_err)?),
        "causal" => match v {
            Value::Bool(b) => cfg.dsl.causal = Some(*b),
            _ => return Err(value_error::wrong_type_expecting(key, "a boolean", v.type_name())),
        },
        "hidden" | "intermediate" | "experts" | "top_k" | "tokens" | "sm_count" | "m" | "n" | "k" | "head_dim"
        | "head_dim_v" => {
            let field = crate::keys::field_of(key).unwrap_or(ConfigField::Hidden);
            let n = match v {
                Value::Int(n) => *n,
                Value::OutOfRange => return Err(value_error::not_u64(key)),
                _ => return Err(value_error::wrong_type_expecting(key, "an integer", v.type_name())),
            };
            crate::keys::set_dsl_shape(&mut cfg.dsl, field, n);
        }
        "cluster" if matches!(v, Value::Word(w) if w == "dynamic") => cfg.dynamic_cluster = true,
        "cluster" => {
            let [m, n, k] = triple(v, key)?;
            cfg.cluster = Cluster { m, n, k };
        }
        "stages" => {
            cfg.stages = match v {
                Value::Int(n) => StagePolicy::Fixed(u32::try_from(*n).map_err(|_| value_error::stages_out_of_range())?),
                Value::Word(w) => w.parse().map_err(parse_err)?,
                Value::OutOfRange => return Err(value_error::not_u64(key)),
                _ => return Err(value_error::wrong_type(key, v.type_name())),
            }
        }
        "carveout" => cfg.stages = StagePolicy::AutoCarveout(bytes(v, key)?),
        "fusion" => cfg.fusion = word(v, key)?.parse().map_err(parse_err)?,
        "epilogue" => {
            let w = word(v, key)?;
            cfg.epilogue = Epilogue::from_name(w).ok_or_else(|| value_error::unknown_epilogue(w))?;
        }
        "epilogue_smem_bytes" => cfg.epilogue = Epilogue::Declared { smem_bytes: bytes(v, key)? },
        // `args` refuses an unknown key before.
        _ => unreachable!("unknown argument `{key}`"),
    }
    Ok(())
}

/// `family` and `granularity` together ([`crate::keys::family`], as every front end reads them).
fn resolve_family(cfg: &mut KernelConfig, spec: &Spec) -> Result<(), (&'static str, Refusal)> {
    let family = match spec.get("family") {
        Some((v, _)) => Some(word(v, "family").map_err(|e| ("family", e))?),
        None => None,
    };
    let granularity = match spec.get("granularity") {
        Some((v, _)) => Some(triple(v, "granularity").map_err(|e| ("granularity", e))?),
        None => None,
    };
    cfg.family = crate::keys::family(family, granularity.map(|[m, n, k]| Granularity { m, n, k }))
        .map_err(|e| value_error::family(&e))?;
    Ok(())
}

/// Run the model; every problem becomes an error on the token to blame.
pub fn check(spec: &Spec, name: &syn::Ident) -> Result<Checked, Vec<Issue>> {
    let mut errors = Errors::default();
    let attr_span = spec.attr_span.unwrap_or_else(Span::call_site);
    let mut archs = Vec::new();
    for (a, span) in &spec.archs {
        match a.parse::<Arch>() {
            Ok(x) => archs.push(x),
            Err(e) => errors.bad(*span, value_error::not_parsed(&e)),
        }
    }
    if spec.archs.is_empty() {
        errors.bad(attr_span, key_error(Front::Attribute, "arch", KeyProblem::Missing));
    }
    let mut spans: HashMap<ConfigField, Span> = HashMap::new();
    if let Some((_, s)) = spec.archs.first() {
        spans.insert(ConfigField::Arch, *s);
    }
    let mut cfg = KernelConfig::sm120(
        KernelKind::Dense,
        Operand::Nvfp4,
        Operand::Nvfp4,
        Output::Void,
        Output::Bf16,
        Tile { m: 0, n: 0, k: 0 },
    );
    // The family first: it decides which keys the attribute may hold, and how `tile` reads.
    let family_ok = match resolve_family(&mut cfg, spec) {
        Ok(()) => true,
        Err((key, e)) => {
            let span = spec.get(key).map_or(name.span(), |(_, s)| s);
            errors.bad(span, e);
            false
        }
    };
    if let Some(f) = cfg.family.dsl() {
        cfg = KernelConfig::dsl(f, crate::model::dsl::Dsl::NONE);
    }
    for (key, v, span) in &spec.pairs {
        if let Some(f) = crate::keys::field_of(key) {
            spans.insert(f, *span);
            if family_ok && !crate::keys::family_takes(cfg.family, f) {
                errors.bad(*span, key_error(Front::Attribute, key, KeyProblem::NotOfFamily(cfg.family)));
                continue;
            }
        }
        if let Err(e) = apply(&mut cfg, key, v) {
            errors.bad(*span, e);
        }
    }
    let required: Vec<&str> = match cfg.family.dsl() {
        Some(f) => f.required().iter().map(|field| field.key()).collect(),
        None => vec!["a", "b", "c", "d", "tile"],
    };
    for key in required {
        if spec.get(key).is_none() {
            errors.bad(name.span(), key_error(Front::Attribute, key, KeyProblem::Missing));
        }
    }
    if !errors.0.is_empty() {
        return Err(errors.0);
    }
    let span_of = |f: ConfigField| spans.get(&f).copied().unwrap_or_else(|| name.span());
    let stages_written = spans.contains_key(&ConfigField::Stages);
    // The same checker as the TOML front end: the same problems, merged across architectures alike.
    let outcome = crate::checker::check_config(&cfg, &archs);
    for found in outcome.found {
        let at = span_of(found.problem.field(&found.config, stages_written));
        let mut issue = Diagnostic::finding(found.problem, &name.to_string(), found.config, found.archs, at);
        // The same advice as every front end gives ([`crate::checker::advise`]).
        issue.advise(&mut crate::model::Fresh);
        errors.0.push(issue);
    }
    if !errors.0.is_empty() {
        return Err(errors.0);
    }
    let Some((archs, sizes)) = outcome.launchable else {
        return Err(vec![super::input_issue(Rule::MissingKey, name.span(), "no architecture to check against")]);
    };
    let headroom = archs.iter().map(|a| a.smem_cap().saturating_sub(sizes.kernel_bytes)).min().unwrap_or(0);
    Ok(Checked {
        entry: crate::emit::TableEntry {
            name: name.to_string(),
            config: KernelConfig { arch: archs[0], ..cfg },
            archs,
            kernel_bytes: sizes.kernel_bytes,
            mainloop_bytes: sizes.mainloop_bytes,
            epilogue_bytes: sizes.epilogue_bytes,
            stages: sizes.stages,
        },
        headroom,
    })
}
