//! The TOML configuration format: named kernels, sweeps, per-file defaults, target architectures.
//!
//! ```toml
//! [defaults]
//! arch = ["sm120", "sm121"]      # targets: each kernel is checked against each cap
//! cutlass = "4.5.0"
//! kernel = "grouped"
//! a = "nvfp4"
//! b = "nvfp4"
//! c = "bf16"
//! d = "bf16"
//!
//! [[kernel]]
//! name = "moe_128x256x128"
//! tile = [128, 256, 128]
//! stages = 4
//!
//! [[sweep]]
//! name = "nvfp4"
//! tile = [[128, 128, 128], [128, 256, 128]]
//! stages = ["auto", 2, 3]
//! outputs = [["bf16", "bf16"], ["void", "nvfp4"]]
//! ```
//!
//! Parsing collects every problem of a file in one pass and keeps the byte span of every value, so
//! that findings point at the exact value that produced them (a sweep's list element included).

use std::fmt::Write as _;
mod fields;
mod limits;
mod sections;
mod spellings;

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use rayon::prelude::*;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use std::borrow::Cow;

use crate::diagnostic::Diagnostic;
use crate::emit::identifier;
use crate::front::key_error::{key_error, KeyProblem};
use crate::keys::Front;
use crate::model::{Arch, ConfigField, KernelConfig};
use crate::rules::Rule;

pub use fields::Settings;
pub(crate) use sections::declares_kernels;

/// The rules of the TOML reader's input errors, by their short names: the reader's shorthand for
/// [`Rule`]s (what [`error`] is given), nothing kept (an error is a [`Diagnostic`] under the rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputErrorKind {
    Syntax,
    UnknownKey,
    WrongType,
    UnknownValue,
    InvalidValue,
    Missing,
    DuplicateName,
    /// Over a stated limit (docs/limits.md).
    Limit,
}

impl InputErrorKind {
    pub const fn rule(self) -> Rule {
        match self {
            InputErrorKind::Syntax => Rule::TomlSyntax,
            InputErrorKind::UnknownKey => Rule::UnknownKey,
            InputErrorKind::WrongType => Rule::WrongType,
            InputErrorKind::UnknownValue => Rule::UnknownValue,
            InputErrorKind::InvalidValue => Rule::InvalidValue,
            InputErrorKind::Missing => Rule::MissingKey,
            InputErrorKind::DuplicateName => Rule::DuplicateName,
            InputErrorKind::Limit => Rule::InputLimit,
        }
    }
}

/// A problem with the file itself, at a span: the one diagnostic record, with no kernel.
pub type InputError = Diagnostic;

/// One kernel configuration declared by the file (a `[[kernel]]`, or one point of a `[[sweep]]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// A C identifier, unique in the file.
    pub name: String,
    pub config: KernelConfig,
    /// The architectures to check it against.
    pub targets: Vec<Arch>,
    /// Where each field's value was written (for the kernel, the sweep element, or `[defaults]`).
    pub spans: FieldSpans,
    /// The `name = ...` value (or the table) that declared it.
    pub name_span: Range<usize>,
}

impl Entry {
    /// The span for a finding about `field`, falling back to the entry's name.
    pub(crate) fn span_of(&self, field: ConfigField) -> Range<usize> {
        self.spans.get(&field).cloned().unwrap_or_else(|| self.name_span.clone())
    }
}

/// Where each configuration field was written: a small map (a dozen fields at most), kept as a
/// vector so that a 100,000-point sweep does not carry 100,000 hash tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldSpans(Vec<(ConfigField, Range<usize>)>);

impl FieldSpans {
    /// Set `field`'s span, replacing an earlier one (a table's own key wins over `[defaults]`).
    pub(crate) fn insert(&mut self, field: ConfigField, span: Range<usize>) {
        match self.0.iter_mut().find(|(f, _)| *f == field) {
            Some((_, s)) => *s = span,
            None => self.0.push((field, span)),
        }
    }

    pub fn get(&self, field: &ConfigField) -> Option<&Range<usize>> {
        self.0.iter().find(|(f, _)| f == field).map(|(_, s)| s)
    }

    pub(crate) fn contains_key(&self, field: ConfigField) -> bool {
        self.get(&field).is_some()
    }
}

/// A parsed file: its entries and every problem found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedFile {
    pub entries: Vec<Entry>,
    pub errors: Vec<InputError>,
    /// Every `name = ...` of a kernel or sweep table, valid or not, for the duplicate check.
    pub declared: Vec<(String, Range<usize>)>,
}

