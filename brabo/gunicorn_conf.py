"""gunicorn settings for serving Brabo through WSGI (`gunicorn -c brabo/gunicorn_conf.py brabo.wsgi`), the
alternative to the ASGI server that `manage.py serve`, `make run` and production use (brabo/web.py).
Under WSGI every waiting agent and live stream holds a thread, as described below. Read from the environment
like the rest of the settings (STYLE.md practice 8).

Threaded workers (gthread): an agent's long-poll (`/wait`, `?wait=`) holds a thread, not a process, and gives its
database connection back to the pool between checks. Each process's PostgreSQL pool is sized by
brabo/settings.py from BRABO_WEB_THREADS as IT reads it (default 16 there: + 4, at most 20), not from this file's
own default of 32 threads: unset, 32 threads share 20 connections, which holds because a waiting thread holds
none; a request that finds all busy waits BRABO_DB_POOL_TIMEOUT then answers 503. Set BRABO_WEB_THREADS (and,
past 16, BRABO_DB_POOL_MAX_SIZE) to size both.
"""

from __future__ import annotations

import os

from brabo.env import env_int, env_str

bind = env_str("BRABO_WEB_BIND", "127.0.0.1:8000")
workers = env_int("BRABO_WEB_WORKERS", 2, minimum=1)
# Every agent waiting on a decision (`/wait`, `?wait=`, a hook, a runner's work poll) holds one thread for up to
# its timeout; the soak benchmark showed 50 waiting agents on 2 x 16 threads queueing everything else behind
# them, the console included (p50 9 s). Threads are cheap and a waiting thread holds no database connection,
# so the default leaves room for dozens of waiting agents per process.
threads = env_int("BRABO_WEB_THREADS", 32, minimum=1)
worker_class = "gthread"
# The worker heartbeat, not a request limit: a gthread worker's main loop keeps beating while its threads wait.
timeout = 60
graceful_timeout = 30
keepalive = 5
# Recycle processes now and then so slow growth (fragmentation) cannot accumulate; jitter staggers restarts.
max_requests = env_int("BRABO_WEB_MAX_REQUESTS", 10000, minimum=0)
max_requests_jitter = max_requests // 10
accesslog = (
    "-" if os.environ.get("BRABO_WEB_ACCESS_LOG", "true").lower() in ("1", "true", "yes", "on") else None
)
errorlog = "-"
loglevel = env_str("BRABO_LOG_LEVEL", "INFO").lower()
# Every gunicorn handler gets brabo.redaction's secret filter, like Django's and Celery's.
logger_class = "brabo.redaction.GunicornLogger"
# gunicorn 27's control socket has one default path per user: two servers on a host would fight over it.
control_socket_disable = True
