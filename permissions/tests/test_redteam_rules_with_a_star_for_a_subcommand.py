"""Red team, R4.10 and R4.2: a deny or ask rule whose lone `*` stands where its program reads a subcommand --
`Terminal(git * --force)`, `Terminal(docker * --privileged)`, `Terminal(kubectl * --all-namespaces)`.

R4.2 makes a lone `*` any one word, so `git * --force` is "git, any command, --force"; R4.10 makes a deny's
options match however written. The rule was read by spelling only: its `*` was read as one operand of git
itself, whose table knows no `--force`, so `git push -f`, `git push --forc`, `git push origin main --force`
(the option after the operands), `git commit -n` under `git * --no-verify`, `docker rm -f` under `docker *
--force` met it by spelling only -- in auto mode they were auto-approved, or asked by a cap where a deny was
written. The `*` is now each of the program's subcommands in turn, each read through its own table
(permissions.matching.SubcommandStar, looked up by the segment's subcommand). The `*` stays one word: `git *
--force` does not reach `git worktree remove --force` (two words before the option), as its literal match does
not; what the table does not list is matched as before (literally, and as an operand of the program).

DENIED: every case failed on the base this change started from (d6f5d88) -- in the sandbox, where it was
auto-approved or asked by a cap (cap_external_effect, cap_protected_merge, cap_privileged, unparseable) or an
allow's absence; ALREADY_HELD were refused there too and are kept as guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import (
    assert_allow_stays_literal,
    assert_rule_does_not_catch,
    assert_rule_refuses,
)

DENIED = [
    ("git * --force", "git push -f origin main"),
    ("git * --force", "git push --forc origin feature"),
    ("git * --force", "git push origin main --force"),
    ("git * --force", "git -C /tmp/repo push -f"),
    ("git * --force", "git fetch -f origin"),
    ("git * --force", "git branch -f main HEAD~3"),
    ("git * --force", "git clean -fdx"),
    ("git * --force", "git checkout -f main"),
    ("git * --force", "git tag -f v1"),
    ("git * --force", "git add -f secret.env"),
    ("git * --force", "git rm -rf src"),
    ("git * -f", "git push --force origin main"),
    ("git * -f", "git push --force-with-lease origin main"),
    ("git * --hard", "git reset --har HEAD~1"),
    ("git * --hard", "git reset HEAD~1 --hard"),
    ("git * --no-verify", "git commit -n -m wip"),
    ("git * --no-verify", "git commit -qnm wip"),
    ("git * --no-verify", "git push --no-verif origin main"),
    ("git * --delete", "git push origin -d feature"),
    ("git * --delete", "git branch -D feature"),
    ("git * --delete", "git tag -d v1"),
    ("docker * --privileged", "docker run --privileged=true alpine"),
    ("docker * --force", "docker rm -f web"),
    ("docker * --force", "docker rmi -f img:latest"),
    ("podman * --force", "podman rm -f web"),
    ("kubectl * --all-namespaces", "kubectl delete pods -A"),
    ("kubectl * --all-namespaces", "kubectl get po -A"),
    ("kubectl * --all", "kubectl delete pods --all"),
    ("kubectl * --force", "kubectl delete pod web --force --grace-period=0"),
    ("cargo * --force", "cargo install -f ripgrep"),
    ("helm * --force", "helm upgrade web ./chart --force"),
    ("pip * --break-system-packages", "pip install --break-system requests"),
    ("terraform * -auto-approve", "terraform apply -auto-approve=true"),
    ("terraform * -auto-approve", "terraform destroy --auto-approve"),
]

# refused on the base too: the literal match, or the program's own options (npm's), already reached them
ALREADY_HELD = [
    ("docker * --privileged", "docker exec --privileged web sh"),
    ("npm * --global", "npm i -g left-pad"),
    ("npm * --global", "npm install --location=global left-pad"),
    ("npm * --force", "npm publish -f"),
    ("pnpm * --global", "pnpm add -g left-pad"),
    ("gh * delete", "gh release delete v1"),
    ("pip * --user", "pip install --user requests"),
]

# the `*` is one word, and a rule's option is that option: these stay outside the rule
NOT_CAUGHT = [
    ("git * --force", "git push origin main"),
    ("git * --force", "git status"),
    ("git * --force", "git log --oneline -5"),
    ("git * --force", "git fetch origin"),
    ("git * --force", "git branch feature"),
    ("git * --no-verify", "git commit -m wip"),
    ("git * --hard", "git reset --soft HEAD~1"),
    ("git * --delete", "git branch -a"),
    ("docker * --force", "docker rm web"),
    ("docker * --privileged", "docker run alpine true"),
    ("kubectl * --all-namespaces", "kubectl get pods"),
    ("kubectl * --all-namespaces", "kubectl get pods -n kube-system"),
    ("cargo * --force", "cargo install ripgrep"),
    ("terraform * -auto-approve", "terraform plan"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED + ALREADY_HELD)
def test_a_star_where_a_subcommand_stands_is_every_subcommand(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_the_star_is_one_word_and_the_option_is_that_option(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")


@pytest.mark.parametrize(
    "allow, command",
    [
        ("git * --force", "git push -f origin main"),
        ("git * --no-verify", "git commit -n -m wip"),
        ("docker * --force", "docker rm -f web"),
    ],
)
def test_an_allow_with_a_star_stays_literal(allow: str, command: str) -> None:
    assert_allow_stays_literal(allow, command)


def test_a_star_where_a_subcommand_stands_is_one_word() -> None:
    """`git * --force` is "git, one command, --force": `git worktree remove --force` holds two words before it,
    and its literal match does not take it either -- the meaning widens the option's spelling, not the star."""
    assert_rule_does_not_catch("git * --force", "git worktree remove -f wt", "sandbox")
