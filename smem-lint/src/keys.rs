//! Every key a kernel configuration can be written with, the model field it sets, and the front
//! ends that take it: the one table the TOML format, JSON lines and `#[smem_check]` derive their key
//! lists, unknown-key messages and spellings from. A new configuration field is one row here (and
//! its reading in each front end); a new family or release needs none.

use crate::model::{ConfigField, Family, Granularity, ParseError};
use crate::rules::Rule;

/// A front end that reads configurations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// `[defaults]`, `[[kernel]]` and `[[sweep]]` tables.
    Toml,
    /// `eval`'s JSON lines.
    JsonLines,
    /// `#[smem_check(...)]` arguments and marker fields (the architectures are positional there).
    Attribute,
}

/// One key.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    pub name: &'static str,
    /// The model field it sets (`None`: a name, an id, or measured data that is not configuration).
    pub field: Option<ConfigField>,
    /// The front ends that take it.
    pub fronts: &'static [Front],
}

/// Every front end.
const ALL: &[Front] = &[Front::Toml, Front::JsonLines, Front::Attribute];
const TOML: &[Front] = &[Front::Toml];

const fn all(name: &'static str, field: ConfigField) -> Key {
    Key { name, field: Some(field), fronts: ALL }
}

/// In the order the front ends list them.
pub const KEYS: &[Key] = &[
    Key { name: "id", field: None, fronts: &[Front::JsonLines] },
    Key { name: "name", field: None, fronts: TOML },
    Key { name: "arch", field: Some(ConfigField::Arch), fronts: &[Front::Toml, Front::JsonLines] },
    all("cutlass", ConfigField::Cutlass),
    all("family", ConfigField::Family),
    all("granularity", ConfigField::Granularity),
    all("kernel", ConfigField::Kind),
    all("a", ConfigField::A),
    all("b", ConfigField::B),
    all("c", ConfigField::C),
    all("d", ConfigField::D),
    // TOML shorthands for [a, b] and [c, d].
    Key { name: "operands", field: Some(ConfigField::A), fronts: TOML },
    Key { name: "outputs", field: Some(ConfigField::C), fronts: TOML },
    all("layout_c", ConfigField::LayoutC),
    all("layout_d", ConfigField::LayoutD),
    all("tile", ConfigField::Tile),
    // The warp tile `GemmShape<M, N, K>` of a CUTLASS 2.x kernel (SM80-SM89).
    all("warp", ConfigField::Warp),
    all("cluster", ConfigField::Cluster),
    all("schedule", ConfigField::Schedule),
    all("epilogue_schedule", ConfigField::EpilogueSchedule),
    all("stages", ConfigField::Stages),
    // `StageCountAutoCarveout<N>`: the stage policy with an explicit carve-out.
    Key { name: "carveout", field: Some(ConfigField::Stages), fronts: &[Front::Toml, Front::Attribute] },
    all("fusion", ConfigField::Fusion),
    all("epilogue", ConfigField::Epilogue),
    all("epilogue_tile", ConfigField::EpilogueTile),
    all("epilogue_cta_tile", ConfigField::EpilogueCtaTile),
    all("epilogue_op_class", ConfigField::EpilogueOpClass),
    all("scheduler", ConfigField::Scheduler),
    // A declared epilogue's `sizeof(CollectiveEpilogue::SharedStorage)`.
    Key { name: "epilogue_smem_bytes", field: Some(ConfigField::Epilogue), fronts: &[Front::Attribute] },
    // CuTe DSL kernels (`family = "b12x-..."`, `"fa4-..."`): the release of the kernel's package and the
    // shape in the user's words (`model::dsl::Dsl`). `tile` is `[m, n]` there.
    all("flashinfer", ConfigField::Flashinfer),
    all("flash_attn", ConfigField::FlashAttn),
    all("hidden", ConfigField::Hidden),
    all("intermediate", ConfigField::Intermediate),
    all("experts", ConfigField::Experts),
    all("top_k", ConfigField::TopK),
    all("tokens", ConfigField::Tokens),
    all("activation", ConfigField::Activation),
    all("sm_count", ConfigField::SmCount),
    all("m", ConfigField::M),
    all("n", ConfigField::N),
    all("k", ConfigField::K),
    all("head_dim", ConfigField::HeadDim),
    all("head_dim_v", ConfigField::HeadDimV),
    all("causal", ConfigField::Causal),
    all("dtype", ConfigField::Dtype),
    // Provenance of a real kernel (repository, file, commit, line or macro call): TOML only, no field.
    Key { name: "source_repo", field: None, fronts: TOML },
    Key { name: "source_path", field: None, fronts: TOML },
    Key { name: "source_commit", field: None, fronts: TOML },
    Key { name: "source_line", field: None, fronts: TOML },
    // Measured data in the shared data files, ignored on input.
    Key { name: "result", field: None, fronts: &[Front::JsonLines] },
];

