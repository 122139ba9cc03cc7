"""Settings that name no program, code, place or host: the neutral grammar's (SPEC R4.7) and the screen's.

``set -euo pipefail; export CI=true NODE_ENV=test; npm test`` -- a script's settings before the commands it
runs, as PowerShell's ``$env:CI = 'true'; npm test`` is read (permissions.commands.windows): a segment that
only assigns or exports plain settings is grammar around the segments judged on their own
(permissions.commands.neutral), and ``echo $NODE_ENV`` prints a mode, not a place (permissions.scope).

Closed on purpose (R4.9): a setting is plain only when its variable is one of :data:`PLAIN_SETTINGS` -- a
mode, a colour switch, a locale, a log level or a target platform, never a program, a file, a folder, a host,
a proxy, options handed to an interpreter or a build tool, nor anything a coding agent or Brabo's hook reads
-- with a plain literal value (letters, digits and ``_ . , : = + % @ * -``, no ``..``: no expansion, no path,
no space), or a pager switched off (``GIT_PAGER=cat``, ``PAGER=``).

Only a segment with no program is read so. Before a command (``CI=true npm test``), a setting is a leading
assignment: R4.8 looks through it for deny, ask and the caps, and an allow matches the segment as written --
``Terminal(npm test)`` does not cover ``CI=true npm test``.
"""

from __future__ import annotations

import re

__all__ = ["PLAIN_SETTINGS", "SHOWN_VARIABLES", "plain_setting"]

PLAIN_SETTINGS = frozenset(
    {
        # the mode a project's own code reads (its configuration is the project's, as the command's is)
        "CI",
        "NODE_ENV",
        "BABEL_ENV",
        "RAILS_ENV",
        "RACK_ENV",
        "APP_ENV",
        "MIX_ENV",
        # colour, width, locale, time zone of the output
        "FORCE_COLOR",
        "NO_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "COLUMNS",
        "TZ",
        "LANG",
        "LANGUAGE",
        "LC_ALL",
        "LC_CTYPE",
        "CARGO_TERM_COLOR",
        # how much a run logs or reports
        "DEBUG",
        "LOG_LEVEL",
        "RUST_BACKTRACE",
        "RUST_LOG",
        "NODE_NO_WARNINGS",
        "PYTHONFAULTHANDLER",
        "PYTHONUNBUFFERED",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONHASHSEED",
        "PYTHONUTF8",
        "PYTHONIOENCODING",
        # how many threads, and for which platform a build compiles
        "RUST_TEST_THREADS",
        "CARGO_BUILD_JOBS",
        "CARGO_INCREMENTAL",
        "GOMAXPROCS",
        "GOOS",
        "GOARCH",
        "GOARM",
        "GOAMD64",
        "CGO_ENABLED",
        # telemetry switched off
        "NEXT_TELEMETRY_DISABLED",
        "DO_NOT_TRACK",
        "DOTNET_CLI_TELEMETRY_OPTOUT",
    }
)
# A pager switched off: the output is printed as it is (`GIT_PAGER=cat git log`, `AWS_PAGER= aws ...`); any
# other value is a command line, read as a segment of its own (permissions.commands.environment).
_PAGERS = frozenset({"GIT_PAGER", "PAGER", "GH_PAGER", "AWS_PAGER"})
_NO_PAGER = frozenset({"", "cat"})
_PLAIN_VALUE = re.compile(r"[A-Za-z0-9_.,:=+%@*-]*")


def plain_setting(word: str) -> bool:
    """Whether ``word`` is ``NAME=VALUE`` for a plain setting (see the module's note)."""
    name, eq, value = word.partition("=")
    if name in _PAGERS:
        return value in _NO_PAGER
    return (
        bool(eq)
        and name in PLAIN_SETTINGS
        and ".." not in value
        and _PLAIN_VALUE.fullmatch(value) is not None
    )


# The variables whose value says where things are or which mode a run is in, never a secret: printing one is
# text (permissions.scope's screen printers; permissions.commands.peeks' environment printers off the sandbox).
SHOWN_VARIABLES = PLAIN_SETTINGS | frozenset(
    {
        "PATH",
        "PWD",
        "OLDPWD",
        "HOME",
        "USER",
        "SHELL",
        "TERM",
        "HOSTNAME",
        "VIRTUAL_ENV",
        "CONDA_PREFIX",
        "CONDA_DEFAULT_ENV",
        "PYTHONPATH",
        "GOPATH",
        "GOROOT",
        "GOBIN",
        "JAVA_HOME",
        "CARGO_HOME",
        "RUSTUP_HOME",
        "NVM_DIR",
        "NODE_PATH",
        # session 21, friction: more places tools are installed in or look in, printed by `echo "$TMPDIR"`
        "TMPDIR",
        "LOGNAME",
        "LD_LIBRARY_PATH",
        "DYLD_LIBRARY_PATH",
        "MANPATH",
        "PKG_CONFIG_PATH",
        "CLASSPATH",
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_CACHE_HOME",
        "XDG_STATE_HOME",
        "XDG_RUNTIME_DIR",
        "PNPM_HOME",
        "GEM_HOME",
        "GEM_PATH",
        "DOTNET_ROOT",
        "ANDROID_HOME",
        "ANDROID_SDK_ROOT",
        "PYENV_ROOT",
        "VOLTA_HOME",
        "BUN_INSTALL",
        "DENO_DIR",
        "GRADLE_USER_HOME",
        "MAVEN_HOME",
        "HOMEBREW_PREFIX",
        # and which shell runs the command
        "SHLVL",
        "BASH_VERSION",
        "ZSH_VERSION",
        "OSTYPE",
        "HOSTTYPE",
        "MACHTYPE",
    }
)
