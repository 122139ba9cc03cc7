"""URL map: the REST API under /api/, its schema and docs, and the admin (the approval console)."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from actions.budget_api import AgentBudgetView, ProjectBudgetView, WorkspaceBudgetView
from actions.console.team import invitation_page
from actions.notification_api import ProjectNotificationsView
from actions.review_api import TeamViewSet, WebhookViewSet
from actions.slack_views import interactivity as slack_interactivity
from actions.views import ActionViewSet, ApprovalRulesView, ApprovalStatsView, ProjectEventsView
from brabo.health import healthz, readyz
from containers.views import RunnerViewSet
from projects.views import AgentViewSet, ProjectViewSet, WorkspaceViewSet

router = DefaultRouter()
router.register("actions", ActionViewSet, basename="action")  # first: every agent proposal resolves it
router.register("workspaces", WorkspaceViewSet, basename="workspace")
router.register("projects", ProjectViewSet, basename="project")
router.register("agents", AgentViewSet, basename="agent")
router.register("runners", RunnerViewSet, basename="runner")
router.register("teams", TeamViewSet, basename="team")  # reviewers' teams
router.register("webhooks", WebhookViewSet, basename="webhook")  # webhooks over the API

handler500 = "brabo.api_errors.api_server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    # Coding agents' pre-tool hooks (R12.6): every tool call of an agent resolves this route, so it is tried
    # before the router's hundred-odd patterns (~0.1 ms of CPU each call, bench/README.md); nothing else
    # lives under api/hooks/ (tests/test_hook_server_path.py).
    path("api/hooks/", include("actions.hooks_api")),
    path("api/", include(router.urls)),
    path("api/", include("projects.team_urls")),  # teams over time; no route overlaps the router's
    path("invite/<str:token>/", invitation_page, name="invitation-accept-page"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/projects/<uuid:project_id>/events/", ProjectEventsView.as_view(), name="project-events"),
    path(
        "api/projects/<uuid:project_id>/approval-stats/", ApprovalStatsView.as_view(), name="approval-stats"
    ),
    # two-person rules and the pending-action expiry of a project
    path(
        "api/projects/<uuid:project_id>/approval-rules/", ApprovalRulesView.as_view(), name="approval-rules"
    ),
    path("api/", include("containers.urls")),
    # budgets for spend (reading maintainer+, setting the owner's)
    path(
        "api/workspaces/<uuid:workspace_id>/budget/", WorkspaceBudgetView.as_view(), name="workspace-budget"
    ),
    path("api/projects/<uuid:project_id>/budget/", ProjectBudgetView.as_view(), name="project-budget"),
    path("api/agents/<uuid:agent_id>/budget/", AgentBudgetView.as_view(), name="agent-budget"),
    # your own notifications on a project (kinds your role may read)
    path(
        "api/projects/<uuid:project_id>/notifications/",
        ProjectNotificationsView.as_view(),
        name="project-notifications",
    ),
    # Slack's interactivity request URL (the app's "Interactivity & Shortcuts" setting)
    path("integrations/slack/interactivity", slack_interactivity, name="slack-interactivity"),
    path("admin/", admin.site.urls),
]
