//! SM80/SM86/SM87/SM89 (Ampere, Ada): the CUTLASS 2.x multistage tensor-op GEMM
//! (`cutlass::gemm::device::GemmUniversal` -> `kernel::DefaultGemmUniversal` -> `DefaultGemm`), and
//! the grouped MoE kernel TensorRT-LLM and FlashInfer build for these GPUs (`MoeFCGemm`).
//!
//! Mirrors:
//! - the mainloop `MmaBase::SharedStorage` (`gemm/threadblock/mma_base.h`): two
//!   `AlignedBuffer<Element, N>` (16-byte aligned), A of `(M + padA.row) x (K * Stages + padA.column)`
//!   and B of `(K * Stages + padB.row) x (N + padB.column)` elements. The padding is the
//!   `MmaPolicy`'s: `MatrixShape<0, 0>` for both operands in the `DefaultMmaCore` of
//!   `default_mma_core_sm80.h` that A row-major x B column-major `OpClassTensorOp` selects (the only
//!   layouts accepted here); its static_asserts ("Threadblock-scoped GEMM should be divisible by
//!   warp-scoped GEMM size.", and `PitchLinearWarpRakedThreadMap`'s "Number of iterations must be
//!   non-zero." when a stage of A or B has fewer 16-byte accesses than the CTA has threads) and
//!   `MmaBase`'s (at least two, and an even number of, warp-level MMAs per warp tile K) are
//!   rejections, and so is the crosswise shared-memory layout's ("kCrosswise should be no large
//!   than one shared memory cache line.": a K row of more than 128 bytes). `Stages == 2` takes
//!   `MmaPipelined`, more take `MmaMultistage`: both derive from `MmaBase<Shape, Policy, Stages>`
//!   and keep its `SharedStorage`. `DefaultMma`'s 2-stage specialization for `float` operands
//!   (tf32 here) uses `DefaultMmaCore<..., 2, OpMultiplyAddFastF16>` (`default_mma_core_sm75.h`),
//!   whose buffers hold `half_t`: half the bytes of the 3+-stage core's `float`.
//! - the epilogue `EpilogueBase::SharedStorage` (`epilogue/threadblock/epilogue_base.h`) of
//!   `DefaultEpilogueTensorOp` (`default_epilogue_tensor_op.h`): one `AlignedBuffer` of the
//!   accumulator type, `((WarpCount.M * 8 * WarpCount.K) + 0) * kFragmentsPerIteration` rows of
//!   `WarpCount.N * Warp.N + 64 / bits(accumulator) * 4` columns. 8 is the warp tile iterators'
//!   `Shape::kRow` (`TensorOpPolicy::kRowsPerIteration`, `tile_iterator_tensor_op(_mixed).h`);
//!   `kFragmentsPerIteration` is 2 for the `DefaultIteratorsTensorOp` specializations
//!   `<half_t, float, 8>`, `<float, float, 4>`, `<half_t | bfloat16_t, int32_t, 8>`, else 1.
//! - sliced K (warp K < CTA K): `DefaultGemm`'s `kPartitionsK = ThreadblockShape::kK / WarpShape::kK`
//!   is `WarpCount::kK` of the core (its warps, and `kThreads`, count every partition) and of
//!   `EpilogueBase` (each partition writes its accumulators to its own `8 * WarpCount.M` rows, summed
//!   by the epilogue through the same buffer: there is no separate reduction storage), and
//!   `DefaultEpilogueTensorOp` takes `kFragmentsPerIteration = 1` for it. The mainloop's buffers
//!   keep the CTA tile's K. Measured with two partitions; more are refused.
//! - the kernels' `union SharedStorage { Mma::SharedStorage main_loop; Epilogue::SharedStorage
//!   epilogue; }` (`gemm/kernel/gemm_universal.h`, `gemm/kernel/gemm.h`), and `MoeFCGemm`'s
//!   (`cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h`), which puts the problem visitor's
//!   `SharedStorage` first: `MoeProblemVisitor<..., GroupScheduleMode::kDeviceOnly, ...>` (the only
//!   mode it defines) keeps an empty struct.
//!
//! There is no stage count to compute (2.x takes `Stages` as a template argument) and no
//! compile-time capacity check: an over-budget kernel fails in `initialize()`
//! (`cudaFuncSetAttribute`). These headers are the same in every release 3.9.0-4.7.0 (comments,
//! include spellings and copyright years apart).

use crate::config::{KernelConfig, KernelKind, StagePolicy, Tile};
use crate::dtype::{Operand, Output};
use crate::layout::{PerStage, Role, TypeLayout};
use crate::{Arch, ConfigField, Evaluation, Footprint, ModelError, StageChoice};

fn refuse<T>(at: ConfigField, message: String, hint: &'static str) -> Result<T, ModelError> {
    Err(ModelError::new(at, message, hint))
}

