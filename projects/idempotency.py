"""Idempotency keys on the API's POSTs, the way payment APIs do it.

A client sends ``Idempotency-Key: <its own unique string>`` with a POST. The first request with that key
runs and its answer (status and body) is stored; a retry with the same key and the same request (method,
path, query and body) within 24 h gets that stored answer back, marked ``Idempotent-Replayed: true``, and
acts on nothing. The same key with a different request is a 422 ``idempotency_key_reused``; a retry while
the first is still running is a 409 ``idempotency_request_in_flight``. Keys are scoped per caller (an agent,
a person, a runner): two callers can never see each other's answers.

The unique constraint on (caller, key) decides concurrent duplicates: exactly one insert wins and runs.
Only answers below 500 are stored; a failure (an exception, a 5xx such as the database being away) drops the
record so a retry runs again — nothing was committed by it.

No secret at rest here. An answer that hands out a secret once (an agent's, runner's or personal
key, an invitation's token or link, a webhook's signing secret) is never stored as it was: the record keeps
what a replay answers instead — 409 ``secret_shown_once`` with the first answer minus its secrets — so the
key sits in no table for 24 h and a replay, by whoever holds the caller's credentials, never hands it out
again. The created object is not created twice; the caller rotates its key if the first answer was lost.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import timedelta
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http.request import RawPostDataException
from django.utils import timezone
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from brabo.api_errors import ApiError

from .models import Agent, IdempotencyRecord

HEADER = "Idempotency-Key"
TTL = timedelta(hours=24)
# A record still "in flight" this long after it started belongs to a request that died before storing its
# answer (the longest request is a 600 s wait): a retry may take it over.
IN_FLIGHT_ABANDONED_AFTER = timedelta(seconds=900)
UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


# the top-level fields in which an answer hands out a secret once (agents' and runners' keys,
# personal tokens, an invitation's token and link, a webhook's signing secret) ...
SECRET_FIELDS = frozenset(
    {"key", "token", "secret", "signing_secret", "accept_url", "password", "api_key", "private_key"}
)
# ... and Brabo's own keys wherever they stand in one of those answers' top-level values.
_OWN_KEY = re.compile(r"brabo_(?:agent|runner|user)_[A-Za-z0-9_-]{16,}")
WITHHELD = "[shown once; not kept]"


class Replay(Exception):
    def __init__(self, response: Response):
        self.response = response


def _scope(request) -> str | None:
    auth = request.auth
    if isinstance(auth, Agent):
        return f"agent:{auth.pk}"
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and getattr(user, "pk", None) is not None:
        return f"user:{user.pk}"
    if auth is not None and getattr(auth, "pk", None) is not None:
        return f"{type(auth).__name__.lower()}:{auth.pk}"
    return None


def _fingerprint(request) -> str:
    digest = hashlib.sha256()
    digest.update(f"{request.method} {request.path}?{request.META.get('QUERY_STRING', '')}\n".encode())
    try:
        digest.update(request._request.body)
    except RawPostDataException:  # a multipart body Django already parsed: hash what it parsed
        digest.update(repr(sorted(request._request.POST.lists())).encode())
        digest.update(repr(sorted((k, f.name, f.size) for k, f in request._request.FILES.items())).encode())
    return digest.hexdigest()


def _key(request) -> str | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not key or len(key) > 255 or not key.isascii() or not key.isprintable():
        raise ApiError(
            f"The {HEADER} header must be 1 to 255 printable ASCII characters (a UUID is a good choice).",
            reason="idempotency_key_invalid",
        )
    return key


def begin(request) -> IdempotencyRecord | None:
    """Claim the key for this request, or raise :class:`Replay` (the stored answer) or an ApiError."""
    if request.method not in UNSAFE_METHODS:
        return None
    key = _key(request)
    scope = _scope(request) if key is not None else None
    if key is None or scope is None:
        return None
    fingerprint = _fingerprint(request)
    now = timezone.now()
    for _ in range(3):
        # An expired record, or one abandoned in flight, lets go of the key (one statement: this runs on
        # every keyed POST, the command hook's included — bench/hooks.py).
        IdempotencyRecord.objects.filter(
            Q(created_at__lt=now - TTL)
            | Q(status_code__isnull=True, created_at__lt=now - IN_FLIGHT_ABANDONED_AFTER),
            scope=scope,
            key=key,
        ).delete()
        try:
            with transaction.atomic():
                return IdempotencyRecord.objects.create(
                    scope=scope, key=key, fingerprint=fingerprint, created_at=now
                )
        except IntegrityError:
            pass  # taken: answer from the winner below
        existing = IdempotencyRecord.objects.filter(scope=scope, key=key).first()
        if existing is None:
            continue  # the winner failed and let go of the key in between: try to claim it again
        if existing.fingerprint != fingerprint:
            raise ApiError(
                f"The {HEADER} {key!r} was already used with a different request; use a new key for a new "
                "request, or resend exactly the first one.",
                status_code=422,
                reason="idempotency_key_reused",
                extra={"idempotency_key": key},
            )
        if existing.status_code is None:
            raise ApiError(
                f"A request with {HEADER} {key!r} is still running; retry in a moment to get its answer.",
                status_code=409,
                reason="idempotency_request_in_flight",
                extra={"idempotency_key": key},
            )
        response = Response(existing.response_body, status=existing.status_code)
        response["Idempotent-Replayed"] = "true"
        raise Replay(response)
    raise ApiError(
        f"The {HEADER} {key!r} is contended; retry.", status_code=409, reason="idempotency_request_in_flight"
    )


def _withhold(body) -> dict | None:
    """``body`` without the secrets it hands out once, or None when it hands out none. Only the answer's
    top level is read (where the key-minting endpoints put it): a proposal echoing its own payload is the
    action's record, not a secret handed out by this answer, and its replay stays the same answer."""
    if not isinstance(body, dict):
        return None
    kept: dict = {}
    found = False
    for name, value in body.items():
        secret = isinstance(value, str) and value and (name in SECRET_FIELDS or _OWN_KEY.search(value))
        kept[name] = WITHHELD if secret else value
        found = found or bool(secret)
    return kept if found else None


