"""The one function that turns a decision's reason into the sentence people read (SPEC R10.3).

The API, the admin list and the approval card all call :func:`sentence`, so a reason reads the same
everywhere. Events written before reasons existed read "not recorded", never "no rule" (R10.2).
"""

from __future__ import annotations

__all__ = ["NOT_RECORDED", "SENTENCES", "TYPE_CAPS_IN_WORDS", "sentence", "why_a_person"]

NOT_RECORDED = "not recorded"

SENTENCES: dict[str, str] = {
    "iam": "the proposer's role is below the minimum for this action type",
    "builtin_deny": "a built-in rule always denies this command",
    "deny_rule": "a deny rule in permissions.json matches",
    "ask_rule": "an ask rule in permissions.json requires a person's approval",
    "allow_rule": "an allow rule in permissions.json matches",
    "scope_cd": "scope: cd inside the project folder",
    "autonomy": "the agent's autonomy setting decides this action type",
    "container_floor": "container floor: commands run inside the project's running container",
    "default": "no rule matches; a person decides",
    "compound_uncovered": "compound command with at least one segment not covered by allow",
    "unparseable": "what this runs or changes cannot be checked in full, so it is never auto-approved",
    "hook": "a policy hook decided",
    "cap_protected_merge": "a merge into a protected branch, or any other move of one, is always a person's "
    "decision",
    "cap_instruction_patch": "changing another agent's instructions needs a person to see the diff",
    "cap_parallel": "spending on more agents in parallel is always a person's decision",
    "cap_container_remove": "removing a container forces full re-provisioning; a person decides each time",
    "cap_typed_push": "pushes and pull requests are never auto-approved",
    "cap_external_effect": "a command with an external effect (push, PR, merge, deploy, publish) is never "
    "auto-approved; use the typed git_push, pr_open or git_merge action",
    "cap_privileged": "a privileged command (sudo/doas) always needs a person's decision",
    "cap_path_scope": "the command touches a path outside the project folder",
    # budgets for spend (actions.budgets)
    "budget_exceeded": "this spend would cross a budget, so the owner decides",
    "spend_threshold": "a spend up to the owner's auto-approve threshold",
    # a two-person rule governs it, so the policy never auto-approves it
    "quorum_rule": "a two-person rule of this project needs several people's approval",
    # an agent's ask_human question; only a person answers it
    "question": "an agent asks a question; a person answers it",
}


def sentence(reason: str | None, scope_root: str | None = None, detail: str | None = None) -> str:
    """The sentence for ``reason``; ``scope_root`` is the relative scope identifier (R6.4)."""
    if not reason or reason not in SENTENCES:
        return NOT_RECORDED
    text = SENTENCES[reason]
    if scope_root and reason in ("cap_path_scope", "scope_cd"):
        text = f"{text} ({scope_root})"
    if detail:
        text = f"{text}: {detail}"
    return text


# the caps a person meets on a card, in plain words. The engine's reason stays what decided the
# action (often ``default``: nothing would have auto-approved it anyway); the card says the rule that would
# have stopped it regardless.
TYPE_CAPS_IN_WORDS: dict[str, str] = {
    "git_push": "pushes always need a person",
    "pr_open": "pull requests always need a person",
    "open_adr_pr": "pull requests always need a person",
    "open_infra_pr": "pull requests always need a person",
    "instruction_patch": "changing another agent's instructions always needs a person",
    "parallelize": "running more agents in parallel always needs a person",
    "raise_max_parallel": "running more agents in parallel always needs a person",
    "container_remove": "removing a container always needs a person",
}


def why_a_person(
    reason: str | None,
    scope_root: str | None = None,
    *,
    action_type: str,
    branch: str | None = None,
    protected: bool = False,
) -> str:
    """The card's "why it waits": the action type's cap and a protected target branch in plain words,
    ("pushes always need a person; main is protected"), else :func:`sentence`'s (R10.3) reading of the
    reason. A reason that is itself a rule (a deny/ask rule, a budget, a two-person rule) keeps its sentence."""
    words = []
    if reason in (None, "", "default", "cap_typed_push", "cap_parallel", "cap_instruction_patch",
                  "cap_container_remove", "cap_protected_merge"):  # fmt: skip
        if action_type in TYPE_CAPS_IN_WORDS:
            words.append(TYPE_CAPS_IN_WORDS[action_type])
        if protected and branch:
            words.append(
                f"{branch} is protected: merging into it always needs a person"
                if action_type == "git_merge"
                else f"{branch} is protected"
            )
    if not words:
        return sentence(reason, scope_root)
    return "; ".join(words)
