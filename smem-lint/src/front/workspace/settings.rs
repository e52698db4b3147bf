//! `[workspace.metadata.smem-lint]` and `[package.metadata.smem-lint]`, read from Cargo.toml with
//! spans so that a bad setting is a diagnostic pointing into the manifest.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::config_file::{InputError, InputErrorKind};
use crate::model::{Arch, CutlassVersion};
use crate::table::{CppFlavor, TableFormat};

/// A table to regenerate with `cargo smem-lint emit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmitTable {
    /// Relative to the manifest's directory.
    pub path: String,
    pub format: TableFormat,
    pub flavor: CppFlavor,
    /// Config globs feeding it; empty: every config of the same settings.
    pub configs: Vec<String>,
}

/// The settings of one manifest (package settings fall back to the workspace's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub configs: Vec<String>,
    /// Where each of `configs` is written in the manifest.
    pub config_spans: Vec<Range<usize>>,
    pub rust: Option<bool>,
    pub archs: Option<Vec<Arch>>,
    pub cutlass: Option<CutlassVersion>,
    /// How `cutlass-include` found a release `cutlass/version.h` names but the model does not
    /// know (its headers byte-identical to a known one's): the note to print.
    pub cutlass_note: Option<String>,
    pub warn: Vec<String>,
    pub allow: Vec<String>,
    pub emit: Vec<EmitTable>,
}

/// The codes `warn` and `allow` may name: the findings (an input error is never silenced).
fn policy_codes() -> impl Iterator<Item = &'static str> {
    crate::rules::Rule::ALL.iter().filter(|r| !r.is_input_error()).map(|r| r.code())
}

const KEYS: [&str; 8] = ["configs", "rust", "archs", "cutlass", "cutlass-include", "warn", "allow", "emit"];

fn err(kind: InputErrorKind, span: Range<usize>, message: String, label: &str, help: Option<String>) -> InputError {
    InputError::input(kind.rule(), span, message, label.to_string(), help)
}

fn strings(v: &Spanned<DeValue<'_>>, key: &str, errors: &mut Vec<InputError>) -> Vec<(String, Range<usize>)> {
    if let DeValue::Array(items) = v.get_ref() {
        items
            .iter()
            .filter_map(|x| {
                if let Some(s) = x.get_ref().as_str() {
                    Some((s.to_string(), x.span()))
                } else {
                    errors.push(err(
                        InputErrorKind::WrongType,
                        x.span(),
                        format!("`{key}` holds strings"),
                        "not a string",
                        None,
                    ));
                    None
                }
            })
            .collect()
    } else {
        errors.push(err(
            InputErrorKind::WrongType,
            v.span(),
            format!("`{key}` expects a list of strings"),
            "not a list",
            None,
        ));
        Vec::new()
    }
}

/// The `smem-lint` table under `metadata` of `[workspace]` or `[package]`, if any.
fn find<'a, 'i>(root: &'a DeTable<'i>, section: &str) -> Option<&'a Spanned<DeValue<'i>>> {
    root.get(section)?.get_ref().as_table()?.get("metadata")?.get_ref().as_table()?.get("smem-lint")
}

