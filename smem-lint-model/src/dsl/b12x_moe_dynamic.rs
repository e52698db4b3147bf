//! FlashInfer's SM120 b12x fused-MoE DYNAMIC kernel (`b12x-moe-dynamic`): `b12x_fused_moe` /
//! `B12xMoEWrapper.run` -> `moe_dispatch.launch_sm120_moe` with the backend forced to dynamic ->
//! `allocate_sm120_dynamic_workspace` (the tile_m) -> `launch_sm120_dynamic_moe` ->
//! `_get_dynamic_kernel` -> `MoEDynamicKernel` (`fused_moe/cute_dsl/blackwell_sm12x/moe_dynamic_kernel.py`;
//! from 0.6.18 its `__new__` returns `_moe_dynamic/gated.py::MoEGatedDynamicKernel` for the shapes
//! `_can_use_gated_optimized_kernel` admits, else `_moe_dynamic/generic.py::MoEDynamicKernel`).
//!
//! Mirrors, per release (the facts of [`facts`]):
//! - `moe_dispatch.py`: `launch_sm120_moe`'s intermediate padding and checks, `_validate_w4a4_dimensions`,
//!   `_select_dynamic_tile_m`, `_dynamic_task_geometry`, `_check_memref_limit`,
//!   `_dynamic_branch_major_extent`, `_get_dynamic_kernel`'s constructor arguments;
//! - the kernel: `__new__`, `_can_use_gated_optimized_kernel`, `__init__`, `_setup_attributes` (the
//!   stage rules), `__call__` and `kernel()`'s `@cute.struct StorageGated` / `StorageRelu2`;
//! - the dense helper's `_compute_stages` (`dense_blockscaled_gemm_sm120_b12x.py`) and
//!   `cute_dsl/utils.py`'s `sm120_make_smem_layout_sfa/sfb`.
//!
//! `tokens` is the workspace's capacity: the call's tokens on the functional path, a
//! `B12xMoEWrapper(use_cuda_graph=True)`'s `max_num_tokens` (a pre-allocated workspace keeps its
//! tile_m for smaller calls). Per-expert FC1 input scales are assumed (`input_gs.numel() == experts`;
//! with one expert that is the shared scale). Measured on a CPU with the DSL (12,616 records of
//! every release 0.6.9-0.7.4 under DSL 4.8.1, 1,530 under 4.5.0 / 4.7.1 where admitted: docs/dsl.md).

use super::cute_struct::CuteStruct;
use super::{Activation, DslFacts, DslFamily, FlashinferVersion as V, OwnEstimate};
use crate::layout::{PerStage, Role};
use crate::{ConfigField, Evaluation, Footprint, KernelConfig, ModelError, Operand, Rejection, StageChoice};

/// `get_smem_capacity_in_bytes("sm_120")`: the kernel's `smem_capacity`.
pub const SMEM_CAPACITY: u64 = 101_376;

/// `_RUNTIME_MEMREF_LIMIT`: 2^31 - 1 elements.
const RUNTIME_MEMREF_LIMIT: u128 = (1 << 31) - 1;

/// `_LEVEL_TILE_N`: the N tile of every dynamic kernel.
const TILE_N: u64 = 128;

/// Where a release's path differs, one fact per source change (SPEC classes A..M of the research:
/// every function on the path hashed, /work/dsl/dynamic/CLASS_HASHES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one flag per source change, as each is a yes or no
pub struct Facts {
    /// 0.6.10: the dense helper moves from `dense_blockscaled_gemm_sm120.py`
    /// (`Sm120BlockScaledDenseGemmKernel`) to `dense_blockscaled_gemm_sm120_b12x.py`
    /// (`Sm120B12xBlockScaledDenseGemmKernel`), its functions hash-identical: only the frame that
    /// raises the TMA atom's MLIRError is named differently.
    pub b12x_helper: bool,
    /// 0.6.11.post1: `kernel()`'s structs gain `route_phys_rows`, `route_expert_ids`
    /// (`Int32[(num_mma_warps + 1) * 32]`), `scatter_tok_cache` (`Int32[tile_m]`) and
    /// `scatter_weight_cache` (`Float32[tile_m]`).
    pub route_scatter_caches: bool,
    /// 0.6.14: the dense `_compute_stages` allows up to 5 stages for a (16 | 64, 128) tile (and
    /// `sm120_make_smem_layout_sfb` asserts `N % 16`, not `N % 64`: N is 128 here).
    pub five_stages: bool,
    /// 0.6.15 (commit c22b65b, PR #3744, the flashinfer#3807 fix): `_setup_attributes` caps the
    /// gated path at 2 stages ("The gated path stages a second weight pipeline (sB_up / sSFB_up)
    /// that _compute_stages doesn't model"), before the k-tile rounding. 0.6.17 replaces the cap.
    pub gated_two_stages: bool,
    /// 0.6.15: `is_gated_activation` (silu, gelu_tanh, swigluoai_uninterleave), the kernel accepts
    /// the two new names, and `launch_sm120_moe` pads the intermediate size to a multiple of 128
    /// (`_pad_intermediate_to_tile`).
    pub gated_activations: bool,
    /// 0.6.17: `_select_dynamic_tile_m` (16/32/64/128 by routed rows per expert, gated only); the
    /// kernel's A/SFA smem blocks keep 128 rows (`smem_tile_shape_mnk`), its MMA atom and warps follow
    /// tile_m, and `_setup_attributes` caps the stages by its own `fixed + per_stage` reckoning, which
    /// counts sB_up/sSFB_up; `_check_memref_limit` on the workspace and the scatter output.
    pub dynamic_tile_m: bool,
    /// 0.6.18 (PR #4329): `MoEDynamicKernel.__new__` returns `MoEGatedDynamicKernel` when
    /// `_can_use_gated_optimized_kernel`; MXFP4 (`_sf_params_for_quant_mode`: sf_vec 32, E8M0 scales)
    /// with its hidden-size check in `launch_sm120_moe`; the constructor gets `hidden_size`,
    /// `intermediate_size` (the padded n) and `num_topk`.
    pub gated_kernel: bool,
    /// 0.7.4: `_validate_w4a4_dimensions` (in place of the MXFP4 hidden check and the padding);
    /// eligibility and the generic kernel at the true intermediate size (`_dynamic_branch_major_extent`);
    /// `StorageGated` v2 of the gated kernel (no zero-size members, no `up_pipeline_array`).
    pub true_extent: bool,
}

