"""The approval console in real headless Chromium (its acceptance walk-through)."""

from __future__ import annotations

import pytest

from actions.models import ProposedAction, SessionEvent
from actions.tests.conftest import Proposer
from permissions.autopilot import AUTOPILOT
from permissions.messages import sentence

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _row(page, action_id):
    return page.locator(f'li.queue-row[data-action-id="{action_id}"]')


def test_pending_action_appears_is_approved_leaves_the_queue_and_its_events_show(page, team, shot):
    login(page, "max")
    page.get_by_text("Nothing is waiting for you.").wait_for()
    agent = Proposer(team)
    agent.propose("git_push", {"branch": "feature/login"})
    agent.propose("terminal", {"command": "npm ci && npm run build"})
    action_id = agent.propose("terminal", {"command": "cat /etc/hosts"}).json()["id"]

    row = _row(page, action_id)
    row.wait_for()  # arrived through the queue's own polling, no reload
    assert page.locator("#queue-badge").inner_text() == "3"
    action = ProposedAction.objects.get(id=action_id)
    assert sentence(action.reason, action.scope_root) in row.inner_text()  # R10.3
    shot(page, "queue")

    row.locator("a.command").click()
    page.get_by_role("heading", name="Events").wait_for()
    shot(page, "action-detail")
    page.get_by_role("button", name="Approve").click()
    page.get_by_text("Approved: terminal").wait_for()

    page.goto("/admin/console/")
    assert page.locator("li.queue-row").count() == 2
    assert _row(page, action_id).count() == 0
    page.goto(f"/admin/console/actions/{action_id}/")
    timeline = page.locator("ol.timeline")
    assert timeline.locator('[data-event-type="proposed_action.approved"]').count() == 1
    assert "max" in timeline.locator('[data-event-type="proposed_action.approved"]').inner_text()


def test_deny_with_a_reason(page, team, shot):
    action_id = Proposer(team).propose("terminal", {"command": "cat /etc/passwd"}).json()["id"]
    login(page, "dev")
    row = _row(page, action_id)
    row.get_by_text("Deny…").click()
    row.get_by_label("Reason the agent will read").fill("secrets stay secret")
    shot(page, "queue-deny")
    row.get_by_role("button", name="Deny", exact=True).click()
    page.get_by_text("Denied: terminal").wait_for()
    assert _row(page, action_id).count() == 0
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "denied" and action.denial_reason == "secrets stay secret"


def test_always_allow_writes_the_previewed_pattern(page, team):
    _, key = team.world.agent(team.project, team.maintainer, "qa")  # qa writes patterns, not rows (R7.4)
    action_id = (
        Proposer(team).propose("terminal", {"command": "cat ../shared/notes.md"}, key=key).json()["id"]
    )
    login(page, "max")
    page.goto(f"/admin/console/actions/{action_id}/")
    previewed = page.locator("[data-preview] code").all_inner_texts()
    assert previewed == ["Terminal(cat)"]
    page.get_by_role("button", name="Always allow").click()
    page.get_by_text("Always allowed — wrote Terminal(cat)").wait_for()
    written = team.project.permissions_path.read_text()
    assert all(p in written for p in previewed)
    assert SessionEvent.objects.filter(action_id=action_id, type="permission.granted").count() == 1


def test_git_push_has_no_always_allow_and_a_developer_sees_no_approve(page, team):
    action_id = Proposer(team).propose("git_push", {"branch": "feature/login"}).json()["id"]
    login(page, "max")
    row = _row(page, action_id)
    assert row.get_by_role("button", name="Approve").count() == 1
    assert row.get_by_role("button", name="Always allow").count() == 0

    page.context.clear_cookies()
    login(page, "dev")
    row = _row(page, action_id)
    assert row.get_by_role("button", name="Approve").count() == 0
    assert "Needs the maintainer role to decide" in row.inner_text()


def test_autopilot_switch_shows_the_lists(page, team, shot):
    login(page, "max")
    page.goto(f"/admin/console/agents/{team.agent.id}/")
    page.get_by_role("link", name="Turn on autopilot…").click()
    dialog = page.get_by_role("alertdialog")
    text = dialog.inner_text()
    assert all(item in text for item in AUTOPILOT.releases + AUTOPILOT.never_releases)
    shot(page, "autopilot-confirm")
    dialog.get_by_role("button", name="Turn on autopilot").click()
    page.get_by_text("Autopilot is on for dev-api").wait_for()
    assert team.agent.autonomy_rules.get(action_type="*").mode == "auto_approve"


UNLABELLED = """() => [...document.querySelectorAll('#content select, #content textarea, #content input:not([type=hidden])')]
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')).map(el => el.outerHTML)"""
NAMELESS_BUTTONS = """() => [...document.querySelectorAll('#content button, #content summary')]
  .filter(el => !el.innerText.trim() && !el.getAttribute('aria-label')).map(el => el.outerHTML)"""


def test_every_console_page_has_labelled_controls(page, team, shot):
    from containers.models import ProjectContainer

    ProjectContainer.objects.create(
        project=team.project, state="running", cpu=2, memory_mb=2048, image="node:22"
    )
    agent = Proposer(team)
    agent.write_permissions(allow=["Terminal(npm test)"], ask=["Terminal(rm)"])
    agent.propose("terminal", {"command": "npm test"})
    agent.propose("terminal", {"command": "cat src/app.ts && ls -la"})
    login(page, "olivia")
    pages = {
        "agent-card": f"/admin/console/agents/{team.agent.id}/",
        "agents": "/admin/console/agents/",
        "projects": "/admin/console/projects/",
        "permissions": f"/admin/console/projects/{team.project.id}/permissions/",
        "containers": "/admin/console/containers/",
        "stats": f"/admin/console/projects/{team.project.id}/stats/",
    }
    for name, url in pages.items():
        page.goto(url)
        assert page.evaluate(UNLABELLED) == [], name
        assert page.evaluate(NAMELESS_BUTTONS) == [], name
        shot(page, name)
    # The editor: a lint error shows inline, next to the text it is about.
    page.goto(pages["permissions"])
    page.get_by_label("permissions.json").fill('{"allow": ["Terminal(npm test"], "deny": [], "ask": []}')
    page.get_by_role("button", name="Check and preview").click()
    # the review is the form's answer, a page of its own: wait for it, not for the page it replaces (a fast
    # machine counted the old page's issues, none, before the answer arrived)
    page.locator(".issue-error").first.wait_for()
    assert page.locator(".issue-error").count() >= 1
    page.get_by_label("permissions.json").fill('{"allow": ["Terminal(npm test)", "Terminal(npm run lint)"]}')
    page.get_by_role("button", name="Check and preview").click()
    page.locator("[data-diff]").wait_for()
    shot(page, "permissions-diff")
    page.get_by_role("button", name="Save permissions.json").click()
    page.get_by_text("Saved permissions.json").wait_for()
    assert "Terminal(npm run lint)" in team.project.permissions_path.read_text()
