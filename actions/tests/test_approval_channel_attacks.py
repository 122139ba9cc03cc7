"""Approvals from outside the console, attacked: a suspended approver's earlier click (Slack, e-mail or
console) still counting toward a two-person rule, an unsigned caller learning which Slack teams are
connected, and a stale Slack "Always allow" click writing a pattern after the action was decided. The
friction side: ordinary approvals through every channel keep working."""

from __future__ import annotations

import pytest
from django.test import Client

from actions import email_links, quorum, slack
from actions.channel_models import DECIDE_APPROVE
from actions.models import ProposedAction, SessionEvent, SlackMemberLink
from actions.tests.console_forms import shown_fields
from actions.tests.exec_fixtures import DECISIONS
from actions.tests.fake_slack import FakeSlack
from actions.tests.slack_requests import TEAM, TOKEN, bound, click, click_request, connect, post

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def fake(settings):
    with FakeSlack(TOKEN) as server:
        settings.BRABO_SLACK_API_URL = server.api_url
        settings.BRABO_SLACK_RESPONSE_URL_PREFIX = server.respond_prefix
        settings.BRABO_PUBLIC_URL = "https://brabo.example"
        yield server


@pytest.fixture
def mia(team):
    user = team.world.user("mia")
    team.world.member(team.ws, user, "maintainer")
    return user


@pytest.fixture
def wired(team, fake, mia):
    """Slack connected, olivia (owner) and mia (maintainer) linked to their Slack accounts."""
    installation = connect(team.owner, team.ws)
    SlackMemberLink.objects.create(installation=installation, user=team.owner, slack_user_id="U0OLIVIA")
    SlackMemberLink.objects.create(installation=installation, user=mia, slack_user_id="U0MIA")
    return team


def _two_person_rule(team):
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer"}],
    )  # fmt: skip


def _propose(agent_api, capture, action_type="instruction_patch", payload=None, key=None):
    with capture(execute=True):
        body = agent_api.propose(action_type, payload or {}, key=key).json()
    assert body["status"] == "pending", body
    return body["id"]


def _click(fake, capture, user_id, button, action_id):
    """A click of the action's message button (its value bound to what the message showed)."""
    return click(user_id, button, bound(action_id), response_url=fake.respond_prefix, capture=capture)


def _said(fake) -> str:
    return fake.responses[-1]["body"]["text"]


def _email_confirm(user, action_id, capture):
    action = ProposedAction.objects.get(id=action_id)
    url = email_links.make(action, user, DECIDE_APPROVE).removeprefix("https://brabo.example")
    c = Client()
    c.force_login(user)
    with capture(execute=True):
        return c.post(url)


def _console_approve(user, action_id, capture):
    c = Client()
    c.force_login(user)
    with capture(execute=True):
        return c.post(f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id))


def _suspend(user, active=False):
    user.is_active = active
    user.save(update_fields=["is_active"])


def _status(action_id) -> str:
    return ProposedAction.objects.get(id=action_id).status


def _view(action_id) -> dict:
    view = quorum.approvals_view(ProposedAction.objects.get(id=action_id))
    assert view is not None
    return view


def _approved_events(action_id) -> int:
    return SessionEvent.objects.filter(action_id=action_id, type="proposed_action.approved").count()


# -- a suspended approver's earlier approval no longer counts ----------------------------------------------


def _first_by_slack(fake, capture, mia, action_id):
    _click(fake, capture, "U0MIA", slack.APPROVE, action_id)
    assert _said(fake).startswith("Your approval is recorded")


def _first_by_email(fake, capture, mia, action_id):
    assert _email_confirm(mia, action_id, capture).status_code == 200


def _first_by_console(fake, capture, mia, action_id):
    _console_approve(mia, action_id, capture)


def _second_by_slack(fake, capture, owner, action_id):
    _click(fake, capture, "U0OLIVIA", slack.APPROVE, action_id)


def _second_by_email(fake, capture, owner, action_id):
    _email_confirm(owner, action_id, capture)


def _second_by_console(fake, capture, owner, action_id):
    _console_approve(owner, action_id, capture)


FIRST = {"slack": _first_by_slack, "email": _first_by_email, "console": _first_by_console}
SECOND = {"slack": _second_by_slack, "email": _second_by_email, "console": _second_by_console}


@pytest.mark.parametrize("second", sorted(SECOND))
@pytest.mark.parametrize("first", sorted(FIRST))
def test_a_suspended_approvers_earlier_click_no_longer_counts(
    wired, fake, mia, agent_api, django_capture_on_commit_callbacks, first, second
):
    """mia approves (1 of 2) from one channel, then her account is suspended (is_active off: she can no
    longer sign in, her tokens and her Slack link decide nothing). The owner's approval from any channel is
    then the only one that counts: the action keeps waiting."""
    capture = django_capture_on_commit_callbacks
    _two_person_rule(wired)
    action_id = _propose(agent_api, capture)
    FIRST[first](fake, capture, mia, action_id)
    assert _view(action_id)["count"] == 1
    _suspend(mia)
    view = _view(action_id)
    assert (view["count"], view["approvers"]) == (0, [])
    SECOND[second](fake, capture, wired.owner, action_id)
    assert _status(action_id) == "pending" and _approved_events(action_id) == 0
    view = _view(action_id)
    assert (view["count"], view["approvers"], view["waiting_for"]["remaining"]) == (1, ["olivia"], 1)


