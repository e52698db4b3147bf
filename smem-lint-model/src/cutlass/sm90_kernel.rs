//! The `GemmUniversal` kernels that SM90 and SM120 GEMMs dispatch to
//! (`gemm/kernel/sm90_gemm_tma_warpspecialized_{cooperative,pingpong}.hpp` and
//! `sm90_gemm_array_tma_warpspecialized_{cooperative,pingpong}.hpp`).
//!
//! The kernels take the collectives' `TensorStorage`, `PipelineStorage` and `TensorMapStorage`
//! separately, not their `SharedStorage` structs:
//!
//! ```text
//! dense:   { PipelineStorage pipelines {mainloop, epi_load, [pingpong: math_wg_order], load_order};
//!            alignas(16) TileScheduler::SharedStorage scheduler;
//!            TensorStorage : aligned_struct<128> { epilogue; mainloop; } tensors; }
//! grouped: { TensorStorage : aligned_struct<128> { mainloop; epilogue; } tensors;
//!            PipelineStorage pipelines {scheduler, mainloop, epi_load, load_order, [pingpong: math_wg_order]};
//!            alignas(16) WorkTileInfo scheduler_response[8];
//!            TensorMapStorage : aligned_struct<128> { alignas(128) mainloop; alignas(128) epilogue; } tensormaps; }
//! ```

use super::primitives::{barrier_pair_pipeline, ordered_sequence_barrier};
use super::sm90_epilogue::EpilogueStorage;
use crate::layout::{Node, PerStage, Role, TypeLayout};

/// The mainloop collective's parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainloopStorage<L = Node> {
    pub tensors: L,
    pub pipeline: L,
    pub tensormaps: Option<L>,
}

impl<L: TypeLayout> MainloopStorage<L> {
    /// `CollectiveMainloop::SharedStorage`: `{ tensors; [tensormaps;] alignas(16) pipeline_storage; }`.
    pub fn shared_storage(&self) -> L {
        let tensors = [Some(&self.tensors), self.tensormaps.as_ref()];
        let pipeline = self.pipeline.clone().renamed("pipeline_storage").aligned(16);
        L::strukt("mainloop", 1, tensors.into_iter().flatten().map(|n| n.clone().field()).chain([pipeline]))
    }
}

/// The tile scheduler of a dense kernel, as its `SharedStorage`.
pub fn clc_scheduler_storage<L: TypeLayout>(sched_stages: u64) -> L {
    // PersistentTileSchedulerSm100<Cluster, Stages>::SharedStorage
    L::strukt(
        "scheduler",
        1,
        [
            barrier_pair_pipeline::<L>("pipeline_", sched_stages, Role::SchedulerStorage).aligned(16),
            barrier_pair_pipeline::<L>("throttle_pipeline_", sched_stages, Role::SchedulerStorage).aligned(16),
            L::staged(
                "data_ (CLCResponse)",
                16 * sched_stages,
                4,
                Role::SchedulerStorage,
                PerStage { stages: sched_stages, bytes_per_stage: 16 },
            )
            .aligned(16),
        ],
    )
}

/// `PersistentTileSchedulerSm90::SharedStorage`: an empty class (the SM90 dense persistent kernels).
pub fn sm90_scheduler_storage<L: TypeLayout>() -> L {
    L::empty("scheduler (PersistentTileSchedulerSm90, empty)", 1)
}

/// `KernelTmaWarpSpecialized` (`sm90_gemm_tma_warpspecialized.hpp`): not persistent, so the mainloop
/// and epilogue tensors share a union.
///
/// ```text
/// { union TensorStorage { mainloop; epilogue; } tensors;
///   PipelineStorage : aligned_struct<16> { alignas(16) mainloop; alignas(16) epi_load; } pipelines; }
/// ```
pub fn non_persistent_kernel_storage<L: TypeLayout>(mainloop: &MainloopStorage<L>, epilogue: &EpilogueStorage<L>) -> L {
    let named = |n: &L, name: &'static str| n.clone().renamed(name);
    let tensors = L::union(
        "tensors",
        Role::TensorsUnion,
        [named(&mainloop.tensors, "mainloop").field(), named(&epilogue.tensors, "epilogue").field()],
    );
    let pipes = [named(&mainloop.pipeline, "mainloop").aligned(16), named(&epilogue.pipeline, "epi_load").aligned(16)];
    L::strukt("SharedStorage", 1, [tensors.field(), L::strukt("pipelines", 16, pipes).field()])
}

/// Which kernel shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelShape {
    pub grouped: bool,
    pub pingpong: bool,
}

/// Stages of the grouped kernels' scheduler pipeline and responses: hard-wired to 8 in the array kernels.
pub const GROUPED_SCHEDULER_STAGES: u64 = 8;

/// `GemmKernel::SharedStorage`. `dense_scheduler` is the dense kernels' `TileScheduler::SharedStorage`.
pub fn kernel_storage<L: TypeLayout>(
    shape: KernelShape,
    mainloop: &MainloopStorage<L>,
    epilogue: &EpilogueStorage<L>,
    dense_scheduler: L,
) -> L {
    let named = |n: &L, name: &'static str| n.clone().renamed(name);
    let math_wg_order = || shape.pingpong.then(|| ordered_sequence_barrier::<L>("math_wg_order", 2, 2).aligned(16));
    let load_order = || ordered_sequence_barrier::<L>("load_order", 1, 2).aligned(16);
    if shape.grouped {
        let tensors = L::strukt(
            "tensors",
            128,
            [named(&mainloop.tensors, "mainloop").field(), named(&epilogue.tensors, "epilogue").field()],
        );
        let pipes = [
            barrier_pair_pipeline::<L>("scheduler", GROUPED_SCHEDULER_STAGES, Role::SchedulerStorage).aligned(16),
            named(&mainloop.pipeline, "mainloop").aligned(16),
            named(&epilogue.pipeline, "epi_load").aligned(16),
            load_order(),
        ]
        .into_iter()
        .chain(math_wg_order());
        let responses = L::staged(
            "scheduler_response (WorkTileInfo[8])",
            16 * GROUPED_SCHEDULER_STAGES,
            4,
            Role::SchedulerResponses,
            PerStage { stages: GROUPED_SCHEDULER_STAGES, bytes_per_stage: 16 },
        );
        let maps = [
            mainloop.tensormaps.as_ref().map(|tm| named(tm, "mainloop").aligned(128)),
            epilogue.tensormaps.as_ref().map(|tm| named(tm, "epilogue").aligned(128)),
        ];
        L::strukt(
            "SharedStorage",
            1,
            [
                tensors.field(),
                L::strukt("pipelines", 16, pipes).field(),
                responses.aligned(16),
                L::strukt("tensormaps", 128, maps.into_iter().flatten()).field(),
            ],
        )
    } else {
        let pipes =
            [named(&mainloop.pipeline, "mainloop").aligned(16), named(&epilogue.pipeline, "epi_load").aligned(16)]
                .into_iter()
                .chain(math_wg_order())
                .chain([load_order()]);
        let tensors = L::strukt(
            "tensors",
            128,
            [named(&epilogue.tensors, "epilogue").field(), named(&mainloop.tensors, "mainloop").field()],
        );
        L::strukt(
            "SharedStorage",
            1,
            [L::strukt("pipelines", 16, pipes).field(), dense_scheduler.aligned(16), tensors.field()],
        )
    }
}