/// `static_assert` messages of the headers, verbatim.
pub const WARP_DIVISIBILITY: &str = "Threadblock-scoped GEMM should be divisible by warp-scoped GEMM size.";
pub const TWO_WARP_MMAS: &str = "The pipelined structure requires at least two warp-level GEMM operations.";
pub const EVEN_WARP_MMAS: &str = "Inner loop iteration must be an even number.";
pub const THREAD_MAP_ITERATIONS: &str = "Number of iterations must be non-zero";
pub const CROSSWISE_CACHE_LINE: &str = "kCrosswise should be no large than one shared memory cache line.";
/// `detail::RowArrangement<..., true>`'s asserts (`epilogue/threadblock/output_tile_thread_map.h`).
pub const ACCESSING_TOO_MANY: &str = "Accessing too many elements per access";
pub const ITERATION_COUNT_COLUMN: &str = "Iteration Count Column must be > 0";
pub const ITERATION_COUNT_ROW: &str = "Iteration Count Row must be > 0";
/// `PredicatedTileIterator`'s asserts on its thread map (`epilogue/threadblock/predicated_tile_iterator.h`).
pub const ITERATIONS_ROW: &str = "ThreadMap::Iterations::kRow must be > 0";
pub const ITERATIONS_GROUP: &str = "ThreadMap::Iterations::kGroup must be > 0";
pub const ITERATIONS_CLUSTER: &str = "ThreadMap::Iterations::kCluster must be > 0";
pub const ITERATIONS_COLUMN: &str = "ThreadMap::Iterations::kColumn must be > 0";

/// The accumulator of the operand types: `int32_t` for int8, else `float` (both 32 bits).
const ACCUMULATOR_BITS: u64 = 32;

/// K of the SM80/SM89 tensor-op instruction (`InstructionShape`) for an operand width: 16x8x16 for
/// 16-bit types, 16x8x8 for TF32, 16x8x32 for int8 and (SM89) FP8.
const fn instruction_k(bits: u64) -> u64 {
    match bits {
        32 => 8,
        16 => 16,
        _ => 32,
    }
}

/// The bits of one operand element in shared memory. `DefaultMma`'s 2-stage specialization for
/// `float` A, B and accumulator (`default_mma.h`) builds `DefaultMmaCore<..., 2,
/// OpMultiplyAddFastF16>` (`default_mma_core_sm75.h`), whose warp-level operator, and so
/// `MmaBase`'s buffers, hold `half_t` (its global loads are 256-bit, 8 floats, converted on the
/// way to shared memory); every other path keeps the operand type.
fn smem_bits(cfg: &KernelConfig, stages: u64) -> u64 {
    if cfg.a == Operand::Tf32 && stages == 2 {
        16
    } else {
        cfg.a.bits()
    }
}

/// What CUTLASS 3.x keys mean nothing to a 2.x kernel: refused, naming the key.
fn three_x_keys(cfg: &KernelConfig) -> Result<(), ModelError> {
    use crate::{EpilogueOpClass, EpilogueSchedule, EpilogueTile, Family, Layout, Schedule, TileScheduler};
    const HINT: &str = "SM80-SM89 kernels are CUTLASS 2.x GEMMs: leave the CUTLASS 3.x keys unset";
    let three_x = |at: ConfigField, what: &str| {
        refuse(
            at,
            format!("`{}` ({what}) is a CUTLASS 3.x setting; {} kernels are CUTLASS 2.x GEMMs", at.key(), cfg.arch),
            HINT,
        )
    };
    if cfg.family != Family::BlockScaled {
        return three_x(ConfigField::Family, "an SM120 builder family");
    }
    if cfg.dynamic_cluster || cfg.cluster != crate::Cluster::ONE {
        return three_x(ConfigField::Cluster, "thread block clusters");
    }
    if cfg.schedule != Schedule::Auto {
        return three_x(ConfigField::Schedule, "a kernel schedule tag");
    }
    if cfg.epilogue_schedule != EpilogueSchedule::Auto {
        return three_x(ConfigField::EpilogueSchedule, "an epilogue schedule tag");
    }
    if cfg.epilogue_tile != EpilogueTile::Auto {
        return three_x(ConfigField::EpilogueTile, "the epilogue builder's subtile");
    }
    if cfg.epilogue_cta_tile.is_some() {
        return three_x(ConfigField::EpilogueCtaTile, "the epilogue builder's CTA tile");
    }
    if cfg.epilogue_op_class != EpilogueOpClass::Auto {
        return three_x(ConfigField::EpilogueOpClass, "the epilogue builder's op class");
    }
    if cfg.scheduler != TileScheduler::Auto {
        return three_x(ConfigField::Scheduler, "a 3.x tile scheduler");
    }
    if cfg.layout_c != Layout::RowMajor || cfg.layout_d != Layout::RowMajor {
        return refuse(
            if cfg.layout_c == Layout::RowMajor { ConfigField::LayoutD } else { ConfigField::LayoutC },
            format!("column-major C/D is not modelled on {}", cfg.arch),
            "the 2.x tensor-op epilogue is modelled with row-major C and D",
        );
    }
    if cfg.layout_a != Layout::RowMajor || cfg.layout_b != Layout::ColumnMajor {
        return refuse(
            ConfigField::Layout,
            format!("{} kernels are modelled with TN operands", cfg.arch),
            "use the default layouts",
        );
    }
    Ok(())
}

