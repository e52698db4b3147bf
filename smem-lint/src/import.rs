//! Importers: configurations from other code bases' instantiation lists.
//!
//! [`trtllm_moe`] reads the `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(...)` calls that TensorRT-LLM's
//! and FlashInfer's MoE generators (`generate_kernels.py`) write into their `.generated.cu` files.
//! Their CTA shape is in elements. (TensorRT-LLM's dispatch names the same tiles in bytes of K:
//! `CtaShape128x256x64B` is `[128, 256, 128]` for FP4.) Pure: the caller reads and writes files.

use crate::emit::identifier;
use crate::limits::{MAX_CALL_BYTES, MAX_IMPORT_CALLS};
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

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Replace `out[from..to]` with spaces, newlines kept (offsets and lines stay those of the source).
fn blank(out: &mut [u8], from: usize, to: usize) {
    let to = to.min(out.len());
    for c in &mut out[from..to] {
        if *c != b'\n' {
            *c = b' ';
        }
    }
}

/// Where the raw string literal starting at the `R` at `i` ends (`R"delim( ... )delim"`, after an
/// optional `u8`, `u`, `U` or `L` prefix), or `None` if there is none there.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i + 1) != Some(&b'"') {
        return None;
    }
    // The `R` starts a literal only as a whole prefix: not inside an identifier (`fooR"..."` is an
    // identifier and an ordinary string).
    let before = &b[..i];
    let prefix = [&b"u8"[..], b"u", b"U", b"L", b""].into_iter().find(|p| before.ends_with(p))?;
    let start = i - prefix.len();
    if start > 0 && is_ident(b[start - 1]) {
        return None;
    }
    let open = i + 2;
    let delim_len = b[open..].iter().take(17).position(|&c| c == b'(')?;
    let delim = &b[open..open + delim_len];
    if delim.iter().any(|&c| c == b' ' || c == b')' || c == b'\\' || c == b'\n') {
        return None;
    }
    let body = open + delim_len + 1;
    let mut close = Vec::with_capacity(delim_len + 2);
    close.push(b')');
    close.extend_from_slice(delim);
    close.push(b'"');
    Some(b[body..].windows(close.len()).position(|w| w == close.as_slice()).map_or(b.len(), |p| body + p + close.len()))
}

/// Whether the `'` at `i` separates digits (`1'024`: it follows a number) rather than opening a
/// character literal.
fn digit_separator(b: &[u8], i: usize) -> bool {
    let run = b[..i].iter().rev().take_while(|&&c| is_ident(c) || c == b'.' || c == b'\'').count();
    run > 0 && b[i - run].is_ascii_digit()
}

/// The value of a preprocessor condition when it is a constant (`0`, `(1)`, `!0`, `true`), else
/// `None`: the branch may or may not be compiled.
fn constant_condition(expr: &str) -> Option<bool> {
    let e = expr.trim();
    if let Some(inner) = e.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        return constant_condition(inner);
    }
    if let Some(rest) = e.strip_prefix('!') {
        return constant_condition(rest).map(|v| !v);
    }
    match e {
        "true" => Some(true),
        "false" => Some(false),
        _ => c_integer(e).map(|v| v != 0),
    }
}

/// A C integer literal: decimal, `0x` hex, `0b` binary, `0` octal, with `'` separators and
/// `u`/`l`/`z` suffixes; `None` for anything else (or past `u64`).
pub fn c_integer(text: &str) -> Option<u64> {
    let digits: String = text.chars().filter(|&c| c != '\'').collect();
    let digits = digits.trim_end_matches(['u', 'U', 'l', 'L', 'z', 'Z']);
    let (radix, body) = if let Some(h) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        (16, h)
    } else if let Some(b) = digits.strip_prefix("0b").or_else(|| digits.strip_prefix("0B")) {
        (2, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(body, radix).ok()
}

/// Whether a branch of a conditional is compiled: yes, no, or cannot tell (kept, as compiled).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Branch {
    Yes,
    No,
    Unknown,
}

impl Branch {
    fn of(v: Option<bool>) -> Self {
        match v {
            Some(true) => Branch::Yes,
            Some(false) => Branch::No,
            None => Branch::Unknown,
        }
    }
}

/// One open `#if`: whether its current branch is compiled, and whether an earlier branch was.
#[derive(Clone, Copy)]
struct Conditional {
    current: Branch,
    taken: Branch,
}

/// A preprocessor directive's name and the rest of its line.
fn directive(line: &str) -> Option<(&str, &str)> {
    let d = line.trim_start().strip_prefix('#')?.trim_start();
    let name_len = d.bytes().take_while(|&c| c.is_ascii_alphabetic()).count();
    Some((&d[..name_len], &d[name_len..]))
}

