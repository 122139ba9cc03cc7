"""The notifications page's Slack card says whether Slack confirmed the workspace's team claim -- only a claim
Slack vouched for (its bot token belongs to that team, no other workspace proved it first) routes a click --
and, when not, why not and whether Brabo asks Slack again."""

from __future__ import annotations

import html
import re

import pytest
from django.test import TestCase

from actions import slack
from actions.channel_models import SlackInstallation
from actions.tests.fake_slack import FakeSlack
from actions.tests.slack_requests import SECRET, TOKEN, connect

# Slack is asked by a task after the configuration commits: in-process here whether or not the run has a broker
# (CI has one, with no worker on the test's queue), as test_slack_team_claims.py does
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

OTHER_TOKEN = "xoxb-9999-8888-otherOTHERother"  # installed in another Slack workspace, T0OTHER
PAGE = "/admin/console/notifications/"


@pytest.fixture
def fake(settings):
    with FakeSlack(TOKEN) as server:
        server.teams[OTHER_TOKEN] = "T0OTHER"
        settings.BRABO_SLACK_API_URL = server.api_url
        settings.BRABO_SLACK_RESPONSE_URL_PREFIX = server.respond_prefix
        yield server


def _claim(client, ws) -> tuple[str, str]:
    """(state, text) of the workspace's Slack card's claim line."""
    page = client.get(PAGE).content.decode()
    card = re.search(rf'data-slack="{re.escape(ws.name)}".*?</section>', page, re.S)
    assert card, "no Slack card for the workspace"
    found = re.findall(r'<p data-slack-claim="(\w+)">(.*?)</p>', card.group(0), re.S)
    assert len(found) == 1, found
    state, text = found[0]
    return state, " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def test_a_claim_slack_confirmed_says_so_to_every_member(team, fake, login):
    installation = connect(team.owner, team.ws)
    assert installation.verified_at is not None
    for user in (team.owner, team.maintainer, team.developer):
        state, text = _claim(login(user), team.ws)
        assert state == "confirmed"
        assert f"Slack confirmed on {installation.verified_at:%Y-%m-%d %H:%M} UTC" in text
        assert "bot token belongs to Slack team T0ACME" in text and "decide" in text


def test_a_claim_slack_answered_for_another_team_says_why_and_what_to_do(team, fake, login):
    installation = connect(team.owner, team.ws, token=OTHER_TOKEN, secret=SECRET)
    assert installation.verified_at is None and not installation.verify_again
    state, text = _claim(login(team.owner), team.ws)
    assert state == "refused"
    assert "Not confirmed by Slack: the bot token belongs to Slack team T0OTHER, not T0ACME" in text
    assert "a click on their buttons decides nothing" in text
    assert "Save the right team id and bot token below" in text  # the owner can fix it
    state, text = _claim(login(team.developer), team.ws)
    assert state == "refused" and "The workspace's owner fixes it" in text and "below" not in text


def test_a_claim_slack_could_not_be_asked_about_yet_says_brabo_asks_again(team, fake, login):
    fake.script = [500]  # auth.test fails once (Slack down)
    installation = connect(team.owner, team.ws)
    assert installation.verified_at is None and installation.verify_again
    state, text = _claim(login(team.developer), team.ws)
    assert state == "waiting"
    assert f"Not confirmed by Slack yet: {installation.verify_error}; Brabo asks Slack again" in text
    assert "a click on their buttons decides nothing" in text
    with TestCase.captureOnCommitCallbacks(execute=True):
        slack.sweep()
    assert _claim(login(team.developer), team.ws)[0] == "confirmed"


def test_a_claim_not_yet_asked_about_says_brabo_is_asking(team, fake, login):
    installation = connect(team.owner, team.ws)
    SlackInstallation.objects.filter(pk=installation.pk).update(
        verified_at=None, verify_error="waiting for Slack to confirm the team", verify_again=True
    )  # as slack.configure leaves it until the worker has asked
    state, text = _claim(login(team.maintainer), team.ws)
    assert state == "waiting" and "Brabo is asking Slack which team the bot token belongs to" in text


def test_a_claim_another_workspace_proved_first_says_so(team, fake, login):
    fake.script = [500]  # Slack is down when the owner saves: not proven yet
    mine = connect(team.owner, team.ws)
    connect(team.outsider, team.other_ws)  # meanwhile eve's workspace proves T0ACME
    with TestCase.captureOnCommitCallbacks(execute=True):
        slack.sweep()  # Slack vouches for the owner's token too, but the team is taken
    mine.refresh_from_db()
    assert mine.verified_at is None
    state, text = _claim(login(team.owner), team.ws)
    assert state == "refused" and "another Brabo workspace connected this Slack team first" in text


def test_no_claim_line_without_slack(team, login):
    page = login(team.owner).get(PAGE).content.decode()
    assert "data-slack-claim" not in page
