"""Red team, R4.10 ("deny and ask match the act, not its spelling"): an option and the environment variable its
program reads as that option are one act, whichever the rule or the command spells.

Rails reads its environment from `-e`/`--environment` and from RAILS_ENV (and RACK_ENV): under a deny of `rails
server -e production`, `RAILS_ENV=production rails s` and `RAILS_ENV=production bin/rails s` were auto-approved --
rails had no option table, so `rails s` was not `rails server` nor `-eproduction` `-e production`. It has one now
(option_tables_tools.RAILS: Thor's one-letter aliases, each command's options) and its variables are read as
`--environment` (views._ENV_NAMED). And a rule written with the variable -- `AWS_PROFILE=prod aws s3 rm`,
`RAILS_ENV=production rails server`, `DOCKER_CONTEXT=prod docker rm` -- met only the variable: it now also names
the option (matching._assigned_as_options), when every assignment it sets is one its program reads as an option.

DENIED: every case failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("rails server -e production", "RAILS_ENV=production rails server"),
    ("rails server -e production", "RAILS_ENV=production bin/rails s"),
    ("rails server -e production", "rails s -e production"),
    ("rails server -e production", "rails server --environment=production"),
    ("rails server -e production", "rails server -p 3000 -eproduction"),
    ("rails server -e production", "RACK_ENV=production rails s"),
    ("rails server -e production", "export RAILS_ENV=production && rails s"),
    ("rails console -e production", "RAILS_ENV=production rails c"),
    ("rails console -e production", "rails c -e production"),
    ("rails console", "bin/rails c"),
    ("rails console", "rails c --sandbox"),
    ("rails dbconsole", "rails db -p"),
    ("RAILS_ENV=production rails server", "rails server -e production"),
    ("RAILS_ENV=production rails server", "rails s -e production"),
    ("RAILS_ENV=production rails console", "rails console --environment production"),
    ("AWS_PROFILE=prod aws s3 rm", "aws --profile prod s3 rm s3://b/x"),
    ("AWS_PROFILE=prod aws s3 rm", "aws s3 rm s3://b/x --profile=prod"),
    (
        "AWS_REGION=us-east-1 aws ec2 terminate-instances",
        "aws ec2 terminate-instances --region us-east-1 --instance-ids i-1",
    ),
    ("DOCKER_CONTEXT=prod docker rm", "docker --context prod rm -f web"),
    ("HELM_NAMESPACE=prod helm uninstall", "helm uninstall web -n prod"),
    ("GH_REPO=org/prod gh pr merge", "gh pr merge 1 --repo org/prod"),
    (
        "CLOUDSDK_CORE_PROJECT=prod gcloud sql instances delete",
        "gcloud sql instances delete db --project prod",
    ),
]

NOT_CAUGHT = [
    ("rails server -e production", "rails server -e development"),
    ("rails server -e production", "RAILS_ENV=test rails s"),
    ("rails server -e production", "rails console -e production"),
    ("RAILS_ENV=production rails server", "rails server"),
    ("AWS_PROFILE=prod aws s3 rm", "aws --profile dev s3 rm s3://b/x"),
    ("AWS_PROFILE=prod aws s3 rm", "aws s3 rm s3://b/x"),
    ("DOCKER_CONTEXT=prod docker rm", "docker --context dev rm -f web"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_an_option_or_the_variable_that_gives_it(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_value_or_command_stays_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
