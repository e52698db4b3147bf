//! `verify`: the model against the real CUTLASS compiled by the real nvcc.
//!
//! [`measure`] compiles host-side probes (batches of configurations per translation unit, batches in
//! parallel, failing batches bisected to find the configurations CUTLASS rejects); [`compare`] checks
//! the model field by field against measurements, whoever made them; [`record_line`] writes
//! measurements in the format of `tests/data`.

pub mod cli;
pub(crate) mod interrupt;
pub mod nvcc;
pub mod probe;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};

use crate::model::{Evaluation, KernelConfig, ModelError, StagePolicy};

/// What the compiler said about one configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeasuredResult {
    Compiled {
        kernel_bytes: u64,
        mainloop_bytes: u64,
        epilogue_bytes: u64,
        stages: u64,
        /// Measured with the SM100 kernel's capacity assert lifted, and over it: CUTLASS refuses it.
        over_capacity: bool,
    },
    /// CUTLASS rejected it; the compiler's first error line.
    Rejected { error: String },
    /// Nothing was learnt (timeout, nvcc could not run).
    Failed { error: String },
}

/// One measured configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub id: String,
    pub config: KernelConfig,
    pub result: MeasuredResult,
}

/// Measurement settings.
pub(crate) struct Measure<'a> {
    pub compiler: &'a nvcc::Compiler,
    pub jobs: usize,
    pub batch: usize,
    /// Called as each configuration is settled: (index, result, done, total). Lets the caller
    /// record results as they come, so a run that is stopped keeps what it measured.
    pub on_settle: &'a (dyn Fn(usize, &MeasuredResult, usize, usize) + Sync),
}

