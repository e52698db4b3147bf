//! The native half of the `smem_lint` Python package: the smem-lint model behind a JSON boundary.
//!
//! Every function takes and returns JSON text in the formats the CLI speaks (an `eval` line in, an
//! `eval` result out; `check --format json` findings), so Python and the CLI run exactly the same
//! front end ([`smem_lint::jsonl`]) and model. The typed API, its documentation and the exception
//! class live in `python/smem_lint/__init__.py`. Bad input is a `ValueError` naming the key and the
//! allowed values; nothing here panics on input.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::{json, Value};
use smem_lint::model::{assess, Arch, CutlassVersion, KernelConfig};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn line_error(e: &smem_lint::jsonl::LineError) -> PyErr {
    // The message and, as eval prints it on stderr, its help.
    let text = match e.help() {
        Some(h) => format!("{} (help: {h})", e.error()),
        None => e.error().to_string(),
    };
    match &e.at.field {
        Some(f) => value_error(format!("`{f}`: {text}")),
        None => value_error(text),
    }
}

fn version(cutlass: Option<&str>) -> PyResult<Option<CutlassVersion>> {
    cutlass.map(|v| v.parse::<CutlassVersion>().map_err(|e| value_error(format!("`cutlass`: {e}")))).transpose()
}

fn archs(names: Option<Vec<String>>, default: Arch) -> PyResult<Vec<Arch>> {
    match names {
        None => Ok(vec![default]),
        Some(v) if v.is_empty() => Err(value_error("`archs`: name at least one architecture")),
        Some(v) => v.iter().map(|a| a.parse::<Arch>().map_err(|e| value_error(format!("`archs`: {e}")))).collect(),
    }
}

/// `eval`'s result for one configuration (an `eval` JSON line), plus `verdicts`: one per architecture.
#[pyfunction]
#[pyo3(signature = (config, cutlass=None, archs=None))]
fn evaluate(config: &str, cutlass: Option<&str>, archs: Option<Vec<String>>) -> PyResult<String> {
    let (id, cfg) = smem_lint::jsonl::parse_config(config, version(cutlass)?).map_err(|e| line_error(&e))?;
    let archs = self::archs(archs, cfg.arch)?;
    evaluated(id.as_deref(), &cfg, &archs).map(|v| v.to_string())
}

/// [`evaluate`]'s answer for a configuration already read.
fn evaluated(id: Option<&str>, cfg: &KernelConfig, archs: &[Arch]) -> PyResult<Value> {
    let mut out = smem_lint::jsonl::result_json(id, cfg).map_err(|e| line_error(&e))?;
    let mut verdicts = Vec::new();
    for &arch in archs {
        let a = assess(&KernelConfig { arch, ..*cfg }, arch).map_err(value_error)?;
        verdicts.push(smem_lint::jsonl::verdict_json(&a));
    }
    out["verdicts"] = Value::Array(verdicts);
    Ok(out)
}

/// The answer for a CUTLASS library kernel: `evaluate`'s result for the configuration it builds, with
/// `name`, `modelled: true` and `config` (the `eval` line, which `evaluate` answers the same for); or
/// `modelled: false` with `reasons` when the configuration cannot express it or the model refuses it.
fn kernel_answer(name: &str, cfg: Result<KernelConfig, Vec<String>>, archs: Option<Vec<String>>) -> PyResult<String> {
    let cfg = match cfg {
        Ok(c) => c,
        Err(reasons) => return Ok(json!({"name": name, "modelled": false, "reasons": reasons}).to_string()),
    };
    let archs = match archs {
        Some(a) => self::archs(Some(a), cfg.arch)?,
        None => smem_lint::cutlass_library::targets(cfg.arch),
    };
    if let Err(e) = smem_lint::model::evaluate_with(&cfg, smem_lint::model::Detail::Sizes) {
        return Ok(json!({
            "name": name,
            "modelled": false,
            "reasons": [e.to_string()],
            "config": smem_lint::jsonl::config_json(&cfg, Some(name)),
        })
        .to_string());
    }
    let mut out = evaluated(Some(name), &cfg, &archs)?;
    out["name"] = json!(name);
    out["modelled"] = json!(true);
    out["config"] = smem_lint::jsonl::config_json(&cfg, Some(name));
    Ok(out.to_string())
}

fn field<'a>(v: &'a Value, key: &str) -> PyResult<&'a Value> {
    v.get(key).ok_or_else(|| value_error(format!("operation field `{key}` is missing")))
}

fn text(v: &Value, key: &str) -> PyResult<String> {
    field(v, key)?
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| value_error(format!("operation field `{key}`: expected a name")))
}

fn opt_text(v: &Value, key: &str) -> PyResult<Option<String>> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => text(v, key).map(Some),
    }
}

fn uint(v: &Value, key: &str) -> PyResult<u64> {
    field(v, key)?
        .as_u64()
        .ok_or_else(|| value_error(format!("operation field `{key}`: expected a non-negative integer")))
}

