//! SM120 / SM121 block-scaled GEMMs (`OpClassBlockScaledTensorOp`, `arch::Sm120`): NVFP4, MXFP4,
//! MXFP6, MXFP8 and their mixes, dense and grouped (ptr-array, MoE), cooperative and ping-pong.
//!
//! Mirrors, per CUTLASS version:
//! - the mainloop builder `gemm/collective/builders/sm120_blockscaled_mma_builder.inl` (instruction
//!   choice via `sm1xx_common.inl` `select_instr`, scale-factor smem atoms, stage count through
//!   `sm100_compute_stage_count_or_override_blockscaled`);
//! - the collectives `sm120_blockscaled_mma_tma.hpp` / `sm120_blockscaled_mma_array_tma.hpp`;
//! - the epilogue builder `epilogue/collective/builders/sm120_builder.inl` (SM90 TMA collectives);
//! - the SM90 kernels in [`sm90_kernel`](crate::cutlass::sm90_kernel).
//!
//! What changes between releases is read from [`Headers`](crate::Headers), one fact per
//! header change (see `model/release.rs`):
//! - which explicit ptr-array schedules the MX_F4F6F8 checks accept (3.9/4.0/4.1, 4.2-4.4.1, 4.4.2+);
//! - whether the stage-count helper rounds the per-stage barrier allowance up to 128 B (4.2.2, 4.3.6+);
//! - whether the builder subtracts kernel-level storage from the capacity (`ReducedSmemCapacityBytes`, 4.4.2+);
//! - whether SFB smem is sized for `max(N, 128)` and viewed through `logical_divide` by the tile
//!   (`sSFBTileShape_N`, `TileShapeSFB`, 4.5.0+), so tiles with N < 128 get real SFB storage and
//!   buildable TMA descriptors on the B side, and tiles the divide cannot cut are rejected.

use super::reject;
use crate::config::{Epilogue, EpilogueTile, Fusion, KernelConfig, KernelKind, Layout, Schedule, StagePolicy};
use crate::cutlass::cute;
use crate::cutlass::primitives::tensormap_storage;
use crate::cutlass::primitives::{array_engine, barrier_pair_pipeline, BARRIER_BYTES};
use crate::cutlass::sm120_epilogue;
use crate::cutlass::sm90_epilogue::EpilogueStorage;
use crate::cutlass::sm90_kernel::MainloopStorage;
use crate::dtype::{Operand, Output};
use crate::layout::{round_up, PerStage, Role, TypeLayout};
use crate::{ConfigField, Evaluation, ModelError, MxPtrArraySchedules, StageChoice, Unbuildable, Why};

/// `cutlass::arch::sm120_smem_capacity_bytes`: what the builders divide into stages.
pub const SM120_CAPACITY_BYTES: u64 = 101_376;

/// `SchedulerPipelineStageCount` of the block-scaled builder (dense kernels' CLC scheduler).
const SCHEDULER_STAGES: u64 = 3;

/// Scale-factor smem block: 32 x 4 rows x 4 scale factors (`Sm1xxBlockScaledConfig`, `Blk_MN` = 128).
const SF_BLOCK_BYTES: u64 = 512;
const SF_BLOCK_MN: u64 = 128;

/// Largest tile extent the model accepts; no SM120 tile near it fits, and it keeps all arithmetic far
/// from overflow (tile^2 * stages < 2^40).
pub const MAX_TILE_EXTENT: u64 = 1024;
/// Largest explicit stage count the model accepts.
pub const MAX_STAGES: u64 = 1024;

/// The MMA instruction `select_instr` picks, which fixes the operands' smem width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instruction {
    /// `MXF4_NVF4`: both operands 4-bit of one family; packed 4-bit smem.
    F4,
    /// `MXF4F6F8`: any 6/8-bit operand or mix; every operand in 8-bit smem containers.
    F8F6F4,
}

/// Everything the builder derives per stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PerStageBytes {
    a: u64,
    b: u64,
    sfa: u64,
    sfb: u64,
}

impl PerStageBytes {
    fn data(&self) -> u64 {
        self.a + self.b + self.sfa + self.sfb
    }
}

