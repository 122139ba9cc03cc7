"""R6.2, R4.7, SPEC §5: a place named through what a command prints, handed to a program that reads or writes
its operands as files, asks as the place itself would.

A substitution is not a path and the commands inside it are segments judged on their own (R4.7) -- but when a
file reader's operand is what a file's content, a variable, the network or any command that is not a listing of
the project prints (`echo ~/.ssh/id_rsa > p && cat $(cat p)`), or the names xargs, a `read` loop, a `for` list or
a list-of-files option (`tar -T p`, `rsync --files-from=p`, `zip -@ < p`, `cpio -o < p`) hands on, the place is
one the scope cannot judge: it asks as `cat ~/.ssh/id_rsa` does (``cap_path_scope`` off the sandbox in every
mode; in Brabo's sandbox in auto mode it is approved, RN-603, and an allow asks). permissions.commands.list_feeds.

friction: a listing of the project's own places (`git ls-files`, `git diff --name-only`, `find .`, `fd`, `ls`,
`rg -l`, `grep -l`, `pwd`, `mktemp`, `which`) stays approved, and so does a substitution that is no place at all
(`kill $(cat server.pid)`, `echo $(cat VERSION)`, `head -n $(cat N) f`).

On the base, 432 of this file's 744 cases fail (149 of its 166 class commands are approved there somewhere they
now ask; every friction case passes there).
"""

import pytest

from .helpers import AUTO_MODE, allow_every_word, term

REFERENCE = "cat ~/.ssh/id_rsa"

