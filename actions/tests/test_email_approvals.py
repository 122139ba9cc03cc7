"""E-mail approvals through a local SMTP server (aiosmtpd): the notification e-mail carries the
recipient's own signed, single-use, short-lived links; opening one decides nothing; the confirm is a logged-in
POST with CSRF by that member; used, expired, forged and other people's links get a clear page."""

from __future__ import annotations

import re
import socket
from datetime import timedelta
from email import message_from_bytes

import pytest
from aiosmtpd.controller import Controller
from django.test import Client
from django.utils import timezone

from actions import quorum
from actions.models import EmailDecisionLink, ProposedAction, SessionEvent
from actions.tests.exec_fixtures import DECISIONS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


class Inbox:
    def __init__(self):
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content)))
        return "250 OK"

    def to(self, address: str) -> list[str]:
        return [
            m.get_payload(decode=True).decode().replace("\r\n", "\n")
            for rcpts, m in self.messages
            if address in rcpts
        ]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def inbox(settings):
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.BRABO_PUBLIC_URL = "https://brabo.example"
    yield handler
    controller.stop()


@pytest.fixture
def people(team):
    for user, address in ((team.owner, "olivia@acme.test"), (team.maintainer, "max@acme.test")):
        user.email = address
        user.save(update_fields=["email"])
    team.developer.email = "dev@acme.test"
    team.developer.save(update_fields=["email"])
    return team


def _propose(agent_api, capture):
    with capture(execute=True):
        body = agent_api.propose("instruction_patch", {}).json()
    assert body["status"] == "pending", body
    return body["id"]


def _links(inbox, address) -> dict[str, str]:
    [text] = inbox.to(address)
    found = dict(re.findall(r"^(Approve|Deny): https://brabo\.example(\S+)$", text, re.M))
    return found


def _client(user, csrf=False) -> Client:
    c = Client(enforce_csrf_checks=csrf)
    c.force_login(user)
    return c


def _decisions(action_id):
    return list(SessionEvent.objects.filter(action_id=action_id, type__in=DECISIONS).order_by("id"))


def _csrf(page) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert found is not None
    return found.group(1)


def test_opening_decides_nothing_and_the_confirm_decides_once(people, inbox, agent_api,
                                                              django_capture_on_commit_callbacks):  # fmt: skip
    team = people
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    links = _links(inbox, "olivia@acme.test")
    assert set(links) == {"Approve", "Deny"}
    assert inbox.to("dev@acme.test") == []  # developers are not subscribed to pending (and may not decide)

    # a mail scanner (anonymous) and the person themself open the link: nothing is decided
    assert Client().get(links["Approve"]).status_code == 302  # to the login page
    owner = _client(team.owner, csrf=True)
    page = owner.get(links["Approve"])
    assert page.status_code == 200 and b"data-confirm-button" in page.content
    assert b"Opening this link decided nothing" in page.content
    assert "Approving carries out this instruction_patch." in page.content.decode()
    assert ProposedAction.objects.get(id=action_id).status == "pending" and _decisions(action_id) == []

    # the confirm needs the CSRF token of a page the member loaded
    assert owner.post(links["Approve"]).status_code == 403
    assert _decisions(action_id) == []
    done = owner.post(links["Approve"], {"csrfmiddlewaretoken": _csrf(page)})
    assert done.status_code == 200 and b"data-decided" in done.content
    [approved] = _decisions(action_id)
    assert (approved.type, approved.actor_label, approved.payload["channel"]) == (
        "proposed_action.approved", "olivia", "email",
    )  # fmt: skip

    # single use: the same link again is a clear page, and decides nothing more
    again = owner.get(links["Approve"])
    assert again.status_code == 410 and b"already used" in again.content
    assert owner.post(links["Approve"], {"csrfmiddlewaretoken": _csrf(page)}).status_code == 410
    # the deny link of an action no longer pending decides nothing either
    assert owner.get(links["Deny"]).status_code == 410
    assert len(_decisions(action_id)) == 1


