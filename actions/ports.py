"""Ports: what actions asks of the apps above it, without importing them.

The composition root (``brabo.wiring``) fills these in at start with containers' functions, as it registers
its executors on ``actions.executors``. Until filled, each port answers the fail-closed way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_container_running: Callable[[Any], bool] | None = None
_container_running_sql: Callable[[Any, str], tuple[str, list]] | None = None


def install_container_running(
    fn: Callable[[Any], bool], sql: Callable[[Any, str], tuple[str, list]] | None = None
) -> None:
    """``fn(project)``: is its container running. ``sql(connection, project_id)``: the same
    question as a statement (``project_id`` the SQL naming the project: ``"%s"``, its first parameter, or a
    column of the enclosing statement; then the returned parameters) that the proposal path folds into the
    one statement it reads its inputs with."""
    global _container_running, _container_running_sql
    _container_running, _container_running_sql = fn, sql


def container_running_sql(connection, project_id: str = "%s") -> tuple[str, list] | None:
    """The port's statement, or None when the containers app gave none (then :func:`container_running`).
    ``project_id``: the SQL naming the project (default: a parameter, the statement's first)."""
    return _container_running_sql(connection, project_id) if _container_running_sql is not None else None


def container_running(project) -> bool:
    """Is the project's container registered ``running`` (the policy's container floor, R1.4)? With no
    containers app installed: no, so nothing that needs a running container is allowed."""
    return bool(_container_running and _container_running(project))


_push_preview: Callable[[Any], dict] | None = None


def install_push_preview(fn: Callable[[Any], dict]) -> None:
    global _push_preview
    _push_preview = fn


def push_preview(action) -> dict | None:
    """The commits and files a pending ``git_push`` would carry (``containers.git_local.push_preview``), or
    None with no containers app to read the worktree."""
    return _push_preview(action) if _push_preview else None
