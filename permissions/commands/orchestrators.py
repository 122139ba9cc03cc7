"""Workflow orchestrators and compute clusters (SPEC §5 step 6, effects by family; red team, session 19): work
started, signalled, stopped or deleted on another machine -- Temporal's ``temporal`` and ``tctl`` (workflows
started, terminated, reset, schedules triggered), Prefect's (deployments run and made, a worker started),
Dagster's (jobs launched or executed, assets materialised), Airflow's (DAGs triggered, paused, deleted,
backfilled; variables and connections set), Ray's (clusters up and down, jobs submitted).
Their first known verb decides (``permissions.commands.families.Decided``): listings, descriptions, logs and
the local development servers (``temporal server start-dev``, ``prefect server start``, ``dagster dev``,
``airflow standalone``, ``airflow dags test``) stay ordinary; a command with no known verb is external (fail
closed).
"""

from __future__ import annotations

from permissions.commands.deployers import Spec

__all__ = ["DECIDED"]

_TEMPORAL = Spec(
    "server env query stack count trace result config completion",
    "terminate signal reset execute trigger backfill pause unpause",
    "--address --namespace -n --env --output -o --tls-cert-path --tls-key-path --api-key",
    groups="workflow schedule operator batch activity task-queue",
)
DECIDED: dict[str, Spec] = {
    "temporal": _TEMPORAL,
    "tctl": Spec(
        "observe query stack count scan config completion",
        "terminate signal reset trigger",
        "--address --ad --namespace --ns -n --output",
        groups="workflow wf schedule namespace batch activity taskqueue tq",
    ),
    "prefect": Spec(
        "server config profile version dashboard", "", "--profile", groups="deployment flow-run work-pool"
    ),
    "dagster": Spec(
        "dev api instance project", "launch execute materialize backfill", "-w -f -m -d --workspace"
    ),
    "airflow": Spec(
        "standalone webserver scheduler db config test info version cheat-sheet plugins providers dag-processor"
        " triggerer",
        "trigger backfill pause unpause clear",
        "--subdir -S --output -o",
        groups="dags tasks variables connections pools users roles",
    ),
    "ray": Spec(
        "status timeline memory summary microbenchmark dashboard logs",
        "submit up down exec attach",
        "--address",
    ),
}
