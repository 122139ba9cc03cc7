"""Red team, R4.10 (deny and ask match the act, not its spelling): a deny or ask rule that sets variables before its
program -- `Terminal(NODE_ENV=production npm run deploy)`, `Terminal(RAILS_ENV=production rails db:migrate)` --
met by the program run with that environment however it is given.

The rule was a word prefix (R4.1): `CI=1 NODE_ENV=production npm run deploy` (another assignment first), `env
NODE_ENV=production npm run deploy`, `export NODE_ENV=production && npm run deploy`, `NODE_ENV=production; npm run
deploy` run the same deploy with the same environment and were only capped (or, for a program no cap knows,
auto-approved). A segment of a program such a rule names is now also read led by the rule's assignments when every
one of them is in the environment the segment runs in: its own assignments in any order and among others, `env`'s
(after its options), what an earlier segment exported or assigned (permissions.exported.assigned_rules). The
program is read by its other names and entry points as the rule's program is (`RAILS_ENV=production bin/rails
db:migrate`); rake and rails read `NAME=value` among their arguments into their environment (`bin/rails db:migrate
RAILS_ENV=production`). Another value, or no assignment, stays outside the rule.

DENIED: 13 of the 14 cases failed on the base this change started from (69580d6), as deny or as ask, in the sandbox
or on the agent (`NODE_ENV=production CI=1 npm run deploy`, the rule's own assignment first, held: a guard).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("NODE_ENV=production npm run deploy", "CI=1 NODE_ENV=production npm run deploy"),
    ("NODE_ENV=production npm run deploy", "NODE_ENV=production CI=1 npm run deploy"),
    ("NODE_ENV=production npm run deploy", "env NODE_ENV=production npm run deploy"),
    ("NODE_ENV=production npm run deploy", "env -u X NODE_ENV=production npm run deploy"),
    ("NODE_ENV=production npm run deploy", "export NODE_ENV=production && npm run deploy"),
    ("NODE_ENV=production npm run deploy", "NODE_ENV=production; npm run deploy"),
    ("NODE_ENV=production npm run deploy", "export CI=1 NODE_ENV=production; npm run deploy -- --force"),
    ("RAILS_ENV=production rails db:migrate", "RAILS_ENV=production bin/rails db:migrate"),
    ("RAILS_ENV=production rails db:migrate", "DISABLE_SPRING=1 RAILS_ENV=production bin/rails db:migrate"),
    ("A=1 B=2 make deploy", "B=2 A=1 make deploy"),
    ("A=1 B=2 make deploy", "export A=1 && B=2 make deploy"),
    ("DEBUG=1 ./scripts/release.sh", "env DEBUG=1 ./scripts/release.sh"),
    # rake reads `NAME=value` among its arguments into its environment (rails runs its tasks)
    ("RAILS_ENV=production rails db:migrate", "bin/rails db:migrate RAILS_ENV=production"),
    ("RAILS_ENV=production rake db:drop", "bundle exec rake db:drop RAILS_ENV=production"),
]

NOT_CAUGHT = [
    ("NODE_ENV=production npm run deploy", "NODE_ENV=staging npm run deploy"),
    ("NODE_ENV=production npm run deploy", "CI=1 npm run deploy"),
    ("NODE_ENV=production npm run deploy", "NODE_ENV=production npm run build"),
    ("RAILS_ENV=production rails db:migrate", "RAILS_ENV=test bin/rails db:migrate"),
    ("RAILS_ENV=production rails db:migrate", "bin/rails db:migrate RAILS_ENV=test"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_the_rules_environment_however_it_is_given(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_environment_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
