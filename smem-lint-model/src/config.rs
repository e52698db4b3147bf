//! A kernel configuration: everything the CollectiveBuilders are given.

use std::fmt;
use std::str::FromStr;

use super::dtype::{Operand, Output};
pub use super::release::CutlassVersion;
use super::{Arch, ParseError};

/// Dense GEMM (`Shape<int,int,int,int>`, plain layout tags) or grouped / ptr-array GEMM
/// (`GroupProblemShape`, pointer layout tags: the MoE kernels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelKind {
    Dense,
    Grouped,
    /// A 2:4 structured-sparse GEMM (`OpClassSparseTensorOp` with plain F8F6F4 operands,
    /// `OpClassBlockScaledSparseTensorOp` with block-scaled ones), run by SM120's asymmetric-DMA kernel.
    Sparse,
}

impl KernelKind {
    pub const ALL: [KernelKind; 3] = [KernelKind::Dense, KernelKind::Grouped, KernelKind::Sparse];
    pub const fn name(self) -> &'static str {
        match self {
            KernelKind::Dense => "dense",
            KernelKind::Grouped => "grouped",
            KernelKind::Sparse => "sparse",
        }
    }
}

macro_rules! schedule_tags {
    (
        $(#[$meta:meta])* $vis:vis enum $ty:ident ($what:literal) {
            $($(#[$vmeta:meta])* $variant:ident => $name:literal $(| $alias:literal)*),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $ty {
            $($(#[$vmeta])* $variant,)+
        }

        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant,)+];

            /// The name front ends read and write: CUTLASS's tag without its namespace, or a short
            /// name for the SM120 schedules.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// Every accepted spelling of this value (its name first).
            pub fn spellings(self) -> &'static [&'static str] {
                match self {
                    $($ty::$variant => &[$name $(, $alias)*],)+
                }
            }
        }

        impl FromStr for $ty {
            type Err = ParseError;
            /// A name or a CUTLASS tag, with or without its `cutlass::...::` namespace.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                // A spelling as written (the common case; no spelling has a namespace or spaces),
                // else trimmed and without its namespace.
                let find = |bare: &str| Self::ALL.iter().copied().find(|v| v.spellings().contains(&bare));
                find(s)
                    .or_else(|| {
                        let t = s.trim();
                        find(t.rsplit("::").next().unwrap_or(t))
                    })
                    .ok_or_else(|| ParseError::new($what, s, Self::ALL.iter().map(|v| v.name())))
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

schedule_tags! {
    /// The kernel schedule tag given to the mainloop builder.
    ///
    /// SM120 uses the short names (`cooperative` and `pingpong` become the `KernelPtrArray...` tags when
    /// the kernel is grouped). SM90 and SM100 take CUTLASS's tag names; a `KernelPtrArray...` tag needs
    /// `kernel = "grouped"`, and `cooperative`/`pingpong` with a grouped kernel mean the ptr-array tags.
    pub enum Schedule ("schedule") {
        /// `KernelScheduleAuto`.
        Auto => "auto" | "KernelScheduleAuto",
        /// `KernelTmaWarpSpecializedCooperative` / `KernelPtrArrayTmaWarpSpecializedCooperative`.
        Cooperative => "cooperative" | "KernelTmaWarpSpecializedCooperative",
        /// `KernelTmaWarpSpecializedPingpong` / `KernelPtrArrayTmaWarpSpecializedPingpong`.
        Pingpong => "pingpong" | "KernelTmaWarpSpecializedPingpong",
        /// SM90 `KernelTmaWarpSpecialized`: not persistent; mainloop and epilogue tensors share a union.
        WarpSpecialized => "KernelTmaWarpSpecialized",
        WarpSpecializedFp8FastAccum => "KernelTmaWarpSpecializedFP8FastAccum",
        CooperativeFp8FastAccum => "KernelTmaWarpSpecializedCooperativeFP8FastAccum",
        PingpongFp8FastAccum => "KernelTmaWarpSpecializedPingpongFP8FastAccum",
        PtrArrayCooperative => "KernelPtrArrayTmaWarpSpecializedCooperative",
        PtrArrayPingpong => "KernelPtrArrayTmaWarpSpecializedPingpong",
        PtrArrayCooperativeFp8FastAccum => "KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum",
        PtrArrayPingpongFp8FastAccum => "KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum",
        /// SM100 UMMA schedules: 1 or 2 SMs per MMA; dense (`Sm100`) or a block-scaled instruction.
        Sm100OneSm => "KernelTmaWarpSpecialized1SmSm100",
        Sm100TwoSm => "KernelTmaWarpSpecialized2SmSm100",
        Sm100OneSmBlockScaled => "KernelTmaWarpSpecialized1SmBlockScaledSm100",
        Sm100TwoSmBlockScaled => "KernelTmaWarpSpecialized2SmBlockScaledSm100",
        Sm100OneSmNvf4 => "KernelTmaWarpSpecialized1SmNvf4Sm100",
        Sm100TwoSmNvf4 => "KernelTmaWarpSpecialized2SmNvf4Sm100",
        Sm100OneSmMxf4 => "KernelTmaWarpSpecialized1SmMxf4Sm100",
        Sm100TwoSmMxf4 => "KernelTmaWarpSpecialized2SmMxf4Sm100",
        Sm100OneSmMxf8f6f4 => "KernelTmaWarpSpecialized1SmMxf8f6f4Sm100",
        Sm100TwoSmMxf8f6f4 => "KernelTmaWarpSpecialized2SmMxf8f6f4Sm100",
        Sm100PtrArrayOneSm => "KernelPtrArrayTmaWarpSpecialized1SmSm100",
        Sm100PtrArrayTwoSm => "KernelPtrArrayTmaWarpSpecialized2SmSm100",
        Sm100PtrArrayOneSmBlockScaled => "KernelPtrArrayTmaWarpSpecialized1SmBlockScaledSm100",
        Sm100PtrArrayTwoSmBlockScaled => "KernelPtrArrayTmaWarpSpecialized2SmBlockScaledSm100",
        Sm100PtrArrayOneSmNvf4 => "KernelPtrArrayTmaWarpSpecialized1SmNvf4Sm100",
        Sm100PtrArrayTwoSmNvf4 => "KernelPtrArrayTmaWarpSpecialized2SmNvf4Sm100",
        Sm100PtrArrayOneSmMxf4 => "KernelPtrArrayTmaWarpSpecialized1SmMxf4Sm100",
        Sm100PtrArrayTwoSmMxf4 => "KernelPtrArrayTmaWarpSpecialized2SmMxf4Sm100",
        Sm100PtrArrayOneSmMxf8f6f4 => "KernelPtrArrayTmaWarpSpecialized1SmMxf8f6f4Sm100",
        Sm100PtrArrayTwoSmMxf8f6f4 => "KernelPtrArrayTmaWarpSpecialized2SmMxf8f6f4Sm100",
        /// SM100 blockwise-scaled FP8 (`family = "blockwise"`): `sm100_blockwise_umma_builder.inl`, the
        /// collective `sm100_mma_warpspecialized_blockwise_scaling.hpp` and the MMA-transform kernel.
        Sm100OneSmBlockwise => "KernelTmaWarpSpecializedBlockwise1SmSm100",
        Sm100TwoSmBlockwise => "KernelTmaWarpSpecializedBlockwise2SmSm100",
        /// SM90 blockwise-scaled FP8 (`family = "blockwise"`): the cooperative kernel with
        /// `MainloopSm90TmaGmmaWarpSpecializedBlockwiseFP8` (`...FP8BlockScaledAccum` is CUTLASS's alias).
        CooperativeFp8BlockScaledAccum => "KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum" | "KernelTmaWarpSpecializedCooperativeFP8Blockwise",
        /// SM120 blockwise: `KernelScheduleSm120Blockwise` (the builder runs it cooperative) and the
        /// explicit cooperative / ping-pong blockwise tags.
        Sm120Blockwise => "KernelScheduleSm120Blockwise",
        Sm120BlockwiseCooperative => "KernelTmaWarpSpecializedBlockwiseCooperativeSm120",
        Sm120BlockwisePingpong => "KernelTmaWarpSpecializedBlockwisePingpongSm120",
        /// SM120 block-scaled tags that choose the MMA instruction (`select_instr`): MXF4/NVF4 or MXF8F6F4.
        Sm120Nvf4Cooperative => "KernelTmaWarpSpecializedNvf4Sm120",
        Sm120Nvf4Pingpong => "KernelTmaWarpSpecializedPingpongNvf4Sm120",
        Sm120Mxf4Cooperative => "KernelTmaWarpSpecializedMxf4Sm120",
        Sm120Mxf4Pingpong => "KernelTmaWarpSpecializedPingpongMxf4Sm120",
        Sm120Mxf8f6f4Cooperative => "KernelTmaWarpSpecializedMxf8f6f4Sm120",
        Sm120Mxf8f6f4Pingpong => "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120",
        /// SM120 ptr-array tags carrying the scheduler pipeline's stage count (4.6's grouped F8F6F4
        /// builder reads it from the tag).
        Sm120PtrArrayCooperative2 => "KernelPtrArrayTmaWarpSpecializedCooperativeSm120<2>",
        Sm120PtrArrayPingpong2 => "KernelPtrArrayTmaWarpSpecializedPingpongSm120<2>",
        /// SM120 structured-sparse tags (`kernel = "sparse"`): plain F8F6F4, and the block-scaled
        /// instruction-choosing ones (the last with a 2x4 warp layout of the accumulator).
        Sm120SparseF8f6f4 => "KernelScheduleSparseF8f6f4Sm120",
        Sm120SparseNvf4 => "KernelSparseTmaWarpSpecializedNvf4Sm120",
        Sm120SparseMxf4 => "KernelSparseTmaWarpSpecializedMxf4Sm120",
        Sm120SparseMxf8f6f4 => "KernelSparseTmaWarpSpecializedMxf8f6f4Sm120",
        Sm120SparseMxf8f6f4Acc2x4 => "KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120",
    }
}

/// The SM120 schedules: the short names, and the SM120 tags.
pub const SM120_SCHEDULES: [Schedule; 19] = [
    Schedule::Auto,
    Schedule::Cooperative,
    Schedule::Pingpong,
    Schedule::Sm120Blockwise,
    Schedule::Sm120BlockwiseCooperative,
    Schedule::Sm120BlockwisePingpong,
    Schedule::Sm120Nvf4Cooperative,
    Schedule::Sm120Nvf4Pingpong,
    Schedule::Sm120Mxf4Cooperative,
    Schedule::Sm120Mxf4Pingpong,
    Schedule::Sm120Mxf8f6f4Cooperative,
    Schedule::Sm120Mxf8f6f4Pingpong,
    Schedule::Sm120PtrArrayCooperative2,
    Schedule::Sm120PtrArrayPingpong2,
    Schedule::Sm120SparseF8f6f4,
    Schedule::Sm120SparseNvf4,
    Schedule::Sm120SparseMxf4,
    Schedule::Sm120SparseMxf8f6f4,
    Schedule::Sm120SparseMxf8f6f4Acc2x4,
];

/// An SM90 kernel shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sm90Shell {
    /// `KernelTmaWarpSpecialized`: one tile per CTA, no scheduler.
    WarpSpecialized,
    Cooperative,
    Pingpong,
}

/// What an SM90 kernel schedule tag selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm90Schedule {
    pub shell: Sm90Shell,
    pub fp8_fast_accum: bool,
    /// A `KernelPtrArray...` tag.
    pub ptr_array: bool,
}

/// The MMA instruction family an SM100 schedule tag names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sm100Mma {
    /// `...Sm100`: dense `OpClassTensorOp`.
    Dense,
    /// `...BlockScaledSm100`: the builder picks the block-scaled instruction.
    BlockScaled,
    Nvf4,
    Mxf4,
    Mxf8f6f4,
}

