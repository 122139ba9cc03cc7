"""``manage.py policy eval|check|lint`` -- the engine's dry run and explanations (SPEC R12.2, R12.3).

A thin wrapper: the logic lives in :mod:`permissions.cli`, which needs no database.
"""

from __future__ import annotations

import io
import json
import os
import stat
import sys
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from permissions.cli import (
    RequestError,
    explain,
    load_json_file,
    parse_project,
    project_loader,
    run_eval,
    run_lint,
)
from permissions.decide import RUNS_IN
from permissions.files import PermissionsFileError, load_permissions


class Command(BaseCommand):
    help = "Evaluate, explain or lint permission policy."
    requires_system_checks: list[str] = []  # noqa: RUF012 - Django reads this class attribute
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="sub", required=True)
        ev = sub.add_parser(
            "eval",
            help="NDJSON requests on stdin, one verdict per line on stdout. A line's runs_in (sandbox, host "
            "or agent: where the action runs, SPEC §5) defaults to where Brabo runs an API proposal of that "
            "project: sandbox for container, mounted and local projects, host for runner projects (the server "
            "cannot know whether a runner sandboxes). A coding agent's hook call is agent.",
        )
        ev.add_argument("--permissions", help="permissions.json used for lines without 'permissions'")
        ev.add_argument("--project-json", help="project object used for lines without 'project'")
        ck = sub.add_parser("check", help="explain one command against a project's real state")
        ck.add_argument("--project", required=True, help="project slug")
        ck.add_argument("--agent", help="agent name (its autonomy applies)")
        ck.add_argument("--json", action="store_true", help="print the verdict as JSON")
        ck.add_argument(
            "--runs-in",
            choices=RUNS_IN,
            help="where the command runs (SPEC §5): agent answers as a coding agent's hook call does (the "
            "agent runs it on its own machine); default: where Brabo runs an API proposal of this project "
            "(sandbox; host for runner projects)",
        )
        ck.add_argument("--cwd", help="the working directory (absolute, on the server; default the root)")
        ck.add_argument(
            "words", nargs="+", help="the command after --; quote it as one argument to keep its own quoting"
        )
        li = sub.add_parser("lint", help="report malformed and never-matching entries")
        li.add_argument("file")

    # Exit status from the command line (`policy check` exited 0 for a deny): `policy check` exits
    # as `brabo policy check` does, per decision; `policy eval` exits 1 when any line was answered with an
    # error (the stream still completes, R12.2). call_command() callers read the output, not a status.
    EXIT_FOR_DECISION = {"auto_approve": 0, "require_approval": 1, "deny": 77}
    EVAL_LINE_ERRORS = 1

    def run_from_argv(self, argv: list[str]) -> None:
        self._exit_status = 0
        super().run_from_argv(argv)
        if self._exit_status:
            sys.exit(self._exit_status)

    def _fail(self, message: str) -> NoReturn:
        raise CommandError(message, returncode=2)

    def handle(self, *args: Any, **opts: Any) -> None:
        sub = opts["sub"]
        if sub == "eval":
            self._eval(opts)
        elif sub == "lint":
            code = run_lint(opts["file"], self.stdout)
            if code:
                sys.exit(code)
        else:
            self._check(opts)

    def _eval(self, opts: dict[str, Any]) -> None:
        perms = None
        project = None
        try:
            if opts.get("permissions"):
                if not os.path.isfile(opts["permissions"]):
                    # A project's missing file means "no rules"; a file named here that is not there is a
                    # typo, and running without its deny rules would answer wrongly without a word.
                    raise RequestError(f"--permissions {opts['permissions']}: no such file")
                perms = load_permissions(opts["permissions"])
            if opts.get("project_json"):
                project = parse_project(dict(load_json_file(opts["project_json"])))
        except (PermissionsFileError, RequestError, OSError, ValueError) as exc:
            self._fail(f"policy eval: {exc}")
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
        out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", write_through=False)
        # A regular file on stdin cannot be waiting for our answers: batch them. Anything else (a pipe, a
        # terminal) may be a program that writes one request and waits for its verdict.
        flush_each = not stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode)
        try:
            if run_eval(stdin, out, perms, project, flush_each=flush_each):
                self._exit_status = self.EVAL_LINE_ERRORS
            out.flush()
        except BrokenPipeError:
            # The reader went away (`... | head`): nothing left to answer, and no traceback.
            sys.stderr.close()
        finally:
            try:
                out.detach()
            except ValueError:
                pass

    def _check(self, opts: dict[str, Any]) -> None:
        words = [w for w in opts["words"] if w != "--"] if opts["words"][:1] == ["--"] else opts["words"]
        command = " ".join(words)
        loader = project_loader()
        if loader is None:
            self._fail("policy check needs the projects app (actions.policy_input is not installed)")
        try:
            # The verdict the live path gives: the project's state, both policies (R3.5), the operator's hooks.
            _, verdict = loader(
                opts["project"], opts.get("agent"), command, runs_in=opts.get("runs_in"), cwd=opts.get("cwd")
            )
        except (LookupError, ValueError, PermissionsFileError) as exc:
            self._fail(f"policy check: {exc}")
        except DatabaseError as exc:
            self._fail(f"policy check: the database is not ready ({exc}); run `manage.py migrate` first")
        if opts.get("json"):
            self.stdout.write(json.dumps(verdict.to_dict(), ensure_ascii=False))
        else:
            self.stdout.write(explain(verdict, command), ending="")
        self._exit_status = self.EXIT_FOR_DECISION.get(verdict.decision, 1)
