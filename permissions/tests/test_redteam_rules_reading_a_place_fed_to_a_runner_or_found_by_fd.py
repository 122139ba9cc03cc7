"""R4.10, R4.7 (red team): a place handed to a program through its input, a file of arguments or a finder, under a
rule printing it (`cat .env`, `cat ~/.ssh/id_rsa`).

1. **A feed runner's input or file of arguments.** xargs hands the words it reads to the command it runs -- echo when
   none -- so `xargs < .env`, `xargs -n1 < .env`, `< .env xargs echo` and `xargs -0a .env` print the file, and any
   other command is handed its words (`xargs -a .env rm` was already read so). GNU parallel's `:::: .env`, `-a .env`
   and `--arg-file .env`, rush's `-i .env` and input, xe's `-f .env` and input do the same. They were auto-approved
   under a deny of `cat .env`; each such file is now read as `cat` of it (list_feeds.fed_reads).
2. **The shell's `read` behind an assignment.** `IFS= read -rd '' x < .env; echo "$x"` read its input unseen where
   `read -r x < .env; echo $x` was the rule's; `mapfile` and `readarray` alike.
3. **A listing piped into a runner.** `ls -a | parallel cat`, `ls -a | xargs cat` (`ls -a` prints the hidden names
   bare: `.*`), `echo .env | parallel cat`, `find . -name .env | parallel cat`, `fd -H env | xargs cat`: the command
   given each name the listing may hold. A plain `ls` (`*`, no hidden name) and a filter excluding the place (`ls -a
   | grep -v env`) keep their answers, as `git ls-files | xargs cat` does (the ruling of the picked-by-name file).
4. **fd running a command on what it finds** (`fd -H '^\\.env$' -x cat`, `fdfind -H .env -X cat`, `fd -u env --exec
   head`): the command given each name fd's pattern picks (a regex, `-g` glob, `-F` string, `-e` extension) below
   each folder it searches -- a hidden name only when it shows them (`-H`, `-u`): permissions.commands.find.FdWords,
   fd_picked. As find's `-exec` is read (`find . -name .env -exec cat {} +`), a literal name is the place (deny), a
   glob that may name it asks (matching.GlobMeaning); `fd -e py -x black`, `fd . src -x wc -l` stay approved.

Also (the caps, R6.2): rush and xe running a reader on names that are no listing (`rush cat < list`, `xe -f list
cat`) ask as `xargs cat < list` does (list_feeds.fed_names_unjudged).

The readers live in list_feeds.py and find.py; three hooks make them decide: decide._paths_spelt reading
list_feeds.fed_reads (_FED), where.picked_by_name reading find.fd_picked for a substitution (_PICKED),
decide._runner_gives reading it for a script's parameters (_GIVES).

266 of this file's 345 cases fail on the base (20df7cd, the session's start): the 236 refusals above that are not
guards (each in the sandbox and on the developer's machine), the 6 rush and xe cases, and the 24 cases of the readers
(new here); the 26 guards, 44 friction cases, 4 auto-mode cases and 5 rush/xe friction cases pass there and here.
On this branch the 236 are strict xfails until the hooks are applied (they pass with them: checked).
"""

from __future__ import annotations

import pytest

from permissions.commands.find import FdWords, fd_names, fd_picked
from permissions.commands.list_feeds import fed_reads
from permissions.shell import parse_command
from permissions.tests.helpers import (
    AUTO_MODE,
    assert_rule_does_not_catch,
    assert_rule_refuses,
    auto_and_allowed,
    term,
)
from permissions.wrappers import views

# (the hooks each group of cases goes through: kept as ids of the groups, no longer marks)
_FED: tuple[pytest.MarkDecorator, ...] = ()
_PICKED: tuple[pytest.MarkDecorator, ...] = ()
_GIVES: tuple[pytest.MarkDecorator, ...] = ()

ENV = "cat .env"
KEY = "cat ~/.ssh/id_rsa"

