"""R4.9 (red team): a file or an address handed to the desktop, which runs it.

On a developer's machine (an agent's hook, a runner on the host) `open` (macOS), `xdg-open`, `gio open`,
`wslview` and their kin give a file to whatever the desktop associates with it. For a script, an application
or an installer that is running it, outside the agent's shell and so outside every later hook: `open -a
Terminal evil.command`, `open ./build/tool` (an executable opens in Terminal and runs), `open x.app`, `wslview
x.bat`, `xdg-open x.desktop`; an address of a scheme that launches an application with its own arguments
(`ms-msdt:`, `vscode://…`, `search-ms:`) likewise. `gio launch`, `gtk-launch`, `dex` and `kioclient exec` start a
desktop entry's command line, which no rule reads. Opening a page, an image, a document, a folder or a web
address (`open coverage/index.html`, `open .`, `xdg-open http://localhost:3000`) stays ordinary.
"""

from __future__ import annotations

_OPAQUE = "the desktop runs what it is handed, outside the agent's shell, and no rule reads it"

# What a desktop's file association runs (lower case): macOS applications, scripts, workflows and installers;
# Linux desktop entries, AppImages and self-extracting installers; Windows' programs, scripts and shortcuts
# (wslview, a WSL desktop, and Windows' own `start` and Invoke-Item: permissions.commands.windows); Java archives.
RUNNABLE_SUFFIXES = frozenset(
    """app command tool terminal workflow action scpt scptd applescript osascript pkg mpkg dmg prefpane
    desktop appimage run bin sh bash zsh ksh csh fish py pyw pl rb php jar exe com bat cmd ps1 psm1 vbs vbe js
    jse wsf wsh hta msi msp lnk scr pif reg cpl inf url""".split()
)
# Addresses a browser opens; any other scheme may launch an application with the address as its arguments.
_WEB_SCHEMES = ("http://", "https://", "mailto:")

# macOS `open`: options that start the application anew or hand it arguments, environment or standard streams
# (what it then does is its own); options that take the next word; the applications (by name or bundle id) that
# run a file they are given as a script.
_OPEN_HANDS = frozenset({"--args", "--env", "--stdin", "--stdout", "--stderr", "-n", "--new"})
_OPEN_VALUED = frozenset({"-a", "-b", "-s", "--env", "--stdin", "--stdout", "--stderr", "-u", "--url"})
_SCRIPT_APPS = frozenset(
    {"terminal", "iterm", "iterm2", "warp", "alacritty", "kitty", "wezterm", "ghostty", "hyper", "script editor",
     "automator", "python launcher", "com.apple.terminal", "com.googlecode.iterm2", "dev.warp.warp-stable",
     "com.apple.scripteditor2", "com.apple.automator", "org.python.pythonlauncher", "jar launcher",
     "com.apple.jarlauncher", "installer", "com.apple.installer"}
)  # fmt: skip
_LINUX_OPENERS = frozenset(
    {"xdg-open", "exo-open", "gnome-open", "kde-open", "kde-open5", "kde-open6", "wslview", "mimeopen", "see",
     "run-mailcap", "handlr"}
)  # fmt: skip
_LAUNCHERS = frozenset({"gtk-launch", "dex"})
# red team (session 29), R4.9: code or a command line handed to a long-lived program of the user's desktop
# session, which runs it in its own process -- outside the agent's shell, its folder and every later hook:
# Hammerspoon's Lua (`hs -c 'hs.execute(...)'`, `hs x.lua`), a Shortcuts shortcut or an Automator workflow run by
# name, an AutoHotkey script, a window manager's `exec` (i3, sway, Hyprland, AeroSpace), Emacs's server
# evaluating Lisp (`emacsclient -e '(shell-command ...)'`). Their help and their listings stay.
_SESSION_OPAQUE = (
    "hands code or a command line to a program of the user's desktop session (an automation tool, a window"
    " manager, an editor's server), which runs it outside the agent's shell; no rule reads it"
)
_SESSION_HELPS = frozenset({"-h", "--help", "-help", "--version", "-v", "-V", "help"})
_AUTOHOTKEYS = frozenset(
    {"autohotkey", "autohotkey.exe", "autohotkey64.exe", "autohotkeyu64.exe", "autohotkey32.exe", "AutoHotkey",
     "AutoHotkey.exe", "AutoHotkey64.exe", "AutoHotkeyU64.exe", "AutoHotkey32.exe"}
)  # fmt: skip
_WM_MESSAGES = frozenset({"i3-msg", "swaymsg", "hyprctl"})
_SESSION_RUNNERS = (
    frozenset({"hs", "shortcuts", "automator", "aerospace", "emacsclient"}) | _AUTOHOTKEYS | _WM_MESSAGES
)


