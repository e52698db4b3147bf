//! Tables of launchable kernels from check reports (`emit`, `cargo smem-lint emit`): entries,
//! rendering in a format, and writing them safely (`--check` compares instead).

use std::path::Path;

use clap::ValueEnum;

use crate::check::FileReport;
use crate::emit::{self, TableEntry};
use crate::model::{Arch, KernelConfig};
use crate::output::errln;
use crate::report::{print_reports, OutputFormat};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Cpp,
    Json,
    Cmake,
    /// `CUTLASS_LIBRARY_KERNELS` (the launchable kernels) and `CUTLASS_LIBRARY_IGNORE_KERNELS` (the
    /// others) for CUTLASS's own CMake build, from files `import-cutlass` wrote.
    CmakeKernels,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CppFlavor {
    /// A neutral X-macro table of the parameters.
    Xmacro,
    /// CollectiveBuilder-based CUTLASS type aliases with static_asserts on the smem size.
    Cutlass,
}

/// The table entries of reports: launchable kernels only.
pub fn table_entries(reports: &[FileReport]) -> Vec<TableEntry> {
    table_entries_and_duplicates(reports).0
}

/// The table's entries, one per distinct kernel: configurations that resolve to the same kernel (the
/// same configuration once the stage policy is replaced by the stage count it picks, e.g. `"auto"`
/// and `4`) are kept once, under the first name; the others are returned as (dropped, kept) names.
pub(crate) fn table_entries_and_duplicates(reports: &[FileReport]) -> (Vec<TableEntry>, Vec<(String, String)>) {
    let mut seen: std::collections::HashMap<(KernelConfig, Vec<Arch>), String> = std::collections::HashMap::new();
    let mut entries = Vec::new();
    let mut duplicates = Vec::new();
    for l in reports.iter().flat_map(|r| r.launchable.iter()) {
        let stages = u32::try_from(l.sizes.stages).unwrap_or(u32::MAX);
        let key = (KernelConfig { stages: crate::model::StagePolicy::Fixed(stages), ..l.config }, l.archs.clone());
        if let Some(first) = seen.get(&key) {
            duplicates.push((l.entry.clone(), first.clone()));
            continue;
        }
        seen.insert(key, l.entry.clone());
        entries.push(TableEntry {
            name: l.entry.clone(),
            config: l.config,
            archs: l.archs.clone(),
            kernel_bytes: l.sizes.kernel_bytes,
            mainloop_bytes: l.sizes.mainloop_bytes,
            epilogue_bytes: l.sizes.epilogue_bytes,
            stages: l.sizes.stages,
        });
    }
    (entries, duplicates)
}

/// Render the table of launchable kernels in a format.
pub(crate) fn render_table(reports: &[FileReport], format: TableFormat, flavor: CppFlavor) -> Result<String, String> {
    if format == TableFormat::CmakeKernels {
        return cmake_kernel_lists(reports);
    }
    let entries = table_entries(reports);
    let mut archs: Vec<Arch> = entries.iter().flat_map(|e| e.archs.iter().copied()).collect();
    archs.sort();
    archs.dedup();
    let f = match (format, flavor) {
        (TableFormat::Json, _) => emit::Format::Json,
        (TableFormat::Cmake | TableFormat::CmakeKernels, _) => emit::Format::Cmake,
        (TableFormat::Cpp, CppFlavor::Xmacro) => emit::Format::CppXmacro,
        (TableFormat::Cpp, CppFlavor::Cutlass) => emit::Format::CppCutlass,
    };
    Ok(emit::render(f, &entries, &archs))
}

