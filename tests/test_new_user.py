"""The new user's first minutes, for real: a fresh clone, `make run` on a free port, then the README's demo
calls exactly as written (parsed from README.md, so the README cannot drift from what works), and each
action reaching the end state the README's table documents.

The clone reuses this checkout's virtualenv (a symlink; `make -o .venv/.installed` skips the install) and
runs as a new user does: no DATABASE_URL, no broker -- SQLite and in-process execution.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.integration

README = Path(settings.BASE_DIR) / "README.md"


def demo_calls(readme: str) -> str:
    """The sh block that follows ``<!-- demo-calls -->``."""
    match = re.search(r"<!-- demo-calls -->\s*```sh\n(.*?)```", readme, re.S)
    assert match, "README.md has no demo-calls block"
    return match.group(1)


def block_after(readme: str, marker: str) -> str:
    """The sh block that follows ``<!-- marker -->`` (every block a test runs is found so)."""
    match = re.search(rf"<!-- {marker} -->\s*```sh\n(.*?)```", readme, re.S)
    assert match, f"README.md has no {marker} block"
    return match.group(1)


def _code(cell: str) -> str:
    found = re.match(r"`(\w+)`", cell)
    assert found, f"expected a `code` cell in the README's table, got {cell!r}"
    return found.group(1)


def end_states(readme: str) -> dict[str, str]:
    """action type -> documented end state, from the table after ``<!-- demo-end-states -->``."""
    table = readme.split("<!-- demo-end-states -->", 1)[1].strip().split("\n\n", 1)[0]
    states = {}
    for row in table.splitlines()[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        states[_code(cells[0])] = _code(cells[2])
    return states


def test_the_readme_documents_an_end_state_for_every_call_it_makes():
    readme = README.read_text()
    called = set(re.findall(r'\\?"action_type\\?": \\?"(\w+)', demo_calls(readme)))
    assert called and called == set(end_states(readme))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _up(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2)
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


@pytest.fixture
def fresh_clone(tmp_path):
    base = Path(settings.BASE_DIR)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=base, capture_output=True, text=True)
    if head.returncode != 0:
        pytest.skip("not a git checkout")
    clone = tmp_path / "brabo"
    subprocess.run(["git", "clone", "-q", str(base), str(clone)], check=True)
    (clone / ".venv").symlink_to((base / ".venv").resolve())
    return clone


def test_a_fresh_clone_make_run_and_the_readme_calls_as_written(fresh_clone, tmp_path):
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("BRABO_", "DATABASE_", "CELERY_", "DJANGO_"))
        and k not in ("CI", "VIRTUAL_ENV", "MAKEFLAGS", "MAKELEVEL", "MFLAGS")
    }
    env["PORT"] = str(port)
    log_path = tmp_path / "make-run.log"
    log = open(log_path, "wb")  # noqa: SIM115 — closed below
    make = subprocess.Popen(
        ["make", "-o", ".venv/.installed", "run", f"PORT={port}"],
        cwd=fresh_clone,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while not _up(base_url + "/api/schema/"):
            assert make.poll() is None, log_path.read_text()[-4000:]
            assert time.monotonic() < deadline, "make run did not serve:\n" + log_path.read_text()[-4000:]
            time.sleep(0.3)
        printed = log_path.read_text()
        assert f"{base_url}/admin/" in printed and "127.0.0.1:8000" not in printed
        key = (fresh_clone / "var" / "demo-agent-key").read_text().strip()
        assert key in printed

        readme = (fresh_clone / "README.md").read_text()
        ran = subprocess.run(
            ["bash", "-e", "-c", demo_calls(readme)],
            cwd=fresh_clone,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert ran.returncode == 0, ran.stdout + ran.stderr
        last = {}
        for line in (ran.stdout + "\n" + ran.stderr).splitlines():  # `tee /dev/stderr` shows one on stderr
            line = line.strip()
            if line.startswith("{"):
                answer = json.loads(line)
                if "action_type" in answer:
                    last[answer["action_type"]] = answer
        for action, state in end_states(readme).items():
            assert action in last, f"{action} was never answered:\n{ran.stdout}\n{ran.stderr}"
            assert last[action]["status"] == state, (action, last[action])
        assert "On branch hello" in last["terminal"]["result"]["stdout"]

        _the_other_blocks_run_as_written(readme, fresh_clone, env)

        bare = next((fresh_clone / "var" / "git").glob("*/demo/demo-app.git"))
        git = ["git", "--git-dir", str(bare)]
        main = subprocess.run([*git, "rev-parse", "main"], capture_output=True, text=True).stdout.strip()
        assert main == last["git_merge"]["result"]["sha"]
        parents = subprocess.run(
            [*git, "rev-list", "--parents", "-n1", "main"], capture_output=True, text=True
        )
        assert len(parents.stdout.split()) == 3  # a merge commit
        assert (
            subprocess.run([*git, "show", "main:hello.txt"], capture_output=True, text=True).stdout
            == "hello\n"
        )
    finally:
        try:
            os.killpg(make.pid, signal.SIGTERM)
            make.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(make.pid, signal.SIGKILL)
            make.wait()
        log.close()


def _the_other_blocks_run_as_written(readme: str, clone, env) -> None:
    """The first-setup and policy command-line blocks, line by line as written, against the demo
    `make run` left (the README says what each exits with)."""

    def sh(script: str):
        return subprocess.run(
            ["bash", "-c", script], cwd=clone, env=env, capture_output=True, text=True, timeout=120
        )

    made = sh(block_after(readme, "first-token"))
    assert made.returncode == 0 and json.loads(made.stdout)["name"] == "Acme", made.stdout + made.stderr
    lines = [line for line in block_after(readme, "policy-cli").splitlines() if line.strip()]
    assert len(lines) == 3, lines
    evaluated = sh(lines[0])
    assert evaluated.returncode == 0, evaluated.stderr
    assert json.loads(evaluated.stdout)["reason"] == "compound_uncovered"
    checked = sh(lines[1])  # git push: a cap, so a person decides (exit 1, as the README says)
    assert checked.returncode == 1 and "require_approval" in checked.stdout, checked.stdout + checked.stderr
    linted = sh(lines[2])
    assert linted.returncode == 0, linted.stdout + linted.stderr
