"""permissions.json is bound read-only over itself in every sandbox (R3.5). The worker checks it is one
regular file, then bubblewrap binds it by name -- following a link. A command still running in the same
project's sandbox (where no permissions.json was bound when it started, so it may make one) can swap the
file for a link right after the check: the next sandbox would then get, at /work/permissions.json, any file
the worker can read -- another tenant's, the worker's own secrets. The race is made certain here, at both
moments it can happen; the swapped file is never what the command reads (a root worker's helper binds the
file it opened without following links; bubblewrap, for an unprivileged one, resolves the link at the
destination too, inside the new root, where the other folder does not exist, and starts nothing)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from actions import execution
from brabo_client import sandbox as sb
from containers import bwrap
from containers.bwrap import BwrapBroker

SECRET = "their-database-password-0451"


@pytest.fixture
def theirs(team) -> Path:
    root = Path(team.other_project.root())
    root.mkdir(parents=True, exist_ok=True)
    (root / ".env").write_text(f"DATABASE_PASSWORD={SECRET}\n")
    return root


def _swap(ours: Path, theirs: Path) -> None:
    """What the command still running does: permissions.json becomes a link (relative: it resolves on the
    host) to their file."""
    (ours / "permissions.json").unlink()
    os.symlink(os.path.relpath(theirs / ".env", ours), ours / "permissions.json")


@pytest.mark.parametrize("moment", ["after the check", "after the command line is built"])
def test_a_policy_file_swapped_for_a_link_is_never_bound(team, sandbox, theirs, monkeypatch, moment):
    ours = Path(team.project.root())
    (ours / "permissions.json").write_text("{}\n")
    if moment == "after the check":
        checked = bwrap.protected_policy_file

        def check_then_swap(folder):
            found = checked(folder)
            _swap(ours, theirs)
            return found

        monkeypatch.setattr(bwrap, "protected_policy_file", check_then_swap)
    else:
        run = bwrap.run_capped

        def swap_then_run(argv, **kw):
            _swap(ours, theirs)
            return run(argv, **kw)

        monkeypatch.setattr(bwrap, "run_capped", swap_then_run)
    try:
        done = BwrapBroker().run_command(
            team.project, "cat /work/permissions.json; echo ran", "/work", timeout=60, output_cap=65536
        )
    except execution.ExecutionFailure as failure:
        assert failure.code == "policy_file_unsafe", failure
        return
    assert SECRET not in done.stdout + done.stderr, done
    assert "ran" not in done.stdout and done.exit_code != 0, done


def test_an_unprivileged_launchers_policy_file_swapped_before_bubblewrap_binds_it(
    sandbox, tmp_path, monkeypatch
):
    """The unprivileged worker's (and runner's) path, where bubblewrap itself binds the file by name. (Run
    as root here, the launcher is told it is not: the sandbox maps onto root then, which changes nothing of
    what is bound.)"""
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    ours.mkdir()
    theirs.mkdir()
    (theirs / ".env").write_text(f"DATABASE_PASSWORD={SECRET}\n")
    (ours / "permissions.json").write_text("{}\n")
    if os.geteuid() == 0:
        monkeypatch.setattr(sb.os, "geteuid", lambda: 1000)
    run = sb.run_capped

    def swap_then_run(argv, **kw):
        _swap(ours, theirs)
        return run(argv, **kw)

    monkeypatch.setattr(sb, "run_capped", swap_then_run)
    launcher = sb.Launcher(sb.bwrap_path() or "bwrap")
    try:
        done = launcher.run(
            ours,
            ours / "permissions.json",
            "/work",
            "cat /work/permissions.json; echo ran",
            timeout=60,
            cap=65536,
        )
    except sb.SandboxError as exc:
        assert exc.code == "policy_file_unsafe"
        return
    # bubblewrap resolves the link at the destination too, inside the new root, where their folder is not
    assert SECRET not in done["stdout"] + done["stderr"], done
    assert "ran" not in done["stdout"] and done["exit_code"] != 0, done
