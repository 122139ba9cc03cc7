"""Live updates in real Chromium: two people, two browser contexts. With the queue's
polling slowed to once in ten minutes, an approval made by one person leaves the other's queue and changes
the other's action page long before any poll could — only the server-sent-events stream can carry it. The
wait is for that state (Playwright's default bound, far below the ten minutes), never a duration: a busy
machine may take more than a second to push it."""

from __future__ import annotations

import pytest

from actions.tests.conftest import Proposer

from .conftest import SCREENSHOTS, VIEWPORT, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_POLLING = "window.BRABO_POLL_MS = 600000;"  # queue.js: the fallback poll period; SSE must do the work


@pytest.fixture
def two_pages(browser, live_server):
    contexts = []

    def open_page():
        context = browser.new_context(viewport=VIEWPORT, base_url=live_server.url)
        context.set_default_timeout(15_000)
        context.add_init_script(NO_POLLING)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def _live(page):
    page.wait_for_function("window.braboLive && window.braboLive.connected === true")


def test_an_approval_in_one_browser_appears_in_the_other_without_polling(two_pages, team):
    agent = Proposer(team)
    keep = agent.propose("terminal", {"command": "npm ci"}).json()["id"]
    action_id = agent.propose("terminal", {"command": "cat /etc/hosts"}).json()["id"]

    olivia = two_pages()
    login(olivia, "olivia")
    max_queue = two_pages()
    login(max_queue, "max")
    max_detail = two_pages()
    login(max_detail, "max")
    max_detail.goto(f"/admin/console/actions/{action_id}/")
    for page in (olivia, max_queue, max_detail):
        _live(page)
    row = max_queue.locator(f'li.queue-row[data-action-id="{action_id}"]')
    row.wait_for()
    status = max_detail.locator(f'[data-live-action="{action_id}"]')
    assert status.get_attribute("data-live-status") == "pending"

    olivia.goto(f"/admin/console/actions/{action_id}/")
    olivia.get_by_role("button", name="Approve").click()
    olivia.get_by_text("Approved: terminal").wait_for()

    # Pushed: the 10-minute poll cannot have fired within the page's wait bound.
    row.wait_for(state="detached")
    # approved, or already further (the worker may run it before the page's own reload reads it again)
    decided = f'[data-live-action="{action_id}"]:not([data-live-status="pending"])'
    max_detail.locator(decided).wait_for()
    assert max_queue.locator(f'li.queue-row[data-action-id="{keep}"]').count() == 1
    assert max_queue.locator("#queue-badge").inner_text() == "1"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    max_queue.screenshot(path=str(SCREENSHOTS / "live-queue-after-approval.png"))


def test_a_person_of_another_workspace_sees_nothing_move(two_pages, team):
    """Tenancy on the stream: eve's queue and badge stay as they were when Acme's queue changes."""
    eve = two_pages()
    login(eve, "eve")
    _live(eve)
    got = eve.evaluate(
        """() => new Promise(resolve => {
            const seen = [];
            document.addEventListener("brabo:action", e => seen.push(e.detail.project));
            window.__seen = seen; resolve(true);
        })"""
    )
    assert got is True
    Proposer(team).propose("terminal", {"command": "cat /etc/hosts"})
    evil = Proposer(team)
    evil.client = team.world.client(agent_key=team.other_agent_key)
    evil.propose("terminal", {"command": "cat /etc/passwd"})
    # eve's own project's change arrives (the stream works) ...
    eve.wait_for_function("window.__seen.length >= 1")
    # ... and it is the only one: Acme's never reached her browser
    assert eve.evaluate("window.__seen") == [str(team.other_project.id)]


def test_notifications_page_adds_a_webhook_shows_the_secret_once_and_the_delivery_log(page, team, shot):
    from django.utils import timezone

    from actions import events
    from actions.events import Actor
    from actions.models import WebhookDelivery, WebhookEndpoint

    login(page, "olivia")
    page.get_by_role("link", name="Notifications").click()
    page.get_by_label("Name").fill("ops channel")
    page.get_by_label("URL").fill("https://hooks.slack.example/services/T0/B0/x")
    page.get_by_label("Body").select_option("slack")
    page.get_by_role("button", name="Add webhook").click()
    secret = page.locator("[data-secret]").inner_text()
    assert secret.startswith("whsec_")
    endpoint = WebhookEndpoint.objects.get()
    for code, status, attempts in ((200, "delivered", 1), (503, "pending", 2), (404, "failed", 1)):
        event = events.record(events.ACTION_DENIED if code == 404 else events.ACTION_APPROVED,
                              project_id=team.project.id, actor=Actor.of_user(team.owner))  # fmt: skip
        # Without a broker the in-process worker already made this event's delivery (and tried it): the row
        # is set to the state this test shows, whichever way it came (the default path failed here).
        WebhookDelivery.objects.update_or_create(
            endpoint=endpoint, event=event,
            defaults={"event_type": event.type, "status": status, "attempts": attempts, "last_status_code": code,
                      "next_attempt_at": timezone.now() if status == "pending" else None},
        )  # fmt: skip
    page.goto("/admin/console/notifications/")
    assert page.locator("[data-secret]").count() == 0 and secret not in page.content()
    assert page.locator("tr[data-delivery]").count() == 3
    shot(page, "notifications")
