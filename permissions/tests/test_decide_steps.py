"""decide() calls SPEC §5's steps one after the other instead of looping over STEPS (a decision's plumbing, see
permissions.decide._decide_once): the sequence there must stay STEPS, and the steps it does not check ``done``
after must never deny. (Guards of a refactor: nothing here failed on the commit before it.)"""

from __future__ import annotations

import ast
import inspect
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from permissions import decide as decide_module
from permissions.decide import (
    STEPS,
    autonomy,
    base_and_floor,
    caps,
    iam,
    path_scope,
    policy_hooks,
    rules,
    unreadable,
)


def _source(fn: object) -> ast.AST:
    return ast.parse(textwrap.dedent(inspect.getsource(fn)))  # type: ignore[arg-type]


def test_steps_are_the_sequence_decide_once_calls() -> None:
    assert STEPS == (iam, base_and_floor, autonomy, rules, policy_hooks, caps, path_scope, unreadable)
    calls = [
        node
        for node in ast.walk(_source(decide_module._decide_once))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    ]
    called = [c.func.id for c in sorted(calls, key=lambda c: (c.lineno, c.col_offset))]  # type: ignore[attr-defined]
    names = [step.__name__ for step in STEPS]
    assert [c for c in called if c in names] == names


def test_steps_not_followed_by_a_done_check_never_deny() -> None:
    # base_and_floor, caps, path_scope and unreadable: no DENY named, `done` never set
    for step in (base_and_floor, caps, path_scope, unreadable):
        tree = _source(step)
        assert not any(isinstance(n, ast.Name) and n.id == "DENY" for n in ast.walk(tree)), step.__name__
        assert not any(isinstance(n, ast.Attribute) and n.attr == "done" for n in ast.walk(tree)), (
            step.__name__
        )


def test_each_step_returns_the_state_it_was_given() -> None:
    for step in STEPS:
        for node in ast.walk(_source(step)):
            if isinstance(node, ast.Return):
                ok = (isinstance(node.value, ast.Name) and node.value.id == "st") or (
                    isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", "") == "_terminal_rules"
                )
                assert ok, step.__name__


def test_the_first_tests_inlined_before_iam_and_autonomy_are_theirs() -> None:
    """_decide_once calls iam only for a (type, role) pair outside _MEETS, and autonomy only with autonomy rows:
    on the others each step leaves the state as it found it."""
    from permissions.decide import _MEETS, DecisionRequest, ProjectState, _State

    for action_type, role in sorted(_MEETS, key=repr):
        req = DecisionRequest(action_type, role, ProjectState())
        st = _State(req, ())
        before = dict(vars(st))
        assert iam(st) is st and vars(st) == before, (action_type, role)
        assert autonomy(st) is st and vars(st) == before, (action_type, role)


_VIEW_WORDS = [
    "claude",
    "codex",
    "gemini",
    "node",
    "npx",
    "git",
    "ls",
    "",
    "CLAUDE.exe",
    "bun",
    "python3",
    "x=1",
]


@settings(max_examples=300, deadline=None)
@given(
    seg_views=st.lists(
        st.lists(st.lists(st.sampled_from(_VIEW_WORDS), max_size=3).map(tuple), max_size=3), max_size=4
    )
)
def test_never_auto_s_agent_filter_is_starts_agent(seg_views: list[list[tuple[str, ...]]]) -> None:
    """_never_auto tests starts_agent's condition in C (permissions.decide, sandbox): the same answer."""
    from itertools import chain
    from operator import itemgetter

    from permissions.commands.agent_clis import AGENT_FIRSTS, starts_agent

    inlined = not AGENT_FIRSTS.isdisjoint(map(itemgetter(0), filter(None, chain.from_iterable(seg_views))))
    assert inlined == starts_agent(seg_views)


def _windows_view_words() -> list[str]:
    from permissions.floor import WINDOWS_DELETERS

    names = sorted(WINDOWS_DELETERS)[:12]
    return [
        *names,
        *(n.upper() for n in names),
        *(n.title() for n in names),
        "ls",
        "git",
        "RM",
        "Git",
        "",
        "[",
        "7z",
    ]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_windows_deleter_filter_is_names_windows_deleter(data: st.DataObject) -> None:
    """_terminal_rules asks floor.names_windows_deleter through a test in C of the views' first words
    (permissions.decide._names_windows_deleter): the same answer."""
    from permissions.decide import _names_windows_deleter
    from permissions.floor import names_windows_deleter

    words = st.sampled_from(_windows_view_words())
    seg_views = data.draw(st.lists(st.lists(st.lists(words, max_size=3).map(tuple), max_size=3), max_size=4))
    assert _names_windows_deleter(seg_views) == names_windows_deleter(seg_views)
