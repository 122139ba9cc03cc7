"""WSGI entry point (gunicorn brabo.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")
application = get_wsgi_application()


def _load_broker_transport() -> None:
    """kombu imports the broker's transport (and redis-py) on the first publish: do it while the worker
    starts, so the first auto-approved proposal it serves does not wait for it (~180 ms on the bench
    machine). Nothing connects here; that still happens on first use, after any fork."""
    from django.conf import settings

    if settings.CELERY_BROKER_URL:
        from brabo.celery import app

        app.connection_for_write()


_load_broker_transport()
