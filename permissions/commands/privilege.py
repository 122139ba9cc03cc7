"""Programs that run something as another user or with more rights (SPEC §5 step 6: cap_privileged).

SPEC names ``sudo`` and ``doas``. [beyond] the same act under other names -- polkit
(``pkexec``, ``run0``), ``su`` in every form (``su``, ``su -``, ``su - user``, ``su -c``), ``sudoedit``,
the tools that switch user, group or capabilities (``runuser``, ``setpriv``, ``capsh``, ``gosu``,
``su-exec``, ``chpst``-style helpers), ``systemd-run`` (the system manager runs it, unless ``--user``) and
``machinectl shell|login``. A cap only ever asks a person, so a longer list fails closed.
"""

from __future__ import annotations

import re

__all__ = ["PRIVILEGED", "PRIVILEGE_VERBS", "host_mount", "privileged_view", "still_privileged"]

PRIVILEGED = frozenset(
    {
        "sudo",
        "doas",
        # [beyond]
        "sudoedit",
        "sudo-rs",
        "su",
        "pkexec",
        "run0",
        "runuser",
        "setpriv",
        "capsh",
        "gosu",
        "su-exec",
        "ksu",
        "please",
        "pleaseedit",
        "calife",
        "gksu",
        "gksudo",
        "kdesu",
        "kdesudo",
        "lxsudo",
        "beesu",
        "chpst",
        # red team: illumos' and Solaris' profile shell, and Windows' (an agent's hook may run there):
        # gsudo, `runas /user:Administrator cmd`.
        "pfexec",
        "gsudo",
        "runas",
        # red team (session 35): enterprise and older Unix' sudo -- Centrify's dzdo, BeyondTrust's pbrun, super
        "dzdo",
        "pbrun",
        "super",
    }
)
# Privileged only in some forms.
_SYSTEMD_RUN = "systemd-run"
_MACHINECTL = "machinectl"
_MACHINECTL_PRIVILEGED = frozenset({"shell", "login"})

# R4.9: `ssh root@localhost cmd` runs cmd as root on this very machine; any login as root over ssh or
# its relatives is read as privileged (the host cannot be told apart from this one by its name).
_REMOTE_LOGIN = frozenset({"ssh", "slogin", "scp", "sftp", "rsync", "mosh"})

# R4.9: entering another root or the host's namespaces needs root and gives its rights.
_ROOT_TOOLS = frozenset({"nsenter", "chroot"})
# R4.9: a container engine given the host (`docker run --privileged`, `-v /:/host`, `--pid=host`) is
# root on the host: privileged.
_CONTAINER_ENGINES = frozenset({"docker", "podman", "nerdctl", "finch"})
_CONTAINER_SUBS = frozenset({"run", "create", "exec"})
_HOST_FLAGS = (
    "--privileged",
    "--pid=host",
    "--ipc=host",
    "--uts=host",
    "--userns=host",
    "--cap-add",
    "--device",
    # [beyond] red team: the host's network (its loopback services: the databases and daemons listening only
    # there) and its cgroup namespace.
    "--network=host",
    "--net=host",
    "--cgroupns=host",
    # red team: the engine's own socket handed in (docker 28's `--use-api-socket`), a host folder as the
    # container's root (podman's `--rootfs DIR`).
    "--use-api-socket",
    "--rootfs",
)
# R4.10: the same namespace options with their value as the next word (`--pid host`): pflag reads both.
_NAMESPACE_OPTIONS = frozenset({"--pid", "--ipc", "--uts", "--userns", "--network", "--net", "--cgroupns"})
# red team: another container's mounts, whatever they are (a host folder, the engine's socket): not known here.
_VOLUMES_FROM = "--volumes-from"
# red team: the confinement a container runs in, switched off (`--security-opt seccomp=unconfined`,
# `apparmor=unconfined`, `systempaths=unconfined` -- /proc and /sys unmasked --, SELinux's `label=disable`).
_SECURITY_OPT = "--security-opt"
_PLUGIN_SETS = frozenset({"install", "upgrade", "enable", "set"})

