//! Building blocks shared by the family models, one per CUTLASS header they mirror.
//!
//! - [`primitives`]: barriers, pipelines' `SharedStorage`, TMA descriptors, `array_aligned`.
//! - [`sm90_epilogue`]: `Sm90TmaWarpSpecialized[PtrArray]` epilogue collectives (used by SM90 and SM120).
//! - [`sm120_epilogue`]: the SM120 epilogue builder, which chooses the SM90 collective's parameters.
//! - [`sm90_kernel`]: the `GemmUniversal` kernels `sm90_gemm[_array]_tma_warpspecialized[_{cooperative,pingpong}]`.
//! - [`sm100_kernel`]: the SM100 UMMA kernels `sm100_gemm[_array]_tma_warpspecialized`.

pub mod cute;
pub mod primitives;
pub mod sm100_kernel;
pub mod sm120_epilogue;
pub mod sm90_epilogue;
pub mod sm90_kernel;
