//! Importers: configurations from other code bases' instantiation lists.
//!
//! [`trtllm_moe`] reads the `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(...)` calls that TensorRT-LLM's
//! and FlashInfer's MoE generators (`generate_kernels.py`) write into their `.generated.cu` files.
//! Their CTA shape is in elements. (TensorRT-LLM's dispatch names the same tiles in bytes of K:
//! `CtaShape128x256x64B` is `[128, 256, 128]` for FP4.) Pure: the caller reads and writes files.

use crate::emit::identifier;
use crate::limits::{MAX_CALL_BYTES, MAX_IMPORT_CALLS};
use crate::model::{
    Arch, Cluster, CutlassVersion, Detail, Epilogue, EpilogueSchedule, EpilogueTile, KernelConfig, KernelKind, Layout,
    MoeFusion, Operand, Output, Schedule, Tile,
};
use std::fmt::Write as _;

/// One `INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoeInstantiation {
    /// The call's arguments as written, for names and comments.
    pub args: Vec<String>,
    /// The call's `ArchTag_` (`Sm90`, `Sm100`, `Sm103`, `Sm120`, `Sm121`).
    pub arch: Arch,
    /// The kernel the launcher builds for the call (its `cutlass` is set when the file is written), or
    /// why a configuration cannot say it: every reason, never an approximation.
    pub config: Result<KernelConfig, Vec<String>>,
}

impl MoeInstantiation {
    /// `moe_Sm120_SafeFP4_SafeFP4_half_NONE_128x32x128_swap_ab`: the call's CTA shape; on SM90/SM100
    /// also the epilogue schedule (`_tma`, `_nosmem`), a cluster other than 1x1x1 (`_cga2x1x1`), a
    /// dynamic cluster (`_dyn`) and MX scale factors (`_mx`).
    pub fn name(&self) -> String {
        let flag = |i: usize| self.args[i] == "true";
        let int = |i: usize| c_integer(&self.args[i]).unwrap_or(0);
        let mut extra = String::new();
        if !matches!(self.arch, Arch::Sm120 | Arch::Sm121) {
            match self.args[4].as_str() {
                "PtrArrayTmaWarpSpecialized" => extra.push_str("_tma"),
                "void" => {}
                _ => extra.push_str("_nosmem"),
            }
            if (int(10), int(11), int(12)) != (1, 1, 1) {
                let _ = write!(extra, "_cga{}x{}x{}", int(10), int(11), int(12));
            }
            if flag(14) {
                extra.push_str("_dyn");
            }
            if flag(13) {
                extra.push_str("_mx");
            }
        }
        identifier(&format!(
            "moe_{}_{}_{}_{}_{}_{}x{}x{}{extra}{}",
            self.args[0],
            self.args[1],
            self.args[2],
            self.args[3],
            self.args[6],
            int(7),
            int(8),
            int(9),
            if flag(16) { "_swap_ab" } else { "" }
        ))
    }

    /// The architectures the kernel is checked on: an `Sm120` call's are the importer's targets
    /// (sm120 and sm121 by default), any other call's its own.
    pub fn targets(&self, sm120_targets: &[Arch]) -> Vec<Arch> {
        match self.arch {
            Arch::Sm120 | Arch::Sm121 => sm120_targets.to_vec(),
            a => vec![a],
        }
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
/// the reason it could not be, with its 1-based line: SM90, SM100, SM103 and SM120/SM121 calls alike
/// (a call the configuration cannot say is kept, with its reasons, in [`MoeInstantiation::config`]).
/// An unterminated call or an argument that is not a plain token is an error, never dropped or
/// copied. At most [`MAX_IMPORT_CALLS`] calls are read (the next is an
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
        out.push((line, parse_call(args)));
    }
}

/// The launchers the MoE generators also instantiate as templates rather than through the macro
/// (SM90 mixed-input and small-K, SM80 fused): not read here.
pub const OTHER_LAUNCHERS: [&str; 3] = [
    "sm90_generic_mixed_moe_gemm_kernelLauncher",
    "sm90_generic_mixed_moe_small_k_kernelLauncher",
    "sm80_generic_fused_moe_gemm_kernelLauncher",
];

