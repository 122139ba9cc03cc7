"""Option tables (R4.10): GNU coreutils' rm/chmod/chown/chgrp, sed, find, curl, the npm family (npm, pnpm,
yarn), pip, rsync, scp and sftp. How a table is written: :mod:`permissions.commands.options`.
"""

from __future__ import annotations

from permissions.commands.option_reader import UNREAD, WIDER, Program, Reading, _family, mark_as_written

# GNU coreutils (getopt_long: clusters, unique abbreviations, options anywhere before `--`).
RM = Program(
    "rm",
    """
    -r -R --recursive
    -f --force
    -i
    -I
    --interactive=?
    -d --dir
    -v --verbose
    --one-file-system
    --no-preserve-root
    --preserve-root=?
    """,
    abbrev=True,
)


_CHMOD_LIKE = """
    -R --recursive
    -c --changes
    -f --silent --quiet
    -v --verbose
    --reference=
    --preserve-root
    --no-preserve-root
    """


CHMOD = Program("chmod", _CHMOD_LIKE, abbrev=True)

# R4.10: chmod's modes by what they leave -- `0777`, `a+rwx`, `ugo=rwx`, `u=rwx,g=rwx,o=rwx`, `=777`, `+777` are
# `777` -- read as octal whenever every permission bit is known afterwards. A mode without `u`/`g`/`o`/`a` is read
# as `a` (chmod applies the umask there: deny matches more); `X` is read as `x`; copying (`g=u`) is not read.
# GNU chmod takes octal digits after an operator with no `ugoa` before it (`+777`, `=755`, `-022`).
_WHO = {"u": 0o700, "g": 0o070, "o": 0o007, "a": 0o777}
_PERM = {"r": 0o444, "w": 0o222, "x": 0o111, "X": 0o111}
_SPECIAL = {"s": (0o4000, 0o2000), "t": (0o1000, 0o1000)}  # (for `u`, for `g`); `t` for any who (`o+t`)
_OCTAL = frozenset("01234567")


class _Mode:
    """The bits a mode sets so far: ``value`` (permission bits), ``known`` (which of them it decides),
    ``special`` (setuid, setgid, sticky it adds)."""

    __slots__ = ("known", "special", "value")

    def __init__(self) -> None:
        self.known = self.value = self.special = 0

    def apply(self, op: str, bits: int, mask: int) -> None:
        bits &= mask
        if op == "=":
            self.value = (self.value & ~mask) | bits
            self.known |= mask
        elif op == "+":
            self.value |= bits
            self.known |= bits
        else:
            self.value &= ~bits
            self.known |= bits


def _octal_after(mode: _Mode, op: str, digits: str) -> bool:
    """`+777`, `=4755`: the octal digits after an operator; False when they are not octal."""
    if not digits or len(digits) > 4 or not set(digits) <= _OCTAL:
        return False
    number = int(digits, 8)
    mode.apply(op, number & 0o777, 0o777)
    if op != "-":
        mode.special |= number & 0o7000
    return True


def _clause(mode: _Mode, clause: str) -> bool:
    """One comma-separated clause (`ug+rw`, `a=rwx`, `+t`, `=777`) applied to ``mode``; False: not read."""
    k = 0
    mask = 0
    while k < len(clause) and clause[k] in _WHO:
        mask |= _WHO[clause[k]]
        k += 1
    who_given = k > 0
    mask = mask or 0o777
    if k >= len(clause) or clause[k] not in "+-=":
        return False
    while k < len(clause) and clause[k] in "+-=":
        op = clause[k]
        k += 1
        if not who_given and k < len(clause) and clause[k] in _OCTAL:
            return _octal_after(mode, op, clause[k:])
        bits = 0
        while k < len(clause) and clause[k] not in "+-=":
            c = clause[k]
            k += 1
            if c in _PERM:
                bits |= _PERM[c]
            elif c in _SPECIAL:
                user, group = _SPECIAL[c]
                if op != "-":
                    mode.special |= (user if mask & 0o700 else 0) | (group if mask & 0o070 or c == "t" else 0)
            else:
                return False  # `g=u`: copied from another class
        mode.apply(op, bits, mask)
    return True


