//! Which CUTLASS release a header tree is (`--cutlass-include DIR`), including releases newer than
//! the model: a release whose model-relevant headers are byte-identical to a known release's is
//! answered as that release, with a note; any other unknown release is refused, naming the files
//! that differ and the facts they feed (docs/new-releases.md).
//!
//! "Model-relevant" is an explicit list, [`SOURCES`]: every CUTLASS header a part of the model
//! mirrors (builders, collectives and their `SharedStorage`, epilogue builders and collectives,
//! fusion callbacks, kernel shells, tile schedulers, pipelines, CuTe containers and layout algebra,
//! and the CUTLASS 2.x threadblock mainloops, epilogues and kernels of the SM80-SM89 family),
//! each with the [`Headers`](crate::model::Headers) facts read from it. [`table::TABLE`] holds the
//! SHA-256 of each of those files in each known release; it is generated from the releases' real
//! headers (`cargo run -p smem-lint --example fingerprints`), never typed, and a test fails when it
//! no longer matches [`SOURCES`].
//!
//! A release that `cutlass/version.h` names and the model knows is taken at its word, as before
//! (v4.1.0's version.h says 4.0.0 and is told apart by content: see
//! [`CutlassVersion::from_version_header`]).

pub mod generate;
pub mod table;

use std::path::Path;

use sha2::{Digest, Sha256};

use crate::limits::MAX_HEADER_BYTES;
use crate::model::CutlassVersion;

/// A CUTLASS header the model mirrors.
#[derive(Debug)]
pub struct Source {
    /// The path under `include/`.
    pub path: &'static str,
    /// The part of the model that mirrors it.
    pub mirrors: &'static str,
    /// The [`Headers`](crate::model::Headers) fields read from it (names as in `release.rs`).
    pub facts: &'static [&'static str],
}

const fn src(path: &'static str, mirrors: &'static str, facts: &'static [&'static str]) -> Source {
    Source { path, mirrors, facts }
}

const SM80_FAMILY: &str = "SM80-SM89 CUTLASS 2.x GEMM (smem-lint-model/src/families/sm80_multistage.rs)";
const SM120_BLOCKSCALED: &str = "SM120 block-scaled family (smem-lint-model/src/families/sm120_blockscaled.rs)";
const SM120_SPARSE: &str = "SM120 structured-sparse family (smem-lint-model/src/families/sm120_sparse.rs)";
const SM120_TENSOROP: &str = "SM120 blockwise / F8F6F4 family (smem-lint-model/src/families/sm120_tensorop.rs)";
const SM120_EPILOGUE: &str = "SM120 epilogue builder (smem-lint-model/src/cutlass/sm120_epilogue.rs)";
const SM90_FAMILY: &str = "SM90 family (smem-lint-model/src/families/sm90_tensorop.rs)";
const SM100_FAMILY: &str = "SM100 family (smem-lint-model/src/families/sm100_umma.rs)";
const SM100_BLOCKWISE: &str = "SM100 blockwise family (smem-lint-model/src/families/sm100_blockwise.rs)";
const SM90_BLOCKWISE: &str = "SM90 blockwise family (smem-lint-model/src/families/sm90_blockwise.rs)";
const SM90_EPILOGUE: &str = "SM90 TMA epilogue collectives (smem-lint-model/src/cutlass/sm90_epilogue.rs)";
const FUSION: &str = "epilogue fusions and EVT storage (smem-lint-model/src/fusion.rs)";
const SM90_KERNEL: &str = "SM90 kernel shells, which SM120 uses too (smem-lint-model/src/cutlass/sm90_kernel.rs)";
const SM100_KERNEL: &str = "SM100 kernel shells (smem-lint-model/src/cutlass/sm100_kernel.rs)";
const SCHEDULER: &str =
    "tile schedulers' SharedStorage and responses (smem-lint-model/src/cutlass/sm90_kernel.rs, sm100_kernel.rs)";
