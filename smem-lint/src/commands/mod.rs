//! The command line shared by `smem-lint` and `cargo smem-lint`: the arguments and the dispatch;
//! each subcommand is a module here (`check`, `explain`, `emit`, `eval`, ...; `verify`'s arguments
//! live in `verify/cli.rs`).
//!
//! Exit codes: 0 clean, 1 findings (or a stale table with `emit --check`), 2 usage or input error.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::check::Options;
use crate::exit::{EXIT_CLEAN, EXIT_INPUT_ERROR};
use crate::model::{Arch, CutlassVersion};
use crate::output::{errln, out, outln};
use crate::report::{OutputFormat, Shown};
use crate::table::{CppFlavor, TableFormat};
use crate::verify::cli::VerifyArgs;

mod check;
mod emit;
mod eval;
mod explain;
mod explain_code;
mod import_cutlass;
mod import_trtllm;

#[derive(Parser, Debug)]
#[command(
    version,
    about = "Does a CUTLASS GEMM configuration fit in shared memory? Exit codes: 0 clean, 1 findings, 2 usage or input error."
)]
pub(crate) struct Cli {
    /// When to use colour (also honours NO_COLOR and CLICOLOR).
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,
    /// `cargo smem-lint`: the workspace's Cargo.toml (default: found from the current directory).
    /// Shown under `cargo smem-lint` only.
    #[arg(long, global = true)]
    pub manifest_path: Option<PathBuf>,
    /// `cargo smem-lint` with no subcommand means `check`: its output format.
    #[arg(long, value_enum, hide = true)]
    pub format: Option<OutputFormat>,
    /// `cargo smem-lint` with no subcommand means `check`: print only the summary line.
    #[arg(long, short, hide = true)]
    pub quiet: bool,
    /// `cargo smem-lint` with no subcommand means `check`: show at most N findings.
    #[arg(long, value_name = "N", hide = true)]
    pub max_findings: Option<usize>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// How the command line was invoked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `smem-lint ...`: paths are explicit.
    Plain,
    /// `cargo smem-lint ...`: without paths, `check` and `emit` work on the cargo workspace
    /// (feature `cargo`).
    #[cfg(feature = "cargo")]
    Cargo,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    Table,
    Json,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Lint TOML kernel configurations: every configuration that cannot launch, with why and what would fit.
    Check {
        /// Files or directories (searched for *.toml; `-`: standard input). Default: `.`; with
        /// `cargo smem-lint`, the workspace's configured files and `#[smem_check]` structs.
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
        /// Print only the summary line (human format) and keep the exit code.
        #[arg(long, short)]
        quiet: bool,
        /// Show at most N findings (the summary still counts all of them).
        #[arg(long, value_name = "N")]
        max_findings: Option<usize>,
        #[command(flatten)]
        target: Target,
    },
    /// The full byte breakdown of one configuration: a kernel of a TOML file, or one written inline
    /// as flags (`explain --tile 128x256x128 --operands nvfp4,nvfp4 --outputs bf16,bf16`).
    Explain {
        /// A TOML configuration file (`-`: standard input); without it, the kernel flags below
        /// describe the kernel.
        file: Option<PathBuf>,
        #[command(flatten)]
        kernel: crate::front::flags::KernelFlags,
        /// Output format: a table of every member, or JSON.
        #[arg(long, value_enum, default_value_t = ExplainFormat::Table)]
        format: ExplainFormat,
        #[command(flatten)]
        target: Target,
    },
    /// Write a table of only the launchable configurations.
    Emit {
        /// Files or directories (searched for *.toml). With `cargo smem-lint` and no paths: every
        /// table configured under `emit` in the workspace's metadata.
        paths: Vec<PathBuf>,
        /// Table format.
        #[arg(long, value_enum, default_value_t = TableFormat::Json)]
        format: TableFormat,
        /// With `--format cpp`: an X-macro table, or CUTLASS type aliases with static_asserts.
        #[arg(long, value_enum, default_value_t = CppFlavor::Xmacro)]
        cpp_flavor: CppFlavor,
        /// Output file (written atomically); required unless the workspace's tables are meant.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Do not write: exit 1 if the file differs from what would be written.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        target: Target,
    },
    /// Check the model against the real CUTLASS compiled by the real nvcc.
    Verify(VerifyArgs),
    /// Write a TOML configuration file from TensorRT-LLM / FlashInfer MoE instantiation lists
    /// (the INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM calls of their generated .cu files: SM90, SM100,
    /// SM103, SM120); calls the model cannot evaluate are commented out with the reasons.
    ImportTrtllm {
        /// Generated .cu files (or any text holding the calls).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output TOML file (written atomically).
        #[arg(short, long)]
        output: PathBuf,
        /// The comment naming the source, written at the top of the file.
        #[arg(long)]
        source_note: Option<String>,
        /// The CUTLASS release written into the configuration (FlashInfer 0.7.4 bundles 4.5.0).
        #[arg(long, value_parser = parse_version, default_value = "4.5.0")]
        cutlass: CutlassVersion,
        /// Target architectures of the Sm120 calls (repeatable; default sm120 and sm121); other calls
        /// target the architecture they are built for.
        #[arg(long = "arch", value_parser = parse_arch, value_delimiter = ',', value_name = "ARCH[,ARCH...]")]
        archs: Vec<Arch>,
        /// Write `source_repo` on every entry (with --source-path and --source-commit): where the
        /// generator that wrote the calls lives.
        #[arg(long, requires_all = ["source_path", "source_commit"])]
        source_repo: Option<String>,
        /// The generator's path in that repository.
        #[arg(long, requires = "source_repo")]
        source_path: Option<String>,
        /// The commit of the generator that was read.
        #[arg(long, requires = "source_repo")]
        source_commit: Option<String>,
        /// Text put before each call in `source_line` (e.g. the generator's line and function).
        #[arg(long, requires = "source_repo", default_value = "")]
        source_line_prefix: String,
    },
    /// Write a TOML configuration file from CUTLASS library kernel names (cutlass_library's procedural
    /// names, one per line, as `--selected-kernel-list` or cutlass_profiler list them).
    ImportCutlass {
        /// Files of names, or `-` for standard input.
        #[arg(required = true)]
        names: Vec<PathBuf>,
        /// Output TOML file (written atomically).
        #[arg(short, long)]
        output: PathBuf,
        /// The comment naming the source, written at the top of the file.
        #[arg(long)]
        source_note: Option<String>,
        /// The CUTLASS release whose cutlass_library generated the names (default: the newest modelled).
        #[arg(long, value_parser = parse_version)]
        cutlass: Option<CutlassVersion>,
    },
    /// Print a shell completion script (`smem-lint completions bash > ~/.local/share/bash-completion/completions/smem-lint`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) (`smem-lint man > smem-lint.1`).
    Man,
    /// Print the JSON Schema of the TOML configuration format (for taplo / Even Better TOML).
    Schema,
    /// Print what a finding or input-error code means (`smem-lint explain-code smem::exceeds-cap`);
    /// without a code, list them all.
    ExplainCode {
        /// A code such as `smem::exceeds-cap` (the `smem::` prefix may be left out).
        code: Option<String>,
    },
    /// Evaluate configurations in the JSON-lines format of the measured data; one JSON object per line.
    Eval {
        /// A `.jsonl` file (`-` for standard input).
        file: PathBuf,
        /// Model this CUTLASS release instead of each line's `cutlass` field.
        #[arg(long, value_parser = parse_version)]
        cutlass: Option<CutlassVersion>,
        /// Model the CUTLASS release whose headers are here (holding cutlass/version.h); a release
        /// smem-lint does not know is answered as the known one with byte-identical model headers.
        #[arg(long, value_name = "DIR", conflicts_with = "cutlass")]
        cutlass_include: Option<PathBuf>,
    },
}

