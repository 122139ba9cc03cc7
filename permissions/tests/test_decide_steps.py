"""decide() calls SPEC §5's steps one after the other instead of looping over STEPS (a decision's plumbing, see
permissions.decide._decide_once): the sequence there must stay STEPS, and the steps it does not check ``done``
after must never deny. (Guards of a refactor: nothing here failed on the commit before it.)"""

from __future__ import annotations

import ast
import inspect
import textwrap

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
