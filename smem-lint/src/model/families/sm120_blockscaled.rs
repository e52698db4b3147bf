//! SM120 / SM121 block-scaled GEMMs (`OpClassBlockScaledTensorOp`, `arch::Sm120`): NVFP4, MXFP4,
//! MXFP6, MXFP8 and their mixes, dense and grouped (ptr-array, MoE), cooperative and ping-pong.
//!
//! Mirrors, per CUTLASS version:
//! - the mainloop builder `gemm/collective/builders/sm120_blockscaled_mma_builder.inl` (instruction
//!   choice via `sm1xx_common.inl` `select_instr`, scale-factor smem atoms, stage count through
//!   `sm100_compute_stage_count_or_override_blockscaled`);
//! - the collectives `sm120_blockscaled_mma_tma.hpp` / `sm120_blockscaled_mma_array_tma.hpp`;
//! - the epilogue builder `epilogue/collective/builders/sm120_builder.inl` (SM90 TMA collectives);
//! - the SM90 kernels in [`sm90_kernel`](crate::model::cutlass::sm90_kernel).
//!
//! What changed from 4.2.0 to 4.5.0, and is modelled:
//! - SFB smem is sized for `max(N, 128)` (`sSFBTileShape_N`, `TileShapeSFB`), so tiles with N < 128
//!   get real SFB storage and buildable TMA descriptors on the B side;
//! - the stage-count helper rounds the per-stage barrier allowance up to 128 B, and the builder
//!   subtracts kernel-level storage from the capacity (`ReducedSmemCapacityBytes`);
//! - `select_instr` accepts the explicit ptr-array schedules for 6/8-bit MX operands.

use crate::model::config::{Epilogue, Fusion, KernelConfig, KernelKind, Layout, StagePolicy};
use crate::model::cutlass::primitives::{array_engine, barrier_pair_pipeline, tma_descriptors, BARRIER_BYTES};
use crate::model::cutlass::sm90_epilogue::{epilogue_storage, EpilogueParams, EpilogueStorage};
use crate::model::cutlass::sm90_kernel::{clc_scheduler_storage, kernel_storage, KernelShape, MainloopStorage};
use crate::model::dtype::{Operand, Output};
use crate::model::layout::{round_up, Node, PerStage, Role};
use crate::model::{
    ConfigField, CutlassVersion, Evaluation, Footprint, ModelError, Rejection, StageChoice, Unbuildable,
};

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

fn reject(message: &'static str, at: ConfigField, detail: String) -> Evaluation {
    Evaluation::Rejected(Rejection { message, at, detail, stage_choice: None, epilogue_bytes: None })
}

fn validate(cfg: &KernelConfig) -> Result<(), ModelError> {
    let t = cfg.tile;
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
            return Err(ModelError::new(ConfigField::Epilogue, format!("declared epilogue of {smem_bytes} bytes"), "declare sizeof(CollectiveEpilogue::SharedStorage), between 1 byte and the cap"));
        }
    }
    if let StagePolicy::AutoCarveout(b) = cfg.stages {
        if b > 1 << 32 {
            return Err(ModelError::new(ConfigField::Stages, format!("carve-out {b} bytes is absurd"), "use a carve-out below the cap"));
        }
    }
    if t.m % 64 != 0 || (t.n >= 32 && t.n % 32 != 0) || t.k % 32 != 0 {
        return Err(ModelError::new(
            ConfigField::Tile,
            format!("tile {} is outside the modelled domain (M a multiple of 64, N of 32, K of 32)", t),
            "the model refuses to guess for tiles CUTLASS's smem atoms were not verified on",
        ));
    }
    if cfg.cluster.m == 0 || cfg.cluster.n == 0 || cfg.cluster.k == 0 {
        return Err(ModelError::new(ConfigField::Cluster, "cluster extents must be positive".into(), "use [1, 1, 1] on SM120"));
    }
    if let Epilogue::TrtllmMoe { .. } = cfg.epilogue {
        if cfg.kind != KernelKind::Grouped {
            return Err(ModelError::new(ConfigField::Epilogue, "the TensorRT-LLM MoE epilogue is a grouped-GEMM epilogue".into(), "use kernel = \"grouped\""));
        }
        if cfg.c != cfg.d || !matches!(cfg.d, Output::Bf16 | Output::F16 | Output::F32) {
            return Err(ModelError::new(
                ConfigField::D,
                format!("the TensorRT-LLM MoE launcher uses its output type for C and D; got c = {}, d = {}", cfg.c, cfg.d),
                "set c and d both to the launcher's output type (bf16, f16 or f32)",
            ));
        }
        if cfg.fusion != Fusion::Default {
            return Err(ModelError::new(ConfigField::Fusion, "the TensorRT-LLM MoE epilogue fixes its own fusion".into(), "leave `fusion` unset"));
        }
    }
    if cfg.d == Output::Void {
        return Err(ModelError::new(ConfigField::D, "D cannot be void".into(), "void is only meaningful for C"));
    }
    if matches!(cfg.resolved_fusion(), Fusion::BlockScaleFactor) && cfg.d != Output::Nvfp4 {
        return Err(ModelError::new(
            ConfigField::Fusion,
            "the block-scale-factor fusion needs an nvfp4 D".into(),
            "use d = \"nvfp4\" or the default fusion",
        ));
    }
    Ok(())
}

