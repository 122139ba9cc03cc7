"""What approving will do, for the approval card: the file a ``write_file`` writes (its
content, or a diff against the file in the worktree, secrets masked), the commits and files a ``git_push``
carries and whether its branch is protected, the spend against what is left of each budget (and whether
approving can only fail), the cap in plain words; and after an execution, what came of it in sentences.

Everything here is read-only and bounded: files are read as hostile (``permissions.files.read_regular_file``:
no symbolic link, regular files only, a size cap), git runs hermetically (``actions.ports.push_preview``),
and every text shown passes the secret masks of ``brabo.redaction``.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from actions import budgets, ports
from actions.executors import runs_in_agent, types_run_by
from actions.models import ProposedAction
from actions.shown import CUT_MARK
from brabo.redaction import OUTBOUND_SCAN_CHARS, redact_outbound
from permissions.commands.git import names_protected_branch
from permissions.files import PermissionsFileError, read_regular_file
from permissions.messages import why_a_person

MAX_FILE_BYTES = 256 * 1024  # larger files are not shown (the card says so)
MAX_LINES = 400
MAX_LINE_CHARS = 400


def mask(text: str) -> str:
    """``text`` with secrets masked line by line (a secret-named assignment, a token's shape, a high-entropy
    word), cut to what a card shows."""
    lines = text.splitlines()
    shown = [_masked_line(line) if line.strip() else line for line in lines[:MAX_LINES]]
    if len(lines) > MAX_LINES:
        shown.append(f"… {len(lines) - MAX_LINES} more lines")
    return "\n".join(shown)


def _masked_line(line: str) -> str:
    """One line, secrets masked; a line longer than a card shows says where it is cut (never silently)."""
    if len(line) <= MAX_LINE_CHARS:
        return redact_outbound(line)
    rest = len(line) - MAX_LINE_CHARS
    return (
        f"{redact_outbound(line[:MAX_LINE_CHARS])}{CUT_MARK} … {rest} more characters on this line not shown"
    )


def mask_whole(text: str) -> str:
    """``text`` with secrets masked and nothing cut, for the action's page, where a person reads all of what
    they approve: every line, a long one masked in pieces the masks read whole (cut after a space where
    there is one, so a secret-shaped word is rarely split)."""
    return "\n".join(
        "".join(redact_outbound(piece) for piece in _pieces(line)) if line.strip() else line
        for line in text.splitlines()
    )


def _pieces(line: str):
    size = OUTBOUND_SCAN_CHARS
    while len(line) > size:
        cut = line.rfind(" ", size // 2, size)
        cut = cut + 1 if cut > 0 else size
        yield line[:cut]
        line = line[cut:]
    yield line


def is_cut(text: str) -> bool:
    """Whether :func:`mask` shows less than all of ``text`` (too many lines, or a line too long)."""
    lines = text.splitlines()
    return len(lines) > MAX_LINES or any(len(line) > MAX_LINE_CHARS for line in lines)


def target_branch(action: ProposedAction) -> str:
    payload = action.payload if isinstance(action.payload, dict) else {}
    key = {"git_push": "branch", "pr_open": "base", "git_merge": "target_branch"}.get(action.action_type)
    value = payload.get(key) if key else None
    return value.strip() if isinstance(value, str) else ""


def is_protected(action: ProposedAction, branch: str) -> bool:
    return bool(branch) and names_protected_branch(branch, tuple(action.project.protected_branches or ()))


def why_it_waits(action: ProposedAction) -> str:
    branch = target_branch(action)
    return why_a_person(
        action.reason,
        action.scope_root,
        action_type=action.action_type,
        branch=branch,
        protected=is_protected(action, branch),
    )


class FileChange:
    """A ``write_file``'s effect: the new content, or a unified diff against the file now in the worktree."""

    def __init__(self, action: ProposedAction):
        payload = action.payload
        self.path = str(payload.get("path") or "")
        content = payload.get("content")
        content = content if isinstance(content, str) else ""
        self.new_lines = content.count("\n") + (0 if content.endswith("\n") or not content else 1)
        self.exists = False
        self.unreadable = ""
        self.diff: list[tuple[str, str]] = []  # (kind: add|del|ctx|hunk, masked line)
        self.content = ""
        self.same = False
        # the card shows at most MAX_LINES lines of MAX_LINE_CHARS; when it shows less than the file, the
        # action's page has all of it under the payload, and the queue sends the person there
        self.cut = is_cut(content)
        current = self._current(action)
        if current is None:
            self.content = mask(content)
            return
        self.exists = True
        if current == content:
            self.same = True
            return
        for line in difflib.unified_diff(
            current.splitlines(), content.splitlines(), "now", "after", lineterm="", n=2
        ):
            if line.startswith(("---", "+++")):
                continue
            kind = {"@": "hunk", "+": "add", "-": "del"}.get(line[:1], "ctx")
            self.diff.append((kind, line if kind == "hunk" else line[:1] + mask(line[1:])))
            self.cut = self.cut or len(line) > MAX_LINE_CHARS + 1
            if len(self.diff) >= MAX_LINES:
                self.diff.append(("hunk", "… the diff goes on"))
                self.cut = True
                break

    def _current(self, action: ProposedAction) -> str | None:
        """The file as it is now in the worktree, or None when there is none (or it is elsewhere). A file
        that cannot be read safely is named in ``unreadable`` and treated as absent."""
        project = action.project
        if project.execution_mode == "runner":
            self.unreadable = (
                "the project's files are on its runner's machine, so only the new content is shown"
            )
            return None
        parts = [p for p in self.path.split("/") if p not in ("", ".")]
        if not parts or self.path.startswith("/") or any(p in ("..", ".git") for p in parts):
            return None  # the executor refuses such a path; the card shows the content it was given
        try:
            root = Path(project.root())
        except ValueError:
            return None
        sub = action.payload.get("cwd")
        if isinstance(sub, str) and sub:
            sub_parts = [p for p in sub.split("/") if p not in ("", ".")]
            if sub.startswith("/") or any(p in ("..", ".git") for p in sub_parts):
                return None
            parts = sub_parts + parts
        try:
            raw = read_regular_file(
                root.joinpath(*parts), base=root, max_bytes=MAX_FILE_BYTES, name=self.path, restore_hint=""
            )
        except PermissionsFileError as exc:
            self.unreadable = f"the file now at {self.path} is not shown ({str(exc).rstrip('; ')})"
            return None
        if raw is None:
            return None
        try:
            return raw.decode()
        except UnicodeDecodeError:
            self.unreadable = f"the file now at {self.path} is not text, so no diff is shown"
            return None


