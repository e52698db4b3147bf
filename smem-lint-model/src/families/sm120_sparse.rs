//! SM120 / SM121 2:4 structured-sparse GEMMs (`kernel = "sparse"`): the plain F8F6F4 builder
//! (`OpClassSparseTensorOp`, family `f8f6f4`) and the block-scaled one
//! (`OpClassBlockScaledSparseTensorOp`, family `blockscaled`), both run by the asymmetric-DMA kernel.
//!
//! Mirrors (unchanged from 4.4.2 to 4.7.0 but for the order of two asserts and the kernel's
//! capacity constant, `arch::Sm120::kSharedMemoryCapacityBytes` = `sm120_smem_capacity_bytes`):
//! - the builders `gemm/collective/builders/sm120_{,blockscaled_}sparse_mma_builder.inl`: stage count
//!   `sm120_compute_stage_count_or_override_{,blockscaled_}sparse`, which returns (StagesA, StagesB):
//!   `(s, s)` when `s = (capacity - carveout) / stage_bytes >= 2`, else `(s15, 3)` with `s15` computed
//!   for B at 3/4 and no metadata (the "1.5 B stages" fallback), else `(s15, s15)`; StagesE is StagesA
//!   when A and B agree, else 0 (metadata then stays in global memory);
//! - the collectives `sm120_{,blockscaled_}sparse_mma_tma.hpp`: `TensorStorage : aligned_struct<128>
//!   { alignas(1024) smem_A; alignas(1024) smem_B; [alignas(16) smem_SFA; alignas(16) smem_SFB;]
//!   alignas(16) smem_E; }`, A stored at its sparsity (`ArrayEngine<sparse_elem<S,T>, N>` holds N/S
//!   `T`s), B's K tile halved when the stages are asymmetric (`AsymmetricKRatio` = 2) over the smem
//!   atom chosen for the whole K (`tile_to_shape` asserts when it no longer divides), SFA and SFB
//!   staged with StagesA; two pipelines (`PipelineTmaAsync<StagesA>`, `<StagesB>`);
//! - the scale-factor atoms of the block-scaled builder: `blockscaled_type` gives the sparse schedules
//!   twice the dense vector (MX: 64 ue8m0; `nv_float4_t`: 32 ue4m3, which `find_vector_size` of
//!   `KernelSparseTmaWarpSpecializedNvf4Sm120` agrees with), so `MMA_NSF` = atom K / vector and the
//!   atom's K extent is `K / vector / Blk_SF` (integer division): MX at K = 128 leaves SFA and SFB
//!   empty (zero-length arrays); NVFP4 runs the MXF4 instruction (`SM120_SPARSE_16x8x128_TN_VS`,
//!   VS = 32: `MMA_NSF` = 4, one `Blk_SF / MMA_NSF` group) with one-byte ue4m3 scale factors;
//! - the block-scaled builder's `StageCount<N>` overload, which returns one `int` that
//!   `get<1>(PipelineStages)` rejects ("Index out of range"): explicit stages never compile there;
//! - the kernel `gemm/kernel/sm120_gemm_tma_warpspecialized_cooperative_asymmetric_dma.hpp`:
//!   `{ PipelineStorage : aligned_struct<16> { mainloop_mk; mainloop_nk; epi_load; load_order; }
//!   pipelines; alignas(16) scheduler (PersistentTileSchedulerSm100<Cluster, 2>); TensorStorage :
//!   aligned_struct<128> { epilogue; mainloop; } tensors; }`, which `static_assert`s its size against
//!   the SM120 capacity;
//! - the epilogue builder's sparse branch (`SparseTmaWarpSpecializedCooperativeSm120`'s automatic
//!   epilogue tile).
//!
//! Measured (tests/data/sm120-verify-sparse-*.jsonl, NVFP4 in sm120-verify-sparse-nvf4-*): every row
//! exact.
//!
//! Not modelled (refused): tiles off the metadata atom (M a multiple
//! of 128; K of 128, or 256 for the 4-bit instruction), explicit stage counts with the plain builder (its
//! `StageCount` overload cannot deduce two of its template parameters), declared and TensorRT-LLM
//! epilogues, schedulers other than the default, releases other than [`SPARSE_RELEASES`].

