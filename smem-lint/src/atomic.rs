//! Writing output files safely.
//!
//! - The target's symlinks are resolved: the file written is the one the link points to, and the
//!   link stays a link.
//! - A target that exists and is not a regular file (a directory, FIFO, socket or device) is refused,
//!   never replaced; so is a read-only file (one `>` could not write), and a file this run read
//!   (`input::was_read`: a configuration, a manifest, a Rust source).
//! - The new contents go to an exclusively created temporary file with a random name in the same
//!   directory (`tempfile`), are synced, get the old file's permissions, and are renamed over the
//!   target: a failed or killed run leaves the previous file untouched, and another user's planted
//!   file or link at a predictable name cannot redirect the write. Temporary names are short, so any
//!   legal target name works. They carry the writer's process id (`.smem-lint-PID-XXXXXX.tmp`): a
//!   temporary left by a writer that was killed (`kill -9` runs no destructor) is removed by the
//!   next write into that directory once no process of that id is alive.
//! - `-` means standard output, and so do `/dev/stdout`, `/proc/self/fd/1` and `/dev/fd/1` (and
//!   the same names of standard error): a write to them appends to whatever the stream is (a log
//!   opened with `>>`, a pipe, a terminal) instead of replacing the file behind the link. Other
//!   names of open file descriptors are refused.

use std::io::Write;
use std::path::{Path, PathBuf};

/// What a path names once its links are followed.
enum Target {
    /// A file (which may not exist yet).
    File(PathBuf),
    /// An open file descriptor of this process: 1 (standard output) or 2 (standard error).
    Stream(u8),
}

/// What a path is, as one of the names Linux gives open file descriptors (`/dev/stdout`,
/// `/dev/stderr`, `/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N`,
/// `/proc/PID/fd/N`).
enum Descriptor {
    /// Not such a name.
    No,
    /// Standard output (1) or standard error (2).
    Stream(u8),
    /// Another descriptor.
    Other,
}

fn descriptor(path: &Path) -> Descriptor {
    let Some(text) = path.to_str() else { return Descriptor::No };
    let fd = match text {
        "/dev/stdin" => Some("0"),
        "/dev/stdout" => Some("1"),
        "/dev/stderr" => Some("2"),
        _ => text
            .strip_prefix("/dev/fd/")
            .or_else(|| text.strip_prefix("/proc/self/fd/"))
            .or_else(|| text.strip_prefix("/proc/thread-self/fd/"))
            .or_else(|| {
                let rest = text.strip_prefix("/proc/")?;
                let (pid, fd) = rest.split_once("/fd/")?;
                pid.bytes().all(|b| b.is_ascii_digit()).then_some(fd)
            }),
    };
    match fd.map(str::parse::<u8>) {
        None => Descriptor::No,
        Some(Ok(fd @ (1 | 2))) => Descriptor::Stream(fd),
        Some(_) => Descriptor::Other,
    }
}

/// The file a write to `path` really changes: `path` with its symlinks resolved (a dangling link's
/// target is created). Used by `cargo smem-lint`'s confinement to the workspace.
#[cfg(feature = "cargo")]
pub(crate) fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    match resolve_target(path)? {
        Target::File(p) => Ok(p),
        Target::Stream(fd) => Ok(PathBuf::from(format!("/dev/fd/{fd}"))),
    }
}

fn resolve_target(path: &Path) -> std::io::Result<Target> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match descriptor(&p) {
            Descriptor::Stream(fd) => return Ok(Target::Stream(fd)),
            Descriptor::Other => {
                return Err(std::io::Error::other(format!(
                    "{} names an open file descriptor: write to `-` (standard output) instead",
                    path.display()
                )))
            }
            Descriptor::No => {}
        }
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(Target::File(p)),
        }
    }
    Err(std::io::Error::other(format!("{}: too many levels of symbolic links", path.display())))
}

