"""Red team: the stored action the worker claims is the one that was proposed and decided, whole.

The worker checked the payload against ``payload_hash`` and, since the target binding, the project's settings
against the frozen ``target``; but everything else on the row that says what runs was taken as it was read:
the project (another project's repository, container and owner's credentials), the type (another executor),
the agent (whose suspension or revocation the worker checks), the proposing person (whom a two-person rule
excludes), the merge's PR (which PR is recorded merged and whose task moves to done) -- and the payload with its
hash rewritten together passed the hash check. Any write to the row (a bug, a script, a database edit) turned an
approval of one thing into a run of another.

Now the proposal stores ``binding``: a keyed hash (HMAC-SHA256 with the server's SECRET_KEY) of the action's
id with all of those, and the worker refuses a claimed row whose binding is not the one those fields give now
(``action_changed_after_approval``); without the key nobody writing to the database can make a new one. A key
rotated with the old one in SECRET_KEY_FALLBACKS keeps in-flight actions running.
"""

from __future__ import annotations

import pytest
from django.db import connection

from actions import binding, execution
from actions.models import ProposedAction, payload_hash
from actions.tests.exec_fixtures import failed_with as _failed_with

pytestmark = pytest.mark.django_db


def _limit(project) -> int:
    project.refresh_from_db()
    return project.max_parallel


def _set(action, **fields):
    ProposedAction.objects.filter(id=action.id).update(**fields)


def _raw_sql(action, column, value):
    table = ProposedAction._meta.db_table
    pk = ProposedAction._meta.pk.get_db_prep_value(action.id, connection)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {column} = %s WHERE id = %s", [value, pk])


def _other_project_same_workspace(team):
    return team.world.project(team.ws, "second")


def _other_agent(team):
    agent, _ = team.world.agent(team.project, team.owner, "dev-other")
    return agent


TAMPERINGS = {
    "project-of-another-workspace": lambda t, a: _set(a, project=t.other_project),
    "project-of-the-same-workspace": lambda t, a: _set(a, project=_other_project_same_workspace(t)),
    "project-by-raw-sql": lambda t, a: _raw_sql(
        a, "project_id", ProposedAction._meta.pk.get_db_prep_value(t.other_project.id, connection)
    ),
    "type": lambda t, a: _set(a, action_type="instruction_patch"),
    "agent-replaced": lambda t, a: _set(a, agent=_other_agent(t)),
    "agent-removed": lambda t, a: _set(a, agent=None),
    "proposer-replaced": lambda t, a: _set(a, proposer_principal=t.developer),
    "proposing-user-set": lambda t, a: _set(a, proposed_by_user=t.developer),
    "payload-and-hash-together": lambda t, a: _set(
        a, payload={"value": 64}, payload_hash=payload_hash({"value": 64})
    ),
    "target-added": lambda t, a: _set(a, target={"repository": "acme/other"}),
    "binding-erased": lambda t, a: _set(a, binding=""),
    "binding-of-another-action": lambda t, a: _set(a, binding=_another(t).binding),
    "binding-made-without-the-key": lambda t, a: _set(a, binding=_keyless(a)),
}


def _another(team):
    return ProposedAction.objects.create(
        project=team.project,
        agent=team.agent,
        action_type="raise_max_parallel",
        payload={"value": 8},
        payload_hash=payload_hash({"value": 8}),
        status="pending",
        reason="default",
        message="the twin",
    )


def _keyless(action):
    """What someone with the database and the code but not the key would write: the same fields, another key."""
    from django.test import override_settings

    action.refresh_from_db()
    with override_settings(SECRET_KEY="guessed-" + "x" * 50, SECRET_KEY_FALLBACKS=[]):
        return binding.binding_of(action)


