//! SM100 (B200) UMMA GEMMs (`arch::Sm100`): dense `OpClassTensorOp` (bf16, f16, e4m3, e5m2) and
//! block-scaled `OpClassBlockScaledTensorOp` (NVFP4, MXFP4, MXFP6, MXFP8 and their mixes), 1SM and
//! 2SM, dense and grouped, with the TMA epilogue.
//!
//! Mirrors:
//! - the mainloop builders `gemm/collective/builders/sm100_umma_builder.inl` and
//!   `sm100_blockscaled_umma_builder.inl` (1SM/2SM choice, `AccumulatorPipelineStageCount`, the
//!   kernel carve-out of `sm100_pipeline_carveout.inl`, the stage count of `sm100_common.inl`);
//! - the collectives `sm100_{,blockscaled_}mma_{,array_}warpspecialized.hpp` and the scale-factor
//!   smem atoms of `detail/sm100_blockscaled_layout.hpp`;
//! - the epilogue builder `epilogue/collective/builders/sm100_builder.inl` (TMEM warp shape, epilogue
//!   tile heuristic, stages and reuse) and `sm100_epilogue_{,array_}tma_warpspecialized.hpp`;
//! - the kernels in [`sm100_kernel`](crate::cutlass::sm100_kernel), whose
//!   `static_assert(SharedStorageSize <= sm100_smem_capacity_bytes, "SMEM usage exceeded capacity.")`
//!   is the compile-time rejection a device compile would otherwise be needed to see.

use crate::config::{EpilogueSchedule, KernelConfig, KernelKind, Schedule, Sm100Mma, StagePolicy};
use crate::cutlass::primitives::tensormap_storage;
use crate::cutlass::primitives::{array_engine, barrier_pair_pipeline, BARRIER_BYTES};
use crate::cutlass::sm100_kernel::{kernel_storage, Sm100KernelShape};
use crate::cutlass::sm90_epilogue::EpilogueParams;
use crate::cutlass::sm90_kernel::MainloopStorage;
use crate::dtype::{Operand, Output};
use crate::layout::{PerStage, Role, TypeLayout};
use crate::{ConfigField, Evaluation, Footprint, ModelError, Rejection};

/// `cutlass::arch::sm100_smem_capacity_bytes` (`arch/arch.h`): the builders' capacity and the
/// kernels' compile-time limit.
pub const SM100_CAPACITY_BYTES: u64 = 232_448;

/// The kernel's capacity `static_assert`.
pub const CAPACITY_MESSAGE: &str = "SMEM usage exceeded capacity.";

/// The automatic epilogue builder's `static_assert` on an explicit epilogue tile (`sm100_builder.inl`).
pub const AUTO_EPILOGUE_TILE: &str = "Don't specify epilogue tile with auto schedule";

/// `sm100_get_tmem_load_op`'s `static_assert(num_dp == 16 || num_dp == 32, ...)` (`sm100_builder.inl`).
pub const TMEM_DATAPATHS: &str = "Unsupported tmem datapath count";

/// What nvcc says of `static_assert(num_dp == 32);` (`sm100_builder.inl`'s `sm100_get_tmem_load_op`
/// for a 4- or 6-bit D), which has no message of its own.
pub const NARROW_D_DATAPATHS: &str = "static assertion failed";

/// The 2SM UMMA atoms' N `static_assert`s (`cute/arch/mma_sm100_umma.hpp`): `SM100_MMA_TF32_2x1SM_SS`,
/// `SM100_MMA_F16BF16_2x1SM_SS` and `SM100_MMA_F8F6F4_2x1SM_SS` (whose message goes on with the
/// MN-major case).
pub const TF32_2SM_N: &str = "SM100_MMA_TF32_2x1SM_SS N-mode size should be a multiple of 16 between 16 and 256.";
pub const F16BF16_2SM_N: &str = "SM100_MMA_F16BF16_2x1SM_SS N-mode size should be a multiple of 16 between 16 and 256.";
pub const F8F6F4_2SM_N: &str =
    "SM100_MMA_F8F6F4_2x1SM_SS N-mode size should be a multiple of 16 between 16 and 256 when B is K major.";

/// What the builders resolve before laying anything out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // six independent builder decisions
pub(super) struct Resolved {
    two_sm: bool,
    /// `PtrArrayNoSmemWarpSpecialized{1,2}Sm`: the no-smem collective (`sm100_epilogue_array_nosmem.hpp`).
    no_smem: bool,
    block_scaled: bool,
    /// The epilogue builder is given `OpClassBlockScaledTensorOp` (`epilogue_op_class`, by default the
    /// mainloop's).
    epilogue_block_scaled: bool,
    /// MXF4/NVF4: 4-bit operands packed in smem; otherwise every sub-byte operand takes 8 bits.
    f4_instruction: bool,
    grouped: bool,
}

impl Resolved {
    /// A dense (`OpClassTensorOp`), not grouped kernel's epilogue decisions, as the blockwise
    /// family's epilogue builder sees them (`sm100_blockwise`).
    pub(super) const fn dense(two_sm: bool, no_smem: bool) -> Self {
        Resolved {
            two_sm,
            no_smem,
            block_scaled: false,
            epilogue_block_scaled: false,
            f4_instruction: false,
            grouped: false,
        }
    }
}

fn refuse<T>(at: ConfigField, message: String, hint: &'static str) -> Result<T, ModelError> {
    Err(ModelError::new(at, message, hint))
}

