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
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
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
    assert_eq!(o["cap_bytes"], 101376);
    assert_eq!(o["fits"], true);
    let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
    for k in ["id", "cutlass", "compiles", "kernel_bytes", "mainloop_bytes", "epilogue_bytes", "stages", "cap_bytes", "fits"] {
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
    assert_eq!(code, 0);
    assert_eq!(lines[0]["compiles"], false);
    assert_eq!(lines[0]["reason"], "Specialization requires Stages set to value 2 or more.");
}

#[test]
fn bad_lines_name_line_and_field_and_the_rest_still_run() {
    let input = format!("{ROW}\n{}\n\n{}\n{ROW}\n", ROW.replace("nvfp4\", \"b\"", "nvfp5\", \"b\""), ROW.replace("[128, 128, 128]", "[128, 0]"));
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
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), common::read_data("sm120-cutlass-4.5.0.jsonl").lines().count());
}
