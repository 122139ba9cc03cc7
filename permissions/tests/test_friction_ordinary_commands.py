"""Friction: ordinary agent commands that waited for nothing, and the attacks next to each of them.

What a substitution prints is not a location the scope can judge (the commands inside are segments judged
on their own, R4.7); `cd` inside one command moves where the next relative word points; loops and
`bash -lc` / `sh -c` whose every command is allowed are allowed. Never loosened: a substitution whose
command is not allowed still asks, a `cd` that may not have happened (after `;`, `||`, in a subshell) does
not move the scope, and leaving the project then acting is judged outside.
"""

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, term

TEAM = tuple(
    f"Terminal({c})"
    for c in (
        "cd",
        "dirname",
        "pwd",
        "git status",
        "git diff",
        "git log",
        "git show",
        "git add",
        "git commit",
        "git ls-files",
        "ls",
        "cat",
        "wc",
        "diff",
        "grep",
        "head",
        "tail",
        "echo",
        "npm test",
        "npm run",
        "pytest",
        "sort",
    )
)

COMMIT = (
    "git commit -m \"$(cat <<'EOF'\nFix the parser on empty input\n\n"
    'Co-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"'
)

ALLOWED = [
    COMMIT,
    "git commit -m \"$(cat <<'EOF'\nfeat: x\nEOF\n)\" && git status",
    "git add -A && git commit -m \"$(cat <<'EOF'\nchore: y\nEOF\n)\"",
    "wc -l $(git ls-files '*.py')",
    "wc -l $(git ls-files '*.py') | tail -1",
    "cat $(git ls-files src)",
    "grep -n TODO $(git diff --name-only)",
    "diff <(git show HEAD:a.py) a.py",
    "diff <(git show HEAD~1:src/x.py) <(git show HEAD:src/x.py)",
    "diff <(sort a.txt) <(sort b.txt)",
    'echo "$(git log -1 --format=%H)"',
    "cd packages/ui && npm test && cd ../.. && git status",
    "cd packages/ui && npm test",
    "cd src && ls && cd .. && git status",
    "cd src/a && cat ../b/x.py",
    "cd packages/ui && cat ../../README.md",
    "cd packages && cd ui && cd ../.. && git diff",
    "for f in src/*.py; do wc -l $f; done",
    'for f in src/*.py; do wc -l "$f"; done',
    "for f in $(git ls-files '*.py'); do wc -l \"$f\"; done",
    "for f in a.txt b.txt; do head -1 $f; done",
    # a redirection reads the loop's own listed words, inside the project
    'for f in README.md CHANGELOG.md; do echo "$f: $(wc -l < "$f")"; done',
    "for f in a.txt b.txt; do wc -l < $f; done",
    'for f in src/*.py; do wc -l < "${f}"; done',
    'for f in a.txt; do wc -c < "$f.bak"; done',
    'for f in src/*.py; do echo "f: $f"; wc -l $f; done',  # the name as text is not an assignment
    'git ls-files | while read -r f; do wc -l "$f"; done',
    'git ls-files "*.md" | while IFS= read -r f; do head -1 "$f"; done',
    'while read -r line; do echo "$line"; done < notes.txt',
    "while true; do npm test; done",
    "bash -lc 'npm test'",
    "bash -lc 'cd packages/ui && npm test'",
    "bash -lc 'git status && git diff'",
    "sh -c 'git status'",
    'bash -c "git diff --stat"',
    "bash -o pipefail -c 'npm test | tail -5'",
    "bash -euc 'npm run build'",
]


@pytest.mark.parametrize("command", ALLOWED)
def test_ordinary_commands_auto_approve(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)


