"""Red team: acts the caps and deny rules missed under another tool, another spelling or a setting.

- §5 step 6, external effects: the stacked-branch tools push branches and open, update or merge pull
  requests (`gt submit`, `av pr`, `git-town ship`, `spr land`, `ghstack`, `gs stack submit`); Fastly's CLI,
  `deno deploy`, `deployctl` and Jib publish. Their local commands stay ordinary.
- R4.9, privileged: a container given the host's namespaces -- `--pid host` with the value as the next word
  (pflag reads both spellings; `--pid=host` was caught), the host's network (its loopback services) and its
  cgroup namespace --, another container's mounts (`--volumes-from`: they may be a host folder or the engine's
  socket, not known here), or its confinement switched off (`--security-opt seccomp=unconfined`,
  `apparmor=unconfined`, `systempaths=unconfined`, `label=disable`), a volume made a bind mount of a host
  folder (`--mount type=volume,...,volume-opt=device=/`, `docker volume create -o o=bind -o device=/`), a build
  given the host (BuildKit's `security.insecure`, `--network host`), an engine plugin installed or enabled.
- R4.9, R3.7: git settings that make a later git command run code: `submodule.<name>.update=!cmd`,
  `gpg.ssh.defaultKeyCommand`, `init.templateDir`, and `git clone --template` (the clone runs the template's
  hooks).
- R4.10: the same program by another name -- uutils' `uu-rm` (Homebrew's prefix, as `grm` is GNU's) -- and
  programs that run the command after their options: `retry`, task-spooler's `tsp`, `sdiff`/`diff3
  --diff-program`; the same command by the tool's own alias (`helm delete` is `helm uninstall`).
Each is tried on the sandbox and on the agent's machine.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, allow_every_word, term


def _capped(command: str, runs_in: str, reason: str, whole: bool = False) -> None:
    """Auto mode and a prefix allow of every program ask with the cap's ``reason``; the container floor (the
    sandbox's only: the agent's machine has none) does not approve. ``whole``: the allow also spells the
    command itself -- R4.8: a container runner's prefix covers the command it runs in the container (`alpine
    sh`) only when it names it, so that the cap, not a missing allow, is what asks."""
    allow = allow_every_word(command) + ((f"Terminal({command})",) if whole else ())
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow, runs_in=runs_in),
    ):
        assert (v.decision, v.reason) == ("require_approval", reason), (command, v.reason)
    assert term(command, project=CONTAINER_RUNNING, runs_in=runs_in).decision == "require_approval", command


EXTERNAL = [
    "git-town sync",
    "git-town ship",
    "git-town propose",
    "git-town hack feature",
    "git-town delete",
    "git-town walk -- make test",
    "gt submit",
    "gt ss",
    "gt submit --stack --no-interactive",
    "gt stack submit",
    "gt merge",
    "av pr",
    "av sync --push",
    "av stack submit",
    "spr diff",
    "spr update",
    "spr merge",
    "spr land",
    "git-spr update",
    "ghstack",
    "ghstack submit",
    "ghstack land https://github.com/o/r/pull/1",
    "git-spice stack submit",
    "git-spice branch submit --fill",
    "gs stack submit",
    "gs ss",
    "gs bs",
    "gs branch submit",
    "gs upstack submit",
    "fastly compute publish",
    "fastly compute deploy",
    "fastly service delete --service-id x",
    "fastly purge --all",
    "deno deploy",
    "deno deploy --prod",
    "deployctl deploy --project=x main.ts",
    "jib build",
    "jib jar --target=registry.example.com/app app.jar",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", EXTERNAL)
def test_stacked_branch_tools_and_deployers_are_external(command, runs_in):
    _capped(command, runs_in, "cap_external_effect")


@pytest.mark.parametrize(
    "command",
    [
        "git-town status",
        "git-town config",
        "gt log",
        "gt create -m wip",
        "gt sync",
        "gt checkout x",
        "av tree",
        "spr status",
        "ghstack checkout https://github.com/o/r/pull/1",
        "gs -sDEVICE=pdfwrite -o out.pdf in.ps",
        "gs log short",
        "fastly compute build",
        "fastly whoami",
        "deno run main.ts",
        "deno test",
    ],
)
def test_their_local_commands_stay_ordinary(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


HOST_NAMESPACES = [
    "docker run --pid host alpine",
    "docker run --ipc host alpine",
    "docker run --uts host alpine",
    "docker run --userns host alpine",
    "docker run --cgroupns host alpine",
    "docker run --cgroupns=host alpine",
    "docker run --network host alpine",
    "docker run --network=host alpine",
    "docker run --net host alpine",
    "docker run --net=host alpine",
    "docker run --rm -it --pid host --name x alpine sh",
    "docker create --pid host alpine",
    "docker container run --net host alpine",
    "docker --context default run --pid host alpine",  # (another machine's daemon: an external effect first)
    "podman run --pid host alpine",
    "podman run --network host alpine",
    "nerdctl run --net host alpine",
    "docker compose run --pid host app",
    # another container's mounts (a host folder, the engine's socket: not known here), and the confinement
    # switched off (seccomp, AppArmor, /proc and /sys unmasked, SELinux labels)
    "docker run --volumes-from builder alpine",
    "docker run --volumes-from=builder:ro alpine",
    "docker create --volumes-from x alpine",
    "docker run --security-opt seccomp=unconfined alpine",
    "docker run --security-opt=seccomp=unconfined alpine",
    "docker run --security-opt seccomp:unconfined alpine",
    "docker run --security-opt apparmor=unconfined alpine",
    "docker run --security-opt systempaths=unconfined alpine",
    "docker run --security-opt label=disable alpine",
    "docker run --security-opt 'Label=Disable' alpine",
    "podman run --security-opt seccomp=unconfined alpine",
    "nerdctl run --security-opt apparmor=unconfined alpine",
    "docker container run --rm --security-opt seccomp=unconfined alpine sh",
    # a volume the local driver makes a bind mount of a host folder, in one option or made first
    "docker run --mount type=volume,dst=/h,volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/ alpine",
    "docker run --mount 'type=volume,dst=/h,volume-opt=device=/etc,volume-opt=o=bind' alpine",
    "docker volume create --opt type=none --opt device=/ --opt o=bind hostroot",
    "docker volume create -o type=none -o device=/home -o o=rbind v",
    "docker volume create --opt=device=$HOME --opt=o=bind v",
    "podman volume create -o device=/ -o o=bind v",
    # a build given the host: BuildKit's insecure entitlement, the host's network
    "docker build --allow security.insecure .",
    "docker buildx build --allow=security.insecure -t x .",
    "docker buildx bake --allow security.insecure",
    "docker build --network=host .",
    "docker buildx build --network host .",
    "docker buildx create --driver-opt network=host --use",
    "docker buildx create --buildkitd-flags '--allow-insecure-entitlement security.insecure'",
    "podman build --network=host .",
    # an engine plugin: it runs as root with the privileges it asks for
    "docker plugin install vieux/sshfs --grant-all-permissions",
    "docker plugin enable x",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", HOST_NAMESPACES)
def test_a_container_given_the_hosts_namespaces_is_privileged(command, runs_in):
    _capped(command, runs_in, "cap_privileged", whole=True)


@pytest.mark.parametrize(
    "command",
    [
        "docker run --network bridge alpine",
        "docker run --network mynet alpine",
        "docker run --rm -e POSTGRES_PASSWORD=x postgres",
        "docker network ls",
        "docker run --pid container:db alpine",
        "docker run --security-opt no-new-privileges alpine",
        "docker run --security-opt seccomp=./profile.json alpine",
        "docker volume ls",
        "docker volume create pgdata",
        "docker volume create -o type=tmpfs -o device=tmpfs -o o=size=100m v",
        "docker volume create -o type=none -o o=bind -o device=./data v",
        "docker run --mount type=volume,src=data,dst=/data alpine",
        "docker build -t app .",
        "docker buildx build --platform linux/amd64 --network=none -t app .",
        "docker buildx create --use",
        "docker plugin ls",
    ],
)
def test_other_namespaces_stay_ordinary(command):
    assert term(command, autonomy=AUTO_MODE).reason != "cap_privileged", command


CODE_SETTINGS = [
    "git config submodule.x.update '!sh -c evil'",
    "git config submodule.lib.update '!./install.sh'",
    "git config --local submodule.x.update '!sh'",
    "git config set submodule.x.update '!sh'",
    "git -c submodule.x.update='!sh -c evil' submodule update",
    "git config gpg.ssh.defaultKeyCommand 'sh -c evil'",
    "git config gpg.ssh.defaultKeyCommand ./x",
    "git config init.templateDir /tmp/t",
    "git config --global init.templateDir /tmp/t",
    "git config init.TemplateDir /tmp/t",
    "git clone --template=/tmp/t https://example.com/r.git r",
    "git clone --template /tmp/t https://example.com/r.git r",
    "git clone --templ=/tmp/t https://example.com/r.git r",
    "git clone --te=/tmp/t x y",
    "git -C sub clone --template=/tmp/t x y",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", CODE_SETTINGS)
def test_git_settings_that_load_code_later_are_never_auto_approved(command, runs_in):
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, project=CONTAINER_RUNNING, runs_in=runs_in),
        term(command, allow=("Terminal(git)",), runs_in=runs_in),
    ):
        assert v.decision == "require_approval", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "git config submodule.x.update rebase",
        "git config user.name x",
        "git config --get init.templateDir",
        "git clone --depth 1 https://example.com/r.git",
        "git clone --tags x y",
    ],
)
def test_other_settings_and_clones_stay_ordinary(command):
    assert term(command, autonomy=AUTO_MODE).decision == "auto_approve", command


@pytest.mark.parametrize(
    ("deny", "command"),
    [
        ("rm -rf", "uu-rm -rf build"),
        ("rm -rf", "uu-rm -r -f build"),
        ("rm -rf", "retry -- rm -rf build"),
        ("rm -rf", "retry --times=3 --delay=1 -- rm -rf build"),
        ("rm -rf", "tsp rm -rf build"),
        ("rm -rf", "tsp -L cleanup rm -rf build"),
        ("git push", "retry -t 3 -- git push origin x"),
        ("git push", "tsp git push origin x"),
        ("git push", "uu-env git push"),
        ("git push", "uu-timeout 60 git push"),
        ("chmod 777", "uu-chmod 777 x"),
        ("rm", "sdiff --diff-program=rm a b"),
        ("rm", "diff3 --diff-program rm a b c"),
        # helm's own aliases of `uninstall` (cobra's), with helm's flags anywhere
        ("helm uninstall", "helm delete x"),
        ("helm uninstall", "helm del x"),
        ("helm uninstall", "helm un x"),
        ("helm uninstall", "helm -n prod delete x"),
        ("helm uninstall", "helm delete x --namespace prod"),
        ("helm uninstall --keep-history", "helm del --keep-history x"),
    ],
)
def test_a_deny_sees_the_program_under_another_name(deny, command):  # R4.10
    for runs_in in ("sandbox", "agent"):
        v = term(command, allow=allow_every_word(command), deny=(f"Terminal({deny})",), runs_in=runs_in)
        assert v.decision == "deny", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "uu-rm -rf /",
        "uu-rm -rf ~",
        "uu-timeout 5 rm -rf /",
        "echo / | uu-xargs rm -rf",
        "uu-find / -delete",
        "retry -- rm -rf /",
        "tsp rm -rf /*",
    ],
)
def test_the_floor_sees_through_them(command):  # R4.6
    for runs_in in ("sandbox", "agent"):
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, runs_in, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "uu-cp x .git/hooks/pre-commit",
        "uu-tee .envrc < x",
        "retry -- cp x .husky/pre-commit",
        "tsp cp x .github/workflows/ci.yml",
        "sdiff --diff-program=./x a b",
    ],
)
def test_what_they_write_or_run_is_judged(command):  # R3.7, R4.9
    v = term(command, project=CONTAINER_RUNNING)
    assert v.decision == "require_approval", (command, v.reason)
