//! The keys of a kernel table and how their values parse, with spans.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::{error, InputError, InputErrorKind};
use crate::front::key_error::{key_error, KeyProblem};
use crate::front::value_error;
use crate::keys::Front;
use crate::model::dsl::{Activation, AttnDtype, Dsl, DslFamily, FlashAttnVersion, FlashinferVersion};
use crate::model::{
    Arch, Cluster, ConfigField, CutlassVersion, Epilogue, EpilogueOpClass, EpilogueSchedule, EpilogueTile, Family,
    Fusion, Granularity, KernelConfig, KernelKind, Layout, Operand, Output, ParseError, Schedule, StagePolicy, Tile,
    TileScheduler,
};

/// Where a table sits: which keys it may hold and whether lists mean "sweep over these".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Defaults,
    Kernel,
    Sweep,
}

/// A value of one configuration field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Cutlass(CutlassVersion),
    /// A name from [`Family::NAMES`]; the blockwise granularity comes separately.
    Family(&'static str),
    Granularity(Granularity),
    Kind(KernelKind),
    A(Operand),
    B(Operand),
    C(Output),
    D(Output),
    LayoutC(Layout),
    LayoutD(Layout),
    EpilogueTile(EpilogueTile),
    EpilogueCtaTile(Tile),
    Warp(Tile),
    EpilogueOpClass(EpilogueOpClass),
    Scheduler(TileScheduler),
    Tile(Tile),
    /// A static cluster, or `None` for `"dynamic"`.
    Cluster(Option<Cluster>),
    Schedule(Schedule),
    EpilogueSchedule(EpilogueSchedule),
    Stages(StagePolicy),
    Fusion(Fusion),
    Epilogue(Epilogue),
    /// CuTe DSL keys (`model::dsl::Dsl`): the releases, an integer of the shape (by its field),
    /// the activation, `causal`, the attention dtype, and a `[m, n]` tile.
    Flashinfer(FlashinferVersion),
    FlashAttn(FlashAttnVersion),
    Shape(ConfigField, u64),
    Activation(Activation),
    Causal(bool),
    Dtype(AttnDtype),
    Tile2([u64; 2]),
}

impl Value {
    fn field(self) -> ConfigField {
        match self {
            Value::Cutlass(_) => ConfigField::Cutlass,
            Value::Family(_) => ConfigField::Family,
            Value::Granularity(_) => ConfigField::Granularity,
            Value::Kind(_) => ConfigField::Kind,
            Value::A(_) => ConfigField::A,
            Value::B(_) => ConfigField::B,
            Value::C(_) => ConfigField::C,
            Value::D(_) => ConfigField::D,
            Value::LayoutC(_) => ConfigField::LayoutC,
            Value::LayoutD(_) => ConfigField::LayoutD,
            Value::EpilogueTile(_) => ConfigField::EpilogueTile,
            Value::EpilogueCtaTile(_) => ConfigField::EpilogueCtaTile,
            Value::Warp(_) => ConfigField::Warp,
            Value::EpilogueOpClass(_) => ConfigField::EpilogueOpClass,
            Value::Scheduler(_) => ConfigField::Scheduler,
            Value::Cluster(_) => ConfigField::Cluster,
            Value::Schedule(_) => ConfigField::Schedule,
            Value::EpilogueSchedule(_) => ConfigField::EpilogueSchedule,
            Value::Stages(_) => ConfigField::Stages,
            Value::Fusion(_) => ConfigField::Fusion,
            Value::Epilogue(_) => ConfigField::Epilogue,
            Value::Flashinfer(_) => ConfigField::Flashinfer,
            Value::FlashAttn(_) => ConfigField::FlashAttn,
            Value::Shape(f, _) => f,
            Value::Activation(_) => ConfigField::Activation,
            Value::Causal(_) => ConfigField::Causal,
            Value::Dtype(_) => ConfigField::Dtype,
            Value::Tile(_) | Value::Tile2(_) => ConfigField::Tile,
        }
    }
}

/// One alternative of an axis: the values it sets, each with its span.
type Alternative = Vec<(Value, Range<usize>)>;

/// The settings in force for a table: `[defaults]` overlaid with the table's own keys.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Per key, the alternatives (one for a plain value, several for a sweep list).
    axes: Vec<(String, Vec<Alternative>)>,
    targets: Option<(Vec<Arch>, Range<usize>)>,
}

