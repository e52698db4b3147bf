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
    // A kernel without a `@cute.struct` (W4A4's allocate_tensor sequences, W4A16's `smem=` launches)
    // is measured with a null struct, and a null tile, stage count or launch size where it has none:
    // the model names the storage "... (no struct)" and reports 0 for what does not exist.
    let no_struct = want["compiles"] == Value::Bool(true) && want.get("struct") == Some(&Value::Null);
    let want = if no_struct {
        if !got["storage"].as_str().is_some_and(|s| s.ends_with("(no struct)")) {
            return Some(format!("storage: model {} measured no struct", got["storage"]));
        }
        let mut w = want.clone();
        w["struct"] = got["storage"].clone();
        for (k, zero) in [("tile", serde_json::json!([0, 0])), ("stages", serde_json::json!(0))] {
            if w[k].is_null() {
                w[k] = zero;
            }
        }
        if let Some(members) = w["members"].as_array_mut() {
            for m in members {
                if m["bytes"].is_null() {
                    m["bytes"] = serde_json::json!(0);
                }
            }
        }
        w
    } else {
        want
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
        ("sf_stages", "sf_stages"),
        ("sfa_stages", "sfa_stages"),
        ("sfb_stages", "sfb_stages"),
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

/// The SM12x FP8, MXFP8 x MXFP4, W4A4 and W4A16 MoE kernels (flashinfer 0.7.1 on): every release that
/// ships them, under DSL 4.8.1, and 0.7.1 and 0.7.2 under 4.7.1 (W4A4: 0.7.4 in full, a 0.7.1 sample).
#[test]
fn b12x_moe_variants_agree_with_the_dsl_on_every_release() {
    use smem_lint::model::dsl::FlashinferVersion as V;
    let shipping = [V::V0_7_1, V::V0_7_2, V::V0_7_2Post1, V::V0_7_4];
    let mut total = 0;
    for (family, rows) in [
        ("b12x-moe-fp8-gemm", 9_870),
        ("b12x-moe-fp8-fc1", 7_026),
        ("b12x-moe-fp8-fc1-q1", 7_032),
        ("b12x-moe-fp8-fc2", 7_086),
        ("b12x-moe-mxfp8-mxfp4-gemm", 9_936),
        ("b12x-moe-mxfp8-mxfp4-fc1", 7_032),
        ("b12x-moe-mxfp8-mxfp4-fc1-q1", 7_068),
        ("b12x-moe-mxfp8-mxfp4-fc2", 7_068),
        ("b12x-moe-w4a4-prep", 592),
        ("b12x-moe-w4a4-gemm1", 592),
        ("b12x-moe-w4a4-gemm2", 592),
        ("b12x-moe-w4a16", 5_765),
    ] {
        // `b12x-moe-fp8-fc1-` also starts `b12x-moe-fp8-fc1-q1-`: a file is the family's when the
        // release follows the prefix.
        let files: Vec<String> = common::gz_files("dsl", &format!("{family}-"))
            .into_iter()
            .filter(|f| f.rsplit('/').next().unwrap_or(f)[family.len() + 1..].starts_with("0."))
            .collect();
        let w4a4 = family.starts_with("b12x-moe-w4a4-");
        for v in shipping {
            let measured = files.iter().any(|f| f.ends_with(&format!("{family}-{v}-dsl4.8.1.jsonl.gz")));
            // W4A4: one file in all four releases, measured in full on 0.7.4 (and sampled on 0.7.1).
            assert!(measured || (w4a4 && v != V::V0_7_4), "no {family} measurement of {v}");
        }
        let n = agree(&files);
        assert_eq!(n, rows, "{family}: {files:?}");
        // A refusal is raised by the function and with the exception type the DSL run recorded.
        for row in files.iter().flat_map(|f| common::gz_rows(f)) {
            let Some(exception) = row["result"]["exception"].as_str() else { continue };
            let mut line = row.clone();
            line.as_object_mut().map(|o| o.remove("result"));
            let (id, cfg) = parse_config(&line.to_string(), None).expect("parses");
            let got = result_json(id.as_deref(), &cfg).expect("evaluates");
            let by = got["raised_by"].as_str().unwrap_or_default();
            assert!(by.ends_with(&format!(": {exception}")), "{family}: raised_by {by:?}, measured {exception}");
        }
        total += n;
    }
    // 72,689 measured, less the 3,030 with an `epi` override other than the host's default (no key).
    assert_eq!(total, 69_659);
}