/// How many instantiations of [`OTHER_LAUNCHERS`] `source` holds (comments, literals and `#if 0`
/// branches skipped): calls the importer does not read, counted so that none is dropped unsaid.
pub fn other_launcher_instantiations(source: &str) -> usize {
    let code = code_only(source);
    let text = String::from_utf8_lossy(&code);
    OTHER_LAUNCHERS
        .iter()
        .map(|name| {
            text.match_indices(name)
                .filter(|(at, _)| {
                    let after = text[at + name.len()..].trim_start();
                    after.starts_with('<') && text[..*at].trim_end().ends_with("template void")
                })
                .count()
        })
        .sum()
}

/// The launcher's element types (`TllmToCutlassTypeAdapter`), by the names the generators write.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Elem {
    Half,
    Bf16,
    Float,
    Fp8,
    Fp4,
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
    let arch = match args[0].as_str() {
        "Sm90" => Arch::Sm90,
        "Sm100" => Arch::Sm100,
        "Sm103" => Arch::Sm103,
        "Sm120" => Arch::Sm120,
        "Sm121" => Arch::Sm121,
        other => return Err(arg_error(0, "architecture tag: Sm90, Sm100, Sm103, Sm120 or Sm121", other)),
    };
    let sm120 = matches!(arch, Arch::Sm120 | Arch::Sm121);
    let is_mx = flag(13)?;
    let (dynamic_cga, bias, swap_ab) = (flag(14)?, flag(15)?, flag(16)?);
    if sm120 && (dynamic_cga || bias) {
        return Err("dynamic clusters and bias are not used on SM120".into());
    }
    if bias {
        // The macro's `BIAS_` only names the function (its use is commented out: "Always false").
        return Err(
            "BIAS_ = true is not read by the launcher (its use is commented out) and no generator writes it".into()
        );
    }
    let ty = |i: usize| match args[i].as_str() {
        "half" => Ok(Elem::Half),
        "__nv_bfloat16" | "SafeBF16" => Ok(Elem::Bf16),
        "float" => Ok(Elem::Float),
        "__nv_fp8_e4m3" | "SafeFP8" => Ok(Elem::Fp8),
        "SafeFP4" | "__nv_fp4_e2m1" => Ok(Elem::Fp4),
        other => Err(arg_error(i, "element type", other)),
    };
    let (act, weight) = (ty(1)?, ty(2)?);
    let output = match args[3].as_str() {
        "half" => Output::F16,
        "__nv_bfloat16" | "SafeBF16" => Output::Bf16,
        "float" => Output::F32,
        other => return Err(arg_error(3, "output type", other)),
    };
    let fusion = match args[6].as_str() {
        "NONE" => Some(MoeFusion::None),
        "FINALIZE" => Some(MoeFusion::Finalize),
        "ACTIVATION" => None,
        other => return Err(arg_error(6, "epilogue fusion", other)),
    };
    let tma_epilogue = match args[4].as_str() {
        "PtrArrayTmaWarpSpecialized" => true,
        // `IsTmaSM10xEpilogue` is `is_same<EpilogueSchedule_, PtrArrayTmaWarpSpecialized>`: anything
        // else is the no-smem epilogue on SM100; SM90 and SM120 ignore the argument.
        "PtrArrayNoSmemWarpSpecialized" | "void" => false,
        other => return Err(arg_error(4, "epilogue schedule", other)),
    };
    let cta = Tile { m: extent(7)?, n: extent(8)?, k: extent(9)? };
    let cga = Cluster { m: int(10)?, n: int(11)?, k: int(12)? };
    if sm120 {
        let operand = |i: usize, t: Elem| match (t, is_mx) {
            (Elem::Fp4, false) => Ok(Operand::Nvfp4),
            (Elem::Fp4, true) => Ok(Operand::Mxfp4),
            (Elem::Fp8, true) => Ok(Operand::Mxfp8E4m3),
            _ => Err(arg_error(i, "SM120 block-scaled type", &args[i])),
        };
        let Some(fusion) = fusion else {
            return Err(arg_error(6, "SM120 epilogue fusion", "ACTIVATION"));
        };
        if (cga.m, cga.n, cga.k) != (1, 1, 1) {
            return Err("SM120 kernels use cluster 1x1x1".into());
        }
        let (a, b) = (operand(1, act)?, operand(2, weight)?);
        let mut config = KernelConfig::sm120(KernelKind::Grouped, a, b, output, output, cta);
        config.arch = arch;
        config.epilogue = Epilogue::TrtllmMoe { fusion, swap_ab };
        return Ok(MoeInstantiation { args, arch, config: Ok(config) });
    }
    if cga.m == 0 || cga.n == 0 || cga.k == 0 || cga.m > 16 || cga.n > 16 || cga.k > 16 {
        return Err(format!("cluster {}x{}x{} is not a cluster shape", cga.m, cga.n, cga.k));
    }
    // What the configuration cannot say about the call; each a reason, none approximated.
    let mut why = Vec::new();
    let wfp4afp8 = act == Elem::Fp8 && weight == Elem::Fp4;
    if act != weight && !wfp4afp8 {
        why.push(format!(
            "{} x {}: the launcher static_asserts equal activation and weight types (or FP8 x FP4)",
            args[1], args[2]
        ));
    }
    if args[5] != "EpilogueOpDefault" {
        why.push(format!("epilogue tag {}: the launcher static_asserts EpilogueOpDefault", args[5]));
    }
    if fusion.is_none() {
        why.push(
            "the ACTIVATION fusion (LinCombEltAct / LinCombEltActBlockScaleFactor with ClampedRelu2, C = D) is not an \
             epilogue the configuration can name"
                .into(),
        );
    }
    let block_scaled = act == Elem::Fp4 || wfp4afp8 || is_mx;
    let plain = |t: Elem| match t {
        Elem::Half => Some(Operand::F16),
        Elem::Bf16 => Some(Operand::Bf16),
        Elem::Float => Some(Operand::Tf32),
        Elem::Fp8 => Some(Operand::E4m3),
        Elem::Fp4 => None,
    };
    let scaled = |t: Elem| match (t, is_mx) {
        (Elem::Fp4, false) => Some(Operand::Nvfp4),
        (Elem::Fp4, true) => Some(Operand::Mxfp4),
        (Elem::Fp8, true) => Some(Operand::Mxfp8E4m3),
        _ => None,
    };
    let operands = if arch == Arch::Sm90 {
        if block_scaled {
            why.push("block-scaled types on SM90: the launcher static_asserts they are SM100 only".into());
        }
        plain(act).zip(plain(weight))
    } else if block_scaled {
        let pair = scaled(act).zip(scaled(weight));
        if pair.is_none() {
            why.push(format!(
                "{} x {} with MXFPX_ = {is_mx}: a block-scaled pair (cute::tuple<T, ue4m3|ue8m0>) no operand type names",
                args[1], args[2]
            ));
        }
        pair
    } else {
        plain(act).zip(plain(weight))
    };
    if arch == Arch::Sm103 {
        why.push(
            "SM103: KernelPtrArrayTmaWarpSpecialized{1,2}SmBlockScaledMxNvf4UltraVs16Sm103 (MmaTileShape K x 3) is not a \
             schedule the configuration knows"
                .into(),
        );
    }
    let (Some((a, b)), Some(fusion), true) = (operands, fusion, why.is_empty()) else {
        return Ok(MoeInstantiation { args, arch, config: Err(why) });
    };
    let two_sm = arch == Arch::Sm100 && cga.m == 2;
    let layout = if swap_ab { Layout::ColumnMajor } else { Layout::RowMajor };
    let mut config = KernelConfig::sm120(KernelKind::Grouped, a, b, Output::Void, output, cta);
    config.arch = arch;
    config.layout_c = layout;
    config.layout_d = layout;
    config.epilogue = Epilogue::TrtllmMoe { fusion, swap_ab };
    // A dynamic cluster (`Shape<int32_t, int32_t, _1>`) leaves `cluster` unused, as the front ends do;
    // the 1SM/2SM choice is in the schedule.
    config.cluster = if dynamic_cga { Cluster::ONE } else { cga };
    config.dynamic_cluster = dynamic_cga;
    if arch == Arch::Sm90 {
        // KernelScheduleSM90 / EpilogueScheduleSM90; MmaTileShape is the CTA shape.
        config.schedule =
            if act == Elem::Fp8 { Schedule::PtrArrayCooperativeFp8FastAccum } else { Schedule::PtrArrayCooperative };
        config.epilogue_schedule = EpilogueSchedule::PtrArrayTmaWarpSpecializedCooperative;
    } else {
        // Is2SM doubles MmaTileShape's M; KernelScheduleSM100 and EpilogueScheduleSM10x by 1SM/2SM.
        config.tile = Tile { m: cta.m * if two_sm { 2 } else { 1 }, ..cta };
        config.schedule = match (two_sm, block_scaled, is_mx) {
            (false, false, _) => Schedule::Sm100PtrArrayOneSm,
            (true, false, _) => Schedule::Sm100PtrArrayTwoSm,
            (false, true, true) => Schedule::Sm100PtrArrayOneSmMxf8f6f4,
            (true, true, true) => Schedule::Sm100PtrArrayTwoSmMxf8f6f4,
            (false, true, false) => Schedule::Sm100PtrArrayOneSmNvf4,
            (true, true, false) => Schedule::Sm100PtrArrayTwoSmNvf4,
        };
        config.epilogue_schedule = match (tma_epilogue, two_sm) {
            (true, false) => EpilogueSchedule::PtrArrayTmaWarpSpecialized1Sm,
            (true, true) => EpilogueSchedule::PtrArrayTmaWarpSpecialized2Sm,
            (false, false) => EpilogueSchedule::PtrArrayNoSmemWarpSpecialized1Sm,
            (false, true) => EpilogueSchedule::PtrArrayNoSmemWarpSpecialized2Sm,
        };
        // EpilogueSubTile: Shape<_128, _64> for FP4 activations at CTA N = 256 on SM100 exactly.
        if act == Elem::Fp4 && cta.n == 256 {
            config.epilogue_tile = EpilogueTile::Explicit { m: 128, n: 64 };
        }
    }
    Ok(MoeInstantiation { args, arch, config: Ok(config) })
}

