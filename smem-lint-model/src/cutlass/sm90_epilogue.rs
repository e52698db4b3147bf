//! `Sm90TmaWarpSpecialized` epilogue collectives (`epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp`
//! and `sm90_epilogue_array_tma_warpspecialized.hpp`). The SM120 epilogue builder produces these too.
//!
//! ```text
//! struct SharedStorage {
//!   struct TensorStorage {
//!     CollectiveStorage collective;   // WithC {alignas C; alignas D} | WithoutC union | ReuseC union
//!     FusionCallbacks::SharedStorage thread;
//!   } tensors;
//!   [ptr-array] struct TensorMapStorage : aligned_struct<128> { TmaDescriptor C; TmaDescriptor D[NumEpilogueWarpGroups]; } tensormaps;
//!   PipelineTransactionAsync<StagesC>::SharedStorage pipeline;   // C-load barriers
//! };
//! ```

use super::primitives::{
    array_aligned, array_engine, array_subbyte, barrier_pair_pipeline, swizzle_alignment, tma_descriptors,
};
use crate::config::Layout;
use crate::dtype::Output;
use crate::layout::{Node, PerStage, Role, TypeLayout};

/// The parameters of one epilogue collective, after the builder has chosen them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpilogueParams<L = Node> {
    pub c: Output,
    pub d: Output,
    /// `GmemLayoutTagC` (D's when C is void, as the builders substitute it).
    pub layout_c: Layout,
    pub layout_d: Layout,
    /// Epilogue subtile (M, N).
    pub tile_m: u64,
    pub tile_n: u64,
    pub stages_c: u64,
    pub stages_d: u64,
    /// `ReuseSmemC` of the dispatch policy (C and D share one buffer).
    pub reuse_smem: bool,
    /// `FusionCallbacks::SharedStorage`.
    pub fusion: L,
    /// The first contiguous run of the subtile's N tiler, in elements, when it is shorter than the
    /// subtile (SM100's 2x2 TMEM warps split N in two); `None`: the whole extent. It picks the atom of
    /// row-major buffers only: a column-major (M-major) buffer's atom comes from M, which is one run.
    pub contiguous_run: Option<u64>,
    /// Ptr-array (grouped) collective with `NumEpilogueWarpGroups` D descriptors.
    pub ptr_array: Option<u64>,
    /// The atoms come from `sm100_smem_selector` (SM100's epilogue builder), which gives 4-byte
    /// MN-major (column-major) buffers the `Layout_MN_SW128_32B_Atom` (`Swizzle<2,5,2>`: 512-byte
    /// alignment) instead of SW128.
    pub umma_selector: bool,
}

/// Why an epilogue cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoSwizzleAtom {
    pub contiguous_bytes: u64,
}

/// The three parts of the epilogue's `SharedStorage`, which the kernels place separately.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpilogueStorage<L = Node> {
    pub tensors: L,
    pub pipeline: L,
    pub tensormaps: Option<L>,
}

impl<L: TypeLayout> EpilogueStorage<L> {
    /// `CollectiveEpilogue::SharedStorage` as a whole: `{ tensors; [tensormaps;] pipeline; }`.
    pub fn shared_storage(&self) -> L {
        let fields = [Some(&self.tensors), self.tensormaps.as_ref(), Some(&self.pipeline)];
        L::strukt("epilogue", 1, fields.into_iter().flatten().map(|n| n.clone().field()))
    }
}

/// Bits one element takes in epilogue smem (`get_unpacked_element_type`): FP6 is unpacked into
/// 8-bit containers; void C uses D's type.
fn smem_bits(t: Output) -> u64 {
    if t.bits() == 6 {
        8
    } else {
        t.bits()
    }
}

