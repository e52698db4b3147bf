//! CUTLASS releases and what their headers say that the model depends on.
//!
//! Every release tag from 3.9.0 to 4.7.0 is a [`CutlassVersion`]. The model never branches on a
//! version number: it reads [`Headers`], one named fact per header change, each traced to the file
//! and release that introduced it. Releases whose facts are equal share one model; docs/releases.md
//! lists which releases were measured with nvcc and which share a measured model.

use std::fmt;
use std::str::FromStr;

use super::ParseError;

macro_rules! releases {
    ($($variant:ident => $name:literal),+ $(,)?) => {
        /// A CUTLASS release tag whose headers the model reproduces.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum CutlassVersion {
            $(#[doc = concat!("CUTLASS ", $name, ".")] $variant,)+
        }

        /// The architectures whose models claim releases one by one (SM120 claims all 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sm {
    Sm90,
    Sm100,
}

/// The releases the SM90 model claims: each measured with nvcc (`tests/data/sm90-*`), or sharing
/// every SM90 header the model reads (builders, collectives, kernels, epilogues, pipelines,
/// schedulers) with a measured one. Not claimed: 3.9.0 and 4.3.3-4.3.4, whose headers differ from
/// every measured release and were not measured.
pub const SM90_RELEASES: &[CutlassVersion] = {
    use CutlassVersion as V;
    &[
        V::V3_9_1, V::V3_9_2, V::V4_0_0, V::V4_1_0, V::V4_2_0, V::V4_2_1, V::V4_2_2, V::V4_3_0, V::V4_3_1, V::V4_3_2,
        V::V4_3_5, V::V4_3_6, V::V4_4_0, V::V4_4_1, V::V4_4_2, V::V4_4_3, V::V4_5_0, V::V4_5_1, V::V4_5_2, V::V4_5_3,
        V::V4_6_0, V::V4_6_1, V::V4_6_2, V::V4_7_0,
    ]
};

/// The releases the SM100 model claims, on the same terms as [`SM90_RELEASES`]. Not claimed: 3.9.0
/// (its dispatch policies differ from 3.9.1's; not measured) and 4.3.1-4.3.5 (not measured; 4.3.1
/// added the RC-grouped builder path). 3.9.1 and 3.9.2 (identical SM100 headers) are the kernels
/// before the CLC throttle ([`Headers::sm100_before_clc_throttle`]; measured on 3.9.2).
pub const SM100_RELEASES: &[CutlassVersion] = {
    use CutlassVersion as V;
    &[
        V::V3_9_1, V::V3_9_2, V::V4_0_0, V::V4_1_0, V::V4_2_0, V::V4_2_1, V::V4_2_2, V::V4_3_0, V::V4_3_6, V::V4_4_0, V::V4_4_1, V::V4_4_2,
        V::V4_4_3, V::V4_5_0, V::V4_5_1, V::V4_5_2, V::V4_5_3, V::V4_6_0, V::V4_6_1, V::V4_6_2, V::V4_7_0,
    ]
};

/// Whether the model of `sm` claims release `v`; a not-modelled error naming the claimed ones if not.
pub fn claimed(v: CutlassVersion, sm: Sm) -> Result<(), super::ModelError> {
    let (list, arch) = match sm {
        Sm::Sm90 => (SM90_RELEASES, "SM90"),
        Sm::Sm100 => (SM100_RELEASES, "SM100"),
    };
    if list.contains(&v) {
        return Ok(());
    }
    let names: Vec<&str> = list.iter().map(|v| v.name()).collect();
    Err(super::ModelError::new(
        super::ConfigField::Cutlass,
        format!("the {arch} model is not checked against CUTLASS {v}; it covers {}", names.join(", ")),
        "set `cutlass` to a covered release; other releases' headers differ and were not measured",
    ))
}

impl CutlassVersion {
            /// Every modelled release, oldest first.
            pub const ALL: &'static [CutlassVersion] = &[$(CutlassVersion::$variant,)+];

            /// The release's tag without the `v`: `4.4.2`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(CutlassVersion::$variant => $name,)+
                }
            }
        }
    };
}

