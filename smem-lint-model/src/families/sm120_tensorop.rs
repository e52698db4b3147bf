//! SM120 / SM121 `OpClassTensorOp` GEMMs: the blockwise-scaled FP8 builder
//! (`gemm/collective/builders/sm120_blockwise_mma_builder.inl`, since 4.0.0; collectives
//! `sm120_mma_tma_blockwise_scaling.hpp` and `sm120_mma_array_tma_blockwise_scaling.hpp`) and the
//! plain F8F6F4 builder (`sm120_mma_builder.inl`, collective `sm120_mma_tma.hpp`), dense and (for
//! blockwise) grouped, on the same SM90 kernel shells and SM120 epilogue builder as the
//! block-scaled family.
//!
//! Both builders keep A and B as one byte per element in shared memory (F8F6F4 MMA: FP4/FP6 are
//! unpacked into 8-bit containers), count stages with their own helpers (no barrier rounding, no
//! reduced capacity in any release), and run a 2-stage CLC scheduler in dense kernels
//! (`SchedulerPipelineStageCount = 2`). The blockwise collective adds one float scale per
//! `gM x gK` block of A and `gN x gK` block of B per stage (`smem_scale_A`, `smem_scale_B`).
//! The headers these follow did not change in a way that moves a size between 4.0.0 and 4.7.0
//! (3.9.x for F8F6F4); grouped plain F8F6F4 (4.6's `sm120_array_mma_builder.inl`) is not modelled.

use super::reject;
use crate::config::{Epilogue, Family, Fusion, Granularity, KernelConfig, KernelKind, Layout, Schedule, StagePolicy};
use crate::cutlass::primitives::tensormap_storage;
use crate::cutlass::primitives::{array_aligned, array_engine, barrier_pair_pipeline, BARRIER_BYTES};
use crate::cutlass::sm120_epilogue;
use crate::cutlass::sm90_epilogue::EpilogueStorage;
use crate::cutlass::sm90_kernel::MainloopStorage;
use crate::dtype::{Operand, Output};
use crate::families::sm120_blockscaled::{epilogue_request, MAX_STAGES, MAX_TILE_EXTENT, SM120_CAPACITY_BYTES};
use crate::layout::{PerStage, Role, TypeLayout};
use crate::{ConfigField, Evaluation, ModelError, StageChoice};

/// `SchedulerPipelineStageCount` of both builders.
const SCHEDULER_STAGES: u64 = 2;
/// `sizeof(float)`: the blockwise scales are `ElementAccumulator`.
const SCALE_BYTES: u64 = 4;

fn refuse<T>(at: ConfigField, message: String, hint: &'static str) -> Result<T, ModelError> {
    Err(ModelError::new(at, message, hint))
}

/// Evaluate one blockwise or plain F8F6F4 configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    let granularity = match cfg.family {
        Family::Blockwise(g) => Some(g),
        _ => None,
    };
    if let Some(e) = validate(cfg, granularity)? {
        return Ok(e);
    }
    let t = cfg.tile;
    let auto_stages = !matches!(cfg.stages, StagePolicy::Fixed(_));

    // The epilogue builder's asserts fire first; the collective's when it is instantiated: before
    // the mainloop builder's when the stage count's carve-out is its size, after them otherwise.
    let built = match sm120_epilogue::build(epilogue_request::<L>(cfg)?) {
        Ok(built) => built,
        Err(rejected) => return Ok(*rejected),
    };
    if auto_stages {
        if let Some(r) = built.collective_reject.clone() {
            return Ok(r);
        }
    }
    // Builder static_asserts, in order.
    let unpacked = |bits: u64| bits < 8;
    if (unpacked(cfg.a.bits()) || unpacked(cfg.b.bits())) && !t.k.is_multiple_of(128) {
        return Ok(reject(
            "TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement",
            ConfigField::Tile,
            format!("an FP4/FP6 operand needs tile K a multiple of 128 for its TMA load; tile K = {}", t.k),
        ));
    }
    if let Some(g) = granularity {
        if !t.m.is_multiple_of(g.m) {
            return Ok(reject(
                "Scale Granularity M must evenly divide the tile shape M.",
                ConfigField::Granularity,
                format!("granularity M = {} does not divide tile M = {}", g.m, t.m),
            ));
        }
        if !t.n.is_multiple_of(g.n) {
            return Ok(reject(
                "Scale Granularity N must evenly divide the tile shape N.",
                ConfigField::Granularity,
                format!("granularity N = {} does not divide tile N = {}", g.n, t.n),
            ));
        }
        if t.k != g.k {
            return Ok(reject(
                "Scale Granularity K must be equal to the tile shape K.",
                ConfigField::Granularity,
                format!("granularity K = {} differs from tile K = {}", g.k, t.k),
            ));
        }
    }
    let collective_reject = built.collective_reject.clone();
    let epilogue = super::builder_epilogue(&built.params)?;
    let epilogue_bytes = epilogue.shared_storage().size();

    // Per stage: A and B in 8-bit containers, and the blockwise scales.
    let (scales_a, scales_b) = match granularity {
        Some(g) => (t.m / g.m, t.n / g.n),
        None => (0, 0),
    };
    let data_per_stage = t.m * t.k + t.n * t.k + SCALE_BYTES * (scales_a + scales_b);
    let stage_choice = stage_count(cfg, data_per_stage, &epilogue, epilogue_bytes);
    if let Some(rejected) = super::too_few_stages(stage_choice, epilogue_bytes) {
        return Ok(rejected);
    }
    if let Some(r) = collective_reject {
        return Ok(r);
    }
    if cfg.kind == KernelKind::Grouped && granularity.is_none() && cfg.schedule == Schedule::Auto {
        return Ok(reject(
            "ProblemShape{} should be <M,N,K> or <M,N,K,L>",
            ConfigField::Schedule,
            "KernelScheduleAuto reaches the dense F8F6F4 builder, whose kernel takes no grouped problem shape; use KernelPtrArrayTmaWarpSpecializedCooperativeSm120<2>".into(),
        ));
    }
    let mainloop = mainloop_storage(cfg, scales_a, scales_b, stage_choice.stages as u64);
    Ok(super::compiled(cfg, &mainloop, &epilogue, epilogue_bytes, SCHEDULER_STAGES, stage_choice, None))
}

