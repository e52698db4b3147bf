//! `smem-lint emit`: a table of the launchable kernels.

use crate::check::Options;
use crate::exit::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT_ERROR};
use crate::output::errln;
use crate::report::{check_paths, distinct_entries};
use crate::table::{write_table, CppFlavor, TableFormat, TableOutcome};
use std::path::{Path, PathBuf};

pub(super) fn emit_cmd(
    paths: &[PathBuf],
    format: TableFormat,
    flavor: CppFlavor,
    output: &Path,
    check_only: bool,
    opts: &Options,
) -> u8 {
    let reports = match check_paths(paths, opts) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {e}");
            return EXIT_INPUT_ERROR;
        }
    };
    let kept: usize = reports.iter().map(|r| r.launchable.len()).sum();
    let dropped: usize = reports.iter().map(distinct_entries).sum();
    let detail = format!(" ({kept} launchable kernel configuration(s); {dropped} left out, run `check` to see why)");
    match write_table(&reports, format, flavor, output, output, check_only, &detail) {
        Ok(TableOutcome::Stale) => EXIT_FINDINGS,
        Ok(_) => EXIT_CLEAN,
        Err(e) => {
            errln!("error: {e}");
            EXIT_INPUT_ERROR
        }
    }
}
