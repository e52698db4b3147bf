//! FlashInfer's SM120 grouped MoE GEMMs of 0.7.1 on, FP8 (DeepSeek-style block FP8: E4M3 with FP32
//! 1x128 / 128x128 scales) and MXFP8 x MXFP4 (E4M3 activations x E2M1 weights, UE8M0 scales), each
//! as a plain grouped GEMM, a gated FC1 with a BF16 activation output, the runners' FC1 with a
//! quantized output (`fc1-q1`) and the runners' FC2 with the router-weighted scatter (`fc2`):
//! `b12x-moe-{fp8,mxfp8-mxfp4}-{gemm,fc1,fc1-q1,fc2}`
//! (`flashinfer/fused_moe/cute_dsl/blackwell_sm12x/`).
//!
//! Mirrors, with the source's names:
//! - the host files `moe_{fp8,mxfp8_mxfp4}_{gemm,fc1_act,fc1_act_q1,fc2_finalize}.py`: `select_tile`
//!   (MOE_AUTOTUNE unset, as the runners call them), the Op classes' `TILES`, `ACTIVATIONS`,
//!   `epi_tactics`, `can_implement`, `is_constructible`, `resolve_stage(_store)` and the TypeError
//!   each constructor raises;
//! - the kernel files' `make_cfg` and the kernels' `__init__` asserts and `@cute.struct SharedStorage`;
//! - `_moe_utils/`: `Sm12xGemmConfig` (its `smem_bytes`, the kernel's own estimate, and
//!   `max_ab_stage`), `MmaConfig`, `LoadABConfig`, the `EpiConfig` classes (`moe_epilogue.py`), the
//!   scale layouts `Sm120SfConfigFp8` / `Sm120SfConfigMxfp8Mxfp4` (`sm12x_blockscaled_layout.py`) and
//!   `select_plain_bm_64_or_128` (`heuristic.py`);
//! - the DSL's `hopper_helpers.get_smem_layout_atom`, `warpgroup.make_smem_layout_atom` and
//!   `cute.tile_to_shape` (compact atoms tiled without gaps: the cosize is the shape's product).
//!
//! M, N and K are symbolic in the kernels: they change the struct only through the tile and the
//! checks. The launch passes no `smem=`: the kernel allocates `SharedStorage` and launches with its
//! `size_in_bytes()`. Measured on a CPU with the DSL: every row of docs/dsl.md agrees.

use super::cute_struct::CuteStruct;
use super::{Activation, DslFacts, DslFamily, FlashinferVersion as V, OwnEstimate};
use crate::layout::{PerStage, Role};
use crate::{ConfigField, Evaluation, Footprint, KernelConfig, ModelError, Operand, Rejection, StageChoice};

/// `SmemAllocator.capacity_in_bytes()` on sm_120 / sm_121: `(100 - 1) * 1024`.
pub const SMEM_CAPACITY: u64 = 101_376;
/// `Sm12xGemmConfig.MBAR_RESERVE`: what `max_ab_stage` keeps back for the barriers and padding.
pub const MBAR_RESERVE: u64 = 1024;
/// `Sm12xGemmConfig.MAX_AB_STAGE`.
const MAX_AB_STAGE: u64 = 4;
/// The kernels' tile K (`GRAN_K` of FP8, `GRANK_B * PACK_NSF` of MXFP8 x MXFP4).
const BK: u64 = 128;
/// `num_math_warps` of every `make_cfg`.
const NUM_MATH_WARPS: u64 = 8;
/// `ATOM_MNK`: the warp MMA's M (below it a tile runs swapped) and N.
const ATOM_M: u64 = 16;
const ATOM_N: u64 = 8;
/// `MoeSchedStages` and `MoeWorkTile.FIELDS` (`moe_scheduler.py`).
const SCHED_STAGES: u64 = 2;
const WORK_FIELDS: u64 = 6;
/// `PLAIN_TILE_OVERHEAD` (`heuristic.py`).
const PLAIN_TILE_OVERHEAD: u128 = 48;

/// What a release changes on this path, one fact per source change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// 0.7.4, the four `kernel_moe_mxfp8_mxfp4_*.py` `__call__`: `m_padded_sf` counts the packed
    /// global SFA extent in the TMA operand's element units (`cute.recast_tensor(gSFA_u8, sf_dtype)`);
    /// and the hosts' compile-cache key gains `scale_dtypes`. Global memory and caching only: no
    /// struct, stage or tile changes (the measured rows are identical in every release).
    pub mx_sf_extent_in_tma_units: bool,
}

/// The facts of a release, `None` for one that ships none of these kernels (they ship from 0.7.1;
/// every FP8 file is identical in 0.7.1-0.7.4).
pub const fn facts(v: V) -> Option<Facts> {
    match v {
        V::V0_6_9
        | V::V0_6_10
        | V::V0_6_10Post1
        | V::V0_6_11
        | V::V0_6_11Post1
        | V::V0_6_11Post2
        | V::V0_6_11Post3
        | V::V0_6_12
        | V::V0_6_13
        | V::V0_6_14
        | V::V0_6_15
        | V::V0_6_15Post1
        | V::V0_6_16
        | V::V0_6_16Post1
        | V::V0_6_16Post2
        | V::V0_6_16Post3
        | V::V0_6_16Post4
        | V::V0_6_17
        | V::V0_6_18
        | V::V0_6_18Post1
        | V::V0_7_0
        | V::V0_7_0Post1 => None,
        // 0.7.2 adds ActivationType.ClampedRelu2 and 0.7.2.post1 the runners' `_validate_pack_contract`:
        // neither reaches these kernels (Swiglu = 3, Relu2 = 6, Situ = 10 keep their values).
        V::V0_7_1 | V::V0_7_2 | V::V0_7_2Post1 => Some(Facts { mx_sf_extent_in_tma_units: false }),
        V::V0_7_4 => Some(Facts { mx_sf_extent_in_tma_units: true }),
    }
}

/// The operand format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Fp8,
    Mx,
}

/// Which host function and kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `cute_dsl_sm12x_moe_gemm_*`: a plain grouped GEMM, BF16 out.
    Gemm,
    /// `cute_dsl_sm12x_fc1_act_*`: gated (up and gate), activation, BF16 out.
    Fc1,
    /// `cute_dsl_sm12x_fc1_act_q1_*`: gated, activation, quantized E4M3 out (the runners' FC1).
    Fc1Q1,
    /// `cute_dsl_sm12x_fc2_finalize_*`: router-weighted scatter into the tokens (the runners' FC2).
    Fc2,
}

impl Kind {
    const fn gated(self) -> bool {
        matches!(self, Kind::Fc1 | Kind::Fc1Q1)
    }
}

/// The names the source gives a family's Op and kernel, and its refusal.
struct Names {
    op: &'static str,
    kernel: &'static str,
    /// The static start of the Op's TypeError.
    unsupported: &'static str,
    by: &'static str,
}

const fn names(format: Format, kind: Kind) -> Names {
    macro_rules! n {
        ($op:literal, $kernel:literal) => {
            Names {
                op: $op,
                kernel: $kernel,
                unsupported: concat!($op, ": unsupported"),
                by: concat!($op, ".__init__: TypeError"),
            }
        };
    }
    match (format, kind) {
        (Format::Fp8, Kind::Gemm) => n!("CuteDslSm120GroupedFp8Op", "CuteDslSm120MoeFp8Grouped"),
        (Format::Fp8, Kind::Fc1) => n!("CuteDslSm120GroupedFp8Fc1ActOp", "CuteDslSm120MoeFp8Fc1Act"),
        (Format::Fp8, Kind::Fc1Q1) => n!("CuteDslSm120GroupedFp8Fc1ActQ1Op", "CuteDslSm120MoeFp8Fc1ActQ1"),
        (Format::Fp8, Kind::Fc2) => n!("CuteDslSm120GroupedFp8Fc2FinalizeOp", "CuteDslSm120MoeFp8Fc2Finalize"),
        (Format::Mx, Kind::Gemm) => n!("CuteDslSm120GroupedMxfp8Mxfp4Op", "CuteDslSm120MoeMxfp8Mxfp4Grouped"),
        (Format::Mx, Kind::Fc1) => n!("CuteDslSm120GroupedMxfp8Mxfp4Fc1ActOp", "CuteDslSm120MoeMxfp8Mxfp4Fc1Act"),
        (Format::Mx, Kind::Fc1Q1) => {
            n!("CuteDslSm120GroupedMxfp8Mxfp4Fc1ActQ1Op", "CuteDslSm120MoeMxfp8Mxfp4Fc1ActQ1")
        }
        (Format::Mx, Kind::Fc2) => {
            n!("CuteDslSm120GroupedMxfp8Mxfp4Fc2FinalizeOp", "CuteDslSm120MoeMxfp8Mxfp4Fc2Finalize")
        }
    }
}

macro_rules! epi_methods {
    ($($variant:ident => $name:literal),+ $(,)?) => {
        /// `EpiMethod` (`moe_epilogue.py`): how the epilogue stores the tile.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Epi {
            $($variant,)+
        }

        impl Epi {
            /// The member name (`EpiMethod.R2G_WG` prints as `EpiMethod.R2G_WG`).
            const fn name(self) -> &'static str {
                match self {
                    $(Epi::$variant => $name,)+
                }
            }

            /// Where the tile came from and the epilogue it runs, for the report.
            const fn tile_from(self, given: bool) -> &'static str {
                match (given, self) {
                    $(
                        (false, Epi::$variant) => concat!("the host's select_tile; epilogue ", $name),
                        (true, Epi::$variant) => concat!("tile as given; epilogue ", $name),
                    )+
                }
            }
        }
    };
}

