//! SM90 (Hopper) TMA warp-specialized GEMMs (`arch::Sm90`, `OpClassTensorOp`): bf16, f16, tf32 and
//! FP8 operands; the not-persistent, cooperative and ping-pong kernels, their `FP8FastAccum`
//! variants, and the ptr-array (grouped) kernels; TMA and no-smem epilogues.
//!
//! Mirrors:
//! - the mainloop builder `gemm/collective/builders/sm90_gmma_builder.inl` (`GMMA_TMA_WS_SS` and
//!   `FP8_FAST_ACCUM` paths) and its stage count `sm90_compute_stage_count_or_override` in
//!   `sm90_common.inl`;
//! - the collectives `sm90_mma_{,array_}tma_gmma_ss_warpspecialized{,_fp8}.hpp`;
//! - the epilogue builder `epilogue/collective/builders/sm90_builder.inl` (tile, stages and reuse of
//!   `sm90_get_tma_dispatch_policy`) and the collectives `sm90_epilogue_{,array_}tma_warpspecialized.hpp`;
//! - the kernels `sm90_gemm_tma_warpspecialized{,_cooperative,_pingpong}.hpp` and
//!   `sm90_gemm_array_tma_warpspecialized_{cooperative,pingpong}.hpp`
//!   ([`sm90_kernel`](crate::cutlass::sm90_kernel)).
//!
//! SM90 kernels have no compile-time capacity check: an over-budget kernel compiles and fails in
//! `initialize()`. Measured against nvcc on CUTLASS 4.2.0 (`tests/data/sm90-*.jsonl`); the releases
//! the model claims are those [`Headers::sm90`](crate::Headers) marks as measured.

use crate::config::{EpilogueSchedule, KernelConfig, KernelKind, Schedule, Sm90Schedule, Sm90Shell, StagePolicy};
use crate::cutlass::primitives::tensormap_storage;
use crate::cutlass::primitives::{array_engine, barrier_pair_pipeline, BARRIER_BYTES};
use crate::cutlass::sm90_epilogue::EpilogueParams;
use crate::cutlass::sm90_kernel::{
    kernel_storage, non_persistent_kernel_storage, sm90_scheduler_storage, KernelShape, MainloopStorage,
};
use crate::dtype::{Operand, Output};
use crate::layout::{round_up, Role, TypeLayout};
use crate::{ConfigField, Evaluation, ModelError};

/// `cutlass::gemm::collective::detail::sm90_smem_capacity_bytes` (`sm90_common.inl`).
pub const SM90_CAPACITY_BYTES: u64 = 232_448;

/// The epilogue collective the epilogue schedule selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sm90Epilogue {
    /// `Sm90TmaWarpSpecialized` (`cooperative` picks the 128-row epilogue tile); `ptr_array` holds
    /// `NumEpilogueWarpGroups` of the ptr-array collective.
    Tma { cooperative: bool, ptr_array: Option<u64> },
    /// `Sm90TmaWarpSpecializedAdapter<DefaultEpilogue>` / its ptr-array form: no shared memory.
    NoSmem { ptr_array: bool },
}

fn refuse<T>(at: ConfigField, message: String, hint: &'static str) -> Result<T, ModelError> {
    Err(ModelError::new(at, message, hint))
}

