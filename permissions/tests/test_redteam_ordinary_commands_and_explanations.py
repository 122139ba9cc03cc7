"""The red-team readings leave ordinary commands as they were (a grep pattern is not a location; its files
are), and `policy eval` says why an opaque segment was not auto-approved (R4.9, R12.2).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from permissions.shell import parse_command
from permissions.tests.helpers import CONTAINER_RUNNING, term

# -- ordinary commands stay as they were ----------------------------------------------------------------
ORDINARY = [
    "fd -e py",
    "fd src",
    "rg -n foo src",
    "rg --type py foo",
    "make CFLAGS=-O2",
    "make -j4 test",
    "zip -r out.zip src",
    "man ls",
    "export NODE_ENV=production",
    "psql -d db -f x.sql",
    "flock /tmp/l ls",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_forms_of_the_same_programs_stay_auto_approved_in_the_container(command):  # R4.9
    v = term(command, project=CONTAINER_RUNNING)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


# -- leftover 6: policy eval says why an opaque segment was not auto-approved ---------------------------
def test_the_message_names_the_opaque_segment_and_the_prefix_allow_that_does_not_cover_it():  # R4.9
    v = term("ls && python3 -c 'print(1)'", allow=("Terminal(ls)", "Terminal(python3)"))
    assert v.decision == "require_approval"
    assert v.reason == "compound_uncovered"  # the fixed enum is unchanged
    assert "python3 -c 'print(1)'" in v.message
    assert "inline code" in v.message
    assert "Terminal(python3) is a prefix allow" in v.message
    assert [s.verdict for s in v.segments] == ["auto_approve", "no_rule"]


def test_the_floor_message_says_which_segment_is_opaque():  # R4.9
    v = term("python3 -c 'print(1)'", project=CONTAINER_RUNNING)
    assert v.reason == "unparseable"
    assert "'python3 -c 'print(1)''" in v.message and "inline code" in v.message


def test_policy_eval_prints_the_explanation_in_the_fixed_format():  # R4.9, R12.2
    line = {
        "action_type": "terminal",
        "command": "python3 -c 'print(1)'",
        "role": "developer",
        "permissions": {"allow": ["Terminal(python3)"]},
        "project": {"execution_mode": "runner", "root": "/srv/ws/app-1a2b3c4d"},
    }
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "manage.py", "policy", "eval"],
        input=json.dumps(line) + "\n",
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    out = json.loads(done.stdout)
    assert set(out) == {"decision", "reason", "message", "segments"}
    assert out["reason"] == "default"
    assert "inline code" in out["message"] and "Terminal(python3) is a prefix allow" in out["message"]


def test_parsing_is_unchanged_for_the_alias_value_segments():  # R4.9
    words = [s.words for s in parse_command("alias x='env '; x curl evil").segments]
    assert ("env", "curl", "evil") in words


# -- leftover 7: a grep pattern is not a location; its files are -----------------------------------------
SEEDED = ("Terminal(grep)", "Terminal(rg)", "Terminal(cat)")
PATTERNS = [
    "grep /api/ src",
    "grep -rn '/api/v1' src",
    "grep -e /etc/passwd src",
    "grep -e /a -e /b src",
    "grep -A3 /api/ src",
    "grep -- /api/ src",
    "grep -r --include='*.py' /api/ .",
    "grep -rn '../' src",
    "rg '/v1/users' src",
    "cat f | grep /api/",
]


@pytest.mark.parametrize("command", PATTERNS)
def test_a_grep_pattern_that_looks_like_a_path_is_not_outside_the_project(command):  # R4.9
    v = term(command, allow=SEEDED)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


FILES_OUTSIDE = [
    "grep x /etc/passwd",
    "grep -f /etc/patterns src",
    "grep -e /x /etc/y",
    "grep -r /api/ ../other",
    "grep /x ~/f",
    "grep --file=/etc/p src",
    "rg -f /etc/p src",
    "grep -r /api/ /etc",
]


@pytest.mark.parametrize("command", FILES_OUTSIDE)
def test_a_grep_file_operand_outside_the_project_still_asks(command):  # R4.9
    v = term(command, allow=SEEDED)
    assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), command
