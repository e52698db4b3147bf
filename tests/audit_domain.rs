//! The documented domain of each family, as a seeded uniform sampler: the domain audit of
//! docs/audit.md. Shared by `smem-lint/examples/audit.rs` (which writes a sample for `verify` to
//! measure) and `tests/agreement.rs` (which regenerates each committed sample from its seed and
//! holds the model to its measurements).
//!
//! Every key a family's documentation claims is drawn, each value of its documented list equally
//! likely, the edges of every range among them; values that depend on others (a schedule's
//! epilogue schedule, the tile M an SM count takes, the releases a dimension is claimed from) are
//! drawn from what the drawn values leave. A value the documentation does not claim is never drawn:
//! the model must answer every line of a sample (sizes, or CUTLASS's rejection), never refuse it.
//!
//! No dependencies: lines are written as JSON by hand, so the example and the tests share the code.

#![allow(dead_code)]

/// SplitMix64: a small, fixed generator (the sample of a seed never changes).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (rejection sampling: no modulo bias).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0);
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    pub fn pick<T: Copy>(&mut self, values: &[T]) -> T {
        values[self.below(values.len() as u64) as usize]
    }

    pub fn coin(&mut self) -> bool {
        self.below(2) == 1
    }
}

/// The families the audit draws from, by the name `examples/audit.rs` takes.
pub const FAMILIES: [&str; 3] = ["sm80", "sm90", "sm100"];

/// The releases each family claims (docs/modelled.md): SM80-SM89 every tag; SM90 and SM100 their
/// claim lists (`SM90_RELEASES`, `SM100_RELEASES` in smem-lint-model/src/release.rs).
pub fn releases(family: &str) -> &'static [&'static str] {
    const ALL: &[&str] = &[
        "3.9.0", "3.9.1", "3.9.2", "4.0.0", "4.1.0", "4.2.0", "4.2.1", "4.2.2", "4.3.0", "4.3.1", "4.3.2", "4.3.3",
        "4.3.4", "4.3.5", "4.3.6", "4.4.0", "4.4.1", "4.4.2", "4.4.3", "4.5.0", "4.5.1", "4.5.2", "4.5.3", "4.6.0",
        "4.6.1", "4.6.2", "4.7.0",
    ];
    const SM90: &[&str] = &[
        "3.9.1", "3.9.2", "4.0.0", "4.1.0", "4.2.0", "4.2.1", "4.2.2", "4.3.0", "4.3.1", "4.3.2", "4.3.5", "4.3.6",
        "4.4.0", "4.4.1", "4.4.2", "4.4.3", "4.5.0", "4.5.1", "4.5.2", "4.5.3", "4.6.0", "4.6.1", "4.6.2", "4.7.0",
    ];
    const SM100: &[&str] = &[
        "3.9.1", "3.9.2", "4.0.0", "4.1.0", "4.2.0", "4.2.1", "4.2.2", "4.3.0", "4.3.6", "4.4.0", "4.4.1", "4.4.2",
        "4.4.3", "4.5.0", "4.5.1", "4.5.2", "4.5.3", "4.6.0", "4.6.1", "4.6.2", "4.7.0",
    ];
    match family {
        "sm80" => ALL,
        "sm90" => SM90,
        "sm100" => SM100,
        other => panic!("no audit domain for family {other}"),
    }
}

/// Whether `release` is `from` or newer (both full tags).
fn at_least(release: &str, from: &str) -> bool {
    let v = |s: &str| s.split('.').map(|p| p.parse::<u32>().unwrap()).collect::<Vec<_>>();
    v(release) >= v(from)
}

/// One configuration, written as a JSON line of tests/data's format (without `result`).
#[derive(Clone, Debug, Default)]
pub struct Line {
    pub fields: Vec<(&'static str, String)>,
}

impl Line {
    fn s(&mut self, key: &'static str, v: &str) {
        self.fields.push((key, format!("\"{v}\"")));
    }
    fn n(&mut self, key: &'static str, v: u64) {
        self.fields.push((key, v.to_string()));
    }
    fn list(&mut self, key: &'static str, v: &[u64]) {
        let items: Vec<String> = v.iter().map(u64::to_string).collect();
        self.fields.push((key, format!("[{}]", items.join(","))));
    }
    fn stages(&mut self, v: Stages) {
        match v {
            Stages::Count(n) => self.n("stages", n),
            Stages::Named(s) => self.s("stages", s),
        }
    }
    fn get(&self, key: &str) -> String {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v.trim_matches('"').to_string()).unwrap_or_default()
    }
    pub fn json(&self) -> String {
        let body: Vec<String> = self.fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", body.join(","))
    }
}

