"""R4.8, the trap sessions 19 and 20 met: a program put into a family's table for some of its forms becomes one of
KNOWN_PROGRAMS unless vocabulary.FORM_READ_ONLY keeps it out, and a known program's ``--`` is not read as handing a
command on -- ``snyk test -- rm -rf /`` was once auto-approved that way. Every program of that list, whatever
table reads it, still hands on what follows its ``--``: the floor denies ``P -- rm -rf /`` and auto mode never
approves ``P x -- git push origin main``.

A ``git-X`` that is no git command (``git-stack``, ``git-review``) is a program of its own: on 0766094 it was
read no further than its name, so ``git-stack x -- rm -rf /`` was auto-approved (views._peel now reads it on as
any program Brabo does not know). Left out: the names Brabo reads as another program's (``bin/rake`` as rake,
``awscli`` as aws): their ``--`` is that program's.
"""

from __future__ import annotations

import pytest

from permissions.commands.vocabulary import FORM_READ_ONLY, KNOWN_PROGRAMS

from .helpers import AUTO_MODE, term


def test_the_form_read_programs_are_not_known():
    assert not (FORM_READ_ONLY & KNOWN_PROGRAMS)


@pytest.mark.parametrize("program", ["git-foo", "git-stack", "git-trim", "git-flow", "git-absorb"])
def test_a_git_helper_name_that_is_no_git_command_hands_on(program):
    for runs_in in ("sandbox", "host"):
        v = term(f"{program} x -- rm -rf /", autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (program, runs_in, v.reason)


_READ_AS_ANOTHER = frozenset(p for p in FORM_READ_ONLY if "/" in p) | {"awscli"}


@pytest.mark.parametrize("program", sorted(FORM_READ_ONLY - _READ_AS_ANOTHER))
def test_a_form_read_programs_double_dash_hands_its_command_on(program):
    v = term(f"{program} x -- rm -rf /", autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("deny", "builtin_deny"), (program, v.reason)
    v = term(f"{program} x -- git push origin main", autonomy=AUTO_MODE, runs_in="host")
    assert v.decision != "auto_approve", (program, v.reason)
