"""Runner authentication: ``Authorization: Bearer brabo_runner_…`` (R9.3). Used only by the runner views."""

from __future__ import annotations

from rest_framework import authentication, exceptions, permissions

from projects.authentication import KeyPrincipal, read_key
from projects.key_use import retired_holder

from .models import Runner


class RunnerPrincipal(KeyPrincipal):
    """request.user of a runner call: never a person, never an agent."""

    is_runner = True

    def __init__(self, runner: Runner):
        super().__init__("runner", runner.name)
        self.runner = runner


class RunnerKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        key = read_key(request, "Bearer", "runner key")
        if key is None:
            return None
        if not key.startswith(Runner.KEY_PREFIX):
            raise exceptions.AuthenticationFailed("This endpoint takes a runner key (brabo_runner_…).")
        key_hash = Runner.hash_key(key)
        runner = Runner.objects.select_related("project").filter(key_hash=key_hash).first()
        if runner is None:  # a rotated-out key works while its overlap window lasts
            holder = retired_holder("runner", key_hash)
            runner = Runner.objects.select_related("project").filter(pk=holder).first() if holder else None
        if runner is None or runner.revoked_at is not None:
            raise exceptions.AuthenticationFailed(
                "Unknown or revoked runner key; ask a maintainer to register it again."
            )
        return RunnerPrincipal(runner), runner

    def authenticate_header(self, request):
        return "Bearer"


class IsRunner(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        return isinstance(request.auth, Runner)
