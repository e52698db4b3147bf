//! Issue 31: every bundled configuration that names a real source says which one, exactly.
//!
//! Walks `configs/**/*.toml`. A `[[kernel]]` or `[[sweep]]` cites a source when it (or `[defaults]`)
//! has a `source_*` key, when its file lies under `configs/real/`, or when the comments attached to it
//! (the comment lines above its header and inside its table) or the file's leading comment name a
//! source file or a project. Such an entry must carry `source_repo`, `source_path` and
//! `source_commit` (in the entry or in `[defaults]`), non-empty, with `source_commit` a hex hash of at
//! least 7 digits. No entry may declare its epilogue by size (`epilogue = { smem_bytes = ... }`) unless
//! its name says so (contains "declared").

use std::path::{Path, PathBuf};

const PROVENANCE_KEYS: [&str; 3] = ["source_repo", "source_path", "source_commit"];

/// Extensions of the files a citation names (`foo.cu`, `bar.hpp:41`, ...).
const SOURCE_EXTENSIONS: [&str; 9] = [".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".py", ".inl", ".jinja"];

/// Projects whose kernels the configurations reproduce; naming one is citing it.
const PROJECTS: [&str; 11] = [
    "FlashInfer",
    "flashinfer",
    "vLLM",
    "vllm",
    "TensorRT-LLM",
    "TRT-LLM",
    "SGLang",
    "sglang",
    "sgl-kernel",
    "PyTorch",
    "pytorch",
];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            toml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

/// Whether a comment names a source file (by extension) or a project.
fn comment_cites(comment: &str) -> bool {
    let names_file = comment
        .split(|c: char| c.is_whitespace() || "()[]{},;:'\"`<>=".contains(c))
        .any(|token| SOURCE_EXTENSIONS.iter().any(|ext| token.len() > ext.len() && token.ends_with(ext)));
    names_file || PROJECTS.iter().any(|p| comment.contains(p))
}

/// The comments of a file, split by table: the file's leading comment, then for each `[[kernel]]` /
/// `[[sweep]]` header in order of appearance, its kind and the comment lines above it (since the
/// previous table's last key) and inside it.
struct Comments {
    leading: String,
    entries: Vec<(String, String)>,
}

fn comments(text: &str) -> Comments {
    let mut leading = String::new();
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut pending = String::new();
    let mut seen_table = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some(c) = t.strip_prefix('#') {
            if seen_table {
                pending.push_str(c);
                pending.push('\n');
            } else {
                leading.push_str(c);
                leading.push('\n');
            }
        } else if let Some((array, name)) = table_header(t) {
            seen_table = true;
            if array {
                entries.push((name, std::mem::take(&mut pending)));
            } else {
                pending.clear();
            }
        } else if !t.is_empty() {
            // A key: comments gathered so far belong to the table it is in.
            if let Some(last) = entries.last_mut() {
                last.1.push_str(&pending);
            }
            pending.clear();
        }
    }
    Comments { leading, entries }
}

/// `[name]` or `[[name]]` (whether an array of tables, and the name); `None` for anything else, such
/// as the continuation line of a multi-line array (`[[128, 32, 128], ...`).
fn table_header(line: &str) -> Option<(bool, String)> {
    let line = line.split('#').next().unwrap_or("").trim();
    let (array, inner) = if let Some(rest) = line.strip_prefix("[[") {
        (true, rest.strip_suffix("]]")?)
    } else {
        (false, line.strip_prefix('[')?.strip_suffix(']')?)
    };
    let inner = inner.trim();
    let is_name = !inner.is_empty() && inner.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    is_name.then(|| (array, inner.to_string()))
}

fn string_key<'a>(entry: &'a toml::Table, defaults: Option<&'a toml::Table>, key: &str) -> Option<&'a toml::Value> {
    entry.get(key).or_else(|| defaults.and_then(|d| d.get(key)))
}

