"""Console pages for members and keys: they call the same services as the API, so the same rules hold
(role inside the transition, another workspace's object a 404) and every change is an event."""

from __future__ import annotations

import re

from actions.models import SessionEvent
from projects import teams
from projects.models import Agent, Invitation, Membership, PersonalToken, WorkspaceEvent

MEMBERS = "/admin/console/members/"
KEYS = "/admin/console/keys/"


def test_members_page_shows_the_team_and_only_a_maintainer_the_invite_form(team, login):
    page = login(team.maintainer).get(MEMBERS)
    assert page.status_code == 200
    body = page.content.decode()
    for name in ("olivia", "max", "dev"):
        assert f'data-member="{name}"' in body
    assert "Invite someone" in body and "Evil Corp" not in body
    dev_page = login(team.developer).get(MEMBERS).content.decode()
    assert "Invite someone" not in dev_page and "Change role" not in dev_page


def test_inviting_from_the_console_shows_the_link_once_and_a_developer_is_refused(team, login):
    team.world.user("nina", email="nina@example.com")
    r = login(team.maintainer).post(
        f"/admin/console/members/{team.ws.id}/invite/", {"invitee": "nina@example.com", "role": "developer"}
    )
    assert r.status_code == 200
    found = re.search(r"data-secret>([^<]+)<", r.content.decode())
    assert found is not None
    link = found.group(1)
    assert "/invite/brabo_invite_" in link
    assert Invitation.objects.get(email="nina@example.com").token_hash not in link
    # the next visit does not show it again
    assert "data-secret" not in login(team.maintainer).get(MEMBERS).content.decode()

    r = login(team.developer).post(
        f"/admin/console/members/{team.ws.id}/invite/", {"invitee": "dev2", "role": "developer"}, follow=True
    )
    assert "needs the maintainer role" in r.content.decode()
    assert Invitation.objects.count() == 1


def test_an_outsider_cannot_reach_another_workspaces_forms(team, login):
    eve = login(team.outsider)
    assert (
        eve.post(
            f"/admin/console/members/{team.ws.id}/invite/", {"invitee": "x", "role": "developer"}
        ).status_code
        == 404
    )
    assert eve.post(f"/admin/console/members/{team.ws.id}/members/dev/remove/").status_code == 404
    r = eve.post(
        f"/admin/console/members/agents/{team.agent.id}/reassign/", {"principal": "eve"}, follow=True
    )
    assert "Not found" in r.content.decode()
    r = eve.post(f"/admin/console/keys/agents/{team.agent.id}/rotate/", {"overlap_minutes": "0"}, follow=True)
    assert "Not found" in r.content.decode()
    assert Membership.objects.filter(workspace=team.ws, user__username="dev").exists()
    assert not SessionEvent.objects.filter(type="agent.key_rotated").exists()


def test_removing_from_the_console_suspends_and_reassigning_lifts_it(team, login):
    owner = login(team.owner)
    r = owner.post(f"/admin/console/members/{team.ws.id}/members/max/remove/", follow=True)
    assert "Suspended agents: dev-api" in r.content.decode()
    assert 'data-suspended-agent="dev-api"' in r.content.decode()
    # the agents list and card say it is suspended and where to fix it
    assert "suspended" in owner.get("/admin/console/agents/").content.decode()
    card = owner.get(f"/admin/console/agents/{team.agent.id}/").content.decode()
    assert "max was removed" in card and "reassign its principal" in card
    r = owner.post(
        f"/admin/console/members/agents/{team.agent.id}/reassign/", {"principal": "dev"}, follow=True
    )
    assert "Agent dev-api now acts for dev" in r.content.decode()
    agent = Agent.objects.get(pk=team.agent.pk)
    assert agent.suspended_at is None and agent.principal and agent.principal.user == team.developer
    assert WorkspaceEvent.objects.filter(type="member.removed", actor_label="olivia").exists()


