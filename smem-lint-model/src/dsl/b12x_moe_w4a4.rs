//! FlashInfer's SM120 W4A4 MoE (NVFP4 weights x NVFP4 activations, `moe_nvfp4_w4a4.py`, 0.7.1 on):
//! `SM12xNvfp4Runner` -> `run_moe_w4a4` -> `_entry` -> `_check_shape`, then `_build`, whose kernels
//! `prog` launches: `k_prep` (routing and activation quantization, `b12x-moe-w4a4-prep`), GEMM1
//! (`gemm_kernel(...).kern`, `b12x-moe-w4a4-gemm1`), `k_act` (ReLU2 only, no shared memory) and
//! GEMM2 (`b12x-moe-w4a4-gemm2`).
//!
//! No kernel declares a `@cute.struct` and none passes `smem=`: each body calls
//! `SmemAllocator().allocate_tensor` in sequence ([`SmemAllocator`]) and launches with the end of the
//! last allocation. `_build` picks the K tile and stages against its own budgets (98,000 bytes; GEMM2
//! first 49,152), but when nothing fits it falls back to (64, 2) and checks nothing: the activation
//! scales of the whole K (`sfa_w`, `(K / 64) * BM * 4` bytes) grow with K, so the GEMMs pass the
//! SM120 cap for large K (hidden 21,888 at BM = 64: 101,888 bytes) and the launch fails ("launch
//! shared memory exceeds current GPU arch sm_120a allowed"). GEMM2's K is the intermediate size
//! (a multiple of 64): it passes first at 21,824 (BM 64) and 44,608 (BM 32).

use super::smem_allocator::SmemAllocator;
use super::{Activation, DslFacts, DslFamily, FlashinferVersion as V, OwnEstimate};
use crate::layout::Role;
use crate::{ConfigField, Evaluation, Footprint, KernelConfig, ModelError, Operand, Rejection, StageChoice};

/// Whether a release ships the kernel file: `moe_nvfp4_w4a4.py` is byte-identical (md5 cdefc475) in
/// 0.7.1, 0.7.2, 0.7.2.post1 and 0.7.4 and imports nothing from flashinfer: one behaviour.
pub const fn ships(v: V) -> bool {
    matches!(v, V::V0_7_1 | V::V0_7_2 | V::V0_7_2Post1 | V::V0_7_4)
}

/// `BN`: every GEMM tile is 128 wide.
const BN: u64 = 128;
/// `NTR`: `k_prep`'s routing threads.
const NTR: u64 = 256;
/// The storage the report names: no struct, the allocations in order.
pub const STORAGE: &str = "SmemAllocator.allocate_tensor (no struct)";

/// `_build`'s choices: the row tile, each GEMM's K tile and stages, and its epilogue pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Build {
    bm: u64,
    tk1: u64,
    st1: u64,
    tk2: u64,
    st2: u64,
    epi1: u64,
    epi2: u64,
    /// `_total(TK, ST, K, PANEL, extra)` of each GEMM: the kernel's own reckoning.
    est1: u64,
    est2: u64,
}

