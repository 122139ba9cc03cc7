"""Provider actions against a local fake speaking GitHub's and GitLab's documented endpoints (R9.2, R8.3)."""

from __future__ import annotations

import logging

import pytest

from actions import events, execution
from actions.models import MergedPullRequest, SessionEvent
from actions.tests.exec_fixtures import OWNER_TOKEN, events_of
from actions.tests.fake_provider import FakeProvider
from projects.models import Task


@pytest.fixture
def fake():
    with FakeProvider(OWNER_TOKEN) as server:
        yield server


@pytest.fixture(params=["github", "gitlab"])
def provider(request, team, fake, owner_token):
    kind = request.param
    owner_token(kind, f"{fake.url}/{kind}" + ("/api/v4" if kind == "gitlab" else ""))
    team.project.repository = "acme/app"
    team.project.save()
    return kind


def run(action):
    execution.execute(action.id)
    action.refresh_from_db()
    return action


def test_r8_3_the_task_the_pr_came_from_is_done_when_a_merge_without_a_task_merges_it(
    team, fake, provider, make_action
):
    feature = Task.objects.create(project=team.project, title="feature", status="in_progress")
    lead = Task.objects.create(project=team.project, title="lead's task", status="in_progress")
    opened = run(
        make_action(
            team.project, "pr_open", {"branch": "dev", "base": "main", "title": "Add x"}, task=feature
        )
    )
    number = opened.result["pr"]
    merge = run(
        make_action(team.project, "git_merge", {"pr": f"#{number}", "target_branch": "main"}, task=lead)
    )
    assert merge.status == "executed", merge.result
    feature.refresh_from_db()
    lead.refresh_from_db()
    assert (feature.status, lead.status) == ("done", "in_progress")  # the PR's task, not the merger's
    (changed,) = SessionEvent.objects.filter(project=team.project, type=events.TASK_STATUS_CHANGED)
    assert changed.payload["taskId"] == str(feature.id) and changed.payload["status"] == "done"


def test_r8_3_a_task_naming_the_pr_in_pr_reference_is_the_one_done(team, fake, provider, make_action):
    fake.add_pr(9, base="main")
    task = Task.objects.create(
        project=team.project,
        title="x",
        status="in_progress",
        pr_reference="https://github.com/acme/app/pull/9",
    )
    merge = run(make_action(team.project, "git_merge", {"pr": 9, "target_branch": "main"}))
    assert merge.status == "executed", merge.result
    task.refresh_from_db()
    assert task.status == "done"


def test_pr_open_uses_the_owners_token_even_for_an_auto_approved_action(team, fake, provider, make_action):
    action = run(
        make_action(
            team.project,
            "pr_open",
            {"branch": "dev", "base": "main", "title": "Add x"},
            status="auto_approved",
        )
    )
    assert action.status == "executed", action.result
    assert action.result["pr"] == 1 and action.result["url"]
    (call,) = fake.requests
    if provider == "github":
        assert call["path"] == "/github/repos/acme/app/pulls"
        assert call["headers"]["Authorization"] == f"Bearer {OWNER_TOKEN}"
        assert call["headers"]["Accept"] == "application/vnd.github+json"
        assert call["headers"]["X-GitHub-Api-Version"] == "2022-11-28"
        assert call["json"] == {"title": "Add x", "head": "dev", "base": "main", "body": ""}
    else:
        assert call["path"] == "/gitlab/api/v4/projects/acme%2Fapp/merge_requests"
        assert call["headers"]["PRIVATE-TOKEN"] == OWNER_TOKEN
        assert call["json"]["source_branch"] == "dev" and call["json"]["target_branch"] == "main"


def test_a_merge_reported_merged_records_the_pr_and_finishes_the_task_once(team, fake, provider, make_action):
    fake.add_pr(7, base="main")
    task = Task.objects.create(project=team.project, title="feature", status="awaiting_approval")
    action = run(make_action(team.project, "git_merge", {"pr": "7", "target_branch": "main"}, task=task))

    assert action.status == "executed", action.result
    assert action.result["merged"] is True and action.result["sha"]
    assert MergedPullRequest.objects.filter(project=team.project, pr="7", action=action).count() == 1
    task.refresh_from_db()
    assert task.status == "done"
    changed = SessionEvent.objects.filter(project=team.project, type=events.TASK_STATUS_CHANGED)
    assert [(e.payload["status"], e.payload["reason"]) for e in changed] == [("done", "pr_merged")]

    # A second approved merge of the same PR (R8.2 refuses it at creation; here it slipped through):
    # the provider refuses, nothing is recorded twice, the task changes no more.
    again = run(make_action(team.project, "git_merge", {"pr": "7", "target_branch": "main"}, task=task))
    assert again.status == "failed" and again.result["error"]["code"] == "provider_conflict"
    assert MergedPullRequest.objects.filter(project=team.project, pr="7").count() == 1
    assert SessionEvent.objects.filter(project=team.project, type=events.TASK_STATUS_CHANGED).count() == 1


