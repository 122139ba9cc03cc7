"""Red team (R4.9): settings a tool loads that make it run code -- given as the input or another command's output.

A tool's settings file may name programs it runs or code it loads: a kube config's credential plugin (`exec:
command:`), npm's `script-shell` and `node-options`, tox's and pre-commit's commands, Procfile lines, a Gemfile (Ruby),
lint-staged's commands, the JavaScript tools' code settings (jest, vitest, webpack, ESLint, Prettier, Babel, rollup,
Playwright, Cypress, mocha's required modules), an env file (NODE_OPTIONS, LD_PRELOAD ...), deno's import map, act's
workflows. Given a file of the project, the settings are the project's; given `/dev/stdin`, `-` or `<(…)`
(interpreters.is_stream), what they run no rule read: `kubectl --kubeconfig /dev/stdin get pods <<< '…exec…'`.

SETTINGS_FROM_INPUT: per program, the options whose value is such a file; ``settings_from_input`` reads a view.
"""

from __future__ import annotations

from permissions.commands.interpreters import is_stream, may_name_a_stream

__all__ = ["SETTINGS_FROM_INPUT", "settings_from_input"]

_KUBE = frozenset({"--kubeconfig"})
_JS_CONFIG = frozenset({"-c", "--config"})
_ENV_FILE = frozenset({"--env-file"})

# Programs whose `@FILE` operand is a file of more arguments (gcc, clang, javac, java): from the input, options no
# rule read.
_ARGUMENT_FILES = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++", "javac", "java", "kotlinc"})

SETTINGS_FROM_INPUT: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("kubectl", "oc", "helm", "k9s", "stern", "flux", "kustomize", "kubectx", "kubens"), _KUBE
    ),
    **dict.fromkeys(("npm", "pnpm"), frozenset({"--userconfig", "--globalconfig"})),
    "tox": frozenset({"-c", "--conf"}),
    "pre-commit": frozenset({"-c", "--config"}),
    **dict.fromkeys(
        ("jest", "vitest", "vite", "webpack", "webpack-cli", "rollup", "eslint", "playwright", "lint-staged"),
        _JS_CONFIG,
    ),
    **dict.fromkeys(("prettier", "tsup", "stylelint", "nodemon"), frozenset({"--config"})),
    "babel": frozenset({"--config-file"}),
    "mocha": frozenset({"--config", "--require", "-r", "--file"}),
    "cypress": frozenset({"-C", "--config-file"}),
    "commitlint": frozenset({"-g", "--config"}),
    "pytest": frozenset({"-c", "--config-file"}),
    "uv": _ENV_FILE,
    "bun": frozenset({"--env-file", "--preload", "-r", "--require", "--config", "-c"}),
    "deno": frozenset({"--env-file", "--env", "--config", "-c", "--import-map"}),
    "dotenv": frozenset({"-e"}),
    "dotenvx": frozenset({"-f", "--env-file"}),
    **dict.fromkeys(("foreman", "forego", "honcho"), frozenset({"-f", "--procfile", "-e", "--env"})),
    "bundle": frozenset({"--gemfile"}),
    "act": frozenset({"-W", "--workflows", "--env-file", "--secret-file", "--var-file"}),
    # start-up files of a terminal multiplexer, an editor, a shell: their commands (`tmux -f /dev/stdin new -d`)
    "tmux": frozenset({"-f"}),
    "screen": frozenset({"-c"}),
    **dict.fromkeys(("nvim", "vim", "vi", "gvim", "view"), frozenset({"-u", "-S"})),
    **dict.fromkeys(("emacs", "emacsclient"), frozenset({"-l", "--load"})),
    **dict.fromkeys(("bash", "rbash"), frozenset({"--rcfile", "--init-file"})),
    # compilers' and the JVM's argument files and configuration files: options that run programs (gcc's
    # `-wrapper`, `-fplugin=`; javac's annotation processors; `-javaagent:`), and the agent itself
    **dict.fromkeys(_ARGUMENT_FILES, frozenset()),
    "php": frozenset({"-c"}),
}
# The subcommands loading their operand as commands (`tmux source-file /dev/stdin`).
_SOURCING = {"tmux": frozenset({"source-file", "source"})}
# Options whose value names a file loaded as code: the JVM's agent (`-javaagent:/dev/stdin`), clang's `--config=`,
# php's start files set inline (`-d auto_prepend_file=…`).
_GLUED_LOADS = ("-javaagent:", "--config=", "-d auto_prepend_file=", "-d auto_append_file=")

SETTINGS_FROM_INPUT_REASON = (
    "it loads settings that run code from the input or another command's output, which no rule can read"
)


def settings_from_input(view: tuple[str, ...]) -> str | None:
    """SETTINGS_FROM_INPUT_REASON when an option of SETTINGS_FROM_INPUT[verb] in ``view`` (before `--`) is given a
    stream: as the next word, after `=`, or glued to a one-letter option (`-c/dev/stdin`); else None."""
    options = SETTINGS_FROM_INPUT.get(view[0])
    if options is None or may_name_a_stream("\0".join(view)) is None:
        return None  # (most views: no word that may be a stream)
    sourcing = _SOURCING.get(view[0], ())
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            return None
        if w in sourcing and any(is_stream(a) for a in view[k + 1 :]):
            return SETTINGS_FROM_INPUT_REASON
        if w[:1] == "@" and view[0] in _ARGUMENT_FILES and is_stream(w[1:]):
            return SETTINGS_FROM_INPUT_REASON
        if w[:1] != "-":
            continue
        if _glued_stream(w, view[k + 1] if k + 1 < len(view) else ""):
            return SETTINGS_FROM_INPUT_REASON
        name, eq, value = w.partition("=")
        if not eq:
            if name in options:
                value = view[k + 1] if k + 1 < len(view) else ""
            elif w[1:2] != "-" and w[:2] in options:
                name, value = w[:2], w[2:]
        if name in options and is_stream(value):
            return SETTINGS_FROM_INPUT_REASON
    return None


def _glued_stream(word: str, following: str) -> bool:
    """Whether ``word`` (or, for php's `-d`, the setting after it) loads the input as code: `-javaagent:/dev/stdin`,
    `--config=/dev/stdin`, `-d auto_prepend_file=/dev/stdin`, `-dauto_prepend_file=-`."""
    text = f"-d {following}" if word == "-d" else ("-d " + word[2:] if word[:2] == "-d" else word)
    for lead in _GLUED_LOADS:
        if text.startswith(lead):
            return is_stream(
                text[len(lead) :].partition("=")[0] if lead == "-javaagent:" else text[len(lead) :]
            )
    return False
