"""Kombu's Redis transport with one publishing client per channel.

Kombu's Redis channel builds a new ``redis.Redis`` client for every message it publishes
(``conn_or_acquire`` -> ``_create_client``); with redis-py 8 building one registers ~170 response callbacks,
and a profile of ``POST /api/actions/`` showed that on every proposal that enqueues an execution or a
notification. The client object holds no connection of its own (it borrows from the channel's pool for each
command, and redis-py's pool resets itself in a forked child), so one per channel serves every publish the
same way. Consuming is untouched: it uses kombu's asynchronous client, as before.

Selected by ``CELERY_BROKER_TRANSPORT`` in settings when the broker URL is ``redis://``.
"""

from __future__ import annotations

from contextlib import contextmanager

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _publishing_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        if self._publishing_client is None:
            self._publishing_client = self._create_client()
        yield self._publishing_client


class Transport(kombu_redis.Transport):
    Channel = Channel
