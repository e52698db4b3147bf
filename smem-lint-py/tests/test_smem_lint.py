"""The Python package against the model's measured numbers and the FlashInfer 0.7.4 MoE list."""

import json
import pathlib
from typing import Any

import pytest

import smem_lint
from smem_lint.integrations import filter_trtllm_moe, trtllm_moe_instantiations

ROOT = pathlib.Path(__file__).resolve().parents[2]

INCIDENT = {
    "arch": "sm120", "kernel": "grouped", "a": "nvfp4", "b": "nvfp4", "c": "bf16", "d": "bf16",
    "tile": [128, 256, 128], "stages": "auto", "epilogue": "trtllm-moe-finalize",
}


def test_the_incident_kernel_does_not_fit():
    r = smem_lint.evaluate(INCIDENT, cutlass="4.5.0")
    assert r["kernel_bytes"] == 102400
    assert r["fits"] is False
    assert r["launchable"] is False
    (v,) = r["verdicts"]
    assert v["status"] == "exceeds" and v["over_bytes"] == 1024
    assert v["auto_overflow"] == {"auto_stages": 3, "over_bytes": 1024}
    assert v["largest_fitting_stages"] == 2


def test_the_readme_python_example_runs(capsys, monkeypatch):
    """The README's Python example, run as written from the repository root: it prints what its
    comment says."""
    readme = (ROOT / "README.md").read_text()
    code = readme.split("\n## Python\n")[1].split("```python\n")[1].split("```")[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.strip()
    stated = next(l for l in code.splitlines() if l.startswith("print(")).split("# ")[1].strip()
    assert printed == stated


def test_results_equal_every_measured_row_of_a_release():
    rows = [json.loads(l) for l in (ROOT / "tests/data/sm120-cutlass-4.4.2.jsonl").read_text().splitlines()]
    for row in rows:
        cfg = {k: v for k, v in row.items() if k != "result"}
        r = smem_lint.evaluate(cfg)
        want = row["result"]
        assert r["compiles"] == want["compiles"], row["id"]
        if want["compiles"]:
            for k in ("kernel_bytes", "mainloop_bytes", "epilogue_bytes", "stages"):
                assert r[k] == want[k], (row["id"], k)
        else:
            assert r["reason"] in want["error"], row["id"]


def test_a_wrong_key_raises_value_error_naming_it():
    with pytest.raises(ValueError, match="tiles"):
        smem_lint.evaluate({**INCIDENT, "tiles": [1, 2, 3]})
    with pytest.raises(smem_lint.SmemLintError, match="nvfp5.*expected one of.*nvfp4"):
        smem_lint.evaluate({**INCIDENT, "a": "nvfp5"})
    with pytest.raises(smem_lint.SmemLintError, match="4.8.0"):
        smem_lint.evaluate(INCIDENT, cutlass="4.8.0")
    with pytest.raises(smem_lint.SmemLintError, match="sm130"):
        smem_lint.evaluate(INCIDENT, archs=["sm130"])
    with pytest.raises(smem_lint.SmemLintError):
        smem_lint.evaluate({**INCIDENT, "tile": "128x256x128"})
    with pytest.raises(smem_lint.SmemLintError):
        smem_lint.evaluate(["not", "a", "mapping"])  # type: ignore[arg-type]


def test_explain_adds_up():
    e = smem_lint.explain(INCIDENT, cutlass="4.5.0")
    text = json.dumps(e)
    assert "102400" in text


def test_launchable_keeps_the_same_objects():
    swap = {**INCIDENT, "epilogue": "trtllm-moe-finalize-swap-ab"}
    kept = smem_lint.launchable([INCIDENT, swap], archs=("sm120", "sm121"), cutlass="4.5.0")
    assert kept == [swap] and kept[0] is swap


def test_check_files_runs_the_toml_lint():
    findings = smem_lint.check_files([str(ROOT / "configs/quickstart.toml")])
    assert {f["code"] for f in findings} == {"smem::exceeds-cap", "smem::auto-stages-overflow"}
    with pytest.raises(smem_lint.SmemLintError):
        smem_lint.check_files([str(ROOT / "no/such/file.toml")])


def test_releases():
    r = smem_lint.releases()
    assert len(r) == 27 and r[0] == "3.9.0" and r[-1] == "4.7.0" and "4.4.2" in r


def test_flashinfer_0_7_4_sm120_moe_list_is_filtered():
    """The instantiations FlashInfer 0.7.4's generate_sm120_operations() emits (the generator needs a
    GPU stack to import, so its emitted source is used): 84 kept, the 4 FINALIZE tiles that need
    102400 bytes dropped, as nvcc measured (tests/data/flashinfer-0.7.4-sm120-moe-verify.jsonl)."""
    source = (ROOT / "tests/fixtures/flashinfer-0.7.4-sm120-instantiations.cu").read_text()
    kept, dropped = filter_trtllm_moe(source)
    assert len(kept) + len(dropped) == 88
    assert len(kept) == 84
    assert len(dropped) == 4
    measured = {}
    for l in (ROOT / "tests/data/flashinfer-0.7.4-sm120-moe-verify.jsonl").read_text().splitlines():
        row = json.loads(l)
        measured[(row["a"], row["b"], row["d"], tuple(row["tile"]), row.get("epilogue"))] = row["result"]
    for d in dropped:
        assert d["epilogue"] == "trtllm-moe-finalize"
        assert d["smem"]["kernel_bytes"] == 102400
        key = (d["a"], d["b"], d["d"], tuple(d["tile"]), d["epilogue"])
        assert measured[key]["kernel_bytes"] == 102400


def test_sm90_sm100_sm103_calls_are_read_and_refusals_carry_reasons():
    """Issue 27 item 3: real calls of every architecture FlashInfer 0.7.4's generator writes. The eleven
    SM100 calls the model evaluates (NONE and FINALIZE, TMA and no-smem epilogues, tf32, N = 8, the
    explicit epilogue tile; issue 28) launch; the SM120 FINALIZE 128x256x128 call does not (102400
    bytes, as nvcc measured); every other call is dropped with its reasons, never approximated."""
    source = (ROOT / "tests/fixtures/flashinfer-0.7.4-moe-instantiations-sm90-sm100.cu").read_text()
    got = trtllm_moe_instantiations(source)
    assert len(got) == 16
    kept, dropped = filter_trtllm_moe(source)
    assert len(kept) == 11 and all(c["arch"] == "sm100" and c["epilogue"].startswith("trtllm-moe") for c in kept)
    assert any(c["a"] == "tf32" for c in kept)
    assert all(c["c"] == "void" and c["epilogue_schedule"].startswith("PtrArray") for c in kept)
    assert any(c["epilogue"].startswith("trtllm-moe-finalize") for c in kept)
    assert any(c["epilogue_schedule"].startswith("PtrArrayNoSmem") for c in kept)
    (smem,) = [d for d in dropped if "smem" in d]
    assert smem["arch"] == "sm120" and smem["smem"]["kernel_bytes"] == 102400
    reasons = " ".join(r for d in dropped for r in d.get("not_modelled", []))
    assert len([d for d in dropped if "not_modelled" in d]) == 4
    for why in ("ACTIVATION", "SM103", "SM90 epilogues"):
        assert why in reasons, why


def test_deep_nesting_is_a_smem_lint_error_not_a_recursion_error():
    """Issue 29, case 14: 100,000-deep nesting raised RecursionError out of json.dumps."""
    deep: Any = 3
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(smem_lint.SmemLintError):
        smem_lint.evaluate({**INCIDENT, "stages": deep})
    with pytest.raises(smem_lint.SmemLintError):
        smem_lint.explain({**INCIDENT, "tile": deep})


def test_check_files_takes_one_path_as_a_path():
    """Issue 29, case 14: check_files("x.toml") walked the characters of the string."""
    one = str(ROOT / "configs/quickstart.toml")
    assert smem_lint.check_files(one) == smem_lint.check_files([one])
    assert smem_lint.check_files(ROOT / "configs/quickstart.toml") == smem_lint.check_files([one])
    with pytest.raises(smem_lint.SmemLintError, match="no-such-file"):
        smem_lint.check_files("no-such-file.toml")


def test_repeated_instantiations_are_one_configuration_with_unique_ids():
    """Issue 29, case 13: repeated calls gave repeated names."""
    call = ("INSTANTIATE_TMA_WARP_SPECIALIZED_MOE_GEMM(Sm120, SafeFP4, SafeFP4, half, void, EpilogueOpDefault, "
            "NONE, 128, 128, 128, 1, 1, 1, false, false, false, false);\n")
    mx = call.replace("false, false, false, false", "true, false, false, false")
    got = trtllm_moe_instantiations(call + call + mx)
    assert len(got) == 2
    assert len({c["id"] for c in got}) == 2
