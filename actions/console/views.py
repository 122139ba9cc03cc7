"""The approval console's pages. Every decision calls ``actions.services`` — no rule lives here.

Each view is wrapped by ``admin.site.admin_view`` (login + ``has_permission``) in ``actions.admin`` and
scopes what it reads through ``projects.access``: a resource of another workspace is a 404 (R1.1).
"""

from __future__ import annotations

import difflib
import hashlib
import json
from datetime import datetime, time, timedelta
from functools import cached_property

from django.contrib import admin, messages
from django.core.paginator import Paginator
from django.db.models import Count, Max, OuterRef, Prefetch, Q, Subquery
from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_POST

from actions import quorum, services, shown
from actions.budgets import BUDGET_REASONS
from actions.console import whole_view
from actions.console.preview import (
    Outcome,
    WhatItDoes,
    approve_says,
    failure_sentence,
    is_cut,
    mask,
    why_it_waits,
)
from actions.console.stats import per_day
from actions.executors import runs_in_agent
from actions.expiry import expires_at
from actions.models import PENDING, ActionApproval, ApprovalRule, ProposedAction, SessionEvent
from actions.views import approval_stats
from brabo.errors import DomainError, ErrorCode
from brabo_client.payload_hash import canonical_bytes
from permissions.action_types import (
    ACTION_TYPES,
    ALWAYS_ALLOW_REFUSED,
    AUTO_APPROVE,
    MAINTAINER,
    QUESTION_TYPES,
    WILDCARD,
    role_at_least,
)
from permissions.autopilot import AUTOPILOT
from permissions.files import lint_permissions, parse_permissions_text, render_permissions
from permissions.mcp import always_allow_rule as mcp_always_rule
from permissions.mcp import describe as mcp_describe
from permissions.messages import sentence
from projects.access import visible_projects
from projects.git_settings import workspace_git_root
from projects.models import Agent, AutonomyRule, Membership, Project
from projects.policy_store import policy_state
from projects.services import (
    accept_policy_on_disk,
    restore_policy,
    save_permissions,
    set_autonomy,
    set_project_git,
)

PAGE_SIZE = 50
# what the queue's card shows of an action before it says "open it" instead of offering Approve
CARD_LINE_CHARS = 240
CARD_ARGUMENT_CHARS = 300
CARD_CONTENT_CHARS = 600
STATUS_TONE = {
    "pending": "warn",
    "approved": "ok",
    "auto_approved": "ok",
    "executing": "info",
    "executed": "ok",
    "denied": "bad",
    "failed": "bad",
    "expired": "muted",
}


# -- scoping ---------------------------------------------------------------------------------------------


def _roles(user) -> dict:
    """workspace id → the user's role: one query per page, however many rows (R2.2 per row)."""
    return dict(Membership.objects.filter(user=user).values_list("workspace_id", "role"))


def _project_or_404(request, project_id) -> Project:
    return get_object_or_404(visible_projects(request.user).select_related("workspace"), id=project_id)


def _action_or_404(request, action_id) -> ProposedAction:
    qs = ProposedAction.objects.select_related(
        "project__workspace", "agent", "task", "decided_by", "proposed_by_user"
    )
    return get_object_or_404(qs, id=action_id, project__in=visible_projects(request.user))


def _pending(user):
    return ProposedAction.objects.filter(status=PENDING, project__in=visible_projects(user))


def _live_since(user) -> int:
    """The newest event of the person's projects when the page is drawn: the page's live stream starts after
    it, so a change between drawing the page and the stream's opening is delivered, not lost. Read per project
    on the (project, id) index, newest first; never another tenant's position."""
    newest = SessionEvent.objects.filter(project=OuterRef("pk")).order_by("-id").values("id")[:1]
    found = visible_projects(user).annotate(newest=Subquery(newest)).aggregate(m=Max("newest"))["m"]
    return found or 0


def _base_context(request, title: str, **extra) -> dict:
    ctx = admin.site.each_context(request)
    ctx.update(
        title=title,
        live_since=_live_since(request.user),
        pending_count=_pending(request.user).count(),
        autopilot=AUTOPILOT,
        always_refused=sorted(ALWAYS_ALLOW_REFUSED),
    )
    ctx.update(extra)
    return ctx


