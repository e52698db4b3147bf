//! CuTe DSL kernels (Python, `nvidia-cutlass-dsl`): FlashInfer's SM120 "b12x" GEMM and fused-MoE
//! kernels and FlashAttention-4's SM120 attention kernels.
//!
//! A CuTe DSL kernel declares its shared memory as a `@cute.struct` and launches with exactly that
//! struct's `size_in_bytes()`. Each family here lays its struct out member by member as the kernel's
//! Python declares it ([`cute_struct`]), with the stage counts and tiles the kernel and its dispatch
//! compute, per release of the kernel's own package ([`release`]): the struct, not a formula.
//!
//! A configuration of a DSL family is a [`KernelConfig`] whose `family` is [`Family::Dsl`] and whose
//! [`Dsl`] holds the release and the shape in the user's words (a model's MoE shape and a token
//! count, a GEMM's M, N, K, an attention head dimension). The CUTLASS fields of the configuration
//! are not read.

pub mod b12x_dense;
pub mod b12x_moe_dynamic;
pub mod b12x_moe_fp8_mx;
pub mod b12x_moe_static;
pub mod b12x_moe_w4a16;
pub mod b12x_moe_w4a4;
pub mod cute_struct;
pub mod release;
pub mod smem_allocator;

use std::fmt;
use std::str::FromStr;

use crate::{ConfigField, Evaluation, Family, KernelConfig, ModelError, ParseError};
pub use release::{FlashAttnVersion, FlashinferVersion};

