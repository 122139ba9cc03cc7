"""Red team (SPEC §5, where it runs): the project's setup.py told to install for the user.

``pip install --user .`` asks on the developer's machine (a user-level install: it writes the user's
site-packages and ``~/.local/bin``, a folder on the user's PATH). ``python setup.py install --user`` and
``python setup.py develop --user`` (also ``python -m setup``, the ``py`` launcher, setuptools' ``easy_install
--user x``) do the same and were auto-approved there, in auto mode and under an allow of every word
(permissions.commands.machine: _setup_py). A build, a test run, an install into the active environment (no
``--user``: as ``pip install .``) and the sandbox's installs stay ordinary.

On the base (d0d1f65) test_setup_py_installing_for_the_user_asks_off_the_sandbox failed 8 of 8 cases; the
ordinary cases passed there and are guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import a_machine_change_off_the_sandbox, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "python3 setup.py install --user",
        "python setup.py develop --user",
        "python setup.py build install --user",
        "python3.12 setup.py install --user --force",
        "python -m setup install --user",
        "python3 -msetup develop --user",
        "py setup.py install --user",
        "easy_install --user requests",
    ],
)
def test_setup_py_installing_for_the_user_asks_off_the_sandbox(command):
    a_machine_change_off_the_sandbox(command)


@pytest.mark.parametrize(
    "command",
    [
        "python3 setup.py build",
        "python setup.py install",
        "python setup.py develop",
        "python3 setup.py test",
        "python3 setup.py bdist_wheel",
        "python3 -m pytest -q",
        "python3 x.py install --user",  # another script: its words are its own
    ],
)
def test_builds_tests_and_installs_into_the_environment_stay_ordinary(command):
    stays_auto_where(command)