/// The facts of a release's source (13 classes of its path's functions; 0.6.11's runtime argument
/// tuple, 0.6.11.post3's quant-mode plumbing, 0.6.12's barrier split, 0.7.0's `input_global_scale`
/// and 0.7.1's `expert_map` check leave the struct as it is).
pub const fn facts(v: V) -> Facts {
    const A: Facts = Facts {
        b12x_helper: false,
        route_scatter_caches: false,
        five_stages: false,
        gated_two_stages: false,
        gated_activations: false,
        dynamic_tile_m: false,
        gated_kernel: false,
        true_extent: false,
    };
    const B: Facts = Facts { b12x_helper: true, ..A };
    const D: Facts = Facts { route_scatter_caches: true, ..B };
    const G: Facts = Facts { five_stages: true, ..D };
    const H: Facts = Facts { gated_two_stages: true, gated_activations: true, ..G };
    const I: Facts = Facts { gated_two_stages: false, dynamic_tile_m: true, ..H };
    const J: Facts = Facts { gated_kernel: true, ..I };
    const M: Facts = Facts { true_extent: true, ..J };
    match v {
        V::V0_6_9 => A,
        V::V0_6_10 | V::V0_6_10Post1 | V::V0_6_11 => B,
        V::V0_6_11Post1 | V::V0_6_11Post2 | V::V0_6_11Post3 | V::V0_6_12 | V::V0_6_13 => D,
        V::V0_6_14 => G,
        V::V0_6_15
        | V::V0_6_15Post1
        | V::V0_6_16
        | V::V0_6_16Post1
        | V::V0_6_16Post2
        | V::V0_6_16Post3
        | V::V0_6_16Post4 => H,
        V::V0_6_17 => I,
        V::V0_6_18 | V::V0_6_18Post1 | V::V0_7_0 | V::V0_7_0Post1 | V::V0_7_1 | V::V0_7_2 | V::V0_7_2Post1 => J,
        V::V0_7_4 => M,
    }
}

/// The quantization mode (`quant_mode`): NVFP4, or MXFP4 from 0.6.18.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QuantMode {
    Nvfp4,
    Mxfp4,
}

impl QuantMode {
    /// `_sf_params_for_quant_mode`: the scale block (the scale dtype is 8 bits either way).
    const fn sf_vec_size(self) -> u64 {
        match self {
            QuantMode::Nvfp4 => 16,
            QuantMode::Mxfp4 => 32,
        }
    }
    const fn upper(self) -> &'static str {
        match self {
            QuantMode::Nvfp4 => "NVFP4",
            QuantMode::Mxfp4 => "MXFP4",
        }
    }
}

/// A refusal of FlashInfer's path: the source's text (its format string), the text as raised, and where.
fn refused(at: ConfigField, message: &'static str, text: String, by: &'static str) -> Evaluation {
    Evaluation::Rejected(Rejection {
        message,
        at,
        detail: text.into(),
        stage_choice: None,
        epilogue_bytes: None,
        by: Some(by),
    })
}

const fn align_up(value: u64, alignment: u64) -> u64 {
    value.div_ceil(alignment) * alignment
}

/// `is_gated_activation` as the release has it (before 0.6.15 the dispatch's `activation == "silu"`).
const fn is_gated_activation(f: Facts, a: Activation) -> bool {
    if f.gated_activations {
        a.gated()
    } else {
        matches!(a, Activation::Silu)
    }
}

/// `_select_dynamic_tile_m(routed_rows, num_experts, activation)` (0.6.17 on).
fn select_dynamic_tile_m(f: Facts, routed_rows: u64, num_experts: u64, activation: Activation) -> u64 {
    if !is_gated_activation(f, activation) {
        return 128;
    }
    let routed_rows = routed_rows.max(1);
    let num_experts = num_experts.max(1);
    if routed_rows < 15 * num_experts {
        16
    } else if routed_rows < 48 * num_experts {
        32
    } else if routed_rows < 96 * num_experts {
        64
    } else {
        128
    }
}

/// `_check_memref_limit(name, elements)`.
fn check_memref_limit(name: &str, elements: u128) -> Option<Evaluation> {
    (elements > RUNTIME_MEMREF_LIMIT).then(|| {
        refused(
            ConfigField::Tokens,
            "{name} needs {elements} elements, which exceeds the 2^31-1 runtime memref limit. Reduce the token chunk or expert count for this launch.",
            format!(
                "{name} needs {elements} elements, which exceeds the 2^31-1 runtime memref limit. Reduce the token chunk or expert count for this launch."
            ),
            "moe_dispatch._check_memref_limit: ValueError",
        )
    })
}

/// `_can_use_gated_optimized_kernel(activation, sf_vec_size, mma_tiler_mn, hidden_size,
/// intermediate_size, num_topk, share_input_across_experts)` (0.6.18 on).
#[allow(clippy::too_many_arguments)] // the source's signature
fn can_use_gated_optimized_kernel(
    f: Facts,
    activation: Activation,
    sf_vec_size: u64,
    mma_tiler_mn: [u64; 2],
    hidden_size: u64,
    intermediate_size: u64,
    num_topk: u64,
    share_input_across_experts: bool,
) -> bool {
    // _GATED_OPTIMIZED_MAX_HIDDEN_SIZE = 128 * 128, _GATED_OPTIMIZED_MAX_INTERMEDIATE_SIZE = 4 * 128,
    // _GATED_OPTIMIZED_MAX_TOPK = 16, _MAX_SHARED_INPUT_TOPK = 32.
    let max_topk = if share_input_across_experts { 32 } else { 16 };
    is_gated_activation(f, activation)
        && sf_vec_size == 16
        && mma_tiler_mn == [128, 128]
        && hidden_size <= 128 * 128
        && intermediate_size <= 4 * 128
        && num_topk <= max_topk
}

