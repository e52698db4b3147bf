//! `verify`'s comparison catches a broken model; probes and version detection work without nvcc.

mod common;

use smem_lint::model::{evaluate, CutlassVersion, Evaluation, KernelConfig, Role};
use smem_lint::verify::{compare, from_record, probe, Measured, MeasuredResult};

fn measured(name: &str) -> Vec<Measured> {
    common::read_data(name).lines().filter(|l| !l.trim().is_empty()).map(|l| from_record(l).unwrap()).collect()
}

#[test]
fn the_real_model_agrees_with_every_measurement() {
    for name in ["sm120-cutlass-4.2.0.jsonl", "sm120-cutlass-4.5.0.jsonl"] {
        let m = measured(name);
        let r = compare(&m, evaluate);
        assert!(r.all_agree(), "{name}: {:?}", r.mismatches.first());
        let compiled = r.fields.iter().find(|(f, _)| *f == "kernel_bytes").unwrap().1;
        assert_eq!(compiled.agree, compiled.of);
        assert!(compiled.of > 200);
        println!("{name}: {} configurations agree on every field", r.total);
    }
}

/// One member perturbed: smem_A one KiB larger. Every compiled measurement must be flagged.
#[test]
fn a_perturbed_member_is_caught() {
    let broken = |c: &KernelConfig| {
        evaluate(c).map(|e| match e {
            Evaluation::Compiled(mut f) => {
                let a = f.members.iter_mut().find(|m| m.role == Role::OperandA).unwrap();
                a.size += 1024;
                f.kernel_bytes += 1024;
                f.mainloop_bytes += 1024;
                Evaluation::Compiled(f)
            }
            rejected @ Evaluation::Rejected(_) => rejected,
        })
    };
    let m = measured("sm120-cutlass-4.5.0.jsonl");
    let r = compare(&m, broken);
    let compiled = m.iter().filter(|x| matches!(x.result, smem_lint::verify::MeasuredResult::Compiled { .. })).count();
    assert_eq!(r.mismatches.iter().filter(|x| x.field == "kernel_bytes").count(), compiled);
    assert_eq!(r.mismatches.iter().filter(|x| x.field == "mainloop_bytes").count(), compiled);
    assert!(!r.all_agree());
}

/// The 4.2 model on 4.5 measurements (the SFB padding and stage budget of 4.5 left out) is caught on
/// the configurations where the versions differ.
#[test]
fn the_wrong_version_is_caught() {
    let m = measured("sm120-cutlass-4.5.0.jsonl");
    let r = compare(&m, |c| evaluate(&KernelConfig { cutlass: CutlassVersion::V4_2_0, ..*c }));
    let mut ids: Vec<&str> = r.mismatches.iter().map(|x| x.id.as_str()).collect();
    ids.dedup();
    // The two measured files disagree on 106 configurations.
    let (a, b) = (measured("sm120-cutlass-4.2.0.jsonl"), m.clone());
    let differ = a.iter().filter(|x| b.iter().any(|y| y.id == x.id && y.result != x.result)).count();
    assert_eq!(differ, 106);
    assert_eq!(ids.len(), differ);
}

#[test]
fn probes_print_what_is_parsed() {
    let m = measured("sm120-cutlass-4.5.0.jsonl");
    let tu = probe::translation_unit(&[(3, m[0].config), (7, m[1].config)]);
    assert!(tu.contains("namespace probe3 {") && tu.contains("namespace probe7 {"));
    assert!(tu.contains("sizeof(typename GemmKernel::SharedStorage)"));
    assert!(tu.contains("cutlass::gemm::collective::CollectiveBuilder<"));
    assert_eq!(tu.matches("::run();").count(), 2);
    let out = "noise\nSMEM_LINT_PROBE 3 89088 74752 13312 4\nSMEM_LINT_PROBE 7 1 2 3 2\n";
    assert_eq!(probe::parse_output(out), vec![(3, 89088, 74752, 13312, 4), (7, 1, 2, 3, 2)]);
    let stderr = "x.cu(3): warning: w\n/cutlass/gemm.hpp(220): error: static assertion failed with \"Specialization requires Stages set to value 2 or more.\"\n";
    assert_eq!(
        probe::compile_error(stderr).as_deref(),
        Some("static assertion failed with \"Specialization requires Stages set to value 2 or more.\"")
    );
    assert_eq!(probe::compile_error("nvcc fatal   : a component is missing\n"), None);
}

