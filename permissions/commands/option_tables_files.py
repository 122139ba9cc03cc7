"""Option tables (R4.10) of the everyday file tools people write a deny or ask for by one of their flags: the
encoders (base64, base32, basenc: `-d` decodes; openssl's encoder, `openssl base64 -d`, decodes as `base64 -d`),
grep (`-r`), cp (`-r`), mv (`-f`), ln (`-s`), tar (`-x`) and unzip (`-o`). Without a table a deny matched the words
as written, so `base64 --decode`, `grep -rn`, `cp -a`, `ln -sf`, `tar xzf` went through a deny of `base64 -d`,
`grep -r`, `cp -r`, `ln -s`, `tar -x`.

The caps read these programs as written (permissions.commands.options.DENY_ONLY): a table is read only for a
segment some deny or ask pattern names the program of. An option a table does not list is read both as a flag
and as taking the next word, so only the options a rule may name and those that take a value are listed.
"""

from __future__ import annotations

from collections.abc import Sequence

from permissions.commands.option_reader import UNREAD, WIDER, Program, Reading
from permissions.commands.option_tables import _mode_octal
from permissions.commands.syntax import NONE

__all__ = [
    "BASE32",
    "BASE64",
    "BASENC",
    "CP",
    "GREP",
    "INSTALL",
    "LN",
    "LUA",
    "MKDIR",
    "MKFIFO",
    "MKNOD",
    "MV",
    "NODE",
    "OPENSSL",
    "PERL",
    "PHP",
    "PYTHON",
    "RSCRIPT",
    "RUBY",
    "TAR",
    "UNZIP",
    "grep_patterns",
    "openssl_as_base64",
    "python_words",
    "script_by_name",
    "tar_words",
]

# GNU coreutils' encoders (getopt_long: clusters, unique abbreviations, options anywhere). macOS's base64
# decodes with `-D` too, and names its files with `-i`/`-o` (`--input`, `--output`); GNU's `-i` ignores
# garbage. Both are read (deny matches more): `-i` a flag, so a file after it stays an operand.
_ENCODER = """
-d -D --decode
-i --ignore-garbage
-w= --wrap=
-b= --break=
--input=
-o= --output=
"""
BASE64 = Program("base64", _ENCODER, abbrev=True)
BASE32 = Program("base32", _ENCODER, abbrev=True)
BASENC = Program(
    "basenc",
    _ENCODER + "--base64\n--base64url\n--base32\n--base32hex\n--base16\n--base2msbf\n--base2lsbf\n--z85",
    abbrev=True,
)

# GNU grep. `-R` recurses as `-r` does, following every symbolic link too (the act of `-r` and more), and
# `--directories=recurse` is `-r` (option_reader's value implications). `-e PATTERN` and `-f FILE` take a value
# (`grep -e -r x f` looks for `-r`: no recursion); grep_patterns reads a pattern given with `-e` where grep's first
# operand stands too, so a rule naming what grep looks for and where (`grep KEY .env`) meets `grep -e KEY .env`, and
# patterns read from a file (`-f`) as an operand read at run time (UNREAD).
GREP = Program(
    "grep",
    """
    -e= --regexp=
    -f= --file=
    -r --recursive
    -R --dereference-recursive -> recursive dereference-recursive
    -d= --directories=
    -D= --devices=
    -E --extended-regexp
    -F --fixed-strings
    -G --basic-regexp
    -P --perl-regexp
    -i -y --ignore-case
    --no-ignore-case
    -v --invert-match
    -w --word-regexp
    -x --line-regexp
    -c --count
    --color=? --colour=?
    -L --files-without-match
    -l --files-with-matches
    -m= --max-count=
    -o --only-matching
    -q --quiet --silent
    -s --no-messages
    -b --byte-offset
    -H --with-filename
    -h --no-filename
    --label=
    -n --line-number
    -T --initial-tab
    -Z --null
    -z --null-data
    -A= --after-context=
    -B= --before-context=
    -C= --context=
    -a --text
    -I
    --binary-files=
    --exclude=
    --exclude-from=
    --exclude-dir=
    --include=
    -U --binary
    --line-buffered
    """,
    abbrev=True,
)


