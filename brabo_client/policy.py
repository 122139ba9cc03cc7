"""``brabo policy check --permissions FILE [--runs-in agent|sandbox|host] [--role R] [--cwd DIR] [--root DIR]
[--autonomy JSON] -- CMD...``: the policy engine's verdict on one terminal command, offline, with one line per
segment of a compound command.

Where the command runs is part of the input (SPEC §5). The default, ``--runs-in agent``, is a coding agent's
hook call -- the agent runs the command itself, on its own machine -- and answers as the hook endpoint does
for the same rules and autonomy: no container floor, the path scope in every mode, whether or not the
project's container runs. ``--runs-in sandbox`` is a command Brabo runs in its own sandbox (``brabo run``, an
API proposal), where ``--mode container --container-running`` adds the container floor. Offline, the
command knows only what it is given: the server's own state (the accepted policy, the agent's autonomy and
role, the project's root and container) is what ``manage.py policy check --project SLUG --agent NAME
--runs-in agent -- CMD`` reads on the Brabo host.

The engine is Brabo's own ``permissions`` package (plain Python, no Django), the one the server decides
with — never a copy that could drift. ``pip install ./brabo_client`` installs it with the client
(brabo_client/pyproject.toml), so an installed client needs no checkout. Otherwise (the client's folder
copied or run on its own) it is found, in order: ``$BRABO_HOME`` (a Brabo checkout); the checkout this
client's folder sits in; the current directory and its parents. With none of these the command says so and
exits 69.

Exit codes: 0 auto_approve, 1 require_approval, 77 deny, 64 usage or unreadable file, 69 no engine.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

EXIT_FOR = {"auto_approve": 0, "require_approval": 1, "deny": 77}
EX_USAGE, EX_NO_ENGINE = 64, 69


def register(sub) -> None:
    import argparse

    p = sub.add_parser("policy", help="the policy engine, offline")
    psub = p.add_subparsers(dest="policy_command", metavar="SUBCOMMAND", required=True)
    ck = psub.add_parser("check", help="explain one terminal command against a permissions.json")
    ck.add_argument("--permissions", required=True, help="the project's permissions.json")
    ck.add_argument("--role", default="developer", help="the agent's role (default developer)")
    ck.add_argument("--root", default="/work", help="the project root the command runs in (default /work)")
    ck.add_argument("--cwd", help="the working directory (default the root)")
    ck.add_argument(
        "--mode",
        default="container",
        choices=("container", "mounted", "runner", "local"),
        help="the project's execution mode",
    )
    ck.add_argument("--container-running", action="store_true", help="the project's container is up")
    ck.add_argument(
        "--runs-in",
        default="agent",
        choices=("agent", "sandbox", "host"),
        help="where the command runs: agent (a coding agent's hook: the default), sandbox (Brabo's own, as "
        "brabo run) or host",
    )
    ck.add_argument(
        "--autonomy",
        default="[]",
        help='the agent\'s autonomy rows as JSON, e.g. \'[{"action_type": "*", "mode": "auto_approve"}]\'',
    )
    ck.add_argument(
        "--json", action="store_true", help="print the verdict as JSON (the shape of manage.py policy eval)"
    )
    ck.add_argument("cmd", nargs=argparse.REMAINDER, help="the command, after --")


class EngineMissing(RuntimeError):
    pass


def _has_engine(base: Path) -> bool:
    return (base / "permissions" / "decide.py").is_file() and (base / "permissions" / "cli.py").is_file()


def load_engine():
    """``permissions.cli`` and ``permissions.files`` from Brabo's source, or EngineMissing saying how."""
    candidates: list[Path] = []
    if os.environ.get("BRABO_HOME"):
        candidates.append(Path(os.environ["BRABO_HOME"]))
    candidates.append(Path(__file__).resolve().parents[1])
    here = Path.cwd().resolve()
    candidates.extend([here, *here.parents])
    try:
        import permissions.cli as engine_cli
        import permissions.files as engine_files

        return engine_cli, engine_files
    except ImportError:
        pass
    for base in candidates:
        if _has_engine(base):
            sys.path.insert(0, str(base))
            for name in [m for m in sys.modules if m == "permissions" or m.startswith("permissions.")]:
                del sys.modules[name]  # an unrelated "permissions" module must not shadow Brabo's
            import permissions.cli as engine_cli
            import permissions.files as engine_files

            return engine_cli, engine_files
    raise EngineMissing(
        "the Brabo policy engine is not importable here. It is the `permissions` package of a Brabo "
        "checkout, installed with the client by `pip install ./brabo_client`: install the client that way, "
        "run this from the checkout, or set BRABO_HOME=/path/to/brabo. (Without a checkout, ask "
        "the server instead: `python manage.py policy check --project SLUG -- CMD` on the Brabo host.)"
    )


def main(args) -> int:
    cmd = list(args.cmd)
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    if not cmd:
        print(
            "brabo policy check: no command; use brabo policy check --permissions FILE -- CMD",
            file=sys.stderr,
        )
        return EX_USAGE
    try:
        engine_cli, engine_files = load_engine()
    except EngineMissing as exc:
        print(f"brabo policy check: {exc}", file=sys.stderr)
        return EX_NO_ENGINE
    import shlex

    command = cmd[0] if len(cmd) == 1 else shlex.join(cmd)
    if not os.path.isfile(args.permissions):
        print(f"brabo policy check: --permissions {args.permissions}: no such file", file=sys.stderr)
        return EX_USAGE
    try:
        perms = engine_files.load_permissions(args.permissions)
    except engine_files.PermissionsFileError as exc:
        print(f"brabo policy check: {args.permissions}: {exc}", file=sys.stderr)
        return EX_USAGE
    try:
        autonomy = json.loads(args.autonomy)
    except ValueError as exc:
        print(f"brabo policy check: --autonomy is not JSON: {exc}", file=sys.stderr)
        return EX_USAGE
    try:
        project = engine_cli.parse_project(
            {"execution_mode": args.mode, "container_running": args.container_running, "root": args.root}
        )
        req = engine_cli.parse_request(
            {
                "action_type": "terminal",
                "command": command,
                "cwd": args.cwd,
                "role": args.role,
                "runs_in": args.runs_in,
                "autonomy": autonomy,
            },
            perms,
            project,
        )
    except engine_cli.RequestError as exc:
        print(f"brabo policy check: {exc}", file=sys.stderr)
        return EX_USAGE
    from permissions.decide import decide

    verdict = decide(req)
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        print(engine_cli.explain(verdict, command))
    return EXIT_FOR.get(verdict.decision, 1)
