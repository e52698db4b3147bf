use smem_lint_macros::smem_check;

#[smem_check(sm130, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 128])]
pub struct Future;

#[smem_check(sm110, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 128])]
pub struct Thor;

fn main() {}
