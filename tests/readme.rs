//! The README and the docs/ pages it links to stay true: the first two commands, the rule and key
//! tables, the examples run as written, every command line's flags, every link.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

fn first_commands() -> Vec<String> {
    let readme = readme();
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

/// The worked example of docs/cutlass-library.md: its commands, run as written (in a temporary
/// directory, the names file from the repository), give the counts the page states; the README's
/// `import-cutlass` example is its first command.
#[test]
fn the_cutlass_library_example_runs_as_written() {
    let page = std::fs::read_to_string(root().join("docs/cutlass-library.md")).unwrap();
    let section = page.split("## Worked example").nth(1).unwrap().split("\n## ").next().unwrap();
    let block = section.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    let readme_import = sh_lines(&readme()).into_iter().find(|l| l.starts_with("smem-lint import-cutlass ")).unwrap();
    assert_eq!(Some(readme_import.as_str()), block.lines().next(), "the README's import-cutlass example is the page's");
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
    // The counts the page states, as it writes them ("2,729 become", "1,859 launchable", ...).
    let prose = section.split("```python").next().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let stated = |after: &str, before: &str| -> usize {
        let at = prose.find(before).unwrap_or_else(|| panic!("the page lacks `{before}`"));
        let head = &prose[..at];
        let head = &head[head.rfind(after).unwrap_or_else(|| panic!("the page lacks `{after}`")) + after.len()..];
        head.trim().replace(',', "").parse().unwrap_or_else(|_| panic!("`{after}...{before}`: `{head}`"))
    };
    let total = stated("The names are all", "SM120 GEMMs");
    let kernels = stated("writes them).", "become");
    let commented = stated("entries;", "are commented out");
    let launchable = stated("`check` finds", "launchable and");
    let findings = stated("launchable and", "not:");
    let rejected = stated("not:", "that CUTLASS rejects");
    let overflow = stated("all agree) and", "whose automatic stage count");
    let refused = stated("cap with;", "the model does not check");
    assert_eq!((kernels + commented, launchable + findings, rejected + overflow + refused), (total, kernels, findings));
    assert_eq!(outputs[0].0, Some(0));
    let summary = format!("with {kernels} kernel(s); {commented} name(s) commented out");
    assert!(outputs[0].1.contains(&summary), "{}", outputs[0].1);
    assert_eq!(outputs[1].0, Some(1), "kernels that cannot launch are findings");
    assert!(
        outputs[1].1.contains(&format!("{kernels} kernel configuration(s)"))
            && outputs[1].1.contains(&format!("{launchable} launchable, {findings} finding(s)")),
        "{}",
        outputs[1].1
    );
    assert_eq!(outputs[2].0, Some(0), "{}", outputs[2].1);
    let cmake = std::fs::read_to_string(dir.join("smem-lint-kernels.cmake")).unwrap();
    assert!(cmake.contains(&format!("# {launchable} of {total} kernels launch")), "{cmake}");
    assert!(prose.contains(&format!("`CUTLASS_LIBRARY_KERNELS` to the {}", thousands(launchable))), "{prose}");
    // The rejected / overflow / not-modelled split, as `check` counts it.
    let json = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(&dir)
        .args(["check", "--format", "json", "sm120.toml"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let count = |code: &str| v["findings"].as_array().unwrap().iter().filter(|f| f["code"] == code).count();
    assert_eq!(
        (count("smem::cutlass-rejects"), count("smem::auto-stages-overflow"), count("smem::not-modelled")),
        (rejected, overflow, refused)
    );
}

/// `1859` as the docs write it: `1,859`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
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

/// The README names both hooks of `.pre-commit-hooks.yaml`.
#[test]
fn the_readme_names_the_pre_commit_hooks() {
    let text = std::fs::read_to_string(root().join(".pre-commit-hooks.yaml")).unwrap();
    let readme = readme();
    for id in text.lines().filter_map(|l| l.strip_prefix("- id: ")) {
        assert!(readme.contains(&format!("`id: {id}`")), "README lacks the hook {id}");
    }
}

/// The first command's build time is stated right after the two commands.
#[test]
fn the_readme_states_the_first_build_time() {
    let readme = readme();
    let after = readme.split("```sh\n").nth(1).unwrap().split("```\n").nth(1).unwrap();
    let line = after.trim_start().lines().next().unwrap();
    assert!(line.contains("on a 2-core machine") && line.contains("docs/cold-start.md"), "{line}");
}

/// The lines of every ```sh block of `text`, comments and `\` continuations joined.
fn sh_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for block in text.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap().replace("\\\n", " ");
        for l in block.lines() {
            let l = l.split(" #").next().unwrap().trim();
            if !l.is_empty() && !l.starts_with('#') {
                lines.push(l.to_string());
            }
        }
    }
    lines
}

fn docs() -> Vec<(String, String)> {
    let mut pages = vec![("README.md".to_string(), readme())];
    let mut names: Vec<_> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| std::path::Path::new(n).extension().is_some_and(|e| e == "md"))
        .collect();
    names.sort();
    for n in names {
        let text = std::fs::read_to_string(root().join("docs").join(&n)).unwrap();
        pages.push((format!("docs/{n}"), text));
    }
    pages
}

