"""R4.10, option values: one meaning under several spellings is refused by a deny written with any of them --
a signal by number or name (kill, pkill, killall, docker kill), uid 0 or root (docker's, find's ``--user``),
an ``ssh -o`` keyword in any case and any separator. Allow stays literal."""

from __future__ import annotations

import pytest

from permissions.commands.option_values import signal_name
from permissions.tests.helpers import AUTO_MODE, term


def _refused(pattern: str, command: str) -> None:
    program = command.split()[0]
    allowed = term(command, allow=(f"Terminal({program})",), deny=(f"Terminal({pattern})",))
    assert (allowed.decision, allowed.reason) == ("deny", "deny_rule"), (pattern, command, allowed.reason)
    auto = term(command, deny=(f"Terminal({pattern})",), autonomy=AUTO_MODE)
    assert auto.decision == "deny", (pattern, command, auto.reason)


def _not_refused(pattern: str, command: str) -> None:
    program = command.split()[0]
    v = term(command, allow=(f"Terminal({program})",), deny=(f"Terminal({pattern})",))
    assert v.decision == "auto_approve", (pattern, command, v.reason, v.message)


KILL_SPELLINGS = [
    "kill -KILL 1234",
    "kill -kill 1234",
    "kill -SIGKILL 1234",
    "kill -sigkill 1234",
    "kill -s KILL 1234",
    "kill -s SIGKILL 1234",
    "kill -s kill 1234",
    "kill -s 9 1234",
    "kill -n 9 1234",
    "kill --signal KILL 1234",
    "kill --signal=KILL 1234",
    "kill --signal=9 1234",
    "kill -9 1234 5678",
    "kill -KILL -- 1234",
    "kill -s KILL -- -1234",
]


@pytest.mark.parametrize("command", KILL_SPELLINGS)
def test_a_deny_of_kill_9_refuses_every_spelling_of_sigkill(command):
    _refused("kill -9", command)


@pytest.mark.parametrize(
    "pattern", ["kill -KILL", "kill -SIGKILL", "kill -s KILL", "kill -s 9", "kill --signal=kill"]
)
def test_the_rule_may_spell_the_signal_any_way_too(pattern):
    for command in ("kill -9 1234", "kill -KILL 1234", "kill -s sigkill 1234"):
        _refused(pattern, command)


@pytest.mark.parametrize(
    "command",
    ["kill -9 -1", "kill -KILL -1", "kill -s KILL -1", "kill -s 9 -- -1", "kill -SIGKILL -1", "kill -n 9 -1"],
)
def test_a_deny_of_killing_every_process_holds_whatever_the_signal_spelling(command):
    _refused("kill -9 -1", command)


@pytest.mark.parametrize(
    ("pattern", "command"),
    [
        ("kill -1", "kill -HUP 1234"),  # the first -N is a signal: SIGHUP
        ("kill -1", "kill -s hup 1234"),
        ("kill -15", "kill -TERM 1234"),
        ("kill -TERM", "kill -15 1234"),
        ("kill -STOP", "kill -19 1234"),
        ("kill -ABRT", "kill -IOT 1234"),
        ("kill -0", "kill -s 0 1234"),
    ],
)
def test_other_signals_by_number_and_name(pattern, command):
    _refused(pattern, command)


@pytest.mark.parametrize(
    "command",
    [
        "pkill -KILL node",
        "pkill -SIGKILL node",
        "pkill -kill -f 'node server'",
        "pkill --signal KILL node",
        "pkill --signal=9 node",
        "pkill --signal=sigkill -u me node",
        "pkill --sig=KILL node",  # getopt_long's unique abbreviation
        "pkill -f node --signal KILL",
    ],
)
def test_pkill_signal_spellings(command):
    _refused("pkill -9", command)


@pytest.mark.parametrize(
    "command",
    [
        "killall -KILL node",
        "killall -s KILL node",
        "killall -sKILL node",
        "killall --signal=SIGKILL node",
        "killall -w -9 node",  # psmisc reads -SIGNAL anywhere among the options
        "killall -I -SIGKILL Node",
    ],
)
def test_killall_signal_spellings(command):
    _refused("killall -9", command)


