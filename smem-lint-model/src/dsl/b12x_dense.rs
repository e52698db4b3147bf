//! FlashInfer's SM120 b12x dense block-scaled GEMM (`b12x-dense`): `mm_fp4(..., backend="b12x")`
//! (NVFP4, and MXFP4 from 0.6.18) and `mm_mxfp8(..., backend="b12x")` (0.6.18 on), through
//! `_b12x_gemm_fp4_runner` / `_b12x_gemm_mxfp8_runner` to `DenseGemmKernel`
//! (`gemm/kernels/dense_blockscaled_gemm_sm120_b12x.py`; `..._sm120.py` in 0.6.9).
//!
//! Mirrors, per release (the facts of [`facts`]):
//! - `gemm_base.py`: `_check_mm_fp4_problem_size`, `_b12x_gemm_fp4_requirement`, the runner's
//!   `forward` (the default plan when the autotuner has no tuned tactic), `_select_default_sm120_mma_tiler`;
//! - the kernel file: `_select_default_mma_tiler_mn`, `_select_default_dense_gemm_plan`, `can_implement`,
//!   `__init__` (`tile_k = sf_vec_size * 8`), `_setup_attributes`, `_compute_stages`, `_make_smem_layouts`,
//!   `__call__`'s SF TMA atoms and its `@cute.struct SharedStorage`;
//! - `cute_dsl/utils.py`: `sm120_make_smem_layout_sfa/sfb`;
//! - `gemm_mm_mxfp8_cute_dsl.py`: `_check_mm_mxfp8_problem_size`, `_b12x_gemm_mxfp8_requirement`.
//!
//! M, N and K are symbolic in the compiled kernel: they change the struct only through the tile the
//! plan picks. Measured on a CPU with the DSL (12,511 records of every release 0.6.7-0.7.4, DSL
//! 4.5.0, 4.7.1 and 4.8.1: docs/dsl.md).

use super::cute_struct::CuteStruct;
use super::{DslFacts, DslFamily, FlashinferVersion as V, OwnEstimate};
use crate::layout::{PerStage, Role};
use crate::{ConfigField, Evaluation, Footprint, KernelConfig, ModelError, Operand, Output, Rejection, StageChoice};

/// `cutlass.utils.get_smem_capacity_in_bytes("sm_120")`: the capacity `_compute_stages` divides.
pub const SMEM_CAPACITY: u64 = 101_376;

/// Where a release's path differs, one fact per source change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// PR #3560 (0.6.14): the runner's default tile comes from the kernel file's
    /// `_select_default_dense_gemm_plan` (an M = 1 plan, the wide-N 64x128 rule, (64, 32) with swap_ab)
    /// instead of gemm_base's `_select_default_sm120_mma_tiler`; `_compute_stages` allows 5 stages for
    /// (16 | 64, 128) tiles; `can_implement` loses its shared-memory check and wants K % 32; the
    /// requirement refuses K % 32 != 0.
    pub dense_plan: bool,
    /// PR #4479 (0.6.18): MXFP4 through `mm_fp4` (`MmaMXF4Op`, sf_vec_size 32, tile_k 256); and PR
    /// #4305: `mm_mxfp8` (`MmaMXF8Op`, tile_k 128).
    pub mx_formats: bool,
}

/// The facts of a release's source (the three behaviour classes of its path's 24 functions).
pub const fn facts(v: V) -> Facts {
    match v {
        // PR #3051: the first port (0.6.9); a rename (0.6.10) and SM121-only and cuDNN changes
        // (0.6.11.post2, .post3) that leave SM120's path as it was.
        V::V0_6_9
        | V::V0_6_10
        | V::V0_6_10Post1
        | V::V0_6_11
        | V::V0_6_11Post1
        | V::V0_6_11Post2
        | V::V0_6_11Post3
        | V::V0_6_12
        | V::V0_6_13 => Facts { dense_plan: false, mx_formats: false },
        V::V0_6_14
        | V::V0_6_15
        | V::V0_6_15Post1
        | V::V0_6_16
        | V::V0_6_16Post1
        | V::V0_6_16Post2
        | V::V0_6_16Post3
        | V::V0_6_16Post4
        | V::V0_6_17 => Facts { dense_plan: true, mx_formats: false },
        // 0.7.0's SVDQuant, 0.7.1's per-token alpha and 0.7.4's batch_invariant leave mm_fp4's struct as it is.
        V::V0_6_18
        | V::V0_6_18Post1
        | V::V0_7_0
        | V::V0_7_0Post1
        | V::V0_7_1
        | V::V0_7_2
        | V::V0_7_2Post1
        | V::V0_7_4 => Facts { dense_plan: true, mx_formats: true },
    }
}

