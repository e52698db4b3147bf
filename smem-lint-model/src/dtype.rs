//! Element types: block-scaled operands (A, B) and epilogue outputs (C, D).

use std::fmt;
use std::str::FromStr;

use super::ParseError;

/// An operand type (A or B).
///
/// Block-scaled types carry their scale-factor family: `nvfp4` is `cutlass::nv_float4_t<float_e2m1_t>`
/// (16-element vectors, `float_ue4m3_t` scales); the `mx*` types are `cutlass::mx_float{4,6,8}_t<...>`
/// (32-element vectors, `float_ue8m0_t`). The plain types `e4m3`, `e5m2`, `e3m2`, `e2m3`, `e2m1`
/// (`cutlass::float_e*_t`) are what the blockwise and plain F8F6F4 builders take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Nvfp4,
    Mxfp4,
    Mxfp6E2m3,
    Mxfp6E3m2,
    Mxfp8E4m3,
    Mxfp8E5m2,
    E4m3,
    E5m2,
    E3m2,
    E2m3,
    E2m1,
    /// `cutlass::bfloat16_t` (SM90 / SM100 dense GEMMs).
    Bf16,
    /// `cutlass::half_t`.
    F16,
    /// `float` operands, which the SM90 builders run as TF32 MMAs (32 bits in shared memory).
    Tf32,
    /// `int8_t` (SM90 integer GEMMs, `int32_t` accumulators): one byte in shared memory, K-major.
    I8,
}

/// The scale-factor element type of an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScaleFactor {
    /// A plain operand: no scale factors of its own.
    None,
    /// `float_ue4m3_t`, NVFP4.
    Ue4m3,
    /// `float_ue8m0_t`, the MX types.
    Ue8m0,
}

impl Operand {
    pub const ALL: [Operand; 15] = [
        Operand::Nvfp4,
        Operand::Mxfp4,
        Operand::Mxfp6E2m3,
        Operand::Mxfp6E3m2,
        Operand::Mxfp8E4m3,
        Operand::Mxfp8E5m2,
        Operand::E4m3,
        Operand::E5m2,
        Operand::E3m2,
        Operand::E2m3,
        Operand::E2m1,
        Operand::Bf16,
        Operand::F16,
        Operand::Tf32,
        Operand::I8,
    ];

