"""Fixtures of the fault-injection suite. Every service a case stops or kills is its own private
instance (tests/served.py); the shared PostgreSQL and Redis are never touched."""

from __future__ import annotations

import pytest

from tests.served import PrivateRedis


@pytest.fixture
def private_redis(tmp_path):
    redis = PrivateRedis(tmp_path)
    yield redis
    redis.stop()


@pytest.fixture
def person_token(team):
    """An API token of the workspace owner (``Authorization: Token <key>``), for HTTP calls to a server."""
    from projects.models import PersonalToken

    _, key = PersonalToken.issue(team.owner)
    return {"Authorization": f"Token {key}"}