#[derive(clap::Args, Debug, Clone, Default)]
pub struct Target {
    /// Check against these architectures instead of each kernel's `arch` (repeatable).
    #[arg(long = "arch", value_parser = parse_arch, value_delimiter = ',', value_name = "ARCH[,ARCH...]")]
    pub archs: Vec<Arch>,
    /// Model this CUTLASS release instead of each kernel's `cutlass` (3.9.0 to 4.7.0).
    #[arg(long, value_parser = parse_version)]
    pub cutlass: Option<CutlassVersion>,
    /// Model the CUTLASS release whose headers are here (the include/ directory holding
    /// cutlass/version.h), instead of each kernel's `cutlass`. A release smem-lint does not know is
    /// answered as the known one whose model-relevant headers are byte-identical, or refused.
    #[arg(long, value_name = "DIR", conflicts_with = "cutlass")]
    pub cutlass_include: Option<PathBuf>,
    /// The most kernel configurations one file may expand to (sweeps are cartesian products).
    #[arg(long, value_name = "N", default_value_t = crate::config_file::DEFAULT_MAX_POINTS)]
    pub max_points: u64,
}

impl Target {
    pub(crate) fn options(&self) -> Result<Options, String> {
        let mut archs = self.archs.clone();
        let mut seen = Vec::new();
        archs.retain(|a| {
            if seen.contains(a) {
                false
            } else {
                seen.push(*a);
                true
            }
        });
        Ok(Options {
            archs: (!archs.is_empty()).then_some(archs),
            cutlass: resolve_cutlass(self.cutlass, self.cutlass_include.as_deref())?,
            max_points: Some(self.max_points),
        })
    }
}

