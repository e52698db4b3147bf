//! The nearest configurations that fit: what a diagnostic's help proposes.
//!
//! Every suggestion is evaluated with the model, so a suggestion never proposes something that does
//! not fit. Pure: no I/O.

use crate::model::{
    Arch, Assessment, CutlassVersion, Epilogue, Fresh, KernelConfig, Output, Probe, Prober, Schedule, StagePolicy,
    Status, Tile,
};

/// What a suggestion changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// `StageCount<N>`.
    Stages(u64),
    /// The same kernel without a C source (`c = "void"`), which halves the epilogue buffers.
    VoidC,
    /// A smaller CTA tile.
    Tile(Tile),
    /// Another schedule.
    Schedule(Schedule),
    /// Another CUTLASS version.
    Cutlass(CutlassVersion),
    /// The TensorRT-LLM MoE launcher's other `swap_ab` instantiation.
    SwapAb(bool),
    /// A CuTe DSL kernel's other release (of its own package).
    Flashinfer(crate::model::dsl::FlashinferVersion),
    FlashAttn(crate::model::dsl::FlashAttnVersion),
    /// A CuTe DSL kernel's tile `[m, n]` in place of the dispatch's.
    DslTile([u64; 2]),
}

impl Change {
    /// The order a kernel engineer weighs them in: the same kernel with fewer stages first, then
    /// the same computation on another data path (swap_ab), a smaller tile, another schedule,
    /// another release, and last the one that changes what is computed (no C source).
    const fn rank(self) -> u8 {
        match self {
            Change::Stages(_) => 0,
            Change::SwapAb(_) => 1,
            Change::Tile(_) | Change::DslTile(_) => 2,
            Change::Schedule(_) => 3,
            Change::Cutlass(_) | Change::Flashinfer(_) | Change::FlashAttn(_) => 4,
            Change::VoidC => 5,
        }
    }
}

/// A configuration that fits, and how it differs from the original.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub change: Change,
    pub config: KernelConfig,
    pub kernel_bytes: u64,
    pub headroom: u64,
}

impl Suggestion {
    /// `use stages = 3 (97280 bytes, 4096 to spare)`.
    pub fn describe(&self) -> String {
        let what = match self.change {
            Change::Stages(s) => format!("use stages = {s}"),
            Change::VoidC => "drop the C source (c = \"void\")".to_string(),
            Change::Tile(t) => format!("use tile [{}, {}, {}]", t.m, t.n, t.k),
            Change::Schedule(s) => format!("use schedule = \"{}\"", s.name()),
            Change::Cutlass(v) => format!("use cutlass = \"{v}\""),
            // Written as every front end takes it: the epilogue's name (TOML, JSON lines, #[smem_check]).
            Change::SwapAb(_) => format!("use epilogue = \"{}\"", self.config.epilogue.name()),
            Change::Flashinfer(v) => format!("use flashinfer = \"{v}\""),
            Change::FlashAttn(v) => format!("use flash_attn = \"{v}\""),
            Change::DslTile([m, n]) => format!("use tile [{m}, {n}]"),
        };
        format!("{what} ({} bytes, {} to spare)", self.kernel_bytes, self.headroom)
    }
}

/// The suggestion, if `config` compiles, can be built and fits `arch`'s cap.
fn try_fit(change: Change, config: &KernelConfig, arch: Arch, prober: &mut dyn Prober) -> Option<Suggestion> {
    fitting(change, config, arch, prober.probe(config).ok()?)
}

/// The suggestion, if the probed `config` can be built and fits `arch`'s cap.
fn fitting(change: Change, config: &KernelConfig, arch: Arch, probe: Option<Probe>) -> Option<Suggestion> {
    match probe {
        Some(p) if p.buildable && p.kernel_bytes <= arch.smem_cap() => Some(Suggestion {
            change,
            config: *config,
            kernel_bytes: p.kernel_bytes,
            headroom: arch.smem_cap() - p.kernel_bytes,
        }),
        _ => None,
    }
}

