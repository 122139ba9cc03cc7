"""A location spelt in escapes is the location (R6.2, read as R4.10 reads options: meaning, not spelling).

What a substitution prints is not judged as a location, so a printer that turns escapes into characters
(`printf`'s format and `%b` arguments, `echo -e` — and zsh's and dash's plain `echo` —, `tr`'s sets) could
print `/etc/passwd` from words that hold no `/`. Such words are checked as the printer prints them; text another
command printed into a position the printer decodes is a location decided by an expansion. So is what a
decoder (`base64 -d`, `xxd -r`) or a program that cuts characters out of literal text (`cut -c2- <<<
x/etc/passwd`) prints into another command's words. Ordinary
printing — tabs and newlines, a commit message, a hash — stays as it was.
"""

import pytest

from .helpers import ROOT, term
from .test_friction_ordinary_commands import TEAM

PRINTERS = TEAM + tuple(
    f"Terminal({c})"
    for c in (
        *("printf", "tr", "xargs", "base64", "base32", "basenc", "xxd", "env", "command"),
        *("cut", "rev", "sed", "awk", "fold", "colrm", "basename", "dirname"),
        # R4.8: a wrapper's prefix covers what it runs only when it names it
        *("env printf", "command printf", "xargs printf", "xargs cat"),
    )
)

ESCAPED = [
    # printf's format: octal, hex, unicode
    "cat $(printf '\\057etc\\057passwd')",
    "cat $(printf '\\57etc\\57passwd')",
    "cat $(printf '\\x2fetc\\x2fpasswd')",
    "cat $(printf '\\x2Fetc/passwd')",
    "cat $(printf '\\u002fetc\\u002fshadow')",
    "cat $(printf '\\U0000002fetc\\U0000002fshadow')",
    "cat $(printf -- '\\057root\\057.ssh\\057id_rsa')",
    "wc -l $(printf '%s\\n' a.md \"$(printf '\\057etc')\")",
    "cat \"$(printf '\\x2e\\x2e/\\x2e\\x2e/secret')\"",
    "cat $(printf 'a.md\\n\\x2fetc\\x2fpasswd')",
    # a NUL byte is dropped from what a substitution prints: what follows it starts the word
    "cat $(printf '\\0/etc/passwd')",
    "cat $(printf '\\x00/etc/passwd')",
    "cat $(echo -e '\\0000/etc/passwd')",
    "cat $(printf '%b' '\\u0000/etc/passwd')",
    # printf's %b arguments, both octal spellings
    "cat $(printf %b '\\0057etc\\0057passwd')",
    "cat $(printf '%b' '\\057etc/passwd')",
    "cat $(printf 'x%bx' '\\x2f')",
    # echo -e, and plain echo (zsh and dash decode without -e)
    "cat $(echo -e '\\x2fetc\\x2fpasswd')",
    "cat $(echo -ne '\\057etc\\057passwd')",
    "cat $(echo -en '\\0057etc\\0057passwd')",
    "cat $(echo '\\0057etc\\0057passwd')",
    "cat `echo -e '\\x2fetc\\x2fpasswd'`",
    "diff <(echo -e '\\x2e\\x2e') a",
    # tr turns a harmless character into '/'
    "cat $(tr . '\\057' <<< .etc.passwd)",
    "cat $(echo .etc.passwd | tr . '\\057')",
    "cat $(tr -s . '\\57' <<< .etc.passwd)",
    # printed text decoded again: the escapes are computed, not written
    "cat $(printf \"$(printf '\\\\%o%s' 47 etc)\")",
    "cat $(echo -e \"$(printf '\\\\0%o' 47)etc\")",
    "cat $(printf '%b' \"$(printf '\\\\%o' 47)\")passwd",
    'cat $(printf "$FMT")',
    # through a wrapper, the printer is the same printer
    "cat $(env printf '\\057etc\\057passwd')",
    "cat $(command printf '\\057etc\\057passwd')",
    "cat $(xargs printf '\\057etc\\057passwd' < /dev/null)",
    # tr's output set spells '/' through a range, or '.' that climbs once it feeds a word
    "cat $(tr ab '.-0' <<< betcbpasswd)",
    "cat $(tr _ . <<< __/secret)",
    'echo __/secret | tr _ . | while read f; do cat "$f"; done',
    "echo __/secret | tr _ . | xargs cat",
    "echo _etc_passwd | tr _ / | xargs cat",
    "cat $(tr a '\\x2f' <<< aetc)",
    # a decoder's output fed to another command is whatever its literal input encodes
    "cat $(echo L2V0Yy9wYXNzd2Q= | base64 -d)",
    "cat $(base64 --decode <<< L2V0Yy9wYXNzd2Q=)",
    "cat $(base64 -di <<< L2V0Yy9wYXNzd2Q=)",
    "cat $(base32 -d <<< F5SXIYZPOBQXG43XMQ======)",
    "cat $(basenc --base64 -d <<< L2V0Yw==)",
    "cat $(xxd -r -p <<< 2f6574632f706173737764)",
    "echo L2V0Yy9wYXNzd2Q= | base64 -d | xargs cat",
    'echo L2V0Yy9wYXNzd2Q= | base64 -d | while read -r f; do cat "$f"; done',
    # characters cut out of literal text that hides a location, fed to another command's words
    "cat $(cut -c2- <<< x/etc/passwd)",
    "cat $(echo x/etc/passwd | cut -c2-)",
    "cat $(rev <<< dwssap/cte/)",
    "cat $(echo x/etc/passwd | sed s/x//)",
    "cat $(printf %s x/etc/passwd | tail -c +2)",
    "cat $(cat <<< x/etc/passwd | cut -c2-)",
    "cat $(tr -d x <<< x/etc/passwd)",
    "cat $(awk '{print substr($0, 2)}' <<< x/etc/passwd)",
    "cat $(colrm 1 1 <<< x/etc/passwd)",
    "cat $(echo x../secret | cut -c2-)",
    "echo x/etc/passwd | cut -c2- | xargs cat",
    "echo x/etc/passwd | cut -c2- | while read f; do cat $f; done",
    "printf '\\x2fetc\\x2fpasswd' | xargs cat",
]