/// What an SM100 kernel schedule tag selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm100Schedule {
    pub two_sm: bool,
    pub mma: Sm100Mma,
    pub ptr_array: bool,
}

impl Schedule {
    /// The SM120 structured-sparse builders' tags.
    pub const fn is_sm120_sparse(self) -> bool {
        matches!(
            self,
            Schedule::Sm120SparseF8f6f4
                | Schedule::Sm120SparseNvf4
                | Schedule::Sm120SparseMxf4
                | Schedule::Sm120SparseMxf8f6f4
                | Schedule::Sm120SparseMxf8f6f4Acc2x4
        )
    }
    /// The SM100 and SM90 blockwise-scaled FP8 tags (`family = "blockwise"` on those architectures).
    pub const fn is_datacenter_blockwise(self) -> bool {
        matches!(
            self,
            Schedule::Sm100OneSmBlockwise | Schedule::Sm100TwoSmBlockwise | Schedule::CooperativeFp8BlockScaledAccum
        )
    }
    /// The SM120 schedules.
    pub const SM120: [Schedule; 19] = SM120_SCHEDULES;

    /// The schedule the kernel actually runs (`Auto` resolves to cooperative on SM120).
    pub const fn resolved_is_pingpong(self) -> bool {
        matches!(
            self,
            Schedule::Pingpong
                | Schedule::Sm120BlockwisePingpong
                | Schedule::Sm120Nvf4Pingpong
                | Schedule::Sm120Mxf4Pingpong
                | Schedule::Sm120Mxf8f6f4Pingpong
                | Schedule::Sm120PtrArrayPingpong2
        )
    }

