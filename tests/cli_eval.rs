//! `smem-lint eval`: the JSON-lines contract, run as a user runs it.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

fn eval(input: &str, args: &[&str]) -> (i32, Vec<serde_json::Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .arg("eval")
        .arg("-")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run refused before it reads its input (a bad flag) closes the pipe: that is not a failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    let lines = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (out.status.code().unwrap(), lines, String::from_utf8(out.stderr).unwrap())
}

const ROW: &str = r#"{"id": "x", "arch": "sm120", "kernel": "grouped", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16", "tile": [128, 128, 128], "schedule": "auto", "stages": "auto", "cutlass": "4.2.0", "result": {"compiles": false}}"#;

#[test]
fn compiled_rows_carry_the_contract_fields() {
    let (code, lines, _) = eval(ROW, &[]);
    assert_eq!(code, 0);
    let o = &lines[0];
    // Measured: sm120-grouped-nvfp4xnvfp4-bf16-bf16-128x128x128-auto-sauto in sm120-cutlass-4.2.0.jsonl.
    assert_eq!(o["kernel_bytes"], 89088);
    assert_eq!(o["cutlass"], "4.2.0");
    assert_eq!(o["cap_bytes"], 101_376);
    assert_eq!(o["fits"], true);
    let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
    for k in
        ["id", "cutlass", "compiles", "kernel_bytes", "mainloop_bytes", "epilogue_bytes", "stages", "cap_bytes", "fits"]
    {
        assert!(keys.contains(&k), "missing {k}");
    }
}

#[test]
fn the_flag_overrides_the_line_version() {
    let (_, lines, _) = eval(ROW, &["--cutlass", "4.5.0"]);
    assert_eq!(lines[0]["cutlass"], "4.5.0");
}

#[test]
fn rejected_rows_carry_the_reason() {
    let row = ROW.replace("\"stages\": \"auto\"", "\"stages\": 1");
    let (code, lines, _) = eval(&row, &[]);
    // A configuration CUTLASS rejects cannot launch: exit 1, as in check.
    assert_eq!(code, 1);
    assert_eq!(lines[0]["compiles"], false);
    assert_eq!(lines[0]["reason"], "Specialization requires Stages set to value 2 or more.");
}

#[test]
fn bad_lines_name_line_and_field_and_the_rest_still_run() {
    let input = format!(
        "{ROW}\n{}\n\n{}\n{ROW}\n",
        ROW.replace("nvfp4\", \"b\"", "nvfp5\", \"b\""),
        ROW.replace("[128, 128, 128]", "[128, 0]")
    );
    let (code, lines, stderr) = eval(&input, &[]);
    assert_eq!(code, 2);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["compiles"], true);
    assert_eq!(lines[3]["compiles"], true);
    assert_eq!(lines[1]["field"], "a");
    assert!(stderr.contains(":2: field `a`: unknown operand type `nvfp5`"), "{stderr}");
    assert!(stderr.contains(":4: field `tile`"), "{stderr}");
}

#[test]
fn a_whole_shared_file_evaluates() {
    let path = common::data_path("sm120-cutlass-4.5.0.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).arg("eval").arg(path).output().unwrap();
    // Every line evaluates; some of the measured configurations cannot launch (exit 1, not 2).
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().count(),
        common::read_data("sm120-cutlass-4.5.0.jsonl").lines().count()
    );
}

