"""Run one coding agent's real CLI, non-interactively, in a project folder, with its pre-tool hook wired to
Brabo and its model answered by ``model_stub`` (one scripted tool call, then a final text).

Each agent is set up as a careful user would, so that **without the hook it would run the tool**: Claude
Code with the tools allowed (``--allowedTools``), Gemini CLI in ``yolo`` approval mode, Codex with
``approval_policy = "never"`` and no sandbox. Whatever the agent then refuses, Brabo refused.

Hook wiring, per each agent's documentation:
- Claude Code: ``.claude/settings.json`` ``hooks.PreToolUse`` — ``"type": "command"`` or ``"type": "http"``
  with ``timeout`` in seconds (https://code.claude.com/docs/en/hooks). Project hooks run in ``-p`` mode.
- Gemini CLI: an extension in HOME (``~/.gemini/extensions/<name>/hooks/hooks.json``, enabled for the
  project only in ``extension-enablement.json``), as ``brabo hook install gemini-cli`` writes it —
  ``hooks.BeforeTool``, ``"type": "command"``, ``timeout`` in milliseconds (gemini-cli docs/hooks/reference.md
  "Hook configuration", docs/extensions/reference.md "Hooks"); or, ``Hook.placement="settings"``, the project's
  ``.gemini/settings.json``, as earlier installs wrote it. A headless run needs a trusted workspace
  (``GEMINI_CLI_TRUST_WORKSPACE=true``, docs/reference/configuration.md); ``run_interactive`` runs one in a
  folder the person did not trust.
- Codex: ``$CODEX_HOME/hooks.json`` ``hooks.PreToolUse`` — ``"type": "command"``, ``timeout`` in seconds
  (https://developers.openai.com/codex/hooks); ``codex exec`` runs only trusted hooks, so the run passes
  ``--dangerously-bypass-hook-trust`` (``codex exec --help``: "Run enabled hooks without requiring
  persisted hook trust for this invocation") in place of the one-time trust a person gives interactively.

Nothing leaves the machine: HOME is a fresh folder, the model is the local stand-in, update checks and
telemetry are off.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import shlex
import signal
import struct
import subprocess
import termios
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from brabo_client.hook_install import (
    MATCHER,
    enabled_only_for,
    gemini_extension,
    gemini_extension_name,
    gemini_hook_name,
    handler,
)

from .clis import Clis
from .model_stub import ModelStub, ToolCall, gemini_results

ROOT = Path(__file__).resolve().parent.parent.parent  # the checkout: where brabo_client is importable
AGENTS = ("claude-code", "gemini-cli", "codex")
RUN_TIMEOUT = 240  # seconds: a safety net for a hung agent, not a speed assertion

# The agent's shell tool, and the arguments that run ``command``, as the model asks for it.
SHELL_TOOL = {
    "claude-code": lambda command: ToolCall(
        "Bash", {"command": command, "description": "run it"}, "toolu_e2e_1"
    ),
    "gemini-cli": lambda command: ToolCall(
        "run_shell_command", {"command": command, "description": "run it"}
    ),
    # Codex's unified exec tool; its hook sees tool_name "Bash" with tool_input.command.
    "codex": lambda command: ToolCall("exec_command", {"cmd": command}),
}
# The agent's file-writing tool, for ``path`` (absolute) and ``content``. Codex writes files with its
# freeform ``apply_patch`` tool (a Responses "custom" tool; its hook sees ``{"command": <patch>}``).
WRITE_TOOL = {
    "codex": lambda path, content: ToolCall(
        "apply_patch",
        {},
        freeform="*** Begin Patch\n*** Add File: "
        + path
        + "\n"
        + "".join("+" + line + "\n" for line in content.splitlines())
        + "*** End Patch\n",
    ),
    "claude-code": lambda path, content: ToolCall(
        "Write", {"file_path": path, "content": content}, "toolu_e2e_1"
    ),
    "gemini-cli": lambda path, content: ToolCall("write_file", {"file_path": path, "content": content}),
}
MATCHERS = MATCHER  # what ``brabo hook install`` writes: the runs prove those matchers reach Brabo


@dataclass
class Hook:
    """How the agent's hook reaches Brabo."""

    url: str  # BRABO_URL
    key: str  # BRABO_AGENT_KEY
    form: str = "command"  # "command" (``brabo hook``) or "http" (Claude Code only)
    agent_timeout: int = 30  # the agent's own hook timeout, seconds
    # flags of ``brabo hook`` / query of the HTTP hook. Nobody approves during a run: a call that needs a
    # person is refused at once (timeout 0), pending in the console, as it would be after any wait
    args: tuple[str, ...] = ("--timeout", "0")
    on_failure: str | None = None  # Claude Code's HTTP hook ``onFailure`` ("block": a failed call refuses)
    capture: Path | None = None  # the command form also appends each hook input it is given here, a line each
    # Gemini CLI only: "extension" (what ``brabo hook install`` writes), "settings" (the project's
    # .gemini/settings.json) or "user-settings" (~/.gemini/settings.json): Gemini CLI runs a settings hook
    # in a trusted folder only
    placement: str = "extension"
    # the interpreter the installed line names (default: this one); another path stands for a virtualenv that
    # moved or was deleted after the install
    python: str | None = None
    # False: the agent's settings name no timeout for the hook, so the agent's own default applies (and the
    # hook, told no --agent-timeout, assumes it)
    timeout_written: bool = True


