"""The red-team settings shared by the permissions/tests/test_redteam_*.py files: a command is tried under the
container floor, auto mode (autonomy "*") and a project whose allow list holds a prefix rule for every
program involved (a prefix allow never covers an opaque segment)."""

from __future__ import annotations

from permissions.decide import Verdict
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, term

DENY = ("Terminal(curl)", "Terminal(wget)")
# Prefix allows for every program the cases below start with: none of them may cover an opaque segment.
BROAD_ALLOW = tuple(
    f"Terminal({p})"
    for p in (
        "ls echo cat grep find true git ssh scp make npm fd rg zip man env export declare readonly local "
        "typeset python3 psql mysql groovy groovysh scala erl jshell jrunscript ghci ghc irb swift kotlin "
        "raku guile racket sbcl clisp clojure bb dc nu elvish xonsh crystal dotnet csh tcsh yash posh rbash "
        "ksh93 nix nix-shell vagrant hash enable flock stack cabal hatch devbox direnv perf gdb proot "
        "systemd-inhibit x ll g s"
    ).split()
)


def _settings(command: str, deny: tuple[str, ...] = ()) -> list[Verdict]:
    return [
        term(command, deny=deny, project=CONTAINER_RUNNING),
        term(command, deny=deny, autonomy=AUTO_MODE),
        term(command, allow=BROAD_ALLOW, deny=deny, project=HOST),
    ]


def _never_auto(command: str) -> None:
    for v in _settings(command):
        assert v.decision != "auto_approve", (command, v.reason, v.message)


def _denied(command: str) -> None:
    for v in _settings(command, DENY):
        assert v.decision == "deny", (command, v.reason, v.message)
