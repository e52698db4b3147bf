//! `smem-lint import-cutlass`: CUTLASS library kernel names, one per line (as `cutlass_library`'s
//! manifest lists them with `--selected-kernel-list`, or as `cutlass_profiler` prints them), to a TOML
//! configuration file: one `[[kernel]]` named after each kernel, and every name the configuration
//! cannot express commented out with the reasons.

use std::fmt::Write as _;

use super::{readings, translate, ProceduralName};
use crate::model::{evaluate_with, CutlassVersion, Detail, Family, KernelConfig, KernelKind};

/// What one name became.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Imported {
    /// A kernel the model can be asked about. `note`: how a name with several readings was settled.
    Kernel { name: String, config: Box<KernelConfig>, note: Option<String> },
    /// A kernel name the configuration cannot express, with every reason.
    NotModelled { name: String, reasons: Vec<String> },
}

impl Imported {
    pub fn name(&self) -> &str {
        match self {
            Imported::Kernel { name, .. } | Imported::NotModelled { name, .. } => name,
        }
    }
}

/// A line that is no kernel name at all (an input error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// 1-based.
    pub line: usize,
    pub message: String,
}

/// Read one name.
pub fn import_name(name: &str, cutlass: CutlassVersion) -> Imported {
    let not_modelled = |reasons: Vec<String>| Imported::NotModelled { name: name.to_string(), reasons };
    let parsed = match ProceduralName::parse(name) {
        Ok(p) if p.to_string() == name => p,
        Ok(p) => return not_modelled(vec![format!("not read: the name reads back as `{p}`")]),
        Err(e) => return not_modelled(vec![format!("not read: {e}")]),
    };
    let ops = readings(&parsed);
    if ops.is_empty() {
        return not_modelled(vec![format!(
            "the schedule suffixes `{}{}` name no kernel and epilogue schedule cutlass_library pairs with an SM{} {} kernel",
            parsed.kernel_suffix,
            parsed.epilogue_suffix,
            parsed.arch,
            parsed.opcode_name()
        )]);
    }
    let translated: Vec<_> = ops.iter().map(|op| (op, translate(op, cutlass))).collect();
    if translated.iter().all(|(_, r)| r.is_err()) {
        let mut reasons: Vec<String> = Vec::new();
        for r in translated.iter().filter_map(|(_, r)| r.as_ref().err()).flatten() {
            if !reasons.contains(r) {
                reasons.push(r.clone());
            }
        }
        return not_modelled(reasons);
    }
    let readings_text = || {
        translated
            .iter()
            .map(|(op, _)| format!("{} with {}", op.kernel_schedule, op.epilogue_schedule))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    if translated.iter().any(|(_, r)| r.is_err()) {
        return not_modelled(vec![format!(
            "the name stands for {} and the model can express only some of them",
            readings_text()
        )]);
    }
    let configs: Vec<KernelConfig> = translated.iter().filter_map(|(_, r)| r.as_ref().ok().copied()).collect();
    let first = configs[0];
    // A value that is no configuration at all (tile 0x0x0 or 4096, 99999 stages) would make the
    // written file an input error for `check`: it is commented out with the model's words, as
    // `import-trtllm` and `check_operation` refuse it.
    for c in &configs {
        if let Err(e) = evaluate_with(c, Detail::Sizes) {
            if e.out_of_bounds {
                return not_modelled(vec![format!("not a configuration: {}", e.message)]);
            }
        }
    }
    if configs.iter().all(|c| *c == first) {
        return Imported::Kernel { name: name.to_string(), config: Box::new(first), note: None };
    }
    let answer = |c: &KernelConfig| evaluate_with(c, Detail::Sizes).map_err(|e| e.to_string());
    let first_answer = answer(&first);
    if configs.iter().all(|c| answer(c) == first_answer) {
        return Imported::Kernel {
            name: name.to_string(),
            config: Box::new(first),
            note: Some(format!("the name stands for {}; the model answers the same for each", readings_text())),
        };
    }
    not_modelled(vec![format!("the name stands for {}, which the model tells apart", readings_text())])
}

/// Every name of `text` (blank lines and `#` comments skipped), each imported, or the lines that
/// are not kernel names.
pub fn import_names(text: &str, cutlass: CutlassVersion) -> (Vec<Imported>, Vec<BadLine>) {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let name = line.trim();
        if name.is_empty() || name.starts_with('#') {
            continue;
        }
        if !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            || name.starts_with(|c: char| c.is_ascii_digit())
        {
            bad.push(BadLine {
                line: i + 1,
                message: format!(
                    "`{}` is not a kernel name (one C identifier per line, like `cutlass3x_sm120_bstensorop_gemm_...`)",
                    name.chars().take(80).collect::<String>()
                ),
            });
            continue;
        }
        if let Some(first) = seen.get(name) {
            // A name written twice is an input error, as in every front end (`smem::duplicate-name`).
            bad.push(BadLine {
                line: i + 1,
                message: format!("`{name}` is listed twice (first on line {first}): list each kernel once"),
            });
        } else {
            seen.insert(name.to_string(), i + 1);
            out.push(import_name(name, cutlass));
        }
    }
    (out, bad)
}

