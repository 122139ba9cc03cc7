"""RN-006, merge targets spelled another way: a merge target spelled as a revision expression or refspec is refused at proposal with
a 400 naming the field (R12.4), through the engine's one canonicaliser (permissions.commands.git)."""

from __future__ import annotations

import pytest

from actions.models import ProposedAction
from actions.payloads import PayloadError, validate_payload

NOT_BRANCH_NAMES = [
    "main^{}",
    "HEAD:main",
    "+main",
    ":main",
    "main~0",
    "main@{0}",
    "ma\u200bin",
    "refs/tags/v1",
]


@pytest.mark.parametrize("target", NOT_BRANCH_NAMES)
def test_revision_syntax_is_not_a_merge_target(target):  # RN-006, merge targets spelled another way
    with pytest.raises(PayloadError) as err:
        validate_payload("git_merge", {"pr": 3, "target_branch": target})
    assert err.value.field == "payload.target_branch"


@pytest.mark.parametrize("target", ["main", "refs/heads/main", "feature/x", "release/2.0"])
def test_branch_names_are_accepted(target):  # RN-006, merge targets spelled another way
    assert validate_payload("git_merge", {"pr": 3, "target_branch": target})["target_branch"] == target


@pytest.mark.django_db
@pytest.mark.parametrize("target", ["main^{}", "HEAD:main", "+main"])
def test_the_api_answers_400_and_writes_nothing(agent_api, target):  # RN-006
    resp = agent_api.propose("git_merge", {"pr": 61, "target_branch": target})
    assert resp.status_code == 400 and "target_branch" in str(resp.json()), resp.json()
    assert ProposedAction.objects.count() == 0
