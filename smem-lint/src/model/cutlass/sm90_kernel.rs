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
use crate::model::layout::{Node, PerStage, Role};

/// The mainloop collective's parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainloopStorage {
    pub tensors: Node,
    pub pipeline: Node,
    pub tensormaps: Option<Node>,
}

impl MainloopStorage {
    /// `CollectiveMainloop::SharedStorage`: `{ tensors; [tensormaps;] alignas(16) pipeline_storage; }`.
    pub fn shared_storage(&self) -> Node {
        let mut fields = vec![self.tensors.clone().field()];
        if let Some(tm) = &self.tensormaps {
            fields.push(tm.clone().field());
        }
        let mut pipeline = self.pipeline.clone();
        pipeline.name = "pipeline_storage".into();
        fields.push(pipeline.aligned(16));
        Node::strukt("mainloop", 1, fields)
    }
}

/// The tile scheduler of a dense kernel, as its `SharedStorage`.
pub fn clc_scheduler_storage(sched_stages: u64) -> Node {
    // PersistentTileSchedulerSm100<Cluster, Stages>::SharedStorage
    Node::strukt(
        "scheduler",
        1,
        vec![
            barrier_pair_pipeline("pipeline_", sched_stages, Role::SchedulerStorage).aligned(16),
            barrier_pair_pipeline("throttle_pipeline_", sched_stages, Role::SchedulerStorage).aligned(16),
            Node::staged(
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
pub fn sm90_scheduler_storage() -> Node {
    Node::empty("scheduler (PersistentTileSchedulerSm90, empty)", 1)
}

/// `KernelTmaWarpSpecialized` (`sm90_gemm_tma_warpspecialized.hpp`): not persistent, so the mainloop
/// and epilogue tensors share a union.
///
/// ```text
/// { union TensorStorage { mainloop; epilogue; } tensors;
///   PipelineStorage : aligned_struct<16> { alignas(16) mainloop; alignas(16) epi_load; } pipelines; }
/// ```
pub fn non_persistent_kernel_storage(mainloop: &MainloopStorage, epilogue: &EpilogueStorage) -> Node {
    let named = |n: &Node, name: &'static str| {
        let mut n = n.clone();
        n.name = name.into();
        n
    };
    let tensors = Node::union(
        "tensors",
        Role::TensorsUnion,
        vec![named(&mainloop.tensors, "mainloop").field(), named(&epilogue.tensors, "epilogue").field()],
    );
    let pipes =
        vec![named(&mainloop.pipeline, "mainloop").aligned(16), named(&epilogue.pipeline, "epi_load").aligned(16)];
    Node::strukt("SharedStorage", 1, vec![tensors.field(), Node::strukt("pipelines", 16, pipes).field()])
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
pub fn kernel_storage(
    shape: KernelShape,
    mainloop: &MainloopStorage,
    epilogue: &EpilogueStorage,
    dense_scheduler: Node,
) -> Node {
    let named = |n: &Node, name: &'static str| {
        let mut n = n.clone();
        n.name = name.into();
        n
    };
    let math_wg_order = || ordered_sequence_barrier("math_wg_order", 2, 2).aligned(16);
    let load_order = || ordered_sequence_barrier("load_order", 1, 2).aligned(16);
    if shape.grouped {
        let tensors = Node::strukt(
            "tensors",
            128,
            vec![named(&mainloop.tensors, "mainloop").field(), named(&epilogue.tensors, "epilogue").field()],
        );
        let mut pipes = vec![
            barrier_pair_pipeline("scheduler", GROUPED_SCHEDULER_STAGES, Role::SchedulerStorage).aligned(16),
            named(&mainloop.pipeline, "mainloop").aligned(16),
            named(&epilogue.pipeline, "epi_load").aligned(16),
            load_order(),
        ];
        if shape.pingpong {
            pipes.push(math_wg_order());
        }
        let responses = Node::staged(
            "scheduler_response (WorkTileInfo[8])",
            16 * GROUPED_SCHEDULER_STAGES,
            4,
            Role::SchedulerResponses,
            PerStage { stages: GROUPED_SCHEDULER_STAGES, bytes_per_stage: 16 },
        );
        let mut maps = Vec::new();
        if let Some(tm) = &mainloop.tensormaps {
            maps.push(named(tm, "mainloop").aligned(128));
        }
        if let Some(tm) = &epilogue.tensormaps {
            maps.push(named(tm, "epilogue").aligned(128));
        }
        Node::strukt(
            "SharedStorage",
            1,
            vec![
                tensors.field(),
                Node::strukt("pipelines", 16, pipes).field(),
                responses.aligned(16),
                Node::strukt("tensormaps", 128, maps).field(),
            ],
        )
    } else {
        let mut pipes =
            vec![named(&mainloop.pipeline, "mainloop").aligned(16), named(&epilogue.pipeline, "epi_load").aligned(16)];
        if shape.pingpong {
            pipes.push(math_wg_order());
        }
        pipes.push(load_order());
        let tensors = Node::strukt(
            "tensors",
            128,
            vec![named(&epilogue.tensors, "epilogue").field(), named(&mainloop.tensors, "mainloop").field()],
        );
        Node::strukt(
            "SharedStorage",
            1,
            vec![Node::strukt("pipelines", 16, pipes).field(), dense_scheduler.aligned(16), tensors.field()],
        )
    }
}
