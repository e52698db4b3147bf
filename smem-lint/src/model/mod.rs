//! The model: CUTLASS `SharedStorage` layouts, computed without I/O.
//!
//! [`evaluate`] turns a [`KernelConfig`] into an [`Evaluation`]: either CUTLASS rejects it at compile
//! time ([`Rejection`], with the static_assert text), or it compiles with a [`Footprint`] whose
//! breakdown names every member of `GemmKernel::SharedStorage`. [`assess`] compares that footprint
//! with an architecture's cap. The macro, the CLI and library users all call these two functions.

pub mod arch;
pub mod config;
pub mod cutlass;
pub mod dtype;
pub mod families;
pub mod footprint;
pub mod layout;
pub mod release;
pub mod verdict;

pub use arch::{Arch, ArchTraits};
pub use config::{
    Cluster, CutlassVersion, Epilogue, Family, Fusion, Granularity, KernelConfig, KernelKind, Layout, MoeFusion,
    Schedule, StagePolicy, Tile,
};
pub use dtype::{Operand, Output, ScaleFactor};
pub use footprint::{Evaluation, Footprint, Rejection, StageChoice, Unbuildable};
pub use layout::{Member, Role};
pub use release::{Headers, MxPtrArraySchedules};
pub use verdict::{assess, Assessment, AutoOverflow, Status};

use std::fmt;

/// The part of a configuration a finding is about. Front ends map it to their own span
/// (a TOML value, a macro token, a JSON field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConfigField {
    Arch,
    Cutlass,
    Family,
    Granularity,
    Kind,
    A,
    B,
    C,
    D,
    Layout,
    Fusion,
    Epilogue,
    Tile,
    Cluster,
    Schedule,
    Stages,
}

impl ConfigField {
    /// The field's key in configuration files.
    pub const fn key(self) -> &'static str {
        match self {
            ConfigField::Arch => "arch",
            ConfigField::Cutlass => "cutlass",
            ConfigField::Family => "family",
            ConfigField::Granularity => "granularity",
            ConfigField::Kind => "kernel",
            ConfigField::A => "a",
            ConfigField::B => "b",
            ConfigField::C => "c",
            ConfigField::D => "d",
            ConfigField::Layout => "layout",
            ConfigField::Fusion => "fusion",
            ConfigField::Epilogue => "epilogue",
            ConfigField::Tile => "tile",
            ConfigField::Cluster => "cluster",
            ConfigField::Schedule => "schedule",
            ConfigField::Stages => "stages",
        }
    }
}

/// A configuration the model cannot evaluate: outside what is modelled, or self-contradictory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    pub at: ConfigField,
    pub message: String,
    pub hint: &'static str,
}

impl ModelError {
    pub fn new(at: ConfigField, message: String, hint: &'static str) -> Self {
        ModelError { at, message, hint }
    }
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (help: {})", self.message, self.hint)
    }
}

impl std::error::Error for ModelError {}

/// An unknown name for a field (`"nvfp5"` as an operand type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub what: &'static str,
    pub got: String,
    pub expected: Vec<&'static str>,
}

impl ParseError {
    pub fn new(what: &'static str, got: &str, expected: impl IntoIterator<Item = &'static str>) -> Self {
        ParseError { what, got: got.to_string(), expected: expected.into_iter().collect() }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} `{}`; expected one of: {}", self.what, self.got, self.expected.join(", "))
    }
}

impl std::error::Error for ParseError {}

/// Evaluate a configuration with the model of its architecture family and CUTLASS version.
pub fn evaluate(cfg: &KernelConfig) -> Result<Evaluation, ModelError> {
    match cfg.arch {
        Arch::Sm120 | Arch::Sm121 => match cfg.family {
            Family::BlockScaled => families::sm120_blockscaled::evaluate(cfg),
            Family::Blockwise(_) | Family::F8f6f4 => families::sm120_tensorop::evaluate(cfg),
        },
        other => Err(ModelError::new(
            ConfigField::Arch,
            format!("no model of block-scaled CUTLASS kernels built for {other}"),
            "block-scaled SM120 kernels are modelled for arch sm120/sm121; other families are not yet",
        )),
    }
}
