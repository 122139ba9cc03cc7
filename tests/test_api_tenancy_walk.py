"""Another tenant's ids answer exactly as ids that exist nowhere (R1.1), wherever a request carries them: in the
path, in a list's filter, in the body. Every operation of the OpenAPI schema is walked.

Callers: a person of another workspace (personal token), that workspace's agent (its key), and a maintainer
of the same workspace restricted to another project (R1.1: restricted members see only their projects).
For each id a request can carry, the answer to the other tenant's id is compared with the answer to a fresh
UUID (a username nobody has): same status, same reason, same sentence once the id is blanked out, and a path
naming the other tenant's object is a 404. An answer that differs tells the caller the object exists --
or acts on it. tests/test_endpoint_roles.py checks who is let in at all; this checks what ids reveal.
"""

from __future__ import annotations

import json
import uuid

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.row_counts import row_counts

SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
COMPONENTS = SCHEMA["components"]["schemas"]
OPERATIONS = sorted(
    (method, path, op)
    for path, item in SCHEMA["paths"].items()
    for method, op in item.items()
    if method in ("get", "post", "put", "patch", "delete")
)
IDS = [f"{m.upper()} {p}" for m, p, _ in OPERATIONS]
COLLECTION = {"workspaces": "workspace", "projects": "project", "agents": "agent", "actions": "action",
              "runners": "runner", "teams": "team", "webhooks": "webhook", "hooks": "hook",
              "members": "username", "tokens": "token", "invitations": "invitation"}  # fmt: skip
# what a query parameter or a body field of that name carries
ID_FIELDS = {"project": "project", "workspace": "workspace", "agent": "agent", "action": "action",
             "task": "task", "projects": "project", "principal": "username", "username": "username",
             "members": "username"}  # fmt: skip
# what a member restricted to another project of the same workspace must not reach
PROJECT_KINDS = {"project", "agent", "action", "runner", "task"}
NOBODY = "nobody-by-this-name"


def _tenant(team, ws, project, agent, owner) -> dict:
    """One tenant's objects, made by the services (a pending action, a runner, a task, a reviewers' team,
    a webhook, an invitation), by kind."""
    from actions import notifications, reviewers
    from actions.services import propose_action
    from containers.runners import issue_runner
    from projects import teams
    from projects.services import create_task

    action = propose_action(
        project=project, action_type="terminal", payload={"command": "make build"}, agent=agent
    ).action
    runner, _ = issue_runner(actor=owner, project=project, name=f"laptop-{project.slug}")
    task = create_task(actor=owner, project=project, title="a task")
    invitee = team.world.user(f"invitee-{project.slug}")
    invitation, _ = teams.invite_member(
        actor=owner, workspace=ws, role="developer", username=invitee.username
    )
    reviewing = reviewers.create_team(actor=owner, workspace=ws, name=f"reviewers-{project.slug}")
    webhook, _ = notifications.create_endpoint(
        actor=owner, workspace=ws, name="ci", url="https://hooks.example/brabo", format="generic",
        kinds=notifications.kinds_for_role("owner")[:1],
    )  # fmt: skip
    return {
        "workspace": str(ws.id),
        "project": str(project.id),
        "agent": str(agent.id),
        "action": str(action.id),
        "runner": str(runner.id),
        "task": str(task.id),
        "team": str(reviewing.id),
        "webhook": str(webhook.id),
        "invitation": str(invitation.id),
        "username": owner.username,
        "token": "999999",
        "hook": "claude-code",
    }


def _client(authorization: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=authorization)
    return client


def _callers(team):
    """(name, client, own ids, foreign ids, kinds that are foreign) for each caller."""
    from projects.keys import create_personal_token
    from projects.services import set_member_access

    victim = _tenant(team, team.ws, team.project, team.agent, team.owner)
    attacker = _tenant(team, team.other_ws, team.other_project, team.other_agent, team.outsider)
    side = team.world.project(team.ws, "side")
    side_agent, _ = team.world.agent(side, team.maintainer, "dev-side")
    rita = team.world.user("rita")
    team.world.member(team.ws, rita, "maintainer")
    set_member_access(actor=team.owner, workspace=team.ws, username="rita", project_ids=[side.id])
    own_side = {**victim, **_tenant(team, team.ws, side, side_agent, team.owner), "username": "rita"}
    _, eve_token = create_personal_token(actor=team.outsider, name="walk")
    _, rita_token = create_personal_token(actor=rita, name="walk")
    everything = set(victim) - {"token", "hook"}
    return [
        ("outsider", _client(f"Token {eve_token}"), attacker, victim, everything),
        ("outsider_agent", _client(f"Bearer {team.other_agent_key}"), attacker, victim, everything),
        ("restricted", _client(f"Token {rita_token}"), own_side, victim, PROJECT_KINDS),
    ]


def _resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _body_fields(op) -> tuple[dict, list[tuple[str, str, bool]]]:
    """A body of the operation's first alternative, and its id-carrying fields: (field, kind, is a list)."""
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    if "schema" not in content:
        return {}, []
    schema = _resolve(content["schema"])
    schema = _resolve(schema["oneOf"][0]) if "oneOf" in schema else schema
    props = schema.get("properties", {})
    base = {}
    for name, field in props.items():
        field = _resolve(field)
        if "enum" in field:
            base[name] = field["enum"][0]
        elif field.get("type") == "string":
            base[name] = "walk"
    fields = [
        (name, ID_FIELDS[name], _resolve(field).get("type") == "array")
        for name, field in props.items()
        if name in ID_FIELDS
    ]
    return base, fields


