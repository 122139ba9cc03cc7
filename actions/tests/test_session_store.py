"""A signed-in session that ends announces its person (their open waits and streams re-read what let them in),
and clearing expired sessions stays one bulk delete: it announces nobody and decodes no row (an expired session
lets no wait or stream in again -- their fence re-reads it and finds it gone)."""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from actions import waiting

pytestmark = pytest.mark.django_db


def _store():
    return import_module(settings.SESSION_ENGINE).SessionStore


def _signed_in(user_id, *, expired: bool = False) -> str:
    store = _store()()
    store[SESSION_KEY] = str(user_id)
    store.create()
    if expired:
        Session.objects.filter(session_key=store.session_key).update(
            expire_date=timezone.now() - timedelta(days=1)
        )
    return store.session_key


@pytest.fixture
def announced(monkeypatch):
    keys: list[str] = []
    monkeypatch.setattr(waiting, "publish_now", keys.append)
    return keys


@pytest.mark.parametrize("how", ["delete", "flush", "cycle_key"])
def test_a_session_ended_announces_its_person(
    django_user_model, announced, django_capture_on_commit_callbacks, how
):
    person = django_user_model.objects.create_user("ends")
    key = _signed_in(person.pk)
    store = _store()(key)
    store.load()
    with django_capture_on_commit_callbacks(execute=True):
        getattr(store, how)()
    assert not Session.objects.filter(session_key=key).exists()
    assert waiting.person_key(person.pk) in announced


def test_a_session_of_nobody_announces_nobody(announced, django_capture_on_commit_callbacks):
    store = _store()()
    store["cart"] = 1
    store.create()
    with django_capture_on_commit_callbacks(execute=True):
        store.delete()
    assert announced == []


def test_clearing_expired_sessions_is_one_bulk_delete(
    django_user_model, announced, django_capture_on_commit_callbacks
):
    people = [django_user_model.objects.create_user(f"old{i}") for i in range(5)]
    expired = [_signed_in(p.pk, expired=True) for p in people]
    live = _signed_in(people[0].pk)
    with django_capture_on_commit_callbacks(execute=True), CaptureQueriesContext(connection) as queries:
        call_command("clearsessions")
    assert not Session.objects.filter(session_key__in=expired).exists()
    assert Session.objects.filter(session_key=live).exists()
    assert announced == []
    # one DELETE ... WHERE expire_date < now, no SELECT of the rows to decode them one by one
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    assert statements.count("SELECT") == 0, queries.captured_queries
