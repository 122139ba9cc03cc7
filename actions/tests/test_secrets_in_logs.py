"""The owner's token never reaches a log line, a result, an event or an API answer — not whole, not in part
(R1.2). A provider that fails and echoes the request (token included) is met by a real worker."""

from __future__ import annotations

import json

import pytest
from django.db import transaction

from actions.enqueue import enqueue_execution
from actions.models import ProposedAction, SessionEvent
from actions.tests.fake_provider import FakeProvider

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# No recognisable token shape: only "this process handled this credential" can redact it.
TOKEN = "s3cr3tOWNERtok-7Qx9Zr4Lw2Vb8Nm5Kp1JdT6"
WAIT = 90  # an upper bound for a stuck worker, never a speed assertion


def _leaks(text: str) -> list[str]:
    """The token, or any 8-character slice of it, found in ``text``."""
    return [TOKEN[i : i + 8] for i in range(len(TOKEN) - 7) if TOKEN[i : i + 8] in text]


def _settle(action) -> ProposedAction:
    from actions.waiting import wait_for

    def settled():
        return ProposedAction.objects.filter(id=action.id, status__in=("executed", "failed")).exists()

    assert wait_for(str(action.id), settled, WAIT), f"action {action.id} did not settle"
    action.refresh_from_db()
    return action


@pytest.mark.parametrize("kind", ["github", "gitlab"])
def test_a_failing_provider_that_echoes_the_token_leaks_it_nowhere(
    kind, worker_dirs, team, make_action, owner_token
):
    with FakeProvider(TOKEN) as fake:
        fake.echo_credentials = True
        owner_token(kind, f"{fake.url}/{kind}" + ("/api/v4" if kind == "gitlab" else ""), TOKEN)
        team.project.repository = "acme/app"
        team.project.save()
        # one action fails once with a 503 (a retry: Celery logs the fault) then succeeds; one is refused
        # with a 422 (a terminal failure: the message goes to the result, the event and the API). A 503 says
        # the write was not processed; a 502 on a write may come after it was, and is not retried.
        fake.fail_next = [503]
        retried = make_action(team.project, "git_branch_create", {"branch": "rel-1", "from": "dev"})
        with transaction.atomic():
            enqueue_execution(retried.id)
        retried = _settle(retried)
        fake.fail_next = [422]
        refused = make_action(team.project, "git_branch_create", {"branch": "rel-2", "from": "dev"})
        with transaction.atomic():
            enqueue_execution(refused.id)
        refused = _settle(refused)

    assert len(fake.requests) >= 3  # the echo really happened: the provider saw the token each time
    assert retried.status == "executed" and retried.attempts == 2, retried.result
    assert refused.status == "failed" and refused.result is not None
    assert refused.result["error"]["code"] == "provider_rejected"
    assert "[REDACTED]" in refused.result["error"]["message"]

    worker_log = worker_dirs.log_text()
    assert f"{retried.id}" in worker_log and "Retry" in worker_log  # the fault was logged, redacted
    person = team.world.client(team.owner)
    answers = [
        person.get(f"/api/actions/{retried.id}/").content.decode(),
        person.get(f"/api/actions/{refused.id}/").content.decode(),
        person.get(f"/api/projects/{team.project.id}/events/?limit=500").content.decode(),
    ]
    stored = [
        json.dumps(list(ProposedAction.objects.filter(project=team.project).values("result", "message"))),
        json.dumps(list(SessionEvent.objects.filter(project=team.project).values("payload"))),
    ]
    for name, text in [
        ("worker log", worker_log),
        *[("API", a) for a in answers],
        *[("db", s) for s in stored],
    ]:
        assert not _leaks(text), f"{name} holds part of the token: {_leaks(text)}"
