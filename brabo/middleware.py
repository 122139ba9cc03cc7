"""Django's CommonMiddleware, without the trailing-slash redirect under /api/.

A redirect loses a POST body (and with DEBUG raises an error page), so ``POST /api/actions`` answers the
JSON 404 of ``brabo.api_errors.api_not_found``, which names the path with its slash -- also with DEBUG on,
when Django would otherwise render its HTML page. The admin keeps the redirect.
"""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.contrib.messages import middleware as messages_middleware
from django.contrib.messages.storage import default_storage
from django.middleware import common
from django.utils.deprecation import MiddlewareMixin
from django.utils.functional import SimpleLazyObject, empty
from whitenoise.middleware import WhiteNoiseMiddleware

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


class MessageMiddleware(messages_middleware.MessageMiddleware):
    """Django's, with the request's message storage built when something first uses it. Building it reads
    the storage class by name, a cookie signer and the session's storage; an API call never adds or reads
    a message. A storage never used is left alone at the response: Django's ``update()`` stores nothing
    for one that nobody read or added to."""

    def process_request(self, request):
        request._messages = SimpleLazyObject(lambda: default_storage(request))

    def process_response(self, request, response):
        messages = getattr(request, "_messages", None)
        if type(messages) is SimpleLazyObject and messages._wrapped is empty:
            return response
        return super().process_response(request, response)


class DatabaseUnavailableMiddleware(MiddlewareMixin):
    """Outside DRF (the admin, the console) a lost database answers 503 "retry", not a 500 page;
    DRF's views get the same from brabo.api_errors.exception_handler. Sync and async."""

    def process_exception(self, request, exception):
        if database_unavailable(exception):
            return unavailable_response(exception)
        return None


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise, able to sit in front of async views. WhiteNoise's own middleware is sync only:
    under the ASGI handler Django would then run everything after it through a thread, and an async wait
    would hold that thread for its whole length. Static files themselves are served on the sync path
    (``brabo.asgi``), so the async branch almost always just passes the request on."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response=None, settings=None):
        from django.conf import settings as django_settings

        super().__init__(get_response, settings or django_settings)
        self._is_async = iscoroutinefunction(get_response)
        if self._is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self._is_async:
            return self.__acall__(request)
        return super().__call__(request)

    async def __acall__(self, request):
        static_file = (
            self.find_file(request.path_info) if self.autorefresh else self.files.get(request.path_info)
        )
        if static_file is not None:
            return await sync_to_async(self.serve)(static_file, request)
        return await self.get_response(request)
