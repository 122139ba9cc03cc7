"""API routes of the containers app (runners, container lifecycle). Included under /api/."""

urlpatterns: list = []
