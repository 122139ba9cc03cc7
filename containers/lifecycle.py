"""container_start / container_stop / container_remove (R9.3–R9.6).

States of the project's container row: provisioning → running → stopped → removed, or failed. ``container``
projects go to the broker port; ``mounted`` and ``runner`` projects go to the runner connected to the
project, and the row moves when the runner reports. Before any transition, ``container_start`` resolves
its resources from the module map (R9.5) and, for ``mounted`` projects, materialises the folder (R9.4).
"""

from __future__ import annotations

import math
import uuid
from pathlib import Path

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from actions.execution import ExecutionFailure, ExecutorResult
from brabo.errors import DomainError
from permissions.action_types import ACTION_TYPES
from projects.models import Project
from projects.services import (
    record_autonomy_grant,
    require_can_act_for,
    require_project_role,
    upsert_autonomy,
)

from .broker import ContainerSpec
from .brokers import get_broker
from .handoff import hand_off, require_connected_runner
from .models import FAILED, PROVISIONING, REMOVED, RUNNING, STOPPED, ProjectContainer

RUNNER_MODES = ("mounted", "runner")


# -- R9.5 resources ---------------------------------------------------------------------------------


def minimum_resources(project) -> tuple[float, int]:
    """The sum of what each module declares; floored at the defaults while some module declares nothing."""
    modules = project.module_map or {}
    if not isinstance(modules, dict):
        raise _bad_module_map("it is not an object of modules")
    cpu_sum, mem_sum = 0.0, 0
    cpu_missing = mem_missing = not modules
    for name, declared in modules.items():
        if not isinstance(declared, dict):
            raise _bad_module_map(f"module {name!r} is not an object")
        cpu, mem = declared.get("cpu"), declared.get("memory_mb")
        if cpu is None:
            cpu_missing = True
        elif _number(cpu) and cpu >= 0:
            cpu_sum += float(cpu)
        else:
            raise _bad_module_map(f"module {name!r} declares cpu {cpu!r}")
        if mem is None:
            mem_missing = True
        elif _number(mem) and mem >= 0 and float(mem).is_integer():
            mem_sum += int(mem)
        else:
            raise _bad_module_map(f"module {name!r} declares memory_mb {mem!r}")
    cpu_min = max(cpu_sum, settings.BRABO_CONTAINER_DEFAULT_CPU) if cpu_missing else cpu_sum
    mem_min = max(mem_sum, settings.BRABO_CONTAINER_DEFAULT_MEMORY_MB) if mem_missing else mem_sum
    return round(cpu_min, 3), mem_min


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _bad_module_map(why: str) -> ExecutionFailure:
    return ExecutionFailure(
        "module_map_invalid",
        f"The project's module map cannot be read for container resources: {why}.",
        'A maintainer fixes the module map ({"module": {"cpu": 1.0, "memory_mb": 512}}), then retry.',
    )


def resolve_resources(project, payload: dict) -> ContainerSpec:
    """Omitted fields become the minimum; below it or above the maximum is a named failure (ADR 0199)."""
    cpu_min, mem_min = minimum_resources(project)
    limits = {
        "cpu": (cpu_min, settings.BRABO_CONTAINER_MAX_CPU),
        "memory_mb": (mem_min, settings.BRABO_CONTAINER_MAX_MEMORY_MB),
    }
    chosen = {}
    for field, (low, high) in limits.items():
        value = payload.get(field)
        if value is None:
            chosen[field] = low
            continue
        if not _number(value) or value <= 0 or (field == "memory_mb" and not float(value).is_integer()):
            raise ExecutionFailure(
                "invalid_payload",
                f"{field} must be a positive number; got {value!r}.",
                "Propose container_start again with valid resources, or leave them out to get the minimum.",
            )
        if value < low:
            raise ExecutionFailure(
                "resources_below_minimum",
                f"{field}={value} is below the minimum {low} that the project's modules declare together.",
                f"Propose container_start with {field} of at least {low}, or leave it out to get exactly that.",
            )
        if value > high:
            raise ExecutionFailure(
                "resources_above_maximum",
                f"{field}={value} is above the maximum {high} this Brabo allows.",
                f"Propose container_start with {field} of at most {high}.",
            )
        chosen[field] = value
    image = payload.get("image") or settings.BRABO_CONTAINER_IMAGE
    if not isinstance(image, str) or len(image) > 300 or any(c.isspace() for c in image):
        raise ExecutionFailure(
            "invalid_payload", f"image {image!r} is not an image name.", "Propose it again."
        )
    return ContainerSpec(cpu=float(chosen["cpu"]), memory_mb=int(chosen["memory_mb"]), image=image)