/// What makes two instantiations the same kernel (their arguments may be spelled apart): the
/// configuration, or for a call no configuration says, its arguments.
pub fn kernel_key(f: &MoeInstantiation) -> impl std::hash::Hash + Eq {
    (f.arch, f.config.as_ref().ok().copied(), if f.config.is_ok() { Vec::new() } else { f.args.clone() })
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

/// What one distinct call became in the written file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A `[[kernel]]` the model evaluates on every target.
    Kernel,
    /// Commented out: the configuration cannot say the call, or the model refuses it on a target.
    NotModelled(Vec<String>),
}

/// Whether `f` is written as a kernel for `targets` with `cutlass`: yes when the model evaluates it on
/// each of them (an evaluation that cannot launch is a kernel: `check` reports it), else the reasons.
pub fn outcome(f: &MoeInstantiation, cutlass: CutlassVersion, targets: &[Arch]) -> Outcome {
    let config = match &f.config {
        Ok(c) => c,
        Err(why) => return Outcome::NotModelled(why.clone()),
    };
    let mut reasons: Vec<String> = Vec::new();
    for &arch in targets {
        if let Err(e) = crate::model::evaluate_with(&KernelConfig { arch, cutlass, ..*config }, Detail::Sizes) {
            let r = if targets.len() > 1 { format!("{arch}: {}", e.message) } else { e.message };
            if !reasons.contains(&r) {
                reasons.push(r);
            }
        }
    }
    if reasons.is_empty() {
        Outcome::Kernel
    } else {
        Outcome::NotModelled(reasons)
    }
}

