//! Rendering: findings and input errors as human diagnostics, JSON and SARIF (`diagnostics`), the
//! reports of a run and their exit code (`report`), launchable-kernel tables (`table`, over
//! `crate::emit`'s generators) and byte breakdowns (`explain`).

pub use crate::diagnostic::Diagnostic;

pub mod diagnostics;
pub mod explain;
pub mod report;
pub mod table;