def grep_patterns(r: Reading) -> tuple[Reading, ...]:
    """R4.10: grep's reading ``r`` and, for each pattern it is given with `-e` (`--regexp=`), the reading with that
    pattern where grep's first operand stands (`grep -e KEY .env` is `grep KEY .env`; one of several patterns: the act
    of that one and more, WIDER); given patterns from a file (`-f F`), the reading with an operand read at run time
    there (UNREAD), and with the file there (grep reads it: a rule printing it, `cat .env`, meets `grep -f .env x`)."""
    given = [k for k in r.keys if k[:7] == "regexp="]
    files = [k[5:] for k in r.keys if k[:5] == "file="]
    if not given and not files:
        return (r,)
    # (the reading with UNREAD first: the matcher looks for an operand read at run time in a segment's first reading)
    out = [Reading(r.path, r.keys, (UNREAD, *r.operands)), r] if files else [r]
    out += [Reading(r.path, r.keys | {WIDER}, (f, *r.operands)) for f in files]
    for key in given:
        keys = r.keys - {key, "regexp"} if len(given) == 1 else r.keys | {WIDER}
        out.append(Reading(r.path, keys, (key[7:], *r.operands)))
    return tuple(out)


GREP.rewrite = grep_patterns

# OpenSSL's encoder (apps/enc.c; its parser reads `-opt`, `--opt`, `-opt=value`, no abbreviation): `openssl base64` is
# `openssl enc -base64`, and with `-a`/`-base64` and `-d` it decodes base64 -- `base64 -d`'s act (openssl_as_base64).
# A cipher it is named (`-aes-256-cbc`, or as the command) decrypts too: the act of `-d` and more (WIDER).
_OPENSSL_ENC = """
--d -> decrypt
--e -> encrypt
--a --base64 -> base64
--A
--in=
--out=
--pass=
--k=
--kfile=
--K=
--S=
--iv=
--md=
--iter=
--saltlen=
--bufsize=
--engine=
--rand=
--writerand=
--provider=
--provider-path=
--propquery=
--skeyopt=
--skeymgmt=
--pbkdf2
--salt
--nosalt
--nopad
--none
--p
--P
--v
--z
--debug
--list
--ciphers
"""
# A cipher named as the command (`openssl aes-256-cbc -d -a` is `openssl enc -aes-256-cbc -d -a`): OpenSSL 3's `list
# -cipher-commands`, and the older builds' legacy ones.
_CIPHER_COMMANDS = (
    *(
        f"{c}-{bits}-{mode}"
        for c in ("aes", "camellia")
        for bits in (128, 192, 256)
        for mode in ("cbc", "ecb")
    ),
    *(
        f"aria-{bits}-{m}"
        for bits in (128, 192, 256)
        for m in ("cbc", "cfb", "cfb1", "cfb8", "ctr", "ecb", "ofb")
    ),
    *(f"sm4-{mode}" for mode in ("cbc", "cfb", "ctr", "ecb", "ofb")),
    *(f"{des}{mode}" for des in ("des-ede", "des-ede3") for mode in ("", "-cbc", "-cfb", "-ofb")),
    *("des3 des desx des-cbc des-cfb des-ecb des-ofb bf bf-cbc bf-cfb bf-ecb bf-ofb cast cast-cbc".split()),
    *("cast5-cbc cast5-cfb cast5-ecb cast5-ofb rc2 rc2-cbc rc4 rc4-40 idea idea-cbc seed seed-cbc".split()),
)
OPENSSL = Program(
    "openssl",
    dash_long=True,
    subcommands={"enc": Program("enc", _OPENSSL_ENC, dash_long=True)},
    implies={"base64": ("enc", ("base64",)), **dict.fromkeys(_CIPHER_COMMANDS, ("enc", ("cipher",)))},
)
_BASE64_PATH = ("base64",)


def openssl_as_base64(r: Reading) -> tuple[Reading, ...]:
    """R4.10: an `openssl enc` reading that codes base64 (`openssl base64 -d`, `openssl enc -a -d -in F`), and the same
    act read as `base64`'s: `-d` is `--decode`, `-in F` its operand, `-out F` its `--output`."""
    if r.path != ("openssl", "enc") or "base64" not in r.keys:
        return (r,)
    keys = {"decode"} if "decrypt" in r.keys else set()
    ops = [k[3:] for k in r.keys if k[:3] == "in="]
    keys.update("output=" + k[4:] for k in r.keys if k[:4] == "out=")
    if len(ops) > 1 or "cipher" in r.keys or any(k[:1] == "?" for k in r.keys):
        keys.add(WIDER)
    return (r, Reading(_BASE64_PATH, frozenset(keys), (*ops[:1], *r.operands)))