releases! {
    V3_9_0 => "3.9.0", V3_9_1 => "3.9.1", V3_9_2 => "3.9.2",
    V4_0_0 => "4.0.0", V4_1_0 => "4.1.0",
    V4_2_0 => "4.2.0", V4_2_1 => "4.2.1", V4_2_2 => "4.2.2",
    V4_3_0 => "4.3.0", V4_3_1 => "4.3.1", V4_3_2 => "4.3.2", V4_3_3 => "4.3.3", V4_3_4 => "4.3.4",
    V4_3_5 => "4.3.5", V4_3_6 => "4.3.6",
    V4_4_0 => "4.4.0", V4_4_1 => "4.4.1", V4_4_2 => "4.4.2", V4_4_3 => "4.4.3",
    V4_5_0 => "4.5.0", V4_5_1 => "4.5.1", V4_5_2 => "4.5.2", V4_5_3 => "4.5.3",
    V4_6_0 => "4.6.0", V4_6_1 => "4.6.1", V4_6_2 => "4.6.2",
    V4_7_0 => "4.7.0",
}

/// How the SM120 block-scaled builder treats explicit ptr-array (grouped) schedules for operands that
/// need the MXF8F6F4 instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MxPtrArraySchedules {
    /// 3.9.0-4.1.0: `check_input_datatypes` (`sm1xx_common.inl`) lists no
    /// `KernelPtrArrayTmaWarpSpecialized*` tag among the valid MX_F4F6F8 schedules, so every grouped
    /// kernel with an explicit schedule and any 6/8-bit operand is rejected.
    Unlisted,
    /// 4.2.0-4.4.1: `check_input_datatypes` lists them (added in 4.2.0), but `select_instr`'s branch for
    /// two 6/8-bit operands does not: only mixes with a 4-bit operand pass.
    CheckedOnly,
    /// 4.4.2 on: `select_instr` lists them too.
    Accepted,
}

