"""``brabo hook claude-code|gemini-cli|codex``: a coding agent's pre-tool command hook.

Reads the agent's hook input (JSON) on stdin, forwards it to Brabo's ``/api/hooks/<agent>/`` — where the
tool is mapped to an action, proposed and decided (``actions/agent_hooks.py`` cites each agent's hook
documentation) — and writes the agent's answer on stdout. It decides nothing itself.

Settings: ``--timeout`` seconds to wait for a person (default 50), ``--agent-timeout`` the hook timeout the
agent was configured with (default: that agent's documented default, ``AGENT_TIMEOUT``), ``--pending
wait|ask`` (ask: the person at the terminal decides; Claude Code and Gemini CLI), ``--other ask|deny|allow``
for tools Brabo has no action type for, ``--root`` the project folder (default ``$BRABO_PROJECT_ROOT``, then
``$CLAUDE_PROJECT_DIR`` / ``$GEMINI_PROJECT_DIR`` that the agents set), ``--url`` and ``--key-file``.
``BRABO_URL`` and ``BRABO_AGENT_KEY`` as for every ``brabo`` command; each ``BRABO_*`` variable may also be
spelled ``GEMINI_CLI_BRABO_*``, the only names Gemini CLI passes to hooks in CI (see ``env``).

Never fails open (R12.6): an agent that kills a slow hook runs the tool, so this answers — with a refusal
when nothing better is known — before ``agent timeout − margin``, whatever Brabo does: one deadline bounds
the whole call (reading stdin, connecting, sending, every read of the answer, retries and their backoff),
the person's wait is clamped to fit inside it, and a watchdog thread writes the refusal and ends the process
at the deadline even if a call blocks where no socket timeout reaches (a name lookup, a stalled stdin).

Paths are resolved here, on the agent's machine, before they are sent: the project root, the working
directory, a file tool's path and every path a Codex patch names get ``os.path.realpath``'s answer
(``realpath`` below), so a symlink inside the project that points outside it is judged by where it leads
(the server sees only the text and cannot follow links); and a shell command's words that lead through a link
are sent with where they lead (``links_in``: ``echo x >> notes.md`` where notes.md is a link to ~/.bashrc).

Fails closed: if Brabo cannot be reached or the input cannot be read, the answer is a deny in the agent's
format. Exit code 0, except Codex's deny: exit 2 with the reason on stderr, its documented block signal.
"""

import sys
import time

from . import _wire
from ._wire import BraboError

TYPE_CHECKING = False
if TYPE_CHECKING:  # only type checkers import typing (see brabo_client/sdk.py)
    from collections.abc import Callable

try:  # the C module under ``os``; see "Paths and the environment without os" below
    import posix as _posix
    from posix import _exit, write
except ImportError:  # not a POSIX system: ``os`` and ``os.path`` answer (below)
    _posix = None  # type: ignore[assignment]
    from os import _exit, write

AGENTS = ("claude-code", "gemini-cli", "codex")
MAX_INPUT = 16 * 1024 * 1024
ROOT_ENV = {"claude-code": "CLAUDE_PROJECT_DIR", "gemini-cli": "GEMINI_PROJECT_DIR", "codex": ""}
# The event each agent calls its pre-tool hook for (``hook_event_name``, in every input all three send). Brabo's
# answer is a pre-tool decision: for any other event -- the command wired to PostToolUse, PermissionRequest,
# AfterTool, a release that renames the event, an input without one -- it would be read otherwise, or thrown
# away (the tool runs), and recording a proposal for a call that already ran, or never will, misleads the
# console. Such a call is refused without asking Brabo (``event_refusal``).
PRE_TOOL_EVENT = {"claude-code": "PreToolUse", "gemini-cli": "BeforeTool", "codex": "PreToolUse"}

# Each agent's own hook timeout when its settings name none, in seconds (R12.6). Past it the agent kills
# the hook and — a failed hook being a non-blocking error to all three — runs the tool.
#  * Claude Code: 600 for command and http hooks since 2.1.3 ("Changed tool hook execution timeout from 60
#    seconds to 10 minutes", CHANGELOG; https://code.claude.com/docs/en/hooks "Defaults: 600 for command,
#    http, and mcp_tool"), 60 before it. The hook cannot tell the version, so it assumes the shorter one.
#  * Gemini CLI: 60 (packages/core/src/hooks/hookRunner.ts, DEFAULT_HOOK_TIMEOUT = 60000 ms).
#  * Codex: 600 (codex-rs/hooks/src/engine/discovery.rs, ``timeout_sec.unwrap_or(600)``).
# actions/agent_hooks.py keeps the same table for the HTTP form (tests/test_hook_deadline.py compares them).
AGENT_TIMEOUT = {"claude-code": 60.0, "gemini-cli": 60.0, "codex": 600.0}
DEFAULT_WAIT = 50.0


def margin(agent_timeout: float) -> float:
    """How long before the agent's timeout the hook has answered: process start, a loaded machine and the
    agent reading the answer all come out of it. 15% of the timeout, at least 2 s, at most 10 s."""
    return min(10.0, max(2.0, agent_timeout * 0.15))


def server_wait(wanted: float, left: float) -> float:
    """The person's wait the server may take when ``left`` seconds remain of the hook's own budget: the
    server's answer needs time to come back (10% of what is left, 1 to 5 s), and never more than asked."""
    return max(0.0, min(wanted, left - min(5.0, max(1.0, left * 0.1))))


# -- Paths and the environment without os ---------------------------------------------------------------
# ``import os`` runs ``_collections_abc`` (some thirty abstract classes), ``stat`` and ``posixpath``: about
# a quarter of what the interpreter's own start costs, more than the rest of the hook (bench/hooks.py). The
# hook's own process reads its environment and resolves its paths through ``posix``, the C module under
# ``os``; each answer is the one ``os`` gives (tests/test_hook_fast.py compares them), and anything
# unusual — a symbolic link on the way, a system without ``posix`` — is handed to ``os`` itself.


def getenv(name: str) -> str | None:
    """``os.environ.get(name)``. Until ``os`` is imported, ``os.environ`` would be ``posix.environ`` (the
    environment the process started with) decoded as ``os.fsdecode`` does; once it is (an in-process caller,
    a test that changed it), ``os.environ`` is asked."""
    if _posix is None or "os" in sys.modules:
        import os

        return os.environ.get(name)
    encoding, errors = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()
    value = _posix.environ.get(name.encode(encoding, errors))
    return None if value is None else value.decode(encoding, errors)


def isabs(path: str) -> bool:
    """``os.path.isabs`` (posixpath's: a leading slash)."""
    if _posix is None:
        import os

        return os.path.isabs(path)
    return path.startswith("/")


def join(base: str, path: str) -> str:
    """``os.path.join(base, path)`` (posixpath's, for two strings)."""
    if _posix is None:
        import os

        return os.path.join(base, path)
    if path.startswith("/"):
        return path
    return base + path if not base or base.endswith("/") else base + "/" + path


def realpath(path: str) -> str:
    """``os.path.realpath(path)``. An absolute path is walked name by name with ``lstat`` (``_names``), as
    realpath walks it: while no name on the way is a symbolic link, realpath's answer is the path with its
    empty, ``.`` and ``..`` names taken out, which this returns; at the first link (or for a relative path, or
    without ``posix``) the whole path goes to ``os.path.realpath`` itself. An error ``lstat`` raises that is not
    an OSError (a NUL byte) is raised as realpath raises it."""
    if _posix is not None and path.startswith("/"):
        lexical, linked = _names(path)
        if not linked:
            return lexical
    import os

    return os.path.realpath(path)


def _names(path: str) -> tuple[str, bool]:
    """``path`` (absolute) with its empty, ``.`` and ``..`` names taken out, and whether some name on its way is
    a symbolic link -- each name's ``lstat`` asked until the first link, as realpath walks it (a missing name
    is no link). A path no file can have -- a NUL byte, a lone surrogate no file name's bytes give -- raises
    the ValueError ``lstat`` raises for it, wherever it stands (after a link too, where realpath would)."""
    if "\x00" in path:
        raise ValueError("embedded null byte")
    # os.fsencode's UnicodeEncodeError
    path.encode(sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
    names: list[str] = []
    linked = False
    for name in path.split("/"):
        if not name or name == ".":
            continue
        if name == "..":
            if names:
                names.pop()
            continue
        names.append(name)
        if linked:
            continue
        try:
            mode = _posix.lstat("/" + "/".join(names)).st_mode
        except OSError:  # missing, not a folder, too long: not a link, as realpath reads it
            continue
        linked = mode & 0o170000 == 0o120000  # stat.S_ISLNK
    return "/" + "/".join(names), linked


def env(name: str) -> str:
    """``$NAME``, or ``$GEMINI_CLI_NAME``. Gemini CLI strips hook environments: with redaction on, names
    containing KEY, TOKEN, SECRET, AUTH, CREDENTIAL, PRIVATE, … are dropped, and in CI (``GITHUB_SHA`` set)
    every name but a few (PATH, HOME, …) and those starting ``GEMINI_CLI_`` is
    (packages/core/src/services/environmentSanitization.ts) — ``GEMINI_CLI_BRABO_AGENT_KEY`` survives both."""
    return getenv(name) or getenv("GEMINI_CLI_" + name) or ""


def register(sub) -> None:
    p = sub.add_parser(
        "hook",
        help="a coding agent's pre-tool hook (JSON on stdin, answer on stdout)",
        epilog="brabo hook install AGENT [--user] [--print] [flags]: write this hook, in its fast form, into "
        "the agent's settings (see brabo hook install --help)",
    )
    p.add_argument("agent", choices=AGENTS)
    p.add_argument(
        "--timeout", type=float, default=DEFAULT_WAIT, help="seconds to wait for a person (default 50)"
    )
    p.add_argument(
        "--agent-timeout",
        type=float,
        default=None,
        help="the agent's hook timeout in seconds, as configured (default: the agent's documented default: "
        + ", ".join(f"{a} {t:g}" for a, t in AGENT_TIMEOUT.items())
        + "); the hook answers before it",
    )
    p.add_argument("--pending", choices=("wait", "ask"), default="wait")
    p.add_argument("--other", choices=("ask", "deny", "allow"), default="ask")
    p.add_argument("--root", help="the project folder (default $BRABO_PROJECT_ROOT or the agent's own)")
    p.add_argument("--url", help="Brabo's URL (default $BRABO_URL or http://127.0.0.1:8000)")
    p.add_argument("--key-file", help="a file holding the agent's key (default $BRABO_AGENT_KEY_FILE)")


def shown(text: str) -> str:
    """``text`` with every character that would act in a terminal rather than show -- control characters,
    escape sequences' ESC, bidi overrides, invisible characters, line breaks -- as ``⟨U+XXXX⟩``: the hook's
    own refusals quote paths and addresses it was given (the server's reasons are shown so already,
    actions/agent_hooks.py ``_reason``)."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c == " " or c.isprintable() else f"⟨U+{ord(c):04X}⟩" for c in text)


def deny(agent: str, reason: str) -> dict:
    """The agent's deny, for when Brabo itself cannot answer (same shapes as actions/agent_hooks.py)."""
    reason = shown(reason)
    if agent == "gemini-cli":
        return {"decision": "deny", "reason": reason, "systemMessage": reason}
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    }


