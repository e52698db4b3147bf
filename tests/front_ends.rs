//! One kernel, every front end, one answer (issue 26): the same configuration written as a JSON line
//! (`eval`), a TOML table (`check`) and `#[smem_check]` arguments (the proc macro and
//! `cargo smem-lint`) gets the same verdict, code, message and nearest fits.
//!
//! The configurations are the measured rows of `tests/data` (every 25th of each file) and the
//! fixtures of the `check` tests; the input errors are one bad value per key, and the problems of a
//! key itself (unknown, another front end's, missing, given twice, of the wrong type), each worded
//! once for every front end.

use serde_json::{Map, Value};
use smem_lint::check::{check_source, Options};
use smem_lint::keys::Front;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// What one front end answered.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// Launches, with its kernel bytes.
    Launchable(u64),
    /// Findings: (code, message, nearest fits described), in order.
    Findings(Vec<(String, String, Vec<String>)>),
    /// Input errors: (code, message, help), in order.
    InputErrors(Vec<InputError>),
}

/// An input error as the user reads it: its code, message and help.
type InputError = (String, String, Option<String>);

/// Findings and input errors of `check --format json`'s document (a TOML file's, or a Rust file's
/// as `cargo smem-lint` reports it), in the words the user reads.
fn json_report_answer(doc: &Value) -> Option<Answer> {
    let items = doc["findings"].as_array().unwrap();
    if items.is_empty() {
        return None;
    }
    let code = |f: &Value| f["code"].as_str().unwrap().to_string();
    let input: Vec<InputError> = items
        .iter()
        // An input error has no nearest fits (it may name its kernel: the struct of an attribute).
        .filter(|f| f.get("suggestions").is_none())
        .map(|f| (code(f), f["message"].as_str().unwrap().to_string(), f["help"].as_str().map(str::to_string)))
        .collect();
    if !input.is_empty() {
        return Some(Answer::InputErrors(input));
    }
    Some(Answer::Findings(
        items
            .iter()
            .map(|f| {
                let fits = f["suggestions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string());
                (code(f), f["message"].as_str().unwrap().to_string(), fits.collect())
            })
            .collect(),
    ))
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
        Value::Bool(b) => b.to_string(),
        Value::Array(a) => format!("[{}]", a.iter().map(attr_value).collect::<Option<Vec<_>>>()?.join(", ")),
        _ => return None,
    })
}

/// A kernel's keys and values, in order (a key may be given twice).
type Pairs<'a> = Vec<(&'a str, &'a Value)>;

/// The configuration keys of a row (its id and measured result dropped).
fn keys(row: &Map<String, Value>) -> Pairs<'_> {
    row.iter().filter(|(k, _)| !matches!(k.as_str(), "id" | "result")).map(|(k, v)| (k.as_str(), v)).collect()
}

/// The JSON line of `pairs`, its id `K` first (the id names the kernel in its messages, as the TOML
/// entry and the struct do).
fn json_line(pairs: &[(&str, &Value)]) -> String {
    let mut line = String::from("{\"id\":\"K\"");
    for (k, v) in pairs {
        let _ = write!(line, ",{}:{v}", Value::from(*k));
    }
    line.push('}');
    line
}

fn json_answer(row: &Map<String, Value>) -> Answer {
    json_text_answer(&json_line(&keys(row)))
}

