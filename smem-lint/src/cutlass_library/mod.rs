//! CUTLASS's own kernel generator, `cutlass_library` (`python/cutlass_library`, the `nvidia-cutlass`
//! wheel, and the copies FlashInfer and TensorRT-LLM vendor): its GEMM operations and the procedural
//! names it gives them, as [`KernelConfig`]s.
//!
//! - [`Operation`] holds what a `GemmOperation` tells the C++ emitter (`EmitGemmUniversal3xInstance`):
//!   element, layout and alignment of A, B, C, D, scale factors, the collective tile and cluster, the
//!   stage count, the kernel and epilogue schedule, the tile scheduler and the epilogue functor, by
//!   their cutlass_library enum names.
//! - [`translate`] is the one mapping to a [`KernelConfig`], with the emitter's own rules (SM100's
//!   explicit epilogue tile for NVF4 tiles 256 wide, `StageCountAutoCarveout` for stage count 0). A
//!   part the configuration cannot express is listed in the error, never approximated.
//! - [`names`] reads a procedural name back into its fields; [`readings`] turns them into the
//!   operations the name can stand for (a few suffixes are shared by several schedules).
//! - [`import`] is `smem-lint import-cutlass`: names in, a TOML configuration file out.
//!
//! Pure: no I/O.

pub mod import;
pub mod names;
mod tables;

use crate::model::{
    Arch, BlockScaleFactorSpec, Cluster, CutlassVersion, EpilogueSchedule, EpilogueTile, Family, Fusion, Granularity,
    KernelConfig, KernelKind, Layout, Operand, Output, ScaleFactor, Schedule, StagePolicy, Tile, TileScheduler,
};

pub use names::{NameError, ProceduralName};

/// A tensor of the operation: `TensorDescription`'s element (`DataType` name), layout (`LayoutType`
/// name) and alignment in elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tensor {
    pub element: String,
    pub layout: String,
    pub alignment: u64,
}

/// A block-scaled output's scale factors (`ScaleFactorD`): element, layout, vector size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleFactorD {
    pub element: String,
    pub layout: String,
    pub vector_size: u64,
}

/// What a cutlass_library `GemmOperation` gives the emitter, by enum name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// `procedural_name()`.
    pub name: String,
    /// `operation.arch`: the minimum compute capability (`90`, `100`, `120`).
    pub arch: u32,
    /// `GemmKind` (`Universal3x`, `GroupedBlockScaledUniversal3x`, ...).
    pub gemm_kind: String,
    /// `OpcodeClass` (`TensorOp`, `BlockScaledTensorOp`, ...).
    pub opcode_class: String,
    /// `MathOperation` (`multiply_add`, ...).
    pub math_operation: String,
    pub a: Tensor,
    pub b: Tensor,
    pub c: Tensor,
    pub d: Tensor,
    /// `ScaleFactorA` / `ScaleFactorB` of a block-scaled GEMM.
    pub sf_a: Option<String>,
    pub sf_b: Option<String>,
    pub sfd: Option<ScaleFactorD>,
    pub accumulator: String,
    /// `element_epilogue`: the epilogue's compute type.
    pub element_epilogue: String,
    /// The tile the CollectiveBuilders get (`get_collective_tile_shape()`).
    pub tile: [u64; 3],
    /// The CTA tile's N (`tile_shape[1] / cluster_n`), which the emitter tests for SM100 NVF4 kernels.
    pub cta_n: u64,
    /// 0 along an extent: dynamic.
    pub cluster: [u64; 3],
    /// 0: `StageCountAutoCarveout<sizeof(Epilogue::SharedStorage)>`.
    pub stages: u64,
    /// `KernelScheduleType`.
    pub kernel_schedule: String,
    /// `EpilogueScheduleType`.
    pub epilogue_schedule: String,
    /// `TileSchedulerType`.
    pub tile_scheduler: String,
    /// `EpilogueFunctor3x` / `EpilogueFunctor` name, or `custom` for a user-defined functor object.
    pub epilogue_functor: String,
    /// Blockwise scale-factor vector sizes along M, N, K.
    pub blockwise: Option<[u64; 3]>,
    /// `MixedInputMode`, when the operation has one.
    pub mixed_input_mode: Option<String>,
    pub complex: bool,
}

