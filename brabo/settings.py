"""Django settings, read from the environment (STYLE.md practice 8).

With nothing set, Brabo runs on an embedded SQLite file and executes Celery tasks in-process (eager):
that is `make run` on a fresh machine. Set DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)
and the same code runs against real services. See README.md for the whole table.
"""

from __future__ import annotations

import base64
import hashlib
import warnings
from datetime import timedelta
from pathlib import Path

import dj_database_url

from .env import (
    ImproperlyConfiguredEnv,
    env_abs_path,
    env_abs_path_list,
    env_bool,
    env_int,
    env_list,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = env_abs_path("BRABO_VAR_DIR", BASE_DIR / "var")

DEBUG = env_bool("BRABO_DEBUG", default=True)
_DEV_SECRET = "brabo-dev-only-secret-key-do-not-use-in-production"
SECRET_KEY = env_str("BRABO_SECRET_KEY") or (_DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfiguredEnv(
        "BRABO_SECRET_KEY is required when BRABO_DEBUG is off; set a long random string."
    )
# Keys replaced by BRABO_SECRET_KEY, still accepted for what they signed (sessions, the actions in flight's
# bindings) until those are gone: comma-separated, newest first.
SECRET_KEY_FALLBACKS = env_list("BRABO_SECRET_KEY_FALLBACKS", [])
ALLOWED_HOSTS = env_list("BRABO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("BRABO_CSRF_TRUSTED_ORIGINS", [])

# R1.2 — owner credentials are encrypted at rest with Fernet. BRABO_ENCRYPTION_KEYS is a comma-separated
# list of Fernet keys (first encrypts, all decrypt: rotation). Unset, a key is derived from SECRET_KEY,
# which is fine for development and documented as not for production.
_enc = env_list("BRABO_ENCRYPTION_KEYS", [])
if not _enc and not DEBUG:
    # Production never encrypts with a key derived from SECRET_KEY: rotating one would lose the other.
    raise ImproperlyConfiguredEnv(
        "BRABO_ENCRYPTION_KEYS is required when BRABO_DEBUG is off: a comma-separated list of Fernet keys "
        '(the first encrypts, all decrypt). Generate one with: python -c "from cryptography.fernet import '
        'Fernet; print(Fernet.generate_key().decode())"'
    )
for _key in _enc:
    try:
        if len(base64.urlsafe_b64decode(_key.encode())) != 32:
            raise ValueError
    except ValueError:
        raise ImproperlyConfiguredEnv(
            "BRABO_ENCRYPTION_KEYS holds a value that is not a Fernet key (32 url-safe base64-encoded bytes); "
            "generate one with Fernet.generate_key()."
        ) from None
ENCRYPTION_KEYS = _enc or [
    base64.urlsafe_b64encode(hashlib.sha256(("brabo-encryption:" + SECRET_KEY).encode()).digest()).decode()
]

INSTALLED_APPS = [
    "brabo.apps.ConsoleAdminConfig",  # django.contrib.admin, its site being the approval console
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "guardian",
    "projects",
    "permissions",
    "actions",
    "containers",
    "brabo.apps.WiringConfig",  # the composition root (brabo/wiring.py): fills the apps' ports at start
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # static files (the admin's, the console's) from the application server itself, also under gunicorn
    "brabo.middleware.StaticFilesMiddleware",  # WhiteNoise, async-capable
    "brabo.middleware.DatabaseUnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "brabo.middleware.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "brabo.middleware.MessageMiddleware",  # Django's, its storage built on first use
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "brabo.urls"
WSGI_APPLICATION = "brabo.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "actions.shown_pages.ShownTemplates",  # every page passes shown.visible_markup
        "NAME": "django",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    try:
        DATABASES = {
            "default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("BRABO_DB_CONN_MAX_AGE", 0))
        }
    except Exception as exc:  # dj_database_url raises plain ValueError/KeyError on a bad scheme
        raise ImproperlyConfiguredEnv(
            f"DATABASE_URL could not be parsed ({exc}); use postgres://user:password@host:5432/dbname"
        ) from None
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
        "BRABO_DB_PREPARED_STATEMENTS", True
    ):
        # Server-side parameters, and psycopg preparing a statement the fifth time it runs on a connection:
        # PostgreSQL stops re-planning the hot ones (authentication's join took 0.55 ms to plan and 0.09 ms
        # to run). Turn it off behind a PgBouncer in transaction mode.
        DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("BRABO_DB_POOL", True):
        # Connections come from psycopg's pool, one pool per process: a request borrows one and gives it
        # back at its end, so the connections a process holds are bounded by max_size whatever the load,
        # and idle ones above min_size are closed after max_idle seconds (the threaded dev server
        # kept one per thread and exhausted PostgreSQL's max_connections). max_size follows the threads that
        # can hold one at once: the ASGI server's sync slots per web process (BRABO_WEB_THREADS, brabo/slots.py),
        # plus its housekeeping and readiness-probe threads and the in-process beat thread. Django's pool needs CONN_MAX_AGE=0 (the pool does the reuse).
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        # The pool checks a connection before lending it (a round trip of ~0.1 ms): after PostgreSQL restarts,
        # requests get fresh connections instead of the dead ones still pooled.
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("BRABO_DB_POOL_MIN_SIZE", 1, minimum=0),
            # Waiting threads give their connection back between checks, so the pool need not follow a large
            # thread count: at most 20 per process by default (2 web processes stay far below PostgreSQL's
            # default max_connections of 100).
            "max_size": env_int(
                "BRABO_DB_POOL_MAX_SIZE", min(env_int("BRABO_WEB_THREADS", 16, minimum=1) + 4, 20), minimum=1
            ),
            # psycopg closes ONE idle connection above min_size per max_idle seconds, so after a burst of n a
            # process is back to min_size in about n x max_idle: 10 s keeps that to minutes, not an hour
            "max_idle": env_int("BRABO_DB_POOL_MAX_IDLE", 10, minimum=1),
            # a request that finds every connection busy waits this long, then answers 503 (not a hang)
            "timeout": env_int("BRABO_DB_POOL_TIMEOUT", 10, minimum=1),
        }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # the embedded default lives in ./var
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(VAR_DIR / "db.sqlite3")}}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default's settings, also for DATABASE_URL=sqlite:///… (without them 20 concurrent
    # writes gave 13 × "database is locked"): WAL so readers never block the writer, transactions that take the
    # write lock when they begin (no deadlocking upgrade from a read), and a busy wait instead of an error.
    _sqlite_options = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite_options.setdefault("timeout", 20)
    _sqlite_options.setdefault("transaction_mode", "IMMEDIATE")
    _sqlite_options.setdefault("init_command", "PRAGMA journal_mode=WAL;")