def _encoded(agent: str, answer, reason: str | None) -> tuple[bytes, bytes, int]:
    """stdout, stderr and the exit code of an answer (Codex's deny: exit 2, the reason on stderr)."""
    out = (_wire.dumps(answer) + "\n").encode() if answer else b""
    if agent == "codex" and reason is not None:
        return out, (reason + "\n").encode("utf-8", "backslashreplace"), 2
    return out, b"", 0


def event_refusal(agent: str, body) -> str | None:
    """Why a hook input is not a pre-tool call of ``agent`` (PRE_TOOL_EVENT), or None when it is one."""
    wanted = PRE_TOOL_EVENT[agent]
    event = body.get("hook_event_name") if isinstance(body, dict) else None
    if event == wanted:
        return None
    named = f"the event {_wire.dumps(event)[:80]}" if event is not None else "no hook_event_name"
    return (
        f"Brabo's {agent} hook decides {wanted} calls only, and this input names {named}, so the call is "
        f"refused; configure the hook under {wanted} only."
    )


def _blocked(reason: str) -> tuple[bytes, bytes, int]:
    """A refusal every hook event of all three agents reads as one: exit 2, the reason on stderr, nothing on
    stdout (Claude Code: "exit code 2: blocking error"; Gemini CLI: a system block; Codex: a block)."""
    return b"", (shown(reason) + "\n").encode("utf-8", "backslashreplace"), 2


def answer_once() -> "Callable[[bytes, bytes], bool]":
    """A writer of the answer that writes once: for the hook, or for the watchdog at the deadline —
    whichever comes first; False to the later one. Written with os.write, never through sys.stdout, whose
    lock a blocked writer could be holding. (A closure, not a class: defining a class costs a new process
    more than a local decision.)"""
    import _thread  # builtin: no import cost (threading costs more than a local decision)

    lock = _thread.allocate_lock()

    def once(out: bytes, err: bytes) -> bool:
        if not lock.acquire(False):
            return False
        for fd, data in ((1, out), (2, err)):
            while data:
                try:
                    data = data[write(fd, data) :]
                except OSError:
                    break
        return True

    return once


def refuse(agent: str, reason: str) -> int:
    """Answer a deny in the agent's format (when the hook cannot even start its work)."""
    out, err, code = _encoded(agent, deny(agent, reason), reason)
    answer_once()(out, err)
    return code


def watchdog(
    agent: str, at: float, reason: str, once: "Callable[[bytes, bytes], bool]", stopped: str = ""
) -> None:
    """At ``at`` (monotonic), answer the refusal and end the process — whatever the hook is blocked in; and
    at once, with ``stopped`` as the reason, when the agent stops waiting for it (``stop_events``)."""
    import _thread

    waits, gone = stop_events()
    if waits:
        import select  # here, not in the thread (socket imports it anyway, to reach Brabo)

    def fire() -> None:
        why = (stopped or reason) if gone else reason
        while not gone and (left := at - time.monotonic()) > 0:
            if not waits:
                time.sleep(left)
                continue
            try:
                ready = select.select(waits, [], [], left)[0]
            except (OSError, ValueError):
                waits.clear()
                continue
            if ready:
                why = stopped or reason
                break
        out, err, code = _encoded(agent, deny(agent, why), why)
        if once(out, err):
            _exit(code)

    _thread.start_new_thread(fire, ())


# R12.6, red team: an agent stops a hook that is past its timeout by signalling the process it started. Gemini
# CLI 0.61 (hookRunner.ts) sends SIGTERM to the shell that runs the installed line (``bash -c``), never the
# hook under it, and then waits for the hook's output to close: the hook kept waiting on Brabo to its own
# deadline, and with it the agent (ten minutes for a hook told 600 s where 4 were written). Claude Code and
# Codex end the shell too. So the hook also ends when its parent process does (a pidfd, Linux 5.3+) or when it
# is sent SIGTERM itself (the signal's wakeup fd): it writes the refusal and exits at once. The agent has
# stopped listening by then -- all three read a hook killed at their timeout as no answer -- but nothing is
# left waiting on Brabo in its name.
def stop_events() -> "tuple[list[int], bool]":
    """The file descriptors that become readable when the agent stops waiting for this hook (its parent
    process ends, or SIGTERM arrives), and whether the parent had already gone; none where the platform has
    no such thing (Windows: the deadline alone)."""
    if _posix is None:
        return [], False
    import _signal

    waits: list[int] = []
    try:
        read_end, write_end = _posix.pipe()
        _posix.set_blocking(write_end, False)
        _signal.signal(_signal.SIGTERM, _on_sigterm)
        _signal.set_wakeup_fd(write_end)
        waits.append(read_end)
    except (OSError, ValueError):  # not the main thread, or no pipe left: the deadline still holds
        pass
    parent = _posix.getppid()
    if parent <= 1 or not hasattr(_posix, "pidfd_open"):
        return waits, False
    try:
        waits.append(_posix.pidfd_open(parent))
    except OSError:
        return waits, False
    return waits, _posix.getppid() != parent  # it ended before the pidfd named it


def _on_sigterm(signum, frame) -> None:
    """SIGTERM's Python-level handler: nothing (the watchdog, woken by the wakeup fd, answers)."""


def _recognised(agent: str, answer) -> bool:
    """Whether ``answer`` is a decision in the agent's own format, as Brabo's endpoint writes them
    (actions/agent_hooks.py): Claude Code's ``hookSpecificOutput.permissionDecision`` allow|deny|ask, Gemini
    CLI's ``decision`` allow|deny|ask, Codex's ``{}`` (allow: its own policy applies) or its deny. Anything
    else -- an empty body, ``null``, ``{}`` to Claude Code or Gemini CLI, an unknown decision -- the agent would
    read as no decision and run the tool under its own settings (R12.6: a refusal instead); so is a decision
    named for another hook event than ``PreToolUse``."""
    if not isinstance(answer, dict):
        return False
    if agent == "gemini-cli":
        return answer.get("decision") in ("allow", "deny", "ask")
    out = answer.get("hookSpecificOutput")
    if isinstance(out, dict):
        # named for another event, Claude Code throws it away (a hook error: the tool runs)
        decisions = ("deny",) if agent == "codex" else ("allow", "deny", "ask")
        return out.get("hookEventName") == "PreToolUse" and out.get("permissionDecision") in decisions
    return agent == "codex" and not answer


def _is_deny(answer) -> tuple[bool, str]:
    if not isinstance(answer, dict):
        return True, "Brabo's answer was not a JSON object"
    out = answer.get("hookSpecificOutput")
    if isinstance(out, dict) and out.get("permissionDecision") == "deny":
        return True, str(out.get("permissionDecisionReason", ""))
    if answer.get("decision") in ("deny", "block"):
        return True, str(answer.get("reason", ""))
    return False, ""


_FLAGS = {
    "--timeout": float,
    "--agent-timeout": float,
    "--pending": ("wait", "ask"),
    "--other": ("ask", "deny", "allow"),
    "--root": str,
    "--url": str,
    "--key-file": str,
}


def fast_args(argv: list[str]):
    """The hook's arguments without argparse (which costs more to import than a local decision takes);
    None for anything unusual (``--help``, a bad value), which then goes through argparse and its errors."""
    opts: dict = {
        "timeout": DEFAULT_WAIT,
        "agent_timeout": None,
        "pending": "wait",
        "other": "ask",
        "root": None,
        "url": None,
        "key_file": None,
        "agent": None,
    }
    it = iter(argv)
    for arg in it:
        name, eq, value = arg.partition("=")
        kind = _FLAGS.get(name)
        if kind is not None:
            if not eq:
                following = next(it, None)
                if following is None:
                    return None
                value = following
            dest = name[2:].replace("-", "_")
            if kind is float:
                try:
                    number = float(value)
                except ValueError:
                    return None
                if not 0 <= number < float("inf"):
                    return None
                opts[dest] = number
            elif isinstance(kind, tuple):
                if value not in kind:
                    return None
                opts[dest] = value
            else:
                opts[dest] = value
        elif arg in AGENTS and opts["agent"] is None:
            opts["agent"] = arg
        else:
            return None
    # read as argparse's Namespace is; a namespace, not a class of this module's (see _wire)
    return _wire._Namespace(**opts) if opts["agent"] else None


