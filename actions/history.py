"""The history page's reading of the event logs: one plain sentence per event, and the filters
(actor, agent, type, outcome) as queryset conditions. The console's ``history`` view pages them newest
first with the API's keyset pagination (``brabo.pagination``); nothing here writes.

Project events are ``SessionEvent`` rows (R10.1 and the settings/key events that live beside them); the
workspace's own log is ``projects.WorkspaceEvent`` (members, invitations, keys, webhooks, budgets).
"""

from __future__ import annotations

from django.db.models import Q

from brabo import domain
from permissions.action_types import QUESTION_TYPES
from permissions.messages import sentence as reason_sentence
from projects import team_events

from . import events

# outcome filter → (label, condition on SessionEvent)
OUTCOMES: dict[str, tuple[str, Q]] = {
    "auto_approved": (
        "Approved by a rule",
        Q(type=domain.ACTION_CREATED, payload__status="auto_approved"),
    ),
    "pending": ("Waited for a person", Q(type=domain.ACTION_CREATED, payload__status="pending")),
    "approved": ("Approved by a person", Q(type=domain.ACTION_APPROVED)),
    "denied": (
        "Denied",
        Q(type=domain.ACTION_DENIED) | Q(type=domain.ACTION_CREATED, payload__status="denied"),
    ),
    "executed": ("Ran and succeeded", Q(type=domain.ACTION_EXECUTED)),
    "failed": ("Ran and failed", Q(type=domain.ACTION_FAILED)),
    "expired": ("Expired undecided", Q(type=events.ACTION_EXPIRED)),
}

PROJECT_TYPES: tuple[str, ...] = (
    *events.EVENT_TYPES,
    "agent.key_rotated",
    "agent.suspended",
    "agent.principal_reassigned",
    "agent.revoked",
    "agent.restored",
    "task.created",
    "project.max_parallel_raised",
    "runner.key_rotated",
    "approval_rules.changed",
    "approval_expiry.changed",
)
TEAM_TYPES: tuple[str, ...] = (
    team_events.MEMBER_INVITED,
    team_events.INVITATION_REVOKED,
    team_events.MEMBER_JOINED,
    team_events.MEMBER_ADDED,
    team_events.MEMBER_ROLE_CHANGED,
    team_events.MEMBER_REMOVED,
    team_events.OWNERSHIP_OFFERED,
    team_events.OWNERSHIP_OFFER_CANCELLED,
    team_events.OWNERSHIP_OFFER_DECLINED,
    team_events.OWNERSHIP_TRANSFERRED,
    team_events.CREDENTIALS_UPDATED,
    team_events.CREDENTIALS_CONFIRMED,
    team_events.CREDENTIALS_CONFIRMATION_NEEDED,
    team_events.WEBHOOK_CREATED,
    team_events.WEBHOOK_UPDATED,
    team_events.WEBHOOK_DISABLED,
    team_events.WEBHOOK_ENABLED,
    team_events.WEBHOOK_DELETED,
    team_events.WEBHOOK_SECRET_ROTATED,
    team_events.TEAM_CREATED,
    team_events.TEAM_MEMBERS_CHANGED,
    team_events.TEAM_DELETED,
    team_events.SUBSCRIPTION_CHANGED,
    "token.created",
    "token.revoked",
    "budget.updated",
    "workspace.secret_reencrypted",
)

