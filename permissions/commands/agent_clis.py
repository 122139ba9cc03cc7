"""The coding agents' own programs told, for one run, to read settings no rule has read (R3.7, red team).

Brabo's hook lives in an agent's settings (``.claude/settings.local.json``, ``~/.claude/settings.json``,
``.gemini/settings.json``, ``.codex/hooks.json``), which R3.7's table keeps out of an agent's reach. A nested
run of an agent can be handed other settings on its command line instead: Claude Code's ``--settings FILE|JSON``
(``{"disableAllHooks": true}``), ``--setting-sources user,project`` (the local file, where ``brabo hook
install`` puts the hook, left out), ``--bare`` (no hooks), ``--mcp-config`` and ``--plugin-dir`` (servers and
plugins it runs), ``--agents`` (subagents with their own hooks); Codex's ``-c``/``--config key=value`` (any
setting, its hooks and features among them), ``-p``/``--profile``, ``--enable``/``--disable FEATURE``. Such a
run is opaque (R4.9): never auto-approved by autonomy, auto mode or the container floor, only by an allow
written for exactly that invocation. The environment's share -- ``CLAUDE_CONFIG_DIR``, ``CODEX_HOME`` ... --
is read with the other variables, in :mod:`permissions.commands.environment`.

[beyond] red team: an agent started where this shell's environment -- BRABO_URL, BRABO_AGENT_KEY and the rest
Brabo's hook reads -- may not follow, or as another user or machine whose settings no rule has read: a service
manager's unit (``systemd-run``, ``launchctl``), a terminal multiplexer's or emulator's server (``tmux new``,
``screen``, ``gnome-terminal --``), an environment read from a file (``envdir``, ``dotenv run``, ``direnv exec``),
another host or container (``ssh host claude``, ``docker run img claude``,
``flatpak-spawn --host``, ``wsl``), a sandbox that hides the home folder or clears the environment
(``firejail``, ``bwrap``). Its hook cannot ask (a non-blocking error to the agents: the tool runs), so such a
start is opaque as ``env -i claude`` is. Wrappers that keep the environment (``nohup``, ``setsid``, ``timeout``,
``dbus-run-session``, ``npx``) start the agent as a direct call does, and keep its reading.
"""

from __future__ import annotations

import re

__all__ = [
    "AGENT_CLIS",
    "AGENT_ENTRIES",
    "AGENT_PACKAGES",
    "agent_of",
    "AGENT_FIRSTS",
    "ELSEWHERE_LAUNCHERS",
    "agent_settings_given",
    "agent_started_elsewhere",
    "moves_folder",
    "nested_agent",
    "starts_agent",
    "brabo_client_removed",
    "CLIENT_REMOVERS",
    "unhooked_agent_acts",
    "UNHOOKED_AGENTS",
]

# R4.10, R3.7, red team: the programs Brabo hooks, by every name they are reached by -- the one program-identity
# table every reading below shares. A launcher's package (`npx @anthropic-ai/claude-code@2.1.0`, `bunx`, `pnpm
# dlx`, `yarn dlx`, `npm exec`/`npm x`, `npx -p P`, `deno run npm:P`, `corepack npx`, `node node_modules/P/...`)
# is the package's program: permissions.commands.wrappers reads these packages in SCOPED_BINS and the files
# their commands run (`@google/gemini-cli/bundle/gemini.js`, `@openai/codex/bin/codex.js`, Claude Code's
# fallback launcher `cli-wrapper.cjs`) in OTHER_NAMES, so the views hold `claude`, `gemini`, `codex` and
# every reading of those names -- settings handed over, configuration subcommands (writes), a start in another
# folder or place -- applies to them. The platform packages' binaries (`@anthropic-ai/claude-code-linux-x64/
# claude`, `@openai/codex-linux-x64/vendor/*/bin/codex`) and global installs (`~/.npm-global/bin/claude`,
# `/usr/local/bin/codex`) are read by their file's name.
AGENT_PACKAGES: dict[str, str] = {
    "@anthropic-ai/claude-code": "claude",
    "@google/gemini-cli": "gemini",
    "@openai/codex": "codex",
}
AGENT_ENTRIES: dict[str, str] = {"gemini.js": "gemini", "codex.js": "codex", "cli-wrapper.cjs": "claude"}
_NAMES: dict[str, str] = {
    "claude": "claude",
    "claude-code": "claude",  # its package's name (a view of `npx @anthropic-ai/claude-code`)
    "gemini": "gemini",
    "gemini-cli": "gemini",
    "codex": "codex",
    **AGENT_ENTRIES,
}
# A native install's versioned binary (`~/.local/share/claude/versions/2.1.0`).
_VERSIONED = re.compile(r"(?:^|/)\.?(claude)/versions/[\w.+-]+$")