# The tool_input fields that name a file or a directory, across the three agents' documented tools.
PATH_FIELDS = ("file_path", "notebook_path", "dir_path", "directory", "workdir")
# The lines of a Codex patch that name a file: the grammar actions/agent_hooks.py reads with the regular
# expression ``^[^\S\n]*\*\*\* (Add File|Update File|Delete File|Move to): (.+)$`` (MULTILINE; blanks before
# the marker, as Codex trims a hunk header), spelled without ``re``, whose import costs a new process more
# than the rest of the hook.
PATCH_FILE_PREFIXES = ("*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: ")
RESOLVED_FIELD = "brabo_resolved_paths"
# A shell command's words that lead through a symbolic link somewhere else on the agent's machine (word as
# written -> where it really leads), which the server judges as the command's paths (actions/agent_hooks.py).
LINKS_FIELD = "brabo_links"
# The agents' shell tools and the field holding the command (Claude Code's Bash and Monitor, Gemini CLI's
# run_shell_command, Codex's shell forms; Codex may send the command as a list of words).
SHELL_TOOLS = {"Bash": "command", "Monitor": "command", "run_shell_command": "command", "shell": "command"}
SHELL_TOOLS.update(local_shell="command", exec_command="cmd")
MAX_LINK_WORDS = 256  # words of one command looked at (hostile input: a command of a million words)
_SHELL_BREAKS = " \t\n;&|()<>"
_GLOB = "*?["


def patch_paths(patch: str) -> list[str]:
    """The paths a Codex patch names, stripped, in order (what the server's regular expression finds)."""
    out = []
    for line in patch.split("\n"):  # MULTILINE ^ and $ break at \n only; "." takes any other character
        line = line.lstrip()  # [^\S\n]*: the blanks str.isspace knows, which are re's \s
        if line.startswith("*** "):
            for prefix in PATCH_FILE_PREFIXES:
                if line.startswith(prefix) and len(line) > len(prefix):
                    out.append(line[len(prefix) :].strip())
                    break
    return out


def shell_words(command: str) -> list[str]:
    """The words of a shell command that may name a path on this machine, quotes taken off, at most
    MAX_LINK_WORDS: split at blanks and the shell's operators; an option's value after `=` and an assignment's
    value (`--out=dir/x`, `GIT_DIR=x/.git`); a glob's folder (`node_modules/*` is `node_modules/`); never a
    word holding an expansion (`$x`, a backquote) or led by `~` (the server reads those as written)."""
    words: list[str] = []
    word: list[str] = []
    quote = ""
    started = False
    i, n = 0, len(command)
    while i < n and len(words) < MAX_LINK_WORDS:
        c = command[i]
        i += 1
        if quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"' and i < n:
                word.append(command[i])
                i += 1
            else:
                word.append(c)
        elif c in "'\"":
            quote, started = c, True
        elif c == "\\" and i < n:
            word.append(command[i])
            i += 1
            started = True
        elif c in _SHELL_BREAKS:
            if started:
                _keep_path_word("".join(word), words)
            word, started = [], False
        else:
            word.append(c)
            started = True
    if started and len(words) < MAX_LINK_WORDS:
        _keep_path_word("".join(word), words)
    return words


def _keep_path_word(word: str, words: list[str]) -> None:
    if "=" in word:
        word = word.partition("=")[2]  # `--out=dir/x`, `GIT_DIR=x/.git`
    elif word[:1] == "-":
        return
    if not word or "$" in word or "`" in word or word[0] == "~":
        return
    for g in _GLOB:
        if g in word:
            word = word[: word.find(g)].rpartition("/")[0]  # the folder the glob lists
            if not word:
                return
    words.append(word)


def links_in(command: str, base: str, root: str) -> dict[str, str]:
    """The words of ``command`` (run in ``base``) that lead through a symbolic link on this machine, each to
    where it really leads -- unless that is a program (an executable file: `.venv/bin/python`). A word whose
    path holds no link is left out: the server reads it as written. A relative word is looked for where the
    command starts and in each folder a `cd` in it moves to (`cd src && rm -rf ../out/*`)."""
    return _links(_places(shell_words(command), base), root)


def _links(places: list[tuple[str, str]], root: str) -> dict[str, str]:
    """links_in's answer for the command's places (:func:`_places`)."""
    found: dict[str, str] = {}
    inside = root.rstrip("/") + "/"
    for word, full in places:
        real = _leads_elsewhere(full, inside)
        if real is not None:
            found[word] = real
    return found


def _places(words: list[str], base: str) -> list[tuple[str, str]]:
    """Each word with each absolute path it may name, once: a relative word from where the command starts
    (``base``) and from each folder a `cd` or `pushd` in it moves to."""
    bases = [full for _, full in _folders(words, base)]
    seen: set[str] = set()
    out = []
    for word in words:
        for at in bases if not word.startswith("/") else bases[:1]:
            full = word if word.startswith("/") else join(at, word)
            if full not in seen:
                seen.add(full)
                out.append((word, full))
    return out


def _folders(words: list[str], base: str) -> list[tuple[str, str]]:
    """The folders a command runs in, (as written, absolute): where it starts (``base``, as itself), and each one
    a `cd` or `pushd` in it moves to (at most 7)."""
    here, out = base, [(base, base)]
    for k, word in enumerate(words[:-1]):
        if word in ("cd", "pushd") and len(out) < 8:
            here = words[k + 1] if words[k + 1].startswith("/") else join(here, words[k + 1])
            out.append((words[k + 1], here))
    return out


# SPEC §5 (agent), R3.7: git run in a folder that is a git store -- HEAD beside objects/ and refs/, as git's
# discovery reads it (its safe.bareRepository defaults to "all") -- runs that store's config (core.pager,
# core.fsmonitor, aliases) and, pushed into, its hooks. A cloned repository can carry one as plain files. The
# stores a git command reaches that are not the project's own .git, folder -> the store (the server asks).
GIT_STORES_FIELD = "brabo_git_stores"
MAX_GITFILE = 4096


def git_stores(command: str, base: str, root: str) -> dict[str, str]:
    """The git stores other than the project's own ``.git`` that ``command`` (run in ``base``) may reach: from
    each folder it runs in (``base``, keyed by itself, and each `cd`: whatever runs there -- an alias, a
    function, a Makefile -- may run git) and, when it runs git itself (a word ``git`` or ``…/git``), from each
    folder it names -- ``-C``, ``--git-dir=``, ``GIT_DIR=``, a local remote -- git's walk up from there to the
    project root: each folder a store, or holding a ``.git`` file that leads to one outside the project's
    ``.git`` (a nested repository's ``.git`` folder is git's own making, and is not)."""
    words = shell_words(command)
    return _stores(words, base, _places(words, base), root)


def _stores(words: list[str], base: str, places: list[tuple[str, str]], root: str) -> dict[str, str]:
    """git_stores's answer for the command's words and places (:func:`_places`), read once for links_in too."""
    runs_git = any(w == "git" or w.endswith("/git") for w in words)
    root = root.rstrip("/") or "/"
    found: dict[str, str] = {}
    for word, full in [*_folders(words, base), *(places if runs_git else ())]:
        if word in found:
            continue
        store = _store_from(full, root)
        if store is not None:
            found[word] = store
    return found


def _store_from(folder: str, root: str) -> str | None:
    """The git store other than the project's own that git's discovery finds from ``folder`` (absolute, an
    existing folder, or a ``.git`` file ``--git-dir`` may name) before the project root, or that ``folder``
    is; None for anything else, a folder outside the project or inside its ``.git`` among it."""
    try:
        lexical, linked = _names(folder)
    except ValueError:  # a NUL byte, a lone surrogate: no folder
        return None
    if linked:
        import os  # (only now: a folder with no link on its way costs the hook no import)

        lexical = os.path.realpath(folder)
    own = root + "/.git"

    def foreign(store: str | None) -> str | None:
        return None if store is None or store == own or store.startswith(own + "/") else store

    if lexical == own or lexical.startswith(own + "/") or not (lexical + "/").startswith(root + "/"):
        return None
    kind = _kind(lexical)
    if kind == "file" and lexical.endswith("/.git"):  # `--git-dir=sub/.git`: the store its gitdir names
        return foreign(_gitfile_store(lexical[: -len("/.git")]))
    if kind != "folder":
        return None  # a file, or nothing there: no folder git starts from
    d = lexical
    while d != root:
        dotgit = _dotgit(d)
        if dotgit == "folder":
            return None  # a repository git made (clone, init): its own config
        if dotgit == "file":
            return foreign(_gitfile_store(d))
        if dotgit == "link":  # a .git no clone makes: where it leads
            import os

            return foreign(os.path.realpath(d + "/.git"))
        if _kind(d + "/HEAD") == "file" and _kind(d + "/objects") == _kind(d + "/refs") == "folder":
            return d
        d = d.rpartition("/")[0] or "/"
    return None


