"""An event that commits after a page past its id was read is on the next page, once (brabo.pagination).

PostgreSQL gives an event its id when its transaction writes it: a transaction holding id N still open while
N+1 and N+2 commit is a reader's race. Proven with a real transaction held open on its own connection; the
cursor's gaps are bounded and a hand-made one is refused."""

from __future__ import annotations

import base64
import threading
from datetime import timedelta
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from django.db import connection, transaction
from django.utils import timezone

from actions.models import SessionEvent
from brabo import pagination
from projects.team_models import WorkspaceEvent


class _RolledBack(Exception):
    pass


class InFlight:
    """``make()`` run in a transaction on its own connection, held open until ``commit()`` or ``rollback()``."""

    def __init__(self, make):
        self.make, self.row, self.error = make, None, None
        self._inserted, self._release, self._rollback = threading.Event(), threading.Event(), False
        self.thread = threading.Thread(target=self._run)

    def _run(self):
        try:
            with transaction.atomic():
                self.row = self.make()
                self._inserted.set()
                assert self._release.wait(120), "never released"
                if self._rollback:
                    raise _RolledBack
        except _RolledBack:
            pass
        except Exception as exc:  # asserted by the test through .error
            self.error = exc
        finally:
            self._inserted.set()
            connection.close()

    def __enter__(self):
        self.thread.start()
        assert self._inserted.wait(120)
        assert self.error is None, self.error
        return self

    def end(self, rollback: bool = False):
        self._rollback = rollback
        self._release.set()
        self.thread.join(120)
        assert self.error is None, self.error

    def __exit__(self, *exc):
        if not self._release.is_set():
            self.end(rollback=True)


def _project_event(team, label):
    return lambda: SessionEvent.objects.create(project=team.project, type=label, actor_kind="system")


def _workspace_event(team, label):
    return lambda: WorkspaceEvent.objects.create(workspace=team.ws, type=label, actor_kind="system")


LISTS = {
    "project": ("/api/projects/{project}/events/", _project_event, SessionEvent),
    "workspace": ("/api/workspaces/{ws}/events/", _workspace_event, WorkspaceEvent),
}


def _get(client, url):
    resp = client.get(url)
    assert resp.status_code == 200, resp.content
    return resp.json()


def _gap_token(link: str | None) -> str:
    """The gaps a ``next`` link carries (empty when none)."""
    if not link:
        return ""
    encoded = parse_qs(urlsplit(link).query)["cursor"][0]
    return parse_qs(base64.b64decode(encoded).decode()).get("g", [""])[0]


def _ids(page):
    return [int(row["id"]) for row in page["results"]]


def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "ids commit out of order only where transactions write at once (set DATABASE_URL; CI does)"
        )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("which", sorted(LISTS))
def test_an_event_committed_after_a_later_page_was_read_is_on_the_next_page_once(team, which):
    _postgres_only()
    path, maker, model = LISTS[which]
    url = path.format(project=team.project.id, ws=team.ws.id)
    person = team.world.client(team.owner)
    before = [maker(team, f"test.before{i}")() for i in range(3)]
    with InFlight(maker(team, "test.late")) as late:
        b, c = maker(team, "test.b")(), maker(team, "test.c")()
        assert before[-1].pk < late.row.pk < b.pk < c.pk
        visible = list(
            model._default_manager.filter(pk__lte=b.pk, **_scope(team, which)).values_list("pk", flat=True)
        )
        first = _get(person, f"{url}?limit={len(visible)}")
        assert _ids(first) == sorted(visible) and first["next"]  # ends at b; c follows
        assert str(late.row.pk) in _gap_token(first["next"])
        late.end()  # commits now, after a page past its id was read
    second = _get(person, first["next"])
    assert _ids(second) == [late.row.pk, c.pk] and second["next"] is None
    # walked from the start, every row once
    everything = list(
        model._default_manager.filter(**_scope(team, which)).order_by("pk").values_list("pk", flat=True)
    )
    assert sorted(_ids(first) + _ids(second)) == everything


