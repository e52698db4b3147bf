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
}

impl KernelKind {
    pub const ALL: [KernelKind; 2] = [KernelKind::Dense, KernelKind::Grouped];
    pub const fn name(self) -> &'static str {
        match self {
            KernelKind::Dense => "dense",
            KernelKind::Grouped => "grouped",
        }
    }
}

/// The kernel schedule tag given to the mainloop builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// `KernelScheduleAuto` (SM120 picks cooperative).
    Auto,
    /// `KernelTmaWarpSpecializedCooperative` / `KernelPtrArrayTmaWarpSpecializedCooperative`.
    Cooperative,
    /// `KernelTmaWarpSpecializedPingpong` / `KernelPtrArrayTmaWarpSpecializedPingpong`.
    Pingpong,
}

impl Schedule {
    pub const ALL: [Schedule; 3] = [Schedule::Auto, Schedule::Cooperative, Schedule::Pingpong];
    pub const fn name(self) -> &'static str {
        match self {
            Schedule::Auto => "auto",
            Schedule::Cooperative => "cooperative",
            Schedule::Pingpong => "pingpong",
        }
    }

    /// The schedule the kernel actually runs (`Auto` resolves to cooperative on SM120).
    pub const fn resolved_is_pingpong(self) -> bool {
        matches!(self, Schedule::Pingpong)
    }

    /// The C++ tag, per kernel kind.
    pub const fn cutlass_tag(self, kind: KernelKind) -> &'static str {
        match (self, kind) {
            (Schedule::Auto, _) => "cutlass::gemm::collective::KernelScheduleAuto",
            (Schedule::Cooperative, KernelKind::Dense) => "cutlass::gemm::KernelTmaWarpSpecializedCooperative",
            (Schedule::Pingpong, KernelKind::Dense) => "cutlass::gemm::KernelTmaWarpSpecializedPingpong",
            (Schedule::Cooperative, KernelKind::Grouped) => {
                "cutlass::gemm::KernelPtrArrayTmaWarpSpecializedCooperative"
            }
            (Schedule::Pingpong, KernelKind::Grouped) => "cutlass::gemm::KernelPtrArrayTmaWarpSpecializedPingpong",
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
    /// `auto`, `auto0`, `auto-epi`, `auto-carveout-N` or an integer.
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
                } else {
                    t.parse().map(StagePolicy::Fixed).map_err(|_| ParseError::new("stage policy", s, expected))
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

impl FromStr for KernelKind {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == s.trim())
            .ok_or_else(|| ParseError::new("kernel kind", s, Self::ALL.map(Self::name)))
    }
}

impl FromStr for Schedule {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == s.trim())
            .ok_or_else(|| ParseError::new("schedule", s, Self::ALL.map(Self::name)))
    }
}

/// The epilogue's fusion (the `FusionCallbacks` of the epilogue builder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fusion {
    /// The builder's default for the output type: `LinearCombination`, or
    /// `LinCombBlockScaleFactor<16, e2m1, float, ue4m3, RowMajor, C>` when D is nvfp4.
    Default,
    /// `LinearCombination` (alpha * acc + beta * C).
    LinearCombination,
    /// `LinCombBlockScaleFactor<16, ...>` with a row-major scale-factor output (FP4 D).
    BlockScaleFactor,
    /// `LinCombPerColBias` (`Sm90RowBroadcast` of a per-column bias of the given type).
    PerColBias(Output),
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
    /// The name the front ends read: `default`, `linear-combination`, `block-scale-factor`, `per-col-bias-<type>`.
    pub fn name(self) -> String {
        match self {
            Fusion::Default => "default".into(),
            Fusion::LinearCombination => "linear-combination".into(),
            Fusion::BlockScaleFactor => "block-scale-factor".into(),
            Fusion::PerColBias(t) => format!("per-col-bias-{t}"),
        }
    }
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
        ];
        match s.trim() {
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
#[non_exhaustive]
pub enum Family {
    /// `OpClassBlockScaledTensorOp` (`sm120_blockscaled_mma_builder.inl`): NVFP4 / MXFP* operands.
    BlockScaled,
    /// `OpClassTensorOp` with per-block float scales (`sm120_blockwise_mma_builder.inl`, since 4.0.0):
    /// plain FP8 operands and `Sm120BlockwiseScaleConfig<gM, gN, gK>` layouts.
    Blockwise(Granularity),
    /// `OpClassTensorOp` without scales (`sm120_mma_builder.inl`): plain F8F6F4 operands.
    F8f6f4,
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
        }
    }

    pub const NAMES: [&'static str; 3] = ["blockscaled", "blockwise", "f8f6f4"];
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
    pub layout_cd: Layout,
    pub fusion: Fusion,
    pub epilogue: Epilogue,
    pub tile: Tile,
    pub cluster: Cluster,
    pub schedule: Schedule,
    pub stages: StagePolicy,
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
            layout_cd: Layout::RowMajor,
            fusion: Fusion::Default,
            epilogue: Epilogue::Builder,
            tile,
            cluster: Cluster::ONE,
            schedule: Schedule::Auto,
            stages: StagePolicy::Auto,
        }
    }

    /// The fusion after the builder's defaulting.
    pub fn resolved_fusion(&self) -> Fusion {
        match self.fusion {
            Fusion::Default if self.d == Output::Nvfp4 => Fusion::BlockScaleFactor,
            Fusion::Default => Fusion::LinearCombination,
            f => f,
        }
    }

    /// A short human name: `grouped nvfp4xnvfp4 bf16->bf16 128x256x128 auto stages=auto`.
    pub fn label(&self) -> String {
        let epi = match self.epilogue {
            Epilogue::Builder => String::new(),
            e => format!(" epilogue={}", e.name()),
        };
        let family = match self.family {
            Family::BlockScaled => String::new(),
            Family::Blockwise(g) => format!("blockwise {}x{}x{} ", g.m, g.n, g.k),
            Family::F8f6f4 => "f8f6f4 ".into(),
        };
        format!(
            "{family}{} {}x{} {}->{} {} {} stages={}{epi}",
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
