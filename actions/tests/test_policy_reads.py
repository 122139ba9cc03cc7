"""actions.policy_reads: the policy file is read in full again whenever it may have changed, and a link
anywhere below the trusted base still fails closed (R3.5) — also for a file whose text was kept."""

from __future__ import annotations

import os
import time

import pytest

from actions import policy_reads
from permissions.files import UnsafeFileError, sha256_text

TEXT = '{"allow": ["Terminal(git status)"]}\n'
SAME_SIZE = '{"allow": ["Terminal(git stash!)"]}\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A workspaces root holding one project folder with its policy file; counts the full reads."""
    root = tmp_path / "workspaces"
    folder = root / "proj"
    folder.mkdir(parents=True)
    (folder / "permissions.json").write_text(TEXT)
    full: list[str] = []
    read = policy_reads.read_permissions_text

    def counted(path, *, base=None):
        full.append(str(path))
        return read(path, base=base)

    monkeypatch.setattr(policy_reads, "read_permissions_text", counted)
    policy_reads.forget()
    yield root, folder, full
    policy_reads.forget()


def _settled(monkeypatch, folder):
    """The clock a minute on: the file was written long before (as it is between a save and most proposals),
    and the file system's clock has moved past its times (a probe written later has a later change time),
    so the next write cannot carry the same ones."""
    written = (folder / "permissions.json").stat().st_ctime_ns
    probe = folder.parent / "probe"
    while True:
        probe.write_text("x")
        if probe.stat().st_ctime_ns > written:
            break
        time.sleep(0.001)
    monkeypatch.setattr(policy_reads, "_now", lambda: time.time_ns() + 60_000_000_000)


def test_an_unchanged_file_is_read_in_full_once(project, monkeypatch):
    root, folder, full = project
    _settled(monkeypatch, folder)
    for _ in range(3):
        assert policy_reads.read(folder / "permissions.json", root) == (TEXT, sha256_text(TEXT))
    assert len(full) == 1


def test_a_local_projects_file_below_its_own_root_too(project, monkeypatch):
    _root, folder, full = project
    _settled(monkeypatch, folder)
    for _ in range(3):
        assert policy_reads.read(folder / "permissions.json", folder)[0] == TEXT
    assert len(full) == 1


def test_a_file_changed_moments_ago_is_read_in_full_every_time(project):
    """Racily clean (git's rule): a write within the file system's timestamp tick could carry the same times."""
    root, folder, full = project
    for _ in range(3):
        assert policy_reads.read(folder / "permissions.json", root)[0] == TEXT
    assert len(full) == 3


def test_an_edit_in_place_of_the_same_size_is_seen(project, monkeypatch):
    root, folder, full = project
    _settled(monkeypatch, folder)
    policy_reads.read(folder / "permissions.json", root)
    with open(folder / "permissions.json", "r+") as handle:  # same inode, same size
        handle.write(SAME_SIZE)
    assert policy_reads.read(folder / "permissions.json", root) == (SAME_SIZE, sha256_text(SAME_SIZE))
    assert len(full) == 2


def test_a_file_renamed_over_it_is_seen(project, monkeypatch):
    root, folder, _full = project
    _settled(monkeypatch, folder)
    policy_reads.read(folder / "permissions.json", root)
    (folder / "new.json").write_text(SAME_SIZE)
    os.replace(folder / "new.json", folder / "permissions.json")
    assert policy_reads.read(folder / "permissions.json", root)[0] == SAME_SIZE


def test_a_project_folder_swapped_for_a_link_fails_closed_after_its_text_was_kept(project, monkeypatch):
    """The file itself is untouched (same inode and times, reached through the link): only a walk that does
    not follow links below the base tells, as the full read does."""
    root, folder, _full = project
    _settled(monkeypatch, folder)
    assert policy_reads.read(folder / "permissions.json", root)[0] == TEXT
    os.rename(folder, root / "elsewhere")
    os.symlink(root / "elsewhere", folder)
    with pytest.raises(UnsafeFileError, match="symbolic link"):
        policy_reads.read(folder / "permissions.json", root)


def test_the_file_swapped_for_a_link_fails_closed_after_its_text_was_kept(project, monkeypatch):
    root, folder, _full = project
    _settled(monkeypatch, folder)
    policy_reads.read(folder / "permissions.json", root)
    os.rename(folder / "permissions.json", folder / "kept.json")
    os.symlink(folder / "kept.json", folder / "permissions.json")
    with pytest.raises(UnsafeFileError):
        policy_reads.read(folder / "permissions.json", root)


def test_a_removed_file_is_no_file(project, monkeypatch):
    root, folder, _full = project
    _settled(monkeypatch, folder)
    policy_reads.read(folder / "permissions.json", root)
    os.unlink(folder / "permissions.json")
    assert policy_reads.read(folder / "permissions.json", root) == (None, "")