# Every verb privileged_view can answer True for (the caps' quick filter).
# red team (session 20): the other container runtimes, each root on its machine or a node -- containerd's `ctr`
# given the host (`--privileged`, `--net-host`, a bind mount of it), the CRI's `crictl` and OCI's `runc` running
# or entering containers (reads stay: `crictl ps`, `runc list`), LXD/Incus instances made privileged or given a
# host folder or device, `systemd-nspawn` (a root tool); and an engine's API socket spoken to directly
# (`socat - UNIX-CONNECT:/var/run/docker.sock`, `nc -U .../containerd.sock`): whoever holds it is root there.
_CTR = "ctr"
_CTR_FLAGS = (
    "--privileged",
    "--net-host",
    "--cap-add",
    "--device",
    "--rootfs",
    "--privileged-without-host-devices",
)
_CRI_READS = frozenset(
    "ps pods images img inspect inspecti inspectp logs info version stats statsp imagefsinfo config completion"
    " help -h --help --version -v".split()
)
_RUNC_READS = frozenset("list state ps events spec features help -h --help --version -v".split())
_LXD = frozenset({"lxc", "incus"})
_LXD_HOST = (
    "security.privileged",
    "raw.lxc",
    "raw.idmap",
    "raw.apparmor",
    "raw.seccomp",
    "unix-char",
    "unix-block",
)
_ENGINE_SOCKETS = (
    "docker.sock", "containerd.sock", "podman.sock", "crio.sock", "dockershim.sock", "buildkitd.sock",
    "lxd/unix.socket", "incus/unix.socket", "cri-dockerd.sock",
)  # fmt: skip
_SOCKET_CLIENTS = frozenset({"socat", "nc", "ncat", "netcat", "curl", "http", "xh", "websocat"})
_RUNTIMES = frozenset({_CTR, "crictl", "runc", "crun", "youki", "systemd-nspawn", *_LXD})
_RUNTIMES_AND_CLIENTS = _RUNTIMES | _SOCKET_CLIENTS

PRIVILEGE_VERBS: frozenset[str] = (
    PRIVILEGED
    | {_SYSTEMD_RUN, _MACHINECTL}
    | _REMOTE_LOGIN
    | _ROOT_TOOLS
    | _CONTAINER_ENGINES
    | _RUNTIMES
    | _SOCKET_CLIENTS
)


def privileged_view(view: tuple[str, ...]) -> bool:
    """One view of a segment runs something with another user's or more rights."""
    if not view:
        return False
    verb = view[0]
    if verb in PRIVILEGED:
        return True
    if verb == _SYSTEMD_RUN:
        return "--user" not in view
    if verb == _MACHINECTL:
        return any(w in _MACHINECTL_PRIVILEGED for w in view[1:])
    if verb in _REMOTE_LOGIN:
        return _root_login(view)
    if verb in _ROOT_TOOLS:
        return True
    if verb in _CONTAINER_ENGINES:
        return _host_container(view)
    if verb in _RUNTIMES_AND_CLIENTS:  # (one look-up for the verbs that are neither)
        if verb in _RUNTIMES:
            return _runtime(view)
        for w in view:
            if "sock" in w and (w.endswith(_ENGINE_SOCKETS) or _ENGINE_SOCKET_IN.search(w)):
                return True
    return False


_ENGINE_SOCKET_IN = re.compile(r"(?:docker|containerd|podman|crio|dockershim|buildkitd|cri-dockerd)\.sock\b")


def _runtime(view: tuple[str, ...]) -> bool:
    """The other runtimes (see _RUNTIMES' comment): ctr given the host, crictl/runc/crun/youki doing more than
    reading, LXD/Incus made privileged or handed the host, systemd-nspawn."""
    verb = view[0]
    words = [w for w in view[1:] if w[:1] != "-"]
    if verb == _CTR:
        if not any(w in _CONTAINER_SUBS for w in view[1:5]):
            return False
        return any(w.startswith(_CTR_FLAGS) for w in view[1:]) or any(
            host_mount(spec) for spec in _values(view, ("--mount",))
        )
    if verb in _LXD:
        return any(w.startswith(_LXD_HOST) for w in view[1:]) or (
            "disk" in words
            and any(host_mount(f"{w.partition('=')[2]}:/x") for w in words if w.startswith("source="))
        )
    if verb == "systemd-nspawn":
        return not (len(view) == 2 and view[1] in ("-h", "--help", "--version"))
    if verb == "crictl":
        return bool(words or view[1:]) and (words[0] if words else view[1]) not in _CRI_READS
    return bool(words) and words[0] not in _RUNC_READS  # runc, crun, youki


# A command substitution in a segment's text (the reader spells each `$(…)` or `` `…` `` in the words).
_SUBSTITUTION = re.compile(r"\$\(([^()]*)\)|`([^`]*)`")
_PWD_COMMANDS = frozenset({"pwd", "pwd -P", "pwd -L"})
_PLACEHOLDERS = ("$(…)", "`…`")


