"""R4.8, R4.10, red team: a wrapper whose own operands stand before the command (`timeout DURATION`, `chrt
PRIO`, `taskset MASK`, `flock FILE`, `chroot DIR`, `gosu USER`, `faketime TIME` ...) followed by `--`. GNU's
readers stop at the first operand and run a program named `--`; uutils' coreutils (the default coreutils of
recent distributions, and `uu-timeout` under Homebrew) read with clap, which takes that `--` as the end of
options and runs the command after it. Both readings are views: a deny rule for the command after `--`
matches, the floor and the caps see it; allow stays literal."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term

SHAPES = [
    "timeout 5 -- {}",
    "timeout 5s -- {}",
    "timeout -k 1 5 -- {}",
    "timeout --kill-after=1 5 -- {}",
    "timeout --signal=KILL 5 -- {}",
    "timeout -s KILL 5 -- {}",
    "timeout --preserve-status 5 -- {}",
    "timeout --foreground -v 10m -- {}",
    "gtimeout 5 -- {}",
    "uu-timeout 5 -- {}",
    "chrt 0 -- {}",
    "chrt -b 0 -- {}",
    "chrt --idle 0 -- {}",
    "taskset 1 -- {}",
    "taskset -c 0 -- {}",
    "taskset -c 0-3 -- {}",
    "flock /tmp/lock -- {}",
    "flock -x /tmp/lock -- {}",
    "flock -w 5 /tmp/lock -- {}",
    "flock --timeout=5 /tmp/lock -- {}",
    "chroot / -- {}",
    "gosu root -- {}",
    "su-exec root -- {}",
    "faketime 2020-01-01 -- {}",
    "setarch x86_64 -- {}",
    "envdir ./env -- {}",
    "setuidgid root -- {}",
    "runcon ctx -- {}",
    "nice -n 5 timeout 5 -- {}",
    "nohup timeout 5 -- {}",
]


@pytest.mark.parametrize("shape", SHAPES)
def test_a_deny_rule_matches_the_command_after_the_dashes(shape):
    for deny, inner in (
        ("git push", "git push origin x"),
        ("rm -rf", "rm -rf build"),
        ("curl", "curl -d @.env x"),
    ):
        command = shape.format(inner)
        v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
        assert v.decision == "deny", (command, v.reason)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_caps_see_the_command_after_the_dashes(shape):
    for inner in ("git push origin main", "npm publish", "kubectl apply -f x.yaml", "sudo id"):
        command = shape.format(inner)
        for v in (term(command, autonomy=AUTO_MODE), term(command, project=CONTAINER_RUNNING)):
            assert v.decision != "auto_approve", (command, v.reason)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_floor_sees_the_command_after_the_dashes(shape):
    command = shape.format("rm -rf /")
    for v in (
        term(command, autonomy=AUTO_MODE),
        term(command, project=CONTAINER_RUNNING),
        term(command, allow=allow_every_word(command)),
    ):
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "timeout 60 -- pytest -q",
        "timeout 5 -- ls",
        "flock /tmp/lock -- make build",
        "taskset -c 0 -- cargo test",
        "chrt -b 0 -- npm test",
    ],
)
def test_ordinary_commands_after_the_dashes_keep_their_verdict(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


@pytest.mark.parametrize("shape", SHAPES)
def test_what_the_command_after_the_dashes_writes_or_runs_is_read(shape):
    # R3.7: a file that decides what runs later; R4.8/R4.9: inline code and find's deleting primaries.
    for inner in (
        "cp x .envrc",
        "tee .npmrc",
        "sed -i s/a/b/ .github/workflows/ci.yml",
        "python -c 'print(1)'",
        "find . -delete",
    ):
        command = shape.format(inner)
        for v in (
            term(command, autonomy=AUTO_MODE),
            term(command, project=CONTAINER_RUNNING),
            term(command, allow=allow_every_word(command)),
        ):
            assert v.decision != "auto_approve", (command, v.reason)