impl Front {
    /// Every front end, in the order messages list them.
    pub const ALL: [Front; 3] = [Front::Toml, Front::JsonLines, Front::Attribute];

    /// How messages name it: "a TOML key", "a JSON-lines key", "a #[smem_check] key".
    pub const fn name(self) -> &'static str {
        match self {
            Front::Toml => "TOML",
            Front::JsonLines => "JSON-lines",
            Front::Attribute => "#[smem_check]",
        }
    }

    fn takes(self, k: &Key) -> bool {
        k.fronts.contains(&self)
    }

    /// The keys this front end takes, in table order.
    pub fn keys(self) -> impl Iterator<Item = &'static str> {
        KEYS.iter().filter(move |k| self.takes(k)).map(|k| k.name)
    }

    /// Whether `key` is one of this front end's.
    pub fn knows(self, key: &str) -> bool {
        self.keys().any(|k| k == key)
    }

    /// `name, arch, cutlass, ...`: for "expected one of" messages.
    pub fn key_list(self) -> String {
        self.keys().collect::<Vec<_>>().join(", ")
    }
}

/// The fields `key` sets: its own, or both of a shorthand's (`operands` sets `a` and `b`). Keys that
/// set one field are spellings of one key: a table, line or attribute may write one of them.
pub fn fields_set_by(key: &str) -> &'static [ConfigField] {
    match key {
        "operands" => &[ConfigField::A, ConfigField::B],
        "outputs" => &[ConfigField::C, ConfigField::D],
        _ => match KEYS.iter().find(|k| k.name == key) {
            Some(Key { field: Some(f), .. }) => std::slice::from_ref(f),
            _ => &[],
        },
    }
}

/// The first of `earlier` (keys of the same table, line or attribute, in order) that sets a field
/// `key` sets too: `a` for `operands` after `a`, `stages` for `carveout` after `stages`.
pub fn same_field_as<'k>(key: &str, earlier: impl IntoIterator<Item = &'k str>) -> Option<&'k str> {
    let mine = fields_set_by(key);
    earlier.into_iter().find(|e| *e != key && fields_set_by(e).iter().any(|f| mine.contains(f)))
}

/// The `source_*` keys: where a real kernel comes from, never configuration.
pub fn is_provenance(key: &str) -> bool {
    key.starts_with("source_") && KEYS.iter().any(|k| k.name == key)
}

/// The position of `name` in [`KEYS`], computed at compile time where it is a constant
/// (`const TILE: usize = keys::index("tile");` fails to build if there is no such key).
pub const fn index(name: &str) -> usize {
    let mut i = 0;
    while i < KEYS.len() {
        if same(KEYS[i].name.as_bytes(), name.as_bytes()) {
            return i;
        }
        i += 1;
    }
    panic!("no such key in KEYS");
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The position in [`KEYS`] of a key this front end takes.
pub fn position(front: Front, key: &str) -> Option<usize> {
    KEYS.iter().position(|k| k.name == key).filter(|&i| front.takes(&KEYS[i]))
}

/// The front ends that take `key` (none: no front end knows it).
pub fn fronts_of(key: &str) -> &'static [Front] {
    KEYS.iter().find(|k| k.name == key).map_or(&[], |k| k.fronts)
}

/// The model field `key` sets, in any front end.
pub fn field_of(key: &str) -> Option<ConfigField> {
    KEYS.iter().find(|k| k.name == key).and_then(|k| k.field)
}

