"""Container lifecycle (R9.3–R9.6): states, resources from the module map, the mounted folder, handoff."""

from __future__ import annotations

import pytest

from actions import execution
from containers.lifecycle import accept_infra_handoff, minimum_resources
from containers.models import ProjectContainer, RunnerWork


def run(action):
    execution.execute(action.id)
    action.refresh_from_db()
    return action


def state(project) -> str | None:
    return ProjectContainer.objects.filter(project=project).values_list("state", flat=True).first()


@pytest.mark.parametrize(
    "modules,expected",
    [
        ({}, (1.0, 1024)),
        ({"api": {"cpu": 1.5, "memory_mb": 2048}, "web": {"cpu": 0.5, "memory_mb": 512}}, (2.0, 2560)),
        ({"api": {"cpu": 0.25, "memory_mb": 256}, "web": {"cpu": 0.25, "memory_mb": 256}}, (0.5, 512)),
        (
            {"api": {"cpu": 0.25}, "docs": {}},
            (1.0, 1024),
        ),  # floored at the defaults: a module declares nothing
        ({"api": {"cpu": 3, "memory_mb": 4096}, "docs": {}}, (3.0, 4096)),
    ],
)
def test_minimum_resources_from_the_module_map(team, modules, expected):
    team.project.module_map = modules
    assert minimum_resources(team.project) == expected


def test_start_resolves_omitted_resources_and_runs(team, sandbox, make_action):
    team.project.module_map = {"api": {"cpu": 1.5, "memory_mb": 2048}, "web": {"cpu": 0.5, "memory_mb": 512}}
    team.project.save()
    action = run(make_action(team.project, "container_start", {"memory_mb": 3000}))
    assert action.status == "executed", action.result
    row = ProjectContainer.objects.get(project=team.project)
    assert (row.state, row.cpu, row.memory_mb) == ("running", 2.0, 3000)
    assert action.result["state"] == "running"


@pytest.mark.parametrize(
    "payload,code",
    [
        ({"cpu": 1.0}, "resources_below_minimum"),
        ({"memory_mb": 100}, "resources_below_minimum"),
        ({"cpu": 99}, "resources_above_maximum"),
        ({"memory_mb": "lots"}, "invalid_payload"),
    ],
)
def test_resources_outside_the_limits_fail_before_any_transition(team, make_action, payload, code):
    team.project.module_map = {"api": {"cpu": 2, "memory_mb": 2048}}
    team.project.save()
    action = run(make_action(team.project, "container_start", payload))
    assert action.result["error"]["code"] == code
    assert state(team.project) is None  # no lifecycle row touched


def test_a_bad_module_map_is_named(team, make_action):
    team.project.module_map = {"api": {"cpu": "two"}}
    team.project.save()
    assert (
        run(make_action(team.project, "container_start", {})).result["error"]["code"] == "module_map_invalid"
    )


def test_stop_then_remove_clears_the_container_for_full_reprovisioning(team, running, make_action):
    ProjectContainer.objects.filter(project=team.project).update(cpu=2, memory_mb=2048, image="x")
    stopped = run(make_action(team.project, "container_stop", {}))
    assert stopped.status == "executed" and state(team.project) == "stopped"
    again = run(make_action(team.project, "container_stop", {}))
    assert again.result == {"state": "stopped", "already": True}
    removed = run(make_action(team.project, "container_remove", {}))
    assert removed.status == "executed"
    row = ProjectContainer.objects.get(project=team.project)
    assert (row.state, row.cpu, row.memory_mb, row.image) == ("removed", None, None, "")


def test_a_local_project_has_no_container(world, team, local_base, make_action):
    (local_base / "loc").mkdir()
    local = world.project(team.ws, "loc", execution_mode="local", local_path=str(local_base / "loc"))
    assert (
        run(make_action(local, "container_start", {})).result["error"]["code"]
        == "no_container_for_local_project"
    )


