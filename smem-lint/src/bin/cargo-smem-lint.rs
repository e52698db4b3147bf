//! `cargo smem-lint`: cargo runs `cargo-smem-lint smem-lint ARGS...`; drop the subcommand's name.

/// mimalloc: a sweep evaluates hundreds of thousands of small struct trees; glibc malloc spent
/// over half of `check`'s time coalescing their frees (perf, 105,000-configuration bench).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "smem-lint") {
        args.remove(1);
    }
    smem_lint::cli::run_as(args, smem_lint::cli::Mode::Cargo)
}
