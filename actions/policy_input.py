"""Loading a project's real state into the engine's plain input (SPEC §5 "Input").

The engine (``permissions.decide``) knows nothing of Django; this module reads the permissions file on
disk, the agent's autonomy rows, the container row, the proposer's role and the operator's hooks, and
hands them over as plain data.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from dataclasses import dataclass, replace

from django.conf import settings
from django.db import connections

from permissions.ceiling import stricter
from permissions.decide import (
    AutonomyRow,
    DecisionRequest,
    Permissions,
    ProjectState,
    Verdict,
    decide,
    runs_in_of,
)
from permissions.files import PermissionsFileError, parse_cached
from permissions.hooks import HookConfigError, HookFailure, load_hook_config
from projects.access import agent_role
from projects.local_root import LocalRootError
from projects.models import Agent, AutonomyRule, Project
from projects.policy_store import accepted_permissions, file_base

from . import policy_reads, ports
from .executors import AGENT_RUN_TYPES
from .models import ApprovalRule

log = logging.getLogger(__name__)


class ProjectRootInvalid(ValueError):
    """A `local` project's root no longer validates (R1.4); nothing can be decided against it."""


def project_state(project: Project, container_running: bool | None = None) -> ProjectState:
    """``container_running``: the answer when the caller already read it (``proposal_inputs``)."""
    try:
        root = project.root()
    except LocalRootError as exc:
        raise ProjectRootInvalid(f"the project's local root is no longer usable: {exc}") from None
    if container_running is None:
        container_running = ports.container_running(project)
    return ProjectState(
        execution_mode=project.execution_mode,
        container_running=container_running,
        root=root,
        protected_branches=tuple(project.protected_branches or ()),
        scope_root_id=project.scope_root_id(),
        workspace_dir_name=project.workspace_dir_name,
    )


@dataclass(frozen=True)
class ProposalInputs:
    """What a proposal reads besides the project: the agent's autonomy rows (engine input), whether the
    project has any two-person rule (almost none do, so the rules themselves load only then) and
    whether its container is running (engine input; None when the containers port gave no statement)."""

    autonomy: tuple[AutonomyRow, ...]
    has_approval_rules: bool
    container_running: bool | None = None


_INPUTS_SQL: dict[str, str] = {}


def proposal_inputs(project: Project, agent: Agent | None) -> ProposalInputs:
    """One hand-built statement per proposal instead of two ORM queries, whose compilation cost
    more CPU than running them. Rows come in the ORM's order (action_type), as ``autonomy_rows`` reads them."""
    connection = connections[AutonomyRule.objects.db]
    # the container's state too, through the containers port's own statement (one round trip)
    running = ports.container_running_sql(connection)
    sql = _INPUTS_SQL.get(connection.alias)
    if sql is None:
        qn = connection.ops.quote_name
        sql = (
            f"SELECT 'a' AS kind, action_type, mode FROM {qn(AutonomyRule._meta.db_table)} WHERE agent_id = %s "
            f"UNION ALL SELECT 'r' AS kind, action_type, '' FROM {qn(ApprovalRule._meta.db_table)} "
            "WHERE project_id = %s"
        )
        if running is not None:
            sql += f" UNION ALL SELECT 'c' AS kind, '', '' WHERE EXISTS ({running[0]})"
        sql = _INPUTS_SQL[connection.alias] = sql + " ORDER BY 1, 2"
    agent_id = (
        AutonomyRule._meta.get_field("agent").target_field.get_db_prep_value(agent.pk, connection)
        if agent is not None
        else None
    )
    project_id = Project._meta.pk.get_db_prep_value(project.pk, connection)
    params = [agent_id, project_id]
    if running is not None:
        params += [project_id, *running[1]]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return ProposalInputs(
        autonomy=tuple(AutonomyRow(action_type, mode) for kind, action_type, mode in rows if kind == "a"),
        has_approval_rules=any(kind == "r" for kind, _, _ in rows),
        container_running=any(kind == "c" for kind, _, _ in rows) if running is not None else None,
    )


