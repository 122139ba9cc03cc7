"""write_file, git_commit and git_push where the project's files are (R1.4, R9.3, §5 "where it runs").

A ``runner`` project's files live on the runner's machine, so these actions go to its runner through the
same work queue as ``terminal`` (:func:`containers.handoff.hand_off`) and settle only when the runner
reports (``executed`` with its result, or ``failed`` with its message): the server never writes or commits
in its own folder for such a project, and never says ``executed`` for work it did not do. No connected
runner is the named failure ``no_connected_runner``. Every other mode runs them here
(:mod:`containers.git_local`).

git_push on a runner pushes from the runner's checkout to the origin the runner pinned when it started, with
that machine's own git credentials: the workspace owner's token (R1.2, R9.2) is never sent to a runner.
"""

from __future__ import annotations

from actions.execution import ExecutionFailure, ExecutorResult

from . import git_local
from .handoff import hand_off

# What a runner pushes to: its checkout's origin. Any other remote an agent names is refused before the
# work leaves the server.
RUNNER_REMOTES = (None, "", "origin")


def _on_runner(action) -> bool:
    return action.project.execution_mode == "runner"


def _text(payload: dict, name: str, *, blank_ok: bool = False) -> None:
    value = payload.get(name)
    if not isinstance(value, str) or (not blank_ok and not value.strip()):
        raise ExecutionFailure(
            "invalid_payload",
            f"The payload needs a {'' if blank_ok else 'non-empty '}text field {name!r}.",
            "Propose the action again.",
        )


def write_file(action, ctx) -> ExecutorResult:
    if not _on_runner(action):
        return git_local.write_file(action, ctx)
    _text(action.payload, "path")
    _text(action.payload, "content", blank_ok=True)
    return hand_off(action)  # the runner checks the path against its own root (brabo_client.runner)


def git_commit(action, ctx) -> ExecutorResult:
    if not _on_runner(action):
        return git_local.git_commit(action, ctx)
    _text(action.payload, "message")
    return hand_off(action)


def git_push(action, ctx) -> ExecutorResult:
    if not _on_runner(action):
        return git_local.git_push(action, ctx)
    _text(action.payload, "branch")
    remote = action.payload.get("remote")
    if remote not in RUNNER_REMOTES:
        raise ExecutionFailure(
            "remote_not_allowed",
            f"A runner pushes only to its checkout's origin, not to {remote!r}.",
            "Propose the push without 'remote' (or with 'origin').",
        )
    return hand_off(action)
