"""R4.8, R4.10, red team: programs that run the command they are given -- flatpak's `run --command=CMD APP
args` (CMD with args, in a sandbox that may share the home folder and the network), `gpg-agent --daemon cmd`,
SELinux's `runcon` with a context or with only `-t`/`-u`/`-r`/`-l`, `runuser -u user [--] cmd`, `sg group
'cmd'` with or without `-c`, and `kubectl exec POD -- cmd` (and OpenShift's `oc exec`). A deny rule for the
command they run matches through them and the floor and the caps see it; allow stays literal.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, term

# Each shape runs argv (no shell in between).
THROUGH = [
    "flatpak run --command={} org.app",
    "flatpak run --branch=stable --command={} org.app",
    "flatpak run --branch stable --command={} org.app",
    "flatpak run --command {} --filesystem=host org.app",
    "flatpak run --user --command={} -- org.app",
    "gpg-agent --daemon {}",
    "gpg-agent --homedir /tmp/g --daemon {}",
    "gpg-agent --daemon --sh {}",
    "runcon ctx {}",
    "runcon -t unconfined_t {}",
    "runcon -u system_u -r object_r {}",
    "runcon --type=unconfined_t {}",
    "runcon -c ctx {}",
    "runuser -u u -- {}",
    "runuser -u u {}",
    "runuser --user=u -- {}",
    "runuser -g wheel -u u -- {}",
    "kubectl exec pod -- {}",
    "kubectl exec -it pod -- {}",
    "kubectl exec -it pod -c app -- {}",
    "kubectl exec -n prod deploy/app -- {}",
    "kubectl -n prod exec pod -- {}",
    "oc exec pod -- {}",
]
# Shapes whose command is a shell line (one word).
SHELL_LINE = [
    "sg wheel -c '{}'",
    "sg wheel '{}'",
    "sg - wheel '{}'",
    "flatpak run --command=sh org.app -c '{}'",
    "runuser -l u -c '{}'",
    "kubectl exec pod -- sh -c '{}'",
]


def _flatpak_split(shape: str, inner: str) -> str:
    """flatpak names the program in --command and passes the rest after the app."""
    if shape.startswith("flatpak") and "{}" in shape and "'" not in shape:
        program, _, args = inner.partition(" ")
        return shape.format(program) + " " + args
    return shape.format(inner)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("shape", THROUGH + SHELL_LINE)
def test_a_deny_rule_matches_the_command_they_run(shape, runs_in):
    for deny, inner in (("git push", "git push origin x"), ("rm -rf", "rm -rf build")):
        command = _flatpak_split(shape, inner)
        v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",), runs_in=runs_in)
        assert v.decision == "deny", (command, runs_in, v.reason)


@pytest.mark.parametrize("shape", THROUGH + SHELL_LINE)
def test_the_caps_see_the_command_they_run(shape):
    command = _flatpak_split(shape, "git push origin x")
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize("shape", THROUGH + SHELL_LINE)
def test_the_floor_sees_the_command_they_run(shape):
    command = _flatpak_split(shape, "rm -rf /")
    for v in (term(command, autonomy=AUTO_MODE), term(command, allow=allow_every_word(command))):
        assert v.decision == "deny", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "flatpak list",
        "flatpak info org.app",
        "gpg-agent --daemon",
        "kubectl get pods",
        "kubectl -n x get pods -o wide",
        "kubectl logs -f pod",
        "kubectl describe pod x",
    ],
)
def test_ordinary_uses_stay_auto_approved(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


def test_allow_stays_literal():  # R4.8
    command = "flatpak run --command=npm org.app test"
    assert term(command, allow=("Terminal(npm test)",)).decision != "auto_approve"
