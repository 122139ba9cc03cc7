"""Red team, R4.10: a rule's options written into a file the command names, or set by their own name.

npm and pnpm read options from the files `--userconfig` and `--globalconfig` name, pip from the file
`PIP_CONFIG_FILE` names: `global=true` there is `npm install -g`. What such a file holds is read only when the
program runs, so a deny or ask pattern of the program whose command and operands match may be the act: the
command asks (it is never auto-approved, and never denied on a guess -- R4.8: refusing is for what is known).
pnpm sets any of its settings by name (`pnpm --config.global=true add x` is `pnpm add -g x`): read as that
option. Each command is tried behind a prefix allow for every program it names.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import allow_every_word, term

# (deny pattern, command): the options are in a file
IN_A_FILE = [
    ("npm install -g", "npm --userconfig=cfg install left-pad"),
    ("npm install -g", "npm install left-pad --userconfig ./cfg"),
    ("npm install -g", "npm i left-pad --globalconfig=/tmp/g"),
    ("npm install -g", "npm --userc cfg i left-pad"),  # an abbreviation of --userconfig
    ("npm install --ignore-scripts=false", "npm install --userconfig=.npmrc.local"),
    ("npm publish --registry", "npm publish --userconfig cfg"),
    ("pnpm add -g", "pnpm --userconfig=cfg add left-pad"),
    ("pip install --user", "PIP_CONFIG_FILE=/tmp/p.conf pip install requests"),
    ("pip install --user", "export PIP_CONFIG_FILE=p.conf && pip install requests"),
    ("pip install --index-url", "PIP_CONFIG_FILE=p.conf pip3 install requests"),
    ("pip install --index-url", "env PIP_CONFIG_FILE=p.conf python3 -m pip install requests"),
]

# (deny pattern, command): set by its own name
BY_NAME = [
    ("pnpm add -g", "pnpm --config.global=true add left-pad"),
    ("pnpm add -g", "pnpm add left-pad --config.global"),
    ("pnpm install --ignore-scripts=false", "pnpm install --config.ignore-scripts=false"),
]


@pytest.mark.parametrize(("deny", "command"), IN_A_FILE)
def test_options_in_a_file_the_command_names_ask_under_a_deny(deny, command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(("deny", "command"), IN_A_FILE)
def test_options_in_a_file_the_command_names_ask_under_an_ask(deny, command):
    v = term(command, allow=allow_every_word(command), ask=(f"Terminal({deny})",))
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(("deny", "command"), BY_NAME)
def test_an_option_set_by_its_name_is_the_option(deny, command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision == "deny", (command, v.reason, v.message)


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        # (npm's settings file asks whatever the command since test_redteam_settings_read_from_a_file_the_table_does_not
        # _keep: its `script-shell` runs every script)
        # another command than the pattern's (a pip.conf: pip's own settings file, R3.7's to keep; one of another
        # name is settings no rule has read, test_redteam_settings_files_named_by_a_variable)
        ("pip install --user", "PIP_CONFIG_FILE=ci/pip.conf pip list"),
        ("pnpm add -g", "pnpm --config.save-exact=true add left-pad"),
    ],
)
def test_other_commands_with_an_option_file_are_not_held(deny, command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
    assert v.decision == "auto_approve", (command, v.reason, v.message)
