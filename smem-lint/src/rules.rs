//! Every finding and input-error code smem-lint reports, in one registry (in the manner of ruff's
//! `Rule` and clippy's lint declarations). Front ends name rules through [`Rule`], never through
//! string literals; Cargo's `warn`/`allow` settings, SARIF's rule list, `smem-lint explain-code` and
//! the README's list all come from [`Rule::ALL`].

/// Whether a rule is about a kernel (exit 1) or about the input (exit 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The kernel cannot launch, or is outside what the model covers: exit 1.
    Finding,
    /// The input is malformed: exit 2.
    InputError,
}

macro_rules! rules {
    ($($(#[doc = $doc:literal])* $variant:ident = $code:literal, $class:ident, $summary:literal;)+) => {
        /// A finding or input-error code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[doc = $doc])* $variant,)+
        }

        impl Rule {
            /// Every rule, in the order the README lists them.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)+];

            /// `smem::exceeds-cap`.
            pub const fn code(self) -> &'static str {
                match self { $(Rule::$variant => $code,)+ }
            }

            pub const fn class(self) -> Class {
                match self { $(Rule::$variant => Class::$class,)+ }
            }

            /// One line.
            pub const fn summary(self) -> &'static str {
                match self { $(Rule::$variant => $summary,)+ }
            }

            /// The longer explanation `smem-lint explain-code` prints.
            pub const fn docs(self) -> &'static str {
                match self { $(Rule::$variant => concat!($($doc, "\n"),+),)+ }
            }
        }
    };
}

rules! {
    /// The kernel's `SharedStorage` needs more bytes than the architecture lets one block opt in to
    /// (101,376 on sm120/sm121, 232,448 on sm90/sm100). CUTLASS's SM90-shell kernels do not check
    /// this at compile time: the kernel compiles, then `gemm.initialize()` fails with
    /// `kErrorInternal`. Lower the stage count, drop C, or pick a smaller tile.
    ExceedsCap = "smem::exceeds-cap", Finding, "kernel SharedStorage exceeds the architecture's opt-in shared memory per block";
    /// CUTLASS's own automatic stage count (`StageCountAutoCarveout`) picks more stages than fit,
    /// because its budget leaves out kernel-level storage (scheduler, barriers, alignment padding).
    /// Give an explicit `stages` one lower.
    AutoStagesOverflow = "smem::auto-stages-overflow", Finding, "CUTLASS's automatic stage count overflows the shared-memory cap";
    /// A CUTLASS `static_assert` fires for this configuration (quoted verbatim): it would not
    /// compile.
    CutlassRejects = "smem::cutlass-rejects", Finding, "CUTLASS rejects the configuration at compile time";
    /// A CuTe DSL kernel (FlashInfer's b12x, FlashAttention-4) or its dispatch raises for this
    /// configuration before it launches (an `assert` in `_setup_attributes`, a `ValueError` of the
    /// dispatch; quoted verbatim): it would never run.
    DslRejects = "smem::dsl-rejects", Finding, "the CuTe DSL kernel or its dispatch refuses the configuration";
    /// The types instantiate, but building the kernel's parameters (the TMA descriptors) fails:
    /// a real build of the kernel would not compile.
    Unbuildable = "smem::unbuildable", Finding, "the types compile but the kernel's TMA descriptors cannot be built";
    /// The configuration is outside what smem-lint models exactly (another architecture family, a
    /// tile or type it was not checked on). smem-lint refuses rather than guesses.
    NotModelled = "smem::not-modelled", Finding, "the configuration is outside what smem-lint models";
    /// A TOML file does not parse. Only the first syntax error is reported: later ones usually
    /// follow from it.
    TomlSyntax = "smem::toml-syntax", InputError, "the TOML file does not parse";
    /// A Rust file with `#[smem_check]` does not parse (or nests too deeply to parse safely).
    RustSyntax = "smem::rust-syntax", InputError, "the Rust file does not parse";
    /// A key smem-lint does not know (the help names the nearest one).
    UnknownKey = "smem::unknown-key", InputError, "unknown key";
    /// A value of the wrong type (a string where a list is expected, ...).
    WrongType = "smem::wrong-type", InputError, "value of the wrong type";
    /// A name smem-lint does not know: an operand type, architecture, CUTLASS release, family.
    UnknownValue = "smem::unknown-value", InputError, "unknown name";
    /// A value out of range or contradicting another (a zero extent, a glob that matches nothing,
    /// `granularity` without the blockwise family, an architecture named twice).
    InvalidValue = "smem::invalid-value", InputError, "invalid value";
    /// A required key is missing (`a`, `b`, `c`, `d`, `tile`, the architectures).
    MissingKey = "smem::missing-key", InputError, "missing setting";
    /// The same key twice in one TOML table, JSON line or `#[smem_check]` attribute: neither value
    /// silently wins. Keep one of them.
    DuplicateKey = "smem::duplicate-key", InputError, "a key is given twice";
    /// A file or standard input that holds no configuration at all (an empty file, a TOML file with
    /// no `[[kernel]]` or `[[sweep]]`, blank lines only): the same input error in every subcommand,
    /// so that a step that checks nothing never passes silently.
    EmptyInput = "smem::empty-input", InputError, "the input holds no configuration";
    /// Two kernels have the same name; names become identifiers in emitted tables.
    DuplicateName = "smem::duplicate-name", InputError, "two kernels share a name";
    /// A `#[smem_check]` attribute that cannot be read: arguments that are no `key = value` (a
    /// tuple, a typed literal such as `128u8`), the attribute on something that is not a struct. A
    /// misspelled key, argument or marker field is `smem::unknown-key`, as in every front end.
    InvalidAttribute = "smem::invalid-attribute", InputError, "malformed #[smem_check] attribute";
    /// The input is over one of smem-lint's stated limits (docs/limits.md): a file over 256 MiB, a
    /// TOML file over 8 MiB that is not a plain list of `[defaults]`, `[[kernel]]` and `[[sweep]]`
    /// tables (or one table over 8 MiB), Rust nested more than 256 deep. Refused before it costs
    /// unbounded time or memory.
    InputLimit = "smem::input-limit", InputError, "the input is over a stated limit";
}

