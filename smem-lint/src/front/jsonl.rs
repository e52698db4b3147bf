//! The JSON-lines contract of `smem-lint eval`: configurations in the format of the measured data
//! (`tests/data/*.jsonl`), results one JSON object per line.

use crate::checker::Problem;
use crate::diagnostic::{Diagnostic, Kernel, LineAt};
use crate::diagnostics::Memo;
use crate::front::key_error::{key_error, KeyProblem};
use crate::front::value_error::{self, ValueError};
use crate::keys::{Front, KEYS};
use crate::rules::Rule;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

mod fast;

use crate::model::{
    Cluster, CutlassVersion, EpilogueSchedule, Fusion, Granularity, KernelConfig, KernelKind, Layout, Operand, Output,
    Schedule, StagePolicy, Status, Tile,
};

/// A line that could not be turned into a configuration (an input error, exit 2), or a kernel
/// outside the model (`smem::not-modelled`, exit 1): the one diagnostic record, located by the
/// line's id and key.
pub type LineError = Diagnostic<LineAt>;

impl Diagnostic<LineAt> {
    /// The line's `error` text: the reader's words for an input error; for a kernel outside the
    /// model, the model's reason and its hint (the finding's `message` is check's).
    pub fn error(&self) -> Cow<'_, str> {
        match self.kernel.as_deref() {
            Some(Kernel { problem: Problem::NotModelled(e), .. }) => Cow::Owned(e.to_string()),
            _ => Cow::Borrowed(&self.message),
        }
    }
}

/// The place of a bad value of `field`.
fn at(id: Option<&str>, field: &'static str) -> LineAt {
    LineAt { id: id.map(Box::from), field: Some(Box::from(field)) }
}

/// An error about `key` ([`key_error`]), at the key.
#[cold]
fn key_problem(id: Option<&str>, key: &str, problem: KeyProblem) -> LineError {
    key_error(Front::JsonLines, key, problem).at(LineAt { id: id.map(Box::from), field: Some(Box::from(key)) })
}

/// A bad value of `field`, in every front end's words ([`value_error`]).
fn bad(id: Option<&str>, field: &'static str, e: ValueError) -> LineError {
    e.at(at(id, field))
}

/// The name TOML gives a value's type (what a wrong-type message says it found).
fn type_name(v: &Val) -> &'static str {
    match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(n) if n.is_f64() => "float",
        Val::Num(_) => "integer",
        Val::Str(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "table",
    }
}

/// A required key that is absent (`smem::missing-key`, as in TOML).
#[cold]
fn missing(id: Option<&str>, field: &'static str) -> LineError {
    key_problem(id, field, KeyProblem::Missing)
}

fn input_error(message: String) -> LineError {
    Diagnostic::input(Rule::InvalidValue, LineAt::default(), message, Rule::InvalidValue.summary(), None)
}

#[inline]
fn text<'a>(obj: &'a Fields, id: Option<&str>, key: usize) -> Result<Option<&'a str>, LineError> {
    match obj.get(key) {
        None | Some(Val::Null) => Ok(None),
        Some(Val::Str(s)) => Ok(Some(s)),
        Some(other) => Err(not_a_string(id, key, other)),
    }
}

#[cold]
fn not_a_string(id: Option<&str>, key: usize, found: &Val) -> LineError {
    bad(id, KEYS[key].name, value_error::wrong_type(KEYS[key].name, type_name(found)))
}

#[inline]
fn parsed<T: std::str::FromStr<Err = crate::model::ParseError>>(
    obj: &Fields,
    id: Option<&str>,
    key: usize,
) -> Result<Option<T>, LineError> {
    match text(obj, id, key)? {
        None => Ok(None),
        Some(s) => match s.parse::<T>() {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(not_parsed(id, key, &e)),
        },
    }
}

#[cold]
fn not_parsed(id: Option<&str>, key: usize, e: &crate::model::ParseError) -> LineError {
    bad(id, KEYS[key].name, value_error::not_parsed(e))
}

/// `N` positive extents, read as the TOML reader reads them.
fn extents<const N: usize>(obj: &Fields, id: Option<&str>, key: usize) -> Result<Option<[u64; N]>, LineError> {
    let Some(v) = obj.get(key) else { return Ok(None) };
    let name = KEYS[key].name;
    let Val::Arr(arr) = v else { return Err(bad(id, name, value_error::wrong_type(name, type_name(v)))) };
    if arr.len() != N {
        return Err(bad(id, name, value_error::extent_count(name, N, arr.len())));
    }
    let mut out = [0u64; N];
    for (o, x) in out.iter_mut().zip(arr) {
        *o = extent(id, name, x)?;
    }
    Ok(Some(out))
}

/// An integer too large for 64 bits, which serde_json reads as a float (`99999999999999999999`):
/// out of range, as the TOML reader says, not of the wrong type.
fn huge_integer(x: &Val) -> bool {
    matches!(x, Val::Num(n) if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f.abs() >= 9.0e18))
}

/// One extent: a positive integer.
fn extent(id: Option<&str>, name: &'static str, x: &Val) -> Result<u64, LineError> {
    if huge_integer(x) {
        return Err(bad(id, name, value_error::not_u64(name)));
    }
    match x {
        Val::Num(n) if !n.is_f64() => match n.as_u64() {
            Some(0) => Err(bad(id, name, value_error::zero_extent(name))),
            Some(e) => Ok(e),
            None => Err(bad(id, name, value_error::not_u64(name))),
        },
        other => Err(bad(id, name, value_error::wrong_type_expecting(name, "an integer", type_name(other)))),
    }
}

fn triple(obj: &Fields, id: Option<&str>, key: usize) -> Result<Option<[u64; 3]>, LineError> {
    extents::<3>(obj, id, key)
}

fn pair(obj: &Fields, id: Option<&str>, key: usize) -> Result<Option<[u64; 2]>, LineError> {
    extents::<2>(obj, id, key)
}

