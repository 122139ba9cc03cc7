"""Red team, R4.10 and SPEC §5: a deny or ask rule written in PowerShell's or cmd's words -- `Terminal(Remove-Item
-Recurse)`, `Terminal(Invoke-WebRequest)`, `Terminal(Move-Item)`, `Terminal(del /s)` -- as a team on Windows writes
it, met off the sandbox by the same cmdlet in another case (PowerShell ignores case), by an alias (`ri`, `del`,
`erase`, `rm`, `iwr`, `curl`, `mi`, `move`), by an abbreviated parameter (`-Rec`) or by cmd's command for the act
(`rd /s /q`, `xcopy /s`).

The engine read segments written in PowerShell's and cmd's words as the POSIX program they stand for
(permissions.commands.windows: `Remove-Item -Recurse x` as `rm -r x`) for rules written in POSIX words, but a rule
written in PowerShell's was compared by spelling only: under a deny of `Remove-Item -Recurse`, `remove-item
-recurse data` and `ri -r data` were auto-approved on the agent in auto mode. Such a rule is now also read in the
POSIX program's words when the rules load (matching._posix_named: `Remove-Item -Recurse` is also `rm -r`;
Invoke-WebRequest is `curl` and `wget`, Windows PowerShell's two aliases of it), so every spelling the Windows
reading gives meets it. The POSIX spelling of the act is the same act: in the sandbox `rm -r data` is refused by it
too.

DENIED: every case failed on the base this change started from (d6f5d88) on the agent, as deny and as ask (a cmd
spelling such as `del /s` was asked for by the path scope there, not refused by the rule).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

DENIED = [
    ("Remove-Item -Recurse", "remove-item -recurse data"),
    ("Remove-Item -Recurse", "REMOVE-ITEM -RECURSE data"),
    ("Remove-Item -Recurse", "ri -r data"),
    ("Remove-Item -Recurse", "rm -r -fo data"),
    ("Remove-Item -Recurse", "del /s data"),
    ("Remove-Item -Recurse", "rd /s /q data"),
    ("Remove-Item -Recurse", "Remove-Item -Rec data"),
    ("Remove-Item -Recurse", "Remove-Item data -Recurse -Force"),
    ("Remove-Item -Recurse", "erase -r data"),
    ("Remove-Item -Recurse", "rmdir -r data"),
    ("Remove-Item -Recurse", "Microsoft.PowerShell.Management\\Remove-Item -Recurse data"),
    ("Remove-Item -Recurse:*", "ri -r data"),
    ("Remove-Item", "ri data"),
    ("Remove-Item", "del data"),
    ("Remove-Item", "erase x.txt"),
    ("Remove-Item", "remove-item x.txt"),
    ("Invoke-WebRequest", "iwr https://example.com"),
    ("Invoke-WebRequest", "invoke-webrequest -Uri https://example.com"),
    ("Invoke-WebRequest", "curl https://example.com"),
    ("Invoke-WebRequest", "wget https://example.com"),
    ("Invoke-WebRequest", "Invoke-RestMethod https://example.com"),
    ("Invoke-WebRequest", "irm https://example.com"),
    ("iwr", "Invoke-WebRequest https://example.com"),
    ("Copy-Item -Recurse", "cpi -r a b"),
    ("Copy-Item -Recurse", "copy-item -rec a b"),
    ("Copy-Item -Recurse", "xcopy /s a b"),
    ("Copy-Item -Recurse", "cp -r a b"),
    ("Move-Item", "mi a b"),
    ("Move-Item", "move a b"),
    ("Move-Item", "mv a b"),
    ("Move-Item", "move-item a b"),
    ("del /s", "Remove-Item -Recurse data"),
]

# another act: outside the rule wherever it runs
NOT_CAUGHT = [
    ("Remove-Item -Recurse", "Remove-Item data"),
    ("Remove-Item -Recurse", "Get-ChildItem -Recurse data"),
    ("Remove-Item", "Get-Item data"),
    ("Copy-Item -Recurse", "Copy-Item a b"),
    ("Move-Item", "Get-Content a"),
    ("Invoke-WebRequest", "Get-Content urls.txt"),
]


@pytest.mark.parametrize("rank", ["deny", "ask"])
@pytest.mark.parametrize("rule, command", DENIED)
def test_a_rule_in_powershell_words_meets_every_spelling_of_its_act(
    rule: str, command: str, rank: str
) -> None:
    assert_rule_refuses(rule, command, "agent", rank)


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("rule, command", NOT_CAUGHT)
def test_another_act_stays_outside_the_rule(rule: str, command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(rule, command, runs_in)


@pytest.mark.parametrize(
    "rule, command",
    [("Remove-Item -Recurse", "rm -r data"), ("Invoke-WebRequest", "curl https://example.com")],
)
def test_the_posix_spelling_of_the_act_is_the_act_in_the_sandbox_too(rule: str, command: str) -> None:
    assert_rule_refuses(rule, command, "sandbox")
