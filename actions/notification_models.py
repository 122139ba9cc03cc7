"""Notifications: outgoing webhooks per workspace, their delivery log, people's subscriptions,
and the marker that an event's notifications were handed out. Logic lives in ``actions.notifications``."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from projects.crypto import EncryptedTextField

# What a person or a webhook can subscribe to; each kind is fed by one or more event types.
KIND_PENDING = "pending"
KIND_DECIDED = "decided"
KIND_EXPIRING = "expiring_soon"
KIND_EXPIRED = "expired"
KIND_BUDGET = "budget"
KINDS = (KIND_PENDING, KIND_DECIDED, KIND_EXPIRING, KIND_EXPIRED, KIND_BUDGET)
KIND_LABELS = {
    KIND_PENDING: "An action waits for approval",
    KIND_DECIDED: "An action was approved or denied",
    KIND_EXPIRING: "A pending action expires soon",
    KIND_EXPIRED: "A pending action expired",
    KIND_BUDGET: "A budget crossed 80 % or 100 %",
}
# Without a subscription row: owners and maintainers hear of pending actions and budgets, developers of nothing.
DEFAULT_KINDS = {"owner": [KIND_PENDING, KIND_BUDGET], "maintainer": [KIND_PENDING, KIND_BUDGET]}
# a kind tells what only some roles may read in the API — budgets are read by maintainers and owners
# (GET .../budget/) — so nobody below that role subscribes to it, nor receives it (checked again when sent).
# Kinds not listed are about the project's actions, which every member who reaches the project reads.
KIND_MIN_ROLE = {KIND_BUDGET: "maintainer"}

FORMAT_GENERIC = "generic"
FORMAT_SLACK = "slack"
FORMATS = (FORMAT_GENERIC, FORMAT_SLACK)

DELIVERY_PENDING = "pending"
DELIVERY_DELIVERED = "delivered"
DELIVERY_FAILED = "failed"
DELIVERY_STATUSES = (DELIVERY_PENDING, DELIVERY_DELIVERED, DELIVERY_FAILED)


def all_kinds() -> list[str]:
    return list(KINDS)


class WebhookEndpoint(models.Model):
    """A URL of a workspace that receives signed notifications. The signing secret is encrypted at rest
    (projects.crypto, BRABO_ENCRYPTION_KEYS) and shown once, when the endpoint is created."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    workspace = models.ForeignKey("projects.Workspace", on_delete=models.CASCADE, related_name="webhooks")
    name = models.CharField(max_length=80)
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=10, choices=[(f, f) for f in FORMATS], default=FORMAT_GENERIC)
    kinds = models.JSONField(default=all_kinds)
    secret_encrypted = EncryptedTextField(editable=False)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"webhook {self.name} of {self.workspace_id}"


class WebhookDelivery(models.Model):
    """One event sent (or being sent) to one endpoint: the delivery log the console shows."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey("actions.SessionEvent", on_delete=models.PROTECT, related_name="+")
    event_type = models.CharField(max_length=60)
    status = models.CharField(
        max_length=10, choices=[(s, s) for s in DELIVERY_STATUSES], default=DELIVERY_PENDING
    )
    attempts = models.PositiveIntegerField(default=0)
    last_status_code = models.PositiveIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["endpoint", "event"], name="one_delivery_per_endpoint_event")
        ]
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                condition=models.Q(status="pending"),
                name="delivery_due_idx",
            )
        ]


class NotificationSubscription(models.Model):
    """What one person wants to hear about one project. No row = the role's default (DEFAULT_KINDS)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="+")
    kinds = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "project"], name="one_subscription_per_project")
        ]


class EventNotification(models.Model):
    """The mark that an event's notifications were handed out (once: the row's uniqueness is the claim).
    Events of notifying types without this row after a while are sent by the beat sweep."""

    event = models.OneToOneField("actions.SessionEvent", on_delete=models.PROTECT, related_name="+")
    emails_sent = models.PositiveIntegerField(default=0)
    webhooks = models.PositiveIntegerField(default=0)
    processed_at = models.DateTimeField(default=timezone.now)