@pytest.mark.parametrize("command", ESCAPED)
def test_a_location_spelt_in_escapes_is_checked(command):
    v = term(command, allow=PRINTERS, cwd=ROOT)
    assert v.decision == "require_approval", (command, v.reason)
    assert v.reason == "cap_path_scope", (command, v.reason)


ORDINARY = [
    "printf 'a\\tb\\n'",
    "printf '%s\\n' $(git ls-files)",
    "printf '%s\\n' \"$(git log -1 --format=%H)\"",
    "echo -e 'done\\n'",
    "echo -e '\\033[1mbold\\033[0m'",
    'echo "$(git log -1 --format=%H)"',
    'echo -n "$(git log -1 --format=%s)"',
    "printf '%s\\n' a.md '\\x2fetc'",  # %s prints its argument as written: a relative name
    "git commit -m \"$(printf 'fix: x\\n\\nbody')\"",
    "tr -d '\\r' < a.txt",
    "tr '\\n' ' ' < a.txt",
    "tr a-z A-Z < README.md",
    "printf '\\x2e/a.md\\n'",
    "cat $(printf 'src\\057a.py')",
    "echo -e 'src\\x2fmain.py' | xargs cat",
    # tr's sets are not locations: the branch-name idiom
    "git log -1 --format=%s | tr / -",
    "tr / - <<< feature/x",
    "echo 1_2_3 | tr _ .",
    "tr -d / < a.txt",
    "cat $(tr a-z A-Z <<< readme)",
    # decoding alone, its output read by a person
    "echo aGVsbG8= | base64 -d",
    "base64 -d < token.txt",
    "xxd -r -p dump.hex > out.bin",
    # slicing project names, or literal text read by a person
    "wc -l $(git ls-files | head -20)",
    "cat $(echo src/a.py)",
    "cat $(basename src/a.py)",
    "echo feature/x | cut -d/ -f2",
    "cut -c2- <<< x/etc/passwd",
    'git commit -m "$(echo fix | sed s/f/F/)"',
    "cat $(echo a.py b.py | tr ' ' '\\n')",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_printing_still_auto_approves(command):
    v = term(command, allow=PRINTERS, cwd=ROOT)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
