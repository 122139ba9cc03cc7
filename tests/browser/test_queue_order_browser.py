"""The queue's badge and list in Chromium when the console's own requests answer out of order.

queue.js asks the server for two things: the small state document (the badge's count) and the list
fragment. Under load an older request can answer after a newer one; the console must then keep what the
newer answer showed, so the badge never falls back to a count the list has moved past (an under-load run
once showed 2 beside three rows). These tests make that order happen on purpose, not by luck: a wrapper
around ``window.fetch``, installed before the console's scripts run, lets the real request go to the
server at once and reads its answer then (the server's state when it was asked), but hands it to the
console only when the test releases it — after a newer request has already answered.

Every wait is for an event the page records: an answer parked, an answer the console has finished
handling (counted one task after its body was read, so queue.js's handlers of it have run), a request
sent. The live stream stays off (the test dispatches the console's ``brabo:action`` itself, as live.js
does on each change) and the fallback poll fires only when the test runs the page's clock.
"""

from __future__ import annotations

import pytest

from actions.models import ProposedAction
from actions.tests.conftest import Proposer

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ORDER = """
(() => {
  "use strict";
  window.BRABO_POLL_MS = 600000;  // queue.js's fallback poll: it fires only when the test runs the clock
  window.EventSource = undefined; // live.js stays off; the test sends "brabo:action" itself
  const realFetch = window.fetch.bind(window);
  const kinds = new WeakMap();
  const count = () => ({ state: 0, fragment: 0 });
  const t = window.__queue = {
    hold: { state: false, fragment: false }, // the next request of that kind is parked
    fail: { state: false, fragment: false }, // the next request of that kind fails as a network error would
    parked: { state: [], fragment: [] },
    sent: count(), handled: count(), failed: count(),
    release(kind) { t.parked[kind].shift()(); },
  };
  const kindOf = (url) => url.includes("/queue/state/") ? "state" : url.includes("fragment=1") ? "fragment" : null;
  const afterHandlers = (fn) => setTimeout(fn, 0); // a task runs after every promise reaction queued before it
  for (const name of ["json", "text"]) {
    const read = Response.prototype[name];
    Response.prototype[name] = function () {
      const kind = kinds.get(this);
      const body = read.call(this);
      if (kind) body.then(() => afterHandlers(() => t.handled[kind]++));
      return body;
    };
  }
  window.fetch = function (input, init) {
    const kind = kindOf(String(input));
    if (!kind) return realFetch(input, init);
    t.sent[kind]++;
    let answer;
    if (t.fail[kind]) {
      t.fail[kind] = false;
      answer = Promise.reject(new TypeError("Failed to fetch"));
    } else if (t.hold[kind]) {
      t.hold[kind] = false;
      answer = realFetch(input, init).then((r) => r.text().then((body) => new Promise((resolve) => {
        t.parked[kind].push(() => resolve(new Response(body, { status: r.status, headers: r.headers })));
      })));
    } else {
      answer = realFetch(input, init);
    }
    return answer.then(
      (r) => { kinds.set(r, kind); return r; },
      (err) => { afterHandlers(() => t.failed[kind]++); throw err; },
    );
  };
})();
"""

TYPES = [
    ("git_push", {"branch": "feature/login"}),
    ("terminal", {"command": "npm ci && npm run build"}),
    ("terminal", {"command": "cat /etc/hosts"}),
    ("git_push", {"branch": "feature/signup"}),
]


def _propose(agent, n: int) -> str:
    action_type, payload = TYPES[n]
    action_id = agent.propose(action_type, payload).json()["id"]
    assert ProposedAction.objects.get(id=action_id).status == "pending"
    return action_id


def _open_queue(page, agent, pending: int) -> list[str]:
    ids = [_propose(agent, n) for n in range(pending)]
    page.add_init_script(ORDER)
    login(page, "max")  # lands on the queue
    page.wait_for_function("window.__queue.handled.state === 1")  # its first poll has answered
    assert _rows(page) == list(reversed(ids)) and _badge(page) == (str(pending), f"{pending} pending")
    return ids


def _live_update(page) -> None:
    """What live.js does on a change the stream pushes: the queue polls at once and reloads its list."""
    page.evaluate("document.dispatchEvent(new CustomEvent('brabo:action', {detail: {}}))")


def _rows(page) -> list[str]:
    return page.locator("li.queue-row").evaluate_all("rows => rows.map(r => r.dataset.actionId)")


def _badge(page) -> tuple[str, str | None]:
    badge = page.locator("#queue-badge")
    return badge.inner_text(), badge.get_attribute("aria-label")


