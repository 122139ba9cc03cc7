"""Live updates: the console's server-sent-events stream over real HTTP (pytest-django's live
server), scoped by tenancy, resumable with Last-Event-ID, capped per person, woken by actions.waiting."""

from __future__ import annotations

import json
import re
import threading

import httpx
import pytest
from django.test import Client
from django.urls import reverse

from actions import events
from actions.events import Actor

pytestmark = pytest.mark.django_db(transaction=True)

URL = "/admin/console/events/stream/"


@pytest.fixture
def short_streams(settings):
    settings.BRABO_SSE_MAX_SECONDS = 3  # each stream ends by itself: the reads below are bounded
    settings.BRABO_SSE_HEARTBEAT = 1


def _cookies(user) -> dict:
    c = Client()
    c.force_login(user)
    return {"sessionid": c.cookies["sessionid"].value}


class Reader:
    """Reads one stream to its end in a thread; ``ready`` is set once the server sent its first line (the
    cursor is fixed by then)."""

    def __init__(self, base, user, headers=None, url=URL, client=None):
        self.url = url
        self.frames: list[dict] = []
        self.comments = 0
        self.status = None
        self.ready = threading.Event()
        # the session is made here, in the test's thread: the reading thread holds no database connection
        # (one it opened would be left open when it ends, on the database the run drops at its end)
        cookies = _cookies(user) if client is None else {"sessionid": client.cookies["sessionid"].value}
        self._thread = threading.Thread(target=self._run, args=(base, cookies, headers or {}), daemon=True)
        self._thread.start()

    def _run(self, base, cookies, headers):
        try:
            with httpx.Client(base_url=base, cookies=cookies, timeout=30) as client:
                with client.stream("GET", self.url, headers=headers) as response:
                    self.status = response.status_code
                    frame: dict = {}
                    for line in response.iter_lines():
                        self.ready.set()
                        if line.startswith(":"):
                            self.comments += 1
                        elif line.startswith("id: "):
                            frame["sse_id"] = int(line[4:])
                        elif line.startswith("data: "):
                            frame.update(json.loads(line[6:]))
                        elif line == "" and frame:
                            self.frames.append(frame)
                            frame = {}
        finally:
            self.ready.set()

    def join(self):
        self._thread.join(30)
        assert not self._thread.is_alive()


def _make_action(project, status="pending"):
    from actions.models import ProposedAction, payload_hash

    payload = {"command": "echo hi"}
    return ProposedAction.objects.create(
        project=project, action_type="terminal", payload=payload, payload_hash=payload_hash(payload),
        status=status, reason="default", message="t",
    )  # fmt: skip


def _approve(project, action, user):
    action.status = "approved"
    action.save()
    return events.record(
        events.ACTION_APPROVED, project_id=project.id, actor=Actor.of_user(user), action=action
    )


def test_each_person_hears_only_of_projects_they_can_see(live_server, team, short_streams):
    ours, theirs = _make_action(team.project), _make_action(team.other_project)
    max_reader = Reader(live_server.url, team.maintainer)
    eve_reader = Reader(live_server.url, team.outsider)
    assert max_reader.ready.wait(20) and eve_reader.ready.wait(20)
    ours_event = _approve(team.project, ours, team.owner)
    _approve(team.other_project, theirs, team.outsider)
    max_reader.join()
    eve_reader.join()
    assert max_reader.status == eve_reader.status == 200
    assert max_reader.frames == [
        {
            "sse_id": ours_event.pk,
            "id": str(ours.id),
            "project": str(team.project.id),
            "status": "approved",
            "event": "proposed_action.approved",
        }
    ]
    assert [f["id"] for f in eve_reader.frames] == [str(theirs.id)]
    assert max_reader.comments >= 1  # heartbeats while nothing changed


def test_last_event_id_resumes_without_a_gap(live_server, team, short_streams):
    action = _make_action(team.project)
    first = events.record("action.executed", project_id=team.project.id, actor=Actor.system(), action=action)
    second = _approve(team.project, action, team.owner)
    reader = Reader(live_server.url, team.owner, {"Last-Event-ID": str(first.pk - 1)})
    reader.join()
    assert [f["sse_id"] for f in reader.frames] == [first.pk, second.pk]