class InputsRider:
    """A proposal's inputs read in authentication's own statement (one round trip where there were
    two), on PostgreSQL: the agent's autonomy rows, whether its project has a two-person rule, whether its
    container is running -- the same rows :func:`proposal_inputs` reads, by the same statements' conditions.
    Authentication hands the values here and does nothing else with them; :meth:`inputs_for` gives them to
    the proposal of that agent in that project, once. Elsewhere (SQLite) it adds nothing and the proposal
    reads them itself."""

    _fragments: dict[tuple[str, str, str], str] = {}

    def __init__(self) -> None:
        self._values: tuple | None = None

    def columns(self, connection, agent: str, project: str) -> tuple[str, list] | None:
        running = ports.container_running_sql(connection, f"{project}.{connection.ops.quote_name('id')}")
        if connection.vendor != "postgresql" or running is None:
            return None
        key = (connection.alias, agent, project)
        fragment = self._fragments.get(key)
        if fragment is None:
            qn = connection.ops.quote_name
            fragment = self._fragments[key] = (
                f"ARRAY(SELECT ARRAY[r.action_type, r.mode] FROM {qn(AutonomyRule._meta.db_table)} r "
                f"WHERE r.agent_id = {agent}.{qn('id')} ORDER BY r.action_type), "
                f"EXISTS (SELECT 1 FROM {qn(ApprovalRule._meta.db_table)} q "
                f"WHERE q.project_id = {project}.{qn('id')}), "
                f"EXISTS ({running[0]})"
            )
        return fragment, list(running[1])

    def read(self, values: tuple) -> None:
        self._values = values

    def inputs_for(self, agent: Agent) -> ProposalInputs | None:
        """What was read with ``agent``, once; None when nothing was (then :func:`proposal_inputs`)."""
        values, self._values = self._values, None
        if values is None:
            return None
        autonomy, has_rules, running = values
        return ProposalInputs(
            autonomy=tuple(AutonomyRow(action_type, mode) for action_type, mode in autonomy),
            has_approval_rules=bool(has_rules),
            container_running=bool(running),
        )


def autonomy_rows(agent: Agent | None) -> tuple[AutonomyRow, ...]:
    """The agent's autonomy rows as engine input: read here, once per decision, and nowhere else (one reader:
    authentication stashed them on the agent and this re-read them three ways)."""
    if agent is None:
        return ()
    rows = AutonomyRule.objects.filter(agent_id=agent.pk).values_list("action_type", "mode")
    return tuple(AutonomyRow(action_type, mode) for action_type, mode in rows)


# -- operator hooks (R11.1): resident workers, started once per process and reused ----------------------
_hooks_lock = threading.Lock()
_hooks_cache: dict[tuple[str, float], list] = {}


class _BrokenConfigHook:
    """Stands for a hook file that does not load: every call fails, so every decision is denied (R11.3)."""

    def __init__(self, why: str):
        self.why = why

    @property
    def name(self) -> str:
        return "hook configuration"

    def applies_to(self, action_type: str) -> bool:
        return True

    def tool_approval(self, data, workspace: str) -> str:
        raise HookFailure(self.why)


def policy_hooks() -> list:
    return _policy_hooks()[1]


def _policy_hooks() -> tuple[str, list]:
    """(which hook configuration this is, its hooks): the file and its modification time, or why it does not
    load -- what a policy fingerprint records of the operator's hooks."""
    path = settings.BRABO_POLICY_HOOKS_FILE
    if not path:
        return "", []
    try:
        key = (path, os.stat(path).st_mtime)
    except OSError as exc:
        return f"{path}!{exc.errno}", [_BrokenConfigHook(f"{path} cannot be read ({exc.strerror})")]
    with _hooks_lock:
        if key not in _hooks_cache:
            for old in _hooks_cache.values():
                for hook in old:
                    getattr(hook, "close", lambda: None)()
            _hooks_cache.clear()
            try:
                _hooks_cache[key] = load_hook_config(path)
            except HookConfigError as exc:
                return f"{path}@{key[1]}!", [_BrokenConfigHook(str(exc))]
        return f"{path}@{key[1]}", _hooks_cache[key]


def _read_policy(project: Project) -> tuple[str | None, str, Permissions, PermissionsFileError | None]:
    """The file on disk, read as hostile (R3.5): (text, sha256, permissions, error). A file that does not
    load gives the empty permissions and its error (the caller fails closed)."""
    try:
        path = project.permissions_path
        base = file_base(project)
    except LocalRootError as exc:  # the root vanished since project_state() looked
        raise ProjectRootInvalid(f"the project's local root is no longer usable: {exc}") from None
    try:
        text, digest = policy_reads.read(path, base)  # read again only when the file changed (R3.5)
        return text, digest, parse_cached(text), None
    except PermissionsFileError as exc:
        return None, "!unreadable", Permissions(), exc


