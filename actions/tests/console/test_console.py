"""The approval console: access, the queue, decisions through the services, the lists it must not fork."""

from __future__ import annotations

import hashlib
import html
import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext

from actions.console.views import Row
from actions.models import PENDING, ProposedAction, SessionEvent, payload_hash
from actions.tests.console_forms import shown_fields
from permissions.action_types import ACTION_TYPES, ALWAYS_ALLOW_REFUSED
from permissions.autopilot import AUTOPILOT
from permissions.messages import sentence

QUEUE = "/admin/console/"


def _pending(team, action_type="terminal", payload=None, n=1, agent=None):
    payload = payload or {"command": "npm test"}
    objs = [
        ProposedAction(
            project=team.project,
            agent=agent or team.agent,
            action_type=action_type,
            payload=payload,
            payload_hash=payload_hash(payload),
            status=PENDING,
            reason="default",
            message=sentence("default"),
            scope_root=team.project.scope_root_id(),
        )
        for _ in range(n)
    ]
    return ProposedAction.objects.bulk_create(objs)


# -- who gets in ----------------------------------------------------------------------------------------


def test_member_logs_in_with_the_admin_form_and_lands_on_the_queue(team, client):
    assert not team.developer.is_staff
    r = client.post("/admin/login/?next=/admin/", {"username": "dev", "password": "pw-dev"})
    assert r.status_code == 302
    r = client.get("/admin/")
    assert r.status_code == 302 and r["Location"] == QUEUE
    assert client.get(QUEUE).status_code == 200


def test_a_user_without_membership_cannot_log_in(world, client):
    world.user("nobody")
    r = client.post("/admin/login/", {"username": "nobody", "password": "pw-nobody"})
    assert r.status_code == 200
    assert b"not a member of any workspace" in r.content
    assert client.get(QUEUE).status_code == 302  # back to the login page


def test_anonymous_is_sent_to_login(db, client):
    r = client.get(QUEUE)
    assert r.status_code == 302 and "/admin/login/" in r["Location"]


# -- the queue -------------------------------------------------------------------------------------------


def test_queue_shows_the_row_with_sentence_scope_agent_and_is_scoped(team, agent_api, login):
    r = agent_api.propose("terminal", {"command": "cat /etc/hosts"})
    assert r.json()["status"] == "pending"
    action = ProposedAction.objects.get(id=r.json()["id"])
    page = login(team.developer).get(QUEUE).content.decode()
    assert "cat /etc/hosts" in page
    assert "dev-api" in page
    assert sentence(action.reason, action.scope_root) in page  # R10.3 — the one sentence function
    assert action.scope_root in page
    assert login(team.outsider).get(QUEUE).content.decode().count("cat /etc/hosts") == 0
    assert login(team.outsider).get(f"/admin/console/actions/{action.id}/").status_code == 404


def test_queue_filters_by_type_and_project(team, login):
    _pending(team, "terminal", {"command": "make lint"})
    _pending(team, "git_commit", {"message": "wip"})
    c = login(team.owner)
    page = c.get(QUEUE, {"type": "git_commit", "project": str(team.project.id)}).content.decode()
    assert "wip" in page and "make lint" not in page
    assert c.get(QUEUE, {"project": "not-a-uuid"}).status_code == 404


# an MCP call's button depends on its tool (a capped tool never gets one): an uncapped one here
PAYLOADS = {
    "terminal": {"command": "npm test"},
    "mcp_call": {"server": "weather", "tool": "forecast", "arguments": {}},
}


def test_always_allow_button_is_absent_for_exactly_the_r7_1_list(team):
    """R7.1 — the template's list is the engine's list: render one row per type and compare."""
    without = set()
    for action_type in ACTION_TYPES:
        action = ProposedAction(
            project=team.project,
            agent=None,
            action_type=action_type,
            payload=PAYLOADS.get(action_type, {}),
            status=PENDING,
            reason="default",
        )
        html = render_to_string(
            "console/_decide_buttons.html",
            {"row": Row(action, "owner"), "always_refused": ALWAYS_ALLOW_REFUSED, "next": "/"},
        )
        if action_type == "ask_human":  # a question is answered, never approved nor always allowed
            assert 'data-action="answer"' in html and 'data-action="approve"' not in html
            assert 'data-action="always"' not in html
            continue
        assert 'data-action="approve"' in html
        if 'data-action="always"' not in html:
            without.add(action_type)
    assert without == set(ALWAYS_ALLOW_REFUSED)


