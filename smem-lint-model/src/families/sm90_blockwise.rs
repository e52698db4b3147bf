//! SM90 blockwise-scaled FP8 GEMMs (`family = "blockwise"`, `KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum`),
//! as vLLM's `cutlass_3x_gemm_fp8_blockwise` builds them (`scaled_mm_blockwise_sm90_fp8_dispatch.cuh`).
//!
//! Mirrors, as of CUTLASS 4.4.2 (4.5.0, 4.6.0 and 4.7.0 are the same text):
//! - the builder's blockwise branch of `gemm/collective/builders/sm90_gmma_builder.inl`
//!   (`KernelTmaWarpSpecializedCooperativeFP8Blockwise`, of which `...FP8BlockScaledAccum` is an alias):
//!   no kernel carve-out for a dense kernel, and `compute_stage_count_with_blockwise_scale`, which has an
//!   overload for `StageCountAutoCarveout` only: the capacity rounded down to 128, the carve-out rounded
//!   up to 128, and per stage `round_up(A + B + 4 * ScaleMsPerTile + 4 * ScaleNsPerTile, 128)` plus one
//!   `PipelineTmaAsync<1>` (16 bytes);
//! - the collective `sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp`:
//!   `SharedStorage { TensorStorage : aligned_struct<128> { array_aligned smem_A; array_aligned smem_B;
//!   alignas(128) array<float> smem_SFA; alignas(128) array<float> smem_SFB; } tensors;
//!   PipelineTmaAsync<Stages>::SharedStorage pipeline; }`, the scales `ceil(M / gM) * ceil(K / gK)` and
//!   `ceil(N / gN) * ceil(K / gK)` floats per stage (`smem_atom_layoutSF{A,B}(TileShape)`);
//! - the cooperative kernel and the TMA epilogue of [`super::sm90_tensorop`].

use super::sm90_tensorop::{tma_epilogue_params, SM90_CAPACITY_BYTES};
use crate::config::{EpilogueSchedule, KernelConfig, KernelKind, Schedule, StagePolicy};
use crate::cutlass::primitives::{array_engine, barrier_pair_pipeline, BARRIER_BYTES};
use crate::cutlass::sm90_kernel::{kernel_storage, sm90_scheduler_storage, KernelShape, MainloopStorage};
use crate::dtype::{Operand, Output};
use crate::layout::{round_up, PerStage, Role, TypeLayout};
use crate::{ConfigField, Evaluation, Granularity, ModelError};

fn refuse<T>(at: ConfigField, message: String, hint: &'static str) -> Result<T, ModelError> {
    Err(ModelError::new(at, message, hint))
}

/// What was measured (`sm90-verify-blockwise-*`): vLLM's shipped kernel.
fn validate(cfg: &KernelConfig, g: Granularity) -> Result<(), ModelError> {
    super::datacenter_domain(cfg, "SM90")?;
    let t = cfg.tile;
    let c = cfg.cluster;
    let why = if !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        Some((
            ConfigField::Cutlass,
            format!("SM90 blockwise-scaled kernels are not checked against CUTLASS {}", cfg.cutlass),
        ))
    } else if cfg.kind != KernelKind::Dense {
        Some((ConfigField::Kind, format!("{} SM90 blockwise-scaled kernels are not modelled", cfg.kind.name())))
    } else if cfg.schedule != Schedule::CooperativeFp8BlockScaledAccum {
        Some((ConfigField::Schedule, format!("{} is not an SM90 blockwise schedule", cfg.schedule)))
    } else if cfg.epilogue_schedule != EpilogueSchedule::TmaWarpSpecializedCooperative {
        Some((
            ConfigField::EpilogueSchedule,
            format!("epilogue schedule {} with SM90 blockwise scaling is not modelled", cfg.epilogue_schedule),
        ))
    } else if cfg.a != Operand::E4m3 || cfg.b != Operand::E4m3 {
        Some((ConfigField::A, format!("{} x {} operands with SM90 blockwise scaling are not modelled", cfg.a, cfg.b)))
    } else if cfg.c != Output::Void || !matches!(cfg.d, Output::Bf16 | Output::F16) {
        Some((
            ConfigField::D,
            format!("outputs c = {}, d = {} with SM90 blockwise scaling are not modelled", cfg.c, cfg.d),
        ))
    } else if !matches!(cfg.resolved_fusion(), crate::Fusion::LinearCombination)
        || cfg.layout_c != crate::Layout::RowMajor
        || cfg.layout_d != crate::Layout::RowMajor
        || cfg.epilogue_tile != crate::EpilogueTile::Auto
    {
        Some((
            ConfigField::Fusion,
            "SM90 blockwise scaling is modelled with the builder's LinearCombination, row-major C/D and EpilogueTileAuto".into(),
        ))
    } else if cfg.stages != StagePolicy::Auto {
        Some((ConfigField::Stages, format!("stage policy {} with SM90 blockwise scaling is not modelled", cfg.stages)))
    } else if [t.m, t.n, t.k] != [128, 128, 128] || [c.m, c.n, c.k] != [1, 2, 1] || (g.m, g.n, g.k) != (1, 128, 128) {
        Some((
            ConfigField::Tile,
            format!(
                "tile {t}, cluster [{}, {}, {}] and granularity [{}, {}, {}] are not modelled with SM90 blockwise scaling",
                c.m, c.n, c.k, g.m, g.n, g.k
            ),
        ))
    } else {
        None
    };
    match why {
        Some((at, message)) => refuse(
            at,
            message,
            "measured: vLLM's kernel (e4m3, c = void, d = bf16/f16, 128x128x128, cluster 1x2x1, granularity [1, 128, 128], \
             KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum with TmaWarpSpecializedCooperative, stages = \"auto\") \
             from CUTLASS 4.4.0 on",
        ),
        None => Ok(()),
    }
}

