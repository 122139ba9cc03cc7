"""Every encrypted column is registered once and ``rotate_encryption_key`` re-encrypts
all of them (the webhooks' signing secrets too), failing loudly — non-zero exit, naming the row — on any
value no configured key reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command

from actions import notifications
from actions.models import SessionEvent, WebhookDelivery, WebhookEndpoint
from actions.tests.test_notifications import Receiver
from projects.crypto import decrypt
from projects.management.commands.rotate_encryption_key import Command
from projects.models import WorkspaceCredentials, WorkspaceEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def keys(settings):
    old, new, stranger = (Fernet.generate_key().decode() for _ in range(3))
    settings.ENCRYPTION_KEYS = [old]
    settings.BRABO_WEBHOOK_ALLOW_PRIVATE = True
    return {"old": old, "new": new, "stranger": stranger}


def _webhook(team, url, name="ops"):
    return notifications.create_endpoint(
        actor=team.owner, workspace=team.ws, name=name, url=url, format="generic", kinds=["pending"]
    )


def _set_credentials(team):
    body = {"provider_kind": "github", "provider_token": "ghp_rotate_me_please", "model_key": "sk-model-key"}
    resp = team.world.client(team.owner).put(
        f"/api/workspaces/{team.ws.id}/credentials/", body, format="json"
    )
    assert resp.status_code == 200, resp.json()


def test_after_the_readmes_rotation_webhooks_still_sign_and_deliver(team, keys, settings):
    """The issue's case: rotate, drop the old key, and the next delivery still verifies at the receiver."""
    _set_credentials(team)
    with Receiver() as receiver:
        endpoint, receiver.secret = _webhook(team, receiver.url)
        before = endpoint.secret_encrypted

        settings.ENCRYPTION_KEYS = [keys["new"], keys["old"]]
        call_command("rotate_encryption_key")
        settings.ENCRYPTION_KEYS = [keys["new"]]  # the old key is dropped, as the README says

        endpoint.refresh_from_db()
        assert endpoint.secret_encrypted != before and decrypt(endpoint.secret_encrypted) == receiver.secret
        creds = WorkspaceCredentials.objects.get(workspace=team.ws)
        assert creds.provider_token() == "ghp_rotate_me_please" and creds.model_key() == "sk-model-key"

        # a real proposal, its event through the real delivery path
        agent = team.world.client(agent_key=team.agent_key)
        body = {"action_type": "terminal", "payload": {"command": "make ship"}}
        action_id = agent.post("/api/actions/", body, format="json").json()["id"]
        event = SessionEvent.objects.get(action_id=action_id, type="proposed_action.created")
        notifications.process(event.pk)
        for d in WebhookDelivery.objects.filter(status="pending"):
            notifications.attempt_delivery(d.id)
    assert [r["valid"] for r in receiver.requests] == [True]
    assert WebhookDelivery.objects.get(endpoint=endpoint).status == "delivered"
    types = set(WorkspaceEvent.objects.filter(workspace=team.ws).values_list("type", flat=True))
    assert {"workspace.credentials_reencrypted", "workspace.secret_reencrypted"} <= types


def test_an_unreadable_secret_fails_loudly_naming_its_row_and_the_rest_is_rotated(team, keys, settings):
    _set_credentials(team)
    good, good_secret = _webhook(team, "http://127.0.0.1:9/good", "good")
    settings.ENCRYPTION_KEYS = [keys["stranger"]]
    lost, _ = _webhook(team, "http://127.0.0.1:9/lost", "lost")  # under a key the operator no longer has
    lost_before = lost.secret_encrypted

    settings.ENCRYPTION_KEYS = [keys["new"], keys["old"]]
    with pytest.raises(CommandError) as failed:
        call_command("rotate_encryption_key")
    message = str(failed.value)
    assert f"actions.WebhookEndpoint {lost.pk} (workspace {team.ws.id}): secret_encrypted" in message
    assert str(good.pk) not in message and "BRABO_ENCRYPTION_KEYS" in message
    assert WebhookEndpoint.objects.get(pk=lost.pk).secret_encrypted == lost_before  # left as it was

    settings.ENCRYPTION_KEYS = [keys["new"]]  # everything readable was moved to the new key
    assert decrypt(WebhookEndpoint.objects.get(pk=good.pk).secret_encrypted) == good_secret
    assert WorkspaceCredentials.objects.get(workspace=team.ws).provider_token() == "ghp_rotate_me_please"


