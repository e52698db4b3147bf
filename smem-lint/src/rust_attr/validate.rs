//! Build the configuration and run the model on it, for every architecture named.

use std::collections::HashMap;

use crate::model::{
    assess, Arch, Cluster, ConfigField, CutlassVersion, Epilogue, Family, Granularity, KernelConfig, KernelKind,
    Operand, Output, StagePolicy, Status, Tile,
};
use crate::suggest::suggestions;
use proc_macro2::Span;

use super::args::{Spec, Value};
use super::Issue;

/// A configuration that fits every architecture: its table row (named after the struct) and the
/// headroom on the tightest architecture.
pub struct Checked {
    pub entry: crate::emit::TableEntry,
    pub headroom: u64,
}

#[derive(Default)]
struct Errors(Vec<Issue>);

impl Errors {
    fn push(&mut self, span: Span, code: &'static str, msg: impl std::fmt::Display) {
        self.0.push(Issue { span, code, message: msg.to_string(), kernel: None, archs: Vec::new(), bytes: None });
    }
}

fn field_of(key: &str) -> ConfigField {
    match key {
        "cutlass" => ConfigField::Cutlass,
        "family" => ConfigField::Family,
        "granularity" => ConfigField::Granularity,
        "kernel" => ConfigField::Kind,
        "a" => ConfigField::A,
        "b" => ConfigField::B,
        "c" => ConfigField::C,
        "d" => ConfigField::D,
        "tile" => ConfigField::Tile,
        "cluster" => ConfigField::Cluster,
        "schedule" => ConfigField::Schedule,
        "epilogue_schedule" => ConfigField::EpilogueSchedule,
        "stages" | "carveout" => ConfigField::Stages,
        "fusion" => ConfigField::Fusion,
        _ => ConfigField::Epilogue,
    }
}

fn word<'a>(v: &'a Value, key: &str) -> Result<&'a str, String> {
    match v {
        Value::Word(w) => Ok(w),
        _ => Err(format!("`{key}` expects a name")),
    }
}

fn triple(v: &Value, key: &str) -> Result<[u64; 3], String> {
    match v {
        Value::Ints(x) if x.len() == 3 && x.iter().all(|&e| e > 0) => Ok([x[0], x[1], x[2]]),
        _ => Err(format!("`{key}` expects three positive extents, like [128, 256, 128]")),
    }
}

/// Apply one `key = value` to the configuration.
fn apply(cfg: &mut KernelConfig, key: &str, v: &Value) -> Result<(), String> {
    let parse_err = |e: crate::model::ParseError| e.to_string();
    match key {
        "cutlass" => cfg.cutlass = word(v, key)?.parse::<CutlassVersion>().map_err(parse_err)?,
        // Read together after every other argument (`resolve_family`).
        "family" | "granularity" => {}
        "kernel" => cfg.kind = word(v, key)?.parse().map_err(parse_err)?,
        "a" => cfg.a = word(v, key)?.parse::<Operand>().map_err(parse_err)?,
        "b" => cfg.b = word(v, key)?.parse::<Operand>().map_err(parse_err)?,
        "c" => cfg.c = word(v, key)?.parse::<Output>().map_err(parse_err)?,
        "d" => cfg.d = word(v, key)?.parse::<Output>().map_err(parse_err)?,
        "schedule" => cfg.schedule = word(v, key)?.parse().map_err(parse_err)?,
        "epilogue_schedule" => cfg.epilogue_schedule = word(v, key)?.parse().map_err(parse_err)?,
        "tile" => {
            let [m, n, k] = triple(v, key)?;
            cfg.tile = Tile { m, n, k };
        }
        "cluster" => {
            let [m, n, k] = triple(v, key)?;
            cfg.cluster = Cluster { m, n, k };
        }
        "stages" => {
            cfg.stages = match v {
                Value::Int(n) => {
                    StagePolicy::Fixed(u32::try_from(*n).map_err(|_| "stage count out of range".to_string())?)
                }
                Value::Word(w) => w.parse().map_err(parse_err)?,
                Value::Ints(_) => return Err("`stages` expects an integer or \"auto\"".into()),
            }
        }
        "carveout" => match v {
            Value::Int(n) => cfg.stages = StagePolicy::AutoCarveout(*n),
            _ => return Err("`carveout` expects a byte count".into()),
        },
        "fusion" => cfg.fusion = word(v, key)?.parse().map_err(parse_err)?,
        "epilogue" => {
            let w = word(v, key)?;
            cfg.epilogue = Epilogue::from_name(w)
                .ok_or_else(|| format!("unknown epilogue `{w}`; expected one of: {}", Epilogue::NAMES.join(", ")))?;
        }
        "epilogue_smem_bytes" => match v {
            Value::Int(n) => cfg.epilogue = Epilogue::Declared { smem_bytes: *n },
            _ => return Err("`epilogue_smem_bytes` expects a byte count".into()),
        },
        _ => return Err(format!("unknown argument `{key}`")),
    }
    Ok(())
}

