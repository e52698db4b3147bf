//! `--cutlass-include` on a CUTLASS release smem-lint does not know (docs/new-releases.md): answered as
//! the known release whose model-relevant headers are byte-identical, else refused naming the files
//! that differ. Runs on the vendored v4.7.0 headers (`tests/vendor/cutlass-4.7.0`), so CI needs no
//! release bundle.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use smem_lint::fingerprint::{cutlass_release, generate, table, tree_digests, SOURCES};
use smem_lint::model::CutlassVersion;

fn vendored() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vendor/cutlass-4.7.0/include")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("smem-lint-fingerprints-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn files_under(dir: &Path, base: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files_under(&p, base, out);
        } else {
            out.push(p.strip_prefix(base).unwrap().to_string_lossy().into_owned());
        }
    }
}

/// A copy of the vendored 4.7.0 headers whose version.h says `version` (the rest of it unchanged).
fn release_tree(name: &str, version: (u32, u32, u32)) -> PathBuf {
    let include = scratch(name).join("include");
    copy_tree(&vendored(), &include);
    let path = include.join("cutlass/version.h");
    let text = std::fs::read_to_string(&path).unwrap();
    let (maj, min, pat) = version;
    let text = text
        .replace("#define CUTLASS_MAJOR 4\n", &format!("#define CUTLASS_MAJOR {maj}\n"))
        .replace("#define CUTLASS_MINOR 7\n", &format!("#define CUTLASS_MINOR {min}\n"))
        .replace("#define CUTLASS_PATCH 0\n", &format!("#define CUTLASS_PATCH {pat}\n"));
    assert!(text.contains(&format!("#define CUTLASS_MINOR {min}\n")), "version.h changed shape");
    std::fs::write(&path, text).unwrap();
    include
}