/// The operand, output, epilogue and stage domain; returns the explicit stage count.
fn validate(cfg: &KernelConfig) -> Result<u64, ModelError> {
    three_x_keys(cfg)?;
    if cfg.kind == KernelKind::Sparse {
        return refuse(
            ConfigField::Kind,
            format!("structured-sparse GEMMs are not modelled on {}", cfg.arch),
            "use kernel = \"dense\" (GemmUniversal) or \"grouped\" (TensorRT-LLM's MoeFCGemm)",
        );
    }
    match cfg.epilogue {
        crate::Epilogue::Builder => {}
        crate::Epilogue::TrtllmMoe { .. } => {
            return refuse(
                ConfigField::Epilogue,
                "the TensorRT-LLM MoE launcher's SM80-SM89 kernel is `kernel = \"grouped\"` with the default epilogue"
                    .into(),
                "set kernel = \"grouped\" and leave `epilogue` unset",
            )
        }
        crate::Epilogue::Declared { .. } => {
            return refuse(
                ConfigField::Epilogue,
                format!("declared epilogues are not modelled on {}", cfg.arch),
                "leave `epilogue` unset: the 2.x tensor-op epilogue is modelled",
            )
        }
    }
    if !matches!(cfg.fusion, crate::Fusion::Default | crate::Fusion::LinearCombination) {
        return refuse(
            ConfigField::Fusion,
            format!("fusion {} is not modelled on {}", cfg.fusion.name(), cfg.arch),
            "EVT / epilogue-visitor epilogues (vLLM scaled_mm_c2x, TensorRT-LLM's int8 GemmWithEpilogueVisitor) are not \
             modelled; leave `fusion` unset (LinearCombination and the activations that keep its storage)",
        );
    }
    let fp8 = cfg.a.is_fp8() && cfg.b.is_fp8();
    let same_16_32 = cfg.a == cfg.b && matches!(cfg.a, Operand::F16 | Operand::Bf16 | Operand::Tf32 | Operand::I8);
    if fp8 && cfg.arch != Arch::Sm89 {
        return refuse(
            ConfigField::A,
            format!("FP8 tensor-op GEMMs need SM89; {} has no FP8 MMA", cfg.arch),
            "use arch = \"sm89\" for e4m3/e5m2 operands",
        );
    }
    if !(fp8 || same_16_32) {
        return refuse(
            if [Operand::F16, Operand::Bf16, Operand::Tf32, Operand::I8, Operand::E4m3, Operand::E5m2].contains(&cfg.a) {
                ConfigField::B
            } else {
                ConfigField::A
            },
            format!("operands {} x {} are not modelled on {}", cfg.a, cfg.b, cfg.arch),
            "use f16, bf16, tf32 or i8 for both operands, or e4m3/e5m2 on sm89 (mixed-input fpA_intB GEMMs are not modelled)",
        );
    }
    if cfg.c != cfg.d {
        return refuse(
            ConfigField::C,
            format!("c = {} and d = {} differ; a 2.x GEMM reads C and writes D as one ElementC", cfg.c, cfg.d),
            "set c equal to d",
        );
    }
    if !matches!(cfg.d, Output::F16 | Output::Bf16 | Output::F32) {
        return refuse(
            ConfigField::D,
            format!("output {} is not modelled on {}", cfg.d, cfg.arch),
            "use c = d = f16, bf16 or f32",
        );
    }
    match cfg.stages {
        StagePolicy::Fixed(n) if n >= 2 => Ok(u64::from(n)),
        StagePolicy::Fixed(n) => refuse(
            ConfigField::Stages,
            format!("{n} stage is not a 2.x mainloop: MmaPipelined takes 2 stages, MmaMultistage waits on kStages - 2 copies"),
            "use stages = 2 or more (CUTLASS's SM80 tensor-op default is 3)",
        ),
        other => refuse(
            ConfigField::Stages,
            format!("stages = \"{other}\": CUTLASS 2.x kernels take the stage count as a template argument and compute none"),
            "write the kernel's `Stages` (CUTLASS's SM80 tensor-op default is 3)",
        ),
    }
}

