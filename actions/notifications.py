"""Notifications: signed webhooks per workspace and e-mail to subscribed people.

Flow: ``actions.announce`` hands an event of a notifying type (``NOTIFYING``) to ``enqueue`` after its
transaction committed; the Celery task ``actions.notify_event`` calls ``process``, which claims the event once
(``EventNotification``), e-mails the people subscribed to its kind who can still see the project (tenancy is
re-checked here, at send time), and creates one ``WebhookDelivery`` per matching endpoint of the project's
workspace. Each delivery is sent by ``attempt_delivery`` (task ``actions.deliver_webhook``) and retried with
exponential backoff. A broker outage never fails the transition: the beat sweep ``sweep`` hands out events
nobody claimed and deliveries whose retry message was lost.

The e-mail about a pending action carries each recipient's own single-use decision links
(``actions.email_links``), and further channels plug into ``add_channel`` (``actions.slack`` posts the
action's approval message from here, on the worker, and updates it when the action is decided or expires).

What a notification carries: the action's id, type, status, policy reason and a one-line summary — the
command cut to ``SUMMARY_CHARS`` after ``brabo.redaction.redact_outbound`` removed secrets — never the
payload's contents, never the result's output. The webhook secret is decrypted only to sign.

Signing (documented for receivers): ``X-Brabo-Signature: sha256=<hex>`` where ``<hex>`` is
HMAC-SHA256(secret, ``"<X-Brabo-Timestamp>." + raw body bytes``); ``X-Brabo-Timestamp`` is Unix seconds.
Receivers should refuse a timestamp older than a few minutes (replay) and compare in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import time
from datetime import timedelta
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from brabo import celery_wire
from brabo.errors import DomainError
from brabo.redaction import redact_outbound
from permissions.action_types import MAINTAINER, role_at_least
from permissions.mcp import describe as mcp_describe
from projects.access import membership, project_role, visible_projects
from projects.crypto import SecretUnreadable, decrypt, encrypt
from projects.models import Membership
from projects.services import require_person, require_workspace_role
from projects.team_events import (
    SUBSCRIPTION_CHANGED,
    WEBHOOK_CREATED,
    WEBHOOK_DELETED,
    WEBHOOK_DISABLED,
    WEBHOOK_ENABLED,
    WEBHOOK_SECRET_ROTATED,
    WEBHOOK_UPDATED,
)
from projects.team_events import record as record_team_event

from . import email_links, events, inprocess, outbox
from .history import describe
from .models import SessionEvent
from .notification_models import (
    DEFAULT_KINDS,
    DELIVERY_DELIVERED,
    DELIVERY_FAILED,
    DELIVERY_PENDING,
    FORMAT_SLACK,
    FORMATS,
    KIND_BUDGET,
    KIND_DECIDED,
    KIND_EXPIRED,
    KIND_EXPIRING,
    KIND_MIN_ROLE,
    KIND_PENDING,
    KINDS,
    EventNotification,
    NotificationSubscription,
    WebhookDelivery,
    WebhookEndpoint,
)
from .shown import visible, visible_values

log = logging.getLogger(__name__)

NOTIFYING = {
    events.ACTION_CREATED: KIND_PENDING,  # only when the action is pending (see ``notifies``)
    events.ACTION_APPROVED: KIND_DECIDED,
    events.ACTION_DENIED: KIND_DECIDED,
    events.ACTION_ANSWERED: KIND_DECIDED,  # a question answered is a decision too
    events.ACTION_EXPIRING_SOON: KIND_EXPIRING,
    events.ACTION_EXPIRED: KIND_EXPIRED,
    events.BUDGET_THRESHOLD_CROSSED: KIND_BUDGET,
    # an auto-approval the policy no longer gives: waiting for a person again, or denied (see ``kind_of``)
    events.ACTION_REDECIDED: KIND_PENDING,
}


def kind_of(event) -> str:
    """The notification kind of a notifying event: its type's, but an auto-approval decided again is a pending
    action (people are asked, as for a proposal that waits) or a decision (denied)."""
    if event.type == events.ACTION_REDECIDED:
        pending = (event.payload or {}).get("status") == "pending"
        return KIND_PENDING if pending else KIND_DECIDED
    return NOTIFYING[event.type]


SUMMARY_CHARS = 200
SENTENCE_CHARS = 400
RETRYABLE_CODES = {408, 429}
SWEEP_AFTER = timedelta(seconds=60)  # an event not claimed by then lost its message
SWEEP_WINDOW = timedelta(days=1)  # older events are not notified any more
# Event payload keys a notification may repeat (budget figures, quorum counts, expiry): nothing else.
PAYLOAD_KEYS = (
    "approvals",
    "required",
    "reason",
    "expired_after_seconds",
    "expires_at",
    "scope",
    "scope_id",
    "threshold_percent",
    "period",
    "spent",
    "limit",
    "currency",
)


# The action's status as of the event (a notification sent a moment later must not say "failed" for an
# approval because the execution already ran); other event types carry the status at sending time.
STATUS_AT_EVENT = {
    events.ACTION_APPROVED: "approved",
    events.ACTION_DENIED: "denied",
    events.ACTION_ANSWERED: "executed",
    events.ACTION_EXPIRING_SOON: "pending",
    events.ACTION_EXPIRED: "expired",
}


# further channels plug in here (a port: ``actions.slack`` sits above this module). ``fanout(event,
# kind)`` runs in ``process`` after the e-mails and webhooks, on the worker; ``sweep(now=)`` with ``sweep``.
_channels: list[tuple[Any, Any]] = []


def add_channel(fanout, sweep=None) -> None:
    if not any(f is fanout for f, _ in _channels):
        _channels.append((fanout, sweep))


class WebhookRefused(ValueError):
    """A webhook URL Brabo will not call (wrong scheme, or a private address while those are not allowed)."""


# -- which events notify -----------------------------------------------------------------------------------


def notifies(event) -> bool:
    if event.type not in NOTIFYING:
        return False
    if event.type == events.ACTION_CREATED:
        return (event.payload or {}).get("status") == "pending"
    return True


def enqueue(event_id) -> None:
    """Send the notify task; never raises (the sweep sends what could not be sent). Without a broker, in a
    serving process, the in-process worker runs it on its own thread (never on the request's)."""
    try:
        if inprocess.take(notify_event, (event_id,)):
            return
        if celery_wire.usable_for(notify_event):  # the message Celery would write, pushed directly
            celery_wire.client().lpush(celery_wire.queue_key(), notify_message(event_id))
        else:
            notify_event.delay(event_id)
    except Exception as exc:
        log.warning("could not enqueue notifications of event %s (%s); the sweep sends them", event_id, exc)


def notify_message(event_id, queue: str | None = None) -> bytes:
    """``notify_event.delay(event_id)``'s message (``brabo.celery_wire``)."""
    return celery_wire.message(notify_event, (event_id,), queue)


# -- secrets and URLs --------------------------------------------------------------------------------------


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def check_url(url: str, *, resolve: bool = False) -> None:
    """Refuse what Brabo will not call. ``resolve`` also refuses a host whose addresses are private,
    loopback, link-local or reserved, unless BRABO_WEBHOOK_ALLOW_PRIVATE is set."""
    try:
        parts = urlsplit(url)
    except ValueError:
        raise WebhookRefused("the URL is not a URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookRefused("the URL must start with http:// or https:// and name a host")
    if parts.username or parts.password:
        raise WebhookRefused("the URL must not carry a user name or password; the signature authenticates")
    if not resolve or settings.BRABO_WEBHOOK_ALLOW_PRIVATE:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, type=socket.SOCK_STREAM)
    except OSError:
        raise WebhookRefused(f"the host {parts.hostname} does not resolve") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if not address.is_global or address.is_multicast:
            raise WebhookRefused(
                f"the host {parts.hostname} resolves to a private or local address ({address}); "
                "set BRABO_WEBHOOK_ALLOW_PRIVATE to allow it"
            )


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The documented signature: ``sha256=`` + hex HMAC-SHA256 over ``"<timestamp>." + body``."""
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return "sha256=" + digest


# -- what a notification says ------------------------------------------------------------------------------


def clean(text: str, limit: int = SUMMARY_CHARS) -> str:
    """Secrets removed first (whole), then cut: no slice of a secret survives the cut. Host boundary: with the
    notification pass (assignments, options, URL userinfo, detect-secrets' detectors and entropy). A line
    break is shown as ``⏎`` and invisible characters as ``⟨U+XXXX⟩`` (``actions.shown.visible``)."""
    text = visible(redact_outbound(str(text or "")))  # one line; nothing invisible, nothing interpreted
    return text if len(text) <= limit else text[: limit - 1] + "…"


def summary(action) -> str:
    if action.action_type == "terminal":
        return clean(action.payload.get("command", ""))
    if action.action_type == "mcp_call":  # the server, the tool and its arguments in plain words
        return clean(mcp_describe(action.payload))
    fields = ", ".join(
        f"{k}: {v}" for k, v in action.payload.items() if k not in ("content", "body", "diff", "patch")
    )
    return clean(fields)


def _console_link(action) -> str:
    if not settings.BRABO_PUBLIC_URL or action is None:
        return ""
    return f"{settings.BRABO_PUBLIC_URL}/admin/console/actions/{action.id}/"


def document(event, delivery_id: str = "") -> dict:
    """The generic JSON body (also what the e-mail and the Slack body are written from)."""
    project = event.project
    action = event.action
    data = {k: event.payload[k] for k in PAYLOAD_KEYS if k in (event.payload or {})}
    if "reason" in data:
        data["reason"] = clean(data["reason"])
    body: dict = {
        "id": delivery_id or str(event.pk),
        "event_id": event.pk,
        "type": event.type,
        "occurred_at": event.created_at.isoformat(),
        "workspace": {"id": str(project.workspace_id), "name": project.workspace.name},
        "project": {"id": str(project.id), "name": project.name},
        "actor": {"kind": event.actor_kind, "label": event.actor_label},
        "action": None,
        "data": data,
    }
    if action is not None:
        body["action"] = {
            "id": str(action.id),
            "action_type": action.action_type,
            "status": STATUS_AT_EVENT.get(event.type) or (event.payload or {}).get("status") or action.status,
            "reason": action.reason,
            "summary": summary(action),
        }
        if action.denial_reason:
            body["action"]["denial_reason"] = clean(action.denial_reason)
        link = _console_link(action)
        if link:
            body["url"] = link
        # the console's own plain sentence for the event (actions.history.describe), secrets
        # removed; a budget's headline keeps its figures, which the log's sentence leaves out
        body["sentence"] = clean(describe(_redacted_view(event, action)), SENTENCE_CHARS)
    # every text of it, names and labels too, with nothing hidden: the e-mail, the Slack body (its fallback
    # text included) and the webhooks are all written from this document
    return visible_values(body)


def _redacted(value):
    return redact_outbound(value) if isinstance(value, str) else value


def _redacted_view(event, action):
    """What the console's sentence reads of an event, its texts redacted WHOLE before the sentence cuts
    them (a secret cut first could survive as a slice the redaction no longer recognises)."""
    payload = action.payload if isinstance(action.payload, dict) else {}
    safe_action = SimpleNamespace(
        action_type=action.action_type,
        payload={k: _redacted(v) for k, v in payload.items()},
        agent=action.agent if action.agent_id else None,
        agent_id=action.agent_id,
    )
    event_payload = event.payload if isinstance(event.payload, dict) else {}
    return SimpleNamespace(
        type=event.type,
        payload={k: _redacted(v) for k, v in event_payload.items()},
        actor_kind=event.actor_kind,
        actor_label=event.actor_label,
        action=safe_action,
    )


def headline(doc: dict) -> str:
    """The notification's first line (e-mail subject, Slack text): the console's sentence for the event,
    after the project's name, e.g. "[app] Agent dev-api proposed terminal “make” — it waits for a
    person: no rule matches; a person decides." A document without one (a budget's) reads as before."""
    project = doc["project"]["name"]
    if doc.get("sentence"):
        return f"[{project}] {doc['sentence']}"
    action = doc["action"]
    data = doc["data"]
    what = f"{action['action_type']} `{action['summary']}`" if action else ""
    kind = doc["type"]
    if kind == events.ACTION_CREATED:
        return f"[{project}] waiting for approval: {what}"
    if kind == events.ACTION_APPROVED:
        return f"[{project}] approved by {doc['actor']['label']}: {what}"
    if kind == events.ACTION_DENIED:
        return f"[{project}] denied by {doc['actor']['label']}: {what}"
    if kind == events.ACTION_EXPIRING_SOON:
        return f"[{project}] expires soon unless decided: {what}"
    if kind == events.ACTION_EXPIRED:
        return f"[{project}] expired without a decision: {what}"
    if kind == events.BUDGET_THRESHOLD_CROSSED:
        return (
            f"[{project}] {data.get('scope', 'budget')} budget crossed {data.get('threshold_percent')} %: "
            f"{data.get('spent')} of {data.get('limit')} {data.get('currency', '')} in {data.get('period')}"
        )
    return f"[{project}] {kind}"


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_body(doc: dict) -> dict:
    """A Slack incoming-webhook body: ``text`` (the fallback) and ``blocks``. The headline quotes the agent's
    text, so its block is plain text (no markup, mention or link is parsed); Brabo's link is mrkdwn apart."""
    text = _slack_escape(headline(doc))
    context = [f"{doc['workspace']['name']} / {doc['project']['name']}"]
    if doc["action"]:
        context.append(f"status: {doc['action']['status']}")
    blocks: list[dict] = [
        {"type": "section", "text": {"type": "plain_text", "text": headline(doc), "emoji": False}}
    ]
    if doc.get("url"):
        text += f"\n<{doc['url']}|Open in the Brabo console>"
        link = f"<{doc['url']}|Open in the Brabo console>"
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": link}})
    blocks.append(
        {"type": "context", "elements": [{"type": "plain_text", "text": c, "emoji": False} for c in context]}
    )
    return {"text": text, "blocks": blocks}


def body_bytes(endpoint: WebhookEndpoint, event, delivery_id: str) -> bytes:
    doc = document(event, delivery_id)
    payload = slack_body(doc) if endpoint.format == FORMAT_SLACK else doc
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


# -- who hears of it ---------------------------------------------------------------------------------------


def kind_allowed(kind: str, role: str | None) -> bool:
    """Whether a member with ``role`` on the project may hear of ``kind`` (what they may read)."""
    return role is not None and role_at_least(role, KIND_MIN_ROLE.get(kind, "developer"))


def kinds_for_role(role: str | None) -> list[str]:
    return [k for k in KINDS if kind_allowed(k, role)]


def recipients(event, kind: str) -> list:
    """People who can see the event's project now, whose role on it may read ``kind``, and who are
    subscribed to it (a row, or their role's default), with an e-mail address. Role and reach are read now,
    at send time: a subscription made before a demotion or a restriction gives nothing."""

    chosen = {
        s.user_id: s.kinds for s in NotificationSubscription.objects.filter(project_id=event.project_id)
    }
    people = []
    memberships = Membership.objects.filter(workspace_id=event.project.workspace_id).select_related("user")
    for m in memberships:
        user = m.user
        kinds = chosen.get(user.pk, DEFAULT_KINDS.get(m.role, []))
        if kind not in kinds or not user.is_active or not user.email:
            continue
        if not kind_allowed(kind, m.role):
            continue  # e.g. a developer's old budget subscription from when they were a maintainer
        if not visible_projects(user).filter(id=event.project_id).exists():
            continue  # restricted to other projects of the workspace
        people.append(user)
    return people


def subscribed_kinds(user, project, role: str | None) -> list[str]:
    """What the person hears of on this project now: their row (or their role's default), less the kinds
    their role may not read."""
    row = NotificationSubscription.objects.filter(user=user, project=project).first()
    kinds = list(row.kinds) if row else list(DEFAULT_KINDS.get(role or "", []))
    return [k for k in kinds if kind_allowed(k, role)]


# -- handing an event out ----------------------------------------------------------------------------------


def process(event_id) -> EventNotification | None:
    """Claim the event once, e-mail its subscribers, create its webhook deliveries and send them.
    Returns the claim, or None when another process already handled the event."""
    event = SessionEvent.objects.select_related("project__workspace", "action").filter(pk=event_id).first()
    if event is None or not notifies(event):
        return None
    try:
        with transaction.atomic():
            claim = EventNotification.objects.create(event=event)
    except IntegrityError:
        return None  # handled already (the task and the sweep can both send it)
    kind = kind_of(event)
    doc = document(event)
    subject = headline(doc)[:180]
    text = _email_text(doc, event.action)
    sent = 0
    for person in recipients(event, kind):
        try:
            # a pending action's e-mail carries this person's own single-use decision links
            links = email_links.email_lines(event.action, person) if kind == KIND_PENDING else []
            body = text if not links else text.replace(_FOOTER, "\n".join(links) + "\n\n" + _FOOTER)
            sent += send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [person.email])
        except Exception as exc:
            log.warning("could not e-mail %s about event %s (%s)", person.pk, event.pk, type(exc).__name__)
    endpoints = [
        e
        for e in WebhookEndpoint.objects.filter(workspace_id=event.project.workspace_id, active=True)
        if kind in (e.kinds or [])
    ]
    deliveries = []
    for endpoint in endpoints:
        delivery, _ = WebhookDelivery.objects.get_or_create(
            endpoint=endpoint,
            event=event,
            defaults={"event_type": event.type, "next_attempt_at": timezone.now()},
        )
        deliveries.append(delivery)
    EventNotification.objects.filter(pk=claim.pk).update(emails_sent=sent, webhooks=len(deliveries))
    for delivery in deliveries:
        send_delivery(delivery.id)
    for fanout, _ in _channels:
        try:
            fanout(event, kind)
        except Exception:
            log.exception("a notification channel failed on event %s; the others were sent", event.pk)
    return claim


_FOOTER = "You receive this because of your Brabo notification settings for this project."
_RULE = "-" * 40


EMAIL_TOO_LONG = (
    "This action is too long to review in an e-mail (it is cut above): open it in the console to read it all "
    "and decide there."
)


def _email_text(doc: dict, action=None) -> str:
    lines = [headline(doc), ""]
    if doc["action"]:
        a = doc["action"]
        lines += [
            f"Action: {a['action_type']} ({a['id']})",
            f"Status: {a['status']}",
            f"Summary: {a['summary']}",
        ]
        if a.get("denial_reason"):
            lines.append(f"Reason: {a['denial_reason']}")
        if action is not None and a["status"] == "pending":  # the whole of what a decision carries out
            whole = email_links.reviewable(action)
            lines += ["", "What approving carries out, exactly (secrets masked):", _RULE, whole.text, _RULE]
            if not whole.complete:
                lines.append(EMAIL_TOO_LONG)
    for key, value in doc["data"].items():
        lines.append(f"{key.replace('_', ' ').capitalize()}: {value}")
    if doc.get("url"):
        lines += ["", doc["url"]]
    lines += ["", _FOOTER]
    return "\n".join(lines)


def send_delivery(delivery_id, countdown: float = 0) -> None:
    """Hand one delivery attempt to the worker; never raises (the sweep sends a lost one)."""
    try:
        if not countdown and inprocess.take(deliver_webhook, (str(delivery_id),)):
            return
        deliver_webhook.apply_async((str(delivery_id),), countdown=countdown)
    except Exception as exc:
        log.warning("could not enqueue webhook delivery %s (%s); the sweep sends it", delivery_id, exc)


def attempt_delivery(delivery_id, *, now=None) -> float | None:
    """Make one attempt if the delivery is due. Returns the seconds until the next attempt when it must be
    retried, else None (delivered, given up, not due, or gone)."""
    now = now or timezone.now()
    with transaction.atomic():
        related = ("endpoint", "event__project__workspace", "event__action")
        delivery, wait = outbox.take_due(WebhookDelivery, delivery_id, DELIVERY_PENDING, related, now)
        if delivery is None or wait is not None:
            return wait
        endpoint = delivery.endpoint
        delivery.last_attempt_at = now
        code, error, retry = None, "", False
        if not endpoint.active:
            error = "the endpoint was disabled"
        else:
            try:
                check_url(endpoint.url, resolve=True)
                secret = decrypt(endpoint.secret_encrypted)
                code, error, retry = _post(endpoint, delivery, secret)
            except WebhookRefused as exc:
                error = str(exc)
            except SecretUnreadable as exc:
                # the operator's key configuration, not the receiver: retried with the usual
                # backoff, so a delivery outlives a rotation's restart or a key put back in time
                error, retry = str(exc), True
        delivery.last_status_code = code
        delivery.last_error = clean(error, 300)
        if code is not None and 200 <= code < 300:
            delivery.status, delivery.delivered_at, delivery.next_attempt_at = DELIVERY_DELIVERED, now, None
            delivery.last_error = ""
        else:
            outbox.after_failure(delivery, now=now, retry=retry, failed=DELIVERY_FAILED)
        delivery.save()
    return outbox.retry_in(delivery, now=now, pending=DELIVERY_PENDING)


def _post(endpoint: WebhookEndpoint, delivery: WebhookDelivery, secret: str) -> tuple[int | None, str, bool]:
    """(status code, error, retry?) of one POST. Redirects are not followed (a redirect is refused)."""
    import httpx

    body = body_bytes(endpoint, delivery.event, str(delivery.id))
    timestamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Brabo-Webhooks/1",
        "X-Brabo-Event": delivery.event_type,
        "X-Brabo-Delivery": str(delivery.id),
        "X-Brabo-Timestamp": timestamp,
        "X-Brabo-Signature": sign(secret, timestamp, body),
    }
    try:
        response = httpx.post(
            endpoint.url,
            content=body,
            headers=headers,
            timeout=settings.BRABO_WEBHOOK_TIMEOUT,
            follow_redirects=False,
        )
    except httpx.HTTPError as exc:
        return None, f"{type(exc).__name__}: the receiver could not be reached", True
    code = response.status_code
    if 200 <= code < 300:
        return code, "", False
    if 300 <= code < 400:
        return code, "the receiver answered with a redirect; Brabo does not follow redirects", False
    if code in RETRYABLE_CODES or code >= 500:
        return code, f"the receiver answered {code}", True
    return code, f"the receiver answered {code}; not retried", False