fn validate(cfg: &KernelConfig) -> Result<bool, ModelError> {
    super::datacenter_domain(cfg, "SM100")?;
    let block_scaled = cfg.a.is_block_scaled();
    for (op, at) in [(cfg.a, ConfigField::A), (cfg.b, ConfigField::B)] {
        if op.is_block_scaled() != block_scaled {
            return refuse(
                at,
                format!("{} x {} mixes a block-scaled and a plain operand", cfg.a, cfg.b),
                "use two block-scaled types (nvfp4, mx*) or two plain ones (bf16, f16, e4m3, e5m2)",
            );
        }
        if !op.is_block_scaled()
            && !matches!(op, Operand::Bf16 | Operand::F16 | Operand::E4m3 | Operand::E5m2 | Operand::Tf32)
        {
            return refuse(
                at,
                format!("{op} operands are not modelled on SM100"),
                "dense SM100 GEMMs are modelled for bf16, f16, tf32, e4m3 and e5m2",
            );
        }
    }
    if !block_scaled && cfg.a != cfg.b && !(cfg.a.bits() == 8 && cfg.b.bits() == 8) {
        return refuse(
            ConfigField::B,
            format!("mixed operands {} x {} are not modelled on SM100", cfg.a, cfg.b),
            "use one type for both operands, or two FP8 types",
        );
    }
    if cfg.epilogue_op_class == crate::EpilogueOpClass::BlockScaled && !block_scaled {
        return refuse(
            ConfigField::EpilogueOpClass,
            format!("an OpClassBlockScaledTensorOp epilogue with {} x {} operands is not modelled", cfg.a, cfg.b),
            "the epilogue builder is given OpClassBlockScaledTensorOp with block-scaled operands only; leave `epilogue_op_class` unset",
        );
    }
    if block_scaled && cfg.a.scale_factor() != cfg.b.scale_factor() {
        return refuse(
            ConfigField::B,
            format!("{} x {} mixes NVFP4 (ue4m3 scales) with an MX type (ue8m0 scales)", cfg.a, cfg.b),
            "NVFP4 pairs with NVFP4; MX types pair with MX types",
        );
    }
    let t = cfg.tile;
    // K: 128-byte multiples of the operand row (tf32 K = 32 is a 128-byte row, like bf16 K = 64).
    let (ks, k_text): (&[u64], _) = if block_scaled {
        (&[128, 256], "128/256")
    } else if cfg.a == Operand::Tf32 {
        (&[32, 64, 128], "32/64/128 for tf32")
    } else {
        (&[64, 128, 256], "64/128/256")
    };
    // N: 64-256 in steps of 64, and for dense kernels the narrow 8/16/32 (TensorRT-LLM's MoE and
    // vLLM's swap-AB tiles); block-scaled kernels keep N >= 64.
    let narrow_n = !block_scaled && [8, 16, 32].contains(&t.n);
    if ![64, 128, 256].contains(&t.m) || !([64, 128, 192, 256].contains(&t.n) || narrow_n) || !ks.contains(&t.k) {
        return refuse(
            ConfigField::Tile,
            format!(
                "tile {t} is outside the measured SM100 domain (M 64/128/256, N {}, K {k_text})",
                if block_scaled { "64-256 in steps of 64" } else { "8, 16, 32 or 64-256 in steps of 64" }
            ),
            "the model refuses to guess for tiles it was not measured on",
        );
    }
    // tf32, the narrow N tiles and explicit epilogue tiles were measured (`sm100-verify-dense-*`,
    // `sm100-verify-shipped-*`) on 4.4.2, 4.5.0 and 4.7.0 only; the epilogue builder's own op class and
    // CTA tile on 4.4.2, 4.5.0 and 4.7.0 (`sm100-verify-opclass-*`).
    let new_dimension = if cfg.a == Operand::Tf32 {
        Some("tf32 operands")
    } else if narrow_n {
        Some("N = 8/16/32 tiles")
    } else if cfg.epilogue_tile != crate::EpilogueTile::Auto {
        Some("explicit epilogue tiles")
    } else if cfg.epilogue_op_class != crate::EpilogueOpClass::Auto {
        Some("epilogue op classes")
    } else if cfg.epilogue_cta_tile.is_some() {
        Some("epilogue CTA tiles")
    } else {
        None
    };
    if let Some(what) = new_dimension.filter(|_| !cfg.cutlass.headers().kernel_shells_gdc_by_family) {
        return refuse(
            ConfigField::Cutlass,
            format!("SM100 {what} are not checked against CUTLASS {}", cfg.cutlass),
            "they are modelled from CUTLASS 4.4.0 on",
        );
    }
    let outputs_ok = matches!(cfg.c, Output::Void | Output::Bf16 | Output::F16 | Output::F32)
        && matches!(cfg.d, Output::Bf16 | Output::F16 | Output::F32 | Output::E4m3 | Output::Nvfp4);
    if !outputs_ok || (cfg.d == Output::Nvfp4 && !block_scaled) {
        return refuse(
            ConfigField::D,
            format!("outputs c = {}, d = {} are not modelled on SM100", cfg.c, cfg.d),
            "use d = bf16, f16, f32, e4m3 (or nvfp4 for block-scaled kernels) and c = void, bf16, f16 or f32",
        );
    }
    if cfg.stages == StagePolicy::AutoCarveoutEpi {
        return refuse(
            ConfigField::Stages,
            "StageCountAutoCarveoutEpi is not modelled on SM100".into(),
            "use stages = \"auto\" (StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>), \"auto0\" or a count",
        );
    }
    Ok(block_scaled)
}

/// The kernel and epilogue schedules after the builders' automatic choices.
fn resolve(cfg: &KernelConfig, block_scaled: bool) -> Result<Resolved, ModelError> {
    let grouped = cfg.kind == KernelKind::Grouped;
    let t = cfg.tile;
    let both_f4 = cfg.a.bits() == 4 && cfg.b.bits() == 4;
    let (two_sm, f4_instruction, ptr_array) = match cfg.schedule {
        Schedule::Auto => {
            if grouped {
                return refuse(
                    ConfigField::Schedule,
                    "KernelScheduleAuto with a grouped SM100 kernel is not modelled".into(),
                    "name the schedule: KernelPtrArrayTmaWarpSpecialized1SmSm100, ...2SmSm100 or a block-scaled one",
                );
            }
            // sm100_make_trivial_tiled_mma / the block-scaled builder: 2SM for an even static cluster M
            // and tile M a multiple of 128 (dense) or 256 (block-scaled).
            // A dynamic cluster (`Shape<int, int, _1>`) is not static: the builders fall back to 1SM.
            let two_sm = !cfg.dynamic_cluster
                && cfg.cluster.m.is_multiple_of(2)
                && if block_scaled { t.m == 256 } else { t.m.is_multiple_of(128) };
            (two_sm, block_scaled && both_f4, false)
        }
        other => {
            let Some(s) = other.sm100() else {
                return refuse(
                    ConfigField::Schedule,
                    format!("{other} is not an SM100 kernel schedule"),
                    "use an SM100 tag such as KernelTmaWarpSpecialized1SmSm100 or KernelScheduleAuto",
                );
            };
            let instr_ok = match s.mma {
                Sm100Mma::Dense => !block_scaled,
                Sm100Mma::BlockScaled | Sm100Mma::Mxf8f6f4 => block_scaled,
                Sm100Mma::Nvf4 => cfg.a == Operand::Nvfp4 && cfg.b == Operand::Nvfp4,
                Sm100Mma::Mxf4 => cfg.a == Operand::Mxfp4 && cfg.b == Operand::Mxfp4,
            };
            if !instr_ok || (s.mma == Sm100Mma::Mxf8f6f4 && cfg.a == Operand::Nvfp4) {
                return refuse(
                    ConfigField::Schedule,
                    format!("{other} does not take {} x {} operands", cfg.a, cfg.b),
                    "Sm100 schedules take plain operands, BlockScaled/Mxf8f6f4 MX types, Nvf4 nvfp4, Mxf4 mxfp4",
                );
            }
            let f4 = match s.mma {
                Sm100Mma::Nvf4 | Sm100Mma::Mxf4 => true,
                Sm100Mma::BlockScaled => both_f4,
                Sm100Mma::Dense | Sm100Mma::Mxf8f6f4 => false,
            };
            (s.two_sm, f4, s.ptr_array)
        }
    };
    if ptr_array != grouped {
        return refuse(
            ConfigField::Schedule,
            format!("{} {} a ptr-array schedule but the kernel is {}", cfg.schedule, if ptr_array { "is" } else { "is not" }, cfg.kind.name()),
            "KernelPtrArray... schedules go with kernel = \"grouped\" (GroupProblemShape); ArrayProblemShape kernels are not modelled",
        );
    }
    let measured_m: &[u64] = match (two_sm, block_scaled) {
        (false, false) => &[64, 128],
        (true, false) => &[128, 256],
        (false, true) => &[128],
        (true, true) => &[256],
    };
    if !measured_m.contains(&t.m) {
        return refuse(
            ConfigField::Tile,
            format!(
                "tile M = {} with a {} {} MMA is not modelled",
                t.m,
                if two_sm { "2SM" } else { "1SM" },
                if block_scaled { "block-scaled" } else { "dense" }
            ),
            "1SM MMAs take M = 64 or 128 (block-scaled 128), 2SM MMAs M = 128 or 256 (block-scaled 256)",
        );
    }
    if two_sm && !cfg.dynamic_cluster && !cfg.cluster.m.is_multiple_of(2) {
        return refuse(
            ConfigField::Cluster,
            format!("a 2SM schedule with cluster M = {} is not modelled", cfg.cluster.m),
            "2SM MMAs run on CTA pairs: use an even cluster M",
        );
    }
    let instruction_epilogue = instruction_epilogue(cfg.epilogue_schedule);
    if instruction_epilogue.is_some() && !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        return refuse(
            ConfigField::Cutlass,
            format!("epilogue schedule {} is not checked against CUTLASS {}", cfg.epilogue_schedule, cfg.cutlass),
            "the instruction-named SM100 epilogue schedules are modelled from CUTLASS 4.4.0 on (measured there)",
        );
    }
    // The epilogue schedule must match the MMA's SM count (EpilogueScheduleAuto decides the same way).
    // An epilogue built for its own CTA tile (`epilogue_cta_tile`) takes its SM count from that tile
    // (`epilogue_geometry` checks it against the mainloop's).
    let own_tile = cfg.epilogue_cta_tile.is_some();
    if own_tile
        && !matches!(
            cfg.epilogue_schedule,
            EpilogueSchedule::Auto | EpilogueSchedule::TmaWarpSpecialized1Sm | EpilogueSchedule::TmaWarpSpecialized2Sm
        )
    {
        return refuse(
            ConfigField::EpilogueCtaTile,
            format!("an epilogue CTA tile with epilogue schedule {} is not modelled on SM100", cfg.epilogue_schedule),
            "`epilogue_cta_tile` is modelled on SM100 with EpilogueScheduleAuto, TmaWarpSpecialized1Sm or TmaWarpSpecialized2Sm",
        );
    }
    let epilogue_ok = match cfg.epilogue_schedule {
        // `final : TmaWarpSpecialized{1,2}Sm`: the dense builder's `is_base_of` reads them as their base
        // (their exact names select only the sparse builders' tiles), so they pair with any
        // block-scaled kernel schedule of their SM count: the one of their instruction, as TensorRT-LLM
        // pairs them, or `...BlockScaledSm100`, which lets the operand types choose the instruction.
        _ if instruction_epilogue.is_some() => instruction_epilogue.is_some_and(|two| {
            two == two_sm && !grouped && cfg.schedule.sm100().is_some_and(|s| s.mma != Sm100Mma::Dense)
        }),
        EpilogueSchedule::Auto => cfg.schedule == Schedule::Auto,
        EpilogueSchedule::TmaWarpSpecialized1Sm => (!two_sm || own_tile) && !grouped,
        EpilogueSchedule::TmaWarpSpecialized2Sm => (two_sm || own_tile) && !grouped,
        EpilogueSchedule::PtrArrayTmaWarpSpecialized1Sm | EpilogueSchedule::PtrArrayNoSmemWarpSpecialized1Sm => {
            !two_sm && grouped
        }
        EpilogueSchedule::PtrArrayTmaWarpSpecialized2Sm | EpilogueSchedule::PtrArrayNoSmemWarpSpecialized2Sm => {
            two_sm && grouped
        }
        _ => false,
    };
    if !epilogue_ok {
        return refuse(
            ConfigField::EpilogueSchedule,
            format!(
                "epilogue schedule {} with kernel schedule {} is not modelled",
                cfg.epilogue_schedule, cfg.schedule
            ),
            "pair explicit 1SM/2SM schedules with TmaWarpSpecialized1Sm/2Sm (PtrArray... when grouped), \
             and KernelScheduleAuto with EpilogueScheduleAuto; of the no-smem SM100 epilogues only the \
             ptr-array ones (PtrArrayNoSmemWarpSpecialized1Sm/2Sm, grouped) are modelled",
        );
    }
    let no_smem = matches!(
        cfg.epilogue_schedule,
        EpilogueSchedule::PtrArrayNoSmemWarpSpecialized1Sm | EpilogueSchedule::PtrArrayNoSmemWarpSpecialized2Sm
    );
    let epilogue_block_scaled = cfg.epilogue_op_class.is_block_scaled(block_scaled);
    if no_smem {
        no_smem_domain(cfg, epilogue_block_scaled)?;
    }
    epilogue_geometry(cfg, two_sm, epilogue_block_scaled)?;
    Ok(Resolved { two_sm, no_smem, block_scaled, epilogue_block_scaled, f4_instruction, grouped })
}