# -- R9.4 mounted folder ----------------------------------------------------------------------------


def materialise_mounted_folder(project) -> None:
    """``mkdir -p`` the mounted folder, prove it is writable, stamp ``workspace_verified_at``."""
    path = Path(settings.BRABO_PROJECTS_BASE) / (project.mounted_subdir or project.workspace_dir_name)
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".brabo-write-probe-{uuid.uuid4().hex}"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as exc:
        causes = {13: "permission denied", 30: "read-only file system", 28: "no space left"}
        cause = causes.get(exc.errno or 0) or exc.strerror or "unknown error"
        raise ExecutionFailure(
            "mounted_folder_unavailable",
            f"BRABO_PROJECTS_BASE/{project.mounted_subdir or project.workspace_dir_name} ({path}) could not be "
            f"created or written: {cause}. The likely cause is that BRABO_PROJECTS_BASE points at a folder the "
            "Brabo worker cannot write.",
            "The operator sets BRABO_PROJECTS_BASE to a writable folder (or fixes its owner and permissions), "
            "then propose container_start again.",
        ) from None
    ProjectContainer.objects.update_or_create(
        project=project, defaults={"workspace_verified_at": timezone.now()}
    )


# -- transitions ------------------------------------------------------------------------------------


def _row(project) -> ProjectContainer:
    row, _ = ProjectContainer.objects.get_or_create(project=project)
    return row


def _move(project, *, to: str, frm: tuple[str, ...], **fields) -> bool:
    """Status-guarded transition of the row; False when it was not in one of ``frm``."""
    return bool(
        ProjectContainer.objects.filter(project=project, state__in=frm).update(
            state=to, updated_at=timezone.now(), **fields
        )
    )


def _no_container(project) -> ExecutionFailure:
    return ExecutionFailure(
        "no_container_for_local_project",
        "A local project runs in the folder its user typed; it has no container to start, stop or remove.",
        "Use a container, mounted or runner project to manage a container.",
    )


def container_start(action, ctx) -> ExecutorResult:
    project = action.project
    if project.execution_mode == "local":
        raise _no_container(project)
    spec = resolve_resources(project, action.payload)  # R9.5: before any image decision or transition
    if project.execution_mode == "mounted":
        materialise_mounted_folder(project)  # R9.4: before any transition; a failure leaves the row as it was
    row = _row(project)
    if row.state == RUNNING:
        return {"state": RUNNING, "already_running": True}
    if project.execution_mode in RUNNER_MODES:
        require_connected_runner(project)
    if not _move(project, to=PROVISIONING, frm=(STOPPED, REMOVED, FAILED), last_error=""):
        raise ExecutionFailure(
            "container_busy",
            f"The project's container is {row.state}; another lifecycle change is in progress.",
            "Wait for it to finish, then propose container_start again if it is not running.",
        )
    fields = {"cpu": spec.cpu, "memory_mb": spec.memory_mb, "image": spec.image}
    if project.execution_mode in RUNNER_MODES:
        ProjectContainer.objects.filter(project=project).update(**fields)
        return hand_off(action)
    try:
        details = get_broker().start(project, spec)
    except ExecutionFailure as failure:
        _move(project, to=FAILED, frm=(PROVISIONING,), last_error=failure.message)
        raise
    except Exception:
        _move(project, to=FAILED, frm=(PROVISIONING,), last_error="internal error while starting")
        raise
    _move(project, to=RUNNING, frm=(PROVISIONING,), **fields)
    return {"state": RUNNING, "cpu": spec.cpu, "memory_mb": spec.memory_mb, "image": spec.image, **details}


def container_stop(action, ctx) -> ExecutorResult:
    return _stop_or_remove(action, to=STOPPED)


def container_remove(action, ctx) -> ExecutorResult:
    """Discards the container and forces full re-provisioning (R9.3): resources and folder stamp are cleared."""
    return _stop_or_remove(action, to=REMOVED)


