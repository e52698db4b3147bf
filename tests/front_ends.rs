//! One kernel, every front end, one answer (issue 26): the same configuration written as a JSON line
//! (`eval`), a TOML table (`check`) and `#[smem_check]` arguments (the proc macro and
//! `cargo smem-lint`) gets the same verdict, code, message and nearest fits.
//!
//! The configurations are the measured rows of `tests/data` (every 25th of each file) and the
//! fixtures of the `check` tests; the input errors are one bad value per key.

use serde_json::{Map, Value};
use smem_lint::check::{check_source, Options};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// What one front end answered.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// Launches, with its kernel bytes.
    Launchable(u64),
    /// Findings: (code, message, nearest fits described), in order.
    Findings(Vec<(String, String, Vec<String>)>),
    /// Input errors: their codes.
    InputErrors(Vec<String>),
}

/// A JSON value as TOML.
fn toml_value(v: &Value) -> String {
    match v {
        Value::String(s) => serde_json::to_string(s).unwrap(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Array(a) => format!("[{}]", a.iter().map(toml_value).collect::<Vec<_>>().join(", ")),
        Value::Object(o) => {
            format!(
                "{{ {} }}",
                o.iter().map(|(k, v)| format!("{k} = {}", toml_value(v))).collect::<Vec<_>>().join(", ")
            )
        }
        Value::Null => "\"\"".into(),
    }
}

/// A JSON value as an attribute argument; `None` where the attribute has no spelling (a table).
fn attr_value(v: &Value) -> Option<String> {
    Some(match v {
        Value::String(s) => serde_json::to_string(s).unwrap(),
        Value::Number(n) => n.to_string(),
        Value::Array(a) => format!("[{}]", a.iter().map(attr_value).collect::<Option<Vec<_>>>()?.join(", ")),
        _ => return None,
    })
}

/// The configuration keys of a row (its id and measured result dropped).
fn keys(row: &Map<String, Value>) -> Vec<(&String, &Value)> {
    row.iter().filter(|(k, _)| !matches!(k.as_str(), "id" | "result")).collect()
}

fn json_answer(row: &Map<String, Value>) -> Answer {
    let line =
        serde_json::to_string(&keys(row).into_iter().map(|(k, v)| (k.clone(), v.clone())).collect::<Map<_, _>>())
            .unwrap();
    let (out, _, err) = smem_lint::jsonl::eval_line(1, &line, None);
    if let Some(e) = err {
        if e.rule.is_input_error() {
            return Answer::InputErrors(vec![e.rule.code().to_string()]);
        }
        return Answer::Findings(vec![(e.rule.code().to_string(), String::new(), Vec::new())]);
    }
    let v: Value = serde_json::from_str(&out).unwrap();
    if v["launchable"] == true {
        assert!(v.get("code").is_none(), "a launchable line carries no code: {v}");
        Answer::Launchable(v["kernel_bytes"].as_u64().unwrap())
    } else {
        // eval gives the measured data's fields and the finding's code, not its prose.
        let code = v["code"].as_str().unwrap_or_else(|| panic!("a line that does not launch has a code: {v}"));
        Answer::Findings(vec![(code.to_string(), String::new(), Vec::new())])
    }
}

fn toml_answer(row: &Map<String, Value>) -> Answer {
    let mut text = String::from("[[kernel]]\nname = \"K\"\n");
    for (k, v) in keys(row) {
        let _ = writeln!(text, "{k} = {}", toml_value(v));
    }
    let r = check_source(Path::new("k.toml"), text, &Options::default());
    if !r.input_errors.is_empty() {
        return Answer::InputErrors(r.input_errors.iter().map(|e| e.kind.code().to_string()).collect());
    }
    if let [l] = r.launchable.as_slice() {
        return Answer::Launchable(l.sizes.kernel_bytes);
    }
    Answer::Findings(
        r.findings
            .iter()
            .map(|f| {
                let advice = smem_lint::checker::advise(&f.problem, &f.config, &f.archs, &mut smem_lint::model::Fresh);
                let fits = advice.suggestions.iter().map(smem_lint::suggest::Suggestion::describe).collect();
                assert_eq!(
                    f.suggestions().iter().map(smem_lint::suggest::Suggestion::describe).collect::<Vec<_>>(),
                    fits,
                    "the JSON report's suggestions are the advice's"
                );
                (f.problem.code().to_string(), smem_lint::check::Problem::message(&f.problem, "K", &f.archs), fits)
            })
            .collect(),
    )
}

/// `None` when the row cannot be written as attribute arguments (a fusion tree, a declared epilogue).
fn attr_answer(row: &Map<String, Value>) -> Option<Answer> {
    let arch = row.get("arch")?.as_str()?;
    let mut args = vec![arch.to_string()];
    for (k, v) in keys(row) {
        if k != "arch" {
            args.push(format!("{k} = {}", attr_value(v)?));
        }
    }
    let attr: proc_macro2::TokenStream = args.join(", ").parse().ok()?;
    let item: syn::DeriveInput = syn::parse_str("pub struct K;").unwrap();
    Some(match smem_lint::rust_attr::check_item(attr, &item) {
        Ok(c) => Answer::Launchable(c.entry.kernel_bytes),
        Err(issues) if issues.iter().any(smem_lint::rust_attr::Issue::is_input_error) => {
            Answer::InputErrors(issues.iter().map(|i| i.code.to_string()).collect())
        }
        Err(issues) => Answer::Findings(
            issues
                .iter()
                .map(|i| {
                    let fits = i.advice.as_ref().map_or_else(Vec::new, |a| {
                        a.suggestions.iter().map(smem_lint::suggest::Suggestion::describe).collect()
                    });
                    (i.code.to_string(), i.message.clone(), fits)
                })
                .collect(),
        ),
    })
}

/// Every 25th measured row (and every fixture row), through every front end.
fn rows() -> Vec<(String, Map<String, Value>)> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate().filter(|(i, l)| i % 25 == 0 && !l.trim().is_empty()) {
            if let Ok(Value::Object(row)) = serde_json::from_str::<Value>(line) {
                out.push((format!("{}:{}", f.file_name().unwrap().to_string_lossy(), i + 1), row));
            }
        }
    }
    out
}

