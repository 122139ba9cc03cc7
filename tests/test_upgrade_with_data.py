"""Upgrading a PostgreSQL database that already holds data: every migration with a data step runs over
rows made with the schema just before it, and the rows end as its data step intends.

PostgreSQL only: Django's foreign keys there are DEFERRABLE INITIALLY DEFERRED, so a data step's writes
can leave deferred checks pending in the migration's transaction, and a schema operation after them
(the index Django creates at the end of the migration) then stops with "cannot CREATE INDEX ... because
it has pending trigger events". SQLite has no such triggers; CI runs this test on PostgreSQL.

The test walks the test database back with Django's ``MigrationExecutor``, writes rows through the
historical models of each state (never today's models) and migrates forward; whatever happens, it
leaves the database emptied and migrated to the latest state for the tests that follow.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="deferred foreign-key checks (pending trigger events) exist on PostgreSQL only",
    ),
    pytest.mark.django_db(transaction=True),
]

# Just before projects/0004 (accepted policy recorded from the file on disk).
BEFORE_ACCEPTED_POLICY = [("projects", "0003_local_git_provider"), ("actions", "0003_dispatch_outbox")]
# Just before actions/0007 (frozen proposer and expiry) and projects/0010 (who set the secrets).
BEFORE_FROZEN_PROPOSER = [
    ("projects", "0009_pending_expiry_per_project"),
    ("actions", "0006_notifications_webhooks_subscriptions"),
]

POLICY = json.dumps({"allow": ["Terminal(git status)"], "deny": [], "ask": []}, indent=2)


def _migrate(targets):
    """Migrate the test database to ``targets``; the historical apps of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()  # what is applied now
    return executor.loader.project_state(targets).apps


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _empty_and_restore_latest():
    """Whatever the test reached, the latest schema, as the other tests expect (pytest-django then empties
    the tables). Short of it: no rows first (a failed data step would fail again on them). A migration
    whose deferred SQL (the indexes Django creates at its end) failed is left inside its atomic block by
    Django's schema editor: roll that back first, as the block's exit would have."""
    while connection.atomic_blocks:  # only the failed migration's: a transactional test runs in none
        connection.atomic_blocks[-1].__exit__(DatabaseError, DatabaseError(), None)
    executor = MigrationExecutor(connection)
    if not executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return
    with connection.cursor() as cursor:
        tables = [t for t in connection.introspection.table_names(cursor) if t != "django_migrations"]
        if tables:
            cursor.execute("TRUNCATE " + ", ".join(connection.ops.quote_name(t) for t in tables) + " CASCADE")
    _migrate(_latest())


@pytest.fixture
def upgrade():
    try:
        yield _migrate
    finally:
        _empty_and_restore_latest()


def _person(apps, username):
    return apps.get_model("auth", "User").objects.create(username=username, email=f"{username}@example.com")


def _seed_policy_on_disk(apps, settings):
    """A project whose permissions.json is on disk before Brabo recorded accepted policies."""
    owner = _person(apps, "owner")
    workspace = apps.get_model("projects", "Workspace").objects.create(name="Upgraded", owner=owner)
    project = apps.get_model("projects", "Project").objects.create(
        workspace=workspace, name="Site", slug="site", workspace_dir_name="site-dir"
    )
    folder = settings.PROJECT_WORKSPACES_ROOT / "site-dir"
    folder.mkdir(parents=True)
    (folder / "permissions.json").write_text(POLICY)
    return owner.pk, workspace.pk, project.pk


def _seed_pending_and_secrets(apps, owner, workspace, project):
    """Pending actions by a person and by an agent, one already decided; the workspace's secrets set by
    its owner, and a second workspace whose secrets predate a change of owner (ids: the rows were made
    with an older state's models)."""
    Project = apps.get_model("projects", "Project")
    Project.objects.filter(pk=project).update(pending_expiry_seconds=3600)
    person, agent_user = _person(apps, "proposer"), _person(apps, "agent-holder")
    membership = apps.get_model("projects", "Membership").objects.create(
        workspace_id=workspace, user=agent_user, role="developer"
    )
    agent = apps.get_model("projects", "Agent").objects.create(
        project_id=project, name="dev", key_hash="x" * 64, principal=membership
    )
    Action = apps.get_model("actions", "ProposedAction")
    common = {
        "project_id": project,
        "action_type": "terminal",
        "payload": {"command": "ls"},
        "payload_hash": "h",
    }
    by_person = Action.objects.create(status="pending", proposed_by_user=person, **common)
    by_agent = Action.objects.create(status="pending", agent=agent, **common)
    decided = Action.objects.create(status="executed", agent=agent, **common)

    now = timezone.now()
    Credentials = apps.get_model("projects", "WorkspaceCredentials")
    Credentials.objects.create(
        workspace_id=workspace,
        provider_token_encrypted="sealed",
        provider_token_set_at=now,
        model_key_encrypted="sealed",
        model_key_set_at=now,
    )
    moved = apps.get_model("projects", "Workspace").objects.create(name="Moved", owner=person)
    Credentials.objects.create(
        workspace=moved, provider_token_encrypted="sealed", provider_token_set_at=now - timedelta(days=1)
    )
    Event = apps.get_model("projects", "WorkspaceEvent")
    Event.objects.create(workspace=moved, type="workspace.ownership_transferred", actor_kind="user")
    # workspace events about one project (projects/0012 names it)
    about = (
        ("project_limit", workspace, {"scope": "project", "scope_id": str(project)}),
        ("agent_limit", workspace, {"scope": "agent", "scope_id": str(agent.pk)}),
        ("workspace_budget", workspace, {"scope": "workspace", "scope_id": str(workspace)}),
        ("another_workspaces_project", moved.pk, {"scope": "project", "scope_id": str(project)}),
    )
    events = {
        name: Event.objects.create(workspace_id=ws, type="budget.updated", actor_kind="user", payload=payload)
        for name, ws, payload in about
    }
    events["subscription"] = Event.objects.create(
        workspace_id=workspace,
        type="notifications.subscription_changed",
        actor_kind="user",
        payload={"projectId": str(project), "project": "app", "kinds": []},
    )
    return {
        "events": events,
        "by_person": by_person,
        "by_agent": by_agent,
        "decided": decided,
        "person": person,
        "agent_user": agent_user,
        "moved": moved,
    }


