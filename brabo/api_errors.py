"""One error shape for the whole API: ``{"detail": ..., "reason": CODE}`` (R12.4, R12.5).

Views raise :class:`ApiError` with a stable reason code from the catalogue (:mod:`brabo.errors`); DRF's own
exceptions keep their status and get the same shape, with DRF's code as the reason (``not_authenticated``,
``permission_denied``, ``method_not_allowed``, ``parse_error``...). Every 4xx carries a reason: one the
raiser names, else the catalogue's generic code for the status. Anything unexpected becomes a named 500
body instead of a traceback page.
"""

from __future__ import annotations

import logging
from typing import cast

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import Http404, JsonResponse
from rest_framework import status
from rest_framework.exceptions import APIException, UnsupportedMediaType, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from brabo.errors import CATALOGUE, DomainError, ErrorCode, reason_for, status_of

log = logging.getLogger(__name__)


class ApiError(APIException):
    """An API error with a status, a sentence saying what to do, and a stable reason code from the
    catalogue; the status defaults to the catalogue's for the reason (else 400)."""

    def __init__(
        self,
        detail: str,
        *,
        status_code: int | None = None,
        reason: ErrorCode | None = None,
        extra: dict | None = None,
    ):
        super().__init__(detail)
        self.status_code = status_code if status_code is not None else status_of(reason)
        self.reason = reason
        self.extra = extra or {}


# The body of every 500 under /api/, from DRF's views and from Django's handler500 alike.
INTERNAL_ERROR = {
    "detail": "Internal error; it was logged. Retry, and report it if it persists.",
    "reason": "internal",
}


# The body of a 503 when the database cannot be reached or every pooled connection stays busy:
# the request did nothing, so the client may safely retry it.
DATABASE_UNAVAILABLE = {
    "detail": "The database is unavailable or overloaded; nothing was changed. Retry in a few seconds.",
    "reason": "database_unavailable",
}


def database_unavailable(exc) -> bool:
    """True for "cannot reach or cannot get a connection" errors (connection refused, reset, pool timeout),
    which a retry cures; not for a constraint or a bad query."""
    from django.db import InterfaceError, OperationalError

    return isinstance(exc, (OperationalError, InterfaceError))


def unavailable_response(exc):
    log.warning("database unavailable: %s", exc)
    response = JsonResponse(dict(DATABASE_UNAVAILABLE), status=503)
    response["Retry-After"] = "5"
    return response