DATABASES["default"].setdefault("TEST", {})

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "guardian.backends.ObjectPermissionBackend",
]
GUARDIAN_ANONYMOUS_USER_NAME = None  # no anonymous object permissions: anonymous callers get 401
GUARDIAN_RENDER_403 = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# WhiteNoise serves the apps' static files where they are: no collectstatic step, neither for `make run` nor
# for the production image.
WHITENOISE_USE_FINDERS = True
# ...so STATIC_ROOT need not exist; WhiteNoise would warn about it in every process.
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
WHITENOISE_AUTOREFRESH = DEBUG
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "admin:login"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "projects.authentication.AgentKeyAuthentication",
        "projects.authentication.PersonalTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "brabo.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "brabo.pagination.LimitOffsetPagination",
    # The API speaks JSON only: any other body (a form, multipart) is a 415 naming what to send, never a
    # half-parsed QueryDict that a service cannot serialise (multipart on PUT .../permissions/ gave
    # a 500). The admin and the console are Django views with their own form handling.
    "DEFAULT_PARSER_CLASSES": ["brabo.parsers.JSONParser"],
    # DRF's negotiation, its answer remembered per Accept header and format (brabo.negotiation)
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "brabo.negotiation.ContentNegotiation",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "brabo.api_errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Brabo API",
    "DESCRIPTION": "Agents propose actions; the policy engine decides; people approve; workers execute.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # one name for the action status enum the twenty per-type action components share
    "ENUM_NAME_OVERRIDES": {"ActionStatusEnum": "actions.models.STATUSES"},
    # the enum names drf-spectacular's default hook gives, then: no description cites a rule id
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "brabo.openapi.strip_rule_ids",
    ],
}