/// The epilogue builder's own 1SM/2SM choice, CTA tile and TMEM warps, from the `MmaTileShape_MNK` it
/// is given (`epilogue_cta_tile`, by default the mainloop's `tile`) and its `OpClass`:
/// `EpilogueScheduleAuto` is 2SM for an even static cluster M with an MMA M of 256, or of 128 too when
/// the op class is not block-scaled (`sm100_builder.inl`'s `is_2sm`); an explicit schedule says it.
/// `Sm100TmaBuilderImpl` halves M for 2SM (`cta_tile_shape`) and takes 2x2 TMEM warps for a 2SM MMA
/// of M = 128 (`sm100_tmem_warps`). The model lays the epilogue out for the mainloop's CTA tile, so it
/// is modelled where the builder's CTA tile, warps and K are the mainloop's (vLLM's NVFP4 GEMMs give
/// a 2SM mainloop's per-SM tile `PerSmTileShape_MNK`, which the builder builds 1SM), and refused where
/// they differ (an epilogue built for another tile than the kernel computes, or given
/// `OpClassTensorOp` with `EpilogueScheduleAuto` where that makes it 2SM and the block-scaled mainloop
/// 1SM).
pub(super) fn epilogue_geometry(
    cfg: &KernelConfig,
    two_sm: bool,
    epilogue_block_scaled: bool,
) -> Result<(), ModelError> {
    let e = cfg.epilogue_cta();
    let t = cfg.tile;
    let epi_two_sm = match cfg.epilogue_schedule {
        EpilogueSchedule::Auto => {
            !cfg.dynamic_cluster
                && cfg.cluster.m.is_multiple_of(2)
                && if epilogue_block_scaled { e.m == 256 } else { e.m == 256 || e.m == 128 }
        }
        EpilogueSchedule::TmaWarpSpecialized1Sm | EpilogueSchedule::TmaWarpSpecialized2Sm
            if cfg.epilogue_cta_tile.is_some() =>
        {
            cfg.epilogue_schedule == EpilogueSchedule::TmaWarpSpecialized2Sm
        }
        _ => two_sm,
    };
    let geometry = |two: bool, tile: crate::Tile| {
        let cta_m = if two { tile.m / 2 } else { tile.m };
        let warps = if two && tile.m == 128 { (2, 2) } else { (4, 1) };
        (cta_m, tile.n, tile.k, warps)
    };
    let (epi, main) = (geometry(epi_two_sm, e), geometry(two_sm, t));
    if epi != main {
        let sms = |two: bool| if two { "2SM" } else { "1SM" };
        return refuse(
            if cfg.epilogue_cta_tile.is_some() { ConfigField::EpilogueCtaTile } else { ConfigField::EpilogueOpClass },
            format!(
                "an epilogue built {} for {e} (CTA tile {}x{}x{}, {}x{} TMEM warps) with a {} mainloop of CTA tile {}x{}x{} ({}x{} TMEM warps) is not modelled",
                sms(epi_two_sm),
                epi.0,
                epi.1,
                epi.2,
                epi.3 .0,
                epi.3 .1,
                sms(two_sm),
                main.0,
                main.1,
                main.2,
                main.3 .0,
                main.3 .1
            ),
            "the model lays the SM100 epilogue out for the mainloop's CTA tile: give the epilogue builder the per-SM tile and an op class that builds the mainloop's CTA tile",
        );
    }
    if epi_two_sm && !cfg.dynamic_cluster && !cfg.cluster.m.is_multiple_of(2) {
        return refuse(
            ConfigField::Cluster,
            format!("a 2SM epilogue with cluster M = {} is not modelled", cfg.cluster.m),
            "the epilogue builder static_asserts \"schedule + cluster mismatch\" for a 2SM schedule with an odd cluster M",
        );
    }
    Ok(())
}

/// The instruction-named epilogue schedules (`TmaWarpSpecialized{1,2}Sm{Nvf4,Mxf4,Mxf8f6f4}`): whether
/// 2SM; `None` for any other schedule.
fn instruction_epilogue(s: EpilogueSchedule) -> Option<bool> {
    match s {
        EpilogueSchedule::TmaWarpSpecialized1SmNvf4
        | EpilogueSchedule::TmaWarpSpecialized1SmMxf4
        | EpilogueSchedule::TmaWarpSpecialized1SmMxf8f6f4 => Some(false),
        EpilogueSchedule::TmaWarpSpecialized2SmNvf4
        | EpilogueSchedule::TmaWarpSpecialized2SmMxf4
        | EpilogueSchedule::TmaWarpSpecialized2SmMxf8f6f4 => Some(true),
        _ => None,
    }
}

