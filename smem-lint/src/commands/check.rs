//! `smem-lint check`: TOML files, or (`cargo smem-lint` without paths) the workspace's files and
//! `#[smem_check]` structs, checked and reported.

use crate::check::Options;
use crate::exit::EXIT_INPUT_ERROR;
use crate::output::errln;
use crate::report::{check_paths, print_reports_with, OutputFormat, Shown};
use std::path::PathBuf;

#[cfg(feature = "cargo")]
pub(super) fn workspace_check(manifest: Option<&std::path::Path>, format: OutputFormat, shown: &Shown) -> u8 {
    match crate::workspace::load(manifest).and_then(|ws| crate::workspace::check(&ws)) {
        Ok(reports) if reports.is_empty() => {
            errln!(
                "error: nothing to check: no kernel configuration file and no #[smem_check] struct in this workspace\n  \
                 help: list your TOML files in the workspace's Cargo.toml:\n\n  \
                 [workspace.metadata.smem-lint]\n  configs = [\"kernels/*.toml\"]"
            );
            EXIT_INPUT_ERROR
        }
        Ok(reports) => print_reports_with(&reports, format, shown),
        Err(e) => {
            errln!("error: {e}");
            EXIT_INPUT_ERROR
        }
    }
}

pub(super) fn check(paths: &[PathBuf], format: OutputFormat, opts: &Options, shown: &Shown) -> u8 {
    match check_paths(paths, opts) {
        Ok(reports) => print_reports_with(&reports, format, shown),
        Err(e) => {
            errln!("error: {e}");
            EXIT_INPUT_ERROR
        }
    }
}