def build_request(
    project: Project,
    *,
    action_type: str,
    payload: dict,
    role: str | None,
    agent: Agent | None,
    strict: bool = False,
) -> DecisionRequest:
    """The engine input against the file on disk; when permissions.json does not load, the request carries
    its error and the engine fails closed. ``strict`` raises the file's PermissionsFileError instead (for
    `policy check`, which reports it)."""
    state = project_state(project)  # first: a local root that is gone is a named refusal (R1.4)
    _, _, perms, file_error = _read_policy(project)
    if file_error is not None and strict:
        raise file_error
    return _request(
        state, perms, action_type=action_type, payload=payload, role=role, agent=agent, error=file_error
    )


def runs_in_for(state: ProjectState, action_type: str, payload: dict) -> str:
    """SPEC §5: where this action will really run, as the executor will run it. A coding agent's hook
    proposal (``runs_in: "agent"`` on a type the agent runs itself, actions.executors.runs_in_agent) is never
    executed by Brabo: the agent runs it on its own machine, so it is decided as ``agent`` (no container
    floor, the host root, the path scope in every mode). Any other claim in a payload is ignored -- Brabo
    runs the action where the project says, so the project decides."""
    if action_type in AGENT_RUN_TYPES and payload.get("runs_in") == "agent":
        return "agent"
    return runs_in_of(state.execution_mode)


def _request(
    state, perms, *, action_type, payload, role, agent, error=None, runs_in=None, autonomy=None
) -> DecisionRequest:
    return DecisionRequest(
        action_type=action_type,
        role=role,
        project=state,
        command=payload.get("command") if action_type == "terminal" else None,
        cwd=payload.get("cwd") if action_type == "terminal" else None,
        target_branch=payload.get("target_branch") if action_type == "git_merge" else None,
        permissions=perms,
        autonomy=autonomy_rows(agent) if autonomy is None else autonomy,
        payload=payload,
        permissions_error=str(error) if error is not None else None,
        runs_in=runs_in or runs_in_for(state, action_type, payload),
    )


OUTSIDE_NOTE = (
    "permissions.json was changed outside Brabo and is stricter here; a maintainer accepts or restores it "
    "in the console"
)


def decide_against_both(
    request: DecisionRequest,
    accepted: Permissions,
    on_disk: Permissions,
    disk_error: str | None,
    hooks: list,
) -> Verdict:
    """R3.5 — the verdict against the accepted policy and against the file on disk, the stricter of the two
    (deny > require_approval > auto_approve): an outside change can only tighten. On a tie the accepted
    policy's verdict (and its reason) stands."""
    in_force = decide(replace(request, permissions=accepted, permissions_error=None), hooks)
    outside = decide(replace(request, permissions=on_disk, permissions_error=disk_error), hooks)
    chosen = stricter(in_force, outside)
    if chosen is outside:
        return replace(chosen, message=f"{chosen.message} ({OUTSIDE_NOTE})")
    if disk_error and outside.decision == chosen.decision:
        return outside  # same verdict; its message names why the file does not load, so say that
    return chosen


@dataclass(frozen=True)
class _Read:
    """What one decision reads of a project's policy: the engine's request against the file on disk, the
    file's hash, and whether the accepted policy must be read too."""

    request: DecisionRequest
    disk_sha: str
    same_as_accepted: bool


def _read(
    project: Project,
    *,
    action_type: str,
    payload: dict,
    role: str | None,
    agent: Agent | None,
    runs_in: str | None,
    autonomy: tuple[AutonomyRow, ...] | None,
    container_running: bool | None,
) -> _Read:
    state = project_state(
        project, container_running
    )  # first: a local root that is gone is a named refusal (R1.4)
    _, disk_sha, on_disk, file_error = _read_policy(project)
    request = _request(
        state,
        on_disk,
        action_type=action_type,
        payload=payload,
        role=role,
        agent=agent,
        error=file_error,
        runs_in=runs_in,
        autonomy=autonomy,
    )
    return _Read(request, disk_sha, file_error is None and disk_sha == project.policy_sha256)


def _decide(project: Project, read: _Read, hooks: list) -> Verdict:
    request = read.request
    if read.same_as_accepted:
        return decide(request, hooks)
    accepted = accepted_permissions(project)
    if request.permissions_error is None and accepted == request.permissions:
        return decide(request, hooks)  # only the formatting differs: one decision
    return decide_against_both(request, accepted, request.permissions, request.permissions_error, hooks)


