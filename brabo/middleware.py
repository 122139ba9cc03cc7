"""Django's CommonMiddleware, without the trailing-slash redirect under /api/.

A redirect loses a POST body (and with DEBUG raises an error page), so ``POST /api/actions`` answers the
JSON 404 of ``brabo.api_errors.api_not_found``, which names the path with its slash -- also with DEBUG on,
when Django would otherwise render its HTML page. The admin keeps the redirect.
"""

from __future__ import annotations

from django.middleware import common

from .api_errors import api_not_found, database_unavailable, unavailable_response


class CommonMiddleware(common.CommonMiddleware):
    def should_redirect_with_slash(self, request):
        if request.path_info.startswith("/api/"):
            return False
        return super().should_redirect_with_slash(request)

    def process_response(self, request, response):
        # Django answers a 404 outside DRF (no route, an id that is not a UUID) with an HTML page -- its debug
        # page when DEBUG is on, as under `make run`. Under /api/ that becomes the JSON answer instead.
        if (
            response.status_code == 404
            and request.path_info.startswith("/api/")
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            return api_not_found(request)
        return super().process_response(request, response)


class DatabaseUnavailableMiddleware:
    """Outside DRF (the admin, the console) a lost database answers 503 "retry", not a 500 page (issue 13);
    DRF's views get the same from brabo.api_errors.exception_handler."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if database_unavailable(exception):
            return unavailable_response(exception)
        return None
