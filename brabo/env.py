"""Typed parsers for settings read from the environment.

Each parser fails loudly with the variable's name and what a good value looks like, so a typo in
deployment surfaces at start-up instead of as odd behaviour later (STYLE.md practice 8).
"""

from __future__ import annotations

import os
from pathlib import Path


class ImproperlyConfiguredEnv(Exception):
    """A settings variable holds a value we cannot use. The message names the variable and the fix."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfiguredEnv(
        f"{name}={raw!r} is not a boolean; use one of 1/0, true/false, yes/no, on/off."
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfiguredEnv(
            f"{name}={raw!r} is not a whole number; set it to e.g. {default}."
        ) from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfiguredEnv(f"{name}={value} is below the minimum {minimum}.")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_abs_path(name: str, default: Path) -> Path:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    path = Path(raw)
    if not path.is_absolute():
        raise ImproperlyConfiguredEnv(
            f"{name}={raw!r} must be an absolute path (for example /srv/brabo/{name.lower()})."
        )
    return path


def env_abs_path_list(name: str) -> list[Path]:
    """Comma-separated absolute folders (empty or unset: none). Each must be absolute, free of ``..``, and not
    ``/`` itself: a list meant to narrow where something may live must not name the whole machine."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return []
    paths = []
    for item in raw.split(","):
        item = item.strip()
        if not item:
            continue
        if not item.startswith("/") or ".." in item.split("/"):
            raise ImproperlyConfiguredEnv(
                f"{name} entry {item!r} must be an absolute path without '..' (e.g. /srv/brabo-local)."
            )
        if not item.strip("/"):
            raise ImproperlyConfiguredEnv(
                f"{name} entry {item!r} is the whole machine; list the folders meant for it (e.g. /srv/brabo-local)."
            )
        paths.append(Path(item))
    return paths