/// Read the settings of `section` (`workspace` or `package`) from a manifest's text. `dir` is the
/// manifest's directory, against which `cutlass-include` is resolved (its `cutlass/version.h` is read,
/// only when it is inside the workspace `ws_root`, links resolved).
pub fn read(
    manifest: &str,
    section: &str,
    dir: &std::path::Path,
    ws_root: &std::path::Path,
) -> (Option<Settings>, Vec<InputError>) {
    let mut errors = Vec::new();
    let (root, syntax) = DeTable::parse_recoverable(manifest);
    if let Some(e) = syntax.first() {
        errors.push(err(
            InputErrorKind::Syntax,
            e.span().unwrap_or(0..0),
            format!("TOML syntax: {}", e.message().trim()),
            "here",
            None,
        ));
        return (None, errors);
    }
    let Some(table) = find(root.get_ref(), section) else { return (None, errors) };
    let DeValue::Table(t) = table.get_ref() else {
        errors.push(err(
            InputErrorKind::WrongType,
            table.span(),
            format!("`{section}.metadata.smem-lint` must be a table"),
            "not a table",
            None,
        ));
        return (None, errors);
    };
    let mut s = Settings::default();
    for (k, v) in t {
        let key: &str = k.get_ref();
        match key {
            "configs" => {
                for (g, span) in strings(v, key, &mut errors) {
                    if let Err(e) = glob::Pattern::new(&g) {
                        errors.push(err(
                            InputErrorKind::InvalidValue,
                            span,
                            format!("invalid glob `{g}`: {e}"),
                            "bad pattern",
                            Some("globs are relative to this manifest's directory, like \"kernels/*.toml\"".into()),
                        ));
                    } else {
                        s.configs.push(g);
                        s.config_spans.push(span);
                    }
                }
            }
            "rust" => match v.get_ref().as_bool() {
                Some(b) => s.rust = Some(b),
                None => errors.push(err(
                    InputErrorKind::WrongType,
                    v.span(),
                    "`rust` expects true or false".into(),
                    "not a bool",
                    None,
                )),
            },
            "archs" => {
                let mut archs = Vec::new();
                for (a, span) in strings(v, key, &mut errors) {
                    match a.parse::<Arch>() {
                        Ok(x) => archs.push(x),
                        Err(e) => errors.push(err(
                            InputErrorKind::UnknownValue,
                            span,
                            format!("unknown architecture `{a}`"),
                            "not a known architecture",
                            Some(format!("expected one of: {}", e.expected.join(", "))),
                        )),
                    }
                }
                s.archs = Some(archs);
            }
            "cutlass" => match v.get_ref().as_str().map(str::parse::<CutlassVersion>) {
                Some(Ok(c)) => s.cutlass = Some(c),
                Some(Err(e)) => errors.push(err(
                    InputErrorKind::UnknownValue,
                    v.span(),
                    e.to_string(),
                    "not a modelled CUTLASS version",
                    None,
                )),
                None => errors.push(err(
                    InputErrorKind::WrongType,
                    v.span(),
                    "`cutlass` expects a version string".into(),
                    "not a string",
                    None,
                )),
            },
            "cutlass-include" => match v.get_ref().as_str() {
                Some(p) if t.get("cutlass").is_some() => errors.push(err(
                    InputErrorKind::InvalidValue,
                    v.span(),
                    format!("both `cutlass` and `cutlass-include = \"{p}\"` are set"),
                    "conflicts with `cutlass`",
                    Some("keep one: the release name, or the headers the build uses".into()),
                )),
                Some(p) if super::confine::input_dir(ws_root, &dir.join(p)).is_err() => {
                    let why = super::confine::input_dir(ws_root, &dir.join(p)).err().unwrap_or_default();
                    errors.push(err(
                        InputErrorKind::InvalidValue,
                        v.span(),
                        format!("`cutlass-include = \"{p}\"` {why}"),
                        "outside the workspace",
                        Some(format!(
                            "headers are read from inside the workspace ({}) only: vendor them there, or name the release with `cutlass`",
                            ws_root.display()
                        )),
                    ));
                }
                Some(p) => match crate::fingerprint::cutlass_release(&dir.join(p)) {
                    Ok(r) => {
                        s.cutlass = Some(r.version);
                        s.cutlass_note = r.note;
                    }
                    Err(e) => errors.push(err(
                        InputErrorKind::InvalidValue,
                        v.span(),
                        e,
                        "no modelled CUTLASS release here",
                        Some("point at CUTLASS's include/ directory (the one holding cutlass/version.h)".into()),
                    )),
                },
                None => errors.push(err(
                    InputErrorKind::WrongType,
                    v.span(),
                    "`cutlass-include` expects a path string".into(),
                    "not a string",
                    None,
                )),
            },
            "warn" | "allow" => {
                let mut codes = Vec::new();
                for (c, span) in strings(v, key, &mut errors) {
                    if policy_codes().any(|p| p == c) {
                        codes.push(c);
                    } else {
                        errors.push(err(
                            InputErrorKind::UnknownValue,
                            span,
                            format!("unknown finding code `{c}`"),
                            "not a finding code",
                            Some(format!("codes: {}", policy_codes().collect::<Vec<_>>().join(", "))),
                        ));
                    }
                }
                if key == "warn" {
                    s.warn = codes;
                } else {
                    s.allow = codes;
                }
            }
            "emit" => s.emit = emit_tables(v, &mut errors),
            other => errors.push(err(
                InputErrorKind::UnknownKey,
                k.span(),
                format!("unknown smem-lint setting `{other}`"),
                "not a smem-lint setting",
                Some(format!("settings: {}", KEYS.join(", "))),
            )),
        }
    }
    (Some(s), errors)
}

