//! One file per architecture family: each turns a [`KernelConfig`](crate::model::KernelConfig) into
//! the CUTLASS types the builders would produce, and lays them out. What the builders share lives
//! here: the stage-count division every `*_compute_stage_count_or_override` helper does, and the
//! collectives' "fewer than 2 stages" static_assert.

pub mod sm120_blockscaled;
pub mod sm120_tensorop;

use crate::model::cutlass::sm90_epilogue::EpilogueStorage;
use crate::model::layout::round_up;
use crate::model::{ConfigField, Evaluation, Rejection, StageChoice, StagePolicy};

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
