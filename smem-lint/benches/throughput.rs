//! `cargo bench -p smem-lint`: configurations evaluated per second, and `check` on a 105,000-config sweep.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use smem_lint::check::{check_source, Options};
use smem_lint::model::{
    assess, evaluate, Arch, CutlassVersion, KernelConfig, KernelKind, Operand, Output, StagePolicy, Tile,
};

fn main() {
    divan::main();
}

fn configs() -> Vec<KernelConfig> {
    let mut v = Vec::new();
    for version in CutlassVersion::distinct_models() {
        for kind in KernelKind::ALL {
            for (a, b) in [
                (Operand::Nvfp4, Operand::Nvfp4),
                (Operand::Mxfp4, Operand::Mxfp4),
                (Operand::Mxfp8E4m3, Operand::Mxfp6E2m3),
            ] {
                for m in [128, 256] {
                    for n in [64, 128, 256] {
                        for k in [64, 128, 256] {
                            for stages in [StagePolicy::Auto, StagePolicy::Fixed(2), StagePolicy::Fixed(3)] {
                                v.push(KernelConfig {
                                    cutlass: version,
                                    stages,
                                    ..KernelConfig::sm120(kind, a, b, Output::Bf16, Output::Bf16, Tile { m, n, k })
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    v
}

/// One `evaluate` per configuration: the model's raw throughput.
#[divan::bench]
fn evaluate_configs(bencher: Bencher) {
    let cfgs = configs();
    bencher.counter(ItemsCount::new(cfgs.len())).bench(|| {
        for c in &cfgs {
            black_box(evaluate(black_box(c)).ok());
        }
    });
}

/// `assess` adds the verdict and the largest fitting stage count.
#[divan::bench]
fn assess_configs(bencher: Bencher) {
    let cfgs = configs();
    bencher.counter(ItemsCount::new(cfgs.len())).bench(|| {
        for c in &cfgs {
            black_box(assess(black_box(c), Arch::Sm120).ok());
        }
    });
}

/// A TOML sweep of 25 tiles x 10 stage policies x 3 schedules x 5 outputs x 7 operand pairs x
/// 2 kinds x 2 CUTLASS versions = 105,000 configurations.
fn big_sweep() -> String {
    let exts = [64, 128, 256, 384, 512];
    let tiles: Vec<String> = exts.iter().flat_map(|m| exts.iter().map(move |n| format!("[{m}, {n}, 128]"))).collect();
    format!(
        r#"[[sweep]]
name = "big"
arch = "sm120"
cutlass = ["4.2.0", "4.5.0"]
kernel = ["dense", "grouped"]
operands = [["nvfp4", "nvfp4"], ["mxfp4", "mxfp4"], ["mxfp8e4m3", "mxfp8e4m3"], ["mxfp8e4m3", "mxfp6e3m2"], ["mxfp6e2m3", "mxfp6e2m3"], ["mxfp8e5m2", "mxfp4"], ["mxfp4", "mxfp8e4m3"]]
tile = [{}]
schedule = ["auto", "cooperative", "pingpong"]
outputs = [["bf16", "bf16"], ["void", "bf16"], ["f16", "f16"], ["f32", "f32"], ["void", "nvfp4"]]
stages = ["auto", "auto0", "auto-epi", 2, 3, 4, 5, 6, 7, 8]
"#,
        tiles.join(", ")
    )
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn check_100k_sweep(bencher: Bencher) {
    bench_check(bencher, &big_sweep(), 105_000);
}

/// `check` of `text`, which declares `n` configurations.
fn bench_check(bencher: Bencher, text: &str, n: usize) {
    bencher.counter(ItemsCount::new(n)).bench(|| {
        let r = check_source(std::path::Path::new("bench.toml"), text.to_string(), &Options::default());
        assert_eq!(r.findings.len() + r.launchable.len(), n);
        black_box(r.findings.len())
    });
}

/// A generated file of 100,000 `[[kernel]]` tables (what a generator or `import-trtllm` writes, 11.6
/// MB): 4 tiles x 6 stage counts, each kernel its own table, so no two findings share a snippet.
fn kernel_list() -> String {
    use std::fmt::Write as _;
    let tiles = ["128, 128", "128, 256", "256, 128", "256, 256"];
    let mut text = String::new();
    for i in 0..100_000 {
        let stages = 4 + (i / 4) % 6;
        let _ = write!(
            text,
            "[[kernel]]\nname = \"k{i}\"\nkernel = \"grouped\"\na = \"nvfp4\"\nb = \"nvfp4\"\nc = \"bf16\"\nd = \"bf16\"\ntile = [{}, 128]\nstages = {stages}\n\n",
            tiles[i % 4]
        );
    }
    text
}

/// `check` of the 100,000-kernel file: reading it a table at a time, and checking every kernel.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn check_100k_kernels(bencher: Bencher) {
    bench_check(bencher, &kernel_list(), 100_000);
}

/// Its 95,833 findings as miette diagnostics: no snippet repeats.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn human_100k_distinct_findings(bencher: Bencher) {
    bench_human(bencher, kernel_list());
}

/// Writing the findings of `text` as miette diagnostics; the check itself is done once, outside the
/// measurement.
fn bench_human(bencher: Bencher, text: String) {
    let r = check_source(std::path::Path::new("bench.toml"), text, &Options::default());
    assert!(r.findings.len() > 95_000);
    bencher
        .counter(ItemsCount::new(r.findings.len()))
        .bench(|| smem_lint::diagnostics::write_human(&r, usize::MAX, false, 100, &mut std::io::sink()).unwrap());
}

/// `eval`'s per-line work (parse, evaluate, serialise) over the shared 4.5.0 measurements.
#[divan::bench(sample_count = 5)]
fn eval_lines(bencher: Bencher) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/sm120-cutlass-4.5.0.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    bencher.counter(ItemsCount::new(lines.len())).bench(|| {
        for (i, l) in lines.iter().enumerate() {
            black_box(smem_lint::jsonl::eval_line(i + 1, l, None));
        }
    });
}

/// `smem-lint eval` of 1,000,000 lines, in process: the whole pipeline (reading, evaluating on every
/// core, writing in order) on the shared 4.5.0 measurements repeated to a million lines (each line
/// a configuration with its measured result, as generators and the data files write them).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn eval_1m_lines(bencher: Bencher) {
    bench_eval(bencher, &measured_lines());
}

/// The same million configurations as a generator writes them: the measured lines without their
/// `result`, in compact JSON (224 bytes a line on average, with their ids).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn eval_1m_plain_lines(bencher: Bencher) {
    let plain = measured_lines()
        .iter()
        .map(|l| {
            let mut v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(l).unwrap();
            v.remove("result").unwrap();
            serde_json::to_string(&v).unwrap()
        })
        .collect::<Vec<_>>();
    bench_eval(bencher, &plain);
}

/// The shared 4.5.0 measurements, one line each.
fn measured_lines() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/sm120-cutlass-4.5.0.jsonl");
    std::fs::read_to_string(path).unwrap().lines().map(str::to_string).collect()
}

/// `eval` of `lines` repeated to a million lines.
fn bench_eval(bencher: Bencher, lines: &[String]) {
    let mut input = String::new();
    for l in lines.iter().cycle().take(1_000_000) {
        input.push_str(l);
        input.push('\n');
    }
    bencher.counter(ItemsCount::new(1_000_000usize)).bench(|| {
        let class = smem_lint::eval_stream::eval(input.as_bytes(), "bench", None, std::io::sink());
        assert!(class < 2);
    });
}

/// The 105,000-config sweep's 97,683 findings written as JSON (streamed, on every core), with the
/// suggestions of each: the check itself is done once, outside the measurement.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn json_100k_findings(bencher: Bencher) {
    let r = check_source(std::path::Path::new("big.toml"), big_sweep(), &Options::default());
    assert!(r.findings.len() > 95_000);
    bencher.counter(ItemsCount::new(r.findings.len())).bench(|| {
        smem_lint::diagnostics::write_json(std::slice::from_ref(&r), None, &mut std::io::sink()).unwrap();
    });
}

/// The same findings as miette diagnostics (human output).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn human_100k_findings(bencher: Bencher) {
    bench_human(bencher, big_sweep());
}
