"""Option tables of the system and environment package managers whose removal a team's deny names (R4.10: the
act, not its spelling): apt (apt-get is read as apt), Homebrew, conda (mamba and micromamba are read as conda).

What their removals are called otherwise: `apt-get purge x` is `apt-get remove --purge x`, `autoremove` is
`remove --auto-remove` of what nothing needs any more, `autopurge` both; `brew remove`/`brew rm` are `brew
uninstall`, and `brew autoremove` its bulk form; `conda uninstall` is `conda remove`. A deny of the removal
refuses each spelling; a deny of the narrower spelling (`apt-get purge`: remove with `purge`) still lets a plain
removal through.
"""

from __future__ import annotations

from permissions.commands.option_reader import Program, _family

__all__ = ["APT", "BREW", "CONDA"]

# apt(8) and apt-get(8): one option table read anywhere on the line (apt's command-line parser).
_APT_OPTIONS = """
-y --yes --assume-yes
--assume-no
-q --quiet
-s --simulate --just-print --dry-run --recon --no-act
-d --download-only
-f --fix-broken
-m --ignore-missing --fix-missing
-u --show-upgraded
-V --verbose-versions
-b --compile --build
--no-install-recommends
--install-recommends
--no-install-suggests
--install-suggests
--reinstall
--purge
--auto-remove --autoremove
--allow-downgrades
--allow-remove-essential
--allow-change-held-packages
--allow-unauthenticated
--no-download
--only-upgrade
--no-upgrade
--mark-auto
--print-uris
--trivial-only
--no-remove
--list-cleanup
-t= --target-release= --default-release=
-o= --option=
-c= --config-file=
-a= --host-architecture=
-P= --build-profiles=
-h --help
-v --version
"""
_APT_COMMANDS = (
    "install remove purge autoremove autopurge update upgrade dist-upgrade full-upgrade dselect-upgrade source"
    " build-dep satisfy check clean autoclean download changelog indextargets list search show showsrc"
    " edit-sources depends rdepends policy"
).split()

# apt-get is apt's older front end to the same act (program_name reads it as apt).
APT = _family("apt", _APT_OPTIONS, _APT_COMMANDS, {}, abbrev=False)
APT.implies = {
    "purge": ("remove", ("purge",)),
    "autoremove": ("remove", ("auto-remove",)),
    "autopurge": ("remove", ("auto-remove", "purge")),
}

# Homebrew: options anywhere; `remove`/`rm` name `uninstall`, `autoremove` uninstalls what nothing needs.
BREW = _family(
    "brew",
    """
    -v --verbose
    -d --debug
    -q --quiet
    -h --help
    -f --force
    --zap
    --ignore-dependencies
    --formula --formulae
    --cask --casks
    """,
    (
        "install uninstall reinstall upgrade update list info search cleanup autoremove tap untap services bundle"
        " doctor outdated pin unpin link unlink leaves deps uses config fetch home"
    ).split(),
    {"remove": "uninstall", "rm": "uninstall", "ls": "list", "abv": "info"},
    abbrev=False,
)
BREW.implies = {"autoremove": ("uninstall", ("autoremove",))}

# conda (and mamba, micromamba: the same command line): `uninstall` names `remove`.
CONDA: Program = _family(
    "conda",
    """
    -n= --name=
    -p= --prefix=
    -c= --channel=
    -y --yes
    -q --quiet
    -v --verbose
    --all
    --force
    --force-remove
    --dry-run
    --json
    --offline
    --override-channels
    --no-deps
    --solver=
    -h --help
    """,
    "install remove update upgrade create list search info clean config env run activate deactivate init".split(),
    {"uninstall": "remove"},
    abbrev=False,
)