epi_methods! {
    R2gWg => "R2G_WG",
    StagedR2g => "STAGED_R2G",
    DirectStg => "DIRECT_STG",
    WgS2rQuant => "WG_S2R_QUANT",
    WgQuantR2s => "WG_QUANT_R2S",
    WgQuantSwap => "WG_QUANT_SWAP",
    WgScatter => "WG_SCATTER",
}

/// What a `make_cfg`, a kernel `__init__` or a stage search raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fail {
    /// An `assert` (AssertionError).
    Assertion,
    /// `SmemUnionTooSmall` (an AssertionError that `max_ab_stage` skips).
    UnionTooSmall,
    /// A ValueError (`max_ab_stage`: no stage fits).
    Value,
    /// `tile_to_shape` of a shape that is not a whole number of atoms.
    TileToShape,
    /// What no `except` catches (a `REG_PROD_BY_TACTIC` KeyError, a division by zero): unreachable
    /// for the tiles and epilogues the hosts accept, and refused as not modelled if it were reached.
    Uncaught(&'static str),
}

/// The output element of every EpiConfig here (`BFloat16`).
const OUT_BITS: u64 = 16;

impl Epi {
    /// `DRAINS_SC_IN_WG`: the `WgEpiConfig` subclasses but `WgQuantSwapEpiConfig`.
    const fn drains_sc_in_wg(self) -> bool {
        matches!(self, Epi::R2gWg | Epi::WgS2rQuant | Epi::WgQuantR2s | Epi::WgScatter)
    }
    const fn has_store_warp(self) -> bool {
        matches!(self, Epi::StagedR2g)
    }
    const fn epi_stages(self) -> u64 {
        match self {
            Epi::StagedR2g => 2,
            _ => 1,
        }
    }
    /// `STORE_BITS` (`None` for the quantizing epilogues, which override R2G_WG's 128).
    const fn store_bits(self) -> Option<u64> {
        match self {
            Epi::R2gWg | Epi::StagedR2g | Epi::WgScatter => Some(128),
            _ => None,
        }
    }
    fn supports_tile(self, tile: [u64; 3]) -> bool {
        match self {
            Epi::StagedR2g => matches!(tile[0], 64 | 128) && matches!(tile[1], 64 | 128),
            _ => true,
        }
    }
    /// `EpiConfig.can_implement(tile, output_n, element_bits)`.
    fn can_implement(self, tile: [u64; 3], output_n: u64, element_bits: u64) -> bool {
        self.supports_tile(tile) && self.store_bits().is_none_or(|s| (output_n * element_bits).is_multiple_of(s))
    }
    const fn epi_tile(self, tile: [u64; 3]) -> (u64, u64) {
        match self {
            Epi::StagedR2g => (64, 32),
            _ => (tile[0], tile[1]),
        }
    }
    /// `smem_bytes(tile)`: `epi_m * epi_n * epi_stages * out_width / 8` (DIRECT_STG: none).
    const fn smem_bytes(self, tile: [u64; 3]) -> u64 {
        if let Epi::DirectStg = self {
            0
        } else {
            let (m, n) = self.epi_tile(tile);
            m * n * self.epi_stages() * OUT_BITS / 8
        }
    }
    /// `aux_smem_bytes(tile)`: the scatter's token index and router weight per row.
    const fn aux_smem_bytes(self, tile: [u64; 3]) -> u64 {
        match self {
            Epi::WgScatter => tile[0] * (32 + 32) / 8,
            _ => 0,
        }
    }
    const fn num_full_barriers(self) -> u64 {
        if self.has_store_warp() {
            self.epi_stages()
        } else {
            0
        }
    }
    const fn num_empty_barriers(self) -> u64 {
        match self {
            Epi::DirectStg | Epi::WgQuantSwap => 0,
            _ => self.epi_stages(),
        }
    }
    /// `QUANT_AT is QuantPoint.BEFORE_R2S`.
    const fn quant_before_r2s(self) -> bool {
        matches!(self, Epi::WgQuantR2s)
    }
    /// `cosize_smem_layout(tile)`: `R2GWgEpiConfig` (and its subclasses) tile a 16-bit
    /// `(8,(8,8)):(8,(1,64))` atom; the others tile `make_smem_layout_atom(smem_layout_atom_kind)`.
    fn cosize_smem_layout(self, tile: [u64; 3]) -> Result<u64, Fail> {
        let (m, n) = self.epi_tile(tile);
        let shape = [m, n, self.epi_stages()];
        let atom = match self {
            Epi::R2gWg | Epi::WgS2rQuant | Epi::WgScatter => (8, 64),
            // "K_SW64"
            Epi::StagedR2g => smem_layout_atom(Major::K, OUT_BITS, 512),
            Epi::WgQuantSwap => smem_layout_atom(Major::Mn, OUT_BITS, get_smem_layout_atom(OUT_BITS, m)?),
            Epi::DirectStg | Epi::WgQuantR2s => {
                smem_layout_atom(Major::K, OUT_BITS, get_smem_layout_atom(OUT_BITS, n)?)
            }
        };
        tile_to_shape_cosize(atom, shape)
    }
}

/// A layout atom's major mode.
#[derive(Clone, Copy)]
enum Major {
    K,
    Mn,
}

/// `hopper_helpers.get_smem_layout_atom(layout, dtype, major_mode_size)`: the swizzle's contiguous
/// bits (`*_SW128` 1024, `*_SW64` 512, `*_SW32` 256, `*_INTER` 128).
fn get_smem_layout_atom(elem_bits: u64, major_size: u64) -> Result<u64, Fail> {
    if !major_size.is_multiple_of(8) {
        return Err(Fail::Assertion);
    }
    let bits = major_size * elem_bits;
    Ok([1024, 512, 256].into_iter().find(|&b| bits.is_multiple_of(b)).unwrap_or(128))
}

/// `warpgroup.make_smem_layout_atom(kind, dtype)`'s shape: K-major `(8, c)`, MN-major `(c, 8)`.
const fn smem_layout_atom(major: Major, elem_bits: u64, period_bits: u64) -> (u64, u64) {
    let c = period_bits / elem_bits;
    match major {
        Major::K => (8, c),
        Major::Mn => (c, 8),
    }
}

/// `cute.cosize(cute.tile_to_shape(atom, shape, order))` for a compact atom.
fn tile_to_shape_cosize(atom: (u64, u64), shape: [u64; 3]) -> Result<u64, Fail> {
    if !shape[0].is_multiple_of(atom.0) || !shape[1].is_multiple_of(atom.1) {
        return Err(Fail::TileToShape);
    }
    Ok(shape[0] * shape[1] * shape[2])
}

/// The scale-factor config of `make_cfg`.
#[derive(Clone, Copy, Debug)]
enum Sf {
    /// `Sm120SfConfigFp8(gran_m, gran_n, gran_k = 128)`: FP32 scales.
    Fp8 { gran_m: u64, gran_n: u64 },
    /// `Sm120SfConfigMxfp8Mxfp4(grank_a, grank_b)`: one Int32 = 4 UE8M0 (`PACK_NSF`).
    Mx { grank_a: u64, grank_b: u64 },
}

/// `SF_ELEM_BYTES`: an FP32 scale, or an Int32 of four packed UE8M0.
const SF_BYTES: u64 = 4;
const PACK_NSF: u64 = 4;

impl Sf {
    fn ab_stages_contract(self, ab_stage: u64) -> bool {
        match self {
            Sf::Fp8 { .. } => true,
            // `ab_stage & (ab_stage - 1) == 0`
            Sf::Mx { .. } => ab_stage.is_power_of_two(),
        }
    }

    /// MX `_k_tiles_per_pack(grank, tile_k)`.
    fn k_tiles_per_pack(grank: u64, tile_k: u64) -> Result<u64, Fail> {
        let pack_nk = grank * PACK_NSF;
        if !pack_nk.is_multiple_of(tile_k) {
            return Err(Fail::Assertion);
        }
        Ok(pack_nk / tile_k)
    }

    /// MX `sfa_stages` / `sfb_stages`: `max(1, ceil_div(ab_stage, k_tiles_per_pack))`.
    fn mx_sf_stages(ab_stage: u64, grank: u64) -> Result<u64, Fail> {
        Ok(ab_stage.div_ceil(Self::k_tiles_per_pack(grank, BK)?).max(1))
    }

    /// MX `_cosize(mn, sf_stages)`: `make_layout((mn, 1, stages), stride=(1, mn, max(mn, 32)))`.
    fn mx_cosize(mn: u64, sf_stages: u64) -> u64 {
        (sf_stages - 1) * mn.max(128 * 8 / 32) + mn
    }

    /// The cosizes of the struct's SFA and SFB (FP8: the TMA layout's `(t, 1, S)` for SFA) in elements.
    fn cosizes(self, tile: [u64; 3], ab_stage: u64) -> Result<(u64, u64), Fail> {
        let [bm, bn, _] = tile;
        Ok(match self {
            Sf::Fp8 { gran_m, gran_n } => (bm.div_ceil(gran_m) * ab_stage, bn.div_ceil(gran_n) * ab_stage),
            Sf::Mx { grank_a, grank_b } => (
                Self::mx_cosize(bm, Self::mx_sf_stages(ab_stage, grank_a)?),
                Self::mx_cosize(bn, Self::mx_sf_stages(ab_stage, grank_b)?),
            ),
        })
    }

