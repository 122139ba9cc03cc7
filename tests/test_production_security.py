"""Production settings send cookies over HTTPS only and ask browsers for HSTS.

Once, a production server (BRABO_DEBUG off) set neither ``Secure`` on its session and CSRF cookies
nor HSTS. Settings are read at start-up, so each case runs in a fresh interpreter (tests/probe.py).
"""

from __future__ import annotations

import json
import subprocess
import sys

from .probe import ROOT, run_probe

FERNET = "x" * 43 + "="  # 32 url-safe base64 bytes: a syntactically valid Fernet key
PRODUCTION = {
    "BRABO_DEBUG": "false",
    "BRABO_SECRET_KEY": "a-long-random-production-secret-key-" + "k" * 40,
    "BRABO_ENCRYPTION_KEYS": FERNET,
}
PROBE = (
    "import json; from django.conf import settings as s; print(json.dumps({k: getattr(s, k, None) for k in "
    "['SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_HSTS_SECONDS', 'SECURE_HSTS_INCLUDE_SUBDOMAINS', "
    "'SECURE_CONTENT_TYPE_NOSNIFF', 'SECURE_PROXY_SSL_HEADER', 'SECURE_SSL_REDIRECT', 'SESSION_COOKIE_HTTPONLY']}))"
)


def _settings(tmp_path, **env) -> dict:
    return json.loads(run_probe(PROBE, tmp_path, **env))


def test_production_cookies_are_secure_and_hsts_is_a_year(tmp_path):
    s = _settings(tmp_path, **PRODUCTION)
    assert s["SESSION_COOKIE_SECURE"] is True and s["CSRF_COOKIE_SECURE"] is True
    assert s["SESSION_COOKIE_HTTPONLY"] is True
    assert s["SECURE_HSTS_SECONDS"] == 31536000
    assert s["SECURE_CONTENT_TYPE_NOSNIFF"] is True
    # a header a client could send itself is never trusted unless the operator names it
    assert s["SECURE_PROXY_SSL_HEADER"] is None
    assert s["SECURE_SSL_REDIRECT"] is False


def test_development_keeps_plain_http_working(tmp_path):
    # `make run` serves http://127.0.0.1: Secure cookies would break its login, HSTS would pin localhost
    s = _settings(tmp_path)
    assert s["SESSION_COOKIE_SECURE"] is False and s["CSRF_COOKIE_SECURE"] is False
    assert s["SECURE_HSTS_SECONDS"] == 0


def test_the_operator_tunes_hsts_and_names_the_proxy_header(tmp_path):
    s = _settings(
        tmp_path,
        **PRODUCTION,
        BRABO_HSTS_SECONDS="600",
        BRABO_HSTS_INCLUDE_SUBDOMAINS="true",
        BRABO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto: https",
        BRABO_SSL_REDIRECT="true",
    )
    assert s["SECURE_HSTS_SECONDS"] == 600 and s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert s["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert s["SECURE_SSL_REDIRECT"] is True


def _start(tmp_path, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "BRABO_VAR_DIR": str(tmp_path),
            "DJANGO_SETTINGS_MODULE": "brabo.settings",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_bad_security_settings_fail_loudly(tmp_path):
    for env in (
        {"BRABO_SECURE_PROXY_SSL_HEADER": "https"},
        {"BRABO_SECURE_PROXY_SSL_HEADER": "X Forwarded: https"},
        {"BRABO_HSTS_SECONDS": "-1"},
        {"BRABO_SECURE_COOKIES": "perhaps"},
    ):
        out = _start(tmp_path, **PRODUCTION, **env)
        assert out.returncode != 0 and next(iter(env)) in out.stderr, env


def test_a_production_response_carries_hsts_and_secure_cookies(tmp_path):
    # through the real middleware, on a request Django sees as HTTPS (the named proxy header)
    probe = (
        "import django; django.setup(); from django.core.management import call_command; "
        "call_command('migrate', verbosity=0); from django.test import Client; "
        "r = Client().get('/admin/login/', secure=False, HTTP_X_FORWARDED_PROTO='https'); "
        "print(r.status_code, r.headers.get('Strict-Transport-Security'), r.headers.get('X-Content-Type-Options'), "
        "'secure' if r.cookies['csrftoken']['secure'] else 'not-secure')"
    )
    out = run_probe(
        probe,
        tmp_path,
        **PRODUCTION,
        BRABO_ALLOWED_HOSTS="testserver",
        BRABO_SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto: https",
    )
    assert out.splitlines()[-1] == "200 max-age=31536000 nosniff secure"


def test_check_deploy_is_clean_but_for_the_operator_choices(tmp_path):
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "BRABO_VAR_DIR": str(tmp_path), **PRODUCTION},
        capture_output=True,
        text=True,
        timeout=120,
    )
    found = {line.split("(")[1].split(")")[0] for line in out.stderr.splitlines() if line.startswith("?: (")}
    # left to the operator, documented in README: subdomains and preload (a domain-wide promise), and the
    # redirect (behind a TLS proxy it loops unless BRABO_SECURE_PROXY_SSL_HEADER is set)
    assert found <= {"security.W005", "security.W008", "security.W021"}, out.stderr


def test_a_replaced_secret_key_is_kept_as_a_fallback_from_the_environment(tmp_path):
    """The actions in flight are bound with SECRET_KEY (actions.binding): an operator who rotates it lists the
    old key, and the bindings made with it still verify until those actions are settled."""
    probe = "import json; from django.conf import settings as s; print(json.dumps(s.SECRET_KEY_FALLBACKS))"
    old = ["an-older-production-secret-" + "o" * 40, "the-oldest-production-secret-" + "p" * 40]
    assert json.loads(run_probe(probe, tmp_path, **PRODUCTION)) == []
    env = {**PRODUCTION, "BRABO_SECRET_KEY_FALLBACKS": ",".join(old)}
    assert json.loads(run_probe(probe, tmp_path, **env)) == old
