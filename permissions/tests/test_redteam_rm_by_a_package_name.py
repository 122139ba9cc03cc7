"""R4.10 (the same program by another name), red team: npm packages whose whole command is `rm -rf` -- rimraf
and del-cli, run from node_modules/.bin or through any launcher (npx, pnpm dlx/exec, yarn dlx, bunx, npm
exec). A deny of `rm -rf` (or of `rm`) is auto-approved past by them unless they are read as what they run.
Without such a deny they stay ordinary: `npx rimraf dist` is a build script's everyday clean.
"""

from __future__ import annotations

import pytest

from .helpers import term
from .redteam import in_auto_mode, under_its_allow

CASES = [
    ("rm -rf", "rimraf dist"),
    ("rm -rf", "rimraf dist coverage .turbo"),
    ("rm -rf", "npx rimraf dist"),
    ("rm -rf", "npx -y rimraf dist"),
    ("rm -rf", "npx rimraf@5 dist"),
    ("rm -rf", "npx --yes rimraf@latest dist"),
    ("rm -rf", "pnpm dlx rimraf dist"),
    ("rm -rf", "pnpm exec rimraf dist"),
    ("rm -rf", "yarn dlx rimraf dist"),
    ("rm -rf", "bunx rimraf dist"),
    ("rm -rf", "npm exec rimraf dist"),
    ("rm -rf", "npm exec -- rimraf dist"),
    ("rm -rf", "./node_modules/.bin/rimraf dist"),
    ("rm -rf", "node_modules/.bin/rimraf --verbose dist"),
    ("rm -rf", "npx del-cli dist"),
    ("rm -rf", "del-cli 'dist/**'"),
    ("rm -r", "npx rimraf build"),
    ("rm --recursive --force", "npx rimraf build"),
    ("rm", "npx rimraf build"),
    ("rm -rf build", "npx rimraf build"),
]


@pytest.mark.parametrize(("deny", "command"), CASES)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_the_package_is_refused_as_rm_rf(deny, command, runs_in):
    v = under_its_allow(command, deny, runs_in)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (command, v.reason, v.message)


@pytest.mark.parametrize(("deny", "command"), CASES[::4])
def test_and_under_autonomy(deny, command):
    v = in_auto_mode(command, deny)
    assert v.decision == "deny", (command, v.reason, v.message)


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        ("rm -rf build", "npx rimraf dist"),  # another path
        ("rm -rf", "npx rimraf-cli-docs --help"),  # another package
        (None, "npx rimraf dist"),
        (None, "rimraf dist coverage"),
        (None, "pnpm dlx rimraf dist"),
    ],
)
def test_otherwise_it_stays_ordinary(deny, command):
    # R4.8: an allow of the launcher covers the package it runs only when it names it (`Terminal(npx rimraf)`)
    denies = (f"Terminal({deny})",) if deny else ()
    v = term(command, allow=(f"Terminal({command.rsplit(' ', 1)[0]})",), deny=denies)
    assert v.decision == "auto_approve", (deny, command, v.reason, v.message)
