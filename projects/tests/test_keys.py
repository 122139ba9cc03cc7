"""Keys over time: a revoked or rotated key fails at once (or after the overlap window) and the new one
works; ``last_used_at`` costs at most one write a minute per key."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from actions.models import SessionEvent
from containers.models import Runner
from projects.models import Agent, PersonalToken, RetiredKey, WorkspaceEvent


def _bearer(key, scheme="Bearer") -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"{scheme} {key}")
    return c


def _agent_works(key) -> int:
    return _bearer(key).get("/api/actions/").status_code


def _rotate(team, url, user=None, **body):
    return team.world.client(user or team.maintainer).post(url, body, format="json")


def test_a_rotated_agent_key_fails_at_once_and_the_new_one_works(team):
    old = team.agent_key
    assert _agent_works(old) == 200
    r = _rotate(team, f"/api/agents/{team.agent.id}/rotate-key/")
    assert r.status_code == 200, r.content
    new = r.json()["key"]
    assert new.startswith("brabo_agent_") and new != old
    assert _agent_works(old) == 401
    assert _agent_works(new) == 200
    ev = SessionEvent.objects.get(project=team.project, type="agent.key_rotated")
    assert ev.actor_label == "max" and ev.payload["overlapMinutes"] == 0
    assert old not in str(ev.payload) and new not in str(ev.payload)


def test_an_overlap_window_keeps_the_old_agent_key_until_it_ends(team):
    old = team.agent_key
    r = _rotate(team, f"/api/agents/{team.agent.id}/rotate-key/", overlap_minutes=5)
    new = r.json()["key"]
    assert _agent_works(old) == 200 and _agent_works(new) == 200
    # a second rotation: the first new key now overlaps too, the original one still until its own end
    newer = _rotate(team, f"/api/agents/{team.agent.id}/rotate-key/", overlap_minutes=5).json()["key"]
    assert {_agent_works(k) for k in (old, new, newer)} == {200}
    # the window ends (as if 5 minutes passed): the old keys fail, the newest still works
    RetiredKey.objects.update(valid_until=timezone.now() - timedelta(seconds=1))
    assert _agent_works(old) == 401 and _agent_works(new) == 401
    assert _agent_works(newer) == 200
    # an old key proposes as the agent it belongs to while valid
    assert RetiredKey.objects.filter(holder_id=team.agent.id).count() == 2


def test_rotation_bounds_and_who(team):
    url = f"/api/agents/{team.agent.id}/rotate-key/"
    assert _rotate(team, url, overlap_minutes=-1).status_code == 400
    assert _rotate(team, url, overlap_minutes=24 * 60 + 1).status_code == 400
    # a maintainer cannot take over the owner's agent by rotating its key (it acts with the owner's role)
    owners_agent, _ = team.world.agent(team.project, team.owner, "dev-owner")
    r = _rotate(team, f"/api/agents/{owners_agent.id}/rotate-key/")
    assert r.status_code == 403
    # a revoked agent is not brought back by a rotation
    team.world.client(team.maintainer).post(f"/api/agents/{team.agent.id}/revoke/")
    r = _rotate(team, url)
    assert r.status_code == 409 and r.json()["reason"] == "agent_revoked"


def test_a_rotated_runner_key_fails_at_once_or_after_the_overlap(team):
    project = team.world.project(team.ws, "on-laptop", execution_mode="runner")
    made = (
        team.world.client(team.maintainer)
        .post("/api/runners/", {"project": str(project.id), "name": "laptop"}, format="json")
        .json()
    )
    runner, old = Runner.objects.get(pk=made["id"]), made["key"]

    def works(key):
        return _bearer(key).get("/api/runner/work/?timeout=0").status_code

    assert works(old) == 204
    r = _rotate(team, f"/api/runners/{runner.id}/rotate-key/", overlap_minutes=2)
    new = r.json()["key"]
    assert works(old) == 204 and works(new) == 204
    RetiredKey.objects.update(valid_until=timezone.now())
    assert works(old) == 401 and works(new) == 204
    newest = _rotate(team, f"/api/runners/{runner.id}/rotate-key/").json()["key"]
    assert works(new) == 401 and works(newest) == 204
    assert SessionEvent.objects.filter(project=project, type="runner.key_rotated").count() == 2
    r = team.world.client(team.developer).post(f"/api/runners/{runner.id}/rotate-key/", {}, format="json")
    assert r.status_code == 403
    team.world.client(team.maintainer).post(f"/api/runners/{runner.id}/revoke/")
    assert _rotate(team, f"/api/runners/{runner.id}/rotate-key/").json()["reason"] == "runner_revoked"
    assert Runner.objects.get(pk=runner.pk).revoked_at is not None


def test_a_revoked_personal_token_fails_at_once(team):
    me = team.world.client(team.developer)
    made = me.post("/api/tokens/", {"name": "laptop"}, format="json").json()
    token = _bearer(made["key"], "Token")
    assert token.get("/api/workspaces/").status_code == 200
    assert me.post(f"/api/tokens/{made['id']}/revoke/").status_code == 200
    assert token.get("/api/workspaces/").status_code == 401
    types = list(WorkspaceEvent.objects.filter(actor_label="dev").values_list("type", flat=True))
    assert types == ["token.created", "token.revoked"]
    assert made["key"] not in str(list(WorkspaceEvent.objects.values_list("payload", flat=True)))


def _writes(ctx, table):
    return [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("UPDATE") and table in q["sql"]]


def test_last_used_is_written_at_most_once_a_minute_per_key(team):
    token, key = PersonalToken.issue(team.developer, name="ci")
    person, agent = _bearer(key, "Token"), _bearer(team.agent_key)
    with CaptureQueriesContext(connection) as ctx:
        for _ in range(5):
            assert person.get("/api/workspaces/").status_code == 200
            assert agent.get("/api/actions/").status_code == 200
    assert len(_writes(ctx, PersonalToken._meta.db_table)) == 1
    assert len(_writes(ctx, Agent._meta.db_table)) == 1
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None and Agent.objects.get(pk=team.agent.pk).key_last_used_at is not None
    # a minute later the next use is written again
    PersonalToken.objects.filter(pk=token.pk).update(last_used_at=first - timedelta(minutes=2))
    person.get("/api/workspaces/")
    token.refresh_from_db()
    assert token.last_used_at is not None and token.last_used_at > first - timedelta(seconds=1)


# -- production settings and re-encryption -------------------------------------------------------------


def _settings_load(env_extra: dict) -> subprocess.CompletedProcess:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("BRABO_")}
    env.update({"DJANGO_SETTINGS_MODULE": "brabo.settings", "BRABO_SECRET_KEY": "x" * 50, **env_extra})
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('ok')"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_refuses_to_start_without_encryption_keys():
    from cryptography.fernet import Fernet

    r = _settings_load({"BRABO_DEBUG": "false"})
    assert r.returncode != 0
    assert "BRABO_ENCRYPTION_KEYS is required when BRABO_DEBUG is off" in r.stderr
    assert "Fernet.generate_key()" in r.stderr
    r = _settings_load({"BRABO_DEBUG": "false", "BRABO_ENCRYPTION_KEYS": "not-a-key"})
    assert r.returncode != 0 and "is not a Fernet key" in r.stderr
    good = Fernet.generate_key().decode()
    assert _settings_load({"BRABO_DEBUG": "false", "BRABO_ENCRYPTION_KEYS": good}).stdout.strip() == "ok"
    assert _settings_load({"BRABO_DEBUG": "true"}).stdout.strip() == "ok"  # development keeps its derived key


def test_rotate_encryption_key_reencrypts_under_the_new_first_key(team, settings):
    from cryptography.fernet import Fernet
    from django.core.management import CommandError, call_command

    from projects.crypto import SecretUnreadable

    old, new, stranger = (Fernet.generate_key().decode() for _ in range(3))
    settings.ENCRYPTION_KEYS = [old]
    owner = team.world.client(team.owner)
    body = {"provider_kind": "github", "provider_token": "ghp_rotate_me", "model_key": "sk-model"}
    assert owner.put(f"/api/workspaces/{team.ws.id}/credentials/", body, format="json").status_code == 200
    before = team.ws.credentials.provider_token_encrypted

    settings.ENCRYPTION_KEYS = [new, old]
    call_command("rotate_encryption_key")
    settings.ENCRYPTION_KEYS = [new]  # the old key is dropped: everything still decrypts
    creds = type(team.ws.credentials).objects.get(workspace=team.ws)
    assert creds.provider_token_encrypted != before
    assert creds.provider_token() == "ghp_rotate_me" and creds.model_key() == "sk-model"
    assert WorkspaceEvent.objects.filter(workspace=team.ws, type="workspace.credentials_reencrypted").exists()

    # a credential no configured key decrypts is reported, named, and left untouched
    settings.ENCRYPTION_KEYS = [stranger]
    with pytest.raises(CommandError, match=str(team.ws.id)):
        call_command("rotate_encryption_key")
    settings.ENCRYPTION_KEYS = [new]
    assert type(creds).objects.get(pk=creds.pk).provider_token() == "ghp_rotate_me"
    settings.ENCRYPTION_KEYS = [stranger]
    with pytest.raises(SecretUnreadable):
        type(creds).objects.get(pk=creds.pk).provider_token()