/// The operand format: one `use_nvfp4` flag for both operands (`mm_fp4`), or `mm_mxfp8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Nvfp4,
    Mxfp4,
    Mxfp8,
}

impl Format {
    const fn sf_vec_size(self) -> u64 {
        match self {
            Format::Nvfp4 => 16,
            _ => 32,
        }
    }
    /// The A/B element width in bits.
    const fn ab_bits(self) -> u64 {
        match self {
            Format::Mxfp8 => 8,
            _ => 4,
        }
    }
}

/// A refusal of FlashInfer's path: the static start of its text, the text as raised, and where.
fn refused(at: ConfigField, message: &'static str, text: String, by: &'static str) -> Evaluation {
    Evaluation::Rejected(Rejection {
        message,
        at,
        detail: text.into(),
        stage_choice: None,
        epilogue_bytes: None,
        by: Some(by),
    })
}

/// `torch.bfloat16`: the name FlashInfer's output-dtype errors print.
const fn torch_name(d: Output) -> &'static str {
    match d {
        Output::Bf16 => "torch.bfloat16",
        Output::F16 => "torch.float16",
        Output::F32 => "torch.float32",
        Output::E4m3 => "torch.float8_e4m3fn",
        Output::E5m2 => "torch.float8_e5m2",
        _ => "torch.uint8",
    }
}

/// `cdiv`.
const fn ceil_div(a: u64, b: u64) -> u64 {
    a.div_ceil(b)
}

/// gemm_base.py's `_select_default_sm120_mma_tiler(m, n, sm_count)` (before PR #3560).
fn select_default_sm120_mma_tiler(m: u64, n: u64, sm_count: u64) -> [u64; 2] {
    let half = (sm_count / 2).max(1);
    let coarse_tiles = ceil_div(m, 128) * ceil_div(n, 128);
    if m <= 128 && coarse_tiles < half {
        if n > 1536 {
            return [64, 128];
        }
        if ceil_div(m, 128) * ceil_div(n, 64) < half {
            return [64, 64];
        }
        return [128, 64];
    }
    [128, 128]
}

/// The kernel file's `_select_default_mma_tiler_mn(m, n, sm_count, is_mxfp8=, expected_m=m, k=)` (PR
/// #3560 on; the `is_mxfp8` branches from PR #4305), as `_select_default_dense_gemm_plan` calls it.
fn select_default_mma_tiler_mn(m: u64, n: u64, k: u64, sm_count: u64, mxfp8: bool) -> [u64; 2] {
    let expected_m = m;
    if mxfp8 && n > 1536 {
        return match expected_m {
            1 => [16, 64],
            2..=8 => [16, 128],
            9..=128 => [32, 128],
            _ => [64, 128],
        };
    }
    if mxfp8 {
        if expected_m == 1 {
            return [16, 64];
        }
        if expected_m > 128 {
            return [64, 128];
        }
        return [64, 64];
    }
    if expected_m == 1 {
        if n <= 512 && k >= 4096 {
            return [64, 32];
        }
        if n <= 1024 {
            return [64, 64];
        }
        return [64, 128];
    }
    let half = (sm_count / 2).max(1);
    let coarse_tiles = ceil_div(m, 128) * ceil_div(n, 128);
    if n > 1536 && (m <= 64 || (m <= 256 && coarse_tiles < half)) {
        return [64, 128];
    }
    if m <= 128 && coarse_tiles < half {
        if n > 1536 {
            return [64, 128];
        }
        if ceil_div(m, 128) * ceil_div(n, 64) < half {
            return [64, 64];
        }
        return [128, 64];
    }
    [128, 128]
}