@dataclass
class McpStdio:
    """A stdio MCP server the agent is configured with, as each CLI documents it: Claude Code
    ``--mcp-config`` ``{"mcpServers": {NAME: {command, args, env}}}`` (https://code.claude.com/docs/en/mcp),
    Gemini CLI settings ``mcpServers`` (docs/tools/mcp-server.md; ``trust: true`` skips its own
    confirmations, as ``yolo`` does), Codex ``[mcp_servers.NAME]`` in config.toml
    (https://developers.openai.com/codex/mcp)."""

    name: str
    command: str
    args: list[str]
    env: dict[str, str]


@dataclass
class Run:
    agent: str
    project: Path
    returncode: int
    stdout: str
    stderr: str
    requests: list[Any] = field(default_factory=list)
    seconds: float = 0.0

    def tool_results(self) -> list[str]:
        """What the agent told its model about the scripted tool call: its output or its refusal."""
        return tool_results(self.agent, self.requests)

    def describe(self) -> str:
        return (
            f"{self.agent} exit {self.returncode} after {self.seconds:.1f} s\n"
            f"stdout: {self.stdout[-1500:]}\nstderr: {self.stderr[-2500:]}\n"
            f"tool results: {self.tool_results()}"
        )


def tool_results(agent: str, bodies: list[Any]) -> list[str]:
    out: list[str] = []
    for body in bodies:
        if not isinstance(body, dict):
            continue
        if agent == "claude-code":
            for message in body.get("messages") or []:
                for block in message.get("content") if isinstance(message.get("content"), list) else []:
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        content = block.get("content")
                        out.append(content if isinstance(content, str) else json.dumps(content))
        elif agent == "gemini-cli":
            for content in body.get("contents") or []:
                for part in content.get("parts") or []:
                    if isinstance(part, dict) and "functionResponse" in part:
                        out.append(json.dumps(part["functionResponse"]))
        else:
            for item in body.get("input") or []:
                if isinstance(item, dict) and item.get("type", "").endswith("_call_output"):
                    output = item.get("output")
                    out.append(output if isinstance(output, str) else json.dumps(output))
    return list(dict.fromkeys(out))


def _hook_command(agent: str, hook: Hook) -> str:
    """What ``brabo hook install`` writes: the fast form of ``brabo hook`` (this checkout's client) and its
    guard against a program that cannot run."""
    from brabo_client.hook import installed_command

    line = installed_command(agent, list(hook.args), python=hook.python)
    if hook.capture is None:
        return line
    cap = shlex.quote(str(hook.capture))
    return f"(tee -a {cap}; echo >> {cap}) | {line}"


def add_mcp_server(agent: str, *, project: Path, home: Path, server: McpStdio) -> list[str]:
    """Configure ``server`` for ``agent`` (after ``configure``); the extra command-line arguments it needs."""
    spec = {"command": server.command, "args": server.args, "env": server.env}
    if agent == "claude-code":
        config = home / "mcp.json"
        _write_json(config, {"mcpServers": {server.name: spec}})
        # the server's tools join the --allowedTools list _argv ends with: only the hook stands in the way
        return [f"mcp__{server.name}", "--mcp-config", str(config), "--strict-mcp-config"]
    if agent == "gemini-cli":
        path = project / ".gemini" / "settings.json"
        settings = json.loads(path.read_text())
        settings["mcpServers"] = {server.name: {**spec, "trust": True}}
        _write_json(path, settings)
        return []
    config = home / ".codex" / "config.toml"
    env = ", ".join(f"{k} = {json.dumps(v)}" for k, v in server.env.items())
    config.write_text(
        config.read_text()
        + f"[mcp_servers.{server.name}]\ncommand = {json.dumps(server.command)}\n"
        + f"args = {json.dumps(server.args)}\nenv = {{ {env} }}\n"
    )
    return []