fn run_in_root(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."))
        .args(args)
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn verify_measured_exit_codes() {
    let (code, out, _) = run_in_root(&["verify", "--measured", "tests/data/sm120-cutlass-4.5.0.jsonl"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("kernel_bytes      260 / 260   agree"), "{out}");
    // One measured value off by 1024 bytes: caught, with the breakdown.
    let dir = std::env::temp_dir().join(format!("smem-lint-verify-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.jsonl");
    let text = common::read_data("sm120-cutlass-4.5.0.jsonl").replacen(
        "\"kernel_bytes\": 67584",
        "\"kernel_bytes\": 68608",
        1,
    );
    std::fs::write(&bad, text).unwrap();
    let (code, out, _) = run_in_root(&["verify", "--measured", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("MISMATCH") && out.contains("kernel_bytes: model 67584, measured 68608") && out.contains("smem_A"),
        "{out}"
    );
    let (code, _, err) = run_in_root(&["verify", "tests/data/sm120-cutlass-4.5.0.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("--cutlass-include"), "{err}");
}

#[test]
fn import_trtllm_reads_generated_instantiations() {
    let dir = std::env::temp_dir().join(format!("smem-lint-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("moe.toml");
    let (code, _, err) = run_in_root(&[
        "import-trtllm",
        "tests/fixtures/flashinfer-0.7.4-sm120-instantiations.cu",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("\n[[kernel]]\n").count(), 88);
    let (code, _, _) = run_in_root(&["check", out.to_str().unwrap()]);
    assert_eq!(code, 1, "the four FINALIZE tiles that cannot launch are findings");
    let broken = dir.join("broken.cu");
    std::fs::write(&broken, "x\nINSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(Sm120, SafeFP4, SafeFP4, half, void, EpilogueOpDefault, MAGIC, 128, 128, 128, 1, 1, 1, false, false, false, false);\n").unwrap();
    let (code, _, err) =
        run_in_root(&["import-trtllm", broken.to_str().unwrap(), "-o", dir.join("b.toml").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("broken.cu:2:") && err.contains("MAGIC"), "{err}");
}

/// The importer parses calls, not text: calls in comments and `#if 0` are not imported, a broken or
/// unterminated call is an error with its line (and does not swallow the next call), a stray
/// `MACRO) (` does not panic, and nothing the user wrote reaches the TOML raw.
#[test]
fn import_trtllm_is_honest() {
    let dir = std::env::temp_dir().join(format!("smem-lint-import-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let call = |tile: &str| {
        format!("INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(Sm120, SafeFP4, SafeFP4, half, void, EpilogueOpDefault, NONE, {tile}, 1, 1, 1, false, false, false, false);\n")
    };
    let import = |name: &str, text: &str, extra: &[&str]| {
        let src = dir.join(name);
        std::fs::write(&src, text).unwrap();
        let out = dir.join(format!("{name}.toml"));
        let mut args = vec!["import-trtllm", src.to_str().unwrap(), "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (code, _, err) = run_in_root(&args);
        (code, std::fs::read_to_string(&out).unwrap_or_default(), err)
    };
    let text = format!(
        "// {}/* {} */\n#if 0\n{}#endif\n{}see INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM) and foo(1)\n",
        call("64, 64, 128"),
        call("64, 128, 128"),
        call("128, 64, 128"),
        call("128, 128, 128")
    );
    let (code, toml, err) = import("skips.cu", &text, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(toml.matches("\n[[kernel]]\n").count(), 1, "{toml}");
    assert!(toml.contains("tile = [128, 128, 128]"), "{toml}");

    let (code, _, err) = import(
        "unterminated.cu",
        &format!("{}\nINSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(Sm120, SafeFP4,\n", call("128, 128, 128")),
        &[],
    );
    assert_eq!(code, 2);
    assert!(err.contains("unterminated.cu:3:") && err.contains("unterminated"), "{err}");

    let injected = "INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(Sm120, SafeFP4, SafeFP4, half,\nvoid\nstages = 4, EpilogueOpDefault, NONE, 128, 128, 128, 1, 1, 1, false, false, false, false);\n";
    let (code, toml, err) = import("injected.cu", injected, &[]);
    assert_eq!(code, 2, "{toml}");
    assert!(err.contains("not a plain type"), "{err}");

    let (code, toml, err) = import("note.cu", &call("128, 128, 128"), &["--source-note", "x\nstages = 4"]);
    assert_eq!(code, 0, "{err}");
    assert!(!toml.contains("\nstages = 4"), "{toml}");

    // A file with no instantiation (only comments, or only other architectures' calls) is an input
    // error, and nothing is written.
    for (name, text) in [
        ("none.cu", format!("// {}\nint main() {{}}\n", call("128, 128, 128"))),
        (
            "mixed.cu",
            "template void sm90_generic_mixed_moe_gemm_kernelLauncher<half, cutlass::uint4b_t, half>(int);\n".into(),
        ),
    ] {
        let (code, toml, err) = import(name, &text, &[]);
        assert_eq!(code, 2, "{name}: {toml}");
        assert!(err.contains("no INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM call") && err.contains("help:"), "{err}");
        assert!(toml.is_empty(), "{name}: nothing is written");
        assert_eq!(name == "mixed.cu", err.contains("1 instantiation(s) of other MoE launchers"), "{err}");
    }
    // An SM90 call is read, and commented out with the model's reason.
    let (code, toml, err) =
        import("sm90.cu", &call("128, 128, 64").replace("Sm120, SafeFP4, SafeFP4", "Sm90, half, half"), &[]);
    assert_eq!(code, 0, "{err}");
    assert!(toml.contains("\n# [[kernel]]\n# not modelled: the TensorRT-LLM MoE launcher's SM90 epilogues"), "{toml}");
    assert!(err.contains("with 0 kernel(s); 1 call(s) commented out"), "{err}");
}

/// `--cutlass-include DIR` picks the release of the headers there; `--cutlass` with an unknown
/// release, or a line naming one, is an input error that lists the modelled releases.
#[test]
fn releases_by_name_and_by_headers() {
    let dir = std::env::temp_dir().join(format!("smem-lint-eval-include-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cutlass")).unwrap();
    std::fs::write(
        dir.join("cutlass/version.h"),
        "#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 4\n#define CUTLASS_PATCH 2\n",
    )
    .unwrap();
    // The whole 4.4.2 grid file, as vLLM and TensorRT-LLM users would lint their pinned release.
    let rows = common::rows("sm120-cutlass-4.4.2.jsonl");
    let input: String = rows.iter().fold(String::new(), |mut s, r| {
        s.push_str(&r.to_string());
        s.push('\n');
        s
    });
    let (code, lines, err) = eval(&input, &["--cutlass-include", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(lines.len(), rows.len());
    for (row, got) in rows.iter().zip(&lines) {
        assert_eq!(got["cutlass"], "4.4.2");
        let want = &row["result"];
        assert_eq!(got["compiles"], want["compiles"], "{}", row["id"]);
        if want["compiles"] == true {
            assert_eq!(got["kernel_bytes"], want["kernel_bytes"], "{}", row["id"]);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);

    let (code, _, err) = eval(ROW, &["--cutlass", "4.8.0"]);
    assert_eq!(code, 2);
    assert!(err.contains("4.8.0") && err.contains("3.9.0") && err.contains("4.7.0"), "{err}");
    let (code, lines, err) = eval(&ROW.replace("\"4.2.0\"", "\"4.2\""), &[]);
    assert_eq!(code, 2, "an abbreviated release is not silently the nearest one");
    assert_eq!(lines[0]["field"], "cutlass");
    assert!(err.contains("4.2.0"), "{err}");
    let (code, _, err) = eval(ROW, &["--cutlass", "4.4.2", "--cutlass-include", "x"]);
    assert_eq!(code, 2, "{err}");
}

/// One exit-code policy: 0 launchable, 1 cannot launch or not modelled, 2 not a configuration; the
/// same input gets the same class in check and eval.
#[test]
fn exit_classes_agree_across_subcommands() {
    let dir = std::env::temp_dir().join(format!("smem-lint-classes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        // (TOML value lines, the eval line's replacement, expected class)
        ("stages = 1000000000", ("\"stages\": \"auto\"", "\"stages\": 1000000000"), 2),
        ("stages = 4294967296", ("\"stages\": \"auto\"", "\"stages\": 4294967296"), 2),
        ("tile = [9223372036854775808, 128, 128]", ("[128, 128, 128]", "[9223372036854775808, 128, 128]"), 2),
        ("arch = \"sm90\"", ("\"sm120\"", "\"sm90\""), 1),
        ("stages = 1", ("\"stages\": \"auto\"", "\"stages\": 1"), 1),
        ("stages = 2", ("\"stages\": \"auto\"", "\"stages\": 2"), 0),
        // A key given twice, an unknown key: input errors in both.
        ("stages = 2\nstages = 3", ("\"stages\": \"auto\"", "\"stages\": 2, \"stages\": 3"), 2),
        ("tilee = [1, 2, 3]", ("\"stages\": \"auto\"", "\"stages\": 2, \"tilee\": [1, 2, 3]"), 2),
    ];
    for (i, (toml_line, (from, to), class)) in cases.iter().enumerate() {
        let toml = format!(
            "[[kernel]]\nname = \"k\"\nkernel = \"grouped\"\noperands = [\"nvfp4\", \"nvfp4\"]\noutputs = [\"bf16\", \"bf16\"]\ncutlass = \"4.2.0\"\ntile = [128, 128, 128]\n{toml_line}\n"
        );
        let toml = if toml_line.starts_with("tile") { toml.replacen("tile = [128, 128, 128]\n", "", 1) } else { toml };
        let f = dir.join(format!("case{i}.toml"));
        std::fs::write(&f, toml).unwrap();
        let (check_code, out, err) = run_in_root(&["check", f.to_str().unwrap()]);
        assert_eq!(check_code, *class, "check {toml_line}: {out}{err}");
        let (eval_code, _, err) = eval(&ROW.replace(from, to), &[]);
        assert_eq!(eval_code, *class, "eval {toml_line}: {err}");
    }
}

/// A repeated key is an input error naming it (serde_json alone keeps the last value silently), at any
/// depth; the same keys once each evaluate.
#[test]
fn duplicate_keys_are_input_errors() {
    let dup = ROW.replace(r#""stages": "auto""#, r#""stages": 2, "stages": 8"#);
    let (code, lines, err) = eval(&dup, &[]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(lines[0]["error"], "`stages` is given twice", "{}", lines[0]);
    assert_eq!((&lines[0]["code"], &lines[0]["field"]), (&"smem::duplicate-key".into(), &"stages".into()));
    let nested = ROW.replace(r#"{"compiles": false}"#, r#"{"compiles": false, "compiles": true}"#);
    let (code, lines, _) = eval(&nested, &[]);
    assert_eq!(code, 2);
    assert_eq!(lines[0]["error"], "`compiles` is given twice", "{}", lines[0]);
    let (code, lines, _) = eval(ROW, &[]);
    assert_ne!(code, 2, "{}", lines[0]);
}

/// The SM90 and SM100 data files evaluate as they are, and every row reproduces its measurement
/// (the agreement tests check the fields; here the command line's exit class and over-capacity flag).
#[test]
fn sm90_and_sm100_data_files_evaluate_as_they_are() {
    for name in ["sm90-cutlass-4.2.0.jsonl", "sm100-cutlass-4.2.0.jsonl"] {
        let text = common::read_data(name);
        let (code, lines, err) = eval(&text, &[]);
        assert!(code == 0 || code == 1, "{name}: {err}");
        assert_eq!(lines.len(), text.lines().count());
        for (line, row) in lines.iter().zip(text.lines()) {
            assert!(line.get("error").is_none(), "{name}: {line}");
            let want: serde_json::Value = serde_json::from_str(row).unwrap();
            let over = want["result"]["over_capacity"] == true;
            assert_eq!(line["over_capacity"] == true, over, "{name}: {line}");
            if over {
                assert_eq!(line["reason"], "SMEM usage exceeded capacity.");
                assert_eq!(line["kernel_bytes"], want["result"]["kernel_bytes"]);
            }
        }
    }
}

/// `eval` streams its input in chunks of whole lines evaluated on every core: over several chunks,
/// results come out one per line in input order, equal to the library's `eval_line` on the same
/// line, whatever the line endings, with blank lines skipped, a byte-order mark before the first
/// line ignored, a last line without a newline read, a line that is not UTF-8 and a line over the
/// 1 MiB limit each an error on their own line (the long one never held), and exit 2.
#[test]
fn streamed_lines_keep_their_order_and_their_own_errors() {
    let tiles = [64, 128, 256];
    let mut input: Vec<u8> = b"\xEF\xBB\xBF".to_vec();
    let mut expected: Vec<(usize, String)> = Vec::new();
    let mut line_no = 0;
    let mut push = |input: &mut Vec<u8>, line: &[u8], end: &[u8]| {
        input.extend_from_slice(line);
        input.extend_from_slice(end);
        line_no += 1;
        line_no
    };
    for i in 0..30_000usize {
        let row = ROW
            .replace("\"id\": \"x\"", &format!("\"id\": \"row-{i}\""))
            .replace("[128, 128, 128]", &format!("[128, {}, {}]", tiles[i % 3], tiles[(i / 3) % 3]))
            .replace("\"stages\": \"auto\"", &format!("\"stages\": {}", i % 7));
        let end: &[u8] = if i % 5 == 0 { b"\r\n" } else { b"\n" };
        let n = push(&mut input, row.as_bytes(), end);
        expected.push((n, smem_lint::jsonl::eval_line(n, &row, None).0));
        match i {
            100 => {
                push(&mut input, b"   ", b"\n");
            }
            7_000 => {
                let n = push(&mut input, b"{\"id\": \"caf\xE9\"}", b"\n");
                let msg = "not UTF-8 at byte 12 of the line";
                expected.push((n, format!(r#"{{"line":{n},"code":"smem::invalid-value","error":"{msg}"}}"#)));
            }
            20_000 => {
                let long = format!("{{\"id\": \"{}\"}}", "y".repeat(1_500_000));
                let n = push(&mut input, long.as_bytes(), b"\n");
                let msg = format!(
                    "the line is {} bytes, over the 1048576-byte limit of a configuration line",
                    long.len() + 1
                );
                expected.push((n, format!(r#"{{"line":{n},"code":"smem::invalid-value","error":"{msg}"}}"#)));
            }
            _ => {}
        }
    }
    let last = ROW.replace("\"id\": \"x\"", "\"id\": \"last\"");
    let n = push(&mut input, last.as_bytes(), b"");
    expected.push((n, smem_lint::jsonl::eval_line(n, &last, None).0));
    assert!(input.len() > 6 << 20, "several chunks: {} bytes", input.len());

    let mut child = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .args(["eval", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let got: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(got.len(), expected.len());
    for (g, (n, e)) in got.iter().zip(&expected) {
        assert_eq!(g, e, "line {n}");
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("not UTF-8 at byte 12"), "{stderr}");
    assert!(stderr.contains("over the 1048576-byte limit"), "{stderr}");
}

/// 47 hostile lines (duplicate keys at every depth, unknown keys, escapes in keys and values, wrong
/// types, out-of-range numbers, truncated and trailing JSON, non-objects, non-UTF-8, a BOM that is
/// not at the start, blank lines) give these outputs and messages, line for line: a change to how
/// lines are read must keep every one of them.
#[test]
fn hostile_lines_keep_their_results_and_messages() {
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .args(["eval", "tests/fixtures/eval/hostile.jsonl"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = format!(
        "--- stdout\n{}--- stderr\n{}",
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr)
    );
    // Control characters a line carried into a message, written visibly so the snapshot is text.
    let text: String = text
        .chars()
        .map(|c| if c.is_control() && c != '\n' { format!("\\u{{{:x}}}", u32::from(c)) } else { c.to_string() })
        .collect();
    insta::assert_snapshot!("hostile_lines", text);
}
