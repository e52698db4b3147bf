//! Kernel names that a translation unit including the emitted C++ already defines as macros.

use super::reserved_macros::MACROS;

/// The prefixes of the macros the emitted code's own headers define: smem-lint's tables, CUTLASS,
/// CuTe and the CUDA runtime.
const PREFIXES: &[&str] = &["SMEM_LINT_", "CUTLASS_", "CUTE_", "CUDA_", "CUDART_"];

/// Why `id` cannot name a kernel, if a translation unit defines it as a macro.
pub(super) fn macro_name(id: &str) -> Option<String> {
    if MACROS.binary_search(&id).is_ok() {
        return Some(format!(
            "`{id}` is a macro of the C or C++ standard headers (or predefined by the compiler): the emitted table would not compile"
        ));
    }
    PREFIXES
        .iter()
        .find(|p| id.starts_with(*p))
        .map(|p| format!("`{id}` starts with `{p}`, the prefix of macros the emitted code's headers define"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_sorted_and_answers() {
        assert!(MACROS.windows(2).all(|w| w[0] < w[1]));
        for m in ["linux", "unix", "INT_MAX", "SIZE_MAX", "NAN", "INFINITY", "M_PI", "SIGINT", "EXIT_SUCCESS", "ERANGE"]
        {
            assert!(macro_name(m).is_some(), "{m}");
        }
        assert!(macro_name("SMEM_LINT_KERNEL_COUNT").is_some());
        assert!(macro_name("moe_128x256x128").is_none());
        assert!(macro_name("PARENT_SCOPE").is_none());
    }
}