# (rule, command, rank: "deny" when the place itself is read, "ask" when a glob may name it)
_FED_CASES = [
    # xargs: its input, its file of arguments in spellings content_reads did not read
    (ENV, "xargs < .env", "deny"),
    (ENV, "xargs -0 < .env", "deny"),
    (ENV, "xargs -n1 < .env", "deny"),
    (ENV, "xargs echo < .env", "deny"),
    (ENV, "xargs printf '%s\\n' < .env", "deny"),
    (ENV, "xargs -r < .env", "deny"),
    (ENV, "xargs -L1 < .env", "deny"),
    (ENV, "xargs -d '\\n' < .env", "deny"),
    (ENV, "xargs -I{} echo {} < .env", "deny"),
    (ENV, "< .env xargs", "deny"),
    (ENV, "< .env xargs -n1 echo", "deny"),
    (ENV, "xargs -t < .env", "deny"),
    (ENV, "xargs -n1 < .env | sort", "deny"),
    (ENV, "xargs --null < .env", "deny"),
    (ENV, "xargs -P4 -n1 echo < .env", "deny"),
    (ENV, "xargs -- echo < .env", "deny"),
    (ENV, "command xargs < .env", "deny"),
    (ENV, "env xargs -n1 < .env", "deny"),
    (ENV, "nice xargs < .env", "deny"),
    (ENV, "/usr/bin/xargs < .env", "deny"),
    (ENV, "xargs -0a .env", "deny"),
    (ENV, "xargs -ra.env echo", "deny"),
    (ENV, "xargs --arg .env echo", "deny"),
    (KEY, "xargs < ~/.ssh/id_rsa", "deny"),
    (KEY, "xargs -n1 < ~/.ssh/id_rsa", "deny"),
    # parallel, rush, xe
    (ENV, "parallel echo :::: .env", "deny"),
    (ENV, "parallel -a .env echo", "deny"),
    (ENV, "parallel --arg-file .env echo", "deny"),
    (ENV, "parallel --arg-file=.env echo", "deny"),
    (ENV, "parallel -a.env echo", "deny"),
    (ENV, "parallel -ka .env echo", "deny"),
    (ENV, "parallel -j4 -a .env echo", "deny"),
    (ENV, "parallel -k echo :::: .env", "deny"),
    (ENV, "parallel printf '%s\\n' :::: .env", "deny"),
    (ENV, "parallel echo {} :::: .env", "deny"),
    (ENV, "parallel echo ::: a :::: .env", "deny"),
    (ENV, "parallel echo :::: list .env", "deny"),
    (ENV, "parallel --xargs echo :::: .env", "deny"),
    (ENV, "rush 'echo {}' < .env", "deny"),
    (ENV, "rush -i .env 'echo {}'", "deny"),
    (ENV, "rush --infile .env 'echo {}'", "deny"),
    (ENV, "xe echo < .env", "deny"),
    (ENV, "xe -f .env echo", "deny"),
    (ENV, "xe -N1 echo < .env", "deny"),
    (KEY, "parallel echo :::: ~/.ssh/id_rsa", "deny"),
    # the shell's readers behind an assignment
    (ENV, "IFS= read -rd '' x < .env; echo \"$x\"", "deny"),
    (ENV, 'IFS= read -r x < .env; echo "$x"', "deny"),
    (ENV, "IFS= read -rd '' x < .env && echo \"$x\"", "deny"),
    (ENV, "IFS='=' read -r k v < .env; echo \"$v\"", "deny"),
    (ENV, 'LC_ALL=C IFS= read -r x < .env; echo "$x"', "deny"),
    (ENV, 'IFS= mapfile -t a < .env; echo "${a[@]}"', "deny"),
    (ENV, "IFS= readarray -t a < .env; declare -p a", "deny"),
    (KEY, "IFS= read -rd '' x < ~/.ssh/id_rsa; echo \"$x\"", "deny"),
    # a listing piped into a runner
    (ENV, "echo .env | parallel cat", "deny"),
    (ENV, "find . -name .env | parallel cat", "deny"),
    (ENV, "ls -a | grep env | parallel cat", "ask"),
    (ENV, "ls -a | parallel cat", "ask"),
    (ENV, "ls -A | parallel cat", "ask"),
    (ENV, "ls -a | parallel -j4 cat", "ask"),
    (ENV, "ls -a | parallel head {}", "ask"),
    (ENV, "ls -a | head -50 | parallel cat", "ask"),
    (ENV, "ls -a | xargs cat", "ask"),
    (ENV, "ls -A | xargs cat", "ask"),
    (ENV, "ls -la | xargs cat", "ask"),
    (ENV, "ls -a | xargs -n1 cat", "ask"),
    (ENV, "ls -A | xargs -I{} cat {}", "ask"),
    (ENV, "ls --all | xargs cat", "ask"),
    (ENV, "ls -a | sort | xargs cat", "ask"),
    (ENV, "fd -H env | xargs cat", "ask"),
    (ENV, "fd -H env -0 | xargs -0 cat", "ask"),
    (ENV, "fdfind -H env | xargs cat", "ask"),
    (ENV, "fd -H env -0 | parallel -0 cat", "ask"),
    # fd running a command on what it finds
    (ENV, "fd -H '^\\.env$' -x cat", "deny"),
    (ENV, "fd -H '^\\.env$' -X cat", "deny"),
    (ENV, "fdfind -H '^\\.env$' -X cat", "deny"),
    (ENV, "fd -H '^\\.env$' -x cat {}", "deny"),
    (ENV, "fd -H '^\\.env$' -xcat", "deny"),
    (ENV, "fd -H '^\\.env$' -x grep KEY", "deny"),
    (ENV, "fd -H --exec cat ';' '^\\.env$'", "deny"),
    (ENV, "fd -H -g .env -x cat", "deny"),
    (ENV, "fd -Hg .env -x cat", "deny"),
    (ENV, "fd -H --glob .env -x cat", "deny"),
    (ENV, "fd --hidden --type file --glob '.env' --exec cat", "deny"),
    (ENV, "fd -H -g '*.env' -X cat", "deny"),
    (ENV, "nice fd -H '^\\.env$' -x cat", "deny"),
    (ENV, "/usr/bin/fd -H '^\\.env$' -x cat", "deny"),
    (ENV, "fd -H '^\\.env$' -x bash -c 'head -5 {} | tee /dev/null'", "deny"),
    (ENV, "fdfind -H .env -X cat", "ask"),
    (ENV, "fd -H env -x head", "ask"),
    (ENV, "fd -u .env --exec cat", "ask"),
    (ENV, "fd -uu env -x cat", "ask"),
    (ENV, "fd -HI env -x cat", "ask"),
    (ENV, "fd --no-ignore --hidden env -X cat", "ask"),
    (ENV, "fd -H -F .env -x cat", "ask"),
    (ENV, "fd -H '.e*' -g -x cat", "ask"),
    (ENV, "fd --hidden env --exec-batch cat", "ask"),
    (ENV, "fd -H env -xcat", "ask"),
    (ENV, "fd -H -e env -x cat", "ask"),
    (ENV, "fd -H -t f env -x cat", "ask"),
    (ENV, "fd -Htf env -x cat", "ask"),
    (ENV, "fd -H env . -x cat", "ask"),
    (ENV, "fd -H . -x cat", "ask"),
    (ENV, "fd -H -x cat", "ask"),
    (ENV, "fd -H env -X bat", "ask"),
    (ENV, "fd -H env -x less", "ask"),
    (ENV, "fd -H env -d1 -x cat", "ask"),
    (ENV, "fd -H -p env -x cat", "ask"),
    (ENV, "fd -H env -x sh -c 'cat {}'", "ask"),
    (ENV, "timeout 5 fdfind -H env -X cat", "ask"),
    (KEY, "fd -g id_rsa ~/.ssh -x cat", "deny"),
    (KEY, "fd id_rsa ~/.ssh -x cat", "ask"),
    (KEY, "fd -H id_rsa ~ -x cat", "ask"),
    (KEY, "fd . ~/.ssh -X cat", "ask"),
]
_PICKED_CASES = [
    (ENV, "cat $(fd -H '^\\.env$')", "deny"),
    (ENV, "cat $(fd -H env)", "ask"),
    (ENV, "head `fdfind -H -g .env`", "deny"),
]
_GIVES_CASES = [
    (ENV, "fd -H '^\\.env$' -x sh -c 'cat \"$1\"' _ {}", "deny"),
    (ENV, "fd -H env -x bash -c 'head \"$0\"' {}", "ask"),
]
# what already held on the base: kept as guards
_HELD = [
    (ENV, "xargs cat < .env", "deny"),
    (ENV, "xargs -a .env echo", "deny"),
    (ENV, "xargs -a .env", "deny"),
    (ENV, "cat .env | xargs", "deny"),
    (ENV, "cat .env | parallel echo", "deny"),
    (ENV, "parallel cat ::: .env", "deny"),
    (ENV, "find . -name .env -exec cat {} +", "deny"),
    (ENV, "read -r x < .env; echo $x", "deny"),
    (ENV, "while IFS= read -r l; do printf '%s\\n' \"$l\"; done < .env", "deny"),
    (ENV, "for w in $(<.env); do echo $w; done", "deny"),
    (ENV, 'mapfile a < .env; echo "${a[@]}"', "deny"),
    (ENV, "exec 3<.env; read -u 3 x; echo $x", "deny"),
    (KEY, 'while IFS= read -r l; do echo "$l"; done < ~/.ssh/id_rsa', "deny"),
]