/// `DenseGemmKernel.can_implement` for an explicit tile (the autotuner's filter of its tactics).
fn can_implement(f: Facts, format: Format, c: Output, tile: [u64; 2], k: u64, swap_ab: bool) -> bool {
    let [tm, tn] = tile;
    if !f.dense_plan {
        // The first port: 64-multiples, NVFP4, 16-bit C, K % tile_k, and a one-stage estimate.
        if tm % 64 != 0 || tn % 64 != 0 || format != Format::Nvfp4 || !matches!(c, Output::Bf16 | Output::F16) {
            return false;
        }
        let tile_k = 128;
        if !k.is_multiple_of(tile_k) {
            return false;
        }
        let sf_rows = |x: u64| 128u64.max(ceil_div(x, 128) * 128) / 128;
        // FP4: four bits an element.
        let ab_bytes = (tm + tn) * tile_k * 4 / 8;
        let sf_bytes = sf_rows(tm) * 4 * 128 + sf_rows(tn) * 4 * 128;
        return ab_bytes + sf_bytes + tm * tn * 2 + 1024 <= SMEM_CAPACITY;
    }
    if swap_ab && format != Format::Nvfp4 {
        return false;
    }
    if format == Format::Mxfp8 {
        let small = matches!(tile, [16 | 32, 64 | 128]);
        if !small && (tm % 64 != 0 || tn % 64 != 0 || tn > 128) {
            return false;
        }
    } else if tm % 64 != 0 || tn % 16 != 0 || tn > 128 || (tn < 64 && !swap_ab) {
        return false;
    }
    if !matches!(c, Output::Bf16 | Output::F16 | Output::F32) {
        return false;
    }
    if format == Format::Mxfp8 {
        k.is_multiple_of(128)
    } else {
        k.is_multiple_of(32)
    }
}

/// `sm120_make_smem_layout_sfa/sfb` for `rows` (tile M or N): `(((32,4),T),((sf_vec,nsf),4/nsf,KB))`
/// with strides `(((16,4),512),((0,1),nsf,T*512))`, staged with the stride `cosize(filter_zeros(...))`.
/// Its cosize per stage, and the `size(filter_zeros(...))` `_compute_stages` counts, are both
/// `512 * T * KB` (T 128-row blocks, at least one; KB = tile_k / sf_vec / 4).
fn sf_per_stage(rows: u64, tile_k: u64, sf_vec: u64) -> u64 {
    let t = ceil_div(rows, 128).max(1);
    512 * t * (tile_k / sf_vec / 4)
}

