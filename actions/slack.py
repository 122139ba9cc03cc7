"""Slack approvals: a pending action's message in the workspace's channel, with Approve / Deny /
Always allow buttons, and the clicks that come back.

Posting goes the notifications' way: ``notifications.process`` (the worker's ``actions.notify_event``) hands
a pending action's event to :func:`fanout`, which writes one ``SlackMessage`` outbox row per installation;
the task ``actions.slack_post`` posts it with ``chat.postMessage`` (retried as webhook deliveries are,
:mod:`actions.outbox`; swept when its message was lost). A decision — from Slack or the console — updates the message (``chat.update``,
task ``actions.slack_refresh``). No Slack call is ever made on a request thread.

A click arrives at :func:`handle_interaction` (``POST /integrations/slack/interactivity``): Slack's v0
signature over ``v0:{timestamp}:{body}`` with the installation's signing secret, a timestamp within
``BRABO_SLACK_MAX_SKEW`` seconds, and a click not seen before (``SlackInteraction``: a replay inside the
window is refused too). The Slack user must be linked to a member (:func:`start_link` — the member asks in
the console; Brabo sends that Slack account a direct message whose button only that account can press, and
the signed click links them). The decision is then the console's own transition (``services.approve_action``,
``deny_action``, ``approve_always`` with ``channel="slack"``): the same role and two-person checks, and the
events name the linked member as the actor. Fail closed: an unknown team, a bad signature, an unlinked user
or anything unreadable decides nothing. Every refusal names its catalogue code (``brabo.errors``): the
endpoint's as the API's ``{detail, reason}``, a click's in the answer the clicker reads (:func:`refusal`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
import uuid
from datetime import timedelta
from urllib.parse import parse_qs

from celery import shared_task
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from brabo.errors import DomainError, ErrorCode, entry, reason_for, status_of
from permissions.action_types import ALWAYS_ALLOW_REFUSED, MAINTAINER, OWNER, QUESTION_TYPES
from permissions.messages import sentence
from projects.access import membership
from projects.crypto import SecretUnreadable, decrypt, encrypt
from projects.services import require_workspace_role
from projects.team_events import (
    SLACK_CONFIGURED,
    SLACK_LINK_REQUESTED,
    SLACK_LINKED,
    SLACK_REMOVED,
    SLACK_UNLINKED,
)
from projects.team_events import record as record_team_event

from . import inprocess, notifications, outbox, quorum, services, shown
from .budgets import BUDGET_REASONS
from .channel_models import (
    POST_FAILED,
    POST_PENDING,
    POST_POSTED,
    SlackInstallation,
    SlackInteraction,
    SlackLinkRequest,
    SlackMemberLink,
    SlackMessage,
)
from .models import PENDING, ProposedAction

log = logging.getLogger(__name__)

APPROVE = "brabo_approve"
DENY = "brabo_deny"
ALWAYS = "brabo_always"
LINK_CONFIRM = "brabo_link_confirm"
BUTTONS = (APPROVE, DENY, ALWAYS)
LINK_TTL = timedelta(minutes=15)
MAX_BODY = 64 * 1024  # an interactivity request is a few kilobytes
REVIEW_CHARS = 2900  # the action's text in one plain_text section (Slack takes 3,000 characters a text)
TOO_LONG = (
    "This action is too long to review in Slack (it is cut above): open it in the console to read it all "
    "and decide there. Deny works here."
)
_TEAM = re.compile(r"^[TE][A-Z0-9]{2,30}$")
# Slack's headers as Slack writes them: epoch seconds in ASCII digits, and v0= with a lowercase SHA-256 hex.
# Anything else (digits of another script, a sign, a fraction, 5,000 digits) is no Slack request.
_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")
_USER = re.compile(r"^[UW][A-Z0-9]{2,30}$")
_CHANNEL = re.compile(r"^#?[A-Za-z0-9_.-]{1,80}$")


class Refused(Exception):
    """The interactivity endpoint's refusal (nothing was decided): a catalogue ``reason``, its HTTP status (the
    catalogue's unless given) and what was wrong. ``detail``: what the operator's log says when it is more
    than the caller may learn (the message)."""

    def __init__(self, message: str, *, reason: ErrorCode, status: int | None = None, detail: str = ""):
        super().__init__(message)
        self.reason = reason
        self.status = status if status is not None else status_of(reason)
        self.detail = detail or message


# An unverified request is refused alike whether or not its team is connected: a caller without the
# signing secret learns nothing of which Slack workspaces this Brabo serves.
NOT_VERIFIED = "the signature does not verify"


# -- the Web API (slack_sdk, its base URL from settings) -----------------------------------------------------


def _client(installation: SlackInstallation):
    from slack_sdk import WebClient

    return WebClient(
        token=decrypt(installation.bot_token_encrypted),
        base_url=settings.BRABO_SLACK_API_URL,
        timeout=settings.BRABO_SLACK_TIMEOUT,
    )


def _call(installation: SlackInstallation, method: str, **kwargs) -> tuple[dict | None, str, bool]:
    """(Slack's answer, error, retry?) of one Web API call (``chat_postMessage``, ``chat_update``)."""
    from slack_sdk.errors import SlackApiError, SlackRequestError

    try:
        return dict(getattr(_client(installation), method)(**kwargs).data), "", False
    except SlackApiError as exc:
        error = str((exc.response.data or {}).get("error") or "unknown_error")
        retry = exc.response.status_code == 429 or exc.response.status_code >= 500 or error == "ratelimited"
        return None, f"Slack answered {error}", retry
    except (SlackRequestError, OSError) as exc:
        return None, f"{type(exc).__name__}: Slack could not be reached", True
    except SecretUnreadable as exc:
        # the operator's key configuration, not Slack: retried, so a key put back in time still posts
        return None, str(exc), True


# -- what a message says (the console's sentences) ----------------------------------------------------------


def _esc(text: str) -> str:
    """Slack's three control characters, escaped as its formatting documents."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def what_approving_does(action: ProposedAction) -> str:
    """The sentence before the action's own text: what a click of Approve does, in Brabo's words only. The
    agent's text (the command, the call, the file) follows it as plain text (``shown.reviewable``), never
    inside a sentence or a code span it could break out of."""
    end = ":" if reviewable(action).text else "."
    if action.action_type == "terminal":
        if action.payload.get("runs_in") == "agent":
            return f"Approving lets the agent run this command on its own machine, once, when it retries{end}"
        return f"Approving runs this command{end}"
    if action.action_type == "mcp_call":  # the agent makes the call itself
        return f"Approving lets the agent make this call on its own machine, once, when it retries{end}"
    return f"Approving carries out this {action.action_type}{end}"


def reviewable(action: ProposedAction) -> shown.Shown:
    """The whole action as the message shows it; not ``complete`` when Slack cannot show it all."""
    return shown.reviewable(action, REVIEW_CHARS)


def _plain(text: str) -> dict:
    """A section of plain text: Slack parses no markup, mention, link or emoji code in it."""
    return {"type": "section", "text": {"type": "plain_text", "text": text or "(empty)", "emoji": False}}


def button_value(action: ProposedAction) -> str:
    """A decision button's value: the action and the payload the message showed (a click binds to it)."""
    return f"{action.id}:{shown.shown_hash(action.payload)}"


def _who_proposed(action: ProposedAction) -> str:
    if action.agent_id and action.agent is not None:
        return f"agent {action.agent.name}"
    user = action.proposed_by_user
    return user.get_username() if user is not None else "someone"


def _always_text(action: ProposedAction) -> str | None:
    """What Always allow would write, or None when Slack does not offer it (a two-person rule, a refused
    type, or a grant of every action of the type — the console asks before that one, R7.4)."""
    if quorum.requirement(action) is not None:
        return None
    preview = services.preview_always(action)
    if preview.get("refused") or preview.get("autonomy_row"):
        return None
    if preview.get("external"):
        return (
            "Always allow approves this instance only: it has an external effect, so no pattern is written."
        )
    return "Always allow also writes " + ", ".join(shown.visible(p) for p in preview["patterns"]) + "."


def outcome_line(action: ProposedAction) -> str:
    """The line that replaces the buttons once the action is decided (or while it collects approvals)."""
    action.refresh_from_db()
    events = {e.type: e for e in action.events.order_by("id")}
    if action.status == PENDING:
        view = quorum.approvals_view(action)
        if view and view.get("count"):
            who = ", ".join(view["approvers"])
            return f"{view['count']} of {view['required']} approvals ({_esc(who)}); it waits for the others."
        return ""
    if action.status == "denied":
        event = events.get("proposed_action.denied")
        by = event.actor_label if event else "someone"
        via = f" in {event.payload['channel']}" if event and event.payload.get("channel") else ""
        return f":no_entry: Denied by {_esc(by)}{via}: {_esc(notifications.clean(action.denial_reason))}"
    if action.status == "expired":
        return ":hourglass: Expired: nobody decided it in time. The agent was told."
    event = events.get("proposed_action.approved")
    if event is None:
        return f"Decided: {action.status}."
    via = f" in {event.payload['channel']}" if event.payload.get("channel") else ""
    return f":white_check_mark: Approved by {_esc(event.actor_label)}{via}."


def blocks(action: ProposedAction, outcome: str = "") -> tuple[str, list[dict]]:
    """(fallback text, Block Kit blocks) of an action's message; buttons only while it is pending. Every text
    the agent wrote is plain text (``shown.visible``); mrkdwn carries Brabo's own words and link only. A
    message that cannot show the whole action offers no Approve (nor Always allow): the console decides."""
    project = shown.visible(action.project.name)
    head = f"[{project}] {shown.visible(_who_proposed(action))} asks to run a {action.action_type} action."
    why = sentence(action.reason, action.scope_root)
    if action.reason in BUDGET_REASONS:
        why = action.message  # the budget's sentence carries its figures, as the console shows it
    question = action.action_type in QUESTION_TYPES
    whole = reviewable(action)
    if question:  # a question is answered in the console (a text), never approved by a button
        lead = "The agent asks (answer it in the console; the answer goes back to the agent):"
    else:
        lead = what_approving_does(action)
    lines = []
    if not whole.complete:
        lines.append(TOO_LONG)
    lines.append(f"Policy: {notifications.clean(why)}")
    req = quorum.requirement(action) if action.status == PENDING else None
    if req is not None:
        lines.append(f"It needs {req.describe()}.")
    always = _always_text(action) if action.status == PENDING and whole.complete else None
    if always and len(always) > REVIEW_CHARS // 2:
        always = None  # a pattern too long to read here is offered in the console only
    if always:
        lines.append(always)
    out: list[dict] = [_plain(f"{head}\n{lead}")]
    if whole.text:
        out.append(_plain(whole.text))
    out.append(_plain("\n".join(lines)))
    link = notifications._console_link(action)
    if link:
        out.append({"type": "section", "text": {"type": "mrkdwn", "text": f"<{link}|Open in the console>"}})
    if outcome:
        out.append({"type": "context", "elements": [{"type": "mrkdwn", "text": outcome}]})
    if action.status == PENDING:
        value = button_value(action)
        buttons = [
            {"type": "button", "action_id": DENY, "style": "danger", "value": value,
             "text": {"type": "plain_text", "text": "Deny"}},
        ]  # fmt: skip
        if whole.complete and not question:
            buttons.insert(0, {"type": "button", "action_id": APPROVE, "style": "primary", "value": value,
                               "text": {"type": "plain_text", "text": "Approve"}})  # fmt: skip
        if always:
            buttons.append(
                {"type": "button", "action_id": ALWAYS, "value": value,
                 "text": {"type": "plain_text", "text": "Always allow"}}
            )  # fmt: skip
        out.append({"type": "actions", "block_id": "brabo_decide", "elements": buttons})
    # Slack notifies with the fallback and parses it as mrkdwn: Brabo's words only, no agent text
    fallback = f"[{_esc(action.project.name)}] waiting for approval: a {action.action_type} action"
    if outcome:
        fallback += f" — {outcome}"
    return fallback, out


# -- configuration and linking (console) --------------------------------------------------------------------


def _require_configurer(actor, workspace, minimum: str = MAINTAINER) -> None:
    m = require_workspace_role(actor, workspace.id, minimum, "Configuring Slack")
    if m.restricted:
        raise DomainError(
            "Slack hears of every project of the workspace; a member restricted to some projects cannot "
            "configure it. Ask the owner.",
            status=403,
            reason="restricted_member",
        )


def _invalid(message: str, field: str) -> DomainError:
    return DomainError(message, field=field, status=400, reason="invalid")


@transaction.atomic(durable=True)
def configure(*, actor, workspace, team_id: str, channel: str, bot_token: str = "", signing_secret: str = ""):
    """Set the workspace's Slack app. The bot token and signing secret are stored encrypted and never shown
    again; leaving one empty keeps the stored one (a first configuration needs both). The owner's: whoever
    knows the signing secret signs a click as any linked member, the owner included, and could so decide
    what only the owner decides or be every approver a two-person rule needs."""
    _require_configurer(actor, workspace, OWNER)
    team_id, channel = (team_id or "").strip(), (channel or "").strip()
    bot_token, signing_secret = (bot_token or "").strip(), (signing_secret or "").strip()
    if not _TEAM.match(team_id):
        raise _invalid("the Slack team id is the T… id of your Slack workspace (e.g. T0123ABCD).", "team_id")
    if not _CHANNEL.match(channel):
        raise _invalid("name the channel by its id (C0123ABCD) or #name.", "channel")
    if bot_token and not bot_token.startswith("xoxb-"):
        raise _invalid("the bot token is the app's Bot User OAuth Token; it starts with xoxb-.", "bot_token")
    if signing_secret and not re.fullmatch(r"[A-Za-z0-9]{16,128}", signing_secret):
        raise _invalid(
            "the signing secret is the app's Signing Secret (Basic Information).", "signing_secret"
        )
    # only a claim Slack vouched for (verify) keeps others from naming the team: whoever types a team id
    # first does not own it
    if _proven(team_id).exclude(workspace=workspace).exists():
        raise DomainError(
            "this Slack workspace is already connected to another Brabo workspace (Slack vouched for its "
            "bot token).",
            field="team_id",
            status=409,
            reason="slack_team_taken",
        )
    current = SlackInstallation.objects.select_for_update().filter(workspace=workspace).first()
    if current is None and not (bot_token and signing_secret):
        raise _invalid("give both the bot token and the signing secret.", "bot_token")
    installation = current or SlackInstallation(workspace=workspace, created_by=actor)
    wanted = {"team_id": team_id, "channel": channel}
    changed = [f for f, v in wanted.items() if getattr(installation, f) != v]
    other_team = current is not None and current.team_id != team_id
    installation.team_id, installation.channel, installation.active = team_id, channel, True
    if bot_token:
        installation.bot_token_encrypted = encrypt(bot_token)
        changed.append("bot_token")
    if current is None or "team_id" in changed or bot_token:  # a new claim: Slack vouches for it again
        installation.verified_at, installation.verify_error = None, "waiting for Slack to confirm the team"
        installation.verify_again = True
    if signing_secret:
        installation.signing_secret_encrypted = encrypt(signing_secret)
        changed.append("signing_secret")
    installation.save()
    if other_team:
        installation.links.all().delete()  # another Slack workspace: its users are other people
    record_team_event(
        workspace.id,
        SLACK_CONFIGURED,
        actor=actor,
        payload={"teamId": team_id, "channel": channel, "changed": changed},
    )
    if installation.verified_at is None:
        transaction.on_commit(lambda: _enqueue(slack_verify, str(installation.id)))
    return installation


def _proven(team_id: str):
    return SlackInstallation.objects.filter(team_id=team_id, verified_at__isnull=False)


def verify(installation_id) -> bool:
    """Ask Slack which team the installation's bot token belongs to (``auth.test``, in the worker): the claim
    is proven when it is the team the owner named and no other workspace proved it first. A signature proves
    nothing of the team -- the claimant chose the signing secret -- so until then no click is routed to it."""
    installation = SlackInstallation.objects.filter(id=installation_id, active=True).first()
    if installation is None or installation.verified_at is not None:
        return False
    answer, error, retry = _call(installation, "auth_test")
    team = str((answer or {}).get("team_id") or "")
    enterprise = str((answer or {}).get("enterprise_id") or "")
    if answer is not None and installation.team_id not in (team, enterprise):
        error = f"the bot token belongs to Slack team {team[:40]}, not {installation.team_id}"
    elif answer is not None and _proven(installation.team_id).exclude(pk=installation.pk).exists():
        error = "another Brabo workspace connected this Slack team first"
    # only a Slack that could not be reached is asked again; its answer stands until the owner saves again
    fields = {"verify_error": notifications.clean(error, 300), "verify_again": answer is None and retry}
    if not error:
        fields["verified_at"] = timezone.now()
    try:
        with transaction.atomic():
            SlackInstallation.objects.filter(pk=installation.pk, verified_at__isnull=True).update(**fields)
    except IntegrityError:  # proven by another workspace at the same moment
        SlackInstallation.objects.filter(pk=installation.pk).update(
            verify_error="another Brabo workspace connected this Slack team first"
        )
        return False
    return not error


@transaction.atomic(durable=True)
def remove(*, actor, workspace) -> None:
    _require_configurer(actor, workspace)
    deleted, _ = SlackInstallation.objects.filter(workspace=workspace).delete()
    if deleted:
        record_team_event(workspace.id, SLACK_REMOVED, actor=actor, payload={})


def _installation(workspace) -> SlackInstallation:
    installation = SlackInstallation.objects.filter(workspace=workspace, active=True).first()
    if installation is None:
        raise DomainError(
            "this workspace has no Slack app yet; a maintainer sets it up on the Notifications page.",
            status=409,
            reason="slack_not_configured",
        )
    return installation


@transaction.atomic(durable=True)
def start_link(*, actor, workspace, slack_user_id: str) -> SlackLinkRequest:
    """A member asks to link their Slack account: a direct message with a Confirm button goes to that
    account (through the worker); only a click from that account, signed by Slack, makes the link."""
    require_workspace_role(actor, workspace.id, None, "Linking a Slack account")
    installation = _installation(workspace)
    slack_user_id = (slack_user_id or "").strip()
    if not _USER.match(slack_user_id):
        raise _invalid(
            "your Slack member id starts with U or W (in Slack: your profile → ⋮ → Copy member ID).",
            "slack_user_id",
        )
    taken = SlackMemberLink.objects.filter(installation=installation, slack_user_id=slack_user_id)
    if taken.exclude(user=actor).exists():
        raise DomainError(
            "this Slack account is linked to another member; they unlink it first.",
            field="slack_user_id",
            status=409,
            reason="slack_user_taken",
        )
    request = SlackLinkRequest.objects.create(
        installation=installation,
        user=actor,
        slack_user_id=slack_user_id,
        expires_at=timezone.now() + LINK_TTL,
    )
    record_team_event(workspace.id, SLACK_LINK_REQUESTED, actor=actor, payload={"slackUserId": slack_user_id})
    transaction.on_commit(lambda: _enqueue(slack_link_dm, str(request.id)))
    return request


@transaction.atomic(durable=True)
def unlink(*, actor, workspace) -> bool:
    require_workspace_role(actor, workspace.id, None, "Unlinking a Slack account")
    deleted, _ = SlackMemberLink.objects.filter(installation__workspace=workspace, user=actor).delete()
    if deleted:
        record_team_event(workspace.id, SLACK_UNLINKED, actor=actor, payload={})
    return bool(deleted)


def linked_slack_user(user, workspace) -> str:
    link = SlackMemberLink.objects.filter(installation__workspace=workspace, user=user).first()
    return link.slack_user_id if link else ""


def send_link_dm(request_id) -> None:
    request = (
        SlackLinkRequest.objects.select_related("installation__workspace", "user")
        .filter(id=request_id, status=POST_PENDING, used_at__isnull=True)
        .first()
    )
    if request is None or request.expires_at <= timezone.now():
        return
    who = request.user.get_username()
    text = (
        f"Brabo member *{_esc(who)}* of workspace *{_esc(request.installation.workspace.name)}* asks to "
        "link this Slack account, so that your clicks on approval messages decide as them. "
        "Confirm only if that is you; the request expires in 15 minutes."
    )
    blocks_ = [
        {"type": "section", "text": {"type": "mrkdwn", "text": text}},
        {"type": "actions", "block_id": "brabo_link", "elements": [
            {"type": "button", "action_id": LINK_CONFIRM, "style": "primary", "value": str(request.id),
             "text": {"type": "plain_text", "text": f"Yes, I am {who}"}},
        ]},
    ]  # fmt: skip
    answer, error, _ = _call(
        request.installation,
        "chat_postMessage",
        channel=request.slack_user_id,
        text=f"Link this Slack account to Brabo member {who}?",
        blocks=blocks_,
    )
    request.attempts += 1
    request.status = POST_POSTED if answer else POST_FAILED
    request.last_error = notifications.clean(error, 300)
    request.save(update_fields=["attempts", "status", "last_error"])


# -- the outbox: posting and updating ----------------------------------------------------------------------


def _enqueue(task, *args, countdown: float = 0) -> None:
    """Hand a Slack task to the worker; never raises (the sweep sends what could not be sent). Without a
    broker, in a serving process, the in-process worker runs it on its own thread (never a request's)."""
    try:
        if not countdown and inprocess.take(task, args):
            return
        task.apply_async(args, countdown=countdown)
    except Exception as exc:
        log.warning("could not enqueue %s%s (%s); the sweep sends it", task.name, args, exc)


def fanout(event, kind: str) -> int:
    """``notifications.process``'s Slack channel: a pending action's message (one per installation) is
    written to the outbox and handed to the worker; a decision or expiry updates the posted messages."""
    action = event.action
    if action is None:
        return 0
    if kind == notifications.KIND_PENDING:
        made = 0
        for installation in SlackInstallation.objects.filter(
            workspace_id=event.project.workspace_id, active=True
        ):
            message, created = SlackMessage.objects.get_or_create(
                installation=installation, action=action, defaults={"next_attempt_at": timezone.now()}
            )
            if created:
                made += 1
                _enqueue(slack_post, str(message.id))
        return made
    if kind in (notifications.KIND_DECIDED, notifications.KIND_EXPIRED):
        if SlackMessage.objects.filter(action=action).exists():
            _enqueue(slack_refresh, str(action.id))
    return 0


def post(message_id, *, now=None) -> float | None:
    """One chat.postMessage attempt of a due outbox row. Returns seconds until a retry, else None."""
    now = now or timezone.now()
    with transaction.atomic():
        related = ("installation", "action__project__workspace", "action__agent")
        message, wait = outbox.take_due(SlackMessage, message_id, POST_PENDING, related, now)
        if message is None or wait is not None:
            return wait
        installation = message.installation
        answer, error, retry = None, "the Slack app was disabled", False
        if installation.active:
            action = message.action
            outcome = outcome_line(action) if action.status != PENDING else ""
            text, body = blocks(action, outcome)
            answer, error, retry = _call(
                installation, "chat_postMessage", channel=installation.channel, text=text, blocks=body
            )
        message.last_error = notifications.clean(error, 300)
        if answer is not None:
            message.status, message.posted_at, message.next_attempt_at = POST_POSTED, timezone.now(), None
            message.channel, message.ts = str(answer.get("channel", "")), str(answer.get("ts", ""))
        else:
            outbox.after_failure(message, now=now, retry=retry, failed=POST_FAILED)
        message.save()
    if message.status == POST_POSTED and message.action.status != PENDING:
        _enqueue(slack_refresh, str(message.action_id))  # decided while the post was on its way
    return outbox.retry_in(message, now=now, pending=POST_PENDING)


def refresh(action_id) -> int:
    """chat.update of every posted message of an action with its outcome (buttons gone once it is settled).
    Returns how many were updated."""
    updated = 0
    for message in SlackMessage.objects.filter(action_id=action_id, status=POST_POSTED).select_related(
        "installation", "action__project__workspace", "action__agent"
    ):
        outcome = outcome_line(message.action)
        text, body = blocks(message.action, outcome)
        answer, error, _ = _call(
            message.installation,
            "chat_update",
            channel=message.channel,
            ts=message.ts,
            text=text,
            blocks=body,
        )
        if answer is None:
            log.warning("chat.update of action %s failed: %s", action_id, error)
            continue
        SlackMessage.objects.filter(pk=message.pk).update(updated_at=timezone.now(), shown=outcome[:300])
        updated += 1
    return updated


def respond(response_url: str, text: str) -> bool:
    """An ephemeral answer to the clicker (Slack's response_url), only to Slack's own host."""
    from slack_sdk.webhook import WebhookClient

    if not response_url.startswith(settings.BRABO_SLACK_RESPONSE_URL_PREFIX):
        log.warning("a response_url outside %s was not called", settings.BRABO_SLACK_RESPONSE_URL_PREFIX)
        return False
    try:
        answer = WebhookClient(response_url, timeout=settings.BRABO_SLACK_TIMEOUT).send(
            text=text, response_type="ephemeral", replace_original=False
        )
    except OSError as exc:
        log.warning("response_url could not be reached (%s)", type(exc).__name__)
        return False
    return answer.status_code == 200


def sweep(*, now=None, limit: int = 200) -> int:
    """Periodic (with the notifications' sweep): outbox rows whose post message was lost."""
    now = now or timezone.now()
    due = list(
        SlackMessage.objects.filter(status=POST_PENDING, next_attempt_at__lte=now - notifications.SWEEP_AFTER)
        .order_by("next_attempt_at")
        .values_list("id", flat=True)[:limit]
    )
    for message_id in due:
        _enqueue(slack_post, str(message_id))
    # claims Slack could not vouch for yet (down, a token fixed in Slack since): asked again
    unproven = SlackInstallation.objects.filter(
        active=True, verified_at__isnull=True, verify_again=True
    ).values_list("id", flat=True)
    for installation_id in unproven[:limit]:
        _enqueue(slack_verify, str(installation_id))
    # the replay guard needs a click only while its timestamp is inside the window (later it is refused by
    # the timestamp alone); link requests only until they expire
    window = timedelta(seconds=2 * settings.BRABO_SLACK_MAX_SKEW)
    SlackInteraction.objects.filter(created_at__lt=now - window).delete()
    SlackLinkRequest.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    return len(due)


# -- the clicks (interactivity) ------------------------------------------------------------------------------


def _payload(body: bytes) -> dict:
    """The form's ``payload`` JSON, read before the signature can be checked (it names the team, which finds
    the secret): so read as anyone's, bounded in size and depth."""
    if len(body) > MAX_BODY:
        raise Refused(f"The request is over {MAX_BODY // 1024} KB, more than a click.", reason="too_large")
    try:
        form = parse_qs(body.decode("utf-8"), strict_parsing=True)
        payload = json.loads(form["payload"][0])
    except (UnicodeDecodeError, ValueError, KeyError, IndexError, RecursionError):
        raise Refused(
            "expected Slack's form-encoded `payload` field holding JSON.", reason="invalid"
        ) from None
    if not isinstance(payload, dict):
        raise Refused("the payload is not a JSON object.", reason="invalid")
    return payload


def _check_headers(timestamp: str, signature: str) -> None:
    """The headers' form and the timestamp's window: read before the team is looked up, so their refusal
    is the same for a connected team and an unknown one."""
    if not _TIMESTAMP.fullmatch(timestamp) or not _SIGNATURE.fullmatch(signature):
        raise Refused(
            NOT_VERIFIED,
            reason="slack_signature_invalid",
            detail=f"{NOT_VERIFIED}: X-Slack-Request-Timestamp / X-Slack-Signature missing or not Slack's form",
        )
    skew = settings.BRABO_SLACK_MAX_SKEW
    if abs(time.time() - int(timestamp)) > skew:
        raise Refused(
            f"the request's timestamp is more than {skew} seconds from the server's clock (a replay?).",
            reason="slack_request_stale",
        )


def _verify(installation: SlackInstallation, body: bytes, timestamp: str, signature: str) -> None:
    from slack_sdk.signature import SignatureVerifier

    try:
        secret = decrypt(installation.signing_secret_encrypted)
    except SecretUnreadable:
        raise Refused(
            "the signing secret cannot be read; the operator's keys changed.",
            reason="slack_secret_unreadable",
        ) from None
    if not SignatureVerifier(secret).is_valid(body, timestamp, signature):
        raise Refused(NOT_VERIFIED, reason="slack_signature_invalid")


def _claim_click(installation: SlackInstallation, payload: dict, clicked: dict) -> None:
    trigger = str(payload.get("trigger_id") or "")
    action_ts = str(clicked.get("action_ts") or "")
    if not trigger or not action_ts:
        raise Refused("the click has no trigger_id or action_ts.", reason="invalid")
    user = _field(payload, "user")
    identity = "|".join((installation.team_id, user, trigger, action_ts, str(clicked.get("action_id"))))
    try:
        with transaction.atomic():
            SlackInteraction.objects.create(
                installation=installation, key=hashlib.sha256(identity.encode()).hexdigest()
            )
    except IntegrityError:
        raise Refused("this click was already handled (a replay).", reason="slack_click_replayed") from None


def _field(payload: dict, key: str, inner: str = "id") -> str:
    """``payload[key][inner]`` as text, "" when any level is missing or not what Slack documents."""
    value = payload.get(key)
    return str(value.get(inner) or "") if isinstance(value, dict) else ""


def handle_interaction(body: bytes, timestamp: str, signature: str) -> tuple[int, str]:
    """The interactivity endpoint's work: (HTTP status, reason). Anything refused decides nothing."""
    payload = _payload(body)
    _check_headers(timestamp, signature)
    team = _field(payload, "team")
    installation = _proven(team).filter(active=True).first() if team else None
    if installation is None:  # a claim Slack has not vouched for (verify) is no connection
        detail = f"{NOT_VERIFIED}: no Brabo workspace is connected to Slack team {team[:40]!r} (or Slack has not confirmed it)"
        raise Refused(NOT_VERIFIED, reason="slack_signature_invalid", detail=detail)
    _verify(installation, body, timestamp, signature)
    actions = payload.get("actions")
    if payload.get("type") != "block_actions" or not isinstance(actions, list) or not actions:
        return 200, "ignored: not a button click"
    clicked = actions[0] if isinstance(actions[0], dict) else {}
    _claim_click(installation, payload, clicked)
    slack_user = _field(payload, "user")
    response_url = str(payload.get("response_url") or "")
    kind, value = str(clicked.get("action_id") or ""), str(clicked.get("value") or "")
    if not slack_user:
        raise Refused("the click names no Slack user.", reason="invalid")
    if kind == LINK_CONFIRM:
        text = _confirm_link(installation, slack_user, value)
    elif kind in BUTTONS:
        text = _decide(installation, slack_user, kind, value)
    else:
        return 200, "ignored: not a Brabo button"
    if text and response_url:
        transaction.on_commit(lambda: _enqueue(slack_respond, response_url, text))
    return 200, "handled"


def _confirm_link(installation: SlackInstallation, slack_user: str, request_id: str) -> str:
    with transaction.atomic():
        request = (
            SlackLinkRequest.objects.select_for_update()
            .select_related("user")
            .filter(id=request_id, installation=installation)
            .first()
            if _is_uuid(request_id)
            else None
        )
        if request is None or request.used_at is not None:
            return refusal("slack_link_request_invalid")
        if request.expires_at <= timezone.now():
            return refusal("slack_link_request_expired")
        if request.slack_user_id != slack_user:
            return refusal("slack_link_request_not_yours")
        if membership(request.user, installation.workspace_id) is None or not request.user.is_active:
            return refusal("slack_link_member_left")
        request.used_at = timezone.now()
        request.save(update_fields=["used_at"])
        SlackMemberLink.objects.filter(installation=installation, user=request.user).delete()
        SlackMemberLink.objects.filter(installation=installation, slack_user_id=slack_user).delete()
        SlackMemberLink.objects.create(installation=installation, user=request.user, slack_user_id=slack_user)
        record_team_event(
            installation.workspace_id, SLACK_LINKED, actor=request.user, payload={"slackUserId": slack_user}
        )
    return f"Linked: your clicks on Brabo approval messages now decide as {request.user.get_username()}."


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True


OUTCOME_TEXT = {
    services.OUTCOME_APPROVED: "Approved.",
    services.OUTCOME_ALREADY: "Already approved — nothing changed.",
    services.OUTCOME_DENIED: "Denied.",
    services.OUTCOME_APPROVAL_RECORDED: "Your approval is recorded; it waits for the others.",
    services.OUTCOME_APPROVAL_ALREADY_RECORDED: "You already approved this — your approval counts once.",
}


def refusal(code: ErrorCode, message: str = "", **fields) -> str:
    """What a click that decided nothing tells the clicker: what was wrong (``message``, else the catalogue's
    sentence filled with ``fields``), the catalogue's next step, and the code the API answers for the same
    refusal -- the person, or whoever they ask, can look it up."""
    found = entry(code)
    text = message or found.message.format(**fields)
    if found.next_step.rstrip(".").lower() not in text.lower():  # a transition's sentence may already say it
        text = f"{text} {found.next_step}"
    return f"{text} (reason: {code})"


def _not_done(exc: DomainError) -> str:
    """A transition's refusal (role, two-person rule, state), in the console's words and with its code."""
    code = reason_for(exc.status, exc.reason) or "conflict"
    return refusal(code, f"Not done: {exc}")


def _shown_payload(action: ProposedAction, shown_hash: str, kind: str) -> ErrorCode | None:
    """Why a click may not decide the action as its message showed it (None when it may): the payload changed
    since the message was posted, or Approve on a message that could not show the whole action."""
    if shown_hash != shown.shown_hash(action.payload):
        return "payload_changed_since_shown"
    if kind != DENY and action.status == PENDING and not reviewable(action).complete:
        return "too_long_to_review_here"
    return None


def _always_refused_here(action: ProposedAction) -> bool:
    """Always allow that Slack does not carry out although the console may (a two-person rule, or a grant of
    every action of the type, which the console asks before): a type never allowed always is left to the
    transition, whose refusal is the one SPEC names (``teto_do_sempre_permitir``)."""
    if action.status != PENDING or action.action_type in ALWAYS_ALLOW_REFUSED:
        return False
    return _always_text(action) is None


def _linked_member(installation: SlackInstallation, slack_user: str):
    """(the member a Slack account speaks for, None) or (None, the refusal the clicker reads)."""
    link = (
        SlackMemberLink.objects.select_related("user")
        .filter(installation=installation, slack_user_id=slack_user)
        .first()
    )
    if link is None:
        return None, refusal("slack_user_not_linked")
    if not link.user.is_active:
        return None, refusal("slack_member_suspended", username=link.user.get_username())
    return link.user, ""


def _decide(installation: SlackInstallation, slack_user: str, kind: str, value: str) -> str:
    actor, refused = _linked_member(installation, slack_user)
    if actor is None:
        return refused
    # "<action id>:<payload hash>", nothing else: a message posted before the binding carries the id alone
    action_id, _, shown_hash = value.partition(":")
    action = (
        ProposedAction.objects.filter(id=action_id, project__workspace_id=installation.workspace_id).first()
        if _is_uuid(action_id)
        else None
    )
    if action is None:  # R1.1: another workspace's action reads as one that does not exist
        return refusal("not_found")
    if shown.bound_to(action_id, shown_hash) is None:
        # fail closed (Deny too), and redraw the message: its buttons then carry the bound value
        transaction.on_commit(lambda: _enqueue(slack_refresh, str(action.id)))
        return refusal("slack_button_outdated")
    shown_refusal = _shown_payload(action, shown_hash, kind)
    if shown_refusal == "payload_changed_since_shown":  # the message shows what it does now, bound to that
        transaction.on_commit(lambda: _enqueue(slack_refresh, str(action.id)))
    if shown_refusal is not None:
        return refusal(shown_refusal)
    try:
        if kind == APPROVE:
            decision = services.approve_action(
                action_id=action.id, actor=actor, channel=services.CHANNEL_SLACK, shown_hash=shown_hash
            )
        elif kind == DENY:
            decision = services.deny_action(
                action_id=action.id,
                actor=actor,
                reason="denied in Slack",
                channel=services.CHANNEL_SLACK,
                shown_hash=shown_hash,
            )
        else:
            if _always_refused_here(action):
                return refusal("always_allow_not_offered_here")
            decision = services.approve_always(
                action_id=action.id, actor=actor, channel=services.CHANNEL_SLACK, shown_hash=shown_hash
            )
    except DomainError as exc:
        return _not_done(exc)
    # the message shows the count or the outcome to everyone in the channel (after commit, by the worker)
    transaction.on_commit(lambda: _enqueue(slack_refresh, str(action.id)))
    return OUTCOME_TEXT.get(decision.outcome, decision.outcome)


# -- Celery tasks (registered with the app: brabo.wiring imports this module) ---------------------------------


@shared_task(name="actions.slack_post")
def slack_post(message_id: str) -> None:
    """One chat.postMessage attempt of an outbox row; a retryable failure schedules the next."""
    wait = post(message_id)
    if wait is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        _enqueue(slack_post, message_id, countdown=max(0.0, wait))


@shared_task(name="actions.slack_verify")
def slack_verify(installation_id: str) -> None:
    verify(installation_id)


@shared_task(name="actions.slack_refresh")
def slack_refresh(action_id: str) -> None:
    refresh(action_id)


@shared_task(name="actions.slack_respond")
def slack_respond(response_url: str, text: str) -> None:
    respond(response_url, text)


@shared_task(name="actions.slack_link_dm")
def slack_link_dm(request_id: str) -> None:
    send_link_dm(request_id)