/// What the ptr-array no-smem epilogue is modelled for. The builder (`sm100_builder.inl`, "No smem
/// builder") hands a dense kernel's default fusion to `thread::LinearCombination` and so to the
/// collective without smem (`Sm100PtrArrayNoSmem` with `IsDefaultFusionOp` and an op class other
/// than `OpClassBlockScaledTensorOp`); an `OpClassBlockScaledTensorOp` epilogue (by default, a
/// block-scaled kernel's) or another fusion goes through `CallbacksBuilder` to the collective that
/// keeps the fusion's storage and a reduction buffer, which was not measured.
fn no_smem_domain(cfg: &KernelConfig, epilogue_block_scaled: bool) -> Result<(), ModelError> {
    if epilogue_block_scaled {
        return refuse(
            ConfigField::EpilogueSchedule,
            format!("{} with an OpClassBlockScaledTensorOp epilogue is not modelled", cfg.epilogue_schedule),
            "the builder gives an OpClassBlockScaledTensorOp epilogue the no-smem collective with fusion callbacks, which was not \
             measured; use PtrArrayTmaWarpSpecialized1Sm/2Sm",
        );
    }
    if !matches!(cfg.resolved_fusion(), crate::Fusion::LinearCombination) {
        return refuse(
            ConfigField::Fusion,
            format!("fusion {} with {} is not modelled", cfg.fusion.name(), cfg.epilogue_schedule),
            "the no-smem epilogue is modelled with the default LinearCombination only",
        );
    }
    if !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        return refuse(
            ConfigField::Cutlass,
            format!("the SM100 no-smem epilogue is not checked against CUTLASS {}", cfg.cutlass),
            "it is modelled from CUTLASS 4.4.0 on",
        );
    }
    Ok(())
}

/// The epilogue builder's tile, stages and reuse (`sm100_builder.inl`: `sm100_dense_compute_tile_shape_or_override`,
/// `sm100_dense_dispatch_policy`).
/// `moe`: the TensorRT-LLM MoE launcher's epilogue (its fusion, and whether it swaps A and B): NONE
/// (`CollectiveEpilogueDefault`) is the builder's and is named so in breakdowns; FINALIZE
/// (`CollectiveEpilogueFinalize`) passes D = void and the scatter EVT, which
/// `Sm100TmaBuilderImpl` reads with `ElementD = get_element_aux_t<FusionOp>` (the output type) for the
/// epilogue tile, the dispatch policy and the smem atoms, so only the fusion's storage differs.
pub(super) fn epilogue_params<L: TypeLayout>(
    cfg: &KernelConfig,
    r: Resolved,
    moe: Option<(crate::MoeFusion, bool)>,
) -> EpilogueParams<L> {
    let ((cm, cn), (wm, wn)) = epilogue_cta(cfg, r);
    let (em, en, contiguous_run) = match cfg.epilogue_tile {
        // An explicit `Shape<M, N>` is returned as given (checked in `epilogue_tile_checks`), a
        // plain shape with no TMEM warp stride.
        crate::EpilogueTile::Explicit { m, n } => (m, n, None),
        crate::EpilogueTile::Auto => {
            let (em, en) = auto_epilogue_tile(cfg, r, (cm, cn), wm, wn);
            // A row-major buffer's swizzle atom is chosen from the first contiguous run of the N
            // tiler (a column-major one's from M, which the tiler keeps whole).
            (em, en, (wn == 2 && en < cn).then_some(en / wn))
        }
    };
    let epi_tiles = (cm / em) * (cn / en);
    let reuse_smem = cfg.c != Output::Void && cfg.c.bits() > 8;
    let stages_d = epi_tiles.min(2);
    let stages_c = if reuse_smem { epi_tiles.min(4).max(stages_d + 1) } else { epi_tiles.min(4) };
    EpilogueParams {
        c: cfg.c,
        d: cfg.d,
        layout_c: cfg.layout_c,
        layout_d: cfg.layout_d,
        tile_m: em,
        tile_n: en,
        stages_c,
        stages_d,
        reuse_smem,
        contiguous_run,
        fusion: match cfg.resolved_fusion() {
            crate::Fusion::LinCombBlockScaleFactor(_) => {
                L::empty("Sm100BlockScaleFactorRowStore (scale factors go to global memory)", 1)
            }
            crate::Fusion::Evt(tree) => tree.storage::<L>(cfg.tile.n),
            _ if moe.is_some_and(|(f, _)| f == crate::MoeFusion::Finalize) => {
                super::trtllm_finalize_fusion::<L>(cfg.d, moe.is_some_and(|(_, swap)| swap), cfg.tile.n)
            }
            _ if moe.is_some() => {
                L::empty("LinearCombination (TensorRT-LLM MoE NONE: CollectiveEpilogueDefault), no smem", 1)
            }
            _ => L::empty("LinearCombination, no smem", 1),
        },
        ptr_array: r.grouped.then_some(1),
        umma_selector: true,
    }
}

/// The TMEM load warps of the epilogue builder (`sm100_tmem_warps`): 2x2 when a 2SM MMA of M = 128
/// leaves 64 rows per CTA, else 4x1; and the CTA tile the epilogue sees (M halved for 2SM).
fn epilogue_cta(cfg: &KernelConfig, r: Resolved) -> ((u64, u64), (u64, u64)) {
    let cta = (if r.two_sm { cfg.tile.m / 2 } else { cfg.tile.m }, cfg.tile.n);
    let warps = if r.two_sm && cfg.tile.m == 128 { (2, 2) } else { (4, 1) };
    (cta, warps)
}

/// `N_min_C` / `N_min_D` of `sm100_dense_compute_tile_shape_or_override`: an M-major (column-major)
/// or absent buffer needs 8 per TMEM warp column, a row-major one a 16-byte row (FP6: 128 elements,
/// TMA's SW128 store).
fn n_min(x: Output, layout: crate::Layout, wn: u64) -> u64 {
    match (x.bits(), layout) {
        (0, _) | (_, crate::Layout::ColumnMajor) => 8 * wn,
        (6, _) => 128 * wn,
        (b, _) => 128 / b * wn,
    }
}

/// The builder's asserts on the epilogue tile, before any storage: with `EpilogueTileAuto`,
/// `static_assert(CtaN >= N_min_C && CtaN >= N_min_D, "CTA tile too small")` (reached by the narrow
/// tiles, N < 64); with an explicit tile, `static_assert(N % 8 == 0, "Unsupported tile shape")`.
/// An explicit tile is modelled where it is the TMEM warps' rows by a divisor of the CTA's N (the
/// collective's own partitioning asserts are not mirrored): otherwise refused.
pub(super) fn epilogue_tile_checks(cfg: &KernelConfig, r: Resolved) -> Result<Option<Evaluation>, ModelError> {
    let ((cm, cn), (wm, wn)) = epilogue_cta(cfg, r);
    match cfg.epilogue_tile {
        crate::EpilogueTile::Auto if r.epilogue_block_scaled && cn == 256 => Ok(None),
        crate::EpilogueTile::Auto => {
            // A void C is checked as D (`ElementC = conditional_t<DisableSource, ElementD, ElementC_>`)
            // but with the absent buffer's minimum.
            let need = n_min(cfg.c, cfg.layout_c, wn).max(n_min(cfg.d, cfg.layout_d, wn));
            Ok((cn < need).then(|| {
                super::reject(
                    "CTA tile too small",
                    ConfigField::Tile,
                    format!(
                        "the epilogue builder needs a CTA N of at least {need} for c = {} ({}), d = {} ({}); the CTA tile's N is {cn}",
                        cfg.c, cfg.layout_c, cfg.d, cfg.layout_d
                    ),
                )
            }))
        }
        crate::EpilogueTile::Explicit { m, n } => {
            if n % 8 != 0 {
                return Ok(Some(super::reject(
                    "Unsupported tile shape",
                    ConfigField::EpilogueTile,
                    format!("an explicit SM100 epilogue tile's N must be a multiple of 8; got {m}x{n}"),
                )));
            }
            // `EpilogueWarpTileShape_MN = shape_div(EpilogueTile, TmemWarpShape_MN)`: each TMEM warp
            // loads M / WarpM datapaths, 32 (the automatic tile's M) or 16 (`sm100_get_tmem_load_op`'s
            // 16dp loads).
            let auto_m = cm.min(32 * wm);
            if m == 8 * wm && cn % n == 0 {
                // 8 datapaths a warp: `sm100_get_tmem_load_op`'s first assert (measured at 4.7.0).
                return Ok(Some(super::reject(
                    TMEM_DATAPATHS,
                    ConfigField::EpilogueTile,
                    format!("the epilogue tile {m}x{n} gives each of the {wm} TMEM warps along M 8 datapaths; TMEM loads take 16 or 32"),
                )));
            }
            if !(m == auto_m || (m == 16 * wm && m < auto_m)) || cn % n != 0 {
                return refuse(
                    ConfigField::EpilogueTile,
                    format!(
                        "epilogue tile {m}x{n} with a {cm}x{cn} CTA tile is not modelled on SM100 (M must be {auto_m}{}, N divide {cn})",
                        if 16 * wm < auto_m { format!(" or {}", 16 * wm) } else { String::new() }
                    ),
                    "explicit SM100 epilogue tiles are modelled with 32 or 16 TMEM datapaths per warp (the automatic tile's M, or half of it) by a divisor of N",
                );
            }
            // `sm100_get_tmem_load_op` has 32dp loads only for a 4- or 6-bit D: `static_assert(num_dp
            // == 32);`, a static_assert without a message.
            if m / wm == 16 && cfg.d.bits() < 8 {
                return Ok(Some(super::reject(
                    NARROW_D_DATAPATHS,
                    ConfigField::EpilogueTile,
                    format!(
                        "the epilogue tile {m}x{n} gives each of the {wm} TMEM warps along M 16 datapaths; a {}-bit D loads 32 \
                         (sm100_get_tmem_load_op's static_assert(num_dp == 32), which has no message)",
                        cfg.d.bits()
                    ),
                )));
            }
            Ok(None)
        }
    }
}

