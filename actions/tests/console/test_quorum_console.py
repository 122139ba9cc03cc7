"""The console under a two-person rule: the queue and the action's page show "1 of 2 approvals"
and who approved; the Approve button records one approval; "Always allow" is not offered; the rules page
sets rules and the expiry through the same services as the API."""

from __future__ import annotations

import pytest

from actions import quorum
from actions.models import ApprovalRule, ProposedAction
from actions.tests.console_forms import shown_fields


@pytest.fixture
def mia(team):
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


@pytest.fixture
def governed(team, agent_api):
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[{"action_type": "terminal", "approvals": 2, "min_role": "developer"}],
    )
    return agent_api.propose("terminal", {"command": "make release"}).json()["id"]


def test_the_approve_button_records_one_approval_and_the_pages_show_the_count(team, login, mia, governed):
    console = login(mia)
    detail = f"/admin/console/actions/{governed}/"
    before = console.get(detail).content.decode()
    assert "0 of 2 approvals" in before and 'data-action="always"' not in before
    assert "Expires" in before

    resp = console.post(
        f"/admin/console/actions/{governed}/approve/", shown_fields(governed, {"next": detail}), follow=True
    )
    page = resp.content.decode()
    assert "Your approval is recorded" in page and "1 of 2 approvals; it waits for the others" in page
    assert "1 of 2 approvals" in page and '<strong class="approver">mia</strong>' in page
    assert ProposedAction.objects.get(id=governed).status == "pending"

    queue = console.get("/admin/console/").content.decode()
    # mia's approval counts already: she is told so instead of offered a second click; the owner is offered it
    assert 'data-quorum="1/2"' in queue and "Approve (1 of 2)" not in queue
    assert "Your approval is counted; another person decides next." in queue
    assert "Approve (1 of 2)" in login(team.owner).get("/admin/console/").content.decode()

    again = console.post(
        f"/admin/console/actions/{governed}/approve/", shown_fields(governed, {"next": detail}), follow=True
    )
    assert "your approval counts once" in again.content.decode()

    final = login(team.owner).post(
        f"/admin/console/actions/{governed}/approve/", shown_fields(governed, {"next": detail}), follow=True
    )
    page = final.content.decode()
    assert "Approved:" in page and "2 of 2 approvals" in page
    assert ProposedAction.objects.get(id=governed).status == "approved"


def test_the_principal_is_told_why_their_click_did_not_count(team, login, governed):
    resp = login(team.maintainer).post(
        f"/admin/console/actions/{governed}/approve/", shown_fields(governed), follow=True
    )
    assert "Not done:" in resp.content.decode() and "self-approval" in resp.content.decode()


def test_the_always_allow_endpoint_refuses_under_a_rule(team, login, mia, governed):
    resp = login(mia).post(f"/admin/console/actions/{governed}/always/", shown_fields(governed), follow=True)
    assert "Not done:" in resp.content.decode()
    assert ProposedAction.objects.get(id=governed).status == "pending"


def test_the_rules_page_sets_rules_and_expiry(team, login):
    url = f"/admin/console/projects/{team.project.id}/approvals/"
    maint = login(team.maintainer)
    assert "No two-person rules" in maint.get(url).content.decode()
    saved = maint.post(
        url,
        {
            "do": "save",
            "action_type": "git_merge",
            "approvals": "2",
            "min_role": "maintainer",
            "no_self_approval": "on",
            "protected_branches_only": "on",
        },
        follow=True,
    )
    assert "Saved the approval rules" in saved.content.decode()
    rule = ApprovalRule.objects.get(project=team.project)
    assert (rule.action_type, rule.approvals, rule.no_self_approval, rule.protected_branches_only) == (
        "git_merge",
        2,
        True,
        True,
    )
    assert "into a protected branch" in saved.content.decode()
    # a spend rule is the owner's: the maintainer is told so and nothing changes
    spend = maint.post(
        url,
        {"do": "save", "action_type": "spend", "approvals": "2", "min_role": "owner", "amount_over": "100"},
        follow=True,
    )
    assert "Not saved:" in spend.content.decode() and ApprovalRule.objects.count() == 1
    owner = login(team.owner)
    ok = owner.post(
        url,
        {
            "do": "save",
            "action_type": "spend",
            "approvals": "2",
            "min_role": "owner",
            "amount_over": "100.00",
            "currency": "eur",
        },
        follow=True,
    )
    assert "over 100.00 EUR" in ok.content.decode()
    expiry = maint.post(url, {"do": "expiry", "expiry_minutes": "90"}, follow=True)
    team.project.refresh_from_db()
    assert team.project.pending_expiry_seconds == 5400 and "Saved" in expiry.content.decode()
    too_short = maint.post(url, {"do": "expiry", "expiry_minutes": "1"}, follow=True)
    assert "Not saved:" in too_short.content.decode() and "5 minutes" in too_short.content.decode()
    maint.post(url, {"do": "remove", "action_type": "git_merge"})
    assert list(ApprovalRule.objects.values_list("action_type", flat=True)) == ["spend"]
    # a developer reads the page but gets no form
    dev_page = login(team.developer).get(url).content.decode()
    assert "over 100.00 EUR" in dev_page and 'data-action="save-rule"' not in dev_page
    dev = login(team.developer).post(url, {"do": "remove", "action_type": "spend"}, follow=True)
    assert "Not saved:" in dev.content.decode() and ApprovalRule.objects.count() == 1


def test_the_rules_page_of_another_workspace_is_a_404(team, login):
    url = f"/admin/console/projects/{team.other_project.id}/approvals/"
    assert login(team.maintainer).get(url).status_code == 404