/// `DataTypeSize` of the types the translation reads (bits).
fn bits(t: &str) -> Option<u64> {
    Some(match t {
        "e2m1" => 4,
        "e2m3" | "e3m2" => 6,
        "e4m3" | "e5m2" | "s8" | "u8" | "ue8m0" | "ue4m3" => 8,
        "f16" | "bf16" => 16,
        "f32" | "tf32" | "s32" => 32,
        "f64" => 64,
        _ => return None,
    })
}

/// The emitter's `is_tma_epilogue`.
fn is_tma_epilogue(s: &str) -> bool {
    matches!(
        s,
        "ScheduleAuto"
            | "TmaWarpSpecialized"
            | "TmaWarpSpecializedCooperative"
            | "TmaWarpSpecialized1Sm"
            | "TmaWarpSpecialized2Sm"
            | "PtrArrayTmaWarpSpecialized1Sm"
            | "PtrArrayTmaWarpSpecialized2Sm"
            | "PtrArrayTmaWarpSpecializedCooperative"
            | "PtrArrayTmaWarpSpecializedPingpong"
            | "TmaWarpSpecialized1SmNvf4"
            | "TmaWarpSpecialized2SmNvf4"
            | "TmaWarpSpecialized1SmMxf4"
            | "TmaWarpSpecialized2SmMxf4"
            | "TmaWarpSpecialized1SmMxf8f6f4"
            | "TmaWarpSpecialized2SmMxf8f6f4"
    )
}

fn kernel_tag(schedule: &str) -> Option<&'static str> {
    tables::KERNEL_SCHEDULES.iter().find(|t| t.0 == schedule).map(|t| t.2)
}

fn epilogue_tag(schedule: &str) -> Option<&'static str> {
    tables::EPILOGUE_SCHEDULES.iter().find(|t| t.0 == schedule).map(|t| t.2)
}

/// A block-scaled operand from its scale-factor and data types.
fn block_scaled_operand(sf: &str, e: &str) -> Option<Operand> {
    Some(match (sf, e) {
        ("ue4m3", "e2m1") => Operand::Nvfp4,
        ("ue8m0", "e2m1") => Operand::Mxfp4,
        ("ue8m0", "e2m3") => Operand::Mxfp6E2m3,
        ("ue8m0", "e3m2") => Operand::Mxfp6E3m2,
        ("ue8m0", "e4m3") => Operand::Mxfp8E4m3,
        ("ue8m0", "e5m2") => Operand::Mxfp8E5m2,
        _ => return None,
    })
}

fn plain_operand(e: &str) -> Option<Operand> {
    Some(match e {
        "e4m3" => Operand::E4m3,
        "e5m2" => Operand::E5m2,
        "e3m2" => Operand::E3m2,
        "e2m3" => Operand::E2m3,
        "e2m1" => Operand::E2m1,
        "bf16" => Operand::Bf16,
        "f16" => Operand::F16,
        // `float` operands, which the SM90 builders run as TF32 MMAs.
        "f32" => Operand::Tf32,
        _ => return None,
    })
}

fn plain_output(e: &str) -> Option<Output> {
    Some(match e {
        "void" => Output::Void,
        "bf16" => Output::Bf16,
        "f16" => Output::F16,
        "f32" => Output::F32,
        "e4m3" => Output::E4m3,
        "e5m2" => Output::E5m2,
        _ => return None,
    })
}

/// A block-scaled D by its element: the output whose data type it is (e2m1 with 16-element vectors
/// is `nvfp4`, with any other vector size `mxfp4`). The scale factors' element, vector size and
/// layout are the fusion's ([`block_scale_factor`]).
fn block_scaled_output(e: &str, vector: u64) -> Option<Output> {
    Some(match (e, vector) {
        ("e2m1", 16) => Output::Nvfp4,
        ("e2m1", _) => Output::Mxfp4,
        ("e2m3", _) => Output::Mxfp6E2m3,
        ("e3m2", _) => Output::Mxfp6E3m2,
        ("e4m3", _) => Output::Mxfp8E4m3,
        ("e5m2", _) => Output::Mxfp8E5m2,
        _ => return None,
    })
}

