//! FlashInfer's SM120 b12x fused-MoE static kernel (`b12x-moe-static`): the functional
//! `b12x_fused_moe(...)` (NVFP4 weights and activations) with the dispatch's static backend forced,
//! through `moe_dispatch.launch_sm120_moe` -> `launch_sm120_static_moe` -> `_get_static_kernel` to
//! `MoEStaticKernel` (`fused_moe/cute_dsl/blackwell_sm12x/moe_static_kernel.py`), every release that
//! ships it (0.6.9 to 0.7.4).
//!
//! Mirrors, per release (the facts of [`facts`]):
//! - `moe_dispatch.py`: `launch_sm120_moe`'s intermediate-size checks and paddings
//!   (`_get_weight_views`, `_pad_intermediate_to_tile`, `_STATIC_RETAINED_GROUP_N`,
//!   `_validate_w4a4_dimensions`, the static views' extent), `_get_cached_workspace` /
//!   `allocate_sm120_static_workspace` (`_check_memref_limit`, `_bucket_workspace_rows`),
//!   `launch_sm120_static_moe` (the static MAC, `_STATIC_MAC_LADDER`), `_get_static_kernel` (the tile,
//!   `_select_moe_mma_tiler_mn`, the constructor's arguments, its fake tensors);
//! - the kernel file: `MoEStaticKernel.__init__`, `_setup_attributes` (the dense helper's
//!   `_compute_stages`, the static clamp and fit loop), `_make_a_smem_layout`, `_make_staged_layouts`,
//!   `_shared_storage_size_bytes`, and the `@cute.struct`s `StorageGated` / `StorageRelu2` that
//!   `kernel()` allocates;
//! - `cute_dsl/utils.py`: `sm120_make_smem_layout_sfa/sfb`.
//!
//! Experts, tokens and the SM count change the struct only through the tile the dispatch picks (and
//! the workspace planes it checks); the hidden size also through the stage divisor rule before 0.7.0.
//! `get_max_active_clusters(1)` is a device query: the model takes it as `sm_count`, as the probe does
//! (it enters only through `min(., sm_count)`). Measured on a CPU with the DSL (16,590 records of
//! every release, DSL 4.5.0, 4.7.1 and 4.8.1: docs/dsl.md).

use super::cute_struct::CuteStruct;
use super::{Activation, DslFacts, DslFamily, FlashinferVersion as V, OwnEstimate};
use crate::layout::{PerStage, Role};
use crate::{ConfigField, Evaluation, Footprint, KernelConfig, ModelError, Operand, Rejection, StageChoice};

/// `get_smem_capacity_in_bytes("sm_120")` = `(100 - 1) * 1024`: the kernel's `smem_capacity`.
pub const SMEM_CAPACITY: u64 = 101_376;
/// `moe_dispatch._RUNTIME_MEMREF_LIMIT`: `2^31 - 1` elements per workspace plane.
const RUNTIME_MEMREF_LIMIT: u128 = (1 << 31) - 1;
/// `_COMPACT_STATIC_TILE_M`: the scatter caches' rows.
const COMPACT_STATIC_TILE_M: u64 = 128;
/// `_LEVEL_TILE_N`: the gate/up tile split and the 0.6.15 padding.
const LEVEL_TILE_N: u64 = 128;
/// `_STATIC_RETAINED_GROUP_N` (0.7.0): the static intermediate padding.
const STATIC_RETAINED_GROUP_N: u64 = 256;
/// `_STATIC_TILE_M` = `_STATIC_SLOT_ROWS` (0.7.4): the tile M and the workspace slot rows.
const STATIC_TILE_M: u64 = 32;
/// NVFP4: `sf_vec_size=16`, and so `tile_k` = 128 in every release.
const SF_VEC_SIZE: u64 = 16;
const TILE_K: u64 = SF_VEC_SIZE * 8;
/// `self.buffer_align_bytes`: every buffer's `Align[...]`.
const BUFFER_ALIGN_BYTES: u64 = 1024;

/// `_STATIC_MAC_LADDER` from 0.6.11: (routed rows up to, max active clusters).
const MAC_LADDER_0_6_11: &[(u64, u64)] = &[
    (24, 148),
    (32, 169),
    (40, 132),
    (48, 149),
    (64, 134),
    (80, 175),
    (96, 171),
    (120, 125),
    (128, 130),
    (160, 171),
    (192, 166),
    (256, 141),
    (320, 158),
    (512, 175),
    (640, 188),
];
/// `_STATIC_MAC_LADDER` retuned by PR #4718 (0.7.0).
const MAC_LADDER_0_7_0: &[(u64, u64)] =
    &[(64, 110), (256, 92), (448, 110), (512, 92), (640, 110), (768, 92), (1024, 110)];

/// How `_get_static_kernel` picks `mma_tiler_mn` when `top_k > 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiler {
    /// `_select_moe_mma_tiler_mn(routed_rows, n)`: (64, 128) for at most 128 routed rows whose coarse
    /// 128 x 128 tiles fit half the SMs, else (128, 128).
    HalfTheSms,
    /// PR #4285 (0.6.17, "refresh the decode tile heuristics"): `resident_clusters=mac`; (64, 128) for
    /// at most 32 rows and n <= 256, the coarse tile when the MAC is below the SM count.
    ResidentClusters,
    /// PR #4718 (0.7.0): also (64, 128) for every routed-row count up to 1024.
    Decode1024,
    /// PR #5168's dataflow (0.7.4): always `(_STATIC_TILE_M, _LEVEL_TILE_N)` = (32, 128), top_k 1 too.
    Fixed32x128,
}

/// What `allocate_sm120_static_workspace` sizes and checks against the runtime memref limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workspace {
    /// No check (a launch past 2^31 elements overflows; the struct is what it is).
    Unchecked,
    /// PR #4285 (0.6.17): `packed_input`, `packed_input_scale` of E experts x routed rows, and
    /// `launch_sm120_static_moe`'s `scatter_output`.
    Planes,
    /// PR #4718 (0.7.0): `E + ceil(rows / 32)` virtual experts, and `route_output_scratch`.
    VirtualExperts,
    /// PR #5168 (0.7.4): 32-row slots per virtual expert, rows bucketed to a power of two (at least
    /// 128; the exact rows where the bucket overflows).
    Slots,
}