REFUSED = [
    *(pytest.param(*c, marks=_FED, id=c[1]) for c in _FED_CASES),
    *(pytest.param(*c, marks=_PICKED, id=c[1]) for c in _PICKED_CASES),
    *(pytest.param(*c, marks=_GIVES, id=c[1]) for c in _GIVES_CASES),
    *(pytest.param(*c, id=c[1]) for c in _HELD),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("rule", "command", "rank"), REFUSED)
def test_a_place_fed_to_a_runner_or_found_by_fd_is_the_rule(
    rule: str, command: str, rank: str, runs_in: str
) -> None:
    assert_rule_refuses(rule, command, runs_in, rank)


# ordinary uses of the same programs: no rule naming `.env` speaks for them
FRICTION = [
    "fd -e py -x black",
    "fd . src -x wc -l",
    "fd -e py -X ruff check",
    "fd test_ tests -x pytest",
    "fd -H -e py -x black",
    "fd -H '\\.py$' -x wc -l",
    "fd -H -g '*.md' -X cat",
    "fd '^\\.env$' -x cat",  # (no hidden name shown: `.env` is never found)
    "fd -e ts | xargs wc -l",
    "git ls-files | xargs wc -l",
    "git ls-files | parallel -j4 wc -l",
    "xargs -a list.txt echo",
    "xargs -n1 < requirements.txt echo",
    "parallel -j4 pytest ::: tests/a tests/b",
    "parallel echo :::: list.txt",
    "while read f; do echo $f; done < files.txt",
    'IFS= read -r line < VERSION; echo "$line"',
    "ls | xargs cat",
    "ls | parallel cat",
    "ls -a | grep -v env | xargs cat",
    "ls -a",
    "echo a b | xargs -n1",
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize("command", FRICTION)
def test_ordinary_runs_and_finds_are_not_the_rule(command: str, runs_in: str) -> None:
    assert_rule_does_not_catch(ENV, command, runs_in)


@pytest.mark.parametrize(
    "command",
    ["fd -e py -x black", "fd . src -x wc -l", "git ls-files | xargs wc -l", "xargs -a list.txt echo"],
)
def test_ordinary_runs_and_finds_stay_approved_in_auto_mode(command: str) -> None:
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox").decision == "auto_approve"
    assert term(command, autonomy=AUTO_MODE, runs_in="sandbox", deny=(f"Terminal({ENV})",)).decision == (
        "auto_approve"
    )


# R6.2: rush and xe hand a reader names that are no listing (the caps ask, as for `xargs cat < list`)
RUSH_XE_ASK = [
    "rush cat < list",
    "rush 'cat {}' < list",
    "rush -i list cat",
    "cat list | rush cat",
    "xe cat < list",
    "xe -f list cat",
]
RUSH_XE_STAY = [
    "git ls-files | rush wc",
    "ls | xe wc -l",
    "git ls-files | xe cat",
    "rush build",
    "xe -N1 echo < list",
]


@pytest.mark.parametrize("command", RUSH_XE_ASK)
def test_rush_and_xe_running_a_reader_on_names_from_a_file_ask(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "agent")
    assert auto == ("require_approval", "cap_path_scope"), command
    assert allowed[0] == "require_approval", command  # (`rush 'cat {}'`: its line is no word of an allow)


@pytest.mark.parametrize("command", RUSH_XE_STAY)
def test_rush_and_xe_on_a_listing_or_printing_stay(command: str) -> None:
    for _, reason in auto_and_allowed(command, "agent"):
        assert reason != "cap_path_scope", command


# --- the readers themselves (what the hooks read) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "names", "hidden", "run"),
    [
        ("fd -H ^\\.env$ -x cat", [".env"], True, ("cat",)),
        ("fd -u env --exec head -n1", ["*env*"], True, ("head", "-n1")),
        ("fd -Htf env -xcat", ["*env*"], True, ("cat",)),
        ("fd -H -g *.env -X cat {}", ["*.env"], True, ("cat", "{}")),
        ("fd -H -F .env -x cat", ["*.env*"], True, ("cat",)),
        ("fd -H -x cat ; -e env", ["*.env"], True, ("cat",)),
        ("fd -e py -x black", ["*.py"], False, ("black",)),
        ("fd . src -x wc -l", ["*?*"], False, ("wc", "-l")),
        ("fd -p env -x cat", ["*"], False, ("cat",)),
        ("fd (a|b) -x cat", ["*"], False, ("cat",)),
        ("fd env", ["*env*"], False, ()),
    ],
)
def test_fd_words_are_read_as_clap_reads_them(
    command: str, names: list[str], hidden: bool, run: tuple[str, ...]
) -> None:
    fd = FdWords(tuple(command.split()))
    assert (fd_names(fd), fd.hidden, fd.run) == (names, hidden, run)


