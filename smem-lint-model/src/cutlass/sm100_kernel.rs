//! The SM100 UMMA kernels (`gemm/kernel/sm100_gemm_tma_warpspecialized.hpp` and
//! `sm100_gemm_array_tma_warpspecialized.hpp`), which dense and block-scaled mainloops share.
//!
//! ```text
//! { PipelineStorage : aligned_struct<16> { alignas(16) mainloop; epi_load; load_order; clc;
//!                                          accumulator; clc_throttle; tmem_dealloc;
//!                                          [3.9.x array kernel] epilogue_throttle; } pipelines;
//!   alignas(16) TileScheduler::CLCResponse clc_response[SchedulerPipelineStageCount];
//!   uint32_t tmem_base_ptr;
//!   [array kernel] TensorMapStorage : aligned_struct<128> { alignas(128) epilogue; alignas(128) mainloop; } tensormaps;
//!   TensorStorage : aligned_struct<128> { epilogue; mainloop; } tensors; }
//! ```
//!
//! The grouped (ptr-array with `GroupProblemShape`) kernel runs the group scheduler: its `clc`
//! pipeline is a `PipelineAsync<8>`, its throttle a `PipelineEmpty`, and its responses are
//! `WorkTileInfo`s.

use super::primitives::{barrier_pair_pipeline, ordered_sequence_barrier, BARRIER_BYTES};
use super::sm90_epilogue::EpilogueStorage;
use super::sm90_kernel::MainloopStorage;
use crate::layout::{PerStage, Role, TypeLayout};

/// The shape of an SM100 kernel's scheduling storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm100KernelShape {
    /// The array kernel with the group scheduler.
    pub grouped: bool,
    /// `SchedulerPipelineStageCount`.
    pub scheduler_stages: u64,
    /// `AccumulatorPipelineStageCount`.
    pub accumulator_stages: u64,
    /// Grouped kernels update tensor maps asynchronously (4.3.0 on): a `tensor_map_ready` pipeline,
    /// two 20-byte responses per stage, five copies of the tensor maps.
    pub async_tensormaps: bool,
    /// 3.9.x ([`crate::release::Headers::sm100_before_clc_throttle`]): no `clc_throttle` in the
    /// dense kernel, an `epilogue_throttle` barrier after `tmem_dealloc` in the array kernel.
    pub before_clc_throttle: bool,
}

/// Tensor-map updater warps of the asynchronous grouped kernel (`NumTensorMapUpdaterThreads / 32`);
/// the kernel keeps one more copy of the tensor maps than it has updaters.
pub const TENSORMAP_UPDATER_WARPS: u64 = 4;
/// `sizeof(WithTensorMapUpdateInfo<WorkTileInfo>)`: four `int32_t` and two `uint16_t`.
const RESPONSE_WITH_UPDATE_INFO_BYTES: u64 = 20;

/// `GemmKernel::SharedStorage` of the SM100 kernels.
pub fn kernel_storage<L: TypeLayout>(
    shape: Sm100KernelShape,
    mainloop: &MainloopStorage<L>,
    epilogue: &EpilogueStorage<L>,
) -> L {
    let named = |n: &L, name: &'static str| n.clone().renamed(name);
    let s = shape.scheduler_stages;
    let (clc, throttle) = if shape.grouped {
        (
            barrier_pair_pipeline::<L>("clc (PipelineAsync, group scheduler)", s, Role::SchedulerStorage),
            Some(L::empty("clc_throttle (PipelineEmpty)", 1)),
        )
    } else {
        (
            barrier_pair_pipeline::<L>("clc (PipelineCLCFetchAsync)", s, Role::SchedulerStorage),
            (!shape.before_clc_throttle)
                .then(|| barrier_pair_pipeline::<L>("clc_throttle (PipelineAsync)", s, Role::SchedulerStorage)),
        )
    };
    let epilogue_throttle = (shape.grouped && shape.before_clc_throttle).then(|| {
        L::leaf("epilogue_throttle (ClusterBarrier)", BARRIER_BYTES, BARRIER_BYTES, Role::KernelPipelines).aligned(16)
    });
    let async_maps = shape.grouped && shape.async_tensormaps;
    let pipes = [
        Some(named(&mainloop.pipeline, "mainloop").aligned(16)),
        Some(named(&epilogue.pipeline, "epi_load").aligned(16)),
        Some(ordered_sequence_barrier::<L>("load_order", 1, 2).aligned(16)),
        Some(clc.aligned(16)),
        Some(
            barrier_pair_pipeline::<L>(
                "accumulator (PipelineUmmaAsync)",
                shape.accumulator_stages,
                Role::KernelPipelines,
            )
            .aligned(16),
        ),
        throttle.map(|t| t.aligned(16)),
        Some(L::leaf("tmem_dealloc (ClusterBarrier)", BARRIER_BYTES, BARRIER_BYTES, Role::KernelPipelines).aligned(16)),
        epilogue_throttle,
    ]
    .into_iter()
    .flatten()
    .chain(
        async_maps.then(|| {
            barrier_pair_pipeline::<L>("tensor_map_ready (PipelineAsync)", s, Role::SchedulerStorage).aligned(16)
        }),
    );
    let responses = if async_maps {
        L::staged(
            "clc_response[2] (WithTensorMapUpdateInfo<WorkTileInfo>)",
            2 * RESPONSE_WITH_UPDATE_INFO_BYTES * s,
            4,
            Role::SchedulerResponses,
            PerStage { stages: s, bytes_per_stage: 2 * RESPONSE_WITH_UPDATE_INFO_BYTES },
        )
    } else {
        L::staged(
            if shape.grouped { "clc_response (WorkTileInfo)" } else { "clc_response (CLCResponse)" },
            16 * s,
            4,
            Role::SchedulerResponses,
            PerStage { stages: s, bytes_per_stage: 16 },
        )
    };
    let tensormaps = (mainloop.tensormaps.is_some() || epilogue.tensormaps.is_some()).then(|| {
        let maps = [
            epilogue.tensormaps.as_ref().map(|tm| named(tm, "epilogue").aligned(128)),
            mainloop.tensormaps.as_ref().map(|tm| named(tm, "mainloop").aligned(128)),
        ];
        let one = L::strukt("tensormaps", 128, maps.into_iter().flatten());
        if async_maps {
            let copies = TENSORMAP_UPDATER_WARPS + 1;
            let all = (0..copies).map(|i| one.clone().renamed_with(|_| format!("[{i}]")).field());
            L::strukt(format!("tensormaps[{copies}]"), 128, all).field()
        } else {
            one.field()
        }
    });
    let tensors = L::strukt(
        "tensors",
        128,
        [named(&epilogue.tensors, "epilogue").field(), named(&mainloop.tensors, "mainloop").field()],
    );
    let fields = [
        Some(L::strukt("pipelines", 16, pipes).field()),
        Some(responses.aligned(16)),
        Some(L::leaf("tmem_base_ptr", 4, 4, Role::KernelPipelines).field()),
        tensormaps,
        Some(tensors.field()),
    ];
    L::strukt("SharedStorage", 1, fields.into_iter().flatten())
}