/// The `smem-lint` and `cargo smem-lint` invocations of one shell line: the command's text and its
/// arguments, up to a redirection, `&&`, `;` or a pipe outside `[...]`.
fn smem_lint_commands(line: &str) -> Vec<(String, Vec<&str>)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut found = Vec::new();
    for i in 0..words.len() {
        let starts_command = i == 0 || ["do", "then", "&&", "|"].contains(&words[i - 1]) || words[i - 1].ends_with(';');
        let start = if words[i] == "smem-lint" && starts_command {
            i + 1
        } else if words[i] == "cargo" && words.get(i + 1) == Some(&"smem-lint") && starts_command {
            i + 2
        } else {
            continue;
        };
        let mut args = Vec::new();
        let mut depth = 0i32;
        for w in &words[start..] {
            if [">", "&&", "2>"].contains(w) || (*w == "|" && depth == 0) || w.starts_with('>') {
                break;
            }
            depth += w.matches('[').count() as i32 - w.matches(']').count() as i32;
            args.push(w.trim_end_matches(';'));
            if w.ends_with(';') {
                break;
            }
        }
        found.push((words[i..start].join(" ") + " " + &args.join(" "), args));
    }
    found
}

/// Every `smem-lint` / `cargo smem-lint` command line shown in the README and docs/ names a
/// subcommand the binary has and only flags its `--help` lists: a renamed flag cannot stay documented.
#[test]
fn every_documented_command_line_uses_real_flags() {
    let mut seen = 0;
    for (page, text) in docs() {
        for line in sh_lines(&text) {
            for (cmd, args) in smem_lint_commands(&line) {
                let sub = args.first().copied().filter(|a| !a.starts_with(['-', '['])).unwrap_or("check");
                let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).args([sub, "--help"]).output().unwrap();
                assert_eq!(out.status.code(), Some(0), "{page}: `{cmd}`: no subcommand {sub}");
                let help = String::from_utf8(out.stdout).unwrap();
                for flag in args.iter().filter_map(|a| a.trim_start_matches('[').strip_prefix("--")) {
                    let flag = flag.split(['=', ']']).next().unwrap();
                    if !flag.is_empty() {
                        assert!(
                            help.contains(&format!("--{flag}")),
                            "{page}: `{cmd}`: `{sub}` has no --{flag}\n{help}"
                        );
                    }
                }
                seen += 1;
            }
        }
    }
    assert!(seen >= 20, "only {seen} command lines found");
}

