"""R4.6 [beyond], red team: a system folder deleted whole, or every child of one -- `/usr`, `/etc`, `/var`, `/bin`,
`/lib`, `/boot`, `/opt`, macOS's `/System`, `/Library`, `/Applications` -- spelled with a trailing slash, doubled
slashes, `/.`, a climb back up, quoted, behind `sudo`, `find -delete` or another deleter, or reached from where the
command moved.

The ruling (session 27), where the red team asked for more: R4.6's floor is the root and the home folder, "a floor,
not a safety list" (test_matching_bypasses keeps `rm -rf /../etc` outside it). In Brabo's sandbox such a deletion
empties the container's own folder (the container is the boundary; a worker never runs as the host's root); on the
developer's machine the path scope holds in every mode, so it is never auto-approved there -- what this file
checks, with guards that a deletion below one is not the floor's. 0 of its 49 cases fail on f8fff7d (the session's
start): guards of the ruling.
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


def _verdicts(command: str, runs_in: str):
    return (
        term(command, project=CONTAINER_RUNNING, cwd=ROOT, runs_in=runs_in),
        term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in=runs_in),
        term(command, allow=allow_every_word(command), cwd=ROOT, runs_in=runs_in),
    )


@pytest.mark.parametrize("command", SYSTEM + MOVED_FIRST)
def test_a_system_folder_deleted_off_the_sandbox_is_never_auto_approved(command):
    for v in _verdicts(command, "agent"):
        assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize("command", ORDINARY)
def test_a_deletion_below_a_system_folder_is_not_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert v.decision != "deny", (command, runs_in, v.reason)