pub(crate) fn error(
    kind: InputErrorKind,
    span: Range<usize>,
    message: impl Into<String>,
    label: impl Into<String>,
    help: Option<String>,
) -> InputError {
    Diagnostic::input(kind.rule(), span, message, Cow::Owned(label.into()), help)
}

/// The most kernel configurations one file may expand to unless raised (`--max-points`): sweeps are
/// cartesian products, and ten lists of thirty values would otherwise exhaust memory.
pub(crate) const DEFAULT_MAX_POINTS: u64 = 1_000_000;

/// Parse a configuration file's text.
pub fn parse(source: &str) -> ParsedFile {
    parse_limited(source, DEFAULT_MAX_POINTS)
}

/// [`parse`] with a limit on the configurations the file may expand to.
pub(crate) fn parse_limited(source: &str, max_points: u64) -> ParsedFile {
    let mut entries = Vec::new();
    let mut out = parse_each(source, max_points, &mut |e, _| entries.push(e));
    if !out.parses() {
        entries.clear();
    }
    out.entries = entries;
    out
}

impl ParsedFile {
    /// Whether the file parses. Of a file that does not, only its first syntax error is reported:
    /// entries handed on before it was found (a large file's tables are read one after another)
    /// are to be dropped.
    pub fn parses(&self) -> bool {
        // A key given twice is the parser's error (`syntax_error`).
        self.errors.iter().all(|e| !matches!(e.rule, Rule::TomlSyntax | Rule::DuplicateKey))
    }
}

/// Reading a file's tables, each expanded into its entries as soon as it is read: a table's points
/// are handed on (and checked and dropped by the caller) before the next table is read, so memory
/// holds the file, the findings, and one table at a time.
struct Read<'s, 'f> {
    defaults: Settings,
    /// How many configurations the tables read so far declare.
    planned: u64,
    max_points: u64,
    /// Tables not read yet (each declares at least one configuration): with `planned`, the total
    /// the entries are handed on with.
    upcoming: u64,
    expand: Expand<'s, 'f>,
}

/// Names seen so far, and where entries go.
struct Expand<'s, 'f> {
    source: &'s str,
    on_entry: &'f mut dyn FnMut(Entry, usize),
    /// Every declared name (of a kernel or sweep table, valid or not), and where it first was.
    declared: HashMap<String, Range<usize>, foldhash::fast::RandomState>,
    /// Whether a declared name was used twice.
    declared_twice: bool,
    /// Every generated name.
    names: HashSet<Box<str>, foldhash::fast::RandomState>,
    /// Where in the file's errors the collisions of generated names are: reported unless a
    /// declared name is used twice (which would make every point collide), known once the whole
    /// file is read.
    collisions: Vec<usize>,
}

impl<'s, 'f> Read<'s, 'f> {
    fn new(source: &'s str, max_points: u64, on_entry: &'f mut dyn FnMut(Entry, usize)) -> Self {
        Read {
            defaults: Settings::default(),
            planned: 0,
            max_points,
            upcoming: 0,
            expand: Expand {
                source,
                on_entry,
                declared: HashMap::default(),
                declared_twice: false,
                names: HashSet::default(),
                collisions: Vec::new(),
            },
        }
    }

    /// Read a document's (or one table's) top-level keys: `[defaults]` first, then the kernel and
    /// sweep tables in file order, by key in the order the keys first appear; each table's points
    /// are expanded once it is read.
    fn tables(&mut self, root: &DeTable<'_>, out: &mut ParsedFile) {
        if let Some(d) = root.get("defaults") {
            match d.get_ref() {
                DeValue::Table(t) => {
                    self.defaults.read_table(t, fields::Scope::Defaults, &mut out.errors);
                    spellings::one_spelling(t, &mut out.errors);
                }
                other => out.errors.push(wrong_type(d.span(), "`defaults` must be a table", other)),
            }
        }
        for (key, value) in root {
            match key.get_ref().as_ref() {
                "defaults" => {}
                "kernel" | "sweep" => {
                    let scope = if key.get_ref() == "kernel" { fields::Scope::Kernel } else { fields::Scope::Sweep };
                    let Some(tables) = tables_of(value, &mut out.errors) else { continue };
                    for table in tables {
                        self.take(prepare(table, scope, &self.defaults), out);
                    }
                }
                other => out.errors.push(error(
                    InputErrorKind::UnknownKey,
                    key.span(),
                    format!("unknown top-level key `{other}`"),
                    "not a smem-lint key",
                    Some("the top level holds `[defaults]`, `[[kernel]]` and `[[sweep]]`".into()),
                )),
            }
        }
    }

