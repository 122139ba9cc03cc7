"""Red team (session 17), external effects by family (R4.10, §5 step 6): the image builders that push to a
registry without docker's command line -- kaniko's ``executor --destination`` (its default is to push), Depot's
remote builder (``depot build --push``, ``depot push``), img's ``push`` and apko's ``publish`` -- were
auto-approved under the container floor, auto mode and a prefix allow (permissions.commands.families
``_kaniko``, ``_depot``, the verbs' forms). A build kept local stays ordinary.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where

PUSHES = [
    "executor --destination=reg.example/x:1 --context=.",
    "executor -d reg.example/x:1 --context=dir://.",
    "/kaniko/executor --dockerfile Dockerfile --destination reg.example/x:1",
    "kaniko --destination reg.example/x",
    "executor --context=. --destination=reg.example/a --destination=reg.example/b",
    "depot build --push -t reg.example/x .",
    "depot build -t reg.example/x --push=true .",
    "depot bake --push",
    "depot build --output type=registry .",
    "depot push abc123",
    "img push reg.example/x",
    "img login reg.example",
    "apko publish apko.yaml reg.example/x",
]


@pytest.mark.parametrize("command", PUSHES)
def test_an_image_pushed_to_a_registry_is_never_auto_approved(command):
    never_auto_where(command)


# Guards (held before, kept): a build that stays on this machine, and help.
LOCAL = [
    "executor --no-push --destination=reg.example/x --context=.",
    "executor --help",
    "depot build -t x .",
    "depot build --load -t x .",
    "img build -t x .",
    "apko build apko.yaml x x.tar",
]


@pytest.mark.parametrize("command", LOCAL)
def test_a_local_build_stays_ordinary(command):
    stays_auto_where(command)