/// Evaluate a `b12x-moe-dynamic` configuration: `launch_sm120_moe` with the dynamic backend.
pub(crate) fn evaluate(cfg: &KernelConfig, keep: bool) -> Result<Evaluation, ModelError> {
    let d = &cfg.dsl;
    let release = d.flashinfer.ok_or_else(|| missing(ConfigField::Flashinfer))?;
    let f = facts(release);
    let hidden = d.hidden.ok_or_else(|| missing(ConfigField::Hidden))?;
    let intermediate = d.intermediate.ok_or_else(|| missing(ConfigField::Intermediate))?;
    let experts = d.experts.ok_or_else(|| missing(ConfigField::Experts))?;
    let top_k = d.top_k.ok_or_else(|| missing(ConfigField::TopK))?;
    let tokens = d.tokens.ok_or_else(|| missing(ConfigField::Tokens))?;
    let activation = d.activation.unwrap_or(Activation::Silu);
    let quant_mode = match (cfg.a, cfg.b) {
        (Operand::Nvfp4, Operand::Nvfp4) => QuantMode::Nvfp4,
        (Operand::Mxfp4, Operand::Mxfp4) if f.gated_kernel => QuantMode::Mxfp4,
        (Operand::Mxfp4, Operand::Mxfp4) => {
            return Err(ModelError::new(
                ConfigField::A,
                format!("flashinfer {release}'s dynamic MoE kernel takes NVFP4 only"),
                "the dynamic kernel's MXFP4 quant_mode ships from flashinfer 0.6.18",
            ))
        }
        (a, b) if a == b => {
            return Err(ModelError::new(
                ConfigField::A,
                format!("the b12x dynamic MoE kernel takes nvfp4 or mxfp4 operands (W4A4), not {a}"),
                "set a and b to nvfp4 (or mxfp4, 0.6.18 on)",
            ))
        }
        _ => {
            return Err(ModelError::new(
                ConfigField::B,
                format!(
                    "the b12x dynamic MoE kernel takes one quant_mode for both operands, not {} and {}",
                    cfg.a, cfg.b
                ),
                "give a and b the same format",
            ))
        }
    };
    if let Some([m, n]) = d.tile {
        if n != TILE_N {
            return Err(ModelError::new(
                ConfigField::Tile,
                format!("the dynamic kernel's N tile is always 128 (`_LEVEL_TILE_N`), not {n}"),
                "give tile as [tile_m, 128]",
            ));
        }
        if !matches!(m, 16 | 32 | 64 | 128) {
            return Err(ModelError::new(
                ConfigField::Tile,
                format!("tile_m = {m} is no tile_m the dispatch picks or the measurements overrode (16, 32, 64, 128)"),
                "give tile_m as 16, 32, 64 or 128",
            ));
        }
    }
    // `input_gs.numel() == 1`: a scalar FC1 input scale, which per-expert scales are for one expert.
    let input_gs_is_shared = experts == 1;
    let gated = is_gated_activation(f, activation);
    let sf_vec_size = quant_mode.sf_vec_size();

    // launch_sm120_moe: k = a.size(1); n = the intermediate size, padded or validated.
    let k = hidden;
    let mut n = intermediate;
    if f.true_extent {
        // `_validate_w4a4_dimensions(k, n, quant_mode)`, then `n = _align_up(n, 128)`.
        if !k.is_multiple_of(128) {
            return Ok(refused(
                ConfigField::Hidden,
                "{q} b12x hidden_size ({k}) must be a multiple of 128 and positive; hidden-dimension tails are not supported.",
                format!(
                    "{} b12x hidden_size ({k}) must be a multiple of 128 and positive; hidden-dimension tails are not supported.",
                    quant_mode.upper()
                ),
                "moe_dispatch._validate_w4a4_dimensions: ValueError",
            ));
        }
        if !n.is_multiple_of(sf_vec_size) {
            return Ok(refused(
                ConfigField::Intermediate,
                "{q} b12x intermediate_size ({n}) must be a positive multiple of the quantization block size ({sf_vec_size}).",
                format!(
                    "{} b12x intermediate_size ({n}) must be a positive multiple of the quantization block size ({sf_vec_size}).",
                    quant_mode.upper()
                ),
                "moe_dispatch._validate_w4a4_dimensions: ValueError",
            ));
        }
        n = align_up(n, 128);
    } else {
        if f.gated_kernel && quant_mode == QuantMode::Mxfp4 && !k.is_multiple_of(128) {
            return Ok(refused(
                ConfigField::Hidden,
                "MXFP4 b12x hidden_size ({k}) must be a multiple of 128.",
                format!("MXFP4 b12x hidden_size ({k}) must be a multiple of 128."),
                "moe_dispatch.launch_sm120_moe: ValueError",
            ));
        }
        if f.gated_activations && !n.is_multiple_of(128) {
            // `_pad_intermediate_to_tile(..., n, _LEVEL_TILE_N)`.
            n = n.div_ceil(TILE_N) * TILE_N;
        }
    }

    // allocate_sm120_dynamic_workspace: the tile_m, and (0.6.17 on) the workspace's memref checks.
    let routed_rows = tokens * top_k;
    let (tile_m, tile_from) = match d.tile {
        Some([m, _]) => (m, "tile as given, in place of the workspace's tile_m"),
        None if f.dynamic_tile_m => (
            select_dynamic_tile_m(f, routed_rows, experts, activation),
            "the workspace's _select_dynamic_tile_m, by routed rows per expert",
        ),
        None => (128, "the workspace's tile_m, _LEVEL_TILE_M = 128"),
    };
    if f.dynamic_tile_m {
        // `_dynamic_task_geometry(state_E, n, routed_rows, tile_m)`.
        let routed = routed_rows.max(1);
        let physical_tiles = (routed.div_ceil(tile_m) + experts.min(routed) - 1).max(1);
        let rows_padded = u128::from(physical_tiles * tile_m);
        let scale_rows = u128::from(align_up(physical_tiles * tile_m, 128));
        let cols_pad_k = u128::from(align_up(k / sf_vec_size, 4));
        let checks = [
            ("dynamic packed_input", rows_padded * u128::from(k / 2)),
            ("dynamic packed_input_scale", scale_rows * cols_pad_k),
            // launch_sm120_dynamic_moe
            ("scatter_output", u128::from(tokens) * u128::from(hidden)),
        ];
        for (name, elements) in checks {
            if let Some(r) = check_memref_limit(name, elements) {
                return Ok(r);
            }
        }
    }

    // launch_sm120_dynamic_moe / _get_dynamic_kernel: the constructor's shape arguments, and
    // MoEDynamicKernel.__new__ (0.6.18 on). 0.7.4 passes the true intermediate size.
    let ctor_intermediate = if f.true_extent { intermediate } else { n };
    let share = input_gs_is_shared && top_k <= 32;
    if f.gated_kernel
        && can_use_gated_optimized_kernel(
            f,
            activation,
            sf_vec_size,
            [tile_m, TILE_N],
            k,
            ctor_intermediate,
            top_k,
            share,
        )
    {
        return Ok(gated_optimized(f, k, n, tile_from, keep));
    }
    Ok(generic(f, activation, gated, quant_mode, k, tile_m, tile_from, keep))
}

fn missing(field: ConfigField) -> ModelError {
    ModelError::new(field, format!("a b12x dynamic MoE configuration needs `{}`", field.key()), "write the key")
}

