"""R12.4 — the OpenAPI schema names every payload shape, documents each endpoint's errors with their reason
codes and the list endpoints' filters, and speaks snake_case."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from actions.payloads import SHAPES
from brabo.openapi import ERROR_STATUSES, reasons_for
from permissions.action_types import ACTION_TYPES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def schema():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _components(schema) -> dict:
    return schema["components"]["schemas"]


def test_every_action_type_has_its_payload_proposal_and_action_component(schema):
    components = _components(schema)
    for action_type, spec in ACTION_TYPES.items():
        payload = components[
            f"{spec.label}PayloadRequest" if action_type in SHAPES else f"{spec.label}Payload"
        ]
        if action_type in SHAPES:
            assert set(payload["properties"]) == set(SHAPES[action_type])
            required = {name for name, field in SHAPES[action_type].items() if field.required}
            assert set(payload.get("required", [])) == required, action_type
        else:
            assert payload["additionalProperties"] == {}, action_type
        proposal = components[f"{spec.label}ProposalRequest"]
        assert proposal["properties"]["payload"]["$ref"].endswith(f"/{spec.label}PayloadRequest")
        assert components[f"{spec.label}ActionType"]["enum"] == [action_type]


def test_the_spec_payload_shapes_are_published_as_written(schema):
    """The shapes R12.4 names, field by field, as the validator's table publishes them."""
    c = _components(schema)

    def shape(label):
        p = c[f"{label}PayloadRequest"]
        return set(p["properties"]), set(p.get("required", []))

    assert shape("Terminal") == ({"command", "cwd"}, {"command"})
    assert c["TerminalPayloadRequest"]["properties"]["cwd"]["pattern"] == "^/"
    assert shape("GitPush") == ({"branch", "remote"}, {"branch"})
    assert shape("PrOpen") == ({"branch", "base", "title", "body"}, {"branch", "base", "title"})
    assert shape("GitMerge") == ({"pr", "target_branch"}, {"pr", "target_branch"})
    assert [v["type"] for v in c["GitMergePayloadRequest"]["properties"]["pr"]["oneOf"]] == [
        "integer",
        "string",
    ]
    assert shape("GitCommit") == ({"message", "paths"}, {"message"})
    assert c["GitCommitPayloadRequest"]["properties"]["paths"]["items"]["type"] == "string"
    assert shape("WriteFile") == ({"path", "content"}, {"path", "content"})
    assert shape("ContainerStart") == ({"cpu", "memory_mb", "image"}, set())
    assert shape("Spend") == ({"amount", "currency", "purpose"}, {"amount", "currency", "purpose"})


@pytest.mark.parametrize("union, suffix", [("ProposalRequest", "ProposalRequest"), ("Action", "Action")])
def test_proposals_and_actions_are_unions_discriminated_by_action_type(schema, union, suffix):
    component = _components(schema)[union]
    assert component["discriminator"]["propertyName"] == "action_type"
    mapping = component["discriminator"]["mapping"]
    assert set(mapping) == set(ACTION_TYPES)
    for action_type, ref in mapping.items():
        assert ref == f"#/components/schemas/{ACTION_TYPES[action_type].label}{suffix}"
    assert len(component["oneOf"]) == len(ACTION_TYPES)


def _operation(schema, path, method):
    return schema["paths"][path][method]


def _ref(response) -> str:
    return response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]


def test_the_proposal_endpoint_takes_and_answers_the_unions(schema):
    op = _operation(schema, "/api/actions/", "post")
    assert _ref(op["requestBody"]) == "ProposalRequest"
    assert _ref(op["responses"]["201"]) == "Action"
    for path, method in [
        ("/api/actions/{id}/", "get"),
        ("/api/actions/{id}/wait/", "get"),
        ("/api/actions/{id}/approve/", "post"),
        ("/api/actions/{id}/deny/", "post"),
        ("/api/actions/{id}/approve-always/", "post"),
    ]:
        assert _ref(_operation(schema, path, method)["responses"]["200"]) == "Action", path