macro_rules! dsl_families {
    ($($(#[$meta:meta])* $variant:ident => $name:literal),+ $(,)?) => {
        /// A CuTe DSL kernel family: one kernel class (or, for [`DslFamily::B12xMoe`], the dispatch
        /// that picks one).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum DslFamily {
            $($(#[$meta])* $variant,)+
        }

        impl DslFamily {
            /// Every family, in the order front ends list them.
            pub const ALL: &'static [DslFamily] = &[$(DslFamily::$variant,)+];

            /// The name front ends read (`family = "b12x-moe-dynamic"`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(DslFamily::$variant => $name,)+
                }
            }
        }
    };
}

dsl_families! {
    /// FlashInfer's dense block-scaled GEMM (`gemm/kernels/dense_blockscaled_gemm_sm120_b12x.py`).
    B12xDense => "b12x-dense",
    /// FlashInfer's SM120 fused MoE as its dispatch runs it (`moe_dispatch.py`): the kernel and tile it
    /// picks for the shape and token count.
    B12xMoe => "b12x-moe",
    /// The static fused MoE kernel (`moe_static_kernel.py`, `MoEStaticKernel`).
    B12xMoeStatic => "b12x-moe-static",
    /// The micro fused MoE kernel for few tokens (`moe_micro_kernel.py`, `MoEMicroKernel`).
    B12xMoeMicro => "b12x-moe-micro",
    /// The dynamic fused MoE kernel (`moe_dynamic_kernel.py`, `MoEDynamicKernel`).
    B12xMoeDynamic => "b12x-moe-dynamic",
    /// FlashAttention-4's SM120 forward (`flash_attn/cute/flash_fwd_sm120.py`).
    Fa4FwdSm120 => "fa4-fwd-sm120",
    /// FlashAttention-4's SM120 backward (`flash_attn/cute/flash_bwd_sm120.py`).
    Fa4BwdSm120 => "fa4-bwd-sm120",
    /// FlashInfer's FP8 grouped MoE GEMM (`kernel_moe_fp8_gemm.py`, `cute_dsl_sm12x_moe_gemm_fp8`).
    B12xMoeFp8Gemm => "b12x-moe-fp8-gemm",
    /// The FP8 gated FC1 with a BF16 output (`kernel_moe_fp8_fc1_act.py`).
    B12xMoeFp8Fc1 => "b12x-moe-fp8-fc1",
    /// The FP8 gated FC1 with a quantized output (`kernel_moe_fp8_fc1_act_q1.py`): `SM12xFp8Runner`'s FC1.
    B12xMoeFp8Fc1Q1 => "b12x-moe-fp8-fc1-q1",
    /// The FP8 FC2 with the fused scatter (`kernel_moe_fp8_fc2_finalize.py`): `SM12xFp8Runner`'s FC2.
    B12xMoeFp8Fc2 => "b12x-moe-fp8-fc2",
    /// The MXFP8 x MXFP4 grouped MoE GEMM (`kernel_moe_mxfp8_mxfp4_gemm.py`).
    B12xMoeMxfp8Mxfp4Gemm => "b12x-moe-mxfp8-mxfp4-gemm",
    /// The MXFP8 x MXFP4 gated FC1, BF16 out (`kernel_moe_mxfp8_mxfp4_fc1_act.py`).
    B12xMoeMxfp8Mxfp4Fc1 => "b12x-moe-mxfp8-mxfp4-fc1",
    /// The MXFP8 x MXFP4 gated FC1, quantized out: `SM12xMxfp8Mxfp4Runner`'s FC1 (gpt-oss).
    B12xMoeMxfp8Mxfp4Fc1Q1 => "b12x-moe-mxfp8-mxfp4-fc1-q1",
    /// The MXFP8 x MXFP4 FC2 with the fused scatter: `SM12xMxfp8Mxfp4Runner`'s FC2.
    B12xMoeMxfp8Mxfp4Fc2 => "b12x-moe-mxfp8-mxfp4-fc2",
    /// The W4A4 MoE's routing and quantization kernel (`moe_nvfp4_w4a4.py`, `k_prep`).
    B12xMoeW4a4Prep => "b12x-moe-w4a4-prep",
    /// The W4A4 MoE's first GEMM (`gemm_kernel(...).kern` over K = hidden): `SM12xNvfp4Runner`.
    B12xMoeW4a4Gemm1 => "b12x-moe-w4a4-gemm1",
    /// The W4A4 MoE's second GEMM (K = intermediate).
    B12xMoeW4a4Gemm2 => "b12x-moe-w4a4-gemm2",
    /// The W4A16 MoE v3 (`moe_nvfp4_w4a16.py`, `run_moe_w4a16`): `SM12xNvfp4Bf16Runner`.
    B12xMoeW4a16 => "b12x-moe-w4a16",
    /// The direct micro fused MoE kernel for up to 8 tokens (`moe_direct_micro_kernel.py`,
    /// `MoEDirectMicroKernel`; dispatched from 0.6.17): static `alloc_smem` arrays, no struct.
    B12xMoeDirectMicro => "b12x-moe-direct-micro",
}

/// The package a family's kernels ship in, and so the key that names its release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Package {
    /// `flashinfer-python`: the `flashinfer` key.
    Flashinfer,
    /// `flash-attn-4`: the `flash_attn` key.
    FlashAttn,
}

impl DslFamily {
    pub const fn package(self) -> Package {
        match self {
            DslFamily::Fa4FwdSm120 | DslFamily::Fa4BwdSm120 => Package::FlashAttn,
            _ => Package::Flashinfer,
        }
    }