const PRIMITIVES: &str =
    "barriers, pipelines, TMA descriptors, smem arrays (smem-lint-model/src/cutlass/primitives.rs)";
const CUTE: &str = "CuTe layout algebra and its divisibility asserts (smem-lint-model/src/cutlass/cute.rs)";

/// Every header the model mirrors, under `include/`, sorted by path. `cutlass/version.h` is not
/// among them: it names the release, it does not shape the model.
pub const SOURCES: &[Source] = &[
    src("cute/arch/copy_sm90_desc.hpp", PRIMITIVES, &[]),
    src("cute/arch/mma_sm100_umma.hpp", SM100_FAMILY, &[]),
    src("cute/container/alignment.hpp", PRIMITIVES, &[]),
    src("cute/container/array_aligned.hpp", PRIMITIVES, &[]),
    src("cute/container/array_subbyte.hpp", PRIMITIVES, &[]),
    src("cute/container/tuple.hpp", FUSION, &[]),
    src("cute/int_tuple.hpp", CUTE, &["sfb_padded_to_128"]),
    src("cute/layout.hpp", CUTE, &["sfb_padded_to_128"]),
    src("cute/pointer_flagged.hpp", CUTE, &["stage_slice_by_flag_bits"]),
    src("cute/swizzle.hpp", CUTE, &[]),
    src("cute/swizzle_layout.hpp", CUTE, &[]),
    src("cutlass/aligned_buffer.h", SM80_FAMILY, &[]),
    src(
        "cutlass/arch/arch.h",
        "the shared-memory capacities (smem-lint-model/src/arch.rs, model/families/mod.rs)",
        &[],
    ),
    src("cutlass/arch/barrier.h", PRIMITIVES, &[]),
    src("cutlass/arch/mma_sm80.h", SM80_FAMILY, &[]),
    src("cutlass/arch/mma_sm89.h", SM80_FAMILY, &[]),
    src("cutlass/detail/blockwise_scale_layout.hpp", SM120_TENSOROP, &[]),
    src("cutlass/detail/sm100_blockscaled_layout.hpp", "scale-factor smem atoms of SM120 and SM100 block-scaled", &[]),
    src("cutlass/epilogue/collective/builders/sm100_builder.inl", SM100_FAMILY, &["kernel_shells_gdc_by_family"]),
    src("cutlass/epilogue/collective/builders/sm120_builder.inl", SM120_EPILOGUE, &["sm120_narrow_n_tiles"]),
    src("cutlass/epilogue/collective/builders/sm120_common.inl", SM120_EPILOGUE, &[]),
    src("cutlass/epilogue/collective/builders/sm90_builder.inl", SM90_FAMILY, &[]),
    src("cutlass/epilogue/collective/builders/sm90_common.inl", SM90_FAMILY, &[]),
    src("cutlass/epilogue/collective/collective_builder.hpp", "which epilogue builders exist", &[]),
    src("cutlass/epilogue/collective/collective_epilogue.hpp", "which epilogue collectives exist", &[]),
    src(
        "cutlass/epilogue/collective/default_epilogue.hpp",
        "SM90 no-smem epilogue (smem-lint-model/src/families/sm90_tensorop.rs)",
        &[],
    ),
    src(
        "cutlass/epilogue/collective/default_epilogue_array.hpp",
        "SM90 no-smem epilogue (smem-lint-model/src/families/sm90_tensorop.rs)",
        &[],
    ),
    src(
        "cutlass/epilogue/collective/detail.hpp",
        "SM90 no-smem epilogue adapter (smem-lint-model/src/families/sm90_tensorop.rs)",
        &[],
    ),
    src("cutlass/epilogue/collective/sm100_epilogue_array_nosmem.hpp", SM100_FAMILY, &[]),
    src("cutlass/epilogue/collective/sm100_epilogue_array_tma_warpspecialized.hpp", SM100_FAMILY, &[]),
    src("cutlass/epilogue/collective/sm100_epilogue_tma_warpspecialized.hpp", SM100_FAMILY, &[]),
    src(
        "cutlass/epilogue/collective/sm90_epilogue_array_tma_warpspecialized.hpp",
        SM90_EPILOGUE,
        &["epilogue_dispatch_no_smem_stages"],
    ),
    src("cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp", SM90_EPILOGUE, &[]),
    src(
        "cutlass/epilogue/dispatch_policy.hpp",
        "epilogue schedule tags (smem-lint-model/src/config.rs)",
        &["epilogue_dispatch_no_smem_stages"],
    ),
    src("cutlass/epilogue/fusion/callbacks.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/operations.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm100_callbacks_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm100_visitor_store_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm120_callbacks_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm120_visitor_store_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm90_visitor_compute_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm90_visitor_load_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/fusion/sm90_visitor_tma_warpspecialized.hpp", FUSION, &[]),
    src("cutlass/epilogue/threadblock/default_epilogue_tensor_op.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/threadblock/default_thread_map_tensor_op.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/threadblock/epilogue.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/threadblock/epilogue_base.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/threadblock/output_tile_thread_map.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/threadblock/predicated_tile_iterator.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/warp/tensor_op_policy.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/warp/tile_iterator_tensor_op.h", SM80_FAMILY, &[]),
    src("cutlass/epilogue/warp/tile_iterator_tensor_op_mixed.h", SM80_FAMILY, &[]),
    src(
        "cutlass/gemm/collective/builders/sm100_blockscaled_umma_builder.inl",
        "SM100 block-scaled builder and the stage-count helper SM120 block-scaled calls",
        &["stage_barriers_rounded_to_128", "sm100_before_clc_throttle"],
    ),
    src("cutlass/gemm/collective/builders/sm100_blockwise_umma_builder.inl", SM100_BLOCKWISE, &[]),
    src("cutlass/gemm/collective/builders/sm100_common.inl", SM100_FAMILY, &["kernel_shells_gdc_by_family"]),
    src(
        "cutlass/gemm/collective/builders/sm100_pipeline_carveout.inl",
        SM100_FAMILY,
        &["sm100_async_tensormap_update", "sm100_before_clc_throttle"],
    ),
    src("cutlass/gemm/collective/builders/sm100_umma_builder.inl", SM100_FAMILY, &["sm100_before_clc_throttle"]),
    src("cutlass/gemm/collective/builders/sm120_array_mma_builder.inl", SM120_TENSOROP, &["sm120_array_f8f6f4"]),
    src(
        "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl",
        SM120_BLOCKSCALED,
        &["reduced_stage_capacity", "sfb_padded_to_128", "sm120_narrow_n_tiles"],
    ),
    src("cutlass/gemm/collective/builders/sm120_blockscaled_sparse_mma_builder.inl", SM120_SPARSE, &[]),
    src(
        "cutlass/gemm/collective/builders/sm120_blockwise_mma_builder.inl",
        SM120_TENSOROP,
        &["sm120_blockwise_builder"],
    ),
    src("cutlass/gemm/collective/builders/sm120_common.inl", "what the SM120 builders share", &[]),
    src("cutlass/gemm/collective/builders/sm120_mma_builder.inl", SM120_TENSOROP, &[]),
    src("cutlass/gemm/collective/builders/sm120_sparse_mma_builder.inl", SM120_SPARSE, &[]),
    src("cutlass/gemm/collective/builders/sm1xx_common.inl", SM120_BLOCKSCALED, &["mx_ptr_array_schedules"]),
    src("cutlass/gemm/collective/builders/sm1xx_sparse_config.inl", SM120_SPARSE, &[]),
    src(
        "cutlass/gemm/collective/builders/sm90_common.inl",
        "ss_smem_selector and the SM90 stage count (every family)",
        &["selector_mn_inter_by_size"],
    ),
    src("cutlass/gemm/collective/builders/sm90_gmma_builder.inl", SM90_FAMILY, &[]),
    src("cutlass/gemm/collective/collective_builder.hpp", "which mainloop builders exist", &["sm120_array_f8f6f4"]),
    src("cutlass/gemm/collective/collective_mma.hpp", "which mainloop collectives exist", &["sm120_array_f8f6f4"]),
    src("cutlass/gemm/collective/sm100_blockscaled_mma_array_warpspecialized.hpp", SM100_FAMILY, &[]),
    src("cutlass/gemm/collective/sm100_blockscaled_mma_warpspecialized.hpp", SM100_FAMILY, &[]),
    src("cutlass/gemm/collective/sm100_mma_array_warpspecialized.hpp", SM100_FAMILY, &[]),
    src("cutlass/gemm/collective/sm100_mma_warpspecialized.hpp", SM100_FAMILY, &[]),
    src("cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp", SM100_BLOCKWISE, &[]),
    src("cutlass/gemm/collective/sm120_blockscaled_mma_array_tma.hpp", SM120_BLOCKSCALED, &["sfb_padded_to_128"]),
    src("cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp", SM120_BLOCKSCALED, &["sfb_padded_to_128"]),
    src("cutlass/gemm/collective/sm120_blockscaled_sparse_mma_tma.hpp", SM120_SPARSE, &[]),
    src("cutlass/gemm/collective/sm120_mma_array_tma.hpp", SM120_TENSOROP, &["sm120_array_f8f6f4"]),
    src("cutlass/gemm/collective/sm120_mma_array_tma_blockwise_scaling.hpp", SM120_TENSOROP, &[]),
    src("cutlass/gemm/collective/sm120_mma_tma.hpp", SM120_TENSOROP, &[]),
    src("cutlass/gemm/collective/sm120_mma_tma_blockwise_scaling.hpp", SM120_TENSOROP, &[]),
    src("cutlass/gemm/collective/sm120_sparse_mma_tma.hpp", SM120_SPARSE, &[]),
    src("cutlass/gemm/collective/sm90_mma_array_tma_gmma_ss_warpspecialized.hpp", SM90_FAMILY, &[]),
    src("cutlass/gemm/collective/sm90_mma_array_tma_gmma_ss_warpspecialized_fp8.hpp", SM90_FAMILY, &[]),
    src("cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp", SM90_FAMILY, &[]),
    src("cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized_fp8.hpp", SM90_FAMILY, &[]),
    src("cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp", SM90_BLOCKWISE, &[]),
    src("cutlass/gemm/device/gemm_universal.h", SM80_FAMILY, &[]),
    src(
        "cutlass/gemm/dispatch_policy.hpp",
        "mainloop and kernel schedule tags (smem-lint-model/src/config.rs)",
        &["mx_ptr_array_schedules"],
    ),
    src("cutlass/gemm/kernel/default_gemm.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/kernel/default_gemm_grouped.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/kernel/default_gemm_universal.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/kernel/gemm.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/kernel/gemm_universal.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/kernel/gemm_universal.hpp", "which kernel shell a schedule dispatches to", &[]),
    src(
        "cutlass/gemm/kernel/sm100_gemm_array_tma_warpspecialized.hpp",
        SM100_KERNEL,
        &["sm100_async_tensormap_update", "sm100_before_clc_throttle", "kernel_shells_gdc_by_family"],
    ),
    src("cutlass/gemm/kernel/sm100_gemm_tma_warpspecialized.hpp", SM100_KERNEL, &["sm100_before_clc_throttle"]),
    src("cutlass/gemm/kernel/sm100_gemm_tma_warpspecialized_mma_transform.hpp", SM100_KERNEL, &[]),
    src("cutlass/gemm/kernel/sm100_static_tile_scheduler.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/sm100_tile_scheduler.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/sm100_tile_scheduler_group.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/sm100_tile_scheduler_stream_k.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/sm120_gemm_tma_warpspecialized_cooperative_asymmetric_dma.hpp", SM120_SPARSE, &[]),
    src("cutlass/gemm/kernel/sm90_gemm_array_tma_warpspecialized_cooperative.hpp", SM90_KERNEL, &[]),
    src("cutlass/gemm/kernel/sm90_gemm_array_tma_warpspecialized_pingpong.hpp", SM90_KERNEL, &[]),
    src("cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized.hpp", SM90_KERNEL, &[]),
    src(
        "cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp",
        SM90_KERNEL,
        &["kernel_shells_gdc_by_family"],
    ),
    src(
        "cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_pingpong.hpp",
        SM90_KERNEL,
        &["kernel_shells_gdc_by_family"],
    ),
    src("cutlass/gemm/kernel/sm90_tile_scheduler.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/sm90_tile_scheduler_group.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/sm90_tile_scheduler_stream_k.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/static_tile_scheduler.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/tile_scheduler.hpp", SCHEDULER, &[]),
    src("cutlass/gemm/kernel/tile_scheduler_params.h", SCHEDULER, &["kernel_shells_gdc_by_family"]),
    src("cutlass/gemm/threadblock/default_mma.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/threadblock/default_mma_core_sm75.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/threadblock/default_mma_core_sm80.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/threadblock/mma_base.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/threadblock/mma_multistage.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/threadblock/mma_pipelined.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/warp/default_mma_tensor_op_sm80.h", SM80_FAMILY, &[]),
    src("cutlass/gemm/warp/mma_tensor_op.h", SM80_FAMILY, &[]),
    src("cutlass/layout/tensor_op_multiplicand_sm75.h", SM80_FAMILY, &[]),
    src("cutlass/pipeline/sm100_pipeline.hpp", PRIMITIVES, &[]),
    src("cutlass/pipeline/sm90_pipeline.hpp", PRIMITIVES, &[]),
    src("cutlass/transform/pitch_linear_thread_map.h", SM80_FAMILY, &[]),
];

