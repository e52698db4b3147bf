//! A fuzzer for every front end, on stable Rust, run by `cargo test` for a bounded time.
//!
//! Seven targets, the functions of `smem_lint::fuzzing` that the coverage-guided `cargo fuzz` targets
//! (`fuzz/`) run too: the TOML front end (check, then every rendering), JSON lines (`eval`), the
//! `#[smem_check]` attribute (the proc macro's parser and `cargo smem-lint`'s scan), the
//! TensorRT-LLM importer, the CUTLASS kernel-name importer, `cutlass/version.h`'s reading, and the
//! model. Each target starts from a corpus (`configs/`,
//! `tests/fixtures/`, `tests/data/`, `tests/ui/`, and every input of `tests/fuzz/TARGET/`, the
//! crashes found so far, which are replayed first) and mutates it as libFuzzer does: bit and byte
//! flips, dictionary words (the keys and values of the format), deletions, copies, crossovers, and
//! now and then an input grown to megabytes or nested thousands deep. An input whose outcome was
//! not seen before (its error kinds, codes and counts: a cheap stand-in for new coverage) joins the
//! corpus. Each input must neither panic nor break the target's invariants (spans inside the file,
//! an imported file that reads back without errors, a breakdown that adds up).
//!
//! - `SMEM_LINT_FUZZ_SECS`: seconds per target (default 4; the targets run in parallel threads).
//! - `SMEM_LINT_FUZZ_SEED`: the seed (default fixed, so a run is reproducible up to its time budget).
//! - `SMEM_LINT_FUZZ_TARGETS`: a comma-separated list of the targets to run (default: all).
//! - `SMEM_LINT_FUZZ_INPUT_SECS`: the longest one input may take (default 120): a slower one fails.
//!
//! A panic is caught: its input is written to `target/tmp/fuzz-crashes/` and the test fails naming
//! it; copy it into `tests/fuzz/TARGET/` with the fix, so it is replayed ever after. A crash that
//! cannot be caught (a stack overflow aborts the process) leaves its input in
//! `target/tmp/fuzz-TARGET.current`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// SplitMix64: small, fast, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The largest input mutated (bigger ones are cut back); inputs over `KEEP` never join the corpus.
const MAX_INPUT: usize = 4 << 20;
const KEEP: usize = 256 << 10;
const MAX_CORPUS: usize = 2048;

/// One mutation of `input`.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, dictionary: &[Vec<u8>], corpus: &[Vec<u8>]) {
    const INTERESTING: &[u8] = b"\0\xff\n\r\t\"'[]{}()=,.#\\-0123456789\x1b\x7f\xc3";
    let at = |rng: &mut Rng, v: &Vec<u8>| rng.below(v.len() + 1);
    match rng.below(12) {
        0 if !input.is_empty() => {
            let i = rng.below(input.len());
            input[i] ^= 1 << rng.below(8);
        }
        1 if !input.is_empty() => {
            let i = rng.below(input.len());
            input[i] = *rng.pick(INTERESTING);
        }
        2..=4 => {
            let word = rng.pick(dictionary).clone();
            let i = at(rng, input);
            input.splice(i..i, word);
        }
        5 if !input.is_empty() => {
            let i = rng.below(input.len());
            let n = rng.below((input.len() - i).min(64) + 1);
            input.drain(i..i + n);
        }
        6 if !input.is_empty() => {
            // Copy a piece elsewhere.
            let i = rng.below(input.len());
            let n = rng.below((input.len() - i).min(256) + 1);
            let piece = input[i..i + n].to_vec();
            let j = at(rng, input);
            input.splice(j..j, piece);
        }
        7 if !corpus.is_empty() => {
            // Crossover: this input's start, another's end.
            let other = rng.pick(corpus);
            let i = at(rng, input);
            let j = rng.below(other.len() + 1);
            input.truncate(i);
            input.extend_from_slice(&other[j..]);
        }
        8 if !input.is_empty() && rng.chance(16) => {
            // Grow: a piece repeated until the input is up to a few megabytes.
            let i = rng.below(input.len());
            let n = rng.below((input.len() - i).min(4096) + 1).max(1);
            let piece = input[i..i + n].to_vec();
            let times = (rng.below(MAX_INPUT) / n).max(1);
            let j = at(rng, input);
            input.splice(j..j, piece.iter().copied().cycle().take(n * times));
        }
        9 if rng.chance(4) => {
            // Nest: open and close brackets (or prefix operators) thousands deep.
            let (open, close): (&[u8], &[u8]) = *rng.pick(&[
                (&b"["[..], &b"]"[..]),
                (b"(", b")"),
                (b"{", b"}"),
                (b"-", b""),
                (b"{a=", b"}"),
                (b"[[", b"]]"),
            ]);
            let depth = rng.below(6000) + 1;
            let j = at(rng, input);
            let mut nest = open.repeat(depth);
            nest.extend_from_slice(b"1");
            nest.extend(close.repeat(depth));
            input.splice(j..j, nest);
        }
        10 => {
            let i = at(rng, input);
            input.truncate(i);
        }
        _ => {
            let word = rng.pick(dictionary).clone();
            input.extend_from_slice(&word);
        }
    }
    input.truncate(MAX_INPUT);
}