def _mode_octal(mode: str) -> str | None:
    """The octal a mode leaves when every permission bit is known after it, else None."""
    if mode.isdigit():
        return f"{int(mode, 8):03o}" if len(mode) <= 5 and set(mode) <= _OCTAL else None
    found = _Mode()
    if not all(_clause(found, clause) for clause in mode.split(",")):
        return None
    return f"{found.special | found.value:03o}" if found.known == 0o777 else None


def _chmod_rewrite(r: Reading) -> tuple[Reading, ...]:
    """The mode as octal; a mode with setuid, setgid or sticky bits is also read as its nine permission bits,
    for the segment only (:data:`WIDER`): `chmod 4777` does what `chmod 777` does, and more."""
    if "reference" in r.keys:
        return (Reading(r.path, r.keys, (UNREAD, *r.operands)),)  # the mode is the file's: unknown here
    if not r.operands:
        return (r,)
    octal = _mode_octal(r.operands[0])
    if octal is None:
        return (r,)
    out = r if octal == r.operands[0] else Reading(r.path, r.keys, (octal, *r.operands[1:]))
    if len(octal) <= 3:
        return (out,)
    return out, Reading(r.path, r.keys | {WIDER}, (f"{int(octal, 8) & 0o777:03o}", *r.operands[1:]))


CHMOD.rewrite = _chmod_rewrite


CHOWN = Program(
    "chown",
    _CHMOD_LIKE + "\n--from=\n-h --no-dereference\n--dereference\n-H\n-L\n-P",
    abbrev=True,
)


CHGRP = Program("chgrp", _CHMOD_LIKE + "\n-h --no-dereference\n--dereference\n-H\n-L\n-P", abbrev=True)


def _owner_rewrite(r: Reading) -> tuple[Reading, ...]:
    """R4.10: chown's and chgrp's owner by what it names. `--reference=FILE`: FILE's, unknown here (every operand
    is a file). `0` is root (uid and gid 0); chown's `OWNER:GROUP` (or `OWNER.GROUP`, `OWNER:`) sets OWNER and
    more: read as `OWNER` too, for the segment only (:data:`WIDER`: a deny of `chown root` refuses `chown
    root:staff`, a deny of `chown root:root` does not refuse `chown root`)."""
    if "reference" in r.keys:
        return (Reading(r.path, r.keys, (UNREAD, *r.operands)),)
    if not r.operands:
        return (r,)
    spec, rest = r.operands[0], r.operands[1:]
    sep = spec.find(":") if r.path == ("chown",) else -1
    if sep < 0 and r.path == ("chown",) and spec.count(".") == 1:
        sep = spec.find(".")  # GNU's older OWNER.GROUP
    owner = spec if sep < 0 else spec[:sep]
    canon = "root" if owner.lstrip("0") == "" and owner else owner
    if sep < 0:
        return (r,) if canon == spec else (Reading(r.path, r.keys, (canon, *rest)),)
    group = spec[sep + 1 :]
    group = "root" if group.lstrip("0") == "" and group else group
    out = Reading(r.path, r.keys, (f"{canon}:{group}", *rest))
    return (out, Reading(r.path, r.keys | {WIDER}, (canon, *rest))) if canon else (out,)


CHOWN.rewrite = CHGRP.rewrite = _owner_rewrite


SED = Program(
    "sed",
    """
    -n --quiet --silent
    -e= --expression=
    -f= --file=
    -i=? --in-place=?
    -E -r --regexp-extended
    -s --separate
    -z --null-data
    -u --unbuffered
    -l= --line-length=
    --posix
    --sandbox
    --debug
    --follow-symlinks
    -b --binary
    """,
    abbrev=True,
)


# find: expression words are single-dash long names; `-exec … ;` is matched as its own words.
FIND = Program(
    "find",
    "\n".join(
        """
    --delete
    --exec= --execdir= --ok= --okdir=
    --name= --iname= --path= --ipath= --regex= --iregex= --type= --xtype= --user= --group= --perm=
    --size= --mtime= --mmin= --atime= --amin= --ctime= --cmin= --newer= --maxdepth= --mindepth= --fprint=
    --fprintf= --fls= --printf= --fprint0= --links= --inum= --samefile= --uid= --gid= --used= --context=
    --prune
    --print --print0 --ls --quit --depth --mount --xdev --follow --empty --readable --writable
    --executable --nouser --nogroup --true --false --not --and --or --a --o
    -H
    -L
    -P
    """.split()
    ),
    dash_long=True,
    bundle=False,
)


