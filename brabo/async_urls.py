"""The async routes: what ``brabo.asgi`` serves through Django's ASGI handler, holding no thread
while it waits (the wait endpoints, the agent hooks, the live stream, the probes). Everything else (and, under a WSGI server, these paths too) is ``brabo.urls``: its patterns
follow here so that ``reverse()`` works the same in an async view. The MCP endpoint (``/mcp``) is
no Django view: ``brabo.asgi`` hands it to ``actions.mcp_server.McpApp`` before these routes are asked."""

from django.urls import path

from actions import live
from actions.wait_views import action_wait, actions_collection, agent_hook
from brabo import urls
from brabo.health import healthz, readyz

handler500 = urls.handler500

# The async views themselves: brabo.asgi routes a request here when one of these matches (a short list, so
# the ordinary requests that match none pay little for asking).
async_patterns = [
    path("healthz", healthz),
    path("readyz", readyz),
    path("api/actions/<uuid:pk>/wait/", action_wait),
    path("api/actions/", actions_collection),  # only POST ?wait=N>0 (actions.wait_views._waits)
    path("admin/console/events/stream/", live.astream),
    path("api/hooks/<str:agent>/", agent_hook),  # an agent hook waiting for a person (R12.6)
]

urlpatterns = [*async_patterns, *urls.urlpatterns]
