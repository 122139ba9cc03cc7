"""Privilege under other names (§5 step 6, privileged verbs): ``pkexec``, ``run0``, ``su -c``, ``sudoedit``,
``sudo -u/-i/-s``, ``doas -u`` are privileged like ``sudo``; approve-always writes no pattern for them (R7.2)."""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, term

# -- class 7: privilege ---------------------------------------------------------------------------------------
PRIVILEGED = [
    "pkexec rm x",
    "pkexec --user bob id",
    "run0 id",
    "run0 -u bob id",
    "su -c 'id'",
    "su -c 'id' bob",
    "su - bob",
    "su -l bob",
    "su",
    "sudoedit /etc/hosts",
    "sudo -e /etc/hosts",
    "sudo -u bob id",
    "sudo -i",
    "sudo -s",
    "doas -u bob id",
    "env pkexec id",
    "/usr/bin/pkexec id",
    "nice -n 5 su -c id",
    "runuser -u bob -- id",
    "gosu bob id",
    "setpriv --reuid=0 id",
    "capsh -- -c id",
    "systemd-run id",
    "machinectl shell root@.host",
]


@pytest.mark.parametrize("command", PRIVILEGED)
def test_sudo_likes_are_privileged(command):  # §5 step 6, privilege under other names
    v = term(command, allow=("Terminal(id)",), autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), command


def test_systemd_run_as_the_user_is_not_privileged():  # §5 step 6, privilege under other names
    v = term("systemd-run --user id", allow=("Terminal(systemd-run --user id)",), autonomy=AUTO_MODE)
    assert v.decision == "auto_approve"


@pytest.mark.parametrize("command", ["su - bob", "pkexec id", "sudoedit /etc/hosts"])
def test_approve_always_writes_no_pattern_for_a_privileged_command(command):  # §5 step 6, privileged
    from permissions.always import derive_always

    result = derive_always(command)
    assert result.external and result.patterns == ()