def _untimed(data):
    """``data`` with the ``timeout`` of every command hook handler in it taken out."""
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    if not isinstance(data, dict):
        return data
    return {k: _untimed(v) for k, v in data.items() if not (k == "timeout" and data.get("type") == "command")}


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")


def configure(
    agent: str,
    *,
    project: Path,
    home: Path,
    hook: Hook | None,
    model_url: str,
    features: tuple[str, ...] = (),
    sandbox: str = "danger-full-access",
    user_settings: dict | None = None,
) -> None:
    """Write the agent's settings: its hook on Brabo (when ``hook``) and its model on the stand-in; for Codex,
    ``features`` switched on (``[features]``, ``codex features list``) and its ``sandbox`` mode; for Gemini
    CLI, ``user_settings`` added to the user's settings."""
    put = _write_json if hook is None or hook.timeout_written else lambda p, d: _write_json(p, _untimed(d))
    if agent == "claude-code":
        settings: dict = {}
        if hook:
            if hook.form == "http":
                query = "&".join(f"{a.lstrip('-')}={v}" for a, v in zip(hook.args[::2], hook.args[1::2]))
                entry: dict = {
                    "type": "http",
                    "url": f"{hook.url}/api/hooks/claude-code/?{query}",
                    "timeout": hook.agent_timeout,
                    "headers": {
                        "Authorization": "Bearer $BRABO_AGENT_KEY",
                        "X-Brabo-Project-Root": "$BRABO_PROJECT_ROOT",
                    },
                    "allowedEnvVars": ["BRABO_AGENT_KEY", "BRABO_PROJECT_ROOT"],
                }
                if hook.on_failure:
                    entry["onFailure"] = hook.on_failure
            else:
                entry = {
                    "type": "command",
                    "command": _hook_command(agent, hook),
                    "timeout": hook.agent_timeout,
                }
            settings["hooks"] = {"PreToolUse": [{"matcher": MATCHERS[agent], "hooks": [entry]}]}
        put(project / ".claude" / "settings.json", settings)
    elif agent == "gemini-cli":
        user = {
            "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False},
            "security": {"auth": {"selectedType": "gemini-api-key"}},
        }
        user.update(user_settings or {})
        settings = {}
        if hook and hook.placement in ("settings", "user-settings"):
            entry = handler(agent, _hook_command(agent, hook), hook.agent_timeout)
            hooks = {"BeforeTool": [{"matcher": MATCHERS[agent], "hooks": [entry]}]}
            (settings if hook.placement == "settings" else user)["hooks"] = hooks
        elif hook:
            name = gemini_extension_name(str(project))
            extensions = home / ".gemini" / "extensions"
            files = gemini_extension(
                name, _hook_command(agent, hook), hook.agent_timeout, str(project), gemini_hook_name({})
            )
            for rel, data in files.items():
                put(extensions / name / rel, data)
            put(extensions / "extension-enablement.json", enabled_only_for({}, name, str(project)))
        put(home / ".gemini" / "settings.json", user)
        put(project / ".gemini" / "settings.json", settings)
    elif agent == "codex":
        codex_home = home / ".codex"
        codex_home.mkdir(parents=True, exist_ok=True)
        (codex_home / "config.toml").write_text(
            "\n".join(
                [
                    'model = "gpt-5.5"',  # in Codex's model catalogue: it offers apply_patch
                    'model_provider = "stub"',
                    'approval_policy = "never"',
                    f'sandbox_mode = "{sandbox}"',
                    "check_for_update_on_startup = false",
                    "[model_providers.stub]",
                    'name = "stub"',
                    f'base_url = "{model_url}/v1"',
                    'wire_api = "responses"',
                    'env_key = "STUB_MODEL_API_KEY"',
                    "request_max_retries = 0",
                    "stream_max_retries = 0",
                    "[analytics]",
                    "enabled = false",
                    "[features]",
                    *(f"{name} = true" for name in features),
                    "",
                ]
            )
        )
        if hook:
            entry = {
                "type": "command",
                "command": _hook_command(agent, hook),
                "timeout": hook.agent_timeout,
            }
            put(
                codex_home / "hooks.json",
                {"hooks": {"PreToolUse": [{"matcher": MATCHERS[agent], "hooks": [entry]}]}},
            )
    else:
        raise ValueError(agent)


