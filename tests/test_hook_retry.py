# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""R12.6 — approve, then retry: a hook call refused while it waits for a person and the
same tool call retried by the same agent are one action. Identical calls re-attach to the pending action
(no pile-up); a person's approval lets the next identical call through once, within the window, and is used
up; a denial answers the retry with the person's reason; an expired action, a used or stale approval is
proposed again. Through both forms — the HTTP hook endpoint and ``brabo hook`` as a process — for all three
agents, with each agent's documented input shape."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from actions import expiry, hooks_api, services
from actions.models import ProposedAction
from tests.test_agent_hooks_live import SHAPES, agent_input, hooked, verdict  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

AGENTS = list(SHAPES)
FORMS = ["http", "command"]


def shell_call(agent, command="npm publish"):
    tool, make = SHAPES[agent]["shell"]
    return agent_input(agent, tool, make(command))


def ask(hooked, agent, form, body, **params):
    """(decision, reason) as the agent reads the hook's answer, through the given form. A person is never
    waited for here (timeout 0): each call answers at once with what Brabo knows."""
    if form == "command":
        flags = [x for k, v in params.items() for x in (f"--{k}", str(v))]
        code, answer, err = hooked.command(agent, body, "--timeout", "0", *flags)
        decision = verdict(agent, code, answer)
        reason = err if agent == "codex" else _reason(agent, answer)
        return decision, reason or ""
    answer = hooked.http(body, agent=agent, timeout="0", **params)
    if agent == "codex" and answer == {}:
        return "allow", ""
    return _decision(agent, answer), _reason(agent, answer)


def _decision(agent, answer):
    return answer["decision"] if agent == "gemini-cli" else answer["hookSpecificOutput"]["permissionDecision"]


def _reason(agent, answer):
    if agent == "gemini-cli":
        return answer["reason"]
    return answer["hookSpecificOutput"]["permissionDecisionReason"] if answer else ""


def pending():
    return list(ProposedAction.objects.filter(status="pending"))


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("agent", AGENTS)
def test_approve_then_retry_is_allowed_once(hooked, team, agent, form):
    body = shell_call(agent)
    decision, reason = ask(hooked, agent, form, body)
    [action] = pending()
    assert decision == "deny"
    assert f"Approve action {action.id} in the console, then retry the same tool call" in reason

    again, reason = ask(hooked, agent, form, body)  # refused again, and no second pending action
    assert again == "deny" and str(action.id) in reason
    assert pending() == [action] and ProposedAction.objects.count() == 1

    services.approve_action(action_id=action.id, actor=team.maintainer)
    assert ask(hooked, agent, form, body)[0] == "allow"  # the retry the person approved
    action.refresh_from_db()
    assert action.hook_fingerprint == ""  # the approval is used up

    decision, reason = ask(hooked, agent, form, body)  # a second retry asks again
    [second] = pending()
    assert decision == "deny" and second.id != action.id and str(second.id) in reason


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("agent", AGENTS)
def test_a_denial_answers_the_retry_with_the_persons_reason(hooked, team, agent, form):
    body = shell_call(agent)
    ask(hooked, agent, form, body)
    [action] = pending()
    services.deny_action(action_id=action.id, actor=team.maintainer, reason="not before the release")
    decision, reason = ask(hooked, agent, form, body)
    assert decision == "deny" and "not before the release" in reason
    assert ProposedAction.objects.count() == 1  # answered by the decision, not proposed again


@pytest.mark.parametrize("agent", AGENTS)
def test_a_different_tool_call_is_not_the_approved_one(hooked, team, agent):
    ask(hooked, agent, "http", shell_call(agent, "npm publish"))
    [action] = pending()
    services.approve_action(action_id=action.id, actor=team.maintainer)
    assert ask(hooked, agent, "http", shell_call(agent, "npm publish --tag next"))[0] == "deny"
    other = shell_call(agent)
    other["cwd"] = other["cwd"] + "/sub"  # same command, another folder: another action
    assert ask(hooked, agent, "http", other)[0] == "deny"
    assert ask(hooked, agent, "http", shell_call(agent))[0] == "allow"  # the approved one is still there


