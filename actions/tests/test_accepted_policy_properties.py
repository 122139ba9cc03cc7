"""R3.5 as a property (hypothesis): a permissions.json changed on disk never makes anything auto-approve
that the accepted version did not — over random pairs of policies and commands, the verdict against both
is never less strict than either policy's own verdict."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from actions.policy_input import decide_against_both
from permissions.action_types import ACTION_TYPES
from permissions.ceiling import STRICTNESS
from permissions.decide import AutonomyRow, DecisionRequest, Permissions, ProjectState, decide

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORD = st.sampled_from(
    ["ls", "cat", "git", "status", "push", "rm", "-rf", "npm", "test", "x.txt", "/etc", "*"]
)
COMMAND = st.lists(WORD, min_size=1, max_size=4).map(" ".join)
CHAINED = st.lists(COMMAND, min_size=1, max_size=3).map(lambda cs: " && ".join(cs))
LABELS = [t.label for t in ACTION_TYPES.values() if t.name != "terminal"]
ENTRY = st.one_of(
    COMMAND.map(lambda c: f"Terminal({c})"), st.sampled_from(LABELS).map(lambda lab: f"{lab}()")
)
ENTRIES = st.lists(ENTRY, max_size=5, unique=True).map(tuple)
POLICY = st.builds(Permissions, allow=ENTRIES, deny=ENTRIES, ask=ENTRIES)
PROJECTS = st.builds(
    ProjectState,
    execution_mode=st.sampled_from(["container", "mounted", "runner", "local"]),
    container_running=st.booleans(),
    root=st.just("/srv/ws/app-1"),
)
AUTONOMY = st.lists(
    st.builds(
        AutonomyRow,
        action_type=st.sampled_from(["*", "terminal", "spend", "git_commit"]),
        mode=st.sampled_from(["auto_approve", "require_approval", "deny"]),
    ),
    max_size=2,
    unique_by=lambda r: r.action_type,
).map(tuple)


def _rank(verdict) -> int:
    return STRICTNESS[verdict.decision]


@SETTINGS
@given(
    accepted=POLICY,
    on_disk=POLICY,
    command=CHAINED,
    action_type=st.sampled_from(sorted(ACTION_TYPES)),
    role=st.sampled_from(["developer", "maintainer", "owner"]),
    project=PROJECTS,
    autonomy=AUTONOMY,
    disk_error=st.sampled_from([None, None, "permissions.json is a FIFO; restore it in the console"]),
)
def test_the_verdict_against_both_is_never_less_strict_than_either(
    accepted, on_disk, command, action_type, role, project, autonomy, disk_error
):
    request = DecisionRequest(
        action_type,
        role,
        project,
        command=command if action_type == "terminal" else None,
        permissions=accepted,
        autonomy=autonomy,
        payload={"command": command} if action_type == "terminal" else {},
    )
    both = decide_against_both(request, accepted, on_disk, disk_error, [])
    alone_accepted = decide(request)
    alone_disk = decide(replace(request, permissions=on_disk))
    assert _rank(both) >= _rank(alone_accepted)
    assert _rank(both) >= _rank(alone_disk)
    if disk_error:  # a file that does not load never auto-approves (R3.3)
        assert both.decision != "auto_approve"
    if both.decision == "auto_approve":  # then both policies auto-approved it, each on its own
        assert alone_accepted.decision == alone_disk.decision == "auto_approve"
