"""The "Changed outside Brabo" banner leads with Restore when the file on disk loosens anything,
and never offers Accept for a file that does not load."""

from __future__ import annotations

import json

import pytest

from actions.tests.conftest import Proposer
from projects.policy_store import accepted_permissions

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _write(team, **lists):
    body = {"allow": [], "deny": [], "ask": [], **lists}
    team.project.permissions_path.write_text(json.dumps(body, indent=2))


def test_the_banner_leads_with_restore_on_a_loosening_change(page, team, shot):
    Proposer(team).write_permissions(allow=["Terminal(npm test)"], deny=["Terminal(curl)"])
    _write(team, allow=["Terminal(npm test)", "Terminal(rm)"])  # an agent's edit: adds an allow, lifts a deny
    login(page, "max")
    page.goto(f"/admin/console/projects/{team.project.id}/permissions/")
    banner = page.locator("[data-outside-change]")
    loosens = banner.locator("[data-loosens]")
    loosens.wait_for()
    assert "allows Terminal(rm)" in loosens.inner_text()
    assert "lifts the deny on Terminal(curl)" in loosens.inner_text()
    buttons = banner.locator("form button")
    assert buttons.first.get_attribute("data-action") == "restore"
    assert "btn-primary" in buttons.first.get_attribute("class")
    assert "btn-primary" not in banner.locator('[data-action="accept"]').get_attribute("class")
    shot(page, "banner-loosening")
    buttons.first.click()
    page.get_by_text("Restored permissions.json to the accepted version").wait_for()
    assert "Terminal(rm)" not in team.project.permissions_path.read_text()
    assert list(accepted_permissions(team.project).deny) == ["Terminal(curl)"]


def test_a_tightening_change_leads_with_accept(page, team):
    Proposer(team).write_permissions(allow=["Terminal(npm test)"])
    _write(team, allow=["Terminal(npm test)"], deny=["Terminal(curl)"])
    login(page, "max")
    page.goto(f"/admin/console/projects/{team.project.id}/permissions/")
    banner = page.locator("[data-outside-change]")
    banner.wait_for()
    assert banner.locator("[data-loosens]").count() == 0
    assert banner.locator("form button").first.get_attribute("data-action") == "accept"


def test_an_unparseable_file_is_never_offered_for_accept(page, team, shot):
    Proposer(team).write_permissions(allow=["Terminal(npm test)"])
    team.project.permissions_path.write_text('{"allow": ["Terminal(npm test)", "Terminal(rm)"')  # cut short
    login(page, "max")
    page.goto(f"/admin/console/projects/{team.project.id}/permissions/")
    banner = page.locator("[data-outside-change]")
    banner.locator("[data-disk-error]").get_by_text("Does not load").wait_for()
    assert banner.locator('[data-action="accept"]').count() == 0
    assert banner.locator('[data-action="restore"]').count() == 1
    shot(page, "banner-unparseable")