#[test]
fn cutlass_version_comes_from_version_h() {
    let cutlass_version =
        |include: &std::path::Path| smem_lint::fingerprint::cutlass_release(include).map(|r| r.version);
    let dir = std::env::temp_dir().join(format!("smem-lint-version-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cutlass")).unwrap();
    let write = |maj, min, patch| {
        std::fs::write(
            dir.join("cutlass/version.h"),
            format!("#pragma once\n#define CUTLASS_MAJOR {maj}\n#define CUTLASS_MINOR {min}\n#define CUTLASS_PATCH {patch}\n"),
        )
        .unwrap();
    };
    write(4, 5, 0);
    assert_eq!(cutlass_version(&dir).unwrap(), CutlassVersion::V4_5_0);
    write(4, 2, 0);
    assert_eq!(cutlass_version(&dir).unwrap(), CutlassVersion::V4_2_0);
    write(4, 8, 0);
    let e = cutlass_version(&dir).unwrap_err();
    // An unknown release with none of the model's headers: refused, naming the known ones.
    assert!(e.contains("CUTLASS 4.8.0 is not a release smem-lint knows (3.9.0 to 4.7.0)"), "{e}");
    assert!(e.contains("hint:"), "{e}");
    assert!(cutlass_version(&dir.join("nowhere")).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_explicit_nvcc_that_is_not_there_is_an_error() {
    let e = smem_lint::verify::nvcc::find_nvcc(Some(std::path::Path::new("/no/such/nvcc"))).unwrap_err();
    assert!(e.contains("--nvcc"));
}

/// `smem-lint verify --record` on the whole shared data (nvcc 13.0 on the 16-core device machine)
/// reproduced every measured value of ../shared/data (measured there with nvcc 13.5): the tool
/// measures what the reference probe measures.
#[test]
fn verify_reproduces_the_shared_measurements() {
    for v in ["4.2.0", "4.5.0"] {
        let shared = measured(&format!("sm120-cutlass-{v}.jsonl"));
        let ours = measured(&format!("sm120-shared-verify-{v}.jsonl"));
        assert_eq!(ours.len(), shared.len());
        for m in &ours {
            let s = shared.iter().find(|s| s.id == m.id).unwrap();
            match (&m.result, &s.result) {
                (MeasuredResult::Rejected { error: a }, MeasuredResult::Rejected { error: b }) => {
                    assert!(a.contains(b.as_str()) || b.contains(a.as_str()), "{}: {a} vs {b}", m.id);
                }
                (a, b) => assert_eq!(a, b, "{}", m.id),
            }
            assert_eq!(m.config, s.config);
        }
        // And the model agrees with every one of them.
        assert!(compare(&ours, evaluate).all_agree());
    }
}

/// `--cutlass-include` on the headers of every release tag (the shared bundle, checked out with git)
/// picks that release's model, v4.1.0 included, whose version.h says 4.0.0.
#[test]
fn every_release_tag_is_recognised_from_its_headers() {
    let cutlass_version =
        |include: &std::path::Path| smem_lint::fingerprint::cutlass_release(include).map(|r| r.version);
    // The bundle is ../shared's: a standalone clone skips this one test, loudly (`common::shared`).
    let Some(bundle) = common::shared("every_release_tag_is_recognised_from_its_headers") else { return };
    let dir = std::env::temp_dir().join(format!("smem-lint-tags-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git").args(args).output().expect("git runs");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    let repo = dir.join("releases");
    git(&["clone", "-q", "--bare", bundle.to_str().unwrap(), repo.to_str().unwrap()]);
    let repo_s = repo.to_str().unwrap();
    for v in CutlassVersion::ALL {
        let tag = format!("v{v}");
        let include = dir.join(&tag).join("include");
        for file in ["cutlass/version.h", "cutlass/gemm/dispatch_policy.hpp"] {
            let text = git(&["--git-dir", repo_s, "show", &format!("{tag}:include/{file}")]);
            let path = include.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        assert_eq!(cutlass_version(&include), Ok(*v), "{tag}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A compiler that fails without compiling anything is not CUTLASS rejecting the kernel, and a
/// wrapper that hangs with children is killed with them at the timeout.
#[test]
fn a_failing_or_hanging_compiler_is_not_a_rejection() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("smem-lint-fake-nvcc-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("include/cutlass")).unwrap();
    std::fs::write(
        dir.join("include/cutlass/version.h"),
        "#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 5\n#define CUTLASS_PATCH 0\n",
    )
    .unwrap();
    let script = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        p
    };
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/sm120-cutlass-4.5.0.jsonl");
    let run = |nvcc: &std::path::Path, extra: &[&str]| {
        let record = dir.join("record.jsonl");
        let start = std::time::Instant::now();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_smem-lint"))
            .args(["verify", data.to_str().unwrap(), "--sample", "2", "--jobs", "1", "--cutlass-include"])
            .arg(dir.join("include"))
            .arg("--nvcc")
            .arg(nvcc)
            .arg("--record")
            .arg(&record)
            .args(extra)
            .output()
            .unwrap();
        let text = std::fs::read_to_string(&record).unwrap_or_default();
        (out.status.code(), text, String::from_utf8_lossy(&out.stderr).into_owned(), start.elapsed())
    };
    let (code, record, err, _) = run(&script("fails", "echo 'nvcc fatal   : something is missing' >&2; exit 1"), &[]);
    assert_ne!(code, Some(0), "{err}");
    assert!(!record.contains("\"compiles\":false"), "recorded as rejections: {record}");
    assert!(record.contains("the compiler failed to run"), "{record}{err}");
    let (_, record, err, took) = run(&script("hangs", "sleep 1000 & wait"), &["--timeout", "1"]);
    assert!(took.as_secs() < 60, "the hanging wrapper was not killed: {took:?} {err}");
    assert!(!record.contains("\"compiles\":false"), "{record}");
    let _ = std::fs::remove_dir_all(&dir);
}