/// The `LinCombBlockScaleFactor<SFVecSize, ElementD, ElementAccumulator, ElementSFD, LayoutSFD,
/// ElementC, ElementAccumulator>` the emitter writes for a D with scale factors
/// (`emit_block_scale_epilogue_functor`), when the configuration can name it.
fn block_scale_factor(sfd: &ScaleFactorD, d: Output, c: Output) -> Option<BlockScaleFactorSpec> {
    let sf = match sfd.element.as_str() {
        "ue8m0" => ScaleFactor::Ue8m0,
        "ue4m3" => ScaleFactor::Ue4m3,
        _ => return None,
    };
    let vector = u8::try_from(sfd.vector_size).ok().filter(|v| [16, 32, 64].contains(v))?;
    let layout = layout(&sfd.layout)?;
    Some(BlockScaleFactorSpec {
        vector,
        sf,
        layout,
        d_bits: u8::try_from(d.bits()).ok()?,
        c_bits: u8::try_from(c.bits()).ok()?,
    })
}

fn layout(l: &str) -> Option<Layout> {
    match l {
        "RowMajor" => Some(Layout::RowMajor),
        "ColumnMajor" => Some(Layout::ColumnMajor),
        _ => None,
    }
}

/// The scale-factor store a block-scaled D gets by default (`KernelConfig::default_block_scale_factor`).
fn cfg_default_spec(d: Output, c: Output) -> Option<BlockScaleFactorSpec> {
    let tile = Tile { m: 128, n: 128, k: 128 };
    KernelConfig::sm120(KernelKind::Dense, Operand::Nvfp4, Operand::Nvfp4, c, d, tile).default_block_scale_factor()
}

/// The architecture targets an imported kernel is checked on: SM120 kernels run on sm120 and sm121.
pub fn targets(arch: Arch) -> Vec<Arch> {
    match arch {
        Arch::Sm120 => vec![Arch::Sm120, Arch::Sm121],
        a => vec![a],
    }
}

