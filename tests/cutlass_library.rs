//! CUTLASS library kernel names (`import-cutlass`) and the CMake kernel lists (`emit --format
//! cmake-kernels`).
//!
//! tests/fixtures/cutlass-library/ holds names cutlass_library's own generator produced (`Manifest` with
//! `--kernels all`, `--cuda-version 13.0`, `GenerateSM120`/`GenerateSM100`/`GenerateSM90`): every
//! SM120 name of nvidia-cutlass 4.2.0.0 (572) and of CUTLASS v4.7.0's python/cutlass_library (2,785),
//! and every 40th SM90 and SM100 name of both (the full lists, 21,268 and 127,808 / 163,366 names,
//! are read by the Python suite, which runs the generator).

mod common;

use std::process::Command;

use smem_lint::cutlass_library::import::{import_name, import_names, Imported};
use smem_lint::cutlass_library::{readings, translate, ProceduralName};
use smem_lint::model::*;

const LISTS: [&str; 6] = [
    "sm120-4.2.0.txt",
    "sm120-4.7.0.txt",
    "sm90-4.2.0-sample.txt",
    "sm90-4.7.0-sample.txt",
    "sm100-4.2.0-sample.txt",
    "sm100-4.7.0-sample.txt",
];

fn names(list: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/cutlass-library").join(list);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_string).collect()
}

