"""Every operation of the OpenAPI schema, fed what a hostile client sends (R12.4, R12.5): bodies that are not
JSON, JSON of the wrong top-level type, each field of the operation's request schema given the wrong type, a
huge number, a NUL, a lone surrogate, a megabyte of text, ten thousand levels of nesting; path ids and query
parameters of the wrong shape; bodies of another media type.

The rows are the operations drf-spectacular's generator finds, and the fields are the ones their request
schemas publish, so a new endpoint or field is attacked the day it is routed. Each answer must be what
R12.4 promises: never a 500 or a traceback, always JSON ``{"detail", "reason"}`` with a 4xx that says what
was wrong; and a refused request changes nothing. tests/test_hostile_api_input.py holds the single cases
found first; this is the class.
"""

from __future__ import annotations

import json

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.row_counts import row_counts

SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
COMPONENTS = SCHEMA["components"]["schemas"]
BODY_METHODS = ("post", "put", "patch")
OPERATIONS = sorted(
    (method, path, op)
    for path, item in SCHEMA["paths"].items()
    for method, op in item.items()
    if method in ("get", "post", "put", "patch", "delete")
)
IDS = [f"{m.upper()} {p}" for m, p, _ in OPERATIONS]

DEEP = 10_000
BIG_INT = 2**70

# Whole bodies that are not a JSON object: each must be refused before any field is read.
RAW_BODIES = {
    "not_json": "{not json",
    "truncated": '{"name": "x"',
    "empty": "",
    "list": "[]",
    "list_of_object": '[{"name": "x"}]',
    "string": '"x"',
    "number": "1",
    "null": "null",
    "true": "true",
    "nan_literal": '{"x": NaN}',
    "infinity_literal": '{"x": Infinity}',
    "deep_list": "[" * DEEP + "]" * DEEP,
    "deep_object": '{"a":' * DEEP + "1" + "}" * DEEP,
    "lone_surrogate_key": '{"\\ud800": 1}',
    "nul_key": '{"\\u0000": 1}',
    "bom": "\ufeff{}",
}
BYTES_BODIES = {
    "invalid_utf8": b'{"name": "\xff\xfe"}',
    "utf16": '{"name": "x"}'.encode("utf-16"),
}
MEDIA_TYPES = {
    "form": ("application/x-www-form-urlencoded", "name=x&workspace=y"),
    "multipart": (
        "multipart/form-data; boundary=B",
        '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B--\r\n',
    ),
    "text": ("text/plain", '{"name": "x"}'),
    "xml": ("application/xml", "<a/>"),
    "no_type": ("", '{"name": "x"}'),
}
# What a field may be given instead of what it should hold.
HOSTILE_VALUES = {
    "list": ["x"],
    "object": {"a": 1},
    "true": True,
    "null": None,
    "big_int": BIG_INT,
    "negative_big_int": -BIG_INT,
    "float": 1.5,
    "nan_text": "NaN",
    "infinity_text": "Infinity",
    "huge_exponent_text": "1e309",
    "nul": "a\u0000b",
    "lone_surrogate": "a\ud800b",
    "long": "y" * 100_000,
    "deep": json.loads("[" * 500 + "]" * 500),
    "not_a_uuid": "not-a-uuid",
    "empty": "",
}
# Inside an object field (an action's payload), the values each kind of check meets.
NESTED_VALUES = {k: HOSTILE_VALUES[k] for k in ("list", "object", "big_int", "nul", "lone_surrogate", "long")}
PATH_VALUES = {
    "word": "not-a-uuid",
    "nul": "%00",
    "surrogate_bytes": "%ED%A0%80",
    "long": "9" * 5000,
    "big": str(BIG_INT),
    "zero_uuid": "00000000-0000-0000-0000-000000000000",
}
QUERY_VALUES = {
    "word": "abc",
    "negative": "-1",
    "huge_exponent": "1e309",
    "nan": "nan",
    "big": str(BIG_INT),
    "nul": "%00",
    "invalid_utf8": "%FF",
    "empty": "",
    "not_a_uuid": "not-a-uuid",
}
# What clients send whether or not the operation names them: filters, pagers, waits.
COMMON_QUERY = ("project", "status", "page", "limit", "offset", "cursor", "timeout", "wait")