def still_privileged(view: tuple[str, ...], text: str) -> bool:
    """For a view privileged_view answers True for, of the segment ``text``: whether it still is once a
    container's mount source written as the working folder's substitution (`-v "$(pwd)":/app`, `` -v
    `pwd`:/app ``) is read as `$PWD` is, not as a location decided when it runs -- when every substitution of
    the segment prints the working folder (and nothing else; leaving the project with `cd` first is the path
    scope's), its placeholders are `$(pwd)`."""
    if view[0] not in _CONTAINER_ENGINES or not any(p in w for w in view for p in _PLACEHOLDERS):
        return True
    found = _SUBSTITUTION.findall(text)
    if not found or any(" ".join((a or b).split()) not in _PWD_COMMANDS for a, b in found):
        return True
    if text.count("$(") + text.count("`") // 2 != len(found):
        return True  # a nested or unclosed one the pattern did not see whole
    named = tuple(w.replace("$(…)", "$(pwd)").replace("`…`", "$(pwd)") for w in view)
    return privileged_view(named)


def _host_container(view: tuple[str, ...]) -> bool:
    """`docker run --privileged`, `--pid=host`, `--cap-add`, `--device`, or a bind mount of a host folder
    that gives the host away (see :func:`host_mount`); a build given the host (_host_build); a volume made a
    bind mount of one (_host_volume); an engine plugin installed or enabled."""
    # The subcommand may follow the engine's own options (`docker --context x run`): any of the first words.
    head = view[1:6]
    if "build" in head or "bake" in head or "buildx" in head:
        return _host_build(view)
    if "plugin" in head:
        # a plugin runs as root with the privileges it asks for (`--grant-all-permissions` grants them unasked)
        return any(w in _PLUGIN_SETS for w in head)
    if "volume" in head and "create" in head:
        return _host_volume(view)
    runs = any(w in _CONTAINER_SUBS for w in head)
    if runs and any(_confinement_off(v) for v in _values(view, (_SECURITY_OPT,))):
        return True
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        if runs and w.startswith(_HOST_FLAGS):
            return True
        if runs and w in _NAMESPACE_OPTIONS and k + 1 < len(view) and view[k + 1] == "host":
            return True
        if runs and w.startswith(_VOLUMES_FROM):
            return True
        for mount in _mount_specs(view, k):
            if host_mount(mount):
                return True
    return False


def _values(view: tuple[str, ...], names: tuple[str, ...], short: str = "") -> list[str]:
    """The values of the options ``names`` (`--opt v`, `--opt=v`) and of the short letter ``short`` (`-o v`,
    `-ov`) before a `--`."""
    out: list[str] = []
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        nxt = view[k + 1] if k + 1 < len(view) else ""
        if w in names or (short and w == short):
            out.append(nxt)
        elif w.startswith(names) and "=" in w and w.partition("=")[0] in names:
            out.append(w.partition("=")[2])
        elif short and w.startswith(short) and w[:2] != "--":
            out.append(w[len(short) :].removeprefix("="))
    return [v.strip("'\"") for v in out]


def _host_build(view: tuple[str, ...]) -> bool:
    """red team: a build given the host -- BuildKit's `security.insecure` entitlement (its `RUN
    --security=insecure` steps run privileged), or the host's network (`--network host`, a builder made with
    `--driver-opt network=host`) as `run --network host` is."""
    if any("security.insecure" in v for v in _values(view, ("--allow", "--buildkitd-flags"))):
        return True
    if any(v == "host" for v in _values(view, ("--network",))):
        return True
    return any("network=host" in v for v in _values(view, ("--driver-opt",)))


def _host_volume(view: tuple[str, ...]) -> bool:
    """red team: `docker volume create -o type=none -o o=bind -o device=/ v`: the local driver's bind mount of a
    host folder, which any later `-v v:/x` hands a container -- read as that folder's mount (host_mount)."""
    opts = _values(view, ("--opt",), "-o")
    device = next((v.partition("=")[2] for v in opts if v.partition("=")[0].lower() == "device"), None)
    binds = any(v.partition("=")[0].lower() == "o" and "bind" in v.lower() for v in opts)
    return device is not None and binds and host_mount(f"{device}:/x")


def _confinement_off(value: str) -> bool:
    """Whether a `--security-opt` value switches a confinement off."""
    low = value.lower()
    return "unconfined" in low or low in ("label=disable", "label:disable")