/// The configuration keys of a kernel that differ from the file's `[defaults]` (SM120 kernels
/// write only their operands, outputs, tile and epilogue).
fn config_lines(c: &KernelConfig, targets: &[Arch], default_targets: &[Arch]) -> String {
    let mut s = String::new();
    if targets != default_targets {
        let t: Vec<String> = targets.iter().map(|a| format!("\"{a}\"")).collect();
        let _ = writeln!(s, "arch = [{}]", t.join(", "));
    }
    let _ = writeln!(s, "operands = [\"{}\", \"{}\"]\noutputs = [\"{}\", \"{}\"]", c.a, c.b, c.c, c.d);
    crate::keys::write_toml_keys(&mut s, c);
    let _ = writeln!(s, "epilogue = \"{}\"", c.epilogue.name());
    s
}

/// A TOML configuration file of the instantiations, with a header naming the source: one
/// `[[kernel]]` per distinct instantiation ([`unique`]) the model evaluates, every other one
/// commented out with its reasons ([`outcome`]). `archs` are the targets of SM120 calls (and the
/// file's default); other calls target the architecture they are built for.
pub fn to_toml(
    found: &[MoeInstantiation],
    source_note: &str,
    cutlass: CutlassVersion,
    archs: &[Arch],
    provenance: Option<&Provenance>,
) -> String {
    let default_archs: Vec<String> = archs.iter().map(|a| format!("\"{a}\"")).collect();
    // The note is the user's text: one comment line, whatever it holds.
    let source_note = source_note.replace(['\n', '\r'], " ");
    let mut s = format!(
        "# {source_note}\n# Imported by smem-lint {} import-trtllm: one [[kernel]] per distinct INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM\n# call (CTA shapes in elements, as the generator writes them; `tile` is the MmaTileShape: CTA M doubled for SM100 2SM).\n# Launcher: moe_gemm_tma_ws_launcher.inl (SM120: KernelScheduleAuto; SM90/SM100: the schedules it picks;\n# StageCountAutoCarveout<sizeof(CollectiveEpilogue::SharedStorage)>). Calls the configuration cannot say, or the\n# model refuses, are commented out with the reasons.\n\n[defaults]\narch = [{}]\ncutlass = \"{cutlass}\"\nkernel = \"grouped\"\nschedule = \"auto\"\nstages = \"auto\"\n",
        env!("CARGO_PKG_VERSION"),
        default_archs.join(", ")
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
        let targets = f.targets(archs);
        let body = format!(
            "name = \"{name}\"\n{source}{}",
            f.config.as_ref().map_or_else(|_| String::new(), |c| config_lines(c, &targets, archs))
        );
        match outcome(f, cutlass, &targets) {
            Outcome::Kernel => {
                let _ = write!(s, "\n[[kernel]]\n# {call}\n{body}");
            }
            Outcome::NotModelled(reasons) => {
                s.push_str("\n# [[kernel]]\n");
                for r in reasons {
                    let _ = writeln!(s, "# not modelled: {}", r.replace(['\n', '\r'], " "));
                }
                let _ = writeln!(s, "# {call}");
                for l in body.lines() {
                    let _ = writeln!(s, "# {l}");
                }
            }
        }
    }
    s
}

