"""R3.7 and SPEC §5 "where it runs", red team: a nested coding agent started in another folder than the
project's, where it may not read the project's settings -- and Brabo's hook in them.

Which project settings each agent reads, from its own code (permissions.commands.agent_clis holds the
citations):

- Claude Code reads ``.claude/settings.json`` from the folder it starts in (``case "projectSettings":return
  N(n.projectConfigDir??u2o(n))``, ``u2o(e){...return e.cwd}`` in
  @anthropic-ai/claude-code-linux-x64/claude), and ``.claude/settings.local.json`` -- where ``brabo hook
  install`` puts the hook -- from there or, when ownership checks on it pass, from the git root
  (``uW(u2o(n),n.canonicalGitRoot)``, ``amd``); ``--project-config-root`` reads them from another folder,
  ``--add-dir`` "also loads its skills and commands", ``-w``/``--worktree`` starts in a new git worktree;
- Gemini CLI reads ``.gemini/settings.json`` of the folder it starts in only
  (@google/gemini-cli/bundle/chunk-2YTYPKEZ.js:16529 ``loadSettings(workspaceDir = process2.cwd())``,
  chunk-5FZXKDXH.js:253288 ``getGeminiDir(){return path4.join(this.targetDir, GEMINI_DIR)}``);
  ``--include-directories`` widens the workspace, not the settings;
- Codex reads the ``.codex`` layers from its start folder up to the project root marker (``project_root_markers
  = [".git"]``, "Project `.codex/config.toml`: settings for a trusted repository, including ... hooks",
  @openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex), ``-C``/``--cd`` "Tell the agent to
  use the specified directory as its working root".

SPEC reading (R3.7 and §5 are silent): a Claude or Gemini run started anywhere but the project folder, a
Codex run started outside it, in a folder decided only when it runs (``cd "$D"``), moved by a wrapper
(``env -C``, ``sudo -D``) or by its own options, is never auto-approved -- on the sandbox too: the nested agent
without its hook runs every tool call unasked, past the deny rules and the floor that judge each command
there, as ``env -i claude`` does (test_redteam_hook_environment_taken_away). A Claude run started in a
subfolder finds the local file only when git's root is the project folder and owned as the CLI checks: not
known from the text, so asked. Started in the project folder (also after ``cd`` back), a Codex run in a
subfolder, ``--version``/``--help`` anywhere, and the same moves before other programs keep their answer.
Where each segment runs is permissions.where's reading (``cd``, ``pushd``/``popd``, subshells).
"""

from __future__ import annotations

import pytest

from permissions.decide import DecisionRequest, decide
from permissions.tests.helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, perms

from .redteam import never_auto_where, stays_auto_where

CD_SPELLINGS = [
    "cd src && claude -p x",
    "cd /tmp && claude -p x",
    "cd .. && claude -p x",
    "cd /tmp; claude -p x",
    "cd && claude -p x",
    "cd ~ && gemini -p x",
    "cd - && claude -p x",
    'cd "$D" && claude -p x',
    "cd $HOME/other && codex exec x",
    "cd /tmp && codex exec x",
    "cd .. && codex exec x",
    "cd ../other-app && codex exec 'fix it'",
    "(cd .. && gemini -p x)",
    "(cd /tmp; claude -p x)",
    "(cd src && gemini -p x)",
    "pushd /tmp && gemini -p x",
    "pushd /tmp >/dev/null && claude -p x && popd",
    "pushd src; claude -p x; popd",
    "builtin cd /tmp && claude -p x",
    "builtin cd src; gemini -p x",
    "command cd /tmp && codex exec x",
    "cd -P /tmp && claude -p x",
    "cd -- /tmp && claude -c",
    "chdir /tmp && claude -p x",
    "cd src && cd lib && claude -p x",
    "for d in a b; do cd $d && claude -p x; done",
    "cd /tmp && npx @anthropic-ai/claude-code -p x",
    "cd /tmp && npx -y @google/gemini-cli -p x",
    "cd /tmp && bunx @anthropic-ai/claude-code -p x",
    "cd /tmp && pnpm dlx @openai/codex exec x",
    "cd /tmp && /usr/local/bin/claude -p x",
    "cd /tmp && ./node_modules/.bin/gemini -p x",
    "cd /tmp && nohup claude -p x &",
    "cd /tmp && timeout 60 claude -p x",
    "cd /tmp && claude --model x",
    "cd /tmp && CLAUDE -p x",
    "cd /tmp && Claude.exe -p x",
    "cd /tmp && c\\laude -p x",
    "cd /tmp && cl''aude -p x",
    'cd /tmp && "gemini" -p x',
    "cd /tmp && exec claude -p x",
    "cd /tmp && command claude -p x",
    "cd /tmp && sh -c 'claude -p x'",
    "sh -c 'cd /tmp && claude -p x'",
    "bash -c 'cd /tmp; gemini -p x'",
    "eval 'cd /tmp && claude -p x'",
    "cd /tmp && node ./node_modules/@anthropic-ai/claude-code/cli.js -p x",
    "cd /tmp && node node_modules/@google/gemini-cli/bundle/gemini.js -p x",
    "cd /tmp && npm exec @anthropic-ai/claude-code -- -p x",
    "cd /tmp && yarn dlx @google/gemini-cli -p x",
    "cd /tmp && codex resume",
]
WRAPPERS_AND_OPTIONS = [
    "env -C /tmp claude -p x",
    "env -C /tmp sh -c 'claude -p x'",
    "env --chdir=/tmp bash -c 'cd . && gemini -p x'",
    "env --chdir=/tmp claude -p x",
    "env --chdir /tmp gemini -p x",
    "env -C src claude -p x",
    "env -C/tmp codex exec x",
    "codex exec -C /tmp x",
    "codex exec --cd /tmp x",
    "codex exec --cd=/tmp x",
    "codex -C /tmp",
    "codex --cd /tmp exec x",
    "codex exec -C/tmp x",
    "codex exec -C src x",
    "codex exec --worktree x",
    "npx @openai/codex exec -C /tmp x",
    "claude -p x --add-dir ..",
    "claude --add-dir /tmp -p x",
    "claude --add-dir=/tmp -p x",
    "claude -p x --project-config-root /tmp",
    "claude --project-config-root=/tmp -p x",
    "claude -w -p x",
    "claude --worktree feature -p x",
    "claude --cwd /tmp -p x",
    "npx @anthropic-ai/claude-code --add-dir .. -p x",
]