def _dotgit(folder: str) -> str:
    """What ``folder/.git`` is: "folder", "file", "link" (a symbolic link) or "" (nothing, or something else)."""
    try:
        kind = _posix.lstat(folder + "/.git").st_mode & 0o170000
    except (OSError, ValueError):
        return ""
    return {0o040000: "folder", 0o100000: "file", 0o120000: "link"}.get(kind, "")


def _kind(path: str) -> str:
    """ "folder", "file" or "" (missing, or something else), following links."""
    try:
        mode = _posix.stat(path).st_mode
    except (OSError, ValueError):
        return ""
    kind = mode & 0o170000
    return "folder" if kind == 0o040000 else "file" if kind == 0o100000 else ""


def _gitfile_store(folder: str) -> str | None:
    """Where ``folder/.git``, a file, sends git (``gitdir: <path>``, relative to the folder), resolved; None
    when it does not say."""
    try:
        with open(folder + "/.git", "rb") as f:
            text = f.read(MAX_GITFILE).decode("utf-8", "surrogateescape")
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    target = text[len("gitdir:") :].strip()
    if not target or "\x00" in target:
        return None
    import os  # (only for a .git file: a submodule or a worktree)

    return os.path.realpath(join(folder, target))


def _leads_elsewhere(full: str, inside: str) -> str | None:
    """Where ``full`` (absolute, inside the project as written) really leads, when a link on its way takes it
    elsewhere and not to a program (an executable file: `.venv/bin/python`); else None."""
    try:
        lexical, linked = _names(full)
    except ValueError:  # a NUL byte, a lone surrogate: no path the command can open
        return None
    if not linked or not (lexical + "/").startswith(inside):
        return None  # no link on its way, or outside the project as written (the server reads that)
    import os  # (only now: a command with no link on its way costs the hook no import)
    import stat

    real = os.path.realpath(full)
    try:
        st = os.stat(real)
    except OSError:
        return real
    return None if stat.S_ISREG(st.st_mode) and st.st_mode & 0o111 else real


def resolve_links(body, root: str | None, agent: str = "") -> tuple[object, str | None]:
    """The hook input with the cwd and file paths resolved through symlinks, and the resolved root.
    Only absolute results are substituted; anything unusual is left for the server to judge.

    A Codex ``apply_patch`` names its files inside the patch text, which is left as the agent wrote it;
    each path is resolved here and sent as ``tool_input.brabo_resolved_paths`` (path as written → real
    path), which the server requires to cover every path of the patch and judges as well as the text."""
    if not isinstance(body, dict):
        return body, root
    real = realpath
    root = real(root) if root and isabs(root) else root
    cwd = body.get("cwd")
    out = dict(body)
    if isinstance(cwd, str) and isabs(cwd):
        out["cwd"] = real(cwd)
    tool_input = body.get("tool_input")
    if isinstance(tool_input, dict):
        ti = dict(tool_input)
        ti.pop(RESOLVED_FIELD, None)  # only this program writes it
        base = cwd if isinstance(cwd, str) and isabs(cwd) else None
        for name in PATH_FIELDS:
            value = ti.get(name)
            if isinstance(value, str) and value and "\x00" not in value:
                if isabs(value):
                    ti[name] = real(value)
                elif base and name in ("file_path", "notebook_path"):
                    ti[name] = real(join(base, value))
        _add_read_links(body.get("tool_name"), ti, root if agent == "gemini-cli" else out.get("cwd"))
        _add_mcp_links(body.get("tool_name"), ti)
        patch = ti.get("command", ti.get("input"))
        if body.get("tool_name") == "apply_patch" and isinstance(patch, str):
            workdir = ti.get("workdir")
            if isinstance(workdir, str) and workdir:
                base = workdir if isabs(workdir) else (join(base, workdir) if base else None)
            resolved = {}
            for path in patch_paths(patch):
                if path and "\x00" not in path and (isabs(path) or base):
                    resolved[path] = real(path if isabs(path) else join(base or "/", path))
            ti[RESOLVED_FIELD] = resolved
        _add_command_facts(body.get("tool_name"), ti, out.get("cwd"), root)
        ti.pop(EXPANDED_FIELD, None)  # only this program writes these
        ti.pop(FUNCTIONS_FIELD, None)
        command = ti.get("command", ti.get("cmd") if agent == "codex" else None)
        if isinstance(command, str) and body.get("tool_name") in SNAPSHOT_SHELLS.get(agent, ()):
            ti.update(shell_definitions_used(command, agent, body.get("session_id")))
        out["tool_input"] = ti
    return out, root


def _add_command_facts(tool, ti: dict, cwd, root: str | None) -> None:
    """For a call that runs a command line (a shell tool's, or an MCP tool's: ``shell_place``, ``mcp_place``),
    what this machine's file system says of it: the words, and the folder it runs in, that lead through a link
    (``links_in``, ``tool_input.brabo_links``) and the git stores its git reaches (``git_stores``,
    ``tool_input.brabo_git_stores``). Fields of these names the input brought are dropped: only this
    program writes them."""
    ti.pop(LINKS_FIELD, None)
    ti.pop(GIT_STORES_FIELD, None)
    place = shell_place(tool, ti, cwd, root) or mcp_place(tool, ti, root)
    if place is None or not root:
        return
    command, here = place
    words = shell_words(command)  # (read once, for the links and the git stores)
    places = _places(words, here)
    links = _links(places, root)
    # the folder it runs in, when that leads through a link (Codex's workdir, Gemini CLI's dir_path, an MCP
    # shell's cwd argument, relative ones as written): the server reads it as written, inside the project
    real = _leads_elsewhere(here, root.rstrip("/") + "/") if "\x00" not in here else None
    if real is not None:
        links[here] = real
    if links:
        ti[LINKS_FIELD] = links
    stores = _stores(words, here, places, root)
    if stores:
        ti[GIT_STORES_FIELD] = stores


# The agents' reading tools (actions/agent_hooks.py READERS): the fields naming a file or folder the tool reads
# and those holding glob patterns, whose folder part may lead through a link (`docs/**` where docs -> ~).
READ_TOOLS = frozenset(("Read", "NotebookRead", "Grep", "Glob", "LS")) | frozenset(
    ("read_file", "read_many_files", "list_directory", "glob", "grep_search")
)
READ_PATH_FIELDS = ("path", "absolute_path", "file_path", "notebook_path", "dir_path")
READ_PATTERN_FIELDS = ("pattern", "include", "paths")
GLOB_TOOLS = ("Glob", "glob", "read_many_files")


def _add_read_links(tool, ti: dict, base) -> None:
    """For a reading tool's call, ``tool_input.brabo_resolved_paths`` from :func:`read_links` (Gemini CLI's
    relative paths start at the project root, Claude Code's at the cwd)."""
    if tool in READ_TOOLS:
        resolved = read_links(tool, ti, base if isinstance(base, str) and isabs(base) else None)
        if resolved:
            ti[RESOLVED_FIELD] = resolved


# The path arguments of the filesystem MCP servers' tools (@modelcontextprotocol/server-filesystem and its
# kind; permissions/mcp.py _FS_PATH_ARGS).
MCP_PATH_ARGS = ("path", "source", "destination", "paths")


def _through_link(path: str) -> str | None:
    """Where the absolute ``path`` really leads, when some name on its way is a symbolic link (``realpath``'s
    answer, the names walked once); else None -- also for a path no file can have (a NUL byte, a lone
    surrogate): the server reads it as written."""
    try:
        if not _names(path)[1]:
            return None
    except ValueError:
        return None
    import os  # (only now: a path with no link on its way costs the hook no import)

    return os.path.realpath(path)


def _strings(value) -> list:
    """A tool argument holding one path or a list of them, as a list of the strings in it."""
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _add_mcp_links(tool, ti: dict) -> None:
    """For an MCP tool's call (``mcp__…``, Gemini CLI's ``mcp_…``): each absolute path argument that leads
    through a symbolic link (written -> where it really leads), as ``tool_input.brabo_resolved_paths`` -- a
    server given more than the project writes or reads where the link leads (the server itself is judged by
    the text). Relative ones are left: where a server starts them from is the server's own."""
    if not (isinstance(tool, str) and tool.startswith("mcp_")) or _posix is None:
        return
    words: list[str] = []
    for name in MCP_PATH_ARGS:
        value = ti.get(name)
        words += _strings(value)
    out = {}
    for word in words:
        real = _through_link(word) if isabs(word) and "\x00" not in word else None
        if real is not None:
            out[word] = real
    if out:
        ti[RESOLVED_FIELD] = out


# The arguments of an MCP tool that runs a command line (permissions/mcp.py _COMMAND_ARGS, _ARGV_ARGS,
# _CWD_ARGS, which this package cannot import; tests/test_hook_mcp_command_links.py compares them).
MCP_COMMAND_ARGS = ("command", "cmd", "command_line", "commandLine", "script", "input", "keys")
MCP_ARGV_ARGS = ("args", "argv", "arguments")
MCP_CWD_ARGS = ("cwd", "workingDirectory", "working_directory", "working_dir", "workdir", "directory")


def _quoted(words: list[str]) -> str:
    return " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)  # shlex.join's quoting