#[derive(Clone, Copy, Debug)]
enum Stages {
    Count(u64),
    Named(&'static str),
}

/// `n` configurations of `family` drawn with `seed`, each on a release drawn from the family's
/// claimed ones, with ids `{family}-s{seed}-{i}`.
pub fn sample(family: &str, seed: u64, n: usize) -> Vec<Line> {
    let mut rng = Rng::new(
        seed ^ family.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)),
    );
    (0..n)
        .map(|i| {
            let release = rng.pick(releases(family));
            let mut line = Line::default();
            line.s("id", &format!("{family}-s{seed}-{i}"));
            match family {
                "sm80" => sm80(&mut rng, &mut line),
                "sm90" => sm90(&mut rng, &mut line, release),
                "sm100" => sm100(&mut rng, &mut line, release),
                other => panic!("no audit domain for family {other}"),
            }
            line.s("cutlass", release);
            line
        })
        .collect()
}

/// SM80-SM89 (docs/modelled.md, "SM80, SM86, SM87, SM89"): `GemmUniversal` or `MoeFCGemm`; f16,
/// bf16, tf32 and i8 (and e4m3/e5m2 on sm89) for both operands; c = d of f16, bf16 or f32; tile M
/// 16-256 and N 32-256 (powers of two), K 16-128 (16/32-bit) or 32-128 (8-bit); warp M and N 16-128,
/// warp K the tile's or half of it; a stage count of 2 to 8.
fn sm80(rng: &mut Rng, line: &mut Line) {
    let arch = rng.pick(&["sm80", "sm86", "sm87", "sm89"]);
    line.s("arch", arch);
    line.s("kernel", rng.pick(&["dense", "grouped"]));
    let types: &[&str] =
        if arch == "sm89" { &["f16", "bf16", "tf32", "i8", "e4m3", "e5m2"] } else { &["f16", "bf16", "tf32", "i8"] };
    let a = rng.pick(types);
    let b = if a.starts_with('e') { rng.pick(&["e4m3", "e5m2"]) } else { a };
    line.s("a", a);
    line.s("b", b);
    let out = rng.pick(&["f16", "bf16", "f32"]);
    line.s("c", out);
    line.s("d", out);
    let ks: &[u64] = if matches!(a, "i8" | "e4m3" | "e5m2") { &[32, 64, 128] } else { &[16, 32, 64, 128] };
    let tile = [rng.pick(&[16, 32, 64, 128, 256]), rng.pick(&[32, 64, 128, 256]), rng.pick(ks)];
    let warp_k = if rng.coin() { tile[2] } else { tile[2] / 2 };
    let warp = [rng.pick(&[16, 32, 64, 128]), rng.pick(&[16, 32, 64, 128]), warp_k];
    line.list("tile", &tile);
    line.list("warp", &warp);
    line.n("stages", 2 + rng.below(7));
}

