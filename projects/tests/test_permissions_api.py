"""permissions.json through the API (R3.1, R3.3) and activation seeding (R3.4)."""

from __future__ import annotations

import json

from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS


def test_put_writes_a_real_file_and_get_reads_it(team):
    c = team.world.client(team.maintainer)
    body = {
        "allow": ["Terminal(pnpm test)", "GitCommit()"],
        "deny": ["Terminal(rm -rf)"],
        "ask": ["Terminal(git push)"],
    }
    assert c.put(f"/api/projects/{team.project.id}/permissions/", body, format="json").status_code == 200
    on_disk = json.loads(team.project.permissions_path.read_text())
    assert on_disk == body  # R3.1 — a real file at the project folder's root, order kept
    assert (
        team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/").json() == body
    )


def test_malformed_entries_are_named_and_nothing_is_written(team):
    c = team.world.client(team.maintainer)
    good = {"allow": ["Terminal(ls)"], "deny": [], "ask": []}
    c.put(f"/api/projects/{team.project.id}/permissions/", good, format="json")
    for bad, words in (
        ({"allow": ["Terminal(ls"]}, "unbalanced"),
        ({"allow": ["Teleport()"]}, "Teleport"),
        ({"allow": [7]}, "allow"),
        ({"allow": [], "maybe": []}, "maybe"),
    ):
        resp = c.put(f"/api/projects/{team.project.id}/permissions/", bad, format="json")
        assert resp.status_code == 400, (bad, resp.content)
        assert words in resp.json()["detail"], resp.json()
    assert json.loads(team.project.permissions_path.read_text())["allow"] == ["Terminal(ls)"]


def test_reading_a_broken_file_is_a_named_409(team):
    team.project.permissions_path.write_text("{nope")
    resp = team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/")
    assert resp.status_code == 409 and resp.json()["reason"] == "permissions_invalid"
    assert "nothing is auto-approved" in resp.json()["detail"]


def test_activation_merges_the_families_without_duplicates_and_seeds_dev_agents(team):
    c = team.world.client(team.maintainer)
    c.put(
        f"/api/projects/{team.project.id}/permissions/",
        {"allow": ["Terminal(make)", "Terminal(ls)"], "deny": ["Terminal(curl)"], "ask": []},
        format="json",
    )
    lead, _ = team.world.agent(team.project, team.maintainer, "dev-lead")
    first = c.post(f"/api/projects/{team.project.id}/activate-execution/").json()
    second = c.post(f"/api/projects/{team.project.id}/activate-execution/").json()
    assert first == second  # idempotent
    assert first["allow"][:2] == ["Terminal(make)", "Terminal(ls)"]  # existing entries and order kept
    assert first["allow"].count("Terminal(ls)") == 1  # merged, not duplicated
    assert set(DEV_TERMINAL_ALLOW_PATTERNS) <= set(first["allow"])
    assert first["deny"] == ["Terminal(curl)"]
    assert "Terminal(git branch)" not in first["allow"]  # never a bare mutating form
    assert team.agent.autonomy_rules.get(action_type="git_commit").mode == "auto_approve"  # dev-api
    assert not lead.autonomy_rules.exists()  # dev-lead is not a dev-<module> agent
    team.project.refresh_from_db()
    assert team.project.execution_active
    # An agent created after activation is seeded too; an explicit row is never overridden.
    resp = c.post(
        f"/api/projects/{team.project.id}/agents/", {"name": "dev-web", "principal": "max"}, format="json"
    )
    from projects.models import Agent

    web = Agent.objects.get(id=resp.json()["id"])
    assert web.autonomy_rules.get(action_type="git_commit").mode == "auto_approve"
    c.put(f"/api/agents/{web.id}/autonomy/", [{"action_type": "git_commit", "mode": "deny"}], format="json")
    c.post(f"/api/projects/{team.project.id}/activate-execution/")
    assert web.autonomy_rules.get(action_type="git_commit").mode == "deny"


def test_activation_refuses_a_broken_file(team):
    team.project.permissions_path.write_text('{"allow": [')
    resp = team.world.client(team.maintainer).post(f"/api/projects/{team.project.id}/activate-execution/")
    assert resp.status_code == 409 and "nothing was seeded" in resp.json()["detail"]
    assert team.project.permissions_path.read_text() == '{"allow": ['


