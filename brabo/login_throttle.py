"""What a person sees when sign-in is throttled (django-axes is configured in brabo.settings).

After ``AXES_FAILURE_LIMIT`` failed sign-ins for one username from one address, django-axes refuses that
pair — the right password included — for ``AXES_COOLOFF_TIME``. This page says so plainly: what happened,
how long to wait, and who can lift it sooner. It never says whether the username exists.
"""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render


def minutes() -> int:
    return max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))


def message() -> str:
    return (
        f"Too many failed sign-ins for this username from your address: signing in is refused for "
        f"{minutes()} minutes, even with the right password (each new attempt starts the wait again). "
        "Wait and try again, or ask your Brabo operator to unlock it now."
    )


def lockout_response(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: 429 with the message (JSON for a script, the console's page for a browser)."""
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(
            {"detail": message(), "reason": "login_throttled", "retry_after_minutes": minutes()},
            status=429,
            headers={"Retry-After": str(minutes() * 60)},
        )
    response = render(
        request,
        "console/login_locked.html",
        {"title": "Sign-in refused for now", "message": message(), "site_header": "Brabo"},
        status=429,
    )
    response["Retry-After"] = str(minutes() * 60)
    return response