    /// Whether the type carries block scale factors (`nvfp4`, `mx*`).
    pub const fn is_block_scaled(self) -> bool {
        !matches!(self.scale_factor(), ScaleFactor::None)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Operand::Nvfp4 => "nvfp4",
            Operand::Mxfp4 => "mxfp4",
            Operand::Mxfp6E2m3 => "mxfp6e2m3",
            Operand::Mxfp6E3m2 => "mxfp6e3m2",
            Operand::Mxfp8E4m3 => "mxfp8e4m3",
            Operand::Mxfp8E5m2 => "mxfp8e5m2",
            Operand::E4m3 => "e4m3",
            Operand::E5m2 => "e5m2",
            Operand::E3m2 => "e3m2",
            Operand::E2m3 => "e2m3",
            Operand::E2m1 => "e2m1",
            Operand::Bf16 => "bf16",
            Operand::F16 => "f16",
            Operand::Tf32 => "tf32",
            Operand::I8 => "i8",
        }
    }

    /// Bits of the data element (`sizeof_bits_v` of the data type).
    pub const fn bits(self) -> u64 {
        match self {
            Operand::Nvfp4 | Operand::Mxfp4 | Operand::E2m1 => 4,
            Operand::Mxfp6E2m3 | Operand::Mxfp6E3m2 | Operand::E3m2 | Operand::E2m3 => 6,
            Operand::Mxfp8E4m3 | Operand::Mxfp8E5m2 | Operand::E4m3 | Operand::E5m2 | Operand::I8 => 8,
            Operand::Bf16 | Operand::F16 => 16,
            Operand::Tf32 => 32,
        }
    }

    /// Scale-factor vector size (elements sharing one scale factor); 0 for a plain type.
    pub const fn sf_vector(self) -> u64 {
        match self.scale_factor() {
            ScaleFactor::Ue4m3 => 16,
            ScaleFactor::Ue8m0 => 32,
            ScaleFactor::None => 0,
        }
    }

    pub const fn scale_factor(self) -> ScaleFactor {
        match self {
            Operand::Nvfp4 => ScaleFactor::Ue4m3,
            Operand::Mxfp4 | Operand::Mxfp6E2m3 | Operand::Mxfp6E3m2 | Operand::Mxfp8E4m3 | Operand::Mxfp8E5m2 => {
                ScaleFactor::Ue8m0
            }
            Operand::E4m3
            | Operand::E5m2
            | Operand::E3m2
            | Operand::E2m3
            | Operand::E2m1
            | Operand::Bf16
            | Operand::F16
            | Operand::Tf32
            | Operand::I8 => ScaleFactor::None,
        }
    }

    /// The C++ type the CollectiveBuilder receives.
    pub const fn cutlass_type(self) -> &'static str {
        match self {
            Operand::Nvfp4 => "cutlass::nv_float4_t<cutlass::float_e2m1_t>",
            Operand::Mxfp4 => "cutlass::mx_float4_t<cutlass::float_e2m1_t>",
            Operand::Mxfp6E2m3 => "cutlass::mx_float6_t<cutlass::float_e2m3_t>",
            Operand::Mxfp6E3m2 => "cutlass::mx_float6_t<cutlass::float_e3m2_t>",
            Operand::Mxfp8E4m3 => "cutlass::mx_float8_t<cutlass::float_e4m3_t>",
            Operand::Mxfp8E5m2 => "cutlass::mx_float8_t<cutlass::float_e5m2_t>",
            Operand::E4m3 => "cutlass::float_e4m3_t",
            Operand::E5m2 => "cutlass::float_e5m2_t",
            Operand::E3m2 => "cutlass::float_e3m2_t",
            Operand::E2m3 => "cutlass::float_e2m3_t",
            Operand::E2m1 => "cutlass::float_e2m1_t",
            Operand::Bf16 => "cutlass::bfloat16_t",
            Operand::F16 => "cutlass::half_t",
            Operand::Tf32 => "float",
            Operand::I8 => "int8_t",
        }
    }

    /// Whether the type is an 8-bit float (`float_e4m3_t`, `float_e5m2_t`): what the SM90 builder's
    /// `is_input_fp8` asks before choosing the FP8 collective and the `FP8FastAccum` schedules.
    pub const fn is_fp8(self) -> bool {
        matches!(self, Operand::E4m3 | Operand::E5m2)
    }

    /// The `ElementAccumulator` the builders are given: `int32_t` for integer operands, else `float`.
    pub const fn accumulator_cutlass_type(self) -> &'static str {
        match self {
            Operand::I8 => "int32_t",
            _ => "float",
        }
    }

    /// Global-memory alignment in elements, as the CUTLASS examples choose it: 8-bit 16; 6-bit 128;
    /// 4-bit 32 when both operands are 4-bit of one family (F4 instruction), else 128; 16- and
    /// 32-bit types 16 bytes (8 and 4 elements).
    pub fn alignment(self, other: Operand) -> u64 {
        match self.bits() {
            32 => 4,
            16 => 8,
            8 => 16,
            6 => 128,
            _ if !self.is_block_scaled() => 128,
            _ if other.bits() == 4 && self.scale_factor() == other.scale_factor() => 32,
            _ => 128,
        }
    }
}

/// An epilogue element type (C source or D output). `Void` is only meaningful for C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    Void,
    Bf16,
    F16,
    F32,
    E4m3,
    E5m2,
    /// `float_e2m1_t` output with the `LinCombBlockScaleFactor<16, ...>` fusion writing ue4m3 SFD.
    Nvfp4,
    /// `float_e2m1_t` output with `LinCombBlockScaleFactor<32, ...>` writing ue8m0 SFD (MX).
    Mxfp4,
    /// `float_e2m3_t` / `float_e3m2_t` output with vector-32 ue8m0 SFD.
    Mxfp6E2m3,
    Mxfp6E3m2,
    /// `float_e4m3_t` / `float_e5m2_t` output with vector-32 ue8m0 SFD.
    Mxfp8E4m3,
    Mxfp8E5m2,
}