    /// The configuration keys this family reads, required ones first ([`DslFamily::required`]).
    pub const fn fields(self) -> &'static [ConfigField] {
        use ConfigField as F;
        match self {
            DslFamily::B12xDense => &[F::Flashinfer, F::M, F::N, F::K, F::Arch, F::SmCount, F::A, F::B, F::D, F::Tile],
            DslFamily::B12xMoe => &[
                F::Flashinfer,
                F::Hidden,
                F::Intermediate,
                F::Experts,
                F::TopK,
                F::Tokens,
                F::Arch,
                F::Activation,
                F::SmCount,
                F::A,
                F::B,
            ],
            DslFamily::B12xMoeStatic
            | DslFamily::B12xMoeMicro
            | DslFamily::B12xMoeDirectMicro
            | DslFamily::B12xMoeDynamic
            | DslFamily::B12xMoeFp8Fc1
            | DslFamily::B12xMoeFp8Fc1Q1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1 => &[
                F::Flashinfer,
                F::Hidden,
                F::Intermediate,
                F::Experts,
                F::TopK,
                F::Tokens,
                F::Arch,
                F::Activation,
                F::SmCount,
                F::A,
                F::B,
                F::Tile,
            ],
            DslFamily::Fa4FwdSm120 | DslFamily::Fa4BwdSm120 => {
                &[F::FlashAttn, F::HeadDim, F::Arch, F::HeadDimV, F::Causal, F::Dtype, F::Tile]
            }
            DslFamily::B12xMoeFp8Gemm | DslFamily::B12xMoeMxfp8Mxfp4Gemm => {
                &[F::Flashinfer, F::M, F::N, F::K, F::Experts, F::Arch, F::SmCount, F::A, F::B, F::Tile]
            }
            // FC2 takes no activation: its host function has none.
            DslFamily::B12xMoeFp8Fc2 | DslFamily::B12xMoeMxfp8Mxfp4Fc2 => &[
                F::Flashinfer,
                F::Hidden,
                F::Intermediate,
                F::Experts,
                F::TopK,
                F::Tokens,
                F::Arch,
                F::SmCount,
                F::A,
                F::B,
                F::Tile,
            ],
            // No SM count reaches their shared memory, and no tile is given.
            DslFamily::B12xMoeW4a4Prep
            | DslFamily::B12xMoeW4a4Gemm1
            | DslFamily::B12xMoeW4a4Gemm2
            | DslFamily::B12xMoeW4a16 => &[
                F::Flashinfer,
                F::Hidden,
                F::Intermediate,
                F::Experts,
                F::TopK,
                F::Tokens,
                F::Arch,
                F::Activation,
                F::A,
                F::B,
            ],
        }
    }

    /// The keys a configuration of this family must write: the release (the struct depends on it,
    /// and defaulting to the newest would hide the releases that fail) and the shape.
    pub const fn required(self) -> &'static [ConfigField] {
        let all = self.fields();
        let n = match self {
            DslFamily::B12xDense => 4,
            DslFamily::B12xMoe
            | DslFamily::B12xMoeStatic
            | DslFamily::B12xMoeMicro
            | DslFamily::B12xMoeDirectMicro
            | DslFamily::B12xMoeDynamic
            | DslFamily::B12xMoeFp8Fc1
            | DslFamily::B12xMoeFp8Fc1Q1
            | DslFamily::B12xMoeFp8Fc2
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc2
            | DslFamily::B12xMoeW4a4Prep
            | DslFamily::B12xMoeW4a4Gemm1
            | DslFamily::B12xMoeW4a4Gemm2
            | DslFamily::B12xMoeW4a16 => 6,
            DslFamily::Fa4FwdSm120 | DslFamily::Fa4BwdSm120 => 2,
            DslFamily::B12xMoeFp8Gemm | DslFamily::B12xMoeMxfp8Mxfp4Gemm => 5,
        };
        all.split_at(n).0
    }

    /// Whether this family reads `field`.
    pub fn takes(self, field: ConfigField) -> bool {
        self.fields().contains(&field)
    }

    /// The `a` and `b` a configuration has when it writes neither: the formats the family's kernels
    /// take (NVFP4 where a family takes several).
    pub const fn default_operands(self) -> (crate::Operand, crate::Operand) {
        use crate::Operand as O;
        match self {
            DslFamily::B12xMoeFp8Gemm
            | DslFamily::B12xMoeFp8Fc1
            | DslFamily::B12xMoeFp8Fc1Q1
            | DslFamily::B12xMoeFp8Fc2 => (O::E4m3, O::E4m3),
            DslFamily::B12xMoeMxfp8Mxfp4Gemm
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc2 => (O::Mxfp8E4m3, O::Mxfp4),
            DslFamily::B12xMoeW4a16 => (O::Bf16, O::Nvfp4),
            _ => (O::Nvfp4, O::Nvfp4),
        }
    }
}

impl FromStr for DslFamily {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|f| f.name() == s)
            .ok_or_else(|| ParseError::new("CuTe DSL family", s, Self::ALL.iter().map(|f| f.name())))
    }
}

