"""API authentication: agents by ``Bearer <agent key>``, people by ``Token <personal token>`` (R12.1).

An authenticated agent is represented by :class:`AgentUser` as ``request.user`` and the Agent row as
``request.auth``; views tell the two apart with :func:`request_agent`.
"""

from __future__ import annotations

from rest_framework import authentication, exceptions

from .models import Agent, PersonalToken


class AgentUser:
    """The request.user of an agent call: authenticated, never staff, never a person."""

    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    is_agent = True

    def __init__(self, agent: Agent):
        self.agent = agent
        self.pk = None
        self.id = None
        self.username = f"agent:{agent.name}"

    def __str__(self) -> str:
        return self.username

    def has_perm(self, *args, **kwargs) -> bool:
        return False


def read_key(request, scheme: str, what: str = "key") -> str | None:
    """The key of an ``Authorization: <scheme> <key>`` header; None when the header is another scheme."""
    header = authentication.get_authorization_header(request).split()
    if not header or header[0].lower() != scheme.lower().encode():
        return None
    if len(header) != 2:
        raise exceptions.AuthenticationFailed(f"Malformed Authorization header; use '{scheme} <{what}>'.")
    try:
        return header[1].decode()
    except UnicodeError:
        raise exceptions.AuthenticationFailed("The key contains invalid characters.") from None


class AgentKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        key = read_key(request, "Bearer", "agent key")
        if key is None:
            return None
        # One query loads what a proposal needs: the agent, its project (and container row, for the
        # policy's container floor) and its principal membership; the user and workspace load lazily.
        agent = next(
            iter(
                Agent.objects.select_related("project", "project__container", "principal").filter(
                    key_hash=Agent.hash_key(key)
                )[:1]
            ),
            None,
        )
        if agent is None:
            raise exceptions.AuthenticationFailed("Unknown agent key; ask a maintainer for a new one.")
        if agent.revoked_at is not None:
            raise exceptions.AuthenticationFailed(
                "This agent key was revoked; ask a maintainer for a new one."
            )
        return AgentUser(agent), agent

    def authenticate_header(self, request):
        return "Bearer"


class PersonalTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        key = read_key(request, "Token", "personal token")
        if key is None:
            return None
        token = (
            PersonalToken.objects.select_related("user").filter(key_hash=PersonalToken.hash_key(key)).first()
        )
        if token is None or token.revoked_at is not None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(
                "Invalid or revoked token; create one with create_user_token."
            )
        return token.user, token

    def authenticate_header(self, request):
        return "Token"


def request_agent(request) -> Agent | None:
    """The Agent behind this request, or None for a person."""
    return request.auth if isinstance(request.auth, Agent) else None
