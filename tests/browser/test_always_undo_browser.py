"""Undoing "Always allow": the click says exactly what it grants, and every grant is undone from the
agent's page."""

from __future__ import annotations

import pytest

from actions.models import SessionEvent
from actions.tests.conftest import Proposer
from permissions.files import load_permissions
from projects.models import AutonomyRule

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_always_allow_then_undo(page, team, shot):
    agent = Proposer(team)
    qa, qa_key = team.world.agent(team.project, team.maintainer, "qa")  # qa writes patterns (R7.4)
    cat = agent.propose("terminal", {"command": "cat notes.txt"}, key=qa_key).json()["id"]
    write = agent.propose("write_file", {"path": "notes.txt", "content": "hello"}).json()["id"]
    login(page, "max")

    # A pattern-writing click grants only the pattern of what was approved.
    page.goto(f"/admin/console/actions/{cat}/")
    page.get_by_role("button", name="Always allow", exact=True).click()
    page.get_by_text("wrote Terminal(cat) to permissions.json").wait_for()
    assert not AutonomyRule.objects.filter(agent=team.agent, action_type="terminal").exists()

    # An autonomy row is never one click: the confirmation names the row before granting it.
    page.goto(f"/admin/console/actions/{write}/")
    page.get_by_role("button", name="Always allow all write_file…").click()
    dialog = page.locator("[data-always-confirm]")
    dialog.wait_for()
    assert "write_file: auto_approve" in dialog.locator("[data-grant]").inner_text()
    shot(page, "always-confirm")
    dialog.get_by_role("button", name="Yes, auto-approve every write_file of dev-api").click()
    page.get_by_text("now auto-approves every write_file action").wait_for()

    # Each grant is on its agent's page with Undo.
    page.goto(f"/admin/console/agents/{qa.id}/")
    page.locator("tr", has_text="Terminal(cat)").get_by_role("button", name="Undo").click()
    page.get_by_text("Undone: removed Terminal(cat) from permissions.json.").wait_for()
    page.goto(f"/admin/console/agents/{team.agent.id}/")
    shot(page, "agent-grants")
    page.locator("tr", has_text="write_file: auto_approve").get_by_role("button", name="Undo").click()
    page.get_by_text("Undone: dev-api no longer auto-approves every write_file action").wait_for()
    assert page.locator('[data-grants] [data-action="undo-grant"]').count() == 0
    assert page.locator("[data-grants]").get_by_text("undone by max").count() == 1

    assert "Terminal(cat)" not in load_permissions(team.project.permissions_path).allow
    assert not AutonomyRule.objects.filter(agent=team.agent, action_type="write_file").exists()
    revoked = SessionEvent.objects.filter(type="permission.revoked").order_by("id")
    assert [e.actor_label for e in revoked] == ["max", "max"]
    assert agent.propose("terminal", {"command": "cat other.txt"}, key=qa_key).json()["status"] == "pending"
