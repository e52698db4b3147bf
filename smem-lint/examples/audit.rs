//! The domain audit's sampler (docs/audit.md): seeded uniform configurations over a family's whole
//! documented domain, written as JSON lines for `smem-lint verify` to measure.
//!
//! ```sh
//! cargo run -p smem-lint --example audit -- FAMILY SEED N            # N lines on standard output
//! cargo run -p smem-lint --example audit -- FAMILY SEED N --split DIR # DIR/FAMILY-sSEED-RELEASE.jsonl, one per release
//! ```
//!
//! FAMILY is one of `sm80`, `sm90`, `sm100`. `verify` takes one release's headers a run, hence
//! `--split`; `tests/agreement.rs` regenerates the sample of each committed seed and holds the model
//! to its measured rows.

#[path = "../../tests/audit_domain.rs"]
mod audit_domain;

use std::collections::BTreeMap;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: audit FAMILY SEED N [--split DIR] (FAMILY: sm80, sm90, sm100)";
    let [family, seed, n, rest @ ..] = &args[..] else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    if !audit_domain::FAMILIES.contains(&family.as_str()) {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let (Ok(seed), Ok(n)) = (seed.parse::<u64>(), n.parse::<usize>()) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let lines = audit_domain::sample(family, seed, n);
    match rest {
        [] => {
            let mut out = std::io::stdout().lock();
            for l in &lines {
                writeln!(out, "{}", l.json()).expect("standard output");
            }
        }
        [flag, dir] if flag == "--split" => {
            let mut by_release: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for l in &lines {
                let release =
                    l.fields.iter().find(|(k, _)| *k == "cutlass").map(|(_, v)| v.trim_matches('"').to_string());
                by_release.entry(release.expect("every line names its release")).or_default().push(l.json());
            }
            std::fs::create_dir_all(dir).expect("the output directory");
            for (release, lines) in by_release {
                let path = std::path::Path::new(dir).join(format!("{family}-s{seed}-{release}.jsonl"));
                std::fs::write(&path, lines.join("\n") + "\n").expect("a sample file");
            }
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}
