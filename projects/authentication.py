"""API authentication: agents by ``Bearer <agent key>``, people by ``Token <personal token>`` (R12.1).

An authenticated agent is represented by :class:`AgentUser` as ``request.user`` and the Agent row as
``request.auth``; views tell the two apart with :func:`request_agent`.
"""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Protocol, cast

from django.db import connections
from django.utils import timezone
from rest_framework import authentication, exceptions

from brabo.errors import DomainError
from brabo.sql import Projection, fetch_one

from .key_use import retired_holder, touch_last_used
from .models import Agent, Membership, PersonalToken, Project
from .team_models import RetiredKey


class KeyPrincipal:
    """The request.user of a call made with a machine's key (an agent's or a runner's): authenticated,
    never staff, never a person, holding no Django permission."""

    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    is_agent = False
    is_runner = False
    pk = id = None

    def __init__(self, kind: str, name: str):
        self.username = f"{kind}:{name}"

    def __str__(self) -> str:
        return self.username

    def has_perm(self, *args, **kwargs) -> bool:
        return False


class AgentUser(KeyPrincipal):
    """The request.user of an agent call."""

    is_agent = True

    def __init__(self, agent: Agent):
        super().__init__("agent", agent.name)
        self.agent = agent


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


class Rider(Protocol):
    """Columns a caller adds to the lookup's statement, read in the same round trip (the proposal
    route reads its inputs with the agent). Authentication does not look at them; the rider keeps them."""

    def columns(self, connection, agent: str, project: str) -> tuple[str, list] | None:
        """A SELECT-list fragment over the quoted aliases of the agent's and project's rows, and its
        parameters; None: nothing to add on this database (the caller reads them itself)."""

    def read(self, values: tuple) -> None:
        """The fragment's values, in its order, for the row found."""


class _AgentLookup:
    """One statement loads who the caller is: the agent, its project and its principal membership (the
    agent's role; a suspended agent has none). Hand-built (``brabo.sql``) because it runs on every agent
    call; the user and workspace still load lazily through the ORM when something asks for them. What a
    proposal decides against (autonomy rows, the container) is the proposal loader's to read
    (``actions.policy_input``): authentication only authenticates."""

    def __init__(self):
        self.agent = Projection(Agent, "a")
        self.project = Projection(Project, "p")
        self.principal = Projection(Membership, "m")
        self.parts = (self.agent, self.project, self.principal)
        self._sql: dict[tuple[str, str], str] = {}

    def sql(self, connection, extra: str = "") -> str:
        key = (connection.alias, extra)
        if key not in self._sql:
            qn = connection.ops.quote_name
            a, p, m = (qn(x.alias) for x in self.parts)

            def col(model, name: str) -> str:
                return qn(model._meta.get_field(name).column)

            self._sql[key] = (
                f"SELECT {', '.join(part.select_list(connection) for part in self.parts)}"
                + (f", {extra} " if extra else " ")
                + f"FROM {qn(Agent._meta.db_table)} {a} "
                f"JOIN {qn(Project._meta.db_table)} {p} ON {p}.{col(Project, 'id')} = {a}.{col(Agent, 'project')} "
                # LEFT: a suspended agent has no principal and must still be recognised (403, not 401)
                f"LEFT JOIN {qn(Membership._meta.db_table)} {m} "
                f"ON {m}.{col(Membership, 'id')} = {a}.{col(Agent, 'principal')} "
                f"WHERE {a}.{col(Agent, 'key_hash')} = %s"
            )
        return self._sql[key]

    def __call__(self, key_hash: str, rider: Rider | None = None, using: str = "default") -> Agent | None:
        connection = connections[using]
        qn = connection.ops.quote_name
        extra = rider.columns(connection, qn(self.agent.alias), qn(self.project.alias)) if rider else None
        if extra is None:
            row = fetch_one(connection, self.sql(connection), [key_hash])
        else:  # the rider's columns come first in the SELECT list, so do their parameters
            row = fetch_one(connection, self.sql(connection, extra[0]), [*extra[1], key_hash])
        if row is None:
            return None
        at = 0
        loaded = []
        for part in self.parts:
            loaded.append(part.load(row, at, connection))
            at += part.width
        if extra is not None and rider is not None:
            rider.read(tuple(row[at:]))
        # the agent is the statement's FROM row and its project an inner join: never None (a principal may be)
        agent, project, principal = cast(Agent, loaded[0]), loaded[1], loaded[2]
        Agent._meta.get_field("project").set_cached_value(agent, project)
        Agent._meta.get_field("principal").set_cached_value(agent, principal)
        return agent


