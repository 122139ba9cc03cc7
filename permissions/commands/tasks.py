"""Project tasks whose name says they publish or deploy, and the release tools of monorepos (SPEC §5 step 6,
effects by family, not by a closed list).

A project's own task runners run what the project wrote: ``npm run deploy``, ``make publish``, ``just
deploy``, ``nx run app:deploy``, ``turbo run deploy``, ``fab deploy``. What the task does is
opaque (the allow rules decide whether the project's tasks may run at all, untouched here); its NAME is what
a person reads, and a name that says publish, deploy, upload, push or ship is read the way Gradle, Maven and
sbt tasks already are (``permissions.commands.families``): an external effect, capped. One predicate
(:func:`task_name_publishes`) reads every name; one table (:data:`RUNNERS`) says where each runner's task
names stand.

Names are split into words at ``:``, ``-``, ``_``, ``.``, ``/`` and camel case (``deploy:prod``,
``db:deploy``, ``publish-docs``, ``deployProd``), so a word that only contains one is not one
(``prepublishOnly``, npm's hook that runs before a publish, on this machine). Judgements:

- ``release`` alone is not capped: ``build:release``, ``make release`` build release binaries.
- A name that also says it does not reach anywhere is not capped: ``deploy:check``, ``publish:dry-run``,
  ``deploy:local`` (like Gradle's ``publishToMavenLocal``).
- ``push`` beside a database word (``db:push``, ``schema:push``, ``prisma:push``) is capped as Prisma's and
  Drizzle's ``db push`` are (permissions.commands.families, databases): a schema applied to whatever database
  the configuration names. ``deploy`` is capped whatever it qualifies (``db:deploy``).

The release tools: ``nx release`` (version, changelog and publish; git commit, tag and, as nx.json may set,
push and a GitHub release), ``lerna version`` (commits, tags and pushes unless ``--no-push`` or
``--no-git-tag-version``), ``rush publish --publish`` (plain ``rush publish`` is a dry run) and ``rush
publish|version --target-branch`` (commits and pushes to that branch), ``release-please`` (pull requests and
releases on the forge), ``auto shipit`` and its siblings, ``bumpp`` (pushes unless ``--no-push``). Local
ones stay uncapped: ``changeset version``, ``standard-version``, ``nx release plan``, ``pnpm deploy`` (copies
a package to a folder), ``rush deploy`` (likewise).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

__all__ = ["RUNNERS", "TASK_VERBS", "task_effect", "task_name_publishes", "task_words"]

# -- the predicate -------------------------------------------------------------------------------------------
_CAPPED_WORDS = frozenset(
    {"publish", "unpublish", "deploy", "redeploy", "undeploy", "upload", "push", "ship", "shipit"}
)
# Words that say the task does not reach anywhere: a check, a dry run, a plan, a local target.
_LOCAL_WORDS = frozenset(
    {"check", "dry", "dryrun", "noop", "plan", "diff", "lint", "validate", "local", "localhost"}
)
_SEPARATORS = re.compile(r"[\s:\-_./\\@,=+\[\]()]+")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _name_words(name: str) -> set[str]:
    words: set[str] = set()
    for part in _SEPARATORS.split(name):
        if part.isascii():
            words.update(w.lower() for w in _CAMEL.findall(part))
        elif part:
            words.add(part.lower())
    return words


def task_name_publishes(name: str) -> bool:
    """§5 step 6: a task's name says it publishes, deploys, uploads, pushes or ships."""
    low = name.lower()
    if not any(w in low for w in ("publish", "deploy", "upload", "push", "ship")):
        return False  # the common case, without splitting
    words = _name_words(name)
    return bool(words & _CAPPED_WORDS) and not words & _LOCAL_WORDS


# -- where each runner's task names stand ---------------------------------------------------------------------
def _operands(args: Iterable[str], values: frozenset[str]) -> Iterator[str]:
    """The words of ``args`` no option takes, up to ``--``: an option in ``values`` takes the next word, any
    other option (or ``--opt=value``) none. A task runner's option values are folders and files, so a value
    read as a task only ever asks (fail closed)."""
    skip = False
    for w in args:
        if skip:
            skip = False
            continue
        if w == "--":
            return
        if w[:1] == "-" and len(w) > 1:
            skip = w in values
            continue
        yield w