/// The TOML keys of a configuration that differ from the format's defaults.
fn config_lines(c: &KernelConfig) -> String {
    let mut s = String::new();
    let archs: Vec<String> = super::targets(c.arch).iter().map(|a| format!("\"{a}\"")).collect();
    let _ = writeln!(s, "arch = [{}]", archs.join(", "));
    match c.family {
        Family::BlockScaled => {}
        Family::Blockwise(g) => {
            let _ = writeln!(s, "family = \"blockwise\"\ngranularity = [{}, {}, {}]", g.m, g.n, g.k);
        }
        f @ (Family::F8f6f4 | Family::Dsl(_)) => {
            let _ = writeln!(s, "family = \"{}\"", f.name());
        }
    }
    if c.kind != KernelKind::Dense {
        let _ = writeln!(s, "kernel = \"{}\"", c.kind.name());
    }
    let _ = writeln!(s, "a = \"{}\"\nb = \"{}\"\nc = \"{}\"\nd = \"{}\"", c.a, c.b, c.c, c.d);
    crate::keys::write_toml_keys(&mut s, c);
    s
}

/// The TOML configuration file of imported names, with a header naming the source.
pub fn to_toml(imported: &[Imported], source_note: &str, cutlass: CutlassVersion) -> String {
    let source_note = source_note.replace(['\n', '\r'], " ");
    let mut s = format!(
        "# {source_note}\n# Imported by smem-lint {} import-cutlass: one [[kernel]] per CUTLASS library kernel name, named\n# after it (cutlass_library's procedural name); names the configuration cannot express are\n# commented out with the reasons. Stage count 0 in a name is StageCountAutoCarveout<sizeof(Epilogue::SharedStorage)>.\n\n[defaults]\ncutlass = \"{cutlass}\"\n",
        env!("CARGO_PKG_VERSION"),
    );
    for i in imported {
        match i {
            Imported::Kernel { name, config, note } => {
                s.push_str("\n[[kernel]]\n");
                if let Some(n) = note {
                    let _ = writeln!(s, "# {n}");
                }
                let _ = writeln!(s, "name = \"{name}\"");
                s.push_str(&config_lines(config));
            }
            Imported::NotModelled { name, reasons } => {
                s.push_str("\n# [[kernel]]\n");
                for r in reasons {
                    let _ = writeln!(s, "# not modelled: {}", r.replace(['\n', '\r'], " "));
                }
                let _ = writeln!(s, "# name = \"{name}\"");
            }
        }
    }
    s
}

/// `36 x gemm kind SparseUniversal3x ...`: how often each reason was given, most frequent first.
pub fn reason_counts(imported: &[Imported]) -> Vec<(usize, String)> {
    let mut counts: Vec<(usize, String)> = Vec::new();
    for r in imported.iter().filter_map(|i| match i {
        Imported::NotModelled { reasons, .. } => Some(reasons),
        Imported::Kernel { .. } => None,
    }) {
        for reason in r {
            match counts.iter_mut().find(|(_, t)| t == reason) {
                Some((n, _)) => *n += 1,
                None => counts.push((1, reason.clone())),
            }
        }
    }
    counts.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    counts
}