/// Blank the lines of `out` in branches of `#if` / `#ifdef` / `#elif` / `#else` that are not
/// compiled because their conditions are constants (`#if 0`, the `#else` of `#if 1`). A condition
/// that is not a constant is taken as compiled, like the code outside any conditional.
fn blank_dead_branches(out: &mut [u8]) {
    let mut stack: Vec<Conditional> = Vec::new();
    let mut offset = 0;
    while offset < out.len() {
        let end = memchr_newline(out, offset);
        let (name, rest) = match std::str::from_utf8(&out[offset..end]).ok().and_then(directive) {
            Some((n, r)) => (n.to_string(), r.to_string()),
            None => (String::new(), String::new()),
        };
        match name.as_str() {
            "if" => stack.push(Conditional { current: Branch::of(constant_condition(&rest)), taken: Branch::No }),
            "ifdef" | "ifndef" => stack.push(Conditional { current: Branch::Unknown, taken: Branch::No }),
            "elif" | "elifdef" | "elifndef" | "else" => {
                if let Some(c) = stack.last_mut() {
                    c.taken = match (c.taken, c.current) {
                        (Branch::Yes, _) | (_, Branch::Yes) => Branch::Yes,
                        (Branch::Unknown, _) | (_, Branch::Unknown) => Branch::Unknown,
                        _ => Branch::No,
                    };
                    let own = match name.as_str() {
                        "elif" => Branch::of(constant_condition(&rest)),
                        "else" => Branch::Yes,
                        _ => Branch::Unknown,
                    };
                    c.current = match (c.taken, own) {
                        (Branch::Yes, _) | (Branch::Unknown, Branch::No) => Branch::No,
                        (Branch::No, own) => own,
                        (Branch::Unknown, _) => Branch::Unknown,
                    };
                }
            }
            "endif" => {
                stack.pop();
            }
            _ => {}
        }
        if stack.iter().any(|c| c.current == Branch::No) {
            blank(out, offset, end);
        }
        offset = end + 1;
    }
}

/// The index of the next newline at or after `from`, or the end.
fn memchr_newline(b: &[u8], from: usize) -> usize {
    b[from..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| from + p)
}

/// `source` with comments, string, raw-string and character literals, and the branches of
/// preprocessor conditionals that are not compiled replaced by spaces (newlines kept), so byte
/// offsets and lines still match the original.
fn code_only(source: &str) -> Vec<u8> {
    let b = source.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = memchr_newline(b, i);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = source[i + 2..].find("*/").map_or(b.len(), |p| i + 2 + p + 2);
                blank(&mut out, i, end);
                i = end;
            }
            b'R' => match raw_string_end(b, i) {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            },
            b'\'' if digit_separator(b, i) => i += 1,
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
    blank_dead_branches(&mut out);
    out
}

/// Calls handed on as they are found (the loop below reads like one that collects them).
struct Emit<'a>(&'a mut dyn FnMut(usize, Result<MoeInstantiation, String>));

impl Emit<'_> {
    fn push(&mut self, (line, call): (usize, Result<MoeInstantiation, String>)) {
        (self.0)(line, call);
    }
}

/// Line numbers of increasing offsets, counted once: each call scans only the text since the
/// previous one (a file of a hundred thousand calls stays linear).
struct Lines<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a [u8]) -> Self {
        Lines { text, at: 0, line: 1, line_start: 0 }
    }

    /// The 1-based line of `offset` and where that line starts (`offset` never decreases).
    fn of(&mut self, offset: usize) -> (usize, usize) {
        let offset = offset.clamp(self.at, self.text.len());
        for (i, &c) in self.text[self.at..offset].iter().enumerate() {
            if c == b'\n' {
                self.line += 1;
                self.line_start = self.at + i + 1;
            }
        }
        self.at = offset;
        (self.line, self.line_start)
    }
}

/// Every call in `source` (comments, literals and branches of `#if 0` skipped), each parsed or with
/// the reason it could not be, with its 1-based line. Calls for other architectures than
/// SM120/SM121 are skipped; an unterminated call or an argument that is not a plain token is an
/// error, never dropped or copied. At most [`MAX_IMPORT_CALLS`] calls are read (the next is an
/// error), each at most [`MAX_CALL_BYTES`] long.
pub fn trtllm_moe(source: &str) -> Vec<(usize, Result<MoeInstantiation, String>)> {
    trtllm_moe_limited(source, MAX_IMPORT_CALLS)
}

/// [`trtllm_moe`] reading at most `max_calls` calls.
pub fn trtllm_moe_limited(source: &str, max_calls: usize) -> Vec<(usize, Result<MoeInstantiation, String>)> {
    let mut out = Vec::new();
    trtllm_moe_each(source, max_calls, &mut |line, r| out.push((line, r)));
    out
}

