"""Filter real generators' instantiation lists before anything is compiled."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import SmemLintError, _native, evaluate, filter_operations

__all__ = ["trtllm_moe_instantiations", "filter_trtllm_moe", "filter_manifest"]


def trtllm_moe_instantiations(source: str) -> List[Dict[str, Any]]:
    """The ``INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM`` calls of a TensorRT-LLM / FlashInfer
    generated source (FlashInfer's ``flashinfer/jit/gemm/cutlass/generate_kernels.py`` writes them for
    SM90, SM100, SM103 and SM120) as smem-lint configurations, one per distinct kernel. The operands
    are ``a`` = activation, ``b`` = weight; ``epilogue`` names the launcher's fusion and ``swap_ab``;
    SM90/SM100 calls also carry the layouts, cluster and schedules the launcher picks. A call no
    configuration can say (SM103, the ACTIVATION fusion, ...) is ``{"id", "arch", "call",
    "not_modelled": [reasons]}``."""
    try:
        return json.loads(_native.trtllm_moe_instantiations(source))
    except ValueError as e:
        raise SmemLintError(str(e)) from None


def filter_trtllm_moe(
    source: str,
    *,
    archs: Optional[Sequence[str]] = None,
    cutlass: str = "4.5.0",
) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """Split a generated MoE instantiation list into (kept, dropped): kept launch on every
    architecture; each dropped configuration carries its ``evaluate`` result under ``"smem"`` (the
    bytes it needs and why it cannot launch), or, when the model cannot evaluate it, its reasons under
    ``"not_modelled"``. ``archs`` are the targets of SM120 calls (default sm120 and sm121); other calls
    are checked on the architecture they are built for. ``cutlass`` defaults to 4.5.0, the release
    FlashInfer 0.7.4 bundles."""
    kept, dropped = [], []
    sm120 = tuple(archs) if archs is not None else ("sm120", "sm121")
    for cfg in trtllm_moe_instantiations(source):
        if "not_modelled" in cfg:
            dropped.append(cfg)
            continue
        targets = sm120 if cfg["arch"] in ("sm120", "sm121") else (cfg["arch"],)
        try:
            r = evaluate(cfg, cutlass=cutlass, archs=targets)
        except SmemLintError as e:
            dropped.append({**cfg, "not_modelled": [str(e)]})
            continue
        if all(v["launchable"] for v in r["verdicts"]):
            kept.append(cfg)
        else:
            dropped.append({**cfg, "smem": r})
    return kept, dropped


def filter_manifest(
    manifest: Any,
    *,
    archs: Optional[Sequence[str]] = None,
    cutlass: Optional[str] = None,
) -> List[Tuple[Any, str]]:
    """Drop from a cutlass_library ``Manifest`` every GEMM operation that does not launch (or that
    the model cannot express), before ``manifest.emit()`` writes the kernel sources; returns the
    dropped operations with why (:func:`smem_lint.filter_operations`). Other operation kinds
    (convolutions, rank-k, ...) are left as they are."""
    dropped: List[Tuple[Any, str]] = []
    for kind, by_cc in manifest.operations.items():
        if getattr(kind, "name", "") != "Gemm":
            continue
        for configurations in by_cc.values():
            for configuration, ops in list(configurations.items()):
                kept, gone = filter_operations(ops, archs=archs, cutlass=cutlass)
                dropped.extend(gone)
                if kept:
                    configurations[configuration] = kept
                else:
                    del configurations[configuration]
    names = {op.procedural_name() for op, _ in dropped}
    if names:
        manifest.selected_kernels = [n for n in manifest.selected_kernels if n not in names]
        for n in names:
            manifest.operations_by_name.pop(n, None)
        manifest.operation_count = sum(
            len(ops) for by_cc in manifest.operations.values() for c in by_cc.values() for ops in c.values()
        )
    return dropped
