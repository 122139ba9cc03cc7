"""R4.10 (the same act by another spelling), red team: a deploy tool's command does what another one a team
denies does. `kubectl replace --force` deletes what it names and creates it again, `kubectl apply --prune`
deletes what the files no longer hold: both are also `kubectl delete`; `helm upgrade --install` installs the
release when it is not there: also `helm install`. Yarn 2 and later publish with `yarn npm
publish` (they have no `yarn publish`): a deny of either refuses both. OpenTofu reads Terraform's command
line: a deny of `tofu destroy` refuses `tofu apply -destroy`, as it did for terraform. Each was only capped
(asked) under an allow of the program -- the deny, a team's "never", was not read into it.
"""

from __future__ import annotations

import pytest

from .redteam import in_auto_mode, under_its_allow

CASES = [
    ("kubectl delete", "kubectl replace --force -f deploy.yaml"),
    ("kubectl delete", "kubectl replace -f deploy.yaml --force --grace-period=0"),
    ("kubectl delete", "kubectl -n prod replace --force -f deploy.yaml"),
    ("kubectl delete", "kubectl apply --prune -l app=web -f manifests/"),
    ("kubectl delete", "kubectl apply -f manifests/ --prune --all"),
    ("kubectl delete", "kubectl --context prod apply --prune -l app=web -f k8s/"),
    ("kubectl delete -f", "kubectl replace --force -f deploy.yaml"),
    ("yarn publish", "yarn npm publish"),
    ("yarn publish", "yarn npm publish --access public"),
    ("yarn publish", "yarn npm publish --tag next"),
    ("yarn npm publish", "yarn publish"),
    ("yarn npm publish", "yarn publish --new-version 1.2.3"),
    ("helm install", "helm upgrade --install web ./chart"),
    ("helm install", "helm upgrade -i web ./chart -n prod"),
    ("helm install", "helm upgrade web ./chart --install --atomic -f values.yaml"),
    ("helm install", "helm -n prod upgrade --install --set image.tag=x web ./chart"),
    ("tofu destroy", "tofu apply -destroy"),
    ("tofu destroy", "tofu apply -destroy -auto-approve"),
    ("tofu destroy", "tofu apply --destroy"),
    ("tofu destroy", "tofu destroy -auto-approve"),
    ("tofu destroy -auto-approve", "tofu apply -destroy --auto-approve"),
]


@pytest.mark.parametrize(("deny", "command"), CASES)
def test_the_deny_of_an_act_refuses_its_other_spelling(deny, command):
    v = under_its_allow(command, deny)
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (deny, command, v.reason)
    v = in_auto_mode(command, deny)
    assert v.decision == "deny", (deny, command, v.reason)


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        ("kubectl delete", "kubectl apply -f deploy.yaml"),
        ("kubectl delete", "kubectl replace -f deploy.yaml"),
        ("kubectl delete", "kubectl get pods"),
        ("kubectl delete pod", "kubectl replace --force -f deploy.yaml"),
        ("yarn publish", "yarn npm info react"),
        ("yarn publish", "yarn npm whoami"),
        ("yarn npm publish", "yarn pack"),
        ("helm install", "helm upgrade web ./chart"),
        ("helm install", "helm upgrade web ./chart --reuse-values -f values.yaml"),
        ("helm install", "helm template web ./chart"),
        ("tofu destroy", "tofu plan"),
        ("tofu destroy", "tofu apply -auto-approve"),
    ],
)
def test_the_deny_stays_precise(deny, command):
    assert under_its_allow(command, deny).reason != "deny_rule", (deny, command)
