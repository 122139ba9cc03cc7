"""`manage.py serve` — the development server, with the periodic jobs (reaper, vanished-waiter watch) running.

With CELERY_BROKER_URL a Celery worker starts alongside, with beat embedded (`-B`). Without it tasks run
in-process (eager), and a daemon thread runs the same beat schedule (`brabo/celery.py`) in this process.
"""

import os
import subprocess
import sys
import threading

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import close_old_connections


def run_periodic_jobs(names=None) -> dict[str, object]:
    """Run the beat schedule's tasks once, here (eager); returns each task's result. A failing job is
    reported and does not stop the others."""
    from brabo.celery import app

    app.loader.import_default_modules()  # autodiscovery: register the apps' tasks, as a worker does
    results = {}
    for entry, spec in app.conf.beat_schedule.items():
        if names is not None and entry not in names:
            continue
        try:
            results[entry] = app.tasks[spec["task"]].apply().get(propagate=True)
        except Exception as exc:  # keep the dev server up; say what failed
            results[entry] = exc
            sys.stderr.write(f"periodic job {entry} failed: {exc}\n")
    return results


def _in_process_beat(stop: threading.Event) -> None:
    from brabo.celery import app

    period = min(float(spec["schedule"]) for spec in app.conf.beat_schedule.values())
    while not stop.wait(period):
        try:
            run_periodic_jobs()
        finally:
            close_old_connections()  # this thread's connection, as a request's end would


class Command(BaseCommand):
    help = (
        "Serve the API and admin with the periodic jobs; start a Celery worker when CELERY_BROKER_URL is set."
    )

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args, addr, **options):
        worker = None
        stop = threading.Event()
        if settings.CELERY_BROKER_URL:
            self.stdout.write(f"starting a Celery worker (with beat) on {settings.CELERY_BROKER_URL}")
            schedule = os.path.join(settings.VAR_DIR, "celerybeat-schedule")
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "brabo", "worker", "-B", "-s", schedule]
                + ["-l", "warning", "-c", "2"],
                env=os.environ.copy(),
            )
        else:
            self.stdout.write("no CELERY_BROKER_URL: approved actions and periodic jobs run in-process")
            threading.Thread(target=_in_process_beat, args=(stop,), name="periodic-jobs", daemon=True).start()
        try:
            call_command("runserver", addr, use_reloader=False)
        finally:
            stop.set()
            if worker is not None:
                worker.terminate()
                worker.wait(timeout=10)
