"""Files that decide what runs later (SPEC R3.7): the one table, and whether a path lands in it.

Writing, moving, deleting or changing the mode of one of these makes a tool run code later, or changes who
decides: the coding agents' own configuration and hooks, git's folder and attribute filters, CI and hook
runners, editors' task runners, environment loaders, package-manager settings and ``permissions.json``. Such a
write is never auto-approved by autonomy, auto mode or the container floor; only an allow pattern written for
that exact command does (for the typed ``write_file`` no pattern can name a path, so a person approves it).

Every check that protects one of these files reads this table: the engine's shell reading
(:func:`protected_target`, used by ``permissions.commands.writes`` through decide()), the typed ``write_file``
(:func:`protected_file`), the coding agents' hook mapping (``actions.agent_hooks.write``) and the proposal
path checks. Names compare without regard to case (a runner may sit on a case-insensitive file system), at
any depth (a nested ``.git`` is a repository git uses from inside it; a nested ``.npmrc`` or ``.envrc`` is
read in its folder), and in the home folder (``~/.claude``, ``$HOME/.codex``, ``~/.gitconfig``). A component
is also read as Windows reads a name: without trailing dots and spaces or an ``:stream`` suffix (``.npmrc.``,
``.envrc::$DATA``).

[beyond] The table widens each family R3.7 names by example: the other coding agents (``.qwen/``, Kiro's
``.kiro/hooks/``, ``opencode.json``, ``.aider.conf.yml``, ``crush.json`` ...; their instruction files,
``CLAUDE.md`` or ``AGENTS.md``, stay ordinary), CI (``.github/actions/``, ``.gitlab/``,
``.circleci/``, ``azure-pipelines*``, ``Jenkinsfile*``, ``.buildkite/`` ...), git hook managers
(``lefthook*``, ``.githooks/`` ...), editors (the whole ``.vscode/``, ``.idea/``, ``.devcontainer/``),
environment loaders (every ``.env*`` -- a Vite mode or dotenv-flow may load any of them, ``.env.example``
included --, ``mise.toml``, ``.tool-versions``), package managers (``.pypirc``, ``uv.toml``, ``.pnpmfile.cjs``,
``bunfig.toml``, ``.yarn/releases/``, ``.cargo/config.toml``, ``.mvn/``, ``gradle/wrapper/`` ...); and it adds
four: files an interpreter or a shell runs at start without being asked (``sitecustomize.py``, a ``.pth`` in
``site-packages/``, ``.pdbrc``, ``.bashrc``, ``.Rprofile``, ``.ghci``, ``.iex.exs`` ...), build tools' settings
that choose the binary or the code a build runs (``.bazelrc``, ``Directory.Build.props``,
``rust-toolchain.toml``, ``gradle.properties`` ...), the other version control systems' settings and hooks
(``.hg/``, ``.jj/``, ``.subversion/``), and what a desktop session or the user's service manager starts on its
own (``.config/autostart/``, ``.config/systemd/user/``, ``LaunchAgents/``).
``package.json``, ``pyproject.toml``, ``deno.json``, ``pnpm-workspace.yaml`` and alike stay ordinary: they
are the project's own source, edited all day (``pnpm-workspace.yaml``'s build settings are also
``package.json``'s ``pnpm`` field), and what their scripts run is decided by the rules that cover running
them (and by ``runs_a_written_file`` when one command writes and runs them).

Plain Python, no Django, no I/O: lexical, like the path scope (R6.3).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from permissions.commands.fed_code import patched_files
from permissions.commands.settings_writers import SETTINGS_WRITERS
from permissions.commands.views import views_of
from permissions.commands.windows import (
    LOCATION_MOVERS,
    POPS,
    PUSHES,
    WINDOWS_WRITERS,
    windows_moves,
    windows_program_words,
    windows_statements,
    windows_writes,
)
from permissions.commands.writes import (
    AGENT_CLIS,
    BUILD_WRITERS,
    FIRST_WRITERS,
    NAMED,
    PATCH_TOOLS,
    TREE,
    WHOLE,
    WRITE_VERBS,
    finds_caches_only,
    handed_words,
    may_write,
    option_at,
    targets,
)
from permissions.glob_syntax import bash_glob
from permissions.literal_search import literal_trie
from permissions.scope import NOT_USER_PATHS, leading_values, literal_loop_values
from permissions.shell import Segment

__all__ = [
    "AGENT_CONFIG",
    "GIT_FOLDER",
    "POLICY_NAMES",
    "PROTECTED",
    "Protected",
    "contains_protected",
    "protected_file",
    "may_name_a_place",
    "may_name_agent_settings",
    "may_write_any",
    "protected_parts",
    "protected_writes",
    "why_protected",
]


@dataclass(frozen=True, slots=True)
class Protected:
    """One entry: ``parts`` are the path components (lower case) that name it; a ``folder`` protects
    everything below it; ``prefix`` matches any name that starts with the last part (``.yarnrc*``)."""

    shown: str  # as people read it
    parts: tuple[str, ...]
    folder: bool
    what: str  # what it decides, for the sentence people read
    prefix: bool = False
    top: bool = False  # only at the project's top folder (the policy file), when the caller knows it
    # ``site-packages/*.pth``: any name ending in the last part, directly in the folder the first part names
    suffix: bool = False
    ending: bool = False  # ``*.code-workspace``: any name ending in the one part, at any depth
    tail: str = ""  # ``mise.*.toml``: a ``prefix`` entry's name also ends so (the ``*`` may be empty)
    # ``/etc/profile``: only at the machine's root (an absolute path), never a project's own ``etc/profile``
    root: bool = False


def _entry(shown: str, what: str) -> Protected:
    if shown.startswith("/"):
        parts = tuple(shown.strip("/").lower().split("/"))
        return Protected(shown, parts, shown.endswith("/"), what, root=True)
    if shown.startswith("*."):
        return Protected(shown, (shown[1:].lower(),), False, what, ending=True)
    if "*." in shown and "/" not in shown:
        head, _, tail = shown.lower().partition("*")
        return Protected(shown, (head,), False, what, prefix=True, tail=tail)
    if "/*." in shown:
        folder_name, _, ending = shown.partition("/*")
        return Protected(shown, (folder_name.lower(), ending.lower()), False, what, suffix=True)
    folder = shown.endswith("/")
    prefix = shown.endswith("*")
    parts = tuple(shown.rstrip("/*").lower().split("/"))
    return Protected(shown, parts, folder, what, prefix, top=what == _POLICY)


_AGENT = "a coding agent's own configuration and hooks"
_GIT = "git's configuration and hooks"
_VCS = "a version control system's configuration and hooks"
_CI = "a CI or hook runner's configuration"
_PKG = "a package manager's settings"
_EDITOR = "an editor's task runner or settings"
_ENV = "an environment loader"
_STARTUP = "a file an interpreter or a shell runs at start"
_SESSION = "a program the desktop session or the user's service manager starts on its own"
_BUILD = "a build tool's settings"
_CRED = "a client's credentials or settings that run a program or choose where data goes"
_POLICY = "the project's policy"
_MACHINE = "what every program or login on the machine loads, inherits or is started by"
_SUDO = "who may act as root without a person being asked"
_REVIEW = "who must approve a change before it merges"

# R3.7: the one table. Home-folder twins are the same names: ~/.claude, ~/.gemini, ~/.codex match the
# folders, ~/.claude.json and ~/.gitconfig are listed for their home-only names.
PROTECTED: tuple[Protected, ...] = tuple(
    _entry(shown, what)
    for shown, what in (
        (".claude/", _AGENT),
        (".claude.json", _AGENT),
        (".gemini/", _AGENT),
        (".codex/", _AGENT),
        (".mcp.json", _AGENT),
        # another coding agent's configuration in the same project: its MCP servers are commands it runs.
        (".cursor/", _AGENT),
        # [beyond] the other coding agents, each where its documentation puts the files that make it run a
        # command (MCP servers, hooks, lint/test commands, plugins) or change what it may do without asking.
        # A whole folder where most of it is such configuration; only those files where the folder is mostly
        # documents the agent edits as it works. Instruction-only files -- CLAUDE.md, AGENTS.md, GEMINI.md,
        # QWEN.md, .github/copilot-instructions.md, .cursorrules, .windsurfrules, .clinerules, .goosehints,
        # and the rules/steering/specs folders -- stay ordinary: agents edit them all day, and what they say is
        # read by a model, never run.
        # Qwen Code (Gemini CLI's fork): .qwen/settings.json (mcpServers, hooks, tools), .qwen/commands/.
        (".qwen/", _AGENT),
        # Windsurf: .windsurf/hooks.json (Cascade hooks); ~/.codeium/windsurf/ holds mcp_config.json and the
        # user's hooks.json. .windsurf/rules/ and workflows/ are instructions.
        (".windsurf/hooks.json", _AGENT),
        (".codeium/", _AGENT),
        # Kiro: hook files (.kiro/hooks/*.kiro.hook, runCommand actions), MCP servers
        # (.kiro/settings/mcp.json), custom agents with hooks and allowedTools (.kiro/agents/). .kiro/specs/
        # and .kiro/steering/ are documents the agent writes and reads.
        (".kiro/hooks/", _AGENT),
        (".kiro/settings/", _AGENT),
        (".kiro/agents/", _AGENT),
        # Cline: executable hook scripts in .clinerules/hooks/ (the rest of .clinerules is instructions).
        (".clinerules/hooks/", _AGENT),
        # Roo Code and Kilo Code: project MCP servers, and custom modes (which tool groups a mode may use).
        (".roo/mcp.json", _AGENT),
        # red team: Trae's project MCP servers (`.trae/mcp.json`, programs it starts), and Cline's MCP settings
        # file by its name wherever it is kept (the editor's global storage, a copy in the project)
        (".trae/mcp.json", _AGENT),
        ("cline_mcp_settings.json", _AGENT),
        (".roomodes", _AGENT),
        (".kilocode/mcp.json", _AGENT),
        (".kilocodemodes", _AGENT),
        # Continue: config.yaml/config.json/config.ts, mcpServers/, agents and models blocks; .continuerc.json.
        (".continue/", _AGENT),
        (".continuerc.json", _AGENT),
        # OpenCode: opencode.json(c) (mcp, permission, formatter and lsp commands, plugins), .opencode/
        # (plugins/ are code it loads, agent/ and command/ definitions), ~/.config/opencode/; the earlier Go
        # opencode read .opencode.json.
        ("opencode.json", _AGENT),
        ("opencode.jsonc", _AGENT),
        (".opencode.json", _AGENT),
        (".opencode/", _AGENT),
        (".config/opencode/", _AGENT),
        # Amazon Q Developer: workspace MCP (.amazonq/mcp.json), IDE and CLI agents (.amazonq/agents/,
        # .amazonq/cli-agents/: mcpServers, hooks, allowedTools); ~/.aws/amazonq/. .amazonq/rules/ is instructions.
        (".amazonq/mcp.json", _AGENT),
        (".amazonq/agents/", _AGENT),
        (".amazonq/cli-agents/", _AGENT),
        (".aws/amazonq/", _AGENT),
        # Aider: .aider.conf.yml (home, git root, cwd) -- its lint-cmd and test-cmd run after each edit. Its
        # .aider.chat.history.md and .aider.input.history are its own logs, ordinary.
        (".aider.conf.yml", _AGENT),
        # Augment (Auggie): .augment/settings.json and settings.local.json (hooks, tool permissions, MCP),
        # commands/, agents/, skills/ -- project and ~/.augment/.
        (".augment/", _AGENT),
        # Junie: MCP servers in .junie/mcp/mcp.json (project and ~/.junie/); .junie/guidelines.md is instructions.
        (".junie/mcp/", _AGENT),
        # Goose: ~/.config/goose/config.yaml (extensions are MCP commands), permission.yaml.
        (".config/goose/", _AGENT),
        # Crush: crushrc (Bash run at start), .crushrc, crush.json, .crush.json, ~/.config/crush/.
        ("crushrc", _AGENT),
        (".crushrc", _AGENT),
        ("crush.json", _AGENT),
        (".crush.json", _AGENT),
        (".config/crush/", _AGENT),
        # GitHub Copilot: hooks (.github/hooks/*.json, CLI and cloud agent), custom agents (.github/agents/, their
        # tools and mcp-servers), the CLI's ~/.copilot/ (config.json, mcp-config.json). VS Code's MCP and
        # settings are under .vscode/; its user settings (chat.tools.autoApprove ...) are the home twin below.
        (".github/hooks/", _AGENT),
        (".github/agents/", _AGENT),
        (".copilot/", _AGENT),
        # Factory's Droid: .factory/settings.json (hooks), .factory/mcp.json, droids/ and commands/.
        (".factory/", _AGENT),
        # red team, more agents by their documentation. Amp: .amp/settings.json or settings.jsonc (the
        # workspace's amp.commands.allowlist, amp.permissions, amp.mcpServers), ~/.config/amp/ (the same,
        # and plugins/*.ts, code it loads).
        (".amp/", _AGENT),
        (".config/amp/", _AGENT),
        # OpenHands: .openhands/setup.sh runs at the start of every session, pre-commit.sh is made git's
        # pre-commit hook, hooks.json and hooks/ run at its events. Its microagents/ and skills/ are
        # instructions.
        (".openhands/setup.sh", _AGENT),
        (".openhands/pre-commit.sh", _AGENT),
        (".openhands/hooks.json", _AGENT),
        (".openhands/hooks/", _AGENT),
        # iFlow CLI (Gemini CLI's fork, as Qwen Code is): .iflow/settings.json (hooks, mcpServers), commands/.
        (".iflow/", _AGENT),
        # CodeBuddy Code: .codebuddy/settings.json and settings.local.json (permissions, hooks, env,
        # apiKeyHelper, MCP), its agents and commands; ~/.codebuddy.json holds the user's MCP servers.
        (".codebuddy/", _AGENT),
        (".codebuddy.json", _AGENT),
        # Qoder CLI: .qoder/settings.json and settings.local.json (mcpServers, hooks, enabledPlugins, the
        # default permission mode), hooks/ and agents/ (a subagent's tools). Its rules/, quests/ and repowiki/
        # are documents.
        (".qoder/settings.json", _AGENT),
        (".qoder/settings.local.json", _AGENT),
        (".qoder/hooks/", _AGENT),
        (".qoder/agents/", _AGENT),
        # [beyond] red team: the machine's own settings of the three agents Brabo hooks, which outrank the
        # project's and the user's (a hook there runs for every project; `disableAllHooks` there turns Brabo's
        # off). Claude Code's managed settings, by their own names wherever the platform keeps them
        # (/etc/claude-code/, /Library/Application Support/ClaudeCode/, C:\Program Files\ClaudeCode\, the
        # drop-in managed-settings.d/), and its macOS managed preferences; Gemini CLI's system settings and
        # defaults (/etc/gemini-cli/, C:\ProgramData\gemini-cli\, /Library/Application Support/GeminiCli/);
        # Codex's system config and requirements (/etc/codex/) and its macOS managed preferences.
        # [beyond] red team, R12.6: the program the agents' hooks run is Brabo's own client -- the form `brabo
        # hook install` writes runs ``<venv>/lib/…/brabo_client/fast_hook.py`` -- and a developer's project
        # virtual environment may hold it. An agent that rewrote it (`echo 'exit(0)' >
        # .venv/…/brabo_client/fast_hook.py`) switched its own hook off for every later tool call. (The console
        # script, ``<venv>/bin/brabo``, is protected with ``.venv/`` and ``venv/``'s scripts; a ``bin/brabo``
        # entry would make every install into a project's ``bin/`` ask.)
        ("brabo_client/", _AGENT),
        ("managed-settings.json", _AGENT),
        ("managed-settings.d/", _AGENT),
        ("managed-mcp.json", _AGENT),
        ("ClaudeCode/", _AGENT),
        ("com.anthropic.claudecode*", _AGENT),
        ("gemini-cli/settings.json", _AGENT),
        ("gemini-cli/system-defaults.json", _AGENT),
        ("GeminiCli/", _AGENT),
        ("codex/config.toml", _AGENT),
        ("codex/managed_config.toml", _AGENT),
        ("codex/requirements.toml", _AGENT),
        ("com.openai.codex*", _AGENT),
        (".git/", _GIT),
        # red team: a bare repository's folder (`x.git/`): its config's programs (core.pager, core.fsmonitor,
        # aliases, hooks) run for any git that reads it -- `git --git-dir=x.git`, `git -C x.git`, `cd x.git`
        ("*.git", _GIT),
        # red team: what makes any folder a bare repository to git's discovery (`HEAD` beside `objects/` and
        # `refs/`), whatever its name: `mkdir -p x/objects x/refs; echo 'ref: refs/heads/m' > x/HEAD; echo
        # '[core] pager=./x.sh' > x/config` then `git -C x log` ran ./x.sh under an allow of git (git's
        # safe.bareRepository defaults to "all"). Its config is no kept name; the HEAD that makes it one is.
        ("HEAD", _GIT),
        (".gitmodules", _GIT),
        (".gitattributes", _GIT),
        (".gitconfig", _GIT),
        # git's XDG configuration folder (`~/.config/git/config`, `attributes`), git-lfs's settings (its
        # custom transfer agents are programs git runs).
        (".config/git/", _GIT),
        # red team: their system twins, read by every git and npm on the machine -- git's `$(prefix)/etc/gitconfig`
        # (its programs: hooksPath, pagers, filters), npm's globalconfig (`$PREFIX/etc/npmrc`) and the npmrc it
        # ships (`node_modules/npm/npmrc`). Their bare names: a project's own file so named is a template of the
        # same (a dotfiles repository's `gitconfig`). (A bare `gitattributes` only picks among drivers a
        # configuration defines: left out.)
        ("gitconfig", _GIT),
        ("npmrc", _PKG),
        (".lfsconfig", _GIT),
        # red team: the other version control systems' repository and user settings, which run commands as
        # git's do -- Mercurial's hgrc ([hooks] run shell commands, [extensions] load Python, `!` aliases, ui.ssh
        # and ui.editor name programs), Jujutsu's repository and user config (fix.tools, ui.pager, ui.editor,
        # ui.diff-editor and signing programs), Subversion's client config ([helpers] editor-cmd, diff-cmd,
        # merge-tool-cmd; [tunnels] the command an svn+ssh:// URL runs).
        (".hg/", _VCS),
        (".hgrc", _VCS),
        ("Mercurial.ini", _VCS),
        (".config/hg/", _VCS),
        (".jj/", _VCS),
        (".config/jj/", _VCS),
        (".subversion/", _VCS),
        # red team: Sapling's repository and user config (hg's: [hooks], [extensions], aliases), darcs' prefs
        # (`defaults`: `apply posthook CMD`, `test` commands; `boring`), pijul's repository config ([hooks])
        (".sl/", _VCS),
        (".config/sapling/", _VCS),
        (".sapling/", _VCS),
        (".slconfig", _VCS),
        ("_darcs/prefs/", _VCS),
        (".darcs/", _VCS),
        (".pijul/", _VCS),
        (".config/pijul/", _VCS),
        (".github/workflows/", _CI),
        (".gitlab-ci.yml", _CI),
        (".husky/", _CI),
        (".pre-commit-config.yaml", _CI),
        # R3.7's "changes who decides": the code owners whose review a protected branch requires (GitHub's
        # CODEOWNERS at the root, .github/ or docs/; GitLab's also in .gitlab/), Prow's and Chromium's OWNERS
        # and their aliases, and the settings app's .github/settings.yml (branch protection as a file).
        ("CODEOWNERS", _REVIEW),
        ("OWNERS", _REVIEW),
        ("OWNERS_ALIASES", _REVIEW),
        (".github/settings.yml", _REVIEW),
        (".vscode/tasks.json", _EDITOR),
        (".envrc", _ENV),
        (".npmrc", _PKG),
        (".yarnrc*", _PKG),
        ("pip.conf", _PKG),
        # [beyond] more of the same families (R3.7 names examples, the table is the list).
        # CI: pipelines and the actions/templates they include.
        (".github/actions/", _CI),
        (".gitlab/", _CI),
        (".gitlab-ci*", _CI),
        (".circleci/", _CI),
        ("azure-pipelines*", _CI),
        (".azure-pipelines/", _CI),
        ("Jenkinsfile*", _CI),
        (".buildkite/", _CI),
        (".travis.yml", _CI),
        ("bitbucket-pipelines.yml", _CI),
        (".drone.yml", _CI),
        (".woodpecker.yml", _CI),
        (".woodpecker/", _CI),
        ("appveyor.yml", _CI),
        (".appveyor.yml", _CI),
        ("cloudbuild.yaml", _CI),
        ("cloudbuild.yml", _CI),
        (".cirrus.yml", _CI),
        (".tekton/", _CI),
        # red team: the other hosted runners that read their pipeline from the repository and run it on a push,
        # with the project's secrets -- Semaphore, Codemagic, Bitrise, Cirrus's Starlark, AWS CodeBuild,
        # Harness, TeamCity's versioned settings, Bamboo specs, Rultor, Codefresh, Drone's other spellings,
        # SourceHut builds, Google Cloud Build's JSON, Amplify.
        (".semaphore/", _CI),
        ("codemagic.yaml", _CI),
        ("codemagic.yml", _CI),
        ("bitrise.yml", _CI),
        (".cirrus.star", _CI),
        ("buildspec.yml", _CI),
        ("buildspec.yaml", _CI),
        (".harness/", _CI),
        (".teamcity/", _CI),
        ("bamboo-specs/", _CI),
        (".rultor.yml", _CI),
        ("codefresh.yml", _CI),
        (".drone.yaml", _CI),
        (".drone.star", _CI),
        (".drone.jsonnet", _CI),
        (".build.yml", _CI),
        (".builds/", _CI),
        ("cloudbuild.json", _CI),
        ("amplify.yml", _CI),
        ("amplify.yaml", _CI),
        # red team: hosting platforms that build from the repository on a push and run its build, release and
        # deploy commands with the project's secrets -- Netlify, Vercel, Render, Railway (and its Nixpacks
        # build plan), Heroku's and Dokku's Procfile (the release phase), Platform.sh, Elastic Beanstalk's
        # extensions and platform hooks (run as root on the instances).
        ("netlify.toml", _CI),
        ("vercel.json", _CI),
        ("render.yaml", _CI),
        ("railway.json", _CI),
        ("railway.toml", _CI),
        ("nixpacks.toml", _CI),
        ("Procfile", _CI),
        (".platform.app.yaml", _CI),
        (".platform/", _CI),
        (".ebextensions/", _CI),
        # Gitea's and Forgejo's Actions (red team: the same runner format in another folder).
        (".gitea/workflows/", _CI),
        (".gitea/actions/", _CI),
        (".forgejo/workflows/", _CI),
        (".forgejo/actions/", _CI),
        # git hook managers (the hooks in .git/hooks are under .git/).
        ("lefthook*", _CI),
        (".lefthook*", _CI),
        (".githooks/", _CI),
        (".overcommit.yml", _CI),
        # red team: hk's configuration (its hooks' steps), CaptainHook's and GrumPHP's (the PHP hook managers)
        ("hk.pkl", _CI),
        ("captainhook.json", _CI),
        ("grumphp.yml", _CI),
        ("grumphp.yml.dist", _CI),
        (".simple-git-hooks*", _CI),
        (".pre-commit-hooks.yaml", _CI),
        # red team: the hook managers' other names -- prek's (pre-commit's reimplementation, in every project of
        # a workspace), hk's local and .config/ files (read before hk.pkl), rusty-hook's, cargo-husky's hooks
        # (copied into .git/hooks by the next `cargo test`), trunk's actions tied to git's hooks, hookman's.
        ("prek.toml", _CI),
        (".pre-commit-config.yml", _CI),
        ("hk.local.pkl", _CI),
        (".config/hk.pkl", _CI),
        (".config/hk.local.pkl", _CI),
        (".rusty-hook.toml", _CI),
        ("rusty-hook.toml", _CI),
        (".cargo-husky/", _CI),
        (".trunk/", _CI),
        ("hookman.toml", _CI),
        # husky 4's configuration and lint-staged's (the commands a commit runs through the hook).
        (".huskyrc*", _CI),
        # red team: husky 9's user script, sourced before every hook (`~/.config/husky/init.sh`)
        (".config/husky/", _CI),
        (".lintstagedrc*", _CI),
        ("lint-staged.config*", _CI),
        # editors' task runners, launch configurations and settings (a terminal's environment, an interpreter).
        (".vscode/", _EDITOR),
        (".idea/", _EDITOR),
        (".devcontainer/", _EDITOR),
        (".devcontainer.json", _EDITOR),
        (".zed/", _EDITOR),
        # red team: cloud workspaces' start tasks, as .devcontainer/'s (Gitpod, Firebase Studio's .idx/dev.nix
        # onStart, Replit's onBoot and run), and editors' project files that name the programs they start --
        # Helix's language servers, Neovim's and Vim's exrc.
        (".gitpod.yml", _EDITOR),
        (".idx/", _EDITOR),
        (".replit", _EDITOR),
        (".helix/", _EDITOR),
        (".nvim.lua", _EDITOR),
        (".nvimrc", _EDITOR),
        (".exrc", _EDITOR),
        # red team: the other editors' and IDEs' project files that hold tasks, launch configurations or the
        # commands a language server or the terminal is started with -- each the twin of .vscode/ or .idea/:
        # VS Code's (and its forks') multi-root workspace file (its "tasks" may run on folder open, its
        # "settings" name interpreters and the terminal's environment), Sublime Text's project (build systems'
        # shell_cmd), Visual Studio's Open Folder settings (.vs/tasks.vs.json, launch.vs.json), IntelliJ's shared
        # run configurations outside .idea (.run/), Eclipse Theia's, JetBrains Fleet's and Nova's project
        # folders; lazy.nvim's project spec (.lazy.lua, Lua run at start as .nvim.lua is), Emacs's directory
        # variables (an `eval:` runs Lisp when a file is opened), vim-localvimrc's .lvimrc.
        ("*.code-workspace", _EDITOR),
        ("*.sublime-project", _EDITOR),
        (".vs/", _EDITOR),
        (".run/", _EDITOR),
        (".theia/", _EDITOR),
        (".fleet/", _EDITOR),
        (".nova/", _EDITOR),
        (".lazy.lua", _EDITOR),
        (".dir-locals*", _EDITOR),
        (".lvimrc", _EDITOR),
        # red team: the editors' start-up files and plugin folders, run at every start (Vim's .vimrc, gvimrc and
        # plugin/ folders, also read from the working folder under 'exrc' as .exrc is; Neovim's config; Emacs's
        # init files), and Zed's user settings (its tasks, terminal environment and language servers' commands).
        (".vimrc", _EDITOR),
        ("_vimrc", _EDITOR),
        (".gvimrc", _EDITOR),
        ("_gvimrc", _EDITOR),
        (".vim/", _EDITOR),
        ("vimfiles/", _EDITOR),
        (".config/nvim/", _EDITOR),
        (".emacs", _EDITOR),
        (".emacs.el", _EDITOR),
        (".emacs.d/", _EDITOR),
        (".config/emacs/", _EDITOR),
        (".config/zed/", _EDITOR),
        # the editors' user settings, .vscode/'s home twin on Linux (terminal environment, tasks, mcp.json and
        # the agents' auto-approve settings): VS Code, its Insiders build, VSCodium, Cursor, Windsurf.
        (".config/Code/User/", _EDITOR),
        (".config/Code - Insiders/User/", _EDITOR),
        (".config/VSCodium/User/", _EDITOR),
        (".config/Cursor/User/", _EDITOR),
        (".config/Windsurf/User/", _EDITOR),
        # environment loaders: direnv, dotenv files (pipenv, uv --env-file, bun, mise, compose), mise/asdf.
        (".env*", _ENV),
        (".flaskenv", _ENV),
        # red team: mise reads every one of its spellings as mise.toml (hooks on entering the folder, [env]
        # _.source scripts, tasks): mise.local.toml, mise.<env>.toml and mise.<env>.local.toml, their dotted
        # twins, .config/mise.toml, .config/mise/ (config.toml, conf.d/*.toml), mise/config.toml, and rtx's
        # (its former name) .rtx.toml.
        ("mise.*.toml", _ENV),
        (".mise.*.toml", _ENV),
        (".config/mise/", _ENV),
        ("mise/config.toml", _ENV),
        (".rtx.toml", _ENV),
        (".mise/", _ENV),
        (".tool-versions", _ENV),
        # red team: proto's (moonrepo) twin of .tool-versions: its [plugins] load a WASM plugin from any URL or
        # file, which may run processes, for every tool it pins
        (".prototools", _ENV),
        ("devbox.json", _ENV),  # its env and init_hook load into every devbox shell (and direnv's)
        # red team: Flox's environment -- its manifest's [hook] on-activate and [profile] scripts run in every
        # `flox activate` (and direnv's `use flox`)
        (".flox/", _ENV),
        ("direnvrc", _ENV),
        # red team: direnv's own settings (direnv.toml's [whitelist] loads the .envrc files under a prefix unasked;
        # lib/*.sh are sourced into every .envrc) and the allowances it keeps (a hash written in allow/ is a
        # `direnv allow`); mise's list of trusted configurations (a `mise trust`)
        (".config/direnv/", _ENV),
        (".local/share/direnv/", _ENV),
        (".local/state/mise/", _ENV),
        # red team: the other loaders run on entering the folder, as .envrc is -- devenv's (enterShell, its
        # processes and scripts; `use devenv` in .envrc reads them without a new `direnv allow`), RVM's .rvmrc
        # (a shell script sourced on cd), Hermit's environment (bin/hermit.hcl's env, bin/activate-hermit
        # sourced by its shell hooks).
        ("devenv.nix", _ENV),
        ("devenv.yaml", _ENV),
        ("devenv.local.nix", _ENV),
        ("devenv.local.yaml", _ENV),
        (".rvmrc", _ENV),
        ("hermit.hcl", _ENV),
        ("activate-hermit", _ENV),
        (".direnvrc", _ENV),
        # red team: R reads .Renviron from the working folder, then home (R_PROFILE_USER, R_LIBS ... for every R
        # started there), and Renviron.site for every user; systemd's environment.d sets the user session's.
        (".Renviron", _ENV),
        ("Renviron.site", _ENV),
        (".config/environment.d/", _ENV),
        # red team: pam_env's user file, read at every login (LD_PRELOAD, PATH for the whole session)
        (".pam_environment", _ENV),
        # package managers: registries, credentials, install hooks and the binaries they run.
        ("pip.ini", _PKG),
        # red team: the folders that hold the user's pip.conf, pip.ini and uv.toml (and poetry.toml's home twin,
        # its repositories): pip's XDG and legacy folders, macOS's and Windows' -- deleting, moving or bringing
        # one in (`rm -rf ~/.config/pip`, `ln -sfn /tmp/x ~/.config/pip`) is the file's change.
        (".config/pip/", _PKG),
        (".pip/", _PKG),
        ("Application Support/pip/", _PKG),
        ("AppData/Roaming/pip/", _PKG),
        (".config/uv/", _PKG),
        (".config/pypoetry/", _PKG),
        (".pypirc", _PKG),
        ("uv.toml", _PKG),
        ("poetry.toml", _PKG),
        (".condarc", _PKG),
        (".pnpmfile.cjs", _PKG),
        (".pnpmfile.mjs", _PKG),
        ("bunfig.toml", _PKG),
        (".bunfig.toml", _PKG),
        (".yarn/releases/", _PKG),
        (".yarn/plugins/", _PKG),
        (".cargo/config.toml", _PKG),
        (".cargo/config", _PKG),
        (".gemrc", _PKG),
        (".bundle/config", _PKG),
        (".mvn/", _PKG),
        ("gradle/wrapper/", _PKG),
        (".gradle/init.d/", _PKG),
        # Gradle's init scripts run for every build; Maven's user settings name its mirrors (its registry).
        (".gradle/init.gradle", _PKG),
        (".gradle/init.gradle.kts", _PKG),
        (".m2/settings.xml", _PKG),
        # NuGet's sources (its registry), in either spelling (names compare without regard to case).
        ("nuget.config", _PKG),
        # red team: the same settings under the other managers' names -- mamba's and micromamba's .mambarc and
        # conda's XDG condarc (channels: where packages come from), Yarn Plug'n'Play's loader (required into
        # every process `yarn node` and `yarn run` start), Bower's .bowerrc (pre- and postinstall commands),
        # Go's user env file (`go env -w` writes it: GOFLAGS=-toolexec=..., CC, GOPROXY), Composer's home
        # (repositories, the plugins it allows), pnpm's global rc (.npmrc's keys), Terraform's CLI settings
        # and plugin folder (provider binaries and dev_overrides are programs `terraform` runs).
        (".mambarc", _PKG),
        (".config/conda/", _PKG),
        (".pnp.cjs", _PKG),
        (".pnp.js", _PKG),
        (".pnp.loader.mjs", _PKG),
        (".bowerrc", _PKG),
        (".config/go/env", _PKG),
        (".config/composer/", _PKG),
        (".composer/", _PKG),
        (".config/pnpm/rc", _PKG),
        (".terraformrc", _PKG),
        ("terraform.rc", _PKG),
        (".terraform.d/", _PKG),
        # sbt's and Leiningen's user folders: global plugins and profiles, code loaded into every build.
        (".sbt/", _PKG),
        (".lein/", _PKG),
        # the executables a project's environment puts first on PATH, later run by name (`npm test` runs
        # node_modules/.bin/jest, an activated or `uv run` venv runs .venv/bin/pytest; `activate` is sourced).
        # Deleting the whole environment is not reached through them (_REBUILT): the package manager rebuilds
        # it, and what a fresh install puts there is decided by the rules that cover the install.
        ("node_modules/.bin/", _PKG),
        (".venv/bin/", _PKG),
        (".venv/Scripts/", _PKG),
        ("venv/bin/", _PKG),
        ("venv/Scripts/", _PKG),
        # [beyond] credentials and settings that make a client run a program or send data elsewhere: ssh's
        # folder (config's ProxyCommand/LocalCommand/Match exec run commands, authorized_keys decides who logs
        # in and what runs then, rc runs at login, known_hosts decides whom the client trusts), the AWS CLI's
        # (credential_process runs a command, cli/alias holds shell aliases, credentials choose the account
        # data goes to), Docker's client (credHelpers/credsStore run docker-credential-*, cli-plugins are
        # executables, contexts and proxies choose the daemon and the route), kubectl's (a kubeconfig's exec
        # plugin runs a command, its server is where kubectl sends), and .netrc (the logins curl, git, ftp
        # send; ftp runs its `macdef init`). The home folder's, and a project's twin at any depth.
        (".ssh/", _CRED),
        (".aws/", _CRED),
        (".docker/config.json", _CRED),
        (".docker/cli-plugins/", _CRED),
        (".docker/contexts/", _CRED),
        (".docker/daemon.json", _CRED),
        (".kube/", _CRED),
        (".netrc", _CRED),
        ("_netrc", _CRED),
        # red team: more clients' settings of the same kind -- GitHub CLI's (hosts.yml holds the token, config.yml
        # its `!` shell aliases), the Azure CLI's (credentials, and its extensions are Python it loads), gcloud's
        # (credentials, the account and project data goes to), git's credential store, curl's and wget's
        # defaults (read at every run: a url, an upload, a proxy), the MySQL client's (host, user, its pager),
        # GnuPG's (gpg-agent.conf's pinentry-program is a program it runs), mailcap (the command per type).
        (".config/gh/", _CRED),
        (".azure/", _CRED),
        (".config/gcloud/", _CRED),
        (".git-credentials", _CRED),
        (".curlrc", _CRED),
        (".config/curlrc", _CRED),
        ("_curlrc", _CRED),
        (".wgetrc", _CRED),
        (".my.cnf", _CRED),
        (".mylogin.cnf", _CRED),
        (".gnupg/", _CRED),
        (".mailcap", _CRED),
        # [beyond] files an interpreter, a debugger or a shell runs at start without being asked.
        # Python's site module imports sitecustomize and usercustomize (a .py, a .pyc or a package) from the
        # path, and runs the import lines of every .pth file directly in a site-packages folder (a venv's
        # .venv/lib/python3.x/site-packages/x.pth runs at every interpreter start). A file elsewhere in
        # site-packages is a library's code, run when imported, as the project's own code is.
        ("sitecustomize*", _STARTUP),
        ("usercustomize*", _STARTUP),
        ("site-packages/*.pth", _STARTUP),
        ("dist-packages/*.pth", _STARTUP),
        # red team, R12.6: a virtual environment's pyvenv.cfg names the interpreter home its python starts from
        # -- the standard library it imports, even isolated (`-I -S`, as Brabo's hook runs): `home =` a folder
        # of the project holding its own `lib/python3.x/os.py` ran that code in every venv python, the hook's.
        ("pyvenv.cfg", _STARTUP),
        # pdb runs ~/.pdbrc and ./.pdbrc (pdb++ .pdbrc.py) at every breakpoint; irb ~/.irbrc, ./.irbrc and
        # ~/.config/irb/irbrc; pry ~/.pryrc and ./.pryrc; gdb ~/.gdbinit, ~/.config/gdb/gdbinit and
        # .gdbearlyinit; lldb ~/.lldbinit and .lldbinit-<program>; psql ~/.psqlrc(-<version>), whose \! runs a
        # shell command.
        (".pdbrc*", _STARTUP),
        (".irbrc", _STARTUP),
        (".config/irb/", _STARTUP),
        (".pryrc", _STARTUP),
        (".gdbinit", _STARTUP),
        (".gdbearlyinit", _STARTUP),
        (".config/gdb/", _STARTUP),
        (".lldbinit*", _STARTUP),
        (".psqlrc*", _STARTUP),
        # red team: the other interpreters' start-up files. From the working folder first, then home: R's
        # .Rprofile, GHCi's .ghci, IEx's .iex.exs, Octave's .octaverc, OCaml's .ocamlinit, the Perl debugger's
        # .perldb, PsySH's .psysh.php; from home: Erlang's .erlang, Julia's config/startup.jl, IPython's and
        # Jupyter's profiles (startup/*.py, *_config.py), SQLite's .sqliterc (.shell runs a command), the Lisps',
        # Schemes' and Tcl's REPL files, PsySH's config.php; and R's site profile.
        (".Rprofile", _STARTUP),
        ("Rprofile.site", _STARTUP),
        (".ghci", _STARTUP),
        (".ghc/ghci.conf", _STARTUP),
        (".config/ghc/", _STARTUP),
        (".iex.exs", _STARTUP),
        (".erlang", _STARTUP),
        (".octaverc", _STARTUP),
        (".ocamlinit", _STARTUP),
        (".perldb", _STARTUP),
        (".psysh.php", _STARTUP),
        (".config/psysh/", _STARTUP),
        (".julia/config/", _STARTUP),
        (".ipython/", _STARTUP),
        (".jupyter/", _STARTUP),
        (".sqliterc", _STARTUP),
        (".sbclrc", _STARTUP),
        (".clisprc*", _STARTUP),
        (".eclrc", _STARTUP),
        (".guile", _STARTUP),
        (".racketrc", _STARTUP),
        (".csirc", _STARTUP),
        (".swiplrc", _STARTUP),
        (".config/swi-prolog/", _STARTUP),
        (".tclshrc", _STARTUP),
        (".wishrc", _STARTUP),
        # the shells' start-up files: bash (login, interactive, logout), sh and dash's .profile, zsh (.zshenv
        # runs for every zsh, scripts included), fish's ~/.config/fish/ (config.fish, conf.d/, functions/).
        (".bashrc", _STARTUP),
        (".bash_profile", _STARTUP),
        (".bash_login", _STARTUP),
        (".bash_logout", _STARTUP),
        (".profile", _STARTUP),
        (".zshenv", _STARTUP),
        (".zshrc", _STARTUP),
        (".zprofile", _STARTUP),
        (".zlogin", _STARTUP),
        (".zlogout", _STARTUP),
        (".config/fish/", _STARTUP),
        # red team: the other shells' start-up files -- ksh and mksh (ENV's default), csh and tcsh (login and
        # every shell), yash, xonsh, Nushell, Elvish, Oils -- the files the common .bashrc sources (Debian's
        # .bash_aliases, Fedora's .bashrc.d/), oh-my-zsh's custom folder; a terminal multiplexer's (tmux's
        # run-shell, screen's exec run at its start); Heroku's .profile.d/ (sourced at every dyno start).
        (".kshrc", _STARTUP),
        (".mkshrc", _STARTUP),
        (".cshrc", _STARTUP),
        (".tcshrc", _STARTUP),
        (".login", _STARTUP),
        (".logout", _STARTUP),
        (".yashrc", _STARTUP),
        (".yash_profile", _STARTUP),
        (".xonshrc", _STARTUP),
        (".config/xonsh/", _STARTUP),
        (".config/nushell/", _STARTUP),
        (".config/elvish/", _STARTUP),
        (".elvish/", _STARTUP),
        (".config/oils/", _STARTUP),
        (".bash_aliases", _STARTUP),
        (".bashrc.d/", _STARTUP),
        (".oh-my-zsh/custom/", _STARTUP),
        (".tmux.conf", _STARTUP),
        (".config/tmux/", _STARTUP),
        (".screenrc", _STARTUP),
        (".profile.d/", _STARTUP),
        # [beyond] SPEC §5, Windows: what Windows runs at logon from the user's Startup folder, and PowerShell's
        # profiles -- run by every PowerShell -- with the modules it loads by name, in Documents (Windows
        # PowerShell, PowerShell 7) and ~/.config/powershell (PowerShell on Linux and macOS); and, red team,
        # the all-users profiles and modules in PowerShell's own folder ($PSHOME: WindowsPowerShell\v1.0 under
        # System32, PowerShell\7 under Program Files, /opt/microsoft/powershell/7 on Linux).
        ("Start Menu/Programs/Startup/", _STARTUP),
        ("Documents/WindowsPowerShell/", _STARTUP),
        ("Documents/PowerShell/", _STARTUP),
        (".config/powershell/", _STARTUP),
        ("WindowsPowerShell/v1.0/", _STARTUP),
        ("PowerShell/7/", _STARTUP),
        ("PowerShell/7-preview/", _STARTUP),
        # red team: what a desktop session or the user's service manager starts on its own, the twins of the
        # Windows Startup folder -- XDG autostart entries, systemd user units, KDE's login scripts, X's session
        # files, macOS's launch agents (by the folder's own name: a project's Library/ is Unity's cache).
        (".config/autostart/", _SESSION),
        (".config/systemd/user/", _SESSION),
        (".local/share/systemd/user/", _SESSION),
        (".config/plasma-workspace/", _SESSION),
        (".xinitrc", _SESSION),
        (".xsession", _SESSION),
        (".xsessionrc", _SESSION),
        (".xprofile", _SESSION),
        ("LaunchAgents/", _SESSION),
        # red team: launchd's system-wide twin (/Library/LaunchDaemons: started at boot, as root)
        ("LaunchDaemons/", _SESSION),
        # [beyond] red team: the machine's own files that decide what runs later, read by every shell, login,
        # program or scheduler on it -- in Brabo's sandbox as on the developer's laptop (where auto mode inside
        # the sandbox lets a write outside the project through, these are still asked). Only at the machine's
        # root (``/etc/profile``, macOS's ``/private/etc/zshrc``), never a project's own ``etc/`` folder.
        # The shells' system start-up files: sh's and bash's login profile and its drop-in folder, bash's
        # interactive rc (Debian's bash.bashrc, Fedora's bashrc) and the completions it sources, zsh's (Debian's
        # /etc/zsh/, the others' /etc/z*), fish's, csh's, ksh's, mksh's, xonsh's, tmux's and screen's, Vim's
        # system vimrc, gdb's system gdbinit.
        ("/etc/profile", _STARTUP),
        ("/etc/profile.d/", _STARTUP),
        ("/etc/bash.bashrc", _STARTUP),
        ("/etc/bashrc", _STARTUP),
        ("/etc/bash.bash_logout", _STARTUP),
        ("/etc/bash_completion.d/", _STARTUP),
        ("/etc/zsh/", _STARTUP),
        ("/etc/zshenv", _STARTUP),
        ("/etc/zshrc", _STARTUP),
        ("/etc/zprofile", _STARTUP),
        ("/etc/zlogin", _STARTUP),
        ("/etc/zlogout", _STARTUP),
        ("/etc/fish/", _STARTUP),
        ("/etc/csh.cshrc", _STARTUP),
        ("/etc/csh.login", _STARTUP),
        ("/etc/csh.logout", _STARTUP),
        ("/etc/ksh.kshrc", _STARTUP),
        ("/etc/mkshrc", _STARTUP),
        ("/etc/xonsh/", _STARTUP),
        ("/etc/tmux.conf", _STARTUP),
        ("/etc/screenrc", _STARTUP),
        ("/etc/vimrc", _STARTUP),
        ("/etc/vim/", _STARTUP),
        ("/etc/gdb/", _STARTUP),
        # what every process or login inherits: pam_env's environment (LD_PRELOAD, PATH), the library every
        # program loads first (ld.so.preload) and the folders ld.so takes libraries from, macOS's PATH
        # (path_helper's /etc/paths and paths.d), systemd's environment.d; and what the machine starts on its
        # own -- cron's tables, systemd's system and global user units, SysV init scripts and rc.local, the
        # desktop's system autostart entries, the scripts pam_motd runs as root at every login.
        ("/etc/environment", _MACHINE),
        ("/etc/environment.d/", _MACHINE),
        ("/etc/security/pam_env.conf", _MACHINE),
        ("/etc/ld.so.preload", _MACHINE),
        ("/etc/ld.so.conf", _MACHINE),
        ("/etc/ld.so.conf.d/", _MACHINE),
        ("/etc/paths", _MACHINE),
        ("/etc/paths.d/", _MACHINE),
        ("/etc/crontab", _MACHINE),
        ("/etc/anacrontab", _MACHINE),
        ("/etc/cron.d/", _MACHINE),
        ("/etc/cron.hourly/", _MACHINE),
        ("/etc/cron.daily/", _MACHINE),
        ("/etc/cron.weekly/", _MACHINE),
        ("/etc/cron.monthly/", _MACHINE),
        ("/etc/systemd/system/", _MACHINE),
        ("/etc/systemd/user/", _MACHINE),
        ("/etc/init.d/", _MACHINE),
        ("/etc/rc.local", _MACHINE),
        ("/etc/xdg/autostart/", _MACHINE),
        ("/etc/update-motd.d/", _MACHINE),
        # red team: and the names it resolves -- which server answers for registry.npmjs.org or pypi.org is
        # whose code every later install runs
        ("/etc/hosts", _MACHINE),
        ("/etc/resolv.conf", _MACHINE),
        # the system package managers' sources, keys and hooks (APT's Pre-Invoke and Post-Invoke run commands
        # at every `apt update`, pacman's hooks at every transaction), as pip.conf and .npmrc are a project's
        ("/etc/apt/", _PKG),
        ("/etc/yum.repos.d/", _PKG),
        ("/etc/dnf/", _PKG),
        ("/etc/apk/", _PKG),
        ("/etc/pacman.conf", _PKG),
        ("/etc/pacman.d/", _PKG),
        ("/etc/xdg/pip/", _PKG),
        # who may log in or act as root, and what runs when they do: sudo's and doas's rules (a NOPASSWD rule
        # takes a person out of every later `sudo`), PAM's stacks (pam_exec runs a program), sshd's and the
        # system ssh client's settings (ForceCommand, AuthorizedKeysCommand, ProxyCommand).
        ("/etc/sudoers", _SUDO),
        ("/etc/sudoers.d/", _SUDO),
        ("/etc/doas.conf", _SUDO),
        ("/etc/pam.d/", _SUDO),
        ("/etc/ssh/", _SUDO),
        # [beyond] build tools' settings that choose the binary or the code a build runs.
        # Bazel: .bazelrc (any flag: --workspace_status_command, --run_under, --override_repository) in the
        # workspace and home; bazelisk downloads the version .bazelversion names -- a fork's `org/version` from
        # that fork's releases -- from where .bazeliskrc's BAZELISK_BASE_URL says.
        # red team: and the rc files a .bazelrc imports by the names Bazel's documentation gives them
        # (`try-import %workspace%/user.bazelrc`, .bazelrc.user, ci.bazelrc): the same flags.
        (".bazelrc*", _BUILD),
        ("*.bazelrc", _BUILD),
        (".bazelversion", _BUILD),
        (".bazeliskrc", _BUILD),
        # MSBuild imports Directory.Build.props/.targets into every project below them without being named,
        # and reads Directory.Build.rsp's switches (a -logger: is a DLL it loads); the dotnet host picks its
        # SDK from global.json (.NET 10: from the folders its sdk.paths names). Directory.Packages.props only
        # pins package versions, like package.json: ordinary.
        ("Directory.Build.props", _BUILD),
        ("Directory.Build.targets", _BUILD),
        ("Directory.Build.rsp", _BUILD),
        ("global.json", _BUILD),
        # rustup runs the toolchain rust-toolchain(.toml) names -- a `path` toolchain is any folder's binaries.
        ("rust-toolchain*", _BUILD),
        # red team: and the ones its own settings name -- the default toolchain and each folder's override
        # (`rustup default PATH`, `rustup override set PATH`), the toolchains it runs by name (`rustup toolchain
        # link NAME PATH` puts a link there). uv runs the interpreter .python-version (.python-versions) names,
        # which may be an executable's path ("any request format", uv's documentation).
        (".rustup/settings.toml", _BUILD),
        (".rustup/toolchains/", _BUILD),
        (".python-version", _BUILD),
        (".python-versions", _BUILD),
        # sbt's launcher reads .sbtopts and .jvmopts (-javaagent), and runs .sbtrc's commands at start;
        # gradle.properties sets the JVM and its arguments for every build (org.gradle.java.home, jvmargs).
        (".sbtopts", _BUILD),
        (".jvmopts", _BUILD),
        (".sbtrc", _BUILD),
        ("gradle.properties", _BUILD),
        ("permissions.json", _POLICY),
        ("permissions.json.lock", _POLICY),
    )
)

# permissions.json and its lock: a typed write_file or git_commit naming them is refused at proposal
# (actions.proposal_paths, R3.5); GIT_FOLDER likewise (Brabo does not write into .git).
POLICY_NAMES: frozenset[str] = frozenset(p.shown for p in PROTECTED if p.top)
GIT_FOLDER = ".git"

# The agents' own configuration: the hook endpoints refuse a file tool's write there outright
# (actions.agent_hooks.write), an agent does not change its own hooks.
AGENT_CONFIG: frozenset[Protected] = frozenset(p for p in PROTECTED if p.what == _AGENT)

# The machine's own entries (``/etc/...``), matched from the root only (_rooted); the rest at any depth.
_ROOTED = tuple(p for p in PROTECTED if p.root)
_ANYWHERE = tuple(p for p in PROTECTED if not p.root)
_ROOT_FIRST = frozenset(p.parts[0] for p in _ROOTED)
_BY_FIRST: dict[str, tuple[Protected, ...]] = {}
for _p in _ANYWHERE:
    _BY_FIRST[_p.parts[0]] = (*_BY_FIRST.get(_p.parts[0], ()), _p)
_PREFIXED = tuple(p for p in PROTECTED if p.prefix)
_PREFIXES = tuple(p.parts[-1] for p in _PREFIXED)  # one str.startswith for all of them
_ENDED = tuple(p for p in PROTECTED if p.ending)
_ENDINGS = tuple(p.parts[0] for p in _ENDED)  # ... and one str.endswith
# The folders that hold a protected entry without being one (`.github` holds `workflows/`): moving or
# deleting one of them moves or deletes the entry. red team: and every folder on the way to a deeper one, as
# the path ends (`~/.config/systemd` holds `user/`, `~/.local/share` holds `direnv/`), and the machine's
# folders above its own entries, from the root (`/etc`, `/etc/security`), each with the entry it holds.
_HOLDERS = frozenset(p.parts[0] for p in _ANYWHERE if len(p.parts) > 1)
_HELD: dict[tuple[str, ...], Protected] = {
    p.parts[:j]: p for p in reversed(_ANYWHERE) for j in range(1, len(p.parts))
}  # (built from the end, so the first entry a folder holds names it)
_HELD_DEPTH = max(len(k) for k in _HELD)
_ROOT_HELD: dict[tuple[str, ...], Protected] = {
    p.parts[:j]: p for p in reversed(_ROOTED) for j in range(len(p.parts))
}
# Holders a package manager rebuilds (the environments of ``node_modules/.bin/``, ``.venv/bin/``): deleting one
# whole (`rm -rf node_modules`, `rimraf .venv`) is ordinary work; moving one, or writing into it, still counts.
_REBUILT = frozenset({"node_modules", ".venv", "venv"})
_DELETERS = frozenset(
    {
        "rm",
        "grm",
        "rmdir",
        "grmdir",
        "rimraf",
        "del-cli",
        "trash",
        "trash-put",
        "gio",
        "wipe",
        "rip",
        "rmtrash",
    }
    | {"uu-rm"}
    | {"safe-rm", "gomi", "rmw", "gvfs-trash", "gvfs-rm", "gtrash"}  # (red team: gtrash read for `put` only)
)
_GONE = 3  # a TREE the command deletes (no new name is written there)
# A destination named by a command that may put a folder there (a move, a link, a recursive copy): when the
# name is not yet taken, the folder brought in becomes it, entries included (`cp -r /tmp/x .github`).
_BROUGHT = 4
_BRINGERS = frozenset({"mv", "gmv", "ln", "gln", "rsync", "ditto", "scp"})
_COPIERS = frozenset({"cp", "gcp"})


def _written(view: tuple[str, ...]) -> list[tuple[str, int]]:
    """:func:`targets`, with a deleted tree told apart (``_GONE``) and a holder's name a folder may be brought
    to (``_BROUGHT``)."""
    found = targets(view)
    gone = view[0] in _DELETERS
    brings: bool | None = None
    for k, (target, kind) in enumerate(found):
        if gone and kind == TREE:
            found[k] = (target, _GONE)
        elif kind == NAMED and _NEEDLE(target.casefold()) is not None:
            if brings is None:
                brings = _brings_folders(view)
            if brings:
                found[k] = (target, _BROUGHT)
    return found


def _brings_folders(view: Sequence[str]) -> bool:
    if view[0] in _BRINGERS:
        return True
    if view[0] not in _COPIERS:
        return False
    for w in view[1:]:
        if w == "--":
            return False
        if w[:2] == "--":
            if w.startswith(("--rec", "--arch")):  # --recursive, --archive (GNU takes their abbreviations)
                return True
        elif w[:1] == "-" and not {"r", "R", "a"}.isdisjoint(w):
            return True
    return False


_GLOB_CHARS = frozenset("*?[")
_TOP: list[list[str]] = [[]]


def _at_top(low: list[str], k: int, tops: list[list[str]] | None) -> bool:
    return tops is None or low[:k] in tops


def _entry_at(
    parts: list[str], k: int, tops: list[list[str]] | None, dotglob: bool = False
) -> Protected | None:
    """The entry whose name starts at component ``k`` of ``parts`` (lower case), or None."""
    name = parts[k]
    for p in _BY_FIRST.get(name, ()):
        if p.suffix:
            if k + 1 < len(parts) and _may_end(parts[k + 1], p.parts[1]):
                return p
            continue
        n = len(p.parts)
        if tuple(parts[k : k + n]) == p.parts and (not p.top or _at_top(parts, k, tops)):
            return p
        if n > 1 and k + 1 < len(parts):
            after = parts[k + 1]
            if (after == p.parts[1] or not _GLOB_CHARS.isdisjoint(after)) and _globbed_tail(
                parts[k + 1 : k + n], p.parts[1:], dotglob
            ):
                return p
    if name.startswith(_PREFIXES):
        hit = next((p for p in _PREFIXED if name.startswith(p.parts[-1]) and name.endswith(p.tail)), None)
        if hit is not None:
            return hit
    if name.endswith(_ENDINGS):
        return next(p for p in _ENDED if name.endswith(p.parts[0]))
    return None


_GLOB_META = re.compile(r"[*?\]]")


def _may_end(name: str, ending: str) -> bool:
    """Whether a component (lower case; a glob pattern counts for every name it can match) may be a name that
    ends in ``ending`` (``x.pth``, ``*.pth``, ``*``; not ``x.pth.bak``, ``*.py``)."""
    if name.endswith(ending):
        return True
    if _GLOB_CHARS.isdisjoint(name):
        return False
    tail = _GLOB_META.split(name)[-1]  # what every match ends with
    return ending.endswith(tail) or tail.endswith(ending)


def _fold(name: str) -> str:
    """A component as a case-insensitive file system may read it: case folded, and -- as Windows reads a
    name -- without trailing dots and spaces or an ``:stream`` suffix (``.NPMRC.``, ``.envrc::$DATA``).
    [beyond] red team: also without the code points HFS+ ignores in a name (``.cla\u200cude`` is ``.claude``
    there, as git's ``is_hfs_dotgit`` reads ``.git``), and an NTFS short name (``CLAUDE~1``, ``GITLAB~1.YML``)
    read as the entry's name it can stand for. Reading more names as protected only ever sends a write to a
    person."""
    low = name.casefold()
    if not low.isascii():
        low = _HFS_IGNORED.sub("", low) or low
    if "~" in low and low[-1:] != "~":
        low = _SHORT_NAMES.get(_short_key(low), low)
    if ":" in low and "[:" not in low:  # (not a glob's `[[:alpha:]]`: bash_glob reads it)
        low = low.partition(":")[0] or low
    if low[-1:] in (" ", ".") and low.strip(" ."):
        low = low.rstrip(" .")
    return low


# The code points HFS+ drops when it compares names (git's utf8.c, next_hfs_char): zero-width joiners and
# non-joiners, direction marks and embeddings, the deprecated format characters, the byte-order mark.
_HFS_IGNORED = re.compile("[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]")


def _short_key(name: str) -> str:
    """An NTFS 8.3 short name's key (``claude~1`` -> ``claude``, ``gitlab~2.yml`` -> ``gitlab.yml``), or ""."""
    base, _, rest = name.partition("~")
    number, dot, ext = rest.partition(".")
    if not (0 < len(base) <= 6 and number.isdigit() and len(ext) <= 3):
        return ""
    return base + dot + ext


def _short_keys(name: str) -> list[str]:
    """The keys of the short names Windows gives a long name: its first six letters (dots and spaces left
    out, the leading ones too) and the first three of its extension. None for a name that is 8.3 already (`HEAD`:
    Windows makes no short name for it, and `HEAD~1` is git's revision, not it)."""
    if name[:1] != "." and name.count(".") <= 1 and " " not in name:
        plain_stem, _, plain_ext = name.partition(".")
        if len(plain_stem) <= 8 and len(plain_ext) <= 3:
            return []
    stem, dot, ext = (
        name.lstrip(".").rpartition(".") if "." in name.lstrip(".") else (name.lstrip("."), "", "")
    )
    stem = stem.replace(".", "").replace(" ", "")
    return [stem[:6] + dot + ext[:3]] if stem else []


# An entry's name (each part) by the key of a short name that may stand for it; the first entry keeps a key.
_SHORT_NAMES: Mapping[str, str] = MappingProxyType(
    {k: n for p in reversed(_ANYWHERE) for n in reversed(p.parts) for k in _short_keys(n)}
)  # (built from the end, so the first entry to claim a key keeps it)


def protected_parts(
    parts: list[str], dotglob: bool = False, tops: list[list[str]] | None = None, absolute: bool = True
) -> Protected | None:
    """The entry a path's components (any case, ``..`` already resolved) lie in, or None. A component
    holding a glob (``.c*``, ``.[c]laude``) counts when it can match an entry's name; one that starts with a
    wildcard matches a name starting with ``.`` only under ``dotglob`` (as bash expands it), and a bare
    wildcard (``build/*``) only the policy file at the top. ``tops``: the project's top folders (casefolded
    components), where the policy file lives; None when not known (then it counts at any depth).
    ``absolute``: the components start at the machine's root (the machine's own entries, ``/etc/profile``,
    count only then)."""
    low = [_fold(c) for c in parts]
    if absolute and low and (low[0] in _ROOT_FIRST or low[0] == "private" or "*" in low[0] or "?" in low[0]):
        hit = _rooted(low, dotglob)
        if hit is not None:
            return hit
    if tops is not None and "worktrees" in low:
        k = _worktree_at(low, tops)
        if k >= 0:  # a checkout of the project: its own files are judged as the project's
            return protected_parts(parts[:k] + parts[k + 3 :], dotglob, tops)
    for k, c in enumerate(low):
        if _GLOB_CHARS.intersection(c):
            hit = _glob_entry(low, k, dotglob, tops)
        else:
            hit = _entry_at(low, k, tops, dotglob)
        if hit is not None:
            return hit
    return None


def _rooted(low: list[str], dotglob: bool) -> Protected | None:
    """The machine's entry an absolute path (casefolded components) lies in, or None; macOS's ``/private/etc``
    is its ``/etc``. A component holding a glob counts for every name it can match (``/etc/prof*``)."""
    if low[0] == "private" and len(low) > 1:
        low = low[1:]
    for p in _ROOTED:
        n = len(p.parts)
        if len(low) >= n and all(_component_may_be(c, w, dotglob) for c, w in zip(low, p.parts)):
            return p
    return None


def _component_may_be(c: str, want: str, dotglob: bool) -> bool:
    if _GLOB_CHARS.isdisjoint(c):
        return c == want
    return (dotglob or want[:1] != "." or c[:1] == ".") and fnmatch.fnmatchcase(want, _glob(c))


def _glob(component: str) -> str:
    """A glob component (case folded) as fnmatch reads it the way bash does (permissions.glob_syntax: `[^x]`,
    `[[:alpha:]]`), folded again: a class of capitals meets a folded name as a case-insensitive file system would."""
    return bash_glob(component).casefold() if "[" in component else component


def _worktree_at(low: list[str], tops: list[list[str]]) -> int:
    """[beyond] R3.7: where a path enters one of Claude Code's worktree checkouts at the project's top
    (``.claude/worktrees/NAME/…``: EnterWorktree's and an isolated subagent's ``git worktree add``), or -1. Inside
    one, a file is the checkout's (``src/a.py`` is ordinary; its ``.claude/``, ``.git``, ``.husky/`` stay
    protected); the checkout's folder itself and ``.claude/worktrees`` stay under ``.claude/``. Only a literal
    name, at a known top (an absolute path of unknown place keeps ``.claude/`` whole)."""
    for k in range(len(low) - 3):
        if (
            low[k] == ".claude"
            and low[k + 1] == "worktrees"
            and low[k + 2] not in ("", ".", "..")
            and not _GLOB_CHARS.intersection(low[k + 1] + low[k + 2])
            and _at_top(low, k, tops)
        ):
            return k
    return -1


def _glob_entry(low: list[str], k: int, dotglob: bool, tops: list[list[str]] | None) -> Protected | None:
    pattern = low[k]
    hidden_ok = dotglob or pattern.startswith(".")
    bare = not pattern.strip("*?")
    for p in _ANYWHERE:
        name = p.parts[0]
        if p.ending:
            # `*.code-workspace` ends in the name, hidden or not; a pattern whose end is a wildcard (`*`,
            # `build/x*`) is not aimed at it, as a bare `*` is not aimed at a pip.conf
            if _GLOB_META.split(pattern)[-1] and _may_end(pattern, name):
                return p
            continue
        if name.startswith(".") and not hidden_ok:
            continue
        if p.top and not _at_top(low, k, tops):
            continue
        if bare and not p.top and not name.startswith("."):
            continue  # `rm -rf build/*` is not aimed at a pip.conf that may lie there
        if fnmatch.fnmatchcase(name, _glob(pattern)) or (
            p.prefix and fnmatch.fnmatchcase(name + "x" + p.tail, _glob(pattern))
        ):
            if len(p.parts) == 1 or k + 1 >= len(low) or _tail_matches(low[k + 1 :], p):
                return p
    return None


def _globbed_tail(rest: list[str], want: tuple[str, ...], dotglob: bool) -> bool:
    """red team: whether the components after an entry's literal first name, one of them a glob, may name the
    rest of it (``.github/*/ci.yml``, ``.github/work*``, ``~/.config/*/config``): each glob matched as the shell
    expands it (a leading wildcard reaches a dotted name only under ``dotglob``), the others equal."""
    globbed = False
    for c, w in zip(rest, want):
        if _GLOB_CHARS.isdisjoint(c):
            if c != w:
                return False
            continue
        if (w[:1] == "." and c[:1] != "." and not dotglob) or not fnmatch.fnmatchcase(w, _glob(c)):
            return False
        globbed = True
    return globbed


def _tail_matches(rest: list[str], p: Protected) -> bool:
    want = p.parts[1:]
    if p.suffix:
        return _may_end(rest[0], want[0])
    for c, w in zip(rest, want):
        if not (fnmatch.fnmatchcase(w, c) if _GLOB_CHARS.intersection(c) else c == w):
            return False
    return True


def contains_protected(parts: list[str]) -> bool:
    """Whether a folder with these components (lower or any case) holds part of an entry: moving, deleting
    or changing it recursively reaches the entry (``.github`` holds ``.github/workflows/``,
    ``~/.config/systemd`` holds ``.config/systemd/user/``)."""
    return _held(parts) is not None


def _held(parts: list[str]) -> Protected | None:
    """The entry a folder (its last components) holds, or None."""
    if not parts:
        return None
    low = [c.casefold() for c in parts[-_HELD_DEPTH:]]
    for k in range(len(low)):
        hit = _HELD.get(tuple(low[k:]))
        if hit is not None:
            return hit
    return None


def _root_held(parts: list[str]) -> Protected | None:
    """The machine's entry an absolute folder above it holds (``/etc``, ``/private/etc``), or None."""
    low = [c.casefold() for c in parts]
    if low[:1] == ["private"]:
        low = low[1:]
    return _ROOT_HELD.get(tuple(low)) if low else None


def why_protected(p: Protected) -> str:
    return f"{p.shown} is {p.what}, which decides what runs later"


def protected_file(path: str) -> Protected | None:
    """R3.7 for a file named by a typed action or a hook (``write_file``): the entry the path lies in, or
    None. ``path`` may be relative or absolute; ``~`` and ``$HOME`` are the home folder. Lexical: ``.`` and
    ``..`` are resolved (``a/../.claude/x`` is ``.claude/x``), names compare without regard to case."""
    parts: list[str] = []
    for c in path.replace("\\", "/").split("/"):
        if c in ("", "."):
            continue
        if c == "..":
            if parts:
                parts.pop()
            continue
        parts.append(c)
    # A backslash is a separator on the other side of a Windows runner; a literal file name never holds one
    # in a project Brabo writes, so reading it as one only ever finds more. A relative path starts at the top.
    absolute = path.startswith("/")
    return protected_parts(parts, tops=None if path.startswith(("/", "~", "$")) else _TOP, absolute=absolute)


# -- shell commands (decide() step 4) -----------------------------------------------------------------------

UNKNOWN_PLACE = (
    "it writes to a location decided only when it runs, which could be one of the files that decide what "
    "runs later (.claude/, .git/, permissions.json ...)"
)
_REWRITES = (
    "it rewrites the working tree, names unseen, where the files that decide what runs later live "
    "(.claude/, .git/, permissions.json ...)"
)
_HOLDS = "it changes a folder that holds {shown}, which is {what} and decides what runs later"
_HOLDS_TOP = (
    "it changes a folder that holds the files that decide what runs later (.claude/, .git/, "
    "permissions.json ...)"
)
_HOME = ("~",)


def _norm(base: list[str], rel: str) -> list[str]:
    parts = list(base)
    for c in rel.split("/"):
        if c == "" or c == ".":
            continue
        if c == "..":
            if parts:
                parts.pop()
        else:
            parts.append(c)
    return parts


def _home_relative(word: str) -> str | None:
    """The rest of a word that starts at the home folder (``~``, ``~user``, ``$HOME``, ``${HOME}``)."""
    if word.startswith("~"):
        return word.partition("/")[2] if "/" in word else ""
    for head in ("$HOME", "${HOME}"):
        if word == head or word.startswith(head + "/"):
            return word[len(head) + 1 :]
    return None


# The working folder as a word spells it: the shell's `$PWD` is the folder `cd` moved to (an assignment of PWD
# is read as code no rule can see, environment.py). (`$(pwd)` reaches here as `$(…)`: still unknown.)
_PWD_HEADS = ("$PWD", "${PWD}")


def _resolve(word: str, cwd: list[str] | None, start: list[str]) -> list[list[str]] | None:
    """The component lists a written word may name (the cwd followed through `cd`, and the action's own),
    or None when its location is decided at run time."""
    if word[:1] == "$":
        for head in _PWD_HEADS:
            if word == head or word.startswith(head + "/"):
                return _resolve(word[len(head) + 1 :] or ".", cwd, start)
    rest = _home_relative(word)
    if rest is not None:
        if "$" in rest or "`" in rest:
            return None
        return [_norm(list(_HOME), rest)]
    if "$" in word or "`" in word or "{}" in word:
        return None
    if word.startswith("/"):
        return [_norm([], word)]
    if cwd is None:
        return None
    first = _norm(cwd, word)
    return [first] if cwd == start else [first, _norm(start, word)]


def _judge(parts: list[str], kind: int, origin: _Origin) -> str | None:
    roots = origin.roots
    hit = protected_parts(parts, origin.dotglob, origin.tops)
    if hit is not None:
        return f"it writes {hit.shown}, {hit.what}, which decides what runs later"
    if kind != NAMED:
        # A folder that holds an entry, changed whole or brought in by its name (`mv /tmp/x node_modules`),
        # changes the entry; deleting an environment a package manager rebuilds does not.
        holder = _held(parts) or _root_held(parts)
        if holder is not None and not (kind == _GONE and parts[-1].casefold() in _REBUILT):
            return _HOLDS.format(shown=holder.shown, what=holder.what)
    if kind == TREE or kind == WHOLE or kind == _GONE:
        if parts == list(_HOME) or not parts or any(r[: len(parts)] == parts for r in roots):
            return _HOLDS_TOP
    return None


class _Origin(NamedTuple):
    """Where a command's reading starts, which every write of it is judged against: the start folder's
    components, the project roots' (and casefolded, as the table compares), whether the start folder is
    outside every protected one, and whether the shell's globs may match dotfiles."""

    start: list[str]
    roots: list[list[str]]
    tops: list[list[str]] | None
    # clean: not in an entry, nor in a folder where one starts (`.github`, `site-packages`), whose rest a plain
    # name written there may complete (`workflows/ci.yml`, `x.pth`)
    clean: bool
    dotglob: bool
    # friction: the variables the command gives every value of (given_values), read into a write's target
    values: Mapping[str, tuple[str, ...]] | None = None


_PLACES: dict[tuple[str, tuple[str, ...], bool], _Origin] = {}


def _origin(cwd: str, roots: tuple[str, ...], dotglob: bool) -> _Origin:
    """The _Origin of a command starting in ``cwd`` (memoised: one project has few; never mutated)."""
    key = (cwd, roots, dotglob)
    hit = _PLACES.get(key)
    if hit is None:
        if len(_PLACES) >= 1024:
            _PLACES.clear()
        start = _norm([], cwd)
        parts = [_norm([], r) for r in roots if r != "/tmp"]
        hit = _PLACES[key] = _Origin(
            start,
            parts,
            [[c.casefold() for c in r] for r in parts] if parts else None,
            protected_parts(start) is None and _HOLDERS.isdisjoint(c.casefold() for c in start),
            dotglob,
        )
    return hit


def may_write_any(segments: Sequence[Segment], seg_views: Sequence[Sequence[tuple[str, ...]]]) -> bool:
    """decide()'s cheap filter: whether some segment redirects to a file or has a view that may write one
    (:func:`may_name_agent_settings` answers for the rest)."""
    for seg, vs in zip(segments, seg_views):
        for t in seg.written() if seg.inputs else seg.redirects:  # R4.5: `< f` reads f
            if t not in NOT_USER_PATHS:
                return True
        for v in vs:
            if v:
                first = v[0]
                if (first in FIRST_WRITERS or "/" in first or "=" in first or first[:2] == "py") and (
                    may_write(v)
                    or _hands_a_protected_name(
                        v, len(segments) > 1 or seg.words[:1] != () and seg.words[0] in _CHDIR
                    )
                ):
                    return True
    return False


def _hands_a_protected_name(view: tuple[str, ...], moves: bool) -> bool:
    """Whether a word a package manager hands a project's script (writes.handed_words) may name a protected file
    -- itself, or an option's value; one spelt by an expansion may (writes._handed_to_a_script reads which).
    ``moves``: the command may stand elsewhere when it runs (another segment, a chdir wrapper: `cd .git && npm
    run gen -- hooks/pre-commit`), where a plain name is no answer: any handed word may be one."""
    words = handed_words(view[0], view)
    if moves:
        return bool(words)
    for w in words:
        value = w.partition("=")[2] if w[:1] == "-" else w
        if value and not _clear(value, NAMED):
            return True
    return False


# may_name_a_place's first test: an option word (after a space or a quote, not inside a word) that is a cluster of
# letters ending in `o`, or that holds the start of a place word _OUTPUT_NAME or _PLACE_NAME reads (`-o`, `--out`,
# `-destination`, `--logFile`, `--report`, `--junitfile`, `--cache-dir`, `--pid`, `--prefix`, `--dist-dir`,
# `--write-to`, `--save-as`). One search led by its literal `-` (one C call, a fraction of a microsecond: most
# commands hold a few dashes); the protected name's search, which costs more, only after it.
_PLACE_GATE = re.compile(
    r"-(?<![\w-]-)(?:[A-Za-z]*[oO]\b|-?[\w-]*?(?:[oOlLrRjJcCdDpP_-](?:ut|UT|est|og|eport|unit|ache|ir|id|refix|to\b|as\b)))"
).search


def may_name_a_place(command: str) -> bool:
    """decide()'s cheap filter for :func:`_places_named`: an output option's name and a protected file's."""
    if _PLACE_GATE(command) is not None:
        return _NEEDLE(command.casefold()) is not None
    return False


def may_name_agent_settings(command: str) -> bool:
    """decide()'s cheap filter, with :func:`may_write_any`: whether the command names a coding agent's own
    settings, or git's hooks or a hook runner's folder, which a program the write table does not read may write
    (_names_agent_settings)."""
    return _EITHER_NEEDLE(command) is not None


def protected_writes(
    segments: Sequence[Segment],
    seg_views: Sequence[Sequence[tuple[str, ...]]],
    cwd: str,
    roots: Sequence[str],
    command: str,
    windows: bool = False,
) -> list[tuple[int, bool, str]]:
    """R3.7 for a shell command: each segment that writes a protected file, as (index, by a redirection,
    why). ``cwd``: where the command starts (normalized, as the path scope sees it); ``roots``: the project
    folder(s) the command runs in -- a write that changes a folder holding them (``rm -rf .``,
    ``tar x -C /work``) reaches the protected files at their top. Followed lexically through `cd`.
    ``windows``: the command may run on Windows (SPEC §5), so each segment is also read as PowerShell and cmd
    read it (permissions.commands.windows: backslash separators, cmdlets, any case)."""
    origin = _with_values(
        _origin(cwd, tuple(roots), "dotglob" in command or "GLOBIGNORE" in command), segments, command
    )
    places = may_name_a_place(command)
    start = origin.start
    here: list[str] | None = start
    # SPEC §5: where the segments run as PowerShell and cmd move (`Set-Location .claude`, `cd .claude\\hooks`,
    # `pushd .gemini`), followed beside the shell's own `cd`: each reading's writes are judged from it too
    win_here: list[str] | None = start
    pushed: list[list[str] | None] = []  # PowerShell's location stack (Push-Location, pushd)
    found: list[tuple[int, bool, str]] = []
    carried: Any = _NOT_MOVED  # where a chdir wrapper runs the script it carries (`env -C x sh -c '...'`)
    for i, seg in enumerate(segments):
        words = seg.words
        views = seg_views[i] if i < len(seg_views) else (words,)
        if carried is not _NOT_MOVED and not seg.hidden:
            carried = _NOT_MOVED  # the script's segments follow the wrapper's, hidden
        cur = before = here if carried is _NOT_MOVED else carried
        why, by_redirect = _segment_writes(seg, views, cur, origin, command)
        if words and words[0] in _CHDIR and len(views) > 1:
            # red team: `env -C .claude tee settings.json` writes below the folder the wrapper moves to
            carried = _chdir(seg, views[-1], cur, start)
        if why is None and words and (places or _EITHER_NEEDLE(seg.text) is not None):
            why = _named_elsewhere(seg, views, cur, origin, places)
        if why is None and windows:
            win_cur = win_here if carried is _NOT_MOVED else carried
            if win_cur is not cur:  # the shell's reading of the segment, from where PowerShell stands
                why, by_redirect = _segment_writes(seg, views, win_cur, origin, command)
            if why is None:
                why = _windows_write(seg.text, win_cur, origin)
        if why is not None:
            found.append((i, by_redirect, why))
        if words and (words[0] in _CD or words[0] in _CD_WRAPPERS):
            if carried is _NOT_MOVED:
                here = _moved(seg, views, here, start)
            else:
                carried = _moved(seg, views, cur, start)  # a `cd` inside the carried script
        if windows and words and words[0][:1] in "cCsSpP":  # every mover's name (LOCATION_MOVERS)
            if words[0] == "cd" and win_here is before and _SAME_CD.isdisjoint(seg.text):
                win_here = here  # a plain `cd x`: where the shell's reading went (or not known either way)
            else:
                win_here = _windows_moved(seg.text, win_here, pushed, start)
                if win_here is not here and win_here == here:
                    win_here = here  # both readings stand in the same folder: one reading of each write there
    return found


def _windows_moved(
    text: str, here: list[str] | None, pushed: list[list[str] | None], start: list[str]
) -> list[str] | None:
    """Where PowerShell or cmd stands after the segment ``text`` (from ``here``; ``pushed``: the location
    stack), None when that is decided only when it runs."""
    how, to = windows_moves(text)
    if how == POPS:
        if to != "":
            return None  # a named stack's (`Pop-Location -StackName x`)
        # Each command starts in a new shell (the agents run every one in its own process): with nothing
        # pushed before in the command the stack is empty, and Pop-Location and popd stay where they are.
        return pushed.pop() if pushed else here
    if not how:
        return here
    if how == PUSHES:
        pushed.append(here)
    places = None if to is None else _resolve(to, here, start)
    return places[0] if places else None


def _segment_writes(
    seg: Segment,
    views: Sequence[tuple[str, ...]],
    cur: list[str] | None,
    origin: _Origin,
    command: str = "",
) -> tuple[str | None, bool]:
    """Why the segment, read as the shell reads it, writes a protected file from the folder ``cur``, and
    whether by a redirection."""
    for t in seg.written() if seg.inputs else seg.redirects:  # R4.5: `< .env` reads the file
        if t in NOT_USER_PATHS or (t.startswith("/dev/") and ".." not in t):
            continue  # a device or a network connection (caps.network_redirect), never a file here
        why = _check(t, NAMED, cur, origin)
        if why is not None:
            return why, True
    if (
        seg.words and seg.words[0] in PATCH_TOOLS
    ):  # (by a path: writes' reading, the tree when the patch is unread)
        return _patch_writes(seg, command, cur, origin), False
    if seg.words:
        return _views_write(seg, views, cur, origin), False
    return None, False


def _patch_writes(seg: Segment, command: str, cur: list[str] | None, origin: _Origin) -> str | None:
    """Why Codex's apply_patch writes a protected file: each file its patch names -- given as its argument or on its
    input (a here-document or a here-string: fed_code.input_texts_of) -- or, a patch it cannot read, the tree."""
    files = patched_files(seg, command)
    if files is None:
        return _REWRITES
    for f in files:
        why = _check(f, NAMED, cur, origin)
        if why is not None:
            return why
    return None


def _windows_write(
    text: str,
    cur: list[str] | None,
    origin: _Origin,
) -> str | None:
    """Why the segment ``text``, read as PowerShell and cmd read it (permissions.commands.windows), writes a
    protected file from the folder ``cur``: by a cmdlet or a redirection, or -- a backslash in its text -- by a
    program the shell's reading knows, given its paths with Windows' separators (`tar -xf a -C .claude\\x`).
    The statements of its script blocks are read too, from a folder decided when it runs once one of them
    moves (`% { Set-Location .claude; sc settings.json x }`)."""
    why = _windows_text_write(text, cur, origin)
    if why is not None or "{" not in text:
        return why
    for inner in windows_statements(text):
        why = _windows_text_write(inner, cur, origin)
        if why is not None:
            return why
        if windows_moves(inner)[0]:
            cur = None
    return None


def _windows_text_write(
    text: str,
    cur: list[str] | None,
    origin: _Origin,
) -> str | None:
    for target, kind in windows_writes(text):
        why = _check(target, kind, cur, origin)
        if why is not None:
            return why
    if "\\" not in text:
        return None
    words = windows_program_words(text)
    if not words:
        return None
    caches = words[0] == "find" and finds_caches_only(words)
    for view in views_of(words):
        if caches and view[:1] != ("find",) and "{}" in view:
            continue  # (see _views_write)
        if view and may_write(view):
            why = _view_writes(view, cur, origin)
            if why is not None:
                return why
    return None


def _views_write(
    seg: Segment,
    views: Sequence[tuple[str, ...]],
    cur: list[str] | None,
    origin: _Origin,
) -> str | None:
    """Why some view of a segment (from the folder ``cur``) writes a protected file, or None."""
    words = seg.words
    caches = words[0] == "find" and finds_caches_only(words) if words else False
    for view in views:
        if not view or not (may_write(view) or handed_words(view[0], view)):
            continue  # (a word handed to a script is read from ``cur``, wherever the command stands)
        if caches and view is not views[0] and "{}" in view:
            continue  # `find . -name __pycache__ -exec rm -rf {} +`: what is handed is a cache (writes._find)
        at = cur if view is views[0] or words[0] not in _CHDIR else _chdir(seg, view, cur, origin.start)
        why = _view_writes(view, at, origin)
        if why is not None:
            return why
    return None


def _view_writes(
    view: tuple[str, ...],
    at: list[str] | None,
    origin: _Origin,
) -> str | None:
    """Why one writing view (from the folder ``at``) writes a protected file, or None."""
    for target, kind in _written(view):
        why = _REWRITES if kind == WHOLE else _check(target, kind, at, origin)
        if why is not None:
            return why
    return None


# A word none of whose spellings can name a protected file: no entry's name in it (compared as the table
# compares), no expansion, glob or home, and -- for a tree -- no way to be a folder above the project.
_NEEDLES = tuple(sorted({p.parts[0] for p in _ANYWHERE} | {p.parts[0] + "/" for p in _ROOTED}))


# Whether any needle is in a word, in one search instead of a Python loop over some three hundred of them
# (as a tree of their beginnings: permissions.literal_search).
_NEEDLE = re.compile(literal_trie(_NEEDLES, whole=False)).search
_NOT_LITERAL = frozenset("*?[$`~{\\")


def _clear(word: str, kind: int) -> bool:
    if _NEEDLE(word.casefold()) is not None or not word.isascii():  # (a code point HFS+ ignores: _fold)
        return False
    if not _NOT_LITERAL.isdisjoint(word):
        return False
    # a tree a word climbs back from may be the top or above it (`git checkout x -- src/..`)
    return kind == NAMED or not (
        word[0] == "/" or word[0] == "." and (len(word) == 1 or word[1] in "./") or ".." in word
    )


def _check(word: str, kind: int, here: list[str] | None, origin: _Origin) -> str | None:
    if not word:
        return None
    if origin.values is not None and "$" in word:
        for each in _filled(word, origin.values):
            why = _check(each, kind, here, origin._replace(values=None))
            if why is not None:
                return why
        return None
    if origin.clean and here is origin.start and _clear(word, kind):
        return None  # the common case: a plain name, below a folder that is not protected
    places = _resolve(word, here, origin.start)
    if places is None:
        return UNKNOWN_PLACE
    for parts in places:
        why = _judge(parts, kind, origin)
        if why is not None:
            return why
    return None


# Friction (R3.7): a write whose target is a variable the command gives every value of is judged for each value, as
# the words themselves would be -- `for f in tests/*.py; do sed -i s/a/b/ "$f"; done` as `sed -i s/a/b/
# tests/*.py`, `out=dist; rm -rf "$out"` as `rm -rf dist`. Every value: a `for` list of literal words whose body
# alone uses the name (scope.literal_loop_values), or assignments of literal words leading the command, before
# anything runs (scope.leading_values); `${f%x}` is not filled in -- otherwise the place is decided only when it runs,
# as before.
_SUBSTITUTED = re.compile(r"\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))")
_MAX_FILLED = 64


def _with_values(origin: _Origin, segments: Sequence[Segment], command: str) -> _Origin:
    """``origin`` with the values ``command`` gives its variables (given_values), if any."""
    if "$" in command and ("=" in command or "for" in command):
        given = given_values(segments, command)
        if given:
            return origin._replace(values=given)
    return origin


def given_values(segments: Sequence[Segment], command: str) -> dict[str, tuple[str, ...]]:
    """The variables ``command`` gives every value of (scope.literal_loop_values, scope.leading_values)."""
    found = literal_loop_values(tuple(segments), command) if "for" in command else {}
    if "=" in command:
        for name, value in leading_values(tuple(segments), command).items():
            if name in found:
                return {}  # given both ways: each use may have another value
            found[name] = value
    return found


def _filled(word: str, values: Mapping[str, tuple[str, ...]]) -> list[str]:
    """``word`` with each variable of ``values`` put in, one word per combination of their values; [word] (decided
    only when it runs) when it names another or makes too many."""
    out = [""]
    k = 0
    for m in _SUBSTITUTED.finditer(word):
        given = values.get(m.group(1) or m.group(2))
        if given is None or len(out) * len(given) > _MAX_FILLED:
            return [word]
        out = [o + word[k : m.start()] + v for o in out for v in given]
        k = m.end()
    return [o + word[k:] for o in out]


def _named_elsewhere(
    seg: Segment, views: Sequence[tuple[str, ...]], cur: list[str] | None, origin: _Origin, places: bool
) -> str | None:
    """Why a segment the write table does not read writes a protected file all the same: a coding agent's own
    settings handed to a program that may write them, or a file an output option names (``places``: the
    command may name one, :func:`may_name_a_place`)."""
    why = _names_agent_settings(views, cur, origin) if _EITHER_NEEDLE(seg.text) is not None else None
    return _places_named(views, cur, origin) if why is None and places else why


# [beyond] R3.7, red team: a program no table reads, told by an option named for its output to write one of the
# files that decide what runs later -- `swag init -o .git/hooks`, `mockgen -destination=.envrc`, `marp x.md -o
# .envrc`, `python gen.py --out-dir .husky`, `./build.sh --output .git/hooks/pre-commit`: `-o`, and any long
# option whose name ends in out/output/dest/destination (with dir/file/path after it). A value spelt by an
# expansion is left to what the program is (it is no visible name); the readers and the programs the write
# table reads (WRITE_VERBS) are read by their own rows.
_OUTPUT_NAME = re.compile(
    r"--?(?:[\w-]*?[-_]?)?(?:out|output|dest|destination)(?:[-_]?(?:dir|directory|file|path))?", re.I
).fullmatch
# ... and the others a written place names: an option whose name, split into words at `-`, `_` and a capital,
# ends in a word for a written file or folder -- a log, a report, a cache, a pid file, an install prefix
# (`--log-file`, `--logfile`, `--log`, `--junitfile`, `--reportDir`, `--cache-dir`, `--pidfile`, `--prefix`),
# a qualifier with a folder after it (`--target-dir`, `--dist-dir`, `--build-dir`, `--work-dir`, `--data-dir`,
# `--tmp-dir`, `--bin-dir`, `--results-dir`), or a write's verb with its `to` (`--write-to`, `--save-to`,
# `--export-as`). Not the places a program reads (`--config-file`, `--env-file`, `--input`, `--from`,
# `--source`, `--file`, `--src-dir`, `--root-dir`): no word of those names a written place.
_PLACE_NAME = re.compile(
    r"--?(?:[a-z0-9]+[-_])*?(?:"
    r"(?:log|logs|report|reports|junit|junitxml|xunit|cache|pid|prefix)(?:[-_]?(?:dir|directory|file|path|folder))?"
    r"|(?:target|dist|build|work|tmp|temp|data|install|bin|site|coverage|artifacts?|results?|dump|save|export)"
    r"[-_]?(?:dir|directory)"
    r"|(?:write|save|export|dump|copy)[-_](?:to|as|into))"
).fullmatch
_HUMPS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])").sub  # `--junitFile`: `--junit-File`
# ... and one whose value a cluster of letters ends in `o` gives, as getopt reads it (`tool -qo F`, `-vo=F`,
# `-o.envrc`): the letters before it read as flags (fail closed)
_CLUSTER_O = re.compile(r"-[A-Za-z]*[oO](?![A-Za-z0-9])").match


