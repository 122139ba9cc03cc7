"""Red team (session 20), R4.10: Terraform reads more arguments from ``TF_CLI_ARGS`` (every command) and
``TF_CLI_ARGS_<command>`` (that command only), so ``TF_CLI_ARGS_apply=-auto-approve terraform apply`` is
``terraform apply -auto-approve`` -- a deny or ask of that spelling only asked (helper deny20's leftover). Read as
the options it adds (views.env_options), for terraform and tofu, before the command, through ``env``; a variable
for another command adds nothing. Every attack case below only asked on 0766094.
"""

from __future__ import annotations

import pytest

from .helpers import term

ALLOW = ("Terminal(terraform)", "Terminal(tofu)", "Terminal(env)")
DENY = ("Terminal(terraform apply -auto-approve)", "Terminal(terraform destroy -auto-approve)")

ATTACKS = [
    "TF_CLI_ARGS_apply=-auto-approve terraform apply",
    'TF_CLI_ARGS="-auto-approve" terraform apply',
    "TF_CLI_ARGS=-auto-approve terraform destroy",
    "env TF_CLI_ARGS_apply=-auto-approve terraform apply",
    "TF_CLI_ARGS_apply=-auto-approve tofu apply",
    "TF_CLI_ARGS_destroy=-auto-approve terraform destroy",
    "TF_CLI_ARGS_apply=-auto-approve terraform -chdir=infra apply",
    'TF_CLI_ARGS_apply="-lock=false -auto-approve" terraform apply',
    "tf_cli_args_apply=-auto-approve terraform apply",
]


@pytest.mark.parametrize("command", ATTACKS)
def test_arguments_terraform_reads_from_its_environment_meet_the_deny(command):
    v = term(command, allow=ALLOW, deny=DENY)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (command, v.reason)
    v = term(command, allow=ALLOW, ask=DENY)
    assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "TF_CLI_ARGS_plan=-auto-approve terraform apply",
        "TF_CLI_ARGS_apply=-auto-approve terraform plan",
        "TF_CLI_ARGS_plan=-no-color terraform plan",
        "TF_CLI_ARGS=-no-color terraform apply",
    ],
)
def test_arguments_for_another_command_or_another_option_add_nothing(command):
    assert term(command, allow=ALLOW, deny=DENY).decision != "deny", command
