"""R6.2, R4.7, SPEC §5: a listing of the project piped on from a compound command, and the lists of places
programs read from a file or their input.

The class: a program that reads or writes the places named by text it reads (xargs or GNU parallel running a
reader, `tar -T`, `zip -@`, `cpio -o`, `rsync --files-from`, `--files0-from`, `git --pathspec-from-file`, `7z
@list`, `ctags -L`, `xgettext -f`) asks as the place itself would unless that text is a listing of the project.

friction -- a listing of the project stays approved, in Brabo's sandbox and on the developer's machine, in auto
mode and when every program is allowed, also when it comes out of a compound command: a group or subshell of
listings (`{ git ls-files; git ls-files -o; } | xargs cat`, `(git diff --name-only; git diff --name-only
--cached) | sort -u | xargs cat`), a loop echoing the items of a listing (`for f in $(git ls-files); do echo
"$f"; done | xargs cat`, `git ls-files | while read f; do echo "$f"; done | xargs cat`), an `if` choosing
between listings, and xargs running a lister on a listing (`git ls-files | xargs grep -l TODO | xargs cat`).
A list of patterns (`grep -f p`, `rsync --exclude-from=p`, `tar -X p`) is no list of places.

missed feeds -- they ask as the place would (``cap_path_scope`` off the sandbox in auto mode, an allow asks;
in Brabo's sandbox auto mode approves and an allow asks): lists of places the earlier reading did not know
(`7z a x.7z @list`, `git add --pathspec-from-file=p`, `tar cTf list out`, `sort --files0-from=p`, the
abbreviations `wc --f=p` and `tar --files=p`, `find -files0-from p`, `ctags -L p`, `xgettext -f p`), a
compound printing anything but listings (`{ git ls-files; cat p; } | xargs cat`), and the input of a compound
command reaching the xargs, `read` or `tar -T -` inside it (`cat p | { true; xargs cat; }`, `cat p | (xargs
cat)`, `{ xargs cat; } < p`, `cat p | while true; do xargs cat; done`, in a shell's script too: `bash -c 'cat p
| { xargs cat; }'`), and a `read` variable given another value in the loop (`git ls-files | while read f; do
f=$(cat p); cat "$f"; done`).

On the base, 211 of this file's 434 cases fail (50 of its 85 friction commands ask there, 62 of its 132 class
commands are approved there somewhere they now ask).
"""

import pytest

from .helpers import auto_and_allowed