/// `EpilogueTileAuto`'s tile (`sm100_dense_compute_tile_shape_or_override`).
fn auto_epilogue_tile(cfg: &KernelConfig, r: Resolved, (cm, cn): (u64, u64), wm: u64, wn: u64) -> (u64, u64) {
    let em = cm.min(32 * wm);
    let c_bits = if cfg.c == Output::Void { cfg.d.bits() } else { cfg.c.bits() };
    let max_bits = c_bits.max(cfg.d.bits());
    let en = if r.epilogue_block_scaled && cn == 256 {
        // Overlapping accumulators: half of N at a time, for an OpClassBlockScaledTensorOp epilogue
        // only (an OpClassTensorOp one takes the heuristic below, e.g. 128x32 for a void C, 16-bit D).
        128
    } else {
        let n_perf = if cfg.c == Output::Void {
            (if max_bits == 4 { 8192 } else { 4096 }) / em
        } else if max_bits == 32 {
            if cm > 64 && cn <= 128 {
                16
            } else {
                32
            }
        } else if max_bits == 16 {
            if cn <= 128 {
                32
            } else {
                64
            }
        } else {
            64
        };
        let n_tmp = cn.min(n_perf.max(n_min(cfg.c, cfg.layout_c, wn)).max(n_min(cfg.d, cfg.layout_d, wn)));
        if cn % n_tmp == 0 {
            n_tmp
        } else {
            cn
        }
    };
    (em, en)
}

/// TensorRT-LLM's MoE launcher (`moe_gemm_tma_ws_launcher.inl`, as FlashInfer vendors it at fb28d724
/// and in 0.7.4) on SM100, read as the builder configuration it instantiates, with its fusion and
/// whether it swaps.
///
/// NONE, `CollectiveEpilogueDefault`, is CUTLASS's SM100 epilogue builder with the builder's default
/// fusion (`LinearCombination<ElementD, float, void, float>`), `ElementC = void`, `LayoutC*` /
/// `LayoutD*` row-major (column-major with `SwapAB`), `EpilogueTileAuto` (but for NVFP4 at N = 256) and
/// `PtrArray{TmaWarpSpecialized,NoSmemWarpSpecialized}{1,2}Sm`; the mainloop builder gets the weight as A
/// and the activation as B with `SwapAB`, `StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>`,
/// and the kernel is `GemmUniversal<GroupProblemShape<...>, Mainloop, Epilogue, void, void>`: every member
/// of that `SharedStorage` is one of a grouped builder kernel with a void C, which `verify` measured
/// (tests/data/sm100-*.jsonl, layouts-tiles-sm100-*.jsonl). `AlignmentC` (the activation's) enters only
/// the builder's `is_aligned` check, which a void C skips.
///
/// FINALIZE, `CollectiveEpilogueFinalize`, is the same builder with `ElementD = void`, the scatter EVT
/// `ScaledAccPer{Col,Row}BiasPer{Row,Col}ScaleScatter<LayoutD, Out, float, Out, float>` and
/// `EpilogueScheduleSM10xFinalize` (the call's own schedule: the generator builds FINALIZE with the
/// TMA epilogue only); its cluster is the call's static `InputClusterShape`, which no member's size
/// depends on. The collective (`sm100_epilogue_array_tma_warpspecialized.hpp`) then stores D as the
/// fusion's `ElementAux`, the output type, in `CollectiveStorageWithoutC`, as NONE does.
fn trtllm_moe_view(cfg: &KernelConfig) -> Result<Option<(KernelConfig, crate::MoeFusion, bool)>, ModelError> {
    use crate::{Epilogue, Fusion, Layout, MoeFusion};
    let Epilogue::TrtllmMoe { fusion, swap_ab } = cfg.epilogue else { return Ok(None) };
    if cfg.epilogue_op_class != crate::EpilogueOpClass::Auto || cfg.epilogue_cta_tile.is_some() {
        return refuse(
            if cfg.epilogue_cta_tile.is_some() { ConfigField::EpilogueCtaTile } else { ConfigField::EpilogueOpClass },
            "the TensorRT-LLM MoE launcher gives its epilogue builder the mainloop's op class and tile".into(),
            "leave `epilogue_op_class` and `epilogue_cta_tile` unset",
        );
    }
    if fusion == MoeFusion::Finalize {
        if matches!(
            cfg.epilogue_schedule,
            EpilogueSchedule::PtrArrayNoSmemWarpSpecialized1Sm | EpilogueSchedule::PtrArrayNoSmemWarpSpecialized2Sm
        ) {
            return refuse(
                ConfigField::EpilogueSchedule,
                "the TensorRT-LLM MoE FINALIZE epilogue with a no-smem schedule is not modelled".into(),
                "FlashInfer's generator builds FINALIZE with PtrArrayTmaWarpSpecialized only",
            );
        }
        if !cfg.cutlass.headers().kernel_shells_gdc_by_family {
            return refuse(
                ConfigField::Cutlass,
                format!(
                    "the TensorRT-LLM MoE FINALIZE epilogue is not checked on SM100 against CUTLASS {}",
                    cfg.cutlass
                ),
                "it is modelled on SM100 from CUTLASS 4.4.0 on",
            );
        }
    }
    if cfg.kind != KernelKind::Grouped {
        return refuse(
            ConfigField::Epilogue,
            "the TensorRT-LLM MoE epilogue is a grouped-GEMM epilogue".into(),
            "use kernel = \"grouped\"",
        );
    }
    if cfg.c != Output::Void || !matches!(cfg.d, Output::Bf16 | Output::F16 | Output::F32) {
        return refuse(
            ConfigField::C,
            format!(
                "the TensorRT-LLM MoE launcher's SM100 epilogue takes C = void and D = its output type; got c = {}, d = {}",
                cfg.c, cfg.d
            ),
            "set c = \"void\" and d to the launcher's output type (bf16, f16 or f32)",
        );
    }
    if cfg.fusion != Fusion::Default {
        return refuse(
            ConfigField::Fusion,
            "the TensorRT-LLM MoE NONE epilogue is the builder's default LinearCombination".into(),
            "leave `fusion` unset",
        );
    }
    let layout = if swap_ab { Layout::ColumnMajor } else { Layout::RowMajor };
    if cfg.layout_c != layout || cfg.layout_d != layout {
        return refuse(
            if cfg.layout_c == layout { ConfigField::LayoutD } else { ConfigField::LayoutC },
            format!(
                "the TensorRT-LLM MoE launcher writes C and D {} {}; got layout_c = {}, layout_d = {}",
                layout,
                if swap_ab { "with swap_ab (LayoutC_T / LayoutD_T)" } else { "without swap_ab" },
                cfg.layout_c,
                cfg.layout_d
            ),
            if swap_ab { "set layout_c = layout_d = \"col\"" } else { "leave layout_c and layout_d unset (row-major)" },
        );
    }
    let (a, b) = if swap_ab { (cfg.b, cfg.a) } else { (cfg.a, cfg.b) };
    Ok(Some((KernelConfig { a, b, epilogue: Epilogue::Builder, ..*cfg }, fusion, swap_ab)))
}

