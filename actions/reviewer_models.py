"""Named reviewers: a workspace's teams — named groups of its members — that an approval
rule may name, with members, as the people who may decide. Logic lives in ``actions.reviewers``.

"Team" here is such a group, not the workspace itself (which the rest of the code sometimes calls the team).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone


class Team(models.Model):
    """A named group of a workspace's members (GitHub's teams, as its required reviewers name them). A member
    who leaves the workspace stops counting at once (every click reads memberships again)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    workspace = models.ForeignKey(
        "projects.Workspace", on_delete=models.CASCADE, related_name="reviewer_teams"
    )
    name = models.CharField(max_length=80)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="+", blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["workspace", "name"], name="one_team_name_per_workspace")
        ]

    def __str__(self) -> str:
        return f"team {self.name} of {self.workspace_id}"
