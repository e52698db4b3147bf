//! Importers: configurations from other code bases' instantiation lists.
//!
//! [`trtllm_moe`] reads the `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(...)` calls that TensorRT-LLM's
//! and FlashInfer's MoE generators (`generate_kernels.py`) write into their `.generated.cu` files.
//! Their CTA shape is in elements. (TensorRT-LLM's dispatch names the same tiles in bytes of K:
//! `CtaShape128x256x64B` is `[128, 256, 128]` for FP4.) Pure: the caller reads and writes files.

use crate::emit::identifier;
use crate::model::{Arch, CutlassVersion, Epilogue, MoeFusion, Operand, Output, Tile};
use std::fmt::Write as _;

/// One `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoeInstantiation {
    /// The call's arguments as written, for names and comments.
    pub args: Vec<String>,
    pub arch: Arch,
    pub a: Operand,
    pub b: Operand,
    pub output: Output,
    pub tile: Tile,
    pub epilogue: Epilogue,
}

impl MoeInstantiation {
    /// `moe_Sm120_SafeFP4_SafeFP4_half_NONE_128x32x128_swap_ab`.
    pub fn name(&self) -> String {
        let swap = matches!(self.epilogue, Epilogue::TrtllmMoe { swap_ab: true, .. });
        identifier(&format!(
            "moe_{}_{}_{}_{}_{}_{}x{}x{}{}",
            self.args[0],
            self.args[1],
            self.args[2],
            self.args[3],
            self.args[6],
            self.tile.m,
            self.tile.n,
            self.tile.k,
            if swap { "_swap_ab" } else { "" }
        ))
    }
}

const MACRO: &str = "INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM";

fn arg_error(i: usize, what: &str, got: &str) -> String {
    format!("argument {} ({what}) `{got}` is not supported", i + 1)
}

/// Every call in `source`, each parsed or with the reason it could not be (and its byte offset).
/// Calls for other architectures than SM120/SM121 are skipped.
pub fn trtllm_moe(source: &str) -> Vec<(usize, Result<MoeInstantiation, String>)> {
    let mut out = Vec::new();
    let mut rest = source;
    let mut base = 0;
    while let Some(at) = rest.find(MACRO) {
        let start = base + at;
        let after = &rest[at + MACRO.len()..];
        let Some(open) = after.find('(') else { break };
        let Some(close) = after.find(')') else { break };
        let body = &after[open + 1..close];
        let consumed = at + MACRO.len() + close + 1;
        base += consumed;
        rest = &rest[consumed..];
        if after[..open].trim() != "" {
            continue; // the macro's own #define, not a call
        }
        let args: Vec<String> = body.split(',').map(|a| a.trim().to_string()).collect();
        if args.len() != 17 {
            out.push((start, Err(format!("expected 17 arguments, found {}", args.len()))));
            continue;
        }
        if !matches!(args[0].as_str(), "Sm120" | "Sm121") {
            continue;
        }
        out.push((start, parse_call(args)));
    }
    out
}

fn parse_call(args: Vec<String>) -> Result<MoeInstantiation, String> {
    let flag = |i: usize| match args[i].as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(arg_error(i, "bool", other)),
    };
    let int = |i: usize| args[i].parse::<u64>().map_err(|_| arg_error(i, "integer", &args[i]));
    let is_mx = flag(13)?;
    let (dynamic_cga, bias, swap_ab) = (flag(14)?, flag(15)?, flag(16)?);
    if dynamic_cga || bias {
        return Err("dynamic clusters and bias are not used on SM120".into());
    }
    let operand = |i: usize| match (args[i].as_str(), is_mx) {
        ("SafeFP4", false) => Ok(Operand::Nvfp4),
        ("SafeFP4", true) => Ok(Operand::Mxfp4),
        ("__nv_fp8_e4m3" | "SafeFP8", true) => Ok(Operand::Mxfp8E4m3),
        (other, _) => Err(arg_error(i, "SM120 block-scaled type", other)),
    };
    let output = match args[3].as_str() {
        "half" => Output::F16,
        "__nv_bfloat16" => Output::Bf16,
        "float" => Output::F32,
        other => return Err(arg_error(3, "output type", other)),
    };
    let fusion = match args[6].as_str() {
        "NONE" => MoeFusion::None,
        "FINALIZE" => MoeFusion::Finalize,
        other => return Err(arg_error(6, "epilogue fusion", other)),
    };
    if (int(10)?, int(11)?, int(12)?) != (1, 1, 1) {
        return Err("SM120 kernels use cluster 1x1x1".into());
    }
    Ok(MoeInstantiation {
        arch: if args[0] == "Sm121" { Arch::Sm121 } else { Arch::Sm120 },
        a: operand(1)?,
        b: operand(2)?,
        output,
        tile: Tile { m: int(7)?, n: int(8)?, k: int(9)? },
        epilogue: Epilogue::TrtllmMoe { fusion, swap_ab },
        args,
    })
}

/// A TOML configuration file of the instantiations, with a header naming the source.
pub fn to_toml(found: &[MoeInstantiation], source_note: &str, cutlass: CutlassVersion, archs: &[Arch]) -> String {
    let archs: Vec<String> = archs.iter().map(|a| format!("\"{a}\"")).collect();
    let mut s = format!(
        "# {source_note}\n# Imported by smem-lint {} import-trtllm: one [[kernel]] per INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM\n# call for SM120 (CTA shapes in elements, as the generator writes them). Launcher:\n# moe_gemm_tma_ws_launcher.inl (KernelScheduleAuto, StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>).\n\n[defaults]\narch = [{}]\ncutlass = \"{cutlass}\"\nkernel = \"grouped\"\nschedule = \"auto\"\nstages = \"auto\"\n",
        env!("CARGO_PKG_VERSION"),
        archs.join(", ")
    );
    for f in found {
        let _ = write!(
            s,
            "\n[[kernel]]\n# {}({})\nname = \"{}\"\noperands = [\"{}\", \"{}\"]\noutputs = [\"{}\", \"{}\"]\ntile = [{}, {}, {}]\nepilogue = \"{}\"\n",
            MACRO,
            f.args.join(", "),
            f.name(),
            f.a,
            f.b,
            f.output,
            f.output,
            f.tile.m,
            f.tile.n,
            f.tile.k,
            f.epilogue.name()
        );
    }
    s
}
