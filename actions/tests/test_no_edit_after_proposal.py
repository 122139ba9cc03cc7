"""Red team: no request edits a stored action after it was proposed -- what the worker re-checks stays the
proposal's.

The doors an edit could come through, each with every verb and body an attacker would try: the API's action
resource (PUT, PATCH, DELETE on the action and on its routes), the admin (change form, delete, the list's bulk
actions, add), and a proposal sent again under the same ``Idempotency-Key`` with another payload or type. Each
answers a refusal and the row -- payload, hash, binding, target, status -- is what it was.
"""

from __future__ import annotations

import pytest
from django.test import Client

from actions import services
from actions.models import ProposedAction

pytestmark = pytest.mark.django_db

FIELDS = ("project_id", "action_type", "agent_id", "payload", "payload_hash", "binding", "target", "status")


def _row(action_id) -> tuple:
    a = ProposedAction.objects.get(id=action_id)
    return tuple(getattr(a, f) for f in FIELDS)


@pytest.fixture
def proposed(team, agent_api):
    response = agent_api.propose("terminal", {"command": "make build"})
    assert response.status_code == 201, response.content
    action_id = response.json()["id"]
    return action_id, _row(action_id)


EDITS: list[dict[str, object]] = [
    {"payload": {"command": "rm -rf /"}},
    {"payload_hash": "0" * 64},
    {"action_type": "git_push", "payload": {"branch": "main"}},
    {"project": "00000000-0000-0000-0000-000000000000"},
    {"status": "approved"},
    {"target": {"repository": "evil/repo"}, "binding": "f" * 64},
]


@pytest.mark.parametrize("who", ["owner", "agent"])
@pytest.mark.parametrize("verb", ["put", "patch", "delete"])
@pytest.mark.parametrize("body", EDITS, ids=[",".join(e) for e in EDITS])
def test_the_action_resource_takes_no_edit(team, proposed, who, verb, body):
    action_id, before = proposed
    client = team.world.client(team.owner) if who == "owner" else team.world.client(agent_key=team.agent_key)

    response = getattr(client, verb)(f"/api/actions/{action_id}/", body, format="json")

    assert response.status_code == 405, response.content
    assert _row(action_id) == before


@pytest.mark.parametrize("route", ["approve", "deny", "approve-always", "answer", "cancel", "wait"])
@pytest.mark.parametrize("verb", ["put", "patch", "delete"])
def test_no_route_of_an_action_takes_an_edit_verb(team, proposed, route, verb):
    action_id, before = proposed
    response = getattr(team.world.client(team.owner), verb)(
        f"/api/actions/{action_id}/{route}/", {"payload": {"command": "rm -rf /"}}, format="json"
    )
    assert response.status_code == 405, response.content
    assert _row(action_id) == before


@pytest.mark.parametrize("body", EDITS, ids=[",".join(e) for e in EDITS])
def test_a_decision_body_carrying_fields_of_the_action_changes_none(team, proposed, body):
    action_id, before = proposed
    response = team.world.client(team.owner).post(f"/api/actions/{action_id}/approve/", body, format="json")
    assert response.status_code in (200, 400, 409), response.content
    after = ProposedAction.objects.get(id=action_id)
    assert (after.payload, after.payload_hash, after.binding, after.target, after.action_type) == (
        before[3],
        before[4],
        before[5],
        before[6],
        before[1],
    )


# -- the admin ----------------------------------------------------------------------------------------------


@pytest.fixture
def staff(team):
    team.owner.is_staff = team.owner.is_superuser = True
    team.owner.save()
    client = Client()
    client.force_login(team.owner)  # the admin's own session sign-in
    assert client.get("/admin/actions/proposedaction/").status_code == 200
    return client


def test_the_admin_change_form_saves_nothing(team, proposed, staff):
    action_id, before = proposed
    url = f"/admin/actions/proposedaction/{action_id}/change/"
    shown = staff.get(url)
    assert shown.status_code == 200  # read-only view
    assert b'name="payload"' not in shown.content and b'name="_save"' not in shown.content
    response = staff.post(url, {"payload": '{"command": "rm -rf /"}', "status": "approved", "_save": "Save"})
    assert response.status_code == 403
    assert _row(action_id) == before


