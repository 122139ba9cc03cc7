"""Red team (session 17), §5 step 6, registries' publish by family: the GitHub release uploaders -- `ghr` (a
tag's release and its assets, whenever it runs with arguments), helm's chart-releaser (`cr upload`, charts'
packages to a repository's releases), `github-release upload|release|edit|delete` -- publish like `gh release
create`. All 7 were auto-approved on main; their help and version stay uncapped.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_capped, assert_not_capped
from permissions.tests.redteam import never_auto_where

CASES = [
    "ghr v1 dist/",
    "ghr -t $GITHUB_TOKEN -u owner -r repo v1.0.0 dist/",
    "npx ghr v1 dist",
    "cr upload -o owner -r charts",
    "chart-releaser upload --owner o --git-repo r",
    "github-release upload --tag v1 --name x --file y",
    "github-release release --tag v1",
]


@pytest.mark.parametrize("command", CASES)
def test_a_release_uploader_is_an_external_effect(command):
    never_auto_where(command)
    assert_capped(command)


@pytest.mark.parametrize("command", ["ghr --version", "ghr --help", "cr --help", "cr index --help"])
def test_their_help_is_not_capped(command):
    assert_not_capped(command)
