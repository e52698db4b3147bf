//! TensorRT-LLM's MoE launcher epilogues on SM100 (`moe_gemm_tma_ws_launcher.inl` as FlashInfer
//! vendors it): what the model reads from the headers, held to their structure. The sizes are held
//! to nvcc by `agreement.rs` (every `tests/data/sm100-*.jsonl` row, the MoE records among them).

use smem_lint::jsonl::parse_config;
use smem_lint::model::{evaluate, ConfigField, Evaluation};

fn config(line: &str) -> smem_lint::model::KernelConfig {
    parse_config(line, None).expect("the line parses").1
}

fn compiled(line: &str) -> smem_lint::model::Footprint {
    match evaluate(&config(line)).expect("modelled") {
        Evaluation::Compiled(f) => f,
        other @ Evaluation::Rejected(_) => panic!("{line}: {other:?}"),
    }
}

const NOSMEM: &str = r#"{"arch":"sm100","cutlass":"4.5.0","kernel":"grouped","a":"bf16","b":"bf16","c":"void","d":"bf16","tile":[128,128,64],"schedule":"KernelPtrArrayTmaWarpSpecialized1SmSm100","epilogue_schedule":"PtrArrayNoSmemWarpSpecialized1Sm","epilogue":"trtllm-moe"}"#;

/// `Sm100TmaWarpSpecializedAdapter<CollectiveEpilogue<Sm100PtrArrayNoSmem, ...>>`: its `SharedStorage`
/// is the wrapped collective's, a struct that only declares two nested types, so the carve-out is 1
/// byte, and the kernel keeps the empty tensor and tensormap storage and the zero-stage pipeline.
#[test]
fn the_no_smem_epilogue_is_an_empty_struct() {
    let f = compiled(NOSMEM);
    assert_eq!(f.epilogue_bytes, 1);
    // Renamed where the kernel places them: its epilogue tensors, each tensormap copy's epilogue
    // maps (both the empty struct) and the epi_load pipeline (two empty cute::array<Barrier, 0>).
    let size_of = |path: &str| f.members.iter().find(|m| m.path == path).map(|m| m.size);
    assert_eq!(size_of("SharedStorage.tensors.epilogue"), Some(1), "{:?}", f.members);
    assert_eq!(size_of("SharedStorage.tensormaps[5].[0].epilogue"), Some(1), "{:?}", f.members);
    assert_eq!(size_of("SharedStorage.pipelines.epi_load"), Some(2), "{:?}", f.members);
    // The TMA epilogue of the same call keeps buffers: a larger carve-out, never more stages.
    let tma = compiled(&NOSMEM.replace("PtrArrayNoSmemWarpSpecialized1Sm", "PtrArrayTmaWarpSpecialized1Sm"));
    assert!(tma.epilogue_bytes > 1 && tma.stages <= f.stages, "{tma:?}");
}

/// What the no-smem epilogue is not modelled for: block-scaled kernels (the builder's fusion-callback
/// collective), other fusions, releases before 4.4.2, and FINALIZE (never generated with it).
#[test]
fn the_no_smem_epilogue_refuses_what_was_not_measured() {
    let block_scaled = NOSMEM
        .replace(r#""a":"bf16","b":"bf16""#, r#""a":"nvfp4","b":"nvfp4""#)
        .replace("[128,128,64]", "[128,128,256]")
        .replace("KernelPtrArrayTmaWarpSpecialized1SmSm100", "KernelPtrArrayTmaWarpSpecialized1SmNvf4Sm100");
    let cases = [
        (block_scaled, ConfigField::EpilogueSchedule),
        (NOSMEM.replace("4.5.0", "4.2.0"), ConfigField::Cutlass),
        (NOSMEM.replace("\"trtllm-moe\"", "\"trtllm-moe-finalize\""), ConfigField::EpilogueSchedule),
    ];
    for (line, at) in cases {
        let e = evaluate(&config(&line)).expect_err("refused");
        assert_eq!(e.at, at, "{line}: {e}");
        assert!(!e.out_of_bounds, "{line}: refused as not modelled");
    }
}

/// FINALIZE: D is void, so the collective stores D as the fusion's `ElementAux` (the output type)
/// exactly as NONE does, and the scatter EVT keeps one `Sm90RowBroadcast` row of the CTA's N: the
/// bias (output type) without swap, the router scales (float) with it.
#[test]
fn finalize_adds_the_scatter_row_to_none() {
    let none = r#"{"arch":"sm100","cutlass":"4.5.0","kernel":"grouped","a":"bf16","b":"bf16","c":"void","d":"bf16","tile":[128,256,64],"schedule":"KernelPtrArrayTmaWarpSpecialized1SmSm100","epilogue_schedule":"PtrArrayTmaWarpSpecialized1Sm","epilogue":"trtllm-moe"}"#;
    for (epilogue, row) in [("trtllm-moe-finalize", "bias row"), ("trtllm-moe-finalize-swap-ab", "router scales")] {
        let line = none.replace("\"trtllm-moe\"", &format!("\"{epilogue}\""));
        let line = if epilogue.ends_with("swap-ab") {
            line.replace(r#""d":"bf16""#, r#""d":"bf16","layout_c":"col","layout_d":"col""#)
        } else {
            line
        };
        let f = compiled(&line);
        // array_aligned<ElementInput, size<1>(CtaTileShapeMNK)>: 256 columns of bf16 or float.
        let bytes = if epilogue.ends_with("swap-ab") { 256 * 4 } else { 256 * 2 };
        let thread = f.members.iter().find(|m| m.path.contains(row) && m.path.contains("scatter EVT"));
        assert_eq!(thread.map(|m| m.size), Some(bytes), "{epilogue}: {:?}", f.members);
        let base = compiled(&if epilogue.ends_with("swap-ab") {
            none.replace("\"trtllm-moe\"", "\"trtllm-moe-swap-ab\"")
                .replace(r#""d":"bf16""#, r#""d":"bf16","layout_c":"col","layout_d":"col""#)
        } else {
            none.to_string()
        });
        // The row can fall in the padding the swizzle alignment leaves: never smaller, never more stages.
        assert!(f.epilogue_bytes >= base.epilogue_bytes && f.stages <= base.stages, "{epilogue}: {f:?} vs {base:?}");
    }
}
