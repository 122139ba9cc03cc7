"""Option tables (R4.10) of the project tools whose subcommands a team's deny names -- uv, bun, poetry,
composer -- and of systemctl: their global options stand between the program and the subcommand (`uv -q pip
install`, `poetry -C x add y`, `composer -n require x`, `systemctl --user restart x`), and their options have a
short and a long spelling (`bun add -g` is `bun add --global`). Without a table a deny matched the words as
written, so each of those spellings went through (red team, session 17). An option this table does not know is
read both as a flag and as taking the next word (permissions.commands.options), so a subcommand's own options
need not all be listed: only those a deny may name, and those that take a value.
"""

from __future__ import annotations

from permissions.commands.option_reader import Program, _family

__all__ = ["BUN", "COMPOSER", "POETRY", "SYSTEMCTL", "UV"]

# uv (clap: no abbreviations, no clusters of long names; global options anywhere).
_UV_GLOBAL = """
-q --quiet
-v --verbose
-n --no-cache
--cache-dir=
--directory=
--project=
--config-file=
--no-config
--color=
--native-tls
--offline
--no-progress
--python-preference=
--managed-python
--no-managed-python
--allow-insecure-host=
-h --help
-V --version
"""
_UV_PIP = """
--system
--break-system-packages
-r= --requirement=
-e= --editable=
-c= --constraint=
-i= --index-url=
--extra-index-url=
--index=
--default-index=
-f= --find-links=
-p= --python=
-t= --target=
--prefix=
-U --upgrade
-P= --upgrade-package=
--user
"""
UV = _family(
    "uv",
    _UV_GLOBAL,
    (
        "run init add remove sync lock export tree tool python pip venv build publish cache self version"
        " format help"
    ).split(),
    {},
    abbrev=False,
    specs={
        "add": "--dev;-r= --requirements=;--group=;--optional=;--index=;--default-index=;-p= --python=;--script=",
        "remove": "--dev;--group=;--optional=;-p= --python=;--script=",
        "publish": "--index=;--publish-url=;-u= --username=;-p= --password=;-t= --token=;--trusted-publishing=",
        "run": "--with=;--with-editable=;--with-requirements=;-p= --python=;--script;--module -m;--env-file=",
    },
)
_UV_PIP_LEVEL = UV.subcommands["pip"]
_UV_PIP_LEVEL.subcommands = {
    c: Program(c, _UV_PIP, parent=_UV_PIP_LEVEL)
    for c in "install uninstall sync compile freeze list show tree check".split()
}
_UV_TOOL_LEVEL = UV.subcommands["tool"]
_UV_TOOL_LEVEL.subcommands = {
    c: Program(c, "--with=\n--from=\n-p= --python=", parent=_UV_TOOL_LEVEL)
    for c in "run install uninstall upgrade list dir update-shell".split()
}

# bun (its own parser: exact names, `-g`/`--global` ...).
_BUN_INSTALL = """
-g --global
-d -D --dev --development
-E --exact
-O --optional
--peer
-p --production
-f --force
-y --yarn
--cwd=
--registry=
--frozen-lockfile
--no-save
--ignore-scripts
--trust
"""
BUN = _family(
    "bun",
    "--cwd=\n-h --help\n-v --version\n--bun\n--silent\n-c= --config=\n--env-file=",
    "add install i remove rm update link unlink run x test build publish pm outdated patch create init".split(),
    {"a": "add", "i": "install", "rm": "remove"},
    abbrev=False,
    specs=dict.fromkeys(("add", "install", "i", "remove", "rm", "update", "link"), _BUN_INSTALL),
)

# poetry (cleo: global options before or after the command).
POETRY = _family(
    "poetry",
    "-C= --directory=\n-P= --project=\n-q --quiet\n-n --no-interaction\n-v --verbose\n--ansi\n--no-ansi\n"
    "--no-plugins\n--no-cache\n-h --help\n-V --version",
    (
        "add remove install update lock build publish run shell show config source self env check init new"
        " search sync export version cache debug list about"
    ).split(),
    {},
    abbrev=False,
    specs={
        "add": "-G= --group=;-D --dev;-e --editable;-E= --extras=;--optional=;--python=;--platform=;--source=;"
        "--allow-prereleases;--dry-run;--lock",
        "publish": "-r= --repository=;-u= --username=;-p= --password=;--cert=;--client-cert=;--build;--dry-run",
    },
)

# composer (Symfony's console: global options anywhere, a command by any unique abbreviation).
COMPOSER = _family(
    "composer",
    "-n --no-interaction\n-d= --working-dir=\n-q --quiet\n-v --verbose\n--ansi\n--no-ansi\n--no-plugins\n"
    "--no-scripts\n--no-cache\n--profile\n-h --help\n-V --version",
    (
        "require remove install update create-project global config run-script run exec dump-autoload"
        " validate show outdated audit init archive browse bump check-platform-reqs clear-cache depends"
        " diagnose fund licenses prohibits reinstall search self-update status suggests"
    ).split(),
    {"req": "require", "i": "install", "u": "update", "upgrade": "update", "rm": "remove"},
    abbrev=True,
    sub_abbrev=True,
    specs={
        "require": "--dev;--no-update;--no-install;-W --update-with-all-dependencies;-w --update-with-dependencies",
        "remove": "--dev;--no-update;--no-install",
    },
)

# systemctl (getopt_long: clusters, unique abbreviations, options anywhere).
SYSTEMCTL = _family(
    "systemctl",
    "--user\n--system\n--global\n-q --quiet\n--now\n-H= --host=\n-M= --machine=\n--no-block\n-f --force\n"
    "--runtime\n-t= --type=\n--state=\n-a --all\n--no-pager\n-l --full\n--no-ask-password\n-p= --property=\n"
    "-s= --signal=\n--kill-whom=\n--root=\n-h --help",
    (
        "start stop restart reload try-restart reload-or-restart enable disable reenable mask unmask status show"
        " kill daemon-reload daemon-reexec reboot poweroff halt suspend hibernate isolate edit set-property"
        " list-units list-unit-files is-active is-enabled is-failed cat revert preset link"
    ).split(),
    {},
    abbrev=True,
)
