"""The typed OpenAPI description of proposals and actions (R12.4), generated from ``actions.payloads``.

Each action type gets its payload as a named component (``TerminalPayload``, ``GitPushPayload``, …); a
proposal and an action are unions of one variant per type, discriminated by ``action_type``. Everything
is drawn from ``payloads.SHAPES``, the table the proposal validator reads, so the contract and the check
cannot drift apart. These serializers describe; they never validate or render a request.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from brabo.openapi import EnumField
from permissions.action_types import ACTION_TYPES

from . import services
from .payloads import SHAPES, Field
from .serializers import ActionSerializer

ANY_PAYLOAD_DOC = (
    "Any JSON object: this type carries no required field; what its execution needs is passed through "
    "unchanged."
)


class AnyPayloadSerializer(serializers.Serializer):
    """Base of the payloads of types with no declared shape."""


class AnyPayloadSchema(OpenApiSerializerExtension):
    target_class = AnyPayloadSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        return {"type": "object", "additionalProperties": {}, "description": self.target.__doc__}


# The two payload kinds with a schema of their own, as OpenAPI 3.0 (the served /api/schema/) spells them; the
# MCP tools (``payload_json_schema``) read the same dictionaries.
PR_REFERENCE_SCHEMA: dict[str, Any] = {
    "oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 1}],
    "description": 'A pull request: its number (12, "#12", "!12") or its URL.',
}
DECIMAL_AMOUNT_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string", "pattern": r"^[0-9]+(\.[0-9]+)?$"},
        {"type": "number", "minimum": 0, "exclusiveMinimum": True},
    ],
    "description": 'An exact amount: a plain decimal text ("12.50") or a JSON number.',
}


@extend_schema_field(PR_REFERENCE_SCHEMA)
class PrReferenceField(serializers.Field):
    """A PR reference: a number or a text naming one (``payloads.pr_number_of``)."""


@extend_schema_field(DECIMAL_AMOUNT_SCHEMA)
class DecimalAmountField(serializers.Field):
    """A spend amount (``actions.money``): text or a number, read exactly."""


def _blank_allowed(spec: Field) -> bool:
    # the validator refuses a blank required text; a pattern decides for itself
    return not (spec.required or spec.pattern)


def _field(spec: Field) -> serializers.Field:
    common: dict[str, Any] = {"required": spec.required, "help_text": spec.doc}
    if spec.kind == "string":
        validators = [RegexValidator(spec.pattern)] if spec.pattern else []
        return serializers.CharField(
            allow_blank=_blank_allowed(spec),
            trim_whitespace=False,
            validators=validators,
            **common,
        )
    if spec.kind == "number":
        return serializers.FloatField(**common)
    if spec.kind == "integer":
        return serializers.IntegerField(**common)
    if spec.kind == "boolean":
        return serializers.BooleanField(**common)
    if spec.kind == "string_list":
        return serializers.ListField(child=serializers.CharField(allow_blank=True), **common)
    if spec.kind == "pr_reference":
        return PrReferenceField(**common)
    if spec.kind == "decimal":
        return DecimalAmountField(**common)
    if spec.kind == "object":
        return serializers.DictField(**common)
    raise ValueError(f"no schema for payload field kind {spec.kind!r}")


def _field_schema(spec: Field) -> dict[str, Any]:
    """The OpenAPI 3.0 schema of one payload field: what drf-spectacular draws from ``_field(spec)``."""
    if spec.kind == "string":
        out: dict[str, Any] = {"type": "string"}
        if not _blank_allowed(spec):
            out["minLength"] = 1
        if spec.pattern:
            out["pattern"] = spec.pattern
    elif spec.kind == "number":
        out = {"type": "number", "format": "double"}
    elif spec.kind in ("integer", "boolean"):
        out = {"type": spec.kind}
    elif spec.kind == "string_list":
        out = {"type": "array", "items": {"type": "string"}}
    elif spec.kind == "pr_reference":
        out = copy.deepcopy(PR_REFERENCE_SCHEMA)
    elif spec.kind == "decimal":
        out = copy.deepcopy(DECIMAL_AMOUNT_SCHEMA)
    elif spec.kind == "object":
        out = {"type": "object", "additionalProperties": {}}
    else:
        raise ValueError(f"no schema for payload field kind {spec.kind!r}")
    out["description"] = spec.doc
    return out


def payload_openapi_schema(action_type: str) -> dict[str, Any]:
    """The request schema of one action type's payload as OpenAPI 3.0 writes it (the served
    ``<Label>PayloadRequest`` component; tests/test_mcp_server.py holds the two equal)."""
    shape = SHAPES.get(action_type)
    if shape is None:
        return {
            "type": "object",
            "additionalProperties": {},
            "description": f"The {action_type} payload. {ANY_PAYLOAD_DOC}",
        }
    out: dict[str, Any] = {
        "type": "object",
        "description": f"The {action_type} payload.",
        "properties": {name: _field_schema(spec) for name, spec in shape.items()},
    }
    required = sorted(name for name, spec in shape.items() if spec.required)
    if required:
        out["required"] = required
    return out


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's dialect turned into JSON Schema 2020-12 (what MCP tools declare): a boolean
    ``exclusiveMinimum`` qualifies ``minimum`` there, and is the bound itself here."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _json_schema(value) for key, value in node.items()}
    if out.get("exclusiveMinimum") is True and "minimum" in out:
        out["exclusiveMinimum"] = out.pop("minimum")
    elif out.get("exclusiveMinimum") is False:
        del out["exclusiveMinimum"]
    return out


def payload_json_schema(action_type: str) -> dict[str, Any]:
    """One action type's payload as a JSON Schema (2020-12): the input of the MCP tool that proposes it
    (``actions.mcp_server``), drawn from the same table as the OpenAPI schema."""
    return _json_schema(payload_openapi_schema(action_type))


def _label(action_type: str) -> str:
    return ACTION_TYPES[action_type].label


@cache
def payload_serializer(action_type: str) -> type[serializers.Serializer]:
    """``<Label>Payload``: the payload shape of one action type."""
    shape = SHAPES.get(action_type)
    attrs: dict = {"__module__": __name__}
    name = f"{_label(action_type)}Payload"
    if shape is None:
        attrs["__doc__"] = f"The {action_type} payload. {ANY_PAYLOAD_DOC}"
        return type(name, (AnyPayloadSerializer,), attrs)
    attrs["__doc__"] = f"The {action_type} payload."
    attrs.update({name: _field(spec) for name, spec in shape.items()})
    return type(name, (serializers.Serializer,), attrs)


def _action_type_field(action_type: str) -> EnumField:
    return EnumField(
        f"{_label(action_type)}ActionType",
        [action_type],
        help_text="The action type; it decides the payload's shape.",
    )


@cache
def proposal_serializer(action_type: str) -> type[serializers.Serializer]:
    """``<Label>Proposal``: the body of ``POST /api/actions/`` for one action type."""
    attrs = {
        "__module__": __name__,
        "__doc__": f"A proposed {action_type} action.",
        "action_type": _action_type_field(action_type),
        "payload": payload_serializer(action_type)(),
        "task": serializers.UUIDField(
            required=False, allow_null=True, help_text="A task of the agent's project this action belongs to."
        ),
    }
    return type(f"{_label(action_type)}Proposal", (serializers.Serializer,), attrs)


class GrantedAutonomyRowSerializer(serializers.Serializer):
    agent_id = serializers.CharField(help_text="The agent that now auto-approves this action type.")
    action_type = serializers.CharField()


@cache
def action_serializer(action_type: str) -> type[serializers.Serializer]:
    """``<Label>Action``: an action of one type as the API shows it, with the fields some answers add."""
    attrs = {
        "__module__": __name__,
        "__doc__": f"A {action_type} action.",
        "action_type": _action_type_field(action_type),
        "payload": payload_serializer(action_type)(),
        "hints": serializers.ListField(
            child=serializers.CharField(),
            required=False,
            help_text="Only in the answer to a proposal: advice about what was proposed.",
        ),
        "outcome": EnumField(
            "DecisionOutcome",
            [services.OUTCOME_APPROVED, services.OUTCOME_ALREADY, services.OUTCOME_DENIED],
            required=False,
            help_text="Only in the answer to approve, deny and approve-always: what the click did.",
        ),
        "patterns": serializers.ListField(
            child=serializers.CharField(),
            required=False,
            help_text="Only in the answer to approve-always: the permissions.json entries written.",
        ),
        "autonomy_row": GrantedAutonomyRowSerializer(
            required=False,
            help_text="Only in the answer to approve-always for a dev-<module> agent: the autonomy row set.",
        ),
    }
    extra = ["hints", "outcome", "patterns", "autonomy_row"]
    # every field of an action is always in the answer (possibly null); only the extras come and go
    always = {"required": True}
    meta = {
        "fields": [*ActionSerializer.Meta.fields, *extra],
        "extra_kwargs": {
            f: always
            for f in (
                "status",
                "reason",
                "message",
                "scope_root",
                "segments",
                "decided_at",
                "result",
                "created_at",
            )
        },
    }
    attrs["Meta"] = type("Meta", (ActionSerializer.Meta,), meta)
    return type(f"{_label(action_type)}Action", (ActionSerializer,), attrs)


def proposal_union() -> PolymorphicProxySerializer:
    """The request body of ``POST /api/actions/``: one variant per action type."""
    return PolymorphicProxySerializer(
        component_name="Proposal",
        serializers={t: proposal_serializer(t) for t in ACTION_TYPES},
        resource_type_field_name="action_type",
    )


def action_union(*, many: bool = False) -> PolymorphicProxySerializer:
    """An action in an answer: one variant per action type."""
    return PolymorphicProxySerializer(
        component_name="Action",
        serializers={t: action_serializer(t) for t in ACTION_TYPES},
        resource_type_field_name="action_type",
        many=many,
    )