/// Why `family` and `granularity` do not make a family: the cross-field check every front end runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FamilyError {
    Unknown(ParseError),
    /// `family = "blockwise"` without a granularity.
    NeedsGranularity,
    /// A granularity with another family (named).
    NotBlockwise(&'static str),
}

impl FamilyError {
    /// The rule it is reported under.
    pub const fn rule(&self) -> Rule {
        match self {
            FamilyError::Unknown(e) => Rule::of_parse(e),
            FamilyError::NeedsGranularity => Rule::MissingKey,
            FamilyError::NotBlockwise(_) => Rule::InvalidValue,
        }
    }

    /// The key to blame: the family for a missing granularity (the one that is written).
    pub const fn at(&self) -> ConfigField {
        match self {
            FamilyError::Unknown(_) | FamilyError::NeedsGranularity => ConfigField::Family,
            FamilyError::NotBlockwise(_) => ConfigField::Granularity,
        }
    }

    /// The message, without the hint.
    pub fn message(&self) -> String {
        match self {
            FamilyError::Unknown(e) => format!("unknown family `{}`", e.got),
            FamilyError::NeedsGranularity => "the blockwise family needs a `granularity`".into(),
            FamilyError::NotBlockwise(f) => {
                format!("`granularity` is only meaningful for the blockwise family, not {f}")
            }
        }
    }

    /// What to do about it.
    pub fn hint(&self) -> String {
        match self {
            FamilyError::Unknown(e) => format!("expected one of: {}", e.expected.join(", ")),
            FamilyError::NeedsGranularity => {
                "add `granularity = [gM, gN, gK]`, the scale block in elements (e.g. [1, 128, 128])".into()
            }
            FamilyError::NotBlockwise(_) => "set `family = \"blockwise\"` or remove `granularity`".into(),
        }
    }
}

impl std::fmt::Display for FamilyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (help: {})", self.message(), self.hint())
    }
}

/// The family `family` and `granularity` name together (none: block-scaled), in every front end.
pub fn family(name: Option<&str>, granularity: Option<Granularity>) -> Result<Family, FamilyError> {
    let name = match name {
        None => "blockscaled",
        Some(n) => Family::NAMES
            .iter()
            .copied()
            .find(|k| *k == n)
            .ok_or_else(|| FamilyError::Unknown(ParseError::new("family", n, Family::NAMES)))?,
    };
    match (name, granularity) {
        ("blockwise", Some(g)) => Ok(Family::Blockwise(g)),
        ("blockwise", None) => Err(FamilyError::NeedsGranularity),
        (other, Some(_)) => Err(FamilyError::NotBlockwise(other)),
        ("f8f6f4", None) => Ok(Family::F8f6f4),
        (dsl, None) if dsl != "blockscaled" => Ok(Family::Dsl(dsl.parse().map_err(FamilyError::Unknown)?)),
        _ => Ok(Family::BlockScaled),
    }
}

/// Set the DSL shape key `field` (an integer key of `model::dsl::Dsl`) to `v`.
pub fn set_dsl_shape(d: &mut crate::model::dsl::Dsl, field: ConfigField, v: u64) {
    let slot = match field {
        ConfigField::Hidden => &mut d.hidden,
        ConfigField::Intermediate => &mut d.intermediate,
        ConfigField::Experts => &mut d.experts,
        ConfigField::TopK => &mut d.top_k,
        ConfigField::Tokens => &mut d.tokens,
        ConfigField::SmCount => &mut d.sm_count,
        ConfigField::M => &mut d.m,
        ConfigField::N => &mut d.n,
        ConfigField::K => &mut d.k,
        ConfigField::HeadDim => &mut d.head_dim,
        ConfigField::HeadDimV => &mut d.head_dim_v,
        other => unreachable!("{other:?} is not an integer DSL key"),
    };
    *slot = Some(v);
}