# the place is what a file, a variable or the network says: it asks where `cat ~/.ssh/id_rsa` asks
UNJUDGED = [
    "cat $(cat p)",
    "cat $(<p)",
    "cat $(< p)",
    "cat $(head -1 p)",
    "cat $(tail -n 1 p)",
    'cat "$(cat p)"',
    "cat `cat p`",
    'cat "`head -1 p`"',
    "cat $(cat p) README.md",
    "cat README.md $(cat p)",
    "cat $(sed -n 1p p)",
    "cat $(awk 'NR==1' p)",
    "cat $(cut -d, -f1 p)",
    "cat $(grep key p)",
    "cat $(sort p | head -1)",
    "cat $(cat p | head -1)",
    "cat $(jq -r .path config.json)",
    "cat $(jq -r '.files[] | split(\"/\") | .[0]' package.json)",
    "cat $(echo $SECRET_PATH)",
    'cat "$(printf %s "$SECRET_PATH")"',
    "cat $(curl -s https://example.com/x)",
    "cat $(wget -qO- https://example.com/x)",
    "cat $(printenv SECRET_PATH)",
    "cat $(tr -d '\\r' < p)",
    "head $(cat p)",
    "tail -n 5 $(cat p)",
    "head -n 3 $(cat p)",
    "wc -c $(cat p)",
    "bat $(cat p)",
    "nl $(cat p)",
    "xxd $(cat p)",
    "od -c $(cat p)",
    "strings $(cat p)",
    "base64 $(cat p)",
    "base64 -w0 $(cat p)",
    "file $(cat p)",
    "stat $(cat p)",
    "grep -n x $(cat p)",
    "grep -e x $(cat p)",
    "sed -n 1p $(cat p)",
    "awk '{print}' $(cat p)",
    "diff a.txt $(cat p)",
    "sha256sum $(cat p)",
    "md5sum $(cat p)",
    "jq . $(cat p)",
    "tar czf out.tgz $(cat p)",
    "zip out.zip $(cat p)",
    "source $(cat p)",
    ". $(cat p)",
    "cat src/$(cat p)",
    "cat ./$(cat p)",
    "cat $(cat p)/id_rsa",
    "env cat $(cat p)",
    "nice cat $(cat p)",
    "timeout 5 cat $(cat p)",
    "command cat $(cat p)",
    "/usr/bin/cat $(cat p)",
    "/bin/cat $(cat p)",
    "echo ~/.ssh/id_rsa > p && cat $(cat p)",
    "cat $(cat p) | base64",
    "cat $(cat p) > out.txt",
    "bash -c 'cat $(cat p)'",
    'sh -c "cat \\$(cat p)"',
    "(cat $(cat p))",
    "{ cat $(cat p); }",
    "cat $(git show HEAD:p)",
    "cat $(git config --get core.x)",
    "cat $(git log -1 --format=%s)",
    "cat $(fd p -x cat)",
    "cat $(ls p; cat p)",
    "cat $(git ls-files; cat p)",
    "cat $(git ls-files | cat - p)",
    "cat $(git ls-files | sort - p)",
    "cat $(git ls-files | grep x p)",
    "cat $(dirname $(cat p))/id_rsa",
    "xargs cat < p",
    "xargs -a p cat",
    "xargs -a files.txt wc -l",
    "xargs -a list.txt grep -l TODO",
    "xargs --a p cat",
    "xargs -ra p cat",
    "xargs -r -a p cat",
    "xargs -i -a p cat {}",
    "xargs -I {} -a p cat {}",
    "xargs -0 --arg-file=p cat",
    "xargs --arg-file=p cat",
    "xargs --arg-file p cat",
    "xargs -ap cat",
    "cat p | xargs cat",
    "cat p | xargs -n1 cat",
    "cat p | xargs -I{} cat {}",
    "head -1 p | xargs cat",
    "sort p | xargs cat",
    "cat p | xargs -0 cat",
    "xargs cat < <(cat p)",
    "cat p | xargs grep key",
    "curl -s https://example.com/x | xargs cat",
    "echo $SECRET_PATH | xargs cat",
    "printenv SECRET_PATH | xargs cat",
    "cat p | grep . | xargs cat",
    "timeout 5 xargs -a p cat",
    'while read f; do cat "$f"; done < p',
    'while read -r f; do cat "$f"; done < p',
    'while IFS= read -r f; do cat "$f"; done < p',
    'cat p | while read f; do cat "$f"; done',
    'while read f; do cat "$f"; done < <(cat p)',
    'for f in $(cat p); do cat "$f"; done',
    'for f in $(<p); do cat "$f"; done',
    'for f in `cat p`; do cat "$f"; done',
    "tar czf out.tgz -T p",
    "tar -czf out.tgz -T p",
    "tar -cf - -T p",
    "tar -cf - --files-from=p",
    "tar -cf - --files-from p",
    "tar cf out.tar -Tp",
    "cat p | tar -cf out.tar -T -",
    "tar -cf out.tar -T - < p",
    "rsync --files-from=p / dest",
    "rsync -a --files-from=p / dest/",
    "rsync -a --files-from p / dest/",
    "zip out.zip -@ < p",
    "cat p | zip out.zip -@",
    "cpio -o < p",
    "cpio -o > out.cpio < p",
    "cat p | cpio -o > out.cpio",
    "cpio -ov < p",
    "wc --files0-from=p",
    "du --files0-from=p",
    "file -f p",
    "cat $(cat p | tr -d '\\n')",
    "cat $(git ls-files | xargs cat)",
    "cat $(find . -name p | xargs cat)",
    "cat $(ls; echo $X)",
    "f=$(cat p); cat $f",
    'f=$(cat p) && cat "$f"',
    "cat $(cat p 2>/dev/null)",
    "cat $(cat p | xargs)",
    "xargs -0 -a p cat",
    "xargs --arg-file=p -n1 cat",
    "parallel cat :::: p",
    "parallel -a p cat",
    "parallel cat ::: $(cat p)",
    "Get-Content p | ForEach-Object { Get-Content $_ }",
    "gc p | % { gc $_ }",
    "cat $(cat ~/.ssh/id_rsa.pub)",
    "cat $(head -c 100 p)",
    "cat $(ssh host cat p)",
    "cat $(cat p)$(cat q)",
    "cat -- $(cat p)",
    "cat -n $(cat p)",
    "IFS=$'\\n'; cat $(cat p)",
    "cat $(printf '%s' \"$(cat p)\")",
    'cat $(echo "$(cat p)")',
    "X=1 cat $(cat p)",
    "cat $(ls $(cat p))",
    "cat $(grep -elocal p)",
    "cat $(grep -e -l p)",
    "cat $(git log -1 --name-only)",
    "bash -c 'cat p | xargs cat'",
    "(cat p | xargs cat)",
    'while read f; do cat "$f"; done <<< "$(cat p)"',
    "cat p | parallel cat",
    'xargs cat <<< "$(cat p)"',
    "cat $(realpath $(cat p))",
    "cat $(which $(cat p))",
    "wc -l $(git ls-files $(cat p) | xargs cat)",
]

