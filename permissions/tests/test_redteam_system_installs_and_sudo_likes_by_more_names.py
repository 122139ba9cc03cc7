"""Red team (session 35), SPEC §5 "where it runs" and step 6's privileged verbs: the machine's packages changed by
the system package managers the table did not name, and sudo by the names enterprise and older Unix give it.

Off the sandbox (an agent's hook on the developer's machine) `apt-get install` asked already; Void's
``xbps-install``/``xbps-remove``, Gentoo's ``emerge``, Solus' ``eopkg``, Clear Linux's ``swupd``, openSUSE's
``transactional-update``, ``nala``, pkgsrc's ``pkgin``, PackageKit's ``pkcon`` and Fedora Atomic's ``rpm-ostree``
(both through polkit: no sudo needed at a desktop), ``dnf5``/``tdnf``, Guix's profile and system, and
Playwright's ``install-deps`` / ``install --with-deps`` (it runs ``sudo apt-get install`` itself) were
auto-approved there, as were the user-level installs of Haxe's haxelib, pixi's global tools, JBang's apps and
trusted sources and V's modules (``luarocks install`` and ``pipx install`` asked). Centrify's ``dzdo``, BeyondTrust's ``pbrun`` and ``super`` run a command as root as
``sudo`` does, and were auto-approved everywhere. Their listings and searches stay ordinary; in the sandbox (a
throwaway machine) the installs stay as they were.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, term

INSTALLS = [
    "xbps-install -S ripgrep",
    "xbps-install -Su",
    "xbps-remove -R ripgrep",
    "emerge app-misc/jq",
    "emerge --sync",
    "emerge -uDN @world",
    "eopkg it ripgrep",
    "eopkg install ripgrep",
    "swupd bundle-add python3-basic",
    "swupd update",
    "transactional-update pkg install jq",
    "transactional-update",
    "nala install jq",
    "nala upgrade",
    "pkgin -y install jq",
    "pkcon install jq",
    "pkcon remove jq",
    "pkcon update",
    "rpm-ostree install jq",
    "rpm-ostree rebase fedora:fedora/40/x86_64/silverblue",
    "rpm-ostree kargs --append=mitigations=off",
    "dnf5 install jq",
    "tdnf install jq",
    "guix install jq",
    "guix package -i jq",
    "guix system reconfigure config.scm",
    "npx playwright install-deps",
    "npx playwright install-deps chromium",
    "npx playwright install --with-deps",
    "npx playwright install chromium --with-deps",
    "python -m playwright install --with-deps",
    "playwright install-deps",
]

# user-level installs the table did not name (as `luarocks install`, `pipx install`, `uv tool install` ask there):
# Haxe's library repository, pixi's global tools, JBang's apps (a command on PATH) and trusted sources, V's
# modules
USER_INSTALLS = [
    "haxelib install heaps",
    "haxelib git heaps https://github.com/x/heaps",
    "haxelib update",
    "haxelib remove heaps",
    "haxelib set heaps 1.10.0",
    "pixi global install ripgrep",
    "pixi global add --environment x y",
    "jbang app install hello@jbangdev",
    "jbang trust add https://github.com/",
    "v install ui",
]

SUDO_LIKES = [
    "dzdo rm -rf /etc/nginx",
    "dzdo -i",
    "pbrun ls /root",
    "pbrun -u root systemctl stop x",
    "super ls",
]

ORDINARY_ON_THE_LAPTOP = [
    "xbps-query -Rs ripgrep",
    "emerge --search jq",
    "emerge -p app-misc/jq",
    "eopkg search jq",
    "nala search jq",
    "pkgin search jq",
    "pkcon search name jq",
    "pkcon get-details jq",
    "rpm-ostree status",
    "guix search jq",
    "npx playwright install",
    "npx playwright install chromium",
    "npx playwright test",
    "haxelib list",
    "haxelib path heaps",
    "pixi run test",
    "pixi install",
    "jbang run hello.java",
    "v run main.v",
]


@pytest.mark.parametrize("command", INSTALLS)
def test_a_system_install_on_the_developers_machine_is_never_auto_approved(command):
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in="agent"),
        term(command, allow=allow_every_word(command), runs_in="agent"),
    ):
        assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize("command", USER_INSTALLS)
def test_a_user_level_install_on_the_developers_machine_is_never_auto_approved(command):
    test_a_system_install_on_the_developers_machine_is_never_auto_approved(command)


@pytest.mark.parametrize("command", SUDO_LIKES)
def test_a_sudo_by_another_name_is_capped_everywhere(command):
    for runs_in in ("sandbox", "agent"):
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_privileged"), (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ORDINARY_ON_THE_LAPTOP)
def test_their_searches_and_listings_stay_ordinary_on_the_laptop(command):
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", INSTALLS[:6] + ["nala install jq", "pkcon install jq"])
def test_in_the_sandbox_an_install_stays_as_apt_gets_does(command):
    assert (
        term(command, autonomy=AUTO_MODE).decision
        == term("apt-get install -y jq", autonomy=AUTO_MODE).decision
    )