    /// The SM90 reading of an explicit tag (`None` for `Auto` and the SM100 tags).
    pub const fn sm90(self) -> Option<Sm90Schedule> {
        use Sm90Shell::{Cooperative, Pingpong, WarpSpecialized};
        let (shell, fp8_fast_accum, ptr_array) = match self {
            Schedule::Cooperative => (Cooperative, false, false),
            Schedule::Pingpong => (Pingpong, false, false),
            Schedule::WarpSpecialized => (WarpSpecialized, false, false),
            Schedule::WarpSpecializedFp8FastAccum => (WarpSpecialized, true, false),
            Schedule::CooperativeFp8FastAccum => (Cooperative, true, false),
            Schedule::PingpongFp8FastAccum => (Pingpong, true, false),
            Schedule::PtrArrayCooperative => (Cooperative, false, true),
            Schedule::PtrArrayPingpong => (Pingpong, false, true),
            Schedule::PtrArrayCooperativeFp8FastAccum => (Cooperative, true, true),
            Schedule::PtrArrayPingpongFp8FastAccum => (Pingpong, true, true),
            _ => return None,
        };
        Some(Sm90Schedule { shell, fp8_fast_accum, ptr_array })
    }

    /// The SM100 reading of an explicit tag (`None` for `Auto` and the SM90/SM120 tags).
    pub const fn sm100(self) -> Option<Sm100Schedule> {
        use Sm100Mma::{BlockScaled, Dense, Mxf4, Mxf8f6f4, Nvf4};
        let (two_sm, mma, ptr_array) = match self {
            Schedule::Sm100OneSm => (false, Dense, false),
            Schedule::Sm100TwoSm => (true, Dense, false),
            Schedule::Sm100OneSmBlockScaled => (false, BlockScaled, false),
            Schedule::Sm100TwoSmBlockScaled => (true, BlockScaled, false),
            Schedule::Sm100OneSmNvf4 => (false, Nvf4, false),
            Schedule::Sm100TwoSmNvf4 => (true, Nvf4, false),
            Schedule::Sm100OneSmMxf4 => (false, Mxf4, false),
            Schedule::Sm100TwoSmMxf4 => (true, Mxf4, false),
            Schedule::Sm100OneSmMxf8f6f4 => (false, Mxf8f6f4, false),
            Schedule::Sm100TwoSmMxf8f6f4 => (true, Mxf8f6f4, false),
            Schedule::Sm100PtrArrayOneSm => (false, Dense, true),
            Schedule::Sm100PtrArrayTwoSm => (true, Dense, true),
            Schedule::Sm100PtrArrayOneSmBlockScaled => (false, BlockScaled, true),
            Schedule::Sm100PtrArrayTwoSmBlockScaled => (true, BlockScaled, true),
            Schedule::Sm100PtrArrayOneSmNvf4 => (false, Nvf4, true),
            Schedule::Sm100PtrArrayTwoSmNvf4 => (true, Nvf4, true),
            Schedule::Sm100PtrArrayOneSmMxf4 => (false, Mxf4, true),
            Schedule::Sm100PtrArrayTwoSmMxf4 => (true, Mxf4, true),
            Schedule::Sm100PtrArrayOneSmMxf8f6f4 => (false, Mxf8f6f4, true),
            Schedule::Sm100PtrArrayTwoSmMxf8f6f4 => (true, Mxf8f6f4, true),
            _ => return None,
        };
        Some(Sm100Schedule { two_sm, mma, ptr_array })
    }

    /// The C++ tag, per kernel kind (the SM120 short names become the ptr-array tags when grouped).
    pub fn cutlass_tag(self, kind: KernelKind) -> String {
        match (self, kind) {
            (Schedule::Auto, _) => "cutlass::gemm::collective::KernelScheduleAuto".into(),
            (Schedule::Cooperative, KernelKind::Dense) => "cutlass::gemm::KernelTmaWarpSpecializedCooperative".into(),
            (Schedule::Pingpong, KernelKind::Dense) => "cutlass::gemm::KernelTmaWarpSpecializedPingpong".into(),
            (Schedule::Cooperative, KernelKind::Grouped) => {
                "cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperative".into()
            }
            (Schedule::Pingpong, KernelKind::Grouped) => {
                "cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpong".into()
            }
            (other, _) => format!("cutlass::gemm::{}", other.name()),
        }
    }
}

