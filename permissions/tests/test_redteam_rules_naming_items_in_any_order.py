"""Red team, R4.10: a deny or ask rule naming the items a subcommand acts on -- `Terminal(kubectl delete namespace
prod)`, `Terminal(npm install lodash)`, `Terminal(git push origin main)`, `Terminal(docker volume rm pgdata)` -- met
when the segment names them among others, in any order.

A rule's operands were a word prefix of the segment's (R4.1): under a deny of `npm install lodash`, `npm install
react lodash` installs lodash all the same and was auto-approved in auto mode; `docker rm -f web db`, `pip install
flask requests`, `brew uninstall redis postgresql`, `systemctl stop redis nginx` too, and `kubectl delete namespace
staging prod` or `git push origin feature main` were only asked by a cap where the rule refuses. A subcommand whose
operands are the items it acts on, each alike, does to each what it does to one: the rule's items are now met among
the segment's operands wherever they stand (matching._acts_on_a_list, as _places_among meets a file's places).
Programs with no option table whose first word is a subcommand acting on a list (package and machine managers:
`gem`, `dnf`, `apk`, `vagrant`, `virsh` ...) read the same way, the subcommand the first word that is no option.
Not for a subcommand that hands its operands to what it runs (`docker run IMAGE CMD`, `npm run build deploy`, `uv run
pytest deploy`, `pnpm exec eslint deploy`): there the second word is an argument of another program.

DENIED: every case failed on the base this change started from (69580d6), as deny or as ask, in the sandbox or on
the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("kubectl delete namespace prod", "kubectl delete namespace staging prod"),
    ("kubectl delete namespace prod", "kubectl delete ns staging prod"),
    ("kubectl delete namespace prod", "kubectl delete namespaces qa prod --wait=false"),
    ("kubectl delete deployment api", "kubectl delete deployment web api"),
    ("kubectl delete pod api-0", "kubectl -n shop delete pod web-0 api-0"),
    ("helm uninstall prod", "helm uninstall staging prod"),
    ("helm uninstall prod", "helm delete staging prod"),
    ("npm install lodash", "npm install react lodash"),
    ("npm install lodash", "npm i -D react lodash"),
    ("npm uninstall react", "npm uninstall lodash react"),
    ("pnpm remove react", "pnpm remove lodash react"),
    ("yarn remove react", "yarn remove lodash react"),
    ("pip install requests", "pip install flask requests"),
    ("pip install requests", "python3 -m pip install -U flask requests"),
    ("cargo install ripgrep", "cargo install fd-find ripgrep"),
    ("brew uninstall postgresql", "brew uninstall redis postgresql"),
    ("apt-get remove nginx", "apt-get remove -y curl nginx"),
    ("systemctl stop nginx", "systemctl stop redis nginx"),
    ("git push origin main", "git push origin feature main"),
    ("git branch -D main", "git branch -D feature main"),
    ("git tag -d v1.0", "git tag -d v0.9 v1.0"),
    ("docker rm db", "docker rm -f web db"),
    ("docker stop db", "docker stop web db"),
    ("docker volume rm pgdata", "docker volume rm cache pgdata"),
    ("docker compose rm db", "docker compose rm -f web db"),
    ("npm install lodash", "sudo npm install -g react lodash"),
    # programs with no option table: the subcommand the first word that is no option (matching._LISTS_ITEMS)
    ("gem uninstall rails", "gem uninstall rake rails"),
    ("gem uninstall rails", "gem uninstall -a rake rails"),
    ("dnf remove nginx", "dnf -y remove curl nginx"),
    ("yum erase nginx", "yum erase curl nginx"),
    ("apk del nginx", "apk del curl nginx"),
    ("snap remove lxd", "snap remove --purge core lxd"),
    ("flatpak uninstall org.gimp.GIMP", "flatpak uninstall org.x.Y org.gimp.GIMP"),
    ("vagrant destroy db", "vagrant destroy -f web db"),
    ("virsh destroy prod", "virsh destroy staging prod"),
    ("multipass delete prod", "multipass delete --purge dev prod"),
    ("lxc delete prod", "lxc delete --force dev prod"),
    ("choco uninstall git", "choco uninstall -y vim git"),
    ("winget uninstall git", "winget uninstall vim git"),
    ("pipx uninstall black", "pipx uninstall ruff black"),
    ("rustup toolchain uninstall nightly", "rustup toolchain uninstall stable nightly"),
    ("pipenv uninstall requests", "pipenv uninstall flask requests"),
]

NOT_CAUGHT = [
    ("kubectl delete namespace prod", "kubectl delete namespace staging"),
    ("kubectl delete namespace prod", "kubectl delete namespace production"),
    ("kubectl delete namespace prod", "kubectl get namespace prod"),
    ("npm install lodash", "npm install lodash-es"),
    ("npm install lodash", "npm install react"),
    ("git push origin main", "git push origin feature"),
    ("docker rm db", "docker rm dbx"),
    # operands handed to what the subcommand runs
    ("npm run deploy", "npm run build deploy"),
    ("yarn run deploy", "yarn run build deploy"),
    ("docker run ubuntu", "docker run alpine echo ubuntu"),
    ("uv run deploy", "uv run pytest deploy"),
    ("pnpm exec deploy", "pnpm exec eslint deploy"),
    ("gem uninstall rails", "gem uninstall rake"),
    ("gem uninstall rails", "gem install rake rails"),
    ("pipenv run deploy", "pipenv run build deploy"),
    ("bundle exec rails", "bundle exec rake rails"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_the_items_a_rule_names_among_others(rule: str, command: str, rank: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_other_items_and_a_runners_arguments_stay_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