def _wait(page, expression: str) -> None:
    page.wait_for_function(f"(() => {{ const t = window.__queue; return {expression}; }})()")


def _third_action_answers_first(page, agent, ids: list) -> None:
    """A third action arrives while an older count is held back; its live update's poll answers first:
    count 3, and the list reloads with it on top."""
    ids.append(_propose(agent, 2))
    _live_update(page)
    _wait(page, "t.handled.state === 2 && t.handled.fragment === 1")
    assert _badge(page) == ("3", "3 pending") and _rows(page) == list(reversed(ids))


def test_an_older_count_answering_after_a_newer_one_never_takes_the_badge_back(page, team):
    agent = Proposer(team)
    ids = _open_queue(page, agent, 2)

    # A poll goes out while two are pending; its answer (count 2) is read and held back.
    page.evaluate("window.__queue.hold.state = true")
    _live_update(page)
    _wait(page, "t.parked.state.length === 1")
    # A third action arrives; its live update's poll answers first: count 3, and the list reloads.
    _third_action_answers_first(page, agent, ids)

    # Now the older answer arrives. It is dropped; the list it asked for reloads with what is current.
    page.evaluate("window.__queue.release('state')")
    _wait(page, "t.handled.state === 3 && t.handled.fragment === 2")
    assert _badge(page) == ("3", "3 pending")
    assert _rows(page) == list(reversed(ids))


def test_a_fallback_poll_sent_before_an_action_answering_after_its_live_update_is_dropped(page, team):
    """The case the under-load run met: the periodic poll goes out just before an action is recorded and
    answers after the poll that action's live update sent."""
    agent = Proposer(team)
    page.clock.install()  # the fallback poll fires when the test runs the clock, not before
    ids = _open_queue(page, agent, 2)

    page.evaluate("window.__queue.hold.state = true")
    page.clock.fast_forward(600_000)  # the fallback poll's period: it goes out, count 2, held back
    _wait(page, "t.parked.state.length === 1")
    _third_action_answers_first(page, agent, ids)

    page.evaluate("window.__queue.release('state')")
    _wait(page, "t.handled.state === 3")
    assert _badge(page) == ("3", "3 pending")
    assert page.evaluate("window.__queue.sent.fragment") == 1  # nothing asked the list to move back
    assert _rows(page) == list(reversed(ids))


def test_an_older_list_answering_after_a_newer_one_never_takes_the_list_back(page, team):
    agent = Proposer(team)
    ids = _open_queue(page, agent, 2)

    # A third action: its live update's list reload is answered (three rows) and held back.
    ids.append(_propose(agent, 2))
    page.evaluate("window.__queue.hold.fragment = true")
    _live_update(page)
    _wait(page, "t.handled.state === 2 && t.parked.fragment.length === 1")
    assert _badge(page) == ("3", "3 pending")
    # A fourth action: its reload answers first, four rows.
    ids.append(_propose(agent, 3))
    _live_update(page)
    _wait(page, "t.handled.state === 3 && t.handled.fragment === 1")
    assert _badge(page) == ("4", "4 pending") and _rows(page) == list(reversed(ids))

    # The three-row answer arrives last and is dropped: four rows beside a badge of 4.
    page.evaluate("window.__queue.release('fragment')")
    _wait(page, "t.handled.fragment === 2")
    assert _rows(page) == list(reversed(ids))
    assert _badge(page) == ("4", "4 pending")


def test_a_list_reload_that_failed_is_retried_by_the_next_poll(page, team):
    """The badge moved to 3 but the list's reload failed (a dropped connection under load): the next poll
    answers the same count, and the list must still catch up instead of staying one row behind."""
    agent = Proposer(team)
    page.clock.install()  # the fallback poll fires when the test runs the clock, not before
    ids = _open_queue(page, agent, 2)

    ids.append(_propose(agent, 2))
    page.evaluate("window.__queue.fail.fragment = true")
    _live_update(page)
    _wait(page, "t.handled.state === 2 && t.failed.fragment === 1")
    assert _badge(page) == ("3", "3 pending") and _rows(page) == list(reversed(ids[:2]))

    page.clock.fast_forward(600_000)  # the fallback poll's period: its next poll goes out
    _wait(page, "t.handled.state === 3")
    assert page.evaluate("window.__queue.sent.fragment") == 2, "the next poll did not reload the stale list"
    _wait(page, "t.handled.fragment === 1")
    assert _rows(page) == list(reversed(ids))
    assert _badge(page) == ("3", "3 pending")
