//! The `verify` subcommand: inputs, progress, report, record.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use super::{compare, measure, nvcc, record_line, Measure, Measured, Report};
use crate::exit::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT_ERROR};
use crate::model::{evaluate, KernelConfig};
use crate::output::{errln, out, outln};

#[derive(clap::Args, Debug, Clone)]
pub struct VerifyArgs {
    /// Configuration files: TOML, or JSON lines in the format of tests/data.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// CUTLASS's include directory (holding cutlass/version.h); its version picks the model (a
    /// release smem-lint does not know: the known one with byte-identical model headers, if any).
    #[arg(long)]
    pub cutlass_include: Option<PathBuf>,
    /// TensorRT-LLM's `cutlass_extensions/include` (in FlashInfer: flashinfer/data/csrc/nv_internal/
    /// tensorrt_llm/cutlass_extensions/include), needed for the TensorRT-LLM MoE epilogues.
    #[arg(long)]
    pub trtllm_include: Option<PathBuf>,
    /// vLLM's `csrc` (holding cutlass_extensions/epilogue/broadcast_load_epilogue_c3x.hpp), needed for
    /// EVT fusions with vLLM's own nodes (`Sm90RowOrScalarBroadcast`, ...).
    #[arg(long)]
    pub vllm_include: Option<PathBuf>,
    /// nvcc to use (default: PATH, CUDA_HOME/CUDA_PATH, then a pip-installed nvidia-cuda-nvcc).
    #[arg(long)]
    pub nvcc: Option<PathBuf>,
    /// Parallel nvcc jobs (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Configurations per translation unit.
    #[arg(long, default_value_t = 8)]
    pub batch: usize,
    /// Seconds one nvcc job or probe may take.
    #[arg(long, default_value_t = 900)]
    pub timeout: u64,
    /// Only N configurations, evenly spread over the inputs.
    #[arg(long)]
    pub sample: Option<usize>,
    /// Write the measurements in the format of tests/data.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Do not compile: compare with the `result` fields of .jsonl inputs (measured earlier).
    #[arg(long)]
    pub measured: bool,
}

/// (id, configuration) of every input.
type Items = Vec<(String, KernelConfig)>;

/// The inputs, and the recorded measurements of .jsonl lines that have them.
fn load(files: &[PathBuf], with_results: bool) -> Result<(Items, Vec<Measured>), String> {
    let mut items = Vec::new();
    let mut recorded = Vec::new();
    for f in files {
        let text = crate::input::read_to_string(f)?;
        if f.extension().is_some_and(|e| e == "toml") {
            let parsed = crate::config_file::parse(&text);
            if let Some(e) = parsed.errors.first() {
                let (line, col) = crate::config_file::line_col(&text, e.at.start);
                return Err(format!(
                    "{}:{line}:{col}: {} (run `smem-lint check` for all problems)",
                    f.display(),
                    e.message
                ));
            }
            for e in parsed.entries {
                if !items.iter().any(|(_, c)| *c == e.config) {
                    items.push((e.name, e.config));
                }
            }
        } else {
            for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
                if with_results {
                    let m = super::from_record(line).map_err(|e| format!("{}:{}: {e}", f.display(), i + 1))?;
                    items.push((m.id.clone(), m.config));
                    recorded.push(m);
                } else {
                    let (id, cfg) = crate::jsonl::parse_config(line, None)
                        .map_err(|e| format!("{}:{}: {}", f.display(), i + 1, e.message))?;
                    items.push((id.unwrap_or_else(|| format!("{}:{}", f.display(), i + 1)), cfg));
                }
            }
        }
    }
    Ok((items, recorded))
}

/// `n` items evenly spread over `items` (deterministic).
fn sample<T: Clone>(items: &[T], n: usize) -> Vec<T> {
    if n >= items.len() || n == 0 {
        return items.to_vec();
    }
    (0..n).map(|i| items[i * items.len() / n].clone()).collect()
}

/// The report as text.
pub fn render(report: &Report) -> String {
    let mut s = String::new();
    for (field, a) in &report.fields {
        let _ = writeln!(s, "  {field:<15} {:>5} / {:<5} agree", a.agree, a.of);
    }
    for m in &report.mismatches {
        let _ = writeln!(
            s,
            "\nMISMATCH {} ({}): {}: model {}, measured {}",
            m.id,
            m.config.label(),
            m.field,
            m.model,
            m.measured
        );
        if let Ok(t) = crate::explain::table(&m.config, &[m.config.arch]) {
            for l in t.lines() {
                let _ = writeln!(s, "    {l}");
            }
        }
    }
    for (id, e) in &report.failed {
        let _ = write!(s, "\nNOT MEASURED {id}: {e}\n");
    }
    s
}

pub fn verify(args: &VerifyArgs) -> u8 {
    match run(args) {
        Ok(code) => code,
        Err(e) => {
            errln!("error: {e}");
            EXIT_INPUT_ERROR
        }
    }
}

