"""Red team, R4.10: deny and ask rules people write, met by the act spelled another way (more families).

SPEC R4.10: "a deny or ask pattern's options match the same options however written ... The same program reached
by another name is the same program"; R4.8: allow stays literal. Each of the 116 DENIED cases was auto-approved, or
only asked by a cap, under a deny of its pattern (and was not asked for by an ask of it) on the base this branch
started from (0766094), where it runs in the sandbox and in the agent:

- gh (cobra / pflag) had no option table: `gh pr merge 12 --admin` (the flag after the pull request),
  `--admin=true`, `-R o/r` before the command, `gh api repos/o/r -X DELETE`, `-XDELETE`, `--method=DELETE`
  met a deny by spelling only, and `gh api -f x=y` (a POST, gh's documentation) a deny of `gh api -X POST`.
  gsutil had none either: `gsutil -m rm -r`, `rm -R`, `rm -ra`, `rsync -rd`; nor twine (argparse): `twine
  --no-color upload`, `--no-c`, `--repository=pypi` for `-r pypi`, `--skip` for `--skip-existing`.
- pflag reads a short option's value after `=` (`docker run -v=/:/host`, `kubectl -n=prod`, `helm -n=prod`);
  docker's bind mount is one mount however written: `//:/host`, `/.:/host/`, with a mode (`:ro`, `:rw,z`: a deny
  of mounting the host's root also refuses it read-only), or `--mount type=bind,source=/,target=/host`.
- terraform: `terraform apply PLANFILE` applies a saved plan without asking (Terraform's documentation), the act
  of `-auto-approve`; terragrunt hands its command line to terraform (as OpenTofu reads it).
- gcloud's release tracks (`gcloud beta projects delete`) run the same command; `gcloud storage rm -r` / `-R` is
  `--recursive`.
- git settings given with `-c` that do an option's act (git's documentation): `clean.requireForce=false` lets
  `git clean` delete without `-f`; a `+` push refspec (`remote.origin.push=+...`) force-pushes, and
  `remote.<name>.mirror` pushes as `--mirror` (which forces).
- GNU rm's `--interactive=never` (`=no`, `=none`, and the prefixes its argmatch takes) never prompts: the act of
  `-f`. `git send-pack` is the plumbing `git push` runs: `--force` and `+ref` force-push.
- nopt reads `--X=false` as `--no-X` for every flag: pnpm's `--git-checks=false` (also from `npm_config_git_checks`
  or `PNPM_CONFIG_GIT_CHECKS`) is `--no-git-checks`, `--bail=false` `--no-bail`, npm's `--git-tag-version=false`
  and `--bin-links=false` likewise -- the tables named only the `--no-` spelling.
- npm: `npm install-test` / `npm it` is `npm install` then `npm test` with install's options (npm's
  documentation), `npm install-ci-test` / `npm cit` / `npm sit` is `npm ci` then the tests.
- `python -m awscli` is the aws CLI; podman, nerdctl and finch read docker's command line (as
  permissions.commands.containers reads them): a privileged container whichever engine starts it.

HELD lists cases of the same families that already held on base (guards). NOT_CAUGHT: friction -- commands a
deny or an ask of the family must not catch (`git push -u origin feat` under a deny of `git push --force`, a
volume mount of another folder, `gh pr merge 1 --admin=false`, `terraform apply` with no plan, `npm it` alone).

Each case is tried under auto mode and behind an allow of every word it holds, where it runs in the sandbox and in
the agent.
"""

from __future__ import annotations

import pytest

from .helpers import (
    assert_allow_stays_literal,
    assert_rule_does_not_catch,
    assert_rule_refuses,
)

RUNS_IN = ("sandbox", "agent")

