//! FlashInfer's SM120 W4A16 MoE v3 (NVFP4 weights x BF16 activations, `moe_nvfp4_w4a16.py`, 0.7.1
//! on): `SM12xNvfp4Bf16Runner` -> `run_moe_w4a16` -> `_entry` (`b12x-moe-w4a16`).
//!
//! `_entry` picks the rows per CTA (`_pick_bm`) and, for one row, the persistent plan (`_planA`:
//! one launch, `k_fused`), else the tiled plan (`k_route` unless BM = 1, `k_gemm1`, `k_act` unless
//! S <= 512, `k_gemm2`, `k_final`). Every launch that uses shared memory passes `smem=` explicitly,
//! computed from the plan, and the DSL launches with it; the footprint lists the launches (each at
//! offset 0, its own kernel) and the kernel bytes are the largest. The plan is a float-scored search
//! (`_plan`, `math.log`): transcribed statement for statement, in Python's evaluation order, with its
//! first-wins tie rule (`s > best[0]`), so that f64 picks what CPython picks.
//!
//! The GEMM launches stay within `BUDGET = 40,960` bytes by construction and `k_fused` within
//! 53,376; `k_route`'s `(3 * EP + 4 * 256) * 4` passes the SM120 cap from 7,937 experts (EP = 8,192)
//! on the tiled path with BM > 1 (tokens x top_k > experts).

use super::{Activation, DslFacts, DslFamily, FlashinferVersion as V};
use crate::layout::{Member, Role};
use crate::{ConfigField, Evaluation, Footprint, KernelConfig, ModelError, Operand, StageChoice};

/// Whether a release ships the kernel file: `moe_nvfp4_w4a16.py` is byte-identical (md5 db46ac36)
/// in 0.7.1, 0.7.2, 0.7.2.post1 and 0.7.4 and imports nothing from flashinfer: one behaviour.
pub const fn ships(v: V) -> bool {
    matches!(v, V::V0_7_1 | V::V0_7_2 | V::V0_7_2Post1 | V::V0_7_4)
}

/// `RTPB`: threads per routing / activation / finalize CTA.
const RTPB: u64 = 256;
/// `KPT`: K values per thread per step.
const KPT: u64 = 32;
/// `_plan`'s defaults.
const MAXNST: u64 = 6;
const BUDGET: u64 = 40_960;
const GPU_THREADS: f64 = 73_728.0;
const PERNST_W: f64 = 0.10;
/// The storage the report names: no struct, one `smem=` per launch.
pub const STORAGE: &str = "launch(smem=) per kernel (no struct)";

/// `_pick_bm(S, E)`: the next power of two >= the mean slots per expert, at most 32.
fn pick_bm(s: u64, e: u64) -> u64 {
    let r = s as f64 / e.min(s).max(1) as f64;
    let mut bm = 1;
    while bm < 32 && (bm as f64) < r {
        bm *= 2;
    }
    bm
}

/// `_divs(n)`: the divisors of `n`, ascending (`range(1, n + 1)` filtered; none for 0).
fn divs(n: u64) -> Vec<u64> {
    let mut low = Vec::new();
    let mut high = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n.is_multiple_of(d) {
            low.push(d);
            if d * d != n {
                high.push(n / d);
            }
        }
        d += 1;
    }
    low.extend(high.into_iter().rev());
    low
}

/// The largest divisor `d` of `n` with `d <= MAXNST` and `BM * step * d * 5 // 2 <= BUDGET` (`0` if
/// none): the inner loop over `_divs(n)`, of which only the divisors up to MAXNST can qualify.
fn deepest(n: u64, bm: u64, step: u64) -> u64 {
    (1..=MAXNST.min(n)).filter(|&d| n.is_multiple_of(d) && bm * step * d * 5 / 2 <= BUDGET).max().unwrap_or(0)
}

/// One `_plan` candidate: `(s, tpr, TNR, split, nst, NT)`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Scored {
    s: f64,
    tpr: u64,
    tn: u64,
    split: u64,
    nst: u64,
    nt: u64,
}