/// Where a release's path differs, one fact per source change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // one named flag per source change, never a state machine
pub struct Facts {
    /// The release's class of identical source along the whole path (1..=14; SPEC §2's C1..C14).
    /// Classes 3/4, 5/6 and 11/12/13 differ only in code that leaves this family's result as it is.
    pub class: u8,
    /// 0.6.11: `launch_sm120_static_moe` passes `mac_override=static_mac` from this ladder (before,
    /// `mac_override` is not passed and the MAC is `min(get_max_active_clusters(1), sm_count)`).
    pub mac_ladder: Option<&'static [(u64, u64)]>,
    /// 0.6.14: the dense `_compute_stages` allows 5 stages for (16 | 64, 128) tiles.
    pub five_stages_for_64x128: bool,
    /// PR #3744 (0.6.15): `launch_sm120_moe` pads the intermediate size to a multiple of 128
    /// (`_pad_intermediate_to_tile`) where `_get_weight_views` raised before.
    pub pads_intermediate_to_128: bool,
    pub tiler: Tiler,
    pub workspace: Workspace,
    /// 0.6.18: `cute.compile` runs in the `lambda` `_get_static_kernel` hands to
    /// `build_and_load_cute_dsl_kernel`.
    pub compiles_in_lambda: bool,
    /// PR #4718 (0.7.0, "optimize and unify static MoE"): the unified struct (no `up_pipeline_array`,
    /// `ctrl` of 8, one `scatter_meta_cache`), the stage clamp 3 without the k-tile divisor rule, and
    /// the static intermediate padded to `_STATIC_RETAINED_GROUP_N`.
    pub unified_static: bool,
    /// PR #5168 (0.7.4): `_validate_w4a4_dimensions`, the static views' extent (`static_n`), the
    /// constructor's `merged_groups` / `deferred_init` / `source_scales`; no 256 padding.
    pub dataflow_0_7_4: bool,
}

/// The facts of a release's source (SPEC §2's fourteen classes).
pub const fn facts(v: V) -> Facts {
    const C1: Facts = Facts {
        class: 1,
        mac_ladder: None,
        five_stages_for_64x128: false,
        pads_intermediate_to_128: false,
        tiler: Tiler::HalfTheSms,
        workspace: Workspace::Unchecked,
        compiles_in_lambda: false,
        unified_static: false,
        dataflow_0_7_4: false,
    };
    const C2: Facts = Facts { class: 2, mac_ladder: Some(MAC_LADDER_0_6_11), ..C1 };
    const C7: Facts = Facts { class: 7, five_stages_for_64x128: true, ..C2 };
    const C8: Facts = Facts { class: 8, pads_intermediate_to_128: true, ..C7 };
    const C9: Facts = Facts { class: 9, tiler: Tiler::ResidentClusters, workspace: Workspace::Planes, ..C8 };
    const C10: Facts = Facts { class: 10, compiles_in_lambda: true, ..C9 };
    const C11: Facts = Facts {
        class: 11,
        mac_ladder: Some(MAC_LADDER_0_7_0),
        tiler: Tiler::Decode1024,
        workspace: Workspace::VirtualExperts,
        unified_static: true,
        ..C10
    };
    const C14: Facts =
        Facts { class: 14, tiler: Tiler::Fixed32x128, workspace: Workspace::Slots, dataflow_0_7_4: true, ..C11 };
    match v {
        // PR #3051's first port; 0.6.10 renames the dense helper's file (byte-identical functions).
        V::V0_6_9 | V::V0_6_10 | V::V0_6_10Post1 => C1,
        V::V0_6_11 => C2,
        // 0.6.11.post1: `activation_precision` and the constructor's keyword order (W4A16 plumbing).
        V::V0_6_11Post1 => Facts { class: 3, ..C2 },
        // 0.6.11.post2 .. 0.6.13: `b12x_fused_moe` argument plumbing and W4A16 routing.
        V::V0_6_11Post2 => Facts { class: 4, ..C2 },
        V::V0_6_11Post3 | V::V0_6_12 => Facts { class: 5, ..C2 },
        V::V0_6_13 => Facts { class: 6, ..C2 },
        // 0.6.14 also relaxes the SFB layout's assert to tile N % 16 (no dispatch tile trips either).
        V::V0_6_14 => C7,
        // PR #3744 (gelu_tanh and swiglu_oai activations, flashinfer#3683's I = 704): the padding.
        V::V0_6_15
        | V::V0_6_15Post1
        | V::V0_6_16
        | V::V0_6_16Post1
        | V::V0_6_16Post2
        | V::V0_6_16Post3
        | V::V0_6_16Post4 => C8,
        // PR #4285 ("sync SM12x NVFP4 fused-MoE kernels to b12x HEAD").
        V::V0_6_17 => C9,
        // 0.6.18 also relaxes the SFA assert to tile M % 16 and adds MXFP4's tile_k (NVFP4 unchanged).
        V::V0_6_18 | V::V0_6_18Post1 => C10,
        // PR #4718; 0.7.1's expert-parallel plumbing and 0.7.2's cache key leave the path's result.
        V::V0_7_0 | V::V0_7_0Post1 => C11,
        V::V0_7_1 => Facts { class: 12, ..C11 },
        V::V0_7_2 | V::V0_7_2Post1 => Facts { class: 13, ..C11 },
        V::V0_7_4 => C14,
    }
}

/// A refusal of FlashInfer's path: where it points, the static text (the source's f-string), the
/// text as raised, and what raised it.
#[derive(Clone, Debug)]
struct Refusal {
    at: ConfigField,
    message: &'static str,
    text: String,
    by: &'static str,
}

fn refused(at: ConfigField, message: &'static str, text: String, by: &'static str) -> Refusal {
    Refusal { at, message, text, by }
}

impl From<Refusal> for Evaluation {
    fn from(r: Refusal) -> Evaluation {
        Evaluation::Rejected(Rejection {
            message: r.message,
            at: r.at,
            detail: r.text.into(),
            stage_choice: None,
            epilogue_bytes: None,
            by: Some(r.by),
        })
    }
}