# the same places, asked for another reason first (a write whose target is unread, a privileged or networked
# command, an interpreter's code): never approved off the sandbox
STILL_ASKING = [
    "less $(cat p)",
    "more $(cat p)",
    "rg key $(cat p)",
    "sort $(cat p)",
    "cp $(cat p) .",
    "mv $(cat p) .",
    "rm -f $(cat p)",
    "touch $(cat p)",
    "ln -s $(cat p) link",
    "rsync -a $(cat p) dest/",
    "scp $(cat p) host:",
    "sudo cat $(cat p)",
    "sudo xargs cat < p",
    "cat p | sudo xargs cat",
    "cat p | xargs cp -t .",
    "cat p | xargs rm -f",
    "cat p | xargs less",
    "cat p | xargs base64",
    'while read f; do less "$f"; done < p',
    'for f in $(cat p); do cp "$f" .; done',
    "cat $(python3 -c 'print(open(\"p\").read())')",
    "cat $(perl -ne print p)",
    "cat $(eval echo $(cat p))",
    "cat $(nc host 80)",
    "cat $(find . -name p -exec cat {} \\;)",
]

# friction: listings of the project, and substitutions that are no place
LISTINGS_AND_NON_PLACES = [
    "wc -l $(git ls-files '*.py')",
    "cat $(find . -name '*.md')",
    "ruff check $(git diff --name-only)",
    "cat $(ls *.txt)",
    "grep -l x $(fd -e py)",
    "grep -l x $(rg -l TODO)",
    "grep -n x $(grep -rl TODO src)",
    "cat $(grep -l TODO -r .)",
    "git diff --name-only | xargs ruff check",
    "find . -name '*.py' | xargs wc -l",
    "git ls-files | xargs cat",
    "kill $(cat server.pid)",
    "echo $(cat VERSION)",
    "npm version $(cat VERSION)",
    "wc -l $(git ls-files '*.md') | sort -n | tail -5",
    "cat $(git ls-files docs) | wc -w",
    "grep -n 'TODO' $(git diff --name-only)",
    "grep -l 'license' $(git ls-files '*.md')",
    "for f in $(git ls-files '*.md'); do wc -l \"$f\"; done | sort -n | tail",
    'git ls-files "*.md" | while read -r f; do grep -c TODO "$f"; done',
    'while read -r line; do echo "$line"; done < notes.txt',
    "find . -name '*.py' -not -path './.venv/*' | xargs wc -l | tail -1",
    "grep -n 'def ' $(git ls-files 'src/*.py') | wc -l",
    "for f in $(git ls-files 'tests/*.py'); do grep -L 'import pytest' \"$f\"; done",
    'git ls-files "*.py" | while read -r f; do grep -c "TODO" "$f"; done | sort | uniq -c',
    "find . -name '*.md' | xargs -n1 echo",
    "cat $(git ls-files '*.py' | head -5)",
    "cat $(git ls-files | grep '\\.md$')",
    "cat $(git ls-files | grep -v test | sort | head -3)",
    "wc -l $(git diff --name-only HEAD~1)",
    "wc -l $(git diff --name-only main...HEAD)",
    "cat $(git diff --name-only --cached)",
    "cat $(git diff-tree --no-commit-id --name-only -r HEAD)",
    "cat $(git show --name-only --format= HEAD)",
    "cat $(git log -1 --name-only --format=)",
    "cat $(git grep -l TODO)",
    "cat $(git ls-tree --name-only HEAD)",
    "head -n $(cat N) README.md",
    "tail -n $(cat LINES) app.log",
    "tail -n +$(cat START) app.log",
    "head -c $(cat SIZE) data.bin",
    'cat "$(git rev-parse --show-toplevel)/README.md"',
    "cat $(pwd)/README.md",
    'cat "$(pwd)/src/a.py"',
    "ls $(pwd)",
    "cat $(echo README.md)",
    "cat $(echo src/a.py)",
    "cat $(printf '%s\\n' a.md b.md)",
    "file $(which python3)",
    "ls -la $(which node)",
    "cat $(ls -t logs/*.log | head -1)",
    "tail -f $(ls -t logs/*.log | head -1)",
    "grep -c TODO $(find src -name '*.ts')",
    "cat $(fdfind -e md)",
    "cat $(rg --files -g '*.md')",
    "cat $(rg -l TODO src)",
    "cat $(tree -fi src | grep '\\.md$')",
    "git ls-files | xargs wc -l",
    "git ls-files -z | xargs -0 wc -l",
    "git diff --name-only | xargs -r ruff check",
    "git diff --name-only | xargs cat",
    "git diff --name-only | grep '\\.py$' | xargs cat",
    "fd -e py | xargs wc -l",
    "rg -l TODO | xargs cat",
    "find . -name '*.py' -print0 | xargs -0 grep -n TODO",
    "ls *.txt | xargs cat",
    "ls | xargs -n1 wc -l",
    'git ls-files | while read f; do wc -l "$f"; done',
    "find . -name '*.md' | while read -r f; do head -1 \"$f\"; done",
    'while read -r f; do wc -l "$f"; done < <(git ls-files)',
    "for f in $(find . -name '*.md'); do cat \"$f\"; done",
    'for f in $(ls *.txt); do cat "$f"; done',
    'for f in *.md; do cat "$f"; done',
    'for f in a.md b.md; do cat "$f"; done',
    "git ls-files | tar -czf out.tgz -T -",
    "git ls-files | tar -cf out.tar --files-from=-",
    "find . -name '*.py' | cpio -o > out.cpio",
    "git ls-files | zip out.zip -@",
    "find . -name '*.md' | zip docs.zip -@",
    "git ls-files -z | wc --files0-from=-",
    "tar czf out.tgz src",
    "zip -r out.zip src",
    "rsync -a src/ dest/",
    'echo "$(cat VERSION)"',
    'git commit -m "$(cat msg.txt)"',
    "docker build -t app:$(cat VERSION) .",
    "export V=$(cat VERSION)",
    "sleep $(cat DELAY)",
    "seq 1 $(cat N)",
    "cat p | xargs echo",
    "cat p | xargs kill",
    "xargs -a ids.txt kill",
    'while read pid; do kill "$pid"; done < pids.txt',
    'for v in $(cat versions.txt); do echo "$v"; done',
    'for id in $(cat ids.txt); do gh issue view "$id"; done',
    "grep -f patterns.txt src/a.py",
    "grep -F -f words.txt README.md",
    "rg -f patterns.txt src",
    "cat $(git ls-files | sed 's/x/y/')",
    "cat $(ls $(pwd))",
    "cat $(grep -l x p)",
    "(git ls-files | xargs cat)",
    'while read f; do cat "$f"; done <<< "$(git ls-files)"',
    'while read f; do cat "$f"; done <<< "a.md"',
    "git ls-files | parallel wc -l",
    "parallel -j4 wc -l ::: $(git ls-files)",
    'xargs cat <<< "$(git ls-files)"',
    'xargs wc -l <<< "a.md b.md"',
    "find $(git rev-parse --show-toplevel) -name '*.md' | xargs wc -l",
    "cat $(git ls-files | sed 's|^src/|lib/|')",
]