    /// A table prepared ([`prepare`]) admitted to the file, and its points handed on.
    fn take(&mut self, prepared: Prepared, out: &mut ParsedFile) {
        self.upcoming = self.upcoming.saturating_sub(1);
        let pending = admit(prepared, out, self.max_points, &mut self.planned);
        self.expand.declared(out);
        if let Some(p) = pending {
            let total = self.planned.saturating_add(self.upcoming);
            self.expand.points(p, usize::try_from(total).unwrap_or(usize::MAX), out);
        }
    }

    /// The file's errors, once every table is read.
    fn finish(self, mut out: ParsedFile) -> ParsedFile {
        if self.expand.declared_twice {
            let mut drop = self.expand.collisions.into_iter().peekable();
            let mut i = 0;
            out.errors.retain(|_| {
                let keep = drop.next_if_eq(&i).is_none();
                i += 1;
                keep
            });
        }
        out.errors.sort_by_key(|e| e.at.start);
        out
    }
}

impl Expand<'_, '_> {
    /// The names the last table declared (in `out.declared`): a name used before is an error.
    fn declared(&mut self, out: &mut ParsedFile) {
        for (name, span) in std::mem::take(&mut out.declared) {
            if let Some(first) = self.declared.get(&name) {
                let (line, _) = line_col(self.source, first.start);
                out.errors.push(error(
                    InputErrorKind::DuplicateName,
                    span,
                    format!("kernel name `{name}` is used twice"),
                    format!("first used on line {line}"),
                    Some("names become C identifiers in emitted tables; make them unique".into()),
                ));
                self.declared_twice = true;
            } else {
                self.declared.insert(name, span);
            }
        }
    }

    /// Hand on each configuration of a table, in order, until one fails to build.
    fn points(&mut self, pending: Pending, total: usize, out: &mut ParsedFile) {
        let Pending { points, name: declared, name_span, single } = pending;
        let mut emit = |built: Built| match built {
            Ok((config, targets, spans)) => {
                let name = if single {
                    identifier(&declared)
                } else {
                    identifier(&format!("{declared}_{}", point_suffix(&config)))
                };
                if !self.names.insert(name.as_str().into()) {
                    self.collisions.push(out.errors.len());
                    out.errors.push(error(
                        InputErrorKind::DuplicateName,
                        name_span.clone(),
                        format!("two configurations are both named `{name}`"),
                        "declared here",
                        Some("give the kernels or sweeps distinct names".into()),
                    ));
                }
                (self.on_entry)(Entry { name, config, targets, spans, name_span: name_span.clone() }, total);
                true
            }
            Err(e) => {
                out.errors.push(e);
                false
            }
        };
        match points {
            Points::Sweep(settings) => {
                for point in settings.points() {
                    if !emit(point.build(&name_span)) {
                        break;
                    }
                }
            }
            Points::One(built) => {
                emit(*built);
            }
        }
    }
}

/// The file read as one document; `Err` with the file's first syntax error when it does not parse.
fn read_whole(read: &mut Read<'_, '_>, source: &str) -> ParsedFile {
    let mut out = ParsedFile::default();
    if let Some(e) = limits::whole_document(source) {
        out.errors.push(e);
        return out;
    }
    let (root, syntax) = DeTable::parse_recoverable(source);
    // The parser recovers, but one missing bracket cascades into several errors and a half-read
    // table: report the first syntax error only, and nothing about a file that does not parse.
    if let Some(e) = syntax.first() {
        out.errors.push(syntax_error(e, source, 0, syntax.len()));
        return out;
    }
    read.upcoming = ["kernel", "sweep"]
        .iter()
        .filter_map(|k| root.get_ref().get(*k)?.get_ref().as_array().map(|a| a.len() as u64))
        .sum();
    read.tables(root.get_ref(), &mut out);
    out
}