fn validate(cfg: &KernelConfig) -> Result<(), ModelError> {
    let t = cfg.tile;
    let family_tag = matches!(cfg.schedule, Schedule::Auto | Schedule::Cooperative | Schedule::Pingpong)
        || instruction_tag(cfg.schedule).is_some();
    if !family_tag {
        return Err(ModelError::new(
            ConfigField::Schedule,
            format!("{} is not a block-scaled schedule", cfg.schedule),
            "block-scaled kernels take auto, cooperative, pingpong or KernelTmaWarpSpecialized[Pingpong]{Nvf4,Mxf4,Mxf8f6f4}Sm120",
        ));
    }
    // `select_instr` (`sm1xx_common.inl`) was rewritten with the ptr-array schedules' entry at 4.4.2.
    if instruction_tag(cfg.schedule).is_some()
        && cfg.cutlass.headers().mx_ptr_array_schedules != crate::MxPtrArraySchedules::Accepted
    {
        return Err(ModelError::new(
            ConfigField::Schedule,
            format!("{} is not checked against CUTLASS {}", cfg.schedule, cfg.cutlass),
            "the instruction-choosing SM120 tags are modelled from CUTLASS 4.4.2 on (select_instr changed there)",
        ));
    }
    for (v, f, name) in [(t.m, ConfigField::Tile, "M"), (t.n, ConfigField::Tile, "N"), (t.k, ConfigField::Tile, "K")] {
        if v == 0 || v > MAX_TILE_EXTENT {
            return Err(ModelError::new(
                f,
                format!("tile {name} = {v} is outside 1..={MAX_TILE_EXTENT}"),
                "SM120 CTA tiles are 64..256 per extent; larger tiles cannot fit 101376 bytes",
            ));
        }
    }
    if let StagePolicy::Fixed(s) = cfg.stages {
        if u64::from(s) > MAX_STAGES {
            return Err(ModelError::new(
                ConfigField::Stages,
                format!("stage count {s} is above {MAX_STAGES}"),
                "use a stage count between 2 and a few dozen",
            ));
        }
    }
    if let Epilogue::Declared { smem_bytes } = cfg.epilogue {
        if smem_bytes == 0 || smem_bytes > 1 << 32 {
            return Err(ModelError::new(
                ConfigField::Epilogue,
                format!("declared epilogue of {smem_bytes} bytes"),
                "declare sizeof(CollectiveEpilogue::SharedStorage), between 1 byte and the cap",
            ));
        }
    }
    if let StagePolicy::AutoCarveout(b) = cfg.stages {
        if b > 1 << 32 {
            return Err(ModelError::new(
                ConfigField::Stages,
                format!("carve-out {b} bytes is absurd"),
                "use a carve-out below the cap",
            ));
        }
    }
    if !t.m.is_multiple_of(64) || (t.n >= 32 && !t.n.is_multiple_of(32)) || !t.k.is_multiple_of(32) {
        return Err(ModelError::new(
            ConfigField::Tile,
            format!("tile {t} is outside the modelled domain (M a multiple of 64, N of 32, K of 32)"),
            "the model refuses to guess for tiles CUTLASS's smem atoms were not verified on",
        ));
    }
    if t.n < 32 && t.n >= 8 && t.n != 8 && t.n != 16 && cfg.cutlass.headers().sm120_narrow_n_tiles {
        return Err(ModelError::new(
            ConfigField::Tile,
            format!("tile N = {} is not modelled for CUTLASS {}", t.n, cfg.cutlass),
            "below 32, CUTLASS 4.6+ block-scaled tiles are measured with N = 8 and 16 only",
        ));
    }
    for (op, at) in [(cfg.a, ConfigField::A), (cfg.b, ConfigField::B)] {
        if !op.is_block_scaled() {
            return Err(ModelError::new(
                at,
                format!("{op} is a plain type; the block-scaled family takes nvfp4, mxfp4, mxfp6e2m3, mxfp6e3m2, mxfp8e4m3, mxfp8e5m2"),
                "use family = \"blockwise\" or \"f8f6f4\" for plain FP8/FP6/FP4 operands",
            ));
        }
    }
    if cfg.cluster.m == 0 || cfg.cluster.n == 0 || cfg.cluster.k == 0 {
        return Err(ModelError::new(
            ConfigField::Cluster,
            "cluster extents must be positive".into(),
            "use [1, 1, 1] on SM120",
        ));
    }
    if let Epilogue::TrtllmMoe { .. } = cfg.epilogue {
        if cfg.kind != KernelKind::Grouped {
            return Err(ModelError::new(
                ConfigField::Epilogue,
                "the TensorRT-LLM MoE epilogue is a grouped-GEMM epilogue".into(),
                "use kernel = \"grouped\"",
            ));
        }
        if cfg.c != cfg.d || !matches!(cfg.d, Output::Bf16 | Output::F16 | Output::F32) {
            return Err(ModelError::new(
                ConfigField::D,
                format!(
                    "the TensorRT-LLM MoE launcher uses its output type for C and D; got c = {}, d = {}",
                    cfg.c, cfg.d
                ),
                "set c and d both to the launcher's output type (bf16, f16 or f32)",
            ));
        }
        if cfg.fusion != Fusion::Default {
            return Err(ModelError::new(
                ConfigField::Fusion,
                "the TensorRT-LLM MoE epilogue fixes its own fusion".into(),
                "leave `fusion` unset",
            ));
        }
    }
    if cfg.d == Output::Void {
        return Err(ModelError::new(ConfigField::D, "D cannot be void".into(), "void is only meaningful for C"));
    }
    if matches!(cfg.resolved_fusion(), Fusion::BlockScaleFactor | Fusion::LinCombBlockScaleFactor(_))
        && !cfg.d.is_block_scaled()
    {
        return Err(ModelError::new(
            ConfigField::Fusion,
            "the block-scale-factor fusion needs a block-scaled D".into(),
            "use d = \"nvfp4\", \"mxfp4\", \"mxfp8e4m3\" or \"mxfp8e5m2\", or the default fusion",
        ));
    }
    validate_epilogue(cfg)
}

