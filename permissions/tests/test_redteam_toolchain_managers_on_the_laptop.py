"""SPEC §5 where it runs, R6 path scope (red team, session 29): the toolchain and version managers
permissions.commands.machine's rows did not name, on the developer's machine (``host``, ``agent``). Each installs
into the home folder (or /usr/local) the programs, and the shims on PATH, that every later shell and project
runs -- a global install, as ``nvm install``, ``pyenv global`` and ``sdk default`` already ask there: moonrepo's
``proto``, ``vfox``, ``aqua``, ``pkgm``/``pkgx install``, ``webi``, ``stew``, ``huber``, ``nimble install``,
``ghcup``, ``elan``, ``juliaup``, ``zvm``, ``tfenv``, ``tfswitch``, ``gvm``, ``nvs``, ``n``, ``swiftly``,
``coursier``/``cs``. What only lists, prints or runs a version stays; Brabo's sandbox keeps its answers.

56 of its 85 cases fail on f8fff7d (the session's start); the ordinary look-alikes held already and are kept as
guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, term

from .redteam import a_machine_change_on_the_laptop, never_auto_where, stays_auto_where

INSTALLS = [
    "proto install node",
    "proto install node 20 --pin global",
    "proto i python",
    "proto upgrade",
    "proto setup",
    "proto plugin add node-lts",
    "vfox install nodejs@20",
    "vfox use -g nodejs@20",
    "vfox use --global java@21",
    "vfox add nodejs",
    "aqua i",
    "aqua install",
    "aqua update-aqua",
    "pkgm install node",
    "pkgm shim node",
    "pkgx install node",
    "pkgx --install node",
    "webi node",
    "webi golang@stable",
    "stew install junegunn/fzf",
    "huber install gh",
    "nimble install",
    "nimble install jester",
    "ghcup install ghc 9.8",
    "ghcup set ghc 9.8",
    "ghcup upgrade",
    "elan default stable",
    "elan toolchain install nightly",
    "juliaup add 1.10",
    "juliaup default 1.10",
    "juliaup update",
    "zvm install 0.13.0",
    "zvm use 0.13.0",
    "tfenv install 1.5.7",
    "tfenv use 1.5.7",
    "tfswitch",
    "tfswitch 1.5.7",
    "gvm install go1.22",
    "gvm use go1.22 --default",
    "nvs add 20",
    "nvs link 20",
    "n 20",
    "n lts",
    "n latest",
    "n",
    "n rm 18",
    "swiftly install latest",
    "swiftly use 5.10",
    "coursier install scala",
    "cs install scala3",
    "cs setup --yes",
    "env proto install node",
    "command ghcup install cabal",
    "nohup juliaup add 1.11 &",
    "cd tools && tfenv install",
    "npm test && n lts",
]


@pytest.mark.parametrize("command", INSTALLS)
def test_a_toolchain_installed_for_the_whole_machine_asks_on_the_laptop(command):
    v = a_machine_change_on_the_laptop(command)
    assert "global install" in (v.message or ""), (command, v.message)
    never_auto_where(command, ("host", "agent"))


@pytest.mark.parametrize(
    "command", ["proto install node", "aqua i", "n lts", "ghcup install ghc", "tfswitch"]
)
def test_in_brabos_sandbox_they_keep_their_answer(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="sandbox")
    assert v.decision == "auto_approve", (command, v.reason, v.message)


ORDINARY = [
    "proto list",
    "proto --version",
    "vfox list",
    "vfox use -p nodejs@20",
    "aqua g -i cli/cli",
    "pkgx node x.js",
    "webi --help",
    "nimble build",
    "nimble test",
    "ghcup list",
    "elan show",
    "juliaup status",
    "zvm ls",
    "tfenv list",
    "tfswitch --help",
    "gvm list",
    "nvs ls",
    "n ls",
    "n --help",
    "swiftly list",
    "cs launch scalafmt -- --version",
    "cs fetch org.typelevel:cats-core_3:2.10.0",
    "npm test",
    "git log",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_what_lists_prints_or_runs_stays_auto_approved(command):
    stays_auto_where(command)
