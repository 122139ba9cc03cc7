"""Fair sharing: one agent or one workspace never crowds out the others.

Two kinds of cap guard ``propose_action``, each per agent (or per person, for proposals made from the
console) and per workspace, each configured by the operator (``BRABO_CAP_*`` in settings):

- **the proposal rate**: a token bucket — ``rate`` proposals per second sustained, ``burst`` at once. The
  buckets live in Redis when ``BRABO_REDIS_URL`` is set (one atomic Lua script takes from the agent's and the
  workspace's bucket together, all or nothing, on Redis's own clock, so every web process and host shares
  them), in this process otherwise. Redis unreachable: the process's own buckets stand in, so a Redis fault
  neither lifts the caps nor stops every proposal.
- **pending actions**: the actions still waiting for a person. Checked only for a proposal that would itself
  be pending, by an indexed scan that stops after ``cap`` rows (``action_agent_pending_idx``,
  ``action_queue_idx``) — never a COUNT over the log — so its cost does not grow with a tenant's history or
  with another tenant's load.

A refusal is a :class:`~brabo.errors.DomainError` with status 429, a named reason and ``retry_after`` (the
``Retry-After`` header). A refused proposal stores nothing, and an ``Idempotency-Key`` retry of it runs again
(projects.idempotency stores no answer for a request that raised); a replayed answer never reaches here, so
a replay is not a new proposal. Concurrent proposals can pass the pending check together: the cap holds to
within the number of proposals in flight at once for one agent, which the rate cap bounds.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any

from django.conf import settings
from django.db import connections

from brabo import redis_thread
from brabo.errors import DomainError
from projects.models import Project

from .models import PENDING, ProposedAction

log = logging.getLogger(__name__)

# After a Redis fault, use this process's buckets for this long before trying Redis again, so a dead Redis
# costs one failed call per interval, not one per proposal.
REDIS_RETRY_AFTER = 5.0
KEY_PREFIX = "brabo:rate:"

# KEYS: the buckets; ARGV: rate and burst of each, in order. Takes one token from every bucket or from none;
# answers "<seconds until every bucket has one> <1-based index of the bucket that is shortest, 0 if taken>"
# as text (Lua numbers reach the client as integers). Redis's TIME is the clock, so web processes on different hosts agree.
_TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local wait = 0
local short = 0
local tokens = {}
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[2 * i - 1])
  local burst = tonumber(ARGV[2 * i])
  local state = redis.call('HMGET', key, 'tokens', 'ts')
  local have = tonumber(state[1]) or burst
  local ts = tonumber(state[2]) or now
  have = math.min(burst, have + math.max(0, now - ts) * rate)
  tokens[i] = have
  if have < 1 and (1 - have) / rate > wait then
    wait = (1 - have) / rate
    short = i
  end
end
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[2 * i - 1])
  local burst = tonumber(ARGV[2 * i])
  local have = tokens[i]
  if wait == 0 then have = have - 1 end
  redis.call('HSET', key, 'tokens', tostring(have), 'ts', tostring(now))
  redis.call('EXPIRE', key, math.ceil(burst / rate) + 1)
end
return tostring(wait) .. ' ' .. tostring(short)
"""


