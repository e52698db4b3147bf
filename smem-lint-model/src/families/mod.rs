//! One file per architecture family: each turns a [`KernelConfig`](crate::KernelConfig) into
//! the CUTLASS types the builders would produce, and lays them out. What the builders share lives
//! here: the stage-count division every `*_compute_stage_count_or_override` helper does, and the
//! collectives' "fewer than 2 stages" static_assert.

pub mod sm100_blockwise;
pub mod sm100_umma;
pub mod sm120_blockscaled;
pub mod sm120_sparse;
pub mod sm120_tensorop;
pub mod sm80_multistage;
pub mod sm90_blockwise;
pub mod sm90_tensorop;

use crate::cutlass::sm90_epilogue::{epilogue_storage, EpilogueParams, EpilogueStorage};
use crate::cutlass::sm90_kernel::{
    clc_scheduler_storage, kernel_storage, sm90_scheduler_storage, KernelShape, MainloopStorage,
};
use crate::layout::{round_up, TypeLayout};
use crate::{
    ConfigField, Evaluation, Footprint, KernelConfig, KernelKind, ModelError, Rejection, StageChoice, StagePolicy,
    Unbuildable,
};

/// The epilogue collective's storage for builder-chosen parameters.
pub(crate) fn builder_epilogue<L: TypeLayout>(params: &EpilogueParams<L>) -> Result<EpilogueStorage<L>, ModelError> {
    epilogue_storage(params).map_err(|e| {
        ModelError::new(
            ConfigField::D,
            format!("no epilogue smem swizzle atom divides a {}-byte row", e.contiguous_bytes),
            "choose an output type and tile whose epilogue subtile row is a multiple of 16 bytes",
        )
    })
}

/// An epilogue without shared memory, wrapped for the warp-specialized kernels: SM90's
/// `Sm90TmaWarpSpecializedAdapter<DefaultEpilogue>` and its ptr-array no-smem collective, and SM100's
/// `Sm100TmaWarpSpecializedAdapter<CollectiveEpilogue<Sm100PtrArrayNoSmem, ...>>`
/// (`sm100_epilogue_array_nosmem.hpp`, `epilogue/collective/detail.hpp`). Their `TensorStorage` and
/// `TensorMapStorage` are the wrapped collective's `SharedStorage`, an empty struct (SM100's declares
/// its two nested types, no members), and the load pipeline is `PipelineTransactionAsync<0>`, whose
/// `SharedStorage` holds two `cute::array<Barrier, 0>` (1 byte each). `sizeof(SharedStorage) == 1`,
/// the carve-out the builders are given.
pub(crate) fn no_smem_epilogue<L: TypeLayout>(ptr_array: bool) -> EpilogueStorage<L> {
    EpilogueStorage {
        tensors: L::empty("tensors (no smem)", 1),
        pipeline: L::leaf("pipeline (zero stages)", 2, 1, crate::layout::Role::EpilogueBarriers),
        tensormaps: ptr_array.then(|| L::empty("tensormaps (no smem)", 1)),
    }
}

/// `FusionCallbacks::SharedStorage` of TensorRT-LLM's FINALIZE epilogue, the scatter EVT of
/// `cutlass_extensions/epilogue/fusion/sm90_visitor_scatter.hpp`:
/// `Sm90EVT<Sm90ScatterPtrArray (empty), Sm90EVT<Sm90Compute, scale broadcast, Sm90EVT<Sm90Compute,
/// Sm90ScalarBroadcastPtrArray (empty), Sm90AccFetch, bias broadcast>>>`. Of its nodes only an
/// `Sm90RowBroadcast` keeps smem, `array_aligned<ElementInput, size<1>(CtaTileShapeMNK)>`; an
/// `Sm90ColBroadcast` keeps none. Without swap_ab (`ScaledAccPerColBiasPerRowScaleScatter`) the row
/// is the bias (the output type); with swap_ab (`ScaledAccPerRowBiasPerColScaleScatter`) it is the
/// router scales (float). The same type on SM100, whose ptr-array `FusionCallbacks` derive from
/// SM90's (`sm100_callbacks_tma_warpspecialized.hpp`), and on SM120, where it was measured.
pub(crate) fn trtllm_finalize_fusion<L: TypeLayout>(out: crate::Output, swap_ab: bool, cta_n: u64) -> L {
    let (name, bits) = if swap_ab {
        ("Sm90RowBroadcast router scales, float row (scatter EVT)", 32)
    } else {
        ("Sm90RowBroadcast bias row (scatter EVT)", out.bits())
    };
    L::leaf(name, round_up(cta_n * bits / 8, 16), 16, crate::layout::Role::FusionStorage)
}

