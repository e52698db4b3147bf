//! What `#[smem_check]` implements for a configuration that fits.

use crate::emit::TableEntry;
use crate::model::{Arch, KernelConfig};

/// A kernel configuration checked at compile time by `#[smem_check(...)]`: the configuration and its
/// shared-memory footprint as constants, computed by the same model as `smem-lint eval`.
pub trait SmemChecked {
    /// The type's name (a C identifier).
    const NAME: &'static str;
    /// The configuration, with `arch` the first checked architecture.
    const CONFIG: KernelConfig;
    /// The architectures it was checked against; it fits every one.
    const ARCHS: &'static [Arch];
    /// `sizeof(GemmKernel::SharedStorage)`.
    const KERNEL_BYTES: u64;
    /// `sizeof(CollectiveMainloop::SharedStorage)`.
    const MAINLOOP_BYTES: u64;
    /// `sizeof(CollectiveEpilogue::SharedStorage)`.
    const EPILOGUE_BYTES: u64;
    /// The mainloop pipeline stage count.
    const STAGES: u64;
    /// The smallest cap of [`Self::ARCHS`] minus [`Self::KERNEL_BYTES`].
    const HEADROOM: u64;
}

/// The table row of a checked type, for [`crate::emit::render`]: the same tables `smem-lint emit` writes.
///
/// ```
/// # use smem_lint::{SmemChecked, table_entry, emit};
/// # use smem_lint::model::*;
/// struct K;
/// impl SmemChecked for K {
///     const NAME: &'static str = "K";
///     const CONFIG: KernelConfig = KernelConfig::sm120(KernelKind::Dense, Operand::Nvfp4, Operand::Nvfp4,
///         Output::Bf16, Output::Bf16, Tile { m: 128, n: 128, k: 128 });
///     const ARCHS: &'static [Arch] = &[Arch::Sm120];
///     const KERNEL_BYTES: u64 = 88064;
///     const MAINLOOP_BYTES: u64 = 74752;
///     const EPILOGUE_BYTES: u64 = 13312;
///     const STAGES: u64 = 4;
///     const HEADROOM: u64 = 13312;
/// }
/// let json = emit::render(emit::Format::Json, &[table_entry::<K>()], &[Arch::Sm120]);
/// assert!(json.contains("\"kernel_bytes\": 88064"));
/// ```
pub fn table_entry<T: SmemChecked>() -> TableEntry {
    TableEntry {
        name: T::NAME.to_string(),
        config: T::CONFIG,
        archs: T::ARCHS.to_vec(),
        kernel_bytes: T::KERNEL_BYTES,
        mainloop_bytes: T::MAINLOOP_BYTES,
        epilogue_bytes: T::EPILOGUE_BYTES,
        stages: T::STAGES,
    }
}