const fn align_up(v: u64, a: u64) -> u64 {
    v.div_ceil(a) * a
}

/// The configuration in the dispatch's names: `k` (hidden), `n` (intermediate size per rank).
#[derive(Clone, Copy, Debug)]
struct Problem {
    k: u64,
    n: u64,
    num_experts: u64,
    top_k: u64,
    tokens: u64,
    gated: bool,
    sm_count: u64,
}

/// What `_get_static_kernel` constructs `MoEStaticKernel` with (the arguments the struct reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ctor {
    mma_tiler_mn: [u64; 2],
    output_tile_count_n: u64,
    merged_groups: bool,
    source_scales: bool,
    tile_from: &'static str,
}

/// `_check_memref_limit(name, elements)`.
fn check_memref_limit(name: &str, elements: u128) -> Result<(), Refusal> {
    if elements > RUNTIME_MEMREF_LIMIT {
        return Err(refused(
            ConfigField::Tokens,
            "{name} needs {elements} elements, which exceeds the 2^31-1 runtime memref limit. Reduce the token chunk or expert count for this launch.",
            format!(
                "{name} needs {elements} elements, which exceeds the 2^31-1 runtime memref limit. Reduce the token chunk or expert count for this launch."
            ),
            "moe_dispatch._check_memref_limit: ValueError",
        ));
    }
    Ok(())
}

/// The extents of the workspace `_get_static_kernel` builds its fake tensors from.
#[derive(Clone, Copy, Debug)]
struct StaticWorkspace {
    state_e: u128,
    max_rows: u64,
    slot_rows: u64,
}

/// `allocate_sm120_static_workspace(state_E, max_rows, k, n)`: the planes it checks.
fn allocate_sm120_static_workspace(
    f: Facts,
    state_e: u64,
    max_rows: u64,
    k: u64,
    n: u64,
) -> Result<StaticWorkspace, Refusal> {
    let cols_pad_k = u128::from(align_up(k / 16, 4));
    let (e, rows, k) = (u128::from(state_e), u128::from(max_rows), u128::from(k));
    let exact = StaticWorkspace { state_e: e, max_rows, slot_rows: max_rows };
    match f.workspace {
        Workspace::Unchecked => Ok(exact),
        Workspace::Planes => {
            let rows_pad_k = u128::from(align_up(max_rows, 128));
            check_memref_limit("static packed_input", e * rows * (k / 2))?;
            check_memref_limit("static packed_input_scale", e * rows_pad_k * cols_pad_k)?;
            Ok(exact)
        }
        Workspace::VirtualExperts => {
            let n = align_up(n, STATIC_RETAINED_GROUP_N);
            let rows_pad_k = u128::from(align_up(max_rows, 128));
            let virt_e = e + u128::from(max_rows.div_ceil(32));
            let retained_groups = u128::from((n / STATIC_RETAINED_GROUP_N).max(1));
            check_memref_limit("static packed_input", virt_e * rows * (k / 2))?;
            check_memref_limit("static packed_input_scale", virt_e * rows_pad_k * cols_pad_k)?;
            check_memref_limit("static route_output_scratch", rows * retained_groups * k)?;
            Ok(StaticWorkspace { state_e: virt_e, ..exact })
        }
        Workspace::Slots => {
            let n = align_up(n, LEVEL_TILE_N);
            let slot_rows = STATIC_TILE_M;
            let rows_pad_k = u128::from(align_up(slot_rows, 128));
            // `_static_max_chunks`, `_static_retained_groups`.
            let virt_e = e + u128::from(max_rows.div_ceil(slot_rows));
            let retained_groups = u128::from((align_up(n, 256) / 256).max(1));
            check_memref_limit("static packed_input", virt_e * u128::from(slot_rows) * (k / 2))?;
            check_memref_limit("static packed_input_scale", virt_e * rows_pad_k * cols_pad_k)?;
            check_memref_limit("static route_output_scratch", rows * retained_groups * k)?;
            Ok(StaticWorkspace { state_e: virt_e, max_rows, slot_rows })
        }
    }
}

/// `_get_cached_workspace(backend="static", ...)` with an empty cache.
fn get_cached_workspace(f: Facts, p: &Problem, n: u64) -> Result<StaticWorkspace, Refusal> {
    let routed = p.tokens * p.top_k;
    if f.workspace == Workspace::Slots {
        // `_bucket_workspace_rows`: `1 << (max(128, routed_rows) - 1).bit_length()`; a ValueError
        // (the bucket past the memref limit) falls back to the exact rows.
        let bucket = 1u64 << (64 - (routed.max(128) - 1).leading_zeros());
        if let Ok(ws) = allocate_sm120_static_workspace(f, p.num_experts, bucket.max(1), p.k, n) {
            return Ok(ws);
        }
    }
    allocate_sm120_static_workspace(f, p.num_experts, routed.max(1), p.k, n)
}

/// `_lookup_mac_ladder(ladder, routed_rows)`.
fn lookup_mac_ladder(ladder: &[(u64, u64)], routed_rows: u64) -> Option<u64> {
    ladder.iter().find(|(end_rows, _)| routed_rows <= *end_rows).map(|&(_, mac)| mac)
}

/// `_select_moe_mma_tiler_mn(routed_rows, n[, resident_clusters=mac])`.
fn select_moe_mma_tiler_mn(tiler: Tiler, routed_rows: u64, n: u64, sm_count: u64, mac: u64) -> [u64; 2] {
    let coarse_tile = [128, 128];
    let coarse_tiles = routed_rows.div_ceil(128) * n.div_ceil(128);
    let half = (sm_count / 2).max(1);
    if tiler == Tiler::HalfTheSms {
        return if routed_rows <= 128 && coarse_tiles <= half { [64, 128] } else { coarse_tile };
    }
    if routed_rows <= 32 && n <= 256 {
        return [64, 128];
    }
    if tiler == Tiler::Decode1024 && routed_rows <= 1024 {
        return [64, 128];
    }
    if mac < sm_count {
        return coarse_tile;
    }
    if routed_rows <= 64 || (routed_rows <= 128 && coarse_tiles <= half) {
        return [64, 128];
    }
    coarse_tile
}

