//! The stated limits of a TOML configuration file (docs/limits.md), as input errors.
//!
//! The toml crate's document costs about fifty bytes of memory per byte of TOML. A file up to
//! [`MAX_TOML_DOCUMENT_BYTES`] may be parsed whole; a larger one is read a table at a time
//! ([`super::sections`]), which needs it to be a plain list of `[defaults]`, `[[kernel]]` and
//! `[[sweep]]` tables, each table within the same limit. A larger file of another shape, or with a
//! larger table, is refused at once (`smem::input-limit`) rather than parsed.

use std::ops::Range;

use super::{error, sections::Header, InputError, InputErrorKind};
use crate::limits::MAX_TOML_DOCUMENT_BYTES;

fn mib(bytes: usize) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// The first line of the file (where a whole-file error points).
fn first_line(source: &str) -> Range<usize> {
    0..source.find('\n').unwrap_or(source.len()).min(source.len())
}

/// A file too large to be parsed as one document.
pub(super) fn whole_document(source: &str) -> Option<InputError> {
    (source.len() > MAX_TOML_DOCUMENT_BYTES).then(|| not_plain_error(source))
}

fn not_plain_error(source: &str) -> InputError {
    error(
        InputErrorKind::Limit,
        first_line(source),
        format!(
            "this file is {} ({} bytes): over {}, a TOML file is read a table at a time, and this one is not a plain list of tables",
            mib(source.len()),
            source.len(),
            mib(MAX_TOML_DOCUMENT_BYTES)
        ),
        "too large to read whole",
        Some(
            "write it as `[defaults]` (once) and `[[kernel]]` / `[[sweep]]` tables, each header written just so and \
             alone on its line (a comment may follow), nothing but comments before the first (`kernel = [...]` \
             arrays, `[[ kernel ]]` and other headers are read whole), or split it into files of at most 8 MiB"
                .into(),
        ),
    )
}

/// [`whole_document`]'s error as the whole result of reading the file.
pub(super) fn not_plain(source: &str) -> super::ParsedFile {
    super::ParsedFile { errors: vec![not_plain_error(source)], ..super::ParsedFile::default() }
}

/// The first table of a large plain file that is too large to be parsed.
pub(super) fn large_tables(source: &str, tables: &[(Header, Range<usize>)]) -> Option<InputError> {
    let (_, range) = tables.iter().find(|(_, r)| r.len() > MAX_TOML_DOCUMENT_BYTES)?;
    let header = range.start..source[range.clone()].find('\n').map_or(range.end, |n| range.start + n);
    Some(error(
        InputErrorKind::Limit,
        header,
        format!(
            "this table is {} ({} bytes), over the {} a table may have",
            mib(range.len()),
            range.len(),
            mib(MAX_TOML_DOCUMENT_BYTES)
        ),
        "too large to read",
        Some("split it into several tables".into()),
    ))
}