/// The positions in [`KEYS`] of the keys a line is read by (checked against the registry at
/// compile time).
mod key {
    use crate::keys::index;
    pub(super) const ID: usize = index("id");
    pub(super) const ARCH: usize = index("arch");
    pub(super) const CUTLASS: usize = index("cutlass");
    pub(super) const FAMILY: usize = index("family");
    pub(super) const GRANULARITY: usize = index("granularity");
    pub(super) const KERNEL: usize = index("kernel");
    pub(super) const A: usize = index("a");
    pub(super) const B: usize = index("b");
    pub(super) const C: usize = index("c");
    pub(super) const D: usize = index("d");
    pub(super) const LAYOUT_C: usize = index("layout_c");
    pub(super) const LAYOUT_D: usize = index("layout_d");
    pub(super) const EPILOGUE_TILE: usize = index("epilogue_tile");
    pub(super) const EPILOGUE_CTA_TILE: usize = index("epilogue_cta_tile");
    pub(super) const EPILOGUE_OP_CLASS: usize = index("epilogue_op_class");
    pub(super) const SCHEDULER: usize = index("scheduler");
    pub(super) const TILE: usize = index("tile");
    pub(super) const WARP: usize = index("warp");
    pub(super) const CLUSTER: usize = index("cluster");
    pub(super) const SCHEDULE: usize = index("schedule");
    pub(super) const EPILOGUE_SCHEDULE: usize = index("epilogue_schedule");
    pub(super) const STAGES: usize = index("stages");
    pub(super) const FUSION: usize = index("fusion");
    pub(super) const EPILOGUE: usize = index("epilogue");
    pub(super) const RESULT: usize = index("result");
    pub(super) const FLASHINFER: usize = index("flashinfer");
    pub(super) const FLASH_ATTN: usize = index("flash_attn");
    pub(super) const ACTIVATION: usize = index("activation");
    pub(super) const CAUSAL: usize = index("causal");
    pub(super) const DTYPE: usize = index("dtype");
}

/// The error every strict reader gives for a key written twice (serde_json keeps the last one
/// silently): `{"stages": 2, "stages": 8}` is an error naming the key, at every depth.
fn duplicate_key<E: serde::de::Error>(key: &str) -> E {
    E::custom(format!("{DUPLICATE}{key}`"))
}

/// How [`duplicate_key`]'s error starts.
const DUPLICATE: &str = "duplicate key `";

/// A line serde_json refuses: a key given twice ([`duplicate_key`]) as every front end says it,
/// anything else as not JSON.
#[cold]
fn not_json(e: &serde_json::Error) -> LineError {
    let text = e.to_string();
    // serde_json adds " at line L column C" after the message.
    let twice = text.strip_prefix(DUPLICATE).and_then(|rest| rest.rfind("` at line ").map(|end| &rest[..end]));
    match twice {
        Some(key) if e.is_data() => key_problem(None, key, KeyProblem::Twice),
        _ => input_error(format!("not valid JSON: {e}")),
    }
}

/// The keys of one object read so far, to refuse a duplicate in linear time: a short list while
/// the object is small (a line's objects have a dozen keys), a hash set once it is not (a hostile
/// line of 90,000 keys took 25 s when each key was compared with every other).
#[derive(Default)]
struct KeySet<'a> {
    few: Vec<Cow<'a, str>>,
    many: std::collections::HashSet<Cow<'a, str>>,
}

impl<'a> KeySet<'a> {
    /// Keys kept in the list; the fast reader leaves objects with more to serde_json.
    const FEW: usize = 16;

    /// Adds `k`; `false` if it was there already.
    fn insert(&mut self, k: Cow<'a, str>) -> bool {
        if self.many.is_empty() {
            if self.few.contains(&k) {
                return false;
            }
            if self.few.len() < Self::FEW {
                self.few.push(k);
                return true;
            }
            self.many.extend(self.few.drain(..));
        }
        self.many.insert(k)
    }
}

/// A JSON value, its strings borrowed from the line where they have no escapes (a line's strings
/// are its keys and a dozen names, and `eval` reads a million lines). Objects keep their keys in
/// order and refuse duplicates, at every depth.
#[derive(Clone, Debug, PartialEq)]
enum Val<'a> {
    Null,
    Bool(bool),
    Num(serde_json::Number),
    Str(Cow<'a, str>),
    Arr(Vec<Val<'a>>),
    Obj(Vec<(Cow<'a, str>, Val<'a>)>),
}

impl Val<'_> {
    /// As a `serde_json` value: for messages, which quote what was found.
    fn to_value(&self) -> Value {
        match self {
            Val::Null => Value::Null,
            Val::Bool(b) => Value::Bool(*b),
            Val::Num(n) => Value::Number(n.clone()),
            Val::Str(s) => Value::String(s.to_string()),
            Val::Arr(a) => Value::Array(a.iter().map(Val::to_value).collect()),
            Val::Obj(o) => Value::Object(o.iter().map(|(k, v)| (k.to_string(), v.to_value())).collect::<Map<_, _>>()),
        }
    }
}

/// Written as compact JSON, as `serde_json` writes the value.
impl std::fmt::Display for Val<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_value())
    }
}

impl<'de> serde::Deserialize<'de> for Val<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValVisitor)
    }
}

struct ValVisitor;

impl<'de> serde::de::Visitor<'de> for ValVisitor {
    type Value = Val<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Val<'de>, E> {
        Ok(Val::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Val<'de>, E> {
        Ok(Val::Num(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Val<'de>, E> {
        Ok(Val::Num(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Val<'de>, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Val::Null, Val::Num))
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Val<'de>, E> {
        Ok(Val::Str(Cow::Borrowed(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Val<'de>, E> {
        Ok(Val::Str(Cow::Owned(v.to_string())))
    }
    fn visit_string<E>(self, v: String) -> Result<Val<'de>, E> {
        Ok(Val::Str(Cow::Owned(v)))
    }
    fn visit_unit<E>(self) -> Result<Val<'de>, E> {
        Ok(Val::Null)
    }
    fn visit_none<E>(self) -> Result<Val<'de>, E> {
        Ok(Val::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Val<'de>, A::Error> {
        let mut v = Vec::new();
        while let Some(x) = seq.next_element()? {
            v.push(x);
        }
        Ok(Val::Arr(v))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Val<'de>, A::Error> {
        let mut m: Vec<(Cow<'de, str>, Val<'de>)> = Vec::new();
        let mut seen = KeySet::default();
        while let Some(Key(k)) = map.next_key()? {
            if !seen.insert(k.clone()) {
                return Err(duplicate_key(&k));
            }
            m.push((k, map.next_value()?));
        }
        Ok(Val::Obj(m))
    }
}

/// An object key, borrowed from the line when it has no escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> serde::de::Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// A line's top-level object: its values by their key's position in [`KEYS`], each read strictly
/// (duplicate keys refused at every depth), and the keys that are not JSON-lines keys, in input
/// order. `result`, measured data that input ignores, is checked but not built. A short vector
/// and a position per key, not a map: a line has a dozen keys, and `eval` reads a million lines.
#[cfg_attr(test, derive(Debug, PartialEq))]
struct Fields<'a> {
    values: Vec<Val<'a>>,
    /// For each key of [`KEYS`], where its value is in `values`, or [`Fields::ABSENT`].
    at: [u8; KEYS.len()],
    unknown: Vec<Cow<'a, str>>,
}

impl<'a> Fields<'a> {
    const ABSENT: u8 = u8::MAX;
    /// A value the line does not keep (`result`).
    const CHECKED: u8 = u8::MAX - 1;

    fn get(&self, key: usize) -> Option<&Val<'a>> {
        self.values.get(usize::from(self.at[key]))
    }
}

impl Drop for Fields<'_> {
    /// A line's values are mostly borrowed strings and numbers, which own nothing: they are
    /// forgotten without a call each to `Val`'s drop glue (`eval` drops a million lines' values).
    fn drop(&mut self) {
        while let Some(v) = self.values.pop() {
            match v {
                Val::Null | Val::Bool(_) | Val::Num(_) | Val::Str(Cow::Borrowed(_)) => std::mem::forget(v),
                _ => drop(v),
            }
        }
    }
}

/// A line: an object, or any other JSON value (read strictly all the same, then refused).
enum Top<'a> {
    Object(Fields<'a>),
    Other,
}

impl<'de> serde::Deserialize<'de> for Top<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TopVisitor)
    }
}

