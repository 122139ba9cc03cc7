"""Proposed actions (R8.1) and the append-only event log (R10.1)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

# the hash a proposal stores with its payload (one function with the runner's; imported from here by the app)
from brabo_client.payload_hash import payload_hash as payload_hash
from permissions.action_types import ACTION_TYPES, ROLES

from .binding import binding_of, seal_of
from .targets import target_of

# R8.1 — lifecycle states.
PENDING = "pending"
APPROVED = "approved"
DENIED = "denied"
AUTO_APPROVED = "auto_approved"
EXECUTING = "executing"
EXECUTED = "executed"
FAILED = "failed"
EXPIRED = "expired"  # pending past its project's expiry time; nobody decided in time
STATUSES = [PENDING, APPROVED, DENIED, AUTO_APPROVED, EXECUTING, EXECUTED, FAILED, EXPIRED]
RUNNABLE = (APPROVED, AUTO_APPROVED)  # may be claimed by a worker
SETTLED = (DENIED, EXECUTED, FAILED, EXPIRED)  # nothing more will happen
LIVE_MERGE = (PENDING, APPROVED, AUTO_APPROVED, EXECUTING)  # R8.2 — blocks another merge proposal of the PR


class ProposedAction(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # project_id lookups use action_queue_idx (it leads with project); a second index would only slow inserts
    project = models.ForeignKey(
        "projects.Project", on_delete=models.CASCADE, related_name="actions", db_index=False
    )
    agent = models.ForeignKey(
        "projects.Agent", on_delete=models.PROTECT, null=True, blank=True, related_name="actions"
    )
    # the three foreign keys most rows leave NULL are indexed in Meta over their non-NULL rows only
    proposed_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    # the person the action was proposed on behalf of, frozen at proposal (the proposing person,
    # or the agent's principal then). A two-person rule's "not the proposer" reads it, so reassigning the
    # agent afterwards does not turn its proposer into an approver who counts.
    proposer_principal = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    task = models.ForeignKey(
        "projects.Task",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="actions",
        db_index=False,
    )
    action_type = models.CharField(max_length=40, choices=[(t, t) for t in ACTION_TYPES])
    payload = models.JSONField()
    payload_hash = models.CharField(max_length=64, editable=False)
    # where it acts besides its payload (the project's repository, remote...), frozen at proposal
    # (actions.targets): the worker runs it only while the project's settings are still these. {}: it acts
    # on no setting.
    target = models.JSONField(default=dict, blank=True, editable=False)
    # the keyed hash of what says what runs (project, type, agent, proposer, payload hash, target...), taken at
    # proposal (actions.binding): the worker runs a row only while its fields still give it.
    binding = models.CharField(max_length=64, blank=True, default="", editable=False)
    # an auto-approval's fingerprint of the policy inputs its decision read (rules in force and on disk,
    # autonomy rows, role, project state, operator hooks: actions.policy_recheck); the worker decides again
    # when they changed before it ran. "": not auto-approved (or decided before the fingerprint).
    policy_fingerprint = models.CharField(max_length=64, blank=True, default="", editable=False)
    # the keyed signature of the decision (approved / auto_approved, decided_by, the approvals that counted,
    # the policy fingerprint), taken when it is made (actions.binding.seal_of): the worker runs a row only
    # while its decision still gives it. "": no decision (pending, settled without running).
    decision_seal = models.CharField(max_length=64, blank=True, default="", editable=False)
    status = models.CharField(max_length=16, choices=[(s, s) for s in STATUSES])  # indexed in Meta
    # The policy's verdict at birth (R12.2 reason code + the sentence people read, R10.3).
    reason = models.CharField(max_length=40)
    message = models.TextField()
    segments = models.JSONField(default=list, blank=True)
    scope_root = models.CharField(max_length=255, blank=True)  # relative identifier, never absolute (R6.4)
    auto_mode = models.BooleanField(default=False)
    # Human decision. decided_by is NULL for policy decisions (R8.1).
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    denial_reason = models.TextField(blank=True)
    # the message the deciding person gave with an approval (a deny's is denial_reason), or the
    # answer to an ask_human question (also its result); returned to the waiting agent.
    decision_message = models.TextField(blank=True)
    # a rule's wait timer holds an approved action until this time; no worker claims it before
    # (the claim reads it), and the outbox sweep dispatches it when it comes, clearing it. NULL: not held.
    execute_after = models.DateTimeField(null=True, blank=True)
    # git_merge: the PR it merges (R8.2 conflict checks).
    merge_pr = models.CharField(max_length=200, blank=True)
    # Execution.
    result = models.JSONField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    # The transactional outbox (actions.enqueue): set with the move to runnable, cleared once the execution
    # message reached the broker or, when it was sent with its in-flight marker, by the worker's claim.
    # True = "not yet claimed; sent again by the sweep unless marked in flight".
    dispatch_due = models.BooleanField(default=False)
    executing_since = models.DateTimeField(null=True, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    # how long this action may wait for a decision, frozen at proposal from its project's
    # pending_expiry_seconds; a later change of the project's time applies to later proposals only, so nobody
    # below the role that decides an action can shorten its life (actions.expiry).
    expiry_seconds = models.PositiveIntegerField(default=24 * 3600)
    # Waiting (R8.4): last time an agent was attached to this action's outcome.
    waiter_seen_at = models.DateTimeField(null=True, blank=True)
    # R12.6 — a coding agent's hook call that needed a person: the digest of (agent, hook protocol, tool,
    # the proposed action). The same tool call retried re-attaches to this action while it is pending, and
    # may use a person's approval of it once (actions.hooks_api); using it clears the digest. "" otherwise.
    hook_fingerprint = models.CharField(max_length=64, blank=True, default="", editable=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "id"]
        indexes = [
            models.Index(fields=["project", "status", "-created_at"], name="action_queue_idx"),
            # equality only: no second (LIKE) index as db_index=True would make on PostgreSQL
            models.Index(fields=["status"], name="action_status_idx"),
            # the outbox sweep reads only the few rows still due
            models.Index(
                fields=["updated_at"], condition=Q(dispatch_due=True), name="action_dispatch_due_idx"
            ),
            # R12.6 — a retried hook call finds its action; only hook calls that needed a person have one
            models.Index(
                fields=["agent", "hook_fingerprint"],
                condition=~Q(hook_fingerprint=""),
                name="action_hook_call_idx",
            ),
            # an agent's pending cap reads at most `cap` rows of this, whatever its history
            models.Index(fields=["agent"], condition=Q(status="pending"), name="action_agent_pending_idx"),
            # Foreign keys an agent's proposal leaves NULL (no task, no proposing person, not decided yet):
            # every lookup by them (a task's actions, a person's, the database's own checks when a task or a
            # user is deleted) names a value, so only non-NULL rows are indexed, and the insert every agent
            # call makes writes three index entries fewer.
            models.Index(fields=["task"], condition=Q(task__isnull=False), name="action_task_idx"),
            models.Index(
                fields=["proposed_by_user"],
                condition=Q(proposed_by_user__isnull=False),
                name="action_proposed_by_user_idx",
            ),
            models.Index(
                fields=["decided_by"], condition=Q(decided_by__isnull=False), name="action_decided_by_idx"
            ),
        ]
        constraints = [
            # R8.2 / R8.5 — at most one live merge proposal per PR, enforced by the database itself.
            models.UniqueConstraint(
                fields=["project", "merge_pr"],
                condition=Q(action_type="git_merge", status__in=LIVE_MERGE),
                name="one_live_merge_per_pr",
            ),
            # R12.6 — identical hook calls of one agent never pile up: one pending action per fingerprint.
            models.UniqueConstraint(
                fields=["agent", "hook_fingerprint"],
                condition=Q(status=PENDING) & ~Q(hook_fingerprint=""),
                name="one_pending_hook_call",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.action_type} {self.status} ({self.id})"

    def save(self, *args, **kwargs):
        if self._state.adding and not self.target and self.project_id is not None:
            # a row created outside the proposal path (a fixture, a script) is bound to where it acts
            # as the proposal binds it (actions.services); the proposal sets it itself and skips this
            self.target = target_of(self.project, self.action_type, self.payload)
        if self._state.adding and not self.binding:
            self.binding = binding_of(self)
        if self._state.adding and not self.decision_seal and self.status in RUNNABLE:
            # created decided (a fixture, a script): signed as a decision at its creation is
            self.decision_seal = seal_of(self, self.status)
        super().save(*args, **kwargs)

    @property
    def command(self) -> str | None:
        return self.payload.get("command") if self.action_type == "terminal" else None

    @property
    def is_settled(self) -> bool:
        return self.status in SETTLED


class ApprovalRule(models.Model):
    """A two-person rule: actions of ``action_type`` in ``project`` need ``approvals`` distinct
    people of at least ``min_role`` (and of the type's own minimum, R2.2). ``no_self_approval``: the
    proposer — the person, or the principal of the proposing agent — is never one of them. An optional
    condition narrows it: a ``git_merge`` into a protected branch only; a ``spend`` over an amount only."""

    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="approval_rules")
    action_type = models.CharField(max_length=40, choices=[(t, t) for t in ACTION_TYPES])
    approvals = models.PositiveSmallIntegerField(default=2)
    min_role = models.CharField(max_length=16, choices=[(r, r) for r in ROLES])
    no_self_approval = models.BooleanField(default=True)
    # git_merge only: the rule applies only to merges into a protected branch (R1.5, the engine's reading)
    protected_branches_only = models.BooleanField(default=False)
    # spend only: the rule applies only above this amount, in this currency (another currency: it applies)
    amount_over = models.CharField(max_length=40, blank=True)
    currency = models.CharField(max_length=3, blank=True)
    # named reviewers — when any is named, only these members and the members of these teams
    # (still meeting min_role, re-read at every click) count; none named: anyone of min_role, as before.
    reviewers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="+", blank=True)
    teams = models.ManyToManyField("actions.Team", related_name="rules", blank=True)
    # a wait timer — an approved action is held this many minutes before it executes.
    wait_minutes = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["project_id", "action_type"]
        constraints = [
            models.UniqueConstraint(fields=["project", "action_type"], name="one_approval_rule_per_type"),
            models.CheckConstraint(
                condition=Q(approvals__gte=1, approvals__lte=6), name="approval_rule_count_1_to_6"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.action_type}: {self.approvals} of {self.min_role}+"


class ActionApproval(models.Model):
    """One person's approval of a pending action under a two-person rule. A person counts once:
    the database refuses a second row for the same (action, approver)."""

    action = models.ForeignKey(ProposedAction, on_delete=models.CASCADE, related_name="approvals")
    approver = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    # False once the approval that met the count found this one no longer counting (the approver left,
    # lost the role, or became the proposer's principal); kept as history either way.
    counted = models.BooleanField(default=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["action", "approver"], name="one_approval_per_person")]

    def __str__(self) -> str:
        return f"{self.approver_id} approved {self.action_id}"


class MergedPullRequest(models.Model):
    """R8.2 / R8.3 — a PR that an executed git_merge merged. One row per PR, ever."""

    project = models.ForeignKey("projects.Project", on_delete=models.CASCADE, related_name="merged_prs")
    pr = models.CharField(max_length=200)
    action = models.ForeignKey(ProposedAction, on_delete=models.PROTECT, related_name="+")
    merged_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["project", "pr"], name="pr_merged_once")]


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("SessionEvent is append-only: events are never updated.")

    def delete(self):
        raise TypeError("SessionEvent is append-only: events are never deleted.")


class SessionEvent(models.Model):
    """An append-only domain event with its real actor (R10.1). There is no update or delete path."""

    ACTOR_KINDS = [("agent", "agent"), ("user", "user"), ("system", "system")]

    # project_id lookups use event_project_idx (it leads with project)
    project = models.ForeignKey(
        "projects.Project", on_delete=models.PROTECT, related_name="events", db_index=False
    )
    action = models.ForeignKey(
        ProposedAction, on_delete=models.PROTECT, null=True, blank=True, related_name="events"
    )
    type = models.CharField(max_length=60)  # indexed in Meta (equality only, no LIKE index)
    actor_kind = models.CharField(max_length=10, choices=ACTOR_KINDS)
    actor_id = models.CharField(max_length=64, blank=True)
    actor_label = models.CharField(max_length=150, blank=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["project", "id"], name="event_project_idx"),
            models.Index(fields=["type"], name="event_type_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.type} by {self.actor_kind}:{self.actor_label}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise TypeError("SessionEvent is append-only: events are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("SessionEvent is append-only: events are never deleted.")


class LedgerQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("The spend ledger is append-only: entries are never edited.")

    def delete(self):
        raise TypeError("The spend ledger is append-only: entries are never deleted.")


class SpendEntry(models.Model):
    """One approved or auto-approved spend: the ledger budgets are checked against. Written in
    the same locked transaction as the check and as its ``spend.recorded`` event, which carries the same
    figures; never edited, never deleted. One entry per action, enforced by the database."""

    action = models.OneToOneField(ProposedAction, on_delete=models.PROTECT, related_name="spend_entry")
    workspace = models.ForeignKey("projects.Workspace", on_delete=models.PROTECT, related_name="+")
    project = models.ForeignKey("projects.Project", on_delete=models.PROTECT, related_name="+")
    agent = models.ForeignKey(
        "projects.Agent", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount = models.DecimalField(max_digits=18, decimal_places=4)
    currency = models.CharField(max_length=3)
    period = models.CharField(max_length=7)  # "YYYY-MM", the calendar month (UTC) it counts against
    purpose = models.TextField()
    # NULL: auto-approved (a threshold or a rule decided); otherwise the person who approved it.
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["workspace", "period", "currency"], name="spend_ledger_period_idx")]
        verbose_name_plural = "spend entries"  # not Django's default "entrys"

    def __str__(self) -> str:
        return f"{self.amount} {self.currency} ({self.period}) for {self.action_id}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise TypeError("The spend ledger is append-only: entries are never edited.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("The spend ledger is append-only: entries are never deleted.")


# notifications; their module names this one's models by string, so importing it last is safe.
# deciding from Slack and e-mail.
from .channel_models import (  # noqa: E402, F401
    EmailDecisionLink,
    SlackInstallation,
    SlackInteraction,
    SlackLinkRequest,
    SlackMemberLink,
    SlackMessage,
)
from .notification_models import (  # noqa: E402, F401
    EventNotification,
    NotificationSubscription,
    WebhookDelivery,
    WebhookEndpoint,
)
from .reviewer_models import Team  # noqa: E402, F401
