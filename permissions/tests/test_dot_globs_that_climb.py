"""R6.2 and R4.6, red team: a glob component that begins with `.` may match `..` -- in bash before 5.2 (Ubuntu
22.04's 5.1, macOS's /bin/bash 3.2) and in any bash after `shopt -u globskipdots`. `.?/.?/.?/etc/passwd` is
`../../../etc/passwd` there, and `rm -rf src/.*/.*/.*/*` deletes above the project. Which bash runs a command
is not known, so such a component (`.?`, `.*`, `..*`, `.[.]`, `.*.*`, an extglob) is read as the climb it may
be, by the path scope and by the floor. Patterns that cannot be `..` -- `.env*`, `.??*`, `.[!.]*` -- and
patterns handed to a program (`find . -name '.*'`, `grep '.*' f`) keep their reading.
"""

from __future__ import annotations

import pytest

from permissions.where import as_climbs, may_be_dots

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, term

READERS = ("Terminal(cat)", "Terminal(grep)", "Terminal(cp)", "Terminal(tar)", "Terminal(ls)", "Terminal(cd)")

READS_OUTSIDE = [
    "cat .?/.?/.?/etc/passwd",
    "cat ./.?/.?/.?/.?/etc/passwd",
    "cat */.?/.?/.?/.?/etc/passwd",
    "cat src/.*/.*/.*/.*/etc/shadow",
    "cat src/..*/..*/..*/..*/etc/hosts",
    "cat src/.[.]/.[.]/.[.]/.[.]/etc/passwd",
    "cat src/.*.*/.*.*/.*.*/.*.*/etc/passwd",
    "cat src/.[!a]/.[!a]/.[!a]/.[!a]/etc/passwd",
    "cat src/.?*/.?*/.?*/.?*/root/.ssh/id_rsa",
    "cat .?/other-project/.env",
    "grep -r AWS_SECRET .?/",
    "grep -r password .*",
    "cp .?/.?/.?/etc/passwd leak.txt",
    "tar czf out.tgz .?/.?",
    f"cat {ROOT}/.?/.?/.?/etc/passwd",
    "grep -r token --include=*.env .?/",
    "cat < .?/.?/.?/etc/passwd",
    "cd .?/.?/.? && cat etc/passwd",
    "for f in .?/.?/.?/etc/passwd; do cat $f; done",
    'for f in src/.*/.*/.*/.*/etc/passwd; do cat "$f"; done',
]


@pytest.mark.parametrize("command", READS_OUTSIDE)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_dot_glob_that_climbs_is_outside_the_project(command, runs_in):
    v = term(command, allow=READERS, cwd=ROOT, runs_in=runs_in)
    assert v.decision == "require_approval", (command, v.reason, v.message)
    assert v.reason == "cap_path_scope", (command, v.reason)
    # in auto mode as the climb written out is decided (the sandbox's own reading of an outside read)
    spelt = " ".join(as_climbs(w) for w in command.split(" "))
    assert spelt != command
    v = term(command, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in=runs_in)
    written = term(spelt, autonomy=AUTO_MODE, project=HOST, cwd=ROOT, runs_in=runs_in)
    assert (v.decision, v.reason) == (written.decision, written.reason), (command, spelt)


# Text that becomes words unquoted is expanded as a pattern too: a here-string read into a variable, a place a
# sed program writes into what a substitution prints.
SPELT_INTO_WORDS = [
    "while read f; do cat $f; done <<< '.?/.?/.?/etc/passwd'",
    "cat $(ls | sed 's|^|.?/.?/.?/etc/|')",
    "cat $(echo src | sed 's|src|.*/.*/.*/etc/passwd|')",
    "cat $(echo x | sed 's|x|src/.[.]/.[.]/.[.]/.[.]/etc/passwd|')",
]


@pytest.mark.parametrize("command", SPELT_INTO_WORDS)
def test_a_dot_glob_spelt_into_words_is_outside(command):
    allow = (*READERS, "Terminal(sed)", "Terminal(echo)")
    v = term(command, allow=allow, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


def test_relative_text_spelt_into_words_stays_approved():
    allow = (*READERS, "Terminal(sed)", "Terminal(echo)")
    for command in ("cat $(ls | sed 's|^|src/|')", "while read f; do cat \"$f\"; done <<< 'src/a.py'"):
        assert term(command, allow=allow, cwd=ROOT).decision == "auto_approve", command


DELETES_THE_ROOT = [
    "rm -rf src/.?/.?/.?/.?/*",
    "rm -rf .?/.?/.?/*",
    "rm -rf */.?/.?/.?/.?/",
    "rm -rf src/.*/.*/.*/.*/",
    "rm -rf src/..*/..*/..*/..*/*",
    "rm -rf ./.[.]/.[.]/.[.]/*",
    "cd src/.?/.?/.?/.? && rm -rf *",
    "cd .?/.? && cd .?/.? && rm -rf ./*",
    "find .?/.?/.?/ -delete",
]


@pytest.mark.parametrize("command", DELETES_THE_ROOT)
def test_the_floor_reads_a_dot_glob_as_a_climb(command):
    v = term(
        command,
        allow=("Terminal(rm)", "Terminal(cd)", "Terminal(find)"),
        autonomy=AUTO_MODE,
        project=CONTAINER_RUNNING,
        cwd=ROOT,
        runs_in="sandbox",
    )
    assert v.decision == "deny", (command, v.reason, v.message)


STAYS_INSIDE = [
    "cat .env.example",
    "cat .env*",
    "ls -la .github/",
    "cat src/.??*",  # three characters at least: never `..`
    "cat ./src/.[!.]*",  # the idiom that skips `.` and `..`
    "cat src/.??/../x",  # `src/.??` is under src: `..` from it is src
    "find . -name '.*' -maxdepth 1",
    'find . -name ".*" -type f',
    "grep -n '.*' README.md",
    "grep -rn 'TODO.*' src/",
    "ls docs/*.md",
    "cat src/*/index.ts",
    "rm -rf .cache/*",
]


@pytest.mark.parametrize("command", STAYS_INSIDE)
def test_patterns_that_cannot_climb_stay_approved(command):
    allow = (*READERS, "Terminal(find)", "Terminal(rm)")
    v = term(command, allow=allow, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "part, climbs",
    [
        (".?", True),
        (".*", True),
        (".**", True),
        ("..*", True),
        (".[.]", True),
        (".[!a]", True),
        ("./", False),
        (".*.*", True),
        (".[[:punct:]]", True),
        ("@(..)", True),
        ("!(x)", True),
        (".env*", False),
        (".??*", False),
        (".[!.]*", False),
        (".[ab]", False),
        ("*", False),
        ("?", False),
        (".", False),
        (".x", False),
    ],
)
def test_which_components_may_be_dots(part, climbs):
    assert may_be_dots(part) is climbs


def test_a_word_is_rewritten_only_where_a_component_may_climb():
    assert as_climbs("src/.?/.?/etc") == "src/../../etc"
    assert as_climbs(".*") == ".."
    assert as_climbs("x/.env*") == "x/.env*"
    word = "src/a.py"
    assert as_climbs(word) is word  # no glob: the word itself, not a copy