def test_fd_picks_a_hidden_name_only_when_it_shows_them() -> None:
    shown = fd_picked(FdWords(("fd", "-H", "env")))
    assert "*env*" in shown and ".*env*" in shown and ".*/.*env*" in shown
    plain = fd_picked(FdWords(("fd", "env", "src")))
    assert plain == ["src/*env*", "src/*/*env*", "src/*/*/*env*"]
    assert fd_picked(FdWords(("fd", "^\\.env$"))) == []  # (a hidden name it never shows)


@pytest.mark.parametrize(
    ("command", "read"),
    [
        ("xargs -0a .env", ("cat", ".env")),
        ("< .env xargs -n1", ("cat", ".env")),
        ("parallel -ka .env echo", ("cat", ".env")),
        ("parallel echo ::: a :::: l .env", ("cat", ".env")),
        ("rush --infile .env 'echo {}'", ("cat", ".env")),
        ("xe -f .env echo", ("cat", ".env")),
        ("IFS= read -r x < .env", ("cat", ".env")),
        ("ls -a | parallel head {}", ("head", ".*")),
        ("fd -H ^\\.env$ -x sh -c 'cat {}'", ("cat", ".env")),
    ],
)
def test_fed_reads_names_what_is_read(command: str, read: tuple[str, ...]) -> None:
    segments = parse_command(command).segments
    found = [
        v
        for i, seg in enumerate(segments)
        if seg.words
        for v in fed_reads(views(seg.words), segments, i, command, lambda: "/srv/ws")
    ]
    assert read in found, found


@pytest.mark.parametrize(
    "command", ["xargs -a files.txt echo", "parallel -j4 pytest ::: tests/a", "ls | xargs cat"]
)
def test_fed_reads_names_no_place_of_a_rule_for_ordinary_runs(command: str) -> None:
    segments = parse_command(command).segments
    found = [
        v
        for i, seg in enumerate(segments)
        if seg.words
        for v in fed_reads(views(seg.words), segments, i, command, lambda: "/srv/ws")
    ]
    assert not any(".env" in w or w == ".*" for v in found for w in v), found
