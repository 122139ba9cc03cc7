"""The console tells the truth: counts that do not multiply, what "Always allow" grants before it
grants it, what became of an approved action, and previews only where a click is still possible."""

from __future__ import annotations

import html
import re

import pytest

from actions.models import ProposedAction
from actions.tests.console_forms import shown_fields
from projects.models import AutonomyRule


def _text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_agents_page_counts_each_pending_action_once_whatever_the_autonomy_rows(team, agent_api, login):
    for action_type in ("git_commit", "write_file", "git_branch_create"):
        AutonomyRule.objects.create(agent=team.agent, action_type=action_type, mode="require_approval")
    for n in range(5):
        r = agent_api.propose("terminal", {"command": f"cat notes-{n}.txt"})
        assert r.json()["status"] == "pending"
    page = login(team.maintainer).get("/admin/console/agents/").content.decode()
    found = re.search(r"dev-api.*?</tr>", page, re.S)
    assert found is not None
    row = found.group(0)
    assert re.search(r"\b5\b", row) and not re.search(r"\b(10|15|20)\b", row)


def test_always_allow_on_a_dev_module_agent_asks_first_and_says_exactly_what_it_grants(
    team, agent_api, login
):
    action_id = agent_api.propose("write_file", {"path": "notes.txt", "content": "x"}).json()["id"]
    c = login(team.maintainer)
    detail = _text(c.get(f"/admin/console/actions/{action_id}/"))
    assert "Always allow all write_file…" in detail
    # One click does not grant: it leads to a page that says what would be granted.
    r = c.post(f"/admin/console/actions/{action_id}/always/", shown_fields(action_id))
    assert r.status_code == 302 and r["Location"].endswith(f"/admin/console/actions/{action_id}/always/")
    assert not AutonomyRule.objects.filter(agent=team.agent).exists()
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    confirm = _text(c.get(r["Location"]))
    assert "write_file: auto_approve" in confirm and "not only this one" in confirm
    assert "Yes, auto-approve every write_file of dev-api" in confirm
    assert "dev-api's page" in confirm  # where the Undo is
    # The confirmed click grants it.
    done = _text(
        c.post(
            f"/admin/console/actions/{action_id}/always/",
            shown_fields(action_id, {"confirm": "yes"}),
            follow=True,
        )
    )
    assert "now auto-approves every write_file action" in done
    assert AutonomyRule.objects.get(agent=team.agent, action_type="write_file").mode == "auto_approve"


def test_always_allow_on_a_dev_module_agent_terminal_writes_the_row_only_after_naming_it(
    team, agent_api, login
):
    # R7.4 (RN-509): a dev-<module> agent's click writes `terminal: auto_approve` — every command of the
    # agent, not only this one — so it is never one click and its confirmation says so.
    action_id = agent_api.propose("terminal", {"command": "cat notes.txt"}).json()["id"]
    c = login(team.maintainer)
    r = c.post(f"/admin/console/actions/{action_id}/always/", shown_fields(action_id))
    assert r.status_code == 302 and not AutonomyRule.objects.filter(agent=team.agent).exists()
    confirm = _text(c.get(r["Location"]))
    assert "terminal: auto_approve" in confirm and "not only this one" in confirm
    done = _text(
        c.post(
            f"/admin/console/actions/{action_id}/always/",
            shown_fields(action_id, {"confirm": "yes"}),
            follow=True,
        )
    )
    assert "now auto-approves every terminal action" in done
    assert AutonomyRule.objects.get(agent=team.agent, action_type="terminal").mode == "auto_approve"
    assert agent_api.propose("terminal", {"command": "touch x"}).json()["status"] == "auto_approved"


def test_a_pattern_writing_always_allow_needs_no_confirmation(team, agent_api, login, world):
    agent, key = world.agent(team.project, team.maintainer, "qa")
    action_id = agent_api.propose("terminal", {"command": "cat src/x.ts"}, key=key).json()["id"]
    r = login(team.maintainer).post(
        f"/admin/console/actions/{action_id}/always/", shown_fields(action_id), follow=True
    )
    assert "wrote Terminal(cat) to permissions.json" in _text(r)


@pytest.mark.django_db(transaction=True)  # execution is enqueued on commit
def test_approve_says_what_became_of_the_action(team, agent_api, login):
    # container_start in a container project with no broker port configured fails as soon as it runs
    # (in-process worker); with a real broker and no worker it is still queued. Either way the message
    # says which, instead of a bare "Approved: container_start “”".
    action_id = agent_api.propose("container_start", {}).json()["id"]
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    page = _text(
        login(team.maintainer).post(
            f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id), follow=True
        )
    )
    action = ProposedAction.objects.get(id=action_id)
    assert "Approved: container_start." in page  # no empty quotes for a payload with nothing to show
    sent = "Sent to execution; its page shows the result when it finishes."
    # the worker may settle the action after the page was rendered: the page told a state it was in then
    possible = {
        "failed": [sent, "It failed: "],
        "executed": [sent, "It ran and succeeded."],
        "approved": [sent],
        "executing": [sent],
    }[action.status]
    assert any(message in page for message in possible), page
    assert "(failed)" not in page and '"code"' not in page  # a sentence, no raw code or JSON


def test_the_always_allow_preview_shows_only_while_the_action_is_pending(team, agent_api, login):
    action_id = agent_api.propose("terminal", {"command": "cat notes.txt"}).json()["id"]
    c = login(team.maintainer)
    assert "What “Always allow” would write" in _text(c.get(f"/admin/console/actions/{action_id}/"))
    c.post(f"/admin/console/actions/{action_id}/deny/", shown_fields(action_id, {"reason": "no"}))
    assert "What “Always allow” would write" not in _text(c.get(f"/admin/console/actions/{action_id}/"))


def test_console_pages_cite_no_rule_ids(team, agent_api, login):
    action_id = agent_api.propose("git_push", {"branch": "feature/x"}).json()["id"]
    c = login(team.maintainer)
    for url in (
        "/admin/console/",
        f"/admin/console/actions/{action_id}/",
        "/admin/console/agents/",
        f"/admin/console/agents/{team.agent.id}/",
        "/admin/console/containers/",
    ):
        page = _text(c.get(url))
        assert not re.search(r"\((R\d+\.\d+|RN-\d+|ADR \d+)", page), url
