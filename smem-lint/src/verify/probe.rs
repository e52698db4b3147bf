//! Host-side probe programs: each configuration instantiated through CUTLASS's CollectiveBuilders
//! exactly as the model assumes (the same aliases `emit --cpp-flavor cutlass` writes), printing
//! `sizeof` of the kernel, mainloop and epilogue `SharedStorage` and the stage count.

use std::fmt::Write;

use crate::emit::cutlass_aliases;
use crate::model::KernelConfig;

const HEADER: &str = r#"#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/arch/arch.h"
#include "cute/tensor.hpp"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/gemm/group_array_problem_shape.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/epilogue/collective/collective_builder.hpp"
"#;

const KERNELS: &str = r#"#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/detail/blockwise_scale_layout.hpp"
"#;

/// SM100 kernels `static_assert` their size against `sm100_smem_capacity_bytes` as soon as the kernel
/// type exists. To measure over-capacity sizes (which CUTLASS then refuses), the identifier is renamed
/// while the kernel headers are read only; the builders, included before, keep the real capacity.
/// The method of `../shared/oracle/sm100_probe.py`.
const KERNELS_CAPACITY_LIFTED: &str = r#"namespace cutlass::arch { constexpr int sm100_smem_capacity_bytes_probe_lifted = 1 << 30; }
#define sm100_smem_capacity_bytes sm100_smem_capacity_bytes_probe_lifted
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#undef sm100_smem_capacity_bytes
#include "cutlass/detail/blockwise_scale_layout.hpp"
static_assert(cutlass::arch::sm100_smem_capacity_bytes == 232448, "probe: the lifted capacity leaked into the builders");
"#;

/// The CUTLASS 2.x kernels (SM80-SM89): `device::GemmUniversal`, and TensorRT-LLM's `MoeFCGemm`
/// (its header includes the SM90 MoE traits header, which it does not use: the probe directory
/// holds an empty stand-in, found only when the TensorRT-LLM tree given has none).
const HEADER_2X: &str = r#"#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/gemm/device/gemm_universal.h"
#include "cutlass/epilogue/thread/linear_combination.h"
"#;

const GROUPED_2X: &str = r#"#include "cutlass/gemm/kernel/default_gemm_grouped.h"
#include "cutlass_extensions/gemm/kernel/moe_cutlass_kernel.h"
"#;

/// Where the probe directory's stand-in for the header `moe_cutlass_kernel.h` includes lives.
pub(crate) const MOE_TRAITS_STANDIN: &str =
    "tensorrt_llm/kernels/cutlass_kernels/moe_gemm/moe_tma_warp_specialized_traits.h";

/// Whether a configuration's probe instantiates TensorRT-LLM's SM80 `MoeFCGemm`.
pub(crate) fn needs_moe_2x(cfg: &KernelConfig) -> bool {
    crate::emit::is_cutlass2(cfg.arch) && cfg.kind == crate::model::KernelKind::Grouped
}

/// The `-arch` a configuration's probe is compiled for.
pub(crate) fn nvcc_arch(cfg: &KernelConfig) -> &'static str {
    match cfg.arch {
        crate::model::Arch::Sm80 => "sm_80",
        crate::model::Arch::Sm86 => "sm_86",
        crate::model::Arch::Sm87 => "sm_87",
        crate::model::Arch::Sm89 => "sm_89",
        crate::model::Arch::Sm90 => "sm_90a",
        crate::model::Arch::Sm100 | crate::model::Arch::Sm103 | crate::model::Arch::Sm110 => "sm_100a",
        _ => "sm_120a",
    }
}

/// The marker a probe prints before each result line.
pub(crate) const RESULT_PREFIX: &str = "SMEM_LINT_PROBE ";