/// A syntax error of the parser in `text` (at `offset` in the file), reported alone. A key
/// written twice in a table is the parser's error too; it is reported as every front end reports
/// it ([`key_error`]).
fn syntax_error(e: &toml::de::Error, text: &str, offset: usize, count: usize) -> InputError {
    let span = e.span().map_or(offset..offset, |s| s.start + offset..s.end + offset);
    if e.message().trim() == "duplicate key" {
        if let Some(key) = e.span().and_then(|s| text.get(s)) {
            let key = key.trim().trim_matches(|c| c == '"' || c == '\'');
            return key_error(Front::Toml, key, KeyProblem::Twice).at(span);
        }
    }
    error(
        InputErrorKind::Syntax,
        span,
        format!("TOML syntax: {}", e.message().trim()),
        "here",
        (count > 1).then(|| "fix this first: later syntax errors may follow from it".to_string()),
    )
}

/// How a file was read a table at a time.
enum Sectioned {
    /// Every table read.
    Read(ParsedFile),
    /// The file is not a plain list of tables, or (a small file) one of its tables does not parse
    /// on its own: it is read whole instead.
    Whole,
}

/// The file read a table at a time ([`sections`]), in the order a whole-document read takes:
/// `[defaults]`, then every table of the key that appears first, then of the other. A file too
/// large to be read whole that is not a plain list of tables, or has a table too large or that does
/// not parse, is refused here with what is wrong ([`limits`]).
fn read_by_sections(read: &mut Read<'_, '_>, source: &str) -> Sectioned {
    use sections::Header;
    let large = source.len() > crate::limits::MAX_TOML_DOCUMENT_BYTES;
    let Some(mut tables) = sections::split(source) else {
        return if large { Sectioned::Read(limits::not_plain(source)) } else { Sectioned::Whole };
    };
    // Kernels and sweeps are read by key, the key written first first; a stable sort keeps each
    // key's tables in file order.
    let first = tables.iter().map(|(h, _)| *h).find(|&h| h != Header::Defaults).unwrap_or(Header::Kernel);
    tables.sort_by_key(|&(h, _)| (h != Header::Defaults, h != first));
    if !large {
        // A small file whose tables do not all parse on their own is read whole, which reports its
        // first syntax error as the whole file has it.
        if tables.par_iter().any(|(_, r)| sections::parse(source, r.clone()).is_none()) {
            return Sectioned::Whole;
        }
    } else if let Some(e) = limits::large_tables(source, &tables) {
        return Sectioned::Read(ParsedFile { errors: vec![e], ..ParsedFile::default() });
    }
    let mut out = ParsedFile::default();
    read.upcoming = tables.len() as u64;
    let mut rest = tables.as_slice();
    // `[defaults]` first (sorted so), alone: the other tables are read over it.
    if let Some(((Header::Defaults, range), others)) = rest.split_first() {
        match sections::parse(source, range.clone()) {
            Some(table) => read.tables(&table, &mut out),
            None => return broken(large, source, range, out),
        }
        rest = others;
    }
    // Then the kernel and sweep tables, a batch at a time: parsed and prepared on every core, then
    // admitted and expanded in file order.
    let defaults = read.defaults.clone();
    for batch in rest.chunks(PARSED_TOGETHER) {
        let prepared: Vec<Option<Vec<Prepared>>> = batch
            .par_iter()
            .map(|(header, range)| {
                let root = sections::parse(source, range.clone())?;
                let scope = if *header == Header::Kernel { fields::Scope::Kernel } else { fields::Scope::Sweep };
                // A section holds its header's array of one table, nothing else.
                let tables = root.values().filter_map(|v| v.get_ref().as_array()).flatten();
                Some(tables.map(|t| prepare(t, scope, &defaults)).collect())
            })
            .collect();
        for ((_, range), section) in batch.iter().zip(prepared) {
            let Some(section) = section else { return broken(large, source, range, out) };
            for p in section {
                read.take(p, &mut out);
            }
        }
    }
    Sectioned::Read(out)
}

/// A table that does not parse on its own. A small file is read whole instead (nothing was handed
/// on: its tables were all parsed first). A large one cannot be: the table's own first syntax error
/// is the file's, and what was read before it is dropped (`ParsedFile::parses`).
fn broken(large: bool, source: &str, range: &Range<usize>, mut out: ParsedFile) -> Sectioned {
    if !large {
        return Sectioned::Whole;
    }
    let (_, syntax) = DeTable::parse_recoverable(&source[range.clone()]);
    if let Some(e) = syntax.first() {
        out.errors.push(syntax_error(e, &source[range.clone()], range.start, syntax.len()));
    }
    Sectioned::Read(out)
}

/// Tables parsed together: enough for every core, few enough to hold.
const PARSED_TOGETHER: usize = 1024;