# friction: approved in auto mode and behind an allow of every word, in the sandbox and on the machine
LISTINGS = [
    "{ git ls-files; } | xargs cat",
    "{ git ls-files; }|xargs cat",
    "{ git ls-files; git ls-files -o --exclude-standard; } | xargs wc -l",
    "(git ls-files; git ls-files -o) | xargs wc -l",
    "(git ls-files; git ls-files --others --exclude-standard) | sort -u | xargs wc -l",
    "{ git diff --name-only; git diff --name-only --cached; } | sort -u | xargs cat",
    "(git diff --name-only; git diff --name-only --staged) | sort -u | xargs -r cat",
    "{ git ls-files | grep py; git ls-files -o; } | xargs cat",
    "{ git ls-files; } | sort | xargs cat",
    "{ find src -name '*.py'; find tests -name '*.py'; } | xargs wc -l",
    "{ fd -e py; rg --files -g '*.md'; } | xargs head -1",
    "for f in $(git ls-files); do echo $f; done | xargs cat",
    'for f in $(git ls-files); do echo "$f"; done | xargs cat',
    "for f in $(git ls-files); do echo ${f}; done | xargs wc -l",
    "for f in $(git ls-files '*.py'); do printf '%s\\n' \"$f\"; done | xargs wc -l",
    'for f in $(git ls-files); do test -f "$f" && echo "$f"; done | xargs cat',
    'for f in $(git ls-files); do [ -s "$f" ] && echo "$f"; done | xargs wc -l',
    "for f in $(ls); do [[ -d $f ]] || echo $f; done | xargs head -1",
    'for f in *.py; do [ -f "$f" ] && echo "$f"; done | xargs wc -l',
    'for f in a.md b.md; do echo "$f"; done | xargs cat',
    'for f in README.md docs/a.md; do echo "$f"; done | xargs wc -l',
    "for d in src tests; do find $d -name '*.py'; done | xargs wc -l",
    'for d in src tests; do git ls-files "$d"; done | xargs cat',
    'for f in $(git ls-files); do echo "$f"; done | sort | xargs cat',
    'git ls-files | while read f; do echo "$f"; done | xargs cat',
    'git ls-files | while read -r f; do [ -f "$f" ] && echo "$f"; done | xargs wc -l',
    "find . -name '*.md' | while IFS= read -r f; do echo \"$f\"; done | xargs cat",
    'git ls-files | { while read f; do echo "$f"; done; } | xargs cat',
    "if [ -d src ]; then find src -name '*.py'; else git ls-files; fi | xargs wc -l",
    "if git rev-parse --git-dir; then git ls-files; else find . -type f; fi | xargs wc -l",
    "{ git ls-files; } | tar -czf out.tgz -T -",
    "(git ls-files; git ls-files -o) | zip out.zip -@",
    "{ git ls-files; } | cpio -o > out.cpio",
    "{ git ls-files -z; } | wc --files0-from=-",
    'for f in $(git ls-files); do echo "$f"; done | parallel cat',
    "{ git ls-files; } | parallel wc -l",
    "parallel grep -a x ::: a.md",
    "parallel -j4 cat ::: a.md b.md",
    "git ls-files | xargs grep -l TODO | xargs cat",
    "git ls-files '*.py' | xargs grep -l TODO | xargs wc -l",
    "find . -name '*.py' | xargs grep -l x | xargs head -1",
    "find . -name '*.py' | xargs ls -t | head -1 | xargs cat",
    "git ls-files | xargs ls -t | head -3 | xargs cat",
    "git ls-files | xargs dirname | sort -u | xargs ls",
    "cat $(git ls-files | xargs grep -l TODO)",
    "wc -l $(find . -name '*.py' | xargs grep -l import)",
    "git ls-files | (xargs cat)",
    "git ls-files | { true; xargs wc -l; }",
    "git ls-files | { xargs cat; }",
    "{ xargs cat; } <<< a.md",
    'while read f; do cat "$f"; done < <(git ls-files)',
    'while read f; do echo "$f"; done < <(git ls-files) | xargs cat',
    'while read -r f; do [ -f "$f" ] && echo "$f"; done < <(find . -name "*.md") | xargs wc -l',
    'while read f; do echo "$f"; done < <(git ls-files) | sort | xargs cat',
    "for f in $(git ls-files); do echo $f; done 2>&1 | xargs cat",
    "git ls-files -z | xargs -0 cat",
    "find . -name '*.py' -print0 | xargs -0 grep x",
    "rg --files | xargs head -1",
    "fd -e py | xargs wc -l",
    "tree -fi src | xargs cat",
    "ls | xargs cat",
    "git ls-files -z | git add --pathspec-from-file=- --pathspec-file-nul",
    "git diff --name-only | git add --pathspec-from-file=-",
    "git ls-files | tar cTf - out.tar",
    "git ls-files -z | sort --files0-from=-",
    "git ls-files -z | du -ch --files0-from=-",
    "git ls-files | ctags -L -",
    "find . -name '*.c' | ctags -L -",
    "git ls-files '*.py' | xgettext -f -",
    "tar czf out.tgz src",
    "tar --file=out.tar -c src",
    "tar cvf out.tar src",
    "grep -f patterns.txt src/a.py",
    "grep -F -f words.txt README.md",
    "rsync --exclude-from=ignore.txt -a src/ dest/",
    "rsync -a --include-from=keep.txt src/ dest/",
    "tar -X exclude.txt -czf out.tgz src",
    "git commit -m x --fixup HEAD",
    "sort -f names.txt",
]

# approved in auto mode (behind an allow of every word, 7z and a group's redirections ask for a reason of their
# own, as on the base)
AUTO_LISTINGS = [
    "7z a out.7z src",
    "7z a out.7z src -x@exclude.txt",
    "{ git ls-files; } 2>/dev/null | xargs cat",
    "{ git ls-files; } 2>/dev/null | sort | xargs cat",
    "{ git ls-files; } > out | xargs cat",
    "bash -c 'git ls-files | { xargs cat; }'",
]

