"""R4.10, R4.9, red team: expression and template languages naming a file in their own code, and the renderers
handed a file by an option of their own -- the same place printed another way.

Under a deny of `cat .env`, `yq -n 'load_str(".env")'`, `jsonnet -e 'importstr ".env"'`, `nix eval --raw --expr
'builtins.readFile ./.env'`, `dhall text <<< './.env as Text'`, `gomplate -i '{{ file.Read ".env" }}'`, `gomplate -d
e=.env -i '{{ ds "e" }}'`, `ytt -f .env` and `helm template x ./chart --set-file k=.env` print `.env`: each is read
as `cat` of the files its code or its options name (``expression_files``, through permissions.commands.file_printers
and permissions.matching.content_reads). Read loosely (deny more, R4.8): every string or path literal of the code
counts as a file named.

Where the code builds a file's name at run time (`yq '.a = load(.file)' x.yml`, `nix eval --expr 'builtins.readFile
(./. + "/.env")'`, `gomplate -i '{{ file.Read (print ".e" "nv") }}'`) or runs a program (`builtins.exec`, gomplate's
`--plugin`), no rule can read what it prints: ``expression_opaque`` says so (permissions.commands.opaque_reason).
Jsonnet's and Dhall's imports are literal by the language's own grammar: nothing of theirs is opaque.
"""

from __future__ import annotations

import re

from permissions.commands.interpreters import is_stream
from permissions.commands.syntax import operands, option_values

__all__ = [
    "EXPRESSION_PROGRAMS",
    "FED_EXPRESSIONS",
    "OPAQUE_EXPRESSIONS",
    "expression_files",
    "expression_opaque",
    "fed_expression_files",
]

_MAX_FILES = 64
_MAX_TEXT = 20_000

EXPRESSION_OPAQUE = "its expression builds the name of a file it reads, or runs a program, at run time, which no rule can read"

# -- string literals ---------------------------------------------------------------------------------------------
_DQ = re.compile(r'"((?:[^"\\]|\\.){0,2000})"')
_SQ = re.compile(r"'((?:[^'\\]|\\.){0,2000})'")
_BACKQUOTED = re.compile(r"`([^`]{0,2000})`")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\", '"': '"', "'": "'"}
_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|.)")


def _unescaped(body: str) -> str:
    """A literal's text with its escapes read (JSON's, Jsonnet's, Go's and Nix's: `\\u002e` is `.`, `\\.` is `.`)."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code[:1] in "ux" and len(code) > 1:
            return chr(int(code[1:], 16))
        return _ESCAPES.get(code, code)

    return _ESCAPE.sub(one, body)


def _literals(text: str, *patterns: re.Pattern[str]) -> list[str]:
    """The text of each string literal ``patterns`` find in ``text``, escapes read."""
    return [_unescaped(m.group(1)) for p in patterns for m in p.finditer(text[:_MAX_TEXT])]


def _plain(name: str) -> str:
    """A file's name as a URL of the local file may spell it (`file:///srv/.env`, `./.env?type=text/plain`)."""
    if name.lower().startswith("file://"):
        name = name[7:].removeprefix("localhost")
    return name.partition("?")[0].partition("#")[0]


# -- yq ------------------------------------------------------------------------------------------------------------
# mikefarah's yq: `load`, `load_str`, `load_xml`, `load_props`, `load_base64` (and any later `load_*`) read the
# file their argument names -- any expression, so a name built from the document or the environment is opaque.
_YQ_LOAD = re.compile(r"\bload\w*\s*\(")
_YQ_LITERAL_ARGUMENT = re.compile(r'\s*"((?:[^"\\]|\\.){0,2000})"\s*\)')
_YQ_NO_FILES = "--security-disable-file-ops"
_YQ_VALUED = frozenset(
    "-I --indent -p --input-format -o --output-format --from-file --expression-file --split-exp -s --xml-attribute-prefix"
    " --xml-content-name --lua-prefix --properties-separator --csv-separator".split()
)


