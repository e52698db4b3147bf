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
use smem_lint::model::{assess, Arch, CutlassVersion};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn line_error(e: &smem_lint::jsonl::LineError) -> PyErr {
    match e.field {
        Some(f) => value_error(format!("`{f}`: {}", e.message)),
        None => value_error(&e.message),
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
    let mut out = smem_lint::jsonl::result_json(id.as_deref(), &cfg).map_err(|e| line_error(&e))?;
    let mut verdicts = Vec::new();
    for arch in self::archs(archs, cfg.arch)? {
        let a = assess(&smem_lint::model::KernelConfig { arch, ..cfg }, arch).map_err(value_error)?;
        verdicts.push(smem_lint::jsonl::verdict_json(&a));
    }
    out["verdicts"] = Value::Array(verdicts);
    Ok(out.to_string())
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
/// an id of its own. Read without the GIL.
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
                json!({
                    "id": id,
                    "arch": m.arch.name(),
                    "kernel": "grouped",
                    "a": m.a.name(),
                    "b": m.b.name(),
                    "c": m.output.name(),
                    "d": m.output.name(),
                    "tile": [m.tile.m, m.tile.n, m.tile.k],
                    "schedule": "auto",
                    "stages": "auto",
                    "epilogue": m.epilogue.name(),
                })
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

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(check_files, m)?)?;
    m.add_function(wrap_pyfunction!(trtllm_moe_instantiations, m)?)?;
    m.add_function(wrap_pyfunction!(releases, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
