"""The hook endpoint's shapes in the OpenAPI schema, per agent: what each coding agent POSTs before a tool
runs and what it reads back, as that agent documents its hook protocol (``actions.agent_hooks``). They are
the agents' own wire formats (camelCase where the agent writes it so), published as plain schemas beside
the ``agent`` path parameter's enum rather than as Brabo components."""

from __future__ import annotations

from typing import Any

from .agent_hooks import ALLOW, ASK, DENY, PROTOCOLS

_STR: dict[str, Any] = {"type": "string"}
_TOOL_INPUT = {
    "type": "object",
    "additionalProperties": True,
    "description": "the tool's own arguments, e.g. command for a shell tool, file_path and content for a write",
}


_LINKS = {
    "type": "object",
    "additionalProperties": _STR,
    "description": "set by `brabo hook`, inside tool_input for a shell tool: each word of the command that "
    "leads through a symbolic link on the agent's machine, to where it really leads",
}


_EXPANDED = {
    "type": "string",
    "description": "set by `brabo hook claude-code`, inside tool_input for Bash: the command as the aliases of "
    "the user's shell (Claude Code's shell snapshot) expand it; judged beside the command as written",
}


_FUNCTIONS = {
    "type": "object",
    "additionalProperties": _STR,
    "description": "set by `brabo hook claude-code`, inside tool_input for Bash: the bodies of the user's shell "
    "functions (Claude Code's shell snapshot) the command calls, each judged beside the command as written",
}


_RESOLVED = {
    "type": "object",
    "additionalProperties": _STR,
    "description": "set by `brabo hook`, inside tool_input for a reading tool (Read, Grep, Glob, LS, read_file, "
    "glob, ...) or a Codex patch: each path or glob pattern it names, as written, to where it really leads on the "
    "agent's machine (symbolic links followed); judged beside the text",
}


def _input(agent: str, description: str, extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "title": f"{agent} hook input",
        "description": description,
        "type": "object",
        "required": ["tool_name", "tool_input"],
        "additionalProperties": True,
        "properties": {
            "session_id": {
                "type": "string",
                "description": "the agent's session id: a reading tool reads back this session's own saved "
                "tool output without a question",
            },
            "cwd": {"type": "string", "description": "the agent's working directory (absolute)"},
            "hook_event_name": _STR,
            "tool_name": _STR,
            "tool_input": {
                **_TOOL_INPUT,
                "properties": {
                    "brabo_links": _LINKS,
                    "brabo_resolved_paths": _RESOLVED,
                    "brabo_expanded": _EXPANDED,
                    "brabo_functions": _FUNCTIONS,
                },
            },
            **extra,
        },
    }


def _pre_tool_use(decisions: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["hookSpecificOutput"],
        "properties": {
            "hookSpecificOutput": {
                "type": "object",
                "required": ["hookEventName", "permissionDecision", "permissionDecisionReason"],
                "properties": {
                    "hookEventName": {"type": "string", "enum": ["PreToolUse"]},
                    "permissionDecision": {"type": "string", "enum": decisions},
                    "permissionDecisionReason": _STR,
                },
            }
        },
    }


INPUTS: dict[str, dict[str, Any]] = {
    "claude-code": _input(
        "claude-code",
        "Claude Code's PreToolUse hook input (a command hook's stdin, or an http hook's body).",
        {"tool_use_id": _STR},
    ),
    "gemini-cli": _input(
        "gemini-cli",
        "Gemini CLI's BeforeTool hook input, forwarded by `brabo hook gemini-cli`.",
        {"timestamp": _STR},
    ),
    "codex": _input(
        "codex",
        "Codex's PreToolUse hook input, forwarded by `brabo hook codex` (tool_name Bash or apply_patch).",
        {"brabo_resolved_paths": {"type": "object", "additionalProperties": _STR}},
    ),
}

ANSWERS: dict[str, dict[str, Any]] = {
    "claude-code": {
        "title": "claude-code hook answer",
        "description": "The reason of an ask is shown to the person, of a deny to Claude.",
        **_pre_tool_use([ALLOW, DENY, ASK]),
    },
    "gemini-cli": {
        "title": "gemini-cli hook answer",
        "description": "systemMessage is what the confirmation prompt (ask) or the refusal shows.",
        "type": "object",
        "required": ["decision", "reason"],
        "properties": {
            "decision": {"type": "string", "enum": [ALLOW, DENY, ASK]},
            "reason": _STR,
            "systemMessage": _STR,
        },
    },
    "codex": {
        "title": "codex hook answer",
        "description": "Codex takes only a deny from a hook: an allowed call is answered {} and Codex's own "
        "approval policy still applies.",
        "oneOf": [_pre_tool_use([DENY]), {"type": "object", "maxProperties": 0}],
    },
}

if set(INPUTS) != set(PROTOCOLS) or set(ANSWERS) != set(PROTOCOLS):  # pragma: no cover - guards an edit
    raise RuntimeError("every hook protocol needs its input and answer shape in actions.hooks_schema")

REQUEST = {"anyOf": [INPUTS[name] for name in PROTOCOLS], "description": "the agent's own hook input"}
RESPONSE = {
    "anyOf": [ANSWERS[name] for name in PROTOCOLS],
    "description": "the answer in the agent's own hook protocol (every refusal, errors included, is a deny)",
}
