//! `explain`: the full byte breakdown of one configuration, as a table or as JSON.

use std::fmt::Write;

use serde_json::{json, Value};

use crate::model::{assess, Arch, Evaluation, KernelConfig, ModelError, Status};

/// A table: every member of `GemmKernel::SharedStorage` with offset and size, totals by role, how
/// the stage count was chosen, and the verdict per architecture.
pub fn table(cfg: &KernelConfig, archs: &[Arch]) -> Result<String, ModelError> {
    let mut s = String::new();
    let release = match cfg.family.dsl() {
        Some(_) => crate::checker::release_of(cfg),
        None => format!("CUTLASS {}", cfg.cutlass),
    };
    let _ = writeln!(s, "{} ({release}, {})", cfg.label(), cfg.arch);
    match crate::model::evaluate(cfg)? {
        Evaluation::Rejected(r) => match r.by {
            Some(by) => {
                let _ = writeln!(s, "refused before launch: {by} \"{}\"\n  {}", r.message, r.detail);
            }
            None => {
                let _ = writeln!(s, "rejected by CUTLASS at compile time: \"{}\"\n  {}", r.message, r.detail);
            }
        },
        Evaluation::Compiled(f) => {
            match f.dsl.as_deref() {
                Some(d) => {
                    let _ = writeln!(
                        s,
                        "{}: {} allocates {} bytes (size_in_bytes()); tile [{}, {}] ({}); {} A/B stages{}\n",
                        d.kernel_class,
                        d.storage,
                        f.kernel_bytes,
                        d.tile[0],
                        d.tile[1],
                        d.tile_from,
                        f.stages,
                        d.other_stages.iter().fold(String::new(), |mut acc, (k, v)| {
                            let _ = write!(acc, ", {k} = {v}");
                            acc
                        })
                    );
                }
                None => {
                    let _ = writeln!(
                        s,
                        "GemmKernel::SharedStorage {} bytes; CollectiveMainloop::SharedStorage {}; CollectiveEpilogue::SharedStorage {}; {} stages\n",
                        f.kernel_bytes, f.mainloop_bytes, f.epilogue_bytes, f.stages
                    );
                }
            }
            let _ = writeln!(s, "{:>8} {:>8}  member", "offset", "bytes");
            for m in &f.members {
                let per = m.per_stage.map(|p| format!("  ({} x {})", p.stages, p.bytes_per_stage)).unwrap_or_default();
                let _ = writeln!(s, "{:>8} {:>8}  {}{}", m.offset, m.size, m.path, per);
            }
            let _ = writeln!(s, "{:>8} {:>8}  total", "", f.kernel_bytes);
            let _ = writeln!(s, "\nby role:");
            for (role, bytes) in f.by_role() {
                let _ = writeln!(s, "  {:>8}  {}", bytes, role.name());
            }
            let c = f.stage_choice;
            match c.carveout_bytes {
                Some(carve) if f.dsl.is_some() => {
                    let raw = c.capacity_bytes.saturating_sub(carve) / c.stage_bytes.max(1);
                    let kept = if raw == c.stages as u64 {
                        String::new()
                    } else {
                        format!(", kept at {} by the kernel's own bounds", c.stages)
                    };
                    let _ = writeln!(
                        s,
                        "\nstage count (the kernel's own): ({} - {carve}) / {} = {raw}{kept}   [{carve} for the epilogue and barriers, {} a stage]",
                        c.capacity_bytes, c.stage_bytes, c.stage_bytes
                    );
                }
                Some(carve) => {
                    let _ = writeln!(
                        s,
                        "\nstage count ({}): ({} - {}) / {} = {}   [{} data + {} barrier allowance per stage]",
                        c.policy,
                        c.capacity_bytes,
                        carve,
                        c.stage_bytes,
                        c.stages,
                        c.data_bytes_per_stage,
                        c.stage_bytes - c.data_bytes_per_stage
                    );
                }
                None => {
                    let _ = writeln!(s, "\nstage count: StageCount<{}> (explicit)", c.stages);
                }
            }
            if let Some(u) = &f.unbuildable {
                let _ = writeln!(s, "cannot be built: \"{}\" ({})", u.message, u.detail);
            }
            if let Some(e) = f.dsl.as_deref().and_then(|d| d.own_estimate.as_ref()) {
                let leaves = if e.leaves_out.is_empty() {
                    String::new()
                } else {
                    format!("; leaves out {}", e.leaves_out.join(", "))
                };
                let _ = writeln!(s, "the kernel's own estimate ({}): {} bytes{leaves}", e.by, e.bytes);
            }
        }
    }
    for &arch in archs {
        let a = assess(&KernelConfig { arch, ..*cfg }, arch)?;
        let verdict = match a.status {
            Status::Fits { headroom } => format!("fits, {headroom} bytes to spare"),
            Status::ExceedsCap { over } => format!("exceeds the cap of {} by {over} bytes", a.cap),
            Status::Rejected(r) if r.by.is_some() => "does not launch (refused by the kernel)".to_string(),
            Status::Rejected(_) => "does not compile".to_string(),
            Status::Unbuildable(_) => "cannot be built".to_string(),
        };
        let largest =
            a.largest_fitting_stages.map(|n| format!("; largest stage count that fits: {n}")).unwrap_or_default();
        let _ = writeln!(s, "{arch}: {verdict}{largest}");
    }
    Ok(s)
}

