"""Red team, R4.10: npm and pnpm read a shorthand written with two dashes as the shorthand. Their option parser
(nopt) strips every leading dash before it looks a word up among the shorthands, so `--g` is `-g` (`--global`),
`--D` is `-D` (`--save-dev`), `--ws` is `--workspaces`, and `--gE` is `-g -E` -- read from npm's own nopt and
pnpm's `@pnpm/nopt` (resolveShort), and checked with npm 11: `npm config list --gp` prints `global = true` and
`parseable = true`. A long option's exact name still wins (`--global`), and a name that is neither is an
abbreviation of the long names it begins, as before. Each command is tried behind a prefix allow for the
program, which would otherwise auto-approve it; the allow stays literal (R4.8).
"""

from __future__ import annotations

import pytest

from permissions.commands.options import normalised
from permissions.tests.helpers import allow_every_word, term

# (deny pattern, command)
SPELLED_LONG = [
    ("npm install -g", "npm install --g left-pad"),
    ("npm install -g", "npm i --g left-pad"),
    ("npm install -g", "npm --g install left-pad"),
    ("npm install -g", "npm add left-pad --g"),
    ("npm install -g", "npm install --gE left-pad"),
    ("npm install -g", "npm install --Eg left-pad"),
    ("npm install -g", "npm install --g=true left-pad"),
    ("npm install --global", "npm install --g left-pad"),
    ("npm install --save-dev", "npm install --D left-pad"),
    ("npm install -D", "npm i --DE left-pad"),
    ("npm install --workspaces", "npm install --ws"),
    ("npm run --workspaces", "npm run test --ws"),
    ("npm exec --workspaces", "npm exec --ws -- eslint ."),
    ("npm uninstall -g", "npm rm --g left-pad"),
    ("npm link -g", "npm link --g"),
    ("pnpm add -g", "pnpm add --g left-pad"),
    ("pnpm add --global", "pnpm add --g left-pad"),
    ("pnpm install -g", "pnpm i --g left-pad"),
    ("pnpm add -D", "pnpm add --D vitest"),
    ("pnpm add --save-dev", "pnpm add vitest --D"),
    ("pnpm remove -g", "pnpm rm --g left-pad"),
]


@pytest.mark.parametrize(("deny", "command"), SPELLED_LONG)
def test_a_deny_matches_a_shorthand_written_with_two_dashes(deny, command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision == "deny", (command, v.reason, v.message)


@pytest.mark.parametrize(("deny", "command"), SPELLED_LONG)
def test_an_ask_matches_a_shorthand_written_with_two_dashes(deny, command):
    v = term(command, allow=allow_every_word(command), ask=(f"Terminal({deny})",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), command


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        ("npm install -g", "npm install --save-dev left-pad"),  # an exact long name is itself
        ("npm install -g", "npm install --D left-pad"),
        ("npm install -g", "npm test -- --g"),  # after `--`: the script's own argument
        ("npm install -D", "npm install --save-prod left-pad"),
        ("pnpm add -g", "pnpm add --D vitest"),
    ],
)
def test_other_options_and_operands_stay_what_they_are(deny, command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision == "auto_approve", (command, v.reason, v.message)


def test_yarn_is_not_read_as_nopt():
    """Yarn 1 parses with commander, which refuses an unknown `--g`: no shorthand is read into it (its
    reading keeps the word as an option it does not know)."""
    (reading, *_) = normalised(("yarn", "add", "--g", "x"))
    assert "global" not in reading.keys


def test_the_long_reading_of_a_shorthand_is_the_short_one():
    for short, long in (("-g", "--g"), ("-D", "--D"), ("-ws", "--ws"), ("-gE", "--gE")):
        assert {r.keys for r in normalised(("npm", "install", short, "x"))} == {
            r.keys for r in normalised(("npm", "install", long, "x"))
        }, long