/// `launch_sm120_moe` -> `launch_sm120_static_moe` -> `_get_static_kernel`, forced onto the static
/// kernel: the constructor's arguments, or the dispatch's refusal.
fn dispatch(f: Facts, p: &Problem) -> Result<Ctor, Refusal> {
    let k = p.k;
    let routed = p.tokens * p.top_k;
    // n = w1_weight.size(1) // 2 if gated else w1_weight.size(1): the intermediate size.
    let mut n = p.n;
    let mut static_extent = 0;
    let mut source_scales = false;
    if f.dataflow_0_7_4 {
        if !k.is_multiple_of(LEVEL_TILE_N) {
            return Err(refused(
                ConfigField::Hidden,
                "NVFP4 b12x hidden_size ({k}) must be a multiple of 128 and positive; hidden-dimension tails are not supported.",
                format!(
                    "NVFP4 b12x hidden_size ({k}) must be a multiple of 128 and positive; hidden-dimension tails are not supported."
                ),
                "moe_dispatch._validate_w4a4_dimensions: ValueError",
            ));
        }
        if !n.is_multiple_of(SF_VEC_SIZE) {
            return Err(refused(
                ConfigField::Intermediate,
                "NVFP4 b12x intermediate_size ({n}) must be a positive multiple of the quantization block size (16).",
                format!(
                    "NVFP4 b12x intermediate_size ({n}) must be a positive multiple of the quantization block size (16)."
                ),
                "moe_dispatch._validate_w4a4_dimensions: ValueError",
            ));
        }
        let n_true = n;
        n = align_up(n, LEVEL_TILE_N);
        // `_prepare_weight_views`: `static_needs_256_extent`, else the true extent where
        // `true_extent_views_supported` (n % 32 == 0), else the 128-padded views.
        static_extent = if align_up(n_true, LEVEL_TILE_N) < 256 {
            256
        } else if n_true.is_multiple_of(32) {
            n_true
        } else {
            n
        };
        source_scales = p.gated && n_true > 128 && n_true.is_multiple_of(64) && n_true % 128 == 64;
    } else if f.pads_intermediate_to_128 {
        n = align_up(n, LEVEL_TILE_N);
        if f.unified_static {
            n = align_up(n, STATIC_RETAINED_GROUP_N);
        }
    } else if !n.is_multiple_of(LEVEL_TILE_N) {
        return Err(refused(
            ConfigField::Intermediate,
            "intermediate_size ({n}) must be a multiple of 128 for the SM120 MoE kernel's gate/up tile split.",
            format!("intermediate_size ({n}) must be a multiple of 128 for the SM120 MoE kernel's gate/up tile split."),
            "moe_dispatch._get_weight_views: ValueError",
        ));
    }
    let ws = get_cached_workspace(f, p, n)?;
    if f.workspace != Workspace::Unchecked {
        check_memref_limit("scatter_output", u128::from(p.tokens) * u128::from(k))?;
    }
    // base_mac = min(get_max_active_clusters(1), sm_count), the device query taken as sm_count.
    let base_mac = p.sm_count;
    let mac = match f.mac_ladder {
        None => base_mac,
        Some(ladder) => {
            let static_mac = lookup_mac_ladder(ladder, routed).unwrap_or(base_mac).min(base_mac);
            if routed < 40 {
                static_mac.min(64)
            } else {
                static_mac
            }
        }
    };
    let mut merged_groups = false;
    let (mma_tiler_mn, tile_from) = if f.tiler == Tiler::Fixed32x128 {
        let static_n = n.max(align_up(static_extent, LEVEL_TILE_N));
        merged_groups = p.top_k > 1 && (align_up(static_n, 128) / 128).max(1) == 3 && routed >= 1920;
        n = static_n;
        ([STATIC_TILE_M, LEVEL_TILE_N], "_get_static_kernel: (_STATIC_TILE_M, _LEVEL_TILE_N)")
    } else if p.top_k <= 1 {
        ([128, 128], "_get_static_kernel: (128, 128) for top_k 1")
    } else {
        (select_moe_mma_tiler_mn(f.tiler, routed, n, p.sm_count, mac), "_get_static_kernel: _select_moe_mma_tiler_mn")
    };
    // The fake tensors `packed_a_storage` (state_E * max_rows * (k // 2),) and `scale_storage`
    // (state_E * align(rows, 128) * align(k // 16, 4),): a zero extent is refused by cute.compile.
    let packed = ws.state_e * u128::from(ws.slot_rows) * u128::from(k / 2);
    let scales = ws.state_e * u128::from(align_up(ws.max_rows, 128)) * u128::from(align_up(k / 16, 4));
    if packed == 0 || scales == 0 {
        return Err(refused(
            ConfigField::Hidden,
            "Failed to get LayoutType from shape and stride: expects positive shape mode",
            "Failed to get LayoutType from shape and stride: expects positive shape mode, but got \"(0):(1)\"".into(),
            if f.compiles_in_lambda {
                "moe_dispatch._get_static_kernel.<lambda>: TypeError"
            } else {
                "moe_dispatch._get_static_kernel: TypeError"
            },
        ));
    }
    Ok(Ctor {
        mma_tiler_mn,
        output_tile_count_n: n.div_ceil(mma_tiler_mn[1]).max(1),
        merged_groups,
        source_scales,
        tile_from,
    })
}

/// `cutlass.utils.hopper_helpers.get_smem_layout_atom` then `make_smem_layout_atom` for a K-major
/// (or row-major C) operand: the atom's contiguous extent in elements (its rows are 8).
const fn smem_layout_atom_width(elem_bits: u64, major_mode_size: u64) -> u64 {
    let bits = major_mode_size * elem_bits;
    let swizzle_bits = if bits.is_multiple_of(1024) {
        1024 // SW128
    } else if bits.is_multiple_of(512) {
        512 // SW64
    } else if bits.is_multiple_of(256) {
        256 // SW32
    } else {
        128 // INTER
    };
    swizzle_bits / elem_bits
}