def _resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[1]]
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return {**_resolve(schema["allOf"][0]), **{k: v for k, v in schema.items() if k != "allOf"}}
    return schema


def _request_schemas(op) -> list[dict]:
    """The operation's JSON request body schemas: one per alternative of a oneOf."""
    content = op.get("requestBody", {}).get("content", {})
    schema = content.get("application/json", {}).get("schema")
    if schema is None:
        return []
    schema = _resolve(schema)
    if "oneOf" in schema:
        return [_resolve(alt) for alt in schema["oneOf"]]
    return [schema]


def _plausible(schema: dict, ids: dict, name: str = ""):
    """A value of the schema's type, so that a request gets past 'required' to the field under attack."""
    schema = _resolve(schema)
    if "enum" in schema:
        return schema["enum"][0]
    if "oneOf" in schema:
        return _plausible(schema["oneOf"][0], ids, name)
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        return {k: _plausible(v, ids, k) for k, v in props.items() if k in schema.get("required", props)}
    if kind == "array":
        return []
    if kind == "integer":
        return max(int(schema.get("minimum", 1)), 1)
    if kind == "number":
        return 1
    if kind == "boolean":
        return False
    if schema.get("format") == "uuid":
        return str(ids.get(name, ids["project"]))
    return "x1"


def _body_cases(op, ids) -> list[tuple[str, object]]:
    """(name, body): each published field, at each depth, given each hostile value over a plausible body."""
    cases: list[tuple[str, object]] = []
    for n, schema in enumerate(_request_schemas(op)):
        if schema.get("type") == "array":
            item = _plausible(schema.get("items", {}), ids)
            cases += [(f"[item]={k}", [v]) for k, v in HOSTILE_VALUES.items()]
            if isinstance(item, dict):
                for field in item:
                    cases += [(f"[0].{field}={k}", [{**item, field: v}]) for k, v in HOSTILE_VALUES.items()]
            continue
        base = _plausible(schema, ids)
        for field, field_schema in schema.get("properties", {}).items():
            if n == 0:  # the alternatives of a oneOf share their top-level fields; their payloads differ
                cases += [(f"{field}={k}", {**base, field: v}) for k, v in HOSTILE_VALUES.items()]
            inner = _resolve(field_schema)
            if inner.get("type") == "object" and inner.get("properties"):
                inner_base = _plausible(inner, ids)
                for sub in inner["properties"]:
                    cases += [
                        (f"{field}.{sub}={k}", {**base, field: {**inner_base, sub: v}})
                        for k, v in NESTED_VALUES.items()
                    ]
        cases.append(("duplicate_keys", "DUP"))
    return cases


def _world(team):
    from actions import notifications, reviewers
    from actions.services import propose_action
    from containers.runners import issue_runner
    from projects import teams
    from projects.keys import create_personal_token

    action = propose_action(
        project=team.project, action_type="terminal", payload={"command": "make build"}, agent=team.agent
    ).action
    runner, runner_key = issue_runner(actor=team.owner, project=team.project, name="laptop")
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
    _, token = create_personal_token(actor=team.owner, name="hostile")
    spare, _ = create_personal_token(actor=team.owner, name="spare")
    ids = {
        "team": reviewing.id,
        "webhook": webhook.id,
        "workspace": team.ws.id,
        "project": team.project.id,
        "agent": team.agent.id,
        "action": action.id,
        "runner": runner.id,
        "invitation": invitation.id,
        "task": None,
        "username": "dev",
        "token": spare.pk,
        "hook": "claude-code",
    }
    return ids, token, runner_key


