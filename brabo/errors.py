"""The domain's refusal and the one catalogue of public reason codes (SPEC R12.5).

Every code a client can meet is here once, with its HTTP status, an English message template and the next
step: the refusals of the API (``DomainError`` and ``ApiError`` raise by code, the exception handler fills a
missing reason from the status), the failure codes of an executed action (``ExecutionFailure``, in an
action's ``result.error.code``), the outcomes of an approval click, and the policy engine's decision reasons
(the stable enum of ``manage.py policy eval``). SPEC's own codes keep their Portuguese names; every other
code is English snake_case. Messages never cite rule ids; the sentence a client reads names what failed and
what to do. ``tests/test_error_catalogue.py`` scans the source so a new code cannot be raised without an
entry here.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from permissions.messages import SENTENCES

# Every code an HTTP refusal may carry — the catalogue's codes of kind ERROR, and the decision reasons that
# also refuse a transition (``_DECISION_STATUS``) — as a type: a raise naming a code that is not one fails
# type-checking (tests/test_error_catalogue.py holds this list equal to the catalogue's).
ErrorCode = Literal[
    "acao_ja_recusada",
    "always_allow_not_offered_here",
    "budget_exceeded",
    "account_exists",
    "action_already_approved",
    "action_expired",
    "agent_revoked",
    "agent_suspended",
    "already_answered",
    "already_member",
    "already_reported",
    "amount_too_large",
    "answer_required",
    "authentication_failed",
    "below_principal_role",
    "conflict",
    "console_form_outdated",
    "currency_mismatch",
    "database_unavailable",
    "disk_full",
    "email_link_action_settled",
    "email_link_expired",
    "email_link_invalid",
    "email_link_no_access",
    "email_link_not_yours",
    "email_link_outdated",
    "email_link_used",
    "grant_already_undone",
    "idempotency_key_invalid",
    "idempotency_key_reused",
    "idempotency_request_in_flight",
    "internal",
    "invalid",
    "invalid_amount",
    "invalid_currency",
    "invalid_webhook_url",
    "invitation_expired",
    "invitation_no_longer_valid",
    "invitation_not_for_you",
    "invitation_not_pending",
    "invitation_pending",
    "invitation_revoked",
    "invitation_used",
    "local_path_invalid",
    "local_path_not_allowed",
    "local_path_unusable",
    "local_roots_not_configured",
    "login_throttled",
    "merge_ja_proposto",
    "method_not_allowed",
    "new_owner_must_be_maintainer",
    "no_open_offer",
    "no_workspace_budget",
    "not_a_named_reviewer",
    "not_a_question",
    "not_acceptable",
    "not_authenticated",
    "not_found",
    "not_held",
    "not_ready",
    "notification_kind_above_role",
    "offer_no_longer_valid",
    "owner_cannot_be_changed",
    "owner_cannot_be_removed",
    "owner_only",
    "parse_error",
    "path_absolute",
    "path_into_git",
    "path_invalid",
    "path_outside_project",
    "path_through_symlink",
    "payload_changed_since_shown",
    "people_only",
    "permission_denied",
    "permissions_invalid",
    "policy_changed_since_review",
    "policy_file_busy",
    "policy_file_not_regular",
    "policy_file_protected",
    "policy_file_unwritable",
    "policy_write_failed",
    "pr_ja_mergeado",
    "project_root_invalid",
    "proposal_rate_exceeded",
    "provider_token_missing",
    "quorum_rule_applies",
    "restricted_member",
    "role_above_own",
    "role_ceiling",
    "role_too_low",
    "runner_name_taken",
    "runner_revoked",
    "secret_shown_once",
    "self_approval_refused",
    "slack_button_outdated",
    "slack_click_replayed",
    "slack_link_member_left",
    "slack_link_request_expired",
    "slack_link_request_invalid",
    "slack_link_request_not_yours",
    "slack_member_suspended",
    "slack_not_configured",
    "slack_request_stale",
    "slack_secret_unreadable",
    "slack_signature_invalid",
    "slack_team_taken",
    "slack_user_not_linked",
    "slack_user_taken",
    "team_in_use",
    "team_name_taken",
    "teto_do_sempre_permitir",
    "throttled",
    "too_large",
    "too_long_to_review_here",
    "too_many_decimals",
    "too_many_pending_actions",
    "too_many_streams",
    "too_many_waits",
    "unknown_currency",
    "unsupported_media_type",
    "username_taken",
    "write_conflict",
]


class DomainError(Exception):
    """A refused transition. ``field`` names the input at fault; ``status`` is the HTTP status to answer
    (by default the catalogue's status for ``reason``, else 400); ``retry_after`` (seconds) becomes the
    ``Retry-After`` header of a 429 or 503."""

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        status: int | None = None,
        reason: ErrorCode | None = None,
        retry_after: int | None = None,
    ):
        super().__init__(message)
        self.field = field
        self.status = status if status is not None else status_of(reason)
        self.reason = reason
        self.retry_after = retry_after


# What a code is (``kind``):
ERROR = "error"  # an HTTP 4xx/5xx answer of the API
EXECUTION = "execution"  # the code of a failed action, in its result (no HTTP status: the action failed)
OUTCOME = "outcome"  # the outcome of an approve / deny click (HTTP 200)
DECISION = "decision"  # the policy engine's reason for a verdict (SPEC R12.2 enum, on every action)


@dataclass(frozen=True)
class Code:
    """One public code. ``status`` is the HTTP status it answers with (None for execution failures and
    decision reasons, which are carried inside a 200/201 body); ``other_statuses`` lists the few codes that
    one situation answers with a second status (documented beside the entry). ``message`` is an English
    template (``{name}`` placeholders); ``next_step`` says what to do. ``reserved``: in the contract but not
    raised by this code base (yet)."""

    code: str
    kind: str
    status: int | None
    message: str
    next_step: str
    other_statuses: tuple[int, ...] = ()
    reserved: bool = False
    retried: bool = False  # an execution fault Brabo retries on its own before it becomes the failure

    @property
    def statuses(self) -> tuple[int, ...]:
        return ((self.status,) if self.status is not None else ()) + self.other_statuses


def _err(code: str, status: int, message: str, next_step: str, **extra) -> Code:
    return Code(code, ERROR, status, message, next_step, **extra)


def _run(code: str, message: str, next_step: str, **extra) -> Code:
    return Code(code, EXECUTION, None, message, next_step, **extra)


# SPEC's own codes: public, kept exactly as SPEC writes them (Portuguese).
SPEC_CODES = frozenset(
    {"merge_ja_proposto", "pr_ja_mergeado", "teto_do_sempre_permitir", "acao_ja_recusada", "ja_aprovada"}
)

# Renamed codes: the old name → the new one, as the README's changelog lists them.
RENAMED = {
    "somente_pessoas": "people_only",
    "raiz_invalida": "project_root_invalid",
    "acao_ja_aprovada": "action_already_approved",
    "escrita_do_padrao_falhou": "policy_write_failed",
    "permissions_invalidas": "permissions_invalid",
    "aprovada": "approved",
    "recusada": "denied",
}

_ENTRIES: tuple[Code, ...] = (
    # -- generic answers of the API, one per status ---------------------------------------------------
    _err("invalid", 400, "The request is not valid: {detail}", "Fix the named fields and send it again."),
    _err(
        "parse_error",
        400,
        "The body is not valid JSON: {detail}",
        "Send a well-formed JSON body with Content-Type: application/json.",
    ),
    _err(
        "not_authenticated",
        401,
        "Authentication credentials were not provided.",
        "Send Authorization: Bearer <agent key>, Authorization: Token <personal token>, or sign in.",
        other_statuses=(403,),  # DRF answers 403 when the session authenticator is the one that is asked
    ),
    _err(
        "authentication_failed",
        401,
        "The credentials were not accepted: {detail}",
        "Check the key or token (a revoked or rotated key stops working at once) and send it again.",
        other_statuses=(403,),
    ),
    _err(
        "permission_denied",
        403,
        "You may not do this: {detail}",
        "Sign in as someone with the needed role, or ask a maintainer.",
    ),
    _err(
        "not_found",
        404,
        "Not found: it does not exist, or it is not yours to see.",
        "Check the id (ids are opaque strings) and that you are a member of its workspace.",
    ),
    _err(
        "method_not_allowed",
        405,
        'Method "{method}" not allowed.',
        "Use one of the methods in the Allow header; see /api/docs/.",
    ),
    _err(
        "not_acceptable",
        406,
        "The API answers JSON only.",
        "Send Accept: application/json (or no Accept header).",
    ),
    _err(
        "conflict",
        409,
        "The request conflicts with the current state: {detail}",
        "Read the current state, then retry or change the request.",
    ),
    _err(
        "write_conflict",
        409,
        "A concurrent request changed the same thing at the same moment; nothing was changed by this one.",
        "Read the current state and retry if still needed.",
    ),
    _err("too_large", 413, "The request body is over {limit} KB.", "Send a smaller body."),
    _err(
        "unsupported_media_type",
        415,
        "The API reads JSON bodies only; got {media_type}.",
        "Send the body as JSON with Content-Type: application/json.",
    ),
    _err(
        "throttled",
        429,
        "Too many requests: {detail}",
        "Wait for the number of seconds in the Retry-After header, then retry.",
        reserved=True,  # no throttle is configured; DRF's Throttled is mapped should one be added
    ),
    _err("internal", 500, "Internal error; it was logged.", "Retry, and report it if it persists."),
    _err(
        "database_unavailable",
        503,
        "The database is unavailable or overloaded; nothing was changed.",
        "Retry in a few seconds (Retry-After).",
    ),
    _err(
        "not_ready",
        503,
        "Brabo is not ready: {detail}",
        "Wait for the database and the broker to come up; the readiness probe turns 200 when they do.",
    ),
    # -- idempotency --------------------------------------------------------------------------------------
    _err(
        "idempotency_key_invalid",
        400,
        "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
        "Send a UUID as the key.",
    ),
    _err(
        "idempotency_key_reused",
        422,
        "The Idempotency-Key {key} was already used with a different request.",
        "Use a new key for a new request, or resend exactly the first one.",
    ),
    _err(
        "idempotency_request_in_flight",
        409,
        "The Idempotency-Key {key} is contended: the first request with it is still running.",
        "Retry in a moment; the stored answer is replayed once it finishes.",
    ),
    # -- secrets shown once; the policy file's odd states ----------------------------------------------------
    _err(
        "secret_shown_once",
        409,
        "The first answer to this request carried a secret that is shown once and not kept.",
        "What it created exists; rotate or revoke that key if the first answer was lost.",
    ),
    _err(
        "policy_file_busy",
        409,
        "permissions.json is locked by another writer; an agent's command may hold its lock.",
        "Retry in a moment; if it stays busy, stop or deny the command holding permissions.json.lock.",
    ),
    _err(
        "policy_file_not_regular",
        409,
        "permissions.json is not a regular file (a folder with files in it, or the lock is not a file).",
        "Remove what stands at permissions.json in the project folder, then save or restore again.",
    ),
    _err(
        "policy_file_unwritable",
        409,
        "permissions.json could not be written ({error}): the project folder refuses the server's user.",
        "Give the server's user write access to the project folder again, then save or restore.",
    ),
    # -- who may act --------------------------------------------------------------------------------------
    _err(
        "people_only",
        403,
        "{what} is a person's decision; agents and runners cannot make it.",
        "Sign in as a person (session or personal token).",
    ),
    _err(
        "role_too_low",
        403,
        "{what} needs the {minimum} role or higher; your role is {role}.",
        "Ask a member with that role, or ask a maintainer to raise yours.",
    ),
    _err(
        "role_above_own",
        403,
        "You cannot grant {role}: members grant at most their own role and a workspace has one owner.",
        "Grant a role at or below your own, or ask the owner.",
    ),
    _err(
        "role_ceiling",
        403,
        "Your role ({role}) cannot grant {types}: these action types need a higher role to allow.",
        "Ask the owner, or leave those entries as they were.",
    ),
    _err(
        "below_principal_role",
        403,
        "{what} needs at least the principal's role ({role}): an agent acts with its principal's role.",
        "Ask the principal, or choose a principal at or below your own role.",
    ),
    _err(
        "owner_only",
        403,
        "Only the workspace owner can {what}.",
        "Ask the workspace owner.",
    ),
    _err(
        "owner_cannot_be_changed",
        403,
        "The owner's role cannot be changed here.",
        "The owner transfers ownership to a maintainer.",
    ),
    _err(
        "owner_cannot_be_removed",
        403,
        "The owner cannot be removed.",
        "The owner transfers ownership to a maintainer first.",
    ),
    _err(
        "new_owner_must_be_maintainer",
        409,
        "{username} is a {role}; ownership goes to a maintainer.",
        "Make them a maintainer first.",
    ),
    _err(
        "no_open_offer",
        409,
        "There is no open ownership offer.",
        "Ask the owner to offer ownership.",
        other_statuses=(404,),  # reading the offer (GET) answers 404 when there is none
    ),
    _err(
        "offer_no_longer_valid",
        409,
        "This ownership offer is no longer valid (expired, or the owner changed).",
        "Ask the owner to offer again.",
    ),
    # -- members and invitations ----------------------------------------------------------------------
    _err(
        "already_member",
        409,
        "{who} is already a member.",
        "Change their role on the members page instead.",
    ),
    _err(
        "invitation_pending",
        409,
        "{who} already has a pending invitation.",
        "Revoke it first to send a new one.",
    ),
    _err(
        "invitation_not_pending",
        409,
        "This invitation is no longer pending (accepted, revoked or expired).",
        "Nothing to revoke.",
    ),
    _err("invitation_revoked", 409, "This invitation was revoked.", "Ask a maintainer for a new one."),
    _err("invitation_used", 409, "This invitation was already used.", "Ask a maintainer for a new one."),
    _err("invitation_expired", 409, "This invitation expired.", "Ask a maintainer for a new one."),
    # an account created from an e-mail invitation
    _err(
        "account_exists",
        409,
        "An account with the invited e-mail address exists already.",
        "Sign in with that account to accept the invitation.",
    ),
    _err("username_taken", 409, "That username is taken.", "Choose another username."),
    # undoing an "Always allow"
    _err(
        "grant_already_undone",
        409,
        "This 'Always allow' was already undone.",
        "Nothing to do; the agent's page shows who undid it.",
    ),
    _err(
        "invitation_not_for_you",
        403,
        "This invitation is for {invitee}, not for you.",
        "Sign in as that person.",
    ),
    _err(
        "invitation_no_longer_valid",
        409,
        "The inviter can no longer grant {role} in this workspace.",
        "Ask a maintainer for a new invitation.",
    ),
    # -- agents and runners -----------------------------------------------------------------------------
    _err(
        "agent_suspended",
        409,
        "Agent {name} is suspended: its principal left the workspace.",
        "A maintainer reassigns its principal (console Members page, or POST "
        "/api/agents/{id}/reassign-principal/); until then its work is not run and it cannot propose.",
        # proposing as a suspended agent answers 403 (the agent may not act); deciding its work, 409
        other_statuses=(403,),
    ),
    _err(
        "agent_revoked",
        409,
        "This agent was revoked; its work is not run.",
        "Create a new agent and propose again from it.",
    ),
    _err(
        "runner_revoked",
        409,
        "This runner was revoked; its reports are no longer accepted.",
        "Register a new runner; check the runner's machine for the effect of the work it held.",
    ),
    # -- notifications and live updates ----------------------------------------------------------------------
    _err(
        "restricted_member",
        403,
        "A member restricted to some projects changes nothing workspace-wide: webhooks, Slack, teams of "
        "reviewers, who is a member and what each member reaches.",
        "Ask the workspace owner, or a maintainer with access to every project.",
    ),
    _err(
        "invalid_webhook_url",
        400,
        "The webhook URL is refused: {detail}",
        "Give a public http(s) URL without credentials in it.",
    ),
    # -- deciding from Slack and e-mail ----------------------------------------------------------------------
    _err(
        "slack_team_taken",
        409,
        "This Slack workspace is already connected to another Brabo workspace.",
        "Remove it there first, or connect another Slack workspace.",
    ),
    _err(
        "slack_not_configured",
        409,
        "This workspace has no Slack app yet.",
        "A maintainer sets it up on the console's Notifications page (team id, channel, bot token, signing "
        "secret).",
    ),
    _err(
        "slack_user_taken",
        409,
        "This Slack account is linked to another member.",
        "That member unlinks it on the Notifications page; then link it again.",
    ),
    # the interactivity endpoint (/integrations/slack/interactivity): what Slack or its replayer reads
    _err(
        "slack_signature_invalid",
        401,
        "The request does not carry a valid Slack signature for a Slack workspace connected to Brabo: "
        "{detail}",
        "Check that the signing secret on the console's Notifications page is the Slack app's (Basic "
        "Information, Signing Secret) and that the app's interactivity URL is this Brabo's.",
    ),
    _err(
        "slack_request_stale",
        401,
        "The request's timestamp is too far from the server's clock (a replayed request, or a clock that is "
        "off).",
        "Click again in Slack (each click is a fresh request); if every click is refused, set the server's "
        "clock right (NTP).",
    ),
    _err(
        "slack_click_replayed",
        409,
        "This click was already handled; a request is acted on once.",
        "Nothing to do: the first one was acted on. Click again in Slack for a new decision.",
    ),
    # a click or an e-mail link that decided nothing: what the person reads (the answer to Slack is a 200)
    _err(
        "slack_user_not_linked",
        403,
        "Your Slack account is not linked to a Brabo member, so your click decides nothing.",
        "Link it once on the console's Notifications page, then click again.",
    ),
    _err(
        "slack_member_suspended",
        403,
        "The Brabo account your Slack account is linked to ({username}) is suspended, so your click decides "
        "nothing.",
        "Ask the workspace's owner.",
    ),
    _err(
        "payload_changed_since_shown",
        409,
        "This action changed since it was shown (in a message, an e-mail, a console page, or the payload_hash "
        "an API call sent), so this decides nothing: a click, a link, a form or a call decides only what was "
        "shown.",
        "Open the action in the console (or read it again from the API) to see what it does now, and decide "
        "there.",
    ),
    _err(
        "console_form_outdated",
        409,
        "This decision came from a form that does not say which payload it showed (a page drawn before Brabo "
        "bound each decision to it, or not a form the console draws), so it decides nothing (Deny neither).",
        "Open the action's page in the console, read it, and decide there.",
    ),
    _err(
        "slack_button_outdated",
        409,
        "This button is of a message posted before Brabo bound each button to the action it showed, or it is "
        "not a button Brabo posts, so it decides nothing (Deny neither). The message is redrawn with buttons "
        "that work.",
        "Open the action in the console and decide there, or click the redrawn message's button.",
    ),
    _err(
        "too_long_to_review_here",
        409,
        "This action is too long to review in Slack or an e-mail, so it is not approved from there; nothing "
        "was decided.",
        "Open it in the console, where it is shown whole, and decide there (Deny works from anywhere).",
    ),
    _err(
        "always_allow_not_offered_here",
        409,
        "Always allow is not offered in Slack for this action: a two-person rule governs it, or it would grant "
        "every action of its type. Nothing was decided.",
        "Approve this one instance, or use Always allow in the console, which shows what it grants and asks "
        "first.",
    ),
    _err(
        "email_link_invalid",
        404,
        "This link is not valid: it was changed or cut.",
        "Open the action from the console instead.",
    ),
    _err(
        "email_link_outdated",
        410,
        "This link is of an e-mail sent before Brabo bound each link to the action it showed, so it decides "
        "nothing.",
        "Open the action in the console and decide there, or use the links of a newer e-mail.",
    ),
    _err(
        "email_link_expired",
        410,
        "This link expired: decision links work for a short time.",
        "Open the action in the console and decide there.",
    ),
    _err(
        "email_link_used",
        410,
        "This link was already used: each link decides once.",
        "The action's page in the console shows what happened.",
    ),
    _err(
        "email_link_not_yours",
        403,
        "This link was sent to someone else: only the person it was e-mailed to may use it.",
        "Sign in as them, or decide in the console.",
    ),
    _err(
        "email_link_action_settled",
        410,
        "This action is no longer pending: there is nothing to decide.",
        "The action's page in the console shows its outcome.",
    ),
    _err(
        "email_link_no_access",
        404,
        "You no longer reach this action: your membership or your access to its project changed since the "
        "e-mail was sent.",
        "Ask a maintainer.",
    ),
    _err(
        "slack_link_request_invalid",
        404,
        "This link request is unknown or was already used; nothing was linked.",
        "Start again on the console's Notifications page.",
    ),
    _err(
        "slack_link_request_expired",
        410,
        "This link request expired; nothing was linked.",
        "Start again on the console's Notifications page (a request works for 15 minutes).",
    ),
    _err(
        "slack_link_request_not_yours",
        403,
        "This link request was made for another Slack account; nothing was linked.",
        "The member starts again on the Notifications page with the member id of the Slack account they click "
        "from.",
    ),
    _err(
        "slack_link_member_left",
        409,
        "The member who asked for this link is no longer in the workspace, or is suspended; nothing was "
        "linked.",
        "Ask the workspace's owner to add them back first, then start again.",
    ),
    _err(
        "slack_secret_unreadable",
        503,
        "The Slack app's signing secret cannot be decrypted with the configured keys; nothing was decided.",
        "Restore the previous BRABO_ENCRYPTION_KEYS entry, or have the owner set the signing secret again "
        "on the Notifications page.",
    ),
    # -- limits and audit (one block, for merges) ------------------------------------------------------------
    _err(
        "login_throttled",
        429,
        "Too many failed sign-ins for this username from your address: signing in is refused for a while, "
        "even with the right password.",
        "Wait for the cool-off (BRABO_LOGIN_COOLOFF_MINUTES), or ask the operator to run "
        "manage.py axes_reset_username <username>.",
    ),
    _err(
        "notification_kind_above_role",
        403,
        "Your role may not receive {kinds} notifications about this project.",
        "Choose kinds your role may read (budgets are for maintainers and owners), or ask for a higher role.",
    ),
    _err(
        "provider_token_missing",
        409,
        "The workspace has no provider token to confirm.",
        "Set the provider token with PUT /api/workspaces/{id}/credentials/.",
    ),
    _run(
        "owner_token_stale",
        "The provider token was set by {name}, who is no longer the workspace owner; Brabo does not act with "
        "it until the owner replaces it or confirms it.",
        "The owner sets a new token (PUT /api/workspaces/{id}/credentials/) or confirms this one (POST "
        "/api/workspaces/{id}/credentials/confirm/), then proposes the action again.",
    ),
    # fair sharing (actions/fairness.py): caps an operator sets (BRABO_CAP_*), answered with
    # Retry-After.
    _err(
        "proposal_rate_exceeded",
        429,
        "Proposals from {whose} arrive faster than this server allows ({rate} per second, bursts of {burst}).",
        "Wait for the number of seconds in the Retry-After header, then retry more slowly; nothing was created.",
    ),
    _err(
        "too_many_pending_actions",
        429,
        "The agent or the workspace already has {cap} actions waiting for a person.",
        "Have a person approve or deny some of them (the console queue), then retry after Retry-After.",
    ),
    _err(
        "too_many_streams",
        429,
        "Too many live streams are open for this person.",
        "Close a console tab; the others keep updating.",
    ),
    # caps on concurrent waits (per agent, per workspace, in each web process)
    _err(
        "too_many_waits",
        429,
        "{whom} already holds its cap of concurrent waits on this server.",
        "Wait for the number of seconds in the Retry-After header, then retry; or wait on fewer actions at once.",
    ),
    _err(
        "runner_name_taken",
        409,
        "A runner named {name} already exists in this project.",
        "Choose another name, or revoke the old runner first.",
    ),
    _err(
        "already_reported",
        409,
        "The action was already settled.",
        "Nothing to report; read the action's result.",
    ),
    # -- proposing ------------------------------------------------------------------------------------------
    _err(
        "path_absolute",
        400,
        "{field} {path} is absolute.",
        "Give a path relative to the project root, e.g. src/app.py.",
    ),
    _err("path_invalid", 400, "{field} is not a usable path: {detail}", "Send a plain relative path."),
    _err(
        "path_into_git",
        400,
        "{field} {path} goes into .git, which Brabo does not write.",
        "Propose a path outside .git.",
    ),
    _err(
        "path_outside_project",
        400,
        "{what} {path} climbs out of the project folder or into .git, which Brabo does not write.",
        "Propose the action again with a plain path inside the project.",
    ),
    _err(
        "path_through_symlink",
        400,
        "{field} {path} goes through the symbolic link {link}; a link can lead outside the project.",
        "Use the real path.",
    ),
    _err(
        "policy_file_protected",
        403,
        "{field} {path} names the project's permissions.json, which no action writes.",
        "A maintainer changes the rules in the console or with PUT /api/projects/{id}/permissions/.",
    ),
    _err(
        "project_root_invalid",
        409,
        "The project folder cannot be used: {detail}.",
        "Fix the folder or the project's local_path.",
    ),
    _err(
        "merge_ja_proposto",
        409,
        "A merge of PR {pr} is already proposed and not settled.",
        "Wait for it or deny it first.",
    ),
    _err(
        "pr_ja_mergeado",
        409,
        "PR {pr} was already merged by an earlier action.",
        "Deny this one; nothing is left to merge.",
    ),
    # -- spend and budgets -----------------------------------------------------------------------------------
    _err(
        "invalid_amount",
        400,
        "{field} is not a usable amount: {detail}",
        'Send a positive plain decimal such as "12.50" (no exponent, sign or separators).',
    ),
    _err(
        "amount_too_large",
        400,
        "{field} is over the maximum of {maximum} {currency}.",
        "Split it, or check the amount.",
    ),
    _err(
        "too_many_decimals",
        400,
        "{field} has more decimals than {currency} has minor units.",
        "Round the amount to the currency's minor unit.",
    ),
    _err(
        "invalid_currency",
        400,
        "{field} must be an ISO 4217 currency code such as EUR, USD or JPY.",
        "Send the three-letter code.",
    ),
    _err(
        "unknown_currency",
        400,
        "{field} {currency} is not an ISO 4217 currency Brabo knows.",
        "Use the three-letter code of a currency with minor units (e.g. EUR, USD, JPY).",
    ),
    _err(
        "currency_mismatch",
        409,
        "This workspace budgets in {currency}; amounts are never converted.",
        "Propose the spend in the budget's currency; the budget's currency can change from next month.",
        other_statuses=(400,),  # a spend proposed in another currency is a bad payload (400)
    ),
    _err(
        "no_workspace_budget",
        409,
        "The workspace has no budget currency yet.",
        "The owner sets the workspace budget first (PUT /api/workspaces/{id}/budget/ with a currency).",
    ),
    # -- deciding ---------------------------------------------------------------------------------------
    _err(
        "acao_ja_recusada",
        409,
        "This action was already denied.",
        "Nothing to approve; ask the agent to propose it again if it is still wanted.",
    ),
    _err(
        "action_already_approved",
        409,
        "This action was already approved; it can no longer be denied.",
        "Nothing to deny; read its result.",
    ),
    _err(
        "teto_do_sempre_permitir",
        400,
        "'Always allow' is never offered for {action_type}.",
        "Approve this one instance instead.",
    ),
    _err(
        "action_expired",
        409,
        "This action expired: nobody decided it within the project's approval time.",
        "The agent proposes it again if the work is still wanted.",
    ),
    _err(
        "quorum_rule_applies",
        409,
        "A two-person rule governs this action; 'Always allow' is not offered under it.",
        "Use Approve; each person's approval counts once.",
    ),
    _err(
        "self_approval_refused",
        403,
        "You proposed this action (or its agent acts for you), and its two-person rule refuses self-approval.",
        "Another member with the needed role approves it.",
    ),
    # -- the project's permissions.json ---------------------------------------------------------------
    _err(
        "permissions_invalid",
        409,
        "permissions.json does not load: {detail}.",
        "Restore the accepted version or fix the file, then try again.",
    ),
    _err(
        "policy_changed_since_review",
        409,
        "permissions.json changed on disk since you reviewed it.",
        "Review the new diff and accept again.",
    ),
    _err(
        "policy_write_failed",
        500,
        "permissions.json could not be written ({error}); nothing was saved.",
        "Check the project folder's permissions, then save again.",
    ),
    _err(
        "disk_full",
        507,
        "permissions.json could not be written: the disk is full; nothing was saved.",
        "Free space on the project folder's disk, then save again.",
    ),
    # -- the outcome of an approval click (HTTP 200, ``outcome``) -----------------------------------------
    Code("approved", OUTCOME, 200, "Approved.", "Wait for the result (GET /api/actions/{id}/wait/)."),
    Code("ja_aprovada", OUTCOME, 200, "Already approved; nothing changed.", "Wait for the result."),
    Code("denied", OUTCOME, 200, "Denied.", "The agent reads the reason in the action's result."),
    Code(
        "approval_recorded",
        OUTCOME,
        200,
        "Your approval is recorded; the two-person rule needs more approvals.",
        "Another member with the needed role approves it too.",
    ),
    Code(
        "approval_already_recorded",
        OUTCOME,
        200,
        "You already approved this; your approval counts once.",
        "Another member with the needed role approves it.",
    ),
    # -- the reason of an action that settled without running (``result.reason``) --------------------------
    _run(
        "approval_expired",
        "Nobody approved or denied this action within {span}, so it expired.",
        "Propose it again if the work is still wanted.",
    ),
    # -- failures of an executed action (``result.error.code``) -------------------------------------------
    _run(
        "branch_missing",
        "The branch {branch} does not exist in the project's worktree: {detail}",
        "Create and commit on the branch first, then propose the push again.",
    ),
    _run(
        "command_timeout",
        "The command did not finish within {BRABO_TERMINAL_TIMEOUT} seconds and was stopped.",
        "Split the work into shorter commands, or run long jobs in the background of a build tool.",
    ),
    _run(
        "container_busy",
        "The project's container is {state}; another lifecycle change is in progress.",
        "Wait for it to finish, then propose container_start again if it is not running.",
    ),
    _run(
        "container_engine_error",
        "The container engine failed to {what}: {explanation}",
        "Brabo retries on its own; if it persists, check the engine's logs.",
        retried=True,
    ),
    _run(
        "container_engine_refused",
        "The container engine refused to {what}: {explanation}",
        "Check the container's configuration (image, resources) and propose the action again.",
    ),
    _run(
        "container_engine_unreachable",
        "The container engine at BRABO_DOCKER_HOST could not be reached ({error}).",
        "Check that the Docker/Podman service runs and BRABO_DOCKER_HOST points at its socket.",
        retried=True,
    ),
    _run(
        "container_image_missing",
        "The image is not on the container engine, so Brabo could not {what}.",
        "The operator pulls the image on the engine host (docker pull <image>), then retry.",
    ),
    _run(
        "container_outdated",
        "The project's container was made by an older Brabo, without today's isolation (the host's /proc "
        "entries it hides), so no command runs in it.",
        "Run container_start: it replaces the container (the project folder is kept), then propose the command "
        "again.",
    ),
    _run(
        "container_not_running",
        "The project's container is {state}, so the command cannot run.",
        "Start the container (container_start), then propose the command again.",
    ),
    _run(
        "credentials_missing",
        "The workspace owner has not set a GitHub/GitLab token, so Brabo cannot act on the repository.",
        "The workspace owner sets the provider token in the workspace settings; then propose the action again.",
    ),
    _run(
        "credentials_unreadable",
        "The workspace owner's provider token cannot be decrypted with the configured keys.",
        "Restore the previous BRABO_ENCRYPTION_KEYS entry, or have the workspace owner set the token again.",
    ),
    _run(
        "cwd_missing",
        "The folder {cwd} does not exist in the project.",
        "Propose the command with an existing cwd (or create the folder first).",
    ),
    _run(
        "cwd_outside_project",
        "cwd {cwd} leaves the project folder.",
        "Propose the command with a cwd inside the project.",
    ),
    _run(
        "git_auth_failed",
        "The remote refused the workspace owner's credentials for this push.",
        "The workspace owner checks that their provider token can push to the repository, then retry.",
    ),
    _run("git_commit_failed", "{step} failed: {detail}", "Read git's message, fix, retry."),
    _run("git_push_failed", "git push failed: {detail}", "Read git's message and retry."),
    _run(
        "git_remote_unreachable",
        "The git remote could not be reached: {detail}",
        "Brabo retries on its own; if it persists, check the remote URL and the network.",
        retried=True,
    ),
    _run(
        "git_timeout",
        "git {args} did not finish within {BRABO_GIT_TIMEOUT} seconds and was stopped.",
        "Check the remote and the repository size, then propose the action again.",
    ),
    _run(
        "internal_error",
        "The execution failed because of an internal error; it was logged with the action id.",
        "Retry by proposing the action again; if it fails again, report the action id to your Brabo operator.",
    ),
    _run(
        "invalid_payload",
        "The payload cannot be executed: {detail}.",
        "Propose the action again with a valid payload.",
    ),
    _run(
        "local_git_failed",
        "git {args} failed in the local repository: {detail}",
        "Read git's message; fix the repository or the names in the payload, then propose again.",
    ),
    _run(
        "module_map_invalid",
        "The project's module map cannot be read for container resources: {why}.",
        'A maintainer fixes the module map ({"module": {"cpu": 1.0, "memory_mb": 512}}), then retry.',
    ),
    _run(
        "mounted_folder_unavailable",
        "BRABO_PROJECTS_BASE/{folder} could not be created or written: {detail}.",
        "The operator sets BRABO_PROJECTS_BASE to a writable folder (or fixes its owner and permissions), then propose container_start again.",
    ),
    _run(
        "no_connected_runner",
        "No runner of this project has connected in the last {BRABO_RUNNER_STALE_AFTER} seconds, so the {execution_mode} project's work cannot run.",
        "Start the Brabo runner on the machine that holds the project (or register one), then propose again.",
    ),
    _run(
        "no_container_for_local_project",
        "A local project runs in the folder its user typed; it has no container to start, stop or remove.",
        "Use a container, mounted or runner project to manage a container.",
    ),
    _run(
        "not_a_raise",
        "max_parallel is already {previous}; {value} would lower it, which this action does not do.",
        "Propose a value above the current limit, or ask a maintainer to lower it in the project settings.",
    ),
    _run("nothing_to_commit", "There are no changes to commit.", "Write the changes first."),
    _run("path_is_a_folder", "{path} is a folder.", "Propose a file path."),
    _run(
        "policy_file_unsafe",
        "{POLICY_FILE} is {kind}, so no command runs beside it.",
        "A maintainer restores it in the console (permissions editor → Restore).",
    ),
    _run(
        "pr_not_merged",
        "{name} accepted the request but did not report PR {number} as merged.",
        "Look at the PR on the provider (checks, approvals, merge queue) and propose the merge again.",
    ),
    _run(
        "project_folder_missing",
        "The project folder {scope_root_id} does not exist on the execution host.",
        "Create the project again or restore its folder, then start the container.",
    ),
    _run("project_root_unusable", "{detail}", "A maintainer fixes the project's local path."),
    _run(
        "provider_auth_failed",
        "{name} rejected the workspace owner's token (401) while trying to {what}.{quoted}",
        "The workspace owner renews the provider token in the workspace settings; then propose the action again.",
    ),
    _run(
        "provider_conflict",
        "{name} refused to {what} ({status}): the target is not in a state that allows it.{quoted}",
        "Resolve the conflict on the provider (for a merge: update the branch, wait for checks), then retry.",
    ),
    _run(
        "provider_error",
        "{name} answered {status} while trying to {what}.{quoted}",
        "Check the provider's message and the project's repository settings, then propose the action again.",
    ),
    _run(
        "provider_forbidden",
        "The workspace owner's token may not {what} (403).{quoted}",
        "Give the token the needed scope (repo / api) or the owner access to the repository, then retry.",
    ),
    _run(
        "provider_not_configured",
        "The workspace's git provider is {kind}; Brabo speaks github, gitlab and local.",
        "The workspace owner sets the provider (github, gitlab or local) and its token in the workspace settings.",
    ),
    _run(
        "provider_not_found",
        "{name} found nothing to {what} (404): the repository, branch or PR does not exist, or the owner's token cannot see it.{quoted}",
        "Check the project's repository setting and the names in the payload, then propose the action again.",
    ),
    _run(
        "provider_rejected",
        "{name} rejected the request to {what} ({status}).{quoted}",
        "Fix the payload (names, branches) according to the provider's message and propose the action again.",
    ),
    _run(
        "provider_timeout",
        "{name} did not answer in time while trying to {what}.",
        "Check {name}'s status page; Brabo retries on its own, then propose the action again.",
        retried=True,
    ),
    _run(
        "provider_unavailable",
        "{name} answered {status} while trying to {what}.{quoted}",
        "Brabo retries on its own; if it keeps failing, check the provider's status and propose the action again.",
        retried=True,
    ),
    _run(
        "provider_unreachable",
        "Could not reach {name} at {base_url} to {what} ({error}).",
        "Check the provider base URL in the workspace settings and the network; Brabo retries on its own.",
        retried=True,
    ),
    _run(
        "push_rejected",
        "The remote rejected the push of {branch}: {detail}",
        "Update the branch with the remote's changes (pull and rebase or merge), commit, then push again.",
    ),
    _run(
        "remote_has_credentials",
        "The project's remote URL contains a user name or password; Brabo refuses to use or store it.",
        "A maintainer sets the remote URL without credentials; Brabo adds the owner's token itself.",
    ),
    _run(
        "remote_not_allowed",
        "Brabo pushes only to the project's configured remote, not to {remote}.",
        "Propose the push without 'remote' (or with 'origin').",
    ),
    _run(
        "remote_off_provider",
        "The project's push remote is not on the workspace provider's origin as it is now, and the workspace's "
        "owner did not set it; Brabo does not send the owner's token there.",
        "The workspace owner sets the remote again (or a maintainer sets one on the provider's origin), then "
        "proposes the push again.",
    ),
    _run(
        "remote_not_set",
        "The project has no git remote URL, so Brabo does not know where to push.",
        "A maintainer sets the project's git remote URL, then proposes the push again.",
    ),
    _run(
        "remote_scheme_unsupported",
        "The project's remote uses {scheme}://; Brabo pushes over HTTPS with the workspace owner's token.",
        "A maintainer sets an https:// remote URL for the project.",
    ),
    _run(
        "repository_invalid",
        "{repo} is not a local repository name; use owner/name (letters, digits, '.', '_', '-').",
        "A maintainer sets the project's repository to owner/name, then proposes the action again.",
    ),
    _run(
        "repository_not_set",
        "The project has no provider repository set (owner/name on GitHub, the project path on GitLab).",
        "A maintainer sets the project's repository, then proposes the action again.",
    ),
    _run(
        "resources_above_maximum",
        "{field}={value} is above the maximum {high} this Brabo allows.",
        "Propose container_start with {field} of at most {high}.",
    ),
    _run(
        "resources_below_minimum",
        "{field}={value} is below the minimum {low} that the project's modules declare together.",
        "Propose container_start with {field} of at least {low}, or leave it out to get exactly that.",
    ),
    _run(
        "runner_refused",
        "The runner {name} refused to run this action.",
        "Check the runner's own policy and logs on its machine, then propose the action again.",
    ),
    _run(
        "sandbox_unavailable",
        "bubblewrap (bwrap) is not installed on the execution host, so commands cannot run sandboxed.",
        "The operator installs the Debian package bubblewrap, or configures BRABO_DOCKER_HOST.",
    ),
    # -- R9.7: a sandbox that would hold privilege is refused, never run -------------------------------------
    _run(
        "sandbox_privileged",
        "The worker refuses to run sandboxed commands: a sandboxed command would hold privilege here ({why}).",
        "Run the worker (or runner) as an unprivileged user, or keep BRABO_SANDBOX_UID at an unprivileged uid on "
        "a filesystem with POSIX ACLs; then restart it.",
    ),
    _run(
        "sandbox_seccomp_unavailable",
        "The worker refuses to run sandboxed commands: the sandbox's system-call filter cannot be built or is "
        "not in force here ({why}).",
        "The operator installs libseccomp (Debian/Ubuntu: apt-get install libseccomp2) and restarts the worker, "
        "or knowingly sets BRABO_SANDBOX_SECCOMP=off.",
    ),
    _run(
        "target_branch_mismatch",
        "PR {number} targets {actual}, but the approved merge was into {target}; nothing was merged.",
        "Propose the merge again with target_branch {actual} so it is decided for that branch.",
    ),
    _run(
        "unknown_action_type",
        "Brabo has no executor for action type {action_type}.",
        "Propose one of the documented action types.",
    ),
    # what runs is exactly what was approved: re-checked on the claimed row before anything runs
    _run(
        "payload_changed_after_approval",
        "The action's payload is not the one that was approved: it no longer matches the hash recorded when it "
        "was proposed, so it was not run.",
        "Propose the action again so its current payload is decided, and find out what changed the stored action.",
    ),
    _run(
        "action_changed_after_approval",
        "The stored action is not the one that was proposed: its project, type, agent, proposer, payload or "
        "target changed after it was proposed, so it was not run.",
        "Propose the action again so what it is now is decided, and find out what changed the stored action "
        "(or, if BRABO_SECRET_KEY was replaced, list the old key in BRABO_SECRET_KEY_FALLBACKS).",
    ),
    _run(
        "decision_forged",
        "The action is marked approved or auto-approved, but that decision (who decided, the approvals that "
        "counted) is not one Brabo recorded: it does not match the signature taken when it was decided, so it "
        "was not run.",
        "Propose the action again so it is decided, and find out what changed the stored action (or, if "
        "BRABO_SECRET_KEY was replaced, list the old key in BRABO_SECRET_KEY_FALLBACKS).",
    ),
    _run(
        "policy_changed_before_run",
        "The policy changed after this action was auto-approved and before it ran, and no longer auto-approves "
        "it, so it was not run: it waits for a person again, or was denied if the policy now denies it.",
        "A person decides it in the console; or propose it again if it was denied and is still wanted.",
    ),
    _run(
        "target_changed_after_approval",
        "Where the action acts changed after it was proposed (the project's repository, default branch or git "
        "remote, or the workspace's git provider), so it was not run: nobody approved it for the new one.",
        "Propose the action again so it is decided for where it acts now, or set the project back.",
    ),
    _run(
        "approval_missing",
        "The action is marked approved, but no person's decision is recorded on it, so it was not run.",
        "Propose the action again so a person decides it.",
    ),
    _run(
        "approval_quorum_not_met",
        "The action's approval no longer stands: the approvals that still count do not meet what it needs now.",
        "Propose the action again and have it approved by people who meet the rule now.",
    ),
    _run(
        "provider_outcome_unknown",
        "Brabo asked the provider to act, but its answer was lost after the request was sent; the provider may "
        "have done it, so Brabo does not ask again.",
        "Look on the provider whether it was done (the pull request, the merge, the branch); propose the action "
        "again only if it was not.",
    ),
    _run(
        "worker_lost",
        "The worker executing this action stopped without reporting a result for over {seconds} seconds; the action may or may not have taken effect.",
        "Check the repository or container for the effect, then propose the action again if it is missing.",
    ),
    _run(
        "worktree_missing",
        "The project folder {scope_root_id}/{sub} does not exist on the execution host.",
        "Check out the repository into the project folder (or start the project's container), then retry.",
    ),
    _run(
        "write_failed",
        "{path} could not be written: {error}.",
        "Check the path (a folder in the way, a name too long, a full disk), then propose the action again.",
    ),
    # -- reported by a runner (brabo_client.runner) for work it could not complete --------------------------
    _run(
        "project_root_missing",
        "The runner's root {root} is not a writable folder any more.",
        "Restore the folder on the runner's machine (or start the runner with the right root), then propose "
        "the action again.",
    ),
    _run(
        "runner_result_rejected",
        "The server refused the runner's result (too large, or not storable): {detail}",
        "Make the work's output smaller (redirect long output to a file), then propose the action again.",
    ),
    _run(
        "runner_failed",
        "The runner {name} could not complete the action.",
        "Read the runner's message, fix the cause on its machine, then propose the action again.",
    ),
    # §5, where it runs: git work on the runner's machine, and the runner's own faults
    _run(
        "runner_error",
        "The runner failed unexpectedly while handling the work: {detail}",
        "Read the runner's log on its machine; the work may or may not have taken effect there.",
    ),
    # the runner runs only the payload the server recorded a hash for, in the state approved work is in
    _run(
        "payload_hash_missing",
        "The server sent the runner work without the hash of its approved payload, so the runner did not run it.",
        "Update the Brabo server or the runner so both speak the same protocol, then propose the action again.",
    ),
    _run(
        "payload_hash_mismatch",
        "The payload the runner received does not hash to the hash recorded when the action was proposed; "
        "nothing was run.",
        "Find out what changed the work between the server and the runner (a proxy, a stale server), then "
        "propose the action again.",
    ),
    _run(
        "work_not_executing",
        "The server handed the runner work in state {status}, not executing, so the runner did not run it.",
        "Report it to your Brabo operator with the action id; propose the action again if it is still wanted.",
    ),
    _run(
        "runner_git_auth_failed",
        "The remote refused the runner machine's own git credentials for the push of {branch}.",
        "On the runner's machine, set up git credentials that can push to the checkout's origin (a "
        "credential helper or an ssh key), then propose the push again.",
    ),
    _run(
        "runner_remote_changed",
        "The checkout's origin on the runner is now {now}, not {pinned} as when the runner started.",
        "If the new origin is right, restart the runner so it pins it; otherwise restore the origin.",
    ),
    _run(
        "runner_remote_missing",
        "The runner's checkout had no origin remote when the runner started, so it does not know where to push.",
        "On the runner's machine run git remote add origin URL in the root, restart the runner, then propose "
        "the push again.",
    ),
    # -- host boundary: `local` roots inside the operator's bases, hermetic git (R1.4, R9.7) -----------------
    _err(
        "local_roots_not_configured",
        400,
        "local projects are not enabled on this server: the operator has listed no folder for them.",
        "The operator sets BRABO_LOCAL_ROOTS (comma-separated absolute folders); until then use a container, "
        "mounted or runner project.",
    ),
    _err(
        "local_path_invalid",
        400,
        "local_path {path} is not a plain absolute path: {why}.",
        "Type the folder's absolute path, without '..'.",
    ),
    _err(
        "local_path_not_allowed",
        400,
        "local_path {path} is outside the operator's folders for local projects, or is reserved or already "
        "in use.",
        "Choose a new folder of your own inside one of the folders the message names.",
    ),
    _err(
        "local_path_unusable",
        400,
        "local_path {path} does not exist, is not a folder or is not writable by the Brabo server.",
        "Create the folder inside the operator's folder for local projects (or fix its permissions).",
    ),
    _run(
        "git_config_refused",
        "The repository git would push from carries settings that redirect or weaken the transport or run "
        "programs ({keys}); Brabo does not hand the owner's token to it.",
        "Remove those settings from the repository's configuration, then propose the push again.",
    ),
    # -- named reviewers, wait timers, answers back to the agent ---------------------------------------------
    _err(
        "not_a_named_reviewer",
        403,
        "This action's approval rule names who approves it, and you are not one of them.",
        "Ask one of the named reviewers (the action's approvals.waiting_for says who), or a maintainer to "
        "change the rule.",
    ),
    _err(
        "answer_required",
        409,
        "This is an agent's question (ask_human): it is answered, not approved.",
        'POST /api/actions/{id}/answer/ with {"answer": TEXT}, or deny it with a reason.',
    ),
    _err(
        "not_a_question",
        409,
        "Only an ask_human question is answered; this action is approved or denied.",
        "Approve or deny it (a message may go with either).",
    ),
    _err(
        "already_answered",
        409,
        "This question was already answered; the agent has that answer.",
        "Nothing to do; read the answer in the action's result.",
    ),
    _err(
        "not_held",
        409,
        "This action is not held by a wait timer, so there is no wait to cancel.",
        "A pending action is denied instead; a running or settled one cannot be stopped from here.",
    ),
    _err(
        "team_name_taken",
        409,
        "A team of that name already exists in this workspace.",
        "Choose another name, or change the existing team's members.",
    ),
    _err(
        "team_in_use",
        409,
        "An approval rule names this team.",
        "Remove the team from the rules that name it (PUT .../approval-rules/), then delete it.",
    ),
    _run(
        "git_objects_outside_project",
        "The worktree's git folder or one of its object stores ({what}) lies outside the project folder.",
        "Keep the repository's .git and its alternates inside the project folder, then propose the push again.",
    ),
)


def _decision_next_step(code: str) -> str:
    if code in ("deny_rule", "builtin_deny", "cap_path_scope", "iam"):
        return "Propose something the policy allows, or ask a maintainer to change permissions.json."
    if code == "budget_exceeded":
        return "The owner raises the budget and approves again, or denies the action."
    if code in ("allow_rule", "autonomy", "scope_cd", "container_floor", "spend_threshold"):
        return "Nothing to do: the action was decided by the project's own settings."
    return "A person decides in the console; 'Always allow' can make it automatic where that is offered."


# The policy engine's reasons (SPEC R12.2's enum, plus the budget gate's budget_exceeded and
# spend_threshold): their sentences live with the engine (permissions.messages), which every surface
# shares. The engine is the bottom layer (plain Python, no Django, tests/test_import_graph.py), so the kernel
# reads them from it here, and the catalogue names every public code in one place from the first import.
# A decision reason that also refuses a transition over HTTP: approving a spend that would now cross a budget.
_DECISION_STATUS = {"budget_exceeded": 409}


def _decision_reasons(sentences: Mapping[str, str]) -> tuple[Code, ...]:
    """The policy engine's decision reasons (code → the sentence people read) as catalogue entries."""
    return tuple(
        Code(code, DECISION, _DECISION_STATUS.get(code), sentence, _decision_next_step(code))
        for code, sentence in sentences.items()
    )


_ALL = _ENTRIES + _decision_reasons(SENTENCES)
CATALOGUE: dict[str, Code] = {c.code: c for c in _ALL}
if len(CATALOGUE) != len(_ALL):  # pragma: no cover - guards an edit
    raise RuntimeError("a code is listed twice in brabo.errors (or a decision reason is also another code)")


# The reason an answer carries when its raiser names none: one generic code per status.
DEFAULT_REASON: dict[int, ErrorCode] = {
    400: "invalid",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "internal",
    503: "database_unavailable",
}


def entry(code: str) -> Code:
    """The catalogue's entry for ``code``; KeyError for a code that is not public."""
    return CATALOGUE[code]


def reason_for(status: int, reason: ErrorCode | None = None) -> ErrorCode | None:
    """The code an error answer carries: its own when it names one, else the status's generic code."""
    return reason or DEFAULT_REASON.get(status)


def codes_by_status(kind: str | None = ERROR) -> dict[int, list[str]]:
    """Every code an HTTP answer can carry, by status (sorted), for documentation (the OpenAPI error
    responses). ``kind=None`` includes every kind that has a status."""
    out: dict[int, list[str]] = {}
    for c in CATALOGUE.values():
        if kind is not None and c.kind != kind:
            continue
        for status in c.statuses:
            out.setdefault(status, []).append(c.code)
    return {status: sorted(codes) for status, codes in sorted(out.items())}


def disk_full(exc: OSError) -> bool:
    """A write failed for want of space (a full disk, a quota, a file-size limit): 507 ``disk_full``, not 500."""
    return exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def status_of(code: str | None, default: int = 400) -> int:
    """The HTTP status the catalogue gives ``code``; ``default`` for none or a code without a status."""
    found = CATALOGUE.get(code) if code else None
    return found.status if found is not None and found.status is not None else default


def next_step_of(code: str) -> str:
    """The catalogue's next step for ``code`` ("" for a code it does not know, such as a runner's own)."""
    found = CATALOGUE.get(code)
    return found.next_step if found is not None else ""
