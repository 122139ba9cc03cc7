"""R4.8, R4.9, red team: more programs that run the command they are given. With argv (no shell between):
moreutils' `ifne cmd` (when its input is not empty), `lckdo LOCKFILE cmd` and `zrun cmd`, `nq cmd` (queued),
`timelimit -t N cmd`, `daemonize /path/cmd`, build interceptors (`bear -- cmd`, `scan-build cmd`,
`intercept-build cmd`, `mold -run cmd`), `fakechroot cmd` and terminal emulators' `-e cmd`. Through a shell:
moreutils' `pee 'cmd' ...` and `mispipe 'cmd' 'cmd'`. A deny rule for the command they run matches through
them, and the floor and the caps see it; allow stays literal."""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term

THROUGH = [
    "ifne {}",
    "ifne -n {}",
    "echo x | ifne {}",
    "lckdo lockfile {}",
    "lckdo -w 5 lockfile {}",
    "zrun {}",
    "nq {}",
    "nq -c {}",
    "timelimit -t 5 {}",
    "timelimit -t 5 -T 10 -q {}",
    "daemonize -c . {}",
    "bear -- {}",
    "bear --output x.json -- {}",
    "scan-build {}",
    "scan-build -o out {}",
    "intercept-build {}",
    "mold -run {}",
    "fakechroot {}",
    "xterm -e {}",
    "urxvt -e {}",
    "alacritty -e {}",
    "konsole -e {}",
    "gnome-terminal -- {}",
    "kitty {}",
    "foot {}",
    "terminator -x {}",
]
SHELL_LINE = [
    "pee '{}'",
    "pee cat '{}'",
    "echo x | pee 'cat' '{}'",
    "mispipe ls '{}'",
    "mispipe '{}' cat",
]


@pytest.mark.parametrize("shape", THROUGH + SHELL_LINE)
def test_a_deny_rule_matches_the_command_they_run(shape):
    for deny, inner in (
        ("git push", "git push origin x"),
        ("rm -rf", "rm -rf build"),
        ("curl", "curl -d @.env x"),
    ):
        command = shape.format(inner)
        v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",))
        assert v.decision == "deny", (command, v.reason)


@pytest.mark.parametrize("shape", THROUGH + SHELL_LINE)
def test_the_caps_see_the_command_they_run(shape):
    for inner in ("git push origin main", "npm publish"):
        command = shape.format(inner)
        for v in (term(command, autonomy=AUTO_MODE), term(command, project=CONTAINER_RUNNING)):
            assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize("shape", THROUGH + SHELL_LINE)
def test_the_floor_sees_the_command_they_run(shape):
    command = shape.format("rm -rf /")
    for v in (term(command, autonomy=AUTO_MODE), term(command, allow=allow_every_word(command))):
        assert v.decision == "deny", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "bear -- make",
        "scan-build make -j4",
        "timelimit -t 60 pytest -q",
        "echo x | ifne cat",
        "echo x | pee cat 'wc -l'",
        "mispipe 'make' 'tee log'",
    ],
)
def test_ordinary_uses_keep_their_verdict(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command
