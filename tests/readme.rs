//! The README's first two commands stay true.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn first_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = readme.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    block.lines().map(|l| l.split('#').next().unwrap().trim().to_string()).filter(|l| !l.is_empty()).collect()
}

#[test]
fn the_first_command_runs_the_main_job_on_a_bundled_example() {
    let cmds = first_commands();
    assert_eq!(cmds.len(), 2, "{cmds:?}");
    let args: Vec<&str> = cmds[0].split_whitespace().collect();
    assert_eq!(&args[..5], ["cargo", "run", "-q", "-p", "smem-lint"], "{cmds:?}");
    // `cargo run -p smem-lint` must pick the smem-lint binary among the package's two.
    let manifest = std::fs::read_to_string(root().join("smem-lint/Cargo.toml")).unwrap();
    assert!(manifest.contains("default-run = \"smem-lint\""));
    let rest = &args[args.iter().position(|a| *a == "--").unwrap() + 1..];
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(root())
        .args(rest)
        .arg("--color")
        .arg("never")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    // A verdict: the quickstart's two kernels that cannot launch, the two that can.
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("2 launchable, 2 finding(s)"), "{stdout}");
    assert!(stdout.contains("needs 125952 bytes, cap 101376 on sm120, sm121, over by 24576 bytes"), "{stdout}");
}

#[test]
fn the_second_command_is_what_ci_runs() {
    let cmds = first_commands();
    assert_eq!(cmds[1], "cargo test --workspace --locked");
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim() == cmds[1]), ".ci/run must run the README's test command");
}

/// The README's list of codes is the rule registry: every rule, with its class and summary.
#[test]
fn the_readme_lists_every_rule() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for r in smem_lint::rules::Rule::ALL {
        let class = if r.is_input_error() { "input error (exit 2)" } else { "finding (exit 1)" };
        let row = format!("| `{}` | {class} | {} |", r.code(), r.summary());
        assert!(readme.contains(&row), "README lacks the row {row}");
    }
}

/// `smem-lint explain-code` prints each rule's documentation; an unknown code is an input error.
#[test]
fn explain_code_prints_the_registry() {
    for r in smem_lint::rules::Rule::ALL {
        let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).args(["explain-code", r.code()]).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(r.summary()) && text.contains(r.explanation().lines().next().unwrap()), "{text}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).args(["explain-code", "smem::nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
