//! Target architectures and their shared-memory limits.
//!
//! Values are transcribed from the CCCL headers shipped in the `nvidia-cuda-cccl` wheel
//! (`cuda/__device/arch_traits.h`, CUDA 13): `max_shared_memory_per_multiprocessor`,
//! `max_blocks_per_multiprocessor`, `reserved_shared_memory_per_block` (1024 B from sm_80 on) and
//! `max_shared_memory_per_block_optin = max_shared_memory_per_multiprocessor - reserved`.
//! sm_103 and sm_110 copy sm_100's shared memory; sm_121 copies sm_120's.

use std::fmt;
use std::str::FromStr;

/// A GPU architecture a kernel can be launched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arch {
    Sm80,
    Sm86,
    Sm87,
    Sm89,
    Sm90,
    Sm100,
    Sm103,
    Sm110,
    Sm120,
    Sm121,
}

/// Shared-memory facts of one architecture (CCCL `arch_traits_t`, the fields we use).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArchTraits {
    pub arch: Arch,
    pub compute_capability: (u32, u32),
    /// `max_shared_memory_per_multiprocessor`.
    pub smem_per_sm: u64,
    /// `reserved_shared_memory_per_block` (taken by the driver from each block's share).
    pub reserved_smem_per_block: u64,
    /// `max_shared_memory_per_block_optin`: the most dynamic shared memory one block can get
    /// with `cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, ...)`.
    pub smem_per_block_optin: u64,
    /// `max_blocks_per_multiprocessor`.
    pub max_blocks_per_sm: u32,
}

const KIB: u64 = 1024;
const RESERVED: u64 = 1024;

const fn traits(arch: Arch, cc: (u32, u32), smem_per_sm_kib: u64, max_blocks: u32) -> ArchTraits {
    ArchTraits {
        arch,
        compute_capability: cc,
        smem_per_sm: smem_per_sm_kib * KIB,
        reserved_smem_per_block: RESERVED,
        smem_per_block_optin: smem_per_sm_kib * KIB - RESERVED,
        max_blocks_per_sm: max_blocks,
    }
}

impl Arch {
    /// Every architecture the tool knows, oldest first.
    pub const ALL: [Arch; 10] = [
        Arch::Sm80,
        Arch::Sm86,
        Arch::Sm87,
        Arch::Sm89,
        Arch::Sm90,
        Arch::Sm100,
        Arch::Sm103,
        Arch::Sm110,
        Arch::Sm120,
        Arch::Sm121,
    ];

    /// The CCCL traits of this architecture.
    pub const fn traits(self) -> ArchTraits {
        match self {
            Arch::Sm80 => traits(self, (8, 0), 164, 32),
            Arch::Sm86 => traits(self, (8, 6), 100, 16),
            Arch::Sm87 => traits(self, (8, 7), 164, 16),
            Arch::Sm89 => traits(self, (8, 9), 100, 24),
            Arch::Sm90 => traits(self, (9, 0), 228, 32),
            Arch::Sm100 => traits(self, (10, 0), 228, 32),
            Arch::Sm103 => traits(self, (10, 3), 228, 32),
            Arch::Sm110 => traits(self, (11, 0), 228, 24),
            Arch::Sm120 => traits(self, (12, 0), 100, 24),
            Arch::Sm121 => traits(self, (12, 1), 100, 24),
        }
    }

    /// The architecture whose CUTLASS builders this one's kernels are built with: sm121 (DGX Spark) runs
    /// `arch::Sm120` kernels. Architectures with one builder family and one cap have one assessment.
    #[must_use]
    pub const fn builders(self) -> Arch {
        match self {
            Arch::Sm121 => Arch::Sm120,
            other => other,
        }
    }

    /// The opt-in per-block cap: the number a kernel's `SharedStorage` is compared with.
    pub const fn smem_cap(self) -> u64 {
        self.traits().smem_per_block_optin
    }

    /// The lower-case name, `sm120`.
    pub const fn name(self) -> &'static str {
        match self {
            Arch::Sm80 => "sm80",
            Arch::Sm86 => "sm86",
            Arch::Sm87 => "sm87",
            Arch::Sm89 => "sm89",
            Arch::Sm90 => "sm90",
            Arch::Sm100 => "sm100",
            Arch::Sm103 => "sm103",
            Arch::Sm110 => "sm110",
            Arch::Sm120 => "sm120",
            Arch::Sm121 => "sm121",
        }
    }

    /// The names accepted by [`FromStr`], for "expected one of" messages.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Arch::ALL.iter().map(|a| a.name())
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Arch {
    type Err = crate::ParseError;

    /// `sm120`, exactly as [`Arch::name`] writes it. A spelling of the same architecture (`SM120`,
    /// `sm_120`, `sm120a`: the suffixes select instruction subsets, not shared memory) is refused
    /// with the name to write: one spelling per value, never a silent reading.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(a) = Arch::ALL.iter().copied().find(|a| a.name() == s) {
            return Ok(a);
        }
        let t = s.trim();
        let digits = match (t.get(..2), t.get(2..)) {
            (Some(sm), Some(rest)) if sm.eq_ignore_ascii_case("sm") => {
                rest.trim_start_matches('_').trim_end_matches(['a', 'f', 'A', 'F'])
            }
            _ => "",
        };
        match Arch::ALL.iter().copied().find(|a| &a.name()[2..] == digits) {
            Some(a) => Err(crate::ParseError::malformed(
                "architecture",
                s,
                format!(
                    "write `{a}`: lower case, no `_`, no `a`/`f` suffix (they select instructions, not shared memory)"
                ),
            )),
            None => Err(crate::ParseError::new("architecture", s, Arch::names())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_match_the_cccl_table() {
        // The two numbers the whole project is about.
        assert_eq!(Arch::Sm120.smem_cap(), 101_376);
        assert_eq!(Arch::Sm121.smem_cap(), 101_376);
        assert_eq!(Arch::Sm90.smem_cap(), 232_448);
        assert_eq!(Arch::Sm100.smem_cap(), 232_448);
        assert_eq!(Arch::Sm80.smem_cap(), 166_912);
        assert_eq!(Arch::Sm89.smem_cap(), 101_376);
    }

    /// One spelling per architecture (issue 39): the others are refused with the name to write.
    #[test]
    fn other_spellings_are_refused_with_the_name_to_write() {
        assert_eq!("sm120".parse::<Arch>(), Ok(Arch::Sm120));
        for s in ["sm_120", "SM120", "sm120a", "sm_120f", "SM_120A", " Sm120F ", " sm120"] {
            let err = s.parse::<Arch>().unwrap_err();
            assert!(err.to_string().contains("write `sm120`"), "{s}: {err}");
        }
        let err = "sm130".parse::<Arch>().unwrap_err();
        assert!(err.to_string().contains("sm121"), "{err}");
    }
}