@pytest.mark.parametrize("status", ["approved", "auto_approved"])
@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_a_row_changed_after_the_decision_is_not_run(team, make_action, how, status):
    action = make_action(team.project, "raise_max_parallel", {"value": 8}, status=status, agent=team.agent)
    TAMPERINGS[how](team, action)

    execution.execute(action.id)

    _failed_with(action, "action_changed_after_approval")
    assert _limit(team.project) == 2 and _limit(team.other_project) == 2  # nothing ran anywhere


def test_a_merges_pr_rewritten_with_its_payload_and_hash_is_not_merged(team, make_action, monkeypatch):
    from actions.executors import provider

    monkeypatch.setattr(provider, "_provider", lambda ctx: pytest.fail("the provider was reached"))
    action = make_action(team.project, "git_merge", {"pr": "7", "target_branch": "dev"})
    changed = {"pr": "8", "target_branch": "dev"}
    _set(action, payload=changed, payload_hash=payload_hash(changed), merge_pr="8")

    execution.execute(action.id)

    _failed_with(action, "action_changed_after_approval")


def test_a_merges_recorded_pr_alone_rewritten_is_not_merged(team, make_action, monkeypatch):
    from actions.executors import provider

    monkeypatch.setattr(provider, "_provider", lambda ctx: pytest.fail("the provider was reached"))
    action = make_action(team.project, "git_merge", {"pr": "7", "target_branch": "dev"})
    _set(action, merge_pr="8")
    execution.execute(action.id)
    _failed_with(action, "action_changed_after_approval")


# -- what is not tampering keeps running ----------------------------------------------------------------


def test_a_proposal_stores_a_binding_the_worker_accepts(team, agent_api):
    from actions import services

    action = services.propose_action(
        project=team.project, user=team.owner, action_type="raise_max_parallel", payload={"value": 8}
    ).action
    stored = ProposedAction.objects.get(id=action.id)
    assert len(stored.binding) == 64 and stored.binding == binding.binding_of(stored)
    services.approve_action(action_id=action.id, actor=team.owner)
    execution.execute(action.id)
    stored.refresh_from_db()
    assert stored.status == "executed", stored.result


@pytest.mark.parametrize(
    "change",
    # (the decider is the signed decision's: test_decisions_are_signed)
    ["decision message", "task settled", "waiter seen", "hook call used", "wait timer set"],
)
def test_what_a_decision_and_the_lifecycle_write_changes_nothing(team, make_action, change):
    from django.utils import timezone

    action = make_action(team.project, "raise_max_parallel", {"value": 8}, agent=team.agent)
    fields: dict[str, dict] = {
        "decision message": {"decision_message": "go"},
        "task settled": {"task": None},
        "waiter seen": {"waiter_seen_at": timezone.now()},
        "hook call used": {"hook_fingerprint": ""},
        "wait timer set": {"execute_after": None, "dispatch_due": True},
    }
    _set(action, **fields[change])

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_a_key_rotated_with_the_old_one_kept_runs_what_was_bound_before(team, make_action, settings):
    action = make_action(team.project, "raise_max_parallel", {"value": 8})
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = "rotated-" + "k" * 50

    execution.execute(action.id)

    action.refresh_from_db()
    assert action.status == "executed", action.result


def test_a_key_replaced_without_the_old_one_fails_closed_saying_so(team, make_action, settings):
    action = make_action(team.project, "raise_max_parallel", {"value": 8})
    settings.SECRET_KEY = "replaced-" + "k" * 50
    settings.SECRET_KEY_FALLBACKS = []

    execution.execute(action.id)

    _failed_with(action, "action_changed_after_approval")
    assert "SECRET_KEY_FALLBACKS" in action.result["error"]["next_step"]


def test_the_binding_is_djangos_salted_hmac_of_the_fields(team, make_action):
    """The migration that bound the actions in flight takes it with salted_hmac: the two must agree."""
    from django.utils.crypto import salted_hmac

    action = make_action(team.project, "raise_max_parallel", {"value": 8}, agent=team.agent)
    expected = salted_hmac(binding.SALT, binding._message(action), algorithm="sha256").hexdigest()
    assert action.binding == binding.binding_of(action) == expected
