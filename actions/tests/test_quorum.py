"""Two-person rules through the API: distinct approvers, no self-approval, the rule's role,
one deny ends it, no door around the count (approve-always, the policy's auto-approve, the console)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from actions import quorum
from actions.models import ActionApproval, ApprovalRule, ProposedAction, SessionEvent

APPROVED = "proposed_action.approved"
ADDED = "proposed_action.approval_added"


@pytest.fixture
def mia(team):
    """A second maintainer: with the owner, two people who are not the agent's principal (max)."""
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


def _rule(team, action_type="instruction_patch", **kw):
    body = {"action_type": action_type, "approvals": 2, "min_role": "maintainer", **kw}
    quorum.set_approval_rules(actor=team.owner, project=team.project, rules=[body])


def _approve(team, user, action_id, path="approve"):
    return team.world.client(user).post(f"/api/actions/{action_id}/{path}/")


def _types(action_id, type_):
    return SessionEvent.objects.filter(action_id=action_id, type=type_).count()


def test_two_of_two_needs_two_distinct_people(agent_api, team, mia):
    _rule(team)
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]

    first = _approve(team, mia, action_id)
    assert first.status_code == 200, first.json()
    body = first.json()
    assert body["outcome"] == "approval_recorded" and body["status"] == "pending"
    assert body["approvals"]["count"] == 1 and body["approvals"]["required"] == 2
    assert body["approvals"]["approvers"] == ["mia"]
    added = SessionEvent.objects.get(action_id=action_id, type=ADDED)
    assert (added.actor_label, added.payload) == ("mia", {"approvals": 1, "required": 2})
    assert _types(action_id, APPROVED) == 0

    # The same person again counts once: an idempotent 200, nothing recorded.
    again = _approve(team, mia, action_id)
    assert again.status_code == 200 and again.json()["outcome"] == "approval_already_recorded"
    assert again.json()["status"] == "pending" and again.json()["approvals"]["count"] == 1
    assert _types(action_id, ADDED) == 1 and ActionApproval.objects.filter(action_id=action_id).count() == 1

    final = _approve(team, team.owner, action_id)
    assert final.status_code == 200 and final.json()["outcome"] == "approved"
    assert final.json()["status"] == "approved"
    assert final.json()["approvals"]["approvers"] == ["mia", "olivia"]
    # R10.2: one human decision per action — the approval that met the count — never more
    assert _types(action_id, APPROVED) == 1 and _types(action_id, ADDED) == 1
    assert SessionEvent.objects.get(action_id=action_id, type=APPROVED).actor_label == "olivia"
    assert _approve(team, mia, action_id).json()["outcome"] == "ja_aprovada"
    assert _types(action_id, APPROVED) == 1


def test_the_agents_principal_cannot_approve_under_no_self_approval(agent_api, team, mia):
    _rule(team)  # no_self_approval defaults to true
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    refused = _approve(team, team.maintainer, action_id)  # max is dev-api's principal
    assert refused.status_code == 403 and refused.json()["reason"] == "self_approval_refused"
    assert "self-approval" in refused.json()["detail"]
    assert not ActionApproval.objects.filter(action_id=action_id).exists()
    assert ProposedAction.objects.get(id=action_id).status == "pending"


def test_without_no_self_approval_the_principal_counts(agent_api, team):
    _rule(team, no_self_approval=False)
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    assert _approve(team, team.maintainer, action_id).json()["outcome"] == "approval_recorded"
    assert _approve(team, team.owner, action_id).json()["status"] == "approved"


def test_a_person_proposing_cannot_approve_their_own_action(team, mia):
    from actions.services import approve_action, propose_action
    from projects.services import DomainError

    _rule(team, "container_stop")
    action = propose_action(project=team.project, user=mia, action_type="container_stop", payload={}).action
    with pytest.raises(DomainError) as refused:
        approve_action(action_id=action.id, actor=mia)
    assert (refused.value.status, refused.value.reason) == (403, "self_approval_refused")


