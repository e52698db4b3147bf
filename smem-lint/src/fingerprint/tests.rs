use super::*;
use crate::model::release::{claimed, Sm};

/// The digests of release `v`'s files, read back from the table.
fn digests_of(v: CutlassVersion) -> Vec<Option<String>> {
    table::TABLE
        .iter()
        .map(|f| f.contents.iter().find(|(_, vs)| vs.contains(&v)).and_then(|(d, _)| d.map(str::to_string)))
        .collect()
}

#[test]
fn sources_are_sorted_unique_relative_paths() {
    for w in SOURCES.windows(2) {
        assert!(w[0].path < w[1].path, "{} then {}", w[0].path, w[1].path);
    }
    for s in SOURCES {
        assert!(s.path.starts_with("cute/") || s.path.starts_with("cutlass/"), "{}", s.path);
        assert!(!s.path.contains(".."), "{}", s.path);
        assert_ne!(s.path, "cutlass/version.h", "version.h names the release, it is not compared");
    }
}

/// The generated table is about exactly the listed files, each with every known release once. A
/// file added to or removed from `SOURCES` fails here until the table is regenerated
/// (`cargo run -p smem-lint --example fingerprints`).
#[test]
fn table_is_fresh_for_the_file_list() {
    let listed: Vec<&str> = SOURCES.iter().map(|s| s.path).collect();
    let tabled: Vec<&str> = table::TABLE.iter().map(|f| f.path).collect();
    assert_eq!(tabled, listed, "fingerprint/table.rs is stale: run `cargo run -p smem-lint --example fingerprints`");
    for f in table::TABLE {
        for v in CutlassVersion::ALL {
            let n = f.contents.iter().filter(|(_, vs)| vs.contains(v)).count();
            assert_eq!(n, 1, "{}: {v} is listed {n} times", f.path);
        }
        for (d, _) in f.contents {
            if let Some(d) = d {
                assert!(d.len() == 64 && d.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "{d}");
            }
        }
        assert!(f.contents.iter().any(|(d, _)| d.is_some()), "{}: in no release", f.path);
    }
}

/// The field names of [`Headers`](crate::model::Headers), read from its `Debug`.
fn headers_fields() -> Vec<String> {
    let text = format!("{:?}", CutlassVersion::LATEST.headers());
    let inner = text.trim_start_matches("Headers {").trim_end_matches('}');
    inner.split(", ").map(|kv| kv.split(':').next().unwrap_or("").trim().to_string()).collect()
}

/// Every `Headers` fact is read from at least one listed file, and every fact a file names is a
/// field: a fact added to `release.rs` fails here until its headers are listed.
#[test]
fn every_headers_fact_is_fed_by_a_listed_file() {
    let fields = headers_fields();
    assert!(fields.len() >= 8, "{fields:?}");
    for f in &fields {
        assert!(SOURCES.iter().any(|s| s.facts.contains(&f.as_str())), "no listed header feeds Headers::{f}");
    }
    for s in SOURCES {
        for fact in s.facts {
            assert!(fields.iter().any(|f| f == fact), "{}: `{fact}` is not a Headers field", s.path);
        }
    }
}

/// Releases whose listed headers are byte-identical get the same answers: equal `Headers`, equal
/// SM90 and SM100 claims. If this failed, the list would miss a file that a fact or a claim reads.
#[test]
fn byte_identical_releases_share_a_model() {
    let mut groups = 0;
    for (i, a) in CutlassVersion::ALL.iter().enumerate() {
        for b in &CutlassVersion::ALL[i + 1..] {
            if digests_of(*a) == digests_of(*b) {
                groups += 1;
                assert_eq!(a.headers(), b.headers(), "{a} and {b}");
                for sm in [Sm::Sm90, Sm::Sm100] {
                    assert_eq!(claimed(*a, sm).is_ok(), claimed(*b, sm).is_ok(), "{a} and {b} on {sm:?}");
                }
            }
        }
    }
    // 4.3.1 = 4.3.2, 4.3.3 = 4.3.4, 4.4.0 = 4.4.1, 4.4.2 = 4.4.3, 4.5.2 = 4.5.3 and three pairs among
    // 4.6.0-4.6.2 (measured 2026-12-02 on the bundle; 3.9.1 and 3.9.2 differ in the SM90 blockwise
    // collective, listed since issue 37).
    assert_eq!(groups, 8);
}

