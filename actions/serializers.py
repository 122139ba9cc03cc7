"""Shapes of the actions API (R12.4)."""

from __future__ import annotations

from datetime import timedelta

from rest_framework import serializers

from . import quorum
from .models import PENDING, ProposedAction, SessionEvent


def read_proposal(data) -> dict:
    """A proposal body as ``ProposeSerializer`` reads it. The usual body (a text ``action_type``, a
    ``payload``, no ``task``) is read directly — the serializer's per-call field copies were a tenth of a
    proposal's CPU; any other body goes through the serializer, so every error reads as it always did.
    Whether the type exists is the proposal's one check (``actions.payloads.read_payload``, issue 15)."""
    if (
        isinstance(data, dict)
        and type(data.get("action_type")) is str
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


_datetime = serializers.DateTimeField()  # DRF's own date-time rendering (ISO 8601, UTC as "Z")


def _expires_at(a: ProposedAction) -> str | None:
    """When a pending action expires (issue 16; its time frozen at proposal, issue 23); None once decided."""
    if a.status != PENDING:
        return None
    return _datetime.to_representation(a.created_at + timedelta(seconds=a.expiry_seconds))


class ActionSerializer(serializers.ModelSerializer):
    """The one source of an action's shape (issue 15): the OpenAPI schema is drawn from it and every response
    is DRF's own rendering of it, through :func:`action_data`."""

    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id")
    agent = serializers.CharField(source="agent.name", allow_null=True)
    task = serializers.CharField(source="task_id", allow_null=True)
    decided_by = serializers.CharField(source="decided_by.get_username", allow_null=True)
    settled = serializers.BooleanField(source="is_settled")
    approvals = serializers.SerializerMethodField(
        help_text="under an approval rule: {count, required, min_role, no_self_approval, approvers, reviewers "
        "(named users and teams, or null: anyone of min_role), waiting_for ({remaining, people, text} while "
        "pending), wait_minutes}; null when one approval decides"
    )
    expires_at = serializers.SerializerMethodField(
        help_text="when a pending action expires; null once decided"
    )

    decision_message = serializers.CharField(
        read_only=True,
        help_text="the deciding person's message with an approval, or the answer to an ask_human question",
    )
    execute_after = serializers.DateTimeField(
        read_only=True,
        allow_null=True,
        help_text="an approved action held by its rule's wait timer runs from this time; null when not held",
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
            "decision_message",
            "execute_after",
        ]

    def get_approvals(self, a) -> dict | None:
        return quorum.approvals_view(a)

    def get_expires_at(self, a) -> str | None:
        return _expires_at(a)

    def to_representation(self, instance):
        return action_data(instance)


_shared: ActionSerializer | None = None


def action_data(a: ProposedAction) -> dict:
    """An action as the API shows it: ``ActionSerializer``'s declared fields, rendered by DRF. The fields are
    bound once per process on one shared instance — DRF copies every declared field each time a serializer
    builds its fields, which cost more than the rest of a proposal's serialization together — and rendering
    only reads them, so the instance is safe to share between threads."""
    global _shared
    if _shared is None:
        _shared = ActionSerializer()
        _shared.fields  # noqa: B018 — bind them now, once
    return dict(serializers.ModelSerializer.to_representation(_shared, a))


class DenySerializer(serializers.Serializer):
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="returned to the agent as the result"
    )


class ApproveSerializer(serializers.Serializer):
    message = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="your words to the agent (issue 28)"
    )


class AnswerSerializer(serializers.Serializer):
    answer = serializers.CharField(max_length=2000, help_text="the answer the agent gets as the result")


class CancelSerializer(serializers.Serializer):
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
