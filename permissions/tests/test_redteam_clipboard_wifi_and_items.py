"""Red team, §5 where it runs: the clipboard, saved Wi-Fi passwords, and Windows' Invoke-Item.

On the developer's machine the clipboard holds what the user copied last -- often a password from a password
manager -- and NetworkManager or netsh print the saved Wi-Fi passwords when asked: outside the project, though
no path says so (``cap_path_scope`` on ``host`` and ``agent``, as `security find-generic-password -w` is).
PowerShell's Invoke-Item (`ii`) runs a script, a shortcut or a program with its associated program, as `start`
does. All of OUTSIDE and 8 of RUN's 12 cases were auto-approved off the sandbox on 7d2c7f4 under an allow of
every word or in auto mode (the other 4 asked already: a drive outside the project, a PowerShell line); writing the clipboard and listing connections stay ordinary, and Brabo's sandbox keeps its answers.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, allow_every_word, assert_asks, term

OFF_SANDBOX = ("host", "agent")

OUTSIDE = [
    "pbpaste",
    "pbpaste | head -5",
    "pbpaste > notes.txt",
    "xclip -o",
    "xclip -o -selection clipboard",
    "xclip -selection clipboard -out",
    "xsel",
    "xsel -b",
    "xsel --clipboard --output",
    "wl-paste",
    "wl-paste --no-newline",
    "termux-clipboard-get",
    "tmux show-buffer",
    "tmux save-buffer out.txt",
    "copyq read 0",
    "cliphist list",
    "win32yank.exe -o --lf",
    "nmcli -s -g 802-11-wireless-security.psk connection show home",
    "nmcli --show-secrets connection show home",
    "nmcli dev wifi show-password",
    "nmcli device wifi show-password ifname wlan0",
    "Get-Clipboard",
    "gcb",
    "Get-Clipboard -Raw",
    "netsh wlan show profile name=home key=clear",
    "netsh wlan show profiles name=* key=clear",
    "netsh.exe wlan show profile home key=clear",
]

RUN = [
    "Invoke-Item evil.bat",
    "Invoke-Item .\\evil.lnk",
    "ii .\\evil.ps1",
    "ii C:\\x\\evil.exe",
    "Invoke-Item -Path tool",
    "powershell.exe Get-Clipboard",  # (held on 7d2c7f4: a PowerShell line no rule reads)
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", OUTSIDE)
def test_the_clipboard_and_saved_passwords_read_off_the_sandbox_ask(command: str, runs_in: str) -> None:
    assert_asks(command, runs_in, "cap_path_scope")


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", RUN)
def test_invoke_item_of_what_runs_is_never_auto_approved(command: str, runs_in: str) -> None:
    for v in (
        term(command, autonomy=AUTO_MODE, runs_in=runs_in),
        term(command, allow=allow_every_word(command), runs_in=runs_in),
    ):
        assert v.decision == "require_approval", (command, runs_in, v.reason)


ORDINARY = [
    "pbcopy < out.txt",
    "git diff | pbcopy",
    "xclip -selection clipboard < out.txt",
    "xclip -i out.txt",
    "xsel -b -i < out.txt",
    "wl-copy < out.txt",
    "win32yank.exe -i < out.txt",
    "tmux list-sessions",
    "nmcli con show",
    "nmcli dev status",
    "netsh wlan show profiles",
    "Set-Clipboard -Value x",
    "ii .",
    "Invoke-Item report.pdf",
    "ii docs\\index.html",
]


@pytest.mark.parametrize("runs_in", OFF_SANDBOX)
@pytest.mark.parametrize("command", ORDINARY)
def test_writing_the_clipboard_and_listing_stay_ordinary(command: str, runs_in: str) -> None:
    v = term(command, allow=allow_every_word(command), runs_in=runs_in)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ["pbpaste", "xclip -o", "wl-paste", "nmcli dev wifi show-password"])
def test_in_the_sandbox_they_keep_their_answer(command: str) -> None:
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason)
