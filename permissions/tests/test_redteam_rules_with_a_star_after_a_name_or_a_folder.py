"""Red team, R4.10 with R4.2's `*` ("deny and ask match the act, not its spelling"; R4.8: when unsure they match more):
a rule whose last word ends with a `*` -- `Terminal(cat .env*)`, `Terminal(cat secrets/*)`, `Terminal(npm run
deploy:*)` -- names a family of places or scripts, and meets them however they are reached.

- A place's name with a `*` (`cat .env*`): `cat .env.local` was met, as written, but not `head .env.production`,
  `git show HEAD:.env.local` or `f=.env.local; cat $f` -- the readers of a place took only rules naming places
  whole (matching._prints_places now takes a name's prefix as the last word).
- A folder and a `*` (`cat secrets/*`, `rm -rf data/*`): R4.2 keeps a `*` right after a `/` literal (its example is
  the floor's `rm -rf /*`), so a team's deny of `cat secrets/*` met only the word `secrets/*` and `cat
  secrets/prod.json` was auto-approved. The safest reading for deny and ask is the folder's content: such a word
  is also read as the folder's prefix, `/` kept (matching._folder_starred; `secrets/` meets `secrets/a`, not
  `secretsx/a` nor `secrets` itself). SPEC R4.2 reads it literally; allow stays literal.
- A script's name with a `*` (`npm run deploy:*`): `yarn deploy:prod`, `pnpm run deploy:staging` met only a cap
  (matching._package_scripts_named now carries the `*`).

DENIED: every case failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat .env*", "head .env.production"),
    ("cat .env*", "grep KEY .env.local"),
    ("cat .env*", "git show HEAD:.env.local"),
    ("cat .env*", "git log -p -- .env.staging"),
    ("cat .env*", "f=.env.local; cat $f"),
    ("cat .env*", "base64 .env.production"),
    ("cat secrets/*", "cat secrets/prod.json"),
    ("cat secrets/*", "cat ./secrets/prod.json"),
    ("cat secrets/*", "head secrets/prod.json"),
    ("cat secrets/*", "grep x secrets/a.txt"),
    ("cat secrets/*", "git log -p -- secrets/a.txt"),
    ("cat secrets/*", "cd src && cat ../secrets/a.txt"),
    ("rm -rf data/*", "rm -rf data/old"),
    ("rm -rf data/*", "rm -r -f ./data/old"),
    ("less config/prod/*", "cat config/prod/db.yml"),
    ("npm run deploy:*", "yarn deploy:prod"),
    ("npm run deploy:*", "pnpm run deploy:staging"),
    ("npm run deploy:*", "bun run deploy:x"),
]

NOT_CAUGHT = [
    ("cat .env*", "cat README.md"),
    ("cat .env*", "head src/.env.local"),
    ("cat secrets/*", "cat secrets"),
    ("cat secrets/*", "cat secretsx/a"),
    ("cat secrets/*", "cat src/secrets/a"),
    ("rm -rf data/*", "rm -rf datasets/x"),
    ("npm run deploy:*", "yarn build"),
    ("npm run deploy:*", "npm run deploy-docs"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_family_a_starred_rule_names(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_name_or_folder_stays_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
