//! Issue 28's non-MoE SM100/SM90 dimensions, held to what the CUTLASS headers say about their
//! structure (the byte-exact agreement with nvcc is `agreement.rs` on the measured rows).

use smem_lint::model::*;

fn sm100(a: Operand, c: Output, d: Output, tile: Tile) -> KernelConfig {
    KernelConfig {
        arch: Arch::Sm100,
        cutlass: CutlassVersion::V4_5_0,
        ..KernelConfig::sm120(KernelKind::Dense, a, a, c, d, tile)
    }
}

fn compiled(cfg: &KernelConfig) -> Footprint {
    match evaluate(cfg) {
        Ok(Evaluation::Compiled(f)) => f,
        other => panic!("{cfg:?} should compile: {other:?}"),
    }
}

fn member(f: &Footprint, suffix: &str) -> Member {
    f.members.iter().find(|m| m.path.ends_with(suffix)).cloned().unwrap_or_else(|| panic!("no member {suffix}"))
}

/// `sm1xx_kernel_input_element_to_mma_input_element<float>` is `tfloat32_t`: 32 bits a smem element,
/// so a tf32 K = 32 stage holds the bytes of a bf16 K = 64 stage, and the two kernels are the same size.
#[test]
fn tf32_on_sm100_stores_32_bit_elements() {
    let t = |k| Tile { m: 128, n: 128, k };
    let tf32 = compiled(&sm100(Operand::Tf32, Output::Void, Output::F32, t(32)));
    let bf16 = compiled(&sm100(Operand::Bf16, Output::Void, Output::F32, t(64)));
    let a = member(&tf32, "smem_A");
    assert_eq!(a.size, tf32.stages * 128 * 32 * 4);
    assert_eq!((tf32.kernel_bytes, tf32.stages), (bf16.kernel_bytes, bf16.stages));
}

/// `static_assert(CtaN >= N_min_C && CtaN >= N_min_D, "CTA tile too small")`: a row-major 8-bit D needs
/// a 16-byte row; column-major, 16-bit and void-C epilogues at N = 8 compile.
#[test]
fn narrow_sm100_tiles_meet_the_epilogue_minimum() {
    let t = Tile { m: 64, n: 8, k: 256 };
    let cfg = KernelConfig {
        schedule: Schedule::Sm100OneSm,
        epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized1Sm,
        ..sm100(Operand::E4m3, Output::Void, Output::E4m3, t)
    };
    match evaluate(&cfg) {
        Ok(Evaluation::Rejected(r)) => assert_eq!(r.message, "CTA tile too small"),
        other => panic!("expected the builder's assert: {other:?}"),
    }
    compiled(&KernelConfig { layout_d: Layout::ColumnMajor, ..cfg });
    compiled(&KernelConfig { d: Output::Bf16, ..cfg });
    // The 1SM SS UMMA atoms take N = 8 at M = 128 too (issue 37, measured: 128x8 tf32, bf16 and e4m3
    // compile); a 2SM MMA of N = 8 is its atom's N assert.
    compiled(&KernelConfig { tile: Tile { m: 128, n: 8, k: 256 }, d: Output::Bf16, ..cfg });
    let pair = KernelConfig {
        tile: Tile { m: 256, n: 8, k: 256 },
        d: Output::Bf16,
        cluster: Cluster { m: 2, n: 1, k: 1 },
        schedule: Schedule::Sm100TwoSm,
        epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized2Sm,
        ..cfg
    };
    match evaluate(&pair) {
        Ok(Evaluation::Rejected(r)) => {
            assert!(r.message.starts_with("SM100_MMA_F8F6F4_2x1SM_SS N-mode"), "{}", r.message);
        }
        other => panic!("expected the 2SM atom's assert: {other:?}"),
    }
}

