"""R4.10, R4.6: GNU's tools under Homebrew's names on macOS (`grm`, `gxargs`, `gtimeout`, ...) are the same
programs: the floor, deny rules, the caps and the files that decide what runs later see through the `g`. An
agent's hook on a developer's Mac (`runs_in` agent) runs them as rm, xargs, timeout."""

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

FLOOR = [
    "grm -rf /",
    "grm -rf ~",
    "grm -r -f /*",
    "gfind / -delete",
    "gtimeout 5 rm -rf /",
    "gnice -n 5 grm -rf /",
    "echo / | gxargs rm -rf",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", FLOOR)
def test_the_floor_sees_through_the_g(command, runs_in):
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=("Terminal(*)",), runs_in=runs_in),
    ):
        assert v.decision != "auto_approve", (command, v.reason)
    assert term(command, autonomy=AUTO_MODE, runs_in=runs_in).decision in ("deny", "require_approval")


@pytest.mark.parametrize(
    "command,deny",
    [
        ("grm -rf build", "Terminal(rm -rf)"),
        ("grm -r -f build", "Terminal(rm -rf)"),
        ("gchmod 777 x", "Terminal(chmod 777)"),
        ("gtimeout 5 git push", "Terminal(git push)"),
        ("genv npm publish", "Terminal(npm publish)"),
        ("gxargs curl < urls", "Terminal(curl)"),
    ],
)
def test_a_deny_of_the_program_refuses_its_g_name(command, deny):
    v = term(command, allow=("Terminal(*)",), deny=(deny,), autonomy=AUTO_MODE)
    assert v.decision == "deny", (command, v.reason)


@pytest.mark.parametrize("command", ["gnice npm publish", "genv git push", "gtimeout 60 npm publish"])
def test_caps_see_through_the_g(command):
    assert term(command, autonomy=AUTO_MODE).reason == "cap_external_effect", command


@pytest.mark.parametrize("command", ["gcp x .envrc", "gtee .github/workflows/ci.yml < x", "gmv a .npmrc"])
def test_protected_files_written_by_a_g_name(command):
    assert term(command, autonomy=AUTO_MODE).decision != "auto_approve", command
    assert term(command, project=CONTAINER_RUNNING).decision != "auto_approve", command


@pytest.mark.parametrize("command", ["grm -f build/x.o", "gcp a.txt b.txt", "gsort -u names.txt"])
def test_ordinary_use_stays_plain(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