def mcp_place(tool, ti: dict, root: str | None) -> tuple[str, str] | None:
    """For an MCP tool's call (``mcp__…``, Gemini CLI's ``mcp_…``), the command line it names and where it runs,
    read as permissions/mcp.py ``shell_run`` reads the call: one command argument, with its one list of words
    after it, run in its one cwd argument (relative to the project root) or the project root. Which tools run
    their command is the server's to say (it judges what the hook finds only for those); None when the call
    names no such command readably, or the root is unknown."""
    if not (isinstance(tool, str) and tool.startswith("mcp_") and root and isabs(root)) or _posix is None:
        return None
    commands = [ti[n] for n in MCP_COMMAND_ARGS if n in ti]
    argvs = [ti[n] for n in MCP_ARGV_ARGS if n in ti]
    cwds = [ti[n] for n in MCP_CWD_ARGS if n in ti]
    if len(commands) != 1 or not isinstance(commands[0], str) or len(argvs) > 1 or len(cwds) > 1:
        return None
    command = commands[0]
    if argvs:
        argv = argvs[0]
        if not (isinstance(argv, list) and all(isinstance(w, str) for w in argv)):
            return None
        command = _quoted([command, *argv]) if argv else command
    here = root
    if cwds:
        if not (isinstance(cwds[0], str) and cwds[0] and "\x00" not in cwds[0]):
            return None
        here = join(root, cwds[0])
    return command, here


def read_links(tool: str, ti: dict, base: str | None) -> dict[str, str]:
    """For a reading tool's call: each path or pattern it names (written -> where it really leads), where that
    differs from the text: a glob pattern's folder part (the names before the first ``*?[{``) followed through
    links, the rest kept. ``base``: the folder relative ones start from (None: only absolute ones are read).
    Grep's ``pattern`` is a regular expression, not a place: only the glob tools' patterns are read."""
    if _posix is None:
        return {}  # (not a POSIX system: the server judges the text)
    paths = [ti[n] for n in READ_PATH_FIELDS if isinstance(ti.get(n), str) and ti[n]]
    folder = paths[0] if paths else base
    if folder is not None and not isabs(folder):
        folder = join(base, folder) if base else None
    places = [(p, base) for p in paths]  # a file or folder: from where relative ones start
    if tool in GLOB_TOOLS:  # a pattern: from the folder it searches
        for name in READ_PATTERN_FIELDS:
            value = ti.get(name)
            found = _strings(value)
            places += [(p, folder) for p in found]
    places = [(one, start) for word, start in places for one in brace_alternatives(word) or [word]]
    out: dict[str, str] = {}
    for word, start in places:
        if not word or "\x00" in word or (not isabs(word) and not start):
            continue
        names = (word if isabs(word) else join(start, word)).split("/")  # type: ignore[arg-type]
        cut = next((i for i, n in enumerate(names) if any(c in n for c in "*?[{")), len(names))
        static, rest = "/".join(names[:cut]) or "/", "/".join(names[cut:])
        real = _through_link(static)
        if real is not None:
            out[word] = join(real, rest) if rest else real
    return out


def brace_alternatives(pattern: str, limit: int = 256, longest: int = 4096) -> list[str] | None:
    """A glob pattern's brace alternatives (``{docs,src}/*``: ``docs/*``, ``src/*``; nested ones too), as the
    agents' glob libraries expand them before they match; a ``{`` with no ``,`` inside its ``}`` is a literal.
    None past ``limit`` patterns or ``longest`` characters. Also the server's (actions/agent_hooks.py)."""
    if "{" not in pattern:
        return [pattern]
    if len(pattern) > longest:
        return None
    out: list[str] = []
    todo = [pattern]
    while todo:
        if len(out) + len(todo) > limit:
            return None
        text = todo.pop()
        best = None  # the leftmost {…,…}: one pass, the open braces and the commas at each one's level
        stack: list = []
        for i, char in enumerate(text):
            if char == "{":
                stack.append((i, []))
            elif char == "," and stack:
                stack[-1][1].append(i)
            elif char == "}" and stack:
                start, commas = stack.pop()
                if commas and (best is None or start < best[0]):
                    best = (start, [start, *commas, i])
        if best is None:
            out.append(text)
            continue
        cuts = best[1]
        todo += [text[: cuts[0]] + text[a + 1 : b] + text[cuts[-1] + 1 :] for a, b in zip(cuts, cuts[1:])]
    return out


def shell_place(tool, ti: dict, cwd, root: str | None) -> tuple[str, str] | None:
    """For a shell tool's call, its command and where it runs: Codex's workdir (relative to the cwd), Gemini
    CLI's dir_path (relative to the project root); None for any other tool, or when the root or the folder is
    unknown (the server reads the text alone)."""
    field = SHELL_TOOLS.get(tool) if isinstance(tool, str) else None
    command = ti.get(field) if field else None
    if isinstance(command, list) and all(isinstance(w, str) for w in command):
        command = _quoted(command)
    if not (isinstance(command, str) and command and root and isabs(root) and _posix is not None):
        return None
    workdir = ti.get("workdir") or ti.get("dir_path") or ti.get("directory")
    here = cwd
    if isinstance(workdir, str) and workdir:
        gemini = tool == "run_shell_command"
        here = join(root if gemini else here, workdir) if isinstance(here, str) or gemini else None
    return (command, here) if isinstance(here, str) and isabs(here) else None


# Claude Code runs every Bash command after a snapshot of the user's shell -- its aliases among it, with
# alias expansion on (``~/.claude/shell-snapshots/snapshot-*.sh``, ``$CLAUDE_CONFIG_DIR`` for ~/.claude): an
# oh-my-zsh user's ``gpf`` is ``git push --force-with-lease``. The hook reads the newest snapshot's aliases and
# sends the command as they expand it (``tool_input.brabo_expanded``); the server judges both.
# Codex does the same under its default sandbox (feature ``shell_snapshot``, "stable, true" in 0.171.0; seen in
# 0.171.0 under ``sandbox_mode = "workspace-write"``, not under ``danger-full-access``): it captures the user's
# login shell once per session into ``$CODEX_HOME/shell_snapshots/<thread id>.<n>.sh`` (functions, aliases,
# options, exports) and sources it before each command -- a ``ship`` function of ~/.bashrc runs ``git push``.
# And the non-interactive bash that Gemini CLI and Codex start for a command sources the file ``$BASH_ENV``
# names, when the user's environment sets it (seen with both: a ``ship`` function there runs; Claude Code's
# shell does not read it). The tools whose command runs after the user's definitions, per agent:
SNAPSHOT_SHELLS = {
    "claude-code": ("Bash", "Monitor"),
    "codex": ("Bash", "shell", "local_shell", "exec_command"),
    "gemini-cli": ("run_shell_command",),
}
EXPANDED_FIELD = "brabo_expanded"
FUNCTIONS_FIELD = "brabo_functions"  # the user's shell functions the command calls, name -> body
MAX_SNAPSHOT = 4 * 1024 * 1024
MAX_FUNCTION = 64 * 1024  # one function's definition read at most
_KEYWORDS = ("then", "do", "else", "elif", "!", "time", "if", "while", "until", "{", "(")


# The start-up files Claude Code reads for its snapshot, in its order: before the first Bash command of a
# session the snapshot does not exist yet (Claude Code builds it for that command), and these files' own
# ``alias`` lines are what the hook can read then.
STARTUP_FILES = (
    ".zshenv",
    ".zprofile",
    ".zshrc",
    ".zlogin",
    ".bash_profile",
    ".bash_login",
    ".profile",
    ".bashrc",
)


def shell_definitions_used(
    command: str, agent: str = "claude-code", session: object = None
) -> dict[str, object]:
    """What the hook adds to a shell call of ``agent`` (SNAPSHOT_SHELLS): the command as the user's aliases
    expand it (EXPANDED_FIELD, when they change it) and the bodies of the user's functions it calls
    (FUNCTIONS_FIELD), as the agent's snapshot of the user's shell defines them (``session``: the hook input's
    session id, whose snapshot Codex sources)."""
    texts = _definition_texts(agent, session)
    out: dict[str, object] = {}
    if not texts:  # nothing defined (Gemini CLI without $BASH_ENV): the command runs as written
        return out
    aliases: object = _Aliases(texts) if _expands_aliases(texts) else {}
    expanded = expand_aliases(command, aliases)  # type: ignore[arg-type]
    if expanded != command:
        out[EXPANDED_FIELD] = expanded
    starts: list[str] = []
    expand_aliases(expanded, {}, starts)
    used = shell_functions(dict.fromkeys(starts), texts)
    if used:
        out[FUNCTIONS_FIELD] = used
    return out


def _expands_aliases(texts: list[str]) -> bool:
    """Whether the shell the texts set up expands aliases: not a bash snapshot whose last word on it is ``shopt
    -u expand_aliases`` (Codex captures a non-interactive bash, where aliases are defined but never expanded;
    Claude Code's turns expansion on). zsh expands them everywhere; start-up files are read as if it did."""
    for text in reversed(texts):
        on, off = text.rfind("shopt -s expand_aliases"), text.rfind("shopt -u expand_aliases")
        if on >= 0 or off >= 0:
            return on > off
    return True


class _Aliases:
    """The user's aliases as expand_aliases reads them, each looked up in the texts when first asked (a snapshot
    holds hundreds; a command names a few)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.known: dict[str, str | None] = {}

    def _get(self, name: str) -> str | None:
        if name not in self.known:
            found = None
            for text in self.texts:  # a later file over an earlier one
                if name in text:
                    found = _aliases_in(text, name).get(name, found)
            self.known[name] = found
        return self.known[name]

    def __contains__(self, name: str) -> bool:
        return self._get(name) is not None

    def __getitem__(self, name: str) -> str:
        value = self._get(name)
        if value is None:
            raise KeyError(name)
        return value


def snapshot_aliases() -> dict[str, str]:
    """The aliases of Claude Code's newest shell snapshot (``alias -- NAME=VALUE`` lines); with none yet, the
    ``alias`` lines of the user's start-up files (STARTUP_FILES, and ~/.bash_aliases)."""
    aliases: dict[str, str] = {}
    for text in _definition_texts():
        aliases.update(_aliases_in(text))
    return aliases