use super::reject;
use crate::config::{
    Epilogue, EpilogueSchedule, EpilogueTile, Family, Fusion, KernelConfig, Layout, Schedule, StagePolicy,
};
use crate::cutlass::cute;
use crate::cutlass::primitives::{
    array_aligned, array_engine, barrier_pair_pipeline, ordered_sequence_barrier, BARRIER_BYTES,
};
use crate::cutlass::sm120_epilogue;
use crate::cutlass::sm90_epilogue::EpilogueStorage;
use crate::cutlass::sm90_kernel::clc_scheduler_storage;
use crate::dtype::{Operand, Output};
use crate::layout::{PerStage, Role, TypeLayout};
use crate::{ConfigField, CutlassVersion, Evaluation, ModelError, Rejection, StageChoice, Why};

use super::sm120_blockscaled::{MAX_STAGES, MAX_TILE_EXTENT, SM120_CAPACITY_BYTES};

/// The releases the sparse model claims: their sparse builders, collectives and kernel were read
/// (4.4.2, 4.5.0, 4.6.0 and 4.7.0 have the same ones but for two assert positions), and measured.
pub const SPARSE_RELEASES: &[CutlassVersion] =
    &[CutlassVersion::V4_4_2, CutlassVersion::V4_5_0, CutlassVersion::V4_6_0, CutlassVersion::V4_7_0];

/// `SchedulerPipelineStageCount` of both sparse builders.
const SCHEDULER_STAGES: u64 = 2;

/// The kernel's `static_assert(SharedStorageSize <= ...capacity..., ...)`.
const CAPACITY_MESSAGE: &str = "SMEM usage exceeded capacity.";

/// `cute::get<I>` of an integral (`int_tuple.hpp`).
const INDEX_OUT_OF_RANGE: &str = "Index out of range";

/// `cute::tile_to_shape`'s divisibility assert (`layout.hpp`).
const TILE_TO_SHAPE_MESSAGE: &str = "tile_to_shape: block shape does not divide the target shape.";

/// `sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement`'s assert in both builders.
const MIX8BIT_MESSAGE: &str = "TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement";

/// The sparse MMA the builder picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Instr {
    /// `SM120_SPARSE_16x8x64_TN[_VS]`: A `sparse_elem<2, uint8_t>`, B `uint8_t`, E `sparse_elem<8, uint8_t>`.
    F8F6F4,
    /// `SM120_SPARSE_16x8x128_TN_VS`: A `sparse_elem<4, uint8_t>`, B `uint4_t`, E `sparse_elem<16, uint8_t>`.
    F4,
}

impl Instr {
    /// Bytes of A, B and E per stage for an M x N x K tile (B's K already divided by the K ratio).
    fn a_bytes(self, m: u64, k: u64) -> u64 {
        match self {
            Instr::F8F6F4 => m * k / 2,
            Instr::F4 => m * k / 4,
        }
    }
    fn b_bits(self) -> u64 {
        match self {
            Instr::F8F6F4 => 8,
            Instr::F4 => 4,
        }
    }
    fn e_bytes(self, m: u64, k: u64) -> u64 {
        match self {
            Instr::F8F6F4 => m * k / 8,
            Instr::F4 => m * k / 16,
        }
    }
    /// K extent of the metadata atom (`TensorEAtom_MMA_S8orF8F6F4` 128x128, `_F4` 128x256).
    fn e_atom_k(self) -> u64 {
        match self {
            Instr::F8F6F4 => 128,
            Instr::F4 => 256,
        }
    }
    /// K of the MMA atom (`Shape_MNK` of `SM120_SPARSE_16x8x64_TN_VS` / `SM120_SPARSE_16x8x128_TN_VS`).
    fn mma_k(self) -> u64 {
        match self {
            Instr::F8F6F4 => 64,
            Instr::F4 => 128,
        }
    }
}

/// `Sm1xxBlockScaledConfig`'s `Blk_MN` (rows of one scale-factor block) and `Blk_SF` (vectors per row).
const BLK_MN: u64 = 128;
const BLK_SF: u64 = 4;

