"""E-mail approvals: the signed, single-use, short-lived decision links of a notification e-mail.

A link is ``django.core.signing`` over the id of an ``EmailDecisionLink`` row (salt ``SALT``, max age
``BRABO_EMAIL_LINK_TTL``): the row says who it was sent to, what it decides and until when, and is marked
used by a status-guarded UPDATE, so a link decides at most once. Opening a link (GET) never decides — mail
scanners open links: it shows the action's card and asks the person, logged in, to confirm; the confirm is a
POST with CSRF by the very member it was sent to, and runs the console's transition (``channel="email"``),
which checks the role and the two-person rule as for a click in the console.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.utils import timezone

from brabo.errors import ErrorCode
from permissions.action_types import ACTION_TYPES, QUESTION_TYPES, role_at_least
from projects.access import project_role

from . import quorum, services, shown
from .channel_models import DECIDE_APPROVE, DECIDE_DENY, EmailDecisionLink
from .models import PENDING

SALT = "brabo.actions.email-decision"
REVIEW_CHARS = 10_000  # what an e-mail shows of a pending action; a longer one is approved in the console

# Why a link cannot be used: codes of the catalogue (brabo.errors), whose entry holds the page's title (its
# sentence), what to do next and the status -- the words Slack and the API use for the same refusal.
INVALID: ErrorCode = "email_link_invalid"
OUTDATED: ErrorCode = "email_link_outdated"
EXPIRED: ErrorCode = "email_link_expired"
USED: ErrorCode = "email_link_used"
OTHER_PERSON: ErrorCode = "email_link_not_yours"
SETTLED: ErrorCode = "email_link_action_settled"
NO_ACCESS: ErrorCode = "email_link_no_access"
CHANGED: ErrorCode = "payload_changed_since_shown"
TOO_LONG: ErrorCode = "too_long_to_review_here"
# The pages of these problems show nothing of the action: it is not the reader's to see (R1.1).
HIDDEN = frozenset({OTHER_PERSON, NO_ACCESS})


def _ttl() -> int:
    return settings.BRABO_EMAIL_LINK_TTL


def make(action, user, decision: str) -> str:
    """A new link row for ``user`` and its absolute URL (empty when BRABO_PUBLIC_URL is unset)."""
    if not settings.BRABO_PUBLIC_URL:
        return ""
    row = EmailDecisionLink.objects.create(
        action=action, user=user, decision=decision, expires_at=timezone.now() + timedelta(seconds=_ttl())
    )
    # the payload the e-mail shows is signed into the link: a changed action is not decided by it
    token = signing.dumps([str(row.id), _shown_hash(action)], salt=SALT, compress=False)
    return f"{settings.BRABO_PUBLIC_URL}/admin/console/email/{token}/"


def _shown_hash(action) -> str:
    return shown.shown_hash(action.payload)


def reviewable(action) -> shown.Shown:
    """The whole action as the e-mail shows it (``notifications`` writes the same text into the body)."""
    return shown.reviewable(action, REVIEW_CHARS)


def may_decide(action, user) -> bool:
    """Whether the person's role could decide the action now (only such people get links; the transition
    checks again at the confirm)."""
    role = project_role(user, action.project)
    req = quorum.requirement(action)
    minimum = req.min_role if req is not None else ACTION_TYPES[action.action_type].min_role
    return role_at_least(role, minimum)


def email_lines(action, user) -> list[str]:
    """The e-mail's decision lines for one recipient (none when they may not decide or links are off)."""
    if action is None or action.status != PENDING or not settings.BRABO_PUBLIC_URL:
        return []
    if not may_decide(action, user):
        return []
    minutes = max(1, _ttl() // 60)
    if action.action_type in QUESTION_TYPES:  # answered with a text in the console; approving tells nothing
        return [
            "",
            "This is the agent's question: answer it in the console. Or deny it (the link works once, for "
            f"{minutes} minutes, and asks you to confirm while signed in):",
            f"Deny: {make(action, user, DECIDE_DENY)}",
        ]
    if not reviewable(action).complete:  # no Approve for what the e-mail could not show whole
        return [
            "",
            "Approve it in the console, where it is shown whole. Or deny it here (the link works once, for "
            f"{minutes} minutes, and asks you to confirm while signed in):",
            f"Deny: {make(action, user, DECIDE_DENY)}",
        ]
    return [
        "",
        f"Decide (each link works once, for {minutes} minutes, and asks you to confirm while signed in):",
        f"Approve: {make(action, user, DECIDE_APPROVE)}",
        f"Deny: {make(action, user, DECIDE_DENY)}",
    ]


@dataclass
class Opened:
    link: EmailDecisionLink | None
    problem: ErrorCode | None = None


def open_link(token: str, user) -> Opened:
    """Read a link for ``user`` without changing anything (GET)."""
    try:
        signed = signing.loads(token, salt=SALT, max_age=_ttl())
    except signing.SignatureExpired:
        return Opened(None, EXPIRED)
    except signing.BadSignature:
        return Opened(None, INVALID)
    # [link id, payload hash], nothing else: a link mailed before the binding signs the id alone
    bound = shown.bound_to(*signed) if isinstance(signed, list) and len(signed) == 2 else None
    if bound is None:
        return Opened(None, OUTDATED)  # shows nothing of the action: the link says whose it is no more
    link_id, shown_hash = bound
    link = (
        EmailDecisionLink.objects.select_related("action__project__workspace", "action__agent", "user")
        .filter(id=link_id)
        .first()
    )
    if link is None:
        return Opened(None, INVALID)
    if link.user_id != user.pk:
        return Opened(link, OTHER_PERSON)  # checked first: whether it was used is not theirs to learn
    if project_role(user, link.action.project) is None:
        return Opened(link, NO_ACCESS)  # removed, or restricted away from the project, since it was sent
    if link.used_at is not None:
        return Opened(link, USED)
    if link.expires_at <= timezone.now():
        return Opened(link, EXPIRED)
    if link.action.status != PENDING:
        return Opened(link, SETTLED)
    if shown_hash != _shown_hash(link.action):
        return Opened(link, CHANGED)
    if link.decision == DECIDE_APPROVE and not reviewable(link.action).complete:
        return Opened(link, TOO_LONG)  # the e-mail could not show it whole (it offered no Approve)
    return Opened(link)


def confirm(token: str, user, *, reason: str = "") -> tuple[Opened, services.Decision | None]:
    """The confirm (POST): claim the link once, then run the console's transition as ``user``. The claim
    commits first: a link whose transition refused (a role too low, an expired action) is spent too."""
    opened = open_link(token, user)
    if opened.problem or opened.link is None:
        return opened, None
    link = opened.link
    shown_hash = _shown_hash(
        link.action
    )  # what open_link found the link bound to: checked again under the lock
    now = timezone.now()
    claimed = EmailDecisionLink.objects.filter(
        pk=link.pk, user=user, used_at__isnull=True, expires_at__gt=now
    ).update(used_at=now)
    if claimed != 1:
        return Opened(link, USED), None  # a concurrent confirm won
    if link.decision == DECIDE_APPROVE:
        decision = services.approve_action(
            action_id=link.action_id, actor=user, channel=services.CHANNEL_EMAIL, shown_hash=shown_hash
        )
    else:
        decision = services.deny_action(
            action_id=link.action_id,
            actor=user,
            reason=reason or "denied from an e-mail link",
            channel=services.CHANNEL_EMAIL,
            shown_hash=shown_hash,
        )
    return opened, decision


def prune(*, now=None) -> int:
    """Periodic (with the notifications' sweep): links a day past their expiry are of no use to anyone."""
    now = now or timezone.now()
    deleted, _ = EmailDecisionLink.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    return deleted