fn triple(v: &Value, key: &str) -> PyResult<[u64; 3]> {
    let a =
        field(v, key)?.as_array().ok_or_else(|| value_error(format!("operation field `{key}`: expected [x, y, z]")))?;
    match a.iter().map(Value::as_u64).collect::<Option<Vec<u64>>>().as_deref() {
        Some(&[x, y, z]) => Ok([x, y, z]),
        _ => Err(value_error(format!("operation field `{key}`: expected three non-negative integers"))),
    }
}

fn tensor(v: &Value, key: &str) -> PyResult<smem_lint::cutlass_library::Tensor> {
    let t = field(v, key)?;
    Ok(smem_lint::cutlass_library::Tensor {
        element: text(t, "element")?,
        layout: text(t, "layout")?,
        alignment: uint(t, "alignment")?,
    })
}

/// The operation fields `smem_lint.operation_fields` extracts, as an [`Operation`]: the collective
/// tile and the CTA tile's N computed as the emitter computes them.
///
/// [`Operation`]: smem_lint::cutlass_library::Operation
fn operation(fields: &str) -> PyResult<smem_lint::cutlass_library::Operation> {
    let v: Value = serde_json::from_str(fields).map_err(|e| value_error(format!("operation fields: {e}")))?;
    let arch = u32::try_from(uint(&v, "arch")?).map_err(|_| value_error("operation field `arch` is out of range"))?;
    let opcode_class = text(&v, "opcode_class")?;
    let tile_shape = triple(&v, "tile_shape")?;
    let instruction = triple(&v, "instruction_shape")?;
    let cluster = triple(&v, "cluster_shape")?;
    // `GemmOperation.get_collective_tile_shape()`: SM100 builders get the MMA instruction's M and N.
    let tile = if matches!(arch, 100 | 103)
        && matches!(opcode_class.as_str(), "TensorOp" | "BlockScaledTensorOp" | "SparseTensorOp")
    {
        [instruction[0], instruction[1], tile_shape[2]]
    } else {
        tile_shape
    };
    // `EmitGemmUniversal3xInstance.emit`: cta_n = tile_shape[1] // cluster_n (when static).
    let cta_n = tile_shape[1].checked_div(cluster[1]).unwrap_or(tile_shape[1]);
    let sfd = match v.get("sfd") {
        None | Some(Value::Null) => None,
        Some(s) => Some(smem_lint::cutlass_library::ScaleFactorD {
            element: text(s, "element")?,
            layout: opt_text(s, "layout")?.unwrap_or_default(),
            vector_size: uint(s, "vector_size")?,
        }),
    };
    let blockwise = match v.get("blockwise") {
        None | Some(Value::Null) => None,
        Some(_) => Some(triple(&v, "blockwise")?),
    };
    Ok(smem_lint::cutlass_library::Operation {
        name: text(&v, "name")?,
        arch,
        gemm_kind: text(&v, "gemm_kind")?,
        opcode_class,
        math_operation: text(&v, "math_operation")?,
        a: tensor(&v, "a")?,
        b: tensor(&v, "b")?,
        c: tensor(&v, "c")?,
        d: tensor(&v, "d")?,
        sf_a: opt_text(&v, "sf_a")?,
        sf_b: opt_text(&v, "sf_b")?,
        sfd,
        accumulator: text(&v, "accumulator")?,
        element_epilogue: text(&v, "element_epilogue")?,
        tile,
        cta_n,
        cluster,
        stages: uint(&v, "stages")?,
        kernel_schedule: text(&v, "kernel_schedule")?,
        epilogue_schedule: text(&v, "epilogue_schedule")?,
        tile_scheduler: text(&v, "tile_scheduler")?,
        epilogue_functor: text(&v, "epilogue_functor")?,
        blockwise,
        mixed_input_mode: opt_text(&v, "mixed_input_mode")?,
        complex: field(&v, "complex")?
            .as_bool()
            .ok_or_else(|| value_error("operation field `complex`: expected a bool"))?,
    })
}

/// A cutlass_library `GemmOperation` (its fields as JSON) evaluated: see [`kernel_answer`].
#[pyfunction]
#[pyo3(signature = (fields, cutlass=None, archs=None))]
fn check_operation(fields: &str, cutlass: Option<&str>, archs: Option<Vec<String>>) -> PyResult<String> {
    let op = operation(fields)?;
    let cutlass = version(cutlass)?.unwrap_or(CutlassVersion::LATEST);
    kernel_answer(&op.name, smem_lint::cutlass_library::translate(&op, cutlass), archs)
}

/// A CUTLASS library kernel name (what `import-cutlass` reads) evaluated: see [`kernel_answer`].
#[pyfunction]
#[pyo3(signature = (name, cutlass=None, archs=None))]
fn check_kernel_name(name: &str, cutlass: Option<&str>, archs: Option<Vec<String>>) -> PyResult<String> {
    use smem_lint::cutlass_library::import::{import_name, Imported};
    let cutlass = version(cutlass)?.unwrap_or(CutlassVersion::LATEST);
    match import_name(name.trim(), cutlass) {
        Imported::Kernel { config, .. } => kernel_answer(name.trim(), Ok(*config), archs),
        Imported::NotModelled { reasons, .. } => kernel_answer(name.trim(), Err(reasons), archs),
    }
}