COLLECTION = {"workspaces": "workspace", "projects": "project", "agents": "agent", "actions": "action",
              "runners": "runner", "teams": "team", "webhooks": "webhook", "hooks": "hook",
              "members": "username", "tokens": "token", "invitations": "invitation"}  # fmt: skip


def _path_params(path: str) -> list[tuple[int, str]]:
    parts = path.split("/")
    out = []
    for k, part in enumerate(parts):
        if part.startswith("{"):
            name = part[1:-1]
            key = COLLECTION[parts[k - 1]] if name in ("id", "agent") else name.removesuffix("_id")
            out.append((k, "token" if key == "token" else key))
    return out


def _url(path: str, ids: dict, override: tuple[int, str] | None = None) -> str:
    parts = path.split("/")
    for k, key in _path_params(path):
        parts[k] = str(ids[key])
    if override:
        parts[override[0]] = override[1]
    return "/".join(parts)


def _client(authorization: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=authorization)
    return client


def _callers(team, token, runner_key, method, url) -> dict[str, APIClient]:
    """The callers the operation lets past who they are: an agent's key and a person's token, a runner's key
    on the runner's loop. A machine refused at a people's endpoint (403 people_only) reads no input, so it
    is asked once, not attacked."""
    callers = {"agent": _client(f"Bearer {team.agent_key}"), "token": _client(f"Token {token}")}
    if url.startswith("/api/runner/"):
        callers["runner"] = _client(f"Bearer {runner_key}")
    for who in ("agent", "runner"):
        if who in callers:
            resp = callers[who].generic(method.upper(), url, "{}", content_type="application/json")
            if resp.status_code == 403 and resp.json().get("reason") == "people_only":
                del callers[who]
    return callers


def _fingerprint():
    """Every row the API could write, counted per table: a refused request leaves them as they were."""
    return row_counts(("actions", "projects", "containers", "guardian", "authtoken"))


def _problem(resp, expect_4xx: bool) -> str | None:
    """What is wrong with an answer to hostile input, or None."""
    if resp.status_code >= 500:
        return f"{resp.status_code} {resp.content[:200]!r}"
    ctype = resp.get("Content-Type", "")
    if resp.status_code != 204 and not ctype.startswith("application/json"):
        return f"{resp.status_code} {ctype} {resp.content[:200]!r}"
    if b"Traceback" in resp.content:
        return f"traceback {resp.content[:200]!r}"
    if resp.status_code >= 400:
        body = resp.json()
        if not isinstance(body, dict) or not body.get("detail") or not body.get("reason"):
            return f"{resp.status_code} without detail and reason: {resp.content[:200]!r}"
    elif expect_4xx:
        return f"{resp.status_code} accepted: {resp.content[:200]!r}"
    return None


def _send(client, method, url, body=None, *, raw: str | bytes | None = None, content_type="application/json"):
    if raw is not None:
        return client.generic(method.upper(), url, raw, content_type=content_type)
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, data=json.dumps(body), content_type="application/json")


def _check_all(team, method, path, op, cases) -> list[str]:
    ids, token, runner_key = _world(team)
    found = []
    for who, client in _callers(team, token, runner_key, method, _url(path, ids)).items():
        for name, kwargs, expect_4xx in cases(ids):
            before = _fingerprint()
            try:
                resp = _send(client, method, kwargs.pop("url", None) or _url(path, ids), **kwargs)
            except Exception as exc:  # the test client re-raises what the handler did not answer
                found.append(f"{who} {name}: raised {type(exc).__name__}: {str(exc)[:200]}")
                continue
            problem = _problem(resp, expect_4xx)
            if problem is None and resp.status_code >= 400 and _fingerprint() != before:
                problem = f"{resp.status_code} but rows changed"
            if problem:
                found.append(f"{who} {name}: {problem}")
    return found


def _dup(body) -> str:
    """The body with its first key given twice, the second time as a hostile value."""
    text = json.dumps(body)
    if not isinstance(body, dict) or not body:
        return text
    key = next(iter(body))
    return "{" + json.dumps(key) + ": [1, 2], " + text[1:]


