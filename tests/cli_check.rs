//! `smem-lint check` and `explain` as a user runs them: rendered diagnostics (snapshots, no colour,
//! fixed width) for each kind of problem, exit codes, JSON and SARIF.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_smem-lint"))
        .current_dir(root())
        .args(args)
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn check_fixture(name: &str) -> (i32, String) {
    let path = format!("tests/fixtures/check/{name}.toml");
    let (code, stdout, _) = run(&["check", &path, "--color", "never"]);
    (code, stdout)
}

macro_rules! snapshot_case {
    ($test:ident, $fixture:literal, $code:expr) => {
        #[test]
        fn $test() {
            let (code, out) = check_fixture($fixture);
            assert_eq!(code, $code, "{out}");
            insta::assert_snapshot!($fixture, out);
        }
    };
}

snapshot_case!(clean_file_exits_0, "clean", 0);
snapshot_case!(over_the_cap_points_at_the_stage_count, "exceeds_cap", 1);
snapshot_case!(cutlass_auto_stage_overflow_is_explained, "auto_overflow", 1);
snapshot_case!(too_few_stages_is_a_cutlass_rejection, "rejected_stages", 1);
snapshot_case!(sf_vector_rejection_in_4_2, "rejected_sfvector", 1);
snapshot_case!(unbuildable_tile, "unbuildable", 1);
snapshot_case!(unmodelled_arch_is_refused, "not_modelled", 1);
snapshot_case!(input_errors_all_reported_in_one_run, "input_errors", 2);
snapshot_case!(toml_syntax_error, "syntax", 2);
snapshot_case!(tile_outside_the_model, "odd_tile", 1);

/// The over-cap numbers in the diagnostic are the measured ones: dense NVFP4 128x256x128 with
/// StageCount<4> is 124928 bytes (tests/data/sm120-extra-4.2.0.jsonl).
#[test]
fn over_cap_message_carries_measured_bytes() {
    let (_, out) = check_fixture("exceeds_cap");
    assert!(out.contains("needs 124928 bytes, cap 101376 on sm120, over by 23552 bytes"), "{out}");
    assert!(out.contains("use stages = 3"), "{out}");
}

