"""Red team: the Slack interactivity endpoint read by someone who is not Slack. It has no session and no
CSRF token; Slack's signature is all that authenticates it, so everything before the signature is checked is
open to anyone on the internet: the timestamp header, the signature header and the body.

What the base let through:

* a timestamp header of digits Python reads but Slack never sends -- ``²`` or 5,000 digits answered a
  traceback page (500); Arabic-Indic digits were read as a time and, signed over, accepted;
* a body nested past the JSON parser's depth answered a traceback page (500), before any signature;
* no refusal of the endpoint carried a catalogue ``reason`` (``{"error": ...}`` only).

Each is now a refusal by name (``{"detail", "reason"}``, the REST API's shape), decides nothing, and is the
same for a connected Slack team and an unknown one.
"""

from __future__ import annotations

import json
import time
from urllib.parse import urlencode

import pytest

from actions import slack
from actions.models import ProposedAction, SessionEvent, SlackMemberLink
from actions.tests.fake_slack import FakeSlack
from actions.tests.slack_requests import TEAM, TOKEN, bound, click_request, connect, sign
from actions.tests.slack_requests import post as _send
from brabo.errors import CATALOGUE, ERROR

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


@pytest.fixture
def fake(settings):
    with FakeSlack(TOKEN) as server:
        settings.BRABO_SLACK_API_URL = server.api_url
        settings.BRABO_SLACK_RESPONSE_URL_PREFIX = server.respond_prefix
        yield server


@pytest.fixture
def wired(team, fake):
    installation = connect(team.owner, team.ws)
    SlackMemberLink.objects.create(installation=installation, user=team.owner, slack_user_id="U0OLIVIA")
    return team