/// Evaluate a `b12x-dense` configuration.
pub(crate) fn evaluate(cfg: &KernelConfig, keep: bool) -> Result<Evaluation, ModelError> {
    let d = &cfg.dsl;
    let release = d.flashinfer.ok_or_else(|| missing(ConfigField::Flashinfer))?;
    let f = facts(release);
    let (m, n, k) = (
        d.m.ok_or_else(|| missing(ConfigField::M))?,
        d.n.ok_or_else(|| missing(ConfigField::N))?,
        d.k.ok_or_else(|| missing(ConfigField::K))?,
    );
    let sm_count = d.sm_count.unwrap_or(super::DEFAULT_SM_COUNT);
    let format = match (cfg.a, cfg.b) {
        (Operand::Nvfp4, Operand::Nvfp4) => Format::Nvfp4,
        (Operand::Mxfp4, Operand::Mxfp4) => Format::Mxfp4,
        (Operand::Mxfp8E4m3, Operand::Mxfp8E4m3) => Format::Mxfp8,
        (a, b) if a == b => {
            return Err(ModelError::new(
                ConfigField::A,
                format!("b12x dense GEMMs take nvfp4, mxfp4 or mxfp8e4m3 operands, not {a}"),
                "set a and b to nvfp4 (mm_fp4), mxfp4 (mm_fp4, 0.6.18 on) or mxfp8e4m3 (mm_mxfp8, 0.6.18 on)",
            ))
        }
        _ => {
            return Err(ModelError::new(
                ConfigField::B,
                format!("mm_fp4 and mm_mxfp8 take one format for both operands, not {} and {}", cfg.a, cfg.b),
                "give a and b the same format",
            ))
        }
    };
    let c = cfg.d;
    if !matches!(c, Output::Bf16 | Output::F16 | Output::F32 | Output::E4m3 | Output::E5m2) {
        return Err(ModelError::new(
            ConfigField::D,
            format!("`d` = {c} is not an output dtype of mm_fp4 / mm_mxfp8"),
            "the b12x dense GEMM writes bf16 or f16",
        ));
    }
    let by_check = "gemm_base._check_mm_fp4_problem_size: ValueError";
    let by_requirement = "gemm_base._b12x_gemm_fp4_requirement: ValueError";
    let mut tile_from = "the default plan (gemm_base._select_default_sm120_mma_tiler)";
    let real_k = (k / 2) * 2;
    let swap_ab;
    let tile = match format {
        Format::Mxfp8 => {
            if !f.mx_formats {
                return Err(ModelError::new(
                    ConfigField::A,
                    format!("flashinfer {release} has no b12x mm_mxfp8 path"),
                    "mm_mxfp8(backend=\"b12x\") ships from flashinfer 0.6.18 (PR #4305)",
                ));
            }
            let by = "gemm_mm_mxfp8_cute_dsl._check_mm_mxfp8_problem_size: ValueError";
            if n < 128 || k < 128 {
                return Ok(refused(
                    ConfigField::N,
                    "MXFP8 requires n >= 128 and k >= 128 for CUTLASS MXFP8.",
                    format!("MXFP8 requires n >= 128 and k >= 128 for CUTLASS MXFP8. got m={m}, n={n}, k={k}."),
                    by,
                ));
            }
            if !matches!(c, Output::Bf16 | Output::F16) {
                return Ok(refused(
                    ConfigField::D,
                    "Unsupported output dtype.",
                    format!(
                        "Unsupported output dtype: {}. Only torch.bfloat16 and torch.float16 are supported for MXFP8 GEMM operations.",
                        torch_name(c)
                    ),
                    by,
                ));
            }
            if k % 128 != 0 {
                return Ok(refused(
                    ConfigField::K,
                    "b12x mm_mxfp8 requires the contraction dim K to be a multiple of 128 (one full BK128 tile).",
                    format!(
                        "b12x mm_mxfp8 requires the contraction dim K to be a multiple of 128 (one full BK128 tile). Got K={k}."
                    ),
                    "gemm_mm_mxfp8_cute_dsl._b12x_gemm_mxfp8_requirement: ValueError",
                ));
            }
            swap_ab = false;
            if let Some(t) = d.tile {
                t
            } else {
                tile_from = "the default plan (_select_default_dense_gemm_plan, is_mxfp8)";
                select_default_mma_tiler_mn(m, n, k, sm_count, true)
            }
        }
        Format::Nvfp4 | Format::Mxfp4 => {
            if !matches!(c, Output::Bf16 | Output::F16) {
                return Ok(refused(
                    ConfigField::D,
                    "Unsupported output dtype.",
                    format!(
                        "Unsupported output dtype: {}. Only torch.bfloat16 and torch.float16 are supported for FP4 GEMM operations.",
                        torch_name(c)
                    ),
                    by_check,
                ));
            }
            if format == Format::Mxfp4 && !f.mx_formats {
                return Ok(refused(
                    ConfigField::A,
                    "b12x FP4 GEMM only supports NVFP4 (sf_vec_size=16).",
                    "b12x FP4 GEMM only supports NVFP4 (sf_vec_size=16).".into(),
                    by_requirement,
                ));
            }
            if f.dense_plan && real_k % 32 != 0 {
                return Ok(refused(
                    ConfigField::K,
                    "b12x FP4 GEMM requires the contraction dim K to be a multiple of 32 (TMA 16-byte alignment).",
                    format!(
                        "b12x FP4 GEMM requires the contraction dim K to be a multiple of 32 (TMA 16-byte alignment). Got K={real_k}."
                    ),
                    by_requirement,
                ));
            }
            match d.tile {
                // An explicit tile is a tuned tactic; narrow tiles run with swap_ab, as the plan pairs them.
                Some(t) => {
                    swap_ab = f.dense_plan && format == Format::Nvfp4 && t[1] < 64;
                    t
                }
                None if f.dense_plan => {
                    tile_from = "the default plan (_select_default_dense_gemm_plan)";
                    let t = select_default_mma_tiler_mn(m, n, real_k, sm_count, false);
                    swap_ab = t[1] < 64;
                    t
                }
                None => {
                    swap_ab = false;
                    select_default_sm120_mma_tiler(m, n, sm_count)
                }
            }
        }
    };
    if d.tile.is_some() {
        tile_from = "tile as given (a tuned tactic)";
        let k_checked = if format == Format::Mxfp8 { k } else { real_k };
        if !can_implement(f, format, c, tile, k_checked, swap_ab) {
            return Ok(refused(
                ConfigField::Tile,
                "can_implement() returned False",
                format!("can_implement() returned False (DenseGemmKernel, tile [{}, {}])", tile[0], tile[1]),
                "DenseGemmKernel.can_implement: the autotuner drops the tactic",
            ));
        }
    }
    Ok(shared_storage(f, format, c, tile, tile_from, keep))
}

