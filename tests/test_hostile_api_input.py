"""Input that used to reach the database or Django's internals and come back as a 500 (found by running
schemathesis and hand-made requests against the API): each is now a 4xx that names what was wrong, and
under /api/ every answer is JSON. Most of the 500s were PostgreSQL refusing what SQLite stores, so CI's
PostgreSQL run is the one that proves them; the answers asserted here hold on both."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from actions.models import ProposedAction


def agent(team) -> APIClient:
    return team.world.client(agent_key=team.agent_key)


def post_raw(client, url, raw: str, method="post"):
    return getattr(client, method)(url, data=raw, content_type="application/json")


@pytest.mark.parametrize(
    "raw, words",
    [
        ('{"action_type":"write_file","payload":{"path":"a","content":"a\\u0000b"}}', "NUL"),
        ('{"action_type":"terminal","payload":{"command":"ls","x\\u0000":1}}', "NUL"),
        ('{"action_type":"spend","payload":{"amount":1e400,"currency":"USD","purpose":"x"}}', "finite"),
        ('{"action_type":"container_start","payload":{"cpu":1e400}}', "finite"),
        ('{"action_type":"terminal","payload":{"command":"ls \\ud800"}}', "surrogate"),
        ('{"action_type":"write_file","payload":{"path":"a","content":"\\ud800"}}', "surrogate"),
        ('{"action_type":"git_merge","payload":{"pr":' + "9" * 250 + ',"target_branch":"x"}}', "payload.pr"),
        (
            '{"action_type":"git_merge","payload":{"pr":"' + "a" * 300 + '","target_branch":"x"}}',
            "payload.pr",
        ),
        ('{"action_type":"write_file","payload":{"path":"' + "n" * 300 + '","content":"x"}}', "255 bytes"),
    ],
)
def test_a_payload_the_database_cannot_store_is_a_400_naming_it(team, raw, words):
    resp = post_raw(agent(team), "/api/actions/", raw)
    assert resp.status_code == 400, resp.content
    assert words in resp.json()["detail"], resp.json()
    assert ProposedAction.objects.count() == 0


def test_json_nested_past_the_recursion_limit_is_a_400(team):
    resp = post_raw(agent(team), "/api/actions/", "[" * 5000 + "]" * 5000)
    assert resp.status_code == 400 and "nested too deeply" in resp.json()["detail"]


def test_a_huge_limit_is_clamped_and_a_huge_offset_refused(team):
    agent(team).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    person = team.world.client(team.maintainer)
    page = person.get(f"/api/actions/?project={team.project.id}&limit=9223372036854775808")
    assert page.status_code == 200 and len(page.json()["results"]) == 1
    # the queue is paged by cursor; an offset is refused by name, never ignored
    far = person.get(f"/api/actions/?project={team.project.id}&offset=99999999999999999999")
    assert far.status_code == 400 and "offset" in far.json()["detail"]
    events = person.get(f"/api/projects/{team.project.id}/events/?limit=99999999999999999999999")
    assert events.status_code == 200 and len(events.json()["results"]) == 1


def test_module_map_and_permissions_that_cannot_be_stored_are_400s(team):
    person = team.world.client(team.maintainer)
    for module_map in ('{"a":{"cpu":1e400}}', '{"a\\u0000":{}}'):
        raw = f'{{"workspace":"{team.ws.id}","name":"mm","module_map":{module_map}}}'
        resp = post_raw(person, "/api/projects/", raw)
        assert resp.status_code == 400 and "module_map" in json.dumps(resp.json()), resp.content
    for body in ('{"allow":["\\ud800"]}', '{"\\ud800":[]}', '{"allow":["Terminal(\\ud800)"]}'):
        resp = post_raw(person, f"/api/projects/{team.project.id}/permissions/", body, method="put")
        assert resp.status_code == 400 and resp["Content-Type"] == "application/json", resp.content
        assert "Unicode" in resp.json()["detail"]
    assert not team.project.permissions_path.exists()


def test_credentials_that_could_never_work_are_refused_at_once(team):
    owner = team.world.client(team.owner)
    url = f"/api/workspaces/{team.ws.id}/credentials/"
    long_url = owner.put(url, {"provider_base_url": "https://git.example.com/" + "p" * 300}, format="json")
    assert long_url.status_code == 400 and "provider_base_url" in json.dumps(long_url.json())
    accented = owner.put(url, {"provider_kind": "github", "provider_token": "ghp_sécret"}, format="json")
    assert accented.status_code == 400 and "visible ASCII" in json.dumps(accented.json())


def test_a_nul_in_a_username_path_is_a_404(team):
    resp = team.world.client(team.maintainer).put(
        f"/api/workspaces/{team.ws.id}/members/%00/access/", {"projects": []}, format="json"
    )
    assert resp.status_code == 404


def test_a_nul_in_a_text_filter_or_a_named_reviewer_is_a_400(team):
    """PostgreSQL cannot compare text holding NUL: a text query filter or a name in an approval rule
    holding one reached the database and came back as a 500."""
    person = team.world.client(team.owner)
    for url, name in (
        ("/api/actions/?agent=dev%00api", "agent"),
        (f"/api/projects/{team.project.id}/events/?type=proposed_action%00", "type"),
    ):
        resp = person.get(url)
        assert resp.status_code == 400 and resp.json()["detail"] == f"{name} contains a NUL character.", url
    for field in ("reviewers", "teams"):
        rule = {"action_type": "git_merge", "approvals": 1, "min_role": "maintainer", field: ["max\x00"]}
        resp = person.put(
            f"/api/projects/{team.project.id}/approval-rules/", {"rules": [rule]}, format="json"
        )
        assert resp.status_code == 400 and f"rules[0].{field}" in resp.json()["errors"], resp.content
    assert not team.project.approval_rules.exists()


@pytest.mark.parametrize("since", ["2026-02-30T00:00:00", "2026-01-01T25:00:00", "2026-01-01T00:00:00+99:00"])
def test_an_impossible_date_is_a_400(team, since):
    resp = team.world.client(team.maintainer).get(
        f"/api/projects/{team.project.id}/approval-stats/", {"since": since}
    )
    assert resp.status_code == 400 and "ISO 8601" in resp.json()["detail"]


def test_django_request_limits_are_400_and_413_not_500(team, settings):
    person = team.world.client(team.maintainer)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    big = person.post(
        f"/api/projects/{team.project.id}/tasks/",
        data=json.dumps({"title": "x" * 20_000}),
        content_type="application/json",
    )
    assert big.status_code == 413 and "KB" in big.json()["detail"]
    many = person.get("/api/actions/?" + "&".join(f"f{k}=1" for k in range(1500)))
    assert many.status_code == 400 and "query parameters" in many.json()["detail"]


def test_every_api_404_is_json_and_a_missing_slash_is_named(team):
    person = team.world.client(team.maintainer)
    for url in ("/api/actions/not-a-uuid/", "/api/projects/123/events/", "/api/nonexistent/"):
        resp = person.get(url)
        assert resp.status_code == 404 and resp["Content-Type"] == "application/json", url
    no_slash = agent(team).post(
        "/api/actions", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    assert no_slash.status_code == 404 and "/api/actions/" in no_slash.json()["detail"]
    assert ProposedAction.objects.count() == 0
    assert APIClient().get("/admin").status_code == 301  # the admin keeps Django's slash redirect


def test_a_404_does_not_name_model_classes(team):
    missing = "00000000-0000-0000-0000-000000000000"
    for url in (f"/api/actions/{missing}/", f"/api/agents/{missing}/", f"/api/runners/{missing}/"):
        resp = team.world.client(team.maintainer).get(url)
        assert resp.status_code == 404 and "matches the given query" not in resp.json()["detail"], url
        assert "not yours" in resp.json()["detail"]


def test_api_404s_are_json_with_debug_on_too(team, settings):
    """`make run` serves with DEBUG on, where Django skips handler404 for its own HTML page."""
    settings.DEBUG = True
    resp = agent(team).post("/api/actions", {"action_type": "terminal", "payload": {}}, format="json")
    assert resp.status_code == 404 and resp["Content-Type"] == "application/json"
    assert "/api/actions/" in resp.json()["detail"]
    assert (
        team.world.client(team.maintainer).get("/api/actions/not-a-uuid/")["Content-Type"]
        == "application/json"
    )


def test_a_runner_key_on_a_people_endpoint_says_what_it_is(team):
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION="Bearer brabo_runner_abc")
    resp = c.get("/api/projects/")
    assert resp.status_code == 401 and "runner key" in resp.json()["detail"]


def test_a_runner_result_the_database_cannot_store_is_refused_and_the_work_can_still_be_reported(
    team, world, make_action
):
    from actions import execution
    from containers.tests.test_runners_api import register, runner_client

    project = world.project(team.ws, "laptop-app", execution_mode="runner")
    client = runner_client(register(world.client(team.maintainer), project).json()["key"])
    client.get("/api/runner/work/?timeout=0")
    action = make_action(project, "terminal", {"command": "make"})
    execution.execute(action.id)
    client.get("/api/runner/work/?timeout=0")
    url = f"/api/runner/work/{action.id}/result/"
    bad = post_raw(client, url, '{"outcome":"executed","result":{"out":"a\\u0000b"}}')
    assert bad.status_code == 400 and "NUL" in bad.json()["detail"]
    ok = client.post(url, {"outcome": "executed", "result": {"out": "ab"}}, format="json")
    assert ok.status_code == 200 and ok.json()["status"] == "executed"
