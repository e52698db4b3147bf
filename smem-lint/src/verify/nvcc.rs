//! Finding nvcc and CUTLASS, compiling and running probes: no shell, a timeout per job, temporary
//! files in a directory that is removed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::model::CutlassVersion;

/// Where nvcc is: `--nvcc`, `PATH`, `CUDA_HOME`/`CUDA_PATH`, or a pip-installed `nvidia-cuda-nvcc`.
pub fn find_nvcc(explicit: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(p) = explicit {
        return if p.is_file() { Ok(p.to_path_buf()) } else { Err(format!("--nvcc {} is not a file", p.display())) };
    }
    let mut tried = Vec::new();
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let c = dir.join("nvcc");
            if c.is_file() {
                return Ok(c);
            }
        }
        tried.push("PATH".to_string());
    }
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(home) = std::env::var_os(var) {
            let c = PathBuf::from(home).join("bin/nvcc");
            if c.is_file() {
                return Ok(c);
            }
            tried.push(format!("${var}/bin/nvcc"));
        }
    }
    // pip's nvidia-cuda-nvcc wheel: site-packages/nvidia/cu13/bin/nvcc (CUDA 13) or .../cuda_nvcc/bin/nvcc (12).
    if let Ok(out) =
        Command::new("python3").args(["-c", "import sys; print('\\n'.join(sys.path))"]).stderr(Stdio::null()).output()
    {
        for dir in String::from_utf8_lossy(&out.stdout).lines().filter(|l| !l.is_empty()) {
            for sub in ["nvidia/cu13/bin/nvcc", "nvidia/cuda_nvcc/bin/nvcc", "nvidia/cu12/bin/nvcc"] {
                let c = Path::new(dir).join(sub);
                if c.is_file() {
                    return Ok(c);
                }
            }
        }
        tried.push("python3's site-packages (nvidia-cuda-nvcc)".into());
    }
    Err(format!("nvcc not found (looked in {}); pass --nvcc PATH or `pip install nvidia-cuda-nvcc`", tried.join(", ")))
}

/// The CUTLASS release of an include directory: `cutlass/version.h`, told apart by content where
/// that file is wrong (v4.1.0 says 4.0.0; see [`CutlassVersion::from_version_header`]).
pub fn cutlass_version(include: &Path) -> Result<CutlassVersion, String> {
    let path = include.join("cutlass/version.h");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let dispatch = std::fs::read_to_string(include.join("cutlass/gemm/dispatch_policy.hpp")).ok();
    CutlassVersion::from_version_header(&text, dispatch.as_deref()).map_err(|e| format!("{}: {e}", path.display()))
}

/// A temporary directory removed when dropped.
pub(crate) struct TempDir(pub PathBuf);

impl TempDir {
    pub(crate) fn new() -> std::io::Result<Self> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("smem-lint-verify-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Result of running a child process.
pub struct Output {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
}

/// Run a program (no shell) with a time limit. The child runs in a process group of its own, and the
/// whole group is killed when the time runs out, so a wrapper script's children (a `sleep`, a
/// compiler) die with it.
pub fn run(program: &Path, args: &[&std::ffi::OsStr], timeout: Duration) -> std::io::Result<Output> {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    // Drain the pipes on threads so a chatty child cannot block on a full pipe.
    let mut so = child.stdout.take().expect("piped");
    let mut se = child.stderr.take().expect("piped");
    let t_out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut so, &mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut se, &mut s);
        s
    });
    let start = Instant::now();
    let (status, timed_out) = loop {
        if let Some(st) = child.try_wait()? {
            break (Some(st), false);
        }
        if start.elapsed() > timeout {
            if let Ok(pid) = i32::try_from(child.id()) {
                let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
            }
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Ok(Output {
        success: status.is_some_and(|s| s.success()),
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
        timed_out,
    })
}

/// How a failure of the compiler itself (not a rejection of the code) is reported.
pub(crate) const FAILED_TO_RUN: &str = "the compiler failed to run";

/// Compile `source` with nvcc into `dir` and run it.
pub(crate) struct Compiler {
    pub nvcc: PathBuf,
    pub include: PathBuf,
    pub timeout: Duration,
    pub extra_args: Vec<String>,
}

impl Compiler {
    /// Compile `source` for `arch` (`sm_120a`), run it: `Ok(stdout)` or `Err(first error / timeout message)`.
    pub(crate) fn compile_and_run(&self, dir: &Path, tag: &str, source: &str, arch: &str) -> Result<String, String> {
        let src = dir.join(format!("probe_{tag}.cu"));
        let exe = dir.join(format!("probe_{tag}"));
        std::fs::write(&src, source).map_err(|e| format!("cannot write {}: {e}", src.display()))?;
        let include = format!("-I{}", self.include.display());
        let arch = format!("-arch={arch}");
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "-std=c++17".as_ref(),
            arch.as_ref(),
            include.as_ref(),
            "--expt-relaxed-constexpr".as_ref(),
            "-w".as_ref(),
        ];
        args.extend(self.extra_args.iter().map(|a| std::ffi::OsStr::new(a.as_str())));
        args.extend(["-o".as_ref(), exe.as_os_str(), src.as_os_str()]);
        let out =
            run(&self.nvcc, &args, self.timeout).map_err(|e| format!("cannot run {}: {e}", self.nvcc.display()))?;
        if out.timed_out {
            return Err(format!("nvcc timed out after {} s", self.timeout.as_secs()));
        }
        if !out.success {
            // A CUTLASS rejection is a compile error in a source file; anything else (nvcc missing a
            // component, a wrapper that fails, a signal) is the compiler failing to run.
            return Err(match super::probe::compile_error(&out.stderr) {
                Some(e) => e,
                None => format!(
                    "{FAILED_TO_RUN}: {} exited without a compile error ({})",
                    self.nvcc.display(),
                    out.stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no output").trim()
                ),
            });
        }
        let ran = run(&exe, &[], self.timeout).map_err(|e| format!("cannot run the probe: {e}"))?;
        if !ran.success {
            return Err(format!("the probe failed: {}", ran.stderr.trim()));
        }
        Ok(ran.stdout)
    }
}
