"""Every decision control says what the click does before the click, next to it: Approve what runs, where,
with whose credentials; Always allow the rule it adds and how far it reaches; Deny that nothing runs."""

from __future__ import annotations

import re

import pytest

from projects.models import Project

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def _says(page: str, control: str) -> str:
    found = re.findall(rf'data-says="{control}">(.*?)</p>', page, re.S)
    assert found, f"nothing says what {control} does"
    return found[0]


@pytest.fixture
def infra_key(team):
    return team.world.agent(team.project, team.maintainer, "infra")[1]


@pytest.mark.parametrize("mode", ["container", "mounted", "runner", "local"])
def test_approve_says_what_runs_where_and_whose_credentials(
    team, agent_api, infra_key, login, local_base, mode
):
    if mode == "local":  # a local project's typed root must exist under BRABO_LOCAL_ROOTS (R1.4)
        (local_base / "checkout").mkdir()
        project = team.world.project(
            team.ws, "local-app", execution_mode="local", local_path=str(local_base / "checkout")
        )
        infra_key = team.world.agent(project, team.maintainer, "infra-local")[1]
    else:
        Project.objects.filter(id=team.project.id).update(execution_mode=mode)
    action = agent_api.propose("terminal", {"command": "make deploy"}, key=infra_key).json()
    assert action["status"] == "pending", action
    page = login(team.owner).get(f"/admin/console/actions/{action['id']}/").content.decode()
    says = _says(page, "approve")
    assert "exactly what is shown" in says and "olivia" in says
    assert {"container": "container", "mounted": "host folder", "runner": "runner", "local": "server"}[
        mode
    ] in says


@pytest.mark.parametrize(
    "action_type,payload,words",
    [
        ("pr_open", {"title": "t", "branch": "feature", "base": "main"}, "git provider token"),
        ("git_merge", {"pr": 1, "target_branch": "main", "branch": "feature"}, "git provider token"),
        ("instruction_patch", {"patch": "x", "reason": "y"}, "runs nothing"),
        ("terminal", {"command": "make", "runs_in": "agent", "cwd": "/"}, "on its own machine"),
    ],
)
def test_approve_says_whose_credentials_per_kind(
    team, agent_api, infra_key, login, action_type, payload, words
):
    body = agent_api.propose(action_type, payload, key=infra_key).json()
    assert body.get("status") == "pending", body  # the sentence is on a pending action's page
    page = login(team.owner).get(f"/admin/console/actions/{body['id']}/").content.decode()
    assert words in _says(page, "approve")


def test_always_allow_names_the_rule_and_its_reach_and_deny_says_nothing_runs(
    team, agent_api, infra_key, login
):
    action = agent_api.propose("terminal", {"command": "make lint"}, key=infra_key).json()
    page = login(team.owner).get(f"/admin/console/actions/{action['id']}/").content.decode()
    always = _says(page, "always")
    assert "permissions.json" in always and "<code>" in always and "deny rules" in always
    assert "Nothing runs" in _says(page, "deny")


def test_the_queue_card_says_it_too(team, agent_api, infra_key, login):
    agent_api.propose("terminal", {"command": "make lint"}, key=infra_key)
    page = login(team.owner).get("/admin/console/").content.decode()
    assert "exactly what is shown" in _says(page, "approve") and "Nothing runs" in _says(page, "deny")