struct TopVisitor;

impl<'de> serde::de::Visitor<'de> for TopVisitor {
    type Value = Top<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
    fn visit_str<E>(self, _: &str) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
    fn visit_unit<E>(self) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Top<'de>, A::Error> {
        CheckedVisitor.visit_seq(seq).map(|_| Top::Other)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Top<'de>, A::Error> {
        let mut fields =
            Fields { values: Vec::with_capacity(16), at: [Fields::ABSENT; KEYS.len()], unknown: Vec::new() };
        let mut unknown = KeySet::default();
        while let Some(Key(k)) = map.next_key()? {
            match crate::keys::position(Front::JsonLines, &k) {
                Some(i) if fields.at[i] != Fields::ABSENT => return Err(duplicate_key(&k)),
                Some(key::RESULT) => {
                    map.next_value::<Checked>()?;
                    fields.at[key::RESULT] = Fields::CHECKED;
                }
                Some(i) => {
                    // Every key is a distinct JSON-lines key here, so there are fewer than 24 values.
                    fields.at[i] = fields.values.len() as u8;
                    fields.values.push(map.next_value()?);
                }
                None if !unknown.insert(k.clone()) => return Err(duplicate_key(&k)),
                None => {
                    map.next_value::<Checked>()?;
                    fields.unknown.push(k);
                }
            }
        }
        Ok(Top::Object(fields))
    }
}

/// A JSON value checked for duplicate keys at every depth, and dropped.
struct Checked;

impl<'de> serde::Deserialize<'de> for Checked {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CheckedVisitor)
    }
}

struct CheckedVisitor;

impl<'de> serde::de::Visitor<'de> for CheckedVisitor {
    type Value = Checked;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_str<E>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_unit<E>(self) -> Result<Checked, E> {
        Ok(Checked)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        let mut keys = KeySet::default();
        while let Some(Key(k)) = map.next_key()? {
            if !keys.insert(k.clone()) {
                return Err(duplicate_key(&k));
            }
            map.next_value::<Checked>()?;
        }
        Ok(Checked)
    }
}

/// Parse one line of the shared data format. `version` overrides the line's `cutlass` field.
pub fn parse_config(line: &str, version: Option<CutlassVersion>) -> Result<(Option<String>, KernelConfig), LineError> {
    parse_line(line, version).map(|(id, _, cfg)| (id.map(Cow::into_owned), cfg))
}

/// [`parse_config`], the id borrowed from the line where it is written without escapes (`eval`
/// writes it back, a million times).
///
/// An id that is not a string (`18446744073709551617`, `null`, `[]`) is its JSON text as written,
/// and the `bool` says so: `eval` copies it into the result as written, never reformatted.
#[allow(clippy::type_complexity)]
fn parse_line(
    line: &str,
    version: Option<CutlassVersion>,
) -> Result<(Option<Cow<'_, str>>, bool, KernelConfig), LineError> {
    let fields = match fast::read(line) {
        Some(fields) => fields,
        None => match serde_json::from_str::<Top>(line).map_err(|e| not_json(&e))? {
            Top::Object(fields) => fields,
            Top::Other => return Err(input_error("expected a JSON object".into())),
        },
    };
    let obj = &fields;
    let raw_id = matches!(obj.get(key::ID), Some(v) if !matches!(v, Val::Str(_)));
    let line_id = obj.get(key::ID).map(|v| match v {
        Val::Str(s) => s.clone(),
        other => raw_id_text(line).map_or_else(|| Cow::Owned(other.to_string()), Cow::Borrowed),
    });
    let id = line_id.as_deref();
    // The contract's keys, and `result` (measured data, ignored on input): any other key is an error
    // naming it, never ignored.
    if let Some(k) = obj.unknown.first() {
        return Err(key_problem(id, k, KeyProblem::Unknown));
    }
    let granularity = triple(obj, id, key::GRANULARITY)?;
    let family = crate::keys::family(text(obj, id, key::FAMILY)?, granularity.map(|[m, n, k]| Granularity { m, n, k }))
        .map_err(|e| {
            let (key, e) = value_error::family(&e);
            bad(id, key, e)
        })?;
    // A key the family does not read is an error naming it, never ignored.
    for (i, k) in KEYS.iter().enumerate() {
        if let Some(field) = k.field {
            if obj.get(i).is_some() && !crate::keys::family_takes(family, field) {
                return Err(key_problem(id, k.name, KeyProblem::NotOfFamily(family)));
            }
        }
    }
    if let crate::model::Family::Dsl(f) = family {
        let cfg = dsl_config(obj, id, f)?;
        return Ok((line_id, raw_id, cfg));
    }
    let kind: KernelKind = parsed(obj, id, key::KERNEL)?.ok_or_else(|| missing(id, "kernel"))?;
    let schedule: Schedule = parsed(obj, id, key::SCHEDULE)?.unwrap_or(Schedule::Auto);
    let epilogue_schedule: EpilogueSchedule =
        parsed(obj, id, key::EPILOGUE_SCHEDULE)?.unwrap_or(EpilogueSchedule::Auto);
    let stages = match obj.get(key::STAGES) {
        None => StagePolicy::Auto,
        Some(Val::Num(n)) if !n.is_f64() => StagePolicy::Fixed(
            u32::try_from(n.as_u64().ok_or_else(|| bad(id, "stages", value_error::not_u64("stages")))?)
                .map_err(|_| bad(id, "stages", value_error::stages_out_of_range()))?,
        ),
        Some(Val::Str(s)) => {
            s.parse().map_err(|e: crate::model::ParseError| bad(id, "stages", value_error::not_parsed(&e)))?
        }
        Some(other) if huge_integer(other) => return Err(bad(id, "stages", value_error::stages_out_of_range())),
        Some(other) => return Err(bad(id, "stages", value_error::wrong_type("stages", type_name(other)))),
    };
    let [m, n, k] = triple(obj, id, key::TILE)?.ok_or_else(|| missing(id, "tile"))?;
    let dynamic_cluster = matches!(obj.get(key::CLUSTER), Some(Val::Str(s)) if s == "dynamic");
    let cluster = if dynamic_cluster {
        Cluster::ONE
    } else {
        triple(obj, id, key::CLUSTER)?.map_or(Cluster::ONE, |[m, n, k]| Cluster { m, n, k })
    };
    let a: Operand = parsed(obj, id, key::A)?.ok_or_else(|| missing(id, "a"))?;
    let b: Operand = parsed(obj, id, key::B)?.ok_or_else(|| missing(id, "b"))?;
    let c: Output = parsed(obj, id, key::C)?.unwrap_or(Output::Void);
    let d: Output = parsed(obj, id, key::D)?.ok_or_else(|| missing(id, "d"))?;
    let layout_c: Layout = parsed(obj, id, key::LAYOUT_C)?.unwrap_or(Layout::RowMajor);
    let layout_d: Layout = parsed(obj, id, key::LAYOUT_D)?.unwrap_or(Layout::RowMajor);
    let epilogue_cta_tile = triple(obj, id, key::EPILOGUE_CTA_TILE)?.map(|[m, n, k]| Tile { m, n, k });
    let warp = triple(obj, id, key::WARP)?.map(|[m, n, k]| Tile { m, n, k });
    let scheduler = parsed(obj, id, key::SCHEDULER)?.unwrap_or(crate::model::TileScheduler::Auto);
    let epilogue_op_class = parsed(obj, id, key::EPILOGUE_OP_CLASS)?.unwrap_or(crate::model::EpilogueOpClass::Auto);
    let epilogue_tile = pair(obj, id, key::EPILOGUE_TILE)?
        .map_or(crate::model::EpilogueTile::Auto, |[m, n]| crate::model::EpilogueTile::Explicit { m, n });
    let arch = parsed(obj, id, key::ARCH)?.ok_or_else(|| missing(id, "arch"))?;
    let cutlass = match version {
        Some(v) => v,
        None => parsed(obj, id, key::CUTLASS)?.unwrap_or(CutlassVersion::LATEST),
    };
    let fusion: Fusion = parsed(obj, id, key::FUSION)?.unwrap_or(Fusion::Default);
    let epilogue = match text(obj, id, key::EPILOGUE)? {
        None => crate::model::Epilogue::Builder,
        Some(e) => {
            crate::model::Epilogue::from_name(e).ok_or_else(|| bad(id, "epilogue", value_error::unknown_epilogue(e)))?
        }
    };
    Ok((
        line_id,
        raw_id,
        KernelConfig {
            arch,
            cutlass,
            family,
            kind,
            a,
            b,
            layout_a: Layout::RowMajor,
            layout_b: Layout::ColumnMajor,
            c,
            d,
            layout_c,
            layout_d,
            epilogue_tile,
            epilogue_cta_tile,
            epilogue_op_class,
            scheduler,
            fusion,
            epilogue,
            tile: Tile { m, n, k },
            warp,
            cluster,
            dynamic_cluster,
            schedule,
            epilogue_schedule,
            stages,
            dsl: crate::model::dsl::Dsl::NONE,
        },
    ))
}