/// Smaller tiles, nearest first: halve N, halve M, halve K (never below 64 / 32 / the scale-factor block).
fn smaller_tiles(t: Tile) -> Vec<Tile> {
    let mut out = Vec::new();
    if t.n >= 128 {
        out.push(Tile { n: t.n / 2, ..t });
    }
    if t.m >= 256 {
        out.push(Tile { m: t.m / 2, ..t });
    }
    if t.k >= 128 {
        out.push(Tile { k: t.k / 2, ..t });
    }
    out
}

/// Up to four launchable neighbours of `cfg`, nearest first, given its assessment on an
/// architecture (the caller has it already; its largest fitting stage count is reused).
pub fn suggestions(cfg: &KernelConfig, a: &Assessment) -> Vec<Suggestion> {
    suggestions_by(cfg, a, &mut Fresh)
}

/// The suggestions for `cfg` on its own architecture, assessing it first (sizes only: the members
/// play no part in what fits); none when the model cannot evaluate it.
pub fn suggestions_for(cfg: &KernelConfig, prober: &mut dyn Prober) -> Vec<Suggestion> {
    match crate::model::assess_by(cfg, cfg.arch, crate::model::Detail::Sizes, prober) {
        Ok(a) => suggestions_by(cfg, &a, prober),
        Err(_) => Vec::new(),
    }
}

/// [`suggestions`], evaluating the candidates through `prober` (a [`crate::model::Memo`] when many
/// findings are shown at once).
pub(crate) fn suggestions_by(cfg: &KernelConfig, a: &Assessment, prober: &mut dyn Prober) -> Vec<Suggestion> {
    if cfg.family.dsl().is_some() {
        return dsl_suggestions(cfg, a.arch, prober);
    }
    let arch = a.arch;
    let mut out: Vec<Suggestion> = Vec::new();
    if let Epilogue::TrtllmMoe { fusion, swap_ab } = cfg.epilogue {
        let other = KernelConfig { epilogue: Epilogue::TrtllmMoe { fusion, swap_ab: !swap_ab }, ..*cfg };
        out.extend(try_fit(Change::SwapAb(!swap_ab), &other, arch, prober));
    }
    let rejected = matches!(a.status, Status::Rejected(_));
    if let Some(s) = a.largest_fitting_stages {
        let current = a.footprint.as_ref().map(|f| f.stages);
        if current != Some(s) || rejected {
            out.extend(try_fit(
                Change::Stages(s),
                &KernelConfig { stages: StagePolicy::Fixed(s as u32), ..*cfg },
                arch,
                prober,
            ));
        }
    }
    if cfg.c != Output::Void {
        out.extend(try_fit(Change::VoidC, &KernelConfig { c: Output::Void, ..*cfg }, arch, prober));
    }
    if cfg.schedule != Schedule::Auto {
        out.extend(try_fit(
            Change::Schedule(Schedule::Auto),
            &KernelConfig { schedule: Schedule::Auto, ..*cfg },
            arch,
            prober,
        ));
    }
    if rejected {
        // The newest release whose headers differ in a way that makes this configuration fit. A
        // release whose headers equal those of a newer one already evaluated gets the same sizes
        // and verdict (the models read a release through its `Headers`; the release itself only
        // decides whether it is modelled at all, an error), so it is not evaluated again.
        let own = cfg.cutlass.headers();
        let mut evaluated: Vec<crate::model::Headers> = Vec::new();
        for &v in CutlassVersion::ALL.iter().rev() {
            let h = v.headers();
            if h == own || evaluated.contains(&h) {
                continue;
            }
            let candidate = KernelConfig { cutlass: v, ..*cfg };
            if let Ok(p) = prober.probe(&candidate) {
                if let Some(s) = fitting(Change::Cutlass(v), &candidate, arch, p) {
                    out.push(s);
                    break;
                }
                evaluated.push(h);
            }
        }
    }
    if let Some(s) = smaller_tiles(cfg.tile)
        .into_iter()
        .find_map(|t| try_fit(Change::Tile(t), &KernelConfig { tile: t, ..*cfg }, arch, prober))
    {
        out.push(s);
    }
    out.sort_by_key(|s| s.change.rank());
    out.truncate(4);
    out
}

