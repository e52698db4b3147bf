//! The fuzz targets of every reader, shared by the bounded stable fuzzer `cargo test` runs
//! (`tests/fuzz.rs`) and the coverage-guided `cargo fuzz` targets (`fuzz/`). Each takes any bytes
//! and must neither panic nor break its reader's invariants (spans inside the input, an imported
//! file that reads back without errors, a breakdown that adds up): `Err` names the broken one.
//! `Ok` is a signature of what the input did (its error kinds, codes and counts), a cheap stand-in
//! for coverage that the stable fuzzer keeps inputs by.

#![allow(clippy::missing_panics_doc)]

/// What one input did, or the invariant it broke.
pub type Outcome = Result<u64, String>;

fn hash(parts: impl IntoIterator<Item = impl std::hash::Hash>) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in parts {
        p.hash(&mut h);
    }
    h.finish()
}

/// A count's order of magnitude (0, 1, 2-3, 4-7, ...), for signatures.
fn bucket(n: usize) -> usize {
    n.checked_ilog2().map_or(0, |l| l as usize + 1)
}

/// The TOML front end: `check`, then every rendering of its report.
pub fn toml(input: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(input).into_owned();
    let len = text.len();
    let report = crate::check::check_source(std::path::Path::new("fuzz.toml"), text, &crate::check::Options::default());
    for e in &report.input_errors {
        if e.message.is_empty() || e.at.end > len || e.at.start > e.at.end {
            return Err(format!("input error outside the file or without a message: {e:?}"));
        }
    }
    for f in &report.findings {
        if f.at.end > len {
            return Err(format!("finding outside the file: {f:?}"));
        }
    }
    // Every rendering: human (the first diagnostics, plain and coloured), JSON and SARIF. A shown
    // finding costs its suggestions (a few evaluations): JSON and SARIF, which show every finding,
    // are rendered for reports of a few dozen, to keep the inputs per second up.
    let mut human = Vec::new();
    crate::diagnostics::write_human(&report, 8, false, 100, &mut human).map_err(|e| e.to_string())?;
    crate::diagnostics::write_human(&report, 2, true, 60, &mut Vec::new()).map_err(|e| e.to_string())?;
    if human.contains(&0x1b) {
        return Err("a terminal escape reached plain human output".into());
    }
    if report.findings.len() <= 32 {
        let json = crate::diagnostics::to_json(std::slice::from_ref(&report));
        if json["summary"]["input_errors"].as_u64() != Some(report.input_error_count() as u64) {
            return Err(format!("the JSON summary miscounts: {}", json["summary"]));
        }
        let mut sarif = Vec::new();
        crate::diagnostics::write_sarif(std::slice::from_ref(&report), &mut sarif).map_err(|e| e.to_string())?;
        serde_json::from_slice::<serde_json::Value>(&sarif).map_err(|e| format!("SARIF is not JSON: {e}"))?;
    }
    let mut kinds: Vec<&str> = report.input_errors.iter().map(crate::diagnostic::Diagnostic::code).collect();
    kinds.extend(report.findings.iter().map(crate::diagnostic::Diagnostic::code));
    kinds.sort_unstable();
    kinds.dedup();
    Ok(hash([format!("{kinds:?}"), bucket(report.entries).to_string(), bucket(report.launchable.len()).to_string()]))
}

/// `eval`'s JSON lines.
pub fn jsonl(input: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(input);
    let (out, errors) = crate::jsonl::eval_lines(&text, None);
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if out.len() != lines {
        return Err(format!("{} output lines for {lines} input lines", out.len()));
    }
    let all_lines = text.lines().count();
    for (line, e) in &errors {
        if *line == 0 || *line > all_lines || e.message.is_empty() {
            return Err(format!("an error without a line or a message: {line} {e:?}"));
        }
    }
    for o in &out {
        serde_json::from_str::<serde_json::Value>(o).map_err(|e| format!("output is not JSON ({e}): {o}"))?;
    }
    let fields: Vec<String> = errors.iter().map(|(_, e)| format!("{:?}", e.at.field)).collect();
    Ok(hash([format!("{fields:?}"), bucket(out.len()).to_string()]))
}

