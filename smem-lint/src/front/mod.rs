//! Front ends: each turns its input into kernel configurations (and where each key was written),
//! then goes through `checker` like every other: `config_file` (TOML; it stays at the crate root,
//! re-exported here as `toml`), `jsonl` (`eval`'s JSON lines), `rust_attr` (`#[smem_check]`),
//! `workspace` (`cargo smem-lint`: Cargo settings and the workspace's files), `flags` (a kernel
//! written as command-line flags). `value_error` words a bad value's input error for all of them,
//! `key_error` a bad key's (unknown, another front end's, missing, given twice).

#[cfg(feature = "cli")]
pub use crate::config_file as toml;
#[cfg(feature = "cli")]
pub mod flags;
#[cfg(feature = "cli")]
pub mod jsonl;
pub mod key_error;
#[cfg(feature = "rust-attr")]
pub mod rust_attr;
pub mod value_error;
#[cfg(feature = "cargo")]
pub mod workspace;