/// A CuTe DSL line (`family` names a DSL family, whose keys alone the line holds): the release,
/// the shape, and `a`, `b`, `d` where the family takes them.
fn dsl_config(obj: &Fields, id: Option<&str>, family: crate::model::dsl::DslFamily) -> Result<KernelConfig, LineError> {
    let mut d = crate::model::dsl::Dsl::NONE;
    d.flashinfer = parsed(obj, id, key::FLASHINFER)?;
    d.flash_attn = parsed(obj, id, key::FLASH_ATTN)?;
    for &field in crate::keys::DSL_INTEGER_FIELDS {
        let i = crate::keys::index(field.key());
        if let Some(v) = obj.get(i) {
            let name = KEYS[i].name;
            crate::keys::set_dsl_shape(&mut d, field, count(id, name, v)?);
        }
    }
    d.activation = parsed(obj, id, key::ACTIVATION)?;
    d.dtype = parsed(obj, id, key::DTYPE)?;
    d.causal = match obj.get(key::CAUSAL) {
        None | Some(Val::Null) => None,
        Some(Val::Bool(b)) => Some(*b),
        Some(other) => {
            return Err(bad(id, "causal", value_error::wrong_type_expecting("causal", "a boolean", type_name(other))))
        }
    };
    d.tile = pair(obj, id, key::TILE)?;
    for field in family.required() {
        if !d.has(*field) {
            return Err(missing(id, field.key()));
        }
    }
    let mut cfg = KernelConfig::dsl(family, d);
    cfg.arch = parsed(obj, id, key::ARCH)?.unwrap_or(crate::model::Arch::Sm120);
    if let Some(a) = parsed(obj, id, key::A)? {
        cfg.a = a;
    }
    if let Some(b) = parsed(obj, id, key::B)? {
        cfg.b = b;
    }
    if let Some(o) = parsed(obj, id, key::D)? {
        cfg.d = o;
    }
    Ok(cfg)
}

/// A non-negative integer of a DSL shape key (0 and the upper bound are the model's to refuse).
fn count(id: Option<&str>, name: &'static str, x: &Val) -> Result<u64, LineError> {
    if huge_integer(x) {
        return Err(bad(id, name, value_error::not_u64(name)));
    }
    match x {
        Val::Num(n) if !n.is_f64() => n.as_u64().ok_or_else(|| bad(id, name, value_error::not_u64(name))),
        other => Err(bad(id, name, value_error::wrong_type_expecting(name, "an integer", type_name(other)))),
    }
}

/// The result object of one configuration (the `eval` contract): written as one line of JSON
/// ([`LineResult::write_json`]), not built as a JSON value, since `eval` writes one per line.
pub(crate) struct LineResult<'a> {
    id: Option<&'a str>,
    /// The id needs no escaping: it was borrowed from a line where it was written without any.
    plain_id: bool,
    /// The id is not a string: its JSON text, written as it is.
    raw_id: bool,
    /// `,"cutlass":`, or for a DSL kernel its package's key (`,"flashinfer":`).
    release_key: &'static [u8],
    cutlass: &'static str,
    compiles: bool,
    /// The rule the kernel breaks on its architecture (`None`: it launches).
    code: Option<&'static str>,
    reason: Option<&'static str>,
    /// A CuTe DSL kernel's refusal: what raised (`DenseGemmKernel.can_implement: ...`) and its text.
    raised: Option<(&'static str, String)>,
    over_capacity: Option<bool>,
    sizes: Option<LineSizes>,
    /// For a kernel that cannot launch: check's message about it and the nearest fits, described.
    finding: Option<(String, Vec<String>)>,
    /// A CuTe DSL kernel: what it runs and allocates, member by member.
    dsl: Option<Box<DslLine>>,
}