def _place_value(view: tuple[str, ...], k: int) -> str | None:
    """The place the option at ``view[k]`` names, when its name is one of a written place (None otherwise)."""
    w = view[k]
    if w[1:2] != "-":
        m = _CLUSTER_O(w)
        if m is not None:
            value = w[m.end() :].removeprefix("=")
            return value or (view[k + 1] if k + 1 < len(view) else None)
    name, value = option_at(view, k)
    if _OUTPUT_NAME(name) is None and _PLACE_NAME(_HUMPS("-", name).casefold()) is None:
        return None
    return value


def _places_named(views: Sequence[tuple[str, ...]], cur: list[str] | None, origin: _Origin) -> str | None:
    for view in views:
        verb = view[0].rpartition("/")[2] if view else ""
        # a builder's `run` hands its words, `--` and after, to the program it builds (`go run ./gen --output F`,
        # `cargo run -- -o F`, `dotnet run -- --log-file F`): read as that program's
        runs = verb in BUILD_WRITERS and view[1:2] == ("run",)
        if not runs and (
            not verb or verb in WRITE_VERBS or verb in _AGENT_READERS or verb.casefold() in WINDOWS_WRITERS
        ):
            continue  # (PowerShell's and cmd's writers: read where Windows may run them, no program elsewhere)
        for k in range(1, len(view)):
            w = view[k]
            if w == "--" and not runs:
                break
            if w[:1] != "-":
                continue
            value = _place_value(view, k)
            if not value or "$" in value or "`" in value:
                continue
            why = _check(value, NAMED, cur, origin)
            if why is not None:
                return why
    return None