    /// `smem_bytes(tile, ab_stage)`.
    fn smem_bytes(self, tile: [u64; 3], ab_stage: u64) -> Result<u64, Fail> {
        let (a, b) = self.cosizes(tile, ab_stage)?;
        Ok((a + b) * SF_BYTES)
    }

    /// `gate_smem_bytes(tile, ab_stage, swap_ab)`: the gate operand's scales.
    fn gate_smem_bytes(self, tile: [u64; 3], ab_stage: u64, swap_ab: bool) -> Result<u64, Fail> {
        let (a, b) = self.cosizes(tile, ab_stage)?;
        Ok(if swap_ab { a } else { b } * SF_BYTES)
    }
}

/// `Sm12xGemmConfig` (or `Sm12xGatedGemmConfig`) as `make_cfg` builds it.
#[derive(Clone, Copy, Debug)]
struct GemmConfig {
    kind: Kind,
    format: Format,
    /// `TILE`: the kernel's tile, `(bn, bm, bk)` when swapped.
    tile: [u64; 3],
    swap_ab: bool,
    epi: Epi,
    union_smem: bool,
    owns_epi_smem: bool,
    ab_stage: u64,
    sf: Sf,
    num_warp_m: u64,
    num_warp_n: u64,
}

impl GemmConfig {
    /// `LoadABConfig.smem_bytes_a/b`: every A/B element is one byte in shared memory (E4M3, or E2M1
    /// unpacked to Int8 by the TMA).
    const fn smem_bytes_a(&self) -> u64 {
        self.tile[0] * self.tile[2] * self.ab_stage
    }
    const fn smem_bytes_b(&self) -> u64 {
        self.tile[1] * self.tile[2] * self.ab_stage
    }

    /// `smem_bytes`: the kernel's own estimate, which `max_ab_stage` holds to the capacity.
    fn smem_bytes(&self) -> Result<u64, Fail> {
        let mut total = self.smem_bytes_a() + self.smem_bytes_b() + self.sf.smem_bytes(self.tile, self.ab_stage)?;
        if self.kind.gated() {
            total += if self.swap_ab { self.smem_bytes_a() } else { self.smem_bytes_b() };
            total += self.sf.gate_smem_bytes(self.tile, self.ab_stage, self.swap_ab)?;
        }
        if !self.union_smem {
            total += self.epi.smem_bytes(self.tile) + self.epi.aux_smem_bytes(self.tile);
        }
        Ok(total)
    }
}

/// The kernels' `is_swapab(tile)`: `ATOM_MNK[0] > tile[0]`.
const fn is_swapab(tile: [u64; 3]) -> bool {
    ATOM_M > tile[0]
}

/// `REG_PROD_BY_TACTIC` of each kernel file: the producer warps' registers by (bm, bn, epi).
const REG_PROD_BY_TACTIC: &[(Format, Kind, u64, u64, Epi, u64)] = &[
    (Format::Fp8, Kind::Gemm, 128, 128, Epi::R2gWg, 40),
    (Format::Fp8, Kind::Gemm, 128, 128, Epi::StagedR2g, 104),
    (Format::Fp8, Kind::Gemm, 64, 128, Epi::R2gWg, 40),
    (Format::Fp8, Kind::Gemm, 64, 128, Epi::StagedR2g, 88),
    (Format::Fp8, Kind::Gemm, 32, 128, Epi::R2gWg, 40),
    (Format::Fp8, Kind::Gemm, 8, 128, Epi::DirectStg, 40),
    (Format::Fp8, Kind::Fc1, 128, 64, Epi::R2gWg, 40),
    (Format::Fp8, Kind::Fc1, 64, 128, Epi::R2gWg, 40),
    (Format::Fp8, Kind::Fc1, 32, 128, Epi::R2gWg, 40),
    (Format::Fp8, Kind::Fc1, 8, 128, Epi::DirectStg, 40),
    (Format::Fp8, Kind::Fc1Q1, 64, 128, Epi::WgS2rQuant, 40),
    (Format::Fp8, Kind::Fc1Q1, 64, 128, Epi::WgQuantR2s, 40),
    (Format::Fp8, Kind::Fc1Q1, 32, 128, Epi::WgS2rQuant, 40),
    (Format::Fp8, Kind::Fc1Q1, 32, 128, Epi::WgQuantR2s, 40),
    (Format::Fp8, Kind::Fc1Q1, 8, 128, Epi::WgQuantSwap, 40),
    (Format::Fp8, Kind::Fc2, 128, 128, Epi::WgScatter, 40),
    (Format::Fp8, Kind::Fc2, 64, 128, Epi::WgScatter, 40),
    (Format::Fp8, Kind::Fc2, 32, 128, Epi::WgScatter, 40),
    (Format::Mx, Kind::Gemm, 128, 128, Epi::R2gWg, 56),
    (Format::Mx, Kind::Gemm, 128, 128, Epi::StagedR2g, 104),
    (Format::Mx, Kind::Gemm, 64, 128, Epi::R2gWg, 56),
    (Format::Mx, Kind::Gemm, 64, 128, Epi::StagedR2g, 88),
    (Format::Mx, Kind::Gemm, 32, 128, Epi::R2gWg, 56),
    (Format::Mx, Kind::Gemm, 8, 128, Epi::DirectStg, 88),
    (Format::Mx, Kind::Fc1, 128, 64, Epi::R2gWg, 88),
    (Format::Mx, Kind::Fc1, 64, 128, Epi::R2gWg, 88),
    (Format::Mx, Kind::Fc1, 32, 128, Epi::R2gWg, 88),
    (Format::Mx, Kind::Fc1, 8, 128, Epi::DirectStg, 120),
    (Format::Mx, Kind::Fc1Q1, 64, 128, Epi::WgS2rQuant, 88),
    (Format::Mx, Kind::Fc1Q1, 64, 128, Epi::WgQuantR2s, 88),
    (Format::Mx, Kind::Fc1Q1, 32, 128, Epi::WgS2rQuant, 88),
    (Format::Mx, Kind::Fc1Q1, 32, 128, Epi::WgQuantR2s, 88),
    (Format::Mx, Kind::Fc1Q1, 8, 128, Epi::WgQuantSwap, 120),
    (Format::Mx, Kind::Fc2, 128, 128, Epi::WgScatter, 56),
    (Format::Mx, Kind::Fc2, 64, 128, Epi::WgScatter, 56),
    (Format::Mx, Kind::Fc2, 32, 128, Epi::WgScatter, 56),
];

/// `_reg(REG_PROD_BY_TACTIC, (bm, bn, epi))`: the dict lookup (a KeyError outside the table).
fn reg_prod(format: Format, kind: Kind, bm: u64, bn: u64, epi: Epi) -> Result<u64, Fail> {
    REG_PROD_BY_TACTIC
        .iter()
        .find(|r| (r.0, r.1, r.2, r.3, r.4) == (format, kind, bm, bn, epi))
        .map(|r| r.5)
        .ok_or(Fail::Uncaught("REG_PROD_BY_TACTIC has no entry for the tactic (KeyError)"))
}

/// `Sm12xGemmConfig._reg_math(num_math_warps, WARPS_PER_WG, reg_prod)`'s assert.
fn reg_math_fits(reg_prod: u64) -> bool {
    const REGS_PER_SM: u64 = 65_536;
    const WARPS_PER_WG: u64 = 4;
    let producer = WARPS_PER_WG * 32 * reg_prod;
    let Some(left) = REGS_PER_SM.checked_sub(producer) else { return false };
    let per_thread = left / (NUM_MATH_WARPS * 32);
    let mut reg_math = (per_thread - per_thread % 8).min(256);
    if producer + NUM_MATH_WARPS * 32 * reg_math >= REGS_PER_SM {
        reg_math = reg_math.saturating_sub(8);
    }
    reg_math >= reg_prod
}