/// A configuration that compiles: the SM90 kernel shell around the mainloop and epilogue, and its
/// footprint (`sizeof` of the three `SharedStorage`s, the members when asked for).
#[allow(clippy::too_many_arguments)]
pub(crate) fn compiled<L: TypeLayout>(
    cfg: &KernelConfig,
    mainloop: &MainloopStorage<L>,
    epilogue: &EpilogueStorage<L>,
    epilogue_bytes: u64,
    scheduler_stages: u64,
    stage_choice: StageChoice,
    unbuildable: Option<Unbuildable>,
) -> Evaluation {
    let shape = KernelShape { grouped: cfg.kind == KernelKind::Grouped, pingpong: cfg.schedule.resolved_is_pingpong() };
    // `TileSchedulerSelector` on arch::Sm120: `void`, `PersistentScheduler` and `StreamKScheduler`
    // (whose `SharedStorage` is its underlying scheduler's) keep the CLC scheduler's storage;
    // `StaticPersistentScheduler` falls to `PersistentTileSchedulerSm90`, an empty class.
    let scheduler = match cfg.scheduler {
        crate::TileScheduler::StaticPersistent => sm90_scheduler_storage(),
        _ => clc_scheduler_storage(scheduler_stages),
    };
    let kernel = kernel_storage(shape, mainloop, epilogue, scheduler);
    compiled_kernel(&kernel, mainloop, epilogue_bytes, stage_choice, unbuildable)
}

/// A configuration that compiles, from its laid-out `GemmKernel::SharedStorage`.
pub(crate) fn compiled_kernel<L: TypeLayout>(
    kernel: &L,
    mainloop: &MainloopStorage<L>,
    epilogue_bytes: u64,
    stage_choice: StageChoice,
    unbuildable: Option<Unbuildable>,
) -> Evaluation {
    Evaluation::Compiled(Footprint {
        kernel_bytes: kernel.size(),
        mainloop_bytes: mainloop.shared_storage().size(),
        epilogue_bytes,
        stages: stage_choice.stages as u64,
        members: kernel.members(),
        stage_choice,
        unbuildable,
        kernel_rejection: None,
        dsl: None,
    })
}

/// The builders' stage count: an explicit `StageCount<N>`, or `(capacity - carveout) / stage_bytes`
/// in C++ `int` arithmetic (truncating toward zero) for the automatic policies, whose carve-out is
/// the epilogue's `SharedStorage` (`StageCountAutoCarveout<sizeof(...)>`, the examples' idiom), zero
/// (`StageCountAuto`), the user's bytes, or `detail::compute_carveout_from_epi`
/// (`StageCountAutoCarveoutEpi`).
pub(crate) fn stage_choice<L: TypeLayout>(
    policy: StagePolicy,
    capacity: u64,
    stage_bytes: u64,
    data_bytes_per_stage: u64,
    epilogue: &EpilogueStorage<L>,
    epilogue_bytes: u64,
) -> StageChoice {
    stage_choice_rounded(policy, capacity, stage_bytes, data_bytes_per_stage, epilogue, epilogue_bytes, 1)
}

