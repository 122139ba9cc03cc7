"""Slack approvals, end to end against a local fake Slack server: the pending action's message
through the notifications worker path, linking a Slack account by a signed click, decisions from Slack with
the console's role and two-person checks, forged and replayed clicks refused, and the message updated."""

from __future__ import annotations

import re
import time
from urllib.parse import urlencode

import pytest
from django.test import Client

from actions import quorum, slack
from actions.models import ProposedAction, SessionEvent, SlackMemberLink, SlackMessage
from actions.tests.console_forms import shown_fields
from actions.tests.fake_slack import FakeSlack
from actions.tests.slack_requests import SECRET, TEAM, TOKEN, bound, click_request, connect, post, sign
from projects.team_models import WorkspaceEvent

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def fake(settings):
    with FakeSlack(TOKEN) as server:
        settings.BRABO_SLACK_API_URL = server.api_url
        settings.BRABO_SLACK_RESPONSE_URL_PREFIX = server.respond_prefix
        yield server


@pytest.fixture
def mia(team):
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


@pytest.fixture
def installed(team, fake):
    return connect(team.owner, team.ws)


class Slack:
    """Clicks as Slack sends them (``actions.tests.slack_requests``): a decision button carries the value
    Brabo's message has for the action (bound to what it showed), a link confirm the request's id."""

    def __init__(self, fake, capture):
        self.fake, self.capture = fake, capture

    def click(self, user_id, button, value, *, secret=SECRET, timestamp=None, request=None):
        value = bound(value) if button in slack.BUTTONS else value
        body, headers = request or click_request(
            user_id=user_id, action_id=button, value=value, response_url=self.fake.respond_prefix,
            secret=secret, timestamp=timestamp,
        )  # fmt: skip
        return post(body, headers, capture=self.capture)

    def link(self, user, workspace, slack_user_id):
        with self.capture(execute=True):
            request = slack.start_link(actor=user, workspace=workspace, slack_user_id=slack_user_id)
        dm = self.fake.of("chat.postMessage")[-1]["args"]
        assert dm["channel"] == slack_user_id
        button = dm["blocks"][1]["elements"][0]
        assert (button["action_id"], button["value"]) == (slack.LINK_CONFIRM, str(request.id))
        return self.click(slack_user_id, slack.LINK_CONFIRM, button["value"])


@pytest.fixture
def slack_app(fake, django_capture_on_commit_callbacks):
    return Slack(fake, django_capture_on_commit_callbacks)


def _propose(agent_api, capture, action_type="instruction_patch", payload=None):
    with capture(execute=True):
        response = agent_api.propose(action_type, payload or {})
    assert response.status_code in (200, 201, 202), response.content
    body = response.json()
    assert body["status"] == "pending", body
    return body["id"]


def _outcome(fake) -> str:
    """The outcome line of the last chat.update (its context block)."""
    blocks = fake.of("chat.update")[-1]["args"]["blocks"]
    return " ".join(e["text"] for b in blocks if b["type"] == "context" for e in b["elements"])


def _said(blocks) -> str:
    """Every section's text of a message (the agent's text is a plain_text section of its own)."""
    return "\n".join(b["text"]["text"] for b in blocks if b["type"] == "section")


def _decision_events(action_id):
    return list(
        SessionEvent.objects.filter(
            action_id=action_id,
            type__in=["proposed_action.approved", "proposed_action.denied", "proposed_action.approval_added"],
        ).order_by("id")
    )


