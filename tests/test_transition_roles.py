"""Every transition × every role (STYLE 13): each service function that takes an ``actor`` checks
the actor's role and tenancy itself, whichever door calls it.

The table below has one row per transition (or several, ``name#variant``, where one call cannot show the
rule): its scope (workspace or project), the minimum role, and how to call it. The expected outcome for
each role is generated from that row — allowed at or above the minimum, 403 ``role_too_low`` below it,
404 ``not_found`` for whoever cannot see the workspace or project (R1.1), 403 ``people_only`` for agents
and runners (status and reason code both asserted). Transitions whose rule is not
"a minimum role" (only the invitee, only the person offered ownership, one's own tokens, removing oneself)
state their expectation for every role in ``expect``, with the refusal's reason code.

:func:`test_every_service_function_with_an_actor_has_a_row` finds the transitions by introspection — every
module of the apps, every function (or method) with a keyword-only ``actor`` — so a new transition without
a row fails the suite, in whatever module it is written. Guards take ``actor`` positionally; the few
keyword-only ``actor`` functions that are not transitions are named in :data:`NOT_TRANSITIONS` with why.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from brabo.errors import DomainError
from permissions.action_types import ROLE_RANK

APPS = ("projects", "actions", "containers", "permissions", "brabo")
# Test code and migrations are not doors into the model; management commands are, so they are scanned.
SKIPPED_PACKAGES = ("tests", "migrations")
ROLES = ("owner", "maintainer", "developer", "restricted_developer", "outsider", "agent", "runner")

# Functions with a keyword-only ``actor`` that are not transitions, each with the reason.
NOT_TRANSITIONS = {
    "brabo.domain.build": "builds an event naming who acted; the transition calling it checked the actor",
    "brabo.domain.record": "records who acted on a project's timeline, inside an already checked transition",
    "actions.task_states.move_task": "moves a task on its action's behalf, inside the proposal, decision, "
    "waiter or worker step that checked (or is) the actor",
    "projects.team_events.record": "records who acted on a workspace's timeline, inside a checked transition",
    "projects.keys.swap_key": "the key swap inside rotate_agent_key / rotate_runner_key, which checked the actor",
    "actions.history.project_filters": "a query filter: its `actor` is the value filtered on (whose events), not "
    "who acts; it narrows a queryset the console view already scoped to the viewer",
    "actions.history.team_filters": "a query filter: its `actor` is the value filtered on (whose events), not "
    "who acts; it narrows a queryset the console view already scoped to the viewer",
}

# Transitions that open no transaction of their own, each with the reason; every other one is the outermost
# transaction (``atomic(durable=True)``): called inside another transaction it refuses.
NOT_OUTERMOST = {
    "actions.budgets.budget_overview": "a read: it writes nothing",
    "projects.keys.personal_tokens": "a read: it writes nothing",
    "projects.teams.pending_invitations": "a read: it writes nothing",
    "projects.teams.suspended_agents": "a read: it writes nothing",
    "projects.services.merge_accepted": "a step of approve_always and activate_execution, in their transaction",
    "projects.services.remove_accepted": "a step of undo_always_allow, in its transaction",
    "projects.services.revert_autonomy": "a step of undo_always_allow, in its transaction",
    "projects.services.upsert_autonomy": "a step of approve_always and accept_infra_handoff, in their transaction",
}

# An expectation: None (allowed), a status, or (status, reason code).
Expect = int | tuple[int, str] | None


@dataclass(frozen=True)
class Row:
    scope: str  # "workspace" | "project" | "none" (anyone who is a person) | "custom" (all in ``expect``)
    minimum: str | None
    call: Callable  # (case, actor) -> None
    expect: dict[str, Expect] = field(default_factory=dict)  # per role, over the generated expectation


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
        self._teams_over_time(team)
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

    def _teams_over_time(self, team):
        """Teams over time: a second developer (dana) to change or remove; an agent whose principal left
        (suspended); the owner's own agent; pending invitations for eve (the outsider: only she may accept)
        and for newbie; an open ownership offer to max; a personal token of dev's."""
        from projects import teams
        from projects.models import Membership, PersonalToken

        world = team.world
        self.dana = world.user("dana")
        Membership.objects.create(workspace=team.ws, user=self.dana, role="developer")
        leaver = world.user("leaver")
        Membership.objects.create(workspace=team.ws, user=leaver, role="developer")
        self.orphan, _ = world.agent(team.project, leaver, "dev-orphan")
        teams.remove_member(actor=team.owner, workspace=team.ws, username="leaver")
        self.orphan.refresh_from_db()
        assert self.orphan.principal_id is None and self.orphan.suspended_at is not None
        self.owners_agent, _ = world.agent(team.project, team.owner, "dev-boss")
        _, self.eve_invite_token = teams.invite_member(
            actor=team.maintainer, workspace=team.ws, role="developer", username=team.outsider.username
        )
        self.newbie_invitation, _ = teams.invite_member(
            actor=team.maintainer, workspace=team.ws, role="developer", username="newbie"
        )
        teams.offer_ownership(actor=team.owner, workspace=team.ws, username=team.maintainer.username)
        self.dev_token, _ = PersonalToken.issue(team.developer, name="laptop")

    def webhook(self):
        from actions.notifications import create_endpoint

        endpoint, _ = create_endpoint(
            actor=self.team.owner, workspace=self.team.ws, name="hook", url="https://example.com/h",
            format="generic", kinds=["pending"],
        )  # fmt: skip
        return endpoint

    def question(self):
        """A pending ask_human question of the team's agent."""
        return _as("propose_action")(
            project=self.team.project, action_type="ask_human", payload={"question": "Which region?"},
            agent=self.team.agent,
        ).action  # fmt: skip

    def held(self):
        """A terminal action approved by the owner and held by its rule's 5-minute wait timer."""
        _q("set_approval_rules")(
            actor=self.team.owner, project=self.team.project,
            rules=[{"action_type": "terminal", "approvals": 1, "min_role": "developer",
                    "no_self_approval": False, "wait_minutes": 5}],
        )  # fmt: skip
        action = _as("propose_action")(
            project=self.team.project, action_type="terminal", payload={"command": "make deploy"},
            agent=self.team.agent,
        ).action  # fmt: skip
        _as("approve_action")(actor=self.team.owner, action_id=action.id)
        return action

    def reviewer_team(self):
        return importlib.import_module("actions.reviewers").create_team(
            actor=self.team.owner, workspace=self.team.ws, name="security", members=["max"]
        )

    def grant(self) -> int:
        """The owner's "Always allow" of the pending action (inside the call's rolled-back savepoint)."""
        from actions.models import SessionEvent

        _as("approve_always")(actor=self.team.owner, action_id=self.pending.id)
        return SessionEvent.objects.get(type="permission.granted", action_id=self.pending.id).id

    def slack(self, actor):
        from actions.slack import configure

        return configure(
            actor=actor, workspace=self.team.ws, team_id="T0ACME", channel="#approvals",
            bot_token="xoxb-1-2-3", signing_secret="0123456789abcdef0123",
        )  # fmt: skip

    def principal(self, user):
        from projects.models import Membership

        return Membership.objects.get(workspace=self.team.ws, user=user)


