"""Concurrent writes and odd bodies answer 4xx with a reason, never 500.

Races run real threads against PostgreSQL (each thread its own connection), as an operator's 10 parallel
requests would."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient


def _race(n, call):
    barrier = threading.Barrier(n)
    answers: list = []

    def run(i):
        try:
            barrier.wait()
            answers.append(call(i))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return answers


def _person(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.django_db(transaction=True)
def test_ten_parallel_autonomy_puts_answer_200_or_409_never_500(team):
    url = f"/api/agents/{team.agent.id}/autonomy/"

    def put(i):
        rows = [{"action_type": "terminal", "mode": "auto_approve" if i % 2 else "require_approval"}]
        r = _person(team.owner).put(url, rows, format="json")
        return r.status_code, r.json()

    answers = _race(10, put)
    statuses = [s for s, _ in answers]
    print("autonomy PUTs:", sorted(statuses))
    assert len(answers) == 10 and set(statuses) <= {200, 409} and 200 in statuses
    for status, body in answers:
        if status == 409:
            assert body["reason"] == "write_conflict" and "retry" in body["detail"]
    assert team.agent.autonomy_rules.filter(action_type="terminal").count() == 1


@pytest.mark.django_db(transaction=True)
def test_ten_parallel_adds_of_one_member_answer_2xx_or_409_never_500(team):
    team.world.user("newbie")
    url = f"/api/workspaces/{team.ws.id}/members/"

    def add(i):
        r = _person(team.owner).post(url, {"username": "newbie", "role": "developer"}, format="json")
        return r.status_code, r.json()

    answers = _race(10, add)
    statuses = [s for s, _ in answers]
    print("member adds:", sorted(statuses))
    assert len(answers) == 10 and set(statuses) <= {200, 201, 409} and 201 in statuses
    assert all(b["reason"] == "write_conflict" for s, b in answers if s == 409)
    from projects.models import Membership

    assert Membership.objects.filter(workspace=team.ws, user__username="newbie").count() == 1


@pytest.mark.parametrize(
    "content_type,body",
    [
        (
            "multipart/form-data; boundary=XX",
            b'--XX\r\nContent-Disposition: form-data; name="allow"\r\n\r\nx\r\n--XX--\r\n',
        ),
        ("application/x-www-form-urlencoded", b"allow=Terminal(make)"),
        ("text/plain", b'{"allow": []}'),
        ("application/xml", b"<allow/>"),
    ],
)
def test_a_body_that_is_not_json_is_a_415_naming_what_to_send(team, content_type, body):
    client = _person(team.owner)
    for method, url in [
        ("put", f"/api/projects/{team.project.id}/permissions/"),
        ("put", f"/api/agents/{team.agent.id}/autonomy/"),
        ("post", f"/api/workspaces/{team.ws.id}/members/"),
    ]:
        r = getattr(client, method)(url, body, content_type=content_type)
        assert r.status_code == 415, (url, r.status_code, r.content)
        assert r.json()["reason"] == "unsupported_media_type"
        assert "application/json" in r.json()["detail"] and content_type.split(";")[0] in r.json()["detail"]
    agent = APIClient()
    agent.credentials(HTTP_AUTHORIZATION=f"Bearer {team.agent_key}")
    r = agent.post("/api/actions/", body, content_type=content_type)
    assert r.status_code == 415 and r.json()["reason"] == "unsupported_media_type"
