"""``brabo runner`` (brabo_client/runner.py): the program that runs a runner project's approved work (R9.3).

Unit tests drive its pieces directly; the integration tests run it as a process against Brabo's server as a
process (killed and started again for the restart), with actions settled through the real server."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from brabo_client import runner as rp

from .live_server import ServerProcess, wait_until


def args(**kw) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    rp.add_arguments(parser)
    ns = parser.parse_args([])
    for k, v in kw.items():
        setattr(ns, k, v)
    return ns


def make_runner(root: Path, *, mode="auto", mode_file=None, interactive=False, **kw) -> rp.Runner:
    console = rp.Console(mode=mode, mode_file=mode_file, interactive=interactive, out=open(os.devnull, "w"))  # noqa: SIM115
    return rp.Runner(args(**kw), console, root)


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "project"
    r.mkdir()
    (r / "sub").mkdir()
    (r / "hello.txt").write_text("hello\n")
    (tmp_path / "outside").mkdir()
    (r / "escape").symlink_to(tmp_path / "outside")
    return r


# -- refusing anything outside the root ------------------------------------------------------------


@pytest.mark.parametrize(
    "cwd",
    ["..", "../outside", "sub/../..", "/etc", "/work/..", "escape", "escape/x", "/work/escape", "/"],
)
def test_a_cwd_outside_the_root_is_a_named_failure_and_nothing_runs(root, cwd):
    runner = make_runner(root)
    marker = root.parent / "outside" / "ran"
    body = runner.handle(
        {"action_id": "a", "action_type": "terminal", "payload": {"command": f"touch {marker}", "cwd": cwd}}
    )
    assert body["outcome"] == "failed"
    assert body["error"]["code"] == "cwd_outside_project"
    assert not marker.exists()


def test_the_root_given_as_an_absolute_path_or_as_work_is_inside(root):
    for cwd in (str(root), str(root / "sub"), "/work", "/work/sub", "sub", "./sub", ""):
        path = rp.resolve_inside(root, cwd, what="cwd", code="x", allow_git=True)
        assert str(path).startswith(str(root))


@pytest.mark.parametrize(
    "path", ["../x.txt", "/etc/passwd", "escape/x.txt", ".git/config", "sub/.git/hooks/x"]
)
def test_a_write_outside_the_root_or_into_git_is_a_named_failure(root, path):
    body = make_runner(root).handle(
        {"action_id": "a", "action_type": "write_file", "payload": {"path": path, "content": "x"}}
    )
    assert body == {
        "outcome": "failed",
        "error": {"code": "path_outside_project", "message": body["error"]["message"]},
    }
    assert not (root.parent / "x.txt").exists() and not (root.parent / "outside" / "x.txt").exists()


def test_write_file_inside_the_root_is_written(root):
    body = make_runner(root).handle(
        {"action_id": "a", "action_type": "write_file", "payload": {"path": "sub/new.txt", "content": "hé\n"}}
    )
    assert body == {"outcome": "executed", "result": {"path": "sub/new.txt", "bytes": 4}}
    assert (root / "sub" / "new.txt").read_text() == "hé\n"


def test_other_action_types_are_refused(root):
    body = make_runner(root).handle({"action_id": "a", "action_type": "git_push", "payload": {"branch": "x"}})
    assert body["outcome"] == "refused" and body["error"]["code"] == "unsupported_action_type"


# -- console modes (R11.4 / R11.5) -------------------------------------------------------------------


def test_ask_mode_with_nobody_at_a_terminal_refuses_and_runs_nothing(root):
    runner = make_runner(root, mode="ask", interactive=False)
    body = runner.handle({"action_id": "a", "action_type": "terminal", "payload": {"command": "touch ran"}})
    assert body["outcome"] == "refused" and body["error"]["code"] == "nobody_to_ask"
    assert not (root / "ran").exists()


@pytest.mark.parametrize(
    "content", [None, b"", b"{", b'{"mode": "yolo"}', b'{"mode": "auto", "x": 1}', b'["auto"]', b" " * 5000]
)
def test_an_unusable_mode_file_refuses_the_work_never_a_stale_auto(root, tmp_path, content):
    mode_file = tmp_path / "mode.json"
    if content is not None:
        mode_file.write_bytes(content + (b'{"mode": "auto"}' if len(content) > 4096 else b""))
    runner = make_runner(root, mode="auto", mode_file=str(mode_file))
    body = runner.handle({"action_id": "a", "action_type": "terminal", "payload": {"command": "touch ran"}})
    assert body["outcome"] == "refused" and body["error"]["code"] == "mode_unreadable"
    assert not (root / "ran").exists()


def test_the_mode_file_is_read_for_every_piece_of_work(root, tmp_path):
    mode_file = tmp_path / "mode.json"
    rp.write_mode_file(str(mode_file), "auto")
    runner = make_runner(root, mode="ask", mode_file=str(mode_file))
    work = {"action_id": "a", "action_type": "terminal", "payload": {"command": "echo ran"}}
    assert runner.handle(work)["outcome"] == "executed"
    rp.write_mode_file(str(mode_file), "ask")  # "/mode ask" from another shell
    assert runner.handle(work)["error"]["code"] == "nobody_to_ask"


def test_the_mode_file_format_is_the_approval_workers(tmp_path):
    """One format for both readers (R11.4): each accepts and refuses the same files."""
    from permissions.approval_worker import ApprovalError, read_mode_file

    cases = [b'{"mode": "ask"}', b'{"mode": "auto"}\n', b'{"mode": "AUTO"}', b"{}", b"null", b'{"mode": 1}']
    for i, raw in enumerate(cases):
        f = tmp_path / f"m{i}"
        f.write_bytes(raw)
        try:
            server = read_mode_file(str(f))
        except ApprovalError:
            server = None
        try:
            client = rp.read_mode_file(str(f))
        except rp.ModeError:
            client = None
        assert server == client, raw


def test_yolo_and_its_synonym_start_in_auto(tmp_path):
    parser = argparse.ArgumentParser()
    rp.add_arguments(parser)
    assert parser.parse_args(["--yolo"]).yolo and parser.parse_args(["--dangerously-skip-permissions"]).yolo
    assert not parser.parse_args([]).yolo


def test_an_unsandboxed_command_never_sees_the_runner_key(root, monkeypatch):
    monkeypatch.setenv("BRABO_RUNNER_KEY", "brabo_runner_secret")
    runner = make_runner(root)
    runner.bwrap = None  # the plain fallback
    body = runner.handle({"action_id": "a", "action_type": "terminal", "payload": {"command": "env"}})
    assert body["outcome"] == "executed" and body["result"]["sandbox"] == "none"
    assert "brabo_runner_secret" not in body["result"]["stdout"]


def test_a_command_over_its_time_limit_is_stopped(root):
    runner = make_runner(root, command_timeout=0.5)
    body = runner.handle({"action_id": "a", "action_type": "terminal", "payload": {"command": "sleep 30"}})
    assert body["error"]["code"] == "command_timeout"


def test_without_a_key_the_runner_says_how_to_get_one(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("BRABO_RUNNER_KEY", raising=False)
    assert rp.cli(["--root", str(tmp_path)]) == rp.EXIT_USAGE
    assert "POST /api/runners/" in capsys.readouterr().err


# -- against the server, as processes -------------------------------------------------------------------


@pytest.fixture
def live(tmp_path, team, world, settings):
    from containers.runners import issue_runner

    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("needs DATABASE_URL (PostgreSQL) shared with the server process")
    project = world.project(team.ws, "on-laptop", execution_mode="runner")
    runner, key = issue_runner(actor=team.maintainer, project=project, name="laptop")
    server = ServerProcess(tmp_path).start()
    procs = []

    class Live:
        pass

    live = Live()
    live.project, live.runner, live.key, live.server = project, runner, key, server
    live.root = tmp_path / "machine"
    live.root.mkdir()
    live.log = tmp_path / "runner.log"

    def start_runner(*extra, stdin=subprocess.DEVNULL):
        proc = subprocess.Popen(
            [sys.executable, "-m", "brabo_client.runner", "--server", server.url, "--root", str(live.root),
             "--poll-timeout", "2", "--max-backoff", "1", *extra],
            env={**os.environ, "BRABO_RUNNER_KEY": key}, stdin=stdin,
            stdout=open(live.log, "ab"), stderr=subprocess.STDOUT, cwd=settings.BASE_DIR,  # noqa: SIM115
        )  # fmt: skip
        procs.append(proc)
        runner.refresh_from_db()
        wait_until(lambda: _seen(runner), 60, "the runner connecting")
        return proc

    live.start_runner = start_runner
    yield live
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    server.kill()


def _seen(runner) -> bool:
    runner.refresh_from_db()
    return runner.last_seen_at is not None


def run_through_runner(project, make_action, payload, *, action_type="terminal"):
    from actions import execution

    action = make_action(project, action_type, payload)
    execution.execute(action.id)  # what the worker does: hands the work to the project's runners
    wait_until(lambda: _settled(action), 60, f"the runner settling {payload}")
    return action


def _settled(action) -> bool:
    action.refresh_from_db()
    return action.status in ("executed", "failed")


def log_text(live) -> str:
    return live.log.read_text(errors="replace")


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_the_runner_executes_an_approved_command_and_survives_a_server_restart(live, make_action):
    (live.root / "notes.txt").write_text("from the user's machine\n")
    live.start_runner("--yolo")

    done = run_through_runner(live.project, make_action, {"command": "cat notes.txt && pwd"})
    assert done.status == "executed", done.result
    assert done.result["stdout"].startswith("from the user's machine\n")
    assert done.result["exit_code"] == 0

    # The report is committed before its answer reaches the runner: wait for the runner to have it, so the
    # kill lands while the runner is waiting for work (a kill mid-report is the re-send test's case).
    wait_until(lambda: f"work {done.id}: executed -> executed" in log_text(live), 60, "the report's answer")
    live.server.kill()
    wait_until(
        lambda: "cannot reach" in log_text(live),
        60,
        lambda: "noticing the server is gone:\n" + log_text(live),
    )
    live.server.start()
    wait_until(
        lambda: "connected to" in log_text(live) and "again" in log_text(live),
        60,
        lambda: "reconnection:\n" + log_text(live),
    )

    again = run_through_runner(live.project, make_action, {"command": "echo after the restart > after.txt"})
    assert again.status == "executed", again.result
    assert (live.root / "after.txt").read_text() == "after the restart\n"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_the_runner_refuses_work_outside_its_root_and_never_runs_it(live, make_action):
    live.start_runner("--yolo")
    outside = live.root.parent / "escaped.txt"
    refused = run_through_runner(live.project, make_action, {"command": "touch escaped.txt", "cwd": ".."})
    assert refused.status == "failed"
    assert refused.result["error"]["code"] == "cwd_outside_project"
    assert not outside.exists()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_in_ask_mode_the_person_at_the_runner_terminal_decides(live, make_action):
    """R11.5 at the runner: ask is the default; y runs, n refuses, /mode auto switches later work."""
    import pty

    master, slave = pty.openpty()
    try:
        live.start_runner(stdin=slave)
        answers = iter([b"y\n", b"n\n"])

        def answer_when_asked(action):
            wait_until(lambda: _asked_for(live, action), 60, f"the runner asking about {action.id}")
            os.write(master, next(answers))

        from actions import execution

        yes = make_action(live.project, "terminal", {"command": "echo yes > yes.txt"})
        execution.execute(yes.id)
        answer_when_asked(yes)
        wait_until(lambda: _settled(yes), 60, "the yes")
        assert yes.status == "executed" and (live.root / "yes.txt").exists()

        no = make_action(live.project, "terminal", {"command": "echo no > no.txt"})
        execution.execute(no.id)
        answer_when_asked(no)
        wait_until(lambda: _settled(no), 60, "the no")
        assert no.status == "failed" and no.result["error"]["code"] == "runner_refused"
        assert not (live.root / "no.txt").exists()

        os.write(master, b"/mode auto\n")
        wait_until(lambda: "mode: auto" in log_text(live), 60, "the mode switch")
        auto = run_through_runner(live.project, make_action, {"command": "echo auto > auto.txt"})
        assert auto.status == "executed" and (live.root / "auto.txt").exists()
        assert log_text(live).count("Run it?") == 2  # the auto one was not asked
    finally:
        os.close(master)
        os.close(slave)


def _asked_for(live, action) -> bool:
    text = log_text(live)
    return f"work {action.id}" in text and text.rstrip().endswith("(or /mode auto)")


def test_the_runner_reports_json_the_server_accepts(root):
    """The report bodies match the server's ReportSerializer shapes."""
    body = make_runner(root).handle(
        {"action_id": "a", "action_type": "terminal", "payload": {"command": "echo hi"}}
    )
    assert body["outcome"] == "executed"
    assert set(body["result"]) == {"exit_code", "stdout", "stderr", "truncated", "sandbox"}
    json.dumps(body)


