//! What a newcomer meets: completions, the man page, the TOML schema, flags that say what they do.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn run(bin: &str, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin).current_dir(root()).args(args).env("CARGO", env!("CARGO")).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn smem_lint(args: &[&str]) -> (i32, String, String) {
    run(env!("CARGO_BIN_EXE_smem-lint"), args)
}

/// The committed schema is what `smem-lint schema` prints, and every file in configs/ is valid
/// against it; a misspelled key or an unknown type is not.
#[test]
fn the_toml_schema_is_current_and_describes_the_configs() {
    let (code, printed, _) = smem_lint(&["schema"]);
    assert_eq!(code, 0);
    let committed = std::fs::read_to_string(root().join("configs/smem-lint.schema.json")).unwrap();
    assert_eq!(
        committed, printed,
        "configs/smem-lint.schema.json is stale: smem-lint schema > configs/smem-lint.schema.json"
    );
    let schema: serde_json::Value = serde_json::from_str(&committed).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let as_json = |text: &str| serde_json::to_value(text.parse::<toml::Table>().unwrap()).unwrap();
    let mut n = 0;
    for e in std::fs::read_dir(root().join("configs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            let v = as_json(&std::fs::read_to_string(&p).unwrap());
            let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", p.display());
            n += 1;
        }
    }
    assert!(n >= 7);
    for bad in [
        "[[kernel]]\nname = \"k\"\ntiles = [1, 2, 3]\n",
        "[[kernel]]\nname = \"k\"\na = \"nvfp5\"\n",
        "[[kernel]]\nname = \"k\"\ncutlass = \"4.8.0\"\n",
        "[[kernel]]\ntile = [128, 128, 128]\n",
    ] {
        assert!(!validator.is_valid(&as_json(bad)), "{bad}");
    }
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, _) = smem_lint(&["completions", shell]);
        assert_eq!(code, 0);
        assert!(out.contains("explain-code") && out.contains("check"), "{shell}");
    }
    let (code, _, _) = smem_lint(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    let (code, out, _) = smem_lint(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH smem-lint 1") && out.contains("check"), "{out}");
}

/// `--arch` takes comma lists; `-q` prints only the summary; `--max-findings` caps what is shown,
/// not what is counted; `--manifest-path` is shown only under cargo (that every argument has help is
/// `cli::tests::every_argument_has_help`).
#[test]
fn flags_say_what_they_do() {
    let (code, out, _) = smem_lint(&["check", "configs/quickstart.toml", "--arch", "sm120,sm121", "-q"]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("8 checked") && out.contains("2 finding(s)"), "{out}");
    let (_, out, _) = smem_lint(&["check", "configs/quickstart.toml", "--format", "json", "--max-findings", "1"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["findings"].as_array().unwrap().len(), 1);
    assert_eq!(v["summary"]["findings"], 2);
    let (_, help, _) = smem_lint(&["check", "--help"]);
    assert!(!help.contains("manifest-path"), "{help}");
    let (_, help, _) = run(env!("CARGO_BIN_EXE_cargo-smem-lint"), &["smem-lint", "--help"]);
    assert!(help.contains("manifest-path"), "{help}");
}

/// `emit -o -` writes the table to standard output; an empty table still has a sane header.
#[test]
fn emit_to_stdout() {
    let (code, out, err) = smem_lint(&["emit", "configs/quickstart.toml", "-o", "-"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kernels"].as_array().unwrap().len(), 2);
    assert!(!root().join("-").exists());
}

/// A table of nothing says so instead of `CUTLASS -; architectures .`.
#[test]
fn an_empty_table_says_why() {
    let (code, out, _) = smem_lint(&["emit", "tests/fixtures/check/exceeds_cap.toml", "-o", "-", "--format", "cpp"]);
    assert_eq!(code, 0);
    assert!(out.contains("No kernel configuration launches") && !out.contains("CUTLASS -"), "{out}");
}

/// `cargo smem-lint` in a workspace that declares nothing says so, with the setting to add.
#[test]
fn a_workspace_with_nothing_to_check_says_what_to_add() {
    let dir = std::env::temp_dir().join(format!("smem-lint-empty-ws-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"e\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(dir.join("src/main.rs"), "fn main() {}\n").unwrap();
    let manifest = dir.join("Cargo.toml");
    let (code, _, err) =
        run(env!("CARGO_BIN_EXE_cargo-smem-lint"), &["smem-lint", "--manifest-path", manifest.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("nothing to check") && err.contains("configs = "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// On a terminal a long run shows a progress bar on stderr (after a second; the test moves the
/// threshold to zero); piped output never carries one.
#[test]
fn long_runs_show_progress_on_a_terminal() {
    let bin = env!("CARGO_BIN_EXE_smem-lint");
    let cmd = format!("{bin} check configs/sm120-nvfp4-mxfp8-space.toml -q");
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .current_dir(root())
        .env("SMEM_LINT_PROGRESS_AFTER_MS", "0")
        .output()
        .expect("script (util-linux) runs the command on a pseudo-terminal");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("configurations ("), "{text}");
    let (_, piped, err) = smem_lint(&["check", "configs/sm120-nvfp4-mxfp8-space.toml", "-q"]);
    assert!(!piped.contains("configurations (") && !err.contains("configurations ("), "{piped}{err}");
}

/// An architecture given with --arch is blamed on the flag, not on the file's overridden `arch` line.
#[test]
fn an_arch_from_the_flag_is_blamed_on_the_flag() {
    let (code, out, _) = smem_lint(&["check", "configs/quickstart.toml", "--arch", "sm110", "--format", "json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for f in v["findings"].as_array().unwrap() {
        assert!(f["message"].as_str().unwrap().contains("comes from --arch"), "{f}");
        assert_ne!(f["line"], 6, "points at the file's arch line: {f}");
    }
}

/// `check -` and `explain -` read the configuration from standard input.
#[test]
fn check_and_explain_read_standard_input() {
    use std::io::Write;
    let toml = std::fs::read_to_string(root().join("tests/fixtures/check/exceeds_cap.toml")).unwrap();
    for args in [&["check", "-"][..], &["explain", "-"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
            .current_dir(root())
            .args(args)
            .arg("--color=never")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(toml.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
        if args[0] == "check" {
            // The kernel is over the cap: a finding, placed in `<stdin>`.
            assert_eq!(out.status.code(), Some(1), "{text}");
            assert!(text.contains("<stdin>") && text.contains("smem::exceeds-cap"), "{text}");
        } else {
            assert!(text.contains("bytes") && !text.contains("cannot read"), "{text}");
        }
    }
}

/// `smem-lint check .` at this repository's root reads the shipped configurations and skips the
/// fixtures that are broken on purpose (`.smem-lint-ignore`): no input error, nothing from
/// tests/fixtures. Named directly, a fixture is still read.
#[test]
fn check_at_the_repository_root_skips_the_broken_fixtures() {
    let (code, out, err) = smem_lint(&["check", "--format", "json", "."]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["summary"]["input_errors"], 0, "{}", v["summary"]);
    assert_eq!(code, 1, "the shipped configurations include kernels that cannot launch: {err}");
    let files: Vec<&str> = v["findings"].as_array().unwrap().iter().filter_map(|f| f["file"].as_str()).collect();
    assert!(files.iter().all(|f| !f.contains("tests/fixtures")), "{files:?}");
    assert!(files.iter().any(|f| f.contains("configs/")), "{files:?}");
    let (code, _, _) = smem_lint(&["check", "-q", "tests/fixtures/check/syntax.toml"]);
    assert_eq!(code, 2);
}

/// `emit -o` and `import-trtllm -o` create the folders they need, and the file gets the
/// permissions the umask gives.
#[test]
fn emit_creates_folders_and_files_as_the_shell_would() {
    use std::os::unix::fs::PermissionsExt;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("newcomer-emit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let table = dir.join("generated/kernels/table.hpp");
    let imported = dir.join("imported/moe/sm120.toml");
    let instantiations = "tests/fixtures/flashinfer-0.7.4-sm120-instantiations.cu";
    for (args, out) in [
        (vec!["emit", "configs/quickstart.toml", "--format", "cpp", "-o", table.to_str().unwrap()], &table),
        (vec!["import-trtllm", instantiations, "-o", imported.to_str().unwrap()], &imported),
    ] {
        let (code, _, err) = smem_lint(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!err.contains(".smem-lint-"), "no temporary's name: {err}");
        let mode = std::fs::metadata(out).unwrap().permissions().mode() & 0o777;
        assert_ne!(mode, 0o600, "{args:?}: a new file is not private");
        assert_eq!(mode & 0o044, 0o044 & !umask(), "{args:?}: {mode:o}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The man page lists the subcommands by their command lines and names no page that does not
/// exist (clap_mangen's default names `smem-lint-check(1)` and the like, which nothing installs).
#[test]
fn the_man_page_names_no_missing_page() {
    let (code, page, _) = smem_lint(&["man"]);
    assert_eq!(code, 0);
    for line in page.lines().filter(|l| !l.starts_with(".TH")) {
        let refs = line.match_indices('(').filter(|(i, _)| {
            let after = &line[i + 1..];
            after.len() >= 2 && after.as_bytes()[0].is_ascii_digit() && after.as_bytes()[1] == b')'
        });
        assert_eq!(refs.count(), 0, "a reference to another page: {line}");
    }
    for sub in ["check", "explain", "emit", "eval", "verify", "import-trtllm", "import-cutlass", "explain-code"] {
        assert!(page.contains(&format!("smem\\-lint {}", sub.replace('-', "\\-"))), "`{sub}` missing:\n{page}");
    }
}

/// The completion and man page install lines of docs/reference.md work as written for a new
/// account: a fresh HOME, no root, nothing but `smem-lint` on PATH.
#[test]
fn completions_and_man_install_on_a_fresh_account() {
    let reference = std::fs::read_to_string(root().join("docs/reference.md")).unwrap();
    let section = reference.split("## Completions and the man page").nth(1).unwrap();
    let block = section.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("newcomer-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_smem-lint"));
    let path = format!("{}:/usr/bin:/bin", bin.parent().unwrap().display());
    let out =
        Command::new("sh").arg("-ec").arg(block).env_clear().env("HOME", &home).env("PATH", path).output().unwrap();
    assert!(out.status.success(), "{block}\n{}", String::from_utf8_lossy(&out.stderr));
    let installed = |p: &str| std::fs::metadata(home.join(p)).map_or(0, |m| m.len());
    assert!(installed(".local/share/bash-completion/completions/smem-lint") > 1000, "{block}");
    assert!(installed(".local/share/man/man1/smem-lint.1") > 1000, "{block}");
    let _ = std::fs::remove_dir_all(&home);
}

/// This process's umask, from /proc/self/status.
fn umask() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status.lines().find_map(|l| l.strip_prefix("Umask:")).map(|u| u32::from_str_radix(u.trim(), 8).unwrap()).unwrap()
}

/// The release profile (`cargo install`, `pip install`; docs/cold-start.md) leaves unoptimised only
/// crates that run once per command or per file: every crate it names is in the lock file, and none
/// that a sweep, `eval`, a report or `cargo smem-lint`'s parse runs through is lowered.
#[test]
fn the_release_profile_lowers_only_cold_crates() {
    let manifest: toml::Table = std::fs::read_to_string(root().join("Cargo.toml")).unwrap().parse().unwrap();
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).unwrap();
    let release = manifest["profile"]["release"].as_table().unwrap();
    let packages = release["package"].as_table().unwrap();
    let hot = [
        "smem-lint-model",
        "serde",
        "serde_core",
        "serde_json",
        "toml",
        "toml_parser",
        "winnow",
        "miette",
        "textwrap",
        "rayon",
        "rayon-core",
        "mimalloc",
        "libmimalloc-sys",
        "memchr",
        "syn",
        "proc-macro2",
        "pyo3",
    ];
    let mut lowered = 0;
    for (name, settings) in packages {
        assert!(
            lock.contains(&format!("\nname = \"{name}\"\n")),
            "[profile.release.package.{name}]: not in Cargo.lock"
        );
        if let Some(level) = settings.get("opt-level") {
            assert!(!hot.contains(&name.as_str()), "{name} runs per configuration or per Rust item: opt-level {level}");
            lowered += 1;
        }
    }
    assert!(lowered >= 20, "{lowered} crates lowered");
    assert_eq!(release["codegen-units"].as_integer(), Some(1));
}

/// The Python extension module never sets the allocator, and its `smem-lint` is the plain command
/// (not `cargo smem-lint`), so `pip install` builds neither mimalloc's C library nor syn; the binaries
/// (smem-lint's default features) still have both.
#[test]
fn pip_install_builds_neither_the_allocator_nor_syn() {
    let read = |path: &str| std::fs::read_to_string(root().join(path)).unwrap().parse::<toml::Table>().unwrap();
    let workspace = read("Cargo.toml");
    let py = read("smem-lint-py/Cargo.toml");
    let features = read("smem-lint/Cargo.toml")["features"].as_table().unwrap().clone();
    // smem-lint-py takes the workspace's smem-lint, without its default features.
    let dep = py["dependencies"]["smem-lint"].as_table().unwrap();
    assert_eq!(dep.get("workspace").and_then(toml::Value::as_bool), Some(true), "{dep:?}");
    let shared = workspace["workspace"]["dependencies"]["smem-lint"].as_table().unwrap();
    assert_eq!(shared.get("default-features").and_then(toml::Value::as_bool), Some(false), "{shared:?}");
    let lib = std::fs::read_to_string(root().join("smem-lint-py/src/lib.rs")).unwrap();
    // The features it turns on, closed under smem-lint's feature table.
    let mut on: Vec<String> =
        dep["features"].as_array().unwrap().iter().map(|f| f.as_str().unwrap().to_string()).collect();
    let mut i = 0;
    while i < on.len() {
        for f in features.get(&on[i]).and_then(toml::Value::as_array).into_iter().flatten() {
            let f = f.as_str().unwrap().to_string();
            if !on.contains(&f) {
                on.push(f);
            }
        }
        i += 1;
    }
    assert!(on.iter().any(|f| f == "cli"), "{on:?}");
    assert!(!on.iter().any(|f| f.contains("mimalloc")), "smem-lint-py builds mimalloc: {on:?}");
    assert!(!on.iter().any(|f| f.contains("syn") || f == "cargo"), "smem-lint-py builds syn: {on:?}");
    assert!(lib.contains("Mode::Plain") && !lib.contains("Mode::Cargo"), "smem-lint-py runs `cargo smem-lint`");
    assert!(!lib.contains("global_allocator"), "smem-lint-py sets an allocator: it needs the feature");
    let default = features["default"].as_array().unwrap();
    for f in ["mimalloc", "cargo"] {
        assert!(default.iter().any(|d| d.as_str() == Some(f)), "the binaries lost {f}: {default:?}");
    }
    for bin in ["smem-lint/src/bin/smem-lint.rs", "smem-lint/src/bin/cargo-smem-lint.rs"] {
        let text = std::fs::read_to_string(root().join(bin)).unwrap();
        assert!(text.contains("#[cfg(feature = \"mimalloc\")]\n#[global_allocator]"), "{bin}");
    }
}
