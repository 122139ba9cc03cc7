"""R4.9, R4.10, red team: `flatpak run APP` without `--command` runs the command the app's manifest names, in
a sandbox that may share the home folder and the network (`--filesystem=host`): a program no rule can read,
so the segment is opaque (never auto-approved; a prefix allow of `flatpak` does not cover it). flatpak's
global options before `run` (`--user`, `--installation=NAME`) do not hide the command `--command` names."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, term
from .redteam import _never_auto

DEFAULT_COMMAND = [
    "flatpak run org.evil.App",
    "flatpak run org.evil.App --some-arg",
    "flatpak run --filesystem=host org.evil.App",
    "flatpak run --share=network --filesystem=home org.evil.App",
    "flatpak run --branch=stable org.evil.App arg",
    "flatpak run --arch=x86_64 org.evil.App",
    "flatpak run -- org.evil.App",
    "flatpak --user run org.evil.App",
    "flatpak --system run org.evil.App",
    "flatpak --installation=extra run org.evil.App",
    "flatpak -v run org.evil.App",
    "nice flatpak run org.evil.App",
    "timeout 60 flatpak run org.evil.App",
    "env X=1 flatpak run org.evil.App",
    "ls && flatpak run org.evil.App",
]


@pytest.mark.parametrize("command", DEFAULT_COMMAND)
def test_an_apps_default_command_is_opaque(command):
    _never_auto(command)


GLOBAL_FIRST = [
    "flatpak --user run --command={} org.app",
    "flatpak --system run --command={} org.app",
    "flatpak --installation=extra run --command={} org.app",
    "flatpak -v --user run --command={} org.app",
]


@pytest.mark.parametrize("shape", GLOBAL_FIRST)
def test_global_options_do_not_hide_the_named_command(shape):
    for deny, program, args in (("git push", "git", "push origin x"), ("rm -rf", "rm", "-rf build")):
        command = shape.format(program) + " " + args
        v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
        assert v.decision == "deny", (command, v.reason)
    command = shape.format("rm") + " -rf /"
    assert term(command, autonomy=AUTO_MODE).decision == "deny", command


@pytest.mark.parametrize(
    "command",
    ["flatpak list", "flatpak info org.app", "flatpak run --help", "flatpak run --command=ls org.app"],
)
def test_reading_flatpak_keeps_its_verdict(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
