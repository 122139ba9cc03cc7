"""R4.10, red team: a launcher runs a package's program named by a version, a range, extras or a scope
(``npx @angular/cli@17 deploy``, ``pnpm dlx vercel@33 deploy``, ``pipx run twine==5.0 upload``,
``uvx 'twine[keyring]>=5' upload``, ``npx @changesets/cli publish``). It is the program: deny and ask patterns
written for it match, and its publish/deploy caps hold. A scoped package is read by the program its table
names, by its own name and by its scope (``@google/clasp`` is ``clasp``, ``@railway/cli`` is ``railway``).
Allow stays literal (R4.8); ordinary launches stay auto-approved."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_capped, term

_LAUNCHERS = ["npx", "npx -y", "pnpm dlx", "pnpx", "bunx", "yarn dlx", "npm exec", "bun x"]

# (package spec, the rest, the pattern a team writes for the program)
_DENIED = [
    ("vercel@latest", "deploy --prod", "vercel deploy"),
    ("vercel@33.0.1", "deploy", "vercel deploy"),
    ("@angular/cli@17", "deploy", "ng deploy"),
    ("@angular/cli@^17.3", "deploy", "ng deploy"),
    ("@angular/cli", "deploy", "ng deploy"),
    ("@changesets/cli@2", "publish", "changeset publish"),
    ("@changesets/cli", "publish", "changeset publish"),
    ("@sentry/cli@2.31.0", "releases new v1", "sentry-cli releases"),
    ("netlify-cli@17", "deploy --prod", "netlify-cli deploy"),
    ("firebase-tools@13", "deploy", "firebase-tools deploy"),
    ("wrangler@3", "deploy", "wrangler deploy"),
    ("@cloudflare/wrangler@1", "publish", "wrangler publish"),
    ("lerna@8", "publish", "lerna publish"),
    ("@google/clasp@2", "push", "clasp push"),
    ("@railway/cli@3", "up", "railway up"),
    ("@expo/cli@0", "publish", "expo publish"),
]


@pytest.mark.parametrize("launcher", _LAUNCHERS)
@pytest.mark.parametrize(("spec", "rest", "pattern"), _DENIED)
def test_a_deny_for_the_program_matches_it_through_a_launcher(launcher, spec, rest, pattern):
    command = f"{launcher} {spec} {rest}"
    v = term(command, allow=(f"Terminal({launcher})",), deny=(f"Terminal({pattern})",))
    assert v.decision == "deny", (command, v.reason)
    v = term(command, allow=(f"Terminal({launcher})",), ask=(f"Terminal({pattern})",))
    assert v.decision == "require_approval", (command, v.reason)


_PYTHON = [
    "pipx run twine==5.0 upload dist/*",
    "pipx run 'twine>=5' upload dist/*",
    "uvx twine==5.1.1 upload dist/*",
    "uvx 'twine>=5,<6' upload dist/*",
    "uvx 'twine~=5.0' upload dist/*",
    "uvx 'twine[keyring]' upload dist/*",
    "uvx 'twine[keyring]==5' upload dist/*",
    "uvx twine@5 upload dist/*",
    "uv tool run twine==5 upload dist/*",
    "pipx run poetry==1.8 publish",
    "uvx 'poetry<2' publish",
    "uvx hatch==1.12 publish",
]


@pytest.mark.parametrize("command", _PYTHON)
def test_a_python_package_named_with_its_version_is_the_program(command):
    assert_capped(command)


_CAPPED = [
    f"{launcher} {spec} {rest}"
    for launcher in ("npx", "pnpm dlx", "bunx", "yarn dlx")
    for spec, rest in (
        ("@changesets/cli@2", "publish"),
        ("@changesets/cli", "publish"),
        ("@expo/cli@0", "publish"),
        ("@aws-amplify/cli@12", "publish"),
        ("@google/clasp@2", "push"),
        ("@google/clasp", "deploy"),
        ("@azure/static-web-apps-cli@1", "deploy"),
        ("@lerna/cli", "publish"),
        ("@angular/cli@17", "deploy"),
        ("@sentry/cli@2", "releases new v1"),
        ("@shopify/cli@3", "app deploy"),
        ("@railway/cli@3", "up"),
        ("surge@0.23", "./dist"),
        ("gh-pages@6", "-d dist"),
    )
]


@pytest.mark.parametrize("command", _CAPPED)
def test_a_scoped_or_versioned_publisher_is_capped(command):
    assert_capped(command)


_ORDINARY = [
    "npx prettier@3 --write .",
    "npx @biomejs/biome@1 check .",
    "npx @playwright/test@1.40 test",
    "npx tsc@5 --noEmit",
    "npx @nestjs/cli@10 build",
    "pnpm dlx @angular/cli@17 build",
    "npx @angular/cli@17 test",
    "bunx @changesets/cli@2 status",
    "npx @changesets/cli version",
    "uvx ruff@0.5 check .",
    "uvx 'ruff>=0.5' format .",
    "pipx run black==24.1 .",
    "npx @google/clasp@2 pull",
]


@pytest.mark.parametrize("command", _ORDINARY)
def test_ordinary_versioned_launches_stay_auto_approved(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


def test_allow_stays_literal():
    # R4.8: an allow for the program does not cover the launcher's line.
    assert term("npx vercel@33 build", allow=("Terminal(vercel build)",)).decision != "auto_approve"
    assert term("npx vercel@33 build", allow=("Terminal(npx vercel@33 build)",)).decision == "auto_approve"


def test_an_assignment_that_looks_like_a_version_is_still_an_assignment():
    # `X==1 rm -rf /` is the assignment X='=1' before rm: the floor still sees rm (R4.6, R4.8).
    assert term("X==1 rm -rf /", autonomy=AUTO_MODE).decision == "deny"