# Celery. Unset broker → tasks run in-process at enqueue time (eager), which `make run` uses.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_BROKER_URL.startswith("redis://"):
    # kombu's Redis transport, publishing through one client per channel instead of a new one per
    # message (brabo/kombu_redis.py).
    CELERY_BROKER_TRANSPORT = "brabo.kombu_redis:Transport"
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = False  # enabled per task, only on idempotent ones (STYLE.md practice 3)
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A publish while the broker is down gives up within about a second: the outbox (actions.enqueue)
# keeps the message due and the beat sweep sends it later, so no request waits on a dead broker.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2}
CELERY_TASK_DEFAULT_QUEUE = env_str("BRABO_CELERY_QUEUE", "brabo")
# the few messages the proposal path sends (an execution, a notification) are written straight onto
# the Redis queue, in the form Celery writes them (brabo/celery_wire.py); false sends them through Celery.
BRABO_CELERY_DIRECT_PUBLISH = env_bool("BRABO_CELERY_DIRECT_PUBLISH", True)
# Redis pub/sub for waking waiters (R8.4). Defaults to the broker when it is Redis.
BRABO_REDIS_URL = env_str(
    "BRABO_REDIS_URL", CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else ""
)

# R1.3 / R1.4 — where project folders live.
PROJECT_WORKSPACES_ROOT = env_abs_path("PROJECT_WORKSPACES_ROOT", VAR_DIR / "workspaces")
BRABO_PROJECTS_BASE = env_abs_path("BRABO_PROJECTS_BASE", VAR_DIR / "projects-base")
# The local git provider's bare repositories, one folder per workspace (actions/providers/local.py).
BRABO_LOCAL_GIT_ROOT = env_abs_path("BRABO_LOCAL_GIT_ROOT", VAR_DIR / "git")
# R1.4 — local project roots must never overlap Brabo's own checkout or install directory.
BRABO_INSTALL_DIRS = [BASE_DIR] + [Path(p) for p in env_list("BRABO_EXTRA_INSTALL_DIRS", [])]
# R1.4 [beyond] — the folders `local` project roots may lie in (comma-separated absolute paths).
# Unset or empty: `local` projects are refused. A root lies strictly inside one of them and never overlaps a
# system or service folder, the service user's home, Brabo's folders or another project (projects.local_root).
BRABO_LOCAL_ROOTS = env_abs_path_list("BRABO_LOCAL_ROOTS")
# R11.1 — operator-configured policy hooks (a server-side JSON file); unset = no hooks.
BRABO_POLICY_HOOKS_FILE = env_str("BRABO_POLICY_HOOKS_FILE")

# Execution (SPEC §9). Seconds unless named otherwise.
# An action `executing` longer than this is taken as lost (worker killed) and failed by the reaper; keep it
# above the terminal time limit so a slow command is never reaped while it still runs.
BRABO_EXECUTION_STUCK_AFTER = env_int("BRABO_EXECUTION_STUCK_AFTER", 900, minimum=1)
# Seconds an action may stay approved/auto-approved unclaimed before its message counts as lost and it is
# sent again (a duplicate is harmless: the claim is status-guarded).
BRABO_DISPATCH_LOST_AFTER = env_int("BRABO_DISPATCH_LOST_AFTER", 300, minimum=30)
BRABO_TERMINAL_TIMEOUT = env_int("BRABO_TERMINAL_TIMEOUT", 600, minimum=1)
# without a broker, approved actions run on the serving process's own small pool of threads
# (actions.inprocess), never on the request thread: this many at once, and at most this many more claimed
# and waiting for a thread (past that an approval stays due and the outbox sweep sends it later).
BRABO_INPROCESS_WORKERS = env_int("BRABO_INPROCESS_WORKERS", 2, minimum=1)
BRABO_INPROCESS_BACKLOG = env_int("BRABO_INPROCESS_BACKLOG", 50, minimum=0)
BRABO_TERMINAL_OUTPUT_CAP = env_int("BRABO_TERMINAL_OUTPUT_CAP", 256 * 1024, minimum=1024)  # bytes per stream
BRABO_PROVIDER_TIMEOUT = env_int("BRABO_PROVIDER_TIMEOUT", 30, minimum=1)
BRABO_GIT_TIMEOUT = env_int("BRABO_GIT_TIMEOUT", 300, minimum=1)
# The container broker (R9.3): "bwrap" (a bubblewrap sandbox on this host, the default) or "docker"
# (Docker Engine API, also Podman's compatible socket, at BRABO_DOCKER_HOST, e.g. unix:///run/docker.sock).
BRABO_DOCKER_HOST = env_str("BRABO_DOCKER_HOST")
BRABO_CONTAINER_BROKER = env_str("BRABO_CONTAINER_BROKER", "docker" if BRABO_DOCKER_HOST else "bwrap")
if BRABO_CONTAINER_BROKER not in ("bwrap", "docker"):
    raise ImproperlyConfiguredEnv(f"BRABO_CONTAINER_BROKER={BRABO_CONTAINER_BROKER!r}; use bwrap or docker.")
