use smem_lint::markers::*;
use smem_lint_macros::smem_check;

#[smem_check(sm120)]
pub struct MoeGemm {
    kernel: Grouped,
    a: Nvfp4,
    b: Nvfp4,
    c: Bf16,
    d: Bf16,
    tile: Tile<128, 256, 128>,
    stages: Stages<4>,
}

fn main() {}
