//! `smem-lint`: see `smem_lint::cli`.

/// mimalloc: a sweep evaluates hundreds of thousands of small struct trees; glibc malloc spent
/// over half of `check`'s time coalescing their frees (perf, 105,000-configuration bench).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    smem_lint::cli::run(std::env::args_os())
}
