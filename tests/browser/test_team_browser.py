"""Members and keys pages in real headless Chromium: invite → accept → remove → reassign, and
personal tokens and agent key rotation. Screenshots at 1400 px wide in artifacts/screenshots/."""

from __future__ import annotations

import pytest

from projects.models import Agent, Membership, PersonalToken

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDE = {"width": 1400, "height": 1000}


def test_invite_accept_remove_and_reassign_in_the_console(page, browser, live_server, team, shot):
    team.world.user("nina", email="nina@example.com")
    page.set_viewport_size(WIDE)
    login(page, "olivia")
    page.get_by_role("link", name="Members").click()
    page.get_by_label("Username or e-mail").fill("nina@example.com")
    page.get_by_label("Role", exact=True).select_option("developer")
    page.get_by_role("button", name="Invite").click()
    link = page.locator("[data-secret]").inner_text()
    assert "/invite/brabo_invite_" in link
    page.locator('tr[data-invitation="nina@example.com"]').wait_for()

    # the invitee, in a browser of her own, signs in from the link and accepts
    other = browser.new_context(viewport=WIDE, base_url=live_server.url)
    try:
        nina = other.new_page()
        nina.goto(link)
        nina.get_by_text("Sign in to accept").wait_for()
        nina.get_by_label("Username").fill("nina")
        nina.get_by_label("Password").fill("pw-nina")
        nina.get_by_role("button", name="Sign in").click()
        nina.get_by_role("button", name="Accept invitation").click()
        nina.wait_for_url("**/admin/console/members/")
        nina.get_by_text("you joined as developer").wait_for()
    finally:
        other.close()
    assert Membership.objects.get(workspace=team.ws, user__username="nina").role == "developer"

    # the owner removes max, the principal of dev-api: the agent is suspended and listed
    page.goto("/admin/console/members/")
    page.locator('tr[data-member="nina"]').wait_for()
    page.on("dialog", lambda d: d.accept())
    page.locator('tr[data-member="max"]').get_by_role("button", name="Remove").click()
    page.get_by_text("Suspended agents: dev-api").wait_for()
    row = page.locator('tr[data-suspended-agent="dev-api"]')
    assert "max was removed" in row.inner_text()
    shot(page, "members")

    row.get_by_label("New principal of dev-api").select_option("dev")
    row.get_by_role("button", name="Reassign").click()
    page.get_by_text("Agent dev-api now acts for dev").wait_for()
    agent = Agent.objects.get(pk=team.agent.pk)
    assert agent.suspended_at is None and agent.principal and agent.principal.user == team.developer


def test_tokens_and_agent_key_rotation_in_the_console(page, team, shot):
    from rest_framework.test import APIClient

    old_key = team.agent_key
    page.set_viewport_size(WIDE)
    login(page, "max")
    page.get_by_role("link", name="Keys").click()
    page.get_by_label("Name").fill("laptop")
    page.get_by_role("button", name="Create token").click()
    token_key = page.locator("[data-secret]").inner_text()
    assert token_key.startswith("brabo_user_")
    assert PersonalToken.objects.get(user=team.maintainer, name="laptop").key_hash == PersonalToken.hash_key(
        token_key
    )

    agent_row = page.locator('tr[data-agent="dev-api"]')
    agent_row.get_by_label("Old key valid for (minutes)").fill("0")
    agent_row.get_by_role("button", name="Rotate key of dev-api").click()
    page.get_by_text("New key for agent dev-api").wait_for()
    new_key = page.locator("[data-secret]").inner_text()

    def status(key):
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
        return c.get("/api/actions/").status_code

    assert status(old_key) == 401 and status(new_key) == 200
    page.goto("/admin/console/keys/")
    page.locator('tr[data-token="laptop"]').wait_for()
    assert token_key not in page.content() and new_key not in page.content()
    shot(page, "keys")

    page.locator('tr[data-token="laptop"]').get_by_role("button", name="Revoke").click()
    page.locator('tr[data-token="laptop"]').get_by_text("revoked").wait_for()