# curl: clustered short flags, long names exact (older releases took unique abbreviations: read as such).
_CURL_POST = "request request=POST"


CURL = Program(
    "curl",
    f"""
    -X= --request=
    -d= --data= -> data {_CURL_POST}
    --data-binary= -> data-binary {_CURL_POST}
    --data-raw= -> data-raw {_CURL_POST}
    --data-ascii= -> data-ascii {_CURL_POST}
    --data-urlencode= -> data-urlencode {_CURL_POST}
    --json= -> json {_CURL_POST}
    -F= --form= -> form {_CURL_POST}
    --form-string= -> form-string {_CURL_POST}
    -T= --upload-file=
    -o= --output=
    -O --remote-name
    -L --location
    -s --silent
    -S --show-error
    -f --fail
    -k --insecure
    -H= --header=
    -u= --user=
    -x= --proxy=
    -K= --config=
    -i --include
    -I --head
    -v --verbose
    -A= --user-agent=
    -e= --referer=
    -b= --cookie=
    -c= --cookie-jar=
    -G --get
    -Z --parallel
    --url=
    -w= --write-out=
    --compressed
    --retry=
    -m= --max-time=
    --connect-timeout=
    -# --progress-bar
    -N --no-buffer
    --create-dirs
    -C= --continue-at=
    -r= --range=
    -E= --cert=
    --cacert=
    -n --netrc
    -q --disable
    -z= --time-cond=
    -D= --dump-header=
    --fail-with-body
    """,
    abbrev=True,
)


# npm: nopt reads its config flags anywhere on the line, before the command too (`npm -g install`), takes
# unique abbreviations of long names and multi-letter shorthands (`-ws`); commands have aliases and (npm's
# `abbrev`) unique abbreviations.
_NPM_CONFIG = """
    -g --global
    -D --save-dev
    -P --save-prod
    -O --save-optional
    -E --save-exact
    -B --save-bundle
    -S --save
    --no-save
    --save-peer
    -f --force
    --location=
    --ignore-scripts
    --legacy-peer-deps
    --strict-peer-deps
    --dry-run
    --omit=
    --include=
    --registry=
    -w= --workspace=
    -ws --workspaces
    -iwr --include-workspace-root
    --prefix= -C=
    --foreground-scripts
    --production
    --audit
    --no-audit
    --fund
    --no-fund
    --loglevel=
    -d -> loglevel=info
    -dd -> loglevel=verbose
    -ddd --verbose -> loglevel=silly
    -q --quiet -> loglevel=warn
    -s --silent -> loglevel=silent
    -y --yes
    --no-yes
    --tag=
    --access=
    --otp=
    --provenance
    --json
    -l --long
    -p --parseable
    --no-package-lock
    --package-lock-only
    --cache=
    --userconfig= --globalconfig= -> ~options-unread
    --global-style
    --install-strategy=
    --install-links
    -a --all
    --depth=
    --bin-links
    --no-bin-links
    --no-optional
    --script-shell=
    --call= -c=
    --package=
    --if-present
    --git-tag-version
    --no-git-tag-version
    --sign-git-tag
    --allow-same-version
    --preid=
    -v --version
    -h --usage --help
    """


_NPM_COMMANDS = (
    "access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag docs doctor edit exec"
    " explain explore find-dupes fund get help help-search hook init install install-ci-test install-test link"
    " ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo"
    " restart root run-script sbom search set shrinkwrap star stars start stop team test token undeprecate"
    " uninstall unpublish unstar update version view whoami"
).split()


NPM_ALIASES = {  # the spellings npm reads as another of its commands (sources.py reads the installs)
    "add": "install",
    "i": "install",
    "in": "install",
    "ins": "install",
    "inst": "install",
    "insta": "install",
    "instal": "install",
    "isnt": "install",
    "isnta": "install",
    "isntal": "install",
    "isntall": "install",
    "clean-install": "ci",
    "ic": "ci",
    "install-clean": "ci",
    "isntall-clean": "ci",
    "cit": "install-ci-test",
    "clean-install-test": "install-ci-test",
    "sit": "install-ci-test",
    "it": "install-test",
    "r": "uninstall",
    "rm": "uninstall",
    "remove": "uninstall",
    "un": "uninstall",
    "unlink": "uninstall",
    "run": "run-script",
    "rum": "run-script",
    "urn": "run-script",
    "t": "test",
    "tst": "test",
    "up": "update",
    "upgrade": "update",
    "udpate": "update",
    "x": "exec",
    "ln": "link",
    "list": "ls",
    "la": "ll",
    "c": "config",
    "create": "init",
    "innit": "init",
    "v": "view",
    "info": "view",
    "show": "view",
    "author": "owner",
    "dist-tags": "dist-tag",
    "s": "search",
    "se": "search",
    "ddp": "dedupe",
    "why": "explain",
    "issues": "bugs",
    "home": "docs",
    "verison": "version",
}


