"""Keyset (cursor) pages on the logs that grow without bound: the events of a project and
of a workspace, and the actions queue. Pages follow `next` in order with no duplicate or gap while rows are
appended; a page costs the same number of queries however deep; nothing counts the whole log."""

from __future__ import annotations

import base64
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from actions.models import ProposedAction, SessionEvent
from projects import team_events
from projects.team_models import WorkspaceEvent


@pytest.fixture(autouse=True)
def _no_rate_caps(settings):
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = 0  # these tests propose many actions at once
    settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE = 0


def _propose(agent_api, n, start=0):
    return [
        agent_api.propose("terminal", {"command": f"make t{i}"}).json()["id"] for i in range(start, start + n)
    ]


def _walk(client, url, on_page=None):
    """Follow `next` from url; returns the rows in the order read and the page sizes."""
    rows, sizes = [], []
    while url:
        resp = client.get(url)
        assert resp.status_code == 200, resp.content
        page = resp.json()
        assert set(page) == {"next", "previous", "results"}  # no count
        rows += page["results"]
        sizes.append(len(page["results"]))
        if on_page:
            on_page(len(sizes))
        url = page["next"]
    return rows, sizes


def test_project_events_page_in_order_with_no_duplicate_or_gap_while_appended(team, agent_api):
    _propose(agent_api, 20)
    person = team.world.client(team.developer)
    appended = []

    def append(page_number):  # an agent keeps proposing while a person reads the log
        if page_number <= 4:
            appended.extend(_propose(agent_api, 3, start=100 + 3 * page_number))

    rows, sizes = _walk(person, f"/api/projects/{team.project.id}/events/?limit=6", append)
    ids = [r["id"] for r in rows]
    expected = [
        str(pk)
        for pk in SessionEvent.objects.filter(project=team.project)
        .order_by("id")
        .values_list("id", flat=True)
    ]
    assert ids == expected  # every event once, oldest first, the appended ones included
    assert len(ids) == 20 + 12 and max(sizes) == 6


def test_the_actions_queue_pages_newest_first_with_ties_and_new_arrivals(team, agent_api):
    first = _propose(agent_api, 15)
    # the same created_at for a run of actions (a bulk insert, a coarse clock): the key breaks the tie
    same = ProposedAction.objects.get(id=first[5]).created_at
    ProposedAction.objects.filter(id__in=first[3:9]).update(created_at=same)
    person = team.world.client(team.developer)

    def arrive(page_number):  # newer proposals land before the first page, never on the following ones
        _propose(agent_api, 2, start=200 + 2 * page_number)

    url = f"/api/actions/?project={team.project.id}&status=pending&limit=4"
    rows, _ = _walk(person, url, arrive)
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)) == 15
    assert set(ids) == set(first)
    stamps = [r["created_at"] for r in rows]
    assert stamps == sorted(stamps, reverse=True)


def test_an_agent_pages_its_own_actions_only(team, agent_api):
    mine = _propose(agent_api, 5)
    _, other_key = team.world.agent(team.project, team.maintainer, "dev-two")
    for i in range(3):
        agent_api.propose("terminal", {"command": f"make o{i}"}, key=other_key)
    rows, _ = _walk(agent_api.client, "/api/actions/?limit=2")
    assert sorted(r["id"] for r in rows) == sorted(mine)


def _team_events(team, n):
    for i in range(n):
        team_events.record(team.ws.id, "member.added", actor=team.owner, payload={"n": i})


def test_workspace_events_page_in_order_to_the_end(team):
    _team_events(team, 7)
    rows, sizes = _walk(team.world.client(team.developer), f"/api/workspaces/{team.ws.id}/events/?limit=3")
    expected = [
        str(pk)
        for pk in WorkspaceEvent.objects.filter(workspace=team.ws).order_by("id").values_list("id", flat=True)
    ]
    assert [str(r["id"]) for r in rows] == expected and len(expected) >= 7 and max(sizes) == 3


def _queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        resp = client.get(url)
    assert resp.status_code == 200, resp.content
    sql = [q["sql"] for q in ctx.captured_queries]
    assert not any("COUNT(" in q.upper() for q in sql), sql  # no count over the log, on any page
    return len(sql), resp.json()["next"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/projects/{project}/events/?limit=5",
        "/api/actions/?project={project}&limit=5",
        "/api/actions/?project={project}&status=pending&limit=5",
        "/api/workspaces/{ws}/events/?limit=5",
    ],
)
def test_a_page_costs_the_same_queries_first_or_deep_few_rows_or_many(team, agent_api, url):
    url = url.format(project=team.project.id, ws=team.ws.id)
    person = team.world.client(team.owner)
    _team_events(team, 6)
    _propose(agent_api, 6)
    first_few, _ = _queries(person, url)
    _propose(agent_api, 40, start=10)
    _team_events(team, 30)
    first_many, deep = _queries(person, url)
    deep_costs = []
    for _ in range(4):
        carried = _carries_gaps(deep)
        deep_cost, deep = _queries(person, deep)
        deep_costs.append(deep_cost - carried)
    # a page whose cursor carries ids that may have committed late (brabo.pagination) reads them: one query more
    assert first_few == first_many == deep_costs[0] == deep_costs[-1]


def _carries_gaps(link: str) -> int:
    """1 when the cursor of ``link`` carries ids to look at again, else 0."""
    encoded = parse_qs(urlsplit(link).query)["cursor"][0]
    return int("g" in parse_qs(base64.b64decode(encoded).decode()))


@pytest.mark.parametrize(
    "url",
    ["/api/projects/{project}/events/", "/api/actions/?project={project}", "/api/workspaces/{ws}/events/"],
)
def test_bad_paging_input_is_a_named_400(team, url):
    url = url.format(project=team.project.id, ws=team.ws.id)
    sep = "&" if "?" in url else "?"
    person = team.world.client(team.owner)

    def forged(raw: str) -> str:
        return quote(base64.b64encode(raw.encode()).decode())

    for query in (
        "cursor=not-a-cursor",
        f"cursor={forged('p=abc')}",
        f"cursor={forged('p=99999999999999999999999')}",
        f"cursor={forged('p=2026-13-40')}",
        f"cursor={forged('o=1&p=1 OR 1=1')}",
        "offset=10",
        "limit=-1",
        "limit=x",
    ):
        resp = person.get(url + sep + query)
        assert resp.status_code == 400, (query, resp.content)
        assert resp.json()["reason"] == "invalid", resp.content