/// The tiles the model was measured on: refused outside them.
fn tile_domain(cfg: &KernelConfig, w: Tile) -> Result<(), ModelError> {
    let t = cfg.tile;
    let bits = cfg.a.bits();
    // The K of each width measured (K = 128 for tf32 and 16-bit types measured as the crosswise
    // layout's rejection; 8-bit K = 256, the same rejection by the headers, never measured).
    let ks: &[u64] = if bits >= 16 { &[16, 32, 64, 128] } else { &[32, 64, 128] };
    if ![16, 32, 64, 128, 256].contains(&t.m) || ![32, 64, 128, 256].contains(&t.n) || !ks.contains(&t.k) {
        return refuse(
            ConfigField::Tile,
            format!(
                "tile {t} is outside the modelled 2.x domain (M 16-256 and N 32-256, powers of two; K {})",
                ks.iter().map(u64::to_string).collect::<Vec<_>>().join("/")
            ),
            "the model refuses to guess for tiles it was not measured on",
        );
    }
    if ![16, 32, 64, 128].contains(&w.m) || ![16, 32, 64, 128].contains(&w.n) {
        return refuse(
            ConfigField::Warp,
            format!("warp tile {w} is outside the modelled 2.x domain (M and N 16, 32, 64 or 128)"),
            "use a warp tile such as [64, 64, K] or [32, 32, K]",
        );
    }
    // Sliced K: `DefaultGemm`'s kPartitionsK = ThreadblockShape::kK / WarpShape::kK (integer
    // division, no static_assert); measured with two partitions only.
    if w.k != t.k && w.k * 2 != t.k {
        return refuse(
            ConfigField::Warp,
            format!(
                "warp tile K {} against the CTA tile's {}: only the warp K of the CTA tile or half of it \
                 (sliced K, kPartitionsK = 2) is modelled",
                w.k, t.k
            ),
            "give the warp tile the CTA tile's K, or half of it",
        );
    }
    Ok(())
}

/// `DefaultIteratorsTensorOp<ElementOutput, ElementAccumulator, ElementsPerAccess>::kFragmentsPerIteration`
/// with `ElementsPerAccess = 128 / bits(D)` (the 2.x examples' and TensorRT-LLM's `LinearCombination`
/// vector width), as `DefaultEpilogueTensorOp` takes it with `kPartitionsK == 1`; with sliced K
/// it takes 1 (`kPartitionsK == 1 ? DefaultIterators::kFragmentsPerIteration : 1`).
fn fragments_per_iteration(cfg: &KernelConfig, partitions_k: u64) -> u64 {
    if partitions_k > 1 {
        return 1;
    }
    let int_acc = cfg.a == Operand::I8;
    match (cfg.d, int_acc) {
        (Output::F16 | Output::F32, false) | (Output::F16 | Output::Bf16, true) => 2,
        _ => 1,
    }
}

/// Evaluate one SM80-SM89 configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    let stages = validate(cfg)?;
    let Some(w) = cfg.warp else {
        return refuse(
            ConfigField::Warp,
            format!("{} kernels need a warp tile: CUTLASS 2.x takes `WarpShape` as a template argument", cfg.arch),
            "add `warp = [M, N, K]`, e.g. warp = [64, 64, 64] for tile [128, 128, 64]",
        );
    };
    tile_domain(cfg, w)?;
    let t = cfg.tile;
    // DefaultMmaCore (default_mma_core_sm80.h).
    if !t.m.is_multiple_of(w.m) || !t.n.is_multiple_of(w.n) {
        return Ok(super::reject(
            WARP_DIVISIBILITY,
            ConfigField::Warp,
            format!("the warp tile {w} does not divide the CTA tile {t}"),
        ));
    }
    // WarpCount = <M / WarpM, N / WarpN, K / WarpK>; kThreads = WarpCount::kCount * 32.
    let warps = (t.m / w.m) * (t.n / w.n) * (t.k / w.k);
    let bits = smem_bits(cfg, stages);
    // PitchLinearWarpRakedThreadMap of A (K x M) and B (K x N) over kThreads: a warp covers 32
    // 16-byte accesses, `K * bits / 128` of them along K (the 2-stage float core's 32-byte
    // accesses of 8 floats count as its 16-bit shared memory does); fewer accesses in a stage's
    // tile than threads leave a warp no iterations.
    let accesses_k = t.k * bits / 128;
    for (extent, operand) in [(t.m, "A"), (t.n, "B")] {
        if extent * accesses_k < 32 * warps {
            return Ok(super::reject(
                THREAD_MAP_ITERATIONS,
                ConfigField::Tile,
                format!(
                    "one stage of {operand} ({extent} x {} elements) has {} 16-byte accesses for {} threads ({warps} warps)",
                    t.k,
                    extent * accesses_k,
                    32 * warps
                ),
            ));
        }
    }
    // SmemLayoutA/B = RowMajor/ColumnMajorTensorOpMultiplicandCrosswise<bits, K>
    // (tensor_op_multiplicand_sm75.h): kFactor = (128 / (128 / 8)) * (128 / bits) / K must be
    // positive, i.e. one K row of a stage fits a 128-byte line.
    if t.k * bits > 1024 {
        return Ok(super::reject(
            CROSSWISE_CACHE_LINE,
            ConfigField::Tile,
            format!(
                "tile K {} of {bits}-bit elements in shared memory is {} bytes, over a 128-byte line",
                t.k,
                t.k * bits / 8
            ),
        ));
    }
    // MmaBase (mma_base.h): kWarpGemmIterations = WarpK / InstructionK (0 for a warp K under one
    // MMA's, which the same assert rejects).
    let iterations = w.k / instruction_k(cfg.a.bits());
    if iterations < 2 {
        return Ok(super::reject(
            TWO_WARP_MMAS,
            ConfigField::Warp,
            format!("warp K = {} holds {iterations} MMA of K = {}", w.k, instruction_k(cfg.a.bits())),
        ));
    }
    if !iterations.is_multiple_of(2) {
        return Ok(super::reject(
            EVEN_WARP_MMAS,
            ConfigField::Warp,
            format!("warp K = {} holds {iterations} MMAs of K = {}", w.k, instruction_k(cfg.a.bits())),
        ));
    }
    if let Some(rejected) = output_tile_thread_map(cfg, w) {
        return Ok(rejected);
    }
    let mainloop = mainloop_storage::<L>(cfg, stages);
    let epilogue = epilogue_storage::<L>(cfg, w);
    let kernel = kernel_storage(cfg.kind, &mainloop, &epilogue);
    let per_stage = t.k * (t.m + t.n) * bits / 8;
    let stage_choice = StageChoice {
        policy: cfg.stages,
        stages: stages as i64,
        capacity_bytes: cfg.arch.smem_cap(),
        carveout_bytes: None,
        stage_bytes: per_stage,
        data_bytes_per_stage: per_stage,
    };
    Ok(Evaluation::Compiled(Footprint {
        kernel_bytes: kernel.size(),
        mainloop_bytes: mainloop.size(),
        epilogue_bytes: epilogue.size(),
        stages,
        members: kernel.members(),
        stage_choice,
        unbuildable: None,
        kernel_rejection: None,
        dsl: None,
    }))
}