def _shown_once(status: int, redacted: dict) -> dict:
    """What a replay of a secret-handing answer says: it happened, and its secret is not kept."""
    return {
        "detail": (
            "The first answer to this request carried a secret (a key, token or link) that is shown once and "
            "not kept, so it cannot be sent again. What it created exists (first_answer). If that secret was "
            "lost, rotate it (POST /api/agents/{id}/rotate-key/, /api/runners/{id}/rotate-key/) or revoke it "
            "and create a new one."
        ),
        "reason": "secret_shown_once",
        "first_status": status,
        "first_answer": redacted,
    }


def complete(record: IdempotencyRecord, response) -> None:
    """Store the answer (below 500), or let go of the key so a retry runs again. An answer that hands out a
    secret is stored as its replay: 409 ``secret_shown_once``, without the secret."""
    if response.status_code >= 500 or not hasattr(response, "data"):
        abandon(record)
        return
    body = json.loads(JSONRenderer().render(response.data) or b"null")
    status = response.status_code
    redacted = _withhold(body)
    if redacted is not None:
        status, body = 409, _shown_once(status, redacted)
    IdempotencyRecord.objects.filter(pk=record.pk).update(status_code=status, response_body=body)


def abandon(record: IdempotencyRecord) -> None:
    try:
        IdempotencyRecord.objects.filter(pk=record.pk, status_code__isnull=True).delete()
    except Exception:  # the database is away: the record expires as abandoned in-flight
        pass


def purge_expired() -> int:
    return IdempotencyRecord.objects.filter(created_at__lt=timezone.now() - TTL).delete()[0]


if TYPE_CHECKING:  # what the mixin extends, for the type checker: it is always mixed into an APIView
    _ViewBase = APIView
else:
    _ViewBase = object


class IdempotentMixin(_ViewBase):
    """For DRF views: honour ``Idempotency-Key`` on POST/PUT/PATCH/DELETE, after authentication (a revoked
    key never gets a stored answer back)."""

    _idempotency = None

    def initial(self, request, *args, **kwargs):
        self._idempotency = None
        super().initial(request, *args, **kwargs)
        self._idempotency = begin(request)

    def handle_exception(self, exc):
        if isinstance(exc, Replay):
            return exc.response
        if self._idempotency is not None:
            abandon(self._idempotency)
            self._idempotency = None
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if self._idempotency is not None:
            complete(self._idempotency, response)
            self._idempotency = None
        return response