def test_buttons_follow_the_role_minimum(team, login):
    _pending(team, "git_push", {"branch": "feature/x"})
    _pending(team, "spend", {"amount": 10, "currency": "USD", "purpose": "tokens"})
    dev = login(team.developer).get(QUEUE).content.decode()
    assert 'data-action="approve"' not in dev
    assert "Needs the <strong>maintainer</strong> role" in dev
    maint = login(team.maintainer).get(QUEUE).content.decode()
    assert maint.count('data-action="approve"') == 1  # git_push yes, spend no
    assert "Needs the <strong>owner</strong> role" in maint
    owner = login(team.owner).get(QUEUE).content.decode()
    assert owner.count('data-action="approve"') == 2


def test_queue_query_count_is_bounded(team, login, settings):
    c = login(team.owner)
    _pending(team, n=5)
    with CaptureQueriesContext(connection) as few:
        assert c.get(QUEUE).status_code == 200
    _pending(team, n=495)
    with CaptureQueriesContext(connection) as many:
        r = c.get(QUEUE)
    assert r.status_code == 200
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]
    assert "500 pending" in r.content.decode()


def test_state_endpoint_counts_pending_and_changes_when_one_settles(team, login):
    a, b = _pending(team, n=2)
    c = login(team.maintainer)
    first = c.get("/admin/console/queue/state/").json()
    assert first["count"] == 2 and first["latest"]
    c.post(f"/admin/console/actions/{a.id}/approve/", shown_fields(a.id))
    assert c.get("/admin/console/queue/state/").json()["count"] == 1
    fragment = c.get(QUEUE, {"fragment": "1"}).content.decode()
    assert str(b.id) in fragment and str(a.id) not in fragment and "<html" not in fragment


# -- decisions go through the services -------------------------------------------------------------------


def test_approve_redirects_back_with_the_outcome_and_records_the_event(team, agent_api, login):
    action_id = agent_api.propose("terminal", {"command": "cat /etc/hosts"}).json()["id"]
    c = login(team.developer)
    r = c.post(
        f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id, {"next": QUEUE}), follow=True
    )
    assert r.redirect_chain[-1][0] == QUEUE
    assert "Approved: terminal" in r.content.decode()
    assert ProposedAction.objects.get(id=action_id).decided_by == team.developer
    assert "proposed_action.approved" in agent_api.event_types(action_id)
    again = c.post(
        f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id), follow=True
    ).content.decode()
    assert "Already approved" in again  # ja_aprovada


def test_deny_with_reason_and_a_refusal_is_a_message_not_a_traceback(team, agent_api, login):
    action_id = agent_api.propose("terminal", {"command": "cat /etc/hosts"}).json()["id"]
    c = login(team.developer)
    r = c.post(
        f"/admin/console/actions/{action_id}/deny/",
        shown_fields(action_id, {"reason": "read the docs instead"}),
        follow=True,
    )
    assert "Denied" in r.content.decode()
    action = ProposedAction.objects.get(id=action_id)
    assert action.status == "denied" and action.denial_reason == "read the docs instead"
    r = c.post(f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id), follow=True)
    assert r.status_code == 200 and "already denied" in r.content.decode()


def test_developer_cannot_decide_a_maintainer_action_even_by_posting(team, login):
    (a,) = _pending(team, "git_push", {"branch": "x"})
    r = login(team.developer).post(f"/admin/console/actions/{a.id}/approve/", shown_fields(a.id), follow=True)
    assert "needs the maintainer role" in r.content.decode()
    assert ProposedAction.objects.get(id=a.id).status == PENDING


def test_decisions_need_post_and_csrf(team, login):
    (a,) = _pending(team)
    c = login(team.owner)
    assert c.get(f"/admin/console/actions/{a.id}/approve/").status_code == 405
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(team.owner)
    assert strict.post(f"/admin/console/actions/{a.id}/approve/", shown_fields(a.id)).status_code == 403


def test_detail_shows_preview_segments_and_events(team, agent_api, login, world):
    agent, key = world.agent(team.project, team.maintainer, "qa")  # not dev-<module>: patterns, not rows
    action_id = agent_api.propose("terminal", {"command": "cat src/x.ts && ls -la src"}, key=key).json()["id"]
    page = login(team.maintainer).get(f"/admin/console/actions/{action_id}/").content.decode()
    assert "Terminal(cat)" in page and "Terminal(ls -la src)" in page
    assert "Per-segment verdicts" in page
    assert '<span class="ev-type">Proposed</span>' in page  # the event in words, not its code
    assert AUTOPILOT.never_releases[0] in page


def test_always_allow_writes_the_previewed_patterns(team, agent_api, login, world):
    agent, key = world.agent(team.project, team.maintainer, "qa")
    action_id = agent_api.propose("terminal", {"command": "cat src/x.ts"}, key=key).json()["id"]
    c = login(team.maintainer)
    assert "Terminal(cat)" in c.get(f"/admin/console/actions/{action_id}/").content.decode()
    r = c.post(f"/admin/console/actions/{action_id}/always/", shown_fields(action_id), follow=True)
    assert "wrote Terminal(cat) to permissions.json" in r.content.decode()
    assert "Terminal(cat)" in team.project.permissions_path.read_text()