fn emit_tables(v: &Spanned<DeValue<'_>>, errors: &mut Vec<InputError>) -> Vec<EmitTable> {
    let Some(items) = v.get_ref().as_array() else {
        errors.push(err(
            InputErrorKind::WrongType,
            v.span(),
            "`emit` is an array of tables: [[workspace.metadata.smem-lint.emit]]".into(),
            "not an array",
            None,
        ));
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in items {
        let Some(t) = item.get_ref().as_table() else {
            errors.push(err(
                InputErrorKind::WrongType,
                item.span(),
                "each `emit` entry is a table".into(),
                "not a table",
                None,
            ));
            continue;
        };
        let mut table = EmitTable {
            path: String::new(),
            format: TableFormat::Json,
            flavor: CppFlavor::Xmacro,
            configs: Vec::new(),
        };
        let mut has_path = false;
        for (k, x) in t {
            let key: &str = k.get_ref();
            match (key, x.get_ref().as_str()) {
                ("path", Some(p)) => {
                    table.path = p.to_string();
                    has_path = true;
                }
                ("format", Some(f)) => match f {
                    "cpp" => table.format = TableFormat::Cpp,
                    "json" => table.format = TableFormat::Json,
                    "cmake" => table.format = TableFormat::Cmake,
                    "cmake-kernels" => table.format = TableFormat::CmakeKernels,
                    _ => errors.push(err(
                        InputErrorKind::UnknownValue,
                        x.span(),
                        format!("unknown table format `{f}`"),
                        "not a format",
                        Some("formats: cpp, json, cmake, cmake-kernels".into()),
                    )),
                },
                ("cpp-flavor", Some(f)) => match f {
                    "xmacro" => table.flavor = CppFlavor::Xmacro,
                    "cutlass" => table.flavor = CppFlavor::Cutlass,
                    _ => errors.push(err(
                        InputErrorKind::UnknownValue,
                        x.span(),
                        format!("unknown C++ flavour `{f}`"),
                        "not a flavour",
                        Some("flavours: xmacro, cutlass".into()),
                    )),
                },
                ("configs", _) => table.configs = strings(x, key, errors).into_iter().map(|(g, _)| g).collect(),
                ("path" | "format" | "cpp-flavor", None) => errors.push(err(
                    InputErrorKind::WrongType,
                    x.span(),
                    format!("`{key}` expects a string"),
                    "not a string",
                    None,
                )),
                _ => errors.push(err(
                    InputErrorKind::UnknownKey,
                    k.span(),
                    format!("unknown emit setting `{key}`"),
                    "not an emit setting",
                    Some("emit settings: path, format, cpp-flavor, configs".into()),
                )),
            }
        }
        if has_path {
            out.push(table);
        } else {
            errors.push(err(
                InputErrorKind::Missing,
                item.span(),
                "an `emit` table needs a `path`".into(),
                "no path",
                None,
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutlass_include_reads_the_release_from_the_headers() {
        let dir = std::env::temp_dir().join(format!("smem-lint-settings-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("third_party/cutlass/include/cutlass")).unwrap();
        std::fs::write(
            dir.join("third_party/cutlass/include/cutlass/version.h"),
            "#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 4\n#define CUTLASS_PATCH 2\n",
        )
        .unwrap();
        let manifest = "[workspace.metadata.smem-lint]\ncutlass-include = \"third_party/cutlass/include\"\n";
        let (s, errors) = read(manifest, "workspace", &dir, &dir);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(s.unwrap().cutlass, Some(CutlassVersion::V4_4_2));

        let missing = "[workspace.metadata.smem-lint]\ncutlass-include = \"nowhere\"\n";
        let (_, errors) = read(missing, "workspace", &dir, &dir);
        assert_eq!(errors.len(), 1);
        assert_eq!(&missing[errors[0].at.clone()], "\"nowhere\"");

        let both =
            "[workspace.metadata.smem-lint]\ncutlass = \"4.5.0\"\ncutlass-include = \"third_party/cutlass/include\"\n";
        let (_, errors) = read(both, "workspace", &dir, &dir);
        assert!(errors.iter().any(|e| e.message.contains("both")), "{errors:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
