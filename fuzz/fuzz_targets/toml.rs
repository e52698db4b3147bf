//! `smem_lint::fuzzing::toml` under libFuzzer: a panic or a broken invariant is a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = smem_lint::fuzzing::toml(data) {
        panic!("invariant broken: {e}");
    }
});