def _back(request, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


# -- rows ------------------------------------------------------------------------------------------------


# Payload fields the one-line summary leaves out: long text, and what the agent-run box shows instead.
SUMMARY_OMITS = ("content", "body", "edits", "runs_in")


def summary(action: ProposedAction) -> str:
    """The one line a person reads: the command for terminal, the payload's main fields otherwise."""
    if action.action_type == "terminal":
        return action.payload.get("command", "")
    if action.action_type == "mcp_call":  # server, tool and arguments in plain words
        return mask(mcp_describe(action.payload))[:300]
    return ", ".join(f"{k}: {v}" for k, v in action.payload.items() if k not in SUMMARY_OMITS)[:300]


class AgentRun:
    """A coding agent's hook proposal (payload ``runs_in: "agent"``, ``actions.agent_hooks``): Brabo decides
    and records it, and the agent runs the tool itself, on its own machine, outside Brabo's sandbox. This is
    what the console says approving lets run there: the command and its folder, or the file and its new
    content, edits or patch."""

    def __init__(self, action: ProposedAction):
        payload = action.payload
        self.is_command = action.action_type == "terminal"
        # an MCP tool call -- the server, the tool and each argument, masked like file content
        self.is_mcp = action.action_type == "mcp_call"
        arguments = payload.get("arguments") if self.is_mcp else None
        self.mcp_server = str(payload.get("server") or "")
        self.mcp_tool = str(payload.get("tool") or "")
        self.mcp_arguments = (
            [
                (
                    shown.visible(str(k)),
                    shown.visible(mask(v if isinstance(v, str) else json.dumps(v)), lines=True),
                )
                for k, v in arguments.items()
            ]
            if isinstance(arguments, dict)
            else []
        )
        self.command = shown.visible(str(payload.get("command") or ""), lines=True)
        self.folder = shown.visible(_folder_in_root(action)) if self.is_command else ""
        self.path = shown.visible(str(payload.get("path") or ""))
        self.change = str(payload.get("change") or "write")  # write | edit | patch | notebook_edit
        edits = payload.get("edits")
        # what a card shows of a file passes the secret masks (a .env's values are not for the queue)
        self.edits = (
            [
                {
                    **e,
                    "old_string": shown.visible(mask(str(e.get("old_string") or "")), lines=True),
                    "new_string": shown.visible(mask(str(e.get("new_string") or "")), lines=True),
                }
                for e in edits
                if isinstance(e, dict)
            ]
            if isinstance(edits, list)
            else []
        )
        self.content = (
            "" if self.edits else shown.visible(mask(str(payload.get("content") or "")), lines=True)
        )

    @property
    def fits_card(self) -> bool:
        """Whether the queue's card shows all of it (else it offers no Approve: the action's page does)."""
        texts = [v for _, v in self.mcp_arguments] + [
            e[k] for e in self.edits for k in ("old_string", "new_string")
        ]
        return all(len(t) <= CARD_ARGUMENT_CHARS for t in texts) and len(self.content) <= CARD_CONTENT_CHARS


def _folder_in_root(action: ProposedAction) -> str:
    """The command's folder relative to the project root ("" for the root itself). The hook stores it under
    the project root; a path that is not under it is shown as it is."""
    cwd = action.payload.get("cwd")
    if not isinstance(cwd, str) or not cwd:
        return ""
    try:
        root = action.project.root().rstrip("/")
    except ValueError:  # a local root that no longer validates: show the stored path
        return cwd
    if cwd.rstrip("/") == root:
        return ""
    return cwd[len(root) + 1 :] if cwd.startswith(root + "/") else cwd


def _card_texts(action: ProposedAction, agent_run: AgentRun | None) -> tuple[list[tuple[str, str]], bool]:
    """The payload texts the queue card's line leaves out and no other box of the card shows (a PR's body,
    a content outside a file write), as (name, shown text); and whether each fits the card whole."""
    payload = action.payload if isinstance(action.payload, dict) else {}
    shown_elsewhere = (
        {"runs_in", "edits", "content"} if agent_run or action.action_type == "write_file" else {"runs_in"}
    )
    texts, fit = [], True
    for key in SUMMARY_OMITS:
        value = payload.get(key)
        if key in shown_elsewhere or value in (None, "", [], {}):
            continue
        value = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        if len(value) > CARD_CONTENT_CHARS or is_cut(value):
            fit = False
        else:
            texts.append((key, shown.visible(mask(value), lines=True)))
    return texts, fit


class Row:
    """An action as the console shows it, with what this viewer may do to it."""

    def __init__(self, action: ProposedAction, role: str | None, viewer=None):
        self.action = action
        # nothing hidden (bidi overrides, zero-width characters, padding): the action's page shows it whole,
        # the queue's card one line of it, and says when that is not all of it
        self.summary = shown.visible(summary(action), lines=True)
        card = shown.fit(shown.visible(summary(action)), CARD_LINE_CHARS)
        self.line = card.text
        self.line_cut = not card.complete
        # the approve form carries the payload the page showed: a changed action is not approved by it
        raw = canonical_bytes(action.payload)
        self.shown_hash = hashlib.sha256(raw).hexdigest()[:16]  # payload_hash's first 16
        self.payload_bytes = len(raw)
        # longer than the action page's head: approved only on its whole view, with the mark that view gives
        self.long = whole_view.is_long(raw)
        self.head_only = self.long
        self.whole_mark = (
            whole_view.whole_mark(action, viewer) if viewer is not None and not self.long else ""
        )
        # the cap in plain words ("pushes always need a person; main is protected")
        self.sentence = why_it_waits(action)
        if action.reason in BUDGET_REASONS:
            # the budget's sentence carries its figures ("… by 42.10 EUR"), built by sentence() at birth
            self.sentence = action.message
        self.min_role = ACTION_TYPES[action.action_type].min_role
        self.can_decide = self.can_deny = role_at_least(role, self.min_role)
        self.tone = STATUS_TONE.get(action.status, "info")
        self.proposer = (
            action.agent.name
            if action.agent_id and action.agent
            else getattr(action.proposed_by_user, "username", "")
        )
        # "1 of 2 approvals" under a two-person rule (None when one click decides)
        self.approvals = approvals = quorum.approvals_view(action)
        self.quorum_governed = action.status == PENDING and approvals is not None
        if self.quorum_governed and approvals is not None and approvals["min_role"]:
            self.min_role = approvals["min_role"]  # a rule's co-approvers may be below the type's minimum
            self.can_decide = role_at_least(role, self.min_role)
        # a rule that names its reviewers — a viewer who is not one of them sees who is waited for
        # instead of an Approve that could only be refused (Deny stays: R2.2's role denies)
        waiting = (approvals or {}).get("waiting_for") or {}
        self.not_named = bool(
            self.quorum_governed
            and approvals is not None
            and approvals.get("reviewers")
            and viewer is not None
            and viewer.get_username() not in (waiting.get("people") or [])
            and viewer.get_username() not in approvals["approvers"]
        )
        self.is_question = action.action_type in QUESTION_TYPES
        # "Always allow" on an MCP call writes Mcp(server.tool), and is not offered for a capped tool
        self.always_refused = action.action_type == "mcp_call" and mcp_always_rule(action.payload)[0] is None
        # the viewer's approval already counts: a second click changes nothing, so no Approve button for them
        self.approved_by_viewer = bool(
            self.quorum_governed
            and approvals is not None
            and viewer is not None
            and viewer.get_username() in approvals["approvers"]
        )
        self.expires_at = expires_at(action) if action.status == PENDING else None
        self.approve_says = approve_says(action) if action.status == PENDING else ""
        self.agent_run = AgentRun(action) if runs_in_agent(action) else None
        # the texts the line leaves out (a PR's body) are in the card when they fit it
        self.card_texts, texts_fit = _card_texts(action, self.agent_run)
        # the queue offers Approve only for what its card shows whole; else "open it" (Deny stays)
        self.decide_in_card = (
            not self.long
            and not self.line_cut
            and texts_fit
            and (self.agent_run is None or self.agent_run.fits_card)
            and not (self.what and self.what.file and self.what.file.cut)
        )

    @property
    def age(self) -> str:
        seconds = max(0, int((timezone.now() - self.action.created_at).total_seconds()))
        if seconds < 60:
            return "just now"
        for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
            if seconds >= size:
                return f"{seconds // size} {unit} ago"
        return "just now"

    @property
    def preview(self) -> dict:
        return services.preview_always(self.action)

    @cached_property
    def what(self) -> WhatItDoes | None:
        """What approving will do, for a pending action."""
        return WhatItDoes(self.action) if self.action.status == PENDING else None

    @property
    def blocked(self) -> bool:
        """Approving can only fail (a spend that would cross a budget): no Approve, the way out instead."""
        return bool(self.what and self.what.blocked)


def _queue_rows(request):
    qs = (
        _pending(request.user)
        .select_related("project__workspace__owner", "agent__principal", "task", "proposed_by_user")
        .prefetch_related(Prefetch("approvals", queryset=ActionApproval.objects.select_related("approver")))
        .order_by("-created_at", "id")
    )
    params = request.GET
    if params.get("project"):
        qs = qs.filter(project_id=params["project"])
    if params.get("agent"):
        qs = qs.filter(agent_id=params["agent"])
    if params.get("type") in ACTION_TYPES:
        qs = qs.filter(action_type=params["type"])
    page = Paginator(qs, PAGE_SIZE).get_page(params.get("page"))
    roles = _roles(request.user)
    actions = list(page.object_list)
    quorum.attach(actions)  # the page's two-person rules in one query
    rows = [Row(a, roles.get(a.project.workspace_id), request.user) for a in actions]
    return page, rows


def _valid_uuid_filters(request) -> None:
    import uuid

    for key in ("project", "agent"):
        if request.GET.get(key):
            try:
                uuid.UUID(request.GET[key])
            except ValueError:
                raise Http404(f"{key} must be an id") from None


def queue(request):
    """The approvals queue: pending actions of the user's workspaces, newest first (the landing page)."""
    _valid_uuid_filters(request)
    page, rows = _queue_rows(request)
    params = request.GET.copy()
    params.pop("fragment", None)
    here = reverse("admin:console-queue") + (f"?{params.urlencode()}" if params else "")
    params.pop("page", None)
    ctx = {
        "page": page,
        "rows": rows,
        "query": params.urlencode(),
        "next_url": here,
        "always_refused": ALWAYS_ALLOW_REFUSED,
    }
    if request.GET.get("fragment") == "1":
        return render(request, "console/_queue_list.html", ctx)
    projects = list(visible_projects(request.user).order_by("name"))
    agents = list(Agent.objects.filter(project__in=projects).select_related("project").order_by("name"))
    return render(
        request,
        "console/queue.html",
        _base_context(
            request,
            "Approvals",
            **ctx,
            projects=projects,
            agents=agents,
            types=list(ACTION_TYPES),
            selected={k: request.GET.get(k, "") for k in ("project", "agent", "type")},
            state_url=reverse("admin:console-queue-state"),
            state=_state(request.user),
            section="queue",
        ),
    )


def _state(user) -> dict:
    agg = _pending(user).aggregate(n=Count("id"), latest=Max("created_at"))
    return {"count": agg["n"], "latest": agg["latest"].isoformat() if agg["latest"] else None}


def queue_state(request):
    """A small document the queue polls: ``count`` of pending and ``latest`` (newest pending's time)."""
    return JsonResponse(_state(request.user))


def action_detail(request, action_id):
    action = _action_or_404(request, action_id)
    role = _roles(request.user).get(action.project.workspace_id)
    row = Row(action, role, request.user)
    events = list(action.events.order_by("id"))
    whole = not row.long or request.GET.get("view") == "whole"
    if whole and row.long:  # the whole view: its forms carry the mark an approval of a long payload needs
        row.head_only, row.whole_mark = False, whole_view.whole_mark(action, request.user)
    if not whole:
        row.summary = shown.fit(row.summary, whole_view.SUMMARY_HEAD_CHARS).text
    payload_json, payload_whole = whole_view.payload_blocks(action, whole=whole)
    return render(
        request,
        "console/action_detail.html",
        _base_context(
            request,
            f"{action.action_type} · {str(action.id)[:8]}",
            row=row,
            action=action,
            preview=row.preview,
            events=events,
            payload_json=payload_json,
            payload_whole=payload_whole,
            head_kb=whole_view.HEAD_BYTES // 1024,
            outcome=Outcome(action, timezone.now()),
            section="queue",
        ),
    )


# -- decisions (POST, then redirect back with a message: PRG) --------------------------------------------

OUTCOME_TEXT = {
    services.OUTCOME_APPROVED: "Approved",
    services.OUTCOME_ALREADY: "Already approved — nothing changed",
    services.OUTCOME_DENIED: "Denied",
    services.OUTCOME_APPROVAL_RECORDED: "Your approval is recorded",
    services.OUTCOME_APPROVAL_ALREADY_RECORDED: "You already approved this — your approval counts once",
    services.OUTCOME_ANSWERED: "Answered — the agent has your answer",
    services.OUTCOME_CANCELLED: "Cancelled while it waited — it will not run",
}


def _label(action: ProposedAction) -> str:
    line = shown.visible(summary(action))[:80]
    return f"{action.action_type} “{line}”" if line else action.action_type


def _execution_text(action: ProposedAction) -> str:
    """What became of an approved action by the time the page answers: with the in-process worker it has
    run already; with a real worker it is usually still queued."""
    action.refresh_from_db(fields=["status", "result", "executing_since"])
    if runs_in_agent(action) and action.status in ("approved", "executing", "executed"):
        # Brabo runs nothing for a hook's proposal: "it ran and succeeded" would be untrue
        return " Brabo does not run it: the agent may run it once when it retries, on its own machine."
    if action.status == "executed":
        return " It ran and succeeded."
    if action.status == "failed":
        return f" It failed: {failure_sentence(action)}"
    if action.status == "executing":
        return " It is running now; its page shows the progress, then the output."
    if action.status == "approved":
        return " Sent to execution; its page shows the result when it finishes."
    return ""


def _decide(request, action_id, fn, **kwargs):
    action = _action_or_404(request, action_id)
    back = _back(request, reverse("admin:console-queue"))
    label = _label(action)
    try:
        decision = fn(action_id=action.id, actor=request.user, **kwargs)
    except DomainError as exc:
        if exc.reason == CHANGED_CODE:  # changed between the form's check and the locked transition
            messages.error(request, CHANGED)
            return HttpResponseRedirect(reverse("admin:console-action", args=[action.id]))
        messages.error(request, f"Not done: {exc}")
        return HttpResponseRedirect(back)
    text = f"{OUTCOME_TEXT.get(decision.outcome, decision.outcome)}: {label}."
    if decision.outcome in (services.OUTCOME_APPROVAL_RECORDED, services.OUTCOME_APPROVAL_ALREADY_RECORDED):
        view = quorum.approvals_view(decision.action) or {}
        text += f" {view.get('count', 0)} of {view.get('required', 0)} approvals; it waits for the others."
        messages.success(request, text)
        return HttpResponseRedirect(back)
    if decision.patterns:
        text += f" Always allowed — wrote {', '.join(decision.patterns)} to permissions.json."
    elif decision.autonomy_row:
        agent = action.agent.name if action.agent else "the agent"
        text += f" Always allowed — {agent} now auto-approves every {action.action_type} action."
    elif fn is services.approve_always:
        text += " This instance only: it has an external effect, so no pattern was written."
    held = decision.action.execute_after
    if decision.outcome == services.OUTCOME_APPROVED and held is not None:
        text += f" Held by its approval rule's wait timer until {held:%Y-%m-%d %H:%M} UTC; it can be cancelled until then."
    elif decision.outcome not in (
        services.OUTCOME_DENIED,
        services.OUTCOME_ANSWERED,
        services.OUTCOME_CANCELLED,
    ):
        text += _execution_text(action)
    (messages.warning if action.status == "failed" else messages.success)(request, text)
    return HttpResponseRedirect(back)


# A decision form (Approve, Always allow, Deny, Answer) carries the hash of the payload its page showed, and
# decides only that payload: a form without it (a page drawn before the binding, a crafted POST) or with
# another decides nothing, Deny included (as in Slack and e-mail) -- refusing a Deny lets nothing run: a
# pending action waits for an approval, itself bound to what its person saw. Cancel of a held action is not
# bound: refusing it would let the action run when the timer ends.
OUTDATED: ErrorCode = "console_form_outdated"
CHANGED_CODE: ErrorCode = "payload_changed_since_shown"
OUTDATED_TEXT = (
    "Not done: this form does not say which payload it showed (a page drawn before decisions were bound to "
    "what they show, or not a form the console draws), so it decided nothing. This is the action's page now: "
    f"read it and decide here. (reason: {OUTDATED})"
)
CHANGED = (
    "Not done: this action changed since the page showed it, so your click decided nothing. This is its page "
    f"now: read it again before you decide. (reason: {CHANGED_CODE})"
)
READ_WHOLE = (
    "Not done: this payload is longer than the page shows at first, and a person approves only what they were "
    "shown whole. Read it whole to approve: its whole view offers Approve."
)


def payload_download(request, action_id):
    """The exact payload bytes (those its hash is taken of), for a reader of the action."""
    return whole_view.payload_download(_action_or_404(request, action_id))


def _changed(request, action_id, *, whole: bool = True):
    """A redirect to the action's page when the form carries no payload hash in the form the page writes
    (:data:`OUTDATED`) or one that is not the action's now (:data:`CHANGED`), else None. ``whole``: an
    approval, which a payload longer than the head needs its whole view's mark for (a Deny does not)."""
    shown_hash = request.POST.get("payload_hash", "")
    action = _action_or_404(request, action_id)
    if shown.bound_to(str(action.id), shown_hash) is None:
        messages.error(request, OUTDATED_TEXT)
        return HttpResponseRedirect(reverse("admin:console-action", args=[action.id]))
    if shown_hash != shown.shown_hash(action.payload):
        messages.error(request, CHANGED)
        return HttpResponseRedirect(reverse("admin:console-action", args=[action.id]))
    if whole and not whole_view.read_whole(action, request.user, request.POST.get("shown_whole", "")):
        messages.error(request, READ_WHOLE)
        return HttpResponseRedirect(reverse("admin:console-action", args=[action.id]) + "?view=whole")
    return None


def _bound_decide(request, action_id, service, *, whole: bool, **fields):
    """:func:`_decide` for a form bound to the payload its page showed (:func:`_changed` first; the service
    checks the hash again under the row lock)."""
    changed = _changed(request, action_id, whole=whole)
    if changed is not None:
        return changed
    return _decide(request, action_id, service, shown_hash=request.POST["payload_hash"], **fields)


@require_POST
def approve(request, action_id):
    return _bound_decide(
        request, action_id, services.approve_action, whole=True, message=request.POST.get("message", "")
    )


@require_POST
def answer(request, action_id):
    """A person's answer to an agent's ask_human question (bound to the question the page showed)."""
    return _bound_decide(
        request, action_id, services.answer_question, whole=False, answer=request.POST.get("answer", "")
    )


@require_POST
def cancel_held(request, action_id):
    """Cancel an approved action while its rule's wait timer holds it."""
    return _decide(request, action_id, services.cancel_held, reason=request.POST.get("reason", ""))


@require_POST
def deny(request, action_id):
    return _bound_decide(
        request, action_id, services.deny_action, whole=False, reason=request.POST.get("reason", "")
    )


def approve_always(request, action_id):
    """GET: the confirmation, saying exactly what a click grants and what still stops it.
    POST: the click. A grant of an autonomy row (every action of a type, R7.4) is never one click: it
    comes here first; a pattern grant is written at once (its button names the patterns)."""
    action = _action_or_404(request, action_id)
    if request.method == "GET":
        return _always_confirm(request, action)
    if request.method != "POST":
        return HttpResponseRedirect(reverse("admin:console-action", args=[action.id]))
    changed = _changed(request, action_id)
    if changed is not None:
        return changed
    if (
        request.POST.get("confirm") != "yes"
        and services.preview_always(action).get("autonomy_row")
        and quorum.requirement(action) is None  # under a two-person rule the service refuses at once
    ):
        mark = request.POST.get("shown_whole", "")
        query = f"?{urlencode({'shown_whole': mark})}" if mark else ""
        return redirect(reverse("admin:console-always", args=[action.id]) + query)
    return _decide(request, action_id, services.approve_always, shown_hash=request.POST["payload_hash"])


def _always_confirm(request, action: ProposedAction):
    role = _roles(request.user).get(action.project.workspace_id)
    row = Row(action, role, request.user)
    mark = request.GET.get("shown_whole", "")
    if row.long and whole_view.read_whole(action, request.user, mark):  # came here from the whole view
        row.head_only, row.whole_mark = False, mark
    return render(
        request,
        "console/always_confirm.html",
        _base_context(
            request,
            f"Always allow · {action.action_type}",
            row=row,
            action=action,
            preview=row.preview if action.status == PENDING else {},
            section="queue",
        ),
    )


# -- agents and autopilot (ADR 0189 §4) ------------------------------------------------------------------


def _agent_or_404(request, agent_id) -> Agent:
    qs = Agent.objects.select_related("project__workspace", "principal__user")
    return get_object_or_404(qs, id=agent_id, project__in=visible_projects(request.user))


def agents(request):
    projects = visible_projects(request.user)
    items = list(
        Agent.objects.filter(project__in=projects)
        .select_related("project", "principal__user")
        .annotate(
            auto=Count(
                "autonomy_rules",
                filter=Q(autonomy_rules__action_type=WILDCARD, autonomy_rules__mode=AUTO_APPROVE),
            ),
            # distinct: the two counts join two tables, and without it each multiplies the other
            pending=Count("actions", filter=Q(actions__status=PENDING), distinct=True),
        )
        .order_by("project__name", "name")
    )
    # the mode is the agent's wildcard autonomy row: shown where GET /api/agents/{id}/autonomy/ answers
    modes_read = {ws for ws, role in _roles(request.user).items() if role_at_least(role, MAINTAINER)}
    return render(
        request,
        "console/agents.html",
        _base_context(request, "Agents", items=items, modes_read=modes_read, section="agents"),
    )


def agent_card(request, agent_id):
    agent = _agent_or_404(request, agent_id)
    role = _roles(request.user).get(agent.project.workspace_id)
    # the agent's autonomy rows (its mode is one of them) are read where GET /api/agents/{id}/autonomy/
    # answers, maintainer+; a developer sees that they are not theirs to read
    reads_autonomy = role_at_least(role, MAINTAINER)
    rules = list(agent.autonomy_rules.order_by("action_type")) if reads_autonomy else []
    auto = any(r.action_type == WILDCARD and r.mode == AUTO_APPROVE for r in rules)
    # only the controls the reader can use (R2.1, R2.2): setting an agent's autonomy needs maintainer+ and at
    # least its principal's role (a suspended agent has none); undoing a grant, the role that could grant it
    principal = agent.principal
    can_switch = (
        role_at_least(role, MAINTAINER) and principal is not None and role_at_least(role, principal.role)
    )
    confirm = can_switch and request.GET.get("confirm") in ("auto", "manual")
    grants = services.always_grants(agent)
    undoable = {
        g.event.id
        for g in grants
        if g.event.action is not None
        and role_at_least(role, ACTION_TYPES[g.event.action.action_type].min_role)
    }
    return render(
        request,
        "console/agent_card.html",
        _base_context(
            request,
            f"Agent {agent.name}",
            agent=agent,
            rules=rules,
            grants=grants,
            undoable=undoable,
            auto=auto,
            reads_autonomy=reads_autonomy,
            can_switch=can_switch,
            confirm=request.GET.get("confirm") if confirm else "",
            section="agents",
        ),
    )


@require_POST
def grant_undo(request, agent_id, event_id):
    """Undo one "Always allow" grant listed on the agent's page: ``services.undo_always_allow``."""
    agent = _agent_or_404(request, agent_id)
    card = reverse("admin:console-agent", args=[agent.id])
    try:
        revoked = services.undo_always_allow(grant_event_id=event_id, actor=request.user)
    except DomainError as exc:
        messages.error(request, f"Not undone: {exc}")
        return redirect(card)
    payload = revoked.payload
    if payload.get("actionType"):
        mode = payload.get("mode")
        after = f"it is {mode} again" if mode else "the row is gone"
        text = (
            f"Undone: {agent.name} no longer auto-approves every {payload['actionType']} action ({after})."
            if payload.get("changed")
            else f"Nothing to undo: {agent.name}'s {payload['actionType']} row was changed since."
        )
    elif payload.get("patterns"):
        text = f"Undone: removed {payload['pattern']} from permissions.json."
    else:
        text = "Nothing to undo: those patterns were no longer in permissions.json."
    messages.success(request, text)
    return redirect(card)


@require_POST
def agent_autopilot(request, agent_id):
    """The manual/auto switch: the wildcard row ``"*": auto_approve`` on or off. Maintainers only."""
    agent = _agent_or_404(request, agent_id)
    card = reverse("admin:console-agent", args=[agent.id])
    role = _roles(request.user).get(agent.project.workspace_id)
    if not role_at_least(role, MAINTAINER):
        messages.error(
            request, f"Switching autopilot needs the maintainer role or higher; your role is {role}."
        )
        return redirect(card)
    mode = request.POST.get("mode")
    if mode not in ("auto", "manual"):
        messages.error(request, "Choose auto or manual.")
        return redirect(card)
    rows = [
        {"action_type": r.action_type, "mode": r.mode}
        for r in AutonomyRule.objects.filter(agent=agent).exclude(action_type=WILDCARD)
    ]
    if mode == "auto":
        rows.append({"action_type": WILDCARD, "mode": AUTO_APPROVE})
    try:
        set_autonomy(agent=agent, rows=rows, actor=request.user)
    except DomainError as exc:
        messages.error(request, str(exc))
        return redirect(card)
    if mode == "auto":
        messages.success(
            request, f"Autopilot is on for {agent.name}: it approves everything except the caps."
        )
    else:
        messages.success(request, f"{agent.name} is manual again: its own rows and permissions.json decide.")
    return redirect(card)


# -- projects: permissions.json editor and approval statistics -------------------------------------------


def projects(request):
    items = list(
        visible_projects(request.user)
        .select_related("workspace", "container")
        .annotate(pending=Count("actions", filter=Q(actions__status=PENDING)))
        .order_by("name")
    )
    return render(
        request, "console/projects.html", _base_context(request, "Projects", items=items, section="projects")
    )


def project_git(request, project_id):
    """Where the code lives (repository, push remote, default branch): the same service as the API's PATCH."""
    project = _project_or_404(request, project_id)
    role = _roles(request.user).get(project.workspace_id)
    can_edit = role_at_least(role, MAINTAINER)
    fields = ("repository", "git_remote_url", "default_branch")
    values = {f: getattr(project, f) for f in fields}
    if request.method == "POST":
        values = {f: request.POST.get(f, "") for f in fields}
        try:
            set_project_git(project=project, actor=request.user, **values)
        except DomainError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"Saved where the code of {project.name} lives.")
            return redirect(reverse("admin:console-project-git", args=[project.id]))
    return render(
        request,
        "console/project_git.html",
        _base_context(
            request,
            f"Repository · {project.name}",
            project=project,
            values=values,
            can_edit=can_edit,
            local_root=workspace_git_root(project.workspace_id),
            section="projects",
        ),
    )