fn json_text_answer(line: &str) -> Answer {
    let (out, _, err) = smem_lint::jsonl::eval_line(1, line, None);
    let v: Value = serde_json::from_str(&out).unwrap();
    if let Some(e) = err {
        if e.is_input_error() {
            assert!(v.get("message").is_none(), "an input error's line is no finding: {v}");
            // The line says the error and its help, as `e` has them.
            let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
            assert_eq!(text("error").as_deref(), Some(e.message.as_str()), "{v}");
            assert_eq!(text("help"), e.help(), "{v}");
            return Answer::InputErrors(vec![(text("code").unwrap(), text("error").unwrap(), text("help"))]);
        }
    }
    if v["launchable"] == true {
        assert!(v.get("code").is_none() && v.get("message").is_none(), "a launchable line carries no finding: {v}");
        return Answer::Launchable(v["kernel_bytes"].as_u64().unwrap());
    }
    // A line that does not launch (or is not modelled) carries check's code, message and fits.
    let text =
        |k: &str| v[k].as_str().unwrap_or_else(|| panic!("a line that does not launch has `{k}`: {v}")).to_string();
    let fits = v["suggestions"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    Answer::Findings(vec![(text("code"), text("message"), fits)])
}

/// The `[[kernel]]` table of `pairs`, named `K`.
fn toml_text(pairs: &[(&str, &Value)]) -> String {
    let mut text = String::from("[[kernel]]\nname = \"K\"\n");
    for (k, v) in pairs {
        let _ = writeln!(text, "{k} = {}", toml_value(v));
    }
    text
}

fn toml_answer(row: &Map<String, Value>) -> Answer {
    toml_text_answer(toml_text(&keys(row))).0
}

/// The answer to a TOML file, and the text where each input error points.
fn toml_text_answer(text: String) -> (Answer, Vec<String>) {
    let r = check_source(Path::new("k.toml"), text, &Options::default());
    let at = r.input_errors.iter().map(|e| r.source[e.at.start..].to_string()).collect();
    let doc = smem_lint::diagnostics::to_json(std::slice::from_ref(&r));
    let from_json = json_report_answer(&doc);
    let answer = if !r.input_errors.is_empty() {
        Answer::InputErrors(
            r.input_errors.iter().map(|e| (e.code().to_string(), e.message.clone(), e.help())).collect(),
        )
    } else if let [l] = r.launchable.as_slice() {
        Answer::Launchable(l.sizes.kernel_bytes)
    } else {
        Answer::Findings(
            r.findings
                .iter()
                .map(|f| {
                    // The advice every renderer shows (human help, SARIF text) has the JSON's fits.
                    let advised = f.advised(&mut smem_lint::model::Fresh);
                    (f.code().to_string(), f.message.clone(), advised.suggestion_texts())
                })
                .collect(),
        )
    };
    if !matches!(answer, Answer::Launchable(_)) {
        assert_eq!(from_json.as_ref(), Some(&answer), "check --format json says what check found");
    }
    (answer, at)
}

/// The attribute's arguments for a row; `None` when the row cannot be written as attribute arguments
/// (a fusion tree, a declared epilogue).
fn attr_args(row: &Map<String, Value>) -> Option<String> {
    attr_args_of(&keys(row))
}

/// The attribute's arguments for `pairs`: the architecture (a string) first, alone.
fn attr_args_of(pairs: &[(&str, &Value)]) -> Option<String> {
    let mut args: Vec<String> = pairs
        .iter()
        .filter(|(k, _)| *k == "arch")
        .map(|(_, v)| v.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    for (k, v) in pairs {
        if *k != "arch" {
            args.push(format!("{k} = {}", attr_value(v)?));
        }
    }
    Some(args.join(", "))
}

fn attr_answer(row: &Map<String, Value>) -> Option<Answer> {
    attr_args_answer(&attr_args(row)?)
}

fn attr_args_answer(args: &str) -> Option<Answer> {
    let attr: proc_macro2::TokenStream = args.parse().ok()?;
    let item: syn::DeriveInput = syn::parse_str("pub struct K;").unwrap();
    Some(match smem_lint::rust_attr::check_item(attr, &item) {
        Ok(c) => Answer::Launchable(c.entry.kernel_bytes),
        Err(issues) if issues.iter().any(smem_lint::diagnostic::Diagnostic::is_input_error) => Answer::InputErrors(
            issues
                .iter()
                .map(|i| {
                    // The compile error says the message, then the help.
                    let text = i.text();
                    assert!(text.starts_with(&i.message), "{text}");
                    assert!(i.help().is_none_or(|h| text.contains(&format!("help: {h}"))), "{text}");
                    (i.code().to_string(), i.message.clone(), i.help())
                })
                .collect(),
        ),
        Err(issues) => Answer::Findings(
            issues
                .iter()
                .map(|i| {
                    // The compile error says the message and each fit.
                    let text = i.text();
                    assert!(text.starts_with(&i.message), "{text}");
                    assert!(i.suggestion_texts().iter().all(|s| text.contains(s.as_str())), "{text}");
                    (i.code().to_string(), i.message.clone(), i.suggestion_texts())
                })
                .collect(),
        ),
    })
}

/// `cargo smem-lint`: the attribute in a Rust source file, found and checked as the workspace scan
/// does it, and reported as `check --format json` reports it.
fn cargo_answer(row: &Map<String, Value>) -> Option<Answer> {
    Some(cargo_args_answer(&attr_args(row)?).0)
}

/// [`cargo_answer`] for the attribute's arguments, and the text where each finding points.
fn cargo_args_answer(args: &str) -> (Answer, Vec<String>) {
    let source = format!("use smem_lint_macros::smem_check;\n#[smem_check({args})]\npub struct K;\n");
    let scan = smem_lint::workspace::rust_scan::scan(&source);
    if scan.findings.is_empty() {
        let [l] = scan.launchable.as_slice() else { panic!("{source}: neither launchable nor found") };
        return (Answer::Launchable(l.sizes.kernel_bytes), Vec::new());
    }
    let at = scan.findings.iter().map(|f| source[f.at.start..].to_string()).collect();
    let report = smem_lint::check::FileReport {
        path: PathBuf::from("src/lib.rs"),
        source,
        spanned: scan.findings,
        ..Default::default()
    };
    (json_report_answer(&smem_lint::diagnostics::to_json(std::slice::from_ref(&report))).unwrap(), at)
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
    let (mut compared, mut with_attr, mut findings, mut suggested) = (0, 0, 0, 0);
    for (at, row) in &rows {
        let toml = toml_answer(row);
        // eval: the verdict, code, message and nearest fits of check.
        assert_eq!(json_answer(row), toml, "{at}: eval and the TOML file disagree");
        if let Answer::Findings(f) = &toml {
            findings += 1;
            suggested += usize::from(f.iter().any(|x| !x.2.is_empty()));
        }
        if let Some(attr) = attr_answer(row) {
            assert_eq!(attr, toml, "{at}: the attribute and the TOML file disagree");
            assert_eq!(cargo_answer(row), Some(toml), "{at}: cargo smem-lint and the TOML file disagree");
            with_attr += 1;
        }
        compared += 1;
    }
    assert!(
        findings > 20 && suggested > 10 && with_attr * 10 > compared * 8,
        "{compared} rows, {with_attr} as attributes, {findings} findings, {suggested} with nearest fits"
    );
}

/// Every measured SM80-SM89 row (`sm80-verify-*`, the CUTLASS 2.x kernels with their `warp` key):
/// the same answer as a JSON line, a TOML table, the attribute and `cargo smem-lint`'s scan.
#[test]
fn every_sm80_kernel_gets_the_same_answer_in_every_front_end() {
    let mut compared = 0;
    for (at, row) in rows_of("sm80-verify-") {
        assert!(row.contains_key("warp"), "{at}");
        let toml = toml_answer(&row);
        assert_eq!(json_answer(&row), toml, "{at}: eval and the TOML file disagree");
        assert_eq!(attr_answer(&row).as_ref(), Some(&toml), "{at}: the attribute and the TOML file disagree");
        assert_eq!(cargo_answer(&row), Some(toml), "{at}: cargo smem-lint and the TOML file disagree");
        compared += 1;
    }
    assert!(compared >= 30, "{compared} rows");
}

/// Every row of the measured files whose names start with `prefix`.
fn rows_of(prefix: &str) -> Vec<(String, Map<String, Value>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(root().join("tests/data")).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with(prefix) {
            continue;
        }
        for (i, line) in std::fs::read_to_string(&p).unwrap().lines().enumerate() {
            if let Ok(Value::Object(row)) = serde_json::from_str::<Value>(line) {
                out.push((format!("{name}:{}", i + 1), row));
            }
        }
    }
    out
}

/// One bad value (or more) per key: the same rule, message and help in every front end, for every
/// key that every front end takes (the architecture, positional in the attribute, included). The
/// words are the TOML reader's; the messages named here are what a user reads.
#[test]
fn every_front_end_gives_the_same_input_error() {
    use serde_json::json;
    let base: Map<String, Value> = serde_json::from_str(
        r#"{"arch": "sm120", "cutlass": "4.5.0", "kernel": "grouped", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16", "tile": [128, 128, 128], "stages": 2}"#,
    )
    .unwrap();
    // (key, bad value, code, message; None where the message is the model's list of names).
    let cases: &[(&str, Value, &str, Option<&str>)] = &[
        ("arch", json!("sm99"), "smem::unknown-value", Some("unknown architecture `sm99`")),
        ("a", json!("nvfp9"), "smem::unknown-value", None),
        ("b", json!(4), "smem::wrong-type", Some("`b` expects a string")),
        ("c", json!("f64"), "smem::unknown-value", None),
        ("d", json!("bf17"), "smem::unknown-value", None),
        ("cutlass", json!("9.9.9"), "smem::invalid-value", Some("invalid CUTLASS version `9.9.9`")),
        ("cutlass", json!("4.4"), "smem::unknown-value", None),
        ("kernel", json!("structured"), "smem::unknown-value", None),
        ("kernel", json!(5), "smem::wrong-type", Some("`kernel` expects a string")),
        ("epilogue", json!("nope"), "smem::unknown-value", Some("unknown epilogue `nope`")),
        ("family", json!("blockwise"), "smem::missing-key", Some("the blockwise family needs a `granularity`")),
        ("family", json!("sparse"), "smem::unknown-value", Some("unknown family `sparse`")),
        ("granularity", json!([1, 128, 128]), "smem::invalid-value", None),
        ("schedule", json!("fast"), "smem::unknown-value", None),
        ("epilogue_schedule", json!("fast"), "smem::unknown-value", None),
        ("scheduler", json!("fifo"), "smem::unknown-value", None),
        ("layout_c", json!("diagonal"), "smem::unknown-value", None),
        ("layout_d", json!("diagonal"), "smem::unknown-value", None),
        ("fusion", json!("relu9"), "smem::unknown-value", None),
        ("stages", json!("fast"), "smem::unknown-value", None),
        ("stages", json!([2]), "smem::wrong-type", None),
        ("stages", json!(5_000_000_000_u64), "smem::invalid-value", Some("stage count out of range")),
        (
            "tile",
            json!([128, 128]),
            "smem::invalid-value",
            Some("`tile` needs exactly three extents [M, N, K], found 2"),
        ),
        ("tile", json!("big"), "smem::wrong-type", Some("`tile` expects three positive integers like [128, 256, 128]")),
        ("warp", json!([64, 64]), "smem::invalid-value", Some("`warp` needs exactly three extents [M, N, K], found 2")),
        ("cluster", json!([1, 0, 1]), "smem::invalid-value", Some("`cluster` extents must be positive")),
        (
            "epilogue_tile",
            json!([64]),
            "smem::invalid-value",
            Some("`epilogue_tile` needs exactly two extents [M, N], found 1"),
        ),
        (
            "epilogue_cta_tile",
            json!([128, 0, 128]),
            "smem::invalid-value",
            Some("`epilogue_cta_tile` extents must be positive"),
        ),
        ("epilogue_op_class", json!("simt"), "smem::unknown-value", None),
        // CuTe DSL keys, each on a configuration of a family that reads it (`dsl_base`).
        ("flashinfer", json!("0.6.8"), "smem::invalid-value", Some("invalid FlashInfer release `0.6.8`")),
        ("flashinfer", json!("0.7"), "smem::unknown-value", None),
        ("flash_attn", json!("4.0.0b6"), "smem::unknown-value", None),
        ("hidden", json!(-1), "smem::invalid-value", Some("`hidden` must be a non-negative integer that fits 64 bits")),
        ("intermediate", json!("big"), "smem::wrong-type", Some("`intermediate` expects an integer")),
        ("experts", json!(2.5), "smem::wrong-type", Some("`experts` expects an integer")),
        ("top_k", json!([8]), "smem::wrong-type", Some("`top_k` expects an integer")),
        ("tokens", json!(true), "smem::wrong-type", Some("`tokens` expects an integer")),
        ("activation", json!("gelu"), "smem::unknown-value", None),
        ("sm_count", json!("188"), "smem::wrong-type", Some("`sm_count` expects an integer")),
        ("m", json!("x"), "smem::wrong-type", Some("`m` expects an integer")),
        ("n", json!(-4), "smem::invalid-value", Some("`n` must be a non-negative integer that fits 64 bits")),
        ("k", json!(1.5), "smem::wrong-type", Some("`k` expects an integer")),
        ("head_dim", json!("128"), "smem::wrong-type", Some("`head_dim` expects an integer")),
        ("head_dim_v", json!(false), "smem::wrong-type", Some("`head_dim_v` expects an integer")),
        ("causal", json!("yes"), "smem::wrong-type", Some("`causal` expects a boolean")),
        ("dtype", json!("fp8"), "smem::unknown-value", None),
    ];
    // The base a DSL key's case is written on: a configuration of a family that reads the key.
    let dsl_base = |key: &str| -> Option<Map<String, Value>> {
        let text = match key {
            "m" | "n" | "k" => {
                r#"{"arch": "sm120", "family": "b12x-dense", "flashinfer": "0.7.4", "m": 128, "n": 4096, "k": 4096}"#
            }
            "flash_attn" | "head_dim" | "head_dim_v" | "causal" | "dtype" => {
                r#"{"arch": "sm120", "family": "fa4-bwd-sm120", "flash_attn": "4.0.0b36", "head_dim": 128}"#
            }
            "flashinfer" | "hidden" | "intermediate" | "experts" | "top_k" | "tokens" | "activation" | "sm_count" => {
                r#"{"arch": "sm120", "family": "b12x-moe-dynamic", "flashinfer": "0.6.14", "hidden": 3072, "intermediate": 1024, "experts": 256, "top_k": 8, "tokens": 4096}"#
            }
            _ => return None,
        };
        Some(serde_json::from_str(text).unwrap())
    };
    // Every key all the front ends take has a case.
    let all = [Front::Toml, Front::JsonLines, Front::Attribute];
    for k in smem_lint::keys::KEYS.iter().filter(|k| all.iter().all(|f| k.fronts.contains(f))) {
        assert!(cases.iter().any(|c| c.0 == k.name), "no bad value of `{}` is compared", k.name);
    }
    for (key, value, code, message) in cases {
        let mut row = dsl_base(key).unwrap_or_else(|| base.clone());
        row.insert((*key).to_string(), value.clone());
        let toml = toml_answer(&row);
        let Answer::InputErrors(errors) = &toml else { panic!("{key} = {value}: {toml:?}") };
        let [(c, m, help)] = errors.as_slice() else { panic!("{key} = {value}: {errors:?}") };
        assert_eq!(c, code, "{key} = {value}");
        if let Some(message) = message {
            assert_eq!(m, message, "{key} = {value}");
        }
        // An unknown name is listed with the names it could be, in the help.
        if *code == "smem::unknown-value" {
            assert!(help.as_deref().is_some_and(|h| h.starts_with("expected one of: ")), "{key} = {value}: {help:?}");
        }
        assert_eq!(json_answer(&row), toml, "eval, {key} = {value}");
        assert_eq!(attr_answer(&row).unwrap(), toml, "#[smem_check], {key} = {value}");
        assert_eq!(cargo_answer(&row).unwrap(), toml, "cargo smem-lint, {key} = {value}");
    }
}

/// How each front end is written in the expected words of [`every_front_end_words_key_errors_alike`].
const FRONTS: [Front; 3] = [Front::Toml, Front::JsonLines, Front::Attribute];

/// A kernel written in `front`, the answer to it and the text each input error points at (for
/// the attribute, `cargo smem-lint`'s answer, which must be the proc macro's). Also checks the
/// JSON line's `field` names `key`.
fn answer_in(front: Front, pairs: &[(&str, &Value)], key: &str) -> (Answer, Vec<String>) {
    match front {
        Front::Toml => toml_text_answer(toml_text(pairs)),
        Front::JsonLines => {
            let line = json_line(pairs);
            let (out, _, _) = smem_lint::jsonl::eval_line(1, &line, None);
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["field"].as_str(), Some(key), "{line}: the line names the key at fault: {v}");
            (json_text_answer(&line), Vec::new())
        }
        Front::Attribute => {
            let args = attr_args_of(pairs).unwrap();
            let (cargo, at) = cargo_args_answer(&args);
            assert_eq!(
                attr_args_answer(&args),
                Some(cargo.clone()),
                "#[smem_check({args})]: the macro and cargo smem-lint"
            );
            (cargo, at)
        }
    }
}

