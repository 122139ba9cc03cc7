"""The policy file's odd states through the API: a folder at permissions.json, a real
``flock`` held by another process, a symbolic link, a FIFO, a socket, a device, and the same at the lock's
sidecar. Every answer is a named 2xx/4xx with a next step — never a 500, never a server path — and a held
lock is waited for a bounded time only."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys

import pytest

from actions.models import ProposedAction

POLICY = {"allow": ["Terminal(ls)"], "deny": [], "ask": []}


@pytest.fixture
def where(team, settings):
    path = team.project.permissions_path
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _put(team, body=POLICY):
    return team.world.client(team.maintainer).put(
        f"/api/projects/{team.project.id}/permissions/", body, format="json"
    )


def _restore(team):
    return team.world.client(team.maintainer).post(f"/api/projects/{team.project.id}/permissions/restore/")


def _get(team):
    return team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/")


def _no_server_path(resp, settings):
    text = resp.content.decode()
    for secret_place in (str(settings.PROJECT_WORKSPACES_ROOT), str(settings.BRABO_PROJECTS_BASE), "/tmp/"):
        assert secret_place not in text, text
    assert resp.status_code < 500, text


def _is_regular_policy(path) -> bool:
    st = os.lstat(path)
    return stat.S_ISREG(st.st_mode) and json.loads(path.read_text())["allow"] == ["Terminal(ls)"]


# -- a folder ----------------------------------------------------------------------------------------------


def test_an_empty_folder_at_permissions_json_is_replaced_by_a_save_and_a_restore(team, where, settings):
    """The issue's case: an agent's ``mkdir permissions.json``. Reading it is a named 409; saving or
    restoring replaces the empty folder (nothing is lost) with the file."""
    where.mkdir()
    got = _get(team)
    assert got.status_code == 409 and got.json()["reason"] == "permissions_invalid"
    assert "folder" in got.json()["detail"]
    _no_server_path(got, settings)

    saved = _put(team)
    _no_server_path(saved, settings)
    assert saved.status_code == 200 and _is_regular_policy(where)

    os.unlink(where)
    where.mkdir()
    restored = _restore(team)
    _no_server_path(restored, settings)
    assert restored.status_code == 200 and _is_regular_policy(where)


def test_a_folder_with_files_in_it_is_a_named_409_for_every_writer(team, where, settings):
    where.mkdir()
    (where / "payload.txt").write_text("the agent's")
    for resp in (_put(team), _restore(team)):
        _no_server_path(resp, settings)
        assert resp.status_code == 409 and resp.json()["reason"] == "policy_file_not_regular", resp.json()
        assert "rm -r permissions.json" in resp.json()["detail"]
    assert (where / "payload.txt").read_text() == "the agent's"  # Brabo deletes nothing it did not write

    # activation and "always allow" read the file first: the same folder is a named 409 there too
    activated = team.world.client(team.maintainer).post(
        f"/api/projects/{team.project.id}/activate-execution/"
    )
    _no_server_path(activated, settings)
    assert activated.status_code == 409 and activated.json()["reason"] == "policy_file_not_regular"
    _, infra_key = team.world.agent(team.project, team.maintainer, "infra")  # its "always" writes a pattern
    action_id = (
        team.world.client(agent_key=infra_key)
        .post("/api/actions/", {"action_type": "terminal", "payload": {"command": "make x"}}, format="json")
        .json()["id"]
    )
    always = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve-always/")
    _no_server_path(always, settings)
    assert always.status_code == 409 and ProposedAction.objects.get(id=action_id).status == "pending"
    status = team.world.client(team.developer).get(f"/api/projects/{team.project.id}/permissions/status/")
    assert status.status_code == 200 and "folder" in status.json()["on_disk"]["error"]
    _no_server_path(status, settings)


# -- a lock held by another process ----------------------------------------------------------------------------


class Holder:
    """Another process holding ``flock`` on the policy lock, as an agent's command could (``flock
    permissions.json.lock sleep 600``), until it is released — or, so that a writer that waits without
    bound fails this test instead of hanging it, until ``GIVE_UP`` seconds passed."""

    GIVE_UP = 60

    def __init__(self, lock_path):
        code = (
            "import fcntl, os, select, sys\n"
            "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "print('held', flush=True)\n"
            f"select.select([sys.stdin], [], [], {self.GIVE_UP})\n"
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, str(lock_path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "held"

    def release(self):
        assert self.proc.stdin is not None  # piped
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def test_a_held_lock_is_a_bounded_wait_then_a_named_409(team, where, settings, monkeypatch):
    from permissions import files

    holder = Holder(str(where) + ".lock")
    try:
        first = _put(team)  # the lock's own budget (LOCK_WAIT_SECONDS), waited out once
        # the other writers meet the same lock: its budget is not waited out again (0 s, the same 409)
        monkeypatch.setattr(files, "LOCK_WAIT_SECONDS", 0.0)
        for resp in (first, _restore(team)):
            _no_server_path(resp, settings)
            assert resp.status_code == 409 and resp.json()["reason"] == "policy_file_busy", resp.json()
            assert "agent's command may hold it" in resp.json()["detail"]
        assert not where.exists()  # nothing was written while it was held
        # activation and "always allow" write through the same lock: the same bounded wait, the same 409
        activated = team.world.client(team.maintainer).post(
            f"/api/projects/{team.project.id}/activate-execution/"
        )
        assert activated.status_code == 409 and activated.json()["reason"] == "policy_file_busy"
        _, infra_key = team.world.agent(team.project, team.maintainer, "infra")
        body = {"action_type": "terminal", "payload": {"command": "make x"}}
        action_id = (
            team.world.client(agent_key=infra_key).post("/api/actions/", body, format="json").json()["id"]
        )
        always = team.world.client(team.maintainer).post(f"/api/actions/{action_id}/approve-always/")
        assert always.status_code == 409 and always.json()["reason"] == "policy_file_busy"
        assert ProposedAction.objects.get(id=action_id).status == "pending"
    finally:
        holder.release()
    assert _put(team).status_code == 200 and _is_regular_policy(where)


def test_the_lock_wait_is_bounded_by_its_own_budget(where):
    """The wait ends at the lock's own budget (a small one here), whatever the holder does."""
    from permissions import files

    holder = Holder(str(where) + ".lock")
    try:
        with pytest.raises(files.PolicyFileBusy) as busy:
            with files._locked(str(where), wait=0.05):
                pass
        assert "0.05 s" in str(busy.value)
    finally:
        holder.release()


