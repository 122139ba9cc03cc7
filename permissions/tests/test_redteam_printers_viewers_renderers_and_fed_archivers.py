"""R4.10, red team: a deny of a command printing a place (`cat .env`, `cat secrets/prod.json`) meets the programs
that print that file's text in another dress -- viewers and pagers, hex dumpers, encoders, roff and the document
renderers, formatters printing what they format, XML readers quoting the line they cannot parse, query tools
reading a file as a table, filters of what they are fed -- and the archivers writing the files whose names are
piped into them, in Brabo's sandbox and on the agent's machine, in auto mode and behind an allow of every word.

Under a deny of `cat .env`, `clang-format-17 .env`, `python3 -m pydoc ./.env`, `echo .env | cpio -o`, `ls .env |
cpio -o -H newc`, `echo .env | tar -cf - -T -`, `hexyl .env`, `lolcat .env`, `ascii85 .env`, `groff -Tutf8 .env`,
`mandoc .env`, `pandoc .env`, `cmark .env`, `python3 -m rich.syntax .env`, `xmllint .env`, `yapf .env`, `enscript
-p - .env`, `qrencode -t ansi -r .env`, `q -d= 'select * from .env'`, `json_pp < .env`, `datamash transpose <
.env`, `man -l .env` ... were auto-approved. Each is now read as `cat` of the files it prints
(permissions.commands.file_printers: _EVERY_OPERAND, _FORMATTERS, _PRINTS_WHEN, _FIRST_UNLESS_SECOND,
_SQL_ON_FILES, man and pydoc; wrappers.OTHER_NAMES: clang-format's and clang-tidy's versioned names;
permissions.commands.list_feeds: the names piped into cpio, tar or zip reading their list from the input, and the
files `ls` is given, as printed names).

Kept (friction): the same programs writing elsewhere or rewriting in place (`clang-format -i src/a.cc`, `pandoc
README.md -o out.html`, `yapf -i`, `enscript -p out.ps`, `rst2html README.rst out.html`), on other files, man and
pydoc given a page's or a module's name, decompressing (`zstd -d x.zst`), an archive of a listing that names no such
file (`git ls-files | cpio -o > x.cpio`, `find . -name '*.py' | cpio -o`).

`source-highlight < .env` and `astyle < .env` print what they are fed (decide._SHELL_READERS; given an operand they
write a file). Left: gpg's `--store`/`--enarmor` without `-o -` (they write `.env.gpg`/`.env.asc`), `python3 -m pydoc
.env` (a module's name: nothing is read).

306 of its 352 cases fail on 513a152 (the session's start).
"""

from __future__ import annotations

import pytest

from permissions.tests.helpers import assert_rule_does_not_catch, assert_rule_refuses

_ENV = "cat .env"
_PROD = "cat secrets/prod.json"

