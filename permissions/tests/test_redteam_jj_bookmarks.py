"""Red team, R1.5: Jujutsu moving a protected branch.

In a repository jj shares with git (colocated, jj's default for a git checkout), a jj bookmark is a git
branch: `jj bookmark set main -r @` moves `refs/heads/main` when the command ends, and a command rewriting the
commit a protected bookmark points at moves the bookmark with it (`jj describe dev`, `jj rebase -b dev`). All
of MOVES were auto-approved under `Terminal(jj)` and in auto mode on 7d2c7f4. Creating a commit on top of a
protected one, rebasing onto one, and messages that merely mention its name stay ordinary (ORDINARY).
"""

from __future__ import annotations

import pytest

from permissions.commands.jj_bookmarks import UNKNOWN, jj_moved

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term

RUNS_IN = ("sandbox", "agent")

# On the agent's machine these may open an editor (typed input, asked for their own reason).
EDITOR_ON_AGENT = ("jj squash", "jj split", "jj diffedit")


def _editor(command: str, runs_in: str) -> bool:
    return runs_in == "agent" and command.startswith(EDITOR_ON_AGENT)


MOVES = [
    "jj bookmark set main -r @",
    "jj bookmark set main --revision @-",
    "jj bookmark set -r @ main",
    "jj bookmark set main -B -r x",
    "jj bookmark set --allow-backwards main -r=x",
    "jj bookmark s main -r @",
    "jj b s main -r @",
    "jj b set dev",
    "jj branch set main -r @-",
    "jj bookmark move main --to @",
    "jj bookmark move main -t @",
    "jj bookmark m main --to @",
    "jj bookmark move --from 'heads(::@- & bookmarks())' --to @-",
    "jj bookmark move --from @- --to @",
    "jj bookmark create main",
    "jj bookmark create main -r @-",
    "jj bookmark c qa",
    "jj bookmark delete main",
    "jj bookmark d rc",
    "jj bookmark delete 'glob:ma*'",
    "jj bookmark delete glob:*",
    "jj bookmark forget main",
    "jj bookmark forget --include-remotes main",
    "jj bookmark rename main old-main",
    "jj bookmark rename feature main",
    "jj bookmark r feature dev",
    "jj bookmark set exact:main -r @",
    "jj bookmark set refs/heads/main -r @",
    "jj -R . bookmark set main -r @",
    "jj --repository=. bookmark set main -r @",
    "jj --ignore-working-copy bookmark set main -r @",
    "jj --at-op abc bookmark set main -r @",
    "jj --no-pager b s main",
    "jj describe main -m 'x'",
    "jj describe -r main -m x",
    "jj desc dev -m x",
    "jj describe main- -m x",
    "jj describe 'main | feature' -m x",
    "jj abandon main",
    "jj abandon dev+",
    "jj abandon 'bookmarks()'",
    "jj edit main",
    "jj edit -r dev",
    "jj rebase -b main -d feature",
    "jj rebase --branch dev --destination feature",
    "jj rebase -s main -d x",
    "jj rebase -r main -o x",
    "jj rebase --revisions=dev -d x",
    "jj rebase -smain -d x",
    "jj squash --into main",
    "jj squash -t dev",
    "jj squash --from main --into feature",
    "jj squash -r main",
    "jj split -r main",
    "jj absorb --into main",
    "jj diffedit -r main",
    "jj restore --into main",
    "jj metaedit main --update-author",
    "jj parallelize main feature",
    "jj simplify-parents -r main",
    "jj fix -s main",
    "jj new feature && jj bookmark set main -r @-",
    "jj log && jj bookmark set main -r @",
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", MOVES)
def test_jj_moving_a_protected_bookmark_is_the_protected_merge_cap(command: str, runs_in: str) -> None:
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow_every_word(command), runs_in=runs_in),
    ):
        assert v.decision == "require_approval", (command, runs_in, v.reason)
        assert _editor(command, runs_in) or v.reason == "cap_protected_merge", (command, runs_in, v.reason)
    assert term(command, project=CONTAINER_RUNNING, runs_in=runs_in).decision == "require_approval", command


ORDINARY = [
    "jj log",
    "jj st",
    "jj diff -r main",
    "jj show main",
    "jj new main",
    "jj new main -m 'fix main page'",
    "jj new -r dev",
    "jj rebase -b feature -d main",
    "jj rebase -s feature --destination main",
    "jj rebase -r feature -A main",
    "jj rebase -r feature --insert-before dev",
    "jj describe -m 'merge main into feature'",
    "jj describe feature -m main",
    "jj commit -m 'main: fix'",
    "jj bookmark list",
    "jj bookmark list main",
    "jj bookmark track main@origin",
    "jj bookmark set feature -r @",
    "jj bookmark create feature-main-fix",
    "jj bookmark move feature --to @",
    "jj bookmark delete feature",
    "jj squash",
    "jj squash --into feature",
    "jj abandon feature",
    "jj edit feature",
    "jj split -r feature",
]


# (an editor opened on the agent's machine is asked as typed input: those pairs are left out)
@pytest.mark.parametrize(
    ("command", "runs_in"), [(c, r) for c in ORDINARY for r in RUNS_IN if not _editor(c, r)]
)
def test_jj_commands_that_move_no_protected_bookmark_stay_ordinary(command: str, runs_in: str) -> None:
    v = term(command, allow=allow_every_word(command), runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, runs_in, v.reason)


@pytest.mark.parametrize(
    ("view", "names"),
    [
        (("jj", "bookmark", "set", "main", "-r", "@"), ["main"]),
        (("jj", "bookmark", "rename", "a", "b"), ["a", "b"]),
        (("jj", "bookmark", "move", "--from", "x", "--to", "y"), [UNKNOWN]),
        (("jj", "describe", "-m", "main", "dev"), ["dev"]),
        (("jj", "rebase", "-b", "x", "-d", "main"), ["x"]),
        (("jj", "describe", "main@origin"), ["main"]),
        (("jj", "abandon", "glob:m*"), [UNKNOWN]),
        (("jj", "new", "main"), []),
        (("jj",), []),
    ],
)
def test_the_names_a_jj_command_moves(view: tuple[str, ...], names: list[str]) -> None:
    assert jj_moved(view) == names