def exception_handler(exc, context):
    if isinstance(exc, UnsupportedMediaType):
        sent = context["request"].content_type.split(";")[0][:80] if context.get("request") else ""
        exc = ApiError(
            f"The API reads JSON bodies only; got {sent or 'another media type'}. "
            "Send the body as JSON with Content-Type: application/json.",
            status_code=415,
            reason="unsupported_media_type",
        )
    constraint = _lost_race(exc)
    if constraint is not None:
        log.info("write conflict on %s: %s", constraint, exc)
        exc = ApiError(
            "A concurrent request changed the same thing at the same moment"
            + (f" ({constraint})" if constraint else "")
            + "; nothing was changed by this one. Read the current state and retry if still needed.",
            status_code=409,
            reason="write_conflict",
        )
    if database_unavailable(exc):
        _discard_broken_connection()
        unavailable = Response(dict(DATABASE_UNAVAILABLE), status=status.HTTP_503_SERVICE_UNAVAILABLE)
        unavailable["Retry-After"] = "5"
        log.warning("database unavailable: %s", exc)
        return unavailable

    if isinstance(exc, Http404):
        # Django's Http404 only comes from get_object_or_404 here (views raise DRF's NotFound with their own
        # words), and it names the model class ("No ProposedAction matches ..."). R1.1 answers the same 404
        # for what does not exist and for what is another workspace's.
        exc = ApiError(
            "Not found: it does not exist, or it is not yours to see.", status_code=404, reason="not_found"
        )
    if isinstance(exc, RequestDataTooBig):
        exc = ApiError(
            f"The request body is over {settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024} KB; send less.",
            status_code=413,
            reason="too_large",
        )
    elif isinstance(exc, TooManyFieldsSent):
        exc = ApiError(
            f"The request has more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} fields or query parameters; "
            "send fewer.",
            reason="invalid",
        )
    retry_after = None
    if isinstance(exc, DomainError):
        extra = {"errors": {exc.field: [str(exc)]}} if exc.field else {}
        retry_after = exc.retry_after
        exc = ApiError(
            str(exc), status_code=exc.status, reason=reason_for(exc.status, exc.reason), extra=extra
        )
    response = drf_exception_handler(exc, context)
    if response is not None and retry_after is not None:
        response["Retry-After"] = str(retry_after)  # a cap says when to come back
    if response is None:
        log.exception(
            "unhandled error in %s", context.get("view").__class__.__name__ if context.get("view") else "?"
        )
        return Response(dict(INTERNAL_ERROR), status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    if isinstance(exc, ApiError):
        body = {"detail": str(exc.detail)}
        reason = reason_for(response.status_code, exc.reason)
        if reason:
            body["reason"] = reason
        body.update(exc.extra)
        response.data = body
    elif isinstance(exc, ValidationError):
        # Field errors stay available under "errors"; "detail" is one readable sentence naming the fields.
        errors = response.data
        response.data = {"detail": _flatten(errors), "reason": "invalid", "errors": errors}
    elif isinstance(exc, APIException) and isinstance(response.data, dict):
        # DRF's own (NotAuthenticated, PermissionDenied, NotFound, MethodNotAllowed, ParseError, Throttled...):
        # DRF's code is the reason when the catalogue knows it, else the status's generic code.
        code = cast("ErrorCode", exc.default_code) if exc.default_code in CATALOGUE else None
        reason = reason_for(response.status_code, code)
        if reason:
            response.data = {**response.data, "reason": reason}
    return response


def _flatten(errors) -> str:
    if isinstance(errors, dict):
        parts = []
        for field, value in errors.items():
            msg = _flatten(value)
            parts.append(msg if field == "non_field_errors" else f"{field}: {msg}")
        return "; ".join(parts)
    if isinstance(errors, list):
        return " ".join(_flatten(e) for e in errors)
    return str(errors)


def api_not_found(request):
    """The JSON answer brabo.middleware gives for any HTML 404 under /api/ (an id that is not an id, a path
    without its slash), naming the likely fix."""
    detail = f"No API route {request.path[:200]}."
    if not request.path.endswith("/"):
        detail += f" API paths end with a slash: {request.path[:200]}/"
    else:
        detail += " Ids are UUIDs; see /api/docs/ for the routes."
    return JsonResponse({"detail": detail, "reason": "not_found"}, status=404)


def api_server_error(request):
    """handler500: an error outside DRF's handling still answers JSON under /api/."""
    if not request.path.startswith("/api/"):
        from django.views.defaults import server_error

        return server_error(request)
    return JsonResponse(dict(INTERNAL_ERROR), status=500)


def _discard_broken_connection() -> None:
    """A connection that failed mid-request is not reused by the next one (Django drops unusable connections
    at the request's end; outside a transaction do it now)."""
    from django.db import connection

    if not connection.in_atomic_block:
        try:
            connection.close()
        except Exception:
            pass


def _lost_race(exc) -> str | None:
    """For a unique or foreign-key violation — two requests writing the same row at once, or a parent deleted
    under a child (10 parallel autonomy PUTs gave 4x500) — the constraint's name ("" when the
    database does not say); None for anything else (a NOT NULL violation is a bug and stays a 500)."""
    from django.db import IntegrityError

    if not isinstance(exc, IntegrityError):
        return None
    cause = exc.__cause__
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate in ("23505", "23503"):  # PostgreSQL unique_violation, foreign_key_violation
        diag = getattr(cause, "diag", None)
        return getattr(diag, "constraint_name", None) or ""
    text = str(exc)
    if "UNIQUE constraint failed" in text or "FOREIGN KEY constraint failed" in text:  # SQLite
        return text.split(":", 1)[-1].strip()[:120]
    return None
