"""R4.10, a program reached by another name it is installed under, or by a launcher that runs its command.

Fly's CLI is `flyctl` and `fly`, Netlify's `netlify` and `ntl`, the AWS CLI v2's preview `aws2`; antfu's ni runs
the project's package manager's command by a short name (`nr deploy` is `npm run deploy`, `nlx x` is `npx x`, `na
publish` is `npm publish`, `nun`, `nci`, `nup`); `kitten ssh host` is kitty's ssh; `sudoedit` is `sudo -e`. A deny
of `fly deploy` met `flyctl deploy`, a deny of `npm run deploy` met `nr deploy` (auto-approved), a deny of
`npx prisma migrate reset` met `nlx prisma migrate reset` (auto-approved), a deny of `ssh` met `kitten ssh host`
(auto-approved), a deny of `sudo` met `sudoedit` (asked by the privileged cap only). Read as what they are
(permissions.commands.wrappers: OTHER_NAMES, PACKAGE_SPELLS, SHORTCUTS). `ni` itself is left out (PowerShell's
New-Item has that name). Their other commands keep their answers.
124 of its 146 cases fail on f8fff7d (the session's start), the 4 written with the other name among them
(matching._other_name_named: a pattern led by the other name also led by the program's own).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # a program's other released names (wrappers.OTHER_NAMES)
    ("fly deploy", "flyctl deploy"),
    ("fly deploy", "flyctl deploy --remote-only"),
    ("fly deploy", "/root/.fly/bin/flyctl deploy"),
    ("fly secrets set", "flyctl secrets set A=b"),
    ("fly apps destroy", "flyctl apps destroy x --yes"),
    ("netlify deploy", "ntl deploy"),
    ("netlify deploy --prod", "ntl deploy --prod"),
    ("netlify deploy", "npx ntl deploy"),
    ("aws ec2 terminate-instances", "aws2 ec2 terminate-instances --instance-ids i-1"),
    ("aws s3 rm", "aws2 s3 rm s3://b/k"),
    # antfu's ni: the package manager's command by a short name
    ("npx prisma migrate reset", "nlx prisma migrate reset"),
    ("npx prisma migrate reset", "nlx prisma migrate reset --force"),
    ("npm run deploy", "nr deploy"),
    ("npm run deploy", "nr deploy --prod"),
    ("npm uninstall", "nun x"),
    ("npm ci", "nci"),
    ("npm update", "nup"),
    ("npm publish", "na publish"),
    ("npm publish", "na publish --access public"),
    ("pnpm publish", "na publish"),
    ("npm run deploy", "na run deploy"),
    ("rm -rf build", "nlx rimraf build"),
    ("npm install -g", "na install -g x"),
    ("npm install -g", "na i -g x"),
    # kitty's ssh kitten, sudo's edit mode by its own name
    ("ssh", "kitten ssh host"),
    ("ssh", "kitten ssh -p 22 host ls"),
    ("ssh -A", "kitten ssh -A host"),
    ("sudo", "sudoedit /etc/hosts"),
    ("sudo -e", "sudoedit /etc/hosts"),
    ("sudo -e", "sudoedit -u root /etc/hosts"),
    ("sudo", "/usr/bin/sudoedit /etc/sudoers"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("fly deploy", "flyctl status"),
    ("fly deploy", "flyctl logs"),
    ("netlify deploy", "ntl status"),
    ("npm run deploy", "nr build"),
    ("npm publish", "na run build"),
    ("npm publish", "nr publish-docs"),
    ("npx prisma migrate reset", "nlx prisma generate"),
    ("ssh", "kitten icat x.png"),
    ("sudo -e", "sudo ls"),
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


# A pattern written with the other name (the segment with the common one): the pattern's program word is
# not folded through wrappers.OTHER_NAMES -- a hot-path change (permissions.matching), proposed to the lead.
BY_THE_OTHER_NAME = [
    ("flyctl deploy", "fly deploy"),
    ("helm3 uninstall", "helm uninstall x"),
    ("mariadb", "mysql"),
    ("ntl deploy", "netlify deploy"),
]


@pytest.mark.parametrize(("rule", "command"), BY_THE_OTHER_NAME)
def test_a_deny_written_with_the_other_name_refuses_the_common_one(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "agent")
