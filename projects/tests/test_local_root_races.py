"""Two workspaces racing for overlapping `local` roots: one wins, the other is refused (R1.4).
The overlap check reads committed roots, so creations are serialised; proven on PostgreSQL."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from projects.models import Project
from tests.races import postgres_only, race  # noqa: F401  (postgres_only is autouse)


@pytest.mark.django_db(transaction=True)
def test_parallel_creations_of_nested_roots_leave_one(team, local_base):
    paths = [local_base / "n0"]
    for i in range(1, 6):  # a chain: each root holds the next, so any two overlap
        paths.append(paths[-1] / f"n{i}")
    paths[-1].mkdir(parents=True)
    people = [(team.owner, team.ws), (team.outsider, team.other_ws)]

    def create(i):
        user, ws = people[i % 2]
        client = APIClient()
        client.force_authenticate(user)
        resp = client.post(
            "/api/projects/",
            {
                "workspace": str(ws.id),
                "name": f"p{i}",
                "execution_mode": "local",
                "local_path": str(paths[i]),
            },
            format="json",
        )
        return resp.status_code, resp.json()

    answers = race(len(paths), create)
    created = [body for status, body in answers if status == 201]
    refused = [body for status, body in answers if status != 201]
    assert len(created) == 1, answers
    assert all(body["reason"] == "local_path_not_allowed" for body in refused), refused
    assert Project.objects.filter(execution_mode="local").count() == 1