impl fmt::Display for DslFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A fused MoE's activation: gated SiLU (SwiGLU: the W13 weight holds gate and up) or ReLU²
/// (`relu2`, not gated: W1 holds one projection); from flashinfer 0.6.15 also the gated
/// `gelu_tanh` and `swigluoai_uninterleave` (`SUPPORTED_MOE_ACTIVATIONS` from 0.6.17); and the gated
/// SiTU (`situ`, `ActivationType.Situ`) of the SM12x FP8 and MXFP8 x MXFP4 FC1 kernels (0.7.1 on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Activation {
    Silu,
    Relu2,
    GeluTanh,
    SwigluoaiUninterleave,
    Situ,
}

impl Activation {
    pub const ALL: [Activation; 5] = [
        Activation::Silu,
        Activation::Relu2,
        Activation::GeluTanh,
        Activation::SwigluoaiUninterleave,
        Activation::Situ,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Activation::Silu => "silu",
            Activation::Relu2 => "relu2",
            Activation::GeluTanh => "gelu_tanh",
            Activation::SwigluoaiUninterleave => "swigluoai_uninterleave",
            Activation::Situ => "situ",
        }
    }
    /// FlashInfer's `is_gated_activation` from 0.6.15 (before it only `silu` is gated, and the
    /// kernels refuse the two later names: each family reads its release's rule).
    pub const fn gated(self) -> bool {
        matches!(self, Activation::Silu | Activation::GeluTanh | Activation::SwigluoaiUninterleave | Activation::Situ)
    }
}

impl FromStr for Activation {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|a| a.name() == s)
            .ok_or_else(|| ParseError::new("activation", s, Self::ALL.iter().map(|a| a.name())))
    }
}

/// An attention kernel's element type (`torch.bfloat16`, `torch.float16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttnDtype {
    Bf16,
    F16,
}

impl AttnDtype {
    pub const ALL: [AttnDtype; 2] = [AttnDtype::Bf16, AttnDtype::F16];
    pub const fn name(self) -> &'static str {
        match self {
            AttnDtype::Bf16 => "bf16",
            AttnDtype::F16 => "f16",
        }
    }
}

impl FromStr for AttnDtype {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|a| a.name() == s)
            .ok_or_else(|| ParseError::new("attention dtype", s, Self::ALL.iter().map(|a| a.name())))
    }
}

/// The RTX PRO 6000's 188 SMs: the SM count FlashInfer's tile selectors read when none is given.
pub const DEFAULT_SM_COUNT: u64 = 188;

/// A DSL kernel's release and shape, in the user's words; `None` where the configuration does not
/// write the key (the family's default applies, or the key is not the family's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dsl {
    pub flashinfer: Option<FlashinferVersion>,
    pub flash_attn: Option<FlashAttnVersion>,
    /// MoE: the model's hidden size (the GEMMs' K of W13, N of W2).
    pub hidden: Option<u64>,
    /// MoE: the expert intermediate size per tensor-parallel rank.
    pub intermediate: Option<u64>,
    pub experts: Option<u64>,
    pub top_k: Option<u64>,
    /// MoE: the tokens of one forward step (routed rows are tokens x top_k).
    pub tokens: Option<u64>,
    pub activation: Option<Activation>,
    /// The SM count the tile selectors read (`get_num_sm()`): 188 (RTX PRO 6000) by default.
    pub sm_count: Option<u64>,
    /// Dense GEMM: M (tokens), N, K.
    pub m: Option<u64>,
    pub n: Option<u64>,
    pub k: Option<u64>,
    /// Attention: the head dimension of Q/K, and of V (`head_dim` when not given).
    pub head_dim: Option<u64>,
    pub head_dim_v: Option<u64>,
    pub causal: Option<bool>,
    /// Attention: the element type of Q, K, V and O.
    pub dtype: Option<AttnDtype>,
    /// A tile `[m, n]` in place of the one the dispatch picks.
    pub tile: Option<[u64; 2]>,
}