/// The kernel configuration an operation builds, or every part of it a configuration cannot express.
pub fn translate(op: &Operation, cutlass: CutlassVersion) -> Result<KernelConfig, Vec<String>> {
    let mut why = Vec::new();
    let arch = match op.arch {
        90 => Some(Arch::Sm90),
        100 => Some(Arch::Sm100),
        120 => Some(Arch::Sm120),
        other => {
            why.push(format!("SM{other} kernels are not modelled (SM90, SM100 and SM120 are)"));
            None
        }
    };
    let (kind, blockwise_kind) = match op.gemm_kind.as_str() {
        "Universal3x" | "BlockScaledUniversal3x" => (KernelKind::Dense, false),
        "GroupedUniversal3x" | "GroupedBlockScaledUniversal3x" => (KernelKind::Grouped, false),
        "BlockwiseUniversal3x" => (KernelKind::Dense, true),
        "GroupedBlockwiseUniversal3x" => (KernelKind::Grouped, true),
        // SM120's structured-sparse kernels (the model refuses the other architectures' by name).
        "SparseUniversal3x" | "BlockScaledSparseUniversal3x" if op.arch == 120 => (KernelKind::Sparse, false),
        other => {
            why.push(format!(
                "gemm kind {other} is not modelled (dense and grouped 3.x GEMMs, and SM120 sparse ones, are)"
            ));
            (KernelKind::Dense, false)
        }
    };
    let block_scaled = match op.opcode_class.as_str() {
        "TensorOp" | "SparseTensorOp" => false,
        "BlockScaledTensorOp" | "BlockScaledSparseTensorOp" => true,
        other => {
            why.push(format!("operator class {other} is not modelled (TensorOp and BlockScaledTensorOp, and their sparse classes, are)"));
            false
        }
    };
    // A sparse class outside a sparse kind (or the reverse) is no operation the generator writes; a
    // sparse kind the model does not take is already named above.
    if op.opcode_class.contains("Sparse") != op.gemm_kind.contains("Sparse") {
        why.push(format!("operator class {} does not go with gemm kind {}", op.opcode_class, op.gemm_kind));
    }
    if op.complex {
        why.push("complex GEMMs are not modelled".into());
    }
    if op.math_operation != "multiply_add" {
        why.push(format!("math operation {} is not modelled (multiply_add is)", op.math_operation));
    }
    if let Some(m) = &op.mixed_input_mode {
        why.push(format!("mixed-input mode {m} is not modelled"));
    }
    if op.accumulator != "f32" {
        why.push(format!("a {} accumulator is not modelled (float is)", op.accumulator));
    }
    if op.element_epilogue != "f32" {
        why.push(format!("a {} epilogue compute type is not modelled (float is)", op.element_epilogue));
    }
    // Operands.
    let operand = |t: &Tensor, sf: &Option<String>, which: &str, why: &mut Vec<String>| {
        let o = if block_scaled {
            sf.as_deref().and_then(|sf| block_scaled_operand(sf, &t.element))
        } else {
            plain_operand(&t.element)
        };
        if o.is_none() {
            why.push(match sf {
                Some(sf) if block_scaled => format!("{which} {}x{} is not a modelled block-scaled type", sf, t.element),
                _ if t.element == "tf32" => {
                    format!("{which} cutlass::tfloat32_t is not modelled (float operands, run as TF32, are)")
                }
                _ => format!("{which} type {} is not modelled", t.element),
            });
        }
        if let Some(b) = bits(&t.element) {
            // TMA needs 16-byte aligned rows; below that the builders take cp.async paths.
            if t.alignment == 0 || !(t.alignment * b).is_multiple_of(128) {
                why.push(format!(
                    "{which} alignment {} ({} bits) is not a multiple of 16 bytes: TMA loads are modelled, not cp.async",
                    t.alignment,
                    t.alignment * b
                ));
            }
        }
        o
    };
    let a = operand(&op.a, &op.sf_a, "A", &mut why);
    let b = operand(&op.b, &op.sf_b, "B", &mut why);
    let (la, lb) = (layout(&op.a.layout), layout(&op.b.layout));
    if la != Some(Layout::RowMajor) || lb != Some(Layout::ColumnMajor) {
        why.push(format!(
            "A {} and B {}: only TN operands (A row-major, B column-major) are modelled",
            op.a.layout, op.b.layout
        ));
    }
    // Outputs.
    let c = plain_output(&op.c.element);
    if c.is_none() {
        why.push(format!("C type {} is not modelled", op.c.element));
    }
    let mut sf_spec = None;
    let d = match &op.sfd {
        Some(sfd) if sfd.element != "void" => {
            let d = block_scaled_output(&op.d.element, sfd.vector_size);
            sf_spec = d.zip(c).and_then(|(d, c)| block_scale_factor(sfd, d, c));
            if d.is_none() || (c.is_some() && sf_spec.is_none()) {
                why.push(format!(
                    "D {}x{} with vector size {} and {} scale factors is not a modelled block-scaled output",
                    sfd.element, op.d.element, sfd.vector_size, sfd.layout
                ));
            }
            d
        }
        _ => {
            let d = plain_output(&op.d.element);
            if d.is_none() {
                why.push(format!("D type {} is not modelled", op.d.element));
            }
            d
        }
    };
    let (lc, ld) = (layout(&op.c.layout), layout(&op.d.layout));
    if lc.is_none() || ld.is_none() {
        why.push(format!(
            "C/D layouts {} / {} are not modelled (RowMajor and ColumnMajor are)",
            op.c.layout, op.d.layout
        ));
    }
    if !matches!(op.epilogue_functor.as_str(), "LinearCombination" | "LinearCombinationBlockScaleFactor") {
        why.push(format!("epilogue functor {} is not modelled (LinearCombination is)", op.epilogue_functor));
    }
    // `TileSchedulerTag`: `void`, `cutlass::gemm::PersistentScheduler`, `cutlass::gemm::StreamKScheduler`.
    let scheduler = match op.tile_scheduler.as_str() {
        "Default" => TileScheduler::Auto,
        "Persistent" => TileScheduler::Persistent,
        "StreamK" => TileScheduler::StreamK,
        other => {
            why.push(format!("tile scheduler {other} is not modelled (the default, persistent and stream-K are)"));
            TileScheduler::Auto
        }
    };
    // A 0 extent is `int` in the cluster shape: `Shape<int, int, _1>` is the model's dynamic cluster.
    let dynamic_cluster = op.cluster == [0, 0, 1];
    if op.cluster.contains(&0) && !dynamic_cluster {
        why.push(format!(
            "cluster {}x{}x{} is not modelled (static extents, or a dynamic cluster Shape<int, int, _1> are)",
            op.cluster[0], op.cluster[1], op.cluster[2]
        ));
    }
    // Schedules, as the emitter writes them.
    let grouped = kind == KernelKind::Grouped;
    let mut epilogue_schedule = op.epilogue_schedule.clone();
    let mut epilogue_tile = EpilogueTile::Auto;
    if block_scaled && op.cta_n == 256 {
        for (one, two, sms) in [
            ("Nvf4TmaWarpSpecialized1SmSm100", "PtrArrayNvf4TmaWarpSpecialized1SmSm100", "1Sm"),
            ("Nvf4TmaWarpSpecialized2SmSm100", "PtrArrayNvf4TmaWarpSpecialized2SmSm100", "2Sm"),
        ] {
            if op.kernel_schedule == if grouped { two } else { one } {
                epilogue_tile = EpilogueTile::Explicit { m: 128, n: 64 };
                if is_tma_epilogue(&op.epilogue_schedule) {
                    epilogue_schedule = format!("{}TmaWarpSpecialized{sms}", if grouped { "PtrArray" } else { "" });
                }
            }
        }
    }
    let schedule = match (kernel_tag(&op.kernel_schedule), arch) {
        (None, _) => {
            why.push(format!("kernel schedule {} is unknown to cutlass_library 4.7.0", op.kernel_schedule));
            None
        }
        (Some(tag), Some(Arch::Sm120)) => match tag {
            "KernelScheduleAuto" => Some(Schedule::Auto),
            // The model's `cooperative` / `pingpong` are these tags, ptr-array when grouped.
            "KernelTmaWarpSpecializedCooperative" if !grouped => Some(Schedule::Cooperative),
            "KernelPtrArrayTmaWarpSpecializedCooperative" if grouped => Some(Schedule::Cooperative),
            "KernelTmaWarpSpecializedPingpong" if !grouped => Some(Schedule::Pingpong),
            "KernelPtrArrayTmaWarpSpecializedPingpong" if grouped => Some(Schedule::Pingpong),
            // The blockwise tags (which grouped blockwise kernels get too) and the instruction tags
            // (`KernelTmaWarpSpecialized[Pingpong]{Mxf8f6f4,Mxf4,Nvf4}Sm120`), as CUTLASS spells them.
            other => {
                let s = other.parse::<Schedule>().ok().filter(|s| {
                    Schedule::SM120.contains(s)
                        && !matches!(s, Schedule::Auto | Schedule::Cooperative | Schedule::Pingpong)
                });
                if s.is_none() {
                    why.push(format!("kernel schedule {other} is not modelled on SM120"));
                }
                s
            }
        },
        (Some(tag), _) => {
            let s = tag
                .parse::<Schedule>()
                .ok()
                .filter(|s| s.sm90().is_some() || s.sm100().is_some() || *s == Schedule::Auto);
            if s.is_none() {
                why.push(format!("kernel schedule {tag} is not modelled"));
            }
            s
        }
    };
    if blockwise_kind
        && !matches!(
            op.kernel_schedule.as_str(),
            "BlockwiseTmaWarpSpecializedCooperativeSm120" | "BlockwiseTmaWarpSpecializedPingpongSm120"
        )
        && arch != Some(Arch::Sm120)
    {
        why.push("blockwise-scaled SM90 and SM100 kernels are not modelled (SM120's are)".into());
    }
    let epilogue_schedule = match epilogue_tag(&epilogue_schedule) {
        Some("EpilogueScheduleAuto") => Some(EpilogueSchedule::Auto),
        Some(tag) => {
            let e = tag.parse::<EpilogueSchedule>().ok();
            if e.is_none() {
                why.push(format!("epilogue schedule {tag} is not modelled"));
            }
            e
        }
        None => {
            why.push(format!("epilogue schedule {epilogue_schedule} is unknown to cutlass_library 4.7.0"));
            None
        }
    };
    let family = match op.blockwise {
        Some([m, n, k]) if blockwise_kind => Family::Blockwise(Granularity { m, n, k }),
        _ if block_scaled => Family::BlockScaled,
        _ if arch == Some(Arch::Sm120) => Family::F8f6f4,
        _ => Family::BlockScaled,
    };
    if blockwise_kind && op.blockwise.is_none() {
        why.push("a blockwise kernel without scale-factor vector sizes".into());
    }
    let stages = match op.stages {
        0 => StagePolicy::Auto,
        n => {
            if let Ok(n) = u32::try_from(n) {
                StagePolicy::Fixed(n)
            } else {
                why.push(format!("stage count {n} is out of range"));
                StagePolicy::Auto
            }
        }
    };
    let [m, n, k] = op.tile;
    let [cm, cn, ck] = op.cluster;
    match (arch, a, b, c, d, lc, ld, schedule, epilogue_schedule) {
        (
            Some(arch),
            Some(a),
            Some(b),
            Some(c),
            Some(d),
            Some(lc),
            Some(ld),
            Some(schedule),
            Some(epilogue_schedule),
        ) if why.is_empty() => {
            Ok(KernelConfig {
                arch,
                cutlass,
                family,
                kind,
                a,
                b,
                layout_a: Layout::RowMajor,
                layout_b: Layout::ColumnMajor,
                c,
                d,
                // CUTLASS reads C's layout tag even for a void C; the generator gives C and D one layout.
                layout_c: lc,
                layout_d: ld,
                // The emitter's block-scale-factor functor; the output's own default is left implicit.
                fusion: match sf_spec {
                    Some(spec) if cfg_default_spec(d, c) != Some(spec) => Fusion::LinCombBlockScaleFactor(spec),
                    _ => Fusion::Default,
                },
                epilogue_tile,
                epilogue: crate::model::Epilogue::Builder,
                tile: Tile { m, n, k },
                warp: None,
                cluster: if dynamic_cluster { Cluster::ONE } else { Cluster { m: cm, n: cn, k: ck } },
                // The dynamic cluster's extents are run-time values; the configuration's static
                // cluster is then unused and left at 1x1x1, as every front end reads "dynamic".
                dynamic_cluster,
                epilogue_cta_tile: None,
                // The generator gives the epilogue builder the mainloop's op class
                // (`opcode_class_epi = opcode_class_main`).
                epilogue_op_class: crate::model::EpilogueOpClass::Auto,
                scheduler,
                schedule,
                epilogue_schedule,
                stages,
                dsl: crate::model::dsl::Dsl::NONE,
            })
        }
        _ => {
            if why.is_empty() {
                why.push("the operation could not be translated".into());
            }
            Err(why)
        }
    }
}