def agent_of(word: str) -> str | None:
    """The agent ("claude", "gemini" or "codex") a command word, a path or a package word names, or None:
    `claude`, `/usr/local/bin/claude`, `CLAUDE.exe`, `claude-code`, `@anthropic-ai/claude-code@latest`,
    `npm:@google/gemini-cli`, `node_modules/@anthropic-ai/claude-code/cli.js`, `~/.local/share/claude/versions/2.1.0`."""
    w = word.replace("\\", "/").lower()
    name = w.rpartition("/")[2]
    if name.endswith((".exe", ".cmd", ".ps1")):
        name = name[:-4]
    found = _NAMES.get(name)
    if found is not None:
        return found
    if "@" in w:
        for package, agent in AGENT_PACKAGES.items():
            if package in w:
                return agent
    m = _VERSIONED.search(w)
    return m.group(1) if m is not None else None


# The options, by program, that hand a run settings; a one-letter one may have its value glued (`-ckey=v`).
_SETTINGS_OPTIONS: dict[str, frozenset[str]] = {
    "claude": frozenset(
        {"--settings", "--setting-sources", "--bare", "--mcp-config", "--plugin-dir", "--agents"}
        # red team: the machine's managed settings (which outrank every other source, `disableAllHooks`
        # among them) read from another file, plugins loaded from another folder (the CLI's own argument
        # table, @anthropic-ai/claude-code-linux-x64/claude: "--managed-settings", "--plugin-dir-no-mcp")
        | {"--managed-settings", "--plugin-dir-no-mcp"}
        # red team: the project settings and `.claude` trees read from another folder, the skills and
        # commands of added folders loaded ("--project-config-root <dir>": "Read project settings, .mcp.json and
        # the .claude config trees ..."; "name it with --add-dir at the start, which also loads its skills and
        # commands"), the session started in a new git worktree (`-w`, "Create a git worktree for this
        # session"), where the untracked .claude/settings.local.json holding Brabo's hook is not, or in another
        # folder (`--cwd`)
        | {"--project-config-root", "--add-dir", "-w", "--worktree", "--cwd"}
        # red team: every customization, hooks among them, turned off (`--safe-mode`), the user, project and
        # local settings files ignored (`--restricted`, which `--tools Bash` gives the shell back to), a plugin
        # fetched from an address (`--plugin-url`), a session run on another machine, where this machine's hook
        # sees no tool call (`--cloud`, `--environment`, `--teleport`), a file downloaded to a path the command
        # names (`--file file_id:PATH`) -- the pinned CLI's `--help`
        | {"--safe-mode", "--restricted", "--plugin-url", "--cloud", "--environment", "--teleport", "--file"}
        # red team: `claude ultrareview --trust-workspace` ("Trust the current folder for this run only, without
        # asking ... the folder's git configuration and Claude Code project settings can run programs")
        | {"--trust-workspace"}
    ),
    "codex": frozenset(
        {"-c", "--config", "-p", "--profile", "--enable", "--disable"}
        # red team: the session's working root moved ("-C, --cd": "Tell the agent to use the specified directory
        # as its working root", @openai/codex-linux-x64/vendor/*/bin/codex), where the project's .codex
        # layers are read from; a new managed git worktree (`--worktree`), where .codex/hooks.json may not be
        | {"-C", "--cd", "--worktree"}
        # red team: the user's config.toml left unread (`--ignore-user-config`: its hooks and features), trust
        # saved into it for this folder (`--trust`), the run handed to another app server, under that server's
        # settings (`--remote ADDR`) -- `codex exec --help`
        | {"--ignore-user-config", "--trust", "--remote"}
    ),
    # red team: Gemini CLI's policy files -- which tools run without asking -- loaded from other files or
    # folders (@google/gemini-cli/bundle: "Additional policy files or directories to load").
    # red team: a new git worktree (`-w`, `--worktree`), without the checkout's untracked settings, and a folder
    # the person did not trust read as trusted (`--skip-trust`: its settings' servers and hooks run).
    "gemini": frozenset({"--policy", "--admin-policy", "-w", "--worktree", "--skip-trust"}),
}
AGENT_CLIS: frozenset[str] = frozenset(_NAMES)
# red team: Gemini CLI's `-e`/`--extensions NAME` "overrides all other extension configuration and enables only
# the ones in this list" (@google/gemini-cli/bundle, ExtensionEnablementManager.isEnabled): an installed
# extension the person disabled -- its hooks, MCP servers and context -- runs again for that run. And Brabo's
# hook is itself an extension (`brabo hook install gemini-cli`: `brabo`, or `brabo-<project>`; Gemini CLI runs
# no settings hook in a folder it does not trust): a list that leaves it out -- `-e none` included -- runs the
# agent without it. Only a list of Brabo's own extensions is ordinary.
_EXTENSIONS = frozenset({"-e", "--extensions"})
# [beyond] R3.7, SPEC §5, red team: the subcommands that install another build of the agent's own program, the
# one every later session (and so its hooks) runs, outside the project -- `claude install [target]` (the
# native build into ~/.local), `claude update|upgrade`, `codex update` -- a global install, asked as `npm i -g
# @anthropic-ai/claude-code` is. Read anywhere before `--`: Claude's parser dispatches the first operand after
# its options (`claude -p update` updates).
_REINSTALLS: dict[str, frozenset[str]] = {
    "claude": frozenset({"install", "update", "upgrade", "migrate-installer"}),
    "codex": frozenset({"update"}),
}
# Subcommands whose own words may be `install`/`update` (`claude plugin install x`: read as writes elsewhere).
_OWN_INSTALLS = frozenset({"mcp", "plugin", "plugins", "extensions", "extension", "skills", "skill"})


