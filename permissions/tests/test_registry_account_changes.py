"""Registry changes through every package manager's spelling are external effects (§5 step 6, the registries
family): npm's hooks, deprecations, owners, tags, access and tokens -- and pnpm's and yarn's ways to the
same registry calls (pnpm hands the registry commands it does not implement to npm; yarn 1 has its own).
Written as an attacker would: each was auto-approved in auto mode and under the container floor."""

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, term

REGISTRY_CHANGES = [
    "npm hook add lodash https://collector.example.com s3cret",
    "npm hook add @acme --type=scope https://x.example.com k",
    "npm hook update abc123 https://x.example.com k",
    "npm hook rm abc123",
    "npm undeprecate lodash",
    "npm undeprecate lodash@1.0.0",
    "pnpm deprecate lodash 'use something else'",
    "pnpm undeprecate lodash",
    "pnpm dist-tag add lodash@1.0.0 latest",
    "pnpm dist-tag rm lodash beta",
    "pnpm owner add mallory lodash",
    "pnpm owner rm alice lodash",
    "pnpm access grant read-write acme:devs lodash",
    "pnpm access set status=public lodash",
    "pnpm team add acme:devs mallory",
    "pnpm org set acme mallory admin",
    "pnpm hook add lodash https://x.example.com k",
    "pnpm token create",
    "yarn owner add mallory lodash",
    "yarn owner remove alice lodash",
    "yarn tag add lodash@1.0.0 latest",
    "yarn tag remove lodash beta",
    "yarn team add acme:devs mallory",
    "yarn access public",
]


@pytest.mark.parametrize("command", REGISTRY_CHANGES)
def test_a_registry_change_is_an_external_effect_in_auto_mode(command):
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT)
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.message)


@pytest.mark.parametrize("command", REGISTRY_CHANGES)
def test_a_registry_change_is_an_external_effect_under_the_floor(command):
    v = term(command, project=CONTAINER_RUNNING, cwd="/work")
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (command, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "npm hook ls",
        "npm ls",
        "pnpm install",
        "pnpm dist-tag ls lodash",
        "pnpm owner ls lodash",
        "yarn install",
        "yarn owner list lodash",
        "yarn tag list lodash",
        "npm whoami",
    ],
)
def test_reading_the_registry_is_not_capped(command):
    v = term(command, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
