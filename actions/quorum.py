"""Two-person rules: which pending actions need several distinct approvers, and who counts.

A project has at most one :class:`~actions.models.ApprovalRule` per action type. The rule read is the one in
force when a person clicks (a rule added while an action waits applies to it; one removed no longer does).
Every click re-checks every earlier approver: a member who left, lost the role, whose account was suspended
(``is_active`` off), or who became the proposer's principal no longer counts; the principal the agent
proposed for is frozen on the action, so reassigning the agent never makes its proposer count. The
transitions themselves (the approval that meets the count, the deny) live in ``actions.services``; this
module answers the questions and sets the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from brabo.storable import text_problem
from permissions.action_types import (
    ACTION_TYPES,
    MAINTAINER,
    QUESTION_TYPES,
    REQUIRE_APPROVAL,
    ROLES,
    role_at_least,
)
from permissions.commands.git import names_protected_branch
from permissions.decide import Verdict
from permissions.messages import sentence
from projects.access import project_role
from projects.models import Project
from projects.services import DomainError, require_project_role

from . import events
from .events import Actor
from .models import ActionApproval, ApprovalRule, ProposedAction, Team

MAX_APPROVALS = 6  # GitHub Environments' required reviewers go up to six as well
MAX_WAIT_MINUTES = 43200  # 30 days, GitHub Environments' wait timer's maximum too
MAX_NAMED = 20
EXPIRY_DEFAULT = 24 * 3600
EXPIRY_MIN = 5 * 60
EXPIRY_MAX = 30 * 24 * 3600
_CURRENCY = re.compile(r"^[A-Z]{3}$")

RULES_CHANGED = "approval_rules.changed"
EXPIRY_CHANGED = "approval_expiry.changed"


def spend_amount(value) -> Decimal | None:
    """A spend's amount as an exact Decimal (a number or its text, "12.50"); None when it is not one.
    Floats go through their shortest text, so 0.1 reads 0.1, not its binary expansion."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        return None
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        return None
    return amount if amount.is_finite() else None


# -- which rule applies ----------------------------------------------------------------------------------


def applies(rule: ApprovalRule, payload: dict, protected_branches) -> bool:
    """True when ``rule`` governs an action with ``payload``. Fail closed: a condition that cannot be read
    (a branch that is not a plain name, an amount in another currency or not a number) applies the rule."""
    if rule.action_type == "git_merge" and rule.protected_branches_only:
        return names_protected_branch(payload.get("target_branch"), tuple(protected_branches or ()))
    if rule.action_type == "spend" and rule.amount_over:
        amount = spend_amount(payload.get("amount"))
        if amount is None or payload.get("currency") != rule.currency:
            return True  # not comparable: mixed currencies are refused, never converted
        return amount > Decimal(rule.amount_over)
    return True


def _rules():
    """Rules with their named reviewers and teams' members, read in the same few queries."""
    return ApprovalRule.objects.prefetch_related("reviewers", "teams__members")


def rules_of(project: Project) -> dict[str, ApprovalRule]:
    """The project's rules by action type: read fresh, unless ``attach`` loaded a page's at once."""
    cached = getattr(project, "_approval_rules", None)
    if cached is None:
        return {r.action_type: r for r in _rules().filter(project_id=project.pk)}
    return cached


def attach(actions) -> None:
    """Load the rules of a page of actions' projects in one query (no query per row)."""
    ids = {a.project_id for a in actions}
    by_project: dict = {pid: {} for pid in ids}
    for r in _rules().filter(project_id__in=ids):
        by_project[r.project_id][r.action_type] = r
    for a in actions:
        a.project._approval_rules = by_project[a.project_id]


def rule_for(project: Project, action_type: str, payload: dict, rules=None) -> ApprovalRule | None:
    rule = (rules if rules is not None else rules_of(project)).get(action_type)
    if rule is None or not applies(rule, payload, project.protected_branches):
        return None
    return rule


def asks_people(verdict: Verdict, rule: ApprovalRule) -> Verdict:
    """``verdict`` turned into the wait for people that ``rule`` governs: nothing a two-person rule governs is
    auto-approved -- not by allow rules, autonomy or autopilot -- or the rule would be bypassed by the very
    policy it guards against (at proposal, and when the worker decides an auto-approval again)."""
    detail = f"{rule.approvals} approval(s) of {rule.min_role} or higher"
    return replace(
        verdict,
        decision=REQUIRE_APPROVAL,
        reason="quorum_rule",
        message=sentence("quorum_rule", None, detail),
    )


