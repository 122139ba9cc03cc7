"""The fast path's second reader (permissions.fast_quoted): quoted words and substitutions read without the
state machine, exactly as the scanner reads them (R4.1, R4.4, R4.5, R4.7, R4.9).

A differential property test holds it equal to the scanner wherever it answers; the examples hold that it
does answer for the shapes agents send most (else the first sight would pay the scanner for them again), and
that what it leaves to the scanner stays there.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permissions.fast_path import _fast
from permissions.fast_quoted import _fast_quoted
from permissions.scanner import _scan
from permissions.shell import parse_command

# The shapes agents send that only their quotes or substitutions kept off the fast path (bench/corpus.py's
# and the ones the scanner read at first sight in a real session's log).
ANSWERED = [
    "git commit -m 'fix the parser'",
    'git commit -m "fix the parser"',
    "git commit -am 'x' && git push",
    'grep -rn "foo bar" src',
    "grep -rn 'def main' src tests",
    "rg -n 'TODO|FIXME' src",
    'grep -rn "foo.*bar" src',
    "find . -name '*.py' -newer setup.py",
    "docker ps --format '{{.Names}} {{.Status}}'",
    "git log --format='%H %s' -n 5",
    "echo ''",
    'echo ""',
    "sed -n '1,20p' src/app.py",
    "awk '{print $1}' data.txt",
    "jq '.dependencies' package.json > deps.json",
    "python -m pytest -k 'not slow' 2>/dev/null",
    "ls $(pwd)",
    "cat $(git ls-files src)",
    "wc -l `git ls-files`",
    "diff <(sort a.txt) <(sort b.txt)",
    "(cd packages/api && pnpm build)",
    "(uv sync) && pytest -q",
    'pnpm build --watch "$(head tests/test_api.py 2>/dev/null | head -1)"',
    "echo $(python scripts/gen.py)",
    "git diff --stat $(git merge-base HEAD main)",
    "git checkout -b 'feature/x' && git commit -m 'x y'",
    "npm run build -- --out 'dist dir'",
    "x=$(git rev-parse HEAD) make build",
    'rm -rf "$(pwd)/build"',
    "rm -rf 'a b'",
    'a "x$(b)"',
    'cp "$HOME/.npmrc" "$(pwd)/x y"',
    "ls 'a b' > out.txt",
    "git -C 'x y' status",
    "sudo 'x'",
    "cd $(git rev-parse --show-toplevel)",
    "mix deps.get `git switch`",
    "bash -c 'ls -la'",
    'sh -c "git push"',
    "nice foo 'git push'",
    "eval 'rm -rf x'",
    "bash -c 'npm test' && bash -c 'npm test'",
    "watch -n 5 'kubectl get pods'",
    "ssh host 'ls -la /srv'",
    "go generate ./... && go build",
    "timeout 60 bash -c 'pytest -x'",
    "npm test 2>&1 | tail -20",
    "pytest -q 2>&1",
    "make build >&2",
    "cargo build 3>&1 2>&3 | head",
    "go test ./... 2>&1 | grep -v 'no test files'",
    "echo package.json $HOME/.npmrc 'x'",
]

# Left to the scanner: a quoted command word, a carried script, nested or arithmetic substitutions, a glob
# beside quotes, tabs, braces, `~`, here-documents, descriptor duplication, gap 1 of the fast path, ...
REFUSED = [
    "'ls' -la",
    "x='a b' cmd",
    "echo $(echo $(ls))",
    "echo $((1 + 2))",
    "a $( (b) )",
    "a 'x'*.py",
    "a\t'x'",
    "a {x,y} 'z'",
    "a ~/x 'y'",
    "cat <<'EOF'\nx\nEOF",
    "a 2>&1x",
    "a>&2",
    "a 2>&1>f",
    "a >& f",
    "a &> f",
    "a &>f 'x'",
    "&> ls ls",
    "echo 'rm -rf x' | sh",
    "printf 'x' | sh",
    "a $? 'x'",
    "a $()",
    "a $( )",
    "(a) > f",
    "a (b)",
    "a<(b)",
    "a>'f'",
    "if 'x'; then y; fi",
    "a && 'b'",
    "a 'x' " + "b " * 600,
    "bash -c 'git commit -m \"x\"'",
    "bash -c 'ls $(pwd)'",
    "fd -x $X 'rm {}'",
    'find "$(pwd)" -name x',
    "find -L $HOME -name 'x'",
    "unset 'a[$(rm -rf x)]'",
]


@pytest.mark.parametrize("command", ANSWERED)
def test_the_common_quoted_shapes_are_read_off_the_state_machine(command):  # R4.4, R4.9
    read = _fast_quoted(command)
    assert _fast(command) is None  # (else the first path answers and this one is never asked)
    assert read is not None
    assert read == _scan(command, 0, True)
    assert parse_command(command) == read


@pytest.mark.parametrize("command", REFUSED)
def test_what_the_second_reader_does_not_know_is_left_to_the_scanner(command):  # R4.7, R4.9
    # (guards: these held on the base, where no second reader existed)
    assert _fast_quoted(command) is None


def test_a_substitution_s_commands_follow_the_command_holding_it_hidden():  # R4.7
    read = _fast_quoted("git diff $(git merge-base HEAD main) 'a b'")
    assert read is not None
    assert [(s.words, s.hidden) for s in read.segments] == [
        (("git", "diff", "$(…)", "a b"), False),
        (("git", "merge-base", "HEAD", "main"), True),
    ]
    assert read.segments[0].dynamic == frozenset({2})


def test_quoted_glob_characters_are_literal_and_unquoted_ones_are_not():  # R4.9
    quoted = _fast_quoted("find . -name '*.py' 'x'")
    unquoted = _fast_quoted("rm *.py 'x'")
    assert quoted is not None and unquoted is not None
    assert quoted.segments[0].words == ("find", ".", "-name", "*.py", "x")
    assert quoted == _scan("find . -name '*.py' 'x'", 0, True)
    assert unquoted == _scan("rm *.py 'x'", 0, True)


QUOTED_ALPHABET = st.text(
    alphabet=st.sampled_from(list("abcxyz-._/ &|;<>~$0129\n=*?[]{}()`'\"\\#\t\x0b\xa0")), max_size=60
)


@settings(max_examples=3000, deadline=None)
@given(command=QUOTED_ALPHABET)
def test_r4_4_the_quoted_reader_agrees_with_the_scanner(command):
    read = _fast_quoted(command)
    if read is not None:
        assert read == _scan(command, 0, True)


QUOTED_WORDS = st.lists(
    st.sampled_from(
        [
            "ls",
            "git",
            "push",
            "-m",
            "-c",
            "sh",
            "bash",
            "env",
            "xargs",
            "nice",
            "sudo",
            "timeout",
            "5",
            "find",
        ]
        + ["-exec", ";", "eval", "x=1", "FOO='a b'", "/bin/ls", "if", "then", "fi", "[[", "alias", "cd", "rm"]
        + ["'a b'", "'*.py'", '"x y"', '""', "''", "'if'", "'git push'", '"$(ls)"', "$(ls)", "$(ls -la src)"]
        + ["`ls`", "`git status`", "<(ls)", ">(cat)", "(ls)", "(cd x && make)", "$(a;b)", "$(a | b)", "$HOME"]
        + ["$HOME/x", "x$(b)y", "'a'\"b\"", "$(bash -c x)", "$(echo x | sh)", "$(rm -rf /)", "a*", "$(a *)"]
        + [
            "2>/dev/null",
            ">",
            "out",
            "<",
            "in.txt",
            ">>log",
            "2>",
            "&&",
            "||",
            "|",
            "&",
            "\n",
            "$(",
            ")",
            "'",
        ]
        + ['"', "`", "$x*", "'$x'", "$(x=1 sh)", "echo", "printf", "python3", "-", "--", "$(~/x)", "$(a 2>f)"]
        + ["find", "-L", "-H", "$(pwd)", '"$(pwd)"', "$(git rev-parse --show-toplevel)", "-delete", "x=[$(b)"]
        + ["2>&1", ">&2", "2>&-", "<&0", ">&", "&>", "2>&1x", ">&f"]
        + ["unset", "'a[$(b)]'", "x='[$(b)]'", "go", "generate", "watch", "ssh", "host", "$DIR", '"$DIR/x"']
    ),
    max_size=12,
).map(" ".join)


@settings(max_examples=3000, deadline=None)
@given(command=QUOTED_WORDS)
def test_r4_7_the_quoted_reader_agrees_with_the_scanner_on_words_carriers_and_substitutions(command):
    read = _fast_quoted(command)
    if read is not None:
        assert read == _scan(command, 0, True)
