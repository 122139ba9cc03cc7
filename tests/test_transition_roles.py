"""Every transition × every role (issue 12, STYLE 13): each service function that takes an ``actor`` checks
the actor's role and tenancy itself, whichever door calls it.

The table below has one row per transition: its scope (workspace or project), the minimum role, and how to
call it. The expected outcome for each role is generated from that row — allowed at or above the minimum,
403 below it, 404 for whoever cannot see the workspace or project (R1.1), refused for agents and runners —
and :func:`test_every_service_function_with_an_actor_has_a_row` finds the transitions by introspection, so
a new one without a row fails the suite.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from permissions.action_types import ROLE_RANK
from projects.services import DomainError

SERVICE_MODULES = ("projects.services", "actions.services", "containers.lifecycle", "containers.runners")
ROLES = ("owner", "maintainer", "developer", "restricted_developer", "outsider", "agent", "runner")


@dataclass(frozen=True)
class Row:
    scope: str  # "workspace" | "project" | "none" (anyone who is a person)
    minimum: str | None
    call: Callable  # (case, actor) -> None


class Case:
    """The world one call runs in: the ``team`` (owner olivia, maintainer max, developer dev, an outsider
    owning another workspace) plus a restricted developer, a pending action, an infra agent and a runner."""

    def __init__(self, team):
        from actions.services import propose_action
        from containers.runners import issue_runner
        from projects.authentication import AgentUser
        from projects.models import Membership
        from projects.policy_store import record_accepted

        self.team = team
        self.restricted = team.world.user("rita")
        Membership.objects.create(workspace=team.ws, user=self.restricted, role="developer", restricted=True)
        self.infra, _ = team.world.agent(team.project, team.maintainer, "infra")
        self.pending = propose_action(
            project=team.project, action_type="terminal", payload={"command": "make build"}, agent=team.agent
        ).action
        assert self.pending.status == "pending"
        self.runner, _ = issue_runner(actor=team.owner, project=team.project, name="laptop")
        team.project.folder.mkdir(parents=True, exist_ok=True)
        team.project.permissions_path.write_text('{"allow": ["Terminal(ls)"], "deny": [], "ask": []}\n')
        record_accepted(team.project, None, by=None, source="test")  # the file on disk differs: acceptable
        team.world.user("newbie")
        from containers.authentication import RunnerPrincipal

        self.actors = {
            "owner": team.owner,
            "maintainer": team.maintainer,
            "developer": team.developer,
            "restricted_developer": self.restricted,
            "outsider": team.outsider,
            "agent": AgentUser(team.agent),
            "runner": RunnerPrincipal(self.runner),
        }

    def principal(self, user):
        from projects.models import Membership

        return Membership.objects.get(workspace=self.team.ws, user=user)


def _ps(name):
    return importlib.import_module("projects.services").__dict__[name]


def _as(name):
    return importlib.import_module("actions.services").__dict__[name]


def _cs(module, name):
    return importlib.import_module(f"containers.{module}").__dict__[name]


TERMINAL_ROW = [{"action_type": "terminal", "mode": "auto_approve"}]

TABLE: dict[str, Row] = {
    "projects.services.create_workspace": Row(
        "none", None, lambda c, a: _ps("create_workspace")(actor=a, name="Mine")
    ),
    "projects.services.set_member": Row(
        "workspace",
        "maintainer",
        lambda c, a: _ps("set_member")(actor=a, workspace=c.team.ws, username="newbie", role="developer"),
    ),
    "projects.services.set_member_access": Row(
        "workspace",
        "maintainer",
        lambda c, a: _ps("set_member_access")(
            actor=a, workspace=c.team.ws, username="dev", project_ids=[c.team.project.id]
        ),
    ),
    "projects.services.set_credentials": Row(
        "workspace",
        "owner",
        lambda c, a: _ps("set_credentials")(actor=a, workspace=c.team.ws, provider_kind="github"),
    ),
    "projects.services.create_project": Row(
        "workspace",
        "maintainer",
        lambda c, a: _ps("create_project")(actor=a, workspace=c.team.ws, name="new-app"),
    ),
    "projects.services.create_agent": Row(
        "project",
        "maintainer",
        lambda c, a: _ps("create_agent")(
            actor=a, project=c.team.project, name="dev-new", principal=c.principal(c.team.developer)
        ),
    ),
    "projects.services.revoke_agent": Row(
        "project", "maintainer", lambda c, a: _ps("revoke_agent")(actor=a, agent=c.team.agent)
    ),
    "projects.services.set_autonomy": Row(
        "project",
        "maintainer",
        lambda c, a: _ps("set_autonomy")(actor=a, agent=c.team.agent, rows=TERMINAL_ROW),
    ),
    "projects.services.replace_permissions": Row(
        "project",
        "maintainer",
        lambda c, a: _ps("replace_permissions")(
            actor=a, project=c.team.project, data={"allow": ["Terminal(ls)"]}
        ),
    ),
    "projects.services.save_permissions": Row(
        "project",
        "maintainer",
        lambda c, a: _ps("save_permissions")(
            actor=a,
            project=c.team.project,
            perms=__import__("permissions.decide").decide.Permissions(("Terminal(ls)",)),
        ),
    ),
    "projects.services.merge_accepted": Row(
        "project",
        "developer",
        lambda c, a: _ps("merge_accepted")(
            actor=a, project=c.team.project, allow=["Terminal(ls)"], source="test"
        ),
    ),
    "projects.services.accept_policy_on_disk": Row(
        "project", "maintainer", lambda c, a: _ps("accept_policy_on_disk")(actor=a, project=c.team.project)
    ),
    "projects.services.restore_policy": Row(
        "project", "maintainer", lambda c, a: _ps("restore_policy")(actor=a, project=c.team.project)
    ),
    "projects.services.activate_execution": Row(
        "project", "maintainer", lambda c, a: _ps("activate_execution")(actor=a, project=c.team.project)
    ),
    "projects.services.set_project_git": Row(
        "project",
        "maintainer",
        lambda c, a: _ps("set_project_git")(actor=a, project=c.team.project, default_branch="trunk"),
    ),
    "projects.services.upsert_autonomy": Row(
        "project",
        "developer",
        lambda c, a: _ps("upsert_autonomy")(
            actor=a, agent=c.team.agent, action_type="terminal", mode="auto_approve"
        ),
    ),
    "actions.services.approve_action": Row(
        "project", "developer", lambda c, a: _as("approve_action")(actor=a, action_id=c.pending.id)
    ),
    "actions.services.deny_action": Row(
        "project", "developer", lambda c, a: _as("deny_action")(actor=a, action_id=c.pending.id)
    ),
    "actions.services.approve_always": Row(
        "project", "developer", lambda c, a: _as("approve_always")(actor=a, action_id=c.pending.id)
    ),
    "containers.lifecycle.accept_infra_handoff": Row(
        "project", "maintainer", lambda c, a: _cs("lifecycle", "accept_infra_handoff")(actor=a, agent=c.infra)
    ),
    "containers.runners.issue_runner": Row(
        "project",
        "maintainer",
        lambda c, a: _cs("runners", "issue_runner")(actor=a, project=c.team.project, name="desk"),
    ),
    "containers.runners.revoke_runner": Row(
        "project", "maintainer", lambda c, a: _cs("runners", "revoke_runner")(c.runner, actor=a)
    ),
}


def _transitions() -> list[str]:
    found = []
    for module_name in SERVICE_MODULES:
        module = importlib.import_module(module_name)
        for name, fn in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(fn) or fn.__module__ != module_name:
                continue
            param = inspect.signature(fn).parameters.get("actor")
            if param is not None and param.kind is inspect.Parameter.KEYWORD_ONLY:
                found.append(f"{module_name}.{name}")
    return sorted(found)


def test_every_service_function_with_an_actor_has_a_row():
    found = _transitions()
    assert len(found) >= 20
    missing = [t for t in found if t not in TABLE]
    assert not missing, f"transitions without a row in the role table: {missing}"
    stale = [t for t in TABLE if t not in found]
    assert not stale, f"rows for transitions that no longer exist: {stale}"


def expected(row: Row, role: str) -> int | None:
    """None: allowed. Otherwise the refusal's HTTP status."""
    if role in ("agent", "runner"):
        return 403  # a machine key never governs (agents: "cannot decide"; both: people_only)
    if row.scope == "none":
        return None
    if role == "outsider" or (role == "restricted_developer" and row.scope == "project"):
        return 404  # R1.1: not theirs to see
    rank = ROLE_RANK["developer" if role == "restricted_developer" else role]
    return None if rank >= ROLE_RANK[row.minimum] else 403


class _Rollback(Exception):
    pass


def _outcome(row: Row, case: Case, actor) -> int | None:
    """Run one call in a savepoint that is always rolled back, so every role meets the same world."""
    from django.db import transaction

    got: int | None = None
    try:
        with transaction.atomic():
            try:
                row.call(case, actor)
            except DomainError as exc:
                got = exc.status
            raise _Rollback
    except _Rollback:
        pass
    return got


@pytest.mark.parametrize("transition", sorted(TABLE), ids=lambda t: t.rsplit(".", 1)[1])
def test_transition_checks_its_own_caller(team, transition):
    row = TABLE[transition]
    case = Case(team)
    wrong = []
    for role in ROLES:
        want, got = expected(row, role), _outcome(row, case, case.actors[role])
        if role == "runner" and got == 404:
            got = 403  # a runner reaches no project at all; either refusal is closed
        if got != want:
            wrong.append(f"{role}: expected {want or 'allowed'}, got {got or 'allowed'}")
    assert not wrong, f"{transition}: " + "; ".join(wrong)