# [beyond] R3.7, red team: a program the write table does not know, handed a path in a coding agent's own
# settings -- as an operand or an option's value -- may write there: an editor or IDE opened on the file
# (`code .claude/settings.json`), a build or package tool told to work or put its output in the folder
# (`make -C .claude`, `npm -C .claude install`, `cmake -B .claude`, `tsc --outDir .gemini`, `gcc -o
# .claude/hooks/x`), a formatter (`prettier -w .claude`), a converter (`dos2unix .gemini/settings.json`).
# Known readers (below), the programs whose writes the table reads in full (WRITE_VERBS, but for the folder
# options of _TOLD_WHERE), git, the agents' own CLIs (a prompt may name their folders), shells (their
# scripts are read as segments) and PowerShell's and cmd's writers (read where Windows may run them) keep
# their readings. Only the agents' entries count here: their names are rarely an ordinary program's
# operand, where `.github/workflows/ci.yml` or `package.json` are.
# Their dotted names, whole (`.roo`, not `.root`), as one search that looks at the dots only (a literal
# first character lets the regex engine skip to each `.`). Not the machine's folders (`/etc/codex`: a
# privileged write's), nor the folders they share with others (`.config/opencode`, `.github/copilot-...`,
# `.aws/amazonq`), whose names stand in ordinary words (`next.config.js`) and would only cost a reading.
_AGENT_NAMES = literal_trie(
    n[1:]
    for n in {p.parts[0] for p in PROTECTED if p.what == _AGENT}
    if n[:1] == "." and n not in (".config", ".github", ".aws")
)
_AGENT_NEEDLE = re.compile(r"\.(?:" + _AGENT_NAMES + r")(?![\w-])", re.IGNORECASE).search
# ... and, red team, git's hooks, configuration and info files (`.git/hooks/pre-commit`, `.git/config`,
# `.git/info/attributes`), a hook runner's files (`.husky/pre-commit`), and the files that decide what runs which
# are no ordinary program's operand -- an environment loader (`.envrc`), the shells' start-up files (`~/.bashrc`),
# the package managers' settings (`.npmrc`, `.yarnrc.yml`), git's attributes, submodules and LFS settings, an
# editor's tasks (`.vscode/tasks.json`): `mustache data.json tpl .git/hooks/pre-commit`, `lessc x.less .envrc`,
# `objcopy x .git/hooks/pre-commit`. Their dotted names as a whole component (`y.git`, a remote's address,
# `.gitignore`, `x.profile` are not one); git's and husky's folders count only with a file below them and
# .vscode only with its tasks (_handed_hit): a folder given whole is what linters and counters are told to skip
# (`--exclude .git`, `--skip .git,node_modules`). `.env` is not among them: tools are handed it every day.
_HANDED_FILES = frozenset(
    {".envrc", ".npmrc", ".yarnrc", ".yarnrc.yml", ".gitattributes", ".gitmodules", ".lfsconfig", ".bashrc",
     ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin"}
)  # fmt: skip
# (with the agents' names as one search, led by its literal `.`: the filter every segment meets)
_EITHER_NEEDLE = re.compile(
    r"\.(?:(?:"
    + _AGENT_NAMES
    + r")|(?<![\w.-]\.)(?:git|husky|vscode|"
    + literal_trie(n[1:] for n in _HANDED_FILES)
    + r"))(?![\w-])",
    re.IGNORECASE,
).search
_GIT_RUN_FILES = ("hooks", "config", "info")


def _handed_hit(parts: list[str], hit: Protected) -> bool:
    """Whether a path handed to a program (its components, resolved; ``hit`` the protected entry it lies in)
    counts for _names_agent_settings: any path in a coding agent's own settings; one of _HANDED_FILES; a file in
    git's hooks, configuration or info below a `.git` folder, any file below a `.husky` one, `.vscode/tasks.json`
    (a name holding a glob counts below .git: it may match one)."""
    if hit.what == _AGENT:
        return True
    low = [_fold(c) for c in parts]
    if low and low[-1] in _HANDED_FILES:
        return True
    for k in range(len(low) - 1):
        here, after = low[k], low[k + 1]
        if here == ".git" and (after.startswith(_GIT_RUN_FILES) or _GLOB_CHARS.intersection(after)):
            return True
        if here == ".husky" or (here == ".vscode" and after == "tasks.json"):
            return True  # (husky runs each file there by its hook's name)
    return False


# (... not the value of an option whose name says the program reads or skips it -- `tool --source
# .husky/pre-commit`, `--config .git/config`, `--exclude=.git/hooks`, `npm ci --userconfig .npmrc`, `--rcfile
# ~/.bashrc` -- for those; an agent's folder counts there too, as before)
# Only words that say so count (red team: `--dump-file`, `--save-config`, `--write-config`, `--target-file` write:
# each is read as a place handed to be written); a bare `--file` is a read, as the output options' reading has it
# (test_redteam_outputs_by_other_spellings.py).
_READ_OPTION = re.compile(
    r"--?(?:(?:input|in|source|src|from|read|load|env|user|global|exclude|ignore|skip)[-_])?"
    r"(?:source|src|input|in|from|file|config|conf|env-file|include|exclude|ignore|skip"
    r"|userconfig|globalconfig|rcfile|rc)"
    r"(?:[-_]?(?:dir|directory|file|path|paths|pattern))?",
    re.IGNORECASE,
).fullmatch


def _on_a_host(word: str) -> bool:
    """Whether ``word`` names a place on another machine or a VM, `NAME:PATH` (`limactl cp vm:~/.bashrc .`): a
    plain name before a colon -- no option, path or file name (`sass x.scss:.git/hooks/x` writes its second
    half here; a dotted host's name is read the same way: fail closed)."""
    head, colon, _ = word.partition(":")
    return bool(colon and head) and head[:1] != "-" and not _NOT_A_HOST.intersection(head)


_NOT_A_HOST = frozenset("/=.\\")


def _skipped_by_option(view: tuple[str, ...], k: int) -> bool:
    """Whether ``view[k]`` is the value of a read or skip option (_READ_OPTION): glued (`--exclude=.git/hooks`)
    or the word after one."""
    w = view[k]
    if w[:1] == "-":
        return "=" in w and _READ_OPTION(w.partition("=")[0]) is not None
    before = view[k - 1] if k > 1 else ""
    return before[:1] == "-" and "=" not in before and _READ_OPTION(before) is not None


_AGENT_READERS = frozenset(
    {
        *"cat tac less more most head tail grep egrep fgrep rg ag ack ls ll dir tree stat file wc du diff".split(),
        *"colordiff cmp comm jq gron bat batcat md5sum sha1sum sha256sum sha512sum b2sum cksum echo printf".split(),
        *"test [ [[ realpath readlink dirname basename hexdump od strings column cut tr nl paste join".split(),
        *"cd pushd popd source . type which command builtin exa eza lsd fd fdfind locate getfacl lsattr".split(),
        *"namei json_pp jsonlint yamllint shellcheck git sh bash zsh dash ksh fish eval exec brabo".split(),
    }
)
# Package and build tools the write table reads for some options only; their folder options it does not
# (`pnpm -C DIR`, `pnpm --dir DIR`, `yarn --cwd DIR`, `conda create -p DIR`, `bundle install --path DIR`).
# The compilers and builders (BUILD_WRITERS) are read for their output options alone: `go run x.go F` hands F on.
_TOLD_WHERE = (
    frozenset(
        {"npm", "pnpm", "yarn", "bun", "cmake", "conda", "mamba", "micromamba", "bundle", "pip", "pip3"}
    )
    | BUILD_WRITERS
)
_NAMES_AGENT = "it hands '{prog}' {shown}, {what}, which that program may write; it decides what runs later"
_PATH_STOPS = frozenset(" \t=,:;@'\"")


def _names_agent_settings(
    views: Sequence[tuple[str, ...]], cur: list[str] | None, origin: _Origin
) -> str | None:
    """Why a segment hands a program a path in a coding agent's own settings that no reading covers: none of
    its views (the programs it runs) reads only, is an agent's CLI, or a writer the table reads in full (a
    package or build tool's folder options excepted, _TOLD_WHERE)."""
    for view in views:
        verb = view[0].rpartition("/")[2] if view else ""
        if (
            verb in _AGENT_READERS
            or verb in AGENT_CLIS
            or verb.casefold() in WINDOWS_WRITERS  # read by windows_writes where Windows may run it
            or verb.casefold()
            in LOCATION_MOVERS  # `Set-Location .claude` moves (followed where Windows may run it)
            or (verb in WRITE_VERBS and verb not in _TOLD_WHERE)
            or (verb[:2] == "py" and may_write((verb, *view[1:])))  # `python3 -m json.tool F`
        ):
            return None
    view = views[0]
    verb = views[-1][0].rpartition("/")[2] if views[-1] else view[0]
    # (a program whose writes settings_writers reads by its words -- `ncftpget -c host .envrc` prints the remote
    # file -- is handed the other kept files as it reads them; an agent's folder counts there, as before)
    read_by_settings = any(v and v[0].rpartition("/")[2] in SETTINGS_WRITERS for v in views)
    for k in range(1, len(view)):
        w = view[k]
        m = _EITHER_NEEDLE(w)
        if m is not None and (read_by_settings or _skipped_by_option(view, k) or _on_a_host(w)):
            m = _AGENT_NEEDLE(w)
        if m is None:
            continue
        j = m.start()
        while j > 0 and w[j - 1] not in _PATH_STOPS:
            j -= 1
        path = w[j:]
        if j == 0 and path[:1] == "-":
            if path[:2] == "--":
                continue  # the option's own name (`--claude-dir`), its value is the next word
            path = path[2:]  # `-B.claude`, `-o.gemini/settings.json`: a value glued to a short option
        places = _resolve(path, cur, origin.start) if path else []
        if places is None:
            return UNKNOWN_PLACE
        for parts in places:
            hit = protected_parts(parts, origin.dotglob, origin.tops)
            if hit is not None and _handed_hit(parts, hit):
                return _NAMES_AGENT.format(prog=verb, shown=hit.shown, what=hit.what)
    return None


_CD = ("cd", "pushd", "popd")
# What PowerShell and cmd read apart from the shell in a `cd`: a backslash, cmd's variables, PowerShell's
# escape, a drive or a provider (without them the shell's reading of where `cd` goes is Windows' too)
_SAME_CD = frozenset("\\%`:")
_NOT_MOVED: Any = object()
# red team: the builtins that run `cd` itself (`builtin cd .claude && echo x > settings.json`)
_CD_WRAPPERS = ("builtin", "command")
# red team: wrappers that run their command in another folder, and the options that name it
_CHDIR = {"env": ("-C", "--chdir"), "sudo": ("-D", "--chdir")}  # (sudo is also a privileged cap)


def _moved(
    seg: Segment, views: Sequence[tuple[str, ...]], here: list[str] | None, start: list[str]
) -> list[str] | None:
    words = seg.words
    if words[0] in _CD_WRAPPERS:
        inner = next((v for v in views if v and v[0] in _CD), None)
        if inner is None:
            return here  # `command -v x`: no folder change
        if inner[0] != "cd":
            return None
        skip = len(words) - len(inner)
        words = inner
    else:
        skip = 0
    if words[0] == "cd":
        if len(words) == 1:
            return list(_HOME)
        if len(words) == 2 and 1 + skip not in seg.dynamic and words[1] != "-":
            places = _resolve(words[1], here, start)
            return places[0] if places else None
    return None  # `cd -`, `popd`, `pushd`, a target from an expansion: not known lexically


def _chdir(seg: Segment, view: tuple[str, ...], here: list[str] | None, start: list[str]) -> list[str] | None:
    """Where a wrapper of _CHDIR runs ``view`` (its words before the view name the folder), None when that is
    decided at run time."""
    words = seg.words
    short, long = _CHDIR[words[0]]
    before = len(words) - len(view)
    for k in range(1, before):
        w = words[k]
        if w == short or w == long:
            folder, at = (words[k + 1], k + 1) if k + 1 < before else ("", k)
        elif w.startswith(long + "="):
            folder, at = w[len(long) + 1 :], k
        elif w.startswith(short) and not w.startswith("--"):
            folder, at = w[len(short) :], k
        else:
            continue
        if at in seg.dynamic or not folder:
            return None
        places = _resolve(folder, here, start)
        return places[0] if places else None
    return here
