//! Writing output files safely.
//!
//! - The target's symlinks are resolved: the file written is the one the link points to, and the
//!   link stays a link.
//! - A target that exists and is not a regular file (a directory, FIFO, socket or device) is refused,
//!   never replaced.
//! - The new contents go to an exclusively created temporary file with a random name in the same
//!   directory (`tempfile`), are synced, get the old file's permissions, and are renamed over the
//!   target: a failed or killed run leaves the previous file untouched, and another user's planted
//!   file or link at a predictable name cannot redirect the write. Temporary names are short, so any
//!   legal target name works.
//! - `-` means standard output.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The file a write to `path` really changes: `path` with its symlinks resolved (a dangling link's
/// target is created).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!("{}: too many levels of symbolic links", path.display())))
}

/// Write `contents` to `path` (see the module documentation).
pub(crate) fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(contents)?;
        return out.flush();
    }
    let target = resolve(path)?;
    let existing = match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() => {
            return Err(std::io::Error::other(format!(
                "{} exists and is not a regular file (a directory, FIFO or device is never replaced)",
                target.display()
            )))
        }
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new().prefix(".smem-lint-").suffix(".tmp").tempfile_in(&dir)?;
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    if let Some(perms) = existing {
        tmp.as_file().set_permissions(perms)?;
    }
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
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

    #[test]
    fn writes_through_links_keeps_permissions_and_leaves_no_temporaries() {
        let d = scratch("links");
        let real = d.join("real.json");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o444)).unwrap();
        std::os::unix::fs::symlink("real.json", d.join("link.json")).unwrap();
        write(&d.join("link.json"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        assert!(std::fs::symlink_metadata(d.join("link.json")).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o444);
        let names: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
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
