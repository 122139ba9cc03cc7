"""A project's container and its lifecycle (R9.3–R9.5)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from projects.models import HashedKey

PROVISIONING = "provisioning"
RUNNING = "running"
STOPPED = "stopped"
REMOVED = "removed"
FAILED = "failed"
STATES = [PROVISIONING, RUNNING, STOPPED, REMOVED, FAILED]


class ProjectContainer(models.Model):
    """One row per project: the registered state of its container (the policy reads ``running``, §5 step 2)."""

    project = models.OneToOneField("projects.Project", on_delete=models.CASCADE, related_name="container")
    state = models.CharField(max_length=16, choices=[(s, s) for s in STATES], default=STOPPED)
    cpu = models.FloatField(null=True, blank=True)
    memory_mb = models.PositiveIntegerField(null=True, blank=True)
    image = models.CharField(max_length=300, blank=True)
    workspace_verified_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"container of {self.project_id}: {self.state}"


class Runner(HashedKey, models.Model):
    """A runner on a user's machine that executes a ``mounted``/``runner`` project's approved work (R9.3).

    It authenticates with its own key (``brabo_runner_…``), shown once and stored as its SHA-256 like agent keys.
    """

    KEY_PREFIX = "brabo_runner_"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="runners")
    name = models.CharField(max_length=80)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["project", "name"], name="runner_name_unique_in_project")
        ]
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return f"runner {self.name} of {self.project_id}"


QUEUED = "queued"
CLAIMED = "claimed"
REPORTED = "reported"


class RunnerWork(models.Model):
    """An executing action handed to the project's runners. One row per action: a runner claims it with a
    status-guarded update (queued → claimed) and reports once (claimed → reported)."""

    action = models.OneToOneField(
        "actions.ProposedAction", on_delete=models.CASCADE, related_name="runner_work"
    )
    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="+")
    runner = models.ForeignKey(Runner, on_delete=models.SET_NULL, null=True, blank=True, related_name="work")
    state = models.CharField(
        max_length=10, choices=[(s, s) for s in (QUEUED, CLAIMED, REPORTED)], default=QUEUED
    )
    created_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    reported_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["project", "state", "created_at"], name="runner_work_queue_idx")]
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.action_id} ({self.state})"
