"""The bubblewrap sandbox: only the project folder, no network, a time limit and an output cap."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from actions import execution
from containers.broker import container_cwd
from containers.bwrap import BwrapBroker


def sh(project, command, cwd="/work", timeout=60, cap=64 * 1024):
    return BwrapBroker().run_command(project, command, cwd, timeout=timeout, output_cap=cap)


def test_the_project_folder_is_work_and_writable(team, sandbox):
    folder = Path(team.project.root())
    (folder / "src").mkdir()
    (folder / "src" / "in.txt").write_text("inside\n")
    result = sh(team.project, "pwd; cat in.txt; echo made > out.txt", cwd="/work/src")
    assert (result.exit_code, result.stdout) == (0, "/work/src\ninside\n")
    assert (folder / "src" / "out.txt").read_text() == "made\n"


def test_nothing_outside_the_project_folder_is_readable(team, sandbox, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("s3cret-outside\n")
    other = Path(team.other_project.root()) / "theirs.txt"
    other.write_text("other-tenant\n")
    result = sh(
        team.project,
        f"cat {secret}; cat {other}; cat /etc/shadow; ls /root; ls {Path(team.project.root()).parent}; "
        "ls /home; cat /proc/1/environ | tr '\\0' '\\n' | grep -c BRABO; echo done",
    )
    assert "s3cret-outside" not in result.stdout and "other-tenant" not in result.stdout
    assert "No such file" in result.stderr
    assert result.stdout.rstrip().endswith("done")


def test_the_system_is_read_only_and_tmp_is_private(team, sandbox):
    result = sh(
        team.project,
        "touch /usr/brabo-test 2>&1; echo private > /tmp/brabo-sandbox-probe; cat /tmp/brabo-sandbox-probe",
    )
    assert "Read-only file system" in result.stdout
    assert result.stdout.rstrip().endswith("private")
    assert not Path("/usr/brabo-test").exists()
    assert not Path("/tmp/brabo-sandbox-probe").exists()


def test_the_network_is_unreachable(team, sandbox):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()  # reachable from the host
        result = sh(
            team.project,
            f"exec 3<>/dev/tcp/127.0.0.1/{port} && echo CONNECTED; cat /sys/class/net/*/operstate 2>/dev/null; echo end",
        )
    finally:
        listener.close()
    assert "CONNECTED" not in result.stdout
    assert result.stdout.rstrip().endswith("end")


def test_the_environment_is_clean(team, sandbox, monkeypatch):
    monkeypatch.setenv("BRABO_GIT_TOKEN", "leaky-token-value")
    result = sh(team.project, "env")
    assert "leaky-token-value" not in result.stdout
    assert "PATH=" in result.stdout


def test_output_is_capped(team, sandbox):
    result = sh(team.project, "head -c 100000 /dev/zero | tr '\\0' x; echo tail >&2", cap=1024)
    assert len(result.stdout) == 1024 and result.truncated
    assert result.stderr == "tail\n"


def test_a_command_over_its_time_limit_is_killed(team, sandbox):
    result = sh(team.project, "sleep 30; echo never", timeout=1)
    assert result.timed_out and result.exit_code is None
    assert "never" not in result.stdout


@pytest.mark.parametrize(
    "raw,expected",
    [
        (None, "/work"),
        ("", "/work"),
        ("src", "/work/src"),
        ("/work/src/", "/work/src"),
        ("ROOT/lib", "/work/lib"),
    ],
)
def test_cwd_translation(team, raw, expected):
    if raw and raw.startswith("ROOT"):
        raw = team.project.root() + raw[4:]
    assert container_cwd(team.project, raw) == expected


@pytest.mark.parametrize("raw", ["/etc", "../x", "/work/../etc", "/workshop"])
def test_cwd_outside_is_refused(team, raw):
    with pytest.raises(execution.ExecutionFailure) as exc:
        container_cwd(team.project, raw)
    assert exc.value.code == "cwd_outside_project"


def test_a_terminal_action_runs_in_the_running_container(team, sandbox, running, make_action):
    action = make_action(team.project, "terminal", {"command": "echo hi; exit 3"}, status="auto_approved")
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed"
    assert action.result == {"exit_code": 3, "stdout": "hi\n", "stderr": "", "truncated": False}


def test_a_terminal_action_needs_a_running_container(team, make_action):
    action = make_action(team.project, "terminal", {"command": "ls"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.result["error"]["code"] == "container_not_running"


def test_a_terminal_over_its_time_limit_is_a_named_failure(team, sandbox, running, make_action, settings):
    settings.BRABO_TERMINAL_TIMEOUT = 1
    action = make_action(team.project, "terminal", {"command": "sleep 30"})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.result["error"]["code"] == "command_timeout"


def test_a_local_project_runs_sandboxed_in_its_typed_folder(world, team, sandbox, local_base, make_action):
    folder = local_base / "typed"
    folder.mkdir()
    local = world.project(team.ws, "localapp", execution_mode="local", local_path=str(folder))
    action = make_action(local, "terminal", {"command": "pwd; echo x > f", "cwd": str(folder)})
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.result["stdout"] == "/work\n"
    assert (folder / "f").read_text() == "x\n"