/// What the model covers; a `Some` is a rejection CUTLASS gives before anything the model lays out.
fn validate(cfg: &KernelConfig, granularity: Option<Granularity>) -> Result<Option<Evaluation>, ModelError> {
    let t = cfg.tile;
    let family = cfg.family.name();
    for (v, name) in [(t.m, "M"), (t.n, "N"), (t.k, "K")] {
        if v == 0 || v > MAX_TILE_EXTENT {
            return refuse(
                ConfigField::Tile,
                format!("tile {name} = {v} is outside 1..={MAX_TILE_EXTENT}"),
                "SM120 CTA tiles are 16..256 per extent",
            );
        }
    }
    if !t.m.is_multiple_of(16) || !t.n.is_multiple_of(32) || !t.k.is_multiple_of(32) {
        return refuse(
            ConfigField::Tile,
            format!(
                "tile {t} is outside the modelled domain of the {family} family (M a multiple of 16, N and K of 32)"
            ),
            "the model refuses to guess for tiles it was not checked on",
        );
    }
    if let StagePolicy::Fixed(s) = cfg.stages {
        if u64::from(s) > MAX_STAGES {
            return refuse(
                ConfigField::Stages,
                format!("stage count {s} is above {MAX_STAGES}"),
                "use a stage count between 2 and a few dozen",
            );
        }
    }
    if let StagePolicy::AutoCarveout(b) = cfg.stages {
        if b > 1 << 32 {
            return refuse(
                ConfigField::Stages,
                format!("carve-out {b} bytes is absurd"),
                "use a carve-out below the cap",
            );
        }
    }
    for (op, at) in [(cfg.a, ConfigField::A), (cfg.b, ConfigField::B)] {
        if op.is_block_scaled() {
            return refuse(
                at,
                format!("{op} is a block-scaled type; the {family} family takes plain e4m3, e5m2, e3m2, e2m3, e2m1"),
                "use family = \"blockscaled\" for nvfp4 / mx* operands",
            );
        }
        if op.bits() > 8 || op == Operand::I8 {
            return refuse(
                at,
                format!("{op} operands are not an SM120 {family} GEMM; the family takes e4m3, e5m2, e3m2, e2m3, e2m1"),
                "16- and 32-bit operands are modelled on SM90 and SM100 (arch = \"sm90\" / \"sm100\"), i8 on SM90",
            );
        }
        // FP4/FP6 operands with blockwise scales are measured on 4.4.2 and 4.7.0
        // (`sm120-verify-tensorop-*`), with the 4.4 kernel shells (`Headers::kernel_shells_gdc_by_family`).
        if granularity.is_some() && op.bits() != 8 && !cfg.cutlass.headers().kernel_shells_gdc_by_family {
            return refuse(
                at,
                format!("blockwise scaling with {op} operands is not checked against CUTLASS {}", cfg.cutlass),
                "blockwise FP4/FP6 operands are modelled from CUTLASS 4.4.0 on",
            );
        }
    }
    if granularity.is_some() && !cfg.cutlass.headers().sm120_blockwise_builder {
        return refuse(
            ConfigField::Family,
            format!("CUTLASS {} has no SM120 blockwise builder", cfg.cutlass),
            "sm120_blockwise_mma_builder.inl arrived in CUTLASS 4.0.0",
        );
    }
    if let Some(g) = granularity {
        if g.m == 0 || g.n == 0 || g.k == 0 || g.m > MAX_TILE_EXTENT || g.n > MAX_TILE_EXTENT || g.k > MAX_TILE_EXTENT {
            return refuse(
                ConfigField::Granularity,
                format!("granularity [{}, {}, {}] is outside 1..={MAX_TILE_EXTENT}", g.m, g.n, g.k),
                "give the scale block in elements, e.g. [1, 128, 128]",
            );
        }
    }
    let blockwise_tag = matches!(
        cfg.schedule,
        Schedule::Sm120Blockwise | Schedule::Sm120BlockwiseCooperative | Schedule::Sm120BlockwisePingpong
    );
    let array_tag = matches!(cfg.schedule, Schedule::Sm120PtrArrayCooperative2 | Schedule::Sm120PtrArrayPingpong2);
    let plain = matches!(cfg.schedule, Schedule::Auto | Schedule::Cooperative | Schedule::Pingpong);
    let tag_fits = match granularity {
        Some(_) => plain || blockwise_tag,
        None => plain || (array_tag && cfg.kind == KernelKind::Grouped),
    };
    if !tag_fits {
        return refuse(
            ConfigField::Schedule,
            format!("{} is not modelled for the {family} family ({} kernels)", cfg.schedule, cfg.kind.name()),
            "blockwise takes auto/cooperative/pingpong and the Sm120 blockwise tags; F8F6F4 takes auto/cooperative/pingpong, and grouped KernelPtrArrayTmaWarpSpecialized{Cooperative,Pingpong}Sm120<2>",
        );
    }
    if cfg.kind == KernelKind::Grouped && granularity.is_none() {
        return grouped_f8f6f4(cfg, array_tag);
    }
    if cfg.layout_a != Layout::RowMajor || cfg.layout_b != Layout::ColumnMajor {
        return Ok(Some(reject(
            "Only TN layout is supported.",
            ConfigField::Layout,
            "A must be row-major and B column-major".into(),
        )));
    }
    if cfg.cluster.m * cfg.cluster.n * cfg.cluster.k != 1 {
        if cfg.cluster.m == 0 || cfg.cluster.n == 0 || cfg.cluster.k == 0 {
            return refuse(ConfigField::Cluster, "cluster extents must be positive".into(), "use [1, 1, 1] on SM120");
        }
        return refuse(
            ConfigField::Cluster,
            "SM120 tensor-op clusters other than 1x1x1 are not modelled".into(),
            "use [1, 1, 1] on SM120",
        );
    }
    if cfg.epilogue != Epilogue::Builder {
        return refuse(
            ConfigField::Epilogue,
            format!("the {family} family is modelled with the builder epilogue only"),
            "leave `epilogue` unset",
        );
    }
    if !matches!(cfg.resolved_fusion(), Fusion::LinearCombination | Fusion::Evt(_)) {
        return refuse(
            ConfigField::Fusion,
            format!("the {family} family is modelled with LinearCombination and EVT fusions only"),
            "leave `fusion` unset, or write the kernel's Sm90EVT<...> tree",
        );
    }
    if !matches!(cfg.d, Output::Bf16 | Output::F16 | Output::F32)
        || !matches!(cfg.c, Output::Void | Output::Bf16 | Output::F16 | Output::F32)
    {
        return refuse(
            ConfigField::D,
            format!("outputs c = {}, d = {} are not modelled for the {family} family", cfg.c, cfg.d),
            "use d = bf16, f16 or f32 and c = void or one of those",
        );
    }
    Ok(None)
}

