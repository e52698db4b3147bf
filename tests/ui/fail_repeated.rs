use smem_lint_macros::smem_check;

// The same argument twice is an error on the second, not "the last one wins".
#[smem_check(sm120, kernel = grouped, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256, 128], stages = 4, stages = 3)]
pub struct Twice;

// A granularity without the blockwise family.
#[smem_check(sm120, a = e4m3, b = e4m3, c = bf16, d = bf16, tile = [128, 128, 128], granularity = [1, 128, 128])]
pub struct Stray;

fn main() {}
