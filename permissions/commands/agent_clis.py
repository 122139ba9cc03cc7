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
"""

from __future__ import annotations

__all__ = ["AGENT_CLIS", "agent_settings_given"]

# The options, by program, that hand a run settings; a one-letter one may have its value glued (`-ckey=v`).
_SETTINGS_OPTIONS: dict[str, frozenset[str]] = {
    "claude": frozenset(
        {"--settings", "--setting-sources", "--bare", "--mcp-config", "--plugin-dir", "--agents"}
    ),
    "codex": frozenset({"-c", "--config", "-p", "--profile", "--enable", "--disable"}),
}
_SETTINGS_OPTIONS["claude-code"] = _SETTINGS_OPTIONS[
    "claude"
]  # its package's name (`npx @anthropic-ai/claude-code`)
AGENT_CLIS: frozenset[str] = frozenset(_SETTINGS_OPTIONS)


def agent_settings_given(view: tuple[str, ...]) -> str | None:
    """Why a view of an agent's program hands it settings no rule has read, or None."""
    verb = view[0].rpartition("/")[2]
    names = _SETTINGS_OPTIONS.get(verb)
    if names is None:
        return None
    for w in view[1:]:
        if w == "--":
            break
        if w[:1] != "-":
            continue
        name = w.partition("=")[0]
        if name in names or (w[1:2] != "-" and w[:2] in names):
            return f"'{verb} {name[:20]}' hands the agent settings no rule has read (its hooks among them)"
    return None
