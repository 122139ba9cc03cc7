"""What runs is exactly what was approved (SPEC §9, R8.1, R8.5).

The worker re-checks, on the row its claim returned, that the payload still hashes to the ``payload_hash``
stored at proposal, and that the approval still stands: a person's decision for ``approved``, a two-person
rule's count met by approvals that still count, the deciding person still holding the role. Whatever changed
the row after the decision (a form, an API bug, a raw UPDATE), the action fails closed with a named code and
an ``action.failed`` event, and the executor never runs.

``raise_max_parallel`` is the probe: its executor has an effect Brabo can see (the project's limit).
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from actions import execution, quorum, services
from actions.binding import binding_of, seal_of
from actions.models import ActionApproval, ProposedAction, payload_hash
from actions.tests.exec_fixtures import decided, events_of
from actions.tests.exec_fixtures import failed_with as _failed_with
from projects.models import Membership


def _raw_update(action, column: str, value) -> None:
    """A plain SQL UPDATE, as a bug or a hand edit in the database would do it: no model code runs."""
    table = ProposedAction._meta.db_table
    pk = ProposedAction._meta.pk.get_db_prep_value(action.id, connection)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {column} = %s WHERE id = %s", [value, pk])


def _limit(team) -> int:
    team.project.refresh_from_db()
    return team.project.max_parallel


# -- the payload changed after the decision -----------------------------------------------------------------


def _tamper_raw_sql(action):
    _raw_update(action, "payload", json.dumps({"value": 64}))


def _tamper_queryset_update(action):
    ProposedAction.objects.filter(id=action.id).update(payload={"value": 64})


def _tamper_model_save(action):
    # what a form or a serializer saving the whole row does
    action.payload["value"] = 64
    action.save()


def _tamper_extra_key(action):
    ProposedAction.objects.filter(id=action.id).update(payload={"value": 8, "note": "added later"})


def _tamper_hash_only(action):
    ProposedAction.objects.filter(id=action.id).update(payload_hash=payload_hash({"value": 64}))


def _tamper_hash_erased(action):
    ProposedAction.objects.filter(id=action.id).update(payload_hash="")


TAMPERINGS = {
    "raw_sql": _tamper_raw_sql,
    "queryset_update": _tamper_queryset_update,
    "model_save": _tamper_model_save,
    "extra_key": _tamper_extra_key,
    "hash_only": _tamper_hash_only,
    "hash_erased": _tamper_hash_erased,
}


@pytest.mark.parametrize("status", ["approved", "auto_approved"])
@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_a_payload_changed_after_approval_fails_closed_and_never_runs(team, make_action, how, status):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status=status)
    TAMPERINGS[how](action)

    execution.execute(action.id)

    result = _failed_with(action, "payload_changed_after_approval")
    assert _limit(team) == 2  # the executor never ran
    assert "approved" in result["error"]["message"]


def test_a_changed_merge_target_is_not_merged(team, make_action, monkeypatch):
    from actions.executors import provider

    touched = []

    def reached(ctx):
        touched.append(ctx)
        pytest.fail("the provider was reached")

    monkeypatch.setattr(provider, "_provider", reached)
    action = make_action(team.project, "git_merge", {"pr": "7", "target_branch": "dev"})
    ProposedAction.objects.filter(id=action.id).update(payload={"pr": "7", "target_branch": "main"})

    execution.execute(action.id)

    _failed_with(action, "payload_changed_after_approval")
    assert touched == []


def test_a_hook_gate_whose_command_changed_does_not_answer_approved(team, make_action):
    action = make_action(team.project, "terminal", {"command": "ls", "runs_in": "agent"}, agent=team.agent)
    ProposedAction.objects.filter(id=action.id).update(payload={"command": "rm -rf /", "runs_in": "agent"})

    execution.execute(action.id)

    result = _failed_with(action, "payload_changed_after_approval")
    assert "approved" not in result


def test_a_spend_whose_amount_changed_is_not_approved(team, make_action):
    action = make_action(
        team.project, "spend", {"amount": 5, "currency": "EUR", "purpose": "ci"}, status="auto_approved"
    )
    ProposedAction.objects.filter(id=action.id).update(
        payload={"amount": 5000, "currency": "EUR", "purpose": "ci"}
    )
    execution.execute(action.id)
    _failed_with(action, "payload_changed_after_approval")


def test_a_payload_changed_while_a_wait_timer_held_the_approval_does_not_run(team, world, make_action):
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[
            {"action_type": "raise_max_parallel", "approvals": 1, "min_role": "maintainer", "wait_minutes": 5}
        ],
    )
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    services.approve_action(action_id=action.id, actor=team.maintainer)
    action.refresh_from_db()
    assert action.status == "approved" and action.execute_after is not None
    _tamper_raw_sql(action)
    ProposedAction.objects.filter(id=action.id).update(execute_after=timezone.now() - timedelta(seconds=1))

    execution.execute(action.id)

    _failed_with(action, "payload_changed_after_approval")
    assert _limit(team) == 2


# -- the payload as stored: ordinary payloads keep running ----------------------------------------------------

ORDINARY = [
    {"value": 8},
    {"value": 8, "note": 'ünïcødé ✓ \u2028 and a "quote"'},
    {"value": 8, "ratio": 2.0, "big": 1e20, "tiny": 1e-7, "neg": -0.0, "exact": 0.1},
    {"value": 8, "nested": {"b": [1, 2.5, {"z": None, "a": True}], "a": ""}},
    {"value": 8, "huge": 2**70, "list": []},
]


@pytest.mark.parametrize("payload", ORDINARY, ids=range(len(ORDINARY)))
def test_an_unchanged_payload_runs_whatever_numbers_and_text_it_holds(team, make_action, payload):
    action = make_action(team.project, "raise_max_parallel", payload)
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert _limit(team) == 8


def test_an_action_stored_with_the_earlier_hash_still_runs(team, make_action):
    payload = {"value": 8, "ratio": 2.0}
    action = make_action(team.project, "raise_max_parallel", payload)
    # the hash as proposals stored it before numbers were read canonically (2.0 kept its ".0")
    legacy = hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    ProposedAction.objects.filter(id=action.id).update(payload_hash=legacy)
    # bound as migration 0017 binds a row proposed before the binding: over the hash it stores
    action.refresh_from_db()
    action.binding = binding_of(action)
    # and its decision signed over that binding, as migration 0018 signs a decision taken before the seal
    ProposedAction.objects.filter(id=action.id).update(
        binding=action.binding, decision_seal=seal_of(action, "approved")
    )
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_a_proposal_stores_the_hash_of_the_payload_it_stored(team):
    decision = services.propose_action(
        project=team.project,
        action_type="raise_max_parallel",
        payload={"value": 8},
        agent=team.agent,
    )
    stored = ProposedAction.objects.get(id=decision.action.id)
    assert stored.payload_hash == payload_hash(stored.payload)


# -- the approval no longer stands -------------------------------------------------------------------------


def test_approved_with_no_person_recorded_fails_closed(team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    _raw_update(action, "status", "approved")  # a bug moving it past the decision

    execution.execute(action.id)

    # no decision was signed for it (actions.binding.seal_of); test_decisions_are_signed has the others
    _failed_with(action, "decision_forged")
    assert _limit(team) == 2


def test_approved_signed_with_no_person_recorded_fails_closed(team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    decided(action.id, "approved", None)  # signed, but no person: what a bug in a decision would sign

    execution.execute(action.id)

    _failed_with(action, "approval_missing")
    assert _limit(team) == 2


def _another_maintainer(team, world):
    mia = world.user("mia")
    world.member(team.ws, mia, "maintainer")
    return mia


def test_a_decider_who_left_before_it_ran_no_longer_approves_it(team, world, make_action):
    mia = _another_maintainer(team, world)
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, decided_by=mia)
    Membership.objects.filter(workspace=team.ws, user=mia).delete()

    execution.execute(action.id)

    _failed_with(action, "approval_quorum_not_met")
    assert _limit(team) == 2


def test_a_decider_demoted_below_the_types_role_no_longer_approves_it(team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, decided_by=team.maintainer)
    Membership.objects.filter(workspace=team.ws, user=team.maintainer).update(role="developer")

    execution.execute(action.id)

    _failed_with(action, "approval_quorum_not_met")


def _two_person_rule(team, wait_minutes=0):
    quorum.set_approval_rules(
        actor=team.owner,
        project=team.project,
        rules=[
            {
                "action_type": "raise_max_parallel",
                "approvals": 2,
                "min_role": "maintainer",
                "wait_minutes": wait_minutes,
            }
        ],
    )


def test_approved_under_a_two_person_rule_with_one_approval_fails_closed(team, make_action):
    _two_person_rule(team)
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    ActionApproval.objects.create(action=action, approver=team.owner)
    decided(action.id, "approved", team.owner)

    execution.execute(action.id)

    _failed_with(action, "approval_quorum_not_met")
    assert _limit(team) == 2


def test_auto_approved_although_a_two_person_rule_governs_it_fails_closed(team, make_action):
    _two_person_rule(team)
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    # signed as the policy's (a row decided before the policy fingerprint: the policy is not decided again;
    # test_policy_changed_before_run has the fingerprinted ones, which go back to a person)
    decided(action.id, "auto_approved")

    execution.execute(action.id)

    _failed_with(action, "approval_quorum_not_met")


def test_an_approver_who_left_during_the_wait_timer_breaks_the_count(team, world, make_action):
    mia = _another_maintainer(team, world)
    _two_person_rule(team, wait_minutes=5)
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    services.approve_action(action_id=action.id, actor=mia)
    services.approve_action(action_id=action.id, actor=team.owner)
    action.refresh_from_db()
    assert action.status == "approved" and action.execute_after is not None
    Membership.objects.filter(workspace=team.ws, user=mia).delete()
    ProposedAction.objects.filter(id=action.id).update(execute_after=timezone.now() - timedelta(seconds=1))

    execution.execute(action.id)

    _failed_with(action, "approval_quorum_not_met")
    assert _limit(team) == 2


def test_two_approvals_that_still_count_run_after_the_wait_timer(team, make_action):
    _two_person_rule(team, wait_minutes=5)
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    services.approve_action(action_id=action.id, actor=team.maintainer)
    services.approve_action(action_id=action.id, actor=team.owner)
    ProposedAction.objects.filter(id=action.id).update(execute_after=timezone.now() - timedelta(seconds=1))

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert _limit(team) == 8


def test_a_person_approval_without_a_rule_runs(team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    services.approve_action(action_id=action.id, actor=team.maintainer)
    execution.execute(action.id)  # nothing to do when the eager relay already ran it
    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert _limit(team) == 8


def test_a_policy_approval_without_a_rule_runs(team, make_action):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="auto_approved")
    execution.execute(action.id)
    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_a_rule_that_no_longer_applies_does_not_hold_an_approved_action_back(team, make_action):
    _two_person_rule(team)
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status="pending")
    ActionApproval.objects.create(action=action, approver=team.owner)
    ActionApproval.objects.create(action=action, approver=team.maintainer)
    decided(action.id, "approved", team.owner)
    quorum.set_approval_rules(actor=team.owner, project=team.project, rules=[])

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result


# -- states that are not runnable are never claimed (the claim's own guard) ---------------------------------


@pytest.mark.parametrize("status", ["pending", "denied", "expired", "executing", "executed", "failed"])
def test_what_is_not_approved_is_never_claimed(team, make_action, status):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status=status)
    execution.execute(action.id)
    action.refresh_from_db()
    assert (action.status, action.attempts, events_of(action)) == (status, 0, [])
    assert _limit(team) == 2


def test_a_wait_timer_still_running_is_not_claimed(team, make_action):
    action = make_action(
        team.project, "raise_max_parallel", {"value": 8}, execute_after=timezone.now() + timedelta(hours=1)
    )
    execution.execute(action.id)
    action.refresh_from_db()
    assert (action.status, action.attempts) == ("approved", 0)


def test_the_in_process_worker_checks_too(team, make_action):
    from actions import inprocess

    action = make_action(team.project, "raise_max_parallel", {"value": 8})
    _tamper_queryset_update(action)
    claimed = execution.claim(action.id)
    assert claimed is not None and execution.mark_started(claimed)
    execution.run_claimed(claimed, may_retry=inprocess.MAX_RETRIES > 0)
    _failed_with(action, "payload_changed_after_approval")