def approval_rules(request, project_id):
    """The project's two-person rules and its pending-action expiry, set through the same services
    as the API (maintainer+; a rule for spend is the owner's)."""
    project = _project_or_404(request, project_id)
    role = _roles(request.user).get(project.workspace_id)
    rules = [
        quorum.rule_data(r) for r in ApprovalRule.objects.filter(project=project).order_by("action_type")
    ]
    if request.method == "POST":
        try:
            _save_rules(request, project, rules)
        except DomainError as exc:
            messages.error(request, f"Not saved: {exc}")
        else:
            messages.success(request, f"Saved the approval rules of {project.name}.")
            return redirect(reverse("admin:console-approval-rules", args=[project.id]))
    return render(
        request,
        "console/approval_rules.html",
        _base_context(
            request,
            f"Approval rules · {project.name}",
            project=project,
            rules=rules,
            can_edit=role_at_least(role, MAINTAINER),
            types=list(ACTION_TYPES),
            roles=["developer", "maintainer", "owner"],
            expiry_minutes=project.pending_expiry_seconds // 60,
            section="projects",
        ),
    )


def _save_rules(request, project, rules: list[dict]) -> None:
    post = request.POST
    what = post.get("do")
    if what == "expiry":
        raw = post.get("expiry_minutes", "").strip()
        if not raw.isdigit():
            raise DomainError(
                "the expiry is a whole number of minutes (5 to 43200).",
                field="expiry_minutes",
                reason="invalid",
            )
        quorum.set_pending_expiry(actor=request.user, project=project, seconds=int(raw) * 60)
    elif what == "remove":
        kept = [r for r in rules if r["action_type"] != post.get("action_type")]
        quorum.set_approval_rules(actor=request.user, project=project, rules=kept)
    elif what == "save":
        raw = post.get("approvals", "").strip()
        rule: dict = {
            "action_type": post.get("action_type", ""),
            "approvals": int(raw) if raw.isdigit() else raw,
            "min_role": post.get("min_role", ""),
            "no_self_approval": post.get("no_self_approval") == "on",
        }
        if rule["action_type"] == "git_merge":
            rule["protected_branches_only"] = post.get("protected_branches_only") == "on"
        if rule["action_type"] == "spend" and post.get("amount_over", "").strip():
            rule["amount_over"] = post.get("amount_over", "").strip()
            rule["currency"] = post.get("currency", "").strip().upper()
        others = [r for r in rules if r["action_type"] != rule["action_type"]]
        quorum.set_approval_rules(actor=request.user, project=project, rules=[*others, rule])
    else:
        raise DomainError("unknown form; reload the page and try again.", reason="invalid")