# -- autopilot, permissions.json, containers, stats, read-only admin -------------------------------------


def test_autopilot_switch_is_for_maintainers_and_shows_the_one_list(team, login):
    url = f"/admin/console/agents/{team.agent.id}/"
    dev = login(team.developer)
    assert 'data-action="switch"' not in dev.get(url).content.decode()
    dev.post(url + "autopilot/", {"mode": "auto"})
    assert not team.agent.autonomy_rules.filter(action_type="*").exists()
    m = login(team.maintainer)
    confirm = html.unescape(m.get(url, {"confirm": "auto"}).content.decode())
    for item in AUTOPILOT.releases + AUTOPILOT.never_releases:
        assert item in confirm
    m.post(url + "autopilot/", {"mode": "auto"})
    assert team.agent.autonomy_rules.get(action_type="*").mode == "auto_approve"
    m.post(url + "autopilot/", {"mode": "manual"})
    assert not team.agent.autonomy_rules.filter(action_type="*").exists()
    switched_on = SessionEvent.objects.get(project=team.project, type="permission.granted")
    assert (
        switched_on.actor_label == team.maintainer.username
    )  # switching on is on record; off grants nothing
    assert switched_on.payload == {"agentId": str(team.agent.id), "actionType": "*", "reason": "autonomy_set"}


def test_the_autopilot_switch_of_an_owners_agent_is_the_owners(team, login):
    owners_agent, _ = team.world.agent(team.project, team.owner, "dev-owner")
    url = f"/admin/console/agents/{owners_agent.id}/"
    page = login(team.maintainer).post(url + "autopilot/", {"mode": "auto"}, follow=True)
    assert (
        "principal&#x27;s role (owner)" in page.content.decode()
        or "principal's role (owner)" in page.content.decode()
    )
    assert not owners_agent.autonomy_rules.exists()
    login(team.owner).post(url + "autopilot/", {"mode": "auto"})
    assert owners_agent.autonomy_rules.get(action_type="*").mode == "auto_approve"


def test_permissions_editor_shows_lint_errors_inline_and_writes_after_review(team, login):
    url = f"/admin/console/projects/{team.project.id}/permissions/"
    c = login(team.maintainer)
    bad = c.post(url, {"text": '{"allow": ["Terminal(npm test"]}', "step": "review", "base": ""})
    assert "Error" in bad.content.decode() and not team.project.permissions_path.exists()
    good = '{"allow": ["Terminal(npm test)"], "deny": [], "ask": []}'
    review = c.post(url, {"text": good, "step": "review", "base": ""}).content.decode()
    assert "data-diff" in review and "+    &quot;Terminal(npm test)&quot;" in review
    assert not team.project.permissions_path.exists()
    c.post(url, {"text": good, "step": "save", "base": hashlib.sha256(b"").hexdigest()})
    assert "Terminal(npm test)" in team.project.permissions_path.read_text()
    saved = SessionEvent.objects.get(project=team.project, type="permission.granted")
    assert saved.actor_label == team.maintainer.username and saved.payload["patterns"] == [
        "Terminal(npm test)"
    ]
    dev = login(team.developer)
    dev.post(
        url,
        {
            "text": '{"allow": []}',
            "step": "save",
            "base": hashlib.sha256(team.project.permissions_path.read_bytes()).hexdigest(),
        },
    )
    assert "Terminal(npm test)" in team.project.permissions_path.read_text()


def test_containers_page_proposes_stop_and_remove_as_the_person(team, login):
    from containers.models import ProjectContainer

    ProjectContainer.objects.create(project=team.project, state="running", cpu=1, memory_mb=512)
    c = login(team.maintainer)
    page = c.get("/admin/console/containers/").content.decode()
    assert "running" in page and "512 MB" in page
    c.post(f"/admin/console/containers/{team.project.id}/remove/")
    action = ProposedAction.objects.get(action_type="container_remove")
    assert action.proposed_by_user == team.maintainer and action.agent is None
    assert action.status == PENDING  # R5 cap: container_remove is always a person's decision


def test_stats_page_draws_human_and_policy_and_top_rules(team, agent_api, login):
    agent_api.write_permissions(allow=["Terminal(npm test)"])
    agent_api.propose("terminal", {"command": "npm test"})
    (a,) = _pending(team)
    c = login(team.owner)
    c.post(f"/admin/console/actions/{a.id}/approve/", shown_fields(a.id))
    page = c.get(f"/admin/console/projects/{team.project.id}/stats/").content.decode()
    assert re.search(r'class="n">1<', page)
    assert sentence("allow_rule") in page
    assert 'class="bar-human"' in page and 'class="bar-policy"' in page