/// Measure every configuration. Batches that fail to compile are split in halves until the
/// configurations CUTLASS rejects are isolated, so a failing set is not recompiled one by one.
pub(crate) fn measure(items: &[(String, KernelConfig)], m: &Measure<'_>, dir: &std::path::Path) -> Vec<Measured> {
    let total = items.len();
    // One translation unit compiles for one -arch: batches never mix architectures.
    let mut order: Vec<usize> = (0..total).collect();
    order.sort_by_key(|&i| probe::nvcc_arch(&items[i].1));
    let mut batches: Vec<Vec<usize>> = Vec::new();
    for i in order {
        match batches.last_mut() {
            Some(b)
                if b.len() < m.batch.max(1) && probe::nvcc_arch(&items[b[0]].1) == probe::nvcc_arch(&items[i].1) =>
            {
                b.push(i);
            }
            _ => batches.push(vec![i]),
        }
    }
    batches.reverse();
    let queue: Mutex<Vec<Vec<usize>>> = Mutex::new(batches);
    let results: Mutex<Vec<Option<MeasuredResult>>> = Mutex::new(vec![None; total]);
    let done = AtomicUsize::new(0);
    let in_flight = AtomicUsize::new(0);
    let tags = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..m.jobs.max(1) {
            s.spawn(|| loop {
                let next = {
                    let mut q = queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    let b = q.pop();
                    if b.is_some() {
                        in_flight.fetch_add(1, Ordering::SeqCst);
                    }
                    b
                };
                let Some(batch) = next else {
                    if in_flight.load(Ordering::SeqCst) == 0 || interrupt::requested() {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(100));
                    continue;
                };
                let tag = tags.fetch_add(1, Ordering::SeqCst).to_string();
                let configs: Vec<(usize, KernelConfig)> = batch.iter().map(|&i| (i, items[i].1)).collect();
                let settle = |i: usize, r: MeasuredResult| {
                    let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                    (m.on_settle)(i, &r, n, total);
                    results.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[i] = Some(r);
                };
                let arch = probe::nvcc_arch(&items[batch[0]].1);
                let compiled = if interrupt::requested() {
                    Err(nvcc::Failure::Interrupted)
                } else {
                    m.compiler.compile_and_run(dir, &tag, &probe::translation_unit(&configs), arch)
                };
                match compiled {
                    Ok(stdout) => {
                        let parsed = probe::parse_output(&stdout);
                        for &i in &batch {
                            let r = parsed.iter().find(|p| p.0 == i).map_or_else(
                                || MeasuredResult::Failed { error: "the probe printed nothing for it".into() },
                                |&(_, k, ml, e, st)| MeasuredResult::Compiled {
                                    kernel_bytes: k,
                                    mainloop_bytes: ml,
                                    epilogue_bytes: e,
                                    stages: st,
                                    over_capacity: arch == "sm_100a"
                                        && k > crate::model::families::sm100_umma::SM100_CAPACITY_BYTES,
                                },
                            );
                            settle(i, r);
                        }
                    }
                    // Asked to stop: nothing more is measured (what was is kept).
                    Err(nvcc::Failure::Interrupted) => {}
                    // The toolchain failed, timed out, or the probe did not run: nothing was learnt
                    // about the code, and bisecting would only fail again.
                    Err(nvcc::Failure::Failed(error)) => {
                        for &i in &batch {
                            settle(i, MeasuredResult::Failed { error: error.clone() });
                        }
                    }
                    Err(nvcc::Failure::Rejected(error)) if batch.len() == 1 => {
                        settle(batch[0], MeasuredResult::Rejected { error });
                    }
                    // CUTLASS rejected one of them: halves until it is found.
                    Err(nvcc::Failure::Rejected(_)) => {
                        let (a, b) = batch.split_at(batch.len() / 2);
                        let mut q = queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                        q.push(b.to_vec());
                        q.push(a.to_vec());
                    }
                }
                in_flight.fetch_sub(1, Ordering::SeqCst);
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    items
        .iter()
        .zip(results)
        .map(|((id, config), r)| Measured {
            id: id.clone(),
            config: *config,
            result: r.unwrap_or(MeasuredResult::Failed { error: "not measured".into() }),
        })
        .collect()
}

/// Agreement of one field: `agree` of `of` comparable rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub agree: usize,
    pub of: usize,
}

/// One disagreement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub id: String,
    pub config: KernelConfig,
    pub field: &'static str,
    pub model: String,
    pub measured: String,
}

/// The comparison of the model with measurements.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub total: usize,
    pub fields: Vec<(&'static str, Agreement)>,
    pub mismatches: Vec<Mismatch>,
    /// Rows nothing was learnt from.
    pub failed: Vec<(String, String)>,
}

impl Report {
    fn tally(&mut self, field: &'static str, ok: bool) {
        match self.fields.iter_mut().find(|(f, _)| *f == field) {
            Some((_, a)) => {
                a.of += 1;
                a.agree += usize::from(ok);
            }
            None => self.fields.push((field, Agreement { agree: usize::from(ok), of: 1 })),
        }
    }

    pub fn all_agree(&self) -> bool {
        self.mismatches.is_empty() && self.failed.is_empty()
    }
}

/// Compare `model` with every measurement, field by field.
pub fn compare(measured: &[Measured], model: impl Fn(&KernelConfig) -> Result<Evaluation, ModelError>) -> Report {
    let mut r = Report { total: measured.len(), ..Report::default() };
    for field in ["compiles", "kernel_bytes", "mainloop_bytes", "epilogue_bytes", "stages", "rejection"] {
        r.fields.push((field, Agreement::default()));
    }
    for m in measured {
        let mismatch = |field: &'static str, model: String, measured: String| Mismatch {
            id: m.id.clone(),
            config: m.config,
            field,
            model,
            measured,
        };
        let eval = model(&m.config);
        match (&m.result, eval) {
            (MeasuredResult::Failed { error }, _) => r.failed.push((m.id.clone(), error.clone())),
            (_, Err(e)) => {
                r.tally("compiles", false);
                r.mismatches.push(mismatch("compiles", format!("not modelled: {e}"), describe(&m.result)));
            }
            (
                MeasuredResult::Compiled { kernel_bytes, mainloop_bytes, epilogue_bytes, stages, over_capacity },
                Ok(Evaluation::Compiled(f)),
            ) => {
                let refused = f.kernel_rejection.is_some();
                r.tally("compiles", refused == *over_capacity);
                if refused != *over_capacity {
                    r.mismatches.push(mismatch(
                        "compiles",
                        format!("over the kernel's capacity assert: {refused}"),
                        format!("over the kernel's capacity assert: {over_capacity}"),
                    ));
                }
                for (field, model, measured) in [
                    ("kernel_bytes", f.kernel_bytes, *kernel_bytes),
                    ("mainloop_bytes", f.mainloop_bytes, *mainloop_bytes),
                    ("epilogue_bytes", f.epilogue_bytes, *epilogue_bytes),
                    ("stages", f.stages, *stages),
                ] {
                    r.tally(field, model == measured);
                    if model != measured {
                        r.mismatches.push(mismatch(field, model.to_string(), measured.to_string()));
                    }
                }
            }
            (MeasuredResult::Rejected { error }, Ok(Evaluation::Rejected(rej))) => {
                r.tally("compiles", true);
                let ok = error.contains(rej.message);
                r.tally("rejection", ok);
                if !ok {
                    r.mismatches.push(mismatch("rejection", rej.message.to_string(), error.clone()));
                }
            }
            (measured, Ok(model_eval)) => {
                r.tally("compiles", false);
                let model_text = match model_eval {
                    Evaluation::Compiled(f) => format!("compiles, {} bytes", f.kernel_bytes),
                    Evaluation::Rejected(rej) => format!("rejected: {}", rej.message),
                };
                r.mismatches.push(mismatch("compiles", model_text, describe(measured)));
            }
        }
    }
    r
}

