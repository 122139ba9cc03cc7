"""Small builders so each test states only what its rule is about."""

from __future__ import annotations

from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, Verdict, decide

ROOT = "/srv/ws/app-1a2b3c4d"
HOST = ProjectState(execution_mode="runner", container_running=False, root=ROOT, scope_root_id="app-1a2b3c4d")
CONTAINER_RUNNING = ProjectState(execution_mode="container", container_running=True, root=ROOT)
AUTO_MODE = (AutonomyRow("*", "auto_approve"),)


def perms(allow: tuple[str, ...] = (), deny: tuple[str, ...] = (), ask: tuple[str, ...] = ()) -> Permissions:
    return Permissions(tuple(allow), tuple(deny), tuple(ask))


def term(
    command: str,
    allow: tuple[str, ...] = (),
    deny: tuple[str, ...] = (),
    ask: tuple[str, ...] = (),
    *,
    project: ProjectState = HOST,
    autonomy: tuple[AutonomyRow, ...] = (),
    cwd: str | None = None,
    role: str | None = "developer",
) -> Verdict:
    return decide(
        DecisionRequest(
            "terminal",
            role,
            project,
            command=command,
            cwd=cwd,
            permissions=perms(allow, deny, ask),
            autonomy=autonomy,
        )
    )


def typed(
    action_type: str,
    allow: tuple[str, ...] = (),
    deny: tuple[str, ...] = (),
    ask: tuple[str, ...] = (),
    *,
    role: str | None = "owner",
    autonomy: tuple[AutonomyRow, ...] = (),
    target_branch: str | None = None,
    project: ProjectState = HOST,
) -> Verdict:
    return decide(
        DecisionRequest(
            action_type,
            role,
            project,
            target_branch=target_branch,
            permissions=perms(allow, deny, ask),
            autonomy=autonomy,
        )
    )