/// SM90 (docs/modelled.md, "SM90 / SM100"): bf16, f16, tf32, FP8 (e4m3/e5m2, mixes) and, from 4.4.2,
/// i8 (dense, TMA epilogues); dense and grouped; every kernel schedule with the epilogue schedules
/// it pairs with; tiles M 64/128/256, N 64-256 in steps of 64 (16 and 32 from 4.4.2), K 32/64/128
/// (8-bit 256 from 4.4.2); static clusters of 1, 2, 4 or 8 CTAs along M and N (at most 8); stages
/// auto, auto0 or 1-8; c void/bf16/f16/f32, d bf16/f16/f32/e4m3; from 4.4.2 column-major C/D and
/// explicit epilogue tiles of the TMA epilogues (the 64- or 128-row tile of its schedule by N 16-64,
/// dividing the CTA tile).
fn sm90(rng: &mut Rng, line: &mut Line, release: &str) {
    let new = at_least(release, "4.4.2");
    line.s("arch", "sm90");
    let types: &[&str] =
        if new { &["bf16", "f16", "tf32", "e4m3", "e5m2", "i8"] } else { &["bf16", "f16", "tf32", "e4m3", "e5m2"] };
    let a = rng.pick(types);
    let fp8 = a.starts_with('e');
    let b = if fp8 { rng.pick(&["e4m3", "e5m2"]) } else { a };
    let grouped = a != "i8" && rng.coin();
    line.s("kernel", if grouped { "grouped" } else { "dense" });
    line.s("a", a);
    line.s("b", b);
    let m = rng.pick(&[64, 128, 256]);
    let ns: &[u64] = if new { &[16, 32, 64, 128, 192, 256] } else { &[64, 128, 192, 256] };
    let ks: &[u64] = if a == "i8" || fp8 {
        if new {
            &[32, 64, 128, 256]
        } else {
            &[32, 64, 128]
        }
    } else {
        &[32, 64, 128]
    };
    let tile = [m, rng.pick(ns), rng.pick(ks)];
    // (schedule, cooperative shell?)
    let schedules: Vec<(&str, bool)> = if grouped {
        let mut s = vec![
            ("KernelPtrArrayTmaWarpSpecializedCooperative", true),
            ("KernelPtrArrayTmaWarpSpecializedPingpong", false),
        ];
        if fp8 {
            s.extend([
                ("KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum", true),
                ("KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum", false),
            ]);
        }
        s
    } else {
        let mut s = vec![
            ("auto", m != 64),
            ("KernelTmaWarpSpecialized", false),
            ("KernelTmaWarpSpecializedCooperative", true),
            ("KernelTmaWarpSpecializedPingpong", false),
        ];
        if fp8 {
            s.extend([
                ("KernelTmaWarpSpecializedFP8FastAccum", false),
                ("KernelTmaWarpSpecializedCooperativeFP8FastAccum", true),
                ("KernelTmaWarpSpecializedPingpongFP8FastAccum", false),
            ]);
        }
        s
    };
    let (schedule, cooperative) = rng.pick(&schedules);
    let tma = if grouped {
        if cooperative {
            "PtrArrayTmaWarpSpecializedCooperative"
        } else {
            "PtrArrayTmaWarpSpecializedPingpong"
        }
    } else if cooperative {
        "TmaWarpSpecializedCooperative"
    } else {
        "TmaWarpSpecialized"
    };
    let epilogues: Vec<&str> = if a == "i8" {
        vec![tma]
    } else if grouped {
        vec![tma, "PtrArrayNoSmemWarpSpecialized"]
    } else {
        vec![tma, "auto", "NoSmemWarpSpecialized"]
    };
    let epilogue = rng.pick(&epilogues);
    line.s("c", rng.pick(&["void", "bf16", "f16", "f32"]));
    line.s("d", rng.pick(&["bf16", "f16", "f32", "e4m3"]));
    line.list("tile", &tile);
    line.s("schedule", schedule);
    line.s("epilogue_schedule", epilogue);
    let clusters: &[[u64; 2]] = &[[1, 1], [1, 2], [1, 4], [1, 8], [2, 1], [2, 2], [2, 4], [4, 1], [4, 2], [8, 1]];
    let [cm, cn] = rng.pick(clusters);
    line.list("cluster", &[cm, cn, 1]);
    line.stages(rng.pick(&[
        Stages::Named("auto"),
        Stages::Named("auto0"),
        Stages::Count(1),
        Stages::Count(2),
        Stages::Count(3),
        Stages::Count(4),
        Stages::Count(5),
        Stages::Count(6),
        Stages::Count(7),
        Stages::Count(8),
    ]));
    if new {
        line.s("layout_c", rng.pick(&["row", "col"]));
        line.s("layout_d", rng.pick(&["row", "col"]));
        if epilogue == tma && rng.coin() {
            let em = if cooperative { 128 } else { 64 };
            let ens: Vec<u64> = [16, 32, 64].into_iter().filter(|&n| tile[1].is_multiple_of(n)).collect();
            if tile[0].is_multiple_of(em) && !ens.is_empty() {
                line.list("epilogue_tile", &[em, rng.pick(&ens)]);
            }
        }
    }
}