if BRABO_CONTAINER_BROKER == "docker" and not BRABO_DOCKER_HOST:
    raise ImproperlyConfiguredEnv(
        "BRABO_CONTAINER_BROKER=docker needs BRABO_DOCKER_HOST (unix:///run/docker.sock)."
    )
BRABO_CONTAINER_IMAGE = env_str("BRABO_CONTAINER_IMAGE", "debian:bookworm-slim")
# R9.5 — container resources: defaults (the floor while a module declares nothing) and maximums.
BRABO_CONTAINER_DEFAULT_CPU = float(env_int("BRABO_CONTAINER_DEFAULT_CPU_MILLI", 1000, minimum=1)) / 1000
BRABO_CONTAINER_DEFAULT_MEMORY_MB = env_int("BRABO_CONTAINER_DEFAULT_MEMORY_MB", 1024, minimum=16)
BRABO_CONTAINER_MAX_CPU = float(env_int("BRABO_CONTAINER_MAX_CPU_MILLI", 8000, minimum=1)) / 1000
BRABO_CONTAINER_MAX_MEMORY_MB = env_int("BRABO_CONTAINER_MAX_MEMORY_MB", 16384, minimum=16)
# R9.3 — a runner that has not polled for this long is not "connected".
BRABO_RUNNER_STALE_AFTER = env_int("BRABO_RUNNER_STALE_AFTER", 90, minimum=1)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    # every handler removes credentials (brabo.redaction); Celery's and gunicorn's get the same
    # filter (brabo/celery.py, brabo/gunicorn_conf.py). Django's own "django" / "django.server" handlers are
    # replaced by this one so none is left without it.
    "filters": {"redact_secrets": {"()": "brabo.redaction.RedactSecrets"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["redact_secrets"]}
    },
    "root": {"handlers": ["console"], "level": env_str("BRABO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.db.backends": {"level": "WARNING"},
    },
}

# R8.4 — a pending action's agent that has not been waiting for this long is "vanished": its task blocks.
BRABO_WAITER_LOST_AFTER = env_int("BRABO_WAITER_LOST_AFTER", 900, minimum=1)