/// Write `contents` to `path` (see the module documentation).
pub(crate) fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let target = if path.as_os_str() == "-" { Target::Stream(1) } else { resolve_target(path)? };
    let target = match target {
        Target::Stream(fd) => {
            let written = if fd == 1 {
                let mut out = crate::output::stdout();
                out.write_all(contents).and_then(|()| out.flush())
            } else {
                let mut out = crate::output::stderr();
                out.write_all(contents).and_then(|()| out.flush())
            };
            return written;
        }
        Target::File(p) => p,
    };
    let existing = match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() => {
            return Err(std::io::Error::other(format!(
                "{} exists and is not a regular file (a directory, FIFO or device is never replaced)",
                target.display()
            )))
        }
        // Never a file the user could not write (`>` would be refused), nor one this run reads.
        Ok(m) if m.permissions().readonly() => {
            return Err(std::io::Error::other(format!(
                "{} is read-only: smem-lint does not replace a file that cannot be written",
                target.display()
            )))
        }
        Ok(_) if crate::input::was_read(&target) => {
            return Err(std::io::Error::other(format!(
                "{} is a file this run reads: an input is never replaced (write the table elsewhere)",
                target.display()
            )))
        }
        Ok(m) => Some(m.permissions()),
        // A parent that is a file is reported when its folder is created.
        Err(e) if matches!(e.kind(), std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory) => None,
        Err(e) => return Err(e),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // Missing parent folders are created, as `mkdir -p` would; the error names the folder.
    if !dir.is_dir() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot create the folder {}: {e}", dir.display())))?;
    }
    let prefix = format!("{TEMP_PREFIX}{}-", std::process::id());
    // A new file gets the permissions the umask gives (0o666 less the umask), as `>` would; the
    // temporary's name never reaches an error message.
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(TEMP_SUFFIX)
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666))
        .tempfile_in(&dir)
        .map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot create a file in {}: {}", dir.display(), e.kind()))
        })?;
    // Its owner is this process's user: the stale temporaries removed are that user's only.
    if let Ok(m) = tmp.as_file().metadata() {
        remove_stale_temporaries(&dir, std::os::unix::fs::MetadataExt::uid(&m));
    }
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    if let Some(perms) = existing {
        tmp.as_file().set_permissions(perms)?;
    }
    tmp.persist(&target).map_err(|e| std::io::Error::new(e.error.kind(), e.error.kind().to_string()))?;
    Ok(())
}

const TEMP_PREFIX: &str = ".smem-lint-";
const TEMP_SUFFIX: &str = ".tmp";

/// Remove the temporaries in `dir` of writers that are gone (killed before they could clean up):
/// regular files named `.smem-lint-PID-XXXXXX.tmp`, owned by this user, whose PID is no live
/// process. Best effort: a directory that cannot be listed is left alone.
fn remove_stale_temporaries(dir: &Path, me: u32) {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(TEMP_PREFIX))
            .and_then(|n| n.strip_suffix(TEMP_SUFFIX))
            .and_then(|n| n.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<i32>().ok())
        else {
            continue;
        };
        let ours = entry.metadata().is_ok_and(|m| m.is_file() && m.uid() == me);
        let gone = pid > 0
            && matches!(nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None), Err(nix::errno::Errno::ESRCH));
        if ours && gone {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("smem-lint-atomic-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// A new file gets 0o666 less the umask (as the shell's `>` gives), not a temporary's 0o600;
    /// missing parent folders are created.
    #[test]
    fn new_files_follow_the_umask_and_get_their_folders() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let target = d.path().join("a/b/c.hpp");
        write(&target, b"x").unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let umask = status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .map(|u| u32::from_str_radix(u.trim(), 8).unwrap())
            .unwrap();
        assert_eq!(mode, 0o666 & !umask, "mode {mode:o}, umask {umask:o}");
        // A path through a regular file cannot get its folder: the error names it, not a temporary.
        let through_file = target.join("d.hpp");
        let e = write(&through_file, b"x").unwrap_err().to_string();
        assert!(e.contains("cannot create the folder") && !e.contains(TEMP_PREFIX), "{e}");
    }

    #[test]
    fn writes_through_links_keeps_permissions_and_leaves_no_temporaries() {
        let d = scratch("links");
        let real = d.join("real.json");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink("real.json", d.join("link.json")).unwrap();
        write(&d.join("link.json"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        assert!(std::fs::symlink_metadata(d.join("link.json")).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
        let names: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }

    /// Issue 39: a file `>` could not write (no write bit for anyone) is refused, not replaced by a
    /// rename: as root too, where `>` would succeed, since its mode says it is not to be written.
    #[test]
    fn a_read_only_file_is_never_replaced() {
        let d = scratch("read-only");
        let target = d.join("table.json");
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = write(&target, b"new").unwrap_err().to_string();
        assert!(e.contains("is read-only"), "{e}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
        std::os::unix::fs::symlink("table.json", d.join("link.json")).unwrap();
        assert!(write(&d.join("link.json"), b"new").is_err(), "through a link too");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
    }

    #[test]
    fn refuses_what_is_not_a_regular_file() {
        let d = scratch("special");
        assert!(write(&d, b"x").is_err(), "a directory");
        let fifo = d.join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let e = write(&fifo, b"x").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo_like());
        let null = Path::new("/dev/null");
        assert!(write(null, b"x").is_err());
        assert!(std::fs::metadata(null).unwrap().file_type().is_char_device_like());
    }

    #[test]
    fn long_names_work() {
        let d = scratch("long");
        let name = format!("{}.json", "k".repeat(245));
        write(&d.join(&name), b"x").unwrap();
        assert_eq!(std::fs::read_to_string(d.join(&name)).unwrap(), "x");
    }

    trait Kind {
        fn is_fifo_like(&self) -> bool;
        fn is_char_device_like(&self) -> bool;
    }

    impl Kind for std::fs::FileType {
        fn is_fifo_like(&self) -> bool {
            std::os::unix::fs::FileTypeExt::is_fifo(self)
        }
        fn is_char_device_like(&self) -> bool {
            std::os::unix::fs::FileTypeExt::is_char_device(self)
        }
    }
}