/// One file of [`SOURCES`] across the known releases: each distinct content (its SHA-256, `None`
/// where the release has no such file) with the releases that ship it.
#[derive(Debug)]
pub struct FileVersions {
    pub path: &'static str,
    pub contents: &'static [(Option<&'static str>, &'static [CutlassVersion])],
}

/// The lowercase hex SHA-256 of `bytes`.
pub fn digest(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    Sha256::digest(bytes).iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// The digest of every file of [`SOURCES`] under `include`, in order; `None` where it is absent.
/// A file that is there but cannot be read (not a regular file, over [`MAX_HEADER_BYTES`]) is an
/// error, never taken for absent.
pub fn tree_digests(include: &Path) -> Result<Vec<Option<String>>, String> {
    SOURCES
        .iter()
        .map(|s| {
            let path = include.join(s.path);
            match std::fs::symlink_metadata(&path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                _ => crate::input::read_bytes_limited(&path, MAX_HEADER_BYTES)
                    .map(|b| Some(digest(&b)))
                    .map_err(|e| format!("cannot read {}: {e}", path.display())),
            }
        })
        .collect()
}

/// The release of a header tree, and what to tell the user about how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Release {
    pub version: CutlassVersion,
    /// Set when `cutlass/version.h` names a release the model does not know and the headers were
    /// recognised as a known one's: the sentence to print as a note.
    pub note: Option<String>,
}

