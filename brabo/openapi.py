"""The API's OpenAPI schema machinery (R12.1, R12.4): documented error responses and typed enums.

Every operation documents the errors it can answer, each as ``{"detail": ..., "reason": CODE, "errors"?}``
with the reason codes that status carries. :func:`reasons_for` reads them from the error catalogue (:mod:`brabo.errors`);
:func:`error_responses` gives the documented responses for ``@extend_schema(responses=...)``, and
:class:`AutoSchema` (``DEFAULT_SCHEMA_CLASS``) adds the statuses every operation of its kind can answer.
"""

from __future__ import annotations

import re
from functools import cache

from drf_spectacular import openapi
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import AllowAny

from brabo.errors import codes_by_status

# status → (component name, what the status means to a client)
ERROR_STATUSES: dict[int, tuple[str, str]] = {
    400: ("InvalidRequestError", "Invalid input: the detail names what was wrong and what to send."),
    401: ("NotAuthenticatedError", "No or unknown credentials."),
    403: ("ForbiddenError", "Not allowed for this caller (role, kind of caller, suspended agent)."),
    404: ("NotFoundError", "It does not exist, or it is not yours to see (the same answer for both)."),
    409: ("ConflictError", "Conflicts with the current state; read it again before retrying."),
    413: ("TooLargeError", "The request body is too large."),
    415: ("UnsupportedMediaTypeError", "The body is not JSON."),
    422: ("UnprocessableError", "An Idempotency-Key reused with a different request."),
    429: (
        "TooManyRequestsError",
        "Over a cap the operator set; retry after the Retry-After header's seconds.",
    ),
    503: ("UnavailableError", "The database is unavailable or overloaded; nothing was changed, retry."),
}


def reasons_for(status: int) -> list[str]:
    """The reason codes an error of ``status`` can carry, sorted: the error catalogue's (brabo.errors), which
    ``tests/test_error_catalogue.py`` keeps equal to what the code raises."""
    return codes_by_status(kind=None).get(status, [])


class EnumField(serializers.CharField):
    """A text field documented as the enum component ``component`` of ``values`` — named by us, so twenty
    single-value ``action_type`` enums or nine ``reason`` enums each get a meaningful name."""

    def __init__(self, component: str, values, **kwargs):
        self.component, self.values = component, list(values)
        super().__init__(**kwargs)


class EnumFieldSchema(OpenApiSerializerFieldExtension):
    target_class = EnumField

    def map_serializer_field(self, auto_schema, direction):
        field = self.target
        component = ResolvedComponent(
            name=field.component,
            type=ResolvedComponent.SCHEMA,
            schema={"type": "string", "enum": field.values},
            object=field.component,
        )
        auto_schema.registry.register_on_missing(component)
        return component.ref


@cache
def error_serializer(status: int) -> type[serializers.Serializer]:
    """The documented body of an error of ``status``: one shape for all, its own reason enum."""
    name, meaning = ERROR_STATUSES[status]
    reasons = reasons_for(status)
    reason_help = "A stable code naming the refusal; branch on it, not on the detail's words."
    attrs = {
        "__doc__": f"{meaning} (HTTP {status})",
        "__module__": __name__,
        "detail": serializers.CharField(help_text="A sentence saying what failed and what to do."),
        "reason": (
            # every error answer carries a reason (the handler fills a generic one per status, brabo.errors)
            EnumField(f"{name.removesuffix('Error')}Reason", reasons, required=True, help_text=reason_help)
            if reasons
            else serializers.CharField(required=True, help_text=reason_help)
        ),
        "errors": serializers.DictField(
            child=serializers.ListField(child=serializers.CharField()),
            required=False,
            help_text="On invalid input: each faulty field (dotted, e.g. payload.command) and its messages.",
        ),
    }
    return type(name, (serializers.Serializer,), attrs)


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """Documented error responses for ``@extend_schema(responses={...})``."""
    return {
        status: OpenApiResponse(response=error_serializer(status), description=ERROR_STATUSES[status][1])
        for status in statuses
    }


_WRITES = ("POST", "PUT", "PATCH", "DELETE")


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema plus the error statuses every operation of its kind can answer: 503 always;
    401/403 where credentials are needed; 404 on a path naming an object; 400/409/413/415/422 on a write
    (invalid body, lost race or Idempotency-Key in flight, body too large, not JSON, key reused); 400 on a
    read that takes query parameters. An operation documents more with :func:`error_responses`."""

    def error_statuses(self) -> list[int]:
        statuses = [503]
        if not any(p is AllowAny for p in getattr(self.view, "permission_classes", ())):
            statuses += [401, 403]
        if "{" in self.path:
            statuses.append(404)
        if self.method in _WRITES:
            statuses += [400, 409, 413, 415, 422]
        elif any(p.get("in") == "query" for p in self._get_parameters()):
            statuses.append(400)
        return sorted(set(statuses))

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for status, response in error_responses(*self.error_statuses()).items():
            responses.setdefault(
                str(status), self._get_response_for_code(response, str(status), None, direction)
            )
        return dict(sorted(responses.items()))


# The views' docstrings become the schema's descriptions; they cite SPEC's rule ids (R8.4, RN-603, ADR 0086)
# for maintainers. The published schema is read by API users, so the ids are taken out of it (SPEC R12.5).
_RULE_ID = r"(?:R\d+(?:\.\d+)+|RN-\d+|ADR[ -]?\d+)"
_RULE_CITATIONS = (
    re.compile(rf"\s*\({_RULE_ID}(?:\s*(?:,|;|/|and)\s*{_RULE_ID})*\)"),  # " (R3.1)", " (R3.5, R3.6)"
    re.compile(rf"^{_RULE_ID}(?:\s*(?:,|/)\s*{_RULE_ID})*\s*[—:-]+\s*"),  # "R3.5 — accept ..."
    re.compile(rf"\s?\b{_RULE_ID}\b"),  # "within the R3.6 ceiling"
)


def without_rule_ids(text: str) -> str:
    for pattern in _RULE_CITATIONS:
        text = pattern.sub("", text)
    return text[:1].upper() + text[1:]


def strip_rule_ids(result, generator, request, public):
    """drf-spectacular postprocessing hook: no description or summary of the schema cites a rule id."""

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("description", "summary") and isinstance(value, str):
                    node[key] = without_rule_ids(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(result)
    return result
