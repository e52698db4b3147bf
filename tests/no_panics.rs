//! Bad input gets an error, never a panic: every front end fed truncated and corrupted text.

use std::path::Path;

fn char_boundaries(s: &str) -> impl Iterator<Item = usize> + '_ {
    (0..=s.len()).filter(|&i| s.is_char_boundary(i))
}

/// Every prefix of `text`, and `text` with each byte position replaced by each of a few hostile
/// characters (step keeps the run short).
fn variants(text: &str, step: usize) -> Vec<String> {
    let mut out: Vec<String> = char_boundaries(text).step_by(step).map(|i| text[..i].to_string()).collect();
    for i in char_boundaries(text).step_by(step * 3) {
        for c in ["]", "\"", "=", "0", "-1", "[[", "\n", "99999999999999999999"] {
            let mut s = text[..i].to_string();
            s.push_str(c);
            let rest = text[i..].char_indices().nth(1).map_or("", |(j, _)| &text[i + j..]);
            s.push_str(rest);
            out.push(s);
        }
    }
    out
}

#[test]
fn toml_configs() {
    for f in ["configs/quickstart.toml", "configs/cutlass-79-examples.toml", "tests/fixtures/check/input_errors.toml"] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(f)).unwrap();
        for v in variants(&text, 3) {
            let len = v.len();
            let r = smem_lint::check::check_source(Path::new("x.toml"), v, &smem_lint::check::Options::default());
            // Every input error says something and points inside the file.
            for e in &r.input_errors {
                assert!(!e.message.is_empty() && e.at.end <= len, "{e:?}");
            }
            let json = smem_lint::diagnostics::to_json(std::slice::from_ref(&r));
            assert_eq!(json["summary"]["input_errors"].as_u64(), Some(r.input_error_count() as u64));
            let text = smem_lint::diagnostics::render(&smem_lint::diagnostics::diags(&r), false, 80);
            assert_eq!(text.is_empty(), r.input_errors.is_empty() && r.findings.is_empty());
        }
    }
}

#[test]
fn json_lines() {
    let line = r#"{"id": "x", "arch": "sm120", "kernel": "grouped", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16", "tile": [128, 128, 128], "schedule": "auto", "stages": "auto", "cutlass": "4.2.0", "cluster": [1, 1, 1], "fusion": "default", "epilogue": "trtllm-moe"}"#;
    for v in variants(line, 1) {
        let (out, errors) = smem_lint::jsonl::eval_lines(&v, None);
        // One output line per non-blank input line; every error names its line and says why.
        assert_eq!(out.len(), v.lines().filter(|l| !l.trim().is_empty()).count(), "{v}");
        for (line, e) in &errors {
            assert!(*line >= 1 && !e.message.is_empty(), "{v}: {e:?}");
        }
    }
}

#[test]
fn instantiation_lists() {
    let text = "INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(Sm120, SafeFP4, SafeFP4, half,\n void, EpilogueOpDefault, NONE,\n 128, 32, 128, 1, 1, 1,\n false, false, false, true);\n";
    for v in variants(text, 1) {
        for (_, r) in smem_lint::import::trtllm_moe(&v) {
            if let Err(e) = r {
                assert!(!e.is_empty(), "{v}");
            }
        }
    }
}

#[test]
fn rust_sources() {
    let text = "use smem_lint_macros::smem_check;\n#[smem_check(sm120, kernel = grouped, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256, 128], stages = 4)]\npub struct K { tile: Tile<128, 256, 128>, stages: Stages<4> }\n";
    for v in variants(text, 1) {
        let scan = smem_lint::workspace::rust_scan::scan(&v);
        for f in &scan.findings {
            assert!(!f.message.is_empty() && f.at.end <= v.len(), "{v}: {f:?}");
        }
    }
}

#[test]
fn extreme_values_are_refused_not_overflowed() {
    use smem_lint::model::*;
    for (m, n, k, s) in [
        (u64::MAX, 128, 128, 2),
        (128, u64::MAX, 128, 2),
        (128, 128, u64::MAX, 2),
        (1024, 1024, 1024, u32::MAX),
        (0, 0, 0, 0),
    ] {
        let cfg = KernelConfig {
            stages: StagePolicy::Fixed(s),
            ..KernelConfig::sm120(
                KernelKind::Grouped,
                Operand::Mxfp8E4m3,
                Operand::Mxfp8E4m3,
                Output::F32,
                Output::F32,
                Tile { m, n, k },
            )
        };
        assert!(assess(&cfg, Arch::Sm120).is_err(), "{m}x{n}x{k} stages {s} must be refused");
    }
    let cfg = KernelConfig {
        stages: StagePolicy::AutoCarveout(u64::MAX),
        ..KernelConfig::sm120(
            KernelKind::Dense,
            Operand::Nvfp4,
            Operand::Nvfp4,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        )
    };
    assert!(evaluate(&cfg).is_err());
    let cfg = KernelConfig { epilogue: Epilogue::Declared { smem_bytes: u64::MAX }, ..cfg };
    assert!(evaluate(&cfg).is_err());
}
