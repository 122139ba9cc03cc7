"""Console routes, mounted under /admin/console/ by ``actions.admin`` and wrapped by ``admin_view``."""

from __future__ import annotations

from django.urls import path

from . import views


def console_urls(wrap) -> list:
    def p(route, view, name):
        return path(f"console/{route}", wrap(view), name=f"console-{name}")

    return [
        p("", views.queue, "queue"),
        p("queue/state/", views.queue_state, "queue-state"),
        p("actions/<uuid:action_id>/", views.action_detail, "action"),
        p("actions/<uuid:action_id>/approve/", views.approve, "approve"),
        p("actions/<uuid:action_id>/deny/", views.deny, "deny"),
        p("actions/<uuid:action_id>/always/", views.approve_always, "always"),
        p("agents/", views.agents, "agents"),
        p("agents/<uuid:agent_id>/", views.agent_card, "agent"),
        p("agents/<uuid:agent_id>/autopilot/", views.agent_autopilot, "autopilot"),
        p("projects/", views.projects, "projects"),
        p("projects/<uuid:project_id>/permissions/", views.permissions_editor, "permissions"),
        p("projects/<uuid:project_id>/stats/", views.stats, "stats"),
        p("projects/<uuid:project_id>/git/", views.project_git, "project-git"),
        p("containers/", views.containers, "containers"),
        p("containers/<uuid:project_id>/<str:kind>/", views.container_propose, "container-propose"),
    ]
