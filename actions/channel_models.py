"""Deciding where people already are: a workspace's Slack app, the Slack accounts its members
linked, the approval messages posted (the Slack outbox), the clicks already seen (replay guard), and the
single-use decision links of notification e-mails. Logic lives in ``actions.slack`` and
``actions.email_links``."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from projects.crypto import EncryptedTextField

POST_PENDING = "pending"
POST_POSTED = "posted"
POST_FAILED = "failed"
POST_STATUSES = (POST_PENDING, POST_POSTED, POST_FAILED)

DECIDE_APPROVE = "approve"
DECIDE_DENY = "deny"
EMAIL_DECISIONS = (DECIDE_APPROVE, DECIDE_DENY)


class SlackInstallation(models.Model):
    """A workspace's Slack app: the Slack team it lives in, the channel approval messages go to, and its bot
    token and signing secret — both encrypted at rest (projects.crypto) and never shown again."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    workspace = models.OneToOneField("projects.Workspace", on_delete=models.CASCADE, related_name="slack")
    # Slack's id of its workspace ("T…"): every interactivity payload names it, which finds the secret. A
    # claim until Slack vouches for it (auth.test of the bot token names this team): only then are clicks
    # routed here, and only then does it keep another Brabo workspace from naming the same team
    team_id = models.CharField(max_length=32, db_index=True)
    verified_at = models.DateTimeField(null=True, blank=True)
    verify_error = models.CharField(max_length=300, blank=True)  # why Slack did not vouch for it (yet)
    verify_again = models.BooleanField(default=True)  # Slack could not be asked (the sweep asks again)
    channel = models.CharField(max_length=80)
    bot_token_encrypted = EncryptedTextField(editable=False)
    signing_secret_encrypted = EncryptedTextField(editable=False)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["team_id"],
                condition=models.Q(verified_at__isnull=False),
                name="one_proven_installation_per_slack_team",
            )
        ]

    def __str__(self) -> str:
        return f"slack {self.team_id} of {self.workspace_id}"


class SlackMemberLink(models.Model):
    """One member's Slack account, linked once by the member (confirmed by a click Slack signed)."""

    installation = models.ForeignKey(SlackInstallation, on_delete=models.CASCADE, related_name="links")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    slack_user_id = models.CharField(max_length=32)
    linked_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["installation", "slack_user_id"], name="one_member_per_slack_user"
            ),
            models.UniqueConstraint(fields=["installation", "user"], name="one_slack_user_per_member"),
        ]


class SlackLinkRequest(models.Model):
    """A member's request to link a Slack account: Brabo sends that account a direct message whose button
    carries this row's id; the link is made only when the click comes back signed from that very account."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    installation = models.ForeignKey(SlackInstallation, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    slack_user_id = models.CharField(max_length=32)
    status = models.CharField(max_length=10, default=POST_PENDING)  # of the direct message
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)


class SlackMessage(models.Model):
    """The approval message of one pending action in one workspace's channel: the Slack outbox row, posted
    by the worker (``actions.slack_post``) and updated with the outcome (``actions.slack_refresh``)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    installation = models.ForeignKey(SlackInstallation, on_delete=models.CASCADE, related_name="messages")
    action = models.ForeignKey("actions.ProposedAction", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=[(s, s) for s in POST_STATUSES], default=POST_PENDING)
    channel = models.CharField(max_length=80, blank=True)  # as Slack answered (a channel id)
    ts = models.CharField(max_length=40, blank=True)  # the message's id in its channel
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    posted_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(null=True, blank=True)  # the last chat.update
    shown = models.CharField(max_length=300, blank=True)  # the outcome line last shown

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["installation", "action"], name="one_slack_message_per_action")
        ]


class SlackInteraction(models.Model):
    """A click already acted on: the same click (its trigger and action timestamp) is refused a second time,
    even inside Slack's five-minute window."""

    installation = models.ForeignKey(SlackInstallation, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)  # sha256 of the click's identity
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["installation", "key"], name="one_slack_click")]


class EmailDecisionLink(models.Model):
    """The server-side half of an e-mail's signed decision link: who it was sent to, what it would decide,
    until when, and whether it was used (single use)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    action = models.ForeignKey("actions.ProposedAction", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    decision = models.CharField(max_length=10, choices=[(d, d) for d in EMAIL_DECISIONS])
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
