"""Red team: the worker runs a decision Brabo made, not one written into the row.

The binding (actions.binding) covers what runs; the decision itself -- ``status`` approved or auto_approved,
``decided_by``, the approvals that counted toward a two-person rule -- was read as stored. A database edit (a
bug, a script, someone with the database but not the server's key) setting ``status='approved'`` on a pending
or denied row ran it; so did naming another decider, adding the missing approvals of a two-person rule, or
setting a settled row (executed, failed, cancelled) runnable again. Now the decision is signed when it is made
(HMAC-SHA256 keyed with SECRET_KEY, its own salt: ``decision_seal``) and the worker refuses a claimed row whose
decision does not give it: ``decision_forged``, with its ``action.failed`` event, nothing run. A rotated key
kept in SECRET_KEY_FALLBACKS keeps signed decisions running.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from actions import binding, execution, executors, quorum, services
from actions.models import ActionApproval, ProposedAction
from actions.tests.exec_fixtures import decided, failed_with

pytestmark = pytest.mark.django_db

PAYLOAD = {"value": 8}


def _pending(team, **kw):
    return services.propose_action(
        project=team.project, user=team.owner, action_type="raise_max_parallel", payload=PAYLOAD, **kw
    ).action


def _set(action_id, **fields):
    ProposedAction.objects.filter(id=action_id).update(**fields)


def _raw_status(action_id, status):
    table = ProposedAction._meta.db_table
    pk = ProposedAction._meta.pk.get_db_prep_value(action_id, connection)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET status = %s WHERE id = %s", [status, pk])


def _approval_rule(team, **rule):
    """The project's one approval rule for the actions these tests propose (a maintainer's, self-approval on)."""
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[
            {"action_type": "raise_max_parallel", "min_role": "maintainer", "no_self_approval": False, **rule}
        ],
    )


def _two_person_rule(team):
    _approval_rule(team, approvals=2)


def _approved(team):
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    return action


def _denied(team):
    action = _pending(team)
    services.deny_action(action_id=action.id, actor=team.owner, reason="no")
    return action


def _keyless_seal(action_id, status, decided_by=None):
    """What someone with the database and the code but not the key would write."""
    action = ProposedAction.objects.get(id=action_id)
    action.decided_by = decided_by
    with override_settings(SECRET_KEY="guessed-" + "x" * 50, SECRET_KEY_FALLBACKS=[]):
        return binding.seal_of(action, status)


def _another_approved(team):
    other = services.propose_action(
        project=team.project, user=team.owner, action_type="raise_max_parallel", payload={"value": 9}
    ).action
    services.approve_action(action_id=other.id, actor=team.owner)
    return ProposedAction.objects.get(id=other.id)


def _quorum_completed_by_hand(team):
    """One real approval of two; the second approval row and the approval itself written by hand."""
    _two_person_rule(team)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    ActionApproval.objects.create(action_id=action.id, approver=team.maintainer)
    _set(action.id, status="approved", decided_by=team.maintainer)
    return action


def _approvals_swapped(team):
    """Approved by two people; afterwards one approval row names somebody else."""
    _two_person_rule(team)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    services.approve_action(action_id=action.id, actor=team.maintainer)
    third = team.world.user("tess")
    team.world.member(team.ws, third, "maintainer")
    ActionApproval.objects.filter(action_id=action.id, approver=team.maintainer).update(approver=third)
    return action


def _approval_added_after(team):
    """Approved under a rule of two; afterwards a third approval is written beside them."""
    _two_person_rule(team)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    services.approve_action(action_id=action.id, actor=team.maintainer)
    third = team.world.user("tess")
    team.world.member(team.ws, third, "maintainer")
    ActionApproval.objects.create(action_id=action.id, approver=third)
    return action


def _settled_then_runnable(team, status):
    action = _approved(team)
    execution.execute(action.id)
    if status == "failed":
        _set(action.id, status="failed")
    _set(action.id, status="approved")
    return action


def _cancelled_then_runnable(team):
    _approval_rule(team, approvals=1, wait_minutes=5)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    services.cancel_held(action_id=action.id, actor=team.owner)
    _set(action.id, status="approved", execute_after=timezone.now() - timedelta(seconds=1))
    return action


# each way of writing a decision Brabo did not make -> the action the worker is then handed
FORGERIES = {
    "pending-set-approved": lambda t: _forge(_pending(t), status="approved", decided_by=t.owner),
    "pending-set-approved-no-decider": lambda t: _forge(_pending(t), status="approved"),
    "pending-set-auto-approved": lambda t: _forge(_pending(t), status="auto_approved"),
    "pending-set-approved-by-raw-sql": lambda t: _raw(_pending(t), "auto_approved"),
    "denied-set-approved": lambda t: _forge(_denied(t), status="approved", decided_by=t.owner),
    "denied-set-auto-approved": lambda t: _forge(_denied(t), status="auto_approved", decided_by=None),
    "expired-set-approved": lambda t: _forge(
        _forge(_pending(t), status="expired"), status="approved", decided_by=t.owner
    ),
    "decider-replaced": lambda t: _forge(_approved(t), decided_by=t.maintainer),
    "persons-approval-made-the-policys": lambda t: _forge(
        _approved(t), status="auto_approved", decided_by=None
    ),
    "quorum-completed-by-hand": _quorum_completed_by_hand,
    "approval-row-swapped": _approvals_swapped,
    "approval-row-added": _approval_added_after,
    "executed-set-approved-again": lambda t: _settled_then_runnable(t, "executed"),
    "failed-set-approved-again": lambda t: _settled_then_runnable(t, "failed"),
    "cancelled-set-approved-again": _cancelled_then_runnable,
    "seal-of-another-action": lambda t: _forge(
        _pending(t), status="approved", decided_by=t.owner, decision_seal=_another_approved(t).decision_seal
    ),
    "seal-made-without-the-key": lambda t: _keyed(_pending(t), t),
    "seal-erased": lambda t: _forge(_approved(t), decision_seal=""),
}


def _forge(action, **fields):
    _set(action.id, **fields)
    return action


def _raw(action, status):
    _raw_status(action.id, status)
    return action


def _keyed(action, team):
    seal = _keyless_seal(action.id, "approved", team.owner)
    return _forge(action, status="approved", decided_by=team.owner, decision_seal=seal)


def _limit(team) -> int:
    team.project.refresh_from_db()
    return team.project.max_parallel


@pytest.mark.parametrize("how", sorted(FORGERIES))
def test_a_decision_brabo_did_not_make_is_not_run(team, ran, how):
    action = FORGERIES[how](team)
    before = ran[:]  # a settled-then-runnable case ran once, legitimately, before the forgery

    execution.execute(action.id)

    result = ProposedAction.objects.get(id=action.id).result or {}
    assert ran == before
    assert result.get("error", {}).get("code") == "decision_forged", result
    if how not in ("executed-set-approved-again", "failed-set-approved-again"):
        failed_with(action, "decision_forged")


def test_the_forged_decision_names_what_to_do(team, ran):
    action = _forge(_pending(team), status="approved", decided_by=team.owner)
    execution.execute(action.id)
    error = failed_with(action, "decision_forged")["error"]
    assert "approved" in error["message"] and "Propose the action again" in error["next_step"]
    assert _limit(team) == 2


# -- the decisions Brabo makes run -------------------------------------------------------------------------


def test_a_persons_approval_runs(team, ran):
    action = _approved(team)
    stored = ProposedAction.objects.get(id=action.id)
    assert len(stored.decision_seal) == 64 and stored.policy_fingerprint == ""
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_two_person_approval_runs(team, ran):
    _two_person_rule(team)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    assert ProposedAction.objects.get(id=action.id).decision_seal == ""  # one of two: nothing decided yet
    services.approve_action(action_id=action.id, actor=team.maintainer)
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_rule_removed_after_approvals_were_recorded_still_signs_what_counts(team, ran):
    """Approvals recorded under a rule that was then removed: the single approval that decides signs the
    approvals still marked counted, and the worker reads the same ones."""
    _two_person_rule(team)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.maintainer)
    quorum.set_approval_rules(actor=team.owner, project=team.project, rules=[])
    services.approve_action(action_id=action.id, actor=team.owner)
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_policys_auto_approval_runs(team, ran):
    from projects.services import upsert_autonomy

    upsert_autonomy(actor=team.owner, agent=team.agent, action_type="write_file", mode="auto_approve")
    action = services.propose_action(
        project=team.project,
        agent=team.agent,
        action_type="write_file",
        payload={"path": "a.md", "content": "x"},
    ).action
    assert action.status == "auto_approved" and len(action.decision_seal) == 64
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_wait_timer_cleared_by_the_sweep_still_runs(team, ran):
    _approval_rule(team, approvals=1, wait_minutes=5)
    action = _pending(team)
    services.approve_action(action_id=action.id, actor=team.owner)
    _set(action.id, execute_after=None)  # what the sweep writes when the wait is over
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_released_claim_runs_on_its_retry(team, monkeypatch):
    calls: list = []

    def flaky(action, ctx):
        calls.append(action.id)
        if len(calls) == 1:
            raise execution.TransientFault("provider_unavailable", "503")
        return {"ran": True}

    monkeypatch.setattr(executors, "executor_for", lambda action_type: flaky)
    action = _approved(team)
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    execution.execute(action.id, may_retry=True)
    assert ProposedAction.objects.get(id=action.id).status == "executed"


# -- the key -------------------------------------------------------------------------------------------------


def test_a_key_rotated_with_the_old_one_kept_runs_what_was_decided_before(team, ran, settings):
    action = _approved(team)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "rotated-" + "k" * 50
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_decision_made_after_the_rotation_runs(team, ran, settings):
    action = _pending(team)  # bound under the old key
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "rotated-" + "k" * 50
    services.approve_action(action_id=action.id, actor=team.owner)  # signed under the new one
    execution.execute(action.id)
    assert ran == [action.id]


def test_a_decision_signed_only_under_a_dropped_key_fails_closed(team, ran, settings):
    """The binding still verifies (its key kept) but the decision was signed under a key no longer listed."""
    action = _pending(team)
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "interim-" + "k" * 50
    settings.SECRET_KEY_FALLBACKS = [old]
    services.approve_action(action_id=action.id, actor=team.owner)
    settings.SECRET_KEY = old
    settings.SECRET_KEY_FALLBACKS = []

    execution.execute(action.id)

    failed_with(action, "decision_forged")
    assert ran == []


def test_the_seal_is_djangos_salted_hmac_of_the_decision(team):
    """Migration 0018 signs decisions with salted_hmac: the two must agree."""
    from django.utils.crypto import salted_hmac

    action = ProposedAction.objects.get(id=_approved(team).id)
    message = binding._decision_message(action, "approved", [])
    expected = salted_hmac(binding.DECISION_SALT, message, algorithm="sha256").hexdigest()
    assert action.decision_seal == binding.seal_of(action, "approved") == expected


def test_the_exec_fixture_signs_as_the_services_do(team, ran):
    """``decided`` (actions/tests/exec_fixtures.py), used by tests that start after a decision, signs what
    the worker accepts."""
    action = _pending(team)
    decided(action.id, "approved", team.owner)
    execution.execute(action.id)
    assert ran == [action.id]
