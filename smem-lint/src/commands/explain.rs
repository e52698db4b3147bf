//! `smem-lint explain`: the byte breakdown of one kernel, from a TOML file or written as flags
//! (`front::flags`).

use super::{resolve_cutlass, ExplainFormat, Target};
use crate::check::FileReport;
use crate::exit::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT_ERROR};
use crate::model::{assess, KernelConfig};
use crate::output::{err, errln, out};
use std::path::{Path, PathBuf};

pub(super) fn explain(
    file: Option<&Path>,
    flags: &crate::front::flags::KernelFlags,
    format: ExplainFormat,
    target: &Target,
) -> u8 {
    // With a file, `--name` (or `--kernel`, its older spelling) picks the kernel; without one, the
    // flags are the kernel, read as the TOML table they write.
    let (file, source, kernel) = match file {
        Some(file) => {
            if let Some(k) = flags.others(&["name", "kernel"]).next() {
                errln!(
                    "error: --{} describes a kernel inline; with a FILE, only --name picks one of its kernels",
                    k.replace('_', "-")
                );
                return EXIT_INPUT_ERROR;
            }
            match crate::input::read_named(file) {
                Ok(s) => (file.to_path_buf(), s, flags.get("name").or(flags.get("kernel"))),
                Err(e) => {
                    errln!("error: {e}");
                    return EXIT_INPUT_ERROR;
                }
            }
        }
        None if flags.values.is_empty() => {
            errln!(
                "error: name a TOML file, or write the kernel as flags: \
                 `smem-lint explain --tile 128x128x128 --operands nvfp4,nvfp4 --outputs bf16,bf16`"
            );
            return EXIT_INPUT_ERROR;
        }
        None => (PathBuf::from(crate::front::flags::SOURCE_NAME), flags.to_toml(), None),
    };
    let file = file.as_path();
    let parsed = crate::config_file::parse(&source);
    if !parsed.errors.is_empty() {
        let report =
            FileReport { path: file.to_path_buf(), source, input_errors: parsed.errors, ..FileReport::default() };
        err!("{}", crate::diagnostics::render(&crate::diagnostics::diags(&report), false, 100));
        return EXIT_INPUT_ERROR;
    }
    let entry = match kernel {
        Some(k) => parsed.entries.iter().find(|e| e.name == k),
        None if parsed.entries.len() == 1 => parsed.entries.first(),
        None => {
            let names: Vec<&str> = parsed.entries.iter().map(|e| e.name.as_str()).take(50).collect();
            errln!(
                "error: {} declares {} kernels; name one with --name: {}{}",
                file.display(),
                parsed.entries.len(),
                names.join(", "),
                if parsed.entries.len() > names.len() { ", ..." } else { "" }
            );
            return EXIT_INPUT_ERROR;
        }
    };
    let Some(entry) = entry else {
        let names: Vec<&str> = parsed.entries.iter().map(|e| e.name.as_str()).take(20).collect();
        errln!(
            "error: no kernel `{}` in {}; kernels: {}",
            kernel.unwrap_or_default(),
            file.display(),
            names.join(", ")
        );
        return EXIT_INPUT_ERROR;
    };
    let mut cfg = entry.config;
    match resolve_cutlass(target.cutlass, target.cutlass_include.as_deref()) {
        Ok(Some(v)) => cfg.cutlass = v,
        Ok(None) => {}
        Err(e) => {
            errln!("error: {e}");
            return EXIT_INPUT_ERROR;
        }
    }
    let archs = if target.archs.is_empty() { entry.targets.clone() } else { target.archs.clone() };
    let result = match format {
        ExplainFormat::Table => crate::explain::table(&cfg, &archs),
        ExplainFormat::Json => {
            crate::explain::to_json(&cfg, &archs).map(|v| serde_json::to_string_pretty(&v).unwrap_or_default() + "\n")
        }
    };
    match result {
        Ok(text) => {
            out!("{text}");
            // The same classes as check: 1 when the kernel cannot launch on one of the architectures.
            let launches =
                archs.iter().all(|&a| assess(&KernelConfig { arch: a, ..cfg }, a).is_ok_and(|x| x.launchable()));
            if launches {
                EXIT_CLEAN
            } else {
                EXIT_FINDINGS
            }
        }
        Err(e) => {
            errln!("error: `{}` cannot be explained: {e}", entry.name);
            if e.out_of_bounds {
                EXIT_INPUT_ERROR
            } else {
                EXIT_FINDINGS
            }
        }
    }
}
