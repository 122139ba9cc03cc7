"""Named reviewers and teams: an approval rule may name members and teams as the people
who may approve, alongside its role floor; the API says who the action waits for; teams over the API."""

from __future__ import annotations

import pytest

from actions.models import SessionEvent
from projects.team_models import WorkspaceEvent


@pytest.fixture
def mia(team):
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


def _rules(team, *rules, user=None):
    return team.world.client(user or team.owner).put(
        f"/api/projects/{team.project.id}/approval-rules/", {"rules": list(rules)}, format="json"
    )


def _team(team, name, members, user=None):
    return team.world.client(user or team.owner).post(
        "/api/teams/", {"workspace": str(team.ws.id), "name": name, "members": members}, format="json"
    )


def _approve(team, user, action_id, **body):
    return team.world.client(user).post(f"/api/actions/{action_id}/approve/", body, format="json")


def test_a_named_team_decides_and_a_non_member_of_the_role_cannot(agent_api, team, mia):
    assert _team(team, "security", ["mia"]).status_code == 201
    put = _rules(
        team,
        {"action_type": "instruction_patch", "approvals": 1, "min_role": "maintainer", "teams": ["security"]},
    )
    assert put.status_code == 200, put.json()
    assert put.json()["rules"][0]["teams"] == ["security"] and put.json()["rules"][0]["reviewers"] == []
    action = agent_api.propose("instruction_patch", {}).json()
    view = action["approvals"]
    assert view["reviewers"] == {"users": [], "teams": ["security"]}
    assert view["waiting_for"]["people"] == ["mia"]
    assert view["waiting_for"]["text"] == (
        "Waiting for 1 more approval from a member of team security (mia can approve)."
    )

    # The owner meets the role floor but is not named: refused, and nothing is recorded.
    owner = _approve(team, team.owner, action["id"])
    assert owner.status_code == 403 and owner.json()["reason"] == "not_a_named_reviewer"
    assert "a member of team security" in owner.json()["detail"]
    assert not SessionEvent.objects.filter(
        action_id=action["id"], type__startswith="proposed_action.approv"
    ).exists()

    ok = _approve(team, mia, action["id"], message="Reviewed the diff; fine.")
    assert ok.status_code == 200 and ok.json()["status"] in ("approved", "executing", "executed")
    assert ok.json()["decision_message"] == "Reviewed the diff; fine."
    approved = SessionEvent.objects.get(action_id=action["id"], type="proposed_action.approved")
    assert approved.actor_label == "mia" and approved.payload["message"] == "Reviewed the diff; fine."


def test_without_names_anyone_of_the_role_decides(agent_api, team, mia):
    assert (
        _rules(
            team, {"action_type": "instruction_patch", "approvals": 1, "min_role": "maintainer"}
        ).status_code
        == 200
    )
    action = agent_api.propose("instruction_patch", {}).json()
    assert action["approvals"]["reviewers"] is None and action["approvals"]["waiting_for"]["people"] is None
    assert _approve(team, team.owner, action["id"]).json()["outcome"] == "approved"


def test_named_people_and_teams_under_a_two_person_rule_are_read_again_at_every_click(agent_api, team, mia):
    """Two of: olivia by name, or a member of team security. Mia's approval counts while she is in the team,
    no longer once she is taken out of it, and again once she is back."""
    team_id = _team(team, "security", ["mia"]).json()["id"]
    rule = {"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}
    assert _rules(team, {**rule, "reviewers": ["olivia"], "teams": ["security"]}).status_code == 200
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]

    first = _approve(team, mia, action_id)
    assert first.json()["outcome"] == "approval_recorded" and first.json()["approvals"]["count"] == 1
    assert first.json()["approvals"]["waiting_for"]["people"] == ["olivia"]

    taken_out = team.world.client(team.owner).put(f"/api/teams/{team_id}/", {"members": []}, format="json")
    assert taken_out.status_code == 200 and taken_out.json()["members"] == []
    second = _approve(team, team.owner, action_id)
    assert second.json()["outcome"] == "approval_recorded" and second.json()["status"] == "pending"
    assert second.json()["approvals"]["approvers"] == ["olivia"]  # mia no longer counts
    assert second.json()["approvals"]["waiting_for"]["text"].endswith("(nobody named can approve now).")

    team.world.client(team.owner).put(f"/api/teams/{team_id}/", {"members": ["mia"]}, format="json")
    third = _approve(team, mia, action_id)
    assert third.json()["outcome"] == "approved"
    assert sorted(third.json()["approvals"]["approvers"]) == ["mia", "olivia"]