def test_an_approver_below_the_rules_role_is_refused(agent_api, team, mia):
    _rule(team, min_role="owner")
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    refused = _approve(team, mia, action_id)
    assert refused.status_code == 403 and refused.json()["reason"] == "role_too_low"
    assert "owner" in refused.json()["detail"]


def test_one_deny_after_one_of_two_ends_it(agent_api, team, mia):
    _rule(team)
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    assert _approve(team, mia, action_id).json()["approvals"]["count"] == 1
    denied = team.world.client(team.owner).post(
        f"/api/actions/{action_id}/deny/", {"reason": "not this week"}, format="json"
    )
    assert denied.status_code == 200 and denied.json()["status"] == "denied"
    late = _approve(team, team.owner, action_id)
    assert late.status_code == 409 and late.json()["reason"] == "acao_ja_recusada"
    assert _types(action_id, APPROVED) == 0


def test_approve_always_does_not_bypass_the_count(agent_api, team, mia):
    _rule(team, "terminal", min_role="developer")
    action_id = agent_api.propose("terminal", {"command": "make release"}).json()["id"]
    refused = _approve(team, mia, action_id, "approve-always")
    assert refused.status_code == 409 and refused.json()["reason"] == "quorum_rule_applies"
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    assert not team.project.permissions_path.exists()  # no pattern written
    assert _types(action_id, APPROVED) == 0 and _types(action_id, "permission.granted") == 0


def test_the_policy_never_auto_approves_what_a_rule_governs(agent_api, team):
    agent_api.write_permissions(allow=["Terminal(make)"])
    assert agent_api.propose("terminal", {"command": "make build"}).json()["status"] == "auto_approved"
    _rule(team, "terminal", min_role="developer")
    governed = agent_api.propose("terminal", {"command": "make build"}).json()
    assert governed["status"] == "pending" and governed["reason"] == "quorum_rule"
    assert "two-person rule" in governed["message"]
    assert governed["approvals"] == {
        "count": 0,
        "required": 2,
        "min_role": "developer",
        "no_self_approval": True,
        "decider_role": "developer",
        "decider_approved": False,
        "approvers": [],
        "reviewers": None,
        "waiting_for": {
            "remaining": 2,
            "people": None,
            "text": "Waiting for 2 more approvals from people with the developer role or higher.",
        },
        "wait_minutes": 0,
    }


def test_roles_are_checked_again_at_the_final_approval(agent_api, team, mia):
    """A maintainer demoted, or removed, after approving no longer counts; the action stays pending."""
    from projects import teams

    _rule(team)
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    assert _approve(team, mia, action_id).json()["approvals"]["count"] == 1
    teams.change_member_role(actor=team.owner, workspace=team.ws, username="mia", role="developer")
    after = _approve(team, team.owner, action_id).json()
    assert after["outcome"] == "approval_recorded" and after["status"] == "pending"
    assert after["approvals"]["approvers"] == ["olivia"]

    # a removed member's earlier approval does not count either
    ada = team.world.user("ada")
    team.world.member(team.ws, ada, "maintainer")
    teams.change_member_role(actor=team.owner, workspace=team.ws, username="mia", role="maintainer")
    teams.remove_member(actor=team.owner, workspace=team.ws, username="mia")
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    final = _approve(team, ada, action_id).json()
    assert final["status"] == "approved" and final["approvals"]["approvers"] == ["olivia", "ada"]


def test_a_protected_branch_condition_governs_only_merges_into_protected_branches(agent_api, team, mia):
    _rule(team, "git_merge", protected_branches_only=True)
    into_main = agent_api.propose("git_merge", {"pr": 1, "target_branch": "main"}).json()
    assert into_main["approvals"]["required"] == 2
    spelled = agent_api.propose("git_merge", {"pr": 2, "target_branch": "refs/heads/main"}).json()
    assert spelled["approvals"]["required"] == 2  # the engine's canonical reading of the branch
    feature = agent_api.propose("git_merge", {"pr": 3, "target_branch": "feature/x"}).json()
    assert feature["approvals"] is None
    assert _approve(team, mia, feature["id"]).json()["outcome"] == "approved"  # one click, as always
    assert _approve(team, mia, into_main["id"]).json()["outcome"] == "approval_recorded"