/// `cute.cosize(cute.tile_to_shape(atom, (rows, cols, stages), order))`: a compact blocked product of
/// the (8, width) atom over the atom-rounded target.
const fn tile_to_shape_cosize(elem_bits: u64, rows: u64, cols: u64, stages: u64) -> u64 {
    let width = smem_layout_atom_width(elem_bits, cols);
    align_up(rows, 8) * align_up(cols, width) * stages
}

/// `sm120_make_smem_layout_sfa/sfb` for `rows` (tile M or N), one stage: `(((32,4),T),((16,nsf),4/nsf,KB))`
/// with strides `(((16,4),512),((0,1),nsf,T*512))` (T = max(128, rows rounded up to 128) / 128; KB =
/// tile_k / 16 / 4; nsf = the MMA's K 64 / 16). Its cosize, and the `size(filter_zeros(...))` that
/// `_compute_stages` counts, are both `512 * T * KB`; the staged layout's stage stride is that cosize.
const fn sf_per_stage(rows: u64) -> u64 {
    let t = align_up(rows, 128) / 128;
    let t = if t == 0 { 1 } else { t };
    512 * t * (TILE_K / SF_VEC_SIZE / 4)
}

/// The dense helper's `_compute_stages(tile_shape_mnk, ...)` (`Sm120B12xBlockScaledDenseGemmKernel`,
/// 0.6.9's `Sm120BlockScaledDenseGemmKernel`), as `_setup_attributes` calls it: epi_tile = the tile
/// (one epilogue stage), BFloat16 C, tile_m-row A, one B.
fn compute_stages(f: Facts, tile: [u64; 2]) -> (u64, StageChoice) {
    let [tm, tn] = tile;
    let epi_stage = 1;
    let epi_bytes = tm * tn * 16 / 8 * epi_stage;
    let ab_bytes_per_stage = tm * TILE_K * 4 / 8 + tn * TILE_K * 4 / 8;
    let sf_bytes_per_stage = sf_per_stage(tm) + sf_per_stage(tn);
    let (occupancy, mbar_helpers_bytes) = (1, 1024);
    let per_stage = ab_bytes_per_stage + sf_bytes_per_stage;
    let carveout = occupancy * 1024 + mbar_helpers_bytes + epi_bytes;
    let raw = SMEM_CAPACITY.saturating_sub(carveout) / per_stage;
    let cap = if f.five_stages_for_64x128 && matches!(tm, 16 | 64) && tn == 128 { 5 } else { 4 };
    let ab_stage = raw.clamp(1, cap);
    let choice = StageChoice {
        policy: crate::StagePolicy::Auto,
        stages: i64::try_from(ab_stage).unwrap_or(i64::MAX),
        capacity_bytes: SMEM_CAPACITY,
        carveout_bytes: Some(carveout),
        stage_bytes: per_stage,
        data_bytes_per_stage: per_stage,
    };
    (ab_stage, choice)
}

/// The staged layouts' cosizes, in elements (`_make_a_smem_layout`, `_make_staged_layouts`).
#[derive(Clone, Copy, Debug)]
struct Cosizes {
    a: u64,
    b: u64,
    sfa: u64,
    sfb: u64,
    epi: u64,
}

/// `MoEStaticKernel` after `_setup_attributes`.
struct MoEStaticKernel {
    f: Facts,
    gated: bool,
    tile: [u64; 2],
    ab_stage: u64,
    epi_stage: u64,
    layouts: Cosizes,
}

impl MoEStaticKernel {
    /// `sa_tile_shape_mk[0]` = `max(128, tile_m)`: "Packed-A and SFA stages stay M128".
    const fn sa_rows(tile: [u64; 2]) -> u64 {
        if tile[0] > 128 {
            tile[0]
        } else {
            128
        }
    }

    /// `__init__`'s 0.7.4 checks of the merged-group and source-scale schedules (NVFP4, tile_k 128).
    fn check_init(f: Facts, ctor: &Ctor, gated: bool) -> Result<(), Refusal> {
        if !f.dataflow_0_7_4 {
            return Ok(());
        }
        let by = "MoEStaticKernel.__init__: ValueError";
        let sf_k_atoms_per_stage = TILE_K / 64;
        if ctor.source_scales && sf_k_atoms_per_stage != 2 {
            let t = "source_scales carries the gate scale halves of the next stage in four registers (two 64-column K atoms per 128-wide K tile)";
            return Err(refused(ConfigField::Intermediate, t, t.into(), by));
        }
        if ctor.source_scales && !gated {
            let t = "the source scale layout is supported for gated NVFP4 only";
            return Err(refused(ConfigField::Activation, t, t.into(), by));
        }
        if ctor.merged_groups {
            let [tm, tn] = ctor.mma_tiler_mn;
            let sa_tiles_per_block = Self::sa_rows(ctor.mma_tiler_mn) / tm;
            let sfb_tiles_per_block = tn.max(128) / tn;
            if ctor.output_tile_count_n < 2 {
                let t = "merged_groups needs at least two N128 slices";
                return Err(refused(ConfigField::Intermediate, t, t.into(), by));
            }
            if sa_tiles_per_block < 2 {
                let t = "merged_groups keeps the retained slices in the second tile-M row band of the A/SFA stages (M128 stages, tile M <= 64)";
                return Err(refused(ConfigField::Tile, t, t.into(), by));
            }
            if sfb_tiles_per_block != 1 {
                let t = "merged_groups assumes one N128 slice per SFB stage";
                return Err(refused(ConfigField::Tile, t, t.into(), by));
            }
        }
        Ok(())
    }

    /// `_make_staged_layouts(ab_stage)` (sA through `_make_a_smem_layout`).
    fn make_staged_layouts(tile: [u64; 2], ab_stage: u64) -> Cosizes {
        let [tm, tn] = tile;
        Cosizes {
            a: tile_to_shape_cosize(4, Self::sa_rows(tile), TILE_K, ab_stage),
            b: tile_to_shape_cosize(4, tn, TILE_K, ab_stage),
            sfa: sf_per_stage(tm) * ab_stage,
            sfb: sf_per_stage(tn) * ab_stage,
            epi: tile_to_shape_cosize(16, tm, tn, 1),
        }
    }

