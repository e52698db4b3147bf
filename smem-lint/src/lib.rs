//! smem-lint: does a CUTLASS GEMM configuration fit in shared memory, and by how many bytes?
//!
//! The [`model`] reproduces `sizeof(GemmKernel::SharedStorage)` and the pipeline stage count of the
//! kernels CUTLASS's CollectiveBuilders produce, per architecture family and CUTLASS version, with a
//! breakdown of every member. It has no dependencies and does no I/O; the `cli` feature adds the
//! front ends (JSON lines, TOML, diagnostics).
//!
//! ```
//! use smem_lint::model::*;
//! let cfg = KernelConfig {
//!     cutlass: CutlassVersion::V4_2_0,
//!     ..KernelConfig::sm120(KernelKind::Grouped, Operand::Nvfp4, Operand::Nvfp4,
//!                           Output::Bf16, Output::Bf16, Tile { m: 128, n: 256, k: 128 })
//! };
//! let a = assess(&cfg, Arch::Sm120).unwrap();
//! assert_eq!(a.footprint.unwrap().kernel_bytes, 98304);
//! assert!(matches!(a.status, Status::Fits { headroom: 3072 }));
//! ```

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]
// Standard output and error are written through `output` only: a failed write is an error there,
// never a panic.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub use checked::{table_entry, SmemChecked};

#[cfg(feature = "cli")]
pub(crate) mod atomic;
#[cfg(feature = "cli")]
pub mod check;
mod checked;
pub mod checker;
#[cfg(feature = "cli")]
pub mod config_file;
pub mod cutlass_library;
pub mod diagnostic;
pub mod emit;
#[cfg(feature = "cli")]
pub mod eval_stream;
#[cfg(feature = "cli")]
pub(crate) mod exit;
#[cfg(feature = "cli")]
pub mod fingerprint;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod fuzzing;
// The pipeline, one folder a layer: front ends (TOML, JSON lines, the attribute, Cargo, flags) ->
// `checker` -> `render` (human, JSON, SARIF, tables, breakdowns) -> `commands` (one module per
// subcommand). The old flat paths stay as re-exports.
#[cfg(feature = "cli")]
pub mod commands;
#[cfg(any(feature = "cli", feature = "rust-attr"))]
pub mod front;
#[cfg(feature = "cli")]
pub mod render;
#[cfg(feature = "cli")]
pub use commands as cli;
#[cfg(feature = "cli")]
pub use front::jsonl;
#[cfg(feature = "rust-attr")]
pub use front::rust_attr;
#[cfg(feature = "cargo")]
pub use front::workspace;
#[cfg(feature = "cli")]
pub use render::{diagnostics, explain, report, table};
pub mod import;
#[cfg(feature = "cli")]
pub mod input;
pub mod keys;
pub mod limits;
pub mod markers;
pub use smem_lint_model as model;
#[cfg(feature = "cli")]
pub mod output;
pub mod rules;
pub mod suggest;
#[cfg(feature = "cli")]
pub mod verify;

#[cfg(feature = "cli")]
pub(crate) mod schema;
