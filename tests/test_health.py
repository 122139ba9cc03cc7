"""/healthz (alive) and /readyz (database and broker reachable, else 503 naming what is down)."""

from __future__ import annotations

import pytest


def test_healthz_answers_without_touching_the_database(client):
    r = client.get("/healthz")  # no django_db mark: any database access would fail this test
    assert r.status_code == 200 and r.json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_is_200_when_the_database_and_the_broker_answer(client, settings):
    if settings.CELERY_BROKER_URL and not settings.CELERY_BROKER_URL.startswith("redis"):
        pytest.skip("a broker this test cannot reach")
    r = client.get("/readyz")
    assert r.status_code == 200, r.content
    assert r.json()["checks"] == {"database": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_readyz_is_503_naming_the_broker_when_it_is_down(client, settings):
    from tests.served import free_port

    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    r = client.get("/readyz")
    assert r.status_code == 503
    body = r.json()
    assert body["reason"] == "not_ready" and body["checks"]["database"] == "ok"
    assert body["checks"]["broker"].startswith("the broker does not answer")
