//! A configuration against an architecture's shared-memory cap.

use super::{
    evaluate_with, Arch, ConfigField, Detail, Evaluation, Footprint, KernelConfig, ModelError, Rejection, StagePolicy,
    Unbuildable,
};

/// The verdict for one configuration on one architecture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Launchable: `kernel_bytes <= cap`, with `headroom = cap - kernel_bytes`.
    Fits { headroom: u64 },
    /// Compiles, then fails in `GemmUniversalAdapter::initialize()` with `kErrorInternal`.
    ExceedsCap { over: u64 },
    /// CUTLASS refuses it at compile time.
    Rejected(Rejection),
    /// The types compile, but the kernel cannot be built (TMA descriptors).
    Unbuildable(Unbuildable),
}

/// CUTLASS's automatic stage count overflows the cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutoOverflow {
    pub auto_stages: u64,
    pub over: u64,
}

/// The full assessment of one configuration on one architecture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    pub arch: Arch,
    pub cap: u64,
    pub status: Status,
    pub footprint: Option<Footprint>,
    /// Set when an automatic stage policy picked a count whose kernel does not fit.
    pub auto_overflow: Option<AutoOverflow>,
    /// The largest `StageCount<N>` (N >= 2) whose kernel fits, when the configuration compiles.
    pub largest_fitting_stages: Option<u64>,
}

impl Assessment {
    /// True when the kernel can be launched on this architecture.
    pub fn launchable(&self) -> bool {
        matches!(self.status, Status::Fits { .. })
    }
}

/// Evaluate `cfg` and compare it with `arch`'s opt-in shared memory per block.
pub fn assess(cfg: &KernelConfig, arch: Arch) -> Result<Assessment, ModelError> {
    assess_with(cfg, arch, Detail::Members)
}

/// [`assess`], with or without the footprint's member list.
pub fn assess_with(cfg: &KernelConfig, arch: Arch, detail: Detail) -> Result<Assessment, ModelError> {
    assess_by(cfg, arch, detail, &mut Fresh)
}

/// What a search needs to know of a neighbouring configuration (a stage count or a suggestion):
/// its kernel's bytes and whether it can be built; `None` when CUTLASS rejects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub kernel_bytes: u64,
    pub buildable: bool,
}

/// Evaluates the neighbours a search visits.
pub trait Prober {
    fn probe(&mut self, cfg: &KernelConfig) -> Result<Option<Probe>, ModelError>;
}

/// Every probe evaluated afresh.
pub struct Fresh;

impl Prober for Fresh {
    fn probe(&mut self, cfg: &KernelConfig) -> Result<Option<Probe>, ModelError> {
        Ok(match evaluate_with(cfg, Detail::Sizes)? {
            Evaluation::Compiled(f) => Some(Probe { kernel_bytes: f.kernel_bytes, buildable: f.unbuildable.is_none() }),
            Evaluation::Rejected(_) => None,
        })
    }
}

/// [`assess_with`], probing the stage counts through `prober`.
pub fn assess_by(
    cfg: &KernelConfig,
    arch: Arch,
    detail: Detail,
    prober: &mut dyn Prober,
) -> Result<Assessment, ModelError> {
    let v = verdict(cfg, arch, detail)?;
    let largest_fitting_stages = match (&v.status, &v.footprint) {
        // A CuTe DSL kernel takes no stage count: its Python computes it.
        _ if cfg.family.dsl().is_some() => None,
        // A stage-count rejection still has a stage count that works: searched down from the one
        // rejected (SM100's stage-slice divisibility asserts reject some counts below others that pass).
        (Status::Rejected(r), None) if r.at == ConfigField::Stages => {
            let rejected = r.stage_choice.and_then(|c| u64::try_from(c.stages).ok());
            largest_fitting_stages(cfg, v.cap, rejected, prober)?
        }
        (_, None) => None,
        (_, Some(f)) => largest_fitting_stages(cfg, v.cap, Some(f.stages), prober)?,
    };
    let Verdict { arch, cap, status, footprint, auto_overflow } = v;
    Ok(Assessment { arch, cap, status, footprint, auto_overflow, largest_fitting_stages })
}