NPM = _family("npm", _NPM_CONFIG, _NPM_COMMANDS, NPM_ALIASES, abbrev=True, sub_abbrev=True)

# R4.10: `npm cache`'s own subcommands and the names npm's cache command gives them (`clean`/`clear`/`rm`,
# `verify`/`check`).
# red team (R4.10): `npm install-test` (`npm it`) is `npm install` then `npm test`, and `npm install-ci-test`
# (`npm cit`) is `npm ci` then `npm test`, each taking the first's options (npm's documentation): also read as
# the install, so a deny of `npm install -g` refuses `npm it -g x`.
_NPM_THEN_TEST = {"install-test": "install", "install-ci-test": "ci"}


def _npm_rewrite(r: Reading) -> tuple[Reading, ...]:
    path = r.path
    first = _NPM_THEN_TEST.get(path[1]) if len(path) == 2 else None
    if first is None:
        return (r,)
    return (r, Reading(("npm", first), r.keys, r.operands))


NPM.rewrite = _npm_rewrite
mark_as_written(NPM, frozenset(_NPM_THEN_TEST))


_NPM_CACHE = NPM.subcommands["cache"]
_NPM_CACHE.subcommands = {c: Program(c, abbrev=True, parent=NPM) for c in "add clean ls verify npx".split()}
_NPM_CACHE.sub_aliases = {"clear": "clean", "rm": "clean", "check": "verify"}


_PNPM_FLAGS = """
    --userconfig= --globalconfig= -> ~options-unread
    -g --global
    -D --save-dev
    -P --save-prod --prod
    -O --save-optional
    -E --save-exact
    --save-peer
    -r --recursive
    -w --workspace-root
    --filter= -F=
    --filter-prod=
    -C= --dir=
    --frozen-lockfile
    --no-frozen-lockfile
    --ignore-scripts
    --git-checks
    --no-git-checks
    --access=
    --tag=
    --dry-run
    -f --force
    --otp=
    --publish-branch=
    --offline
    --prefer-offline
    --reporter=
    -s --silent
    --loglevel=
    --parallel
    --stream
    --workspace-concurrency=
    --aggregate-output
    -c --shell-mode
    --resume-from=
    --report-summary
    --if-present
    --bail
    --no-bail
    --sort
    --no-sort
    --reverse
    --include-workspace-root
    --lockfile-only
    --fix-lockfile
    -L --latest
    -i --interactive
    --depth=
    --json
    --long
    --ignore-workspace
    --shamefully-hoist
    --node-linker=
    --store-dir=
    --use-stderr
    --color
    --no-color
    --provenance
    -h --help
    -v --version
    """


_PNPM_COMMANDS = (
    "add install update remove link unlink import rebuild prune fetch patch patch-commit audit list outdated why"
    " licenses run test exec dlx create start publish pack server store root bin env setup init deploy doctor"
    " config"
).split()


_PNPM_ALIASES = {
    "i": "install",
    "up": "update",
    "upgrade": "update",
    "rm": "remove",
    "uninstall": "remove",
    "un": "remove",
    "ln": "link",
    "t": "test",
    "tst": "test",
    "ls": "list",
    "ll": "list",
    "la": "list",
    "rb": "rebuild",
    "run-script": "run",
}


PNPM = _family("pnpm", _PNPM_FLAGS, _PNPM_COMMANDS, _PNPM_ALIASES, abbrev=True)


_YARN_FLAGS = """
    -D --dev
    -P --peer
    -O --optional
    -E --exact
    -T --tilde
    -W --ignore-workspace-root-check
    --frozen-lockfile
    --immutable
    --ignore-scripts
    --access=
    --tag=
    --new-version=
    --non-interactive
    --cwd=
    --registry=
    --otp=
    --production --prod
    -A --all
    -p --parallel
    -i --interlaced
    -R --recursive
    --include=
    --exclude=
    --topological
    --topological-dev
    -v --verbose
    -s --silent
    --json
    -h --help
    --version
    """