@pytest.mark.parametrize("method,path,op", [o for o in OPERATIONS if o[0] in BODY_METHODS],
                         ids=[i for i, o in zip(IDS, OPERATIONS) if o[0] in BODY_METHODS])  # fmt: skip
def test_a_body_that_is_not_a_json_object_is_refused_by_name(team, method, path, op):
    """Also where the operation reads no body: a request whose body cannot be read is refused whole, never
    carried out as if it had been sent empty. An empty body is an empty object."""
    takes_list = any(s.get("type") == "array" for s in _request_schemas(op))
    # a coding agent's hook answers every refusal as a deny in the agent's own format (R12.6)
    refused = not path.startswith("/api/hooks/")

    def cases(ids):
        for name, raw in RAW_BODIES.items():
            readable = name in ("empty", "nul_key") or (takes_list and name == "list")  # {} / an unknown key
            yield name, {"raw": raw}, refused and not readable
        for name, raw_bytes in BYTES_BODIES.items():
            yield name, {"raw": raw_bytes}, refused
        for name, (ctype, raw) in MEDIA_TYPES.items():
            yield name, {"raw": raw, "content_type": ctype}, refused

    found = _check_all(team, method, path, op, cases)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("method,path,op", [o for o in OPERATIONS if _request_schemas(o[2])],
                         ids=[i for i, o in zip(IDS, OPERATIONS) if _request_schemas(o[2])])  # fmt: skip
def test_each_published_field_given_a_hostile_value_is_refused_by_name(team, method, path, op):
    def cases(ids):
        for name, body in _body_cases(op, ids):
            if body == "DUP":
                base = _plausible(_request_schemas(op)[0], ids)
                yield name, {"raw": _dup(base)}, False
            else:
                yield name, {"body": body}, False

    found = _check_all(team, method, path, op, cases)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("method,path,op", OPERATIONS, ids=IDS)
def test_path_ids_and_query_parameters_of_the_wrong_shape_are_refused_by_name(team, method, path, op):
    params = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]

    def cases(ids):
        for k, key in _path_params(path):
            for name, value in PATH_VALUES.items():
                yield (
                    f"path {key}={name}",
                    {"url": _url(path, ids, (k, value)), "body": {} if method in BODY_METHODS else None},
                    False,
                )
        for param in dict.fromkeys([*params, *(COMMON_QUERY if method == "get" else ())]):
            for name, value in QUERY_VALUES.items():
                if param == "timeout" and not value:
                    continue  # no timeout given: a long poll waits its default, rightly
                # a long poll (the runner's work loop) answers at once when told to
                url = _url(path, ids) + f"?{param}={value}" + ("&timeout=0" if param != "timeout" else "")
                yield f"?{param}={name}", {"url": url, "body": {} if method in BODY_METHODS else None}, False

    found = _check_all(team, method, path, op, cases)
    assert not found, "\n".join(found)


def test_a_json_body_is_read_as_utf_8_whatever_charset_its_content_type_names(team):
    """RFC 8259: JSON between systems is UTF-8 and application/json has no charset parameter. A client that
    labels its UTF-8 body latin-1 gets its text stored as it wrote it, not as mojibake; bytes that are not
    UTF-8 are refused by name."""
    from projects.keys import create_personal_token

    _, token = create_personal_token(actor=team.owner, name="charset")
    person = _client(f"Token {token}")
    for charset in ("latin-1", "utf-16", "ascii", "no-such-charset"):
        body = json.dumps({"name": f"caf\u00e9 {charset}"}, ensure_ascii=False).encode()
        resp = _send(
            person, "post", "/api/tokens/", raw=body, content_type=f"application/json; charset={charset}"
        )
        assert resp.status_code == 201 and resp.json()["name"] == f"caf\u00e9 {charset}", resp.content
    latin = _send(person, "post", "/api/tokens/", raw='{"name": "caf\u00e9"}'.encode("latin-1"))
    assert latin.status_code == 400 and "UTF-8" in latin.json()["detail"], latin.content