/// Grouped plain F8F6F4: no builder before 4.6.0 (the dense one asserts "PtrArray kernel is not
/// supported" for ptr-array schedules); from 4.6.0 `sm120_array_mma_builder.inl` takes only the
/// `KernelPtrArrayTmaWarpSpecialized{Cooperative,Pingpong}Sm120<N>` tags (it reads the scheduler's
/// stage count from the tag, so the plain ptr-array tags fail to compile), while `auto` reaches the
/// dense builder and the kernel's problem-shape assert. Measured on 4.4.2 and 4.7.0.
fn grouped_f8f6f4(cfg: &KernelConfig, array_tag: bool) -> Result<Option<Evaluation>, ModelError> {
    let t = cfg.tile;
    if !cfg.cutlass.headers().sm120_array_f8f6f4 {
        // `auto` reaches the dense builder, its collective and the kernel's problem-shape assert
        // (measured on 4.4.2 and 4.7.0; `evaluate`).
        if cfg.schedule == Schedule::Auto && cfg.cutlass.headers().kernel_shells_gdc_by_family {
            return Ok(None);
        }
        if cfg.schedule == Schedule::Auto {
            return refuse(
                ConfigField::Schedule,
                format!("a grouped F8F6F4 GEMM with KernelScheduleAuto is not checked against CUTLASS {}", cfg.cutlass),
                "grouped plain F8F6F4 needs CUTLASS 4.6.0's sm120_array_mma_builder.inl",
            );
        }
        return Ok(Some(reject(
            "PtrArray kernel is not supported for this collective builder.",
            ConfigField::Kind,
            format!("CUTLASS {} has no grouped (ptr-array) plain F8F6F4 builder; it arrived in 4.6.0", cfg.cutlass),
        )));
    }
    let sub_byte = cfg.a.bits() < 8 || cfg.b.bits() < 8;
    if sub_byte && !t.k.is_multiple_of(128) {
        // The dense builder's message says "met with"; the array builder's says "meet".
        let message = if cfg.schedule == Schedule::Auto {
            "TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement"
        } else {
            "TileSize and MNK Major does not meet MMA Mix 8-bit TMA load requirement"
        };
        return Ok(Some(reject(
            message,
            ConfigField::Tile,
            format!("an FP4/FP6 operand needs tile K a multiple of 128 for its TMA load; tile K = {}", t.k),
        )));
    }
    // `auto` goes on through the dense builder and its collective; the kernel rejects the grouped
    // problem shape last (`evaluate`).
    if !array_tag && cfg.schedule != Schedule::Auto {
        return Ok(Some(reject(
            "has no member \"SchedulerPipelineStageCount\"",
            ConfigField::Schedule,
            format!("sm120_array_mma_builder.inl reads SchedulerPipelineStageCount from the schedule tag; {} has none (use ...Sm120<2>)", cfg.schedule.cutlass_tag(cfg.kind)),
        )));
    }
    Ok(None)
}

