//! SM100 blockwise-scaled FP8 GEMMs (`family = "blockwise"`, `KernelTmaWarpSpecializedBlockwise{1,2}SmSm100`),
//! as vLLM's `cutlass_3x_gemm_fp8_blockwise` builds them (`scaled_mm_blockwise_sm100_fp8_dispatch.cuh`).
//!
//! Mirrors, as of CUTLASS 4.4.2 (4.5.0, 4.6.0 and 4.7.0 differ only in passing `ArchTag` through):
//! - the mainloop builder `gemm/collective/builders/sm100_blockwise_umma_builder.inl`: the 1SM/2SM MMA of
//!   the schedule tag, `AccumulatorPipelineStageCount` (`TotalTmem / (CtaM * CtaN)` for 2SM or an MMA M
//!   above 64, else `(512 / CtaN) * 2`, with no cap), `SchedulerPipelineStageCount` = that + 1, the
//!   kernel carve-out `Sm100DenseGemmTmaUmmaCarveout`, and `sm100_compute_stage_count_or_override_blockwise`:
//!   per stage `round_nearest(A + B + SFA + SFB, 128)` plus one `PipelineTmaUmmaAsync<1>` and one
//!   `PipelineAsync<1>` (16 bytes each), where A and B are the CTA's smem tiles and the scales count the
//!   whole MMA tile (`ScaleTileShape = TileShape_MNK / granularity`, float);
//! - the collective `sm100_mma_warpspecialized_blockwise_scaling.hpp`: `SharedStorage` holds only
//!   `TensorStorage : aligned_struct<128, _0> { smem_A; smem_B; smem_SFA; smem_SFB; } tensors`, the
//!   scale buffers `ArrayEngine<float, cosize(SmemLayoutScaleA/B)>` of
//!   `Sm1xxBlockwiseScaleConfig::smem_atom_layoutSF{A,B}(CtaShape_MNK)`: `ceil(CtaM / gM) * ceil(K / gK)`
//!   and `ceil(N / gN) * ceil(K / gK)` floats per stage (`CtaShape_MNK` halves M only for 2SM); its
//!   `PipelineStorage { alignas(16) pipeline_ab; alignas(16) pipeline_sf; alignas(16) pipeline_accum; }`
//!   is a nested type the kernel holds;
//! - the kernel [`mma_transform_kernel_storage`];
//! - the epilogue: `TmaWarpSpecialized{1,2}Sm` is the SM100 TMA epilogue builder
//!   ([`super::sm100_umma`]'s); `BlockwiseNoSmemWarpSpecialized{1,2}Sm` is the "No smem builder" of
//!   `epilogue/collective/builders/sm100_builder.inl` (`IsBlockwiseSchedule`: `thread::LinearCombination`,
//!   `Sm100NoSmemWarpSpecialized`), whose adapter keeps an empty `SharedStorage` and a zero-stage load
//!   pipeline ([`super::no_smem_epilogue`]).

use super::sm100_umma::{capacity_assert, epilogue_params, epilogue_tile_checks, Resolved, SM100_CAPACITY_BYTES};
use crate::config::{EpilogueSchedule, KernelConfig, KernelKind, Schedule, StagePolicy};
use crate::cutlass::primitives::{array_aligned, array_engine, barrier_pair_pipeline, BARRIER_BYTES};
use crate::cutlass::sm100_kernel::mma_transform_kernel_storage;
use crate::dtype::{Operand, Output};
use crate::layout::{round_up, PerStage, Role, TypeLayout};
use crate::{ConfigField, Evaluation, Footprint, Granularity, ModelError};

/// `TotalTmemRows * Sm100TmemCapacityColumns` of the builder.
const TOTAL_TMEM: u64 = 128 * 512;

fn refuse<T>(at: ConfigField, message: String, hint: &'static str) -> Result<T, ModelError> {
    Err(ModelError::new(at, message, hint))
}

