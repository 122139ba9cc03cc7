"""Red team (session 20), external effects by family (§5 step 6): balena's fleet releases and device changes
(``balena push`` builds on balena's builders and deploys to the fleet's devices), electron-builder told to
publish (``--publish always|onTag``, ``-p``, its ``publish`` command), Electron Forge's ``publish`` and Dart's
standalone ``pub publish`` (``dart pub publish`` was read already) were
auto-approved in auto mode; now the external-effect cap (permissions.commands.deployers). Their listings, logs,
builds and local runs stay ordinary. Every attack case below was auto-approved on 0766094.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where

from .helpers import AUTO_MODE, term

ATTACKS = [
    "balena push myfleet",
    "balena deploy myfleet --build",
    "balena release finalize 1234",
    "balena device rm abc",
    "balena device reboot abc",
    "balena os configure x.img --fleet f",
    "balena env add KEY value --fleet f",
    "electron-builder --publish always",
    "electron-builder -p onTag",
    "electron-builder --publish=always --mac",
    "npx electron-builder --publish always",
    "electron-builder publish -f dist/x.dmg",
    "electron-forge publish",
    "npx electron-forge publish --target @electron-forge/publisher-github",
    "pub publish",
    "pub publish --force",
    "pub lish -f",
]


@pytest.mark.parametrize("command", ATTACKS)
def test_a_release_or_a_fleet_change_is_never_auto_approved(command):
    never_auto_where(command)
    v = term(command, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "balena fleets",
        "balena devices",
        "balena logs abc",
        "electron-builder",
        "electron-builder --publish never",
        "electron-builder --mac --dir",
        "electron-forge make",
        "electron-forge start",
        "pub get",
        "pub run build_runner build",
    ],
)
def test_listings_builds_and_local_runs_stay_ordinary(command):
    stays_auto_where(command)
