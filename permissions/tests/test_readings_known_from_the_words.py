"""Fast exits of the option tables' readers (SPEC R4.10) held equal to the full reading they skip.

decide() reads a segment led by a program with an option table (git, npm, pnpm, cargo, docker, kubectl, ...)
through that table for the caps (``canonical_words``: the view as its table reads it, () when that is the view
as written) and, for git, for what it does to branches (``branch_effects``, R1.5). Most agent commands hold no
word the table reads another way (`git status`, `pnpm build`, `kubectl get pods`), and the answer is then known
from the words alone:

- ``reads_as_written(view)`` says the table's reading gives every word back as written (no option, no `--`, the
  table's own name, every subcommand entered by its own name, no toolchain or signal word, a rewrite that
  changes nothing): ``canonical_words`` is then () without the reading.
- ``branch_effects`` of a git view with no option whose first word is none that branch reading looks into (nor
  one git reads another way) moves nothing: ([], None, False) without the reading.

Neither may ever change an answer: each is held equal to the full reading over views built from the tables' own
spellings -- every subcommand path, alias, implied subcommand, option spelling (short, long, clustered, with a
value, negated), `--`, `-`, toolchains, signals, pathspecs, modes and resource names the rewrites read -- by
hypothesis and by an exhaustive walk of every table level. "True" of the fast test is only ever an answer the
full reading gives too; where it cannot tell it says False and the full reading decides.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from permissions.commands.git_branches import _effects_read, _read_first_words, branch_effects
from permissions.commands.option_reader import Program, _AbbrevSubs
from permissions.commands.options import (
    PROGRAMS,
    Reading,
    _canonical_read,
    _parse,
    canonical_words,
    read_by,
    reads_as_written,
    spellings,
)
from permissions.decide import DecisionRequest, Permissions, ProjectState, decide
from permissions.memos import forget_remembered

from .helpers import ROOT

# Words every program's views are also built from: what the rewrites, the toolchain and signal readings and the
# branch reading look at, and plain operands.
_COMMON = [
    "", "-", "--", "x", "main", "origin", "+main", "x:main", "+x:refs/heads/main", "HEAD", "refs/heads/main",
    ".", "./", ":/", ":(top)", "./.", "777", "4777", "0644", "a+rwx", "u+s", "go-w", "root", "0", "root:root",
    "0:0", "user.group", "Secret", "secret/x", "po,svc", "pods", "deploy/x", "+nightly", "+stable", "-9", "-KILL",
    "-s", "KILL", "-1", "core.hooksPath=/dev/null", "ext::sh", "alias.p=push", "--all", "status", "log", "foo",
    "--zz", "--zz=1", "--no-zz", "-5", "-Z", "-Zq", "-q5", "-5Z",  # options no table knows: of unknown arity
]  # fmt: skip


def _levels(prog: Program) -> list[Program]:
    out: list[Program] = []
    seen: set[int] = set()

    def walk(level: Program) -> None:
        if id(level) in seen:
            return
        seen.add(id(level))
        out.append(level)
        for sub in level.subcommands.values():
            walk(sub)

    walk(prog)
    return out


def _entering_words(level: Program) -> list[str]:
    words = [*level.subcommands, *dict.keys(level.sub_aliases), *level.implies]
    if isinstance(level.sub_aliases, _AbbrevSubs):
        words += [n[:k] for n in level.sub_aliases.names for k in (1, 2, 3) if k < len(n)]  # abbreviations
    return words


def _option_words(level: Program) -> list[str]:
    words: list[str] = []
    for long in sorted(level.long)[:25]:
        words += [f"--{long}", f"--{long}=v", f"--no-{long}", f"--{long[:3]}"]
    for short in sorted(level.short)[:25]:
        words += [f"-{short}", f"-{short}v", f"-{short}x"]
    return words


def _pool(prog: Program) -> list[str]:
    words: set[str] = set(_COMMON)
    for level in _levels(prog):
        words.update(_entering_words(level))
        words.update(_option_words(level))
    return sorted(words)


_POOLS = {name: _pool(prog) for name, prog in PROGRAMS.items()}
# The command words: every table's name and the other spellings of it (`pip3`, `gsed`, a path).
_FIRST = sorted({s for name in PROGRAMS for s in spellings(name)} | {f"/usr/bin/{n}" for n in PROGRAMS})


def _first_and_pool(first: str) -> list[str]:
    name = first.rsplit("/", 1)[-1]
    for program, pool in _POOLS.items():
        if name == program or name in spellings(program):
            return pool
    return _COMMON


_VIEWS = st.sampled_from(_FIRST).flatmap(
    lambda first: st.lists(st.sampled_from(_first_and_pool(first)), max_size=6).map(lambda ws: (first, *ws))
)
_GIT_POOL = sorted(set(_POOLS["git"]) | _read_first_words() | {"status", "diff", "show", "blame", "grep"})
_GIT_VIEWS = st.lists(st.sampled_from(_GIT_POOL), min_size=1, max_size=6).map(lambda ws: ("git", *ws))


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=_VIEWS)
def test_a_view_said_to_read_as_written_has_no_other_reading(view: tuple[str, ...]) -> None:
    forget_remembered()
    assert canonical_words(view) == _canonical_read(view), view
    if reads_as_written(view):
        assert _canonical_read(view) == (), view


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=_GIT_VIEWS)
def test_branch_effects_known_from_the_words_equal_the_full_reading(view: tuple[str, ...]) -> None:
    forget_remembered()
    assert branch_effects(view) == _effects_read(view), view


def _read_twice(prog: Program, args: tuple[str, ...]) -> list[tuple[object, ...]]:
    """read_by as it read before the second reading was known equal to the first: both always parsed."""
    first, unsure, _ = _parse(prog, args, False)
    found: tuple[Reading, ...] = (first,) if not unsure else (first, _parse(prog, args, True)[0])
    if prog.rewrite is not None:
        found = tuple(m for r in found for m in prog.rewrite(r))
    return [(r.path, r.keys, r.operands) for r in found]


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=_VIEWS)
def test_the_second_reading_known_equal_to_the_first_is_the_one_a_second_parse_gives(
    view: tuple[str, ...],
) -> None:
    # An option of unknown arity gives two readings (it takes the next word, or not); when no word it could
    # take follows it, the second is the first, built without parsing again: the same readings, in order.
    prog = PROGRAMS[view[0].rsplit("/", 1)[-1]] if view[0].rsplit("/", 1)[-1] in PROGRAMS else PROGRAMS["git"]
    args = view[1:]
    assert [(r.path, r.keys, r.operands) for r in read_by(prog, args)] == _read_twice(prog, args), view


@pytest.mark.parametrize(
    ("command", "readings"),
    [("git log --oneline -5", 2), ("git log -5 x", 2), ("git log --zz x", 2), ("npm --zz build", 2),
     ("git log --oneline", 1), ("git log -Zq --oneline", 2), ("cargo build --zz", 2)],
)  # fmt: skip
def test_an_unknown_option_still_gives_two_readings(command: str, readings: int) -> None:
    words = command.split()
    found = read_by(PROGRAMS[words[0]], tuple(words[1:]))
    assert len(found) == readings
    assert [(r.path, r.keys, r.operands) for r in found] == _read_twice(PROGRAMS[words[0]], tuple(words[1:]))


def _paths(prog: Program) -> list[tuple[str, ...]]:
    """Every way into every level of ``prog``: each level entered by each word that enters it."""
    out: list[tuple[str, ...]] = []
    todo: list[tuple[Program, tuple[str, ...]]] = [(prog, (prog.name,))]
    seen: set[tuple[int, tuple[str, ...]]] = set()
    while todo:
        level, words = todo.pop()
        if (id(level), words) in seen or len(words) > 4:
            continue
        seen.add((id(level), words))
        out.append(words)
        for w in _entering_words(level):
            entered = level.sub(w)
            if entered is not None:
                todo.append((entered[0], (*words, w)))
    return out


_TAILS = [
    (),
    ("x",),
    ("main",),
    (":/",),
    ("a+rwx", "f"),
    ("4777", "f"),
    ("Secret",),
    ("secret/x", "y"),
    ("-",),
]
_TAILS += [("--",), ("x", "--all"), ("+main",), ("",), ("root:root", "f"), ("po,svc",), ("-q",), ("x", "-f")]


def test_every_table_level_reads_as_its_full_reading() -> None:
    # Exhaustive, not sampled: every path into every level of every table, with tails the rewrites, options
    # and operands read, as written and after each other spelling of the command word.
    checked = taken = 0
    for name, prog in PROGRAMS.items():
        for path, tail in itertools.product(_paths(prog), _TAILS):
            for first in spellings(name)[:2]:
                view = (first, *path[1:], *tail)
                forget_remembered()
                full = _canonical_read(view)
                assert canonical_words(view) == full, view
                if reads_as_written(view):
                    taken += 1
                    assert full == (), view
                if name == "git":
                    assert branch_effects(view) == _effects_read(view), view
                checked += 1
    assert checked > 3000 and taken > 500  # the exit is taken, and often (not a test of nothing)


@pytest.mark.parametrize(
    "command",
    ["git status", "git log", "git diff x", "pnpm build", "npm test", "cargo build", "kubectl get pods",
     "docker container rm x", "chmod 777 f", "helm list", "rm x", "git add .", "git remote add o u"],
)  # fmt: skip
def test_ordinary_views_are_known_from_their_words(command: str) -> None:
    # What the fast exit is for: the commands agents run most read as written.
    assert reads_as_written(tuple(command.split()))


@pytest.mark.parametrize(
    "command",
    ["git -C x status", "git log --oneline", "git log -- x", "npm tes", "npm i x", "cargo +nightly build",
     "docker rm x", "kubectl get Secret", "kubectl get secret/x", "chmod a+rwx f", "chmod 4777 f",
     "terraform destroy", "git add :/", "pip3 install x", "/usr/bin/git status", "kill -9 1", "chown 0 f",
     "git status -c remote.origin.fetch=+x:refs/heads/main"],
)  # fmt: skip
def test_views_read_another_way_are_left_to_the_full_reading(command: str) -> None:
    view = tuple(command.split())
    assert not reads_as_written(view)
    forget_remembered()
    assert canonical_words(view) == _canonical_read(view)


@pytest.mark.parametrize(
    ("command", "moved", "current"),
    [("git status", [], False), ("git log x", [], False), ("git commit", [], True), ("git reset x", [], True),
     ("git checkout main", [], False), ("git branch main", ["main"], False), ("git tag main", ["main"], False),
     ("git fetch . x:main", ["main"], False), ("git pull", [], True), ("git cherry-pick x", [], True),
     ("git filter-branch main", ["main"], False), ("git update-ref refs/heads/main x", ["refs/heads/main", "main"], False),
     ("git status -c remote.origin.fetch=+x:refs/heads/main", ["refs/heads/main"], False)],
)  # fmt: skip
def test_branch_effects_by_the_first_word(command: str, moved: list[str], current: bool) -> None:
    view = tuple(command.split())
    found, _, moves_current = branch_effects(view)
    assert (found, moves_current) == (moved, current)
    assert branch_effects(view) == _effects_read(view)


_PROTECTED = ProjectState(execution_mode="runner", root=ROOT, protected_branches=("main",))


@pytest.mark.parametrize(
    ("command", "reason"),
    [("git status && git commit -m x", "auto_approve/allow_rule"),
     ("git checkout main && git commit -m x", "require_approval/cap_protected_merge"),
     ("git switch main && git pull", "require_approval/cap_protected_merge"),
     ("git status -c remote.origin.fetch=+x:refs/heads/main", "require_approval/cap_protected_merge"),
     ("npm tes", "auto_approve/allow_rule"), ("npm pub", "require_approval/cap_external_effect"),
     ("kubectl get pods", "auto_approve/allow_rule")],
)  # fmt: skip
def test_decisions_through_the_fast_exits(command: str, reason: str) -> None:
    # decide() at first sight, every memo emptied: the exits are where the caps read (R1.5, §5 step 6).
    perms = Permissions(("Terminal(git)", "Terminal(npm)", "Terminal(kubectl)"), (), ())
    forget_remembered()
    v = decide(DecisionRequest("terminal", "developer", _PROTECTED, command=command, permissions=perms))
    assert f"{v.decision}/{v.reason}" == reason