/// The schedule enum values a suffix can stand for in this name's context (architecture, operator
/// class, grouped or not, blockwise or not), from cutlass_library's table.
fn kernel_candidates(p: &ProceduralName) -> Vec<&'static str> {
    let grouped = p.kind == "gemm_grouped";
    let blockwise = matches!(p.types, names::Types::Blockwise { .. });
    let block_scaled = p.opcode_class.starts_with("BlockScaled");
    let sparse = p.opcode_class.contains("Sparse") || p.kind == "spgemm";
    let arch_tag = |n: &str| match p.arch {
        100 | 101 | 110 => n.ends_with("Sm100") || (!n.contains("Sm10") && !n.contains("Sm120")),
        103 => n.ends_with("Sm100") || n.contains("Sm103") || (!n.contains("Sm10") && !n.contains("Sm120")),
        120 | 121 => n.ends_with("Sm120") || !n.contains("Sm1"),
        _ => !n.contains("Sm1"),
    };
    let (a, b) = match &p.types {
        names::Types::BlockScaled { a, b, .. } => (a.as_str(), b.as_str()),
        _ => ("", ""),
    };
    // e2m1, or the type-erased `f4`.
    let fp4 = |t: &str| matches!(t, "e2m1" | "f4");
    // Schedules that pick a block-scaled MMA instruction.
    let block_scaled_tag = |n: &str| n.contains("BlockScaled") || n.contains("Mxf") || n.contains("Nvf4");
    let fits = |n: &str, ptr_array: bool, sparse_tag: bool| {
        n == "ScheduleAuto"
            || arch_tag(n)
                && n.starts_with("PtrArray") == ptr_array
                && n.contains("Blockwise") == blockwise
                && n.contains("Sparse") == sparse_tag
                && !n.starts_with("Implicit")
                && !n.contains("Complex")
                && (block_scaled || !block_scaled_tag(n))
                // The NVF4 and MXF4 instructions take 4-bit operands on both sides.
                && (!(n.contains("Nvf4") || n.contains("Mxf4")) || (fp4(a) && fp4(b)))
    };
    let with_suffix = || tables::KERNEL_SCHEDULES.iter().filter(|t| t.1 == p.kernel_suffix).map(|t| t.0);
    // A kind whose schedule has no ptr-array or sparse variant gets the dense tag: SM120's grouped
    // blockwise kernels, SM90's sparse kernels.
    for (ptr_array, sparse_tag) in [(grouped, sparse), (grouped, false), (false, sparse), (false, false)] {
        let found: Vec<&'static str> = with_suffix().filter(|n| fits(n, ptr_array, sparse_tag)).collect();
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

fn epilogue_candidates(p: &ProceduralName, kernel: &str) -> Vec<&'static str> {
    let grouped = p.kind == "gemm_grouped";
    let sm100 = matches!(p.arch, 100 | 101 | 103 | 110);
    // Blockwise and sparse kernels take their own epilogue schedules where cutlass_library has them,
    // else the dense ones.
    let mut found = epilogue_suffix_matches(p, kernel, grouped, sm100, true);
    if found.is_empty() {
        found = epilogue_suffix_matches(p, kernel, grouped, sm100, false);
    }
    // `TmaWarpSpecialized1Sm`'s suffix is empty, like `ScheduleAuto`'s. cutlass_library's SM100
    // generator pairs every 1SM kernel schedule with `[PtrArray]TmaWarpSpecialized1Sm` (or a no-smem
    // epilogue) and writes `ScheduleAuto` only beside 2SM schedules (4.2.0 to 4.7.0): an empty suffix
    // after a 1SM schedule is the 1SM TMA epilogue.
    if sm100 && kernel.contains("1Sm") && found.len() > 1 {
        found.retain(|e| *e != "ScheduleAuto");
    }
    // `TmaWarpSpecialized` and `TmaWarpSpecializedCooperative` both write `_epi_tma`. The SM90
    // generator (`sm90_utils.py`, `generator.py`) pairs cooperative kernel schedules with the
    // cooperative TMA epilogue and the others with `TmaWarpSpecialized`; ptr-array kernels likewise
    // with `PtrArrayTmaWarpSpecializedCooperative` / `...Pingpong`.
    if p.arch == 90 && found.len() > 1 {
        let cooperative = kernel.contains("Cooperative");
        found.retain(|e| match *e {
            "TmaWarpSpecializedCooperative" | "PtrArrayTmaWarpSpecializedCooperative" => cooperative,
            "TmaWarpSpecialized" | "PtrArrayTmaWarpSpecializedPingpong" => !cooperative,
            _ => true,
        });
    }
    found
}

