"""Slack's interactivity request URL: ``POST /integrations/slack/interactivity``. No session, no
CSRF token: Slack's signature authenticates the request (``actions.slack.handle_interaction``)."""

from __future__ import annotations

import logging

from django.http import HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from . import slack

log = logging.getLogger(__name__)


@csrf_exempt
@require_POST
def interactivity(request):
    try:
        slack.handle_interaction(
            request.body,
            request.headers.get("X-Slack-Request-Timestamp", ""),
            request.headers.get("X-Slack-Signature", ""),
        )
    except slack.Refused as exc:
        log.warning(
            "a Slack interactivity request was refused (%s %s): %s", exc.status, exc.reason, exc.detail
        )
        # the REST API's error shape (R12.4): a person or an operator replaying it reads what to fix
        return JsonResponse({"detail": str(exc), "reason": exc.reason}, status=exc.status)
    # Slack wants an empty 200 within 3 seconds; what the clicker sees comes by response_url and chat.update
    return HttpResponse(status=200)