/// Evaluate one SM100 configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    if let crate::Family::Blockwise(g) = cfg.family {
        return super::sm100_blockwise::evaluate::<L>(cfg, g);
    }
    let view = trtllm_moe_view(cfg)?;
    let moe = view.as_ref().map(|&(_, fusion, swap_ab)| (fusion, swap_ab));
    let cfg = view.as_ref().map_or(cfg, |(v, _, _)| v);
    let block_scaled = validate(cfg)?;
    if cfg.epilogue_schedule == EpilogueSchedule::Auto && cfg.epilogue_tile != crate::EpilogueTile::Auto {
        // `CollectiveBuilder<Sm100, ..., EpilogueScheduleAuto>` (`sm100_builder.inl`), the first builder
        // the kernel instantiates, before it picks a 1SM or 2SM schedule.
        return Ok(super::reject(
            AUTO_EPILOGUE_TILE,
            ConfigField::EpilogueTile,
            format!(
                "EpilogueScheduleAuto takes EpilogueTileAuto only; the epilogue tile {} is explicit",
                cfg.epilogue_tile
            ),
        ));
    }
    if block_scaled && cfg.dynamic_cluster && cfg.schedule == Schedule::Auto && cfg.tile.m == 256 {
        // `detail::blockscaled::is_2sm` (sm1xx_common.inl): a dynamic cluster cannot promise the 2x1
        // pairs 2SM MMAs need, so the automatic schedule falls to 1SM, which has no M = 256.
        return Ok(super::reject(
            "If M=256, auto policy can't create 2sm kernels. Specify a 2SM policy",
            ConfigField::Schedule,
            "with a dynamic cluster KernelScheduleAuto builds 1SM MMAs, and block-scaled 1SM MMAs take M = 128".into(),
        ));
    }
    let r = resolve(cfg, block_scaled)?;
    if let Some(rejected) = epilogue_tile_checks(cfg, r)? {
        return Ok(rejected);
    }
    if let Some(rejected) = narrow_n_mma(cfg, r) {
        return Ok(rejected);
    }
    let t = cfg.tile;
    let pair = if r.two_sm { 2 } else { 1 };
    let (cta_m, cta_n_b) = (t.m / pair, t.n / pair);

    let accumulator_stages = if block_scaled {
        if t.n == 256 {
            1
        } else {
            2
        }
    } else if r.two_sm || cta_m > 64 {
        (128 * 512 / (cta_m * t.n)).min(4)
    } else {
        (512 / t.n * 2).min(4)
    };
    // SchedulerPipelineStageCount (sm100_umma_builder.inl, sm100_blockscaled_umma_builder.inl): 8 for
    // grouped kernels, otherwise 2 (1 before 4.0.0, which had no CLC throttle).
    let before_throttle = cfg.cutlass.headers().sm100_before_clc_throttle;
    let scheduler_stages = if r.grouped {
        8
    } else if before_throttle {
        1
    } else {
        2
    };

    let (epilogue, epilogue_bytes) = if r.no_smem {
        // `sizeof(CollectiveEpilogue::SharedStorage)`: the wrapped collective's empty struct.
        (super::no_smem_epilogue::<L>(true), 1)
    } else {
        let e = super::builder_epilogue(&epilogue_params::<L>(cfg, r, moe))?;
        let bytes = e.shared_storage().size();
        (e, bytes)
    };

    // Smem element width: MXF4/NVF4 keeps FP4 packed; every other instruction stores sub-byte
    // operands as uint8.
    let smem_bits = |o: Operand| if r.f4_instruction { o.bits() } else { o.bits().max(8) };
    let (bits_a, bits_b) = (smem_bits(cfg.a), smem_bits(cfg.b));
    let (sfa, sfb) = if block_scaled {
        // Sm1xxBlockScaledConfig: 128-row SF blocks; SFB spans the full MMA N, padded to 128.
        let vec = cfg.a.sf_vector();
        (cta_m.next_multiple_of(128) * t.k / vec, t.n.next_multiple_of(128) * t.k / vec)
    } else {
        (0, 0)
    };
    let data = bits_a * cta_m * t.k / 8 + bits_b * cta_n_b * t.k / 8 + sfa + sfb;
    // sm100_pipeline_carveout.inl: accumulator, CLC fetch, load-order, CLC responses, throttle,
    // TMEM dealloc and base pointer, and the ptr-array tensor maps.
    // From 4.3.0 a grouped kernel's carve-out also counts the second CLC pipeline and responses, the
    // tensor_map_ready pipeline and five copies of the tensor maps.
    let tensor_maps = if block_scaled { 4 } else { 2 };
    let async_maps = r.grouped && cfg.cutlass.headers().sm100_async_tensormap_update;
    let responses = if async_maps { 2 } else { 1 };
    let carveout = 16 * accumulator_stages
        + 16 * scheduler_stages * responses // CLC fetch pipeline(s)
        + 16 // load-order barrier
        + 16 * scheduler_stages * responses // CLC responses
        + if before_throttle { 0 } else { 16 * scheduler_stages } // CLC throttle (4.0.0 on)
        + 8 // TMEM dealloc barrier
        + 4 * scheduler_stages // TMEM base pointers
        + if r.grouped { 128 * tensor_maps * if async_maps { 5 } else { 1 } } else { 0 }
        + if async_maps { 16 * scheduler_stages } else { 0 }; // tensor_map_ready
                                                              // sm100_compute_stage_count_or_override_blockscaled rounds the per-stage barriers up to 128
                                                              // bytes in 4.2.2 and from 4.3.6 (the fact SM120's block-scaled builder shares); the dense helper never.
    let barriers = if block_scaled && cfg.cutlass.headers().stage_barriers_rounded_to_128 {
        (2 * BARRIER_BYTES).next_multiple_of(128)
    } else {
        2 * BARRIER_BYTES
    };
    let stage_bytes = data + barriers;
    let choice =
        super::stage_choice(cfg.stages, SM100_CAPACITY_BYTES - carveout, stage_bytes, data, &epilogue, epilogue_bytes);
    let builder_message = if block_scaled {
        "Smem usage is too high. Can't create any SMEM buffers for A, B, SFA, and SFB."
    } else {
        "Smem usage is too high. Can't create any SMEM buffers for A, and B."
    };
    if let Some(rejected) = super::stage_assert(choice, epilogue_bytes, 1, builder_message) {
        return Ok(rejected);
    }
    if !block_scaled {
        // sm100_mma_{,array_}warpspecialized.hpp check >= 2 with a "1 or more" message.
        if let Some(rejected) =
            super::stage_assert(choice, epilogue_bytes, 2, "Specialization requires Stages set to value 1 or more.")
        {
            return Ok(rejected);
        }
    }
    let stages = choice.stages as u64;
    if let Some(rejected) = stage_slice(cfg, (bits_a, bits_b), (cta_m * t.k, cta_n_b * t.k), choice, epilogue_bytes) {
        return Ok(rejected);
    }
    let mainloop = mainloop_storage(r, cta_m * t.k, cta_n_b * t.k, (bits_a, bits_b), (sfa, sfb), stages);
    let kernel = kernel_storage(
        Sm100KernelShape {
            grouped: r.grouped,
            scheduler_stages,
            accumulator_stages,
            async_tensormaps: async_maps,
            before_clc_throttle: before_throttle,
        },
        &mainloop,
        &epilogue,
    );
    Ok(match super::compiled_kernel(&kernel, &mainloop, epilogue_bytes, choice, None) {
        Evaluation::Compiled(f) => Evaluation::Compiled(capacity_assert(f, choice, epilogue_bytes)),
        rejected @ Evaluation::Rejected(_) => rejected,
    })
}