def shell_functions(names, texts: list[str] | None = None) -> dict[str, str]:
    """The bodies of the user's shell functions among ``names`` that Claude Code defines for every Bash command:
    the newest snapshot's (zsh's ``typeset -f`` text, bash's ``eval -- $'…'`` lines), or with none yet the
    start-up files' own. Only the named ones are read (a snapshot holds hundreds, in hundreds of KB)."""
    found: dict[str, str] = {}
    for text in _definition_texts() if texts is None else texts:
        for name in names:
            body = _function_named(text, name) if name and name in text else None
            if body:
                found[name] = body
    return found


def _definition_texts(agent: str = "claude-code", session: object = None) -> list[str]:
    """The text of the agent's shell snapshot (Claude Code's newest; Codex's of ``session``, else its newest);
    with none yet -- each builds it for the first command, after this hook -- the user's start-up files', in the
    order a login shell reads them. For Gemini CLI and Codex, first the file ``$BASH_ENV`` names (bash sources
    it as it starts, before the command and the snapshot the command sources)."""
    home = getenv("HOME") or ""
    bash_env = (getenv("BASH_ENV") or "").replace("${HOME}", home).replace("$HOME", home)  # bash expands it
    paths = [bash_env] if bash_env and agent in ("gemini-cli", "codex") else []
    if agent != "gemini-cli":
        newest = _codex_snapshot(home, session) if agent == "codex" else _newest_snapshot(home)
        if newest:
            paths.append(newest)
        elif home:
            paths += [home + "/" + name for name in (*STARTUP_FILES, ".bash_aliases")]
    texts = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                texts.append(f.read(MAX_SNAPSHOT).decode("utf-8", "replace"))
        except (OSError, ValueError):
            continue
    return texts


def _function_named(text: str, name: str) -> str | None:
    """The body of the last definition of ``name`` in ``text``: a bash snapshot's ``eval -- $'name () …'`` line
    (decoded), or a ``name () {`` / ``name() {`` / ``function name`` definition at a line's start."""
    body = None
    for head in (f"eval -- $'{name} ()", f"eval $'{name} ()", f"{name} ()", f"{name}()", f"function {name}"):
        at = -1 if not text.startswith(head) else 0
        while True:
            nxt = text.find("\n" + head, at + 1)
            if nxt < 0:
                break
            at = nxt + 1
        if at < 0:
            continue
        end = text.find("\n", at)
        if head.startswith("eval"):
            line = text[at : end if end >= 0 else len(text)]
            one = _first_function(_ansi_c(line, line.find("$'") + 2))
        else:
            one = _first_function(text[at : at + MAX_FUNCTION])
        if one is not None and one[0] == name:
            body = one[1]
    return body


def _newest_snapshot(home: str) -> str:
    """The path of Claude Code's newest shell snapshot, or ""."""
    folder = (getenv("CLAUDE_CONFIG_DIR") or (home + "/.claude")).rstrip("/") + "/shell-snapshots"
    return _newest_in(folder, "snapshot-")


def _codex_snapshot(home: str, session: object) -> str:
    """The path of the shell snapshot Codex sources for ``session`` (``<thread id>.<n>.sh``), else its newest
    (the same user's shell, taken for another session), or ""."""
    folder = (getenv("CODEX_HOME") or (home + "/.codex")).rstrip("/") + "/shell_snapshots"
    own = (
        _newest_in(folder, session + ".")
        if isinstance(session, str) and session and "/" not in session
        else ""
    )
    return own or _newest_in(folder, "")


def _newest_in(folder: str, prefix: str) -> str:
    """The path of the newest ``<prefix>…sh`` file in ``folder``, or ""."""
    try:
        names = _posix.listdir(folder) if _posix is not None else []
        newest = max(
            (n for n in names if n.startswith(prefix) and n.endswith(".sh")),
            key=lambda n: _posix.stat(folder + "/" + n).st_mtime,
            default=None,
        )
    except (OSError, ValueError):
        return ""
    return folder + "/" + newest if newest else ""


def _aliases_in(text: str, only: str = "") -> dict[str, str]:
    """The ``alias NAME=VALUE`` (``alias -- …``) lines of a start-up file or snapshot, later ones over earlier
    (``only``: that alias's lines alone, found without reading the others)."""
    aliases: dict[str, str] = {}
    word = "alias " if not only else only + "="
    at = text.find(word)
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line, at = text[start:end].strip(), text.find(word, end)
        if not line.startswith("alias "):
            continue  # (the word inside a line: not a definition)
        rest = line[len("alias ") :].lstrip()
        rest = rest[3:] if rest.startswith("-- ") else rest
        name, eq, value = rest.partition("=")
        name = _unquoted(name)
        if eq and name and " " not in name and len(aliases) < 1000:
            aliases[name] = _unquoted(value[: _word_end(value, 0)])  # one shell word: `# a comment` after it
    return aliases


_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "e": "\x1b",
    "E": "\x1b",
    "f": "\f",
    "v": "\v",
}


def _ansi_c(line: str, i: int) -> str:
    """The body of a $'…' string starting at ``i``, decoded (to its closing quote)."""
    out: list[str] = []
    n = len(line)
    while i < n and line[i] != "'":
        c = line[i]
        i += 1
        if c != "\\" or i >= n:
            out.append(c)
            continue
        c = line[i]
        i += 1
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif c == "x" or c in "01234567":
            digits, limit, base = (c if c != "x" else ""), (2 if c == "x" else 3), (16 if c == "x" else 8)
            while (
                i < n
                and len(digits) < limit
                and line[i] in "0123456789abcdefABCDEF"[: base if base == 16 else 8]
            ):
                digits += line[i]
                i += 1
            out.append(chr(int(digits, base)) if digits else c)
        else:
            out.append(c)  # \\ \' \" and any other
    return "".join(out)


def _first_function(text: str) -> tuple[str, str] | None:
    """The function ``text`` starts by defining -- ``name () {``, ``name() { …; }``, ``function name {`` -- as
    (name, the body between its braces; braces inside quotes are not counted), or None."""
    end = text.find("\n")
    end = len(text) if end < 0 else end
    line = text[:end].strip()
    name, brace = _function_header(line)
    if not name:
        return None
    at = text.find("{", text.find(line) + brace) if brace >= 0 else text.find("{", end)
    body = _braced(text, at)[0] if at >= 0 else ""
    return (name, body.strip()) if body.strip() else None


def _function_header(line: str) -> tuple[str, int]:
    """The function a line starts to define and where its ``{`` is in it (-1: on a later line), or ("", -1)."""
    word = line[len("function ") :].lstrip() if line.startswith("function ") else ""
    if word:
        name = word.split(None, 1)[0].split("(", 1)[0]
    elif "(" in line:
        name, _, after = line.partition("(")
        name = name.strip()
        if not after.lstrip().startswith(")") or " " in name:
            return "", -1
    else:
        return "", -1
    if not name or any(not (ch.isalnum() or ch in "_-:.") for ch in name):
        return "", -1
    rest = line[line.find(name) + len(name) :].replace("()", "", 1).strip()
    if rest and rest[0] != "{":
        return "", -1
    return name, (line.find("{", line.find(name) + len(name)) if rest else -1)


def _braced(text: str, at: int) -> tuple[str, int]:
    """The text between the ``{`` at ``at`` and its matching ``}`` (quotes kept, their braces not counted), and
    where to read on; ("", …) when it never closes."""
    depth = 0
    for i, c in _outside_quotes(text, at):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[at + 1 : i], i + 1
    return "", len(text)


def _outside_quotes(text: str, i: int):  # -> Iterator[tuple[int, str]] (typing is not imported here)
    """Each (index, character) of ``text`` from ``i`` that stands outside quotes and backslash escapes: what
    the shell reads as its syntax."""
    quote = ""
    n = len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
            elif c == "\\" and quote == '"':
                i += 1
        elif c in "'\"":
            quote = c
        elif c == "\\":
            i += 1
        else:
            yield i, c
        i += 1


def _unquoted(text: str) -> str:
    """A word as the shell reads it: single and double quotes taken off, backslashes' escapes read."""
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(text):
        c = text[i]
        i += 1
        if quote == "'":
            if c == "'":
                quote = ""
            else:
                out.append(c)
        elif c == "\\" and i < len(text):
            out.append(text[i])
            i += 1
        elif c in "'\"" and (not quote or c == quote):
            quote = "" if quote else c
        else:
            out.append(c)
    return "".join(out)


def expand_aliases(command: str, aliases: dict[str, str], starts: list[str] | None = None) -> str:
    """``command`` as the shell expands ``aliases`` in it: an unquoted word at a command's start (the start, after
    `;`, `&`, `|`, `(`, `{`, a newline or a keyword such as `then`) that names one is replaced by its value,
    again inside that value (never the same name twice), and the word after a value that ends in a blank too.
    ``starts``: each word found at a command's start is added to it (as written there, before expansion)."""
    if not aliases and starts is None:
        return command
    out: list[str] = []
    i, n = 0, len(command)
    at_start = True
    while i < n:
        c = command[i]
        if c in " \t":
            out.append(c)
            i += 1
            continue
        if c in ";&|(){}\n":
            out.append(c)
            i += 1
            at_start = True
            continue
        if c in "<>":
            i = _redirection(command, i, out)  # its target is never a command's start
            continue
        j = _word_end(command, i)
        if j == i:  # (no word starts here: the character is kept, and reading goes on)
            out.append(c)
            i += 1
            continue
        word = command[i:j]
        i = j
        if at_start:
            name = word.partition("=")[0].rstrip("+")
            if "=" in word and name.isidentifier():
                out.append(word)  # an assignment before the command: the next word is still its start
                continue
            if starts is not None:
                starts.append(word)
            word, at_start = _expanded_word(word, aliases)
            if word in _KEYWORDS:
                at_start = True
        out.append(word)
    return "".join(out)