/// The kernel file's `make_cfg(tile, ab_stage, epi=...)` with the host tile `(bm, bn, bk)`. (The
/// gated kernels' `activation` is Swiglu in the stage search and one of `ACTIVATIONS` after
/// `can_implement`: `make_gated_activation` never raises there.)
fn make_cfg(format: Format, kind: Kind, host_tile: [u64; 3], ab_stage: u64, epi: Epi) -> Result<GemmConfig, Fail> {
    let [bm, bn, bk] = host_tile;
    let mut epi = epi;
    // Fc2's make_cfg has no swap branch: it asserts the tile is not swapped.
    let swap = kind != Kind::Fc2 && is_swapab(host_tile);
    if swap {
        epi = if kind == Kind::Fc1Q1 { Epi::WgQuantSwap } else { Epi::DirectStg };
    } else {
        let ok = match kind {
            Kind::Gemm => epi != Epi::DirectStg,
            Kind::Fc1 => epi == Epi::R2gWg,
            Kind::Fc1Q1 => matches!(epi, Epi::WgS2rQuant | Epi::WgQuantR2s),
            Kind::Fc2 => epi == Epi::WgScatter && bm >= ATOM_M,
        };
        if !ok {
            return Err(Fail::Assertion);
        }
    }
    let tile = if swap { [bn, bm, bk] } else { host_tile };
    let sf = match (format, swap) {
        (Format::Fp8, false) => Sf::Fp8 { gran_m: 1, gran_n: 128 },
        (Format::Fp8, true) => Sf::Fp8 { gran_m: 128, gran_n: 1 },
        // Non-swapped: A = activations (grank 128), B = weights (32); swapped the other way.
        (Format::Mx, false) => Sf::Mx { grank_a: 128, grank_b: 32 },
        (Format::Mx, true) => Sf::Mx { grank_a: 32, grank_b: 128 },
    };
    let union_smem = match kind {
        Kind::Gemm => epi == Epi::R2gWg,
        Kind::Fc1 | Kind::Fc1Q1 => !swap,
        Kind::Fc2 => epi.drains_sc_in_wg(),
    };
    // MmaConfig(op, tile[:2], num_math_warps, swap_ab): the warp grid and its assert.
    let num_warp_m = if swap {
        let per = if tile[1] >= 32 { 4 } else { tile[1] / ATOM_N };
        if per == 0 {
            return Err(Fail::Uncaught("MmaConfig.num_warp_m divides by zero (ZeroDivisionError)"));
        }
        NUM_MATH_WARPS / per
    } else if tile[0] >= 64 {
        4
    } else {
        2
    };
    if num_warp_m == 0 {
        return Err(Fail::Uncaught("MmaConfig.num_warp_n divides by zero (ZeroDivisionError)"));
    }
    let num_warp_n = NUM_MATH_WARPS / num_warp_m;
    if num_warp_n == 0 {
        return Err(Fail::Uncaught("MmaConfig's assert divides by zero (ZeroDivisionError)"));
    }
    if tile[1] / num_warp_n < ATOM_N {
        return Err(Fail::Assertion);
    }
    if let Sf::Mx { grank_a, grank_b } = sf {
        // Sm120SfConfigMxfp8Mxfp4.__init__: the granularities nest.
        if !grank_a.is_multiple_of(grank_b) && !grank_b.is_multiple_of(grank_a) {
            return Err(Fail::Assertion);
        }
    }
    // reg_prod=_reg(REG_PROD_BY_TACTIC, (bm, bn, epi)) with the host tile, as an argument.
    let reg_prod = reg_prod(format, kind, bm, bn, epi)?;
    let cfg = GemmConfig {
        kind,
        format,
        tile,
        swap_ab: swap,
        epi,
        union_smem,
        owns_epi_smem: !union_smem && epi.smem_bytes(tile) > 0,
        ab_stage,
        sf,
        num_warp_m,
        num_warp_n,
    };
    // Sm12xGemmConfig.__init__, in order.
    if union_smem && !epi.drains_sc_in_wg() {
        return Err(Fail::Assertion);
    }
    if union_smem && epi.smem_bytes(tile) + epi.aux_smem_bytes(tile) > cfg.smem_bytes_a() + cfg.smem_bytes_b() {
        return Err(Fail::UnionTooSmall);
    }
    if epi.drains_sc_in_wg() && !union_smem {
        return Err(Fail::Assertion);
    }
    // `epi.mma_threads == mma_threads` (both 256), `num_producer_warps = 2 + 1 + store warp <= 4` and
    // `num_math_warps % 4 == 0` hold for every EpiMethod; the register split is checked.
    if !reg_math_fits(reg_prod) {
        return Err(Fail::Assertion);
    }
    Ok(cfg)
}

/// The kernel class's `__init__` asserts (`_construct(kernel, cfg)`).
fn construct(cfg: &GemmConfig) -> Result<(), Fail> {
    let [tm, tn, tk] = cfg.tile;
    if cfg.kind == Kind::Fc1Q1 {
        // One work item owns a whole quant group; one MMA atom per thread in M.
        let group_extent = if cfg.swap_ab { tm } else { tn };
        if group_extent != 128 || tm / cfg.num_warp_m / ATOM_M != 1 {
            return Err(Fail::Assertion);
        }
    }
    match cfg.sf {
        Sf::Fp8 { gran_m, gran_n } => {
            // assert_k_invariant, assert_mn_invariant, sf_stages == ab_stage.
            const GRAN_K: u64 = 128;
            if tk != GRAN_K
                || !tm.is_multiple_of(gran_m)
                || (!tn.is_multiple_of(gran_n) && !gran_n.is_multiple_of(tn))
                || !GRAN_K.is_multiple_of(tk)
            {
                return Err(Fail::Assertion);
            }
            if cfg.ab_stage.div_ceil(GRAN_K / tk).max(1) != cfg.ab_stage {
                return Err(Fail::Assertion);
            }
        }
        Sf::Mx { grank_a, grank_b } => {
            // Fc2's kernel reads the non-swapped branch only (it is never swapped).
            let swap = cfg.kind != Kind::Fc2 && cfg.swap_ab;
            let kt_fine = Sf::k_tiles_per_pack(if swap { grank_a } else { grank_b }, tk)?;
            if kt_fine != 1 {
                return Err(Fail::Assertion);
            }
            let kt_per_coarse_cycle = if swap {
                Sf::mx_sf_stages(cfg.ab_stage, grank_b)? * Sf::k_tiles_per_pack(grank_b, tk)?
            } else {
                Sf::mx_sf_stages(cfg.ab_stage, grank_a)? * Sf::k_tiles_per_pack(grank_a, tk)?
            };
            if !kt_per_coarse_cycle.is_multiple_of(cfg.ab_stage) {
                return Err(Fail::Assertion);
            }
        }
    }
    Ok(())
}

/// `Sm12xGemmConfig.max_ab_stage(make_cfg, tile)`: the deepest ring (4 down to 1) whose own estimate
/// fits `capacity_in_bytes() - MBAR_RESERVE`.
fn resolve_stage(format: Format, kind: Kind, tile: [u64; 3], epi: Epi) -> Result<u64, Fail> {
    let capacity = SMEM_CAPACITY - MBAR_RESERVE;
    for stage in (1..=MAX_AB_STAGE).rev() {
        let cfg = match make_cfg(format, kind, tile, stage, epi) {
            Err(Fail::UnionTooSmall) => continue,
            other => other?,
        };
        if cfg.sf.ab_stages_contract(stage) && cfg.smem_bytes()? <= capacity {
            return Ok(stage);
        }
    }
    Err(Fail::Value)
}

/// An exception `is_constructible` catches (AssertionError, ValueError, TileToShapeError).
fn caught(f: Fail) -> Result<bool, &'static str> {
    match f {
        Fail::Uncaught(why) => Err(why),
        _ => Ok(false),
    }
}

/// The Op class: its tiles, activations and epilogue tactics.
struct Op {
    format: Format,
    kind: Kind,
}

