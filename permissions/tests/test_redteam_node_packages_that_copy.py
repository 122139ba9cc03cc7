"""Red team (session 17), R3.7: the npm packages that copy, make folders or replace text in files, run by
their package's name through a launcher or from node_modules/.bin (as `rimraf`, `del-cli` and `shx` already
were): `npx cpy-cli x .husky`, `npx copyfiles x .husky`, `pnpm dlx ncp x .git/hooks/pre-commit`, `npx cpx
'src/*' .husky`, `npx mkdirp .husky`, `npx replace-in-file a b .envrc`. Their last operand is the destination,
as `cp`'s; mkdirp's operands are made; replace-in-file rewrites the files after its two words. 16 of the 17
were auto-approved on main (`yarn cpy x .husky` held already: a guard); the same commands on the project's
ordinary files stay auto-approved.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where

CASES = [
    "npx cpy-cli x .husky",
    "npx cpy x .git/hooks",
    "npx copyfiles x .husky",
    "npx copyfiles -u 1 src/x .husky",
    "npx copyup x .husky",
    "npx ncp x .git/hooks/pre-commit",
    "pnpm dlx ncp x .husky",
    "npx cpx 'src/*' .husky",
    "npx cpx2 x .github/workflows",
    "npx mkdirp .husky",
    "npx make-dir .git/hooks",
    "npx replace-in-file a b .envrc",
    "npx replace-in-file a b .github/workflows/ci.yml --isRegex",
    "./node_modules/.bin/cpy x .husky",
    "node_modules/.bin/copyfiles x .husky",
    "yarn cpy x .husky",
    "bunx cpy-cli x .husky",
]


@pytest.mark.parametrize("command", CASES)
def test_a_node_copier_writing_a_protected_file_is_never_auto_approved(command):
    never_auto_where(command)


ORDINARY = [
    "npx cpy-cli src/x dist",
    "npx copyfiles -u 1 'src/**/*.css' dist",
    "npx mkdirp build/out",
    "npx replace-in-file a b README.md",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_the_same_copies_of_ordinary_files_stay_auto_approved(command):
    stays_auto_where(command)
