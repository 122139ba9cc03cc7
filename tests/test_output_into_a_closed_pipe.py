"""A command whose reader stops early (`manage.py error_codes | head`, `brabo policy check ... | head -1`) ends
quietly: no traceback of a BrokenPipeError after the lines the reader took."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings

MANAGE = os.path.join(settings.BASE_DIR, "manage.py")


@pytest.fixture
def permissions(tmp_path) -> str:
    path = tmp_path / "permissions.json"
    path.write_text('{"allow": ["Terminal(ls)"], "deny": [], "ask": []}')
    return str(path)


def _into_a_closed_pipe(argv: list[str], stdin: bytes = b"") -> tuple[int, str]:
    """Run ``argv`` with its standard output a pipe nobody reads any more (closed before the first write, so
    every write fails as it does once `head` has its lines), and return its exit status and error output."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            argv,
            input=stdin,
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=settings.BASE_DIR,
            env={**os.environ, "DJANGO_SETTINGS_MODULE": "brabo.settings"},
            timeout=180,
        )
    finally:
        os.close(write_end)
    return proc.returncode, proc.stderr.decode()


@pytest.mark.parametrize(
    "argv, stdin",
    [
        (["error_codes"], b""),
        (["policy", "eval"], b'{"action_type": "terminal", "command": "ls"}\n' * 3),
        (["policy", "lint", "{permissions}"], b""),
        (["help"], b""),
    ],
    ids=["error_codes", "policy-eval", "policy-lint", "help"],
)
def test_manage_py_into_a_closed_pipe_ends_without_a_traceback(argv, stdin, permissions):
    argv = [a.format(permissions=permissions) for a in argv]
    _, err = _into_a_closed_pipe([sys.executable, MANAGE, *argv], stdin)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert err == ""  # nothing else to say either: the reader chose to stop


@pytest.mark.parametrize(
    "argv",
    [["--version"], ["policy", "check", "--permissions", "{permissions}", "--", "ls", "-la"], ["--help"]],
    ids=["version", "check", "help"],
)
def test_brabo_into_a_closed_pipe_ends_without_a_traceback(argv, permissions):
    argv = [a.format(permissions=permissions) for a in argv]
    _, err = _into_a_closed_pipe([sys.executable, "-m", "brabo_client", *argv])
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert err == ""
