//! The procedural kernel names `cutlass_library` gives CUTLASS 3.x GEMMs (`GemmOperation.procedural_name`
//! in `gemm_operation.py`, unchanged from 4.2.0 to 4.7.0):
//!
//! ```text
//! cutlass3x_sm{arch}_{opcode}_{core}_{types}{mixed}_{M}x{N}x{K}_{CM}x{CN}x{CK}_{stages}_{layouts}_align{al}{sched}{kernel}{epilogue}[_epiVs{V}{l}]
//! ```
//!
//! `core` is `[fastaccum|xor|and][intermediate type]{GemmKindNames}`; `types` is `a_b_acc_c_d`,
//! `sfaxa_sfbxb_acc_c_[sfdx]d` (block-scaled) or `{m}x{k}{acc}xa_{n}x{k}{acc}xb_acc_c_d` (blockwise);
//! the tile is the collective tile (on SM100 the MMA instruction's M and N) and is left out when M is
//! 0; `layouts` are A's, B's and C's short names (`t` row-major, `n` column-major); `align` is
//! `max(A, B)` alignment. The suffixes come from `TileSchedulerSuffixes`, `KernelScheduleSuffixes`
//! and `EpilogueScheduleSuffixes` ([`super::tables`]); `_epiVs` names a block-scaled output's vector
//! size and scale-factor layout.

use std::fmt::{self, Write as _};

use super::tables::{DATA_TYPES, EPILOGUE_SCHEDULES, KERNEL_SCHEDULES, LAYOUTS, OPCODE_CLASSES};

/// The operand and output types of a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Types {
    /// `a_b_acc_c_d`.
    Plain { a: String, b: String, acc: String, c: String, d: String },
    /// `sfaxa_sfbxb_acc_c_[sfdx]d`.
    BlockScaled {
        sfa: String,
        a: String,
        sfb: String,
        b: String,
        acc: String,
        c: String,
        sfd: Option<String>,
        d: String,
    },
    /// `{m}x{k}{acc}xa_{n}x{k}{acc}xb_acc_c_d`: scale-factor vector sizes along M, N and K.
    Blockwise { m: u64, n: u64, k: u64, a: String, b: String, acc: String, c: String, d: String },
}

/// One procedural name, split into the fields `procedural_name` joined; [`fmt::Display`] joins them
/// again, which reproduces the name exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProceduralName {
    /// `cutlass3x_...` (a 3.x kernel) rather than `cutlass_sm...` (a 2.x-API kernel named for an SM90+
    /// architecture).
    pub v3: bool,
    /// `90`, `100`, `120`, ...
    pub arch: u32,
    /// `OpcodeClass` (`TensorOp`, `BlockScaledTensorOp`, ...).
    pub opcode_class: &'static str,
    /// What stands before the gemm kind in the core name: `fastaccum`, `xor`, `and` or nothing.
    pub math: &'static str,
    /// The MMA's input type when it differs from A's and the accumulator's (`tf32`), or nothing; for
    /// a 2.x-API kernel, everything before the gemm kind (`d1684`: math type and instruction shape).
    pub intermediate: String,
    /// `GemmKindNames` value: `gemm`, `gemm_grouped`, `spgemm`, `moe_gemm`, ...
    pub kind: &'static str,
    pub types: Types,
    /// Mixed-input mode suffixes (`_cvt`, `_scl`, `_sclzr`, each optionally `_shfl`), as written.
    pub mixed: String,
    /// The collective tile, `None` when the name leaves it out (M = 0).
    pub tile: Option<[u64; 3]>,
    /// 0 along an extent: a dynamic cluster.
    pub cluster: [u64; 3],
    /// 0: the builder's automatic stage count.
    pub stages: u64,
    /// `ShortLayoutTypeNames` of A, B and C.
    pub layouts: [&'static str; 3],
    /// `max(A.alignment, B.alignment)`, in elements.
    pub align: u64,
    /// `_stream_k` or nothing.
    pub tile_scheduler: &'static str,
    /// A `KernelScheduleSuffixes` value.
    pub kernel_suffix: &'static str,
    /// An `EpilogueScheduleSuffixes` value.
    pub epilogue_suffix: &'static str,
    /// `_epiVs{vector}{layout}`: a block-scaled output's scale-factor vector size and layout.
    pub epilogue_vs: Option<(u64, &'static str)>,
}

/// Why a line is not a CUTLASS 3.x GEMM procedural name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError(pub String);

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(s: impl Into<String>) -> Result<T, NameError> {
    Err(NameError(s.into()))
}

const GEMM_KINDS: [&str; 7] = [
    "gemm_planar_complex_array",
    "gemm_planar_complex",
    "gemm_grouped",
    "moe_gemm",
    "spgemm",
    "gemm",
    "gemm_universal",
];
const MATH: [&str; 3] = ["fastaccum", "xor", "and"];
const MIXED: [&str; 4] = ["cvt", "scl", "sclzr", "shfl"];

fn data_type(s: &str) -> Result<String, NameError> {
    if DATA_TYPES.contains(&s) {
        Ok(s.to_string())
    } else {
        err(format!("`{s}` is not a cutlass_library data type name"))
    }
}

fn number(s: &str, what: &str) -> Result<u64, NameError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 9 {
        return err(format!("expected the {what} (a number), found `{s}`"));
    }
    s.parse().map_err(|_| NameError(format!("expected the {what} (a number), found `{s}`")))
}

