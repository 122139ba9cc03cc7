"""The page an e-mail's decision link opens. GET shows the action's card and a confirm button and
changes nothing (mail scanners open links); the confirm is a POST with CSRF by the member the link was sent
to. The rules live in ``actions.email_links`` and the console's own transitions."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse

from actions import email_links, slack
from actions.channel_models import DECIDE_APPROVE
from brabo.errors import DomainError, entry, next_step_of, reason_for, status_of
from permissions.messages import sentence

from .views import OUTCOME_TEXT, Row, _base_context, _roles


def _page(request, *, opened, status=200, decided=None, error=None):
    link = opened.link
    ctx: dict = {"problem": None, "link": None, "decided": decided, "error": None}
    if opened.problem:
        found = entry(opened.problem)
        ctx["problem"] = {"code": found.code, "title": found.message, "step": found.next_step}
    if error is not None:  # the transition refused the confirm: its words, the catalogue's next step and code
        code = reason_for(error.status, error.reason) or "conflict"
        ctx["error"] = {"code": code, "text": str(error), "step": next_step_of(code)}
    if link is not None and opened.problem not in email_links.HIDDEN:
        action = link.action
        row = Row(action, _roles(request.user).get(action.project.workspace_id), request.user)
        ctx.update(
            link=link,
            row=row,
            approving=slack.what_approving_does(action),
            whole=email_links.reviewable(action).text,
            why=sentence(action.reason, action.scope_root),
            is_approve=link.decision == DECIDE_APPROVE,
            action_url=reverse("admin:console-action", args=[action.id]),
        )
    title = ctx["problem"]["title"] if ctx["problem"] else "Confirm your decision"
    return render(
        request, "console/email_decision.html", _base_context(request, title, **ctx, section="queue"),
        status=status,
    )  # fmt: skip


def email_decision(request, token):
    if request.method == "POST":
        try:
            opened, decision = email_links.confirm(token, request.user, reason=request.POST.get("reason", ""))
        except DomainError as exc:
            opened = email_links.open_link(token, request.user)
            if opened.problem in email_links.HIDDEN:
                return _page(request, opened=opened, status=_status(opened.problem))
            opened.problem = None
            return _page(request, opened=opened, status=exc.status, error=exc)
        if decision is None:
            return _page(request, opened=opened, status=_status(opened.problem))
        text = OUTCOME_TEXT.get(decision.outcome, decision.outcome)
        opened.problem = None
        return _page(request, opened=opened, decided=text)
    opened = email_links.open_link(token, request.user)
    return _page(request, opened=opened, status=_status(opened.problem))


def _status(problem: str | None) -> int:
    return status_of(problem) if problem else 200
