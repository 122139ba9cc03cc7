"""A two-person rule in real headless Chromium: the maintainer sets the rule on the project's
Approval rules page, an agent proposes, one person's click leaves "1 of 2 approvals" (and who approved) on
the action's page and in the queue, a second person's click approves it. Screenshots of the quorum action at
1400 px and 420 px in artifacts/screenshots/."""

from __future__ import annotations

import pytest

from actions import services
from actions.models import ProposedAction, SessionEvent
from actions.tests.conftest import Proposer

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_quorum_action_shows_one_of_two_until_the_second_person_approves(
    browser, live_server, team, shot, monkeypatch
):
    monkeypatch.setattr(
        services, "enqueue_execution", lambda *a, **k: None
    )  # no worker: the decision is shown
    mia = team.world.user("mia")
    team.world.member(team.ws, mia, "maintainer")

    context = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        login(page, "mia")
        page.goto(f"/admin/console/projects/{team.project.id}/approvals/")
        page.get_by_label("Action type").select_option("git_merge")
        page.get_by_label("Different approvers (1–6)").fill("2")
        page.get_by_label("Minimum role").select_option("maintainer")
        page.get_by_label("git_merge: only into a protected branch").check()
        page.get_by_role("button", name="Save rule").click()
        page.get_by_text("Saved the approval rules").wait_for()
        assert "into a protected branch" in page.locator('tr[data-rule="git_merge"]').inner_text()

        action_id = Proposer(team).propose("git_merge", {"pr": 42, "target_branch": "main"}).json()["id"]
        page.goto(f"/admin/console/actions/{action_id}/")
        assert "0 of 2 approvals" in page.locator(".quorum").inner_text()
        page.get_by_role("button", name="Approve (0 of 2)").click()
        page.get_by_text("1 of 2 approvals; it waits for the others").wait_for()
        quorum_box = page.locator(".quorum")
        assert "1 of 2 approvals" in quorum_box.inner_text()
        assert quorum_box.locator(".approver").all_inner_texts() == ["mia"]
        assert ProposedAction.objects.get(id=action_id).status == "pending"
        shot(page, "quorum-action-1400")

        page.set_viewport_size({"width": 420, "height": 900})
        page.reload()
        page.locator(".quorum").wait_for()
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 420 px"
        shot(page, "quorum-action-420")

        page.goto("/admin/console/")
        assert page.locator(f'li.queue-row[data-action-id="{action_id}"] .quorum-count').inner_text() == (
            "1 of 2 approvals"
        )
    finally:
        context.close()

    # the second person (the owner) approves in another browser: the count is met, one approval event
    other = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=live_server.url)
    other.set_default_timeout(15_000)
    owner = other.new_page()
    try:
        login(owner, "olivia")
        owner.goto(f"/admin/console/actions/{action_id}/")
        owner.get_by_role("button", name="Approve (1 of 2)").click()
        owner.get_by_text("Approved: git_merge").wait_for()
        assert "2 of 2 approvals" in owner.locator(".quorum").inner_text()
    finally:
        other.close()
    assert ProposedAction.objects.get(id=action_id).status == "approved"
    assert SessionEvent.objects.filter(action_id=action_id, type="proposed_action.approved").count() == 1
    assert (
        SessionEvent.objects.filter(action_id=action_id, type="proposed_action.approval_added").count() == 1
    )