@dataclass(frozen=True)
class Requirement:
    """What an action's approval needs right now: ``required`` distinct people of ``min_role`` or above,
    at least one of whom has ``decider_role`` — the type's own minimum (R2.2: a rule adds approvers, it
    never lowers who decides; "the owner and a maintainer" for a spend)."""

    required: int
    min_role: str
    no_self_approval: bool
    decider_role: str
    # named reviewers. ``names_anyone`` False: anyone of min_role counts (as before). True: only
    # ``named`` — the members named, and the members of the teams named, read now — and of min_role too.
    names_anyone: bool = False
    named: frozenset = frozenset()
    reviewer_names: tuple[str, ...] = ()
    team_names: tuple[str, ...] = ()
    wait_minutes: int = 0

    def who(self) -> str:
        """The named reviewers in words: "alice, bob or a member of team security"."""
        parts = list(self.reviewer_names) + [f"a member of team {t}" for t in self.team_names]
        if len(parts) <= 1:
            return "".join(parts)
        return f"{', '.join(parts[:-1])} or {parts[-1]}"

    def describe(self) -> str:
        who = "person" if self.required == 1 else "different people"
        text = f"{self.required} {who} with the {self.min_role} role or higher"
        if self.names_anyone:
            text += f" from {self.who()}" if self.who() else ", from named reviewers (none left: nobody can)"
        if not role_at_least(self.min_role, self.decider_role):
            text += f", at least one of them {self.decider_role}"
        return text + (", not the proposer" if self.no_self_approval else "")

    def eligible(self, user_id) -> bool:
        """May this person's approval count under the rule's names (the role is checked apart)?"""
        return not self.names_anyone or user_id in self.named

    def met(self, good: list[ActionApproval]) -> bool:
        return len(good) >= self.required and self.decider_among(good)

    def decider_among(self, good: list[ActionApproval]) -> bool:
        return any(role_at_least(getattr(a, "role_now", None), self.decider_role) for a in good)


def requirement(action: ProposedAction) -> Requirement | None:
    """The requirement of the rule in force for ``action`` (None: one click of R2.2 decides, as always)."""
    # a proposal carries the rules it was judged with, so its own answer costs no second read
    rules = getattr(action, "_approval_rules", None)
    rule = rule_for(action.project, action.action_type, action.payload, rules)
    if rule is None:
        return None
    users = list(rule.reviewers.all())
    teams = list(rule.teams.all())
    named = {u.pk for u in users} | {m.pk for t in teams for m in t.members.all()}
    return Requirement(
        rule.approvals,
        rule.min_role,
        rule.no_self_approval,
        ACTION_TYPES[action.action_type].min_role,
        names_anyone=bool(users or teams),
        named=frozenset(named),
        reviewer_names=tuple(sorted(u.get_username() for u in users)),
        team_names=tuple(sorted(t.name for t in teams)),
        wait_minutes=rule.wait_minutes,
    )


def proposer_user_ids(action: ProposedAction) -> frozenset:
    """The people behind the proposal (R1.6): the proposing person, or the proposing agent's principal AT
    PROPOSAL TIME (frozen on the action, so reassigning the agent afterwards does not launder its
    proposer into an approver who counts) — and the agent's principal now as well (a member who became the
    agent's principal while the action waits acts through it and is no independent second person)."""
    ids = {action.proposed_by_user_id, action.proposer_principal_id}
    agent = action.agent if action.agent_id else None
    if agent is not None and agent.principal is not None:
        ids.add(agent.principal.user_id)
    return frozenset(i for i in ids if i is not None)


def refuse_approver(action: ProposedAction, req: Requirement, actor) -> None:
    """The approver's checks under a rule (in place of R2.2's, which the count keeps): a person who reaches
    the project (404 otherwise, R1.1) with the rule's minimum role, and not the proposer where the rule says
    "no self-approval"."""
    require_project_role(
        actor, action.project, req.min_role, f"Approving a {action.action_type} action", noun="action"
    )
    if not req.eligible(actor.pk):
        raise DomainError(
            f"this action's approval rule names who approves it: {req.describe()}; you are not one of them. "
            "Ask one of them, or a maintainer to change the rule.",
            status=403,
            reason="not_a_named_reviewer",
        )
    if req.no_self_approval and actor.pk in proposer_user_ids(action):
        raise DomainError(
            "you proposed this action (or its agent acted on your behalf when it proposed it, or does now), "
            f"and its two-person rule refuses self-approval; it needs {req.describe()}.",
            status=403,
            reason="self_approval_refused",
        )