OPENSSL.rewrite = openssl_as_base64

# cp, mv and ln are not registered in options.PROGRAMS yet: a program with a table costs the fast path's read budget
# 3 steps a piece (fast_path._PIECE_STEPS) where a copier costs 2, and an ordinary script of 1,500 copies would then
# be too long to read (test_hostile). Registered once that charge is the writer's for them.
# GNU cp. `-a`/`--archive` copies recursively (`-dR --preserve=all`): a deny of `cp -r` meets it (the safest
# reading: the act of `-r` and more).
CP = Program(
    "cp",
    """
    -r -R --recursive
    -a --archive -> archive recursive
    -f --force
    -i --interactive
    -n --no-clobber
    -l --link
    -s --symbolic-link
    -u
    --update=?
    -v --verbose
    -p
    --preserve=?
    --no-preserve=
    -d
    -L --dereference
    -P --no-dereference
    -H
    -x --one-file-system
    -t= --target-directory=
    -T --no-target-directory
    -S= --suffix=
    -b
    --backup=?
    --parents
    --sparse=
    --reflink=?
    --remove-destination
    --strip-trailing-slashes
    --attributes-only
    --copy-contents
    --debug
    """,
    abbrev=True,
)

# R4.10, red team: the programs that set a file's mode as they make it -- GNU install, mkdir, mkfifo, mknod, each with
# `-m MODE` / `--mode=MODE` -- read with chmod's reading of a mode (`-m a+rwx`, `--mode=0777` are 777), so that a
# rule of chmod's mode meets them (permissions.matching._modes_named: a deny of `chmod 777` refuses `install -m 777 a
# x` and `mkdir -m 777 d`).
INSTALL = Program(
    "install",
    """
    -b
    --backup=?
    -c
    -C --compare
    -d --directory
    -D
    -g= --group=
    -m= --mode=
    -o= --owner=
    -p --preserve-timestamps
    -s --strip
    --strip-program=
    -S= --suffix=
    -t= --target-directory=
    -T --no-target-directory
    -v --verbose
    --preserve-context
    -Z
    --context=?
    --debug
    """,
    abbrev=True,
)
MKDIR = Program("mkdir", "-m= --mode=\n-p --parents\n-v --verbose\n-Z\n--context=?", abbrev=True)
MKFIFO = Program("mkfifo", "-m= --mode=\n-Z\n--context=?", abbrev=True)
MKNOD = Program("mknod", "-m= --mode=\n-Z\n--context=?", abbrev=True)


def _mode_rewrite(r: Reading) -> tuple[Reading, ...]:
    """The `mode=` key as chmod reads a mode, in octal; a mode with setuid, setgid or sticky bits is also read as its
    nine permission bits, for the segment only (:data:`WIDER`), as chmod's rewrite reads them."""
    given = next((k for k in r.keys if k.startswith("mode=")), None)
    octal = _mode_octal(given[5:]) if given is not None else None
    if given is None or octal is None:
        return (r,)
    keys = r.keys - {given}
    out = Reading(r.path, keys | {f"mode={octal}"}, r.operands)
    if len(octal) <= 3:
        return (out,)
    return out, Reading(r.path, keys | {WIDER, f"mode={int(octal, 8) & 0o777:03o}"}, r.operands)


for _program in (INSTALL, MKDIR, MKFIFO, MKNOD):
    _program.rewrite = _mode_rewrite


# GNU mv.
MV = Program(
    "mv",
    """
    -f --force
    -i --interactive
    -n --no-clobber
    -u
    --update=?
    -v --verbose
    -t= --target-directory=
    -T --no-target-directory
    -S= --suffix=
    -b
    --backup=?
    --strip-trailing-slashes
    --exchange
    --no-copy
    --debug
    """,
    abbrev=True,
)

# GNU ln.
LN = Program(
    "ln",
    """
    -s --symbolic
    -f --force
    -i --interactive
    -n --no-dereference
    -r --relative
    -v --verbose
    -L --logical
    -P --physical
    -d -F --directory
    -t= --target-directory=
    -T --no-target-directory
    -S= --suffix=
    -b
    --backup=?
    """,
    abbrev=True,
)