impl Op {
    /// `TILES`.
    const fn tiles(&self) -> &'static [[u64; 2]] {
        match self.kind {
            Kind::Gemm => &[[128, 128], [64, 128], [32, 128], [8, 128]],
            Kind::Fc1 => &[[128, 64], [64, 128], [32, 128], [8, 128]],
            Kind::Fc1Q1 => &[[64, 128], [32, 128], [8, 128]],
            Kind::Fc2 => &[[128, 128], [64, 128], [32, 128]],
        }
    }

    /// `ACTIVATIONS` (`None`: the function takes no activation).
    const fn activations(&self) -> Option<&'static [ActivationType]> {
        match (self.format, self.kind) {
            (_, Kind::Gemm | Kind::Fc2) => None,
            (Format::Fp8, Kind::Fc1Q1) => Some(&[ActivationType::Swiglu]),
            _ => Some(&[ActivationType::Swiglu, ActivationType::Situ]),
        }
    }

    /// `epi_tactics(tile)`.
    fn epi_tactics(&self, tile: [u64; 3]) -> Vec<Epi> {
        let swap = is_swapab(tile);
        let candidates: &[Epi] = match (self.kind, swap) {
            (Kind::Gemm | Kind::Fc1, true) => &[Epi::DirectStg],
            // EPI_ORDER: on a stage tie the first wins, and the two files order them differently.
            (Kind::Gemm, false) if self.format == Format::Fp8 => &[Epi::R2gWg, Epi::StagedR2g],
            (Kind::Gemm, false) => &[Epi::StagedR2g, Epi::R2gWg],
            (Kind::Fc1, false) => &[Epi::R2gWg],
            (Kind::Fc1Q1, true) => &[Epi::WgQuantSwap],
            (Kind::Fc1Q1, false) => &[Epi::WgS2rQuant, Epi::WgQuantR2s],
            // fc2 has EPIS = SCATTER_EPIS, not tile-dependent.
            (Kind::Fc2, _) => &[Epi::WgScatter],
        };
        match self.kind {
            Kind::Gemm | Kind::Fc1 => candidates.iter().copied().filter(|e| e.supports_tile(tile)).collect(),
            _ => candidates.to_vec(),
        }
    }

    /// `is_constructible(tile, epi[, activation])`: the stage search and the kernel's asserts succeed.
    fn is_constructible(&self, tile: [u64; 3], epi: Epi) -> Result<bool, &'static str> {
        let in_tactics = match self.kind {
            Kind::Gemm => true,
            _ => self.epi_tactics(tile).contains(&epi),
        };
        if !in_tactics || !epi.supports_tile(tile) {
            return Ok(false);
        }
        let built = resolve_stage(self.format, self.kind, tile, epi)
            .and_then(|stage| make_cfg(self.format, self.kind, tile, stage, epi))
            .and_then(|cfg| construct(&cfg));
        match built {
            Ok(()) => Ok(true),
            Err(f) => caught(f),
        }
    }

    /// `can_implement(n=, k=, tile=, out_dtype=, [activation=,] epi=)` for the host's call.
    fn can_implement(&self, n: u64, k: u64, tile: [u64; 3], act: Option<ActivationType>, epi: Option<Epi>) -> Check {
        let [bm, bn, bk] = tile;
        if !self.tiles().contains(&[bm, bn]) || bk != BK {
            return Check::No(ConfigField::Tile);
        }
        if let (Some(allowed), Some(a)) = (self.activations(), act) {
            if !allowed.contains(&a) {
                return Check::No(ConfigField::Activation);
            }
        }
        if let Some(e) = epi {
            if !self.epi_tactics(tile).contains(&e) {
                return Check::No(ConfigField::Tile);
            }
        }
        if !n.is_multiple_of(bn) {
            return Check::No(ConfigField::N);
        }
        if !k.is_multiple_of(BK) {
            return Check::No(ConfigField::K);
        }
        // The quantized output stores E4M3, the others BF16.
        let bits = if self.kind == Kind::Fc1Q1 { 8 } else { OUT_BITS };
        let candidates = match epi {
            Some(e) => vec![e],
            None => self.epi_tactics(tile),
        };
        for c in candidates {
            if !c.can_implement(tile, n, bits) {
                continue;
            }
            match self.is_constructible(tile, c) {
                Ok(true) => return Check::Yes,
                Ok(false) => {}
                Err(why) => return Check::Uncaught(why),
            }
        }
        Check::No(if epi.is_some_and(|e| !e.can_implement(tile, n, bits)) { ConfigField::N } else { ConfigField::Tile })
    }

    /// `resolve_stage_store(tile[, output_n])`: the epilogue with the most stages (the first on a tie).
    fn resolve_stage_store(&self, tile: [u64; 3], output_n: u64) -> Option<(u64, Epi)> {
        let mut best: Option<(u64, Epi)> = None;
        for epi in self.epi_tactics(tile) {
            // The GEMM host skips an epilogue that cannot store N; fc1's has only R2G_WG / DIRECT_STG.
            if self.kind == Kind::Gemm && !epi.can_implement(tile, output_n, OUT_BITS) {
                continue;
            }
            let Ok(stage) = resolve_stage(self.format, self.kind, tile, epi) else { continue };
            if best.is_none_or(|(s, _)| stage > s) {
                best = Some((stage, epi));
            }
        }
        best
    }

    /// The TypeError's text, as the Op's f-string formats it.
    fn unsupported(&self, n: u64, k: u64, tile: [u64; 3], act: Option<ActivationType>, epi: Option<Epi>) -> String {
        let name = names(self.format, self.kind).op;
        let tile = format!("({}, {}, {})", tile[0], tile[1], tile[2]);
        let epi = epi.map_or_else(|| "None".to_string(), |e| format!("EpiMethod.{}", e.name()));
        let act = act.map_or(0, ActivationType::value);
        match (self.format, self.kind) {
            (Format::Fp8, Kind::Gemm) => {
                format!("{name}: unsupported n={n} k={k} tile={tile} epi={epi} out_dtype=torch.bfloat16")
            }
            (Format::Mx, Kind::Gemm) => {
                format!("{name}: unsupported n={n} k={k} tile={tile} out_dtype=torch.bfloat16 epi={epi}")
            }
            (_, Kind::Fc1) => format!(
                "{name}: unsupported n={n} k={k} tile={tile} epi={epi} activation={act} out_dtype=torch.bfloat16"
            ),
            (_, Kind::Fc1Q1) => format!(
                "{name}: unsupported n={n} k={k} tile={tile} epi={epi} activation={act} out_dtype=torch.float8_e4m3fn"
            ),
            (_, Kind::Fc2) => format!("{name}: unsupported n={n} k={k} tile={tile} epi={epi}"),
        }
    }
}

/// `can_implement`'s answer: yes, no (and the key whose value it refused), or an exception no
/// `except` catches.
enum Check {
    Yes,
    No(ConfigField),
    Uncaught(&'static str),
}

/// `flashinfer.tllm_enums.ActivationType`, the members these kernels name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ActivationType {
    Swiglu,
    Relu2,
    Situ,
}

impl ActivationType {
    /// The IntEnum's value (what the TypeError's f-string prints).
    const fn value(self) -> u64 {
        match self {
            ActivationType::Swiglu => 3,
            ActivationType::Relu2 => 6,
            ActivationType::Situ => 10,
        }
    }
}

/// `ceil_div` (`flashinfer.utils`), wide enough for any product of the keys.
const fn ceil_div(a: u128, b: u128) -> u128 {
    a.div_ceil(b)
}

/// `heuristic.select_plain_bm_64_or_128(m_per_expert, n, num_experts, num_sms)`.
fn select_plain_bm_64_or_128(m_per_expert: u64, n: u64, num_experts: u64, num_sms: u64) -> u64 {
    let cost = |bm: u128| {
        let num_tiles = u128::from(num_experts) * ceil_div(m_per_expert.into(), bm) * ceil_div(n.into(), 128);
        ceil_div(num_tiles, num_sms.into()) * (bm + PLAIN_TILE_OVERHEAD)
    };
    if cost(64) < cost(128) {
        64
    } else {
        128
    }
}

/// `_select_mxfp8_mxfp4_bm_64_or_128(...)`: the (waves, tail slack, tiles, bm) score, lowest wins.
fn select_mxfp8_mxfp4_bm_64_or_128(m_per_expert: u64, n: u64, k: u64, num_experts: u64, num_sms: u64) -> u64 {
    let n_tiles = ceil_div(n.into(), 128);
    let k_tiles = ceil_div(k.into(), 32 * u128::from(PACK_NSF));
    let sms = i128::from(num_sms);
    let score = |bm: u128| {
        let m_tiles = u128::from(num_experts) * ceil_div(m_per_expert.into(), bm);
        let total_tiles = (m_tiles * n_tiles * k_tiles) as i128;
        let waves = ceil_div(total_tiles as u128, num_sms.into()) as i128;
        let residual = total_tiles - (waves - 1) * sms;
        let tail_slack = if waves > 1 { sms - residual } else { sms - total_tiles };
        (waves, tail_slack, total_tiles, bm)
    };
    if score(64) < score(128) {
        64
    } else {
        128
    }
}

/// `select_fc1_act_tile(...)`: `FC1_ACT_HEURISTIC_BM = (64, 32)`; the N of `TILES`' entry for bm.
fn select_fc1_act_tile(m_per_expert: u64, n: u64, num_experts: u64, num_sms: u64) -> u64 {
    let bm = if m_per_expert <= 32 { 32 } else { select_plain_bm_64_or_128(m_per_expert, n, num_experts, num_sms) };
    bm.clamp(32, 64)
}

/// The host's `select_tile(total_rows=m, n=, k=, num_experts=, num_sms=)`: `(bm, bn, 128)`.
fn select_tile(format: Format, kind: Kind, m: u64, n: u64, k: u64, num_experts: u64, num_sms: u64) -> [u64; 3] {
    let mpe = m / num_experts;
    let bm = match (format, kind) {
        (Format::Fp8, Kind::Gemm) => {
            let tile_count = |bm: u64, bn: u64| {
                u128::from(num_experts) * ceil_div(mpe.into(), bm.into()) * ceil_div(n.into(), bn.into())
            };
            if n.is_multiple_of(128)
                && (mpe <= 8
                    || (tile_count(32, 128) < u128::from(num_sms / 2) && tile_count(8, 128) <= u128::from(num_sms)))
            {
                8
            } else if mpe <= 32 {
                32
            } else if k <= 2048 {
                if mpe < 192 {
                    64
                } else {
                    128
                }
            } else {
                select_plain_bm_64_or_128(mpe, n, num_experts, num_sms)
            }
        }
        (Format::Mx, Kind::Gemm) => {
            if mpe <= 12 {
                8
            } else if mpe <= 32 {
                32
            } else {
                select_mxfp8_mxfp4_bm_64_or_128(mpe, n, k, num_experts, num_sms)
            }
        }
        (Format::Mx, Kind::Fc1Q1) if mpe <= 32 => 8,
        (_, Kind::Fc1 | Kind::Fc1Q1) => select_fc1_act_tile(mpe, n, num_experts, num_sms),
        (_, Kind::Fc2) if mpe <= 32 => 32,
        (Format::Fp8, Kind::Fc2) => select_plain_bm_64_or_128(mpe, n, num_experts, num_sms),
        (Format::Mx, Kind::Fc2) => 128,
    };
    // Every TILES entry but fc1's (128, 64) has N = 128, and no selector picks bm = 128 for fc1.
    [bm, 128, BK]
}