def test_mounted_start_names_an_unwritable_projects_base_and_does_not_provision(
    world, team, settings, tmp_path, make_action
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    settings.BRABO_PROJECTS_BASE = blocker / "base"
    mounted = world.project(team.ws, "mnt", execution_mode="mounted")
    action = run(make_action(mounted, "container_start", {}))
    error = action.result["error"]
    assert error["code"] == "mounted_folder_unavailable"
    assert "BRABO_PROJECTS_BASE" in error["message"] and str(blocker / "base") in error["message"]
    assert "BRABO_PROJECTS_BASE" in error["next_step"]
    assert state(mounted) is None


def test_mounted_start_without_a_connected_runner(world, team, make_action, settings):
    mounted = world.project(team.ws, "mnt", execution_mode="mounted")
    action = run(make_action(mounted, "container_start", {}))
    assert action.result["error"]["code"] == "no_connected_runner"
    row = ProjectContainer.objects.get(project=mounted)
    assert row.state == "stopped" and row.workspace_verified_at is not None  # R9.4 folder stamped first
    assert (settings.BRABO_PROJECTS_BASE / mounted.workspace_dir_name).is_dir()


def test_accepting_the_infra_handoff_presets_only_container_start(team, world):
    from actions.models import SessionEvent
    from brabo.errors import DomainError
    from projects.models import AutonomyRule

    infra, _ = world.agent(team.project, team.maintainer, "infra")
    with pytest.raises(DomainError):
        accept_infra_handoff(actor=team.developer, agent=infra)
    accept_infra_handoff(actor=team.maintainer, agent=infra)
    rows = list(AutonomyRule.objects.filter(agent=infra).values_list("action_type", "mode"))
    assert rows == [("container_start", "auto_approve")]
    event = SessionEvent.objects.get(type="permission.granted")
    assert event.payload["actionType"] == "container_start" and event.actor_label == "max"


def test_mounted_start_is_handed_to_the_runner_and_settles_from_its_report(world, team, make_action):
    from django.utils import timezone

    from containers.models import Runner
    from containers.runners import claim_work, issue_runner, report

    mounted = world.project(team.ws, "mnt", execution_mode="mounted")
    runner, _ = issue_runner(actor=team.maintainer, project=mounted, name="laptop")
    Runner.objects.filter(id=runner.id).update(last_seen_at=timezone.now())
    action = run(make_action(mounted, "container_start", {}))
    assert action.status == "executing"
    assert state(mounted) == "provisioning"

    work = claim_work(runner, timeout=0)
    assert work is not None and work.action_id == action.id
    assert claim_work(runner, timeout=0) is None  # claimed once
    settled = report(runner, action.id, outcome="executed", result={"container": "abc"})
    assert settled.status == "executed" and settled.result == {"container": "abc"}
    assert state(mounted) == "running"
    assert RunnerWork.objects.get(action=action).state == "reported"


@pytest.mark.django_db(transaction=True)
def test_a_runners_long_poll_sleeps_until_work_is_handed_off(world, team, make_action):
    """The long-poll is woken by the hand-off's announcement; while nothing comes it re-checks the
    database every couple of seconds at most, not in a tight loop (R9.3)."""
    import threading

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from containers.models import Runner
    from containers.runners import claim_work, issue_runner

    mounted = world.project(team.ws, "mnt", execution_mode="mounted")
    runner, _ = issue_runner(actor=team.maintainer, project=mounted, name="laptop")
    Runner.objects.filter(id=runner.id).update(last_seen_at=timezone.now())

    with CaptureQueriesContext(connection) as idle:
        assert claim_work(runner, timeout=3) is None
    # two claim attempts (each: touch, BEGIN, select, COMMIT) and the channel's checks: a 0.25 s poll
    # loop made twelve attempts in those three seconds
    attempts = sum(1 for q in idle.captured_queries if "FOR UPDATE" in q["sql"])
    assert attempts <= 3, attempts

    if connection.vendor != "postgresql":
        pytest.skip("the woken-by-hand-off half needs two connections at once (PostgreSQL)")
    box = {}

    def poll():
        from django.db import connection as thread_connection

        try:
            box["work"] = claim_work(runner, timeout=30)
        finally:
            thread_connection.close()

    poller = threading.Thread(target=poll)
    poller.start()
    action = run(make_action(mounted, "container_start", {}))  # the worker hands it off
    poller.join(timeout=60)
    assert not poller.is_alive()
    work = box["work"]
    assert work is not None and work.action_id == action.id and work.runner_id == runner.id