/// The mainloop builder's TiledMma on a narrow N (`sm100_make_trivial_tiled_mma`, the builder's first
/// step). The 1SM SS atoms (`SM100_MMA_{TF32,F16BF16,F8F6F4}_SS`, `cute/arch/mma_sm100_umma.hpp`) take
/// any N that is a multiple of 8 at M = 64 and 128 (since 4.2.0; the narrow tiles are claimed from
/// 4.4.0); the 2SM ones a multiple of 16 (measured with tf32, bf16, f16 and e4m3 on 4.4.2 and 4.7.0).
fn narrow_n_mma(cfg: &KernelConfig, r: Resolved) -> Option<Evaluation> {
    let n = cfg.tile.n;
    if !r.two_sm || n.is_multiple_of(16) {
        return None;
    }
    let message = match cfg.a.bits() {
        32 => TF32_2SM_N,
        16 => F16BF16_2SM_N,
        _ => F8F6F4_2SM_N,
    };
    Some(super::reject(
        message,
        ConfigField::Tile,
        format!("a 2SM UMMA of {} x {} operands takes N a multiple of 16; the tile's N is {n}", cfg.a, cfg.b),
    ))
}

/// The SM100 kernels' `static_assert(sizeof(SharedStorage) <= sm100_smem_capacity_bytes, "SMEM usage
/// exceeded capacity.")`: a footprint over the capacity carries the kernel's rejection (the dense and
/// ptr-array UMMA kernels and the blockwise MMA-transform kernel assert it alike).
pub(crate) fn capacity_assert(f: Footprint, choice: crate::StageChoice, epilogue_bytes: u64) -> Footprint {
    if f.kernel_bytes <= SM100_CAPACITY_BYTES {
        return f;
    }
    let over = f.kernel_bytes - SM100_CAPACITY_BYTES;
    Footprint {
        kernel_rejection: Some(Rejection {
            message: CAPACITY_MESSAGE,
            by: None,
            at: ConfigField::Stages,
            detail: format!(
                "the kernel's SharedStorage is {} bytes, {over} over sm100_smem_capacity_bytes ({SM100_CAPACITY_BYTES}); \
                 the kernel static_asserts it at compile time",
                f.kernel_bytes
            )
            .into(),
            stage_choice: Some(choice),
            epilogue_bytes: Some(epilogue_bytes),
        }),
        ..f
    }
}

/// `CollectiveMma::Params` slices stage 0 off each operand's swizzled smem layout
/// (`SmemLayoutA{}(_,_,_,cute::Int<0>{})`, `SmemLayoutB{}(...)`: `sm100_mma_warpspecialized.hpp:311,320`,
/// `sm100_mma_array_warpspecialized.hpp` and the block-scaled collectives alike, 4.5.0). Until 4.6.0 that
/// slice takes the generic `slice_and_offset` of a `ComposedLayout<Swizzle<B,M,S>,...>`
/// (`cute/swizzle_layout.hpp:230`), which composes the swizzle's projections with the stage mode
/// `(_1,Stages):(_0,StageElements)` and asserts what the composition needs; 4.6.0 adds the
/// `smem_ptr_flag_bits` overload (`cute/pointer_flagged.hpp:89`) that slices only the layout and never
/// composes. The first failing assert (A before B), verbatim, or `None`.
fn stage_slice(
    cfg: &KernelConfig,
    (bits_a, bits_b): (u64, u64),
    (a_elems, b_elems): (u64, u64),
    choice: crate::StageChoice,
    epilogue_bytes: u64,
) -> Option<Evaluation> {
    if cfg.cutlass.headers().stage_slice_by_flag_bits {
        return None;
    }
    let stages = u64::try_from(choice.stages).ok()?;
    [("A", bits_a, a_elems), ("B", bits_b, b_elems)].into_iter().find_map(|(operand, bits, elems)| {
        let b = k_major_swizzle(cfg.tile.k, bits);
        stage_slice_assert(b, elems, stages).map(|(message, at)| {
            Evaluation::Rejected(Rejection {
                message,
                by: None,
                at: ConfigField::Stages,
                detail: format!(
                    "CUTLASS {} slices stage 0 off SmemLayout{operand} in CollectiveMma::Params by composing \
                     Swizzle<{b},4,3>'s projections with its stage mode {stages}:{elems} ({stages} stages of {elems} elements): \
                     {at} (CuTe's generic slice_and_offset, cute/swizzle_layout.hpp:230; 4.6.0 slices without composing)",
                    cfg.cutlass
                )
                .into(),
                stage_choice: Some(choice),
                epilogue_bytes: Some(epilogue_bytes),
            })
        })
    })
}

/// The swizzle's `B` of a K-major UMMA smem atom (`sm100_smem_selector`, `sm100_common.inl`: the widest
/// of `Layout_K_SW128/SW64/SW32/INTER_Atom` whose row divides the K tile): `Swizzle<B,4,3>`.
fn k_major_swizzle(k: u64, bits: u64) -> u32 {
    let row_bytes = k * bits / 8;
    [(128, 3), (64, 2), (32, 1)].into_iter().find(|&(w, _)| row_bytes.is_multiple_of(w)).map_or(0, |(_, b)| b)
}

/// CuTe's `slice_and_offset(coord, ComposedLayout<Swizzle<B,4,3>,O,L>)` for a coordinate that dices the
/// stage mode `Stages:StageElements` (`cute/swizzle_layout.hpp:238-259`): `composition(swizzle_anti_zy,
/// diced)`, `composition(swizzle_only_zy, diced)` (`composition_impl`, `cute/layout.hpp:1077` "Stride
/// Divisibility Condition" and `:1101` "Shape Divisibility Condition"), then `to_mixed_bits` of the
/// second (`cute/swizzle.hpp:442`, "Requires pow2 shape*stride."). The assert that fails, and why.
fn stage_slice_assert(b: u32, stage_elems: u64, stages: u64) -> Option<(&'static str, String)> {
    use crate::cutlass::cute::Layout;
    // sw = (2^M, 2^B, 2^(S-B), 2^B, 1) with M = 4, S = 3, compact; the projections keep its odd or even modes.
    let shape = [16, 1 << b, 1 << (3 - b), 1 << b, 1];
    let compact = [1, 16, 16 << b, 128, 128 << b];
    let anti = [compact[0], 0, compact[2], 0, 128 << b];
    let only = [0, compact[1], 0, compact[3], 0];
    let mut only_zy = Layout::new(&[]);
    for (projection, stride) in [("swizzle_anti_zy", anti), ("swizzle_only_zy", only)] {
        let modes: Vec<(u64, u64)> = shape.into_iter().zip(stride).collect();
        let lhs = Layout::new(&modes).coalesce_x();
        match lhs.compose_mode(stages, stage_elems) {
            Ok(composed) => only_zy = composed,
            Err(e) => {
                let modes: Vec<String> = lhs.modes.iter().map(|(s, d)| format!("{s}:{d}")).collect();
                return Some((
                    e.message(),
                    format!(
                        "composing {projection} ({}, coalesced) with {stages}:{stage_elems} fails",
                        modes.join(", ")
                    ),
                ));
            }
        }
    }
    only_zy.modes.into_iter().find(|&(s, d)| s * d != 0 && !(s * d).is_power_of_two()).map(|(s, d)| {
        (
            "Requires pow2 shape*stride.",
            format!("to_mixed_bits meets the mode {s}:{d} of the composed swizzle_only_zy, whose shape*stride is not a power of two"),
        )
    })
}