/// A finding being collected: message, archs, span, code, (needs, cap, over).
type Seen = (String, Vec<Arch>, Span, &'static str, Option<(u64, u64, u64)>);

/// `family` and `granularity` together: blockwise needs a granularity, and only blockwise takes one.
fn resolve_family(cfg: &mut KernelConfig, spec: &Spec) -> Result<(), (&'static str, String)> {
    let family = match spec.get("family") {
        Some((v, _)) => Some(word(v, "family").map_err(|e| ("family", e))?),
        None => None,
    };
    let granularity = match spec.get("granularity") {
        Some((v, _)) => Some(triple(v, "granularity").map_err(|e| ("granularity", e))?),
        None => None,
    };
    cfg.family = match (family, granularity) {
        (Some("blockwise"), Some([m, n, k])) => Family::Blockwise(Granularity { m, n, k }),
        (Some("blockwise"), None) => {
            return Err((
                "family",
                "the blockwise family needs `granularity = [gM, gN, gK]` (the scale block in elements)".into(),
            ))
        }
        (f, Some(_)) => {
            return Err((
                "granularity",
                format!(
                    "`granularity` is only meaningful with family = \"blockwise\", not {}",
                    f.unwrap_or("blockscaled")
                ),
            ))
        }
        (Some("f8f6f4"), None) => Family::F8f6f4,
        (None | Some("blockscaled"), None) => Family::BlockScaled,
        (Some(other), None) => {
            return Err(("family", format!("unknown family `{other}`; expected one of: {}", Family::NAMES.join(", "))))
        }
    };
    Ok(())
}

/// Run the model; every problem becomes an error on the token to blame.
pub fn check(spec: &Spec, name: &syn::Ident, overrides: &super::Overrides) -> Result<Checked, Vec<Issue>> {
    let mut errors = Errors::default();
    let attr_span = spec.attr_span.unwrap_or_else(Span::call_site);
    let mut archs = Vec::new();
    for (a, span) in &spec.archs {
        match a.parse::<Arch>() {
            Ok(x) => archs.push(x),
            Err(e) => errors.push(*span, crate::rules::Rule::UnknownValue.code(), e),
        }
    }
    if let Some(a) = &overrides.archs {
        archs.clone_from(a);
    }
    if spec.archs.is_empty() {
        errors.push(
            attr_span,
            crate::rules::Rule::MissingKey.code(),
            "name the target architectures first: #[smem_check(sm120, ...)]",
        );
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
    for (key, v, span) in &spec.pairs {
        spans.insert(field_of(key), *span);
        if let Err(msg) = apply(&mut cfg, key, v) {
            errors.push(*span, crate::rules::Rule::InvalidValue.code(), msg);
        }
    }
    if let Err((key, msg)) = resolve_family(&mut cfg, spec) {
        let span = spec.get(key).map_or(name.span(), |(_, s)| s);
        errors.push(span, crate::rules::Rule::InvalidValue.code(), msg);
    }
    if let Some(v) = overrides.cutlass {
        cfg.cutlass = v;
    }
    for key in ["a", "b", "c", "d", "tile"] {
        if spec.get(key).is_none() {
            errors.push(
                name.span(),
                crate::rules::Rule::MissingKey.code(),
                format!("missing `{key}`: add `{key} = ...` to #[smem_check(...)] or a `{key}` field"),
            );
        }
    }
    if !errors.0.is_empty() {
        return Err(errors.0);
    }
    let span_of = |f: ConfigField| spans.get(&f).copied().unwrap_or_else(|| name.span());
    let stages_written = spans.contains_key(&ConfigField::Stages);
    let mut fp = None;
    let mut headroom = u64::MAX;
    // (message, archs, span, code, (needs, cap, over)): findings identical on several archs merge.
    let mut seen: Vec<Seen> = Vec::new();
    for &arch in &archs {
        let c = KernelConfig { arch, ..cfg };
        let assessed = assess(&c, arch);
        let bytes = match &assessed {
            Ok(a) => match (&a.status, &a.footprint) {
                (Status::ExceedsCap { over }, Some(f)) => Some((f.kernel_bytes, a.cap, *over)),
                _ => None,
            },
            Err(_) => None,
        };
        let (span, msg, code) = match &assessed {
            Err(e) => (span_of(e.at), format!("`{name}` cannot be checked: {e}"), e.rule().code()),
            Ok(a) => match &a.status {
                Status::Fits { headroom: h } => {
                    headroom = headroom.min(*h);
                    fp.clone_from(&a.footprint);
                    continue;
                }
                Status::ExceedsCap { over } => {
                    let f = a.footprint.as_ref().expect("compiled");
                    let auto = a
                        .auto_overflow
                        .map(|o| format!(" (CUTLASS's automatic stage count picks {} stages)", o.auto_stages))
                        .unwrap_or_default();
                    let span = if matches!(c.stages, StagePolicy::Fixed(_)) {
                        span_of(ConfigField::Stages)
                    } else {
                        span_of(ConfigField::Tile)
                    };
                    let code = if a.auto_overflow.is_some() {
                        crate::rules::Rule::AutoStagesOverflow.code()
                    } else {
                        crate::rules::Rule::ExceedsCap.code()
                    };
                    (span, format!("`{name}` needs {} bytes of shared memory with {} stages{auto}: cap {} on {{archs}}, over by {over} bytes", f.kernel_bytes, f.stages, a.cap), code)
                }
                Status::Rejected(r) => {
                    let span = if r.at == ConfigField::Stages && !stages_written {
                        span_of(ConfigField::Tile)
                    } else {
                        span_of(r.at)
                    };
                    (
                        span,
                        format!("`{name}` does not compile: CUTLASS static_assert \"{}\" ({})", r.message, r.detail),
                        crate::rules::Rule::CutlassRejects.code(),
                    )
                }
                Status::Unbuildable(u) => (
                    span_of(u.at),
                    format!("`{name}` compiles but cannot be built: \"{}\" ({})", u.message, u.detail),
                    crate::rules::Rule::Unbuildable.code(),
                ),
            },
        };
        let hint = match &assessed {
            Ok(a) => {
                suggestions(&c, a).first().map(|s| format!("; nearest that fits: {}", s.describe())).unwrap_or_default()
            }
            Err(_) => String::new(),
        };
        let full = format!("{msg}{hint}");
        match seen.iter_mut().find(|(m, ..)| *m == full) {
            Some((_, a, ..)) => a.push(arch),
            None => seen.push((full, vec![arch], span, code, bytes)),
        }
    }
    for (msg, on, span, code, bytes) in seen {
        let names: Vec<&str> = on.iter().map(|a| a.name()).collect();
        errors.0.push(Issue {
            span,
            code,
            message: msg.replace("{archs}", &names.join(", ")),
            kernel: Some(name.to_string()),
            archs: on,
            bytes,
        });
    }
    if !errors.0.is_empty() {
        return Err(errors.0);
    }
    let f = fp.expect("fits on every architecture");
    Ok(Checked {
        entry: crate::emit::TableEntry {
            name: name.to_string(),
            config: KernelConfig { arch: archs[0], ..cfg },
            archs,
            kernel_bytes: f.kernel_bytes,
            mainloop_bytes: f.mainloop_bytes,
            epilogue_bytes: f.epilogue_bytes,
            stages: f.stages,
        },
        headroom,
    })
}
