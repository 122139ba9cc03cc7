"""R4.10, the same content by another program: a place a rule prints, printed by a program that reads it by its
own default path, decrypts it, renders it, or loads it into the environment of a command that prints the
environment (permissions.commands.file_printers; permissions.matching.content_reads, permissions.decide).

Under a deny of `cat .env`, `dotenv list`, `dotenvx get`, `sops -d .env`, `docker compose config`, `dotenv -e .env
-- printenv`, `env-cmd -f .env env`, `unzip -p backup.zip .env` were auto-approved; under a deny of `cat ~/.aws/credentials`, `aws configure
export-credentials`; under a deny of `cat terraform.tfstate`, `terraform output -json` and `terraform state pull`.
A loader running any other command keeps its answer (`dotenv -e .env -- npm test`: the environment is what the
command is given, not what it prints), and so do the same programs' other acts (`aws configure list` masks the
keys, `kubectl config view` without `--raw` hides them, `terraform plan`). Inline code or a variable printed under a
loader may print the values or not: a deny asks (R4.8). 215 of 289 cases fail on
617442c.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses, auto_and_allowed

_ENV = "cat .env"
_AWS = "cat ~/.aws/credentials"
_STATE = "cat terraform.tfstate"
_INFRA_STATE = "cat infra/terraform.tfstate"
_KUBE = "cat ~/.kube/config"
_GH = "cat ~/.config/gh/hosts.yml"
_GIT = "cat ~/.git-credentials"
_GCLOUD = "cat ~/.config/gcloud/application_default_credentials.json"
_NETRC = "cat ~/.netrc"
_SOPS = "cat secrets.enc.yaml"
_VAULT = "cat group_vars/vault.yml"

REFUSED = [
    # printed by its own reader
    (_ENV, "dotenv list"),
    (_ENV, "dotenv get API_KEY"),
    (_ENV, "dotenv -f .env list"),
    (_ENV, "dotenv --file .env get API_KEY"),
    (_ENV, "python -m dotenv list"),
    (_ENV, "python3 -m dotenv get API_KEY"),
    (_ENV, "dotenvx get"),
    (_ENV, "dotenvx get API_KEY -f .env"),
    (_ENV, "npx dotenvx get API_KEY"),
    (_ENV, "npx @dotenvx/dotenvx get"),
    (_ENV, "dotenvx decrypt --stdout"),
    (_ENV, "sops -d .env"),
    (_ENV, "sops --decrypt .env"),
    (_ENV, "sops decrypt .env"),
    (_ENV, "sops -d --input-type dotenv .env"),
    (_ENV, "docker compose config"),
    (_ENV, "docker compose -f compose.yaml config"),
    (_ENV, "docker-compose config"),
    (_ENV, "direnv export json"),
    # loaded, then the environment printed
    (_ENV, "dotenv -e .env -- printenv"),
    (_ENV, "dotenv -e .env -- printenv API_KEY"),
    (_ENV, "dotenv -- env"),
    (_ENV, "npx dotenv -- env"),
    (_ENV, "npx dotenv-cli -- printenv"),
    (_ENV, "dotenv run -- env"),
    (_ENV, "dotenv -f .env run printenv"),
    (_ENV, "dotenvx run -- env"),
    (_ENV, "dotenvx run -f .env -- printenv API_KEY"),
    (_ENV, "env-cmd -f .env env"),
    (_ENV, "env-cmd env"),
    (_ENV, "direnv exec . env"),
    (_ENV, "sops exec-env .env env"),
    (_ENV, "sops exec-env .env 'printenv API_KEY'"),
    (_ENV, "docker run --env-file .env alpine env"),
    (_ENV, "docker run --rm --env-file=.env alpine printenv"),
    (_ENV, "uv run --env-file .env env"),
    (_ENV, "op run --env-file .env -- printenv"),
    (_ENV, "set -a; source .env; printenv API_KEY"),
    # a member of an archive by the place's name, a stash's change to it
    (_ENV, "unzip -p backup.zip .env"),
    (_ENV, "unzip -pq backup.zip .env"),
    (_ENV, "unzip -c backup.zip README.md .env"),
    (_ENV, "unzip -P secret -p backup.zip .env"),
    (_ENV, "zip -qr /tmp/x.zip . && unzip -p /tmp/x.zip .env"),
    (_ENV, "git stash show -p stash@{0} -- .env"),
    (_ENV, "op inject < .env"),
    (_ENV, "zcat -f .env"),
    (_ENV, "zless .env"),
    # the keys a cloud command line or a credential helper keeps
    (_AWS, "aws configure get aws_secret_access_key"),
    (_AWS, "aws configure export-credentials"),
    (_AWS, "aws configure export-credentials --format env"),
    (_AWS, "aws --profile prod configure get aws_access_key_id"),
    (_KUBE, "kubectl config view --raw"),
    (_KUBE, "kubectl config view --minify --raw"),
    (_KUBE, "kubectl --context prod config view --raw -o jsonpath='{.users}'"),
    (_GH, "gh auth token"),
    (_GH, "gh auth status --show-token"),
    (_GH, "gh auth status -t"),
    (_GIT, "git credential fill"),
    (_GIT, "printf 'host=github.com\\n' | git credential fill"),
    (_GIT, "git credential-store get"),
    (_GCLOUD, "gcloud auth application-default print-access-token"),
    (_NETRC, "heroku auth:token"),
    # infrastructure state
    (_STATE, "terraform output"),
    (_STATE, "terraform output -json"),
    (_STATE, "terraform output -raw db_password"),
    (_STATE, "terraform show"),
    (_STATE, "terraform show -json"),
    (_STATE, "terraform state pull"),
    (_STATE, "terraform state show aws_db_instance.main"),
    (_STATE, "tofu output -json"),
    (_STATE, "tofu state pull"),
    (_INFRA_STATE, "terraform -chdir=infra output -json"),
    (_INFRA_STATE, "cd infra && terraform state pull"),
    # encrypted files printed decrypted
    (_SOPS, "sops -d secrets.enc.yaml"),
    (_SOPS, "sops --decrypt --extract '[\"db\"]' secrets.enc.yaml"),
    (_VAULT, "ansible-vault view group_vars/vault.yml"),
    (_VAULT, "ansible-vault decrypt --output=- group_vars/vault.yml"),
]

# Inline code or a variable printed under a loader: it may print the file's values or not -- asks, never denies
# (R4.8).
MAY_PRINT = [
    "dotenv -- node -e 'console.log(process.env)'",
    "dotenv -e .env -- node -p process.env.API_KEY",
    "dotenvx run -- python3 -c 'import os; print(os.environ)'",
    "dotenv -- ruby -e 'p ENV'",
    "dotenv -e .env -- sh -c 'echo $API_KEY'",
    "dotenv -- bash -c env",
    "dotenv -- sh -c 'printenv | grep KEY'",
    "env-cmd -f .env bash -c 'echo ${API_KEY}'",
    "dotenv -- echo $API_KEY",
    "dotenv -- printf '%s' $API_KEY",
    "docker run --env-file .env alpine sh -c 'echo $API_KEY'",
]

KEPT = [
    (_ENV, "dotenv -e .env -- npm test"),
    (_ENV, "dotenv -- node server.js"),
    (_ENV, "dotenvx run -- pytest"),
    (_ENV, "env-cmd -f .env npm start"),
    (_ENV, "direnv exec . npm test"),
    (_ENV, "direnv allow"),
    (_ENV, "docker compose up -d"),
    (_ENV, "docker compose ps"),
    (_ENV, "docker run --env-file .env app npm test"),
    (_ENV, "sops -d other.enc.yaml"),
    (_ENV, "dotenv -f .env.example list"),
    (_ENV, "uv run --env-file .env pytest"),
    (_ENV, "dotenv -e .env -- bash -c 'npm test'"),
    (_ENV, "dotenv -- node server.js"),
    (_ENV, "dotenv -- echo done"),
    (_ENV, "unzip -l backup.zip"),
    (_ENV, "unzip -p backup.zip README.md"),
    (_ENV, "unzip -p backup.zip -x .env"),
    (_ENV, "git stash show"),
    (_ENV, "git stash show -p"),
    (_AWS, "aws configure list"),
    (_AWS, "aws s3 ls"),
    (_AWS, "aws sts get-caller-identity"),
    (_KUBE, "kubectl config view"),
    (_KUBE, "kubectl config get-contexts"),
    (_KUBE, "kubectl get pods"),
    (_GH, "gh auth status"),
    (_GH, "gh pr list"),
    (_GIT, "git credential-cache exit"),
    (_GIT, "git status"),
    (_STATE, "terraform plan"),
    (_STATE, "terraform validate"),
    (_STATE, "terraform fmt -check"),
    (_STATE, "terraform show plan.out"),
    (_INFRA_STATE, "terraform -chdir=other output"),
    (_VAULT, "ansible-vault view other.yml"),
    (_VAULT, "ansible-vault decrypt group_vars/other.yml"),
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), REFUSED)
def test_a_deny_refuses_the_place_printed_by_its_own_program(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), REFUSED[::2])
def test_an_ask_asks_for_the_place_printed_by_its_own_program(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "sandbox", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_other_acts_of_the_same_programs_keep_their_answers(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize("command", MAY_PRINT)
def test_code_run_under_a_loader_asks_under_a_deny(command: str, runs_in: str) -> None:
    assert_rule_refuses(_ENV, command, runs_in, rank="ask")
    for verdict in auto_and_allowed(command, runs_in, deny=(f"Terminal({_ENV})",)):
        assert verdict == ("require_approval", "ask_rule"), (command, runs_in)