class _LocalBuckets:
    """The same buckets in this process (no Redis, or Redis unreachable)."""

    MAX_KEYS = 100_000  # a bound on memory: full buckets are forgotten first (they hold no state)

    def __init__(self):
        self._lock = threading.Lock()
        self._state: dict[str, tuple[float, float]] = {}

    def take(self, buckets: list[tuple[str, float, float]]) -> tuple[float, int]:
        now = time.monotonic()
        with self._lock:
            levels = []
            wait, short = 0.0, -1
            for i, (key, rate, burst) in enumerate(buckets):
                have, ts = self._state.get(key, (burst, now))
                have = min(burst, have + max(0.0, now - ts) * rate)
                levels.append(have)
                if have < 1 and (1 - have) / rate > wait:
                    wait, short = (1 - have) / rate, i
            for (key, _rate, _burst), have in zip(buckets, levels, strict=True):
                self._state[key] = (have - 1 if wait == 0 else have, now)
            if len(self._state) > self.MAX_KEYS:
                self._forget(now)
            return wait, short

    def _forget(self, now: float) -> None:
        # Past the bound, the tenth touched longest ago goes: a bucket idle for long is full again, the same
        # as no bucket, so forgetting it changes nothing unless it was touched within seconds.
        by_age = sorted(self._state, key=lambda k: self._state[k][1])
        for k in by_age[: max(len(by_age) // 10, 1)]:
            self._state.pop(k, None)

    def clear(self) -> None:
        with self._lock:
            self._state.clear()


_local = _LocalBuckets()
_redis_lock = threading.Lock()
_redis_scripts: dict[str, Any] = {}
_redis_down_until = 0.0
REDIS_TIMEOUT = 0.5


def _redis_script(url: str):
    script = _redis_scripts.get(url)
    if script is None:
        with _redis_lock:
            script = _redis_scripts.get(url)
            if script is None:
                import redis  # only with BRABO_REDIS_URL: the embedded default never loads it

                # the script's text and SHA1, once per process; it runs on a thread's connection (below)
                client = redis.Redis.from_url(url, socket_timeout=REDIS_TIMEOUT)
                script = _redis_scripts[url] = client.register_script(_TAKE)
    return script


def _thread_client(url: str):
    """This thread's client for the caps' script (``brabo.redis_thread``): one connection the thread keeps, so
    a proposal does not borrow and give back a pooled connection; one the server closed is replaced on the
    call that finds it so."""
    return redis_thread.client(url, REDIS_TIMEOUT)


def _evalsha(url: str, keys: list[str], args: list[float]) -> bytes:
    """The caps' script by its SHA1 on this thread's connection; a Redis that lost it (a restart, SCRIPT
    FLUSH) gets its text once more, as redis-py's ``Script`` does."""
    import redis

    script = _redis_script(url)
    client = _thread_client(url)
    command = ("EVALSHA", script.sha, len(keys), *keys, *args)
    (reply,) = redis_thread.run(client, [command])
    if isinstance(reply, redis.exceptions.NoScriptError):
        redis_thread.run(client, [("SCRIPT", "LOAD", _TAKE)])
        (reply,) = redis_thread.run(client, [command])
    if isinstance(reply, Exception):
        raise reply
    return reply


def _take(buckets: list[tuple[str, float, float]]) -> tuple[float, int]:
    """(seconds to wait, index of the bucket that refused); (0, -1) when a token was taken."""
    global _redis_down_until
    url = settings.BRABO_REDIS_URL
    if url and time.monotonic() >= _redis_down_until:
        try:
            keys = [KEY_PREFIX + key for key, _rate, _burst in buckets]
            args = [v for _key, rate, burst in buckets for v in (rate, burst)]
            wait, short = _evalsha(url, keys, args).split()
            return float(wait), int(short) - 1
        except Exception as exc:  # redis.RedisError, a bad answer: never fail the proposal for it
            _drop_thread_client(url)  # the next try after the pause starts on a fresh connection
            _redis_down_until = time.monotonic() + REDIS_RETRY_AFTER
            log.warning("rate caps: Redis unavailable (%s); using this process's buckets", exc)
    return _local.take(buckets)


def _drop_thread_client(url: str) -> None:
    redis_thread.drop(url, REDIS_TIMEOUT)


def _refuse_rate(whose: str, rate: float, burst: float, wait: float) -> DomainError:
    seconds = max(1, math.ceil(wait))
    return DomainError(
        f"Proposals from {whose} arrive faster than this server allows ({rate:g} per second, bursts of "
        f"{burst:g}); nothing was created. Retry after {seconds} s (Retry-After), and slow down.",
        status=429,
        reason="proposal_rate_exceeded",
        retry_after=seconds,
    )


def check_rate(project, agent=None, user=None) -> None:
    """Take one proposal from the caller's and the workspace's buckets, or raise a 429."""
    buckets: list[tuple[str, float, float]] = []
    per_agent = settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT
    if per_agent:
        who = f"agent:{agent.pk}" if agent is not None else f"user:{getattr(user, 'pk', '')}"
        buckets.append((who, per_agent, settings.BRABO_CAP_PROPOSAL_BURST_PER_AGENT))
    per_ws = settings.BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE
    if per_ws:
        buckets.append(
            (f"workspace:{project.workspace_id}", per_ws, settings.BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE)
        )
    if not buckets:
        return
    wait, short = _take(buckets)
    if wait <= 0:
        return
    key, rate, burst = buckets[short]
    if key.startswith("workspace:"):
        whose = "this workspace"
    elif agent is not None:
        whose = f"agent {agent.name}"
    else:
        whose = "you"
    raise _refuse_rate(whose, rate, burst, wait)


_PENDING_SQL: dict[str, str] = {}


def _pending_sql(connection) -> str:
    """One hand-built statement for both counts, each a subquery that stops after ``cap`` rows: the agent's
    along ``action_agent_pending_idx``, the workspace's along ``action_queue_idx`` per project. Built once
    per connection vendor (an ORM query here cost more CPU to compile than to run)."""
    sql = _PENDING_SQL.get(connection.alias)
    if sql is None:
        qn = connection.ops.quote_name
        actions = qn(ProposedAction._meta.db_table)
        projects = qn(Project._meta.db_table)
        sql = _PENDING_SQL[connection.alias] = (
            f"SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM {actions} WHERE agent_id = %s AND status = %s "
            f"LIMIT %s) AS mine), "
            f"(SELECT COUNT(*) FROM (SELECT 1 FROM {actions} WHERE status = %s AND project_id IN "
            f"(SELECT id FROM {projects} WHERE workspace_id = %s) LIMIT %s) AS ours)"
        )
    return sql


def check_pending(project, agent=None) -> None:
    """R8.4, fair sharing — refuse a proposal that would be pending past the agent's or workspace's cap."""
    per_agent = settings.BRABO_CAP_PENDING_PER_AGENT if agent is not None else 0
    per_ws = settings.BRABO_CAP_PENDING_PER_WORKSPACE
    if not per_agent and not per_ws:
        return
    connection = connections[ProposedAction.objects.db]
    pk = ProposedAction._meta.get_field("agent").target_field
    agent_id = pk.get_db_prep_value(agent.pk, connection) if agent is not None else None
    ws_id = Project._meta.get_field("workspace").target_field.get_db_prep_value(
        project.workspace_id, connection
    )
    with connection.cursor() as cursor:
        cursor.execute(_pending_sql(connection), [agent_id, PENDING, per_agent, PENDING, ws_id, per_ws])
        mine, ours = cursor.fetchone()
    if per_agent and mine >= per_agent:
        raise _refuse_pending(f"agent {agent.name} already has {per_agent}", per_agent)
    if per_ws and ours >= per_ws:
        raise _refuse_pending(f"this workspace already has {per_ws}", per_ws)


def _refuse_pending(what: str, cap: int) -> DomainError:
    return DomainError(
        f"{what} actions waiting for a person, the most this server allows; nothing was created. A person "
        "decides some (console queue, or POST /api/actions/{id}/approve/ or /deny/), then retry.",
        status=429,
        reason="too_many_pending_actions",
        retry_after=30,
    )