def _firsts(args: Iterable[str], values: frozenset[str]) -> Iterator[str]:
    """The first operand (a script's name: the words after it are its arguments) and, when the option just
    before it may take it as its value (an option of no certain arity), the operand after it too."""
    prev = ""
    skip = False
    for w in args:
        if skip:
            skip, prev = False, ""
            continue
        if w == "--":
            return
        if w[:1] == "-" and len(w) > 1:
            skip, prev = w in values, w
            continue
        yield w
        if not prev or "=" in prev:
            return
        prev = ""


def _subcommand(view: tuple[str, ...], values: frozenset[str]) -> tuple[str, int]:
    """The first operand after the program's own options, and the index after it."""
    skip = False
    for k in range(1, len(view)):
        w = view[k]
        if skip:
            skip = False
        elif w[:1] == "-" and len(w) > 1:
            skip = w in values
        else:
            return w, k + 1
    return "", len(view)


def _v(spec: str) -> frozenset[str]:
    return frozenset(spec.split())


_NPM_VALUES = _v("--prefix -C -w --workspace --userconfig --registry --loglevel --script-shell")


def _npm(view: tuple[str, ...]) -> Iterator[str]:
    sub, k = _subcommand(view, _NPM_VALUES)
    # npm runs an unambiguous abbreviation of a command (`npm ru deploy`, `npm run-s deploy`), and its aliases.
    if (len(sub) >= 2 and "run-script".startswith(sub)) or sub in ("rum", "urn"):
        yield from _firsts(view[k:], _NPM_VALUES)


# Package managers that run a project script (or a package's program) for a word that is none of their own
# commands: `pnpm deploy:prod`, `yarn deploy`, `bun deploy`.
_PNPM_OWN = _v(
    "add i install ci it install-test update up upgrade remove rm uninstall un link ln unlink import rebuild rb"
    " prune fetch patch patch-commit patch-remove audit list ls ll la outdated why licenses exec dlx create"
    " init publish pack recursive multi m server store root bin setup deploy env config c get set doctor"
    " approve-builds ignored-builds cat-file cat-index find-hash self-update catalog dedupe sbom view info"
    " login logout whoami owner dist-tag unpublish help test t start stop restart run run-script"
)
_YARN_OWN = _v(
    "add install remove upgrade up info init pack publish run test start workspace workspaces why version"
    " config cache global link unlink login logout owner tag team audit autoclean bin check create dedupe dlx"
    " exec explain generate-lock-entry help import licenses list node npm outdated patch patch-commit plugin"
    " policies rebuild search set stage unplug upgrade-interactive constraints"
)
_BUN_OWN = _v(
    "run test x repl exec install i add a remove rm update outdated link unlink pm build init create c"
    " upgrade publish patch audit info why completions"
)
_PM_VALUES = _v("-C --dir --filter -F --filter-prod --cwd --registry -w --workspace --loglevel --reporter")


def _package_manager(own: frozenset[str]) -> Callable[[tuple[str, ...]], Iterator[str]]:
    def names(view: tuple[str, ...]) -> Iterator[str]:
        sub, k = _subcommand(view, _PM_VALUES)
        if sub in ("run", "run-script"):
            yield from _firsts(view[k:], _PM_VALUES)
        elif sub and sub not in own:
            yield sub

    return names


def _all_operands(values: str) -> Callable[[tuple[str, ...]], Iterator[str]]:
    """Runners whose every operand may be a task (``make build deploy``, ``just test deploy``, ``fab -H h
    deploy``): a recipe's arguments are read as tasks too (fail closed)."""
    table = _v(values)

    def names(view: tuple[str, ...]) -> Iterator[str]:
        for w in _operands(view[1:], table):
            if "=" in w:
                continue  # `make V=1 deploy`, `just env=prod deploy`: a variable
            yield w

    return names


_NX_VALUES = _v(
    "-c --configuration -p --projects --exclude --base --head --files --output-style --parallel --runner"
    " --batch --nxBail --tui"
)
_NX_TARGETS = frozenset({"-t", "--target", "--targets"})
_NX_OWN = _v(
    "run run-many affected graph dep-graph format format:write format:check generate g migrate report list"
    " show reset daemon connect connect-to-nx-cloud view-logs watch init add import exec sync sync:check repair"
    " login logout record fix-ci mcp configure-ai-agents activate-powerpack print-affected release"
    " workspace-lint"
)


