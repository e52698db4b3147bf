use smem_lint_macros::smem_check;

#[smem_check(sm120, a = nvfp5, b = nvfp4, c = bf16, d = bfloat16, tile = [128, 128, 128])]
pub struct Typo;

fn main() {}