/// `#[smem_check]`: the proc macro's parser and `cargo smem-lint`'s scan.
#[cfg(feature = "cargo")]
pub fn attribute(input: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(input);
    let mut signature = Vec::new();
    // The proc macro's path: the attribute's arguments on two items.
    if let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() {
        for item in ["pub struct K;", "struct K { tile: Tile<128, 128, 128>, a: Nvfp4, stages: Stages<3> }"] {
            let item: syn::DeriveInput = syn::parse_str(item).map_err(|e| e.to_string())?;
            match crate::rust_attr::check_item(tokens.clone(), &item) {
                Ok(c) => signature.push(format!("ok {}", c.entry.kernel_bytes > 0)),
                Err(issues) => {
                    if issues.is_empty() || issues.iter().any(|i| i.message.is_empty()) {
                        return Err("an error without a message".into());
                    }
                    signature.extend(issues.iter().map(|i| i.code().to_string()));
                }
            }
        }
    }
    // `cargo smem-lint`'s path: the text as a Rust file, and as the arguments of an attribute.
    let file = format!("use smem_lint_macros::smem_check;\n#[smem_check({text})]\npub struct K;\n");
    for source in [text.as_ref(), file.as_str()] {
        let scan = crate::workspace::rust_scan::scan(source);
        for f in &scan.findings {
            if f.message.is_empty() || f.at.end > source.len() {
                return Err(format!("a finding outside the file or without a message: {f:?}"));
            }
            signature.push(f.code().to_string());
        }
    }
    signature.sort();
    signature.dedup();
    Ok(hash(signature))
}

/// The TensorRT-LLM / FlashInfer instantiation importer.
pub fn import_trtllm(input: &[u8]) -> Outcome {
    use crate::model::{Arch, CutlassVersion};
    let text = String::from_utf8_lossy(input);
    let calls = crate::import::trtllm_moe(&text);
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for (line, r) in calls {
        if line == 0 {
            return Err("a call on line 0".into());
        }
        match r {
            Ok(m) => found.push(m),
            Err(e) if e.is_empty() => return Err("an error without a message".into()),
            Err(e) => errors.push(e.split('`').next().unwrap_or_default().to_string()),
        }
    }
    // What the importer writes is a configuration file that reads back without an error.
    let toml = crate::import::to_toml(&found, "fuzz", CutlassVersion::V4_5_0, &[Arch::Sm120, Arch::Sm121], None);
    let parsed = crate::config_file::parse(&toml);
    if let Some(e) = parsed.errors.first() {
        return Err(format!("the imported file does not read back: {} at {:?}\n{toml}", e.message, e.at));
    }
    // Calls the model cannot evaluate are written commented out, with their reasons.
    let targets = [Arch::Sm120, Arch::Sm121];
    let kernels = crate::import::unique(&found)
        .into_iter()
        .filter(|(_, m)| {
            crate::import::outcome(m, CutlassVersion::V4_5_0, &m.targets(&targets)) == crate::import::Outcome::Kernel
        })
        .count();
    if parsed.entries.len() != kernels {
        return Err(format!("{kernels} kernels written, {} read back", parsed.entries.len()));
    }
    errors.sort();
    errors.dedup();
    Ok(hash([format!("{errors:?}"), bucket(found.len()).to_string()]))
}

/// The input's bytes, read in order (zeros past its end).
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn take(&mut self, n: usize) -> u64 {
        let mut v = 0u64;
        for _ in 0..n {
            v = v << 8 | u64::from(self.data.get(self.at).copied().unwrap_or(0));
            self.at += 1;
        }
        v
    }

    fn pick(&mut self, len: usize) -> usize {
        (self.take(1) as usize) % len
    }
}

/// A configuration made of the input's bytes: every field from the model's own lists, extents
/// from small multiples to the absurd.
fn config_of(bytes: &[u8]) -> crate::model::KernelConfig {
    #[allow(clippy::wildcard_imports)]
    use crate::model::*;
    let mut b = Bytes { data: bytes, at: 0 };
    let extent = |v: u64| match v % 8 {
        0 => 0,
        1 => v * 7919,
        2 => 1 << (v % 64),
        _ => (v % 33) * 16,
    };
    let arch = Arch::ALL[b.pick(Arch::ALL.len())];
    let cutlass = CutlassVersion::ALL[b.pick(CutlassVersion::ALL.len())];
    let kind = KernelKind::ALL[b.pick(2)];
    let (a, bb) = (Operand::ALL[b.pick(Operand::ALL.len())], Operand::ALL[b.pick(Operand::ALL.len())]);
    let (c, d) = (Output::ALL[b.pick(Output::ALL.len())], Output::ALL[b.pick(Output::ALL.len())]);
    let tile = Tile { m: extent(b.take(1)), n: extent(b.take(1)), k: extent(b.take(1)) };
    let family = match b.pick(4) {
        0 => Family::F8f6f4,
        1 => Family::Blockwise(Granularity { m: extent(b.take(1)), n: extent(b.take(1)), k: extent(b.take(1)) }),
        _ => Family::BlockScaled,
    };
    let cluster = match b.pick(4) {
        0 => Cluster { m: b.take(1) % 5, n: b.take(1) % 3, k: 1 },
        _ => Cluster::ONE,
    };
    let schedule = Schedule::ALL[b.pick(Schedule::ALL.len())];
    let epilogue_schedule = EpilogueSchedule::ALL[b.pick(EpilogueSchedule::ALL.len())];
    let stages = match b.pick(6) {
        0 => StagePolicy::Auto,
        1 => StagePolicy::AutoNoCarveout,
        2 => StagePolicy::AutoCarveoutEpi,
        3 => StagePolicy::AutoCarveout(b.take(5)),
        _ => StagePolicy::Fixed(b.take(2) as u32 % 40),
    };
    let fusion = match b.pick(5) {
        0 => Fusion::LinearCombination,
        1 => Fusion::BlockScaleFactor,
        2 => Fusion::PerColBias(Output::ALL[b.pick(Output::ALL.len())]),
        _ => Fusion::Default,
    };
    let epilogue = match b.pick(5) {
        0 => Epilogue::Declared { smem_bytes: b.take(4) },
        1 => Epilogue::TrtllmMoe {
            fusion: if b.take(1).is_multiple_of(2) { MoeFusion::None } else { MoeFusion::Finalize },
            swap_ab: b.take(1).is_multiple_of(2),
        },
        _ => Epilogue::Builder,
    };
    KernelConfig {
        arch,
        cutlass,
        family,
        cluster,
        schedule,
        epilogue_schedule,
        stages,
        fusion,
        epilogue,
        ..KernelConfig::sm120(kind, a, bb, c, d, tile)
    }
}