fn epilogue_suffix_matches(
    p: &ProceduralName,
    kernel: &str,
    grouped: bool,
    sm100: bool,
    strict: bool,
) -> Vec<&'static str> {
    tables::EPILOGUE_SCHEDULES
        .iter()
        .filter(|(n, suffix, _)| {
            let n = *n;
            let auto = n == "ScheduleAuto";
            *suffix == p.epilogue_suffix
                && n != "EpilogueTransposed"
                && (auto
                    || (n.starts_with("PtrArray") == grouped
                        && (n.contains("1Sm") || n.contains("2Sm")) == sm100
                        && (!n.contains("1Sm") || kernel.contains("1Sm"))
                        && (!n.contains("2Sm") || kernel.contains("2Sm"))
                        && (!strict || n.contains("Blockwise") == kernel.contains("Blockwise"))
                        && (!strict || n.contains("Sparse") == kernel.contains("Sparse"))
                        && n.contains("FastF32") == kernel.contains("FastFP32")
                        && ["Nvf4", "Mxf4", "Mxf8f6f4"].iter().all(|t| !n.contains(t) || kernel.contains(t))))
        })
        .map(|t| t.0)
        .collect()
}

fn dtype_layout(short: &str) -> String {
    tables::LAYOUTS.iter().find(|l| l.1 == short).map_or_else(|| short.to_string(), |l| l.0.to_string())
}