schedule_tags! {
    /// The epilogue schedule tag given to the epilogue builder. SM120 kernels take `auto` only.
    pub enum EpilogueSchedule ("epilogue schedule") {
        /// `EpilogueScheduleAuto`: SM90 picks `NoSmemWarpSpecialized`, SM100 a TMA epilogue.
        Auto => "auto" | "EpilogueScheduleAuto",
        TmaWarpSpecialized => "TmaWarpSpecialized",
        TmaWarpSpecializedCooperative => "TmaWarpSpecializedCooperative",
        NoSmemWarpSpecialized => "NoSmemWarpSpecialized",
        PtrArrayTmaWarpSpecialized => "PtrArrayTmaWarpSpecialized",
        PtrArrayTmaWarpSpecializedCooperative => "PtrArrayTmaWarpSpecializedCooperative",
        PtrArrayTmaWarpSpecializedPingpong => "PtrArrayTmaWarpSpecializedPingpong",
        PtrArrayNoSmemWarpSpecialized => "PtrArrayNoSmemWarpSpecialized",
        TmaWarpSpecialized1Sm => "TmaWarpSpecialized1Sm",
        TmaWarpSpecialized2Sm => "TmaWarpSpecialized2Sm",
        PtrArrayTmaWarpSpecialized1Sm => "PtrArrayTmaWarpSpecialized1Sm",
        PtrArrayTmaWarpSpecialized2Sm => "PtrArrayTmaWarpSpecialized2Sm",
        NoSmemWarpSpecialized1Sm => "NoSmemWarpSpecialized1Sm",
        NoSmemWarpSpecialized2Sm => "NoSmemWarpSpecialized2Sm",
        PtrArrayNoSmemWarpSpecialized1Sm => "PtrArrayNoSmemWarpSpecialized1Sm",
        PtrArrayNoSmemWarpSpecialized2Sm => "PtrArrayNoSmemWarpSpecialized2Sm",
        /// `struct BlockwiseNoSmemWarpSpecialized{1,2}Sm : NoSmemWarpSpecialized{1,2}Sm` (SM100 blockwise
        /// kernels): the no-smem collective `Sm100NoSmemWarpSpecialized` with `thread::LinearCombination`.
        BlockwiseNoSmemWarpSpecialized1Sm => "BlockwiseNoSmemWarpSpecialized1Sm",
        BlockwiseNoSmemWarpSpecialized2Sm => "BlockwiseNoSmemWarpSpecialized2Sm",
        /// `struct TmaWarpSpecialized1SmNvf4 final : TmaWarpSpecialized1Sm {}` (`epilogue/dispatch_policy.hpp`):
        /// the dense SM100 epilogue builder reads these six by `is_base_of` as their 1SM/2SM base (only
        /// the sparse builder names them).
        TmaWarpSpecialized1SmNvf4 => "TmaWarpSpecialized1SmNvf4",
        TmaWarpSpecialized2SmNvf4 => "TmaWarpSpecialized2SmNvf4",
        TmaWarpSpecialized1SmMxf4 => "TmaWarpSpecialized1SmMxf4",
        TmaWarpSpecialized2SmMxf4 => "TmaWarpSpecialized2SmMxf4",
        TmaWarpSpecialized1SmMxf8f6f4 => "TmaWarpSpecialized1SmMxf8f6f4",
        TmaWarpSpecialized2SmMxf8f6f4 => "TmaWarpSpecialized2SmMxf8f6f4",
        /// SM120 sparse kernels' cooperative epilogue: a smaller automatic epilogue tile.
        SparseTmaWarpSpecializedCooperativeSm120 => "SparseTmaWarpSpecializedCooperativeSm120",
    }
}

impl EpilogueSchedule {
    /// The C++ tag.
    pub fn cutlass_tag(self) -> String {
        match self {
            EpilogueSchedule::Auto => "cutlass::epilogue::collective::EpilogueScheduleAuto".into(),
            other => format!("cutlass::epilogue::{}", other.name()),
        }
    }
}

/// How the mainloop stage count is chosen (the builder's `StageCountType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StagePolicy {
    /// `StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>`: the CUTLASS examples' idiom.
    Auto,
    /// `StageCount<N>`.
    Fixed(u32),
    /// `StageCountAuto` (= `StageCountAutoCarveout<0>`).
    AutoNoCarveout,
    /// `StageCountAutoCarveout<BYTES>` with a carve-out chosen by the user.
    AutoCarveout(u64),
    /// `StageCountAutoCarveoutEpi<CollectiveEpilogue>`.
    AutoCarveoutEpi,
}

impl fmt::Display for StagePolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StagePolicy::Auto => f.write_str("auto"),
            StagePolicy::Fixed(n) => write!(f, "{n}"),
            StagePolicy::AutoNoCarveout => f.write_str("auto0"),
            StagePolicy::AutoCarveout(b) => write!(f, "auto-carveout-{b}"),
            StagePolicy::AutoCarveoutEpi => f.write_str("auto-epi"),
        }
    }
}

impl FromStr for StagePolicy {
    type Err = ParseError;
    /// `auto`, `auto0`, `auto-epi`, `auto-carveout-N` (a count is an integer value, never this string).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let expected = ["auto", "auto0", "auto-epi", "auto-carveout-<bytes>", "<stages>"];
        match t {
            "auto" => Ok(StagePolicy::Auto),
            "auto0" => Ok(StagePolicy::AutoNoCarveout),
            "auto-epi" => Ok(StagePolicy::AutoCarveoutEpi),
            _ => {
                if let Some(bytes) = t.strip_prefix("auto-carveout-") {
                    bytes
                        .parse()
                        .map(StagePolicy::AutoCarveout)
                        .map_err(|_| ParseError::new("stage policy", s, expected))
                } else if t.parse::<u32>().is_ok() {
                    // A stage count is an integer, not a string: one spelling per value.
                    Err(ParseError::malformed(
                        "stage policy",
                        s,
                        format!("write stages = {t}, an integer, not a string"),
                    ))
                } else {
                    Err(ParseError::new("stage policy", s, expected))
                }
            }
        }
    }
}

/// Global-memory layout of an operand or output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    RowMajor,
    ColumnMajor,
}

impl Layout {
    /// The name front ends read: `row` (`cutlass::layout::RowMajor`) or `col` (`ColumnMajor`).
    pub const fn name(self) -> &'static str {
        match self {
            Layout::RowMajor => "row",
            Layout::ColumnMajor => "col",
        }
    }

    pub const NAMES: [&'static str; 2] = ["row", "col"];

    /// The C++ layout tag.
    pub const fn cutlass_tag(self) -> &'static str {
        match self {
            Layout::RowMajor => "cutlass::layout::RowMajor",
            Layout::ColumnMajor => "cutlass::layout::ColumnMajor",
        }
    }
}

impl FromStr for Layout {
    type Err = ParseError;
    /// `row` or `col`; CUTLASS's tag names (`RowMajor`, `ColumnMajor`, with or without namespace) too.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t.rsplit("::").next().unwrap_or(t) {
            "row" | "RowMajor" => Ok(Layout::RowMajor),
            "col" | "ColumnMajor" => Ok(Layout::ColumnMajor),
            _ => Err(ParseError::new("layout", s, Layout::NAMES)),
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `GemmUniversal`'s fourth argument, the tile scheduler tag (`gemm/kernel/tile_scheduler.hpp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileScheduler {
    /// `void`: the architecture's default (on SM120 the CLC `PersistentTileSchedulerSm100`).
    Auto,
    /// `PersistentScheduler`: on SM120 the same CLC scheduler as `void`.
    Persistent,
    /// `StaticPersistentScheduler`: `PersistentTileSchedulerSm90`, whose `SharedStorage` is empty.
    StaticPersistent,
    /// `StreamKScheduler`: `PersistentTileSchedulerSm100StreamK`, the CLC scheduler's storage.
    StreamK,
}

impl TileScheduler {
    pub const ALL: [TileScheduler; 4] =
        [TileScheduler::Auto, TileScheduler::Persistent, TileScheduler::StaticPersistent, TileScheduler::StreamK];

