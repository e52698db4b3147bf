//! One file per architecture family: each turns a [`KernelConfig`](crate::model::KernelConfig) into
//! the CUTLASS types the builders would produce, and lays them out. What the builders share lives
//! here: the stage-count division every `*_compute_stage_count_or_override` helper does, and the
//! collectives' "fewer than 2 stages" static_assert.

pub mod sm120_blockscaled;
pub mod sm120_tensorop;

use crate::model::cutlass::sm90_epilogue::{epilogue_storage, EpilogueParams, EpilogueStorage};
use crate::model::cutlass::sm90_kernel::{clc_scheduler_storage, kernel_storage, KernelShape, MainloopStorage};
use crate::model::layout::round_up;
use crate::model::{
    ConfigField, Detail, Evaluation, Footprint, KernelConfig, KernelKind, ModelError, Rejection, StageChoice,
    StagePolicy, Unbuildable,
};

/// The epilogue collective's storage for builder-chosen parameters.
pub(crate) fn builder_epilogue(params: &EpilogueParams) -> Result<EpilogueStorage, ModelError> {
    epilogue_storage(params).map_err(|e| {
        ModelError::new(
            ConfigField::D,
            format!("no epilogue smem swizzle atom divides a {}-byte row", e.contiguous_bytes),
            "choose an output type and tile whose epilogue subtile row is a multiple of 16 bytes",
        )
    })
}

/// A configuration that compiles: the SM90 kernel shell around the mainloop and epilogue, and its
/// footprint (`sizeof` of the three `SharedStorage`s, the members when asked for).
#[allow(clippy::too_many_arguments)]
pub(crate) fn compiled(
    cfg: &KernelConfig,
    mainloop: &MainloopStorage,
    epilogue: &EpilogueStorage,
    epilogue_bytes: u64,
    scheduler_stages: u64,
    stage_choice: StageChoice,
    unbuildable: Option<Unbuildable>,
    detail: Detail,
) -> Evaluation {
    let shape = KernelShape { grouped: cfg.kind == KernelKind::Grouped, pingpong: cfg.schedule.resolved_is_pingpong() };
    let kernel = kernel_storage(shape, mainloop, epilogue, clc_scheduler_storage(scheduler_stages));
    Evaluation::Compiled(Footprint {
        kernel_bytes: kernel.size(),
        mainloop_bytes: mainloop.shared_storage().size(),
        epilogue_bytes,
        stages: stage_choice.stages as u64,
        members: if detail == Detail::Members { kernel.flatten() } else { Vec::new() },
        stage_choice,
        unbuildable,
    })
}

/// The builders' stage count: an explicit `StageCount<N>`, or `(capacity - carveout) / stage_bytes`
/// in C++ `int` arithmetic (truncating toward zero) for the automatic policies, whose carve-out is
/// the epilogue's `SharedStorage` (`StageCountAutoCarveout<sizeof(...)>`, the examples' idiom), zero
/// (`StageCountAuto`), the user's bytes, or `detail::compute_carveout_from_epi`
/// (`StageCountAutoCarveoutEpi`).
pub(crate) fn stage_choice(
    policy: StagePolicy,
    capacity: u64,
    stage_bytes: u64,
    data_bytes_per_stage: u64,
    epilogue: &EpilogueStorage,
    epilogue_bytes: u64,
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

/// The collectives' `static_assert(Stages >= 2, "Specialization requires Stages set to value 2 or more.")`.
pub(crate) fn too_few_stages(choice: StageChoice, epilogue_bytes: u64) -> Option<Evaluation> {
    (choice.stages < 2).then(|| {
        Evaluation::Rejected(Rejection {
            message: "Specialization requires Stages set to value 2 or more.",
            at: ConfigField::Stages,
            stage_choice: Some(choice),
            epilogue_bytes: Some(epilogue_bytes),
            detail: match choice.carveout_bytes {
                Some(c) => format!(
                    "the builder's stage count is ({} - {c}) / {} = {}: one stage of this tile takes {} bytes",
                    choice.capacity_bytes, choice.stage_bytes, choice.stages, choice.stage_bytes
                ),
                None => format!("StageCount<{}>", choice.stages),
            },
        })
    })
}