def test_a_page_hears_what_changed_after_it_was_drawn(live_server, team, short_streams):
    """A console page names the newest event of the person's projects it was drawn with; its stream starts
    there, so a change between drawing the page and the stream's opening still reaches it."""
    shown = _approve(team.project, _make_action(team.project), team.owner)
    _approve(team.other_project, _make_action(team.other_project), team.outsider)  # newer, another tenant's
    browser = Client()
    browser.force_login(team.maintainer)
    page = browser.get(reverse("admin:console-queue")).content.decode()
    (url,) = re.findall(r'data-stream-url="([^"]+)"', page)
    assert url == f"{URL}?last_event_id={shown.pk}"
    meanwhile = _approve(team.project, _make_action(team.project), team.owner)
    reader = Reader(live_server.url, team.maintainer, url=url)
    reader.join()
    assert [f["sse_id"] for f in reader.frames] == [meanwhile.pk]


def test_streams_per_person_are_capped_and_freed(live_server, team, short_streams, settings):
    settings.BRABO_SSE_MAX_STREAMS = 1
    holder = Reader(live_server.url, team.owner)
    assert holder.ready.wait(20)
    with httpx.Client(base_url=live_server.url, cookies=_cookies(team.owner), timeout=30) as client:
        refused = client.get(URL)
        assert refused.status_code == 429 and refused.json()["reason"] == "too_many_streams"
        other = Reader(live_server.url, team.maintainer)  # another person is not counted against the owner
        holder.join()
        other.join()
        assert other.status == 200
        again = Reader(live_server.url, team.owner)  # the slot came back when the first stream ended
        again.join()
        assert again.status == 200


def test_bad_last_event_id_and_anonymous(live_server, team):
    with httpx.Client(base_url=live_server.url, cookies=_cookies(team.owner), timeout=30) as client:
        bad = client.get(URL, headers={"Last-Event-ID": "yesterday"})
        assert bad.status_code == 400 and bad.json()["reason"] == "invalid"
    anonymous = httpx.get(live_server.url + URL, follow_redirects=False, timeout=30)
    assert anonymous.status_code == 302 and "/admin/login/" in anonymous.headers["location"]


# -- what a frame names is read by role: a budget threshold crossing is a maintainer's (R1.1) ---------------


def _crossed(project, action):
    return events.record(
        events.BUDGET_THRESHOLD_CROSSED,
        project_id=project.id,
        actor=Actor.system("budget"),
        action=action,
        payload={"scope": "project", "threshold_percent": 80, "spent": "8.00", "limit": "10.00"},
    )


def test_a_budget_crossing_reaches_the_stream_only_of_who_reads_the_budget(live_server, team, short_streams):
    """GET .../events/ shows a developer no budget threshold crossing (``events.readable_by``): their stream
    does not name one either, while a maintainer's does."""
    action = _make_action(team.project)
    dev, maint = Reader(live_server.url, team.developer), Reader(live_server.url, team.maintainer)
    assert dev.ready.wait(20) and maint.ready.wait(20)
    crossed = _crossed(team.project, action)
    approved = _approve(team.project, action, team.owner)
    dev.join()
    maint.join()
    assert [f["sse_id"] for f in maint.frames] == [crossed.pk, approved.pk]
    assert [f["sse_id"] for f in dev.frames] == [approved.pk]


def test_a_resumed_stream_does_not_name_a_crossing_to_a_developer(live_server, team, short_streams):
    action = _make_action(team.project)
    start = _approve(team.project, action, team.owner)
    _crossed(team.project, action)
    later = _approve(team.project, action, team.owner)
    dev = Reader(live_server.url, team.developer, headers={"Last-Event-ID": str(start.pk)})
    dev.join()
    assert [f["sse_id"] for f in dev.frames] == [later.pk]


@pytest.mark.parametrize("how", ["logout", "deactivate"])
def test_a_thread_held_stream_ends_when_its_session_or_person_does(live_server, team, settings, how):
    """Streams last a minute here: only the sign-out (or the deactivation) can end this one before the
    reader's bound."""
    settings.BRABO_SSE_MAX_SECONDS, settings.BRABO_SSE_HEARTBEAT = 60, 1
    client = Client()
    client.force_login(team.developer)
    reader = Reader(live_server.url, team.developer, client=client)
    assert reader.ready.wait(20) and reader.status == 200
    if how == "logout":
        client.logout()
    else:
        team.developer.is_active = False
        team.developer.save()
    reader.join()  # ends well before its minute
    _approve(team.project, _make_action(team.project), team.owner)
    assert reader.frames == []


def test_a_thread_held_stream_outlives_another_session_of_its_person(live_server, team, short_streams):
    client, other = Client(), Client()
    client.force_login(team.developer)
    other.force_login(team.developer)
    reader = Reader(live_server.url, team.developer, client=client)
    assert reader.ready.wait(20)
    other.logout()
    approved = _approve(team.project, _make_action(team.project), team.owner)
    reader.join()
    assert [f["sse_id"] for f in reader.frames] == [approved.pk]