/// The TensorRT-LLM launcher's epilogue: its own automatic subtile and layouts, on the releases it
/// was measured on.
fn validate_epilogue(cfg: &KernelConfig) -> Result<(), ModelError> {
    if let Epilogue::TrtllmMoe { .. } = cfg.epilogue {
        if cfg.epilogue_tile != EpilogueTile::Auto {
            return Err(ModelError::new(
                ConfigField::EpilogueTile,
                "the TensorRT-LLM MoE launcher builds its SM120 epilogue with EpilogueTileAuto".into(),
                "leave `epilogue_tile` unset",
            ));
        }
        if cfg.layout_c != Layout::RowMajor || cfg.layout_d != Layout::RowMajor {
            return Err(ModelError::new(
                ConfigField::LayoutD,
                "the TensorRT-LLM MoE launcher chooses its own C/D layouts".into(),
                "leave `layout_c`/`layout_d` unset; the `-swap-ab` epilogues are the column-major ones",
            ));
        }
        if !moe_claimed(cfg.cutlass) {
            return Err(ModelError::new(
                ConfigField::Cutlass,
                format!(
                    "the TensorRT-LLM MoE epilogues are not modelled on CUTLASS {}: the launcher's scatter EVT does not compile against 3.9.x",
                    cfg.cutlass
                ),
                "set `cutlass` to 4.0.0 or later (measured on every SM120 header class from 4.0.0 to 4.7.0)",
            ));
        }
    }
    Ok(())
}

/// Whether the TensorRT-LLM MoE launcher's epilogues are claimed on a release. They were measured
/// with nvcc and FlashInfer 0.7.4's `cutlass_extensions` on every SM120 header class from 4.0.0 on
/// (`tests/data/flashinfer-0.7.4-sm120-moe-verify*.jsonl`: 4.0.0, 4.2.1, 4.2.2, 4.3.0, 4.3.6, 4.4.2,
/// 4.5.0, 4.6.0, 4.7.0). On 3.9.2 the scatter EVT's header does not compile
/// (`refused-sm120-moe-verify-3.9.2.jsonl`), so 3.9.x is refused.
fn moe_claimed(v: crate::CutlassVersion) -> bool {
    use crate::CutlassVersion as V;
    !matches!(v, V::V3_9_0 | V::V3_9_1 | V::V3_9_2)
}

