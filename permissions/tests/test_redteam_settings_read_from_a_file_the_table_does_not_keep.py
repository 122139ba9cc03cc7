"""Red team (R3.7, R4.8, R4.9): settings of a kind R3.7 keeps by name, read from a file the table does not keep.

R3.7 keeps the files that decide what runs later by their names -- `.npmrc`, `.yarnrc*`, `.git/`, `.kube/`,
`.pre-commit-config.yaml` -- so writing them asks. A tool told by an option to read such settings from another file
ran what that file says, the file written unasked a step before:

- npm reads a settings file named by ``--userconfig``/``--globalconfig`` (pnpm's ``--config.userconfig=``, yarn 1's
  ``--use-yarnrc``; ``--init-module`` is a program already), whose ``script-shell`` runs every script (`npm --userconfig ./x.npmrc test` ran ./x.sh, checked
  with npm 11). And npm's option parser (nopt) expands a prefix of an option: ``npm --scr ./x.sh test`` is
  ``--script-shell`` (checked with npm 11), ``--node-o`` is ``--node-options``; ``--node-gyp`` names the program that
  builds native addons. Each was approved under ``Terminal(npm)``.
- kubectl (and helm, k9s, oc, flux ...) reads ``--kubeconfig FILE``, whose credential plugin (``exec: command:``) is
  a program it runs; pre-commit runs the hooks of ``-c FILE``.
- git reads the config of ``--git-dir=X`` (core.pager, core.fsmonitor, aliases); and a bare repository's folder
  (``x.git/``) was not kept, so ``echo '[core] fsmonitor = ./x.sh' > x.git/config`` then ``git --git-dir=x.git
  status`` (or ``git -C x.git log``) ran ./x.sh under ``Terminal(git)``.

Now: npm's options by any prefix nopt expands, and its settings files, are read (runners._npm); a kubeconfig or
pre-commit file the table does not keep is code no rule read (option_commands._named_settings); ``git --git-dir``
naming a folder that is no git folder is a git that may run programs, which a prefix allow does not cover
(git._reads_another_repository); the table keeps ``*.git`` (protected_paths). The kept names themselves stay
ordinary (`--kubeconfig ~/.kube/kind` meets the path scope as before), and so do the commands that name no file.

This reverses, for npm's settings files, an earlier reading that held a project's settings file the project's
(test_redteam_definitions_and_settings_from_input's `npm install --userconfig .npmrc.ci`, kept approved in auto mode
in the sandbox): npm's `--script-shell` itself asks everywhere, auto mode included, and a file that may set it is
no less.

On the base (d0d1f65) test_settings_from_a_file_the_table_does_not_keep_ask failed 25 of 27 cases in the sandbox
and 24 of 27 on the developer's machine (skaffold's `dev`, a pattern naming git's subcommand after `--git-dir`, and
k9s off the sandbox asked already); the ordinary cases passed there and are guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import approved_by_its_allow, asks_under_its_allow

ATTACKS = [
    # npm's settings file, and its options by a prefix
    ("npm", "npm --userconfig ./x.npmrc test"),
    ("npm", "npm --userconfig=./x.npmrc run build"),
    ("npm", "npm --userc ./x.npmrc test"),
    ("npm", "npm test --globalconfig ./x.npmrc"),
    ("npm", "npm --globalc=./x.npmrc test"),
    ("pnpm", "pnpm --config.userconfig=./x.npmrc test"),
    ("pnpm", "pnpm --userconfig ./x.npmrc install"),
    ("yarn", "yarn --use-yarnrc ./x.yarnrc test"),
    ("npm", "npm --script-s=./x.sh test"),
    ("npm", "npm --scr ./x.sh test"),
    ("npm", "npm --script_s=./x.sh test"),
    ("npm", "npm --node-opt='--require ./x.js' test"),
    ("npm", "npm --node-gyp=./x.sh install"),
    ("npm", "npm --node-g ./x.sh rebuild"),
    # a kubeconfig's credential plugin, pre-commit's hooks
    ("kubectl", "kubectl --kubeconfig ./kc.yaml get pods"),
    ("kubectl get", "kubectl get pods --kubeconfig=./kc.yaml"),
    ("oc", "oc --kubeconfig kc get pods"),
    ("helm", "helm --kubeconfig ./kc.yaml list"),
    ("k9s", "k9s --kubeconfig kc"),
    ("skaffold", "skaffold dev --kubeconfig kc"),
    ("pre-commit", "pre-commit run -c x.yaml"),
    ("pre-commit", "pre-commit run --config=x.yaml --all-files"),
    # a repository's config git is told to read, and a bare repository's config written
    ("git", "git --git-dir=x status"),
    ("git", "git --git-dir x log"),
    ("git log", "git --git-dir=x log"),
    ("echo", "echo '[core] fsmonitor = ./x.sh' > x.git/config"),
    ("cp", "cp evil.cfg repo.git/config"),
]

ORDINARY = [
    ("npm", "npm test"),
    ("npm", "npm run build -- --shell"),
    ("npm", "npm install --save-dev vitest"),
    ("npm", "npm test --scope @x"),
    ("npm", "npm --global ls"),
    ("kubectl", "kubectl get pods"),
    ("kubectl", "kubectl --kubeconfig .kube/kind get pods"),
    ("helm", "helm list"),
    ("pre-commit", "pre-commit run --all-files"),
    ("pre-commit", "pre-commit run -c .pre-commit-config.yaml"),
    ("git", "git status"),
    ("git", "git --git-dir=.git log"),
    ("git", "git --git-dir=.git/modules/sub log"),
    ("git", "git --git-dir=repo.git log --oneline"),
    ("git", "git clone https://github.com/a/b.git"),
    ("cat", "cat repo.git/config"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_settings_from_a_file_the_table_does_not_keep_ask(allow, command, runs_in):
    asks_under_its_allow(allow, command, runs_in)


@pytest.mark.parametrize(("allow", "command"), ORDINARY)
def test_what_names_no_such_file_stays_approved(allow, command):
    approved_by_its_allow(allow, command)