/// A GEMM's plan: `(TPR, TN, split, NST, NT)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    tpr: u64,
    tn: u64,
    split: u64,
    nst: u64,
    nt: u64,
}

impl Plan {
    /// `KT = TPR * KPT * NST`, `KTP = KT + (KT // 32) * 8`.
    const fn ktp(self) -> u64 {
        let kt = self.tpr * KPT * self.nst;
        kt + (kt / 32) * 8
    }
}

/// `_plan(K, N, nblk, BM, max_split=, tpb_req=, ret_score=True)`: the best-scoring candidate.
fn plan_scored(k: u64, n: u64, nblk: u64, bm: u64, max_split: Option<u64>, tpb_req: Option<u64>) -> Option<Scored> {
    let nb128 = n.div_ceil(128);
    let mut best: Option<Scored> = None;
    for tpr in [2u64, 4, 8] {
        let step = tpr * KPT;
        if !k.is_multiple_of(step) {
            continue;
        }
        let nstep = k / step;
        let tnrs: &[u64] = if bm == 1 { &[16, 32, 64, 128] } else { &[128] };
        for &tnr in tnrs {
            let tpb = tnr * tpr;
            if !(128..=512).contains(&tpb) {
                continue;
            }
            if tpb_req.is_some_and(|t| t != tpb) {
                continue;
            }
            let nt = nb128 * (128 / tnr);
            for split in divs(nstep) {
                if max_split.is_some_and(|m| split > m) {
                    continue;
                }
                let per = nstep / split;
                if split > 1 && per < 2 {
                    continue;
                }
                let nst = deepest(per, bm, step);
                if nst == 0 {
                    continue;
                }
                let blocks = u128::from(nblk) * u128::from(nt) * u128::from(split);
                let w = (blocks * u128::from(tpb)) as f64 / GPU_THREADS;
                let mut s = 0.45 * (tpr as f64).ln() + 0.35 * (nst.min(5) as f64).ln();
                s -= 0.25 * ((u128::from(nt) * u128::from(bm)) as f64 * 4.0 / n as f64);
                s -= 0.03 * (tpb as f64 / 256.0).ln().abs();
                s -= PERNST_W * (per as f64 / nst as f64).ln();
                s -= 0.6 / f64::max(1.0, blocks as f64 / 48.0);
                let regs = 32 + 4 * nst + bm;
                let smem = (bm * step * nst * 5 / 2).max(1);
                let ctas = (65_536 / (regs * tpb)).min(102_400 / smem).min(24);
                // `max(1.0, min(48.0, x))`: x is finite.
                s += 0.35 * (((ctas * tpb) as f64 / 32.0).clamp(1.0, 48.0) / 12.0).ln();
                if w < 1.0 {
                    s -= 3.0 * (1.0 - w);
                } else if w < 2.0 {
                    s -= 0.20 * (2.0 - w);
                } else if w > 400.0 {
                    s -= 0.01 * (w - 400.0);
                }
                if best.is_none_or(|b| s > b.s) {
                    best = Some(Scored { s, tpr, tn: tnr, split, nst, nt });
                }
            }
        }
    }
    best
}

/// `_plan(K, N, nblk, BM, max_split=)`: the best plan, or the fallback `(1, 128, 1, nst, ceil(N/128))`.
fn plan(k: u64, n: u64, nblk: u64, bm: u64, max_split: Option<u64>) -> Plan {
    if let Some(b) = plan_scored(k, n, nblk, bm, max_split, None) {
        Plan { tpr: b.tpr, tn: b.tn, split: b.split, nst: b.nst, nt: b.nt }
    } else {
        let nst = deepest(k / KPT, bm, KPT).max(1);
        Plan { tpr: 1, tn: 128, split: 1, nst, nt: n.div_ceil(128) }
    }
}

