//! Helpers shared by the integration tests: the measured data files.

#![allow(dead_code)]

use std::io::Write as _;
use std::path::PathBuf;

/// `tests/data/NAME`, the repository's copy of the measured ground truth.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data").join(name)
}

pub fn read_data(name: &str) -> String {
    std::fs::read_to_string(data_path(name)).unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
}

/// The JSON objects of a `.jsonl` data file.
#[cfg(feature = "cli")]
pub fn rows(name: &str) -> Vec<serde_json::Value> {
    read_data(name).lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The names of the files in tests/data that start with `prefix`, sorted.
pub fn data_files(prefix: &str) -> Vec<String> {
    let dir = data_path("");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix) && std::path::Path::new(n).extension().is_some_and(|e| e == "jsonl"))
        .collect();
    names.sort();
    names
}

/// The tests that read `../shared` (the measurement repository CI lays beside the clone) and the
/// path each reads. Only these may skip, and only because `../shared` is absent: every other test
/// reads `tests/data` and `tests/vendor`, so a standalone clone runs them all.
/// `tests/agreement.rs` `only_the_listed_tests_read_shared` holds the test files to this list.
pub const SHARED_ONLY: [(&str, &str); 3] = [
    // tests/data's copies are byte-identical to the measurements they were copied from.
    ("data_copies_are_current", "data"),
    // The release bundle: every tag's headers, checked out with git.
    ("every_release_tag_is_recognised_from_its_headers", "cutlass/cutlass-include.bundle"),
    ("table_matches_the_release_bundle", "cutlass/cutlass-include.bundle"),
];

/// `../shared/REL` for the test `test` (one of [`SHARED_ONLY`]), or `None` when it is absent: the
/// test then skips, and says so on standard error with the count of such tests. `SMEM_LINT_SHARED`
/// names another directory (a nonexistent one simulates a standalone clone); with
/// `SMEM_LINT_REQUIRE_SHARED=1` (CI, where ../shared is laid beside the clone) an absent path fails.
pub fn shared(test: &str) -> Option<PathBuf> {
    let index = SHARED_ONLY
        .iter()
        .position(|(t, _)| *t == test)
        .unwrap_or_else(|| panic!("{test} is not in common::SHARED_ONLY: read tests/data instead"));
    let root = std::env::var_os("SMEM_LINT_SHARED")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"), PathBuf::from);
    let path = root.join(SHARED_ONLY[index].1);
    if path.exists() {
        return Some(path);
    }
    let required = std::env::var_os("SMEM_LINT_REQUIRE_SHARED").is_some_and(|v| v == "1");
    assert!(!required, "{test}: {} is missing and SMEM_LINT_REQUIRE_SHARED=1", path.display());
    // Written to the process's standard error, not through `eprintln!`, which the test harness
    // captures and hides for a test that passes.
    let _ = writeln!(
        std::io::stderr().lock(),
        "\n*** SKIPPED {test} ({} of {} tests that need ../shared): {} is absent. \
         It checks ../shared itself; every other test reads tests/data. ***\n",
        index + 1,
        SHARED_ONLY.len(),
        path.display()
    );
    None
}

/// The JSON objects of a gzipped `.jsonl.gz` data file under `tests/data/` (the CuTe DSL
/// measurements, `tests/data/dsl/`).
#[cfg(feature = "cli")]
pub fn gz_rows(name: &str) -> Vec<serde_json::Value> {
    use std::io::Read as _;
    let bytes = std::fs::read(data_path(name)).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes.as_slice())
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{name} is not gzipped JSON lines: {e}"));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The names of the files in `tests/data/DIR` ending in `.jsonl.gz` that start with `prefix`, sorted,
/// as `DIR/NAME`.
pub fn gz_files(dir: &str, prefix: &str) -> Vec<String> {
    let path = data_path(dir);
    let mut names: Vec<String> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", path.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix) && n.ends_with(".jsonl.gz"))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    names.sort();
    names
}