/// `SmemLayoutAtomSFA` / `SmemLayoutAtomSFB` of `sm120_blockscaled_sparse_mma_builder.inl`, flat:
/// `((rows/Blk_MN, 32, 4), ((SFVectorSize, MMA_NSF), Blk_SF/MMA_NSF, K/SFVectorSize/Blk_SF))` :
/// `((512, 16, 4), ((0, 1), MMA_NSF, rows/Blk_MN*512))`, every extent a C++ integer division.
/// The sparse schedules' `blockscaled_type` doubles `SFVectorSize` (MX: 64, NVF4: 32), so a K below
/// 256 (MX) leaves the last K extent 0 and the layout empty.
fn sf_atom(rows: u64, k: u64, sf_vector: u64, mma_nsf: u64) -> cute::Layout {
    let row_blocks = rows / BLK_MN;
    cute::Layout::new(&[
        (row_blocks, 512),
        (32, 16),
        (4, 4),
        (sf_vector, 0),
        (mma_nsf, 1),
        (BLK_SF / mma_nsf, mma_nsf),
        (k / sf_vector / BLK_SF, row_blocks * 512),
    ])
}

/// `size(filter_zeros(atom))`: the builder's per-stage scale-factor bytes and the collective's
/// stage stride (`ElementSF` is one byte). Equal to the atom's cosize for these compact layouts.
fn sf_stage_elements(atom: &cute::Layout) -> u64 {
    atom.modes.iter().filter(|m| m.1 != 0).map(|m| m.0).product()
}

/// `cosize` of the staged layout `make_layout(append(shape(atom), S), append(stride(atom),
/// size(filter_zeros(atom))))`: 0 when an extent is 0.
fn sf_cosize(atom: &cute::Layout, stage_count: u64) -> u64 {
    let per_stage = sf_stage_elements(atom);
    let mut with_stages = atom.clone();
    with_stages.modes.push((stage_count, per_stage));
    if with_stages.size() == 0 {
        0
    } else {
        with_stages.max_offset() + 1
    }
}

/// K of the smem atom `sm120_rr_smem_selector<SmemAllocTypeB, TileK>` picks for B (the widest of the
/// K-major SW128 / SW64 / SW32 / interleaved atoms, 1024 / 512 / 256 / 128 bits, whose K divides the
/// tile's K).
fn b_atom_k(tile_k: u64, b_bits: u64) -> Option<u64> {
    [1024, 512, 256, 128].into_iter().map(|bits| bits / b_bits).find(|atom_k| tile_k.is_multiple_of(*atom_k))
}

fn not_modelled(at: ConfigField, what: String, hint: &'static str) -> ModelError {
    ModelError::new(at, what, hint)
}

/// The instruction a configuration's builder picks, or why it is outside the model.
fn instruction(cfg: &KernelConfig) -> Result<Instr, ModelError> {
    let (a, b) = (cfg.a, cfg.b);
    match cfg.family {
        Family::F8f6f4 => {
            if !matches!(cfg.schedule, Schedule::Auto | Schedule::Sm120SparseF8f6f4) {
                return Err(not_modelled(
                    ConfigField::Schedule,
                    format!("{} is not a schedule of the plain sparse builder", cfg.schedule),
                    "sparse F8F6F4 kernels take schedule = \"auto\" or KernelScheduleSparseF8f6f4Sm120",
                ));
            }
            for (op, at) in [(a, ConfigField::A), (b, ConfigField::B)] {
                if !matches!(op, Operand::E4m3 | Operand::E5m2 | Operand::E3m2 | Operand::E2m3 | Operand::E2m1) {
                    return Err(not_modelled(
                        at,
                        format!("{op} is not an F8F6F4 operand"),
                        "the plain sparse builder takes e4m3, e5m2, e3m2, e2m3 or e2m1",
                    ));
                }
            }
            Ok(Instr::F8F6F4)
        }
        Family::BlockScaled => {
            let mx = |o: Operand| o.is_block_scaled() && o.sf_vector() == 32;
            match cfg.schedule {
                Schedule::Sm120SparseMxf8f6f4 | Schedule::Sm120SparseMxf8f6f4Acc2x4 if mx(a) && mx(b) => {
                    Ok(Instr::F8F6F4)
                }
                Schedule::Sm120SparseMxf4 if a == Operand::Mxfp4 && b == Operand::Mxfp4 => Ok(Instr::F4),
                Schedule::Sm120SparseNvf4 if a == Operand::Nvfp4 && b == Operand::Nvfp4 => Ok(Instr::F4),
                s => Err(not_modelled(
                    ConfigField::Schedule,
                    format!("{s} with {a} x {b} is not a modelled block-scaled sparse kernel"),
                    "use KernelSparseTmaWarpSpecializedMxf8f6f4[Acc2x4]Sm120 with MX operands, \
                     KernelSparseTmaWarpSpecializedMxf4Sm120 with mxfp4 x mxfp4, or \
                     KernelSparseTmaWarpSpecializedNvf4Sm120 with nvfp4 x nvfp4",
                )),
            }
        }
        Family::Blockwise(_) | Family::Dsl(_) => Err(not_modelled(
            ConfigField::Family,
            "SM120 has no blockwise-scaled sparse builder".into(),
            "sparse kernels take family = \"blockscaled\" or \"f8f6f4\"",
        )),
    }
}