def test_each_endpoint_documents_its_error_statuses_with_their_reason_codes(schema):
    components = _components(schema)
    propose = _operation(schema, "/api/actions/", "post")["responses"]
    assert {"400", "401", "403", "404", "409", "413", "415", "422", "503"} <= set(propose)
    assert "404" not in _operation(schema, "/api/actions/", "get")["responses"]  # no object in the path
    assert "404" in _operation(schema, "/api/actions/{id}/", "get")["responses"]
    for path, methods in schema["paths"].items():
        for method, op in methods.items():
            errors = {code for code in op["responses"] if code >= "400"}
            assert "503" in errors, (method, path)
            for code in errors:
                name = _ref(op["responses"][code])
                assert name == ERROR_STATUSES[int(code)][0]
    for status, (name, _) in ERROR_STATUSES.items():
        body = components[name]
        assert body["required"] == ["detail", "reason"] and {"detail", "reason", "errors"} == set(
            body["properties"]
        )
        if reasons_for(status):
            enum = body["properties"]["reason"]["allOf"][0]["$ref"].rsplit("/", 1)[-1]
            assert components[enum]["enum"] == reasons_for(status)
    # SPEC's own codes sit under their statuses
    assert {"merge_ja_proposto", "pr_ja_mergeado", "acao_ja_recusada"} <= set(reasons_for(409))
    assert "teto_do_sempre_permitir" in reasons_for(400)


def _raised_codes() -> set[tuple[str, int]]:
    """(reason, status) of every ApiError/DomainError raised with a literal code and a literal status (the
    default 400 when none is given) in the application's source."""
    found = set()
    for path in ROOT.rglob("*.py"):
        parts = set(path.relative_to(ROOT).parts)
        if parts & {".venv", "tests", "migrations", "bench", "node_modules"}:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in ("ApiError", "DomainError"):
                continue
            kw = {k.arg: k.value for k in node.keywords if k.arg}
            reason = kw.get("reason")
            if not (isinstance(reason, ast.Constant) and isinstance(reason.value, str)):
                continue
            status = kw.get("status") or kw.get("status_code")
            if status is None:
                found.add((reason.value, 400))
                continue
            # a literal, or an expression such as `409 if ... else 500`: every literal status it names; a
            # 500 is a fault of ours, not part of the documented contract
            for sub in ast.walk(status):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, int) and sub.value < 500:
                    found.add((reason.value, sub.value))
    return found


def test_every_reason_code_raised_in_the_code_is_documented_under_its_status():
    raised = _raised_codes()
    assert len(raised) > 30  # the scan sees the code base
    missing = sorted((code, status) for code, status in raised if code not in reasons_for(status))
    assert not missing, f"reason codes raised but not in the error catalogue under that status: {missing}"


def test_list_filters_are_documented_with_their_types(schema):
    params = {p["name"]: p["schema"] for p in _operation(schema, "/api/actions/", "get")["parameters"]}
    assert params["project"] == {"type": "string", "format": "uuid"}
    assert params["task"] == {"type": "string", "format": "uuid"}
    assert set(params["status"]["enum"]) == {
        "pending",
        "approved",
        "denied",
        "auto_approved",
        "executing",
        "executed",
        "expired",
        "failed",
    }
    assert set(params["action_type"]["enum"]) == set(ACTION_TYPES)
    assert params["agent"]["type"] == "string"
    events = {
        p["name"]: p["schema"]
        for p in _operation(schema, "/api/projects/{project_id}/events/", "get")["parameters"]
    }
    # the type is any text (the log holds more than the lifecycle's types); the lifecycle's are named in it
    assert events["type"] == {"type": "string"} and events["action"]["format"] == "uuid"
    described = next(
        p["description"]
        for p in _operation(schema, "/api/projects/{project_id}/events/", "get")["parameters"]
        if p["name"] == "type"
    )
    assert "proposed_action.created" in described and "proposed_action.expired" in described
    assert {"limit", "cursor"} <= set(events) and "offset" not in events  # keyset pages


def test_every_field_of_the_api_is_snake_case(schema):
    camel = re.compile(r"[a-z][A-Z]")
    offenders = sorted(
        f"{name}.{prop}"
        for name, component in _components(schema).items()
        for prop in component.get("properties", {})
        if camel.search(prop)
    )
    assert not offenders, offenders


@pytest.mark.django_db
def test_the_list_filters_filter(team):
    agent = team.world.client(agent_key=team.agent_key)
    for action_type, payload in [("terminal", {"command": "make build"}), ("git_commit", {"message": "wip"})]:
        assert (
            agent.post("/api/actions/", {"action_type": action_type, "payload": payload}).status_code == 201
        )
    client = team.world.client(team.maintainer)

    def ids(query):
        resp = client.get("/api/actions/?" + query)
        assert resp.status_code == 200, resp.content
        return [a["action_type"] for a in resp.json()["results"]]

    assert ids("action_type=git_commit") == ["git_commit"]
    assert sorted(ids("agent=dev-api")) == ["git_commit", "terminal"]
    assert ids("agent=nobody") == []
    bad = client.get("/api/actions/?action_type=rm")
    assert bad.status_code == 400 and bad.json()["reason"] == "invalid"
    assert "action_type must be one of" in bad.json()["detail"]
    bad = client.get("/api/actions/?task=12")
    assert (bad.status_code, bad.json()["detail"]) == (400, "task must be a task id.")
    events = client.get(f"/api/projects/{team.project.id}/events/?type=proposed_action.created")
    assert [e["type"] for e in events.json()["results"]] == ["proposed_action.created"] * 2
    # any text: the log holds team, key and settings events beside the lifecycle's; an unknown type is none
    nope = client.get(f"/api/projects/{team.project.id}/events/?type=nope")
    assert nope.status_code == 200 and nope.json()["results"] == []


