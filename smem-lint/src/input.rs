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

/// The files this process has read, by their canonical paths: no write of this run may replace one
/// (`atomic::write` asks [`was_read`]). Inputs are read before any output is written.
static READ: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Whether this run has read the file `path` names (links resolved).
pub fn was_read(path: &Path) -> bool {
    let Ok(real) = std::fs::canonicalize(path) else { return false };
    READ.lock().is_ok_and(|r| r.contains(&real))
}

fn remember(path: &Path) {
    if let (Ok(real), Ok(mut read)) = (std::fs::canonicalize(path), READ.lock()) {
        if !read.contains(&real) {
            read.push(real);
        }
    }
}

/// Open `path` for reading if it is a regular file, without ever blocking on a FIFO.
pub fn open_regular(path: &Path) -> Result<std::fs::File, ReadError> {
    let file =
        std::fs::OpenOptions::new().read(true).custom_flags(nix::libc::O_NONBLOCK).open(path).map_err(|e| io(&e))?;
    remember(path);
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
///
/// Read in chunks of [`STDIN_CHUNK`] bytes, never into a buffer that doubles: a stream over the limit
/// (`-` from `/dev/zero`) is refused having held at most the limit and one chunk, and one within it
/// is joined into a buffer of its exact size, each chunk freed once copied (docs/limits.md: the peak
/// of a bounded read is at most 1.5 times the limit).
pub fn read_stdin() -> Result<String, String> {
    let bytes = read_bounded(&mut std::io::stdin().lock(), crate::limits::MAX_FILE_BYTES)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    String::from_utf8(bytes).map_err(|_| "cannot read standard input: it is not UTF-8".to_string())
}

/// The chunk a stream is read in.
pub const STDIN_CHUNK: usize = 8 << 20;

/// At most `limit` bytes of `r`, in chunks (see [`read_stdin`]).
pub fn read_bounded(r: &mut impl Read, limit: u64) -> Result<Vec<u8>, String> {
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    let mut total = 0usize;
    loop {
        // One byte past the limit tells a stream over it from one exactly at it.
        let want = STDIN_CHUNK.min(limit.saturating_add(1) - total);
        let mut chunk = Vec::with_capacity(want);
        let n = r.take(want as u64).read_to_end(&mut chunk).map_err(|e| e.to_string())?;
        total += n;
        if total > limit {
            return Err(format!("it is over the limit of {limit} bytes"));
        }
        if n > 0 {
            chunks.push(chunk);
        }
        if n < want {
            break;
        }
    }
    if chunks.len() == 1 {
        return Ok(chunks.pop().unwrap_or_default());
    }
    let mut bytes = Vec::with_capacity(total);
    for chunk in chunks {
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
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