def permissions_editor(request, project_id):
    """permissions.json: linted with the engine's own lint, previewed as a diff, written atomically. When
    the file on disk is not the version a person accepted (R3.5), the page says so with the diff, and a
    maintainer+ accepts it or restores the accepted version."""
    project = _project_or_404(request, project_id)
    role = _roles(request.user).get(project.workspace_id)
    can_edit = role_at_least(role, MAINTAINER)
    state = policy_state(project)  # the file read as hostile: never through a link, never a FIFO (R3.5)
    current = state.disk_text or ""
    text = current or (state.accepted_text or "") or '{\n  "allow": [],\n  "deny": [],\n  "ask": []\n}\n'
    issues, diff, step = [], [], "edit"
    if request.method == "POST" and request.POST.get("step") in ("accept", "restore"):
        try:
            if request.POST["step"] == "accept":
                accept_policy_on_disk(
                    project=project, actor=request.user, expected_sha256=request.POST.get("disk")
                )
                messages.success(
                    request, "Accepted permissions.json as it is on disk; it is the policy in force."
                )
            else:
                restore_policy(project=project, actor=request.user)
                messages.success(request, "Restored permissions.json to the accepted version.")
        except DomainError as exc:
            messages.error(request, str(exc))
        return redirect(reverse("admin:console-permissions", args=[project.id]))
    if request.method == "POST":
        if not can_edit:
            messages.error(
                request, f"Editing permissions.json needs the maintainer role; your role is {role}."
            )
            return redirect(reverse("admin:console-permissions", args=[project.id]))
        text = request.POST.get("text", "").replace("\r\n", "\n")
        issues = lint_permissions(text)
        errors = [i for i in issues if i.severity == "error"]
        if not errors:
            rendered = _render(text)
            diff = list(
                difflib.unified_diff(
                    current.splitlines(),
                    rendered.splitlines(),
                    "permissions.json (now)",
                    "after saving",
                    lineterm="",
                )
            )
            if request.POST.get("step") == "save":
                if request.POST.get("base") != _digest(current):
                    messages.error(
                        request, "permissions.json changed since you opened it; review the new diff."
                    )
                    step = "review"
                else:
                    try:
                        save_permissions(
                            project=project, perms=parse_permissions_text(text), actor=request.user
                        )
                    except DomainError as exc:
                        messages.error(request, str(exc))
                        step = "review"
                    else:
                        messages.success(request, f"Saved permissions.json of {project.name}.")
                        return redirect(reverse("admin:console-permissions", args=[project.id]))
            else:
                step = "review"
    return render(
        request,
        "console/permissions.html",
        _base_context(
            request,
            f"permissions.json · {project.name}",
            project=project,
            text=text,
            base=_digest(current),
            issues=issues,
            policy=state,
            has_errors=any(i.severity == "error" for i in issues),
            diff=diff,
            step=step,
            can_edit=can_edit,
            section="projects",
        ),
    )


