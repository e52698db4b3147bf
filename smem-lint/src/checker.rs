//! One configuration against its target architectures: the findings every front end reports.
//!
//! The TOML front end (`check`) and the `#[smem_check]` attribute (`rust_attr`) both hand a
//! [`KernelConfig`] and its targets to [`check_config`], and get back the same [`Problem`]s, merged
//! across architectures the same way, each with the [`ConfigField`] a diagnostic points at. They only
//! differ in how they turn a field into a span (a TOML byte range, a token) and how they render.
//! Pure: no I/O, no feature needed.

use crate::model::{
    Arch, AutoOverflow, ConfigField, Detail, Footprint, KernelConfig, ModelError, Prober, Rejection, Role, Sizes,
    StagePolicy, Status, Unbuildable, Verdict,
};
use crate::rules::Rule;
use crate::suggest::Suggestion;

/// What is wrong with one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    ExceedsCap {
        needs: u64,
        cap: u64,
        over: u64,
        auto_overflow: Option<AutoOverflow>,
    },
    /// Boxed: a rejection carries its stage choice and text, and findings are kept by the thousand.
    Rejected(Box<Rejection>),
    Unbuildable(Unbuildable),
    NotModelled(ModelError),
}

impl Problem {
    /// The rule it breaks.
    pub const fn rule(&self) -> Rule {
        match self {
            Problem::ExceedsCap { auto_overflow: Some(_), .. } => Rule::AutoStagesOverflow,
            Problem::ExceedsCap { .. } => Rule::ExceedsCap,
            Problem::Rejected(r) if r.by.is_some() => Rule::DslRejects,
            Problem::Rejected(_) => Rule::CutlassRejects,
            Problem::Unbuildable(_) => Rule::Unbuildable,
            Problem::NotModelled(e) => Rule::of_model(e),
        }
    }

    /// The diagnostic code.
    pub const fn code(&self) -> &'static str {
        self.rule().code()
    }

    /// Needs, cap and over, in bytes, for a kernel over the cap.
    pub const fn bytes(&self) -> Option<(u64, u64, u64)> {
        match self {
            Problem::ExceedsCap { needs, cap, over, .. } => Some((*needs, *cap, *over)),
            _ => None,
        }
    }

    /// The field a diagnostic points at. An explicit stage count over the cap points at `stages`, an
    /// automatic one at the tile (a CuTe DSL kernel's at its release, unless its tile is written); a stage-count rejection points at the tile when no stage policy
    /// was written (the automatic count was computed from it).
    pub fn field(&self, cfg: &KernelConfig, stages_written: bool) -> ConfigField {
        // A CuTe DSL kernel over the cap: its tile where one was written, else its release (the
        // release's source chose the tile and the stages).
        if let (Problem::ExceedsCap { .. }, Some(_)) = (self, cfg.family.dsl()) {
            return match (cfg.dsl.tile, cfg.dsl.flash_attn) {
                (Some(_), _) => ConfigField::Tile,
                (None, Some(_)) => ConfigField::FlashAttn,
                (None, None) => ConfigField::Flashinfer,
            };
        }
        match self {
            Problem::ExceedsCap { .. } if matches!(cfg.stages, StagePolicy::Fixed(_)) => ConfigField::Stages,
            Problem::ExceedsCap { .. } => ConfigField::Tile,
            Problem::Rejected(r) if r.at == ConfigField::Stages && !stages_written => ConfigField::Tile,
            Problem::Rejected(r) => r.at,
            Problem::Unbuildable(u) => u.at,
            Problem::NotModelled(e) => e.at,
        }
    }

    /// The one-line message about kernel `name` on `archs` (the same words in every front end).
    pub fn message(&self, name: &str, archs: &[Arch]) -> String {
        match self {
            Problem::ExceedsCap { needs, over, .. } => {
                format!("`{name}` needs {needs} bytes of shared memory, {over} more than {} allows", arch_list(archs))
            }
            Problem::Rejected(r) => match r.by {
                Some(by) => format!("`{name}` does not launch: {by} \"{}\"", r.message),
                None => format!("`{name}` does not compile: CUTLASS static_assert \"{}\"", r.message),
            },
            Problem::Unbuildable(u) => format!("`{name}` compiles but cannot be built: \"{}\"", u.message),
            Problem::NotModelled(e) => format!("`{name}` cannot be checked: {}", e.message),
        }
    }
}