def test_a_pending_action_is_posted_and_a_linked_owner_approves_it_from_slack(
    team, installed, slack_app, fake, agent_api, django_capture_on_commit_callbacks
):
    linked = slack_app.link(team.owner, team.ws, "U0OLIVIA")
    assert linked.status_code == 200
    assert SlackMemberLink.objects.get(slack_user_id="U0OLIVIA").user == team.owner
    assert fake.responses[-1]["body"]["text"].startswith("Linked")
    assert WorkspaceEvent.objects.filter(type=slack.SLACK_LINKED, actor_label="olivia").exists()

    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    posts = [c for c in fake.of("chat.postMessage") if c["args"]["channel"] == "#approvals"]
    assert len(posts) == 1 and posts[0]["authorized"]
    message = SlackMessage.objects.get(action_id=action_id)
    assert message.status == "posted" and message.ts and message.channel == "C0CHANNEL"
    blocks = posts[0]["args"]["blocks"]
    section = _said(blocks)
    assert "Approving carries out this instruction_patch" in section and "Policy:" in section
    # "Always allow" is never offered for an instruction_patch (R7.1), so Slack shows no such button, and a
    # crafted click on it decides nothing and answers SPEC's code
    assert [b["action_id"] for b in blocks[-1]["elements"]] == [slack.APPROVE, slack.DENY]
    slack_app.click("U0OLIVIA", slack.ALWAYS, action_id)
    assert fake.responses[-1]["body"]["text"].endswith("(reason: teto_do_sempre_permitir)")
    assert _decision_events(action_id) == []

    response = slack_app.click("U0OLIVIA", slack.APPROVE, action_id)
    assert response.status_code == 200
    action = ProposedAction.objects.get(id=action_id)
    assert action.status in ("approved", "executing", "executed", "failed")
    [approved] = _decision_events(action_id)
    assert (approved.type, approved.actor_label, approved.actor_id) == (
        "proposed_action.approved", "olivia", str(team.owner.pk),
    )  # fmt: skip
    assert approved.payload["channel"] == "slack"
    update = fake.of("chat.update")[-1]["args"]
    assert (update["channel"], update["ts"]) == ("C0CHANNEL", message.ts)
    assert "Approved by olivia in slack" in _outcome(fake)
    assert all(b["type"] != "actions" for b in update["blocks"])  # no buttons once decided
    assert fake.responses[-1]["body"]["text"] == "Approved."


def test_forged_stale_and_replayed_clicks_are_refused(team, installed, slack_app, fake, agent_api, mia,
                                                      django_capture_on_commit_callbacks):  # fmt: skip
    slack_app.link(mia, team.ws, "U0MIA")
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )  # fmt: skip
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)

    forged = slack_app.click("U0MIA", slack.APPROVE, action_id, secret="not-the-signing-secret-0000")
    assert forged.status_code == 401 and forged.json()["reason"] == "slack_signature_invalid"
    stale = slack_app.click("U0MIA", slack.APPROVE, action_id, timestamp=int(time.time()) - 400)
    assert stale.status_code == 401 and stale.json()["reason"] == "slack_request_stale"
    assert _decision_events(action_id) == []

    request = click_request(
        user_id="U0MIA", action_id=slack.APPROVE, value=bound(action_id), response_url=fake.respond_prefix
    )
    first = slack_app.click("U0MIA", slack.APPROVE, action_id, request=request)
    assert first.status_code == 200
    replay = slack_app.click("U0MIA", slack.APPROVE, action_id, request=request)
    assert replay.status_code == 409 and replay.json()["reason"] == "slack_click_replayed"
    [added] = _decision_events(action_id)
    assert added.type == "proposed_action.approval_added" and added.payload["channel"] == "slack"

    # a signed request naming a team no workspace connected is refused before anything is read
    body, headers = click_request(
        team_id="T0OTHER", user_id="U0MIA", action_id=slack.APPROVE, value=bound(action_id),
        response_url=fake.respond_prefix,
    )  # fmt: skip
    assert slack_app.click("U0MIA", slack.APPROVE, action_id, request=(body, headers)).status_code == 401
    garbage = slack_app.click("", "", "", request=(b"payload=%7Bnot-json", headers))
    assert garbage.status_code == 400


def test_an_unlinked_or_too_low_slack_user_decides_nothing(
    team, installed, slack_app, fake, agent_api, django_capture_on_commit_callbacks
):
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)  # instruction_patch: maintainer+

    unlinked = slack_app.click("U0STRANGER", slack.APPROVE, action_id)
    assert unlinked.status_code == 200
    assert "not linked" in fake.responses[-1]["body"]["text"]
    assert fake.responses[-1]["body"]["response_type"] == "ephemeral"

    slack_app.link(team.developer, team.ws, "U0DEV")
    for button in (slack.APPROVE, slack.DENY):
        slack_app.click("U0DEV", button, action_id)
        assert "needs the maintainer role" in fake.responses[-1]["body"]["text"]
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    assert _decision_events(action_id) == []

    # another member's link request: only the Slack account it names can confirm it
    with slack_app.capture(execute=True):
        request = slack.start_link(actor=team.maintainer, workspace=team.ws, slack_user_id="U0MAX")
    slack_app.click("U0DEV", slack.LINK_CONFIRM, request.id)
    assert "another Slack account" in fake.responses[-1]["body"]["text"]
    assert not SlackMemberLink.objects.filter(user=team.maintainer).exists()


