//! One file per architecture family: each turns a [`KernelConfig`](crate::model::KernelConfig) into
//! the CUTLASS types the builders would produce, and lays them out.

pub mod sm120_blockscaled;
pub mod sm120_tensorop;