DENIED = [
    ("gh pr merge --admin", "sudo gh pr merge 1 --admin"),
    ("gh pr merge --admin", "env GH_TOKEN=x gh pr merge 1 --admin"),
    ("gh pr merge --admin", "/opt/homebrew/bin/gh pr merge 1 --admin"),
    ("gh pr merge --admin", "gh pr merge 1 --squash --admin --delete-branch"),
    ("gh pr merge --admin", "gh pr merge -sd --admin 1"),
    ("gh pr merge --admin", "timeout 30 gh pr merge 1 --admin"),
    ("gh pr merge --admin", "gh pr merge https://github.com/o/r/pull/1 --admin"),
    ("gh pr merge --admin", "gh pr merge -b msg --admin 1"),
    ("gh pr merge --admin", "gh pr merge --body=msg 1 --admin=1"),
    ("gh repo delete", "gh --repo o/r repo delete --yes"),
    ("gh release delete", "gh -R o/r release delete v1"),
    ("gh release delete --cleanup-tag", "gh release delete v1 -y --cleanup-tag"),
    ("gh release delete --cleanup-tag", "gh release delete --cleanup-tag=true v1"),
    ("gh pr close --delete-branch", "gh pr close 3 -d"),
    ("gh api -X DELETE", "gh api repos/o/r -X DELETE"),
    ("gh api -X DELETE", "gh api -XDELETE repos/o/r"),
    ("gh api -X DELETE", "gh api --method=DELETE repos/o/r"),
    ("gh api -X DELETE", "gh api --method DELETE repos/o/r"),
    ("gh api -X DELETE", "gh api repos/o/r --method DELETE --silent"),
    ("gh api --method DELETE", "gh api -X DELETE repos/o/r"),
    ("gh api -X POST", "gh api repos/o/r/issues -f title=x"),
    ("docker run --privileged", "podman run --privileged x"),
    ("rm -rf", "rm -r --interactive=never build"),
    ("pnpm publish --no-git-checks", "npm_config_git_checks=false pnpm publish"),
    ("pnpm publish --no-git-checks", "PNPM_CONFIG_GIT_CHECKS=false pnpm publish"),
    ("pnpm publish --no-git-checks", "pnpm publish --git-checks=false"),
    ("pnpm -r test --no-bail", "pnpm -r test --bail=false"),
    ("npm version patch --no-git-tag-version", "npm version patch --git-tag-version=false"),
    ("npm install --no-bin-links", "npm install --bin-links=false"),
    ("rm -rf", "rm -R --interactive=n build"),
    ("rm -rf", "rm --recursive --inter=none build"),
    ("rm -rf", "rm -r --interactive=no build"),
    ("git push --force", "git send-pack --force origin main"),
    ("git push --force", "git send-pack --forc git@github.com:o/r main"),
    ("git push --force", "git send-pack origin +main"),
    ("git push --force", "/usr/lib/git-core/git-send-pack --force origin main"),
    ("git push", "git send-pack origin main"),
    ("docker run --privileged", "nerdctl run --privileged=true x"),
    ("docker run --privileged", "finch run --privileged x"),
    ("docker run -v /:/host", "podman run -v=/:/host x"),
    ("docker system prune -a", "podman system prune -af"),
    ("twine upload", "twine --no-color upload dist/*"),
    ("twine upload", "twine --no-c upload dist/*"),
    ("twine upload -r pypi", "twine upload --repository=pypi dist/*"),
    ("twine upload -r pypi", "python -m twine upload dist/* -r pypi"),
    ("twine upload --skip-existing", "twine upload --skip dist/*"),
    ("gh api --method POST", "gh api repos/o/r/issues --input body.json"),
    ("gh secret set", "gh -R o/r secret set X"),
    ("gh workflow run", "gh -R o/r workflow run deploy.yml"),
    ("gh repo edit --visibility public", "gh repo edit --visibility=public"),
    (
        "gh repo edit --visibility public",
        "gh repo edit o/r --visibility public --accept-visibility-change-consequences",
    ),
    ("docker run -v /:/host", "docker run -v=/:/host alpine"),
    ("docker run -v /:/host", "docker run --volume=//:/host alpine"),
    ("docker run -v /:/host", "docker run -v /:/host:ro alpine"),
    ("docker run -v /:/host", "docker run -v /:/host:rw,z alpine"),
    ("docker run -v /:/host", "docker run -v /.:/host/ alpine"),
    ("docker run -v /:/host", "docker run --mount type=bind,source=/,target=/host alpine"),
    ("docker run -v /:/host", "docker run --mount type=bind,src=/,dst=/host,readonly alpine"),
    ("docker run -v /:/host", "docker run --mount=type=bind,source=/,destination=/host alpine"),
    ("docker run -v /:/host", "docker container run --mount src=/,target=/host,type=bind alpine"),
    (
        "docker run -v /var/run/docker.sock:/var/run/docker.sock",
        "docker run -v=/var/run/docker.sock:/var/run/docker.sock alpine",
    ),
    (
        "docker run -v /var/run/docker.sock:/var/run/docker.sock",
        "docker run --mount type=bind,source=/var/run/docker.sock,target=/var/run/docker.sock alpine",
    ),
    (
        "docker run -v /var/run/docker.sock:/var/run/docker.sock",
        "docker run -v //var/run/docker.sock:/var/run/docker.sock:ro alpine",
    ),
    ("docker run -u root", "docker run -u=0 alpine"),
    ("kubectl delete -n prod", "kubectl delete -n=prod pod x"),
    ("kubectl delete -n prod", "kubectl -n=prod delete pod x"),
    ("helm uninstall -n prod", "helm uninstall -n=prod x"),
    ("terraform apply -auto-approve", "terraform apply tfplan"),
    ("terraform apply -auto-approve", "terraform apply -input=false tfplan"),
    ("terraform apply -auto-approve", "terraform -chdir=infra apply plan.out"),
    ("terraform apply -auto-approve", "tofu apply tfplan"),
    ("terraform apply -auto-approve", "terragrunt apply -auto-approve"),
    ("terraform apply -auto-approve", "terragrunt apply tfplan"),
    ("terraform destroy", "terragrunt destroy"),
    ("terraform destroy", "terragrunt apply -destroy"),
    ("terraform destroy", "terragrunt --terragrunt-non-interactive destroy"),
    ("terraform apply", "terragrunt apply"),
    ("gcloud projects delete", "gcloud beta projects delete p"),
    ("gcloud projects delete", "gcloud alpha projects delete p"),
    ("gcloud projects delete", "gcloud --quiet beta projects delete p"),
    ("gcloud compute instances delete", "gcloud beta compute instances delete vm"),
    ("gcloud compute instances delete", "gcloud alpha compute instances delete vm --zone z"),
    ("gcloud sql instances delete", "gcloud beta sql instances delete db"),
    ("gcloud storage rm", "gcloud alpha storage rm gs://b/x"),
    ("gcloud storage rm --recursive", "gcloud storage rm -r gs://b"),
    ("gcloud storage rm --recursive", "gcloud storage rm gs://b -R"),
    ("gcloud storage rm -r", "gcloud storage rm --recursive gs://b"),
    ("gsutil rm -r", "gsutil -m rm -r gs://b"),
    ("gsutil rm -r", "gsutil rm -R gs://b"),
    ("gsutil rm -r", "gsutil rm -rf gs://b"),
    ("gsutil rm -r", "gsutil -m rm -ra gs://b"),
    ("gsutil rm -r", "gsutil rm gs://b -r"),
    ("gsutil rm -r", "gsutil -o x=y -m rm -r gs://b"),
    ("gsutil rsync -d", "gsutil -m rsync -r -d . gs://b"),
    ("gsutil rsync -d", "gsutil rsync -rd . gs://b"),
    ("gsutil rsync -d", "gsutil rsync -dr . gs://b"),
    ("gsutil rm", "gsutil -m rm gs://b/x"),
    ("git clean -f", "git -c clean.requireForce=false clean -d"),
    ("git clean -f", "git -c clean.requireforce=no clean"),
    ("git clean -fdx", "git -c clean.requireForce=0 clean -dx"),
    ("git clean -fdx", "git -c CLEAN.REQUIREFORCE=off clean -xd"),
    ("git clean -f", "git -c clean.requireForce= clean -d"),
    ("git push --force", "git -c remote.origin.push=+refs/heads/*:refs/heads/* push"),
    ("git push --force", "git -c remote.origin.push=+HEAD:refs/heads/main push origin"),
    ("git push --force", "git -c remote.origin.mirror=true push origin"),
    ("git push --force", "git -c remote.origin.mirror push origin"),
    ("git push --mirror", "git -c remote.origin.mirror=true push"),
    ("npm install -g", "npm it -g x"),
    ("npm install -g", "npm install-test --global x"),
    ("npm install -g", "npm it --location=global x"),
    ("npm ci", "npm cit"),
    ("npm ci", "npm install-ci-test"),
    ("npm ci", "npm sit"),
    ("aws s3 rm --recursive", "python -m awscli s3 rm s3://b --recursive"),
    ("gsutil rm -r", "pipx run gsutil -m rm -r gs://b"),
    ("aws s3 rm --recursive", "python3 -m awscli --profile p s3 rm s3://b --recursive"),
]

