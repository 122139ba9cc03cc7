"""The accepted policy (SPEC R3.5): what a person last accepted, and the file on disk beside it.

``permissions.json`` stays the real file in the project folder, meant for version control. Brabo records
the version a person accepted (content, hash, who, when) whenever it writes the file on someone's behalf
(a maintainer+'s save, activation, "always allow"); the hash sits on the project row, so a proposal compares
it with the file's hash at no extra query. When they differ (an agent, a git pull, a hand edit), decisions
are made against both and the stricter wins (``actions.policy_input``), until a maintainer+ accepts the
file or restores the accepted version (``projects.services.accept_policy_on_disk`` / ``restore_policy``).
"""

from __future__ import annotations

import difflib
import errno
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from brabo.errors import DomainError, disk_full
from permissions.ceiling import added_and_lifted
from permissions.decide import Permissions
from permissions.files import (
    PermissionsFileError,
    PolicyFileBusy,
    UnsafeFileError,
    parse_cached,
    read_permissions_text,
    render_permissions,
    sha256_text,
)

from .models import AcceptedPolicy, Project

EMPTY_POLICY_TEXT = render_permissions(Permissions())


def file_base(project: Project) -> Path:
    """The trusted folder the policy file is read below, without following any link under it: the typed
    root of a `local` project (validated, R1.4), else PROJECT_WORKSPACES_ROOT (the operator's)."""
    if project.execution_mode == "local" and project.local_path:
        return Path(project.root())
    return Path(settings.PROJECT_WORKSPACES_ROOT)


def read_disk(project: Project) -> str | None:
    """The file's text, read as hostile (R3.5): None when missing; PermissionsFileError when unsafe."""
    return read_permissions_text(project.permissions_path, base=file_base(project))


def accepted_text(project: Project) -> str | None:
    """The accepted version's text; None is the empty policy (no file was ever accepted). Read from its row,
    not trusted from a project instance that may be older than the last acceptance."""
    row = AcceptedPolicy.objects.filter(project_id=project.pk).values_list("content", flat=True).first()
    return row


def accepted_permissions(project: Project) -> Permissions:
    try:
        return parse_cached(accepted_text(project))
    except PermissionsFileError:  # never recorded so; if it were, the accepted policy grants nothing
        return Permissions()


def record_accepted(project: Project, text: str | None, *, by, source: str) -> None:
    """Record ``text`` as the policy in force (in the caller's transaction). ``by`` is the person the
    calling service already checked (None: nobody, e.g. the upgrade's recording)."""
    digest = sha256_text(text)
    AcceptedPolicy.objects.update_or_create(
        project_id=project.pk,
        defaults={
            "content": text,
            "sha256": digest,
            "accepted_by": by if getattr(by, "pk", None) else None,
            "accepted_at": timezone.now(),
            "source": source,
        },
    )
    Project.objects.filter(pk=project.pk).update(policy_sha256=digest)
    project.policy_sha256 = digest


@dataclass
class PolicyState:
    """What the console and ``GET …/permissions/status/`` show."""

    accepted_text: str | None
    accepted_sha256: str
    disk_text: str | None
    disk_sha256: str
    disk_error: str | None
    accepted_by: str | None = None
    accepted_at: str | None = None
    source: str | None = None
    diff: list[str] = field(default_factory=list)
    # the file on disk read as a policy — why it does not load (then it can only be restored), or
    # what it would grant against the accepted version if accepted ("allow: X", "lifts deny: Y", …).
    disk_invalid: str | None = None
    loosens: list[str] = field(default_factory=list)

    @property
    def unreadable(self) -> bool:
        return self.disk_error is not None or self.disk_invalid is not None

    @property
    def changed_outside(self) -> bool:
        return self.disk_error is not None or self.disk_sha256 != self.accepted_sha256

    def as_dict(self) -> dict:
        return {
            "changed_outside_brabo": self.changed_outside,
            "accepted": {
                "content": self.accepted_text,
                "sha256": self.accepted_sha256,
                "accepted_by": self.accepted_by,
                "accepted_at": self.accepted_at,
                "source": self.source,
            },
            "on_disk": {"content": self.disk_text, "sha256": self.disk_sha256, "error": self.disk_error},
            "diff": self.diff,
        }


