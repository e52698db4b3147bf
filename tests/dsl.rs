//! The CuTe DSL models against the structs the DSL itself lays out (tests/data/dsl: each kernel's
//! own Python traced on a CPU with nvidia-cutlass-dsl and the kernel package's wheel, every release
//! that ships it; docs/dsl.md has the method and the counts).
//!
//! Every row goes through `eval`'s reader and result, as a user's line does, and must agree exactly:
//! whether the kernel builds; its struct size, A/B stage count, tile, kernel class and struct name;
//! every member's name, offset and bytes; the kernel's own estimate; or, for a refusal, the text
//! the kernel or its dispatch raised.

mod common;

use serde_json::Value;
use smem_lint::jsonl::{parse_config, result_json};

/// A measured row against the model's `eval` result: `None` when they agree, else the difference.
fn differs(row: &Value) -> Option<String> {
    let mut line = row.clone();
    let want = line.as_object_mut().and_then(|o| o.remove("result")).unwrap_or(Value::Null);
    let (id, cfg) = match parse_config(&line.to_string(), None) {
        // A release that ships no such kernel is no release of the key: an input error naming why.
        Err(e) if want["where"] == "wheel" && e.message.starts_with("invalid FlashInfer release") => return None,
        Err(e) => return Some(format!("does not parse: {}", e.message)),
        Ok(x) => x,
    };
    // What no release's API can be asked (a path a release does not ship, two formats for one flag):
    // the model refuses it as outside what it covers, naming why, and says no size.
    let inexpressible = matches!(want["where"].as_str(), Some("wheel" | "mm_fp4 signature"));
    let got = match result_json(id.as_deref(), &cfg) {
        Ok(g) if inexpressible => return Some(format!("answered what the API cannot be asked: {g}")),
        Ok(g) => g,
        Err(e) if inexpressible && e.rule == smem_lint::rules::Rule::NotModelled => return None,
        Err(e) => return Some(format!("not evaluated: {}", e.message)),
    };
    let field = |k: &str| (got.get(k).cloned().unwrap_or(Value::Null), want.get(k).cloned().unwrap_or(Value::Null));
    if got["compiles"] != want["compiles"] {
        return Some(format!("compiles: model {} measured {}; model {got}", got["compiles"], want["compiles"]));
    }
    if want["compiles"] == Value::Bool(false) {
        let measured = want["error"].as_str().unwrap_or_default();
        let model = got["error"].as_str().unwrap_or_default();
        if !model.starts_with(measured) || measured.is_empty() {
            return Some(format!("refusal: model {model:?} measured {measured:?}"));
        }
        // Rows that name the exception and the raising function (`file.py:function`): the model's
        // `raised_by` ends with `function: Exception`.
        if let (Some(exception), Some(place)) = (want["exception"].as_str(), want["where"].as_str()) {
            let function = place.rsplit_once(':').map_or(place, |(_, f)| f);
            let by = got["raised_by"].as_str().unwrap_or_default();
            if !by.ends_with(&format!("{function}: {exception}")) {
                return Some(format!("raised_by: model {by:?} measured {function}: {exception}"));
            }
        }
        return None;
    }
    for (model_key, measured_key) in [
        ("kernel_bytes", "kernel_bytes"),
        ("stages", "stages"),
        ("tile", "tile"),
        ("kernel", "kernel_class"),
        ("storage", "struct"),
        ("members", "members"),
        ("epi_stage", "epi_stage"),
        ("ab_storage_stage", "ab_storage_stage"),
        ("phase2_stage", "phase2_stage"),
    ] {
        let (g, _) = field(model_key);
        let w = want.get(measured_key).cloned().unwrap_or(Value::Null);
        if g != w {
            return Some(format!("{model_key}: model {g} measured {w}"));
        }
    }
    let own = got["own_estimate"].get("bytes").cloned().unwrap_or(Value::Null);
    (own != want["own_estimate"]).then(|| format!("own_estimate: model {own} measured {}", want["own_estimate"]))
}

/// Every row of `files`: the count that agree, panicking with the first differences.
fn agree(files: &[String]) -> usize {
    let mut n = 0;
    let mut bad = Vec::new();
    for f in files {
        for row in common::gz_rows(f) {
            n += 1;
            if let Some(d) = differs(&row) {
                bad.push(format!("{f}: {d}\n  {row}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {n} rows differ:\n{}",
        bad.len(),
        bad.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
    n
}

#[test]
fn b12x_dense_agrees_with_the_dsl_on_every_release() {
    let files = common::gz_files("dsl", "b12x-dense-");
    // Every release that ships the kernel is measured, under DSL 4.8.1 and the others measured.
    for v in smem_lint::model::dsl::FlashinferVersion::ALL {
        assert!(files.iter().any(|f| f.contains(&format!("-{v}-dsl"))), "no b12x-dense measurement of {v}");
    }
    let n = agree(&files);
    assert!(n >= 10_000, "{n} rows");
}

#[test]
fn b12x_moe_static_agrees_with_the_dsl_on_every_release() {
    let files = common::gz_files("dsl", "b12x-moe-static-");
    // Every release that ships the kernel (0.6.9 on) is measured under DSL 4.8.1; 0.6.14, 0.6.17
    // under 4.5.0 and 0.7.0, 0.7.2 under 4.7.1 as well.
    for v in smem_lint::model::dsl::FlashinferVersion::ALL {
        assert!(
            files.iter().any(|f| f.ends_with(&format!("-{v}-dsl4.8.1.jsonl.gz"))),
            "no b12x-moe-static measurement of {v}"
        );
    }
    assert_eq!(files.len(), 30, "{files:?}");
    assert_eq!(agree(&files), 16_590);
}

#[test]
fn b12x_moe_dynamic_agrees_with_the_dsl_on_every_release() {
    let files = common::gz_files("dsl", "b12x-moe-dynamic-");
    // Every release that ships the kernel (0.6.9 on) under DSL 4.8.1, and 0.6.14, 0.6.17 under 4.5.0
    // and 4.7.1, 0.7.2 under 4.7.1.
    for v in smem_lint::model::dsl::FlashinferVersion::ALL {
        assert!(
            files.iter().any(|f| f.ends_with(&format!("-{v}-dsl4.8.1.jsonl.gz"))),
            "no b12x-moe-dynamic measurement of {v}"
        );
    }
    assert_eq!(files.len(), 31, "{files:?}");
    // 14,146 probed, less the 1,380 with a scalar FC1 input scale (`share_input`, no key here).
    assert_eq!(agree(&files), 12_766);
}
