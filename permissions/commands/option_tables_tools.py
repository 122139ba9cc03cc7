"""Option tables (R4.10) of the project tools whose subcommands a team's deny names -- uv, bun, poetry,
composer -- and of systemctl: their global options stand between the program and the subcommand (`uv -q pip
install`, `poetry -C x add y`, `composer -n require x`, `systemctl --user restart x`), and their options have a
short and a long spelling (`bun add -g` is `bun add --global`). Without a table a deny matched the words as
written, so each of those spellings went through (red team, session 17). An option this table does not know is
read both as a flag and as taking the next word (permissions.commands.options), so a subcommand's own options
need not all be listed: only those a deny may name, and those that take a value.
"""

from __future__ import annotations

from permissions.commands.gh_api import gh_api_commands
from permissions.commands.option_reader import WIDER, Program, Reading, _family

__all__ = [
    "ALEMBIC",
    "BUN",
    "COMPOSER",
    "GH",
    "MAKE",
    "NPX",
    "POETRY",
    "RAILS",
    "SYSTEMCTL",
    "TWINE",
    "UV",
    "VERCEL",
    "WGET",
]

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
    # (`-e`/`--eval` runs the code given, `-p`/`--print` too and prints its value: the act of `-e`)
    "--cwd=\n-h --help\n-v --version\n--bun\n--silent\n-c= --config=\n--env-file=\n-e= --eval=\n"
    "-p= --print= -> print eval",
    "add install i remove rm update link unlink run x test build publish pm outdated patch create init".split(),
    {"a": "add", "i": "install", "rm": "remove"},
    abbrev=False,
    specs=dict.fromkeys(("add", "install", "i", "remove", "rm", "update", "link"), _BUN_INSTALL),
)