fn run(args: &VerifyArgs) -> Result<u8, String> {
    let (items, recorded) = load(&args.files, args.measured)?;
    if items.is_empty() {
        // Nothing to compare is not agreement.
        return Err(format!(
            "no configurations in {}",
            args.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
        ));
    }
    let measured: Vec<Measured> = if args.measured {
        sample(&recorded, args.sample.unwrap_or(0))
    } else {
        let include = args.cutlass_include.clone().ok_or("--cutlass-include DIR is required (or --measured)")?;
        let release = crate::fingerprint::cutlass_release(&include).map_err(|e| format!("--cutlass-include: {e}"))?;
        if let Some(note) = &release.note {
            errln!("note: {note}");
        }
        let version = release.version;
        let nvcc_path = nvcc::find_nvcc(args.nvcc.as_deref())?;
        let mut items = sample(&items, args.sample.unwrap_or(0));
        for (_, c) in &mut items {
            c.cutlass = version;
        }
        let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
        errln!(
            "verify: {} configurations against CUTLASS {version} at {} with {}, {jobs} jobs, {} per translation unit",
            items.len(),
            include.display(),
            nvcc_path.display(),
            args.batch
        );
        let needs_trtllm = items.iter().any(|(_, c)| {
            matches!(c.epilogue, crate::model::Epilogue::TrtllmMoe { .. }) || super::probe::needs_moe_2x(c)
        });
        let mut extra_args = match (&args.trtllm_include, needs_trtllm) {
            (Some(dir), _) => vec![format!("-I{}", dir.display())],
            (None, true) => {
                return Err("TensorRT-LLM MoE epilogues need --trtllm-include DIR (cutlass_extensions/include)".into())
            }
            (None, false) => Vec::new(),
        };
        let needs_vllm =
            items.iter().any(|(_, c)| matches!(c.fusion, crate::model::Fusion::Evt(t) if t.uses_vllm_nodes()));
        match (&args.vllm_include, needs_vllm) {
            (Some(dir), _) => extra_args.push(format!("-I{}", dir.display())),
            (None, true) => return Err("EVT fusions with vLLM's nodes need --vllm-include DIR (vLLM's csrc)".into()),
            (None, false) => {}
        }
        // Before any thread starts: Ctrl-C and SIGTERM stop the compiler jobs and clean up.
        super::interrupt::install();
        let dir = nvcc::TempDir::new().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
        if items.iter().any(|(_, c)| super::probe::needs_moe_2x(c)) {
            // After the TensorRT-LLM tree: its own header wins where it has one.
            let standin = dir.0.join("standin");
            let file = standin.join(super::probe::MOE_TRAITS_STANDIN);
            file.parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|()| {
                    std::fs::write(
                        &file,
                        "#pragma once\n// smem-lint: an empty stand-in; MoeFCGemm uses nothing of it.\n",
                    )
                })
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            extra_args.push(format!("-I{}", standin.display()));
        }
        let compiler =
            nvcc::Compiler { nvcc: nvcc_path, include, timeout: Duration::from_secs(args.timeout), extra_args };
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = indicatif::ProgressBar::new(items.len() as u64);
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} configurations, {elapsed} elapsed, ETA {eta}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            b
        });
        // Results stream into RECORD.partial as they come; the complete record replaces it at the end.
        let partial = args.record.as_ref().map(|p| {
            let mut name = p.as_os_str().to_owned();
            name.push(".partial");
            PathBuf::from(name)
        });
        let sink = match &partial {
            Some(p) => Some(std::sync::Mutex::new(open_partial(p)?)),
            None => None,
        };
        let on_settle = |i: usize, r: &super::MeasuredResult, done: usize, total: usize| {
            if let Some(f) = &sink {
                let m = Measured { id: items[i].0.clone(), config: items[i].1, result: r.clone() };
                let mut f = f.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let _ = writeln!(f, "{}", record_line(&m));
                let _ = f.flush();
            }
            match &bar {
                Some(b) => b.set_position(done as u64),
                None => {
                    if done == total || done.is_multiple_of((total / 10).max(1)) {
                        errln!("verify: {done}/{total} configurations measured");
                    }
                }
            }
        };
        let out =
            measure(&items, &Measure { compiler: &compiler, jobs, batch: args.batch, on_settle: &on_settle }, &dir.0);
        if let Some(b) = &bar {
            b.finish_and_clear();
        }
        if let Some(sig) = super::interrupt::received() {
            // The jobs are gone; the temporary files go now, the measurements stay in RECORD.partial.
            drop(dir);
            let kept = partial.as_ref().map(|p| format!(" (kept in {})", p.display())).unwrap_or_default();
            let n = out
                .iter()
                .filter(|m| !matches!(&m.result, super::MeasuredResult::Failed { error } if error == "not measured"))
                .count();
            errln!("verify: stopped by {sig}: {n} of {} configurations measured{kept}", out.len());
            super::interrupt::reraise();
            return Ok(EXIT_INPUT_ERROR);
        }
        if let Some(p) = &partial {
            let _ = std::fs::remove_file(p);
        }
        out
    };
    if let Some(path) = &args.record {
        let text: String = measured.iter().map(|m| record_line(m).to_string() + "\n").collect();
        crate::atomic::write(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        errln!("verify: recorded {} measurements in {}", measured.len(), path.display());
    }
    let report = compare(&measured, evaluate);
    outln!("verify: {} configurations", report.total);
    out!("{}", render(&report));
    if report.all_agree() {
        outln!("verify: the model agrees with the compiler on every field of every configuration");
        Ok(EXIT_CLEAN)
    } else {
        outln!("verify: {} mismatches, {} not measured", report.mismatches.len(), report.failed.len());
        Ok(EXIT_FINDINGS)
    }
}

/// `RECORD.partial`, created exclusively (`O_EXCL`: a planted file or link there is never followed).
/// A regular file left by an earlier stopped run is replaced; anything else there is refused.
fn open_partial(p: &std::path::Path) -> Result<std::fs::File, String> {
    match std::fs::symlink_metadata(p) {
        Ok(m) if m.file_type().is_file() => {
            std::fs::remove_file(p).map_err(|e| format!("cannot replace {}: {e}", p.display()))?;
        }
        Ok(_) => return Err(format!("{} exists and is not a regular file; remove it", p.display())),
        Err(_) => {}
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(p)
        .map_err(|e| format!("cannot create {}: {e}", p.display()))
}
