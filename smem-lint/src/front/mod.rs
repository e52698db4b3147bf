//! Front ends: each turns its input into kernel configurations (and where each key was written),
//! then goes through `checker` like every other. `flags` reads a kernel written as command-line
//! flags.

pub mod flags;