# The subcommands that change an agent's configuration (permissions.commands.writes reads them as `claude mcp
# ...`), and Claude Code's `import [source]` ("Import config from another AI coding agent into Claude Code": its
# MCP servers among them; `--dry-run` writes nothing), which no other reading names.
_CONFIG_SUBCOMMANDS = frozenset(
    {"mcp", "config", "configure", "plugin", "plugins", "extensions", "extension", "hooks", "agent", "agents"}
    | {"features", "import"}
)


def agent_settings_given(view: tuple[str, ...]) -> str | None:
    """Why a view of an agent's program hands it settings no rule has read, or installs another build of it,
    or changes its configuration behind a `--`, or None."""
    verb = view[0].rpartition("/")[2]
    agent = _NAMES.get(verb)
    if agent is None:
        return None
    start = 1
    if view[1:2] == ("--",):
        # red team: `npm exec P -- args` runs P with args (npm drops the `--`; the view keeps it), and Claude
        # Code's parser runs the subcommand after a `--` (`claude -- mcp add x -- sh` adds the server)
        start = 2
        if view[2:3] and view[2] in _CONFIG_SUBCOMMANDS:
            return (
                f"'{verb} -- {view[2]}' changes the agent's configuration, its servers and hooks among them"
            )
    elif view[1:2] == ("import",) and agent == "claude" and "--dry-run" not in view:
        return f"'{verb} import' changes the agent's configuration, its servers and hooks among them"
    elif verb != agent and view[1:2] and view[1] in _CONFIG_SUBCOMMANDS:
        # another name of the program (`npx claude-code mcp add`), whose writes no other reading names
        return f"'{verb} {view[1]}' changes the agent's configuration, its servers and hooks among them"
    return (
        _settings_words(verb, agent, view, start)
        or _runs_unread(verb, agent, view, start)
        or _configures(verb, agent, view, start)
    )


