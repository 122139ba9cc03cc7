"""Friction (SPEC §5, path scope off the sandbox): a build tool's target labels are not folders.

``bazel test //...`` asked on a developer's machine (runs_in agent or host): ``//...`` read as a path at the
machine's root. Bazel, Bazelisk, Blaze, Buck and Please name targets by label -- ``//pkg:target``,
``@repo//pkg:x``, ``//...`` -- relative to the workspace, never a place on the machine; before a ``--`` they
are not locations (permissions/scope.py ``_LABEL_TOOLS``). What follows ``--`` is the target's own command
line, and options' values (``--output_base=/tmp/x``), are read as any other words.
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import AUTO_MODE, HOST, ROOT, term

LABELS = [
    "bazel test //...",
    "bazel build //src/app:app //src/lib/...",
    "bazel run //tools:gen -- --out src/gen",
    "bazelisk test //pkg:all --test_output=errors",
    "bazel query 'deps(//app:bin)'",
    "bazel build @repo//pkg:x",
    "buck2 build //app:app",
    "plz test //src/...",
]


@pytest.mark.parametrize("command", LABELS)
@pytest.mark.parametrize("runs_in", ["agent", "host"])
def test_target_labels_are_not_places_on_the_machine(command, runs_in):
    v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# Guards (asked before and now): real places on the machine in the same commands.
PLACES = [
    "bazel run //x -- /etc/passwd",
    "bazel run //x -- //etc",
    "bazel build --output_base=/tmp/x //...",
    "bazel build --disk_cache=~/.cache/x //...",
    "bazel test //... && cat /etc/hosts",
    "cd // && bazel test //...",
    "make //etc",
]


@pytest.mark.parametrize("command", PLACES)
def test_places_beside_labels_are_still_read(command):
    v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in="agent")
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, v.reason)
