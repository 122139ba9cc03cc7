"""R4.6 [beyond], red team: a system folder deleted whole, or every child of one -- `/usr`, `/etc`, `/var`, `/bin`,
`/lib`, `/boot`, `/opt`, macOS's `/System`, `/Library`, `/Applications` -- spelled with a trailing slash, doubled
slashes, `/.`, a climb back up, quoted, behind `sudo`, `find -delete` or another deleter, or reached from where the
command moved. Brabo's sandbox auto-approves `rm -rf /usr` in auto mode (its path scope holds off the sandbox only).

The task names system folders among the floor's; R4.6 and test_matching_bypasses
(`test_r4_6_floor_is_still_not_a_safety_list[rm -rf /../etc]`) say a literal child of the root is not the floor's.
A ruling for the lead: strict xfail until it is made (permissions.floor._is_root and permissions.where._root_like
would both read the folders, and that test's case would go). A deletion below one (`/var/lib/apt/lists/*`,
`/usr/local/lib/x`, `/tmp/build`) is not the floor's either way: guards.

0 of its 49 cases fail on f8fff7d (the session's start): 42 are strict xfail there and here, 7 guards hold.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, allow_every_word, term

SYSTEM = [
    "rm -rf /usr",
    "rm -rf /usr/",
    "rm -rf //usr",
    "rm -rf /./usr/.",
    "rm -rf /usr/local/..",
    "rm -rf /tmp/../usr",
    "rm -rf '/usr'",
    "rm -rf /etc",
    "rm -rf /etc/*",
    "rm -rf /var",
    "rm -rf /var/*",
    "rm -rf /bin",
    "rm -rf /sbin",
    "rm -rf /lib",
    "rm -rf /lib64",
    "rm -rf /boot",
    "rm -rf /opt",
    "rm -rf /dev",
    "rm -rf /sys",
    "rm -rf /run",
    "rm -rf /System",
    "rm -rf /Library",
    "rm -rf /Applications",
    "rm -rf /private",
    "rm -r -f /usr",
    "rm --recursive --force /etc",
    "/bin/rm -rf /usr",
    "sudo rm -rf /var",
    "sudo -u root rm -rf /etc/",
    "env rm -rf /boot",
    "find /usr -delete",
    "find /etc -mindepth 1 -delete",
    "find /var -exec rm -rf {} +",
    "srm -r /usr",
    "trash-put /usr",
    "rm -rf /usr/*/",
]

ORDINARY = [
    "rm -rf /var/lib/apt/lists/*",
    "rm -rf /usr/local/lib/python3.12/site-packages/x",
    "rm -rf /tmp/build",
    "rm -rf /opt/app/cache",
    "rm -rf /etc/xdg/autostart/x.desktop",
    "rm -f /usr/local/bin/tool",
    "find /tmp -name '*.log' -delete",
]

# permissions.where reads these (the directory the command moved to, a climb from it): the lead's file.
MOVED_FIRST = [
    "cd / && rm -rf usr",
    "cd / && rm -rf etc/",
    "cd /usr/local && rm -rf ../../var",
    "cd /usr && rm -rf ../etc",
    "pushd / && rm -rf ./opt",
    "cd / && find usr -delete",
]


_RULING = (
    "a ruling for the lead: system folders are not the floor's today (R4.6 'not a safety list'); "
    "permissions.floor._is_root and permissions.where._root_like read the root and the home folders only"
)


def _verdicts(command: str, runs_in: str):
    return (
        term(command, project=CONTAINER_RUNNING, cwd=ROOT, runs_in=runs_in),
        term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in=runs_in),
        term(command, allow=allow_every_word(command), cwd=ROOT, runs_in=runs_in),
    )


@pytest.mark.xfail(strict=True, reason=_RULING)
@pytest.mark.parametrize("command", SYSTEM)
def test_a_system_folder_deleted_is_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ORDINARY)
def test_a_deletion_below_a_system_folder_is_not_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert v.decision != "deny", (command, runs_in, v.reason)


@pytest.mark.xfail(strict=True, reason=_RULING)
@pytest.mark.parametrize("command", MOVED_FIRST)
def test_a_system_folder_reached_from_where_the_command_moved_is_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, runs_in, v.reason)
