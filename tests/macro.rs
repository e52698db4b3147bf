//! `#[smem_check]`: compile-fail and pass cases (trybuild), and the constants against `eval`.

use smem_lint::jsonl::{parse_config, result_json};
use smem_lint::SmemChecked;
use smem_lint_macros::smem_check;

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("../tests/ui/pass_*.rs");
    t.compile_fail("../tests/ui/fail_*.rs");
}

#[smem_check(sm120, cutlass = "4.2.0", kernel = grouped, a = mxfp4, b = mxfp4, c = bf16, d = bf16, tile = [128, 128, 128], stages = 4)]
struct GroupedMxfp4;

#[smem_check(sm121, kernel = dense, a = nvfp4, b = nvfp4, c = void, d = nvfp4, tile = [128, 256, 128], schedule = pingpong)]
struct DenseFp4Out;

#[smem_check(sm120, kernel = grouped, a = mxfp8e4m3, b = mxfp4, c = bf16, d = bf16, tile = [128, 64, 128], epilogue = "trtllm-moe-finalize-swap-ab")]
struct MoeFinalizeSwap;

fn eval_line<T: SmemChecked>(line: &str) {
    let (id, cfg) = parse_config(line, None).unwrap();
    let v = result_json(id.as_deref(), &cfg).unwrap();
    assert_eq!(v["kernel_bytes"], T::KERNEL_BYTES, "{line}");
    assert_eq!(v["mainloop_bytes"], T::MAINLOOP_BYTES);
    assert_eq!(v["epilogue_bytes"], T::EPILOGUE_BYTES);
    assert_eq!(v["stages"], T::STAGES);
    assert_eq!(v["cap_bytes"].as_u64().unwrap() - T::KERNEL_BYTES, T::HEADROOM);
    assert_eq!(cfg, T::CONFIG);
}

/// The macro's constants are what `smem-lint eval` reports for the same configuration.
#[test]
fn constants_equal_eval() {
    eval_line::<GroupedMxfp4>(
        r#"{"id": "x", "arch": "sm120", "cutlass": "4.2.0", "kernel": "grouped", "a": "mxfp4", "b": "mxfp4", "c": "bf16", "d": "bf16", "tile": [128, 128, 128], "schedule": "auto", "stages": 4}"#,
    );
    eval_line::<MoeFinalizeSwap>(
        r#"{"id": "z", "arch": "sm120", "kernel": "grouped", "a": "mxfp8e4m3", "b": "mxfp4", "c": "bf16", "d": "bf16", "tile": [128, 64, 128], "epilogue": "trtllm-moe-finalize-swap-ab"}"#,
    );
    // Measured (tests/data/flashinfer-0.7.4-sm120-moe.csv): FP8xFP4 128x64x128 FINALIZE bf16 swap_ab.
    assert_eq!(
        (
            MoeFinalizeSwap::KERNEL_BYTES,
            MoeFinalizeSwap::MAINLOOP_BYTES,
            MoeFinalizeSwap::EPILOGUE_BYTES,
            MoeFinalizeSwap::STAGES
        ),
        (96256, 77824, 18432, 3)
    );
    eval_line::<DenseFp4Out>(
        r#"{"id": "y", "arch": "sm121", "kernel": "dense", "a": "nvfp4", "b": "nvfp4", "c": "void", "d": "nvfp4", "tile": [128, 256, 128], "schedule": "pingpong", "stages": "auto"}"#,
    );
}

#[smem_check(sm120, cutlass = "4.2.0", kernel = grouped, a = mxfp4, b = mxfp4, c = bf16, d = bf16, tile = [128, 128, 128], schedule = pingpong, stages = 3)]
struct MeasuredGroupedMxfp4;

/// The constants equal nvcc's measurement of the same configuration (the shared data row is read,
/// not restated).
#[test]
fn constants_equal_a_measured_row() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/sm120-cutlass-4.2.0.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let row: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["id"] == "sm120-grouped-mxfp4xmxfp4-bf16-bf16-128x128x128-pingpong-s3")
        .expect("the measured row is in the shared data");
    let r = &row["result"];
    assert_eq!(r["kernel_bytes"], MeasuredGroupedMxfp4::KERNEL_BYTES);
    assert_eq!(r["mainloop_bytes"], MeasuredGroupedMxfp4::MAINLOOP_BYTES);
    assert_eq!(r["epilogue_bytes"], MeasuredGroupedMxfp4::EPILOGUE_BYTES);
    assert_eq!(r["stages"], MeasuredGroupedMxfp4::STAGES);
    assert_eq!(GroupedMxfp4::ARCHS, &[smem_lint::model::Arch::Sm120]);
}

/// The macro's build pulls the model and syn, never the CLI's dependencies.
#[test]
fn the_macro_does_not_pull_the_cli_dependencies() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "-p", "smem-lint-macros", "-e", "normal", "--prefix", "none", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8(out.stdout).unwrap();
    assert!(tree.contains("smem-lint v") && tree.contains("syn v"), "{tree}");
    for heavy in ["toml v", "miette v", "clap v", "serde_json v", "cargo_metadata v"] {
        assert!(!tree.contains(heavy), "the macro pulls {heavy}:\n{tree}");
    }
}

/// The model crate has no dependency at all (so it can do no I/O through one, and knows no rule).
#[test]
fn the_model_has_no_dependencies() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "-p", "smem-lint-model", "-e", "normal,build", "--prefix", "none", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8(out.stdout).unwrap();
    let crates: Vec<&str> = tree.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(crates.len(), 1, "{tree}");
    assert!(crates[0].starts_with("smem-lint-model v"), "{tree}");
}
