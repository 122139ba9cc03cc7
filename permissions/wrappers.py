"""Looking through what stands before the real verb (SPEC R4.8): the names other modules import.

The knowledge lives in :mod:`permissions.commands` (one module per family); this module keeps the
engine's historical import path.
"""

from __future__ import annotations

from permissions.commands.git import GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUE_OPTS
from permissions.commands.privilege import PRIVILEGED
from permissions.commands.views import is_assignment, look_through, split_string, views
from permissions.commands.wrappers import WRAPPERS

__all__ = [
    "GIT_GLOBAL_FLAGS",
    "GIT_GLOBAL_VALUE_OPTS",
    "PRIVILEGED",
    "WRAPPERS",
    "is_assignment",
    "look_through",
    "split_string",
    "views",
]
