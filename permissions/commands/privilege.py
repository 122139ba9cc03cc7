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

# Every verb privileged_view can answer True for (the caps' quick filter).
PRIVILEGE_VERBS: frozenset[str] = PRIVILEGED | {_SYSTEMD_RUN, _MACHINECTL}


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
    return False
