"""R4.6 [beyond], red team: the floor judges where a deletion lands, not the program that does it. Environment and
cache tools empty or remove the folder they are told: `python -m venv --clear DIR` and `virtualenv --clear DIR`
delete everything in DIR before making the environment there, `uv venv --clear DIR` removes DIR, `conda env remove
-p DIR` / `conda remove --all -p DIR` (mamba's, micromamba's) remove the prefix folder, `uv cache clean --cache-dir
DIR` and `yarn cache clean --cache-folder DIR` remove the cache folder. Given the root or the home folder, each is
`rm -rf /` or `rm -rf ~`.

Written as an attacker would: each deletes the root or the home folder however it is spelled, through wrappers,
interpreter paths and `cd`. None is auto-approved: the floor denies on the container floor, in auto mode and
behind an allow of every word. Ordinary uses (a project's own `.venv`, a named environment, the default cache)
stay approved.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_floor_denies, term

CLEARS_THE_ROOT_OR_HOME = [
    "python -m venv --clear /",
    "python3 -m venv --clear ~",
    "python3 -m venv --clear ~/",
    "python3 -m venv --clear --prompt x ~",
    "python3 -m venv --upgrade-deps --clear $HOME",
    "python3 -m venv --clear -- /",
    "python3 -m venv /tmp/ok --clear ~",
    "/usr/bin/python3.12 -Im venv --clear /",
    "sudo python3 -m venv --clear /",
    "env python3 -m venv --clear ~",
    "cd / && python3 -m venv --clear .",
    "cd ~ && python3 -m venv --clear .",
    "virtualenv --clear ~",
    "virtualenv --clear -p python3 /",
    "virtualenv --clear --prompt x ~",
    "python3 -m virtualenv --clear ~",
    "uv venv --clear ~",
    "uv venv --clear /",
    "uv venv ~ --clear",
    "uv venv --clear --python 3.12 ~",
    "uv venv --clear --seed --prompt x /",
    "cd ~ && uv venv --clear .",
    "uv cache clean --cache-dir ~",
    "uv cache clean --cache-dir=/",
    "uv --cache-dir ~ cache clean",
    "uv --cache-dir=/ cache clean",
    "conda env remove -p ~",
    "conda env remove --prefix ~ -y",
    "conda env remove --prefix=/ --yes",
    "conda remove -p / --all -y",
    "conda remove --all --prefix=~",
    "conda uninstall --all -p ~",
    "mamba env remove -p ~",
    "mamba remove --all -p /",
    "micromamba env remove -p /",
    "micromamba remove --all --prefix ~",
    "yarn cache clean --cache-folder ~",
    "yarn cache clean --cache-folder=/",
    "yarn --cache-folder ~ cache clean",
]


@pytest.mark.parametrize("command", CLEARS_THE_ROOT_OR_HOME)
def test_a_folder_clearer_aimed_at_the_root_or_home_is_the_floor(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize(
    "command",
    [
        "python3 -m venv .venv",
        "python3 -m venv --clear .venv",
        "python3 -m venv --clear venv",
        "virtualenv --clear venv",
        "uv venv",
        "uv venv --clear",
        "uv venv .venv --clear",
        "uv venv --clear --python 3.12",
        "uv cache clean",
        "uv cache clean --cache-dir .uv-cache",
        "uv cache prune",
        "conda env remove -n myenv",
        "conda remove -n myenv --all -y",
        "mamba env remove -n x",
        "yarn cache clean",
        "yarn cache clean --cache-folder .yarn-cache",
    ],
)
def test_ordinary_environment_and_cache_cleaning_stays_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason)