/// The operations a name can stand for: one per reading of its schedule suffixes (usually one).
/// Fields a name does not carry are read as the generator writes them: the epilogue computes in
/// the accumulator type, the functor is `LinearCombination` (with the block-scale-factor store when
/// D has scale factors), both operands have the name's alignment, D has C's layout, and the CTA
/// tile's N is the collective tile's.
pub fn readings(p: &ProceduralName) -> Vec<Operation> {
    use names::Types;
    let (a, b, acc, c, d, sf_a, sf_b, sfd, blockwise) = match &p.types {
        Types::Plain { a, b, acc, c, d } => (a, b, acc, c, d, None, None, None, None),
        Types::BlockScaled { sfa, a, sfb, b, acc, c, sfd, d } => {
            (a, b, acc, c, d, Some(sfa.clone()), Some(sfb.clone()), sfd.clone(), None)
        }
        Types::Blockwise { m, n, k, a, b, acc, c, d } => (a, b, acc, c, d, None, None, None, Some([*m, *n, *k])),
    };
    let block_scaled = p.opcode_class.starts_with("BlockScaled");
    let gemm_kind = match (p.kind, block_scaled, blockwise.is_some()) {
        (_, _, _) if !p.v3 => "Universal",
        ("gemm", false, false) => "Universal3x",
        ("gemm", true, _) => "BlockScaledUniversal3x",
        ("gemm", false, true) => "BlockwiseUniversal3x",
        ("gemm_grouped", false, false) => "GroupedUniversal3x",
        ("gemm_grouped", true, _) => "GroupedBlockScaledUniversal3x",
        ("gemm_grouped", false, true) => "GroupedBlockwiseUniversal3x",
        ("spgemm", _, _) => "SparseUniversal3x",
        ("moe_gemm", _, _) => "MoeGroupedUniversal3x",
        (other, _, _) => other,
    }
    .to_string();
    let tensor =
        |element: &str, l: &str| Tensor { element: element.to_string(), layout: dtype_layout(l), alignment: p.align };
    let math_operation = match p.math {
        "fastaccum" => "multiply_add_fast_accum",
        "xor" => "xor_popc",
        "and" => "and_popc",
        _ => "multiply_add",
    };
    let sfd = match (&sfd, p.epilogue_vs) {
        (Some(e), Some((v, l))) => Some(ScaleFactorD { element: e.clone(), layout: dtype_layout(l), vector_size: v }),
        _ => None,
    };
    let tile = p.tile.unwrap_or([0, 0, 0]);
    let base = Operation {
        name: p.to_string(),
        arch: p.arch,
        gemm_kind,
        opcode_class: p.opcode_class.to_string(),
        math_operation: math_operation.to_string(),
        a: tensor(a, p.layouts[0]),
        b: tensor(b, p.layouts[1]),
        c: tensor(c, p.layouts[2]),
        d: tensor(d, p.layouts[2]),
        sf_a,
        sf_b,
        epilogue_functor: if sfd.is_some() { "LinearCombinationBlockScaleFactor" } else { "LinearCombination" }.into(),
        sfd,
        accumulator: acc.clone(),
        element_epilogue: acc.clone(),
        tile,
        cta_n: tile[1],
        cluster: p.cluster,
        stages: p.stages,
        kernel_schedule: String::new(),
        epilogue_schedule: String::new(),
        tile_scheduler: if p.tile_scheduler.is_empty() { "Default" } else { "StreamK" }.into(),
        blockwise,
        mixed_input_mode: (!p.mixed.is_empty()).then(|| p.mixed.trim_start_matches('_').to_string()),
        complex: [a, b, c, d].iter().any(|t| t.starts_with('c')) || p.layouts.iter().any(|l| matches!(*l, "c" | "h")),
    };
    let mut out = Vec::new();
    for k in kernel_candidates(p) {
        for e in epilogue_candidates(p, k) {
            out.push(Operation { kernel_schedule: k.into(), epilogue_schedule: e.into(), ..base.clone() });
        }
    }
    out
}