/// Evaluate one of the eight families.
pub(crate) fn evaluate(cfg: &KernelConfig, family: DslFamily, keep: bool) -> Result<Evaluation, ModelError> {
    let (format, kind) = match family {
        DslFamily::B12xMoeFp8Gemm => (Format::Fp8, Kind::Gemm),
        DslFamily::B12xMoeFp8Fc1 => (Format::Fp8, Kind::Fc1),
        DslFamily::B12xMoeFp8Fc1Q1 => (Format::Fp8, Kind::Fc1Q1),
        DslFamily::B12xMoeFp8Fc2 => (Format::Fp8, Kind::Fc2),
        DslFamily::B12xMoeMxfp8Mxfp4Gemm => (Format::Mx, Kind::Gemm),
        DslFamily::B12xMoeMxfp8Mxfp4Fc1 => (Format::Mx, Kind::Fc1),
        DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1 => (Format::Mx, Kind::Fc1Q1),
        DslFamily::B12xMoeMxfp8Mxfp4Fc2 => (Format::Mx, Kind::Fc2),
        other => unreachable!("{other} is not an FP8 or MXFP8 x MXFP4 MoE family"),
    };
    let d = &cfg.dsl;
    let release = d.flashinfer.ok_or_else(|| missing(family, ConfigField::Flashinfer))?;
    if facts(release).is_none() {
        return Err(ModelError::new(
            ConfigField::Flashinfer,
            format!("flashinfer {release} ships no {family} kernel: the SM12x FP8 and MXFP8 x MXFP4 MoE kernels ship from 0.7.1"),
            "set flashinfer to 0.7.1 or later",
        ));
    }
    let (want_a, want_b) = match format {
        Format::Fp8 => (Operand::E4m3, Operand::E4m3),
        Format::Mx => (Operand::Mxfp8E4m3, Operand::Mxfp4),
    };
    if (cfg.a, cfg.b) != (want_a, want_b) {
        return Err(ModelError::new(
            if cfg.a == want_a { ConfigField::B } else { ConfigField::A },
            format!("the {family} kernels take a = {want_a} and b = {want_b}, not {} and {}", cfg.a, cfg.b),
            "leave a and b out, or write the family's formats",
        ));
    }
    let need = |v: Option<u64>, f: ConfigField| v.ok_or_else(|| missing(family, f));
    let experts = need(d.experts, ConfigField::Experts)?;
    // The host's (m, n, k) and the keys that give n and k.
    let (m, n, k, n_key, k_key) = if kind == Kind::Gemm {
        let (m, n, k) = (need(d.m, ConfigField::M)?, need(d.n, ConfigField::N)?, need(d.k, ConfigField::K)?);
        (m, n, k, ConfigField::N, ConfigField::K)
    } else {
        let (hidden, inter) = (need(d.hidden, ConfigField::Hidden)?, need(d.intermediate, ConfigField::Intermediate)?);
        // The router's q_out is [tokens * top_k, hidden].
        let m = need(d.tokens, ConfigField::Tokens)? * need(d.top_k, ConfigField::TopK)?;
        if kind == Kind::Fc2 {
            (m, hidden, inter, ConfigField::Hidden, ConfigField::Intermediate)
        } else {
            (m, inter, hidden, ConfigField::Intermediate, ConfigField::Hidden)
        }
    };
    let sm_count = d.sm_count.unwrap_or(super::DEFAULT_SM_COUNT);
    let act = match kind {
        Kind::Gemm | Kind::Fc2 => None,
        Kind::Fc1 | Kind::Fc1Q1 => Some(match d.activation.unwrap_or(Activation::Silu) {
            Activation::Silu => ActivationType::Swiglu,
            Activation::Situ => ActivationType::Situ,
            Activation::Relu2 => ActivationType::Relu2,
            // moe_dispatch's names, which no ActivationType of these hosts' is known to be.
            a @ (Activation::GeluTanh | Activation::SwigluoaiUninterleave) => {
                return Err(ModelError::new(
                    ConfigField::Activation,
                    format!("the {family} host takes an ActivationType (silu, situ, relu2), not {}", a.name()),
                    "set activation to silu or situ",
                ))
            }
        }),
    };
    let op = Op { format, kind };
    let given = d.tile.map(|[tm, tn]| [tm, tn, BK]);
    let tile = given.unwrap_or_else(|| select_tile(format, kind, m, n, k, experts, sm_count));
    // The epilogue the host passes: None for gemm and fc1 (resolved by stage count), DEFAULT_EPI for
    // fc1-q1 and fc2; MXFP8's fc1-q1 host swaps it for the tile's first tactic when it chose the tile.
    let epi = match kind {
        Kind::Gemm | Kind::Fc1 => None,
        Kind::Fc2 => Some(Epi::WgScatter),
        Kind::Fc1Q1 => {
            let tactics = op.epi_tactics(tile);
            Some(if format == Format::Mx && given.is_none() && !tactics.contains(&Epi::WgS2rQuant) {
                tactics[0]
            } else {
                Epi::WgS2rQuant
            })
        }
    };
    let names = names(format, kind);
    match op.can_implement(n, k, tile, act, epi) {
        Check::Yes => {}
        Check::No(at) => {
            let at = match at {
                ConfigField::N => n_key,
                ConfigField::K => k_key,
                other => other,
            };
            return Ok(Evaluation::Rejected(Rejection {
                message: names.unsupported,
                at,
                detail: op.unsupported(n, k, tile, act, epi).into(),
                stage_choice: None,
                epilogue_bytes: None,
                by: Some(names.by),
            }));
        }
        Check::Uncaught(why) => return Err(not_modelled(family, why)),
    }
    let (stage, epi) = match epi {
        Some(e) => (resolve_stage(format, kind, tile, e).map_err(|_| not_modelled(family, "resolve_stage"))?, e),
        None => op
            .resolve_stage_store(tile, n)
            .ok_or_else(|| not_modelled(family, "resolve_stage_store finds no store method"))?,
    };
    let gc = make_cfg(format, kind, tile, stage, epi).map_err(|_| not_modelled(family, "make_cfg"))?;
    shared_storage(&gc, [tile[0], tile[1]], epi.tile_from(given.is_some()), keep)
        .map_err(|_| not_modelled(family, "the struct's layouts"))
}

fn missing(family: DslFamily, field: ConfigField) -> ModelError {
    ModelError::new(field, format!("a {family} configuration needs `{}`", field.key()), "write the key")
}

/// What no measured configuration reaches (it would be a raw exception of the host).
fn not_modelled(family: DslFamily, why: &str) -> ModelError {
    ModelError::new(
        ConfigField::Tile,
        format!("the {family} host would raise outside its checks here ({why}); smem-lint does not model it"),
        "use a tile of the family's TILES",
    )
}