def test_a_spend_rule_adds_co_approvers_but_the_owner_still_decides(agent_api, team, mia):
    """Spend's minimum is the owner, and a workspace has one: "2 of maintainer+" means the owner and a
    maintainer. Maintainers co-approve; without the owner's approval the count is not met."""
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "spend", "approvals": 2, "min_role": "maintainer"}],
    )
    ada = team.world.user("ada")
    team.world.member(team.ws, ada, "maintainer")
    _, key = team.world.agent(team.project, team.owner, "dev-pay")  # spend is proposed for the owner (R2.1)
    body = {"amount": 250, "currency": "EUR", "purpose": "GPU hours"}
    action_id = agent_api.propose("spend", body, key=key).json()["id"]
    assert _approve(team, mia, action_id).json()["outcome"] == "approval_recorded"
    two = _approve(team, ada, action_id).json()
    assert two["outcome"] == "approval_recorded" and two["status"] == "pending"
    assert two["approvals"]["count"] == 2 and two["approvals"]["decider_approved"] is False
    assert two["approvals"]["decider_role"] == "owner"
    # a maintainer still cannot decide a spend on their own: denying it is the owner's (R2.2)
    deny = team.world.client(mia).post(f"/api/actions/{action_id}/deny/", {"reason": "no"}, format="json")
    assert deny.status_code == 403 and deny.json()["reason"] == "role_too_low"
    developer = _approve(team, team.developer, action_id)
    assert developer.status_code == 403 and developer.json()["reason"] == "role_too_low"
    final = _approve(team, team.owner, action_id).json()
    assert final["outcome"] == "approved" and final["status"] == "approved"
    assert final["approvals"]["approvers"] == ["mia", "ada", "olivia"]
    assert _types(action_id, APPROVED) == 1


def test_an_outsider_cannot_approve_a_governed_action(agent_api, team):
    _rule(team)
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    resp = _approve(team, team.outsider, action_id)
    assert resp.status_code == 404
    from actions.services import approve_action
    from projects.services import DomainError

    with pytest.raises(DomainError) as refused:
        approve_action(action_id=action_id, actor=team.outsider)
    assert (refused.value.status, refused.value.reason) == (404, "not_found")


@pytest.mark.parametrize(
    "payload,governed",
    [
        ({"amount": 100, "currency": "EUR"}, False),
        ({"amount": "100.00", "currency": "EUR"}, False),
        ({"amount": 100.01, "currency": "EUR"}, True),
        ({"amount": "100.001", "currency": "EUR"}, True),
        ({"amount": 5, "currency": "USD"}, True),  # another currency: not comparable, so it applies
        ({"amount": "a lot", "currency": "EUR"}, True),
    ],
)
def test_a_spend_condition_compares_exact_amounts(payload, governed):
    rule = ApprovalRule(
        action_type="spend", approvals=2, min_role="owner", amount_over="100.00", currency="EUR"
    )
    assert quorum.applies(rule, payload, ()) is governed


def test_spend_amount_reads_exact_decimals():
    assert quorum.spend_amount(0.1) == Decimal("0.1")
    assert quorum.spend_amount("12.50") == Decimal("12.50")
    assert quorum.spend_amount(True) is None and quorum.spend_amount("NaN") is None
    assert quorum.spend_amount([1]) is None and quorum.spend_amount("Infinity") is None


# -- the rules' endpoint -----------------------------------------------------------------------------------


def _url(team):
    return f"/api/projects/{team.project.id}/approval-rules/"


