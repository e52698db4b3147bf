//! Printing check reports (human diagnostics, JSON, SARIF) and the exit code they amount to; reading
//! and checking files with a progress bar on a terminal.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::check::{collect_files, FileReport, Options};
use crate::exit::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT_ERROR};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Diagnostics with the offending values underlined, and a summary line.
    Human,
    /// `{"findings": [...], "summary": {...}}`.
    Json,
    /// SARIF 2.1.0, for code-scanning UIs.
    Sarif,
}

fn color_on_stdout() -> bool {
    !matches!(anstream::AutoStream::choice(&std::io::stdout()), anstream::ColorChoice::Never)
}

/// Read and check files; `Err` carries an unreadable file's message.
pub fn check_paths(paths: &[PathBuf], opts: &Options) -> Result<Vec<FileReport>, String> {
    let files = collect_files(paths)?;
    if files.is_empty() {
        return Err(format!(
            "no .toml configuration files under {}",
            paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        ));
    }
    // On a terminal, a run that takes more than a second shows a progress bar on stderr.
    let bar = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
        let b = indicatif::ProgressBar::hidden();
        b.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} configurations ({eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let start = std::time::Instant::now();
    // SMEM_LINT_PROGRESS_AFTER_MS moves the one-second threshold (the tests set it to 0).
    let after = std::env::var("SMEM_LINT_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(std::time::Duration::from_secs(1), std::time::Duration::from_millis);
    let progress = |done: usize, total: usize| {
        if let Some(b) = &bar {
            if start.elapsed() >= after && b.is_hidden() {
                b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            b.set_length(total as u64);
            b.set_position(done as u64);
        }
    };
    let out = files
        .iter()
        .map(|f| {
            if let Some(b) = &bar {
                b.set_message(f.display().to_string());
            }
            let shown = if f.as_os_str() == "-" { Path::new("<stdin>") } else { f.as_path() };
            crate::input::read_named(f).map(|s| crate::check::check_source_with_progress(shown, s, opts, &progress))
        })
        .collect();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out
}

/// Print reports in a format; returns the exit code.
pub(crate) fn print_reports(reports: &[FileReport], format: OutputFormat) -> u8 {
    print_reports_with(reports, format, &Shown::default())
}

/// How much of a report to print.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shown {
    /// Only the summary line (human format).
    pub quiet: bool,
    /// At most this many diagnostics (human) or findings (JSON, SARIF).
    pub max_findings: Option<usize>,
}

/// [`print_reports`] with `--quiet` / `--max-findings`; the exit code always counts everything.
pub(crate) fn print_reports_with(reports: &[FileReport], format: OutputFormat, shown: &Shown) -> u8 {
    // Colour is decided once: diagnostics are rendered with the plain theme when it is off, so
    // nothing needs stripping and the text goes to stdout as it is (through anstream when coloured).
    let color = color_on_stdout();
    // Coloured or not, the text goes out as it was rendered (the plain theme has no colours to
    // strip), through the one writer of standard output: a failed write fails the run there.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, crate::output::stdout());
    let limit = if shown.quiet { 0 } else { shown.max_findings.unwrap_or(usize::MAX) };
    let input_errors: usize = reports.iter().map(FileReport::input_error_count).sum();
    let findings: usize = reports.iter().map(FileReport::finding_count).sum();
    let failing: usize = reports.iter().map(FileReport::error_finding_count).sum();
    match format {
        OutputFormat::Human => {
            let width = 100;
            let mut left = limit;
            for r in reports {
                if left == 0 {
                    break;
                }
                match crate::diagnostics::write_human(r, left, color, width, &mut out) {
                    Ok(n) => left -= n,
                    Err(_) => break,
                }
            }
            let checked: usize = reports.iter().map(|r| r.checked).sum();
            let launchable: usize = reports.iter().map(|r| r.launchable.len()).sum();
            let kernels: usize = reports.iter().map(|r| r.entries).sum();
            let _ = writeln!(
                out,
                "smem-lint: {} file(s), {kernels} kernel configuration(s), {checked} checked against their architectures: {launchable} launchable, {findings} finding(s), {input_errors} input error(s)",
                reports.len()
            );
        }
        OutputFormat::Json => {
            let _ = crate::diagnostics::write_json(reports, shown.max_findings, &mut out);
            let _ = writeln!(out);
        }
        OutputFormat::Sarif => {
            let _ = crate::diagnostics::write_sarif(reports, &mut out);
            let _ = writeln!(out);
        }
    }
    let _ = out.flush();
    if input_errors > 0 {
        EXIT_INPUT_ERROR
    } else if failing > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// Entries with at least one finding (the not-launchable ones).
pub(crate) fn distinct_entries(r: &FileReport) -> usize {
    let mut names: Vec<&str> = r.findings.iter().filter_map(|f| f.kernel_name()).collect();
    names.sort_unstable();
    names.dedup();
    names.len()
}
