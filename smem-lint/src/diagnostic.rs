//! The one diagnostic record every front end produces and every renderer reads.
//!
//! A [`Diagnostic`] is a finding about a kernel (it cannot launch, or the model does not cover it) or
//! an input error (the input is malformed), under a typed [`Rule`]. Where it points is the type
//! parameter: a byte range of the input file ([`Span`], the TOML reader and `cargo smem-lint`), a token
//! (`proc_macro2::Span`, the attribute) or an `eval` line's id and key ([`LineAt`]); a front end that
//! reads tokens maps them to byte ranges with [`Diagnostic::map_at`].
//!
//! A finding about a kernel carries the kernel ([`Kernel`]: name, configuration, architectures, the
//! checker's [`Problem`]); its label, notes and suggestions are [`crate::checker::advise`]'s, filled
//! in by [`Diagnostic::advise`] when the finding is shown (a sweep's findings are mostly counted, and
//! the search for the nearest fits costs several evaluations each). Renderers: `render::diagnostics`
//! (human, JSON, SARIF), [`Diagnostic::text`] (the proc macro's compile error) and `front::jsonl`
//! (`eval`'s line). Pure: no I/O, no feature needed.

use std::borrow::Cow;
use std::ops::Range;

use crate::checker::Problem;
use crate::model::{Arch, KernelConfig, Prober, Sizes};
use crate::rules::Rule;
use crate::suggest::Suggestion;

/// A byte range of the input file.
pub type Span = Range<usize>;

/// Where an `eval` line's problem is: the line's `id` and the key at fault (none for a line that
/// is not a JSON object, or a kernel that cannot launch).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineAt {
    /// Boxed, so that the reader's `Result<_, Diagnostic<LineAt>>` stays small.
    pub id: Option<Box<str>>,
    /// The key at fault (an unknown one included). Boxed, as `id`.
    pub field: Option<Box<str>>,
}

/// One finding or input error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic<At = Span> {
    pub rule: Rule,
    /// The value it is about.
    pub at: At,
    /// One line, the same words in every front end.
    pub message: String,
    /// The primary label (for a finding, set by [`Diagnostic::advise`]).
    pub label: Cow<'static, str>,
    /// What the help says, a line each (for a finding: where the bytes go, why CUTLASS fails the way
    /// it does, what it was checked for).
    /// (A boxed slice, not a vector: readers return `Result<_, Diagnostic>` by the million.)
    pub notes: Box<[String]>,
    /// The kernel a finding is about (`None` for an input error): boxed, so that a reader's
    /// `Result<_, Diagnostic>` stays small.
    pub kernel: Option<Box<Kernel<At>>>,
    /// The kernel an input error is about, where the front end knows it (the struct an attribute
    /// error is on): JSON reports name it as a finding's `kernel`. A thin pointer, so that the
    /// record stays under clippy's large-error size: readers return `Result<_, Diagnostic>`.
    #[allow(clippy::box_collection)]
    pub named: Option<Box<String>>,
}

/// The kernel a finding is about, what the checker found, and what only a finding has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel<At = Span> {
    /// Its name: the TOML entry, the struct, the `eval` line's id.
    pub name: String,
    /// The configuration on the first of `archs`.
    pub config: KernelConfig,
    pub archs: Vec<Arch>,
    pub problem: Problem,
    /// The sizes, when the configuration compiles (the members are laid out again when shown).
    pub sizes: Option<Sizes>,
    /// Other values worth pointing at (the tile of a stage-count problem, and the reverse).
    pub secondary: Vec<(At, Cow<'static, str>)>,
    /// The nearest configurations that fit, nearest first.
    pub suggestions: Vec<Suggestion>,
    /// Whether label, notes and suggestions are [`crate::checker::advise`]'s already.
    pub advised: bool,
}

impl<At> Diagnostic<At> {
    /// An input error (or any problem that is not about a kernel): its label and, when there is
    /// one, a line of help.
    pub fn input(
        rule: Rule,
        at: At,
        message: impl Into<String>,
        label: impl Into<Cow<'static, str>>,
        help: Option<String>,
    ) -> Self {
        Diagnostic {
            rule,
            at,
            message: message.into(),
            label: label.into(),
            notes: help.into_iter().collect(),
            kernel: None,
            named: None,
        }
    }

    /// The finding `problem` of kernel `name` on `archs` (the checker's, not yet advised): its rule
    /// and message are the problem's.
    pub fn finding(problem: Problem, name: &str, config: KernelConfig, archs: Vec<Arch>, at: At) -> Self {
        Diagnostic {
            rule: problem.rule(),
            at,
            message: problem.message(name, &archs),
            label: Cow::Borrowed(""),
            notes: Box::default(),
            kernel: Some(Box::new(Kernel {
                name: name.to_string(),
                config,
                archs,
                problem,
                sizes: None,
                secondary: Vec::new(),
                suggestions: Vec::new(),
                advised: false,
            })),
            named: None,
        }
    }