class WhatItDoes:
    """The card's "what approving does" for one pending action."""

    def __init__(self, action: ProposedAction):
        self.action = action
        self.why = why_it_waits(action)
        self.branch = target_branch(action)
        self.protected = is_protected(action, self.branch)
        self.file = (
            FileChange(action) if action.action_type == "write_file" and not runs_in_agent(action) else None
        )
        self.push = None
        if action.action_type == "git_push":
            self.push = ports.push_preview(action)
        self.spend = budgets.spend_view(action) if action.action_type == "spend" else None
        self.budget_url = reverse("admin:console-budget") if self.spend else ""
        # Where approving can only fail, the card offers no Approve: the reason, and the way out, instead.
        self.blocked = ""
        self.fix_before = self.fix_url = self.fix_label = self.fix_after = ""
        agent = action.agent if action.agent_id else None
        if agent is not None and agent.suspended_at is not None:
            self.blocked = f"the agent {agent.name} is suspended (its principal left the workspace)."
            self.fix_before = "A maintainer reassigns its principal on the"
            self.fix_url, self.fix_label = reverse("admin:console-members"), "Members page"
            self.fix_after = ", then approves it here; or deny it."
        elif self.spend and self.spend["blocked"]:
            self.blocked = "this spend does not fit a budget."
            self.fix_before = "The owner raises the budget on the"
            self.fix_url, self.fix_label = self.budget_url, "Budget page"
            self.fix_after = ", then approves it here; or deny it."


# -- after the execution ---------------------------------------------------------------------------------


