//! `check`: every configuration of every file, against every target architecture.

use std::borrow::Cow;

use rayon::prelude::*;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::config_file::{self, Entry};
use crate::diagnostic::Diagnostic;
use crate::model::{Arch, ConfigField, KernelConfig, Sizes, StagePolicy};
use crate::rules::Rule;

pub use crate::checker::Problem;

/// A secondary label: a span and what it says (mostly fixed words, so not allocated).
type Label = (Range<usize>, Cow<'static, str>);

/// A finding of `check`: the one diagnostic record, located in the file by byte range.
pub type Finding = Diagnostic;

/// A launchable entry with its sizes, for emitted tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launchable {
    pub entry: String,
    pub config: KernelConfig,
    pub archs: Vec<Arch>,
    pub sizes: Sizes,
}

/// Everything found in one file.
#[derive(Clone, Debug, Default)]
pub struct FileReport {
    pub path: PathBuf,
    pub source: String,
    /// The TOML reader's input errors (and the Cargo settings'), first in every output.
    pub input_errors: Vec<Diagnostic>,
    /// The TOML entries' findings, in entry order (shown in file order).
    pub findings: Vec<Diagnostic>,
    pub launchable: Vec<Launchable>,
    /// Kernel configurations declared.
    pub entries: usize,
    /// (entry, arch) pairs checked.
    pub checked: usize,
    /// The `#[smem_check]` attributes' findings and input errors, in source order.
    pub spanned: Vec<Diagnostic>,
    /// Finding codes reported as warnings (they do not fail the run).
    pub warn: Vec<String>,
}

impl FileReport {
    /// Input errors: TOML or attribute problems (exit 2).
    pub fn input_error_count(&self) -> usize {
        self.input_errors.len() + self.spanned.iter().filter(|f| f.is_input_error()).count()
    }

    /// Findings that fail the run (exit 1): not input errors, not downgraded to warnings.
    pub(crate) fn error_finding_count(&self) -> usize {
        let warned = |c: &str| self.warn.iter().any(|w| w == c);
        self.findings.iter().filter(|f| !warned(f.code())).count()
            + self.spanned.iter().filter(|f| !f.is_input_error() && !warned(f.code())).count()
    }

    /// Every finding, errors and warnings.
    pub(crate) fn finding_count(&self) -> usize {
        self.findings.len() + self.spanned.iter().filter(|f| !f.is_input_error()).count()
    }
}

/// Options of a run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Replace each entry's targets with these architectures.
    pub archs: Option<Vec<Arch>>,
    /// Replace each entry's CUTLASS version.
    pub cutlass: Option<crate::model::CutlassVersion>,
    /// The most configurations one file may expand to (`None`: [`config_file::DEFAULT_MAX_POINTS`]).
    pub max_points: Option<u64>,
}

/// Check one file's text.
pub fn check_source(path: &Path, source: String, opts: &Options) -> FileReport {
    check_source_with_progress(path, source, opts, &|_, _| {})
}

