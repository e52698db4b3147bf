//! Writing files atomically: a temporary file beside the target, synced, then renamed over it.
//! A failed run leaves the previous file untouched.

use std::io::Write;
use std::path::Path;

pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path.file_name().ok_or_else(|| std::io::Error::other("output path has no file name"))?;
    let tmp = dir.join(format!(".{}.smem-lint-{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