/// The same as JSON.
pub fn to_json(cfg: &KernelConfig, archs: &[Arch]) -> Result<Value, ModelError> {
    let mut verdicts = Vec::new();
    for &arch in archs {
        let a = assess(&KernelConfig { arch, ..*cfg }, arch)?;
        let (status, bytes) = match &a.status {
            Status::Fits { headroom } => ("fits", json!({"headroom_bytes": headroom})),
            Status::ExceedsCap { over } => ("exceeds-cap", json!({"over_bytes": over})),
            Status::Rejected(r) => ("rejected", json!({"reason": r.message, "detail": r.detail.to_string()})),
            Status::Unbuildable(u) => ("unbuildable", json!({"reason": u.message, "detail": u.detail.to_string()})),
        };
        verdicts.push(json!({
            "arch": arch.name(), "cap_bytes": a.cap, "status": status, "details": bytes,
            "largest_fitting_stages": a.largest_fitting_stages,
            "auto_stages_overflow": a.auto_overflow.map(|o| json!({"auto_stages": o.auto_stages, "over_bytes": o.over})),
        }));
    }
    let body = match crate::model::evaluate(cfg)? {
        Evaluation::Rejected(r) => {
            json!({"compiles": false, "reason": r.message, "detail": r.detail.to_string(), "by": r.by})
        }
        Evaluation::Compiled(f) => {
            let dsl = f.dsl.as_deref().map(|d| json!({
                "family": d.family.name(), "kernel": d.kernel_class, "storage": d.storage, "tile": d.tile,
                "tile_from": d.tile_from,
                "other_stages": d.other_stages.iter().map(|(k, v)| json!({"name": k, "value": v})).collect::<Vec<_>>(),
                "own_estimate": d.own_estimate.as_ref().map(|e| json!({"bytes": e.bytes, "by": e.by, "leaves_out": e.leaves_out})),
            }));
            let mut body = json!({
            "compiles": true,
            "kernel_bytes": f.kernel_bytes,
            "mainloop_bytes": f.mainloop_bytes,
            "epilogue_bytes": f.epilogue_bytes,
            "stages": f.stages,
            "stage_choice": {
                "policy": f.stage_choice.policy.to_string(),
                "capacity_bytes": f.stage_choice.capacity_bytes,
                "carveout_bytes": f.stage_choice.carveout_bytes,
                "stage_bytes": f.stage_choice.stage_bytes,
                "data_bytes_per_stage": f.stage_choice.data_bytes_per_stage,
            },
            "members": f.members.iter().map(|m| json!({
                "path": m.path, "offset": m.offset, "bytes": m.size, "role": m.role.name(),
                "stages": m.per_stage.map(|p| p.stages), "bytes_per_stage": m.per_stage.map(|p| p.bytes_per_stage),
            })).collect::<Vec<_>>(),
            "by_role": f.by_role().into_iter().map(|(r, b)| json!({"role": r.name(), "bytes": b})).collect::<Vec<_>>(),
            "unbuildable": f.unbuildable.map(|u| json!({"reason": u.message, "detail": u.detail.to_string()})),
            });
            if let Some(d) = dsl {
                body["dsl"] = d;
            }
            body
        }
    };
    let (release_key, release) = match (cfg.family.dsl(), cfg.dsl.flashinfer, cfg.dsl.flash_attn) {
        (Some(_), Some(v), _) => ("flashinfer", v.name()),
        (Some(_), None, Some(v)) => ("flash_attn", v.name()),
        _ => ("cutlass", cfg.cutlass.name()),
    };
    let mut o = serde_json::Map::new();
    o.insert("config".into(), json!(cfg.label()));
    o.insert(release_key.into(), json!(release));
    o.insert("footprint".into(), body);
    o.insert("verdicts".into(), Value::Array(verdicts));
    Ok(Value::Object(o))
}