/// `sm120, sm121`.
pub fn arch_list(archs: &[Arch]) -> String {
    archs.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
}

/// A problem of a configuration on one or more architectures (identical problems are merged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub problem: Problem,
    /// The configuration on the first of `archs`.
    pub config: KernelConfig,
    pub archs: Vec<Arch>,
    /// The sizes, when the configuration compiles.
    pub sizes: Option<Sizes>,
}

/// Everything one configuration amounts to on its architectures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub found: Vec<Found>,
    /// The sizes and architectures when it launches on every one of them.
    pub launchable: Option<(Vec<Arch>, Sizes)>,
}

/// Check `base` (its `arch` is replaced) against each of `targets`: one evaluation per builder
/// family and cap (sm120 and sm121 share both), sizes only (a shown finding lays its members out
/// again).
pub fn check_config(base: &KernelConfig, targets: &[Arch]) -> Outcome {
    let mut out = Outcome::default();
    let mut ok_archs = Vec::new();
    let mut sizes = None;
    let mut verdicts: Vec<(Arch, u64, Result<Verdict, ModelError>)> = Vec::new();
    for &arch in targets {
        let cfg = KernelConfig { arch, ..*base };
        let key = (arch.builders(), arch.smem_cap());
        let verdict = if let Some((_, _, r)) = verdicts.iter().find(|(b, c, _)| (*b, *c) == key) {
            r.clone().map(|v| Verdict { arch, ..v })
        } else {
            let r = crate::model::verdict(&cfg, arch, crate::model::Detail::Sizes);
            verdicts.push((key.0, key.1, r.clone()));
            r
        };
        let (problem, fp) = match verdict {
            Err(e) => (Some(Problem::NotModelled(e)), None),
            Ok(v) => (problem(&v), v.footprint.as_ref().map(Footprint::sizes)),
        };
        match problem {
            None => {
                sizes = fp;
                ok_archs.push(arch);
            }
            Some(p) => match out.found.iter_mut().find(|f| f.problem == p) {
                Some(f) => f.archs.push(arch),
                None => out.found.push(Found { problem: p, config: cfg, archs: vec![arch], sizes: fp }),
            },
        }
    }
    if !ok_archs.is_empty() && ok_archs.len() == targets.len() {
        out.launchable = sizes.map(|s| (ok_archs, s));
    }
    out
}

/// The problem a verdict on one architecture amounts to (`None`: the kernel launches there): what
/// [`check_config`] merges across architectures and `eval` reports per line, so that both name the
/// same rule.
pub fn problem(v: &Verdict) -> Option<Problem> {
    match &v.status {
        Status::Fits { .. } => None,
        Status::ExceedsCap { over } => Some(Problem::ExceedsCap {
            needs: v.footprint.as_ref().map_or(0, |f| f.kernel_bytes),
            cap: v.cap,
            over: *over,
            auto_overflow: v.auto_overflow,
        }),
        Status::Rejected(r) => Some(Problem::Rejected(Box::new(r.clone()))),
        Status::Unbuildable(u) => Some(Problem::Unbuildable(u.clone())),
    }
}

/// What a finding tells the user beyond its message, the same in every front end: the primary
/// label, the notes (where the bytes go, why CUTLASS fails the way it does, what it was checked
/// for) and the nearest configurations that fit: what [`crate::diagnostic::Diagnostic::advise`] puts
/// into a finding, which every renderer lays out (a diagnostic's label and help, a compile error's
/// lines, JSON fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    pub label: String,
    pub notes: Vec<String>,
    pub suggestions: Vec<Suggestion>,
}

