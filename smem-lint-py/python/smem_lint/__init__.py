"""Does a CUTLASS GEMM configuration fit in shared memory? smem-lint's exact model, in Python.

A configuration is a mapping with the keys of a ``smem-lint eval`` JSON line: ``arch`` (``"sm120"``,
``"sm121"``), ``family`` (``"blockscaled"`` by default, ``"blockwise"`` with ``granularity``,
``"f8f6f4"``), ``kernel`` (``"dense"``, ``"grouped"``), ``a``, ``b``, ``c``, ``d``, ``tile`` ``[M, N, K]``,
``schedule``, ``stages`` (``"auto"`` or an int), ``cluster``, ``fusion``, ``epilogue``, ``cutlass``
and an optional ``id``. The same Rust front end reads it as the CLI does, so every answer equals
``smem-lint eval``'s.
"""

from __future__ import annotations

import enum
import json
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native

__all__ = [
    "SmemLintError",
    "evaluate",
    "explain",
    "launchable",
    "check_files",
    "releases",
    "operation_fields",
    "check_operation",
    "check_kernel_name",
    "filter_operations",
    "__version__",
]

__version__: str = _native.__version__


class SmemLintError(ValueError):
    """Bad input: an unknown key or value, a value of the wrong type, or a configuration outside
    what the model covers. The message names the key and the allowed values."""


def _config_json(config: Mapping[str, Any]) -> str:
    if not isinstance(config, Mapping):
        raise SmemLintError(f"a configuration is a mapping of eval keys, not {type(config).__name__}")
    try:
        return json.dumps(dict(config))
    except (TypeError, ValueError) as e:
        raise SmemLintError(f"the configuration is not JSON-like: {e}") from None
    except RecursionError:
        # A value nested deeper than Python's recursion limit; a configuration is flat.
        raise SmemLintError("the configuration nests too deeply to be a configuration") from None


def _archs(archs: Optional[Sequence[str]]) -> Optional[List[str]]:
    if archs is None:
        return None
    if isinstance(archs, str):
        return [archs]
    return [str(a) for a in archs]


def _call(f: Any, *args: Any) -> Any:
    try:
        return json.loads(f(*args))
    except ValueError as e:
        if isinstance(e, json.JSONDecodeError):
            raise
        raise SmemLintError(str(e)) from None


def evaluate(
    config: Mapping[str, Any],
    *,
    cutlass: Optional[str] = None,
    archs: Optional[Sequence[str]] = None,
) -> Dict[str, Any]:
    """Evaluate one configuration.

    Returns the keys of ``smem-lint eval``'s output line: ``compiles``, ``code``, ``message`` and
    ``suggestions`` when the kernel cannot launch (what ``smem-lint check`` reports for it), and either ``reason`` (the
    CUTLASS ``static_assert`` text) or ``kernel_bytes``, ``mainloop_bytes``, ``epilogue_bytes``,
    ``stages``, ``cap_bytes``, ``fits``, ``buildable`` and ``launchable``; plus ``verdicts``, one per
    architecture in ``archs`` (default: the configuration's ``arch``), each with ``status``
    (``"fits"``, ``"exceeds"``, ``"rejected"``, ``"unbuildable"``), ``headroom_bytes`` or
    ``over_bytes``, ``auto_overflow`` and ``largest_fitting_stages``.

    ``cutlass`` overrides the configuration's release (``"4.4.2"``; default the newest modelled).
    Raises :class:`SmemLintError` for bad input.
    """
    return _call(_native.evaluate, _config_json(config), cutlass, _archs(archs))


def explain(
    config: Mapping[str, Any],
    *,
    cutlass: Optional[str] = None,
    archs: Optional[Sequence[str]] = None,
) -> Dict[str, Any]:
    """The member-by-member breakdown of the kernel's ``SharedStorage`` (``smem-lint explain
    --format json``): every member and padding gap, which add up to ``kernel_bytes``."""
    return _call(_native.explain, _config_json(config), cutlass, _archs(archs))