def _option_words(view: tuple[str, ...], options: Iterable[str]) -> Iterator[str]:
    """The names an option of ``options`` lists: ``-t a b``, ``--targets=a,b``, ``-e a,b`` -- each word after it
    (commas split) until another option, up to ``--``."""
    taking = False
    for w in view[1:]:
        if w == "--":
            return
        name, eq, value = w.partition("=")
        if name in options:
            if eq:
                yield from value.split(",")
            taking = not eq
            continue
        if w[:1] == "-":
            taking = False
        elif taking:
            yield from w.split(",")


def _nx_targets(view: tuple[str, ...]) -> Iterator[str]:
    """``-t a b``, ``--targets=a,b``, ``--target x`` (nx run-many, affected)."""
    return _option_words(view, _NX_TARGETS)


def _nx(view: tuple[str, ...]) -> Iterator[str]:
    yield from _nx_targets(view)
    sub, k = _subcommand(view, _NX_VALUES | _NX_TARGETS)
    if sub == "run":
        # `nx run app:deploy:production`: project, target, configuration
        for w in _operands(view[k:], _NX_VALUES):
            parts = w.split(":")
            yield parts[1] if len(parts) > 1 else parts[0]
            return
    elif sub.startswith("affected:"):
        yield sub.partition(":")[2]  # nx's old `affected:deploy`
    elif sub and sub not in _NX_OWN:
        # `nx deploy app` (target, then project) or `nx app:deploy:prod`
        parts = sub.split(":")
        yield parts[1] if len(parts) > 1 else parts[0]


_TURBO_VALUES = _v(
    "--filter -F --concurrency --cache-dir --output-logs --log-order --env-mode --scope --token --team --api"
    " --heap --profile --log-prefix --cwd --ui --cache --graph --summarize --affected-base"
)
_TURBO_OWN = _v(
    "prune gen generate login logout link unlink bin daemon ls query scan telemetry info boundaries completion"
    " devtools docs"
)


def _turbo(view: tuple[str, ...]) -> Iterator[str]:
    sub, k = _subcommand(view, _TURBO_VALUES)
    if sub in ("run", "watch"):
        yield from _operands(view[k:], _TURBO_VALUES)
    elif sub and sub not in _TURBO_OWN:
        yield sub  # turbo 2: `turbo deploy` is `turbo run deploy`
        yield from _operands(view[k:], _TURBO_VALUES)


_MISE_VALUES = _v("-C --cd -E --env -j --jobs -p --profile --output -o --timeout")
_MISE_OWN = _v(
    "activate alias backends bin-paths cache completion config deactivate doctor en env exec x fmt generate"
    " implode install i install-into latest link ls list ls-remote outdated plugins p prune registry reshim"
    " self-update set settings shell sh sync tool tasks trust uninstall unset unuse upgrade up use u version"
    " watch w where which search edit lock mcp test-tool"
)


def _mise(view: tuple[str, ...]) -> Iterator[str]:
    sub, k = _subcommand(view, _MISE_VALUES)
    if sub in ("run", "r", "watch", "w"):
        yield from _operands(view[k:], _MISE_VALUES)  # `mise run build ::: deploy`: each task
    elif sub and sub not in _MISE_OWN:
        yield sub  # `mise deploy`: a task of that name


_SCRIPT_RUNNERS = {
    # (subcommand words that run a project script, options taking a value)
    "deno": (frozenset({"task"}), _v("--config -c --cwd -f --filter")),
    "lerna": (frozenset({"run"}), _v("--scope --ignore --since --concurrency")),
    "rushx": (frozenset({""}), _v("")),
    "composer": (frozenset({"run-script", "run"}), _v("-d --working-dir")),
    "pdm": (frozenset({"run"}), _v("-p --project -v")),
    "hatch": (frozenset({"run"}), _v("-e --env")),
    "pixi": (frozenset({"run", "r"}), _v("-e --environment --manifest-path")),
    "melos": (frozenset({"run"}), _v("")),
    "moon": (frozenset({"run", "r"}), _v("")),
    "poe": (frozenset({""}), _v("-C --directory --root -e --executor")),
}


