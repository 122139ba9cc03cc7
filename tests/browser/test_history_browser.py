"""The history page in Chromium — filters, plain sentences, new events offered live — and one
live stream per tab that never trips its own limit while a person clicks from page to page."""

from __future__ import annotations

import pytest

from actions.tests.conftest import Proposer

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sentences(page) -> list[str]:
    return [t.strip() for t in page.locator(".history-sentence").all_inner_texts()]


def test_history_filters(page, team, world, shot):
    agent = Proposer(team)
    lead, key = world.agent(team.project, team.maintainer, "dev-lead")
    agent.write_permissions(allow=["Terminal(ls)"])
    agent.propose("terminal", {"command": "ls"})  # approved by the rule
    waiting = agent.propose("terminal", {"command": "cat notes.txt"}, key=key).json()["id"]
    team.world.client(team.owner).post(
        f"/api/actions/{waiting}/deny/", {"reason": "read the README instead"}, format="json"
    )
    login(page, "max")
    page.get_by_role("link", name="History").click()
    page.locator("[data-history-list]").wait_for()
    every = _sentences(page)
    assert every[0] == "olivia denied terminal “cat notes.txt”: “read the README instead”."  # newest first
    shot(page, "history")

    form = page.locator("[data-history-filters]")
    form.get_by_label("Outcome").select_option(label="Approved by a rule")
    form.get_by_role("button", name="Show").click()
    page.wait_for_url("**outcome=auto_approved**")
    (only,) = _sentences(page)
    assert only.startswith("Agent dev-api proposed terminal “ls” — approved by a rule")

    form = page.locator("[data-history-filters]")
    form.get_by_label("Outcome").select_option("")
    form.get_by_label("Agent").select_option(label="dev-lead · app")
    form.get_by_label("Done by").select_option(label="olivia")
    form.get_by_role("button", name="Show").click()
    page.wait_for_url("**actor=user**")
    assert _sentences(page) == ["olivia denied terminal “cat notes.txt”: “read the README instead”."]

    form = page.locator("[data-history-filters]")
    form.get_by_role("link", name="Clear").click()
    page.locator("[data-history-list]").wait_for()
    assert len(_sentences(page)) == len(every)
    # a new event arrives on the tab's live stream: offered, not pushed under the reader
    agent.propose("terminal", {"command": "cat later.txt"})
    page.get_by_role("link", name="New events — show them").click()
    page.get_by_text("proposed terminal “cat later.txt”").wait_for()


def test_clicking_through_the_console_never_trips_the_stream_limit(page, team, settings):
    settings.BRABO_SSE_MAX_STREAMS = 2  # a person may have two tabs; this one navigates many times
    settings.BRABO_SSE_HEARTBEAT = 600  # the server would notice a left page only this late
    refused: list[str] = []
    opened: list[str] = []

    def seen(response):
        if "/events/stream/" in response.url:
            (refused if response.status == 429 else opened).append(response.url)

    page.on("response", seen)
    login(page, "max")
    tabs = ["Agents", "Projects", "History", "Containers", "Members", "Keys", "Budget", "Notifications"]
    for name in tabs + tabs:
        page.locator(".console-tabs").get_by_role("link", name=name, exact=True).click()
        page.wait_for_load_state("load")
        page.wait_for_function("window.braboLive && window.braboLive.connected === true")
    assert refused == []
    assert len({u.split("tab=")[1] for u in opened}) == 1  # one tab, one name, every page
