"""The console fits its window: long stderr wraps inside its card, and a 420 px phone viewport
scrolls only vertically. Screenshots of queue, detail, agents and the editor at 1,400 px and 420 px go to
artifacts/screenshots/."""

from __future__ import annotations

import pytest

from actions.tests.conftest import Proposer

from .conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_LINE = "E" + "x" * 1500  # one unbreakable line, like a minified stack frame


def _pages(team, make_action):
    agent = Proposer(team)
    pending = agent.propose("terminal", {"command": "npm ci && npm run build -- --reporter=" + "v" * 200})
    failed = make_action(
        team.project,
        "terminal",
        {"command": "npm test"},
        status="failed",
        agent=team.agent,
        result={"code": "command_failed", "message": "exit 1", "stderr": LONG_LINE, "stdout": LONG_LINE},
    )
    # an e-mail's decision link for max (who signs in below), and the page with Slack's settings
    from django.test import override_settings

    from actions import email_links
    from actions.models import ProposedAction

    with override_settings(BRABO_PUBLIC_URL="https://brabo.example"):
        link = email_links.make(ProposedAction.objects.get(id=pending.json()["id"]), team.maintainer, "deny")
    return {
        "email-decision": link.removeprefix("https://brabo.example"),
        "notifications": "/admin/console/notifications/",
        "queue": "/admin/console/",
        "detail": f"/admin/console/actions/{pending.json()['id']}/",
        "failed-detail": f"/admin/console/actions/{failed.id}/",
        "agents": "/admin/console/agents/",
        "editor": f"/admin/console/projects/{team.project.id}/permissions/",
    }


@pytest.mark.parametrize("width", [1400, 420])
def test_no_console_page_is_wider_than_the_window(browser, live_server, team, make_action, width):
    pages = _pages(team, make_action)
    context = browser.new_context(viewport={"width": width, "height": 900}, base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto("/admin/login/?next=/admin/")
        page.get_by_label("Username").fill("max")
        page.get_by_label("Password").fill("pw-max")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/admin/console/")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        too_wide = {}
        for name, url in pages.items():
            page.goto(url)
            page.wait_for_load_state("load")
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                too_wide[name] = scroll
            page.screenshot(path=str(SCREENSHOTS / f"console-{name}-{width}.png"), full_page=True)
        assert too_wide == {}, f"pages wider than {width} px: {too_wide}"
    finally:
        context.close()