    /// The buffers after the header, in struct order, in bytes.
    fn buffers(&self, l: &Cosizes) -> Vec<(&'static str, u64, Role, Option<u64>)> {
        let s = self.ab_stage;
        let mut v = vec![
            ("sA", l.a / 2, Role::OperandA, Some(l.a / 2 / s)),
            ("sB", l.b / 2, Role::OperandB, Some(l.b / 2 / s)),
        ];
        if self.gated {
            v.push(("sB_up", l.b / 2, Role::OperandB, Some(l.b / 2 / s)));
        }
        v.push(("sSFA", l.sfa, Role::ScaleFactorA, Some(l.sfa / s)));
        v.push(("sSFB", l.sfb, Role::ScaleFactorB, Some(l.sfb / s)));
        if self.gated {
            v.push(("sSFB_up", l.sfb, Role::ScaleFactorB, Some(l.sfb / s)));
        }
        v.push(("sC", l.epi * 2, Role::EpilogueC, None));
        v
    }

    /// `_shared_storage_size_bytes(a, b, sfa, sfb, epi)`: the header (ctrl as 3 Int32 before 0.7.0,
    /// where the struct has 2), rounded to 1024, then each buffer, rounded except the last.
    fn shared_storage_size_bytes(&self, l: &Cosizes) -> u64 {
        let s = self.ab_stage;
        let mut offset = if self.f.unified_static {
            8 * 4 + 2 * (s * 2 * 8) + COMPACT_STATIC_TILE_M * 4 * 2
        } else {
            let pipeline_count = if self.gated { 3 } else { 2 };
            3 * 4 + pipeline_count * (s * 2 * 8) + COMPACT_STATIC_TILE_M * 4 + COMPACT_STATIC_TILE_M * 4
        };
        offset = align_up(offset, BUFFER_ALIGN_BYTES);
        let buffers = self.buffers(l);
        for (i, (_, bytes, _, _)) in buffers.iter().enumerate() {
            offset += bytes;
            if i + 1 != buffers.len() {
                offset = align_up(offset, BUFFER_ALIGN_BYTES);
            }
        }
        offset
    }

    /// `__init__` and `_setup_attributes(hidden_size)`.
    fn new(f: Facts, ctor: &Ctor, gated: bool, hidden_size: u64) -> Result<(Self, StageChoice), Refusal> {
        Self::check_init(f, ctor, gated)?;
        let tile = ctor.mma_tiler_mn;
        let (computed, choice) = compute_stages(f, tile);
        let mut k = MoEStaticKernel {
            f,
            gated,
            tile,
            ab_stage: computed,
            epi_stage: 1,
            layouts: Self::make_staged_layouts(tile, 1),
        };
        if f.unified_static {
            k.ab_stage = computed.clamp(1, 3);
            loop {
                k.layouts = Self::make_staged_layouts(tile, k.ab_stage);
                if k.shared_storage_size_bytes(&k.layouts) <= SMEM_CAPACITY || k.ab_stage <= 1 {
                    break;
                }
                k.ab_stage -= 1;
            }
            let retained_slices = if ctor.merged_groups { ctor.output_tile_count_n } else { 2 };
            if f.dataflow_0_7_4 && ctor.merged_groups && retained_slices > k.ab_stage {
                return Err(refused(
                    ConfigField::Intermediate,
                    "merged_groups keeps {r} retained slices but only {s} A/SFA stages fit in shared memory",
                    format!(
                        "merged_groups keeps {retained_slices} retained slices but only {} A/SFA stages fit in shared memory",
                        k.ab_stage
                    ),
                    "MoEStaticKernel._setup_attributes: ValueError",
                ));
            }
        } else {
            k.ab_stage = computed.clamp(1, 2);
            let k_tile_cnt = hidden_size / TILE_K;
            while k.ab_stage > 1 && !k_tile_cnt.is_multiple_of(k.ab_stage) {
                k.ab_stage -= 1;
            }
            loop {
                k.layouts = Self::make_staged_layouts(tile, k.ab_stage);
                if k.shared_storage_size_bytes(&k.layouts) <= SMEM_CAPACITY || k.ab_stage <= 1 {
                    break;
                }
                k.ab_stage -= 1;
                while k.ab_stage > 1 && !32u64.is_multiple_of(k.ab_stage) {
                    k.ab_stage -= 1;
                }
            }
        }
        Ok((k, choice))
    }

    /// The struct `kernel()` passes to `smem.allocate`: `StorageGated` or `StorageRelu2`.
    fn storage(&self, keep: bool) -> (&'static str, super::cute_struct::Laid) {
        let name = if self.gated { "StorageGated" } else { "StorageRelu2" };
        let s = self.ab_stage;
        let mut st = CuteStruct::new(name, keep);
        if self.f.unified_static {
            st.mem_range("ctrl", 32, 8, 1, Role::SchedulerStorage)
                .mem_range("pipeline_array", 64, s * 2, 1, Role::MainloopBarriers)
                .mem_range("phase2_pipeline_array", 64, s * 2, 1, Role::MainloopBarriers)
                .mem_range("scatter_meta_cache", 32, COMPACT_STATIC_TILE_M * 2, 1, Role::FusionStorage);
        } else {
            st.mem_range("ctrl", 32, 2, 1, Role::SchedulerStorage).mem_range(
                "pipeline_array",
                64,
                s * 2,
                1,
                Role::MainloopBarriers,
            );
            if self.gated {
                st.mem_range("up_pipeline_array", 64, s * 2, 1, Role::MainloopBarriers);
            }
            st.mem_range("phase2_pipeline_array", 64, s * 2, 1, Role::MainloopBarriers)
                .mem_range("scatter_tok_cache", 32, COMPACT_STATIC_TILE_M, 1, Role::FusionStorage)
                .mem_range("scatter_weight_cache", 32, COMPACT_STATIC_TILE_M, 1, Role::FusionStorage);
        }
        for (member, bytes, role, per_stage) in self.buffers(&self.layouts) {
            st.mem_range_staged(
                member,
                8,
                bytes,
                BUFFER_ALIGN_BYTES,
                role,
                per_stage.map(|b| PerStage { stages: s, bytes_per_stage: b }),
            );
        }
        (name, st.finish())
    }
}

