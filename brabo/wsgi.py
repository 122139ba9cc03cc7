"""WSGI entry point (gunicorn brabo.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")
application = get_wsgi_application()
