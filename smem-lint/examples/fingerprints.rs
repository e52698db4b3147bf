//! Regenerate `smem-lint/src/fingerprint/table.rs`, the fingerprints of the known CUTLASS releases,
//! from their real headers:
//!
//! ```sh
//! cargo run -p smem-lint --example fingerprints                  # ../shared/cutlass/cutlass-include.bundle
//! cargo run -p smem-lint --example fingerprints -- REPO_OR_BUNDLE
//! cargo run -p smem-lint --example fingerprints -- --check       # exit 1 if the committed table is stale
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut check = false;
    let mut source = manifest.join("../../shared/cutlass/cutlass-include.bundle");
    for arg in std::env::args_os().skip(1) {
        if arg == "--check" {
            check = true;
        } else {
            source = PathBuf::from(arg);
        }
    }
    let table = manifest.join("src/fingerprint/table.rs");
    let text = match smem_lint::fingerprint::generate::table_from_git(&source) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}\nhelp: pass a clone of the CUTLASS release bundle (../shared/cutlass/README.md)");
            return ExitCode::from(2);
        }
    };
    let old = std::fs::read_to_string(&table).unwrap_or_default();
    if check {
        if old == text {
            eprintln!("{} is up to date", table.display());
            return ExitCode::SUCCESS;
        }
        eprintln!("{} is stale: run `cargo run -p smem-lint --example fingerprints`", table.display());
        return ExitCode::from(1);
    }
    if old != text {
        if let Err(e) = std::fs::write(&table, text) {
            eprintln!("error: cannot write {}: {e}", table.display());
            return ExitCode::from(2);
        }
    }
    eprintln!("wrote {}", table.display());
    ExitCode::SUCCESS
}
