"""The runner program's sandbox (brabo_client/runner.py on brabo_client/sandbox.py): the same guarantee as
the server's (R9.7) -- no privilege whoever runs the runner, permissions.json read-only (R3.5) -- and no
plain run in its place when the guarantee cannot be given. Through the real bubblewrap."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from brabo_client import runner as rp
from brabo_client import sandbox as sb

from .privileged import PrivilegedLauncher

ROOT = os.geteuid() == 0


def make_runner(root: Path) -> rp.Runner:
    parser = argparse.ArgumentParser()
    rp.add_arguments(parser)
    console = rp.Console(mode="auto", mode_file=None, interactive=False, out=open(os.devnull, "w"))  # noqa: SIM115
    return rp.Runner(parser.parse_args([]), console, root)


def terminal(runner: rp.Runner, command: str) -> dict:
    return runner.handle({"action_id": "a", "action_type": "terminal", "payload": {"command": command}})


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "project"
    r.mkdir()
    (r / "permissions.json").write_text('{"deny": ["Spend()"]}')
    (r / "notes.txt").write_text("notes\n")
    return r


def test_the_runner_sandbox_holds_no_privilege(sandbox, root):
    runner = make_runner(root)
    assert runner.bwrap and not runner.refused
    body = terminal(
        runner,
        "grep -E '^(CapEff|CapBnd|CapPrm)' /proc/self/status; id -u; echo more >> notes.txt; touch made; "
        "mount -o remount,bind,rw /usr && echo REMOUNTED; umount /work/permissions.json && echo UNMOUNTED; "
        "echo '{}' > permissions.json && echo REWRITTEN; chmod 666 permissions.json && echo CHMODDED; true",
    )
    assert body["outcome"] == "executed" and body["result"]["sandbox"] == "bubblewrap"
    out = body["result"]["stdout"]
    assert all(int(line.split()[1], 16) == 0 for line in out.splitlines() if line.startswith("Cap"))
    assert "\n65534\n" in out
    assert not {"REMOUNTED", "UNMOUNTED", "REWRITTEN", "CHMODDED"} & set(out.split())
    assert (root / "permissions.json").read_text() == '{"deny": ["Spend()"]}'
    assert (root / "permissions.json").stat().st_mode & 0o777 == 0o644
    assert (root / "notes.txt").read_text() == "notes\nmore\n"
    assert (root / "made").stat().st_uid != 0


def test_a_runner_whose_sandbox_is_privileged_refuses_and_never_runs_plain(sandbox, root, monkeypatch):
    monkeypatch.setattr(sb, "Launcher", PrivilegedLauncher)
    runner = make_runner(root)
    assert runner.refused and runner.bwrap is None
    body = terminal(runner, "touch ran-anyway")
    assert body["outcome"] == "failed" and body["error"]["code"] == "sandbox_privileged"
    assert "CapEff" in body["error"]["message"]
    assert not (root / "ran-anyway").exists()
    started = runner.handle({"action_id": "b", "action_type": "container_start", "payload": {}})
    assert started["error"]["code"] == "sandbox_privileged"


@pytest.mark.skipif(not ROOT, reason="only a root runner refuses to run unsandboxed")
def test_a_root_runner_without_bubblewrap_refuses_instead_of_running_as_root(root, monkeypatch, tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))  # no bwrap to be found
    runner = make_runner(root)
    assert runner.refused
    body = terminal(runner, "/usr/bin/touch ran-as-root")
    assert body["error"]["code"] == "sandbox_privileged"
    assert "runs as root" in body["error"]["message"]
    assert not (root / "ran-as-root").exists()


@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
def test_a_policy_file_that_is_not_one_regular_file_runs_nothing(sandbox, root, kind):
    policy = root / "permissions.json"
    policy.unlink()
    if kind == "symlink":
        policy.symlink_to("/etc/hostname")
    else:
        os.link(root / "notes.txt", policy)
    body = terminal(make_runner(root), "touch ran")
    assert body["error"]["code"] == "policy_file_unsafe"
    assert not (root / "ran").exists()


def test_the_runner_key_is_in_no_process_of_the_sandbox(sandbox, root, monkeypatch):
    monkeypatch.setenv("BRABO_RUNNER_KEY", "brabo_runner_secret_value")
    body = terminal(
        make_runner(root),
        "for p in /proc/[0-9]*; do cat $p/environ 2>/dev/null | tr '\\0' '\\n'; done; echo scanned",
    )
    assert body["result"]["stdout"].rstrip().endswith("scanned") and "PATH=" in body["result"]["stdout"]
    assert "brabo_runner_secret_value" not in body["result"]["stdout"]