/// Evaluate one SM120 block-scaled configuration.
pub fn evaluate(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    validate(cfg)?;
    let v = cfg.cutlass;
    let grouped = cfg.kind == KernelKind::Grouped;
    // TensorRT-LLM's MoE launcher passes (weight, activation) as (A, B) when it swaps.
    let (a, b, tile) = match cfg.epilogue {
        Epilogue::TrtllmMoe { swap_ab: true, .. } => (cfg.b, cfg.a, cfg.tile),
        _ => (cfg.a, cfg.b, cfg.tile),
    };

    // Builder static_asserts, in the order the builder states them.
    if a.scale_factor() != b.scale_factor() {
        return Ok(reject(
            "Scale factor types for A and B must be the same.",
            ConfigField::B,
            format!("{a} and {b} use different scale-factor types (nvfp4 is ue4m3, MX types are ue8m0)"),
        ));
    }
    if cfg.layout_a != Layout::RowMajor || cfg.layout_b != Layout::ColumnMajor {
        return Ok(reject("Only TN layout is supported.", ConfigField::Layout, "A must be row-major and B column-major".into()));
    }
    if is_mx_f8f6f4_only(a, b) && grouped && cfg.schedule != crate::model::Schedule::Auto && v == CutlassVersion::V4_2_0 {
        return Ok(reject(
            "Incorrect SfVectorSize for MX_F4F6F8 is deduced.",
            ConfigField::Schedule,
            "CUTLASS 4.2's select_instr does not list the ptr-array schedule tags for 6/8-bit MX operands; \
             use schedule = \"auto\" (cooperative) or CUTLASS 4.5"
                .into(),
        ));
    }
    if cfg.cluster.m * cfg.cluster.n * cfg.cluster.k != 1 {
        return Ok(reject("no programmatic multicast on this arch", ConfigField::Cluster, "SM120 kernels need cluster 1x1x1".into()));
    }
    if tile.n < 32 {
        return Ok(reject("Invalid tile shape N.", ConfigField::Tile, format!("tile N = {} is below 32", tile.n)));
    }

    let instr = if a.bits() == 4 && b.bits() == 4 { Instruction::F4 } else { Instruction::F8F6F4 };
    let smem_bits = |o: Operand| if instr == Instruction::F4 { o.bits() } else { 8 };
    let vec = a.sf_vector();
    let sf_k_blocks = tile.k / (4 * vec);
    let sfb_n = match v {
        CutlassVersion::V4_2_0 => tile.n,
        CutlassVersion::V4_5_0 => tile.n.max(SF_BLOCK_MN),
    };
    let per_stage = PerStageBytes {
        a: tile.m * tile.k * smem_bits(a) / 8,
        b: tile.n * tile.k * smem_bits(b) / 8,
        sfa: SF_BLOCK_BYTES * (tile.m / SF_BLOCK_MN) * sf_k_blocks,
        sfb: SF_BLOCK_BYTES * (sfb_n / SF_BLOCK_MN) * sf_k_blocks,
    };

    // Epilogue (built first: the examples' stage carve-out is its size).
    let epilogue = match cfg.epilogue {
        Epilogue::Builder | Epilogue::TrtllmMoe { .. } => epilogue_storage(&epilogue_params(cfg)?).map_err(|e| {
            ModelError::new(
                ConfigField::D,
                format!("no epilogue smem swizzle atom divides a {}-byte row", e.contiguous_bytes),
                "choose an output type and tile whose epilogue subtile row is a multiple of 16 bytes",
            )
        })?,
        Epilogue::Declared { smem_bytes } => declared_epilogue(smem_bytes),
    };
    let epilogue_bytes = match cfg.epilogue {
        Epilogue::Declared { smem_bytes } => smem_bytes,
        Epilogue::Builder | Epilogue::TrtllmMoe { .. } => epilogue.shared_storage().size(),
    };

    let stage_choice = stage_count(cfg, per_stage, &epilogue, epilogue_bytes);
    if stage_choice.stages < 2 {
        return Ok(Evaluation::Rejected(Rejection {
            message: "Specialization requires Stages set to value 2 or more.",
            at: ConfigField::Stages,
            stage_choice: Some(stage_choice),
            epilogue_bytes: Some(epilogue_bytes),
            detail:
            match stage_choice.carveout_bytes {
                Some(c) => format!(
                    "the builder's stage count is ({} - {c}) / {} = {}: one stage of this tile takes {} bytes",
                    stage_choice.capacity_bytes, stage_choice.stage_bytes, stage_choice.stages, stage_choice.stage_bytes
                ),
                None => format!("StageCount<{}>", stage_choice.stages),
            },
        }));
    }
    let stages = stage_choice.stages as u64;

    let mainloop = mainloop_storage(cfg, per_stage, smem_bits(a), smem_bits(b), stages);
    let mainloop_bytes = mainloop.shared_storage().size();
    let shape = KernelShape { grouped, pingpong: cfg.schedule.resolved_is_pingpong() };
    let kernel = kernel_storage(shape, &mainloop, &epilogue, clc_scheduler_storage(SCHEDULER_STAGES));

    Ok(Evaluation::Compiled(Footprint {
        kernel_bytes: kernel.size(),
        mainloop_bytes,
        epilogue_bytes,
        stages,
        members: kernel.flatten(),
        stage_choice,
        unbuildable: buildability(cfg),
    }))
}

