//! Reading input files: regular files only, up to a stated size (docs/limits.md).
//!
//! A FIFO would block `open` until a writer appears, and a device such as `/dev/zero` would be read
//! until memory runs out: a file is opened without blocking (`O_NONBLOCK`, which does nothing to a
//! regular file), checked to be a regular file on the descriptor itself (so it cannot be swapped
//! between the check and the read), and read up to [`crate::limits::MAX_FILE_BYTES`].

use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use crate::limits::MAX_FILE_BYTES;

/// Why a file could not be read: the message to print after the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub message: String,
    /// The file is over a stated limit (rather than missing or unreadable).
    pub over_limit: bool,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn io(e: &std::io::Error) -> ReadError {
    ReadError { message: e.to_string(), over_limit: false }
}

/// Open `path` for reading if it is a regular file, without ever blocking on a FIFO.
pub fn open_regular(path: &Path) -> Result<std::fs::File, ReadError> {
    let file =
        std::fs::OpenOptions::new().read(true).custom_flags(nix::libc::O_NONBLOCK).open(path).map_err(|e| io(&e))?;
    let meta = file.metadata().map_err(|e| io(&e))?;
    if !meta.is_file() {
        let what = if meta.is_dir() { "a directory" } else { "a FIFO, socket or device" };
        return Err(ReadError {
            message: format!("not a regular file ({what}; only regular files are read)"),
            over_limit: false,
        });
    }
    Ok(file)
}

/// The bytes of a regular file of at most `limit` bytes.
pub fn read_bytes_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let len = file.metadata().map_err(|e| io(&e))?.len();
    let over = |len: u64| ReadError {
        message: format!("the file is {len} bytes, over the limit of {limit} bytes (docs/limits.md)"),
        over_limit: true,
    };
    if len > limit {
        return Err(over(len));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    // A file that grows while it is read stops at the limit too.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| io(&e))?;
    if bytes.len() as u64 > limit {
        return Err(over(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The text of a regular file of at most [`MAX_FILE_BYTES`] bytes.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    read_text_limited(path, MAX_FILE_BYTES)
}

/// [`read_text`] with another limit.
pub fn read_text_limited(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bytes_limited(path, limit)?;
    String::from_utf8(bytes).map_err(|e| ReadError {
        message: format!("not UTF-8 (at byte {})", e.utf8_error().valid_up_to() + 1),
        over_limit: false,
    })
}

/// [`read_text`] with its error as `cannot read PATH: why`.
pub fn read_to_string(path: &Path) -> Result<String, String> {
    read_text(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Standard input as text, at most [`crate::limits::MAX_FILE_BYTES`] of it (the limit of a file).
pub fn read_stdin() -> Result<String, String> {
    use std::io::Read as _;
    let limit = crate::limits::MAX_FILE_BYTES;
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(format!("cannot read standard input: it is over the limit of {limit} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "cannot read standard input: it is not UTF-8".to_string())
}

/// [`read_to_string`], where `-` names standard input.
pub fn read_named(path: &Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        read_stdin()
    } else {
        read_to_string(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let d = std::env::temp_dir().join(format!("smem-lint-input-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let f = d.join("f.toml");
        std::fs::write(&f, "abc").unwrap();
        assert_eq!(read_text(&f).unwrap(), "abc");
        assert!(read_text_limited(&f, 2).unwrap_err().over_limit);
        assert!(read_text(&d).unwrap_err().message.contains("not a regular file"));
        let fifo = d.join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert!(read_text(&fifo).unwrap_err().message.contains("not a regular file"));
        assert!(read_text(Path::new("/dev/zero")).unwrap_err().message.contains("not a regular file"));
        std::fs::write(&f, b"ok\xff").unwrap();
        assert!(read_text(&f).unwrap_err().message.contains("not UTF-8"));
        let _ = std::fs::remove_dir_all(&d);
    }
}
