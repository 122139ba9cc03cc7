"""Red team (R4.9): code a program that is no interpreter loads from a file or a folder the command names.

Under an allow of the program alone these ran a file of the command's own, in the sandbox and on the developer's
machine: VS Code's (and its forks') extension under development (``code --extensionDevelopmentPath=./x``: its
JavaScript runs in the editor's extension host, with the user's files and tokens) or extensions folder; a
Chromium-family browser's unpacked extension (``chromium --load-extension=./x``, in the user's own profile when no
other is named); terraform's providers from a project folder (``terraform init -plugin-dir=./x``: programs it runs
on every plan); pandoc's Lua filter (``pandoc --lua-filter ./x.lua``, ``-L``: Lua with ``os.execute``), beside its
``--filter`` program, which was read already. Now the folders are code no rule can read (option_commands
_loaded_folder) and the Lua filter a program of the command's own, as ``--filter`` is. Opening files, diffs, a
headless browser's screenshot and a plain conversion stay ordinary.

On the base (d0d1f65) test_code_loaded_from_a_place_the_command_names_asks failed 14 of 14 cases in the sandbox
and 14 of 14 on the developer's machine; the ordinary cases passed there and are guards.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import approved_by_its_allow, asks_under_its_allow

ATTACKS = [
    ("code", "code --extensionDevelopmentPath=./x ."),
    ("code", "code --extensionDevelopmentPath ./x --extensionTestsPath ./x/test"),
    ("code", "code --extensions-dir ./exts ."),
    ("cursor", "cursor --extensionDevelopmentPath=./x"),
    ("codium", "codium --extensions-dir=./exts"),
    ("chromium", "chromium --load-extension=./x"),
    ("google-chrome", "google-chrome --headless --load-extension=./x https://localhost:3000"),
    ("brave-browser", "brave-browser --load-extension=./x"),
    ("msedge", "msedge --load-extension=./x"),
    ("terraform", "terraform init -plugin-dir=./providers"),
    ("terraform", "terraform init -plugin-dir ./providers"),
    ("pandoc", "pandoc --lua-filter ./x.lua in.md -o out.html"),
    ("pandoc", "pandoc --lua-filter=x.lua in.md"),
    ("pandoc", "pandoc -L ./x.lua in.md"),
]

ORDINARY = [
    ("code", "code ."),
    ("code", "code -r src/x.ts"),
    ("code", "code --diff a.ts b.ts"),
    ("code", "code --list-extensions"),
    ("cursor", "cursor ."),
    ("chromium", "chromium --headless --dump-dom http://localhost:3000"),
    ("google-chrome", "google-chrome --headless --screenshot http://localhost:3000"),
    ("terraform", "terraform init"),
    ("terraform", "terraform plan"),
    ("pandoc", "pandoc in.md -o out.html"),
    ("pandoc", "pandoc --toc --listings in.md"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_code_loaded_from_a_place_the_command_names_asks(allow, command, runs_in):
    asks_under_its_allow(allow, command, runs_in)


@pytest.mark.parametrize(("allow", "command"), ORDINARY)
def test_opening_converting_and_planning_stay_approved(allow, command):
    approved_by_its_allow(allow, command)