/// Evaluate one SM120 block-scaled configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    validate(cfg)?;
    let h = cfg.cutlass.headers();
    // TensorRT-LLM's MoE launcher passes (weight, activation) as (A, B) when it swaps.
    let (a, b, tile) = match cfg.epilogue {
        Epilogue::TrtllmMoe { swap_ab: true, .. } => (cfg.b, cfg.a, cfg.tile),
        _ => (cfg.a, cfg.b, cfg.tile),
    };
    let auto_stages = !matches!(cfg.stages, StagePolicy::Fixed(_));

    // The epilogue builder's static_asserts fire when the epilogue type is named, before the
    // mainloop's; the collective's own fire when it is instantiated: first when the stage count's
    // carve-out is its size, after the mainloop builder's when the stage count is explicit.
    let built = match cfg.epilogue {
        Epilogue::Builder | Epilogue::TrtllmMoe { .. } => match sm120_epilogue::build(epilogue_request::<L>(cfg)?) {
            Ok(built) => Some(built),
            Err(rejected) => return Ok(*rejected),
        },
        Epilogue::Declared { .. } => None,
    };
    let collective_reject = built.as_ref().and_then(|b| b.collective_reject.clone());
    if auto_stages {
        if let Some(r) = collective_reject.clone() {
            return Ok(r);
        }
    }
    if let Some(r) = mainloop_builder_asserts(cfg, a, b, tile) {
        return Ok(r);
    }

    let instr = match instruction_tag(cfg.schedule) {
        Some(forced) => forced,
        None if a.bits() == 4 && b.bits() == 4 => Instruction::F4,
        None => Instruction::F8F6F4,
    };
    let smem_bits = |o: Operand| if instr == Instruction::F4 { o.bits() } else { 8 };
    let vec = a.sf_vector();
    let sf_k_blocks = tile.k / (4 * vec);
    let sfb_n = if h.sfb_padded_to_128 { tile.n.max(SF_BLOCK_MN) } else { tile.n };
    let per_stage = PerStageBytes {
        a: tile.m * tile.k * smem_bits(a) / 8,
        b: tile.n * tile.k * smem_bits(b) / 8,
        sfa: SF_BLOCK_BYTES * (tile.m / SF_BLOCK_MN) * sf_k_blocks,
        sfb: SF_BLOCK_BYTES * (sfb_n / SF_BLOCK_MN) * sf_k_blocks,
    };

    // Epilogue storage (the examples' stage carve-out is its size).
    let (epilogue, epilogue_bytes) = match (cfg.epilogue, built) {
        (Epilogue::Declared { smem_bytes }, _) => (declared_epilogue(smem_bytes), smem_bytes),
        (_, Some(built)) => {
            let e = super::builder_epilogue(&built.params)?;
            let bytes = e.shared_storage().size();
            (e, bytes)
        }
        (_, None) => unreachable!("the builder epilogue is built above"),
    };

    let sfb_divide_extra = if h.sfb_padded_to_128 {
        match sfb_tile_divide(tile, vec) {
            Ok(extra) => extra,
            Err((message, detail)) => return Ok(reject(message, ConfigField::Tile, detail)),
        }
    } else {
        0
    };

    let stage_choice = stage_count(cfg, per_stage, &epilogue, epilogue_bytes);
    if let Some(rejected) = super::too_few_stages(stage_choice, epilogue_bytes) {
        return Ok(rejected);
    }
    if let Some(r) = collective_reject {
        return Ok(r);
    }
    let mainloop =
        mainloop_storage(cfg, per_stage, sfb_divide_extra, smem_bits(a), smem_bits(b), stage_choice.stages as u64);
    Ok(super::compiled(cfg, &mainloop, &epilogue, epilogue_bytes, SCHEDULER_STAGES, stage_choice, buildability(cfg)))
}

/// The mainloop builder's `static_assert`s (and its failure to match), in the order it states them.
fn mainloop_builder_asserts(cfg: &KernelConfig, a: Operand, b: Operand, tile: crate::Tile) -> Option<Evaluation> {
    let h = cfg.cutlass.headers();
    let grouped = cfg.kind == KernelKind::Grouped;
    if let Some(r) = instruction_tag_asserts(cfg, a, b) {
        return Some(r);
    }
    if h.sm120_narrow_n_tiles && cfg.schedule.resolved_is_pingpong() && tile.n < 16 {
        // The builder's enable_if excludes ping-pong below N = 16: only the generic builder matches.
        return Some(reject(
            "Could not build a collective for given parameters.",
            ConfigField::Schedule,
            format!(
                "CUTLASS {}'s block-scaled builder has no ping-pong kernel for tile N = {} (below 16)",
                cfg.cutlass, tile.n
            ),
        ));
    }
    if a.scale_factor() != b.scale_factor() {
        return Some(reject(
            "Scale factor types for A and B must be the same.",
            ConfigField::B,
            format!("{a} and {b} use different scale-factor types (nvfp4 is ue4m3, MX types are ue8m0)"),
        ));
    }
    if cfg.layout_a != Layout::RowMajor || cfg.layout_b != Layout::ColumnMajor {
        return Some(reject(
            "Only TN layout is supported.",
            ConfigField::Layout,
            "A must be row-major and B column-major".into(),
        ));
    }
    let explicit_ptr_array = grouped && cfg.schedule != crate::Schedule::Auto;
    let needs_f8f6f4 = !(a.bits() == 4 && b.bits() == 4);
    if explicit_ptr_array && needs_f8f6f4 && h.mx_ptr_array_schedules == MxPtrArraySchedules::Unlisted {
        return Some(reject(
            SF_VECTOR_MESSAGE,
            ConfigField::Schedule,
            format!(
                "CUTLASS {}'s check_input_datatypes lists no ptr-array schedule tag for MX_F4F6F8 operands; \
                 use schedule = \"auto\" (cooperative) or CUTLASS 4.2 or later",
                cfg.cutlass
            ),
        ));
    }
    if cfg.cluster.m * cfg.cluster.n * cfg.cluster.k != 1 {
        return Some(reject(
            "no programmatic multicast on this arch",
            ConfigField::Cluster,
            "SM120 kernels need cluster 1x1x1".into(),
        ));
    }
    let min_n = if h.sm120_narrow_n_tiles { 8 } else { 32 };
    if tile.n < min_n {
        return Some(reject(
            "Invalid tile shape N.",
            ConfigField::Tile,
            format!("tile N = {} is below {min_n} (CUTLASS {})", tile.n, cfg.cutlass),
        ));
    }
    if explicit_ptr_array && is_mx_f8f6f4_only(a, b) && h.mx_ptr_array_schedules == MxPtrArraySchedules::CheckedOnly {
        return Some(reject(
            SF_VECTOR_MESSAGE,
            ConfigField::Schedule,
            format!(
                "CUTLASS {}'s select_instr does not list the ptr-array schedule tags for 6/8-bit MX operands; \
                 use schedule = \"auto\" (cooperative) or CUTLASS 4.4.2 or later",
                cfg.cutlass
            ),
        ));
    }
    None
}