/// How a case changes the base kernel.
enum Edit {
    /// The key and value added after the others.
    Add(&'static str, Value),
    /// The key left out.
    Drop(&'static str),
}
/// One key problem, in some front ends, and the words expected.
struct Case {
    fronts: &'static [Front],
    edit: Edit,
    code: &'static str,
    message: &'static str,
    help: Option<&'static str>,
}

/// A key's problem (issue 26): an unknown key, another front end's key, a required key left out, a
/// key given twice, a value of the wrong type, written in TOML, as a JSON line and as
/// `#[smem_check]` arguments. Each problem has one rule, one message and one help, whichever front
/// end reads it: the expected words below are written once per problem, `{F}` standing for the
/// front end's name and `{keys}` for its key list where the words must name them. Each error is
/// placed on the key (the TOML text and the attribute's tokens start with it; the JSON line's
/// `field` names it).
#[test]
fn every_front_end_words_key_errors_alike() {
    use serde_json::json;
    let base: Vec<(&str, Value)> = vec![
        ("arch", json!("sm120")),
        ("cutlass", json!("4.5.0")),
        ("kernel", json!("grouped")),
        ("a", json!("nvfp4")),
        ("b", json!("nvfp4")),
        ("c", json!("bf16")),
        ("d", json!("bf16")),
        ("tile", json!([128, 128, 128])),
        ("stages", json!(2)),
    ];
    let all: &'static [Front] = &FRONTS;
    let case = |fronts, edit, code, message, help| Case { fronts, edit, code, message, help };
    let cases = [
        // (a) A key no front end takes: the nearest key, and the front end's keys.
        case(
            all,
            Edit::Add("tilee", json!([128, 128, 128])),
            "smem::unknown-key",
            "unknown key `tilee`",
            Some("did you mean `tile`? {F} keys: {keys}"),
        ),
        case(
            all,
            Edit::Add("stagse", json!(2)),
            "smem::unknown-key",
            "unknown key `stagse`",
            Some("did you mean `stages`? {F} keys: {keys}"),
        ),
        case(all, Edit::Add("bogus", json!(1)), "smem::unknown-key", "unknown key `bogus`", Some("{F} keys: {keys}")),
        // (b) Another front end's key: which front ends take it, and what to write here.
        case(
            &[Front::Toml],
            Edit::Add("id", json!("x")),
            "smem::unknown-key",
            "`id` is not a {F} key",
            Some("`id` is a JSON-lines key; `name` names a kernel"),
        ),
        case(
            &[Front::Toml],
            Edit::Add("epilogue_smem_bytes", json!(4096)),
            "smem::unknown-key",
            "`epilogue_smem_bytes` is not a {F} key",
            Some("`epilogue_smem_bytes` is a #[smem_check] key; write `epilogue = { smem_bytes = N }`"),
        ),
        case(
            &[Front::Toml],
            Edit::Add("result", json!("x")),
            "smem::unknown-key",
            "`result` is not a {F} key",
            Some("`result` is a JSON-lines key; it is measured data, not configuration"),
        ),
        case(
            &[Front::JsonLines],
            Edit::Add("name", json!("k")),
            "smem::unknown-key",
            "`name` is not a {F} key",
            Some("`name` is a TOML key; a line's `id` names its kernel"),
        ),
        case(
            &[Front::JsonLines],
            Edit::Add("carveout", json!(4096)),
            "smem::unknown-key",
            "`carveout` is not a {F} key",
            Some("`carveout` is a TOML and #[smem_check] key; write `\"stages\": \"auto-carveout-N\"`"),
        ),
        case(
            &[Front::Attribute],
            Edit::Add("name", json!("k")),
            "smem::unknown-key",
            "`name` is not a {F} key",
            Some("`name` is a TOML key; the struct's name names the kernel"),
        ),
        case(
            &[Front::JsonLines, Front::Attribute],
            Edit::Add("operands", json!(["nvfp4", "nvfp4"])),
            "smem::unknown-key",
            "`operands` is not a {F} key",
            Some("`operands` is a TOML key; write `a` and `b`"),
        ),
        case(
            &[Front::JsonLines, Front::Attribute],
            Edit::Add("source_repo", json!("x")),
            "smem::unknown-key",
            "`source_repo` is not a {F} key",
            Some("`source_repo` is a TOML key; a kernel's provenance is written in TOML files"),
        ),
        // (c) A required key left out: where to add it.
        case(
            &[Front::Toml],
            Edit::Drop("tile"),
            "smem::missing-key",
            "missing required key `tile`",
            Some("add `tile = ...` to this table or to [defaults]"),
        ),
        case(
            &[Front::JsonLines],
            Edit::Drop("tile"),
            "smem::missing-key",
            "missing required key `tile`",
            Some("add `\"tile\": ...` to the line"),
        ),
        case(
            &[Front::Attribute],
            Edit::Drop("tile"),
            "smem::missing-key",
            "missing required key `tile`",
            Some("add `tile = ...` to #[smem_check(...)] or a `tile` field"),
        ),
        case(
            &[Front::Toml],
            Edit::Drop("a"),
            "smem::missing-key",
            "missing required key `a`",
            Some("add `a = ...` to this table or to [defaults]"),
        ),
        case(
            &[Front::JsonLines],
            Edit::Drop("a"),
            "smem::missing-key",
            "missing required key `a`",
            Some("add `\"a\": ...` to the line"),
        ),
        case(
            &[Front::Attribute],
            Edit::Drop("a"),
            "smem::missing-key",
            "missing required key `a`",
            Some("add `a = ...` to #[smem_check(...)] or a `a` field"),
        ),
        // (d) A key given twice: neither value wins.
        case(
            all,
            Edit::Add("stages", json!(3)),
            "smem::duplicate-key",
            "`stages` is given twice",
            Some("keep one of them"),
        ),
        case(
            all,
            Edit::Add("a", json!("nvfp4")),
            "smem::duplicate-key",
            "`a` is given twice",
            Some("keep one of them"),
        ),
        // A key given in two spellings (issue 39): a duplicate too, in every front end that has both.
        case(
            &[Front::Toml],
            Edit::Add("operands", json!(["mxfp4", "mxfp4"])),
            "smem::duplicate-key",
            "`operands` and `a` are two spellings of one key",
            Some("`operands = [a, b]` sets `a` and `b`, so `a` is set twice: keep one of them"),
        ),
        case(
            &[Front::Toml],
            Edit::Add("outputs", json!(["f16", "f16"])),
            "smem::duplicate-key",
            "`outputs` and `c` are two spellings of one key",
            Some("`outputs = [c, d]` sets `c` and `d`, so `c` is set twice: keep one of them"),
        ),
        case(
            &[Front::Toml, Front::Attribute],
            Edit::Add("carveout", json!(4096)),
            "smem::duplicate-key",
            "`carveout` and `stages` are two spellings of one key",
            Some("`carveout = N` means `stages = \"auto-carveout-N\"`: keep one of them"),
        ),
        // (e) A value of the wrong type: what the key expects, and (in the label) what was found.
        case(
            all,
            Edit::Add("tile", json!("big")),
            "smem::wrong-type",
            "`tile` expects three positive integers like [128, 256, 128]",
            None,
        ),
        case(all, Edit::Add("cluster", json!([1, "x", 1])), "smem::wrong-type", "`cluster` expects an integer", None),
        case(all, Edit::Add("a", json!(["nvfp4"])), "smem::wrong-type", "`a` expects a string", None),
        case(
            all,
            Edit::Add("cluster", json!(true)),
            "smem::wrong-type",
            "`cluster` expects three positive integers like [128, 256, 128]",
            None,
        ),
        case(
            all,
            Edit::Add("stages", json!(4.5)),
            "smem::wrong-type",
            "`stages` expects \"auto\", \"auto0\", \"auto-epi\" or an integer",
            None,
        ),
        case(
            all,
            Edit::Add("epilogue_tile", json!([64, -1])),
            "smem::invalid-value",
            "`epilogue_tile` must be a non-negative integer that fits 64 bits",
            None,
        ),
    ];
    let mut written = [0; 3];
    for Case { fronts, edit, code, message, help } in &cases {
        for &front in *fronts {
            // A key added where the base has it replaces it, unless the case gives it twice.
            let (pairs, key): (Vec<(&str, &Value)>, &str) = match edit {
                Edit::Add(k, v) => {
                    let twice = *code == "smem::duplicate-key";
                    let mut p: Vec<_> = base.iter().filter(|(b, _)| twice || b != k).map(|(b, v)| (*b, v)).collect();
                    p.push((*k, v));
                    (p, *k)
                }
                Edit::Drop(k) => (base.iter().filter(|(b, _)| b != k).map(|(b, v)| (*b, v)).collect(), *k),
            };
            let words = |t: &str| t.replace("{F}", front.name()).replace("{keys}", &front.key_list());
            let expected = Answer::InputErrors(vec![(code.to_string(), words(message), help.map(words))]);
            let (answer, at) = answer_in(front, &pairs, key);
            assert_eq!(answer, expected, "{front:?}: {pairs:?}");
            if !matches!(edit, Edit::Drop(_)) && front != Front::JsonLines {
                let [at] = at.as_slice() else { panic!("{front:?}: {at:?}") };
                // The key, or (a wrong type) its value.
                assert!(
                    at.starts_with(key) || *code == "smem::wrong-type" || *code == "smem::invalid-value",
                    "{front:?} {key}: points at {at:.40}"
                );
            }
            written[FRONTS.iter().position(|f| *f == front).unwrap()] += 1;
        }
    }
    // Every problem is written in every front end (another front end's key: one each at least).
    assert!(written.iter().all(|n| *n >= 16), "{written:?}");
}
