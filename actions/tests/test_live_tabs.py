"""One live stream per browser tab: a tab's newer stream takes over its slot, so navigating never
trips the person's stream limit; other tabs and untabbed clients still count."""

from __future__ import annotations

import httpx
import pytest

from actions import live
from actions.tests.test_live_stream import URL, _cookies

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_tabs_newer_stream_takes_over_its_slot(live_server, team, settings):
    settings.BRABO_SSE_MAX_STREAMS = 1
    # the first stream would hold its slot ten minutes if nothing woke it: it ends because it is taken over
    settings.BRABO_SSE_MAX_SECONDS = 600
    settings.BRABO_SSE_HEARTBEAT = 600
    tab = "a1b2c3d4e5f6"
    with httpx.Client(base_url=live_server.url, cookies=_cookies(team.owner), timeout=30) as client:
        with client.stream("GET", f"{URL}?tab={tab}") as first:
            assert first.status_code == 200
            lines = first.iter_lines()
            assert next(lines).startswith("retry:")
            # another tab, and a client without a tab id, are refused: the limit still holds
            assert client.get(f"{URL}?tab=ffffffffffff").status_code == 429
            assert client.get(URL).status_code == 429
            settings.BRABO_SSE_MAX_SECONDS = 2  # the second ends by itself, so the test leaves nothing open
            with client.stream("GET", f"{URL}?tab={tab}") as second:  # the same tab, a new page
                assert second.status_code == 200
                # the first stream's body ends now (read timeout 30 s: it would fail, not wait 600 s)
                assert [line for line in lines if line.strip()] == []
                rest = second.iter_lines()
                assert next(rest).startswith("retry:")
                assert [line for line in rest if line.startswith("data:")] == []  # ends after its 2 s
    _wait_until_released(team.owner.pk)


def _wait_until_released(user_id) -> None:
    """The server notices a closed client at its next heartbeat; the test ends only when the stream has
    (its thread reads the database until then)."""
    import time

    for _ in range(400):
        if not live._tabs.get(user_id) and not live._open.get(user_id):
            return
        time.sleep(0.05)
    raise AssertionError("the stream never released its slot")


def test_a_tab_id_that_is_not_one_counts_as_no_tab(live_server, team, settings):
    settings.BRABO_SSE_MAX_STREAMS = 1
    settings.BRABO_SSE_MAX_SECONDS = 3
    settings.BRABO_SSE_HEARTBEAT = 1
    with httpx.Client(base_url=live_server.url, cookies=_cookies(team.owner), timeout=30) as client:
        with client.stream("GET", f"{URL}?tab=x") as first:
            assert first.status_code == 200
            next(first.iter_lines())
            assert client.get(f"{URL}?tab=x").status_code == 429  # too short: not a tab, not a takeover
    _wait_until_released(team.owner.pk)


def test_end_streams_ends_every_thread_held_stream_and_waits_for_it(live_server, team, settings):
    # a stream that would otherwise stay ten minutes; end_streams() ends it and returns once its thread is out
    settings.BRABO_SSE_MAX_SECONDS = 600
    settings.BRABO_SSE_HEARTBEAT = 600
    with httpx.Client(base_url=live_server.url, cookies=_cookies(team.owner), timeout=30) as client:
        with client.stream("GET", f"{URL}?tab=a1b2c3d4e5f6") as open_stream:
            lines = open_stream.iter_lines()
            assert next(lines).startswith("retry:")
            assert live._running == 1
            assert live.end_streams(timeout=30) is True
            assert live._running == 0
            assert [line for line in lines if line.strip()] == []  # the body ended (read timeout 30 s)
        # a stream opened after it is not ended by the earlier call
        settings.BRABO_SSE_MAX_SECONDS = 2
        with client.stream("GET", URL) as later:
            assert later.status_code == 200
            assert next(later.iter_lines()).startswith("retry:")
    _wait_until_released(team.owner.pk)


def test_a_stream_whose_database_fails_ends_quietly(team, settings, monkeypatch, caplog):
    from django.db import OperationalError

    def broken(*args, **kwargs):
        raise OperationalError("no such table: actions_sessionevent")

    monkeypatch.setattr(live, "_feed_rows", broken)
    frames = list(live.events(team.owner, 0, max_seconds=60, heartbeat=60))
    assert frames == ["retry: 2000\n\n"]  # no traceback: the stream ends and the browser reconnects
    assert "the database did not answer" in caplog.text
    assert live._running == 0