_YARN_COMMANDS = (
    "add install remove publish global dlx exec run workspaces workspace npm up upgrade link unlink pack"
    " version config cache info init why test bin audit outdated login logout owner tag team plugin set"
).split()


YARN = _family("yarn", _YARN_FLAGS, _YARN_COMMANDS, {}, abbrev=False)


def _yarn_rewrite(r: Reading) -> tuple[Reading, ...]:
    """red team: Yarn 2 and later publish with `yarn npm publish` (they have no `yarn publish`): also read as
    `yarn publish`, so a deny of it refuses the publish either Yarn makes."""
    if r.path[:3] == ("yarn", "npm", "publish") or (
        r.path == ("yarn", "npm") and r.operands[:1] == ("publish",)
    ):
        return (r, Reading(("yarn", "publish"), r.keys, r.operands[1:] if len(r.path) == 2 else r.operands))
    return (r,)


YARN.rewrite = _yarn_rewrite
YARN.subcommands["publish"].rewritten_from = ("npm",)

# R4.10: nopt (npm, pnpm, yarn 1) reads `--no-X` as X off for every flag: `--no-ignore-scripts` is
# `--ignore-scripts=false`.
for _family_root in (NPM, PNPM, YARN):
    _family_root.negates = True


def _nopt(prog: Program) -> None:
    """R4.10: npm's and pnpm's nopt reads `--g` as `-g` (Program.as_shorthands), at every level of the family.
    (Yarn 1 reads its flags with commander, which refuses an unknown `--g`.)"""
    prog.nopt = True
    for sub in prog.subcommands.values():
        if not sub.nopt:
            _nopt(sub)


_nopt(NPM)
_nopt(PNPM)


for _nested, _inner in (
    ("global", "add remove bin list upgrade"),
    ("npm", "publish login logout info tag whoami"),
):
    _level = YARN.subcommands[_nested]
    _level.subcommands = {c: Program(c, abbrev=False, parent=YARN) for c in _inner.split()}


# pip (optparse: clusters, unique abbreviations of long options; the general options anywhere).
# `--config-file` is no option of pip's command line: it is PIP_CONFIG_FILE read as one (views.env_options), a file of
# options read when pip runs (OPTIONS_UNREAD).
_PIP_GENERAL = """
    --config-file= -> ~options-unread
    -h --help
    --debug
    --isolated
    --require-virtualenv
    --python=
    -v --verbose
    -V --version
    -q --quiet
    --log=
    --no-input
    --keyring-provider=
    --proxy=
    --retries=
    --timeout=
    --exists-action=
    --trusted-host=
    --cert=
    --client-cert=
    --cache-dir=
    --no-cache-dir
    --disable-pip-version-check
    --no-color
    --no-python-version-warning
    --use-feature=
    --use-deprecated=
    --root-user-action=
    """


_PIP_INSTALL = """
    -r= --requirement=
    -e= --editable=
    -U --upgrade
    --user
    -t= --target=
    --prefix=
    --root=
    -i= --index-url=
    --extra-index-url=
    --no-deps
    --pre
    --force-reinstall
    -I --ignore-installed
    --break-system-packages
    --no-index
    -f= --find-links=
    -c= --constraint=
    --upgrade-strategy=
    --require-hashes
    --no-build-isolation
    --dry-run
    --only-binary=
    --no-binary=
    --report=
    --src=
    --no-warn-script-location
    --compile
    --no-compile
    --progress-bar=
    -C= --config-settings=
    --ignore-requires-python
    --no-clean
    --use-pep517
    -d= --dest=
    -w= --wheel-dir=
    """


PIP = _family(
    "pip",
    _PIP_GENERAL,
    (
        "install download uninstall freeze inspect list show check config search cache index wheel hash"
        " completion debug help"
    ).split(),
    {},
    abbrev=True,
    specs={
        "install": _PIP_INSTALL,
        "download": _PIP_INSTALL,
        "wheel": _PIP_INSTALL,
        "uninstall": "-r= --requirement=; -y --yes; --break-system-packages",
    },
)