/// The text of the MX_F4F6F8 schedule static_asserts (`check_input_datatypes`, `select_instr`).
const SF_VECTOR_MESSAGE: &str = "Incorrect SfVectorSize for MX_F4F6F8 is deduced.";

/// From 4.5.0 the collectives instantiate `logical_divide(SmemLayoutSFB_, select<1,2>(TileShape))`
/// for every tile (`cute::conditional_t` instantiates both branches), and for N < 128 keep SFB in the
/// divided layout, whose cosize can exceed the compact one. Returns the extra SFB elements (bytes),
/// or the compile error CUTLASS gives, with a detail.
///
/// - The row mode of SFB is `(max(N,128)/128, 32, 4) : (512, 16, 4)`; the divide by N is computed
///   with CuTe's algebra ([`cute`]). N = 32 and 64 cut it exactly; N = 96 leaves a rest mode that
///   reaches 8 elements further (measured: +1024 bytes of mainloop after the 1024-byte alignment).
/// - A row extent above 128 that is not a multiple of 128, or a K extent that is not a whole number
///   of scale-factor blocks (4 vectors), fails in the same instantiation: CUTLASS 4.5.0 and 4.7.0
///   report `Shape Divisibility Condition`, or, when K holds no whole block, a `decltype` error
///   (measured on every such tile in `sm120-ext-*`; the K-mode algebra is not modelled beyond that).
fn sfb_tile_divide(tile: crate::Tile, vec: u64) -> Result<u64, (&'static str, String)> {
    const SHAPE: &str = "Shape Divisibility Condition";
    const DECLTYPE: &str = "result of decltype qualifier \"bool\" is not a class or enumeration";
    let k_block = 4 * vec;
    if tile.n > SF_BLOCK_MN && !tile.n.is_multiple_of(SF_BLOCK_MN) {
        return Err((
            SHAPE,
            format!(
                "tile N = {} is above 128 and not a multiple of 128: the SFB layout cannot be divided by it",
                tile.n
            ),
        ));
    }
    if !tile.k.is_multiple_of(k_block) {
        let detail = format!("tile K = {} is not a multiple of {k_block} (4 scale-factor vectors of {vec})", tile.k);
        return Err((if tile.k < k_block { DECLTYPE } else { SHAPE }, detail));
    }
    if tile.n >= SF_BLOCK_MN {
        // A whole number of 128-row blocks: the divide cuts the layout exactly.
        return Ok(0);
    }
    let rows = cute::Layout::new(&[(1, SF_BLOCK_BYTES), (32, 16), (4, 4)]);
    let divided = rows
        .logical_divide(tile.n)
        .map_err(|e| (e.message(), format!("tile N = {} does not divide the 128-row SFB layout", tile.n)))?;
    Ok(divided.max_offset().saturating_sub(rows.max_offset()))
}

/// The MMA instruction an SM120 block-scaled schedule tag forces (`select_instr`, `sm1xx_common.inl`):
/// `KernelScheduleMxf8f6f4Sm120` tags MXF8F6F4 (FP4 then sits in 8-bit smem containers),
/// `KernelScheduleMxNvf4Sm120` tags MXF4/NVF4; `None`: the builder chooses by the operand widths.
fn instruction_tag(s: Schedule) -> Option<Instruction> {
    match s {
        Schedule::Sm120Mxf8f6f4Cooperative | Schedule::Sm120Mxf8f6f4Pingpong => Some(Instruction::F8F6F4),
        Schedule::Sm120Nvf4Cooperative
        | Schedule::Sm120Nvf4Pingpong
        | Schedule::Sm120Mxf4Cooperative
        | Schedule::Sm120Mxf4Pingpong => Some(Instruction::F4),
        _ => None,
    }
}

