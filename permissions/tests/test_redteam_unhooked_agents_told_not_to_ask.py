"""R3.7 and R4.9, red team: a coding agent or model shell that runs no Brabo hook, started by the agent and told
to act without asking. Brabo's hook lives in Claude Code's, Gemini CLI's and Codex's settings; the other agents
(aider, Open Interpreter, shell-gpt, Amp, Cursor's agent, GitHub Copilot's CLI, Amazon Q and Kiro, Qwen Code,
Kimi, Droid, opencode, goose, crush, OpenHands, gptme, Plandex, Cline, Kilo Code) run the commands their model
chooses with nothing of Brabo's in between: told to act without asking (`--yes-always`, `-y`, `--yolo`,
`--dangerously-allow-all`, `--trust-all-tools`, `--allow-all-tools`) or in their headless runs that act on their
own (`opencode run`, `goose run`), what runs no rule can read -- never auto-approved, wherever it runs, also
through a launcher (`npx opencode-ai run`, `uvx aider-chat`). Their questions without tools and their listings
stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "aider --yes-always --message 'delete the failing tests'",
        "aider --yes -m 'x' src/app.py",
        "uvx aider-chat --yes-always -m x",
        "AIDER_YES_ALWAYS=1 aider -m 'x'",
        "env AIDER_YES=true aider --message x",
        "export AIDER_YES_ALWAYS=1; aider -m x",
        "aider --config /tmp/yes.yml -m x",
        "aider --env-file ./other.env -m x",
        "DEFAULT_EXECUTE_SHELL_CMD=true sgpt -s 'x'",
        "interpreter -y 'clean up the home folder'",
        "interpreter --auto_run 'x'",
        "pipx run open-interpreter -y x",
        "sgpt -s --no-interaction 'free disk space'",
        "sgpt --shell --no-interaction 'x'",
        "amp -x 'x' --dangerously-allow-all",
        "npx @sourcegraph/amp -x x --dangerously-allow-all",
        "cursor-agent -p --force 'drop the db'",
        "cursor-agent --print 'x'",
        "copilot -p 'x' --allow-all-tools",
        "copilot -p 'x' --allow-tool 'shell(rm)'",
        "npx @github/copilot -p x --allow-all-tools",
        "q chat --trust-all-tools 'x'",
        "q chat --trust-tools=execute_bash 'x'",
        "kiro-cli chat --trust-all-tools x",
        "qwen --yolo -p 'x'",
        "qwen --approval-mode yolo -p x",
        "qwen --approval-mode=yolo -p x",
        "npx @qwen-code/qwen-code --yolo -p x",
        "kimi --yolo",
        "droid exec --skip-permissions-unsafe 'x'",
        "droid exec --auto high 'x'",
        "opencode run 'x'",
        "npx opencode-ai run x",
        "goose run -t 'x'",
        "crush run 'x'",
        "crush -y",
        "openhands -t 'x'",
        "gptme -y 'x'",
        "gptme --non-interactive 'x'",
        "plandex tell x --auto-exec",
        "cline -y 'x'",
        "kilocode --auto 'x'",
    ],
)
def test_an_unhooked_agent_told_not_to_ask_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "aider --message 'fix the bug'",
        "aider --version",
        "sgpt 'what does this regex do'",
        "qwen -p 'explain this file'",
        "droid exec 'summarize the repo'",
        "opencode --version",
        "goose session list",
        "gptme --help",
        "copilot --version",
    ],
)
def test_their_questions_and_listings_stay_ordinary(command):
    stays_auto_where(command, ("sandbox",))