/// The advice for `problem` of `config` on `archs` (evaluated through `prober`: the members of an
/// over-cap kernel are laid out again, and each suggestion is a model evaluation).
pub fn advise(problem: &Problem, config: &KernelConfig, archs: &[Arch], prober: &mut dyn Prober) -> Advice {
    let archs_text = arch_list(archs);
    let detail = if matches!(problem, Problem::ExceedsCap { .. }) { Detail::Members } else { Detail::Sizes };
    let assessment = crate::model::assess_by(config, config.arch, detail, prober).ok();
    let (label, mut notes): (String, Vec<String>) = match problem {
        Problem::ExceedsCap { needs, cap, over, auto_overflow } => {
            let mut notes = Vec::new();
            if let Some(fp) = assessment.as_ref().and_then(|a| a.footprint.as_ref()) {
                notes.push(format!("{} stages; largest items: {}", fp.stages, largest_items(fp)));
            }
            if let Some(o) = auto_overflow {
                notes.push(format!(
                    "CUTLASS's automatic stage count ({} stages) overflows: its budget leaves out kernel-level storage; it compiles, then fails in initialize() with kErrorInternal",
                    o.auto_stages
                ));
            }
            (format!("needs {needs} bytes, cap {cap} on {archs_text}, over by {over} bytes"), notes)
        }
        Problem::Rejected(r) => (r.detail.to_string(), Vec::new()),
        Problem::Unbuildable(u) => (
            u.detail.to_string(),
            assessment
                .as_ref()
                .and_then(|a| a.footprint.as_ref())
                .map(|fp| format!("its SharedStorage would be {} bytes", fp.kernel_bytes))
                .into_iter()
                .collect(),
        ),
        Problem::NotModelled(e) => ("outside the model".into(), vec![e.hint.to_string()]),
    };
    match assessment.as_ref().and_then(|a| a.footprint.as_ref()).and_then(|f| f.dsl.as_deref()) {
        Some(facts) => notes.extend(dsl_notes(config, facts)),
        None if config.family.dsl().is_some() => {
            notes.push(format!("checked for {archs_text} with {}", release_of(config)));
        }
        None => notes.push(format!("checked for {archs_text} with CUTLASS {}", config.cutlass)),
    }
    let suggestions =
        assessment.as_ref().map(|a| crate::suggest::suggestions_by(config, a, prober)).unwrap_or_default();
    Advice { label, notes, suggestions }
}

/// `flashinfer 0.6.14`: the release a DSL configuration is checked with.
pub fn release_of(config: &KernelConfig) -> String {
    match (config.dsl.flashinfer, config.dsl.flash_attn) {
        (Some(v), _) => format!("flashinfer {v}"),
        (None, Some(v)) => format!("flash-attn-4 {v}"),
        (None, None) => "no release".into(),
    }
}

/// What a DSL finding adds: the kernel and tile the dispatch chose, and the kernel's own estimate
/// where it differs from what the DSL allocates (the bug a user needs to see).
fn dsl_notes(config: &KernelConfig, facts: &crate::model::dsl::DslFacts) -> Vec<String> {
    let mut notes = vec![format!(
        "checked with {}: {} allocates {} with tile [{}, {}] ({})",
        release_of(config),
        facts.kernel_class,
        facts.storage,
        facts.tile[0],
        facts.tile[1],
        facts.tile_from
    )];
    if let Some(e) = &facts.own_estimate {
        let leaves = if e.leaves_out.is_empty() {
            String::new()
        } else {
            format!("; it leaves out {}", e.leaves_out.join(", "))
        };
        notes.push(format!("the kernel's own estimate ({}) is {} bytes{leaves}", e.by, e.bytes));
    }
    notes
}

/// The largest items of the breakdown, by role: `A tiles 49152 B (3 x 16384)`.
pub fn largest_items(fp: &Footprint) -> String {
    if fp.dsl.is_some() {
        // A DSL struct's members are few and named by the kernel's source: the largest, by name.
        let mut members: Vec<_> = fp.members.iter().filter(|m| m.role != Role::Padding).collect();
        members.sort_by_key(|m| std::cmp::Reverse(m.size));
        return members
            .iter()
            .take(4)
            .map(|m| format!("{} {} B", m.path.split_once('.').map_or(m.path.as_str(), |(_, p)| p), m.size))
            .collect::<Vec<_>>()
            .join(", ");
    }
    fp.by_role()
        .into_iter()
        .filter(|(r, _)| *r != Role::Padding)
        .take(4)
        .map(|(role, bytes)| {
            let per = fp.members.iter().find(|m| m.role == role).and_then(|m| m.per_stage);
            match per {
                Some(p)
                    if matches!(role, Role::OperandA | Role::OperandB | Role::ScaleFactorA | Role::ScaleFactorB) =>
                {
                    format!("{} {bytes} B ({} x {})", role.name(), p.stages, p.bytes_per_stage)
                }
                _ => format!("{} {bytes} B", role.name()),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