/// `AxBxC` as three numbers.
fn triple(s: &str) -> Option<[u64; 3]> {
    let mut it = s.split('x');
    let (a, b, c) = (it.next()?, it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    Some([number(a, "").ok()?, number(b, "").ok()?, number(c, "").ok()?])
}

/// `sfxelem` (block-scaled operand) as its two type names.
fn pair(s: &str) -> Option<(String, String)> {
    let (sf, e) = s.split_once('x')?;
    Some((data_type(sf).ok()?, data_type(e).ok()?))
}

/// `{mn}x{k}{acc}x{elem}` (blockwise operand).
fn blockwise_operand(s: &str) -> Option<(u64, u64, String, String)> {
    let (mn, rest) = s.split_once('x')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (k, rest) = rest.split_at(digits);
    let (acc, elem) = rest.split_once('x')?;
    Some((number(mn, "").ok()?, number(k, "").ok()?, data_type(acc).ok()?, data_type(elem).ok()?))
}

fn parse_types(tokens: &[&str]) -> Result<Types, NameError> {
    let [a, b, acc, c, d] = tokens else {
        return err(format!("expected five type names (A, B, accumulator, C, D), found `{}`", tokens.join("_")));
    };
    if let (Some((sfa, ea)), Some((sfb, eb))) = (pair(a), pair(b)) {
        let (sfd, d) = match pair(d) {
            Some((sf, e)) => (Some(sf), e),
            None => (None, data_type(d)?),
        };
        return Ok(Types::BlockScaled { sfa, a: ea, sfb, b: eb, acc: data_type(acc)?, c: data_type(c)?, sfd, d });
    }
    if let (Some((m, ka, acc_a, ea)), Some((n, kb, acc_b, eb))) = (blockwise_operand(a), blockwise_operand(b)) {
        if ka != kb || acc_a != *acc || acc_b != *acc {
            return err(format!("blockwise operands `{a}` and `{b}` disagree on K's vector size or the accumulator"));
        }
        return Ok(Types::Blockwise {
            m,
            n,
            k: ka,
            a: ea,
            b: eb,
            acc: data_type(acc)?,
            c: data_type(c)?,
            d: data_type(d)?,
        });
    }
    Ok(Types::Plain { a: data_type(a)?, b: data_type(b)?, acc: data_type(acc)?, c: data_type(c)?, d: data_type(d)? })
}

/// The three layout names of `s` (`tnt`, `n32t32t`), if it is exactly three of them.
fn parse_layouts(s: &str) -> Option<[&'static str; 3]> {
    fn go(s: &str, acc: &mut Vec<&'static str>) -> bool {
        if s.is_empty() {
            return acc.len() == 3;
        }
        if acc.len() == 3 {
            return false;
        }
        for (_, short) in LAYOUTS {
            if let Some(rest) = s.strip_prefix(short) {
                acc.push(short);
                if go(rest, acc) {
                    return true;
                }
                acc.pop();
            }
        }
        false
    }
    let mut acc = Vec::new();
    go(s, &mut acc).then(|| [acc[0], acc[1], acc[2]])
}

/// Every distinct suffix of a table, longest first.
fn suffixes(table: &[(&str, &'static str, &str)]) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = table.iter().map(|t| t.1).collect();
    v.sort_unstable_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    v.dedup();
    v
}

/// One reading of the suffixes: tile scheduler, kernel schedule, epilogue schedule, `_epiVs`.
type Tail = (&'static str, &'static str, &'static str, Option<(u64, &'static str)>);

/// `{sched}{kernel}{epilogue}[_epiVs..]` after `align{N}`: every way to read it (usually one).
fn parse_tail(tail: &str) -> Vec<Tail> {
    let (rest, vs) = match tail.rfind("_epiVs") {
        Some(i) => {
            let spec = &tail[i + "_epiVs".len()..];
            let digits = spec.bytes().take_while(u8::is_ascii_digit).count();
            let layout = LAYOUTS.iter().map(|l| l.1).find(|l| *l == &spec[digits..]);
            match (number(&spec[..digits], "").ok(), layout) {
                (Some(v), Some(l)) => (&tail[..i], Some((v, l))),
                _ => return Vec::new(),
            }
        }
        None => (tail, None),
    };
    let mut out = Vec::new();
    for sched in ["_stream_k", ""] {
        let Some(r) = rest.strip_prefix(sched) else { continue };
        for k in suffixes(KERNEL_SCHEDULES) {
            let Some(r) = r.strip_prefix(k) else { continue };
            for e in suffixes(EPILOGUE_SCHEDULES) {
                if r == e {
                    out.push((sched, k, e, vs));
                }
            }
        }
    }
    out
}

impl ProceduralName {
    /// Split a name into its fields. Only CUTLASS 3.x names (`cutlass3x_sm...`) are read.
    pub fn parse(name: &str) -> Result<ProceduralName, NameError> {
        let (v3, rest) = match (name.strip_prefix("cutlass3x_sm"), name.strip_prefix("cutlass_sm")) {
            (Some(rest), _) => (true, rest),
            (None, Some(rest)) if rest.starts_with(|c: char| c.is_ascii_digit()) => (false, rest),
            _ if name.starts_with("cutlass_") => {
                return err("a CUTLASS 2.x kernel name for SM50-SM89 (`cutlass_...`): only SM90+ names (`cutlass3x_sm...`) are read")
            }
            _ => return err("not a CUTLASS library kernel name: SM90+ names start with `cutlass3x_sm`"),
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let arch = number(&rest[..digits], "architecture")? as u32;
        let rest =
            rest[digits..].strip_prefix('_').ok_or_else(|| NameError("expected `_` after the architecture".into()))?;
        let Some(&(opcode_class, opcode)) = OPCODE_CLASSES.iter().find(|(_, n)| rest.starts_with(&format!("{n}_")))
        else {
            return err(format!(
                "unknown operator class in `{}`; cutlass_library's are {}",
                rest.split('_').next().unwrap_or(rest),
                OPCODE_CLASSES.iter().map(|o| o.1).collect::<Vec<_>>().join(", ")
            ));
        };
        let rest = &rest[opcode.len() + 1..];
        let Some(at) = rest.rfind("_align") else {
            return err("no `_align` field");
        };
        let (body, tail) = (&rest[..at], &rest[at + "_align".len()..]);
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        let align = number(&tail[..digits], "alignment")?;
        let tail = &tail[digits..];
        let mut tokens: Vec<&str> = body.split('_').collect();
        let layouts_token = tokens.pop().unwrap_or_default();
        let layouts = parse_layouts(layouts_token)
            .ok_or_else(|| NameError(format!("`{layouts_token}` is not three layout names (A, B, C)")))?;
        let stages = number(tokens.pop().unwrap_or_default(), "stage count")?;
        let cluster_token = tokens.pop().unwrap_or_default();
        let cluster = triple(cluster_token)
            .ok_or_else(|| NameError(format!("expected the cluster shape `CMxCNxCK`, found `{cluster_token}`")))?;
        let tile = match tokens.last().and_then(|t| triple(t)) {
            Some(t) => {
                tokens.pop();
                Some(t)
            }
            None => None,
        };
        let mut mixed = String::new();
        while let Some(t) = tokens.last().filter(|t| MIXED.contains(t)) {
            mixed.insert_str(0, &format!("_{t}"));
            tokens.pop();
        }
        if tokens.len() < 6 {
            return err("too few fields before the tile: expected the gemm kind and five type names");
        }
        let types = parse_types(&tokens[tokens.len() - 5..])?;
        let core = tokens[..tokens.len() - 5].join("_");
        let Some(kind) = GEMM_KINDS.iter().copied().find(|k| core.ends_with(k)) else {
            return err(format!("unknown gemm kind `{core}`"));
        };
        let prefix = &core[..core.len() - kind.len()];
        let math = if v3 { MATH.iter().copied().find(|m| prefix.starts_with(m)).unwrap_or("") } else { "" };
        let intermediate = &prefix[math.len()..];
        if v3 && !intermediate.is_empty() {
            data_type(intermediate)?;
        }
        let readings = parse_tail(tail);
        let Some(&(tile_scheduler, kernel_suffix, epilogue_suffix, epilogue_vs)) = readings.first() else {
            return err(format!(
                "`{tail}` after the alignment is not a tile scheduler, kernel schedule and epilogue schedule suffix cutlass_library writes"
            ));
        };
        if readings.len() > 1 {
            return err(format!("`{tail}` reads as several schedule suffixes"));
        }
        Ok(ProceduralName {
            v3,
            arch,
            opcode_class,
            math,
            intermediate: intermediate.to_string(),
            kind,
            types,
            mixed,
            tile,
            cluster,
            stages,
            layouts,
            align,
            tile_scheduler,
            kernel_suffix,
            epilogue_suffix,
            epilogue_vs,
        })
    }

    /// The `OpcodeClassNames` spelling.
    pub fn opcode_name(&self) -> &'static str {
        OPCODE_CLASSES.iter().find(|o| o.0 == self.opcode_class).map_or("", |o| o.1)
    }
}

impl fmt::Display for ProceduralName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cutlass{}_sm{}_{}_{}{}{}_",
            if self.v3 { "3x" } else { "" },
            self.arch,
            self.opcode_name(),
            self.math,
            self.intermediate,
            self.kind
        )?;
        match &self.types {
            Types::Plain { a, b, acc, c, d } => write!(f, "{a}_{b}_{acc}_{c}_{d}")?,
            Types::BlockScaled { sfa, a, sfb, b, acc, c, sfd, d } => {
                write!(f, "{sfa}x{a}_{sfb}x{b}_{acc}_{c}_")?;
                if let Some(sfd) = sfd {
                    write!(f, "{sfd}x")?;
                }
                f.write_str(d)?;
            }
            Types::Blockwise { m, n, k, a, b, acc, c, d } => {
                write!(f, "{m}x{k}{acc}x{a}_{n}x{k}{acc}x{b}_{acc}_{c}_{d}")?;
            }
        }
        f.write_str(&self.mixed)?;
        if let Some([m, n, k]) = self.tile {
            write!(f, "_{m}x{n}x{k}")?;
        }
        let [cm, cn, ck] = self.cluster;
        let mut s = format!("_{cm}x{cn}x{ck}_{}_", self.stages);
        for l in self.layouts {
            s.push_str(l);
        }
        let _ = write!(s, "_align{}{}{}{}", self.align, self.tile_scheduler, self.kernel_suffix, self.epilogue_suffix);
        if let Some((v, l)) = self.epilogue_vs {
            let _ = write!(s, "_epiVs{v}{l}");
        }
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_rewrites_each_form() {
        for name in [
            "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m3_f32_void_f32_128x8x128_1x1x1_0_tnt_align128_cooperative_q",
            "cutlass3x_sm120_bstensorop_gemm_ue4m3xe2m1_ue4m3xe2m1_f32_f16_ue8m0xe2m1_128x128x128_1x1x1_0_tnt_align32_stream_k_cooperative_o_vs16_epiVs32t",
            "cutlass3x_sm120_tensorop_gemm_grouped_1x128f32xe4m3_128x128f32xe4m3_f32_f16_f16_128x128x128_1x1x1_0_tnn_align128_cooperative_q",
            "cutlass3x_sm100_tensorop_gemm_f16_f16_f16_f16_f16_64x128x64_0x0x1_0_nnn_align8_stream_k_1sm",
            "cutlass3x_sm90_tensorop_gemm_f16_f16_f32_f32_f32_128x128x64_2x1x1_0_nnn_align8_warpspecialized_pingpong_epi_tma",
        ] {
            let p = ProceduralName::parse(name).unwrap();
            assert_eq!(p.to_string(), name);
        }
        let p = ProceduralName::parse(
            "cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m3_f32_void_f32_128x8x128_1x1x1_0_tnt_align128_cooperative_q",
        )
        .unwrap();
        assert_eq!(
            (p.arch, p.tile, p.layouts, p.align, p.kernel_suffix),
            (120, Some([128, 8, 128]), ["t", "n", "t"], 128, "_cooperative_q")
        );
    }

    #[test]
    fn refuses_what_is_not_a_name() {
        for (name, why) in [
            ("cutlass_tensorop_s1688gemm_f16_256x128_32x3_nn_align8", "2.x"),
            ("cutlass_sm90_tensorop_d1684gemm_f64_f64_f64_f64_f64_16x32x16_1x1x1_5_ntn_align1x", "suffix"),
            ("hello", "start with"),
            ("cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m3_f32_void_f32_128x8x128_1x1x1_0_tnt_align128_bogus", "suffix"),
            ("cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m3_f32_void_f99_128x8x128_1x1x1_0_tnt_align128", "f99"),
            ("cutlass3x_sm120_bstensorop_gemm_ue8m0xe2m1_ue8m0xe2m3_f32_void_f32_128x8x128_1x1x1_0_tqt_align128", "layout"),
            ("cutlass3x_sm120_foo_gemm_f16_f16_f32_f32_f32_1x1x1_0_tnt_align8", "operator class"),
            ("cutlass3x_sm_tensorop_gemm_f16_f16_f32_f32_f32_1x1x1_0_tnt_align8", "architecture"),
        ] {
            let e = ProceduralName::parse(name).unwrap_err();
            assert!(e.0.contains(why), "{name}: {e}");
        }
    }
}
