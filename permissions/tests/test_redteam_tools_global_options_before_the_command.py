"""Red team (session 17), R4.10: uv, bun, poetry, composer and systemctl had no option table, so a deny of
their subcommand met only the words as written: a global option between the program and the subcommand (`uv -q
pip install`, `poetry -C x add y`, `composer -n require x`, `systemctl --user restart x`), a subcommand by its
alias or abbreviation (`composer req`, `bun a`), or an option by its other spelling (`bun add --global` for a
deny of `bun add -g`) went through under an allow of the program and in auto mode
(permissions.commands.option_tables_tools).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import term
from permissions.tests.redteam import in_auto_mode, under_its_allow

CASES = [
    ("uv --quiet pip install x", "uv pip install"),
    ("uv -q pip install x", "uv pip install"),
    ("uv --directory x add y", "uv add"),
    ("uv -v pip install x --system", "uv pip install --system"),
    ("uv --offline add x", "uv add"),
    ("uv tool --quiet install x", "uv tool install"),
    ("uv -q publish", "uv publish"),
    ("poetry -C x add y", "poetry add"),
    ("poetry --directory=x add y", "poetry add"),
    ("poetry -q add y", "poetry add"),
    ("poetry -n publish --build", "poetry publish"),
    ("bun add --global x", "bun add -g"),
    ("bun add -g x", "bun add --global"),
    ("bun --cwd x add -g y", "bun add -g"),
    ("bun a -g x", "bun add -g"),
    ("bun install --global x", "bun install -g"),
    ("bun i -g x", "bun install -g"),
    ("composer -n require x", "composer require"),
    ("composer --working-dir=x require y", "composer require"),
    ("composer req x", "composer require"),
    ("composer -q req x", "composer require"),
    ("composer requ x", "composer require"),
    ("systemctl --user restart x", "systemctl restart"),
    ("systemctl -q restart x", "systemctl restart"),
    ("systemctl --no-block stop x", "systemctl stop"),
    ("systemctl -H h stop x", "systemctl stop"),
    ("systemctl --now disable x", "systemctl disable --now"),
]


@pytest.mark.parametrize(("command", "deny"), CASES)
def test_a_global_option_alias_or_spelling_meets_the_deny(command, deny):
    assert under_its_allow(command, deny).decision == "deny", command
    assert in_auto_mode(command, deny).decision == "deny", command


ORDINARY = [
    ("uv run pytest", "uv pip install"),
    ("uv -q run pytest", "uv pip install"),
    ("uv sync", "uv add"),
    ("uv run --with x pytest", "uv add"),
    ("uv pip list", "uv pip install"),
    ("bun add x", "bun add -g"),
    ("bun install", "bun install -g"),
    ("bun test", "bun add"),
    ("poetry install", "poetry add"),
    ("poetry run pytest", "poetry add"),
    ("composer install", "composer require"),
    ("systemctl status x", "systemctl restart"),
]


@pytest.mark.parametrize(("command", "deny"), ORDINARY)
def test_the_other_commands_stay_allowed(command, deny):
    # (R4.8: `Terminal(uv)` does not cover what `uv run` runs; the command's own pattern does)
    v = term(
        command,
        allow=(f"Terminal({command.split()[0]})", f"Terminal({command})"),
        deny=(f"Terminal({deny})",),
    )
    assert v.decision == "auto_approve", command
