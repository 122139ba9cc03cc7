"""R1.1 — exactly one owner at every moment while offers and accepts race, proven with real threads on
PostgreSQL (each thread its own connection) and a watcher sampling the committed state throughout."""

from __future__ import annotations

import threading
from functools import partial

import pytest
from django.db import connection

from brabo.errors import DomainError
from projects import teams
from projects.models import Membership, Workspace, WorkspaceEvent

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "row locks and concurrent transactions are proven on PostgreSQL (set DATABASE_URL; CI does)"
        )


def _race(fns):
    barrier = threading.Barrier(len(fns))
    outcomes: list[tuple[str, object] | None] = [None] * len(fns)
    errors: list[BaseException] = []

    def run(i):
        try:
            barrier.wait()
            outcomes[i] = ("ok", fns[i]())
        except DomainError as exc:
            outcomes[i] = ("refused", exc.reason)
        except Exception as exc:  # anything else is a bug: asserted below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(fns))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    return outcomes


class Watcher:
    """Samples, in one statement (one snapshot), how many owner memberships the workspace has and whether
    the workspace's owner is that member — until stopped."""

    def __init__(self, ws_id):
        self.ws_id, self.samples, self.bad = ws_id, 0, []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run)

    def _run(self):
        m, w = Membership._meta.db_table, Workspace._meta.db_table
        sql = (
            f"SELECT (SELECT count(*) FROM {m} WHERE workspace_id = %s AND role = 'owner'), "
            f"(SELECT user_id FROM {m} WHERE workspace_id = %s AND role = 'owner' LIMIT 1), "
            f"(SELECT owner_id FROM {w} WHERE id = %s)"
        )
        try:
            with connection.cursor() as cur:
                while not self._stop.is_set() or self.samples < 3:
                    cur.execute(sql, [self.ws_id] * 3)
                    count, member_owner, ws_owner = cur.fetchone()
                    self.samples += 1
                    if count != 1 or member_owner != ws_owner:
                        self.bad.append((count, member_owner, ws_owner))
        finally:
            connection.close()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self.thread.join(timeout=60)


def _state(ws):
    ws.refresh_from_db()
    owners = list(Membership.objects.filter(workspace=ws, role="owner").values_list("user_id", flat=True))
    return ws.owner_id, owners


def test_a_double_accept_transfers_once(team):
    teams.offer_ownership(actor=team.owner, workspace=team.ws, username="max")
    with Watcher(team.ws.id) as watch:
        outcomes = _race([lambda: teams.accept_ownership(actor=team.maintainer, workspace=team.ws)] * 4)
    assert sorted(o[0] for o in outcomes) == ["ok", "refused", "refused", "refused"]
    assert {o[1] for o in outcomes if o[0] == "refused"} == {"no_open_offer"}
    assert _state(team.ws) == (team.maintainer.pk, [team.maintainer.pk])
    assert (
        WorkspaceEvent.objects.filter(workspace=team.ws, type="workspace.ownership_transferred").count() == 1
    )
    assert watch.samples >= 3 and watch.bad == []


def test_offers_and_accepts_racing_keep_exactly_one_owner(team):
    """Round after round: the owner re-offers the workspace to B while A accepts the offer A holds, B tries
    to accept and A re-offers; whoever wins, there is one owner at every sampled moment, the workspace's
    owner is that member, and every change of owner is one ``ownership_transferred`` event."""
    world = team.world
    a, b = team.maintainer, world.user("bea")
    world.member(team.ws, b, "maintainer")
    names = {a.pk: "max", b.pk: "bea", team.owner.pk: "olivia"}
    changes = 0
    with Watcher(team.ws.id) as watch:
        for _ in range(8):
            owner_id, _ = _state(team.ws)
            owner = world.User.objects.get(pk=owner_id)
            others = [u for u in (team.owner, a, b) if u.pk != owner_id]
            teams.offer_ownership(actor=owner, workspace=team.ws, username=names[others[0].pk])
            outcomes = _race(
                [
                    partial(teams.accept_ownership, actor=others[0], workspace=team.ws),
                    partial(
                        teams.offer_ownership, actor=owner, workspace=team.ws, username=names[others[1].pk]
                    ),
                    partial(teams.accept_ownership, actor=others[1], workspace=team.ws),
                    partial(teams.cancel_ownership_offer, actor=others[1], workspace=team.ws),
                ]
            )
            new_owner, owners = _state(team.ws)
            assert owners == [new_owner]
            changes += new_owner != owner_id
            # the loser's refusal names a reason, never a crash
            assert all(o[0] == "ok" or o[1] for o in outcomes)
            # the old owner is a maintainer now, so the next round can offer it back
            assert set(
                Membership.objects.filter(workspace=team.ws)
                .exclude(user_id=new_owner)
                .values_list("role", flat=True)
            ) <= {"maintainer", "developer"}
    assert watch.samples >= 3 and watch.bad == [], watch.bad[:5]
    transferred = WorkspaceEvent.objects.filter(
        workspace=team.ws, type="workspace.ownership_transferred"
    ).count()
    assert transferred == changes


def test_an_invitation_link_clicked_twice_at_once_joins_once(team):
    nina = team.world.user("nina")
    _, token = teams.invite_member(
        actor=team.maintainer, workspace=team.ws, role="developer", username="nina"
    )
    outcomes = _race([partial(teams.accept_invitation, actor=nina, token=token)] * 4)
    assert sorted(o[0] for o in outcomes) == ["ok", "refused", "refused", "refused"]
    assert {o[1] for o in outcomes if o[0] == "refused"} == {"invitation_used"}
    assert Membership.objects.filter(workspace=team.ws, user=nina).count() == 1
    assert WorkspaceEvent.objects.filter(workspace=team.ws, type="member.joined").count() == 1