impl Dsl {
    /// No DSL kernel: what a CUTLASS configuration carries.
    pub const NONE: Dsl = Dsl {
        flashinfer: None,
        flash_attn: None,
        hidden: None,
        intermediate: None,
        experts: None,
        top_k: None,
        tokens: None,
        activation: None,
        sm_count: None,
        m: None,
        n: None,
        k: None,
        head_dim: None,
        head_dim_v: None,
        causal: None,
        dtype: None,
        tile: None,
    };

    /// Whether `field` is written.
    pub const fn has(&self, field: ConfigField) -> bool {
        use ConfigField as F;
        match field {
            F::Flashinfer => self.flashinfer.is_some(),
            F::FlashAttn => self.flash_attn.is_some(),
            F::Hidden => self.hidden.is_some(),
            F::Intermediate => self.intermediate.is_some(),
            F::Experts => self.experts.is_some(),
            F::TopK => self.top_k.is_some(),
            F::Tokens => self.tokens.is_some(),
            F::Activation => self.activation.is_some(),
            F::SmCount => self.sm_count.is_some(),
            F::M => self.m.is_some(),
            F::N => self.n.is_some(),
            F::K => self.k.is_some(),
            F::HeadDim => self.head_dim.is_some(),
            F::HeadDimV => self.head_dim_v.is_some(),
            F::Causal => self.causal.is_some(),
            F::Dtype => self.dtype.is_some(),
            F::Tile => self.tile.is_some(),
            _ => false,
        }
    }
}

/// What a DSL footprint says beyond its sizes: the kernel and tile the dispatch chose, and the
/// kernel's own estimate of its shared memory where it has one (where the two differ is the bug a
/// user needs to see).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DslFacts {
    pub family: DslFamily,
    /// The Python class that allocates the struct: `MoEDynamicKernel`.
    pub kernel_class: &'static str,
    /// The `@cute.struct` it allocates: `StorageGated`.
    pub storage: &'static str,
    /// The tile `[m, n]` it runs.
    pub tile: [u64; 2],
    /// Where the tile came from: the dispatch function that chose it, or `tile` as given.
    pub tile_from: &'static str,
    pub own_estimate: Option<OwnEstimate>,
    /// Other stage counts the kernel chose, by the attribute names of its Python (`epi_stage`).
    pub other_stages: Vec<(&'static str, u64)>,
}

/// A kernel's own reckoning of its shared memory (a `_compute_stages` budget, `can_implement`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnEstimate {
    pub bytes: u64,
    /// The function that reckons it: `MoEDynamicKernel._compute_stages`.
    pub by: &'static str,
    /// The struct members it leaves out.
    pub leaves_out: Vec<&'static str>,
}

/// The largest value any shape key takes: far above every real model (hidden sizes are a few
/// thousand, token counts a few hundred thousand), and small enough that no product overflows.
pub const MAX_SHAPE: u64 = 1 << 24;

/// Every written shape key in `1..=MAX_SHAPE` (an input error otherwise, as CUTLASS tile extents).
fn check_bounds(d: &Dsl) -> Result<(), ModelError> {
    use ConfigField as F;
    for (v, field) in [
        (d.hidden, F::Hidden),
        (d.intermediate, F::Intermediate),
        (d.experts, F::Experts),
        (d.top_k, F::TopK),
        (d.tokens, F::Tokens),
        (d.sm_count, F::SmCount),
        (d.m, F::M),
        (d.n, F::N),
        (d.k, F::K),
        (d.head_dim, F::HeadDim),
        (d.head_dim_v, F::HeadDimV),
    ] {
        if let Some(v) = v {
            if v == 0 || v > MAX_SHAPE {
                return Err(ModelError::out_of_bounds(
                    field,
                    format!("`{}` = {v} is outside 1..={MAX_SHAPE}", field.key()),
                    "give the shape in elements, tokens or SMs",
                ));
            }
        }
    }
    if let Some([m, n]) = d.tile {
        if m == 0 || n == 0 || m > crate::MAX_EXTENT || n > crate::MAX_EXTENT {
            return Err(ModelError::out_of_bounds(
                F::Tile,
                format!("tile [{m}, {n}] has an extent outside 1..={}", crate::MAX_EXTENT),
                "a DSL tile is [m, n], a few dozen to a few hundred elements each",
            ));
        }
    }
    Ok(())
}