fn smem_lint(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("smem-lint-cutlass-library-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Every name the generator produced is read into fields that write the same name again, and has
/// at least one reading (a kernel and an epilogue schedule cutlass_library pairs with its kind).
#[test]
fn every_generated_name_round_trips() {
    let mut total = 0;
    for list in LISTS {
        for name in names(list) {
            let p = ProceduralName::parse(&name).unwrap_or_else(|e| panic!("{list}: {name}: {e}"));
            assert_eq!(p.to_string(), name, "{list}");
            assert!(!readings(&p).is_empty(), "{list}: {name} has no reading");
            if let Imported::NotModelled { reasons, .. } = import_name(&name, CutlassVersion::V4_7_0) {
                assert!(!reasons.iter().any(|r| r.starts_with("not read")), "{name}: {reasons:?}");
            }
            total += 1;
        }
    }
    assert_eq!(total, 572 + 2785 + 532 + 532 + 3196 + 4085);
}

fn kernel(name: &str) -> KernelConfig {
    match import_name(name, CutlassVersion::V4_7_0) {
        Imported::Kernel { config, .. } => *config,
        Imported::NotModelled { reasons, .. } => panic!("{name}: {reasons:?}"),
    }
}

fn not_modelled(name: &str) -> Vec<String> {
    match import_name(name, CutlassVersion::V4_7_0) {
        Imported::NotModelled { reasons, .. } => reasons,
        Imported::Kernel { config, .. } => panic!("{name} was read as {config:?}"),
    }
}

/// What each field of a name becomes.
#[test]
fn names_become_the_kernels_they_name() {
    // SM120 blockwise, grouped, column-major C/D: the generator gives grouped SM120 blockwise kernels
    // the dense blockwise schedule tag (no ptr-array one exists), which the builder receives as is.
    let c = kernel(
        "cutlass3x_sm120_tensorop_gemm_grouped_1x128f32xe4m3_128x128f32xe4m3_f32_f16_f16_128x128x128_1x1x1_0_tnn_align128_cooperative_q",
    );
    assert_eq!(c.arch, Arch::Sm120);
    assert_eq!(c.family, Family::Blockwise(Granularity { m: 1, n: 128, k: 128 }));
    assert_eq!(c.kind, KernelKind::Grouped);
    assert_eq!((c.a, c.b, c.c, c.d), (Operand::E4m3, Operand::E4m3, Output::F16, Output::F16));
    assert_eq!((c.layout_c, c.layout_d), (Layout::ColumnMajor, Layout::ColumnMajor));
    assert_eq!(
        (c.tile, c.cluster, c.schedule, c.stages),
        (Tile { m: 128, n: 128, k: 128 }, Cluster::ONE, Schedule::Sm120BlockwiseCooperative, StagePolicy::Auto)
    );
    assert_eq!(c.schedule.cutlass_tag(c.kind), "cutlass::gemm::KernelTmaWarpSpecializedBlockwiseCooperativeSm120");

    // SM120's instruction-choosing tags, the stream-K scheduler (`cutlass::gemm::StreamKScheduler`),
    // and a D whose scale factors are not its type's default: `LinCombBlockScaleFactor<16,
    // float_e2m1_t, float, float_ue8m0_t, RowMajor, half_t, float>` (the generator's ue8m0 vector-16
    // output).
    let c = kernel(
        "cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_f16_ue8m0xe2m1_128x128x128_1x1x1_0_tnt_align32_stream_k_cooperative_o_vs16_epiVs16t",
    );
    assert_eq!((c.schedule, c.scheduler, c.d), (Schedule::Sm120Nvf4Cooperative, TileScheduler::StreamK, Output::Nvfp4));
    assert_eq!(c.fusion, "LinCombBlockScaleFactor<16, e2m1, f32, ue8m0, RowMajor, f16>".parse().unwrap());
    let c = kernel(
        "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_f16_ue8m0xe2m1_128x128x128_1x1x1_0_tnt_align32_pingpong_o_vs32_epiVs32t",
    );
    assert_eq!(
        (c.schedule, c.scheduler, c.d, c.fusion),
        (Schedule::Sm120Mxf4Pingpong, TileScheduler::Auto, Output::Mxfp4, Fusion::Default)
    );
    let c = kernel(
        "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe4m3_f32_f16_ue8m0xe3m2_128x64x128_1x1x1_0_tnt_align128_pingpong_q_epiVs32t",
    );
    assert_eq!((c.schedule, c.d), (Schedule::Sm120Mxf8f6f4Pingpong, Output::Mxfp6E3m2));

    // SM120 structured-sparse kernels (`spgemm`): the plain F8F6F4 builder with the automatic
    // epilogue, and the block-scaled one with the sparse TMA epilogue and a 64-element MX output.
    let c = kernel("cutlass3x_sm120_sptensorop_spgemm_e2m1_e3m2_f32_void_e5m2_128x128x256_1x1x1_0_tnt_align256_q");
    assert_eq!(
        (c.kind, c.family, c.a, c.b, c.c, c.d),
        (KernelKind::Sparse, Family::F8f6f4, Operand::E2m1, Operand::E3m2, Output::Void, Output::E5m2)
    );
    assert_eq!((c.schedule, c.epilogue_schedule), (Schedule::Sm120SparseF8f6f4, EpilogueSchedule::Auto));
    let c = kernel(
        "cutlass3x_sm120_bssptensorop_spgemm_ue8m0xe4m3_ue8m0xe4m3_f32_f16_ue8m0xe4m3_128x64x256_1x1x1_0_tnt_align128_acc2x4_q_epi_tma_epiVs64t",
    );
    assert_eq!((c.kind, c.family, c.d), (KernelKind::Sparse, Family::BlockScaled, Output::Mxfp8E4m3));
    assert_eq!(
        (c.schedule, c.epilogue_schedule),
        (Schedule::Sm120SparseMxf8f6f4Acc2x4, EpilogueSchedule::SparseTmaWarpSpecializedCooperativeSm120)
    );
    assert_eq!(c.fusion, "LinCombBlockScaleFactor<64, e4m3, f32, ue8m0, RowMajor, f16>".parse().unwrap());

    // SM100, a dynamic cluster (0x0x1: `cute::Shape<int, int, cute::_1>`).
    let c = kernel("cutlass3x_sm100_tensorop_gemm_f16_f16_f32_f16_f16_64x128x64_0x0x1_0_tnn_align8_1sm");
    assert!(c.dynamic_cluster);
    assert_eq!((c.cluster, c.schedule, c.layout_d), (Cluster::ONE, Schedule::Sm100OneSm, Layout::ColumnMajor));

    // SM120 block-scaled with the generic schedules (4.7.0's generator), an MX output.
    let c = kernel(
        "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m1_f32_f16_ue8m0xe2m1_128x128x128_1x1x1_0_tnt_align32_warpspecialized_pingpong_epiVs32t",
    );
    assert_eq!(
        (c.a, c.b, c.c, c.d, c.schedule),
        (Operand::Mxfp4, Operand::Mxfp4, Output::F16, Output::Mxfp4, Schedule::Pingpong)
    );

    // SM100: the collective tile, a static cluster, the 2SM block-scaled NVF4 schedule; a 256-wide
    // NVF4 tile gets the emitter's explicit 128x64 epilogue tile and 2SM TMA epilogue.
    let c = kernel(
        "cutlass3x_sm100_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_void_ue8m0xe2m1_256x256x256_2x1x1_0_tnt_align32_o_vs16_2sm_epiVs32t",
    );
    assert_eq!(
        (c.arch, c.tile, c.cluster),
        (Arch::Sm100, Tile { m: 256, n: 256, k: 256 }, Cluster { m: 2, n: 1, k: 1 })
    );
    assert_eq!((c.schedule, c.d), (Schedule::Sm100TwoSmNvf4, Output::Mxfp4));
    assert_eq!(c.epilogue_tile, EpilogueTile::Explicit { m: 128, n: 64 });
    assert_eq!(c.epilogue_schedule, EpilogueSchedule::TmaWarpSpecialized2Sm);

    // SM90: TMA epilogue suffixes read as either TMA schedule the model answers the same for.
    let c = kernel("cutlass3x_sm90_tensorop_gemm_bf16_bf16_f32_bf16_bf16_128x128x64_1x2x1_0_tnt_align8_warpspecialized_cooperative_epi_tma");
    assert_eq!((c.arch, c.schedule, c.cluster.n), (Arch::Sm90, Schedule::Cooperative, 2));
    assert!(matches!(
        c.epilogue_schedule,
        EpilogueSchedule::TmaWarpSpecialized | EpilogueSchedule::TmaWarpSpecializedCooperative
    ));
}

/// What a configuration cannot express is named, each part of it, never approximated.
#[test]
fn what_cannot_be_expressed_is_listed() {
    let r = not_modelled(
        "cutlass3x_sm100_sptensorop_spgemm_f16_f16_f32_f16_f16_256x256x64_0x0x1_0_tnt_align16_2sm_epi_tma",
    );
    assert!(r.iter().any(|r| r.contains("SparseUniversal3x")), "{r:?}");
    let r = not_modelled("cutlass3x_sm100_tensorop_gemm_f16_f16_f16_f16_f16_64x128x64_0x0x1_0_nnn_align8_stream_k_1sm");
    assert!(r.iter().any(|r| r.contains("TN operands")), "{r:?}");
    assert!(r.iter().any(|r| r.contains("f16 accumulator")), "{r:?}");
    // A suffix cutlass_library gives two schedules the model tells apart (PtrArrayMxf4 and
    // PtrArrayMxf8f6f4 both write `_o_vs32_1sm`) is ambiguous, not guessed.
    let r = not_modelled(
        "cutlass3x_sm100_bstensorop_gemm_grouped_ue8m0xe2m1_ue8m0xe2m1_f32_f16_f16_128x128x256_1x1x1_0_tnt_align32_o_vs32_1sm",
    );
    assert!(
        r[0].contains("PtrArrayMxf4") && r[0].contains("PtrArrayMxf8f6f4") && r[0].contains("tells apart"),
        "{r:?}"
    );
    assert!(not_modelled("cutlass_tensorop_s1688gemm_f16_256x128_32x3_nn_align8")[0].contains("2.x"));
    // A translation of a name the model can express is what `translate` gives for its one reading.
    let p = ProceduralName::parse("cutlass3x_sm90_tensorop_gemm_f16_f16_f32_f16_f16_128x256x64_1x1x1_3_tnt_align8_warpspecialized_pingpong_epi_nosmem").unwrap();
    let ops = readings(&p);
    assert_eq!(ops.len(), 1);
    let c = translate(&ops[0], CutlassVersion::V4_2_0).unwrap();
    assert_eq!(
        (c.stages, c.epilogue_schedule, c.cutlass),
        (StagePolicy::Fixed(3), EpilogueSchedule::NoSmemWarpSpecialized, CutlassVersion::V4_2_0)
    );
}

#[test]
fn bad_lines_are_input_errors_and_blank_lines_are_skipped() {
    let (found, bad) = import_names("\n# a comment\ncutlass3x_sm90_x\n  \nrm -rf /\n", CutlassVersion::V4_7_0);
    assert_eq!(found.len(), 1);
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].line, 5);
}