def test_rules_endpoint_reads_for_members_and_writes_for_maintainers(team):
    url = _url(team)
    got = team.world.client(team.developer).get(url)
    assert got.status_code == 200
    assert got.json() == {"project": str(team.project.id), "pending_expiry_seconds": 86400, "rules": []}
    rules = [
        {
            "action_type": "git_merge",
            "approvals": 2,
            "min_role": "maintainer",
            "protected_branches_only": True,
        }
    ]
    dev = team.world.client(team.developer).put(url, {"rules": rules}, format="json")
    assert dev.status_code == 403 and dev.json()["reason"] == "role_too_low"
    put = team.world.client(team.maintainer).put(
        url, {"rules": rules, "pending_expiry_seconds": 3600}, format="json"
    )
    assert put.status_code == 200, put.json()
    assert put.json()["pending_expiry_seconds"] == 3600
    assert put.json()["rules"] == [
        {
            "action_type": "git_merge",
            "approvals": 2,
            "min_role": "maintainer",
            "no_self_approval": True,
            "protected_branches_only": True,
            "reviewers": [],
            "teams": [],
            "wait_minutes": 0,
        }
    ]
    changes = SessionEvent.objects.filter(project=team.project, type__startswith="approval_").order_by("id")
    assert [e.type for e in changes] == ["approval_expiry.changed", "approval_rules.changed"]
    assert team.world.client(team.outsider).get(url).status_code == 404
    assert agent_url_refused(team, url)


def agent_url_refused(team, url) -> bool:
    resp = team.world.client(agent_key=team.agent_key).get(url)
    return resp.status_code == 403


def test_a_spend_rule_is_the_owners(team):
    url = _url(team)
    spend = [
        {"action_type": "spend", "approvals": 2, "min_role": "owner", "amount_over": "100", "currency": "EUR"}
    ]
    refused = team.world.client(team.maintainer).put(url, {"rules": spend}, format="json")
    assert refused.status_code == 403 and refused.json()["reason"] == "role_too_low"
    assert "spend" in refused.json()["detail"]
    ok = team.world.client(team.owner).put(url, {"rules": spend}, format="json")
    assert ok.status_code == 200 and ok.json()["rules"][0]["amount_over"] == "100"
    # a maintainer may change other rules while leaving the owner's spend rule as it is ...
    merge = {"action_type": "git_merge", "approvals": 3, "min_role": "maintainer"}
    kept = team.world.client(team.maintainer).put(
        url, {"rules": [ok.json()["rules"][0], merge]}, format="json"
    )
    assert kept.status_code == 200, kept.json()
    # ... but cannot drop it
    dropped = team.world.client(team.maintainer).put(url, {"rules": [merge]}, format="json")
    assert dropped.status_code == 403 and ApprovalRule.objects.filter(action_type="spend").exists()


@pytest.mark.parametrize(
    "body,field",
    [
        ({"rules": [{"action_type": "git_merge", "approvals": 7, "min_role": "maintainer"}]}, "approvals"),
        ({"rules": [{"action_type": "git_merge", "approvals": 0, "min_role": "maintainer"}]}, "approvals"),
        ({"rules": [{"action_type": "git_merge", "approvals": True, "min_role": "owner"}]}, "approvals"),
        ({"rules": [{"action_type": "git_merge", "approvals": 2, "min_role": "boss"}]}, "min_role"),
        ({"rules": [{"action_type": "spend", "approvals": 2, "no_self_approval": True}]}, "nobody could"),
        ({"rules": [{"action_type": "nope", "approvals": 2}]}, "action_type"),
        ({"rules": [{"action_type": "terminal", "approvals": 2, "colour": "red"}]}, "colour"),
        (
            {"rules": [{"action_type": "terminal", "approvals": 2, "protected_branches_only": True}]},
            "git_merge",
        ),
        ({"rules": [{"action_type": "spend", "approvals": 2, "amount_over": "100"}]}, "currency"),
        (
            {"rules": [{"action_type": "spend", "approvals": 2, "amount_over": "-1", "currency": "EUR"}]},
            "amount",
        ),
        (
            {
                "rules": [
                    {"action_type": "terminal", "approvals": 2},
                    {"action_type": "terminal", "approvals": 3},
                ]
            },
            "one rule",
        ),
        ({"rules": "git_merge"}, "list"),
        ({"rules": None}, "list"),  # a null is not "leave the rules as they are"
        ({"pending_expiry_seconds": None}, "seconds"),
        ({"pending_expiry_seconds": 299}, "300"),
        ({"pending_expiry_seconds": 31 * 86400}, "30 days"),
        ({"pending_expiry_seconds": "1h"}, "seconds"),
        ({}, "rules"),
        ({"rulez": []}, "rulez"),
    ],
)
def test_bad_rules_are_a_clear_400(team, body, field):
    resp = team.world.client(team.owner).put(_url(team), body, format="json")
    assert resp.status_code == 400, resp.json()
    assert resp.json()["reason"] == "invalid" and field in resp.json()["detail"]
    assert not ApprovalRule.objects.exists()