def test_a_slack_click_counts_like_a_console_click_under_a_two_person_rule(
    team, installed, slack_app, fake, agent_api, mia, django_capture_on_commit_callbacks
):
    slack_app.link(mia, team.ws, "U0MIA")
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )  # fmt: skip
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    post = [c for c in fake.of("chat.postMessage") if c["args"]["channel"] == "#approvals"][0]["args"]
    assert "It needs 2 different people" in _said(post["blocks"])
    assert slack.ALWAYS not in [b["action_id"] for b in post["blocks"][-1]["elements"]]

    slack_app.click("U0MIA", slack.APPROVE, action_id)
    assert fake.responses[-1]["body"]["text"].startswith("Your approval is recorded")
    assert "1 of 2 approvals (mia)" in _outcome(fake)

    console = Client()
    console.force_login(mia)  # the same person in the console: counts once
    with django_capture_on_commit_callbacks(execute=True):
        console.post(f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id))
    assert ProposedAction.objects.get(id=action_id).status == "pending"

    owner = Client()
    owner.force_login(team.owner)
    with django_capture_on_commit_callbacks(execute=True):
        owner.post(f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id))
    assert ProposedAction.objects.get(id=action_id).status != "pending"
    events = _decision_events(action_id)
    assert [(e.type, e.actor_label, e.payload.get("channel")) for e in events] == [
        ("proposed_action.approval_added", "mia", "slack"),
        ("proposed_action.approved", "olivia", None),
    ]
    # the console's decision reaches the Slack message too (the notifications worker's refresh)
    assert "Approved by olivia." in _outcome(fake)


def test_the_signing_secret_speaks_for_every_linked_member_so_only_the_owner_sets_it(
    team, installed, slack_app, fake, agent_api, mia, django_capture_on_commit_callbacks
):
    """Whoever knows the signing secret signs a click as any linked Slack account. A maintainer who set a
    secret of her own signed olivia's click and approved, as the owner, what only the owner decides (and
    under a two-person rule could sign every approver's click). Setting Slack up is the owner's."""
    from brabo.errors import DomainError

    slack_app.link(team.owner, team.ws, "U0OLIVIA")
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "owner"}],
    )  # fmt: skip
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    mias = "m1a0wn5ecret0f0ur0wn0000000000aa"
    for change in ({"signing_secret": mias}, {"bot_token": "xoxb-9-9-mia"}, {}):
        with pytest.raises(DomainError) as refused:
            slack.configure(
                actor=mia, workspace=team.ws, team_id=TEAM, channel="#approvals", **change
            )  # fmt: skip
        assert (refused.value.status, refused.value.reason) == (403, "role_too_low")
    assert slack_app.click("U0OLIVIA", slack.APPROVE, action_id, secret=mias).status_code == 401
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    assert _decision_events(action_id) == []
    # the owner's own clicks, signed with the secret she set, count as before
    slack_app.click("U0OLIVIA", slack.APPROVE, action_id)
    assert [e.actor_label for e in _decision_events(action_id)] == ["olivia"]


def test_a_wrong_bot_token_fails_the_post_and_the_configuration_is_checked(team, fake, agent_api, mia,
                                                                          django_capture_on_commit_callbacks):  # fmt: skip
    slack.configure(
        actor=team.owner, workspace=team.ws, team_id=TEAM, channel="#approvals", bot_token="xoxb-wrong",
        signing_secret=SECRET,
    )  # fmt: skip
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    message = SlackMessage.objects.get(action_id=action_id)
    assert message.status == "failed" and "invalid_auth" in message.last_error
    from brabo.errors import DomainError

    with pytest.raises(DomainError) as too_low:
        slack.configure(actor=team.developer, workspace=team.ws, team_id=TEAM, channel="#x")
    assert too_low.value.status == 403
    with pytest.raises(DomainError) as bad:
        slack.configure(actor=team.owner, workspace=team.ws, team_id="nope", channel="#x")
    assert bad.value.field == "team_id"


