"""R6.2, friction: a monorepo loop that goes into each package -- `for p in packages/*; do (cd "$p" && npm test);
done` -- asked, because a `cd` target that is an expansion was never known to be inside. A `for` variable over
written-out relative words (no `..`, no pattern that may be `..`, read only in the loop's body) is: `cd` to it
goes down from where the command is. Where it leads is not followed (a later `..` is read from an unknown
directory), and every other expansion as a `cd` target stays outside.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, HOST, ROOT, term

ALLOW = (
    "Terminal(npm test)",
    "Terminal(npm run)",
    "Terminal(cd)",
    "Terminal(ls)",
    "Terminal(cat)",
    "Terminal(echo)",
    "Terminal(make)",
    "Terminal(go test)",
    "Terminal(cargo test)",
    "Terminal(pytest)",
    "Terminal(git status)",
)

GOES_DOWN = [
    'for p in packages/*; do (cd "$p" && npm test); done',
    'for p in packages/*/; do echo "$p"; (cd "$p" && npm run build); done',
    'for d in */; do (cd "$d" && make); done',
    "for d in services/api services/web; do (cd $d && go test ./...); done",
    'for c in crates/*; do (cd "${c}" && cargo test); done',
    'for p in apps/web apps/api; do cd "$p" && ls; done',
    'for p in packages/*; do (cd "$p/src" && ls); done',
    'for p in packages/*; do (cd "$p" && pytest -q); done && git status',
    'for p in libs/a libs/b; do\n  (cd "$p" && make test)\ndone',
]


@pytest.mark.parametrize("command", GOES_DOWN)
def test_cd_into_each_listed_folder_is_approved(command):
    v = term(command, allow=ALLOW, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


GOES_ANYWHERE = [
    'for p in /etc /root; do (cd "$p" && cat passwd); done',
    'for p in ..; do (cd "$p" && ls); done',
    'for p in ../other; do (cd "$p" && cat .env); done',
    'for p in ~; do (cd "$p" && cat .ssh/id_rsa); done',
    'for p in $(ls); do (cd "$p" && npm test); done',  # what a command prints may be any place
    'for p in "$HOME"; do (cd "$p" && ls); done',
    'cd "$p" && npm test',  # a variable the command never set
    'for p in a; do :; done; cd "$p" && ls',  # read after its loop: what it held before
    'for p in x; do p=/etc; cd "$p" && cat passwd; done',
    'for p in packages/.?; do (cd "$p" && cat ../x); done',  # `.?` may be `..`
    'for p in packages/*; do (cd "$p/.." && ls); done',
    'for p in packages/*; do (cd "$p"/.? && ls); done',
    'for p in packages/*; do (cd "${p%/*}" && ls); done',
    'for p in packages/*; do (cd "$p$q" && ls); done',
    'while read p; do (cd "$p" && ls); done < dirs.txt',  # a line read may be any place
    'for p in packages/*; do (cd "$p" && cat ../../../etc/passwd); done',  # a later climb: from anywhere
    'for p in packages/*; do cd "$p"; done; cat ../x',
    'for p in "C:/Windows"; do (cd "$p" && cat win.ini); done',
    "for p in 'C:\\Windows'; do (cd \"$p\" && cat win.ini); done",
    'for p in -; do (cd "$p" && ls); done',
]


@pytest.mark.parametrize("command", GOES_ANYWHERE)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_cd_to_any_other_expansion_stays_outside(command, runs_in):
    v = term(command, allow=(*ALLOW, "Terminal(while)"), cwd=ROOT, runs_in=runs_in)
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize("command", GOES_ANYWHERE[:6])
def test_auto_mode_off_the_sandbox_asks_too(command):
    v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in="agent")
    assert v.decision == "require_approval", (command, v.reason, v.message)


def test_a_go_package_pattern_is_no_climb_wherever_the_command_is():
    # `./...` holds `..` but names no parent: from an unknown directory it is still inside
    v = term('for d in a b; do (cd "$d" && go test ./...); done', allow=ALLOW, cwd=ROOT)
    assert v.decision == "auto_approve", (v.reason, v.message)
    v = term('for d in a b; do (cd "$d" && go test ../...); done', allow=ALLOW, cwd=ROOT)
    assert v.decision == "require_approval", (v.reason, v.message)


@pytest.mark.parametrize("command", GOES_DOWN[:5])
def test_the_cd_needs_no_rule_of_its_own(command):
    # R5 step 4: a `cd` that stays inside is the scope declaration; going down into a listed folder is one
    allow = tuple(a for a in ALLOW if a != "Terminal(cd)")
    v = term(command, allow=allow, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
    assert term('cd "$p" && npm test', allow=allow, cwd=ROOT).decision == "require_approval"


def test_an_ask_or_deny_rule_for_cd_still_speaks():
    command = 'for p in packages/*; do (cd "$p" && npm test); done'
    v = term(command, allow=("Terminal(npm test)",), deny=("Terminal(cd)",), cwd=ROOT)
    assert v.decision == "deny", (v.reason, v.message)