def _argv(agent: str, clis: Clis, prompt: str, allowed: tuple[str, ...] = ()) -> list[str]:
    binary = str(clis.path(agent))
    if agent == "claude-code":
        return [binary, "-p", prompt, "--model", "claude-sonnet-4-5", "--output-format", "json"] + [
            "--allowedTools",
            "Bash",
            "Write",
            "Edit",
            *allowed,
        ]
    if agent == "gemini-cli":
        # an explicit model: the default "auto" first asks a router model, which the stand-in does not play
        return [
            binary,
            "-p",
            prompt,
            "--approval-mode",
            "yolo",
            "-m",
            "gemini-2.5-flash",
            "--output-format",
            "json",
        ]
    return [binary, "exec", "--skip-git-repo-check", "--json", "--dangerously-bypass-hook-trust", prompt]


def _env(agent: str, *, home: Path, project: Path, hook: Hook | None, model_url: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
        "TMPDIR": str(home / "tmp"),
    }
    (home / "tmp").mkdir(exist_ok=True)
    if hook:
        env.update(BRABO_URL=hook.url, BRABO_AGENT_KEY=hook.key, BRABO_PROJECT_ROOT=str(project))
    if agent == "claude-code":
        env.update(
            ANTHROPIC_BASE_URL=model_url,
            ANTHROPIC_API_KEY="sk-ant-stand-in",
            DISABLE_AUTOUPDATER="1",
            DISABLE_TELEMETRY="1",
            DISABLE_ERROR_REPORTING="1",
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        )
    elif agent == "gemini-cli":
        env.update(
            GOOGLE_GEMINI_BASE_URL=model_url,
            GEMINI_API_KEY="stand-in",
            GEMINI_CLI_TRUST_WORKSPACE="true",
            GEMINI_CLI_NO_RELAUNCH="true",  # one node process, not a relaunched child with a bigger heap
        )
    else:
        env.update(CODEX_HOME=str(home / ".codex"), STUB_MODEL_API_KEY="stand-in")
    return env


