"""Does a CUTLASS GEMM configuration fit in shared memory? smem-lint's exact model, in Python.

A configuration is a mapping with the keys of a ``smem-lint eval`` JSON line: ``arch`` (``"sm120"``,
``"sm121"``), ``family`` (``"blockscaled"`` by default, ``"blockwise"`` with ``granularity``,
``"f8f6f4"``), ``kernel`` (``"dense"``, ``"grouped"``), ``a``, ``b``, ``c``, ``d``, ``tile`` ``[M, N, K]``,
``schedule``, ``stages`` (``"auto"`` or an int), ``cluster``, ``fusion``, ``epilogue``, ``cutlass``
and an optional ``id``. The same Rust front end reads it as the CLI does, so every answer equals
``smem-lint eval``'s.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from . import _native

__all__ = [
    "SmemLintError",
    "evaluate",
    "explain",
    "launchable",
    "check_files",
    "releases",
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

    Returns the keys of ``smem-lint eval``'s output line: ``compiles``, and either ``reason`` (the
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
