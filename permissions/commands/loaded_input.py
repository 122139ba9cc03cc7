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

from permissions.commands.interpreters import is_stream

__all__ = ["SETTINGS_FROM_INPUT", "settings_from_input"]

_KUBE = frozenset({"--kubeconfig"})
_JS_CONFIG = frozenset({"-c", "--config"})
_ENV_FILE = frozenset({"--env-file"})

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
}

SETTINGS_FROM_INPUT_REASON = (
    "it loads settings that run code from the input or another command's output, which no rule can read"
)


def settings_from_input(view: tuple[str, ...]) -> str | None:
    """SETTINGS_FROM_INPUT_REASON when an option of SETTINGS_FROM_INPUT[verb] in ``view`` (before `--`) is given a
    stream: as the next word, after `=`, or glued to a one-letter option (`-c/dev/stdin`); else None."""
    options = SETTINGS_FROM_INPUT.get(view[0])
    if options is None:
        return None
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            return None
        if w[:1] != "-":
            continue
        name, eq, value = w.partition("=")
        if not eq:
            if name in options:
                value = view[k + 1] if k + 1 < len(view) else ""
            elif w[1:2] != "-" and w[:2] in options:
                name, value = w[:2], w[2:]
        if name in options and is_stream(value):
            return SETTINGS_FROM_INPUT_REASON
    return None