# What a type is called where a person picks it (the filter's options): never the dotted code.
TYPE_LABELS: dict[str, str] = {
    domain.ACTION_CREATED: "Proposed",
    domain.ACTION_APPROVED: "Approved by a person",
    events.ACTION_APPROVAL_ADDED: "One approval of several",
    domain.ACTION_DENIED: "Denied by a person",
    events.ACTION_EXPIRED: "Expired",
    events.ACTION_EXPIRING_SOON: "About to expire",
    domain.PERMISSION_GRANTED: "Permission granted",
    events.PERMISSION_REVOKED: "Permission taken back",
    events.ACTION_ANSWERED: "Answered by a person",
    events.ACTION_CANCELLED: "Cancelled while held",
    events.ACTION_WAIT_ENDED: "Wait timer over",
    events.ACTION_REDECIDED: "Decided again: the policy changed",
    domain.ACTION_EXECUTED: "Ran",
    domain.ACTION_FAILED: "Failed",
    domain.TASK_STATUS_CHANGED: "Task status changed",
    domain.TASK_ACTION_SETTLED: "Task's action settled",
    events.SPEND_RECORDED: "Spend recorded",
    events.BUDGET_THRESHOLD_CROSSED: "Budget threshold crossed",
    "agent.key_rotated": "Agent key rotated",
    "agent.suspended": "Agent suspended",
    "agent.principal_reassigned": "Agent reassigned",
    "agent.revoked": "Agent revoked",
    "agent.restored": "Agent restored",
    "task.created": "Task added",
    "project.max_parallel_raised": "Parallel limit raised",
    "runner.key_rotated": "Runner key rotated",
    "approval_rules.changed": "Approval rules changed",
    "approval_expiry.changed": "Approval expiry changed",
    team_events.MEMBER_INVITED: "Invitation sent",
    team_events.INVITATION_REVOKED: "Invitation revoked",
    team_events.MEMBER_JOINED: "Joined",
    team_events.MEMBER_ADDED: "Member added",
    team_events.MEMBER_ROLE_CHANGED: "Role changed",
    team_events.MEMBER_REMOVED: "Member removed",
    team_events.OWNERSHIP_OFFERED: "Ownership offered",
    team_events.OWNERSHIP_OFFER_CANCELLED: "Ownership offer cancelled",
    team_events.OWNERSHIP_OFFER_DECLINED: "Ownership offer declined",
    team_events.OWNERSHIP_TRANSFERRED: "Ownership transferred",
    team_events.CREDENTIALS_UPDATED: "Credentials changed",
    team_events.CREDENTIALS_CONFIRMED: "Credentials confirmed",
    team_events.CREDENTIALS_CONFIRMATION_NEEDED: "Credentials need confirming",
    team_events.WEBHOOK_CREATED: "Webhook added",
    team_events.WEBHOOK_UPDATED: "Webhook changed",
    team_events.WEBHOOK_DISABLED: "Webhook disabled",
    team_events.WEBHOOK_ENABLED: "Webhook enabled",
    team_events.WEBHOOK_DELETED: "Webhook deleted",
    team_events.WEBHOOK_SECRET_ROTATED: "Webhook secret rotated",
    team_events.TEAM_CREATED: "Team created",
    team_events.TEAM_MEMBERS_CHANGED: "Team members changed",
    team_events.TEAM_DELETED: "Team deleted",
    team_events.SUBSCRIPTION_CHANGED: "Notification choices changed",
    "token.created": "Personal token created",
    "token.revoked": "Personal token revoked",
    "budget.updated": "Budget changed",
    "workspace.secret_reencrypted": "Secrets re-encrypted",
}


def type_label(code: str) -> str:
    return TYPE_LABELS.get(code) or code.replace("_", " ").replace(".", ": ").capitalize()


def actor_text(event) -> str:
    label = event.actor_label or ""
    if event.actor_kind == "agent":
        return f"agent {label}" if label else "an agent"
    if event.actor_kind == "system":
        return "Brabo"
    return label or "someone"


def _what(event) -> str:
    """The action an event is about, in a few words: `terminal “cat x”`."""
    action = getattr(event, "action", None)
    if action is None:
        return "an action"
    if action.action_type == "terminal":
        line = str(action.payload.get("command", ""))
    else:
        line = ", ".join(
            f"{k} {v}" for k, v in action.payload.items() if k not in ("content", "body", "edits", "runs_in")
        )
    line = line if len(line) <= 80 else line[:79] + "…"
    return f"{action.action_type} “{line}”" if line else action.action_type


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _agent_name(event, agent_id) -> str:
    action = getattr(event, "action", None)
    if action is not None and action.agent is not None and str(action.agent_id) == str(agent_id):
        return action.agent.name
    return "an agent"


