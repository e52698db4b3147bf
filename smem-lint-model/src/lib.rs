//! The model: CUTLASS `SharedStorage` layouts, computed without I/O.
//!
//! [`evaluate`] turns a [`KernelConfig`] into an [`Evaluation`]: either CUTLASS rejects it at compile
//! time ([`Rejection`], with the static_assert text), or it compiles with a [`Footprint`] whose
//! breakdown names every member of `GemmKernel::SharedStorage`. [`assess`] compares that footprint
//! with an architecture's cap. The macro, the CLI and library users all call these two functions.
//!
//! This crate has no dependencies and does no I/O; it knows nothing of files, rule codes or front
//! ends (`smem-lint` maps a [`ModelError`] to its rule). Its enums are exhaustive on purpose: a new
//! architecture, family or type is a compile error in every front end until each handles it.

pub mod arch;
pub mod config;
pub mod cutlass;
pub mod dsl;
pub mod dtype;
pub mod error;
pub mod families;
pub mod footprint;
pub mod fusion;
pub mod layout;
pub mod release;
pub mod verdict;
pub mod version_h;

pub use arch::{Arch, ArchTraits};
pub use config::{
    BlockScaleFactorSpec, Cluster, CutlassVersion, Epilogue, EpilogueOpClass, EpilogueSchedule, EpilogueTile, Family,
    Fusion, Granularity, KernelConfig, KernelKind, Layout, MoeFusion, Schedule, Sm100Mma, Sm100Schedule, Sm90Schedule,
    Sm90Shell, StagePolicy, Tile, TileScheduler,
};
pub use dtype::{Operand, Output, ScaleFactor};
pub use error::{ConfigField, ModelError, ParseError};
pub use footprint::{Evaluation, Footprint, Rejection, Sizes, StageChoice, Unbuildable, Why};
pub use fusion::{EvtNode, EvtTree};
pub use layout::{Member, Role, Sizeof, TypeLayout};
pub use release::{Headers, MxPtrArraySchedules};
pub use verdict::{
    assess, assess_by, assess_with, status, verdict, Assessment, AutoOverflow, Fresh, Probe, Prober, Status, Verdict,
};

/// The hard bounds of every input, checked before any family model: they keep every product far
/// from overflow, and a value outside them is an input error, not a configuration.
pub const MAX_EXTENT: u64 = 1024;
pub const MAX_STAGES: u64 = 1024;
pub const MAX_BYTES: u64 = 1 << 32;
pub const MAX_CLUSTER: u64 = 16;

/// Every extent of `t` (the CTA tile or the warp tile, named `what`) in 1..=MAX_EXTENT.
fn check_extents(t: Tile, at: ConfigField, what: &str, hint: &'static str) -> Result<(), ModelError> {
    for (v, name) in [(t.m, "M"), (t.n, "N"), (t.k, "K")] {
        if v == 0 || v > MAX_EXTENT {
            return Err(ModelError::out_of_bounds(
                at,
                format!("{what} {name} = {v} is outside 1..={MAX_EXTENT}"),
                hint,
            ));
        }
    }
    Ok(())
}

fn check_bounds(cfg: &KernelConfig) -> Result<(), ModelError> {
    check_extents(
        cfg.tile,
        ConfigField::Tile,
        "tile",
        "CTA tiles are a few dozen to a few hundred elements per extent",
    )?;
    if let Some(w) = cfg.warp {
        check_extents(w, ConfigField::Warp, "warp tile", "warp tiles are 16 to 128 elements per extent")?;
    }
    let c = cfg.cluster;
    if [c.m, c.n, c.k].iter().any(|&v| v == 0 || v > MAX_CLUSTER) {
        return Err(ModelError::out_of_bounds(
            ConfigField::Cluster,
            format!("cluster [{}, {}, {}] has an extent outside 1..={MAX_CLUSTER}", c.m, c.n, c.k),
            "use [1, 1, 1] on SM120",
        ));
    }
    if let Some(e) = stage_bounds(cfg.stages) {
        return Err(e);
    }
    if let Epilogue::Declared { smem_bytes } = cfg.epilogue {
        if smem_bytes == 0 || smem_bytes > MAX_BYTES {
            return Err(ModelError::out_of_bounds(
                ConfigField::Epilogue,
                format!("a declared epilogue of {smem_bytes} bytes is outside 1..={MAX_BYTES}"),
                "declare sizeof(CollectiveEpilogue::SharedStorage)",
            ));
        }
    }
    if let Family::Blockwise(g) = cfg.family {
        if [g.m, g.n, g.k].iter().any(|&v| v == 0 || v > MAX_EXTENT) {
            return Err(ModelError::out_of_bounds(
                ConfigField::Granularity,
                format!("granularity [{}, {}, {}] has an extent outside 1..={MAX_EXTENT}", g.m, g.n, g.k),
                "give the scale block in elements, e.g. [1, 128, 128]",
            ));
        }
    }
    Ok(())
}