    /// The diagnostic code.
    pub const fn code(&self) -> &'static str {
        self.rule.code()
    }

    /// Whether it is about the input (exit 2) rather than a kernel (exit 1).
    pub const fn is_input_error(&self) -> bool {
        self.rule.is_input_error()
    }

    /// The kernel's name, for a finding about one.
    pub fn kernel_name(&self) -> Option<&str> {
        self.kernel.as_ref().map(|k| k.name.as_str())
    }

    /// The architectures a finding holds on (none for an input error).
    pub fn archs(&self) -> &[Arch] {
        self.kernel.as_ref().map_or(&[], |k| &k.archs)
    }

    /// (needs, cap, over) in bytes, for a kernel over the cap.
    pub fn bytes(&self) -> Option<(u64, u64, u64)> {
        self.kernel.as_ref().and_then(|k| k.problem.bytes())
    }

    /// The same diagnostic pointing elsewhere (tokens turned into byte ranges, say).
    pub fn map_at<B>(self, mut f: impl FnMut(At) -> B) -> Diagnostic<B> {
        Diagnostic {
            rule: self.rule,
            at: f(self.at),
            message: self.message,
            label: self.label,
            notes: self.notes,
            kernel: self.kernel.map(|k| {
                let Kernel { name, config, archs, problem, sizes, secondary, suggestions, advised } = *k;
                let secondary = secondary.into_iter().map(|(at, text)| (f(at), text)).collect();
                Box::new(Kernel { name, config, archs, problem, sizes, secondary, suggestions, advised })
            }),
            named: self.named,
        }
    }

    /// Fill in the label, notes and suggestions of a finding ([`crate::checker::advise`], through
    /// `prober`); nothing to do for an input error or a finding already advised.
    pub fn advise(&mut self, prober: &mut dyn Prober) {
        let Some(k) = self.kernel.as_mut().filter(|k| !k.advised) else { return };
        let advice = crate::checker::advise(&k.problem, &k.config, &k.archs, prober);
        k.advised = true;
        k.suggestions = advice.suggestions;
        self.label = Cow::Owned(advice.label);
        self.notes = advice.notes.into_boxed_slice();
    }

    /// This diagnostic advised ([`Diagnostic::advise`]), copied only when there was advice to add.
    pub fn advised(&self, prober: &mut dyn Prober) -> Cow<'_, Self>
    where
        At: Clone,
    {
        if self.kernel.as_ref().is_some_and(|k| !k.advised) {
            let mut d = self.clone();
            d.advise(prober);
            Cow::Owned(d)
        } else {
            Cow::Borrowed(self)
        }
    }

    /// The nearest fits alone (what JSON lists), without the rest of the advice when it was not
    /// given yet: the search from the kernel's assessment, as [`crate::checker::advise`] runs it.
    pub fn suggestions_by(&self, prober: &mut dyn Prober) -> Cow<'_, [Suggestion]> {
        match &self.kernel {
            Some(k) if !k.advised => Cow::Owned(crate::suggest::suggestions_for(&k.config, prober)),
            _ => Cow::Borrowed(self.suggestions()),
        }
    }

    /// The nearest fits found so far (none for an input error, or a finding not advised yet).
    pub fn suggestions(&self) -> &[Suggestion] {
        self.kernel.as_ref().map_or(&[], |k| &k.suggestions)
    }

    /// The secondary labels (a finding's).
    pub fn secondary(&self) -> &[(At, Cow<'static, str>)] {
        self.kernel.as_ref().map_or(&[], |k| &k.secondary)
    }

    /// The suggestions described, one string each.
    pub fn suggestion_texts(&self) -> Vec<String> {
        self.suggestions().iter().map(Suggestion::describe).collect()
    }

    /// The notes, then the suggestions as one line: the help (none when both are empty).
    pub fn help(&self) -> Option<String> {
        let mut lines = self.notes.to_vec();
        if !self.suggestions().is_empty() {
            lines.push(format!("nearest that fit: {}", self.suggestion_texts().join("; ")));
        }
        (!lines.is_empty()).then(|| lines.join("\n"))
    }

    /// The proc macro's compile error: the message (a rejection's detail after it), then each line
    /// of help after `help: `.
    pub fn text(&self) -> String {
        // The label says again what the message says, except for a rejection's detail.
        let mut s = if matches!(self.rule, Rule::CutlassRejects | Rule::Unbuildable) && self.kernel.is_some() {
            format!("{}: {}", self.message, self.label)
        } else {
            self.message.clone()
        };
        for line in self.help().unwrap_or_default().lines() {
            s.push_str("\nhelp: ");
            s.push_str(line);
        }
        s
    }
}