/// `--cutlass` or the release of `--cutlass-include`'s headers; a release recognised by its headers
/// (`fingerprint`) is said on standard error.
fn resolve_cutlass(cutlass: Option<CutlassVersion>, include: Option<&Path>) -> Result<Option<CutlassVersion>, String> {
    match include {
        Some(dir) => {
            let release = crate::fingerprint::cutlass_release(dir).map_err(|e| format!("--cutlass-include: {e}"))?;
            if let Some(note) = &release.note {
                errln!("note: {note}");
            }
            Ok(Some(release.version))
        }
        None => Ok(cutlass),
    }
}

fn parse_version(s: &str) -> Result<CutlassVersion, String> {
    s.parse().map_err(|e: crate::model::ParseError| e.to_string())
}

fn parse_arch(s: &str) -> Result<Arch, String> {
    s.parse().map_err(|e: crate::model::ParseError| e.to_string())
}

/// The command line as each binary shows it: `--manifest-path` and the bare `--format` belong to
/// `cargo smem-lint` only.
fn command_for(mode: Mode) -> clap::Command {
    use clap::CommandFactory;
    let cmd = Cli::command();
    match mode {
        #[cfg(feature = "cargo")]
        Mode::Cargo => cmd
            .name("cargo-smem-lint")
            .bin_name("cargo smem-lint")
            .display_name("cargo smem-lint")
            .mut_arg("format", |a| a.hide(false)),
        Mode::Plain => cmd.bin_name("smem-lint").mut_arg("manifest_path", |a| a.hide(true)),
    }
}

/// Run `smem-lint`; `args` includes the program name.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    run_as(args, Mode::Plain)
}

/// Run as `smem-lint` or as `cargo smem-lint` (whose argv has already lost its `smem-lint`).
pub fn run_as<I, T>(args: I, mode: Mode) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    ExitCode::from(run_code(args, mode))
}

