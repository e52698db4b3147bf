//! The `smem-lint` command line.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use smem_lint::model::CutlassVersion;

/// Exit codes: 0 clean, 1 findings, 2 usage or input error.
const EXIT_INPUT_ERROR: u8 = 2;

#[derive(Parser)]
#[command(name = "smem-lint", version, about = "Does a CUTLASS GEMM configuration fit in shared memory?")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate configurations in the JSON-lines format of the measured data; one JSON object per line.
    Eval {
        /// A `.jsonl` file (`-` for standard input).
        file: PathBuf,
        /// Model this CUTLASS version instead of each line's `cutlass` field.
        #[arg(long, value_parser = parse_version)]
        cutlass: Option<CutlassVersion>,
    },
}

fn parse_version(s: &str) -> Result<CutlassVersion, String> {
    s.parse().map_err(|e: smem_lint::model::ParseError| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Eval { file, cutlass } => eval(&file, cutlass),
    }
}

fn eval(file: &PathBuf, cutlass: Option<CutlassVersion>) -> ExitCode {
    let input = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(file)
    };
    let input = match input {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return ExitCode::from(EXIT_INPUT_ERROR);
        }
    };
    let (lines, errors) = smem_lint::jsonl::eval_lines(&input, cutlass);
    let mut stdout = std::io::stdout().lock();
    for l in &lines {
        if writeln!(stdout, "{l}").is_err() {
            return ExitCode::from(EXIT_INPUT_ERROR);
        }
    }
    for (line, e) in &errors {
        let field = e.field.map(|f| format!(" field `{f}`:")).unwrap_or_default();
        eprintln!("error: {}:{line}:{field} {}", file.display(), e.message);
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_INPUT_ERROR)
    }
}