def _digest(text: str) -> str:
    """What the editor was opened on, so a save over someone else's change is caught (not their text:
    form posts rewrite newlines)."""
    return hashlib.sha256(text.encode()).hexdigest()


def _render(text: str) -> str:
    return render_permissions(parse_permissions_text(text))


RANGES = {"7": 7, "14": 14, "30": 30}


def stats(request, project_id):
    """R10.2 — human vs policy approvals per day, and the rules that auto-approved the rest."""
    project = _project_or_404(request, project_id)
    days = RANGES.get(request.GET.get("days", "14"), 14)
    today = timezone.localdate()
    start = timezone.make_aware(datetime.combine(today - timedelta(days=days - 1), time.min))
    buckets = per_day(project, start, days)
    total = approval_stats(project, start, None)  # the API's numbers; the series is checked against them
    top = sorted(total["policy_approvals_by_reason"].items(), key=lambda kv: -kv[1])[:8]
    top_rules = [{"reason": r, "sentence": sentence(r), "count": n} for r, n in top]
    return render(
        request,
        "console/stats.html",
        _base_context(
            request,
            f"Approval statistics · {project.name}",
            project=project,
            days=days,
            ranges=list(RANGES),
            total=total,
            top_rules=top_rules,
            chart=_chart(buckets),
            buckets=buckets,
            section="projects",
        ),
    )


