"""The console shows a person only the controls they can use (R1.1): every form on the members and keys
pages, pressed as it is offered, is carried out -- none answers a refusal. Read as an attacker would, from
each seat: owner, maintainer, developer, and a maintainer and a developer restricted to one project.
The server-side checks stay; ``test_team_console.py`` presses the hidden ones by hand."""

from __future__ import annotations

import html
import re
from itertools import count

import pytest
from django.contrib.messages import constants
from django.test import Client

from actions.tests.conftest import Proposer
from projects import teams
from projects.access import set_project_access
from projects.models import Agent, AutonomyRule, Membership

MEMBERS = "/admin/console/members/"
KEYS = "/admin/console/keys/"
SEATS = ("owner", "maintainer", "developer", "rmaint", "rdev")
_serial = count()

FORM = re.compile(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
SELECT = re.compile(r'<select name="([^"]+)"[^>]*>(.*?)</select>', re.S)
OPTION = re.compile(r'<option value="([^"]*)"\s*(selected)?')
TEXT = re.compile(r'<input type="text" name="([^"]+)"')


def _scene(world):
    """A workspace of its own (fresh names), with a member removed so two agents wait for a principal."""
    k = next(_serial)
    u = {seat: world.user(f"{seat}{k}") for seat in SEATS}
    u["leaver"] = world.user(f"leaver{k}")
    world.user(f"newbie{k}")
    ws = world.workspace(u["owner"], f"W{k}")
    for seat, role in (("maintainer", "maintainer"), ("developer", "developer"), ("rmaint", "maintainer")):
        world.member(ws, u[seat], role)
    world.member(ws, u["rdev"], "developer")
    world.member(ws, u["leaver"], "developer")
    app, secret = world.project(ws, f"app{k}"), world.project(ws, f"secret{k}")
    for seat in ("rmaint", "rdev"):
        set_project_access(Membership.objects.get(workspace=ws, user=u[seat]), [app])
    world.agent(app, u["leaver"], f"dev-l{k}")
    world.agent(secret, u["leaver"], f"dev-ls{k}")
    world.agent(app, u["owner"], f"dev-o{k}")
    world.agent(app, u["developer"], f"dev-d{k}")
    teams.remove_member(actor=u["owner"], workspace=ws, username=f"leaver{k}")
    teams.invite_member(actor=u["owner"], workspace=ws, role="developer", email=f"zed{k}@example.com")
    return k, u, ws


def _forms(page: str, k: int) -> list[tuple[str, dict]]:
    found = []
    for action, body in FORM.findall(page):
        data = dict(HIDDEN.findall(body))
        data.pop("csrfmiddlewaretoken", None)
        for name, options in SELECT.findall(body):
            opts = OPTION.findall(options)
            chosen = [v for v, sel in opts if sel] or [v for v, _ in opts]
            data[name] = chosen[0] if chosen else ""
        for name in TEXT.findall(body):
            data[name] = f"newbie{k}"
        found.append((html.unescape(action), data))
    return found


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _refusals(resp) -> list[str]:
    return [str(m) for m in resp.context["messages"] if m.level >= constants.ERROR] if resp.context else []


def _press_each(world, seat: str, url: str, skip=()) -> int:
    k, u, ws = _scene(world)
    n = len([f for f in _forms(_client(u[seat]).get(url).content.decode(), k) if not f[0].startswith(skip)])
    for i in range(n):  # each control on a fresh scene, so pressing one never spoils the next
        k, u, ws = _scene(world)
        c = _client(u[seat])
        forms = [f for f in _forms(c.get(url).content.decode(), k) if not f[0].startswith(skip)]
        action, data = forms[i]
        resp = c.post(action, data, follow=True)
        assert resp.status_code == 200, (seat, action, resp.status_code)
        assert not _refusals(resp), (seat, action, data, _refusals(resp))
    return n


@pytest.mark.parametrize("seat", SEATS)
def test_every_control_on_the_members_page_works_for_who_sees_it(world, seat):
    assert _press_each(world, seat, MEMBERS) >= 1  # everyone but the owner may leave; the owner has more


@pytest.mark.parametrize("seat", SEATS)
def test_every_control_on_the_keys_page_works_for_who_sees_it(world, seat):
    # personal tokens are everyone's own; the agent and runner keys are what a role may or may not press
    pressed = _press_each(world, seat, KEYS, skip=("/admin/console/keys/tokens/",))
    assert pressed >= (1 if seat in ("owner", "maintainer", "rmaint") else 0)


def test_a_restricted_maintainer_sees_no_workspace_wide_control(world):
    k, u, ws = _scene(world)
    page = _client(u["rmaint"]).get(MEMBERS).content.decode()
    assert "Invite someone" not in page and "Change role" not in page
    assert ">Remove<" not in page and ">Revoke<" not in page
    assert ">Leave<" in page  # anyone but the owner may leave
    assert f"zed{k}@example.com" in page  # listing invitations is theirs (GET invitations/ answers them)
    assert (
        f'data-suspended-agent="dev-l{k}"' in page and f"dev-ls{k}" not in page and f"secret{k}" not in page
    )


def test_the_reassign_list_offers_only_principals_the_reader_may_choose(world):
    k, u, ws = _scene(world)
    page = _client(u["maintainer"]).get(MEMBERS).content.decode()

    def choices(agent):
        found = re.search(rf'id="principal-{agent.id}"[^>]*>(.*?)</select>', page, re.S)
        assert found is not None, agent.name
        return {v for v, _ in OPTION.findall(found.group(1))}

    in_app = Agent.objects.get(name=f"dev-l{k}")
    in_secret = Agent.objects.get(name=f"dev-ls{k}")
    # above a maintainer: require_can_act_for refuses the owner
    assert choices(in_app) == {f"maintainer{k}", f"developer{k}", f"rmaint{k}", f"rdev{k}"}
    # the members restricted to app cannot be the principal of an agent in secret
    assert choices(in_secret) == {f"maintainer{k}", f"developer{k}"}


# -- the agent's card: the autopilot switch and the undo of an "Always allow" ------------------------------


def _card(c, agent, query=""):
    return c.get(f"/admin/console/agents/{agent.id}/{query}").content.decode()


def test_the_autopilot_switch_shows_only_to_who_may_set_the_agents_autonomy(team):
    owners_agent = team.world.agent(team.project, team.owner, "dev-own")[0]
    c = _client(team.maintainer)
    for query in ("", "?confirm=auto"):
        page = _card(c, owners_agent, query)
        # a maintainer cannot configure the owner's agent (R2.1): below_principal_role
        assert 'data-action="switch"' not in page and 'data-action="confirm-mode"' not in page
    assert 'data-action="switch"' in _card(c, team.agent)  # dev-api acts for max himself
    resp = c.post(f"/admin/console/agents/{owners_agent.id}/autopilot/", {"mode": "auto"}, follow=True)
    assert _refusals(resp)  # the server still refuses when pressed by hand
    dev = _client(team.developer)
    assert 'data-action="confirm-mode"' not in _card(dev, team.agent, "?confirm=auto")


def test_undo_shows_only_on_grants_the_reader_could_have_granted(team):
    api = Proposer(team)
    lead, key = team.world.agent(team.project, team.maintainer, "dev-lead")
    commit = api.propose("git_commit", {"message": "wip"}, key=key).json()["id"]
    branch = api.propose("git_branch_create", {"branch": "feature/q"}, key=key).json()["id"]
    for action_id in (commit, branch):
        resp = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve-always/")
        assert resp.status_code == 200, resp.content
    assert _card(_client(team.maintainer), lead).count('data-action="undo-grant"') == 2
    dev = _client(team.developer)
    # git_commit is a developer's to grant and undo; git_branch_create a maintainer's (R2.2)
    assert _card(dev, lead).count('data-action="undo-grant"') == 1
    for action, data in _forms(_card(dev, lead), 0):
        if "/grants/" in action:
            assert not _refusals(dev.post(action, data, follow=True))


# -- the agent's autonomy: read where GET /api/agents/{id}/autonomy/ answers (maintainer+), nowhere else ----

ROWS_TABLE = 'aria-labelledby="h-rows"'
MODE_LABEL = ("Autopilot</span>", "Manual</span>")


def _with_rows(team):
    AutonomyRule.objects.create(agent=team.agent, action_type="terminal", mode="auto_approve")
    AutonomyRule.objects.create(agent=team.agent, action_type="*", mode="auto_approve")


@pytest.mark.parametrize("seat", ["owner", "maintainer", "developer"])
def test_the_card_shows_autonomy_rows_and_mode_exactly_to_who_the_api_answers(team, seat):
    _with_rows(team)
    user = getattr(team, seat)
    api = team.world.client(user).get(f"/api/agents/{team.agent.id}/autonomy/")
    page = _card(_client(user), team.agent)
    reads = api.status_code == 200
    assert api.status_code in (200, 403), api.content
    assert (ROWS_TABLE in page) is reads, seat
    assert ("<code>terminal</code>" in page) is reads, seat
    assert any(label in page for label in MODE_LABEL) is reads, seat
    if not reads:  # the card says why, rather than showing nothing
        assert "maintainers and owners" in page


@pytest.mark.parametrize("seat", ["owner", "maintainer", "developer"])
def test_the_agents_list_shows_the_mode_exactly_to_who_the_api_answers(team, seat):
    _with_rows(team)
    user = getattr(team, seat)
    reads = team.world.client(user).get(f"/api/agents/{team.agent.id}/autonomy/").status_code == 200
    page = _client(user).get("/admin/console/agents/").content.decode()
    assert "dev-api" in page
    assert any(label in page for label in MODE_LABEL) is reads, seat


def test_a_restricted_maintainer_reads_the_mode_only_of_agents_in_projects_they_reach(world):
    k, u, ws = _scene(world)
    page = _client(u["rmaint"]).get("/admin/console/agents/").content.decode()
    assert f"dev-o{k}" in page and f"dev-ls{k}" not in page
    assert any(label in page for label in MODE_LABEL)  # maintainer of app: the API answers them there
