"""Where an action acts, frozen at proposal: what its decision was about besides its payload.

An executor reads some of the project's settings when it runs: a provider action the project's ``repository``
on the workspace's provider host, a branch made without ``from`` the ``default_branch``, a ``git_push`` the
``git_remote_url``, and work run on a host, a sandbox, a container or a runner the project's execution mode and
folder. The first settings change through the API at any time, so between a decision and the run (the
broker's queue, a rule's wait timer, a two-person rule's second approval, a retry) a maintainer could point an
approved action at a repository nobody was shown. ``target_of`` is the part of the project's settings the
action's type acts on; the proposal stores it with the action (``ProposedAction.target``), and the worker
refuses to run an action whose project's target is not that one any more (``actions.execution``).

Types that act on none of these settings have the empty target: changing a setting changes nothing for them.
"""

from __future__ import annotations

from functools import lru_cache

from brabo.redaction import redact_text
from projects.models import WorkspaceCredentials

from . import executors

PROVIDER_MODULE = "actions.executors.provider"
# provider types that act on the project's repository (creating a repository names its own)
_NOT_ON_THE_REPOSITORY = frozenset({"git_repo_create"})

LABELS = {
    "repository": "the project's repository",
    "default_branch": "the project's default branch",
    "git_remote_url": "the project's git remote URL",
    "provider_kind": "the workspace's git provider",
    "provider_base_url": "the workspace's provider address",
    "execution_mode": "the project's execution mode",
    "root": "the project's folder",
}


@lru_cache(maxsize=1)
def _provider_types() -> frozenset[str]:
    return executors.types_run_by(PROVIDER_MODULE)


def acts_on_settings(action_type: str) -> bool:
    """Whether actions of this type act on any project or workspace setting (else their target is empty)."""
    return action_type in _provider_types() or action_type in executors.types_run_elsewhere()


def _place(project) -> dict:
    """Where the project runs its work: its execution mode and folder (SPEC §5: where it runs is part of the
    decision's input). Neither changes through the API today; a change by any other way is a change of place."""
    root = project.local_path if project.execution_mode == "local" else project.scope_root_id()
    return {"execution_mode": project.execution_mode, "root": root}


def _provider_of(workspace_id) -> dict:
    kind, base_url = WorkspaceCredentials.objects.filter(workspace_id=workspace_id).values_list(
        "provider_kind", "provider_base_url"
    ).first() or ("", "")
    return {"provider_kind": kind, "provider_base_url": base_url}


def target_of(project, action_type: str, payload) -> dict:
    """The settings an action of ``action_type`` with ``payload`` acts on in ``project``, as they are now."""
    if action_type in executors.types_run_elsewhere():
        place = _place(project)
        if action_type == "git_push":
            place["git_remote_url"] = project.git_remote_url
        return place
    if action_type not in _provider_types():
        return {}
    target = _provider_of(project.workspace_id)
    if action_type not in _NOT_ON_THE_REPOSITORY:
        target["repository"] = project.repository
    if action_type == "git_branch_create" and not (isinstance(payload, dict) and payload.get("from")):
        target["default_branch"] = project.default_branch
    return target


# said changed without its values: a local project's folder is an absolute host path, which no event or
# result carries (R6.4)
_UNSAID = frozenset({"root"})


def changes(approved: dict, now: dict) -> list[str]:
    """What differs between the target an action was decided for and the project's now, one phrase each."""
    said = []
    for key in sorted(set(approved) | set(now)):
        was, is_ = approved.get(key), now.get(key)
        if was == is_:
            continue
        label = LABELS.get(key, key)
        if key in _UNSAID:
            said.append(f"{label} changed")
        else:
            said.append(redact_text(f"{label} was {was or '(not set)'!r} and is {is_ or '(not set)'!r} now"))
    return said