/// A `[[kernel]]` or `[[sweep]]` table read and checked, its points not yet expanded.
struct Pending {
    points: Points,
    name: String,
    name_span: Range<usize>,
    single: bool,
}

/// A configuration as a point becomes one, or the error that stops it.
type Built = Result<(KernelConfig, Vec<Arch>, FieldSpans), InputError>;

/// A table's points: a sweep's settings, expanded one point at a time; a table of one point
/// (every `[[kernel]]`) built at once.
enum Points {
    Sweep(Settings),
    One(Box<Built>),
}

/// [`parse_limited`], handing each entry to `on_entry(entry, total)` as it is expanded instead of
/// collecting them (`total`: how many the file declares, as far as it has been read: the points of
/// the tables read so far plus one for each table still to read). The returned file's `entries`
/// is empty.
pub(crate) fn parse_each(source: &str, max_points: u64, on_entry: &mut dyn FnMut(Entry, usize)) -> ParsedFile {
    parse_each_by(source, max_points, true, on_entry)
}

/// [`parse_each`], reading a plain file a table at a time when `by_sections` (the tests compare the
/// two readings).
fn parse_each_by(
    source: &str,
    max_points: u64,
    by_sections: bool,
    on_entry: &mut dyn FnMut(Entry, usize),
) -> ParsedFile {
    let mut read = Read::new(source, max_points, on_entry);
    let sectioned = if by_sections { read_by_sections(&mut read, source) } else { Sectioned::Whole };
    let out = match sectioned {
        Sectioned::Read(out) => out,
        Sectioned::Whole => {
            // Nothing was handed on: a table that does not parse is found before any is read.
            read.upcoming = 0;
            read_whole(&mut read, source)
        }
    };
    read.finish(out)
}

fn wrong_type(span: Range<usize>, message: &str, found: &DeValue<'_>) -> InputError {
    error(InputErrorKind::WrongType, span, message, format!("found {}", found.type_str()), None)
}

fn tables_of<'a, 'i>(
    value: &'a Spanned<DeValue<'i>>,
    errors: &mut Vec<InputError>,
) -> Option<Vec<&'a Spanned<DeValue<'i>>>> {
    match value.get_ref() {
        DeValue::Array(items) => Some(items.iter().collect()),
        other => {
            errors.push(wrong_type(
                value.span(),
                "`kernel` and `sweep` are arrays of tables: write `[[kernel]]`",
                other,
            ));
            None
        }
    }
}

/// A `[[kernel]]` or `[[sweep]]` table read on its own (it needs only the defaults, so the tables of
/// a large file are prepared on every core): its errors in the order they are found, the name it
/// declares, and its settings (or its one configuration, built), not yet admitted to the file.
struct Prepared {
    errors: Vec<InputError>,
    /// The declared name (as an identifier) and where, when the table has one.
    declared: Option<(String, Range<usize>)>,
    /// What [`admit`] needs, when the table has no error.
    ready: Option<Ready>,
}

struct Ready {
    name: String,
    name_span: Range<usize>,
    /// `None` past 2^64.
    points: Option<u64>,
    settings: Points,
    single: bool,
}

fn prepare(table: &Spanned<DeValue<'_>>, scope: fields::Scope, defaults: &Settings) -> Prepared {
    let mut errors = Vec::new();
    let DeValue::Table(t) = table.get_ref() else {
        errors.push(wrong_type(table.span(), "expected a table", table.get_ref()));
        return Prepared { errors, declared: None, ready: None };
    };
    let mut settings = defaults.clone();
    settings.read_table(t, scope, &mut errors);
    spellings::one_spelling(t, &mut errors);
    let (name, name_span) = if let Some(v) = t.get("name") {
        if let Some(s) = v.get_ref().as_str() {
            (s.to_string(), v.span())
        } else {
            errors.push(wrong_type(v.span(), "`name` must be a string", v.get_ref()));
            return Prepared { errors, declared: None, ready: None };
        }
    } else {
        errors.push(error(
            InputErrorKind::Missing,
            table.span(),
            format!("this {} has no `name`", if scope == fields::Scope::Kernel { "kernel" } else { "sweep" }),
            "add `name = \"...\"`",
            None,
        ));
        return Prepared { errors, declared: None, ready: None };
    };
    // A sweep's points get suffixed names; a kernel's name is used as it is.
    let checked =
        if scope == fields::Scope::Kernel || name.is_empty() { crate::emit::reserved_name(&name) } else { None };
    if let Some(why) = checked {
        errors.push(error(
            InputErrorKind::InvalidValue,
            name_span.clone(),
            format!("kernel name {why}"),
            "not usable as an identifier",
            Some("names become C++ namespaces, X-macro arguments and CMake variables: choose another".into()),
        ));
        return Prepared { errors, declared: None, ready: None };
    }
    let declared = Some((identifier(&name), name_span.clone()));
    if !errors.is_empty() {
        return Prepared { errors, declared, ready: None };
    }
    let count = settings.point_count();
    let one = if count == Some(1) { settings.points().next() } else { None };
    let settings = match one {
        Some(point) => Points::One(Box::new(point.build(&name_span))),
        None => Points::Sweep(settings),
    };
    let ready = Ready { name, name_span, points: count, settings, single: scope == fields::Scope::Kernel };
    Prepared { errors, declared, ready: Some(ready) }
}