/// The facts of one release's headers that the SM120 model depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // one independent fact per header change
pub struct Headers {
    /// See [`MxPtrArraySchedules`].
    pub mx_ptr_array_schedules: MxPtrArraySchedules,
    /// `sm100_compute_stage_count_or_override_blockscaled` (`sm100_blockscaled_umma_builder.inl`) counts
    /// the per-stage pipeline barriers as `round_up(sizeof(PipelineTmaUmmaAsync<1>::SharedStorage), 128)`
    /// instead of their `sizeof`. Present in 4.2.2, removed again in 4.3.0, back from 4.3.6 on.
    pub stage_barriers_rounded_to_128: bool,
    /// `sm120_blockscaled_mma_builder.inl` divides `ReducedSmemCapacityBytes` (the capacity less the
    /// kernel's scheduler pipeline, CLC responses, tensormaps and tensormap-ready pipeline) into stages
    /// instead of `sm120_smem_capacity_bytes`. From 4.4.2 on.
    pub reduced_stage_capacity: bool,
    /// `sm120_blockscaled_mma_builder.inl` sizes SFB for `max(N, 128)` (`sSFBTileShape_N`) and the
    /// collectives (`sm120_blockscaled_mma[_array]_tma.hpp`) view it through
    /// `logical_divide(SmemLayoutSFB_, select<1,2>(TileShape))` (`TileShapeSFB`). From 4.5.0 on.
    pub sfb_padded_to_128: bool,
    /// `sm100_gemm_array_tma_warpspecialized.hpp` updates tensor maps asynchronously when the
    /// scheduler is not dynamic-persistent (grouped GEMMs): four updater warps, five copies of the
    /// tensor maps, two CLC responses per stage (`WithTensorMapUpdateInfo`, 20 bytes), a
    /// `tensor_map_ready` pipeline; `sm100_pipeline_carveout.inl` counts all of them. From 4.3.0 on.
    pub sm100_async_tensormap_update: bool,
    /// Block-scaled SM120 tiles with N = 8 and 16: `sm120_blockscaled_mma_builder.inl` asserts
    /// N >= 8 (was 32), runs cooperative N = 8 tiles on an 8 x 1 warp layout and matches no builder
    /// for ping-pong below N = 16; `sm120_builder.inl`'s `EpilogueTileAuto` takes `EpiN = CTA_N`
    /// below 32 and `EpiM = 128` below 16. From 4.6.0 on.
    pub sm120_narrow_n_tiles: bool,
    /// `ss_smem_selector` (`gemm/collective/builders/sm90_common.inl`) falls back to the MN-major
    /// interleave atom by `size(BLK_MN)`, and its assert says "BLK_MN must be a multiple of ...".
    /// From 4.6.0 on.
    pub selector_mn_inter_by_size: bool,
    /// `sm120_array_mma_builder.inl`: grouped (ptr-array) plain F8F6F4 GEMMs, with the
    /// `sm120_mma_array_tma.hpp` collective (A, B, their tensor maps). From 4.6.0 on.
    pub sm120_array_f8f6f4: bool,
    /// The SM100 kernels before the CLC throttle (3.9.x; changed in 4.0.0): the builders give a
    /// non-grouped kernel one scheduler pipeline stage (`SchedulerPipelineStageCount` 1, not 2,
    /// `sm100_umma_builder.inl`, `sm100_blockscaled_umma_builder.inl`), the dense kernel
    /// (`sm100_gemm_tma_warpspecialized.hpp`) has no `clc_throttle` pipeline and
    /// `sm100_pipeline_carveout.inl` counts none, and the array kernel
    /// (`sm100_gemm_array_tma_warpspecialized.hpp`) keeps an `epilogue_throttle` `ClusterBarrier`
    /// after `tmem_dealloc`.
    pub sm100_before_clc_throttle: bool,
    /// `cute/pointer_flagged.hpp` has a `slice_and_offset` overload for
    /// `ComposedLayout<Swizzle<B,M,S>, smem_ptr_flag_bits<Bits>, Layout>` that slices the layout alone,
    /// so slicing stage 0 off a swizzled SM100 operand layout (`CollectiveMma::Params`) never composes
    /// the swizzle's projections with the stage mode and never asserts divisibility. From 4.6.0 on.
    pub stage_slice_by_flag_bits: bool,
    /// `gemm/collective/builders/sm120_blockwise_mma_builder.inl` exists: the SM120 blockwise-scaled
    /// builder. From 4.0.0 on.
    pub sm120_blockwise_builder: bool,
    /// The 4.4 kernel shells and their neighbours: `sm90_gemm_tma_warpspecialized_{cooperative,pingpong}.hpp`
    /// (SM120's too) gate their GDC hints on `IsSm120Family`, `sm100_gemm_array_tma_warpspecialized.hpp`
    /// waits on dependent grids before its scheduler, `tile_scheduler_params.h` keeps `max_swizzle_size`,
    /// `sm100_common.inl` and `sm100_builder.inl` gain the TS and planar-complex paths. Every SM90 and
    /// SM100 header the model reads, and the schedulers', is byte-identical from 4.4.0 to 4.4.3 (the
    /// fingerprint table); the dimensions measured on 4.4.2 and later (SM90 i8 and narrow tiles, SM100
    /// tf32, narrow N, epilogue tiles and op classes, no-smem and MoE epilogues, the blockwise
    /// families, column-major C/D, dynamic clusters, EVT fusions, the static-persistent and stream-K
    /// schedulers) are claimed on these headers. From 4.4.0 on.
    pub kernel_shells_gdc_by_family: bool,
    /// `epilogue/dispatch_policy.hpp` gives the SM100 no-smem epilogue policies `StagesC`, `StagesD`
    /// and `FragmentSize`, and `sm90_epilogue_array_tma_warpspecialized.hpp` drops `store_tail`'s
    /// `wait_until_load_finishes`: the epilogue headers of the SM120 measurements of an epilogue built
    /// for another CTA tile (4.2.0 and 4.7.0). From 4.2.0 on.
    pub epilogue_dispatch_no_smem_stages: bool,
}

impl CutlassVersion {
    /// The version used when a configuration names none: the newest modelled release.
    pub const LATEST: CutlassVersion = CutlassVersion::V4_7_0;

