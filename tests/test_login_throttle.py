"""Failed sign-ins are throttled per username and address (django-axes).

Once, forty wrong passwords and then the right one signed in. Now, after AXES_FAILURE_LIMIT
failures for one username from one address, that pair is refused — the right password included — until the
cool-off passes or an operator unlocks it; a success before the limit resets the count. Every password form
is covered: the admin/console login and the invitation page's login. Tests that sign people in with
force_login / force_authenticate never meet the throttle.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

LOGIN = "/admin/login/?next=/admin/"
QUEUE = "/admin/console/"


def _attempt(client: Client, username: str, password: str, ip: str = "10.0.0.1", **headers):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=ip, **headers)


def _signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _fail(client: Client, username: str, times: int, ip: str = "10.0.0.1") -> None:
    for i in range(times):
        r = _attempt(client, username, "wrong-password", ip)
        # the form again with its error; the failure that reaches the limit is answered with the lock
        expected = 429 if i + 1 >= settings.AXES_FAILURE_LIMIT else 200
        assert r.status_code == expected and not _signed_in(client)


def test_the_settings_throttle_five_failures_per_username_and_address():
    assert settings.AXES_ENABLED is True
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert settings.MIDDLEWARE[-1] == "axes.middleware.AxesMiddleware"


def test_after_the_limit_even_the_right_password_is_refused_with_a_clear_message(team):
    client = Client()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT - 1)
    r = _attempt(client, "dev", "wrong-password")  # the fifth failure locks the pair
    assert r.status_code == 429
    r = _attempt(client, "dev", "pw-dev")  # the right password, too late
    assert r.status_code == 429 and not _signed_in(client)
    text = r.content.decode()
    assert "Too many failed sign-ins" in text and "15 minutes" in text and "operator" in text
    assert r["Retry-After"] == "900"
    assert client.get(QUEUE).status_code == 302  # not signed in: back to the login page


def test_the_lock_is_per_username_and_address(team):
    attacker = Client()
    _fail(attacker, "dev", settings.AXES_FAILURE_LIMIT)
    assert _attempt(attacker, "dev", "pw-dev").status_code == 429
    # the same person from their own address is not locked out by someone else's guesses
    person = Client()
    assert _attempt(person, "dev", "pw-dev", ip="10.0.0.2").status_code == 302 and _signed_in(person)
    # another account from the attacker's address is its own count
    other = Client()
    assert _attempt(other, "max", "pw-max").status_code == 302 and _signed_in(other)


def test_a_username_that_does_not_exist_is_throttled_the_same_way(db):
    # the answer never tells whether the account exists: a made-up name locks like a real one
    client = Client()
    _fail(client, "ghost", settings.AXES_FAILURE_LIMIT - 1)
    assert _attempt(client, "ghost", "x").status_code == 429


def test_a_success_resets_the_count(team):
    client = Client()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT - 1)
    assert _attempt(client, "dev", "pw-dev").status_code == 302
    client.logout()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT - 1)  # four more, still not locked
    assert _attempt(client, "dev", "pw-dev").status_code == 302 and _signed_in(client)


def test_the_lock_ends_after_the_cool_off(team):
    from axes.models import AccessAttempt

    client = Client()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT)
    assert _attempt(client, "dev", "pw-dev").status_code == 429
    # the cool-off is measured from the last failure: move it past, as time would
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )
    assert _attempt(client, "dev", "pw-dev").status_code == 302 and _signed_in(client)


def test_the_operator_unlocks_a_username(team, capsys):
    client = Client()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT)
    assert _attempt(client, "dev", "pw-dev").status_code == 429
    call_command("axes_reset_username", "dev")
    assert _attempt(client, "dev", "pw-dev").status_code == 302 and _signed_in(client)


def test_a_script_asking_for_json_gets_the_named_reason(team):
    client = Client()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT)
    r = _attempt(client, "dev", "pw-dev", HTTP_ACCEPT="application/json")
    assert r.status_code == 429
    body = r.json()
    assert body["reason"] == "login_throttled" and body["retry_after_minutes"] == 15
    assert "Too many failed sign-ins" in body["detail"]


def test_the_invitation_page_login_is_throttled_too(team):
    from projects.teams import invite_member

    _, token = invite_member(actor=team.owner, workspace=team.ws, role="developer", username="eve")
    client = Client()
    page = f"/invite/{token}/"
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(page, {"step": "login", "username": "eve", "password": "nope"}, REMOTE_ADDR="10.0.0.9")
    r = client.post(page, {"step": "login", "username": "eve", "password": "pw-eve"}, REMOTE_ADDR="10.0.0.9")
    assert r.status_code == 429 and not _signed_in(client)


def test_a_locked_person_keeps_their_personal_token_and_forced_logins(team):
    # tokens and agent keys carry no password: the throttle is about guessing passwords only
    from rest_framework.test import APIClient

    from projects.keys import create_personal_token

    client = Client()
    _fail(client, "dev", settings.AXES_FAILURE_LIMIT)
    _, key = create_personal_token(actor=team.developer, name="script")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/workspaces/").status_code == 200
    forced = Client()
    forced.force_login(team.developer)
    assert forced.get(QUEUE).status_code == 200


@pytest.mark.parametrize(
    "variable,value", [("BRABO_LOGIN_FAILURE_LIMIT", "0"), ("BRABO_LOGIN_COOLOFF_MINUTES", "x")]
)
def test_bad_throttle_settings_fail_loudly(tmp_path, variable, value):
    import subprocess
    import sys

    from .probe import ROOT

    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "BRABO_VAR_DIR": str(tmp_path),
            "DJANGO_SETTINGS_MODULE": "brabo.settings",
            variable: value,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode != 0 and variable in out.stderr


def test_throttle_settings_come_from_the_environment(tmp_path):
    from .probe import run_probe

    probe = "from django.conf import settings as s; print(s.AXES_FAILURE_LIMIT, s.AXES_COOLOFF_TIME.total_seconds())"
    assert run_probe(probe, tmp_path) == "5 900.0"
    assert (
        run_probe(probe, tmp_path, BRABO_LOGIN_FAILURE_LIMIT="3", BRABO_LOGIN_COOLOFF_MINUTES="60")
        == "3 3600.0"
    )


def test_hostile_sign_in_requests_are_counted_without_a_server_error(team):
    # long headers and odd usernames are stored by the throttle: never a 500, and they count all the same
    client = Client()
    headers: dict[str, Any] = {"HTTP_USER_AGENT": "A" * 5000, "HTTP_ACCEPT": "text/html," * 400}
    for username in ["dev"] * (settings.AXES_FAILURE_LIMIT - 1):
        r = client.post(LOGIN, {"username": username, "password": "x"}, REMOTE_ADDR="10.0.0.1", **headers)
        assert r.status_code == 200
    assert (
        client.post(
            LOGIN, {"username": "dev", "password": "x"}, REMOTE_ADDR="10.0.0.1", **headers
        ).status_code
        == 429
    )
    for username in ("d" * 151, "dev\x00", ""):
        r = client.post(LOGIN, {"username": username, "password": "x"}, REMOTE_ADDR="10.0.0.3", **headers)
        assert r.status_code == 200  # the form's own error; no attempt reaches the password check