fn missing(field: ConfigField) -> ModelError {
    ModelError::new(field, format!("a b12x dense configuration needs `{}`", field.key()), "write the key")
}

/// `DenseGemmKernel.__call__` traced with `tile`: the SF TMA atoms, `_setup_attributes`'s stages, the
/// staged layouts and `SharedStorage`.
fn shared_storage(
    f: Facts,
    format: Format,
    c: Output,
    tile: [u64; 2],
    tile_from: &'static str,
    keep: bool,
) -> Evaluation {
    let [tm, tn] = tile;
    let sf_vec = format.sf_vec_size();
    // `__init__`: tile_k = sf_vec_size * 8 (mm_mxfp8 passes 128 = 32 * 4, the same number's K for MXF8).
    let tile_k = if format == Format::Mxfp8 { 128 } else { sf_vec * 8 };
    // `_make_tma_atoms_and_tensors(sfa)`, then `(sfb)`: the box of max(128, rows) rows composes with the
    // 128-row SF block only when it is a whole number of blocks (DSL 4.7.1 and 4.8.1's MLIRError text).
    for (rows, which) in [(tm, "sfa"), (tn, "sfb")] {
        if rows.max(128) % 128 != 0 {
            return refused(
                ConfigField::Tile,
                "Operation creation failed:",
                format!(
                    "Operation creation failed: the {which} TMA box of {rows} rows is not a whole number of 128-row scale-factor blocks"
                ),
                if which == "sfa" {
                    "DenseGemmKernel._make_tma_atoms_and_tensors(sfa): MLIRError"
                } else {
                    "DenseGemmKernel._make_tma_atoms_and_tensors(sfb): MLIRError"
                },
            );
        }
    }
    let ab_bits = format.ab_bits();
    let c_bits = c.bits();
    // `_compute_stages` (epi_tile = the CTA tile: one epilogue stage).
    let epi_stage = 1;
    let epi_bytes = tm * tn * c_bits / 8 * epi_stage;
    let ab_bytes_per_stage = tm * tile_k * ab_bits / 8 + tn * tile_k * ab_bits / 8;
    let sfa = sf_per_stage(tm, tile_k, sf_vec);
    let sfb = sf_per_stage(tn, tile_k, sf_vec);
    let sf_bytes_per_stage = sfa + sfb;
    let (occupancy, mbar_helpers_bytes) = (1, 1024);
    let per_stage = ab_bytes_per_stage + sf_bytes_per_stage;
    let raw = ((SMEM_CAPACITY as i64 - occupancy * 1024) / occupancy - mbar_helpers_bytes - epi_bytes as i64)
        .div_euclid(per_stage as i64);
    let cap = if f.dense_plan && matches!(tm, 16 | 64) && tn == 128 { 5 } else { 4 };
    let ab_stage = raw.clamp(i64::MIN, cap).max(1) as u64;
    let budget = occupancy as u64 * 1024 + mbar_helpers_bytes as u64 + epi_bytes + ab_stage * per_stage;
    // `_make_smem_layouts`: compact tile_to_shape of swizzle atoms (the tiles are whole atoms).
    let staged = |bytes: u64| PerStage { stages: ab_stage, bytes_per_stage: bytes };
    let mut s = CuteStruct::new("SharedStorage", keep);
    s.mem_range("mainloop_pipeline_array_ptr", 64, ab_stage * 2, 1, Role::MainloopBarriers)
        .mem_range_staged(
            "sA",
            ab_bits,
            tm * tile_k * ab_stage,
            1024,
            Role::OperandA,
            Some(staged(tm * tile_k * ab_bits / 8)),
        )
        .mem_range_staged(
            "sB",
            ab_bits,
            tn * tile_k * ab_stage,
            1024,
            Role::OperandB,
            Some(staged(tn * tile_k * ab_bits / 8)),
        )
        .mem_range_staged("sSFA", 8, sfa * ab_stage, 1024, Role::ScaleFactorA, Some(staged(sfa)))
        .mem_range_staged("sSFB", 8, sfb * ab_stage, 1024, Role::ScaleFactorB, Some(staged(sfb)))
        .mem_range("sC", c_bits, tm * tn * epi_stage, 1024, Role::EpilogueC);
    let laid = s.finish();
    let epilogue_bytes = epi_bytes;
    Evaluation::Compiled(Footprint {
        kernel_bytes: laid.size,
        mainloop_bytes: laid.size.saturating_sub(epilogue_bytes),
        epilogue_bytes,
        stages: ab_stage,
        members: laid.members,
        stage_choice: StageChoice {
            policy: crate::StagePolicy::Auto,
            stages: ab_stage as i64,
            capacity_bytes: SMEM_CAPACITY,
            carveout_bytes: Some(occupancy as u64 * 1024 + mbar_helpers_bytes as u64 + epi_bytes),
            stage_bytes: per_stage,
            data_bytes_per_stage: per_stage,
        },
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family: DslFamily::B12xDense,
            kernel_class: "DenseGemmKernel",
            storage: "SharedStorage",
            tile,
            tile_from,
            own_estimate: Some(OwnEstimate {
                bytes: budget,
                by: "DenseGemmKernel._compute_stages",
                leaves_out: Vec::new(),
            }),
            other_stages: vec![("epi_stage", epi_stage)],
        })),
    })
}

