"""Programs that run something as another user or with more rights (SPEC §5 step 6: cap_privileged).

SPEC names ``sudo`` and ``doas``. [beyond] the same act under other names -- polkit
(``pkexec``, ``run0``), ``su`` in every form (``su``, ``su -``, ``su - user``, ``su -c``), ``sudoedit``,
the tools that switch user, group or capabilities (``runuser``, ``setpriv``, ``capsh``, ``gosu``,
``su-exec``, ``chpst``-style helpers), ``systemd-run`` (the system manager runs it, unless ``--user``) and
``machinectl shell|login``. A cap only ever asks a person, so a longer list fails closed.
"""

from __future__ import annotations

__all__ = ["PRIVILEGED", "PRIVILEGE_VERBS", "host_mount", "privileged_view"]

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
_CONTAINER_ENGINES = frozenset({"docker", "podman", "nerdctl"})
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
)
# R4.10: the same namespace options with their value as the next word (`--pid host`): pflag reads both.
_NAMESPACE_OPTIONS = frozenset({"--pid", "--ipc", "--uts", "--userns", "--network", "--net", "--cgroupns"})
# red team: another container's mounts, whatever they are (a host folder, the engine's socket): not known here.
_VOLUMES_FROM = "--volumes-from"
# red team: the confinement a container runs in, switched off (`--security-opt seccomp=unconfined`,
# `apparmor=unconfined`, `systempaths=unconfined` -- /proc and /sys unmasked --, SELinux's `label=disable`).
_SECURITY_OPT = "--security-opt"

# Every verb privileged_view can answer True for (the caps' quick filter).
PRIVILEGE_VERBS: frozenset[str] = (
    PRIVILEGED | {_SYSTEMD_RUN, _MACHINECTL} | _REMOTE_LOGIN | _ROOT_TOOLS | _CONTAINER_ENGINES
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
    return False


def _host_container(view: tuple[str, ...]) -> bool:
    """`docker run --privileged`, `--pid=host`, `--cap-add`, `--device`, or a bind mount of a host folder
    that gives the host away (see :func:`host_mount`)."""
    # The subcommand may follow the engine's own options (`docker --context x run`): any of the first words.
    runs = any(w in _CONTAINER_SUBS for w in view[1:6])
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        if runs and w.startswith(_HOST_FLAGS):
            return True
        if runs and w in _NAMESPACE_OPTIONS and k + 1 < len(view) and view[k + 1] == "host":
            return True
        if runs and w.startswith("--") and (w.startswith(_VOLUMES_FROM) or _unconfined(view, k)):
            return True
        for mount in _mount_specs(view, k):
            if host_mount(mount):
                return True
    return False


def _unconfined(view: tuple[str, ...], k: int) -> bool:
    """``view[k]`` is `--security-opt` whose value (attached or the next word) switches a confinement off."""
    w = view[k]
    if w == _SECURITY_OPT:
        value = view[k + 1] if k + 1 < len(view) else ""
    elif w.startswith(_SECURITY_OPT + "="):
        value = w[len(_SECURITY_OPT) + 1 :]
    else:
        return False
    low = value.strip("'\"").lower()
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
        for part in spec.split(","):
            key, _, value = part.partition("=")
            if key.strip().lower() in ("src", "source"):
                source = value.strip().strip("'\"")
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
