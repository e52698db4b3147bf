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
        let same = got["compiles"] == want["compiles"]
            && if want["compiles"] == Value::Bool(true) {
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

#[test]
fn sm120_cutlass_4_2_0_agrees_exactly() {
    check_file("sm120-cutlass-4.2.0.jsonl");
}

#[test]
fn sm120_cutlass_4_5_0_agrees_exactly() {
    check_file("sm120-cutlass-4.5.0.jsonl");
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
        assert_eq!(model_buildable, measured, "{}: model buildable={model_buildable}, measured {}", id.unwrap(), row["result"]);
        if let Status::Unbuildable(u) = &a.status {
            assert!(row["result"]["error"].as_str().unwrap().contains(u.message));
        }
        agree += 1;
    }
    println!("{name}: {agree}/{} buildability verdicts agree", rows.len());
}

#[test]
fn sm120_buildability_4_2_0() {
    check_buildable("sm120-buildable-4.2.0.jsonl");
}

#[test]
fn sm120_buildability_4_5_0() {
    check_buildable("sm120-buildable-4.5.0.jsonl");
}

/// The shared data files in tests/data are byte-identical copies of ../shared/data when it exists
/// (CI lays it beside the clone): a stale copy would test the model against old truth.
#[test]
fn data_copies_are_current() {
    let shared = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    let Ok(entries) = std::fs::read_dir(&shared) else {
        println!("../shared/data not present; skipping the freshness check");
        return;
    };
    for e in entries {
        let e = e.unwrap();
        let ours = common::data_path(&e.file_name().to_string_lossy());
        let theirs = std::fs::read(e.path()).unwrap();
        let mine = std::fs::read(&ours).unwrap_or_default();
        assert!(mine == theirs, "tests/data/{} differs from ../shared/data: refresh the copy", e.file_name().to_string_lossy());
    }
}

/// Configurations this project measured itself (shared/oracle/sm120_probe.py, nvcc 13.5 from PyPI):
/// the acceptance cases.
#[test]
fn sm120_extra_measurements_agree_exactly() {
    check_file("sm120-extra-4.2.0.jsonl");
    check_file("sm120-extra-4.5.0.jsonl");
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

/// Measured by `smem-lint verify --record` on the 16-core device machine (nvcc 13.0), on a sample
/// of `shared/oracle/sm120_grid.py 700 20261129`: 199 configurations against CUTLASS 4.2.0 (the run
/// stopped at its time limit; the streamed record kept them) and 200 against 4.5.0.
#[test]
fn sm120_verify_records_agree_exactly() {
    check_file("sm120-verify-4.2.0.jsonl");
    check_file("sm120-verify-4.5.0.jsonl");
    // The 88 FlashInfer 0.7.4 MoE instantiations with TensorRT-LLM's epilogues (nvcc 13.5, CPU).
    check_file("flashinfer-0.7.4-sm120-moe-verify.jsonl");
}
