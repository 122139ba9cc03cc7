"""Where a project's code lives: its provider ``repository`` and the ``git_remote_url`` that ``git_push``
pushes to. One place validates both, for the API and the console alike.

The remote receives the workspace owner's token on every push (R9.2), so it is guarded like the token:
- an ``https://`` (or ``http://``) URL without a user name or password -- on the origin of the workspace's
  provider (https://github.com, https://gitlab.com, or the scheme, host and port of the configured base URL),
  unless the workspace owner sets it (it is their token); a maintainer cannot point the owner's token at a
  host of their choosing, nor weaken its transport (http:// to an https provider, another port);
- or an absolute path to a bare repository in this workspace's local git folder (the local provider, no
  token), never another folder of the server.
``ssh``, ``git://``, scp-like ``user@host:path`` and ``file://`` are refused: Brabo pushes over HTTPS with the
owner's token, or to a local bare repository.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

from .models import Workspace, WorkspaceCredentials

REPO_SEGMENT = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$")
DEFAULT_GIT_HOSTS = {"github": "github.com", "gitlab": "gitlab.com"}


class GitSettingError(ValueError):
    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.field = field


def clean_repository(value: str) -> str:
    """``owner/name`` (GitHub, local) or ``group/sub/name`` (GitLab); each part letters, digits, ._-."""
    value = (value or "").strip()
    if not value:
        return ""
    parts = value.split("/")
    if len(parts) < 2 or len(value) > 300 or not all(REPO_SEGMENT.match(p) for p in parts):
        raise GitSettingError(
            f"repository {value!r} is not owner/name (GitLab: group/subgroup/name); use letters, digits, "
            "'.', '_' and '-' in each part.",
            "repository",
        )
    return value


DEFAULT_PORTS = {"https": 443, "http": 80}


def provider_git_origin(creds: WorkspaceCredentials | None) -> tuple[str, str, int] | None:
    """(scheme, host, port) the provider serves git from: its base URL's (``api.github.com`` -> github.com),
    or https on the default host of its kind."""
    if creds is None or creds.provider_kind not in DEFAULT_GIT_HOSTS:
        return None
    base = urlsplit(creds.provider_base_url) if creds.provider_base_url else None
    if base is None or not base.hostname or base.scheme not in DEFAULT_PORTS:
        return "https", DEFAULT_GIT_HOSTS[creds.provider_kind], 443
    host = "github.com" if base.hostname == "api.github.com" else base.hostname
    port = _port(base)
    return None if port is None else (base.scheme, host, port)  # an unreadable port: no maintainer remote


def _port(parts) -> int | None:
    try:
        return parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:  # not a number, or out of range
        return None


def clean_remote_url(value: str, *, workspace: Workspace, actor_is_owner: bool) -> str:
    value = (value or "").strip()
    if not value:
        return ""
    if len(value) > 1000 or any(ord(c) < 33 or ord(c) == 127 for c in value):
        raise GitSettingError(
            "git_remote_url must be one URL or path without spaces or control characters.", "git_remote_url"
        )
    if value.startswith("/"):
        return _local_remote(value, workspace)
    parts = urlsplit(value)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise GitSettingError(
            f"git_remote_url {value!r} is not usable: Brabo pushes over HTTPS with the workspace owner's token "
            "(https://host/owner/name.git), or to a bare repository in the workspace's local git folder. "
            "ssh, git:// and user@host:path remotes are not supported.",
            "git_remote_url",
        )
    if parts.username or parts.password:
        raise GitSettingError(
            "git_remote_url must not contain a user name or password; Brabo adds the owner's token itself.",
            "git_remote_url",
        )
    if not actor_is_owner:
        _on_the_providers_origin(parts, workspace)
    return value


def _on_the_providers_origin(parts, workspace: Workspace) -> None:
    """R9.7: a maintainer's remote is on the provider's own origin -- its host, and its scheme and port: not
    http:// to a provider served over https (the token in clear text on the network), not another port of
    its host (another service)."""
    origin = provider_git_origin(WorkspaceCredentials.objects.filter(workspace=workspace).first())
    given = (parts.scheme, parts.hostname, _port(parts))
    if origin is None or given != origin:
        where = f"{origin[0]}://{origin[1]}:{origin[2]}" if origin else "no provider is set"
        raise GitSettingError(
            f"the push remote receives the workspace owner's token, so a maintainer may only set a remote on "
            f"the workspace provider's own origin ({where}), not {given[0]}://{given[1]}:{given[2]}; ask the "
            "workspace owner to set this remote.",
            "git_remote_url",
        )


def push_remote_refusal(project) -> str | None:
    """Checked again when a push runs (R9.7): the provider may have moved since the remote was set, or the
    owner who set an off-provider remote handed the workspace on. An http(s) remote is pushed to while it is
    on the provider's origin as it is now, or while the person who set it owns the workspace; otherwise the
    sentence saying why (``remote_off_provider``). Local paths receive no token (checked when set)."""
    parts = urlsplit(project.git_remote_url.strip())
    if parts.scheme.lower() not in DEFAULT_PORTS:
        return None
    workspace = project.workspace
    if project.git_remote_set_by_id is not None and project.git_remote_set_by_id == workspace.owner_id:
        return None
    origin = provider_git_origin(WorkspaceCredentials.objects.filter(workspace=workspace).first())
    given = (parts.scheme.lower(), (parts.hostname or "").lower(), _port(parts))
    if origin is not None and given == origin:
        return None
    where = f"{origin[0]}://{origin[1]}:{origin[2]}" if origin else "no provider is set"
    return (
        f"The project's push remote ({given[0]}://{given[1]}:{given[2]}) is not on the workspace provider's "
        f"origin as it is now ({where}), and the workspace's owner did not set it; Brabo does not send the "
        "owner's token there."
    )


def workspace_git_root(workspace_id) -> Path:
    """The workspace's folder of local bare repositories (another workspace's is never reachable from it)."""
    return Path(settings.BRABO_LOCAL_GIT_ROOT) / str(workspace_id)


def clean_branch(value: str) -> str:
    value = (value or "").strip()
    if (
        not value
        or len(value) > 200
        or value.startswith(("-", "/"))
        or value.endswith(("/", ".lock", "."))
        or ".." in value
        or any(ord(c) < 33 or c in "~^:?*[\\" or ord(c) == 127 for c in value)
    ):
        raise GitSettingError(f"default_branch {value!r} is not a valid branch name.", "default_branch")
    return value


def _local_remote(value: str, workspace: Workspace) -> str:
    root = str(workspace_git_root(workspace.id))
    norm = os.path.normpath(value)
    inside = norm.startswith(root + "/")
    real = os.path.realpath(norm)
    if ".." in value.split("/") or not inside or not real.startswith(os.path.realpath(root) + "/"):
        raise GitSettingError(
            f"a local git remote must be a bare repository in this workspace's local git folder ({root}/"
            "owner/name.git); other folders of the server are not push targets.",
            "git_remote_url",
        )
    return norm