/// A prepared table admitted to the file: its errors and declared name recorded, its points counted
/// against the file's room.
fn admit(prepared: Prepared, out: &mut ParsedFile, max_points: u64, planned: &mut u64) -> Option<Pending> {
    let Prepared { mut errors, declared, ready } = prepared;
    out.errors.append(&mut errors);
    out.declared.extend(declared);
    let Ready { name, name_span, points, settings, single } = ready?;
    let room = max_points.saturating_sub(*planned);
    match points {
        Some(n) if n <= room => *planned += n,
        n => {
            let size = n.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
            out.errors.push(error(
                InputErrorKind::InvalidValue,
                name_span,
                format!("this sweep expands to {size} configurations; the file may hold {max_points} in all"),
                "too many points",
                Some("split the sweep, or raise the limit with --max-points N".into()),
            ));
            return None;
        }
    }
    Some(Pending { points: settings, name, name_span, single })
}

/// `grouped_nvfp4xnvfp4_bf16_bf16_128x256x128_auto_sauto`: what distinguishes a sweep point (plus
/// the CUTLASS version, epilogue, fusion and cluster when they are not the defaults).
fn point_suffix(c: &KernelConfig) -> String {
    if let crate::model::Family::Dsl(f) = c.family {
        return dsl_point_suffix(f, c);
    }
    let mut extra = String::new();
    match c.family {
        crate::model::Family::Dsl(_) => unreachable!("named above"),
        crate::model::Family::BlockScaled => {}
        crate::model::Family::Blockwise(g) => {
            let _ = write!(extra, "_blockwise{}x{}x{}", g.m, g.n, g.k);
        }
        f @ crate::model::Family::F8f6f4 => {
            let _ = write!(extra, "_{}", f.name());
        }
    }
    if c.cutlass != crate::model::CutlassVersion::LATEST {
        let _ = write!(extra, "_cutlass{}", c.cutlass);
    }
    if c.epilogue != crate::model::Epilogue::Builder {
        let _ = write!(extra, "_{}", c.epilogue.name());
    }
    match c.fusion {
        crate::model::Fusion::Default => {}
        // A tree or a written-out type: a short stable digest of its canonical text.
        f @ (crate::model::Fusion::Evt(_) | crate::model::Fusion::LinCombBlockScaleFactor(_)) => {
            let _ = write!(extra, "_fusion{:08x}", fnv1a(f.name().as_bytes()));
        }
        f => {
            let _ = write!(extra, "_{}", f.name());
        }
    }
    if c.dynamic_cluster {
        extra.push_str("_clusterdynamic");
    } else if c.cluster != crate::model::Cluster::ONE {
        let _ = write!(extra, "_cluster{}x{}x{}", c.cluster.m, c.cluster.n, c.cluster.k);
    }
    if c.epilogue_schedule != crate::model::EpilogueSchedule::Auto {
        let _ = write!(extra, "_{}", c.epilogue_schedule.name());
    }
    if c.layout_c != crate::model::Layout::RowMajor || c.layout_d != crate::model::Layout::RowMajor {
        let _ = write!(extra, "_L{}{}", &c.layout_c.name()[..1], &c.layout_d.name()[..1]);
    }
    if let crate::model::EpilogueTile::Explicit { m, n } = c.epilogue_tile {
        let _ = write!(extra, "_epi{m}x{n}");
    }
    if let Some(t) = c.epilogue_cta_tile {
        let _ = write!(extra, "_epicta{}x{}x{}", t.m, t.n, t.k);
    }
    if let Some(w) = c.warp {
        let _ = write!(extra, "_w{}x{}x{}", w.m, w.n, w.k);
    }
    if c.epilogue_op_class != crate::model::EpilogueOpClass::Auto {
        let _ = write!(extra, "_epiop{}", c.epilogue_op_class.name());
    }
    if c.scheduler != crate::model::TileScheduler::Auto {
        let _ = write!(extra, "_{}", c.scheduler.name());
    }
    format!(
        "{}_{}x{}_{}_{}_{}x{}x{}_{}_s{}{extra}",
        c.kind.name(),
        c.a,
        c.b,
        c.c,
        c.d,
        c.tile.m,
        c.tile.n,
        c.tile.k,
        c.schedule.name(),
        c.stages
    )
}