/// The verdict alone: one evaluation, no search for the largest fitting stage count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub arch: Arch,
    pub cap: u64,
    pub status: Status,
    /// `None` when CUTLASS rejects the configuration before any size exists.
    pub footprint: Option<Footprint>,
    /// Set when an automatic stage policy picked a count whose kernel does not fit.
    pub auto_overflow: Option<AutoOverflow>,
}

/// `cfg` against `arch`'s cap with one evaluation: what `check` needs for every configuration of a
/// sweep (the stage search of [`assess`] is only needed for the suggestions of a finding, when shown).
pub fn verdict(cfg: &KernelConfig, arch: Arch, detail: Detail) -> Result<Verdict, ModelError> {
    let cap = arch.smem_cap();
    let footprint = match evaluate_with(cfg, detail)? {
        Evaluation::Rejected(r) => {
            return Ok(Verdict { arch, cap, status: Status::Rejected(r), footprint: None, auto_overflow: None });
        }
        Evaluation::Compiled(f) => f,
    };
    let over = footprint.kernel_bytes.saturating_sub(cap);
    // A CuTe DSL kernel computes its own stages (its `_compute_stages`, reported with the footprint's
    // own estimate); CUTLASS's automatic stage count is not involved.
    let auto_overflow = (over > 0 && !matches!(cfg.stages, StagePolicy::Fixed(_)) && footprint.dsl.is_none())
        .then_some(AutoOverflow { auto_stages: footprint.stages, over });
    let status = status(&footprint, cap);
    Ok(Verdict { arch, cap, status, footprint: Some(footprint), auto_overflow })
}

/// The verdict for a compiled footprint against `cap`: the kernel's own capacity assert (SM100) first,
/// then buildability, then the size.
pub fn status(footprint: &Footprint, cap: u64) -> Status {
    if let Some(r) = &footprint.kernel_rejection {
        Status::Rejected(r.clone())
    } else if let Some(u) = &footprint.unbuildable {
        Status::Unbuildable(u.clone())
    } else if footprint.kernel_bytes > cap {
        Status::ExceedsCap { over: footprint.kernel_bytes - cap }
    } else {
        Status::Fits { headroom: cap - footprint.kernel_bytes }
    }
}

/// The largest explicit stage count (2..=64) whose kernel fits `cap`. The kernel grows with the
/// stage count, so the search walks from `start` (the configuration's own count) down to the first
/// that fits, or up through every count.
fn largest_fitting_stages(
    cfg: &KernelConfig,
    cap: u64,
    start: Option<u64>,
    prober: &mut dyn Prober,
) -> Result<Option<u64>, ModelError> {
    const MAX: u32 = 64;
    let mut fits = |s: u32| -> Result<bool, ModelError> {
        // A count the model does not answer for (the plain sparse builder has no explicit
        // `StageCount<N>`) is not a count that fits.
        let p = match prober.probe(&KernelConfig { stages: StagePolicy::Fixed(s), ..*cfg }) {
            Err(e) if !e.out_of_bounds => return Ok(false),
            p => p?,
        };
        Ok(p.is_some_and(|p| p.kernel_bytes <= cap))
    };
    let mut s = start.map_or(2, |s| s.clamp(2, u64::from(MAX)) as u32);
    if fits(s)? {
        // Every count above is tried: a divisibility assert can reject one count and pass the next.
        let mut best = s;
        for t in s + 1..=MAX {
            if fits(t)? {
                best = t;
            }
        }
        Ok(Some(u64::from(best)))
    } else {
        while s > 2 {
            s -= 1;
            if fits(s)? {
                return Ok(Some(u64::from(s)));
            }
        }
        Ok(None)
    }
}