def test_the_admin_shows_what_the_worker_checks_read_only_and_no_key(team, staff, settings):
    """The binding, the signed decision and an auto-approval's policy fingerprint are shown (keyed hashes,
    read-only); the key they are taken with never is."""
    from projects.services import upsert_autonomy

    upsert_autonomy(actor=team.owner, agent=team.agent, action_type="write_file", mode="auto_approve")
    action = services.propose_action(
        project=team.project,
        agent=team.agent,
        action_type="write_file",
        payload={"path": "a.md", "content": "x"},
    ).action
    shown = staff.get(f"/admin/actions/proposedaction/{action.id}/change/").content.decode()
    for value in (action.binding, action.decision_seal, action.policy_fingerprint, action.payload_hash):
        assert len(value) == 64 and value in shown
    for field in ("binding", "decision_seal", "policy_fingerprint"):
        assert f'name="{field}"' not in shown
    assert settings.SECRET_KEY not in shown


@pytest.mark.parametrize("bulk", ["delete_selected", "approve", "change_payload", ""])
def test_the_admin_list_has_no_bulk_edit(team, proposed, staff, bulk):
    action_id, before = proposed
    response = staff.post(
        "/admin/actions/proposedaction/",
        {"action": bulk, "_selected_action": [action_id], "index": 0, "post": "yes"},
    )
    assert response.status_code in (200, 302, 403)
    assert not (response.status_code == 302 and "/login/" in response["Location"])
    assert _row(action_id) == before


@pytest.mark.parametrize("path", ["delete/", "history/"])
def test_the_admin_deletes_nothing(team, proposed, staff, path):
    action_id, before = proposed
    response = staff.post(f"/admin/actions/proposedaction/{action_id}/{path}", {"post": "yes"})
    assert response.status_code in (200, 403, 405), response.status_code
    assert _row(action_id) == before


def test_the_admin_adds_no_action(team, staff):
    before = ProposedAction.objects.count()
    response = staff.post(
        "/admin/actions/proposedaction/add/",
        {"project": str(team.project.id), "action_type": "git_push", "payload": '{"branch": "main"}'},
    )
    assert response.status_code == 403
    assert ProposedAction.objects.count() == before


# -- a proposal sent again under the same Idempotency-Key -------------------------------------------------


def _propose_with_key(team, key, action_type, payload):
    client = team.world.client(agent_key=team.agent_key)
    return client.post(
        "/api/actions/",
        {"action_type": action_type, "payload": payload},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


@pytest.mark.parametrize(
    "action_type, payload",
    [
        ("terminal", {"command": "rm -rf /"}),
        ("terminal", {"command": "make build", "cwd": "/etc"}),
        ("git_push", {"branch": "main"}),
        ("terminal", {"command": "make build "}),
    ],
)
def test_a_proposal_sent_again_with_the_same_key_edits_nothing(team, action_type, payload):
    first = _propose_with_key(team, "deploy-1", "terminal", {"command": "make build"})
    assert first.status_code == 201, first.content
    action_id = first.json()["id"]
    before = _row(action_id)
    count = ProposedAction.objects.count()

    again = _propose_with_key(team, "deploy-1", action_type, payload)

    assert again.status_code == 422 and again.json()["reason"] == "idempotency_key_reused"
    assert _row(action_id) == before and ProposedAction.objects.count() == count


def test_the_same_proposal_sent_again_answers_the_first_and_creates_nothing(team):
    first = _propose_with_key(team, "deploy-2", "terminal", {"command": "make build"})
    count = ProposedAction.objects.count()
    again = _propose_with_key(team, "deploy-2", "terminal", {"command": "make build"})
    assert again.status_code == 201 and again.json()["id"] == first.json()["id"]
    assert again.json()["payload_hash"] == first.json()["payload_hash"]
    assert ProposedAction.objects.count() == count