/// `b12x_moe_dynamic_fi0_6_14_h3072_i1024_e256_k8_t4096`: every DSL key a sweep point writes, so
/// that names stay unique (a written default is named too: a name never depends on defaults).
fn dsl_point_suffix(f: crate::model::dsl::DslFamily, c: &KernelConfig) -> String {
    let d = &c.dsl;
    let mut s = f.name().replace('-', "_");
    if let Some(v) = d.flashinfer {
        let _ = write!(s, "_fi{}", v.name().replace('.', "_"));
    }
    if let Some(v) = d.flash_attn {
        let _ = write!(s, "_fa{}", v.name().replace('.', "_"));
    }
    for (tag, v) in [
        ("h", d.hidden),
        ("i", d.intermediate),
        ("e", d.experts),
        ("k", d.top_k),
        ("t", d.tokens),
        ("sm", d.sm_count),
        ("m", d.m),
        ("n", d.n),
        ("kk", d.k),
        ("hd", d.head_dim),
        ("hdv", d.head_dim_v),
    ] {
        if let Some(v) = v {
            let _ = write!(s, "_{tag}{v}");
        }
    }
    if let Some(a) = d.activation {
        let _ = write!(s, "_{}", a.name());
    }
    if let Some(causal) = d.causal {
        s.push_str(if causal { "_causal" } else { "_noncausal" });
    }
    if let Some(t) = d.dtype {
        let _ = write!(s, "_{}", t.name());
    }
    if let Some([m, n]) = d.tile {
        let _ = write!(s, "_tile{m}x{n}");
    }
    let _ = write!(s, "_{}x{}_{}", c.a, c.b, c.d);
    s
}

/// FNV-1a, 32 bits: a digest that names a fusion tree in generated names the same on every run.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// Line and column (1-based) of a byte offset.
pub(crate) fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Keep `DeTable` in the public surface for the cargo front end, which reads Cargo.toml the same way.
pub type Table<'i> = DeTable<'i>;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(source: &str, by_sections: bool) -> ParsedFile {
        let mut entries = Vec::new();
        let mut out = parse_each_by(source, DEFAULT_MAX_POINTS, by_sections, &mut |e, _| entries.push(e));
        out.entries = entries;
        out
    }

    /// Reading a table at a time gives what reading the whole document gives: entries, names,
    /// spans and errors.
    fn same(source: &str) -> Result<(), TestCaseError> {
        prop_assert_eq!(read(source, true), read(source, false), "{}", source);
        Ok(())
    }

    fn toml_files(dir: &std::path::Path, into: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                toml_files(&path, into);
            } else if path.extension().is_some_and(|e| e == "toml") {
                into.push(path);
            }
        }
    }

    const PLAIN: &str = r#"# generated
[defaults]
arch = ["sm120", "sm121"]
kernel = "grouped"
a = "nvfp4"
b = "nvfp4"
c = "bf16"
d = "bf16"

[[kernel]]
name = "k0"
tile = [128, 256, 128]
stages = 4

[[sweep]]   # a comment
name = "s"
tile = [
  [128, 128, 128],
  [128, 256, 128],
]
stages = ["auto", 2, 3]

  [[kernel]]