/// [`stage_choice`] for builders that round the carve-out up first (`sm90_compute_stage_count_or_override`
/// rounds it to 128 bytes).
pub(crate) fn stage_choice_rounded<L: TypeLayout>(
    policy: StagePolicy,
    capacity: u64,
    stage_bytes: u64,
    data_bytes_per_stage: u64,
    epilogue: &EpilogueStorage<L>,
    epilogue_bytes: u64,
    carveout_align: u64,
) -> StageChoice {
    let carveout = match policy {
        StagePolicy::Fixed(_) => None,
        StagePolicy::Auto => Some(epilogue_bytes),
        StagePolicy::AutoNoCarveout => Some(0),
        StagePolicy::AutoCarveout(b) => Some(b),
        StagePolicy::AutoCarveoutEpi => {
            let t = &epilogue.tensors;
            Some(round_up(t.size(), t.align().max(128)) + round_up(epilogue.pipeline.size(), 16))
        }
    };
    let carveout = carveout.map(|c| round_up(c, carveout_align));
    let stages = match (policy, carveout) {
        (StagePolicy::Fixed(n), _) => i64::from(n),
        (_, Some(c)) => (capacity as i64 - c as i64) / stage_bytes as i64,
        (_, None) => unreachable!("every automatic policy has a carve-out"),
    };
    StageChoice {
        policy,
        stages,
        capacity_bytes: capacity,
        carveout_bytes: carveout,
        stage_bytes,
        data_bytes_per_stage,
    }
}

/// A `static_assert` that fires before any stage count is chosen (`detail`: why, for this
/// configuration).
pub(crate) fn reject(message: &'static str, at: ConfigField, detail: String) -> Evaluation {
    Evaluation::Rejected(Rejection {
        message,
        at,
        detail: detail.into(),
        stage_choice: None,
        epilogue_bytes: None,
        by: None,
    })
}

/// The collectives' `static_assert(Stages >= 2, "Specialization requires Stages set to value 2 or more.")`.
pub(crate) fn too_few_stages(choice: StageChoice, epilogue_bytes: u64) -> Option<Evaluation> {
    stage_assert(choice, epilogue_bytes, 2, "Specialization requires Stages set to value 2 or more.")
}

/// A `static_assert(Stages >= min, message)` of a builder or collective (the message verbatim: some
/// collectives check `>= 2` with a message that says "1 or more").
pub(crate) fn stage_assert(
    choice: StageChoice,
    epilogue_bytes: u64,
    min: i64,
    message: &'static str,
) -> Option<Evaluation> {
    (choice.stages < min).then_some(Evaluation::Rejected(Rejection {
        message,
        by: None,
        at: ConfigField::Stages,
        stage_choice: Some(choice),
        epilogue_bytes: Some(epilogue_bytes),
        detail: match choice.carveout_bytes {
            Some(carveout_bytes) => crate::Why::BuilderStages {
                capacity_bytes: choice.capacity_bytes,
                carveout_bytes,
                stage_bytes: choice.stage_bytes,
                stages: choice.stages,
            },
            None => crate::Why::StageCount(choice.stages),
        },
    }))
}