DENIED = [
    (_ENV, "source-highlight < .env"),
    (_ENV, "astyle < .env"),
    # clang's formatter and linter by their versioned names
    (_ENV, "clang-format-17 .env"),
    (_ENV, "clang-format-14 --style=llvm .env"),
    (_ENV, "clang-format-18 --assume-filename=x.cc < .env"),
    (_ENV, "clang-tidy .env --"),
    (_ENV, "clang-tidy-16 .env -- -Iinclude"),
    (_PROD, "clang-format-15 secrets/prod.json"),
    # Python's modules and their commands
    (_ENV, "python3 -m pydoc ./.env"),
    (_ENV, "python -m pydoc ./.env"),
    (_ENV, "pydoc3 ./.env"),
    (_ENV, "python3 -m pygments .env"),
    (_ENV, "python3 -m rich.syntax .env"),
    (_ENV, "python3 -m rich.markdown .env"),
    (_ENV, "python3 -m markdown .env"),
    (_ENV, "python3 -m docutils .env"),
    (_ENV, "python3 -m pickletools .env"),
    (_ENV, "python3 -m compileall .env"),
    (_ENV, "python3 -m encodings.rot_13 < .env"),
    # the archivers writing the files whose names are piped into them
    (_ENV, "echo .env | cpio -o"),
    (_ENV, "ls .env | cpio -o -H newc"),
    (_ENV, "printf '.env\\n' | cpio -ov"),
    (_ENV, "find . -name .env | cpio -o"),
    (_ENV, "echo .env | cpio -o > out.cpio"),
    (_ENV, "echo .env | cpio --create --format=newc"),
    (_ENV, "echo .env | tar -cf - -T -"),
    (_ENV, "echo .env | bsdtar -cf - -T -"),
    (_ENV, "echo .env | zip - -@"),
    (_ENV, "ls .env | tar -czf - --files-from=-"),
    (_ENV, "ls .env | xargs cat"),
    (_PROD, "echo secrets/prod.json | cpio -o"),
    # viewers, pagers, colourers, hex dumpers
    (_ENV, "hexyl .env"),
    (_ENV, "hexyl -n 64 .env"),
    (_ENV, "heksa .env"),
    (_ENV, "ccat .env"),
    (_ENV, "lolcat .env"),
    (_ENV, "chroma .env"),
    (_ENV, "boxes .env"),
    (_ENV, "ov .env"),
    (_ENV, "moar .env"),
    (_ENV, "lv .env"),
    (_ENV, "jless .env"),
    (_ENV, "pspg -f .env"),
    (_ENV, "csview .env"),
    (_ENV, "tidy-viewer .env"),
    (_ENV, "ccze -A < .env"),
    (_ENV, "mdcat .env"),
    (_ENV, "info -f ./.env"),
    (_ENV, "pinfo -f .env"),
    (_PROD, "jless secrets/prod.json"),
    (_PROD, "hexyl secrets/prod.json"),
    # encoders and ciphers a reader undoes
    (_ENV, "ascii85 .env"),
    (_ENV, "base58 .env"),
    (_ENV, "basez .env"),
    (_ENV, "base91 .env"),
    (_ENV, "mimencode .env"),
    (_ENV, "rot13 < .env"),
    (_ENV, "caesar 13 < .env"),
    (_ENV, "morse < .env"),
    (_ENV, "qrencode -t ansi -r .env"),
    (_ENV, "qrencode -t utf8 -r .env"),
    (_ENV, "qrencode -r .env -t ascii"),
    (_ENV, "qrencode --read-from=.env -o -"),
    (_ENV, "figlet < .env"),
    (_ENV, "toilet < .env"),
    (_ENV, "cowsay < .env"),
    # filters of what they are fed
    (_ENV, "json_pp < .env"),
    (_ENV, "json_xs < .env"),
    (_ENV, "datamash -W transpose < .env"),
    (_ENV, "rs < .env"),
    # roff, its preprocessors, man on a file
    (_ENV, "groff -Tutf8 .env"),
    (_ENV, "groff -Tascii .env"),
    (_ENV, "nroff .env"),
    (_ENV, "troff .env"),
    (_ENV, "mandoc .env"),
    (_ENV, "tbl .env"),
    (_ENV, "eqn .env"),
    (_ENV, "soelim .env"),
    (_ENV, "preconv .env"),
    (_ENV, "ul .env"),
    (_ENV, "man -l .env"),
    (_ENV, "man ./.env"),
    (_ENV, "man --local-file .env"),
    # document renderers and converters
    (_ENV, "pandoc .env"),
    (_ENV, "pandoc -t plain .env"),
    (_ENV, "pandoc -o - .env"),
    (_ENV, "pandoc --output=- -f markdown .env"),
    (_ENV, "pandoc -H .env -s README.md"),
    (_ENV, "pandoc --include-after-body=.env README.md"),
    (_ENV, "markdown .env"),
    (_ENV, "markdown_py .env"),
    (_ENV, "markdown-it .env"),
    (_ENV, "marked .env"),
    (_ENV, "cmark .env"),
    (_ENV, "cmark-gfm .env"),
    (_ENV, "multimarkdown .env"),
    (_ENV, "lowdown .env"),
    (_ENV, "comrak .env"),
    (_ENV, "kramdown .env"),
    (_ENV, "rst2html .env"),
    (_ENV, "rst2html.py .env"),
    (_ENV, "rst2man .env"),
    (_ENV, "native2ascii .env"),
    (_ENV, "asciidoctor -o - .env"),
    (_ENV, "asciidoc -o - .env"),
    (_ENV, "asciidoctor - < .env"),
    (_ENV, "enscript -p - .env"),
    (_ENV, "enscript -p- .env"),
    (_ENV, "enscript --output=- .env"),
    (_ENV, "a2ps -o - .env"),
    (_ENV, "texi2any --plaintext .env"),
    (_ENV, "makeinfo -o - .env"),
    (_ENV, "source-highlight -i .env -o STDOUT"),
    (_ENV, "source-highlight --input=.env --output=STDOUT -f esc"),
    (_PROD, "pandoc secrets/prod.json"),
    # XML readers quoting the line they stop at
    (_ENV, "xmllint .env"),
    (_ENV, "xmllint --noout .env"),
    (_ENV, "xmllint --format .env"),
    (_ENV, "xmlstarlet fo .env"),
    (_ENV, "xmlstarlet c14n .env"),
    # formatters printing what they format
    (_ENV, "autopep8 .env"),
    (_ENV, "yapf .env"),
    (_ENV, "yapf --style=pep8 .env"),
    (_ENV, "sqlformat .env"),
    (_ENV, "sqlformat -r -k upper .env"),
    (_ENV, "pg_format .env"),
    (_ENV, "js-beautify .env"),
    (_ENV, "html-beautify .env"),
    (_ENV, "css-beautify .env"),
    (_ENV, "uncrustify -f .env"),
    (_ENV, "uncrustify -c cfg -f .env"),
    (_ENV, "indent -st .env"),
    (_ENV, "rustfmt --emit stdout .env"),
    (_ENV, "rustfmt --emit=stdout .env"),
    (_ENV, "isort --stdout .env"),
    (_ENV, "isort --diff .env"),
    (_ENV, "isort - < .env"),
    (_ENV, "black --diff .env"),
    (_ENV, "black - < .env"),
    # word diffs, diffs of anything, combining lines
    (_ENV, "dwdiff .env /dev/null"),
    (_ENV, "diffoscope .env x"),
    (_ENV, "combine .env or /dev/null"),
    (_ENV, "combine .env and .env"),
    # CSV and query tools reading a file as a table
    (_ENV, "csvtk cat .env"),
    (_ENV, "csvtk pretty -H .env"),
    (_ENV, "tsv-pretty .env"),
    (_ENV, "q -d= 'select * from .env'"),
    (_ENV, 'q -d = -H "SELECT * FROM .env"'),
    (_ENV, "trdsql 'select * from .env'"),
    (_ENV, "csvq 'select * from `.env`'"),
    (_ENV, 'octosql "select * from .env"'),
    (_ENV, "textql -sql 'select * from env' .env"),
    (_ENV, 'dsq .env "SELECT * FROM {}"'),
]

