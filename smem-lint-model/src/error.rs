//! What the model reports besides an evaluation: the configuration field a finding is about
//! ([`ConfigField`]), a configuration the model cannot evaluate ([`ModelError`]) and an unknown name
//! ([`ParseError`]). Front ends map each to their own spans and exit classes.

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
    /// `layout_c`: the epilogue builder's `GmemLayoutTagC`.
    LayoutC,
    /// `layout_d`: `GmemLayoutTagD`.
    LayoutD,
    Fusion,
    Epilogue,
    /// `epilogue_tile`: the epilogue builder's `EpilogueTileType`.
    EpilogueTile,
    /// `epilogue_cta_tile`: the `TileShape_MNK` the epilogue builder is given.
    EpilogueCtaTile,
    /// `epilogue_op_class`: the `OpClass` the epilogue builder is given.
    EpilogueOpClass,
    /// `scheduler`: `GemmUniversal`'s tile scheduler tag.
    Scheduler,
    Tile,
    /// `warp`: the warp tile of a CUTLASS 2.x kernel.
    Warp,
    Cluster,
    Schedule,
    EpilogueSchedule,
    Stages,
    /// CuTe DSL kernels: the release of the kernel's package.
    Flashinfer,
    FlashAttn,
    /// CuTe DSL kernels: the shape in the user's words (see `dsl::Dsl`).
    Hidden,
    Intermediate,
    Experts,
    TopK,
    Tokens,
    Activation,
    SmCount,
    M,
    N,
    K,
    HeadDim,
    HeadDimV,
    Causal,
    Dtype,
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
            ConfigField::LayoutC => "layout_c",
            ConfigField::LayoutD => "layout_d",
            ConfigField::Fusion => "fusion",
            ConfigField::Epilogue => "epilogue",
            ConfigField::EpilogueTile => "epilogue_tile",
            ConfigField::EpilogueCtaTile => "epilogue_cta_tile",
            ConfigField::EpilogueOpClass => "epilogue_op_class",
            ConfigField::Scheduler => "scheduler",
            ConfigField::Tile => "tile",
            ConfigField::Warp => "warp",
            ConfigField::Cluster => "cluster",
            ConfigField::Schedule => "schedule",
            ConfigField::EpilogueSchedule => "epilogue_schedule",
            ConfigField::Stages => "stages",
            ConfigField::Flashinfer => "flashinfer",
            ConfigField::FlashAttn => "flash_attn",
            ConfigField::Hidden => "hidden",
            ConfigField::Intermediate => "intermediate",
            ConfigField::Experts => "experts",
            ConfigField::TopK => "top_k",
            ConfigField::Tokens => "tokens",
            ConfigField::Activation => "activation",
            ConfigField::SmCount => "sm_count",
            ConfigField::M => "m",
            ConfigField::N => "n",
            ConfigField::K => "k",
            ConfigField::HeadDim => "head_dim",
            ConfigField::HeadDimV => "head_dim_v",
            ConfigField::Causal => "causal",
            ConfigField::Dtype => "dtype",
        }
    }
}

/// A configuration the model cannot evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    pub at: ConfigField,
    pub message: String,
    pub hint: &'static str,
    /// The value is no real configuration at all (a zero or absurdly large extent, stage count or
    /// carve-out): an input error (exit 2) in every front end. Otherwise the configuration is real
    /// but outside what the model covers: `smem::not-modelled` (exit 1).
    pub out_of_bounds: bool,
}

impl ModelError {
    pub fn new(at: ConfigField, message: String, hint: &'static str) -> Self {
        ModelError { at, message, hint, out_of_bounds: false }
    }

    pub fn out_of_bounds(at: ConfigField, message: String, hint: &'static str) -> Self {
        ModelError { at, message, hint, out_of_bounds: true }
    }
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (help: {})", self.message, self.hint)
    }
}

impl std::error::Error for ModelError {}

/// An unknown name for a field (`"nvfp5"` as an operand type), or a malformed value with the reason
/// (`why`: a CUTLASS type string that does not parse).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub what: &'static str,
    pub got: String,
    pub expected: Vec<&'static str>,
    pub why: Option<String>,
}

impl ParseError {
    pub fn new(what: &'static str, got: &str, expected: impl IntoIterator<Item = &'static str>) -> Self {
        ParseError { what, got: got.to_string(), expected: expected.into_iter().collect(), why: None }
    }

    /// A value of a known shape that is malformed: the reason replaces the list of names.
    pub fn malformed(what: &'static str, got: &str, why: String) -> Self {
        ParseError { what, got: got.to_string(), expected: Vec::new(), why: Some(why) }
    }

    /// The one-line message every front end shows: `unknown operand type `nvfp9``, or
    /// `invalid … `…`` for a malformed value.
    pub fn message(&self) -> String {
        match &self.why {
            Some(_) => format!("invalid {} `{}`", self.what, self.got),
            None => format!("unknown {} `{}`", self.what, self.got),
        }
    }

    /// The label on the value: that it is not read as written, or that the name is not known.
    pub fn label(&self) -> String {
        match &self.why {
            Some(_) => format!("not a {} as written", self.what),
            None => format!("not a known {}", self.what),
        }
    }

    /// The help: why a malformed value is refused and what to write instead, or the names an
    /// unknown one could be (every front end shows the help; not every one shows labels).
    pub fn help(&self) -> Option<String> {
        Some(match &self.why {
            Some(why) => why.clone(),
            None => format!("expected one of: {}", self.expected.join(", ")),
        })
    }
}

/// The message, then the label of a malformed value or the help of an unknown name.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.why {
            Some(why) => write!(f, "{}: {why}", self.message()),
            None => write!(f, "{}; expected one of: {}", self.message(), self.expected.join(", ")),
        }
    }
}

impl std::error::Error for ParseError {}
