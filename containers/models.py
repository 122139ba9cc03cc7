"""A project's container and its lifecycle (R9.3–R9.5)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

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