# [beyond] R3.7, red team: the subcommands, by program, that rewrite the agent's own configuration -- the files
# holding its hooks, its saved trust, the account whose server-managed settings outrank the files -- each with
# the forms (its next word) that only read. The pinned CLIs' `--help` and subcommand helps, tried for real in a
# scratch home: `claude purge` (deletes the project's entry in ~/.claude.json; `--dry-run` lists), `claude
# auto-mode reset` (rewrites the user settings file), `claude auth login|logout` and `codex login|logout`
# (another account), `gemini skills|skill ...` (installs, enables, disables: settings.json), `gemini
# hooks|hook migrate`, `gemini gemma setup` (the user and workspace settings), `codex app-server`, `codex
# remote-control start|pair` (a daemon that runs commands for a caller elsewhere), and the configuration
# subcommands permissions.commands.writes reads as the program's second word (`mcp`, `plugin`, `extensions`,
# `features` ...) -- found here wherever they stand after the program's own options (`codex -a never features
# disable codex_hooks` disabled the hooks, `gemini -d mcp add x sh` and `claude --verbose mcp add x -- sh`
# added a server: all auto-approved before).
_READS_ONLY: dict[str, dict[str, frozenset[str]]] = {
    "claude": {
        **dict.fromkeys(("mcp",), frozenset({"list", "get", "help"})),
        **dict.fromkeys(("plugin", "plugins"), frozenset({"list", "details", "validate", "help"})),
        "auto-mode": frozenset({"config", "defaults", "critique", "help"}),
        "auth": frozenset({"status", "help"}),
        **dict.fromkeys(("purge", "import"), frozenset()),
    },
    "gemini": {
        "mcp": frozenset({"list"}),
        **dict.fromkeys(("extensions", "extension"), frozenset({"list", "validate"})),
        **dict.fromkeys(("skills", "skill"), frozenset({"list"})),
        **dict.fromkeys(("hooks", "hook"), frozenset()),
        "gemma": frozenset({"status", "logs", "start", "stop"}),
    },
    "codex": {
        "mcp": frozenset({"list", "get", "help"}),
        "plugin": frozenset({"list", "help"}),
        "features": frozenset({"list", "help"}),
        "login": frozenset({"status", "help"}),
        "logout": frozenset({"help"}),
        "app-server": frozenset({"generate-ts", "generate-json-schema", "help"}),
        "remote-control": frozenset({"stop", "help"}),
    },
}
# Options that read nothing however the rest goes: help, and a dry run (`claude purge --dry-run`).
_NO_WRITE = frozenset({"-h", "--help", "--dry-run"})
# The words the subcommand may stand after: the program's options whose value is the next word (skipped), and
# those that take none; any other option may or may not take the next word, so both readings are tried.
_VALUED: dict[str, frozenset[str]] = {
    "claude": frozenset(
        "--agent --agents --append-system-prompt --autocompact --debug-file --effort --environment"
        " --fallback-model --input-format --json-schema --max-budget-usd --model -n --name --output-format"
        " --permission-mode --permission-prompts --plugin-dir --plugin-url --remote-control-session-name-prefix"
        " --session-id --setting-sources --settings --system-prompt --system-prompt-snapshot".split()
    ),
    "gemini": frozenset(
        "-m --model -p --prompt -i --prompt-interactive --approval-mode -r --resume --session-file --session-id"
        " --delete-session -o --output-format".split()
    ),
    "codex": frozenset(  # (not `-i`: an image list takes every word up to an option)
        "-c --config --enable --disable --remote --remote-auth-token-env -m --model --local-provider -p --profile"
        " -s --sandbox -C --cd --add-dir -a --ask-for-approval".split()
    ),
}
_FLAGS: dict[str, frozenset[str]] = {
    "claude": frozenset(
        "-p --print -c --continue --verbose --bare --ide --brief --chrome --no-chrome --tmux --fork-session"
        " --strict-mcp-config --include-partial-messages --include-hook-events --replay-user-messages"
        " --no-session-persistence --disable-slash-commands --dangerously-skip-permissions --bg --background"
        " --allow-dangerously-skip-permissions --safe-mode --restricted --desktop --ax-screen-reader".split()
    ),
    "gemini": frozenset(
        "-d --debug -s --sandbox -y --yolo --skip-trust --acp --experimental-acp -l --list-extensions"
        " --list-sessions --screen-reader".split()
    ),
    "codex": frozenset(
        "--strict-config --oss --approve-for-me --dangerously-bypass-approvals-and-sandbox --search"
        " --dangerously-bypass-hook-trust --worktree --no-alt-screen --no-daemon".split()
    ),
}


def _configures(verb: str, agent: str, view: tuple[str, ...], start: int) -> str | None:
    """Why an agent's view runs one of its subcommands that rewrite its configuration (_READS_ONLY), or None.
    The subcommand is the first operand after the program's options; an option not known to take a value or
    not may have taken the word after it, so that word and the next are both tried (fail closed)."""
    table = _READS_ONLY[agent]
    maybe_value = False
    for k in range(start, len(view)):
        w = view[k]
        if w == "--":
            if (
                agent != "claude"
            ):  # (Claude's parser runs the subcommand after a `--`; the others read a prompt)
                return None
            maybe_value = False
            continue
        if w[:1] == "-" and len(w) > 1:
            name = w.partition("=")[0]
            maybe_value = "=" not in w and name not in _FLAGS[agent]
            continue
        if k > start and view[k - 1] in _VALUED[agent]:
            continue  # (the value of `--model`, `-m`)
        reads = table.get(w)
        if reads is not None and _writes_form(view[k + 1 :], reads):
            return (
                f"'{verb} {w}' changes the agent's own configuration (its hooks, trust or account among them)"
            )
        if not maybe_value:
            return None
        maybe_value = False
    return None


def _writes_form(rest: tuple[str, ...], reads: frozenset[str]) -> bool:
    """Whether a configuration subcommand's words ``rest`` make a form that writes: any but a read-only next word,
    or help or a dry run asked for before a `--`."""
    if rest[:1] and rest[0] in reads:
        return False
    before = rest[: rest.index("--")] if "--" in rest else rest
    return _NO_WRITE.isdisjoint(before)


