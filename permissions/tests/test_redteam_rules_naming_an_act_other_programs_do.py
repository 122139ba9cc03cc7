"""Red team, R4.10 ("deny and ask match the act, not its spelling"): an act several programs do -- publishing a
package to the npm registry or to PyPI, installing a JavaScript package for the whole machine, pushing an image --
named by one program's words is the act whichever of them does it.

A team denies `npm publish` and the agent runs `pnpm publish`, `yarn npm publish` or `bun publish`; it denies
`twine upload` and the agent runs `uv publish` or `poetry publish`; it denies `npm install -g` and the agent runs
`pnpm add -g x` or `yarn global add x` (auto-approved in Brabo's sandbox); it denies `docker push` and the agent
runs `docker buildx build --push -t x .`. Each met a cap at best (asked, not denied). A pattern led by one
program's words for such an act is now also led by each other's (matching._SAME_ACTS, _same_act_named), the rest of
its words kept (`npm install -g typescript` is `pnpm add -g typescript`); an image's push is named by its words
alone (`docker build --push` places the image elsewhere). The same holds for a command run as root (`sudo`,
`doas`, `pkexec`, `run0`), a shell on another machine (`ssh`, `mosh`), GNU Wget2 (read by Wget's table), and a
`git pull` that merges what it fetches, read as `git merge` of the branches it names past the remote for the rules
only (matching.PullMeaning: the caps and the protected branches still read it as a pull). Another act of the same
programs stays outside (`git pull --rebase` is no merge).

DENIED: 42 of 44 cases failed on the base this change started from (d2f55ef), as deny or as ask, in the sandbox or
on the agent; `docker image push x` and `podman push x` under `docker push` held already (kept as guards).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("npm publish", "pnpm publish"),
    ("npm publish", "pnpm publish --access public"),
    ("npm publish", "yarn publish"),
    ("npm publish", "yarn npm publish"),
    ("npm publish", "bun publish"),
    ("pnpm publish", "npm publish"),
    ("pnpm publish", "npm pub"),
    ("bun publish", "npm publish --tag next"),
    ("npm publish --tag latest", "pnpm publish --tag latest"),
    ("twine upload", "uv publish"),
    ("twine upload", "poetry publish --build"),
    ("twine upload", "hatch publish"),
    ("twine upload", "flit publish"),
    ("twine upload", "pdm publish"),
    ("uv publish", "twine upload dist/*"),
    ("uv publish", "python -m twine upload dist/*"),
    ("poetry publish", "uv publish --token x"),
    ("npm install -g", "pnpm add -g typescript"),
    ("npm install -g", "yarn global add typescript"),
    ("npm install -g", "bun add -g typescript"),
    ("npm install -g", "bun install --global typescript"),
    ("npm install -g", "pnpm add --global typescript"),
    ("npm install -g typescript", "pnpm add -g typescript"),
    ("yarn global add", "npm i -g x"),
    ("pnpm add -g", "npm install --global x"),
    ("docker push", "docker buildx build --push -t x ."),
    ("docker push", "docker build --push -t x ."),
    ("docker push", "docker image push x"),
    ("docker push", "podman push x"),
    ("docker buildx build --push", "docker push x"),
    ("sudo", "doas rm -rf build"),
    ("sudo", "pkexec apt install x"),
    ("sudo", "run0 systemctl restart x"),
    ("sudo rm", "doas rm -rf build"),
    ("doas", "sudo -u root id"),
    ("ssh", "mosh prod"),
    ("ssh prod", "mosh prod"),
    ("wget", "wget2 https://example.com/x"),
    ("wget -O-", "wget2 -O- https://example.com/x"),
    ("git merge", "git pull"),
    ("git merge", "git pull origin main"),
    ("git merge", "git pull --ff-only"),
    ("git merge", "git pull --no-rebase"),
    ("git merge main", "git pull origin main"),
]

NOT_CAUGHT = [
    ("npm publish", "pnpm pack"),
    ("npm publish", "yarn build"),
    ("twine upload", "uv build"),
    ("twine upload", "poetry build"),
    ("npm install -g", "pnpm add typescript"),
    ("npm install -g", "yarn add typescript"),
    ("npm install -g", "bun add typescript"),
    ("npm install -g typescript", "pnpm add -g eslint"),
    ("docker push", "docker build -t x ."),
    ("docker push", "docker buildx build --load -t x ."),
    ("docker push", "podman pull x"),
    ("sudo rm", "doas ls"),
    ("ssh prod", "mosh staging"),
    ("git merge", "git pull --rebase"),
    ("git merge", "git pull -r"),
    ("git merge", "git fetch"),
    ("git merge main", "git pull origin dev"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_an_act_a_rule_names_done_by_another_program(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_act_of_those_programs_stays_outside(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