def _server_roots() -> list[str]:
    roots = [
        str(settings.PROJECT_WORKSPACES_ROOT),
        str(settings.BRABO_PROJECTS_BASE),
        str(settings.VAR_DIR),
        str(settings.BASE_DIR),
        *(str(b) for b in getattr(settings, "BRABO_LOCAL_ROOTS", ())),
    ]
    return sorted({r.rstrip("/") for r in roots if r and r != "/"}, key=len, reverse=True)


def without_server_paths(text: str, action: ProposedAction) -> str:
    """A message as a person reads it: the project's own folder by its name, other server folders as
    "…" (where Brabo keeps things is not the reader's business, and it tells an attacker the layout)."""
    try:
        root = action.project.root().rstrip("/")
    except ValueError:
        root = ""
    if root and root != "/":
        text = text.replace(root + "/", "").replace(root, "the project folder")
    for server_root in _server_roots():
        text = re.sub(re.escape(server_root) + r"(/[^\s'\":]*)?", "…", text)
    return text


class Outcome:
    """What came of an approved action, for its card: running (with the seconds so far), the output, or
    the named failure and what to do next, in sentences."""

    def __init__(self, action: ProposedAction, now):
        self.status = action.status
        result = action.result if isinstance(action.result, dict) else {}
        self.running_seconds = None
        if action.status == "executing" and action.executing_since and now is not None:
            self.running_seconds = max(0, int((now - action.executing_since).total_seconds()))
        self.exit_code = result.get("exit_code")
        self.stdout = mask(str(result.get("stdout") or "")) if "stdout" in result else ""
        self.stderr = mask(str(result.get("stderr") or "")) if "stderr" in result else ""
        self.truncated = bool(result.get("truncated"))
        self.facts = [
            (key.replace("_", " "), value)
            for key, value in result.items()
            if key not in ("stdout", "stderr", "exit_code", "truncated", "error")
            and isinstance(value, (str, int, float, bool))
        ]
        error = result.get("error") if isinstance(result.get("error"), dict) else None
        self.failure = ""
        self.next_step = ""
        if action.status == "failed":
            error = error or {}
            message = str(error.get("message") or "It stopped without saying why.")
            self.failure = without_server_paths(message, action)
            self.next_step = without_server_paths(str(error.get("next_step") or ""), action)


def failure_sentence(action: ProposedAction) -> str:
    """One or two sentences for a failed action: what went wrong, and what to do next."""
    outcome = Outcome(action, now=None)
    text = outcome.failure.rstrip()
    if text and text[-1] not in ".!?":
        text += "."
    if outcome.next_step:
        step = outcome.next_step.rstrip()
        text += f" Next: {step}" + ("" if step.endswith((".", "!", "?")) else ".")
    return text


# where Brabo runs an approved action, per the project's execution mode (R1.4)
WHERE = {
    "container": "in the project's container",
    "mounted": "in the project's container, on its host folder",
    "runner": "on the runner connected to the project (its user's machine)",
    "local": "in the project's folder on Brabo's server",
}


# actions Brabo carries out on the git provider or a remote: the workspace owner's token, whoever clicks (R9.2):
# the provider's executors, and the push (containers' repo work, with that token)
def _owner_token_types() -> frozenset[str]:
    return types_run_by("actions.executors.provider") | {"git_push"}


# actions whose approval runs nothing: the decision itself is the outcome (the approval-only executors)
def _record_only_types() -> frozenset[str]:
    return types_run_by("actions.executors.approval_only")


def approve_says(action: ProposedAction) -> str:
    """What a click on Approve does, said before the click: what runs, where, with whose credentials."""
    if runs_in_agent(action):
        agent = action.agent.name if action.agent_id and action.agent else "the agent"
        return (
            f"Approving lets {agent} run it once, itself, on its own machine: outside Brabo's sandbox, "
            "with that machine's files and credentials."
        )
    if action.action_type in _record_only_types():
        return "Approving runs nothing: it records your decision (a spend counts against the budgets) and the agent reads it."
    owner = action.project.workspace.owner.get_username()
    where = WHERE.get(action.project.execution_mode, "where the project runs")
    if action.action_type in _owner_token_types():
        return (
            f"Approving has Brabo do exactly what is shown, with the workspace owner's ({owner}) git provider "
            "token, whoever clicks."
        )
    return f"Approving has Brabo run exactly what is shown, {where}, for workspace owner {owner}."