def _script_runner(verb: str) -> Callable[[tuple[str, ...]], Iterator[str]]:
    subs, values = _SCRIPT_RUNNERS[verb]

    def names(view: tuple[str, ...]) -> Iterator[str]:
        if "" in subs:
            yield from _firsts(view[1:], values)
            return
        sub, k = _subcommand(view, values)
        if sub in subs or (verb in _ABBREVIATING and _abbreviates_one(sub, subs, _OWN_COMMANDS[verb])):
            for w in _firsts(view[k:], values):
                yield w.rpartition(":")[2] if verb == "hatch" else w  # `hatch run env:deploy`
        elif sub and verb in _OWN_COMMANDS and sub not in _OWN_COMMANDS[verb]:
            yield sub  # `composer deploy`: the script of that name
            if verb in _ABBREVIATING and _may_abbreviate_capped(sub, _OWN_COMMANDS[verb]):
                yield _CAPPED_ABBREVIATION  # `composer publ`, `composer depl:p`: a script that publishes

    return names


# R4.10: Composer is a Symfony console, which runs a command (its own, or a project script: scripts are
# commands there) from any unambiguous abbreviation of its `:`-separated parts: `composer run-s deploy` is
# `run-script deploy`, `composer publ` runs the script `publish`. An abbreviation of the run-script command is
# read as it. A word that starts one of Composer's own commands never runs a script (the console runs that
# command, or refuses the word as ambiguous: `composer up`, `composer dep`); any other word may abbreviate a
# script whose name publishes or deploys (`publ`, `depl:pr`, `shi`): read as one (fail closed). A word that is
# no such start stays itself (`composer test`, `composer phpstan`).
_ABBREVIATING = frozenset({"composer"})
_CAPPED_ABBREVIATION = "publish"


def _abbreviates_one(word: str, subs: frozenset[str], own: frozenset[str]) -> bool:
    """``word`` is an abbreviation Symfony's console resolves to one of ``subs`` (or may: a word that starts
    both one of them and another command is ambiguous, and read as the one that runs scripts)."""
    low = word.lower()
    return bool(low) and low not in own and any(s.startswith(low) for s in subs if s)


def _may_abbreviate_capped(word: str, own: frozenset[str]) -> bool:
    """``word`` starts none of ``own`` and one of its parts starts a word that publishes or deploys (`publ`,
    `depl:pr`, `x-shi`)."""
    low = word.lower()
    if any(o.startswith(low) for o in own):
        return False
    parts = _SEPARATORS.split(low)
    return any(p and c.startswith(p) for p in parts for c in _CAPPED_WORDS)


# Runners whose first word, when it is none of their own commands, is a project script: `composer deploy` runs
# the script `deploy` as `composer run-script deploy` does.
_OWN_COMMANDS = {
    "composer": _v(
        "about archive audit browse home bump check-platform-reqs clear-cache clearcache cc config create-project"
        " depends why diagnose dump-autoload dumpautoload exec fund global help init install i licenses list"
        " outdated prohibits why-not reinstall remove rm uninstall require r run-script run search self-update"
        " selfupdate show info status suggests update u upgrade validate"
    ),
}


def _sessions(view: tuple[str, ...]) -> Iterator[str]:
    """tox ``-e a,b`` / nox ``-s a b``: the environments or sessions named (after ``--``: the command's words)."""
    options = ("-e", "--envlist") if view[0] == "tox" else ("-s", "--session", "--sessions", "-k")
    return _option_words(view, options)


_RAKE_OPTIONS = (
    "-f --rakefile -C --directory -I --libdir -r --require -R --rakelibdir -e"
    " --execute -p --execute-print -E --execute-continue -j --jobs"
)
_RAKE_VALUES = frozenset(_RAKE_OPTIONS.split())


def _clojure(view: tuple[str, ...]) -> Iterator[str]:
    """The Clojure CLI's aliases (`clj -M:deploy`, `clojure -X:dev:release`, `-T:build`, `-A:x`) and the
    function `-X`/`-T` call (`clj -T:build deploy`, `clojure -X:deps publish`): the project's tasks by name."""
    calls = False
    for w in view[1:]:
        if w[:2] in ("-M", "-X", "-T", "-A") and w[2:3] in (":", ""):
            yield w[2:]
            calls = w[1] in "XT"
        elif calls and w[:1] not in (":", "-", "'", '"', "{", "["):
            yield w
            calls = False


_DAGGER_VALUES = _v("-m --mod --progress -W --workdir")


def _dagger(view: tuple[str, ...]) -> Iterator[str]:
    """red team: Dagger's functions are a module's tasks, called by name (`dagger call deploy`, chained: `dagger
    call build --source . publish --address ttl.sh/x`): every operand after `call` (an option's value read
    as a name only asks)."""
    ops = list(_operands(view[1:], _DAGGER_VALUES))
    if "call" in ops:
        yield from ops[ops.index("call") + 1 :]


