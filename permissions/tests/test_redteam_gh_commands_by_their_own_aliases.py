"""R4.10, a gh command by the name gh itself gives it: the Aliases its commands declare (cobra).

gh reads `gh pr new` as `gh pr create`, `gh release new` as `gh release create` (also `repo`, `issue`, `gist`),
`gh secret remove` and `gh variable remove` as their `delete`, `gh ext` and `gh extensions` as `gh extension`,
`gh cs` as `gh codespace`, `ls` as `list` (cli/cli, pkg/cmd: each command's `Aliases`). A deny of `gh release create`
met `gh release new v1` (asked by the cap only), a deny of `gh secret delete` met `gh secret remove X`
(auto-approved), a deny of `gh extension install` met `gh ext install x/y`. gh's table
(permissions.commands.option_tables_tools.GH) names those aliases now; the aliases a user configures (`gh alias
set`) stay opaque (R4.9). Listings and other commands keep their answers.
180 of its 214 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # a command by the alias gh defines for it (cobra's Aliases): `new` is `create`
    ("gh pr create", "gh pr new"),
    ("gh pr create", "gh pr new --fill"),
    ("gh pr create", "gh -R o/r pr new --fill"),
    ("gh pr create", "gh pr new --repo o/r -B main"),
    ("gh pr create --draft", "gh pr new -d"),
    ("gh pr create --draft", "gh pr new --draft --fill"),
    ("gh pr create --base main", "gh pr new -B main"),
    ("gh repo create", "gh repo new x"),
    ("gh repo create", "gh repo new x --public"),
    ("gh repo create", "gh repo new o/x --private --push --source ."),
    ("gh release create", "gh release new v1"),
    ("gh release create", "gh release new v1 --notes x"),
    ("gh release create", "gh -R o/r release new v1"),
    ("gh release create", "gh release new v1 ./dist/*.tgz"),
    ("gh release create --draft", "gh release new v1 -d"),
    ("gh release create --prerelease", "gh release new v1 --prerelease"),
    ("gh issue create", "gh issue new"),
    ("gh issue create", "gh issue new -t x -b y"),
    ("gh issue create", "gh -R o/r issue new"),
    ("gh gist create", "gh gist new f"),
    ("gh gist create", "gh gist new --public f"),
    ("gh gist create", "gh gist new -"),
    # `remove` is `delete`
    ("gh secret delete", "gh secret remove X"),
    ("gh secret delete", "gh secret remove X -e prod"),
    ("gh secret delete", "gh secret remove X --org o"),
    ("gh secret delete", "gh -R o/r secret remove X"),
    ("gh variable delete", "gh variable remove X"),
    ("gh variable delete", "gh variable remove X --env prod"),
    # the command groups by their short names
    ("gh extension install", "gh ext install x/y"),
    ("gh extension install", "gh extensions install x/y"),
    ("gh extension install", "gh ext install https://github.com/x/y"),
    ("gh extension remove", "gh ext remove y"),
    ("gh extension upgrade", "gh ext upgrade --all"),
    ("gh codespace delete", "gh cs delete"),
    ("gh codespace delete", "gh cs delete -c x --force"),
    ("gh codespace ssh", "gh cs ssh"),
    ("gh codespace ssh", "gh cs ssh -c x -- ls"),
    ("gh codespace create", "gh cs create -R o/r"),
    # `ls` is `list` (an ask of a listing)
    ("gh pr list", "gh pr ls"),
    ("gh release list", "gh release ls"),
    ("gh secret list", "gh secret ls"),
    ("gh repo list", "gh repo ls o"),
    ("gh issue list", "gh issue ls"),
    ("gh gist list", "gh gist ls"),
    ("gh variable list", "gh variable ls"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("gh pr create", "gh pr list"),
    ("gh pr create", "gh pr view 1"),
    ("gh pr create", "gh pr ls"),
    ("gh release create", "gh release ls"),
    ("gh release create", "gh release view new"),
    ("gh release create", "gh release download v1"),
    ("gh repo create", "gh repo view o/new"),
    ("gh secret delete", "gh secret set X"),
    ("gh secret delete", "gh secret list"),
    ("gh extension install", "gh ext list"),
    ("gh extension install", "gh ext browse"),
    ("gh codespace delete", "gh cs list"),
    ("gh codespace delete", "gh cs ssh"),
    ("gh issue create", "gh issue list"),
    ("gh issue create", "gh issue view new"),
    ("gh gist create", "gh gist view new"),
    ("gh variable delete", "gh variable set X"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_act_by_another_spelling(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_an_ask_asks_for_the_act_by_another_spelling(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_other_acts_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)
