//! `smem-lint emit`: only launchable kernels, deterministic, atomic, and the C++ compiles.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn smem_lint(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).current_dir(root()).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("smem-lint-emit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn emit(input: &str, format: &[&str], out: &Path) -> (i32, String) {
    let mut args = vec!["emit", input, "-o", out.to_str().unwrap()];
    args.extend_from_slice(format);
    smem_lint(&args)
}

/// Against measured sizes: the incident tiles that fit (89088 and 98304 bytes, measured) are in the
/// table; the ones measured over the cap (125952 bytes with 4 stages; 102400 bytes for CUTLASS 4.2's
/// automatic count on grouped MXFP4) are not.
#[test]
fn the_table_holds_exactly_the_launchable_kernels() {
    let dir = tmp("json");
    let out = dir.join("kernels.json");
    let (code, err) = emit("configs/quickstart.toml", &["--format", "json"], &out);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let names: Vec<&str> = v["kernels"].as_array().unwrap().iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["moe_128x128x128", "moe_128x256x128"]);
    let bytes: Vec<u64> =
        v["kernels"].as_array().unwrap().iter().map(|k| k["kernel_bytes"].as_u64().unwrap()).collect();
    assert_eq!(bytes, [89088, 98304]);
    assert_eq!(v["archs"], serde_json::json!(["sm120", "sm121"]));
    assert!(v["generator"].as_str().unwrap().starts_with("smem-lint "));
}

