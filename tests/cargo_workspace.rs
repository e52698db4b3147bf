//! `cargo smem-lint` on fixture workspaces (tests/fixtures/workspaces): several members, settings
//! in [workspace.metadata] and [package.metadata], TOML configs and #[smem_check] structs, stale
//! tables, a member without configs, a broken setting.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/workspaces").join(name)
}

/// A private copy of a fixture workspace, so tests can fix files and write tables.
fn copy(name: &str) -> PathBuf {
    fn cp(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            let target = to.join(e.file_name());
            if e.path().is_dir() {
                cp(&e.path(), &target);
            } else {
                std::fs::copy(e.path(), target).unwrap();
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("smem-lint-ws-{}-{name}-{}", std::process::id(), rand_suffix()));
    cp(&fixture(name), &dir);
    dir
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}

fn cargo_smem_lint(ws: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cargo-smem-lint"))
        .arg("smem-lint")
        .args(args)
        .arg("--manifest-path")
        .arg(ws.join("Cargo.toml"))
        .arg("--color")
        .arg("never")
        .env("CARGO", env!("CARGO"))
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn findings(out: &str) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(out).unwrap();
    v["findings"].as_array().unwrap().clone()
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} not in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn both_kinds_of_declarations_are_reported_then_fixed() {
    let ws = copy("basic");
    let (code, out, err) = cargo_smem_lint(&ws, &["check", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let f = findings(&out);
    let errors: Vec<(&str, u64, &str)> = f
        .iter()
        .filter(|x| x["severity"] == "error")
        .map(|x| (x["file"].as_str().unwrap(), x["line"].as_u64().unwrap(), x["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        errors,
        [("configs/moe.toml", 13, "smem::exceeds-cap"), ("kernels/src/lib.rs", 10, "smem::exceeds-cap")],
        "{out}"
    );
    // The unbuildable tile is downgraded to a warning by [workspace.metadata.smem-lint] warn.
    assert!(f.iter().any(|x| x["code"] == "smem::unbuildable" && x["severity"] == "warning"));
    // Members without configs (app: no #[smem_check]; empty: rust = false) add no file.
    let files: std::collections::BTreeSet<&str> = f.iter().map(|x| x["file"].as_str().unwrap()).collect();
    assert!(files.iter().all(|p| !p.starts_with("app/") && !p.starts_with("empty/")));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["files"], 3, "moe.toml, kernels/kernels.toml, kernels/src/lib.rs");

    edit(&ws.join("configs/moe.toml"), "stages = 4", "stages = 3");
    edit(&ws.join("kernels/src/lib.rs"), "stages = 4", "stages = 3");
    let (code, out, _) = cargo_smem_lint(&ws, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("⚠") && out.contains("smem::unbuildable"), "{out}");
}

#[test]
fn human_output_points_into_both_files() {
    let ws = copy("basic");
    let (code, out, _) = cargo_smem_lint(&ws, &["check"]);
    assert_eq!(code, 1);
    assert!(out.contains("╭─[configs/moe.toml:13:10]"), "{out}");
    assert!(out.contains("╭─[kernels/src/lib.rs:10:118]"), "{out}");
    assert!(out.contains("needs 125952 bytes"), "{out}");
}

#[test]
fn sarif_locations_are_relative_to_the_workspace() {
    let ws = copy("basic");
    let (_, out, _) = cargo_smem_lint(&ws, &["check", "--format", "sarif"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let uris: Vec<&str> = v["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap())
        .collect();
    assert!(uris.contains(&"kernels/src/lib.rs") && uris.contains(&"configs/moe.toml"), "{uris:?}");
    let levels: Vec<&str> =
        v["runs"][0]["results"].as_array().unwrap().iter().map(|r| r["level"].as_str().unwrap()).collect();
    assert!(levels.contains(&"warning") && levels.contains(&"error"));
}

/// `emit --check` fails on stale or missing tables; `emit` writes them, creating missing folders.
#[test]
fn emit_check_fails_on_stale_tables_until_they_are_regenerated() {
    let ws = copy("basic");
    let (code, _, err) = cargo_smem_lint(&ws, &["emit", "--check"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("generated/kernels.json is stale") && err.contains("kernels/table.cmake is stale: missing"),
        "{err}"
    );
    // A configured `path` whose folder is missing gets it, as `emit -o` does.
    std::fs::remove_dir_all(ws.join("generated")).unwrap();
    let (code, _, err) = cargo_smem_lint(&ws, &["emit"]);
    assert_eq!(code, 0, "{err}");
    let table = std::fs::read_to_string(ws.join("generated/kernels.json")).unwrap();
    assert!(table.contains("\"moe_128x128x128\"") && !table.contains("moe_128x256x128_s4"), "{table}");
    assert!(std::fs::read_to_string(ws.join("kernels/table.cmake")).unwrap().contains("dense_128x128x128"));
    let (code, _, err) = cargo_smem_lint(&ws, &["emit", "--check"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn broken_settings_point_into_cargo_toml() {
    let (code, out, _) = cargo_smem_lint(&fixture("broken"), &["check", "--format", "json"]);
    assert_eq!(code, 2, "{out}");
    let f = findings(&out);
    let got: Vec<(&str, u64, &str)> = f
        .iter()
        .map(|x| (x["file"].as_str().unwrap(), x["line"].as_u64().unwrap(), x["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            // `configs = ["*.toml"]` matches no kernel configuration there: a glob that checks
            // nothing is an error, not a pass.
            ("Cargo.toml", 7, "smem::invalid-value"),
            ("Cargo.toml", 8, "smem::unknown-value"),
            ("Cargo.toml", 9, "smem::unknown-value"),
            ("Cargo.toml", 10, "smem::unknown-key")
        ]
    );
}

#[test]
fn help_names_the_cargo_subcommand() {
    let out = Command::new(env!("CARGO_BIN_EXE_cargo-smem-lint")).args(["smem-lint", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("Usage: cargo smem-lint"), "{help}");
    for sub in ["check", "explain", "emit", "verify", "eval", "import-trtllm"] {
        assert!(help.contains(sub), "{sub}");
    }
}

/// Rust structs are checked as their attribute says, never re-targeted by workspace settings; the
/// attribute is found under a renamed import and behind `cfg_attr`; a misspelled marker field and
/// the attribute on an enum are errors; fitting structs count as launchable.
#[test]
fn rust_structs_are_checked_as_their_attribute_says() {
    let ws = copy("basic");
    let src = ws.join("app/src/main.rs");
    let text = std::fs::read_to_string(&src).unwrap();
    std::fs::write(
        &src,
        format!(
            "{text}\nuse smem_lint_macros::smem_check as check;\n\
             #[check(sm120, kernel = dense, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256, 128], stages = 4)]\n\
             pub struct Renamed;\n\
             #[cfg_attr(feature = \"gpu\", smem_check(sm120, kernel = dense, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 128], stages = 2))]\n\
             pub struct BehindCfgAttr;\n\
             #[smem_check(sm120)]\n\
             pub struct Typo {{ kernel: Grouped, a: Nvfp4, b: Nvfp4, c: Bf16, d: Bf16, tile: Tile<128, 256, 128>, stagse: Stages<4> }}\n\
             #[smem_check(sm120)]\n\
             pub enum NotAStruct {{ A }}\n"
        ),
    )
    .unwrap();
    let (code, out, err) = cargo_smem_lint(&ws, &["check", "--format", "json"]);
    assert_eq!(code, 2, "{out}{err}");
    let f = findings(&out);
    let in_main: Vec<&serde_json::Value> =
        f.iter().filter(|x| x["file"].as_str().unwrap().ends_with("main.rs")).collect();
    let renamed = in_main.iter().find(|x| x["kernel"] == "Renamed").expect("the renamed attribute is checked");
    assert_eq!(renamed["code"], "smem::exceeds-cap");
    assert_eq!(renamed["kernel_bytes"], 124_928);
    assert_eq!(renamed["over_bytes"], 124_928 - 101_376);
    assert!(in_main.iter().any(|x| x["message"].as_str().unwrap().contains("`stagse`")), "{out}");
    assert!(in_main.iter().any(|x| x["message"].as_str().unwrap().contains("not on an enum")), "{out}");
    // The struct behind cfg_attr fits (2 stages) and is counted as launchable with the rest.
    let summary: serde_json::Value = serde_json::from_str::<serde_json::Value>(&out).unwrap()["summary"].clone();
    assert!(summary["launchable_kernels"].as_u64().unwrap() >= 1, "{summary}");

    // Workspace `archs` are for the TOML configurations: a struct is checked as its attribute says
    // (sm120), as `cargo build` checks it, whatever the workspace targets.
    edit(&ws.join("Cargo.toml"), "archs = [\"sm120\", \"sm121\"]", "archs = [\"sm90\"]");
    let (_, out, _) = cargo_smem_lint(&ws, &["check", "--format", "json"]);
    let f = findings(&out);
    let renamed = f.iter().find(|x| x["kernel"] == "Renamed").expect("still checked");
    assert_eq!(renamed["code"], "smem::exceeds-cap", "{out}");
    assert_eq!(renamed["archs"], serde_json::json!(["sm120"]));
    assert_eq!(renamed["kernel_bytes"], 124_928);
}

/// `-q` and `--max-findings` work in workspace mode, with or without naming `check`.
#[test]
fn quiet_and_max_findings_work_in_workspace_mode() {
    let ws = copy("basic");
    let (full_code, full, _) = cargo_smem_lint(&ws, &["check"]);
    assert_eq!(full_code, 1, "{full}");
    for args in [&["-q"][..], &["check", "-q"][..], &["check", "--quiet"][..]] {
        let (code, out, err) = cargo_smem_lint(&ws, args);
        assert_eq!(code, full_code, "{args:?}: {out}{err}");
        let text = out + &err;
        assert_eq!(text.trim().lines().count(), 1, "{args:?}: only the summary line: {text}");
        assert!(text.contains("finding(s)"), "{text}");
    }
    let (_, all, _) = cargo_smem_lint(&ws, &["check", "--format", "json"]);
    assert!(findings(&all).len() >= 2, "{all}");
    let (_, one, _) = cargo_smem_lint(&ws, &["check", "--max-findings", "1"]);
    let (_, one_top, _) = cargo_smem_lint(&ws, &["--max-findings", "1"]);
    assert_eq!(one, one_top);
    assert_eq!(one.matches("smem::").count(), 1, "{one}");
}
