"""Every teams-over-time endpoint as anonymous, outsider, too-low role, an agent, and allowed (STYLE 5, R1.1)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from containers.models import Runner
from projects import keys, teams
from projects.models import PersonalToken


@dataclass
class Case:
    name: str
    method: str
    url: Callable  # (team, ctx) -> str
    body: Callable | None = None  # (team, ctx) -> dict
    allowed: str = "maintainer"  # attribute of team
    ok: int = 200
    too_low: str | None = "developer"
    too_low_status: int = 403
    outsider_status: int = 404


def _ws(t):
    return f"/api/workspaces/{t.ws.id}"


CASES = [
    Case("list invitations", "get", lambda t, c: f"{_ws(t)}/invitations/"),
    Case(
        "invite",
        "post",
        lambda t, c: f"{_ws(t)}/invitations/",
        lambda t, c: {"email": "newbie@example.com", "role": "developer"},
        ok=201,
    ),
    Case("revoke invitation", "post", lambda t, c: f"{_ws(t)}/invitations/{c['invitation'].id}/revoke/"),
    Case("remove member", "delete", lambda t, c: f"{_ws(t)}/members/third/"),
    Case("suspended agents", "get", lambda t, c: f"{_ws(t)}/suspended-agents/"),
    Case(
        "reassign principal",
        "post",
        lambda t, c: f"/api/agents/{t.agent.id}/reassign-principal/",
        lambda t, c: {"principal": "max"},
    ),
    Case("rotate agent key", "post", lambda t, c: f"/api/agents/{t.agent.id}/rotate-key/", lambda t, c: {}),
    Case(
        "rotate runner key",
        "post",
        lambda t, c: f"/api/runners/{c['runner'].id}/rotate-key/",
        lambda t, c: {},
    ),
    Case(
        "offer ownership",
        "post",
        lambda t, c: f"{_ws(t)}/ownership-offer/",
        lambda t, c: {"username": "max"},
        allowed="owner",
        ok=201,
        too_low="maintainer",
    ),
    Case(
        "cancel offer",
        "post",
        lambda t, c: f"{_ws(t)}/ownership-offer/cancel/",
        allowed="owner",
        too_low="developer",
    ),
    Case("read offer", "get", lambda t, c: f"{_ws(t)}/ownership-offer/", allowed="developer", too_low=None),
    Case(
        "accept ownership",
        "post",
        lambda t, c: f"{_ws(t)}/ownership-offer/accept/",
        too_low="developer",
        too_low_status=409,  # an offer for someone else does not exist for you
    ),
    Case("workspace events", "get", lambda t, c: f"{_ws(t)}/events/", allowed="developer", too_low=None),
    Case(
        "revoke token",
        "post",
        lambda t, c: f"/api/tokens/{c['token'].id}/revoke/",
        allowed="maintainer",
        too_low=None,
    ),
    Case(
        "accept invitation",
        "post",
        lambda t, c: "/api/invitations/accept/",
        lambda t, c: {"token": c["invite_token"]},
        allowed="newbie",
        too_low="developer",
        too_low_status=403,  # for someone else: invitation_not_for_you
        outsider_status=403,
    ),
]


def _setup(team):
    world = team.world
    team.third = world.user("third")
    world.member(team.ws, team.third, "developer")
    team.newbie = world.user("newbie2")
    inv, token = teams.invite_member(
        actor=team.maintainer, workspace=team.ws, role="developer", username="newbie2"
    )
    made = world.client(team.maintainer).post(
        "/api/runners/", {"project": str(team.project.id), "name": "laptop"}, format="json"
    )
    runner = Runner.objects.get(pk=made.json()["id"])
    token_row, _ = PersonalToken.issue(team.maintainer, name="ci")
    # an offer to the maintainer, for the cases that read, cancel or accept it
    teams.offer_ownership(actor=team.owner, workspace=team.ws, username="max")
    return {"invitation": inv, "invite_token": token, "runner": runner, "token": token_row}


def _call(client, case, team, ctx):
    body = case.body(team, ctx) if case.body else None
    return getattr(client, case.method)(case.url(team, ctx), body, format="json")


@pytest.fixture
def ctx(team):
    return _setup(team)


def _user(team, attr):
    return team.newbie if attr == "newbie" else getattr(team, attr)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_anonymous_gets_401(team, ctx, case):
    r = _call(APIClient(), case, team, ctx)
    assert r.status_code == 401, r.content


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_an_agent_key_is_refused(team, ctx, case):
    r = _call(team.world.client(agent_key=team.agent_key), case, team, ctx)
    assert r.status_code == 403 and r.json()["reason"] in ("people_only", "invitation_not_for_you"), r.content


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_outsider_gets_404(team, ctx, case):
    r = _call(team.world.client(team.outsider), case, team, ctx)
    assert r.status_code == case.outsider_status, r.content
    assert "reason" in r.json()


@pytest.mark.parametrize("case", [c for c in CASES if c.too_low], ids=lambda c: c.name)
def test_too_low_role_is_refused(team, ctx, case):
    r = _call(team.world.client(_user(team, case.too_low)), case, team, ctx)
    assert r.status_code == case.too_low_status, r.content
    assert r.json()["reason"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_allowed_role_succeeds(team, ctx, case):
    r = _call(team.world.client(_user(team, case.allowed)), case, team, ctx)
    assert r.status_code == case.ok, r.content


def test_personal_tokens_are_per_person(team):
    mine = team.world.client(team.developer)
    r = mine.post("/api/tokens/", {"name": "laptop"}, format="json")
    assert r.status_code == 201 and r.json()["key"].startswith("brabo_user_")
    listed = team.world.client(team.developer).get("/api/tokens/").json()
    assert [t["name"] for t in listed] == ["laptop"] and "key" not in listed[0]
    assert team.world.client(team.maintainer).get("/api/tokens/").json() == []
    r = team.world.client(team.maintainer).post(f"/api/tokens/{listed[0]['id']}/revoke/")
    assert r.status_code == 404  # someone else's token does not exist for you


def test_another_workspaces_invitation_id_is_404_even_for_its_maintainer(team):
    inv, _ = teams.invite_member(
        actor=team.outsider, workspace=team.other_ws, role="developer", username="dev"
    )
    # the outsider's own invitation, addressed through a workspace they are not in
    r = team.world.client(team.outsider).post(f"/api/workspaces/{team.ws.id}/invitations/{inv.id}/revoke/")
    assert r.status_code == 404
    # and Acme's maintainer cannot reach Evil Corp's invitation through Evil Corp's path
    r = team.world.client(team.maintainer).post(
        f"/api/workspaces/{team.other_ws.id}/invitations/{inv.id}/revoke/"
    )
    assert r.status_code == 404


def test_services_refuse_the_same_way_whatever_door(team):
    """STYLE 13: the transition checks its caller — a direct call by a developer is refused like the API."""
    from brabo.errors import DomainError

    with pytest.raises(DomainError) as exc:
        teams.invite_member(actor=team.developer, workspace=team.ws, role="developer", username="eve")
    assert exc.value.status == 403 and exc.value.reason == "role_too_low"
    with pytest.raises(DomainError) as exc:
        teams.remove_member(actor=team.outsider, workspace=team.ws, username="dev")
    assert exc.value.status == 404
    with pytest.raises(DomainError) as exc:
        keys.rotate_agent_key(actor=team.developer, agent=team.agent)
    assert exc.value.status == 403
    with pytest.raises(DomainError) as exc:
        teams.offer_ownership(actor=team.maintainer, workspace=team.ws, username="max")
    assert exc.value.reason == "owner_only"
