"""Small builders so each test states only what its rule is about."""

from __future__ import annotations

from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, Verdict, decide
from permissions.matching import _WRAPPING
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS
from permissions.shell_syntax import is_assignment

ROOT = "/srv/ws/app-1a2b3c4d"
HOST = ProjectState(execution_mode="runner", container_running=False, root=ROOT, scope_root_id="app-1a2b3c4d")
CONTAINER_RUNNING = ProjectState(execution_mode="container", container_running=True, root=ROOT)
AUTO_MODE = (AutonomyRow("*", "auto_approve"),)
WRITE_AUTO = (AutonomyRow("write_file", "auto_approve"),)


def perms(allow: tuple[str, ...] = (), deny: tuple[str, ...] = (), ask: tuple[str, ...] = ()) -> Permissions:
    return Permissions(tuple(allow), tuple(deny), tuple(ask))


def term(
    command: str,
    allow: tuple[str, ...] = (),
    deny: tuple[str, ...] = (),
    ask: tuple[str, ...] = (),
    *,
    project: ProjectState = HOST,
    autonomy: tuple[AutonomyRow, ...] = (),
    cwd: str | None = None,
    role: str | None = "developer",
    runs_in: str = "sandbox",
) -> Verdict:
    return decide(
        DecisionRequest(
            "terminal",
            role,
            project,
            command=command,
            cwd=cwd,
            permissions=perms(allow, deny, ask),
            autonomy=autonomy,
            runs_in=runs_in,
        )
    )


def dev_terminal(command: str, autonomy: tuple[AutonomyRow, ...] = (), runs_in: str = "sandbox") -> Verdict:
    """``command`` in the running container's project, behind the dev terminal's allow list and a prefix allow
    of its first word."""
    allow = (*DEV_TERMINAL_ALLOW_PATTERNS, f"Terminal({command.split()[0]})")
    return term(command, allow, project=CONTAINER_RUNNING, cwd=ROOT, autonomy=autonomy, runs_in=runs_in)


def dev_write_file(path: str, autonomy: tuple[AutonomyRow, ...] = WRITE_AUTO) -> Verdict:
    """A ``write_file`` of ``path`` in the running container's project, behind an allow of every write."""
    return decide(
        DecisionRequest(
            "write_file",
            "developer",
            CONTAINER_RUNNING,
            permissions=perms(allow=("WriteFile()",)),
            autonomy=autonomy,
            payload={"path": path},
        )
    )


def assert_shell_writes_never_auto_approved(path: str, writers: list[str]) -> None:
    """Each writer template (``{p}`` the path) writing ``path`` is never auto-approved: with and without
    auto mode, in the sandbox and on the agent's machine."""
    for template in writers:
        command = template.format(p=path)
        for autonomy in ((), AUTO_MODE):
            for runs_in in ("sandbox", "agent"):
                v = dev_terminal(command, autonomy, runs_in)
                assert v.decision != "auto_approve", (command, runs_in, v.reason)


def typed(
    action_type: str,
    allow: tuple[str, ...] = (),
    deny: tuple[str, ...] = (),
    ask: tuple[str, ...] = (),
    *,
    role: str | None = "owner",
    autonomy: tuple[AutonomyRow, ...] = (),
    target_branch: str | None = None,
    project: ProjectState = HOST,
    payload: dict[str, object] | None = None,
) -> Verdict:
    return decide(
        DecisionRequest(
            action_type,
            role,
            project,
            target_branch=target_branch,
            permissions=perms(allow, deny, ask),
            autonomy=autonomy,
            payload=payload,
        )
    )


def assert_capped(command: str, reason: str = "cap_external_effect") -> None:
    """A cap holds (§5 step 6): auto mode asks with ``reason``, and the container floor does not approve."""
    v = term(command, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", reason), command
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


def assert_asks(command: str, runs_in: str, reason: str) -> None:
    """Auto mode and a prefix allow of every word the command names both ask with ``reason``, where it runs."""
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow_every_word(command), runs_in=runs_in),
    ):
        assert (v.decision, v.reason) == ("require_approval", reason), (command, runs_in, v.reason)


def assert_asks_in_auto_mode(command: str, runs_in: str, reason: str) -> None:
    """Auto mode asks with ``reason`` where it runs, and a prefix allow of every word the command names still asks
    (with whatever reason: a wrapper's or a path's form is covered by no such allow)."""
    v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    assert (v.decision, v.reason) == ("require_approval", reason), (command, runs_in, v.reason)
    assert term(command, allow=allow_every_word(command), runs_in=runs_in).decision == "require_approval", (
        command
    )


def assert_floor_denies(command: str) -> None:
    """R4.6: the built-in floor denies ``command`` on the container floor, in auto mode and under an allow of
    every program it names."""
    for v in (
        term(command, project=CONTAINER_RUNNING),
        term(command, autonomy=AUTO_MODE),
        term(command, allow=allow_every_word(command)),
    ):
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.reason)


def assert_not_capped(command: str, reason: str = "cap_external_effect") -> None:
    """Friction: neither auto mode nor the container floor gives ``command`` the cap's ``reason``."""
    assert term(command, autonomy=AUTO_MODE).reason != reason, (command, "auto mode")
    assert term(command, project=CONTAINER_RUNNING).reason != reason, (command, "container floor")


