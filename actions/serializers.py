"""Shapes of the actions API (R12.4)."""

from __future__ import annotations

from datetime import timedelta

from rest_framework import serializers

from . import quorum, shown
from .models import PENDING, ProposedAction, SessionEvent, payload_hash


def read_proposal(data) -> dict:
    """A proposal body as ``ProposeSerializer`` reads it. The usual body (a text ``action_type``, a
    ``payload``, no ``task``) is read directly — the serializer's per-call field copies were a tenth of a
    proposal's CPU; any other body goes through the serializer, so every error reads as it always did.
    Whether the type exists is the proposal's one check (``actions.payloads.read_payload``)."""
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
    """When a pending action expires (its time frozen at proposal); None once decided."""
    if a.status != PENDING:
        return None
    return _datetime.to_representation(a.created_at + timedelta(seconds=a.expiry_seconds))


class ActionSerializer(serializers.ModelSerializer):
    """The one source of an action's shape: the OpenAPI schema is drawn from it and every response
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
    payload_hash = serializers.SerializerMethodField(
        help_text="the SHA-256 (64 lowercase hex digits) of `payload` as this answer shows it, as "
        "brabo_client.payload_hash.payload_hash computes it: send it back as the optional payload_hash of "
        "approve, deny, approve-always or answer to decide only this payload (409 payload_changed_since_shown "
        "when the action's payload is not this one any more)"
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
            "payload_hash",
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

    def get_payload_hash(self, a) -> str:
        return payload_hash(a.payload)

    def to_representation(self, instance):
        return action_data(instance)


def _when(value) -> str | None:
    return _datetime.to_representation(value) if value else None


def action_data(a: ProposedAction) -> dict:
    """An action as the API shows it: ``ActionSerializer``'s declared fields, each rendered as DRF renders
    that field (a ``CharField`` by ``str``, a date-time by DRF's own ``DateTimeField``, a JSON or choice
    field as stored, None as None), written out here because DRF's generic walk over 21 bound fields was the
    largest part of a proposal's answer. ``actions/tests/test_serializers.py`` holds it equal to
    ``ModelSerializer.to_representation`` of the serializer in every state, so a field added to the
    serializer and not here fails there."""
    agent = a.agent if a.agent_id is not None else None
    decider = a.decided_by if a.decided_by_id is not None else None
    return {
        "id": str(a.id),
        "project": str(a.project_id),
        "agent": str(agent.name) if agent is not None and agent.name is not None else None,
        "task": str(a.task_id) if a.task_id is not None else None,
        "action_type": str(a.action_type),
        "payload": a.payload,
        # of the payload shown here, not the stored column: what a decision bound to it is checked against
        "payload_hash": a.__dict__.get("payload_hash_shown") or payload_hash(a.payload),
        "status": a.status,
        "reason": str(a.reason),
        "message": str(a.message),
        "scope_root": str(a.scope_root),
        "segments": a.segments,
        "decided_by": str(decider.get_username()) if decider is not None else None,
        "decided_at": _when(a.decided_at),
        "result": a.result,
        "settled": a.is_settled,
        "created_at": _when(a.created_at),
        "updated_at": _when(a.updated_at),
        "approvals": quorum.approvals_view(a),
        "expires_at": _expires_at(a),
        "decision_message": str(a.decision_message),
        "execute_after": _when(a.execute_after),
    }


class ShownPayloadSerializer(serializers.Serializer):
    """A decision's optional binding to the payload its caller read: left out, the call decides the action as
    it is (as before); given, it decides only that payload, else 409 ``payload_changed_since_shown``."""

    payload_hash = serializers.CharField(
        required=False,
        trim_whitespace=False,  # a hash is taken as sent: " 1a2b…" is not one
        help_text="optional: the SHA-256 (64 lowercase hex digits, or their first 16) of the payload you read, "
        "as brabo_client.payload_hash.payload_hash computes it (sorted compact JSON, whole-number floats as "
        "integers); given, the call decides only that payload: 409 payload_changed_since_shown when the "
        "action's payload is not that one now. Left out, the action is decided as it is.",
    )

    def validate_payload_hash(self, value: str) -> str:
        sent = self.initial_data.get("payload_hash") if hasattr(self.initial_data, "get") else value
        if not shown.well_formed_hash(sent):  # as sent: a number is not a hash DRF would make a string of
            raise serializers.ValidationError(
                "payload_hash must be the payload's SHA-256 in lowercase hex: 64 digits, or their first 16."
            )
        return value


class DenySerializer(ShownPayloadSerializer):
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="returned to the agent as the result"
    )


class ApproveSerializer(ShownPayloadSerializer):
    message = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="your words to the agent"
    )


class ApproveAlwaysSerializer(ShownPayloadSerializer):
    pass


class AnswerSerializer(ShownPayloadSerializer):
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