def test_a_database_with_data_upgrades_to_the_latest_schema(upgrade, settings):
    apps = upgrade(BEFORE_ACCEPTED_POLICY)
    owner, workspace, project = _seed_policy_on_disk(apps, settings)

    apps = upgrade(BEFORE_FROZEN_PROPOSER)
    # projects/0004 recorded the file on disk as the accepted policy (R3.5 at upgrade)
    accepted = apps.get_model("projects", "AcceptedPolicy").objects.get(project_id=project)
    assert (accepted.content, accepted.source, accepted.accepted_by_id) == (POLICY, "upgrade", None)
    assert apps.get_model("projects", "Project").objects.get(pk=project).policy_sha256 == accepted.sha256
    seeded = _seed_pending_and_secrets(apps, owner, workspace, project)

    apps = upgrade(_latest())
    # actions/0007: a pending action's proposer and expiry frozen as its proposal would have recorded them
    Action = apps.get_model("actions", "ProposedAction")
    by_person = Action.objects.get(pk=seeded["by_person"].pk)
    by_agent = Action.objects.get(pk=seeded["by_agent"].pk)
    decided = Action.objects.get(pk=seeded["decided"].pk)
    assert (by_person.expiry_seconds, by_person.proposer_principal_id) == (3600, seeded["person"].pk)
    assert (by_agent.expiry_seconds, by_agent.proposer_principal_id) == (3600, seeded["agent_user"].pk)
    assert (decided.expiry_seconds, decided.proposer_principal_id) == (86400, None)
    # projects/0010: the owner set the secrets, unless the workspace changed owner since (then nobody)
    Credentials = apps.get_model("projects", "WorkspaceCredentials")
    kept = Credentials.objects.get(workspace_id=workspace)
    assert (kept.provider_token_set_by_id, kept.model_key_set_by_id) == (owner, owner)
    moved = Credentials.objects.get(workspace_id=seeded["moved"].pk)
    assert (moved.provider_token_set_by_id, moved.provider_token_confirmed_by_id) == (None, None)
    # projects/0012: a workspace event about one project names it (only those who reach it read it)
    Event = apps.get_model("projects", "WorkspaceEvent")
    named = {name: Event.objects.get(pk=e.pk).project_id for name, e in seeded["events"].items()}
    assert named == {
        "project_limit": project,
        "agent_limit": project,
        "workspace_budget": None,
        "another_workspaces_project": None,
        "subscription": project,
    }


# Just before actions/0016 and 0017 (where an action acts, and its keyed binding).
BEFORE_BINDING = [("actions", "0015_slack_team_claims"), ("projects", "0013_push_remote_set_by")]