/// [`run_as`], returning the exit code as a number (for hosts that run the command line in-process,
/// like the Python package's `smem-lint` script).
pub fn run_code<I, T>(args: I, mode: Mode) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    let cmd = command_for(mode);
    let parsed = cmd.try_get_matches_from(args).and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            print_clap(&e);
            return crate::output::finish(if e.use_stderr() { EXIT_INPUT_ERROR } else { EXIT_CLEAN });
        }
    };
    match cli.color {
        Color::Always => anstream::ColorChoice::Always.write_global(),
        Color::Never => anstream::ColorChoice::Never.write_global(),
        Color::Auto => {}
    }
    #[cfg(feature = "cargo")]
    let manifest = cli.manifest_path.as_deref();
    let code = match &cli.command {
        #[cfg(feature = "cargo")]
        None if mode == Mode::Cargo => check::workspace_check(
            manifest,
            cli.format.unwrap_or(OutputFormat::Human),
            &Shown { quiet: cli.quiet, max_findings: cli.max_findings },
        ),
        None if cli.format.is_some() || cli.quiet || cli.max_findings.is_some() => {
            errln!(
                "error: --format, --quiet and --max-findings belong to a subcommand: `smem-lint check --format ...`"
            );
            EXIT_INPUT_ERROR
        }
        None => {
            let help = command_for(mode).render_help();
            out!("{help}");
            EXIT_INPUT_ERROR
        }
        #[cfg(feature = "cargo")]
        Some(Command::Check { paths, format, quiet, max_findings, .. }) if paths.is_empty() && mode == Mode::Cargo => {
            check::workspace_check(manifest, *format, &Shown { quiet: *quiet, max_findings: *max_findings })
        }
        Some(Command::Check { paths, format, quiet, max_findings, target }) => {
            let paths = if paths.is_empty() { vec![PathBuf::from(".")] } else { paths.clone() };
            let shown = Shown { quiet: *quiet, max_findings: *max_findings };
            with_options(target, |o| check::check(&paths, *format, o, &shown))
        }
        Some(Command::Explain { file, kernel, format, target }) => {
            explain::explain(file.as_deref(), kernel, *format, target)
        }
        #[cfg(feature = "cargo")]
        Some(Command::Emit { paths, output: None, check, .. }) if paths.is_empty() && mode == Mode::Cargo => {
            match crate::workspace::load(manifest) {
                Ok(ws) => crate::workspace::emit(&ws, *check),
                Err(e) => {
                    errln!("error: {e}");
                    EXIT_INPUT_ERROR
                }
            }
        }
        Some(Command::Emit { output: None, .. }) => {
            errln!(
                "error: emit needs -o FILE (or, under `cargo smem-lint`, no paths to regenerate the configured tables)"
            );
            EXIT_INPUT_ERROR
        }
        Some(Command::Emit { paths, format, cpp_flavor, output: Some(output), check, target }) => {
            let paths = if paths.is_empty() { vec![PathBuf::from(".")] } else { paths.clone() };
            with_options(target, |o| emit::emit_cmd(&paths, *format, *cpp_flavor, output, *check, o))
        }
        Some(Command::Eval { file, cutlass, cutlass_include }) => {
            match resolve_cutlass(*cutlass, cutlass_include.as_deref()) {
                Ok(v) => eval::eval(file, v),
                Err(e) => {
                    errln!("error: {e}");
                    EXIT_INPUT_ERROR
                }
            }
        }
        Some(Command::Verify(args)) => crate::verify::cli::verify(args),
        Some(Command::ExplainCode { code }) => explain_code::explain_code(code.as_deref()),
        Some(Command::Completions { shell }) => {
            let mut cmd = command_for(mode);
            let name = cmd.get_bin_name().unwrap_or("smem-lint").to_string();
            // Generated in memory: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut cmd, name, &mut script);
            let _ = crate::output::stdout().write_all(&script);
            EXIT_CLEAN
        }
        Some(Command::Schema) => {
            outln!("{}", serde_json::to_string_pretty(&crate::schema::toml_schema()).unwrap_or_default());
            EXIT_CLEAN
        }
        Some(Command::Man) => {
            let mut page = Vec::new();
            match man_page(command_for(mode), &mut page) {
                Ok(()) => {
                    let _ = crate::output::stdout().write_all(&page);
                    EXIT_CLEAN
                }
                Err(e) => {
                    errln!("error: {e}");
                    EXIT_INPUT_ERROR
                }
            }
        }
        Some(Command::ImportTrtllm {
            files,
            output,
            source_note,
            cutlass,
            archs,
            source_repo,
            source_path,
            source_commit,
            source_line_prefix,
        }) => {
            let provenance = source_repo.as_ref().map(|repo| crate::import::Provenance {
                repo: repo.clone(),
                path: source_path.clone().unwrap_or_default(),
                commit: source_commit.clone().unwrap_or_default(),
                line_prefix: source_line_prefix.clone(),
            });
            import_trtllm::import_trtllm(files, output, source_note.as_deref(), *cutlass, archs, provenance.as_ref())
        }
        Some(Command::ImportCutlass { names, output, source_note, cutlass }) => import_cutlass::import_cutlass(
            names,
            output,
            source_note.as_deref(),
            cutlass.unwrap_or(CutlassVersion::LATEST),
        ),
    };
    crate::output::finish(code)
}

