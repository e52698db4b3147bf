#![deny(warnings)] // the marker-field form compiles without a warning (dead_code on the fields)
use smem_lint::markers::*;
use smem_lint::SmemChecked;
use smem_lint_macros::smem_check;

#[smem_check(sm120, cutlass = "4.5.0")]
#[derive(Default)]
pub struct MoeGemm {
    kernel: Grouped,
    a: Nvfp4,
    b: Nvfp4,
    c: Bf16,
    d: Bf16,
    tile: Tile<128, 128, 128>,
    stages: StagesAuto,
}

fn main() {
    let _ = MoeGemm::default();
    assert_eq!(MoeGemm::KERNEL_BYTES, 89088);
    assert_eq!(MoeGemm::NAME, "MoeGemm");
    let table = smem_lint::emit::render(smem_lint::emit::Format::CppXmacro, &[smem_lint::table_entry::<MoeGemm>()], &[smem_lint::model::Arch::Sm120]);
    assert!(table.contains("X(MoeGemm, grouped, nvfp4, nvfp4, bf16, bf16, 128, 128, 128, auto, 4, 89088, blockscaled, builder)"));
}