/// The whole SM120 list of nvidia-cutlass 4.2.0.0 through the command line: a TOML file `check`
/// reads without an input error, every name either a kernel or a commented-out entry with reasons.
#[test]
fn import_cutlass_writes_a_file_check_reads() {
    let out = temp("sm120.toml");
    let (code, err) = smem_lint(&[
        "import-cutlass",
        "tests/fixtures/cutlass-library/sm120-4.2.0.txt",
        "--cutlass",
        "4.2.0",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let kernels = text.matches("\n[[kernel]]\n").count();
    let commented = text.matches("\n# [[kernel]]\n").count();
    assert_eq!(kernels + commented, 572);
    assert!(err.contains(&format!("with {kernels} kernel(s); {commented} name(s) commented out")), "{err}");
    // 4.2.0's 36 SM120 sparse kernels are imported; the model refuses their release when checked.
    assert_eq!(commented, 0, "{err}");
    let (code, err) = smem_lint(&["check", "-q", out.to_str().unwrap()]);
    assert!(code == 0 || code == 1, "no input error: {err}");
    let sm90 = temp("sm90.toml");
    let (code, err) = smem_lint(&[
        "import-cutlass",
        "tests/fixtures/cutlass-library/sm90-4.2.0-sample.txt",
        "--cutlass",
        "4.2.0",
        "-o",
        sm90.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("131 x gemm kind SparseUniversal3x"), "the summary counts the reasons: {err}");

    let empty = temp("empty.txt");
    std::fs::write(&empty, "# nothing here\n\n").unwrap();
    let (code, err) = smem_lint(&["import-cutlass", empty.to_str().unwrap(), "-o", temp("e.toml").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no kernel name") && err.contains("help:"), "{err}");
    assert!(!temp("e.toml").exists());

    let garbage = temp("garbage.txt");
    std::fs::write(&garbage, "cutlass3x_sm120_x\nnot a name\n").unwrap();
    let (code, err) = smem_lint(&["import-cutlass", garbage.to_str().unwrap(), "-o", temp("g.toml").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("garbage.txt:2:"), "{err}");
}

/// CUTLASS's filter (`Manifest.filter` in cutlass_library's manifest.py): a name is built when some
/// `--kernels` entry matches it and no `--ignore-kernels` entry does; an entry matches when its
/// `*`-separated parts occur in the name in order.
fn cutlass_selects(kernels: &[&str], ignore: &[&str], name: &str) -> bool {
    let matches = |filter: &str| {
        let mut rest = name;
        filter.split('*').all(|part| match rest.find(part) {
            Some(i) => {
                rest = &rest[i + part.len()..];
                true
            }
            None => false,
        })
    };
    kernels.iter().any(|k| matches(k)) && !ignore.iter().any(|i| matches(i))
}

/// `emit --format cmake-kernels` on the imported SM120 list of CUTLASS v4.7.0: CUTLASS's own filter,
/// given the two lists, builds exactly the kernels `check` finds launchable, out of every name.
#[test]
fn cmake_kernel_lists_select_exactly_the_launchable_kernels() {
    let toml = temp("sm120-4.7.0.toml");
    let cmake = temp("sm120-4.7.0.cmake");
    let (code, err) = smem_lint(&[
        "import-cutlass",
        "tests/fixtures/cutlass-library/sm120-4.7.0.txt",
        "--cutlass",
        "4.7.0",
        "-o",
        toml.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, err) =
        smem_lint(&["emit", "--format", "cmake-kernels", toml.to_str().unwrap(), "-o", cmake.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("same kernel"), "CUTLASS's lists name every kernel: {err}");
    let text = std::fs::read_to_string(&cmake).unwrap();
    let list = |var: &str| -> Vec<String> {
        let body = text.split(&format!("set({var}")).nth(1).unwrap().split(')').next().unwrap();
        body.split_whitespace().map(str::to_string).collect()
    };
    let (kept, ignored) = (list("SMEM_LINT_LAUNCHABLE_KERNELS"), list("SMEM_LINT_IGNORED_KERNELS"));
    assert!(text.contains("set(CUTLASS_LIBRARY_KERNELS \"${_smem_lint_kernels}\" CACHE STRING"), "{text}");
    assert!(text.contains(&format!("# {} of 2785 kernels launch", kept.len())), "{text}");
    // The launchable ones, as `check` sees them.
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .args(["check", "--format", "json", toml.to_str().unwrap()])
        .output()
        .unwrap();
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let failing: std::collections::HashSet<&str> =
        findings["findings"].as_array().unwrap().iter().map(|f| f["kernel"].as_str().unwrap()).collect();
    let text_toml = std::fs::read_to_string(&toml).unwrap();
    let declared: Vec<&str> =
        text_toml.lines().filter_map(|l| l.strip_prefix("name = \"")?.strip_suffix('"')).collect();
    let launchable: std::collections::HashSet<&str> =
        declared.iter().copied().filter(|n| !failing.contains(n)).collect();
    assert!(
        launchable.len() > 500 && !failing.is_empty(),
        "{} launchable, {} failing",
        launchable.len(),
        failing.len()
    );
    let kept_refs: Vec<&str> = kept.iter().map(String::as_str).collect();
    let ignored_refs: Vec<&str> = ignored.iter().map(String::as_str).collect();
    for name in names("sm120-4.7.0.txt") {
        assert_eq!(cutlass_selects(&kept_refs, &ignored_refs, &name), launchable.contains(name.as_str()), "{name}");
    }
}

/// The TOML `import-cutlass` writes and the `eval` line `check_operation` returns read back to the
/// configuration each name was imported as.
#[test]
fn written_configurations_read_back() {
    let all: Vec<String> = LISTS.iter().flat_map(|l| names(l)).collect();
    let imported = import_names(&all.join("\n"), CutlassVersion::V4_2_0).0;
    let text = smem_lint::cutlass_library::import::to_toml(&imported, "test", CutlassVersion::V4_2_0);
    let parsed = smem_lint::config_file::parse(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors.first());
    let kernels: Vec<(&str, KernelConfig)> = imported
        .iter()
        .filter_map(|i| match i {
            Imported::Kernel { name, config, .. } => Some((name.as_str(), **config)),
            Imported::NotModelled { .. } => None,
        })
        .collect();
    assert_eq!(parsed.entries.len(), kernels.len());
    for (entry, (name, config)) in parsed.entries.iter().zip(&kernels) {
        assert_eq!((entry.name.as_str(), entry.config), (*name, *config));
        let line = smem_lint::jsonl::config_json(config, Some(name)).to_string();
        let (_, back) = smem_lint::jsonl::parse_config(&line, None).unwrap();
        assert_eq!(back, *config, "{line}");
    }
}

/// What 4.7.0's SM120 names translate to is measured with nvcc (tests/data, which `agreement.rs`
/// holds the model to): every schedule tag and tile scheduler of the translations the model answers
/// (the ones it refuses, stream-K sparse kernels, claim nothing) appears in measured rows of 4.4.2 or
/// later, and the 64 library kernels `verify` measured on 4.7.0 (all rejected by CUTLASS) are exactly
/// what their names translate to.
#[test]
fn translated_library_kernels_are_measured_configurations() {
    let imported: Vec<KernelConfig> = names("sm120-4.7.0.txt")
        .iter()
        .filter_map(|n| match import_name(n, CutlassVersion::V4_7_0) {
            Imported::Kernel { config, .. } => Some(*config),
            Imported::NotModelled { .. } => None,
        })
        .collect();
    let refused = imported.iter().filter(|c| evaluate(c).is_err()).count();
    assert_eq!(refused, 6, "the 6 stream-K sparse kernels, 4 of them NVFP4");
    let translated: std::collections::HashSet<KernelConfig> =
        imported.into_iter().filter(|c| evaluate(c).is_ok()).collect();
    // SM120 rows of the releases the translations' tags and schedulers are modelled from (4.4.2 on).
    let mut measured: Vec<(KernelConfig, serde_json::Value)> = Vec::new();
    for file in common::data_files("sm120-").into_iter().chain(common::data_files("mx-outputs-sm120")) {
        for row in common::rows(&file) {
            if let Ok((_, cfg)) = smem_lint::jsonl::parse_config(&row.to_string(), None) {
                if cfg.cutlass >= CutlassVersion::V4_4_2 {
                    measured.push((cfg, row));
                }
            }
        }
    }
    let mut tags: Vec<Schedule> = translated.iter().map(|c| c.schedule).collect();
    tags.sort_by_key(|s| s.name());
    tags.dedup();
    for tag in &tags {
        assert!(measured.iter().any(|(c, _)| c.schedule == *tag), "no measured row has {tag}");
    }
    assert!(tags.contains(&Schedule::Sm120Mxf8f6f4Cooperative) && tags.contains(&Schedule::Sm120Nvf4Pingpong));
    assert!(tags.contains(&Schedule::Sm120SparseF8f6f4) && tags.contains(&Schedule::Sm120SparseMxf8f6f4Acc2x4));
    assert!(tags.contains(&Schedule::Sm120SparseNvf4), "the NVFP4 sparse names are checked");
    for scheduler in [TileScheduler::Auto, TileScheduler::StreamK] {
        assert!(translated.iter().any(|c| c.scheduler == scheduler));
        assert!(measured.iter().any(|(c, _)| c.scheduler == scheduler), "no measured 4.7.0 row has {scheduler}");
    }
    let library = common::rows("sm120-verify-library-4.7.0.jsonl");
    // Distinct ids: a kernel can be measured in more than one file (the even library sample).
    let exact = measured
        .iter()
        .filter(|(c, row)| translated.contains(c) && library.iter().any(|l| l["id"] == row["id"]))
        .map(|(_, row)| row["id"].to_string())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    assert_eq!(exact, library.len());
    assert_eq!(exact, 64);
}
