"""Slack interactivity requests as Slack sends them, for every test of the endpoint: the app's test credentials,
the v0 signature (HMAC-SHA256 with the signing secret over ``v0:{timestamp}:{body}``), a block_actions click's
body, the POST through Django's test client (the real URL, view and middleware), and the value a decision
button of Brabo's message carries (bound to what the message showed)."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import time
from urllib.parse import urlencode

from django.test import Client, TestCase

from actions import slack
from actions.models import ProposedAction

TOKEN = "xoxb-1111-2222-abcdefABCDEF"
SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
TEAM = "T0ACME"
URL = "/integrations/slack/interactivity"

_clicks = itertools.count(1)


def sign(body: bytes, ts: str, secret: str = SECRET) -> str:
    """Slack's ``X-Slack-Signature`` of ``body`` sent at ``ts``."""
    return "v0=" + hmac.new(secret.encode(), f"v0:{ts}:".encode() + body, hashlib.sha256).hexdigest()


def click_request(
    *, user_id, action_id, value, team_id=TEAM, response_url="", secret=SECRET, timestamp=None, trigger=None
):
    """(body, headers) of a block_actions interactivity request as Slack sends it."""
    n = next(_clicks)
    payload = {
        "type": "block_actions",
        "team": {"id": team_id, "domain": "acme"},
        "user": {"id": user_id, "username": user_id.lower(), "team_id": team_id},
        "api_app_id": "A0BRABO",
        "trigger_id": trigger or f"{n}.1234.abcdef{n}",
        "container": {"type": "message", "message_ts": "1700000000.000001", "channel_id": "C0CHANNEL"},
        "channel": {"id": "C0CHANNEL", "name": "approvals"},
        "response_url": f"{response_url}{n}",
        "actions": [
            {"type": "button", "action_id": action_id, "block_id": "brabo_decide", "value": str(value),
             "action_ts": f"{int(time.time())}.{n:06d}"}
        ],
    }  # fmt: skip
    body = urlencode({"payload": json.dumps(payload)}).encode()
    ts = str(int(time.time()) if timestamp is None else timestamp)
    return body, {"HTTP_X_SLACK_REQUEST_TIMESTAMP": ts, "HTTP_X_SLACK_SIGNATURE": sign(body, ts, secret)}


def post(body: bytes, headers: dict | None = None, *, capture=None):
    """The endpoint's answer to ``body`` with ``headers`` (what a request that raised would answer, never the
    exception); ``capture``: ``django_capture_on_commit_callbacks``, to run what the click enqueued."""
    send = Client(raise_request_exception=False).generic
    args = ("POST", URL, body)
    kwargs = {"content_type": "application/x-www-form-urlencoded", **(headers or {})}
    if capture is None:
        return send(*args, **kwargs)
    with capture(execute=True):
        return send(*args, **kwargs)


def click(user_id, button, value, *, capture=None, **request):
    """A signed click of ``button`` carrying ``value`` (see :func:`bound`), as ``user_id``; ``request``:
    :func:`click_request`'s other arguments (team, secret, timestamp, response_url...)."""
    body, headers = click_request(user_id=user_id, action_id=button, value=value, **request)
    return post(body, headers, capture=capture)


def click_and_read(fake, user_id, button, value, *, capture) -> str:
    """A signed click (see :func:`click`) whose response URL is ``fake``'s (a ``FakeSlack``): the text of the
    one message Brabo posted back to that URL, after checking the endpoint answered 200 and posted exactly
    one message."""
    before = len(fake.responses)
    answer = click(user_id, button, value, response_url=fake.respond_prefix, capture=capture)
    assert answer.status_code == 200, answer.content
    assert len(fake.responses) == before + 1
    return fake.responses[-1]["body"]["text"]


def bound(action_id) -> str:
    """The value of a decision button of the action's message as Brabo posts it now."""
    return slack.button_value(ProposedAction.objects.get(id=action_id))


def connect(actor, workspace, *, team_id=TEAM, token=TOKEN, secret=SECRET, channel="#approvals"):
    """The workspace's Slack app configured as the console does it, and what its commit starts: the worker
    asks Slack (the fake) to vouch for the team (``slack.verify``; ``eager_tasks`` runs it at once)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        installation = slack.configure(
            actor=actor, workspace=workspace, team_id=team_id, channel=channel, bot_token=token,
            signing_secret=secret,
        )  # fmt: skip
    installation.refresh_from_db()
    return installation