fn validate(cfg: &KernelConfig, instr: Instr) -> Result<(), ModelError> {
    if !SPARSE_RELEASES.contains(&cfg.cutlass) {
        let names: Vec<&str> = SPARSE_RELEASES.iter().map(|v| v.name()).collect();
        return Err(not_modelled(
            ConfigField::Cutlass,
            format!(
                "SM120 sparse kernels are not checked against CUTLASS {}; the model covers {}",
                cfg.cutlass,
                names.join(", ")
            ),
            "set `cutlass` to a covered release (4.2.0's collectives align their members differently)",
        ));
    }
    let t = cfg.tile;
    for v in [t.m, t.n, t.k] {
        if v == 0 || v > MAX_TILE_EXTENT {
            return Err(not_modelled(
                ConfigField::Tile,
                format!("tile {t} has an extent outside 1..={MAX_TILE_EXTENT}"),
                "SM120 CTA tiles are 64..256 per extent",
            ));
        }
    }
    if !t.m.is_multiple_of(128) || !t.n.is_multiple_of(32) || !t.k.is_multiple_of(instr.e_atom_k()) {
        return Err(not_modelled(
            ConfigField::Tile,
            format!(
                "tile {t} is outside the modelled sparse domain (M a multiple of 128, N of 32, K of {})",
                instr.e_atom_k()
            ),
            "the metadata smem atom is 128 x 128 (F8F6F4) or 128 x 256 (4-bit); other tiles are not modelled",
        ));
    }
    if let StagePolicy::Fixed(s) = cfg.stages {
        if u64::from(s) > MAX_STAGES {
            return Err(not_modelled(
                ConfigField::Stages,
                format!("stage count {s} is above {MAX_STAGES}"),
                "use 2..8",
            ));
        }
        if cfg.family == Family::F8f6f4 {
            return Err(not_modelled(
                ConfigField::Stages,
                "the plain sparse builder's StageCount<N> overload cannot be instantiated".into(),
                "its TileShapeSFA/TileShapeSFB template parameters are not deducible; use stages = \"auto\"",
            ));
        }
    }
    if let StagePolicy::AutoCarveout(b) = cfg.stages {
        if b > 1 << 32 {
            return Err(not_modelled(
                ConfigField::Stages,
                format!("carve-out {b} bytes is absurd"),
                "use a carve-out below the cap",
            ));
        }
    }
    if cfg.layout_a != Layout::RowMajor || cfg.layout_b != Layout::ColumnMajor {
        return Err(not_modelled(
            ConfigField::Layout,
            "sparse kernels are modelled TN only".into(),
            "A row-major, B column-major",
        ));
    }
    if cfg.cluster.m * cfg.cluster.n * cfg.cluster.k != 1 {
        return Err(not_modelled(
            ConfigField::Cluster,
            "SM120 sparse kernels run 1x1x1 clusters".into(),
            "use cluster = [1, 1, 1]",
        ));
    }
    if !matches!(cfg.epilogue, Epilogue::Builder) {
        return Err(not_modelled(
            ConfigField::Epilogue,
            "sparse kernels are modelled with the epilogue builder only".into(),
            "leave `epilogue` unset",
        ));
    }
    if cfg.scheduler != crate::TileScheduler::Auto || cfg.epilogue_cta_tile.is_some() {
        return Err(not_modelled(
            ConfigField::Scheduler,
            "sparse kernels are modelled with the default scheduler and the CTA tile's epilogue".into(),
            "leave `scheduler` and `epilogue_cta_tile` unset",
        ));
    }
    if !matches!(
        cfg.epilogue_schedule,
        EpilogueSchedule::Auto | EpilogueSchedule::SparseTmaWarpSpecializedCooperativeSm120
    ) {
        return Err(not_modelled(
            ConfigField::EpilogueSchedule,
            format!("epilogue schedule {} is not modelled with sparse kernels", cfg.epilogue_schedule),
            "use EpilogueScheduleAuto or SparseTmaWarpSpecializedCooperativeSm120",
        ));
    }
    if cfg.d == Output::Void {
        return Err(not_modelled(ConfigField::D, "D cannot be void".into(), "void is only meaningful for C"));
    }
    if matches!(cfg.fusion, Fusion::Evt(_)) {
        return Err(not_modelled(
            ConfigField::Fusion,
            "EVT fusions are not modelled with sparse kernels".into(),
            "use the default fusion",
        ));
    }
    Ok(())
}

