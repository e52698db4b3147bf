//! `smem-lint`: see `smem_lint::cli`.

fn main() -> std::process::ExitCode {
    smem_lint::cli::run(std::env::args_os())
}