/// One point of the cartesian product.
#[derive(Clone, Debug)]
pub struct Point {
    values: Vec<(Value, Range<usize>)>,
    targets: Option<(Vec<Arch>, Range<usize>)>,
}

fn parse_err(span: Range<usize>, e: &ParseError) -> InputError {
    value_error::not_parsed(e).at(span)
}

fn type_err(span: Range<usize>, key: &str, found: &DeValue<'_>) -> InputError {
    value_error::wrong_type(key, found.type_str()).at(span)
}

fn string<'a>(v: &'a Spanned<DeValue<'_>>, key: &str) -> Result<&'a str, InputError> {
    v.get_ref().as_str().ok_or_else(|| type_err(v.span(), key, v.get_ref()))
}

fn integer(v: &Spanned<DeValue<'_>>, key: &str) -> Result<u64, InputError> {
    let i = v
        .get_ref()
        .as_integer()
        .ok_or_else(|| value_error::wrong_type_expecting(key, "an integer", v.get_ref().type_str()).at(v.span()))?;
    let digits: String = i.as_str().chars().filter(|c| *c != '_').collect();
    let digits = digits.trim_start_matches('+');
    let digits = digits.trim_start_matches("0x").trim_start_matches("0o").trim_start_matches("0b");
    u64::from_str_radix(digits, i.radix()).map_err(|_| value_error::not_u64(key).at(v.span()))
}

fn parsed<T: std::str::FromStr<Err = ParseError>>(v: &Spanned<DeValue<'_>>, key: &str) -> Result<T, InputError> {
    string(v, key)?.parse().map_err(|e| parse_err(v.span(), &e))
}

fn triple(v: &Spanned<DeValue<'_>>, key: &str) -> Result<[u64; 3], InputError> {
    let arr = v.get_ref().as_array().ok_or_else(|| type_err(v.span(), key, v.get_ref()))?;
    if arr.len() != 3 {
        return Err(value_error::extent_count(key, 3, arr.len()).at(v.span()));
    }
    let mut out = [0; 3];
    for (o, x) in out.iter_mut().zip(arr.iter()) {
        *o = integer(x, key)?;
        if *o == 0 {
            return Err(value_error::zero_extent(key).at(x.span()));
        }
    }
    Ok(out)
}

fn pair(v: &Spanned<DeValue<'_>>, key: &str) -> Result<[u64; 2], InputError> {
    let arr = v.get_ref().as_array().ok_or_else(|| type_err(v.span(), key, v.get_ref()))?;
    if arr.len() != 2 {
        return Err(value_error::extent_count(key, 2, arr.len()).at(v.span()));
    }
    let mut out = [0; 2];
    for (o, x) in out.iter_mut().zip(arr.iter()) {
        *o = integer(x, key)?;
        if *o == 0 {
            return Err(value_error::zero_extent(key).at(x.span()));
        }
    }
    Ok(out)
}

fn stages(v: &Spanned<DeValue<'_>>) -> Result<StagePolicy, InputError> {
    match v.get_ref() {
        DeValue::Integer(_) => {
            let n = integer(v, "stages")?;
            u32::try_from(n).map(StagePolicy::Fixed).map_err(|_| value_error::stages_out_of_range().at(v.span()))
        }
        DeValue::String(_) => parsed(v, "stages"),
        other => Err(type_err(v.span(), "stages", other)),
    }
}

fn epilogue(v: &Spanned<DeValue<'_>>) -> Result<Epilogue, InputError> {
    match v.get_ref() {
        DeValue::String(s) => Epilogue::from_name(s).ok_or_else(|| value_error::unknown_epilogue(s).at(v.span())),
        DeValue::Table(t) => {
            let mut bytes = None;
            for (k, x) in t {
                if k.get_ref() == "smem_bytes" {
                    bytes = Some(integer(x, "smem_bytes")?);
                } else {
                    return Err(error(
                        InputErrorKind::UnknownKey,
                        k.span(),
                        format!("unknown epilogue key `{}`", k.get_ref()),
                        "not an epilogue key",
                        Some("a custom epilogue is declared as `epilogue = { smem_bytes = N }`, N = sizeof(CollectiveEpilogue::SharedStorage)".into()),
                    ));
                }
            }
            bytes.map(|smem_bytes| Epilogue::Declared { smem_bytes }).ok_or_else(|| {
                error(
                    InputErrorKind::Missing,
                    v.span(),
                    "a declared epilogue needs `smem_bytes`",
                    "missing smem_bytes",
                    None,
                )
            })
        }
        other => Err(type_err(v.span(), "epilogue", other)),
    }
}

