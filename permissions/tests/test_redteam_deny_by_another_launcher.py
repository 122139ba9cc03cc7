"""Red team, R4.10: a deny or ask pattern spelled with one launcher holds under another.

R4.10: "the same program reached by another name is the same program: ... launchers that run a named tool
(npx, pnpm dlx, yarn dlx, corepack, python -m, uvx, pipx run, workspace runners)". A deny of `npx rimraf` was
matched only by `npx rimraf` (and, through its views, nothing else): `pnpm dlx rimraf src`, `bunx rimraf`,
`npm exec rimraf`, `yarn dlx` and the tool run directly went through under an allow of their launcher -- each
case below was auto-approved or only asked on 7d2c7f4. A launcher's pattern now also names the tool it
launches (its package's command, its version dropped); a wrapper's pattern (`Terminal(env rm)`) is not widened,
and a deny of a tool does not reach another tool the same package is read as (`rm` for rimraf). A project
initializer's deny (`npx create-x`) also holds for what runs it by its short name: `npm init x`, `npm create x`,
`yarn|pnpm|bun create x` (npm's documentation: `npm init <initializer>` is `npm exec create-<initializer>`).
"""

from __future__ import annotations

import pytest

from .helpers import term

RUNS_IN = ("sandbox", "agent")

DENIED = [
    ("npx rimraf", "npm", "npm exec rimraf src"),
    ("npx rimraf", "npm", "npm x -- rimraf src"),
    ("npx rimraf", "pnpm", "pnpm dlx rimraf src"),
    ("npx rimraf", "pnpm", "pnpm exec rimraf src"),
    ("npx rimraf", "bunx", "bunx rimraf src"),
    ("npx rimraf", "bun", "bun x rimraf src"),
    ("npx rimraf", "yarn", "yarn dlx rimraf src"),
    ("npx rimraf", "rimraf", "rimraf src"),
    ("npx rimraf", "npx", "npx -y rimraf@5 src"),
    ("npx vercel deploy", "pnpm", "pnpm dlx vercel deploy"),
    ("npx vercel deploy", "npx", "npx vercel@latest deploy --prod"),
    ("npx vercel deploy", "vercel", "vercel deploy"),
    ("pnpm dlx prisma migrate reset", "npx", "npx prisma migrate reset --force"),
    ("yarn dlx prisma db push", "npx", "npx prisma db push"),
    ("npm exec -- prisma migrate reset", "bunx", "bunx prisma migrate reset"),
    ("uvx ruff", "pipx", "pipx run ruff check"),
    ("pipx run black", "uvx", "uvx black src"),
    ("npx -y create-evil", "npm", "npm exec create-evil"),
    ("npx @biomejs/biome format", "biome", "biome format --write src"),
    # a project initializer: `npm init x` / `npm create x` / `yarn|pnpm|bun create x` run the registry's create-x
    ("npx create-evil", "npm", "npm init evil"),
    ("npx create-evil", "npm", "npm create evil my-app"),
    ("npx create-evil", "npm", "npm create evil@latest my-app"),
    ("npx create-evil", "npm", "npm --yes create evil"),
    ("npx create-evil", "npm", "npm innit evil"),
    ("npx -y create-evil", "yarn", "yarn create evil"),
    ("pnpm dlx create-evil", "pnpm", "pnpm create evil"),
    ("bunx create-evil", "bun", "bun create evil@1"),
    ("create-evil", "npm", "npm init evil"),
    ("npx @evil/create", "npm", "npm init @evil"),
    ("npx @evil/create-app", "npm", "npm create @evil/app"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("deny", "allow", "command"), DENIED)
def test_a_launchers_deny_holds_under_another_launcher(
    deny: str, allow: str, command: str, runs_in: str
) -> None:
    v = term(command, allow=(f"Terminal({allow})",), deny=(f"Terminal({deny})",), runs_in=runs_in)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (deny, command, runs_in, v.reason)
    assert f"Terminal({deny})" in v.message  # the pattern as written


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(
    ("ask", "allow", "command"),
    [
        ("npx prisma migrate", "pnpm", "pnpm dlx prisma migrate dev"),
        ("bunx drizzle-kit push", "npx", "npx drizzle-kit push"),
    ],
)
def test_and_so_does_an_ask(ask: str, allow: str, command: str, runs_in: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",), ask=(f"Terminal({ask})",), runs_in=runs_in)
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), (ask, command, runs_in, v.reason)


NOT_WIDENED = [
    ("npx rimraf", "rm", "rm -rf build"),  # rimraf is read as rm -rf; a deny of rimraf is not a deny of rm
    ("env rm", "rm", "rm -rf build"),  # a wrapper's pattern names the wrapped run only
    ("timeout 5 make", "make", "make test"),
    ("npx vercel deploy", "vercel", "vercel dev"),
    ("npx prisma migrate reset", "npx", "npx prisma migrate dev"),
    ("npx create-evil", "npm", "npm init -y"),
    ("npx create-evil", "npm", "npm create vite"),
    ("npx create-evil", "npm", "npm create evil-two"),
    # (`npm init app` left this list: it runs `npm exec create-app`, which this deny reaches as it reaches `npx
    # create-app` -- the views read the scoped package's command as `create-app` -- see test_redteam_initializers)
]


@pytest.mark.parametrize(("deny", "allow", "command"), NOT_WIDENED)
def test_other_tools_and_other_acts_are_not_reached(deny: str, allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",), deny=(f"Terminal({deny})",))
    assert v.decision != "deny", (deny, command, v.reason)
