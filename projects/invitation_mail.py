"""Invitation e-mail: the link goes to the invitee through Django's mail (``BRABO_EMAIL_*``).

The invitation exists whether or not the mail went; the caller says which (the console shows the link
either way, so a person can send it by hand when no mail server answers). Nothing of the server's own
configuration or address reaches the answer: a failure is named by its kind only.
"""

from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail

from .team_models import Invitation
from .teams import INVITATION_DAYS

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sent:
    sent: bool
    to: str  # the address it went (or would have gone) to; "" when the invitee has none
    problem: str = ""  # why it did not go, in a sentence

    def sentence(self) -> str:
        if self.sent:
            return f"An e-mail with the link went to {self.to}."
        return f"No e-mail was sent: {self.problem} Send the link below to them yourself."


def recipient(inv: Invitation) -> str:
    if inv.email:
        return inv.email
    user = get_user_model().objects.filter(username=inv.username).only("email").first()
    return (user.email or "") if user else ""


def send_invitation(inv: Invitation, link: str) -> Sent:
    """Send the invitation's link; never raises for a mail fault (the invitation stands either way)."""
    to = recipient(inv)
    if not to:
        return Sent(False, "", f"{inv.invitee} has no e-mail address on their account.")
    inviter = inv.invited_by.get_username()
    subject = f"{inviter} invited you to {inv.workspace.name} on Brabo"
    body = (
        f"{inviter} invited you to the workspace {inv.workspace.name} on Brabo as {inv.role}.\n\n"
        f"Open this link to join:\n{link}\n\n"
        f"It works once, for {INVITATION_DAYS} days. If you have no Brabo account yet, the page lets you "
        "create one for this address.\n\nIf you did not expect this, ignore this message: nothing happens "
        "until the link is used.\n"
    )
    try:
        delivered = send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [to], fail_silently=False)
    except (smtplib.SMTPException, OSError) as exc:
        log.warning("invitation %s: the e-mail to its invitee failed (%s)", inv.id, type(exc).__name__)
        return Sent(False, to, f"the mail server did not take it ({type(exc).__name__}).")
    if delivered != 1:
        return Sent(False, to, "the mail backend accepted nothing.")
    return Sent(True, to)