/// Parse one (non-list) value of `key`.
fn alternative(key: &str, v: &Spanned<DeValue<'_>>) -> Result<Alternative, InputError> {
    let one = |x: Value| Ok(vec![(x, v.span())]);
    match key {
        "cutlass" => one(Value::Cutlass(parsed(v, key)?)),
        "family" => {
            let name = string(v, key)?;
            match Family::NAMES.iter().find(|n| **n == name) {
                Some(n) => one(Value::Family(n)),
                None => Err(parse_err(v.span(), &ParseError::new("family", name, Family::NAMES))),
            }
        }
        "granularity" => {
            let [m, n, k] = triple(v, key)?;
            one(Value::Granularity(Granularity { m, n, k }))
        }
        "kernel" => one(Value::Kind(parsed(v, key)?)),
        "a" => one(Value::A(parsed(v, key)?)),
        "b" => one(Value::B(parsed(v, key)?)),
        "c" => one(Value::C(parsed(v, key)?)),
        "d" => one(Value::D(parsed(v, key)?)),
        "operands" | "outputs" => {
            let pair =
                v.get_ref().as_array().filter(|a| a.len() == 2).ok_or_else(|| type_err(v.span(), key, v.get_ref()))?;
            if key == "operands" {
                Ok(vec![
                    (Value::A(parsed(&pair[0], key)?), pair[0].span()),
                    (Value::B(parsed(&pair[1], key)?), pair[1].span()),
                ])
            } else {
                Ok(vec![
                    (Value::C(parsed(&pair[0], key)?), pair[0].span()),
                    (Value::D(parsed(&pair[1], key)?), pair[1].span()),
                ])
            }
        }
        "layout_c" => one(Value::LayoutC(parsed(v, key)?)),
        "layout_d" => one(Value::LayoutD(parsed(v, key)?)),
        "epilogue_tile" => {
            let [m, n] = pair(v, key)?;
            one(Value::EpilogueTile(EpilogueTile::Explicit { m, n }))
        }
        // `[M, N, K]` for a CUTLASS kernel, `[m, n]` for a CuTe DSL kernel (the family decides which
        // is right, once the table's keys are all read).
        "tile" if v.get_ref().as_array().is_some_and(|a| a.len() == 2) => one(Value::Tile2(pair(v, key)?)),
        "tile" => {
            let [m, n, k] = triple(v, key)?;
            one(Value::Tile(Tile { m, n, k }))
        }
        "flashinfer" => one(Value::Flashinfer(parsed(v, key)?)),
        "flash_attn" => one(Value::FlashAttn(parsed(v, key)?)),
        "hidden" | "intermediate" | "experts" | "top_k" | "tokens" | "sm_count" | "m" | "n" | "k" | "head_dim"
        | "head_dim_v" => {
            let field = crate::keys::field_of(key).unwrap_or(ConfigField::Hidden);
            one(Value::Shape(field, integer(v, key)?))
        }
        "activation" => one(Value::Activation(parsed(v, key)?)),
        "causal" => match v.get_ref() {
            DeValue::Boolean(b) => one(Value::Causal(*b)),
            other => Err(value_error::wrong_type_expecting(key, "a boolean", other.type_str()).at(v.span())),
        },
        "dtype" => one(Value::Dtype(parsed(v, key)?)),
        "epilogue_cta_tile" => {
            let [m, n, k] = triple(v, key)?;
            one(Value::EpilogueCtaTile(Tile { m, n, k }))
        }
        "warp" => {
            let [m, n, k] = triple(v, key)?;
            one(Value::Warp(Tile { m, n, k }))
        }
        "epilogue_op_class" => one(Value::EpilogueOpClass(parsed(v, key)?)),
        "scheduler" => one(Value::Scheduler(parsed(v, key)?)),
        "cluster" if v.get_ref().as_str() == Some("dynamic") => one(Value::Cluster(None)),
        "cluster" => {
            let [m, n, k] = triple(v, key)?;
            one(Value::Cluster(Some(Cluster { m, n, k })))
        }
        "schedule" => one(Value::Schedule(parsed(v, key)?)),
        "epilogue_schedule" => one(Value::EpilogueSchedule(parsed(v, key)?)),
        "stages" => one(Value::Stages(stages(v)?)),
        "carveout" => one(Value::Stages(StagePolicy::AutoCarveout(integer(v, key)?))),
        "fusion" => one(Value::Fusion(parsed(v, key)?)),
        "epilogue" => one(Value::Epilogue(epilogue(v)?)),
        _ => unreachable!("keys are checked before"),
    }
}