/// A CuTe DSL kernel's nearest fits, in this order: the nearest release of its package whose kernel
/// launches (newer ones first at equal distance: that is where fixes ship; a serving engine changes
/// its pin more easily than the dispatch's tile), then the first of the tiles its family takes in
/// place of the dispatch's (`model::dsl::candidate_tiles`, largest first) that launches.
fn dsl_suggestions(cfg: &KernelConfig, arch: Arch, prober: &mut dyn Prober) -> Vec<Suggestion> {
    use crate::model::dsl::{FlashAttnVersion, FlashinferVersion};
    fn nearest<V: Copy + PartialEq>(all: &[V], own: V) -> Vec<V> {
        let at = all.iter().position(|v| *v == own).unwrap_or(0);
        let mut order: Vec<(usize, usize, V)> = all
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(i, v)| (i.abs_diff(at), usize::from(i < at), *v))
            .collect();
        order.sort_by_key(|(d, older, _)| (*d, *older));
        order.into_iter().map(|(_, _, v)| v).collect()
    }
    let mut out = Vec::new();
    if let Some(own) = cfg.dsl.flashinfer {
        for v in nearest(FlashinferVersion::ALL, own) {
            let mut c = *cfg;
            c.dsl.flashinfer = Some(v);
            if let Some(s) = try_fit(Change::Flashinfer(v), &c, arch, prober) {
                out.push(s);
                break;
            }
        }
    }
    if let Some(own) = cfg.dsl.flash_attn {
        for v in nearest(FlashAttnVersion::ALL, own) {
            let mut c = *cfg;
            c.dsl.flash_attn = Some(v);
            if let Some(s) = try_fit(Change::FlashAttn(v), &c, arch, prober) {
                out.push(s);
                break;
            }
        }
    }
    for t in crate::model::dsl::candidate_tiles(cfg) {
        let mut c = *cfg;
        c.dsl.tile = Some(t);
        if let Some(s) = try_fit(Change::DslTile(t), &c, arch, prober) {
            out.push(s);
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::*;

    #[test]
    fn every_suggestion_fits_and_the_stage_count_comes_first() {
        let cfg = KernelConfig {
            stages: StagePolicy::Fixed(4),
            ..KernelConfig::sm120(
                KernelKind::Dense,
                Operand::Nvfp4,
                Operand::Nvfp4,
                Output::Bf16,
                Output::Bf16,
                Tile { m: 128, n: 256, k: 128 },
            )
        };
        let s = suggestions(&cfg, &assess(&cfg, Arch::Sm120).unwrap());
        assert!(matches!(s[0].change, Change::Stages(3)), "{s:?}");
        for x in &s {
            assert!(x.kernel_bytes <= 101_376);
        }
    }

    /// The FINALIZE MoE kernel of issue 26 (CUTLASS's automatic stage count overflows the cap):
    /// fewer stages before swap_ab.
    #[test]
    fn fewer_stages_come_before_swap_ab() {
        let cfg = KernelConfig {
            cutlass: CutlassVersion::V4_5_0,
            epilogue: Epilogue::TrtllmMoe { fusion: MoeFusion::Finalize, swap_ab: false },
            ..KernelConfig::sm120(
                KernelKind::Grouped,
                Operand::Nvfp4,
                Operand::Nvfp4,
                Output::Bf16,
                Output::Bf16,
                Tile { m: 128, n: 256, k: 128 },
            )
        };
        let s = suggestions(&cfg, &assess(&cfg, Arch::Sm120).unwrap());
        let ranks: Vec<u8> = s.iter().map(|x| x.change.rank()).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{s:?}");
        let stages = s.iter().position(|x| matches!(x.change, Change::Stages(_)));
        let swap = s.iter().position(|x| matches!(x.change, Change::SwapAb(true)));
        assert!(stages.is_some() && swap.is_some() && stages < swap, "{s:?}");
    }
}
