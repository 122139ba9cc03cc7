"""R4.10, alembic's options before its command, and Vercel's default command.

alembic (argparse) reads its own options before the command: a deny of `alembic downgrade` met `alembic -c prod.ini
downgrade base`, `alembic --config x.ini downgrade base` and `alembic -x db=prod downgrade base` (asked by the
external-effect cap only). Vercel's CLI deploys when no command is named: a deny of `vercel deploy` met `vercel
--prod`, `vc` and `npx vercel --prod`, and a deny of `vercel --prod` met `vercel deploy --prod`. Both have tables now
(permissions.commands.option_tables_tools: ALEMBIC; VERCEL, its bare command lines read as `deploy`'s, `vc` and
`now` its other names), read for deny and ask only. Other commands keep their answers.
176 of its 218 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # alembic: its own options before the command, abbreviated, `=` or apart
    ("alembic downgrade", "alembic -c x.ini downgrade base"),
    ("alembic downgrade", "alembic --config x.ini downgrade base"),
    ("alembic downgrade", "alembic --config=x.ini downgrade base"),
    ("alembic downgrade", "alembic --conf=x.ini downgrade base"),
    ("alembic downgrade", "alembic -x db=prod downgrade base"),
    ("alembic downgrade", "alembic -n prod downgrade -1"),
    ("alembic downgrade", "alembic --name prod downgrade -1"),
    ("alembic downgrade", "alembic --raiseerr downgrade base"),
    ("alembic downgrade", "alembic -q downgrade base"),
    ("alembic downgrade", "python -m alembic -c x.ini downgrade base"),
    ("alembic downgrade", "uv run alembic -c x.ini downgrade base"),
    ("alembic downgrade", "poetry run alembic -x tenant=a downgrade base"),
    ("alembic downgrade", ".venv/bin/alembic -c x.ini downgrade base"),
    ("alembic downgrade", "alembic downgrade --sql base:head"),
    ("alembic downgrade base", "alembic -c x.ini downgrade base"),
    ("alembic downgrade base", "alembic -x db=prod downgrade base"),
    ("alembic stamp", "alembic -c x stamp head --purge"),
    ("alembic stamp --purge", "alembic stamp --pur head"),
    ("alembic upgrade --sql", "alembic upgrade --sq head"),
    ("alembic upgrade --sql", "alembic -c x.ini upgrade head --sql"),
    # vercel: deploy is its default command
    ("vercel deploy", "vercel"),
    ("vercel deploy", "vercel --prod"),
    ("vercel deploy", "vc"),
    ("vercel deploy", "vc --prod"),
    ("vercel deploy", "now --prod"),
    ("vercel deploy", "vercel ./app --prod"),
    ("vercel deploy", "vercel --token x --prod"),
    ("vercel deploy", "vercel --scope team deploy"),
    ("vercel deploy", "vercel -y"),
    ("vercel deploy", "npx vercel --prod"),
    ("vercel deploy", "npx vercel@33 --prod --yes"),
    ("vercel deploy", "/usr/local/bin/vercel --prod"),
    ("vercel deploy", "env VERCEL_ORG_ID=x vercel --prod"),
    ("vercel deploy --prod", "vercel --prod"),
    ("vercel deploy --prod", "vc --prod --yes"),
    ("vercel deploy --prod", "vercel --prod --force"),
    ("vercel --prod", "vercel deploy --prod"),
    ("vercel --prod", "vc deploy --prod"),
    ("vercel --prod", "vercel --token=x deploy --prod"),
    ("vercel --prod", "vercel deploy . --prod"),
    ("vercel --prod", "pnpm dlx vercel deploy --prod"),
    ("vercel --prod", "bunx vercel deploy --prod"),
    ("vercel remove", "vercel rm my-app"),
    ("vercel remove", "vc rm my-app --yes"),
    ("vercel remove", "vercel --scope t remove my-app"),
    ("vercel env rm", "vercel env rm X production"),
    ("vercel env rm", "vc env rm X production -y"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("alembic downgrade", "alembic -c x.ini upgrade head"),
    ("alembic downgrade", "alembic current"),
    ("alembic downgrade", "alembic -c downgrade.ini history"),
    ("alembic downgrade base", "alembic downgrade -1"),
    ("alembic stamp --purge", "alembic stamp head"),
    ("vercel deploy", "vercel ls"),
    ("vercel deploy", "vercel env pull"),
    ("vercel deploy", "vercel logs x"),
    ("vercel deploy", "vercel whoami"),
    ("vercel deploy", "vercel pull --yes"),
    ("vercel deploy", "vercel login"),
    ("vercel --prod", "vercel"),
    ("vercel --prod", "vercel deploy"),
    ("vercel --prod", "vercel dev"),
    ("vercel remove", "vercel ls"),
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