def sweep(*, now=None, limit: int = 200) -> int:
    """Periodic (beat): hand out notifying events nobody claimed (their message was lost) and send the
    deliveries whose retry is overdue. Returns how many were sent."""
    now = now or timezone.now()
    candidates = list(
        SessionEvent.objects.filter(
            type__in=list(NOTIFYING),
            created_at__gte=now - SWEEP_WINDOW,
            created_at__lte=now - SWEEP_AFTER,
        )
        .exclude(id__in=EventNotification.objects.values("event_id"))
        .order_by("id")
        .values_list("id", flat=True)[:limit]
    )
    for event_id in candidates:
        enqueue(event_id)
    overdue = list(
        WebhookDelivery.objects.filter(status=DELIVERY_PENDING, next_attempt_at__lte=now - SWEEP_AFTER)
        .order_by("next_attempt_at")
        .values_list("id", flat=True)[:limit]
    )
    for delivery_id in overdue:
        send_delivery(delivery_id)
    email_links.prune(now=now)  # spent decision links
    others = sum(channel_sweep(now=now) for _, channel_sweep in _channels if channel_sweep is not None)
    return len(candidates) + len(overdue) + others


# -- configuration (console) -------------------------------------------------------------------------------


def may_configure(user, workspace) -> bool:
    m = membership(user, workspace.id)
    # A webhook hears of every project of the workspace: a member restricted to some projects may not add one.
    return m is not None and not m.restricted and role_at_least(m.role, MAINTAINER)


