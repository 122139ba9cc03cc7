"""Tenancy (R1.1), owner credentials (R1.2), projects (R1.3–R1.5), agents (R1.6), autonomy rows and tasks."""

from __future__ import annotations

import functools
import hashlib
import secrets
import uuid
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.text import slugify

from permissions.action_types import ACTION_TYPES, MODES, ROLE_RANK, ROLES, WILDCARD

# Teams over time (invitations, ownership offers, rotated keys, team events) and budgets for spend
# live in their own modules; they name this module's models by string, so importing them first is safe and
# registers them with the app.
from .budget_models import SpendLimit, WorkspaceBudget  # noqa: F401
from .crypto import EncryptedTextField, decrypt
from .local_root import (
    NOT_ALLOWED,
    LocalRootError,
    ancestors,
    check_local_root,
    local_bases,
    not_allowed_message,
)
from .team_models import Invitation, OwnershipOffer, RetiredKey, WorkspaceEvent  # noqa: F401

DEFAULT_PROTECTED_BRANCHES = ["dev", "qa", "rc", "main"]  # R1.5


def default_protected_branches() -> list[str]:
    return list(DEFAULT_PROTECTED_BRANCHES)


class Workspace(models.Model):
    """The tenant (R1.1). Exactly one owner, who also holds an ``owner`` membership."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=120)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_workspaces"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class WorkspaceCredentials(models.Model):
    """The owner's provider token and model key, encrypted at rest, never returned (R1.2).

    Kept in its own table so no serializer, admin form or ``select_related`` of a workspace carries the
    ciphertext by accident.
    """

    PROVIDERS = [
        ("github", "GitHub"),
        ("gitlab", "GitLab"),
        ("local", "Local bare repositories (no account)"),
    ]

    workspace = models.OneToOneField(Workspace, on_delete=models.CASCADE, related_name="credentials")
    provider_kind = models.CharField(max_length=16, choices=PROVIDERS, blank=True)
    provider_base_url = models.URLField(blank=True)
    provider_token_encrypted = EncryptedTextField(blank=True)
    provider_token_set_at = models.DateTimeField(null=True, blank=True)
    model_key_encrypted = EncryptedTextField(blank=True)
    model_key_set_at = models.DateTimeField(null=True, blank=True)
    # who set each secret, and who vouches for the provider token now. Git provider actions use
    # the token only while the workspace's current owner vouches for it (set it, or confirmed it): after an
    # ownership transfer the previous owner's token waits for the new owner's confirmation
    # (``owner_token_stale``). A deleted user leaves NULL, which vouches for nothing (fail closed).
    provider_token_set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    provider_token_confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    provider_token_confirmed_at = models.DateTimeField(null=True, blank=True)
    model_key_set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "workspace credentials"
        verbose_name_plural = "workspace credentials"  # not Django's default "credentialss"

    def __str__(self) -> str:
        return f"credentials of {self.workspace_id}"

    def provider_token(self) -> str | None:
        """Decrypt the token. Only execution code (the worker) calls this."""
        return decrypt(self.provider_token_encrypted) if self.provider_token_encrypted else None

    def model_key(self) -> str | None:
        return decrypt(self.model_key_encrypted) if self.model_key_encrypted else None

    @property
    def provider_token_vouched_by_id(self):
        """The person answerable for the provider token now: who confirmed it since it was set, else who
        set it."""
        return self.provider_token_confirmed_by_id or self.provider_token_set_by_id

    def provider_token_stale(self, owner_id) -> bool:
        """A token the current owner does not vouch for (set by a previous owner, a removed
        person, or before Brabo recorded who) is not used until the owner replaces or confirms it."""
        return bool(self.provider_token_encrypted) and self.provider_token_vouched_by_id != owner_id


class Membership(models.Model):
    """A user's role in a workspace. ``restricted`` members reach only the projects granted to them."""

    ROLE_CHOICES = [(r, r) for r in ROLES]

    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=ROLE_CHOICES)
    restricted = models.BooleanField(
        default=False,
        help_text="When set, the member reaches only projects granted with the access_project permission.",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["workspace", "user"], name="one_membership_per_user"),
            # R1.1 — exactly one owner: the database itself refuses a second owner membership, whatever
            # the path (an ownership transfer demotes the old owner before it promotes the new one).
            models.UniqueConstraint(
                fields=["workspace"], condition=models.Q(role="owner"), name="one_owner_per_workspace"
            ),
        ]
        ordering = ["workspace_id", "id"]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.workspace}"

    @property
    def rank(self) -> int:
        return ROLE_RANK[self.role]


EXECUTION_MODES = [
    ("container", "container"),
    ("mounted", "mounted"),
    ("runner", "runner"),
    ("local", "local"),
]


