"""Friction and R4.9: bash's `[[ ... ]]` conditional, read where this reader splits it as bash does.

Agents test a file or a string before acting -- `[[ -f .nvmrc ]] && cat .nvmrc`, `[[ -z "$(git status
--porcelain)" ]] && echo clean`, `if [[ -d node_modules ]]; then npm test; fi` -- and every `[[` was unparseable
(R4.9's closed world did not list it), so each asked, in auto mode too. It is now read as `[`'s test is (a
neutral segment; its substitutions are segments of their own; its operands are places for the path scope) when it
is one test closed on its line: `]]` its last word and no other, no `<`/`>` inside (comparisons to bash,
redirections to this reader), no `&&`/`||`/`(` inside (this reader would take them for separators and a
subshell). What bash evaluates stays unread: an arithmetic operator's operand that is not a number (`[[ $x -eq 1
]]`: a value `a[$(cmd)]` runs cmd, as `$((x))` does), `-v`/`-R` of anything but a plain name, an array subscript
holding an expansion. All 29 ORDINARY cases were unparseable on b8e7a1b (asked in auto mode); NOT_READ and
REFUSED held there and are kept as guards.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, auto_and_allowed, term

RUNS_IN = ("sandbox", "agent")

ORDINARY = [
    "[[ -f .nvmrc ]] && cat .nvmrc",
    "[[ -f package.json ]] && npm test",
    "[[ -d node_modules ]] || npm ci",
    "[[ ! -d dist ]] && npm run build",
    "if [[ -d node_modules ]]; then npm test; fi",
    "if [[ -f pyproject.toml ]]; then pytest -q; else echo none; fi",
    '[[ "$CI" == "true" ]] || npm run lint',
    '[[ "$NODE_ENV" != production ]] && npm run dev',
    '[[ -z "$(git status --porcelain)" ]] && echo clean',
    '[[ -n "$(git diff --cached)" ]] && git commit -m wip',
    "[[ $? -eq 0 ]] && echo ok",
    "[[ $# -gt 0 ]] || echo none",
    "[[ 3 -lt 5 ]] && echo yes",
    '[[ "$(git rev-parse --abbrev-ref HEAD)" == main ]] && echo on-main',
    '[[ "$(uname)" == Darwin ]] && echo mac',
    "[[ -s coverage/lcov.info ]] && cat coverage/lcov.info",
    "[[ -x bin/run ]] && echo runnable",
    "[[ -e .git ]] && git status",
    "[[ src/a.ts -nt dist/a.js ]] && npm run build",
    '[[ "$(node -v)" =~ ^v20 ]] && echo node20',
    "[[ -L node_modules/.bin ]] && echo link",
    "[[ -f Cargo.toml ]] && cargo test",
    'for f in src/*.py; do [[ -f "$f" ]] && wc -l "$f"; done',
    "[[ -d build ]] && rm -rf build",
    "[[ -f go.mod ]] && go test ./...",
    # an expansion inside `[[ ]]` is one word, quoted or not (bash neither splits nor globs it there)
    "[[ $CI == true ]] && npm run lint",
    "[[ -n $VIRTUAL_ENV ]] && pytest -q",
    '[[ "$(node -v)" =~ ^v2[02] ]] && echo supported',
    "[[ -z $(git status --porcelain) ]] && echo clean",
]

NOT_READ = [
    "[[ -f a && -f b ]] && echo both",
    "[[ -f a || -f b ]] && echo one",
    "[[ a < b ]] && echo lt",
    "[[ ( -f a ) ]] && echo y",
    "[[ -f a ]] ]] && echo y",
    "[[ -f a",
    "[[ $x -eq 1 ]] && echo y",
    "x=$(cat f); [[ $x -gt 2 ]] && echo y",
    "[[ 1 -eq 'a[$(id)]' ]]",
    "[[ $n -ne 0 ]] || echo zero",
    "[[ -v 'a[$(id)]' ]]",
    "[[ -v $name ]]",
    "[[ -n ${arr[$(id)]} ]]",
    "[[ -f x ]] > out.txt",
]

REFUSED = [
    "[[ -f x ]] && rm -rf /",
    "[[ $(rm -rf ~) ]]",
    "[[ -d / ]] && cd / && rm -rf *",
    '[[ -z "$(rm -rf /)" ]]',
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", ORDINARY)
def test_a_plain_conditional_is_read(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert decision == "auto_approve", (command, runs_in, reason)


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", NOT_READ)
def test_what_bash_evaluates_or_splits_otherwise_stays_unread(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert (decision, reason) == ("require_approval", "unparseable"), (command, runs_in)


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", REFUSED)
def test_the_floor_still_reads_around_and_inside_it(command: str, runs_in: str) -> None:
    for decision, reason in auto_and_allowed(command, runs_in):
        assert (decision, reason) == ("deny", "builtin_deny"), (command, runs_in)


def test_the_path_scope_still_reads_its_operands_off_the_sandbox() -> None:
    v = term("[[ -f /etc/passwd ]] && echo y", autonomy=AUTO_MODE, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope")
