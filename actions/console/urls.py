"""Console routes, mounted under /admin/console/ by ``actions.admin`` and wrapped by ``admin_view``."""

from __future__ import annotations

from django.urls import path

from actions import live

from . import budget, email_decision, history, notifications, team, views


def team_urls(p) -> list:
    """Members and keys: every change goes through ``projects.teams`` / ``projects.keys``."""
    ws = "members/<uuid:workspace_id>"
    return [
        p("members/", team.members, "members"),
        p(f"{ws}/invite/", team.member_invite, "member-invite"),
        p(f"{ws}/invitations/<uuid:invitation_id>/revoke/", team.invitation_revoke, "invitation-revoke"),
        p(f"{ws}/members/<str:username>/role/", team.member_role, "member-role"),
        p(f"{ws}/members/<str:username>/remove/", team.member_remove, "member-remove"),
        p(f"{ws}/ownership/offer/", team.ownership_offer, "ownership-offer"),
        p(f"{ws}/ownership/accept/", team.ownership_accept, "ownership-accept"),
        p(f"{ws}/ownership/cancel/", team.ownership_cancel, "ownership-cancel"),
        p("members/agents/<uuid:agent_id>/reassign/", team.agent_reassign, "agent-reassign"),
        p("keys/", team.keys_page, "keys"),
        p("keys/tokens/", team.token_create, "token-create"),
        p("keys/tokens/<int:token_id>/revoke/", team.token_revoke, "token-revoke"),
        p("keys/agents/<uuid:agent_id>/rotate/", team.agent_rotate, "agent-rotate"),
    ]


# Pages the apps above actions add to the console: (route, view, name), set at start.
_ADDED: list[tuple[str, object, str]] = []


def add_page(route: str, view, name: str) -> None:
    """The console's page port: ``containers`` adds its runner pages without actions importing it."""
    if not any(n == name for _, _, n in _ADDED):
        _ADDED.append((route, view, name))


def console_urls(wrap) -> list:
    def p(route, view, name):
        return path(f"console/{route}", wrap(view), name=f"console-{name}")

    return [
        p("", views.queue, "queue"),
        p("queue/state/", views.queue_state, "queue-state"),
        p("actions/<uuid:action_id>/", views.action_detail, "action"),
        p("actions/<uuid:action_id>/approve/", views.approve, "approve"),
        p("actions/<uuid:action_id>/payload/", views.payload_download, "payload"),  # its exact bytes
        p("actions/<uuid:action_id>/deny/", views.deny, "deny"),
        p("actions/<uuid:action_id>/always/", views.approve_always, "always"),
        p("actions/<uuid:action_id>/answer/", views.answer, "answer"),
        p("actions/<uuid:action_id>/cancel/", views.cancel_held, "cancel"),
        p("agents/", views.agents, "agents"),
        p("agents/<uuid:agent_id>/", views.agent_card, "agent"),
        p("agents/<uuid:agent_id>/autopilot/", views.agent_autopilot, "autopilot"),
        p("agents/<uuid:agent_id>/grants/<int:event_id>/undo/", views.grant_undo, "grant-undo"),
        p("projects/", views.projects, "projects"),
        p("projects/<uuid:project_id>/permissions/", views.permissions_editor, "permissions"),
        p("projects/<uuid:project_id>/stats/", views.stats, "stats"),
        p("projects/<uuid:project_id>/git/", views.project_git, "project-git"),
        p("projects/<uuid:project_id>/approvals/", views.approval_rules, "approval-rules"),
        p("containers/", views.containers, "containers"),
        p("containers/<uuid:project_id>/<str:kind>/", views.container_propose, "container-propose"),
        p("events/stream/", live.stream, "events-stream"),  # live updates
        p("history/", history.page, "history"),  # the workspace's and projects' event history
        p("notifications/", notifications.page, "notifications"),
        p("notifications/<uuid:workspace_id>/webhooks/", notifications.webhook_create, "webhook-create"),
        p(
            "notifications/webhooks/<uuid:endpoint_id>/disable/",
            notifications.webhook_disable,
            "webhook-disable",
        ),
        # every webhook change is audited (projects.team_events)
        p(
            "notifications/webhooks/<uuid:endpoint_id>/enable/",
            notifications.webhook_enable,
            "webhook-enable",
        ),
        p("notifications/webhooks/<uuid:endpoint_id>/edit/", notifications.webhook_update, "webhook-update"),
        p(
            "notifications/webhooks/<uuid:endpoint_id>/delete/",
            notifications.webhook_delete,
            "webhook-delete",
        ),
        p(
            "notifications/webhooks/<uuid:endpoint_id>/rotate/",
            notifications.webhook_rotate,
            "webhook-rotate",
        ),
        p(
            "notifications/subscriptions/<uuid:project_id>/",
            notifications.subscription_save,
            "subscription-save",
        ),
        # an e-mail's decision link (GET shows, POST with CSRF decides) and Slack's settings
        p("email/<str:token>/", email_decision.email_decision, "email-decision"),
        p("notifications/<uuid:workspace_id>/slack/", notifications.slack_configure, "slack-configure"),
        p("notifications/<uuid:workspace_id>/slack/link/", notifications.slack_link, "slack-link"),
        p("notifications/<uuid:workspace_id>/slack/unlink/", notifications.slack_unlink, "slack-unlink"),
        p("notifications/<uuid:workspace_id>/slack/remove/", notifications.slack_remove, "slack-remove"),
        *team_urls(p),
        p("budget/", budget.budget_page, "budget"),  # budgets for spend
        p("budget/<uuid:workspace_id>/", budget.budget_workspace, "budget-workspace"),
        p("budget/projects/<uuid:project_id>/", budget.budget_project, "budget-project"),
        p("budget/agents/<uuid:agent_id>/", budget.budget_agent, "budget-agent"),
        *(p(route, view, name) for route, view, name in _ADDED),
    ]
