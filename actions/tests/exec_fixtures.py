"""Helpers for execution tests. The fixtures ``make_action`` and ``owner_token`` are in the root conftest."""

from __future__ import annotations

import os
import subprocess

OWNER_TOKEN = "ghp_OWNERSECRETtoken0123456789abcdefXYZ"


def events_of(action, type_: str | None = None):
    from actions.models import SessionEvent

    qs = SessionEvent.objects.filter(action=action)
    return list(qs.filter(type=type_) if type_ else qs)


def git(cwd, *args) -> str:
    """Run git in ``cwd`` with a fixed test identity; returns stdout."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    ).stdout.strip()
