"""The async live feed (ASGI) hands each listener only the frames its person may read: a budget threshold
crossing names a budget, which GET .../events/ shows maintainers only (``events.readable_by``), and a role
lowered mid-stream takes it away at the listener's next re-read. (The thread-held stream is
``test_live_stream.py``'s.)"""

from __future__ import annotations

import pytest

from actions import events, live
from projects.services import set_member

pytestmark = pytest.mark.django_db


def _rows(project, action_id):
    base = {"action_id": action_id, "project_id": project.id, "action__status": "pending"}
    return [
        {**base, "id": 1, "type": events.BUDGET_THRESHOLD_CROSSED},
        {**base, "id": 2, "type": events.ACTION_APPROVED},
    ]


def _ids(listener) -> list[int]:
    return [int(text.split("\n", 1)[0][4:]) for _, text in listener.frames]


def test_the_feed_hands_a_crossing_to_maintainers_and_not_to_developers(team, make_action):
    action = make_action(team.project, "terminal", {"command": "x"}, status="pending")
    feed = live.Feed()
    dev = live._Listener(team.developer, live._visible_ids(team.developer), 0.0)
    maint = live._Listener(team.maintainer, live._visible_ids(team.maintainer), 0.0)
    outsider = live._Listener(team.outsider, live._visible_ids(team.outsider), 0.0)
    feed.listeners = {dev, maint, outsider}
    feed._hand_out(_rows(team.project, action.id))
    assert _ids(maint) == [1, 2] and _ids(dev) == [2] and _ids(outsider) == []


def test_a_role_lowered_mid_stream_reads_no_crossing_after_its_re_read(team, make_action):
    action = make_action(team.project, "terminal", {"command": "x"}, status="pending")
    before = live._visible_ids(team.maintainer)
    set_member(actor=team.owner, workspace=team.ws, username="max", role="developer")
    after = live._visible_ids(team.maintainer)
    assert str(team.project.id) in after and before - after == {f"{team.project.id}{live.BUDGET_SUFFIX}"}
    listener = live._Listener(team.maintainer, after, 0.0)
    feed = live.Feed()
    feed.listeners = {listener}
    feed._hand_out(_rows(team.project, action.id))
    assert _ids(listener) == [2]
