"""R6.2: a location the command spells out stays a checked word when the command turns text into words.

What a substitution, `read` or xargs hands on is not a location the scope can judge (R4.7) -- unless the
command itself spells the location into that text: a here-string fed to a `read` loop or to xargs, or a
sed replacement, an awk or jq string that writes a place into the names another command reads. Written as
an attacker would; the ordinary forms (a sed that renames a suffix, awk splitting on "/") stay allowed.
"""

import pytest

from .helpers import HOST, ROOT, term

ALLOW = tuple(
    f"Terminal({p})"
    for p in (
        "cat",
        "wc",
        "head",
        "grep",
        "echo",
        "sed",
        "awk",
        "jq",
        "xargs",
        "sort",
        "read",
        "bc",
        "git ls-files",
        "git diff",
        "git rev-parse",
        "git worktree list",
        "dirname",
        "basename",
        "pwd",
        "cut",
        "rev",
        "tr",
        "realpath",
        "printenv",
        "env",
        "ls",
    )
)

SPELLED_INTO_WORDS = [
    # here-strings handed on as words
    'while read f; do cat "$f"; done <<< /etc/passwd',
    'while read -r f; do head "$f"; done <<< "/etc/shadow"',
    "while IFS= read -r f; do cat \"$f\"; done <<< '../../../etc/passwd'",
    'while read f; do cat "$f"; done <<< ~/.ssh/id_rsa',
    'while read f; do wc -l "$f"; done <<< "a.md /etc/passwd"',
    "xargs cat <<< /etc/passwd",
    "xargs -n1 head <<< '/etc/passwd /etc/hosts'",
    "xargs cat <<< ../../secrets.env",
    "cat $(cat <<< /etc/passwd)",
    'cat "$(head -1 <<< /etc/passwd)"',
    "wc -l `cat <<< /etc/passwd`",
    # a program that writes the place into the names
    "cat $(echo x | sed 's|.*|/etc/passwd|')",
    "cat $(git ls-files | sed 's/^/\\/etc\\//')",
    "cat $(git ls-files | sed 's|^|/etc/|')",
    "cat $(git ls-files | sed 's|$|/../..|')",
    "cat $(git ls-files | sed -e 's#^#../../#')",
    "cat $(git ls-files | sed -E 's,^(.*)$,~/\\1,')",
    "git ls-files | sed 's|^|/etc/|' | xargs cat",
    "git ls-files | sed '1i /etc/passwd' | xargs cat",
    "git ls-files | sed '$a /etc/shadow' | xargs head",
    "git ls-files | sed 'c\\/etc/passwd' | xargs cat",
    "cat $(git ls-files | awk '{print \"/etc/\" $0}')",
    "git ls-files | awk '{print \"../../\" $0}' | xargs cat",
    "git ls-files | awk 'BEGIN{print \"/etc/passwd\"}' | xargs cat",
    "cat $(jq -r '\"/etc/\" + .name' package.json)",
    "jq -r '\"~/.ssh/\" + .key' package.json | xargs cat",
    "git diff --name-only | sed 's|^|/root/|' | while read f; do cat \"$f\"; done",
    # ... or spelled in codes, computed, or read from the environment
    "cat $(echo x | sed 's/x/\\x2fetc\\x2fpasswd/')",
    "cat $(echo x | sed 's/x/\\o057etc\\o057passwd/')",
    "cat $(echo etc | sed 's/^/\\d047/')",
    "cat $(echo etcXpasswd | sed 's/X/\\//;s/^/\\//')",
    "cat $(echo XetcXpasswd | sed 'y/X/\\//')",
    "cat $(awk 'BEGIN{printf \"%cetc%cpasswd\", 47, 47}')",
    'cat $(awk \'BEGIN{print sprintf("%c",47) "etc" sprintf("%c",47) "passwd"}\')',
    "cat $(echo x | awk '{gsub(/x/,\"\\057etc\\057passwd\"); print}')",
    'cat $(awk \'BEGIN{print ENVIRON["HOME"] "/.ssh/id_rsa"}\')',
    "cat $(awk 'BEGIN{print ENVIRON[\"KUBECONFIG\"]}')",
    "cat $(jq -rn '[47,101,116,99,47,112,97,115,115,119,100]|implode')",
    "cat $(jq -rn '\"L2V0Yy9wYXNzd2Q=\"|@base64d')",
    "cat $(jq -rn '\"\\u002fetc\\u002fpasswd\"')",
    "cat $(jq -rn 'env.KUBECONFIG')",
    "jq -rn '$ENV.HOME' | xargs ls",
    # ... or cut out of the project's own place (its parent, a sibling)
    "cat $(dirname $(pwd))/other/.env",
    'ls "$(dirname "$(pwd)")"',
    'cat "$(pwd | sed s/app/other/)/.env"',
    'cat "$(pwd | cut -d/ -f1-3)/x"',
    'cat "$(git rev-parse --show-toplevel | xargs dirname)/x"',
    'cat "$(git rev-parse --absolute-git-dir | sed s/app/other/)/config"',
    'cat "$(pwd | rev | cut -d/ -f2- | rev)/x"',
    'cat "$(realpath . | sed "s/app/other/")/x"',
    'cat "$(printenv HOME | tr a a)/.ssh/id_rsa"',
    'cat "$(env | grep ^HOME= | cut -d= -f2)/.ssh/id_rsa"',
    "pwd | xargs dirname | xargs ls",
    "cat \"$(git worktree list --porcelain | awk 'NR==4{print $2}')/.env\"",
    "git worktree list | cut -d' ' -f1 | xargs ls",
]


