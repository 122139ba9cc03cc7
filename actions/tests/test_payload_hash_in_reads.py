"""Every read of an action carries the ``payload_hash`` a REST approver binds a decision to.

A decision call may send back ``payload_hash`` (the SHA-256 of the payload its caller read) so that it decides
only that payload (409 ``payload_changed_since_shown`` otherwise). Until now the caller had to compute it
itself, with ``brabo_client.payload_hash``'s exact canonical JSON; a caller that hashed the JSON text it
received (another key order, ``1.0`` vs ``1``) got a 409 for a payload nobody changed. Now the proposal's
answer, ``GET /api/actions/{id}/``, the list, the wait and every decision's answer carry ``payload_hash``: the
hash of the ``payload`` in the same answer, which sent back decides that payload and nothing else. The field
is read-only and documented in the OpenAPI schema; no request requires it (SPEC R12.4's contract stands)."""

from __future__ import annotations

import re

import pytest

from actions.models import ProposedAction
from brabo_client.payload_hash import payload_hash

pytestmark = pytest.mark.django_db

# payloads whose hash a caller hashing the JSON text it read would get wrong, and plain ones
PAYLOADS = {
    "plain": {"command": "make build"},
    "non-ascii": {"command": "echo héllo ✓"},
    "whole-float": {"command": "sleep 1", "timeout": 1.0},
    "keys-out-of-order": {"z": 1, "command": "ls", "a": [3, {"y": 2, "b": None}]},
    "escapes": {"command": 'printf "a\\tb\\n" </dev/null'},
}
HEX64 = re.compile(r"[0-9a-f]{64}")


def _owner(team):
    return team.world.client(team.owner)


def _propose(agent_api, payload) -> dict:
    response = agent_api.propose("terminal", payload)
    assert response.status_code == 201, response.content
    return response.json()


def _hash_of_row(action_id) -> str:
    return payload_hash(ProposedAction.objects.get(id=action_id).payload)


@pytest.mark.parametrize("name", PAYLOADS)
def test_every_read_carries_the_hash_of_the_payload_it_shows(team, agent_api, name):
    proposed = _propose(agent_api, PAYLOADS[name])
    action_id = proposed["id"]
    expected = _hash_of_row(action_id)
    assert HEX64.fullmatch(expected)

    client = _owner(team)
    detail = client.get(f"/api/actions/{action_id}/").json()
    listed = client.get("/api/actions/").json()
    (row,) = [a for a in listed["results"] if a["id"] == action_id]
    waited = client.get(f"/api/actions/{action_id}/wait/?timeout=0").json()
    for answer in (proposed, detail, row, waited):
        assert answer["payload_hash"] == expected
        assert answer["payload_hash"] == payload_hash(answer["payload"])  # of the payload in that answer


@pytest.mark.parametrize("name", PAYLOADS)
@pytest.mark.parametrize(
    "verb, body",
    [("approve", {"message": "ok"}), ("approve-always", {}), ("deny", {"reason": "no"})],
)
def test_the_hash_read_sent_back_decides_that_payload(team, agent_api, name, verb, body):
    action_id = _propose(agent_api, PAYLOADS[name])["id"]
    client = _owner(team)
    read = client.get(f"/api/actions/{action_id}/").json()

    decided = client.post(
        f"/api/actions/{action_id}/{verb}/", {**body, "payload_hash": read["payload_hash"]}, format="json"
    )

    assert decided.status_code == 200, decided.content
    assert ProposedAction.objects.get(id=action_id).status != "pending"
    assert decided.json()["payload_hash"] == read["payload_hash"]


def test_the_agents_own_read_carries_it_too(team, agent_api):
    action_id = _propose(agent_api, PAYLOADS["whole-float"])["id"]
    read = agent_api.client.get(f"/api/actions/{action_id}/").json()
    assert read["payload_hash"] == _hash_of_row(action_id)


def test_a_read_after_the_payload_changed_shows_the_new_hash_and_the_old_one_decides_nothing(team, agent_api):
    action_id = _propose(agent_api, PAYLOADS["plain"])["id"]
    client = _owner(team)
    before = client.get(f"/api/actions/{action_id}/").json()["payload_hash"]
    changed = {"command": "make deploy"}
    ProposedAction.objects.filter(id=action_id).update(payload=changed, payload_hash=payload_hash(changed))

    after = client.get(f"/api/actions/{action_id}/").json()
    stale = client.post(f"/api/actions/{action_id}/approve/", {"payload_hash": before}, format="json")

    assert after["payload_hash"] == payload_hash(changed) != before
    assert stale.status_code == 409 and stale.json()["reason"] == "payload_changed_since_shown"
    assert ProposedAction.objects.get(id=action_id).status == "pending"


def test_the_schema_documents_the_read_only_field(team):
    schema = _owner(team).get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    # every action type's answer shape (the "Action" union's variants)
    variants = [one["$ref"].rsplit("/", 1)[-1] for one in components["Action"]["oneOf"]]
    action_shapes = [name for name in variants if "status" in components[name]["properties"]]
    assert len(action_shapes) == len(variants) >= 20, variants
    for name in action_shapes:
        field = components[name]["properties"]["payload_hash"]
        assert field["type"] == "string" and field.get("readOnly") is True
        assert "payload_changed_since_shown" in field["description"]
    # what a request sends stays as SPEC has it: nothing requires the hash
    for verb in ("approve", "approve-always", "deny", "answer"):
        ref = schema["paths"][f"/api/actions/{{id}}/{verb}/"]["post"]["requestBody"]["content"][
            "application/json"
        ]
        component = components[ref["schema"]["$ref"].rsplit("/", 1)[-1]]
        assert "payload_hash" not in component.get("required", [])
