"""cutlass_library, CUTLASS's own kernel generator, against the model, kernel by kernel.

The generator runs in a subprocess (``Manifest`` with ``--kernels all``, ``--cuda-version 13.0``, then
``GenerateSM120`` / ``GenerateSM100`` / ``GenerateSM90``), twice: the ``nvidia-cutlass`` 4.2.0.0
wheel's ``cutlass_library`` (installed in the test venv) and CUTLASS v4.7.0's, vendored in
``tests/vendor/cutlass-4.7.0``. Each operation's fields come back as JSON
(``smem_lint.operation_fields``). Every operation is checked (``check_operation`` agrees with
``evaluate`` on the configuration it returns), its name is read back as ``import-cutlass`` reads it
(the same configuration, or a refusal), and every name round-trips through ``smem-lint
import-cutlass``.
"""

from __future__ import annotations

import collections
import functools
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import smem_lint
from smem_lint.integrations import filter_manifest

ROOT = pathlib.Path(__file__).resolve().parents[2]
VENDORED = ROOT / "tests" / "vendor" / "cutlass-4.7.0"

GENERATE = r"""
import json, sys
from cutlass_library import generator as g
from cutlass_library.manifest import Manifest
from cutlass_library.library import OperationKind
import smem_lint
arch = sys.argv[1]
args = g.define_parser().parse_args(
    ["--architectures", arch, "--kernels", "all", "--cuda-version", "13.0", "--operations", "gemm"]
)
m = Manifest(args)
{"120a": g.GenerateSM120, "100a": g.GenerateSM100, "90a": g.GenerateSM90}[arch](m, args.cuda_version)
out = sys.stdout
for cc in m.operations.get(OperationKind.Gemm, {}).values():
    for ops in cc.values():
        for op in ops:
            out.write(json.dumps(smem_lint.operation_fields(op)) + "\n")
"""

# (cutlass_library release, the release its kernels are checked against, PYTHONPATH)
GENERATORS = {"4.2.0": ("4.2.0", None), "4.7.0": ("4.7.0", str(VENDORED))}


def _have_wheel() -> bool:
    try:
        import cutlass_library  # noqa: F401
    except ImportError:
        return False
    return True


@functools.lru_cache(maxsize=None)
def operations(release: str, arch: str) -> tuple:
    if release == "4.2.0" and not _have_wheel():
        if os.environ.get("CI"):
            pytest.fail("nvidia-cutlass==4.2.0.0 is not installed in the test venv (.ci/run installs it)")
        pytest.skip("pip install --no-deps nvidia-cutlass==4.2.0.0 to run the 4.2.0 generator")
    env = dict(os.environ)
    path = GENERATORS[release][1]
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", GENERATE, arch], env=env, capture_output=True, text=True, check=True
    ).stdout
    return tuple(json.loads(line) for line in out.splitlines())


def strip(r: dict) -> dict:
    return {k: v for k, v in r.items() if k not in ("name", "modelled", "config")}


@pytest.mark.parametrize("release", sorted(GENERATORS))
@pytest.mark.parametrize("arch", ["120a", "100a"])
def test_check_operation_agrees_with_evaluate_kernel_by_kernel(release, arch):
    """Every operation: ``check_operation`` is ``evaluate`` on the configuration it returns; the
    kernel's name reads back to the same configuration (or is refused, never read otherwise); what
    the model cannot express carries reasons."""
    ops = operations(release, arch)
    cutlass = GENERATORS[release][0]
    counts = collections.Counter()
    for f in ops:
        r = smem_lint.check_operation(f, cutlass=cutlass)
        by_name = smem_lint.check_kernel_name(f["name"], cutlass=cutlass)
        assert r["name"] == f["name"]
        if not r["modelled"]:
            assert r["reasons"], f["name"]
            assert not by_name["modelled"], (f["name"], r["reasons"], by_name)
            counts["not modelled"] += 1
            continue
        archs = [v["arch"] for v in r["verdicts"]]
        assert strip(smem_lint.evaluate(r["config"], archs=archs)) == strip(r), f["name"]
        if by_name["modelled"]:
            assert by_name["config"] == r["config"], f["name"]
            assert strip(by_name) == strip(r), f["name"]
            counts["modelled, name agrees"] += 1
        else:
            # A name whose suffix two schedules share, which the model tells apart.
            assert any("stands for" in x for x in by_name["reasons"]), (f["name"], by_name["reasons"])
            counts["modelled, name ambiguous"] += 1
        counts["launchable" if all(v["launchable"] for v in r["verdicts"]) else "not launchable"] += 1
    print(release, arch, len(ops), dict(counts))
    assert counts["modelled, name agrees"] > 100, counts