def run_agent(
    agent: str,
    clis: Clis,
    call: ToolCall | list[ToolCall],
    *,
    project: Path,
    home: Path,
    hook: Hook | None,
    prompt: str = "Do the task.",
    mcp: McpStdio | None = None,
    allowed: tuple[str, ...] = (),
    features: tuple[str, ...] = (),
    sandbox: str = "danger-full-access",
    env: dict[str, str] | None = None,
    etc: Path | None = None,
) -> Run:
    """Run ``agent`` once in ``project`` (which must exist) with the stand-in scripting ``call`` (or the
    calls, one per turn), and with ``mcp`` among its MCP servers. ``allowed``: more tools Claude Code runs
    without asking (``--allowedTools``), offered to the model up front rather than behind ToolSearch;
    ``features``: Codex features switched on; ``sandbox``: Codex's sandbox mode (its default is
    ``workspace-write``; the runs take ``danger-full-access`` unless a test needs the sandbox's behaviour);
    ``env``: more of the user's environment, which the agent, its hook and its shells inherit; ``etc``: a
    folder laid over the machine's /etc for this run only (``private_etc``), its system settings."""
    home.mkdir(parents=True, exist_ok=True)
    with ModelStub(call) as stub:
        configure(
            agent,
            project=project,
            home=home,
            hook=hook,
            model_url=stub.url,
            features=features,
            sandbox=sandbox,
        )
        extra = add_mcp_server(agent, project=project, home=home, server=mcp) if mcp else []
        env = {**_env(agent, home=home, project=project, hook=hook, model_url=stub.url), **(env or {})}
        if (mcp or allowed) and agent == "claude-code":
            # Claude Code 2.1.332 defers MCP tools behind its ToolSearch tool unless told not to
            env["ENABLE_TOOL_SEARCH"] = "false"
        started = time.monotonic()
        proc = subprocess.run(
            (private_etc(etc) if etc else []) + _argv(agent, clis, prompt, allowed) + extra,
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
        seconds = time.monotonic() - started
        bodies = [r.body for r in stub.requests if r.method == "POST"]
    return Run(agent, project, proc.returncode, proc.stdout, proc.stderr, bodies, seconds)


def private_etc(upper: Path) -> list[str]:
    """The command line's head that runs it with ``upper`` laid over /etc (an overlay in a mount namespace of
    its own: the machine's /etc and every other process see nothing), for an agent's system-wide settings
    (/etc/gemini-cli, /etc/codex). Needs root; ``can_lay_over_etc`` says whether it works here."""
    work = upper.parent / (upper.name + ".work")
    work.mkdir(exist_ok=True)
    mount = f"mount -t overlay overlay -o lowerdir=/etc,upperdir={upper},workdir={work} /etc"
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", f'{mount} && exec "$@"', "sh"]


def can_lay_over_etc(base: Path) -> str | None:
    """None when ``private_etc`` works on this machine, else why not."""
    upper = base / "probe-etc"
    upper.mkdir()
    try:
        proc = subprocess.run(
            [*private_etc(upper), "sh", "-c", "touch /etc/.brabo-probe"], capture_output=True, text=True
        )
    except OSError as exc:
        return f"cannot run unshare: {exc}"
    if proc.returncode or not (upper / ".brabo-probe").exists() or Path("/etc/.brabo-probe").exists():
        return f"cannot lay a folder over /etc (root and mount namespaces needed): {proc.stderr.strip()}"
    return None


def run_interactive(
    clis: Clis,
    call: ToolCall | list[ToolCall],
    *,
    project: Path,
    home: Path,
    hook: Hook | None,
    trust: str | None = None,
    user_settings: dict | None = None,
    prompt: str = "Do the task.",
) -> Run:
    """Gemini CLI's interactive session (``-i PROMPT`` on a pseudo-terminal, as a person starts it), in a
    folder whose trust is ``trust`` — a level of ``~/.gemini/trustedFolders.json`` as Gemini CLI's trust
    dialog saves it ("DO_NOT_TRUST": the person answered "Don't trust"), without the environment's headless
    trust. ``user_settings`` join the user's settings (``tools.allowed``: what the person lets run without a
    question). The session is ended once the stand-in has been told how every scripted call went (or the
    agent exits); what ran ran by then."""
    home.mkdir(parents=True, exist_ok=True)
    calls = call if isinstance(call, list) else [call]
    with ModelStub(call) as stub:
        configure(
            "gemini-cli",
            project=project,
            home=home,
            hook=hook,
            model_url=stub.url,
            user_settings=user_settings,
        )
        if trust is not None:
            _write_json(home / ".gemini" / "trustedFolders.json", {str(project.resolve()): trust})
        env = _env("gemini-cli", home=home, project=project, hook=hook, model_url=stub.url)
        del env["GEMINI_CLI_TRUST_WORKSPACE"]
        env["TERM"] = "xterm-256color"
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
        started = time.monotonic()
        proc = subprocess.Popen(
            [str(clis.path("gemini-cli")), "-m", "gemini-2.5-flash", "-i", prompt],
            cwd=project,
            env=env,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)
        transcript = bytearray()

        def drain() -> None:  # the terminal's output, read as it comes so the agent never blocks writing it
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO: the agent's side of the terminal is closed
                    chunk = b""
                if not chunk:
                    stub.nudge()
                    return
                transcript.extend(chunk)

        reader = threading.Thread(target=drain, daemon=True)
        reader.start()

        def answered(requests) -> bool:
            bodies = [r.body for r in requests if r.method == "POST" and isinstance(r.body, dict)]
            told = max((gemini_results(b) for b in bodies), default=0)
            return told >= len(calls) or proc.poll() is not None

        stub.wait_for(answered, RUN_TIMEOUT)
        seconds = time.monotonic() - started
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(RUN_TIMEOUT)
        reader.join(RUN_TIMEOUT)
        os.close(master)
        bodies = [r.body for r in stub.requests if r.method == "POST"]
    text = transcript.decode(errors="replace")
    return Run("gemini-cli", project, proc.returncode, text, "", bodies, seconds)


def run_agents(jobs: dict[str, dict[str, Any]], *, workers: int = 4) -> dict[str, Run]:
    """Several ``run_agent`` calls at once, each with its own stand-in model, project and HOME (``jobs``: a
    name → run_agent's keyword arguments). The agents spend most of a run waiting — on their model, on a
    hook, on a hung Brabo — so running them side by side costs little more than the slowest one."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(workers, len(jobs)) or 1) as pool:
        futures = {name: pool.submit(run_agent, **job) for name, job in jobs.items()}
        return {name: future.result() for name, future in futures.items()}


def dirs_for(base: Path, name: str) -> tuple[Path, Path]:
    """A project folder and a HOME of their own for one of several concurrent runs."""
    project, home = base / name / "project", base / name / "home"
    project.mkdir(parents=True)
    home.mkdir(parents=True)
    return project, home


def git_project(project) -> None:
    """Make ``project`` a git repository with one empty commit (worktrees and branches need one)."""
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(
        ["git", "-c", "user.email=a@b.c", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "init"],
        cwd=project,
        check=True,
    )


def hook_inputs(capture) -> list[dict]:
    """The hook inputs the agent ran Brabo's hook with (``Hook.capture``'s file, a JSON object a line)."""
    if not capture.exists():
        return []
    return [json.loads(line) for line in capture.read_text().splitlines() if line.strip()]
