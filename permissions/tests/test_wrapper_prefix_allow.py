"""Red team and friction (R4.8, R4.9): a prefix allow of a wrapper or launcher covers what it runs only when the
pattern names it.

A prefix allow of a program that runs a command line it is given covered whatever it ran: with
``Terminal(env)`` the segment ``env rm -rf src`` was auto-approved by the rule, and so were ``timeout 5 rm``,
``nice -n 5 rm``, ``stdbuf -oL rm``, ``flock LOCK rm`` ... and the launchers' ``npx rimraf src``, ``pnpm dlx
rimraf src``, ``uv run rm -rf src`` under ``Terminal(npx)``, ``Terminal(pnpm dlx)``, ``Terminal(uv run)`` -- in
the sandbox and on the developer's machine. R4.8: "a prefix rule never auto-approves a segment that runs other
commands or deletes by itself"; R4.9: such programs are wrappers whose command is a segment. Now
(permissions.matching, ``_wrapped_starts`` / ``_reaches``) such a pattern covers the segment only when it spells,
literally, a word at every place a command the segment runs starts (the wrapped program's name:
``Terminal(timeout 60 npm test)`` covers ``timeout 60 npm test -- -k x``, the seeded ``Terminal(npx vitest)``
covers ``npx vitest run``), or spells the whole segment. A wrapper that runs nothing (``env``, ``timeout
--help``, ``nice``) is covered as before, and so is a word pnpm or ``bun run`` may run as a package script that
names no program Brabo knows (``pnpm build``).

On the base (878ae25) these failed: test_a_bare_wrapper_or_launcher_does_not_cover_what_it_runs 71 of 76 and
test_on_the_developers_machine_too 71 of 76 (the 5 of HELD held already), test_under_the_seeded_list_with_a_team_s
_bare_wrappers 4 of 4. The friction tests (63 cases) passed there too and are guards.
"""

from __future__ import annotations

import pytest

from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS
from permissions.tests.helpers import CONTAINER_RUNNING, HOST, term

