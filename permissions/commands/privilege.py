"""Programs that run something as another user or with more rights (SPEC §5 step 6: cap_privileged).

SPEC names ``sudo`` and ``doas``. [beyond] issue 11 class 7: the same act under other names -- polkit
(``pkexec``, ``run0``), ``su`` in every form (``su``, ``su -``, ``su - user``, ``su -c``), ``sudoedit``,
the tools that switch user, group or capabilities (``runuser``, ``setpriv``, ``capsh``, ``gosu``,
``su-exec``, ``chpst``-style helpers), ``systemd-run`` (the system manager runs it, unless ``--user``) and
``machinectl shell|login``. A cap only ever asks a person, so a longer list fails closed.
"""

from __future__ import annotations

__all__ = ["PRIVILEGED", "PRIVILEGE_VERBS", "privileged_view"]

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
    }
)
# Privileged only in some forms.
_SYSTEMD_RUN = "systemd-run"
_MACHINECTL = "machinectl"
_MACHINECTL_PRIVILEGED = frozenset({"shell", "login"})

# Issue 11: `ssh root@localhost cmd` runs cmd as root on this very machine; any login as root over ssh or
# its relatives is read as privileged (the host cannot be told apart from this one by its name).
_REMOTE_LOGIN = frozenset({"ssh", "slogin", "scp", "sftp", "rsync", "mosh"})

# Issue 11: entering another root or the host's namespaces needs root and gives its rights.
_ROOT_TOOLS = frozenset({"nsenter", "chroot"})
# Issue 11: a container engine given the host (`docker run --privileged`, `-v /:/host`, `--pid=host`) is
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
)

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
    """`docker run --privileged`, `--pid=host`, `--cap-add`, `--device`, a bind mount of `/` (`-v /:/h`,
    `--mount type=bind,src=/,…`) or of the engine's socket."""
    if not any(w in _CONTAINER_SUBS for w in view[1:3]):
        return False
    for k, w in enumerate(view[1:], 1):
        if w == "--":
            break
        if w.startswith(_HOST_FLAGS):
            return True
        mount = None
        if w in ("-v", "--volume", "--mount") and k + 1 < len(view):
            mount = view[k + 1]
        elif w.startswith(("--volume=", "--mount=")):
            mount = w.partition("=")[2]
        elif w.startswith("-v") and len(w) > 2:
            mount = w[2:]
        if mount is not None:
            source = mount.split(":", 1)[0] if not mount.startswith(("type=", "src", "source")) else ""
            for part in mount.split(","):
                key, _, value = part.partition("=")
                if key in ("src", "source"):
                    source = value
            if source.rstrip("/") == "" and source.startswith("/") or source.endswith(".sock"):
                return True
    return False


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
