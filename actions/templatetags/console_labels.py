"""Words for codes: the console shows people names, never the codes APIs and logs use
(``proposed_action.created``, ``no_rule``, ``claude_code``, ``expiring_soon``)."""

from __future__ import annotations

from django import template

from actions.history import type_label
from actions.notification_models import KIND_LABELS
from actions.shown import visible as _visible

register = template.Library()

VERDICTS = {
    "auto_approve": "allowed",
    "require_approval": "asks a person",
    "deny": "denied",
    "no_rule": "no rule matches",
}
AGENT_KINDS = {
    "claude_code": "Claude Code",
    "gemini_cli": "Gemini CLI",
    "codex": "Codex",
    "custom": "Custom agent",
}


@register.filter
def event_label(code: str) -> str:
    """``proposed_action.created`` → "Proposed"."""
    return type_label(str(code or ""))


@register.filter
def verdict_label(code: str) -> str:
    """A segment's verdict (``no_rule`` …) in words."""
    code = str(code or "")
    return VERDICTS.get(code, code.replace("_", " "))


@register.filter
def agent_kind(code: str) -> str:
    code = str(code or "")
    return AGENT_KINDS.get(code, code.replace("_", " ").replace("-", " "))


@register.filter
def notification_kinds(codes) -> str:
    """A webhook's event kinds, as the checkboxes name them."""
    return "; ".join(KIND_LABELS.get(c, str(c).replace("_", " ")) for c in (codes or []))


@register.filter
def visible(text) -> str:
    """An agent's text with nothing hidden (``actions.shown.visible``): bidi overrides, zero-width and control
    characters as ``⟨U+XXXX⟩``, long blank runs counted; its lines kept. Autoescaping applies after."""
    return _visible("" if text is None else str(text), lines=True)


@register.filter
def visible_line(text) -> str:
    """As ``visible``, on one line (a line break shown as ⏎)."""
    return _visible("" if text is None else str(text))