# rsync (popt: clustered short flags; long names read as unique abbreviations too, deny matching more). Each
# `--delete-WHEN` (and `--del`, `--delete-excluded`) deletes in the destination as `--delete` does: a deny of
# `rsync --delete` matches them (R4.10: the act, not its spelling). The
# options that take a value are what matters to its readers (permissions.commands.uploads: which words are
# the source and destination; permissions.where: what --delete and --remove-source-files remove;
# permissions.commands.runners: the program -e/--rsh and --rsync-path run).
RSYNC = Program(
    "rsync",
    """
    -e= --rsh=
    --rsync-path=
    -B= --block-size=
    -f= --filter=
    -M= --remote-option=
    -T= --temp-dir=
    -@= --modify-window=
    --exclude=
    --exclude-from=
    --include=
    --include-from=
    --files-from=
    --partial-dir=
    --backup-dir=
    --suffix=
    --chmod=
    --chown=
    --usermap=
    --groupmap=
    --compare-dest=
    --copy-dest=
    --link-dest=
    --max-delete=
    --max-size=
    --min-size=
    --max-alloc=
    --timeout=
    --contimeout=
    --port=
    --password-file=
    --bwlimit=
    --out-format=
    --log-file=
    --log-file-format=
    --iconv=
    --info=
    --debug=
    --stderr=
    --protocol=
    --checksum-choice= --cc=
    --compress-choice= --zc=
    --compress-level= --zl=
    --skip-compress=
    --sockopts=
    --address=
    --write-batch=
    --only-write-batch=
    --read-batch=
    --stop-after=
    --stop-at=
    --early-input=
    --outbuf=
    --copy-as=
    --checksum-seed=
    -v --verbose
    -q --quiet
    -c --checksum
    -a --archive
    -r --recursive
    -R --relative
    -b --backup
    -u --update
    -l --links
    -L --copy-links
    -k --copy-dirlinks
    -K --keep-dirlinks
    -H --hard-links
    -p --perms
    -E --executability
    -A --acls
    -X --xattrs
    -o --owner
    -g --group
    -D
    -t --times
    -U --atimes
    -N --crtimes
    -O --omit-dir-times
    -J --omit-link-times
    -S --sparse
    -n --dry-run
    -W --whole-file
    -x --one-file-system
    -y --fuzzy
    -C --cvs-exclude
    -z --compress
    -h --human-readable
    -i --itemize-changes
    -P
    -8 --8-bit-output
    -F
    -0 --from0
    -s --secluded-args --protect-args
    -4 --ipv4
    -6 --ipv6
    -m --prune-empty-dirs
    -d --dirs
    -I --ignore-times
    --delete
    --del --delete-during -> delete-during delete
    --delete-before -> delete-before delete
    --delete-delay -> delete-delay delete
    --delete-after -> delete-after delete
    --delete-excluded -> delete-excluded delete
    --delete-missing-args -> delete-missing-args delete
    --ignore-missing-args
    --remove-source-files
    --remove-sent-files
    --mkpath
    --inplace
    --append
    --append-verify
    --safe-links
    --copy-unsafe-links
    --munge-links
    --devices
    --specials
    --super
    --fake-super
    --existing
    --ignore-existing
    --ignore-errors
    --force
    --partial
    --progress
    --delay-updates
    --numeric-ids
    --size-only
    --stats
    --list-only
    --no-motd
    --blocking-io
    --no-implied-dirs
    --preallocate
    --open-noatime
    --trust-sender
    --copy-devices
    --write-devices
    --version
    --help
    """,
    abbrev=True,
)


# OpenSSH's scp and sftp (getopt: clustered short flags, no long options).
SCP = Program(
    "scp",
    """
    -c= ; -D= ; -F= ; -i= ; -J= ; -l= ; -o= ; -P= ; -S= ; -X=
    -3 ; -4 ; -6 ; -A ; -B ; -C ; -O ; -p ; -q ; -R ; -r ; -s ; -T ; -v
    """.replace(";", "\n"),
)


SFTP = Program(
    "sftp",
    """
    -B= ; -b= ; -c= ; -D= ; -F= ; -i= ; -J= ; -l= ; -o= ; -P= ; -R= ; -S= ; -s= ; -X=
    -4 ; -6 ; -A ; -a ; -C ; -f ; -N ; -p ; -q ; -r ; -v
    """.replace(";", "\n"),
)