# rails (Thor: a command by its name or its one-letter alias, `rails s` is `rails server`; `-e production` is
# `--environment=production`, as RAILS_ENV=production is: views._ENV_NAMED). A rake task (`rails db:migrate`) is
# an operand here: rails runs it as rake does (matching._tasks_named).
_RAILS_ENV = "-e= --environment="
RAILS = _family(
    "rails",
    "-h --help\n-v --version",
    "server console dbconsole runner generate destroy test new routes credentials".split(),
    {
        "s": "server",
        "c": "console",
        "db": "dbconsole",
        "r": "runner",
        "g": "generate",
        "d": "destroy",
        "t": "test",
    },
    abbrev=False,
    specs={
        "server": f"{_RAILS_ENV};-p= --port=;-b= --binding=;-u= --using=;-c= --config=;-P= --pid=;-d --daemon;"
        "-C --dev-caching;--early-hints;--log-to-stdout",
        "console": f"{_RAILS_ENV};-s --sandbox",
        "dbconsole": f"{_RAILS_ENV};-p --include-password;--db= --database=",
        "runner": _RAILS_ENV,
        "test": _RAILS_ENV,
        "generate": "-f --force;-p --pretend;-q --quiet;-s --skip",
        "destroy": "-f --force;-p --pretend;-q --quiet;-s --skip",
    },
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


# npx (npm's `npm exec`, nopt: unique abbreviations, `--no-X`, `--x` as `-x`). red team (R4.10): a deny of
# `npx -y` met `npx --yes x` and `npx --ye x` by spelling only. Its options stop at the command it runs: what
# follows the package's name is that command's (`npx eslint -y` is eslint's -y).
NPX = Program(
    "npx",
    "-y --yes\n--no -> no-install\n--no-install\n-p= --package=\n-c= --call=\n--ignore-existing\n-q --quiet\n"
    "--shell= --script-shell=\n-w= --workspace=\n--workspaces -ws\n--include-workspace-root\n--prefix=\n"
    "--registry=\n-h --help\n-v --version",
    abbrev=True,
    intersperse=False,
)
NPX.negates = True
NPX.nopt = True

# wget (GNU getopt_long: clusters, unique abbreviations, `--opt=value`). red team (R4.10): a deny of `wget -O-`
# (a download piped into a shell) met `wget -qO- x`, `wget -O - x` and `wget --output-document=- x` by
# spelling only.
WGET = Program(
    "wget",
    """
    -O= --output-document=
    -o= --output-file=
    -a= --append-output=
    -q --quiet
    -v --verbose
    -nv --no-verbose
    -d --debug
    -P= --directory-prefix=
    -i= --input-file=
    -B= --base=
    -N --timestamping
    -c --continue
    -r --recursive
    -l= --level=
    -np --no-parent
    -m --mirror
    -k --convert-links
    -p --page-requisites
    -nc --no-clobber
    -nd --no-directories
    -x --force-directories
    -nH --no-host-directories
    -e= --execute=
    -U= --user-agent=
    -t= --tries=
    -T= --timeout=
    -w= --wait=
    -S --server-response
    -b --background
    -F --force-html
    --header=
    --method=
    --body-data=
    --body-file=
    --post-data=
    --post-file=
    --user=
    --password=
    --http-user=
    --http-password=
    --no-check-certificate
    --ca-certificate=
    --certificate=
    --private-key=
    --load-cookies=
    --save-cookies=
    --keep-session-cookies
    --spider
    --content-disposition
    --show-progress
    --progress=
    --limit-rate=
    --delete-after
    -h --help
    -V --version
    """,
    abbrev=True,
)


# gh (cobra / pflag: no abbreviations, short flags cluster, `--flag=true`, flags anywhere on the line -- also
# before the command: `gh -R o/r pr merge 12 --admin`). red team (R4.10): a deny of `gh pr merge --admin` met
# `gh pr merge 12 --admin` (the flag after the pull request), `--admin=true` and `-R o/r` before it by spelling
# only. The commands a deny or an ask names, with their own flags (the valued ones decide which word is an
# operand); any other command's words are operands, its flags read both ways.
GH = Program("gh", "-R= --repo=\n-h --help\n--version")


def _gh_level(name: str, parent: Program, spec: str = "", **subs: str) -> Program:
    level = Program(name, "\n".join(spec.split(";")) if spec else "", parent=parent)
    level.subcommands = {
        c.replace("_", "-"): Program(c.replace("_", "-"), "\n".join(own.split(";")), parent=level)
        for c, own in subs.items()
    }
    return level


GH.subcommands = {
    "pr": _gh_level(
        "pr",
        GH,
        merge="--admin;--auto;--disable-auto;-d --delete-branch;-m --merge;-r --rebase;-s --squash;-b= --body=;"
        "-F= --body-file=;-t= --subject=;-A= --author-email=;--match-head-commit=",
        close="-c= --comment=;-d --delete-branch",
        create="-B= --base=;-H= --head=;-t= --title=;-b= --body=;-F= --body-file=;-d --draft;-f --fill;"
        "--fill-first;--fill-verbose;-w --web;-a= --assignee=;-l= --label=;-m= --milestone=;-p= --project=;"
        "-r= --reviewer=;-T= --template=;--no-maintainer-edit;--dry-run;-e --editor",
        review="-a --approve;-c --comment;-r --request-changes;-b= --body=;-F= --body-file=",
    ),
    "repo": _gh_level(
        "repo",
        GH,
        delete="--yes;--confirm",
        archive="-y --yes;--confirm",
        rename="-y --yes;--confirm",
        edit="--visibility=;--accept-visibility-change-consequences;--default-branch=;-d= --description=;"
        "-h= --homepage=;--add-topic=;--remove-topic=;--enable-issues;--enable-wiki;--enable-projects;"
        "--delete-branch-on-merge;--allow-forking;--template",
    ),
    "release": _gh_level(
        "release",
        GH,
        delete="-y --yes;--cleanup-tag",
        delete_asset="-y --yes",
        create="-d --draft;-p --prerelease;--latest;-t= --title=;-n= --notes=;-F= --notes-file=;"
        "--notes-start-tag=;--generate-notes;--target=;--verify-tag;--discussion-category=;--fail-on-no-commits",
        upload="--clobber",
        edit="-d --draft;-p --prerelease;--latest;-t= --title=;-n= --notes=;-F= --notes-file=;--tag=;--target=",
    ),
    "secret": _gh_level(
        "secret",
        GH,
        set="-b= --body=;-e= --env=;-o= --org=;-u --user;-v= --visibility=;-a= --app=;-r= --repos=;"
        "-f= --env-file=;--no-store",
        delete="-e= --env=;-o= --org=;-u --user;-a= --app=",
    ),
    "workflow": _gh_level("workflow", GH, run="-f= --raw-field=;-F= --field=;-r= --ref=;--json"),
    # R4.10, red team: the commands gh names otherwise (cobra's Aliases, pkg/cmd/...): `gh issue new`, `gh gist
    # new`, `gh variable remove`, `gh ext install`, `gh cs delete` -- levels read only for those names
    "issue": _gh_level("issue", GH, create="", delete="--yes", list="", close="", transfer=""),
    "gist": _gh_level("gist", GH, create="", delete="--yes", list=""),
    "variable": _gh_level("variable", GH, set="", delete="", list=""),
    "extension": _gh_level("extension", GH, install="", remove="", list="", upgrade=""),
    "codespace": _gh_level("codespace", GH, delete="", ssh="", list="", create=""),
    "api": Program(
        "api",
        "-X= --method=\n-f= --raw-field=\n-F= --field=\n-H= --header=\n--input=\n-p= --preview=\n--paginate\n"
        "-i --include\n-q= --jq=\n-t= --template=\n--silent\n--cache=\n--hostname=\n--slurp\n--verbose",
        parent=GH,
    ),
}

# gh's documentation: "The default HTTP request method is GET normally and POST if any parameters were added"
# (`-f`, `-F`, `--input`): `gh api repos/o/r/issues -f title=x` is `-X POST`.
_GH_API_BODY = ("raw-field", "field", "input")


def _gh_rewrite(r: Reading) -> tuple[Reading, ...]:
    if r.path != ("gh", "api"):
        return (r,)
    keys = r.keys
    if "method" not in keys and not keys.isdisjoint(_GH_API_BODY):
        r = Reading(r.path, keys | {"method", "method=POST"}, r.operands)
    return (r, *gh_api_commands(r))  # R4.10: the call read as the gh command it does too


GH.rewrite = _gh_rewrite
# gh's own other names for its commands (cobra's Aliases: `gh release new` is `gh release create`, `gh secret
# remove` is `gh secret delete`, `gh ext` is `gh extension`); its configured aliases (`gh alias set`) are opaque.
GH.sub_aliases = {"ext": "extension", "extensions": "extension", "cs": "codespace"}
for _level, _names in {
    "pr": {"new": "create", "ls": "list"},
    "repo": {"new": "create", "ls": "list"},
    "release": {"new": "create", "ls": "list"},
    "issue": {"new": "create", "ls": "list"},
    "gist": {"new": "create", "ls": "list"},
    "secret": {"remove": "delete", "ls": "list"},
    "variable": {"remove": "delete", "ls": "list"},
    "extension": {"ls": "list"},
    "codespace": {"ls": "list"},
}.items():
    _at = GH.subcommands[_level]
    _at.sub_aliases = _names
    for _target in _names.values():  # (a command with no options of its own here: read by its name alone)
        _at.subcommands.setdefault(_target, Program(_target, parent=_at))
GH.rewritten_from = ("api",)  # any command's reading may come from `gh api` (options.gate)

# twine (Python's argparse: unique abbreviations of long options, short letters that cluster; its own options
# before the command). red team (R4.10): a deny of `twine upload` met `twine --no-color upload dist/*`, and a deny
# of `twine upload -r pypi` met `--repository=pypi` by spelling only.
TWINE = _family(
    "twine",
    "--version\n--no-color\n-h --help",
    ["upload", "check", "register"],
    {},
    abbrev=True,
    specs={
        "upload": "-r= --repository=;--repository-url=;--attestations;-s --sign;--sign-with=;-i= --identity=;"
        "-u= --username=;-p= --password=;--non-interactive;-c= --comment=;--config-file=;--skip-existing;"
        "--cert=;--client-cert=;--verbose;--disable-progress-bar",
        "check": "--strict",
    },
)

# GNU make (getopt_long: unique abbreviations of long options, short letters that cluster, options anywhere).
# red team (R4.10): a deny of `make deploy` met `make -C infra deploy`, `make -k deploy`, `make --directory=x
# deploy`, `make ENV=prod deploy` and `make build deploy` by spelling only. A target is an operand; so is a
# variable set on the line (`VAR=value`), which names no target: a segment is also read with those left out, and
# from each of its targets (every one of them runs) -- readings only a segment has (WIDER: a deny of `make build
# deploy` is not the act of `make deploy`). `-j` and `-l` take a number attached or apart, or none: not listed, they
# are read both ways.
MAKE = Program(
    "make",
    "-b -m\n-B --always-make\n-C= --directory=\n-d\n--debug=?\n-e --environment-overrides\n-E= --eval=\n"
    "-f= --file= --makefile=\n-h --help\n-i --ignore-errors\n-I= --include-dir=\n-k --keep-going\n"
    "-L --check-symlink-times\n-n --just-print --dry-run --recon\n-o= --old-file= --assume-old=\n"
    "-O=? --output-sync=?\n-p --print-data-base\n-q --question\n-r --no-builtin-rules\n"
    "-R --no-builtin-variables\n-s --silent --quiet\n--no-silent\n-S --no-keep-going --stop\n-t --touch\n--trace\n"
    "-v --version\n-w --print-directory\n--no-print-directory\n-W= --what-if= --new-file= --assume-new=\n"
    "--warn-undefined-variables\n--shuffle=?",
    abbrev=True,
)


def _make_rewrite(r: Reading) -> tuple[Reading, ...]:
    operands = r.operands
    targets = tuple(w for w in operands if "=" not in w)
    if len(targets) == len(operands) and len(targets) < 2:
        return (r,)
    wider = r.keys | {WIDER}
    return (r, *(Reading(r.path, wider, targets[k:]) for k in range(len(targets))))


MAKE.rewrite = _make_rewrite

# alembic (Python's argparse: unique abbreviations of long options; its own options before the command, the
# command's after it). red team (R4.10): a deny of `alembic downgrade` met `alembic -c prod.ini downgrade base`,
# `alembic --config x.ini downgrade base` and `alembic -x db=prod downgrade base` by their spelling only.
_ALEMBIC_SQL = "--sql;--tag="
ALEMBIC = _family(
    "alembic",
    "-c= --config=\n-n= --name=\n-x=\n--raiseerr\n-q --quiet\n-h --help\n--version",
    (
        "branches current downgrade edit ensure_version heads history init list_templates merge revision show"
        " stamp upgrade check"
    ).split(),
    {},
    abbrev=True,
    specs={
        "downgrade": _ALEMBIC_SQL,
        "upgrade": _ALEMBIC_SQL,
        "stamp": _ALEMBIC_SQL + ";--purge",
        "revision": "-m= --message=;--autogenerate;--sql;--head=;--splice;--branch-label=;--version-path=;"
        "--rev-id=;--depends-on=",
    },
)

# Vercel's CLI (`vercel`, `vc`, the older `now`: options._NAME_ALIASES; the `arg` parser: `--x=v` or `--x v`, no
# abbreviations). Its default command is `deploy`: `vercel --prod` deploys as `vercel deploy --prod` does. red
# team (R4.10): a deny of `vercel --prod` met `vercel deploy --prod`, and a deny of `vercel deploy` met `vercel
# --prod` and `vercel` alone (asked by the external-effect cap only). A word no command names is read as deploy's
# (its project's folder, or a command this table does not know: deny matches more).
_VERCEL_DEPLOY = (
    "--prod;--prebuilt;-e= --env=;-b= --build-env=;-m= --meta=;-f --force;--with-cache;--public;--archive=;"
    "--target=;--regions=;--no-wait;--skip-domain;-l --logs;--no-clipboard"
)
VERCEL = _family(
    "vercel",
    "-t= --token=\n-S= --scope=\n-A= --local-config=\n-Q= --global-config=\n--cwd=\n-d --debug\n--no-color\n"
    "-y --yes\n-h --help\n-v --version\n" + "\n".join(_VERCEL_DEPLOY.split(";")),
    (
        "deploy alias bisect build certs dev dns domains env git help init inspect link list login logout logs"
        " project promote pull redeploy remove rollback switch teams whoami integration blob cache telemetry"
        " target install open"
    ).split(),
    {
        "ls": "list",
        "rm": "remove",
        "cert": "certs",
        "domain": "domains",
        "team": "teams",
        "projects": "project",
    },
    abbrev=False,
    specs={"deploy": _VERCEL_DEPLOY},
)


def _vercel_rewrite(r: Reading) -> tuple[Reading, ...]:
    if r.path != ("vercel",):
        return (r,)
    return (Reading(("vercel", "deploy"), r.keys, r.operands),)


VERCEL.rewrite = _vercel_rewrite
VERCEL.rewritten_from = ("vercel", "vc", "now")  # (the gate: any of its command lines may be deploy's)


def _systemctl_rewrite(r: Reading) -> tuple[Reading, ...]:
    """red team (R4.10): `systemctl disable --now x` and `systemctl mask --now x` stop x too (systemd's manual:
    "--now ... the units will also be stopped"): read as `systemctl stop x` as well -- a reading only a segment has
    (WIDER), so a deny of `systemctl disable --now` is not a stop's."""
    if len(r.path) != 2 or r.path[1] not in ("disable", "mask") or "now" not in r.keys:
        return (r,)
    return (r, Reading(("systemctl", "stop"), r.keys | {WIDER}, r.operands))


SYSTEMCTL.rewrite = _systemctl_rewrite
SYSTEMCTL.rewritten_from = ("disable", "mask")

# crontab (getopt: short letters that cluster, `-u USER` attached or apart; cronie's and Vixie's, no long names).
# red team (R4.10): a deny of `crontab -r` met `crontab -ri`, `crontab -ir` and `crontab -u me -r` by their spelling.
CRONTAB = Program(
    "crontab",
    "-u=\n-r\n-i\n-e\n-l\n-n=\n-c\n-V\n-T\n-s\n-x=",
)