/// The kernel schedule after `KernelScheduleAuto` and the grouped short names are resolved.
fn resolve_schedule(cfg: &KernelConfig) -> Result<Sm90Schedule, ModelError> {
    let grouped = cfg.kind == KernelKind::Grouped;
    let s = match cfg.schedule {
        Schedule::Auto if grouped => {
            return refuse(
                ConfigField::Schedule,
                "KernelScheduleAuto with a grouped SM90 kernel is not modelled".into(),
                "name the schedule: KernelPtrArrayTmaWarpSpecializedCooperative or ...Pingpong",
            )
        }
        // sm90_gmma_builder.inl: tile M == 64 runs ping-pong, anything else cooperative.
        Schedule::Auto => Sm90Schedule {
            shell: if cfg.tile.m == 64 { Sm90Shell::Pingpong } else { Sm90Shell::Cooperative },
            fp8_fast_accum: false,
            ptr_array: false,
        },
        // The short names of a grouped kernel mean the ptr-array tags, as on SM120.
        Schedule::Cooperative | Schedule::Pingpong if grouped => {
            Sm90Schedule { ptr_array: true, ..cfg.schedule.sm90().expect("an SM90 tag") }
        }
        other => match other.sm90() {
            Some(s) => s,
            None => {
                return refuse(
                    ConfigField::Schedule,
                    format!("{other} is not an SM90 kernel schedule"),
                    "use an SM90 tag such as KernelTmaWarpSpecializedCooperative or KernelScheduleAuto",
                )
            }
        },
    };
    if s.ptr_array != grouped {
        return refuse(
            ConfigField::Schedule,
            if s.ptr_array {
                format!("{} is a ptr-array schedule but the kernel is dense", cfg.schedule)
            } else {
                format!("{} is not a ptr-array schedule but the kernel is grouped", cfg.schedule)
            },
            "KernelPtrArray... schedules go with kernel = \"grouped\" (GroupProblemShape); ArrayProblemShape kernels are not modelled",
        );
    }
    // sm90_gmma_builder.inl, GMMA_TMA_WS_FP8_FAST_ACCUM_SS: `static_assert(is_input_fp8<ElementA, ElementB>())`.
    if s.fp8_fast_accum && !(cfg.a.is_fp8() && cfg.b.is_fp8()) {
        return refuse(
            ConfigField::Schedule,
            format!("an FP8FastAccum schedule with {} x {} operands is not modelled", cfg.a, cfg.b),
            "FP8FastAccum schedules are for e4m3/e5m2 operands",
        );
    }
    Ok(s)
}

/// The epilogue schedule after `EpilogueScheduleAuto`, checked against the kernel schedule.
fn resolve_epilogue(cfg: &KernelConfig, s: Sm90Schedule) -> Result<Sm90Epilogue, ModelError> {
    use EpilogueSchedule as E;
    let e = match (cfg.epilogue_schedule, s.ptr_array) {
        // sm90_builder.inl: EpilogueScheduleAuto is the no-smem epilogue.
        (E::Auto | E::NoSmemWarpSpecialized, false) => Sm90Epilogue::NoSmem { ptr_array: false },
        (E::PtrArrayNoSmemWarpSpecialized, true) => Sm90Epilogue::NoSmem { ptr_array: true },
        (E::TmaWarpSpecialized, false) if s.shell != Sm90Shell::Cooperative => {
            Sm90Epilogue::Tma { cooperative: false, ptr_array: None }
        }
        (E::TmaWarpSpecializedCooperative, false) if s.shell == Sm90Shell::Cooperative => {
            Sm90Epilogue::Tma { cooperative: true, ptr_array: None }
        }
        (E::PtrArrayTmaWarpSpecializedCooperative, true) if s.shell == Sm90Shell::Cooperative => {
            Sm90Epilogue::Tma { cooperative: true, ptr_array: Some(2) }
        }
        (E::PtrArrayTmaWarpSpecializedPingpong, true) if s.shell == Sm90Shell::Pingpong => {
            Sm90Epilogue::Tma { cooperative: false, ptr_array: Some(2) }
        }
        (other, _) => {
            return refuse(
                ConfigField::EpilogueSchedule,
                format!("epilogue schedule {other} with kernel schedule {} is not modelled", cfg.schedule),
                "pair cooperative kernels with TmaWarpSpecializedCooperative, ping-pong and not-persistent ones \
                 with TmaWarpSpecialized (PtrArray... forms when grouped), or use NoSmemWarpSpecialized",
            )
        }
    };
    Ok(e)
}