/// Every problem with one file's provenance, as `label: entry: message` lines. `in_real` marks files
/// under `configs/real/`, which must cite a source for every entry.
fn check_file(label: &str, text: &str, in_real: bool) -> Vec<String> {
    let mut errors = Vec::new();
    let table = match text.parse::<toml::Table>() {
        Ok(t) => t,
        Err(e) => return vec![format!("{label}: does not parse: {e}")],
    };
    let defaults = table.get("defaults").and_then(toml::Value::as_table);
    let defaults_cite = defaults.is_some_and(|d| d.keys().any(|k| k.starts_with("source_")));
    let notes = comments(text);
    let leading_cites = comment_cites(&notes.leading);
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for (kind, comment) in &notes.entries {
        if kind != "kernel" && kind != "sweep" {
            continue;
        }
        let i = seen.entry(kind.clone()).or_insert(0);
        let Some(entry) = table.get(kind.as_str()).and_then(toml::Value::as_array).and_then(|a| a.get(*i)) else {
            errors.push(format!("{label}: [[{kind}]] #{i} has no parsed table"));
            continue;
        };
        *i += 1;
        let Some(entry) = entry.as_table() else {
            errors.push(format!("{label}: [[{kind}]] #{i} is not a table"));
            continue;
        };
        let name = entry.get("name").and_then(toml::Value::as_str).unwrap_or("<unnamed>");
        let cites = in_real
            || defaults_cite
            || entry.keys().any(|k| k.starts_with("source_"))
            || leading_cites
            || comment_cites(comment);
        if cites {
            for key in PROVENANCE_KEYS {
                match string_key(entry, defaults, key).map(toml::Value::as_str) {
                    None => errors.push(format!("{label}: {name}: cites a source but has no {key}")),
                    Some(None) => errors.push(format!("{label}: {name}: {key} is not a string")),
                    Some(Some(v)) if v.trim().is_empty() => errors.push(format!("{label}: {name}: {key} is empty")),
                    Some(Some(_)) => {}
                }
            }
            if let Some(commit) = string_key(entry, defaults, "source_commit").and_then(toml::Value::as_str) {
                if commit.len() < 7 || !commit.chars().all(|c| c.is_ascii_hexdigit()) {
                    errors.push(format!(
                        "{label}: {name}: source_commit {commit:?} is not a hex hash of at least 7 digits"
                    ));
                }
            }
        }
        let declared_by_size = string_key(entry, defaults, "epilogue")
            .and_then(toml::Value::as_table)
            .is_some_and(|e| e.contains_key("smem_bytes"));
        if declared_by_size && !name.contains("declared") {
            errors.push(format!(
                "{label}: {name}: epilogue = {{ smem_bytes = ... }} declares a size, not a kernel; \
                 only an entry whose name contains \"declared\" may"
            ));
        }
    }
    errors
}

#[test]
fn every_config_that_names_a_source_records_it() {
    let root = workspace_root();
    let mut files = Vec::new();
    toml_files(&root.join("configs"), &mut files);
    let real: Vec<_> = files.iter().filter(|p| p.parent().is_some_and(|d| d.ends_with("configs/real"))).collect();
    assert!(real.len() >= 6, "configs/real/ holds {} TOML files", real.len());
    let mut errors = Vec::new();
    let mut entries = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let label = path.strip_prefix(&root).unwrap().display().to_string();
        let in_real = path.parent().is_some_and(|d| d.ends_with("configs/real"));
        entries += comments(&text).entries.iter().filter(|(k, _)| k == "kernel" || k == "sweep").count();
        errors.extend(check_file(&label, &text, in_real));
    }
    assert!(entries > 100, "only {entries} entries found under configs/");
    assert!(errors.is_empty(), "{} provenance problems:\n{}", errors.len(), errors.join("\n"));
}