/// The DSL part of a result line: the kernel and tile the dispatch chose, the struct's members
/// (name, offset, bytes), and the kernel's own estimate where it has one.
struct DslLine {
    kernel_class: &'static str,
    storage: &'static str,
    tile: [u64; 2],
    tile_from: &'static str,
    members: Vec<(String, u64, u64)>,
    own_estimate: Option<crate::model::dsl::OwnEstimate>,
    other_stages: Vec<(&'static str, u64)>,
}

/// The sizes and verdicts of a configuration whose sizes are known.
struct LineSizes {
    kernel_bytes: u64,
    mainloop_bytes: u64,
    epilogue_bytes: u64,
    stages: u64,
    cap_bytes: u64,
    // fits is the size alone; buildable is whether the TMA descriptors can be built, and
    // launchable both (what `check` and `emit` go by).
    fits: bool,
    buildable: bool,
    launchable: bool,
}

impl LineResult<'_> {
    /// This result as one line of compact JSON, in the contract's key order: `id`, `cutlass`,
    /// `compiles`, then `code`, `reason` and `over_capacity` where there is one, then the sizes where
    /// they are known, then for a kernel that cannot launch check's `message` and `suggestions`. Keys are written as they are; only strings go through serde_json's escaping.
    pub(crate) fn write_json(&self, out: &mut Vec<u8>) {
        /// `s` between quotes, as it is: what serde_json writes for a string with nothing to escape.
        fn quoted(out: &mut Vec<u8>, s: &str) {
            out.push(b'"');
            out.extend_from_slice(s.as_bytes());
            out.push(b'"');
        }
        fn string(out: &mut Vec<u8>, s: &str) {
            if fast::string_end(s.as_bytes()).is_none() {
                quoted(out, s);
            } else {
                // Writing JSON to a Vec cannot fail.
                serde_json::to_writer(&mut *out, s).unwrap_or_default();
            }
        }
        fn number(out: &mut Vec<u8>, key: &[u8], n: u64) {
            out.extend_from_slice(key);
            out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        }
        fn boolean(out: &mut Vec<u8>, key: &[u8], b: bool) {
            out.extend_from_slice(key);
            out.extend_from_slice(if b { b"true" } else { b"false" });
        }
        out.extend_from_slice(b"{\"id\":");
        match self.id {
            Some(id) if self.raw_id => out.extend_from_slice(id.as_bytes()),
            Some(id) if self.plain_id => quoted(out, id),
            Some(id) => string(out, id),
            None => out.extend_from_slice(b"null"),
        }
        // A release name is digits, dots and letters, which need no escaping (a test checks every name).
        out.extend_from_slice(self.release_key);
        quoted(out, self.cutlass);
        boolean(out, b",\"compiles\":", self.compiles);
        if let Some(c) = self.code {
            // A rule code is `smem::` and lower-case words: nothing to escape.
            out.extend_from_slice(b",\"code\":");
            quoted(out, c);
        }
        if let Some(r) = self.reason {
            out.extend_from_slice(b",\"reason\":");
            string(out, r);
        }
        if let Some((by, text)) = &self.raised {
            out.extend_from_slice(b",\"raised_by\":");
            string(out, by);
            out.extend_from_slice(b",\"error\":");
            string(out, text);
        }
        if let Some(o) = self.over_capacity {
            boolean(out, b",\"over_capacity\":", o);
        }
        if let Some(dsl) = &self.dsl {
            out.extend_from_slice(b",\"kernel\":");
            quoted(out, dsl.kernel_class);
            out.extend_from_slice(b",\"storage\":");
            quoted(out, dsl.storage);
            number(out, b",\"tile\":[", dsl.tile[0]);
            number(out, b",", dsl.tile[1]);
            out.push(b']');
            out.extend_from_slice(b",\"tile_from\":");
            string(out, dsl.tile_from);
        }
        if let Some(z) = &self.sizes {
            number(out, b",\"kernel_bytes\":", z.kernel_bytes);
            if self.dsl.is_none() {
                number(out, b",\"mainloop_bytes\":", z.mainloop_bytes);
                number(out, b",\"epilogue_bytes\":", z.epilogue_bytes);
            }
            number(out, b",\"stages\":", z.stages);
            number(out, b",\"cap_bytes\":", z.cap_bytes);
            boolean(out, b",\"fits\":", z.fits);
            boolean(out, b",\"buildable\":", z.buildable);
            boolean(out, b",\"launchable\":", z.launchable);
        }
        if let Some(dsl) = &self.dsl {
            for (name, n) in &dsl.other_stages {
                out.extend_from_slice(b",\"");
                out.extend_from_slice(name.as_bytes());
                number(out, b"\":", *n);
            }
            out.extend_from_slice(b",\"own_estimate\":");
            match &dsl.own_estimate {
                None => out.extend_from_slice(b"null"),
                Some(e) => {
                    number(out, b"{\"bytes\":", e.bytes);
                    out.extend_from_slice(b",\"by\":");
                    string(out, e.by);
                    out.extend_from_slice(b",\"leaves_out\":[");
                    for (i, m) in e.leaves_out.iter().enumerate() {
                        if i > 0 {
                            out.push(b',');
                        }
                        string(out, m);
                    }
                    out.extend_from_slice(b"]}");
                }
            }
            out.extend_from_slice(b",\"members\":[");
            for (i, (name, offset, bytes)) in dsl.members.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"name\":");
                string(out, name);
                number(out, b",\"offset\":", *offset);
                number(out, b",\"bytes\":", *bytes);
                out.push(b'}');
            }
            out.push(b']');
        }
        if let Some((message, suggestions)) = &self.finding {
            out.extend_from_slice(b",\"message\":");
            string(out, message);
            out.extend_from_slice(b",\"suggestions\":[");
            for (i, s) in suggestions.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                string(out, s);
            }
            out.push(b']');
        }
        out.push(b'}');
    }

    /// Whether the configuration launches.
    pub(crate) fn launchable(&self) -> bool {
        self.sizes.as_ref().is_some_and(|s| s.launchable)
    }
}

/// The result of one configuration (the `eval` contract) as JSON.
pub fn result_json(id: Option<&str>, cfg: &KernelConfig) -> Result<Value, LineError> {
    line_result(id, cfg).map(|r| {
        let mut line = Vec::new();
        r.write_json(&mut line);
        serde_json::from_slice(&line).unwrap_or(Value::Null)
    })
}