    pub const fn name(self) -> &'static str {
        match self {
            TileScheduler::Auto => "auto",
            TileScheduler::Persistent => "PersistentScheduler",
            TileScheduler::StaticPersistent => "StaticPersistentScheduler",
            TileScheduler::StreamK => "StreamKScheduler",
        }
    }

    /// The C++ tag (`void` for the default).
    pub const fn cutlass_tag(self) -> &'static str {
        match self {
            TileScheduler::Auto => "void",
            TileScheduler::Persistent => "cutlass::gemm::PersistentScheduler",
            TileScheduler::StaticPersistent => "cutlass::gemm::StaticPersistentScheduler",
            TileScheduler::StreamK => "cutlass::gemm::StreamKScheduler",
        }
    }
}

impl FromStr for TileScheduler {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bare = t.rsplit("::").next().unwrap_or(t);
        match bare {
            "auto" | "void" => Ok(TileScheduler::Auto),
            _ => Self::ALL
                .into_iter()
                .find(|x| x.name() == bare)
                .ok_or_else(|| ParseError::new("tile scheduler", s, Self::ALL.map(Self::name))),
        }
    }
}

impl fmt::Display for TileScheduler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `OpClass` the epilogue builder is given (`epilogue/collective/builders/sm100_builder.inl`).
/// CUTLASS's examples pass the mainloop's; FlashInfer's and TensorRT-LLM's dense FP4/MXFP8 GEMMs pass
/// `OpClassTensorOp` to the epilogue builder while the mainloop is `OpClassBlockScaledTensorOp`. On
/// SM100 it decides `EpilogueTileAuto` at a CTA N of 256 (`OverlappingAccum`'s M x 128 for
/// block-scaled only) and `EpilogueScheduleAuto`'s 1SM/2SM choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EpilogueOpClass {
    /// The mainloop's: `OpClassBlockScaledTensorOp` for block-scaled operands, else `OpClassTensorOp`.
    Auto,
    /// `cutlass::arch::OpClassTensorOp`.
    TensorOp,
    /// `cutlass::arch::OpClassBlockScaledTensorOp`.
    BlockScaled,
}

impl EpilogueOpClass {
    pub const ALL: [EpilogueOpClass; 3] =
        [EpilogueOpClass::Auto, EpilogueOpClass::TensorOp, EpilogueOpClass::BlockScaled];

    pub const fn name(self) -> &'static str {
        match self {
            EpilogueOpClass::Auto => "auto",
            EpilogueOpClass::TensorOp => "tensorop",
            EpilogueOpClass::BlockScaled => "blockscaled",
        }
    }

    /// Whether the epilogue builder gets `OpClassBlockScaledTensorOp`.
    pub const fn is_block_scaled(self, block_scaled_operands: bool) -> bool {
        match self {
            EpilogueOpClass::Auto => block_scaled_operands,
            EpilogueOpClass::TensorOp => false,
            EpilogueOpClass::BlockScaled => true,
        }
    }
}

impl FromStr for EpilogueOpClass {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bare = t.rsplit("::").next().unwrap_or(t);
        match bare {
            "auto" => Ok(EpilogueOpClass::Auto),
            "tensorop" | "OpClassTensorOp" => Ok(EpilogueOpClass::TensorOp),
            "blockscaled" | "OpClassBlockScaledTensorOp" => Ok(EpilogueOpClass::BlockScaled),
            _ => Err(ParseError::new("epilogue op class", s, Self::ALL.map(Self::name))),
        }
    }
}

impl fmt::Display for EpilogueOpClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The epilogue builder's `EpilogueTileType`: `EpilogueTileAuto` (the builder picks the subtile) or
/// an explicit `cute::Shape<Int<M>, Int<N>>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EpilogueTile {
    Auto,
    Explicit { m: u64, n: u64 },
}

impl fmt::Display for EpilogueTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpilogueTile::Auto => f.write_str("auto"),
            EpilogueTile::Explicit { m, n } => write!(f, "{m}x{n}"),
        }
    }
}

impl FromStr for KernelKind {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        Self::ALL
            .into_iter()
            .find(|k| k.name() == t)
            .ok_or_else(|| ParseError::new("kernel kind", s, Self::ALL.map(Self::name)))
    }
}

/// The epilogue's fusion (the `FusionCallbacks` of the epilogue builder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fusion {
    /// The builder's default for the output type: `LinearCombination`, or the block-scale-factor
    /// fusion of a block-scaled D.
    Default,
    /// `LinearCombination` (alpha * acc + beta * C).
    LinearCombination,
    /// `LinCombBlockScaleFactor` with D's own scale factors (nvfp4: 16 elements, ue4m3; MX: 32, ue8m0).
    BlockScaleFactor,
    /// `LinCombBlockScaleFactor<SFVecSize, ElementD, ElementCompute, ElementSF, Layout, ElementC>`
    /// written out.
    LinCombBlockScaleFactor(BlockScaleFactorSpec),
    /// `LinCombPerColBias` (`Sm90RowBroadcast` of a per-column bias of the given type).
    PerColBias(Output),
    /// An epilogue visitor tree passed as the builder's callbacks.
    Evt(super::fusion::EvtTree),
}

/// What `LinCombBlockScaleFactor<...>` names: the output's scale-factor vector, its element, the
/// scale factors' layout, and the widths of the D and C it was written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockScaleFactorSpec {
    pub vector: u8,
    pub sf: super::ScaleFactor,
    pub layout: Layout,
    pub d_bits: u8,
    pub c_bits: u8,
}

/// Which epilogue collective the kernel uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Epilogue {
    /// The epilogue `CollectiveBuilder` with `EpilogueTileAuto` and `EpilogueScheduleAuto` (C, D, fusion).
    Builder,
    /// An epilogue the model does not know, declared by its `sizeof(CollectiveEpilogue::SharedStorage)`.
    /// The kernel then holds the declared bytes where the epilogue's tensors go, plus a placeholder
    /// for its load pipeline: approximate, but never smaller than the real kernel would be.
    Declared { smem_bytes: u64 },
    /// The epilogue of TensorRT-LLM's MoE grouped-GEMM launcher (`moe_gemm_tma_ws_launcher.inl`,
    /// as FlashInfer 0.7.4 vendors it) on SM120: `d` is the launcher's output type and `c` must
    /// equal it (the launcher passes `ElementCSafe = ElementD`); `a`/`b` are the activation and
    /// weight types, which `swap_ab` exchanges in the mainloop and transposes in the epilogue.
    TrtllmMoe { fusion: MoeFusion, swap_ab: bool },
}

