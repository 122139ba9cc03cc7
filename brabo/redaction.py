"""Secrets never reach a log line (issue 13, R1.2): one filter for every handler — Django's, Celery's, gunicorn's.

Two kinds of secret are removed from each record's final text (message, arguments, traceback):

- **known values**: every credential this process decrypted or was given (``remember_secret``) — the owner's
  provider token in a worker, a token an owner just set in a web process — wherever it appears;
- **shapes**: whatever follows ``Authorization:``, ``Bearer``, ``token=``/``private-token:`` and the like, and
  the token formats of GitHub, GitLab and Brabo's own keys — also values this process never saw.

The same ``redact_text`` is what callers use before they cut a message short: a secret is redacted whole
first, so no slice of it survives a truncation.
"""

from __future__ import annotations

import logging
import re
import threading

REDACTED = "[REDACTED]"

_known: set[str] = set()
_known_lock = threading.Lock()
_MIN_SECRET = 6  # shorter values would redact ordinary words

_SHAPES = [
    # Authorization: Bearer xyz / authorization=xyz / 'Authorization': 'token xyz'
    re.compile(r"(?i)(\bauthorization[\"']?\s*[:=]\s*[\"']?)(?:(?:bearer|token|basic)\s+)?[^\s\"',;}]+"),
    re.compile(r"(?i)(\bbearer\s+)[^\s\"',;}]+"),
    # token=xyz, access_token: xyz, private-token: xyz, "password": "xyz", api_key=xyz
    re.compile(
        r"(?i)(\b(?:access[_-]?token|private[_-]?token|refresh[_-]?token|token|api[_-]?key|password|secret)"
        r"[\"']?\s*[:=]\s*[\"']?)[^\s&\"',;}]+"
    ),
    # Token formats that are secrets wherever they appear.
    re.compile(r"()\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}|glpat-[A-Za-z0-9_-]{16,})"),
    re.compile(r"()\bbrabo_(?:agent|user|runner)_[A-Za-z0-9_-]{8,}"),
]


def remember_secret(value: str | None) -> None:
    """Redact ``value`` from every later log line of this process (and from ``redact_text``)."""
    if value and len(value) >= _MIN_SECRET:
        with _known_lock:
            _known.add(value)


def redact_text(text: str, extra: tuple[str, ...] | list[str] = ()) -> str:
    """``text`` with every known secret, every value in ``extra`` and every secret-shaped value replaced."""
    if not text:
        return text
    with _known_lock:
        values = sorted(_known.union(v for v in extra if v and len(v) >= _MIN_SECRET), key=len, reverse=True)
    for value in values:  # longest first: a secret that contains another is removed whole
        if value in text:
            text = text.replace(value, REDACTED)
    for shape in _SHAPES:
        text = shape.sub(lambda m: m.group(1) + REDACTED, text)
    return text


class RedactSecrets(logging.Filter):
    """Rewrites a record's text with ``redact_text``: the formatted message, and the traceback, which the
    formatter would otherwise render later from ``exc_info`` (exception messages can quote a provider's
    echo of the request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: keep the raw parts, redacted
            message = f"{record.msg} {record.args}"
        record.msg, record.args = redact_text(message), None
        if record.exc_info and record.exc_info[0] is not None:
            record.exc_text = redact_text(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = redact_text(record.exc_text)
        if record.stack_info:
            record.stack_info = redact_text(record.stack_info)
        return True


_FILTER = RedactSecrets()


def install(handlers) -> None:
    """Put the filter on each handler once."""
    for handler in handlers:
        if not any(isinstance(f, RedactSecrets) for f in handler.filters):
            handler.addFilter(_FILTER)


def install_everywhere() -> None:
    """Every handler attached to the root logger or to any logger created so far."""
    install(logging.getLogger().handlers)
    for logger in list(logging.Logger.manager.loggerDict.values()):
        if isinstance(logger, logging.Logger):
            install(logger.handlers)


try:  # gunicorn is a runtime dependency, but the settings must import without it (tests import this module)
    from gunicorn.glogging import Logger as _GunicornLogger
except ImportError:  # pragma: no cover
    _GunicornLogger = None  # type: ignore[assignment,misc]

if _GunicornLogger is not None:

    class GunicornLogger(_GunicornLogger):
        """gunicorn's logger with the secret filter on its error and access handlers."""

        def setup(self, cfg):
            super().setup(cfg)
            install(self.error_log.handlers)
            install(self.access_log.handlers)