/// The epilogue's output thread map and its asserts, in the order the compiler meets them.
///
/// `DefaultGemm` names `typename Mma::Operator` (instantiating `MmaBase`, whose asserts come first)
/// before `DefaultEpilogueTensorOp`, which reads `OutputTileThreadMap::CompactedThreadMap` of
/// `DefaultThreadMapTensorOp<ThreadblockShape, WarpShape, kPartitionsK, ElementOutput,
/// kElementsPerAccess>::Type` (`default_thread_map_tensor_op.h`):
/// `OutputTileOptimalThreadMap<OutputTileShape<N, 8, WarpCount::kM, 1, 1>, OutputTileShape<1, WarpM / 8,
/// 1, 1, WarpM / 8>, WarpCount::kCount * 32, kElementsPerAccess, sizeof_bits<ElementOutput>>`
/// (`output_tile_thread_map.h`), whose `detail::RowArrangement` for a 2D arrangement asserts its
/// access width and iteration counts. The kernel then instantiates the `Epilogue` (the kernels' first
/// member alias, `typename Epilogue::OutputOp`), whose `PredicatedTileIterator` asserts each of the
/// map's `Iterations` positive. `kElementsPerAccess` is `LinearCombination`'s `kCount`,
/// `128 / sizeof_bits<ElementOutput>` (the 2.x examples' and TensorRT-LLM's vector width).
fn output_tile_thread_map(cfg: &KernelConfig, w: Tile) -> Option<Evaluation> {
    const WARP_SIZE: u64 = 32;
    const MEMORY_ACCESS_SIZE: u64 = 256;
    let t = cfg.tile;
    let element_size = cfg.d.bits();
    let elements_per_access = 128 / element_size;
    // OutputTileShape<Column, Row, Group, Cluster, Tile> of the thread map.
    let (shape_column, shape_row, shape_group, shape_cluster) = (t.n, 8, t.m / w.m, 1);
    let warp_count = (t.m / w.m) * (t.n / w.n) * (t.k / w.k);
    // OutputTileOptimalThreadMap::Detail: clusters, then groups, then the warps left for rows.
    let (iterations_cluster, warp_partitions_cluster) = if shape_cluster > warp_count {
        (shape_cluster / warp_count, warp_count)
    } else {
        (1, warp_count / shape_cluster)
    };
    let warps_remaining_for_groups = if shape_cluster > warp_count { 1 } else { warp_partitions_cluster };
    let (iterations_group, warps_remaining_for_rows) = if shape_group > warps_remaining_for_groups {
        (shape_group / warps_remaining_for_groups, 1)
    } else {
        (1, warps_remaining_for_groups / shape_group)
    };
    let warp_n = || format!("warp tile {w} in CTA tile {t}");
    let (iterations_column, iterations_row) = if shape_row > warps_remaining_for_rows {
        // RowArrangement<Shape, WarpsRemaining, ElementsPerAccess, ElementSize, true>.
        let shape_row_per_warp = shape_row / warps_remaining_for_rows;
        let shape_width = shape_column / elements_per_access;
        let access_bytes = elements_per_access * element_size / 8;
        let target_memory_access_width = MEMORY_ACCESS_SIZE / access_bytes;
        let target_access_rows = WARP_SIZE / target_memory_access_width;
        let (access_width, access_rows) = if target_access_rows > shape_row_per_warp {
            (WARP_SIZE / shape_row_per_warp, shape_row_per_warp)
        } else {
            let width = shape_width.min(WARP_SIZE.min(MEMORY_ACCESS_SIZE / access_bytes));
            (width, shape_row.min(WARP_SIZE / width))
        };
        let iterations_row = shape_row_per_warp / access_rows;
        let iterations_column = shape_width / access_width;
        let detail = |what: String| {
            format!(
                "{}: the epilogue's output thread map gives each of {warps_remaining_for_rows} warps {shape_row_per_warp} of \
                 the 8 rows and {shape_width} accesses of {elements_per_access} {} elements per row, {access_rows} rows by \
                 {access_width} accesses at a time: {what}",
                warp_n(),
                cfg.d
            )
        };
        if access_width * elements_per_access > shape_column {
            let what = format!(
                "{} elements per access row, over the tile's {shape_column}",
                access_width * elements_per_access
            );
            return Some(super::reject(ACCESSING_TOO_MANY, ConfigField::Warp, detail(what)));
        }
        if iterations_column == 0 {
            return Some(super::reject(
                ITERATION_COUNT_COLUMN,
                ConfigField::Warp,
                detail("0 column iterations".into()),
            ));
        }
        if iterations_row == 0 {
            return Some(super::reject(ITERATION_COUNT_ROW, ConfigField::Warp, detail("0 row iterations".into())));
        }
        (iterations_column, iterations_row)
    } else {
        // RowArrangement<..., false>: one row per warp, 32 accesses wide.
        (shape_column / elements_per_access / WARP_SIZE, 1)
    };
    for (n, message, what) in [
        (iterations_row, ITERATIONS_ROW, "row"),
        (iterations_group, ITERATIONS_GROUP, "group"),
        (iterations_cluster, ITERATIONS_CLUSTER, "cluster"),
        (iterations_column, ITERATIONS_COLUMN, "column"),
    ] {
        if n == 0 {
            return Some(super::reject(
                message,
                ConfigField::Warp,
                format!(
                    "{}: {warps_remaining_for_rows} warps share the 8 rows of the epilogue's output thread map, one row \
                     each, 32 accesses of {elements_per_access} {} elements wide, and the tile's N = {shape_column} leaves \
                     them 0 {what} iterations",
                    warp_n(),
                    cfg.d
                ),
            ));
        }
    }
    None
}

