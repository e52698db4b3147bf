//! `smem-lint import-trtllm`: TensorRT-LLM / FlashInfer MoE instantiation lists -> TOML.

use crate::exit::{EXIT_CLEAN, EXIT_INPUT_ERROR};
use crate::model::{Arch, CutlassVersion};
use crate::output::errln;
use std::path::{Path, PathBuf};

pub(super) fn import_trtllm(
    files: &[PathBuf],
    output: &Path,
    note: Option<&str>,
    cutlass: CutlassVersion,
    archs: &[Arch],
    provenance: Option<&crate::import::Provenance>,
) -> u8 {
    // Only distinct kernels are kept (a repeated call is one kernel): memory holds those, not every
    // call of a million-call list.
    let mut found = Vec::new();
    let mut kernels = std::collections::HashSet::new();
    let mut calls = 0usize;
    let mut bad = 0;
    let mut others = 0;
    for f in files {
        let text = match crate::input::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                errln!("error: {e}");
                return EXIT_INPUT_ERROR;
            }
        };
        others += crate::import::other_launcher_instantiations(&text);
        crate::import::trtllm_moe_each(&text, crate::limits::MAX_IMPORT_CALLS, &mut |line, r| match r {
            Ok(i) => {
                calls += 1;
                if kernels.insert(crate::import::kernel_key(&i)) {
                    found.push(i);
                }
            }
            Err(e) => {
                errln!("error: {}:{line}: {e}", f.display());
                bad += 1;
            }
        });
    }
    if bad > 0 {
        return EXIT_INPUT_ERROR;
    }
    if others > 0 {
        errln!(
            "note: {others} instantiation(s) of other MoE launchers ({}) are not read: only the \
             INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM calls are",
            crate::import::OTHER_LAUNCHERS.join(", ")
        );
    }
    if found.is_empty() {
        errln!(
            "error: no INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM call in {}; nothing written\n  \
             help: pass the generated .cu files that hold the calls (FlashInfer and TensorRT-LLM write them \
             as *.generated.cu)",
            files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
        );
        return EXIT_INPUT_ERROR;
    }
    let archs = if archs.is_empty() { vec![Arch::Sm120, Arch::Sm121] } else { archs.to_vec() };
    let default_note =
        format!("Imported from {}", files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "));
    let text = crate::import::to_toml(&found, note.unwrap_or(&default_note), cutlass, &archs, provenance);
    if let Err(e) = crate::atomic::write(output, text.as_bytes()) {
        errln!("error: cannot write {}: {e}", output.display());
        return EXIT_INPUT_ERROR;
    }
    let distinct = crate::import::unique(&found).len();
    let repeated = calls - distinct;
    let note = if repeated > 0 { format!(" ({repeated} repeated call(s) listed once)") } else { String::new() };
    let (kernels, reasons) = crate::import::reason_counts(&found, cutlass, &archs);
    errln!(
        "wrote {} with {kernels} kernel(s); {} call(s) commented out as not modelled{note}",
        output.display(),
        distinct - kernels
    );
    for (n, reason) in reasons {
        errln!("  {n:>6} x {reason}");
    }
    EXIT_CLEAN
}