/// One translation unit for `configs` (index `i` is printed as the first field).
pub fn translation_unit(configs: &[(usize, KernelConfig)]) -> String {
    // One translation unit compiles for one -arch: CUTLASS 2.x probes never share one with 3.x ones.
    let cutlass2 = configs.iter().any(|(_, c)| crate::emit::is_cutlass2(c.arch));
    let mut s = String::from(if cutlass2 { HEADER_2X } else { HEADER });
    let sm100 = configs.iter().any(|(_, c)| nvcc_arch(c) == "sm_100a");
    if cutlass2 {
        if configs.iter().any(|(_, c)| needs_moe_2x(c)) {
            s.push_str(GROUPED_2X);
        }
    } else {
        s.push_str(if sm100 { KERNELS_CAPACITY_LIFTED } else { KERNELS });
    }
    if configs.iter().any(|(_, c)| matches!(c.epilogue, crate::model::Epilogue::TrtllmMoe { .. })) {
        let _ = writeln!(s, "#include \"{}\"", crate::emit::TRTLLM_SCATTER_HEADER);
    }
    if configs.iter().any(|(_, c)| matches!(c.fusion, crate::model::Fusion::Evt(t) if t.uses_vllm_nodes())) {
        for h in crate::emit::VLLM_BROADCAST_HEADERS {
            let _ = writeln!(s, "#include \"{h}\"");
        }
    }
    for (i, cfg) in configs {
        let _ = write!(
            s,
            "\nnamespace probe{i} {{\n{}void run() {{\n  std::printf(\"{RESULT_PREFIX}{i} %zu %zu %zu %d\\n\", sizeof(typename GemmKernel::SharedStorage), sizeof(typename CollectiveMainloop::SharedStorage), sizeof(typename CollectiveEpilogue::SharedStorage), (int){stages_expr});\n}}\n}}\n",
            cutlass_aliases(cfg, None),
            // The sparse dispatch policies stage A, B and the metadata apart; the model's stages are
            // A's. A 2.x mainloop (`MmaBase`) has `kStages`.
            stages_expr = if crate::emit::is_cutlass2(cfg.arch) {
                "CollectiveMainloop::kStages"
            } else if cfg.kind == crate::model::KernelKind::Sparse {
                "CollectiveMainloop::DispatchPolicy::StagesA"
            } else {
                "CollectiveMainloop::DispatchPolicy::Stages"
            }
        );
    }
    s.push_str("\nint main() {\n");
    for (i, _) in configs {
        let _ = writeln!(s, "  probe{i}::run();");
    }
    s.push_str("  return 0;\n}\n");
    s
}

/// Parse a probe's output: `(index, kernel, mainloop, epilogue, stages)` per line.
pub fn parse_output(stdout: &str) -> Vec<(usize, u64, u64, u64, u64)> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix(RESULT_PREFIX))
        .filter_map(|l| {
            let v: Vec<u64> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            (v.len() == 5).then(|| (v[0] as usize, v[1], v[2], v[3], v[4]))
        })
        .collect()
}

/// The first compile error of a compiler's output in a source file: `file(line): error: ...` from
/// nvcc's front end, `file:line:col: error: ...` from the host compiler, shortened; `None` when
/// there is none, which means the compiler did not get to compile the code. What is not CUTLASS
/// rejecting the code does not count: a `#error` directive (a header refusing the host compiler:
/// "unsupported GNU version"), a fatal error (a missing include), or an error of a tool rather than
/// of a file (`ld.lld: error:`, `g++: error: unrecognized command-line option`, `nvcc fatal`).
pub fn compile_error(stderr: &str) -> Option<String> {
    stderr.lines().find_map(|l| {
        let (location, message) = l.split_once(": error:").or_else(|| l.split_once("): error"))?;
        let message = message.trim_start_matches(':').trim();
        let in_a_file = l.contains("): error") || located(location);
        (in_a_file && !message.starts_with("#error")).then(|| message.chars().take(300).collect())
    })
}

/// Whether `text` ends with a source location, `file:LINE` or `file:LINE:COL`.
fn located(text: &str) -> bool {
    let mut parts = text.rsplit(':');
    let numbers = parts.by_ref().take_while(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())).count();
    (1..=2).contains(&numbers) && text.split(':').count() > numbers
}

/// The first line of a compiler's output that says what went wrong, for a toolchain failure.
pub fn toolchain_error(stderr: &str) -> Option<&str> {
    let lines = || stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    lines().find(|l| l.contains("error") || l.contains("fatal")).or_else(|| lines().next_back())
}
