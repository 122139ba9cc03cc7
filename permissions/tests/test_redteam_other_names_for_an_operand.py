"""Red team, other names for the same operand or option past a deny (R4.10: deny and ask match the act, not its
spelling): kubectl's names for a resource type (`secret`, `secrets`, `Secret`, `secrets.v1`, `secret/x`,
`pods,secrets`), chmod's modes by what they leave (`777`, `0777`, `a+rwx`, `ugo=rwx`), npm's names for its
cache's subcommands (`clean`, `clear`, `rm`), the pathspecs that name the whole work tree (`.`, `:/`,
`:(top)`), `--no-X` for `--X=false` where the parser reads it so (npm's nopt, git's parse-options), and the
history readers' long and short spellings (`git log -p` / `--patch` / `-u`). The data is in the option
tables; an allow pattern stays literal (R4.8).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import term

CASES = [
    # kubectl: one resource type, every name kubectl resolves to it
    ("kubectl get secret", "kubectl get secrets"),
    ("kubectl get secret", "kubectl get Secret"),
    ("kubectl get secret", "kubectl get SECRETS"),
    ("kubectl get secret", "kubectl get secrets.v1"),
    ("kubectl get secret", "kubectl get secret.v1."),
    ("kubectl get secret", "kubectl get secret/db-password"),
    ("kubectl get secret", "kubectl get secrets/db-password -o yaml"),
    ("kubectl get secret", "kubectl get pods,secrets"),
    ("kubectl get secret", "kubectl get cm,secret,svc -A"),
    ("kubectl get secret", "kubectl -n prod get Secret/x"),
    ("kubectl get secrets", "kubectl get secret"),
    ("kubectl get secret x", "kubectl get secret/x"),
    ("kubectl get secret x", "kubectl get secrets/x -o jsonpath={.data}"),
    ("kubectl describe secret", "kubectl describe secrets/x"),
    ("kubectl delete ns", "kubectl delete namespace prod"),
    ("kubectl delete namespace", "kubectl delete ns/prod"),
    ("kubectl delete namespace", "kubectl delete Namespace prod"),
    ("kubectl delete deployment", "kubectl delete deploy/api"),
    ("kubectl delete deployment", "kubectl delete deployments.apps api"),
    ("kubectl delete deployment", "kubectl delete deployments.v1.apps/api"),
    ("kubectl scale statefulset", "kubectl scale sts/db --replicas=0"),
    ("kubectl delete pvc", "kubectl delete persistentvolumeclaims data"),
    ("kubectl edit configmap", "kubectl edit cm/app"),
    ("kubectl rollout restart deployment", "kubectl rollout restart deploy/api"),
    # chmod: modes by the permissions they leave
    ("chmod 777", "chmod 0777 f"),
    ("chmod 777", "chmod 00777 f"),
    ("chmod 777", "chmod a+rwx f"),
    ("chmod 777", "chmod ugo+rwx f"),
    ("chmod 777", "chmod a=rwx f"),
    ("chmod 777", "chmod =rwx f"),
    ("chmod 777", "chmod +rwx f"),
    ("chmod 777", "chmod u=rwx,g=rwx,o=rwx f"),
    ("chmod 777", "chmod u+rwx,go+rwx f"),
    ("chmod 777", "chmod -R a+rwX ."),
    ("chmod 777", "chmod --recursive ugo=rwx ."),
    ("chmod a+rwx", "chmod 777 f"),
    ("chmod -R 777", "chmod -R 0777 ."),
    ("chmod 666", "chmod a=rw f"),
    ("chmod 666", "chmod ugo-x,a+rw f"),
    # npm: the cache's subcommands by every name npm gives them
    ("npm cache clean", "npm cache clear"),
    ("npm cache clean", "npm cache rm"),
    ("npm cache clean", "npm cache clear --force"),
    ("npm cache clear", "npm cache clean --force"),
    ("npm cache verify", "npm cache check"),
    # git: the whole work tree from its top
    ("git checkout .", "git checkout :/"),
    ("git checkout .", "git checkout -- :/"),
    ("git checkout .", "git checkout ':(top)'"),
    ("git checkout .", "git checkout -- ./"),
    ("git checkout .", "git checkout :/."),
    ("git checkout -- .", "git checkout :/"),
    ("git restore .", "git restore :/"),
    ("git restore .", "git restore --staged --worktree ':(top)'"),
    ("git add .", "git add :/"),
    ("git clean -fd .", "git clean -fd :/"),
    ("git rm -r .", "git rm -r ':(top)'"),
    # negated flags, as the parser reads them
    ("npm install --ignore-scripts=false", "npm install --no-ignore-scripts"),
    ("npm install --ignore-scripts=false", "npm i x --no-ignore-scripts"),
    ("npm install --no-ignore-scripts", "npm install --ignore-scripts=false"),
    ("npm install --no-ignore-scripts", "npm add x --ignore-scripts=0"),
    ("npm publish --provenance=false", "npm publish --no-provenance"),
    ("pnpm install --ignore-scripts=false", "pnpm install --no-ignore-scripts"),
    # git's history readers: one option, every spelling
    ("git log -p", "git log --patch"),
    ("git log -p", "git log -u"),
    ("git log -p", "git log --oneline --patch main"),
    ("git log --patch", "git log -p"),
    ("git show -p", "git show --patch HEAD"),
    ("git diff --cached", "git diff --staged"),
    ("git diff --staged", "git diff --cached HEAD"),
    ("git log -p", "git log --patch --all"),
    ("git log --name-only", "git log --oneline --name-only"),
]


@pytest.mark.parametrize(("pattern", "command"), CASES)
def test_a_deny_matches_another_name_for_the_same_act(pattern, command):  # R4.10
    v = term(command, deny=(f"Terminal({pattern})",))
    assert (v.decision, v.reason) == ("deny", "deny_rule"), (pattern, command, v.reason)


@pytest.mark.parametrize(("pattern", "command"), CASES)
def test_an_ask_matches_another_name_for_the_same_act(pattern, command):  # R4.10
    v = term(command, ask=(f"Terminal({pattern})",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), (pattern, command, v.reason)


# Other acts stay other acts.
DIFFERENT = [
    ("kubectl get secret", "kubectl get pods"),
    ("kubectl get secret", "kubectl get configmaps"),
    ("kubectl get secret", "kubectl get secretstores"),
    ("kubectl delete ns", "kubectl delete pods ns"),
    ("chmod 777", "chmod 755 f"),
    ("chmod 777", "chmod u+x f"),
    ("chmod 777", "chmod go-rwx f"),
    ("chmod 777", "chmod g=u f"),
    ("npm cache clean", "npm cache ls"),
    ("npm cache clean", "npm cache verify"),
    ("git checkout .", "git checkout src"),
    ("git checkout .", "git checkout main"),
    ("npm install --ignore-scripts=false", "npm install --ignore-scripts"),
    ("git log -p", "git log --oneline"),
    ("git log -p", "git log --stat"),
    ("git diff --cached", "git diff HEAD"),
]


@pytest.mark.parametrize(("pattern", "command"), DIFFERENT)
def test_a_deny_does_not_match_another_act(pattern, command):  # R4.10: a floor of meaning, not a guess
    assert term(command, deny=(f"Terminal({pattern})",)).reason != "deny_rule", (pattern, command)


@pytest.mark.parametrize(
    ("allow", "command"),
    [
        ("kubectl get secret", "kubectl get secrets"),
        ("kubectl get secret", "kubectl get Secret"),
        ("chmod 777", "chmod a+rwx f"),
        ("npm cache clean", "npm cache clear"),
        ("git checkout .", "git checkout :/"),
        ("git log -p", "git log --patch"),
    ],
)
def test_an_allow_stays_literal(allow, command):  # R4.8: meaning widens only what is refused
    assert term(command, allow=(f"Terminal({allow})",)).decision != "auto_approve", (allow, command)