def _redirection(command: str, i: int, out: list[str]) -> int:
    """Copy a redirection starting at ``i`` (`>`, `>>`, `2>&1`'s `>&1`, `<<EOF`) and its target word to ``out``;
    where reading goes on."""
    n = len(command)
    while i < n and command[i] in "<>&|-":
        out.append(command[i])
        i += 1
    while i < n and command[i] in " \t":
        out.append(command[i])
        i += 1
    j = _word_end(command, i)
    out.append(command[i:j])
    return j


def _word_end(command: str, i: int) -> int:
    """Where the word starting at ``i`` ends (quotes and backslashes kept inside it)."""
    for j, c in _outside_quotes(command, i):
        if c in " \t;&|(){}\n<>":
            return j
    return len(command)


def _expanded_word(word: str, aliases: dict[str, str]) -> tuple[str, bool]:
    """An unquoted word at a command's start with its alias expanded (again in the value's own first word,
    never the same name twice), and whether the next word is at a command's start too (a value ending in a
    blank)."""
    used: set[str] = set()
    text = word
    head, rest = word, ""
    while head in aliases and head not in used and len(used) < 16:
        used.add(head)
        value = aliases[head]
        text = value + rest
        stripped = value.lstrip(" \t")
        end = _word_end(stripped, 0)
        head, rest = stripped[:end], stripped[end:] + rest
    if not used:
        return word, False
    return text, text.endswith((" ", "\t"))


# SPEC §5 (agent), red team: Gemini CLI (0.61, packages/cli/src/config/settings.ts loadEnvironment) loads the
# first ``.gemini/.env`` or ``.env`` it finds from its folder up to the root, then the home folder's, into its own
# environment -- every name not already set, in a trusted folder -- and its hooks inherit that environment. A
# project's ``.env`` (a cloned repository carries one; an agent's write of it waits for a person, R3.7) naming
# BRABO_URL would send the agent's key to whoever it names and take an allow from them; BRABO_PROJECT_ROOT=/
# would make every path "inside". So the hook refuses while the ``.env`` Gemini CLI loads, other than the home
# folder's own, names one of its settings (``BRABO_*``, ``GEMINI_CLI_BRABO_*``), before it reads any of them.
# The home folder's own is one that does not itself name the home folder (HOME, GEMINI_CLI_HOME): a project's file
# naming its own folder as the home (a clone's path can be guessed) would otherwise pass as the user's.
MAX_DOTENV = 256 * 1024
HOOK_SETTING_PREFIXES = ("BRABO_", "GEMINI_CLI_BRABO_")


def dotenv_settings(start: str, home: str) -> tuple[str, list[str]] | None:
    """The ``.env`` Gemini CLI loads for a session started in ``start`` and the hook settings it names, when
    that file is not the home folder's own; None when it names none (or is the home's, or there is none).
    A file that cannot be read as a small regular file is refused (ValueError): Gemini CLI may have read it."""
    import os

    home = os.path.realpath(home) if home else ""
    here = os.path.abspath(start)
    while True:
        for candidate in (os.path.join(here, ".gemini", ".env"), os.path.join(here, ".env")):
            if os.path.exists(candidate):
                names = _dotenv_names(candidate)
                at_home = here == home or os.path.realpath(here) == home
                if at_home and not _names_home(names):
                    return None  # the user's own settings (~/.env, ~/.gemini/.env)
                found = [n for n in names if n.upper().startswith(HOOK_SETTING_PREFIXES)]
                return (candidate, found) if found else None
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def _dotenv_names(path: str) -> list[str]:
    """The names a dotenv file sets (``NAME=``, ``export NAME=``, ``NAME: ``), read as hostile
    (``read_hostile``); every line that looks like one, quoted values too."""
    data = read_hostile(path, "Gemini CLI loads into the hook's environment", MAX_DOTENV)
    names = []
    for line in data.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        cut = min((i for i in (line.find("="), line.find(":")) if i > 0), default=-1)
        if cut > 0:
            names.append(line[:cut].strip())
    return names