impl Output {
    pub const ALL: [Output; 12] = [
        Output::Void,
        Output::Bf16,
        Output::F16,
        Output::F32,
        Output::E4m3,
        Output::E5m2,
        Output::Nvfp4,
        Output::Mxfp4,
        Output::Mxfp6E2m3,
        Output::Mxfp6E3m2,
        Output::Mxfp8E4m3,
        Output::Mxfp8E5m2,
    ];

    /// Elements sharing one output scale factor (the fusion's `SFVecSize`); 0 for a plain output.
    pub const fn sf_vector(self) -> u64 {
        match self {
            Output::Nvfp4 => 16,
            Output::Mxfp4 | Output::Mxfp6E2m3 | Output::Mxfp6E3m2 | Output::Mxfp8E4m3 | Output::Mxfp8E5m2 => 32,
            _ => 0,
        }
    }

    /// Whether the output is written with block scale factors (`LinCombBlockScaleFactor`).
    pub const fn is_block_scaled(self) -> bool {
        self.sf_vector() != 0
    }

    /// The scale-factor element type of a block-scaled output (`cutlass::float_ue4m3_t` or `float_ue8m0_t`).
    pub const fn sf_cutlass_type(self) -> Option<&'static str> {
        match self.sf_vector() {
            16 => Some("cutlass::float_ue4m3_t"),
            32 => Some("cutlass::float_ue8m0_t"),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Output::Void => "void",
            Output::Bf16 => "bf16",
            Output::F16 => "f16",
            Output::F32 => "f32",
            Output::E4m3 => "e4m3",
            Output::E5m2 => "e5m2",
            Output::Nvfp4 => "nvfp4",
            Output::Mxfp4 => "mxfp4",
            Output::Mxfp6E2m3 => "mxfp6e2m3",
            Output::Mxfp6E3m2 => "mxfp6e3m2",
            Output::Mxfp8E4m3 => "mxfp8e4m3",
            Output::Mxfp8E5m2 => "mxfp8e5m2",
        }
    }

    /// `sizeof_bits_v`; 0 for void.
    pub const fn bits(self) -> u64 {
        match self {
            Output::Void => 0,
            Output::Bf16 | Output::F16 => 16,
            Output::F32 => 32,
            Output::E4m3 | Output::E5m2 | Output::Mxfp8E4m3 | Output::Mxfp8E5m2 => 8,
            Output::Mxfp6E2m3 | Output::Mxfp6E3m2 => 6,
            Output::Nvfp4 | Output::Mxfp4 => 4,
        }
    }

    pub const fn cutlass_type(self) -> &'static str {
        match self {
            Output::Void => "void",
            Output::Bf16 => "cutlass::bfloat16_t",
            Output::F16 => "cutlass::half_t",
            Output::F32 => "float",
            Output::E4m3 | Output::Mxfp8E4m3 => "cutlass::float_e4m3_t",
            Output::E5m2 | Output::Mxfp8E5m2 => "cutlass::float_e5m2_t",
            Output::Nvfp4 | Output::Mxfp4 => "cutlass::float_e2m1_t",
            Output::Mxfp6E2m3 => "cutlass::float_e2m3_t",
            Output::Mxfp6E3m2 => "cutlass::float_e3m2_t",
        }
    }
}

macro_rules! name_parsing {
    ($ty:ident, $what:literal) => {
        impl $ty {
            /// The names accepted by [`FromStr`].
            pub fn names() -> impl Iterator<Item = &'static str> {
                $ty::ALL.iter().map(|x| x.name())
            }
        }
        impl FromStr for $ty {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                // The name as written (the common case), else trimmed and in any case.
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|x| x.name() == s)
                    .or_else(|| $ty::ALL.iter().copied().find(|x| x.name().eq_ignore_ascii_case(s.trim())))
                    .ok_or_else(|| ParseError::new($what, s, $ty::names()))
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

name_parsing!(Operand, "operand type");
name_parsing!(Output, "output type");