fn smem_lint(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run refused before it reads its input closes the pipe: that is not a failure.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

const LINES: &str = concat!(
    r#"{"id": "fits", "arch": "sm120", "kernel": "grouped", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16", "tile": [128, 128, 128]}"#,
    "\n",
    r#"{"id": "narrow", "arch": "sm120", "kernel": "dense", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16", "tile": [128, 16, 128]}"#,
    "\n",
);

/// The vendored files are exactly 4.7.0's model-relevant headers (and its version.h), and the
/// generated table has their digests: the table checked against real headers without the bundle.
#[test]
fn vendored_headers_are_4_7_0s() {
    let mut files = Vec::new();
    files_under(&vendored(), &vendored(), &mut files);
    files.sort();
    let mut want: Vec<String> = SOURCES.iter().map(|s| s.path.to_string()).collect();
    want.push("cutlass/version.h".into());
    want.sort();
    assert_eq!(files, want, "tests/vendor/cutlass-4.7.0 must hold SOURCES and version.h (its README says how)");
    let digests = tree_digests(&vendored()).unwrap();
    for (s, d) in SOURCES.iter().zip(&digests) {
        let row = table::TABLE.iter().find(|f| f.path == s.path).unwrap();
        let known = row.contents.iter().find(|(_, vs)| vs.contains(&CutlassVersion::V4_7_0)).unwrap().0;
        assert_eq!(d.as_deref(), known, "{}", s.path);
    }
    let r = cutlass_release(&vendored()).unwrap();
    assert_eq!((r.version, r.note), (CutlassVersion::V4_7_0, None));
}

/// Day one of a release that changed nothing the model reads: every subcommand that takes headers
/// answers as 4.7.0, says so once, and gives 4.7.0's answers.
#[test]
fn an_unknown_release_with_4_7_0s_headers_is_answered_as_4_7_0() {
    let include = release_tree("same", (4, 99, 0));
    let inc = include.to_str().unwrap();
    let note = format!(
        "note: CUTLASS 4.99.0 is not a release smem-lint knows; its {} model-relevant headers are byte-identical \
         to 4.7.0's; answering as 4.7.0\n",
        SOURCES.len()
    );
    let (code, out, err) = smem_lint(&["eval", "-", "--cutlass-include", inc], LINES);
    let (code_470, out_470, _) = smem_lint(&["eval", "-", "--cutlass", "4.7.0"], LINES);
    assert_eq!(err, note);
    assert_eq!((code, &out), (code_470, &out_470));
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.contains(r#""cutlass":"4.7.0""#), "{out}");

    // A file the model does not read (a new header, a changed comment in version.h) does not matter.
    std::fs::write(include.join("cutlass/new_in_4_99.hpp"), "#pragma once\n").unwrap();
    let version_h = include.join("cutlass/version.h");
    let text = std::fs::read_to_string(&version_h).unwrap();
    std::fs::write(&version_h, text + "// 4.99.0 adds a comment\n").unwrap();
    let dir = include.parent().unwrap();
    std::fs::write(
        dir.join("k.toml"),
        "[[kernel]]\nname = \"k\"\nkernel = \"grouped\"\na = \"nvfp4\"\nb = \"nvfp4\"\nc = \"bf16\"\nd = \"bf16\"\n\
         tile = [128, 128, 128]\n",
    )
    .unwrap();
    let toml = dir.join("k.toml");
    let toml = toml.to_str().unwrap();
    for sub in ["check", "explain"] {
        let (code, out, err) = smem_lint(&[sub, toml, "--cutlass-include", inc], "");
        let (code_470, out_470, _) = smem_lint(&[sub, toml, "--cutlass", "4.7.0"], "");
        assert_eq!((code, &out), (code_470, &out_470), "{sub}: {err}");
        assert!(err.starts_with(&note), "{sub}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A release that changed a header the model reads is refused, naming the file and the facts it
/// feeds; a missing one is named as missing. Every subcommand that takes headers exits 2.
#[test]
fn an_unknown_release_with_changed_headers_is_refused() {
    let include = release_tree("changed", (4, 8, 0));
    let inc = include.to_str().unwrap();
    let builder = include.join("cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl");
    let mut text = std::fs::read(&builder).unwrap();
    text.extend_from_slice(b"// one more line\n");
    std::fs::write(&builder, text).unwrap();
    let dir = include.parent().unwrap();
    std::fs::write(dir.join("k.jsonl"), LINES).unwrap();
    let jsonl = dir.join("k.jsonl");
    for args in [
        vec!["eval", "-", "--cutlass-include", inc],
        vec!["verify", jsonl.to_str().unwrap(), "--cutlass-include", inc, "--nvcc", "/nonexistent/nvcc"],
    ] {
        let (code, out, err) = smem_lint(&args, LINES);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("CUTLASS 4.8.0 is not a release smem-lint knows (3.9.0 to 4.7.0)"), "{err}");
        assert!(err.contains(&format!("1 of {} differ from the nearest, 4.7.0", SOURCES.len())), "{err}");
        assert!(
            err.contains(
                "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl (differs; feeds the SM120 \
                 block-scaled family"
            ) && err.contains("Headers: reduced_stage_capacity, sfb_padded_to_128, sm120_narrow_n_tiles)"),
            "{err}"
        );
        assert!(err.contains("hint: "), "{err}");
        assert!(!err.contains("note:"), "{err}");
    }

    std::fs::remove_file(include.join("cutlass/pipeline/sm90_pipeline.hpp")).unwrap();
    let (code, _, err) = smem_lint(&["eval", "-", "--cutlass-include", inc], LINES);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("2 of") && err.contains("cutlass/pipeline/sm90_pipeline.hpp (missing; "), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The Cargo setting `cutlass-include` recognises the same way, and keeps the note for the caller.
#[test]
fn cargo_setting_cutlass_include_recognises_too() {
    let include = release_tree("cargo", (4, 99, 1));
    let dir = include.parent().unwrap();
    let manifest = "[workspace.metadata.smem-lint]\ncutlass-include = \"include\"\n";
    let (s, errors) = smem_lint::workspace::settings::read(manifest, "workspace", dir, dir);
    assert!(errors.is_empty(), "{errors:?}");
    let s = s.unwrap();
    assert_eq!(s.cutlass, Some(CutlassVersion::V4_7_0));
    assert!(s.cutlass_note.unwrap().contains("CUTLASS 4.99.1 is not a release smem-lint knows"));

    std::fs::write(include.join("cute/layout.hpp"), "changed").unwrap();
    let (_, errors) = smem_lint::workspace::settings::read(manifest, "workspace", dir, dir);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].message.contains("cute/layout.hpp (differs; "), "{}", errors[0].message);
    assert_eq!(&manifest[errors[0].at.clone()], "\"include\"");
    let _ = std::fs::remove_dir_all(dir);
}

/// The committed table is what the real headers of the 27 releases give. Needs the release bundle
/// (../shared/cutlass): skipped, loudly, without it (`common::shared`).
#[test]
fn table_matches_the_release_bundle() {
    // Skipped loudly without ../shared (`common::shared`); the other tests cover 4.7.0's row.
    let Some(bundle) = common::shared("table_matches_the_release_bundle") else { return };
    let committed =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/fingerprint/table.rs")).unwrap();
    let generated = generate::table_from_git(&bundle).unwrap();
    assert!(
        committed == generated,
        "src/fingerprint/table.rs is stale: run `cargo run -p smem-lint --example fingerprints`"
    );
}

/// Headers the model's sources name that are not CUTLASS's (`include/` of the release bundle): the
/// TensorRT-LLM and vLLM extensions `verify` compiles against, CCCL, and the release's own name.
const NOT_MIRRORED: &[(&str, &str)] = &[
    ("cutlass/version.h", "names the release; never shapes the model"),
    ("cuda/__device/arch_traits.h", "CCCL, not CUTLASS: the architecture table's source"),
    ("cutlass_extensions/epilogue/fusion/sm90_visitor_scatter.hpp", "TensorRT-LLM's scatter EVT"),
    ("cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h", "TensorRT-LLM's MoeFCGemm"),
    ("moe_gemm_tma_ws_launcher.inl", "TensorRT-LLM's MoE launcher"),
    ("csrc/cutlass_extensions/epilogue/broadcast_load_epilogue_c3x.hpp", "vLLM's EVT nodes"),
    ("csrc/cutlass_extensions/epilogue/broadcast_load_epilogue_array_c3x.hpp", "vLLM's ptr-array EVT nodes"),
    ("scaled_mm_blockwise_sm90_fp8_dispatch.cuh", "vLLM's SM90 blockwise dispatch"),
    ("scaled_mm_blockwise_sm100_fp8_dispatch.cuh", "vLLM's SM100 blockwise dispatch"),
];

/// `a{b,c}d[e]f` -> `abdf`, `acdf`, `abdef`, `acdef` (the model's comments abbreviate header families).
fn expand(s: &str) -> Vec<String> {
    if let Some(open) = s.find(['{', '[']) {
        let (close_char, is_opt) = if s.as_bytes()[open] == b'{' { ('}', false) } else { (']', true) };
        // The matching close, nesting counted.
        let mut depth = 0;
        let close = s[open..]
            .char_indices()
            .find(|&(_, c)| {
                if c == '{' || c == '[' {
                    depth += 1;
                } else if c == '}' || c == ']' {
                    depth -= 1;
                }
                depth == 0 && c == close_char
            })
            .map_or_else(|| panic!("unbalanced `{s}`"), |(i, _)| open + i);
        let inner = &s[open + 1..close];
        let alts: Vec<&str> = if is_opt { vec!["", inner] } else { inner.split(',').collect() };
        return alts.iter().flat_map(|a| expand(&format!("{}{a}{}", &s[..open], &s[close + 1..]))).collect();
    }
    vec![s.to_string()]
}

/// Every CUTLASS header the model's sources name (in `Mirrors` maps and wherever else a comment
/// cites one), each abbreviation expanded: `(file, line, header)`.
fn headers_the_model_names() -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../smem-lint-model/src");
    let mut files = Vec::new();
    files_under(&root, &root, &mut files);
    let mut out = Vec::new();
    for f in files.iter().filter(|f| Path::new(f).extension().is_some_and(|e| e == "rs")) {
        let text = std::fs::read_to_string(root.join(f)).unwrap();
        for (i, line) in text.lines().enumerate() {
            for ext in [".hpp", ".inl", ".cuh", ".h"] {
                let mut from = 0;
                while let Some(at) = line[from..].find(ext).map(|p| from + p) {
                    let end = at + ext.len();
                    from = end;
                    if line[end..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                        continue; // `.hpp` inside `.hpp_x`, or `.h` of `.hpp`
                    }
                    let start = line[..at]
                        .rfind(|c: char| !(c.is_ascii_alphanumeric() || "_/{},[].".contains(c)))
                        .map_or(0, |p| p + 1);
                    let token = line[start..end].trim_start_matches(['.', ',']);
                    if token.len() > ext.len() {
                        out.extend(expand(token).into_iter().map(|h| (f.clone(), i + 1, h)));
                    }
                }
            }
        }
    }
    out
}

/// Issue 37: a release that changes only a header the model mirrors but `SOURCES` does not list is
/// answered as a known one. Every CUTLASS header the model's sources name is in `SOURCES` (or is
/// listed above as not CUTLASS's), so a change to it is seen.
#[test]
fn every_header_the_model_names_is_fingerprinted() {
    let named = headers_the_model_names();
    assert!(named.len() > 150, "only {} header names found", named.len());
    let missing: Vec<String> = named
        .iter()
        .filter(|(_, _, h)| {
            !SOURCES.iter().any(|s| s.path == h.as_str() || s.path.ends_with(&format!("/{h}")))
                && !NOT_MIRRORED.iter().any(|(n, _)| n == h || n.ends_with(&format!("/{h}")))
        })
        .map(|(f, l, h)| format!("smem-lint-model/src/{f}:{l}: {h}"))
        .collect();
    assert!(
        missing.is_empty(),
        "headers the model mirrors but fingerprint::SOURCES does not list:\n{}",
        missing.join("\n")
    );
    // Each listed exception is still named somewhere (a stale exception would hide nothing).
    for (n, why) in NOT_MIRRORED {
        assert!(
            named.iter().any(|(_, _, h)| n == h || n.ends_with(&format!("/{h}"))),
            "{n} ({why}) is no longer named"
        );
    }
}

#[test]
fn abbreviated_header_names_expand() {
    assert_eq!(
        expand("sm100_{,blockscaled_}mma_{,array_}warpspecialized.hpp"),
        [
            "sm100_mma_warpspecialized.hpp",
            "sm100_mma_array_warpspecialized.hpp",
            "sm100_blockscaled_mma_warpspecialized.hpp",
            "sm100_blockscaled_mma_array_warpspecialized.hpp"
        ]
    );
    assert_eq!(
        expand("sm120_blockscaled_mma[_array]_tma.hpp"),
        ["sm120_blockscaled_mma_tma.hpp", "sm120_blockscaled_mma_array_tma.hpp"]
    );
    assert_eq!(expand("a[_{x,y}]b.h"), ["ab.h", "a_xb.h", "a_yb.h"]);
}
