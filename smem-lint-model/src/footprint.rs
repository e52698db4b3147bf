//! What the model computes for one configuration.

use std::fmt;

use super::layout::{Member, Role};
use super::{ConfigField, CutlassVersion, StagePolicy};

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
    pub detail: Why,
    /// What the builders had computed when it fired (for the stage-count assert: the stage count
    /// and the epilogue's `SharedStorage` size that set the carve-out).
    pub stage_choice: Option<StageChoice>,
    pub epilogue_bytes: Option<u64>,
    /// `None` for CUTLASS's static_asserts; for a CuTe DSL kernel, where its Python refuses the
    /// configuration and with what: `MoEStaticKernel._setup_attributes: AssertionError`.
    pub by: Option<&'static str>,
}

/// The types compile, but a real build cannot instantiate `GemmKernel::Params`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unbuildable {
    pub message: &'static str,
    pub at: ConfigField,
    pub detail: Why,
}

/// Why a CUTLASS condition fails for a configuration, in words, written out when shown (`Display`):
/// the model meets the common ones for every configuration it evaluates, and `eval` shows none of
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Words written out already.
    Text(String),
    /// A scale-factor tile's extent is above 128 rows and not a multiple of them (its TMA box).
    ExtentNotWhole { axis: &'static str, extent: u64, operand: &'static str },
    /// Tile K is above a scale-factor block's K and not a multiple of it.
    KNotWhole { k: u64, block: u64, operand: &'static str },
    /// A scale-factor tile is not a whole number of 128-row blocks.
    PartialBlocks { axis: &'static str, extent: u64, operand: &'static str, cutlass: CutlassVersion },
    /// Tile K is not a multiple of four scale-factor vectors.
    KNotFourVectors { k: u64, block: u64 },
    /// The builder's automatic stage count, from its division.
    BuilderStages { capacity_bytes: u64, carveout_bytes: u64, stage_bytes: u64, stages: i64 },
    /// An explicit stage count.
    StageCount(i64),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Text(t) => f.write_str(t),
            Why::ExtentNotWhole { axis, extent, operand } => {
                write!(f, "tile {axis} = {extent} is above 128 and not a multiple of 128 ({operand} TMA)")
            }
            Why::KNotWhole { k, block, operand } => {
                write!(f, "tile K = {k} is above {block} and not a multiple of it ({operand} TMA)")
            }
            Why::PartialBlocks { axis, extent, operand, cutlass } => write!(
                f,
                "tile {axis} = {extent} is not a whole number of 128-row scale-factor blocks ({operand} TMA, CUTLASS {cutlass})"
            ),
            Why::KNotFourVectors { k, block } => {
                write!(f, "tile K = {k} is not a multiple of {block} (4 scale-factor vectors of {})", block / 4)
            }
            Why::BuilderStages { capacity_bytes, carveout_bytes, stage_bytes, stages } => write!(
                f,
                "the builder's stage count is ({capacity_bytes} - {carveout_bytes}) / {stage_bytes} = {stages}: one stage of this tile takes {stage_bytes} bytes"
            ),
            Why::StageCount(n) => write!(f, "StageCount<{n}>"),
        }
    }
}

impl From<String> for Why {
    fn from(text: String) -> Why {
        Why::Text(text)
    }
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
    /// A CuTe DSL kernel's class, struct, tile and own estimate (`None` for CUTLASS kernels).
    pub dsl: Option<Box<crate::dsl::DslFacts>>,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reason reads as the model wrote it when it was formatted on the spot.
    #[test]
    fn reasons_read_as_before() {
        let cutlass = CutlassVersion::LATEST;
        for (why, text) in [
            (Why::Text("as written".into()), "as written".to_string()),
            (
                Why::ExtentNotWhole { axis: "M", extent: 192, operand: "SFA" },
                "tile M = 192 is above 128 and not a multiple of 128 (SFA TMA)".into(),
            ),
            (
                Why::KNotWhole { k: 96, block: 64, operand: "SFB" },
                "tile K = 96 is above 64 and not a multiple of it (SFB TMA)".into(),
            ),
            (
                Why::PartialBlocks { axis: "N", extent: 64, operand: "SFB", cutlass },
                format!(
                    "tile N = 64 is not a whole number of 128-row scale-factor blocks (SFB TMA, CUTLASS {cutlass})"
                ),
            ),
            (
                Why::KNotFourVectors { k: 96, block: 64 },
                "tile K = 96 is not a multiple of 64 (4 scale-factor vectors of 16)".into(),
            ),
            (
                Why::BuilderStages { capacity_bytes: 101_376, carveout_bytes: 8192, stage_bytes: 50_000, stages: 1 },
                "the builder's stage count is (101376 - 8192) / 50000 = 1: one stage of this tile takes 50000 bytes"
                    .into(),
            ),
            (Why::StageCount(1), "StageCount<1>".into()),
        ] {
            assert_eq!(why.to_string(), text);
        }
    }
}
