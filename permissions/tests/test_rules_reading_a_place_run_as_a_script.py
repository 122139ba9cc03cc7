"""R4.10, R4.8, red team: a place run as a script, or checked as source, prints what it holds.

Under a deny of `cat .env`, `php .env` (PHP prints whatever in a file is no code: all of `.env`) and `python3 .env`,
`node .env`, `bash .env` (a syntax error prints the line it stops at: `DB_PASSWORD=hunter2 x` in full) were
auto-approved in auto mode, and behind an allow of every word. decide._scripts_run reads the file a script
runner runs as a `cat` of it: PHP's is printed (the rule's deny), the others' may be (ask). Code given another
way (`python3 -c`, `-m`, `node -e`, `bash -c`) and a project's own scripts keep their answers, and so does
`source .env && npm test` (an earlier ruling). The compilers and checkers that quote the line they report on
(`gcc -fsyntax-only .env`, `ruff check .env`, `python3 -m py_compile .env`, `shellcheck .env`) may print it too. 84 of its 95 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_refuses, auto_and_allowed

PRINTED = [
    "php .env",
    "php -f .env",
    "/usr/bin/php .env",
    "php-cgi .env",
    "php .env > /tmp/out",
]

MAY_PRINT = [
    "python3 .env",
    "python .env",
    "/usr/bin/python3 .env",
    "python3 -u .env",
    "python3 -W ignore .env",
    "python3 -X importtime .env",
    "pypy3 .env",
    "node .env",
    "nodejs .env",
    "node --inspect .env",
    "deno run .env",
    "bun run .env",
    "tsx .env",
    "ruby .env",
    "perl .env",
    "perl -w .env",
    "lua .env",
    "Rscript .env",
    "bash .env",
    "sh .env",
    "zsh .env",
    "bash -x .env",
    "cd src && python3 ../.env",
    "python3 ./.env 2>&1 | head",
    "node .env || true",
]

CHECKED = [
    "gcc -x c -fsyntax-only .env",
    "cc -c .env",
    "clang -c .env",
    "g++ -fsyntax-only -x c++ .env",
    "python3 -m py_compile .env",
    "ruff check .env",
    "uv run ruff check .env",
    "npx tsc .env",
    "shellcheck .env",
    "shellcheck -s bash .env",
    "mypy .env",
    "rustc .env",
]

KEPT = [
    "python3 manage.py test",
    "python3 -m pytest -q",
    "python3 -c 'print(1)'",
    "node scripts/build.js",
    "bash scripts/ci.sh",
    "source .env && npm test",
    "php artisan migrate:status",
    "deno run main.ts",
    "ruff check src",
    "gcc -o app main.c",
    "shellcheck scripts/*.sh",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", PRINTED)
def test_a_deny_meets_php_running_the_place(command: str, runs_in: str) -> None:
    assert_rule_refuses("cat .env", command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", MAY_PRINT + CHECKED)
def test_a_deny_asks_where_a_runner_may_print_the_place(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in, deny=("Terminal(cat .env)",)):
        assert verdict == ("require_approval", "ask_rule"), command


@pytest.mark.parametrize("command", KEPT)
def test_other_scripts_keep_their_answers(command: str) -> None:
    for _, reason in auto_and_allowed(command, "sandbox", deny=("Terminal(cat .env)",)):
        assert reason not in ("deny_rule", "ask_rule"), command