#[test]
fn every_front_end_gives_the_same_answer() {
    let rows = rows();
    assert!(rows.len() > 200, "{} rows", rows.len());
    let (mut compared, mut with_attr, mut findings) = (0, 0, 0);
    for (at, row) in &rows {
        let json = json_answer(row);
        let toml = toml_answer(row);
        // eval answers in the measured data's words plus the finding's code.
        match (&json, &toml) {
            (Answer::Launchable(a), Answer::Launchable(b)) => assert_eq!(a, b, "{at}"),
            (Answer::Findings(a), Answer::Findings(f)) => {
                let codes = |x: &[(String, String, Vec<String>)]| x.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
                assert_eq!(codes(a), codes(f), "{at}: eval's code is check's");
                findings += 1;
            }
            (Answer::InputErrors(a), Answer::InputErrors(b)) => assert_eq!(a, b, "{at}"),
            _ => panic!("{at}: eval says {json:?}, check says {toml:?}"),
        }
        if let Some(attr) = attr_answer(row) {
            assert_eq!(attr, toml, "{at}: the attribute and the TOML file disagree");
            with_attr += 1;
        }
        compared += 1;
    }
    assert!(
        findings > 20 && with_attr * 10 > compared * 8,
        "{compared} rows, {with_attr} as attributes, {findings} findings"
    );
}

/// One bad value per key: the same rule in every front end.
#[test]
fn every_front_end_gives_the_same_input_error() {
    let base: Map<String, Value> = serde_json::from_str(
        r#"{"arch": "sm120", "cutlass": "4.5.0", "kernel": "grouped", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16", "tile": [128, 128, 128], "stages": 2}"#,
    )
    .unwrap();
    let cases: &[(&str, Value, &str)] = &[
        ("a", Value::from("nvfp9"), "smem::unknown-value"),
        ("d", Value::from("bf17"), "smem::unknown-value"),
        ("cutlass", Value::from("9.9.9"), "smem::unknown-value"),
        ("kernel", Value::from("structured"), "smem::unknown-value"),
        ("kernel", Value::from(5), "smem::wrong-type"),
        ("epilogue", Value::from("nope"), "smem::unknown-value"),
        ("family", Value::from("blockwise"), "smem::missing-key"),
        ("granularity", serde_json::json!([1, 128, 128]), "smem::invalid-value"),
        ("family", Value::from("sparse"), "smem::unknown-value"),
        ("schedule", Value::from("fast"), "smem::unknown-value"),
        ("layout_d", Value::from("diagonal"), "smem::unknown-value"),
    ];
    for (key, value, code) in cases {
        let mut row = base.clone();
        row.insert((*key).to_string(), value.clone());
        let expected = Answer::InputErrors(vec![(*code).to_string()]);
        assert_eq!(json_answer(&row), expected, "eval, {key} = {value}");
        assert_eq!(toml_answer(&row), expected, "check, {key} = {value}");
        assert_eq!(attr_answer(&row).unwrap(), expected, "#[smem_check], {key} = {value}");
    }
}