def auto_and_allowed(
    command: str, runs_in: str, deny: tuple[str, ...] = (), ask: tuple[str, ...] = ()
) -> list[tuple[str, str]]:
    """(decision, reason) of ``command`` where it runs, under ``deny``/``ask``: in auto mode, and behind an allow
    of every word it holds (what the rules, the caps and the floor decide, not a missing allow)."""
    auto = term(command, deny=deny, ask=ask, autonomy=AUTO_MODE, runs_in=runs_in)
    allowed = term(command, allow=allow_every_word(command), deny=deny, ask=ask, runs_in=runs_in)
    return [(auto.decision, auto.reason), (allowed.decision, allowed.reason)]


def assert_rule_refuses(rule: str, command: str, runs_in: str, rank: str = "deny") -> None:
    """R4.10: a deny (``rank`` "deny") or an ask ("ask") of ``Terminal(rule)`` refuses ``command`` where it runs,
    in auto mode and behind an allow of every word."""
    expected = ("deny", "deny_rule") if rank == "deny" else ("require_approval", "ask_rule")
    for verdict in auto_and_allowed(command, runs_in, **{rank: (f"Terminal({rule})",)}):
        assert verdict == expected, (rule, command, runs_in)


def assert_rule_does_not_catch(rule: str, command: str, runs_in: str) -> None:
    """Friction: neither a deny nor an ask of ``Terminal(rule)`` speaks for ``command``."""
    pattern = (f"Terminal({rule})",)
    for _, reason in (
        *auto_and_allowed(command, runs_in, deny=pattern),
        *auto_and_allowed(command, runs_in, ask=pattern),
    ):
        assert reason not in ("deny_rule", "ask_rule"), (rule, command, runs_in)


def assert_allow_stays_literal(allow: str, command: str) -> None:
    """R4.8: an allow covers the words as written -- another spelling of its act is not allowed by meaning."""
    v = term(command, allow=(f"Terminal({allow})",))
    assert v.reason != "allow_rule", (allow, command)


def asks_under_its_allow(allow: str, command: str, runs_in: str = "sandbox") -> None:
    """Red team: ``command`` is not auto-approved where it runs behind an allow of ``allow`` (patterns separated by
    commas, each a ``Terminal(...)``'s words) -- what it is told to run or load is no program the allow names."""
    v = term(command, tuple(f"Terminal({p})" for p in allow.split(",")), runs_in=runs_in)
    assert v.decision != "auto_approve", (allow, command, runs_in, v.reason)


def approved_by_its_allow(allow: str, command: str, runs_in: str = "sandbox") -> None:
    """Friction: ``command`` is auto-approved by an allow rule of ``allow`` (as asks_under_its_allow reads it)."""
    v = term(command, tuple(f"Terminal({p})" for p in allow.split(",")), runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (allow, command, runs_in, v.message)


def allow_every_word(command: str) -> tuple[str, ...]:
    """An allow list naming every program word of ``command`` (split at its operators and substitutions),
    so what a test sees is what the caps and the floor decide, not a missing allow."""
    words = command
    for sep in ("&&", "&", "|", ";", "(", ")", "{", "}", "<", ">", "`", "$"):
        words = words.replace(sep, "\n")
    named = [w for w in dict.fromkeys(words.split()) if w[:1].isalpha()]
    # R4.8: a wrapper's or launcher's prefix covers what it runs only when it names it (`uvx modal deploy`
    # needs `Terminal(uvx modal)`): a piece led by one is named by its first words too -- never all of them (a
    # pattern spelling the whole segment is R4.9's exact allow, which lifts more than a prefix does)
    for piece in words.split("\n"):
        w = piece.split()
        if w and w[0] in _WRAPPING:
            named += [" ".join(w[:k]) for k in range(2, len(w))]
        # and assignments name no program (`Terminal(FOO=1)` is not `FOO=1 rm x`): a piece led by them is
        # named with the command after them (`Terminal(CI=1 npm)`)
        lead = next((k for k, word in enumerate(w) if not is_assignment(word)), len(w))
        if 0 < lead < len(w):
            named += [" ".join(w[:k]) for k in range(lead + 1, max(lead + 2, len(w)))]
    return tuple(f"Terminal({w})" for w in dict.fromkeys(named))


def past_an_exact_allow(command: str, verdict: Verdict, **kw: object) -> Verdict:
    """For a command that also writes what runs later unseen (R3.7 asks first, ``unparseable``: git's plumbing
    building history, permissions/tests/test_redteam_git_plumbing_that_builds_history.py): the verdict once an
    allow written for each of its exact segments has lifted that ask -- which lifts no cap. Else ``verdict``."""
    if verdict.reason != "unparseable" or "what runs later" not in (verdict.message or ""):
        return verdict
    segments = [s.strip() for s in command.replace("&&", ";").split(";") if s.strip()]
    kw.pop("allow", None)
    kw.pop("autonomy", None)
    return term(command, allow=tuple(f"Terminal({s})" for s in segments), autonomy=AUTO_MODE, **kw)  # type: ignore[arg-type]
