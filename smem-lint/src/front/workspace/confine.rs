//! `cargo smem-lint` reads and writes inside its workspace only.
//!
//! Settings name paths relative to a manifest: configuration globs (read, and quoted in
//! diagnostics) and emitted tables (written). A path that leads outside the workspace's root,
//! lexically (`../x`, `/abs`) or through a symbolic link, is refused: a workspace checked out from
//! elsewhere must not make `cargo smem-lint` print a file it has no business reading, or replace
//! one it has no business writing.

use std::path::{Component, Path, PathBuf};

/// `path` with `.` and `..` taken lexically (`a/b/../c` is `a/c`); `None` when `..` climbs above
/// its start.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

fn canonical_root(root: &Path) -> PathBuf {
    std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf())
}

/// Whether `path` (absolute) stays under `root` lexically.
fn lexically_inside(root: &Path, path: &Path) -> bool {
    match (normal(root), normal(path)) {
        (Some(r), Some(p)) => p.starts_with(r),
        _ => false,
    }
}

fn outside(root: &Path) -> String {
    format!("is outside the workspace ({})", root.display())
}

/// A file found by a glob: inside the workspace once its links are resolved.
pub(super) fn file(root: &Path, path: &Path) -> Result<(), String> {
    let real = std::fs::canonicalize(path).map_err(|e| format!("cannot resolve {}: {e}", path.display()))?;
    if real.starts_with(canonical_root(root)) {
        Ok(())
    } else {
        Err(format!("leads to {}, which {}", real.display(), outside(root)))
    }
}

/// A configuration glob of the manifest in `dir`: it may not reach outside the workspace, and
/// none of its files may lead outside through a link.
pub(super) fn glob(root: &Path, dir: &Path, pattern: &str) -> Result<(), String> {
    if Path::new(pattern).is_absolute() || !lexically_inside(root, &dir.join(pattern)) {
        return Err(outside(root));
    }
    let Ok(paths) = glob::glob(&dir.join(pattern).to_string_lossy()) else { return Ok(()) };
    for p in paths.flatten() {
        if p.is_file() {
            file(root, &p).map_err(|e| format!("matches {}, which {e}", p.display()))?;
        }
    }
    Ok(())
}

/// A directory read for its files (`cutlass-include`): inside the workspace lexically and once its
/// links are resolved. A directory that does not exist is for the reader to report.
pub(super) fn input_dir(root: &Path, path: &Path) -> Result<(), String> {
    if !lexically_inside(root, path) {
        return Err(outside(root));
    }
    match std::fs::canonicalize(path) {
        Ok(real) if !real.starts_with(canonical_root(root)) => {
            Err(format!("leads to {}, which {}", real.display(), outside(root)))
        }
        _ => Ok(()),
    }
}

/// An emitted table's path: inside the workspace, its directory and any link it is resolved
/// through included.
pub(super) fn output(root: &Path, path: &Path) -> Result<(), String> {
    if !lexically_inside(root, path) {
        return Err(outside(root));
    }
    // `.` or a folder: a table is a file (its parent is no place to judge it by).
    if normal(path).is_some_and(|p| p.is_dir()) {
        return Err("is a directory: name the file the table is written to".into());
    }
    let target = crate::atomic::resolve(path).map_err(|e| e.to_string())?;
    let Some(parent) = target.parent() else { return Err(outside(root)) };
    // A directory that does not exist: the write fails and says so.
    let Ok(real) = std::fs::canonicalize(parent) else { return Ok(()) };
    if real.starts_with(canonical_root(root)) {
        Ok(())
    } else {
        Err(format!("leads to {}, which {}", real.display(), outside(root)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_paths() {
        let root = Path::new("/ws");
        assert!(lexically_inside(root, Path::new("/ws/a/../b/c.toml")));
        assert!(lexically_inside(root, Path::new("/ws/member/../configs/*.toml")));
        assert!(!lexically_inside(root, Path::new("/ws/../outside/x")));
        assert!(!lexically_inside(root, Path::new("/ws/a/../../x")));
        assert!(!lexically_inside(root, Path::new("/elsewhere/x")));
        assert!(!lexically_inside(root, Path::new("/wsx/a")));
        assert!(glob(root, Path::new("/ws"), "/etc/*.toml").is_err());
    }
}
