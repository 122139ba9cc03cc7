"""Console fixtures: members log in to the admin with a session, agents propose through the real API."""

from __future__ import annotations

import pytest
from django.test import Client

from actions.tests.conftest import Proposer


@pytest.fixture
def agent_api(team):
    return Proposer(team)


@pytest.fixture
def login():
    def _login(user) -> Client:
        c = Client()
        c.force_login(user)
        return c

    return _login