def _yq(args: tuple[str, ...]) -> tuple[list[str], bool]:
    """(the files yq's `load` operators name, whether one is named at run time)."""
    if _YQ_NO_FILES in args:
        return [], False
    files: list[str] = []
    computed = False
    for w in operands(args, _YQ_VALUED):
        for m in _YQ_LOAD.finditer(w[:_MAX_TEXT]):
            arg = _YQ_LITERAL_ARGUMENT.match(w, m.end())
            if arg is None:
                computed = True
            else:
                files.append(_unescaped(arg.group(1)))
    return files, computed


# -- Jsonnet -------------------------------------------------------------------------------------------------------
# `import`, `importstr`, `importbin` take a literal (a computed import is no Jsonnet); `--ext-str-file K=F` and its
# kin hand a file's text to the code; an operand is a file of code (its error quotes it) unless `-e` makes it code.
_JSONNET_IMPORT = re.compile(
    r"\bimport(?:str|bin)?\s*@?(?:\"((?:[^\"\\]|\\.){0,2000})\"|'((?:[^'\\]|\\.){0,2000})')"
)
_JSONNET_FILE_OPTIONS = frozenset({"--ext-str-file", "--ext-code-file", "--tla-str-file", "--tla-code-file"})
_JSONNET_CODE_OPTIONS = frozenset({"--ext-code", "--tla-code"})  # (`K=CODE`: code that may import too)
_JSONNET_VALUED = frozenset(
    "-J --jpath -o --output-file -m --multi -c -s --max-stack -t --max-trace --ext-str --ext-code --tla-str"
    " --tla-code --ext-str-file --ext-code-file --tla-str-file --tla-code-file -V -A".split()
)
_JSONNETS = frozenset({"jsonnet", "jrsonnet", "sjsonnet", "go-jsonnet"})


def _jsonnet(args: tuple[str, ...]) -> list[str]:
    files = [v.partition("=")[2] for v in option_values(args, _JSONNET_FILE_OPTIONS) if "=" in v]
    for v in option_values(args, _JSONNET_CODE_OPTIONS):
        files += [_unescaped(m.group(1) or m.group(2) or "") for m in _JSONNET_IMPORT.finditer(v[:_MAX_TEXT])]
    for w in operands(args, _JSONNET_VALUED):
        found = [_unescaped(m.group(1) or m.group(2) or "") for m in _JSONNET_IMPORT.finditer(w[:_MAX_TEXT])]
        files += found if found else [w]  # (no import: the word names a file of code)
    return files


# -- Nix -----------------------------------------------------------------------------------------------------------
# A path literal (`./.env`, `/srv/.env`, `~/.env`, `dir/x`) or a string (`builtins.readFile "/srv/.env"`) names a
# file the expression may read. A reader given anything but a literal (`readFile (./. + "/.env")`, `map
# builtins.readFile (lib.filesystem.listFilesRecursive ./.)`, `let r = builtins.readFile; in ...`) reads a name
# built at run time; `builtins.exec` and `importNative` run a program.
_NIX_PATH = re.compile(r"(?<![\w.+\-/:])(?:~|[\w.+\-]*)(?:/[\w.+\-]+)+/?")
_NIX_SEARCH_PATH = re.compile(r"<[\w.+\-/]+>")
_NIX_STRING = re.compile(r'"((?:[^"\\]|\\.){0,2000})"')
_NIX_INDENTED = re.compile(r"''((?:[^']|'(?!'))*)''")
_NIX_READER = re.compile(
    r"\b(?:__)?(?:readFile|scopedImport|import|fileContents|importJSON|importTOML|readLines)\b"
)
_NIX_LITERAL_ARGUMENT = re.compile(
    r"""\s*\(?\s*(?:(?:~|[\w.+\-]*)(?:/[\w.+\-]+)+/?(?![\w$])|<[\w.+\-/]+>|"[^"$\\]*")\s*\)?"""
)
_NIX_RUNS = re.compile(r"\b(?:__exec|exec|importNative)\b")


def nix_files(expression: str) -> list[str]:
    """The files a Nix expression names: its path literals and its strings (`file://` read off)."""
    text = expression[:_MAX_TEXT]
    return [m.group(0) for m in _NIX_PATH.finditer(text)] + [
        _plain(s) for s in _literals(text, _NIX_STRING, _NIX_INDENTED)
    ]


