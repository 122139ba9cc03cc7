"""Through a real Celery worker, PostgreSQL and Redis: after an ownership transfer the previous owner's
provider token is not used until the new owner confirms it."""

from __future__ import annotations

import pytest
from django.db import transaction

from actions.enqueue import enqueue_execution
from actions.models import ProposedAction
from actions.tests.exec_fixtures import OWNER_TOKEN
from actions.tests.fake_provider import FakeProvider
from projects import services, teams

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

WAIT = 60  # seconds; an upper bound for a stuck worker, never a performance assertion


def _run_in_worker(action) -> ProposedAction:
    from actions.waiting import wait_for

    with transaction.atomic():
        enqueue_execution(action.id)

    def settled():
        return ProposedAction.objects.filter(id=action.id, status__in=("executed", "failed")).exists()

    assert wait_for(str(action.id), settled, WAIT), f"action {action.id} did not settle"
    action.refresh_from_db()
    return action


def test_the_worker_refuses_the_previous_owners_token_until_the_new_owner_confirms(
    worker_dirs, team, make_action, owner_token
):
    with FakeProvider(OWNER_TOKEN) as fake:
        owner_token("github", f"{fake.url}/github")
        team.project.repository = "acme/app"
        team.project.save()
        teams.offer_ownership(actor=team.owner, workspace=team.ws, username="max")
        teams.accept_ownership(actor=team.maintainer, workspace=team.ws)
        teams.remove_member(actor=team.maintainer, workspace=team.ws, username="olivia")

        def pr_open():
            return _run_in_worker(
                make_action(
                    team.project,
                    "pr_open",
                    {"branch": "dev", "base": "main", "title": "Ship"},
                    status="auto_approved",
                )
            )

        refused = pr_open()
        assert refused.status == "failed" and refused.result["error"]["code"] == "owner_token_stale"
        assert fake.requests == []  # the token never left the worker
        services.confirm_provider_token(actor=team.maintainer, workspace=team.ws)
        done = pr_open()
    assert done.status == "executed", done.result
    assert len(fake.requests) == 1
    assert OWNER_TOKEN not in str(refused.result) + worker_dirs.log_text()