/// SM100 (docs/modelled.md, "SM90 / SM100"): dense bf16, f16, FP8 (e4m3/e5m2, mixes) and, from 4.4.2,
/// tf32; block-scaled NVFP4 x NVFP4 and MX x MX; dense and grouped; `KernelScheduleAuto` (dense) or
/// the 1SM/2SM tags (block-scaled: `BlockScaled` or the operands' instruction), each with the
/// epilogue schedules it pairs with (from 4.4.2 the instruction-named block-scaled epilogues, and
/// the grouped dense no-smem epilogues); tile M as the SM count takes it (dense 1SM 64/128, 2SM
/// 128/256; block-scaled 128 / 256), N 64-256 in steps of 64 (dense also 8, 16 and 32 from 4.4.2), K
/// 64/128/256 (tf32 32/64/128, block-scaled 128/256); static clusters of 1, 2 or 4 along M and N (at
/// most 8 CTAs; 2SM an even M) and from 4.4.2 dynamic ones; stages auto, auto0 or 1-8; c
/// void/bf16/f16/f32, d bf16/f16/f32/e4m3 (block-scaled also nvfp4); from 4.4.2 column-major C/D,
/// the epilogue's op class and explicit epilogue tiles (32 or 16 TMEM datapaths a warp by a multiple
/// of 8 dividing the CTA tile's N, also with the automatic schedules, which reject them).
fn sm100(rng: &mut Rng, line: &mut Line, release: &str) {
    let new = at_least(release, "4.4.2");
    line.s("arch", "sm100");
    let dense_types: &[&str] =
        if new { &["bf16", "f16", "tf32", "e4m3", "e5m2"] } else { &["bf16", "f16", "e4m3", "e5m2"] };
    let block_scaled = rng.coin();
    let (a, b) = if block_scaled {
        let mx = ["mxfp4", "mxfp6e2m3", "mxfp6e3m2", "mxfp8e4m3", "mxfp8e5m2"];
        if rng.below(6) == 0 {
            ("nvfp4", "nvfp4")
        } else {
            (rng.pick(&mx), rng.pick(&mx))
        }
    } else {
        let a = rng.pick(dense_types);
        (a, if a.starts_with('e') { rng.pick(&["e4m3", "e5m2"]) } else { a })
    };
    let grouped = rng.coin();
    line.s("kernel", if grouped { "grouped" } else { "dense" });
    line.s("a", a);
    line.s("b", b);
    // The cluster first: 2SM needs an even M.
    let dynamic = new && rng.below(4) == 0;
    let clusters: &[[u64; 2]] = &[[1, 1], [1, 2], [1, 4], [2, 1], [2, 2], [2, 4], [4, 1], [4, 2]];
    let [cm, cn] = if dynamic { [1, 1] } else { rng.pick(clusters) };
    // (schedule, 2SM?)
    let mut schedules: Vec<(&str, bool)> = Vec::new();
    let prefix = if grouped { "KernelPtrArrayTmaWarpSpecialized" } else { "KernelTmaWarpSpecialized" };
    let instr: &[&str] = if !block_scaled {
        &["Sm100"]
    } else if a == "nvfp4" {
        &["BlockScaledSm100", "Nvf4Sm100"]
    } else if a == "mxfp4" && b == "mxfp4" {
        &["BlockScaledSm100", "Mxf4Sm100", "Mxf8f6f4Sm100"]
    } else {
        &["BlockScaledSm100", "Mxf8f6f4Sm100"]
    };
    if !grouped {
        schedules.push(("auto", false));
    }
    let names: Vec<(String, bool)> = instr
        .iter()
        .flat_map(|i| [(format!("{prefix}1Sm{i}"), false), (format!("{prefix}2Sm{i}"), true)])
        .filter(|(_, two)| !two || (dynamic || cm.is_multiple_of(2)))
        .collect();
    let picked = rng.below((names.len() + schedules.len()) as u64) as usize;
    let (schedule, mut two_sm) =
        if picked < schedules.len() { ("auto".to_string(), false) } else { names[picked - schedules.len()].clone() };
    let auto = schedule == "auto";
    // Tile M: what the SM count takes; KernelScheduleAuto decides the SM count from M and the cluster.
    let m: u64 = if block_scaled {
        if auto {
            if !dynamic && cm.is_multiple_of(2) {
                rng.pick(&[128, 256])
            } else {
                128
            }
        } else if two_sm {
            256
        } else {
            128
        }
    } else if auto {
        if !dynamic && cm.is_multiple_of(2) {
            rng.pick(&[64, 128, 256])
        } else {
            rng.pick(&[64, 128])
        }
    } else if two_sm {
        rng.pick(&[128, 256])
    } else {
        rng.pick(&[64, 128])
    };
    if auto {
        two_sm = !dynamic && cm.is_multiple_of(2) && if block_scaled { m == 256 } else { m.is_multiple_of(128) };
    }
    let ns: &[u64] = if block_scaled || !new { &[64, 128, 192, 256] } else { &[8, 16, 32, 64, 128, 192, 256] };
    let ks: &[u64] = if block_scaled {
        &[128, 256]
    } else if a == "tf32" {
        &[32, 64, 128]
    } else {
        &[64, 128, 256]
    };
    let tile = [m, rng.pick(ns), rng.pick(ks)];
    let c = rng.pick(&["void", "bf16", "f16", "f32"]);
    let d = if block_scaled {
        rng.pick(&["bf16", "f16", "f32", "e4m3", "nvfp4"])
    } else {
        rng.pick(&["bf16", "f16", "f32", "e4m3"])
    };
    // Epilogue schedules.
    let sms = if two_sm { "2Sm" } else { "1Sm" };
    let mut epilogues: Vec<String> = Vec::new();
    if auto {
        epilogues.push("auto".into());
    } else if grouped {
        epilogues.push(format!("PtrArrayTmaWarpSpecialized{sms}"));
        if !block_scaled && new {
            epilogues.push(format!("PtrArrayNoSmemWarpSpecialized{sms}"));
        }
    } else {
        epilogues.push(format!("TmaWarpSpecialized{sms}"));
        if block_scaled && new {
            epilogues.extend([format!("TmaWarpSpecialized{sms}Nvf4"), format!("TmaWarpSpecialized{sms}Mxf8f6f4")]);
        }
    }
    let epilogue = epilogues[rng.below(epilogues.len() as u64) as usize].clone();
    line.s("c", c);
    line.s("d", d);
    line.list("tile", &tile);
    if dynamic {
        line.s("cluster", "dynamic");
    } else {
        line.list("cluster", &[cm, cn, 1]);
    }
    line.s("schedule", &schedule);
    line.s("epilogue_schedule", &epilogue);
    line.stages(rng.pick(&[
        Stages::Named("auto"),
        Stages::Named("auto0"),
        Stages::Count(1),
        Stages::Count(2),
        Stages::Count(3),
        Stages::Count(4),
        Stages::Count(5),
        Stages::Count(6),
        Stages::Count(7),
        Stages::Count(8),
    ]));
    if new {
        line.s("layout_c", rng.pick(&["row", "col"]));
        line.s("layout_d", rng.pick(&["row", "col"]));
        let no_smem = epilogue.contains("NoSmem");
        // The epilogue builder's op class: the mainloop's (unset), or named; OpClassBlockScaledTensorOp
        // only with block-scaled operands.
        let classes: &[&str] = if block_scaled { &["", "tensorop", "blockscaled"] } else { &["", "tensorop"] };
        let class = rng.pick(classes);
        // An OpClassTensorOp epilogue with EpilogueScheduleAuto builds 2SM for an even cluster and M =
        // 128, where the block-scaled mainloop builds 1SM: an epilogue for another CTA tile, which the
        // documentation leaves out.
        let other_tile = auto && block_scaled && class == "tensorop" && !dynamic && cm.is_multiple_of(2) && m == 128;
        if !class.is_empty() && !other_tile {
            line.s("epilogue_op_class", class);
        }
        if !no_smem && rng.coin() {
            // The TMEM warps the epilogue sees: 2x2 for a 2SM MMA of M = 128, else 4x1.
            let (cta_m, wm) = if two_sm { (m / 2, if m == 128 { 2 } else { 4 }) } else { (m, 4) };
            let auto_m = cta_m.min(32 * wm);
            let ems: Vec<u64> = [auto_m, 16 * wm].into_iter().filter(|&e| e <= auto_m).collect();
            let em = rng.pick(&ems);
            // The C and D subtiles' contiguous rows (N when row-major, M when column-major) are whole
            // 16-byte units, as the epilogue's smem swizzle atoms need.
            let whole = |bits: u64, layout: &str, en: u64| {
                bits == 0 || ((if layout == "row" { en } else { em }) * bits).is_multiple_of(128)
            };
            let bits = |t: &str| match t {
                "void" => 0,
                "f32" => 32,
                "e4m3" => 8,
                "nvfp4" => 4,
                _ => 16,
            };
            let (lc, ld) = (line.get("layout_c"), line.get("layout_d"));
            let ens: Vec<u64> = (1..=tile[1] / 8)
                .map(|i| 8 * i)
                .filter(|&n| tile[1].is_multiple_of(n) && whole(bits(c), &lc, n) && whole(bits(d), &ld, n))
                .collect();
            if !ens.is_empty() {
                line.list("epilogue_tile", &[em, rng.pick(&ens)]);
            }
        }
    }
}
