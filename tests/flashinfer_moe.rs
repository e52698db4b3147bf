//! The incident: FlashInfer 0.7.4 / TensorRT-LLM SM120 FP4 MoE grouped GEMMs, against nvcc.
//!
//! Ground truth: tests/data/flashinfer-0.7.4-sm120-moe.csv (the launcher's own type aliases
//! compiled with nvcc, shared data) and tests/data/flashinfer-0.7.4-sm120-moe-verify.jsonl (every
//! one of the 88 instantiations, measured by `smem-lint verify --trtllm-include`).

mod common;

use smem_lint::model::*;
use smem_lint::verify::{from_record, MeasuredResult};

struct Row {
    cfg: KernelConfig,
    measured: Option<(u64, u64, u64, u64)>,
    epilogue: u64,
    stages: u64,
    emitted: bool,
}

fn csv_rows() -> Vec<Row> {
    let text = common::read_data("flashinfer-0.7.4-sm120-moe.csv");
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "dtype,tile,fusion,otype,swap_ab,kernel,mainloop,epilogue,stages,emitted_by_generator"
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let (a, b) = match f[0] {
                "FP4xFP4" => (Operand::Nvfp4, Operand::Nvfp4),
                "FP8xFP4" => (Operand::Mxfp8E4m3, Operand::Mxfp4),
                other => panic!("dtype {other}"),
            };
            let t: Vec<u64> = f[1].split('x').map(|x| x.parse().unwrap()).collect();
            let out = match f[3] {
                "bf16" => Output::Bf16,
                "half" => Output::F16,
                other => panic!("otype {other}"),
            };
            let fusion = if f[2] == "FINALIZE" { MoeFusion::Finalize } else { MoeFusion::None };
            let cfg = KernelConfig {
                epilogue: Epilogue::TrtllmMoe { fusion, swap_ab: f[4] == "true" },
                // FlashInfer 0.7.4 bundles CUTLASS 4.5.0.
                cutlass: CutlassVersion::V4_5_0,
                ..KernelConfig::sm120(KernelKind::Grouped, a, b, out, out, Tile { m: t[0], n: t[1], k: t[2] })
            };
            let measured = (f[5] != "NOCOMPILE")
                .then(|| (f[5].parse().unwrap(), f[6].parse().unwrap(), f[7].parse().unwrap(), f[8].parse().unwrap()));
            Row {
                cfg,
                measured,
                epilogue: f[7].parse().unwrap(),
                stages: f[8].parse().unwrap(),
                emitted: f[9] == "True",
            }
        })
        .collect()
}

#[test]
fn every_measured_row_is_reproduced() {
    let rows = csv_rows();
    let mut agree = 0;
    for r in &rows {
        match (evaluate(&r.cfg).unwrap(), r.measured) {
            (Evaluation::Compiled(f), Some(m)) => {
                assert_eq!((f.kernel_bytes, f.mainloop_bytes, f.epilogue_bytes, f.stages), m, "{}", r.cfg.label());
            }
            (Evaluation::Rejected(rej), None) => {
                assert_eq!(rej.message, "Specialization requires Stages set to value 2 or more.");
                assert_eq!(rej.stage_choice.unwrap().stages, r.stages as i64, "{}", r.cfg.label());
                assert_eq!(rej.epilogue_bytes, Some(r.epilogue), "{}", r.cfg.label());
            }
            (e, m) => panic!("{}: model {e:?}, measured {m:?}", r.cfg.label()),
        }
        agree += 1;
    }
    println!("flashinfer-0.7.4-sm120-moe.csv: {agree}/{} rows reproduced exactly", rows.len());
    assert!(rows.len() >= 80);
}