def test_the_command_line_exits_non_zero(team, keys, settings, capsys):
    settings.ENCRYPTION_KEYS = [keys["stranger"]]
    _webhook(team, "http://127.0.0.1:9/lost", "lost")
    settings.ENCRYPTION_KEYS = [keys["new"], keys["old"]]
    with pytest.raises(SystemExit) as exited:
        Command().run_from_argv(["manage.py", "rotate_encryption_key"])
    assert exited.value.code != 0
    assert "actions.WebhookEndpoint" in capsys.readouterr().err


def test_a_clean_run_exits_zero_and_says_what_it_did(team, keys, settings, capsys):
    _set_credentials(team)
    _webhook(team, "http://127.0.0.1:9/a", "a")
    settings.ENCRYPTION_KEYS = [keys["new"], keys["old"]]
    Command().run_from_argv(["manage.py", "rotate_encryption_key"])  # no SystemExit
    out = capsys.readouterr().out
    assert "1 of workspace credentials" in out and "1 of webhook endpoints" in out


def test_every_encrypted_column_is_registered():
    """Declaring the column is registering it; a value written with encrypt() into any other column would be
    missed by the rotation, so the source may not do that."""
    from projects.crypto import EncryptedTextField, encrypted_fields

    registered = {(m._meta.label, f) for m, fields in encrypted_fields() for f in fields}
    assert {
        ("projects.WorkspaceCredentials", "provider_token_encrypted"),
        ("projects.WorkspaceCredentials", "model_key_encrypted"),
        ("actions.WebhookEndpoint", "secret_encrypted"),
    } <= registered
    from django.apps import apps

    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if "encrypt" in field.name or "secret" in field.name or "cipher" in field.name:
                assert isinstance(field, EncryptedTextField), f"{model._meta.label}.{field.name}"
    names = {f for _, f in registered}
    base = Path(django_settings.BASE_DIR)
    for path in base.glob("*/**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts or "migrations" in path.parts:
            continue
        for target in re.findall(r"(\w+)\s*=\s*encrypt\(", path.read_text()):
            assert target in names, f"{path}: {target} = encrypt(...) is not an EncryptedTextField"


def test_a_delivery_whose_secret_no_key_reads_is_retried_and_sent_once_the_key_is_back(team, keys, settings):
    from datetime import timedelta

    from django.utils import timezone

    with Receiver() as receiver:
        endpoint, receiver.secret = _webhook(team, receiver.url)
        agent = team.world.client(agent_key=team.agent_key)
        body = {"action_type": "terminal", "payload": {"command": "make ship"}}
        action_id = agent.post("/api/actions/", body, format="json").json()["id"]
        settings.ENCRYPTION_KEYS = [keys["new"]]  # the old key dropped before the rotation ran
        notifications.process(
            SessionEvent.objects.get(action_id=action_id, type="proposed_action.created").pk
        )
        delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        notifications.attempt_delivery(delivery.id)
        delivery.refresh_from_db()
        assert delivery.status == "pending" and delivery.next_attempt_at is not None
        assert "cannot be decrypted" in delivery.last_error and not receiver.requests

        settings.ENCRYPTION_KEYS = [keys["new"], keys["old"]]  # the operator puts the old key back
        notifications.attempt_delivery(delivery.id, now=timezone.now() + timedelta(minutes=5))
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and [r["valid"] for r in receiver.requests] == [True]