# notifications. E-mail goes through Django's mail backend (tests use locmem); outgoing webhooks
# refuse private, loopback and link-local addresses unless BRABO_WEBHOOK_ALLOW_PRIVATE is set (a receiver on
# the same host or network, as the tests' local receiver is): a webhook URL is typed by a workspace's
# maintainers, and Brabo's workers must not become a way to reach the internal network (SSRF).
EMAIL_BACKEND = env_str("BRABO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("BRABO_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("BRABO_EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("BRABO_EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("BRABO_EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("BRABO_EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = env_int("BRABO_EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("BRABO_EMAIL_FROM", "brabo@localhost")
BRABO_PUBLIC_URL = env_str("BRABO_PUBLIC_URL").rstrip("/")  # links in notifications; none when unset
BRABO_WEBHOOK_ALLOW_PRIVATE = env_bool("BRABO_WEBHOOK_ALLOW_PRIVATE", False)
BRABO_WEBHOOK_TIMEOUT = env_int("BRABO_WEBHOOK_TIMEOUT", 10, minimum=1)
# deciding from Slack and e-mail. The Slack Web API's base (tests point it at a local fake that
# speaks the documented methods); the interactivity payload's response_url is called only when it starts with
# BRABO_SLACK_RESPONSE_URL_PREFIX (it arrives in a signed request, but Brabo still never calls elsewhere).
# A Slack request older (or newer) than BRABO_SLACK_MAX_SKEW seconds is refused as a replay (Slack: 5 minutes).
BRABO_SLACK_API_URL = env_str("BRABO_SLACK_API_URL", "https://slack.com/api/")
BRABO_SLACK_RESPONSE_URL_PREFIX = env_str("BRABO_SLACK_RESPONSE_URL_PREFIX", "https://hooks.slack.com/")
BRABO_SLACK_MAX_SKEW = env_int("BRABO_SLACK_MAX_SKEW", 300, minimum=1)
BRABO_SLACK_TIMEOUT = env_int("BRABO_SLACK_TIMEOUT", 10, minimum=1)
# An e-mail's decision links are single-use and expire after this many seconds.
BRABO_EMAIL_LINK_TTL = env_int("BRABO_EMAIL_LINK_TTL", 3600, minimum=60)
# Live updates (server-sent events): a stream ends after this many seconds (the browser reconnects with
# Last-Event-ID and misses nothing), beats every BRABO_SSE_HEARTBEAT seconds, and one person holds at most
# BRABO_SSE_MAX_STREAMS at once per process. Under the ASGI server a stream is a listener of one feed (a few
# kilobytes, no thread), so the cap is generous (the console's tabs and reloads tripped 4); what a
# listener may see is re-read every BRABO_SSE_TENANCY_REFRESH seconds and after every team/settings event.
BRABO_SSE_MAX_SECONDS = env_int("BRABO_SSE_MAX_SECONDS", 300, minimum=1)
BRABO_SSE_HEARTBEAT = env_int("BRABO_SSE_HEARTBEAT", 15, minimum=1)
BRABO_SSE_MAX_STREAMS = env_int("BRABO_SSE_MAX_STREAMS", 32, minimum=1)
BRABO_SSE_TENANCY_REFRESH = env_int("BRABO_SSE_TENANCY_REFRESH", 30, minimum=1)
# waiting under the ASGI server (actions.waiting). A waiter re-reads the database after each
# notification, and without one every BRABO_WAIT_RECHECK seconds while Redis is down or absent, every
# BRABO_WAIT_RECHECK_SUBSCRIBED seconds while the process's subscription is up (a safety net only).
BRABO_WAIT_RECHECK = env_int("BRABO_WAIT_RECHECK", 2, minimum=1)
BRABO_WAIT_RECHECK_SUBSCRIBED = env_int("BRABO_WAIT_RECHECK_SUBSCRIBED", 30, minimum=1)
# Concurrent waits (wait endpoints, ?wait=, hooks) one agent / one workspace may hold in one web process;
# past them a wait is refused 429 too_many_waits with Retry-After: BRABO_WAIT_RETRY_AFTER seconds.
BRABO_MAX_WAITS_PER_AGENT = env_int("BRABO_MAX_WAITS_PER_AGENT", 32, minimum=1)
BRABO_MAX_WAITS_PER_WORKSPACE = env_int("BRABO_MAX_WAITS_PER_WORKSPACE", 500, minimum=1)
BRABO_WAIT_RETRY_AFTER = env_int("BRABO_WAIT_RETRY_AFTER", 5, minimum=1)
BRABO_READYZ_TIMEOUT = env_int("BRABO_READYZ_TIMEOUT", 2, minimum=1)

# -- sign-in throttling and transport security in production -------------------------------------------------
# (one block, so other branches' settings edits merge around it)

# Failed sign-ins are throttled by django-axes on every password form (the admin/console login, the
# invitation page's login): after BRABO_LOGIN_FAILURE_LIMIT failures for one username from one address,
# further attempts for that pair — the right password included — are refused for BRABO_LOGIN_COOLOFF_MINUTES
# (a failure during the lock starts the wait again). A successful sign-in resets the count. The operator
# unlocks with `manage.py axes_reset_username <username>` (or `axes_reset` for everyone). API tokens and agent
# keys carry no password: they are random 256-bit secrets, compared hashed.
INSTALLED_APPS.append("axes")
# The axes backend goes first: it refuses a locked-out pair before any password is checked.
AUTHENTICATION_BACKENDS.insert(0, "axes.backends.AxesStandaloneBackend")
MIDDLEWARE.append("axes.middleware.AxesMiddleware")  # last, as django-axes asks
AXES_ENABLED = env_bool("BRABO_LOGIN_THROTTLE", True)
AXES_FAILURE_LIMIT = env_int("BRABO_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("BRABO_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "brabo.login_throttle.lockout_response"
# failures and lock-outs are logged (WARNING); not a banner on every manage.py command nor a line per attempt
LOGGING["loggers"]["axes"] = {"level": "WARNING"}  # type: ignore[index]
# The client address is REMOTE_ADDR unless the operator says how many proxies it passed (their
# X-Forwarded-For entries are then trusted from the right): a header a client sets is never believed alone.
_proxies = env_int("BRABO_TRUSTED_PROXY_COUNT", 0, minimum=0)
if _proxies:
    AXES_IPWARE_PROXY_COUNT = _proxies
    AXES_IPWARE_PROXY_ORDER = "right-most"
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")

# Cookies only over HTTPS and HSTS, by default whenever BRABO_DEBUG is off (`make run` serves plain HTTP on
# 127.0.0.1 with BRABO_DEBUG on). Django sends HSTS only on requests it sees as HTTPS: behind a proxy that
# ends TLS, set BRABO_SECURE_PROXY_SSL_HEADER to the header the proxy sets (e.g. "X-Forwarded-Proto: https")
# — only then, since a client could send that header itself to a server reached directly.
# Database sessions; one that ends announces its person to their open waits and streams (actions.session_store)
SESSION_ENGINE = "actions.session_store"
SESSION_COOKIE_SECURE = env_bool("BRABO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("BRABO_HSTS_SECONDS", 0 if DEBUG else 31536000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("BRABO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("BRABO_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_SSL_REDIRECT = env_bool("BRABO_SSL_REDIRECT", False)
# health probes come from the orchestrator over plain HTTP on the pod's own address
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
_proxy_ssl = env_str("BRABO_SECURE_PROXY_SSL_HEADER").strip()
if _proxy_ssl:
    _header, _sep, _value = _proxy_ssl.partition(":")
    if not _sep or not _header.strip() or not _value.strip() or " " in _header.strip():
        raise ImproperlyConfiguredEnv(
            f"BRABO_SECURE_PROXY_SSL_HEADER={_proxy_ssl!r} is not 'Header-Name: value'; set it to the header "
            "your TLS proxy adds, e.g. 'X-Forwarded-Proto: https'."
        )
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _header.strip().upper().replace("-", "_"), _value.strip())

# fair sharing: one agent or one workspace cannot crowd out the others. A proposal past a cap is
# refused with 429 and Retry-After (reasons too_many_pending_actions / proposal_rate_exceeded). Pending caps
# count the actions still awaiting a person; rates are token buckets (sustained proposals per second, and the
# burst allowed on top), shared through BRABO_REDIS_URL when set, per process otherwise. The defaults are far
# above what an ordinary agent does; 0 turns a cap off.
BRABO_CAP_PENDING_PER_AGENT = env_int("BRABO_CAP_PENDING_PER_AGENT", 100, minimum=0)
BRABO_CAP_PENDING_PER_WORKSPACE = env_int("BRABO_CAP_PENDING_PER_WORKSPACE", 1000, minimum=0)
BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT = env_int("BRABO_CAP_PROPOSALS_PER_SECOND_PER_AGENT", 20, minimum=0)
BRABO_CAP_PROPOSAL_BURST_PER_AGENT = env_int("BRABO_CAP_PROPOSAL_BURST_PER_AGENT", 60, minimum=1)
BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE = env_int(
    "BRABO_CAP_PROPOSALS_PER_SECOND_PER_WORKSPACE", 200, minimum=0
)
BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE = env_int("BRABO_CAP_PROPOSAL_BURST_PER_WORKSPACE", 600, minimum=1)
