"""The workspace's own log read as an attacker reads it (R1.1): a member sees in it only what the endpoint of
the same fact would show them -- the ids, names and amounts of projects they do not reach, invitations a
developer cannot list, budgets a developer cannot read, webhooks, teams and Slack settings only their
configurers read, credentials only the owner reads, and one person's notification choices or Slack link
only that person."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from actions import budgets, notifications, reviewers
from actions.history import TEAM_TYPES
from projects import services, team_events, teams
from projects.access import WORKSPACE_EVENT_READERS, set_project_access
from projects.models import Membership

SLACK_URL = "https://hooks.example.com/services/T0/B0/abcdef"


def _log(team, user) -> list[dict]:
    resp = team.world.client(user).get(f"/api/workspaces/{team.ws.id}/events/?limit=500")
    assert resp.status_code == 200, resp.content
    return resp.json()["results"]


def _types(rows) -> set[str]:
    return {r["type"] for r in rows}


def _restrict(team, user, projects):
    set_project_access(Membership.objects.get(workspace=team.ws, user=user), projects)


@pytest.fixture
def two(team):
    """``app`` (the team's project) and ``secret``; nina (developer) is the principal of an agent in each."""
    team.secret = team.world.project(team.ws, "secret-merger")
    team.nina = team.world.user("nina")
    team.world.member(team.ws, team.nina, "developer")
    team.app_agent, _ = team.world.agent(team.project, team.nina, "dev-nina-app")
    team.secret_agent, _ = team.world.agent(team.secret, team.nina, "dev-nina-secret")
    team.rita = team.world.user("rita")  # a maintainer restricted to app
    team.world.member(team.ws, team.rita, "maintainer")
    _restrict(team, team.rita, [team.project])
    team.rdev = team.world.user("rdev")  # a developer restricted to app
    team.world.member(team.ws, team.rdev, "developer")
    _restrict(team, team.rdev, [team.project])
    return team


# -- 1. member.removed lists suspended agents: only those of projects the reader reaches ------------------


def test_a_removed_members_suspended_agents_show_only_where_the_reader_reaches(two):
    teams.remove_member(actor=two.owner, workspace=two.ws, username="nina")
    app_id, secret_id = str(two.app_agent.id), str(two.secret_agent.id)

    def removed(user):
        rows = [r for r in _log(two, user) if r["type"] == "member.removed"]
        assert len(rows) == 1, rows
        return rows[0]["payload"]["suspendedAgents"]

    assert sorted(removed(two.owner)) == sorted([app_id, secret_id])
    assert sorted(removed(two.maintainer)) == sorted([app_id, secret_id])
    for restricted in (two.rita, two.rdev):
        assert removed(restricted) == [app_id]
        assert secret_id not in json.dumps(_log(two, restricted))


def test_the_member_removed_event_itself_still_reads_for_every_member(two):
    teams.remove_member(actor=two.owner, workspace=two.ws, username="nina")
    for user in (two.owner, two.maintainer, two.developer, two.rita, two.rdev):
        assert "member.removed" in _types(_log(two, user))


# -- 2. budgets: what GET .../budget/ refuses, the log refuses ------------------------------------------


def _budgets(two):
    budgets.set_workspace_budget(actor=two.owner, workspace=two.ws, currency="EUR", monthly_amount="9876")
    budgets.set_project_budget(actor=two.owner, project=two.project, monthly_amount="5432")
    budgets.set_agent_budget(actor=two.owner, agent=two.agent, monthly_amount="4321")


def test_a_developer_reads_no_budget_amount_in_the_log(two):
    _budgets(two)
    for dev in (two.developer, two.rdev):
        assert two.world.client(dev).get(f"/api/workspaces/{two.ws.id}/budget/").status_code == 403
        assert two.world.client(dev).get(f"/api/projects/{two.project.id}/budget/").status_code == 403
        rows = _log(two, dev)
        assert "budget.updated" not in _types(rows)
        text = json.dumps(rows)
        assert "9876" not in text and "5432" not in text and "4321" not in text


def test_maintainers_read_the_budget_changes_their_endpoint_shows(two):
    _budgets(two)
    for user in (two.owner, two.maintainer, two.rita):
        scopes = {r["payload"]["scope"] for r in _log(two, user) if r["type"] == "budget.updated"}
        assert scopes == {"workspace", "project", "agent"}, user


# -- the rest of the log, type by type ------------------------------------------------------------------


def test_invitations_are_read_by_those_who_list_them(two):
    inv, _ = teams.invite_member(actor=two.owner, workspace=two.ws, role="developer", email="zed@example.com")
    teams.revoke_invitation(actor=two.owner, invitation=inv)
    for user in (two.developer, two.rdev):
        assert two.world.client(user).get(f"/api/workspaces/{two.ws.id}/invitations/").status_code == 403
        rows = _log(two, user)
        assert not _types(rows) & {"member.invited", "member.invitation_revoked"}
        assert "zed@example.com" not in json.dumps(rows)
    for user in (two.owner, two.maintainer, two.rita):
        assert {"member.invited", "member.invitation_revoked"} <= _types(_log(two, user))


def test_webhooks_teams_and_slack_settings_are_read_by_their_configurers_only(two):
    notifications.create_endpoint(
        actor=two.maintainer, workspace=two.ws, name="ops", url=SLACK_URL, format="slack", kinds=["pending"]
    )
    reviewers.create_team(actor=two.maintainer, workspace=two.ws, name="seniors", members=["max"])
    team_events.record(
        two.ws.id, team_events.SLACK_CONFIGURED, actor=two.owner, payload={"teamId": "T0", "channel": "#ops"}
    )
    hidden = {"webhook.created", "team.created", "slack.configured"}
    for user in (two.developer, two.rdev, two.rita):
        rows = _log(two, user)
        assert not _types(rows) & hidden, user
        assert "hooks.example.com" not in json.dumps(rows) and "seniors" not in json.dumps(rows)
    for user in (two.owner, two.maintainer):
        assert hidden <= _types(_log(two, user))


def test_credentials_changes_are_the_owners_to_read(two):
    services.set_credentials(
        actor=two.owner, workspace=two.ws, provider_kind="github", provider_token="ghp_x"
    )
    assert "credentials.updated" in _types(_log(two, two.owner))
    for user in (two.maintainer, two.developer, two.rita):
        assert "credentials.updated" not in _types(_log(two, user))


def test_one_persons_notification_choices_are_theirs_and_a_slack_link_theirs_and_the_configurers(two):
    notifications.set_subscription(user=two.maintainer, project=two.project, kinds=["pending"])
    team_events.record(two.ws.id, team_events.SLACK_LINKED, actor=two.rita, payload={"slackUserId": "U1"})
    assert "notifications.subscription_changed" in _types(_log(two, two.maintainer))
    assert "slack.member_linked" in _types(_log(two, two.rita))  # restricted, but it is her own
    for user in (two.owner, two.developer, two.rita):
        assert "notifications.subscription_changed" not in _types(_log(two, user)), user
    for user in (two.developer, two.rdev):
        assert "slack.member_linked" not in _types(_log(two, user)), user
    for user in (two.owner, two.maintainer):  # who configure the Slack app see whose clicks decide as whom
        assert "slack.member_linked" in _types(_log(two, user)), user


def test_ownership_transfer_tells_only_the_owner_about_the_provider_token(two):
    services.set_credentials(
        actor=two.owner, workspace=two.ws, provider_kind="github", provider_token="ghp_x"
    )
    teams.offer_ownership(actor=two.owner, workspace=two.ws, username="max")
    teams.accept_ownership(actor=two.maintainer, workspace=two.ws)

    def transferred(user):
        return next(r["payload"] for r in _log(two, user) if r["type"] == "workspace.ownership_transferred")

    assert transferred(two.maintainer)["providerTokenNeedsConfirmation"] is True  # the new owner
    for user in (two.owner, two.developer, two.rita):  # olivia is a maintainer now
        payload = transferred(user)
        assert "providerTokenNeedsConfirmation" not in payload and payload["to"] == "max"
        assert "credentials.confirmation_needed" not in _types(_log(two, user))


def test_an_event_type_nobody_listed_is_the_owners_alone(two):
    team_events.record(two.ws.id, "something.new", actor=two.owner, payload={"x": 1})
    assert "something.new" in _types(_log(two, two.owner))
    for user in (two.maintainer, two.developer):
        assert "something.new" not in _types(_log(two, user))


@pytest.mark.parametrize("type_", TEAM_TYPES)
def test_every_type_of_the_team_log_has_a_reader_rule(type_):
    if type_.startswith("token."):
        return  # a person's own tokens: never on a workspace's log (workspace NULL)
    assert type_ in WORKSPACE_EVENT_READERS


def test_the_history_page_keeps_the_same_rules(two):
    _budgets(two)
    teams.invite_member(actor=two.owner, workspace=two.ws, role="developer", email="zed@example.com")

    def page(user):
        c = Client()
        c.force_login(user)
        return c.get(f"/admin/console/history/?workspace={two.ws.id}&log=team").content.decode()

    owners = page(two.owner)
    assert "zed@example.com" in owners and 'data-event-type="budget.updated"' in owners
    devs = page(two.developer)
    assert "zed@example.com" not in devs and 'data-event-type="budget.updated"' not in devs