/// What was measured (`sm100-verify-blockwise-*`): vLLM's shipped shapes. Returns whether the MMA is 2SM,
/// or the builder's rejection of a granularity above the CTA tile.
fn validate(cfg: &KernelConfig, g: Granularity) -> Result<Result<bool, Evaluation>, ModelError> {
    super::datacenter_domain(cfg, "SM100")?;
    if !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        return refuse(
            ConfigField::Cutlass,
            format!("SM100 blockwise-scaled kernels are not checked against CUTLASS {}", cfg.cutlass),
            "they are modelled from CUTLASS 4.4.0 on (the headers were read at 4.4.2, 4.5.0, 4.6.0 and 4.7.0)",
        );
    }
    if cfg.kind != KernelKind::Dense {
        return refuse(
            ConfigField::Kind,
            format!("{} SM100 blockwise-scaled kernels are not modelled", cfg.kind.name()),
            "the ptr-array blockwise kernels were not measured; use kernel = \"dense\"",
        );
    }
    for (op, at) in [(cfg.a, ConfigField::A), (cfg.b, ConfigField::B)] {
        if op != Operand::E4m3 {
            return refuse(
                at,
                format!("{op} operands with blockwise scaling are not modelled on SM100"),
                "SM100 blockwise-scaled kernels are modelled for e4m3 x e4m3 (vLLM's)",
            );
        }
    }
    if cfg.c != Output::Void || !matches!(cfg.d, Output::Bf16 | Output::F16) {
        return refuse(
            ConfigField::D,
            format!("outputs c = {}, d = {} are not modelled with SM100 blockwise scaling", cfg.c, cfg.d),
            "use c = void and d = bf16 or f16 (vLLM's)",
        );
    }
    if !matches!(cfg.resolved_fusion(), crate::Fusion::LinearCombination) {
        return refuse(
            ConfigField::Fusion,
            format!("fusion {} is not modelled with SM100 blockwise scaling", cfg.fusion.name()),
            "leave `fusion` unset (LinearCombination)",
        );
    }
    if cfg.layout_c != cfg.layout_d {
        return refuse(
            ConfigField::LayoutC,
            "C and D in different layouts are not modelled with SM100 blockwise scaling".into(),
            "give C and D one layout",
        );
    }
    if cfg.epilogue_tile != crate::EpilogueTile::Auto || cfg.epilogue_cta_tile.is_some() {
        return refuse(
            ConfigField::EpilogueTile,
            "explicit epilogue tiles are not modelled with SM100 blockwise scaling".into(),
            "leave `epilogue_tile` and `epilogue_cta_tile` unset",
        );
    }
    if cfg.stages != StagePolicy::Auto {
        return refuse(
            ConfigField::Stages,
            format!("stage policy {} is not modelled with SM100 blockwise scaling", cfg.stages),
            "use stages = \"auto\" (StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>, vLLM's)",
        );
    }
    let two_sm = match cfg.schedule {
        Schedule::Sm100OneSmBlockwise => false,
        Schedule::Sm100TwoSmBlockwise => true,
        other => {
            return refuse(
                ConfigField::Schedule,
                format!("{other} is not an SM100 blockwise schedule"),
                "use KernelTmaWarpSpecializedBlockwise1SmSm100 or KernelTmaWarpSpecializedBlockwise2SmSm100",
            )
        }
    };
    let t = cfg.tile;
    let c = cfg.cluster;
    // The builder's `static_assert(size<i>(CtaTileShape_MNK{}) >= ScaleGranularity{M,N,K}, ...)`
    // (`CtaTileShape_MNK` halves M for 2SM), measured on the grid of `sm100-sm90-verify-blockwise-grid-*`:
    // checked for the measured tiles, clusters, granularities and epilogue pairings.
    let cta_m = t.m / if two_sm { 2 } else { 1 };
    let grid_shape = if two_sm {
        t.m == 256 && [c.m, c.n, c.k] == [2, 1, 1]
    } else {
        [64, 128].contains(&t.m) && [c.m, c.n, c.k] == [1, 1, 1]
    } && [64, 128, 256].contains(&t.n)
        && t.k == 128
        && !cfg.dynamic_cluster
        && matches!((g.m, g.n, g.k), (1 | 128, 128, 128));
    if grid_shape && epilogue_pairs(cfg, two_sm) && (g.m > cta_m || g.n > t.n || g.k > t.k) {
        return Ok(Err(super::reject(
            "Scale Granularity must be smaller than or equal to the tile shape",
            ConfigField::Granularity,
            format!(
                "granularity [{}, {}, {}] is above the CTA tile {cta_m}x{}x{} (the mainloop builder static_asserts it)",
                g.m, g.n, g.k, t.n, t.k
            ),
        )));
    }
    let shape_ok = if two_sm {
        t.m == 256 && t.n == 128 && [c.m, c.n, c.k] == [2, 1, 1]
    } else {
        [64, 128].contains(&t.m) && (t.n == 128 || (t.n == 16 && t.m == 128)) && [c.m, c.n, c.k] == [1, 1, 1]
    };
    if !shape_ok || t.k != 128 || cfg.dynamic_cluster {
        return refuse(
            ConfigField::Tile,
            format!(
                "tile {t} with cluster [{}, {}, {}] and a {} MMA is not modelled with SM100 blockwise scaling",
                c.m,
                c.n,
                c.k,
                if two_sm { "2SM" } else { "1SM" }
            ),
            "measured: 1SM 64x128x128, 128x128x128 and 128x16x128 with a 1x1x1 cluster, 2SM 256x128x128 with 2x1x1 (vLLM's)",
        );
    }
    if !matches!((g.m, g.n, g.k), (1, 128, 128) | (128, 1, 128)) || g.m > t.m / if two_sm { 2 } else { 1 } || g.n > t.n
    {
        return refuse(
            ConfigField::Granularity,
            format!("granularity [{}, {}, {}] with tile {t} is not modelled on SM100", g.m, g.n, g.k),
            "SM100 blockwise scaling is modelled with [1, 128, 128] and [128, 1, 128] (vLLM's, the latter with swap_ab), \
             each extent at most the CTA tile's",
        );
    }
    if !epilogue_pairs(cfg, two_sm) {
        return refuse(
            ConfigField::EpilogueSchedule,
            format!("epilogue schedule {} with kernel schedule {} is not modelled", cfg.epilogue_schedule, cfg.schedule),
            "pair KernelTmaWarpSpecializedBlockwise1SmSm100 with TmaWarpSpecialized1Sm or BlockwiseNoSmemWarpSpecialized1Sm, \
             ...2SmSm100 with the 2Sm ones",
        );
    }
    Ok(Ok(two_sm))
}

