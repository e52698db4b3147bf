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

/// The model never branches on a release number: what changes between releases is a named
/// `Headers` fact (smem-lint-model/src/release.rs), traced to the header that changed. Outside
/// release.rs, no code of the model (its tests and the `*_RELEASES` claim lists apart) names a
/// release or compares one.
#[test]
fn the_model_never_compares_release_numbers() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../smem-lint-model/src");
    let mut files = vec![root.clone()];
    let mut sources = Vec::new();
    while let Some(p) = files.pop() {
        if p.is_dir() {
            files.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
        } else if p.extension().is_some_and(|e| e == "rs") && !p.ends_with("release.rs") {
            sources.push(p);
        }
    }
    assert!(sources.len() >= 20, "{} model files", sources.len());
    let mut found = Vec::new();
    for p in &sources {
        let text = std::fs::read_to_string(p).unwrap();
        // The unit tests pin releases on purpose; they come last in every file.
        let code = text.split("\n#[cfg(test)]").next().unwrap();
        let mut in_claim_list = false;
        for (i, line) in code.lines().enumerate() {
            let l = line.trim_start();
            if l.starts_with("//") {
                continue;
            }
            if l.starts_with("pub const") && l.contains("_RELEASES") {
                in_claim_list = true;
            }
            let compares =
                [".cutlass <", ".cutlass >", "cutlass.at_least", "CutlassVersion::V"].iter().any(|pat| l.contains(pat));
            if compares && !in_claim_list {
                found.push(format!("{}:{}: {}", p.display(), i + 1, l));
            }
            if in_claim_list && l.ends_with(';') {
                in_claim_list = false;
            }
        }
    }
    assert!(
        found.is_empty(),
        "the model compares release numbers; name the header change in `Headers`:\n{}",
        found.join("\n")
    );
}

/// Releases with equal `Headers` are one model: the same answer, or the same refusal, for every
/// configuration of every family (what `model_representative` and the suggestions' release search
/// rely on). Issue 37: 4.3.6 and 4.4.0 shared their `Headers`, yet the schedulers and EVT fusions were
/// refused on one and answered on the other.
#[test]
fn releases_with_equal_headers_answer_alike() {
    let configs: Vec<KernelConfig> = all_configs().collect();
    let mut pairs = 0;
    for &v in CutlassVersion::ALL {
        let rep = v.model_representative();
        if rep == v {
            continue;
        }
        for c in configs.iter().filter(|c| c.cutlass == rep).take(400) {
            for tweak in [
                |c: KernelConfig| c,
                |c: KernelConfig| KernelConfig { scheduler: TileScheduler::StreamK, ..c },
                |c: KernelConfig| KernelConfig { epilogue_cta_tile: Some(c.tile), ..c },
            ] {
                let base = tweak(*c);
                let answer = |cutlass| probe_cfg(&KernelConfig { cutlass, ..base });
                assert_eq!(answer(rep), answer(v), "{v} and {rep} share Headers but differ on {base:?}");
                pairs += 1;
            }
        }
    }
    assert!(pairs > 1000, "{pairs} comparisons");
}

fn probe_cfg(cfg: &KernelConfig) -> String {
    match evaluate(cfg) {
        Ok(e) => format!("{e:?}").replace(&format!("{:?}", cfg.cutlass), "<release>"),
        Err(e) => format!("refused at {:?}: {}", e.at, e.message.replace(cfg.cutlass.name(), "<release>")),
    }
}
