"""brabo.celery_wire reads the Celery app's configuration as Celery does, at every change: one set on
``app.conf`` (how tests route their tasks or run them eagerly) and one in Django's settings."""

from __future__ import annotations

from django.test import override_settings

from brabo import celery_wire
from brabo.celery import app


def test_a_value_is_celerys_own():
    for name in ("task_default_queue", "task_always_eager", "task_serializer", "broker_url"):
        assert celery_wire.conf_value(name) == getattr(app.conf, name)
        assert celery_wire.conf_value(name) == getattr(app.conf, name)  # read again: the kept answer


def test_a_value_set_on_the_celery_app_is_read_at_once_and_so_is_its_restoring():
    previous = app.conf.task_default_queue
    assert celery_wire.queue_key() == previous
    try:
        app.conf.task_default_queue = "brabo-test-own"
        assert celery_wire.queue_key() == "brabo-test-own"
        app.conf.task_default_queue = "brabo-test-other"  # the same entry set again
        assert celery_wire.queue_key() == "brabo-test-other"
    finally:
        app.conf.task_default_queue = previous
    assert celery_wire.queue_key() == previous


def test_eager_tasks_set_on_the_app_stop_direct_messages_at_once(settings):
    settings.BRABO_CELERY_DIRECT_PUBLISH = True
    previous = app.conf.task_always_eager
    try:
        app.conf.task_always_eager = True
        assert celery_wire.available() is False
        assert celery_wire.conf_value("task_always_eager") is True
        app.conf.task_always_eager = False
        assert celery_wire.conf_value("task_always_eager") is False
    finally:
        app.conf.task_always_eager = previous


def test_a_django_setting_celery_reads_live_is_read_again_after_it_changes():
    before = celery_wire.conf_value("task_default_queue")
    with override_settings(CELERY_TASK_DEFAULT_QUEUE="brabo-test-from-settings"):
        if "task_default_queue" in app.conf.changes:  # set on the app: that wins, as in Celery
            assert celery_wire.conf_value("task_default_queue") == app.conf.task_default_queue
        else:
            assert celery_wire.conf_value("task_default_queue") == "brabo-test-from-settings"
    assert celery_wire.conf_value("task_default_queue") == before == app.conf.task_default_queue