/// `_build(T, H, I, N13, E, TOPK, swiglu)`: the tile and stage choices (the rest is kernel code).
fn build(t: u64, h: u64, i: u64, e: u64, topk: u64, swiglu: bool) -> Build {
    let p = t * topk;
    let bm = if p <= 24 * e { 32 } else { 64 };
    let per_stage = |tk: u64| (bm + BN) * tk / 2 + (tk / 64) * BN * 4;
    let sfa_bytes = |k: u64| (k / 64) * bm * 4;
    let epi_pad = |tk: u64, st: u64, k: u64, panel: u64| panel.saturating_sub(sfa_bytes(k) + (tk / 64) * BN * 4 * st);
    let total = |tk: u64, st: u64, k: u64, panel: u64, extra: u64| {
        per_stage(tk) * st + sfa_bytes(k) + epi_pad(tk, st, k, panel) + extra + 1024
    };
    let pick = |k: u64, panel: u64, extra: u64, budget: u64| {
        for tk in [512, 256, 128, 64] {
            if k.is_multiple_of(tk) && total(tk, 2, k, panel, extra) <= budget {
                let mut st = 2;
                // `st + 1 <= min(8, K // tk + 1)`
                while st < (k / tk + 1).min(8) && total(tk, st + 1, k, panel, extra) <= budget {
                    st += 1;
                }
                return (tk, st);
            }
        }
        (64, 2)
    };
    let panel1 = if swiglu { bm * 128 } else { 0 };
    let panel2 = bm * 128;
    let (tk1, st1) = pick(h, panel1, 128, 98_000);
    let (mut tk2, mut st2) = pick(i, panel2, 256, 49_152);
    if total(tk2, st2, i, panel2, 256) > 49_152 {
        (tk2, st2) = pick(i, panel2, 256, 98_000);
    }
    Build {
        bm,
        tk1,
        st1,
        tk2,
        st2,
        epi1: epi_pad(tk1, st1, h, panel1),
        epi2: epi_pad(tk2, st2, i, panel2),
        est1: total(tk1, st1, h, panel1, 128),
        est2: total(tk2, st2, i, panel2, 256),
    }
}

/// `ab_smem_layout(TK, stages, rows)`: `tile_to_shape(make_smem_layout_atom(get_smem_layout_atom(
/// ROW_MAJOR, Float4E2M1FN, TK)), (rows, TK, stages))`; its atom `(8, 64 | 128 | 256)` divides every
/// shape here, so the cosize is the product.
const fn ab_smem_cosize(tk: u64, stages: u64, rows: u64) -> u64 {
    rows * tk * stages
}

