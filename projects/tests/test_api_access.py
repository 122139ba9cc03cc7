"""Every tenancy endpoint as anonymous (401), outsider (404), too-low role (403) and allowed (2xx) — R1.1, R12.4."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

# (name, method, url(team), body(team), too_low role or None, allowed role, allowed status)
ENDPOINTS = [
    ("workspace detail", "get", lambda t: f"/api/workspaces/{t.ws.id}/", None, None, "developer", 200),
    ("members list", "get", lambda t: f"/api/workspaces/{t.ws.id}/members/", None, None, "developer", 200),
    (
        "members add",
        "post",
        lambda t: f"/api/workspaces/{t.ws.id}/members/",
        lambda t: {"username": t.world.user("newbie").username, "role": "developer"},
        "developer",
        "maintainer",
        201,
    ),
    (
        "member access",
        "put",
        lambda t: f"/api/workspaces/{t.ws.id}/members/dev/access/",
        lambda t: {"projects": [str(t.project.id)]},
        "developer",
        "maintainer",
        200,
    ),
    (
        "credentials read",
        "get",
        lambda t: f"/api/workspaces/{t.ws.id}/credentials/",
        None,
        "maintainer",
        "owner",
        200,
    ),
    (
        "credentials write",
        "put",
        lambda t: f"/api/workspaces/{t.ws.id}/credentials/",
        lambda t: {"provider_kind": "github", "provider_token": "ghp_x"},
        "maintainer",
        "owner",
        200,
    ),
    ("project detail", "get", lambda t: f"/api/projects/{t.project.id}/", None, None, "developer", 200),
    (
        "project create",
        "post",
        lambda t: "/api/projects/",
        lambda t: {"workspace": str(t.ws.id), "name": "second", "execution_mode": "container"},
        "developer",
        "maintainer",
        201,
    ),
    ("agents list", "get", lambda t: f"/api/projects/{t.project.id}/agents/", None, None, "developer", 200),
    (
        "agent create",
        "post",
        lambda t: f"/api/projects/{t.project.id}/agents/",
        lambda t: {"name": "qa", "principal": "max"},
        "developer",
        "maintainer",
        201,
    ),
    ("tasks list", "get", lambda t: f"/api/projects/{t.project.id}/tasks/", None, None, "developer", 200),
    (
        "task create",
        "post",
        lambda t: f"/api/projects/{t.project.id}/tasks/",
        lambda t: {"title": "Fix login"},
        None,
        "developer",
        201,
    ),
    (
        "permissions read",
        "get",
        lambda t: f"/api/projects/{t.project.id}/permissions/",
        None,
        None,
        "developer",
        200,
    ),
    (
        "permissions write",
        "put",
        lambda t: f"/api/projects/{t.project.id}/permissions/",
        lambda t: {"allow": ["Terminal(ls)"], "deny": [], "ask": []},
        "developer",
        "maintainer",
        200,
    ),
    (
        "activate execution",
        "post",
        lambda t: f"/api/projects/{t.project.id}/activate-execution/",
        None,
        "developer",
        "maintainer",
        200,
    ),
    ("agent detail", "get", lambda t: f"/api/agents/{t.agent.id}/", None, None, "developer", 200),
    (
        "autonomy read",
        "get",
        lambda t: f"/api/agents/{t.agent.id}/autonomy/",
        None,
        "developer",
        "maintainer",
        200,
    ),
    (
        "autonomy write",
        "put",
        lambda t: f"/api/agents/{t.agent.id}/autonomy/",
        lambda t: [{"action_type": "*", "mode": "auto_approve"}],
        "developer",
        "maintainer",
        200,
    ),
    (
        "agent revoke",
        "post",
        lambda t: f"/api/agents/{t.agent.id}/revoke/",
        None,
        "developer",
        "maintainer",
        200,
    ),
]

IDS = [e[0] for e in ENDPOINTS]


def _user_for(team, role):
    return {"owner": team.owner, "maintainer": team.maintainer, "developer": team.developer}[role]


def _call(client, method, url, body):
    return (
        getattr(client, method)(url, body, format="json")
        if body is not None
        else getattr(client, method)(url)
    )


@pytest.mark.parametrize("name,method,url,body,too_low,allowed,ok", ENDPOINTS, ids=IDS)
def test_anonymous_gets_401(team, name, method, url, body, too_low, allowed, ok):
    resp = _call(APIClient(), method, url(team), body(team) if body else None)
    assert resp.status_code == 401, resp.content
    assert "detail" in resp.json()


@pytest.mark.parametrize("name,method,url,body,too_low,allowed,ok", ENDPOINTS, ids=IDS)
def test_outsider_gets_404(team, name, method, url, body, too_low, allowed, ok):
    resp = _call(team.world.client(team.outsider), method, url(team), body(team) if body else None)
    assert resp.status_code == 404, resp.content


@pytest.mark.parametrize(
    "name,method,url,body,too_low,allowed,ok",
    [e for e in ENDPOINTS if e[4]],
    ids=[e[0] for e in ENDPOINTS if e[4]],
)
def test_too_low_role_gets_403(team, name, method, url, body, too_low, allowed, ok):
    resp = _call(team.world.client(_user_for(team, too_low)), method, url(team), body(team) if body else None)
    assert resp.status_code == 403, resp.content
    assert "role" in resp.json()["detail"] or "owner" in resp.json()["detail"]


@pytest.mark.parametrize("name,method,url,body,too_low,allowed,ok", ENDPOINTS, ids=IDS)
def test_allowed_role_succeeds(team, name, method, url, body, too_low, allowed, ok):
    resp = _call(team.world.client(_user_for(team, allowed)), method, url(team), body(team) if body else None)
    assert resp.status_code == ok, resp.content


@pytest.mark.parametrize("name,method,url,body,too_low,allowed,ok", ENDPOINTS, ids=IDS)
def test_agents_cannot_call_people_endpoints(team, name, method, url, body, too_low, allowed, ok):
    resp = _call(team.world.client(agent_key=team.agent_key), method, url(team), body(team) if body else None)
    assert resp.status_code == 403, resp.content
    assert "Agents cannot" in resp.json()["detail"]


def test_workspace_list_and_create_need_a_person(team):
    assert APIClient().get("/api/workspaces/").status_code == 401
    resp = team.world.client(team.outsider).post("/api/workspaces/", {"name": "Mine"}, format="json")
    assert resp.status_code == 201
    assert resp.json()["owner"] == "eve" and resp.json()["role"] == "owner"


def test_cross_tenant_no_id_of_workspace_a_is_readable_or_writable_from_b(team):
    """R1.1 — every id of workspace A answers 404 to a member of workspace B, for reads and writes."""
    eve = team.world.client(team.outsider)
    task = team.world.client(team.owner).post(
        f"/api/projects/{team.project.id}/tasks/", {"title": "t"}, format="json"
    )
    a_urls = [
        f"/api/workspaces/{team.ws.id}/",
        f"/api/workspaces/{team.ws.id}/members/",
        f"/api/workspaces/{team.ws.id}/credentials/",
        f"/api/projects/{team.project.id}/",
        f"/api/projects/{team.project.id}/agents/",
        f"/api/projects/{team.project.id}/tasks/",
        f"/api/agents/{team.agent.id}/",
        f"/api/agents/{team.agent.id}/autonomy/",
    ]
    for url in a_urls:
        assert eve.get(url).status_code == 404, url
    assert eve.post(f"/api/agents/{team.agent.id}/revoke/").status_code == 404
    assert eve.put(f"/api/agents/{team.agent.id}/autonomy/", [], format="json").status_code == 404
    assert (
        eve.post(
            f"/api/workspaces/{team.ws.id}/members/", {"username": "eve", "role": "maintainer"}, format="json"
        ).status_code
        == 404
    )
    assert (
        eve.post(
            "/api/projects/",
            {"workspace": str(team.ws.id), "name": "x", "execution_mode": "container"},
            format="json",
        ).status_code
        == 404
    )
    # Lists never show A's rows to B.
    listed = str(eve.get("/api/workspaces/").json()) + str(eve.get("/api/projects/").json())
    for secret_id in (team.ws.id, team.project.id, task.json()["id"]):
        assert str(secret_id) not in listed
    # B's agent key cannot read A's project either.
    other_agent = team.world.client(agent_key=team.other_agent_key)
    assert other_agent.get(f"/api/projects/{team.project.id}/").status_code in (403, 404)
    # Nothing changed in A.
    team.agent.refresh_from_db()
    assert team.agent.revoked_at is None
    assert not team.ws.memberships.filter(user=team.outsider).exists()


def test_restricted_member_reaches_only_granted_projects(team):
    """A maintainer restricts a developer to one project (django-guardian); the other answers 404."""
    second = team.world.project(team.ws, "second")
    maint = team.world.client(team.maintainer)
    resp = maint.put(
        f"/api/workspaces/{team.ws.id}/members/dev/access/", {"projects": [str(second.id)]}, format="json"
    )
    assert resp.status_code == 200 and resp.json()["restricted"] is True
    dev = team.world.client(team.developer)
    assert dev.get(f"/api/projects/{team.project.id}/").status_code == 404
    assert dev.get(f"/api/projects/{second.id}/").status_code == 200
    assert [p["id"] for p in dev.get("/api/projects/").json()["results"]] == [str(second.id)]
    # Lifting the restriction restores every project.
    maint.put(f"/api/workspaces/{team.ws.id}/members/dev/access/", {"projects": None}, format="json")
    assert dev.get(f"/api/projects/{team.project.id}/").status_code == 200


def test_a_restricted_maintainer_cannot_widen_what_they_reach(team):
    """The owner restricts a maintainer to one project. Who is in the workspace and what each member reaches
    is workspace-wide: the maintainer neither lifts their own restriction, nor adds, invites or promotes a
    member (a second account of theirs would reach every project), nor changes anyone's access."""
    from projects import teams

    secret = team.world.project(team.ws, "secret")
    owner = team.world.client(team.owner)
    resp = owner.put(
        f"/api/workspaces/{team.ws.id}/members/max/access/",
        {"projects": [str(team.project.id)]},
        format="json",
    )
    assert resp.status_code == 200 and resp.json()["restricted"] is True
    maint = team.world.client(team.maintainer)
    team.world.user("puppet")
    attempts = [
        ("put", "members/max/access/", {"projects": None}),
        ("put", "members/max/access/", {"projects": [str(team.project.id), str(secret.id)]}),
        ("put", "members/dev/access/", {"projects": None}),
        ("post", "members/", {"username": "puppet", "role": "maintainer"}),
        ("post", "members/", {"username": "dev", "role": "maintainer"}),
        ("post", "invitations/", {"username": "puppet", "role": "maintainer"}),
    ]
    for method, path, body in attempts:
        resp = getattr(maint, method)(f"/api/workspaces/{team.ws.id}/{path}", body, format="json")
        assert (resp.status_code, resp.json()["reason"]) == (403, "restricted_member"), (path, body)
    assert maint.get(f"/api/projects/{secret.id}/").status_code == 404
    assert not team.ws.memberships.filter(user__username="puppet").exists()
    # nor makes a project (one they would not reach), nor learns another's name from "already exists"
    for name in ("secret", "fresh"):
        body = {"workspace": str(team.ws.id), "name": name, "execution_mode": "container"}
        resp = maint.post("/api/projects/", body, format="json")
        assert (resp.status_code, resp.json()["reason"]) == (403, "restricted_member"), name
        assert "exists" not in resp.json()["detail"]
    assert not team.ws.projects.filter(name="fresh").exists()
    assert team.ws.memberships.get(user=team.developer).role == "developer"

    # an invitation made before the restriction no longer lets anyone in past it
    team.world.client(team.owner).put(
        f"/api/workspaces/{team.ws.id}/members/max/access/", {"projects": None}, format="json"
    )
    invited = maint.post(
        f"/api/workspaces/{team.ws.id}/invitations/",
        {"username": "puppet", "role": "maintainer"},
        format="json",
    )
    assert invited.status_code == 201
    owner.put(
        f"/api/workspaces/{team.ws.id}/members/max/access/",
        {"projects": [str(team.project.id)]},
        format="json",
    )
    puppet = team.world.client(team.world.User.objects.get(username="puppet"))
    resp = puppet.post("/api/invitations/accept/", {"token": invited.json()["token"]}, format="json")
    assert (resp.status_code, resp.json()["reason"]) == (409, "invitation_no_longer_valid")
    assert teams.pending_invitations(actor=team.owner, workspace=team.ws).count() == 1