/// [`trtllm_moe_limited`], handing each call to `on_call(line, call)` as it is read instead of
/// collecting them: an importer that keeps only distinct kernels holds no more than those.
pub fn trtllm_moe_each(
    source: &str,
    max_calls: usize,
    on_call: &mut dyn FnMut(usize, Result<MoeInstantiation, String>),
) {
    let code = code_only(source);
    let text = String::from_utf8_lossy(&code);
    let bytes = text.as_bytes();
    let mut lines = Lines::new(bytes);
    let mut out = Emit(on_call);
    let mut calls = 0usize;
    let mut from = 0;
    while let Some(found) = text[from..].find(MACRO) {
        let at = from + found;
        let end = at + MACRO.len();
        from = end;
        if (at > 0 && is_ident(bytes[at - 1])) || bytes.get(end).is_some_and(|&c| is_ident(c)) {
            continue; // part of a longer identifier
        }
        let (line, line_start) = lines.of(at);
        if text[line_start..at].trim_start().starts_with('#') {
            continue; // the macro's own #define (or #undef)
        }
        let Some(open) = bytes[end..].iter().position(|c| !c.is_ascii_whitespace()) else { break };
        if bytes[end + open] != b'(' {
            continue; // mentioned, not called
        }
        calls += 1;
        if calls > max_calls {
            out.push((
                line,
                Err(format!("more than {max_calls} {MACRO} calls: the limit of one import (docs/limits.md)")),
            ));
            break;
        }
        let body_start = end + open + 1;
        let mut depth = 1usize;
        let mut close = None;
        for (i, &c) in bytes[body_start..].iter().take(MAX_CALL_BYTES).enumerate() {
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
            let why = if bytes.len() - body_start > MAX_CALL_BYTES {
                format!("{MACRO}( call longer than {MAX_CALL_BYTES} bytes: unterminated, or over the limit (docs/limits.md)")
            } else {
                format!("unterminated {MACRO}( call: no closing parenthesis")
            };
            out.push((line, Err(why)));
            break;
        };
        from = close + 1;
        let args: Vec<String> = text[body_start..close].split(',').map(|a| a.trim().to_string()).collect();
        if args.len() != 17 {
            out.push((line, Err(format!("expected 17 arguments, found {}", args.len()))));
            continue;
        }
        if let Some((i, a)) = args
            .iter()
            .enumerate()
            .find(|(_, a)| a.is_empty() || !a.bytes().all(|c| is_ident(c) || c == b':' || c == b'\''))
        {
            out.push((line, Err(format!("argument {} `{a}` is not a plain type, name or number", i + 1))));
            continue;
        }
        if !matches!(args[0].as_str(), "Sm120" | "Sm121") {
            continue;
        }
        out.push((line, parse_call(args)));
    }
}

fn parse_call(args: Vec<String>) -> Result<MoeInstantiation, String> {
    let flag = |i: usize| match args[i].as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(arg_error(i, "bool", other)),
    };
    let int = |i: usize| c_integer(&args[i]).ok_or_else(|| arg_error(i, "integer", &args[i]));
    // A CTA extent the model can take (1..=1024); 0 or 2^63 would write a TOML file that is not
    // a configuration.
    let extent = |i: usize| {
        let v = int(i)?;
        if (1..=crate::model::MAX_EXTENT).contains(&v) {
            Ok(v)
        } else {
            Err(format!("argument {} (CTA extent) `{}` is outside 1..={}", i + 1, args[i], crate::model::MAX_EXTENT))
        }
    };
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
        tile: Tile { m: extent(7)?, n: extent(8)?, k: extent(9)? },
        epilogue: Epilogue::TrtllmMoe { fusion, swap_ab },
        args,
    })
}

/// What makes two instantiations the same kernel (their arguments may be spelled apart).
pub fn kernel_key(f: &MoeInstantiation) -> impl std::hash::Hash + Eq {
    (f.arch, f.a, f.b, f.output, f.tile, f.epilogue)
}

/// The instantiations that are different kernels, each with a name of its own: a call repeated
/// (in one file or in a file given twice) is one kernel, under the first call's name; distinct
/// kernels whose calls give the same name (FP4 read as NVFP4 and as MXFP4) are told apart by a
/// suffix (`_2`, `_3`, ...).
pub fn unique(found: &[MoeInstantiation]) -> Vec<(String, &MoeInstantiation)> {
    let key = kernel_key;
    let mut kernels = std::collections::HashSet::new();
    let mut names = std::collections::HashSet::new();
    let mut out = Vec::new();
    for f in found {
        if !kernels.insert(key(f)) {
            continue;
        }
        let base = f.name();
        let mut name = base.clone();
        let mut n = 1;
        while !names.insert(name.clone()) {
            n += 1;
            name = format!("{base}_{n}");
        }
        out.push((name, f));
    }
    out
}

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

/// A TOML configuration file of the instantiations, with a header naming the source: one kernel
/// per distinct instantiation ([`unique`]).
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
    for (name, f) in unique(found) {
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
            name,
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
