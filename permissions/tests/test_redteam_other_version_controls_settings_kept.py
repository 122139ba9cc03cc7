"""Red team (R3.7): the settings of the version control systems the table did not keep.

R3.7 keeps git's, Mercurial's, Jujutsu's and Subversion's configuration (their hooks, extensions, editors and
ssh programs run later, for whoever runs the tool). Sapling's (hg's reader: `[hooks]`, `[extensions]`, aliases; in
``.sl/`` and the user's ``~/.config/sapling``, ``~/.slconfig``), darcs' prefs (``_darcs/prefs/defaults``: ``apply
posthook CMD``, ``test`` commands; the user's ``~/.darcs/``) and pijul's (``.pijul/config``'s ``[hooks]``, the
user's ``~/.config/pijul``) were written unasked by any shell write, in auto mode, the container floor and under a
prefix allow. Now in the table (protected_paths). Reading them, a darcs patch file, and the tools' own commands stay
ordinary.

On the base (d0d1f65) test_a_shell_write_of_their_settings_is_never_auto_approved failed 8 of 8 cases; the
ordinary cases passed there and are guards.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "printf '[hooks]\\npre-commit = ./x.sh\\n' > .sl/config",
        "echo '[hooks]' >> ~/.config/sapling/sapling.conf",
        "cp evil.rc ~/.slconfig",
        "echo 'apply posthook ./x.sh' >> _darcs/prefs/defaults",
        "tee ~/.darcs/defaults < evil",
        "echo '[hooks]' > .pijul/config",
        "cp evil.toml ~/.config/pijul/config.toml",
        "sed -i s/a/b/ .sl/config",
    ],
)
def test_a_shell_write_of_their_settings_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "cat .sl/config",
        "ls _darcs/prefs",
        "sl status",
        "darcs whatsnew",
        "pijul diff",
        "echo x > _darcs/patches/x",
    ],
)
def test_reading_them_and_the_tools_stay_ordinary(command):
    stays_auto_where(command, ("sandbox",))