/// The kernel's `@cute.struct SharedStorage`, as its `__call__` declares it.
fn shared_storage(
    c: &GemmConfig,
    host_tile: [u64; 2],
    tile_from: &'static str,
    keep: bool,
) -> Result<Evaluation, Fail> {
    let [tm, tn, tk] = c.tile;
    let s = c.ab_stage;
    // `LoadABConfig._smem_layout(box, dt)`: K-major atoms of 128 one-byte elements tiled to (box, S).
    let ab_atom = smem_layout_atom(Major::K, 8, get_smem_layout_atom(8, tk)?);
    let a = tile_to_shape_cosize(ab_atom, [tm, tk, s])?;
    let b = tile_to_shape_cosize(ab_atom, [tn, tk, s])?;
    let (sfa, sfb) = c.sf.cosizes(c.tile, s)?;
    let epi_elems = if c.owns_epi_smem { c.epi.cosize_smem_layout(c.tile)? } else { 0 };
    let staged = |bytes: u64| Some(PerStage { stages: s, bytes_per_stage: bytes });
    let mut st = CuteStruct::new("SharedStorage", keep);
    let xchg = if c.kind == Kind::Fc1Q1 && c.epi.quant_before_r2s() { tm * c.num_warp_n } else { 0 };
    let mut leaves_out: Vec<&'static str> = Vec::new();
    let mut bar = |st: &mut CuteStruct, name: &'static str, count: u64, role: Role| {
        st.mem_range(name, 64, count, 1, role);
        leaves_out.push(name);
    };
    if c.format == Format::Mx && c.kind == Kind::Fc1Q1 {
        // The MXFP8 fc1-q1 struct declares its amax exchange first.
        st.mem_range("xchg", 32, xchg, 1, Role::FusionStorage);
    }
    let (full, empty) = match c.format {
        Format::Fp8 => (["ab_full", "ab_empty"], ["sf_full", "sf_empty"]),
        Format::Mx => (["a_full", "a_empty"], ["b_full", "b_empty"]),
    };
    for name in full.into_iter().chain(empty) {
        bar(&mut st, name, s, Role::MainloopBarriers);
    }
    if c.kind == Kind::Gemm {
        bar(&mut st, "epi_full", c.epi.num_full_barriers(), Role::EpilogueBarriers);
    }
    bar(&mut st, "epi_empty", c.epi.num_empty_barriers(), Role::EpilogueBarriers);
    bar(&mut st, "sfull", SCHED_STAGES, Role::SchedulerStorage);
    bar(&mut st, "sempty", SCHED_STAGES, Role::SchedulerStorage);
    st.mem_range("work", 32, SCHED_STAGES * WORK_FIELDS, 1, Role::SchedulerStorage);
    leaves_out.push("work");
    if c.format == Format::Fp8 && c.kind == Kind::Fc1Q1 {
        st.mem_range("xchg", 32, xchg, 1, Role::FusionStorage);
    }
    if xchg > 0 {
        leaves_out.push("xchg");
    }
    let sf_staged = |cosize: u64| if c.format == Format::Fp8 { staged(cosize / s * SF_BYTES) } else { None };
    match (c.format, c.kind) {
        (_, Kind::Gemm | Kind::Fc2) => {
            st.mem_range_staged("sA", 8, a, 128, Role::OperandA, staged(tm * tk)).mem_range_staged(
                "sB",
                8,
                b,
                128,
                Role::OperandB,
                staged(tn * tk),
            );
            if c.format == Format::Fp8 {
                st.mem_range_staged("sSFA", 32, sfa, 128, Role::ScaleFactorA, sf_staged(sfa)).mem_range_staged(
                    "sSFB",
                    32,
                    sfb,
                    128,
                    Role::ScaleFactorB,
                    sf_staged(sfb),
                );
            } else {
                // The MXFP8 struct declares sSFB before sSFA.
                st.mem_range("sSFB", 32, sfb, 128, Role::ScaleFactorB).mem_range(
                    "sSFA",
                    32,
                    sfa,
                    128,
                    Role::ScaleFactorA,
                );
            }
        }
        (Format::Fp8, Kind::Fc1 | Kind::Fc1Q1) => {
            // The gate operand (sBg, sSFBg): the second weight half, A's shape when swapped.
            let (gate, gate_sf) = if c.swap_ab { (a, sfa) } else { (b, sfb) };
            st.mem_range_staged("sA", 8, a, 128, Role::OperandA, staged(tm * tk))
                .mem_range_staged("sB", 8, b, 128, Role::OperandB, staged(tn * tk))
                .mem_range_staged("sBg", 8, gate, 128, Role::OperandB, staged(gate / s))
                .mem_range_staged("sSFA", 32, sfa, 128, Role::ScaleFactorA, sf_staged(sfa))
                .mem_range_staged("sSFB", 32, sfb, 128, Role::ScaleFactorB, sf_staged(sfb))
                .mem_range_staged("sSFBg", 32, gate_sf, 128, Role::ScaleFactorB, sf_staged(gate_sf));
        }
        (Format::Mx, Kind::Fc1 | Kind::Fc1Q1) => {
            // solo = the activations, gate = the weights' up (sU) and gate (sG) halves.
            let (gate, gate_sf, solo, coarse_sf) = if c.swap_ab { (a, sfa, b, sfb) } else { (b, sfb, a, sfa) };
            st.mem_range_staged("sA", 8, solo, 128, Role::OperandA, staged(solo / s))
                .mem_range_staged("sU", 8, gate, 128, Role::OperandB, staged(gate / s))
                .mem_range_staged("sG", 8, gate, 128, Role::OperandB, staged(gate / s))
                .mem_range("sSFU", 32, gate_sf, 128, Role::ScaleFactorB)
                .mem_range("sSFG", 32, gate_sf, 128, Role::ScaleFactorB)
                .mem_range("sSFA", 32, coarse_sf, 128, Role::ScaleFactorA);
        }
    }
    st.mem_range("sC", OUT_BITS, epi_elems, 128, Role::EpilogueC);
    let laid = st.finish();
    let own = c.smem_bytes()?;
    let epilogue_bytes = epi_elems * OUT_BITS / 8;
    let mut other_stages = Vec::new();
    if let Sf::Mx { grank_a, grank_b } = c.sf {
        other_stages.push(("sfa_stages", Sf::mx_sf_stages(s, grank_a)?));
        other_stages.push(("sfb_stages", Sf::mx_sf_stages(s, grank_b)?));
    } else {
        other_stages.push(("sf_stages", s));
    }
    // The estimate's per-stage part: A, B (and the gate) and, for FP8, their scales.
    let per_stage =
        own.saturating_sub(if c.union_smem { 0 } else { c.epi.smem_bytes(c.tile) + c.epi.aux_smem_bytes(c.tile) }) / s;
    Ok(Evaluation::Compiled(Footprint {
        kernel_bytes: laid.size,
        mainloop_bytes: laid.size - epilogue_bytes,
        epilogue_bytes,
        stages: s,
        members: laid.members,
        stage_choice: StageChoice {
            policy: crate::StagePolicy::Auto,
            stages: s as i64,
            capacity_bytes: SMEM_CAPACITY,
            carveout_bytes: Some(MBAR_RESERVE + (own - per_stage * s)),
            stage_bytes: per_stage,
            data_bytes_per_stage: per_stage,
        },
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family: family_of(c.format, c.kind),
            kernel_class: names(c.format, c.kind).kernel,
            storage: "SharedStorage",
            tile: host_tile,
            tile_from,
            own_estimate: Some(OwnEstimate { bytes: own, by: "Sm12xGemmConfig.smem_bytes", leaves_out }),
            other_stages,
        })),
    }))
}

const fn family_of(format: Format, kind: Kind) -> DslFamily {
    match (format, kind) {
        (Format::Fp8, Kind::Gemm) => DslFamily::B12xMoeFp8Gemm,
        (Format::Fp8, Kind::Fc1) => DslFamily::B12xMoeFp8Fc1,
        (Format::Fp8, Kind::Fc1Q1) => DslFamily::B12xMoeFp8Fc1Q1,
        (Format::Fp8, Kind::Fc2) => DslFamily::B12xMoeFp8Fc2,
        (Format::Mx, Kind::Gemm) => DslFamily::B12xMoeMxfp8Mxfp4Gemm,
        (Format::Mx, Kind::Fc1) => DslFamily::B12xMoeMxfp8Mxfp4Fc1,
        (Format::Mx, Kind::Fc1Q1) => DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1,
        (Format::Mx, Kind::Fc2) => DslFamily::B12xMoeMxfp8Mxfp4Fc2,
    }
}

