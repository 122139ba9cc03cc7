"""API routes of the containers app (runners, R9.3). Included under /api/."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from .runner_keys import RunnerKeyRotateView
from .views import AgentHandoffViewSet, ProjectRunnersView, RunnerResultView, RunnerWorkView

agents = SimpleRouter()
agents.register("agents", AgentHandoffViewSet, basename="agent")  # only /agents/{id}/accept-handoff/

# /api/runners/ (register, read, revoke) is RunnerViewSet, registered on the API router in brabo/urls.py.
urlpatterns = [
    path("projects/<uuid:project_id>/runners/", ProjectRunnersView.as_view(), name="project-runners"),
    path("runners/<uuid:runner_id>/rotate-key/", RunnerKeyRotateView.as_view(), name="runner-rotate-key"),
    path("runner/work/", RunnerWorkView.as_view(), name="runner-work"),
    path("runner/work/<uuid:action_id>/result/", RunnerResultView.as_view(), name="runner-result"),
    *agents.urls,
]