/// [`check_source`], calling `progress(done, total)` as the file's configurations are checked.
pub(crate) fn check_source_with_progress(
    path: &Path,
    source: String,
    opts: &Options,
    progress: &dyn Fn(usize, usize),
) -> FileReport {
    let mut findings = Vec::new();
    let mut launchable = Vec::new();
    let mut checked = 0;
    let mut bounds_errors = BoundsErrors::default();
    let mut entries = 0;
    // Each entry is checked as the sweep expands it, then dropped: only findings and launchable
    // kernels stay in memory.
    let max_points = opts.max_points.unwrap_or(config_file::DEFAULT_MAX_POINTS);
    let mut batch = Vec::with_capacity(BATCH);
    let mut check_batch = |batch: &mut Vec<Entry>, total: usize| {
        if findings.capacity() == 0 {
            // Room for one finding or launchable kernel per entry the file declares (as far as it
            // is known: a table of a large file counts one until it is read): pages are only
            // touched as they fill, and the vectors do not copy themselves while growing.
            findings.reserve(total);
            launchable.reserve(total);
        }
        // The model evaluations of a batch run on every core; results are kept in entry order.
        let results: Vec<Checked> = batch.par_iter().map(|e| check_entry(e, opts)).collect();
        batch.clear();
        for r in results {
            checked += r.pairs;
            findings.extend(r.findings);
            launchable.extend(r.launchable);
            for e in r.bounds {
                if bounds_errors.seen.insert(e.message.clone()) {
                    bounds_errors.errors.push(e);
                }
            }
        }
    };
    let parsed = config_file::parse_each(&source, max_points, &mut |entry, total| {
        if entries % 1024 == 0 {
            progress(entries, total);
        }
        entries += 1;
        batch.push(entry);
        if batch.len() == BATCH {
            check_batch(&mut batch, total);
        }
    });
    check_batch(&mut batch, 0);
    if !parsed.parses() {
        // Only a file's first syntax error is reported, nothing of what was read before it.
        (findings, launchable, bounds_errors, entries, checked) = Default::default();
    }
    let mut bounds_errors = bounds_errors.errors;
    if entries == 0 && parsed.errors.is_empty() && bounds_errors.is_empty() {
        // Empty input is an input error in every subcommand (README: Exit codes).
        bounds_errors.push(Diagnostic::input(
            crate::rules::Rule::EmptyInput,
            0..0,
            "this file declares no kernel configuration",
            "nothing to check",
            Some("add a [[kernel]] or [[sweep]] table (README: The TOML format)".into()),
        ));
    }
    FileReport {
        path: path.to_path_buf(),
        source,
        entries,
        input_errors: parsed.errors.into_iter().chain(bounds_errors).collect(),
        findings,
        launchable,
        checked,
        ..FileReport::default()
    }
}

/// The input errors of out-of-bounds values, each once (a set of their messages: a file may have
/// a hundred thousand of them).
#[derive(Default)]
struct BoundsErrors {
    errors: Vec<Diagnostic>,
    seen: std::collections::HashSet<String>,
}

/// Entries checked together, on every core.
const BATCH: usize = 2048;

/// What checking one entry found.
struct Checked {
    findings: Vec<Finding>,
    launchable: Option<Launchable>,
    /// Input errors of out-of-bounds values (not yet deduplicated).
    bounds: Vec<Diagnostic>,
    /// (entry, arch) pairs checked.
    pairs: usize,
}

/// Check one entry against each of its architectures ([`crate::checker::check_config`]).
fn check_entry(entry: &Entry, opts: &Options) -> Checked {
    let mut findings = Vec::new();
    let mut bounds = Vec::new();
    let targets = opts.archs.as_deref().unwrap_or(&entry.targets);
    let mut base = entry.config;
    if let Some(v) = opts.cutlass {
        base.cutlass = v;
    }
    let outcome = crate::checker::check_config(&base, targets);
    let stages_written = entry.spans.contains_key(ConfigField::Stages);
    for found in outcome.found {
        match found.problem {
            // Not a configuration at all (a zero or absurd value): an input error on the value.
            Problem::NotModelled(e) if e.out_of_bounds => {
                let message = format!("`{}`: {}", entry.name, e.message);
                if !bounds.iter().any(|b: &Diagnostic| b.message == message) {
                    bounds.push(Diagnostic::input(
                        Rule::InvalidValue,
                        entry.span_of(e.at),
                        message,
                        "out of bounds",
                        Some(e.hint.into()),
                    ));
                }
            }
            // The architecture came from --arch, not from the file: say so, and point at the
            // kernel rather than at an `arch` line that was overridden.
            Problem::NotModelled(mut e) if e.at == ConfigField::Arch && opts.archs.is_some() => {
                e.message = format!("{} (the architecture comes from --arch)", e.message);
                let at = entry.name_span.clone();
                findings.push(Diagnostic::finding(Problem::NotModelled(e), &entry.name, found.config, found.archs, at));
            }
            problem => {
                let (span, secondary) = locate(entry, &problem, &found.config, stages_written);
                let mut d = Diagnostic::finding(problem, &entry.name, found.config, found.archs, span);
                if let Some(k) = d.kernel.as_mut() {
                    k.secondary = secondary;
                    k.sizes = found.sizes;
                }
                findings.push(d);
            }
        }
    }
    let launchable = outcome.launchable.map(|(archs, sizes)| Launchable {
        entry: entry.name.clone(),
        config: KernelConfig { arch: archs[0], ..base },
        archs,
        sizes,
    });
    Checked { findings, launchable, bounds, pairs: targets.len() }
}