impl Rule {
    /// The rule a value that does not parse is reported under, by every front end: an unknown
    /// name (`smem::unknown-value`), or a malformed value with its reason (`smem::invalid-value`).
    pub const fn of_parse(e: &crate::model::ParseError) -> Rule {
        if e.why.is_some() {
            Rule::InvalidValue
        } else {
            Rule::UnknownValue
        }
    }

    /// The rule a model error is reported under: a value that is no configuration at all (a zero
    /// extent) is invalid input; a real configuration outside the model is not modelled.
    pub const fn of_model(e: &crate::model::ModelError) -> Rule {
        if e.out_of_bounds {
            Rule::InvalidValue
        } else {
            Rule::NotModelled
        }
    }

    /// The rule with this code.
    #[cfg(any(test, feature = "cli"))]
    pub(crate) fn from_code(code: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.code() == code)
    }

    /// [`Rule::docs`] as plain text (the doc comments' leading spaces removed).
    pub fn explanation(self) -> String {
        self.docs().lines().map(|l| l.strip_prefix(' ').unwrap_or(l)).collect::<Vec<_>>().join("\n")
    }

    /// Whether it is an input error (exit 2) rather than a finding (exit 1).
    pub const fn is_input_error(self) -> bool {
        matches!(self.class(), Class::InputError)
    }
}

/// Levenshtein distance, for "did you mean" hints (keys, names).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // Two rows, reused: a file of a hundred thousand unknown keys asks for millions of these.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The candidate nearest to `word`, if it is within two edits.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        for (i, r) in Rule::ALL.iter().enumerate() {
            assert_eq!(Rule::from_code(r.code()), Some(*r));
            assert!(r.code().starts_with("smem::"));
            assert!(!r.docs().trim().is_empty() && !r.summary().is_empty());
            assert!(Rule::ALL[..i].iter().all(|o| o.code() != r.code()));
        }
        assert_eq!(Rule::from_code("smem::nope"), None);
    }

    #[test]
    fn edit_distances() {
        for (a, b, d) in
            [("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("stagse", "stages", 2), ("tile", "tile", 0)]
        {
            assert_eq!(edit_distance(a, b), d, "{a} {b}");
        }
    }
}
