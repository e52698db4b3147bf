//! The model against sizes measured by nvcc on real CUTLASS (tests/data, copied from ../shared/data).
//!
//! Every configuration must agree exactly on `compiles`, `kernel_bytes`, `mainloop_bytes`,
//! `epilogue_bytes` and `stages`; a rejection must name the static_assert the compiler reported.

mod common;

use serde_json::Value;
use smem_lint::jsonl::{parse_config, result_json};
use smem_lint::model::{assess, Status};

const FIELDS: [&str; 4] = ["kernel_bytes", "mainloop_bytes", "epilogue_bytes", "stages"];

fn check_file(name: &str) {
    let rows = common::rows(name);
    assert!(!rows.is_empty(), "{name} is empty");
    let mut agree = 0;
    let mut mismatches = Vec::new();
    for row in &rows {
        let (id, cfg) = parse_config(&row.to_string(), None).expect("data rows parse");
        let got = result_json(id.as_deref(), &cfg).expect("data rows are modelled");
        let want = &row["result"];
        let same = if want["over_capacity"] == Value::Bool(true) {
            // Measured with the kernel's capacity assert lifted: CUTLASS refuses these sizes.
            got["compiles"] == Value::Bool(false)
                && got["over_capacity"] == Value::Bool(true)
                && got["reason"] == "SMEM usage exceeded capacity."
                && FIELDS.iter().all(|f| got[f] == want[f])
        } else {
            got["compiles"] == want["compiles"] && got.get("over_capacity").is_none()
        } && if want["over_capacity"] == Value::Bool(true) {
            true
        } else if want["compiles"] == Value::Bool(true) {
            FIELDS.iter().all(|f| got[f] == want[f])
        } else {
            let reason = got["reason"].as_str().unwrap_or("<none>");
            want["error"].as_str().unwrap().contains(reason)
        };
        if same {
            agree += 1;
        } else {
            mismatches.push(format!("{}: model {got} measured {want}", id.unwrap_or_default()));
        }
    }
    println!("{name}: {agree}/{} configurations agree exactly", rows.len());
    assert!(mismatches.is_empty(), "{} mismatches in {name}:\n{}", mismatches.len(), mismatches.join("\n"));
}

/// Every measured file in tests/data whose rows carry a compile result: the shared measurements of
/// each release (`sm120-cutlass-*`, `sm120-ext-*`), and this project's own `verify` records.
#[test]
fn every_measured_release_agrees_exactly() {
    let mut checked = 0;
    for name in common::data_files("sm120-") {
        let rows = common::rows(&name);
        if rows.iter().all(|r| r["result"].get("compiles").is_some()) {
            check_file(&name);
            checked += 1;
        } else {
            // The other shape is buildability, which `every_buildability_measurement_agrees` reads;
            // a file of neither (or a mix) is an error, never skipped.
            assert!(
                name.contains("buildable") && rows.iter().all(|r| r["result"].get("buildable").is_some()),
                "{name}: every row must carry result.compiles (or, in a *buildable* file, result.buildable)"
            );
        }
    }
    // 7 grid files, 4 ext files, 3 FP8-family files, 2 extra, and the verify records.
    assert!(checked >= 20, "only {checked} files checked");
}

/// SM90 and SM100: the shared 4.2.0 measurements, the column-major C/D, epilogue-tile and
/// dynamic-cluster measurements of 4.4.2 and 4.7.0, and this project's `verify` records of other
/// releases, every row exact (SM100 rows over the capacity must be refused with the kernel's words,
/// with the sizes the lifted-assert probe measured).
#[test]
fn every_sm90_and_sm100_measurement_agrees_exactly() {
    for (prefix, at_least) in [("sm90-", 9), ("sm100-", 13), ("layouts-tiles-sm90-", 2), ("layouts-tiles-sm100-", 2)] {
        let files = common::data_files(prefix);
        assert!(files.len() >= at_least, "{prefix}: {files:?}");
        for name in files {
            check_file(&name);
        }
    }
    let over =
        common::rows("sm100-cutlass-4.2.0.jsonl").iter().filter(|r| r["result"]["over_capacity"] == true).count();
    assert!(over > 0, "the SM100 data holds over-capacity rows");
}