/// `alignment_for_swizzle` of a C or D buffer: the swizzle atom `ss_smem_selector` picks for the
/// subtile's contiguous extent (N for row-major, M for column-major).
fn buffer_alignment<L>(p: &EpilogueParams<L>, bits: u64, layout: Layout) -> Result<u64, NoSwizzleAtom> {
    if p.umma_selector && layout == Layout::ColumnMajor && bits == 32 {
        // "for mn-major tf32 operands, SW128_32B is the only available smem layout": 32 elements.
        return if p.tile_m.is_multiple_of(32) {
            Ok(512)
        } else {
            Err(NoSwizzleAtom { contiguous_bytes: p.tile_m * 4 })
        };
    }
    // `sm100_get_epilogue_smem_swizzle_layout_atom` hands the selector the first contiguous run of
    // each tiler mode: M is one run, so only a row-major (N-major) buffer sees the split N tiler.
    let contiguous = match layout {
        Layout::RowMajor => p.contiguous_run.unwrap_or(p.tile_n),
        Layout::ColumnMajor => p.tile_m,
    } * bits
        / 8;
    swizzle_alignment(contiguous).ok_or(NoSwizzleAtom { contiguous_bytes: contiguous })
}

/// Lay out the epilogue collective's storage.
pub fn epilogue_storage<L: TypeLayout>(p: &EpilogueParams<L>) -> Result<EpilogueStorage<L>, NoSwizzleAtom> {
    let subtile = p.tile_m * p.tile_n;
    let c_elem = if p.c == Output::Void { p.d } else { p.c };
    let (bits_c, bits_d) = (smem_bits(c_elem), smem_bits(p.d));
    // A void C takes D's type and layout tag (`GmemLayoutTagC = GmemLayoutTagD`).
    let layout_c = if p.c == Output::Void { p.layout_d } else { p.layout_c };
    let (al_c, al_d) = (buffer_alignment(p, bits_c, layout_c)?, buffer_alignment(p, bits_d, p.layout_d)?);
    let reuse_c = p.reuse_smem && p.c != Output::Void;
    let stages_d_buf = if reuse_c { p.stages_c } else { p.stages_d };
    let smem_d = || array_engine::<L>("smem_D", subtile * stages_d_buf, bits_d, Role::EpilogueD, stages_d_buf);
    let collective = if p.c == Output::Void {
        // union CollectiveStorageWithoutC { cute::array<C, 0> smem_C; alignas(D) smem_D; }
        L::union("collective", Role::EpilogueD, [L::empty("smem_C", 1).field(), smem_d().aligned(al_d)])
    } else if reuse_c {
        // union CollectiveStorageReuseC: both buffers step by the wider stage (`StrideStageC/D` of
        // the SM100 collective; on SM90 and SM120 reuse needs equal widths, so the stride is the stage).
        let max_stage = subtile * bits_c.max(bits_d) / 8;
        let buffer = |name: &'static str, bits: u64, role| {
            let bytes = (p.stages_c - 1) * max_stage + subtile * bits / 8;
            let per_stage = PerStage { stages: p.stages_c, bytes_per_stage: max_stage };
            if bits < 8 {
                array_subbyte::<L>(name, bytes * 8, role, per_stage)
            } else {
                array_aligned::<L>(name, bytes, role, per_stage)
            }
        };
        let max = al_c.max(al_d);
        L::union(
            "collective",
            Role::EpilogueCD,
            [
                buffer("smem_C", bits_c, Role::EpilogueC).aligned(max),
                buffer("smem_D", bits_d, Role::EpilogueD).aligned(max),
            ],
        )
    } else {
        let smem_c = array_engine::<L>("smem_C", subtile * p.stages_c, bits_c, Role::EpilogueC, p.stages_c);
        L::strukt("collective", 1, [smem_c.aligned(al_c), smem_d().aligned(al_d)])
    };
    let fusion = p.fusion.clone().renamed_with(|name| format!("thread ({name})"));
    let tensors = L::strukt("tensors", 1, [collective.field(), fusion.field()]);
    let pipeline = barrier_pair_pipeline("pipeline", p.stages_c, Role::EpilogueBarriers);
    let tensormaps = p.ptr_array.map(|warp_groups| {
        L::strukt(
            "tensormaps",
            128,
            [
                tma_descriptors::<L>("smem_tensormap_C", 1, Role::EpilogueTensormaps).field(),
                tma_descriptors::<L>("smem_tensormap_D", warp_groups, Role::EpilogueTensormaps).field(),
            ],
        )
    });
    Ok(EpilogueStorage { tensors, pipeline, tensormaps })
}
