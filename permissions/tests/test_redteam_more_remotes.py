"""Red team (session 19), external effects by family (§5 step 6): version control that publishes, by the tools
and verbs no row named -- Fossil's commit (autosync, on by default, pushes it), CVS's commit, import and tags
(its server holds the only history), Mercurial's patches mailed or sent to Phabricator, StGit's and b4's patch
mails, Android's ``repo upload`` and ``git-review`` (changes sent to Gerrit), git-tfs's checkins, git-branchless's
submit. All were auto-approved under an allow of every word on 0ae6cad; reads and local work stay ordinary."""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "fossil commit -m x",
        "fossil ci -m x",
        "fossil commit --branch feature -m x",
        "cvs commit -m x",
        "cvs ci -m x",
        "cvs -d :pserver:anon@cvs.example:/cvsroot ci -m x",
        "cvs -q commit -m x file.c",
        "cvs import -m x mod vendor start",
        "cvs tag REL_1",
        "cvs rtag REL_1 mod",
        "hg email -r .",
        "hg email --to dev@example.com -r tip",
        "hg phabsend -r .",
        "stg mail --to dev@example.com",
        "b4 send",
        "b4 send --reflect",
        "repo upload",
        "repo upload --cbr .",
        "git-review",
        "git-review -R",
        "git-review -t topic",
        "git-tfs rcheckin",
        "git-tfs checkin -m x",
        "git-tfs checkintool",
        "git-branchless submit",
        "git-branchless submit --create",
    ],
)
def test_version_control_that_publishes_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "fossil status",
        "fossil timeline",
        "fossil diff",
        "cvs update",
        "cvs diff -u",
        "cvs log file.c",
        "hg log",
        "hg diff",
        "stg push",
        "stg series",
        "b4 am 20240101.msgid@example.com",
        "repo sync",
        "repo status",
        "git-tfs fetch",
        "git-branchless smartlog",
    ],
)
def test_reads_and_local_work_stay_ordinary(command):
    stays_auto_where(command)
