//! `#[smem_check(...)]`: checks a kernel configuration against the smem-lint model at compile time.