def launchable(
    configs: Iterable[Mapping[str, Any]],
    *,
    archs: Sequence[str] = ("sm120",),
    cutlass: Optional[str] = None,
) -> List[Mapping[str, Any]]:
    """The configurations (the same objects, in order) that launch on every architecture in
    ``archs``: they compile, can be built and fit the cap. Raises :class:`SmemLintError` on the first
    bad configuration rather than dropping it."""
    kept = []
    for c in configs:
        r = evaluate(c, cutlass=cutlass, archs=archs)
        if all(v["launchable"] for v in r["verdicts"]):
            kept.append(c)
    return kept


def check_files(
    paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
) -> List[Dict[str, Any]]:
    """Run the TOML lint (``smem-lint check``) over files and directories; returns its findings as
    dicts (``file``, ``line``, ``column``, ``code``, ``severity``, ``kernel``, ``archs``,
    ``message``, ...). ``paths`` is one path or several. Input errors in the files are findings with
    severity ``"error"`` and an input-error code; an unreadable path raises :class:`SmemLintError`."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]  # one path, not the characters of one
    names = [os.fsdecode(p) for p in paths]
    return _call(_native.check_files, names)["findings"]


def releases() -> List[str]:
    """Every CUTLASS release the model knows, oldest first."""
    return list(_native.releases())


def _enum_name(x: Any) -> Optional[str]:
    if x is None:
        return None
    return str(getattr(x, "name", x))


def operation_fields(op: Any) -> Dict[str, Any]:
    """What a cutlass_library ``GemmOperation`` gives CUTLASS's C++ emitter, as plain data: its
    procedural name, architecture, gemm kind, operator class, A/B/C/D (element, layout, alignment),
    scale factors, accumulator and epilogue compute types, tile, instruction and cluster shapes,
    stage count, kernel and epilogue schedules, tile scheduler and epilogue functor, by their
    cutlass_library enum names. Works with the ``nvidia-cutlass`` wheel's ``cutlass_library`` and the
    copies FlashInfer and TensorRT-LLM vendor (it reads attributes, it imports nothing)."""
    td = op.tile_description
    mi = td.math_instruction

    def tensor(t: Any) -> Dict[str, Any]:
        return {"element": _enum_name(t.element), "layout": _enum_name(t.layout), "alignment": int(t.alignment)}

    functor = op.epilogue_functor
    fields: Dict[str, Any] = {
        "name": op.procedural_name(),
        "arch": int(op.arch),
        "gemm_kind": _enum_name(op.gemm_kind),
        "opcode_class": _enum_name(mi.opcode_class),
        "math_operation": _enum_name(mi.math_operation),
        "a": tensor(op.A),
        "b": tensor(op.B),
        "c": tensor(op.C),
        "d": tensor(op.D),
        "accumulator": _enum_name(op.accumulator_type()),
        "element_epilogue": _enum_name(op.element_epilogue),
        "tile_shape": [int(x) for x in td.tile_shape],
        "instruction_shape": [int(x) for x in mi.instruction_shape],
        "cluster_shape": [int(x) for x in td.cluster_shape],
        "stages": int(td.stages),
        "kernel_schedule": _enum_name(op.kernel_schedule),
        "epilogue_schedule": _enum_name(op.epilogue_schedule),
        "tile_scheduler": _enum_name(op.tile_scheduler),
        "epilogue_functor": _enum_name(functor) if isinstance(functor, enum.Enum) else "custom",
        "mixed_input_mode": _enum_name(getattr(op, "mixed_input_mode", None)),
        "complex": bool(op.is_complex()),
    }
    if getattr(op, "ScaleFactorA", None) is not None:
        fields["sf_a"] = _enum_name(op.ScaleFactorA)
        fields["sf_b"] = _enum_name(op.ScaleFactorB)
        sfd = getattr(op, "ScaleFactorD", None)
        if sfd is not None:
            fields["sfd"] = {
                "element": _enum_name(sfd.element),
                "layout": _enum_name(sfd.layout),
                "vector_size": int(getattr(op, "ScaleFactorVectorSize", None) or 0),
            }
    if getattr(op, "ScaleFactorMVecSize", None) is not None:
        fields["blockwise"] = [int(op.ScaleFactorMVecSize), int(op.ScaleFactorNVecSize), int(op.ScaleFactorKVecSize)]
    return fields


def check_operation(
    op: Any,
    *,
    cutlass: Optional[str] = None,
    archs: Optional[Sequence[str]] = None,
) -> Dict[str, Any]:
    """Evaluate a cutlass_library ``GemmOperation`` (or the dict :func:`operation_fields` makes of
    one) as CUTLASS's emitter would instantiate it.

    When the model can express the kernel: :func:`evaluate`'s result for it, plus ``name`` (the
    procedural name), ``modelled: True`` and ``config`` (the configuration, which :func:`evaluate`
    answers the same for). Otherwise ``modelled: False`` and ``reasons``, every part the model cannot
    express or refuses (a sparse kernel, a custom epilogue functor, a schedule older than its model, ...):
    never a guess. ``cutlass`` is the release whose cutlass_library built the operation (default: the
    newest modelled); ``archs`` default to the kernel's (SM120 kernels: sm120 and sm121)."""
    fields = op if isinstance(op, Mapping) else _fields_of(op)
    try:
        text = json.dumps(dict(fields))
    except (TypeError, ValueError) as e:
        raise SmemLintError(f"the operation's fields are not JSON-like: {e}") from None
    return _call(_native.check_operation, text, cutlass, _archs(archs))