def test_expired_forged_and_other_peoples_links_decide_nothing(people, inbox, agent_api,
                                                               django_capture_on_commit_callbacks):  # fmt: skip
    team = people
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    olivia, max_ = _links(inbox, "olivia@acme.test"), _links(inbox, "max@acme.test")

    # max's link opened by olivia, who is signed in: it was sent to someone else
    other = _client(team.owner).get(max_["Approve"])
    assert other.status_code == 403 and b"sent to someone else" in other.content
    assert _client(team.owner).post(max_["Approve"]).status_code == 403

    # a link changed by one character does not verify
    forged = olivia["Approve"][:-3] + ("A" if olivia["Approve"][-3] != "A" else "B") + olivia["Approve"][-2:]
    assert _client(team.owner).get(forged).status_code == 404

    # past its time (the row's expiry; the signature's max age says the same)
    EmailDecisionLink.objects.filter(user=team.owner).update(expires_at=timezone.now() - timedelta(seconds=1))
    expired = _client(team.owner).get(olivia["Deny"])
    assert expired.status_code == 410 and b"expired" in expired.content
    assert _client(team.owner).post(olivia["Deny"], {"reason": "no"}).status_code == 410
    assert ProposedAction.objects.get(id=action_id).status == "pending" and _decisions(action_id) == []

    # max's own deny link still works, for max
    denied = _client(team.maintainer).post(max_["Deny"], {"reason": "not now"})
    assert denied.status_code == 200
    [event] = _decisions(action_id)
    assert (event.type, event.actor_label, event.payload) == (
        "proposed_action.denied", "max", {"reason": "not now", "channel": "email"},
    )  # fmt: skip


def test_a_link_of_a_member_removed_since_shows_nothing_of_the_action(people, inbox, agent_api,
                                                                       django_capture_on_commit_callbacks):  # fmt: skip
    """R1.1: max is removed from the workspace after the e-mail was sent; still signed in (he is a member of
    another workspace), his own link neither shows the action nor decides it."""
    from projects import teams

    team = people
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    links = _links(inbox, "max@acme.test")
    shown = _client(team.maintainer).get(links["Approve"])
    assert shown.status_code == 200 and b"instruction_patch" in shown.content
    team.world.member(team.other_ws, team.maintainer, "developer")
    teams.remove_member(actor=team.owner, workspace=team.ws, username="max")
    for method in ("get", "post"):
        page = getattr(_client(team.maintainer), method)(links["Deny"])
        assert page.status_code == 404 and b"You no longer reach this action" in page.content
        assert b"instruction_patch" not in page.content and action_id.encode() not in page.content
    assert ProposedAction.objects.get(id=action_id).status == "pending" and _decisions(action_id) == []


def test_an_email_confirm_counts_like_a_console_click_under_a_two_person_rule(
    people, inbox, agent_api, django_capture_on_commit_callbacks
):
    team = people
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )  # fmt: skip
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    links = _links(inbox, "olivia@acme.test")
    _client(team.owner).post(links["Approve"])
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    # the same person again, in the console: counts once
    _client(team.owner).post(f"/admin/console/actions/{action_id}/approve/")
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    assert [(e.type, e.actor_label, e.payload.get("channel")) for e in _decisions(action_id)] == [
        ("proposed_action.approval_added", "olivia", "email")
    ]
    # max is the agent's principal: under "no self-approval" the confirm is refused, with the rule's words
    refused = _client(team.maintainer).post(_links(inbox, "max@acme.test")["Approve"])
    assert b"Not done" in refused.content and refused.status_code == 403
    assert ProposedAction.objects.get(id=action_id).status == "pending"


def test_links_a_day_past_their_expiry_are_pruned_by_the_sweep(people, inbox, agent_api,
                                                               django_capture_on_commit_callbacks):  # fmt: skip
    from actions import notifications

    _propose(agent_api, django_capture_on_commit_callbacks)
    EmailDecisionLink.objects.filter(user=people.owner).update(expires_at=timezone.now() - timedelta(days=2))
    notifications.sweep()
    assert not EmailDecisionLink.objects.filter(user=people.owner).exists()
    assert EmailDecisionLink.objects.filter(user=people.maintainer).count() == 2  # still valid: kept