def test_role_change_and_ownership_through_the_console(team, login):
    owner = login(team.owner)
    owner.post(f"/admin/console/members/{team.ws.id}/members/dev/role/", {"role": "maintainer"})
    assert Membership.objects.get(workspace=team.ws, user=team.developer).role == "maintainer"
    r = login(team.maintainer).post(
        f"/admin/console/members/{team.ws.id}/members/olivia/role/", {"role": "developer"}, follow=True
    )
    assert (
        "owner" in r.content.decode()
        and Membership.objects.get(user=team.owner, workspace=team.ws).role == "owner"
    )
    owner.post(f"/admin/console/members/{team.ws.id}/ownership/offer/", {"username": "max"})
    r = login(team.maintainer).post(f"/admin/console/members/{team.ws.id}/ownership/accept/", follow=True)
    assert "You now own Acme" in r.content.decode()
    team.ws.refresh_from_db()
    assert team.ws.owner == team.maintainer


def test_keys_page_lists_tokens_without_values_and_rotates_keys(team, login):
    token, key = PersonalToken.issue(team.maintainer, name="laptop")
    mx = login(team.maintainer)
    body = mx.get(KEYS).content.decode()
    assert 'data-token="laptop"' in body and key not in body and token.key_hash not in body
    assert 'data-agent="dev-api"' in body and "dev-evil" not in body

    r = mx.post("/admin/console/keys/tokens/", {"name": "ci"})
    found = re.search(r"data-secret>([^<]+)<", r.content.decode())
    assert found is not None
    new_key = found.group(1)
    assert (
        new_key.startswith("brabo_user_") and PersonalToken.objects.filter(user=team.maintainer).count() == 2
    )
    created = PersonalToken.objects.get(name="ci")
    mx.post(f"/admin/console/keys/tokens/{created.id}/revoke/")
    assert PersonalToken.objects.get(pk=created.pk).revoked_at is not None
    # someone else's token is not revocable from here
    login(team.developer).post(f"/admin/console/keys/tokens/{token.id}/revoke/")
    assert PersonalToken.objects.get(pk=token.pk).revoked_at is None

    r = mx.post(f"/admin/console/keys/agents/{team.agent.id}/rotate/", {"overlap_minutes": "0"})
    found = re.search(r"data-secret>([^<]+)<", r.content.decode())
    assert found is not None
    rotated = found.group(1)
    assert Agent.objects.get(pk=team.agent.pk).key_hash == Agent.hash_key(rotated)
    # a developer sees no agent keys to rotate and is refused when trying
    assert 'data-agent="dev-api"' not in login(team.developer).get(KEYS).content.decode()
    r = login(team.developer).post(f"/admin/console/keys/agents/{team.agent.id}/rotate/", follow=True)
    assert "needs the maintainer role" in r.content.decode()


def test_invitation_page_signs_in_and_accepts(team, client):
    nina = team.world.user("nina")
    _, token = teams.invite_member(
        actor=team.maintainer, workspace=team.ws, role="developer", username="nina"
    )
    url = f"/invite/{token}/"
    page = client.get(url)
    assert page.status_code == 200 and "Sign in to accept" in page.content.decode()
    r = client.post(url, {"step": "login", "username": "nina", "password": "pw-nina"})
    assert r.status_code == 302
    r = client.post(url, {"step": "accept"})
    assert r.status_code == 302 and r["Location"] == MEMBERS
    assert Membership.objects.get(workspace=team.ws, user=nina).role == "developer"
    again = client.get(url).content.decode()
    assert "no longer valid" in again
    assert client.get("/invite/brabo_invite_nonsense/").status_code == 404


def test_a_restricted_maintainers_members_page_shows_no_suspended_agent_of_another_project(team, login):
    """R1.1: the members page listed every suspended agent of the workspace, with its project's name, to a
    maintainer restricted to ``app``."""
    from projects.access import set_project_access

    secret = team.world.project(team.ws, "secret-merger")
    carol = team.world.user("carol")
    team.world.member(team.ws, carol, "developer")
    team.world.agent(secret, carol, "dev-acquire")
    teams.remove_member(actor=team.owner, workspace=team.ws, username="carol")
    set_project_access(Membership.objects.get(workspace=team.ws, user=team.maintainer), [team.project])
    page = login(team.maintainer).get(MEMBERS).content.decode()
    assert "dev-acquire" not in page and "secret-merger" not in page
    assert 'data-suspended-agent="dev-acquire"' in login(team.owner).get(MEMBERS).content.decode()