def test_the_expiry_and_the_rules_change_both_or_neither(team):
    """One PUT is one transition (``quorum.set_approval_settings``): a refused rule leaves the expiry as it
    was, though the expiry alone was valid."""
    before = team.project.pending_expiry_seconds
    body = {"pending_expiry_seconds": 3600, "rules": [{"action_type": "git_merge", "approvals": 0}]}
    resp = team.world.client(team.owner).put(_url(team), body, format="json")
    assert resp.status_code == 400, resp.json()
    team.project.refresh_from_db()
    assert team.project.pending_expiry_seconds == before != 3600
    assert not ApprovalRule.objects.exists()


def test_an_expired_action_is_settled_everywhere_the_agent_looks(agent_api, team):
    """The API shows why; deciding it is 409 action_expired; a coding agent's hook answers deny."""
    from datetime import timedelta

    from django.utils import timezone

    from actions import expiry
    from actions.hooks_api import _verdict
    from actions.models import ProposedAction

    action_id = agent_api.propose("terminal", {"command": "make ship"}).json()["id"]
    assert agent_api.client.get(f"/api/actions/{action_id}/").json()["expires_at"].endswith("Z")
    assert expiry.expire(action_id, now=timezone.now() + timedelta(days=1, seconds=1))
    seen = agent_api.client.get(f"/api/actions/{action_id}/").json()
    assert seen["status"] == "expired" and seen["settled"] is True and seen["expires_at"] is None
    assert seen["result"]["reason"] == "approval_expired"
    late = _approve(team, team.owner, action_id)
    assert late.status_code == 409 and late.json()["reason"] == "action_expired"
    decision, why = _verdict([ProposedAction.objects.get(id=action_id)], "http://console/", "wait")
    assert decision == "deny" and "expired" in why
    listed = team.world.client(team.owner).get(f"/api/actions/?project={team.project.id}&status=expired")
    assert [a["id"] for a in listed.json()["results"]] == [action_id]


def test_a_two_person_spend_rule_beats_the_owners_auto_approve_threshold(agent_api, team, mia):
    """Budgets and quorum together: a spend the owner's threshold would auto-approve stays pending
    under a two-person rule; the budget is checked, and the ledger written once, by the approval that meets
    the count — never by the non-final one."""
    from decimal import Decimal

    from actions import budgets
    from actions.models import SpendEntry

    budgets.set_workspace_budget(
        actor=team.owner,
        workspace=team.ws,
        currency="EUR",
        monthly_amount="500",
        auto_approve_up_to="50",
    )
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "spend", "approvals": 2, "min_role": "maintainer"}],
    )
    _, key = team.world.agent(team.project, team.owner, "dev-pay")
    body = {"amount": "10.00", "currency": "EUR", "purpose": "GPU hours"}
    proposed = agent_api.propose("spend", body, key=key).json()
    assert (proposed["status"], proposed["reason"]) == ("pending", "quorum_rule"), proposed
    assert not SpendEntry.objects.exists()

    assert _approve(team, mia, proposed["id"]).json()["outcome"] == "approval_recorded"
    assert not SpendEntry.objects.exists()  # 1 of 2: nothing is spent yet
    final = _approve(team, team.owner, proposed["id"]).json()
    assert final["status"] == "approved", final
    (entry,) = SpendEntry.objects.all()
    assert (entry.amount, entry.approved_by) == (Decimal("10.00"), team.owner)
