"""Django's CommonMiddleware, without the trailing-slash redirect under /api/.

A redirect loses a POST body (and with DEBUG raises an error page), so ``POST /api/actions`` answers the
JSON 404 of ``brabo.api_errors.api_not_found``, which names the path with its slash. The admin keeps the
redirect.
"""

from __future__ import annotations

from django.middleware import common


class CommonMiddleware(common.CommonMiddleware):
    def should_redirect_with_slash(self, request):
        if request.path_info.startswith("/api/"):
            return False
        return super().should_redirect_with_slash(request)
