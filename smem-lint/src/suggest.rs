//! The nearest configurations that fit: what a diagnostic's help proposes.
//!
//! Every suggestion is evaluated with the model, so a suggestion never proposes something that does
//! not fit. Pure: no I/O.

use crate::model::{
    Arch, Assessment, CutlassVersion, Epilogue, Evaluation, KernelConfig, Output, Schedule, StagePolicy, Status, Tile,
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
        };
        format!("{what} ({} bytes, {} to spare)", self.kernel_bytes, self.headroom)
    }
}

/// The suggestion, if `config` compiles, can be built and fits `arch`'s cap.
fn try_fit(change: Change, config: KernelConfig, arch: Arch) -> Option<Suggestion> {
    match crate::model::evaluate_with(&config, crate::model::Detail::Sizes).ok()? {
        Evaluation::Compiled(f) if f.unbuildable.is_none() && f.kernel_bytes <= arch.smem_cap() => Some(Suggestion {
            change,
            config,
            kernel_bytes: f.kernel_bytes,
            headroom: arch.smem_cap() - f.kernel_bytes,
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
    let arch = a.arch;
    let mut out: Vec<Suggestion> = Vec::new();
    if let Epilogue::TrtllmMoe { fusion, swap_ab } = cfg.epilogue {
        let other = KernelConfig { epilogue: Epilogue::TrtllmMoe { fusion, swap_ab: !swap_ab }, ..*cfg };
        out.extend(try_fit(Change::SwapAb(!swap_ab), other, arch));
    }
    let rejected = matches!(a.status, Status::Rejected(_));
    if let Some(s) = a.largest_fitting_stages {
        let current = a.footprint.as_ref().map(|f| f.stages);
        if current != Some(s) || rejected {
            out.extend(try_fit(Change::Stages(s), KernelConfig { stages: StagePolicy::Fixed(s as u32), ..*cfg }, arch));
        }
    }
    if cfg.c != Output::Void {
        out.extend(try_fit(Change::VoidC, KernelConfig { c: Output::Void, ..*cfg }, arch));
    }
    if cfg.schedule != Schedule::Auto {
        out.extend(try_fit(Change::Schedule(Schedule::Auto), KernelConfig { schedule: Schedule::Auto, ..*cfg }, arch));
    }
    if rejected {
        // The newest release whose headers differ in a way that makes this configuration fit.
        let own = cfg.cutlass.headers();
        out.extend(
            CutlassVersion::ALL
                .iter()
                .rev()
                .filter(|v| v.headers() != own)
                .find_map(|&v| try_fit(Change::Cutlass(v), KernelConfig { cutlass: v, ..*cfg }, arch)),
        );
    }
    if let Some(s) = smaller_tiles(cfg.tile)
        .into_iter()
        .find_map(|t| try_fit(Change::Tile(t), KernelConfig { tile: t, ..*cfg }, arch))
    {
        out.push(s);
    }
    out.truncate(4);
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
}