/// What a target makes of an input: a signature of its outcome (inputs with new ones join the
/// corpus), or why it broke an invariant.
type Outcome = Result<u64, String>;

struct Target {
    name: &'static str,
    seeds: Vec<Vec<u8>>,
    dictionary: Vec<Vec<u8>>,
    run: fn(&[u8]) -> Outcome,
}

fn hash(parts: impl IntoIterator<Item = impl std::hash::Hash>) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in parts {
        p.hash(&mut h);
    }
    h.finish()
}

// ---------------------------------------------------------------------------------------------
// Corpora and dictionaries.

fn files_under(dir: &Path, ext: &str, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files_under(&p, ext, into);
        } else if p.extension().is_some_and(|e| e == ext) {
            into.push(p);
        }
    }
}

fn read_all(dirs: &[&str], ext: &str) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    for d in dirs {
        files_under(&root().join(d), ext, &mut files);
    }
    files.iter().filter_map(|f| std::fs::read(f).ok()).collect()
}

/// The crashes found so far for `target`: replayed first, every run.
fn regressions(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let dir = root().join("tests/fuzz").join(target);
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            files.push(e.path());
        }
    }
    files.sort();
    files.into_iter().filter_map(|f| std::fs::read(&f).ok().map(|b| (f, b))).collect()
}

fn words(list: &[&str]) -> Vec<Vec<u8>> {
    list.iter().map(|w| w.as_bytes().to_vec()).collect()
}

fn value_names() -> Vec<String> {
    use smem_lint::model::*;
    let mut v: Vec<String> = Vec::new();
    v.extend(Arch::ALL.iter().map(|a| a.name().to_string()));
    v.extend(CutlassVersion::ALL.iter().map(|c| c.name().to_string()));
    v.extend(Operand::ALL.iter().map(|o| o.name().to_string()));
    v.extend(Output::ALL.iter().map(|o| o.name().to_string()));
    v.extend(Schedule::ALL.iter().map(|s| s.name().to_string()));
    v.extend(Family::NAMES.iter().map(|s| (*s).to_string()));
    v.extend(Epilogue::NAMES.iter().map(|s| (*s).to_string()));
    for w in ["auto", "auto0", "auto-epi", "auto-carveout-1024", "dense", "grouped", "cooperative", "pingpong"] {
        v.push(w.into());
    }
    v
}

fn keys() -> Vec<&'static str> {
    smem_lint::keys::Front::Toml.keys().chain(smem_lint::keys::Front::JsonLines.keys()).collect()
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "16",
    "32",
    "64",
    "96",
    "128",
    "192",
    "256",
    "1024",
    "1025",
    "65536",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "-1",
    "1e3",
    "0x80",
    "0200",
    "3.5",
];