def nix_computed(expression: str) -> bool:
    """Whether a Nix expression runs a program or gives one of its readers a name it builds at run time."""
    text = expression[:_MAX_TEXT]
    if _NIX_RUNS.search(text):
        return True
    for m in _NIX_READER.finditer(text):
        arg = _NIX_LITERAL_ARGUMENT.match(text, m.end())
        after = text[arg.end() : arg.end() + 3] if arg is not None else ""
        if arg is None or after[:1] == "+" or after.lstrip("/")[:2] == "${":
            return True
    return False


# Where each Nix program takes an expression: the options whose value is one (`--expr E`, `--apply F`, `--arg N
# E`'s second word), and whether `-E`/`--expr` makes every operand one (nix-instantiate, nix-build, nix-shell,
# nix-env) -- else an operand (or `-f`'s value) is a file of code.
_NIX_OLD = frozenset({"nix-instantiate", "nix-build", "nix-shell", "nix-env"})
_NIX_EXPRESSION_FLAGS = frozenset({"-E", "--expr"})
_NIX_VALUED = frozenset(
    "-A --attr -I --include -o --out-link --argstr --option --arg -f --file --store --eval-store -j --max-jobs"
    " --cores --profile -p --packages --run --command --apply --expr --keep --unset --override-input"
    " --reference-lock-file --output-lock-file --builders --substituters --system --out-path".split()
)
_NIX_PAIRED = frozenset({"--arg", "--argstr", "--option", "--override-input"})


def _nix_from_input(program: str, args: tuple[str, ...]) -> bool:
    """Whether a Nix command reads its expression from its input (`nix eval -f -`, `nix-instantiate --eval -`)."""
    expressions, files = _nix(program, args)
    return any(is_stream(f) for f in files) or (
        program in _NIX_OLD and any(is_stream(e) for e in expressions)
    )