/// The most shared memory one SM of any modelled architecture has: a carve-out beyond it leaves no
/// room for any stage anywhere (CUTLASS would compute a negative stage count).
pub const MAX_CARVEOUT: u64 = {
    let mut max = 0;
    let mut i = 0;
    while i < Arch::ALL.len() {
        let per_sm = Arch::ALL[i].traits().smem_per_sm;
        if per_sm > max {
            max = per_sm;
        }
        i += 1;
    }
    max
};

/// A stage count of zero or above [`MAX_STAGES`], or a carve-out above [`MAX_CARVEOUT`]: no
/// configuration (the same input error in every front end).
fn stage_bounds(stages: StagePolicy) -> Option<ModelError> {
    match stages {
        StagePolicy::Fixed(s) if s == 0 || u64::from(s) > MAX_STAGES => Some(ModelError::out_of_bounds(
            ConfigField::Stages,
            format!("stage count {s} is outside 1..={MAX_STAGES}"),
            "use a stage count between 2 and a few dozen",
        )),
        StagePolicy::AutoCarveout(b) if b > MAX_CARVEOUT => Some(ModelError::out_of_bounds(
            ConfigField::Stages,
            format!("a carve-out of {b} bytes is more than any GPU's shared memory per SM ({MAX_CARVEOUT} bytes)"),
            "carve out less than the cap",
        )),
        _ => None,
    }
}

/// Evaluate a configuration with the model of its architecture family and CUTLASS version.
pub fn evaluate(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    evaluate_with(cfg, Detail::Members)
}

/// Whether a footprint lists its members (the breakdown) or only its sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Every member and padding gap in `Footprint::members`.
    Members,
    /// Sizes and stages only, `members` left empty: for searches that only compare sizes (the
    /// largest fitting stage count, suggestions), where naming every member is most of the cost.
    Sizes,
}

/// [`evaluate`], with or without the member list.
pub fn evaluate_with(cfg: &KernelConfig, detail: Detail) -> Result<Evaluation, ModelError> {
    if let Family::Dsl(family) = cfg.family {
        return dsl::evaluate(cfg, family, detail == Detail::Members);
    }
    check_bounds(cfg)?;
    match detail {
        Detail::Members => evaluate_as::<layout::Node>(cfg),
        Detail::Sizes => evaluate_as::<layout::Sizeof>(cfg),
    }
}

/// The family models, laying storage out as `L`: the member tree, or `sizeof`/`alignof` alone.
fn evaluate_as<L: layout::TypeLayout>(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    if cfg.epilogue_op_class != EpilogueOpClass::Auto && cfg.arch != Arch::Sm100 {
        // The SM90 and SM120 epilogue builders pass their `OpClass` through without reading it.
        return Err(ModelError::new(
            ConfigField::EpilogueOpClass,
            format!("`epilogue_op_class` is modelled on SM100 only, not {}", cfg.arch),
            "leave `epilogue_op_class` unset",
        ));
    }
    if cfg.warp.is_some() && !matches!(cfg.arch, Arch::Sm80 | Arch::Sm86 | Arch::Sm87 | Arch::Sm89) {
        return Err(ModelError::new(
            ConfigField::Warp,
            format!(
                "`warp` is a CUTLASS 2.x setting; {} kernels are CUTLASS 3.x, whose builders choose the warp layout",
                cfg.arch
            ),
            "remove `warp` (it is required on sm80, sm86, sm87 and sm89 only)",
        ));
    }
    match cfg.arch {
        Arch::Sm80 | Arch::Sm86 | Arch::Sm87 | Arch::Sm89 => families::sm80_multistage::evaluate::<L>(cfg),
        Arch::Sm120 | Arch::Sm121 => {
            sm120_tags(cfg)?;
            if cfg.kind == KernelKind::Sparse {
                return families::sm120_sparse::evaluate::<L>(cfg);
            }
            if cfg.schedule.is_sm120_sparse()
                || cfg.epilogue_schedule == EpilogueSchedule::SparseTmaWarpSpecializedCooperativeSm120
            {
                return Err(ModelError::new(
                    ConfigField::Schedule,
                    "a structured-sparse schedule on a dense or grouped kernel".into(),
                    "set kernel = \"sparse\" for the sparse builders' tags",
                ));
            }
            match cfg.family {
                Family::BlockScaled => families::sm120_blockscaled::evaluate::<L>(cfg),
                Family::Blockwise(_) | Family::F8f6f4 => families::sm120_tensorop::evaluate::<L>(cfg),
                Family::Dsl(_) => unreachable!("DSL families are evaluated before the CUTLASS dispatch"),
            }
        }
        Arch::Sm90 => {
            release::claimed(cfg.cutlass, release::Sm::Sm90)?;
            families::sm90_tensorop::evaluate::<L>(cfg)
        }
        Arch::Sm100 => {
            release::claimed(cfg.cutlass, release::Sm::Sm100)?;
            families::sm100_umma::evaluate::<L>(cfg)
        }
        other => Err(ModelError::new(
            ConfigField::Arch,
            format!("no model of CUTLASS GEMMs built for {other}"),
            "kernels are modelled for arch sm120/sm121 (SM120 builders), sm90, sm100 and sm80-sm89 (CUTLASS 2.x)",
        )),
    }
}