@functools.cache
def _agent_lookup() -> _AgentLookup:
    return _AgentLookup()  # built on first use, once the app registry is ready


def agent_for_key(key: str, rider: Rider | None = None) -> Agent | None:
    """The agent holding this key (revoked or not), loaded for a proposal; None for an unknown key.
    ``rider``: columns read with it (:class:`Rider`).

    A key rotated out is still the agent's while its overlap window lasts; that lookup runs only for a key
    that matches no current key, so the hot path is unchanged."""
    key_hash = Agent.hash_key(key)
    agent = _agent_lookup()(key_hash, rider)
    if agent is None:
        holder = retired_holder("agent", key_hash)
        current = (
            Agent.objects.filter(pk=holder).values_list("key_hash", flat=True).first() if holder else None
        )
        agent = _agent_lookup()(current, rider) if current else None
    return agent


def authenticate_agent_key(key: str, rider: Rider | None = None) -> Agent:
    """The agent an ``Authorization: Bearer <key>`` call acts as, its use recorded; AuthenticationFailed for
    an unknown, runner or revoked key. The REST API (:class:`AgentKeyAuthentication`) and the MCP endpoint
    (``actions.mcp_server``) both authenticate here, so a key refused by one is refused by the other."""
    agent = agent_for_key(key, rider)
    if agent is None:
        if key.startswith("brabo_runner_"):
            raise exceptions.AuthenticationFailed(
                "This is a runner key: it works only on /api/runner/work/. Use an agent key (Bearer) or a "
                "person's token (Token) here."
            )
        raise exceptions.AuthenticationFailed(UNKNOWN_KEY)
    if agent.revoked_at is not None:
        raise exceptions.AuthenticationFailed(REVOKED_KEY)
    touch_last_used(Agent, agent.pk, agent.key_last_used_at, "key_last_used_at")
    return agent


class AgentKeyAuthentication(authentication.BaseAuthentication):
    rider: Rider | None = None  # a view's subclass may read more in the same statement (:class:`Rider`)

    def authenticate(self, request):
        key = read_key(request, "Bearer", "agent key")
        if key is None:
            return None
        agent = authenticate_agent_key(key, self.rider)
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
        touch_last_used(PersonalToken, token.pk, token.last_used_at, "last_used_at")
        return token.user, token

    def authenticate_header(self, request):
        return "Token"


def request_agent(request) -> Agent | None:
    """The Agent behind this request, or None for a person."""
    return request.auth if isinstance(request.auth, Agent) else None


REVOKED_KEY = "This agent key was revoked; ask a maintainer for a new one."
UNKNOWN_KEY = "Unknown agent key; ask a maintainer for a new one."


def suspended(name: str, why: str) -> DomainError:
    return DomainError(
        f"agent {name} is suspended: {why or 'its principal left'}. A maintainer reassigns its principal; "
        "until then it cannot act.",
        status=403,
        reason="agent_suspended",
    )


def refuse_if_suspended(agent: Agent) -> None:
    if agent.suspended_at is not None or agent.principal_id is None:
        raise suspended(agent.name, agent.suspended_reason)