def test_accepting_the_infra_handoff_through_the_api(team):
    """R9.6 — a maintainer accepts; container_start becomes auto_approve; nothing else is preset."""
    infra, _ = team.world.agent(team.project, team.maintainer, "infra")
    url = f"/api/agents/{infra.id}/accept-handoff/"
    assert team.world.client(team.developer).post(url).status_code == 403
    assert team.world.client(team.outsider).post(url).status_code == 404
    resp = team.world.client(team.maintainer).post(url)
    assert resp.status_code == 200 and resp.json() == [
        {"action_type": "container_start", "mode": "auto_approve"}
    ]
    not_infra = team.world.client(team.maintainer).post(f"/api/agents/{team.agent.id}/accept-handoff/")
    assert not_infra.status_code == 400 and "not an Infra agent" in not_infra.json()["detail"]
    assert not team.agent.autonomy_rules.exists()


# -- grants made outside an approval are on record (R10.1 permission.granted) ----------------------------


def _grants(project):
    from actions.models import SessionEvent

    return [
        (e.actor_label, {k: v for k, v in e.payload.items() if k != "agentId"}, e.payload.get("agentId"))
        for e in SessionEvent.objects.filter(project=project, type="permission.granted").order_by(
            "created_at", "id"
        )
    ]


def test_what_a_put_lets_auto_approve_is_a_permission_granted_event_by_the_person(team):
    c = team.world.client(team.maintainer)
    url = f"/api/projects/{team.project.id}/permissions/"

    def put(allow=(), deny=(), ask=()):
        body = {"allow": list(allow), "deny": list(deny), "ask": list(ask)}
        assert c.put(url, body, format="json").status_code == 200

    put(allow=["Terminal(ls)"])
    put(allow=["Terminal(ls)"], deny=["Terminal(curl)"])  # narrows: no grant
    put(allow=["Terminal(ls)", "Terminal(make)", "GitCommit()"])  # adds two, lifts the deny
    put(ask=["Terminal(make)"])  # narrows: no grant
    put(allow=["Terminal(make)"])  # adds one, lifts the ask
    saved = {"reason": "permissions_saved"}
    assert _grants(team.project) == [
        ("max", {"patterns": ["Terminal(ls)"], "pattern": "Terminal(ls)", **saved}, None),
        (
            "max",
            {
                "patterns": ["Terminal(make)", "GitCommit()"],
                "pattern": "Terminal(make), GitCommit()",
                **saved,
                "liftedDeny": ["Terminal(curl)"],
            },
            None,
        ),
        (
            "max",
            {
                "patterns": ["Terminal(make)"],
                "pattern": "Terminal(make)",
                **saved,
                "liftedAsk": ["Terminal(make)"],
            },
            None,
        ),
    ]
    events = team.world.client(team.developer).get(f"/api/projects/{team.project.id}/events/").json()
    rows = events["results"] if isinstance(events, dict) else events
    assert [e["type"] for e in rows].count("permission.granted") == 3  # visible to the project's members
    assert all(isinstance(e["id"], str) for e in rows)  # R12.4: ids are opaque strings


def test_a_failed_file_write_saves_nothing_and_records_no_grant(team, monkeypatch):
    import permissions.files

    def broken(path, perms):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(permissions.files, "write_permissions", broken)
    resp = team.world.client(team.maintainer).put(
        f"/api/projects/{team.project.id}/permissions/", {"allow": ["Terminal(ls)"]}, format="json"
    )
    assert resp.status_code == 507 and resp.json()["reason"] == "disk_full"
    assert "could not be written" in resp.json()["detail"] and "No space left" in resp.json()["detail"]
    assert _grants(team.project) == [] and not team.project.permissions_path.exists()


