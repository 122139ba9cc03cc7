"""Secrets never reach a log line (R1.2): one filter for every handler — Django's, Celery's, gunicorn's.

Two kinds of secret are removed from each record's final text (message, arguments, traceback):

- **known values**: every credential this process decrypted or was given (``remember_secret``) — the owner's
  provider token in a worker, a token an owner just set in a web process — wherever it appears;
- **shapes**: whatever follows ``Authorization:``, ``Bearer``, ``token=``/``private-token:`` and the like, and
  the token formats of GitHub, GitLab and Brabo's own keys — also values this process never saw.

The same ``redact_text`` is what callers use before they cut a message short: a secret is redacted whole
first, so no slice of it survives a truncation.

``redact_outbound`` is the stricter pass for text that leaves Brabo in a notification (webhook and
Slack bodies, e-mails): ``redact_text`` first, then secret-named assignments (``PGPASSWORD=…``,
``AWS_SECRET_ACCESS_KEY=…``), secret-bearing options (``--password=…``, ``mysql -p…``, ``sshpass -p``,
``redis-cli -a``, ``curl -u user:…``), and a maintained detector — detect-secrets' own detectors (AWS, Slack,
Stripe, JWT, private keys, npm, PyPI, …) and its Shannon-entropy measure for high-entropy values. It runs per
notification, never per log line or per proposal.
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
    # more token formats that are secrets wherever they appear — Anthropic and OpenAI keys, AWS
    # access key ids, Slack tokens and webhook URLs, Google API keys, npm, PyPI and Stripe live keys.
    re.compile(r"()\bsk-(?:ant|proj|svcacct|admin)-[A-Za-z0-9_-]{16,}"),
    re.compile(r"()\bsk-[A-Za-z0-9]{32,}"),
    re.compile(r"()\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b"),
    re.compile(r"()\bxox[abposre]-[A-Za-z0-9-]{10,}"),
    re.compile(r"()\bxapp-[A-Za-z0-9-]{10,}"),
    re.compile(r"(hooks\.slack\.com/services/)[A-Za-z0-9/_-]+"),
    re.compile(r"()\bAIza[0-9A-Za-z_-]{35}"),
    re.compile(r"()\b(?:npm_[A-Za-z0-9]{36}|pypi-[A-Za-z0-9_-]{40,}|[sr]k_live_[A-Za-z0-9]{16,})"),
    re.compile(r"(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"),
    # URL userinfo: scheme://user:password@host keeps the user; a long user alone is a token (https://TOKEN@)
    re.compile(r"(?i)(\b[a-z][a-z0-9+.-]{1,20}://[^\s/@:]{1,64}:)[^\s/@]+(?=@)"),
    re.compile(r"(?i)(\b[a-z][a-z0-9+.-]{1,20}://)[^\s/@:]{16,}(?=@)"),
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


# -- notifications -------------------------------------------------------------------------------------------

# Callers cut a notification's text to a few hundred characters; scanning only the first KiB keeps every
# detector's cost small and bounded (some of detect-secrets' patterns grow quadratically with the input).
OUTBOUND_SCAN_CHARS = 1024

# A value: quoted (a missing closing quote runs to the end of the line) or one shell word.
_VALUE = r"(\"[^\"\n]*\"?|'[^'\n]*'?|[^\s;&|'\"]+)"
_SECRET_NAME = re.compile(
    r"(?i)(?:passw(?:or)?d|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key"
    r"|credentials?|signing[_-]?key|session[_-]?key|auth[_-]?key|(?<![a-z])pass(?![a-z]))"
)
# NAME=value, NAME: value, "name": "value" — redacted when NAME names a secret (PGPASSWORD, AWS_SECRET_…)
_ASSIGNMENT = re.compile(
    r"(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]{0,80})([\"']?\s{0,3}[:=]\s{0,3})" + _VALUE
)
# --password=value, --db-password value, --token value, --client-secret value (not --password-stdin)
_OPTION = re.compile(
    r"(?i)((?<!\S)--?[a-z0-9-]{0,40}?(?:password|passwd|passphrase|secret|token|api-?key|access-?key"
    r"|private-?key|credentials?)(?:=|\s+))" + _VALUE
)
# Programs whose short option carries a password: mysql -pSECRET (glued; ``-p db`` prompts), sshpass -p X,
# redis-cli -a X, curl/wget -u user:X.
_PROGRAM_OPTIONS = [
    (re.compile(r"(?i)\b(?:mysql\w*|mariadb[\w-]*)\b[^\n;&|]*"), re.compile(r"((?<!\S)-p)([^\s]+)")),
    (re.compile(r"(?i)\bsshpass\b[^\n;&|]*"), re.compile(r"((?<!\S)-p\s*)" + _VALUE)),
    (re.compile(r"(?i)\bredis-cli\b[^\n;&|]*"), re.compile(r"((?<!\S)-a\s*)" + _VALUE)),
    (
        re.compile(r"(?i)\b(?:curl|wget|http)\b[^\n;&|]*"),
        re.compile(r"((?<!\S)(?:-u|--user|--proxy-user)(?:=|\s*)[\"']?[^\s:'\"]*:)([^\s'\"]+)"),
    ),
]
_CANDIDATE = re.compile(r"[A-Za-z0-9+/=_-]{20,}")
_HEX = re.compile(r"[0-9a-fA-F]{32,}")


class _Detector:
    """detect-secrets' detectors, built once per process on first use (no network: only their
    ``analyze_string`` runs; verification, which calls providers, never does)."""

    def __init__(self):
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
        from detect_secrets.filters.heuristic import is_sequential_string
        from detect_secrets.plugins.base import RegexBasedDetector
        from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString, HexHighEntropyString
        from detect_secrets.plugins.ip_public import IPPublicDetector

        # Every token-format detector it maintains; not its public-IP one (an address is no secret), nor its
        # keyword one (its patterns backtrack for seconds on a KiB of "password"; _ASSIGNMENT and _OPTION
        # read secret-named assignments in linear time).
        classes: list[type] = list(get_mapping_from_secret_type_to_class().values())
        self.plugins = [
            c() for c in classes if issubclass(c, RegexBasedDetector) and c is not IPPublicDetector
        ]
        self.base64 = Base64HighEntropyString()  # detect-secrets' defaults: 4.5 bits, 3.0 for hex
        self.hex = HexHighEntropyString()
        self.sequential = is_sequential_string

    def values(self, text: str) -> set[str]:
        found: set[str] = set()
        for plugin in self.plugins:
            try:
                found.update(v for v in plugin.analyze_string(text) if isinstance(v, str))
            except Exception:  # a detector's fault never lets the text through unscanned by the others
                continue
        for word in _CANDIDATE.findall(text):
            if self.sequential(word):
                continue
            mixed = any(c.isdigit() for c in word) and any(c.isupper() for c in word)
            mixed = mixed and any(c.islower() for c in word)
            if mixed and self.base64.calculate_shannon_entropy(word) > self.base64.entropy_limit:
                found.add(word)
        for word in _HEX.findall(text):
            if any(c.isalpha() for c in word) and any(c.isdigit() for c in word):
                if self.hex.calculate_shannon_entropy(word) > self.hex.entropy_limit:
                    found.add(word)
        return found


_detector: _Detector | None = None


def _detector_once() -> _Detector:
    global _detector
    if _detector is None:
        _detector = _Detector()
    return _detector


def _blank_value(match: re.Match) -> str:
    return match.group(1) + REDACTED


def _blank_secret_named(match: re.Match) -> str:
    """NAME=value with the value blanked when NAME names a secret; anything else as it was."""
    if _SECRET_NAME.search(match.group(1)):
        return match.group(1) + match.group(2) + REDACTED
    return match.group(0)


def _options_blanker(option: re.Pattern):
    """Blank ``option``'s value inside one program's command (``mysql … -pSECRET``)."""

    def blank(match: re.Match) -> str:
        return option.sub(_blank_value, match.group(0))

    return blank


def redact_outbound(text: str, extra: tuple[str, ...] | list[str] = ()) -> str:
    """``text`` fit to leave Brabo in a notification: ``redact_text``'s secrets, then secret-named assignments
    and options, then whatever detect-secrets' detectors or its entropy measure find. Only the first
    ``OUTBOUND_SCAN_CHARS`` are kept (cut at a space, so no partial word of a secret survives past it)."""
    if not text:
        return text
    if len(text) > OUTBOUND_SCAN_CHARS:
        head = text[:OUTBOUND_SCAN_CHARS]
        cut = max(head.rfind(" "), head.rfind("\n"))
        text = (head[:cut] if cut > 0 else "") + " …"
    text = redact_text(text, extra)
    text = _ASSIGNMENT.sub(_blank_secret_named, text)
    text = _OPTION.sub(_blank_value, text)
    for program, option in _PROGRAM_OPTIONS:
        text = program.sub(_options_blanker(option), text)
    for value in sorted(_detector_once().values(text), key=len, reverse=True):
        if len(value) >= _MIN_SECRET and value != REDACTED and value in text:
            text = text.replace(value, REDACTED)
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