def _terramate(view: tuple[str, ...]) -> Iterator[str]:
    """red team: Terramate's scripts, named in its configuration (`terramate script run deploy`)."""
    ops = list(_operands(view[1:], _v("-C --chdir --tags --no-tags")))
    if ops[:2] == ["script", "run"]:
        yield from ops[2:]


RUNNERS: dict[str, Callable[[tuple[str, ...]], Iterator[str]]] = {
    "clojure": _clojure,
    "clj": _clojure,
    "npm": _npm,
    "pnpm": _package_manager(_PNPM_OWN),
    "yarn": _package_manager(_YARN_OWN),
    "bun": _package_manager(_BUN_OWN),
    "make": _all_operands("-C --directory -f --file --makefile -I --include-dir -o --old-file -W --what-if"),
    "gmake": _all_operands("-C --directory -f --file --makefile -I --include-dir -o --old-file -W --what-if"),
    "just": _all_operands(
        "-f --justfile -d --working-directory --set --shell --shell-arg --dotenv-path"
        " --dotenv-filename --chooser --color --list-heading --list-prefix"
    ),
    "task": _all_operands(
        "-d --dir -t --taskfile -o --output --output-group-begin --output-group-end -c"
        " --color --concurrency -C --interval --sort"
    ),
    "rake": _all_operands(_RAKE_OPTIONS),
    # red team: Mage, Go's make (`mage deploy`, `mage -d build deploy`).
    "mage": _all_operands("-d -w -t -gocmd -goos -goarch -ldflags -compile"),
    "fab": _all_operands(
        "-H --hosts -i --identity -f --fabfile -c --collection -r --search-root -S"
        " --ssh-config -t --connect-timeout -T --command-timeout -x --exclude-hosts"
    ),
    "invoke": _all_operands("-c --collection -r --search-root -f --config -e"),
    "inv": _all_operands("-c --collection -r --search-root -f --config -e"),
    "gulp": _all_operands("-f --gulpfile --cwd --require"),
    "grunt": _all_operands("--gruntfile --base -b"),
    "ant": _all_operands(
        "-f -file -buildfile -lib -logfile -l -logger -listener -propertyfile -inputhandler"
    ),
    "cargo-make": _all_operands("--makefile --profile -p --cwd -e --env --env-file"),
    "makers": _all_operands("--makefile --profile -p --cwd -e --env --env-file"),
    "doit": _all_operands("-f --file -d --dir"),
    # red team: fastlane's lanes (`fastlane ios release`: the platform, then the lane the Fastfile defines)
    "fastlane": _all_operands("--env --capture_output"),
    # npm-run-all's commands run each script named (or matched by a glob: `run-s "deploy:*"`)
    "npm-run-all": _all_operands("--npm-path"),
    "run-s": _all_operands("--npm-path"),
    "run-p": _all_operands("--npm-path"),
    "turbo": _turbo,
    "nx": _nx,
    "mise": _mise,
    "tox": _sessions,
    "nox": _sessions,
    "dagger": _dagger,
    "terramate": _terramate,
    **{verb: _script_runner(verb) for verb in _SCRIPT_RUNNERS},
}


# -- release tools ----------------------------------------------------------------------------------------------
_DRY = frozenset({"--dry-run", "-d", "--dryRun", "--help", "-h", "--version"})


def _nx_release(view: tuple[str, ...]) -> bool:
    """``nx release [version|changelog|publish]``: all but a dry run and ``nx release plan``."""
    sub, k = _subcommand(view, _NX_VALUES)
    if sub != "release" or any(w in _DRY or w.startswith("--dry-run=true") for w in view[k:]):
        return False
    step = next(_operands(view[k:], _NX_VALUES | _v("--specifier --preid -g --groups --otp --tag")), "")
    return step not in ("plan", "plan:check")


def _lerna(view: tuple[str, ...]) -> bool:
    """``lerna version`` commits, tags and pushes unless told not to push (a forge release needs the push)."""
    sub, k = _subcommand(view, _SCRIPT_RUNNERS["lerna"][1])
    if sub != "version" or any(w in _DRY for w in view[k:]):
        return False
    rest = view[k:]
    if any(w.startswith("--create-release") for w in rest):
        return True
    return not any(w in ("--no-push", "--no-git-tag-version", "--push=false") for w in rest)


