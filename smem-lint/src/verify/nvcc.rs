//! Finding nvcc and CUTLASS, compiling and running probes: no shell, a timeout per job, temporary
//! files in a directory that is removed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::limits::MAX_COMPILER_OUTPUT_BYTES;

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
    /// What it wrote, each stream kept up to [`MAX_COMPILER_OUTPUT_BYTES`] (its start and its end),
    /// invalid UTF-8 replaced.
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
    /// Stopped because this process was asked to stop ([`super::interrupt`]).
    pub interrupted: bool,
}

/// At most [`MAX_COMPILER_OUTPUT_BYTES`] of a stream: its first bytes (where a compiler's first
/// error is) and its last (its final word), with how many were left out between.
#[derive(Default)]
struct Capture {
    head: Vec<u8>,
    tail: std::collections::VecDeque<u8>,
    dropped: u64,
}

impl Capture {
    const HEAD: usize = MAX_COMPILER_OUTPUT_BYTES - Self::TAIL;
    const TAIL: usize = 64 << 10;

    fn push(&mut self, mut bytes: &[u8]) {
        let room = Self::HEAD.saturating_sub(self.head.len());
        let (first, rest) = bytes.split_at(room.min(bytes.len()));
        self.head.extend_from_slice(first);
        bytes = rest;
        self.tail.extend(bytes);
        let over = self.tail.len().saturating_sub(Self::TAIL);
        self.tail.drain(..over);
        self.dropped += over as u64;
    }

    fn text(&self) -> String {
        let mut bytes = self.head.clone();
        if self.dropped > 0 {
            bytes.extend_from_slice(format!("\n[... {} bytes of output left out ...]\n", self.dropped).as_bytes());
        }
        bytes.extend(self.tail.iter());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// Read `stream` to its end into a shared [`Capture`] (memory stays bounded whatever it writes).
fn drain(mut stream: impl std::io::Read + Send + 'static) -> (Arc<Mutex<Capture>>, std::sync::mpsc::Receiver<()>) {
    let capture = Arc::new(Mutex::new(Capture::default()));
    let (done, finished) = std::sync::mpsc::channel();
    let into = capture.clone();
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 64 << 10];
        loop {
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => into.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = done.send(());
    });
    (capture, finished)
}

fn kill_group(pgid: u32, signal: nix::sys::signal::Signal) {
    if let Ok(pid) = i32::try_from(pgid) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), signal);
    }
}

/// How long the output of a finished child is waited for: a process that left the child's process
/// group (and so survived it) may hold its pipes open for ever.
const PIPE_GRACE: Duration = Duration::from_secs(2);

/// Run a program (no shell) with a time limit. The child runs in a process group of its own; the
/// whole group is killed when the time runs out, when this process is asked to stop, and once the
/// child has exited (so a background process it left behind, a `sleep`, a compiler daemon, dies
/// with it instead of holding its pipes open). Its output is read on threads (a chatty child never
/// blocks on a full pipe) and kept up to [`MAX_COMPILER_OUTPUT_BYTES`] per stream.
pub fn run(program: &Path, args: &[&std::ffi::OsStr], timeout: Duration) -> std::io::Result<Output> {
    use nix::sys::signal::Signal;
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let pgid = child.id();
    let streams = (child.stdout.take(), child.stderr.take());
    let (Some(so), Some(se)) = streams else {
        kill_group(pgid, Signal::SIGKILL);
        let _ = child.wait();
        return Err(std::io::Error::other("the child's output was not piped"));
    };
    let (out, out_done) = drain(so);
    let (err, err_done) = drain(se);
    let start = Instant::now();
    let (status, timed_out, interrupted) = loop {
        if let Some(st) = child.try_wait()? {
            break (Some(st), false, false);
        }
        let stop = super::interrupt::requested();
        if stop || start.elapsed() > timeout {
            kill_group(pgid, Signal::SIGKILL);
            let _ = child.kill();
            let _ = child.wait();
            break (None, !stop, stop);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Whatever the child left running in its group goes with it.
    kill_group(pgid, Signal::SIGKILL);
    let deadline = Instant::now() + PIPE_GRACE;
    for done in [&out_done, &err_done] {
        let _ = done.recv_timeout(deadline.saturating_duration_since(Instant::now()));
    }
    let text = |c: &Arc<Mutex<Capture>>| c.lock().unwrap_or_else(std::sync::PoisonError::into_inner).text();
    Ok(Output {
        success: status.is_some_and(|s| s.success()),
        stdout: text(&out),
        stderr: text(&err),
        timed_out,
        interrupted,
    })
}

/// Why a translation unit gave no measurements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// CUTLASS rejected the code: a compile error in a source file (the first one).
    Rejected(String),
    /// Nothing was learnt about the code: the toolchain failed (a `#error` in its headers, the
    /// linker, an option it does not know, a missing file), timed out, or the probe did not run.
    Failed(String),
    /// This process was asked to stop.
    Interrupted,
}

/// Compile `source` with nvcc into `dir` and run it.
pub(crate) struct Compiler {
    pub nvcc: PathBuf,
    pub include: PathBuf,
    pub timeout: Duration,
    pub extra_args: Vec<String>,
}

impl Compiler {
    /// Compile `source` for `arch` (`sm_120a`), run it: `Ok(stdout)`, or why not.
    pub(crate) fn compile_and_run(&self, dir: &Path, tag: &str, source: &str, arch: &str) -> Result<String, Failure> {
        let src = dir.join(format!("probe_{tag}.cu"));
        let exe = dir.join(format!("probe_{tag}"));
        std::fs::write(&src, source).map_err(|e| Failure::Failed(format!("cannot write {}: {e}", src.display())))?;
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
        let out = run(&self.nvcc, &args, self.timeout)
            .map_err(|e| Failure::Failed(format!("cannot run {}: {e}", self.nvcc.display())))?;
        if out.interrupted {
            return Err(Failure::Interrupted);
        }
        if out.timed_out {
            return Err(Failure::Failed(format!("nvcc timed out after {} s", self.timeout.as_secs())));
        }
        if !out.success {
            // A CUTLASS rejection is a compile error in a source file; anything else (nvcc missing a
            // component, a `#error` of the host compiler's headers, the linker, a wrapper that
            // fails, a signal) is the toolchain failing.
            return Err(match super::probe::compile_error(&out.stderr) {
                Some(e) => Failure::Rejected(e),
                None => Failure::Failed(format!(
                    "{FAILED_TO_RUN}: {} exited without a compile error in the probe ({})",
                    self.nvcc.display(),
                    super::probe::toolchain_error(&out.stderr).unwrap_or("no output")
                )),
            });
        }
        let ran = run(&exe, &[], self.timeout).map_err(|e| Failure::Failed(format!("cannot run the probe: {e}")))?;
        if ran.interrupted {
            return Err(Failure::Interrupted);
        }
        if !ran.success {
            return Err(Failure::Failed(format!("the probe failed: {}", ran.stderr.trim())));
        }
        Ok(ran.stdout)
    }
}

/// How a failure of the toolchain (not a rejection of the code) is reported.
pub(crate) const FAILED_TO_RUN: &str = "the compiler failed to run";