# the places are what a file, a variable or a command that is no listing says: they ask as an outside place
UNJUDGED = [
    "7z a x.7z @list",
    "7z a x.7z @list.txt src",
    "7za a x.7z @p",
    "7z a x.7z -i@list",
    "7z a x.7z -ir@list",
    "rar a x.rar @list",
    "git add --pathspec-from-file=p",
    "git add --pathspec-from-file p",
    "git add --pathspec-fr=p",
    "git reset --pathspec-from-file=p",
    "git commit --pathspec-from-file=p -m x",
    "cat p | git add --pathspec-from-file=-",
    "tar cTf list out.tar",
    "tar cfT out.tar list",
    "tar cvfT out.tar p",
    "tar czTf p out.tgz",
    "tar -cf out -T list",
    "tar -cf out -Tlist",
    "tar -c -T p -f out.tar",
    "tar --files=p -cf out.tar",
    "tar --files-f=p -cf out.tar",
    "gtar cTf p out.tar",
    "zip -@ out < list",
    "zip -@ out.zip < list",
    "cpio -o < list",
    "cpio --create < list",
    "rsync --files-from=- / d < p",
    "rsync -a --files-from=- / d/ < p",
    "cat p | rsync -a --files-from=- / d/",
    "wc --files0-from=p",
    "wc --f=p",
    "wc --files0=p",
    "du --files0-from=p",
    "du --f p",
    "du -sh --files0-from=p",
    "sort --files0-from=p",
    "sort --files0-from p",
    "sort --fil=p",
    "find -files0-from p",
    "find -files0-from p -name x",
    "ctags -L p",
    "ctags -Lp",
    "etags -L p",
    "xgettext -f p",
    "xgettext --files-from=p",
    "xgettext --files-from p",
    "xargs --arg-file=p cat",
    "xargs --arg-file p wc -l",
    "parallel -a p cat",
    "parallel --arg-file p cat",
    "parallel cat :::: p",
    "parallel --shebang cat :::: p",
    "parallel --block 10M cat :::: p",
    "parallel --retries 3 cat :::: p",
    "parallel -ka p cat",
    "parallel -E x cat :::: p",
    "{ git ls-files; cat p; } | xargs cat",
    "{ git ls-files; echo $X; } | xargs cat",
    "{ git ls-files; echo ~/.ssh/id_rsa; } | xargs cat",
    "{ git ls-files; echo /etc/passwd; } | xargs cat",
    "{ git ls-files; echo ../x; } | xargs cat",
    "{ git ls-files; cat <<< ~/.ssh/id_rsa; } | xargs cat",
    "{ git ls-files; (cat p); } | xargs cat",
    '{ git ls-files; bash -c "cat p"; } | xargs cat',
    '{ git ls-files; eval "cat p"; } | xargs cat',
    "{ cat p; { git ls-files; } } | xargs cat",
    "(cat p; (git ls-files)) | xargs cat",
    '{ echo "}"; cat p; } | xargs cat',
    "cat p | { git ls-files; sort; } | xargs cat",
    "{ git ls-files; } | sort p | xargs cat",
    "{ git ls-files; cat p; } | tar -cf o.tar -T -",
    "(git ls-files; cat p) | zip o.zip -@",
    "(git ls-files; cat p) | sort -u | xargs cat",
    "{ git ls-files; } | xargs -a p cat",
    "for f in $(cat p); do echo $f; done | xargs cat",
    'for f in $(cat p); do echo "$f"; done | xargs wc -l',
    'for f in $(git ls-files); do echo "/etc/$f"; done | xargs cat',
    'for f in $(git ls-files); do echo "../$f"; done | xargs cat',
    'for f in $(git ls-files); do echo "~/$f"; done | xargs cat',
    'for f in $(git ls-files); do cat "$f"; done | xargs cat',
    "for f in $(git ls-files); do echo $f; cat $f; done | xargs cat",
    "for f in $(git ls-files); do echo $f $(cat p); done | xargs cat",
    "for f in $(git ls-files); do printf '/%s\\n' \"$f\"; done | xargs cat",
    "for f in /etc/passwd; do echo $f; done | xargs cat",
    'for f in ~/.ssh/id_rsa; do echo "$f"; done | xargs cat',
    "for d in src /etc; do find $d -name '*.py'; done | xargs wc -l",
    "for F in $(cat p); do echo $F; done | xargs cat",
    "{ for f in $(git ls-files); do :; done; f=p; echo $f; } | xargs cat",
    "{ read f < p; echo $f; } | xargs cat",
    "while read f; do echo $f; done < p | xargs cat",
    'cat p | while read f; do echo "$f"; done | xargs cat',
    'cat p | { while read f; do echo "$f"; done; } | xargs cat',
    "if cat p; then :; fi | xargs cat",
    "while cat p; do break; done | xargs cat",
    "cat p | xargs grep -l x | xargs cat",
    "xargs -a p grep -l x | xargs cat",
    "cat p | while true; do xargs cat; done",
    "cat p | if true; then xargs cat; fi",
    "cat p | { true; xargs cat; }",
    "cat p | (true; xargs cat)",
    "cat p | (xargs cat)",
    "cat p|(xargs cat)",
    "cat p | { xargs cat; }",
    "{ cat p; } | { xargs cat; }",
    "{ xargs cat; } < p",
    "(xargs cat) < p",
    "while true; do xargs cat; done < p",
    "for i in 1 2; do xargs cat; done < p",
    'cat p | { true; while read f; do cat "$f"; done; }',
    '{ while read f; do cat "$f"; done; } < p',
    "cat p | { tar -cf o.tar -T -; }",
    "cat p | (tar -cf o.tar -T -)",
    "{ tar -cf o.tar -T -; } < p",
    "cat p | { true; zip o.zip -@; }",
    'while read f; do echo "$f"; done < <(cat p) | xargs cat',
    'while read f; do echo "$f"; done < p | sort | xargs cat',
    "{ git ls-files; echo $X; } 2>/dev/null | xargs cat",
    '{ read f; echo "$f"; } < p | xargs cat',
    "{ git ls-files; cat; } < p | xargs cat",
    "git ls-files | while read f; do f=$(cat p); cat $f; done",
    'git ls-files | while read f; do printf -v f "%s" "$(cat p)"; cat $f; done',
    "git ls-files | while read f; do export f=$(cat p); cat $f; done",
    "git ls-files | while read f; do read f < p; cat $f; done",
    "git ls-files | while read f; do f=$(cat p); echo $f; done | xargs cat",
    "for f in $(git ls-files); do f=$(cat p); echo $f; done | xargs cat",
    "for f in $(git ls-files) /etc/passwd; do echo $f; done | xargs cat",
    "bash -c 'cat p | { xargs cat; }'",
    "bash -c 'cat p | { echo \"x\"; xargs cat; }'",
    'bash -c "cat p | { xargs cat; }"',
    "bash -c 'cat p | (xargs cat)'",
    "bash -c '{ xargs cat; } < p'",
    "bash -c 'cat p | while true; do xargs cat; done'",
]


@pytest.mark.parametrize("command", LISTINGS)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_a_listing_of_the_project_stays_approved(command: str, runs_in: str) -> None:
    for verdict in auto_and_allowed(command, runs_in):
        assert verdict[0] == "auto_approve", (command, runs_in, verdict)


@pytest.mark.parametrize("command", AUTO_LISTINGS)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_in_auto_mode_an_archive_of_the_project_is_approved(command: str, runs_in: str) -> None:
    auto, _ = auto_and_allowed(command, runs_in)
    assert auto[0] == "auto_approve", (command, runs_in, auto)


@pytest.mark.parametrize("command", UNJUDGED)
def test_off_the_sandbox_it_asks_as_an_outside_place(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "agent")
    assert auto == ("require_approval", "cap_path_scope"), command
    assert allowed[0] == "require_approval", (command, allowed)


@pytest.mark.parametrize("command", UNJUDGED)
def test_in_the_sandbox_auto_mode_approves_and_an_allow_asks(command: str) -> None:
    auto, allowed = auto_and_allowed(command, "sandbox")
    assert auto[0] == "auto_approve", (command, auto)
    assert allowed[0] == "require_approval", (command, allowed)