#[test]
fn every_emitted_kernel_fits_and_every_left_out_one_has_a_finding() {
    let dir = tmp("sweep");
    let out = dir.join("space.json");
    let (code, err) = emit("configs/sm120-nvfp4-mxfp8-space.toml", &["--format", "json"], &out);
    assert_eq!(code, 0, "{err}");
    // Sweep points that resolve to the same kernel ("auto" picking the count another point names)
    // are listed once, each merge noted.
    let merged = err.matches("is the same kernel as").count();
    assert!(merged > 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let kernels = v["kernels"].as_array().unwrap();
    assert!(kernels.len() > 100);
    for k in kernels {
        assert!(k["kernel_bytes"].as_u64().unwrap() <= 101_376, "{k}");
    }
    let check = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(root())
        .args(["check", "configs/sm120-nvfp4-mxfp8-space.toml", "--format", "json"])
        .output()
        .unwrap();
    let c: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    let flagged: std::collections::HashSet<&str> =
        c["findings"].as_array().unwrap().iter().map(|f| f["kernel"].as_str().unwrap()).collect();
    assert_eq!(kernels.len() + merged + flagged.len(), c["summary"]["checked"].as_u64().unwrap() as usize / 2);
    for k in kernels {
        assert!(!flagged.contains(k["name"].as_str().unwrap()));
    }
}

#[test]
fn output_is_byte_identical_across_runs() {
    let dir = tmp("det");
    for (i, fmt) in [
        ["--format", "json", "--cpp-flavor", "xmacro"],
        ["--format", "cpp", "--cpp-flavor", "xmacro"],
        ["--format", "cpp", "--cpp-flavor", "cutlass"],
        ["--format", "cmake", "--cpp-flavor", "xmacro"],
    ]
    .iter()
    .enumerate()
    {
        let (a, b) = (dir.join(format!("a{i}")), dir.join(format!("b{i}")));
        assert_eq!(emit("configs", fmt, &a).0, 0);
        assert_eq!(emit("configs", fmt, &b).0, 0);
        let (x, y) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
        assert!(!x.is_empty());
        assert_eq!(x, y, "{fmt:?}");
        let text = String::from_utf8(x).unwrap();
        assert!(text.contains(concat!("smem-lint ", env!("CARGO_PKG_VERSION"))), "header names the tool version");
        assert!(text.contains("4.5.0") && text.contains("sm120"), "header names CUTLASS and the archs");
    }
}

#[test]
fn a_failed_run_leaves_the_previous_file_untouched() {
    let dir = tmp("atomic");
    let out = dir.join("table.hpp");
    assert_eq!(emit("configs/quickstart.toml", &["--format", "cpp"], &out).0, 0);
    let before = std::fs::read(&out).unwrap();
    let (code, err) = emit("tests/fixtures/check/input_errors.toml", &["--format", "cpp"], &out);
    assert_eq!(code, 2);
    assert!(err.contains("not written"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), before);
    // A folder that cannot be made (a regular file stands in its way): nothing written, no temporary.
    let (code, err) = emit("configs/quickstart.toml", &["--format", "cpp"], &out.join("sub/t.hpp"));
    assert_eq!(code, 2);
    assert!(err.contains("cannot create the folder") && !err.contains(".smem-lint-"), "{err}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary files left behind: {leftovers:?}");
    assert_eq!(std::fs::read(&out).unwrap(), before);
}

#[test]
fn check_mode_detects_a_stale_table() {
    let dir = tmp("stale");
    let out = dir.join("k.cmake");
    assert_eq!(emit("configs/quickstart.toml", &["--format", "cmake"], &out).0, 0);
    assert_eq!(emit("configs/quickstart.toml", &["--format", "cmake", "--check"], &out).0, 0);
    std::fs::write(&out, std::fs::read_to_string(&out).unwrap().replace("89088", "89089")).unwrap();
    let (code, err) = emit("configs/quickstart.toml", &["--format", "cmake", "--check"], &out);
    assert_eq!(code, 1);
    assert!(err.contains("stale") && err.contains("differ"), "{err}");
}

/// The X-macro table compiles (g++ -fsyntax-only) and its static_asserts hold.
#[test]
fn xmacro_table_compiles_with_gxx() {
    let dir = tmp("gxx");
    let table = dir.join("smem_lint_kernels.hpp");
    assert_eq!(emit("configs", &["--format", "cpp"], &table).0, 0);
    let text = std::fs::read_to_string(&table).unwrap();
    // CUTLASS kernels in SMEM_LINT_KERNELS; CuTe DSL kernels (no C++ type) in SMEM_LINT_DSL_KERNELS.
    let (cutlass, dsl) = text.split_once("#define SMEM_LINT_DSL_KERNELS").unwrap_or((&text, ""));
    let n = cutlass.matches("\n  X(").count();
    let n_dsl = dsl.matches("\n  X(").count();
    assert!(n > 100 && n_dsl >= 2, "{n} CUTLASS and {n_dsl} DSL rows");
    let src = dir.join("use.cpp");
    std::fs::write(
        &src,
        format!(
            r#"#include "smem_lint_kernels.hpp"
struct Kernel {{ const char* name; const char* kind; int m, n, k, stages, smem_bytes; }};
#define AS_ENTRY(name, kind, a, b, c, d, M, N, K, schedule, stages, bytes, family, epilogue) Kernel{{#name, #kind, M, N, K, stages, bytes}},
constexpr Kernel kernels[] = {{ SMEM_LINT_KERNELS(AS_ENTRY) }};
static_assert(sizeof(kernels) / sizeof(kernels[0]) == SMEM_LINT_KERNEL_COUNT, "count");
static_assert(SMEM_LINT_KERNEL_COUNT == {n}, "rows");
#define DSL_FITS(name, family, release, tile_m, tile_n, stages, bytes) static_assert(bytes <= 101376 && stages >= 1 && tile_m > 0, #name);
SMEM_LINT_DSL_KERNELS(DSL_FITS)
static_assert(SMEM_LINT_DSL_KERNEL_COUNT == {n_dsl}, "DSL rows");
// SM90/SM100 rows carry their architecture in the family token; everything else is SM120.
constexpr bool datacenter(const char* f) {{ return f[0] == 's' && f[1] == 'm' && (f[2] == '9' || f[2] == '1'); }}
constexpr int cap(const char* f) {{ return datacenter(f) ? 232448 : 101376; }}
#define FITS(name, kind, a, b, c, d, M, N, K, schedule, stages, bytes, family, epilogue) static_assert(bytes <= cap(#family) && stages >= (datacenter(#family) ? 1 : 2), #name);
SMEM_LINT_KERNELS(FITS)
int main() {{ return kernels[0].smem_bytes > 0 ? 0 : 1; }}
"#
        ),
    )
    .unwrap();
    let gxx = Command::new("g++")
        .args(["-std=c++17", "-fsyntax-only", "-Wall", "-Werror"])
        .arg(&src)
        .current_dir(&dir)
        .output();
    let gxx = gxx.expect("g++ must be installed (.ci/run installs it)");
    assert!(gxx.status.success(), "{}", String::from_utf8_lossy(&gxx.stderr));
}