/// Column-major C/D, explicit epilogue tiles, MX outputs and N = 8/16 block-scaled tiles on SM120
/// (`probe_x.py`, CUTLASS 4.4.2 and 4.7.0): every row exact, rejections with CUTLASS's words.
#[test]
fn every_sm120_layout_tile_and_output_measurement_agrees_exactly() {
    let mut rows = 0;
    for prefix in ["layouts-tiles-sm120-", "mx-outputs-sm120-", "n8-n16-sm120-"] {
        let files = common::data_files(prefix);
        assert!(!files.is_empty(), "no {prefix} files");
        for name in files {
            check_file(&name);
            rows += common::rows(&name).len();
        }
    }
    assert!(rows >= 227, "only {rows} rows");
}

/// The SM120 structured-sparse kernels (`kernel = "sparse"`, `verify` records of 4.4.2, 4.5.0, 4.6.0
/// and 4.7.0, of 14 cutlass_library 4.7.0 sparse names: void C, FP8 D, the 64-element MX output, and
/// 12 edges of the domain, 3 of them NVFP4, which the model refuses):
/// every row is answered exactly (sizes, stage count, or CUTLASS's assert) or refused as
/// `smem::not-modelled`, never answered wrongly; the exact count guards against refusing everything.
#[test]
fn every_sparse_measurement_is_exact_or_refused() {
    // The edges (B's tile_to_shape at K = 128 and 768, K = 384, N = 32 / 96 / 192, NVFP4) hold rows
    // the model refuses, so they live outside the `sm120-` files that must all be exact.
    let files: Vec<String> = common::data_files("sm120-verify-sparse-")
        .into_iter()
        .chain(common::data_files("sparse-edges-sm120-"))
        .collect();
    assert!(files.len() >= 6, "{files:?}");
    let (mut exact, mut refused, mut wrong) = (0, 0, Vec::new());
    for name in &files {
        for row in common::rows(name) {
            let (id, cfg) = parse_config(&row.to_string(), None).expect("data rows parse");
            let want = &row["result"];
            match result_json(id.as_deref(), &cfg) {
                Err(e) => {
                    assert_eq!(e.rule.code(), "smem::not-modelled", "{id:?}: {}", e.message);
                    refused += 1;
                }
                Ok(got) => {
                    let same = got["compiles"] == want["compiles"]
                        && if want["compiles"] == Value::Bool(true) {
                            FIELDS.iter().all(|f| got[f] == want[f])
                        } else {
                            got["reason"].as_str().is_some_and(|r| want["error"].as_str().unwrap().contains(r))
                        };
                    if same {
                        exact += 1;
                    } else {
                        wrong.push(format!("{name} {}: model {got} measured {want}", id.unwrap_or_default()));
                    }
                }
            }
        }
    }
    println!("sparse: {exact} exact, {refused} refused");
    assert!(wrong.is_empty(), "{} wrong answers:\n{}", wrong.len(), wrong.join("\n"));
    assert!(exact >= 173, "only {exact} sparse rows exact ({refused} refused)");
}

/// Measurements of releases a model does not claim (SM100 on 3.9.2 differs in kernel storage on 6 of
/// 41 configurations; TensorRT-LLM's MoE scatter EVT does not compile against 3.9.2): every row is
/// refused as not modelled, naming the release, never answered.
#[test]
fn unclaimed_releases_are_refused() {
    let files = common::data_files("refused-");
    assert!(files.len() >= 2, "{files:?}");
    for name in files {
        for row in common::rows(&name) {
            let (id, cfg) = parse_config(&row.to_string(), None).unwrap();
            let e = smem_lint::model::evaluate(&cfg).expect_err("an unclaimed release is refused");
            assert_eq!(e.at, smem_lint::model::ConfigField::Cutlass, "{id:?}: {e}");
            assert!(!e.out_of_bounds, "{id:?}: refused as not modelled, not as bad input");
        }
    }
}

