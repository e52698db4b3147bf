//! Properties the model must hold for every configuration, not just the measured ones.

use smem_lint::model::*;

fn all_configs() -> impl Iterator<Item = KernelConfig> {
    let extents = [32u64, 64, 96, 128, 192, 256, 384, 512];
    let outs = [
        (Output::Bf16, Output::Bf16),
        (Output::Void, Output::Bf16),
        (Output::F32, Output::F32),
        (Output::Void, Output::Nvfp4),
        (Output::F16, Output::E4m3),
    ];
    let stages = [
        StagePolicy::Auto,
        StagePolicy::AutoNoCarveout,
        StagePolicy::AutoCarveoutEpi,
        StagePolicy::Fixed(1),
        StagePolicy::Fixed(3),
    ];
    let mut v = Vec::new();
    for version in CutlassVersion::distinct_models() {
        for kind in KernelKind::ALL {
            for (a, b) in [
                (Operand::Nvfp4, Operand::Nvfp4),
                (Operand::Mxfp4, Operand::Mxfp8E4m3),
                (Operand::Mxfp6E2m3, Operand::Mxfp6E3m2),
                (Operand::Nvfp4, Operand::Mxfp4),
            ] {
                for &m in &extents {
                    for &n in &extents {
                        for k in [32u64, 64, 128, 256] {
                            for (c, d) in outs {
                                for schedule in Schedule::SM120 {
                                    for st in stages {
                                        v.push(KernelConfig {
                                            cutlass: version,
                                            schedule,
                                            stages: st,
                                            ..KernelConfig::sm120(kind, a, b, c, d, Tile { m, n, k })
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    v.into_iter()
}

#[test]
fn breakdown_adds_up_and_never_panics() {
    let (mut compiled, mut rejected, mut refused) = (0, 0, 0);
    for cfg in all_configs() {
        let full = evaluate(&cfg);
        // Laid out as sizes alone (what eval and the searches use), the same evaluation less the
        // member list.
        let sizes = evaluate_with(&cfg, Detail::Sizes);
        let no_members = full.clone().map(|e| match e {
            Evaluation::Compiled(f) => Evaluation::Compiled(Footprint { members: Vec::new(), ..f }),
            r @ Evaluation::Rejected(_) => r,
        });
        assert_eq!(sizes, no_members, "{}", cfg.label());
        match full {
            Ok(Evaluation::Compiled(f)) => {
                compiled += 1;
                let sum: u64 = f.members.iter().map(|m| m.size).sum();
                assert_eq!(sum, f.kernel_bytes, "{}", cfg.label());
                // Members are contiguous and in address order.
                let mut at = 0;
                for m in &f.members {
                    assert_eq!(m.offset, at, "{}: {}", cfg.label(), m.path);
                    at += m.size;
                }
                assert!(f.stages >= 2);
                assert!(f.mainloop_bytes < f.kernel_bytes && f.epilogue_bytes < f.kernel_bytes);
            }
            Ok(Evaluation::Rejected(r)) => {
                rejected += 1;
                assert!(!r.message.is_empty());
            }
            Err(e) => {
                refused += 1;
                assert!(!e.message.is_empty());
            }
        }
    }
    println!("{compiled} compiled, {rejected} rejected, {refused} outside the model");
    assert!(compiled > 1000 && rejected > 100 && refused > 100);
}

#[test]
fn kernel_grows_with_stages() {
    // Sparse kernels take no StageCount<N>: the block-scaled builder's overload returns one int that
    // `get<1>` cannot index (measured: "Index out of range"), and the plain one's is refused.
    let sparse = KernelConfig {
        stages: StagePolicy::Fixed(2),
        schedule: Schedule::Sm120SparseMxf8f6f4,
        ..KernelConfig::sm120(
            KernelKind::Sparse,
            Operand::Mxfp8E4m3,
            Operand::Mxfp8E4m3,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        )
    };
    assert!(matches!(evaluate(&sparse), Ok(Evaluation::Rejected(r)) if r.message == "Index out of range"));
    for kind in KernelKind::ALL.into_iter().filter(|k| *k != KernelKind::Sparse) {
        let base = KernelConfig::sm120(
            kind,
            Operand::Nvfp4,
            Operand::Nvfp4,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        );
        let mut last = 0;
        for s in 2..12 {
            let Evaluation::Compiled(f) = evaluate(&KernelConfig { stages: StagePolicy::Fixed(s), ..base }).unwrap()
            else {
                panic!("compiles")
            };
            assert!(f.kernel_bytes > last);
            last = f.kernel_bytes;
        }
    }
}

#[test]
fn largest_fitting_stage_count_fits_and_one_more_does_not() {
    let cfg = KernelConfig {
        cutlass: CutlassVersion::V4_2_0,
        ..KernelConfig::sm120(
            KernelKind::Grouped,
            Operand::Mxfp4,
            Operand::Mxfp4,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        )
    };
    let a = assess(&cfg, Arch::Sm120).unwrap();
    let s = a.largest_fitting_stages.unwrap();
    let at = |s: u32| match evaluate(&KernelConfig { stages: StagePolicy::Fixed(s), ..cfg }).unwrap() {
        Evaluation::Compiled(f) => f.kernel_bytes,
        Evaluation::Rejected(_) => panic!(),
    };
    assert!(at(s as u32) <= 101_376);
    assert!(at(s as u32 + 1) > 101_376);
}

#[test]
fn unmodelled_architectures_are_refused_not_guessed() {
    let cfg = KernelConfig {
        arch: Arch::Sm110,
        ..KernelConfig::sm120(
            KernelKind::Dense,
            Operand::Nvfp4,
            Operand::Nvfp4,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        )
    };
    let e = evaluate(&cfg).unwrap_err();
    assert_eq!(e.at, ConfigField::Arch);
    // SM90 is modelled, but not for every release and not with SM120's block-scaled operands.
    let sm90 = KernelConfig { arch: Arch::Sm90, cutlass: CutlassVersion::V3_9_0, ..cfg };
    assert_eq!(evaluate(&sm90).unwrap_err().at, ConfigField::Cutlass, "3.9.0 is not claimed for SM90");
    let sm90 = KernelConfig { cutlass: CutlassVersion::V4_7_0, ..sm90 };
    assert_eq!(evaluate(&sm90).unwrap_err().at, ConfigField::A);
}