def counted(action: ProposedAction, req: Requirement) -> list[ActionApproval]:
    """The approvals that count now: each approver still reaches the project with the rule's role and is
    not the proposer where the rule says so. Roles are read again at every click (a removed member's, a
    demoted member's or a suspended account's earlier approval no longer counts: a suspended person decides
    nothing now, through any channel, so a click made before the suspension is not theirs to keep)."""
    proposers = proposer_user_ids(action) if req.no_self_approval else frozenset()
    good = []
    for a in _rows(action):
        role = project_role(a.approver, action.project) if a.approver.is_active else None
        a.role_now = role  # type: ignore[attr-defined]  # read by Requirement.met: the role at this click
        if (
            role_at_least(role, req.min_role)
            and a.approver_id not in proposers
            and req.eligible(a.approver_id)
        ):
            good.append(a)
    return good


def _rows(action: ProposedAction) -> list[ActionApproval]:
    """The action's approval rows, oldest first (from a page's prefetch when there is one)."""
    prefetched = getattr(action, "_prefetched_objects_cache", {}).get("approvals")
    rows = prefetched if prefetched is not None else action.approvals.select_related("approver")
    return sorted(rows, key=lambda a: (a.created_at, a.pk))


def approvals_view(action: ProposedAction) -> dict | None:
    """The API's and the console's ``approvals``: {count, required, approvers}, or None without a rule.
    For a settled action it lists who approved (the rows are history) against the rule now in force."""
    req = requirement(action)
    rows = _rows(action)
    if req is None and not rows:
        return None
    if req is None:
        rows = [a for a in rows if a.counted]
        return {
            "count": len(rows),
            "required": 1,
            "min_role": None,
            "approvers": [a.approver.get_username() for a in rows],
        }
    pending = action.status == "pending"
    good = counted(action, req) if pending else [a for a in rows if a.counted]
    return {
        "count": len(good),
        "required": req.required,
        "min_role": req.min_role,
        "no_self_approval": req.no_self_approval,
        # R2.2: at least one approver has the type's own minimum role (e.g. the owner for a spend)
        "decider_role": req.decider_role,
        "decider_approved": action.status != "pending" or req.decider_among(good),
        "approvers": [a.approver.get_username() for a in good],
        # who may approve (null: anyone of min_role), who is being waited for, the wait timer
        "reviewers": {"users": list(req.reviewer_names), "teams": list(req.team_names)}
        if req.names_anyone
        else None,
        "waiting_for": waiting_for(action, req, good) if pending else None,
        "wait_minutes": req.wait_minutes,
    }


def waiting_for(action: ProposedAction, req: Requirement, good: list[ActionApproval]) -> dict:
    """Who the action waits for, in the console's plain words: how many more approvals, and under
    named reviewers the people who could still give one (named, reaching the project with min_role, not the
    proposer where the rule says so, not yet counted)."""
    remaining = max(req.required - len(good), 0)
    decider_missing = not req.decider_among(good)
    people = None
    if req.names_anyone:
        done = {a.approver_id for a in good}
        proposers = proposer_user_ids(action) if req.no_self_approval else frozenset()
        User = get_user_model()
        people = sorted(
            u.get_username()
            for u in User.objects.filter(pk__in=req.named - done - proposers, is_active=True)
            if role_at_least(project_role(u, action.project), req.min_role)
        )
    if remaining == 0 and decider_missing:
        text = f"Waiting for someone with the {req.decider_role} role to approve"
    else:
        more = "1 more approval" if remaining == 1 else f"{remaining} more approvals"
        text = f"Waiting for {more}"
        text += (
            f" from {req.who()}"
            if req.names_anyone
            else f" from people with the {req.min_role} role or higher"
        )
    if people is not None:
        text += f" ({', '.join(people)} can approve)" if people else " (nobody named can approve now)"
    return {"remaining": remaining, "people": people, "text": text + "."}


# -- setting the rules (maintainer+; a type's rule needs that type's minimum role too) ---------------------