# Asked before for other reasons (the environment taken away, another user, a program outside the project):
# kept.
ALREADY_ASKED = [
    "cd src && claude mcp list",
    "cd /tmp && ~/.local/bin/claude -p x",
    "env -iC /tmp claude",
    "sudo -D /tmp claude -p x",
    "cd /tmp && echo x | xargs claude -p",
]


# SPEC §5: off the sandbox the command may run on Windows, where cmd and PowerShell move too.
WINDOWS_MOVES = [
    "Set-Location src; claude -p x",
    "Set-Location -Path src; gemini -p x",
    "sl src; claude -p x",
    "Push-Location src; claude.exe -p x",
    "pushd src & gemini.cmd -p x",
]


@pytest.mark.parametrize("command", WINDOWS_MOVES)
def test_an_agent_started_after_a_windows_move_is_never_auto_approved_off_the_sandbox(command):
    never_auto_where(command, ("host", "agent"))


@pytest.mark.parametrize("command", ALREADY_ASKED)
def test_the_starts_already_asked_keep_asking(command):
    never_auto_where(command)


@pytest.mark.parametrize("command", CD_SPELLINGS + WRAPPERS_AND_OPTIONS)
def test_an_agent_started_away_from_the_project_folder_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize("command", ["claude -p x", "gemini -p x", "npx @anthropic-ai/claude-code -p x"])
def test_an_agent_started_in_a_subfolder_the_request_runs_in_is_never_auto_approved(command):
    for project in (HOST, CONTAINER_RUNNING):
        for runs_in in ("sandbox", "host", "agent"):
            v = decide(
                DecisionRequest(
                    "terminal",
                    "developer",
                    project,
                    command=command,
                    cwd=ROOT + "/src",
                    permissions=perms(),
                    autonomy=AUTO_MODE,
                    runs_in=runs_in,
                )
            )
            assert v.decision != "auto_approve", (command, runs_in, v.reason)


def test_the_message_says_where_and_what_to_do():
    v = decide(
        DecisionRequest(
            "terminal",
            "developer",
            HOST,
            command="cd /tmp && claude -p x",
            permissions=perms(),
            autonomy=AUTO_MODE,
            runs_in="agent",
        )
    )
    assert "away from the project folder" in v.message and "start it in the project folder" in v.message


@pytest.mark.parametrize(
    "command",
    [
        "claude -p 'run the tests'",
        "gemini -p hi",
        "codex exec 'fix the test'",
        "npx @anthropic-ai/claude-code -p hi",
        "cd src && cd .. && claude -p x",
        "cd src && npm test",
        "cd src && make",
        "pushd src && npm test && popd",
        "(cd src && npm test)",
        "env -C src npm test",
        "claude --version",
        "cd src && claude --version",
        "cd src && gemini --help",
        "cd src && codex --version",
        "gemini --help",
        "cd src && codex exec 'fix the test'",
        "(cd src && codex exec x)",
        "gemini --include-directories docs -p hi",
        "gemini --include-directories=docs,tests -p hi",
        "codex exec --add-dir build x",
        "env -C src npm test && claude -p x",
        "sh -c 'claude -p x'",
        "env FOO=1 claude -p x",
        'claude -p "it\'s done"',
        "cd src && echo claude",
        "cd src && grep -r claude .",
        "cd src && cat gemini.md",
    ],
)
def test_ordinary_starts_and_moves_keep_their_answer(command):
    stays_auto_where(command)


@pytest.mark.parametrize(
    "command", ["cd /tmp && claude --version", "cd /tmp && gemini --help", "(cd .. && codex --version)"]
)
def test_version_and_help_anywhere_keep_their_answer_on_the_sandbox(command):
    """(Off the sandbox a folder outside the project is R6.2's path scope, before and after.)"""
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", ["codex exec x", "codex --version"])
def test_codex_in_a_subfolder_keeps_its_answer(command):
    """Codex reads its project's .codex layers from its start folder up to the project root marker."""
    v = decide(
        DecisionRequest(
            "terminal",
            "developer",
            HOST,
            command=command,
            cwd=ROOT + "/src",
            permissions=perms(),
            autonomy=AUTO_MODE,
            runs_in="agent",
        )
    )
    assert v.decision == "auto_approve", (command, v.reason, v.message)