/// `GemmKernel::SharedStorage` of the SM100 MMA-transform kernel
/// (`gemm/kernel/sm100_gemm_tma_warpspecialized_mma_transform.hpp`, `KernelTmaWarpSpecializedMmaTransformSm100`),
/// which the blockwise-scaling mainloop (`MainloopSm100TmaUmmaWarpSpecializedBlockwiseScaling`) runs:
///
/// ```text
/// { PipelineStorage : aligned_struct<16, _1> { alignas(16) mainloop; epi_load; load_order; clc;
///                                              clc_throttle; tmem_dealloc; epilogue_throttle; } pipelines;
///   alignas(16) TileScheduler::CLCResponse clc_response[SchedulerPipelineStageCount];
///   uint32_t tmem_base_ptr;
///   TensorStorage : aligned_struct<128, _1> { epilogue; mainloop; } tensors; }
/// ```
///
/// The accumulator pipeline is not the kernel's here: it is the last member of the collective's
/// `PipelineStorage` (`mainloop_pipelines`, laid out by the family).
pub fn mma_transform_kernel_storage<L: TypeLayout>(
    scheduler_stages: u64,
    mainloop_pipelines: &L,
    mainloop_tensors: &L,
    epilogue: &EpilogueStorage<L>,
) -> L {
    let named = |n: &L, name: &'static str| n.clone().renamed(name);
    let s = scheduler_stages;
    let barrier = |name: &'static str| L::leaf(name, BARRIER_BYTES, BARRIER_BYTES, Role::KernelPipelines).aligned(16);
    let pipes = [
        named(mainloop_pipelines, "mainloop").aligned(16),
        named(&epilogue.pipeline, "epi_load").aligned(16),
        ordered_sequence_barrier::<L>("load_order", 1, 2).aligned(16),
        barrier_pair_pipeline::<L>("clc (PipelineCLCFetchAsync)", s, Role::SchedulerStorage).aligned(16),
        barrier_pair_pipeline::<L>("clc_throttle (PipelineAsync)", s, Role::SchedulerStorage).aligned(16),
        barrier("tmem_dealloc (ClusterBarrier)"),
        barrier("epilogue_throttle (ClusterBarrier)"),
    ];
    let responses = L::staged(
        "clc_response (CLCResponse)",
        16 * s,
        4,
        Role::SchedulerResponses,
        PerStage { stages: s, bytes_per_stage: 16 },
    );
    let tensors = L::strukt(
        "tensors",
        128,
        [named(&epilogue.tensors, "epilogue").field(), named(mainloop_tensors, "mainloop").field()],
    );
    L::strukt(
        "SharedStorage",
        1,
        [
            L::strukt("pipelines", 16, pipes).field(),
            responses.aligned(16),
            L::leaf("tmem_base_ptr", 4, 4, Role::KernelPipelines).field(),
            tensors.field(),
        ],
    )
}