/// `12 x the FINALIZE epilogue ...`: how often each reason was given among the distinct calls of
/// `found`, most frequent first, and how many are kernels.
pub fn reason_counts(
    found: &[MoeInstantiation],
    cutlass: CutlassVersion,
    archs: &[Arch],
) -> (usize, Vec<(usize, String)>) {
    let mut kernels = 0;
    let mut counts: Vec<(usize, String)> = Vec::new();
    for (_, f) in unique(found) {
        match outcome(f, cutlass, &f.targets(archs)) {
            Outcome::Kernel => kernels += 1,
            Outcome::NotModelled(reasons) => {
                for r in reasons {
                    match counts.iter_mut().find(|(_, t)| *t == r) {
                        Some((n, _)) => *n += 1,
                        None => counts.push((1, r)),
                    }
                }
            }
        }
    }
    counts.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    (kernels, counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(call: &str) -> MoeInstantiation {
        let mut found = trtllm_moe(&format!("{MACRO}({call});\n"));
        assert_eq!(found.len(), 1, "{call}");
        found.pop().unwrap().1.unwrap()
    }

    /// The launcher's choices, read from real SM100 calls (generate_kernels.py:334's template):
    /// Is2SM doubles M and picks the 2SM schedules, MXFPX picks Mxf8f6f4 over Nvf4, FP4 at N = 256
    /// takes the 128x64 epilogue tile, swap_ab writes C/D column-major, a dynamic cluster is one.
    #[test]
    fn sm100_calls_read_as_the_launcher_builds_them() {
        let m = one("Sm100, SafeFP4, SafeFP4, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefault, NONE, 128, 256, 256, 2, 1, 1, false, true, false, true");
        let c = m.config.clone().unwrap();
        assert_eq!((c.tile.m, c.tile.n, c.tile.k), (256, 256, 256));
        assert_eq!(c.schedule, Schedule::Sm100PtrArrayTwoSmNvf4);
        assert_eq!(c.epilogue_schedule, EpilogueSchedule::PtrArrayTmaWarpSpecialized2Sm);
        assert_eq!(c.epilogue_tile, EpilogueTile::Explicit { m: 128, n: 64 });
        assert_eq!((c.a, c.b, c.c, c.d), (Operand::Nvfp4, Operand::Nvfp4, Output::Void, Output::F16));
        assert_eq!((c.layout_c, c.layout_d), (Layout::ColumnMajor, Layout::ColumnMajor));
        assert!(c.dynamic_cluster && c.cluster == Cluster::ONE);
        assert_eq!(c.epilogue, Epilogue::TrtllmMoe { fusion: MoeFusion::None, swap_ab: true });
        assert_eq!(m.name(), "moe_Sm100_SafeFP4_SafeFP4_half_NONE_128x256x256_tma_cga2x1x1_dyn_swap_ab");

        let c = one("Sm100, __nv_fp8_e4m3, SafeFP4, __nv_bfloat16, PtrArrayNoSmemWarpSpecialized, EpilogueOpDefault, FINALIZE, 128, 256, 128, 1, 1, 1, true, false, false, false").config.unwrap();
        assert_eq!((c.a, c.b), (Operand::Mxfp8E4m3, Operand::Mxfp4));
        assert_eq!(c.schedule, Schedule::Sm100PtrArrayOneSmMxf8f6f4);
        assert_eq!(c.epilogue_schedule, EpilogueSchedule::PtrArrayNoSmemWarpSpecialized1Sm);
        assert_eq!(c.epilogue_tile, EpilogueTile::Auto, "only FP4 activations take the 128x64 tile");
        assert_eq!(c.tile.m, 128);

        let c = one("Sm90, __nv_fp8_e4m3, __nv_fp8_e4m3, half, void, EpilogueOpDefault, NONE, 128, 64, 128, 2, 1, 1, false, false, false, false").config.unwrap();
        assert_eq!(c.schedule, Schedule::PtrArrayCooperativeFp8FastAccum);
        assert_eq!(c.epilogue_schedule, EpilogueSchedule::PtrArrayTmaWarpSpecializedCooperative);
        assert_eq!((c.tile.m, c.cluster.m), (128, 2), "no 2SM on SM90");
    }

    /// What no configuration can say is kept with its reasons, never approximated; malformed calls
    /// are errors.
    #[test]
    fn calls_no_configuration_says_carry_reasons() {
        let why = |call: &str| one(call).config.unwrap_err().join("; ");
        assert!(why("Sm100, half, half, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefault, ACTIVATION, 128, 64, 64, 1, 1, 1, false, false, false, false").contains("ACTIVATION"));
        assert!(why("Sm103, SafeFP4, SafeFP4, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefault, NONE, 128, 128, 256, 1, 1, 1, false, false, false, false").contains("SM103"));
        assert!(why("Sm100, half, half, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefaultSilu, NONE, 128, 64, 64, 1, 1, 1, false, false, false, false").contains("EpilogueOpDefault"));
        assert!(why("Sm100, __nv_fp8_e4m3, SafeFP4, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefault, NONE, 128, 64, 128, 1, 1, 1, false, false, false, false").contains("MXFPX_ = false"));
        assert!(why("Sm90, half, __nv_bfloat16, half, void, EpilogueOpDefault, NONE, 128, 64, 64, 1, 1, 1, false, false, false, false").contains("static_asserts"));
        let err = |call: &str| trtllm_moe(&format!("{MACRO}({call});\n")).pop().unwrap().1.unwrap_err();
        assert!(err(
            "Sm80, half, half, half, void, EpilogueOpDefault, NONE, 128, 64, 64, 1, 1, 1, false, false, false, false"
        )
        .contains("architecture"));
        assert!(err("Sm100, half, half, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefault, NONE, 128, 64, 64, 0, 1, 1, false, false, false, false").contains("cluster"));
        assert!(err("Sm100, half, half, half, PtrArrayTmaWarpSpecialized, EpilogueOpDefault, NONE, 128, 64, 64, 1, 1, 1, false, false, true, false").contains("BIAS_"));
    }
}
