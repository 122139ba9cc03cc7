"""What bench/profile_proposal.py and bench/instructions.py share: the environment a bench server runs with
(production settings, the caps on and far above the load) and ``POST /api/actions/`` driven through Django's
WSGI handler in this process, as a gunicorn sync worker calls it."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable

import api as bench_api


def bench_env() -> dict:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "brabo.settings",
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/13"),
        "BRABO_VAR_DIR": os.environ.get("BRABO_VAR_DIR", "/tmp/brabo-bench-var"),
        "BRABO_DEBUG": "false",
        "BRABO_SECRET_KEY": "bench-secret-" + "x" * 40,
        "BRABO_ENCRYPTION_KEYS": bench_api.ENCRYPTION_KEY,
        "BRABO_LOG_LEVEL": "WARNING",
        **bench_api.CAPS_FOR_BENCH,
    }


def environ(key: str, body: bytes) -> dict:
    """The WSGI environ of one proposal by the agent whose key is ``key``."""
    return {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": "/api/actions/",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_AUTHORIZATION": f"Bearer {key}",
        "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def proposer(application, key: str) -> Callable[[bytes], int]:
    """A function that sends one proposal's JSON body through ``application`` and answers its status code."""

    def call(body: bytes) -> int:
        status: list[str] = []

        def start_response(code, headers, exc_info=None):
            status.append(code)
            return lambda data: None

        result = application(environ(key, body), start_response)
        for _chunk in result:
            pass
        result.close()
        return int(status[0].split()[0])

    return call
