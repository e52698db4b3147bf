//! What the model computes for one configuration.

use super::layout::{Member, Role};
use super::{ConfigField, StagePolicy};

/// CUTLASS accepts the configuration, or rejects it at compile time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    Compiled(Footprint),
    Rejected(Rejection),
}

/// A compile-time rejection: the `static_assert` that fires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The static_assert's message, verbatim from the CUTLASS header.
    pub message: &'static str,
    pub at: ConfigField,
    /// Why it fires for this configuration.
    pub detail: String,
    /// What the builders had computed when it fired (for the stage-count assert: the stage count
    /// and the epilogue's `SharedStorage` size that set the carve-out).
    pub stage_choice: Option<StageChoice>,
    pub epilogue_bytes: Option<u64>,
}

/// The types compile, but a real build cannot instantiate `GemmKernel::Params`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unbuildable {
    pub message: &'static str,
    pub at: ConfigField,
    pub detail: String,
}

/// How the builder arrived at its stage count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageChoice {
    pub policy: StagePolicy,
    /// The stage count (can be below 2 when the builder's division says so; CUTLASS then rejects).
    pub stages: i64,
    /// The capacity the builder divides (`sm120_smem_capacity_bytes`, less what 4.5 sets aside).
    pub capacity_bytes: u64,
    /// The carve-out subtracted first (`None` for an explicit `StageCount<N>`).
    pub carveout_bytes: Option<u64>,
    /// Bytes the builder charges per stage (data plus its barrier allowance).
    pub stage_bytes: u64,
    /// A, B, SFA and SFB bytes of one stage.
    pub data_bytes_per_stage: u64,
}

/// `sizeof` of the kernel's, mainloop's and epilogue's `SharedStorage`, the stage count, and the
/// kernel `SharedStorage` flattened into members and padding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    pub kernel_bytes: u64,
    pub mainloop_bytes: u64,
    pub epilogue_bytes: u64,
    pub stages: u64,
    /// Every leaf and padding gap of `GemmKernel::SharedStorage`, in address order.
    pub members: Vec<Member>,
    pub stage_choice: StageChoice,
    /// Set when the kernel compiles but cannot be built (TMA descriptor static_asserts).
    pub unbuildable: Option<Unbuildable>,
    /// Set when the builders and collectives compile with these sizes but the kernel class itself
    /// `static_assert`s them (SM100's "SMEM usage exceeded capacity."): rejected, sizes known.
    pub kernel_rejection: Option<Rejection>,
}

/// The four numbers of a footprint that reports and tables print: what `check` keeps per finding and
/// per launchable kernel (the member list and the stage choice are laid out again when shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub kernel_bytes: u64,
    pub mainloop_bytes: u64,
    pub epilogue_bytes: u64,
    pub stages: u64,
}

impl Footprint {
    pub const fn sizes(&self) -> Sizes {
        Sizes {
            kernel_bytes: self.kernel_bytes,
            mainloop_bytes: self.mainloop_bytes,
            epilogue_bytes: self.epilogue_bytes,
            stages: self.stages,
        }
    }

    /// Bytes per [`Role`], largest first; ties in role order.
    pub fn by_role(&self) -> Vec<(Role, u64)> {
        let mut totals: Vec<(Role, u64)> = Vec::new();
        for m in &self.members {
            match totals.iter_mut().find(|(r, _)| *r == m.role) {
                Some((_, b)) => *b += m.size,
                None => totals.push((m.role, m.size)),
            }
        }
        totals.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        totals
    }
}