/// [`result_json`] before it becomes JSON.
pub(crate) fn line_result<'a>(id: Option<&'a str>, cfg: &KernelConfig) -> Result<LineResult<'a>, LineError> {
    // eval reports sizes and the verdict, not the member list or the largest fitting stage count:
    // one evaluation per line (`model::verdict`), and the rule it breaks is `checker::problem`'s,
    // the one `check` reports for the same kernel on the same architecture.
    let detail = if cfg.family.dsl().is_some() { crate::model::Detail::Members } else { crate::model::Detail::Sizes };
    let verdict = crate::model::verdict(cfg, cfg.arch, detail).map_err(|e| {
        let at = LineAt { id: id.map(Box::from), field: Some(Box::from(e.at.key())) };
        if e.out_of_bounds {
            let rule = Rule::of_model(&e);
            Diagnostic::input(rule, at, e.to_string(), rule.summary(), None)
        } else {
            // A real configuration outside the model: check's finding about it.
            Diagnostic::finding(Problem::NotModelled(e), kernel_name(id), *cfg, vec![cfg.arch], at)
        }
    })?;
    let problem = crate::checker::problem(&verdict);
    let code = problem.as_ref().map(Problem::code);
    // check's message about the kernel on this architecture, and its nearest fits.
    let finding = problem.map(|p| {
        let suggestions = PROBES.with_borrow_mut(|memo| {
            if memo.len() > MAX_PROBES {
                *memo = Memo::default();
            }
            crate::suggest::suggestions_for(cfg, memo)
        });
        (
            p.message(kernel_name(id), &[cfg.arch]),
            suggestions.iter().map(crate::suggest::Suggestion::describe).collect(),
        )
    });
    let (release_key, cutlass): (&'static [u8], &'static str) = match (cfg.family.dsl(), cfg.dsl) {
        (Some(_), crate::model::dsl::Dsl { flashinfer: Some(v), .. }) => (b",\"flashinfer\":", v.name()),
        (Some(_), crate::model::dsl::Dsl { flash_attn: Some(v), .. }) => (b",\"flash_attn\":", v.name()),
        _ => (b",\"cutlass\":", cfg.cutlass.name()),
    };
    let dsl = verdict.footprint.as_ref().and_then(|f| {
        f.dsl.as_ref().map(|facts| {
            Box::new(DslLine {
                kernel_class: facts.kernel_class,
                storage: facts.storage,
                tile: facts.tile,
                tile_from: facts.tile_from,
                members: f
                    .members
                    .iter()
                    .filter(|m| m.role != crate::model::Role::Padding)
                    .map(|m| {
                        let name = m.path.split_once('.').map_or(m.path.as_str(), |(_, p)| p);
                        (name.to_string(), m.offset, m.size)
                    })
                    .collect(),
                own_estimate: facts.own_estimate.clone(),
                other_stages: facts.other_stages.clone(),
            })
        })
    });
    let Some(f) = verdict.footprint else {
        // No sizes: CUTLASS rejected the configuration (the only verdict without a footprint).
        let reason = match &verdict.status {
            Status::Rejected(r) => Some(r.message),
            _ => None,
        };
        let raised = match &verdict.status {
            Status::Rejected(r) => r.by.map(|by| (by, r.detail.to_string())),
            _ => None,
        };
        return Ok(LineResult {
            id,
            plain_id: false,
            raw_id: false,
            release_key,
            cutlass,
            compiles: false,
            code,
            reason,
            raised,
            over_capacity: None,
            sizes: None,
            finding,
            dsl,
        });
    };
    let cap = verdict.cap;
    let status = verdict.status;
    let sizes = |fits: bool, buildable: bool, launchable: bool| LineSizes {
        kernel_bytes: f.kernel_bytes,
        mainloop_bytes: f.mainloop_bytes,
        epilogue_bytes: f.epilogue_bytes,
        stages: f.stages,
        cap_bytes: cap,
        fits,
        buildable,
        launchable,
    };
    Ok(match status {
        // The kernel's own capacity static_assert (SM100): rejected, with the sizes it refused.
        Status::Rejected(r) => LineResult {
            id,
            plain_id: false,
            raw_id: false,
            release_key,
            cutlass,
            compiles: false,
            code,
            reason: Some(r.message),
            raised: None,
            over_capacity: Some(true),
            sizes: Some(sizes(false, false, false)),
            finding,
            dsl,
        },
        status => LineResult {
            id,
            plain_id: false,
            raw_id: false,
            release_key,
            cutlass,
            compiles: true,
            code,
            reason: None,
            raised: None,
            over_capacity: None,
            dsl,
            sizes: Some(sizes(
                f.kernel_bytes <= cap,
                !matches!(status, Status::Unbuildable(_)),
                matches!(status, Status::Fits { .. }),
            )),
            finding,
        },
    })
}