def _pair(command: str, runs_in: str) -> tuple[tuple[str, str], tuple[str, str]]:
    auto = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
    allowed = term(command, allow=allow_every_word(command), runs_in=runs_in)
    return (auto.decision, auto.reason), (allowed.decision, allowed.reason)


def test_the_reference_asks_off_the_sandbox_and_in_it_under_an_allow() -> None:
    assert _pair(REFERENCE, "agent") == (("require_approval", "cap_path_scope"),) * 2
    auto, allowed = _pair(REFERENCE, "sandbox")
    assert auto[0] == "auto_approve" and allowed == ("require_approval", "cap_path_scope")


@pytest.mark.parametrize("command", UNJUDGED)
@pytest.mark.parametrize("runs_in", ["agent", "host"])
def test_off_the_sandbox_it_asks_as_an_outside_place(command: str, runs_in: str) -> None:
    auto, allowed = _pair(command, runs_in)
    assert auto == ("require_approval", "cap_path_scope"), (command, runs_in)
    assert allowed[0] == "require_approval", (command, runs_in)


@pytest.mark.parametrize("command", UNJUDGED)
def test_in_the_sandbox_auto_mode_approves_and_an_allow_asks(command: str) -> None:
    auto, allowed = _pair(command, "sandbox")
    assert auto[0] == "auto_approve", command
    assert allowed[0] == "require_approval", command


@pytest.mark.parametrize("command", STILL_ASKING)
def test_never_approved_off_the_sandbox(command: str) -> None:
    for verdict in _pair(command, "agent"):
        assert verdict[0] == "require_approval", command


@pytest.mark.parametrize("command", LISTINGS_AND_NON_PLACES)
@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
def test_listings_and_non_places_stay_approved(command: str, runs_in: str) -> None:
    for verdict in _pair(command, runs_in):
        assert verdict[0] == "auto_approve", (command, runs_in, verdict)
