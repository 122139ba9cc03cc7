"""Teams over time: invitations, ownership offers, rotated keys and the workspace's own event log.

Imported by ``projects.models`` so Django registers them with the ``projects`` app.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from permissions.action_types import ROLES


class Invitation(models.Model):
    """A maintainer+'s invitation to join a workspace with a role (never above the inviter's). The link
    carries a random token shown once; only its SHA-256 is stored. Single use, expires after 7 days."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    workspace = models.ForeignKey("projects.Workspace", on_delete=models.CASCADE, related_name="invitations")
    # Exactly one of username / email names who may accept it.
    username = models.CharField(max_length=150, blank=True)
    email = models.EmailField(blank=True)
    role = models.CharField(max_length=16, choices=[(r, r) for r in ROLES if r != "owner"])
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(username="") & ~Q(email="")) | (~Q(username="") & Q(email="")),
                name="invitation_names_one_invitee",
            )
        ]

    def __str__(self) -> str:
        return f"invitation of {self.invitee} to {self.workspace_id} as {self.role}"

    @property
    def invitee(self) -> str:
        return self.username or self.email

    def is_pending(self, now=None) -> bool:
        now = now or timezone.now()
        return self.accepted_at is None and self.revoked_at is None and self.expires_at > now


class OwnershipOffer(models.Model):
    """Step one of an ownership transfer: the owner offers the workspace to a maintainer, who accepts (step
    two). At most one open offer per workspace; a new offer replaces the open one."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    workspace = models.ForeignKey(
        "projects.Workspace", on_delete=models.CASCADE, related_name="ownership_offers"
    )
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    offered_to = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True, help_text="cancelled, declined or replaced")

    class Meta:
        ordering = ["-created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["workspace"],
                condition=Q(accepted_at__isnull=True, closed_at__isnull=True),
                name="one_open_ownership_offer",
            )
        ]

    def __str__(self) -> str:
        return f"ownership of {self.workspace_id} offered to {self.offered_to_id}"


class RetiredKey(models.Model):
    """The old key of a rotated agent or runner, still valid until ``valid_until`` (the overlap window).

    Looked up only when a key matches no current key, so the overlap costs nothing on the hot path."""

    HOLDERS = [("agent", "agent"), ("runner", "runner")]

    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    holder_kind = models.CharField(max_length=10, choices=HOLDERS)
    holder_id = models.UUIDField()
    valid_until = models.DateTimeField()
    retired_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"retired {self.holder_kind} key of {self.holder_id}"


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("WorkspaceEvent is append-only: events are never updated.")

    def delete(self):
        raise TypeError("WorkspaceEvent is append-only: events are never deleted.")


class WorkspaceEvent(models.Model):
    """An append-only event of the team itself (members, invitations, ownership, keys) with its real actor.

    Project events (proposals, decisions, agent key rotations) stay in ``actions.SessionEvent``. A workspace
    setting that concerns one project (its or its agent's spend limit, a person's notification choices there)
    names it in ``project``: only readers who reach that project read the event (R1.1,
    ``projects.access.readable_workspace_events``). ``workspace`` is NULL for a person's own personal-token
    events."""

    workspace = models.ForeignKey(
        "projects.Workspace", on_delete=models.PROTECT, null=True, blank=True, related_name="events"
    )
    project = models.ForeignKey(
        "projects.Project", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    type = models.CharField(max_length=60)
    actor_kind = models.CharField(max_length=10)
    actor_id = models.CharField(max_length=64, blank=True)
    actor_label = models.CharField(max_length=150, blank=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["workspace", "id"], name="workspace_event_idx")]

    def __str__(self) -> str:
        return f"{self.type} by {self.actor_kind}:{self.actor_label}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise TypeError("WorkspaceEvent is append-only: events are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("WorkspaceEvent is append-only: events are never deleted.")
