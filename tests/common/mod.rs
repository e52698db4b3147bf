//! Helpers shared by the integration tests: the measured data files.

#![allow(dead_code)]

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