def _settings_words(verb: str, agent: str, view: tuple[str, ...], start: int) -> str | None:
    """agent_settings_given's reading of the words of ``view`` from ``start``."""
    names = _SETTINGS_OPTIONS[agent]
    reinstalls = _REINSTALLS.get(agent, frozenset())
    for k in range(start, len(view)):
        w = view[k]
        if w == "--" or w in _OWN_INSTALLS:
            break
        if w in reinstalls:
            return (
                f"'{verb} {w}' installs another build of the agent outside the project (a global install), the"
                " program every later session and its hooks run"
            )
        if w[:1] != "-":
            continue
        name = w.partition("=")[0]
        if name in names or (w[1:2] != "-" and w[:2] in names):
            return f"'{verb} {name[:20]}' hands the agent settings no rule has read (its hooks among them)"
        if _drops_guards(agent, w, view[k + 1 : k + 2]):
            return (
                f"'{verb} {name[:30]}' turns off the agent's own guards (its rules, sandbox, permission prompts or"
                " hook trust): what Brabo's hook answers 'ask' to, nobody would be asked about"
            )
        if agent == "gemini" and _chooses_extensions(w, view[k + 1 : k + 2]):
            return (
                f"'{verb} {name[:20]}' chooses the extensions that run: Brabo's hook is one (a list without it"
                " runs the agent unhooked), and others may be ones the settings turned off"
            )
    return None


# [beyond] R3.7, SPEC §5 "where it runs", red team: a nested run told to drop its own guards -- the pinned CLIs'
# `--help` (tests/agents_e2e/clis.py). Codex: its execution rules left unread ("--ignore-rules: Do not load user or
# project execpolicy .rules files"), its sandbox and approvals bypassed (`--dangerously-bypass-approvals-and-
# sandbox`, its hidden alias `--yolo`, `-s danger-full-access`), its approvals answered by an automatic review
# (`--approve-for-me`; `--add-dir`, another writable folder, is not: every command still comes through the hook,
# whose path scope holds whatever the sandbox allows), hooks run that no person
# trusted (`--dangerously-bypass-hook-trust`: a cloned repository's .codex/hooks.json). Claude Code: its
# permission prompts skipped or answered by a classifier (`--dangerously-skip-permissions`, `--allow-dangerously-
# skip-permissions`, `--permission-mode bypassPermissions|auto`), its saved trust ignored (the hidden
# `--ignore-persisted-trust`), the session opened in the desktop app (`--desktop`, whose environment Brabo's hook
# may not have). Gemini CLI: every tool approved without asking (`-y`, `--yolo`, `--approval-mode yolo`, and
# `-y` in a group of one-letter flags, yargs' `-yp hi`). With these, a hook answering `ask` -- Brabo's, for what
# needs a person -- is answered by the agent itself, and an untrusted or missing hook leaves nothing in between.
_GUARD_FLAGS: dict[str, frozenset[str]] = {
    "codex": frozenset(
        {"--ignore-rules", "--dangerously-bypass-approvals-and-sandbox", "--yolo"}
        | {"--dangerously-bypass-hook-trust", "--approve-for-me"}
    ),
    "claude": frozenset(
        {"--dangerously-skip-permissions", "--allow-dangerously-skip-permissions", "--ignore-persisted-trust"}
        | {"--desktop"}
    ),
    "gemini": frozenset({"--yolo"}),
}
# The options whose value drops them (compared without regard to case), and their one-letter spellings.
_GUARD_VALUES: dict[str, dict[str, frozenset[str]]] = {
    "codex": dict.fromkeys(("-s", "--sandbox"), frozenset({"danger-full-access"})),
    "claude": {"--permission-mode": frozenset({"bypasspermissions", "auto"})},
    "gemini": {"--approval-mode": frozenset({"yolo"})},
}
# Gemini CLI's one-letter booleans that may share a group with `-y` (yargs: `-dy`, `-yp hi`, `-sy`).
_GEMINI_GROUPED = re.compile(r"-[a-z]*y[a-z]*")
_FALSE = frozenset({"false", "0", "no", "off"})


def _drops_guards(agent: str, w: str, after: tuple[str, ...]) -> bool:
    """Whether the agent's word ``w`` (with the word ``after`` it) turns off one of its own guards."""
    name, eq, value = w.partition("=")
    if name in _GUARD_FLAGS[agent]:
        return value.lower() not in _FALSE
    if agent == "gemini" and _GEMINI_GROUPED.fullmatch(w) and w != "-y=false":
        return True
    valued = _GUARD_VALUES[agent]
    if name not in valued and w[:2] in valued and w[1:2] != "-":
        name, eq, value = (
            w[:2],
            "=",
            w[2:].removeprefix("="),
        )  # `-sdanger-full-access`, `-s=danger-full-access`
    if name not in valued:
        return False
    if not eq:
        value = after[0] if after else ""
    return value.lower() in valued[name]