def test_an_ask_already_shown_must_still_be_answered_after_mode_auto(tmp_path):
    """R11.5: switching to auto affects later work only; the question on screen still needs its answer."""
    import io
    import threading

    out = io.StringIO()
    console = rp.Console(mode="ask", mode_file=None, interactive=True, out=out)
    answer = {}
    asking = threading.Thread(target=lambda: answer.setdefault("yes", console.confirm("$ rm -rf build", 30)))
    asking.start()
    wait_until(lambda: "Run it?" in out.getvalue(), 10, "the question")
    console.read_terminal(io.StringIO("/mode auto\nn\n"))
    asking.join(10)
    assert answer == {"yes": False}
    assert console.mode() == "auto"


class FlakyApi:
    """The server is down for the first ``down`` report attempts, then takes the report."""

    server = "http://brabo.test"

    def __init__(self, down: int):
        self.down = down
        self.bodies: list[dict] = []

    def report(self, action_id, body):
        self.bodies.append(body)
        if len(self.bodies) <= self.down:
            raise rp.ServerUnavailable("connection refused")
        return 200, {"status": "executed"}


def test_a_finished_result_is_resent_until_the_server_takes_it():
    api = FlakyApi(down=3)
    console = rp.Console(mode="auto", mode_file=None, interactive=False, out=open(os.devnull, "w"))  # noqa: SIM115
    stop = rp.Stopping()
    backoff = rp.Backoff(0.01, lambda s: None)
    body = {"outcome": "executed", "result": {"exit_code": 0}}
    assert rp.send_report(api, "a", body, console, backoff, stop) is None
    assert api.bodies == [body] * 4
    assert backoff.failures == 0
