"""`manage.py serve` — the development server plus, when a broker is configured, a Celery worker.

Without CELERY_BROKER_URL tasks run in-process (eager), so nothing else is started.
"""

import os
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Serve the API and admin; start a Celery worker alongside when CELERY_BROKER_URL is set."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args, addr, **options):
        worker = None
        if settings.CELERY_BROKER_URL:
            self.stdout.write(f"starting a Celery worker on {settings.CELERY_BROKER_URL}")
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "brabo", "worker", "-l", "warning", "-c", "2"],
                env=os.environ.copy(),
            )
        else:
            self.stdout.write("no CELERY_BROKER_URL: approved actions execute in-process")
        try:
            call_command("runserver", addr, use_reloader=False)
        finally:
            if worker is not None:
                worker.terminate()
                worker.wait(timeout=10)
