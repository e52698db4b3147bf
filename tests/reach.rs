//! The README's reach table is what `smem-lint check` says about `configs/real/` today: for each
//! list, its kernels, how many the model answers exactly, how many of those cannot launch, and how
//! many it refuses. A model change that moves a count fails here until the table says so.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// `(kernels, modelled, cannot launch, refused)` from `check FILE --format json`.
fn counts(file: &str) -> [u64; 4] {
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(root())
        .args(["check", file, "--format", "json"])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{file}: {e}"));
    // A list whose every kernel is inexpressible (kept as comments) declares no configuration:
    // the one input error it may have is that (`smem::empty-input`), and it counts zero kernels.
    let findings = doc["findings"].as_array().unwrap();
    if findings.len() == 1 && findings[0]["code"] == "smem::empty-input" {
        return [0; 4];
    }
    assert_eq!(doc["summary"]["input_errors"], 0, "{file}");
    let mut codes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in doc["findings"].as_array().unwrap() {
        codes.entry(f["kernel"].as_str().unwrap().to_string()).or_default().push(f["code"].as_str().unwrap().into());
    }
    let refused = codes.values().filter(|c| c.iter().any(|c| c == "smem::not-modelled")).count() as u64;
    let kernels = doc["summary"]["launchable_kernels"].as_u64().unwrap() + codes.len() as u64;
    [kernels, kernels - refused, codes.len() as u64 - refused, refused]
}

fn number(cell: &str) -> u64 {
    cell.trim().trim_matches('*').replace(',', "").parse().unwrap_or_else(|e| panic!("{cell:?}: {e}"))
}

#[test]
fn the_readme_reach_table_is_what_check_says() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme.split("\n## Reach\n").nth(1).expect("README.md has a Reach section");
    let mut listed = Vec::new();
    let mut total = [0; 4];
    for line in section.lines().take_while(|l| !l.starts_with("## ")).filter(|l| l.starts_with("| [`")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let file = cells[1].split("](").nth(1).and_then(|s| s.strip_suffix(')')).expect("a link to the list");
        let want: Vec<u64> = cells[3..7].iter().map(|c| number(c)).collect();
        let got = counts(file);
        assert_eq!(want, got, "README.md's reach row for {file} (kernels, modelled, cannot launch, refused)");
        for (t, g) in total.iter_mut().zip(got) {
            *t += g;
        }
        listed.push(file.to_string());
    }
    let mut files: Vec<String> = std::fs::read_dir(root().join("configs/real"))
        .unwrap()
        .map(|e| format!("configs/real/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| Path::new(f).extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    listed.sort();
    assert_eq!(listed, files, "the table lists every file of configs/real/");
    let all = section.lines().find(|l| l.starts_with("| **all**")).expect("an all row");
    let want: Vec<u64> = all.split('|').map(str::trim).skip(3).take(4).map(number).collect();
    assert_eq!(want, total, "the all row");
}