def test_autonomy_rows_set_to_auto_approve_are_grants_and_others_are_not(team):
    c = team.world.client(team.maintainer)
    url = f"/api/agents/{team.agent.id}/autonomy/"
    c.put(
        url,
        [{"action_type": "terminal", "mode": "auto_approve"}, {"action_type": "git_push", "mode": "deny"}],
        format="json",
    )
    c.put(url, [{"action_type": "terminal", "mode": "auto_approve"}], format="json")  # unchanged: no event
    c.put(url, [{"action_type": "terminal", "mode": "require_approval"}], format="json")
    c.put(
        url,
        [{"action_type": "terminal", "mode": "auto_approve"}, {"action_type": "*", "mode": "auto_approve"}],
        format="json",
    )
    agent_id = str(team.agent.id)
    assert _grants(team.project) == [
        ("max", {"actionType": "terminal", "reason": "autonomy_set"}, agent_id),
        ("max", {"actionType": "terminal", "reason": "autonomy_set"}, agent_id),
        ("max", {"actionType": "*", "reason": "autonomy_set"}, agent_id),
    ]


def test_activation_records_what_it_granted_once(team):
    c = team.world.client(team.maintainer)
    c.put(f"/api/projects/{team.project.id}/permissions/", {"allow": ["Terminal(ls)"]}, format="json")
    c.post(f"/api/projects/{team.project.id}/activate-execution/")
    c.post(f"/api/projects/{team.project.id}/activate-execution/")  # idempotent: nothing new, no event
    grants = _grants(team.project)
    assert len(grants) == 3
    added = [p for p in DEV_TERMINAL_ALLOW_PATTERNS if p != "Terminal(ls)"]
    assert grants[1] == (
        "max",
        {"patterns": added, "pattern": ", ".join(added), "reason": "execution_activated"},
        None,
    )
    assert grants[2] == (
        "max",
        {"actionType": "git_commit", "reason": "execution_activated"},
        str(team.agent.id),
    )


def test_activation_whose_file_write_fails_seeds_nothing_and_records_nothing(team, monkeypatch):
    import permissions.files

    def broken(path, allow=(), deny=(), ask=()):
        raise permissions.files.PermissionsFileError("simulated: the file changed under us")

    monkeypatch.setattr(permissions.files, "merge_into", broken)
    resp = team.world.client(team.maintainer).post(f"/api/projects/{team.project.id}/activate-execution/")
    assert resp.status_code == 409
    assert _grants(team.project) == [] and not team.agent.autonomy_rules.exists()
    team.project.refresh_from_db()
    assert not team.project.execution_active


# -- R2.1: nobody delegates above their own role through an agent ----------------------------------------


def test_a_maintainer_cannot_create_or_configure_an_agent_that_acts_as_the_owner(team):
    maintainer, owner = team.world.client(team.maintainer), team.world.client(team.owner)
    url = f"/api/projects/{team.project.id}/agents/"
    refused = maintainer.post(url, {"name": "dev-pay", "principal": team.owner.username}, format="json")
    assert refused.status_code == 403 and "principal" in str(refused.json()), refused.json()
    assert refused.json().get("reason") != "invalid"  # R12.4: "invalid" is the 400 code
    created = owner.post(url, {"name": "dev-pay", "principal": team.owner.username}, format="json")
    assert created.status_code == 201

    autonomy = f"/api/agents/{created.json()['id']}/autonomy/"
    spend_auto = [{"action_type": "spend", "mode": "auto_approve"}]
    denied = maintainer.put(autonomy, spend_auto, format="json")
    assert denied.status_code == 403 and "principal's role (owner)" in denied.json()["detail"]
    assert (
        maintainer.put(f"/api/agents/{team.agent.id}/autonomy/", spend_auto, format="json").status_code == 200
    )
    from projects.models import AutonomyRule

    assert not AutonomyRule.objects.filter(agent_id=created.json()["id"]).exists()
    assert _grants(team.project) == [
        ("max", {"actionType": "spend", "reason": "autonomy_set"}, str(team.agent.id))
    ]

    # the owner's own agent, configured by the owner, is what it was before
    assert owner.put(autonomy, spend_auto, format="json").status_code == 200
    spend = team.world.client(agent_key=created.json()["key"]).post(
        "/api/actions/",
        {"action_type": "spend", "payload": {"amount": 5, "currency": "EUR", "purpose": "ci"}},
        format="json",
    )
    assert spend.json()["status"] == "auto_approved"
    # the maintainer-principal agent with the same row is still denied by IAM
    low = team.world.client(agent_key=team.agent_key).post(
        "/api/actions/",
        {"action_type": "spend", "payload": {"amount": 5, "currency": "EUR", "purpose": "ci"}},
        format="json",
    )
    assert (low.json()["status"], low.json()["reason"]) == ("denied", "iam")