/// The SF layouts' single-stage `size(filter_zeros(...))` (= their cosize per stage):
/// `sm120_make_smem_layout_sfa/sfb` pack `max(128, ceil(rows / 128) * 128) * tile_k / sf_vec` bytes.
const fn sf_per_stage(rows: u64, tile_k: u64, sf_vec_size: u64) -> u64 {
    let blk_mn = 128;
    let tile_rows = if rows.div_ceil(blk_mn) * blk_mn > blk_mn { rows.div_ceil(blk_mn) * blk_mn } else { blk_mn };
    tile_rows * (tile_k / sf_vec_size)
}

/// `MoEDynamicKernel` (the generic kernel): `__init__`, `_setup_attributes`, `__call__`, `kernel()`.
#[allow(clippy::too_many_arguments, clippy::similar_names)] // sfa/sfb: the source's names
fn generic(
    f: Facts,
    activation: Activation,
    gated: bool,
    quant_mode: QuantMode,
    hidden_size: u64,
    tile_m: u64,
    tile_from: &'static str,
    keep: bool,
) -> Evaluation {
    // __init__: the activation, the tile, the MMA atom.
    let accepted = f.gated_activations || matches!(activation, Activation::Silu | Activation::Relu2);
    if !accepted {
        return refused(
            ConfigField::Activation,
            "unsupported activation {activation!r}",
            format!("unsupported activation '{}'", activation.name()),
            "MoEDynamicKernel.__init__: ValueError",
        );
    }
    let sf_vec_size = quant_mode.sf_vec_size();
    let tile_k = if sf_vec_size == 32 { 128 } else { sf_vec_size * 8 };
    let tile_shape_mnk = [tile_m, TILE_N, tile_k];
    let epi_tile = [tile_m, TILE_N];
    let occupancy = 1;
    // 0.6.17 on: atom (2,2,1) 4 warps for 128, (4,2,1) 8 for 64, (2,2,1) 4 for 32, (1,2,1) 2 for 16.
    let num_mma_warps = match (f.dynamic_tile_m, tile_m) {
        (true, 64) => 8,
        (true, 16) => 2,
        _ => 4,
    };
    // The A/SFA smem block: tile_m rows, 0.6.17 on max(128, tile_m) (`sa_tile_shape_mk`).
    let sa_tile_m = if f.dynamic_tile_m { tile_m.max(128) } else { tile_m };

    // _setup_attributes: the SF layouts at one stage, then _compute_stages.
    // sm120_make_smem_layout_sfa asserts M % 64 (M % 16 from 0.6.18, where M is at least 128).
    if !sa_tile_m.is_multiple_of(64) {
        return refused(
            ConfigField::Tile,
            "tile_shape_mnk[0] must be divisible by 64",
            "tile_shape_mnk[0] must be divisible by 64".into(),
            "cute_dsl.utils.sm120_make_smem_layout_sfa: AssertionError",
        );
    }
    let sfa_one = sf_per_stage(sa_tile_m, tile_k, sf_vec_size);
    let sfb_one = sf_per_stage(TILE_N, tile_k, sf_vec_size);
    // DenseGemmKernel._compute_stages(tile_shape_mnk, fp4, fp4, sf, sfa, sfb, epi_tile, BFloat16,
    // smem_capacity, occupancy): epi_tile is the CTA tile, so one epilogue stage.
    let epi_stage = 1;
    let epi_bytes = epi_tile[0] * epi_tile[1] * 16 / 8 * epi_stage;
    let ab_bytes_per_stage =
        tile_shape_mnk[0] * tile_shape_mnk[2] * 4 / 8 + tile_shape_mnk[1] * tile_shape_mnk[2] * 4 / 8;
    let sf_bytes_per_stage = sfa_one + sfb_one;
    let mbar_helpers_bytes = 1024;
    let dense_fixed = occupancy * 1024 + mbar_helpers_bytes + epi_bytes;
    let dense_per_stage = ab_bytes_per_stage + sf_bytes_per_stage;
    let raw_ab_stage = ((SMEM_CAPACITY - occupancy * 1024) / occupancy).saturating_sub(mbar_helpers_bytes + epi_bytes)
        / dense_per_stage;
    let cap = if f.five_stages && matches!(tile_shape_mnk[0], 16 | 64) && tile_shape_mnk[1] == 128 { 5 } else { 4 };
    let mut ab_stage = raw_ab_stage.clamp(1, cap);
    if f.gated_two_stages && gated {
        ab_stage = ab_stage.min(2);
    }
    // 0.6.17 on: the kernel's own cap, counting the gated second B/SFB buffers and the pipelines.
    let nb = if gated { 2 } else { 1 };
    let n_pipe = if gated { 3 } else { 2 };
    let a_bytes = sa_tile_m * tile_k * 4 / 8;
    let b_bytes = TILE_N * tile_k * 4 / 8;
    let generic_per_stage = a_bytes + nb * b_bytes + sfa_one + nb * sfb_one + n_pipe * 2 * 8;
    let generic_fixed = tile_m * TILE_N * 2 + 2 * (num_mma_warps + 1) * 32 * 4 + tile_m * 8 + 8 * 8 + 1024 + 8 * 1024;
    if f.dynamic_tile_m {
        let max_fit = (SMEM_CAPACITY.saturating_sub(generic_fixed) / generic_per_stage).max(1);
        ab_stage = ab_stage.min(max_fit);
    }
    // k_tile_cnt = hidden_size // tile_k (floors: a hidden tail is not refused before 0.7.4).
    let k_tile_cnt = hidden_size / tile_k;
    while ab_stage > 1 && !k_tile_cnt.is_multiple_of(ab_stage) {
        ab_stage -= 1;
    }
    let s = ab_stage;

    // __call__: the SF TMA atoms. Before 0.6.17 the SFA smem block holds 128 rows while a 64-row
    // tile's TMA V-map has 64 (tile 16 and 32 failed the assert above).
    if sa_tile_m < 128 {
        debug_assert_eq!(tile_m, 64);
        // The frame: dense_blockscaled_gemm_sm120_b12x.py (0.6.10 on), dense_blockscaled_gemm_sm120.py.
        let by = if f.b12x_helper {
            "Sm120B12xBlockScaledDenseGemmKernel._make_tma_atoms_and_tensors: MLIRError"
        } else {
            "Sm120BlockScaledDenseGemmKernel._make_tma_atoms_and_tensors: MLIRError"
        };
        return refused(
            ConfigField::Tile,
            "Operation creation failed:",
            format!("Operation creation failed: {SFA_VMAP_DIAGNOSTIC}"),
            by,
        );
    }

    // kernel(): the struct.
    let w = num_mma_warps;
    let a_elems = sa_tile_m * tile_k;
    let b_elems = TILE_N * tile_k;
    let staged = |bytes: u64| Some(PerStage { stages: s, bytes_per_stage: bytes });
    let name = if gated { "StorageGated" } else { "StorageRelu2" };
    let mut st = CuteStruct::new(name, keep);
    st.mem_range("ctrl", 32, 8, 1, Role::SchedulerStorage);
    if f.route_scatter_caches {
        st.mem_range("route_phys_rows", 32, (w + 1) * 32, 1, Role::SchedulerResponses).mem_range(
            "route_expert_ids",
            32,
            (w + 1) * 32,
            1,
            Role::SchedulerResponses,
        );
    }
    st.mem_range("pipeline_array", 64, s * 2, 1, Role::MainloopBarriers);
    if gated {
        st.mem_range("up_pipeline_array", 64, s * 2, 1, Role::MainloopBarriers);
    }
    st.mem_range("phase2_pipeline_array", 64, s * 2, 1, Role::MainloopBarriers);
    if f.route_scatter_caches {
        st.mem_range("scatter_tok_cache", 32, tile_m, 1, Role::FusionStorage).mem_range(
            "scatter_weight_cache",
            32,
            tile_m,
            1,
            Role::FusionStorage,
        );
    }
    st.mem_range_staged("sA", 4, a_elems * s, 1024, Role::OperandA, staged(a_elems / 2)).mem_range_staged(
        "sB",
        4,
        b_elems * s,
        1024,
        Role::OperandB,
        staged(b_elems / 2),
    );
    if gated {
        st.mem_range_staged("sB_up", 4, b_elems * s, 1024, Role::OperandB, staged(b_elems / 2));
    }
    st.mem_range_staged("sSFA", 8, sfa_one * s, 1024, Role::ScaleFactorA, staged(sfa_one)).mem_range_staged(
        "sSFB",
        8,
        sfb_one * s,
        1024,
        Role::ScaleFactorB,
        staged(sfb_one),
    );
    if gated {
        st.mem_range_staged("sSFB_up", 8, sfb_one * s, 1024, Role::ScaleFactorB, staged(sfb_one));
    }
    let c_elems = epi_tile[0] * epi_tile[1];
    st.mem_range("sC", 16, c_elems, 1024, Role::EpilogueC);
    let laid = st.finish();

    let (own, stage_choice) = if f.dynamic_tile_m {
        (
            OwnEstimate {
                bytes: generic_fixed + s * generic_per_stage,
                by: "MoEDynamicKernel._setup_attributes (its stage cap)",
                leaves_out: Vec::new(),
            },
            StageChoice {
                policy: crate::StagePolicy::Auto,
                stages: s as i64,
                capacity_bytes: SMEM_CAPACITY,
                carveout_bytes: Some(generic_fixed),
                stage_bytes: generic_per_stage,
                data_bytes_per_stage: generic_per_stage - n_pipe * 2 * 8,
            },
        )
    } else {
        // It counts one sA, sB, sSFA and sSFB stage, sC, and 2 KiB of reserves.
        let mut leaves_out = if gated { vec!["sB_up", "sSFB_up", "ctrl"] } else { vec!["ctrl"] };
        if f.route_scatter_caches {
            leaves_out.extend(["route_phys_rows", "route_expert_ids"]);
        }
        leaves_out.push("pipeline_array");
        if gated {
            leaves_out.push("up_pipeline_array");
        }
        leaves_out.push("phase2_pipeline_array");
        if f.route_scatter_caches {
            leaves_out.extend(["scatter_tok_cache", "scatter_weight_cache"]);
        }
        leaves_out.push("the 1024-byte alignment padding");
        (
            OwnEstimate { bytes: dense_fixed + s * dense_per_stage, by: "DenseGemmKernel._compute_stages", leaves_out },
            StageChoice {
                policy: crate::StagePolicy::Auto,
                stages: s as i64,
                capacity_bytes: SMEM_CAPACITY,
                carveout_bytes: Some(dense_fixed),
                stage_bytes: dense_per_stage,
                data_bytes_per_stage: dense_per_stage,
            },
        )
    };
    let epilogue_bytes = c_elems * 2;
    Evaluation::Compiled(Footprint {
        kernel_bytes: laid.size,
        mainloop_bytes: laid.size.saturating_sub(epilogue_bytes),
        epilogue_bytes,
        stages: s,
        members: laid.members,
        stage_choice,
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family: DslFamily::B12xMoeDynamic,
            kernel_class: "MoEDynamicKernel",
            storage: name,
            tile: [tile_m, TILE_N],
            tile_from,
            own_estimate: Some(own),
            other_stages: vec![("epi_stage", epi_stage)],
        })),
    })
}