def policy_state(project: Project) -> PolicyState:
    row = AcceptedPolicy.objects.select_related("accepted_by").filter(project_id=project.pk).first()
    accepted = row.content if row else None
    try:
        disk, error = read_disk(project), None
    except PermissionsFileError as exc:
        disk, error = None, str(exc)
    state = PolicyState(
        accepted_text=accepted,
        accepted_sha256=sha256_text(accepted),
        disk_text=disk,
        disk_sha256="" if error else sha256_text(disk),
        disk_error=error,
        accepted_by=row.accepted_by.get_username() if row and row.accepted_by else None,
        accepted_at=row.accepted_at.isoformat() if row else None,
        source=row.source if row else None,
    )
    if state.changed_outside and error is None:
        _judge_disk(state)
        state.diff = list(
            difflib.unified_diff(
                (accepted if accepted is not None else "").splitlines(),
                (disk if disk is not None else "").splitlines(),
                "permissions.json (accepted)",
                "permissions.json (on disk)",
                lineterm="",
            )
        )
    return state


def _judge_disk(state: PolicyState) -> None:
    """What accepting the file on disk would change: nothing can be accepted from a file that does
    not load; any allow it adds or deny/ask it lifts is a loosening, which the console leads with Restore on."""
    try:
        disk = parse_cached(state.disk_text) if state.disk_text is not None else Permissions()
    except PermissionsFileError as exc:
        state.disk_invalid = str(exc)
        return
    try:
        accepted = parse_cached(state.accepted_text) if state.accepted_text is not None else Permissions()
    except PermissionsFileError:  # never recorded so; if it were, it granted nothing
        accepted = Permissions()
    added, lifted_deny, lifted_ask = added_and_lifted(accepted, disk)
    state.loosens = (
        [f"allows {e}" for e in added]
        + [f"lifts the deny on {e}" for e in lifted_deny]
        + [f"lifts the ask on {e}" for e in lifted_ask]
    )


# -- refusals of a write -------------------------------------------------------------------------------------

# Errors of a write the project folder's state explains (an agent's chmod, a read-only mount), answered as
# 409 with a next step; anything else is a 500 without a server path.
_FOLDER_FAULTS = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOTDIR, errno.ELOOP, errno.EISDIR}


def write_refusal(exc: Exception) -> DomainError:
    """The named refusal of a failed write of permissions.json (a save, a restore, an activation, "always
    allow"): never a traceback, never a server path. ``exc`` is what the write raised."""
    if isinstance(exc, PolicyFileBusy):
        return DomainError(
            f"{exc}. Nothing was saved.", field="permissions", status=409, reason="policy_file_busy"
        )
    if isinstance(exc, UnsafeFileError):
        return DomainError(
            f"{exc}. Nothing was saved.", field="permissions", status=409, reason="policy_file_not_regular"
        )
    if isinstance(exc, PermissionsFileError):
        return DomainError(
            f"{exc}. Nothing was written over a file that does not load: restore the accepted version or fix it.",
            field="permissions",
            status=409,
            reason="permissions_invalid",
        )
    if isinstance(exc, OSError) and disk_full(exc):  # 507: freeing space cures it, not a retry
        return DomainError(
            f"permissions.json could not be written: the disk is full ({exc.strerror}); nothing was saved — "
            "free space on the project folder's disk, then save again.",
            field="permissions",
            status=507,
            reason="disk_full",
        )
    why = (exc.strerror if isinstance(exc, OSError) else None) or type(exc).__name__  # never exc's path
    if isinstance(exc, OSError) and exc.errno in _FOLDER_FAULTS:
        return DomainError(
            f"permissions.json could not be written ({why}); nothing was saved — the server's user must be able "
            "to write the project folder and replace permissions.json in it (an agent's command may have "
            "changed its mode or put something in the way); fix that, then save or restore again.",
            field="permissions",
            status=409,
            reason="policy_file_unwritable",
        )
    return DomainError(
        f"permissions.json could not be written ({why}); nothing was saved — check the project folder's disk "
        "and permissions, then save again.",
        field="permissions",
        status=500,
        reason="policy_write_failed",
    )
