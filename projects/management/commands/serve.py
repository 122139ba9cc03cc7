"""`manage.py serve` — the API and admin through gunicorn, with the periodic jobs (reaper, outbox sweep,
vanished-waiter watch) running.

gunicorn's settings are brabo/gunicorn_conf.py, the same file production uses (compose.yaml); ``--addr`` picks
the address. With CELERY_BROKER_URL a Celery worker starts alongside, with beat embedded (`-B`). Without it
tasks run in-process (eager) and the server runs ONE gunicorn process: in-process wake-ups of waiting agents
(actions.waiting) only reach threads of the same process, and a daemon thread in that process runs the beat
schedule (`brabo/celery.py`).
"""

import os
import subprocess
import sys
import threading

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections, connections

from brabo import gunicorn_conf, startup
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
            results[entry] = app.tasks[spec["task"]].apply().get(propagate=True)
        except Exception as exc:  # keep the dev server up; say what failed
            results[entry] = exc
            sys.stderr.write(f"periodic job {entry} failed: {exc}\n")
    return results


def _in_process_beat(stop: threading.Event) -> None:
    period = min(float(spec["schedule"]) for spec in app.conf.beat_schedule.values())
    while not stop.wait(period):
        try:
            run_periodic_jobs()
        finally:
            close_old_connections()  # this thread's connection, as a request's end would


def _close_database_connections() -> None:
    """Nothing opened here may be inherited by gunicorn's forked workers (a shared socket, a pool's threads)."""
    for conn in connections.all(initialized_only=True):
        conn.close()
        close_pool = getattr(conn, "close_pool", None)
        if close_pool is not None:
            close_pool()


def _gunicorn(addr: str, *, eager: bool, stop: threading.Event):
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self):
            for key in dir(gunicorn_conf):
                if key in self.cfg.settings and getattr(gunicorn_conf, key) is not None:
                    self.cfg.set(key, getattr(gunicorn_conf, key))
            self.cfg.set("bind", [addr])
            if eager:
                self.cfg.set("workers", 1)
                self.cfg.set("post_worker_init", _start_beat_thread)

        def load(self):
            from brabo.wsgi import application  # built in gunicorn's worker, after the fork

            return application

    def _start_beat_thread(worker):
        threading.Thread(target=_in_process_beat, args=(stop,), name="periodic-jobs", daemon=True).start()

    return Server()


class Command(BaseCommand):
    help = (
        "Serve the API and admin through gunicorn with the periodic jobs; start a Celery worker when "
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
            self.stdout.write("no CELERY_BROKER_URL: approved actions and periodic jobs run in-process")
            self._probe_sandbox()  # R9.7: this process is the worker
        self.stdout.write(f"serving on http://{addr}/ (gunicorn)")
        self.stdout.flush()
        _close_database_connections()
        try:
            _gunicorn(addr, eager=eager, stop=stop).run()
        finally:
            stop.set()
            if worker is not None:
                worker.terminate()
                worker.wait(timeout=10)
