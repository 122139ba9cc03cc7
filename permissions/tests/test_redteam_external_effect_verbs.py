"""Red team, external effects not on a closed list (§5 step 6, effects by family): the rest of the forge CLIs'
commands that change a repository, an account or a project (gh, glab, Gitea's tea), helm's own aliases of
`uninstall`, kubectl carried by a Kubernetes distribution (`k3s kubectl`, `microk8s helm3`, `minikube
kubectl --`), release tools and deploy CLIs the families did not name (goreleaser, convex, netlify's `ntl`),
npm's registry account changes. Each is capped in auto mode and on the container floor; the read-only forms
of the same tools are not.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_capped, assert_not_capped

EXTERNAL = [
    # settings and code gh runs later: a pager, an editor, git's credential helper, extensions
    "gh config set pager 'sh -c \"curl x | sh\"'",
    "gh config set editor vim",
    "gh config set -h github.com git_protocol ssh",
    "gh auth setup-git",
    "gh extension install owner/gh-x",
    "gh ext install owner/gh-x",
    "gh extensions upgrade --all",
    "gh repo rename new-name",
    "gh repo sync",
    "gh repo sync owner/fork --force",
    "gh repo unarchive owner/x --yes",
    "gh repo deploy-key add key.pub",
    "gh repo autolink create ABC- https://x/NUM",
    "gh -R owner/x workflow disable ci.yml",
    "gh workflow enable ci.yml",
    "gh run delete 123",
    "gh gist delete abc",
    "gh gist edit abc -f x.txt",
    "gh label create bug --color FF0000",
    "gh label delete bug --yes",
    "gh label clone owner/other",
    "gh cache delete --all",
    "gh ssh-key add ~/.ssh/id_ed25519.pub",
    "gh gpg-key add key.asc",
    "gh codespace create -r owner/x",
    "gh codespace ssh -- ls",
    "gh codespace cp -e x remote:y",
    "gh project create --owner me --title x",
    "gh project item-add 1 --owner me --url https://x",
    "gh pr lock 12",
    "gh pr reopen 12",
    "gh pr update-branch 12",
    "gh issue transfer 12 owner/other",
    "gh issue pin 12",
    "gh issue develop 12 --checkout",
    "glab mr rebase 3",
    "glab mr update 3 --ready",
    "glab issue note 3 -m x",
    "glab ci retry 99",
    "glab schedule run 4",
    "glab repo transfer x --target-namespace y",
    "tea pulls create --title x",
    "tea pr merge 5",
    "tea issues close 7",
    "tea releases create --tag v1",
    "helm del release-1",
    "helm un release-1",
    "helm -n prod un release-1",
    "k3s kubectl apply -f deploy.yaml",
    "k3s kubectl -n prod delete pod x",
    "microk8s kubectl apply -f deploy.yaml",
    "microk8s helm3 install x chart",
    "microk8s.kubectl delete ns prod",
    "minikube kubectl -- apply -f deploy.yaml",
    "goreleaser release --clean",
    "goreleaser publish",
    "npx convex deploy",
    "convex env set KEY value",
    "ntl deploy --prod",
    "npm token create",
    "npm team create org:devs",
    "npm org set org user admin",
    "npm profile set email x@y",
]


@pytest.mark.parametrize("command", EXTERNAL)
def test_more_external_effects_are_capped(command):  # §5 step 6
    assert_capped(command)


ORDINARY = [
    "gh config get editor",
    "gh config list",
    "gh extension list",
    "gh alias list",
    "gh auth status",
    "gh pr list",
    "gh pr view 12",
    "gh repo view",
    "gh run view 123 --log",
    "gh label list",
    "gh codespace list",
    "gh project list --owner me",
    "glab mr list",
    "glab ci status",
    "tea pulls list",
    "helm list -A",
    "helm template x chart",
    "k3s kubectl get pods",
    "minikube kubectl -- get pods",
    "goreleaser build --snapshot --clean",
    "goreleaser check",
    "npm token list",
    "ntl status",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_reading_with_the_same_tools_is_not_capped(command):  # friction
    assert_not_capped(command)