fn missing(field: ConfigField) -> ModelError {
    ModelError::new(field, format!("a b12x-moe-static configuration needs `{}`", field.key()), "write the key")
}

/// Evaluate a `b12x-moe-static` configuration.
pub(crate) fn evaluate(cfg: &KernelConfig, keep: bool) -> Result<Evaluation, ModelError> {
    let d = &cfg.dsl;
    let release = d.flashinfer.ok_or_else(|| missing(ConfigField::Flashinfer))?;
    let f = facts(release);
    let need = |v: Option<u64>, field| v.ok_or_else(|| missing(field));
    let p = Problem {
        k: need(d.hidden, ConfigField::Hidden)?,
        n: need(d.intermediate, ConfigField::Intermediate)?,
        num_experts: need(d.experts, ConfigField::Experts)?,
        top_k: need(d.top_k, ConfigField::TopK)?,
        tokens: need(d.tokens, ConfigField::Tokens)?,
        gated: d.activation.unwrap_or(Activation::Silu).gated(),
        sm_count: d.sm_count.unwrap_or(super::DEFAULT_SM_COUNT),
    };
    if (cfg.a, cfg.b) != (Operand::Nvfp4, Operand::Nvfp4) {
        let at = if cfg.a == Operand::Nvfp4 { ConfigField::B } else { ConfigField::A };
        return Err(ModelError::new(
            at,
            format!(
                "the b12x static MoE kernel is modelled for NVFP4 weights and activations, not {} and {}",
                cfg.a, cfg.b
            ),
            "set a and b to nvfp4 (b12x_fused_moe's NVFP4 path)",
        ));
    }
    if let Some([m, n]) = d.tile {
        return Err(ModelError::new(
            ConfigField::Tile,
            format!(
                "tile [{m}, {n}] for b12x-moe-static was not measured: _get_static_kernel picks mma_tiler_mn itself, and no tile override has been traced through MoEStaticKernel"
            ),
            "leave `tile` out: the tile the dispatch picks is modelled",
        ));
    }
    let ctor = match dispatch(f, &p) {
        Ok(c) => c,
        Err(refusal) => return Ok(refusal.into()),
    };
    let (kernel, stage_choice) = match MoEStaticKernel::new(f, &ctor, p.gated, p.k) {
        Ok(k) => k,
        Err(refusal) => return Ok(refusal.into()),
    };
    let own = kernel.shared_storage_size_bytes(&kernel.layouts);
    let (storage, laid) = kernel.storage(keep);
    let epilogue_bytes = kernel.layouts.epi * 2;
    Ok(Evaluation::Compiled(Footprint {
        kernel_bytes: laid.size,
        mainloop_bytes: laid.size - epilogue_bytes,
        epilogue_bytes,
        stages: kernel.ab_stage,
        members: laid.members,
        stage_choice,
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family: DslFamily::B12xMoeStatic,
            kernel_class: "MoEStaticKernel",
            storage,
            tile: kernel.tile,
            tile_from: ctor.tile_from,
            own_estimate: Some(OwnEstimate {
                bytes: own,
                by: "MoEStaticKernel._shared_storage_size_bytes",
                leaves_out: Vec::new(),
            }),
            other_stages: vec![("epi_stage", kernel.epi_stage)],
        })),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::Dsl;

    fn moe(v: V, hidden: u64, intermediate: u64, experts: u64, top_k: u64, tokens: u64) -> KernelConfig {
        KernelConfig::dsl(
            DslFamily::B12xMoeStatic,
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

    fn relu2(mut cfg: KernelConfig) -> KernelConfig {
        cfg.dsl.activation = Some(Activation::Relu2);
        cfg
    }

    fn footprint(cfg: &KernelConfig) -> Footprint {
        match evaluate(cfg, true).unwrap() {
            Evaluation::Compiled(f) => f,
            Evaluation::Rejected(r) => panic!("{r:?}"),
        }
    }

    fn refusal(cfg: &KernelConfig) -> (String, &'static str) {
        match evaluate(cfg, false).unwrap() {
            Evaluation::Rejected(r) => (r.detail.to_string(), r.by.unwrap()),
            Evaluation::Compiled(f) => panic!("compiled: {} bytes", f.kernel_bytes),
        }
    }

    fn members(f: &Footprint) -> Vec<(&str, u64, u64)> {
        f.members
            .iter()
            .filter(|m| m.role != Role::Padding)
            .map(|m| (m.path.split_once('.').unwrap().1, m.offset, m.size))
            .collect()
    }

    /// SPEC §3's examples: 0.6.9 silu 128 x 128, 2 stages, 90,112 bytes member by member.
    #[test]
    fn the_split_struct_of_0_6_9() {
        // flashinfer#3807's shape at 4,096 tokens: 32,768 routed rows, the coarse tile.
        let f = footprint(&moe(V::V0_6_9, 3072, 1024, 256, 8, 4096));
        assert_eq!((f.kernel_bytes, f.stages, f.dsl.as_ref().unwrap().tile), (90_112, 2, [128, 128]));
        assert_eq!(
            members(&f),
            [
                ("ctrl", 0, 8),
                ("pipeline_array", 8, 32),
                ("up_pipeline_array", 40, 32),
                ("phase2_pipeline_array", 72, 32),
                ("scatter_tok_cache", 104, 512),
                ("scatter_weight_cache", 616, 512),
                ("sA", 2048, 16_384),
                ("sB", 18_432, 16_384),
                ("sB_up", 34_816, 16_384),
                ("sSFA", 51_200, 2048),
                ("sSFB", 53_248, 2048),
                ("sSFB_up", 55_296, 2048),
                ("sC", 57_344, 32_768),
            ]
        );
        let own = f.dsl.unwrap().own_estimate.unwrap();
        assert_eq!(own.bytes, 90_112, "the estimate's third ctrl word is absorbed by the 1024 alignment");
        // At 1 token the 64 x 128 tile: 73,728 bytes.
        assert_eq!(footprint(&moe(V::V0_6_9, 3072, 1024, 256, 8, 1)).kernel_bytes, 73_728);
    }

    /// 0.7.0's 64 x 128 gated struct, 3 stages, is exactly the capacity; 0.7.4's 32 x 128 is 93,184
    /// (relu2: 65,536).
    #[test]
    fn the_unified_struct_fills_the_capacity() {
        let f = footprint(&moe(V::V0_7_0, 3072, 1024, 256, 8, 16));
        assert_eq!((f.kernel_bytes, f.stages, f.dsl.as_ref().unwrap().tile), (101_376, 3, [64, 128]));
        assert_eq!(
            members(&f)[..4],
            [
                ("ctrl", 0, 32),
                ("pipeline_array", 32, 48),
                ("phase2_pipeline_array", 80, 48),
                ("scatter_meta_cache", 128, 1024)
            ]
        );
        assert_eq!(members(&f).last(), Some(&("sC", 84_992, 16_384)));
        let f = footprint(&moe(V::V0_7_4, 3072, 1024, 256, 8, 16));
        assert_eq!((f.kernel_bytes, f.stages, f.dsl.unwrap().tile), (93_184, 3, [32, 128]));
        let f = footprint(&relu2(moe(V::V0_7_4, 4608, 464, 241, 6, 8616)));
        assert_eq!((f.kernel_bytes, f.stages), (65_536, 3));
        assert_eq!(f.stage_choice.stages, 4, "_compute_stages' 4 for 32 x 128, clamped to 3");
    }

    /// Before 0.7.0 an odd number of 128-wide k tiles takes one stage; 2,880 is 22 k tiles.
    #[test]
    fn the_k_tile_divisor_rule() {
        let f = footprint(&moe(V::V0_6_18, 2944, 1024, 8, 8, 256));
        assert_eq!((f.kernel_bytes, f.stages), (62_464, 1));
        assert_eq!(footprint(&moe(V::V0_6_18, 2880, 2944, 8, 4, 256)).stages, 2);
        // 0.7.0 drops the rule: 3 stages for the 64 x 128 tile.
        assert_eq!(footprint(&moe(V::V0_7_0, 2944, 1024, 8, 8, 16)).stages, 3);
    }

    /// flashinfer#3683's I = 704 (Gemma 4): refused before PR #3744 (0.6.15), padded after.
    #[test]
    fn intermediate_704_before_and_after_the_padding() {
        let (text, by) = refusal(&moe(V::V0_6_14, 2816, 704, 128, 8, 16));
        assert_eq!(
            text,
            "intermediate_size (704) must be a multiple of 128 for the SM120 MoE kernel's gate/up tile split."
        );
        assert_eq!(by, "moe_dispatch._get_weight_views: ValueError");
        assert!(matches!(evaluate(&moe(V::V0_6_15, 2816, 704, 128, 8, 16), false), Ok(Evaluation::Compiled(_))));
    }

    /// 0.6.17's MAC ladder gives 130 clusters at 128 routed rows on 188 SMs: below the SM count, the
    /// coarse tile (0.6.16: 64 x 128; 0.7.0: 64 x 128 up to 1,024 rows).
    #[test]
    fn resident_clusters_pick_the_coarse_tile() {
        let tile = |v| footprint(&moe(v, 4096, 1024, 128, 8, 16)).dsl.unwrap().tile;
        assert_eq!(tile(V::V0_6_16), [64, 128]);
        assert_eq!(tile(V::V0_6_17), [128, 128]);
        assert_eq!(tile(V::V0_7_0), [64, 128]);
    }

    /// SPEC §6: DeepSeek-V3 at TP1 (7168 x 2048, 256 experts, top 8) at 1,024 tokens in 0.6.17.
    #[test]
    fn the_memref_limit() {
        let (text, by) = refusal(&moe(V::V0_6_17, 7168, 2048, 256, 8, 1024));
        assert!(text.starts_with("static packed_input needs 7516192768 elements, which exceeds"), "{text}");
        assert_eq!(by, "moe_dispatch._check_memref_limit: ValueError");
        // 0.6.16 checks nothing.
        assert!(matches!(evaluate(&moe(V::V0_6_16, 7168, 2048, 256, 8, 1024), false), Ok(Evaluation::Compiled(_))));
    }

    /// Hidden sizes below 16 give `_get_static_kernel` a zero-extent tensor; 0.7.4 validates first.
    #[test]
    fn tiny_hidden_sizes() {
        let (text, by) = refusal(&moe(V::V0_6_9, 8, 128, 1, 1, 1));
        assert!(text.starts_with("Failed to get LayoutType from shape and stride"));
        assert_eq!(by, "moe_dispatch._get_static_kernel: TypeError");
        assert_eq!(refusal(&moe(V::V0_6_18, 8, 128, 1, 1, 1)).1, "moe_dispatch._get_static_kernel.<lambda>: TypeError");
        let (text, _) = refusal(&moe(V::V0_7_4, 8, 128, 1, 1, 1));
        assert!(text.starts_with("NVFP4 b12x hidden_size (8) must be a multiple of 128"));
    }

    #[test]
    fn tiles_and_other_formats_are_refused() {
        let mut cfg = moe(V::V0_7_4, 4096, 1024, 128, 8, 16);
        cfg.dsl.tile = Some([64, 128]);
        assert_eq!(evaluate(&cfg, false).unwrap_err().at, ConfigField::Tile);
        let mut cfg = moe(V::V0_7_4, 4096, 1024, 128, 8, 16);
        cfg.a = Operand::Mxfp4;
        assert_eq!(evaluate(&cfg, false).unwrap_err().at, ConfigField::A);
    }

    #[test]
    fn every_release_has_its_class() {
        let classes: std::collections::BTreeSet<u8> = V::ALL.iter().map(|v| facts(*v).class).collect();
        assert_eq!(classes, (1..=14).collect());
        for w in V::ALL.windows(2) {
            assert!(facts(w[0]).class <= facts(w[1]).class, "{} {}", w[0], w[1]);
        }
    }
}