def _nix(program: str, args: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the expressions a Nix command is given, the files of code it is given)."""
    expressions: list[str] = []
    files = option_values(args, frozenset({"-f", "--file"}))
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if name in ("--apply",) or (name == "--expr" and program == "nix"):
            expressions.append(value if eq else (args[k + 1] if k + 1 < len(args) else ""))
        elif w == "--arg" and k + 2 < len(args):
            expressions.append(args[k + 2])
    operands: list[str] = []
    k = 0
    while k < len(args):
        w = args[k]
        k += 1
        if w[:1] != "-" or w == "-":
            operands.append(w)
        elif w in _NIX_PAIRED:
            k += 2
        elif w in _NIX_VALUED and not (program in _NIX_OLD and w == "--expr"):
            k += 1
    if program in _NIX_OLD:
        if not any(w in _NIX_EXPRESSION_FLAGS or (w[:1] == "-" and w[1:2] != "-" and "E" in w) for w in args):
            files += operands
        else:
            expressions += operands
    return expressions, files


# -- Dhall ---------------------------------------------------------------------------------------------------------
# An import is a literal path (`./.env as Text`, `../x`, `/srv/.env`, `~/.env`, `./"a b"/c`); the code comes from
# `--file F` or the input (a here-string, a pipe: permissions.commands.list_feeds), or is an operand (`dhall diff A
# B`, `dhall text` of nothing). `env:` and URL imports name no file.
_DHALL_PATH = re.compile(r"(?<![\w:/])(?:\.\.?|~)?(?:/(?:\"[^\"]{0,500}\"|[^\s\"()\[\]{},/#]+))+")
DHALLS = frozenset(
    "dhall dhall-to-json dhall-to-yaml dhall-to-yaml-ng dhall-to-toml dhall-to-bash dhall-to-nix dhall-to-text"
    " dhall-to-csv dhall-docs".split()
)


def dhall_files(text: str) -> list[str]:
    """The files Dhall code imports."""
    return [m.group(0).replace('"', "") for m in _DHALL_PATH.finditer(text[:_MAX_TEXT])]


def _dhall(args: tuple[str, ...]) -> list[str]:
    files = option_values(args, frozenset({"--file"}))
    for w in operands(args, frozenset({"--file", "--output", "--annotate", "--cache"})):
        files += dhall_files(w)
    return files


# -- gomplate --------------------------------------------------------------------------------------------------------
# Its inline templates (`-i`/`--in`), the datasources and contexts it is given (`-d e=.env`, `-c .=file:///srv/.env`,
# `-d .env`), its nested templates (`-t t=x.tmpl`) and every string of a template (`file.Read ".env"`,
# `defineDatasource "e" ".env"`). A reader given something else (`file.Read (print ".e" "nv")`, `file.Read $f`, a
# pipe into it) reads a name built at run time; `--plugin` runs a program.
_GOMPLATE_INLINE = frozenset({"-i", "--in"})
_GOMPLATE_SOURCES = frozenset({"-d", "--datasource", "-c", "--context", "-t", "--template"})
_GOMPLATE_READER = re.compile(
    r"\b(?:file\.(?:Read|ReadDir|Walk|Stat|Exists)|datasource|ds|include|defineDatasource|datasourceExists"
    r"|datasourceReachable|tmpl\.Exec)\b"
)
_GOMPLATE_LITERAL_ARGUMENTS = re.compile(
    r'(?:\s+(?:"(?:[^"\\]|\\.){0,2000}"|`[^`]{0,2000}`))+' + r"(?![ \t]*[\w$(.\"'`])"
)
_GOMPLATE_PIPED = re.compile(r"\|\s*$")
_URL_SCHEME = re.compile(r"^[A-Za-z][\w+.\-]*:")


def _gomplate(args: tuple[str, ...], fed: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """(the files a gomplate command names, its inline templates): every string of the templates it is given inline
    or on its input (``fed``), and the datasources, contexts and nested templates they name. A source used only by a
    template file (`gomplate -d cfg=.env -f t.tmpl`) is no file printed here: what the file does is not read."""
    templates = option_values(args, _GOMPLATE_INLINE)
    texts = [*templates, *fed]
    files = [_plain(s) for t in texts for s in _literals(t, _DQ, _BACKQUOTED)]
    for value in option_values(args, _GOMPLATE_SOURCES) if texts else ():
        alias, eq, given = value.partition("=")
        given = given if eq else value
        if _URL_SCHEME.match(given) and not given.lower().startswith("file:"):
            continue  # (`vault://`, `env:`, `https://`, `merge:`: no file)
        if given and any(_names_source(t, alias, bool(eq)) for t in texts):
            files.append(_plain(given))
    return files, templates


def _names_source(template: str, alias: str, named: bool) -> bool:
    """Whether ``template`` uses the source given as ``alias`` (`-d e=F`: `ds "e"`, `include "e"`; `-c e=F`:
    `.e`; `-c .=F`: the whole context); an unnamed source (`-d .env`) by its name, its stem or its dotless name."""
    names = {alias} if named else {alias, alias.rpartition("/")[2], alias.rpartition("/")[2].lstrip(".")}
    names |= {n.rpartition(".")[0] for n in names if n.rpartition(".")[0]}
    return any(
        n == "."
        or f'"{n}"' in template
        or f"`{n}`" in template
        or re.search(rf"\.{re.escape(n)}\b", template)
        for n in names
        if n
    )


def template_computed(template: str) -> bool:
    """Whether a Go template (gomplate's) gives a file reader anything but literal strings."""
    text = template[:_MAX_TEXT]
    for m in _GOMPLATE_READER.finditer(text):
        if _GOMPLATE_PIPED.search(text, 0, m.start()):
            return True
        if _GOMPLATE_LITERAL_ARGUMENTS.match(text, m.end()) is None:
            return True
    return False


# -- renderers handed files by options ---------------------------------------------------------------------------------
# ytt's files (`-f F`, `--file=F`, a `name=path` mark too) and data values' files (`--data-values-file F`,
# `--data-value-file k=F`); helm's values files (`-f a.yaml,b.yaml`) and the files `--set-file k=F,k2=G` puts in.
_YTT_FILES = frozenset({"-f", "--file", "--data-values-file", "--data-value-file"})
_HELM_VALUES = frozenset({"-f", "--values"})


def _ytt(args: tuple[str, ...]) -> list[str]:
    return [v.rpartition("=")[2] for v in option_values(args, _YTT_FILES)]


def _helm(args: tuple[str, ...]) -> list[str]:
    files = [f for v in option_values(args, _HELM_VALUES) for f in v.split(",")]
    files += [
        p.partition("=")[2] for v in option_values(args, frozenset({"--set-file"})) for p in v.split(",")
    ]
    return files


# -- Nickel and OPA -----------------------------------------------------------------------------------------
# Nickel's imports are literal (`import ".env" as 'Text`), in its files or on its input, and its operands (`-f`'s
# value) are files of code; OPA prints the data and the input its options name (`opa eval -i .env input`, `-d .env
# data`). (ERB's and esh's templates read from the input are code: permissions.commands.interpreters.)
_NICKEL_IMPORT = re.compile(r'\bimport\s*"((?:[^"\\]|\\.){0,2000})"')
_OPA_FILES = frozenset({"-i", "--input", "-d", "--data", "-b", "--bundle"})


def nickel_files(text: str) -> list[str]:
    """The files Nickel code imports."""
    return [_unescaped(m.group(1)) for m in _NICKEL_IMPORT.finditer(text[:_MAX_TEXT])]


def _nickel(args: tuple[str, ...]) -> list[str]:
    return option_values(args, frozenset({"-f", "--file"})) + operands(
        args, frozenset({"-f", "--file", "-o", "--output", "--field", "--format"})
    )


EXPRESSION_PROGRAMS: frozenset[str] = (
    frozenset({"yq", "ytt", "helm", "gomplate", "nickel", "opa"}) | _JSONNETS | _NIX_OLD | {"nix"} | DHALLS
)
# (the programs whose view expression_opaque reads, and those list_feeds hands the text they read on their input)
OPAQUE_EXPRESSIONS: frozenset[str] = frozenset({"yq", "gomplate", "nix"}) | _NIX_OLD
FED_EXPRESSIONS: frozenset[str] = DHALLS | _NIX_OLD | {"gomplate", "nickel", "nix"}


def expression_files(view: tuple[str, ...]) -> list[str]:
    """The files ``view`` prints by its own code or options (see above); [] for another program."""
    name = view[0] if view else ""
    args = view[1:]
    files: list[str]
    if name == "yq":
        files = _yq(args)[0]
    elif name in _JSONNETS:
        files = _jsonnet(args)
    elif name == "nix" or name in _NIX_OLD:
        expressions, files = _nix(name, args)
        files += [f for e in expressions for f in nix_files(e)]
    elif name in DHALLS:
        files = _dhall(args)
    elif name == "gomplate":
        files = _gomplate(args)[0]
    elif name == "ytt":
        files = _ytt(args)
    elif name == "helm":
        files = _helm(args)
    elif name == "nickel":
        files = _nickel(args)
    elif name == "opa":
        files = option_values(args, _OPA_FILES)
    else:
        return []
    return [f for f in dict.fromkeys(files) if f and f != "-"][:_MAX_FILES]


def expression_opaque(view: tuple[str, ...]) -> str | None:
    """EXPRESSION_OPAQUE when ``view``'s code builds the name of a file it reads, or runs a program (see above)."""
    name = view[0] if view else ""
    args = view[1:]
    if name == "yq":
        computed = _yq(args)[1]
    elif name == "nix" or name in _NIX_OLD:
        computed = _nix_from_input(name, args) or any(nix_computed(e) for e in _nix(name, args)[0])
    elif name == "gomplate":
        plugin = any(w.partition("=")[0] == "--plugin" for w in args)
        computed = plugin or any(template_computed(t) for t in _gomplate(args)[1])
    else:
        computed = False
    return EXPRESSION_OPAQUE if computed else None


def fed_expression_files(view: tuple[str, ...], texts: list[str]) -> list[str]:
    """The files the code ``view``'s program reads on its input (``texts``: its here-strings, what is piped in)
    names, with the sources gomplate's options give the templates it reads there."""
    program = view[0] if view else ""
    if program in DHALLS:
        return [f for t in texts for f in dhall_files(t)][:_MAX_FILES]
    if program == "gomplate":
        return _gomplate(view[1:], tuple(texts))[0][:_MAX_FILES]
    if program == "nickel":
        return [f for t in texts for f in nickel_files(t)][:_MAX_FILES]
    if _nix_from_input(program, view[1:]):
        return [f for t in texts for f in nix_files(t)][:_MAX_FILES]
    return []