/// The checks an instruction-choosing tag adds (`check_input_datatypes`, `select_instr`, then the
/// builder's schedule check for grouped kernels), in the order nvcc reports them: a 6/8-bit operand
/// under an MXF4/NVF4 tag, a scale-factor vector the tag does not name (Nvf4: 16, Mxf4: 32), NVFP4's
/// ue4m3 under MXF8F6F4, and any of these dense tags on a grouped kernel. Measured on 4.4.2 and 4.7.0.
fn instruction_tag_asserts(cfg: &KernelConfig, a: Operand, b: Operand) -> Option<Evaluation> {
    let instr = instruction_tag(cfg.schedule)?;
    let nvf4 = matches!(cfg.schedule, Schedule::Sm120Nvf4Cooperative | Schedule::Sm120Nvf4Pingpong);
    if instr == Instruction::F4 && (a.bits() != 4 || b.bits() != 4) {
        return Some(reject(
            "Incorrect Kernel Schedule Policy for Mx_F4F6F8 type inputs.",
            ConfigField::Schedule,
            format!("{} runs the MXF4/NVF4 instruction, which takes 4-bit operands only ({a} x {b})", cfg.schedule),
        ));
    }
    if instr == Instruction::F4 && (a.sf_vector() == 16) != nvf4 {
        return Some(reject(
            "Kernel Schedule policy doesn't match the scale factor vector size.",
            ConfigField::Schedule,
            format!(
                "{} names {}-element scale vectors; {a} has {}",
                cfg.schedule,
                if nvf4 { 16 } else { 32 },
                a.sf_vector()
            ),
        ));
    }
    if instr == Instruction::F8F6F4 && (a.sf_vector() == 16 || b.sf_vector() == 16) {
        return Some(reject(
            "MX_F4F6F8 only supports ue8m0 SF type",
            ConfigField::Schedule,
            format!("{} runs MXF8F6F4, whose scale factors are ue8m0; nvfp4's are ue4m3", cfg.schedule),
        ));
    }
    (cfg.kind == KernelKind::Grouped).then(|| {
        reject(
            "Invalid builder schedule tag for grouped GEMM",
            ConfigField::Schedule,
            format!("{} is a dense schedule; grouped kernels take auto, cooperative or pingpong", cfg.schedule),
        )
    })
}

/// Both operands 6 or 8 bits: only the MXF8F6F4 instruction, guarded by a schedule whitelist.
fn is_mx_f8f6f4_only(a: Operand, b: Operand) -> bool {
    (6..=8).contains(&a.bits()) && (6..=8).contains(&b.bits())
}

/// What the kernel asks the SM120 epilogue builder for: the configuration's C, D, layouts, epilogue
/// tile and fusion, or what TensorRT-LLM's MoE launcher passes ([`trtllm_moe_request`]).
pub(crate) fn epilogue_request<L: TypeLayout>(cfg: &KernelConfig) -> Result<sm120_epilogue::Request<L>, ModelError> {
    if let Epilogue::TrtllmMoe { fusion, swap_ab } = cfg.epilogue {
        return Ok(trtllm_moe_request(cfg, fusion, swap_ab));
    }
    let fusion = fusion_storage::<L>(cfg, cfg.epilogue_cta_n())?;
    Ok(sm120_epilogue::Request {
        cta: cfg.epilogue_cta(),
        c: cfg.c,
        d: cfg.d,
        aux: None,
        layout_c: cfg.layout_c,
        layout_d: cfg.layout_d,
        tile: cfg.epilogue_tile,
        fusion,
        sf_store: match cfg.resolved_fusion() {
            Fusion::LinCombBlockScaleFactor(spec) => Some((u64::from(spec.vector), spec.layout)),
            _ => None,
        },
        grouped: cfg.kind == KernelKind::Grouped,
        cutlass: cfg.cutlass,
    })
}

