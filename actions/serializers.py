"""Shapes of the actions API (R12.4)."""

from __future__ import annotations

from datetime import timedelta

from rest_framework import serializers

from permissions.action_types import ACTION_TYPES

from . import quorum
from .models import PENDING, ProposedAction, SessionEvent


def read_proposal(data) -> dict:
    """A proposal body as ``ProposeSerializer`` validates it. The usual body (a known ``action_type``, a
    ``payload``, no ``task``) is read directly — the serializer's per-call field copies were a tenth of a
    proposal's CPU; any other body goes through the serializer, so every error reads as it always did."""
    if (
        isinstance(data, dict)
        and type(data.get("action_type")) is str
        and data["action_type"] in ACTION_TYPES
        and data.get("payload") is not None
        and data.get("task") is None
    ):
        return {"action_type": data["action_type"], "payload": data["payload"]}
    body = ProposeSerializer(data=data)
    body.is_valid(raise_exception=True)
    return body.validated_data


class ProposeSerializer(serializers.Serializer):
    action_type = serializers.CharField(max_length=40)
    payload = serializers.JSONField()
    task = serializers.UUIDField(required=False, allow_null=True)

    def validate_action_type(self, value):
        if value not in ACTION_TYPES:
            raise serializers.ValidationError(
                f"unknown action_type {value!r}; use one of: {', '.join(ACTION_TYPES)}."
            )
        return value


_datetime = serializers.DateTimeField()  # DRF's own date-time rendering (ISO 8601, UTC as "Z")


def action_data(a: ProposedAction) -> dict:
    """An action as the API shows it: exactly what ``ActionSerializer`` declares, built without DRF's
    per-call field construction, which cost more than the rest of the proposal's serialization together
    (``test_serializers.py`` holds the two to the same output)."""
    return {
        "id": str(a.id),
        "project": str(a.project_id),
        "agent": a.agent.name if a.agent_id and a.agent else None,
        "task": str(a.task_id) if a.task_id else None,
        "action_type": a.action_type,
        "payload": a.payload,
        "status": a.status,
        "reason": a.reason,
        "message": a.message,
        "scope_root": a.scope_root,
        "segments": a.segments,
        "decided_by": a.decided_by.get_username() if a.decided_by_id and a.decided_by else None,
        "decided_at": _datetime.to_representation(a.decided_at) if a.decided_at else None,
        "result": a.result,
        "settled": a.is_settled,
        "created_at": _datetime.to_representation(a.created_at),
        "updated_at": _datetime.to_representation(a.updated_at),
        "approvals": quorum.approvals_view(a),
        "expires_at": _expires_at(a),
    }


def _expires_at(a: ProposedAction) -> str | None:
    """When a pending action expires (issue 16); None once it is decided."""
    if a.status != PENDING:
        return None
    return _datetime.to_representation(a.created_at + timedelta(seconds=a.project.pending_expiry_seconds))


class ActionSerializer(serializers.ModelSerializer):
    """The declared shape: the OpenAPI schema is drawn from it and DRF's generic rendering of it is the
    reference ``action_data`` is tested against; responses are rendered by ``action_data``."""

    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id")
    agent = serializers.CharField(source="agent.name", allow_null=True)
    task = serializers.CharField(source="task_id", allow_null=True)
    decided_by = serializers.CharField(source="decided_by.get_username", allow_null=True)
    settled = serializers.BooleanField(source="is_settled")
    approvals = serializers.SerializerMethodField(
        help_text="under a two-person rule: {count, required, min_role, no_self_approval, approvers}; null "
        "when one approval decides"
    )
    expires_at = serializers.SerializerMethodField(
        help_text="when a pending action expires; null once decided"
    )

    class Meta:
        model = ProposedAction
        fields = [
            "id",
            "project",
            "agent",
            "task",
            "action_type",
            "payload",
            "status",
            "reason",
            "message",
            "scope_root",
            "segments",
            "decided_by",
            "decided_at",
            "result",
            "settled",
            "created_at",
            "updated_at",
            "approvals",
            "expires_at",
        ]

    def get_approvals(self, a) -> dict | None:
        return quorum.approvals_view(a)

    def get_expires_at(self, a) -> str | None:
        return _expires_at(a)

    def to_representation(self, instance):
        return action_data(instance)


class DenySerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)


class EventSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True, help_text="opaque, like every id of the API")
    action = serializers.SerializerMethodField()
    actor = serializers.SerializerMethodField()

    class Meta:
        model = SessionEvent
        fields = ["id", "type", "actor", "action", "payload", "created_at"]
        extra_kwargs = {
            "payload": {
                "help_text": "The event's own data, in the field names the event contract fixes (scopeRoot, "
                "agentId, actionType, …): an event keeps the shape it was written with."
            }
        }

    def get_action(self, e) -> str | None:
        return str(e.action_id) if e.action_id else None

    def get_actor(self, e) -> dict:
        return {"kind": e.actor_kind, "id": e.actor_id, "label": e.actor_label}
