"""Environment variables that hold a command line or load code (SPEC R4.8, R4.9, issue 11 class 5/6).

``GIT_SSH_COMMAND='curl x | sh' git fetch`` runs the value through a shell: the value is read as a
segment. ``LD_PRELOAD=x.so cmd``, ``BASH_ENV=f bash x.sh``, ``NODE_OPTIONS='--require x'`` load code no
rule can read: the segment is opaque.
"""

from __future__ import annotations

__all__ = ["COMMAND_VARS", "CODE_VARS", "assignment_carried"]

# The value is a command line a program hands to a shell (git, ssh, less, man, systemd, bash).
COMMAND_VARS = frozenset(
    {
        "GIT_SSH_COMMAND",
        "GIT_SSH",
        "GIT_PAGER",
        "PAGER",
        "MANPAGER",
        "SYSTEMD_PAGER",
        "GIT_EDITOR",
        "EDITOR",
        "VISUAL",
        "GIT_SEQUENCE_EDITOR",
        "GIT_EXTERNAL_DIFF",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "SUDO_ASKPASS",
        "GIT_PROXY_COMMAND",
        "RSYNC_RSH",
        "LESSOPEN",
        "LESSCLOSE",
        "PROMPT_COMMAND",
        "BROWSER",
    }
)
# The value makes a program load code (a library, a startup file, injected options) no rule can read.
CODE_VARS = frozenset(
    {
        "LD_PRELOAD",
        "LD_AUDIT",
        "DYLD_INSERT_LIBRARIES",
        "BASH_ENV",
        "ENV",
        "PS4",
        "NODE_OPTIONS",
        "PERL5OPT",
        "PERL5DB",
        "RUBYOPT",
        "PYTHONSTARTUP",
        "PYTHONINSPECT",
        "JAVA_TOOL_OPTIONS",
        "_JAVA_OPTIONS",
        "GIT_CONFIG_PARAMETERS",
        "GIT_CONFIG_COUNT",
        "GIT_EXEC_PATH",
        "GIT_TEMPLATE_DIR",
        "GCONV_PATH",
        "SHELLOPTS",
        "BASHOPTS",
    }
)


def assignment_carried(view: tuple[str, ...]) -> tuple[list[str], str | None]:
    """The command lines the leading assignments of ``view`` (or ``env``'s) carry, and why they load code
    no rule can read, if they do."""
    scripts: list[str] = []
    opaque: str | None = None
    start = 1 if view and view[0] == "env" else 0
    for w in view[start:]:
        eq = w.find("=")
        if eq <= 0:
            if start and w.startswith("-"):
                continue  # env's own options
            break
        name = w[: eq - 1] if w[eq - 1] == "+" else w[:eq]
        if not (name.isidentifier() and name.isascii()):
            break
        value = w[eq + 1 :]
        if name in COMMAND_VARS:
            value = value.lstrip("|")  # LESSOPEN='|cmd %s'
            if value.strip():
                scripts.append(value)
        elif name in CODE_VARS or name.startswith(("GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_", "BASH_FUNC_")):
            opaque = opaque or f"the variable {name} makes the program load code no rule can read"
    return scripts, opaque