/// `_planA(H, N13, I, S)`: the threads per CTA whose GEMM1 + GEMM2 plans score best together.
fn plan_a(h: u64, n13: u64, i: u64, s: u64) -> Option<(Plan, Plan)> {
    let mut best: Option<(f64, Scored, Scored)> = None;
    for tpb in [128, 256, 512] {
        let (Some(p1), Some(p2)) =
            (plan_scored(h, n13, s, 1, Some(1), Some(tpb)), plan_scored(i, h, s, 1, None, Some(tpb)))
        else {
            continue;
        };
        let sc = p1.s + p2.s;
        if best.is_none_or(|b| sc > b.0) {
            best = Some((sc, p1, p2));
        }
    }
    let as_plan = |b: Scored| Plan { tpr: b.tpr, tn: b.tn, split: b.split, nst: b.nst, nt: b.nt };
    best.map(|(_, p1, p2)| (as_plan(p1), as_plan(p2)))
}

/// Evaluate `b12x-moe-w4a16`.
pub(crate) fn evaluate(cfg: &KernelConfig, keep: bool) -> Result<Evaluation, ModelError> {
    let family = DslFamily::B12xMoeW4a16;
    let d = &cfg.dsl;
    let missing =
        |f: ConfigField| ModelError::new(f, format!("a {family} configuration needs `{}`", f.key()), "write the key");
    let need = |v: Option<u64>, f: ConfigField| v.ok_or_else(|| missing(f));
    let release = d.flashinfer.ok_or_else(|| missing(ConfigField::Flashinfer))?;
    if !ships(release) {
        return Err(ModelError::new(
            ConfigField::Flashinfer,
            format!("flashinfer {release} ships no {family} kernel: moe_nvfp4_w4a16.py ships from 0.7.1"),
            "set flashinfer to 0.7.1 or later",
        ));
    }
    if (cfg.a, cfg.b) != (Operand::Bf16, Operand::Nvfp4) {
        return Err(ModelError::new(
            if cfg.a == Operand::Bf16 { ConfigField::B } else { ConfigField::A },
            format!("the {family} kernels take a = bf16 and b = nvfp4, not {} and {}", cfg.a, cfg.b),
            "leave a and b out, or write the family's formats",
        ));
    }
    let h = need(d.hidden, ConfigField::Hidden)?;
    let i = need(d.intermediate, ConfigField::Intermediate)?;
    let e = need(d.experts, ConfigField::Experts)?;
    let topk = need(d.top_k, ConfigField::TopK)?;
    let t = need(d.tokens, ConfigField::Tokens)?;
    let n13 = match d.activation.unwrap_or(Activation::Silu) {
        Activation::Silu => 2 * i,
        Activation::Relu2 => i,
        a @ (Activation::Situ | Activation::GeluTanh | Activation::SwigluoaiUninterleave) => {
            return Err(ModelError::new(
                ConfigField::Activation,
                format!("the {family} kernels run SwiGLU (silu) or ReLU2 (relu2), not {}", a.name()),
                "set activation to silu or relu2",
            ))
        }
    };
    let s = t * topk;
    let bm = pick_bm(s, e);
    let mut launches: Vec<(&'static str, u64)> = Vec::new();
    let persistent = if bm == 1 { plan_a(h, n13, i, s) } else { None };
    let kernel_class = if let Some((p1, p2)) = persistent {
        // `_persistent_plan` -> `moe_jitA`: k_fused's smem= (SMEL = max(KTP1, KTP2) BF16 staging, the
        // reduction slots of the wider phase, two 16-byte counters).
        let smel = p1.ktp().max(p2.ktp());
        let red = ((p1.tn + 1) * p1.nst * (p1.tpr / 2)).max((p2.tn + 1) * p2.nst * (p2.tpr / 2));
        launches.push(("k_fused", smel * 2 + 16 + red * 4 + 16));
        "moe_jitA"
    } else {
        // `_tiled_plan` -> `moe_jit`.
        let nblk = (e.min(s) + if bm > 1 { s / bm } else { 0 }).min(s);
        let p1 = plan(h, n13, nblk, bm, Some(1));
        let p2 = plan(i, h, nblk, bm, None);
        let ep = e.div_ceil(RTPB) * RTPB;
        if bm != 1 {
            launches.push(("k_route", (3 * ep + 4 * RTPB) * 4));
        }
        launches.push(("k_gemm1", bm * p1.ktp() * 2));
        // AFUSE = S <= 512: the activation runs in k_gemm2; k_act and k_final pass no smem= and
        // allocate nothing.
        if s > 512 {
            launches.push(("k_act", 0));
        }
        launches.push(("k_gemm2", bm * p2.ktp() * 2));
        launches.push(("k_final", 0));
        "moe_jit"
    };
    let kernel_bytes = launches.iter().map(|&(_, b)| b).max().unwrap_or(0);
    let members = if keep {
        launches
            .iter()
            .map(|&(name, bytes)| Member {
                path: format!("launch.{name}"),
                offset: 0,
                size: bytes,
                role: if bytes == 0 {
                    Role::Empty
                } else if name == "k_route" {
                    Role::SchedulerStorage
                } else {
                    Role::OperandA
                },
                per_stage: None,
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Evaluation::Compiled(Footprint {
        kernel_bytes,
        mainloop_bytes: kernel_bytes,
        epilogue_bytes: 0,
        stages: 0,
        members,
        stage_choice: StageChoice {
            policy: crate::StagePolicy::Auto,
            stages: 0,
            capacity_bytes: BUDGET,
            carveout_bytes: None,
            stage_bytes: 0,
            data_bytes_per_stage: 0,
        },
        unbuildable: None,
        kernel_rejection: None,
        dsl: Some(Box::new(DslFacts {
            family,
            kernel_class,
            storage: STORAGE,
            tile: [0, 0],
            tile_from: if persistent.is_some() {
                "no tile: the persistent plan (_planA), one row per CTA"
            } else {
                "no tile: the tiled plan (_tiled_plan, _plan per GEMM)"
            },
            own_estimate: None,
            other_stages: Vec::new(),
        })),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::Dsl;

    fn w4a16(h: u64, i: u64, e: u64, topk: u64, t: u64) -> Footprint {
        let mut cfg = KernelConfig::dsl(
            DslFamily::B12xMoeW4a16,
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
        cfg.a = Operand::Bf16;
        match evaluate(&cfg, true).unwrap() {
            Evaluation::Compiled(f) => f,
            Evaluation::Rejected(r) => panic!("{r:?}"),
        }
    }

    /// Qwen3-30B-A3B, one token: the persistent plan, k_fused 4,704 bytes (measured).
    #[test]
    fn qwen3_30b_one_token_is_persistent() {
        let f = w4a16(2048, 768, 128, 8, 1);
        assert_eq!(f.kernel_bytes, 4704);
        assert_eq!(f.dsl.unwrap().kernel_class, "moe_jitA");
    }

    /// k_route passes the cap from 7,937 experts (EP = 8,192: 102,400 bytes) when S > E.
    #[test]
    fn many_experts_overflow_the_routing_kernel() {
        let f = w4a16(4096, 1024, 7937, 8, 8192);
        assert_eq!(f.kernel_bytes, 102_400);
        assert_eq!(f.members.iter().find(|m| m.size == 102_400).unwrap().path, "launch.k_route");
        assert_eq!(w4a16(4096, 1024, 7936, 8, 8192).kernel_bytes, 99_328);
    }

    #[test]
    fn divisors_ascend() {
        assert_eq!(divs(12), [1, 2, 3, 4, 6, 12]);
        assert_eq!(divs(16), [1, 2, 4, 8, 16]);
        assert!(divs(0).is_empty());
        assert_eq!(pick_bm(64, 128), 1);
        assert_eq!(pick_bm(8192 * 8, 128), 32);
        assert_eq!(pick_bm(3, 2), 2);
    }
}
