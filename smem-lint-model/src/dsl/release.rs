//! The releases of the packages that ship CuTe DSL kernels: `flashinfer-python` (the b12x kernels)
//! and `flash-attn-4` (FlashAttention-4). A DSL kernel is versioned by its own package, as a CUTLASS
//! C++ kernel is by its CUTLASS release: the kernel's Python source, which a release ships, decides
//! its struct, its stages and its tile. Each family reads the facts of a release (its own `Facts`
//! table), never a version comparison.

use std::fmt;
use std::str::FromStr;

use crate::ParseError;

macro_rules! package_releases {
    (
        $(#[$meta:meta])* $ty:ident ($what:literal, $package:literal) {
            $($variant:ident => $name:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $ty {
            $(#[doc = concat!($package, " ", $name, ".")] $variant,)+
        }

        impl $ty {
            /// Every release on PyPI that ships the kernels, oldest first.
            pub const ALL: &'static [$ty] = &[$($ty::$variant,)+];

            /// The release as PyPI spells it: `0.6.14`, `0.7.2.post1`, `4.0.0b36`.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// The package, as `pip install` names it.
            pub const PACKAGE: &'static str = $package;

            /// The newest release.
            pub const LATEST: $ty = {
                let all = Self::ALL;
                all[all.len() - 1]
            };
        }

        impl FromStr for $ty {
            type Err = ParseError;
            /// A release as PyPI spells it. Anything else is an error, never the nearest release: one
            /// older than the kernels, or newer than this smem-lint, says so; any other lists the
            /// known ones.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                if let Some(v) = Self::ALL.iter().copied().find(|v| v.name() == s) {
                    return Ok(v);
                }
                let first = Self::ALL[0].name();
                let why = match (version_key(s), version_key(first), version_key(Self::LATEST.name())) {
                    (Some(k), Some(lo), _) if k < lo => {
                        Some(format!("{} {s} ships none of these kernels: they ship from {first}", $package))
                    }
                    (Some(k), _, Some(hi)) if k > hi => Some(format!(
                        "{} {s} is newer than this smem-lint knows ({first} to {}): its kernels' source may differ",
                        $package,
                        Self::LATEST.name()
                    )),
                    _ => None,
                };
                Err(match why {
                    Some(why) => ParseError::malformed($what, s, why),
                    None => ParseError::new($what, s, Self::ALL.iter().map(|v| v.name())),
                })
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// `0.6.14` -> [0, 6, 14, 0, ...], `0.7.2.post1` -> [0, 7, 2, 0, 1], `4.0.0b36` -> [4, 0, 0, -1, 36]
/// (a beta sorts before the release): for telling a release older or newer than the known ones.
fn version_key(s: &str) -> Option<Vec<i64>> {
    let (main, post) = match s.split_once(".post") {
        Some((m, p)) => (m, Some(p.parse::<i64>().ok()?)),
        None => (s, None),
    };
    let (main, beta) = match main.split_once('b') {
        Some((m, b)) => (m, Some(b.parse::<i64>().ok()?)),
        None => (main, None),
    };
    let mut key: Vec<i64> = main.split('.').map(|p| p.parse::<i64>().ok()).collect::<Option<_>>()?;
    if key.len() != 3 {
        return None;
    }
    match beta {
        Some(b) => key.extend([-1, b]),
        None => key.extend([0, 0]),
    }
    key.push(post.unwrap_or(0));
    Some(key)
}

package_releases! {
    /// A `flashinfer-python` release that ships the SM120 b12x CuTe DSL kernels: the dense GEMM from
    /// 0.6.9, the fused MoE kernels from 0.6.9 (`flashinfer/fused_moe/cute_dsl/blackwell_sm12x/`).
    FlashinferVersion ("FlashInfer release", "flashinfer-python") {
        V0_6_9 => "0.6.9",
        V0_6_10 => "0.6.10",
        V0_6_10Post1 => "0.6.10.post1",
        V0_6_11 => "0.6.11",
        V0_6_11Post1 => "0.6.11.post1",
        V0_6_11Post2 => "0.6.11.post2",
        V0_6_11Post3 => "0.6.11.post3",
        V0_6_12 => "0.6.12",
        V0_6_13 => "0.6.13",
        V0_6_14 => "0.6.14",
        V0_6_15 => "0.6.15",
        V0_6_15Post1 => "0.6.15.post1",
        V0_6_16 => "0.6.16",
        V0_6_16Post1 => "0.6.16.post1",
        V0_6_16Post2 => "0.6.16.post2",
        V0_6_16Post3 => "0.6.16.post3",
        V0_6_16Post4 => "0.6.16.post4",
        V0_6_17 => "0.6.17",
        V0_6_18 => "0.6.18",
        V0_6_18Post1 => "0.6.18.post1",
        V0_7_0 => "0.7.0",
        V0_7_0Post1 => "0.7.0.post1",
        V0_7_1 => "0.7.1",
        V0_7_2 => "0.7.2",
        V0_7_2Post1 => "0.7.2.post1",
        V0_7_4 => "0.7.4",
    }
}

package_releases! {
    /// A `flash-attn-4` release that ships the SM120 CuTe DSL kernels (`flash_attn/cute/flash_fwd_sm120.py`,
    /// `flash_bwd_sm120.py`): 4.0.0b5 on (4.0.0b6 and b37-b39 were never published).
    FlashAttnVersion ("FlashAttention-4 release", "flash-attn-4") {
        V4_0_0B5 => "4.0.0b5",
        V4_0_0B7 => "4.0.0b7",
        V4_0_0B8 => "4.0.0b8",
        V4_0_0B9 => "4.0.0b9",
        V4_0_0B10 => "4.0.0b10",
        V4_0_0B11 => "4.0.0b11",
        V4_0_0B12 => "4.0.0b12",
        V4_0_0B13 => "4.0.0b13",
        V4_0_0B14 => "4.0.0b14",
        V4_0_0B15 => "4.0.0b15",
        V4_0_0B16 => "4.0.0b16",
        V4_0_0B17 => "4.0.0b17",
        V4_0_0B18 => "4.0.0b18",
        V4_0_0B19 => "4.0.0b19",
        V4_0_0B20 => "4.0.0b20",
        V4_0_0B21 => "4.0.0b21",
        V4_0_0B22 => "4.0.0b22",
        V4_0_0B23 => "4.0.0b23",
        V4_0_0B24 => "4.0.0b24",
        V4_0_0B25 => "4.0.0b25",
        V4_0_0B26 => "4.0.0b26",
        V4_0_0B27 => "4.0.0b27",
        V4_0_0B28 => "4.0.0b28",
        V4_0_0B29 => "4.0.0b29",
        V4_0_0B30 => "4.0.0b30",
        V4_0_0B31 => "4.0.0b31",
        V4_0_0B32 => "4.0.0b32",
        V4_0_0B33 => "4.0.0b33",
        V4_0_0B34 => "4.0.0b34",
        V4_0_0B35 => "4.0.0b35",
        V4_0_0B36 => "4.0.0b36",
        V4_0_0B40 => "4.0.0b40",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_release_parses_and_near_misses_do_not() {
        for v in FlashinferVersion::ALL {
            assert_eq!(v.name().parse::<FlashinferVersion>(), Ok(*v));
        }
        for v in FlashAttnVersion::ALL {
            assert_eq!(v.name().parse::<FlashAttnVersion>(), Ok(*v));
        }
        // 0.6.8 ships no b12x kernel, 0.7.3 was never published, 0.6 is not one release.
        for s in ["0.6.8", "0.7.3", "0.6", "v0.6.14", " 0.6.14", "0.7.5"] {
            assert!(s.parse::<FlashinferVersion>().is_err(), "{s}");
        }
        for s in ["4.0.0b4", "4.0.0b6", "4.0.0", "4.0.0b41"] {
            assert!(s.parse::<FlashAttnVersion>().is_err(), "{s}");
        }
        let older = "0.6.7".parse::<FlashinferVersion>().unwrap_err().to_string();
        assert!(older.contains("ships none of these kernels: they ship from 0.6.9"), "{older}");
        let newer = "0.8.0".parse::<FlashinferVersion>().unwrap_err().to_string();
        assert!(newer.contains("newer than this smem-lint knows"), "{newer}");
        let newer = "4.0.0b41".parse::<FlashAttnVersion>().unwrap_err().to_string();
        assert!(newer.contains("newer than this smem-lint knows"), "{newer}");
        assert_eq!(FlashinferVersion::LATEST.name(), "0.7.4");
        assert_eq!(FlashAttnVersion::LATEST.name(), "4.0.0b40");
    }

    #[test]
    fn releases_are_in_order_and_distinct() {
        for w in FlashinferVersion::ALL.windows(2) {
            assert!(w[0] < w[1]);
        }
        let names: std::collections::HashSet<_> = FlashAttnVersion::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names.len(), FlashAttnVersion::ALL.len());
    }
}