HELD = [
    ("gh pr merge --admin", "gh pr merge --admin -- 1"),
    ("gh repo delete", "gh repo delete --yes"),
    ("gh repo delete", "gh repo delete o/r --confirm"),
    ("gh release delete", "gh release delete v1 --cleanup-tag -y"),
    ("gh secret set", "gh secret set X -b y"),
    ("gh workflow run", "gh workflow run deploy.yml -f env=prod"),
    ("docker run --privileged", "docker run --privileged=1 alpine"),
    ("docker run -u root", "docker run --user=0:0 alpine"),
    ("gsutil rb", "gsutil rb -f gs://b"),
    ("aws s3 rm --recursive", "uvx --from awscli aws s3 rm s3://b --recursive"),
    ("aws s3 rm --recursive", "pipx run --spec awscli aws s3 rm s3://b --recursive"),
    ("aws s3 rm --recursive", "uv run aws s3 rm s3://b --recursive"),
    ("aws s3 rm --recursive", "poetry run aws s3 rm s3://b --recursive"),
    ("gsutil rm -r", "uvx gsutil rm -r gs://b"),
    ("npm publish", "pnpm exec npm publish"),
    ("npm publish", "yarn exec npm publish"),
    ("npm publish", "bunx npm publish"),
    ("npm publish", "pnpm dlx npm publish"),
    ("npm publish", "yarn dlx npm publish"),
    ("npm publish", "npx --yes npm@latest publish"),
    ("npm publish", "npm exec --yes -- npm publish"),
    ("npm publish", "npm x npm publish"),
    ("npm publish", "pnpm --filter x exec npm publish"),
    ("npm publish", "pnpm -r exec npm publish"),
    ("npm publish", "yarn workspaces foreach -A exec npm publish"),
    ("npm publish", "npm exec --workspaces -- npm publish"),
    ("pnpm publish", "corepack pnpm -r publish"),
    ("pnpm publish", "npx pnpm publish"),
    ("pnpm publish", "npx pnpm@9 publish --no-git-checks"),
    ("pnpm publish", "corepack pnpm@9.1.0 publish"),
    ("pnpm publish", "pnpm --workspace-root publish"),
    ("pnpm publish", "pnpm -F x publish"),
    ("yarn npm publish", "corepack yarn@4 npm publish"),
    ("yarn npm publish", "npx yarn npm publish"),
    ("twine upload", "pdm run twine upload dist/*"),
    ("twine upload", "python3 -m twine upload --skip-existing dist/*"),
    ("twine upload", "uvx twine upload --repository pypi dist/*"),
    ("cargo publish", "cargo +stable publish --no-verify"),
    ("cargo publish", "cargo publish --workspace"),
    ("cargo publish", "rustup run nightly cargo publish"),
    ("terraform apply -auto-approve", "npx terraform apply -auto-approve"),
    ("gh repo delete", "env -i gh repo delete o/r --yes"),
    ("kubectl delete", "kubectl --namespace prod delete deploy x"),
    ("kubectl delete", "sudo -E kubectl delete pod x"),
    ("kubectl delete", "xargs kubectl delete pod < pods"),
    ("kubectl delete", "echo x | xargs -I{} kubectl delete pod {}"),
    ("kubectl delete", "nice -n 19 kubectl delete pod x"),
    ("kubectl delete", "stdbuf -oL kubectl delete pod x"),
    ("kubectl delete", "timeout -s KILL 5 kubectl delete pod x"),
    ("kubectl delete", "time -p kubectl delete pod x"),
    ("kubectl delete", "command -p kubectl delete pod x"),
    ("kubectl delete", "exec -a x kubectl delete pod x"),
    ("kubectl delete", "env -u KUBECONFIG kubectl delete pod x"),
    ("docker run --privileged", "sudo -g docker docker run --privileged x"),
    ("docker run --privileged", "timeout --signal=KILL 5 docker run --privileged x"),
    ("docker run --privileged", "xargs -n1 docker run --privileged < imgs"),
    ("docker system prune -a", "sudo docker system prune -af"),
    ("git push --force", "xargs -r git push -f origin < b"),
    ("git push --force", "env -C /repo git push -f"),
    ("git push --force", "nice -10 git push -f"),
    ("git push --force", "timeout --preserve-status 5 git push -f"),
    ("git push --force", "stdbuf -i0 -o0 git push -f"),
    ("git push --force", "sudo -H -u dev git push -f"),
    ("git push --force", "sudo --user=dev git push -f"),
    ("helm uninstall", "sudo helm uninstall x"),
    ("chmod -R 777", "sudo -n chmod -R a+rwx /srv"),
    ("rm -rf", "sudo -s rm -rf x"),
    ("git clean -fdx", "/usr/lib/git-core/git-clean -fdx"),
    ("git clean -fdx", "git-clean -xdf"),
    ("git rebase -i", "/usr/libexec/git-core/git-rebase -i main"),
    ("git rebase -i", "git -c alias.ri='rebase -i' ri main"),
    ("git rebase -i", "git -c alias.r=rebase r --inter main"),
    ("git branch -D", "git -c alias.bd='branch -D' bd x"),
    ("git tag -d", "git-tag -d v1"),
    ("git tag -d", "git -c alias.td='tag -d' td v1"),
    ("git stash drop", "/usr/lib/git-core/git-stash drop"),
    ("git stash clear", "git -c alias.sc='stash clear' sc"),
    ("git reset --hard", "git -c alias.rh='!git reset --hard' rh"),
    ("git reset --hard", "git -c alias.x='!sh -c \"git reset --hard\"' x"),
    ("git push --force", "git -c alias.pf='!git push -f' pf"),
    ("git commit --no-verify", "git -c alias.c='commit --no-verify' c -m x"),
    ("git push origin --delete", "git -c alias.del='push origin --delete' del feat"),
    ("git push --delete", "git-push origin :feat"),
    ("docker run --privileged", "docker run --privileged=t alpine"),
    ("docker run --privileged", "docker run --privileged=TRUE alpine"),
    ("docker run --privileged", "docker run --privileged=True alpine"),
    ("terraform apply -auto-approve", "terraform apply -auto-approve=1"),
    ("terraform apply -auto-approve", "terraform apply -auto-approve=t"),
    ("kubectl delete --all", "kubectl delete pods --all=true"),
    ("kubectl delete --all", "kubectl delete --all=1 pods"),
    ("helm uninstall", "helm uninstall --namespace=x y"),
    ("npm install -g", "npm i -g=true x"),
    ("npm install -g", "npm i --global=1 x"),
    ("npm publish --access public", "npm publish --access=public"),
    ("npm publish --tag latest", "npm publish --tag=latest"),
    ("pip install --break-system-packages", "pip install --break-system-packages=true x"),
    ("pip install --index-url https://evil", "pip install -i https://evil x"),
    ("pip install --index-url https://evil", "pip install --index-u https://evil x"),
    ("pip install --index-url https://evil", "pip install --index-url=https://evil x"),
    ("pip install --index-url https://evil", "pip install -ihttps://evil x"),
]