def _require_configurer(actor, workspace) -> None:
    m = require_workspace_role(actor, workspace.id, MAINTAINER, "Configuring webhooks")
    if m.restricted:
        raise DomainError(
            "a webhook hears of every project of the workspace; a member restricted to some projects cannot "
            "configure one. Ask the owner.",
            status=403,
            reason="restricted_member",
        )


def _clean_endpoint_fields(name, url, format, kinds) -> tuple[str, str, str, list[str]]:
    name = (name or "").strip()
    if not name or len(name) > 80:
        raise DomainError("give the webhook a name of 1 to 80 characters.", status=400, reason="invalid")
    url = (url or "").strip()
    if len(url) > 500:
        raise DomainError("the URL is longer than 500 characters.", status=400, reason="invalid")
    try:
        check_url(url)
    except WebhookRefused as exc:
        raise DomainError(f"{exc}.", status=400, reason="invalid_webhook_url") from None
    if format not in FORMATS:
        raise DomainError(f"format must be one of: {', '.join(FORMATS)}.", status=400, reason="invalid")
    kinds = [k for k in KINDS if k in set(kinds or [])]
    if not kinds:
        raise DomainError("choose at least one kind of event to send.", status=400, reason="invalid")
    return name, url, format, kinds


def _audit(endpoint: WebhookEndpoint, type: str, *, actor, **extra) -> None:
    """A webhook change on the workspace's own log, with the real actor. The URL's host only: the
    log is read by every member, and a Slack-style URL carries its secret in its path."""
    payload = {"webhookId": str(endpoint.id), "name": endpoint.name, "host": urlsplit(endpoint.url).hostname}
    record_team_event(endpoint.workspace_id, type, actor=actor, payload={**payload, **extra})


