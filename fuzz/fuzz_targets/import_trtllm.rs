//! `smem_lint::fuzzing::import_trtllm` under libFuzzer: a panic or a broken invariant is a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = smem_lint::fuzzing::import_trtllm(data) {
        panic!("invariant broken: {e}");
    }
});