def _rush(view: tuple[str, ...]) -> bool:
    """``rush publish --publish|-p`` (else a dry run), ``rush publish|version --target-branch|-b`` (commits
    and pushes to that branch)."""
    sub, k = _subcommand(view, frozenset())
    if sub not in ("publish", "version") or any(w in ("--help", "-h") for w in view[k:]):
        return False
    pushes = ("-b", "--target-branch", "-p", "--publish") if sub == "publish" else ("-b", "--target-branch")
    return any(w.partition("=")[0] in pushes for w in view[k:])


_AUTO_WRITES = _v("shipit release latest canary next comment pr-status pr-check pr-body label create-labels")


def _auto(view: tuple[str, ...]) -> bool:
    sub, k = _subcommand(view, _v("--plugins --repo --owner --github-api --base-branch"))
    return sub in _AUTO_WRITES and not any(w in _DRY for w in view[k:])


def _bumpp(view: tuple[str, ...]) -> bool:
    return not any(
        w in ("--dry-run", "--help", "-h", "--version", "-v", "--no-push", "--push=false") for w in view[1:]
    )


def _release_please(view: tuple[str, ...]) -> bool:
    return not any(w in _DRY or w.startswith("--dry-run=true") for w in view[1:])


def _rake_release(view: tuple[str, ...]) -> bool:
    """red team: Bundler's gem tasks -- `rake release` builds the gem, tags, pushes the tag and pushes the gem
    to rubygems.org (`release[remote]`, `release:rubygem_push`, `release:source_control_push` are its steps).
    Only rake's: `make release` builds release binaries (see the module's docstring)."""
    return any(
        w == "release"
        or w.startswith("release[")
        or w in ("release:rubygem_push", "release:source_control_push")
        for w in _operands(view[1:], _RAKE_VALUES)
    )


RELEASE_TOOLS: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "rake": _rake_release,
    "nx": _nx_release,
    "lerna": _lerna,
    "lerna-lite": _lerna,  # red team (session 35): lerna's fork, the same `version`
    "@lerna-lite/cli": _lerna,
    "rush": _rush,
    "auto": _auto,
    "bumpp": _bumpp,
    "release-please": _release_please,
    # red team (session 35): changelogen's release commits and tags here; `--push` and `--publish` reach out
    "changelogen": lambda view: any(w in ("--push", "--publish") for w in view[1:]),
}

# Package managers that run a package's program for a word that is none of their own commands
# (`pnpm nx release`, `yarn bumpp`): the rest of the line is read as that program's.
_RUNS_BINS = {"pnpm": _PNPM_OWN, "yarn": _YARN_OWN, "bun": _BUN_OWN}

TASK_VERBS: frozenset[str] = frozenset(RUNNERS) | frozenset(RELEASE_TOOLS)


def task_effect(view: tuple[str, ...], program: Callable[[tuple[str, ...]], bool]) -> bool:
    """§5 step 6: one view runs a project task whose name says it publishes or deploys, or a release tool
    that publishes, tags or pushes. ``program``: how a package's program run by a package manager is read
    (the whole family reading, ``permissions.commands.families.family_effect``)."""
    verb = view[0]
    release = RELEASE_TOOLS.get(verb)
    if release is not None and release(view):
        return True
    names = RUNNERS.get(verb)
    if names is not None and any(task_name_publishes(n) for n in names(view) if n):
        return True
    own = _RUNS_BINS.get(verb)
    if own is not None:
        sub, k = _subcommand(view, _PM_VALUES)
        if sub and sub not in own and sub not in _RUNS_BINS:
            return program(view[k - 1 :])  # `pnpm nx release`, `yarn release-please release-pr`
    return False


def task_words(view: tuple[str, ...]) -> Iterator[str]:
    """R4.9: the words of ``view`` a task runner reads as a task's name (as :func:`task_effect` does), and the
    subcommand of a release tool or of a package manager that runs a package's program for a word that is
    none of its own commands."""
    verb = view[0]
    names = RUNNERS.get(verb)
    if names is not None:
        yield from names(view)
    own = _RUNS_BINS.get(verb)
    if own is not None or verb in RELEASE_TOOLS:
        yield _subcommand(view, _PM_VALUES if own is not None else frozenset())[0]
