"""API routes of the containers app (runners, R9.3). Included under /api/."""

from django.urls import path

from .views import RunnerRegisterView, RunnerResultView, RunnerWorkView

urlpatterns = [
    path("runners/", RunnerRegisterView.as_view(), name="runner-register"),
    path("runner/work/", RunnerWorkView.as_view(), name="runner-work"),
    path("runner/work/<uuid:action_id>/result/", RunnerResultView.as_view(), name="runner-result"),
]