def test_an_approver_reactivated_counts_again_and_ordinary_quorums_still_approve(
    wired, fake, mia, agent_api, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    _two_person_rule(wired)
    action_id = _propose(agent_api, capture)
    _click(fake, capture, "U0MIA", slack.APPROVE, action_id)
    _suspend(mia)
    _suspend(mia, active=True)  # the suspension lifted before the count: her approval is hers again
    _email_confirm(wired.owner, action_id, capture)
    assert _status(action_id) != "pending" and _approved_events(action_id) == 1

    # an ordinary two of two across Slack and e-mail
    other = _propose(agent_api, capture)
    _email_confirm(mia, other, capture)
    _click(fake, capture, "U0OLIVIA", slack.APPROVE, other)
    assert _status(other) != "pending" and _said(fake) == "Approved."


# -- an unsigned caller learns nothing of which Slack teams are connected ----------------------------------


def _unsigned(team_id, **headers):
    body, signed = click_request(
        team_id=team_id, user_id="U0EVE", action_id=slack.APPROVE, value="00000000-0000-0000-0000-000000000000",
        response_url="https://hooks.slack.com/actions/", secret="guessed-secret-0000000000000000",
    )  # fmt: skip
    signed.update(headers)
    response = post(body, signed)
    return response.status_code, response.json()


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a fresh timestamp, a signature made with a guessed secret
        {"HTTP_X_SLACK_REQUEST_TIMESTAMP": "1000000000"},  # a replay of long ago
        {"HTTP_X_SLACK_REQUEST_TIMESTAMP": "", "HTTP_X_SLACK_SIGNATURE": ""},  # no headers at all
        {"HTTP_X_SLACK_SIGNATURE": "v1=abc"},  # a signature of another scheme
    ],
    ids=["bad-signature", "stale", "no-headers", "other-scheme"],
)
def test_an_unsigned_caller_cannot_tell_a_connected_slack_team_from_an_unknown_one(wired, headers):
    connected = _unsigned(TEAM, **headers)
    unknown = _unsigned("T0NOBODY", **headers)
    assert connected[0] == 401
    assert unknown == connected


def test_the_operators_log_still_names_an_unknown_team(wired, caplog):
    with caplog.at_level("WARNING", logger="actions.slack_views"):
        status, answer = _unsigned("T0NOBODY")
    assert status == 401 and "T0NOBODY" not in answer["detail"]
    assert any(
        "T0NOBODY" in r.getMessage() and "no Brabo workspace" in r.getMessage() for r in caplog.records
    )


# -- a stale "Always allow" click writes nothing once the action was decided --------------------------------


def _decide_in_console(team, action_id, how, capture):
    from actions import services

    with capture(execute=True):
        if how == "approved":
            services.approve_action(action_id=action_id, actor=team.maintainer)
        else:
            services.deny_action(action_id=action_id, actor=team.maintainer, reason="no")


@pytest.mark.parametrize("how", ["approved", "denied"])
def test_a_stale_always_allow_click_after_the_decision_writes_nothing(
    wired, fake, agent_api, django_capture_on_commit_callbacks, how
):
    """The message offered "Always allow also writes Terminal(make build)"; max decided the action in the
    console before olivia's click arrived (her Slack still showed the buttons). Her click must not turn into
    a standing grant made from a view of the action that is no longer true: nothing written, a clear answer."""
    capture = django_capture_on_commit_callbacks
    _, infra_key = wired.world.agent(
        wired.project, wired.maintainer, "infra"
    )  # a pattern, not an autonomy row
    action_id = _propose(agent_api, capture, "terminal", {"command": "make build"}, key=infra_key)
    before = wired.project.permissions_path.read_text() if wired.project.permissions_path.exists() else ""
    _decide_in_console(wired, action_id, how, capture)
    _click(fake, capture, "U0OLIVIA", slack.ALWAYS, action_id)
    said = _said(fake)
    assert not SessionEvent.objects.filter(action_id=action_id, type="permission.granted").exists()
    after = wired.project.permissions_path.read_text() if wired.project.permissions_path.exists() else ""
    assert after == before
    assert said.startswith("Not done") and f"already {how}" in said