def _fields_of(op: Any) -> Dict[str, Any]:
    """:func:`operation_fields` of ``op``, or :class:`SmemLintError` when ``op`` is no cutlass_library
    operation (``None``, a number, a string, a list): never an ``AttributeError`` from inside."""
    try:
        return operation_fields(op)
    except (AttributeError, TypeError) as e:
        raise SmemLintError(
            f"expected a cutlass_library GemmOperation (or the dict operation_fields makes of one), "
            f"not {type(op).__name__}: {e}"
        ) from None


def check_kernel_name(
    name: str,
    *,
    cutlass: Optional[str] = None,
    archs: Optional[Sequence[str]] = None,
) -> Dict[str, Any]:
    """:func:`check_operation` for a CUTLASS library kernel name (``cutlass3x_sm120_...``), read as
    ``smem-lint import-cutlass`` reads it."""
    return _call(_native.check_kernel_name, str(name), cutlass, _archs(archs))


def _why(r: Mapping[str, Any]) -> str:
    if not r["modelled"]:
        return "not modelled: " + "; ".join(r["reasons"])
    for v in r["verdicts"]:
        if v["launchable"]:
            continue
        if v["status"] == "exceeds":
            return f"needs {v['kernel_bytes']} bytes of shared memory, {v['over_bytes']} over {v['arch']}'s cap"
        if v["status"] == "rejected":
            return f"CUTLASS rejects it at compile time: {v['reason']}"
        if v["status"] == "unbuildable":
            return f"compiles but cannot be built: {v['reason']}"
        return f"does not launch on {v['arch']}"
    return "does not launch"


def filter_operations(
    operations: Iterable[Any],
    *,
    archs: Optional[Sequence[str]] = None,
    cutlass: Optional[str] = None,
) -> Tuple[List[Any], List[Tuple[Any, str]]]:
    """Split cutlass_library operations into those that launch on every architecture of ``archs``
    (default: each kernel's own) and the others, each with why: ``(kept, [(op, reason), ...])``, in
    the order given. An operation the model cannot express is dropped as ``"not modelled: ..."``.
    Call it on a generator's operations before it writes its files."""
    kept: List[Any] = []
    dropped: List[Tuple[Any, str]] = []
    if isinstance(operations, (str, bytes, Mapping)) or not hasattr(operations, "__iter__"):
        raise SmemLintError(f"expected an iterable of cutlass_library operations, not {type(operations).__name__}")
    for op in operations:
        r = check_operation(op, cutlass=cutlass, archs=archs)
        if r["modelled"] and all(v["launchable"] for v in r["verdicts"]):
            kept.append(op)
        else:
            dropped.append((op, _why(r)))
    return kept, dropped