/// The launcher's `EpilogueFusion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoeFusion {
    /// `EpilogueFusion::NONE`: `LinearCombination`, D written through TMA.
    None,
    /// `EpilogueFusion::FINALIZE`: D is void and the `ScaledAcc{PerColBias,PerRowScale|PerRowBias,PerColScale}Scatter`
    /// EVT scatters the scaled, biased rows to the final output.
    Finalize,
}

impl Epilogue {
    /// The TOML / JSON name: `builder`, `declared`, `trtllm-moe`, `trtllm-moe-finalize` (`+ "-swap-ab"`).
    pub fn name(self) -> String {
        match self {
            Epilogue::Builder => "builder".into(),
            Epilogue::Declared { smem_bytes } => format!("declared-{smem_bytes}"),
            Epilogue::TrtllmMoe { fusion, swap_ab } => format!(
                "trtllm-moe{}{}",
                if fusion == MoeFusion::Finalize { "-finalize" } else { "" },
                if swap_ab { "-swap-ab" } else { "" }
            ),
        }
    }

    /// Parse a named epilogue (`builder`, `trtllm-moe`, `trtllm-moe-finalize`, each TRT-LLM one
    /// optionally with `-swap-ab`).
    pub fn from_name(s: &str) -> Option<Epilogue> {
        let (base, swap_ab) = match s.strip_suffix("-swap-ab") {
            Some(b) => (b, true),
            None => (s, false),
        };
        match base {
            "builder" if !swap_ab => Some(Epilogue::Builder),
            "trtllm-moe" | "trtllm-moe-none" => Some(Epilogue::TrtllmMoe { fusion: MoeFusion::None, swap_ab }),
            "trtllm-moe-finalize" => Some(Epilogue::TrtllmMoe { fusion: MoeFusion::Finalize, swap_ab }),
            _ => None,
        }
    }

    pub const NAMES: [&'static str; 5] =
        ["builder", "trtllm-moe", "trtllm-moe-swap-ab", "trtllm-moe-finalize", "trtllm-moe-finalize-swap-ab"];
}

impl Fusion {
    /// The name the front ends read: `default`, `linear-combination`, `block-scale-factor`,
    /// `per-col-bias-<type>`, or the CUTLASS type (`LinCombBlockScaleFactor<...>`, `Sm90EVT<...>`).
    pub fn name(self) -> String {
        match self {
            Fusion::Default => "default".into(),
            Fusion::LinearCombination => "linear-combination".into(),
            Fusion::BlockScaleFactor => "block-scale-factor".into(),
            Fusion::LinCombBlockScaleFactor(s) => format!(
                "LinCombBlockScaleFactor<{}, {}, f32, {}, {}, {}>",
                s.vector,
                bits_name(s.d_bits),
                match s.sf {
                    super::ScaleFactor::Ue4m3 => "ue4m3",
                    _ => "ue8m0",
                },
                match s.layout {
                    Layout::RowMajor => "RowMajor",
                    Layout::ColumnMajor => "ColumnMajor",
                },
                bits_name(s.c_bits)
            ),
            Fusion::PerColBias(t) => format!("per-col-bias-{t}"),
            Fusion::Evt(t) => t.to_string(),
        }
    }
}

/// An element written by its width in a `LinCombBlockScaleFactor` name.
fn bits_name(bits: u8) -> &'static str {
    match bits {
        0 => "void",
        4 => "e2m1",
        6 => "fp6",
        8 => "fp8",
        16 => "b16",
        _ => "f32",
    }
}

/// `LinCombBlockScaleFactor<V, ElementD, ElementCompute, ElementSF, Layout, ElementC>`.
fn block_scale_factor(s: &str) -> Result<BlockScaleFactorSpec, String> {
    let inner = s
        .trim()
        .strip_prefix("cutlass::epilogue::fusion::")
        .unwrap_or(s.trim())
        .strip_prefix("LinCombBlockScaleFactor<")
        .and_then(|r| r.strip_suffix('>'))
        .ok_or("expected LinCombBlockScaleFactor<SFVecSize, ElementD, ElementCompute, ElementSF, Layout, ElementC>")?;
    let args: Vec<&str> = inner.split(',').map(str::trim).collect();
    let [v, d, compute, sf, layout, c] = args.as_slice() else {
        return Err(format!("LinCombBlockScaleFactor takes 6 arguments, found {}", args.len()));
    };
    let bare = |t: &str| t.rsplit("::").next().unwrap_or(t).to_string();
    let vector: u8 = v.parse().ok().filter(|v| [16, 32, 64].contains(v)).ok_or("SFVecSize must be 16, 32 or 64")?;
    let width = |t: &str| -> Result<u8, String> {
        Ok(match bare(t).as_str() {
            "void" => 0,
            "e2m1" | "float_e2m1_t" => 4,
            "e2m3" | "e3m2" | "float_e2m3_t" | "float_e3m2_t" => 6,
            "e4m3" | "e5m2" | "float_e4m3_t" | "float_e5m2_t" => 8,
            "bf16" | "f16" | "bfloat16_t" | "half_t" => 16,
            "f32" | "float" => 32,
            other => return Err(format!("unknown element `{other}`")),
        })
    };
    if !matches!(bare(compute).as_str(), "f32" | "float") {
        return Err("ElementCompute must be f32 (float)".into());
    }
    let sf = match bare(sf).as_str() {
        "ue4m3" | "float_ue4m3_t" => super::ScaleFactor::Ue4m3,
        "ue8m0" | "float_ue8m0_t" => super::ScaleFactor::Ue8m0,
        other => return Err(format!("unknown scale-factor element `{other}`; expected ue4m3 or ue8m0")),
    };
    let layout = match bare(layout).as_str() {
        "RowMajor" => Layout::RowMajor,
        "ColumnMajor" => Layout::ColumnMajor,
        other => return Err(format!("unknown layout `{other}`; expected RowMajor or ColumnMajor")),
    };
    Ok(BlockScaleFactorSpec { vector, sf, layout, d_bits: width(d)?, c_bits: width(c)? })
}

