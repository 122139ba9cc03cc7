"""``brabo`` — the command line of the Brabo client.

    brabo run [--timeout N] [--cwd DIR] [--json] -- CMD...      propose a terminal action, wait, print it
    brabo policy check --permissions FILE [--role R] -- CMD...  the engine's verdict, offline, per segment
    brabo hook claude-code|gemini-cli|codex [--timeout N] ...    a coding agent's pre-tool command hook
    brabo hook install claude-code|gemini-cli|codex [...]         write that hook (fast form) into its settings
    brabo hook pin gemini-cli|codex [--print]                    (root) keep hooks on whatever a project says
    brabo runner ...                                             (when brabo_client/runner.py is present)
    brabo --version                                              the client's version

Subcommands live in their own modules, each a ``register(subparsers)`` / ``main(args)`` pair, imported
only when named, so ``brabo hook`` (run on every tool call) loads nothing it does not use.

Exit codes (``brabo run``; ``policy check`` and ``hook`` document theirs in their modules):

    0   the command ran and exited 0
    N   the command ran and exited N (1-255), passed through — except N in 64-78, Brabo's own range,
        reported as 1 with the real code on stderr (``--json`` always has it)
    64  usage error (bad arguments, no agent key)
    69  Brabo unreachable, or it kept failing (5xx) after the retries
    70  the action failed before or instead of running the command (a named failure, e.g.
        container_not_running, sandbox_unavailable); the code and next step are on stderr
    75  timed out: still pending (nobody decided) or still executing after --timeout seconds
    77  denied — by the policy at once or by a person; the reason is on stderr
    78  refused by the API (4xx: invalid payload, revoked key, not allowed)
"""

from __future__ import annotations

import os
import sys

EX_USAGE, EX_UNAVAILABLE, EX_FAILED, EX_TIMEOUT, EX_DENIED, EX_REFUSED = 64, 69, 70, 75, 77, 78
BRABO_CODES = range(64, 79)

# name → module; a module is imported only when its subcommand is the one run.
SUBCOMMANDS = {
    "run": "brabo_client.run",
    "policy": "brabo_client.policy",
    "hook": "brabo_client.hook",
    "runner": "brabo_client.runner",  # the runner program (its own module, added separately)
}


def available() -> dict[str, str]:
    import importlib.util

    return {
        name: mod
        for name, mod in SUBCOMMANDS.items()
        if name != "runner" or importlib.util.find_spec("brabo_client.runner") is not None
    }


def build_parser(only: str | None = None):
    """The parser; with ``only``, just that subcommand's module is imported."""
    import argparse
    import importlib

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str):  # usage errors exit 64, never argparse's 2 (2 is "blocked" to hooks)
            self.print_usage(sys.stderr)
            self.exit(EX_USAGE, f"brabo: {message}\n")

    parser = _Parser(prog="brabo", description="Brabo client: propose, wait, check policy, agent hooks.")
    from . import __version__

    parser.add_argument("-V", "--version", action="version", version=f"brabo {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, module in available().items():
        if only is not None and name != only:
            sub.add_parser(name, help=f"see brabo {name} --help")
            continue
        importlib.import_module(module).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``brabo``; ``argv`` None means this is the program itself (the console script, ``-m``)."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # its reader stopped early (`brabo policy check ... | head -1`): the rest reaches no one, and that is
        # no error to print; standard output now leads nowhere, so the flush at exit does not fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None) -> int:
    as_program = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["hook", "install"]:
        from . import hook_install

        return hook_install.main(argv[2:])
    if argv[:2] == ["hook", "pin"]:
        from . import hook_pin

        return hook_pin.main(argv[2:])
    if argv[:1] == ["hook"]:  # the hot path: an agent starts this on every tool call
        from . import hook

        fast = hook.fast_args(argv[1:])
        if fast is not None:
            if as_program:  # a process of its own: the watchdog may end it, and it leaves with os._exit
                return hook.program(argv[1:])
            return hook.main(fast)
        agent = next((a for a in argv[1:] if a in hook.AGENTS), None)
        if agent and not {"-h", "--help"} & set(argv):
            # A hook that exits with a usage error is a non-blocking error to the agent: the tool would run.
            return hook.refuse(
                agent, f"brabo hook: bad arguments {' '.join(argv[1:])!r}; see brabo hook --help"
            )
    if argv in (["--version"], ["-V"]):
        from . import __version__  # the package's own constant: no importlib.metadata on any path

        sys.stdout.write(f"brabo {__version__}\n")
        return 0
    first = next((a for a in argv if not a.startswith("-")), None)
    modules = available()
    parser = build_parser(first if first in modules else None)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return EX_USAGE
    import importlib

    return int(importlib.import_module(modules[args.command]).main(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