/// An explicit tile equal to the builder's own choice is the same kernel; `N % 8 != 0` is the builder's
/// "Unsupported tile shape"; with `EpilogueScheduleAuto` any explicit tile is "Don't specify epilogue
/// tile with auto schedule" (issue 37's measurements).
#[test]
fn explicit_sm100_epilogue_tiles() {
    let nvfp4 = KernelConfig {
        a: Operand::Nvfp4,
        b: Operand::Nvfp4,
        schedule: Schedule::Sm100OneSmBlockScaled,
        epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized1Sm,
        ..sm100(Operand::Nvfp4, Output::Void, Output::Bf16, Tile { m: 128, n: 256, k: 256 })
    };
    let auto_schedule = KernelConfig {
        schedule: Schedule::Auto,
        epilogue_schedule: EpilogueSchedule::Auto,
        epilogue_tile: EpilogueTile::Explicit { m: 128, n: 128 },
        ..nvfp4
    };
    match evaluate(&auto_schedule) {
        Ok(Evaluation::Rejected(r)) => assert_eq!(r.message, "Don't specify epilogue tile with auto schedule"),
        other => panic!("expected the automatic epilogue builder's assert: {other:?}"),
    }
    // OverlappingAccum: EpilogueTileAuto at CTA N = 256 is M x 128.
    let auto = compiled(&nvfp4);
    let same = compiled(&KernelConfig { epilogue_tile: EpilogueTile::Explicit { m: 128, n: 128 }, ..nvfp4 });
    assert_eq!(
        (auto.kernel_bytes, auto.epilogue_bytes, auto.stages),
        (same.kernel_bytes, same.epilogue_bytes, same.stages)
    );
    let narrow = compiled(&KernelConfig { epilogue_tile: EpilogueTile::Explicit { m: 128, n: 64 }, ..nvfp4 });
    assert!(narrow.epilogue_bytes < auto.epilogue_bytes);
    match evaluate(&KernelConfig { epilogue_tile: EpilogueTile::Explicit { m: 128, n: 12 }, ..nvfp4 }) {
        Ok(Evaluation::Rejected(r)) => assert_eq!(r.message, "Unsupported tile shape"),
        other => panic!("expected the builder's assert: {other:?}"),
    }
}

/// `struct TmaWarpSpecialized2SmMxf8f6f4 final : TmaWarpSpecialized2Sm {}`: the dense epilogue builder
/// reads it (and the Nvf4/Mxf4 tags) by `is_base_of`.
#[test]
fn derived_sm100_epilogue_tags_are_their_bases() {
    let cfg = KernelConfig {
        a: Operand::Mxfp8E4m3,
        b: Operand::Mxfp4,
        dynamic_cluster: true,
        schedule: Schedule::Sm100TwoSmMxf8f6f4,
        epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized2Sm,
        ..sm100(Operand::Mxfp8E4m3, Output::Void, Output::Bf16, Tile { m: 256, n: 256, k: 128 })
    };
    let base = compiled(&cfg);
    let derived = compiled(&KernelConfig { epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized2SmMxf8f6f4, ..cfg });
    assert_eq!(base, derived);
    // The tag of another instruction is the same base (measured in the audit, `audit-sm100-s1`'s 194),
    // and so is `...BlockScaledSm100` with an instruction-named epilogue (issue 37).
    let other = compiled(&KernelConfig { epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized2SmNvf4, ..cfg });
    assert_eq!(base, other);
    let block_scaled = KernelConfig { schedule: Schedule::Sm100TwoSmBlockScaled, ..cfg };
    assert_eq!(
        compiled(&block_scaled),
        compiled(&KernelConfig { epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized2SmNvf4, ..block_scaled })
    );
}

/// SM90: N = 16 with a K = 256 FP8 stage (256-byte rows) lays out the same bytes per stage as K = 128
/// of a 16-bit type.
#[test]
fn sm90_swap_ab_tiles() {
    let fp8 = KernelConfig {
        arch: Arch::Sm90,
        cutlass: CutlassVersion::V4_4_2,
        schedule: Schedule::WarpSpecializedFp8FastAccum,
        epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized,
        ..KernelConfig::sm120(
            KernelKind::Dense,
            Operand::E4m3,
            Operand::E4m3,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 64, n: 16, k: 256 },
        )
    };
    let f = compiled(&fp8);
    let bf16 = KernelConfig {
        a: Operand::Bf16,
        b: Operand::Bf16,
        schedule: Schedule::WarpSpecialized,
        tile: Tile { m: 64, n: 16, k: 128 },
        ..fp8
    };
    let half = compiled(&bf16);
    assert_eq!(f.stage_choice.data_bytes_per_stage, half.stage_choice.data_bytes_per_stage);
    assert_eq!(f.stage_choice.data_bytes_per_stage, 64 * 256 + 16 * 256);
    // K = 256 stays refused for 16-bit operands (not measured).
    assert!(evaluate(&KernelConfig { tile: Tile { m: 64, n: 16, k: 256 }, ..bf16 }).is_err());
}

