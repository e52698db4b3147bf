use smem_lint_macros::smem_check;

#[smem_check(sm120, kernel = grouped, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256, 128], stages = 4)]
pub struct MoeGemm128x256;

fn main() {}