/// The check can fail: bad entries fed through the same function are rejected, a good one is not.
#[test]
fn the_check_rejects_what_it_must() {
    let good = r#"
# FlashInfer: include/flashinfer/gemm/fp4_gemm_template_sm120.h
[[kernel]]
name = "k"
source_repo = "flashinfer-ai/flashinfer"
source_path = "include/flashinfer/gemm/fp4_gemm_template_sm120.h"
source_commit = "fb28d72"
source_line = "216"
tile = [128, 128, 128]
"#;
    assert_eq!(check_file("good.toml", good, false), Vec::<String>::new());

    // Provenance in [defaults] applies to every entry.
    let inherited = "[defaults]\nsource_repo = \"a/b\"\nsource_path = \"x.cu\"\nsource_commit = \"0123456789abcdef\"\n\
                     [[sweep]]\nname = \"s\"\ntile = [128, 128, 128]\n";
    assert_eq!(check_file("inherited.toml", inherited, true), Vec::<String>::new());

    // A comment names a source file, and the entry records nothing.
    let uncited = "[[kernel]]\n# vLLM: csrc/quantization/fp4/nvfp4_scaled_mm_sm120_kernels.cu\nname = \"k\"\ntile = [128, 128, 128]\n";
    let e = check_file("uncited.toml", uncited, false);
    assert_eq!(e.len(), 3, "{e:?}");
    assert!(e.iter().any(|m| m.contains("no source_commit")), "{e:?}");

    // The comment above the header counts as the entry's.
    let above = "[defaults]\narch = \"sm120\"\n\n# PyTorch rowwise\n[[sweep]]\nname = \"s\"\nsource_repo = \"pytorch/pytorch\"\nsource_path = \"p.cu\"\n";
    let e = check_file("above.toml", above, false);
    assert!(e.iter().any(|m| m.contains("s: cites a source but has no source_commit")), "{e:?}");

    // Anything under configs/real/ must cite, comments or not.
    let bare = "[[kernel]]\nname = \"k\"\ntile = [128, 128, 128]\n";
    assert_eq!(check_file("real.toml", bare, true).len(), 3);
    assert!(check_file("plain.toml", bare, false).is_empty());

    // Commits: hex, at least 7 digits, non-empty.
    for (commit, bad) in [("fb28d72", false), ("FB28D72A", false), ("fb28d7", true), ("v4.4.2", true), ("", true)] {
        let t = format!(
            "[[kernel]]\nname = \"k\"\nsource_repo = \"a/b\"\nsource_path = \"x.cu\"\nsource_commit = \"{commit}\"\n"
        );
        assert_eq!(!check_file("commit.toml", &t, false).is_empty(), bad, "{commit:?}");
    }
    let empty_repo =
        "[[kernel]]\nname = \"k\"\nsource_repo = \" \"\nsource_path = \"x.cu\"\nsource_commit = \"fb28d72\"\n";
    assert!(check_file("empty.toml", empty_repo, false).iter().any(|m| m.contains("source_repo is empty")));

    // A size-declared epilogue passes only under a name that says so.
    let sized = "[[kernel]]\nname = \"moe\"\ntile = [128, 128, 128]\nepilogue = { smem_bytes = 20480 }\n";
    let e = check_file("sized.toml", sized, false);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("smem_bytes"));
    assert!(check_file("declared.toml", &sized.replace("\"moe\"", "\"moe_declared\""), false).is_empty());

    // A commented-out entry is a comment: it neither counts nor hides the next entry's citation.
    let commented =
        "# UNEXPRESSIBLE: scheduler\n# [[kernel]]\n# name = \"x\"\n[[kernel]]\n# see sglang\nname = \"k\"\n";
    assert_eq!(check_file("commented.toml", commented, false).len(), 3);

    // A multi-line array's rows are not table headers.
    let multiline = "[[sweep]]\n# vllm\nname = \"s\"\ntile = [\n[[128, 32, 128]],\n]\n";
    assert_eq!(table_header("[[128, 32, 128]],"), None);
    assert_eq!(table_header("[[sweep]]  # x"), Some((true, "sweep".to_string())));
    assert_eq!(check_file("multiline.toml", multiline, false).len(), 3);

    // Files that do not parse are reported, not skipped.
    assert_eq!(check_file("broken.toml", "[[kernel]\nname = 1", false).len(), 1);
}