def describe(event) -> str:
    """One plain sentence for a project event (SessionEvent) or a workspace event (WorkspaceEvent)."""
    text = _describe_redecided(event) if event.type == events.ACTION_REDECIDED else _describe(event)
    if text.startswith(("agent ", "an agent ", "someone ")):
        text = text[0].upper() + text[1:]  # a sentence starts with a capital; usernames keep their case
    return text


def _describe_redecided(event) -> str:
    p = event.payload if isinstance(event.payload, dict) else {}
    now = "it was denied" if p.get("status") == "denied" else "it waits for a person"
    why = reason_sentence(p.get("decisionReason"), None)
    return f"The policy changed before {_what(event)} ran and no longer auto-approves it; {now}: {why}."


def _describe(event) -> str:
    who = actor_text(event)
    p = event.payload if isinstance(event.payload, dict) else {}
    t = event.type
    action = getattr(event, "action", None)
    if t == domain.ACTION_CREATED and action is not None and action.action_type in QUESTION_TYPES:
        question = _short(str(action.payload.get("question", "")), 200)
        return f"{who} asked: “{question}” — a person answers."
    if t == domain.ACTION_CREATED:
        verdict = {
            "auto_approved": "approved by a rule",
            "denied": "denied by the policy",
            "pending": "it waits for a person",
        }.get(str(p.get("status")), "recorded")
        why = reason_sentence(p.get("reason"), p.get("scopeRoot"))
        return f"{who} proposed {_what(event)} — {verdict}: {why}."
    if t == domain.ACTION_APPROVED:
        text = f"{who} approved {_what(event)}"
        if p.get("message"):
            text += f" with “{_short(str(p['message']), 200)}”"
        if p.get("waitMinutes"):
            text += f"; it waits {p['waitMinutes']} minutes before it runs"
        return text + "."
    if t == events.ACTION_ANSWERED:
        question = _short(str(action.payload.get("question", "")), 120) if action is not None else ""
        answer = _short(str(p.get("answer", "")), 200)
        return f"{who} answered “{question}”: “{answer}”." if question else f"{who} answered: “{answer}”."
    if t == events.ACTION_CANCELLED:
        return f"{who} cancelled {_what(event)} while its wait timer held it; it will not run."
    if t == events.ACTION_WAIT_ENDED:
        return f"The wait timer of {_what(event)} ended; it goes to the worker."
    if t == events.ACTION_APPROVAL_ADDED:
        return f"{who} added an approval to {_what(event)}; it waits for the others."
    if t == domain.ACTION_DENIED:
        reason = p.get("reason")
        return f"{who} denied {_what(event)}" + (f": “{reason}”." if reason else ".")
    if t == events.ACTION_EXPIRED:
        return f"{_cap(_what(event))} expired before anyone decided."
    if t == events.ACTION_EXPIRING_SOON:
        return f"{_cap(_what(event))} expires soon unless someone decides."
    if t == domain.ACTION_EXECUTED:
        return f"{_cap(_what(event))} ran and succeeded."
    if t == domain.ACTION_FAILED:
        message = p.get("message") or p.get("code") or "no reason recorded"
        step = p.get("nextStep")
        return f"{_cap(_what(event))} failed: {message}" + (f" {step}" if step else "")
    if t == domain.PERMISSION_GRANTED:
        if p.get("actionType"):
            agent = _agent_name(event, p.get("agentId"))
            kind = "every action" if p["actionType"] == "*" else f"every {p['actionType']} action"
            return f"{who} let {agent} auto-approve {kind}."
        parts = []
        if p.get("pattern"):
            parts.append(f"allowed {p['pattern']} in permissions.json")
        if p.get("liftedDeny"):
            parts.append(f"lifted the deny on {', '.join(p['liftedDeny'])}")
        if p.get("liftedAsk"):
            parts.append(f"lifted the ask on {', '.join(p['liftedAsk'])}")
        return f"{who} " + ("; ".join(parts) or "changed permissions.json") + "."
    if t == events.PERMISSION_REVOKED:
        if p.get("actionType"):
            agent = _agent_name(event, p.get("agentId"))
            return f"{who} undid an “Always allow”: {agent} no longer auto-approves every {p['actionType']} action."
        if p.get("pattern"):
            return f"{who} undid an “Always allow”: removed {p['pattern']} from permissions.json."
        return f"{who} undid an “Always allow” that no longer granted anything."
    if t == domain.TASK_STATUS_CHANGED:
        return f"A task moved from {p.get('from', '?')} to {p.get('to', '?')}."
    if t == domain.TASK_ACTION_SETTLED:
        return f"A task's action settled ({p.get('status', 'done')})."
    if t == events.SPEND_RECORDED:
        return f"A spend of {p.get('amount', '?')} {p.get('currency', '')} was recorded.".replace(" .", ".")
    if t == events.BUDGET_THRESHOLD_CROSSED:
        return "A budget crossed its warning threshold."
    if t == team_events.MEMBER_INVITED:
        return f"{who} invited {p.get('invitee', 'someone')} as {p.get('role', 'member')}."
    if t == team_events.INVITATION_REVOKED:
        return f"{who} revoked the invitation of {p.get('invitee', 'someone')}."
    if t == team_events.MEMBER_JOINED:
        return f"{who} joined as {p.get('role', 'member')}, invited by {p.get('invitedBy', 'someone')}."
    if t == team_events.MEMBER_ADDED:
        return f"{who} added {p.get('username', 'someone')} as {p.get('role', 'member')}."
    if t == team_events.MEMBER_ROLE_CHANGED:
        return f"{who} changed {p.get('username', 'someone')}'s role from {p.get('from')} to {p.get('to')}."
    if t == team_events.MEMBER_REMOVED:
        return f"{who} removed {p.get('username', 'someone')} from the workspace."
    if t == team_events.OWNERSHIP_TRANSFERRED:
        return f"Ownership passed from {p.get('from')} to {p.get('to')}."
    if t in (team_events.OWNERSHIP_OFFERED, team_events.OWNERSHIP_OFFER_CANCELLED):
        verb = "offered" if t == team_events.OWNERSHIP_OFFERED else "cancelled the offer of"
        return f"{who} {verb} the ownership to {p.get('to', 'someone')}."
    if t == "agent.principal_reassigned":
        return f"{who} moved agent {p.get('agent', '')} from {p.get('from')} to {p.get('to')}."
    if t == "agent.suspended":
        return f"Agent {p.get('agent', '')} was suspended: its principal left."
    if t == "agent.key_rotated":
        return f"{who} rotated an agent's key."
    return f"{who}: {type_label(t).lower()}."


def project_filters(qs, *, actor: str = "", agent=None, type: str = "", outcome: str = ""):
    """``actor``: ``user:<pk>``, ``agent`` (any agent) or ``system``; ``agent``: an Agent (its own events
    and those about its actions); ``type``: an event code; ``outcome``: a key of OUTCOMES."""
    qs = _actor_filter(qs, actor)
    if agent is not None:
        qs = qs.filter(Q(action__agent=agent) | Q(actor_kind="agent", actor_id=str(agent.id)))
    if type:
        qs = qs.filter(type=type)
    if outcome in OUTCOMES:
        qs = qs.filter(OUTCOMES[outcome][1])
    return qs


def team_filters(qs, *, actor: str = "", type: str = ""):
    qs = _actor_filter(qs, actor)
    return qs.filter(type=type) if type else qs


def _actor_filter(qs, actor: str):
    if actor.startswith("user:") and actor[5:].isdigit():
        return qs.filter(actor_kind="user", actor_id=actor[5:])
    if actor in ("agent", "system"):
        return qs.filter(actor_kind=actor)
    return qs