@pytest.mark.parametrize(
    "command", ["docker kill -s KILL c1", "docker kill --signal=9 c1", "docker kill -s sigkill c1"]
)
def test_docker_kill_signal_spellings(command):
    _refused("docker kill --signal=KILL", command)


@pytest.mark.parametrize(
    "command",
    [
        "docker run -u 0 alpine",
        "docker run --user=0 alpine",
        "docker run --user 0:0 alpine",
        "docker run -u root:root alpine",
        "docker run -u0 alpine",
        "docker run --rm -u 0:1000 alpine id",
        "docker container run -u 0 alpine",
    ],
)
def test_uid_0_is_root(command):
    _refused("docker run --user root", command)


def test_find_owned_by_uid_0_is_owned_by_root():
    _refused("find -user root", "find . -user 0")


@pytest.mark.parametrize(
    "command",
    [
        "ssh -oStrictHostKeyChecking=no host",
        "ssh -o stricthostkeychecking=no host",
        "ssh -o STRICTHOSTKEYCHECKING=NO host",
        "ssh -o 'StrictHostKeyChecking no' host",
        "ssh -o 'StrictHostKeyChecking = no' host",
        "ssh -4 -o StrictHostKeyChecking=no -p 2222 host",
        "ssh -vo StrictHostKeyChecking=no host",
        "ssh -A -oStrictHostKeyChecking=no host uptime",
    ],
)
def test_ssh_option_keywords_in_any_case_and_form(command):
    _refused("ssh -o StrictHostKeyChecking=no", command)


@pytest.mark.parametrize(
    "command", ["scp -oStrictHostKeyChecking=no a host:b", "sftp -o stricthostkeychecking=NO host"]
)
def test_scp_and_sftp_read_their_o_the_same_way(command):
    _refused(f"{command.split()[0]} -o StrictHostKeyChecking=no", command)


@pytest.mark.parametrize(
    ("pattern", "command"),
    [
        ("kill -9", "kill 1234"),
        ("kill -9", "kill -15 1234"),
        ("kill -9", "kill -TERM 1234"),
        ("kill -9", "kill -l 9"),
        ("kill -9 -1", "kill -9 1234"),
        ("kill -1", "kill -9 1234"),
        ("pkill -9", "pkill -f node"),
        ("pkill -9", "pkill -f -u 9 node"),
        ("killall -9", "killall node"),
        ("docker run --user root", "docker run -u 1000 alpine"),
        ("docker run --user root", "docker run -u 1000:0 alpine"),
        ("ssh -o StrictHostKeyChecking=no", "ssh -o StrictHostKeyChecking=yes host"),
        ("ssh -o StrictHostKeyChecking=no", "ssh host"),
    ],
)
def test_other_meanings_are_not_refused(pattern, command):
    _not_refused(pattern, command)


def test_the_remote_command_of_ssh_is_not_its_options():
    # after the destination, ssh reads no option: `-o` there belongs to the remote command
    v = term("ssh host ls -o x", allow=("Terminal(ssh)",), deny=("Terminal(ssh -o x)",))
    assert v.decision != "deny"


def test_allow_stays_literal():
    # R4.8: meaning widens only what is refused -- an allow of `kill -9` does not approve `kill -KILL`
    assert term("kill -9 1234", allow=("Terminal(kill -9)",)).decision == "auto_approve"
    assert term("kill -KILL 1234", allow=("Terminal(kill -9)",)).decision != "auto_approve"


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("9", "KILL"),
        ("SIGKILL", "KILL"),
        ("kill", "KILL"),
        ("Sigterm", "TERM"),
        ("15", "TERM"),
        ("iot", "ABRT"),
        ("CLD", "CHLD"),
        ("0", "0"),
        ("64", "64"),
        ("f", None),
        ("u", None),
        ("9" * 5000, None),
    ],
)
def test_signal_names(spec, name):
    assert signal_name(spec) == name