fn describe(r: &MeasuredResult) -> String {
    match r {
        MeasuredResult::Compiled { kernel_bytes, .. } => format!("compiles, {kernel_bytes} bytes"),
        MeasuredResult::Rejected { error } => format!("rejected: {error}"),
        MeasuredResult::Failed { error } => format!("not measured: {error}"),
    }
}

/// A measurement as a line of the shared data format (`tests/data/*.jsonl`).
pub(crate) fn record_line(m: &Measured) -> Value {
    let c = &m.config;
    let stages = match c.stages {
        StagePolicy::Fixed(n) => json!(n),
        other => json!(other.to_string()),
    };
    let mut o = json!({
        "id": m.id, "arch": c.arch.name(), "kernel": c.kind.name(), "a": c.a.name(), "b": c.b.name(),
        "c": c.c.name(), "d": c.d.name(), "tile": [c.tile.m, c.tile.n, c.tile.k],
        "schedule": c.schedule.name(), "stages": stages,
    });
    if c.epilogue_schedule != crate::model::EpilogueSchedule::Auto {
        o["epilogue_schedule"] = json!(c.epilogue_schedule.name());
    }
    match c.family {
        crate::model::Family::BlockScaled => {}
        crate::model::Family::Blockwise(g) => {
            o["family"] = json!(c.family.name());
            o["granularity"] = json!([g.m, g.n, g.k]);
        }
        crate::model::Family::F8f6f4 | crate::model::Family::Dsl(_) => o["family"] = json!(c.family.name()),
    }
    if c.dynamic_cluster {
        o["cluster"] = json!("dynamic");
    } else if c.cluster != crate::model::Cluster::ONE {
        o["cluster"] = json!([c.cluster.m, c.cluster.n, c.cluster.k]);
    }
    if let Some(f) = crate::jsonl::fusion_name(c) {
        o["fusion"] = json!(f);
    }
    if c.epilogue != crate::model::Epilogue::Builder {
        o["epilogue"] = json!(c.epilogue.name());
    }
    if c.layout_c != crate::model::Layout::RowMajor {
        o["layout_c"] = json!(c.layout_c.name());
    }
    if c.layout_d != crate::model::Layout::RowMajor {
        o["layout_d"] = json!(c.layout_d.name());
    }
    if let crate::model::EpilogueTile::Explicit { m, n } = c.epilogue_tile {
        o["epilogue_tile"] = json!([m, n]);
    }
    if let Some(t) = c.epilogue_cta_tile {
        o["epilogue_cta_tile"] = json!([t.m, t.n, t.k]);
    }
    if let Some(w) = c.warp {
        o["warp"] = json!([w.m, w.n, w.k]);
    }
    if c.epilogue_op_class != crate::model::EpilogueOpClass::Auto {
        o["epilogue_op_class"] = json!(c.epilogue_op_class.name());
    }
    if c.scheduler != crate::model::TileScheduler::Auto {
        o["scheduler"] = json!(c.scheduler.name());
    }
    o["result"] = match &m.result {
        MeasuredResult::Compiled { kernel_bytes, mainloop_bytes, epilogue_bytes, stages, over_capacity } => {
            let mut r = json!({
                "compiles": true, "kernel_bytes": kernel_bytes, "mainloop_bytes": mainloop_bytes,
                "epilogue_bytes": epilogue_bytes, "stages": stages,
            });
            if probe::nvcc_arch(c) == "sm_100a" {
                r["over_capacity"] = json!(over_capacity);
            }
            r
        }
        MeasuredResult::Rejected { error } => json!({"compiles": false, "error": error}),
        MeasuredResult::Failed { error } => json!({"measured": false, "error": error}),
    };
    o["cutlass"] = json!(c.cutlass.name());
    o
}