fn validate(cfg: &KernelConfig) -> Result<(), ModelError> {
    super::datacenter_domain(cfg, "SM90")?;
    for (op, at) in [(cfg.a, ConfigField::A), (cfg.b, ConfigField::B)] {
        if op.is_block_scaled() || op.bits() < 8 {
            return refuse(
                at,
                format!("{op} operands are not an SM90 GEMM operand"),
                "SM90 GEMMs take bf16, f16, tf32, e4m3, e5m2 and i8",
            );
        }
    }
    let int8 = cfg.a == Operand::I8 || cfg.b == Operand::I8;
    if (cfg.a.bits() == 8) != (cfg.b.bits() == 8) || (cfg.a.bits() > 8 && cfg.a != cfg.b) || (int8 && cfg.a != cfg.b) {
        return refuse(
            ConfigField::B,
            format!("mixed operands {} x {} are not modelled on SM90", cfg.a, cfg.b),
            "use one 16/32-bit type or i8 for both operands, or two FP8 types (the mixed-input builder is not modelled)",
        );
    }
    // int8 x int8 (`int32_t` accumulators) takes GMMA_TMA_WS_SS like the 16-bit types, with the
    // non-FP8 collective `MainloopSm90TmaGmmaWarpSpecialized` and 1-byte K-major smem atoms. Measured
    // (`sm90-verify-int8-*`) on 4.4.2 and 4.7.0 with vLLM's dense kernels and TMA epilogues only.
    if int8 {
        let why = if !cfg.cutlass.headers().kernel_shells_gdc_by_family {
            Some(format!("i8 operands are not checked against CUTLASS {}", cfg.cutlass))
        } else if cfg.kind != KernelKind::Dense {
            Some("i8 operands with a grouped (ptr-array) SM90 kernel are not modelled".to_string())
        } else if matches!(cfg.epilogue_schedule, EpilogueSchedule::Auto | EpilogueSchedule::NoSmemWarpSpecialized) {
            Some("i8 operands with the no-smem SM90 epilogue are not modelled".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(
                if cfg.cutlass.headers().kernel_shells_gdc_by_family { ConfigField::A } else { ConfigField::Cutlass },
                why,
                "i8 x i8 SM90 GEMMs are modelled from CUTLASS 4.4.0 on, dense, with a TMA epilogue (vLLM's kernels)",
            );
        }
    }
    let t = cfg.tile;
    // N = 16 and 32 (vLLM's swap-AB FP8 tiles) and K = 256 for 8-bit operands (a 256-byte row, as
    // K = 128 of a 16-bit type).
    let ks: &[u64] = if cfg.a.bits() == 8 { &[32, 64, 128, 256] } else { &[32, 64, 128] };
    if ![64, 128, 256].contains(&t.m) || ![16, 32, 64, 128, 192, 256].contains(&t.n) || !ks.contains(&t.k) {
        return refuse(
            ConfigField::Tile,
            format!(
                "tile {t} is outside the measured SM90 domain (M 64/128/256, N 16, 32 or 64-256 in steps of 64, K 32/64/128{})",
                if cfg.a.bits() == 8 { "/256" } else { "" }
            ),
            "the model refuses to guess for tiles it was not measured on",
        );
    }
    // Measured (`sm90-verify-dense-*`) on 4.4.2 and 4.7.0, whose SM90 builders and collectives are
    // 4.5.0's and 4.6.0's; not on the releases before.
    if (t.n < 64 || t.k == 256) && !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        return refuse(
            ConfigField::Cutlass,
            format!("SM90 tile {t} is not checked against CUTLASS {}", cfg.cutlass),
            "N = 16/32 and K = 256 SM90 tiles are modelled from CUTLASS 4.4.0 on",
        );
    }
    if !matches!(cfg.d, Output::Bf16 | Output::F16 | Output::F32 | Output::E4m3)
        || !matches!(cfg.c, Output::Void | Output::Bf16 | Output::F16 | Output::F32)
    {
        return refuse(
            ConfigField::D,
            format!("outputs c = {}, d = {} are not modelled on SM90", cfg.c, cfg.d),
            "use d = bf16, f16, f32 or e4m3 and c = void, bf16, f16 or f32",
        );
    }
    Ok(())
}