class KeyFence:
    """The agent key a long wait was let in with (R8.4, R12.1). A wait outlives its authentication: the key
    may be revoked, rotated out, or its agent suspended while it waits. The wait reads :meth:`refusal` when it
    is woken (``actions.waiting.agent_key`` is announced by each of those changes) and again just before it
    answers, and answers with the refusal instead of the decision: what a fresh call with that key gets.

    A key rotated out WITH an overlap window stops at a moment nothing announces: ``ends_at`` is that moment
    (None for a current key), read with the key, and the wait wakes itself then (:meth:`seconds_left`)."""

    __slots__ = ("agent_id", "key_hash", "ends_at")

    def __init__(self, agent_id, key_hash: str, ends_at: datetime | None = None):
        self.agent_id, self.key_hash, self.ends_at = agent_id, key_hash, ends_at

    @classmethod
    def of_request(cls, request) -> KeyFence | None:
        """The fence of an agent's call (None for a person's: :class:`PersonFence` is theirs)."""
        agent = request_agent(request)
        if agent is None:
            return None
        key = read_key(request, "Bearer", "agent key")
        return cls.of_key(agent, key or "")

    @classmethod
    def of_key(cls, agent: Agent, key: str) -> KeyFence:
        key_hash = Agent.hash_key(key) if key else ""
        # a key let in that is not the agent's current one is in its overlap window: read when it ends
        ends_at = _window_end(agent.pk, key_hash) if key_hash != agent.key_hash else None
        return cls(agent.pk, key_hash, ends_at)

    @property
    def share_key(self) -> tuple:
        """Fences alike read alike: waiters of one key woken together share one read."""
        return ("fence", str(self.agent_id), self.key_hash)

    def read(self) -> tuple[Exception | None, datetime | None]:
        """(the refusal a fresh call would get, None while the key still opens Brabo as this agent; when the
        key stops by itself, None for a current key): 401 for a revoked or unknown key (a rotated-out one
        past its overlap), 403 ``agent_suspended``."""
        row = (
            Agent.objects.filter(pk=self.agent_id)
            .values_list("revoked_at", "key_hash", "suspended_at", "principal_id", "name", "suspended_reason")
            .first()
        )
        if row is None or row[0] is not None:
            return exceptions.AuthenticationFailed(REVOKED_KEY), None
        revoked_at, current, suspended_at, principal_id, name, why = row
        ends_at = None if self.key_hash == current else _window_end(self.agent_id, self.key_hash)
        if self.key_hash != current and ends_at is None:
            return exceptions.AuthenticationFailed(UNKNOWN_KEY), None
        if suspended_at is not None or principal_id is None:
            return suspended(name, why), None
        return None, ends_at

    def refusal(self) -> Exception | None:
        refusal, self.ends_at = self.read()
        return refusal

    def seconds_left(self) -> float | None:
        """Seconds until the key stops by itself (its overlap window ends), as last read; None: not by itself."""
        ends_at = self.ends_at
        return None if ends_at is None else max(0.0, (ends_at - timezone.now()).total_seconds())


def _window_end(agent_id, key_hash: str) -> datetime | None:
    """When this agent's rotated-out key stops opening Brabo; None when it is not one still in its window."""
    return (
        RetiredKey.objects.filter(
            holder_kind="agent", holder_id=agent_id, key_hash=key_hash, valid_until__gt=timezone.now()
        )
        .values_list("valid_until", flat=True)
        .first()
    )


class Fence(Protocol):
    """What an open wait or stream re-reads (:class:`KeyFence` for an agent's key, ``projects.access.
    PersonFence`` for a person's token or session)."""

    ends_at: datetime | None

    @property
    def share_key(self) -> tuple: ...

    def read(self) -> tuple[Exception | None, datetime | None]: ...

    def refusal(self) -> Exception | None: ...

    def seconds_left(self) -> float | None: ...


def refuse_if_fenced(fence: Fence | None) -> None:
    """Raise the refusal of a wait's credentials that stopped opening Brabo (nothing without a fence)."""
    refusal = fence.refusal() if fence is not None else None
    if refusal is not None:
        raise refusal
