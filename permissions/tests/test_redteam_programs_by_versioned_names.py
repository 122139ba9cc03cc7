"""R4.10, red team: a program run by the versioned name its installer gave it.

Under a deny of `kubectl delete`, `kubectl-1.29 delete ns prod` (a kubectl downloaded beside another),
`kubectl.1.29 delete ns prod` (Google Cloud SDK's version-skew kubectls) and `kubectl-v1.29 delete ns prod` were
auto-approved in auto mode and behind an allow of every word, in the sandbox and on the developer's laptop; so were
`terraform_1.5.7 destroy` (tfswitch's file) and `terraform1.5 destroy` under a deny of `terraform destroy`,
`psql16 -c 'drop table x'` under a deny of `psql -c`, `cargo-1.75 publish` (Ubuntu's versioned Rust), `gem3.2
push` (Debian's and MacPorts' RubyGems), `helm-v3 uninstall`, and `tclsh8.6 <<< 'exec rm -rf /'` (Tcl's
versioned shell read its input unasked). Those names are the program's now (wrappers.OTHER_NAMES, its versioned
rows): deny and ask meet them, the floor and the caps see them. An allow stays literal (R4.8): `Terminal(kubectl
get)` allows no `kubectl-1.29` command. Names that merely end in digits (`md5`, `sha256`, `x11`, `s3`) are no
other program's (wrappers.versioned_program reads only the programs of wrappers.VERSIONED).

A patch release in the name (`kubectl-1.29.3`, `terraform-1.5.7`, `helm-v3.14.0`) is read by any version:
wrappers.versioned_program, from views._renamed (and the tests before it: views._peels, _one_view,
segments._may_look). 84 of its 108 cases fail on 20df7cd (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.commands.wrappers import versioned_program
from permissions.tests.helpers import (
    assert_allow_stays_literal,
    assert_rule_does_not_catch,
    assert_rule_refuses,
    auto_and_allowed,
)

DENIED = [
    ("kubectl delete", "kubectl-1.29 delete ns prod"),
    ("kubectl delete", "kubectl1.29 delete ns prod"),
    ("kubectl delete", "kubectl.1.29 delete ns prod"),
    ("kubectl delete", "kubectl-v1.29 delete ns prod"),
    ("kubectl delete", "kubectl_1.29 delete ns prod"),
    ("kubectl delete", "kubectl-1.29 -n prod delete ns prod"),
    ("kubectl delete", "KUBECONFIG=x kubectl-1.29 delete ns prod"),
    ("kubectl delete", "sudo kubectl.1.29 delete ns prod"),
    ("kubectl delete", "env kubectl-v1.29 delete ns prod"),
    ("kubectl delete", "~/google-cloud-sdk/bin/kubectl.1.29 delete ns prod"),
    ("kubectl delete", "/usr/local/bin/kubectl-1.29 delete ns prod"),
    ("terraform destroy", "terraform1.5 destroy"),
    ("terraform destroy", "terraform-1.5 destroy"),
    ("terraform destroy", "terraform-v1.5 destroy"),
    ("terraform destroy", "terraform_1.5.7 destroy"),
    ("terraform destroy", "~/.terraform.versions/terraform_1.5.7 destroy"),
    ("terraform destroy", "terraform_1.5.7 -chdir=infra destroy"),
    ("terraform destroy", "terraform1.5 apply -destroy"),
    ("terraform destroy", "terraform12 destroy"),
    ("terraform destroy", "tofu-1.6 destroy"),
    ("psql -c", "psql16 -c 'drop table x'"),
    ("psql -c", "psql-16 --command='drop table x'"),
    ("pg_dump", "pg_dump16 prod"),
    ("dropdb", "dropdb16 prod"),
    ("helm uninstall", "helm-v3 uninstall x"),
    ("helm uninstall", "helm-3 uninstall x"),
    ("helm uninstall", "helm2 delete x"),
    ("gem push", "gem3.2 push x.gem"),
    ("cargo publish", "cargo-1.75 publish"),
    ("rake release", "bundle3.2 exec rake release"),
]

# A patch release in the name: wrappers.versioned_program read from views._renamed (the lead's proposal).
ANY_VERSION = [
    ("kubectl delete", "kubectl-1.29.3 delete ns prod"),
    ("kubectl delete", "kubectl-v1.30.0 delete ns prod"),
    ("terraform destroy", "terraform-1.5.7 destroy"),
    ("terraform destroy", "terraform1.5.7 destroy"),
    ("helm uninstall", "helm-v3.14.0 uninstall x"),
]

# Friction: the same programs' ordinary commands, by those names, with no rule.
KEPT = [
    "kubectl-1.29 get pods",
    "kubectl.1.29 get pods",
    "terraform_1.5.7 plan",
    "psql16 -l",
    "gem3.2 list",
    "cargo-1.75 build",
    "helm-v3 list",
    "md5 f",
    "sha256 f",
    "x11 f",
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), DENIED)
def test_a_deny_meets_the_program_by_its_versioned_name(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), DENIED[:4])
def test_an_ask_meets_it_too(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "sandbox", rank="ask")


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), ANY_VERSION)
def test_any_version_in_the_name(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(
    ("allow", "command"),
    [
        ("kubectl get", "kubectl-1.29 delete ns prod"),
        ("kubectl get", "kubectl-1.29 get pods"),
        ("terraform plan", "terraform_1.5.7 destroy"),
        ("helm list", "helm-v3 uninstall x"),
    ],
)
def test_an_allow_stays_literal(allow: str, command: str) -> None:
    assert_allow_stays_literal(allow, command)


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
def test_tcl_by_its_versioned_name_reads_its_input(runs_in: str) -> None:
    for decision, _ in auto_and_allowed("tclsh8.6 <<< 'exec rm -rf /'", runs_in):
        assert decision != "auto_approve"


@pytest.mark.parametrize("command", KEPT)
def test_ordinary_commands_by_those_names_stay(command: str) -> None:
    for runs_in in ("sandbox", "agent"):
        assert auto_and_allowed(command, runs_in)[0] == ("auto_approve", "autonomy"), (command, runs_in)


@pytest.mark.parametrize(
    ("rule", "command"),
    [("kubectl delete", "kubectl-1.29 get pods"), ("terraform destroy", "terraform_1.5.7 plan")],
)
def test_a_deny_does_not_catch_the_other_commands(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


@pytest.mark.parametrize(
    ("name", "program"),
    [
        ("kubectl-1.29.3", "kubectl"),
        ("kubectl.1.29", "kubectl"),
        ("kubectl-v1.30.0", "kubectl"),
        ("terraform_1.5.7", "terraform"),
        ("helm-v3", "helm"),
        ("psql16", "psql"),
        ("pg_dump-16", "pg_dump"),
        ("cargo-1.75", "cargo"),
        ("md5", None),
        ("sha256", None),
        ("x11", None),
        ("s3", None),
        ("ed25519", None),
        ("kubectl", None),
        ("kubectl.", None),
        ("go1.22", None),
    ],
)
def test_versioned_program_reads_only_the_table(name: str, program: str | None) -> None:
    assert versioned_program(name) == program
