//! Input errors about one key's value, in the same words in every front end (issue 26): the TOML
//! reader, `eval`'s JSON lines and `#[smem_check]` (with `cargo smem-lint`) each say what is wrong
//! with a value through these functions, from (key, value, what was expected), so the same mistake
//! gets the same rule, message, label and help wherever it is written. The TOML reader's wording is
//! the reference.

use std::borrow::Cow;

use crate::diagnostic::Diagnostic;
use crate::keys::FamilyError;
use crate::model::ParseError;
use crate::rules::Rule;

/// What is wrong with a value: an input error not yet placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    pub rule: Rule,
    pub message: String,
    pub label: Cow<'static, str>,
    pub help: Option<String>,
}

impl ValueError {
    pub(crate) fn new(rule: Rule, message: String, label: impl Into<Cow<'static, str>>, help: Option<String>) -> Self {
        ValueError { rule, message, label: label.into(), help }
    }

    /// The input error, at `at`.
    pub fn at<At>(self, at: At) -> Diagnostic<At> {
        Diagnostic::input(self.rule, at, self.message, self.label, self.help)
    }
}

/// What a key's value must be, in words (the wrong-type message says it).
pub const fn expects(key: &str) -> &'static str {
    match key.as_bytes() {
        b"tile" | b"warp" | b"cluster" | b"granularity" | b"epilogue_cta_tile" => {
            "three positive integers like [128, 256, 128]"
        }
        b"epilogue_tile" => "two positive integers like [64, 32]",
        b"stages" => "\"auto\", \"auto0\", \"auto-epi\" or an integer",
        b"epilogue" => "\"builder\" or { smem_bytes = N }",
        b"arch" => "an architecture or a non-empty list of them",
        b"operands" => "a pair [a, b]",
        b"outputs" => "a pair [c, d]",
        b"source_repo" | b"source_path" | b"source_commit" | b"source_line" => "a non-empty string",
        b"carveout" | b"smem_bytes" | b"epilogue_smem_bytes" => "an integer",
        _ => "a string",
    }
}

/// A value of `key` of the wrong type; `found` names the type found (`string`, `integer`,
/// `float`, `boolean`, `array`, `table`, as TOML names them).
pub fn wrong_type(key: &str, found: &str) -> ValueError {
    wrong_type_expecting(key, expects(key), found)
}

/// [`wrong_type`] for a value that must be `expected` (an element of a list, say).
pub fn wrong_type_expecting(key: &str, expected: &str, found: &str) -> ValueError {
    ValueError::new(Rule::WrongType, format!("`{key}` expects {expected}"), format!("found {found}"), None)
}

/// A name that is not known, or a malformed value ([`ParseError`]'s words).
pub fn not_parsed(e: &ParseError) -> ValueError {
    ValueError::new(Rule::of_parse(e), e.message(), e.label(), e.help())
}

/// An unknown epilogue name.
pub fn unknown_epilogue(name: &str) -> ValueError {
    not_parsed(&ParseError::new("epilogue", name, crate::model::Epilogue::NAMES))
}

/// A list of extents of the wrong length (`want` is 3 for [M, N, K], 2 for [M, N]).
pub fn extent_count(key: &str, want: usize, found: usize) -> ValueError {
    let (words, names) = if want == 2 { ("two", "[M, N]") } else { ("three", "[M, N, K]") };
    ValueError::new(
        Rule::InvalidValue,
        format!("`{key}` needs exactly {words} extents {names}, found {found}"),
        format!("not {words} extents"),
        None,
    )
}

/// An extent of zero.
pub fn zero_extent(key: &str) -> ValueError {
    ValueError::new(Rule::InvalidValue, format!("`{key}` extents must be positive"), "zero", None)
}

/// An integer below zero or past 64 bits.
pub fn not_u64(key: &str) -> ValueError {
    ValueError::new(
        Rule::InvalidValue,
        format!("`{key}` must be a non-negative integer that fits 64 bits"),
        "out of range",
        None,
    )
}

/// A stage count past 32 bits.
pub fn stages_out_of_range() -> ValueError {
    ValueError::new(Rule::InvalidValue, "stage count out of range".into(), "too large", None)
}

/// An architecture named twice in one list of targets.
pub fn listed_twice(arch: &str) -> ValueError {
    ValueError::new(
        Rule::InvalidValue,
        format!("`{arch}` is listed twice"),
        "repeated",
        Some("name each architecture once".into()),
    )
}

/// Two spellings of one key in one table, line or attribute (`second` written after `first`):
/// `operands` and `a`, `outputs` and `d`, `stages` and `carveout`. One would silently win over the
/// other, so neither does: `smem::duplicate-key`, as for a key written twice.
pub fn two_spellings(first: &str, second: &str) -> ValueError {
    let meaning = match (first, second) {
        ("stages", "carveout") | ("carveout", "stages") => {
            "`carveout = N` means `stages = \"auto-carveout-N\"`".to_string()
        }
        ("operands", k) | (k, "operands") => format!("`operands = [a, b]` sets `a` and `b`, so `{k}` is set twice"),
        ("outputs", k) | (k, "outputs") => format!("`outputs = [c, d]` sets `c` and `d`, so `{k}` is set twice"),
        ("epilogue", k) | (k, "epilogue") => format!("`{k}` declares the epilogue too"),
        _ => format!("`{first}` and `{second}` set the same setting"),
    };
    ValueError::new(
        Rule::DuplicateKey,
        format!("`{second}` and `{first}` are two spellings of one key"),
        format!("`{first}` is set above"),
        Some(format!("{meaning}: keep one of them")),
    )
}

/// `family` and `granularity` read together ([`crate::keys::family`]): the error, and the key it
/// is about.
pub fn family(e: &FamilyError) -> (&'static str, ValueError) {
    let label = match e {
        FamilyError::NotBlockwise(_) => "not a blockwise kernel",
        FamilyError::NeedsGranularity => "no granularity for these scales",
        FamilyError::Unknown(_) => "not a known family",
    };
    (e.at().key(), ValueError::new(e.rule(), e.message(), label, Some(e.hint())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_name_lists_the_names_in_the_help() {
        let e = not_parsed(&ParseError::new("operand type", "nvfp9", ["nvfp4", "mxfp4"]));
        assert_eq!(e.rule, Rule::UnknownValue);
        assert_eq!(e.message, "unknown operand type `nvfp9`");
        assert_eq!(e.help.as_deref(), Some("expected one of: nvfp4, mxfp4"));
        let w = wrong_type("kernel", "integer");
        assert_eq!(
            (w.rule, w.message.as_str(), &*w.label),
            (Rule::WrongType, "`kernel` expects a string", "found integer")
        );
    }
}