fn toml_dictionary() -> Vec<Vec<u8>> {
    let mut d = words(&[
        "[defaults]\n",
        "[[kernel]]\n",
        "[[sweep]]\n",
        "\nname = \"k\"\n",
        " = ",
        "[",
        "]",
        "{",
        "}",
        ", ",
        "\"",
        "'''",
        "\n",
        "# c\n",
        "[128, 256, 128]",
        "[[128, 128, 128], [256, 128, 128]]",
        "{ smem_bytes = 4096 }",
        "true",
        "\r\n",
        "\\u0000",
        "\\",
        "=",
        ".",
        "kernel = [{ name = \"i\" }]\n",
    ]);
    for k in keys() {
        d.push(format!("\n{k} = ").into_bytes());
    }
    for v in value_names() {
        d.push(format!("\"{v}\"").into_bytes());
    }
    d.extend(words(NUMBERS));
    d
}

fn json_dictionary() -> Vec<Vec<u8>> {
    let mut d = words(&[
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"",
        "\n",
        "null",
        "true",
        "false",
        "\"result\": {\"compiles\": true}",
        "\"tile\": [128, 128, 128]",
        "\\u001b",
        "\\\"",
        "\u{feff}",
        " ",
    ]);
    for k in keys() {
        d.push(format!("\"{k}\": ").into_bytes());
    }
    for v in value_names() {
        d.push(format!("\"{v}\"").into_bytes());
    }
    d.extend(words(NUMBERS));
    d
}

fn attribute_dictionary() -> Vec<Vec<u8>> {
    let mut d = words(&[
        ", ",
        " = ",
        "[",
        "]",
        "(",
        ")",
        "-",
        "!",
        "\"",
        "u8",
        "sm120",
        "sm121",
        "sm90",
        "#[smem_check(",
        ")]\n",
        "pub struct K;\n",
        "struct K { tile: Tile<128, 128, 128>, stages: Stages<3> }\n",
        "use smem_lint_macros::smem_check;\n",
        "//",
        "/*",
        "*/",
        "r#\"",
        "\"#",
        "'a",
        "{",
        "}",
        ";",
        "\n",
    ]);
    for k in smem_lint::keys::Front::Attribute.keys() {
        d.push(format!(", {k} = ").into_bytes());
    }
    for v in value_names() {
        d.push(v.into_bytes());
    }
    d.extend(words(NUMBERS));
    d
}

fn import_dictionary() -> Vec<Vec<u8>> {
    let mut d = words(&[
        "INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(",
        ");\n",
        ", ",
        "Sm120",
        "Sm121",
        "Sm100",
        "SafeFP4",
        "SafeFP8",
        "__nv_fp8_e4m3",
        "half",
        "__nv_bfloat16",
        "float",
        "void",
        "EpilogueOpDefault",
        "NONE",
        "FINALIZE",
        "true",
        "false",
        "#if 0\n",
        "#if (0)\n",
        "#if 1\n",
        "#ifdef X\n",
        "#elif 1\n",
        "#else\n",
        "#endif\n",
        "#define ",
        "R\"x(",
        ")x\"",
        "u8R\"(",
        ")\"",
        "//",
        "/*",
        "*/",
        "'",
        "\"",
        "\\\n",
        "1'024",
        "\n",
    ]);
    d.extend(words(NUMBERS));
    d
}

/// Lines of the measured data, a few at a time.
fn jsonl_seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for file in read_all(&["tests/data"], "jsonl") {
        let text = String::from_utf8_lossy(&file);
        let lines: Vec<&str> = text.lines().collect();
        for chunk in lines.chunks(7).step_by(41).take(8) {
            out.push(chunk.join("\n").into_bytes());
        }
    }
    out
}