# (allow patterns, command): the pattern matches the command as written but does not name what it runs
ATTACKS = [
    # transparent wrappers, bare and with their options before the command
    ("env", "env rm -rf src"),
    ("env", "env FOO=1 rm -rf src"),
    ("env", "env -- rm -rf src"),
    ("env", "env -S 'rm -rf src'"),
    ("env", "env chmod -R 000 src"),
    ("env *", "env rm -rf src"),
    ("env FOO=1", "env FOO=1 rm -rf src"),
    ("timeout", "timeout 5 rm -rf src"),
    ("timeout", "timeout -s KILL 5 rm -rf src"),
    ("timeout", "timeout -k 1 5 rm -rf src"),
    ("timeout", "timeout --signal=KILL 5 rm -rf src"),
    ("timeout 5", "timeout 5 rm -rf src"),
    ("timeout 5 *", "timeout 5 rm -rf src"),
    ("timeout 5 r*", "timeout 5 rm -rf src"),
    ("timeout -s KILL", "timeout -s KILL 5 rm -rf src"),
    ("nice", "nice rm -rf src"),
    ("nice", "nice -n 5 rm -rf src"),
    ("nice -n 5", "nice -n 5 rm -rf src"),
    ("nohup", "nohup rm -rf src"),
    ("time", "time -p rm -rf src"),
    ("stdbuf", "stdbuf -oL -eL rm -rf src"),
    ("stdbuf -oL", "stdbuf -oL rm -rf src"),
    ("command", "command rm -rf src"),
    ("command", "command -p rm -rf src"),
    ("exec", "exec rm -rf src"),
    ("ionice", "ionice -c3 rm -rf src"),
    ("ionice", "ionice -c 2 -n 7 rm -rf src"),
    ("chrt", "chrt 5 rm -rf src"),
    ("chrt", "chrt -r 5 rm -rf src"),
    ("taskset", "taskset 1 rm -rf src"),
    ("taskset", "taskset -c 0 rm -rf src"),
    ("setsid", "setsid rm -rf src"),
    ("setsid", "setsid -f rm -rf src"),
    ("unbuffer", "unbuffer rm -rf src"),
    ("caffeinate", "caffeinate rm -rf src"),
    ("caffeinate", "caffeinate -i rm -rf src"),
    ("chronic", "chronic rm -rf src"),
    # nested wrappers: the pattern names the outer two, not what they run
    ("nice", "nice timeout 5 rm -rf src"),
    ("nice timeout", "nice timeout 5 rm -rf src"),
    ("nice timeout 5", "nice timeout 5 rm -rf src"),
    ("env", "env nice -n 5 rm -rf src"),
    ("timeout", "timeout 5 env FOO=1 rm -rf src"),
    ("nohup", "nohup nice -n 5 stdbuf -oL rm -rf src"),
    ("nice", "nice nice rm -rf src"),
    ("env", "env env rm -rf src"),
    ("yarn", "yarn workspace web dlx rimraf src"),
    # the wrapper by another name
    ("gtimeout", "gtimeout 5 rm -rf src"),
    # launchers where a team allows the bare launcher (or its runner subcommand)
    ("npx", "npx rimraf src"),
    ("npx", "npx -y rimraf src"),
    ("npx", "npx --yes del-cli src"),
    ("npx *", "npx rimraf src"),
    ("npx -y", "npx -y rimraf src"),
    ("pnpx", "pnpx rimraf src"),
    ("pnpm", "pnpm dlx rimraf src"),
    ("pnpm dlx", "pnpm dlx rimraf src"),
    ("pnpm", "pnpm exec rm -rf src"),
    ("pnpm exec", "pnpm exec rm -rf src"),
    ("pnpm", "pnpm rimraf src"),
    ("bunx", "bunx rimraf src"),
    ("bun", "bun x rimraf src"),
    ("bun x", "bun x rimraf src"),
    ("bun run", "bun run rimraf src"),
    ("uvx", "uvx rm -rf src"),
    ("pipx run", "pipx run rimraf src"),
    ("pipx", "pipx run rimraf src"),
    ("yarn dlx", "yarn dlx rimraf src"),
    ("yarn", "yarn dlx rimraf src"),
    ("npm exec", "npm exec -- rimraf src"),
    ("npm", "npm x rimraf src"),
    ("uv run", "uv run rm -rf src"),
    ("uv", "uv run rm -rf src"),
]

# Held on the base already (env's -i/-u clear the environment, a wrapper by its path is read for the scope, pnpm's
# own options before `exec`), kept as guards.
HELD = [
    ("env", "env -i rm -rf src"),
    ("env", "env -u HOME rm -rf src"),
    ("env -i", "env -i rm -rf src"),
    ("/usr/bin/env", "/usr/bin/env rm -rf src"),
    ("pnpm", "pnpm -r exec rm -rf src"),
]

# The seeded allow list with a wrapper or launcher allowed bare, as a team might add.
_TEAM = (*DEV_TERMINAL_ALLOW_PATTERNS, "Terminal(npx)", "Terminal(timeout)", "Terminal(env)")


def _allow(patterns: str) -> tuple[str, ...]:
    return tuple(f"Terminal({p})" for p in patterns.split(","))


@pytest.mark.parametrize(("allow", "command"), ATTACKS + HELD)
def test_a_bare_wrapper_or_launcher_does_not_cover_what_it_runs(allow, command):  # R4.8, R4.9
    v = term(command, _allow(allow), project=CONTAINER_RUNNING)
    assert v.reason != "allow_rule", (allow, command, v.decision)


@pytest.mark.parametrize(("allow", "command"), ATTACKS + HELD)
def test_on_the_developers_machine_too(allow, command):  # R4.8, SPEC §5 (runs_in="agent")
    v = term(command, _allow(allow), runs_in="agent")
    assert v.decision != "auto_approve", (allow, command, v.reason)


@pytest.mark.parametrize(
    "command",
    ["env rm -rf src", "timeout 5 rm -rf src", "npx rimraf src", "npx vitest run; env rm -rf src"],
)
def test_under_the_seeded_list_with_a_team_s_bare_wrappers(command):  # R4.8
    assert term(command, _TEAM, runs_in="agent").decision != "auto_approve"


# -- friction: guards, held on the base too -----------------------------------------------------------------------