/// Every kernel name of the reports, launchable or not (each once, in file order), and the names an
/// `import-cutlass` file comments out (`# name = "..."`), into CUTLASS's CMake lists.
fn cmake_kernel_lists(reports: &[FileReport]) -> Result<String, String> {
    let mut kept: Vec<&str> = Vec::new();
    let mut dropped: Vec<&str> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut archs: Vec<Arch> = Vec::new();
    let mut versions = Vec::new();
    for r in reports {
        let failing: std::collections::HashSet<&str> = r.findings.iter().filter_map(|f| f.kernel_name()).collect();
        for l in &r.launchable {
            archs.extend(&l.archs);
            versions.push(l.config.cutlass);
            if !failing.contains(l.entry.as_str()) && seen.insert(l.entry.as_str()) {
                kept.push(&l.entry);
            }
        }
        for k in r.findings.iter().filter_map(|f| f.kernel.as_deref()) {
            archs.extend(&k.archs);
            versions.push(k.config.cutlass);
            if seen.insert(k.name.as_str()) {
                dropped.push(&k.name);
            }
        }
        // The names `import-cutlass` commented out as not modelled are not launchable either.
        for line in r.source.lines() {
            if let Some(name) = line.strip_prefix("# name = \"").and_then(|l| l.strip_suffix('"')) {
                if seen.insert(name) {
                    dropped.push(name);
                }
            }
        }
    }
    // A kernel with a finding on one architecture and none on another is not launchable everywhere.
    kept.retain(|k| !dropped.contains(k));
    archs.sort();
    archs.dedup();
    versions.sort();
    versions.dedup();
    emit::cmake_kernel_lists(&kept, &dropped, &archs, &versions)
}

/// What `write_table` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableOutcome {
    Written,
    UpToDate,
    Stale,
}

/// Render the launchable kernels of `reports` into `out` (named `shown` in messages), or, with
/// `check_only`, compare with what is there. With input errors nothing is written. `detail` is
/// appended to the progress messages.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_table(
    reports: &[FileReport],
    format: TableFormat,
    flavor: CppFlavor,
    out: &Path,
    shown: &Path,
    check_only: bool,
    detail: &str,
) -> Result<TableOutcome, String> {
    if reports.iter().any(|r| r.input_error_count() > 0) {
        let _ = print_reports(reports, OutputFormat::Human);
        return Err(format!("input errors; {} not written", shown.display()));
    }
    // One table is one namespace: a name declared in two files would make duplicate identifiers.
    let mut first: std::collections::HashMap<&str, &Path> = std::collections::HashMap::new();
    for r in reports {
        for l in &r.launchable {
            if let Some(other) = first.insert(l.entry.as_str(), r.path.as_path()) {
                return Err(format!(
                    "kernel `{}` is declared in both {} and {}; {} not written (names become identifiers: rename one)",
                    l.entry,
                    other.display(),
                    r.path.display(),
                    shown.display()
                ));
            }
        }
    }
    // CUTLASS's lists name every kernel; other tables list a kernel configuration once.
    let duplicates =
        if format == TableFormat::CmakeKernels { Vec::new() } else { table_entries_and_duplicates(reports).1 };
    for (dropped, kept) in &duplicates {
        errln!("note: `{dropped}` is the same kernel as `{kept}` (same configuration and stage count): listed once");
    }
    let text = render_table(reports, format, flavor)?;
    if check_only {
        let current = match crate::input::read_text(out) {
            Ok(text) => text,
            // Missing: stale (it would be written). Anything else there is an input error.
            Err(_) if !out.exists() => String::new(),
            Err(e) => return Err(format!("cannot compare with {}: {e}", shown.display())),
        };
        if current == text {
            errln!("{} is up to date{detail}", shown.display());
            return Ok(TableOutcome::UpToDate);
        }
        errln!("{} is stale: {}", shown.display(), diff_summary(&current, &text));
        return Ok(TableOutcome::Stale);
    }
    crate::atomic::write(out, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", shown.display()))?;
    errln!("wrote {}{detail}", shown.display());
    Ok(TableOutcome::Written)
}

/// `3 lines differ (first at line 12), 40 -> 43 lines`.
pub(crate) fn diff_summary(old: &str, new: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let differing = (0..a.len().max(b.len())).filter(|&i| a.get(i) != b.get(i)).count();
    let first = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)).map_or(0, |i| i + 1);
    if old.is_empty() {
        return format!("missing; it would have {} lines", b.len());
    }
    format!("{differing} line(s) differ (first at line {first}); {} -> {} lines", a.len(), b.len())
}