/// Each release that the shared data measured is in the files the test above reads.
#[test]
fn the_measured_releases_are_all_covered() {
    let names = common::data_files("sm120-cutlass-");
    for v in ["3.9.2", "4.2.0", "4.2.1", "4.3.6", "4.4.2", "4.5.0", "4.7.0"] {
        assert!(names.contains(&format!("sm120-cutlass-{v}.jsonl")), "no grid measurements of {v}");
    }
}

/// Whether the TMA descriptors can be built, against `sm120_buildable.py`'s measurements.
fn check_buildable(name: &str) {
    let rows = common::rows(name);
    let mut agree = 0;
    for row in &rows {
        let (id, cfg) = parse_config(&row.to_string(), None).unwrap();
        let a = assess(&cfg, cfg.arch).unwrap();
        let model_buildable = !matches!(a.status, Status::Unbuildable(_) | Status::Rejected(_));
        let measured = row["result"]["buildable"].as_bool().unwrap();
        assert_eq!(
            model_buildable,
            measured,
            "{}: model buildable={model_buildable}, measured {}",
            id.unwrap(),
            row["result"]
        );
        if let Status::Unbuildable(u) = &a.status {
            let measured = row["result"]["error"].as_str().unwrap();
            assert!(measured.contains(u.message), "{}: model says `{}`, measured `{measured}`", id.unwrap(), u.message);
        }
        agree += 1;
    }
    println!("{name}: {agree}/{} buildability verdicts agree", rows.len());
}

#[test]
fn every_buildability_measurement_agrees() {
    let files = common::data_files("sm120-").into_iter().filter(|n| n.contains("buildable")).collect::<Vec<_>>();
    assert!(files.len() >= 4, "{files:?}");
    for name in files {
        check_buildable(&name);
    }
}

/// The shared data files in tests/data are byte-identical copies of ../shared/data when it exists
/// (CI lays it beside the clone): a stale copy would test the model against old truth.
#[test]
fn data_copies_are_current() {
    let shared = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    // CI lays ../shared beside the clone; a missing copy is a failure, never a skip.
    let entries = std::fs::read_dir(&shared).unwrap_or_else(|e| panic!("{} must exist: {e}", shared.display()));
    for e in entries {
        let e = e.unwrap();
        let ours = common::data_path(&e.file_name().to_string_lossy());
        let theirs = std::fs::read(e.path()).unwrap();
        let mine = std::fs::read(&ours).unwrap_or_default();
        assert!(
            mine == theirs,
            "tests/data/{} differs from ../shared/data: refresh the copy",
            e.file_name().to_string_lossy()
        );
    }
}

/// The acceptance numbers of the core issue, each backed by a measured row.
#[test]
fn incident_tiles_verdicts() {
    use smem_lint::model::*;
    let grouped = |tile: Tile, stages| KernelConfig {
        cutlass: CutlassVersion::V4_2_0,
        stages,
        ..KernelConfig::sm120(KernelKind::Grouped, Operand::Nvfp4, Operand::Nvfp4, Output::Bf16, Output::Bf16, tile)
    };
    let t128 = Tile { m: 128, n: 128, k: 128 };
    let t256 = Tile { m: 128, n: 256, k: 128 };
    for (cfg, bytes) in [(grouped(t128, StagePolicy::Auto), 89088), (grouped(t256, StagePolicy::Auto), 98304)] {
        let a = assess(&cfg, Arch::Sm120).unwrap();
        assert_eq!(a.footprint.as_ref().unwrap().kernel_bytes, bytes);
        assert_eq!(a.status, Status::Fits { headroom: 101_376 - bytes });
    }
    let dense4 = KernelConfig { kind: KernelKind::Dense, ..grouped(t256, StagePolicy::Fixed(4)) };
    let a = assess(&dense4, Arch::Sm120).unwrap();
    assert_eq!(a.status, Status::ExceedsCap { over: 23552 });
    assert_eq!(a.largest_fitting_stages, Some(3));
    // CUTLASS's own automatic stage count overflows on grouped MXFP4 128^3 (4.2): 102400 bytes.
    let mx = KernelConfig { a: Operand::Mxfp4, b: Operand::Mxfp4, ..grouped(t128, StagePolicy::Auto) };
    let a = assess(&mx, Arch::Sm121).unwrap();
    assert_eq!(a.auto_overflow, Some(AutoOverflow { auto_stages: 5, over: 1024 }));
    assert_eq!(a.largest_fitting_stages, Some(4));
}