/// `sm100_compute_stage_count_or_override` (plain) and `sm120_compute_stage_count_or_override_blockwise`:
/// `(sm120_smem_capacity_bytes - carveout) / (A + B + scales + sizeof(PipelineTmaUmmaAsync<1>::SharedStorage))`.
fn stage_count<L: TypeLayout>(
    cfg: &KernelConfig,
    data_per_stage: u64,
    epilogue: &EpilogueStorage<L>,
    epilogue_bytes: u64,
) -> StageChoice {
    let stage_bytes = data_per_stage + 2 * BARRIER_BYTES;
    super::stage_choice(cfg.stages, SM120_CAPACITY_BYTES, stage_bytes, data_per_stage, epilogue, epilogue_bytes)
}

fn mainloop_storage<L: TypeLayout>(cfg: &KernelConfig, scales_a: u64, scales_b: u64, s: u64) -> MainloopStorage<L> {
    let t = cfg.tile;
    let operands = [
        array_engine::<L>("smem_A", s * t.m * t.k, 8, Role::OperandA, s).aligned(1024),
        array_engine::<L>("smem_B", s * t.n * t.k, 8, Role::OperandB, s).aligned(1024),
    ];
    let scales = |name: &'static str, n: u64, role| {
        array_aligned::<L>(name, s * n * SCALE_BYTES, role, PerStage { stages: s, bytes_per_stage: n * SCALE_BYTES })
            .field()
    };
    let blockwise = matches!(cfg.family, Family::Blockwise(_));
    let scales = blockwise.then(|| {
        [scales("smem_scale_A", scales_a, Role::ScaleFactorA), scales("smem_scale_B", scales_b, Role::ScaleFactorB)]
    });
    let tensors = L::strukt("tensors", 128, operands.into_iter().chain(scales.into_iter().flatten()));
    let tensormaps = (cfg.kind == KernelKind::Grouped)
        .then(|| tensormap_storage(&["smem_tensormap_A", "smem_tensormap_B"], Role::MainloopTensormaps));
    MainloopStorage { tensors, pipeline: barrier_pair_pipeline("pipeline", s, Role::MainloopBarriers), tensormaps }
}