/// The tiles a suggestion may propose (the Op's `TILES`, largest first).
pub(crate) fn candidate_tiles(family: DslFamily) -> Vec<[u64; 2]> {
    let kind = match family {
        DslFamily::B12xMoeFp8Gemm | DslFamily::B12xMoeMxfp8Mxfp4Gemm => Kind::Gemm,
        DslFamily::B12xMoeFp8Fc1 | DslFamily::B12xMoeMxfp8Mxfp4Fc1 => Kind::Fc1,
        DslFamily::B12xMoeFp8Fc1Q1 | DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1 => Kind::Fc1Q1,
        _ => Kind::Fc2,
    };
    Op { format: Format::Fp8, kind }.tiles().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::Dsl;

    const EPIS: [Epi; 7] = [
        Epi::R2gWg,
        Epi::StagedR2g,
        Epi::DirectStg,
        Epi::WgS2rQuant,
        Epi::WgQuantR2s,
        Epi::WgQuantSwap,
        Epi::WgScatter,
    ];

    fn laid(format: Format, kind: Kind, tile: [u64; 2], epi: Epi) -> (u64, Footprint) {
        let t = [tile[0], tile[1], BK];
        let stage = resolve_stage(format, kind, t, epi).unwrap();
        let cfg = make_cfg(format, kind, t, stage, epi).unwrap();
        construct(&cfg).unwrap();
        match shared_storage(&cfg, tile, "test", true).unwrap() {
            Evaluation::Compiled(f) => (stage, f),
            Evaluation::Rejected(r) => panic!("{r:?}"),
        }
    }

    /// SPEC §7: every constructible (tile, epilogue) of the eight Ops, with its stages, own estimate
    /// and struct size (identical in every release and DSL); every other pair of TILES x EpiMethod is
    /// refused. The largest struct is fp8-fc1 128x64 at exactly 100,352 = 101,376 - 1,024.
    #[test]
    fn the_catalogue_as_measured() {
        use Epi as E;
        use Format::{Fp8, Mx};
        use Kind::{Fc1, Fc1Q1, Fc2, Gemm};
        type Row = (Format, Kind, [u64; 2], Epi, u64, u64, u64);
        let catalogue: &[Row] = &[
            (Fp8, Gemm, [128, 128], E::R2gWg, 3, 99_852, 100_224),
            (Fp8, Gemm, [128, 128], E::StagedR2g, 2, 74_760, 75_136),
            (Fp8, Gemm, [64, 128], E::R2gWg, 4, 99_344, 99_712),
            (Fp8, Gemm, [64, 128], E::StagedR2g, 3, 82_700, 83_072),
            (Fp8, Gemm, [32, 128], E::R2gWg, 4, 82_448, 82_816),
            (Fp8, Gemm, [8, 128], E::DirectStg, 4, 69_776, 70_144),
            (Fp8, Fc1, [128, 64], E::R2gWg, 3, 99_864, 100_352),
            (Fp8, Fc1, [64, 128], E::R2gWg, 2, 82_448, 82_944),
            (Fp8, Fc1, [32, 128], E::R2gWg, 2, 74_000, 74_496),
            (Fp8, Fc1, [8, 128], E::DirectStg, 2, 67_664, 68_224),
            (Fp8, Fc1Q1, [64, 128], E::WgS2rQuant, 2, 82_448, 82_944),
            (Fp8, Fc1Q1, [64, 128], E::WgQuantR2s, 2, 82_448, 83_456),
            (Fp8, Fc1Q1, [32, 128], E::WgS2rQuant, 2, 74_000, 74_496),
            (Fp8, Fc1Q1, [32, 128], E::WgQuantR2s, 2, 74_000, 75_008),
            (Fp8, Fc1Q1, [8, 128], E::WgQuantSwap, 2, 69_712, 70_272),
            (Fp8, Fc2, [128, 128], E::WgScatter, 3, 99_852, 100_224),
            (Fp8, Fc2, [64, 128], E::WgScatter, 4, 99_344, 99_712),
            (Fp8, Fc2, [32, 128], E::WgScatter, 4, 82_448, 82_816),
            (Mx, Gemm, [128, 128], E::StagedR2g, 2, 75_264, 75_520),
            (Mx, Gemm, [128, 128], E::R2gWg, 2, 67_072, 67_328),
            (Mx, Gemm, [64, 128], E::StagedR2g, 2, 58_624, 58_880),
            (Mx, Gemm, [64, 128], E::R2gWg, 2, 50_432, 50_688),
            (Mx, Gemm, [32, 128], E::R2gWg, 4, 84_096, 84_352),
            (Mx, Gemm, [8, 128], E::DirectStg, 4, 71_712, 72_064),
            (Mx, Fc1, [128, 64], E::R2gWg, 2, 67_072, 67_328),
            (Mx, Fc1, [64, 128], E::R2gWg, 2, 84_224, 84_480),
            (Mx, Fc1, [32, 128], E::R2gWg, 2, 75_904, 76_160),
            (Mx, Fc1, [8, 128], E::DirectStg, 2, 69_664, 70_016),
            (Mx, Fc1Q1, [64, 128], E::WgS2rQuant, 2, 84_224, 84_480),
            (Mx, Fc1Q1, [64, 128], E::WgQuantR2s, 2, 84_224, 84_992),
            (Mx, Fc1Q1, [32, 128], E::WgS2rQuant, 2, 75_904, 76_160),
            (Mx, Fc1Q1, [32, 128], E::WgQuantR2s, 2, 75_904, 76_672),
            (Mx, Fc1Q1, [8, 128], E::WgQuantSwap, 2, 71_712, 72_064),
            (Mx, Fc2, [128, 128], E::WgScatter, 2, 67_072, 67_328),
            (Mx, Fc2, [64, 128], E::WgScatter, 2, 50_432, 50_688),
            (Mx, Fc2, [32, 128], E::WgScatter, 4, 84_096, 84_352),
        ];
        for &(format, kind, tile, epi, stages, own, bytes) in catalogue {
            let (s, f) = laid(format, kind, tile, epi);
            let d = f.dsl.as_ref().unwrap();
            assert_eq!(
                (s, d.own_estimate.as_ref().unwrap().bytes, f.kernel_bytes),
                (stages, own, bytes),
                "{format:?} {kind:?} {tile:?} {epi:?}"
            );
            assert!(f.kernel_bytes <= SMEM_CAPACITY - MBAR_RESERVE);
        }
        for format in [Fp8, Mx] {
            for kind in [Gemm, Fc1, Fc1Q1, Fc2] {
                let op = Op { format, kind };
                for &tile in op.tiles() {
                    let t = [tile[0], tile[1], BK];
                    for epi in EPIS {
                        let builds = op.epi_tactics(t).contains(&epi) && op.is_constructible(t, epi) == Ok(true);
                        let listed = catalogue.iter().any(|c| (c.0, c.1, c.2, c.3) == (format, kind, tile, epi));
                        assert_eq!(builds, listed, "{format:?} {kind:?} {tile:?} {epi:?}");
                    }
                }
            }
        }
    }

    /// SPEC §7's example: fp8-fc1-q1 64x128 WG_QUANT_R2S, 2 stages: the 512-byte amax exchange.
    #[test]
    fn quantizing_fc1_members() {
        let (_, f) = laid(Format::Fp8, Kind::Fc1Q1, [64, 128], Epi::WgQuantR2s);
        let rows: Vec<(String, u64, u64)> = f
            .members
            .iter()
            .filter(|m| m.role != Role::Padding)
            .map(|m| (m.path.trim_start_matches("SharedStorage.").to_string(), m.offset, m.size))
            .collect();
        let want = [
            ("ab_full", 0, 16),
            ("ab_empty", 16, 16),
            ("sf_full", 32, 16),
            ("sf_empty", 48, 16),
            ("epi_empty", 64, 8),
            ("sfull", 72, 16),
            ("sempty", 88, 16),
            ("work", 104, 48),
            ("xchg", 152, 512),
            ("sA", 768, 16_384),
            ("sB", 17_152, 32_768),
            ("sBg", 49_920, 32_768),
            ("sSFA", 82_688, 512),
            ("sSFB", 83_200, 8),
            ("sSFBg", 83_328, 8),
            ("sC", 83_456, 0),
        ];
        let want: Vec<(String, u64, u64)> = want.iter().map(|&(n, o, b)| (n.to_string(), o, b)).collect();
        assert_eq!(rows, want);
        assert_eq!(f.kernel_bytes, 83_456);
    }

    fn moe(family: DslFamily, hidden: u64, inter: u64, experts: u64, top_k: u64, tokens: u64) -> Evaluation {
        let cfg = KernelConfig::dsl(
            family,
            Dsl {
                flashinfer: Some(V::V0_7_4),
                hidden: Some(hidden),
                intermediate: Some(inter),
                experts: Some(experts),
                top_k: Some(top_k),
                tokens: Some(tokens),
                ..Dsl::NONE
            },
        );
        evaluate(&cfg, family, true).unwrap()
    }

    /// gpt-oss (hidden = intermediate = 2880: 2880 % 128 = 64) is refused by every kernel unless
    /// padded to 3072; the runners' MXFP8 FC1 then runs swapped (8x128, WG_QUANT_SWAP) for decode.
    #[test]
    fn gpt_oss_needs_padding() {
        let Evaluation::Rejected(r) = moe(DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1, 2880, 2880, 128, 4, 1) else {
            panic!("2880 is not a multiple of 128");
        };
        assert_eq!(
            r.detail.to_string(),
            "CuteDslSm120GroupedMxfp8Mxfp4Fc1ActQ1Op: unsupported n=2880 k=2880 tile=(8, 128, 128) \
             epi=EpiMethod.WG_QUANT_SWAP activation=3 out_dtype=torch.float8_e4m3fn"
        );
        assert_eq!(r.by, Some("CuteDslSm120GroupedMxfp8Mxfp4Fc1ActQ1Op.__init__: TypeError"));
        assert_eq!(r.at, ConfigField::Intermediate);
        let Evaluation::Compiled(f) = moe(DslFamily::B12xMoeMxfp8Mxfp4Fc1Q1, 3072, 3072, 128, 4, 1) else {
            panic!("padded gpt-oss builds");
        };
        assert_eq!((f.kernel_bytes, f.stages, f.dsl.unwrap().tile), (72_064, 2, [8, 128]));
        // FP8's fc1-q1 runs SwiGLU only.
        let mut cfg = KernelConfig::dsl(
            DslFamily::B12xMoeFp8Fc1Q1,
            Dsl {
                flashinfer: Some(V::V0_7_1),
                hidden: Some(4096),
                intermediate: Some(1024),
                experts: Some(64),
                top_k: Some(8),
                tokens: Some(64),
                activation: Some(Activation::Situ),
                ..Dsl::NONE
            },
        );
        let Evaluation::Rejected(r) = evaluate(&cfg, DslFamily::B12xMoeFp8Fc1Q1, false).unwrap() else {
            panic!("SiTU is not in ACTIVATIONS");
        };
        assert_eq!(r.at, ConfigField::Activation);
        assert!(r.detail.to_string().contains("activation=10"));
        cfg.a = Operand::Nvfp4;
        assert!(evaluate(&cfg, DslFamily::B12xMoeFp8Fc1Q1, false).is_err(), "FP8 takes e4m3");
    }

    /// SiTU is these hosts' ActivationType; the moe_dispatch families are not modelled for it, and
    /// these refuse moe_dispatch's names they do not know.
    #[test]
    fn situ_is_these_kernels_alone() {
        let dsl = Dsl {
            flashinfer: Some(V::V0_7_4),
            hidden: Some(4096),
            intermediate: Some(1024),
            experts: Some(64),
            top_k: Some(8),
            tokens: Some(64),
            activation: Some(Activation::Situ),
            ..Dsl::NONE
        };
        let cfg = KernelConfig::dsl(DslFamily::B12xMoeDynamic, dsl);
        let e = super::super::evaluate(&cfg, DslFamily::B12xMoeDynamic, false).unwrap_err();
        assert_eq!(e.at, ConfigField::Activation);
        let cfg = KernelConfig::dsl(DslFamily::B12xMoeMxfp8Mxfp4Fc1, dsl);
        assert!(matches!(evaluate(&cfg, DslFamily::B12xMoeMxfp8Mxfp4Fc1, false), Ok(Evaluation::Compiled(_))));
        let gelu = Dsl { activation: Some(Activation::GeluTanh), ..dsl };
        let cfg = KernelConfig::dsl(DslFamily::B12xMoeMxfp8Mxfp4Fc1, gelu);
        assert_eq!(evaluate(&cfg, DslFamily::B12xMoeMxfp8Mxfp4Fc1, false).unwrap_err().at, ConfigField::Activation);
    }

    #[test]
    fn releases_before_0_7_1_ship_none() {
        for v in V::ALL {
            let ships = *v >= V::V0_7_1;
            assert_eq!(facts(*v).is_some(), ships, "{v}");
            assert_eq!(super::super::b12x_moe_w4a4::ships(*v), ships, "{v}");
            assert_eq!(super::super::b12x_moe_w4a16::ships(*v), ships, "{v}");
        }
        assert_eq!(facts(V::V0_7_4), Some(Facts { mx_sf_extent_in_tma_units: true }));
    }
}
