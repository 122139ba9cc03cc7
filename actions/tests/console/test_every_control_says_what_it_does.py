"""Every control that changes who or what may act says, inside its own form and before the click, what the click
does: what stops, what keeps working, for whom, and whether it can be undone. Keys, members, suspended agents,
invitations, ownership, webhooks, containers, and the admin's bulk revoke (which asks on a page of its own)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from actions import quorum
from actions.models import ProposedAction, SessionEvent
from actions.notification_models import WebhookEndpoint
from containers import runners
from containers.models import ProjectContainer, Runner
from projects import keys, teams

pytestmark = pytest.mark.django_db


def _form(page: str, url: str) -> str:
    """The form that posts to ``url``: the sentence must sit in it, beside its button."""
    found = re.findall(rf'<form[^>]*action="{re.escape(url)}"[^>]*>(.*?)</form>', page, re.S)
    assert found, f"no form posts to {url}"
    return found[0]


def _says(page: str, url: str, control: str) -> str:
    form = _form(page, url)
    found = re.findall(rf'data-says="{control}"[^>]*>(.*?)</p>', form, re.S)
    assert found, f"nothing beside {control} ({url}) says what it does"
    return " ".join(re.sub(r"<[^>]+>", "", found[0]).split())


def _has(text: str, *words: str) -> None:
    missing = [w for w in words if w.lower() not in text.lower()]
    assert not missing, f"{missing} not said in: {text!r}"


@pytest.fixture
def planted(team, world):
    token, _ = keys.create_personal_token(actor=team.owner, name="laptop")
    runner, _ = runners.issue_runner(actor=team.owner, project=team.project, name="box")
    sam = world.user("sam")
    world.member(team.ws, sam, "developer")
    sams_agent, _ = world.agent(team.project, sam, "sams-bot")
    teams.remove_member(actor=team.owner, workspace=team.ws, username="sam")
    invitation, _ = teams.invite_member(
        actor=team.owner, workspace=team.ws, role="developer", email="newbie@example.com"
    )
    on = WebhookEndpoint.objects.create(
        workspace=team.ws, name="ops", url="https://hooks.example/on", secret_encrypted="s"
    )
    off = WebhookEndpoint.objects.create(
        workspace=team.ws, name="old", url="https://hooks.example/off", secret_encrypted="s", active=False
    )
    ProjectContainer.objects.update_or_create(project=team.project, defaults={"state": "running"})
    return {
        "token": token,
        "runner": runner,
        "suspended": sams_agent,
        "invitation": invitation,
        "on": on,
        "off": off,
    }


def _page(login, user, name: str) -> str:
    response = login(user).get(reverse(f"admin:console-{name}"))
    assert response.status_code == 200
    return response.content.decode()


def test_revoking_a_personal_token_says_it_stops_at_once_for_good(team, planted, login):
    page = _page(login, team.owner, "keys")
    says = _says(page, reverse("admin:console-token-revoke", args=[planted["token"].id]), "token-revoke")
    _has(says, "laptop", "at once", "401", "cannot be undone", "other tokens")


@pytest.mark.parametrize("kind", ["agent", "runner"])
def test_rotating_a_key_says_what_the_old_key_does_with_and_without_an_overlap(team, planted, login, kind):
    page = _page(login, team.owner, "keys")
    row = team.agent if kind == "agent" else planted["runner"]
    says = _says(page, reverse(f"admin:console-{kind}-rotate", args=[row.id]), f"{kind}-rotate")
    _has(says, row.name, "new key", "shown once", "0", "stops at once", "minutes", "cannot be undone")
    if kind == "agent":
        _has(says, "principal", "autonomy")
    else:
        _has(says, "restart")


def test_changing_a_role_says_it_reaches_the_members_agents_at_once(team, planted, login):
    page = _page(login, team.owner, "members")
    says = _says(page, reverse("admin:console-member-role", args=[team.ws.id, "dev"]), "member-role")
    _has(says, "dev", "at once", "agents", "change it back")


def test_removing_a_member_says_access_ends_and_their_agents_are_suspended(team, planted, login):
    page = _page(login, team.owner, "members")
    says = _says(page, reverse("admin:console-member-remove", args=[team.ws.id, "dev"]), "member-remove")
    _has(says, "dev", "access to acme at once", "agents", "suspended", "refused", "invite", "reassign")


def test_leaving_says_what_you_lose(team, planted, login):
    page = _page(login, team.developer, "members")
    says = _says(page, reverse("admin:console-member-remove", args=[team.ws.id, "dev"]), "member-remove")
    _has(says, "your access to acme at once", "suspended", "new invitation")


def test_offering_ownership_says_what_moves_and_what_stays(team, planted, login):
    page = _page(login, team.owner, "members")
    says = _says(page, reverse("admin:console-ownership-offer", args=[team.ws.id]), "ownership-offer")
    _has(says, "max", "accept", "credentials", "maintainer", "withdraw")


def test_revoking_an_invitation_says_the_link_stops(team, planted, login):
    url = reverse("admin:console-invitation-revoke", args=[team.ws.id, planted["invitation"].id])
    says = _says(_page(login, team.owner, "members"), url, "invitation-revoke")
    _has(says, "newbie", "link", "stops working at once", "invite", "again")


def test_reassigning_a_suspended_agent_says_it_resumes_with_the_new_principals_role(team, planted, login):
    url = reverse("admin:console-agent-reassign", args=[planted["suspended"].id])
    says = _says(_page(login, team.owner, "members"), url, "agent-reassign")
    _has(says, "sams-bot", "resumes", "same key", "role", "acts for")


@pytest.mark.parametrize(
    "which,control,words",
    [
        ("on", "webhook-disable", ("ops", "sends nothing", "not sent later", "delivery log", "enable")),
        ("off", "webhook-enable", ("old", "new events", "not sent")),
        (
            "on",
            "webhook-rotate",
            ("ops", "old secret", "at once", "shown once", "receiver", "cannot be undone"),
        ),
        ("on", "webhook-delete", ("ops", "delivery log", "cannot be undone", "disable")),
        ("off", "webhook-delete", ("old", "delivery log", "cannot be undone")),
    ],
)
def test_every_webhook_control_says_what_it_does(team, planted, login, which, control, words):
    endpoint = planted[which]
    url = reverse(f"admin:console-{control}", args=[endpoint.id])
    _has(_says(_page(login, team.owner, "notifications"), url, control), *words)


@pytest.mark.parametrize(
    "kind,words",
    [
        ("stop", ("app", "proposes", "queue", "stops", "container_start")),
        ("remove", ("app", "proposes", "queue", "re-provision", "never auto-approved")),
    ],
)
def test_container_stop_and_remove_say_they_are_proposals_and_what_they_end(
    team, planted, login, kind, words
):
    url = reverse("admin:console-container-propose", args=[team.project.id, kind])
    _has(_says(_page(login, team.owner, "containers"), url, f"container-{kind}"), *words)


# -- the admin's bulk revoke: a confirmation page that says it, and nothing revoked before it --------------


def _staff(user):
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


def test_the_admins_bulk_revoke_asks_on_a_page_that_says_what_it_does(team, planted, login):
    other, _ = runners.issue_runner(actor=team.owner, project=team.project, name="spare")
    ids = [str(planted["runner"].id), str(other.id)]
    client = login(_staff(team.owner))
    asked = client.post(
        "/admin/containers/runner/", {"action": "revoke_selected", "_selected_action": ids, "index": 0}
    )
    assert asked.status_code == 200
    assert not Runner.objects.filter(id__in=ids, revoked_at__isnull=False).exists(), "revoked before it asked"
    page = asked.content.decode()
    found = re.findall(r'data-says="runner-revoke"[^>]*>(.*?)</p>', page, re.S)
    assert found, "the confirmation page does not say what revoking does"
    says = " ".join(re.sub(r"<[^>]+>", "", found[0]).split())
    _has(says, "401", "at once", "runner_revoked", "queued", "other runners", "cannot be undone")
    assert "box" in page and "spare" in page

    done = client.post(
        "/admin/containers/runner/",
        {"action": "revoke_selected", "_selected_action": ids, "index": 0, "post": "yes"},
        follow=True,
    )
    assert "Revoked 2 runner(s)" in done.content.decode()
    assert Runner.objects.filter(id__in=ids, revoked_at__isnull=False).count() == 2


def test_the_admins_bulk_revoke_names_what_it_does_in_its_menu(team, planted, login):
    page = login(_staff(team.owner)).get("/admin/containers/runner/").content.decode()
    assert re.search(r'<option value="revoke_selected">[^<]*at once[^<]*</option>', page)


def test_a_revoked_runner_keeps_no_revoke_anywhere(team, planted, login):
    """The confirmation lists only what it would revoke: a revoked runner is said to be revoked already."""
    Runner.objects.filter(id=planted["runner"].id).update(revoked_at=timezone.now())
    client = login(_staff(team.owner))
    asked = client.post(
        "/admin/containers/runner/",
        {"action": "revoke_selected", "_selected_action": [str(planted["runner"].id)], "index": 0},
    ).content.decode()
    assert "already revoked" in asked


# -- Slack, grants, two-person rules and ownership's second step -------------------------------------------


@pytest.fixture
def slack_linked(team):
    from actions import slack
    from actions.channel_models import SlackMemberLink

    installation = slack.configure(
        actor=team.owner, workspace=team.ws, team_id="T0ACME", channel="#approvals", bot_token="xoxb-t",
        signing_secret="s" * 32,
    )  # fmt: skip
    SlackMemberLink.objects.create(installation=installation, user=team.owner, slack_user_id="U0OLIVIA")
    return installation


def test_unlinking_slack_says_your_clicks_stop_deciding(team, slack_linked, login):
    url = reverse("admin:console-slack-unlink", args=[team.ws.id])
    _has(_says(_page(login, team.owner, "notifications"), url, "slack-unlink"),
         "decide nothing", "at once", "console", "link it again")  # fmt: skip


def test_disconnecting_slack_says_every_members_buttons_stop(team, slack_linked, login):
    url = reverse("admin:console-slack-remove", args=[team.ws.id])
    _has(_says(_page(login, team.owner, "notifications"), url, "slack-remove"),
         "Acme", "every member", "decide nothing", "bot token", "signing secret", "link again")  # fmt: skip


@pytest.mark.parametrize(
    "agent,words",
    [
        ("dev-api", ("autonomy row", "terminal", "wait for a person", "already", "stay", "again")),
        ("qa", ("Terminal(cat)", "permissions.json", "every agent", "wait for a person", "already", "again")),
    ],
)
def test_undoing_a_grant_says_what_waits_again_and_what_stays(team, agent_api, login, agent, words):
    key = team.agent_key if agent == "dev-api" else team.world.agent(team.project, team.maintainer, agent)[1]
    action_id = agent_api.propose("terminal", {"command": "cat notes.txt"}, key=key).json()["id"]
    assert (
        team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve-always/").status_code
        == 200
    )
    grant = SessionEvent.objects.filter(type="permission.granted", action_id=action_id).get()
    card = ProposedAction.objects.get(id=action_id).agent
    assert card is not None
    page = login(team.maintainer).get(reverse("admin:console-agent", args=[card.id])).content.decode()
    url = reverse("admin:console-grant-undo", args=[card.id, grant.id])
    _has(_says(page, url, "grant-undo"), *words)


def test_removing_a_two_person_rule_says_one_approval_decides_even_what_waits(team, login):
    quorum.set_approval_rules(
        actor=team.owner, project=team.project,
        rules=[{"action_type": "git_merge", "approvals": 2, "min_role": "maintainer"}],
    )  # fmt: skip
    page = login(team.owner).get(reverse("admin:console-approval-rules", args=[team.project.id])).content
    form = re.findall(
        r"<form[^>]*>((?:(?!</form>).)*?name=\"do\" value=\"remove\".*?)</form>", page.decode(), re.S
    )
    assert form, "no remove form"
    found = re.findall(r'data-says="rule-remove"[^>]*>(.*?)</p>', form[0], re.S)
    assert found, "nothing beside Remove says what it does"
    _has(" ".join(re.sub(r"<[^>]+>", "", found[0]).split()),
         "git_merge", "one approval", "already waiting", "auto-approve")  # fmt: skip


@pytest.mark.parametrize("who", ["owner", "maintainer"])
def test_ownerships_second_step_says_what_it_does(team, login, who):
    teams.offer_ownership(actor=team.owner, workspace=team.ws, username="max")
    page = _page(login, getattr(team, who), "members")
    cancel = _says(page, reverse("admin:console-ownership-cancel", args=[team.ws.id]), "ownership-cancel")
    _has(cancel, "offer ends", "nothing else changes")
    if who == "maintainer":
        accept = _says(page, reverse("admin:console-ownership-accept", args=[team.ws.id]), "ownership-accept")
        _has(accept, "you become the owner", "Acme", "olivia", "maintainer", "credentials", "at once")


def _beside(page: str, control: str) -> str:
    """The sentence a page puts beside ``control`` (a form that posts to the page itself has no action to find
    it by)."""
    found = re.findall(rf'data-says="{control}"[^>]*>(.*?)</p>', page, re.S)
    assert found, f"nothing says what {control} does"
    return " ".join(re.sub(r"<[^>]+>", "", found[0]).split())


def _editor(team, login, user, post: dict | None = None) -> str:
    url = reverse("admin:console-permissions", args=[team.project.id])
    client = login(user)
    response = client.post(url, post) if post else client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("loosens", [False, True], ids=["tightens", "loosens"])
def test_accepting_or_restoring_an_outside_change_says_what_becomes_the_policy(team, login, loosens):
    """R3.5: a permissions.json changed outside Brabo. Accept and Restore each say what the click makes the
    policy in force, for whom, and what the other version loses."""
    import json

    owner = team.world.client(team.owner)
    owner.put(
        f"/api/projects/{team.project.id}/permissions/",
        {"allow": ["Terminal(npm test)"], "ask": ["Terminal(git push)"]},
        format="json",
    )
    on_disk = {"allow": ["Terminal(npm test)"], "deny": ["Terminal(curl)"], "ask": ["Terminal(git push)"]}
    if loosens:
        on_disk = {"allow": ["Terminal(npm test)", "Terminal(npm run lint)"], "deny": [], "ask": []}
    team.project.permissions_path.write_text(json.dumps(on_disk))
    page = _editor(team, login, team.owner)
    accept = _beside(page, "permissions-accept")
    _has(accept, "policy in force", "every agent", team.project.name, "on disk", "changed since")
    if loosens:
        _has(accept, "grants", "Terminal(npm run lint)")
    restore = _beside(page, "permissions-restore")
    _has(restore, "accepted version", "over the file on disk", "outside change", "copy")


def test_checking_and_saving_the_rules_say_what_they_write(team, login):
    page = _editor(team, login, team.owner)
    _has(_beside(page, "permissions-review"), "nothing is written", "lint", "what would change")
    text = '{"allow": ["Terminal(npm test)"], "deny": [], "ask": []}'
    page = _editor(team, login, team.owner, {"step": "review", "text": text, "base": ""})
    save = _beside(page, "permissions-save")
    _has(save, "every agent", team.project.name, "accepted version", "changed since you opened", "grant")