def test_another_agent_cannot_use_an_approval(hooked, team, world):
    ask(hooked, "claude-code", "http", shell_call("claude-code"))
    [action] = pending()
    services.approve_action(action_id=action.id, actor=team.maintainer)
    _, key = world.agent(team.project, team.maintainer, "dev-other")
    answer = hooked.http(shell_call("claude-code"), key=key, timeout="0")
    assert _decision("claude-code", answer) == "deny"
    assert ask(hooked, "claude-code", "http", shell_call("claude-code"))[0] == "allow"


def test_an_expired_action_is_proposed_again(hooked, team):
    body = shell_call("gemini-cli")
    ask(hooked, "gemini-cli", "http", body)
    [action] = pending()
    later = timezone.now() + timedelta(seconds=team.project.pending_expiry_seconds + 60)
    assert expiry.expire(action.id, now=later)
    decision, reason = ask(hooked, "gemini-cli", "http", body)
    [fresh] = pending()
    assert decision == "deny" and fresh.id != action.id and str(fresh.id) in reason


def test_an_approval_older_than_the_window_is_not_used(hooked, team):
    body = shell_call("codex")
    ask(hooked, "codex", "http", body)
    [action] = pending()
    services.approve_action(action_id=action.id, actor=team.maintainer)
    stale = timezone.now() - hooks_api.RETRY_WINDOW - timedelta(seconds=1)
    ProposedAction.objects.filter(id=action.id).update(decided_at=stale)  # time passed
    assert ask(hooked, "codex", "http", body)[0] == "deny"
    assert len(pending()) == 1


def needs_real_concurrency():
    """The embedded test database (in-memory SQLite) shares one connection between the live server's
    threads, so concurrent requests are not concurrent transactions there."""
    if connection.vendor != "postgresql":
        pytest.skip("concurrent hook calls need PostgreSQL: set DATABASE_URL=postgres://...")


@pytest.mark.integration
def test_racing_retries_use_one_approval_once(hooked, team):
    needs_real_concurrency()
    body = shell_call("claude-code")
    ask(hooked, "claude-code", "http", body)
    [action] = pending()
    services.approve_action(action_id=action.id, actor=team.maintainer)
    answers: list[str] = []
    start = threading.Barrier(4)

    def retry():
        start.wait()
        answers.append(ask(hooked, "claude-code", "http", body)[0])

    threads = [threading.Thread(target=retry) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(answers) == ["allow", "deny", "deny", "deny"]
    assert len(pending()) == 1  # the losers asked again, as one pending action


@pytest.mark.integration
def test_identical_calls_at_the_same_moment_make_one_pending_action(hooked, team):
    needs_real_concurrency()
    body = shell_call("gemini-cli")
    answers: list[str] = []
    start = threading.Barrier(4)

    def call():
        start.wait()
        answers.append(ask(hooked, "gemini-cli", "http", body)[0])

    threads = [threading.Thread(target=call) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert answers == ["deny"] * 4
    assert len(pending()) == 1 and ProposedAction.objects.count() == 1


def test_a_hook_waiting_when_the_person_approves_uses_the_approval(hooked, team):
    """The call that was waiting gets the allow; its later retry does not get a second one."""
    body = shell_call("claude-code")
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(hooked.http(body, timeout="60")))
    waiter.start()
    action = None
    for _ in range(600):
        action = ProposedAction.objects.filter(status="pending").first()
        if action:
            break
        waiter.join(0.05)
    assert action is not None
    services.approve_action(action_id=action.id, actor=team.maintainer)
    waiter.join(60)
    assert _decision("claude-code", answers[0]) == "allow"
    assert ask(hooked, "claude-code", "http", body)[0] == "deny"