/// SM120 kernels take the short kernel schedule names and the automatic epilogue schedule.
fn sm120_tags(cfg: &KernelConfig) -> Result<(), ModelError> {
    if !Schedule::SM120.contains(&cfg.schedule) {
        return Err(ModelError::new(
            ConfigField::Schedule,
            format!("{} is an SM90/SM100 schedule tag, not an SM120 schedule", cfg.schedule),
            "SM120 kernels take schedule = \"auto\", \"cooperative\", \"pingpong\" or an SM120 tag",
        ));
    }
    // The SM120 epilogue builder takes these tags (`sm120_builder.inl`'s enable_if) and builds the
    // same collective for each; a ptr-array tag only sets `NumEpilogueWarpGroups`, 2 for both.
    if !matches!(
        cfg.epilogue_schedule,
        EpilogueSchedule::Auto
            | EpilogueSchedule::TmaWarpSpecialized
            | EpilogueSchedule::TmaWarpSpecializedCooperative
            | EpilogueSchedule::PtrArrayTmaWarpSpecializedCooperative
            | EpilogueSchedule::PtrArrayTmaWarpSpecializedPingpong
            | EpilogueSchedule::SparseTmaWarpSpecializedCooperativeSm120
    ) {
        return Err(ModelError::new(
            ConfigField::EpilogueSchedule,
            format!("epilogue schedule {} is not an SM120 epilogue schedule", cfg.epilogue_schedule),
            "SM120 takes EpilogueScheduleAuto, TmaWarpSpecialized[Cooperative] or PtrArrayTmaWarpSpecialized{Cooperative,Pingpong}",
        ));
    }
    // Static-persistent and stream-K schedulers are measured on 4.4.2 and 4.7.0; their headers
    // (`tile_scheduler_params.h`, `sm90_tile_scheduler_stream_k.hpp`, `sm100_tile_scheduler.hpp`)
    // are those of `Headers::kernel_shells_gdc_by_family` from 4.4.0 and differ before.
    if matches!(cfg.scheduler, config::TileScheduler::StaticPersistent | config::TileScheduler::StreamK)
        && !cfg.cutlass.headers().kernel_shells_gdc_by_family
    {
        return Err(ModelError::new(
            ConfigField::Scheduler,
            format!("the {} is not checked against CUTLASS {}", cfg.scheduler, cfg.cutlass),
            "static-persistent and stream-K schedulers are modelled from CUTLASS 4.4.0 on",
        ));
    }
    // EVT fusions are measured on 4.4.2 and 4.7.0 (`sm120-verify-evt-*`), an epilogue built for
    // another CTA tile on 4.2.0 and 4.7.0 (`sm120-verify-epicta-*`).
    if matches!(cfg.fusion, Fusion::Evt(_)) && !cfg.cutlass.headers().kernel_shells_gdc_by_family {
        return Err(ModelError::new(
            ConfigField::Fusion,
            format!("EVT fusions are not checked against CUTLASS {}", cfg.cutlass),
            "EVT fusions are modelled from CUTLASS 4.4.0 on",
        ));
    }
    if cfg.epilogue_cta_tile.is_some() && !cfg.cutlass.headers().epilogue_dispatch_no_smem_stages {
        return Err(ModelError::new(
            ConfigField::EpilogueCtaTile,
            format!("an epilogue built for another CTA tile is not checked against CUTLASS {}", cfg.cutlass),
            "`epilogue_cta_tile` is modelled from CUTLASS 4.2.0 on (measured on 4.2.0 and 4.7.0)",
        ));
    }
    if cfg.scheduler != config::TileScheduler::Auto && cfg.kind == KernelKind::Grouped {
        return Err(ModelError::new(
            ConfigField::Scheduler,
            format!("a grouped kernel runs the group scheduler, not {}", cfg.scheduler),
            "leave `scheduler` unset for grouped kernels",
        ));
    }
    if cfg.dynamic_cluster {
        return Err(ModelError::new(
            ConfigField::Cluster,
            "SM120 kernels take a static cluster (\"Cluster has to be static\")".into(),
            "use cluster = [1, 1, 1] on SM120",
        ));
    }
    if cfg.epilogue_cta_tile.is_some() && matches!(cfg.epilogue, Epilogue::TrtllmMoe { .. }) {
        return Err(ModelError::new(
            ConfigField::EpilogueCtaTile,
            "the TensorRT-LLM MoE launcher builds its epilogue for the mainloop's tile".into(),
            "leave `epilogue_cta_tile` unset",
        ));
    }
    Ok(())
}
