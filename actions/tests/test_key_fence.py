"""A wait's key fence (R8.4, R12.1), in process: what a wait re-reads when it wakes and before it answers, and
the blocking (WSGI) wait ending with it. The served paths (the hub, MCP, hooks) are in
``tests/test_waits_end_when_the_key_does.py``."""

from __future__ import annotations

import asyncio

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.exceptions import AuthenticationFailed, NotAuthenticated

from actions import announce, waiting
from actions.models import ProposedAction
from actions.tests.conftest import Proposer
from actions.views import _wait_until_settled
from brabo.errors import DomainError
from projects import keys, teams
from projects.access import PersonFence, set_project_access
from projects.authentication import KeyFence
from projects.keys import create_personal_token, revoke_personal_token
from projects.models import Agent, Membership, RetiredKey
from projects.services import revoke_agent, set_member

pytestmark = pytest.mark.django_db


def _fence(agent, key) -> KeyFence:
    return KeyFence.of_key(agent, key)


def test_a_current_key_passes_and_a_revoked_one_is_refused_as_a_fresh_call_is(team):
    fence = _fence(team.agent, team.agent_key)
    assert fence.refusal() is None
    revoke_agent(actor=team.owner, agent=team.agent)
    refusal = fence.refusal()
    assert isinstance(refusal, AuthenticationFailed) and "revoked" in str(refusal.detail)


def test_a_rotated_out_key_passes_while_its_overlap_lasts_then_is_unknown(team):
    fence = _fence(team.agent, team.agent_key)
    keys.rotate_agent_key(actor=team.owner, agent=team.agent, overlap_minutes=5)
    assert fence.refusal() is None  # the overlap: the old key still opens Brabo
    RetiredKey.objects.filter(holder_id=team.agent.id).update(valid_until=timezone.now())
    assert isinstance(fence.refusal(), AuthenticationFailed)
    other = _fence(team.agent, team.agent_key)
    keys.rotate_agent_key(actor=team.owner, agent=team.agent, overlap_minutes=0)
    assert isinstance(other.refusal(), AuthenticationFailed)


def test_another_agents_retired_key_does_not_pass_for_this_one(team):
    spare, spare_key = team.world.agent(team.project, team.maintainer, "dev-spare")
    keys.rotate_agent_key(actor=team.owner, agent=spare, overlap_minutes=5)
    # spare's old key is in its overlap, but a fence naming dev-api with it is not dev-api's key
    assert isinstance(KeyFence(team.agent.pk, Agent.hash_key(spare_key)).refusal(), AuthenticationFailed)


def test_a_suspended_agents_key_is_refused_403(team):
    team.world.user("lea")
    member, _ = set_member(actor=team.owner, workspace=team.ws, username="lea", role="developer")
    agent, key = team.world.agent(team.project, member.user, "dev-lea")
    fence = _fence(agent, key)
    teams.remove_member(actor=team.owner, workspace=team.ws, username="lea")
    refusal = fence.refusal()
    assert isinstance(refusal, DomainError) and refusal.status == 403 and refusal.reason == "agent_suspended"


@pytest.mark.parametrize("event_type", sorted(announce.KEY_FENCE_EVENTS))
def test_each_change_that_ends_a_key_wakes_its_agents_waits(
    team, event_type, django_capture_on_commit_callbacks
):
    """Revoking, rotating and suspending announce the agent's key: a wait listening to it wakes at once."""
    key = waiting.agent_key(team.agent.id)
    before = waiting._local_generation.get(key, 0)
    with django_capture_on_commit_callbacks(execute=True):
        if event_type == "agent.revoked":
            revoke_agent(actor=team.owner, agent=team.agent)
        elif event_type == "agent.key_rotated":
            keys.rotate_agent_key(actor=team.owner, agent=team.agent, overlap_minutes=0)
        else:
            teams.remove_member(actor=team.owner, workspace=team.ws, username="max")  # dev-api's principal
    assert waiting._local_generation.get(key, 0) == before + 1


def test_the_blocking_wait_answers_the_refusal_not_the_decision(team):
    action_id = Proposer(team).propose("terminal", {"command": "make deploy"}).json()["id"]
    action = ProposedAction.objects.get(pk=action_id)
    fence = _fence(team.agent, team.agent_key)
    revoke_agent(actor=team.owner, agent=team.agent)
    ProposedAction.objects.filter(pk=action_id).update(status="denied")  # decided after the revocation
    with pytest.raises(AuthenticationFailed):
        _wait_until_settled(action, 600, fence)