def rule_data(rule: ApprovalRule) -> dict:
    data = {
        "action_type": rule.action_type,
        "approvals": rule.approvals,
        "min_role": rule.min_role,
        "no_self_approval": rule.no_self_approval,
    }
    if rule.action_type == "git_merge":
        data["protected_branches_only"] = rule.protected_branches_only
    if rule.action_type == "spend":
        data["amount_over"] = rule.amount_over or None
        data["currency"] = rule.currency or None
    # named reviewers and teams ([]: anyone of min_role), and the wait timer
    data["reviewers"] = sorted(u.get_username() for u in rule.reviewers.all())
    data["teams"] = sorted(t.name for t in rule.teams.all())
    data["wait_minutes"] = rule.wait_minutes
    return data


def _bad(message: str, field: str) -> DomainError:
    return DomainError(message, field=field, reason="invalid")


def _read_rule(i: int, raw) -> dict:
    where = f"rules[{i}]"
    if not isinstance(raw, dict):
        raise _bad(f"{where} must be an object with action_type, approvals and min_role.", where)
    known = {"action_type", "approvals", "min_role", "no_self_approval", "protected_branches_only"}
    known |= {"amount_over", "currency", "reviewers", "teams", "wait_minutes"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise _bad(f"{where} has unknown fields {', '.join(unknown)}; use {', '.join(sorted(known))}.", where)
    action_type = raw.get("action_type")
    if action_type not in ACTION_TYPES:
        raise _bad(f"{where}.action_type must be one of: {', '.join(ACTION_TYPES)}.", f"{where}.action_type")
    if action_type in QUESTION_TYPES:
        raise _bad(
            f"{where}: {action_type} takes no approval rule — one person answers each question.",
            f"{where}.action_type",
        )
    approvals = raw.get("approvals")
    if isinstance(approvals, bool) or not isinstance(approvals, int) or not 1 <= approvals <= MAX_APPROVALS:
        raise _bad(
            f"{where}.approvals must be a whole number of distinct approvers from 1 to {MAX_APPROVALS}.",
            f"{where}.approvals",
        )
    type_min = ACTION_TYPES[action_type].min_role
    min_role = raw.get("min_role", type_min)
    if min_role not in ROLES:
        raise _bad(f"{where}.min_role must be one of: {', '.join(ROLES)}.", f"{where}.min_role")
    flags = {}
    # A spend is always proposed on the owner's behalf (R2.1: its agent's principal is the owner) and
    # decided by the owner (R2.2), so "no self-approval" would leave nobody to decide it.
    self_default = action_type != "spend"
    for name, default in (("no_self_approval", self_default), ("protected_branches_only", False)):
        value = raw.get(name, default)
        if not isinstance(value, bool):
            raise _bad(f"{where}.{name} must be true or false.", f"{where}.{name}")
        flags[name] = value
    if flags["no_self_approval"] and action_type == "spend":
        raise _bad(
            f"{where}.no_self_approval cannot hold for spend: a spend is always proposed on the owner's behalf "
            "and decided by the owner, so nobody could approve it. Leave it false: the owner approves, with "
            "approvals - 1 co-approvers of min_role.",
            f"{where}.no_self_approval",
        )
    if flags["protected_branches_only"] and action_type != "git_merge":
        raise _bad(
            f"{where}.protected_branches_only is a git_merge condition only.",
            f"{where}.protected_branches_only",
        )
    amount_over, currency = raw.get("amount_over"), raw.get("currency")
    if (amount_over is not None or currency is not None) and action_type != "spend":
        raise _bad(f"{where}.amount_over and currency are a spend condition only.", f"{where}.amount_over")
    text = ""
    if amount_over is not None:
        amount = spend_amount(amount_over)
        if amount is None or amount < 0:
            raise _bad(
                f'{where}.amount_over must be a non-negative amount such as "100.00"; got {amount_over!r}.',
                f"{where}.amount_over",
            )
        if not isinstance(currency, str) or not _CURRENCY.match(currency):
            raise _bad(
                f"{where}.currency must be the ISO 4217 code of amount_over (three capital letters, e.g. EUR).",
                f"{where}.currency",
            )
        text = str(amount)
    elif currency is not None:
        raise _bad(f"{where}.currency goes with amount_over; give both or neither.", f"{where}.currency")
    wait = raw.get("wait_minutes", 0)
    if isinstance(wait, bool) or not isinstance(wait, int) or not 0 <= wait <= MAX_WAIT_MINUTES:
        raise _bad(
            f"{where}.wait_minutes must be a whole number of minutes from 0 (no wait) to {MAX_WAIT_MINUTES} "
            f"(30 days); got {wait!r}.",
            f"{where}.wait_minutes",
        )
    if wait and action_type == "spend":
        raise _bad(
            f"{where}.wait_minutes is not offered for spend: a spend is recorded against its budget when it is "
            "approved, and a cancelled wait could not take it back. Leave it 0.",
            f"{where}.wait_minutes",
        )
    names = {}
    for name, what in (("reviewers", "usernames of members"), ("teams", "team names of the workspace")):
        value = raw.get(name, [])
        if (
            not isinstance(value, list)
            or len(value) > MAX_NAMED
            or not all(isinstance(v, str) and v.strip() and not text_problem(v) for v in value)
        ):
            raise _bad(f"{where}.{name} must be a list of at most {MAX_NAMED} {what}.", f"{where}.{name}")
        names[name] = sorted({v.strip() for v in value})
    if names["reviewers"] and not names["teams"] and len(names["reviewers"]) < approvals:
        raise _bad(
            f"{where} needs {approvals} approvals but names only {len(names['reviewers'])} reviewer(s); name "
            "more people or a team, or lower approvals.",
            f"{where}.reviewers",
        )
    return {
        "action_type": action_type,
        "approvals": approvals,
        "min_role": min_role,
        **flags,
        "amount_over": text,
        "currency": currency if text else "",
        "wait_minutes": wait,
        **names,
    }


def _resolve_names(project: Project, i: int, wanted: dict) -> tuple[list, list]:
    """The members and teams a rule names, each checked: a named person is a member who reaches the project
    with the rule's minimum role (else their approval could never count), a team is one of the workspace's."""
    where = f"rules[{i}]"
    users = []
    by_name = {u.get_username(): u for u in get_user_model().objects.filter(username__in=wanted["reviewers"])}
    for username in wanted["reviewers"]:
        user = by_name.get(username)
        role = project_role(user, project) if user is not None else None
        if role is None:
            raise _bad(
                f"{where}.reviewers: {username} is not a member who reaches this project.",
                f"{where}.reviewers",
            )
        if not role_at_least(role, wanted["min_role"]):
            raise _bad(
                f"{where}.reviewers: {username} is {role}, below the rule's min_role {wanted['min_role']}; their "
                "approval would never count.",
                f"{where}.reviewers",
            )
        users.append(user)
    decider = ACTION_TYPES[wanted["action_type"]].min_role
    if (
        users
        and not wanted["teams"]
        and not any(role_at_least(project_role(u, project), decider) for u in users)
    ):
        raise _bad(
            f"{where}.reviewers: a {wanted['action_type']} action needs one approver with the {decider} role "
            "(R2.2), and nobody named has it; name one, or a team.",
            f"{where}.reviewers",
        )
    teams = list(Team.objects.filter(workspace_id=project.workspace_id, name__in=wanted["teams"]))
    missing = sorted(set(wanted["teams"]) - {t.name for t in teams})
    if missing:
        raise _bad(
            f"{where}.teams: no team named {', '.join(missing)} in this workspace; create it first "
            "(POST /api/workspaces/{id}/teams/).",
            f"{where}.teams",
        )
    return users, teams


LEFT_AS_IS: Any = object()  # a setting :func:`set_approval_settings` was not given


@transaction.atomic(durable=True)
def set_approval_settings(
    *, actor, project: Project, rules=LEFT_AS_IS, pending_expiry_seconds=LEFT_AS_IS
) -> Project:
    """The API's one write of a project's approval settings: the pending expiry and the two-person rules
    (each left as it is when not given), both or neither — as :func:`set_pending_expiry` and
    :func:`set_approval_rules` check them (a null is refused as they refuse it)."""
    if pending_expiry_seconds is not LEFT_AS_IS:
        _set_pending_expiry(actor, project, pending_expiry_seconds)
    if rules is not LEFT_AS_IS:
        _set_approval_rules(actor, project, rules)
    return project


@transaction.atomic(durable=True)
def set_approval_rules(*, actor, project: Project, rules) -> list[ApprovalRule]:
    """Replace the project's two-person rules with ``rules`` (a list, at most one per action type).
    Maintainer+; a rule for a type whose minimum role is above the actor's (``spend`` is the owner's) is
    neither added, changed nor removed by them. One ``approval_rules.changed`` event when anything changed."""
    return _set_approval_rules(actor, project, rules)


def _set_approval_rules(actor, project: Project, rules) -> list[ApprovalRule]:
    role = require_project_role(actor, project, MAINTAINER, "Setting approval rules")
    if not isinstance(rules, list):
        raise _bad("rules must be a list of rules (an empty list removes them all).", "rules")
    wanted = [_read_rule(i, raw) for i, raw in enumerate(rules)]
    seen: set[str] = set()
    for i, w in enumerate(wanted):
        if w["action_type"] in seen:
            raise _bad(
                f"rules[{i}]: a second rule for {w['action_type']}; one rule per action type.", f"rules[{i}]"
            )
        seen.add(w["action_type"])
    Project.objects.select_for_update().filter(pk=project.pk).first()  # one writer at a time
    current = {r.action_type: r for r in _rules().filter(project=project)}
    now = {w["action_type"]: w for w in wanted}
    changed = sorted(
        t
        for t in set(current) | set(now)
        if t not in current or t not in now or _stored(current[t]) != now[t]
    )
    for t in changed:
        if not role_at_least(role, ACTION_TYPES[t].min_role):
            raise DomainError(
                f"the rule for {t} is the {ACTION_TYPES[t].min_role}'s to set (it decides {t} actions); your "
                f"role is {role}. Leave that rule as it is.",
                field="rules",
                status=403,
                reason="role_too_low",
            )
    if not changed:
        return list(_rules().filter(project=project))
    resolved = {w["action_type"]: _resolve_names(project, i, w) for i, w in enumerate(wanted)}
    ApprovalRule.objects.filter(project=project).exclude(action_type__in=list(now)).delete()
    for t in changed:
        if t in now:
            fields = {k: v for k, v in now[t].items() if k not in ("reviewers", "teams")}
            rule, _ = ApprovalRule.objects.update_or_create(project=project, action_type=t, defaults=fields)
            users, teams = resolved[t]
            rule.reviewers.set(users)
            rule.teams.set(teams)
    result = list(_rules().filter(project=project))
    events.record(
        RULES_CHANGED,
        project_id=project.pk,
        actor=Actor.of_user(actor),
        payload={"changed": changed, "rules": [rule_data(r) for r in result]},
    )
    return result


def _stored(rule: ApprovalRule) -> dict:
    return {
        "action_type": rule.action_type,
        "approvals": rule.approvals,
        "min_role": rule.min_role,
        "no_self_approval": rule.no_self_approval,
        "protected_branches_only": rule.protected_branches_only,
        "amount_over": rule.amount_over,
        "currency": rule.currency,
        "wait_minutes": rule.wait_minutes,
        "reviewers": sorted(u.get_username() for u in rule.reviewers.all()),
        "teams": sorted(t.name for t in rule.teams.all()),
    }


@transaction.atomic(durable=True)
def set_pending_expiry(*, actor, project: Project, seconds) -> Project:
    """How long a pending action waits for its decision before it expires (maintainer+). Frozen at proposal: the
    time applies to actions proposed from now on; actions already waiting keep the time they were proposed
    with (``ProposedAction.expiry_seconds``), so a maintainer cannot expire an action they may not decide
    (the owner's ``spend``) by shortening it — nor does anyone shorten a waiting action's life this way."""
    return _set_pending_expiry(actor, project, seconds)


def _set_pending_expiry(actor, project: Project, seconds) -> Project:
    require_project_role(actor, project, MAINTAINER, "Setting the approval expiry")
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not EXPIRY_MIN <= seconds <= EXPIRY_MAX:
        raise _bad(
            f"pending_expiry_seconds must be a whole number of seconds from {EXPIRY_MIN} (5 minutes) to "
            f"{EXPIRY_MAX} (30 days); got {seconds!r}.",
            "pending_expiry_seconds",
        )
    locked = Project.objects.select_for_update().get(pk=project.pk)
    if locked.pending_expiry_seconds != seconds:
        before = locked.pending_expiry_seconds
        Project.objects.filter(pk=project.pk).update(pending_expiry_seconds=seconds)
        events.record(
            EXPIRY_CHANGED,
            project_id=project.pk,
            actor=Actor.of_user(actor),
            payload={"pending_expiry_seconds": seconds, "before": before},
        )
    project.pending_expiry_seconds = seconds
    return project