/// `cutlass::AlignedBuffer<T, N>`: `alignas(16) uint8_t storage[(sizeof_bits<T> * N + 7) / 8]`.
fn aligned_buffer<L: TypeLayout>(name: &'static str, elements: u64, bits: u64, role: Role, stages: u64) -> L {
    let bytes = (elements * bits).div_ceil(8);
    let storage = if stages > 1 {
        L::staged("storage", bytes, 16, role, PerStage { stages, bytes_per_stage: bytes / stages })
    } else {
        L::leaf("storage", bytes, 16, role)
    };
    L::strukt(name, 1, [storage.aligned(16)])
}

/// `MmaBase<Shape, Policy, Stages>::SharedStorage { AlignedBuffer operand_A; AlignedBuffer operand_B; }`,
/// with the zero padding of the SM80 tensor-op cores.
fn mainloop_storage<L: TypeLayout>(cfg: &KernelConfig, stages: u64) -> L {
    let t = cfg.tile;
    let (pad_a, pad_b) = ((0, 0), (0, 0));
    let a = (t.m + pad_a.0) * (t.k * stages + pad_a.1);
    let b = (t.k * stages + pad_b.0) * (t.n + pad_b.1);
    L::strukt(
        "main_loop",
        1,
        [
            aligned_buffer::<L>("operand_A", a, smem_bits(cfg, stages), Role::OperandA, stages).field(),
            aligned_buffer::<L>("operand_B", b, smem_bits(cfg, stages), Role::OperandB, stages).field(),
        ],
    )
}

