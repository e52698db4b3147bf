//! A JSON Schema of the TOML configuration format, generated from the model's own name lists, for
//! editors (taplo / Even Better TOML: `#:schema ./smem-lint.schema.json` or a `[[rule]]` in
//! `.taplo.toml`). `smem-lint schema` prints it; `configs/smem-lint.schema.json` is the committed copy,
//! and a test keeps it equal to this output and validates every file in `configs/` against it.

use serde_json::{json, Value};

use crate::model::dsl::{Activation, AttnDtype, FlashAttnVersion, FlashinferVersion};
use crate::model::{
    Arch, CutlassVersion, Epilogue, EpilogueOpClass, EpilogueSchedule, Family, KernelKind, Layout, Operand, Output,
    Schedule, TileScheduler,
};

/// A schedule: one of its spellings, bare or behind a `cutlass::...::` namespace (as the parser reads it).
fn tags<'a>(description: &str, spellings: impl Iterator<Item = &'a str>) -> Value {
    let all: Vec<&str> = spellings.collect();
    json!({"description": description, "anyOf": [
        {"enum": all},
        {"type": "string", "pattern": format!("^(cutlass::)?([a-z]+::)*({})$", all.join("|"))}
    ]})
}

fn names<I: IntoIterator<Item = S>, S: Into<String>>(it: I) -> Value {
    Value::Array(it.into_iter().map(|s| Value::String(s.into())).collect())
}

fn count(description: &str) -> Value {
    json!({"type": "integer", "minimum": 1, "description": description})
}