/// Whether a sweep's value is a list of alternatives (rather than one tile or pair).
fn is_list_of_alternatives(key: &str, v: &DeValue<'_>) -> bool {
    let Some(arr) = v.as_array() else { return false };
    match key {
        "tile" | "warp" | "cluster" | "granularity" | "operands" | "outputs" | "epilogue_tile"
        | "epilogue_cta_tile" => arr.first().is_some_and(|x| x.get_ref().is_array()),
        _ => true,
    }
}

impl Settings {
    fn set(&mut self, key: &str, alternatives: Vec<Alternative>) {
        self.axes.retain(|(k, _)| k != key);
        // `carveout` and `stages` set the same field.
        if key == "carveout" {
            self.axes.retain(|(k, _)| k != "stages");
        } else if key == "stages" {
            self.axes.retain(|(k, _)| k != "carveout");
        }
        self.axes.push((key.to_string(), alternatives));
    }

    /// Read a table's keys over these settings, collecting every problem.
    pub(crate) fn read_table(&mut self, t: &DeTable<'_>, scope: Scope, errors: &mut Vec<InputError>) {
        for (k, v) in t {
            let key = k.get_ref().as_ref();
            if !Front::Toml.knows(key) {
                errors.push(key_error(Front::Toml, key, KeyProblem::Unknown).at(k.span()));
                continue;
            }
            if key == "name" && scope == Scope::Defaults {
                errors.push(error(
                    InputErrorKind::UnknownKey,
                    k.span(),
                    "`name` is not a [defaults] key",
                    "not a [defaults] key",
                    Some("`name` names one kernel or sweep: write it in its [[kernel]] or [[sweep]] table".into()),
                ));
                continue;
            }
            if key == "name" {
                continue;
            }
            if crate::keys::is_provenance(key) {
                // Where a real kernel comes from: text for readers and the configs/ rules, not the model.
                if let Err(e) = provenance(key, v) {
                    errors.push(e);
                }
                continue;
            }
            if key == "arch" {
                match targets(v) {
                    Ok(a) => self.targets = Some((a, v.span())),
                    Err(e) => errors.push(e),
                }
                continue;
            }
            let result = if scope == Scope::Sweep && is_list_of_alternatives(key, v.get_ref()) {
                let items = v.get_ref().as_array().map(|a| a.iter().collect::<Vec<_>>()).unwrap_or_default();
                if items.is_empty() {
                    Err(error(
                        InputErrorKind::InvalidValue,
                        v.span(),
                        format!("`{key}` sweeps over nothing"),
                        "empty list",
                        None,
                    ))
                } else {
                    items.into_iter().map(|x| alternative(key, x)).collect::<Result<Vec<_>, _>>()
                }
            } else {
                alternative(key, v).map(|a| vec![a])
            };
            match result {
                Ok(alts) => self.set(key, alts),
                Err(e) => errors.push(e),
            }
        }
    }

    /// How many points [`Settings::expand`] would make (`None` past `u64`).
    pub(crate) fn point_count(&self) -> Option<u64> {
        self.axes.iter().try_fold(1u64, |n, (_, alts)| n.checked_mul(alts.len() as u64))
    }

    /// The cartesian product of every axis, in key order (the first axis varies slowest), one point
    /// at a time: a sweep's points are never all in memory.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let total = self.point_count().unwrap_or(0);
        (0..total).map(move |mut i| {
            let mut picks = vec![0usize; self.axes.len()];
            for (pick, (_, alts)) in picks.iter_mut().zip(&self.axes).rev() {
                let n = alts.len() as u64;
                *pick = (i % n) as usize;
                i /= n;
            }
            let values = picks.iter().zip(&self.axes).flat_map(|(&p, (_, alts))| alts[p].iter().cloned()).collect();
            Point { values, targets: self.targets.clone() }
        })
    }
}

