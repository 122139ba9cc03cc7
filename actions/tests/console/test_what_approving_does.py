"""The console says what approving will do, and what came of it, in sentences a person acts on."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from actions.models import ProposedAction
from actions.tests.console_forms import shown_fields
from permissions.messages import sentence, why_a_person


def _text_of(page: str) -> str:
    """The page's text as a person reads it: tags out, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def _text(response) -> str:
    return _text_of(response.content.decode())


def test_the_caps_read_in_plain_words_and_other_reasons_keep_their_sentence():
    assert (
        why_a_person("default", action_type="git_push", branch="feature/x") == "pushes always need a person"
    )
    assert (
        why_a_person("default", action_type="git_push", branch="main", protected=True)
        == "pushes always need a person; main is protected"
    )
    assert (
        why_a_person("cap_protected_merge", action_type="git_merge", branch="main", protected=True)
        == "main is protected: merging into it always needs a person"
    )
    # a rule that decided keeps its own sentence (R10.3), as does a type no cap speaks for
    assert why_a_person("ask_rule", action_type="git_push", branch="main", protected=True) == sentence(
        "ask_rule"
    )
    assert why_a_person("default", action_type="terminal") == sentence("default")


def test_a_failed_action_page_says_what_failed_and_what_next_without_codes_json_or_server_paths(
    team, make_action, login
):
    root = team.project.root()
    action = make_action(
        team.project,
        "git_push",
        {"branch": "main"},
        status="failed",
        result={
            "error": {
                "code": "branch_missing",
                "message": f"The branch 'main' does not exist in the project's worktree: fatal: {root}/.git not found",
                "next_step": "Create and commit on the branch first, then propose the push again.",
            }
        },
    )
    page = _text(login(team.maintainer).get(f"/admin/console/actions/{action.id}/"))
    assert "It failed: The branch 'main' does not exist in the project's worktree" in page
    assert "Next: Create and commit on the branch first, then propose the push again." in page
    assert root not in page and str(Path(root).parent) not in page
    assert '"code"' not in page and "branch_missing" not in page and "It ran and failed" not in page


@pytest.mark.django_db(transaction=True)
def test_approving_in_the_console_without_a_broker_answers_at_once_that_it_runs(
    team, agent_api, login, in_process_worker
):
    action_id = agent_api.propose("parallelize", {"count": 2}).json()["id"]
    page = _text(
        login(team.maintainer).post(
            f"/admin/console/actions/{action_id}/approve/", shown_fields(action_id), follow=True
        )
    )
    # claimed on commit, before the page answers: running, or on a quick worker thread already done -- the
    # page says which, never "sent to execution" (that would be a claim still to come)
    running = "It is running now; its page shows the progress, then the output."
    assert running in page or "It ran and succeeded." in page, page
    assert "Sent to execution" not in page
    assert in_process_worker.drain()
    assert ProposedAction.objects.get(id=action_id).status == "executed"
    done = _text(login(team.maintainer).get(f"/admin/console/actions/{action_id}/"))
    assert "It ran and succeeded." in done or "It ran and exited" in done


def test_a_hook_write_of_a_secret_file_shows_its_content_with_the_secrets_masked(team, make_action, login):
    secret = "ghp_Zx8Kq2Lm9Pv4Rt7Yw1Bn6Cd3Fg5Hj0KlMnOp"
    action = make_action(
        team.project,
        "write_file",
        {"path": ".env", "content": f"DEBUG=false\nGITHUB_TOKEN={secret}\n", "runs_in": "agent"},
        status="pending",
        agent=team.agent,
    )
    c = login(team.maintainer)
    for url in ("/admin/console/", f"/admin/console/actions/{action.id}/"):
        page = _text(c.get(url))
        assert "DEBUG=false" in page and "GITHUB_TOKEN=[REDACTED]" in page, url
        assert secret not in page, url


def test_an_action_of_a_suspended_agent_offers_no_approve_but_the_way_to_reassign_it(team, agent_api, login):
    from projects.teams import remove_member

    action_id = agent_api.propose("git_push", {"branch": "feature/x"}).json()["id"]
    remove_member(actor=team.owner, workspace=team.ws, username="max")  # dev-api's principal leaves
    page = login(team.owner).get(f"/admin/console/actions/{action_id}/").content.decode()
    assert 'data-action="approve"' not in page and 'data-action="always"' not in page
    text = _text_of(page)
    assert "Approving would fail: the agent dev-api is suspended" in text
    assert "reassigns its principal on the Members page, then approves it here; or deny it." in text
    assert 'href="/admin/console/members/"' in page
    assert 'data-action="deny"' in page  # denying still works
