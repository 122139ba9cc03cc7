"""Every operation of the OpenAPI schema × who calls it (R1.1, R12.4): the table is generated, not written.

The rows are the operations drf-spectacular's generator finds in the URL map, so a new endpoint gets its row
the day it is routed. Each row's expectation follows from the operation itself:

- anonymous → 401 (every operation authenticates);
- a person of another workspace → 404 ``not_found`` wherever the path names a workspace, project, agent,
  runner or action (R1.1: another tenant's ids do not exist for you);
- an agent's key at a people's endpoint → 403 ``people_only``;
- a developer of the workspace is let past the scope: never 401, 404 or ``people_only`` (what their role
  may do is the role table's business: tests/test_transition_roles.py).

The doors meant for machines (an agent's proposals and hooks, a runner's work loop) and the few operations
whose path names nothing to scope by say what they expect in :data:`DIFFERENT`, by hand; an operation that
is neither scoped nor listed fails, as does a listed one that no longer exists.
"""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator

ANONYMOUS, OUTSIDER, AGENT, MEMBER = "anonymous", "outsider", "agent", "member"
# path parameter → what it names (``{id}`` names what the collection before it holds)
SCOPED_PARAMS = {"workspace_id", "project_id", "agent_id", "runner_id", "action_id", "id"}
COLLECTION = {
    "workspaces": "ws",
    "projects": "project",
    "agents": "agent",
    "actions": "action",
    "runners": "runner",
    "teams": "team",
    "webhooks": "webhook",
}

# Operations that differ from the generated expectation: per role, the status (and reason) instead.
Expect = int | tuple[int, str] | None
_RUNNER_ONLY: dict[str, Expect] = {
    OUTSIDER: 403,
    AGENT: (401, "authentication_failed"),
    MEMBER: 403,
}  # a runner key only
DIFFERENT: dict[str, dict[str, Expect]] = {
    # an agent proposes and reads its own actions; a person lists and decides them (scoped by project)
    "GET /api/actions/": {OUTSIDER: 200, AGENT: 200},
    "POST /api/actions/": {OUTSIDER: (403, "permission_denied"), AGENT: 400},
    "GET /api/actions/{id}/": {AGENT: None},
    "GET /api/actions/{id}/wait/": {AGENT: None},
    "POST /api/actions/{id}/approve/": {AGENT: (403, "permission_denied")},
    "POST /api/actions/{id}/approve-always/": {AGENT: (403, "permission_denied")},
    "POST /api/actions/{id}/deny/": {AGENT: (403, "permission_denied")},
    "POST /api/actions/{id}/answer/": {AGENT: (403, "permission_denied")},
    "POST /api/actions/{id}/cancel/": {AGENT: (403, "permission_denied")},
    # a coding agent's hook: whoever else calls is refused in the hook's own answer (a deny, 200)
    "POST /api/hooks/{agent}/": {ANONYMOUS: 200, OUTSIDER: 200, AGENT: 200, MEMBER: 200},
    # unscoped: the invitee is not a member yet; one's own tokens; creating a workspace or project;
    # the lists show only what the caller reaches
    "POST /api/invitations/accept/": {OUTSIDER: 400},
    "GET /api/tokens/": {OUTSIDER: 200},
    "POST /api/tokens/": {OUTSIDER: 400},
    "POST /api/tokens/{token_id}/revoke/": {OUTSIDER: (404, "not_found"), MEMBER: (404, "not_found")},
    "GET /api/workspaces/": {OUTSIDER: 200},
    "POST /api/workspaces/": {OUTSIDER: 400},
    "GET /api/projects/": {OUTSIDER: 200},
    "POST /api/projects/": {OUTSIDER: 400},
    "POST /api/runners/": {OUTSIDER: 400},
    "GET /api/teams/": {OUTSIDER: 200},
    "POST /api/teams/": {OUTSIDER: 400},
    "GET /api/webhooks/": {OUTSIDER: 200},
    "POST /api/webhooks/": {OUTSIDER: 400},
    # a runner's work loop
    "GET /api/runner/work/": _RUNNER_ONLY,
    "POST /api/runner/work/{action_id}/result/": _RUNNER_ONLY,
}