/// Measurements from a data file's `result` fields (for `verify --measured`).
pub fn from_record(line: &str) -> Result<Measured, String> {
    let (id, config) = crate::jsonl::parse_config(line, None).map_err(|e| e.message)?;
    let v: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let r = &v["result"];
    let result = match r["compiles"].as_bool() {
        Some(true) => MeasuredResult::Compiled {
            kernel_bytes: r["kernel_bytes"].as_u64().ok_or("result.kernel_bytes missing")?,
            mainloop_bytes: r["mainloop_bytes"].as_u64().ok_or("result.mainloop_bytes missing")?,
            epilogue_bytes: r["epilogue_bytes"].as_u64().ok_or("result.epilogue_bytes missing")?,
            stages: r["stages"].as_u64().ok_or("result.stages missing")?,
            over_capacity: r["over_capacity"].as_bool().unwrap_or(false),
        },
        Some(false) => MeasuredResult::Rejected { error: r["error"].as_str().unwrap_or_default().to_string() },
        None => return Err("the line has no result.compiles".into()),
    };
    Ok(Measured { id: id.unwrap_or_default(), config, result })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        Arch, Cluster, EpilogueOpClass, EpilogueSchedule, EpilogueTile, Fusion, KernelKind, Layout, Operand, Output,
        Schedule, Tile, TileScheduler,
    };

    /// A record is read back as the configuration that was measured: every key the JSON-lines front
    /// end takes is written (a record once dropped the layouts, so a column-major measurement read
    /// back as row-major).
    #[test]
    fn a_record_reads_back_as_the_measured_configuration() {
        let base = KernelConfig::sm120(
            KernelKind::Dense,
            Operand::Nvfp4,
            Operand::Nvfp4,
            Output::Void,
            Output::Bf16,
            Tile { m: 128, n: 128, k: 128 },
        );
        let evt = "Sm90EVT<Sm90Compute<multiplies, bf16, f32>, Sm90ColBroadcast<f32>, Sm90EVT<Sm90Compute<multiplies, f32, f32>, Sm90RowBroadcast<f32>, Sm90AccFetch>>";
        let configs = [
            base,
            KernelConfig { layout_c: Layout::ColumnMajor, layout_d: Layout::ColumnMajor, ..base },
            KernelConfig { epilogue_tile: EpilogueTile::Explicit { m: 64, n: 16 }, ..base },
            KernelConfig { epilogue_cta_tile: Some(Tile { m: 128, n: 64, k: 128 }), ..base },
            KernelConfig { scheduler: TileScheduler::StaticPersistent, ..base },
            KernelConfig { arch: Arch::Sm100, epilogue_op_class: EpilogueOpClass::TensorOp, ..base },
            KernelConfig { epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized, ..base },
            KernelConfig { fusion: evt.parse::<Fusion>().unwrap(), ..base },
            KernelConfig { d: Output::Mxfp6E3m2, schedule: Schedule::Pingpong, ..base },
            KernelConfig {
                arch: Arch::Sm100,
                dynamic_cluster: true,
                schedule: Schedule::Sm100OneSmNvf4,
                epilogue_schedule: EpilogueSchedule::TmaWarpSpecialized1Sm,
                ..base
            },
            KernelConfig { arch: Arch::Sm90, cluster: Cluster { m: 2, n: 1, k: 1 }, ..base },
            KernelConfig { arch: Arch::Sm80, warp: Some(Tile { m: 64, n: 64, k: 128 }), ..base },
        ];
        for config in configs {
            let m = Measured { id: "x".into(), config, result: MeasuredResult::Rejected { error: "e".into() } };
            let line = record_line(&m).to_string();
            let (_, back) = crate::jsonl::parse_config(&line, None).unwrap();
            assert_eq!(back, config, "{line}");
        }
    }
}