/// The sparse epilogue schedule's automatic tile (`sm120_compute_tile_shape_or_override`), given to
/// the epilogue model as the explicit tile it is: 32x64 for a 64-element block-scale-factor fusion
/// with row-major D, else 64 x (16 or 32) by the C/D widths. FP6 D takes the FP6 branch first.
fn sparse_epilogue_tile(cfg: &KernelConfig) -> Result<EpilogueTile, ModelError> {
    let fp6 = cfg.d.bits() == 6;
    if cfg.epilogue_schedule != EpilogueSchedule::SparseTmaWarpSpecializedCooperativeSm120
        || cfg.epilogue_tile != EpilogueTile::Auto
        || fp6
    {
        return Ok(cfg.epilogue_tile);
    }
    let vec64 = matches!(cfg.resolved_fusion(), Fusion::LinCombBlockScaleFactor(s) if s.vector == 64);
    if vec64 && cfg.layout_d == Layout::RowMajor {
        if !cfg.tile.n.is_multiple_of(64) {
            return Err(not_modelled(
                ConfigField::Tile,
                "a 32x64 sparse epilogue tile with a tile N that is not a multiple of 64".into(),
                "use a tile N that is a multiple of 64",
            ));
        }
        return Ok(EpilogueTile::Explicit { m: 32, n: 64 });
    }
    let n = if cfg.c == Output::Void {
        if cfg.d.bits() == 32 {
            16
        } else {
            32
        }
    } else if cfg.c.bits() <= 16 {
        32
    } else {
        16
    };
    Ok(EpilogueTile::Explicit { m: 64, n })
}

/// What the builder chose: stages of A (and SFA, SFB), of B, of the metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stages {
    a: i64,
    b: i64,
    e: i64,
}