def test_a_merge_into_another_branch_than_the_approved_one_is_refused(team, fake, provider, make_action):
    fake.add_pr(3, base="main")
    action = run(make_action(team.project, "git_merge", {"pr": "#3", "target_branch": "feature-x"}))
    assert action.status == "failed"
    assert action.result["error"]["code"] == "target_branch_mismatch"
    assert fake.prs[3]["merged"] is False
    assert not MergedPullRequest.objects.exists()


def test_branch_create_and_protect(team, fake, provider, make_action):
    created = run(make_action(team.project, "git_branch_create", {"branch": "release", "from": "dev"}))
    assert created.status == "executed", created.result
    assert fake.branches["release"] == fake.branches["dev"]
    protected = run(make_action(team.project, "git_branch_protect", {"branch": "release"}))
    assert protected.status == "executed", protected.result
    assert "release" in fake.protected


def test_repo_create(team, fake, provider, make_action):
    action = run(make_action(team.project, "git_repo_create", {"name": "newrepo"}))
    assert action.status == "executed", action.result
    assert action.result["repository"] == "octo/newrepo"


def test_a_wrong_token_is_a_named_auth_failure_and_never_leaks(
    team, fake, provider, owner_token, make_action, caplog
):
    stale = "glpat-STALEtoken-9876543210"
    owner_token(provider, f"{fake.url}/{provider}" + ("/api/v4" if provider == "gitlab" else ""), stale)
    with caplog.at_level(logging.DEBUG):
        action = run(make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"}))
    assert action.status == "failed"
    assert action.result["error"]["code"] == "provider_auth_failed"
    dumped = str(action.result) + str([e.payload for e in events_of(action)]) + caplog.text
    assert stale not in dumped


def test_missing_credentials_are_a_named_failure(team, make_action):
    team.project.repository = "acme/app"
    team.project.save()
    action = run(make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"}))
    assert action.result["error"]["code"] == "credentials_missing"


def test_calls_without_the_token_are_rejected_with_the_providers_shape(fake):
    import httpx

    gh = httpx.get(f"{fake.url}/github/repos/acme/app/pulls/1")
    gl = httpx.get(f"{fake.url}/gitlab/api/v4/projects/acme%2Fapp/merge_requests/1")
    assert (gh.status_code, gh.json()["message"]) == (401, "Requires authentication")
    assert (gl.status_code, gl.json()["message"]) == (401, "401 Unauthorized")


def test_a_provider_5xx_is_transient_then_a_named_failure(team, fake, provider, make_action):
    # 503: the provider says it did not process the write (a 502 may come after it did: see below)
    fake.fail_next = [503, 503]
    action = make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"})
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    execution.execute(action.id, may_retry=False)
    action.refresh_from_db()
    assert action.status == "failed" and action.result["error"]["code"] == "provider_unavailable"


def test_an_unreachable_provider_is_transient(team, owner_token, make_action):
    owner_token("github", "http://127.0.0.1:9")  # discard port: connection refused
    team.project.repository = "acme/app"
    team.project.save()
    action = run(make_action(team.project, "git_branch_protect", {"branch": "main"}))
    assert action.result["error"]["code"] == "provider_unreachable"


@pytest.mark.parametrize(
    "ref,number",
    [
        (12, 12),
        ("12", 12),
        ("#12", 12),
        ("!12", 12),
        ("https://gh/x/y/pull/12", 12),
        ("https://gl/x/-/merge_requests/12/", 12),
    ],
)
def test_pr_references(ref, number):
    """Parsed once, at the proposal: the canonical number is what merge_pr stores."""
    from actions.payloads import read_payload

    assert read_payload("git_merge", {"pr": ref, "target_branch": "main"})[1] == str(number)


@pytest.mark.parametrize("ref", ["", "main", "12abc", None, True, "../12x"])
def test_bad_pr_references_are_refused_at_the_proposal(ref):
    from actions.payloads import PayloadError, read_payload

    with pytest.raises(PayloadError) as exc:
        read_payload("git_merge", {"pr": ref, "target_branch": "main"})
    assert exc.value.field in ("payload.pr", "payload")


def test_a_merge_without_a_parsed_pr_fails_as_invalid_payload(team, make_action):
    from actions.executors.provider import pr_number

    action = make_action(team.project, "git_merge", {"pr": "main", "target_branch": "main"})
    assert action.merge_pr == ""
    with pytest.raises(execution.ExecutionFailure) as exc:
        pr_number(action)
    assert exc.value.code == "invalid_payload"


# -- a non-idempotent request whose answer was lost is never sent again -----------------------------------
# The provider may have acted (a gateway's 502 after the merge went through, a read timeout after the PR was
# created): a retry would act twice, or fail misleadingly on the first act's effect. Such a call fails as
# provider_outcome_unknown at once, telling the person to look; a request that certainly never arrived
# (connection refused) or that the provider says it did not process (429, 503) still retries.


def _outcome_unknown(action):
    execution.execute(action.id, may_retry=True)  # a retry is allowed here, and must not be taken
    action.refresh_from_db()
    assert action.status == "failed", action.result
    assert action.result["error"]["code"] == "provider_outcome_unknown", action.result
    assert "may have" in action.result["error"]["message"]
    execution.execute(action.id, may_retry=True)  # a redelivered message changes nothing
    return action


def _sent(fake, method: str) -> int:
    return [r["method"] for r in fake.requests].count(method)


@pytest.mark.parametrize("lost", [502, 504, 500])
def test_a_pr_opened_whose_answer_was_lost_is_not_opened_again(team, fake, provider, make_action, lost):
    fake.lose_answer = {"POST": lost}
    _outcome_unknown(make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"}))
    assert len(fake.prs) == 1 and _sent(fake, "POST") == 1


@pytest.mark.parametrize("lost", [502, 504])
def test_a_merge_whose_answer_was_lost_is_not_sent_again(team, fake, provider, make_action, lost):
    fake.add_pr(7, base="main")
    fake.lose_answer = {"PUT": lost}  # the target's read (GET) answers; the merge's answer is lost
    _outcome_unknown(make_action(team.project, "git_merge", {"pr": "7", "target_branch": "main"}))
    assert fake.prs[7]["merged"] and _sent(fake, "PUT") == 1


def test_a_branch_created_whose_answer_was_lost_is_not_created_again(team, fake, provider, make_action):
    fake.lose_answer = {"POST": 502}
    _outcome_unknown(make_action(team.project, "git_branch_create", {"branch": "feature-x"}))
    assert "feature-x" in fake.branches and _sent(fake, "POST") == 1


def test_a_merge_timing_out_after_it_was_sent_is_not_sent_again(team, fake, provider, make_action, settings):
    settings.BRABO_PROVIDER_TIMEOUT = 0.5
    fake.add_pr(7, base="main")
    fake.hold_answer = {"PUT"}  # merged, and the answer never comes within the client's timeout
    try:
        _outcome_unknown(make_action(team.project, "git_merge", {"pr": "7", "target_branch": "main"}))
    finally:
        fake.answers_released.set()
    assert fake.prs[7]["merged"] and _sent(fake, "PUT") == 1


@pytest.mark.parametrize("status", [503, 429])
def test_an_answer_saying_it_was_not_processed_still_retries(team, fake, provider, make_action, status):
    fake.fail_next = [status]
    action = make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"})
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    execution.execute(action.id, may_retry=True)
    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert len(fake.prs) == 1


def test_a_read_that_fails_still_retries(team, fake, provider, make_action):
    fake.add_pr(7, base="main")
    fake.fail_next = [502]  # the target's read (GET): nothing was changed
    action = make_action(team.project, "git_merge", {"pr": "7", "target_branch": "main"})
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
    execution.execute(action.id, may_retry=True)
    action.refresh_from_db()
    assert action.status == "executed", action.result
    assert fake.prs[7]["merged"]


def test_a_provider_that_refuses_connections_still_retries_a_write(team, owner_token, make_action):
    owner_token("github", "http://127.0.0.1:9")  # discard port: connection refused, nothing sent
    team.project.repository = "acme/app"
    team.project.save()
    action = make_action(team.project, "pr_open", {"branch": "dev", "base": "main", "title": "x"})
    with pytest.raises(execution.TransientFault):
        execution.execute(action.id, may_retry=True)
