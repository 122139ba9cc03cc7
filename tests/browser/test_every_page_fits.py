"""Every console page fits a 1280 px and a 420 px window — no horizontal scroll — with the long
names, addresses and URLs real teams have. The page list is the console's own URL list (a new page without
an entry here fails the test, so it is never left out)."""

from __future__ import annotations

import pytest

from actions.models import ProposedAction
from actions.tests.conftest import Proposer

from .conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "a-rather-long-name-without-any-space-" * 3


def _world(team):
    from actions.notifications import create_endpoint
    from projects import teams
    from projects.keys import create_personal_token
    from projects.services import set_project_git

    agent = Proposer(team)
    pending = agent.propose("terminal", {"command": "npm ci && npm run build -- --reporter=" + "v" * 200})
    agent.propose("write_file", {"path": "src/" + "deep/" * 30 + "x.ts", "content": "x" * 400})
    lead, _ = team.world.agent(team.project, team.maintainer, "dev-" + "l" * 60)
    teams.invite_member(
        actor=team.owner, workspace=team.ws, email="someone." + "x" * 60 + "@example.com", role="developer"
    )
    create_personal_token(actor=team.maintainer, name="ci-" + "t" * 70)
    create_endpoint(
        actor=team.owner,
        workspace=team.ws,
        name="alerts-" + "n" * 70,
        url="https://hooks.example.com/services/" + "T0" * 60,
        format="generic",
        kinds=["pending"],
    )
    set_project_git(
        project=team.project,
        actor=team.owner,
        repository="acme/" + "r" * 80,
        git_remote_url="https://github.com/acme/" + "r" * 80 + ".git",
        default_branch="main",
    )
    action = ProposedAction.objects.get(id=pending.json()["id"])
    p, a, w = team.project.id, team.agent.id, team.ws.id
    return {
        "queue": "/admin/console/",
        "action": f"/admin/console/actions/{action.id}/",
        "always": f"/admin/console/actions/{action.id}/always/",
        "agents": "/admin/console/agents/",
        "agent": f"/admin/console/agents/{a}/",
        "projects": "/admin/console/projects/",
        "permissions": f"/admin/console/projects/{p}/permissions/",
        "stats": f"/admin/console/projects/{p}/stats/",
        "project-git": f"/admin/console/projects/{p}/git/",
        "approval-rules": f"/admin/console/projects/{p}/approvals/",
        "containers": "/admin/console/containers/",
        "history": "/admin/console/history/",
        "history-team": f"/admin/console/history/?workspace={w}&log=team",
        "notifications": "/admin/console/notifications/",
        "members": "/admin/console/members/",
        "keys": "/admin/console/keys/",
        "budget": "/admin/console/budget/",
    }, lead


# Console routes that are not pages a person reads (POST targets, the stream, JSON): named, so a new page
# cannot slip past this test unlisted.
NOT_PAGES = {
    "queue-state",
    "events-stream",
    "approve",
    "deny",
    "autopilot",
    "grant-undo",
    "container-propose",
    "webhook-create",
    "webhook-disable",
    "webhook-enable",
    "webhook-update",
    "webhook-delete",
    "webhook-rotate",
    "subscription-save",
    "member-invite",
    "invitation-revoke",
    "member-role",
    "member-remove",
    "ownership-offer",
    "ownership-accept",
    "ownership-cancel",
    "agent-reassign",
    "token-create",
    "token-revoke",
    "agent-rotate",
    "runner-rotate",
    "budget-workspace",  # the budget page's forms post here
    "budget-project",
    "budget-agent",
    "answer",  # an ask_human card's Answer form and a held action's Cancel post here
    "cancel",
    "slack-configure",  # the notifications page's Slack forms post here
    "slack-link",
    "slack-unlink",
    "slack-remove",
    "payload",  # a long payload's exact bytes, a download, not a page
}
# Pages another layout test visits at both widths, because reaching them needs what it sets up.
VISITED_ELSEWHERE = {
    "email-decision": "tests/browser/test_console_layout.py (a signed e-mail link for a pending action)",
}


def test_the_page_list_covers_every_console_page(team):
    from actions.console.urls import console_urls

    names = {u.name.removeprefix("console-") for u in console_urls(lambda v: v)}
    pages, _ = _world(team)
    covered = set(pages) | NOT_PAGES | set(VISITED_ELSEWHERE) | {"action", "always"}
    assert names - covered == set(), "console pages the layout test does not visit"


@pytest.mark.parametrize("width", [1280, 420])
def test_every_console_page_fits_the_window(browser, live_server, team, width):
    pages, _ = _world(team)
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/admin/login/?next=/admin/")
        page.get_by_label("Username").fill("olivia")
        page.get_by_label("Password").fill("pw-olivia")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/admin/console/")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        too_wide, broken = {}, {}
        for name, url in pages.items():
            response = page.goto(url)
            if response is None or response.status != 200:
                broken[name] = response.status if response else None
                continue
            page.wait_for_load_state("load")
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                # name the widest element, so a failure says what to fix
                culprit = page.evaluate(
                    """(w) => { let best = null, max = w;
                    for (const el of document.querySelectorAll('#content *')) {
                      const r = el.getBoundingClientRect();
                      if (r.right > max + 1) { max = r.right; best = el.tagName + '.' + el.className; } }
                    return best; }""",
                    width,
                )
                too_wide[name] = (scroll, culprit)
            page.screenshot(path=str(SCREENSHOTS / f"every-{name}-{width}.png"), full_page=True)
        assert broken == {}
        assert too_wide == {}, f"pages wider than {width} px: {too_wide}"
    finally:
        context.close()
