//! Property tests of the model's invariants, and bounded fuzzing of every front end (stable Rust:
//! proptest's generators, a fixed number of cases per run so CI time stays bounded; a failure is
//! shrunk and printed, and belongs in a regression test).

use proptest::prelude::*;
use smem_lint::model::*;

fn operand() -> impl Strategy<Value = Operand> {
    prop::sample::select(Operand::ALL.to_vec())
}

fn output() -> impl Strategy<Value = Output> {
    prop::sample::select(vec![Output::Void, Output::Bf16, Output::F16, Output::F32])
}

fn family() -> impl Strategy<Value = Family> {
    prop_oneof![
        Just(Family::BlockScaled),
        Just(Family::F8f6f4),
        (prop::sample::select(vec![1u64, 64, 128]), prop::sample::select(vec![1u64, 32, 128]))
            .prop_map(|(m, n)| Family::Blockwise(Granularity { m, n, k: 0 })),
    ]
}

/// Mostly what the family takes (so that most cases are evaluated, which [`counted`] checks), and
/// now and then any operand (refused, and the layouts must agree on the refusal).
fn operand_for(family: Family) -> impl Strategy<Value = Operand> {
    let fitting: Vec<Operand> = match family {
        Family::BlockScaled => Operand::ALL.iter().copied().filter(|o| o.is_block_scaled()).collect(),
        Family::F8f6f4 => vec![Operand::E4m3, Operand::E5m2, Operand::E3m2, Operand::E2m3, Operand::E2m1],
        Family::Blockwise(_) => vec![Operand::E4m3, Operand::E5m2],
        Family::Dsl(_) => unreachable!("the CUTLASS families only"),
    };
    prop_oneof![6 => prop::sample::select(fitting), 1 => operand()]
}

/// Mostly the builders' own schedules, now and then any CUTLASS tag (most are refused).
fn schedule() -> impl Strategy<Value = Schedule> {
    prop_oneof![
        6 => prop::sample::select(vec![Schedule::Auto, Schedule::Cooperative, Schedule::Pingpong]),
        1 => prop::sample::select(Schedule::ALL.to_vec()),
    ]
}

prop_compose! {
    fn config()(family in family())(
        version in prop::sample::select(CutlassVersion::ALL.to_vec()),
        family in Just(family),
        grouped in any::<bool>(),
        a in operand_for(family), b in operand_for(family), c in output(), d in output(),
        m in 1u64..=8, n in 1u64..=12, k in 1u64..=8,
        schedule in schedule(),
        stages in prop_oneof![Just(StagePolicy::Auto), Just(StagePolicy::AutoNoCarveout), (1u32..12).prop_map(StagePolicy::Fixed)],
    ) -> KernelConfig {
        let tile = Tile { m: m * 32, n: n * 32, k: k * 32 };
        let family = match family {
            Family::Blockwise(g) => Family::Blockwise(Granularity { k: tile.k, ..g }),
            f => f,
        };
        KernelConfig {
            cutlass: version,
            family,
            schedule,
            stages,
            ..KernelConfig::sm120(if grouped { KernelKind::Grouped } else { KernelKind::Dense }, a, b, c, d, tile)
        }
    }
}

/// SM90/SM100 operands: mostly the dense GEMMs' own types, now and then any.
fn datacenter_operand() -> impl Strategy<Value = Operand> {
    prop_oneof![6 => prop::sample::select(vec![Operand::Bf16, Operand::F16, Operand::E4m3, Operand::E5m2]), 1 => operand()]
}

