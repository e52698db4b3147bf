//! The smallest pieces of `SharedStorage`, from `cutlass/arch/barrier.h`,
//! `cutlass/pipeline/sm90_pipeline.hpp`, `cute/arch/copy_sm90_desc.hpp` and `cute/container/array_aligned.hpp`.

use crate::layout::{round_up, PerStage, Role, TypeLayout};

/// `cutlass::arch::ClusterBarrier` / `ClusterTransactionBarrier`: one `uint64_t`.
pub const BARRIER_BYTES: u64 = 8;

/// `cute::TmaDescriptor` (`CUtensorMap`): 128 bytes, 64-byte aligned.
pub const TMA_DESCRIPTOR_BYTES: u64 = 128;
pub const TMA_DESCRIPTOR_ALIGN: u64 = 64;

/// `SharedStorage` of a pipeline with a full and an empty barrier per stage:
/// `PipelineTmaAsync<S>`, `PipelineTransactionAsync<S>`, `PipelineAsync<S>`, `PipelineCLCFetchAsync<S>`.
pub fn barrier_pair_pipeline<L: TypeLayout>(name: &'static str, stages: u64, role: Role) -> L {
    L::staged(
        name,
        2 * BARRIER_BYTES * stages,
        BARRIER_BYTES,
        role,
        PerStage { stages, bytes_per_stage: 2 * BARRIER_BYTES },
    )
}

/// `OrderedSequenceBarrier<Depth, Length>::SharedStorage`: `Depth * Length` barriers.
pub fn ordered_sequence_barrier<L: TypeLayout>(name: &'static str, depth: u64, length: u64) -> L {
    L::leaf(name, BARRIER_BYTES * depth * length, BARRIER_BYTES, Role::KernelPipelines)
}

/// `n` consecutive TMA descriptors.
pub fn tma_descriptors<L: TypeLayout>(name: &'static str, n: u64, role: Role) -> L {
    L::leaf(name, TMA_DESCRIPTOR_BYTES * n, TMA_DESCRIPTOR_ALIGN, role)
}

/// A collective's `TensorMapStorage : cute::aligned_struct<128> { cute::TmaDescriptor smem_tensormap_X; ... }`,
/// one descriptor per member name (`smem_tensormap_A`, `smem_tensormap_B`, ...), in order.
pub fn tensormap_storage<L: TypeLayout>(names: &[&'static str], role: Role) -> L {
    L::strukt("tensormaps", 128, names.iter().map(|&n| tma_descriptors::<L>(n, 1, role).field()))
}

/// `cute::ArrayEngine<T, N>` for byte-sized `T`: `array_aligned<T, N>`, 16-byte aligned, and an
/// empty 16-byte struct when `N == 0`.
pub fn array_aligned<L: TypeLayout>(name: &'static str, bytes: u64, role: Role, per_stage: PerStage) -> L {
    L::staged(name, round_up(bytes.max(1), 16), 16, role, per_stage)
}

/// `cute::ArrayEngine<T, N>` for sub-byte `T` (`array_subbyte`): packed, byte aligned.
pub fn array_subbyte<L: TypeLayout>(name: &'static str, bits: u64, role: Role, per_stage: PerStage) -> L {
    L::staged(name, bits.div_ceil(8), 1, role, per_stage)
}

/// A smem array of `elements` elements of `bits` each, through `ArrayEngine`.
pub fn array_engine<L: TypeLayout>(name: &'static str, elements: u64, bits: u64, role: Role, stages: u64) -> L {
    let per_stage = PerStage { stages, bytes_per_stage: (elements / stages.max(1)) * bits / 8 };
    if bits < 8 {
        array_subbyte(name, elements * bits, role, per_stage)
    } else {
        array_aligned(name, elements * bits / 8, role, per_stage)
    }
}

/// `alignment_for_swizzle` of the atom `ss_smem_selector` picks for a tile whose contiguous extent
/// is `contiguous_bytes`: SW128 -> 1024, SW64 -> 512, SW32 -> 256, interleaved -> 128.
/// `None` when no atom divides the extent (CUTLASS's selector static_asserts).
pub fn swizzle_alignment(contiguous_bytes: u64) -> Option<u64> {
    [(128, 1024), (64, 512), (32, 256), (16, 128)]
        .into_iter()
        .find(|(w, _)| contiguous_bytes.is_multiple_of(*w) && contiguous_bytes > 0)
        .map(|(_, a)| a)
}
