"""R4.10, an npm command run through pnpm, which hands it to npm.

pnpm passes a list of commands through to npm itself (its documentation: "pnpm will pass through these commands to
npm": access, adduser, deprecate, dist-tag, login, owner, token, unpublish, version, ...): `pnpm unpublish x` is
`npm unpublish x`. A deny of `npm unpublish` met `pnpm unpublish x` (asked by the external-effect cap only), a deny
of `npm token create` met `pnpm token create`, a deny of `npm version` met `pnpm version patch` (auto-approved). They
are read as npm's now (permissions.commands.wrappers.SHORTCUTS) -- except `dist-tag` and `owner`, whose listings
would then ask as npm's do (npm's cap names them whole: permissions.commands.effects), and stay approved here.
pnpm's own commands keep their answers.
108 of its 128 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # the npm commands pnpm runs npm for
    ("npm unpublish", "pnpm unpublish x"),
    ("npm unpublish", "pnpm unpublish x@1 --force"),
    ("npm unpublish", "pnpm unpublish x@1.0.0"),
    ("npm unpublish", "corepack pnpm unpublish x"),
    ("npm unpublish", "npx pnpm unpublish x"),
    ("npm unpublish --force", "pnpm unpublish x -f"),
    ("npm unpublish --force", "pnpm unpublish x --forc"),
    ("npm version", "pnpm version patch"),
    ("npm version", "pnpm version 1.2.3 --no-git-tag-version"),
    ("npm version major", "pnpm version major"),
    ("npm deprecate", "pnpm deprecate x@1 msg"),
    ("npm deprecate", "pnpm deprecate 'x@<2' msg"),
    ("npm token create", "pnpm token create"),
    ("npm token create", "pnpm token create --read-only"),
    ("npm token revoke", "pnpm token revoke abc"),
    ("npm access", "pnpm access public x"),
    ("npm access", "pnpm access set status=public x"),
    ("npm login", "pnpm login"),
    ("npm login", "pnpm login --registry https://r.example"),
    ("npm adduser", "pnpm adduser"),
    ("npm logout", "pnpm logout"),
    ("npm profile set", "pnpm profile set password"),
    ("npm profile enable-2fa", "pnpm profile enable-2fa auth-only"),
    ("npm team", "pnpm team add o:t u"),
    ("npm pkg set", "pnpm pkg set scripts.x=y"),
    ("npm pkg delete", "pnpm pkg delete scripts.test"),
    ("npm star", "pnpm star x"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("npm unpublish", "pnpm publish"),
    ("npm unpublish", "pnpm remove x"),
    ("npm version", "pnpm view x version"),
    ("npm version", "pnpm --version"),
    ("npm token create", "pnpm token list"),
    ("npm dist-tag add", "pnpm dist-tag ls x"),
    ("npm owner add", "pnpm owner ls x"),
    ("npm login", "pnpm whoami"),
    ("npm pkg set", "pnpm pkg get name"),
    ("npm deprecate", "pnpm install"),
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
