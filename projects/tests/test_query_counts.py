"""List endpoints cost a fixed number of queries, whatever the number of rows (no N+1) — STYLE.md practice 9."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext


def _count(client, url):
    with CaptureQueriesContext(connection) as ctx:
        resp = client.get(url)
    assert resp.status_code == 200, resp.content
    return len(ctx.captured_queries)


def test_list_endpoints_do_not_grow_with_rows(team):
    w = team.world
    owner = w.client(team.owner)
    urls = {
        "workspaces": "/api/workspaces/",
        "projects": "/api/projects/",
        "agents": f"/api/projects/{team.project.id}/agents/",
        "members": f"/api/workspaces/{team.ws.id}/members/",
        "tasks": f"/api/projects/{team.project.id}/tasks/",
    }
    # one call each first: Django caches content types per process, so the very first request of a test
    # process reads them once (not a per-row cost; this test alone, or first in its process, saw it)
    for url in urls.values():
        _count(owner, url)
    before = {name: _count(owner, url) for name, url in urls.items()}
    for i in range(15):
        w.workspace(team.owner, f"ws{i}")
        w.project(team.ws, f"p{i}")
        u = w.user(f"u{i}")
        w.member(team.ws, u, "developer")
        w.agent(team.project, team.maintainer, f"dev-m{i}")
        owner.post(f"/api/projects/{team.project.id}/tasks/", {"title": f"t{i}"}, format="json")
    after = {name: _count(owner, url) for name, url in urls.items()}
    assert after == before, (before, after)