/// Every relative link of the README and docs/ names a file that exists, and every `#anchor` a
/// heading of its page (GitHub's slugs).
#[test]
fn every_link_resolves() {
    fn slug(heading: &str) -> String {
        heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect()
    }
    fn anchors(text: &str) -> Vec<String> {
        let mut fenced = false;
        let mut out = Vec::new();
        for l in text.lines() {
            if l.starts_with("```") {
                fenced = !fenced;
            } else if !fenced && l.starts_with('#') {
                out.push(slug(l.trim_start_matches('#')));
            }
        }
        out
    }
    let mut checked = 0;
    for (page, text) in docs() {
        let dir = root().join(&page).parent().unwrap().to_path_buf();
        for link in text.split("](").skip(1).map(|t| t.split(')').next().unwrap()) {
            if link.contains("://") || link.contains(' ') {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = if file.is_empty() { root().join(&page) } else { dir.join(file) };
            assert!(target.exists(), "{page}: broken link {link}");
            if !anchor.is_empty() && target.extension().is_some_and(|e| e == "md") {
                let t = std::fs::read_to_string(&target).unwrap();
                assert!(
                    anchors(&t).iter().any(|a| a == anchor),
                    "{page}: no heading for #{anchor} in {}",
                    target.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} links");
}

/// The README's key table lists every key of the key registry (`keys::KEYS`) with the front ends
/// that take it, and the release range and default that `cutlass` accepts.
#[test]
fn the_readme_key_table_is_the_registry() {
    use smem_lint::keys::{Front, KEYS};
    use smem_lint::model::CutlassVersion;
    let readme = readme();
    let section = readme.split("## The TOML format").nth(1).unwrap().split("\n## ").next().unwrap();
    let rows: Vec<Vec<&str>> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            cells[1..cells.len() - 1].to_vec()
        })
        .collect();
    let mut listed = 0;
    for k in KEYS {
        let row = rows
            .iter()
            .find(|r| r[0].split(", ").any(|c| c == format!("`{}`", k.name)))
            .unwrap_or_else(|| panic!("the README's key table lacks `{}`", k.name));
        for (col, front) in [(1, Front::Toml), (2, Front::JsonLines), (3, Front::Attribute)] {
            let mark = if front.knows(k.name) { "yes" } else { "" };
            assert_eq!(row[col], mark, "`{}`: column {col} ({front:?})", k.name);
        }
        listed += 1;
    }
    let names: usize = rows.iter().map(|r| r[0].split(", ").count()).sum();
    assert_eq!(names, listed, "the key table lists a key the registry does not have");
    let range = format!(
        "{} to {} (default: {})",
        CutlassVersion::ALL[0].name(),
        CutlassVersion::LATEST.name(),
        CutlassVersion::LATEST.name()
    );
    assert!(section.contains(&range), "the `cutlass` row should say {range}");
    let modelled = std::fs::read_to_string(root().join("docs/modelled.md")).unwrap();
    assert!(modelled.contains(&format!("all {} tags", CutlassVersion::ALL.len())), "docs/modelled.md: release count");
}

/// The README's sample `check` output is what the first command prints.
#[test]
fn the_readme_check_sample_is_real_output() {
    let readme = readme();
    let section = readme.split("## `smem-lint check`").nth(1).unwrap();
    let sample = section.split("```text\n").nth(1).unwrap().split("```").next().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(root())
        .args(["check", "configs/quickstart.toml", "--color", "never"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    let norm = |t: &str| t.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
    assert!(norm(&text).contains(norm(sample).trim_end()), "README sample:\n{sample}\nreal output:\n{text}");
}

/// The README's dependency snippet for the macro depends on a checkout by path (nothing is published
/// to crates.io, so a version alone would not resolve), each path naming a crate of this workspace
/// as it sits in a checkout named `smem-lint`; the reference shows the `git` form.
#[test]
fn the_readme_dependency_snippet_resolves_without_crates_io() {
    let readme = readme();
    let section = readme.split("## `#[smem_check]`").nth(1).unwrap();
    let block = section.split("```toml\n").nth(1).unwrap().split("```").next().unwrap();
    let deps: Vec<&str> = block.lines().filter(|l| l.starts_with("smem-lint")).collect();
    assert_eq!(deps.len(), 2, "{block}");
    for dep in deps {
        let path = dep.split("path = \"").nth(1).and_then(|p| p.split('"').next()).unwrap_or_else(|| panic!("{dep}"));
        let crate_dir = path.strip_prefix("../smem-lint/").unwrap_or_else(|| panic!("{dep}"));
        assert!(root().join(crate_dir).join("Cargo.toml").is_file(), "{dep}: no crate at {crate_dir}");
        assert!(!dep.contains("version"), "{dep}");
    }
    let reference = std::fs::read_to_string(root().join("docs/reference.md")).unwrap();
    let macro_section = reference.split("## `#[smem_check]`").nth(1).unwrap();
    assert!(macro_section.contains("smem-lint-macros = { git = "), "docs/reference.md shows the git form");
}

/// The README is a user's manual under about 300 lines (issue 26), in the order a user reads it: the
/// two commands first, then the table of contents, install, the front ends, the formats, the exit
/// codes.
#[test]
fn the_readme_is_short_and_in_order() {
    let readme = readme();
    assert!(readme.lines().count() <= 300, "README.md has {} lines", readme.lines().count());
    let at = |s: &str| readme.find(s).unwrap_or_else(|| panic!("README.md lacks {s}"));
    let order = [
        "cargo run -q -p smem-lint -- check",
        "[Install](#install)",
        "## Install",
        "## `smem-lint check`",
        "## `cargo smem-lint`",
        "## `#[smem_check]`",
        "## Python",
        "## The TOML format",
        "## The JSON lines format",
        "## Exit codes",
    ];
    for pair in order.windows(2) {
        assert!(at(pair[0]) < at(pair[1]), "`{}` should come before `{}`", pair[0], pair[1]);
    }
}

/// The README's `#[smem_check]` example and its error are the compile-fail case the macro tests run
/// (tests/ui/fail_over_cap.rs and its .stderr).
#[test]
fn the_readme_macro_example_is_the_ui_test() {
    let readme = readme();
    let section = readme.split("## `#[smem_check]`").nth(1).unwrap();
    let code = section.split("```rust\n").nth(1).unwrap().split("```").next().unwrap();
    let error = section.split("```text\n").nth(1).unwrap().split("```").next().unwrap();
    let ui = std::fs::read_to_string(root().join("tests/ui/fail_over_cap.rs")).unwrap();
    let stderr = std::fs::read_to_string(root().join("tests/ui/fail_over_cap.stderr")).unwrap();
    for line in code.lines().filter(|l| !l.is_empty()) {
        assert!(ui.contains(line), "tests/ui/fail_over_cap.rs lacks `{line}`");
    }
    // The message and its help lines: what rustc prints before the source location.
    let message: Vec<&str> = stderr.lines().take_while(|l| !l.trim_start().starts_with("-->")).collect();
    assert_eq!(error.trim(), message.join("\n").trim());
}

/// The README's JSON-lines sample is real output of the command it names, and its error object has
/// the keys, in order, that a bad line gets.
#[test]
fn the_readme_eval_sample_is_real_output() {
    use std::io::Write;
    let readme = readme();
    let section = readme.split("## The JSON lines format").nth(1).unwrap().split("\n## ").next().unwrap();
    let cmd = section.split('`').find(|c| c.starts_with("smem-lint eval configs/")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(root())
        .args(cmd.split_whitespace().skip(1))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let sample = section.split("```json\n").nth(1).unwrap().split("```").next().unwrap();
    assert_eq!(sample.lines().count(), 2);
    for line in sample.lines() {
        assert!(stdout.lines().any(|l| l == line), "`{cmd}` does not print\n{line}\nbut\n{stdout}");
    }
    let keys: Vec<&str> = section
        .split("`{\"id\"")
        .nth(1)
        .map(|t| t.split('}').next().unwrap())
        .into_iter()
        .flat_map(|t| std::iter::once("id").chain(t.split(',').skip(1).map(|k| k.trim_matches('"'))))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .args(["eval", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(br#"{"id":"x","arch":"sm120","kernel":"dense","a":"nvfp5","b":"nvfp4","c":"bf16","d":"bf16","tile":[128,128,128]}"#)
        .unwrap();
    let bad = child.wait_with_output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let line = String::from_utf8(bad.stdout).unwrap();
    let mut at = 0;
    for k in &keys {
        let pos = line[at..].find(&format!("\"{k}\":")).unwrap_or_else(|| panic!("no `{k}` after {at} in {line}"));
        at += pos + 1;
    }
    assert!(keys.len() >= 4 && keys.contains(&"error"), "the README's error object: {keys:?}");
    assert_eq!(line.matches("\":").count(), keys.len(), "{line}");
}

/// Each example of "Other subcommands" that names only files of this repository runs as written
/// (in a temporary directory) and gives a verdict, not an input error.
#[test]
fn the_subcommand_examples_run() {
    let readme = readme();
    let section = readme.split("## Other subcommands").nth(1).unwrap().split("\n## ").next().unwrap();
    let dir = std::env::temp_dir().join(format!("smem-lint-readme-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ran = Vec::new();
    for line in sh_lines(section) {
        let (_, args) = smem_lint_commands(&line).into_iter().next().unwrap();
        // Placeholders (DIR, GENERATED.cu...) need files of the user's; verify needs nvcc.
        if args.iter().any(|a| a.ends_with("...") || a.chars().all(|c| c.is_ascii_uppercase())) {
            continue;
        }
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                if a.starts_with("configs/") || a.starts_with("tests/") {
                    root().join(a).display().to_string()
                } else {
                    (*a).to_string()
                }
            })
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_smem-lint")).current_dir(&dir).args(&args).output().unwrap();
        let code = out.status.code();
        assert!(matches!(code, Some(0 | 1)), "`{line}`: exit {code:?}\n{}", String::from_utf8_lossy(&out.stderr));
        assert!(!out.stdout.is_empty() || std::fs::read_dir(&dir).unwrap().next().is_some(), "`{line}` said nothing");
        ran.push(args[0].clone());
    }
    std::fs::remove_dir_all(&dir).ok();
    for sub in ["explain", "emit", "eval", "import-cutlass", "explain-code", "schema"] {
        assert!(ran.iter().any(|r| r == sub), "`{sub}` example not run: {ran:?}");
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

/// The Rust version the README asks for is the one the workspace declares (which the locked
/// dependencies need; a lower one would be a promise cargo cannot keep).
#[test]
fn the_readme_names_the_declared_rust_version() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let declared = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("the workspace declares rust-version");
    assert!(
        readme().contains(&format!("Needs Rust {declared} or newer")),
        "README.md must say \"Needs Rust {declared} or newer\""
    );
}

/// Each invariant of ARCHITECTURE.md names the tests that enforce it (issue 26), and each test it
/// names by function exists.
#[test]
fn every_architecture_invariant_names_its_test() {
    let arch = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let section = arch.split("\n## Invariants\n").nth(1).unwrap().split("\n## ").next().unwrap();
    let mut sources = String::new();
    for dir in ["tests", "smem-lint/src", "smem-lint-model/src", "smem-lint-macros/src"] {
        let mut stack = vec![root().join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    sources.push_str(&std::fs::read_to_string(&p).unwrap());
                }
            }
        }
    }
    let bullets: Vec<&str> = section.split("\n- **").skip(1).collect();
    assert!(bullets.len() >= 12, "{} invariants", bullets.len());
    let mut named = 0;
    for b in bullets {
        let title = b.split("**").next().unwrap();
        let tests = b.split_once("*Test").unwrap_or_else(|| panic!("the invariant `{title}` names no test")).1;
        for name in tests.split('`').skip(1).step_by(2) {
            let is_fn = name.contains('_')
                && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '*');
            if is_fn {
                let prefix = format!("fn {}", name.trim_end_matches('*'));
                assert!(sources.contains(&prefix), "`{title}` names `{name}`, which is no test");
                named += 1;
            }
        }
    }
    assert!(named >= 20, "only {named} tests named");
}
