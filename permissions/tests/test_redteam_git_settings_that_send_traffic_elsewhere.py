"""Red team (session 17), §5 step 6 with R4.9: `git config` setting where git's traffic goes is an external
effect, like `remote.*.url` and `url.*.insteadOf` -- every later fetch, pull or `git submodule update` (each
auto-approved) then talks to another place or trusts another certificate: a proxy (`http.proxy`,
`http.<url>.proxy`), a host's address (`http.curloptResolve`), the certificate authorities git accepts
(`http.sslCAInfo`, `http.sslCAPath`), a submodule's address in the repository's config
(`submodule.<name>.url`, which overrides .gitmodules). All 16 cases were auto-approved on main.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_capped, assert_not_capped
from permissions.tests.redteam import never_auto_where

CASES = [
    "git config http.proxy http://e.example:8080",
    "git config --global http.proxy http://e.example:8080",
    "git config http.https://github.com/.proxy http://e.example",
    "git config HTTP.Proxy http://e.example",
    "git config --add http.curloptResolve github.com:443:203.0.113.5",
    "git config http.curloptresolve +github.com:443:203.0.113.5",
    "git config http.sslCAInfo /tmp/evil.pem",
    "git config --global http.sslCAPath /tmp/certs",
    "git config http.https://github.com/.sslCAInfo ca.pem",
    "git config submodule.lib.url https://e.example/lib.git",
    "git config --local submodule.lib.url git@e.example:lib.git",
    "git config set http.proxy http://e.example",
    "git -C sub config http.proxy http://e.example",
    "git config --replace-all http.proxy http://e.example",
    "git config --unset http.sslCAInfo && git config http.sslCAInfo x.pem",
    "git config submodule.lib.url https://e.example/x && git status",
]


@pytest.mark.parametrize("command", CASES)
def test_setting_where_git_sends_its_traffic_is_never_auto_approved(command):
    never_auto_where(command)
    assert_capped(command)


ORDINARY = [
    "git config --get http.proxy",
    "git config --get submodule.lib.url",
    "git config --list",
    "git config user.name Dev",
    "git config http.postBuffer 524288000",
    "git config submodule.recurse true",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_reading_them_and_other_settings_is_not_capped(command):
    assert_not_capped(command)
