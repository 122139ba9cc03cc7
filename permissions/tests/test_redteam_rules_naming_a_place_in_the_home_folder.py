"""Red team, R4.10: a deny or ask rule that names a place in the home folder -- `Terminal(cat ~/.ssh/id_rsa)`,
`Terminal(cat $HOME/.aws/credentials)`, `Terminal(rm -rf ~/projects)` -- met by the same place written through
another spelling of the home folder: `$HOME/...`, `${HOME}/...`, `"$HOME/..."`, `~/...`, after `cd ~`, or as the
absolute path a home folder has (`/home/NAME/...`, `/Users/NAME/...` on a Mac, `/root/...`).

The rule compared its `~` by spelling, so under a deny of `cat ~/.ssh/id_rsa` the command `cat $HOME/.ssh/id_rsa`
was auto-approved in auto mode in the sandbox and asked for by the path scope only on the agent -- never refused
as the rule says. R4.3 keeps `$HOME` literal for matching as written; R4.8 and R4.10 let deny and ask match more:
the segments of the programs such a rule names are read again with their places under the home folder written
from `~` (matching.paths_from), whoever's home an absolute path names (which user runs the command is not known:
deny matches more), and a rule written with `$HOME` or `${HOME}` is also read with `~` (matching._home_named).

DENIED: every case failed on the base this change started from (d6f5d88), as deny and as ask, in the sandbox and
on the agent.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("cat ~/.ssh/id_rsa", "cat $HOME/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cat ${HOME}/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", 'cat "$HOME/.ssh/id_rsa"'),
    ("cat ~/.ssh/id_rsa", "cd ~ && cat .ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cd ~/.ssh && cat id_rsa"),
    ("cat ~/.ssh/id_rsa", "cd $HOME/.ssh && cat ./id_rsa"),
    ("cat ~/.ssh/id_rsa", "cat /home/me/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cat /Users/me/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cat /root/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cd /home/me && cat .ssh/id_rsa"),
    ("cat $HOME/.aws/credentials", "cat ~/.aws/credentials"),
    ("cat $HOME/.aws/credentials", "cd ~/.aws && cat credentials"),
    ("cat ${HOME}/.aws/credentials", "cat ~/.aws/credentials"),
    ("cat $HOME/.aws/credentials", "cat /home/dev/.aws/credentials"),
    ("cat ~/.netrc", "cat $HOME/.netrc"),
    ("rm -rf ~/projects", "rm -rf $HOME/projects"),
    ("rm -rf ~/projects", "rm -r -f ${HOME}/projects/"),
    ("rm -rf ~/projects", "cd ~ && rm -rf projects"),
    ("rm -rf ~/projects", "rm -rf /Users/me/projects"),
    ("cp ~/.kube/config kubeconfig", "cp $HOME/.kube/config kubeconfig"),
]

NOT_CAUGHT = [
    ("cat ~/.ssh/id_rsa", "cat ~/.ssh/id_rsa.pub"),
    ("cat ~/.ssh/id_rsa", "cat $HOME/.ssh/config"),
    ("cat ~/.ssh/id_rsa", "cat /home/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cat /srv/.ssh/id_rsa"),
    ("cat ~/.ssh/id_rsa", "cat .ssh/id_rsa"),
    ("rm -rf ~/projects", "rm -rf ~/projects-old"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_place_in_the_home_folder_however_the_home_is_written(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_place_stays_outside_the_rule(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
