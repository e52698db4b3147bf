use smem_lint_macros::smem_check;

#[smem_check(sm120, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 256], stages = 4.5, tiles = [1, 2, 3])]
pub struct Malformed;

#[smem_check(sm120, a = nvfp4, b = nvfp4, c = bf16, d = bf16, tile = [128, 128, 128], schedule(pingpong))]
pub struct ListArg;

#[smem_check(a = nvfp4, b = nvfp4, c = bf16, d = bf16)]
pub struct NoArchNoTile;

fn main() {}