/// The value of the integer DSL key `field` ([`set_dsl_shape`]'s reading).
pub fn dsl_shape(d: &crate::model::dsl::Dsl, field: ConfigField) -> Option<u64> {
    match field {
        ConfigField::Hidden => d.hidden,
        ConfigField::Intermediate => d.intermediate,
        ConfigField::Experts => d.experts,
        ConfigField::TopK => d.top_k,
        ConfigField::Tokens => d.tokens,
        ConfigField::SmCount => d.sm_count,
        ConfigField::M => d.m,
        ConfigField::N => d.n,
        ConfigField::K => d.k,
        ConfigField::HeadDim => d.head_dim,
        ConfigField::HeadDimV => d.head_dim_v,
        _ => None,
    }
}

/// The integer DSL keys, by field ([`set_dsl_shape`]).
pub const DSL_INTEGER_FIELDS: &[ConfigField] = &[
    ConfigField::Hidden,
    ConfigField::Intermediate,
    ConfigField::Experts,
    ConfigField::TopK,
    ConfigField::Tokens,
    ConfigField::SmCount,
    ConfigField::M,
    ConfigField::N,
    ConfigField::K,
    ConfigField::HeadDim,
    ConfigField::HeadDimV,
];

/// The fields only CuTe DSL families read: a CUTLASS configuration that writes one is refused.
pub const DSL_FIELDS: &[ConfigField] = &[
    ConfigField::Flashinfer,
    ConfigField::FlashAttn,
    ConfigField::Hidden,
    ConfigField::Intermediate,
    ConfigField::Experts,
    ConfigField::TopK,
    ConfigField::Tokens,
    ConfigField::Activation,
    ConfigField::SmCount,
    ConfigField::M,
    ConfigField::N,
    ConfigField::K,
    ConfigField::HeadDim,
    ConfigField::HeadDimV,
    ConfigField::Causal,
    ConfigField::Dtype,
];

/// Whether a configuration of `family` reads `field`: a DSL family its own keys
/// (`DslFamily::fields`), a CUTLASS family every key but the DSL ones. `arch` and `family` are
/// everyone's.
pub fn family_takes(family: Family, field: ConfigField) -> bool {
    match (family, field) {
        (_, ConfigField::Arch | ConfigField::Family) => true,
        (Family::Dsl(f), field) => f.takes(field),
        (_, field) => !DSL_FIELDS.contains(&field),
    }
}

/// The families that read `field`, for the help of a key written for another family.
pub fn families_taking(field: ConfigField) -> Vec<&'static str> {
    if !DSL_FIELDS.contains(&field) {
        return vec!["the CUTLASS families (blockscaled, blockwise, f8f6f4)"];
    }
    crate::model::dsl::DslFamily::ALL.iter().filter(|f| f.takes(field)).map(|f| f.name()).collect()
}

/// The keys a configuration of `family` takes, for that help.
pub fn keys_of(family: Family) -> String {
    let mut names: Vec<&str> = Vec::new();
    for k in KEYS {
        if let Some(field) = k.field {
            if family_takes(family, field) && field != ConfigField::Family && !names.contains(&k.name) {
                names.push(k.name);
            }
        }
    }
    names.join(", ")
}

/// The TOML lines of `c`'s tile, layout, cluster, schedule, epilogue-tile, scheduler, fusion and
/// stage keys, each written only where it differs from the format's default: what both importers
/// (`import-trtllm`, `import-cutlass`) write after their own keys, in the key table's order.
pub fn write_toml_keys(s: &mut String, c: &crate::model::KernelConfig) {
    use crate::model::{
        Cluster, EpilogueOpClass, EpilogueSchedule, EpilogueTile, Layout, Schedule, StagePolicy, TileScheduler,
    };
    use std::fmt::Write as _;
    if c.layout_c != Layout::RowMajor {
        let _ = writeln!(s, "layout_c = \"{}\"", c.layout_c);
    }
    if c.layout_d != Layout::RowMajor {
        let _ = writeln!(s, "layout_d = \"{}\"", c.layout_d);
    }
    let _ = writeln!(s, "tile = [{}, {}, {}]", c.tile.m, c.tile.n, c.tile.k);
    if let Some(w) = c.warp {
        let _ = writeln!(s, "warp = [{}, {}, {}]", w.m, w.n, w.k);
    }
    if c.dynamic_cluster {
        s.push_str("cluster = \"dynamic\"\n");
    } else if c.cluster != Cluster::ONE {
        let _ = writeln!(s, "cluster = [{}, {}, {}]", c.cluster.m, c.cluster.n, c.cluster.k);
    }
    if c.schedule != Schedule::Auto {
        let _ = writeln!(s, "schedule = \"{}\"", c.schedule);
    }
    if c.epilogue_schedule != EpilogueSchedule::Auto {
        let _ = writeln!(s, "epilogue_schedule = \"{}\"", c.epilogue_schedule);
    }
    if let EpilogueTile::Explicit { m, n } = c.epilogue_tile {
        let _ = writeln!(s, "epilogue_tile = [{m}, {n}]");
    }
    if c.epilogue_op_class != EpilogueOpClass::Auto {
        let _ = writeln!(s, "epilogue_op_class = \"{}\"", c.epilogue_op_class);
    }
    if c.scheduler != TileScheduler::Auto {
        let _ = writeln!(s, "scheduler = \"{}\"", c.scheduler);
    }
    if let Some(f) = fusion_value(c) {
        let _ = writeln!(s, "fusion = \"{f}\"");
    }
    if let StagePolicy::Fixed(n) = c.stages {
        let _ = writeln!(s, "stages = {n}");
    }
}