class Project(models.Model):
    """A repository an agent team works on (R1.3). Its folder name is frozen at creation."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="projects")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=120)
    workspace_dir_name = models.CharField(max_length=160, editable=False, unique=True)
    execution_mode = models.CharField(max_length=16, choices=EXECUTION_MODES, default="container")
    local_path = models.CharField(max_length=4096, blank=True)
    mounted_subdir = models.CharField(
        max_length=255,
        blank=True,
        help_text="mounted mode: the folder under BRABO_PROJECTS_BASE (defaults to the dir name).",
    )
    protected_branches = models.JSONField(default=default_protected_branches)
    module_map = models.JSONField(
        default=dict,
        blank=True,
        help_text='{"module": {"cpu": 1.0, "memory_mb": 512}} — resources each module declares.',
    )
    max_parallel = models.PositiveIntegerField(default=2)
    # Where the code lives: the provider repository ("owner/name" on GitHub, the project path on GitLab)
    # and the git remote pushed to. Provider calls use the workspace owner's token (R9.2).
    repository = models.CharField(max_length=300, blank=True)
    git_remote_url = models.CharField(max_length=1000, blank=True)
    # Who set the push remote: a remote off the provider's origin is pushed to only while this person owns the
    # workspace (it receives the owner's token; checked again at every push). NULL: a maintainer's on the
    # provider's origin, or set before Brabo recorded who -- pushed to only while on the provider's origin.
    git_remote_set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        editable=False,
    )  # fmt: skip
    default_branch = models.CharField(max_length=200, default="main")
    execution_active = models.BooleanField(default=False)
    # a pending action nobody decided within this many seconds expires (actions.expiry)
    pending_expiry_seconds = models.PositiveIntegerField(default=24 * 3600)
    # R3.5: the SHA-256 of the permissions.json a person last accepted ("" = no file, the empty policy).
    # Kept on the row every proposal already loads, so comparing it with the file on disk costs no query.
    policy_sha256 = models.CharField(max_length=64, blank=True, default="", editable=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["workspace", "name"], name="project_name_unique_in_workspace"),
            models.UniqueConstraint(fields=["workspace", "slug"], name="project_slug_unique_in_workspace"),
        ]
        ordering = ["name", "id"]
        permissions = [("access_project", "Can reach this project (restricted members)")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = slugify(self.name)[:100] or "project"
        if not self.workspace_dir_name:
            # R1.3 / ADR 0066: frozen at creation; never recomputed when the name changes.
            self.workspace_dir_name = f"{self.slug}-{str(self.id)[:8]}"
        super().save(*args, **kwargs)

    # -- where the project's files are (R1.3, R1.4) ------------------------------------------------
    @property
    def folder(self) -> Path:
        """The Brabo-managed project folder, home of permissions.json and agent worktrees."""
        return _joined(settings.PROJECT_WORKSPACES_ROOT, self.workspace_dir_name)

    def root(self) -> str:
        """The scope root used by the policy engine (R6.1). ``local`` is re-validated on every call (R1.4):
        the operator's bases and every reserved folder, re-read each time, and no other project's root."""
        if self.execution_mode == "local":
            checked = check_local_root(self.local_path)
            # Another project's root only changes when a project is created (under a lock, in
            # services.create_project), so one look per loaded row is enough on the proposal path.
            if self.__dict__.get("_clash_checked") != checked:
                if local_root_in_use(checked.forms(), exclude=self.pk):
                    raise LocalRootError(not_allowed_message(checked.path, local_bases()), NOT_ALLOWED)
                self.__dict__["_clash_checked"] = checked
            return checked.path
        if self.execution_mode == "mounted":
            return str(Path(settings.BRABO_PROJECTS_BASE) / (self.mounted_subdir or self.workspace_dir_name))
        return str(self.folder)

    def scope_root_id(self) -> str:
        """The relative identifier events carry instead of an absolute path (R6.4)."""
        if self.execution_mode == "mounted":
            return self.mounted_subdir or self.workspace_dir_name
        return self.workspace_dir_name

    @property
    def permissions_path(self) -> Path:
        """R3.1 — a real file at the project folder's root (for `local`, the typed root)."""
        if self.execution_mode == "local" and self.local_path:
            return _joined(self.root(), "permissions.json")
        return _joined(self.folder, "permissions.json")


@functools.lru_cache(maxsize=4096)
def _joined(base: str | Path, name: str) -> Path:
    """``Path(base) / name``, built once per pair: every proposal asks for its project's folder and policy
    file (a Path is immutable, so the same one serves every caller); the settings' root and the rows' own
    names are the key, so a changed setting or row gives a new one."""
    return Path(base) / name


def local_root_in_use(forms: tuple[str, ...], *, exclude=None) -> bool:
    """Whether another `local` project's root is, holds or lies in any of ``forms`` (a root as typed and as
    it resolves) — one indexed query: the roots above each form, and those below it."""
    above: set[str] = set()
    below = models.Q()
    for form in forms:
        above.update(ancestors(form))
        below |= models.Q(local_path__startswith=form.rstrip("/") + "/")
    qs = Project.objects.filter(execution_mode="local").filter(models.Q(local_path__in=above) | below)
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    return qs.exists()