/// `FusionCallbacks::SharedStorage` of the configuration's fusion, for an epilogue CTA tile of
/// `cta_n` columns.
pub(crate) fn fusion_storage<L: TypeLayout>(cfg: &KernelConfig, cta_n: u64) -> Result<L, ModelError> {
    Ok(match cfg.resolved_fusion() {
        // A tuple of empty EVT nodes: an empty struct.
        Fusion::LinearCombination | Fusion::Default | Fusion::BlockScaleFactor => {
            L::empty("LinearCombination, no smem", 1)
        }
        Fusion::LinCombBlockScaleFactor(spec) => {
            if u64::from(spec.d_bits) != cfg.d.bits() || u64::from(spec.c_bits) != cfg.c.bits() {
                return Err(ModelError::new(
                    ConfigField::Fusion,
                    format!("the fusion's ElementD and ElementC do not match d = {} and c = {}", cfg.d, cfg.c),
                    "write LinCombBlockScaleFactor<V, D, f32, SF, RowMajor, C> with the kernel's own D and C",
                ));
            }
            match spec.layout {
                // Sm120BlockScaleFactorRowStore: 2 warp groups x 4 warps x 8 quads of fp32 partial
                // maxima (`array_aligned<ElementCompute, NumSyncQuads>`).
                Layout::RowMajor => L::leaf("Sm120BlockScaleFactorRowStore", 256, 16, Role::FusionStorage),
                // Sm120BlockScaleFactorColStore: 2 warp groups x 4 warps x 4 threads of a quad
                // (`array_aligned<ElementCompute, NumSyncElementsCrossWarp>`). Measured with the
                // sparse kernels only (example 80b and its neighbours).
                Layout::ColumnMajor if cfg.kind == KernelKind::Sparse => {
                    L::leaf("Sm120BlockScaleFactorColStore", 128, 16, Role::FusionStorage)
                }
                Layout::ColumnMajor => {
                    return Err(ModelError::new(
                        ConfigField::Fusion,
                        "column-major scale factors (Sm120BlockScaleFactorColStore) are modelled with \
                         sparse kernels only"
                            .into(),
                        "the dense and grouped block-scale-factor fusion is measured with RowMajor scale factors",
                    ));
                }
            }
        }
        // Sm90RowBroadcast: one CTA row of the bias.
        Fusion::PerColBias(bias) => {
            if bias.bits() < 8 || bias.is_block_scaled() {
                return Err(ModelError::new(
                    ConfigField::Fusion,
                    format!("bias type {bias} is not supported"),
                    "use bf16, f16 or f32",
                ));
            }
            L::leaf("Sm90RowBroadcast bias row", round_up(cta_n * bias.bits() / 8, 16), 16, Role::FusionStorage)
        }
        Fusion::Evt(tree) => tree.storage::<L>(cta_n),
    })
}

/// The epilogue `moe_gemm_tma_ws_launcher.inl` builds for SM120 (`EpilogueScheduleSM120 =
/// TmaWarpSpecialized`, pointer layouts, `EpilogueTileAuto`):
/// - C is `ElementCSafe = ElementD` (the output type), in `LayoutC_T` (column-major) when swapping;
/// - NONE: D is the output type and the fusion `LinearCombination` (no smem);
/// - FINALIZE: D is `void`, so the builder's dispatch policy sees `sizeof_bits<void>` = 0 and turns
///   smem reuse off (StagesC = StagesD), while the collective still allocates a D buffer of the
///   fusion's `ElementAux` (the output type); the fusion `ScaledAccPerColBiasPerRowScaleScatter`
///   (or `...PerRowBiasPerColScaleScatter` when swapping) keeps one `Sm90RowBroadcast` row in smem:
///   the bias (output type) without swap, the router scales (float) with swap.
fn trtllm_moe_request<L: TypeLayout>(
    cfg: &KernelConfig,
    fusion: crate::MoeFusion,
    swap_ab: bool,
) -> sm120_epilogue::Request<L> {
    let out = cfg.d;
    let layout = if swap_ab { Layout::ColumnMajor } else { Layout::RowMajor };
    let (d, fusion_node) = match fusion {
        crate::MoeFusion::None => (out, L::empty("LinearCombination, no smem", 1)),
        crate::MoeFusion::Finalize => (Output::Void, super::trtllm_finalize_fusion::<L>(out, swap_ab, cfg.tile.n)),
    };
    sm120_epilogue::Request {
        cta: cfg.tile,
        c: out,
        d,
        aux: Some(out),
        layout_c: layout,
        layout_d: layout,
        tile: EpilogueTile::Auto,
        fusion: fusion_node,
        sf_store: None,
        grouped: true,
        cutlass: cfg.cutlass,
    }
}

/// A declared epilogue: its bytes where the epilogue tensors go, an empty placeholder for its pipeline.
fn declared_epilogue<L: TypeLayout>(smem_bytes: u64) -> EpilogueStorage<L> {
    EpilogueStorage {
        tensors: L::leaf("declared epilogue SharedStorage", smem_bytes, 16, Role::DeclaredEpilogue),
        pipeline: L::empty("declared epilogue pipeline (placeholder)", 1),
        tensormaps: None,
    }
}

/// The builder's stage count (`sm100_compute_stage_count_or_override_blockscaled`).
fn stage_count<L: TypeLayout>(
    cfg: &KernelConfig,
    per_stage: PerStageBytes,
    epilogue: &EpilogueStorage<L>,
    epilogue_bytes: u64,
) -> StageChoice {
    let grouped = cfg.kind == KernelKind::Grouped;
    let h = cfg.cutlass.headers();
    let barrier_allowance =
        if h.stage_barriers_rounded_to_128 { round_up(2 * BARRIER_BYTES, 128) } else { 2 * BARRIER_BYTES };
    let capacity = if h.reduced_stage_capacity {
        // ReducedSmemCapacityBytes: the kernel-level storage the builder sets aside.
        let scheduler_pipeline = if grouped { 2 * BARRIER_BYTES * 8 } else { 2 * BARRIER_BYTES * SCHEDULER_STAGES };
        let clc_responses = if grouped { 0 } else { 16 * SCHEDULER_STAGES };
        let tensormaps = if grouped { 2 * 128 } else { 0 };
        let tensormap_ready = if grouped { 2 * BARRIER_BYTES * SCHEDULER_STAGES } else { 0 };
        SM120_CAPACITY_BYTES - scheduler_pipeline - clc_responses - tensormaps - tensormap_ready
    } else {
        SM120_CAPACITY_BYTES
    };
    let stage_bytes = per_stage.data() + barrier_allowance;
    super::stage_choice(cfg.stages, capacity, stage_bytes, per_stage.data(), epilogue, epilogue_bytes)
}