def _ps(name):
    return importlib.import_module("projects.services").__dict__[name]


def _an(name):
    return importlib.import_module("actions.notifications").__dict__[name]


def _slack(name):
    return importlib.import_module("actions.slack").__dict__[name]


def _as(name):
    return importlib.import_module("actions.services").__dict__[name]


def _q(name):
    return importlib.import_module("actions.quorum").__dict__[name]


def _cs(module, name):
    return importlib.import_module(f"containers.{module}").__dict__[name]


def _teams(name):
    return importlib.import_module("projects.teams").__dict__[name]


def _keys(name):
    return importlib.import_module("projects.keys").__dict__[name]


def _budgets(name):
    return importlib.import_module("actions.budgets").__dict__[name]


def _with_eur_budget(case):
    """Project and agent limits live in the workspace budget's currency: the row they need."""
    from projects.models import WorkspaceBudget

    WorkspaceBudget.objects.get_or_create(workspace=case.team.ws, defaults={"currency": "EUR"})
    return case


def _username(actor) -> str:
    return getattr(actor, "username", "") or "a-machine"  # agents and runners are refused before it matters


MACHINES_REFUSED: dict[str, Expect] = {"agent": (403, "people_only"), "runner": (403, "people_only")}
NOT_FOUND: Expect = (404, "not_found")


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
    "projects.services.restore_agent": Row(
        "project", "maintainer", lambda c, a: _ps("restore_agent")(actor=a, agent=c.team.agent)
    ),
    "projects.services.create_task": Row(
        "project",
        "developer",
        lambda c, a: _ps("create_task")(actor=a, project=c.team.project, title="Fix login"),
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
    # answers back to the agent, and cancelling a held approval (the type's minimum, R2.2)
    "actions.services.answer_question": Row(
        "project",
        "developer",
        lambda c, a: _as("answer_question")(actor=a, action_id=c.question().id, answer="eu-west"),
    ),
    "actions.services.cancel_held": Row(
        "project", "developer", lambda c, a: _as("cancel_held")(actor=a, action_id=c.held().id)
    ),
    # teams of reviewers (workspace-wide: maintainer+, not restricted)
    "actions.reviewers.create_team": Row(
        "workspace",
        "maintainer",
        lambda c, a: importlib.import_module("actions.reviewers").create_team(
            actor=a, workspace=c.team.ws, name="ops", members=["dev"]
        ),
    ),
    "actions.reviewers.set_team_members": Row(
        "workspace",
        "maintainer",
        lambda c, a: importlib.import_module("actions.reviewers").set_team_members(
            actor=a, team=c.reviewer_team(), members=["dev"]
        ),
    ),
    "actions.reviewers.delete_team": Row(
        "workspace",
        "maintainer",
        lambda c, a: importlib.import_module("actions.reviewers").delete_team(
            actor=a, team=c.reviewer_team()
        ),
    ),
    "actions.services.deny_action": Row(
        "project", "developer", lambda c, a: _as("deny_action")(actor=a, action_id=c.pending.id)
    ),
    "actions.services.approve_always": Row(
        "project", "developer", lambda c, a: _as("approve_always")(actor=a, action_id=c.pending.id)
    ),
    "actions.services.undo_always_allow": Row(
        "project", "developer", lambda c, a: _as("undo_always_allow")(actor=a, grant_event_id=c.grant())
    ),
    "projects.services.remove_accepted": Row(
        "project",
        "developer",
        lambda c, a: _ps("remove_accepted")(
            actor=a, project=c.team.project, allow=["Terminal(ls)"], source="test"
        ),
    ),
    "projects.services.revert_autonomy": Row(
        "project",
        "developer",
        lambda c, a: _ps("revert_autonomy")(
            actor=a, agent=c.team.agent, action_type="terminal", previous_mode=None
        ),
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
    # -- two-person rules and expiry (maintainer+; a spend rule is the owner's, spend's minimum) -------------
    "actions.quorum.set_approval_rules": Row(
        "project",
        "maintainer",
        lambda c, a: _q("set_approval_rules")(
            actor=a,
            project=c.team.project,
            rules=[{"action_type": "git_merge", "approvals": 2, "min_role": "maintainer"}],
        ),
    ),
    "actions.quorum.set_approval_rules#spend": Row(
        "project",
        "owner",
        lambda c, a: _q("set_approval_rules")(
            actor=a,
            project=c.team.project,
            rules=[{"action_type": "spend", "approvals": 2, "min_role": "owner"}],
        ),
    ),
    "actions.quorum.set_pending_expiry": Row(
        "project",
        "maintainer",
        lambda c, a: _q("set_pending_expiry")(actor=a, project=c.team.project, seconds=3600),
    ),
    "actions.quorum.set_approval_settings": Row(
        "project",
        "maintainer",
        lambda c, a: _q("set_approval_settings")(
            actor=a, project=c.team.project, rules=[], pending_expiry_seconds=3600
        ),
    ),
    # -- teams over time -------------------------------------------------------------------------------
    "projects.teams.change_member_role": Row(
        "workspace",
        "maintainer",
        lambda c, a: _teams("change_member_role")(
            actor=a, workspace=c.team.ws, username="dana", role="maintainer"
        ),
    ),
    "projects.teams.invite_member": Row(
        "workspace",
        "maintainer",
        lambda c, a: _teams("invite_member")(
            actor=a, workspace=c.team.ws, role="developer", email="newbie2@example.com"
        ),
    ),
    "projects.teams.pending_invitations": Row(
        "workspace",
        "maintainer",
        lambda c, a: list(_teams("pending_invitations")(actor=a, workspace=c.team.ws)),
    ),
    "projects.teams.revoke_invitation": Row(
        "workspace",
        "maintainer",
        lambda c, a: _teams("revoke_invitation")(actor=a, invitation=c.newbie_invitation),
    ),
    # Only the person named in the invitation joins (eve, who owns another workspace); holding the link
    # is not enough.
    "projects.teams.accept_invitation": Row(
        "custom",
        None,
        lambda c, a: _teams("accept_invitation")(actor=a, token=c.eve_invite_token),
        expect={
            "owner": (403, "invitation_not_for_you"),
            "maintainer": (403, "invitation_not_for_you"),
            "developer": (403, "invitation_not_for_you"),
            "restricted_developer": (403, "invitation_not_for_you"),
            "outsider": None,
            **MACHINES_REFUSED,
        },
    ),
    # Maintainer+ removes members at or below their own role ...
    "projects.teams.remove_member#a_developer": Row(
        "workspace",
        "maintainer",
        lambda c, a: _teams("remove_member")(actor=a, workspace=c.team.ws, username="dana"),
    ),
    # ... anyone but the owner may leave ...
    "projects.teams.remove_member#oneself": Row(
        "custom",
        None,
        lambda c, a: _teams("remove_member")(actor=a, workspace=c.team.ws, username=_username(a)),
        expect={
            "owner": (403, "owner_cannot_be_removed"),
            "maintainer": None,
            "developer": None,
            "restricted_developer": None,
            "outsider": NOT_FOUND,
            **MACHINES_REFUSED,
        },
    ),
    # ... and nobody removes the owner.
    "projects.teams.remove_member#the_owner": Row(
        "custom",
        None,
        lambda c, a: _teams("remove_member")(actor=a, workspace=c.team.ws, username=c.team.owner.username),
        expect={
            "owner": (403, "owner_cannot_be_removed"),
            "maintainer": (403, "owner_cannot_be_removed"),
            "developer": (403, "role_too_low"),
            "restricted_developer": (403, "role_too_low"),
            "outsider": NOT_FOUND,
            **MACHINES_REFUSED,
        },
    ),
    "projects.teams.suspended_agents": Row(
        "workspace",
        "maintainer",
        lambda c, a: list(_teams("suspended_agents")(actor=a, workspace=c.team.ws)),
    ),
    # Maintainer+ on the project, and at least the new principal's role (an agent acts with it, R2.1) ...
    "projects.teams.reassign_principal#to_a_developer": Row(
        "project",
        "maintainer",
        lambda c, a: _teams("reassign_principal")(actor=a, agent=c.orphan, username="dev"),
    ),
    "projects.teams.reassign_principal#to_the_owner": Row(
        "project",
        "maintainer",
        lambda c, a: _teams("reassign_principal")(actor=a, agent=c.orphan, username=c.team.owner.username),
        expect={"maintainer": (403, "below_principal_role")},
    ),
    # ... and at least the current principal's role: a maintainer does not take the owner's agent.
    "projects.teams.reassign_principal#from_the_owner": Row(
        "project",
        "maintainer",
        lambda c, a: _teams("reassign_principal")(
            actor=a, agent=c.owners_agent, username=c.team.maintainer.username
        ),
        expect={"maintainer": (403, "below_principal_role")},
    ),
    "projects.teams.offer_ownership": Row(
        "workspace",
        "owner",
        lambda c, a: _teams("offer_ownership")(
            actor=a, workspace=c.team.ws, username=c.team.maintainer.username
        ),
        expect={
            "maintainer": (403, "owner_only"),
            "developer": (403, "owner_only"),
            "restricted_developer": (403, "owner_only"),
        },
    ),
    # The owner withdraws the offer; the maintainer it was offered to declines it; nobody else touches it.
    "projects.teams.cancel_ownership_offer": Row(
        "custom",
        None,
        lambda c, a: _teams("cancel_ownership_offer")(actor=a, workspace=c.team.ws),
        expect={
            "owner": None,
            "maintainer": None,
            "developer": (403, "owner_only"),
            "restricted_developer": (403, "owner_only"),
            "outsider": NOT_FOUND,
            **MACHINES_REFUSED,
        },
    ),
    # Only the maintainer offered the workspace takes it; for anyone else there is no offer to accept.
    "projects.teams.accept_ownership": Row(
        "custom",
        None,
        lambda c, a: _teams("accept_ownership")(actor=a, workspace=c.team.ws),
        expect={
            "owner": (409, "no_open_offer"),
            "maintainer": None,
            "developer": (409, "no_open_offer"),
            "restricted_developer": (409, "no_open_offer"),
            "outsider": NOT_FOUND,
            **MACHINES_REFUSED,
        },
    ),
    # -- keys ------------------------------------------------------------------------------------------------
    "projects.keys.personal_tokens": Row("none", None, lambda c, a: list(_keys("personal_tokens")(actor=a))),
    "projects.keys.create_personal_token": Row(
        "none", None, lambda c, a: _keys("create_personal_token")(actor=a, name="ci")
    ),
    # Any person revokes their own tokens; someone else's does not exist for them.
    "projects.keys.revoke_personal_token": Row(
        "custom",
        None,
        lambda c, a: _keys("revoke_personal_token")(actor=a, token_id=c.dev_token.pk),
        expect={
            "owner": NOT_FOUND,
            "maintainer": NOT_FOUND,
            "developer": None,
            "restricted_developer": NOT_FOUND,
            "outsider": NOT_FOUND,
            **MACHINES_REFUSED,
        },
    ),
    # Maintainer+ and at least the principal's role: whoever holds the key acts with it (R2.1).
    "projects.keys.rotate_agent_key#a_maintainers_agent": Row(
        "project", "maintainer", lambda c, a: _keys("rotate_agent_key")(actor=a, agent=c.team.agent)
    ),
    "projects.keys.rotate_agent_key#the_owners_agent": Row(
        "project",
        "maintainer",
        lambda c, a: _keys("rotate_agent_key")(actor=a, agent=c.owners_agent),
        expect={"maintainer": (403, "below_principal_role")},
    ),
    # -- budgets for spend (the owner sets them; maintainer+ reads them) -------------------------------------
    "actions.budgets.set_workspace_budget": Row(
        "workspace",
        "owner",
        lambda c, a: _budgets("set_workspace_budget")(
            actor=a, workspace=c.team.ws, currency="EUR", monthly_amount="500", auto_approve_up_to="50"
        ),
    ),
    "actions.budgets.set_project_budget": Row(
        "project",
        "owner",
        lambda c, a: _budgets("set_project_budget")(
            actor=a, project=_with_eur_budget(c).team.project, monthly_amount="100", auto_approve_up_to="10"
        ),
    ),
    "actions.budgets.set_agent_budget": Row(
        "project",
        "owner",
        lambda c, a: _budgets("set_agent_budget")(
            actor=a, agent=_with_eur_budget(c).team.agent, monthly_amount="5"
        ),
    ),
    "actions.budgets.budget_overview": Row(
        "workspace", "maintainer", lambda c, a: _budgets("budget_overview")(actor=a, workspace=c.team.ws)
    ),
    "containers.runner_keys.rotate_runner_key": Row(
        "project",
        "maintainer",
        lambda c, a: _cs("runner_keys", "rotate_runner_key")(actor=a, runner=c.runner),
    ),
    # a workspace's webhooks
    "actions.notifications.create_endpoint": Row(
        "workspace",
        "maintainer",
        lambda c, a: _an("create_endpoint")(
            actor=a,
            workspace=c.team.ws,
            name="ops",
            url="https://example.com/h",
            format="generic",
            kinds=["pending"],
        ),  # fmt: skip
    ),
    "actions.notifications.delete_endpoint": Row(
        "workspace",
        "maintainer",
        lambda c, a: _an("delete_endpoint")(actor=a, endpoint=c.webhook()),
    ),
    # webhook changes (each audited) and the owner's confirmation of a previous owner's token
    "actions.notifications.update_endpoint": Row(
        "workspace",
        "maintainer",
        lambda c, a: _an("update_endpoint")(actor=a, endpoint=c.webhook(), kinds=["decided"]),
    ),
    "actions.notifications.set_endpoint_active": Row(
        "workspace",
        "maintainer",
        lambda c, a: _an("set_endpoint_active")(actor=a, endpoint=c.webhook(), active=False),
    ),
    "actions.notifications.disable_endpoint": Row(
        "workspace",
        "maintainer",
        lambda c, a: _an("disable_endpoint")(actor=a, endpoint=c.webhook()),
    ),
    "actions.notifications.rotate_endpoint_secret": Row(
        "workspace",
        "maintainer",
        lambda c, a: _an("rotate_endpoint_secret")(actor=a, endpoint=c.webhook()),
    ),
    # a workspace's Slack app (the owner sets it, maintainers disconnect it) and each member's own Slack link
    "actions.slack.configure": Row("workspace", "owner", lambda c, a: c.slack(a)),
    "actions.slack.remove": Row(
        "workspace",
        "maintainer",
        lambda c, a: (c.slack(c.team.owner), _slack("remove")(actor=a, workspace=c.team.ws)),
    ),
    "actions.slack.start_link": Row(
        "workspace",
        "developer",
        lambda c, a: (
            c.slack(c.team.owner),
            _slack("start_link")(actor=a, workspace=c.team.ws, slack_user_id="U0SOMEONE"),
        ),
    ),
    "actions.slack.unlink": Row(
        "workspace", "developer", lambda c, a: _slack("unlink")(actor=a, workspace=c.team.ws)
    ),
    "projects.services.confirm_provider_token": Row(
        "workspace",
        "owner",
        lambda c, a: (
            _ps("set_credentials")(actor=c.team.owner, workspace=c.team.ws, provider_token="ghp_" + "t" * 36),
            _ps("confirm_provider_token")(actor=a, workspace=c.team.ws),
        ),
    ),
}


def _modules(package: str):
    """Every module of ``package``, recursively, but for test code and migrations."""
    module = importlib.import_module(package)
    yield module
    for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
        if info.name in SKIPPED_PACKAGES:
            continue
        name = f"{package}.{info.name}"
        if info.ispkg:
            yield from _modules(name)
        else:
            yield importlib.import_module(name)


def _takes_keyword_actor(fn) -> bool:
    param = inspect.signature(fn).parameters.get("actor")
    return param is not None and param.kind is inspect.Parameter.KEYWORD_ONLY


def _transitions() -> list[str]:
    """Public functions and methods, defined in the apps, with a keyword-only ``actor``."""
    found = set()
    for app in APPS:
        for module in _modules(app):
            for name, obj in vars(module).items():
                if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                    continue
                if inspect.isfunction(obj) and _takes_keyword_actor(obj):
                    found.add(f"{module.__name__}.{name}")
                elif inspect.isclass(obj):
                    for attr, fn in vars(obj).items():
                        if not attr.startswith("_") and inspect.isfunction(fn) and _takes_keyword_actor(fn):
                            found.add(f"{module.__name__}.{name}.{attr}")
    return sorted(found - set(NOT_TRANSITIONS))


def test_every_service_function_with_an_actor_has_a_row():
    found = _transitions()
    # the scan reaches every module, not just the ones a list named (the teams modules included)
    assert {"projects.teams.accept_invitation", "projects.keys.rotate_agent_key"} <= set(found)
    assert "containers.runner_keys.rotate_runner_key" in found
    rows = {key.split("#", 1)[0] for key in TABLE}
    missing = [t for t in found if t not in rows]
    assert not missing, f"transitions without a row in the role table: {missing}"
    stale = sorted(rows - set(found))
    assert not stale, f"rows for transitions that no longer exist or are listed as not transitions: {stale}"


def test_every_exception_to_the_scan_exists_and_says_why():
    for name, reason in NOT_TRANSITIONS.items():
        module, _, attr = name.rpartition(".")
        fn = vars(importlib.import_module(module)).get(attr)
        assert fn is not None and _takes_keyword_actor(fn), f"{name} is no longer an actor function"
        assert len(reason) > 20, f"{name}: say why it is not a transition"


def test_custom_rows_state_every_role():
    for key, row in TABLE.items():
        unknown = set(row.expect) - set(ROLES)
        assert not unknown, f"{key}: unknown roles {unknown}"
        if row.scope == "custom":
            assert set(row.expect) == set(ROLES), f"{key}: a custom row states every role"


def expected(row: Row, role: str) -> Expect:
    """None: allowed. Otherwise the refusal's (HTTP status, reason code): the same codes whichever
    transition refuses (projects.services' guards)."""
    if role in row.expect:
        return row.expect[role]
    if role in ("agent", "runner"):
        return (403, "people_only")  # a machine key never governs, whatever door it reaches
    if row.scope == "none":
        return None
    if role == "outsider" or (role == "restricted_developer" and row.scope == "project"):
        return (404, "not_found")  # R1.1: not theirs to see
    rank = ROLE_RANK["developer" if role == "restricted_developer" else role]
    assert row.minimum is not None, f"{row}: a scoped transition names its minimum role"
    return None if rank >= ROLE_RANK[row.minimum] else (403, "role_too_low")


def _outcome(row: Row, case: Case, actor) -> tuple[int, str | None] | None:
    """Run one call after a savepoint that is always rolled back to, so every role meets the same world. A
    bare savepoint, not an atomic block: a transition's own block is durable (it must be the outermost), and
    only the test case's block may enclose it."""
    from django.db import transaction

    got: tuple[int, str | None] | None = None
    savepoint = transaction.savepoint()
    try:
        row.call(case, actor)
    except DomainError as exc:
        got = (exc.status, exc.reason)
    finally:
        transaction.savepoint_rollback(savepoint)
    return got


def _matches(want: Expect, got: tuple[int, str | None] | None) -> bool:
    if want is None or got is None:
        return want is None and got is None
    return got == want if isinstance(want, tuple) else got[0] == want


@pytest.mark.parametrize("transition", sorted(TABLE), ids=lambda t: t.split(".")[-1])
def test_transition_checks_its_own_caller(team, transition):
    row = TABLE[transition]
    case = Case(team)
    wrong = []
    for role in ROLES:
        want, got = expected(row, role), _outcome(row, case, case.actors[role])
        if not _matches(want, got):
            wrong.append(f"{role}: expected {want or 'allowed'}, got {got or 'allowed'}")
    assert not wrong, f"{transition}: " + "; ".join(wrong)


def test_every_writing_transition_refuses_to_run_inside_another_transaction(team):
    """STYLE 1: a transition is the outermost transaction, so what it commits is committed when it returns
    (its events, its on-commit work). Called inside someone else's transaction — where a later failure would
    roll it back after it announced itself — it refuses loudly instead of quietly nesting."""
    from django.db import transaction

    case = Case(team)
    nested_quietly, tried = [], set()
    for key in sorted(TABLE):
        row = TABLE[key]
        role = next((r for r in ROLES if expected(row, r) is None), None)
        if key.split("#", 1)[0] in NOT_OUTERMOST or role is None:
            continue  # a variant nobody may call (removing the owner) is tried through its sibling rows
        tried.add(key.split("#", 1)[0])
        try:
            with transaction.atomic():
                row.call(case, case.actors[role])
                raise _Rollback
        except _Rollback:
            nested_quietly.append(key)
        except RuntimeError as exc:
            assert "durable atomic block cannot be nested" in str(exc), f"{key}: {exc}"
    assert not nested_quietly, f"these ran inside another transaction instead of refusing: {nested_quietly}"
    assert tried == set(_transitions()) - set(NOT_OUTERMOST)


def test_every_exception_to_the_outermost_rule_is_a_transition_and_says_why():
    found = set(_transitions())
    for name, reason in NOT_OUTERMOST.items():
        assert name in found, f"{name} is not a transition"
        assert len(reason) > 15, f"{name}: say why it opens no transaction"


class _Rollback(Exception):
    pass