/// The MLIR diagnostic of the SFA TMA atom for a 64-row tile before 0.6.17 (DSL 4.7.1 and 4.8.1;
/// 4.5.0 raises `ValueError: Operation creation failed` with no diagnostic).
const SFA_VMAP_DIAGNOSTIC: &str = "error: unknown: expected top-level shape equivalence between the SMEM layout and the CTA V-map, but got '!cute.layout<\"(((32,4),1),((16,4),1,2)):(((16,4),512),((0,1),4,512))\">' and '!cute.layout<\"((32,2),(16,4,2)):((1@0@0@0,1@1@0@0),(1@0@0@1,1@1@0@1,1@1@1))\">'";

/// `MoEGatedDynamicKernel` (0.6.18 on, `_moe_dynamic/gated.py`): fixed M128 x N128 geometry, its
/// stage counts constants of `_setup_attributes`; `n` is the intermediate extent its W13 carries.
#[allow(clippy::similar_names)] // sfa/sfb: the source's names
fn gated_optimized(f: Facts, hidden_size: u64, n: u64, tile_from: &'static str, keep: bool) -> Evaluation {
    // __init__ (the M128xN128, 16-element-block and gated checks hold: __new__ chose it for them).
    let tile_shape_mnk = [128u64, 128, 128];
    let fc1_tile_n = tile_shape_mnk[1] / 2;
    let sf_vec_size = 16;
    // __call__: unreachable through __new__'s bounds (hidden <= 16384, n <= 512), kept as written.
    if hidden_size > tile_shape_mnk[0] * tile_shape_mnk[1] {
        return refused(
            ConfigField::Hidden,
            "the gated dynamic kernel requires one BF16 input row to fit in its 16384-element Q0 staging buffer",
            "the gated dynamic kernel requires one BF16 input row to fit in its 16384-element Q0 staging buffer".into(),
            "MoEGatedDynamicKernel.__call__: ValueError",
        );
    }
    if !f.true_extent && n / tile_shape_mnk[1] > 4 {
        // b_w13.shape[0] // 128 // 2 > 4, with b_w13 holding 2 * n rows.
        return refused(
            ConfigField::Intermediate,
            "the gated dynamic kernel retains at most four intermediate slices per task",
            "the gated dynamic kernel retains at most four intermediate slices per task".into(),
            "MoEGatedDynamicKernel.__call__: ValueError",
        );
    }
    // _setup_attributes: constants, and five _make_smem_layouts calls at these stage counts.
    let (ab_stage, ab_storage_stage, phase2_stage, epi_stage) = (3u64, 2u64, 3u64, 1u64);
    let (a_stages, sfa_stages) = (5u64, 4u64);
    let tile_k = tile_shape_mnk[2];
    let a_one = tile_shape_mnk[0] * tile_k; // fp4 elements
    let b_one = tile_shape_mnk[1] * tile_k;
    let sfa_one = sf_per_stage(tile_shape_mnk[0], tile_k, sf_vec_size);
    let sfb_one = sf_per_stage(tile_shape_mnk[1], tile_k, sf_vec_size);
    // fc1_sfb_smem_layout_storage: the N64 FC1 tile's SFB block is still 128 rows.
    let fc1_sfb_one = sf_per_stage(fc1_tile_n, tile_k, sf_vec_size);
    let c_elems = tile_shape_mnk[0] * tile_shape_mnk[1];
    // fc1_storage_alias = getattr(self, "fc1_storage_alias", sequential_branch_compact), and
    // sequential_branch_compact = getattr(self, "sequential_branch_compact", False): never set.
    let fc1_storage_alias = false;
    let sfb_up_elems = if fc1_storage_alias { 0 } else { fc1_sfb_one * ab_storage_stage };
    let per = |stages: u64, bytes: u64| Some(PerStage { stages, bytes_per_stage: bytes });
    let mut st = CuteStruct::new("StorageGated", keep);
    st.mem_range("ctrl", 32, 16, 1, Role::SchedulerStorage);
    if !f.true_extent {
        st.mem_range("route_phys_rows", 32, 0, 1, Role::SchedulerResponses).mem_range(
            "route_expert_ids",
            32,
            0,
            1,
            Role::SchedulerResponses,
        );
    }
    st.mem_range("pipeline_array", 64, ab_stage * 2, 1, Role::MainloopBarriers);
    if !f.true_extent {
        st.mem_range("up_pipeline_array", 64, ab_stage * 2, 1, Role::MainloopBarriers);
    }
    st.mem_range("phase2_pipeline_array", 64, phase2_stage * 2, 1, Role::MainloopBarriers)
        .mem_range("q0_bulk_barrier", 64, 1, 1, Role::MainloopBarriers)
        .mem_range("scatter_tok_cache", 32, tile_shape_mnk[0] * 2, 1, Role::FusionStorage);
    if !f.true_extent {
        st.mem_range("scatter_weight_cache", 32, 0, 1, Role::FusionStorage);
    }
    st.mem_range_staged("sB", 4, b_one * ab_storage_stage, 1024, Role::OperandB, per(ab_storage_stage, b_one / 2))
        .mem_range("sC", 16, c_elems * epi_stage, 1024, Role::EpilogueC)
        .mem_range_staged("sA", 4, a_one * a_stages, 1024, Role::OperandA, per(a_stages, a_one / 2));
    if !f.true_extent {
        st.mem_range("sB_up", 4, 0, 1024, Role::OperandB);
    }
    st.mem_range_staged("sSFA", 8, sfa_one * sfa_stages, 1024, Role::ScaleFactorA, per(sfa_stages, sfa_one))
        .mem_range_staged(
            "sSFB",
            8,
            sfb_one * ab_storage_stage,
            1024,
            Role::ScaleFactorB,
            per(ab_storage_stage, sfb_one),
        )
        .mem_range("sSFB_phase2_extra", 8, sfb_one, 1024, Role::ScaleFactorB)
        .mem_range_staged("sSFB_up", 8, sfb_up_elems, 1024, Role::ScaleFactorB, per(ab_storage_stage, fc1_sfb_one));
    let laid = st.finish();
    let epilogue_bytes = c_elems * 2;
    let data_per_stage = a_one / 2 + b_one / 2 + sfa_one + sfb_one;
    Evaluation::Compiled(Footprint {
        kernel_bytes: laid.size,
        mainloop_bytes: laid.size.saturating_sub(epilogue_bytes),
        epilogue_bytes,
        stages: ab_stage,
        members: laid.members,
        stage_choice: StageChoice {
            policy: crate::StagePolicy::Fixed(ab_stage as u32),
            stages: ab_stage as i64,
            capacity_bytes: SMEM_CAPACITY,
            carveout_bytes: None,
            stage_bytes: data_per_stage,
            data_bytes_per_stage: data_per_stage,
        },
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family: DslFamily::B12xMoeDynamic,
            kernel_class: "MoEGatedDynamicKernel",
            storage: "StorageGated",
            tile: [tile_shape_mnk[0], tile_shape_mnk[1]],
            tile_from,
            own_estimate: None,
            other_stages: vec![
                ("epi_stage", epi_stage),
                ("ab_storage_stage", ab_storage_stage),
                ("phase2_stage", phase2_stage),
            ],
        })),
    })
}