/// SM90 int8 x int8 (vLLM's INT8 `scaled_mm`): `GMMA_TMA_WS_SS` with the plain collective
/// (`is_input_fp8` is false), one byte a smem element, so a stage holds the bytes of an e4m3 stage,
/// and the stage assert is the plain collective's ("2 or more"). What the headers were not measured
/// on is refused: int8 mixed with FP8, the FP8FastAccum schedules, grouped kernels, the no-smem
/// epilogue, releases before 4.4.2, and SM100/SM120.
#[test]
fn sm90_int8_operands() {
    let i8 = KernelConfig {
        arch: Arch::Sm90,
        cutlass: CutlassVersion::V4_4_2,
        schedule: Schedule::Pingpong,
        epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized,
        cluster: Cluster { m: 2, n: 1, k: 1 },
        ..KernelConfig::sm120(
            KernelKind::Dense,
            Operand::I8,
            Operand::I8,
            Output::Void,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        )
    };
    let f = compiled(&i8);
    let fp8 = compiled(&KernelConfig { a: Operand::E4m3, b: Operand::E4m3, ..i8 });
    assert_eq!(f.stage_choice.data_bytes_per_stage, 128 * 128 + 128 * 128);
    assert_eq!(f.stage_choice.data_bytes_per_stage, fp8.stage_choice.data_bytes_per_stage);
    assert_eq!(member(&f, "smem_A").size, member(&fp8, "smem_A").size);
    match evaluate(&KernelConfig { stages: StagePolicy::Fixed(1), ..i8 }) {
        Ok(Evaluation::Rejected(r)) => assert!(r.message.contains("2 or more"), "{r:?}"),
        other => panic!("one stage should be rejected: {other:?}"),
    }
    // vLLM's M32_NSmall cluster 1x8x1: SM90 storage does not depend on the cluster.
    let c8 = KernelConfig {
        schedule: Schedule::WarpSpecialized,
        tile: Tile { m: 64, n: 64, k: 256 },
        cluster: Cluster { m: 1, n: 8, k: 1 },
        ..i8
    };
    assert_eq!(compiled(&c8).kernel_bytes, compiled(&KernelConfig { cluster: Cluster::ONE, ..c8 }).kernel_bytes);
    let refused = |cfg: KernelConfig, at: ConfigField| {
        let e = evaluate(&cfg).expect_err("refused");
        assert_eq!(e.at, at, "{cfg:?}: {e}");
    };
    refused(KernelConfig { b: Operand::E4m3, ..i8 }, ConfigField::B);
    refused(KernelConfig { schedule: Schedule::PingpongFp8FastAccum, ..i8 }, ConfigField::Schedule);
    refused(KernelConfig { epilogue_schedule: EpilogueSchedule::NoSmemWarpSpecialized, ..i8 }, ConfigField::A);
    refused(KernelConfig { cutlass: CutlassVersion::V4_2_0, ..i8 }, ConfigField::Cutlass);
    refused(
        KernelConfig {
            kind: KernelKind::Grouped,
            epilogue_schedule: EpilogueSchedule::PtrArrayTmaWarpSpecializedPingpong,
            ..i8
        },
        ConfigField::A,
    );
    refused(KernelConfig { cluster: Cluster { m: 1, n: 8, k: 1 }, arch: Arch::Sm100, ..i8 }, ConfigField::Cluster);
    refused(KernelConfig { arch: Arch::Sm100, ..i8 }, ConfigField::A);
    refused(
        KernelConfig::sm120(KernelKind::Dense, Operand::I8, Operand::I8, Output::Bf16, Output::Bf16, i8.tile),
        ConfigField::A,
    );
}