# [beyond] R4.9, red team: Codex's subcommands that run or write what no rule reads -- `codex sandbox CMD` (runs
# CMD), `codex apply`/`a` and `codex cloud apply` (a diff made elsewhere written into the checkout), `codex cloud
# exec` and the cloud browser that applies (a task run where this machine's hook sees nothing), `codex exec-server`
# (commands run for a remote caller). The subcommand is the first word that is not an option or an option's value.
_CODEX_UNREAD = frozenset({"sandbox", "apply", "a", "exec-server"})
_CODEX_CLOUD_READS = frozenset({"list", "status", "diff", "help", "-h", "--help"})
_CODEX_VALUED = frozenset(
    "-c --config --enable --disable --remote --remote-auth-token-env -i --image -m --model --local-provider -p"
    " --profile -s --sandbox -C --cd --add-dir -a --ask-for-approval".split()
)


def _runs_unread(verb: str, agent: str, view: tuple[str, ...], start: int) -> str | None:
    """Why a Codex view starts a subcommand that runs or writes what no rule reads, or None."""
    if agent != "codex":
        return None
    k = start
    while k < len(view) and view[k][:1] == "-" and view[k] != "--":
        k += 2 if view[k] in _CODEX_VALUED else 1
    sub = view[k] if k < len(view) else ""
    if sub in _CODEX_UNREAD or (
        sub == "cloud" and (view[k + 1 : k + 2] or ("",))[0] not in _CODEX_CLOUD_READS
    ):
        return (
            f"'{verb} {sub}' runs a command or writes changes made elsewhere, which no rule reads; only an allow"
            " written for exactly this command covers it"
        )
    return None


def _chooses_extensions(w: str, after: tuple[str, ...]) -> bool:
    """Whether Gemini CLI's word ``w`` (with the word ``after`` it) selects extensions other than Brabo's own
    (`-e none` included: it turns Brabo's off)."""
    name, eq, value = w.partition("=")
    if name not in _EXTENSIONS and not (w[:2] == "-e" and w[1:2] != "-"):
        return False
    if not eq and name in _EXTENSIONS:
        value = after[0] if after else ""
    elif not eq:
        value = w[2:]  # `-eevil`
    return not all(v.strip().lower().startswith("brabo") for v in value.split(","))


# red team: the other coding agents and model shells, which run no Brabo hook, told to act without asking --
# the commands a model then chooses run unread: aider's `--yes-always`, Open Interpreter's `-y`, shell-gpt's
# `--no-interaction`, Amp's `--dangerously-allow-all`, Cursor's agent in print mode, GitHub Copilot's and Amazon
# Q's/Kiro's tool trust, Qwen Code's and Kimi's yolo, Droid's `--skip-permissions-unsafe`/`--auto`, and the
# headless runs that act on their own (`opencode run`, `goose run`, `crush run`, `openhands -t`). The words by
# program: any of them starts such a run. Their questions without a tool (`sgpt "…"`) and `--help` stay ordinary.
_UNHOOKED_ACTS: dict[str, frozenset[str]] = {
    "aider": frozenset(
        {"--yes-always", "--yes", "--config", "-c", "--env-file"}
    ),  # (a file may say yes-always)
    "interpreter": frozenset({"-y", "--auto_run", "--auto-run"}),
    "sgpt": frozenset({"--no-interaction"}),
    "shell-gpt": frozenset({"--no-interaction"}),
    "amp": frozenset({"--dangerously-allow-all"}),
    "cursor-agent": frozenset({"-p", "--print", "-f", "--force"}),
    "copilot": frozenset({"--allow-all-tools", "--allow-tool", "--allow-all-paths", "--yolo"}),
    "q": frozenset({"--trust-all-tools", "--trust-tools"}),
    "kiro-cli": frozenset({"--trust-all-tools", "--trust-tools"}),
    "qwen": frozenset({"-y", "--yolo", "yolo", "--approval-mode=yolo"}),
    "kimi": frozenset({"-y", "--yolo", "--yes"}),
    "droid": frozenset({"--skip-permissions-unsafe", "--auto"}),
    "opencode": frozenset({"run"}),
    "goose": frozenset({"run"}),
    "crush": frozenset({"run", "-y", "--yolo"}),
    "openhands": frozenset({"-t", "--task", "-f", "--file"}),
    "gptme": frozenset({"-y", "--no-confirm", "-n", "--non-interactive"}),
    "plandex": frozenset({"--auto-exec", "--full"}),
    "cline": frozenset({"-y", "--yolo"}),
    "kilocode": frozenset({"--auto", "-a"}),
}
UNHOOKED_AGENTS: frozenset[str] = frozenset(_UNHOOKED_ACTS)


def unhooked_agent_acts(view: tuple[str, ...]) -> str | None:
    """Why a view starts a coding agent that runs no Brabo hook told to act without asking, or None."""
    verb = view[0].rpartition("/")[2]
    acts = _UNHOOKED_ACTS.get(verb)
    if acts is None or not any(w in acts or w.partition("=")[0] in acts for w in view[1:]):
        return None
    return f"{verb} runs the commands a model chooses, without Brabo's hook and without asking: no rule reads them"