/// The 88 FlashInfer 0.7.4 MoE instantiations with TensorRT-LLM's epilogues, measured by `verify`
/// (nvcc 13.5, CPU). The `sm120-verify-*` records of the device runs are read by
/// `every_measured_release_agrees_exactly`.
#[test]
fn flashinfer_verify_record_agrees_exactly() {
    let files = common::data_files("flashinfer-0.7.4-sm120-moe-verify");
    // 4.5.0 (the wheel's own), and 4.0.0, 4.2.1, 4.2.2, 4.3.0, 4.3.6, 4.4.2, 4.6.0, 4.7.0.
    assert!(files.len() >= 9, "{files:?}");
    for name in files {
        check_file(&name);
    }
}

/// Issue 28: TensorRT-LLM's SM100 MoE launcher builds its NONE epilogue with CUTLASS's epilogue
/// builder, C void and the default LinearCombination (`CollectiveEpilogueDefault`,
/// moe_gemm_tma_ws_launcher.inl), and hands the mainloop [weight, activation] with swap_ab, writing
/// C/D column-major. Every measured grouped SM100 row of that shape (void C, a 16/32-bit D, C and D
/// of one layout, the default fusion and epilogue tile), written as the launcher's call would be
/// (`epilogue = "trtllm-moe[-swap-ab]"`, operands [activation, weight]), must give the measured
/// sizes; FINALIZE stays refused.
#[test]
fn sm100_trtllm_moe_none_is_the_measured_builder_kernel() {
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for name in common::data_files("sm100-").into_iter().chain(common::data_files("layouts-tiles-sm100-")) {
        for row in common::rows(&name) {
            let s = |k: &str| row.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
            let d_ok = matches!(s("d").as_str(), "bf16" | "f16" | "f32");
            let layout = |k: &str| if s(k).is_empty() { "row".to_string() } else { s(k) };
            if s("kernel") != "grouped"
                || s("c") != "void"
                || !d_ok
                || layout("layout_c") != layout("layout_d")
                || row.get("fusion").is_some()
                || row.get("epilogue_tile").is_some()
                || row.get("epilogue").is_some()
            {
                continue;
            }
            let swap = layout("layout_c") == "col";
            let mut moe = row.clone();
            if swap {
                moe["a"] = row["b"].clone();
                moe["b"] = row["a"].clone();
            }
            moe["epilogue"] = Value::from(if swap { "trtllm-moe-swap-ab" } else { "trtllm-moe" });
            let (id, cfg) = parse_config(&moe.to_string(), None).expect("rewritten rows parse");
            let got = result_json(id.as_deref(), &cfg).expect("the NONE epilogue is modelled on SM100");
            let want = &row["result"];
            let same = if want["over_capacity"] == Value::Bool(true) {
                got["over_capacity"] == Value::Bool(true) && FIELDS.iter().all(|f| got[f] == want[f])
            } else {
                got["compiles"] == want["compiles"] && FIELDS.iter().all(|f| got[f] == want[f])
            };
            if !same {
                mismatches.push(format!("{name} {}: model {got} measured {want}", id.unwrap_or_default()));
            }
            compared += 1;
            let mut finalize = moe.clone();
            finalize["epilogue"] =
                Value::from(if swap { "trtllm-moe-finalize-swap-ab" } else { "trtllm-moe-finalize" });
            let (_, cfg) = parse_config(&finalize.to_string(), None).unwrap();
            let err = smem_lint::model::evaluate(&cfg).expect_err("FINALIZE is refused on SM100");
            assert!(err.to_string().contains("FINALIZE"), "{err}");
        }
    }
    println!("{compared} measured SM100 builder rows read as the MoE NONE epilogue");
    assert!(compared >= 80, "only {compared} rows of the MoE shape: the data files moved?");
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
}