def test_always_allow_while_pending_and_the_consoles_after_approval_still_write(
    wired, fake, agent_api, django_capture_on_commit_callbacks
):
    from actions import services

    capture = django_capture_on_commit_callbacks
    _, infra_key = wired.world.agent(wired.project, wired.maintainer, "infra")
    pending = _propose(agent_api, capture, "terminal", {"command": "make build"}, key=infra_key)
    _click(fake, capture, "U0OLIVIA", slack.ALWAYS, pending)
    assert _said(fake) == "Approved." and _status(pending) != "pending"
    assert SessionEvent.objects.filter(action_id=pending, type="permission.granted").exists()

    # the console's own Always allow on an approved action (its page shows the state) is unchanged
    other = _propose(agent_api, capture, "terminal", {"command": "make test"}, key=infra_key)
    _decide_in_console(wired, other, "approved", capture)
    with capture(execute=True):
        services.approve_always(action_id=other, actor=wired.owner)
    assert SessionEvent.objects.filter(action_id=other, type="permission.granted").exists()


def test_a_suspended_member_decides_nothing_through_slack_or_an_email_link(
    wired, fake, mia, agent_api, django_capture_on_commit_callbacks
):
    """The doors themselves: her Slack link and her own e-mail link (her session still in the browser)."""
    capture = django_capture_on_commit_callbacks
    action_id = _propose(agent_api, capture)
    url = email_links.make(ProposedAction.objects.get(id=action_id), mia, DECIDE_APPROVE)
    browser = Client()
    browser.force_login(mia)
    _suspend(mia)
    _click(fake, capture, "U0MIA", slack.APPROVE, action_id)
    assert "(mia) is suspended, so your click decides nothing" in _said(fake)
    with capture(execute=True):
        answer = browser.post(url.removeprefix("https://brabo.example"))
    assert answer.status_code == 302 and "login" in answer["Location"]
    assert _status(action_id) == "pending"
    assert not SessionEvent.objects.filter(action_id=action_id, type__in=DECISIONS).exists()


# -- an agent's question: the e-mail offers no Approve link that could only be refused ----------------------


def test_a_questions_email_offers_deny_but_no_approve_link(
    wired, agent_api, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    question = _propose(agent_api, capture, "ask_human", {"question": "Deploy to eu-west or us-east?"})
    lines = "\n".join(email_links.email_lines(ProposedAction.objects.get(id=question), wired.owner))
    assert "Approve:" not in lines and "Deny: https://brabo.example/" in lines
    assert "answer it in the console" in lines

    ordinary = _propose(agent_api, capture)
    lines = "\n".join(email_links.email_lines(ProposedAction.objects.get(id=ordinary), wired.owner))
    assert "Approve: https://brabo.example/" in lines and "Deny: https://brabo.example/" in lines


# -- a named-reviewer team is changed only by who may change the rules naming it ----------------------------


def _put_team(team, user, team_id, members):
    return team.world.client(user).put(f"/api/teams/{team_id}/", {"members": members}, format="json")


@pytest.fixture
def finance(team, mia):
    """The owner's spend rule names team finance (olivia and ada): a spend needs two of them."""
    from actions import reviewers

    ada = team.world.user("ada")
    team.world.member(team.ws, ada, "maintainer")
    made = reviewers.create_team(
        actor=team.owner, workspace=team.ws, name="finance", members=["olivia", "ada"]
    )
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "spend", "approvals": 2, "min_role": "maintainer", "teams": ["finance"]}],
    )  # fmt: skip
    return made


@pytest.mark.parametrize(
    "members",
    [["olivia", "ada", "mia"], ["olivia", "mia"], ["olivia"], []],
    ids=["adds-herself", "swaps-ada-for-herself", "drops-ada", "empties"],
)
def test_a_maintainer_cannot_rewrite_the_team_an_owners_spend_rule_names(team, mia, finance, members):
    """mia (maintainer) may not set the spend rule (the owner's, R2.2); changing the members of the team it
    names is changing who approves a spend all the same: adding herself makes her the second approver."""
    refused = _put_team(team, mia, finance.id, members)
    assert refused.status_code == 403 and refused.json()["reason"] == "role_too_low"
    assert "spend" in refused.json()["detail"]
    assert sorted(u.username for u in finance.members.all()) == ["ada", "olivia"]


def test_teams_under_rules_a_maintainer_may_set_stay_theirs_to_change(team, mia, finance):
    from actions import reviewers

    # the owner changes the spend rule's team
    assert _put_team(team, team.owner, finance.id, ["olivia", "ada", "mia"]).status_code == 200
    # a team named only by a maintainer's rule (instruction_patch), or by none, is a maintainer's to change
    security = reviewers.create_team(actor=mia, workspace=team.ws, name="security", members=["mia"])
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[
            {"action_type": "spend", "approvals": 2, "min_role": "maintainer", "teams": ["finance"]},
            {"action_type": "instruction_patch", "approvals": 2, "min_role": "maintainer", "teams": ["security"]},
        ],
    )  # fmt: skip
    changed = _put_team(team, mia, security.id, ["mia", "max"])
    assert changed.status_code == 200 and changed.json()["members"] == ["max", "mia"]
    spare = reviewers.create_team(actor=mia, workspace=team.ws, name="spare", members=[])
    assert _put_team(team, mia, spare.id, ["mia"]).status_code == 200