fn triple(description: &str) -> Value {
    json!({"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 3, "maxItems": 3, "description": description})
}

/// The properties a `[[kernel]]`, `[[sweep]]` point or `[defaults]` may set (one value each).
fn value_schemas() -> Vec<(&'static str, Value)> {
    let operand = json!({"enum": names(Operand::names())});
    let output = json!({"enum": names(Output::names())});
    let arch = json!({"enum": names(Arch::names())});
    vec![
        (
            "arch",
            json!({"description": "target architecture(s)", "oneOf": [arch, {"type": "array", "items": arch, "minItems": 1, "uniqueItems": true}]}),
        ),
        ("cutlass", json!({"description": "CUTLASS release (full tag)", "enum": names(CutlassVersion::names())})),
        ("family", json!({"description": "mainloop builder family", "enum": names(Family::NAMES)})),
        ("granularity", triple("blockwise scale-factor block [gM, gN, gK] in elements")),
        ("kernel", json!({"enum": names(KernelKind::ALL.map(KernelKind::name))})),
        ("a", operand.clone()),
        ("b", operand.clone()),
        ("c", output.clone()),
        ("d", output.clone()),
        ("operands", json!({"type": "array", "items": operand, "minItems": 2, "maxItems": 2, "description": "[a, b]"})),
        ("outputs", json!({"type": "array", "items": output, "minItems": 2, "maxItems": 2, "description": "[c, d]"})),
        (
            "layout_c",
            json!({"description": "C's layout tag: row (RowMajor, the default) or col (ColumnMajor)", "enum": names(Layout::NAMES)}),
        ),
        (
            "layout_d",
            json!({"description": "D's layout tag: row (RowMajor, the default) or col (ColumnMajor)", "enum": names(Layout::NAMES)}),
        ),
        (
            "tile",
            json!({"description": "CTA tile [M, N, K] in elements; for a CuTe DSL family the tile [m, n] in place of the dispatch's",
            "type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2, "maxItems": 3}),
        ),
        (
            "warp",
            triple("the warp tile GemmShape<M, N, K> of a CUTLASS 2.x kernel (sm80-sm89: required; refused elsewhere)"),
        ),
        (
            "cluster",
            json!({"description": "static cluster shape [M, N, K], or \"dynamic\" (Shape<int, int, _1>, SM100)", "oneOf": [triple("cluster shape [M, N, K]"), {"const": "dynamic"}]}),
        ),
        (
            "schedule",
            tags(
                "kernel schedule: auto/cooperative/pingpong (SM120) or a CUTLASS tag (SM90, SM100)",
                Schedule::ALL.iter().flat_map(|s| s.spellings().iter().copied()),
            ),
        ),
        (
            "epilogue_schedule",
            tags(
                "epilogue schedule: auto or a CUTLASS tag (SM90, SM100)",
                EpilogueSchedule::ALL.iter().flat_map(|s| s.spellings().iter().copied()),
            ),
        ),
        (
            "stages",
            json!({"description": "\"auto\", \"auto0\", \"auto-epi\", \"auto-carveout-<bytes>\" or a stage count",
            "oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "pattern": "^(auto|auto0|auto-epi|auto-carveout-[0-9]+)$"}]}),
        ),
        ("carveout", json!({"type": "integer", "minimum": 0, "description": "StageCountAutoCarveout<bytes>"})),
        (
            "fusion",
            json!({"type": "string", "description": "default, linear-combination, block-scale-factor, per-col-bias-<type>, LinCombBlockScaleFactor<...> or an Sm90EVT<...> tree", "pattern": "^(default|linear-combination|block-scale-factor|per-col-bias-(bf16|f16|f32)|(cutlass::epilogue::fusion::)?(LinCombBlockScaleFactor|Sm90EVT|Sm90TreeVisitor)<.*>)$"}),
        ),
        (
            "epilogue",
            json!({"oneOf": [
                {"enum": names(Epilogue::NAMES)},
                {"type": "object", "properties": {"smem_bytes": {"type": "integer", "minimum": 1}}, "required": ["smem_bytes"], "additionalProperties": false}
            ]}),
        ),
        (
            "epilogue_tile",
            json!({"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2, "maxItems": 2, "description": "explicit epilogue subtile [M, N] in place of EpilogueTileAuto"}),
        ),
        (
            "epilogue_cta_tile",
            triple("the TileShape [M, N, K] the epilogue builder is given, when not the mainloop's tile"),
        ),
        (
            "epilogue_op_class",
            json!({"description": "the OpClass the SM100 epilogue builder is given: auto (the mainloop's), tensorop (OpClassTensorOp) or blockscaled (OpClassBlockScaledTensorOp)", "enum": names(EpilogueOpClass::ALL.map(EpilogueOpClass::name))}),
        ),
        (
            "scheduler",
            json!({"description": "GemmUniversal's tile scheduler: auto (void), PersistentScheduler, StaticPersistentScheduler or StreamKScheduler", "enum": names(TileScheduler::ALL.map(TileScheduler::name))}),
        ),
        (
            "flashinfer",
            json!({"description": "CuTe DSL (b12x) kernels: the flashinfer-python release", "enum": names(FlashinferVersion::ALL.iter().map(|v| v.name()))}),
        ),
        (
            "flash_attn",
            json!({"description": "CuTe DSL (FA4) kernels: the flash-attn-4 release", "enum": names(FlashAttnVersion::ALL.iter().map(|v| v.name()))}),
        ),
        ("hidden", count("MoE: the model's hidden size")),
        ("intermediate", count("MoE: the expert intermediate size per tensor-parallel rank")),
        ("experts", count("MoE: the number of experts")),
        ("top_k", count("MoE: experts per token")),
        ("tokens", count("MoE: tokens in one forward step")),
        ("activation", json!({"description": "MoE activation", "enum": names(Activation::ALL.map(Activation::name))})),
        ("sm_count", count("the SM count the dispatch's tile selectors read (default 188)")),
        ("m", count("dense GEMM: M (tokens)")),
        ("n", count("dense GEMM: N")),
        ("k", count("dense GEMM: K")),
        ("head_dim", count("attention: the head dimension of Q and K")),
        ("head_dim_v", count("attention: the head dimension of V (default: head_dim)")),
        ("causal", json!({"type": "boolean", "description": "attention: causal masking"})),
        (
            "dtype",
            json!({"description": "attention: the element type", "enum": names(AttnDtype::ALL.map(AttnDtype::name))}),
        ),
        (
            "source_repo",
            json!({"type": "string", "minLength": 1, "description": "where a real kernel comes from: owner/name"}),
        ),
        ("source_path", json!({"type": "string", "minLength": 1, "description": "the file in that repository"})),
        ("source_commit", json!({"type": "string", "minLength": 1, "description": "the commit read"})),
        (
            "source_line",
            json!({"description": "the line number, or the macro call or function", "oneOf": [{"type": "string", "minLength": 1}, {"type": "integer", "minimum": 1}]}),
        ),
    ]
}

/// The schema.
pub(crate) fn toml_schema() -> Value {
    let values = value_schemas();
    let single: serde_json::Map<String, Value> = values.iter().map(|(k, v)| ((*k).to_string(), v.clone())).collect();
    // In a sweep, every key may also hold a list of alternatives.
    let swept: serde_json::Map<String, Value> = values
        .iter()
        .map(|(k, v)| ((*k).to_string(), json!({"anyOf": [v, {"type": "array", "items": v, "minItems": 1}]})))
        .collect();
    let with_name = |mut m: serde_json::Map<String, Value>| {
        m.insert("name".into(), json!({"type": "string", "minLength": 1}));
        Value::Object(m)
    };
    json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "smem-lint kernel configurations",
        "description": "CUTLASS GEMM and CuTe DSL kernel configurations for smem-lint check / emit (README: The TOML format).",
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "defaults": {"type": "object", "additionalProperties": false, "properties": single},
            "kernel": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": with_name(single.clone())}},
            "sweep": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": with_name(swept)}}
        }
    })
}

#[cfg(test)]
mod tests {
    /// The schema describes exactly the keys the TOML front end takes (`keys::KEYS`), in its order.
    #[test]
    fn the_schema_has_every_toml_key() {
        let schema: Vec<&str> = super::value_schemas().iter().map(|(k, _)| *k).collect();
        let toml: Vec<&str> = crate::keys::Front::Toml.keys().filter(|k| *k != "name").collect();
        assert_eq!(schema, toml);
    }
}