/// The tiles `[m, n]` a configuration's family accepts in place of the dispatch's, largest first:
/// what a suggestion may propose (each is evaluated before it is).
pub fn candidate_tiles(cfg: &KernelConfig) -> Vec<[u64; 2]> {
    match cfg.family {
        Family::Dsl(DslFamily::B12xDense) => b12x_dense::candidate_tiles(cfg),
        Family::Dsl(DslFamily::B12xMoeDynamic) => b12x_moe_dynamic::candidate_tiles(cfg),
        Family::Dsl(
            f @ (DslFamily::B12xMoeFp8Gemm
            | DslFamily::B12xMoeFp8Fc1
            | DslFamily::B12xMoeFp8Fc1Q1
            | DslFamily::B12xMoeFp8Fc2
            | DslFamily::B12xMoeMxfp8Mxfp4Gemm
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1
            | DslFamily::B12xMoeMxfp8Mxfp4Fc2),
        ) => b12x_moe_fp8_mx::candidate_tiles(f),
        _ => Vec::new(),
    }
}

/// Evaluate a DSL configuration (`cfg.family` is `Family::Dsl(family)`).
pub(crate) fn evaluate(cfg: &KernelConfig, family: DslFamily, keep_members: bool) -> Result<Evaluation, ModelError> {
    debug_assert_eq!(cfg.family, Family::Dsl(family));
    check_bounds(&cfg.dsl)?;
    if !matches!(cfg.arch, crate::Arch::Sm120 | crate::Arch::Sm121) {
        return Err(ModelError::new(
            ConfigField::Arch,
            format!("the {family} kernels are SM120/SM121 kernels, not {}", cfg.arch),
            "set arch to sm120 or sm121",
        ));
    }
    // SiTU is an `ActivationType` of the 0.7.1 FP8 and MXFP8 x MXFP4 hosts, not one of the dispatch's
    // activation names: the moe_dispatch families are not modelled for it.
    if cfg.dsl.activation == Some(Activation::Situ)
        && matches!(
            family,
            DslFamily::B12xMoe | DslFamily::B12xMoeStatic | DslFamily::B12xMoeMicro | DslFamily::B12xMoeDynamic
        )
    {
        return Err(ModelError::new(
            ConfigField::Activation,
            format!("activation situ is not one of moe_dispatch's activations; the {family} kernels are not modelled for it"),
            "situ is the SM12x FP8 and MXFP8 x MXFP4 FC1 kernels' (b12x-moe-fp8-fc1, ...); use silu or relu2 here",
        ));
    }
    match family {
        DslFamily::B12xDense => b12x_dense::evaluate(cfg, keep_members),
        DslFamily::B12xMoeStatic => b12x_moe_static::evaluate(cfg, keep_members),
        DslFamily::B12xMoeDynamic => b12x_moe_dynamic::evaluate(cfg, keep_members),
        DslFamily::B12xMoeFp8Gemm
        | DslFamily::B12xMoeFp8Fc1
        | DslFamily::B12xMoeFp8Fc1Q1
        | DslFamily::B12xMoeFp8Fc2
        | DslFamily::B12xMoeMxfp8Mxfp4Gemm
        | DslFamily::B12xMoeMxfp8Mxfp4Fc1
        | DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1
        | DslFamily::B12xMoeMxfp8Mxfp4Fc2 => b12x_moe_fp8_mx::evaluate(cfg, family, keep_members),
        DslFamily::B12xMoeW4a4Prep | DslFamily::B12xMoeW4a4Gemm1 | DslFamily::B12xMoeW4a4Gemm2 => {
            b12x_moe_w4a4::evaluate(cfg, family, keep_members)
        }
        DslFamily::B12xMoeW4a16 => b12x_moe_w4a16::evaluate(cfg, keep_members),
        other => Err(ModelError::new(
            ConfigField::Family,
            format!("the {other} family is not modelled yet"),
            "the CuTe DSL families are being modelled",
        )),
    }
}