fn mainloop_storage<L: TypeLayout>(
    cfg: &KernelConfig,
    p: PerStageBytes,
    sfb_extra: u64,
    bits_a: u64,
    bits_b: u64,
    s: u64,
) -> MainloopStorage<L> {
    let t = cfg.tile;
    let sf = |name: &'static str, bytes: u64, extra: u64, role| {
        crate::cutlass::primitives::array_aligned::<L>(
            name,
            s * bytes + extra,
            role,
            PerStage { stages: s, bytes_per_stage: bytes },
        )
    };
    let tensors = L::strukt(
        "tensors",
        128,
        [
            array_engine::<L>("smem_A", s * t.m * t.k, bits_a, Role::OperandA, s).aligned(1024),
            array_engine::<L>("smem_B", s * t.n * t.k, bits_b, Role::OperandB, s).aligned(1024),
            // 4.5 writes alignas(16); array_aligned is 16-aligned in both versions.
            sf("smem_SFA", p.sfa, 0, Role::ScaleFactorA).aligned(16),
            // cosize of the (divided) SFB layout: `sfb_extra` past the stages' compact extent.
            sf("smem_SFB", p.sfb, sfb_extra, Role::ScaleFactorB).aligned(16),
        ],
    );
    let tensormaps =
        (cfg.kind == KernelKind::Grouped).then(|| tensormap_storage(&TENSORMAPS, Role::MainloopTensormaps));
    MainloopStorage { tensors, pipeline: barrier_pair_pipeline("pipeline", s, Role::MainloopBarriers), tensormaps }
}

/// The mainloop's tensor maps: `TensorMapStorage { A; B; SFA; SFB; }`.
const TENSORMAPS: [&str; 4] = ["smem_tensormap_A", "smem_tensormap_B", "smem_tensormap_SFA", "smem_tensormap_SFB"];

/// Whether the TMA descriptors for SFA/SFB can be built (`GemmKernel::Params`). `make_tma_copy` of
/// SFA, then of SFB, each over its (M or N, K) tile: CuTe's composition fails first ("Shape
/// Divisibility Condition") when an extent exceeds one scale-factor block without being a multiple of
/// it, then the TMA partitioner's check ("TMA requires CTA_Tile and SLayout top-level size
/// equivalence.") when an extent is not a whole number of blocks. The order is CUTLASS's: every
/// measured failure names the first of these in SFA, SFB order (`sm120-*buildable*`).
fn buildability(cfg: &KernelConfig) -> Option<Unbuildable> {
    const SHAPE: &str = "Shape Divisibility Condition";
    const TMA: &str = "TMA requires CTA_Tile and SLayout top-level size equivalence.";
    let t = cfg.tile;
    let k_block = 4 * cfg.a.sf_vector();
    let padded = cfg.cutlass.headers().sfb_padded_to_128;
    let k_sdc = t.k > k_block && !t.k.is_multiple_of(k_block);
    let k_whole = t.k.is_multiple_of(k_block);
    for (operand, extent, axis) in [("SFA", t.m, "M"), ("SFB", t.n, "N")] {
        let at = ConfigField::Tile;
        if (extent > SF_BLOCK_MN && extent % SF_BLOCK_MN != 0) || k_sdc {
            let detail = if k_sdc {
                Why::KNotWhole { k: t.k, block: k_block, operand }
            } else {
                Why::ExtentNotWhole { axis, extent, operand }
            };
            return Some(Unbuildable { message: SHAPE, at, detail });
        }
        // From 4.5 the SFB tile is padded to 128 and N-tiles that divide 128 broadcast into it.
        let fits = extent % SF_BLOCK_MN == 0 || (operand == "SFB" && padded && SF_BLOCK_MN.is_multiple_of(extent));
        if !fits || !k_whole {
            let detail = if fits {
                Why::KNotFourVectors { k: t.k, block: k_block }
            } else {
                Why::PartialBlocks { axis, extent, operand, cutlass: cfg.cutlass }
            };
            return Some(Unbuildable { message: TMA, at, detail });
        }
    }
    None
}