thread_local! {
    /// The neighbours a worker's suggestions probed: the lines of a sweep search the same few
    /// (pure memoisation, forgotten past [`MAX_PROBES`] so that memory stays bounded).
    static PROBES: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// The most probes a worker remembers.
const MAX_PROBES: usize = 1 << 12;

/// The name a line's messages give its kernel: its `id`, else `kernel`.
fn kernel_name(id: Option<&str>) -> &str {
    id.unwrap_or("kernel")
}

/// A configuration as an `eval` line (what [`parse_config`] reads back to the same configuration):
/// every key, defaults included except those that only name a default.
pub fn config_json(cfg: &KernelConfig, id: Option<&str>) -> Value {
    if let Some(f) = cfg.family.dsl() {
        return dsl_config_json(f, cfg, id);
    }
    let mut v = json!({
        "arch": cfg.arch.name(),
        "cutlass": cfg.cutlass.name(),
        "family": cfg.family.name(),
        "kernel": cfg.kind.name(),
        "a": cfg.a.name(),
        "b": cfg.b.name(),
        "c": cfg.c.name(),
        "d": cfg.d.name(),
        "layout_c": cfg.layout_c.name(),
        "layout_d": cfg.layout_d.name(),
        "tile": [cfg.tile.m, cfg.tile.n, cfg.tile.k],
        "cluster": if cfg.dynamic_cluster {
            json!("dynamic")
        } else {
            json!([cfg.cluster.m, cfg.cluster.n, cfg.cluster.k])
        },
        "schedule": cfg.schedule.name(),
        "epilogue_schedule": cfg.epilogue_schedule.name(),
        "stages": match cfg.stages {
            crate::model::StagePolicy::Fixed(n) => json!(n),
            other => json!(other.to_string()),
        },
    });
    if let Some(id) = id {
        v["id"] = json!(id);
    }
    if let crate::model::Family::Blockwise(g) = cfg.family {
        v["granularity"] = json!([g.m, g.n, g.k]);
    }
    if let Some(f) = fusion_name(cfg) {
        v["fusion"] = json!(f);
    }
    if let crate::model::EpilogueTile::Explicit { m, n } = cfg.epilogue_tile {
        v["epilogue_tile"] = json!([m, n]);
    }
    if let Some(t) = cfg.epilogue_cta_tile {
        v["epilogue_cta_tile"] = json!([t.m, t.n, t.k]);
    }
    if let Some(w) = cfg.warp {
        v["warp"] = json!([w.m, w.n, w.k]);
    }
    if cfg.epilogue_op_class != crate::model::EpilogueOpClass::Auto {
        v["epilogue_op_class"] = json!(cfg.epilogue_op_class.name());
    }
    if cfg.scheduler != crate::model::TileScheduler::Auto {
        v["scheduler"] = json!(cfg.scheduler.name());
    }
    match cfg.epilogue {
        crate::model::Epilogue::Builder => {}
        crate::model::Epilogue::Declared { smem_bytes } => v["epilogue"] = json!({ "smem_bytes": smem_bytes }),
        e @ crate::model::Epilogue::TrtllmMoe { .. } => v["epilogue"] = json!(e.name()),
    }
    v
}

/// [`config_json`] of a CuTe DSL configuration: its family, release and every shape key written, and
/// `a`, `b`, `d` where the family takes them.
fn dsl_config_json(f: crate::model::dsl::DslFamily, cfg: &KernelConfig, id: Option<&str>) -> Value {
    let d = &cfg.dsl;
    let mut v = json!({"arch": cfg.arch.name(), "family": f.name()});
    if let Some(id) = id {
        v["id"] = json!(id);
    }
    if let Some(r) = d.flashinfer {
        v["flashinfer"] = json!(r.name());
    }
    if let Some(r) = d.flash_attn {
        v["flash_attn"] = json!(r.name());
    }
    for &field in crate::keys::DSL_INTEGER_FIELDS {
        if let Some(n) = crate::keys::dsl_shape(d, field) {
            v[field.key()] = json!(n);
        }
    }
    if let Some(a) = d.activation {
        v["activation"] = json!(a.name());
    }
    if let Some(c) = d.causal {
        v["causal"] = json!(c);
    }
    if let Some(t) = d.dtype {
        v["dtype"] = json!(t.name());
    }
    if let Some(t) = d.tile {
        v["tile"] = json!(t);
    }
    for (field, name) in [
        (crate::model::ConfigField::A, cfg.a.name()),
        (crate::model::ConfigField::B, cfg.b.name()),
        (crate::model::ConfigField::D, cfg.d.name()),
    ] {
        if f.takes(field) {
            v[field.key()] = json!(name);
        }
    }
    v
}

/// One architecture's verdict as JSON: `status` (`fits`, `exceeds`, `rejected`, `unbuildable`), the
/// headroom or excess, CUTLASS's words for a rejection, the automatic stage count's overflow and the
/// largest stage count that fits.
pub fn verdict_json(a: &crate::model::Assessment) -> Value {
    let mut v = json!({"arch": a.arch.name(), "cap_bytes": a.cap, "launchable": a.launchable()});
    match &a.status {
        Status::Fits { headroom } => {
            v["status"] = json!("fits");
            v["headroom_bytes"] = json!(headroom);
        }
        Status::ExceedsCap { over } => {
            v["status"] = json!("exceeds");
            v["over_bytes"] = json!(over);
        }
        Status::Rejected(r) => {
            v["status"] = json!("rejected");
            v["reason"] = json!(r.message);
            v["detail"] = json!(r.detail.to_string());
        }
        Status::Unbuildable(u) => {
            v["status"] = json!("unbuildable");
            v["reason"] = json!(u.message);
            v["detail"] = json!(u.detail.to_string());
        }
    }
    if let Some(f) = &a.footprint {
        v["kernel_bytes"] = json!(f.kernel_bytes);
    }
    v["auto_overflow"] =
        a.auto_overflow.map_or(Value::Null, |o| json!({"auto_stages": o.auto_stages, "over_bytes": o.over}));
    v["largest_fitting_stages"] = json!(a.largest_fitting_stages);
    v
}

/// The name `parse_config` reads back for a fusion, `None` for the default.
pub(crate) fn fusion_name(cfg: &KernelConfig) -> Option<String> {
    crate::keys::fusion_value(cfg)
}

/// What one line of `eval` input yields: the output line, and how it counts for the exit code
/// (0 launchable, 1 not launchable or not modelled, 2 input error).
pub fn eval_line(line_no: usize, line: &str, version: Option<CutlassVersion>) -> (String, u8, Option<LineError>) {
    let mut out = Vec::new();
    let (class, e) = eval_line_into(line_no, line, version, &mut out);
    (String::from_utf8(out).unwrap_or_default(), class, e)
}

/// [`eval_line`], its output line (without a newline) appended to `out`.
pub fn eval_line_into(
    line_no: usize,
    line: &str,
    version: Option<CutlassVersion>,
    out: &mut Vec<u8>,
) -> (u8, Option<LineError>) {
    let result = parse_line(line, version).and_then(|(id, raw, cfg)| {
        let mut r = line_result(id.as_deref(), &cfg)?;
        r.plain_id = plain(id.as_ref());
        r.raw_id = raw;
        r.write_json(out);
        Ok(u8::from(!r.launchable()))
    });
    match result {
        Ok(class) => (class, None),
        Err(e) => {
            // An id that is no string is copied as written (the model's error carries its text).
            let raw = e.at.id.as_ref().and_then(|_| raw_id_text(line)).filter(|r| !r.starts_with('"'));
            let id = if raw.is_some() { Value::Null } else { json!(e.at.id) };
            let mut json =
                json!({"id": id, "line": line_no, "field": e.at.field, "code": e.code(), "error": e.error()});
            // A kernel outside the model is a finding: check's message and (no) nearest fits.
            if !e.is_input_error() {
                json["message"] = json!(e.message);
                json["suggestions"] = json!(e.suggestion_texts());
            } else if let Some(help) = e.help() {
                // What the TOML reader and the attribute say after `help:`.
                json["help"] = json!(help);
            }
            let start = out.len();
            serde_json::to_writer(&mut *out, &json).unwrap_or_default();
            if let Some(raw) = raw {
                // `{"id":null,...}`: the placeholder replaced by the id as written.
                let null_at = start + b"{\"id\":".len();
                out.splice(null_at..null_at + 4, raw.bytes());
            }
            let class = if e.rule.is_input_error() { 2 } else { 1 };
            (class, Some(e))
        }
    }
}

/// The JSON text of a line's top-level `id` value as written (the line is valid JSON: one of the
/// readers took it), found by a scan that knows strings and nesting. `None` without an `id`.
fn raw_id_text(line: &str) -> Option<&str> {
    let b = line.as_bytes();
    let space = |mut i: usize| {
        while matches!(b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            i += 1;
        }
        i
    };
    // The end of the value starting at `i`.
    let value_end = |i: usize| -> Option<usize> {
        let mut depth = 0usize;
        let mut j = i;
        loop {
            match *b.get(j)? {
                b'"' => {
                    j += 1;
                    while *b.get(j)? != b'"' {
                        j += if b[j] == b'\\' { 2 } else { 1 };
                    }
                    j += 1;
                }
                b'[' | b'{' => {
                    depth += 1;
                    j += 1;
                }
                b']' | b'}' if depth > 0 => {
                    depth -= 1;
                    j += 1;
                }
                b',' | b']' | b'}' if depth == 0 => return Some(j),
                _ => j += 1,
            }
            if depth == 0 && (b.get(i) == Some(&b'"') || b.get(i) == Some(&b'[') || b.get(i) == Some(&b'{')) {
                return Some(j);
            }
        }
    };
    let mut i = space(0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    loop {
        i = space(i);
        if b.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = value_end(i)?;
        let key = &line[i..key_end];
        let is_id =
            key == "\"id\"" || (key.contains('\\') && serde_json::from_str::<String>(key).is_ok_and(|k| k == "id"));
        i = space(key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        let start = space(i + 1);
        let end = value_end(start)?;
        if is_id {
            return Some(line[start..end].trim_end());
        }
        i = space(end);
        match b.get(i) {
            Some(b',') => i += 1,
            _ => return None,
        }
    }
}

/// Whether an id needs no escaping: borrowed from its line, where both readers borrow a string only
/// when it is written without escapes (and neither takes a control character unescaped).
fn plain(id: Option<&Cow<'_, str>>) -> bool {
    matches!(id, Some(Cow::Borrowed(_)))
}

/// Evaluate every line of a JSON-lines text; returns the output lines and the errors (with 1-based
/// line numbers). Blank lines are skipped.
pub fn eval_lines(input: &str, version: Option<CutlassVersion>) -> (Vec<String>, Vec<(usize, LineError)>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in input.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (text, _, e) = eval_line(i + 1, line, version);
        out.push(text);
        if let Some(e) = e {
            errors.push((i + 1, e));
        }
    }
    (out, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A duplicate key is refused in an object of any size (a short list of keys, then a hash
    /// set), at the top, in `result` and in a known key's value, and a wide object without one is
    /// read (90,000 keys took 25 s when each key was compared with every other).
    #[test]
    fn duplicate_keys_are_found_in_objects_of_any_size() {
        for n in [3, 15, 16, 17, 40, 5000] {
            let keys: Vec<String> = (0..n).map(|i| format!("\"k{i}\": {i}")).collect();
            let keys = keys.join(", ");
            let unknown = |line: &str| parse_config(line, None).unwrap_err().message;
            for (clean, dup) in [
                (format!("{{{keys}}}"), format!("{{{keys}, \"k0\": 0}}")),
                (format!("{{\"result\": {{{keys}}}, \"x\": 1}}"), format!("{{\"result\": {{{keys}, \"k1\": [1]}}}}")),
                (format!("{{\"epilogue\": {{{keys}}}, \"x\": 1}}"), format!("{{\"epilogue\": {{\"k2\": 2, {keys}}}}}")),
            ] {
                assert!(!unknown(&clean).contains("twice"), "{n}: {}", unknown(&clean));
                let e = parse_config(&dup, None).unwrap_err();
                assert_eq!(e.rule, Rule::DuplicateKey, "{n}: {e:?}");
                assert!(e.message.starts_with("`k") && e.message.ends_with("` is given twice"), "{n}: {e:?}");
            }
        }
    }

    /// An id borrowed from its line, by either reader, needs no escaping, so `eval` writes it as it
    /// is: every measured and hostile line, and ids that hold what must be escaped, read by the
    /// fast reader and by serde_json (an escape elsewhere in the line sends it there).
    #[test]
    fn a_borrowed_id_needs_no_escaping() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut lines: Vec<String> = Vec::new();
        for dir in ["tests/data", "tests/fixtures/eval"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                // tests/data/dsl holds gzipped files: the JSON-lines files are the plain ones.
                if path.is_file() && path.extension().is_some_and(|e| e == "jsonl" || e == "csv") {
                    let bytes = std::fs::read(path).unwrap();
                    lines.extend(String::from_utf8_lossy(&bytes).lines().map(str::to_string));
                }
            }
        }
        let ids = [r#""q\"uote""#, r#""back\\slash""#, r#""tab\t""#, r#""\u0001""#, "\"é\u{7f}\"", r#""plain""#];
        for id in ids {
            for arch in ["sm120", r"sm\u0031\u0032\u0030"] {
                lines.push(format!(
                    r#"{{"id": {id}, "arch": "{arch}", "kernel": "dense", "a": "nvfp4", "b": "nvfp4", "d": "bf16", "tile": [128, 128, 128]}}"#
                ));
            }
        }
        let mut borrowed = 0;
        for line in &lines {
            if let Ok((id, _, _)) = parse_line(line, None) {
                if plain(id.as_ref()) {
                    assert_eq!(id.as_deref().and_then(|id| fast::string_end(id.as_bytes())), None, "{line}");
                    borrowed += 1;
                }
            }
        }
        assert!(borrowed > 5000, "{borrowed}");
    }

    /// `write_json` writes a release's name without escaping it.
    #[test]
    fn release_names_need_no_escaping() {
        for v in CutlassVersion::ALL {
            assert_eq!(fast::string_end(v.name().as_bytes()), None, "{v} needs escaping");
        }
    }

    /// `eval`'s written result line is valid compact JSON, byte for byte what serde_json writes
    /// for the value it parses back to, with the contract's keys in order and the id read back as
    /// it was given: on every line of the measured data (every release, family and verdict,
    /// rejections included) and with ids that need escaping.
    #[test]
    fn written_results_are_the_contract_in_compact_json() {
        const ORDER: [&str; 16] = [
            "id",
            "cutlass",
            "compiles",
            "code",
            "reason",
            "over_capacity",
            "kernel_bytes",
            "mainloop_bytes",
            "epilogue_bytes",
            "stages",
            "cap_bytes",
            "fits",
            "buildable",
            "launchable",
            "message",
            "suggestions",
        ];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
        let mut compared = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "jsonl") {
                continue;
            }
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let Ok((id, cfg)) = parse_config(line, None) else { continue };
                for id in [id.as_deref(), None, Some("q\"uote\\ \n tab\t \u{1} é")] {
                    let Ok(r) = line_result(id, &cfg) else { continue };
                    let mut written = Vec::new();
                    r.write_json(&mut written);
                    let text = String::from_utf8(written).unwrap();
                    let value: Value = serde_json::from_str(&text).unwrap();
                    assert_eq!(serde_json::to_string(&value).unwrap(), text, "{line}");
                    assert_eq!(value["id"].as_str(), id, "{line}");
                    let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
                    let expected: Vec<&str> = ORDER.into_iter().filter(|k| keys.contains(k)).collect();
                    assert_eq!(keys, expected, "{line}");
                    assert!(keys.len() >= 3, "{line}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 6000, "{compared}");
    }
}