/// Whether the epilogue schedule is one of the kernel schedule's (1SM with 1SM, 2SM with 2SM).
fn epilogue_pairs(cfg: &KernelConfig, two_sm: bool) -> bool {
    match cfg.epilogue_schedule {
        EpilogueSchedule::TmaWarpSpecialized1Sm | EpilogueSchedule::BlockwiseNoSmemWarpSpecialized1Sm => !two_sm,
        EpilogueSchedule::TmaWarpSpecialized2Sm | EpilogueSchedule::BlockwiseNoSmemWarpSpecialized2Sm => two_sm,
        _ => false,
    }
}

/// Evaluate one SM100 blockwise-scaled configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig, g: Granularity) -> Result<Evaluation, ModelError> {
    let two_sm = match validate(cfg, g)? {
        Ok(two_sm) => two_sm,
        Err(rejected) => return Ok(rejected),
    };
    let no_smem = matches!(
        cfg.epilogue_schedule,
        EpilogueSchedule::BlockwiseNoSmemWarpSpecialized1Sm | EpilogueSchedule::BlockwiseNoSmemWarpSpecialized2Sm
    );
    let r = Resolved::dense(two_sm, no_smem);
    if !no_smem {
        if let Some(rejected) = epilogue_tile_checks(cfg, r)? {
            return Ok(rejected);
        }
    }
    let (epilogue, epilogue_bytes) = if no_smem {
        (super::no_smem_epilogue::<L>(false), 1)
    } else {
        let e = super::builder_epilogue(&epilogue_params::<L>(cfg, r, None))?;
        let bytes = e.shared_storage().size();
        (e, bytes)
    };

    let t = cfg.tile;
    let pair = if two_sm { 2 } else { 1 };
    // CtaShape_MNK = TileShape / AtomThrShapeMNK (M halved for 2SM); B's smem tile is N / 2 for 2SM.
    let (cta_m, cta_n_b) = (t.m / pair, t.n / pair);
    let accumulator_stages = if two_sm || cta_m > 64 { TOTAL_TMEM / (cta_m * t.n) } else { (512 / t.n) * 2 };
    let scheduler_stages = accumulator_stages + 1;
    // Sm100DenseGemmTmaUmmaCarveout<..., IsArrayOfPointersGemm = false>: accumulator pipeline, CLC fetch
    // pipeline, load-order barrier, TMEM dealloc barrier, CLC throttle, CLC responses, one TMEM base
    // pointer per scheduler stage.
    let carveout = 16 * accumulator_stages
        + 16 * scheduler_stages
        + 16
        + BARRIER_BYTES
        + 16 * scheduler_stages
        + 16 * scheduler_stages
        + 4 * scheduler_stages;
    let capacity = SM100_CAPACITY_BYTES - carveout;
    // ScaleTileShape counts the MMA tile (not the CTA's) in the stage size.
    let scales_for_stage_count = 4 * (t.m / g.m) * (t.k / g.k) + 4 * (t.n / g.n) * (t.k / g.k);
    let data = cta_m * t.k + cta_n_b * t.k + scales_for_stage_count;
    let stage_bytes = round_up(data, 128) + 2 * BARRIER_BYTES + 2 * BARRIER_BYTES;
    let choice = super::stage_choice(cfg.stages, capacity, stage_bytes, data, &epilogue, epilogue_bytes);
    if let Some(rejected) = super::stage_assert(
        choice,
        epilogue_bytes,
        1,
        "Smem usage is too high. Can't create any SMEM buffers for A, B, and scales.",
    ) {
        return Ok(rejected);
    }
    if let Some(rejected) =
        super::stage_assert(choice, epilogue_bytes, 2, "Specialization requires Stages set to value 1 or more.")
    {
        return Ok(rejected);
    }
    let s = choice.stages as u64;
    let (sfa, sfb) = (cta_m.div_ceil(g.m) * t.k.div_ceil(g.k), t.n.div_ceil(g.n) * t.k.div_ceil(g.k));
    let scale = |name: &'static str, per_stage: u64, role| {
        array_aligned::<L>(name, s * per_stage * 4, role, PerStage { stages: s, bytes_per_stage: per_stage * 4 })
            .field()
    };
    let tensors = L::strukt(
        "tensors",
        128,
        [
            array_engine::<L>("smem_A", s * cta_m * t.k, 8, Role::OperandA, s).field(),
            array_engine::<L>("smem_B", s * cta_n_b * t.k, 8, Role::OperandB, s).field(),
            scale("smem_SFA", sfa, Role::ScaleFactorA),
            scale("smem_SFB", sfb, Role::ScaleFactorB),
        ],
    );
    let pipelines = L::strukt(
        "PipelineStorage",
        1,
        [
            barrier_pair_pipeline::<L>("pipeline_ab (PipelineTmaUmmaAsync)", s, Role::MainloopBarriers).aligned(16),
            barrier_pair_pipeline::<L>("pipeline_sf (PipelineAsync)", s, Role::MainloopBarriers).aligned(16),
            barrier_pair_pipeline::<L>("pipeline_accum (PipelineUmmaAsync)", accumulator_stages, Role::KernelPipelines)
                .aligned(16),
        ],
    );
    let kernel = mma_transform_kernel_storage(scheduler_stages, &pipelines, &tensors, &epilogue);
    // `CollectiveMainloop::SharedStorage` is `{ TensorStorage tensors; }` (its PipelineStorage is a type).
    let mainloop_bytes = L::strukt("mainloop", 1, [tensors.clone().field()]).size();
    let footprint = Footprint {
        kernel_bytes: kernel.size(),
        mainloop_bytes,
        epilogue_bytes,
        stages: s,
        members: kernel.members(),
        stage_choice: choice,
        unbuildable: None,
        kernel_rejection: None,
        dsl: None,
    };
    Ok(Evaluation::Compiled(capacity_assert(footprint, choice, epilogue_bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cluster, Family, Tile};

    fn vllm(tile: [u64; 3], cluster: u64, schedule: Schedule, epi: EpilogueSchedule, g: Granularity) -> KernelConfig {
        let t = Tile { m: tile[0], n: tile[1], k: tile[2] };
        let mut cfg =
            KernelConfig::sm120(KernelKind::Dense, Operand::E4m3, Operand::E4m3, Output::Void, Output::Bf16, t);
        cfg.arch = crate::Arch::Sm100;
        cfg.cutlass = crate::CutlassVersion::V4_4_2;
        cfg.family = Family::Blockwise(g);
        cfg.cluster = Cluster { m: cluster, n: 1, k: 1 };
        cfg.schedule = schedule;
        cfg.epilogue_schedule = epi;
        cfg
    }

    /// The member names of CUTLASS's structs, in the breakdown of vLLM's 2SM no-smem kernel.
    #[test]
    fn names_every_member_of_the_mma_transform_kernel() {
        let g = Granularity { m: 1, n: 128, k: 128 };
        let cfg = vllm(
            [256, 128, 128],
            2,
            Schedule::Sm100TwoSmBlockwise,
            EpilogueSchedule::BlockwiseNoSmemWarpSpecialized2Sm,
            g,
        );
        let Ok(Evaluation::Compiled(f)) = crate::evaluate(&cfg) else { panic!("compiles") };
        let names: Vec<String> = f.members.iter().map(|m| m.path.clone()).collect();
        for want in [
            "pipelines.mainloop.pipeline_ab",
            "pipelines.mainloop.pipeline_sf",
            "pipelines.mainloop.pipeline_accum",
            "pipelines.epi_load",
            "pipelines.load_order",
            "pipelines.clc ",
            "pipelines.clc_throttle",
            "pipelines.tmem_dealloc",
            "pipelines.epilogue_throttle",
            "clc_response",
            "tmem_base_ptr",
            "tensors.epilogue",
            "tensors.mainloop.smem_A",
            "tensors.mainloop.smem_B",
            "tensors.mainloop.smem_SFA",
            "tensors.mainloop.smem_SFB",
        ] {
            assert!(names.iter().any(|n| n.contains(want.trim_end())), "{want} missing from {names:#?}");
        }
    }

    /// The blockwise schedule tags and `family = "blockwise"` go together on SM100: either alone is
    /// refused, naming the key to change.
    #[test]
    fn the_blockwise_schedule_and_family_go_together() {
        let g = Granularity { m: 1, n: 128, k: 128 };
        let mut cfg =
            vllm([128, 128, 128], 1, Schedule::Sm100OneSmBlockwise, EpilogueSchedule::TmaWarpSpecialized1Sm, g);
        cfg.family = Family::BlockScaled;
        assert_eq!(crate::evaluate(&cfg).unwrap_err().at, ConfigField::Family);
        cfg.family = Family::Blockwise(g);
        cfg.schedule = Schedule::Sm100OneSm;
        assert_eq!(crate::evaluate(&cfg).unwrap_err().at, ConfigField::Schedule);
    }

    /// A granularity larger than the CTA tile: on the measured grid's granularities, the builder's
    /// static_assert; otherwise refused, not guessed.
    #[test]
    fn a_granularity_above_the_cta_tile_is_rejected_or_refused() {
        let g = Granularity { m: 128, n: 128, k: 128 };
        let cfg = vllm([64, 128, 128], 1, Schedule::Sm100OneSmBlockwise, EpilogueSchedule::TmaWarpSpecialized1Sm, g);
        match crate::evaluate(&cfg) {
            Ok(Evaluation::Rejected(r)) => {
                assert_eq!(r.message, "Scale Granularity must be smaller than or equal to the tile shape");
                assert_eq!(r.at, ConfigField::Granularity);
            }
            other => panic!("{other:?}"),
        }
        let g = Granularity { m: 128, n: 1, k: 128 };
        let cfg = vllm([64, 128, 128], 1, Schedule::Sm100OneSmBlockwise, EpilogueSchedule::TmaWarpSpecialized1Sm, g);
        let err = crate::evaluate(&cfg).unwrap_err();
        assert_eq!(err.at, ConfigField::Granularity, "{err:?}");
    }
}
