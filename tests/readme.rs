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

/// The worked example of "CUTLASS's own kernel library": its commands, run as written (in a temporary
/// directory, the names file from the repository), give the counts the README states.
#[test]
fn the_cutlass_library_example_runs_as_written() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme.split("## CUTLASS's own kernel library").nth(1).unwrap();
    let block = section.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    let dir = std::env::temp_dir().join(format!("smem-lint-readme-cutlass-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut outputs = Vec::new();
    for line in block.lines().filter(|l| l.starts_with("smem-lint ")) {
        let args: Vec<String> = line
            .split_whitespace()
            .skip(1)
            .map(|a| if a.starts_with("tests/") { root().join(a).display().to_string() } else { a.to_string() })
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).current_dir(&dir).args(&args).output().unwrap();
        outputs.push((
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
        ));
    }
    assert_eq!(outputs.len(), 3, "{block}");
    assert_eq!(outputs[0].0, Some(0));
    assert!(outputs[0].1.contains("with 1187 kernel(s); 1598 name(s) commented out"), "{}", outputs[0].1);
    assert_eq!(outputs[1].0, Some(1), "kernels that cannot launch are findings");
    assert!(
        outputs[1].1.contains("1187 kernel configuration(s)")
            && outputs[1].1.contains("848 launchable, 339 finding(s)"),
        "{}",
        outputs[1].1
    );
    assert_eq!(outputs[2].0, Some(0), "{}", outputs[2].1);
    let cmake = std::fs::read_to_string(dir.join("smem-lint-kernels.cmake")).unwrap();
    assert!(cmake.contains("# 848 of 2785 kernels launch"), "{cmake}");
    for stated in ["1,187", "1,598", "848", "339", "291", "48", "2,785"] {
        assert!(section.split("```python").next().unwrap().contains(stated), "{stated}");
    }
    // The 291 / 48 split, as `check` counts it; nothing outside the model.
    let json = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(&dir)
        .args(["check", "--format", "json", "sm120.toml"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let count = |code: &str| v["findings"].as_array().unwrap().iter().filter(|f| f["code"] == code).count();
    assert_eq!(
        (count("smem::cutlass-rejects"), count("smem::auto-stages-overflow"), count("smem::not-modelled")),
        (291, 48, 0)
    );
}

/// `.pre-commit-hooks.yaml` names hooks whose commands exist: each `entry` is `smem-lint` or
/// `cargo smem-lint` with a subcommand the binary takes, run once per commit on TOML changes.
#[test]
fn the_pre_commit_hooks_run_real_commands() {
    let text = std::fs::read_to_string(root().join(".pre-commit-hooks.yaml")).unwrap();
    let hooks: Vec<&str> = text.split("\n- id: ").skip(1).collect();
    assert_eq!(hooks.len(), 2, "{text}");
    assert!(hooks[0].starts_with("smem-lint\n"), "{text}");
    for hook in hooks {
        let field = |k: &str| {
            hook.lines()
                .find_map(|l| l.trim().strip_prefix(&format!("{k}: ")))
                .unwrap_or_else(|| panic!("no {k}: {hook}"))
        };
        assert_eq!(field("language"), "system");
        assert_eq!(field("pass_filenames"), "false");
        assert!(field("files").contains("\\.toml"), "{hook}");
        let entry: Vec<&str> = field("entry").split_whitespace().collect();
        let args: &[&str] = if entry[0] == "cargo" { &entry[2..] } else { &entry[1..] };
        let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).arg(args[0]).arg("--help").output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", field("entry"));
    }
}

/// The README's `#[smem_check]` example gives the error the README shows: the attribute of its Rust
/// block, run through the checker the proc macro runs, prints its text block.
#[test]
fn the_macro_example_errs_as_shown() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = &readme[readme.find("## `#[smem_check]`").expect("the macro section")..];
    let block = |fence: &str| {
        let start = section.find(fence).unwrap_or_else(|| panic!("no {fence} block")) + fence.len();
        section[start..][..section[start..].find("\n```").unwrap()].to_string()
    };
    let rust = block("```rust\n");
    let shown = block("```text\n");
    let item: syn::File = syn::parse_str(&rust).expect("the README's Rust block parses");
    let syn::Item::Struct(s) = item.items.iter().find(|i| matches!(i, syn::Item::Struct(_))).unwrap() else {
        unreachable!()
    };
    let attr = s.attrs.iter().find(|a| a.path().is_ident("smem_check")).unwrap();
    let syn::Meta::List(list) = &attr.meta else { panic!("arguments") };
    let mut plain = s.clone();
    plain.attrs.clear();
    let input = syn::DeriveInput::from(plain);
    let Err(issues) = smem_lint::rust_attr::check_item(list.tokens.clone(), &input) else {
        panic!("the README's example is meant to fail")
    };
    let text = format!("error: {}", issues[0].text().replace('\n', "\n       "));
    assert_eq!(shown.trim_end(), text, "the README's sample error is stale");
}

/// The macro section names every argument the attribute takes (the key table's list).
#[test]
fn the_macro_section_lists_every_argument() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme.find("## `#[smem_check]`").expect("the macro section");
    let section = &readme[start..][..readme[start..][3..].find("\n## ").map_or(readme.len() - start, |e| e + 3)];
    for key in smem_lint::keys::Front::Attribute.keys() {
        assert!(section.contains(&format!("`{key}`")), "the macro section does not name `{key}`");
    }
}