prop_compose! {
    /// SM90 and SM100 configurations over the measured grid, every schedule pairing (most are refused
    /// as not modelled; the rest must keep the invariants).
    fn datacenter_config()(a in datacenter_operand())(
        arch in prop::sample::select(vec![Arch::Sm90, Arch::Sm100]),
        grouped in any::<bool>(),
        // Mostly one type for both (mixed inputs are refused).
        a in Just(a), b in prop_oneof![4 => Just(a), 1 => datacenter_operand()],
        c in prop::sample::select(vec![Output::Void, Output::Bf16, Output::F16, Output::F32]),
        d in prop::sample::select(vec![Output::Bf16, Output::F16, Output::F32, Output::E4m3, Output::Nvfp4]),
        m in prop::sample::select(vec![64u64, 128, 256]), n in prop::sample::select(vec![64u64, 128, 192, 256]),
        k in prop::sample::select(vec![32u64, 64, 128, 256]),
        cluster in prop::sample::select(vec![(1u64, 1u64), (2, 1), (1, 2), (2, 2), (4, 1)]),
        schedule in schedule(),
        epilogue_schedule in prop_oneof![
            6 => Just(EpilogueSchedule::Auto),
            1 => prop::sample::select(EpilogueSchedule::ALL.to_vec()),
        ],
        stages in prop_oneof![Just(StagePolicy::Auto), Just(StagePolicy::AutoNoCarveout), (1u32..12).prop_map(StagePolicy::Fixed)],
    ) -> KernelConfig {
        KernelConfig {
            arch,
            cutlass: CutlassVersion::V4_2_0,
            cluster: Cluster { m: cluster.0, n: cluster.1, k: 1 },
            schedule,
            epilogue_schedule,
            stages,
            ..KernelConfig::sm120(if grouped { KernelKind::Grouped } else { KernelKind::Dense }, a, b, c, d, Tile { m, n, k })
        }
    }
}

/// An evaluation without the prose of its rejections, which names the release; the assert, the
/// field and every number stay.
fn without_prose(e: Evaluation) -> Evaluation {
    match e {
        Evaluation::Rejected(r) => Evaluation::Rejected(Rejection { detail: Why::Text(String::new()), ..r }),
        Evaluation::Compiled(f) => Evaluation::Compiled(Footprint {
            unbuildable: f.unbuildable.map(|u| Unbuildable { detail: Why::Text(String::new()), ..u }),
            kernel_rejection: f.kernel_rejection.map(|r| Rejection { detail: Why::Text(String::new()), ..r }),
            ..f
        }),
    }
}

/// Both layouts agree; the breakdown adds up; "fits" is at or under the cap; the largest fitting stage count fits;
/// one more stage never takes fewer bytes; a kernel the compiler refuses for its size is over the cap.
/// Whether the model evaluated the configuration (`false`: refused, which only the layouts' agreement
/// checks; [`counted`] holds each test to a number of evaluated cases).
fn check_invariants(cfg: &KernelConfig) -> Result<bool, TestCaseError> {
    // The member tree and the sizes-only layout give the same evaluation, less the member list.
    let sizes = evaluate_with(cfg, Detail::Sizes);
    let full = evaluate(cfg).map(|e| match e {
        Evaluation::Compiled(f) => Evaluation::Compiled(Footprint { members: Vec::new(), ..f }),
        r @ Evaluation::Rejected(_) => r,
    });
    prop_assert_eq!(sizes, full);
    let Ok(a) = assess(cfg, cfg.arch) else { return Ok(false) };
    if let Some(f) = &a.footprint {
        let sum: u64 = f.members.iter().map(|m| m.size).sum();
        prop_assert_eq!(sum, f.kernel_bytes);
        prop_assert_eq!(
            matches!(a.status, Status::Fits { .. }),
            f.kernel_bytes <= a.cap && f.unbuildable.is_none() && f.kernel_rejection.is_none()
        );
        if f.kernel_rejection.is_some() {
            prop_assert!(f.kernel_bytes > a.cap);
        }
        let more = KernelConfig { stages: StagePolicy::Fixed(f.stages as u32 + 1), ..*cfg };
        if let Ok(Evaluation::Compiled(g)) = evaluate(&more) {
            prop_assert!(g.kernel_bytes >= f.kernel_bytes);
        }
    }
    if let Some(s) = a.largest_fitting_stages {
        let fixed = KernelConfig { stages: StagePolicy::Fixed(s as u32), ..*cfg };
        match evaluate(&fixed).unwrap() {
            Evaluation::Compiled(f) => prop_assert!(f.kernel_bytes <= a.cap),
            Evaluation::Rejected(r) => prop_assert!(false, "largest fitting stage count rejected: {}", r.message),
        }
    }
    Ok(true)
}