/// `EpilogueBase<...>::SharedStorage { AlignedBuffer<Accumulator, StorageShape::kCount> storage; }`.
fn epilogue_storage<L: TypeLayout>(cfg: &KernelConfig, w: Tile) -> L {
    let t = cfg.tile;
    // WarpCount = <M / WarpM, N / WarpN, kPartitionsK>: with sliced K every partition writes its
    // partial accumulators to its own rows and the epilogue sums them from this buffer (no other
    // reduction storage).
    let (warps_m, warps_n, partitions_k) = (t.m / w.m, t.n / w.n, t.k / w.k);
    // Shape = (WarpCount.M * WarpTileIterator::Shape::kRow * WarpCount.K) x (WarpCount.N * Warp.N);
    // StorageShape = ((rows + Padding::kRow) * kFragmentsPerIteration) x (columns + Padding::kColumn),
    // Padding = MatrixShape<0, 64 / sizeof_bits<ElementAccumulator> * 4>.
    let rows = (warps_m * 8 * partitions_k) * fragments_per_iteration(cfg, partitions_k);
    let columns = warps_n * w.n + 64 / ACCUMULATOR_BITS * 4;
    let buffer = aligned_buffer::<L>("storage", rows * columns, ACCUMULATOR_BITS, Role::EpilogueD, 1);
    L::strukt("epilogue", 1, [buffer.renamed("storage (accumulator tile)").field()])
}