def _session_runs(verb: str, args: tuple[str, ...]) -> str | None:
    """What a view of one of _SESSION_RUNNERS hands the desktop session to run (see above), or None."""
    if not args or all(w in _SESSION_HELPS for w in args):
        return None
    if verb == "shortcuts":
        return _SESSION_OPAQUE if args[0] == "run" else None
    if verb == "aerospace":
        return _SESSION_OPAQUE if "exec-and-forget" in args else None
    if verb == "emacsclient":
        return (
            _SESSION_OPAQUE if any(w in ("-e", "--eval") or w.startswith("--eval=") for w in args) else None
        )
    if verb in _WM_MESSAGES:
        return _SESSION_OPAQUE if any("exec" in w for w in args) else None
    return _SESSION_OPAQUE  # hs, automator, AutoHotkey: whatever they are given runs


OPENERS: frozenset[str] = (
    frozenset({"open", "gio", "kioclient", "kioclient5", "kioclient6"})
    | _LINUX_OPENERS
    | (_LAUNCHERS)
    | _SESSION_RUNNERS
)


def _runs(operand: str) -> bool:
    """Whether the desktop runs what ``operand`` names: a runnable file (by its suffix, or none at all: an
    executable opens in a terminal and runs), an address of a scheme no browser takes."""
    low = operand.lower()
    if low.startswith(_WEB_SCHEMES):
        return False
    if low.startswith("file:"):
        low = low[5:].lstrip("/") or "/"
    elif ":" in low.split("/", 1)[0]:
        return True  # `ms-msdt:…`, `vscode://…`, `x-apple.systempreferences:…`: an application's own scheme
    name = low.rstrip("/")
    if name in ("", ".", "..", "~") or name.endswith(("/.", "/..")):
        return False  # a folder
    stem, dot, suffix = name.rsplit("/", 1)[-1].rpartition(".")
    if dot and stem and suffix in RUNNABLE_SUFFIXES:
        return True  # (an application is a folder: `x.app/`)
    # a folder (`src/`), a document; no suffix at all (`./build/tool`, `.envrc`) may be a program
    return not low.endswith("/") and not (dot and stem)


def _app_runs(app: str) -> bool:
    """Whether the application `open -a`/`-b` names runs the file it is given (a terminal, a script runner, an
    installer), or is itself a program by its path (`-a ./build/X.app`)."""
    low = app.lower().removesuffix(".app").rstrip("/")
    return low.rsplit("/", 1)[-1] in _SCRIPT_APPS or ("/" in app and _runs(app))


def _open(view: tuple[str, ...]) -> str | None:
    runner = False  # an application given that runs what it opens
    operands: list[str] = []
    k = 1
    while k < len(view):
        w = view[k]
        k += 1
        if w == "--":
            operands.extend(view[k:])
            break
        if w[:1] != "-" or len(w) == 1:
            operands.append(w)
            continue
        name, eq, value = w.partition("=")
        if name in _OPEN_HANDS:
            return _OPAQUE
        if name in _OPEN_VALUED and not eq and k < len(view):
            value = view[k]
            k += 1
        if name in ("-a", "-b") and _app_runs(value):
            runner = True
    for w in operands:
        if _runs(w) or (runner and not w.endswith("/") and w not in (".", "..")):
            return _OPAQUE
    return None


def _operands_run(words: tuple[str, ...]) -> bool:
    return any(_runs(w) for w in words if w[:1] != "-")


def desktop_runs(view: tuple[str, ...]) -> str | None:
    """R4.9: why a view hands the desktop something it runs (see the module), or None."""
    verb = view[0]
    sub = view[1] if len(view) > 1 else ""
    if verb in _SESSION_RUNNERS:
        return _session_runs(verb, view[1:])
    if verb == "open":
        return _open(view)
    if verb in _LAUNCHERS:
        return _OPAQUE
    if verb == "gio":
        if sub == "launch":
            return _OPAQUE
        return _OPAQUE if sub == "open" and _operands_run(view[2:]) else None
    if verb.startswith("kioclient"):
        if sub == "exec":
            return _OPAQUE
        return _OPAQUE if sub == "openURL" and _operands_run(view[2:]) else None
    if verb == "handlr":
        return _OPAQUE if sub in ("open", "launch") and _operands_run(view[2:]) else None
    return _OPAQUE if verb in _LINUX_OPENERS and _operands_run(view[1:]) else None