KEPT = [
    (_ENV, "clang-format -i src/a.cc"),
    (_ENV, "clang-format-17 -i src/a.cc"),
    (_ENV, "clang-format-17 src/a.cc"),
    (_ENV, "clang-tidy src/a.cc --"),
    (_ENV, "pandoc README.md -o out.html"),
    (_ENV, "pandoc -s README.md -o docs/index.html"),
    (_ENV, "pandoc README.md"),
    (_ENV, "zstd -d x.zst"),
    (_ENV, "gzip -k notes.txt"),
    (_ENV, "yapf -i src/app.py"),
    (_ENV, "yapf -i .env"),
    (_ENV, "autopep8 --in-place src/app.py"),
    (_ENV, "black src"),
    (_ENV, "black --check src"),
    (_ENV, "isort src"),
    (_ENV, "isort --check-only --diff src/app.py"),
    (_ENV, "sqlformat -r -o out.sql q.sql"),
    (_ENV, "js-beautify -r app.js"),
    (_ENV, "xmllint --noout pom.xml"),
    (_ENV, "man ls"),
    (_ENV, "man 5 crontab"),
    (_ENV, "python3 -m pydoc json"),
    (_ENV, "pydoc3 os.path"),
    (_ENV, "hexyl firmware.bin"),
    (_ENV, "groff -Tutf8 -man docs/tool.1"),
    (_ENV, "mandoc docs/tool.1"),
    (_ENV, "enscript -p out.ps README.md"),
    (_ENV, "a2ps -o out.ps README.md"),
    (_ENV, "asciidoctor README.adoc"),
    (_ENV, "asciidoctor -o out.html .env"),
    (_ENV, "rst2html README.rst out.html"),
    (_ENV, "q 'select count(*) from data.csv'"),
    (_ENV, "find . -name '*.py' | cpio -o > out.cpio"),
    (_ENV, "git ls-files | cpio -o -H newc > x.cpio"),
    (_ENV, "echo README.md | cpio -o"),
    (_ENV, "ls src | xargs wc -l"),
    (_ENV, "rustfmt src/main.rs"),
    (_ENV, "rustfmt --check src/main.rs"),
    (_ENV, "uncrustify -c cfg --replace src/a.c"),
    (_ENV, "uncrustify -c cfg -f .env -o out.c"),
    (_ENV, "indent src/a.c"),
    (_ENV, "qrencode -o qr.png 'https://example.com'"),
    (_ENV, "figlet hello"),
    (_ENV, "jless data.json"),
    (_ENV, "csvtk pretty data.csv"),
    (_ENV, "texi2any doc.texi"),
]


@pytest.mark.parametrize("runs_in", ["sandbox", "agent"])
@pytest.mark.parametrize(("rule", "command"), DENIED)
def test_a_deny_meets_the_programs_printing_the_place(rule: str, command: str, runs_in: str) -> None:
    assert_rule_refuses(rule, command, runs_in)


@pytest.mark.parametrize(("rule", "command"), KEPT)
def test_ordinary_uses_keep_their_answers(rule: str, command: str) -> None:
    assert_rule_does_not_catch(rule, command, "sandbox")