#[test]
fn an_unknown_release_with_a_known_releases_headers_is_that_release() {
    let (v, note) = recognise("4.99.0", &digests_of(CutlassVersion::V4_7_0), table::TABLE).unwrap();
    assert_eq!(v, CutlassVersion::V4_7_0);
    assert_eq!(
        note,
        format!(
            "CUTLASS 4.99.0 is not a release smem-lint knows; its {} model-relevant headers are byte-identical \
             to 4.7.0's; answering as 4.7.0",
            SOURCES.len()
        )
    );
    // Several known releases share these headers: the newest answers, all are named.
    let (v, note) = recognise("4.6.9", &digests_of(CutlassVersion::V4_6_0), table::TABLE).unwrap();
    assert_eq!(v, CutlassVersion::V4_6_2);
    assert!(note.contains("byte-identical to 4.6.0's, 4.6.1's and 4.6.2's; answering as 4.6.2"), "{note}");
}

#[test]
fn an_unknown_release_with_changed_headers_is_refused_naming_them() {
    let i = SOURCES.iter().position(|s| s.path.ends_with("sm120_blockscaled_mma_builder.inl")).unwrap();
    let j = SOURCES.iter().position(|s| s.path == "cutlass/gemm/kernel/tile_scheduler.hpp").unwrap();
    let mut d = digests_of(CutlassVersion::V4_7_0);
    d[i] = Some(digest(b"changed"));
    d[j] = None;
    let e = recognise("4.8.0", &d, table::TABLE).unwrap_err();
    assert!(e.contains("CUTLASS 4.8.0 is not a release smem-lint knows (3.9.0 to 4.7.0)"), "{e}");
    assert!(e.contains(&format!("2 of {} differ from the nearest, 4.7.0", SOURCES.len())), "{e}");
    assert!(
        e.contains(
            "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl (differs; feeds the SM120 \
             block-scaled family (smem-lint-model/src/families/sm120_blockscaled.rs); Headers: reduced_stage_capacity, \
             sfb_padded_to_128, sm120_narrow_n_tiles)"
        ),
        "{e}"
    );
    assert!(e.contains("cutlass/gemm/kernel/tile_scheduler.hpp (missing; "), "{e}");
    assert!(e.contains("\nhint: "), "{e}");

    // A file the nearest release lacks is new.
    let k = SOURCES.iter().position(|s| s.path.ends_with("sm120_array_mma_builder.inl")).unwrap();
    let mut d = digests_of(CutlassVersion::V4_5_0);
    d[k] = Some(digest(b"arrived early"));
    let e = recognise("4.5.9", &d, table::TABLE).unwrap_err();
    assert!(
        e.contains("from the nearest, 4.5.0") && e.contains("sm120_array_mma_builder.inl (new, not in 4.5.0; "),
        "{e}"
    );

    // Nothing in common with any release: the nearest is still named, the list is cut.
    let none = vec![None; SOURCES.len()];
    let e = recognise("9.0.0", &none, table::TABLE).unwrap_err();
    assert!(e.contains("... and"), "{e}");
    assert_eq!(e.lines().filter(|l| l.starts_with("  ")).count(), 21, "{e}");
}

/// A stale table (a listed file it lacks) recognises nothing: every release differs in that file.
#[test]
fn a_file_missing_from_the_table_is_never_identical() {
    let stale = &table::TABLE[1..];
    let e = recognise("4.99.0", &digests_of(CutlassVersion::V4_7_0), stale).unwrap_err();
    assert!(e.contains(&format!("1 of {} differ", SOURCES.len())) && e.contains(SOURCES[0].path), "{e}");
}

#[test]
fn join_and_reads_as_prose() {
    let s = |v: &[&str]| join_and(&v.iter().map(ToString::to_string).collect::<Vec<_>>());
    assert_eq!(s(&[]), "");
    assert_eq!(s(&["a"]), "a");
    assert_eq!(s(&["a", "b"]), "a and b");
    assert_eq!(s(&["a", "b", "c"]), "a, b and c");
}
