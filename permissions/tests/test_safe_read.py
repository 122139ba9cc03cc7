"""Reading a file others can write (R3.5, STYLE 17): no link in any component, regular files only,
non-blocking, at most 1 MiB — anything else is a named PermissionsFileError, never a hang or a leak."""

from __future__ import annotations

import os

import pytest

from permissions.files import (
    PermissionsFileError,
    UnsafeFileError,
    load_permissions,
    merge_into,
    read_regular_file,
)


def test_a_regular_file_reads_and_a_missing_one_is_none(tmp_path):
    (tmp_path / "permissions.json").write_text('{"allow": ["Terminal(ls)"]}')
    assert load_permissions(tmp_path / "permissions.json").allow == ("Terminal(ls)",)
    assert read_regular_file(tmp_path / "absent.json") is None
    assert read_regular_file(tmp_path / "no" / "such" / "x.json", base=tmp_path) is None


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda p: os.symlink("/proc/self/environ", p), "a symbolic link"),
        (lambda p: os.symlink("/dev/zero", p), "a symbolic link"),
        (lambda p: os.mkfifo(p), "a FIFO"),
        (lambda p: os.mkdir(p), "a folder"),
    ],
)
def test_anything_but_a_regular_file_is_named_and_never_opened_for_reading(tmp_path, make, kind):
    path = tmp_path / "permissions.json"
    make(path)
    with pytest.raises(UnsafeFileError) as refused:
        load_permissions(path)
    assert str(refused.value) == f"permissions.json is {kind}; restore it in the console"
    assert isinstance(refused.value, PermissionsFileError)  # callers fail closed on it


def test_a_character_device_is_refused_without_reading_it(tmp_path):
    with pytest.raises(UnsafeFileError, match="a character device"):
        read_regular_file("/dev/zero", base="/dev")


def test_a_link_in_any_component_below_the_base_is_refused(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "permissions.json").write_text("{}")
    os.symlink(tmp_path / "real", tmp_path / "project")
    with pytest.raises(UnsafeFileError, match="project is a symbolic link"):
        load_permissions(tmp_path / "project" / "permissions.json", base=tmp_path)


def test_more_than_a_mebibyte_is_refused(tmp_path):
    path = tmp_path / "permissions.json"
    path.write_text('{"allow": [' + ",".join(['"Terminal(ls)"'] * 80_000) + "]}")
    assert path.stat().st_size > 1024 * 1024
    with pytest.raises(UnsafeFileError, match="larger than 1024 KiB"):
        load_permissions(path)


@pytest.mark.parametrize("plant", ["symlink", "fifo"])
def test_a_planted_lock_file_is_never_followed_nor_blocks_a_write(tmp_path, plant):
    target = tmp_path / "victim"
    lock = tmp_path / "permissions.json.lock"
    os.symlink(target, lock) if plant == "symlink" else os.mkfifo(lock)
    merge_into(tmp_path / "permissions.json", allow=["Terminal(ls)"])
    assert not target.exists()  # the link was removed, not followed
    assert lock.is_file() and not lock.is_symlink()
    assert load_permissions(tmp_path / "permissions.json").allow == ("Terminal(ls)",)