/// A `source_*` value: a non-empty string (`source_line` may be a line number).
fn provenance(key: &str, v: &Spanned<DeValue<'_>>) -> Result<(), InputError> {
    match v.get_ref() {
        DeValue::String(s) if !s.trim().is_empty() => Ok(()),
        DeValue::Integer(_) if key == "source_line" => integer(v, key).map(|_| ()),
        other => Err(type_err(v.span(), key, other)),
    }
}

fn targets(v: &Spanned<DeValue<'_>>) -> Result<Vec<Arch>, InputError> {
    match v.get_ref() {
        DeValue::String(_) => Ok(vec![parsed(v, "arch")?]),
        DeValue::Array(items) if !items.is_empty() => {
            let mut archs: Vec<Arch> = Vec::new();
            for x in items {
                let a = parsed(x, "arch")?;
                if archs.contains(&a) {
                    return Err(value_error::listed_twice(a.name()).at(x.span()));
                }
                archs.push(a);
            }
            Ok(archs)
        }
        other => Err(type_err(v.span(), "arch", other)),
    }
}

impl Point {
    /// The configuration of this point; `name_span` stands in for missing keys.
    #[allow(clippy::type_complexity)]
    pub fn build(&self, name_span: &Range<usize>) -> Result<(KernelConfig, Vec<Arch>, super::FieldSpans), InputError> {
        let mut spans = super::FieldSpans::default();
        let (mut a, mut b, mut c, mut d, mut tile) = (None, None, None, None, None);
        let (mut family, mut granularity) = (None, None);
        for (v, span) in &self.values {
            match *v {
                Value::Family(x) => family = Some((x, span.clone())),
                Value::Granularity(x) => granularity = Some((x, span.clone())),
                _ => {}
            }
        }
        let resolved = crate::keys::family(family.as_ref().map(|(n, _)| *n), granularity.as_ref().map(|(g, _)| *g))
            .map_err(|e| {
                let (key, bad) = value_error::family(&e);
                let span = match key {
                    "granularity" => granularity.as_ref().map(|(_, s)| s.clone()),
                    _ => family.as_ref().map(|(_, s)| s.clone()),
                };
                bad.at(span.unwrap_or_else(|| name_span.clone()))
            })?;
        // A key the family does not read is an error where it is written, never ignored.
        for (v, span) in &self.values {
            if !crate::keys::family_takes(resolved, v.field()) {
                let key = v.field().key();
                return Err(key_error(Front::Toml, key, KeyProblem::NotOfFamily(resolved)).at(span.clone()));
            }
        }
        let (targets, arch_span) = self.targets.clone().unwrap_or((vec![Arch::Sm120], name_span.clone()));
        if let Family::Dsl(f) = resolved {
            return self.build_dsl(f, name_span, targets, arch_span);
        }
        let mut cfg = KernelConfig {
            arch: Arch::Sm120,
            cutlass: CutlassVersion::LATEST,
            family: resolved,
            kind: KernelKind::Dense,
            a: Operand::Nvfp4,
            b: Operand::Nvfp4,
            layout_a: Layout::RowMajor,
            layout_b: Layout::ColumnMajor,
            c: Output::Void,
            d: Output::Bf16,
            layout_c: Layout::RowMajor,
            layout_d: Layout::RowMajor,
            epilogue_tile: crate::model::EpilogueTile::Auto,
            epilogue_cta_tile: None,
            epilogue_op_class: EpilogueOpClass::Auto,
            scheduler: TileScheduler::Auto,
            fusion: Fusion::Default,
            epilogue: Epilogue::Builder,
            tile: Tile { m: 0, n: 0, k: 0 },
            warp: None,
            cluster: Cluster::ONE,
            dynamic_cluster: false,
            schedule: Schedule::Auto,
            epilogue_schedule: EpilogueSchedule::Auto,
            stages: StagePolicy::Auto,
            dsl: Dsl::NONE,
        };
        for (v, span) in &self.values {
            spans.insert(v.field(), span.clone());
            match *v {
                Value::Cutlass(x) => cfg.cutlass = x,
                Value::Family(_) | Value::Granularity(_) => {}
                Value::Kind(x) => cfg.kind = x,
                Value::A(x) => a = Some(x),
                Value::B(x) => b = Some(x),
                Value::C(x) => c = Some(x),
                Value::D(x) => d = Some(x),
                Value::LayoutC(x) => cfg.layout_c = x,
                Value::LayoutD(x) => cfg.layout_d = x,
                Value::EpilogueTile(x) => cfg.epilogue_tile = x,
                Value::EpilogueCtaTile(x) => cfg.epilogue_cta_tile = Some(x),
                Value::Warp(x) => cfg.warp = Some(x),
                Value::EpilogueOpClass(x) => cfg.epilogue_op_class = x,
                Value::Scheduler(x) => cfg.scheduler = x,
                Value::Tile(x) => tile = Some(x),
                Value::Tile2(_) => return Err(value_error::extent_count("tile", 3, 2).at(span.clone())),
                Value::Cluster(Some(x)) => cfg.cluster = x,
                Value::Cluster(None) => cfg.dynamic_cluster = true,
                Value::Schedule(x) => cfg.schedule = x,
                Value::EpilogueSchedule(x) => cfg.epilogue_schedule = x,
                Value::Stages(x) => cfg.stages = x,
                Value::Fusion(x) => cfg.fusion = x,
                Value::Epilogue(x) => cfg.epilogue = x,
                Value::Flashinfer(_)
                | Value::FlashAttn(_)
                | Value::Shape(..)
                | Value::Activation(_)
                | Value::Causal(_)
                | Value::Dtype(_) => unreachable!("DSL keys of a CUTLASS family are refused above"),
            }
        }
        let missing = |key: &str| key_error(Front::Toml, key, KeyProblem::Missing).at(name_span.clone());
        cfg.a = a.ok_or_else(|| missing("a"))?;
        cfg.b = b.ok_or_else(|| missing("b"))?;
        cfg.c = c.ok_or_else(|| missing("c"))?;
        cfg.d = d.ok_or_else(|| missing("d"))?;
        cfg.tile = tile.ok_or_else(|| missing("tile"))?;
        spans.insert(ConfigField::Arch, arch_span);
        cfg.arch = targets[0];
        Ok((cfg, targets, spans))
    }