/// The CUTLASS release of an include directory (the one holding `cutlass/version.h`): the release
/// version.h names when the model knows it, else the known release whose model-relevant headers
/// are byte-identical ([`recognise`]). Only regular files are read.
pub fn cutlass_release(include: &Path) -> Result<Release, String> {
    let path = include.join("cutlass/version.h");
    let text = crate::input::read_text_limited(&path, MAX_HEADER_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let stated = CutlassVersion::stated_in_header(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if stated.parse::<CutlassVersion>().is_ok() {
        let dispatch =
            crate::input::read_text_limited(&include.join("cutlass/gemm/dispatch_policy.hpp"), MAX_HEADER_BYTES).ok();
        let version = CutlassVersion::from_version_header(&text, dispatch.as_deref())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(Release { version, note: None });
    }
    let digests = tree_digests(include)?;
    let (version, note) = recognise(&stated, &digests, table::TABLE).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Release { version, note: Some(note) })
}

/// An unknown release `stated` whose [`SOURCES`] have `digests`: the newest known release of
/// `table` with the same digest for every file, with the note to print; or an error naming the
/// files that differ from the nearest known release (fewest differences, then newest) and the facts
/// they feed, with a hint.
pub fn recognise(
    stated: &str,
    digests: &[Option<String>],
    table: &[FileVersions],
) -> Result<(CutlassVersion, String), String> {
    // A file the table does not list (a stale table) differs from every release.
    let differing = |v: CutlassVersion| -> Vec<usize> {
        (0..SOURCES.len())
            .filter(|&i| {
                let known = table
                    .iter()
                    .find(|f| f.path == SOURCES[i].path)
                    .and_then(|f| f.contents.iter().find(|(_, vs)| vs.contains(&v)).map(|(d, _)| *d));
                known != Some(digests.get(i).and_then(|d| d.as_deref()))
            })
            .collect()
    };
    let diffs: Vec<(CutlassVersion, Vec<usize>)> = CutlassVersion::ALL.iter().map(|&v| (v, differing(v))).collect();
    let same: Vec<CutlassVersion> = diffs.iter().filter(|(_, d)| d.is_empty()).map(|(v, _)| *v).collect();
    if let Some(&newest) = same.last() {
        let names: Vec<String> = same.iter().map(|v| format!("{v}'s")).collect();
        return Ok((
            newest,
            format!(
                "CUTLASS {stated} is not a release smem-lint knows; its {} model-relevant headers are \
                 byte-identical to {}; answering as {newest}",
                SOURCES.len(),
                join_and(&names),
            ),
        ));
    }
    // Fewest differences, the newest among equals.
    let (nearest, files) =
        diffs.iter().rev().min_by_key(|(_, d)| d.len()).cloned().unwrap_or((CutlassVersion::LATEST, Vec::new()));
    let mut lines: Vec<String> = files
        .iter()
        .take(SHOWN)
        .map(|&i| {
            let s = &SOURCES[i];
            let in_nearest = table
                .iter()
                .find(|f| f.path == s.path)
                .is_some_and(|f| f.contents.iter().any(|(d, vs)| d.is_some() && vs.contains(&nearest)));
            let how = match (digests.get(i).and_then(Option::as_ref), in_nearest) {
                (None, _) => "missing".to_string(),
                (Some(_), false) => format!("new, not in {nearest}"),
                (Some(_), true) => "differs".to_string(),
            };
            let facts = if s.facts.is_empty() { String::new() } else { format!("; Headers: {}", s.facts.join(", ")) };
            format!("  {} ({how}; feeds the {}{facts})", s.path, s.mirrors)
        })
        .collect();
    if files.len() > SHOWN {
        lines.push(format!("  ... and {} more", files.len() - SHOWN));
    }
    Err(format!(
        "CUTLASS {stated} is not a release smem-lint knows ({} to {}), and its model-relevant headers are not \
         byte-identical to any known release's: {} of {} differ from the nearest, {nearest}:\n{}\n\
         hint: the model may not hold for these headers; a newer smem-lint may know this release \
         (docs/new-releases.md), or name a known release with `--cutlass` (Cargo setting `cutlass`) to answer as it, \
         knowing that these files changed",
        CutlassVersion::ALL[0],
        CutlassVersion::LATEST,
        files.len(),
        SOURCES.len(),
        lines.join("\n"),
    ))
}

/// The most differing files a refusal lists.
const SHOWN: usize = 20;

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests;