/// The attributes and structs of the macro's UI tests, and small Rust files.
fn attribute_seeds() -> Vec<Vec<u8>> {
    let mut out = read_all(&["tests/ui", "tests/fixtures/workspaces"], "rs");
    for f in out.clone() {
        let text = String::from_utf8_lossy(&f);
        for piece in text.split("#[smem_check(").skip(1) {
            if let Some(args) = piece.split(")]").next() {
                out.push(args.as_bytes().to_vec());
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The targets.

fn targets() -> Vec<Target> {
    let mut configs = read_all(&["configs", "tests/fixtures"], "toml");
    configs.push(b"[defaults]\na = \"nvfp4\"\nb = \"nvfp4\"\nc = \"bf16\"\nd = \"bf16\"\n\n[[kernel]]\nname = \"k\"\ntile = [128, 128, 128]\n".to_vec());
    let model_seeds = (0..64u8).map(|i| vec![i, i.wrapping_mul(7), 3, 8, 8, 8, i % 4, 1, 2, 3, 4, 5, 6, 7]).collect();
    vec![
        Target { name: "toml", seeds: configs, dictionary: toml_dictionary(), run: smem_lint::fuzzing::toml },
        Target { name: "jsonl", seeds: jsonl_seeds(), dictionary: json_dictionary(), run: smem_lint::fuzzing::jsonl },
        Target {
            name: "attribute",
            seeds: attribute_seeds(),
            dictionary: attribute_dictionary(),
            run: smem_lint::fuzzing::attribute,
        },
        Target {
            name: "import",
            seeds: read_all(&["tests/fixtures"], "cu"),
            dictionary: import_dictionary(),
            run: smem_lint::fuzzing::import_trtllm,
        },
        Target {
            name: "import_cutlass",
            seeds: read_all(&["tests/fixtures/cutlass-library"], "txt"),
            dictionary: words(&[
                "cutlass3x_sm120_bstensorop_gemm_",
                "_1x1x1_0_tnt_align128_",
                "ue8m0xe2m1",
                "128x128x128",
                "cooperative",
                "pingpong",
                "\n",
                "_",
            ]),
            run: smem_lint::fuzzing::import_cutlass,
        },
        Target {
            name: "version_header",
            seeds: read_all(&["tests/vendor/cutlass-4.7.0/include/cutlass"], "h"),
            dictionary: words(&[
                "#define CUTLASS_MAJOR ",
                "#define CUTLASS_MINOR ",
                "#define CUTLASS_PATCH ",
                "#if 0\n",
                "#if 1\n",
                "#ifdef X\n",
                "#else\n",
                "#elif 1\n",
                "#endif\n",
                "/*",
                "*/",
                "//",
                "\\\n",
                "\"",
                "#undef CUTLASS_MAJOR\n",
                "4",
                "7",
                "0",
            ]),
            run: smem_lint::fuzzing::version_header,
        },
        Target { name: "model", seeds: model_seeds, dictionary: words(NUMBERS), run: smem_lint::fuzzing::model },
    ]
}

// ---------------------------------------------------------------------------------------------
// The driver.

fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// The longest one input may take (`SMEM_LINT_FUZZ_INPUT_SECS`, default 120): a slower one is a
/// finding (an input of a few megabytes that takes minutes is quadratic somewhere).
fn input_budget() -> Duration {
    let secs = std::env::var("SMEM_LINT_FUZZ_INPUT_SECS").ok().and_then(|s| s.parse::<f64>().ok()).unwrap_or(120.0);
    Duration::from_secs_f64(secs.max(0.0))
}

/// Run one input, catching a panic; the input is on disk while it runs (a crash that cannot be
/// caught leaves it there).
fn run_one(target: &Target, input: &[u8]) -> Outcome {
    let current = tmp().join(format!("fuzz-{}.current", target.name));
    let _ = std::fs::write(&current, input);
    let run = target.run;
    let start = Instant::now();
    let outcome = std::panic::catch_unwind(|| run(input));
    if start.elapsed() > input_budget() {
        return Err(format!("one input took {:?}", start.elapsed()));
    }
    match outcome {
        Ok(outcome) => outcome,
        Err(panic) => Err(format!(
            "panicked: {}",
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                .unwrap_or_default()
        )),
    }
}

/// Save a failing input and describe it.
fn failure(target: &Target, input: &[u8], why: &str) -> String {
    let dir = tmp().join("fuzz-crashes");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{}-{:016x}", target.name, hash([input])));
    let _ = std::fs::write(&path, input);
    let preview: String = String::from_utf8_lossy(&input[..input.len().min(300)]).into_owned();
    format!(
        "fuzz target `{}`: {why}\n  input ({} bytes) saved to {}\n  (copy it into tests/fuzz/{}/ with the fix)\n  starts: {preview:?}",
        target.name,
        input.len(),
        path.display(),
        target.name
    )
}

/// What a target's run did: how many inputs and distinct outcomes, or its first failure.
type Campaign = Result<(usize, usize), String>;

fn fuzz(target: &Target, seed: u64, budget: Duration) -> Campaign {
    // The crashes found before, then the seeds, each once.
    for (path, input) in regressions(target.name) {
        run_one(target, &input).map_err(|why| format!("{}: {}", path.display(), failure(target, &input, &why)))?;
    }
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    let mut outcomes: HashSet<u64> = HashSet::new();
    for input in &target.seeds {
        let sig = run_one(target, input).map_err(|why| failure(target, input, &why))?;
        if outcomes.insert(sig) || corpus.len() < 64 {
            corpus.push(input.clone());
        }
    }
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    let mut rng = Rng(seed ^ hash([target.name]));
    let start = Instant::now();
    let mut runs = 0;
    while start.elapsed() < budget {
        let mut input = rng.pick(&corpus).clone();
        for _ in 0..=rng.below(4) {
            mutate(&mut rng, &mut input, &target.dictionary, &corpus);
        }
        let sig = run_one(target, &input).map_err(|why| failure(target, &input, &why))?;
        runs += 1;
        if outcomes.insert(sig) && input.len() <= KEEP {
            if corpus.len() >= MAX_CORPUS {
                let i = rng.below(corpus.len());
                corpus[i] = input;
            } else {
                corpus.push(input);
            }
        }
    }
    Ok((runs, outcomes.len()))
}

fn budget() -> Duration {
    let secs = std::env::var("SMEM_LINT_FUZZ_SECS").ok().and_then(|s| s.parse::<f64>().ok()).unwrap_or(4.0);
    Duration::from_secs_f64(secs.max(0.0))
}

fn seed() -> u64 {
    std::env::var("SMEM_LINT_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5EED_2029)
}

/// Every target, in parallel, each on a thread with the 8 MiB of stack a main thread (and rustc's)
/// has: what overflows there is a crash.
#[test]
fn fuzz_every_front_end() {
    let (budget, seed) = (budget(), seed());
    // Panics are caught and reported with their input; their messages need not interleave.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let results: Vec<(String, Campaign)> = std::thread::scope(|s| {
        let only = std::env::var("SMEM_LINT_FUZZ_TARGETS").unwrap_or_default();
        let handles: Vec<_> = targets()
            .into_iter()
            .filter(|t| only.is_empty() || only.split(',').any(|o| o == t.name))
            .map(|t| {
                std::thread::Builder::new()
                    .stack_size(8 << 20)
                    .spawn_scoped(s, move || (t.name.to_string(), fuzz(&t, seed, budget)))
                    .unwrap()
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    std::panic::set_hook(hook);
    let mut failures = Vec::new();
    for (name, r) in results {
        match r {
            Ok((runs, outcomes)) => {
                println!("fuzz {name}: {runs} inputs in {budget:?} (seed {seed}), {outcomes} distinct outcomes");
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
