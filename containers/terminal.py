"""terminal: a command in the project's container through the broker port (R1.4, R9.3).

``container`` projects run it in their container (it must be registered ``running``); ``local`` projects
run it in a bubblewrap sandbox on this host with the typed folder at /work — never unsandboxed;
``mounted`` and ``runner`` projects hand it to the runner connected to the project.
"""

from __future__ import annotations

from django.conf import settings

from actions.execution import ExecutionFailure, ExecutorResult

from .broker import container_cwd
from .brokers import get_broker
from .handoff import hand_off
from .models import RUNNING, ProjectContainer


def run_terminal(action, ctx) -> ExecutorResult:
    command = action.payload.get("command")
    if not isinstance(command, str) or not command.strip():
        raise ExecutionFailure("invalid_payload", "terminal needs a non-empty command.", "Propose it again.")
    project = action.project
    if project.execution_mode in ("mounted", "runner"):
        return hand_off(action)
    if project.execution_mode == "container":
        state = ProjectContainer.objects.filter(project=project).values_list("state", flat=True).first()
        if state != RUNNING:
            raise ExecutionFailure(
                "container_not_running",
                f"The project's container is {state or 'not provisioned'}, so the command cannot run.",
                "Start the container (container_start), then propose the command again.",
            )
        broker = get_broker()
    else:
        broker = get_broker("bwrap")
    cwd = container_cwd(project, action.payload.get("cwd"))
    result = broker.run_command(
        project,
        command,
        cwd,
        timeout=settings.BRABO_TERMINAL_TIMEOUT,
        output_cap=settings.BRABO_TERMINAL_OUTPUT_CAP,
    )
    if result.timed_out:
        raise ExecutionFailure(
            "command_timeout",
            f"The command did not finish within {settings.BRABO_TERMINAL_TIMEOUT} seconds and was stopped.",
            "Split the work into shorter commands, or run long jobs in the background of a build tool.",
        )
    return {
        "exit_code": result.exit_code,
        "stdout": result.stdout,
        "stderr": result.stderr,
        "truncated": result.truncated,
    }