def _path_slots(path: str) -> list[tuple[int, str]]:
    parts = path.split("/")
    slots = []
    for k, part in enumerate(parts):
        if part.startswith("{"):
            name = part[1:-1]
            slots.append(
                (k, COLLECTION[parts[k - 1]] if name in ("id", "agent") else name.removesuffix("_id"))
            )
    return slots


def _url(path: str, ids: dict, swap: dict | None = None) -> str:
    parts = path.split("/")
    for k, kind in _path_slots(path):
        parts[k] = (swap or {}).get(kind, ids[kind])
    return "/".join(parts)


def _answer(resp, *blanks: str):
    """What an answer tells: its status, reason and sentence, with the ids in question blanked out."""
    text = resp.content.decode(errors="replace")
    for blank in blanks:
        text = text.replace(blank, "<id>")
    try:
        body = json.loads(text)
    except ValueError:
        return resp.status_code, text[:200]
    if isinstance(body, dict):
        return (
            resp.status_code,
            body.get("reason"),
            body.get("detail"),
            body.get("results", body.get("count")),
        )
    return resp.status_code, body


def _send(client, method, url, body):
    if method == "get":
        return client.get(url)
    return client.generic(method.upper(), url, json.dumps(body), content_type="application/json")


def _stand_in(kind: str) -> str:
    return NOBODY if kind == "username" else str(uuid.uuid4())


def _probes(method, path, op, own, foreign, kinds):
    """(what, url with the foreign id, url with a stand-in, body foreign, body stand-in, blanks, names the
    object in its path)."""
    base, fields = _body_fields(op)
    slots = [kind for _, kind in _path_slots(path)]
    for kind in slots:
        if kind in kinds:
            stand = _stand_in(kind)
            yield (f"path {kind}", _url(path, own, {kind: foreign[kind]}), _url(path, own, {kind: stand}),
                   base, base, (foreign[kind], stand), True)  # fmt: skip
    url = _url(path, own)  # the caller's own objects in the path: what the filters and the body name is read
    if method == "get":
        params = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]
        for name in params:
            kind = ID_FIELDS.get(name, "")
            if kind in kinds:
                stand = _stand_in(kind)
                sep = "&timeout=0&"
                yield (f"?{name}", f"{url}?{sep}{name}={foreign[kind]}", f"{url}?{sep}{name}={stand}",
                       None, None, (foreign[kind], stand), False)  # fmt: skip
        return
    for name, kind, many in fields:
        # adding a member or inviting one names any account by its username: accounts are not a tenant's
        if kind in kinds and not (kind == "username" and path.endswith(("/members/", "/invitations/"))):
            stand = _stand_in(kind)
            theirs, nobody = ([foreign[kind]], [stand]) if many else (foreign[kind], stand)
            yield (f"body {name}", url, url, {**base, name: theirs}, {**base, name: nobody},
                   (foreign[kind], stand), False)  # fmt: skip


def _fingerprint():
    return row_counts(("actions", "projects", "containers", "guardian"))


@pytest.mark.parametrize("method,path,op", OPERATIONS, ids=IDS)
def test_another_tenants_ids_answer_as_ids_of_nothing(team, method, path, op):
    found = []
    for who, client, own, foreign, kinds in _callers(team):
        for what, theirs_url, nobody_url, theirs_body, nobody_body, blanks, is_404 in _probes(
            method, path, op, own, foreign, kinds
        ):
            nobody = _send(client, method, nobody_url, nobody_body)
            before = _fingerprint() if method != "get" else None  # compared below for writes only
            theirs = _send(client, method, theirs_url, theirs_body)
            told = _answer(theirs, *blanks)
            if told != _answer(nobody, *blanks):
                found.append(f"{who} {what}: theirs {told} / nobody's {_answer(nobody, *blanks)}")
            elif is_404 and theirs.status_code < 300:
                found.append(f"{who} {what}: {told}")
            elif theirs.status_code < 300 and (method != "get" and _fingerprint() != before):
                found.append(f"{who} {what}: {theirs.status_code} and rows changed")
    assert not found, "\n".join(found)


def test_the_walk_reaches_ids_in_paths_filters_and_bodies():
    """The walk is not vacuous: the schema gives it ids to carry in each of the three places."""
    ids = {kind: f"<{kind}>" for kind in (*COLLECTION.values(), "task")}
    places: dict[str, set[str]] = {"path": set(), "?": set(), "body": set()}
    for method, path, op in OPERATIONS:
        for probe in _probes(method, path, op, ids, ids, set(ids)):
            place, name = probe[0].split(" ")[0] if " " in probe[0] else "?", probe[0].split(" ")[-1]
            places[place].add(name.lstrip("?"))
    assert {"workspace", "project", "agent", "action", "runner"} <= places["path"], places
    assert {"project", "agent", "task"} <= places["?"], places
    assert {"workspace", "project", "task", "projects", "principal"} <= places["body"], places