/// `CollectiveMma::SharedStorage`: `{ TensorStorage : aligned_struct<128> { smem_A; smem_B; [smem_SFA;
/// smem_SFB;] }; [TensorMapStorage : aligned_struct<128> { A; B; [SFA; SFB;] }]; alignas(16) PipelineTmaUmmaAsync<S>; }`.
fn mainloop_storage<L: TypeLayout>(
    r: Resolved,
    a_elems: u64,
    b_elems: u64,
    (bits_a, bits_b): (u64, u64),
    (sfa, sfb): (u64, u64),
    s: u64,
) -> MainloopStorage<L> {
    let operands = [
        array_engine::<L>("smem_A", s * a_elems, bits_a, Role::OperandA, s).field(),
        array_engine::<L>("smem_B", s * b_elems, bits_b, Role::OperandB, s).field(),
    ];
    let sf = |name: &'static str, bytes: u64, role| {
        crate::cutlass::primitives::array_aligned::<L>(
            name,
            s * bytes,
            role,
            PerStage { stages: s, bytes_per_stage: bytes },
        )
        .field()
    };
    let scale_factors =
        r.block_scaled.then(|| [sf("smem_SFA", sfa, Role::ScaleFactorA), sf("smem_SFB", sfb, Role::ScaleFactorB)]);
    let tensors = L::strukt("tensors", 128, operands.into_iter().chain(scale_factors.into_iter().flatten()));
    let tensormaps = r.grouped.then(|| {
        let all = ["smem_tensormap_A", "smem_tensormap_B", "smem_tensormap_SFA", "smem_tensormap_SFB"];
        tensormap_storage(if r.block_scaled { &all } else { &all[..2] }, Role::MainloopTensormaps)
    });
    MainloopStorage { tensors, pipeline: barrier_pair_pipeline("pipeline", s, Role::MainloopBarriers), tensormaps }
}

#[cfg(test)]
mod tests {
    use super::{k_major_swizzle, stage_slice_assert};
    use crate::{Cluster, EpilogueSchedule, EpilogueTile, Evaluation, KernelConfig, KernelKind, Operand, Output};
    use crate::{Schedule, StagePolicy, Tile};

    fn sm100(a: Operand, c: Output, d: Output, tile: [u64; 3]) -> KernelConfig {
        KernelConfig {
            arch: crate::Arch::Sm100,
            cutlass: crate::CutlassVersion::V4_7_0,
            ..KernelConfig::sm120(KernelKind::Dense, a, a, c, d, Tile { m: tile[0], n: tile[1], k: tile[2] })
        }
    }

    fn sizes(c: &KernelConfig) -> (u64, u64, u64, u64) {
        match crate::evaluate(c).unwrap() {
            Evaluation::Compiled(f) => (f.kernel_bytes, f.mainloop_bytes, f.epilogue_bytes, f.stages),
            Evaluation::Rejected(r) => panic!("rejected: {}", r.message),
        }
    }

    fn rejected(c: &KernelConfig) -> &'static str {
        match crate::evaluate(c).unwrap() {
            Evaluation::Rejected(r) => r.message,
            Evaluation::Compiled(f) => panic!("compiled: {} bytes", f.kernel_bytes),
        }
    }

    /// Measured with nvcc 13.5 against 4.7.0 (issue 37): N = 8 on a 1SM M = 128 MMA, which the SS
    /// atoms take, and an explicit epilogue tile of 16 TMEM datapaths a warp.
    #[test]
    fn narrow_n_at_m_128_and_half_height_epilogue_tiles_compile() {
        let one_sm = |c: KernelConfig| KernelConfig {
            schedule: Schedule::Sm100OneSm,
            epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized1Sm,
            ..c
        };
        let tf32 = one_sm(sm100(Operand::Tf32, Output::Void, Output::F32, [128, 8, 32]));
        assert_eq!(sizes(&tf32), (231_168, 226_560, 4608, 13));
        let bf16 = KernelConfig {
            stages: StagePolicy::Fixed(4),
            ..sm100(Operand::Bf16, Output::Bf16, Output::Bf16, [128, 8, 64])
        };
        assert_eq!(sizes(&bf16), (74240, 69760, 4352, 4));
        let e4m3 = sm100(Operand::E4m3, Output::Void, Output::Bf16, [128, 8, 128]);
        assert_eq!(sizes(&e4m3), (228_992, 226_560, 2304, 13));
        let half = KernelConfig {
            epilogue_tile: EpilogueTile::Explicit { m: 64, n: 16 },
            ..one_sm(sm100(Operand::F16, Output::F16, Output::F16, [128, 64, 64]))
        };
        assert_eq!(sizes(&half), (230_144, 221_440, 8704, 9));
    }

    /// Measured on the device (nvcc 13.0, 4.4.2-4.7.0): the automatic epilogue schedule rejects an
    /// explicit tile; a 2SM MMA of N = 8 is the UMMA atom's rejection; a 16-datapath tile a 4-bit D's.
    #[test]
    fn the_epilogue_and_narrow_n_asserts_reject() {
        let auto = KernelConfig {
            epilogue_tile: EpilogueTile::Explicit { m: 128, n: 8 },
            ..sm100(Operand::Tf32, Output::Void, Output::F32, [128, 16, 32])
        };
        assert_eq!(rejected(&auto), super::AUTO_EPILOGUE_TILE);
        let pair = |a| KernelConfig {
            cluster: Cluster { m: 2, n: 1, k: 1 },
            ..sm100(a, Output::Bf16, Output::Bf16, [256, 8, 64])
        };
        assert_eq!(rejected(&pair(Operand::Bf16)), super::F16BF16_2SM_N);
        assert_eq!(
            rejected(&KernelConfig { tile: Tile { m: 256, n: 8, k: 32 }, ..pair(Operand::Tf32) }),
            super::TF32_2SM_N
        );
        assert_eq!(rejected(&pair(Operand::E4m3)), super::F8F6F4_2SM_N);
        let nvfp4 = KernelConfig {
            cluster: Cluster { m: 2, n: 1, k: 1 },
            schedule: Schedule::Sm100TwoSmMxf8f6f4,
            epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized2SmMxf8f6f4,
            epilogue_tile: EpilogueTile::Explicit { m: 64, n: 64 },
            layout_d: crate::Layout::ColumnMajor,
            stages: StagePolicy::Fixed(6),
            ..KernelConfig::sm120(
                KernelKind::Dense,
                Operand::Mxfp6E3m2,
                Operand::Mxfp8E4m3,
                Output::F16,
                Output::Nvfp4,
                Tile { m: 256, n: 128, k: 128 },
            )
        };
        let nvfp4 = KernelConfig { arch: crate::Arch::Sm100, cutlass: crate::CutlassVersion::V4_5_1, ..nvfp4 };
        assert_eq!(rejected(&nvfp4), super::NARROW_D_DATAPATHS);
    }

    /// `UMMA::tile_to_mma_shape(atom, ((N, K_mma), 1, K / K_mma, Stages))(_,_,_,Int<0>{})` compiled by g++
    /// against CUTLASS 4.5.0's headers (the slice `CollectiveMma::Params` takes), N = 8, Stages 2..=33:
    /// the stage counts that fail, with the first static_assert's message.
    #[test]
    fn stage_slice_matches_cute_compiled_at_4_5_0() {
        let tf32_k32: &[(u64, &str)] = &[
            (3, "Requires pow2 shape*stride."),
            (5, "Shape"),
            (6, "Shape"),
            (7, "Shape"),
            (9, "Shape"),
            (10, "Shape"),
            (11, "Shape"),
            (13, "Shape"),
            (14, "Shape"),
            (15, "Shape"),
            (17, "Shape"),
            (18, "Shape"),
            (19, "Shape"),
            (21, "Shape"),
            (22, "Shape"),
            (23, "Shape"),
            (25, "Shape"),
            (26, "Shape"),
            (27, "Shape"),
            (29, "Shape"),
            (30, "Shape"),
            (31, "Shape"),
            (33, "Shape"),
        ];
        let bf16_k64: Vec<(u64, &str)> =
            [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33].into_iter().map(|n| (n, "Shape")).collect();
        // (operand bits, K, failing stage counts): tf32 8x32 (SW128, 256 elements a stage), bf16 8x64
        // (SW128, 512), e4m3 8x64 (SW64, 512).
        for (bits, k, failing) in [(32, 32, tf32_k32), (16, 64, &bf16_k64[..]), (8, 64, &[][..])] {
            let b = k_major_swizzle(k, bits);
            for n in 2..=33 {
                let got = stage_slice_assert(b, 8 * k, n).map(|(m, _)| m);
                let want = failing.iter().find(|f| f.0 == n).map(|f| f.1);
                match (got, want) {
                    (None, None) => {}
                    (Some(m), Some(w)) => assert!(m.starts_with(w), "{bits}-bit K = {k}, {n} stages: {m} vs {w}"),
                    _ => panic!("{bits}-bit K = {k}, {n} stages: model {got:?}, g++ {want:?}"),
                }
            }
        }
    }
}