# -- links, FIFOs, sockets, devices ------------------------------------------------------------------------


def test_a_symlink_is_never_followed_and_a_save_replaces_the_link(team, where, settings, tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text('{"allow": ["Terminal(rm)"], "deny": [], "ask": []}')
    where.symlink_to(outside)
    got = _get(team)
    assert got.status_code == 409 and "symbolic link" in got.json()["detail"]
    _no_server_path(got, settings)
    saved = _put(team)
    assert saved.status_code == 200 and _is_regular_policy(where)
    assert json.loads(outside.read_text())["allow"] == ["Terminal(rm)"]  # the target was never written

    os.unlink(where)
    os.symlink(tmp_path, where)  # a link to a folder
    assert _restore(team).status_code == 200 and stat.S_ISREG(os.lstat(where).st_mode)


def test_a_fifo_never_blocks_a_reader_and_is_replaced_by_a_save(team, where, settings):
    os.mkfifo(where)
    got = _get(team)  # no writer on the FIFO: a blocking open would never return
    assert got.status_code == 409 and "FIFO" in got.json()["detail"]
    _no_server_path(got, settings)
    assert _put(team).status_code == 200 and _is_regular_policy(where)
    os.unlink(where)
    os.mkfifo(where)
    assert _restore(team).status_code == 200 and stat.S_ISREG(os.lstat(where).st_mode)


def test_a_socket_is_replaced_by_a_save(team, where, settings, monkeypatch):
    server = socket.socket(socket.AF_UNIX)
    try:
        # bound by its name from inside its folder: a socket's full path is limited to 107 bytes, which a
        # test process's temporary folder (pytest-xdist adds a level) can exceed
        monkeypatch.chdir(where.parent)
        server.bind(where.name)
        got = _get(team)
        assert got.status_code == 409 and "socket" in got.json()["detail"]
        assert _put(team).status_code == 200 and _is_regular_policy(where)
    finally:
        server.close()


def test_a_device_is_never_opened_and_is_replaced_by_a_save(team, where, settings):
    try:
        os.mknod(where, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers
    except PermissionError:
        pytest.skip("creating a device node needs CAP_MKNOD")
    got = _get(team)
    assert got.status_code == 409 and "device" in got.json()["detail"]
    assert _put(team).status_code == 200 and _is_regular_policy(where)


# -- the lock's sidecar ----------------------------------------------------------------------------------------


def test_odd_things_at_the_lock_sidecar(team, where, settings, tmp_path):
    lock = where.parent / "permissions.json.lock"
    lock.mkdir()  # an empty folder: removed, the save goes on
    assert _put(team).status_code == 200 and stat.S_ISREG(os.lstat(lock).st_mode)

    os.unlink(lock)
    lock.mkdir()
    (lock / "x").write_text("x")  # a folder with files in it: named, nothing deleted
    resp = _put(team, {"allow": [], "deny": [], "ask": []})
    _no_server_path(resp, settings)
    assert resp.status_code == 409 and resp.json()["reason"] == "policy_file_not_regular"
    assert "permissions.json.lock" in resp.json()["detail"] and (lock / "x").exists()
    (lock / "x").unlink()
    lock.rmdir()

    target = tmp_path / "victim"
    target.write_text("keep")
    lock.symlink_to(target)  # a link: only the name is removed
    assert _restore(team).status_code == 200 and target.read_text() == "keep"
    os.unlink(lock)
    os.mkfifo(lock)
    assert _put(team).status_code == 200 and stat.S_ISREG(os.lstat(lock).st_mode)


def test_a_device_at_the_lock_sidecar_is_removed_unopened(team, where):
    lock = where.parent / "permissions.json.lock"
    try:
        os.mknod(lock, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("creating a device node needs CAP_MKNOD")
    assert _put(team).status_code == 200 and stat.S_ISREG(os.lstat(lock).st_mode)


@pytest.mark.parametrize(
    "exc, status, reason",
    [
        (
            PermissionError(13, "Permission denied", "/srv/brabo/workspaces/app-1/permissions.json"),
            409,
            "policy_file_unwritable",
        ),
        (
            OSError(30, "Read-only file system", "/srv/brabo/workspaces/app-1/.permissions.x.tmp"),
            409,
            "policy_file_unwritable",
        ),
        (
            OSError(28, "No space left on device", "/srv/brabo/workspaces/app-1/.permissions.x.tmp"),
            507,
            "disk_full",
        ),
        (
            OSError(5, "Input/output error", "/srv/brabo/workspaces/app-1/permissions.json"),
            500,
            "policy_write_failed",
        ),
    ],
)
def test_a_failed_write_is_named_and_never_carries_the_path(exc, status, reason):
    """What the folder's state explains (an agent's ``chmod a-w .``, a read-only mount) is a 409 with a next
    step; the exception's file names never reach the answer. (As root the test cannot make the folder refuse
    its own user, so the mapping is exercised with the errors the write raises.)"""
    from projects.policy_store import write_refusal

    refusal = write_refusal(exc)
    assert (refusal.status, refusal.reason) == (status, reason)
    assert "/srv/brabo" not in str(refusal) and exc.strerror in str(refusal)
