"""§5 step 6: external-effect and privileged detection (RN-418)."""

import pytest

from permissions.caps import external_effect, privileged
from permissions.shell import parse_command


def w(cmd):
    return parse_command(cmd).segments[0].words


@pytest.mark.parametrize(
    "command",
    [
        "git push",
        "git push origin main",
        "git remote add up x",
        "git remote set-url origin x",
        "git merge dev",
        "git -C /tmp push",
        "git -c a=b push",
        "git --git-dir=/x/.git push",
        "git --no-pager push",
        "gh pr create",
        "gh pr merge 3",
        "gh release create v1",
        "gh workflow run ci",
        "gh -R a/b pr create",
        "glab mr create",
        "glab mr merge 1",
        "glab release create",
        "kubectl apply -f x",
        "kubectl -n prod delete pod x",
        "kubectl create ns x",
        "kubectl replace -f x",
        "kubectl patch x",
        "helm install x",
        "helm upgrade x y",
        "terraform apply",
        "terraform -chdir=infra destroy",
        "docker push img",
        "npm publish",
        "pnpm publish",
        "yarn publish",
        "yarn npm publish",
        "twine upload dist/*",
        "cargo publish",
        "env git push",
        "/usr/bin/git push",
        "sudo git push",
        "timeout 60 kubectl apply -f x",
    ],
)
def test_s5_caps_external_effect_commands(command):
    # §5 step 6 caps list; git global options are skipped (git -C /tmp push is git push)
    assert external_effect(w(command))


@pytest.mark.parametrize(
    "command",
    [
        "git status",
        "git pull",
        "git remote -v",
        "git remote show origin",
        "gh pr list",
        "gh pr view 3",
        "kubectl get pods",
        "helm list",
        "terraform plan",
        "docker build .",
        "npm run prepublishOnly",
        "cargo test",
        "git log --merges",
        "echo git push",
    ],
)
def test_s5_caps_read_only_commands_are_not_external(command):
    assert not external_effect(w(command))


@pytest.mark.parametrize("command", ["sudo ls", "doas ls", "env sudo ls", "/usr/bin/sudo ls", "nohup sudo x"])
def test_s5_caps_privileged_verbs(command):
    # §5: privileged: sudo, doas as the verb of any segment
    assert privileged(w(command))


def test_s5_caps_sudo_as_argument_is_not_privileged():
    assert not privileged(w("echo sudo"))


# [beyond] more of the same acts than SPEC's list names; a cap only asks a person, so listing more fails closed.
@pytest.mark.parametrize(
    "command",
    [
        "git lfs push origin main",
        "gh repo delete acme/app --yes",
        "gh secret set TOKEN",
        "gh api -X DELETE repos/acme/app",
        "gh api repos/acme/app/issues -f title=x",
        "gh api --method=POST repos/acme/app/forks",
        "glab api -XPUT projects/1",
        "kubectl scale deploy/web --replicas=0",
        "kubectl rollout restart deploy/web",
        "kubectl exec -it web -- sh",
        "helm uninstall web",
        "terraform state rm aws_instance.web",
        "docker compose push",
        "npm unpublish pkg@1.0.0",
        "cargo yank --version 1.0.0",
    ],
)
def test_more_external_effects_are_capped(command):
    assert external_effect(parse_command(command).segments[0].words), command


@pytest.mark.parametrize(
    "command",
    [
        "gh api repos/acme/app",
        "gh api -X GET repos/acme/app/pulls",
        "kubectl get pods",
        "kubectl rollout status deploy/web",
        "helm list",
        "terraform plan",
        "terraform state list",
        "docker compose up -d",
        "npm view pkg",
        "cargo build",
    ],
)
def test_reading_with_the_same_tools_is_not_capped(command):
    assert not external_effect(parse_command(command).segments[0].words), command