def _mount_specs(view: tuple[str, ...], k: int) -> list[str]:
    """The mount specifications option ``view[k]`` gives: ``-v S``, ``-vS``, ``-v=S``, ``-itv S`` (a cluster
    ending its flags with ``v``), ``--volume[=]S``, ``--mount[=]S`` (R4.10: every spelling pflag reads)."""
    w = view[k]
    nxt = view[k + 1] if k + 1 < len(view) else ""
    if w in ("--volume", "--mount"):
        return [nxt]
    if w.startswith(("--volume=", "--mount=")):
        return [w.partition("=")[2]]
    if w[:1] == "-" and w[1:2] != "-" and "v" in w:
        rest = w[w.index("v") + 1 :]
        return [rest.removeprefix("=") or nxt]
    return []


# Host folders a container must not be given (§5 step 6, privileged): the root, the system's folders and everything
# below them, the home folders (which hold keys and agents' settings), a socket or its folder.
_SYSTEM_TOP = frozenset(
    "etc root proc sys dev boot run var usr bin sbin lib lib32 lib64 libx32 snap private system library"
    " applications cores".split()
)
_HOMES = frozenset({"home", "users"})
_PWD = ("$PWD", "${PWD}", "$(pwd)", "`pwd`", "$(pwd -P)", "$(pwd -L)")


def host_mount(spec: str) -> bool:
    """R4.10: a bind mount specification (``SRC:DST[:opts]`` or ``type=bind,source=SRC,...``, keys in any
    case) whose host source is ``/`` or a system folder (also spelled ``/.``, ``//``, ``/etc/..``), a home
    folder (``~``, ``$HOME``, ``/home/u``) or anything in one, a socket, a parent of the working folder
    (``..``), or a location decided only when it runs (a variable other than the working folder)."""
    spec = spec.strip().strip("'\"")
    source: str | None = None
    low = spec.lower()
    if "=" in spec.partition(":")[0] or low.startswith(
        ("type=", "src", "source", "target", "dst", "destination")
    ):
        source = _keyed_source(spec)
    else:
        source = spec.split(":", 1)[0]
    if not source:
        return False
    for head in _PWD:
        if source == head or source.startswith(head + "/"):
            return ".." in source
    if source.endswith(".sock") or source.startswith(("~", "$HOME", "${HOME}")):
        return True
    if "$" in source or "`" in source:
        return True
    if source.startswith(".."):
        return True
    if not source.startswith("/"):
        return False  # a named volume, or a folder below the working one
    parts: list[str] = []
    for c in source.split("/"):
        if c in ("", "."):
            continue
        if c == "..":
            if parts:
                parts.pop()
            continue
        parts.append(c)
    if not parts:
        return True  # `/`, `//`, `/.`, `/etc/..`
    top = parts[0].casefold()
    if top in _SYSTEM_TOP:
        return True
    return top in _HOMES and len(parts) <= 2


def _keyed_source(spec: str) -> str | None:
    """The host source of a `--mount` specification written as keys (`type=bind,source=SRC,...`): its source, or
    the folder a volume the local driver makes a bind mount of names (red team, in the one option:
    `type=volume,volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/`)."""
    source: str | None = None
    device: str | None = None
    binds = False
    for part in spec.split(","):
        key, _, value = part.partition("=")
        key = key.strip().lower()
        if key in ("src", "source"):
            source = value.strip().strip("'\"")
        elif key == "volume-opt":
            name, _, opt = value.partition("=")
            if name.strip().lower() == "device":
                device = opt.strip().strip("'\"")
            elif name.strip().lower() == "o" and "bind" in opt.lower():
                binds = True
    return device if device is not None and binds else source


def _root_login(view: tuple[str, ...]) -> bool:
    """`ssh root@host`, `ssh -l root host`, `ssh -lroot host`, `ssh -o User=root host`, `scp f root@h:x`."""
    for k, w in enumerate(view[1:], 1):
        if w.startswith("root@") or "://root@" in w:
            return True
        if w == "-l" and k + 1 < len(view) and view[k + 1] == "root":
            return True
        if w == "-lroot":
            return True
        if w.startswith("-o") or (k > 1 and view[k - 1] == "-o"):
            option = w[2:] if w.startswith("-o") else w
            name, _, value = option.replace("=", " ", 1).partition(" ")
            if name.lower() == "user" and value.strip() == "root":
                return True
    return False