/// `union SharedStorage { [ProblemVisitor::SharedStorage problem_visitor;] Mma::SharedStorage main_loop;
/// Epilogue::SharedStorage epilogue; }`.
fn kernel_storage<L: TypeLayout>(kind: KernelKind, mainloop: &L, epilogue: &L) -> L {
    let visitor = (kind == KernelKind::Grouped).then(|| L::empty("problem_visitor", 1).field());
    L::union(
        "SharedStorage",
        Role::TensorsUnion,
        visitor.into_iter().chain([mainloop.clone().field(), epilogue.clone().field()]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CutlassVersion, Detail};

    fn cfg(a: Operand, d: Output, tile: [u64; 3], warp: [u64; 3], stages: u32) -> KernelConfig {
        KernelConfig {
            arch: Arch::Sm80,
            cutlass: CutlassVersion::V4_7_0,
            warp: Some(Tile { m: warp[0], n: warp[1], k: warp[2] }),
            stages: StagePolicy::Fixed(stages),
            ..KernelConfig::sm120(KernelKind::Dense, a, a, d, d, Tile { m: tile[0], n: tile[1], k: tile[2] })
        }
    }

    fn compiled(c: &KernelConfig) -> Footprint {
        match crate::evaluate_with(c, Detail::Members).unwrap() {
            Evaluation::Compiled(f) => f,
            Evaluation::Rejected(r) => panic!("rejected: {}", r.message),
        }
    }

    /// Every member is named: the union's three (grouped) or two (dense) members and their sizes.
    #[test]
    fn members_are_named() {
        let dense = compiled(&cfg(Operand::F16, Output::F16, [128, 256, 64], [64, 64, 64], 3));
        assert_eq!(dense.members.len(), 1, "{:?}", dense.members);
        let path = &dense.members[0].path;
        assert!(path.contains("main_loop 147456 B") && path.contains("epilogue 33792 B"), "{path}");
        let grouped = compiled(&KernelConfig {
            kind: KernelKind::Grouped,
            ..cfg(Operand::F16, Output::F16, [128, 256, 64], [64, 64, 64], 3)
        });
        assert!(grouped.members[0].path.contains("problem_visitor 1 B"), "{}", grouped.members[0].path);
        assert_eq!(grouped.kernel_bytes, dense.kernel_bytes);
        let main: Node = mainloop_storage(&cfg(Operand::Bf16, Output::Bf16, [64, 128, 64], [32, 64, 64], 4), 4);
        let rows: Vec<String> =
            main.flatten().into_iter().map(|m| format!("{} {} {}", m.path, m.offset, m.size)).collect();
        assert_eq!(rows, ["main_loop.operand_A.storage 0 32768", "main_loop.operand_B.storage 32768 65536"]);
    }

    /// The epilogue's fragments per iteration follow `DefaultIteratorsTensorOp`'s specializations.
    #[test]
    fn fragments_follow_the_iterator_specializations() {
        let f = |a, d| fragments_per_iteration(&cfg(a, d, [128, 128, 64], [64, 64, 64], 3), 1);
        assert_eq!(f(Operand::F16, Output::F16), 2);
        assert_eq!(f(Operand::Bf16, Output::Bf16), 1);
        assert_eq!(f(Operand::Tf32, Output::F32), 2);
        assert_eq!(f(Operand::I8, Output::Bf16), 2);
        assert_eq!(f(Operand::I8, Output::F32), 1);
    }

    /// Sliced K: the epilogue buffer holds a row block per K partition, one fragment per iteration,
    /// the mainloop the CTA tile's K (measured: e4m3 grouped 64x64x128, warp 32x64x64, 3 stages,
    /// kernel and mainloop 49152 B, epilogue 9216 B).
    #[test]
    fn sliced_k_stacks_the_partitions_in_the_epilogue() {
        let c = KernelConfig {
            arch: Arch::Sm89,
            kind: KernelKind::Grouped,
            ..cfg(Operand::E4m3, Output::F16, [64, 64, 128], [32, 64, 64], 3)
        };
        let f = compiled(&c);
        assert_eq!((f.kernel_bytes, f.mainloop_bytes, f.epilogue_bytes), (49152, 49152, 9216));
        let wide = KernelConfig { warp: Some(Tile { m: 32, n: 64, k: 32 }), ..c };
        assert_eq!(crate::evaluate(&wide).unwrap_err().at, ConfigField::Warp, "four partitions are refused");
    }

    /// The headers' static_asserts, in their order.
    #[test]
    fn rejections_name_the_static_asserts() {
        let reason = |c: &KernelConfig| match crate::evaluate(c).unwrap() {
            Evaluation::Rejected(r) => r.message,
            Evaluation::Compiled(f) => panic!("compiled: {}", f.kernel_bytes),
        };
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [128, 64, 64], [64, 128, 64], 3)), WARP_DIVISIBILITY);
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [128, 128, 16], [64, 64, 16], 3)), TWO_WARP_MMAS);
        assert_eq!(reason(&cfg(Operand::I8, Output::F32, [128, 128, 32], [64, 64, 32], 3)), TWO_WARP_MMAS);
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [16, 128, 64], [16, 16, 64], 3)), THREAD_MAP_ITERATIONS);
        // Measured (sm80-verify-grid-4.4.2): 16-bit K = 128, and tf32 K = 64 above 2 stages.
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [64, 64, 128], [32, 64, 64], 3)), CROSSWISE_CACHE_LINE);
        assert_eq!(reason(&cfg(Operand::Tf32, Output::F32, [128, 128, 64], [64, 64, 64], 3)), CROSSWISE_CACHE_LINE);
        let two = compiled(&cfg(Operand::Tf32, Output::F32, [128, 128, 64], [64, 64, 64], 2));
        assert_eq!(two.mainloop_bytes, 65536, "2-stage float operands are half_t in shared memory");
    }

    /// The epilogue's output thread map (`OutputTileOptimalThreadMap`), measured with nvcc against 4.4.2
    /// and 4.7.0 (issue 37): a warp N of 16 leaves a 16-bit output's 2D row arrangement no row
    /// iterations, eight warps along N leave the 1D one no column iterations; an f32 output's wider
    /// access rows still fit. The mainloop's thread map comes before the crosswise layout's assert,
    /// and a warp K under one MMA's is the pipelined structure's rejection.
    #[test]
    fn the_output_thread_map_and_the_assert_order_are_cutlass_s() {
        let reason = |c: &KernelConfig| match crate::evaluate(c).unwrap() {
            Evaluation::Rejected(r) => r.message,
            Evaluation::Compiled(f) => panic!("compiled: {}", f.kernel_bytes),
        };
        assert_eq!(reason(&cfg(Operand::I8, Output::F16, [128, 64, 64], [64, 16, 64], 6)), ITERATION_COUNT_ROW);
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [64, 64, 32], [32, 16, 32], 2)), ITERATION_COUNT_ROW);
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [64, 128, 64], [64, 16, 64], 2)), ITERATIONS_COLUMN);
        assert_eq!(compiled(&cfg(Operand::F16, Output::F32, [64, 64, 32], [32, 16, 32], 2)).kernel_bytes, 16384);
        assert_eq!(reason(&cfg(Operand::F16, Output::F32, [64, 256, 128], [16, 16, 128], 8)), THREAD_MAP_ITERATIONS);
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [256, 32, 128], [16, 16, 128], 3)), THREAD_MAP_ITERATIONS);
        assert_eq!(reason(&cfg(Operand::Bf16, Output::Bf16, [128, 128, 16], [64, 64, 8], 3)), TWO_WARP_MMAS);
        assert_eq!(reason(&cfg(Operand::F16, Output::F16, [64, 64, 16], [32, 32, 8], 3)), THREAD_MAP_ITERATIONS);
    }

    /// What 2.x does not have is refused with the key to blame.
    #[test]
    fn three_x_keys_and_auto_stages_are_refused() {
        let base = cfg(Operand::F16, Output::F16, [128, 128, 32], [64, 64, 32], 3);
        let at = |c: KernelConfig| crate::evaluate(&c).unwrap_err().at;
        assert_eq!(at(KernelConfig { stages: StagePolicy::Auto, ..base }), ConfigField::Stages);
        assert_eq!(at(KernelConfig { warp: None, ..base }), ConfigField::Warp);
        assert_eq!(at(KernelConfig { cluster: crate::Cluster { m: 2, n: 1, k: 1 }, ..base }), ConfigField::Cluster);
        assert_eq!(at(KernelConfig { schedule: crate::Schedule::Cooperative, ..base }), ConfigField::Schedule);
        assert_eq!(at(KernelConfig { c: Output::Void, ..base }), ConfigField::C);
        assert_eq!(at(KernelConfig { a: Operand::E4m3, b: Operand::E4m3, ..base }), ConfigField::A);
        assert_eq!(at(KernelConfig { arch: Arch::Sm90, ..base }), ConfigField::Warp);
    }

    use crate::layout::Node;
}