def read_hostile(path: str, loaded: str, cap: int) -> bytes:
    """The bytes of a file a project (a cloned repository) may have written, read as hostile: opened without
    blocking (a FIFO), a regular file only (not a device, a folder), at most ``cap`` bytes. Each way it cannot be
    read is a ValueError naming the file and ``loaded`` (who loads it, and into what), so the hook refuses.
    Through ``posix`` (no ``os`` import on the hook's path) where there is one."""
    sys_ = _posix
    if sys_ is None:
        import os as sys_  # type: ignore[no-redef]
    try:
        fd = sys_.open(path, sys_.O_RDONLY | sys_.O_NONBLOCK)
    except OSError as exc:
        raise ValueError(f"cannot read {path}, which {loaded}: {exc.strerror}") from None
    try:
        if sys_.fstat(fd).st_mode & 0o170000 != 0o100000:  # stat.S_ISREG
            raise ValueError(f"{path}, which {loaded}, is not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= cap:
            chunk = sys_.read(fd, cap + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise ValueError(f"cannot read {path}, which {loaded}: {exc.strerror}") from None
    finally:
        sys_.close(fd)
    if size > cap:
        raise ValueError(f"{path}, which {loaded}, is over {cap // 1024} KB")
    return b"".join(chunks)


def _refuse_dotenv_settings(agent: str, body) -> None:
    """ValueError when Gemini CLI's ``.env`` (``dotenv_settings``) set some of this hook's settings."""
    if agent != "gemini-cli":
        return
    cwd = body.get("cwd") if isinstance(body, dict) else None
    start = cwd if isinstance(cwd, str) and isabs(cwd) and "\x00" not in cwd else getenv("GEMINI_PROJECT_DIR")
    if not start or "\x00" in start:
        import os

        start = os.getcwd()
    found = dotenv_settings(start, getenv("GEMINI_CLI_HOME") or getenv("HOME") or "")
    if found is not None:
        path, names = found
        raise ValueError(
            f"{path} sets {', '.join(sorted(set(names)))}, and Gemini CLI loads that file into its hooks' "
            "environment: a project's files do not choose where the hook asks, with which key, or which folder "
            "is the project. Take those lines out of it (set Brabo's settings in your shell, your home "
            "folder's ~/.gemini/.env or the hook's flags)"
        )


# SPEC §5 (agent), red team, the same for Claude Code: it applies the ``env`` object of a project's settings
# (``.claude/settings.json``, committed and shared, and ``.claude/settings.local.json``) to the session once the
# folder is trusted, hooks included -- 2.1.332's applyConfigEnvironmentVariables assigns every enabled source's
# ``env``, projectSettings and localSettings too, to process.env. Project settings are read in the folder it was
# started in; local settings there or at the git root above it. So the hook refuses while such a file, in the
# session's folder or CLAUDE_PROJECT_DIR or a folder above either up to the nearest ``.git``, other than the home
# folder's own (~/.claude/settings.json, the user's), names a ``BRABO_*`` setting in its ``env``.
CLAUDE_SETTINGS = (".claude/settings.json", ".claude/settings.local.json")
MAX_CLAUDE_SETTINGS = 1024 * 1024


def _exists(path: str) -> bool:
    """``os.path.exists(path)`` (through ``posix`` where there is one)."""
    try:
        if _posix is None:
            import os

            return os.path.exists(path)
        _posix.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _claude_folders(start: str) -> list[str]:
    """``start`` and the folders above it up to the nearest one holding ``.git`` (only ``start`` without one)."""
    chain = []
    here = "/" + "/".join(n for n in start.split("/") if n and n != ".")
    while True:
        chain.append(here)
        if _exists(join(here, ".git")):
            return chain
        if here == "/":
            return chain[:1]
        here = here.rsplit("/", 1)[0] or "/"


def claude_settings_env(starts: list[str], home: str) -> tuple[str, list[str]] | None:
    """The first project settings file of Claude Code's (``CLAUDE_SETTINGS`` in a folder ``_claude_folders``
    gives for one of ``starts``) whose ``env`` names one of this hook's settings, and those names; None when
    none does. The home folder's own are the user's. A file that cannot be read is refused (ValueError)."""
    home = realpath(home) if home and isabs(home) else ""
    seen = set()
    for start in starts:
        for folder in _claude_folders(start):
            if folder in seen:
                continue
            seen.add(folder)
            at_home = bool(home) and realpath(folder) == home
            for name in CLAUDE_SETTINGS:
                path = join(folder, name)
                if not _exists(path):
                    continue
                names = _claude_env_names(path)
                if at_home and not _names_home(names):
                    continue  # the user's own settings (~/.claude/settings.json)
                found = [n for n in names if n.upper().startswith(HOOK_SETTING_PREFIXES)]
                if found:
                    return path, found
    return None


def _names_home(names: list[str]) -> bool:
    """Whether a settings file sets the variable the hook takes the home folder from (``HOME``,
    ``GEMINI_CLI_HOME``, any case): a file that made its own folder the home one is no user's own file."""
    return any(n.upper() in ("HOME", "GEMINI_CLI_HOME") for n in names)


def _claude_env_names(path: str) -> list[str]:
    """The names a Claude Code settings file's ``env`` sets.
    Text that is no JSON object is refused when it could name one (mentions ``brabo`` or has a ``\\u``
    escape); otherwise Claude Code takes nothing from it either."""
    data = read_hostile(path, "Claude Code applies to its hooks' environment", MAX_CLAUDE_SETTINGS)
    text = data.decode("utf-8", "replace").removeprefix("\ufeff")
    try:
        settings = _wire.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser goes
        if "brabo" in text.lower() or "\\u" in text:
            raise ValueError(
                f"{path}, which Claude Code applies to its hooks' environment, is not JSON the hook can read"
            ) from None
        return []
    table = settings.get("env") if isinstance(settings, dict) else None
    if not isinstance(table, dict):
        return []
    return [n for n in table if isinstance(n, str)]


def _refuse_claude_settings(agent: str, body) -> None:
    """ValueError when a project's Claude Code settings (``claude_settings_env``) set some of this hook's."""
    if agent != "claude-code":
        return
    cwd = body.get("cwd") if isinstance(body, dict) else None
    starts = [
        p for p in (cwd, getenv("CLAUDE_PROJECT_DIR")) if isinstance(p, str) and isabs(p) and "\x00" not in p
    ]
    if not starts:
        import os

        starts = [os.getcwd()]
    found = claude_settings_env(starts, getenv("HOME") or "")
    if found is not None:
        path, names = found
        raise ValueError(
            f'{path} sets {", ".join(sorted(set(names)))} in its "env", and Claude Code applies a project\'s '
            "settings to its hooks' environment: a project's files do not choose where the hook asks, with which "
            "key, or which folder is the project. Take those entries out of it (set Brabo's settings in your "
            "shell, your own ~/.claude/settings.json or the hook's flags)"
        )


def _key(args) -> str:
    key = env("BRABO_AGENT_KEY")
    path = args.key_file or env("BRABO_AGENT_KEY_FILE")
    if key or not path:
        return key
    where = path
    if path.startswith("~"):  # the only spelling that needs os.path.expanduser
        import os

        where = os.path.expanduser(path)
    try:
        with open(where, "rb") as f:
            text = f.read(4097)
    except OSError as exc:
        raise ValueError(f"cannot read the agent key file {path}: {exc.strerror}") from None
    if len(text) > 4096:
        raise ValueError(f"the agent key file {path} is over 4 KB; it should hold only the key")
    return text.decode("utf-8", "replace").strip()


def main(args, *, hard_deadline: bool = False) -> int:
    """Answer one hook call. ``hard_deadline``: this process is the hook itself (the ``brabo`` program),
    so a watchdog may end it at the deadline; in-process callers (tests) get the soft deadline only."""
    started = time.monotonic()
    agent = args.agent
    agent_timeout = args.agent_timeout if args.agent_timeout is not None else AGENT_TIMEOUT[agent]
    deadline = started + agent_timeout - margin(agent_timeout)
    url = args.url or env("BRABO_URL") or "http://127.0.0.1:8000"
    console = url.rstrip("/") + "/admin/console/"
    late = (
        f"Brabo did not answer within {deadline - started:.0f} s (this agent kills its hook at "
        f"{agent_timeout:g} s and would then run the tool), so the tool call is refused. If it needs a "
        f"person, approve the action in the console, then retry the same tool call ({console})."
    )
    once = answer_once()
    if hard_deadline:
        stopped = (
            f"The agent stopped waiting for Brabo's hook before Brabo answered (its hook timeout is "
            f"{agent_timeout:g} s, or the agent was ended), so the tool call is refused."
        )
        watchdog(agent, deadline, late, once, stopped)
    try:
        raw = sys.stdin.buffer.read(MAX_INPUT + 1)
        if len(raw) > MAX_INPUT:
            raise ValueError(
                f"the hook input is over {MAX_INPUT // (1024 * 1024)} MB, the most this hook reads; "
                "Brabo cannot review a tool call that large — split it (write the file in parts)"
            )
        body = _wire.loads(raw)
        _refuse_dotenv_settings(agent, body)  # before any setting is read (the key is not sent anywhere)
        _refuse_claude_settings(agent, body)
        root = args.root or env("BRABO_PROJECT_ROOT") or getenv(ROOT_ENV[agent] or "-")
        # what sdk.Client(url, key, retries=3, backoff=0.2).hook(...) does, without the sdk's classes: the key
        # (a key file it cannot read is the error named), then the URL, then a missing key
        key = _key(args)
        url, parts = _wire.endpoint(url)
        if not key:
            raise ValueError(
                "BRABO_AGENT_KEY is not set (nor GEMINI_CLI_BRABO_AGENT_KEY, nor --key-file); the hook needs "
                "the agent's key"
            )
        not_pre_tool = event_refusal(agent, body)
        if not_pre_tool is not None:
            out, err, code = _blocked(not_pre_tool)
            if not once(out, err):
                time.sleep(60)
            return code
        body, root = resolve_links(body, root, agent)
        left = deadline - time.monotonic()
        wait = server_wait(args.timeout, left)
        params = {
            "timeout": f"{wait:.1f}",
            # the server clamps its wait to this too (at most 600 s, the longest wait it takes)
            "agent_timeout": f"{min(agent_timeout, 600.0):g}",
            "pending": args.pending,
            "other": args.other,
        }
        answer = _wire.hook_call(
            url,
            parts,
            key,
            agent,
            body,
            root=root,
            params=params,
            timeout=left,
            retries=3,
            backoff=0.2,
            sleep=time.sleep,
            deadline=deadline,
        )
    except (ValueError, BraboError) as exc:
        answer = deny(agent, f"Brabo could not decide this tool call, so it is refused: {exc}")
    except Exception as exc:  # noqa: BLE001 — a hook that crashes lets the tool run: refuse instead
        answer = deny(agent, f"brabo hook failed ({type(exc).__name__}), so the tool call is refused.")
    if not _recognised(agent, answer):
        answer = deny(
            agent,
            f"Brabo's answer at {url} was not a decision this hook knows (an empty or unexpected reply), so the "
            "tool call is refused; check that --url / BRABO_URL names Brabo itself.",
        )
    if time.monotonic() >= deadline:  # too late to be sure the agent still listens: the refusal stands
        answer = deny(agent, late)
    denied, reason = _is_deny(answer)
    out, err, code = _encoded(agent, answer, reason if denied else None)
    if not once(out, err):  # the watchdog answered first and is ending the process
        time.sleep(60)
    return code


def program(argv: list[str]) -> int:
    """The hook as a process of its own: ``brabo hook <agent> …`` and the fast form, ``fast_hook.py <agent>
    …`` (``command``). Answers, then leaves with ``os._exit``: nothing to clean up, and tearing the interpreter
    down cost more than the decision (bench/hooks.py). Unusual arguments go through argparse and its errors
    (a bad one is a refusal, never a usage error the agent would ignore)."""
    fast = fast_args(argv)
    if fast is None:
        from .cli import main as cli_main

        return cli_main(["hook", *argv])
    code = main(fast, hard_deadline=True)
    sys.stdout.flush()
    sys.stderr.flush()
    _exit(code)


# The fast form (R12.6, answers before the agent's timeout): the agent starts ``<python> -I -S <this folder>/fast_hook.py <agent> [flags]``
# instead of the ``brabo`` console script. -S skips ``site`` (every .pth file of the environment) and -I
# ignores PYTHON* variables, the user's site-packages and the working directory — so neither the machine's
# other packages nor a project the agent writes into can slow the hook down or put code in front of it.
FAST_ENTRY = "fast_hook.py"


def command(agent: str, flags: list[str] | tuple[str, ...] = (), python: str | None = None) -> str:
    """The fast form's command line: this interpreter, isolated, running fast_hook.py for ``agent``."""
    import os
    import shlex

    entry = os.path.join(os.path.dirname(os.path.abspath(__file__)), FAST_ENTRY)
    return shlex.join([python or sys.executable, "-I", "-S", entry, agent, *flags])


# R12.6, red team: Claude Code and Codex read a command hook's exit 127 (its interpreter gone: a virtualenv moved
# or deleted), 126, 1 (a crash before it answered) or a signal's death as a non-blocking error and run the tool
# (the pinned CLIs, tests/agents_e2e). The line the installer writes ends with this guard (POSIX sh: the agents
# run hook commands through /bin/sh or bash): any exit but the hook's own answers -- 0, and 2, Codex's refusal with
# its reason on stderr -- becomes exit 2 with a reason on stderr, the refusal in all three agents' protocols.
_CANNOT_RUN = (
    "Brabo's hook could not run (exit $c: its program missing, moved or failing), so the tool call is refused;"
    " run 'brabo hook install' again"
)
GUARD = f' || {{ c=$?; [ "$c" = 2 ] || echo "{_CANNOT_RUN}" >&2; exit 2; }}'


def installed_command(
    agent: str, flags: list[str] | tuple[str, ...] = (), python: str | None = None, posix: bool | None = None
) -> str:
    """The shell command an agent's settings run for this hook (``brabo hook install``): the fast form, then
    the guard that refuses when that program cannot run -- on a POSIX machine (``posix``: this one's kind by
    default); Windows' shells do not read the guard, so the line there is the fast form alone."""
    import os

    guarded = os.name != "nt" if posix is None else posix
    return command(agent, flags, python) + (GUARD if guarded else "")