/// Both operands 6 or 8 bits: only the MXF8F6F4 instruction, guarded by a schedule whitelist.
fn is_mx_f8f6f4_only(a: Operand, b: Operand) -> bool {
    (6..=8).contains(&a.bits()) && (6..=8).contains(&b.bits())
}

/// What `sm120_get_tma_dispatch_policy` and the epilogue builder choose.
fn epilogue_params(cfg: &KernelConfig) -> Result<EpilogueParams, ModelError> {
    if let Epilogue::TrtllmMoe { fusion, swap_ab } = cfg.epilogue {
        return Ok(trtllm_moe_epilogue_params(cfg, fusion, swap_ab));
    }
    let (tile_m, tile_n) = (64, 32); // EpilogueTileAuto for non-FP6 D
    let epi_tiles = (cfg.tile.m / tile_m).max(1) * (cfg.tile.n / tile_n).max(1);
    let reuse_smem = cfg.c.bits() == cfg.d.bits() && cfg.d.bits() > 8;
    let stages_d = epi_tiles.min(2);
    let stages_c = if reuse_smem { epi_tiles.min(2).max(stages_d + 1) } else { stages_d };
    let fusion = match cfg.resolved_fusion() {
        // A tuple of empty EVT nodes: an empty struct.
        Fusion::LinearCombination | Fusion::Default => Node::empty("LinearCombination, no smem", 1),
        // Sm120BlockScaleFactorRowStore: 8 warps x 8 quads x fp32 partial maxima.
        Fusion::BlockScaleFactor => Node::leaf("Sm120BlockScaleFactorRowStore", 256, 16, Role::FusionStorage),
        // Sm90RowBroadcast: one CTA row of the bias.
        Fusion::PerColBias(bias) => {
            if bias.bits() < 8 {
                return Err(ModelError::new(ConfigField::Fusion, format!("bias type {bias} is not supported"), "use bf16, f16 or f32"));
            }
            Node::leaf("Sm90RowBroadcast bias row", round_up(cfg.tile.n * bias.bits() / 8, 16), 16, Role::FusionStorage)
        }
    };
    Ok(EpilogueParams {
        c: cfg.c,
        d: cfg.d,
        layout: cfg.layout_cd,
        tile_m,
        tile_n,
        stages_c,
        stages_d,
        reuse_smem,
        fusion,
        ptr_array: (cfg.kind == KernelKind::Grouped).then_some(2),
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
fn trtllm_moe_epilogue_params(cfg: &KernelConfig, fusion: crate::model::MoeFusion, swap_ab: bool) -> EpilogueParams {
    let (tile_m, tile_n) = (64, 32);
    let epi_tiles = (cfg.tile.m / tile_m).max(1) * (cfg.tile.n / tile_n).max(1);
    let out = cfg.d;
    let layout = if swap_ab { Layout::ColumnMajor } else { Layout::RowMajor };
    let stages_d = epi_tiles.min(2);
    let (reuse_smem, fusion_node) = match fusion {
        crate::model::MoeFusion::None => (out.bits() > 8, Node::empty("LinearCombination, no smem", 1)),
        crate::model::MoeFusion::Finalize => {
            let (what, bits) = if swap_ab { ("router scales, float", 32) } else { ("bias", out.bits()) };
            let bytes = round_up(cfg.tile.n * bits / 8, 16);
            (false, Node::leaf(format!("Sm90RowBroadcast {what} row (scatter EVT)"), bytes, 16, Role::FusionStorage))
        }
    };
    let stages_c = if reuse_smem { epi_tiles.min(2).max(stages_d + 1) } else { stages_d };
    EpilogueParams {
        c: out,
        d: out,
        layout,
        tile_m,
        tile_n,
        stages_c,
        stages_d,
        reuse_smem,
        fusion: fusion_node,
        ptr_array: Some(2),
    }
}

/// A declared epilogue: its bytes where the epilogue tensors go, an empty placeholder for its pipeline.
fn declared_epilogue(smem_bytes: u64) -> EpilogueStorage {
    EpilogueStorage {
        tensors: Node::leaf("declared epilogue SharedStorage", smem_bytes, 16, Role::DeclaredEpilogue),
        pipeline: Node::empty("declared epilogue pipeline (placeholder)", 1),
        tensormaps: None,
    }
}

/// The builder's stage count (`sm100_compute_stage_count_or_override_blockscaled`).
fn stage_count(
    cfg: &KernelConfig,
    per_stage: PerStageBytes,
    epilogue: &EpilogueStorage,
    epilogue_bytes: u64,
) -> StageChoice {
    let grouped = cfg.kind == KernelKind::Grouped;
    let (barrier_allowance, capacity) = match cfg.cutlass {
        CutlassVersion::V4_2_0 => (2 * BARRIER_BYTES, SM120_CAPACITY_BYTES),
        CutlassVersion::V4_5_0 => {
            // ReducedSmemCapacityBytes: the kernel-level storage the 4.5 builder sets aside.
            let scheduler_pipeline = if grouped { 2 * BARRIER_BYTES * 8 } else { 2 * BARRIER_BYTES * SCHEDULER_STAGES };
            let clc_responses = if grouped { 0 } else { 16 * SCHEDULER_STAGES };
            let tensormaps = if grouped { 2 * 128 } else { 0 };
            let tensormap_ready = if grouped { 2 * BARRIER_BYTES * SCHEDULER_STAGES } else { 0 };
            (
                round_up(2 * BARRIER_BYTES, 128),
                SM120_CAPACITY_BYTES - scheduler_pipeline - clc_responses - tensormaps - tensormap_ready,
            )
        }
    };
    let stage_bytes = per_stage.data() + barrier_allowance;
    let carveout = match cfg.stages {
        StagePolicy::Fixed(_) => None,
        StagePolicy::Auto => Some(epilogue_bytes),
        StagePolicy::AutoNoCarveout => Some(0),
        StagePolicy::AutoCarveout(b) => Some(b),
        StagePolicy::AutoCarveoutEpi => {
            // detail::compute_carveout_from_epi
            let t = &epilogue.tensors;
            Some(round_up(t.size(), t.align().max(128)) + round_up(epilogue.pipeline.size(), 16))
        }
    };
    let stages = match (cfg.stages, carveout) {
        (StagePolicy::Fixed(n), _) => i64::from(n),
        // C++ int division truncates toward zero.
        (_, Some(c)) => (capacity as i64 - c as i64) / stage_bytes as i64,
        (_, None) => unreachable!("every automatic policy has a carve-out"),
    };
    StageChoice {
        policy: cfg.stages,
        stages,
        capacity_bytes: capacity,
        carveout_bytes: carveout,
        stage_bytes,
        data_bytes_per_stage: per_stage.data(),
    }
}

fn mainloop_storage(cfg: &KernelConfig, p: PerStageBytes, bits_a: u64, bits_b: u64, s: u64) -> MainloopStorage {
    let t = cfg.tile;
    let sf = |name: &str, bytes: u64, role| {
        crate::model::cutlass::primitives::array_aligned(name, s * bytes, role, PerStage { stages: s, bytes_per_stage: bytes })
    };
    let tensors = Node::strukt(
        "tensors",
        128,
        vec![
            array_engine("smem_A", s * t.m * t.k, bits_a, Role::OperandA, s).aligned(1024),
            array_engine("smem_B", s * t.n * t.k, bits_b, Role::OperandB, s).aligned(1024),
            // 4.5 writes alignas(16); array_aligned is 16-aligned in both versions.
            sf("smem_SFA", p.sfa, Role::ScaleFactorA).aligned(16),
            sf("smem_SFB", p.sfb, Role::ScaleFactorB).aligned(16),
        ],
    );
    let tensormaps = (cfg.kind == KernelKind::Grouped).then(|| {
        Node::strukt(
            "tensormaps",
            128,
            vec![
                tma_descriptors("smem_tensormap_A", 1, Role::MainloopTensormaps).field(),
                tma_descriptors("smem_tensormap_B", 1, Role::MainloopTensormaps).field(),
                tma_descriptors("smem_tensormap_SFA", 1, Role::MainloopTensormaps).field(),
                tma_descriptors("smem_tensormap_SFB", 1, Role::MainloopTensormaps).field(),
            ],
        )
    });
    MainloopStorage { tensors, pipeline: barrier_pair_pipeline("pipeline", s, Role::MainloopBarriers), tensormaps }
}

/// Whether the TMA descriptors for SFA/SFB can be built (`GemmKernel::Params`): the scale-factor
/// copy static_asserts "TMA requires CTA_Tile and SLayout top-level size equivalence." otherwise.
fn buildability(cfg: &KernelConfig) -> Option<Unbuildable> {
    let t = cfg.tile;
    let k_block = 4 * cfg.a.sf_vector();
    let n_ok = match cfg.cutlass {
        CutlassVersion::V4_2_0 => t.n % SF_BLOCK_MN == 0,
        // 4.5 pads the SFB tile to 128 and broadcasts N-tiles into it; only divisors of 128 map.
        CutlassVersion::V4_5_0 => t.n % SF_BLOCK_MN == 0 || SF_BLOCK_MN % t.n == 0,
    };
    let problem = if t.m % SF_BLOCK_MN != 0 {
        Some((ConfigField::Tile, format!("tile M = {} is not a multiple of 128 (SFA has no full scale-factor block)", t.m)))
    } else if !n_ok {
        Some((ConfigField::Tile, format!("tile N = {} does not map onto 128-row SFB blocks in CUTLASS {}", t.n, cfg.cutlass)))
    } else if t.k % k_block != 0 {
        Some((ConfigField::Tile, format!("tile K = {} is not a multiple of {} (4 scale-factor vectors of {})", t.k, k_block, k_block / 4)))
    } else {
        None
    };
    problem.map(|(at, detail)| Unbuildable {
        message: "TMA requires CTA_Tile and SLayout top-level size equivalence.",
        at,
        detail,
    })
}
