"""Containers in the admin: read-only state rows, scoped to the member's projects.

Stop and remove are never edits of this row: they are proposals made on the console's containers page
(/admin/console/containers/, R2.3), decided and executed like every other action.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse

from brabo.errors import DomainError
from projects.admin import ReadOnlyAdmin

from . import runners
from .models import ProjectContainer, Runner


@admin.register(ProjectContainer)
class ProjectContainerAdmin(ReadOnlyAdmin):
    scope_path = "project"
    list_display = ["project", "state", "cpu", "memory_mb", "image", "updated_at"]
    list_filter = ["state"]
    list_select_related = ["project"]


@admin.register(Runner)
class RunnerAdmin(ReadOnlyAdmin):
    """Runners are registered through the API (their key is shown once there); a maintainer of the runner's
    project revokes one here or with POST /api/runners/{id}/revoke/."""

    scope_path = "project"
    list_display = ["name", "project", "created_by", "created_at", "last_seen_at", "revoked_at"]
    list_select_related = ["project", "created_by"]  # no project list_filter: it would list every tenant's
    exclude = ["key_hash"]
    actions = ["revoke_selected"]

    @admin.action(description="Revoke the selected runners' keys (at once, for good; asks first)")
    def revoke_selected(self, request, queryset):
        if (
            request.POST.get("post") != "yes"
        ):  # like delete_selected: say what it does, revoke on the next click
            return self._confirm_revoke(request, queryset)
        revoked, failed, refused = 0, 0, []
        for runner in queryset.select_related("project"):
            try:  # the service checks the role itself (STYLE 13), superusers included
                failed += runners.revoke_runner(runner, actor=request.user)
            except DomainError:
                refused.append(runner.name)
                continue
            revoked += 1
        if revoked:
            self.message_user(
                request,
                f"Revoked {revoked} runner(s); {failed} action(s) they held unreported failed as runner_revoked.",
                messages.SUCCESS,
            )
        if refused:
            self.message_user(
                request,
                "Revoking a runner needs the maintainer role on its project; not revoked: "
                + ", ".join(refused),
                messages.ERROR,
            )

    def _confirm_revoke(self, request, queryset):
        chosen = list(queryset.select_related("project").order_by("project__name", "name"))
        context = {
            **self.admin_site.each_context(request),
            "title": "Revoke these runners' keys?",
            "opts": self.model._meta,
            "runners": chosen,
            "to_revoke": [r for r in chosen if r.revoked_at is None],
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/containers/runner/revoke_confirmation.html", context)