def test_an_agent_key_is_shown_once_and_stored_hashed(team):
    from projects.models import Agent

    resp = team.world.client(team.maintainer).post(
        f"/api/projects/{team.project.id}/agents/", {"name": "infra", "principal": "max"}, format="json"
    )
    key = resp.json()["key"]
    agent = Agent.objects.get(id=resp.json()["id"])
    assert key not in agent.key_hash and agent.key_hash == Agent.hash_key(key)
    again = team.world.client(team.maintainer).get(f"/api/agents/{agent.id}/").json()
    assert "key" not in again and key not in str(again)
    listing = team.world.client(team.maintainer).get(f"/api/projects/{team.project.id}/agents/").json()
    assert key not in str(listing)


def test_a_revoked_agent_key_answers_401(team):
    me = team.world.client(agent_key=team.agent_key)
    assert me.get(f"/api/projects/{team.project.id}/").status_code != 401
    team.world.client(team.maintainer).post(f"/api/agents/{team.agent.id}/revoke/")
    resp = me.get(f"/api/projects/{team.project.id}/")
    assert resp.status_code == 401 and "revoked" in resp.json()["detail"]


def test_personal_token_authenticates_a_person(team):
    from projects.models import PersonalToken

    _, key = PersonalToken.issue(team.developer)
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert c.get(f"/api/projects/{team.project.id}/").status_code == 200
    c.credentials(HTTP_AUTHORIZATION="Token nope")
    assert c.get(f"/api/projects/{team.project.id}/").status_code == 401


def test_a_machine_key_is_never_a_person_even_without_the_agent_flag(team):
    """A runner's request.user (or any key principal) sees no workspace, project or membership."""
    from containers.authentication import RunnerPrincipal
    from containers.models import Runner
    from projects.access import membership, project_role, visible_projects, visible_workspaces

    runner = Runner.objects.create(project=team.project, name="laptop", key_hash="r" * 64)
    principal = RunnerPrincipal(runner)
    assert principal.is_authenticated and not principal.is_agent
    assert list(visible_workspaces(principal)) == []
    assert list(visible_projects(principal)) == []
    assert membership(principal, team.ws.id) is None
    assert project_role(principal, team.project) is None