@pytest.mark.parametrize("command", SPELLED_INTO_WORDS)
def test_a_place_spelled_into_words_is_checked(command):
    v = term(command, allow=ALLOW, project=HOST, cwd=ROOT)
    assert v.decision != "auto_approve", (command, v.reason, v.message)


ORDINARY = [
    "cat $(git ls-files | sed 's/\\.py$/.pyi/')",
    "wc -l $(git ls-files | sed 's|^|./|')",
    "git ls-files | sed 's|src/|lib/|' | sort",
    "git ls-files | awk -F/ '{print $1}' | sort -u",
    "cat $(git ls-files | awk '{split($0,a,\"/\"); print a[1]}' | head -1)",
    "jq -r '.scripts' package.json",
    'grep -c x <<< "/etc/passwd"',
    'bc <<< "1+2"',
    'while read -r f; do wc -l "$f"; done <<< "src/a.py"',
    "git ls-files | xargs wc -l",
    "git diff --name-only | xargs grep -l TODO",
    "git ls-files | sed 's|src/|lib/|' | xargs wc -l",
    # (jq's split on "/" writes no place; handed to a reader, what it prints of a file's content is one the
    # scope cannot judge: test_scope_places_fed_by_printed_text)
    "jq -r '.files[] | split(\"/\") | .[0]' package.json | sort -u",
    "cat $(git ls-files | awk '{print $1 \"\\t\" $2}')",
    'echo "project: $(basename $(pwd))"',
    'cat "$(pwd)/src/a.py"',
    'cat "$(git rev-parse --show-toplevel)/README.md"',
    "git ls-files | xargs dirname | sort -u",
    'for f in $(git ls-files); do dirname "$f"; done | sort -u',
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_text_to_words_stays_allowed(command):
    v = term(command, allow=ALLOW, project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason, v.message)


# What leads a word may print nothing: `"$(true)/etc/passwd"` is `/etc/passwd`.
EMPTY_LEAD = [
    'cat "$(true)/etc/passwd"',
    'cat "$(printf "")/etc/shadow"',
    "cat $(echo)/etc/passwd",
    'cat "$(git ls-files | head -0)/etc/passwd"',
    'cat "$(grep -l no-such-text README.md)/etc/passwd"',
    'cat "$(cat /dev/null)/etc/passwd"',
    'cat "`true`/etc/passwd"',
    'cat "$( )/etc/passwd"',
    'cat "$(head -c0 README.md)/root/.ssh/id_rsa"',
    'head "$(git diff --name-only | head -0)/etc/hosts"',
    'cat "$(git rev-parse --show-toplevel)/README.md" "$(true)/etc/passwd"',
    'GIT_DIR=x; cat "$(git rev-parse --show-toplevel)/etc/passwd"',
    'export GIT_CEILING_DIRECTORIES=/srv; cat "$(git rev-parse --show-toplevel)/etc/passwd"',
    'for f in ""; do cat "$f/etc/passwd"; done',
    "for f in '' a; do cat \"$f/etc/passwd\"; done",
    'git ls-files | while read f; do cat "$f/etc/passwd"; done',
    'while read -r f; do cat "$f/etc/shadow"; done < README.md',
    'for f in "$(true)"; do cat "$f/etc/passwd"; done',
    "cat $(git ls-files)/etc/passwd",
]


@pytest.mark.parametrize("command", EMPTY_LEAD)
def test_a_lead_that_may_print_nothing_leaves_an_absolute_place(command):
    v = term(command, allow=ALLOW + ("Terminal(true)", "Terminal(head)"), project=HOST, cwd=ROOT)
    assert v.decision != "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        'cat "$(pwd)/src/a.py"',
        'cat "$(git rev-parse --show-toplevel)/README.md"',
        'wc -l "$(git rev-parse --show-toplevel)/src/"*.py',
        'for d in packages/*; do cat "$d/package.json"; done',
        'for d in a b; do cat "$d/x" "$d"; done',
        'git ls-files | while read f; do cat "$f"; done',
        'cat "$(git ls-files | head -1)"',
        "wc -l $(git ls-files)",
        'echo "== $(git rev-parse --abbrev-ref HEAD)"',
    ],
)
def test_a_lead_that_never_prints_nothing_stays_allowed(command):
    v = term(command, allow=ALLOW, project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason, v.message)


