"""Request and response shapes of the tenancy endpoints (R12.4). Ids are opaque strings."""

from __future__ import annotations

from rest_framework import serializers

from brabo.storable import json_problem
from permissions.action_types import ACTION_TYPES, MODES, ROLES, WILDCARD

from .models import (
    EXECUTION_MODES,
    Agent,
    AutonomyRule,
    Membership,
    Project,
    Task,
    Workspace,
    WorkspaceCredentials,
)


class WorkspaceSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    owner = serializers.CharField(source="owner.username", read_only=True)
    role = serializers.SerializerMethodField()

    class Meta:
        model = Workspace
        fields = ["id", "name", "owner", "role", "created_at"]
        read_only_fields = ["created_at"]

    def get_role(self, ws) -> str | None:
        roles = self.context.get("roles") or {}
        return roles.get(ws.id)


class MemberSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    user_id = serializers.CharField(source="user.id", read_only=True)

    class Meta:
        model = Membership
        fields = ["user_id", "username", "role", "restricted", "created_at"]


class MemberWriteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(
        choices=[r for r in ROLES if r != "owner"],
        error_messages={
            "invalid_choice": "{input} is not a role you can grant; use developer or maintainer."
        },
    )


class MemberAccessSerializer(serializers.Serializer):
    projects = serializers.ListField(
        child=serializers.UUIDField(),
        allow_null=True,
        help_text="Project ids the member may reach; null lifts the restriction.",
    )


class CredentialsStatusSerializer(serializers.ModelSerializer):
    """What the API may say about credentials: whether each is set and when — never the value (R1.2)."""

    provider_token_set = serializers.SerializerMethodField()
    model_key_set = serializers.SerializerMethodField()
    # who set each secret, and whether the provider token waits for the owner's confirmation
    provider_token_set_by = serializers.CharField(
        source="provider_token_set_by.username", read_only=True, default=None, allow_null=True
    )
    provider_token_confirmed_by = serializers.CharField(
        source="provider_token_confirmed_by.username", read_only=True, default=None, allow_null=True
    )
    provider_token_needs_confirmation = serializers.SerializerMethodField(
        help_text="True when the token was set by someone who is not the owner now (a previous owner): git "
        "provider actions fail with owner_token_stale until the owner replaces it or confirms it "
        "(POST credentials/confirm/)."
    )
    model_key_set_by = serializers.CharField(
        source="model_key_set_by.username", read_only=True, default=None, allow_null=True
    )

    class Meta:
        model = WorkspaceCredentials
        fields = [
            "provider_kind",
            "provider_base_url",
            "provider_token_set",
            "provider_token_set_at",
            "provider_token_set_by",
            "provider_token_confirmed_by",
            "provider_token_confirmed_at",
            "provider_token_needs_confirmation",
            "model_key_set",
            "model_key_set_at",
            "model_key_set_by",
        ]

    def get_provider_token_set(self, c) -> bool:
        return bool(c.provider_token_encrypted)

    def get_provider_token_needs_confirmation(self, c) -> bool:
        return c.provider_token_stale(c.workspace.owner_id)

    def get_model_key_set(self, c) -> bool:
        return bool(c.model_key_encrypted)


class CredentialsWriteSerializer(serializers.Serializer):
    provider_kind = serializers.ChoiceField(choices=["github", "gitlab", "local"], required=False)
    provider_base_url = serializers.URLField(required=False, allow_blank=True, max_length=200)
    provider_token = serializers.CharField(
        required=False, allow_blank=True, write_only=True, trim_whitespace=True, max_length=4096
    )
    model_key = serializers.CharField(
        required=False, allow_blank=True, write_only=True, trim_whitespace=True, max_length=4096
    )

    def _secret(self, value: str, name: str) -> str:
        # It travels in an HTTP header: anything but visible ASCII would fail every later call, not this one.
        if value and not all(33 <= ord(c) <= 126 for c in value):
            raise serializers.ValidationError(
                f"{name} must be visible ASCII characters only, as the provider issued it; check for a stray "
                "character from copying."
            )
        return value

    def validate_provider_token(self, value: str) -> str:
        return self._secret(value, "the provider token")

    def validate_model_key(self, value: str) -> str:
        return self._secret(value, "the model key")


class ProjectSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    workspace = serializers.UUIDField(source="workspace_id")
    execution_mode = serializers.ChoiceField(
        choices=[m for m, _ in EXECUTION_MODES],
        default="container",
        error_messages={
            "invalid_choice": "{input} is not an execution mode; use container, mounted, runner or local."
        },
    )
    local_path = serializers.CharField(required=False, allow_blank=True, max_length=4096)
    protected_branches = serializers.ListField(child=serializers.CharField(max_length=200), required=False)
    module_map = serializers.DictField(required=False)
    max_parallel = serializers.IntegerField(required=False, min_value=1, max_value=64)
    repository = serializers.CharField(
        required=False, allow_blank=True, max_length=300, help_text="owner/name on the provider"
    )
    git_remote_url = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=1000,
        help_text="where git_push pushes: https://host/owner/name.git, or a bare repository in the "
        "workspace's local git folder",
    )
    default_branch = serializers.CharField(required=False, max_length=200)

    class Meta:
        model = Project
        fields = [
            "id",
            "workspace",
            "name",
            "slug",
            "workspace_dir_name",
            "execution_mode",
            "local_path",
            "protected_branches",
            "module_map",
            "max_parallel",
            "repository",
            "git_remote_url",
            "default_branch",
            "execution_active",
            "created_at",
        ]
        read_only_fields = ["slug", "workspace_dir_name", "execution_active", "created_at"]
        extra_kwargs: dict[str, dict] = {"name": {"validators": []}}

    def validate_module_map(self, value):
        problem = json_problem(value, "module_map")
        if problem:
            raise serializers.ValidationError(f"{problem}; send UTF-8 text and finite numbers only.")
        for module, decl in value.items():
            if not isinstance(decl, dict):
                raise serializers.ValidationError(f"module {module!r} must map to {{cpu?, memory_mb?}}.")
            for key, amount in decl.items():
                if key not in ("cpu", "memory_mb"):
                    raise serializers.ValidationError(
                        f"module {module!r}: unknown resource {key!r}; use cpu or memory_mb."
                    )
                if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0:
                    raise serializers.ValidationError(f"module {module!r}: {key} must be a positive number.")
        return value


class ProjectGitSerializer(serializers.Serializer):
    """PATCH /api/projects/{id}/: where the code lives. Validated by ``projects.git_settings``."""

    repository = serializers.CharField(required=False, allow_blank=True, max_length=300)
    git_remote_url = serializers.CharField(required=False, allow_blank=True, max_length=1000)
    default_branch = serializers.CharField(required=False, max_length=200)

    def validate(self, attrs):
        unknown = (
            sorted(set(self.initial_data) - set(self.fields)) if isinstance(self.initial_data, dict) else []
        )
        if unknown:
            raise serializers.ValidationError(
                f"only repository, git_remote_url and default_branch can be changed here, not {', '.join(unknown)}."
            )
        return attrs


class AgentSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id", read_only=True)
    principal = serializers.CharField(source="principal.user.username", read_only=True)
    revoked = serializers.SerializerMethodField()

    class Meta:
        model = Agent
        fields = ["id", "project", "name", "kind", "principal", "revoked", "created_at"]

    def get_revoked(self, a) -> bool:
        return a.revoked_at is not None


class AgentCreateSerializer(serializers.Serializer):
    name = serializers.RegexField(
        r"^[a-z0-9][a-z0-9-]{0,79}$",
        error_messages={
            "invalid": "use lowercase letters, digits and dashes, e.g. dev-api, dev-lead, infra."
        },
    )
    principal = serializers.CharField(max_length=150, help_text="Username of the member the agent acts for.")
    kind = serializers.CharField(max_length=40, required=False, default="custom")


class AutonomyRowSerializer(serializers.ModelSerializer):
    action_type = serializers.ChoiceField(
        choices=[WILDCARD, *ACTION_TYPES],
        error_messages={"invalid_choice": "{input} is not an action type; use one of the 20 types or '*'."},
    )
    mode = serializers.ChoiceField(
        choices=list(MODES),
        error_messages={"invalid_choice": "{input} is not a mode; use " + ", ".join(MODES) + "."},
    )

    class Meta:
        model = AutonomyRule
        fields = ["action_type", "mode"]


class TaskSerializer(serializers.ModelSerializer):
    id = serializers.CharField(read_only=True)
    project = serializers.CharField(source="project_id", read_only=True)

    class Meta:
        model = Task
        fields = [
            "id",
            "project",
            "title",
            "status",
            "pr_reference",
            "blocked_reason",
            "blocked_source",
            "updated_at",
        ]
        read_only_fields = ["status", "blocked_reason", "blocked_source", "updated_at"]


class PermissionsSerializer(serializers.Serializer):
    """permissions.json (R3.1). Validation is the engine's own parser, in services.replace_permissions."""

    allow = serializers.ListField(child=serializers.CharField(), required=False)
    deny = serializers.ListField(child=serializers.CharField(), required=False)
    ask = serializers.ListField(child=serializers.CharField(), required=False)


class PolicyAcceptSerializer(serializers.Serializer):
    """The version reviewed: accepting refuses with 409 when the file changed since (R3.5)."""

    sha256 = serializers.RegexField(r"^[0-9a-f]{64}$|^$", required=False)


class _PolicyVersionSerializer(serializers.Serializer):
    content = serializers.CharField(allow_null=True)
    sha256 = serializers.CharField()


class _AcceptedVersionSerializer(_PolicyVersionSerializer):
    accepted_by = serializers.CharField(allow_null=True)
    accepted_at = serializers.DateTimeField(allow_null=True)
    # a declared field, not Field.source: the serializer metaclass moves it into _declared_fields
    source = serializers.CharField(allow_null=True)  # type: ignore[assignment]


class _DiskVersionSerializer(_PolicyVersionSerializer):
    error = serializers.CharField(allow_null=True)


class PolicyStatusSerializer(serializers.Serializer):
    """R3.5 — the accepted policy (in force), the file on disk, and their diff when they differ."""

    changed_outside_brabo = serializers.BooleanField()
    accepted = _AcceptedVersionSerializer()
    on_disk = _DiskVersionSerializer()
    diff = serializers.ListField(child=serializers.CharField())