def test_model_admins_are_read_only(team, admin_client):
    _pending(team)
    assert admin_client.get("/admin/actions/proposedaction/").status_code == 200
    assert admin_client.get("/admin/actions/proposedaction/add/").status_code == 403
    assert admin_client.get("/admin/actions/sessionevent/add/").status_code == 403


@pytest.mark.parametrize(
    "path",
    ["", "agents/", "projects/", "containers/"],
)
def test_every_page_renders_for_a_member(team, login, path):
    assert login(team.developer).get(QUEUE + path).status_code == 200


def test_permissions_editor_refuses_to_save_over_a_change_made_meanwhile(team, login, agent_api):
    url = f"/admin/console/projects/{team.project.id}/permissions/"
    agent_api.write_permissions(allow=["Terminal(make)"])
    stale = hashlib.sha256(b"").hexdigest()  # opened before the file existed
    r = login(team.owner).post(
        url, {"text": '{"allow": ["Terminal(npm test)"]}', "step": "save", "base": stale}
    )
    assert "changed since you opened it" in r.content.decode()
    assert "Terminal(make)" in team.project.permissions_path.read_text()


def test_another_workspace_gets_404_on_every_write(team, login):
    (a,) = _pending(team)
    eve = login(team.outsider)
    for verb in ("approve", "deny", "always"):
        assert eve.post(f"/admin/console/actions/{a.id}/{verb}/").status_code == 404
    assert eve.post(f"/admin/console/agents/{team.agent.id}/autopilot/", {"mode": "auto"}).status_code == 404
    assert eve.get(f"/admin/console/projects/{team.project.id}/permissions/").status_code == 404
    assert eve.post(f"/admin/console/containers/{team.project.id}/stop/").status_code == 404
    assert ProposedAction.objects.get(id=a.id).status == PENDING


def test_the_autopilot_list_is_rendered_in_its_three_places(team, login):
    """ADR 0189 §4 — queue help, the action card, and the agent card's switch show the same one list."""
    (a,) = _pending(team)
    c = login(team.maintainer)
    places = [
        QUEUE,
        f"/admin/console/actions/{a.id}/",
        f"/admin/console/agents/{team.agent.id}/",
        f"/admin/console/agents/{team.agent.id}/?confirm=auto",
    ]
    for url in places:
        page = html.unescape(c.get(url).content.decode())
        assert all(item in page for item in AUTOPILOT.releases + AUTOPILOT.never_releases), url


def test_the_daily_series_adds_up_to_the_api_statistics(team, agent_api, login):
    """The chart's one-query series and approval_stats (the API) count the same events (R10.2)."""
    from datetime import timedelta

    from django.utils import timezone

    from actions.console.stats import per_day
    from actions.views import approval_stats

    agent_api.write_permissions(allow=["Terminal(npm test)"])
    for _ in range(3):
        agent_api.propose("terminal", {"command": "npm test"})
    for a in _pending(team, n=2):
        login(team.owner).post(f"/admin/console/actions/{a.id}/approve/", shown_fields(a.id))
    start = timezone.now() - timedelta(days=2)
    series = per_day(team.project, start, 3)
    api = approval_stats(team.project, start, start + timedelta(days=3))
    assert sum(b["human"] for b in series) == api["human_approvals"] == 2
    assert sum(b["policy"] for b in series) == api["policy_approvals"] == 3


def test_the_repository_page_sets_where_the_code_lives_through_the_same_checks(team, login):
    from projects.git_settings import workspace_git_root

    url = f"/admin/console/projects/{team.project.id}/git/"
    bare = str(workspace_git_root(team.ws.id) / "acme" / "app.git")
    page = login(team.maintainer).get(url)
    assert page.status_code == 200 and b"Push remote" in page.content
    refused = login(team.maintainer).post(
        url, {"repository": "acme/app", "git_remote_url": "/etc", "default_branch": "main"}, follow=True
    )
    assert b"local git folder" in refused.content
    team.project.refresh_from_db()
    assert team.project.git_remote_url == "" and team.project.repository == ""
    saved = login(team.maintainer).post(
        url, {"repository": "acme/app", "git_remote_url": bare, "default_branch": "main"}
    )
    assert saved.status_code == 302
    team.project.refresh_from_db()
    assert (team.project.repository, team.project.git_remote_url) == ("acme/app", bare)
    login(team.developer).post(url, {"repository": "x/y", "git_remote_url": "", "default_branch": "main"})
    team.project.refresh_from_db()
    assert team.project.repository == "acme/app"  # a developer changes nothing
    assert login(team.outsider).get(url).status_code == 404