# A place inside a format a command prints, in a command whose output becomes words.
FORMATS_A_PLACE = [
    "cat $(date +/etc/passwd)",
    "cat $(date '+/root/.ssh/id_rsa')",
    "cat $(git log -1 --pretty=format:/etc/passwd)",
    "cat $(git log -1 --format=%n/etc/passwd)",
    "cat $(git log -1 --format='%x2fetc%x2fpasswd')",
    "git log -1 --format=format:/etc/shadow | xargs cat",
    'cat "$(find . -maxdepth 0 -printf "\\057etc\\057passwd")"',
    'cat "$(stat -c "\\057etc\\057passwd" .)"',
    "cat \"$(stat --printf='x:/etc/passwd' . | cut -d: -f2)\"",
    "cat $(git for-each-ref --count=1 --format='%x2fetc%x2fhosts')",
]


@pytest.mark.parametrize("command", FORMATS_A_PLACE)
def test_a_place_inside_a_printed_format_is_checked(command):
    allow = ALLOW + ("Terminal(date)", "Terminal(git log)", "Terminal(find)", "Terminal(stat)")
    allow += ("Terminal(git for-each-ref)",)
    v = term(command, allow=allow, project=HOST, cwd=ROOT)
    assert v.decision != "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "cat $(git log -1 --format=%h --name-only)",
        'git log --format="%h %s" -5',
        "cat $(git ls-files src/ | head -3)",
        'wc -l $(git ls-files | grep -E "(^|/)test_")',
        "git ls-files | grep '^src/' | xargs wc -l",
        'cat $(find src -name "*.py" -printf "%p\\n")',
        'cat $(git ls-files -- "src/*.py")',
    ],
)
def test_formats_without_a_place_stay_allowed(command):
    allow = ALLOW + ("Terminal(git log)", "Terminal(find)")
    v = term(command, allow=allow, project=HOST, cwd=ROOT)
    assert (v.decision, v.reason) == ("auto_approve", "allow_rule"), (command, v.reason, v.message)