@pytest.fixture
def pending(wired, agent_api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        body = agent_api.propose("instruction_patch", {}).json()
    assert body["status"] == "pending", body
    return body["id"]


_sign = sign


def _post(body: bytes, ts: str, signature: str):
    return _send(body, {"HTTP_X_SLACK_REQUEST_TIMESTAMP": ts, "HTTP_X_SLACK_SIGNATURE": signature})


def _named(response, status: int) -> str:
    """The refusal's reason, after checking it is the API's shape with a catalogue code of that status."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["detail"] and "Traceback" not in body["detail"]
    code = CATALOGUE[body["reason"]]
    assert code.kind == ERROR and status in code.statuses and code.next_step
    return body["reason"]


def _decided(action_id) -> bool:
    kinds = ["proposed_action.approved", "proposed_action.denied", "proposed_action.approval_added"]
    return SessionEvent.objects.filter(action_id=action_id, type__in=kinds).exists()


# -- the timestamp and signature headers: Slack's form, or a refusal by name ---------------------------------


def _now() -> str:
    return str(int(time.time()))


TIMESTAMPS = {
    "superscript-digit": lambda: "²",
    "five-thousand-digits": lambda: "9" * 5000,
    "arabic-indic-digits-of-now": lambda: _now().translate(ARABIC_INDIC),
    "fullwidth-digits-of-now": lambda: "".join(chr(0xFF10 + int(d)) for d in _now()),
    "leading-space": lambda: " " + _now(),
    "trailing-newline": lambda: _now() + "\n",
    "plus-sign": lambda: "+" + _now(),
    "minus-sign": lambda: "-" + _now(),
    "fraction": lambda: _now() + ".5",
    "exponent": lambda: "1.7e9",
    "hex": lambda: hex(int(_now())),
    "underscores": lambda: _now()[:4] + "_" + _now()[4:],
    "empty": lambda: "",
    "far-future": lambda: str(int(time.time()) + 10**12),
    "zero": lambda: "0",
}


@pytest.mark.parametrize("name", sorted(TIMESTAMPS))
def test_a_timestamp_slack_would_not_send_is_refused_by_name_even_when_signed(pending, name):
    ts = TIMESTAMPS[name]()
    body, _ = click_request(user_id="U0OLIVIA", action_id=slack.APPROVE, value=bound(pending))
    signature = _sign(body, ts) if "\n" not in ts else "v0=0"  # a header holds no newline
    reason = _named(_post(body, ts, signature), 401)
    assert reason in ("slack_signature_invalid", "slack_request_stale")
    assert not _decided(pending)


def _good_signature_variants(body: bytes, ts: str) -> dict[str, str]:
    good = _sign(body, ts)
    return {
        "upper-case-scheme": "V0=" + good[3:],
        "upper-case-hex": "v0=" + good[3:].upper(),
        "no-scheme": good[3:],
        "other-scheme": "v1=" + good[3:],
        "colon-not-equals": "v0:" + good[3:],
        "scheme-only": "v0=",
        "trailing-space": good + " ",
        "leading-space": " " + good,
        "two-signatures": f"{good},{good}",
        "truncated": good[:-2],
        "over-another-body": _sign(body + b"&x=1", ts),
        "over-another-timestamp": _sign(body, str(int(ts) - 1)),
        "with-another-secret": _sign(body, ts, "another-signing-secret-0000000"),
        "non-ascii": "v0=" + good[3:-1] + "é",
        "very-long": "v0=" + "a" * 100_000,
    }


@pytest.mark.parametrize("variant", sorted(_good_signature_variants(b"", "1")))
@pytest.mark.parametrize("team_id", [TEAM, "T0NOBODY"], ids=["connected", "unknown-team"])
def test_a_signature_in_any_other_form_decides_nothing_and_is_refused_by_name(pending, variant, team_id):
    body, headers = click_request(
        team_id=team_id, user_id="U0OLIVIA", action_id=slack.APPROVE, value=bound(pending)
    )
    ts = headers["HTTP_X_SLACK_REQUEST_TIMESTAMP"]
    signature = _good_signature_variants(body, ts)[variant]
    assert _named(_post(body, ts, signature), 401) == "slack_signature_invalid"
    assert not _decided(pending)


# -- the body: read before the signature can be checked (it names the team), so read as hostile --------------


def _nested(depth: int, inner: str = "") -> str:
    return "[" * depth + inner + "]" * depth


BODIES = {
    "array-nested-past-the-parser": lambda: {"payload": _nested(5000)},
    "object-nested-past-the-parser": lambda: {"payload": '{"a":' * 3000 + "1" + "}" * 3000},
    "nesting-inside-a-click": lambda: {
        "payload": '{"type": "block_actions", "team": {"id": "' + TEAM + '"}, "x": ' + _nested(5000) + "}"
    },
    "team-nested-past-the-parser": lambda: {"payload": '{"team": {"id": ' + _nested(5000, '"T0ACME"') + "}}"},
}


@pytest.mark.parametrize("signed", [True, False], ids=["signed", "unsigned"])
@pytest.mark.parametrize("name", sorted(BODIES))
def test_a_body_nested_past_the_parser_is_a_named_400_never_a_traceback(wired, name, signed):
    body = urlencode(BODIES[name]()).encode()
    assert len(body) <= slack.MAX_BODY
    ts = _now()
    response = _post(body, ts, _sign(body, ts) if signed else "v0=00")
    assert _named(response, 400) == "invalid"


# -- every refusal of the endpoint names its catalogue code -------------------------------------------------


def _click(pending, **kw):
    body, headers = click_request(
        user_id="U0OLIVIA", action_id=slack.APPROVE, value=bound(pending), **kw,
    )  # fmt: skip
    return body, headers


def test_every_refusal_of_the_endpoint_names_its_code(pending, settings):
    body, headers = _click(pending, timestamp=int(time.time()) - 10 * settings.BRABO_SLACK_MAX_SKEW)
    ts, sig = headers["HTTP_X_SLACK_REQUEST_TIMESTAMP"], headers["HTTP_X_SLACK_SIGNATURE"]
    assert _named(_post(body, ts, sig), 401) == "slack_request_stale"

    body, headers = _click(pending, secret="not-the-signing-secret-000000")
    ts, sig = headers["HTTP_X_SLACK_REQUEST_TIMESTAMP"], headers["HTTP_X_SLACK_SIGNATURE"]
    assert _named(_post(body, ts, sig), 401) == "slack_signature_invalid"

    body, headers = _click(pending, team_id="T0NOBODY")
    ts, sig = headers["HTTP_X_SLACK_REQUEST_TIMESTAMP"], headers["HTTP_X_SLACK_SIGNATURE"]
    assert _named(_post(body, ts, sig), 401) == "slack_signature_invalid"

    huge = urlencode({"payload": json.dumps({"team": {"id": TEAM}, "x": "a" * slack.MAX_BODY})}).encode()
    assert _named(_post(huge, _now(), _sign(huge, _now())), 413) == "too_large"

    for raw in (b"payload=%7Bnot-json", b"nothing=1", b'payload="a string"', b"\xff\xfe"):
        ts = _now()
        assert _named(_post(raw, ts, _sign(raw, ts)), 400) == "invalid"

    # signed, but not what a click carries: no trigger, no user
    for drop in ("trigger_id", "user"):
        payload = {
            "type": "block_actions", "team": {"id": TEAM}, "user": {"id": "U0OLIVIA"}, "trigger_id": "1.2.3",
            "actions": [{"action_id": slack.APPROVE, "value": bound(pending), "action_ts": "1.2"}],
        }  # fmt: skip
        payload.pop(drop)
        raw, ts = urlencode({"payload": json.dumps(payload)}).encode(), _now()
        assert _named(_post(raw, ts, _sign(raw, ts)), 400) == "invalid"

    body, headers = _click(pending)
    ts, sig = headers["HTTP_X_SLACK_REQUEST_TIMESTAMP"], headers["HTTP_X_SLACK_SIGNATURE"]
    assert _post(body, ts, sig).status_code == 200
    assert _named(_post(body, ts, sig), 409) == "slack_click_replayed"
    assert ProposedAction.objects.get(id=pending).status != "pending"  # the first click, once
