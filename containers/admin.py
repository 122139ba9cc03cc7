"""Containers in the admin: read-only state rows, scoped to the member's projects.

Stop and remove are never edits of this row: they are proposals made on the console's containers page
(/admin/console/containers/, R2.3), decided and executed like every other action.
"""

from __future__ import annotations

from django.contrib import admin

from projects.admin import ReadOnlyAdmin

from .models import ProjectContainer


@admin.register(ProjectContainer)
class ProjectContainerAdmin(ReadOnlyAdmin):
    scope_path = "project"
    list_display = ["project", "state", "cpu", "memory_mb", "image", "updated_at"]
    list_filter = ["state"]
    list_select_related = ["project"]
