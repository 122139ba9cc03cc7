"""Red team, R4.10 ("deny and ask match the act, not its spelling"): a rule running a project's package.json script
or a rake task is the act of running it, whichever package manager or runner starts it.

A team denies `npm run deploy` (or `npm test`, `rails db:migrate`), and the agent writes `yarn deploy`, `pnpm run
deploy`, `bun run deploy`, `npm run test`, `yarn test`, `pnpm t`, `bundle exec rake db:migrate` -- each was
auto-approved in auto mode or met only by a cap. A pattern running a script (`npm run S`, npm's `test`, `start`,
`stop`, `restart`, Yarn's and pnpm's `test` and `start`, `yarn S`/`pnpm S`/`bun S` for a script no command of
theirs is named) now also names it as every manager runs it (matching._package_scripts_named); a rake task by
rails is the task by rake and the reverse (matching._tasks_named). A manager's own command of the script's name
is another act (`bun test` is bun's test runner, `pnpm deploy` pnpm's own deploy), as is another script
(`deploy:staging`, `test:unit`).

DENIED: every case failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("npm test", "npm run test"),
    ("npm test", "npm run-script test"),
    ("npm test", "yarn test"),
    ("npm test", "yarn run test"),
    ("npm test", "pnpm test"),
    ("npm test", "pnpm t"),
    ("npm test", "bun run test"),
    ("npm start", "npm run start"),
    ("npm start", "yarn start"),
    ("npm start", "pnpm start"),
    ("npm start", "bun run start"),
    ("npm run deploy", "yarn deploy"),
    ("npm run deploy", "yarn run deploy"),
    ("npm run deploy", "pnpm run deploy"),
    ("npm run deploy", "pnpm --filter web run deploy"),
    ("npm run deploy", "bun run deploy"),
    ("npm run deploy", "bun deploy"),
    ("npm run test", "npm test"),
    ("npm run test", "npm t"),
    ("npm run-script deploy", "yarn deploy"),
    ("yarn deploy", "npm run deploy"),
    ("yarn deploy", "npm --prefix web run deploy"),
    ("pnpm run db:reset", "npm run db:reset"),
    ("pnpm run db:reset", "yarn db:reset"),
    ("bun run deploy", "npm run deploy -- --prod"),
    ("npm run deploy:prod", "yarn deploy:prod"),
    ("rails db:migrate", "rake db:migrate"),
    ("rails db:migrate", "bundle exec rake db:migrate"),
    ("rails db:migrate", "bin/rake db:migrate"),
    ("rake db:drop", "rails db:drop"),
    ("rake db:drop", "bin/rails db:drop"),
    ("rake db:drop", "bundle exec rails db:drop"),
]

NOT_CAUGHT = [
    ("npm test", "bun test"),
    ("npm test", "npm run test:unit"),
    ("npm test", "yarn test:e2e"),
    ("npm start", "npm run start:dev"),
    ("npm run deploy", "pnpm deploy"),
    ("npm run deploy", "npm run deploy:staging"),
    ("npm run deploy", "yarn deploy-docs"),
    ("npm run build", "bun build ./index.ts"),
    ("npm run lint", "yarn lint:fix"),
    ("yarn add", "npm run add"),
    ("rails db:migrate", "rake db:migrate:status"),
    ("rails db:migrate", "rake test"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_script_or_task_a_rule_runs_started_another_way(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_a_managers_own_command_or_another_script_stays_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
