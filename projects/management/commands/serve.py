"""`manage.py serve` — the API and admin through the ASGI server (uvicorn, brabo/web.py), with the
periodic jobs (reaper, outbox sweep, vanished-waiter watch) running.

The server's settings are brabo/web.py's, the same production uses (compose.yaml); ``--addr`` picks the
address. With CELERY_BROKER_URL a Celery worker starts alongside, with beat embedded (`-B`), and the server
runs BRABO_WEB_WORKERS processes woken through Redis. Without it approved actions run on the process's own
background threads (actions.inprocess), other tasks in-process (eager), and the server runs ONE
process: in-process wake-ups of waiting agents (actions.waiting's hub) only reach that process, and a daemon
thread in it runs the beat schedule (`brabo/celery.py`).
"""

import os
import subprocess
import sys
import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections, connections

from brabo import startup, web
from brabo.celery import app


def run_periodic_jobs(names=None) -> dict[str, object]:
    """Run the beat schedule's tasks once, here (eager); returns each task's result. A failing job is
    reported and does not stop the others."""
    app.loader.import_default_modules()  # autodiscovery: register the apps' tasks, as a worker does
    results = {}
    for entry, spec in app.conf.beat_schedule.items():
        if names is not None and entry not in names:
            continue
        try:
            # An eager result is complete: reading it never blocks. Celery's "never call result.get() within a
            # task" guard is one flag for the whole process, set while ANY thread runs an eager task (the
            # in-process worker's, a notification's), so it would fail this job at random: not asked here.
            results[entry] = app.tasks[spec["task"]].apply().get(propagate=True, disable_sync_subtasks=False)
        except Exception as exc:  # keep the dev server up; say what failed
            results[entry] = exc
            sys.stderr.write(f"periodic job {entry} failed: {exc}\n")
    return results


def due_jobs(last_run: dict[str, float], now: float) -> list[str]:
    """The beat schedule's entries whose own period has passed since they last ran here (all of them the first
    time): the thread below wakes at the shortest period, and the hourly purge must not run every ten seconds."""
    return [
        entry
        for entry, spec in app.conf.beat_schedule.items()
        if entry not in last_run or now - last_run[entry] >= float(spec["schedule"])
    ]


def _in_process_beat(stop: threading.Event) -> None:
    period = min(float(spec["schedule"]) for spec in app.conf.beat_schedule.values())
    last_run: dict[str, float] = {}
    while not stop.wait(period):
        now = time.monotonic()
        due = due_jobs(last_run, now)
        last_run.update(dict.fromkeys(due, now))
        try:
            run_periodic_jobs(due)
        finally:
            close_old_connections()  # this thread's connection, as a request's end would


def _close_database_connections() -> None:
    """Nothing opened here may be inherited by the server's worker processes (a shared socket, a pool's
    threads)."""
    for conn in connections.all(initialized_only=True):
        conn.close()
        close_pool = getattr(conn, "close_pool", None)
        if close_pool is not None:
            close_pool()


class Command(BaseCommand):
    help = (
        "Serve the API and admin through uvicorn (ASGI) with the periodic jobs; start a Celery worker when "
        "CELERY_BROKER_URL is set."
    )

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000", help="HOST:PORT to listen on")

    def _probe_sandbox(self) -> None:
        """R9.7: this process is the worker; the checks apps registered (containers: the sandbox) say aloud
        whether sandboxed work can run here."""
        for ok, sentence in startup.run():
            if ok:
                self.stdout.write(sentence)
            else:
                self.stderr.write(f"*** {sentence}")

    def handle(self, *args, addr, **options):
        worker = None
        stop = threading.Event()
        eager = not settings.CELERY_BROKER_URL
        if not eager:
            self.stdout.write(f"starting a Celery worker (with beat) on {settings.CELERY_BROKER_URL}")
            schedule = os.path.join(settings.VAR_DIR, "celerybeat-schedule")
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "brabo", "worker", "-B", "-s", schedule]
                + ["-l", "warning", "-c", "2"],
                env=os.environ.copy(),
            )
        else:
            self.stdout.write(
                "no CELERY_BROKER_URL: approved actions run in this process's background, periodic jobs in-process"
            )
            self._probe_sandbox()  # R9.7: this process is the worker
        self.stdout.write(f"serving on http://{addr}/ (uvicorn, ASGI)")
        self.stdout.flush()
        _close_database_connections()
        try:
            if eager:
                # one process, so the beat thread, every waiter and the in-process worker share it; approved
                # actions run on that worker's threads, never on a request's
                startup.start_in_process_services()
                threading.Thread(
                    target=_in_process_beat, args=(stop,), name="periodic-jobs", daemon=True
                ).start()
                web.serve(addr, workers=1)
            else:
                web.serve(addr)
        finally:
            stop.set()
            if eager:
                # what runs may finish; what waits is handed back for the next start
                startup.stop_in_process_services()
            if worker is not None:
                worker.terminate()
                worker.wait(timeout=10)
