"""Red team, R4.6 (the floor judges where a deletion lands) and SPEC §5 (where it runs): a glob over every dot
entry of a home, and a deletion whose base is a variable no rule knows.

- `rm -rf /var/root/.*` deletes every hidden entry of macOS's root user's home -- its settings, keys and shell
  start-up files, as `rm -rf ~/.*` does the current user's. The floor read a component that may match `..` (`.*`,
  `.?`, `.[!a]`) as that climb only (where.may_be_dots: in bash before 5.2 it may), which gave `/var` -- no home
  -- and the command asked (`unparseable`); `~/.*` and `/root/.*` were denied only because their climb lands on
  the folder of homes or on the root. Such a component is read both ways now: the climb it may be, and the
  pattern over the folder's children it is (where._walk), so every home -- `/var/root`, `/private/var/root`, the
  folder of FreeBSD's homes `/usr/home` -- is denied for its dot entries as for its `*`.
- An unknown base (`$FOO/../x`, `${FOO:-/}/x`, `build/$FOO/../..`): the floor reads climbing out of a variable
  whose value is not known as reaching the root (`$FOO/..`, `$FOO/../*` are denied); a literal child of it is
  no place the floor names, and the deletion asks everywhere -- never auto-approved, under any prefix allow.
  Held on the base; the cases here keep it.

On the base (64ef5d3c) the DOT_GLOBS cases asked in both places (they are denied now); the rest held.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import auto_and_allowed

PLACES = ("sandbox", "agent")
DENIED = [("deny", "builtin_deny")] * 2

# Every dot entry of a home (or of the folder of FreeBSD's homes), spelt with a pattern that may match `..` too.
DOT_GLOBS = [
    "rm -rf /var/root/.*",
    "rm -rf /private/var/root/.*",
    "rm -rf /var/root/.*/",
    "rm -rf /var/root/.?",
    "rm -rf /var/root/.[!a]*",
    "rm -rf /var/root/.[^x]*",
    "rm -rf /var/root/.**",
    "rm -rf /usr/home/.*",
    "rm -rf -- /var/root/.*",
    "sudo rm -rf /var/root/.*",
    "cd /var/root && rm -rf .*",
    "cd /private/var/root; rm -rf .*",
    "cd /usr/home && rm -rf .*",
    "trash /var/root/.*",
    "rimraf '/var/root/.*'",
    "gio trash /var/root/.*",
]

# Held on the base: the same act at the current user's home, another user's, root's, the root's own, and the
# spellings the brief named (`{*,.*}`, `.[!.]*`, `find ... -mindepth 1 -delete`).
DOT_GLOBS_HELD = [
    "rm -rf ~/.*",
    "rm -rf $HOME/.*",
    'rm -rf "$HOME"/.*',
    "rm -rf /root/.*",
    "rm -rf /home/me/.*",
    "rm -rf /Users/me/.*",
    "rm -rf /home/*/.*",
    "rm -rf /.*",
    "rm -rf ~/{*,.*}",
    "rm -rf ~/{.,}*",
    "rm -rf ~/.[!.]*",
    "rm -rf ~/.[!.]* ~/..?*",
    "rm -rf ~/.??*",
    "rm -rf ~/.[a-z]*",
    "rm -rf /var/root/{*,.*}",
    "rm -rf /var/root/.[!.]*",
    "rm -rf /var/root/.??*",
    "rm -rf /root/{*,.*}",
    "rm -rf /{*,.*}",
    "cd ~ && rm -rf .*",
    "cd ~; rm -rf .??*",
    "cd / && rm -rf .[!.]*",
    "find ~ -mindepth 1 -delete",
    "find $HOME -mindepth 1 -delete",
    "find ~/ -mindepth 1 -maxdepth 1 -exec rm -rf {} +",
    "find /root -mindepth 1 -delete",
    "find /var/root -mindepth 1 -delete",
    "find /usr/home/me -mindepth 1 -delete",
    "find ~ -name '*' -delete",
]

# An unknown base climbed out of: the root (or a pattern over its children) is the floor's.
UNKNOWN_BASE_DENIED = [
    "rm -rf $FOO/..",
    "rm -rf $FOO/../..",
    'rm -rf "$FOO"/../..',
    "rm -rf $FOO/../*",
    "rm -rf ${FOO:?}/..",
    "rm -rf ${FOO:-/}",
    "rm -rf ${FOO-/}",
    "rm -rf ${FOO:=/}",
    'rm -rf "${FOO:-/}"',
    "rm -rf ${FOO:-/}/*",
    "rm -rf ${FOO:-/home}/me",
    "rm -rf ${FOO:-/var}/root",
    "rm -rf ${FOO:-/usr/home}",
    "rm -rf ${FOO:-build}/../..",
    "cd $FOO/.. && rm -rf *",
    "cd $FOO && rm -rf ../*",
    "find $FOO/.. -delete",
    "find ${FOO:-/} -delete",
]

# ... and a literal child of where it climbed, or a place below an unknown: no place the floor names, asked.
UNKNOWN_BASE_ASKED = [
    "rm -rf $FOO/../build",
    "rm -rf ${FOO}/../build",
    "rm -rf $FOO/../me",
    "rm -rf ${FOO:-/}/build",
    "rm -rf build/$FOO/../..",
    "rm -rf build/${FOO}/../../..",
    "rm -rf ./$FOO/../..",
    "rm -rf build/$(echo x)/../..",
    "rm -rf build/$1/../..",
    'rm -rf "$(dirname "$0")/../build"',
    "rm -rf $FOO/*",
    "rm -rf ${FOO:?}/*",
    "rm -rf $FOO/$BAR",
    "rm -rf ${FOO%/*}",
    "find $FOO/../build -delete",
    "trash $FOO/../build",
    "rimraf $FOO/../build",
    "mv $FOO/../build /tmp/x",
    "cd build/$FOO/../.. && rm -rf *",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", DOT_GLOBS + DOT_GLOBS_HELD + UNKNOWN_BASE_DENIED)
def test_the_floor_denies_every_dot_entry_of_a_home_and_the_climb_out_of_an_unknown(
    command: str, runs_in: str
) -> None:
    assert auto_and_allowed(command, runs_in) == DENIED, (command, runs_in)


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", UNKNOWN_BASE_ASKED)
def test_a_deletion_below_an_unknown_base_asks(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision == "require_approval", (command, runs_in, reason)


# Friction: the dot entries of a folder in the project or deeper than a home, the caches in a home, and a
# deletion named by the variable a build sets, are not the floor's.
NOT_THE_FLOOR = [
    "rm -rf build/.*",
    "rm -rf ./.[!.]*",
    "rm -rf node_modules/.cache",
    "rm -rf ~/.cache",
    "rm -rf ~/.cache/*",
    "rm -rf ~/.npm/_cacache",
    "rm -rf /var/root/proj/build/.*",
    "rm -rf /var/root/.cache/*",
    "rm -rf /usr/home/me/proj/build/.*",
    "rm -rf /var/lib/app/.*",
    "rm -rf /usr/local/.*",
    "rm -rf /private/var/folders/x/.*",
    "cd /var/root/proj/build && rm -rf .*",
    "find build -mindepth 1 -delete",
    "rm -rf $BUILD_DIR/dist",
    "rm -rf ${OUT:-dist}/*",
    "rm -rf ${BUILD_DIR:-./build}",
    "rm -rf $TMPDIR/proj-build",
]


@pytest.mark.parametrize("runs_in", PLACES)
@pytest.mark.parametrize("command", NOT_THE_FLOOR)
def test_an_ordinary_deletion_is_not_the_floors(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert (decision, reason) != ("deny", "builtin_deny"), (command, runs_in)


@pytest.mark.parametrize("command", ["rm -rf build/.*", "rm -rf node_modules/.cache", "rm -rf ./.[!.]*"])
def test_dot_entries_in_the_project_stay_as_before(command: str) -> None:
    verdicts = auto_and_allowed(command, "sandbox")
    assert all(d != "deny" for d, _ in verdicts), (command, verdicts)


def test_a_long_chain_of_dot_globs_is_read_to_its_end() -> None:
    """Hostile input: the pattern reading is one more reading, not a walk of its own (a first version recursed
    once per `.*` and raised RecursionError past a thousand)."""
    command = "rm -rf /var/root/" + ".*/" * 5000
    assert auto_and_allowed(command, "sandbox") == DENIED
    assert auto_and_allowed("rm -rf src/" + ".*/" * 5000 + "x", "agent") == DENIED