@transaction.atomic(durable=True)
def create_endpoint(
    *, actor, workspace, name: str, url: str, format: str, kinds
) -> tuple[WebhookEndpoint, str]:
    """A new endpoint and its secret, which the caller shows once; only the encrypted secret is stored."""
    _require_configurer(actor, workspace)
    name, url, format, kinds = _clean_endpoint_fields(name, url, format, kinds)
    secret = new_secret()
    endpoint = WebhookEndpoint.objects.create(
        workspace=workspace,
        name=name,
        url=url,
        format=format,
        kinds=kinds,
        secret_encrypted=encrypt(secret),
        created_by=actor,
    )
    _audit(endpoint, WEBHOOK_CREATED, actor=actor, format=format, kinds=kinds)
    return endpoint, secret


def _locked(endpoint: WebhookEndpoint) -> WebhookEndpoint:
    return WebhookEndpoint.objects.select_for_update().select_related("workspace").get(pk=endpoint.pk)


@transaction.atomic(durable=True)
def update_endpoint(*, actor, endpoint: WebhookEndpoint, name=None, url=None, format=None, kinds=None):
    """Change a webhook's name, URL, body format or kinds (None keeps a field). A new URL keeps the secret:
    rotate it too when the receiver changed hands."""
    _require_configurer(actor, endpoint.workspace)
    locked = _locked(endpoint)
    before: dict[str, Any] = {
        "name": locked.name,
        "url": locked.url,
        "format": locked.format,
        "kinds": list(locked.kinds),
    }
    new_name, new_url, new_format, new_kinds = _clean_endpoint_fields(
        locked.name if name is None else name,
        locked.url if url is None else url,
        locked.format if format is None else format,
        locked.kinds if kinds is None else kinds,
    )
    after = {"name": new_name, "url": new_url, "format": new_format, "kinds": new_kinds}
    changed = [field for field in before if before[field] != after[field]]
    if not changed:
        return locked
    for field in changed:
        setattr(locked, field, after[field])
    locked.save(update_fields=changed)
    extra: dict = {"changed": changed}
    if "url" in changed:
        extra["fromHost"] = urlsplit(str(before["url"])).hostname
    if "kinds" in changed:
        extra["kinds"] = new_kinds
    if "format" in changed:
        extra["format"] = new_format
    _audit(locked, WEBHOOK_UPDATED, actor=actor, **extra)
    return locked


