"""R4.10, terraform's command run by terragrunt's own launchers.

terragrunt reads terraform's command line (`terragrunt destroy` was already `terraform destroy`:
permissions.commands.options._NAME_ALIASES) and also runs it through its launchers: in every module (`terragrunt
run-all destroy`, `terragrunt run --all destroy`, the older `terragrunt destroy-all`) or in one (`terragrunt run
destroy`, `terragrunt run -- apply -auto-approve`). A deny of `terraform destroy` met each of them (asked by the
external-effect cap only). terraform's table reads those words now (option_tables_deploy: the launchers' levels
share terraform's commands; after `--` the command's options are read by their names); terraform itself has none
of these words. Plans, inits and listings keep their answers.
120 of its 140 cases fail on f8fff7d (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.decide import RUNS_IN
from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

REFUSED = [
    # terragrunt's launchers run terraform's command in every module or one
    ("terraform destroy", "terragrunt run-all destroy"),
    ("terraform destroy", "terragrunt destroy-all"),
    ("terraform destroy", "terragrunt run --all destroy"),
    ("terraform destroy", "terragrunt run -- destroy"),
    ("terraform destroy", "terragrunt run --all -- destroy"),
    ("terraform destroy", "terragrunt run destroy"),
    ("terraform destroy", "terragrunt run-all apply -destroy"),
    ("terraform destroy", "terragrunt run -- apply -destroy"),
    ("terraform destroy", "terragrunt --working-dir infra run-all destroy"),
    ("terraform destroy", "terragrunt run-all --non-interactive destroy"),
    ("terraform destroy", "terragrunt run-all destroy -auto-approve"),
    ("terraform destroy", "sudo terragrunt run-all destroy"),
    ("terraform destroy", "env TG_NON_INTERACTIVE=true terragrunt run --all destroy"),
    ("terraform apply", "terragrunt run-all apply"),
    ("terraform apply", "terragrunt apply-all"),
    ("terraform apply", "terragrunt run --all apply"),
    ("terraform apply", "terragrunt run -- apply"),
    ("terraform apply", "terragrunt run apply"),
    ("terraform apply", "terragrunt run-all destroy"),
    ("terraform apply", "terragrunt run --all -- apply -auto-approve"),
    ("terraform apply -auto-approve", "terragrunt run -- apply -auto-approve"),
    ("terraform apply -auto-approve", "terragrunt run-all apply -auto-approve"),
    ("terraform apply -auto-approve", "terragrunt run --all apply --auto-approve"),
    ("terraform apply -auto-approve", "terragrunt run -- apply tfplan"),
    ("tofu destroy", "terragrunt run-all destroy"),
    ("terraform state rm", "terragrunt run-all state rm x"),
    ("terraform state rm", "terragrunt run -- state rm x"),
    ("terraform state rm", "terragrunt run state rm aws_s3_bucket.b"),
    ("terraform output", "terragrunt output-all"),
    ("terraform plan", "terragrunt run-all plan"),
]

# friction: other acts of the same programs keep their answers
KEPT = [
    ("terraform destroy", "terragrunt run-all plan"),
    ("terraform destroy", "terragrunt run -- plan"),
    ("terraform destroy", "terragrunt plan-all"),
    ("terraform destroy", "terragrunt output-all"),
    ("terraform destroy", "terragrunt run-all init"),
    ("terraform apply", "terragrunt run-all plan"),
    ("terraform apply", "terragrunt run-all init"),
    ("terraform apply", "terragrunt run -- validate"),
    ("terraform apply -auto-approve", "terragrunt run-all apply"),
    ("terraform state rm", "terragrunt run-all state list"),
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
