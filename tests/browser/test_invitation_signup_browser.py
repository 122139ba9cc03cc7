"""A person without an account opens the e-mailed invitation link, creates an account and joins."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from projects.models import Membership

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_invite_by_email_then_create_an_account_from_the_link(page, browser, live_server, team, shot):
    login(page, "olivia")
    page.get_by_role("link", name="Members").click()
    page.get_by_label("Username or e-mail").fill("zoe@example.com")
    page.get_by_label("Role", exact=True).select_option("developer")
    page.get_by_role("button", name="Invite").click()
    page.get_by_text("An e-mail with the link went to zoe@example.com.").wait_for()
    (sent,) = mail.outbox
    found = re.search(r"(http://\S+/invite/\S+)", str(sent.body))
    assert found is not None
    link = found.group(1)

    other = browser.new_context(viewport={"width": 420, "height": 900}, base_url=live_server.url)
    try:
        zoe = other.new_page()
        zoe.goto(link)
        form = zoe.locator('[data-form="signup"]')
        form.get_by_label("Username").fill("zoe")
        form.get_by_label("Password", exact=True).fill("correct horse battery 7")
        form.get_by_label("Password again").fill("correct horse battery 7")
        shot(zoe, "invitation-signup")
        form.get_by_role("button", name="Create account and join").click()
        zoe.wait_for_url("**/admin/console/members/")
        zoe.get_by_text("Welcome to Acme, zoe: you joined as developer.").wait_for()
        assert Membership.objects.get(workspace=team.ws, user__username="zoe").role == "developer"
        zoe.goto(link)  # single use
        zoe.get_by_text("no longer valid").wait_for()
    finally:
        other.close()