@transaction.atomic(durable=True)
def set_endpoint_active(*, actor, endpoint: WebhookEndpoint, active: bool) -> WebhookEndpoint:
    """Disable a webhook (it sends nothing more; its delivery log stays readable) or enable it again."""
    _require_configurer(actor, endpoint.workspace)
    locked = _locked(endpoint)
    if locked.active != active:
        locked.active = active
        locked.save(update_fields=["active"])
        _audit(locked, WEBHOOK_ENABLED if active else WEBHOOK_DISABLED, actor=actor)
    return locked


def disable_endpoint(*, actor, endpoint: WebhookEndpoint) -> WebhookEndpoint:
    return set_endpoint_active(actor=actor, endpoint=endpoint, active=False)


@transaction.atomic(durable=True)
def delete_endpoint(*, actor, endpoint: WebhookEndpoint) -> None:
    """Delete a webhook and its delivery log; the ``webhook.deleted`` event stays on the workspace's log."""
    _require_configurer(actor, endpoint.workspace)
    locked = _locked(endpoint)
    _audit(locked, WEBHOOK_DELETED, actor=actor)
    locked.delete()


@transaction.atomic(durable=True)
def rotate_endpoint_secret(*, actor, endpoint: WebhookEndpoint) -> tuple[WebhookEndpoint, str]:
    """A new signing secret, shown once; the old one stops signing at once (deliveries still due are signed
    with the new one)."""
    _require_configurer(actor, endpoint.workspace)
    locked = _locked(endpoint)
    secret = new_secret()
    locked.secret_encrypted = encrypt(secret)
    locked.save(update_fields=["secret_encrypted"])
    _audit(locked, WEBHOOK_SECRET_ROTATED, actor=actor)
    return locked, secret