/// The model, on a configuration made of the input's bytes, and every renderer of its answer.
pub fn model(input: &[u8]) -> Outcome {
    #[allow(clippy::wildcard_imports)]
    use crate::model::*;
    let cfg = config_of(input);
    let outcome = match evaluate(&cfg) {
        Ok(Evaluation::Compiled(f)) => {
            let sum: u64 = f.members.iter().map(|m| m.size).sum();
            if sum != f.kernel_bytes {
                return Err(format!("the breakdown adds up to {sum}, not {} bytes: {cfg:?}", f.kernel_bytes));
            }
            "compiled"
        }
        Ok(Evaluation::Rejected(_)) => "rejected",
        Err(e) if e.out_of_bounds => "out of bounds",
        Err(_) => "not modelled",
    };
    for arch in [cfg.arch, Arch::Sm120, Arch::Sm100] {
        if let Ok(a) = assess(&KernelConfig { arch, ..cfg }, arch) {
            let _ = crate::suggest::suggestions(&KernelConfig { arch, ..cfg }, &a);
        }
    }
    let _ = crate::explain::table(&cfg, &[cfg.arch]);
    let _ = crate::explain::to_json(&cfg, &[cfg.arch]);
    let _ = crate::verify::probe::translation_unit(&[(0, cfg)]);
    let entry = crate::emit::TableEntry {
        name: "k".into(),
        config: cfg,
        archs: vec![cfg.arch],
        kernel_bytes: 1,
        mainloop_bytes: 1,
        epilogue_bytes: 1,
        stages: 2,
    };
    for format in [
        crate::emit::Format::Json,
        crate::emit::Format::CppXmacro,
        crate::emit::Format::CppCutlass,
        crate::emit::Format::Cmake,
    ] {
        let _ = crate::emit::render(format, std::slice::from_ref(&entry), &[cfg.arch]);
    }
    Ok(hash([outcome, cfg.arch.name(), cfg.cutlass.name()]))
}

/// `import-cutlass`: kernel names, one a line, to TOML that must read back without errors.
pub fn import_cutlass(input: &[u8]) -> Outcome {
    use crate::model::CutlassVersion;
    let text = String::from_utf8_lossy(input);
    let (imported, bad) = crate::cutlass_library::import::import_names(&text, CutlassVersion::V4_7_0);
    if bad.iter().any(|b| b.line == 0 || b.message.is_empty()) {
        return Err("a bad line without a line number or a message".into());
    }
    let toml = crate::cutlass_library::import::to_toml(&imported, "fuzz", CutlassVersion::V4_7_0);
    let parsed = crate::config_file::parse(&toml);
    if let Some(e) = parsed.errors.first() {
        return Err(format!("the imported file does not read back: {} at {:?}", e.message, e.at));
    }
    let kernels =
        imported.iter().filter(|i| matches!(i, crate::cutlass_library::import::Imported::Kernel { .. })).count();
    if parsed.entries.len() != kernels {
        return Err(format!("{kernels} kernels written, {} read back", parsed.entries.len()));
    }
    Ok(hash([bucket(kernels), bucket(imported.len() - kernels), bucket(bad.len())]))
}

/// `--cutlass-include`'s reading of `cutlass/version.h`: the release defines as the preprocessor
/// reads them, or a refusal with a message, never a panic.
pub fn version_header(input: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(input);
    match crate::model::CutlassVersion::stated_in_header(&text) {
        Ok(stated) if stated.split('.').count() != 3 => Err(format!("a release of {stated}")),
        Ok(_) => {
            let known = crate::model::CutlassVersion::from_version_header(&text, None).is_ok();
            Ok(hash(["stated", if known { "known" } else { "unknown" }]))
        }
        Err(e) if e.is_empty() => Err("a refusal without a message".into()),
        Err(e) => Ok(hash([e.split(' ').take(4).collect::<Vec<_>>().join(" ")])),
    }
}
