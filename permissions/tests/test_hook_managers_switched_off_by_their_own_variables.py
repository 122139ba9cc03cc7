"""Red team, R4.10: the hook managers whose configuration names the table now knows (prek, hk) switch git's hooks
off through their own variables too -- prek's `PREK_SKIP=hook,...` (read before pre-commit's `SKIP`), hk's
`HK=0` (its installed launcher steps aside) and `HK_SKIP_STEPS` / `HK_SKIP_HOOK`. Each is the act of
`--no-verify`, as husky's `HUSKY=0` is: a deny or an ask of `git commit --no-verify` refuses it, however the
variable is set (before the command, through env, exported by an earlier segment).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import allow_every_word, term

NO_VERIFY = "git commit --no-verify"

SWITCHED_OFF = [
    (NO_VERIFY, "PREK_SKIP=ruff,mypy git commit -m x"),
    (NO_VERIFY, "prek_skip=ruff git commit -m x"),
    (NO_VERIFY, "env PREK_SKIP=ruff git commit -m x"),
    (NO_VERIFY, "export PREK_SKIP=ruff; git commit -m x"),
    (NO_VERIFY, "HK=0 git commit -m x"),
    (NO_VERIFY, "HK=false git commit -am x"),
    (NO_VERIFY, "env HK=0 git commit -m x"),
    (NO_VERIFY, "export HK=0 && git add -A && git commit -m x"),
    (NO_VERIFY, "HK_SKIP_STEPS=eslint git commit -m x"),
    (NO_VERIFY, "HK_SKIP_HOOK=pre-commit git commit -m x"),
    (NO_VERIFY, "HK_SKIP_HOOKS=pre-commit git commit -m x"),
    ("git push --no-verify", "HK=0 git push origin feature"),
    ("git push --no-verify", "PREK_SKIP=tests git push origin feature"),
]


@pytest.mark.parametrize(("rule", "command"), SWITCHED_OFF)
def test_a_deny_of_no_verify_refuses_a_hook_manager_switched_off(rule, command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({rule})",))
    assert v.decision == "deny", (command, v.reason, v.message)


@pytest.mark.parametrize(("rule", "command"), SWITCHED_OFF)
def test_an_ask_of_no_verify_asks_for_a_hook_manager_switched_off(rule, command):
    v = term(command, allow=allow_every_word(command), ask=(f"Terminal({rule})",))
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "HK=1 git commit -m x",  # the hooks run
        "HK=true git commit -m x",
        "PREK_SKIP= git commit -m x",  # skips nothing
        "HK_PROFILE=slow git commit -m x",
        "HK_JOBS=4 git commit -m x",
        "export HK_LOG=debug; git commit -m x",
    ],
)
def test_the_other_variables_of_those_managers_are_not_refused(command):
    v = term(command, allow=allow_every_word(command), deny=(f"Terminal({NO_VERIFY})",))
    assert v.decision == "auto_approve", (command, v.reason, v.message)