# red team: Brabo's client removed -- the program every agent's hook command runs. Without it the hook fails,
# and a failed hook is a non-blocking error to the agents: the next tool runs unasked.
_CLIENT_NAMES = frozenset({"brabo-client", "brabo_client", "brabo"})
_REMOVERS = frozenset({"uninstall", "remove", "rm"})
CLIENT_REMOVERS = frozenset({"pip", "pip3", "pipx", "uv"})
_INSTALLERS = frozenset({"install", "add", "inject", "reinstall", "upgrade", "sync"})
# The client's name in a requirement, a path, a wheel or a URL (`brabo-client`, `brabo_client-1.0-py3-none-any.whl`,
# `./vendor/brabo-client`, `brabo-client @ file:///tmp/x`, `git+https://…/brabo-client.git`); `-` `_` `.` alike.
_CLIENT_SPELT = re.compile(r"(?i)(?:^|[/\\@=+:\s])brabo(?:[-_.]+client)?(?:$|[-_.\s/@=<>~!\[;,]|\.whl|\.tar)")


def brabo_client_removed(view: tuple[str, ...]) -> str | None:
    """Why a view uninstalls Brabo's client (`pip uninstall brabo-client`, `pipx uninstall`, `uv tool
    uninstall`, `uv pip uninstall`) or installs one over it (red team, R12.6: `pip install --force-reinstall
    ./x/brabo-client`, `pip install -e /tmp/brabo_client`, a wheel, a URL -- its own hook then runs whatever
    that package holds; the person installs the client, not the agent), or None."""
    if not _REMOVERS.isdisjoint(view) and any(w.lower() in _CLIENT_NAMES for w in view[2:]):
        return "it removes Brabo's client, which the agents' hooks run: a hook that cannot run lets every tool through"
    if not _INSTALLERS.isdisjoint(view) and any(_CLIENT_SPELT.search(w) for w in view[2:]):
        return (
            "it installs Brabo's client over the one the agents' hooks run: the hook would run what it holds"
        )
    return None


# Launchers whose command runs in another environment, by program: None for every form, else the subcommands
# that start one (`docker run`, `tmux new-window`); the words after them hold the command, as argv or a line.
_ANY: frozenset[str] | None = None
_CONTAINER_STARTS = frozenset({"run", "exec", "create", "debug"})
_ELSEWHERE: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("systemd-run", "run0", "machinectl", "launchctl", "flatpak-spawn", "host-spawn"), _ANY),
    **dict.fromkeys(("ssh", "autossh", "mosh", "sshpass", "wsl", "wsl.exe", "runas", "psexec"), _ANY),
    **dict.fromkeys(("docker", "podman", "nerdctl", "kubectl", "oc", "lxc", "incus"), _CONTAINER_STARTS),
    "distrobox": frozenset({"enter"}),
    "distrobox-enter": _ANY,
    "toolbox": frozenset({"run", "enter"}),
    "vagrant": frozenset({"ssh"}),
    "tmux": frozenset(
        "new new-session new-window neww split-window splitw respawn-pane respawnp respawn-window respawnw"
        " run-shell run display-popup popup".split()
    ),
    **dict.fromkeys(("screen", "firejail", "bwrap", "proot"), _ANY),
    # an environment read from files no rule has read (`envdir DIR`, `dotenv -f F run`, `chpst -e DIR`)
    **dict.fromkeys(("envdir", "chpst", "dotenv", "env-cmd"), _ANY),
    "dotenvx": frozenset({"run"}),
    "direnv": frozenset({"exec"}),
    # development shells told to start from an empty environment, or in a container (`nix-shell --pure`)
    "nix-shell": frozenset({"--pure"}),
    "nix": frozenset({"-i", "--ignore-environment"}),
    "guix": frozenset({"--pure", "-C", "--container"}),
    "devbox": frozenset({"--pure"}),
    "pixi": frozenset({"--clean-env"}),
    "setpriv": frozenset({"--reset-env"}),
    # macOS: an application opened through LaunchServices (`open -a Terminal claude`) has launchd's environment
    "open": _ANY,
    **dict.fromkeys(
        "xterm gnome-terminal konsole kitty alacritty wezterm tilix terminator xfce4-terminal foot urxvt"
        " x-terminal-emulator wt wt.exe".split(),
        _ANY,
    ),
}
ELSEWHERE_LAUNCHERS: frozenset[str] = frozenset(_ELSEWHERE)
_SEPARATORS = str.maketrans(dict.fromkeys(";&|()`'\"=<>{}$", " "))