class AcceptedPolicy(models.Model):
    """R3.5 — the last permissions.json a person accepted: the policy in force. The file on disk is what is
    under version control; when it differs from this (an agent, a git pull, a hand edit), every decision is
    made against both and the stricter verdict wins, until a maintainer+ accepts the file or restores this."""

    project = models.OneToOneField(
        Project, on_delete=models.CASCADE, primary_key=True, related_name="accepted_policy"
    )
    content = models.TextField(null=True, blank=True, help_text="NULL: no file, the empty policy.")
    sha256 = models.CharField(max_length=64, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(default=timezone.now)
    # how it was accepted: permissions_saved, execution_activated, always_allow, accepted_from_disk, upgrade
    source = models.CharField(max_length=40)

    class Meta:
        verbose_name_plural = "accepted policies"  # not Django's default "policys"

    def __str__(self) -> str:
        return f"accepted policy of {self.project_id}"


class HashedKey:
    """Mint and hash the random keys of agents, runners and personal tokens (R1.6): shown once, stored as
    SHA-256. The keys carry 256 random bits, so an unsalted fast hash is safe to store and look up by."""

    KEY_PREFIX = ""

    @classmethod
    def new_key(cls) -> tuple[str, str]:
        """Return (key, key_hash)."""
        key = cls.KEY_PREFIX + secrets.token_urlsafe(32)
        return key, cls.hash_key(key)

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()


class Agent(HashedKey, models.Model):
    """An agent of a project (R1.6). Its key is shown once; only its SHA-256 is stored."""

    KEY_PREFIX = "brabo_agent_"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="agents")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=40, default="custom")
    # NULL only while suspended: removing a member clears the principal of their agents and suspends them
    # (PROTECT keeps any other deletion path from silently orphaning an agent).
    principal = models.ForeignKey(
        Membership, on_delete=models.PROTECT, related_name="agents", null=True, blank=True
    )
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # A suspended agent's proposals answer 403 until a maintainer reassigns its principal.
    suspended_at = models.DateTimeField(null=True, blank=True)
    suspended_reason = models.CharField(max_length=300, blank=True)
    key_last_used_at = models.DateTimeField(null=True, blank=True)  # written at most once a minute
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["project", "name"], name="agent_name_unique_in_project")
        ]
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


def validate_autonomy_action_type(value: str) -> None:
    if value != WILDCARD and value not in ACTION_TYPES:
        raise ValidationError(f"unknown action type {value!r}; use one of {', '.join(ACTION_TYPES)} or '*'.")


class AutonomyRule(models.Model):
    """agent × action_type (or ``*``) → mode (SPEC §5 step 3). ``*`` → auto_approve is auto mode."""

    MODE_CHOICES = [(m, m) for m in MODES]

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="autonomy_rules")
    action_type = models.CharField(max_length=40, validators=[validate_autonomy_action_type])
    mode = models.CharField(max_length=20, choices=MODE_CHOICES)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["agent", "action_type"], name="one_autonomy_row_per_type")
        ]
        ordering = ["agent_id", "action_type"]

    def __str__(self) -> str:
        return f"{self.agent}: {self.action_type} → {self.mode}"


TASK_STATUSES = [
    ("todo", "todo"),
    ("in_progress", "in_progress"),
    ("awaiting_approval", "awaiting_approval"),
    ("blocked", "blocked"),
    ("done", "done"),
]


class Task(models.Model):
    """A backlog item an agent works on; a PR may come from it (R8.3)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="tasks")
    title = models.CharField(max_length=300)
    status = models.CharField(max_length=20, choices=TASK_STATUSES, default="todo")
    pr_reference = models.CharField(max_length=200, blank=True)
    blocked_reason = models.CharField(max_length=500, blank=True)
    blocked_source = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return self.title


class PersonalToken(HashedKey, models.Model):
    """A person's API token (``Authorization: Token <key>``), stored hashed like agent keys."""

    KEY_PREFIX = "brabo_user_"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="brabo_tokens")
    name = models.CharField(max_length=80, default="cli")
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)  # written at most once a minute

    def __str__(self) -> str:
        return f"{self.name} token of {self.user}"

    @classmethod
    def issue(cls, user, name: str = "cli") -> tuple[PersonalToken, str]:
        key, key_hash = cls.new_key()
        return cls.objects.create(user=user, name=name, key_hash=key_hash), key


class IdempotencyRecord(models.Model):
    """The first answer to a POST sent with an ``Idempotency-Key`` (projects.idempotency): a retry
    with the same key and body within 24 h gets this answer again instead of acting twice. ``status_code``
    is NULL while the first request is still running."""

    scope = models.CharField(max_length=80)  # the caller: "agent:<id>", "user:<pk>", "runner:<id>"
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)  # sha256 of method, path, query and body
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    response_body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="one_answer_per_idempotency_key")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"
