"""Shapes of the actions API (R12.4)."""

from __future__ import annotations

from rest_framework import serializers

from permissions.action_types import ACTION_TYPES

from .models import ProposedAction, SessionEvent


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


class ActionSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id")
    agent = serializers.SerializerMethodField()
    task = serializers.SerializerMethodField()
    scopeRoot = serializers.CharField(source="scope_root")
    decided_by = serializers.SerializerMethodField()
    settled = serializers.BooleanField(source="is_settled")

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
            "scopeRoot",
            "segments",
            "decided_by",
            "decided_at",
            "result",
            "settled",
            "created_at",
            "updated_at",
        ]

    def get_agent(self, a) -> str | None:
        return a.agent.name if a.agent_id else None

    def get_task(self, a) -> str | None:
        return str(a.task_id) if a.task_id else None

    def get_decided_by(self, a) -> str | None:
        return a.decided_by.get_username() if a.decided_by_id else None


class DenySerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)


class EventSerializer(serializers.ModelSerializer):
    action = serializers.SerializerMethodField()
    actor = serializers.SerializerMethodField()

    class Meta:
        model = SessionEvent
        fields = ["id", "type", "actor", "action", "payload", "created_at"]

    def get_action(self, e) -> str | None:
        return str(e.action_id) if e.action_id else None

    def get_actor(self, e) -> dict:
        return {"kind": e.actor_kind, "id": e.actor_id, "label": e.actor_label}
