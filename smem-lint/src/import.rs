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

/// `source` with comments, string and character literals, and `#if 0` ... `#endif` blocks replaced by
/// spaces (newlines kept), so byte offsets and lines still match the original.
fn code_only(source: &str) -> Vec<u8> {
    let b = source.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = source[i + 2..].find("*/").map_or(b.len(), |p| i + 2 + p + 2);
                blank(&mut out, i, end);
                i = end;
            }
            q @ (b'"' | b'\'') => {
                let mut j = i + 1;
                while j < b.len() && b[j] != q && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let end = (j + 1).min(b.len());
                blank(&mut out, i, end);
                i = end;
            }
            _ => i += 1,
        }
    }
    // `#if 0` blocks (nested conditionals counted), on the comment-free text.
    let text = String::from_utf8_lossy(&out).into_owned();
    let mut offset = 0;
    let mut skip_from: Option<(usize, usize)> = None; // (start, depth)
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let directive = t.strip_prefix('#').map(str::trim_start);
        match (directive, skip_from) {
            (Some(d), None) if d.starts_with("if") && d[2..].trim() == "0" => skip_from = Some((offset, 1)),
            (Some(d), Some((start, depth))) if d.starts_with("if") => skip_from = Some((start, depth + 1)),
            (Some(d), Some((start, depth)))
                if d.starts_with("endif") || (depth == 1 && (d.starts_with("else") || d.starts_with("elif"))) =>
            {
                if depth == 1 {
                    blank(&mut out, start, offset + line.len());
                    skip_from = None;
                } else if d.starts_with("endif") {
                    skip_from = Some((start, depth - 1));
                }
            }
            _ => {}
        }
        offset += line.len();
    }
    if let Some((start, _)) = skip_from {
        let len = out.len();
        blank(&mut out, start, len);
    }
    out
}

/// 1-based line of a byte offset.
fn line_of(source: &str, offset: usize) -> usize {
    source.get(..offset).unwrap_or(source).matches('\n').count() + 1
}

/// Every call in `source` (comments, literals and `#if 0` blocks skipped), each parsed or with the
/// reason it could not be, with its 1-based line. Calls for other architectures than SM120/SM121 are
/// skipped; an unterminated call or an argument that is not a plain token is an error, never dropped
/// or copied.
pub fn trtllm_moe(source: &str) -> Vec<(usize, Result<MoeInstantiation, String>)> {
    let code = code_only(source);
    let text = String::from_utf8_lossy(&code).into_owned();
    let bytes = text.as_bytes();
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(MACRO) {
        let at = from + found;
        let end = at + MACRO.len();
        from = end;
        if (at > 0 && is_ident(bytes[at - 1])) || bytes.get(end).is_some_and(|&c| is_ident(c)) {
            continue; // part of a longer identifier
        }
        let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
        if text[line_start..at].trim_start().starts_with('#') {
            continue; // the macro's own #define (or #undef)
        }
        let line = line_of(source, at);
        let rest = &text[end..];
        let Some(open) = rest.find(|c: char| !c.is_whitespace()) else { break };
        if rest.as_bytes()[open] != b'(' {
            continue; // mentioned, not called
        }
        let body_start = end + open + 1;
        let mut depth = 1usize;
        let mut close = None;
        for (i, &c) in bytes[body_start..].iter().enumerate() {
            match c {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(body_start + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            out.push((line, Err(format!("unterminated {MACRO}( call: no closing parenthesis"))));
            break;
        };
        from = close + 1;
        let args: Vec<String> = text[body_start..close].split(',').map(|a| a.trim().to_string()).collect();
        if args.len() != 17 {
            out.push((line, Err(format!("expected 17 arguments, found {}", args.len()))));
            continue;
        }
        if let Some((i, a)) =
            args.iter().enumerate().find(|(_, a)| a.is_empty() || !a.bytes().all(|c| is_ident(c) || c == b':'))
        {
            out.push((line, Err(format!("argument {} `{a}` is not a plain type, name or number", i + 1))));
            continue;
        }
        if !matches!(args[0].as_str(), "Sm120" | "Sm121") {
            continue;
        }
        out.push((line, parse_call(args)));
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
/// Where the imported calls come from: written as `source_repo`, `source_path`, `source_commit` on
/// every entry, and `source_line` as `line_prefix` followed by the call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    pub repo: String,
    pub path: String,
    pub commit: String,
    pub line_prefix: String,
}

/// A TOML basic string's contents (quotes and backslashes escaped, control characters as escapes).
fn toml_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

pub fn to_toml(
    found: &[MoeInstantiation],
    source_note: &str,
    cutlass: CutlassVersion,
    archs: &[Arch],
    provenance: Option<&Provenance>,
) -> String {
    let archs: Vec<String> = archs.iter().map(|a| format!("\"{a}\"")).collect();
    // The note is the user's text: one comment line, whatever it holds.
    let source_note = source_note.replace(['\n', '\r'], " ");
    let mut s = format!(
        "# {source_note}\n# Imported by smem-lint {} import-trtllm: one [[kernel]] per INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM\n# call for SM120 (CTA shapes in elements, as the generator writes them). Launcher:\n# moe_gemm_tma_ws_launcher.inl (KernelScheduleAuto, StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>).\n\n[defaults]\narch = [{}]\ncutlass = \"{cutlass}\"\nkernel = \"grouped\"\nschedule = \"auto\"\nstages = \"auto\"\n",
        env!("CARGO_PKG_VERSION"),
        archs.join(", ")
    );
    for f in found {
        let call = format!("{}({})", MACRO, f.args.join(", "));
        let source = provenance.map_or_else(String::new, |p| {
            format!(
                "source_repo = \"{}\"\nsource_path = \"{}\"\nsource_commit = \"{}\"\nsource_line = \"{}{}\"\n",
                toml_str(&p.repo),
                toml_str(&p.path),
                toml_str(&p.commit),
                toml_str(&p.line_prefix),
                toml_str(&call)
            )
        });
        let _ = write!(
            s,
            "\n[[kernel]]\n# {}({})\nname = \"{}\"\n{source}operands = [\"{}\", \"{}\"]\noutputs = [\"{}\", \"{}\"]\ntile = [{}, {}, {}]\nepilogue = \"{}\"\n",
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
