"""The red-team settings shared by the permissions/tests/test_redteam_*.py files: a command is tried under the
container floor, auto mode (autonomy "*") and a project whose allow list holds a prefix rule for every
program involved (a prefix allow never covers an opaque segment)."""

from __future__ import annotations

from permissions.decide import AutonomyRow, DecisionRequest, ProjectState, Verdict, decide
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, allow_every_word, perms, term

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


_RUNNER = ProjectState(execution_mode="runner", container_running=False, root=ROOT)
_TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


def never_auto_where(command: str, places: tuple[str, ...] = ("sandbox", "host", "agent")) -> None:
    """R3.7's harness: ``command`` is never auto-approved where it runs (``places``) -- not by the container
    floor, auto mode, a terminal autonomy row, nor a prefix allow for every program word."""
    allow = DEV_TERMINAL_ALLOW_PATTERNS + allow_every_word(command)
    projects = (CONTAINER_RUNNING, _RUNNER)
    for runs_in in places:
        for project in projects:
            for autonomy in ((), AUTO_MODE, _TERMINAL_AUTO):
                v = decide(
                    DecisionRequest(
                        "terminal",
                        "developer",
                        project,
                        command=command,
                        permissions=perms(allow=allow),
                        autonomy=autonomy,
                        runs_in=runs_in,
                    )
                )
                assert v.decision != "auto_approve", (command, runs_in, project, autonomy, v.reason)


def typed_write_never_auto(path: str, content: str = "{}") -> None:
    """R3.7's harness for the typed ``write_file``: a write of ``path`` is never auto-approved -- in a running
    container or a runner project, wherever it runs, under an allow of every write and auto mode."""
    for project in (CONTAINER_RUNNING, _RUNNER):
        for runs_in in ("sandbox", "host", "agent"):
            v = decide(
                DecisionRequest(
                    "write_file",
                    "developer",
                    project,
                    payload={"path": path, "content": content},
                    permissions=perms(allow=("WriteFile()",)),
                    autonomy=AUTO_MODE,
                    runs_in=runs_in,
                )
            )
            assert v.decision != "auto_approve", (path, runs_in, v.reason, v.message)


OFF_THE_SANDBOX = ("host", "agent")


def a_machine_change_on_the_laptop(command: str) -> Verdict:
    """SPEC §5: in auto mode on the developer's machine ``command`` asks as a change outside the project
    (``cap_path_scope``); the verdict, for the caller's check of its sentence."""
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason, v.message)
    return v


def a_machine_change_off_the_sandbox(command: str) -> Verdict:
    """SPEC §5: in auto mode ``command`` asks as a change outside the project on the developer's machine -- through
    an agent's hook and on the host -- and is the sandbox's own in Brabo's sandbox; the hook's verdict."""
    v = a_machine_change_on_the_laptop(command)
    assert term(command, autonomy=AUTO_MODE, runs_in="host").reason == "cap_path_scope", command
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve", command
    return v


def capped_where(
    command: str, places: tuple[str, ...] = ("sandbox", "agent"), reason: str = "cap_external_effect"
) -> None:
    """§5 step 6: ``command`` is never auto-approved where it runs (:func:`never_auto_where`), and auto mode asks
    with the cap's ``reason`` there."""
    never_auto_where(command, places)
    for runs_in in places:
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", reason), (command, runs_in, v.reason)


def stays_auto_where(command: str, places: tuple[str, ...] = ("sandbox", "host", "agent")) -> None:
    """Friction: auto mode still auto-approves ``command`` where it runs."""
    for runs_in in places:
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert v.decision == "auto_approve", (command, runs_in, v.reason, v.message)


def under_its_allow(command: str, deny: str | None = None, runs_in: str = "sandbox") -> Verdict:
    """``command`` decided under an allow of its first word (`Terminal(docker)`) and, if given, a deny of
    ``deny``: what a meaning test asks -- is the deny read into a spelling the allow would let through?"""
    program = command.split()[0]
    denies = (f"Terminal({deny})",) if deny else ()
    return term(command, allow=(f"Terminal({program})",), deny=denies, runs_in=runs_in)


def in_auto_mode(command: str, deny: str) -> Verdict:
    """``command`` decided in auto mode (autonomy "*") under a deny of ``deny``: a meaning read into the deny
    must hold where no allow is involved at all."""
    return term(command, deny=(f"Terminal({deny})",), autonomy=AUTO_MODE)
