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

from collections.abc import Callable

from permissions.commands.deployers import Spec
from permissions.commands.script_binds import bound_to_loopback

__all__ = ["DECIDED", "READERS"]

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
    # red team: GPU clouds and ML platforms -- instances made and destroyed, models deployed, runs submitted
    # elsewhere (Vast.ai, Paperspace, Gradient, Beam, Baseten, fal, Together, Kubeflow Pipelines, Flyte)
    "vastai": Spec("logs", "label reboot recycle execute", "--api-key --url"),
    "paperspace": Spec("login logout", "", groups="deployments"),
    "gradient": Spec("apikey", "", groups="deployments"),
    "beam": Spec("login config", "serve"),
    "baseten": Spec("login", ""),
    "fal": Spec("auth", ""),
    "together": Spec("", "", "--api-key"),
    "kfp": Spec("", "submit", "--endpoint --namespace", groups="run pipeline experiment recurring-run"),
    "flytectl": Spec("config", "", "--project -p --domain -d --admin.endpoint"),
    "ray": Spec(
        "status timeline memory summary microbenchmark dashboard logs",
        "submit up down exec attach",
        "--address",
    ),
}


_OPENAI_READS = ("list", "retrieve", "get", "content", "download", "events", "checkpoints")


def _openai(view: tuple[str, ...]) -> bool:
    """The OpenAI CLI's ``api RESOURCE.ACTION``: an action that lists or retrieves reads; creating (a
    fine-tuning job, an uploaded file), deleting, cancelling change the account (an unknown one: fail closed)."""
    words = [w for w in view[1:] if w[:1] != "-"]
    if words[:1] != ["api"]:
        return False
    action = words[1].rpartition(".")[2].lower() if len(words) > 1 else ""
    return bool(action) and not action.startswith(_OPENAI_READS)


def _mlflow(view: tuple[str, ...]) -> bool:
    """MLflow: a project run on another backend (``run --backend databricks|kubernetes``), a model served or a
    tracking server bound beyond loopback (``--host 0.0.0.0``), a deployment made, changed or removed."""
    args = view[1:]
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if name in ("--backend", "-b", "--host", "-h") and (eq or k + 1 < len(args)):
            value = value if eq else args[k + 1]
            if name in ("--backend", "-b") and value != "local":
                return True
            if name in ("--host", "-h") and not bound_to_loopback(value):
                return True
    return "deployments" in args and any(w in ("create", "update", "delete", "create-endpoint") for w in args)


def _pyflyte(view: tuple[str, ...]) -> bool:
    """Flyte's ``pyflyte run --remote`` runs on the cluster, ``register``/``package`` send the project's code."""
    return "--remote" in view or any(w in ("register", "deploy") for w in view[1:3])


READERS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "openai": _openai,
    "mlflow": _mlflow,
    "pyflyte": _pyflyte,
}
