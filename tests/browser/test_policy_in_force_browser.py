"""The accepted policy in the console (R3.5, R3.6), in real headless Chromium: a file changed outside Brabo
is shown with its diff, a maintainer accepts or restores it, and the role ceiling refuses in the editor.
The screenshots are the README's (artifacts/screenshots/)."""

from __future__ import annotations

import json
import os

import pytest

from projects.policy_store import policy_state

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_maintainer_sees_an_outside_change_accepts_one_and_restores_another(page, team, shot):
    owner = team.world.client(team.owner)
    url = f"/api/projects/{team.project.id}/permissions/"
    owner.put(url, {"allow": ["Terminal(npm test)"], "ask": ["Terminal(git push)"]}, format="json")
    # A git pull brings a new allow entry and drops the ask entry: not in force until accepted.
    team.project.permissions_path.write_text(
        json.dumps(
            {"allow": ["Terminal(npm test)", "Terminal(npm run lint)"], "deny": [], "ask": []}, indent=2
        )
    )
    login(page, "max")
    page.goto(f"/admin/console/projects/{team.project.id}/permissions/")
    banner = page.locator("[data-outside-change]")
    banner.get_by_role("heading", name="Changed outside Brabo").wait_for()
    diff = banner.locator("[data-outside-diff]").inner_text()
    assert "+" in diff and "Terminal(npm run lint)" in diff and "Terminal(git push)" in diff
    shot(page, "permissions-changed-outside")
    # it loosens (adds an allow, lifts an ask): Restore leads, Accept says what it grants
    assert banner.locator("form button").first.get_attribute("data-action") == "restore"
    banner.get_by_role("button", name="Accept anyway (grants the above)").click()
    page.get_by_text("it is the policy in force").wait_for()
    assert page.locator("[data-outside-change]").count() == 0
    assert policy_state(team.project).changed_outside is False
    shot(page, "permissions-accepted")

    # An agent replaced the file with a FIFO: named, nothing hangs, and Restore brings the accepted one back.
    os.unlink(team.project.permissions_path)
    os.mkfifo(team.project.permissions_path)
    page.goto(f"/admin/console/projects/{team.project.id}/permissions/")
    page.locator("[data-disk-error]").get_by_text("permissions.json is a FIFO").wait_for()
    assert page.get_by_role("button", name="Accept the file on disk").count() == 0
    shot(page, "permissions-fifo")
    page.get_by_role("button", name="Restore the accepted version").click()
    page.get_by_text("Restored permissions.json to the accepted version").wait_for()
    assert team.project.permissions_path.is_file() and not team.project.permissions_path.is_fifo()
    assert "Terminal(npm run lint)" in team.project.permissions_path.read_text()


def test_the_role_ceiling_refuses_a_maintainers_spend_in_the_editor(page, team, shot):
    login(page, "max")
    page.goto(f"/admin/console/projects/{team.project.id}/permissions/")
    page.get_by_label("permissions.json").fill('{"allow": ["Spend()"], "deny": [], "ask": []}')
    page.get_by_role("button", name="Check and preview").click()
    page.locator("[data-diff]").wait_for()
    page.get_by_role("button", name="Save permissions.json").click()
    page.get_by_text("cannot grant allow: Spend()").wait_for()
    shot(page, "permissions-role-ceiling")
    assert not team.project.permissions_path.exists()
