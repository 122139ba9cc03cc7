"""R4.10, red team: a deny of a command printing a place (`cat .env`, `cat ~/.ssh/id_rsa`, `cat secrets/prod.json`)
meets every program that prints that file's text -- the macro processors and preprocessors that pass it through,
hexdump's other name, the archivers and compressors writing it to the standard output, gpg's re-wrapping to it, and
the formatters printing what they format.

Under a deny of `cat .env`, `m4 .env`, `gm4 .env`, `m4 < .env`, `cpp -P .env`, `cc -E -P - < .env`, `gcc-12 -E -x c
.env`, `hd .env`, `python3 -m zipfile -c /dev/stdout .env`, `xz -c < .env`, `lzip -c .env`, `pax -w .env`, `gpg
--store -o - .env`, `ar p lib.a .env`, `shfmt .env` and `prettier --parser yaml .env` were auto-approved in auto mode
and behind an allow of every word (and `gcc -E -x c .env` asked, as a compiler that may quote a line, where it prints
the whole file). Each is now read as `cat` of the files it prints (permissions.commands.file_printers: preprocessors,
compilers with `-E`, copiers to a stream, `ar p`, pax, gpg, mbuffer, formatters; wrappers.OTHER_NAMES: `hd`, `gm4`,
versioned and cross compilers). A program printing only a digest, a listing or a count keeps its answer, as do the
ordinary uses of the same programs (`m4 macros.m4`, `cpp -P defs.h`, `zip -r out.zip src`, `hd firmware.bin`).

Others are in the printers' tables of permissions.matching and permissions.decide (_PRINTS_PLACES,
_READS_PLACES, _SHELL_READERS): plain printers of their operands (`uconv .env`, `w3m -dump .env`, `wdiff .env
x`, `python3 -m dis .env`) and filters of what they are fed (`recode latin1..utf8 < .env`, `ts < .env`, `gpg
--enarmor < .env`, `dd < .env`).

190 of its 223 cases fail on 20df7cd (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

_ENV = "cat .env"
_KEY = "cat ~/.ssh/id_rsa"
_PROD = "cat secrets/prod.json"

DENIED = [
    # macro processors and preprocessors: the text passes through
    (_ENV, "m4 .env"),
    (_ENV, "gm4 .env"),
    (_ENV, "m4 < .env"),
    (_ENV, "m4 -P -I inc -DX=1 .env"),
    (_ENV, "m4 -- .env"),
    (_ENV, "cpp -P .env"),
    (_ENV, "cpp .env"),
    (_ENV, "cpp -P < .env"),
    (_ENV, "cpp -P .env out.txt"),
    (_ENV, "mcpp .env"),
    (_ENV, "gpp .env"),
    (_ENV, "clang-cpp .env"),
    (_ENV, "x86_64-linux-gnu-cpp .env"),
    (_ENV, "cpp-12 -P .env"),
    # the compilers told to preprocess only, by every name and from the standard input
    (_ENV, "cc -E -P - < .env"),
    (_ENV, "gcc -E -x c .env"),
    (_ENV, "clang -E -x c .env"),
    (_ENV, "cc -xc -E .env"),
    (_ENV, "g++ -E -x c++ .env"),
    (_ENV, "gcc --preprocess -x c .env"),
    (_ENV, "gcc-12 -E -x c .env"),
    (_ENV, "gcc-12 -E -P - < .env"),
    (_ENV, "clang-15 -E -x c .env"),
    (_ENV, "clang-15 --preprocess -P -x c - < .env"),
    (_ENV, "clang++-17 -E -x c - < .env"),
    (_ENV, "x86_64-linux-gnu-gcc-12 -E -x c .env"),
    (_ENV, "aarch64-linux-gnu-gcc -E -P -x c .env"),
    (_ENV, "gcc -E -include .env x.c"),
    (_ENV, "gcc -E - < .env | grep KEY"),
    (_ENV, "tcc -E .env"),
    # hexdump's other name
    (_ENV, "hd .env"),
    (_ENV, "busybox hd .env"),
    (_ENV, "nice -n 5 hd .env"),
    # archives and compressed copies written to the standard output
    (_ENV, "python3 -m zipfile -c /dev/stdout .env"),
    (_ENV, "python3 -m tarfile -c /dev/stdout .env"),
    (_ENV, "python3 -m gzip < .env"),
    (_ENV, "python3 -m gzip -c .env"),
    (_ENV, "gzip -c .env"),
    (_ENV, "gzip -c < .env"),
    (_ENV, "gzip < .env"),
    (_ENV, "gzip -cdf .env"),
    (_ENV, "pigz -c .env"),
    (_ENV, "bzip2 -c .env"),
    (_ENV, "xz -c .env"),
    (_ENV, "xz -c < .env"),
    (_ENV, "zstd -c < .env"),
    (_ENV, "lz4 -c .env"),
    (_ENV, "brotli -c .env"),
    (_ENV, "lzma -c .env"),
    (_ENV, "lzip -c .env"),
    (_ENV, "lzop -c .env"),
    (_ENV, "compress -c .env"),
    (_ENV, "pbzip2 -kc .env"),
    (_ENV, "zip - .env"),
    (_ENV, "jar cf - .env"),
    (_ENV, "pax -w .env"),
    (_ENV, "pax -w -x ustar -f - .env"),
    (_ENV, "ar p lib.a .env"),
    (_ENV, "ar -pv lib.a .env"),
    # gpg writing it back out, re-wrapped, to the standard output
    (_ENV, "gpg --store -o - .env"),
    (_ENV, "gpg --output - --store .env"),
    (_ENV, "gpg -o- --enarmor .env"),
    (_ENV, "gpg --armor --store --output=- .env"),
    # formatters printing what they format; a buffer printing its input
    (_ENV, "shfmt .env"),
    (_ENV, "shfmt -d .env"),
    (_ENV, "prettier --parser yaml .env"),
    (_ENV, "yamlfmt - < .env"),
    (_ENV, "yamlfmt -in < .env"),
    (_ENV, "gofmt .env"),
    (_ENV, "clang-format .env"),
    (_ENV, "tidy .env"),
    (_ENV, "mbuffer -i .env"),
    (_ENV, "mbuffer < .env"),
    # through wrappers, and other places
    (_ENV, "env LC_ALL=C m4 .env"),
    (_ENV, "timeout 5 cpp -P .env"),
    (_ENV, "m4 .env > /tmp/out"),
    (_KEY, "m4 ~/.ssh/id_rsa"),
    (_KEY, "hd ~/.ssh/id_rsa"),
    (_KEY, "gcc-12 -E -x c - < ~/.ssh/id_rsa"),
    (_KEY, "xz -c < ~/.ssh/id_rsa"),
    (_PROD, "cpp -P secrets/prod.json"),
    (_PROD, "cd secrets && m4 prod.json"),
    (_PROD, "shfmt secrets/prod.json"),
]

# The readers named in the printers' tables of permissions.matching and permissions.decide.
NEEDS_THE_TABLES = [
    # plain printers of their operands (matching._PRINTS_PLACES / _READS_PLACES)
    (_ENV, "uconv .env"),
    (_ENV, "uconv -f utf-8 -t utf-8 .env"),
    (_ENV, "pg .env"),
    (_ENV, "w3m -dump .env"),
    (_ENV, "lynx -dump .env"),
    (_ENV, "links -dump .env"),
    (_ENV, "elinks -dump .env"),
    (_ENV, "wdiff .env /dev/null"),
    (_ENV, "delta /dev/null .env"),
    (_ENV, "difft /dev/null .env"),
    (_ENV, "icdiff /dev/null .env"),
    (_ENV, "python3 -m dis .env"),
    (_ENV, "python3 -m ast .env"),
    (_ENV, "python3 -m ast < .env"),
    (_ENV, "python3 -m shlex .env"),
    (_ENV, "python3 -m uu .env"),
    (_ENV, "python3 -m tabnanny .env"),
    (_KEY, "uconv ~/.ssh/id_rsa"),
    # filters of what they are fed (decide._SHELL_READERS)
    (_ENV, "recode utf8..latin1 < .env"),
    (_ENV, "enca -x utf-8 < .env"),
    (_ENV, "par < .env"),
    (_ENV, "ts < .env"),
    (_ENV, "sponge < .env"),
    (_ENV, "gpg --enarmor < .env"),
    (_ENV, "gpg --store < .env"),
    (_ENV, "dd < .env"),
]

# Ordinary uses of the same programs, and those printing only a digest, a listing or a count.
KEPT = [
    (_ENV, "m4 macros.m4"),
    (_ENV, "m4 -I inc site.m4 > site.html"),
    (_ENV, "cpp -P defs.h"),
    (_ENV, "cc -E -P - < defs.h"),
    (_ENV, "gcc -c main.c -o main.o"),
    (_ENV, "gcc-12 -O2 -o app main.c"),
    (_ENV, "gcc -E main.c"),
    (_ENV, "hd firmware.bin"),
    (_ENV, "zip -r out.zip src"),
    (_ENV, "gzip -k data.csv"),
    (_ENV, "gzip -c data.csv > data.csv.gz"),
    (_ENV, "python3 -m zipfile -c out.zip src"),
    (_ENV, "python3 -m zipfile -l .env"),
    (_ENV, "python3 -m tarfile -l .env"),
    (_ENV, "ar t lib.a"),
    (_ENV, "ar p lib.a main.o"),
    (_ENV, "ar rcs libx.a a.o b.o"),
    (_ENV, "pax -wf out.pax src"),
    (_ENV, "shfmt -w script.sh"),
    (_ENV, "shfmt -l .env"),
    (_ENV, "prettier --write src"),
    (_ENV, "prettier --check .env"),
    (_ENV, "yamlfmt config.yml"),
    (_ENV, "gofmt -l ."),
    (_ENV, "clang-format -i src/main.c"),
    (_ENV, "gpg --store -o out.gpg notes.txt"),
    (_ENV, "mbuffer -i data.bin -o /tmp/copy.bin"),
    (_ENV, "openssl dgst .env"),
    (_ENV, "openssl sha256 .env"),
    (_ENV, "sha256sum .env"),
    (_ENV, "git diff --no-index --stat /dev/null .env"),
]


@pytest.mark.parametrize("runs_in", ("sandbox", "agent"))
@pytest.mark.parametrize(("rule", "command"), DENIED)
def test_a_deny_meets_the_programs_printing_the_place(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), NEEDS_THE_TABLES)
def test_a_deny_meets_the_printers_the_tables_name(rule: str, command: str) -> None:
    for runs_in in ("sandbox", "agent"):
        assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_ordinary_uses_and_digests_keep_their_answers(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
