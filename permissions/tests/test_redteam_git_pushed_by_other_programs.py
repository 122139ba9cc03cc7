"""Red team (session 19), external effects by family (§5 step 6): git run by another program that pushes -- the
password stores' repositories (``pass git push``, ``gopass git push``, ``gopass sync``), the dotfile managers'
(``yadm push``, ``vcsh REPO push``, ``chezmoi git -- push``), the many-repository tools (``mr push``, ``gita
push``, ``gita super push``), legit's ``sync``/``publish``, the stacked-branch tools' pushes (``git-machete traverse
--push``, ``git-machete github create-pr``, ``git-ps push``, ``git-stack --push``). All were auto-approved in
Brabo's sandbox in auto mode and under an allow of every word on 0ae6cad; their reads and local work stay as they
were."""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "pass git push",
        "pass git push origin main",
        "pass git push --force",
        "gopass git push",
        "gopass sync",
        "yadm push",
        "yadm push -f origin main",
        "vcsh zsh push",
        "vcsh dotfiles push origin main",
        "chezmoi git push",
        "chezmoi git -- push --force",
        "mr push",
        "mr -j 4 push",
        "gita push",
        "gita super push",
        "gita super myrepo push origin main",
        "legit sync",
        "legit publish feature",
        "git-machete traverse --push",
        "git-machete traverse -y",
        "git-machete github create-pr",
        "git-machete gitlab sync",
        "git-ps push",
        "git-ps rr 1",
        "git-stack --push",
    ],
)
def test_git_pushed_by_another_program_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "gopass ls",
        "yadm status",
        "yadm diff",
        "vcsh zsh status",
        "chezmoi git status",
        "chezmoi diff",
        "mr status",
        "gita ll",
        "git-machete status",
        "git-machete traverse",
        "git-stack",
        "git-ps ls",
    ],
)
def test_their_reads_and_local_work_stay_ordinary(command):
    stays_auto_where(command, ("sandbox",))
