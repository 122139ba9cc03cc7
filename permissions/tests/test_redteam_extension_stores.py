"""Red team (session 17), external effects by family (§5 step 6): the browser extension stores' uploaders --
Mozilla's ``web-ext sign`` / ``submit`` (an add-on submitted to addons.mozilla.org) and ``chrome-webstore-upload``
(an upload, by default published, to the Chrome Web Store) -- were auto-approved under the container floor,
auto mode and a prefix allow, where ``vsce publish`` (VS Code's marketplace) already waited. A local run, build
or lint stays ordinary.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where

UPLOADS = [
    "web-ext sign --api-key k --api-secret s",
    "web-ext sign --channel unlisted",
    "web-ext submit",
    "npx web-ext sign --channel listed",
    "chrome-webstore-upload upload --source x.zip --extension-id abc",
    "chrome-webstore-upload --source x.zip",
    "chrome-webstore-upload publish --extension-id abc",
]


@pytest.mark.parametrize("command", UPLOADS)
def test_an_extension_sent_to_a_store_is_never_auto_approved(command):
    never_auto_where(command)


# Guards (held before, kept).
LOCAL = ["web-ext run", "web-ext build", "web-ext lint", "npx web-ext build --overwrite-dest"]


@pytest.mark.parametrize("command", LOCAL)
def test_a_local_run_build_or_lint_stays_ordinary(command):
    stays_auto_where(command)