/// The epilogue builder's choices for a TMA epilogue (`sm90_builder.inl`, `sm90_get_tma_dispatch_policy`).
pub(super) fn tma_epilogue_params<L: TypeLayout>(
    cfg: &KernelConfig,
    cooperative: bool,
    ptr_array: Option<u64>,
) -> EpilogueParams<L> {
    // LinearCombination keeps nothing; an EVT its row broadcasts (one CTA row each).
    let fusion = match cfg.resolved_fusion() {
        crate::Fusion::Evt(tree) => tree.storage::<L>(cfg.tile.n),
        _ => L::empty("LinearCombination, no smem", 1),
    };
    let t = cfg.tile;
    // EpilogueTileAuto: cooperative 128 x min(32, N); otherwise 64 x min(N_perf, N), N_perf = 64 for
    // 8-bit D when N is a multiple of 64. An explicit tile is taken as given (its asserts are
    // checked in `epilogue_tile_asserts`).
    let (tile_m, tile_n) = match cfg.epilogue_tile {
        crate::EpilogueTile::Explicit { m, n } => (m, n),
        crate::EpilogueTile::Auto if cooperative => (t.m.min(128), gcd(t.n.min(32), t.n)),
        crate::EpilogueTile::Auto => {
            let n_perf = if cfg.d.bits() == 8 && t.n.is_multiple_of(64) { 64 } else { 32 };
            (t.m.min(64), gcd(t.n.min(n_perf), t.n))
        }
    };
    let epi_tiles = (t.m / tile_m) * (t.n / tile_n);
    let reuse_smem = cfg.c.bits() == cfg.d.bits() && cfg.d.bits() > 8;
    let stages_d = epi_tiles.min(2);
    let stages_c = if reuse_smem { epi_tiles.min(4).max(stages_d + 1) } else { epi_tiles.min(4) };
    EpilogueParams {
        c: cfg.c,
        d: cfg.d,
        layout_c: cfg.layout_c,
        layout_d: cfg.layout_d,
        tile_m,
        tile_n,
        stages_c,
        stages_d,
        reuse_smem,
        contiguous_run: None,
        fusion,
        ptr_array,
        umma_selector: false,
    }
}

const fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Evaluate one SM90 configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    if let crate::Family::Blockwise(g) = cfg.family {
        return super::sm90_blockwise::evaluate::<L>(cfg, g);
    }
    validate(cfg)?;
    let s = resolve_schedule(cfg)?;
    let epi = resolve_epilogue(cfg, s)?;
    let t = cfg.tile;
    if let (Sm90Epilogue::NoSmem { .. }, crate::EpilogueTile::Explicit { .. }) = (epi, cfg.epilogue_tile) {
        return refuse(
            ConfigField::EpilogueTile,
            "an explicit epilogue tile with a no-smem epilogue is not modelled".into(),
            "explicit epilogue tiles are measured with the TMA epilogues",
        );
    }
    if let (Sm90Epilogue::Tma { cooperative, .. }, crate::EpilogueTile::Explicit { m, n }) = (epi, cfg.epilogue_tile) {
        // sm90_compute_tile_shape_or_override's asserts on an explicit tile, then the collective's.
        if !((m == 64 && !cooperative) || (m == 128 && cooperative)) || n % 16 != 0 {
            return Ok(super::reject(
                "Unsupported tile shape",
                ConfigField::EpilogueTile,
                format!(
                    "an explicit SM90 epilogue tile has M = {} ({}) and N a multiple of 16; got {m}x{n}",
                    if cooperative { 128 } else { 64 },
                    if cooperative { "cooperative epilogue" } else { "warp-specialized epilogue" }
                ),
            ));
        }
        if !t.m.is_multiple_of(m) || !t.n.is_multiple_of(n) {
            return refuse(
                ConfigField::EpilogueTile,
                format!("epilogue tile {m}x{n} does not divide the CTA tile {t}"),
                "the SM90 collective's EPI_TILE asserts are not measured; use a subtile that divides the CTA tile",
            );
        }
    }
    let (epilogue, epilogue_bytes) = match epi {
        Sm90Epilogue::Tma { cooperative, ptr_array } => {
            let e = super::builder_epilogue(&tma_epilogue_params::<L>(cfg, cooperative, ptr_array))?;
            let bytes = e.shared_storage().size();
            (e, bytes)
        }
        Sm90Epilogue::NoSmem { ptr_array } => (super::no_smem_epilogue::<L>(ptr_array), 1),
    };

    // sm90_compute_stage_count_or_override: the capacity less the kernel carve-out, rounded down to
    // 128; each stage is A + B rounded up to 128 plus one PipelineTmaAsync stage of barriers.
    let carveout = if s.ptr_array { 2 * 128 } else { 0 } + if cfg.kind == KernelKind::Grouped { 128 } else { 0 };
    let capacity = (SM90_CAPACITY_BYTES - carveout) / 128 * 128;
    let data = t.m * t.k * cfg.a.bits() / 8 + t.n * t.k * cfg.b.bits() / 8;
    let stage_bytes = round_up(data, 128) + 2 * BARRIER_BYTES;
    if cfg.stages == StagePolicy::AutoCarveoutEpi {
        return refuse(
            ConfigField::Stages,
            "StageCountAutoCarveoutEpi is not modelled on SM90".into(),
            "use stages = \"auto\" (StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>), \"auto0\" or a count",
        );
    }
    let choice = super::stage_choice_rounded(cfg.stages, capacity, stage_bytes, data, &epilogue, epilogue_bytes, 128);
    // The FP8 (not fast-accumulating, not ptr-array) collective checks >= 2 with a "1 or more" message.
    // sm90_gmma_builder.inl picks it with `is_input_fp8`: int8 takes the plain collective.
    let fp8_collective = cfg.a.is_fp8() && !s.fp8_fast_accum && !s.ptr_array;
    let message = if fp8_collective {
        "Specialization requires Stages set to value 1 or more."
    } else {
        "Specialization requires Stages set to value 2 or more."
    };
    if let Some(rejected) = super::stage_assert(choice, epilogue_bytes, 2, message) {
        return Ok(rejected);
    }
    let stages = choice.stages as u64;
    let mainloop = mainloop_storage(cfg, s.ptr_array, stages);
    let kernel = match s.shell {
        Sm90Shell::WarpSpecialized => non_persistent_kernel_storage(&mainloop, &epilogue),
        shell => kernel_storage(
            KernelShape { grouped: s.ptr_array, pingpong: shell == Sm90Shell::Pingpong },
            &mainloop,
            &epilogue,
            sm90_scheduler_storage(),
        ),
    };
    Ok(super::compiled_kernel(&kernel, &mainloop, epilogue_bytes, choice, None))
}

/// `CollectiveMma::SharedStorage`: `{ TensorStorage : aligned_struct<128> { smem_A; smem_B; };
/// [TensorMapStorage : aligned_struct<128> { A; B; }]; alignas(16) PipelineTmaAsync<S>::SharedStorage; }`.
fn mainloop_storage<L: TypeLayout>(cfg: &KernelConfig, ptr_array: bool, s: u64) -> MainloopStorage<L> {
    let t = cfg.tile;
    let tensors = L::strukt(
        "tensors",
        128,
        [
            array_engine::<L>("smem_A", s * t.m * t.k, cfg.a.bits(), Role::OperandA, s).field(),
            array_engine::<L>("smem_B", s * t.n * t.k, cfg.b.bits(), Role::OperandB, s).field(),
        ],
    );
    let tensormaps =
        ptr_array.then(|| tensormap_storage(&["smem_tensormap_A", "smem_tensormap_B"], Role::MainloopTensormaps));
    MainloopStorage { tensors, pipeline: barrier_pair_pipeline("pipeline", s, Role::MainloopBarriers), tensormaps }
}