def _scope(team, which):
    return {"project": team.project} if which == "project" else {"workspace": team.ws}


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_id_is_carried_while_young_then_given_up(team, monkeypatch):
    _postgres_only()
    now = [1_800_000_000.0]
    monkeypatch.setattr(pagination, "_clock", lambda: now[0])
    monkeypatch.setattr(pagination, "SETTLE_SECONDS", 10**10)  # the rows are young whatever the clock says
    url = f"/api/projects/{team.project.id}/events/?limit=1"
    person = team.world.client(team.owner)
    make = _project_event(team, "test.row")
    with InFlight(_project_event(team, "test.doomed")) as doomed:
        rows = [make() for _ in range(4)]
        first = _get(person, f"{url}&cursor={_cursor_at(doomed.row.pk - 1)}")
        doomed.end(rollback=True)
    assert _ids(first) == [rows[0].pk] and str(doomed.row.pk) in _gap_token(first["next"])
    now[0] += 1
    second = _get(person, first["next"])
    assert _ids(second) == [rows[1].pk]  # nothing late: its transaction rolled back
    assert str(doomed.row.pk) in _gap_token(second["next"])  # still young: still looked for
    monkeypatch.setattr(pagination, "SETTLE_SECONDS", 5.0)
    now[0] += 10**10  # long past settle: each gap keeps the moment it was first noticed
    third = _get(person, second["next"])
    assert _ids(third) == [rows[2].pk] and _gap_token(third["next"]) == ""
    fourth = _get(person, third["next"])
    assert _ids(fourth) == [rows[3].pk] and fourth["next"] is None


def _cursor_at(position: int, gaps: str = "") -> str:
    raw = f"p={position}" + (f"&g={gaps}" if gaps else "")
    return quote(base64.b64encode(raw.encode()).decode())


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("age", [timedelta(0), timedelta(minutes=5)])
def test_a_gap_is_looked_for_only_below_a_young_row(team, age):
    """Below a row older than the settle time any gap is a rollback (or given up): no look, no gap carried."""
    _postgres_only()
    at = timezone.now() - age

    def make():
        return SessionEvent.objects.create(
            project=team.project, type="test.row", actor_kind="system", created_at=at
        )

    first = make()
    with InFlight(make) as doomed:
        doomed.end(rollback=True)
    rows = [make() for _ in range(3)]
    page = _get(
        team.world.client(team.owner),
        f"/api/projects/{team.project.id}/events/?limit=2&cursor={_cursor_at(first.pk - 1)}",
    )
    assert _ids(page) == [first.pk, rows[0].pk] and page["next"]
    assert (str(doomed.row.pk) in _gap_token(page["next"])) == (age == timedelta(0))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "gaps",
    [
        "x",
        "1-2",  # no moment
        "2-1:5",  # reversed
        "0-3:5",
        "5-9:5",  # not below the position
        "1-2:-4",
        ",".join(f"{i}-{i}:5" for i in range(1, 2 * pagination.MAX_GAPS + 3, 2)),  # too many ranges
        f"1-{pagination.MAX_GAP_IDS + 1}:5",  # too many ids
        "1-2:5 OR 1=1",
    ],
)
def test_a_hand_made_gap_list_is_a_named_400(team, gaps):
    position = 9 if gaps in {"5-9:5"} else 10**6
    resp = team.world.client(team.owner).get(
        f"/api/projects/{team.project.id}/events/?cursor={_cursor_at(position, quote(gaps))}"
    )
    assert resp.status_code == 400, (gaps, resp.content)
    assert resp.json()["reason"] == "invalid" and "cursor" in resp.content.decode()


@pytest.mark.django_db
def test_a_gap_list_reads_its_rows_through_the_list_s_own_tenancy(team):
    """A cursor naming another project's event ids never hands them out: the late rows are read through the
    list's queryset (a forged gap is only a position, not a permission)."""
    theirs = SessionEvent.objects.create(project=team.other_project, type="test.secret", actor_kind="system")
    mine = SessionEvent.objects.create(project=team.project, type="test.mine", actor_kind="system")
    position = max(theirs.pk, mine.pk) + 1
    cursor = _cursor_at(position, quote(f"{theirs.pk}-{theirs.pk}:{10**12}"))
    page = _get(team.world.client(team.owner), f"/api/projects/{team.project.id}/events/?cursor={cursor}")
    assert theirs.pk not in _ids(page)