def _operations() -> list[tuple[str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    )


OPERATIONS = _operations()


def _world(team):
    from actions import notifications, reviewers
    from actions.agent_hooks import PROTOCOLS
    from actions.services import propose_action
    from containers.runners import issue_runner
    from projects import teams

    action = propose_action(
        project=team.project, action_type="terminal", payload={"command": "make build"}, agent=team.agent
    ).action
    runner, _ = issue_runner(actor=team.owner, project=team.project, name="laptop")
    team.world.user("newbie")
    invitation, _ = teams.invite_member(
        actor=team.owner, workspace=team.ws, role="developer", username="newbie"
    )
    reviewing = reviewers.create_team(actor=team.owner, workspace=team.ws, name="reviewers")
    webhook, _ = notifications.create_endpoint(
        actor=team.owner,
        workspace=team.ws,
        name="ci",
        url="https://hooks.example/brabo",
        format="generic",
        kinds=notifications.kinds_for_role("owner")[:1],
    )
    return {
        "team": reviewing.id,
        "webhook": webhook.id,
        "ws": team.ws.id,
        "project": team.project.id,
        "agent": team.agent.id,
        "action": action.id,
        "runner": runner.id,
        "workspace_id": team.ws.id,
        "project_id": team.project.id,
        "agent_id": team.agent.id,
        "runner_id": runner.id,
        "action_id": action.id,
        "invitation_id": invitation.id,
        "username": "dev",
        "token_id": 1,
        "{agent}": next(iter(PROTOCOLS)),
    }


def _url(path: str, ids: dict) -> str:
    parts = path.split("/")
    out = []
    for k, part in enumerate(parts):
        name = part[1:-1] if part.startswith("{") else None
        if name == "id":
            out.append(str(ids[COLLECTION[parts[k - 1]]]))
        elif name == "agent" and parts[k - 1] == "hooks":
            out.append(ids["{agent}"])
        elif name:
            out.append(str(ids[name]))
        else:
            out.append(part)
    return "/".join(out)


def _expected(method: str, path: str) -> dict[str, int | tuple[int, str] | None]:
    scoped = bool(set(re.findall(r"{(\w+)}", path)) & SCOPED_PARAMS)
    generated: dict[str, int | tuple[int, str] | None] = {
        ANONYMOUS: 401,
        OUTSIDER: (404, "not_found") if scoped else None,
        AGENT: (403, "people_only"),
        MEMBER: None,
    }
    return {**generated, **DIFFERENT.get(f"{method} {path}", {})}


def test_every_operation_is_scoped_or_says_why_not():
    """An operation whose path names no tenant object must be listed in DIFFERENT (what each caller meets
    there), and every listed one must still exist."""
    ops = {f"{m} {p}" for m, p in OPERATIONS}
    assert len(ops) > 60  # the generator sees the whole API
    unscoped = sorted(f"{m} {p}" for m, p in OPERATIONS if not set(re.findall(r"{(\w+)}", p)) & SCOPED_PARAMS)
    missing = [op for op in unscoped if op not in DIFFERENT]
    assert not missing, f"operations that name no workspace/project/agent and say nothing of it: {missing}"
    stale = sorted(set(DIFFERENT) - ops)
    assert not stale, f"rows for operations the schema no longer has: {stale}"


def _check(resp, expect, who: str, op: str) -> None:
    if expect is None:  # let past the scope: not refused for who they are
        assert resp.status_code != 401, (who, op, resp.content[:300])
        if resp.status_code in (403, 404):  # refused for its role or state, never for being out of scope
            assert resp.json().get("reason") not in ("people_only", "not_found"), (
                who,
                op,
                resp.content[:300],
            )
        return
    status, reason = expect if isinstance(expect, tuple) else (expect, None)
    assert resp.status_code == status, (who, op, resp.status_code, resp.content[:300])
    if reason:
        assert resp.json()["reason"] == reason, (who, op, resp.content[:300])


@pytest.mark.parametrize("method,path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_operation_answers_each_caller_as_its_scope_says(team, method, path):
    from rest_framework.test import APIClient

    ids = _world(team)
    url = _url(path, ids) + ("?timeout=0" if path.endswith("/wait/") else "")
    expect = _expected(method, path)
    op = f"{method} {path}"
    callers = {
        ANONYMOUS: APIClient(),
        OUTSIDER: team.world.client(team.outsider),
        AGENT: team.world.client(agent_key=team.agent_key),
        MEMBER: team.world.client(team.developer),  # last: a member's call may change state
    }
    for who, client in callers.items():
        resp = getattr(client, method.lower())(url, {}, format="json")
        _check(resp, expect[who], who, op)


def _views(patterns, prefix=""):
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _views(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern), p.callback


def test_every_api_view_derives_from_the_one_base():
    """URL scoping lives in one class: every view under /api/ (schema and docs aside) is a BraboAPIView."""
    from projects.api_base import BraboAPIView

    outside = []
    for route, callback in _views(get_resolver().url_patterns):
        cls = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
        if not route.startswith("api/") or route.startswith(("api/schema", "api/docs")):
            continue
        if cls is None or getattr(cls, "__module__", "").startswith("rest_framework"):
            continue  # the router's API root
        if not issubclass(cls, BraboAPIView):
            outside.append(f"{route} {cls.__name__}")
    assert not outside, f"API views not on BraboAPIView: {outside}"