def _chart(buckets: list[dict]) -> dict:
    """Geometry for a grouped bar chart drawn as inline SVG (no JS, no CDN)."""
    width, height, pad_l, pad_b, pad_t = 760, 220, 36, 28, 12
    peak = max([1] + [max(b["human"], b["policy"]) for b in buckets])
    plot_h = height - pad_b - pad_t
    slot = (width - pad_l) / max(1, len(buckets))
    bar = max(3.0, slot * 0.34)
    bars = []
    for i, b in enumerate(buckets):
        x = pad_l + i * slot + slot * 0.14
        for j, key in enumerate(("human", "policy")):
            h = plot_h * b[key] / peak
            bars.append(
                {
                    "x": round(x + j * bar, 1),
                    "y": round(pad_t + plot_h - h, 1),
                    "w": round(bar, 1),
                    "h": round(h, 1),
                    "kind": key,
                    "title": f"{b['day']:%b %d}: {b[key]} {key}",
                }
            )
    labels = [
        {"x": round(pad_l + i * slot + slot / 2, 1), "text": f"{b['day']:%d %b}"}
        for i, b in enumerate(buckets)
        if len(buckets) <= 14 or i % 3 == 0
    ]
    values = sorted({0, peak // 2, peak}) if peak > 4 else list(range(peak + 1))
    ticks = [{"y": round(pad_t + plot_h - plot_h * v / peak, 1), "value": v} for v in values]
    return {
        "width": width,
        "height": height,
        "bars": bars,
        "labels": labels,
        "ticks": ticks,
        "base": pad_t + plot_h,
        "pad_l": pad_l,
    }


# -- containers (R2.3: stop/remove are proposed by a person) ---------------------------------------------


def containers(request):
    roles = _roles(request.user)
    items = []
    # The container row comes through the project's reverse relation (containers sits above actions).
    for project in visible_projects(request.user).select_related("workspace", "container").order_by("name"):
        items.append(
            {
                "project": project,
                "can_act": role_at_least(roles.get(project.workspace_id), MAINTAINER),
                "container": getattr(project, "container", None),
            }
        )
    return render(
        request,
        "console/containers.html",
        _base_context(request, "Containers", items=items, section="containers"),
    )


@require_POST
def container_propose(request, project_id, kind):
    project = _project_or_404(request, project_id)
    back = reverse("admin:console-containers")
    action_type = {"stop": "container_stop", "remove": "container_remove"}.get(kind)
    if action_type is None:
        raise Http404("unknown container action")
    try:
        decision = services.propose_action(
            project=project, action_type=action_type, payload={}, user=request.user
        )
    except DomainError as exc:
        messages.error(request, f"Not proposed: {exc}")
        return redirect(back)
    action = decision.action
    verdict = {
        "pending": "waiting for a decision in the queue",
        "auto_approved": "auto-approved and sent to execution",
        "denied": f"denied — {sentence(action.reason, action.scope_root)}",
    }.get(action.status, action.status)
    messages.success(request, f"Proposed {action_type} for {project.name}: {verdict}.")
    return redirect(back)
