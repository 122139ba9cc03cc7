"""R4.10, R4.8, red team: programs that run the command after their own options and operands, in this
machine's environment or in one that shares its folders and credentials -- a Compose service's container,
distrobox and toolbox (the home folder), a dev container (the workspace), Lima, Colima, Multipass, OrbStack
and WSL machines, LXD/Incus containers, Software Collections, a snap, rr and heaptrack's recordings,
systemd-cat, abduco's session, chruby's Ruby, mosh's remote shell, macOS's `arch -x86_64`, and hatch's
`run ENV:cmd`. A deny rule for the command they run matches through them (and the floor and the caps see
it), on the sandbox and on the agent's machine; allow stays literal.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, term

THROUGH = [
    "docker compose exec app {}",
    "docker compose exec -T app {}",
    "docker compose exec -u root -w /src app {}",
    "docker compose run --rm app {}",
    "docker compose -f prod.yml run --rm -e A=1 app {}",
    "docker-compose exec app {}",
    "distrobox enter dev -- {}",
    "distrobox enter -n dev -- {}",
    "distrobox-enter dev -- {}",
    "toolbox run {}",
    "toolbox run -c dev {}",
    "toolbox run --container dev {}",
    "devcontainer exec --workspace-folder . {}",
    "limactl shell default {}",
    "lima {}",
    "colima ssh -- {}",
    "multipass exec vm -- {}",
    "orb {}",
    "orb -m ubuntu {}",
    "orb run {}",
    "orbctl run {}",
    "wsl {}",
    "wsl -e {}",
    "wsl -d Ubuntu -- {}",
    "wsl.exe -e {}",
    "lxc exec box -- {}",
    "incus exec box -- {}",
    "scl enable devtoolset-12 -- {}",
    "snap run {}",
    "rr record {}",
    "heaptrack {}",
    "systemd-cat -t job {}",
    "abduco -n session {}",
    "abduco -c session {}",
    "chruby-exec 3.3 -- {}",
    "mosh host -- {}",
    "arch -x86_64 {}",
    "arch -arm64 {}",
    "hatch run default:{}",
    "hatch run test:{}",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("shape", THROUGH)
def test_a_deny_rule_matches_the_command_they_run(shape, runs_in):
    for deny, inner in (("git push", "git push origin x"), ("rm -rf", "rm -rf build")):
        command = shape.format(inner)
        v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",), runs_in=runs_in)
        assert v.decision == "deny", (command, runs_in, v.reason)


@pytest.mark.parametrize("shape", THROUGH)
def test_the_caps_see_the_command_they_run(shape):
    command = shape.format("git push origin x")
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "docker compose up -d",
        "docker compose exec app npm test",
        "docker compose run --rm app pytest",
        "docker compose logs -f app",
        "hatch run test:cov",
        "hatch run pytest",
        "toolbox run make",
        "arch",
        "wsl --list",
    ],
)
def test_ordinary_runs_stay_auto_approved(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


def test_allow_stays_literal():  # R4.8
    command = "docker compose exec app npm test"
    assert term(command, allow=("Terminal(npm test)",)).decision != "auto_approve"
    # R4.8: the runner's prefix covers the command it runs in the container only when it names it
    assert term(command, allow=("Terminal(docker compose exec)",)).decision != "auto_approve"
    assert term(command, allow=("Terminal(docker compose exec app npm test)",)).decision == "auto_approve"
    assert term(command, allow=("Terminal(docker compose exec app npm)",)).decision == "auto_approve"
