use smem_lint_macros::smem_check;

#[smem_check(sm120, kernel = dense, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 128], stages = 1)]
pub struct OneStage;

#[smem_check(sm120, kernel = dense, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 512])]
pub struct AutoOneStage;

fn main() {}