/// Evaluate one SM120 sparse configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    let instr = instruction(cfg)?;
    validate(cfg, instr)?;
    let t = cfg.tile;

    // The epilogue builder (named first; its size is the automatic carve-out).
    let mut request = super::sm120_blockscaled::epilogue_request::<L>(cfg)?;
    request.tile = sparse_epilogue_tile(cfg)?;
    let built = match sm120_epilogue::build(request) {
        Ok(built) => built,
        Err(rejected) => return Ok(*rejected),
    };
    let auto_stages = !matches!(cfg.stages, StagePolicy::Fixed(_));
    if auto_stages {
        if let Some(r) = built.collective_reject.clone() {
            return Ok(r);
        }
    }
    let epilogue: EpilogueStorage<L> = super::builder_epilogue(&built.params)?;
    let epilogue_bytes = epilogue.shared_storage().size();

    // The mainloop builder's Mix 8-bit check (TN: A's K a multiple of 256 when A is 4/6-bit, B's K
    // of 128 when B is), for the F8F6F4 instruction; the 4-bit one has no unpacked operand.
    if instr == Instr::F8F6F4
        && ((cfg.a.bits() < 8 && !t.k.is_multiple_of(256)) || (cfg.b.bits() < 8 && !t.k.is_multiple_of(128)))
    {
        return Ok(reject(
            MIX8BIT_MESSAGE,
            ConfigField::Tile,
            format!("a sparse 4/6-bit A needs tile K a multiple of 256 (K = {})", t.k),
        ));
    }

    let block_scaled = cfg.family == Family::BlockScaled;
    // The block-scaled builder's StageCount<N> overload returns an int, which `get<1>` cannot index.
    if block_scaled && matches!(cfg.stages, StagePolicy::Fixed(_)) {
        return Ok(reject(
            INDEX_OUT_OF_RANGE,
            ConfigField::Stages,
            "the block-scaled sparse builder's StageCount<N> overload returns one int, and \
             `get<1>(PipelineStages)` cannot index it; use stages = \"auto\""
                .into(),
        ));
    }
    // SmemLayoutAtomSFA / SmemLayoutAtomSFB (SFB's rows are N padded to Blk_MN): one byte per element.
    let sf_atoms = if block_scaled {
        let sf_vector = 2 * cfg.a.sf_vector();
        let mma_nsf = instr.mma_k() / sf_vector;
        Some([sf_atom(t.m, t.k, sf_vector, mma_nsf), sf_atom(t.n.div_ceil(BLK_MN) * BLK_MN, t.k, sf_vector, mma_nsf)])
    } else {
        None
    };
    let [sfa, sfb] = sf_atoms.as_ref().map_or([0, 0], |[a, b]| [sf_stage_elements(a), sf_stage_elements(b)]);
    let a = instr.a_bytes(t.m, t.k);
    let b = t.n * t.k * instr.b_bits() / 8;
    let e = instr.e_bytes(t.m, t.k);
    let pipeline_bytes = 3 * BARRIER_BYTES;
    let stage_bytes = a + b + e + pipeline_bytes + sfa + sfb;
    let choice = super::stage_choice(
        cfg.stages,
        SM120_CAPACITY_BYTES,
        stage_bytes,
        a + b + e + sfa + sfb,
        &epilogue,
        epilogue_bytes,
    );
    let stages = match cfg.stages {
        StagePolicy::Fixed(n) => Stages { a: i64::from(n), b: i64::from(n), e: i64::from(n) },
        _ if choice.stages >= 2 => Stages { a: choice.stages, b: choice.stages, e: choice.stages },
        _ => {
            let carveout = choice.carveout_bytes.unwrap_or(0) as i64;
            let b15 = (a + b * 3 / 4 + pipeline_bytes + sfa + sfb) as i64;
            let s15 = (SM120_CAPACITY_BYTES as i64 - carveout) / b15;
            let sb = if s15 >= 2 { 3 } else { s15 };
            Stages { a: s15, b: sb, e: if s15 == sb { s15 } else { 0 } }
        }
    };
    let choice = StageChoice { stages: stages.a, ..choice };
    let k_ratio = if stages.a == stages.b { 1 } else { 2 };
    // The collective's SmemLayoutB: tile_to_shape of the atom chosen for the tile's K over B's K
    // (halved when A and B are staged apart), declared before the stage asserts.
    if let Some(atom_k) = b_atom_k(t.k, instr.b_bits()) {
        if !(t.k / k_ratio).is_multiple_of(atom_k) {
            return Ok(Evaluation::Rejected(Rejection {
                message: TILE_TO_SHAPE_MESSAGE,
                by: None,
                at: ConfigField::Tile,
                detail: Why::Text(format!(
                    "A and B are staged apart ({} and {} stages), so B's smem tile holds K = {}, which the \
                     {atom_k}-wide smem atom chosen for K = {} does not divide",
                    stages.a,
                    stages.b,
                    t.k / k_ratio,
                    t.k
                )),
                stage_choice: Some(choice),
                epilogue_bytes: Some(epilogue_bytes),
            }));
        }
    }
    if stages.a < 2 || stages.b < 2 {
        let message = match (block_scaled, stages.a < 2) {
            (false, _) => "Specialization requires Stages set to value 2 or more.",
            (true, true) => "Specialization requires StagesA set to value 2 or more.",
            (true, false) => "Specialization requires StagesB set to value 2 or more.",
        };
        return Ok(super::stage_assert(
            StageChoice { stages: stages.a.min(stages.b), ..choice },
            epilogue_bytes,
            2,
            message,
        )
        .unwrap_or_else(|| reject(message, ConfigField::Stages, String::new())));
    }
    if !auto_stages {
        if let Some(r) = built.collective_reject {
            return Ok(r);
        }
    }

    let (sa, sb, se) = (stages.a as u64, stages.b as u64, stages.e as u64);
    let stage_array = |name: &'static str, per_stage: u64, s: u64, role| {
        array_aligned::<L>(name, s * per_stage, role, PerStage { stages: s, bytes_per_stage: per_stage })
    };
    let mut members = vec![
        stage_array("smem_A", a, sa, Role::OperandA).aligned(1024),
        array_engine::<L>("smem_B", sb * t.n * (t.k / k_ratio), instr.b_bits(), Role::OperandB, sb).aligned(1024),
    ];
    if let Some([sfa_atom, sfb_atom]) = &sf_atoms {
        // SFA and SFB are staged with StagesA; an empty layout leaves a zero-length array.
        let sf = |name, atom: &cute::Layout, role| {
            let per_stage = sf_stage_elements(atom);
            array_aligned::<L>(name, sf_cosize(atom, sa), role, PerStage { stages: sa, bytes_per_stage: per_stage })
                .aligned(16)
        };
        members.push(sf("smem_SFA", sfa_atom, Role::ScaleFactorA));
        members.push(sf("smem_SFB", sfb_atom, Role::ScaleFactorB));
    }
    members.push(stage_array("smem_E", e, se, Role::Metadata).aligned(16));
    let tensors = L::strukt("tensors", 128, members);
    let mk = barrier_pair_pipeline::<L>("pipeline_storage_mk", sa, Role::MainloopBarriers);
    let nk = barrier_pair_pipeline::<L>("pipeline_storage_nk", sb, Role::MainloopBarriers);
    let mainloop_shared =
        L::strukt("mainloop", 1, [tensors.clone().field(), mk.clone().aligned(16), nk.clone().aligned(16)]);
    let mainloop_bytes = mainloop_shared.size();

    // The asymmetric-DMA kernel's SharedStorage.
    let named = |n: &L, name: &'static str| n.clone().renamed(name);
    let pipes = [
        named(&mk, "mainloop_mk").aligned(16),
        named(&nk, "mainloop_nk").aligned(16),
        named(&epilogue.pipeline, "epi_load").aligned(16),
        ordered_sequence_barrier::<L>("load_order", 1, 2).aligned(16),
    ];
    let kernel_tensors =
        L::strukt("tensors", 128, [named(&epilogue.tensors, "epilogue").field(), named(&tensors, "mainloop").field()]);
    let kernel = L::strukt(
        "SharedStorage",
        1,
        [
            L::strukt("pipelines", 16, pipes).field(),
            clc_scheduler_storage::<L>(SCHEDULER_STAGES).aligned(16),
            kernel_tensors.field(),
        ],
    );
    if kernel.size() > SM120_CAPACITY_BYTES {
        return Ok(Evaluation::Rejected(Rejection {
            message: CAPACITY_MESSAGE,
            by: None,
            at: ConfigField::Stages,
            detail: Why::Text(format!(
                "the kernel's SharedStorage is {} bytes, {} over the SM120 capacity ({SM120_CAPACITY_BYTES}); \
                 the asymmetric-DMA kernel static_asserts it",
                kernel.size(),
                kernel.size() - SM120_CAPACITY_BYTES
            )),
            stage_choice: Some(choice),
            epilogue_bytes: Some(epilogue_bytes),
        }));
    }
    Ok(Evaluation::Compiled(crate::Footprint {
        kernel_bytes: kernel.size(),
        mainloop_bytes,
        epilogue_bytes,
        stages: sa,
        members: kernel.members(),
        stage_choice: choice,
        unbuildable: None,
        kernel_rejection: None,
        dsl: None,
    }))
}