/// Evaluate one SM90 blockwise-scaled configuration.
pub fn evaluate<L: TypeLayout>(cfg: &KernelConfig, g: Granularity) -> Result<Evaluation, ModelError> {
    validate(cfg, g)?;
    let t = cfg.tile;
    let epilogue = super::builder_epilogue(&tma_epilogue_params::<L>(cfg, true, None))?;
    let epilogue_bytes = epilogue.shared_storage().size();
    let capacity = SM90_CAPACITY_BYTES / 128 * 128;
    let (sfa, sfb) = (t.m.div_ceil(g.m) * t.k.div_ceil(g.k), t.n.div_ceil(g.n) * t.k.div_ceil(g.k));
    // ScaleMsPerTile / ScaleNsPerTile: one K block of scales per stage in the builder's count.
    let data = t.m * t.k + t.n * t.k + 4 * (t.m / g.m) + 4 * (t.n / g.n);
    let stage_bytes = round_up(data, 128) + 2 * BARRIER_BYTES;
    let choice = super::stage_choice_rounded(cfg.stages, capacity, stage_bytes, data, &epilogue, epilogue_bytes, 128);
    if let Some(rejected) =
        super::stage_assert(choice, epilogue_bytes, 2, "Specialization requires Stages set to value 1 or more.")
    {
        return Ok(rejected);
    }
    let s = choice.stages as u64;
    let scale = |name: &'static str, per_stage: u64, role| {
        L::staged(name, s * per_stage * 4, 4, role, PerStage { stages: s, bytes_per_stage: per_stage * 4 }).aligned(128)
    };
    let tensors = L::strukt(
        "tensors",
        128,
        [
            array_engine::<L>("smem_A", s * t.m * t.k, 8, Role::OperandA, s).field(),
            array_engine::<L>("smem_B", s * t.n * t.k, 8, Role::OperandB, s).field(),
            scale("smem_SFA", sfa, Role::ScaleFactorA),
            scale("smem_SFB", sfb, Role::ScaleFactorB),
        ],
    );
    let mainloop = MainloopStorage {
        tensors,
        pipeline: barrier_pair_pipeline("pipeline", s, Role::MainloopBarriers),
        tensormaps: None,
    };
    let kernel =
        kernel_storage(KernelShape { grouped: false, pingpong: false }, &mainloop, &epilogue, sm90_scheduler_storage());
    Ok(super::compiled_kernel(&kernel, &mainloop, epilogue_bytes, choice, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cluster, Family, Tile};

    /// vLLM's SM90 blockwise kernel names the collective's four tensors and its pipeline.
    #[test]
    fn names_the_blockwise_collective_members() {
        let t = Tile { m: 128, n: 128, k: 128 };
        let mut cfg =
            KernelConfig::sm120(KernelKind::Dense, Operand::E4m3, Operand::E4m3, Output::Void, Output::Bf16, t);
        cfg.arch = crate::Arch::Sm90;
        cfg.cutlass = crate::CutlassVersion::V4_4_2;
        cfg.family = Family::Blockwise(Granularity { m: 1, n: 128, k: 128 });
        cfg.cluster = Cluster { m: 1, n: 2, k: 1 };
        cfg.schedule = Schedule::CooperativeFp8BlockScaledAccum;
        cfg.epilogue_schedule = EpilogueSchedule::TmaWarpSpecializedCooperative;
        let Ok(Evaluation::Compiled(f)) = crate::evaluate(&cfg) else { panic!("compiles") };
        let names: Vec<&str> = f.members.iter().map(|m| m.path.as_str()).collect();
        for want in ["smem_A", "smem_B", "smem_SFA", "smem_SFB", "pipeline"] {
            assert!(names.iter().any(|n| n.contains(want)), "{want} missing from {names:#?}");
        }
    }
}