NOT_CAUGHT = [
    ("git push --force", "git push"),
    ("git push --force", "git push -u origin feat"),
    ("git push --force", "git -c remote.origin.push=refs/heads/feat:refs/heads/feat push"),
    ("git push --force", "git -c remote.origin.mirror=false push origin"),
    ("git clean -f", "git -c clean.requireForce=true clean -n"),
    ("git clean -f", "git clean -n"),
    ("gh pr merge --admin", "gh pr merge 1 --squash"),
    ("gh pr merge --admin", "gh pr merge 1 --admin=false"),
    ("gh pr merge --admin", "gh pr view 1 --comments"),
    ("gh pr merge --admin", "gh pr list --state merged"),
    ("gh pr merge --admin", "gh pr merge -b --admin 1"),
    ("gh repo delete", "gh repo view o/r"),
    ("gh repo delete", "gh repo clone o/r"),
    ("gh repo delete", "gh release delete v1"),
    ("gh release delete", "gh release list"),
    ("gh release delete", "gh release view v1"),
    ("gh release delete", "gh release delete-asset v1 a.zip"),
    ("gh api -X DELETE", "gh api repos/o/r"),
    ("gh api -X DELETE", "gh api repos/o/r/pulls -X GET"),
    ("gh api -X DELETE", "gh api -f x=DELETE repos/o/r"),
    ("gh api -X POST", "gh api repos/o/r/issues"),
    ("docker run --privileged", "podman run x"),
    ("rm -rf", "rm -r --interactive=always build"),
    ("pnpm publish --no-git-checks", "pnpm publish --git-checks"),
    ("pnpm publish --no-git-checks", "pnpm publish"),
    ("npm version patch --no-git-tag-version", "npm version patch"),
    ("rm -rf", "rm -r --interactive build"),
    ("rm -rf", "rm -r --interactive=once build"),
    ("git push --force", "git send-pack origin main"),
    ("git push --force", "git send-pack --dry-run origin main"),
    ("docker run --privileged", "podman ps"),
    ("twine upload -r pypi", "twine upload -r testpypi dist/*"),
    ("twine upload", "twine check dist/*"),
    ("gh api -X POST", "gh api -X GET repos/o/r/issues -f state=open"),
    ("docker run -v /:/host", "docker run -v /data:/host alpine"),
    ("docker run -v /:/host", 'docker run -v "$PWD":/app alpine'),
    ("docker run -v /:/host", "docker run --mount type=volume,source=/,target=/host alpine"),
    ("docker run -v /:/host", "docker run -v /:/other alpine"),
    ("docker run -v /:/host", "docker run alpine -v /:/host"),
    ("docker run --privileged", "docker run --privileged=false alpine"),
    ("docker run --privileged", "docker run alpine --privileged"),
    ("kubectl delete -n prod", "kubectl get -n=prod pods"),
    ("terraform apply -auto-approve", "terraform apply"),
    ("terraform apply -auto-approve", "terraform plan -out tfplan"),
    ("terraform apply -auto-approve", "terraform show tfplan"),
    ("terraform destroy", "terragrunt plan"),
    ("terraform destroy", "terragrunt init"),
    ("gcloud projects delete", "gcloud beta projects list"),
    ("gcloud projects delete", "gcloud projects describe p"),
    ("gcloud storage rm --recursive", "gcloud storage rm gs://b/x"),
    ("gcloud storage rm --recursive", "gcloud storage ls -r gs://b"),
    ("gsutil rm -r", "gsutil rm gs://b/x"),
    ("gsutil rm -r", "gsutil ls -r gs://b"),
    ("gsutil rm -r", "gsutil -m cp -r . gs://b"),
    ("gsutil rsync -d", "gsutil rsync -r . gs://b"),
    ("npm install -g", "npm it"),
    ("npm install -g", "npm it x"),
    ("npm install -g", "npm install"),
    ("npm ci", "npm test"),
    ("npm ci", "npm install-test"),
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), DENIED)
def test_a_deny_refuses_the_act_however_spelled(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), DENIED)
def test_an_ask_asks_for_it(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, "ask")


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), HELD)
def test_guards_that_held_on_base(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize(("rule", "command"), NOT_CAUGHT)
def test_what_the_rule_does_not_name_is_not_caught(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)


@pytest.mark.parametrize(
    ("allow", "command"),
    [
        ("npm install -g", "npm it -g x"),
        ("gsutil rm -r", "gsutil -m rm -R gs://b"),
        ("gcloud projects list", "gcloud beta projects list"),
        ("gh pr view --comments", "gh pr view 1 --comments"),
        ("git clean -n", "git -c clean.requireForce=false clean -n"),
    ],
)
def test_allow_stays_literal(allow: str, command: str) -> None:
    assert_allow_stays_literal(allow, command)