/// The member-by-member breakdown (`explain --format json`).
#[pyfunction]
#[pyo3(signature = (config, cutlass=None, archs=None))]
fn explain(config: &str, cutlass: Option<&str>, archs: Option<Vec<String>>) -> PyResult<String> {
    let (_, cfg) = smem_lint::jsonl::parse_config(config, version(cutlass)?).map_err(|e| line_error(&e))?;
    let archs = self::archs(archs, cfg.arch)?;
    smem_lint::explain::to_json(&cfg, &archs).map(|v| v.to_string()).map_err(value_error)
}

/// `check --format json` over TOML files and directories (without the GIL).
#[pyfunction]
fn check_files(py: Python<'_>, paths: Vec<String>) -> PyResult<String> {
    let paths: Vec<std::path::PathBuf> = paths.into_iter().map(Into::into).collect();
    py.detach(move || {
        let reports = smem_lint::report::check_paths(&paths, &smem_lint::check::Options::default())?;
        Ok(smem_lint::diagnostics::to_json(&reports).to_string())
    })
    .map_err(|e: String| value_error(e))
}

/// The `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM` calls of TensorRT-LLM / FlashInfer generated
/// sources as `eval` configurations (what `import-trtllm` reads): one per distinct kernel, each with
/// an id of its own; a call no configuration can say is `{"id", "arch", "call", "not_modelled"}`.
/// Read without the GIL.
#[pyfunction]
fn trtllm_moe_instantiations(py: Python<'_>, source: &str) -> PyResult<String> {
    let source = source.to_string();
    py.detach(move || {
        // Only distinct kernels are kept, as `import-trtllm` keeps them; the first bad call is the error.
        let mut found = Vec::new();
        let mut kernels = std::collections::HashSet::new();
        let mut first_error = None;
        smem_lint::import::trtllm_moe_each(&source, smem_lint::limits::MAX_IMPORT_CALLS, &mut |line, r| match r {
            Ok(m) if first_error.is_none() => {
                if kernels.insert(smem_lint::import::kernel_key(&m)) {
                    found.push(m);
                }
            }
            Ok(_) => {}
            Err(e) => {
                first_error.get_or_insert(format!("line {line}: {e}"));
            }
        });
        if let Some(e) = first_error {
            return Err(e);
        }
        let out: Vec<Value> = smem_lint::import::unique(&found)
            .into_iter()
            .map(|(id, m)| {
                let c = match &m.config {
                    Ok(c) => c,
                    Err(reasons) => {
                        return json!({
                            "id": id,
                            "arch": m.arch.name(),
                            "call": format!("INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM({})", m.args.join(", ")),
                            "not_modelled": reasons,
                        })
                    }
                };
                let mut v = json!({
                    "id": id,
                    "arch": c.arch.name(),
                    "kernel": "grouped",
                    "a": c.a.name(),
                    "b": c.b.name(),
                    "c": c.c.name(),
                    "d": c.d.name(),
                    "tile": [c.tile.m, c.tile.n, c.tile.k],
                    "schedule": c.schedule.name(),
                    "stages": "auto",
                    "epilogue": c.epilogue.name(),
                });
                if !matches!(c.arch, smem_lint::model::Arch::Sm120 | smem_lint::model::Arch::Sm121) {
                    v["layout_c"] = json!(c.layout_c.to_string());
                    v["layout_d"] = json!(c.layout_d.to_string());
                    v["cluster"] = if c.dynamic_cluster {
                        json!("dynamic")
                    } else {
                        json!([c.cluster.m, c.cluster.n, c.cluster.k])
                    };
                    v["epilogue_schedule"] = json!(c.epilogue_schedule.name());
                    if let smem_lint::model::EpilogueTile::Explicit { m, n } = c.epilogue_tile {
                        v["epilogue_tile"] = json!([m, n]);
                    }
                }
                v
            })
            .collect();
        Ok(Value::Array(out).to_string())
    })
    .map_err(|e: String| value_error(e))
}

/// Every CUTLASS release the model knows, oldest first.
#[pyfunction]
fn releases() -> Vec<&'static str> {
    CutlassVersion::names().collect()
}

/// The `smem-lint` command line, run in this process (the package's `smem-lint` script): `argv`
/// includes the program name; returns the exit code.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| smem_lint::cli::run_code(argv, smem_lint::cli::Mode::Plain))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(check_files, m)?)?;
    m.add_function(wrap_pyfunction!(trtllm_moe_instantiations, m)?)?;
    m.add_function(wrap_pyfunction!(releases, m)?)?;
    m.add_function(wrap_pyfunction!(check_operation, m)?)?;
    m.add_function(wrap_pyfunction!(check_kernel_name, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