def test_the_agents_principal_named_as_reviewer_is_still_not_its_second_person(agent_api, team, mia):
    """Naming people never lowers the rule: max proposes through his agent and "no self-approval" holds."""
    assert (
        _rules(
            team,
            {
                "action_type": "instruction_patch",
                "approvals": 1,
                "min_role": "maintainer",
                "reviewers": ["max", "mia"],
            },
        ).status_code
        == 200
    )
    action_id = agent_api.propose("instruction_patch", {}).json()["id"]
    own = _approve(team, team.maintainer, action_id)
    assert own.status_code == 403 and own.json()["reason"] == "self_approval_refused"
    assert agent_api.action(action_id).status == "pending"


@pytest.mark.parametrize(
    ("extra", "field", "says"),
    [
        ({"reviewers": ["dev"]}, "rules[0].reviewers", "below the rule's min_role"),
        ({"reviewers": ["eve"]}, "rules[0].reviewers", "not a member who reaches this project"),
        ({"reviewers": ["mia"], "approvals": 2}, "rules[0].reviewers", "names only 1 reviewer"),
        ({"teams": ["nobody"]}, "rules[0].teams", "no team named nobody"),
        ({"reviewers": "mia"}, "rules[0].reviewers", "must be a list"),
        # R2.2: a rule of developers for a maintainer's type names nobody who may decide it
        ({"reviewers": ["dev"], "min_role": "developer"}, "rules[0].reviewers", "nobody named has it"),
    ],
)
def test_names_a_rule_could_never_use_are_refused(team, mia, extra, field, says):
    resp = _rules(
        team, {"action_type": "instruction_patch", "approvals": 1, "min_role": "maintainer", **extra}
    )
    assert resp.status_code == 400, resp.json()
    assert resp.json()["reason"] == "invalid" and says in resp.json()["detail"]
    assert field in resp.json()["errors"]
    assert not team.project.approval_rules.exists()


def test_teams_over_the_api_with_events_and_roles(team, mia):
    created = _team(team, "security", ["mia", "max"], user=team.maintainer)
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["name"] == "security" and body["members"] == ["max", "mia"]
    assert _team(team, "security", []).json()["reason"] == "team_name_taken"
    assert _team(team, "ops", ["eve"]).json()["reason"] == "invalid"  # not a member of this workspace
    dev = _team(team, "devs", ["dev"], user=team.developer)
    assert dev.status_code == 403 and dev.json()["reason"] == "role_too_low"
    # another workspace's caller: not found, whichever door
    assert _team(team, "x", [], user=team.outsider).status_code == 404
    assert team.world.client(team.outsider).get(f"/api/teams/{body['id']}/").status_code == 404
    assert team.world.client(team.outsider).get("/api/teams/").json()["results"] == []
    # a developer does not read the workspace's teams
    assert team.world.client(team.developer).get("/api/teams/").json()["results"] == []
    assert team.world.client(team.developer).get(f"/api/teams/{body['id']}/").status_code == 403

    listed = team.world.client(team.owner).get(f"/api/teams/?workspace={team.ws.id}").json()["results"]
    assert [t["name"] for t in listed] == ["security"]

    _rules(
        team,
        {"action_type": "instruction_patch", "approvals": 1, "min_role": "maintainer", "teams": ["security"]},
    )
    in_use = team.world.client(team.owner).delete(f"/api/teams/{body['id']}/")
    assert in_use.status_code == 409 and in_use.json()["reason"] == "team_in_use"
    _rules(team)
    changed = team.world.client(team.owner).put(
        f"/api/teams/{body['id']}/", {"members": ["mia"]}, format="json"
    )
    assert changed.json()["members"] == ["mia"]
    assert team.world.client(team.owner).delete(f"/api/teams/{body['id']}/").status_code == 204

    log = list(WorkspaceEvent.objects.filter(workspace=team.ws, type__startswith="team.").order_by("id"))
    assert [(e.type, e.actor_label) for e in log] == [
        ("team.created", "max"),
        ("team.members_changed", "olivia"),
        ("team.deleted", "olivia"),
    ]
    assert log[1].payload["removed"] == ["max"] and log[1].payload["added"] == []
