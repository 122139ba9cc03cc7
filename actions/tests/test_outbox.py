"""The transactional outbox: an approval marks its dispatch due in its own transaction; what the
on-commit relay could not send, the beat sweep sends; the claim keeps execution exactly-once."""

from __future__ import annotations

import pytest

from actions import enqueue
from actions.models import ProposedAction, SessionEvent


def test_an_approval_commits_its_dispatch_as_due_with_it(team, django_capture_on_commit_callbacks):
    from actions import services

    action = services.propose_action(
        project=team.project, agent=team.agent, action_type="assess_implementability", payload={}
    ).action
    assert action.status == "pending" and not action.dispatch_due
    with django_capture_on_commit_callbacks(execute=False):  # the relay has not run yet
        services.approve_action(action_id=action.id, actor=team.maintainer)
    action.refresh_from_db()
    assert action.status == "approved" and action.dispatch_due  # committed together with the approval


def test_the_sweep_clears_what_is_no_longer_runnable(team, make_action):
    done = make_action(
        team.project, "spend", {"amount": 1, "currency": "EUR", "purpose": "x"}, status="failed"
    )
    ProposedAction.objects.filter(id=done.id).update(dispatch_due=True)
    enqueue.relay_due()
    done.refresh_from_db()
    assert not done.dispatch_due and done.status == "failed"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_dispatch_left_due_is_sent_by_the_sweep_and_runs_once(worker_dirs, team, make_action):
    from actions.tests.test_integration_worker import wait_settled

    # approved and marked due, but its relay never ran (the broker was down, or the process died after commit)
    action = make_action(team.project, "spend", {"amount": 1, "currency": "EUR", "purpose": "x"})
    ProposedAction.objects.filter(id=action.id).update(dispatch_due=True)
    assert enqueue.relay_due() == 1
    assert enqueue.relay_due() == 0  # sent once: the flag is cleared
    action = wait_settled(action)
    assert action.status == "executed" and action.attempts == 1 and not action.dispatch_due
    assert SessionEvent.objects.filter(action=action, type="action.executed").count() == 1