/// No tiles to propose: the dynamic kernel's tile_m is no argument of FlashInfer's API (the
/// workspace picks it from its capacity tokens), and before 0.6.17, where the default overflows,
/// no tile_m but 128 builds.
pub(crate) fn candidate_tiles(cfg: &KernelConfig) -> Vec<[u64; 2]> {
    let _ = cfg;
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::Dsl;

    fn moe(v: V, hidden: u64, intermediate: u64, experts: u64, top_k: u64, tokens: u64) -> KernelConfig {
        KernelConfig::dsl(
            DslFamily::B12xMoeDynamic,
            Dsl {
                flashinfer: Some(v),
                hidden: Some(hidden),
                intermediate: Some(intermediate),
                experts: Some(experts),
                top_k: Some(top_k),
                tokens: Some(tokens),
                ..Dsl::NONE
            },
        )
    }

    /// flashinfer#3807's shape: Qwen3.5-122B-A10B, H 3072, I 1024, E 256, top-k 8, 4096 tokens.
    fn incident(v: V) -> KernelConfig {
        moe(v, 3072, 1024, 256, 8, 4096)
    }

    fn with(mut cfg: KernelConfig, edit: impl FnOnce(&mut Dsl)) -> KernelConfig {
        edit(&mut cfg.dsl);
        cfg
    }

    fn footprint(cfg: &KernelConfig) -> Footprint {
        match evaluate(cfg, true).unwrap() {
            Evaluation::Compiled(f) => f,
            Evaluation::Rejected(r) => panic!("{r:?}"),
        }
    }

    fn rejection(cfg: &KernelConfig) -> Rejection {
        match evaluate(cfg, true).unwrap() {
            Evaluation::Rejected(r) => r,
            Evaluation::Compiled(f) => panic!("compiles: {} bytes", f.kernel_bytes),
        }
    }

    /// (name, offset, bytes) of the members, padding left out.
    fn members(f: &Footprint) -> Vec<(&str, u64, u64)> {
        f.members
            .iter()
            .filter(|m| m.role != Role::Padding)
            .map(|m| (m.path.split_once('.').unwrap().1, m.offset, m.size))
            .collect()
    }

    /// 0.6.14: `_compute_stages` budgets 90,112 bytes for 3 stages, the struct takes 118,784: 17,408
    /// over the 101,376-byte cap, what the issue reports at launch.
    #[test]
    fn the_3807_incident_on_0_6_14() {
        let f = footprint(&incident(V::V0_6_14));
        assert_eq!((f.kernel_bytes, f.stages), (118_784, 3));
        assert_eq!(f.kernel_bytes - SMEM_CAPACITY, 17_408);
        assert_eq!(
            members(&f),
            [
                ("ctrl", 0, 32),
                ("route_phys_rows", 32, 640),
                ("route_expert_ids", 672, 640),
                ("pipeline_array", 1312, 48),
                ("up_pipeline_array", 1360, 48),
                ("phase2_pipeline_array", 1408, 48),
                ("scatter_tok_cache", 1456, 512),
                ("scatter_weight_cache", 1968, 512),
                ("sA", 3072, 24576),
                ("sB", 27648, 24576),
                ("sB_up", 52224, 24576),
                ("sSFA", 76800, 3072),
                ("sSFB", 79872, 3072),
                ("sSFB_up", 82944, 3072),
                ("sC", 86016, 32768),
            ]
        );
        let d = f.dsl.unwrap();
        assert_eq!((d.kernel_class, d.storage, d.tile), ("MoEDynamicKernel", "StorageGated", [128, 128]));
        let own = d.own_estimate.unwrap();
        assert_eq!(own.bytes, 90_112);
        for m in ["sB_up", "sSFB_up", "route_phys_rows", "scatter_tok_cache", "ctrl", "up_pipeline_array"] {
            assert!(own.leaves_out.contains(&m), "{m}: {:?}", own.leaves_out);
        }
        // The first releases have no route/scatter caches: 116,736 bytes.
        for v in [V::V0_6_9, V::V0_6_10, V::V0_6_10Post1, V::V0_6_11] {
            assert_eq!(footprint(&incident(v)).kernel_bytes, 116_736, "{v}");
        }
        for v in [V::V0_6_11Post1, V::V0_6_11Post2, V::V0_6_11Post3, V::V0_6_12, V::V0_6_13] {
            assert_eq!(footprint(&incident(v)).kernel_bytes, 118_784, "{v}");
        }
    }

    /// The fix (c22b65b, PR #3744, 0.6.15): the gated path at 2 stages, 91,136 bytes; the estimate
    /// still leaves sB_up and sSFB_up out (71,680). From 0.6.17 the kernel's own cap counts them
    /// (99,744) and picks the same 2 stages.
    #[test]
    fn the_fix_from_0_6_15() {
        for v in [V::V0_6_15, V::V0_6_15Post1, V::V0_6_16, V::V0_6_16Post4] {
            let f = footprint(&incident(v));
            assert_eq!((f.kernel_bytes, f.stages), (91_136, 2), "{v}");
            assert_eq!(f.dsl.unwrap().own_estimate.unwrap().bytes, 71_680, "{v}");
        }
        for v in [V::V0_6_17, V::V0_6_18, V::V0_7_2Post1, V::V0_7_4] {
            let f = footprint(&incident(v));
            assert_eq!((f.kernel_bytes, f.stages), (91_136, 2), "{v}");
            let d = f.dsl.unwrap();
            // 32,768 routed rows >= 96 x 256: tile 128; I = 1024 > 512: the generic kernel.
            assert_eq!((d.kernel_class, d.tile), ("MoEDynamicKernel", [128, 128]), "{v}");
            let own = d.own_estimate.unwrap();
            assert_eq!((own.bytes, own.leaves_out.len()), (99_744, 0), "{v}");
        }
        // 1,024 tokens: 8,192 routed rows < 48 x 256, tile_m 32 from 0.6.17.
        let f = footprint(&moe(V::V0_6_17, 3072, 1024, 256, 8, 1024));
        assert_eq!(f.dsl.unwrap().tile, [32, 128]);
    }

    /// SPEC §9: before 0.6.15 every gated shape whose k-tile count is a multiple of 3 overflows,
    /// whatever the experts, top-k, intermediate or tokens; relu2 at 3 stages fits.
    #[test]
    fn before_the_fix_the_stage_count_follows_hidden_only() {
        for (hidden, stages) in [(3072, 3), (4096, 2), (2944, 1), (7168, 2), (6144, 3)] {
            let f = footprint(&moe(V::V0_6_14, hidden, 768, 64, 4, 1));
            assert_eq!(f.stages, stages, "{hidden}");
        }
        let relu2 = with(incident(V::V0_6_14), |d| d.activation = Some(Activation::Relu2));
        let f = footprint(&relu2);
        assert_eq!((f.kernel_bytes, f.stages, f.dsl.unwrap().storage), (91_136, 3, "StorageRelu2"));
        let relu2 = with(incident(V::V0_6_9), |d| d.activation = Some(Activation::Relu2));
        assert_eq!(footprint(&relu2).kernel_bytes, 89_088);
    }

    /// 0.6.18 on, within `_can_use_gated_optimized_kernel`'s bounds: `MoEGatedDynamicKernel`, whose
    /// struct is the cap exactly; 0.7.4's v2 struct drops the empty members, not a byte.
    #[test]
    fn the_gated_kernel_allocates_the_cap_exactly() {
        let cfg = moe(V::V0_6_18, 4096, 512, 256, 8, 4096);
        let f = footprint(&cfg);
        assert_eq!((f.kernel_bytes, f.stages), (101_376, 3));
        let d = f.dsl.as_deref().unwrap();
        assert_eq!((d.kernel_class, d.own_estimate.as_ref()), ("MoEGatedDynamicKernel", None));
        assert_eq!(d.other_stages, [("epi_stage", 1), ("ab_storage_stage", 2), ("phase2_stage", 3)]);
        assert_eq!(
            members(&f),
            [
                ("ctrl", 0, 64),
                ("route_phys_rows", 64, 0),
                ("route_expert_ids", 64, 0),
                ("pipeline_array", 64, 48),
                ("up_pipeline_array", 112, 48),
                ("phase2_pipeline_array", 160, 48),
                ("q0_bulk_barrier", 208, 8),
                ("scatter_tok_cache", 216, 1024),
                ("scatter_weight_cache", 1240, 0),
                ("sB", 2048, 16384),
                ("sC", 18432, 32768),
                ("sA", 51200, 40960),
                ("sB_up", 92160, 0),
                ("sSFA", 92160, 4096),
                ("sSFB", 96256, 2048),
                ("sSFB_phase2_extra", 98304, 1024),
                ("sSFB_up", 99328, 2048),
            ]
        );
        let f = footprint(&with(cfg, |d| d.flashinfer = Some(V::V0_7_4)));
        assert_eq!(f.kernel_bytes, 101_376);
        assert_eq!(
            members(&f).iter().map(|m| m.0).collect::<Vec<_>>(),
            [
                "ctrl",
                "pipeline_array",
                "phase2_pipeline_array",
                "q0_bulk_barrier",
                "scatter_tok_cache",
                "sB",
                "sC",
                "sA",
                "sSFA",
                "sSFB",
                "sSFB_phase2_extra",
                "sSFB_up"
            ]
        );
        // Outside the bounds: top-k 17 (per-expert scales), I 640, hidden 16,512, or relu2.
        for cfg in [
            moe(V::V0_6_18, 4096, 512, 256, 17, 4096),
            moe(V::V0_6_18, 4096, 640, 256, 8, 4096),
            moe(V::V0_6_18, 16_512, 512, 256, 8, 4096),
            with(moe(V::V0_6_18, 4096, 512, 256, 8, 4096), |d| d.activation = Some(Activation::Relu2)),
        ] {
            assert_eq!(footprint(&cfg).dsl.unwrap().kernel_class, "MoEDynamicKernel", "{cfg:?}");
        }
        // I = 500: 0.6.18-0.7.2 decide on the padded 512, 0.7.4 on the true 500; both admit it.
        // I = 520: 640 padded (generic) on 0.7.2, and 520 > 512 on 0.7.4 too.
        assert_eq!(
            footprint(&moe(V::V0_7_2, 4096, 500, 256, 8, 4096)).dsl.unwrap().kernel_class,
            "MoEGatedDynamicKernel"
        );
        assert_eq!(
            footprint(&moe(V::V0_7_4, 4096, 496, 256, 8, 4096)).dsl.unwrap().kernel_class,
            "MoEGatedDynamicKernel"
        );
        assert_eq!(footprint(&moe(V::V0_7_2, 4096, 520, 256, 8, 4096)).dsl.unwrap().kernel_class, "MoEDynamicKernel");
    }

    /// The tile_m overrides the research measured, and the refusals in FlashInfer's words.
    #[test]
    fn refusals_as_raised() {
        let tile = |v: V, m: u64| with(moe(v, 2048, 768, 128, 8, 1024), |d| d.tile = Some([m, 128]));
        let r = rejection(&tile(V::V0_6_14, 16));
        assert_eq!(
            (r.message, r.by),
            (
                "tile_shape_mnk[0] must be divisible by 64",
                Some("cute_dsl.utils.sm120_make_smem_layout_sfa: AssertionError")
            )
        );
        let r = rejection(&tile(V::V0_6_9, 64));
        assert_eq!(r.by, Some("Sm120BlockScaledDenseGemmKernel._make_tma_atoms_and_tensors: MLIRError"));
        assert!(r
            .detail
            .to_string()
            .starts_with("Operation creation failed: error: unknown: expected top-level shape"));
        // 0.6.17's 128-row smem block builds every measured tile_m.
        for m in [16, 32, 64, 128] {
            assert_eq!(footprint(&tile(V::V0_6_17, m)).dsl.unwrap().tile, [m, 128]);
        }
        let gelu = with(incident(V::V0_6_14), |d| d.activation = Some(Activation::GeluTanh));
        assert_eq!(rejection(&gelu).detail.to_string(), "unsupported activation 'gelu_tanh'");
        assert_eq!(footprint(&with(gelu, |d| d.flashinfer = Some(V::V0_6_15))).dsl.unwrap().storage, "StorageGated");
        let r = rejection(&moe(V::V0_7_4, 2880, 1024, 32, 4, 16));
        assert_eq!(
            r.detail.to_string(),
            "NVFP4 b12x hidden_size (2880) must be a multiple of 128 and positive; hidden-dimension tails are not supported."
        );
        // Before 0.7.4 a hidden tail floors the k-tile count (22 here) and builds.
        assert_eq!(footprint(&moe(V::V0_7_2, 2880, 1024, 32, 4, 16)).stages, 2);
        let r = rejection(&moe(V::V0_6_17, 16_384, 1024, 512, 32, 40_000));
        assert!(r.detail.to_string().starts_with("dynamic packed_input needs "), "{r:?}");
        assert_eq!(r.at, ConfigField::Tokens);
        // What the model refuses to guess: a tile it was not measured with, MXFP4 before 0.6.18.
        assert!(evaluate(&with(incident(V::V0_6_17), |d| d.tile = Some([128, 64])), true).is_err());
        assert!(evaluate(&with(incident(V::V0_6_17), |d| d.tile = Some([256, 128])), true).is_err());
        let mut mx = incident(V::V0_6_17);
        (mx.a, mx.b) = (Operand::Mxfp4, Operand::Mxfp4);
        assert!(evaluate(&mx, true).is_err());
        mx.dsl.flashinfer = Some(V::V0_6_18);
        let f = footprint(&mx);
        assert_eq!((f.dsl.unwrap().kernel_class, f.kernel_bytes), ("MoEDynamicKernel", 88_064));
    }

    #[test]
    fn every_release_has_its_facts() {
        for v in V::ALL {
            let f = facts(*v);
            assert!(!f.gated_two_stages || f.five_stages, "{v}");
            assert!(!f.gated_two_stages || !f.dynamic_tile_m, "{v}: 0.6.17 replaced the 2-stage cap");
            assert!(!f.true_extent || f.gated_kernel, "{v}");
            assert!(!f.gated_kernel || f.dynamic_tile_m, "{v}");
        }
    }
}