def test_a_post_slack_refuses_is_retried_with_backoff_and_a_lost_one_is_swept(
    team, installed, fake, agent_api, monkeypatch, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    from actions import notifications

    handed: list = []
    monkeypatch.setattr(slack, "_enqueue", lambda task, *args, countdown=0: handed.append((task.name, args)))
    fake.script = [503]
    action_id = _propose(agent_api, django_capture_on_commit_callbacks)
    message = SlackMessage.objects.get(action_id=action_id)
    assert handed == [("actions.slack_post", (str(message.id),))]  # handed to the worker, not posted inline
    t0 = timezone.now()
    assert slack.post(message.id, now=t0) == 10.0  # Slack answered 503: the webhooks' backoff
    message.refresh_from_db()
    assert (message.status, message.attempts) == ("pending", 1) and "fatal_error" in message.last_error
    assert slack.post(message.id, now=t0 + timedelta(seconds=5)) == 5.0  # not due yet: nothing sent
    assert len(fake.of("chat.postMessage")) == 1

    # the retry's message was lost: the notifications' sweep hands the overdue row out again
    handed.clear()
    notifications.sweep(now=t0 + timedelta(seconds=10) + notifications.SWEEP_AFTER)
    assert ("actions.slack_post", (str(message.id),)) in handed
    assert slack.post(message.id, now=t0 + timedelta(seconds=11)) is None
    message.refresh_from_db()
    assert message.status == "posted" and message.attempts == 2 and message.ts

    # the sweep also forgets clicks older than twice the replay window (they are refused by their timestamp)
    from actions.models import SlackInteraction

    SlackInteraction.objects.create(installation=installed, key="old", created_at=t0 - timedelta(minutes=11))
    SlackInteraction.objects.create(installation=installed, key="recent", created_at=t0)
    slack.sweep(now=t0)
    assert list(SlackInteraction.objects.values_list("key", flat=True)) == ["recent"]


@pytest.mark.parametrize(
    "payload",
    [
        '"just a string"',
        '{"type": "block_actions", "team": "T0ACME"}',
        '{"type": "block_actions", "team": {"id": "T0ACME"}, "user": "U0X", "actions": ["x"]}',
        '{"type": "block_actions", "team": {"id": "T0ACME"}, "user": {"id": "U0X"}, "actions": [{}]}',
    ],
)
def test_odd_payloads_are_clear_refusals_never_a_traceback(installed, payload):
    body = urlencode({"payload": payload}).encode()
    ts = str(int(time.time()))
    response = post(body, {"HTTP_X_SLACK_REQUEST_TIMESTAMP": ts, "HTTP_X_SLACK_SIGNATURE": sign(body, ts)})
    assert response.status_code in (400, 401) and response.json()["reason"] in (
        "invalid",
        "slack_signature_invalid",
    )


def test_the_console_sets_slack_up_and_a_member_starts_the_link(
    team, fake, django_capture_on_commit_callbacks
):
    from actions.models import SlackInstallation

    base = "/admin/console/notifications"
    fields = {"team_id": TEAM, "channel": "#approvals", "bot_token": TOKEN, "signing_secret": SECRET}
    dev, outsider, owner = Client(), Client(), Client()
    dev.force_login(team.developer)
    outsider.force_login(team.outsider)
    owner.force_login(team.owner)
    assert outsider.post(f"{base}/{team.ws.id}/slack/", fields).status_code == 404
    dev.post(f"{base}/{team.ws.id}/slack/", fields)  # too low: refused with a message
    assert not SlackInstallation.objects.exists()
    assert owner.post(f"{base}/{team.ws.id}/slack/", fields).status_code == 302
    installation = SlackInstallation.objects.get()
    assert (
        TOKEN not in installation.bot_token_encrypted and SECRET not in installation.signing_secret_encrypted
    )
    page = owner.get(f"{base}/").content.decode()
    assert "Slack for Acme" in page and TOKEN not in page and SECRET not in page

    with django_capture_on_commit_callbacks(execute=True):
        dev.post(f"{base}/{team.ws.id}/slack/link/", {"slack_user_id": "U0DEV"})
    assert fake.of("chat.postMessage")[-1]["args"]["channel"] == "U0DEV"
    assert outsider.post(f"{base}/{team.ws.id}/slack/link/", {"slack_user_id": "U0EVE"}).status_code == 404
    assert "Link my Slack account" in dev.get(f"{base}/").content.decode()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_through_the_real_worker_the_message_is_posted_and_updated_after_a_slack_click(
    worker_dirs, worker_fake_slack, team, agent_api, settings
):
    """End to end with the session's Celery worker (PostgreSQL, Redis): the proposal commits, the worker
    posts the message; a signed click decides as the linked member; the worker updates the message."""
    from actions.tests.fake_slack import SESSION_TOKEN
    from tests.served import wait_until

    fake = worker_fake_slack
    # this process reaches no Slack: whatever the fake receives, the worker sent
    settings.BRABO_SLACK_API_URL = "http://127.0.0.1:9/api/"
    slack.configure(
        actor=team.owner, workspace=team.ws, team_id=TEAM, channel="#approvals", bot_token=SESSION_TOKEN,
        signing_secret=SECRET,
    )  # fmt: skip
    installation = slack.SlackInstallation.objects.get()
    SlackMemberLink.objects.create(installation=installation, user=team.owner, slack_user_id="U0OLIVIA")
    # the worker asks Slack to vouch for the team before a click is routed to it
    wait_until(
        lambda: slack.SlackInstallation.objects.filter(verified_at__isnull=False).exists(), seconds=60,
        what="the worker's auth.test",
    )  # fmt: skip

    action_id = agent_api.propose("instruction_patch", {}).json()["id"]

    def posted():
        return [
            c for c in fake.of("chat.postMessage")
            if any(b.get("type") == "actions" and b["elements"][0]["value"].partition(":")[0] == action_id
                   for b in c["args"].get("blocks", []))
        ]  # fmt: skip

    wait_until(posted, seconds=60, what="the worker's chat.postMessage")
    assert posted()[0]["authorized"]
    from brabo.celery import app

    assert not app.conf.task_always_eager
    message = wait_until(
        lambda: SlackMessage.objects.filter(action_id=action_id, status="posted").first(), seconds=60
    )
    # the button's own value: the action and the payload it showed
    shown = next(b for b in posted()[0]["args"]["blocks"] if b.get("type") == "actions")["elements"][0][
        "value"
    ]
    assert shown.startswith(f"{action_id}:")
    body, headers = click_request(
        user_id="U0OLIVIA", action_id=slack.APPROVE, value=shown, response_url=fake.respond_prefix
    )
    response = post(body, headers)
    assert response.status_code == 200
    assert ProposedAction.objects.get(id=action_id).status != "pending"

    def updated():
        return [c for c in fake.of("chat.update") if c["args"]["ts"] == message.ts]

    wait_until(updated, seconds=60, what="the worker's chat.update")
    text = " ".join(
        e["text"] for b in updated()[-1]["args"]["blocks"] if b["type"] == "context" for e in b["elements"]
    )
    assert "Approved by olivia in slack" in text


def test_always_allow_from_slack_writes_the_pattern_the_message_announced(
    team, installed, slack_app, fake, agent_api, django_capture_on_commit_callbacks
):
    slack_app.link(team.owner, team.ws, "U0OLIVIA")
    _, infra_key = team.world.agent(team.project, team.maintainer, "infra")  # not a dev-* agent: patterns
    with django_capture_on_commit_callbacks(execute=True):
        body = agent_api.propose("terminal", {"command": "make build"}, key=infra_key).json()
    assert body["status"] == "pending", body
    action_id = body["id"]
    post = [c for c in fake.of("chat.postMessage") if c["args"]["channel"] == "#approvals"][-1]["args"]
    section = _said(post["blocks"])
    # the command is a plain_text section of its own (agent text never reaches mrkdwn)
    assert "Approving runs this command:" in section and "\nmake build\n" in section
    found = re.search(r"^Always allow also writes (.+)\.$", section, re.M)
    assert found is not None
    announced = found.group(1)
    assert [b["action_id"] for b in post["blocks"][-1]["elements"]] == [
        slack.APPROVE,
        slack.DENY,
        slack.ALWAYS,
    ]

    slack_app.click("U0OLIVIA", slack.ALWAYS, action_id)
    granted = SessionEvent.objects.get(action_id=action_id, type="permission.granted")
    assert granted.payload["patterns"] == [announced] and granted.payload["channel"] == "slack"
    assert granted.actor_label == "olivia"
    assert announced in team.project.permissions_path.read_text()


def test_a_link_confirmed_after_the_member_left_links_nothing(team, installed, slack_app, fake):
    from projects import teams

    with slack_app.capture(execute=True):
        request = slack.start_link(actor=team.developer, workspace=team.ws, slack_user_id="U0DEV")
    teams.remove_member(actor=team.owner, workspace=team.ws, username=team.developer.username)
    slack_app.click("U0DEV", slack.LINK_CONFIRM, request.id)
    assert "no longer in the workspace" in fake.responses[-1]["body"]["text"]
    assert not SlackMemberLink.objects.exists()

    owner = Client()
    owner.force_login(team.owner)
    owner.post(f"/admin/console/notifications/{team.ws.id}/slack/remove/")
    assert not slack.SlackInstallation.objects.exists()
    assert WorkspaceEvent.objects.filter(type="slack.removed", actor_label="olivia").exists()