name = "k1"
tile = [128, 128, 128]
epilogue = { smem_bytes = 1024 }
"#;

    #[test]
    fn every_bundled_file_reads_the_same_by_tables() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        toml_files(&root.join("configs"), &mut files);
        toml_files(&root.join("tests/fixtures"), &mut files);
        assert!(files.len() > 15, "{}", files.len());
        for path in files {
            same(&std::fs::read_to_string(&path).unwrap()).unwrap();
        }
        same(PLAIN).unwrap();
    }

    /// Which files are cut at their headers, and which are read whole.
    #[test]
    fn only_plain_files_are_cut() {
        use sections::Header::{Defaults, Kernel, Sweep};
        let headers = |text: &str| sections::split(text).map(|s| s.into_iter().map(|(h, _)| h).collect::<Vec<_>>());
        assert_eq!(headers(PLAIN), Some(vec![Defaults, Kernel, Sweep, Kernel]));
        assert_eq!(headers(&PLAIN.replace('\n', "\r\n")), Some(vec![Defaults, Kernel, Sweep, Kernel]));
        assert_eq!(sections::split(""), Some(vec![]));
        for not_plain in [
            format!("arch = \"sm120\"\n{PLAIN}"),
            format!("{PLAIN}\n[defaults]\nstages = 3\n"),
            PLAIN.replace("[[sweep]]", "[[ sweep ]]"),
            PLAIN.replace("[[sweep]]", "[[sweep.x]]"),
            PLAIN.replace("[[sweep]]", "[sweep]"),
            PLAIN.replace("[[sweep]]   # a comment", "[[sweep]] x = 1"),
            format!("{PLAIN}\n[other]\n"),
            format!("a = {}1{}\n", "[".repeat(40), "]".repeat(40)),
            PLAIN.replace("# generated", "x = '''\n[[kernel]]\n'''"),
        ] {
            assert_eq!(sections::split(&not_plain), None, "{not_plain}");
            same(&not_plain).unwrap();
        }
        // A header inside a string or a comment is not a header.
        let in_string =
            PLAIN.replace("stages = 4", "stages = 4\nfusion = \"[[kernel]]\" # [[sweep]]\nx = '''\n[[kernel]]\n'''");
        assert_eq!(headers(&in_string), Some(vec![Defaults, Kernel, Sweep, Kernel]));
        same(&in_string).unwrap();
        same(&PLAIN.replace('\n', "\r\n")).unwrap();
    }

    /// Lines of kernel files, shuffled: kernels and sweeps in any order, headers in strings and
    /// arrays, broken tables, duplicate names.
    fn line() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "[defaults]",
            "[[kernel]]",
            "[[sweep]]",
            "  [[kernel]] # k",
            "[[sweep]]\r",
            "[defaults.x]",
            "[other]",
            "name = \"k\"",
            "name = \"s\"",
            "name = \"\"",
            "name = 3",
            "kernel = \"grouped\"",
            "a = \"nvfp4\"",
            "b = \"nvfp4\"",
            "c = \"bf16\"",
            "d = \"bf16\"",
            "tile = [128, 256, 128]",
            "tile = [",
            "[128, 128, 128],",
            "[64, 256, 128]]",
            "tile = [[128, 128, 128], [256, 128, 128]]",
            "stages = [\"auto\", 2]",
            "stages = 4",
            "stages = \"[[kernel]]\"",
            "x = '''",
            "'''",
            "# [[kernel]]",
            "",
            "arch = [\"sm120\", \"sm121\"]",
            "epilogue = { smem_bytes = 4096 }",
            "unknown = 1",
            "tile = [1, 2",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

        #[test]
        fn generated_files_read_the_same_by_tables(lines in prop::collection::vec(line(), 0..40)) {
            same(&lines.join("\n"))?;
        }

        #[test]
        fn plain_files_read_the_same_by_tables(
            kernels in prop::collection::vec((0usize..4, 0usize..6, any::<bool>()), 1..12),
        ) {
            let mut text = String::from("[defaults]\nkernel = \"grouped\"\na = \"nvfp4\"\nb = \"nvfp4\"\nd = \"bf16\"\n");
            for (i, (tile, stages, sweep)) in kernels.into_iter().enumerate() {
                let tile = ["[128, 128, 128]", "[128, 256, 128]", "[256, 256, 128]", "[64, 64, 64]"][tile];
                let stages = stages + 1;
                if sweep {
                    let _ = write!(text, "[[sweep]]\nname = \"s{i}\"\ntile = [{tile}, [128, 128, 128]]\nstages = [{stages}, \"auto\"]\n");
                } else {
                    let _ = write!(text, "[[kernel]]\nname = \"k{}\"\nc = \"bf16\"\ntile = {tile}\nstages = {stages}\n\n", i % 5);
                }
            }
            prop_assert!(sections::split(&text).is_some());
            same(&text)?;
        }
    }
}