def test_no_description_of_the_published_schema_cites_a_rule_id(schema):
    """The views' docstrings cite SPEC's rule ids for maintainers; the schema API users read does not."""
    import json

    text = json.dumps(schema)
    assert not re.findall(r"\bR\d+\.\d+\b|\bRN-\d+\b|\bADR[ -]?\d+\b", text)


@pytest.mark.parametrize(
    "docstring, published",
    [
        ("Return when settled or at the timeout (R8.4).", "Return when settled or at the timeout."),
        (
            "The project's permissions.json (R3.1): read by members",
            "The project's permissions.json: read by members",
        ),
        ("R3.5 — accept the file (within the R3.6 ceiling).", "Accept the file (within the ceiling)."),
        ("Gate actions (ADR 0086, RN-603) suspend the turn.", "Gate actions suspend the turn."),
        (
            "Nothing to take out: R is a letter, 3.5 a number.",
            "Nothing to take out: R is a letter, 3.5 a number.",
        ),
    ],
)
def test_rule_ids_are_taken_out_of_descriptions(docstring, published):
    from brabo.openapi import without_rule_ids

    assert without_rule_ids(docstring) == published


def _hook_operation(schema):
    return _operation(schema, "/api/hooks/{agent}/", "post")


def test_the_hook_endpoint_is_documented_per_agent(schema):
    """The agent is an enum of the protocols served, and each has its input and its answer shape."""
    from actions.agent_hooks import PROTOCOLS

    op = _hook_operation(schema)
    agent = next(p for p in op["parameters"] if p["name"] == "agent")
    assert agent["in"] == "path" and sorted(agent["schema"]["enum"]) == sorted(PROTOCOLS)
    inputs = op["requestBody"]["content"]["application/json"]["schema"]["anyOf"]
    answers = op["responses"]["200"]["content"]["application/json"]["schema"]["anyOf"]
    assert [s["title"] for s in inputs] == [f"{name} hook input" for name in PROTOCOLS]
    assert [s["title"] for s in answers] == [f"{name} hook answer" for name in PROTOCOLS]


# A shell call in each agent's own words (its shell tool's name).
SHELL_TOOL = {"claude-code": "Bash", "gemini-cli": "run_shell_command", "codex": "Bash"}


@pytest.mark.django_db
@pytest.mark.parametrize("agent", sorted(SHELL_TOOL))
@pytest.mark.parametrize("command", ["ls", "git push --force origin main"])
def test_each_agents_hook_call_and_answer_match_the_published_shapes(schema, team, agent, command):
    import jsonschema

    from actions.agent_hooks import PROTOCOLS

    assert set(SHELL_TOOL) == set(PROTOCOLS)
    op = _hook_operation(schema)
    shape_in = next(
        s
        for s in op["requestBody"]["content"]["application/json"]["schema"]["anyOf"]
        if s["title"] == f"{agent} hook input"
    )
    shape_out = next(
        s
        for s in op["responses"]["200"]["content"]["application/json"]["schema"]["anyOf"]
        if s["title"] == f"{agent} hook answer"
    )
    root = team.project.root()
    body = {
        "session_id": "s-1",
        "cwd": root,
        "hook_event_name": "PreToolUse" if agent != "gemini-cli" else "BeforeTool",
        "tool_name": SHELL_TOOL[agent],
        "tool_input": {"command": command},
    }
    jsonschema.validate(body, shape_in)
    resp = team.world.client(agent_key=team.agent_key).post(
        f"/api/hooks/{agent}/?timeout=0&pending=ask", body, format="json", HTTP_X_BRABO_PROJECT_ROOT=root
    )
    assert resp.status_code == 200, resp.content
    jsonschema.validate(resp.json(), shape_out)
    for other in PROTOCOLS:  # the shapes tell the agents apart: another agent's answer does not fit
        if other != agent and not {agent, other} <= {"claude-code", "codex"}:
            wrong = next(
                s
                for s in op["responses"]["200"]["content"]["application/json"]["schema"]["anyOf"]
                if s["title"] == f"{other} hook answer"
            )
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate(resp.json(), wrong)
