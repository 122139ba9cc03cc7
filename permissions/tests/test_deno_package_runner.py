"""R4.10, red team: Deno's package runner, `deno x` and its installed alias `dx` (Deno 2.6+, "similar to npx"),
runs a package's program from npm or JSR -- `deno x npm publish` is npm's own command line, as `npx npm publish`
is. The package is named bare (`npm`, `npm@10`, `@scope/pkg`), by specifier (`npm:npm`, `jsr:@x/y`), with its
binary (`typescript/tsc`) or apart from it (`-p typescript tsc`). Written as an attacker would: each form reached
a program the caps, the floor and deny refuse while Deno's launcher stood in front of it.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    AUTO_MODE,
    CONTAINER_RUNNING,
    assert_allow_stays_literal,
    assert_floor_denies,
    assert_rule_refuses,
    term,
)

_PUBLISHES = [
    "deno x npm publish",
    "deno x npm@10 publish",
    "deno x npm@latest publish --access public",
    "deno x -A npm publish",
    "deno x --allow-all npm publish",
    "deno x -p npm npm publish",
    "deno x --package npm npm publish",
    "deno x --package=npm npm publish",
    "deno x npm/npm publish",
    "deno x npm:npm publish",
    "dx npm publish",
    "dx npm@10 publish",
    "dx -p npm npm publish",
    "dx npm:npm publish",
    "dx npm:npm@10/npm publish",
    "/home/me/.deno/bin/dx npm publish",
    "deno x vercel deploy --prod",
    "deno x vercel@latest --prod",
    "dx wrangler deploy",
    "deno x netlify-cli deploy --prod",
    "dx @railway/cli up",
    "deno x twine upload dist/x.whl",
    "deno x git push origin main",
    "dx gh pr merge 12 --admin",
    "deno x -q npm publish",
    "env dx npm publish",
    "timeout 60 deno x npm publish",
]


@pytest.mark.parametrize("command", _PUBLISHES)
def test_deno_x_runs_a_package_whose_act_is_capped(command: str) -> None:
    for v in (term(command, autonomy=AUTO_MODE), term(command, project=CONTAINER_RUNNING)):
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "deno x rimraf /",
        "deno x rimraf@5 /",
        "dx rimraf ~",
        "deno x -p rimraf rimraf /",
        "deno x npm:rimraf /",
        "dx del-cli '/*'",
    ],
)
def test_deno_x_deletion_at_the_root_is_the_floor(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize(
    ("rule", "command"),
    [
        ("npm publish", "deno x npm publish"),
        ("npm publish", "dx npm publish"),
        ("npm publish", "deno x -p npm npm publish"),
        ("npx vercel", "deno x vercel deploy"),
        ("npx vercel", "dx vercel@33 deploy"),
        ("tsc", "deno x typescript/tsc --noEmit"),
        ("tsc", "deno x -p typescript tsc --noEmit"),
        ("tsc", "dx -p typescript@5 tsc"),
    ],
)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_deny_of_the_program_sees_it_behind_deno_x(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(
    "command",
    ["deno x npm publish", "dx npm publish", "deno x -p npm npm publish"],
)
def test_an_allow_of_deno_does_not_cover_what_deno_x_runs(command: str) -> None:
    assert term(command, allow=("Terminal(deno)", "Terminal(dx)")).decision == "require_approval"
    assert_allow_stays_literal("npm publish", command)


@pytest.mark.parametrize(
    "command",
    [
        "deno x npm:create-vite my-app",
        "deno x -p typescript tsc --noEmit",
        "dx prettier --check .",
        "deno x jsr:@std/http/file-server",
        "deno run -A main.ts",
        "deno test",
        "deno task dev",
    ],
)
def test_ordinary_deno_x_runs_stay_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "command", ["dx serve", "dx serve --platform web", "dx build --release", "dx new app"]
)
def test_dioxus_own_subcommands_are_no_package_deno_runs(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE, runs_in="agent")
    assert v.decision == "auto_approve", (command, v.reason)
