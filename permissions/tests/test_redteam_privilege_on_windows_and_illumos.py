"""§5 step 6 (privileged verbs), red team: privilege under the names other systems give it. An agent's hook may
run on Windows (gsudo, `runas /user:Administrator`) and a runner on illumos or Solaris (`pfexec`, the profile
shell that runs a command with the rights a profile grants). They are privileged like `sudo` (a cap: a person
decides), and the command after gsudo and pfexec is a view (deny and the floor see it)."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term

PRIVILEGED = [
    "pfexec id",
    "pfexec -P id",
    "gsudo id",
    "gsudo -d dir",
    "gsudo.exe id",
    "GSUDO id",
    "gsudo --system id",
    "runas /user:Administrator cmd",
    'runas /noprofile /user:admin "cmd /c dir"',
    "runas.exe /user:Administrator cmd",
    "nice pfexec id",
    "env gsudo id",
]


@pytest.mark.parametrize("command", PRIVILEGED)
def test_they_are_privileged(command):
    for runs_in in ("sandbox", "agent"):
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), (command, runs_in, v.reason)
    assert term(command, project=CONTAINER_RUNNING).decision == "require_approval", command


@pytest.mark.parametrize("shape", ["pfexec {}", "gsudo {}", "gsudo -d {}"])
def test_the_command_they_run_is_judged(shape):
    command = shape.format("rm -rf /")
    assert term(command, autonomy=AUTO_MODE).decision == "deny", command
    command = shape.format("git push origin x")
    v = term(command, allow=allow_every_word(command), deny=("Terminal(git push)",))
    assert v.decision == "deny", command