def test_actions_in_flight_at_the_upgrade_are_bound_and_keep_running(upgrade):
    """actions/0016 freezes the target and 0017 the binding of every action not yet settled, as a proposal
    would have: the worker's checks accept them (today's code reads them), and a settled row is left as it was."""
    from actions import binding, execution, targets
    from actions.models import ProposedAction

    apps = upgrade(BEFORE_BINDING)
    owner = _person(apps, "owner")
    workspace = apps.get_model("projects", "Workspace").objects.create(name="Bound", owner=owner)
    project = apps.get_model("projects", "Project").objects.create(
        workspace=workspace, name="Site", slug="site", workspace_dir_name="site-bound", repository="acme/site",
        git_remote_url="https://github.com/acme/site.git",
    )  # fmt: skip
    apps.get_model("projects", "WorkspaceCredentials").objects.create(
        workspace=workspace, provider_kind="github", provider_base_url="https://api.github.com"
    )
    Action = apps.get_model("actions", "ProposedAction")

    def make(action_type, payload, status):
        from brabo_client.payload_hash import payload_hash

        return Action.objects.create(
            project=project, action_type=action_type, payload=payload, payload_hash=payload_hash(payload),
            status=status, reason="default", message="before the upgrade", proposer_principal=owner,
            merge_pr="7" if action_type == "git_merge" else "",
        ).pk  # fmt: skip

    live = {
        "git_merge": make("git_merge", {"pr": "7", "target_branch": "dev"}, "approved"),
        "git_push": make("git_push", {"branch": "feat"}, "auto_approved"),
        "terminal": make("terminal", {"command": "ls"}, "pending"),
        "raise_max_parallel": make("raise_max_parallel", {"value": 4}, "executing"),
    }
    settled = make("git_merge", {"pr": "8", "target_branch": "dev"}, "executed")

    upgrade(_latest())

    for action_type, pk in live.items():
        row = ProposedAction.objects.select_related("project__workspace").get(pk=pk)
        assert row.target == targets.target_of(row.project, action_type, row.payload), action_type
        assert binding.binds(row), action_type
        assert execution.action_changed(row) is None and execution.target_changed(row) is None, action_type
    assert ProposedAction.objects.get(pk=live["git_merge"]).target["repository"] == "acme/site"
    old = ProposedAction.objects.get(pk=settled)
    assert (old.target, old.binding) == ({}, "")


# Just before actions/0018 (the signed decision and the policy fingerprint).
BEFORE_SIGNED_DECISIONS = [("actions", "0017_action_binding")]


def test_actions_decided_before_the_upgrade_are_signed_and_keep_running(upgrade):
    """actions/0018 signs the decision of every action runnable or running -- a person's with the approvals that
    count, the policy's -- as the decisions sign it now, so the worker keeps running them; pending and settled
    rows carry no decision. The migration reverses (its columns go) and applies again."""
    import importlib

    from actions import binding, execution
    from actions.models import ProposedAction

    bound = importlib.import_module("actions.migrations.0017_action_binding")
    apps = upgrade(BEFORE_SIGNED_DECISIONS)
    owner, maria, ivo = _person(apps, "owner"), _person(apps, "maria"), _person(apps, "ivo")
    workspace = apps.get_model("projects", "Workspace").objects.create(name="Signed", owner=owner)
    for user, role in ((owner, "owner"), (maria, "maintainer"), (ivo, "maintainer")):
        apps.get_model("projects", "Membership").objects.create(workspace=workspace, user=user, role=role)
    project = apps.get_model("projects", "Project").objects.create(
        workspace=workspace, name="Site", slug="site", workspace_dir_name="site-signed"
    )
    Action = apps.get_model("actions", "ProposedAction")
    Approval = apps.get_model("actions", "ActionApproval")

    def make(status, decided_by=None, approvers=(), value=4):
        from brabo_client.payload_hash import payload_hash

        payload = {"value": value}
        action = Action.objects.create(
            project=project, action_type="raise_max_parallel", payload=payload, payload_hash=payload_hash(payload),
            status=status, reason="default", message="before the upgrade", proposer_principal=owner,
            decided_by=decided_by,
        )  # fmt: skip
        Action.objects.filter(pk=action.pk).update(binding=bound._binding(action))  # as 0017 bound it
        for user, counted in approvers:
            Approval.objects.create(action=action, approver=user, counted=counted)
        return action.pk

    live = {
        "approved-by-a-person": make("approved", owner, value=3),
        "approved-under-a-rule": make(
            "approved", owner, [(maria, True), (ivo, True), (owner, False)], value=5
        ),
        "auto-approved": make("auto_approved", value=6),
        "executing": make("executing", owner, value=7),
    }
    undecided = {
        "pending": make("pending"),
        "denied": make("denied", owner),
        "executed": make("executed", owner),
    }

    upgrade(_latest())

    def check():
        for name, pk in live.items():
            row = ProposedAction.objects.select_related("project__workspace").get(pk=pk)
            assert len(row.decision_seal) == 64 and row.policy_fingerprint == "", name
            assert execution.decision_forged(row) is None, name
        for name, pk in undecided.items():
            assert ProposedAction.objects.get(pk=pk).decision_seal == "", name
        # a forged decision on a row decided before the upgrade is still refused
        forged = ProposedAction.objects.select_related("project").get(pk=undecided["pending"])
        forged.status = "approved"
        assert execution.decision_forged(forged) is not None
        assert binding.binds(ProposedAction.objects.get(pk=live["auto-approved"]))

    check()
    upgrade(BEFORE_SIGNED_DECISIONS)  # reversed: the two columns go, nothing else changes
    assert Action.objects.filter(pk__in=live.values()).count() == len(live)
    upgrade(_latest())
    check()

    execution.execute(live["approved-by-a-person"])
    row = ProposedAction.objects.get(pk=live["approved-by-a-person"])
    assert row.status == "executed", row.result
    execution.execute(live["auto-approved"])
    row = ProposedAction.objects.get(pk=live["auto-approved"])
    assert row.status == "executed", row.result
