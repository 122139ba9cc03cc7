"""A permissions file that does not load never auto-approves (R3.3) — the engine's own rule (it
sat in the loader, so a caller of ``decide()`` could forget it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from permissions.decide import DecisionRequest, decide

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, perms


def term(command, allow=(), deny=(), ask=(), *, project=HOST, autonomy=()) -> DecisionRequest:
    return DecisionRequest(
        "terminal",
        "developer",
        project,
        command=command,
        permissions=perms(allow, deny, ask),
        autonomy=autonomy,
    )


def typed(action_type, allow=()) -> DecisionRequest:
    return DecisionRequest(action_type, "owner", HOST, permissions=perms(allow))


ERROR = "line 3: unknown key 'alow'"


@pytest.mark.parametrize(
    "request_, reason",
    [
        (term("ls", allow=("Terminal(ls)",)), "default"),  # an allow rule
        (term("make build", project=CONTAINER_RUNNING), "default"),  # the container floor
        (term("make build", autonomy=AUTO_MODE), "default"),  # autonomy
        (typed("git_commit", allow=("GitCommit()",)), "default"),
        (term("make build"), "default"),  # already a person's: the message still says why
    ],
)
def test_what_would_pass_waits_for_a_person_and_says_the_file_does_not_load(request_, reason):
    before = decide(request_).decision
    assert before == (
        "require_approval"
        if request_.command == "make build"
        and not request_.autonomy
        and not request_.project.container_running
        else "auto_approve"
    )
    verdict = decide(replace(request_, permissions_error=ERROR))
    assert verdict.decision == "require_approval" and verdict.reason == reason
    assert f"permissions.json does not load ({ERROR})" in verdict.message


def test_a_denial_stays_a_denial():
    request_ = term("rm -rf /tmp/x", deny=("Terminal(rm:*)",))
    assert decide(replace(request_, permissions_error=ERROR)) == decide(request_)
    assert decide(request_).decision == "deny"


def test_an_ask_keeps_its_reason():
    request_ = term("make deploy", ask=("Terminal(make deploy)",))
    verdict = decide(replace(request_, permissions_error=ERROR))
    assert (verdict.decision, verdict.reason) == ("require_approval", "ask_rule")


def test_without_an_error_nothing_changes():
    request_ = term("ls", allow=("Terminal(ls)",))
    assert decide(replace(request_, permissions_error=None)) == decide(request_)
    assert decide(request_).decision == "auto_approve"
