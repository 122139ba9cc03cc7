"""Red team (session 20), R4.8: an allow pattern made only of assignments (``Terminal(FOO=1)``,
``Terminal(NODE_ENV=test)``, ``Terminal(FOO=*)``, ``Terminal(FOO=1 *)``) names no program, so it covers no
command run after them -- as ``Terminal(env)`` does not cover ``env rm -rf src``. Before, the command past the
assignments was read as the segment itself and the prefix matched it: ``FOO=1 rm -rf src`` was auto-approved
under ``Terminal(FOO=1)`` (session 19's notes). A pattern that names the command after its assignments
(``Terminal(CI=1 npm test)``) covers it as before. One cost, the same as ``env``'s: ``Terminal(FOO=1)`` beside
``Terminal(ls)`` no longer covers ``FOO=1 ls -la`` (``Terminal(env)`` beside ``Terminal(ls)`` never covered ``env
ls -la``; a program's allow judges the segment as written, assignments included).

16 of the 20 attack cases were auto-approved on 0766094 (the other four asked already -- a path outside, an
inline script, a permission mode -- and stay as guards); the guards below stay as they were.
"""

from __future__ import annotations

import pytest

from .helpers import term

ATTACKS = [
    ("Terminal(FOO=1)", "FOO=1 rm -rf src"),
    ("Terminal(FOO=1)", "FOO=1 chmod -R 777 ."),
    ("Terminal(FOO=1)", "FOO=1 python evil.py"),
    ("Terminal(FOO=1)", 'FOO=1 node -e \'require("fs").rmSync("src",{recursive:true})\''),
    ("Terminal(FOO=1)", "FOO=1 BAR=2 rm -rf src"),
    ("Terminal(FOO=1)", "FOO=1 make clean"),
    ("Terminal(FOO=1)", "FOO=1 ./scripts/deploy.sh"),
    ("Terminal(FOO=1)", "FOO=1 mv src /tmp/x"),
    ("Terminal(NODE_ENV=test)", "NODE_ENV=test rm -rf node_modules src"),
    ("Terminal(NODE_ENV=test)", "NODE_ENV=test node scripts/wipe.js"),
    ("Terminal(CI=true)", "CI=true bash scripts/release.sh"),
    ("Terminal(CI=true)", "CI=true sed -i s/a/b/ src/app.py"),
    ("Terminal(FOO=*)", "FOO=x rm -rf src"),
    ("Terminal(FOO=*)", "FOO= rm -rf src"),
    ("Terminal(FOO=1 *)", "FOO=1 rm -rf src"),
    ("Terminal(FOO=1 *)", "FOO=1 truncate -s 0 src/app.py"),
    ("Terminal(FOO=1 BAR=2)", "FOO=1 BAR=2 rm -rf src"),
    ("Terminal(FOO=1 BAR=2)", "FOO=1 BAR=2 BAZ=3 python x.py"),
    ("Terminal(PYTHONPATH=src)", "PYTHONPATH=src python -c 'import shutil; shutil.rmtree(\"src\")'"),
    ("Terminal(RUST_LOG=debug)", "RUST_LOG=debug ./target/debug/app --wipe"),
]


@pytest.mark.parametrize(("allow", "command"), ATTACKS)
def test_an_allow_of_assignments_alone_covers_no_command_after_them(allow, command):
    for runs_in in ("sandbox", "agent", "host"):
        v = term(command, allow=(allow,), runs_in=runs_in)
        assert v.decision != "auto_approve", (allow, command, runs_in, v.reason)


STILL_COVERED = [
    (("Terminal(CI=1 npm test)",), "CI=1 npm test"),
    (("Terminal(CI=1 npm test)",), "CI=1 npm test -- --coverage"),
    (("Terminal(NODE_ENV=test npm run)",), "NODE_ENV=test npm run lint"),
    (("Terminal(FOO=1 ls)",), "FOO=1 ls -la"),
    (("Terminal(FOO=1)", "Terminal(FOO=1 make test)"), "FOO=1 make test"),
    (("Terminal(FOO=1)",), "FOO=1"),
    (("Terminal(FOO=1 BAR=2)",), "FOO=1 BAR=2"),
]


@pytest.mark.parametrize(("allow", "command"), STILL_COVERED)
def test_an_allow_naming_the_command_still_covers_it(allow, command):
    v = term(command, allow=allow)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (allow, command, v.reason)