@pytest.mark.parametrize("release", sorted(GENERATORS))
@pytest.mark.parametrize("arch", ["120a", "100a", "90a"])
def test_import_cutlass_reads_every_generated_name(release, arch, tmp_path):
    """The installed ``smem-lint`` command reads every name the generator gives (none fails the
    grammar: each one parses into fields that write the same name again)."""
    names = [f["name"] for f in operations(release, arch)]
    out = tmp_path / "k.toml"
    p = subprocess.run(
        [shutil.which("smem-lint") or "smem-lint", "import-cutlass", "-", "--cutlass", release, "-o", str(out)],
        input="\n".join(names),
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr
    text = out.read_text()
    assert "not read" not in text
    assert text.count("\n[[kernel]]\n") + text.count("\n# [[kernel]]\n") == len(set(names))


def test_filtering_the_sm120_library():
    """docs/cutlass-library.md's worked example: the SM120 list of CUTLASS v4.7.0's generator, filtered."""
    ops = operations("4.7.0", "120a")
    kept, dropped = smem_lint.filter_operations(ops, cutlass="4.7.0")
    assert len(kept) + len(dropped) == len(ops) == 2785
    why = collections.Counter(reason.split(":")[0] for _, reason in dropped)
    assert len(kept) == 1909, why
    # The sparse kernels the model refuses: the 6 stream-K ones (4 of them NVFP4).
    assert why["not modelled"] == 6, why
    assert why["CUTLASS rejects it at compile time"] == 816, why
    # CUTLASS's own automatic stage count overflows the cap: 54 kernels that compile and then fail
    # to launch.
    assert sum(n for k, n in why.items() if k.startswith("needs ")) == 54, why


def test_the_docs_python_example_runs():
    """The Python step of docs/cutlass-library.md's worked example (linked from the README), run as
    written with the nvidia-cutlass 4.2.0.0 wheel."""
    if not _have_wheel():
        pytest.skip("needs the nvidia-cutlass 4.2.0.0 wheel")
    page = (ROOT / "docs" / "cutlass-library.md").read_text()
    section = page.split("## Worked example")[1].split("\n## ")[0]
    code = section.split("```python\n")[1].split("```")[0]
    scope: dict = {}
    exec(compile(code, "docs/cutlass-library.md", "exec"), scope)
    assert len(scope["dropped"]) == 380
    # The model refuses SM120's instruction-choosing tags (modelled from 4.4.2) on 4.2.0.
    assert scope["dropped"][0][1].startswith(
        "not modelled: KernelTmaWarpSpecializedMxf8f6f4Sm120 is not checked against CUTLASS 4.2.0"
    ), scope["dropped"][0][1]
    assert "drops 380 of 572" in code


def test_filter_manifest_prunes_what_the_generator_would_write():
    if not _have_wheel():
        pytest.skip("needs the nvidia-cutlass 4.2.0.0 wheel")
    from cutlass_library import generator as g
    from cutlass_library.library import OperationKind
    from cutlass_library.manifest import Manifest

    args = g.define_parser().parse_args(
        ["--architectures", "120a", "--kernels", "all", "--cuda-version", "13.0", "--operations", "gemm"]
    )
    m = Manifest(args)
    g.GenerateSM120(m, args.cuda_version)
    before = m.operation_count
    dropped = filter_manifest(m, cutlass="4.2.0")
    left = [op for cc in m.operations[OperationKind.Gemm].values() for ops in cc.values() for op in ops]
    assert len(left) + len(dropped) == before == 572
    assert m.operation_count == len(left) == len(m.selected_kernels)
    for op in left:
        r = smem_lint.check_operation(op, cutlass="4.2.0")
        assert r["modelled"] and all(v["launchable"] for v in r["verdicts"]), op.procedural_name()


def test_cmake_lists_select_the_launchable_kernels_in_cutlass_own_filter(tmp_path):
    """``emit --format cmake-kernels`` fed to CUTLASS's own ``Manifest`` filter (``--kernels``,
    ``--ignore-kernels``, as its CMake build passes CUTLASS_LIBRARY_KERNELS and
    CUTLASS_LIBRARY_IGNORE_KERNELS): the generator then builds exactly the launchable kernels."""
    names = [f["name"] for f in operations("4.7.0", "120a")]
    toml, cmake = tmp_path / "k.toml", tmp_path / "k.cmake"
    exe = shutil.which("smem-lint") or "smem-lint"
    subprocess.run([exe, "import-cutlass", "-", "--cutlass", "4.7.0", "-o", str(toml)], input="\n".join(names), text=True, check=True, capture_output=True)
    subprocess.run([exe, "emit", "--format", "cmake-kernels", str(toml), "-o", str(cmake)], check=True, capture_output=True)
    text = cmake.read_text()

    def listed(var: str) -> list:
        return text.split(f"set({var}")[1].split(")")[0].split()

    kept, ignored = listed("SMEM_LINT_LAUNCHABLE_KERNELS"), listed("SMEM_LINT_IGNORED_KERNELS")
    select = (
        "import sys\nfrom cutlass_library import generator as g\nfrom cutlass_library.manifest import Manifest\n"
        "kernels, ignore = (open(p).read() for p in sys.argv[1:3])\n"
        "args = g.define_parser().parse_args(['--architectures', '120a', '--kernels', kernels, "
        "'--ignore-kernels', ignore, '--cuda-version', '13.0', '--operations', 'gemm'])\n"
        "m = Manifest(args)\ng.GenerateSM120(m, args.cuda_version)\nprint('\\n'.join(m.selected_kernels))\n"
    )
    # CUTLASS's CMake passes the lists comma-joined (list(JOIN ... ",") in the file emit wrote).
    (tmp_path / "kernels").write_text(",".join(kept))
    (tmp_path / "ignore").write_text(",".join(ignored))
    env = dict(os.environ, PYTHONPATH=str(VENDORED))
    out = subprocess.run(
        [sys.executable, "-c", select, str(tmp_path / "kernels"), str(tmp_path / "ignore")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    launchable = {f["name"] for f in operations("4.7.0", "120a") if (lambda r: r["modelled"] and all(v["launchable"] for v in r["verdicts"]))(smem_lint.check_operation(f, cutlass="4.7.0"))}
    assert set(out) == set(kept) == launchable


def test_the_command_is_installed_with_the_package(tmp_path):
    exe = shutil.which("smem-lint")
    assert exe, "pip install puts smem-lint on PATH"
    v = subprocess.run([exe, "--version"], capture_output=True, text=True)
    assert v.returncode == 0 and v.stdout.startswith("smem-lint "), v
    m = subprocess.run([sys.executable, "-m", "smem_lint", "check", str(ROOT / "configs" / "quickstart.toml"), "-q"], capture_output=True, text=True)
    assert m.returncode == 1, m.stderr  # quickstart.toml holds kernels that cannot launch
    missing, out = tmp_path / "missing.txt", tmp_path / "x.toml"
    bad = subprocess.run([exe, "import-cutlass", str(missing), "-o", str(out)], capture_output=True, text=True)
    assert bad.returncode == 2 and "cannot read" in bad.stderr


def test_operations_the_model_cannot_express_are_said_so():
    base = {
        "name": "k", "arch": 120, "gemm_kind": "BlockScaledUniversal3x", "opcode_class": "BlockScaledTensorOp",
        "math_operation": "multiply_add",
        "a": {"element": "e2m1", "layout": "RowMajor", "alignment": 32},
        "b": {"element": "e2m1", "layout": "ColumnMajor", "alignment": 32},
        "c": {"element": "void", "layout": "RowMajor", "alignment": 8},
        "d": {"element": "bf16", "layout": "RowMajor", "alignment": 8},
        "sf_a": "ue4m3", "sf_b": "ue4m3", "accumulator": "f32", "element_epilogue": "f32",
        "tile_shape": [128, 128, 128], "instruction_shape": [16, 8, 64], "cluster_shape": [1, 1, 1], "stages": 0,
        "kernel_schedule": "TmaWarpSpecializedCooperative", "epilogue_schedule": "ScheduleAuto",
        "tile_scheduler": "Default", "epilogue_functor": "LinearCombination", "complex": False,
    }
    r = smem_lint.check_operation(base, cutlass="4.7.0")
    assert r["modelled"] and r["config"]["a"] == "nvfp4" and r["config"]["schedule"] == "cooperative"
    assert [v["arch"] for v in r["verdicts"]] == ["sm120", "sm121"]
    r = smem_lint.check_operation({**base, "tile_scheduler": "StreamK"}, cutlass="4.7.0")
    assert r["modelled"] and r["config"]["scheduler"] == "StreamKScheduler"
    r = smem_lint.check_operation({**base, "tile_scheduler": "StreamK"}, cutlass="4.2.0")
    assert not r["modelled"] and any("StreamKScheduler is not checked against CUTLASS 4.2.0" in x for x in r["reasons"])
    r = smem_lint.check_operation({**base, "epilogue_functor": "custom", "cluster_shape": [0, 1, 1]})
    assert not r["modelled"]
    assert any("functor" in x for x in r["reasons"]) and any("cluster 0x1x1" in x for x in r["reasons"])
    # A dynamic cluster (Shape<int, int, _1>) is translated; SM120 takes static clusters only.
    r = smem_lint.check_operation({**base, "cluster_shape": [0, 0, 1]})
    assert not r["modelled"] and r["config"]["cluster"] == "dynamic"
    assert any("static cluster" in x for x in r["reasons"])
    with pytest.raises(smem_lint.SmemLintError, match="tile_shape"):
        smem_lint.check_operation({k: v for k, v in base.items() if k != "tile_shape"})