fn toml_entries() -> Vec<smem_lint::config_file::Entry> {
    let text = std::fs::read_to_string(common::data_path("../../configs/flashinfer-0.7.4-sm120-moe.toml")).unwrap();
    let parsed = smem_lint::config_file::parse(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.entries
}

/// The config file is what the importer makes of the generator's 88 instantiation calls.
#[test]
fn the_config_is_the_imported_generator_output() {
    let src =
        std::fs::read_to_string(common::data_path("../fixtures/flashinfer-0.7.4-sm120-instantiations.cu")).unwrap();
    let found: Vec<_> = smem_lint::import::trtllm_moe(&src).into_iter().map(|(_, r)| r.unwrap()).collect();
    assert_eq!(found.len(), 88);
    let committed =
        std::fs::read_to_string(common::data_path("../../configs/flashinfer-0.7.4-sm120-moe.toml")).unwrap();
    let note = committed.lines().next().unwrap().trim_start_matches("# ");
    // The wheel has no commit in FlashInfer's history; main's generator at fb28d72 emits the same 88
    // calls and is what every entry cites (docs/configs-audit.md).
    let provenance = smem_lint::import::Provenance {
        repo: "flashinfer-ai/flashinfer".into(),
        path: "flashinfer/jit/gemm/cutlass/generate_kernels.py".into(),
        commit: "fb28d7242b3506a2348265962041acc1fb56cca4".into(),
        line_prefix: "826 generate_sm120_grouped_gemm_operations: ".into(),
    };
    let regenerated = smem_lint::import::to_toml(
        &found,
        note,
        CutlassVersion::V4_5_0,
        &[Arch::Sm120, Arch::Sm121],
        Some(&provenance),
    );
    assert_eq!(committed, regenerated, "configs/flashinfer-0.7.4-sm120-moe.toml is stale: re-run import-trtllm");
    // Every emitted row of the CSV is one of the 88, with the same configuration.
    let entries = toml_entries();
    for r in csv_rows().iter().filter(|r| r.emitted) {
        assert!(entries.iter().any(|e| e.config == r.cfg), "{} not imported", r.cfg.label());
    }
}

/// `check` flags exactly the instantiations nvcc measured over the cap (or rejecting), with the
/// measured bytes; every other one passes.
#[test]
fn check_flags_exactly_what_nvcc_says_cannot_launch() {
    let measured: Vec<_> =
        common::read_data("flashinfer-0.7.4-sm120-moe-verify.jsonl").lines().map(|l| from_record(l).unwrap()).collect();
    assert_eq!(measured.len(), 88);
    let entries = toml_entries();
    let mut flagged = 0;
    for e in &entries {
        let m = measured.iter().find(|m| m.id == e.name).unwrap_or_else(|| panic!("{} not measured", e.name));
        let launchable_measured =
            matches!(m.result, MeasuredResult::Compiled { kernel_bytes, .. } if kernel_bytes <= 101_376);
        for arch in [Arch::Sm120, Arch::Sm121] {
            let a = assess(&KernelConfig { arch, ..e.config }, arch).unwrap();
            assert_eq!(a.launchable(), launchable_measured, "{}", e.name);
            if let (Status::ExceedsCap { over }, MeasuredResult::Compiled { kernel_bytes, .. }) = (&a.status, &m.result)
            {
                assert_eq!(*over, kernel_bytes - 101_376);
            }
        }
        flagged += usize::from(!launchable_measured);
    }
    println!("{flagged} of {} FlashInfer 0.7.4 SM120 instantiations cannot launch (measured)", entries.len());
    assert!(flagged > 0);
}

#[test]
fn the_flagged_finalize_tiles_suggest_the_other_swap_ab() {
    // FlashInfer 0.7.4 bundles CUTLASS 4.5.0, the release the CSV was measured with.
    let cfg = KernelConfig {
        cutlass: CutlassVersion::V4_5_0,
        epilogue: Epilogue::TrtllmMoe { fusion: MoeFusion::Finalize, swap_ab: false },
        ..KernelConfig::sm120(
            KernelKind::Grouped,
            Operand::Nvfp4,
            Operand::Nvfp4,
            Output::Bf16,
            Output::Bf16,
            Tile { m: 128, n: 256, k: 128 },
        )
    };
    let s = smem_lint::suggest::suggestions(&cfg, &assess(&cfg, Arch::Sm120).unwrap());
    // Fewer stages first (the same kernel), then the other swap_ab (another data path).
    assert!(matches!(s[0].change, smem_lint::suggest::Change::Stages(_)), "{s:?}");
    let swap = s.iter().find(|x| x.change == smem_lint::suggest::Change::SwapAb(true)).expect("swap_ab is suggested");
    // Measured (CSV): the swap_ab instantiation of this tile is 74752 bytes.
    assert_eq!(swap.kernel_bytes, 74752);
}

/// `emit` on the FlashInfer list keeps the 84 launchable instantiations and drops the 4 that nvcc
/// measured at 102400 bytes.
#[test]
fn emit_keeps_only_the_launchable_instantiations() {
    let path = common::data_path("../../configs/flashinfer-0.7.4-sm120-moe.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let report = smem_lint::check::check_source(&path, text, &smem_lint::check::Options::default());
    let table = smem_lint::table::table_entries(&[report]);
    assert_eq!(table.len(), 84);
    for name in [
        "moe_Sm120_SafeFP4_SafeFP4_half_FINALIZE_128x256x128",
        "moe_Sm120_SafeFP4_SafeFP4___nv_bfloat16_FINALIZE_128x256x128",
        "moe_Sm120_SafeFP4_SafeFP4_half_FINALIZE_256x128x128",
        "moe_Sm120_SafeFP4_SafeFP4___nv_bfloat16_FINALIZE_256x128x128",
    ] {
        assert!(table.iter().all(|e| e.name != name), "{name} must be left out");
    }
    assert!(table.iter().all(|e| e.kernel_bytes <= 101_376));
}

// ---------------------------------------------------------------------------------------------
// Issue 27 item 3: every call the generators write (SM90, SM100, SM103, SM120).

const EVERY_ARCH: &str = "../fixtures/flashinfer-0.7.4-moe-instantiations-sm90-sm100.cu";

fn every_arch_calls() -> Vec<smem_lint::import::MoeInstantiation> {
    let src = std::fs::read_to_string(common::data_path(EVERY_ARCH)).unwrap();
    smem_lint::import::trtllm_moe(&src).into_iter().map(|(_, r)| r.expect("real calls parse")).collect()
}

/// The configurations of FlashInfer's SM100 MoE list as configs/real/flashinfer-sm100.toml writes
/// them (sweeps read from the generator's loops, with citations): what the importer must make of the
/// same generator's calls.
fn configured_sm100_moe() -> std::collections::HashSet<KernelConfig> {
    let text = std::fs::read_to_string(common::data_path("../../configs/real/flashinfer-sm100.toml")).unwrap();
    let parsed = smem_lint::config_file::parse(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.entries.into_iter().filter(|e| e.name.starts_with("fi_moe_")).map(|e| e.config).collect()
}

/// The SM100 NONE/FINALIZE calls become exactly the configurations the hand-written sweeps hold.
/// With `SMEM_LINT_GENERATED_DIR` set to a folder of FlashInfer's generated `.cu` files
/// (`generate_gemm_operations(DIR, "100")`), the whole list is compared both ways: 1,440 each.
#[test]
fn sm100_calls_are_the_configured_sweeps() {
    let configured = configured_sm100_moe();
    assert_eq!(configured.len(), 1440);
    let as_configured = |m: &smem_lint::import::MoeInstantiation| {
        m.config.as_ref().ok().map(|c| KernelConfig { cutlass: CutlassVersion::V4_5_0, ..*c })
    };
    let mut seen = 0;
    for m in every_arch_calls().iter().filter(|m| m.arch == Arch::Sm100) {
        if m.args[6] == "ACTIVATION" {
            assert!(m.config.is_err(), "{:?}", m.args);
            continue;
        }
        let c = as_configured(m).unwrap_or_else(|| panic!("{:?}: {:?}", m.args, m.config));
        assert!(configured.contains(&c), "{:?} is not in configs/real/flashinfer-sm100.toml: {}", m.args, c.label());
        seen += 1;
    }
    assert!(seen >= 10, "the fixture holds {seen} SM100 NONE/FINALIZE calls");
    let Ok(dir) = std::env::var("SMEM_LINT_GENERATED_DIR") else { return };
    let mut imported = std::collections::HashSet::new();
    for f in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
        for (_, r) in smem_lint::import::trtllm_moe(&text) {
            let m = r.unwrap();
            if m.arch == Arch::Sm100 && m.args[6] != "ACTIVATION" {
                imported.insert(as_configured(&m).unwrap());
            }
        }
    }
    assert_eq!(imported.len(), 1440);
    assert_eq!(imported, configured);
}

/// One real call of each kind, imported: the kernels the model evaluates are `[[kernel]]`s, every
/// other call is commented out with the model's or the importer's reason, never approximated.
#[test]
fn calls_of_every_architecture_are_imported_or_refused_with_reasons() {
    // Of the 16 calls, the model evaluates the SM120 ones and, on SM100, NONE and FINALIZE with the TMA
    // and the no-smem ptr-array epilogues, tf32, N = 8 and the explicit epilogue tile of NVFP4 at N =
    // 256 (issue 28): 12; the two SM90 calls, SM103 and the ACTIVATION fusion stay commented out.
    const KERNELS: usize = 12;
    let found = every_arch_calls();
    assert_eq!(found.len(), 16);
    let toml = smem_lint::import::to_toml(&found, "fixture", CutlassVersion::V4_5_0, &[Arch::Sm120, Arch::Sm121], None);
    insta::assert_snapshot!("every_arch_import", toml);
    assert_eq!(toml.matches("\n[[kernel]]\n").count(), KERNELS, "{toml}");
    assert_eq!(toml.matches("\n# [[kernel]]\n").count(), 16 - KERNELS, "{toml}");
    for reason in [
        "# not modelled: the TensorRT-LLM MoE launcher's SM90 epilogues have not been measured",
        "# not modelled: the ACTIVATION fusion",
        "# not modelled: SM103:",
    ] {
        assert!(toml.contains(reason), "{reason}\n{toml}");
    }
    // tf32 and the explicit epilogue tile (NVFP4 at N = 256) are modelled on SM100 (issue 28).
    for kernel in ["name = \"moe_Sm100_float_float_float_NONE_128x128x32_tma\"", "epilogue_tile = [128, 64]\nepilogue"]
    {
        assert!(toml.contains(&format!("\n{kernel}")), "{kernel}\n{toml}");
    }
    // The file reads back; its kernels are the ones the model evaluates, on their own architectures.
    let parsed = smem_lint::config_file::parse(&toml);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.entries.len(), KERNELS);
    for e in &parsed.entries {
        for &arch in &e.targets {
            evaluate(&KernelConfig { arch, ..e.config }).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        }
    }
    let sm100: Vec<_> = parsed.entries.iter().filter(|e| e.config.arch == Arch::Sm100).collect();
    assert_eq!(sm100.len(), KERNELS - 1);
    assert!(sm100.iter().all(|e| e.targets == [Arch::Sm100]));
    // The mixed-input launcher's template instantiation is counted, not read.
    let src = std::fs::read_to_string(common::data_path(EVERY_ARCH)).unwrap();
    assert_eq!(smem_lint::import::other_launcher_instantiations(&src), 1);
}