    /// Every release's name, oldest first.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Self::ALL.iter().map(|v| v.name())
    }

    /// What this release's headers say.
    pub const fn headers(self) -> Headers {
        use CutlassVersion as V;
        let mx_ptr_array_schedules = match self {
            V::V3_9_0 | V::V3_9_1 | V::V3_9_2 | V::V4_0_0 | V::V4_1_0 => MxPtrArraySchedules::Unlisted,
            V::V4_2_0
            | V::V4_2_1
            | V::V4_2_2
            | V::V4_3_0
            | V::V4_3_1
            | V::V4_3_2
            | V::V4_3_3
            | V::V4_3_4
            | V::V4_3_5
            | V::V4_3_6
            | V::V4_4_0
            | V::V4_4_1 => MxPtrArraySchedules::CheckedOnly,
            _ => MxPtrArraySchedules::Accepted,
        };
        let stage_barriers_rounded_to_128 = matches!(self, V::V4_2_2) || self.at_least(V::V4_3_6);
        Headers {
            mx_ptr_array_schedules,
            stage_barriers_rounded_to_128,
            reduced_stage_capacity: self.at_least(V::V4_4_2),
            sfb_padded_to_128: self.at_least(V::V4_5_0),
            sm100_async_tensormap_update: self.at_least(V::V4_3_0),
            sm120_narrow_n_tiles: self.at_least(V::V4_6_0),
            selector_mn_inter_by_size: self.at_least(V::V4_6_0),
            sm120_array_f8f6f4: self.at_least(V::V4_6_0),
            sm100_before_clc_throttle: !self.at_least(V::V4_0_0),
            stage_slice_by_flag_bits: self.at_least(V::V4_6_0),
            sm120_blockwise_builder: self.at_least(V::V4_0_0),
            kernel_shells_gdc_by_family: self.at_least(V::V4_4_0),
            epilogue_dispatch_no_smem_stages: self.at_least(V::V4_2_0),
        }
    }

    const fn at_least(self, other: CutlassVersion) -> bool {
        self as u8 >= other as u8
    }

    /// The oldest release whose headers equal this one's in every fact the model reads: the
    /// representative that suggestions and tables name.
    #[must_use]
    pub fn model_representative(self) -> CutlassVersion {
        let h = self.headers();
        Self::ALL.iter().copied().find(|v| v.headers() == h).unwrap_or(self)
    }

    /// One release per distinct set of [`Headers`], oldest first: every model the releases share.
    pub fn distinct_models() -> impl Iterator<Item = CutlassVersion> {
        Self::ALL.iter().copied().filter(|v| v.model_representative() == *v)
    }

    /// The release a `cutlass/version.h` states, `MAJOR.MINOR.PATCH` from its `CUTLASS_MAJOR`,
    /// `CUTLASS_MINOR` and `CUTLASS_PATCH` defines as the preprocessor reads them, whether or not the
    /// model knows it.
    pub fn stated_in_header(version_h: &str) -> Result<String, String> {
        // As the preprocessor reads them (`version_h`): a define in a skipped block or a comment is
        // no define, and one only the compiler can decide is refused.
        let [major, minor, patch] =
            crate::version_h::release_defines(version_h, ["CUTLASS_MAJOR", "CUTLASS_MINOR", "CUTLASS_PATCH"])?;
        Ok(format!("{major}.{minor}.{patch}"))
    }

    /// Parse a `cutlass/version.h`: its `CUTLASS_MAJOR/MINOR/PATCH`, corrected by content where the
    /// file is known to be wrong: v4.1.0 ships a version.h that says 4.0.0, and is told apart from
    /// 4.0.0 by `KernelPtrArrayMultistage`, which 4.1.0 added to `cutlass/gemm/dispatch_policy.hpp`
    /// (pass that file's text as `dispatch_policy`).
    pub fn from_version_header(version_h: &str, dispatch_policy: Option<&str>) -> Result<CutlassVersion, String> {
        let stated = Self::stated_in_header(version_h)?;
        let v: CutlassVersion = stated.parse().map_err(|e: ParseError| e.to_string())?;
        if v == CutlassVersion::V4_0_0 && dispatch_policy.is_some_and(|d| d.contains("struct KernelPtrArrayMultistage"))
        {
            return Ok(CutlassVersion::V4_1_0);
        }
        Ok(v)
    }
}