NOT_LOOSENED = [
    'git commit -m "$(curl -s https://evil.example)"',
    'git commit -m "$(cat /etc/passwd)"',
    "wc -l $(cat /etc/passwd)",
    "wc -l $(echo /etc/passwd)",
    "cat $(find / -name id_rsa)",
    "diff <(cat /etc/shadow) a",
    "diff <(curl -s x) a",
    "cat `echo /etc/passwd`",
    "cd ../.. && git status",
    "cd packages/ui ; cd ../../.. && git status",
    "cd packages/ui && cd ../../.. && git status",
    "cd packages/ui && npm test && cd ../../.. && git status",
    "cd a/b/c ; cat ../../../x",
    "cd a/b/c || cat ../../../x",
    "true || cd a/b/c && cat ../../../x",
    "(cd a/b/c) && cat ../../../x",
    "(cd a/b/c && ls) ; cat ../../../x",
    "echo $(cd a/b/c) && cat ../../../x",
    "cd a/b/c | cat ../../../x",
    "cd a/b/c & cat ../../../x",
    "! cd a/b/c && cat ../../../x",
    "cd /tmp && cat x",
    "cd $(dirname $(pwd)) && cat secret",
    "cd $(git rev-parse --show-toplevel)/.. && cat x",
    "for d in src/*; do cd $d && cat ../../../../x; done",
    "cd $HOME && cat x",
    "cd ~ && ls",
    "cd - && ls",
    "for f in /etc/*; do cat $f; done",
    "for f in ../../*; do cat $f; done",
    "for f in .*; do cat $f/x; done",
    "for f in src/x /etc; do cat $f; done",
    'for f in "$HOME"; do cat $f/x; done',
    "for f in $(git ls-files); do cat $f/../../../x; done",
    "for f in $HOME/*; do cat $f; done",
    "for f in src/*; do cat $f/../../../x; done",
    "for f in src/*; do f=/etc/passwd; cat $f; done",
    # one loop binds a name to words inside, another (or a header the list reader cannot see) to anything
    'for f in a.md; do for f in /etc/*; do cat "$f"; done; done',
    "for f in a.md; do :; done; for f in /etc/*; do cat $f; done",
    "for f in a.md; do :; done; for f in ~/.ssh/*; { cat $f; }",
    "for f in a.md; do :; done\nfor f in /etc/*\ndo cat $f; done",
    # set inside the loop by something that names no path: printf's escapes, arithmetic, declare
    "for f in a.md; do printf -v f '\\x2fetc\\x2fpasswd'; cat $f; done",
    "for f in a.md; do printf -vf '\\x2fetc\\x2fpasswd'; cat $f; done",
    "for f in a.md; do printf -v f %b '\\057etc\\057shadow'; cat \"$f\"; done",
    "for f in a.md; do (( f = 1 )); cat $f; done",
    # quoted or escaped, the name is the same to the shell
    "for f in a.md; do printf -v \"f\" '\\x2fetc\\x2fpasswd'; cat $f; done",
    "for f in a.md; do printf -v 'f' '\\x2fetc\\x2fpasswd'; cat $f; done",
    "for f in a.md; do printf -v\"f\" '\\x2fetc\\x2fpasswd'; cat $f; done",
    "for f in a.md; do printf -v \\f '\\x2fetc\\x2fpasswd'; cat $f; done",
    "for f in a.md; do f+=x; cat $f; done",
    # a redirection's target: only a loop's literal words count, never what is printed or set elsewhere
    'for f in a.md; do for f in /etc/*; do wc -l < "$f"; done; done',
    'for f in a.md; do wc -l < "$f"; done; read f; wc -l < "$f"',
    "for f in a.md; do printf -v f %s /etc/shadow; wc -l < $f; done",
    "for f in a.md; do declare f=/etc/shadow; wc -l < $f; done",
    'for f in $(git ls-files); do wc -l < "$f"; done',
    'git ls-files | while read -r f; do wc -l < "$f"; done',
    'for f in a.md; do wc -l < "../$f"; done',
    'for f in a.md; do wc -l < "/$f"; done',
    'for f in a.md; do wc -l < "$f$HOME"; done',
    "for f in a.md; do wc -l < $(echo /etc/passwd); done",
    "for f in /etc/passwd; do wc -l < $f; done",
    "for f in $HOME; do wc -l < $f/.netrc; done",
    "for f in a.md; do cat x > $f; done; for f in /etc/cron.d/x; { cat x > $f; }",
    "cat $f",
    "cat $g; for f in a; do ls; done",
    "echo /etc/passwd | while read f; do cat $f; done",
    "while read f; do cat $f; done < /etc/list",
    'git ls-files | while read -r f; do cat "$f/../../../x"; done',
    "read PATH; ls",
    "while read -a PATH; do ls; done",
    "bash -lc 'curl -s x'",
    "bash -lc 'npm test && curl x'",
    "bash -ic 'npm test'",
    "bash --rcfile x -c 'npm test'",
    "bash -c 'npm test' ; curl x",
    "FOO=1 bash -c 'npm test'",
    'bash -lc "$CMD"',
    'sh -c "$(git show HEAD:run.sh)"',
    'bash -c "$(cat script.sh)"',
    "bash -c `cat script.sh`",
    "bash -c 'npm test' \"$(cat /etc/passwd)\"",
    "/tmp/bash -c 'npm test'",
    "bash -s < script.sh",
    "bash script.sh",
    "sh -c 'cat /etc/passwd'",
    "bash -lc 'cd ../.. && ls'",
]


@pytest.mark.parametrize("command", NOT_LOOSENED)
def test_friction_fixes_never_loosen(command):
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason, v.message)


@pytest.mark.parametrize("command", ["true", "read -r x", ":", "bash -lc ''", "while true; do :; done"])
def test_neutral_segments_alone_are_silent(command):
    # A command made only of grammar keeps the verdict so far: no allow speaks for it.
    v = term(command, allow=TEAM, cwd=ROOT)
    assert v.decision == "require_approval", command


def test_neutral_still_meets_deny_and_the_floor():
    assert term("bash -lc 'git push'", allow=TEAM, deny=("Terminal(git push)",), cwd=ROOT).decision == "deny"
    assert term("while true; do rm -rf /; done", allow=TEAM + ("Terminal(rm)",), cwd=ROOT).decision == "deny"


def test_scope_still_holds_for_host_in_auto_mode_and_in_the_container():
    # Leaving the project then acting is outside wherever the scope holds (SPEC §5).
    assert term("cd ../.. && git status", allow=TEAM, cwd=ROOT).decision == "require_approval"
    in_auto = term("cd ../.. && git status", allow=TEAM, autonomy=AUTO_MODE, project=CONTAINER_RUNNING)
    assert in_auto.decision == "auto_approve"  # RN-603: auto mode drops the scope inside the sandbox only
    inside = term(
        "cd packages/ui && npm test && cd ../.. && git status", allow=TEAM, project=CONTAINER_RUNNING
    )
    assert inside.decision == "auto_approve"
    out = term("cd packages/ui && cd ../../.. && git status", allow=TEAM, project=CONTAINER_RUNNING)
    assert out.decision == "require_approval"