    /// [`Point::build`] for a CuTe DSL family: its keys were checked; its required ones must be
    /// written (the release too: the struct depends on it).
    #[allow(clippy::type_complexity)]
    fn build_dsl(
        &self,
        family: DslFamily,
        name_span: &Range<usize>,
        targets: Vec<Arch>,
        arch_span: Range<usize>,
    ) -> Result<(KernelConfig, Vec<Arch>, super::FieldSpans), InputError> {
        let mut spans = super::FieldSpans::default();
        let mut dsl = Dsl::NONE;
        let mut cfg = KernelConfig::dsl(family, Dsl::NONE);
        for (v, span) in &self.values {
            spans.insert(v.field(), span.clone());
            match *v {
                Value::Flashinfer(x) => dsl.flashinfer = Some(x),
                Value::FlashAttn(x) => dsl.flash_attn = Some(x),
                Value::Shape(f, x) => crate::keys::set_dsl_shape(&mut dsl, f, x),
                Value::Activation(x) => dsl.activation = Some(x),
                Value::Causal(x) => dsl.causal = Some(x),
                Value::Dtype(x) => dsl.dtype = Some(x),
                Value::Tile2(x) => dsl.tile = Some(x),
                Value::Tile(_) => return Err(value_error::extent_count("tile", 2, 3).at(span.clone())),
                Value::A(x) => cfg.a = x,
                Value::B(x) => cfg.b = x,
                Value::D(x) => cfg.d = x,
                _ => {}
            }
        }
        for field in family.required() {
            if !dsl.has(*field) {
                return Err(key_error(Front::Toml, field.key(), KeyProblem::Missing).at(name_span.clone()));
            }
        }
        cfg.dsl = dsl;
        spans.insert(ConfigField::Arch, arch_span);
        cfg.arch = targets[0];
        Ok((cfg, targets, spans))
    }
}
