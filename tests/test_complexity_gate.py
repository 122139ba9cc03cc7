"""The complexity gate (scripts/complexity_gate.py, run by `make lint`): a new function over ruff's C901 limit
fails, a listed one may not grow, and the list only shrinks."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import complexity_gate as gate  # noqa: E402 — a script, not a package

LIMIT = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["ruff"]["lint"]["mccabe"][
    "max-complexity"
]


def _function(name: str, branches: int) -> str:
    """A function of complexity ``branches + 1`` (one path, plus one per ``if``)."""
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(branches))
    return f"def {name}(x):\n{body}    return -1\n"


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "pyproject.toml").write_text(f"[tool.ruff.lint.mccabe]\nmax-complexity = {LIMIT}\n")
    return tmp_path


def test_the_limit_is_fifteen():
    assert LIMIT == 15


def test_a_new_function_over_the_limit_fails(tree):
    (tree / "mod.py").write_text(_function("small", LIMIT - 1) + "\n\n" + _function("tangled", LIMIT))
    found = gate.measure(tree)
    assert found == {"mod.py::tangled": [LIMIT + 1]}
    over, stale = gate.judge(found, {})
    assert over == [f"mod.py::tangled has complexity {LIMIT + 1}, over the limit: split it"] and not stale


def test_a_listed_function_may_not_grow_and_the_list_only_shrinks(tree):
    (tree / "mod.py").write_text(_function("tangled", LIMIT + 3))
    found = gate.measure(tree)
    assert gate.judge(found, {"mod.py::tangled": [LIMIT + 4]}) == ([], [])
    over, _ = gate.judge(found, {"mod.py::tangled": [LIMIT + 2]})
    assert over == [f"mod.py::tangled grew from {LIMIT + 2} to {LIMIT + 4}: split it rather than add to it"]
    assert gate.judge(found, {"mod.py::tangled": [LIMIT + 5]}) == (
        [],
        [f"mod.py::tangled is down from {LIMIT + 5} to {LIMIT + 4}"],
    )
    (tree / "mod.py").write_text(_function("tangled", LIMIT - 1))
    over, stale = gate.judge(gate.measure(tree), {"mod.py::tangled": [LIMIT + 4]})
    assert not over and stale == [f"mod.py::tangled ({LIMIT + 4}) is within the limit now or gone"]


def test_two_methods_of_one_name_in_one_file_are_matched_by_figure(tree):
    method = _function("handle", LIMIT + 1).replace("\n", "\n    ").replace("(x)", "(self, x)")
    (tree / "mod.py").write_text(f"class A:\n    {method}\n\nclass B:\n    {method}\n")
    found = gate.measure(tree)
    assert found == {"mod.py::handle": [LIMIT + 2, LIMIT + 2]}
    over, _ = gate.judge(found, {"mod.py::handle": [LIMIT + 2]})
    assert over == [f"mod.py::handle has complexity {LIMIT + 2}, over the limit: split it"]


def test_the_repository_matches_its_list():
    over, stale = gate.judge(gate.measure(), gate.read_baseline())
    assert not over and not stale, "\n".join(over + stale)
