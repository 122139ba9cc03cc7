"""R12.4 — the OpenAPI schema is typed enough to drive a generated client.

A Python client is generated from the schema with openapi-python-client, imported, and used against the
real Django application (through httpx's WSGI transport) to propose each of the 20 action types with its
generated payload model, to read the queue with its documented filters, and to read a refusal as the
documented error model.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections

from actions.models import ProposedAction
from brabo.openapi import reasons_for
from permissions.action_types import ACTION_TYPES, PERSON_ONLY_TYPES

from .test_lifecycle import MINIMAL_PAYLOADS

PACKAGE = "brabo_generated_api"


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """The generated client package, imported."""
    from drf_spectacular.generators import SchemaGenerator

    root = tmp_path_factory.mktemp("generated")
    schema = root / "openapi.json"
    schema.write_text(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))
    config = root / "config.json"
    config.write_text(json.dumps({"post_hooks": [], "package_name_override": PACKAGE}))
    program = Path(sys.executable).with_name("openapi-python-client")
    run = subprocess.run(
        [str(program), "generate", "--path", str(schema), "--config", str(config), "--meta", "none"]
        + ["--output-path", str(root / PACKAGE)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr  # every schema part understood
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture
def wsgi_transport():
    """httpx → the Django WSGI app in this process and this test's transaction. As Django's own test client
    does around each request, the request signals do not close the test's database connection."""
    django_app = get_wsgi_application()

    def app(environ, start_response):
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        try:
            response = django_app(environ, start_response)
            body = b"".join(response)
            response.close()  # fires request_finished, as a WSGI server would
            return [body]
        finally:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)

    return httpx.WSGITransport(app=app)


def _client(api, transport, key: str):
    client_module = importlib.import_module(f"{PACKAGE}.client")
    return client_module.AuthenticatedClient(
        base_url="http://testserver", token=key, prefix="Bearer", httpx_args={"transport": transport}
    )


def _model(api, name: str):
    return getattr(importlib.import_module(f"{PACKAGE}.models"), name)


@pytest.mark.django_db
@pytest.mark.parametrize("action_type", sorted(ACTION_TYPES))
def test_a_generated_client_proposes_each_action_type(api, wsgi_transport, team, action_type):
    create = importlib.import_module(f"{PACKAGE}.api.actions.actions_create")
    label = ACTION_TYPES[action_type].label
    payload = _model(api, f"{label}PayloadRequest").from_dict(MINIMAL_PAYLOADS[action_type])
    proposal = _model(api, f"{label}ProposalRequest")(
        action_type=_model(api, f"{label}ActionType")(action_type), payload=payload
    )
    assert proposal.to_dict() == {"action_type": action_type, "payload": MINIMAL_PAYLOADS[action_type]}

    answer = create.sync_detailed(client=_client(api, wsgi_transport, team.agent_key), body=proposal)

    if action_type in PERSON_ONLY_TYPES:  # R2.3 — proposed by people, never by agents
        assert answer.status_code == 403, answer.content
        refusal = answer.parsed
        assert isinstance(refusal, _model(api, "ForbiddenError")), refusal
        assert refusal.reason.value == json.loads(answer.content)["reason"]
        assert refusal.reason.value in reasons_for(403)
        assert not ProposedAction.objects.exists()
        return
    assert answer.status_code == 201, answer.content
    action = answer.parsed
    assert isinstance(action, _model(api, f"{label}Action")), type(action)  # the discriminated variant
    row = ProposedAction.objects.get(id=action.id)
    assert (action.action_type.value, action.status.value, action.reason) == (
        action_type,
        row.status,
        row.reason,
    )
    expected = (
        ("denied", "iam") if action_type == "spend" else ("pending", row.reason)
    )  # R2.1: spend is owner's
    assert (action.status.value, action.reason) == expected
    assert action.reason and action.message == row.message
    stored = dict(MINIMAL_PAYLOADS[action_type])
    if action_type == "spend":
        stored["amount"] = "12.50"  # an amount is stored as exact text in the currency's minor units
    if action_type == "mcp_call":
        stored["runs_in"] = "agent"  # the agent calls the tool, always; written when left out
    assert action.payload.to_dict() == stored
    assert action.scope_root == row.scope_root
    if action_type == "terminal":
        assert action.scope_root == team.project.workspace_dir_name  # R6.4 — relative, never a path


@pytest.mark.django_db
def test_a_generated_client_reads_the_queue_through_its_filters(api, wsgi_transport, team, agent_api):
    listing = importlib.import_module(f"{PACKAGE}.api.actions.actions_list")
    agent_api.propose("terminal", {"command": "make build"})
    agent_api.propose("git_commit", {"message": "wip"})
    agent_api.propose("spend", {"amount": 1, "currency": "EUR", "purpose": "x"})  # denied at birth
    client = _client(api, wsgi_transport, team.agent_key)

    pending = listing.sync(
        client=client, project=team.project.id, status=_model(api, "ActionsListStatus")("pending")
    )
    assert sorted(type(a).__name__ for a in pending.results) == ["GitCommitAction", "TerminalAction"]
    commits = listing.sync(client=client, action_type=_model(api, "ActionsListActionType")("git_commit"))
    assert [a.payload.message for a in commits.results] == ["wip"]
    assert listing.sync(client=client, agent="someone-else").results == []
    assert len(listing.sync(client=client, agent="dev-api").results) == 3


@pytest.mark.django_db
def test_a_generated_client_reads_an_invalid_proposal_as_the_documented_error(api, wsgi_transport, team):
    create = importlib.import_module(f"{PACKAGE}.api.actions.actions_create")
    proposal = _model(api, "GitMergeProposalRequest").from_dict(
        {"action_type": "git_merge", "payload": {"pr": "not a pr", "target_branch": "main"}}
    )
    answer = create.sync_detailed(client=_client(api, wsgi_transport, team.agent_key), body=proposal)
    assert answer.status_code == 400, answer.content
    error = answer.parsed
    assert isinstance(error, _model(api, "InvalidRequestError"))
    assert error.reason.value == "invalid" and "payload.pr" in error.errors.additional_properties
    assert not ProposedAction.objects.exists()
