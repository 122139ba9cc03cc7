"""R3.7, red team: a nested agent CLI run through the shell that rewrites the agent's own configuration -- the
file that holds its hooks, its saved trust, the account whose managed settings it reads -- is never
auto-approved, on the agent's own machine, the host or the sandbox.

Read from the pinned CLIs' own `--help` and subcommand helps (tests/agents_e2e/clis.py: Claude Code 2.1.332,
Gemini CLI 0.61.0, Codex 0.171.0), and tried with the real programs in a scratch home folder:

- subcommands no reading named: `claude purge` (deletes the project's entry in ~/.claude.json), `claude
  auto-mode reset` (rewrites the user settings file, where `brabo hook install --user` puts the hook), `claude
  auth login|logout` and `codex login|logout` (another account, whose server-managed settings outrank the
  files), `gemini skills|skill install|enable|disable|link|uninstall`, `gemini hook migrate` (the alias of
  `hooks`), `gemini gemma setup` (writes the user and workspace settings), `codex app-server` and `codex
  remote-control start|pair` (commands run for a caller elsewhere);
- the configuration subcommands already read (`claude mcp add`, `gemini mcp add`, `codex features disable
  codex_hooks`) were read only as the program's SECOND word: an option before them (`codex -a never features
  disable codex_hooks`, `gemini -d mcp add x sh`, `claude --verbose mcp add x -- sh`) hid them, and each of
  those, run for real, wrote the setting.

Their read-only forms (`claude auth status`, `claude auto-mode config`, `claude purge --dry-run`, `gemini
skills list`, `codex app-server generate-ts` ...) and ordinary runs stay as
they were.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where

# Subcommands that write the agent's configuration, trust or account, in every spelling of where they start.
NEW_SUBCOMMANDS = [
    "claude purge",
    "claude purge --all -y",
    "claude purge .",
    "claude purge -i",
    "claude auto-mode reset",
    "claude auto-mode reset --yes",
    "claude auth login",
    "claude auth login --console",
    "claude auth logout",
    "claude ultrareview --trust-workspace",
    "gemini skills install https://x.example/s",
    "gemini skill install https://x.example/s",
    "gemini skills enable x",
    "gemini skills disable x --scope workspace",
    "gemini skills link ./x",
    "gemini skills uninstall x",
    "gemini hook migrate",
    "gemini hooks migrate",
    "gemini gemma setup",
    "codex logout",
    "codex login",
    "codex login --with-api-key",
    "codex app-server",
    "codex app-server daemon bootstrap",
    "codex app-server daemon enable-remote-control",
    "codex app-server proxy",
    "codex remote-control start",
    "codex remote-control pair",
]
# The configuration subcommands already read, behind options that hid them (each tried for real: it wrote).
BEHIND_OPTIONS = [
    "claude --verbose mcp add x -- sh",
    "claude -d mcp add x -- sh",
    "claude --model opus mcp add x -- sh",
    "claude --model=opus mcp add x -- sh",
    "claude --debug plugin install x",
    "claude --verbose purge",
    "claude --effort high auto-mode reset",
    "claude -p --verbose auth logout",
    "claude --verbose import codex",
    "claude --verbose -- mcp add x -- sh",
    "claude --allowedTools Bash mcp add x -- sh",
    "claude --add-dir a b plugin install x",
    '/usr/local/bin/claude --verbose mcp add-json x \'{"command":"sh"}\'',
    "npx @anthropic-ai/claude-code --verbose mcp add x -- sh",
    "gemini -d mcp add x sh",
    "gemini --debug extensions install https://x.example/e",
    "gemini -m flash mcp add x sh",
    "gemini --model=flash hooks migrate",
    "gemini -s mcp add x sh",
    "gemini --screen-reader skills install https://x.example/s",
    "gemini -d extension link ./x",
    "codex -m o3 mcp add x -- sh",
    "codex --oss mcp add x -- sh",
    "codex -m o3 features disable codex_hooks",
    "codex -a never features disable codex_hooks",
    "codex --search plugin add x",
    "codex -a never mcp add x -- sh",
    "codex --no-alt-screen login",
    "codex -i a.png mcp add x -- sh",
    "codex --search remote-control start",
    "node node_modules/@openai/codex/bin/codex.js -m o3 features disable codex_hooks",
]


@pytest.mark.parametrize("command", NEW_SUBCOMMANDS + BEHIND_OPTIONS)
def test_a_nested_agent_rewriting_its_own_configuration_is_never_auto_approved(command: str) -> None:
    never_auto_where(command)


# Read-only subcommands and ordinary runs that were ordinary stay so.
STAYS = [
    "claude purge --dry-run",
    "claude purge --help",
    "claude auto-mode config",
    "claude auto-mode defaults",
    "claude auto-mode critique",
    "claude auto-mode --help",
    "claude auth status",
    "claude auth status --json",
    "claude auth --help",
    "claude doctor",
    "claude logs abc",
    "claude --version",
    "claude -p 'update the readme'",
    "claude -p 'fix the mcp server list'",
    "claude -p fix mcp",
    "claude --verbose -p 'add a purge command'",
    "claude --model opus -p hi",
    "gemini skills list",
    "gemini skills list --all",
    "gemini skill list",
    "gemini gemma status",
    "gemini gemma logs",
    "gemini -p 'set up the mcp server'",
    "gemini -m flash -p hi",
    "gemini --list-extensions",
    "codex login --help",
    "codex app-server generate-ts",
    "codex app-server generate-json-schema",
    "codex remote-control stop",
    "codex doctor",
    "codex debug models",
    "codex completion bash",
    "codex exec 'add a login page'",
    "codex -m o3 exec 'run the mcp tests'",
    "codex --version",
]


@pytest.mark.parametrize("command", STAYS)
def test_read_only_subcommands_and_runs_stay_ordinary(command: str) -> None:
    stays_auto_where(command, ("agent",))