/// The tiles `mm_fp4`'s autotuner may run in place of the default plan (`get_valid_tactics`), largest
/// first: what a suggestion may propose.
pub(crate) fn candidate_tiles(cfg: &KernelConfig) -> Vec<[u64; 2]> {
    let _ = cfg;
    vec![[128, 128], [128, 64], [64, 128], [64, 64]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::Dsl;

    fn dense(v: V, m: u64, n: u64, k: u64, a: Operand) -> KernelConfig {
        let mut cfg = KernelConfig::dsl(
            DslFamily::B12xDense,
            Dsl { flashinfer: Some(v), m: Some(m), n: Some(n), k: Some(k), ..Dsl::NONE },
        );
        cfg.a = a;
        cfg.b = a;
        cfg
    }

    fn footprint(cfg: &KernelConfig) -> Footprint {
        match evaluate(cfg, true).unwrap() {
            Evaluation::Compiled(f) => f,
            Evaluation::Rejected(r) => panic!("{r:?}"),
        }
    }

    /// The default tiles of SPEC §7.1, as measured: 128x128 NVFP4 3 stages 89,088 B, MXFP4 1 stage 68,608 B.
    #[test]
    fn default_plans_as_measured() {
        let f = footprint(&dense(V::V0_7_4, 4096, 4096, 4096, Operand::Nvfp4));
        assert_eq!((f.kernel_bytes, f.stages), (89_088, 3));
        let names: Vec<&str> = f.members.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(
            names,
            [
                "SharedStorage.mainloop_pipeline_array_ptr",
                "SharedStorage.<padding before sA>",
                "SharedStorage.sA",
                "SharedStorage.sB",
                "SharedStorage.sSFA",
                "SharedStorage.sSFB",
                "SharedStorage.sC"
            ]
        );
        let f = footprint(&dense(V::V0_7_4, 4096, 4096, 4096, Operand::Mxfp4));
        assert_eq!((f.kernel_bytes, f.stages), (68_608, 1));
        // Before PR #3560 the wide-N rule does not exist: 64x64 for a small M.
        let f = footprint(&dense(V::V0_6_13, 64, 1024, 4096, Operand::Nvfp4));
        assert_eq!(f.dsl.unwrap().tile, [64, 64]);
    }

    #[test]
    fn every_release_has_its_facts() {
        for v in V::ALL {
            let f = facts(*v);
            assert!(!f.mx_formats || f.dense_plan, "{v}");
        }
    }
}