# red team, R4.10: tar by its released names -- Homebrew's GNU tar, GNU tar's name on older macOS and some BSDs,
# libarchive's, Schily's: every reader of tar (the floor, the runners, the copies, the feeds, the write table, the
# recursive readers) reads these.
TAR_NAMES = frozenset({"tar", "gtar", "gnutar", "bsdtar", "star"})
# GNU tar (argp: clusters, unique abbreviations, options anywhere). `--get` is `--extract`; tar's first word may
# be its old-style cluster without a dash (`tar xzf a.tgz`: each letter that takes a value takes the next word,
# in order), read by tar_words first.
TAR = Program(
    "tar",
    """
    -x --extract --get
    -c --create
    -t --list
    -r --append
    -u --update
    -A --catenate --concatenate
    -d --diff --compare
    --delete
    -f= --file=
    -C= --directory=
    -z --gzip --gunzip --ungzip
    -Z --compress --uncompress
    -j --bzip2
    -J --xz
    --lzip
    --lzma
    --lzop
    --zstd
    -a --auto-compress
    -I= --use-compress-program=
    -v --verbose
    -k --keep-old-files
    --keep-newer-files
    --skip-old-files
    --overwrite
    --overwrite-dir
    --recursive-unlink
    -U --unlink-first
    -p --preserve-permissions --same-permissions
    -s --preserve-order --same-order
    --same-owner
    --no-same-owner
    -o
    -P --absolute-names
    -O --to-stdout
    --to-command=
    -T= --files-from=
    -X= --exclude-from=
    --exclude=
    -b= --blocking-factor=
    -H= --format=
    -h --dereference
    -m --touch
    -W --verify
    -w --interactive --confirmation
    -g= --listed-incremental=
    -G --incremental
    -N= --newer= --after-date=
    -V= --label=
    -L= --tape-length=
    -F= --info-script= --new-volume-script=
    -K= --starting-file=
    -M --multi-volume
    -S --sparse
    -l --check-links
    -R --block-number
    -B --read-full-records
    -i --ignore-zeros
    --checkpoint=?
    --checkpoint-action=
    --strip-components=
    --transform= --xform=
    --owner=
    --group=
    --mode=
    --mtime=
    --wildcards
    --no-wildcards
    --anchored
    --totals=?
    """,
    abbrev=True,
)


def tar_words(args: Sequence[str]) -> list[str]:
    """``args`` (the words after `tar`) with an old-style first word (`xzf`, no dash) written as its options,
    each letter that takes a value followed by the next word in turn (`tar cfb a.tar 20 x`: `-c -f a.tar -b 20
    x`). A first word with a letter tar does not know is left as it is (an operand)."""
    if not args:
        return list(args)
    first = args[0]
    if not first or first[0] == "-" or not first.isalpha() or any(c not in TAR.short for c in first):
        return list(args)
    out: list[str] = []
    k = 1
    for letter in first:
        out.append("-" + letter)
        if TAR.short[letter][1] != NONE and k < len(args):
            out.append(args[k])
            k += 1
    out.extend(args[k:])
    return out


# Info-ZIP unzip (its own parser: clustered letters, options before or after the archive; no long options).
UNZIP = Program(
    "unzip",
    """
    -o -> overwrite
    -n -> never-overwrite
    -d= -> exdir
    -P= -> password
    -x -> exclude
    -q -> quiet
    -l -> list
    -t -> test
    -p -> pipe
    -f -> freshen
    -u -> update
    -v -> verbose
    -j -> junk-paths
    -a -> auto-convert
    -b -> binary
    -C -> case-insensitive
    -L -> lowercase
    -X -> restore-owner
    -: -> allow-dotdot
    -Z -> zipinfo
    """,
)


