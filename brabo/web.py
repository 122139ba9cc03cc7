"""The web server: uvicorn serving ``brabo.asgi``, for `manage.py serve` (so `make run`) and
production (``python -m brabo.web``, see compose.yaml and the Dockerfile). Read from the environment like the
rest of the settings (STYLE.md practice 8):

* BRABO_WEB_BIND (``127.0.0.1:8000``) — where to listen; BRABO_WEB_WORKERS (2) — processes;
* BRABO_WEB_THREADS (16) — sync slots per process (``brabo.slots``): requests doing synchronous work at once.
  Waiting agents and live streams are not counted here; they hold no thread;
* BRABO_WEB_MAX_REQUESTS (0, off) — restart a process after so many requests (its waiters re-attach);
* BRABO_WEB_ACCESS_LOG (true), BRABO_LOG_LEVEL (INFO).

uvicorn's loop is uvloop and its HTTP parser httptools (both pinned). Every log handler carries
brabo.redaction's secret filter, as Django's and Celery's do.
"""

from __future__ import annotations

import copy
import os
from typing import Any

from brabo.env import env_bool, env_int, env_str

APP = "brabo.asgi:application"


def _split(bind: str) -> tuple[str, int]:
    host, _, port = bind.rpartition(":")
    if not host or not port.isdigit():
        raise SystemExit(f"BRABO_WEB_BIND / --addr must be HOST:PORT, e.g. 127.0.0.1:8000; got {bind!r}.")
    return host.strip("[]"), int(port)


def log_config() -> dict[str, Any]:
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact_secrets": {"()": "brabo.redaction.RedactSecrets"}}
    # the filter renders each message with its arguments (and drops them), so the formatters are plain ones,
    # as Django's (uvicorn's own access formatter re-reads the arguments)
    plain = {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    config["formatters"] = {"default": plain, "access": plain}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact_secrets"]
    return config


def options(addr: str | None = None, *, workers: int | None = None) -> dict[str, Any]:
    host, port = _split(addr or env_str("BRABO_WEB_BIND", "127.0.0.1:8000"))
    max_requests = env_int("BRABO_WEB_MAX_REQUESTS", 0, minimum=0)
    return {
        "host": host,
        "port": port,
        "workers": workers if workers is not None else env_int("BRABO_WEB_WORKERS", 2, minimum=1),
        "loop": "uvloop",
        "http": "httptools",
        "lifespan": "on",
        "interface": "asgi3",
        "ws": "none",
        "access_log": env_bool("BRABO_WEB_ACCESS_LOG", True),
        "log_level": env_str("BRABO_LOG_LEVEL", "INFO").lower(),
        "log_config": log_config(),
        "timeout_keep_alive": 5,
        # a stop lets answers in flight finish; the waits answer at once with their action's current state
        # (brabo.asgi: SIGTERM/SIGINT close the hub's waits) and their agents wait again elsewhere (R8.4)
        "timeout_graceful_shutdown": 10,
        "limit_max_requests": max_requests or None,
        "limit_max_requests_jitter": max_requests // 10,
        "backlog": 2048,
        "server_header": False,
    }


def serve(addr: str | None = None, *, workers: int | None = None) -> None:
    import uvicorn

    uvicorn.run(APP, **options(addr, workers=workers))


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "brabo.settings")
    serve()