impl FromStr for CutlassVersion {
    type Err = ParseError;
    /// A full release tag as [`CutlassVersion::name`] writes it, `4.4.2`. Anything else is an error:
    /// `v4.4.2` or ` 4.4.2` names the tag to write; `4.4` (which could be any of 4.4.0-4.4.3), a
    /// release outside 3.9.0..=4.7.0 (one newer than this tool says so) list the modelled releases:
    /// never the nearest one.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let find = |t: &str| Self::ALL.iter().copied().find(|v| v.name() == t);
        if let Some(v) = find(s) {
            return Ok(v);
        }
        if let Some(v) = find(s.trim().strip_prefix('v').unwrap_or(s.trim())) {
            return Err(ParseError::malformed(
                "CUTLASS version",
                s,
                format!("write `{v}`, the tag without a `v` or spaces"),
            ));
        }
        if newer_than_known(s.trim().strip_prefix('v').unwrap_or(s.trim())) {
            return Err(ParseError::malformed(
                "CUTLASS version",
                s,
                format!(
                    "CUTLASS {} is newer than this smem-lint knows (3.9.0 to {}): name a known release, or give the \
                     headers with `--cutlass-include` (answered when its model-relevant headers equal a known release's)",
                    s.trim(),
                    CutlassVersion::LATEST
                ),
            ));
        }
        Err(ParseError::new("CUTLASS version", s, Self::names()))
    }
}

/// Whether `t` is a full `MAJOR.MINOR.PATCH` tag after the newest modelled release.
fn newer_than_known(t: &str) -> bool {
    let parts: Vec<Option<u32>> = t.split('.').map(|p| p.parse().ok()).collect();
    let latest: Vec<u32> = CutlassVersion::LATEST.name().split('.').filter_map(|p| p.parse().ok()).collect();
    match parts.as_slice() {
        [Some(a), Some(b), Some(c)] => [*a, *b, *c] > [latest[0], latest[1], latest[2]],
        _ => false,
    }
}

impl fmt::Display for CutlassVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tag_parses_and_unknown_ones_do_not() {
        assert_eq!(CutlassVersion::ALL.len(), 27);
        for v in CutlassVersion::ALL {
            assert_eq!(v.name().parse::<CutlassVersion>(), Ok(*v));
            // One spelling per release (issue 39): `v4.4.2` names the tag to write.
            for other in [format!("v{v}"), format!(" v{v}\t"), format!(" {v}")] {
                let err = other.parse::<CutlassVersion>().unwrap_err();
                assert!(err.to_string().contains(&format!("write `{v}`")), "{other:?}: {err}");
            }
        }
        for bad in ["4.8.0", "3.8.0", "4.4", "4.2.3", "latest", "", "v", "4.5.0.0"] {
            let e = bad.parse::<CutlassVersion>().unwrap_err();
            assert!(e.to_string().contains("3.9.0") && e.to_string().contains("4.7.0"), "{e}");
        }
    }

    #[test]
    fn version_header_4_1_0_is_told_apart_by_content() {
        let h = "#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 0\n#define CUTLASS_PATCH 0 \n";
        assert_eq!(
            CutlassVersion::from_version_header(h, Some("struct KernelMultistage {};")),
            Ok(CutlassVersion::V4_0_0)
        );
        assert_eq!(
            CutlassVersion::from_version_header(h, Some("struct KernelPtrArrayMultistage { };")),
            Ok(CutlassVersion::V4_1_0)
        );
        assert!(CutlassVersion::from_version_header(
            "#define CUTLASS_MAJOR 4\n#define CUTLASS_MINOR 8\n#define CUTLASS_PATCH 0\n",
            None
        )
        .unwrap_err()
        .contains("4.7.0"));
    }

    #[test]
    fn releases_sharing_headers_share_a_representative() {
        use CutlassVersion as V;
        assert_eq!(V::V4_2_1.model_representative(), V::V4_2_0);
        assert_eq!(V::V4_2_2.model_representative(), V::V4_2_2);
        assert_eq!(V::V4_7_0.model_representative(), V::V4_6_0);
        assert_eq!(V::V4_5_3.model_representative(), V::V4_5_0);
        assert_eq!(V::V4_4_3.model_representative(), V::V4_4_2);
        let models: Vec<_> = CutlassVersion::distinct_models().collect();
        // 4.0.0 (SM100's CLC throttle), 4.3.0 (SM100's asynchronous grouped tensor maps), 4.3.6
        // (barrier rounding back) and 4.4.0 (the 4.4 kernel shells) are their own models.
        assert_eq!(
            models,
            [
                V::V3_9_0,
                V::V4_0_0,
                V::V4_2_0,
                V::V4_2_2,
                V::V4_3_0,
                V::V4_3_6,
                V::V4_4_0,
                V::V4_4_2,
                V::V4_5_0,
                V::V4_6_0
            ]
        );
    }
}