/// The share of generated cases the model must evaluate (not refuse), per generator: about half of
/// what a run evaluates (about 44%, 12% and 35%; each test prints its share).
const MODEL_INVARIANTS_PERCENT: usize = 20;
const DATACENTER_PERCENT: usize = 5;
const RELEASES_PERCENT: usize = 15;

/// Runs `cases` generated values through `test`, which says whether the case tested what it is
/// about (`false`: the model refused the configuration, so only what holds of refusals was checked),
/// and fails when fewer than `at_least_percent` of the cases did: a generator that drifts into
/// refusals would otherwise pass while testing nothing.
fn counted<S: Strategy>(
    name: &str,
    strategy: S,
    cases: u32,
    at_least_percent: usize,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) {
    let tested = std::sync::atomic::AtomicUsize::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig { cases, ..ProptestConfig::default() });
    let result = runner.run(&strategy, |v| {
        if test(v)? {
            tested.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let tested = tested.into_inner();
    println!("{name}: {tested} of {cases} cases evaluated, the others refused");
    assert!(
        tested * 100 >= cases as usize * at_least_percent,
        "{name}: only {tested} of {cases} cases were evaluated (at least {at_least_percent}% must be)"
    );
}

#[test]
fn model_invariants() {
    counted("model_invariants", config(), 3000, MODEL_INVARIANTS_PERCENT, |c| check_invariants(&c));
}

#[test]
fn datacenter_model_invariants() {
    counted("datacenter_model_invariants", datacenter_config(), 3000, DATACENTER_PERCENT, |c| check_invariants(&c));
}

/// The models read a release only through its `Headers`: two releases with equal headers give
/// the same sizes and verdict wherever both are modelled (the suggestions' release search
/// evaluates one release per distinct headers on this ground). A case counts when it compared
/// at least one pair.
#[test]
fn releases_with_equal_headers_evaluate_alike() {
    let strategy = (
        prop_oneof![config(), datacenter_config()],
        prop::sample::select(vec![Schedule::Auto, Schedule::Cooperative, Schedule::Pingpong]),
    );
    counted("releases_with_equal_headers_evaluate_alike", strategy, 3000, RELEASES_PERCENT, |(cfg, schedule)| {
        // The builders' own schedules (most random tags are refused before any release is read).
        let cfg = KernelConfig { schedule, epilogue_schedule: EpilogueSchedule::Auto, ..cfg };
        let mut seen: Vec<(Headers, Evaluation)> = Vec::new();
        let mut compared = false;
        for &v in CutlassVersion::ALL {
            let Ok(e) = evaluate_with(&KernelConfig { cutlass: v, ..cfg }, Detail::Sizes) else { continue };
            let e = without_prose(e);
            match seen.iter().find(|(h, _)| *h == v.headers()) {
                Some((_, first)) => {
                    prop_assert_eq!(first, &e, "release {}", v);
                    compared = true;
                }
                None => seen.push((v.headers(), e)),
            }
        }
        Ok(compared)
    });
}

/// eval's answer for a JSON line against the library's `assess`; whether both evaluated it.
fn eval_agrees_with_assess(line: &serde_json::Value, cfg: &KernelConfig) -> Result<bool, TestCaseError> {
    let (_, parsed) = smem_lint::jsonl::parse_config(&line.to_string(), None).unwrap();
    prop_assert_eq!(&parsed, cfg);
    let via_json = smem_lint::jsonl::result_json(None, &parsed).ok();
    let direct = assess(cfg, cfg.arch).ok();
    prop_assert_eq!(via_json.is_some(), direct.is_some());
    let (Some(v), Some(a)) = (via_json, direct) else { return Ok(false) };
    // eval computes its verdict from one evaluation; it must be assess's.
    prop_assert_eq!(v["launchable"].as_bool().unwrap_or(false), a.launchable());
    prop_assert_eq!(v["compiles"].as_bool(), Some(!matches!(a.status, Status::Rejected(_))));
    prop_assert_eq!(v["kernel_bytes"].as_u64(), a.footprint.map(|f| f.kernel_bytes));
    Ok(true)
}

/// SM90/SM100 configurations read back from JSON lines equal the library's, field by field.
#[test]
fn datacenter_front_ends_agree() {
    counted("datacenter_front_ends_agree", datacenter_config(), 3000, DATACENTER_PERCENT, |cfg| {
        let line = serde_json::json!({
            "arch": cfg.arch.name(), "cutlass": cfg.cutlass.name(), "kernel": cfg.kind.name(),
            "a": cfg.a.name(), "b": cfg.b.name(), "c": cfg.c.name(), "d": cfg.d.name(),
            "tile": [cfg.tile.m, cfg.tile.n, cfg.tile.k], "cluster": [cfg.cluster.m, cfg.cluster.n, cfg.cluster.k],
            "schedule": cfg.schedule.name(), "epilogue_schedule": cfg.epilogue_schedule.name(),
            "stages": match cfg.stages { StagePolicy::Fixed(n) => serde_json::json!(n), other => serde_json::json!(other.to_string()) },
        });
        eval_agrees_with_assess(&line, &cfg)
    });
}

/// The same configuration gives the same answer through the JSON-lines front end as through the
/// library.
#[test]
fn front_ends_agree() {
    counted("front_ends_agree", config(), 3000, MODEL_INVARIANTS_PERCENT, |cfg| {
        let mut line = serde_json::json!({
            "arch": "sm120", "cutlass": cfg.cutlass.name(), "family": cfg.family.name(), "kernel": cfg.kind.name(),
            "a": cfg.a.name(), "b": cfg.b.name(), "c": cfg.c.name(), "d": cfg.d.name(),
            "tile": [cfg.tile.m, cfg.tile.n, cfg.tile.k], "schedule": cfg.schedule.name(),
            "stages": match cfg.stages { StagePolicy::Fixed(n) => serde_json::json!(n), other => serde_json::json!(other.to_string()) },
        });
        if let Family::Blockwise(g) = cfg.family {
            line["granularity"] = serde_json::json!([g.m, g.n, g.k]);
        }
        eval_agrees_with_assess(&line, &cfg)
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Arbitrary text never panics a front end, and whatever they report says something.
    #[test]
    fn toml_front_end(text in "(\\PC|\\n){0,400}") {
        let r = smem_lint::check::check_source(std::path::Path::new("f.toml"), text.clone(), &smem_lint::check::Options::default());
        for e in &r.input_errors {
            prop_assert!(!e.message.is_empty() && e.at.end <= text.len());
        }
    }

    #[test]
    fn toml_shaped_input(
        key in prop::sample::select(vec!["tile", "stages", "a", "cutlass", "family", "granularity", "arch", "cluster", "epilogue", "x"]),
        value in prop::sample::select(vec!["[128, 128, 128]", "4", "\"auto\"", "\"nvfp4\"", "-1", "[0]", "\"4.4.2\"", "[[1, 2, 3]]", "{ smem_bytes = 0 }", "99999999999999999999", "\"blockwise\""]),
        sweep in any::<bool>(),
    ) {
        let table = if sweep { "[[sweep]]" } else { "[[kernel]]" };
        let text = format!("{table}\nname = \"k\"\noperands = [\"nvfp4\", \"nvfp4\"]\noutputs = [\"bf16\", \"bf16\"]\ntile = [128, 128, 128]\n{key} = {value}\n");
        let r = smem_lint::check::check_source(std::path::Path::new("f.toml"), text.clone(), &smem_lint::check::Options::default());
        // Every input error points into the text and says something; the unknown key is one.
        for e in &r.input_errors {
            prop_assert!(!e.message.is_empty() && e.at.end <= text.len(), "{:?}", e);
        }
        if key == "x" {
            prop_assert!(r.input_errors.iter().any(|e| e.message.contains("`x`")), "{:?}", r.input_errors);
        }
        // A file without input errors declares kernels, each checked, launchable or a finding.
        if r.input_errors.is_empty() {
            prop_assert!(r.entries >= 1 && r.checked >= r.entries, "{:?}", r);
            prop_assert!(r.launchable.len() + r.findings.len() >= 1, "{:?}", r);
        }
        // The JSON report counts what the report holds.
        let doc = smem_lint::diagnostics::to_json(std::slice::from_ref(&r));
        let n = doc["findings"].as_array().map_or(0, Vec::len);
        prop_assert_eq!(n, r.findings.len() + r.input_errors.len());
        prop_assert_eq!(doc["summary"]["input_errors"].as_u64(), Some(r.input_errors.len() as u64));
        prop_assert_eq!(doc["summary"]["launchable_kernels"].as_u64(), Some(r.launchable.len() as u64));
    }

    #[test]
    fn json_lines_front_end(text in "(\\PC|\\n){0,300}") {
        let (out, errors) = smem_lint::jsonl::eval_lines(&text, None);
        prop_assert_eq!(out.len(), text.lines().filter(|l| !l.trim().is_empty()).count());
        for (_, e) in errors {
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn attribute_front_end(args in "[a-z0-9_=,\\[\\] \"\\.\\-]{0,120}") {
        let text = format!("#[smem_check(sm120, {args})]\npub struct K;\n");
        let scan = smem_lint::workspace::rust_scan::scan(&text);
        for f in &scan.findings {
            prop_assert!(!f.message.is_empty() && f.at.end <= text.len());
        }
    }

    #[test]
    fn importer(text in "(INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM|[(),;/*#\\n ]|Sm120|SafeFP4|[0-9]{1,3}|true|false|half|NONE){0,60}") {
        for (line, r) in smem_lint::import::trtllm_moe(&text) {
            prop_assert!(line >= 1);
            if let Err(e) = r {
                prop_assert!(!e.is_empty());
            }
        }
    }
}

/// [`releases_with_equal_headers_evaluate_alike`] over a whole grid rather than samples: every SM120
/// block-scaled and SM90/SM100 builder configuration of 64/128/256 tiles, both kernel kinds, three
/// operand pairs, C present or void, every builder schedule and four stage policies, on every release.
#[test]
fn releases_with_equal_headers_evaluate_alike_on_the_grid() {
    let mut compared = 0usize;
    let pairs =
        [(Operand::Nvfp4, Operand::Nvfp4), (Operand::Mxfp8E4m3, Operand::Mxfp6E2m3), (Operand::E4m3, Operand::E4m3)];
    for arch in [Arch::Sm120, Arch::Sm90, Arch::Sm100] {
        for kind in KernelKind::ALL {
            for (a, b) in pairs {
                for c in [Output::Bf16, Output::Void] {
                    for m in [64, 128, 256] {
                        for n in [64, 128, 256] {
                            for k in [64, 128, 256] {
                                for schedule in [Schedule::Auto, Schedule::Cooperative, Schedule::Pingpong] {
                                    for stages in [
                                        StagePolicy::Auto,
                                        StagePolicy::AutoNoCarveout,
                                        StagePolicy::Fixed(2),
                                        StagePolicy::Fixed(4),
                                    ] {
                                        let cfg = KernelConfig {
                                            arch,
                                            schedule,
                                            stages,
                                            ..KernelConfig::sm120(kind, a, b, c, Output::Bf16, Tile { m, n, k })
                                        };
                                        let mut seen: Vec<(Headers, Evaluation)> = Vec::new();
                                        for &v in CutlassVersion::ALL {
                                            let Ok(e) =
                                                evaluate_with(&KernelConfig { cutlass: v, ..cfg }, Detail::Sizes)
                                            else {
                                                continue;
                                            };
                                            let e = without_prose(e);
                                            match seen.iter().find(|(h, _)| *h == v.headers()) {
                                                Some((_, first)) => {
                                                    assert_eq!(first, &e, "{cfg:?} on {v}");
                                                    compared += 1;
                                                }
                                                None => seen.push((v.headers(), e)),
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // Most of the grid is modelled on most releases: the comparison is not vacuous.
    assert!(compared > 50_000, "{compared}");
}
