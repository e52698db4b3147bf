//! `smem-lint import-cutlass`: cutlass_library kernel names -> TOML.

use crate::exit::{EXIT_CLEAN, EXIT_INPUT_ERROR};
use crate::model::CutlassVersion;
use crate::output::errln;
use std::path::{Path, PathBuf};

pub(super) fn import_cutlass(files: &[PathBuf], output: &Path, note: Option<&str>, cutlass: CutlassVersion) -> u8 {
    use crate::cutlass_library::import::{import_names, reason_counts, to_toml, Imported};
    let mut imported: Vec<Imported> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut bad = 0;
    for f in files {
        let text = crate::input::read_named(f);
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                errln!("error: {e}");
                return EXIT_INPUT_ERROR;
            }
        };
        let (found, errors) = import_names(&text, cutlass);
        for e in &errors {
            errln!("error: {}:{}: {}", f.display(), e.line, e.message);
        }
        bad += errors.len();
        for i in found {
            if seen.insert(i.name().to_string()) {
                imported.push(i);
            } else {
                errln!(
                    "error: {}: `{}` is listed in an earlier file too: list each kernel once",
                    f.display(),
                    i.name()
                );
                bad += 1;
            }
        }
    }
    if bad > 0 {
        return EXIT_INPUT_ERROR;
    }
    if imported.is_empty() {
        errln!(
            "error: no kernel name in {}\n  help: list the names one per line, as cutlass_library's generator writes them with \
             --selected-kernel-list or `cutlass_profiler --operation=gemm --enumerate` prints them",
            files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
        );
        return EXIT_INPUT_ERROR;
    }
    let default_note =
        format!("Imported from {}", files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "));
    let text = to_toml(&imported, note.unwrap_or(&default_note), cutlass);
    if let Err(e) = crate::atomic::write(output, text.as_bytes()) {
        errln!("error: cannot write {}: {e}", output.display());
        return EXIT_INPUT_ERROR;
    }
    let skipped = imported.iter().filter(|i| matches!(i, Imported::NotModelled { .. })).count();
    errln!(
        "wrote {} with {} kernel(s); {skipped} name(s) commented out as not modelled",
        output.display(),
        imported.len() - skipped
    );
    for (n, reason) in reason_counts(&imported) {
        errln!("  {n:>6} x {reason}");
    }
    EXIT_CLEAN
}