#[test]
fn every_problem_of_every_file_in_one_run() {
    let (code, out, _) = run(&["check", "tests/fixtures/check", "--format", "json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let findings = v["findings"].as_array().unwrap();
    let codes: Vec<&str> = findings.iter().map(|f| f["code"].as_str().unwrap()).collect();
    for c in [
        "smem::exceeds-cap",
        "smem::auto-stages-overflow",
        "smem::cutlass-rejects",
        "smem::unbuildable",
        "smem::not-modelled",
        "smem::unknown-key",
        "smem::wrong-type",
        "smem::unknown-value",
        "smem::invalid-value",
        "smem::missing-key",
        "smem::duplicate-name",
        "smem::toml-syntax",
    ] {
        assert!(codes.contains(&c), "no {c} in {codes:?}");
    }
    let over = findings.iter().find(|f| f["code"] == "smem::exceeds-cap").unwrap();
    assert_eq!(over["line"], 9);
    assert_eq!(over["over_bytes"], 23552);
}

#[test]
fn sarif_points_into_the_toml() {
    let (code, out, _) = run(&["check", "tests/fixtures/check/exceeds_cap.toml", "--format", "sarif"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], "2.1.0");
    let run = &v["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "smem-lint");
    let r = &run["results"][0];
    assert_eq!(r["ruleId"], "smem::exceeds-cap");
    assert_eq!(r["level"], "error");
    let loc = &r["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "tests/fixtures/check/exceeds_cap.toml");
    assert_eq!(loc["region"]["startLine"], 9);
    assert_eq!(loc["region"]["startColumn"], 10);
    assert!(run["tool"]["driver"]["rules"].as_array().unwrap().iter().any(|x| x["id"] == "smem::exceeds-cap"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["check", "tests/fixtures/check/does-not-exist.toml"]).0, 2);
    assert_eq!(run(&["check", "--format", "xml", "configs"]).0, 2);
    assert_eq!(run(&["frobnicate"]).0, 2);
    assert_eq!(run(&["--help"]).0, 0);
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let (_, plain, _) = run(&["check", "tests/fixtures/check/exceeds_cap.toml"]);
    assert!(!plain.contains('\u{1b}'), "piped output must not be coloured");
    let (_, forced, _) = run(&["check", "tests/fixtures/check/exceeds_cap.toml", "--color", "always"]);
    assert!(forced.contains('\u{1b}'));
}

#[test]
fn bundled_configs_have_no_input_errors() {
    let (code, out, _) = run(&["check", "configs", "--format", "json"]);
    assert!(code <= 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["findings"].as_array().unwrap().iter().all(|f| !f["code"].as_str().unwrap().contains("key")));
}

/// explain on the CUTLASS 79 examples reproduces the nvcc-measured sizes of the spec's table
/// (shared/spec/cutlass-4.2-sm120.md §6, rows 3, 13, 7, 25, 26). The spec measured 79d with a bf16 C
/// and the cooperative tag; the example writes half_t and KernelScheduleAuto (which builds the
/// cooperative kernel), and C's width is what sizes it.
#[test]
fn explain_reproduces_the_measured_79_examples() {
    for (kernel, kernel_bytes, mainloop, epilogue, stages) in [
        ("ex79a_nvfp4_bf16_gemm", 88064, 74752, 13312, 4),
        ("ex79b_nvfp4_nvfp4_gemm", 86016, 74752, 11264, 4),
        ("ex79c_mxfp8_mxfp6_bf16_gemm", 81920, 68608, 13312, 2),
        (
            "ex79d_nvfp4_grouped_gemm_grouped_nvfp4xnvfp4_f16_nvfp4_128x128x128_auto_sauto_cutlass4_2_0_fusionde935394",
            87040,
            74752,
            11264,
            4,
        ),
        (
            "ex79d_nvfp4_grouped_gemm_grouped_nvfp4xnvfp4_f16_nvfp4_128x128x128_pingpong_sauto_cutlass4_2_0_fusionde935394",
            87040,
            74752,
            11264,
            4,
        ),
    ] {
        let (code, out, err) =
            run(&["explain", "configs/cutlass-79-examples.toml", "--kernel", kernel, "--format", "json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let f = &v["footprint"];
        assert_eq!(
            (
                f["kernel_bytes"].as_u64(),
                f["mainloop_bytes"].as_u64(),
                f["epilogue_bytes"].as_u64(),
                f["stages"].as_u64()
            ),
            (Some(kernel_bytes), Some(mainloop), Some(epilogue), Some(stages)),
            "{kernel}"
        );
        let sum: u64 = f["members"].as_array().unwrap().iter().map(|m| m["bytes"].as_u64().unwrap()).sum();
        assert_eq!(sum, kernel_bytes);
        assert_eq!(v["verdicts"][0]["status"], "fits");
    }
}

#[test]
fn explain_table_names_every_member() {
    let (code, out, _) = run(&["explain", "tests/fixtures/check/exceeds_cap.toml"]);
    // Exit codes are check's: 1 when the kernel cannot launch.
    assert_eq!(code, 1);
    for needle in [
        "smem_A",
        "smem_B",
        "smem_SFA",
        "smem_SFB",
        "pipelines.mainloop",
        "scheduler",
        "padding",
        "sm120: exceeds the cap of 101376 by 23552 bytes; largest stage count that fits: 3",
    ] {
        assert!(out.contains(needle), "no {needle} in\n{out}");
    }
    let (code, _, err) = run(&["explain", "configs/cutlass-79-examples.toml"]);
    assert_eq!(code, 2);
    // The names to choose from are listed.
    assert!(err.contains("--name") && err.contains("79a"), "{err}");
    let (code, _, _) = run(&["explain", "tests/fixtures/check/clean.toml"]);
    assert_eq!(code, 0);
}

/// A scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let d = std::env::temp_dir().join(format!("smem-lint-check-{}-{name}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Directories are walked as ripgrep walks them: only kernel configurations are read (a Cargo.toml
/// or other TOML is skipped, never 31 input errors), `target/` and hidden or git-ignored files are
/// skipped, and a path given twice is checked once.
#[test]
fn directory_walks_read_only_kernel_configs_once() {
    let d = scratch("walk");
    std::fs::copy(root().join("configs/quickstart.toml"), d.join("kernels.toml")).unwrap();
    std::fs::write(d.join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    std::fs::write(d.join("rustfmt.toml"), "max_width = 100\n").unwrap();
    for skipped in ["target", ".hidden", "ignored"] {
        std::fs::create_dir_all(d.join(skipped)).unwrap();
        std::fs::write(d.join(skipped).join("bad.toml"), "[[kernel]]\nname = 3\n").unwrap();
    }
    std::fs::write(d.join(".gitignore"), "ignored/\n").unwrap();
    std::fs::create_dir_all(d.join(".git")).unwrap();
    let dir = d.to_str().unwrap();
    let file = d.join("kernels.toml");
    let (code, out, err) = run(&["check", dir, file.to_str().unwrap(), dir, "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["files"], 1, "{out}");
    assert_eq!(v["summary"]["input_errors"], 0, "{out}");
    assert_eq!(v["summary"]["findings"], 2, "{out}");
}

/// A FIFO named like a config is never opened (it would block); naming one is an input error.
#[test]
fn a_fifo_is_not_read() {
    let d = scratch("fifo");
    std::fs::copy(root().join("configs/quickstart.toml"), d.join("kernels.toml")).unwrap();
    let fifo = d.join("pipe.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let (code, out, err) = run(&["check", d.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let (code, _, err) = run(&["check", fifo.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not a regular file"), "{err}");
}

/// One table is one namespace: the same kernel name in two files is refused, not written twice.
#[test]
fn emit_refuses_names_declared_in_two_files() {
    let d = scratch("dup");
    std::fs::copy(root().join("configs/quickstart.toml"), d.join("a.toml")).unwrap();
    std::fs::copy(root().join("configs/quickstart.toml"), d.join("b.toml")).unwrap();
    let out_file = d.join("table.json");
    let (code, _, err) = run(&["emit", d.to_str().unwrap(), "-o", out_file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("declared in both") && !out_file.exists(), "{err}");
}

/// Kernel names become identifiers: keywords, reserved names and empty names are input errors on
/// the name, never C++ that does not compile.
#[test]
fn names_that_are_not_identifiers_are_refused() {
    let d = scratch("names");
    let f = d.join("k.toml");
    let mut text = String::from("[defaults]\noperands = [\"nvfp4\", \"nvfp4\"]\noutputs = [\"bf16\", \"bf16\"]\n");
    for name in ["int", "class", "namespace", "cutlass", "cute", "__FILE__", "NULL", ""] {
        text += "[[kernel]]\nname = \"";
        text += name;
        text += "\"\ntile = [128, 128, 128]\n";
    }
    std::fs::write(&f, text).unwrap();
    let (code, out, _) = run(&["check", f.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 2, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["summary"]["input_errors"], 8, "{out}");
    let (code, _, err) =
        run(&["emit", f.to_str().unwrap(), "-o", d.join("t.hpp").to_str().unwrap(), "--format", "cpp"]);
    assert_eq!(code, 2, "{err}");
    assert!(!d.join("t.hpp").exists());
}

/// `explain` with the kernel written as flags (one per TOML key) gives what the same kernel gives in
/// a file, and a bad value is the TOML format's error: same code, message and help.
#[test]
fn explain_takes_the_kernel_as_flags() {
    let inline = [
        "explain",
        "--arch",
        "sm120,sm121",
        "--cutlass",
        "4.5.0",
        "--kernel",
        "grouped",
        "--operands",
        "nvfp4,nvfp4",
        "--outputs",
        "bf16,bf16",
        "--tile",
        "128x256x128",
        "--stages",
        "4",
        "--format",
        "json",
    ];
    let (code, flags, err) = run(&inline);
    let (file_code, file, _) =
        run(&["explain", "configs/quickstart.toml", "--name", "moe_128x256x128_s4", "--format", "json"]);
    assert_eq!((code, file_code), (1, 1), "{err}");
    assert_eq!(flags, file);
    // The older spelling of the kernel's name with a file.
    let (_, legacy, _) =
        run(&["explain", "configs/quickstart.toml", "--kernel", "moe_128x256x128_s4", "--format", "json"]);
    assert_eq!(legacy, file);
    // A bad operand: the TOML format's diagnostic, quoting the table the flags write.
    let (code, _, err) = run(&[
        "explain",
        "--operands",
        "nvfp5,nvfp4",
        "--outputs",
        "bf16,bf16",
        "--tile",
        "128x128x128",
        "--color",
        "never",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("smem::unknown-value") && err.contains("unknown operand type `nvfp5`"), "{err}");
    assert!(err.contains("<command line>") && err.contains("operands = [\"nvfp5\", \"nvfp4\"]"), "{err}");
    let toml = "[[kernel]]\nname = \"k\"\noperands = [\"nvfp5\", \"nvfp4\"]\noutputs = [\"bf16\", \"bf16\"]\ntile = [128, 128, 128]\n";
    let r = smem_lint::check::check_source(
        std::path::Path::new("k.toml"),
        toml.into(),
        &smem_lint::check::Options::default(),
    );
    assert_eq!(r.input_errors.len(), 1);
    // The rendering wraps lines: compare the words.
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let e = &r.input_errors[0];
    assert!(flat(&err).contains(&flat(&e.message)) && flat(&err).contains(&flat(&e.help().unwrap())), "{err}");
    // Kernel flags with a file are refused; neither a file nor flags is an error.
    assert_eq!(run(&["explain", "configs/quickstart.toml", "--tile", "128x128x128"]).0, 2);
    assert_eq!(run(&["explain"]).0, 2);
}