impl FromStr for Fusion {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let expected = [
            "default",
            "linear-combination",
            "block-scale-factor",
            "per-col-bias-bf16",
            "per-col-bias-f16",
            "per-col-bias-f32",
            "LinCombBlockScaleFactor<...>",
            "Sm90EVT<...>",
        ];
        let t = s.trim();
        let head = t.strip_prefix("cutlass::epilogue::fusion::").unwrap_or(t);
        if head.starts_with("Sm90EVT<") || head.starts_with("Sm90TreeVisitor<") {
            return super::fusion::EvtTree::parse_fusion(t).map(Fusion::Evt);
        }
        if t.contains("LinCombBlockScaleFactor<") {
            return block_scale_factor(t)
                .map(Fusion::LinCombBlockScaleFactor)
                .map_err(|why| ParseError::malformed("fusion", s, why));
        }
        match t {
            "default" => Ok(Fusion::Default),
            "linear-combination" => Ok(Fusion::LinearCombination),
            "block-scale-factor" => Ok(Fusion::BlockScaleFactor),
            other => match other.strip_prefix("per-col-bias-").map(str::parse::<Output>) {
                Some(Ok(t)) => Ok(Fusion::PerColBias(t)),
                _ => Err(ParseError::new("fusion", s, expected)),
            },
        }
    }
}

/// Which SM120 mainloop builder the kernel is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// `OpClassBlockScaledTensorOp` (`sm120_blockscaled_mma_builder.inl`): NVFP4 / MXFP* operands.
    BlockScaled,
    /// `OpClassTensorOp` with per-block float scales (`sm120_blockwise_mma_builder.inl`, since 4.0.0):
    /// plain FP8 operands and `Sm120BlockwiseScaleConfig<gM, gN, gK>` layouts.
    Blockwise(Granularity),
    /// `OpClassTensorOp` without scales (`sm120_mma_builder.inl`): plain F8F6F4 operands.
    F8f6f4,
    /// A CuTe DSL kernel (FlashInfer b12x, FlashAttention-4): the configuration's `dsl` holds its
    /// release and shape; the CUTLASS fields are not read.
    Dsl(crate::dsl::DslFamily),
}

/// The scale-factor granularity of a blockwise-scaled GEMM, in elements: one float scale per
/// `m x k` block of A and `n x k` block of B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Granularity {
    pub m: u64,
    pub n: u64,
    pub k: u64,
}

impl Family {
    /// The name front ends read: `blockscaled`, `blockwise`, `f8f6f4`.
    pub const fn name(self) -> &'static str {
        match self {
            Family::BlockScaled => "blockscaled",
            Family::Blockwise(_) => "blockwise",
            Family::F8f6f4 => "f8f6f4",
            Family::Dsl(f) => f.name(),
        }
    }

    /// Every family name: the CUTLASS builder families, then the CuTe DSL families
    /// (`dsl::DslFamily::ALL`, in its order; a test keeps the two lists equal).
    pub const NAMES: [&'static str; 23] = [
        "blockscaled",
        "blockwise",
        "f8f6f4",
        "b12x-dense",
        "b12x-moe",
        "b12x-moe-static",
        "b12x-moe-micro",
        "b12x-moe-dynamic",
        "fa4-fwd-sm120",
        "fa4-bwd-sm120",
        "b12x-moe-fp8-gemm",
        "b12x-moe-fp8-fc1",
        "b12x-moe-fp8-fc1-q1",
        "b12x-moe-fp8-fc2",
        "b12x-moe-mxfp8-mxfp4-gemm",
        "b12x-moe-mxfp8-mxfp4-fc1",
        "b12x-moe-mxfp8-mxfp4-fc1-q1",
        "b12x-moe-mxfp8-mxfp4-fc2",
        "b12x-moe-w4a4-prep",
        "b12x-moe-w4a4-gemm1",
        "b12x-moe-w4a4-gemm2",
        "b12x-moe-w4a16",
        "b12x-moe-direct-micro",
    ];

    /// The CuTe DSL family, if this is one.
    pub const fn dsl(self) -> Option<crate::dsl::DslFamily> {
        match self {
            Family::Dsl(f) => Some(f),
            _ => None,
        }
    }
}

/// A CTA tile, in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    pub m: u64,
    pub n: u64,
    pub k: u64,
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}x{}", self.m, self.n, self.k)
    }
}

/// A static cluster shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cluster {
    pub m: u64,
    pub n: u64,
    pub k: u64,
}

impl Cluster {
    pub const ONE: Cluster = Cluster { m: 1, n: 1, k: 1 };
}

/// One GEMM kernel as the CUTLASS CollectiveBuilders would be asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KernelConfig {
    /// The architecture tag the kernel is built for (`arch::Sm120` serves sm120 and sm121).
    pub arch: Arch,
    pub cutlass: CutlassVersion,
    /// The mainloop builder family.
    pub family: Family,
    pub kind: KernelKind,
    pub a: Operand,
    pub b: Operand,
    pub layout_a: Layout,
    pub layout_b: Layout,
    pub c: Output,
    pub d: Output,
    /// `GmemLayoutTagC` of the epilogue builder (ignored when C is void: CUTLASS then uses D's).
    pub layout_c: Layout,
    /// `GmemLayoutTagD`: column-major D is what swap_ab kernels write.
    pub layout_d: Layout,
    pub fusion: Fusion,
    /// The epilogue builder's `EpilogueTileType`.
    pub epilogue_tile: EpilogueTile,
    /// The `TileShape_MNK` the epilogue builder is given, when it is not the mainloop's `tile`.
    pub epilogue_cta_tile: Option<Tile>,
    /// The `OpClass` the epilogue builder is given.
    pub epilogue_op_class: EpilogueOpClass,
    /// `GemmUniversal`'s `TileScheduler` (dense kernels).
    pub scheduler: TileScheduler,
    pub epilogue: Epilogue,
    pub tile: Tile,
    /// The warp tile `GemmShape<M, N, K>` of a CUTLASS 2.x kernel (SM80-SM89; required there, refused
    /// on the 3.x families, whose builders choose the warp layout).
    pub warp: Option<Tile>,
    pub cluster: Cluster,
    /// `cute::Shape<int, int, _1>`: a cluster chosen at run time (SM100). `cluster` is then unused.
    pub dynamic_cluster: bool,
    pub schedule: Schedule,
    /// The epilogue builder's schedule tag.
    pub epilogue_schedule: EpilogueSchedule,
    pub stages: StagePolicy,
    /// A CuTe DSL kernel's release and shape (`family` is `Family::Dsl`); `Dsl::NONE` otherwise.
    pub dsl: crate::dsl::Dsl,
}

