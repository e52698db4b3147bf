use smem_lint::SmemChecked;
use smem_lint_macros::smem_check;

// The fix the over-the-cap error suggests: three stages.
#[smem_check(sm120, kernel = grouped, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256, 128], stages = 3)]
pub struct MoeGemm128x256;

#[smem_check(sm120, sm121, cutlass = "4.2.0", kernel = dense, a = mxfp8e4m3, b = mxfp6e2m3, c = bf16, d = bf16, tile = [128, 128, 128], schedule = pingpong)]
struct Mixed<T> {
    _t: std::marker::PhantomData<T>,
}

// vLLM's SM120 blockwise FP8 GEMM for M <= 256 (CUTLASS 4.4.2): measured 89088 bytes, 3 stages
// (sm120-fp8-families-*.jsonl).
#[smem_check(sm120, sm121, cutlass = "4.4.2", family = blockwise, granularity = [1, 128, 128], a = e4m3, b = e4m3, c = bf16, d = bf16, tile = [64, 128, 128], schedule = pingpong)]
pub struct VllmBlockwise;

fn main() {
    assert_eq!(VllmBlockwise::KERNEL_BYTES, 89088);
    assert_eq!(VllmBlockwise::STAGES, 3);
    assert_eq!(MoeGemm128x256::KERNEL_BYTES, 98304);
    assert_eq!(MoeGemm128x256::STAGES, 3);
    assert_eq!(MoeGemm128x256::HEADROOM, 101376 - 98304);
    assert_eq!(<Mixed<u8> as SmemChecked>::ARCHS.len(), 2);
    let _ = Mixed::<u8> { _t: std::marker::PhantomData };
}