def test_a_key_in_its_overlap_says_when_it_stops_and_a_current_key_does_not(team):
    old = team.agent_key
    assert _fence(team.agent, old).ends_at is None and _fence(team.agent, old).seconds_left() is None
    keys.rotate_agent_key(actor=team.owner, agent=team.agent, overlap_minutes=5)
    team.agent.refresh_from_db()
    until = RetiredKey.objects.get(holder_id=team.agent.id).valid_until
    fence = _fence(team.agent, old)  # let in during the window: when it ends is read with it
    left = fence.seconds_left()
    assert fence.ends_at == until and left is not None and 0 < left <= 300
    held = KeyFence(team.agent.pk, Agent.hash_key(old))  # a wait let in before the rotation...
    assert held.ends_at is None
    assert held.refusal() is None and held.ends_at == until  # ...learns it when its key is re-read
    RetiredKey.objects.filter(holder_id=team.agent.id).update(valid_until=timezone.now())
    assert isinstance(held.refusal(), AuthenticationFailed) and held.seconds_left() is None


def test_an_async_wait_wakes_itself_when_its_until_comes_and_reads_again(settings):
    settings.BRABO_WAIT_RECHECK = settings.BRABO_WAIT_RECHECK_SUBSCRIBED = 600  # only ``until`` wakes it

    async def run() -> tuple[bool, int]:
        looks = 0

        async def done() -> bool:
            nonlocal looks
            looks += 1
            return looks >= 2  # what the second look reads: the key's window has closed

        left = iter([0.05, None])
        ended = await waiting.wait_async("fence-test-key", done, 600, until=lambda: next(left, None))
        return ended, looks

    assert asyncio.run(run()) == (True, 2)


# -- a person's fence: their token or session, and the project of what they wait on ------------------------


def _person_fence(team, user, **kw) -> PersonFence:
    return PersonFence(user.pk, project_id=team.project.id, **kw)


def test_a_persons_token_fence_ends_with_the_token_the_person_or_their_right_to_the_project(team):
    token, key = create_personal_token(actor=team.developer, name="t")
    fence = _person_fence(team, team.developer, token_hash=token.key_hash)
    assert fence.refusal() is None
    set_member(actor=team.owner, workspace=team.ws, username="dev", role="maintainer")  # raised: still reads
    assert fence.refusal() is None
    revoke_personal_token(actor=team.developer, token_id=token.pk)
    assert isinstance(fence.refusal(), AuthenticationFailed)


def test_a_persons_fence_ends_when_they_are_deactivated(team):
    fence = _person_fence(team, team.developer)
    team.developer.is_active = False
    team.developer.save()
    assert isinstance(fence.refusal(), AuthenticationFailed)


@pytest.mark.parametrize("how", ["removed", "restricted"])
def test_a_persons_fence_answers_404_once_the_project_is_not_theirs_to_read(team, how):
    fence = _person_fence(team, team.developer)
    if how == "removed":
        teams.remove_member(actor=team.owner, workspace=team.ws, username="dev")
    else:
        other = team.world.project(team.ws, "other")
        set_project_access(Membership.objects.get(workspace=team.ws, user=team.developer), [other])
    refusal = fence.refusal()
    assert isinstance(refusal, DomainError) and refusal.status == 404 and refusal.reason == "not_found"


def test_a_session_fence_ends_when_the_session_does(team):
    client = Client()
    client.force_login(team.developer)
    key = client.cookies["sessionid"].value
    fence = PersonFence(team.developer.pk, session_key=key)
    assert fence.refusal() is None
    other = Client()
    other.force_login(team.developer)
    other.logout()  # another session of the same person ends: this one holds
    assert fence.refusal() is None
    client.logout()
    assert isinstance(fence.refusal(), NotAuthenticated)


def test_a_session_fence_ends_when_the_password_changes(team):
    client = Client()
    client.force_login(team.developer)
    fence = PersonFence(team.developer.pk, session_key=client.cookies["sessionid"].value)
    team.developer.set_password("a new one")
    team.developer.save()
    assert isinstance(fence.refusal(), NotAuthenticated)


@pytest.mark.parametrize("change", ["token", "member", "grant", "user", "session"])
def test_each_change_that_may_end_a_persons_right_announces_them(
    team, change, django_capture_on_commit_callbacks
):
    token, _ = create_personal_token(actor=team.developer, name="t")
    client = Client()
    client.force_login(team.developer)
    key = waiting.person_key(team.developer.pk)
    before = waiting._local_generation.get(key, 0)
    with django_capture_on_commit_callbacks(execute=True):
        if change == "token":
            revoke_personal_token(actor=team.developer, token_id=token.pk)
        elif change == "member":
            set_member(actor=team.owner, workspace=team.ws, username="dev", role="maintainer")
        elif change == "grant":
            set_project_access(Membership.objects.get(workspace=team.ws, user=team.developer), [team.project])
        elif change == "user":
            team.developer.is_active = False
            team.developer.save()
        else:
            client.logout()
    assert waiting._local_generation.get(key, 0) > before
