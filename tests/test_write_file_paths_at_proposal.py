"""A ``write_file`` whose path leaves the project root (``..``, absolute, ``~``, into ``.git``, through a
symbolic link) is refused when it is proposed, with a named reason — not at execution."""

from __future__ import annotations

import os

import pytest


def _propose(team, action_type, payload, key=None):
    agent = team.world.client(agent_key=key or team.agent_key)
    return agent.post("/api/actions/", {"action_type": action_type, "payload": payload}, format="json")


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("../../etc/passwd", "path_outside_project"),
        ("src/../../x", "path_outside_project"),
        ("/etc/passwd", "path_absolute"),
        ("~/x", "path_absolute"),
        (".git/hooks/pre-commit", "path_into_git"),
        ("link/x.txt", "path_through_symlink"),
        ("link", "path_through_symlink"),
    ],
)
def test_write_file_escaping_the_root_is_refused_at_proposal(team, tmp_path, path, reason):
    team.project.folder.mkdir(parents=True, exist_ok=True)
    os.symlink(tmp_path, team.project.folder / "link")
    resp = _propose(team, "write_file", {"path": path, "content": "x"})
    assert resp.status_code == 400, resp.json()  # was 201, failing only at execution
    assert resp.json()["reason"] == reason
    assert path.split("/")[0] in resp.json()["detail"] or path in resp.json()["detail"]