/// The `fusion` value every front end reads back as the configuration's fusion (`None` for the
/// default). A written-out `LinCombBlockScaleFactor` names the kernel's own D and C elements
/// (`LinCombBlockScaleFactor<16, e2m1, f32, ue8m0, RowMajor, f16>`): `Fusion::name` gives only
/// their widths.
pub fn fusion_value(cfg: &crate::model::KernelConfig) -> Option<String> {
    use crate::model::{Fusion, Layout, Output, ScaleFactor};
    Some(match cfg.fusion {
        Fusion::Default => return None,
        Fusion::LinCombBlockScaleFactor(spec) => {
            let d = match cfg.d {
                Output::Nvfp4 | Output::Mxfp4 => "e2m1",
                Output::Mxfp6E2m3 => "e2m3",
                Output::Mxfp6E3m2 => "e3m2",
                Output::Mxfp8E4m3 => "e4m3",
                Output::Mxfp8E5m2 => "e5m2",
                plain => plain.name(),
            };
            let sf = match spec.sf {
                ScaleFactor::Ue4m3 => "ue4m3",
                _ => "ue8m0",
            };
            let layout = match spec.layout {
                Layout::RowMajor => "RowMajor",
                Layout::ColumnMajor => "ColumnMajor",
            };
            format!("LinCombBlockScaleFactor<{}, {d}, f32, {sf}, {layout}, {}>", spec.vector, cfg.c.name())
        }
        f => f.name(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every model field has a key, spelled as `ConfigField::key` spells it, in every front end that
    /// can set it; keys are unique.
    #[test]
    fn every_field_has_its_key() {
        let mut names: Vec<&str> = KEYS.iter().map(|k| k.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), KEYS.len());
        for k in KEYS {
            if let Some(f) = k.field {
                if k.fronts == ALL {
                    assert_eq!(f.key(), k.name);
                }
            }
        }
        for f in [
            ConfigField::Cutlass,
            ConfigField::Family,
            ConfigField::Granularity,
            ConfigField::Kind,
            ConfigField::A,
            ConfigField::B,
            ConfigField::C,
            ConfigField::D,
            ConfigField::LayoutC,
            ConfigField::LayoutD,
            ConfigField::EpilogueTile,
            ConfigField::EpilogueCtaTile,
            ConfigField::EpilogueOpClass,
            ConfigField::Scheduler,
            ConfigField::Fusion,
            ConfigField::Epilogue,
            ConfigField::Tile,
            ConfigField::Warp,
            ConfigField::Cluster,
            ConfigField::Schedule,
            ConfigField::EpilogueSchedule,
            ConfigField::Stages,
        ] {
            for front in [Front::Toml, Front::JsonLines, Front::Attribute] {
                assert!(front.knows(f.key()), "{front:?} lacks `{}`", f.key());
            }
        }
        assert!(Front::Toml.knows("arch") && Front::JsonLines.knows("arch") && !Front::Attribute.knows("arch"));
    }
}