# (allow patterns, command): the pattern names what the wrapper runs, or the wrapper runs nothing
NAMED = [
    ("timeout 60 npm test", "timeout 60 npm test -- -k x"),
    ("timeout 60 npm", "timeout 60 npm test"),
    ("npx vitest", "npx vitest run"),
    ("npx vitest", "npx vitest run src/a.test.ts"),
    ("npx tsc", "npx tsc --noEmit"),
    ("npx -y prettier", "npx -y prettier --check ."),
    ("bunx prettier", "bunx prettier --check ."),
    ("pnpm dlx create-vite", "pnpm dlx create-vite app"),
    ("pnpm exec vitest", "pnpm exec vitest run"),
    ("pnpm vitest", "pnpm vitest run"),
    ("uv run pytest", "uv run pytest -q"),
    ("uvx ruff", "uvx ruff check ."),
    ("pipx run black", "pipx run black --check ."),
    ("yarn dlx prettier", "yarn dlx prettier --check ."),
    ("npm exec vitest", "npm exec vitest run"),
    ("poetry run pytest", "poetry run pytest -x"),
    ("env FOO=1 npm test", "env FOO=1 npm test --watch=false"),
    ("env CI=1 npm", "env CI=1 npm test"),
    ("nice -n 10 make", "nice -n 10 make -j4"),
    ("nice make", "nice make -j4"),
    ("nohup npm", "nohup npm start"),
    ("time npm test", "time npm test"),
    ("stdbuf -oL npm test", "stdbuf -oL npm test"),
    ("nice timeout 5 npm", "nice timeout 5 npm test"),
    ("env git status", "env git status --short"),
    ("timeout 60 git log", "timeout 60 git log -p"),
    ("command ls", "command ls -la"),
    ("env rm -rf src", "env rm -rf src"),  # R4.9: a pattern written for exactly that invocation
    ("timeout 5 rm -rf src", "timeout 5 rm -rf src"),
    ("npx rimraf src", "npx rimraf src"),
    # the wrapper runs nothing: covered by its prefix as before
    # (a bare `env` prints the environment: off the sandbox that is the path scope's -- permissions.commands.peeks)
    ("env", "env --help"),
    ("env", "env --version"),
    ("timeout", "timeout --help"),
    ("nice", "nice"),
    ("nice", "nice --version"),
    ("npx", "npx --version"),
    ("command", "command -v git"),
    # a word pnpm or `bun run` runs as the package's script (no program of that name Brabo knows)
    ("pnpm", "pnpm build"),
    ("pnpm", "pnpm lint"),
    ("pnpm", "pnpm --filter web build"),
    ("bun run", "bun run build"),
    ("pnpm", "pnpm install"),
    ("uv", "uv sync"),
    ("npm", "npm run build"),
    # the program itself by its own interface: uv's pip, yarn's workspace command
    ("uv", "uv pip install -r requirements.txt"),
    ("yarn", "yarn workspace web build"),
]


@pytest.mark.parametrize(("allow", "command"), NAMED)
def test_a_pattern_that_names_what_runs_still_covers_it(allow, command):  # friction
    v = term(command, _allow(allow), runs_in="agent")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (allow, command)
    v = term(command, _allow(allow), project=CONTAINER_RUNNING)
    assert v.decision == "auto_approve", (allow, command, v.reason)


SEEDED = [
    "npx vitest",
    "npx vitest run",
    "npx vitest run src/a.test.ts",
    "pnpm test",
    "pnpm install",
    "npm run build",
    "npm test",
    "npm ci",
    "yarn test",
    "go test ./...",
    "cargo test",
    "pytest -q",
    "git status",
    "git log --oneline -5",
    "ls -la",
    "find . -name '*.py'",
    "cat README.md | head -5",
]


@pytest.mark.parametrize("command", SEEDED)
def test_the_seeded_list_s_ordinary_commands_stay_covered(command):  # friction
    for kw in ({"runs_in": "agent", "project": HOST}, {"project": CONTAINER_RUNNING}):
        v = term(command, DEV_TERMINAL_ALLOW_PATTERNS, **kw)
        assert v.decision == "auto_approve", (command, kw, v.reason)
    assert term(command, _TEAM, runs_in="agent").decision == "auto_approve"