impl KernelConfig {
    /// The SM120 block-scaled defaults the CUTLASS examples use: TN operands, row-major C/D,
    /// cluster 1x1x1, auto schedule, examples-style automatic stage count, latest CUTLASS.
    pub const fn sm120(kind: KernelKind, a: Operand, b: Operand, c: Output, d: Output, tile: Tile) -> Self {
        KernelConfig {
            arch: Arch::Sm120,
            cutlass: CutlassVersion::LATEST,
            family: Family::BlockScaled,
            kind,
            a,
            b,
            layout_a: Layout::RowMajor,
            layout_b: Layout::ColumnMajor,
            c,
            d,
            layout_c: Layout::RowMajor,
            layout_d: Layout::RowMajor,
            fusion: Fusion::Default,
            epilogue_tile: EpilogueTile::Auto,
            epilogue_cta_tile: None,
            epilogue_op_class: EpilogueOpClass::Auto,
            scheduler: TileScheduler::Auto,
            epilogue: Epilogue::Builder,
            tile,
            warp: None,
            cluster: Cluster::ONE,
            dynamic_cluster: false,
            schedule: Schedule::Auto,
            epilogue_schedule: EpilogueSchedule::Auto,
            stages: StagePolicy::Auto,
            dsl: crate::dsl::Dsl::NONE,
        }
    }

    /// A CuTe DSL kernel of `family`: its release and shape in `dsl`. The CUTLASS fields hold the
    /// SM120 defaults, unread (`a`, `b` and `d` are the DSL kernel's types where it takes them).
    pub const fn dsl(family: crate::dsl::DslFamily, dsl: crate::dsl::Dsl) -> Self {
        let (a, b) = family.default_operands();
        let mut cfg =
            KernelConfig::sm120(KernelKind::Dense, a, b, Output::Void, Output::Bf16, Tile { m: 0, n: 0, k: 0 });
        cfg.family = Family::Dsl(family);
        cfg.dsl = dsl;
        cfg
    }

    /// The CTA tile the epilogue collective is built for.
    pub fn epilogue_cta(&self) -> Tile {
        self.epilogue_cta_tile.unwrap_or(self.tile)
    }

    /// Columns of [`KernelConfig::epilogue_cta`]: what a row broadcast keeps in shared memory.
    pub fn epilogue_cta_n(&self) -> u64 {
        self.epilogue_cta().n
    }

    /// The fusion after the builder's defaulting.
    pub fn resolved_fusion(&self) -> Fusion {
        match (self.fusion, self.default_block_scale_factor()) {
            (Fusion::Default | Fusion::BlockScaleFactor, Some(spec)) => Fusion::LinCombBlockScaleFactor(spec),
            (Fusion::Default, None) => Fusion::LinearCombination,
            (f, _) => f,
        }
    }

    /// The `LinCombBlockScaleFactor` of a block-scaled D with its own scale factors (nvfp4: 16
    /// elements, ue4m3; MX: 32, ue8m0; row-major), `None` for a plain D.
    pub fn default_block_scale_factor(&self) -> Option<BlockScaleFactorSpec> {
        self.d.is_block_scaled().then(|| BlockScaleFactorSpec {
            vector: self.d.sf_vector() as u8,
            sf: if self.d.sf_vector() == 16 { super::ScaleFactor::Ue4m3 } else { super::ScaleFactor::Ue8m0 },
            layout: Layout::RowMajor,
            d_bits: self.d.bits() as u8,
            c_bits: self.c.bits() as u8,
        })
    }

    /// A short human name: `grouped nvfp4xnvfp4 bf16->bf16 128x256x128 auto stages=auto`.
    pub fn label(&self) -> String {
        let mut epi = match self.epilogue {
            Epilogue::Builder => String::new(),
            e => format!(" epilogue={}", e.name()),
        };
        if self.epilogue_schedule != EpilogueSchedule::Auto {
            epi = format!("{epi} epilogue_schedule={}", self.epilogue_schedule);
        }
        let family = match self.family {
            Family::BlockScaled => String::new(),
            Family::Blockwise(g) => format!("blockwise {}x{}x{} ", g.m, g.n, g.k),
            Family::F8f6f4 => "f8f6f4 ".into(),
            Family::Dsl(f) => return format!("{f} {}", self.dsl_label()),
        };
        let warp = self.warp.map(|w| format!(" warp {w}")).unwrap_or_default();
        format!(
            "{family}{} {}x{} {}->{} {}{warp} {} stages={}{epi}",
            self.kind.name(),
            self.a,
            self.b,
            self.c,
            self.d,
            self.tile,
            self.schedule.name(),
            self.stages
        )
    }
}

impl KernelConfig {
    /// The DSL part of [`KernelConfig::label`]: the release and every shape key written.
    fn dsl_label(&self) -> String {
        let d = &self.dsl;
        let mut parts: Vec<String> = Vec::new();
        if let Some(v) = d.flashinfer {
            parts.push(format!("flashinfer {v}"));
        }
        if let Some(v) = d.flash_attn {
            parts.push(format!("flash_attn {v}"));
        }
        for (key, v) in [
            ("hidden", d.hidden),
            ("intermediate", d.intermediate),
            ("experts", d.experts),
            ("top_k", d.top_k),
            ("tokens", d.tokens),
            ("m", d.m),
            ("n", d.n),
            ("k", d.k),
            ("head_dim", d.head_dim),
            ("head_dim_v", d.head_dim_v),
            ("sm_count", d.sm_count),
        ] {
            if let Some(v) = v {
                parts.push(format!("{key}={v}"));
            }
        }
        if let Some(a) = d.activation {
            parts.push(a.name().into());
        }
        if d.causal == Some(true) {
            parts.push("causal".into());
        }
        if let Some([m, n]) = d.tile {
            parts.push(format!("tile {m}x{n}"));
        }
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Family::NAMES` lists the CUTLASS families, then every DSL family in `DslFamily::ALL`'s order.
    #[test]
    fn family_names_list_every_dsl_family() {
        let dsl: Vec<&str> = crate::dsl::DslFamily::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(&Family::NAMES[3..], dsl.as_slice());
    }

    /// `from_str` tries a spelling as written before trimming it and cutting its namespace, which
    /// reads the same only while no spelling has a namespace or surrounding spaces.
    #[test]
    fn spellings_are_bare_names() {
        let spellings = Schedule::ALL.iter().flat_map(|s| s.spellings());
        for s in spellings.chain(EpilogueSchedule::ALL.iter().flat_map(|s| s.spellings())) {
            assert!(!s.contains("::") && s.trim() == *s && !s.is_empty(), "{s:?}");
        }
        assert_eq!(" cutlass::gemm::KernelTmaWarpSpecializedPingpong ".parse(), Ok(Schedule::Pingpong));
    }
}
