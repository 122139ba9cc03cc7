"""Red team: the Slack team id a workspace names is a claim until Slack vouches for it.

On the base the first Brabo owner to type a Slack team id kept it: eve (owner of another Brabo workspace)
typed acme's ``T0ACME`` with a bot token and signing secret of her own, and acme's owner then got
``slack_team_taken`` -- acme could not connect its own Slack. A signature does not prove the team either: a
claimant chooses the signing secret she types, so she can sign any request naming any team. What proves
it is Slack's own answer for the bot token (``auth.test`` names the team the token was installed in), asked
by the worker after the configuration commits. Until then a claim blocks nobody and no click is routed to it;
a proven claim blocks another workspace's (``slack_team_taken``), and a new bot token is proven again.
"""

from __future__ import annotations

import pytest
from django.test import TestCase

from actions import slack
from actions.models import ProposedAction, SessionEvent, SlackMemberLink
from actions.tests.exec_fixtures import DECISIONS
from actions.tests.fake_slack import FakeSlack
from actions.tests.slack_requests import SECRET, TEAM, TOKEN, bound, click, connect
from brabo.errors import DomainError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

EVE_TOKEN = "xoxb-9999-8888-evilEVILevil"  # installed in eve's own Slack, T0EVIL
EVE_SECRET = "evilsecret0000000000000000000000"


@pytest.fixture
def fake(settings):
    with FakeSlack(TOKEN) as server:
        server.teams[EVE_TOKEN] = "T0EVIL"
        settings.BRABO_SLACK_API_URL = server.api_url
        settings.BRABO_SLACK_RESPONSE_URL_PREFIX = server.respond_prefix
        yield server


def _configure(actor, workspace, token, secret):
    return connect(actor, workspace, token=token, secret=secret)


def _propose(agent_api, key=None) -> str:
    with TestCase.captureOnCommitCallbacks(execute=True):
        body = agent_api.propose("instruction_patch", {}, key=key).json()
    assert body["status"] == "pending", body
    return body["id"]


def _decided(action_id) -> bool:
    return SessionEvent.objects.filter(action_id=action_id, type__in=DECISIONS).exists()


def test_a_team_claimed_first_by_another_workspace_neither_blocks_nor_routes(team, fake, agent_api):
    eves = _configure(team.outsider, team.other_ws, EVE_TOKEN, EVE_SECRET)
    assert eves.verified_at is None and "T0EVIL" in eves.verify_error

    acme = _configure(team.owner, team.ws, TOKEN, SECRET)  # on the base: 409 slack_team_taken
    assert acme.verified_at is not None and acme.verify_error == ""
    SlackMemberLink.objects.create(installation=acme, user=team.owner, slack_user_id="U0OLIVIA")
    SlackMemberLink.objects.create(installation=eves, user=team.outsider, slack_user_id="U0OLIVIA")

    # eve signs a request naming acme's team with the secret she chose: routed nowhere, decides nothing
    theirs = _propose(agent_api, key=team.other_agent_key)
    forged = click("U0OLIVIA", slack.APPROVE, bound(theirs), secret=EVE_SECRET)
    assert forged.status_code == 401 and forged.json()["reason"] == "slack_signature_invalid"
    assert not _decided(theirs)

    # acme's own click, signed with acme's secret, decides acme's action
    ours = _propose(agent_api)
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert click("U0OLIVIA", slack.APPROVE, bound(ours)).status_code == 200
    assert ProposedAction.objects.get(id=ours).status != "pending"

    # the proven claim is acme's: eve cannot take it again
    with pytest.raises(DomainError) as taken:
        _configure(team.outsider, team.other_ws, EVE_TOKEN, EVE_SECRET)
    assert taken.value.reason == "slack_team_taken"


def test_an_unproven_claim_alone_routes_no_click(team, fake, agent_api):
    eves = _configure(team.outsider, team.other_ws, EVE_TOKEN, EVE_SECRET)
    assert eves.verified_at is None
    SlackMemberLink.objects.create(installation=eves, user=team.outsider, slack_user_id="U0EVE")
    theirs = _propose(agent_api, key=team.other_agent_key)
    answer = click("U0EVE", slack.APPROVE, bound(theirs), secret=EVE_SECRET)
    assert answer.status_code == 401 and answer.json()["reason"] == "slack_signature_invalid"
    assert not _decided(theirs)


def test_a_bot_token_of_another_team_unproves_the_claim(team, fake, agent_api):
    acme = _configure(team.owner, team.ws, TOKEN, SECRET)
    assert acme.verified_at is not None
    SlackMemberLink.objects.create(installation=acme, user=team.owner, slack_user_id="U0OLIVIA")
    acme = _configure(team.owner, team.ws, EVE_TOKEN, SECRET)  # a token Slack says is of another team
    assert acme.verified_at is None and "T0EVIL" in acme.verify_error
    ours = _propose(agent_api)
    assert click("U0OLIVIA", slack.APPROVE, bound(ours)).status_code == 401
    assert not _decided(ours)


def test_a_claim_slack_could_not_vouch_for_yet_is_proven_by_the_sweep(team, fake, agent_api):
    fake.script = [500]  # auth.test fails once (Slack down)
    acme = _configure(team.owner, team.ws, TOKEN, SECRET)
    assert acme.verified_at is None and acme.verify_error
    with TestCase.captureOnCommitCallbacks(execute=True):
        slack.sweep()
    acme.refresh_from_db()
    assert acme.verified_at is not None and acme.verify_error == ""


def test_the_sweep_asks_slack_again_only_when_slack_could_not_be_asked(team, fake):
    """A claim Slack answered for another team stays unconfirmed without a Slack call every sweep; the owner
    saving the settings again asks once more."""
    eves = _configure(team.outsider, team.other_ws, EVE_TOKEN, EVE_SECRET)
    assert eves.verified_at is None and not eves.verify_again
    asked = len(fake.of("auth.test"))
    with TestCase.captureOnCommitCallbacks(execute=True):
        slack.sweep()
    assert len(fake.of("auth.test")) == asked
    fake.teams[EVE_TOKEN] = TEAM  # say eve's app was installed in acme's Slack after all
    eves = _configure(team.outsider, team.other_ws, EVE_TOKEN, EVE_SECRET)
    assert eves.verified_at is not None and len(fake.of("auth.test")) == asked + 1
