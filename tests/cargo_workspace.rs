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

#[test]
fn emit_check_fails_on_stale_tables_until_they_are_regenerated() {
    let ws = copy("basic");
    let (code, _, err) = cargo_smem_lint(&ws, &["emit", "--check"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("generated/kernels.json is stale") && err.contains("kernels/table.cmake is stale: missing"),
        "{err}"
    );
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
