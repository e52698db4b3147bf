//! Zero-sized types for declaring a kernel configuration as struct fields under `#[smem_check]`:
//!
//! ```ignore
//! use smem_lint::markers::*;
//! #[smem_check(sm120)]
//! struct MoeGemm {
//!     kernel: Grouped,
//!     a: Nvfp4,
//!     b: Nvfp4,
//!     c: Bf16,
//!     d: Bf16,
//!     tile: Tile<128, 256, 128>,
//!     stages: Stages<3>,
//! }
//! ```
//!
//! The macro reads the field types; the types themselves carry nothing at run time.

/// A CTA tile `M x N x K`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tile<const M: u64, const N: u64, const K: u64>;

/// A static cluster shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cluster<const M: u64, const N: u64, const K: u64>;

/// An explicit epilogue subtile `cute::Shape<Int<M>, Int<N>>` (in place of `EpilogueTileAuto`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EpilogueTile<const M: u64, const N: u64>;

/// `StageCount<N>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stages<const N: u32>;

/// The scale-factor granularity of a blockwise-scaled GEMM (`family: Blockwise`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Granularity<const M: u64, const N: u64, const K: u64>;

/// `StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>` (the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StagesAuto;

macro_rules! markers {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        $( $(#[$doc])* #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)] pub struct $name; )*
    };
}

markers!(
    /// Dense GEMM.
    Dense,
    /// Grouped (ptr-array, MoE) GEMM.
    Grouped,
    /// `KernelScheduleAuto`.
    Auto,
    /// Cooperative schedule.
    Cooperative,
    /// Ping-pong schedule.
    Pingpong,
    Nvfp4,
    Mxfp4,
    Mxfp6E2m3,
    Mxfp6E3m2,
    Mxfp8E4m3,
    Mxfp8E5m2,
    Void,
    Bf16,
    F16,
    F32,
    E4m3,
    E5m2,
    E3m2,
    E2m3,
    E2m1,
    /// `cutlass::layout::RowMajor` C or D (the default).
    Row,
    /// `cutlass::layout::ColumnMajor` C or D (swap_ab kernels).
    Col,
    /// The block-scaled family (the default); as `epilogue_op_class`, `OpClassBlockScaledTensorOp`.
    Blockscaled,
    /// `epilogue_op_class`: `OpClassTensorOp` given to the epilogue builder.
    Tensorop,
    /// The blockwise-scaled FP8 family (with a `granularity: Granularity<..>` field).
    Blockwise,
    /// The plain F8F6F4 family.
    F8f6f4,
);
