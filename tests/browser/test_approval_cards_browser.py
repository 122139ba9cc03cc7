"""What approving will do, in real headless Chromium: the card says what approving will do (a file's content or diff with
secrets masked, the commits and files of a push, a protected branch, a spend against the budget left), and
an approved command runs in the background, its page counting "running… N s" and then showing the output."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from actions import budgets
from actions.models import ProposedAction
from actions.tests.conftest import Proposer

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECRET = "sk_live_9fQ2xLmP4vR7tY1wZ8bN3cK6"


def _card(page, action_id):
    return page.locator(f'li.queue-row[data-action-id="{action_id}"]')


def _pending(response):
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "pending", body
    return body["id"]


def _folder(team) -> Path:
    folder = Path(team.project.root())
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_write_file_card_shows_the_diff_against_the_worktree_with_secrets_masked(page, team):
    folder = _folder(team)
    (folder / "config").mkdir()
    (folder / "config" / "app.env").write_text("DEBUG=true\nPORT=8000\nAPI_KEY=old-value-kept-out\n")
    agent = Proposer(team)
    changed = _pending(
        agent.propose(
            "write_file",
            {
                "path": "config/app.env",
                "content": f"DEBUG=false\nPORT=8000\nAPI_KEY={SECRET}\nNOTE={'x' * 300}\n",
            },
        )
    )
    new = _pending(agent.propose("write_file", {"path": "notes/todo.md", "content": "# To do\n- ship it\n"}))

    login(page, "max")
    diff = _card(page, changed).locator("[data-diff]")
    lines = diff.inner_text().splitlines()
    assert "-DEBUG=true" in lines and "+DEBUG=false" in lines
    assert " PORT=8000" in lines  # context, unchanged
    assert any(line.startswith("+API_KEY=") and "REDACTED" in line for line in lines)
    assert SECRET not in page.content() and "old-value-kept-out" not in page.content()
    assert "changes against the file now in the worktree" in _card(page, changed).inner_text()

    content = _card(page, new).locator("[data-content]")
    assert content.inner_text().splitlines() == ["# To do", "- ship it"]
    assert "a new file, 2 lines" in _card(page, new).inner_text()

    page.goto(f"/admin/console/actions/{changed}/")  # the action's page shows the same, in full
    assert "+DEBUG=false" in page.locator("[data-diff]").inner_text().splitlines()
    assert SECRET not in page.content()

    page.set_viewport_size({"width": 420, "height": 900})  # the diff wraps; the page never scrolls sideways
    for url in ("/admin/console/", f"/admin/console/actions/{changed}/"):
        page.goto(url)
        page.locator("[data-diff]").first.wait_for()
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{url} scrolls sideways by {overflow}px at 420 px"


def _git(folder: Path, *args: str) -> None:
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(folder),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Ana",
        "GIT_AUTHOR_EMAIL": "ana@example.test",
        "GIT_COMMITTER_NAME": "Ana",
        "GIT_COMMITTER_EMAIL": "ana@example.test",
    }
    subprocess.run(["git", *args], cwd=folder, env=env, check=True, capture_output=True)


def test_a_push_card_lists_its_commits_and_files_and_says_the_branch_is_protected(page, team):
    folder = _folder(team)
    _git(folder, "init", "-q", "-b", "main")
    (folder / "app.py").write_text("print('hi')\n")
    _git(folder, "add", "app.py")
    _git(folder, "commit", "-q", "-m", "Add the app")
    (folder / "README.md").write_text("# app\n")
    (folder / "app.py").write_text("print('hello')\n")
    _git(folder, "add", "README.md", "app.py")
    _git(folder, "commit", "-q", "-m", "Say hello and document it")
    _git(folder, "checkout", "-q", "-b", "feature/login")
    agent = Proposer(team)
    to_main = _pending(agent.propose("git_push", {"branch": "main"}))
    to_feature = _pending(agent.propose("git_push", {"branch": "feature/login"}))

    login(page, "max")
    card = _card(page, to_main)
    subjects = card.locator("[data-commits] li").all_inner_texts()
    assert [s.split(" ", 1)[1].split(" — ")[0] for s in subjects] == [
        "Say hello and document it",
        "Add the app",
    ]
    files = card.locator("[data-files] li").all_inner_texts()
    assert files == ["added README.md", "added app.py"]  # app.py was added, then changed: added
    assert card.locator("[data-protected]").inner_text() == "main is a protected branch"
    why = card.locator(".why").inner_text()
    assert "pushes always need a person; main is protected" in why
    assert "no rule matches" not in why

    other = _card(page, to_feature)
    assert other.locator("[data-protected]").count() == 0
    assert "pushes always need a person" in other.locator(".why").inner_text()
    assert "is protected" not in other.locator(".why").inner_text()


def test_an_over_budget_spend_offers_no_approve_and_says_how_to_raise_the_budget(page, team):
    budgets.set_workspace_budget(actor=team.owner, workspace=team.ws, currency="EUR", monthly_amount="100")
    _, key = team.world.agent(team.project, team.owner, "dev-pay")  # spends need the owner's role
    agent = Proposer(team)
    fits = _pending(agent.propose("spend", {"amount": "40", "currency": "EUR", "purpose": "tokens"}, key=key))
    over = _pending(
        agent.propose("spend", {"amount": "150", "currency": "EUR", "purpose": "a GPU week"}, key=key)
    )

    login(page, "olivia")
    card = _card(page, over)
    assert card.get_by_role("button", name="Approve").count() == 0
    assert card.get_by_role("button", name=re.compile("Always allow")).count() == 0
    blocked = card.locator("[data-blocked]")
    assert "Approving would fail" in blocked.inner_text()
    assert blocked.get_by_role("link", name="Budget page").get_attribute("href") == "/admin/console/budget/"
    line = card.locator('[data-budget="workspace"]').inner_text()
    assert "100.00 EUR left of 100.00" in line and "does not fit" in line
    assert "150.00 EUR" in card.locator('[data-what="spend"]').inner_text()

    ok = _card(page, fits)
    assert ok.get_by_role("button", name="Approve").count() == 1
    assert (
        "100.00 EUR left of 100.00 → 60.00 after this spend"
        in ok.locator('[data-budget="workspace"]').inner_text()
    )
    assert ProposedAction.objects.get(id=over).status == "pending"


# A command that runs until the test lets it finish (the file `go` appears); its own bound (1,200 ticks of at
# least 0.1 s) only ends a stray one after a broken test, never a busy machine's slow page steps.
HELD = (
    "i=0; while [ ! -e go ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done; echo finished after $i ticks"
)


def test_an_approved_command_runs_in_the_background_and_its_page_shows_progress_then_output(
    page, team, local_base, in_process_worker
):
    from containers.bwrap import bwrap_path

    if bwrap_path() is None:
        pytest.skip("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
    root = local_base / "app"
    root.mkdir()
    project = team.world.project(team.ws, "local-app", execution_mode="local", local_path=str(root))
    _, key = team.world.agent(project, team.maintainer, "dev-local")
    action_id = _pending(Proposer(team).propose("terminal", {"command": HELD}, key=key))

    page.clock.install()  # the page's seconds advance only when the test says so
    login(page, "max")
    page.goto(f"/admin/console/actions/{action_id}/")
    page.get_by_role("button", name="Approve", exact=True).click()

    running = page.locator("[data-running]")
    running.wait_for()  # the answer came back while the command still runs (nothing created `go`)
    assert ProposedAction.objects.get(id=action_id).status == "executing"
    assert page.get_by_text("It is running now").count() == 1
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # from here the page's time moves only on demand
    start = int(page.locator("[data-running-seconds]").inner_text())
    page.clock.run_for(12_000)
    assert running.inner_text() == f"running… {start + 12} s"

    (root / "go").touch()
    output = page.locator("[data-stdout]")
    output.wait_for()  # the settle's live event reloads the page with the output
    assert output.inner_text().startswith("finished after")
    assert page.locator("[data-exit-code]").get_attribute("data-exit-code") == "0"
    assert in_process_worker.drain()