/// What the SM90 and SM100 models share as their domain: the operand types choose the operator
/// class (the `family` key stays at its default), the epilogue builder with its default fusion, TN
/// operands and row-major C/D, static clusters of 1, 2 or 4 per extent.
pub(crate) fn datacenter_domain(cfg: &KernelConfig, arch: &str) -> Result<(), ModelError> {
    use crate::{Epilogue, Family, Fusion, Layout};
    let blockwise = matches!(cfg.family, Family::Blockwise(_));
    if cfg.schedule.is_datacenter_blockwise() != blockwise {
        return Err(ModelError::new(
            if blockwise { ConfigField::Schedule } else { ConfigField::Family },
            if blockwise {
                format!("family `blockwise` on {arch} takes a blockwise schedule tag, not {}", cfg.schedule)
            } else {
                format!("schedule {} is a blockwise-scaled FP8 schedule", cfg.schedule)
            },
            "on SM90/SM100 blockwise scaling is `family = \"blockwise\"` with `granularity` and the schedule \
             KernelTmaWarpSpecializedBlockwise1SmSm100, ...2SmSm100 or KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum",
        ));
    }
    if cfg.family != Family::BlockScaled && !blockwise {
        return Err(ModelError::new(
            ConfigField::Family,
            format!(
                "family `{}` is an SM120 builder family; {arch} kernels are modelled without it",
                cfg.family.name()
            ),
            "leave `family` unset: on SM90/SM100 the operand types choose the operator class",
        ));
    }
    if let Epilogue::TrtllmMoe { .. } = cfg.epilogue {
        // SM100's epilogues are read as the builder's before this (`sm100_umma::trtllm_moe_view`).
        return Err(ModelError::new(
            ConfigField::Epilogue,
            format!("the TensorRT-LLM MoE launcher's {arch} epilogues have not been measured"),
            "the MoE epilogues are modelled on SM100 and SM120",
        ));
    }
    if cfg.epilogue != Epilogue::Builder {
        return Err(ModelError::new(
            ConfigField::Epilogue,
            format!("{arch} kernels are modelled with the epilogue builder only"),
            "leave `epilogue` unset",
        ));
    }
    let default_sf = matches!(cfg.resolved_fusion(), Fusion::LinCombBlockScaleFactor(s) if Some(s) == cfg.default_block_scale_factor());
    if !(matches!(cfg.resolved_fusion(), Fusion::LinearCombination | Fusion::Evt(_)) || default_sf) {
        return Err(ModelError::new(
            ConfigField::Fusion,
            format!("fusion {} is not modelled on {arch}", cfg.fusion.name()),
            "leave `fusion` unset (LinearCombination, or the block-scale-factor store for an nvfp4 D)",
        ));
    }
    if cfg.layout_a != Layout::RowMajor || cfg.layout_b != Layout::ColumnMajor {
        return Err(ModelError::new(
            ConfigField::Layout,
            format!("{arch} kernels are modelled with TN operands"),
            "use the default layouts",
        ));
    }
    let c = cfg.cluster;
    // Column-major C/D, explicit epilogue tiles (SM90) and dynamic clusters (SM100) are measured on
    // 4.4.2 and 4.7.0 (`layouts-tiles-sm90-*`, `layouts-tiles-sm100-*`).
    let new_dimension = matches!(cfg.fusion, Fusion::Evt(_))
        || cfg.layout_c != Layout::RowMajor
        || cfg.layout_d != Layout::RowMajor
        || cfg.epilogue_tile != crate::EpilogueTile::Auto
        || cfg.dynamic_cluster;
    if new_dimension && !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        return Err(ModelError::new(
            ConfigField::Cutlass,
            format!(
                "column-major C/D, explicit epilogue tiles and dynamic clusters are not checked on {arch} against CUTLASS {}",
                cfg.cutlass
            ),
            "they are modelled from CUTLASS 4.4.0 on",
        ));
    }
    if cfg.dynamic_cluster && arch != "SM100" {
        return Err(ModelError::new(
            ConfigField::Cluster,
            format!("dynamic clusters are not modelled on {arch}"),
            "use a static cluster shape",
        ));
    }
    // SM90 also takes 8 CTAs along M or N (vLLM's INT8 1x8x1; `sm90-verify-int8-*`): its shared
    // storage depends on the cluster only through the TMA atoms (multicast or not), never through a
    // member (the ClusterBarrier/ClusterTransactionBarrier pipelines hold one barrier per stage).
    let sizes: &[u64] = if arch == "SM90" { &[1, 2, 4, 8] } else { &[1, 2, 4] };
    if !cfg.dynamic_cluster && !sizes.contains(&c.m) || !sizes.contains(&c.n) || c.k != 1 || c.m * c.n > 8 {
        return Err(ModelError::new(
            ConfigField::Cluster,
            format!("cluster [{}, {}, {}] is outside the modelled domain", c.m, c.n, c.k),
            if arch == "SM90" {
                "use a static cluster of 1, 2, 4 or 8 along M and N (at most 8 CTAs) and 1 along K"
            } else {
                "use a static cluster of 1, 2 or 4 along M and N (at most 8 CTAs) and 1 along K"
            },
        ));
    }
    if cfg.scheduler != crate::TileScheduler::Auto {
        return Err(ModelError::new(
            ConfigField::Scheduler,
            format!("explicit tile schedulers are not modelled on {arch}"),
            "leave `scheduler` unset",
        ));
    }
    // SM100's epilogue CTA tile is checked against the mainloop's (`sm100_umma::epilogue_geometry`).
    if cfg.epilogue_cta_tile.is_some() && arch != "SM100" {
        return Err(ModelError::new(
            ConfigField::EpilogueCtaTile,
            format!("epilogue CTA tiles are not modelled on {arch}"),
            "leave `epilogue_cta_tile` unset",
        ));
    }
    if cfg.d == crate::Output::Void {
        return Err(ModelError::new(ConfigField::D, "D cannot be void".into(), "void is only meaningful for C"));
    }
    Ok(())
}
