"""The composition root (brabo/wiring.py) leaves no port empty: each port of a lower app answers the
fail-closed way while unfilled (no container counts as running, an action type with no executor fails), so a
port the wiring forgot would not raise — it would quietly deny. Read through each port's public face."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from actions import notifications, ports, slack
from actions.executors import executor_for, registered_types
from actions.policy_input import decision_request_for
from brabo import domain, errors, startup, wiring
from containers import bwrap, terminal
from containers.models import ProjectContainer
from permissions import cli
from permissions.action_types import ACTION_TYPES
from permissions.messages import SENTENCES


def test_every_executor_resolves_to_the_function_that_runs_it():
    assert set(wiring.EXECUTORS) <= registered_types() and set(wiring.EXECUTORS) <= set(ACTION_TYPES)
    assert executor_for("terminal") is terminal.run_terminal
    assert all(callable(executor_for(t)) for t in wiring.EXECUTORS)


@pytest.mark.django_db
def test_the_container_floor_sees_a_running_container(team):
    assert ports.container_running(team.project) is False  # no container row yet
    ProjectContainer.objects.create(project=team.project, state="running", cpu=1, memory_mb=256)
    team.project.refresh_from_db()
    assert ports.container_running(team.project) is True


def test_the_lower_apps_ports_are_filled():
    assert cli.project_loader() is decision_request_for  # `manage.py policy check` decides on real state
    assert domain._model().__name__ == "SessionEvent"  # the kernel's event log writes actions' rows
    assert all(errors.CATALOGUE[code].kind == errors.DECISION for code in SENTENCES)
    assert reverse("admin:console-runner-rotate", args=[uuid.uuid4()]).endswith(
        "/rotate/"
    )  # containers' page
    assert bwrap.startup_check in startup._CHECKS  # `manage.py serve` proves the sandbox at start (R9.7)
    assert bwrap.workspaces_check in startup._CHECKS  # and what a command reads of the host's layout


def test_wiring_twice_changes_nothing():
    before = (
        list(startup._CHECKS),
        list(startup._SERVICES),
        list(notifications._channels),
        registered_types(),
    )
    wiring.wire()
    after = (
        list(startup._CHECKS),
        list(startup._SERVICES),
        list(notifications._channels),
        registered_types(),
    )
    assert before == after and (slack.fanout, slack.sweep) in after[2]
