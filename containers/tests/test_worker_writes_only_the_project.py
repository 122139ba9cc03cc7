"""write_file on the worker writes inside the project and nowhere else, even when a command still running in
the project's sandbox swaps a folder on the way for a link to another tenant's folder between the worker's
check and its write (the race, made certain here). The worker can write every tenant's folder; the link is
never followed (SPEC R1.4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from actions import execution
from containers import git_local
from containers.bwrap import BwrapBroker


def sandboxed(team, command: str) -> None:
    done = BwrapBroker().run_command(team.project, command, "/work", timeout=60, output_cap=65536)
    assert done.exit_code == 0, done


@pytest.fixture
def theirs(team) -> Path:
    root = Path(team.other_project.root())
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("their code\n")
    return root


def _swap_after_the_check(monkeypatch, team, command: str) -> None:
    checked = git_local.inside

    def check_then_swap(root, raw, *, what):
        found = checked(root, raw, what=what)
        if what == "path":
            sandboxed(team, command)
            monkeypatch.setattr(git_local, "inside", checked)
        return found

    monkeypatch.setattr(git_local, "inside", check_then_swap)


@pytest.mark.parametrize(
    ("path", "swap"),
    [
        ("src/app.py", "rm -rf src && ln -s {theirs}/src src"),  # the file's folder
        ("src/new/app.py", "rm -rf src && ln -s {theirs}/src src"),  # a folder the write would make
        ("src/app.py", "rm -f src/app.py && ln -s {theirs}/src/app.py src/app.py"),  # the file itself
    ],
)
def test_a_folder_swapped_for_a_link_after_the_check_is_not_written_through(
    team, sandbox, theirs, make_action, monkeypatch, path, swap
):
    ours = Path(team.project.root())
    (ours / "src").mkdir()
    (ours / "src" / "app.py").write_text("our code\n")
    before = {p: p.read_bytes() for p in theirs.rglob("*") if p.is_file()}
    _swap_after_the_check(monkeypatch, team, swap.format(theirs=theirs))
    action = make_action(team.project, "write_file", {"path": path, "content": "planted\n"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert {p: p.read_bytes() for p in theirs.rglob("*") if p.is_file()} == before
    assert not (theirs / "src" / "new").exists()
    if action.status == "executed":  # a link at the file's own name is replaced, never written through
        assert os.path.islink(ours / "src") is False and (ours / path).read_text() == "planted\n"
    else:
        assert action.result["error"]["code"] == "path_outside_project", action.result
