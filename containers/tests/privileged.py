"""A deliberately privileged sandbox launcher: what the probe must refuse (R9.7)."""

from __future__ import annotations

from brabo_client import sandbox as sb


class PrivilegedLauncher(sb.Launcher):
    """The sandbox as it was before R9.7: the launcher's own uid inside (root, here) and every capability
    kept (--cap-add ALL, no --disable-userns). It must never pass the probe."""

    def argv(self, folder, policy, cwd, command):
        argv = sb.bwrap_argv(
            self.bwrap, str(folder), None if policy is None else str(policy), cwd, command, share_net=False
        )
        argv.remove("--disable-userns")
        at = argv.index("--cap-drop")
        argv[at : at + 2] = ["--cap-add", "ALL"]  # root inside, and root's capabilities kept
        argv[argv.index("--uid") + 1] = "0"
        argv[argv.index("--gid") + 1] = "0"
        return argv
