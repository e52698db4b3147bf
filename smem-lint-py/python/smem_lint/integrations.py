"""Filter real generators' instantiation lists before anything is compiled."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Sequence, Tuple

from . import SmemLintError, _native, evaluate

__all__ = ["trtllm_moe_instantiations", "filter_trtllm_moe"]


def trtllm_moe_instantiations(source: str) -> List[Dict[str, Any]]:
    """The ``INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM`` calls of a TensorRT-LLM / FlashInfer
    generated source (FlashInfer's ``flashinfer/jit/gemm/cutlass/generate_kernels.py``
    ``generate_sm120_operations()`` writes them) as smem-lint configurations; the SM120 ones only.
    The operands are ``a`` = activation, ``b`` = weight; ``epilogue`` names the launcher's fusion and
    ``swap_ab``."""
    try:
        return json.loads(_native.trtllm_moe_instantiations(source))
    except ValueError as e:
        raise SmemLintError(str(e)) from None


def filter_trtllm_moe(
    source: str,
    *,
    archs: Sequence[str] = ("sm120", "sm121"),
    cutlass: str = "4.5.0",
) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """Split a generated MoE instantiation list into (kept, dropped): kept launch on every
    architecture; each dropped configuration carries its ``evaluate`` result under ``"smem"`` (the
    bytes it needs and why it cannot launch). ``cutlass`` defaults to 4.5.0, the release FlashInfer
    0.7.4 bundles."""
    kept, dropped = [], []
    for cfg in trtllm_moe_instantiations(source):
        r = evaluate(cfg, cutlass=cutlass, archs=archs)
        if all(v["launchable"] for v in r["verdicts"]):
            kept.append(cfg)
        else:
            dropped.append({**cfg, "smem": r})
    return kept, dropped