def _stop_or_remove(action, *, to: str) -> ExecutorResult:
    project = action.project
    if project.execution_mode == "local":
        raise _no_container(project)
    row = _row(project)
    if row.state == to or (to == STOPPED and row.state == REMOVED):
        return {"state": row.state, "already": True}
    if project.execution_mode in RUNNER_MODES:
        return hand_off(action)
    broker = get_broker()
    details = broker.stop(project) if to == STOPPED else broker.remove(project)
    extra = (
        {"cpu": None, "memory_mb": None, "image": "", "workspace_verified_at": None} if to == REMOVED else {}
    )
    frm = (PROVISIONING, RUNNING, FAILED) + ((STOPPED,) if to == REMOVED else ())
    _move(project, to=to, frm=frm, last_error="", **extra)
    return {"state": to, **details}


def after_runner_outcome(action, *, succeeded: bool, error: str = "") -> None:
    """A runner reported a container action: move the row accordingly (inside the report's transaction)."""
    project = action.project
    if action.action_type == "container_start":
        if succeeded:
            _move(project, to=RUNNING, frm=(PROVISIONING,))
        else:
            _move(project, to=FAILED, frm=(PROVISIONING,), last_error=error[:1000])
    elif action.action_type in ("container_stop", "container_remove") and succeeded:
        to = STOPPED if action.action_type == "container_stop" else REMOVED
        extra = (
            {"cpu": None, "memory_mb": None, "image": "", "workspace_verified_at": None}
            if to == REMOVED
            else {}
        )
        _move(project, to=to, frm=(PROVISIONING, RUNNING, FAILED, STOPPED), **extra)


# -- R9.6 the Infra agent's handoff -----------------------------------------------------------------


@transaction.atomic(durable=True)
def accept_infra_handoff(*, actor, agent) -> None:
    """Accepting the Infra agent's handoff presets its ``container_start`` to auto_approve (R9.6).
    ``container_stop`` is never preset, and ``container_remove`` can never be auto-approved (the policy's
    cap), so nothing else is written. Needs the container_start minimum role (maintainer)."""
    minimum = ACTION_TYPES["container_start"].min_role
    require_project_role(actor, agent.project, minimum, "Accepting the Infra handoff")
    if agent.name != "infra" and not agent.name.startswith("infra-"):
        raise DomainError(
            f"{agent.name} is not an Infra agent; only the Infra agent hands off containers.",
            reason="invalid",
        )
    require_can_act_for(actor, agent.project, agent.principal, f"Accepting the handoff of {agent.name}")
    with transaction.atomic():
        upsert_autonomy(actor=actor, agent=agent, action_type="container_start", mode="auto_approve")
        record_autonomy_grant(agent.project_id, actor, agent.id, "container_start", "infra_handoff_accepted")


def container_running(project) -> bool:
    """actions' ``container_running`` port (the policy's container floor): the row the agent's
    authentication joined in when it did, else one query."""
    if Project.container.is_cached(project):
        container = getattr(project, "container", None)
        return container is not None and container.state == RUNNING
    # every proposal asks this; a hand-built statement (built once per connection) instead of an
    # ORM query, whose compilation cost more CPU than running it.
    connection = connections[ProjectContainer.objects.db]
    sql, params = container_running_sql(connection)
    project_id = Project._meta.pk.get_db_prep_value(project.pk, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, [project_id, *params])
        return cursor.fetchone() is not None


def container_running_sql(connection, project_id: str = "%s") -> tuple[str, list]:
    """The port's question as a statement: a row when the project's container is running. ``project_id``:
    the SQL giving the project's id, by default a parameter (then the project's id comes first, then the
    list returned); a column of an enclosing statement names the project there."""
    key = (connection.alias, project_id)
    sql = _RUNNING_SQL.get(key)
    if sql is None:
        table = connection.ops.quote_name(ProjectContainer._meta.db_table)
        sql = _RUNNING_SQL[key] = (
            f"SELECT 1 FROM {table} WHERE project_id = {project_id} AND state = %s LIMIT 1"
        )
    return sql, [RUNNING]


_RUNNING_SQL: dict[tuple[str, str], str] = {}