/// Evaluate `b12x-moe-w4a4-prep`, `-gemm1` or `-gemm2`.
pub(crate) fn evaluate(cfg: &KernelConfig, family: DslFamily, keep: bool) -> Result<Evaluation, ModelError> {
    let d = &cfg.dsl;
    let missing =
        |f: ConfigField| ModelError::new(f, format!("a {family} configuration needs `{}`", f.key()), "write the key");
    let need = |v: Option<u64>, f: ConfigField| v.ok_or_else(|| missing(f));
    let release = d.flashinfer.ok_or_else(|| missing(ConfigField::Flashinfer))?;
    if !ships(release) {
        return Err(ModelError::new(
            ConfigField::Flashinfer,
            format!("flashinfer {release} ships no {family} kernel: moe_nvfp4_w4a4.py ships from 0.7.1"),
            "set flashinfer to 0.7.1 or later",
        ));
    }
    if (cfg.a, cfg.b) != (Operand::Nvfp4, Operand::Nvfp4) {
        return Err(ModelError::new(
            if cfg.a == Operand::Nvfp4 { ConfigField::B } else { ConfigField::A },
            format!("the {family} kernels take a = nvfp4 and b = nvfp4, not {} and {}", cfg.a, cfg.b),
            "leave a and b out, or write nvfp4",
        ));
    }
    let h = need(d.hidden, ConfigField::Hidden)?;
    let i = need(d.intermediate, ConfigField::Intermediate)?;
    let e = need(d.experts, ConfigField::Experts)?;
    let topk = need(d.top_k, ConfigField::TopK)?;
    let t = need(d.tokens, ConfigField::Tokens)?;
    // w13 holds gate and up (N13 = 2 * I: SwiGLU) or one projection (N13 = I: ReLU2).
    let swiglu = match d.activation.unwrap_or(Activation::Silu) {
        Activation::Silu => true,
        Activation::Relu2 => false,
        a @ (Activation::Situ | Activation::GeluTanh | Activation::SwigluoaiUninterleave) => {
            return Err(ModelError::new(
                ConfigField::Activation,
                format!("the {family} kernels run SwiGLU (silu) or ReLU2 (relu2), not {}", a.name()),
                "set activation to silu or relu2",
            ))
        }
    };
    // `_check_shape(H, I, N13)` (N13 is I or 2 * I by construction).
    let by = "moe_nvfp4_w4a4._check_shape: ValueError";
    if !h.is_multiple_of(128) || !i.is_multiple_of(64) {
        return Ok(refused(
            if h.is_multiple_of(128) { ConfigField::Intermediate } else { ConfigField::Hidden },
            "SM12x W4A4 MoE needs hidden_size % 128 == 0 and intermediate_size % 64 == 0",
            format!("SM12x W4A4 MoE needs hidden_size % 128 == 0 and intermediate_size % 64 == 0, got {h} and {i}."),
            by,
        ));
    }
    if !swiglu && i < BN {
        return Ok(refused(
            ConfigField::Intermediate,
            "SM12x W4A4 ReLU2 MoE needs intermediate_size >= 128",
            format!("SM12x W4A4 ReLU2 MoE needs intermediate_size >= {BN}, got {i}."),
            by,
        ));
    }
    let b = build(t, h, i, e, topk, swiglu);
    let mut alloc = SmemAllocator::new(keep);
    let (kernel_class, tile, stages, own, budget, per_stage) = match family {
        DslFamily::B12xMoeW4a4Prep => {
            alloc
                .allocate("scnt", 32, e, 16, Role::SchedulerStorage)
                .allocate("soff", 32, e, 16, Role::SchedulerStorage)
                .allocate("sr1", 32, NTR, 16, Role::SchedulerStorage)
                .allocate("sr2", 32, NTR, 16, Role::SchedulerStorage);
            ("k_prep", [0, 0], 0, None, 0, 0)
        }
        DslFamily::B12xMoeW4a4Gemm1 | DslFamily::B12xMoeW4a4Gemm2 => {
            let gemm1 = family == DslFamily::B12xMoeW4a4Gemm1;
            // GEMM1 = gemm_kernel(TK1, ST1, H, ..., is2=False, gath=True, epad=EPI1), over K = hidden;
            // GEMM2 = gemm_kernel(TK2, ST2, I, ..., is2=True, epad=EPI2), over K = intermediate.
            let (tk, st, k, epad, est) =
                if gemm1 { (b.tk1, b.st1, h, b.epi1, b.est1) } else { (b.tk2, b.st2, i, b.epi2, b.est2) };
            alloc.allocate("sA", 4, ab_smem_cosize(tk, st, b.bm), 1024, Role::OperandA).allocate(
                "sB",
                4,
                ab_smem_cosize(tk, st, BN),
                1024,
                Role::OperandB,
            );
            if gemm1 {
                alloc.allocate("stok", 32, b.bm, 16, Role::SchedulerStorage);
            } else {
                alloc.allocate("srw", 32, b.bm, 16, Role::FusionStorage).allocate(
                    "stk",
                    32,
                    b.bm,
                    16,
                    Role::SchedulerStorage,
                );
            }
            // sfa_words_total: the activation scales of the whole K; sfb_words_total: the weights' per stage.
            alloc.allocate("sfa_w", 32, (k / 64) * b.bm, 1024, Role::ScaleFactorA).allocate(
                "sfb_w",
                32,
                (tk / 64) * BN * st,
                16,
                Role::ScaleFactorB,
            );
            if epad > 0 {
                alloc.allocate("epad", 32, epad / 4, 16, Role::EpilogueD);
            }
            let budget = if !gemm1 && b.est2 <= 49_152 { 49_152 } else { 98_000 };
            ("gemm_kernel.kern", [b.bm, BN], st, Some(est), budget, (b.bm + BN) * tk / 2 + (tk / 64) * BN * 4)
        }
        other => unreachable!("{other} is not a W4A4 family"),
    };
    let (size, members) = alloc.finish();
    let epilogue_bytes = members.iter().filter(|m| m.role == Role::EpilogueD).map(|m| m.size).sum();
    Ok(Evaluation::Compiled(Footprint {
        kernel_bytes: size,
        mainloop_bytes: size - epilogue_bytes,
        epilogue_bytes,
        stages,
        members,
        stage_choice: StageChoice {
            policy: crate::StagePolicy::Auto,
            stages: stages as i64,
            capacity_bytes: budget,
            carveout_bytes: own.map(|o| o - per_stage * stages),
            stage_bytes: per_stage,
            data_bytes_per_stage: per_stage,
        },
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family,
            kernel_class,
            storage: STORAGE,
            tile,
            tile_from: if stages == 0 {
                "no tile: k_prep routes and quantizes"
            } else {
                "moe_nvfp4_w4a4._build (BM by tokens x top_k against 24 x experts)"
            },
            own_estimate: own.map(|bytes| OwnEstimate {
                bytes,
                by: "moe_nvfp4_w4a4._build._total",
                leaves_out: vec!["the alignment gaps before sB and sfa_w (it adds a 1,024-byte reserve instead)"],
            }),
            other_stages: Vec::new(),
        })),
    }))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::Dsl;

    fn w4a4(family: DslFamily, h: u64, i: u64, e: u64, topk: u64, t: u64) -> Footprint {
        let cfg = KernelConfig::dsl(
            family,
            Dsl {
                flashinfer: Some(V::V0_7_4),
                hidden: Some(h),
                intermediate: Some(i),
                experts: Some(e),
                top_k: Some(topk),
                tokens: Some(t),
                ..Dsl::NONE
            },
        );
        match evaluate(&cfg, family, true).unwrap() {
            Evaluation::Compiled(f) => f,
            Evaluation::Rejected(r) => panic!("{r:?}"),
        }
    }

    /// Qwen3-30B-A3B, one token: GEMM1 512 x 2 stages, 95,232 bytes (SPEC §11, measured).
    #[test]
    fn qwen3_30b_as_measured() {
        let f = w4a4(DslFamily::B12xMoeW4a4Gemm1, 2048, 768, 128, 8, 1);
        assert_eq!((f.kernel_bytes, f.stages), (95_232, 2));
        let d = f.dsl.unwrap();
        assert_eq!((d.tile, d.own_estimate.unwrap().bytes), ([32, 128], 95_360));
        let f = w4a4(DslFamily::B12xMoeW4a4Prep, 2048, 768, 128, 8, 1);
        assert_eq!(f.kernel_bytes, 3072);
    }

    /// The finding: nothing bounds sfa_w, so GEMM1 passes the cap at hidden 21,888 with BM 64
    /// (101,888 B; 21,760 takes exactly 101,376) and 44,672 with BM 32, GEMM2 at intermediate 21,824
    /// with BM 64 and 44,608 with BM 32 (the first multiples of 128 and 64 that do).
    #[test]
    fn large_k_exceeds_the_cap() {
        let bm64 = (8, 8, 64);
        let bm32 = (256, 1, 1);
        for ((e, k, t), family, h, i, bytes) in [
            (bm64, DslFamily::B12xMoeW4a4Gemm1, 21_888, 1024, 101_888),
            (bm64, DslFamily::B12xMoeW4a4Gemm1, 21_760, 1024, 101_376),
            (bm32, DslFamily::B12xMoeW4a4Gemm1, 44_672, 1024, 101_632),
            (bm64, DslFamily::B12xMoeW4a4Gemm2, 4096, 21_824, 101_632),
            (bm32, DslFamily::B12xMoeW4a4Gemm2, 4096, 44_608, 101_504),
        ] {
            let f = w4a4(family, h, i, e, k, t);
            assert_eq!((f.kernel_bytes, f.stages), (bytes, 2), "{family} {h} {i}");
            assert_eq!(f.dsl.unwrap().tile[0], if e == 8 { 64 } else { 32 });
        }
    }
}