@transaction.atomic
def set_subscription(*, user, project, kinds) -> NotificationSubscription:
    """A person's own subscriptions on a project they reach: none their role on the project may not read in
    the API (a developer does not subscribe to budgets)."""
    require_person(user, "Choosing notifications")
    role = project_role(user, project)
    if role is None:
        raise DomainError("Not found: no such project, or it is not yours.", status=404, reason="not_found")
    asked = set(kinds or [])  # names that are no kind are dropped, as before
    above = [k for k in KINDS if k in asked and not kind_allowed(k, role)]
    if above:
        raise DomainError(
            f"your role on this project ({role}) may not receive {', '.join(above)} notifications: "
            f"{', '.join(f'{k} needs {KIND_MIN_ROLE[k]}' for k in above)}.",
            field="kinds",
            status=403,
            reason="notification_kind_above_role",
        )
    chosen = [k for k in KINDS if k in asked]
    before = subscribed_kinds(user, project, role)
    row, _ = NotificationSubscription.objects.update_or_create(
        user=user, project=project, defaults={"kinds": chosen}
    )
    if before != chosen:  # on the workspace's log, as every other notification setting
        record_team_event(
            project.workspace_id,
            SUBSCRIPTION_CHANGED,
            actor=user,
            payload={
                "projectId": str(project.id),
                "project": project.name,
                "kinds": chosen,
                "before": before,
            },
            project_id=project.id,
        )
    return row


# -- Celery tasks (registered by brabo.wiring, which imports this module) ----------------------------------


@shared_task(name="actions.notify_event")
def notify_event(event_id: int) -> None:
    """E-mail and webhook deliveries of one event (claimed once; a redelivery is a no-op)."""
    process(event_id)


@shared_task(name="actions.deliver_webhook")
def deliver_webhook(delivery_id: str) -> None:
    """One attempt of a webhook delivery; a retryable failure schedules the next with backoff.
    Without a broker (eager, the embedded `make run`: on the in-process worker's thread) no retry message is
    scheduled: the periodic sweep makes the next attempt once it is overdue."""
    wait = attempt_delivery(delivery_id)
    if wait is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        send_delivery(delivery_id, countdown=max(0.0, wait))


@shared_task(name="actions.sweep_notifications")
def sweep_notifications() -> int:
    """Periodic (beat): events and webhook retries whose message was lost."""
    return sweep()