def agent_started_elsewhere(view: tuple[str, ...]) -> str | None:
    """Why a launcher's view starts one of the agents Brabo hooks where the hook's environment may not follow,
    or None. Its command is read in its words, as argv (`docker run img claude`) or a line (`tmux new 'cd x &&
    claude -p hi'`): a word naming the agent anywhere after the launcher counts."""
    verb = view[0]
    starts = _ELSEWHERE.get(verb, _ANY)
    if starts is not None and starts.isdisjoint(view[1:]):
        return None
    for w in view[1:]:
        for token in w.translate(_SEPARATORS).split():
            # (`claude`, `/x/claude.exe`, `@anthropic-ai/claude-code@latest`, `.../gemini.js`)
            name = agent_of(token)
            if name is not None:
                return (
                    f"'{verb}' starts {name} where the environment Brabo's hook reads may not follow (another"
                    " environment, user or machine): its hooks may not run"
                )
    return None


# [beyond] R3.7 and SPEC §5 "where it runs", red team: the folder a nested agent starts in decides which
# project settings -- and so which hooks -- it reads, as the CLIs' own code shows:
# - Claude Code reads .claude/settings.json from the folder it starts in (or --project-config-root), and
#   .claude/settings.local.json -- where `brabo hook install` puts the hook -- from there, or from the git
#   root when that root's ownership checks pass (@anthropic-ai/claude-code-linux-x64/claude: `case
#   "projectSettings":return N(n.projectConfigDir??u2o(n))`, `u2o(e){...return e.cwd}`, localSettings
#   `uW(u2o(n),n.canonicalGitRoot)` with `amd(o.root)`'s uid checks);
# - Gemini CLI reads <start folder>/.gemini/settings.json only, and none in the home folder
#   (@google/gemini-cli/bundle/chunk-2YTYPKEZ.js:16529 `loadSettings(workspaceDir = process2.cwd())`,
#   chunk-5FZXKDXH.js:253288 `getGeminiDir(){return path4.join(this.targetDir, GEMINI_DIR)}`);
#   `--include-directories` adds folders to the workspace, not settings;
# - Codex reads the .codex layers from its start folder up to the project root marker (`project_root_markers
#   = [".git"]`, "Project `.codex/config.toml`: settings for a trusted repository, including ... hooks",
#   @openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex, strings), in a trusted project only.
# Reading taken: a Claude or Gemini run started anywhere but the project folder, and a Codex run started
# outside it, may run without Brabo's hook (a subfolder's Claude run finds the local file only when git's
# root is the project folder and owned as the CLI checks: not known from the text, so asked).
# The words a run that starts no session may carry (`claude --version`, `gemini --help`).
_NO_SESSION = frozenset({"--version", "-v", "-V", "--help", "-h", "version", "help"})
# Wrappers that start their command in another folder, and the letters of their short options naming it
# (`env -C DIR`, `env --chdir=DIR`, `sudo -D DIR`).
_CHDIR_WRAPPERS = {"env": "C", "sudo": "D"}


def moves_folder(views: list[tuple[str, ...]]) -> bool:
    """Whether a wrapper among a segment's views starts its command in another folder (`env -C /tmp`)."""
    for k in range(len(views) - 1):
        wrapper = views[k]
        letter = _CHDIR_WRAPPERS.get(wrapper[0]) if wrapper else None
        if letter is not None and any(
            w.startswith("--chdir") or (w[:1] == "-" and w[1:2] != "-" and letter in w)
            for w in wrapper[1 : len(wrapper) - len(views[k + 1])]  # its own words, before its command's
        ):
            return True
    return False


# A package's script run by a JavaScript runtime (`node node_modules/@anthropic-ai/claude-code/cli.js`).
_RUNTIMES = frozenset({"node", "nodejs", "bun", "deno", "tsx"})


def nested_agent(views: list[tuple[str, ...]]) -> str | None:
    """The agent Brabo hooks that a segment's views start a session of ("claude", "gemini" or "codex"), or
    None (`claude --version`, `gemini --help` start none)."""
    for view in views:
        if not view:
            continue
        verb = view[0].rpartition("/")[2]
        name = _NAMES.get(verb)
        if name is None and verb in _RUNTIMES and len(view) > 1:
            name = agent_of(view[1])  # (the views read `node_modules/P/...` as P's program too)
        if name is None or (len(view) == 2 and view[1] in _NO_SESSION):
            continue
        return name
    return None


_FIRSTS = frozenset(_NAMES) | _RUNTIMES
AGENT_FIRSTS = _FIRSTS  # the first words starts_agent looks for (decide() reads them once off the sandbox)


def starts_agent(seg_views: list[list[tuple[str, ...]]]) -> bool:
    """decide()'s cheap filter: whether some view of some segment may start one of the agents (its words are
    the parsed ones: unquoted, `CLAUDE.exe` and `/usr/bin/claude` read as `claude`)."""
    for vs in seg_views:
        for v in vs:
            if v and v[0] in _FIRSTS:
                return True
    return False
