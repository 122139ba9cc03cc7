"""R12.6: the shortcuts on the hook endpoint's per-call path answer as the longer way did.

Every tool call of a coding agent is one ``POST /api/hooks/<agent>/``; its route is tried first, before the
router's patterns, which is only the same URL map if no other route lives under ``api/hooks/``; and the
retry lookup (``hooks_api._remembered``) asks the database whether anything is remembered at all before it
reads what is (bench/README.md, the hook endpoint's own work).
"""

from __future__ import annotations

import pytest
from django.urls import Resolver404, URLResolver, get_resolver, resolve
from django.urls.resolvers import RegexPattern

from actions import hooks_api
from actions.agent_hooks import PROTOCOLS

HOOK_PATHS = [f"/api/hooks/{agent}/" for agent in PROTOCOLS] + ["/api/hooks/x/", "/api/hooks/schema/"]


def _hook_route(patterns):
    return next(p for p in patterns if isinstance(p, URLResolver) and p.urlconf_module is hooks_api)


def test_the_hook_route_is_tried_before_every_other_api_route():
    patterns = get_resolver().url_patterns
    first = patterns.index(_hook_route(patterns))
    api = [i for i, p in enumerate(patterns) if str(p.pattern).startswith("api/") and i != first]
    assert api and first < min(api)
    for path in HOOK_PATHS:
        assert resolve(path).func.view_class is hooks_api.AgentHookView  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", HOOK_PATHS)
def test_no_other_route_answers_under_api_hooks(path):
    """So trying the hook route first shadows nothing: without it, these paths resolve nowhere."""
    patterns = get_resolver().url_patterns
    others = URLResolver(RegexPattern(r"^/"), [p for p in patterns if p is not _hook_route(patterns)])
    with pytest.raises(Resolver404):
        others.resolve(path)
