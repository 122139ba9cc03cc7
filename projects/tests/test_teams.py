"""Teams over time through the real API: invite → accept → act, role changes, removal that suspends the
principal's agents, and the two-step ownership transfer."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from actions.models import SessionEvent
from brabo.errors import DomainError
from projects import teams
from projects.models import Agent, Invitation, Membership, WorkspaceEvent


def _types(ws):
    return list(WorkspaceEvent.objects.filter(workspace=ws).values_list("type", flat=True))


def _invite(team, client=None, **body):
    client = client or team.world.client(team.maintainer)
    return client.post(f"/api/workspaces/{team.ws.id}/invitations/", body, format="json")


# -- invitations ---------------------------------------------------------------------------------------


def test_invite_accept_act(team):
    """E2E: a maintainer invites by e-mail, the invitee accepts through the one-time link and then acts
    (sees the project and decides a pending action of their role)."""
    newbie = team.world.user("nina", email="Nina@Example.com")
    r = _invite(team, email="nina@example.com", role="developer")
    assert r.status_code == 201, r.content
    token, link = r.json()["token"], r.json()["accept_url"]
    assert link.endswith(f"/invite/{token}/")
    # stored hashed: the token is in no column
    inv = Invitation.objects.get(pk=r.json()["id"])
    assert token not in str(Invitation.objects.filter(pk=inv.pk).values().first())
    listed = team.world.client(team.maintainer).get(f"/api/workspaces/{team.ws.id}/invitations/").json()
    assert [i["email"] for i in listed] == ["nina@example.com"] and "token" not in listed[0]

    nina = team.world.client(newbie)
    assert nina.get(f"/api/projects/{team.project.id}/").status_code == 404  # not a member yet
    r = nina.post("/api/invitations/accept/", {"token": token}, format="json")
    assert r.status_code == 200 and r.json() == {"workspace": str(team.ws.id), "role": "developer"}

    # act: a developer decides a pending terminal action of the project
    from actions.tests.conftest import Proposer

    action_id = Proposer(team).propose("terminal", {"command": "cat README.md"}).json()["id"]
    assert nina.get(f"/api/projects/{team.project.id}/").status_code == 200
    r = nina.post(f"/api/actions/{action_id}/deny/", {"reason": "not now"}, format="json")
    assert r.status_code == 200, r.content

    # single use
    again = team.world.client(team.world.user("nina2", email="nina@example.com"))
    r = again.post("/api/invitations/accept/", {"token": token}, format="json")
    assert r.status_code == 409 and r.json()["reason"] == "invitation_used"
    assert _types(team.ws)[-2:] == ["member.invited", "member.joined"]
    joined = WorkspaceEvent.objects.get(workspace=team.ws, type="member.joined")
    assert joined.actor_label == "nina" and token not in str(joined.payload)
    assert (
        listed
        and team.world.client(team.maintainer).get(f"/api/workspaces/{team.ws.id}/invitations/").json() == []
    )


def test_invitation_link_refusals(team):
    world = team.world
    bob = world.user("bob")
    world.user("carol")

    # never above your own role, never owner
    r = _invite(team, username="bob", role="owner")
    assert r.status_code == 400
    r = _invite(team, team.world.client(team.developer), username="bob", role="developer")
    assert r.status_code == 403 and r.json()["reason"] == "role_too_low"
    r = _invite(team, username="dev", role="developer")
    assert r.status_code == 409 and r.json()["reason"] == "already_member"
    r = _invite(team, username="bob", email="bob@example.com", role="developer")
    assert r.status_code == 400
    r = _invite(team, username="ghost", role="developer")
    assert r.status_code == 400 and "ghost" in r.json()["detail"]

    r = _invite(team, username="bob", role="maintainer")
    token = r.json()["token"]
    assert _invite(team, username="bob", role="developer").json()["reason"] == "invitation_pending"

    # someone else holding the link cannot use it
    r = world.client(team.outsider).post("/api/invitations/accept/", {"token": token}, format="json")
    assert r.status_code == 403 and r.json()["reason"] == "invitation_not_for_you"
    # a garbled link is a 404
    r = world.client(bob).post("/api/invitations/accept/", {"token": token + "x"}, format="json")
    assert r.status_code == 404

    # expired
    Invitation.objects.filter(username="bob").update(expires_at=timezone.now() - timedelta(seconds=1))
    r = world.client(bob).post("/api/invitations/accept/", {"token": token}, format="json")
    assert r.status_code == 409 and r.json()["reason"] == "invitation_expired"
    assert world.client(team.maintainer).get(f"/api/workspaces/{team.ws.id}/invitations/").json() == []

    # revoked
    r = _invite(team, username="carol", role="developer")
    carol_token, inv_id = r.json()["token"], r.json()["id"]
    r = world.client(team.maintainer).post(f"/api/workspaces/{team.ws.id}/invitations/{inv_id}/revoke/")
    assert r.status_code == 200
    r = world.client(team.maintainer).post(f"/api/workspaces/{team.ws.id}/invitations/{inv_id}/revoke/")
    assert r.status_code == 409 and r.json()["reason"] == "invitation_not_pending"
    carol = team.world.User.objects.get(username="carol")
    r = world.client(carol).post("/api/invitations/accept/", {"token": carol_token}, format="json")
    assert r.status_code == 409 and r.json()["reason"] == "invitation_revoked"
    assert "member.invitation_revoked" in _types(team.ws)


def test_an_invitation_dies_with_its_inviters_power(team):
    """The inviter was demoted to developer after inviting a maintainer: the link no longer grants it."""
    bob = team.world.user("bob")
    token = _invite(team, username="bob", role="maintainer").json()["token"]
    r = team.world.client(team.owner).post(
        f"/api/workspaces/{team.ws.id}/members/", {"username": "max", "role": "developer"}, format="json"
    )
    assert r.status_code == 200
    r = team.world.client(bob).post("/api/invitations/accept/", {"token": token}, format="json")
    assert r.status_code == 409 and r.json()["reason"] == "invitation_no_longer_valid"
    assert not Membership.objects.filter(workspace=team.ws, user=bob).exists()


# -- role changes --------------------------------------------------------------------------------------


def test_role_changes_are_events_and_bounded_by_your_own_role(team):
    owner = team.world.client(team.owner)
    url = f"/api/workspaces/{team.ws.id}/members/"
    assert owner.post(url, {"username": "dev", "role": "maintainer"}, format="json").status_code == 200
    ev = WorkspaceEvent.objects.filter(workspace=team.ws, type="member.role_changed").get()
    assert ev.actor_label == "olivia" and ev.payload == {
        "username": "dev",
        "from": "developer",
        "to": "maintainer",
    }
    # the owner's role is never changed here, not even by the owner
    r = team.world.client(team.maintainer).post(
        url, {"username": "olivia", "role": "developer"}, format="json"
    )
    assert r.status_code == 403
    zoe = team.world.user("zoe")
    assert owner.post(url, {"username": "zoe", "role": "developer"}, format="json").status_code == 201
    assert "member.added" in _types(team.ws)
    with pytest.raises(DomainError) as exc:
        teams.change_member_role(actor=zoe, workspace=team.ws, username="zoe", role="maintainer")
    assert exc.value.status == 403
    with pytest.raises(DomainError) as exc:
        teams.change_member_role(actor=team.maintainer, workspace=team.ws, username="ghost", role="developer")
    assert exc.value.status == 404  # a role change never adds anyone


# -- removal -------------------------------------------------------------------------------------------


def test_removal_ends_access_and_suspends_the_principals_agents(team):
    """E2E: the maintainer who is dev-api's principal is removed: their access ends at once, dev-api's next
    proposal is a clear 403 naming the next step, its pending actions are listed, a person denies one and
    reassigns the agent, which then proposes again."""
    from actions.tests.conftest import Proposer

    agent_api = Proposer(team)
    max_client = team.world.client(team.maintainer)
    pending_id = agent_api.propose("terminal", {"command": "cat notes.txt"}).json()["id"]
    assert max_client.get(f"/api/projects/{team.project.id}/").status_code == 200

    r = team.world.client(team.owner).delete(f"/api/workspaces/{team.ws.id}/members/max/")
    assert r.status_code == 200 and r.json()["suspended_agents"] == [str(team.agent.id)]

    assert max_client.get(f"/api/projects/{team.project.id}/").status_code == 404
    listed = max_client.get("/api/workspaces/").json()
    assert str(team.ws.id) not in str(listed)

    r = agent_api.propose("terminal", {"command": "ls"})
    assert r.status_code == 403, r.content
    body = r.json()
    assert body["reason"] == "agent_suspended"
    assert "max was removed" in body["detail"] and "reassign" in body["detail"]

    listed = team.world.client(team.owner).get(f"/api/workspaces/{team.ws.id}/suspended-agents/").json()
    assert [a["name"] for a in listed] == ["dev-api"]
    assert [p["id"] for p in listed[0]["pending_actions"]] == [pending_id]
    # while suspended, its pending work is denied, never approved (it would run for nobody)
    for verb in ("approve", "approve-always"):
        r = team.world.client(team.owner).post(f"/api/actions/{pending_id}/{verb}/")
        assert r.status_code == 409 and r.json()["reason"] == "agent_suspended", r.content
    r = team.world.client(team.owner).post(
        f"/api/actions/{pending_id}/deny/", {"reason": "left"}, format="json"
    )
    assert r.status_code == 200

    r = team.world.client(team.owner).post(
        f"/api/agents/{team.agent.id}/reassign-principal/", {"principal": "dev"}, format="json"
    )
    assert r.status_code == 200, r.content
    assert agent_api.propose("terminal", {"command": "ls"}).status_code == 201
    assert team.world.client(team.owner).get(f"/api/workspaces/{team.ws.id}/suspended-agents/").json() == []

    assert "member.removed" in _types(team.ws)
    types = list(SessionEvent.objects.filter(project=team.project).values_list("type", flat=True))
    assert "agent.suspended" in types and "agent.principal_reassigned" in types
    removed = WorkspaceEvent.objects.get(workspace=team.ws, type="member.removed")
    assert removed.actor_label == "olivia" and removed.payload["suspendedAgents"] == [str(team.agent.id)]


def test_removal_rules(team):
    world = team.world
    url = f"/api/workspaces/{team.ws.id}/members/"
    r = world.client(team.maintainer).delete(url + "olivia/")
    assert r.status_code == 403 and r.json()["reason"] == "owner_cannot_be_removed"
    r = world.client(team.owner).delete(url + "olivia/")
    assert r.status_code == 403 and r.json()["reason"] == "owner_cannot_be_removed"
    r = world.client(team.developer).delete(url + "max/")
    assert r.status_code == 403
    r = world.client(team.maintainer).delete(url + "ghost/")
    assert r.status_code == 404
    # a developer may leave on their own
    r = world.client(team.developer).delete(url + "dev/")
    assert r.status_code == 200
    assert not Membership.objects.filter(workspace=team.ws, user=team.developer).exists()


def _restrict_max_to_app(team):
    """The owner restricts the maintainer max to ``app``; ``secret`` has an agent whose principal, carol,
    is a developer max does not manage there."""
    r = team.world.client(team.owner).put(
        f"/api/workspaces/{team.ws.id}/members/max/access/",
        {"projects": [str(team.project.id)]},
        format="json",
    )
    assert r.status_code == 200 and r.json()["restricted"] is True
    secret = team.world.project(team.ws, "secret")
    carol = team.world.user("carol")
    team.world.member(team.ws, carol, "developer")
    secret_agent, _ = team.world.agent(secret, carol, "dev-secret")
    return secret, secret_agent


def test_a_restricted_maintainer_removes_nobody_and_reassigns_no_agent_they_cannot_see(team):
    """R1.1: max, restricted to ``app``, removed carol, whose agent works on ``secret`` (a project max's every
    other door answers 404): carol lost the workspace and dev-secret was suspended. Who is a member is
    workspace-wide, as adding and inviting are: removing anyone but oneself, and revoking an invitation, is
    403 restricted_member; an agent of a project max cannot see stays 404 to reassign."""
    secret, secret_agent = _restrict_max_to_app(team)
    inv, _ = teams.invite_member(actor=team.owner, workspace=team.ws, role="developer", username="eve")
    max_client = team.world.client(team.maintainer)
    ws_url = f"/api/workspaces/{team.ws.id}"
    for method, path in (
        ("delete", "members/carol/"),
        ("delete", "members/dev/"),
        ("post", f"invitations/{inv.id}/revoke/"),
    ):
        r = getattr(max_client, method)(f"{ws_url}/{path}")
        assert (r.status_code, r.json().get("reason")) == (403, "restricted_member"), (path, r.content)
    assert Membership.objects.filter(workspace=team.ws, user__username__in=["carol", "dev"]).count() == 2
    assert Agent.objects.get(pk=secret_agent.pk).suspended_at is None
    assert Invitation.objects.get(pk=inv.pk).revoked_at is None
    assert "member.removed" not in _types(team.ws)

    r = max_client.post(
        f"/api/agents/{secret_agent.id}/reassign-principal/", {"principal": "max"}, format="json"
    )
    assert r.status_code == 404
    with pytest.raises(DomainError) as exc:
        teams.reassign_principal(actor=team.maintainer, agent=secret_agent, username="max")
    assert exc.value.status == 404

    # leaving is still theirs
    assert max_client.delete(f"{ws_url}/members/max/").status_code == 200


def test_a_restricted_maintainer_lists_the_suspended_agents_of_their_projects_only(team):
    """R1.1: the suspended-agents list (maintainer+) named every suspended agent of the workspace to max,
    restricted to ``app`` -- dev-secret, its project and its pending actions included."""
    from actions.tests.conftest import Proposer

    _restrict_max_to_app(team)
    lee = team.world.user("lee")
    team.world.member(team.ws, lee, "developer")
    _, app_key = team.world.agent(team.project, lee, "dev-web")
    Proposer(team).propose("terminal", {"command": "cat a"}, key=app_key)
    owner = team.world.client(team.owner)
    for name in ("carol", "lee"):
        assert owner.delete(f"/api/workspaces/{team.ws.id}/members/{name}/").status_code == 200

    url = f"/api/workspaces/{team.ws.id}/suspended-agents/"
    assert sorted(a["name"] for a in owner.get(url).json()) == ["dev-secret", "dev-web"]
    listed = team.world.client(team.maintainer).get(url).json()
    assert [(a["name"], a["project"]) for a in listed] == [("dev-web", str(team.project.id))]
    assert len(listed[0]["pending_actions"]) == 1
    assert [a.name for a in teams.suspended_agents(actor=team.maintainer, workspace=team.ws)] == ["dev-web"]


def test_reassigning_cannot_raise_an_agent_above_the_actor(team):
    """A maintainer cannot make the owner the principal of an agent (it would act with the owner's role)."""
    team.world.client(team.owner).delete(f"/api/workspaces/{team.ws.id}/members/max/")
    other_max = team.world.user("max2")
    team.world.member(team.ws, other_max, "maintainer")
    r = team.world.client(other_max).post(
        f"/api/agents/{team.agent.id}/reassign-principal/", {"principal": "olivia"}, format="json"
    )
    assert r.status_code == 403
    assert Agent.objects.get(pk=team.agent.pk).suspended_at is not None


# -- ownership -----------------------------------------------------------------------------------------


def _owners(ws):
    return list(
        Membership.objects.filter(workspace=ws, role="owner").values_list("user__username", flat=True)
    )


def test_ownership_transfer_in_two_steps(team):
    owner, mx = team.world.client(team.owner), team.world.client(team.maintainer)
    r = owner.put(
        f"/api/workspaces/{team.ws.id}/credentials/",
        {"provider_kind": "github", "provider_token": "ghp_secret"},
        format="json",
    )
    assert r.status_code == 200
    base = f"/api/workspaces/{team.ws.id}/ownership-offer/"

    r = owner.post(base, {"username": "dev"}, format="json")
    assert r.status_code == 409 and r.json()["reason"] == "new_owner_must_be_maintainer"
    assert owner.post(base, {"username": "max"}, format="json").status_code == 201
    assert _owners(team.ws) == ["olivia"]  # an offer changes nothing yet
    assert mx.get(base).json()["offered_to"] == "max"
    r = team.world.client(team.developer).post(base + "accept/")
    assert r.status_code == 409

    r = mx.post(base + "accept/")
    assert r.status_code == 200 and r.json()["owner"] == "max"
    team.ws.refresh_from_db()
    assert team.ws.owner == team.maintainer and _owners(team.ws) == ["max"]
    assert Membership.objects.get(workspace=team.ws, user=team.owner).role == "maintainer"
    # the credentials stayed with the workspace: the new owner manages them, the old one no longer can
    assert mx.get(f"/api/workspaces/{team.ws.id}/credentials/").json()["provider_token_set"] is True
    assert owner.get(f"/api/workspaces/{team.ws.id}/credentials/").status_code == 403
    assert team.ws.credentials.provider_token() == "ghp_secret"
    # the offer is used up
    assert mx.post(base + "accept/").status_code == 409
    types = _types(team.ws)
    assert types.index("workspace.ownership_offered") < types.index("workspace.ownership_transferred")
    done = WorkspaceEvent.objects.get(workspace=team.ws, type="workspace.ownership_transferred")
    assert done.actor_label == "max" and done.payload["from"] == "olivia"


def test_an_offer_is_withdrawn_declined_or_goes_stale(team):
    owner, mx = team.world.client(team.owner), team.world.client(team.maintainer)
    base = f"/api/workspaces/{team.ws.id}/ownership-offer/"
    owner.post(base, {"username": "max"}, format="json")
    assert owner.post(base + "cancel/").status_code == 200
    assert mx.post(base + "accept/").status_code == 409
    owner.post(base, {"username": "max"}, format="json")
    assert mx.post(base + "cancel/").status_code == 200  # declined
    assert "workspace.ownership_offer_declined" in _types(team.ws)
    # the offered maintainer is demoted meanwhile: the offer no longer transfers anything
    owner.post(base, {"username": "max"}, format="json")
    owner.post(
        f"/api/workspaces/{team.ws.id}/members/", {"username": "max", "role": "developer"}, format="json"
    )
    r = mx.post(base + "accept/")
    assert r.status_code == 409 and r.json()["reason"] == "new_owner_must_be_maintainer"
    assert _owners(team.ws) == ["olivia"]


def test_the_database_refuses_a_second_owner(team):
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.filter(workspace=team.ws, user=team.maintainer).update(role="owner")


@pytest.mark.parametrize(
    "fn, kwargs",
    [
        ("invite", {"email": "a\x00@example.com", "role": "developer"}),
        ("invite", {"email": "not-an-address", "role": "developer"}),
        ("invite", {"username": "x" * 151, "role": "developer"}),
        ("invite", {"username": "bob\x00", "role": "developer"}),
        ("invite", {"username": "bob", "role": "own\x00er"}),
        ("token", {"name": "lap\x00top"}),
        ("remove", {"username": "dev\x00"}),
        ("offer", {"username": "max\x00"}),
    ],
)
def test_console_typed_text_the_database_cannot_store_is_a_clear_refusal(team, fn, kwargs):
    """The console hands raw form text to the services: NUL, overlong or malformed text is a DomainError
    naming the field, never a database error."""
    from projects import keys

    call = {
        "invite": lambda: teams.invite_member(actor=team.maintainer, workspace=team.ws, **kwargs),
        "token": lambda: keys.create_personal_token(actor=team.maintainer, **kwargs),
        "remove": lambda: teams.remove_member(actor=team.owner, workspace=team.ws, **kwargs),
        "offer": lambda: teams.offer_ownership(actor=team.owner, workspace=team.ws, **kwargs),
    }[fn]
    with pytest.raises(DomainError) as exc:
        call()
    assert exc.value.status in (400, 404)


def test_suspended_agents_list_costs_the_same_queries_however_many(team):
    """STYLE 9: the list is one query for agents and one for their pending actions, not one per row."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from actions.tests.conftest import Proposer

    owner = team.world.client(team.owner)
    url = f"/api/workspaces/{team.ws.id}/suspended-agents/"

    def suspend_more(names):
        leaver = team.world.user(f"leaver-{names[0]}")
        team.world.member(team.ws, leaver, "maintainer")
        for name in names:
            _, key = team.world.agent(team.project, leaver, name)
            Proposer(team).propose("terminal", {"command": "cat a"}, key=key)
        owner.delete(f"/api/workspaces/{team.ws.id}/members/{leaver.username}/")

    suspend_more(["qa"])
    with CaptureQueriesContext(connection) as one:
        assert len(owner.get(url).json()) == 1
    suspend_more(["infra", "secops", "dev-web"])
    with CaptureQueriesContext(connection) as four:
        body = owner.get(url).json()
    assert len(body) == 4 and all(len(a["pending_actions"]) == 1 for a in body)
    assert len(four.captured_queries) == len(one.captured_queries)


def test_team_events_are_append_only(team):
    teams.invite_member(actor=team.maintainer, workspace=team.ws, role="developer", email="x@example.com")
    ev = WorkspaceEvent.objects.get(workspace=team.ws, type="member.invited")
    assert ev.actor_kind == "user" and ev.actor_label == "max"
    for attempt in (
        lambda: WorkspaceEvent.objects.filter(pk=ev.pk).update(type="x"),
        lambda: WorkspaceEvent.objects.filter(pk=ev.pk).delete(),
        ev.delete,
        ev.save,
    ):
        with pytest.raises(TypeError, match="append-only"):
            attempt()
