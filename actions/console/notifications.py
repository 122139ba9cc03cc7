"""Console page for notifications: a workspace's webhooks and their delivery log (owners and
maintainers), and each person's subscriptions per project. Changes call ``actions.notifications``."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from actions import notifications, slack
from actions.channel_models import SlackInstallation
from actions.notification_models import FORMATS, KIND_LABELS, KINDS, WebhookDelivery, WebhookEndpoint
from projects.access import visible_projects
from projects.models import Workspace
from projects.services import DomainError

from .views import _base_context, _roles

LOG_ROWS = 50


WAITING_FOR_SLACK = "waiting for Slack to confirm the team"  # what slack.configure writes on a new claim


def slack_claim(installation: SlackInstallation | None) -> dict | None:
    """Whether Slack confirmed the installation's team claim (its bot token belongs to that team, and no other
    workspace proved it first) -- only then does a click in Slack decide anything -- and, when not, why not
    and whether Brabo asks Slack again (``slack.verify``)."""
    if installation is None:
        return None
    if installation.verified_at is not None:
        return {"state": "confirmed", "when": installation.verified_at}
    why = installation.verify_error or WAITING_FOR_SLACK
    if installation.verify_again:
        return {"state": "waiting", "why": why, "asking": why == WAITING_FOR_SLACK}
    return {"state": "refused", "why": why}


def page(request, new_secret=None):
    roles = _roles(request.user)
    cards = []
    for ws in Workspace.objects.filter(id__in=list(roles)).order_by("name", "id"):
        manage = notifications.may_configure(request.user, ws)
        card = {"ws": ws, "role": roles[ws.id], "manage": manage, "endpoints": [], "deliveries": []}
        # the workspace's Slack app (the owner sets it) and this person's linked Slack account
        card["slack"] = SlackInstallation.objects.filter(workspace=ws).first()
        card["slack_claim"] = slack_claim(card["slack"])
        card["slack_user"] = slack.linked_slack_user(request.user, ws)
        if manage:
            card["endpoints"] = list(WebhookEndpoint.objects.filter(workspace=ws).order_by("-active", "name"))
            card["deliveries"] = list(
                WebhookDelivery.objects.filter(endpoint__workspace=ws)
                .select_related("endpoint")
                .order_by("-created_at")[:LOG_ROWS]
            )
        cards.append(card)
    projects = []
    for project in visible_projects(request.user).select_related("workspace").order_by("name"):
        role = roles.get(project.workspace_id)
        chosen = notifications.subscribed_kinds(request.user, project, role)
        allowed = notifications.kinds_for_role(role)  # a developer is not offered budgets
        projects.append({"project": project, "kinds": [(k, KIND_LABELS[k], k in chosen) for k in allowed]})
    return render(
        request,
        "console/notifications.html",
        _base_context(
            request,
            "Notifications",
            cards=cards,
            projects=projects,
            kinds=[(k, KIND_LABELS[k]) for k in KINDS],
            formats=FORMATS,
            new_secret=new_secret,
            has_email=bool(request.user.email),
            section="notifications",
        ),
    )


def _back():
    return redirect(reverse("admin:console-notifications"))


@require_POST
def webhook_create(request, workspace_id):
    ws = Workspace.objects.filter(pk=workspace_id, memberships__user=request.user).first()
    if ws is None:
        raise Http404
    try:
        endpoint, secret = notifications.create_endpoint(
            actor=request.user,
            workspace=ws,
            name=request.POST.get("name", ""),
            url=request.POST.get("url", ""),
            format=request.POST.get("format", "generic"),
            kinds=request.POST.getlist("kinds"),
        )
    except DomainError as exc:
        messages.error(request, str(exc))
        return _back()
    return page(request, new_secret={"name": endpoint.name, "secret": secret})


def _endpoint_or_404(request, endpoint_id) -> WebhookEndpoint:
    endpoint = (
        WebhookEndpoint.objects.select_related("workspace")
        .filter(pk=endpoint_id, workspace__memberships__user=request.user)
        .first()
    )
    if endpoint is None:
        raise Http404
    return endpoint


def _change(request, endpoint_id, fn, success: str, **kwargs):
    endpoint = _endpoint_or_404(request, endpoint_id)
    try:
        result = fn(actor=request.user, endpoint=endpoint, **kwargs)
    except DomainError as exc:
        messages.error(request, str(exc))
        return None
    messages.success(request, success.format(name=endpoint.name))
    return result if result is not None else True


@require_POST
def webhook_disable(request, endpoint_id):
    _change(
        request,
        endpoint_id,
        notifications.disable_endpoint,
        "Webhook {name} disabled: it sends nothing more.",
    )
    return _back()


@require_POST
def webhook_enable(request, endpoint_id):
    _change(
        request,
        endpoint_id,
        notifications.set_endpoint_active,
        "Webhook {name} enabled: it sends new events again.",
        active=True,
    )
    return _back()


@require_POST
def webhook_update(request, endpoint_id):
    _change(
        request,
        endpoint_id,
        notifications.update_endpoint,
        "Webhook {name} saved.",
        name=request.POST.get("name"),
        url=request.POST.get("url"),
        format=request.POST.get("format"),
        kinds=request.POST.getlist("kinds"),  # the form always sends its boxes: none ticked is an error
    )
    return _back()


@require_POST
def webhook_delete(request, endpoint_id):
    _change(
        request, endpoint_id, notifications.delete_endpoint, "Webhook {name} deleted with its delivery log."
    )
    return _back()


@require_POST
def webhook_rotate(request, endpoint_id):
    made = _change(
        request,
        endpoint_id,
        notifications.rotate_endpoint_secret,
        "Webhook {name} has a new signing secret; give it to the receiver now.",
    )
    if not made:
        return _back()
    endpoint, secret = made
    return page(request, new_secret={"name": endpoint.name, "secret": secret})


@require_POST
def subscription_save(request, project_id):
    project = visible_projects(request.user).filter(pk=project_id).first()
    if project is None:
        raise Http404
    try:
        notifications.set_subscription(
            user=request.user, project=project, kinds=request.POST.getlist("kinds")
        )
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Notifications for {project.name} saved.")
    return _back()


# -- Slack ---------------------------------------------------------------------------------------------------


def _workspace(request, workspace_id) -> Workspace:
    ws = Workspace.objects.filter(pk=workspace_id, memberships__user=request.user).first()
    if ws is None:
        raise Http404
    return ws


@require_POST
def slack_configure(request, workspace_id):
    ws = _workspace(request, workspace_id)
    try:
        slack.configure(
            actor=request.user,
            workspace=ws,
            team_id=request.POST.get("team_id", ""),
            channel=request.POST.get("channel", ""),
            bot_token=request.POST.get("bot_token", ""),
            signing_secret=request.POST.get("signing_secret", ""),
        )
    except DomainError as exc:
        messages.error(request, str(exc))
        return _back()
    messages.success(request, f"Slack is set for {ws.name}: pending actions are posted to its channel.")
    return _back()


@require_POST
def slack_link(request, workspace_id):
    ws = _workspace(request, workspace_id)
    try:
        slack.start_link(
            actor=request.user, workspace=ws, slack_user_id=request.POST.get("slack_user_id", "")
        )
    except DomainError as exc:
        messages.error(request, str(exc))
        return _back()
    messages.success(
        request,
        "Brabo sent your Slack account a direct message: press its button within 15 minutes to link it.",
    )
    return _back()


@require_POST
def slack_unlink(request, workspace_id):
    ws = _workspace(request, workspace_id)
    try:
        slack.unlink(actor=request.user, workspace=ws)
    except DomainError as exc:
        messages.error(request, str(exc))
        return _back()
    messages.success(request, "Your Slack account is unlinked: its clicks decide nothing any more.")
    return _back()


@require_POST
def slack_remove(request, workspace_id):
    ws = _workspace(request, workspace_id)
    try:
        slack.remove(actor=request.user, workspace=ws)
    except DomainError as exc:
        messages.error(request, str(exc))
        return _back()
    messages.success(
        request, f"Slack is disconnected from {ws.name}; its messages' buttons decide nothing now."
    )
    return _back()