/// A clap error, or the help or version text clap answers with, on its stream (coloured on a
/// terminal).
fn print_clap(e: &clap::Error) {
    use std::io::IsTerminal;
    let terminal = if e.use_stderr() { std::io::stderr().is_terminal() } else { std::io::stdout().is_terminal() };
    let styled = e.render();
    // On a terminal clap's colours are kept (what it echoes of the arguments is what the user
    // typed there); elsewhere the text is plain, its control characters escaped.
    let text =
        if terminal { styled.ansi().to_string() } else { crate::output::printable(&styled.to_string()).into_owned() };
    let _ = if e.use_stderr() {
        crate::output::stderr().write_all(text.as_bytes())
    } else {
        crate::output::stdout().write_all(text.as_bytes())
    };
}

/// Run `f` with the target's options, or report why they cannot be had (exit 2).
fn with_options(target: &Target, f: impl FnOnce(&Options) -> u8) -> u8 {
    match target.options() {
        Ok(o) => f(&o),
        Err(e) => {
            errln!("error: {e}");
            EXIT_INPUT_ERROR
        }
    }
}

/// The man page: clap_mangen's sections, but the subcommands listed as `smem-lint check`, not as
/// `smem-lint-check(1)`: there is one page, and it names no page that does not exist.
fn man_page(cmd: clap::Command, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    use clap_mangen::roff::{roman, Roff};
    let bin = cmd.get_bin_name().unwrap_or("smem-lint").to_string();
    let mut subcommands = Roff::default();
    subcommands.control("SH", ["SUBCOMMANDS"]);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        subcommands.control("TP", []);
        subcommands.text([roman(format!("{bin} {}", sub.get_name()))]);
        if let Some(about) = sub.get_about() {
            for line in about.to_string().lines() {
                subcommands.text([roman(line)]);
            }
        }
    }
    subcommands.control("PP", []);
    subcommands.text([roman(format!("The flags of each: {bin} SUBCOMMAND --help."))]);
    let man = clap_mangen::Man::new(cmd);
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    man.render_options_section(w)?;
    subcommands.to_writer(w)?;
    man.render_version_section(w)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// The arguments of `cmd` and its subcommands, recursively, that have no help text (clap's own
    /// `--help` and `--version` aside), as `subcommand path: --name`.
    fn without_help(cmd: &clap::Command, path: &str, out: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if arg.is_hide_set() || id == "help" || id == "version" {
                continue;
            }
            if arg.get_help().is_none_or(|h| h.to_string().trim().is_empty()) {
                out.push(format!("{path}: {id}"));
            }
        }
        for sub in cmd.get_subcommands() {
            without_help(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    /// Every flag and positional argument of every subcommand says what it does in `--help`.
    #[test]
    fn every_argument_has_help() {
        let mut missing = Vec::new();
        without_help(&super::Cli::command(), "smem-lint", &mut missing);
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
        // The check sees what it should: a command with an undocumented argument is caught.
        let bare = clap::Command::new("x").arg(clap::Arg::new("undocumented").long("undocumented"));
        let mut caught = Vec::new();
        without_help(&bare, "x", &mut caught);
        assert_eq!(caught, ["x: undocumented"]);
    }
}