/// The primary span of a finding (at the field [`Problem::field`] names) and the secondary labels.
fn locate(entry: &Entry, problem: &Problem, cfg: &KernelConfig, stages_written: bool) -> (Range<usize>, Vec<Label>) {
    let span = entry.span_of(problem.field(cfg, stages_written));
    let secondary = match problem {
        Problem::ExceedsCap { .. } if matches!(cfg.stages, StagePolicy::Fixed(_)) => {
            vec![(entry.span_of(ConfigField::Tile), Cow::Borrowed("with this tile"))]
        }
        Problem::ExceedsCap { auto_overflow, .. } if stages_written => {
            let what = match auto_overflow {
                Some(o) => Cow::Owned(format!("the automatic stage count picks {} stages", o.auto_stages)),
                None => Cow::Borrowed("stage policy"),
            };
            vec![(entry.span_of(ConfigField::Stages), what)]
        }
        _ => Vec::new(),
    };
    (span, secondary)
}

/// The configuration files named by `paths`, each once (first occurrence wins, compared by canonical
/// path). Files are taken as given; directories are walked the way ripgrep walks them (the `ignore`
/// crate: `.gitignore`, hidden files and `target/` skipped, symlinks not followed), keeping regular
/// `*.toml` files that hold kernel configurations (`[defaults]`, `[[kernel]]` or `[[sweep]]`), so a
/// `Cargo.toml` or `rustfmt.toml` met on the way is not an error.
pub(crate) fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut keep = |p: PathBuf, out: &mut Vec<PathBuf>| {
        let key = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
        if seen.insert(key) {
            out.push(p);
        }
    };
    for p in paths {
        // `-`: standard input, read once.
        if p.as_os_str() == "-" {
            if !out.contains(p) {
                out.push(p.clone());
            }
            continue;
        }
        let meta = std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        if meta.is_dir() {
            let mut found = Vec::new();
            let walker = ignore::WalkBuilder::new(p)
                .follow_links(false)
                // `.gitignore` is honoured in any directory, as users expect (not only in a git
                // repository, the ignore crate's default).
                .require_git(false)
                // `.smem-lint-ignore` (gitignore syntax) leaves out files only smem-lint should skip.
                .add_custom_ignore_filename(".smem-lint-ignore")
                .filter_entry(|e| e.file_name() != "target")
                .sort_by_file_path(std::cmp::Ord::cmp)
                .build();
            for entry in walker {
                let entry = entry.map_err(|e| format!("cannot list files under {}: {e}", p.display()))?;
                let path = entry.path();
                let regular = entry.file_type().is_some_and(|t| t.is_file());
                if regular && path.extension().is_some_and(|e| e == "toml") && is_kernel_config(path) {
                    found.push(path.to_path_buf());
                }
            }
            for f in found {
                keep(f, &mut out);
            }
        } else if meta.is_file() {
            keep(p.clone(), &mut out);
        } else {
            return Err(format!("{} is not a regular file (a FIFO or device is never read)", p.display()));
        }
    }
    Ok(out)
}

/// Whether a TOML file found in a directory walk declares kernels (one that cannot be read or told
/// apart counts, so what is wrong with it is reported): found with toml's lexer, without building
/// the document (which costs about fifty times the file).
fn is_kernel_config(path: &Path) -> bool {
    let Ok(text) = crate::input::read_text(path) else { return true };
    config_file::declares_kernels(&text)
}
