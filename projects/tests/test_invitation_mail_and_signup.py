"""An invitation sends its e-mail (Django's mail: the test outbox, and a real local SMTP server),
the console and the API say whether it went, and a person without an account creates one from a valid
invitation link — single use, expiring, never a door of its own."""

from __future__ import annotations

import html
import re
import socket
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import timezone

from projects.models import Membership
from projects.team_models import Invitation

User = get_user_model()


def _visible(response) -> str:
    page = html.unescape(response.content.decode())
    return re.sub(r"\s+", " ", re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S))


def _invite_in_console(team, who="newbie@example.com", role="developer"):
    c = Client()
    c.force_login(team.maintainer)
    r = c.post(f"/admin/console/members/{team.ws.id}/invite/", {"invitee": who, "role": role})
    assert r.status_code == 200
    page = html.unescape(r.content.decode())
    found = re.search(r"(http://testserver/invite/[^<\s]+)", page)
    assert found is not None
    link = found.group(1)
    return page, link


def test_the_console_invitation_sends_its_email_and_says_so(team):
    page, link = _invite_in_console(team)
    assert "An e-mail with the link went to newbie@example.com." in page
    (sent,) = mail.outbox
    assert sent.to == ["newbie@example.com"] and "Acme" in sent.subject and "max" in sent.subject
    assert link in sent.body and "works once, for 7 days" in sent.body


def test_the_api_says_whether_the_email_went(team):
    api = team.world.client(team.maintainer)
    r = api.post(
        f"/api/workspaces/{team.ws.id}/invitations/", {"email": "x@example.com", "role": "developer"}
    )
    assert r.status_code == 201 and r.json()["email_sent"] is True and r.json()["email_problem"] == ""
    assert mail.outbox[0].to == ["x@example.com"] and r.json()["accept_url"] in mail.outbox[0].body
    # by username, to an account with no address: nothing sent, and the answer says why
    team.world.user("nomail")
    r = api.post(f"/api/workspaces/{team.ws.id}/invitations/", {"username": "nomail", "role": "developer"})
    assert r.json()["email_sent"] is False and "has no e-mail address" in r.json()["email_problem"]
    assert len(mail.outbox) == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_server():
    """A real SMTP server on a free local port (aiosmtpd), collecting what it receives."""
    from aiosmtpd.controller import Controller

    class Collect:
        def __init__(self):
            self.messages = []

        async def handle_DATA(self, server, session, envelope):
            self.messages.append((envelope.rcpt_tos, envelope.content.decode("utf-8", "replace")))
            return "250 OK"

    handler = Collect()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    try:
        yield controller, handler
    finally:
        controller.stop()


def test_a_real_smtp_server_receives_the_invitation(team, settings, smtp_server):
    controller, handler = smtp_server
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    page, link = _invite_in_console(team, "smtp-person@example.com")
    assert "An e-mail with the link went to smtp-person@example.com." in page
    ((rcpt, content),) = handler.messages
    assert rcpt == ["smtp-person@example.com"] and link in content


def test_an_unreachable_mail_server_is_said_and_the_link_still_shown(team, settings):
    port = _free_port()  # nothing listens on it
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    page, link = _invite_in_console(team, "later@example.com")
    assert "No e-mail was sent: the mail server did not take it (ConnectionRefusedError)." in page
    assert link.startswith("http://testserver/invite/brabo_invite_")
    assert Invitation.objects.filter(email="later@example.com").exists()  # the invitation stands
    assert "127.0.0.1" not in page.split("No e-mail was sent")[1][:200]


def _signup(link, username="newbie", password="a long secret 93x", again=None):
    c = Client()
    r = c.post(
        link,
        {
            "step": "signup",
            "new_username": username,
            "new_password": password,
            "new_password_again": password if again is None else again,
        },
    )
    return c, r


def test_a_person_without_an_account_creates_one_from_the_invitation(team):
    _, link = _invite_in_console(team)
    anonymous = _visible(Client().get(link))
    assert "Create account and join" in anonymous and "newbie@example.com" in anonymous
    c, r = _signup(link)
    assert r.status_code == 302 and r["Location"].endswith("/admin/console/members/")
    user = User.objects.get(username="newbie")
    assert user.email == "newbie@example.com" and user.check_password("a long secret 93x")
    assert Membership.objects.get(workspace=team.ws, user=user).role == "developer"
    assert c.get("/admin/console/members/").status_code == 200  # signed in
    # single use: the link creates nothing more
    _, again = _signup(link, username="second")
    assert "no longer valid" in _visible(again) and not User.objects.filter(username="second").exists()


def test_signup_refusals_create_no_account(team, world):
    _, link = _invite_in_console(team)
    _, r = _signup(link, again="something else entirely")
    assert "the two passwords differ" in _visible(r)
    _, r = _signup(link, password="123")
    assert "too short" in _visible(r)
    _, r = _signup(link, username="max")  # taken
    assert "is taken" in _visible(r)
    _, r = _signup(link, username="bad name!")
    assert "letters, digits" in _visible(r)
    assert not User.objects.filter(email="newbie@example.com").exists()
    # expired: the link is dead
    Invitation.objects.filter(email="newbie@example.com").update(expires_at=timezone.now() - timedelta(1))
    _, r = _signup(link)
    assert "no longer valid" in _visible(r) and not User.objects.filter(username="newbie").exists()
    # an unknown link is a 404, never a signup form
    assert Client().get("/invite/brabo_invite_nope/").status_code == 404
    assert Client().post("/invite/brabo_invite_nope/", {"step": "signup"}).status_code == 404


def test_no_signup_for_a_username_invitation_or_an_existing_address(team, world):
    world.user("known", email="known@example.com")
    _, by_name = _invite_in_console(team, "known")
    assert "Create account" not in _visible(Client().get(by_name))
    _, r = _signup(by_name, username="impostor")
    assert "sign in as that person" in _visible(r) and not User.objects.filter(username="impostor").exists()
    _, by_mail = _invite_in_console(team, "KNOWN@example.com")
    assert "Create account" not in _visible(Client().get(by_mail))  # that address has an account: sign in
    _, r = _signup(by_mail, username="twin")  # posted anyway: refused by the service
    assert "exists already; sign in" in _visible(r) and not User.objects.filter(username="twin").exists()
