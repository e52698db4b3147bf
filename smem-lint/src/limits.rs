//! The stated limits of the input (docs/limits.md): sizes beyond which input is refused with an
//! input error (exit 2), never a crash, a hang or unbounded memory. Each is far above what a real
//! configuration needs.

/// The largest file read: a TOML configuration, a Rust source, an instantiation list, a JSON-lines
/// file read whole (`verify`), a Cargo manifest. (`eval` streams its input and has no file limit.)
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The largest TOML document parsed at once. The toml crate's document costs about fifty bytes
/// per byte of TOML, so a larger file is read a table at a time, which only a plain list of
/// `[defaults]`, `[[kernel]]` and `[[sweep]]` tables can be; a larger file of another shape, and a
/// larger single table, are refused.
pub const MAX_TOML_DOCUMENT_BYTES: usize = 8 << 20;

/// The longest line of a JSON-lines input (`eval`, `verify`): a configuration is a few hundred bytes.
pub const MAX_JSON_LINE_BYTES: usize = 1 << 20;

/// The deepest nesting of Rust tokens read (`#[smem_check]` arguments and annotated items, the Rust
/// sources `cargo smem-lint` scans), in levels of syn's recursive descent: brackets, runs of prefix
/// operators (`- - - 3`, `&mut &mut T`), right-associative chains (`a = b = c`, `fn() -> fn()`),
/// open generic argument lists (`A<A<T>>`) and closures (`rust_attr::depth`).
pub const MAX_RUST_NESTING: usize = 256;

/// The most problems reported for one `#[smem_check]` attribute (then one saying how many more).
pub const MAX_ATTRIBUTE_ISSUES: usize = 100;

/// The most `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM` calls one import reads.
pub const MAX_IMPORT_CALLS: usize = 1_000_000;

/// The longest argument list of one instantiation call.
pub const MAX_CALL_BYTES: usize = 64 << 10;

/// Lines longer than this are not quoted in a diagnostic: its location is given instead.
pub const MAX_QUOTED_LINE_BYTES: usize = 4 << 10;

/// The most output kept of one compiler run (`verify`), per stream: the start (where the first
/// error is) and the end (the last line).
pub const MAX_COMPILER_OUTPUT_BYTES: usize = 1 << 20;

/// The largest CUTLASS header read (`--cutlass-include`: `cutlass/version.h`, the dispatch policy,
/// the model-relevant headers hashed to recognise a release). CUTLASS's largest is about 120 KiB.
pub const MAX_HEADER_BYTES: u64 = 4 << 20;