# The interpreters, for the code they are handed on the command line (`python -c`, `node -e`, `perl -e`, `ruby
# -e`, `php -r`, `Rscript -e`, `lua -e`): each reads its options before the script or the code, short letters
# clustered (`python -Ic`, `perl -lne`: a cluster ends at the letter that takes a value, its value the rest of the
# word or the next word); none abbreviates a long option. What follows the script is the script's (options stop
# at the first operand). `node -p` evaluates as `-e` does and prints the result, perl's `-E` is `-e` with the
# newer features on: the act of `-e`, so a deny of `-e` meets them.
PYTHON = Program(
    "python",
    """
    -c=
    -m=
    -W=
    -X=
    --check-hash-based-pycs=
    -I
    -S
    -E
    -s
    -B
    -O
    -u
    -v
    -q
    -b
    -d
    -i
    -P
    -R
    -x
    -h --help
    -V --version
    """,
    intersperse=False,
)
NODE = Program(
    "node",
    """
    -e= --eval=
    -p --print -> print eval
    -pe -> print eval
    -r= --require=
    --import=
    --loader= --experimental-loader=
    --input-type=
    -C= --conditions=
    --env-file=
    --title=
    -i --interactive
    -c --check
    -h --help
    -v --version
    """,
    bundle=False,
    intersperse=False,
)
PERL = Program(
    "perl",
    """
    -e=
    -E= -> e E
    -i=?
    -I=?
    -M=?
    -m=?
    -l
    -0=?
    -F=?
    -C=?
    -d=?
    -D=?
    -x=?
    -V=?
    -n
    -p
    -a
    -s
    -S
    -c
    -w
    -W
    -X
    -t
    -T
    -U
    -v
    -h
    """,
    intersperse=False,
)
RUBY = Program(
    "ruby",
    """
    -e=
    -r=
    -I=
    -C=
    -E= --encoding=
    -i=?
    -x=?
    -F=?
    -0=?
    -W=?
    -K=?
    -T=?
    -n
    -p
    -a
    -l
    -c
    -s
    -S
    -w
    -v --verbose
    -d --debug
    -y --yydebug
    -h --help
    --version
    --enable=
    --disable=
    --jit
    --yjit
    """,
    intersperse=False,
)
PHP = Program(
    "php",
    """
    -r= --run=
    -f= --file=
    -d= --define=
    -c= --php-ini=
    -n --no-php-ini
    -B= --process-begin=
    -R= --process-code=
    -F= --process-file=
    -E= --process-end=
    -S= --server=
    -t= --docroot=
    -z= --zend-extension=
    --rf= --rfunction=
    --rc= --rclass=
    --re= --rextension=
    --rz= --rzendextension=
    --ri= --rextinfo=
    -a --interactive
    -l --syntax-check
    -i --info
    -m --modules
    -q --no-header
    -H --hide-args
    -s --syntax-highlight
    -w --strip
    -e --profile-info
    --ini
    -v --version
    -h --help
    """,
    intersperse=False,
)
RSCRIPT = Program(
    "Rscript",
    """
    -e=
    --default-packages=
    --vanilla
    --verbose
    --no-environ
    --no-site-file
    --no-init-file
    --save
    --no-save
    --restore
    --no-restore
    --version
    --help
    """,
    bundle=False,
    intersperse=False,
)
LUA = Program("lua", "-e=\n-l=\n-i\n-v\n-E\n-W", intersperse=False)


def python_words(args: Sequence[str]) -> list[str]:
    """``args`` (the words after `python`) with `--` after the value of `-c` or `-m`: Python reads no option after
    the code or the module it runs (`python -m pytest -c setup.cfg`: pytest's `-c`), as after the script. (A
    module with an option table of its own is read by it too: permissions.commands.options.)"""
    k = 0
    n = len(args)
    while k < n:
        w = args[k]
        k += 1
        if w[:1] != "-" or w in ("-", "--"):
            return list(args)  # the script, the standard input, or the end of the options: nothing to add
        if w[:2] == "--":
            hit = PYTHON.long.get(w[2:])
            k += hit is not None and hit[1] != NONE  # `--check-hash-based-pycs always`
            continue
        for j in range(1, len(w)):
            hit = PYTHON.short.get(w[j])
            if hit is None or hit[1] == NONE:
                continue
            if j + 1 == len(w):
                k += 1  # its value is the next word
            if w[j] in "cm":
                return [*args[:k], "--", *args[k:]] if k < n else list(args)
            break
    return list(args)


def script_by_name(r: Reading) -> tuple[Reading, ...]:
    """R4.10: an interpreter's script in another folder is read by its name too (`python /srv/app/manage.py
    flush` as `python manage.py flush`, as /usr/bin/curl is curl), for the segment only (WIDER): a deny of
    `python manage.py flush` meets it wherever the script is, as matching's FoldedMeaning met it before these
    programs had tables. (A pattern naming a folder, `python scripts/x.py`, is compared path to path.)"""
    ops = r.operands
    if not ops or "/" not in ops[0] or ops[0][:1] == "-":
        return (r,)
    name = ops[0].rpartition("/")[2]
    if not name:
        return (r,)
    return (r, Reading(r.path, r.keys | {WIDER}, (name, *ops[1:])))


for _interpreter in (PYTHON, NODE, PERL, RUBY, PHP, RSCRIPT, LUA):
    _interpreter.rewrite = script_by_name