def _fingerprint(project: Project, read: _Read, hooks_key: str) -> str:
    """SHA-256 of every input of the decision besides the action itself (whose fields the binding holds): the
    role, the project's state, where it runs, the autonomy rows, the accepted policy's and the file's hashes
    (and why the file does not load), the operator's hook configuration."""
    request, state = read.request, read.request.project
    inputs = (
        "v1",
        request.role,
        state.execution_mode,
        state.container_running,
        state.root,
        tuple(state.protected_branches),
        state.scope_root_id,
        state.workspace_dir_name,
        request.runs_in,
        tuple(sorted((row.action_type, row.mode) for row in request.autonomy)),
        project.policy_sha256,
        read.disk_sha,
        request.permissions_error,
        hooks_key,
    )
    return hashlib.sha256(repr(inputs).encode()).hexdigest()


def evaluate(
    project: Project,
    *,
    action_type: str,
    payload: dict,
    role: str | None,
    agent: Agent | None,
    runs_in: str | None = None,
    autonomy: tuple[AutonomyRow, ...] | None = None,
    container_running: bool | None = None,
) -> Verdict:
    """decide() with the project's real state. The policy in force is the one a person accepted (R3.5):
    when the file on disk is that version (the hashes agree: the common path, no extra query or decision),
    one decision; otherwise one against each and the stricter wins. ``runs_in`` replaces where the action
    runs (`policy check --runs-in`); by default it is where it will really run (:func:`runs_in_for`).
    ``autonomy``, ``container_running``: what the caller already read (``proposal_inputs``)."""
    read = _read(
        project,
        action_type=action_type,
        payload=payload,
        role=role,
        agent=agent,
        runs_in=runs_in,
        autonomy=autonomy,
        container_running=container_running,
    )
    return _decide(project, read, policy_hooks())


def evaluate_fingerprinted(
    project: Project,
    *,
    action_type: str,
    payload: dict,
    role: str | None,
    agent: Agent | None,
    autonomy: tuple[AutonomyRow, ...] | None = None,
    container_running: bool | None = None,
) -> tuple[Verdict, str]:
    """:func:`evaluate`, and the fingerprint of the policy inputs it read (what a proposal stores with an
    auto-approval, so the worker can tell whether the policy changed before it ran): taken of the values
    the decision read, once, with no read of its own."""
    read = _read(
        project,
        action_type=action_type,
        payload=payload,
        role=role,
        agent=agent,
        runs_in=None,
        autonomy=autonomy,
        container_running=container_running,
    )
    hooks_key, hooks = _policy_hooks()
    return _decide(project, read, hooks), _fingerprint(project, read, hooks_key)


def fingerprint_now(
    project: Project, *, action_type: str, payload: dict, role: str | None, agent: Agent | None
) -> str:
    """The fingerprint :func:`evaluate_fingerprinted` would take now, without deciding (the worker's check)."""
    read = _read(
        project,
        action_type=action_type,
        payload=payload,
        role=role,
        agent=agent,
        runs_in=None,
        autonomy=None,
        container_running=None,
    )
    return _fingerprint(project, read, _policy_hooks()[0])


def decision_request_for(
    project_slug: str,
    agent_name: str | None,
    command: str,
    runs_in: str | None = None,
    cwd: str | None = None,
) -> tuple[DecisionRequest, Verdict]:
    """For ``manage.py policy check`` (R12.3): the engine input for one terminal command against a
    project's real state, and the verdict the live path gives it -- the same :func:`evaluate` a proposal and
    an agent's hook call go through (the accepted policy and the file on disk, R3.5; the operator's hooks).
    ``runs_in="agent"`` is a coding agent's hook call (the payload a hook proposes); ``project_slug`` may also
    be the project's workspace_dir_name."""
    project = (
        Project.objects.filter(workspace_dir_name=project_slug).first()
        or Project.objects.filter(slug=project_slug).order_by("created_at").first()
    )
    if project is None:
        raise LookupError(f"no project {project_slug!r}; give its slug or workspace_dir_name")
    agent = None
    role: str | None = "maintainer"
    if agent_name:
        agent = (
            Agent.objects.select_related("principal__user", "project")
            .filter(project=project, name=agent_name)
            .first()
        )
        if agent is None:
            raise LookupError(f"project {project_slug!r} has no agent {agent_name!r}")
        role = agent_role(agent)
    payload: dict = {"command": command}
    if cwd:
        payload["cwd"] = cwd
    if runs_in == "agent":
        payload["runs_in"] = "agent"  # what a hook proposes (actions.agent_hooks)
    # strict: a malformed file is reported, not silently emptied
    req = build_request(project, action_type="terminal", payload=payload, role=role, agent=agent, strict=True)
    if runs_in:
        req = replace(req, runs_in=runs_in)
    verdict = evaluate(
        project, action_type="terminal", payload=payload, role=role, agent=agent, runs_in=runs_in
    )
    return req, verdict
