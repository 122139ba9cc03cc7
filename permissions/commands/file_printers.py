"""R4.10, the same content by another program: the programs that print what a file holds without being handed
it as a `cat` would be -- by their own default path, or by loading it into the environment of a command that
prints the environment.

Under a deny of `cat .env`, `dotenv list`, `dotenvx get`, `sops -d .env`, `docker compose config` (which prints
the configuration with `.env`'s values put in) and `dotenv -e .env -- printenv` print `.env`; under a deny of `cat
~/.aws/credentials`, `aws configure export-credentials` prints the keys, and `terraform output` prints what
`terraform.tfstate` holds. So do a copy to the terminal or a standard stream (`cp .env /dev/stdout`), a template
renderer (`gomplate -f .env`, `j2 .env`), `op inject -i .env` and `sops exec-file .env 'cat {}'`, and the expression
languages naming it in their code (`yq -n 'load_str(".env")'`, `nix eval --expr 'builtins.readFile ./.env'`:
permissions.commands.expression_reads). Each is read as
`cat` of the files it prints (permissions.matching.content_reads, for a rule printing a place). A loader running any other command keeps its answer (`dotenv -e .env -- npm test`): the
environment is what the command is given, not what it prints. (Inline code run under a loader, `dotenv -- node -e
'...'`, may print it or not: not read here.)
"""

from __future__ import annotations

import re

from permissions.commands.copies import COPIERS, copies_in
from permissions.commands.expression_reads import EXPRESSION_PROGRAMS, expression_files
from permissions.commands.options import normalised
from permissions.commands.syntax import operands, option_values

__all__ = ["PRINTER_PROGRAMS", "loaded_files", "printed_files", "prints_environment"]

_HOME_AWS = ("~/.aws/credentials", "~/.aws/config")
_GCLOUD = ("~/.config/gcloud/credentials.db", "~/.config/gcloud/access_tokens.db")
_GCLOUD_ADC = ("~/.config/gcloud/application_default_credentials.json",)
_TFSTATE = ("terraform.tfstate",)

# (program, subcommand words) -> (the files it prints by default, the options naming another file instead -- a
# value in the next word or after `=`, several allowed). A word after the subcommand path that is no option is an
# operand; a row whose default is () prints its operands (`sops -d FILE`).
_PRINTS: dict[tuple[str, ...], tuple[tuple[str, ...], frozenset[str]]] = {
    # python-dotenv's command line (`python -m dotenv` too)
    ("dotenv", "list"): ((".env",), frozenset({"-f", "--file"})),
    ("dotenv", "get"): ((".env",), frozenset({"-f", "--file"})),
    # dotenvx
    ("dotenvx", "get"): ((".env",), frozenset({"-f", "--env-file"})),
    ("dotenvx", "decrypt"): ((".env",), frozenset({"-f", "--env-file"})),
    # encrypted files printed decrypted
    ("sops", "-d"): ((), frozenset()),
    ("sops", "--decrypt"): ((), frozenset()),
    ("sops", "decrypt"): ((), frozenset()),
    ("ansible-vault", "view"): ((), frozenset()),
    ("gpg", "-d"): ((), frozenset()),
    ("gpg", "--decrypt"): ((), frozenset()),
    # (red team: GnuPG 2's binary name where gpg is 1.x: `gpg2 -d .env`)
    ("gpg2", "-d"): ((), frozenset()),
    ("gpg2", "--decrypt"): ((), frozenset()),
    ("age", "-d"): ((), frozenset({"-o", "--output"})),
    ("age", "--decrypt"): ((), frozenset({"-o", "--output"})),
    # a configuration printed with the environment file's values put in
    ("docker", "compose", "config"): ((".env",), frozenset({"--env-file"})),
    ("docker-compose", "config"): ((".env",), frozenset({"--env-file"})),
    ("docker", "compose", "convert"): ((".env",), frozenset({"--env-file"})),  # (config's other name)
    ("docker-compose", "convert"): ((".env",), frozenset({"--env-file"})),
    # a template printed with its references filled in: the template's own text around them
    ("op", "inject"): ((), frozenset({"-i", "--in-file"})),
    ("direnv", "export"): ((".envrc", ".env"), frozenset()),
    # infrastructure state
    ("terraform", "output"): (_TFSTATE, frozenset({"-state"})),
    ("terraform", "show"): (_TFSTATE, frozenset()),
    ("terraform", "state", "pull"): (_TFSTATE, frozenset({"-state"})),
    ("terraform", "state", "show"): (_TFSTATE, frozenset({"-state"})),
    ("tofu", "output"): (_TFSTATE, frozenset({"-state"})),
    ("tofu", "show"): (_TFSTATE, frozenset()),
    ("tofu", "state", "pull"): (_TFSTATE, frozenset({"-state"})),
    ("tofu", "state", "show"): (_TFSTATE, frozenset({"-state"})),
    ("terraform", "console"): (_TFSTATE, frozenset({"-state"})),  # (what it evaluates: the state's values)
    ("tofu", "console"): (_TFSTATE, frozenset({"-state"})),
    # the keys a cloud command line or a credential helper keeps in its own file
    ("aws", "configure", "get"): (_HOME_AWS, frozenset()),
    ("aws", "configure", "export-credentials"): (_HOME_AWS, frozenset()),
    ("gh", "auth", "token"): (("~/.config/gh/hosts.yml",), frozenset()),
    ("git", "credential", "fill"): (("~/.git-credentials",), frozenset()),
    ("git", "credential-store", "get"): (("~/.git-credentials",), frozenset({"--file"})),
    ("gcloud", "auth", "print-access-token"): (_GCLOUD, frozenset()),
    ("gcloud", "auth", "print-identity-token"): (_GCLOUD, frozenset()),
    ("gcloud", "auth", "application-default", "print-access-token"): (_GCLOUD_ADC, frozenset()),
    ("gcloud", "config", "config-helper"): (_GCLOUD, frozenset()),
    ("heroku", "auth:token"): (("~/.netrc",), frozenset()),
}

# red team: docker's twins take its subcommands and options (`podman compose --env-file .env config`, `nerdctl
# compose config`, `podman-compose config`)
_ENGINES = ("podman", "nerdctl", "finch")
_TWINS: dict[tuple[str, ...], tuple[tuple[str, ...], frozenset[str]]] = {
    **{(e, *key[1:]): row for e in _ENGINES for key, row in _PRINTS.items() if key[0] == "docker"},
    **{("podman-compose", key[1]): row for key, row in _PRINTS.items() if key[0] == "docker-compose"},
}
_PRINTS.update(_TWINS)

_NPMRC_OPTIONS = frozenset({"--userconfig", "--globalconfig"})

# Rows that print only with one of these options (`kubectl config view` hides the keys unless `--raw`; `gh auth
# status` the token unless `-t`).
_WITH: dict[tuple[str, ...], tuple[tuple[tuple[str, ...], frozenset[str]], frozenset[str]]] = {
    ("kubectl", "config", "view"): (
        (("~/.kube/config",), frozenset({"--kubeconfig"})),
        frozenset({"--raw", "--flatten"}),  # (`--flatten` leaves the keys in, as `--raw` does)
    ),
    ("gh", "auth", "status"): ((("~/.config/gh/hosts.yml",), frozenset()), frozenset({"-t", "--show-token"})),
    ("ansible-vault", "decrypt"): (((), frozenset()), frozenset({"--output=-"})),
    # red team: npm reading another file as its settings and printing them (`npm config list --userconfig .env`:
    # an ini file's keys and values)
    **{("npm", "config", sub): (((), _NPMRC_OPTIONS), _NPMRC_OPTIONS) for sub in ("list", "ls", "get", "l")},
}

# Loaders: the files each loads into the environment of the command it runs (defaults, options naming others).
# What that command is, the engine's views say (permissions.wrappers.views: `dotenv -e .env -- printenv` is also
# `printenv`); permissions.decide reads a loader's files as printed when a view of the same segment prints the
# environment.
_LOADS: dict[tuple[str, ...], tuple[tuple[str, ...], frozenset[str]]] = {
    ("dotenv",): ((".env",), frozenset({"-e", "-f", "--file"})),  # dotenv-cli (npm) and python-dotenv's `run`
    ("dotenvx", "run"): ((".env",), frozenset({"-f", "--env-file"})),
    ("env-cmd",): ((".env",), frozenset({"-f", "--file"})),
    # red team: godotenv, and the Procfile runners' `run` (each loads .env, or the files `-e` names)
    ("godotenv",): ((".env",), frozenset({"-f"})),
    ("foreman", "run"): ((".env",), frozenset({"-e", "--env"})),
    ("forego", "run"): ((".env",), frozenset({"-e"})),
    ("honcho", "run"): ((".env",), frozenset({"-e", "--env"})),
    ("op", "run"): ((), frozenset({"--env-file"})),
    ("uv", "run"): ((), frozenset({"--env-file"})),
    ("node",): ((), frozenset({"--env-file", "--env-file-if-exists"})),
    ("bun",): ((), frozenset({"--env-file"})),
    ("bun", "run"): ((), frozenset({"--env-file"})),
    ("deno", "run"): ((), frozenset({"--env-file"})),
    ("docker", "run"): ((), frozenset({"--env-file"})),
    ("docker", "compose", "run"): ((".env",), frozenset({"--env-file"})),
    ("docker", "compose", "exec"): ((".env",), frozenset({"--env-file"})),
}
_LOADED_BY_TWINS: dict[tuple[str, ...], tuple[tuple[str, ...], frozenset[str]]] = {
    **{(e, *key[1:]): row for e in _ENGINES for key, row in _LOADS.items() if key[0] == "docker"},
    **{(e, "container", "run"): _LOADS[("docker", "run")] for e in ("docker", *_ENGINES)},
}
_LOADS.update(_LOADED_BY_TWINS)
# ... the loaders whose first operand names what they load: a file (`sops exec-env FILE CMD`) or a folder whose
# `.envrc` (and the `.env` its `dotenv` loads) are loaded (`direnv exec DIR CMD`).
_LOADS_FIRST: dict[tuple[str, ...], tuple[str, ...]] = {
    ("sops", "exec-env"): ("",),
    ("direnv", "exec"): ("/.envrc", "/.env"),
}

# The copiers whose copy to the terminal or a standard stream prints the originals (`cp .env /dev/stdout`,
# `install .env /dev/tty`, `rsync .env /proc/self/fd/1`): read by permissions.commands.copies.
_TO_A_STREAM: frozenset[str] = frozenset(
    {"cp", "gcp", "mv", "gmv", "install", "ginstall", "rsync", "scp", "ditto"}
) | (
    # red team: an archive or a compressed copy written to the standard output holds the file's text (`zip -
    # .env`, `python3 -m zipfile -c /dev/stdout .env`, `gzip -c .env`, `xz -c < .env`) -- every copier but git's
    # (read by matching.content_reads) and unzip's (its members: matching._unzip_printed)
    # (and cpio's, whose names come from the standard input: a listing fed to it is read where lists are; pax's,
    # read below)
    # (and gpg's, whose copy is ciphertext: what it prints of a file is read below, _GPG_REWRAPS, and as `-d`)
    COPIERS - {"git", "unzip", "ln", "gln", "link", "cpio", "pax", "gpg", "gpg2"}
)
_STREAMS = frozenset({"/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/console"})
_STREAM_FOLDERS = ("/dev/fd/", "/proc/self/fd/", "/dev/pts/", "/proc/thread-self/fd/")

# Template renderers printing their template (its text around what they fill in): gomplate's `-f`/`--file`s,
# j2's and jinja2-cli's first operand (the options that take the next word are read past).
_RENDERERS = {"gomplate": frozenset({"-f", "--file"}), "j2": frozenset(), "jinja2": frozenset()}
_RENDERER_VALUED = frozenset(
    {
        "-e",
        "--import-env",
        "-o",
        "--outfile",
        "--out",
        "-D",
        "--extension",
        "--filters",
        "--tests",
        "--customize",
        "-f",
        "--format",
    }
    | {"-d", "--datasource", "-c", "--context", "--format"}
)

# `sops exec-file FILE 'CMD {}'`: CMD given the decrypted file's path; printed when CMD is one of these.
_EXEC_FILE_PRINTERS = frozenset(
    "cat bat less more head tail nl tac strings xxd od hexdump base64 grep rg awk sed sort uniq cut jq yq tee"
    " cp".split()
)

# R4.10, red team: the macro processors and preprocessors pass a file's text through to the output (`m4 .env`,
# `cpp -P .env`, `mcpp .env`), and so do the C compilers told to preprocess only (`cc -E -P - < .env`, `gcc
# --preprocess -x c .env`; their other names, `gcc-12`, are wrappers.OTHER_NAMES): every operand is printed (the
# file fed to the standard input too: permissions.decide reads it as an operand), and a file `-include`d.
_PREPROCESSORS = frozenset({"m4", "cpp", "mcpp", "gpp", "clang-cpp"})
_COMPILERS = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++", "tcc"})
_PREPROCESS_ONLY = frozenset({"-E", "--preprocess"})
# (their options whose value is the next word: a folder, a macro, the output, a language, a target)
_PREPROCESSOR_VALUED = frozenset(
    "-I -D -U -o -x -include -imacros -isystem -iquote -idirafter -iprefix -iwithprefix -iwithprefixbefore"
    " -isysroot -MF -MT -MQ -target -arch -Xpreprocessor -Xclang -Xlinker -L -B -F -R -t --error-output --trace"
    " --debugfile --include --define --undefine".split()
)

# Filters that print the file their option names, or what they are fed, unless told to write it elsewhere
# (`mbuffer -i .env`, `mbuffer < .env`; not `mbuffer -i .env -o /tmp/x`).
_MBUFFER_VALUED = frozenset({"-b", "-s", "-m", "-p", "-P", "-l", "-t", "-T", "-r", "-R", "-L", "-I", "-O"})

# Formatters printing the file they format unless told to rewrite it, list it or check it (`prettier --parser yaml
# .env`, `shfmt .env`, `gofmt .env`, `clang-format .env`): (those options, the options taking the next word); a
# diff of the changes (`shfmt -d`, `gofmt -d`) shows the file's lines too. yamlfmt prints only what it is fed
# (`yamlfmt - < .env`, `-in`) or a dry run's diff: else it rewrites the file.
_FORMATTERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "prettier": (
        frozenset({"-w", "--write", "-c", "--check", "-l", "--list-different", "--find-config-path"}),
        frozenset(
            "--parser --config --ignore-path --plugin --stdin-filepath --log-level --cache-location --tab-width"
            " --print-width --trailing-comma --end-of-line --prose-wrap --arrow-parens --quote-props"
            " --cursor-offset --range-start --range-end --config-precedence --file-info".split()
        ),
    ),
    "shfmt": (
        frozenset({"-w", "--write", "-l", "--list", "-f", "--find"}),
        frozenset({"-i", "--indent", "-ln", "--language-dialect", "--filename"}),
    ),
    "gofmt": (frozenset({"-w", "-l"}), frozenset({"-r", "-cpuprofile"})),
    "clang-format": (frozenset({"-i", "--dump-config", "-dump-config"}), frozenset()),
    # red team: Jsonnet's formatter (`jsonnetfmt .env`: what it cannot parse, quoted)
    "jsonnetfmt": (
        frozenset({"-i", "--in-place", "--test", "-o", "--output-file"}),
        frozenset("-o --output-file -n --indent --max-blank-lines --string-style --comment-style".split()),
    ),
    # red team: the formatters and converters printing to the standard output by default, unless told to write a
    # file (`-o out`, not `-o -`) or rewrite theirs (`pandoc .env`, `yapf .env`, `autopep8 .env`, `sqlformat .env`,
    # `pg_format .env`, `js-beautify .env`, `uncrustify -f .env`)
    "pandoc": (
        frozenset({"-o", "--output"}),
        frozenset(
            "-o --output -f -r --from --read -t -w --to --write --data-dir -M --metadata --metadata-file -V"
            " --variable --template -L --lua-filter -F --filter --resource-path -c --css --highlight-style"
            " --syntax-definition --reference-doc --bibliography --csl --log --columns --tab-stop --wrap -d"
            " --defaults --extract-media --pdf-engine --toc-depth --slide-level --id-prefix --eol".split()
        ),
    ),
    "autopep8": (
        frozenset({"-i", "--in-place"}),
        frozenset({"--max-line-length", "--select", "--ignore", "-j"}),
    ),
    "yapf": (frozenset({"-i", "--in-place"}), frozenset({"--style", "-l", "--lines", "-p", "--parallel"})),
    "sqlformat": (
        frozenset({"-o", "--outfile"}),
        frozenset({"-o", "--outfile", "-k", "--keywords", "-i", "--identifiers", "-l", "--language"}),
    ),
    "pg_format": (
        frozenset({"-o", "--output", "-i", "--inplace"}),
        frozenset({"-o", "--output", "-s", "-c"}),
    ),
    **dict.fromkeys(
        ("js-beautify", "html-beautify", "css-beautify"),
        (
            frozenset({"-o", "--outfile", "-r", "--replace"}),
            frozenset(
                {"-o", "--outfile", "-s", "--indent-size", "-c", "--indent-char", "--type", "--config"}
            ),
        ),
    ),
    "tidy": (
        frozenset({"-m", "-modify", "-e", "-errors", "-o", "-output"}),
        frozenset({"-config", "-f", "-file", "-wrap", "-indent-spaces", "-language"}),
    ),
}
_YAMLFMT_PRINTS = frozenset({"-", "-in", "-dry"})
_YAMLFMT_VALUED = frozenset(
    {"-conf", "-global_conf", "-formatter", "-gitignore_path", "-exclude", "-extensions"}
)

# gpg's commands writing a file's text back out in another dress -- a literal packet (`--store`), ASCII armour
# (`--enarmor`, `--dearmor`): printed when the output named is the standard output (`-o -`, `--output=-`); a file
# they are fed goes there too (`gpg --enarmor < .env`: permissions.decide's fed operand, read the same way).
_GPG_REWRAPS = frozenset({"--store", "--enarmor", "--enarmour", "--dearmor", "--dearmour"})
_GPG_VALUED = frozenset(
    {"-o", "--output", "-r", "--recipient", "-u", "--local-user", "--homedir", "--compress-level", "-z"}
)

_GPG_OUTPUT = frozenset({"-o", "--output"})

# The compressors permissions.commands.copies does not know, writing the compressed file to the standard output
# with `-c` (`lzip -c .env`, `compress -c .env`, `lzop -c .env`); and pax, which writes its archive there unless
# `-f` names another file (`pax -w .env`).
_STDOUT_COMPRESSORS = frozenset(
    {"lzip", "plzip", "lzop", "compress", "ncompress", "pbzip2", "lbzip2", "pixz"}
)
_COMPRESSOR_VALUED = frozenset({"-S", "--suffix", "-o", "--output", "-b", "-n", "--threads", "-p", "-m"})

# R4.10, red team: programs printing every file they are given, in some dress -- viewers, pagers and colourers
# (`lolcat .env`, `jless .env`, `ov .env`), hex dumpers (`hexyl .env`), encoders (`ascii85 .env`, `mimencode
# .env`), roff and its preprocessors, which pass text through (`groff -Tutf8 .env`, `mandoc .env`, `tbl .env`),
# Markdown and reStructuredText renderers (`cmark .env`, `python3 -m markdown .env`, `python3 -m rich.syntax
# .env`), XML readers quoting the line they cannot parse (`xmllint .env`), diffs of words or of anything
# (`dwdiff .env /dev/null`, `diffoscope .env x`), CSV viewers (`csvtk pretty .env`, `tsv-pretty .env`) and the
# filters that read only what they are fed and have no file operand (`json_pp < .env`, `datamash transpose <
# .env`, `rot13 < .env`, `figlet < .env`: permissions.decide hands them the fed file as an operand). Every word
# that is no option is read as a file printed (an option's value too: a deny then matches more, R4.8).
_EVERY_OPERAND = frozenset(
    "hexyl heksa ccat lolcat chroma boxes ov moar lv jless pspg csview tidy-viewer nvimpager vimpager slit ccze"
    " ascii85 base58 basez base91 mimencode mmencode rot13 caesar morse ppt bcd figlet toilet cowsay cowthink"
    " json_pp json_xs datamash rs ul groff nroff troff gtroff mandoc tbl eqn neqn pic soelim refer preconv"
    " xmllint dwdiff diffoscope combine csvtk tsv-pretty textql dsq info pinfo xmlstarlet mdcat"
    " cmark cmark-gfm commonmark markdown markdown_py markdown-it marked multimarkdown lowdown comrak kramdown"
    # Python's modules doing the same (`python3 -m pygments .env`, the view led by the module)
    " pygments rich.syntax rich.markdown rich.json docutils pickletools encodings.rot_13 compileall"
    # red team: the data converters printing the file they convert (`hcl2json .env`, `toml2json .env`, `yaml2json
    # .env`, remarshal's other names, `xq . .env`, `cue export .env`, `hcldec --spec s .env`, `stoml .env KEY`,
    # `yj < .env`, `jc --ini < .env`)
    " hcl2json json2hcl toml2json json2toml yaml2json json2yaml toml2yaml yaml2toml xml2json json2xml cbor2json"
    " json2cbor msgpack2json json2msgpack remarshal xq tomlq json5 yj hcldec stoml cue jc jsonlint"
    # ... jq's kin given a file by an option (`gojq -n --rawfile x .env '$x'`), and the template renderers printing
    # the text of the template around its tags (`mo .env`, `mustache .env`, `ejs .env`, `erb .env`, `esh .env`)
    " gojq jaq mo mustache chevron ejs erb esh".split()
)
# ... clang-format's sibling quoting each line it reports on (`clang-tidy .env --`)
_QUOTERS = frozenset({"clang-tidy"})

# Programs printing the file given first when no second operand names where to write it (`rst2html .env`,
# `native2ascii .env`; not `rst2html README.rst out.html`).
_FIRST_UNLESS_SECOND = frozenset(
    f"{stem}{ext}"
    for stem in ("rst2html", "rst2html4", "rst2html5", "rst2xml", "rst2pseudoxml", "rst2latex", "rst2man")
    for ext in ("", ".py")
) | frozenset({"native2ascii"})

# Programs printing what they are given only when told to (a flag; an output option naming the standard output:
# `enscript -p - .env`, `pandoc -o - .env`, `asciidoctor -o - .env`, `isort --stdout .env`, `black --diff .env`,
# `indent -st .env`, `info -f .env -o -`): (those options, the options whose value is the next word).
_PRINTS_WHEN: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "enscript": (
        frozenset({"-p", "-o", "--output"}),
        frozenset({"-p", "-o", "--output", "-M", "--media", "-f", "--font"}),
    ),
    "a2ps": (
        frozenset({"-o", "--output"}),
        frozenset({"-o", "--output", "-M", "--medium", "-P", "--printer"}),
    ),
    **dict.fromkeys(
        ("asciidoctor", "asciidoc"),
        (frozenset({"-o", "--out-file", "-"}), frozenset({"-o", "--out-file", "-b", "--backend", "-a"})),
    ),
    "isort": (
        frozenset({"--stdout", "-d", "--diff", "--df", "-"}),
        frozenset({"--settings-path", "--sp", "-p"}),
    ),
    "black": (frozenset({"--diff", "-"}), frozenset({"-l", "--line-length", "-t", "--target-version"})),
    "indent": (frozenset({"-st", "--standard-output"}), frozenset({"-o", "--output-file"})),
    "texi2any": (
        frozenset({"--plaintext", "-o", "--output"}),
        frozenset({"-o", "--output", "-I", "-D", "-U"}),
    ),
    "makeinfo": (
        frozenset({"--plaintext", "-o", "--output"}),
        frozenset({"-o", "--output", "-I", "-D", "-U"}),
    ),
    "rustfmt": (frozenset({"--emit"}), frozenset({"--emit", "--edition", "--config-path", "--config"})),
    "source-highlight": (
        frozenset({"-o", "--output"}),
        frozenset({"-o", "--output", "-s", "--src-lang", "-f"}),
    ),
    "qrencode": (
        frozenset({"-t", "--type", "-o", "--output"}),
        frozenset({"-o", "--output", "-s", "-l", "-v"}),
    ),
}
# (the files each names by an option -- the source of `source-highlight -i .env -o STDOUT`, `qrencode -r .env`,
# the files pandoc includes in what it prints, `pandoc -H .env -s x.md` -- printed with its operands)
_NAMED_BY: dict[str, frozenset[str]] = {
    "source-highlight": frozenset({"-i", "--input"}),
    "qrencode": frozenset({"-r", "--read-from"}),
    "info": frozenset({"-f", "--file"}),
    "pinfo": frozenset({"-f", "--file"}),
    "pandoc": frozenset(
        {"-H", "--include-in-header", "-B", "--include-before-body", "-A", "--include-after-body"}
    ),
    "pspg": frozenset({"-f", "--file"}),
}
# (the output names that are the standard output; qrencode's types that print to the terminal)
_STDOUT_NAMES = frozenset(
    "- /dev/stdout /dev/tty STDOUT ANSI ANSI256 ASCII ASCIII UTF8 UTF8I ANSIUTF8 ANSI256UTF8".split()
)

# The query tools reading the files their SQL names as its tables (`q -d= 'select * from .env'`, `trdsql 'select *
# from .env'`, csvq's `` `.env` ``, `octosql "select * from .env"`): the word after each `from` or `join`.
_SQL_ON_FILES = frozenset({"q", "trdsql", "csvq", "octosql"})
_FROM_TABLE = re.compile(r"(?i)\b(?:from|join)\s+[`'\"]?([^\s`'\",;()]+)")

_PRINTS_OPERANDS: frozenset[str] = (
    _PREPROCESSORS
    | _COMPILERS
    | _STDOUT_COMPRESSORS
    | _EVERY_OPERAND
    | _QUOTERS
    | _FIRST_UNLESS_SECOND
    | frozenset(_PRINTS_WHEN)
    | _SQL_ON_FILES
    | frozenset({"ar", "mbuffer", "yamlfmt", "pax", "man", "pydoc", "pydoc3", "uncrustify", *_FORMATTERS})
)

# red team: make printing its database -- every variable of the makefiles it reads, with its value (`make -p -f
# .env`, `make -pf .env`, `make --print-data-base --file=.env`) -- and BSD make printing a variable's (`bmake -f
# .env -V DB_PASSWORD`): the makefiles named are printed
_MAKES = frozenset({"make", "gmake", "bmake", "remake"})

PRINTER_PROGRAMS: frozenset[str] = (
    frozenset(k[0] for k in (*_PRINTS, *_WITH, *_LOADS, *_LOADS_FIRST))
    | _TO_A_STREAM
    | frozenset(_RENDERERS)
    | _PRINTS_OPERANDS
    | _MAKES
    | EXPRESSION_PROGRAMS
)


# The options a program takes before its subcommand whose value is the next word (`dotenv -f x.env list`,
# `terraform -chdir infra output`, `kubectl --kubeconfig k config view --raw`): read past, and kept for the row.
_LEAD = {
    "dotenv": frozenset({"-f", "--file", "-q", "--quote", "-e", "--export"}),
    "terraform": frozenset({"-chdir"}),
    "tofu": frozenset({"-chdir"}),
    "aws": frozenset({"--profile", "--region", "--output", "--endpoint-url"}),
    "gcloud": frozenset({"--project", "--account", "--configuration"}),
    "kubectl": frozenset({"--kubeconfig", "--context", "-n", "--namespace", "--cluster", "--user"}),
    "docker": frozenset({"-H", "--host", "--context", "-c", "--config", "-l", "--log-level"}),
    "gh": frozenset({"-R", "--repo"}),
    "git": frozenset({"-C", "-c"}),
}


_LEAD_AFTER: dict[tuple[str, ...], frozenset[str]] = {
    ("docker", "compose"): frozenset(
        {"-f", "--file", "-p", "--project-name", "--env-file", "--profile", "--project-directory", "--ansi"}
    ),
    ("kubectl", "config"): frozenset({"--kubeconfig"}),
    ("git", "credential-store"): frozenset({"--file"}),
}
_LEAD_AFTER.update({(e, "compose"): _LEAD_AFTER[("docker", "compose")] for e in _ENGINES})
_LEAD.update({e: _LEAD["docker"] for e in _ENGINES})


def printed_files(view: tuple[str, ...]) -> list[str]:
    """The files ``view`` prints the content of by its own reading (the tables above), as written or by their
    default path; [] for a view that prints none."""
    if not view or view[0] not in PRINTER_PROGRAMS:
        return []
    own = _read_by_name(view)
    if own is not None:
        return own
    lead = _LEAD.get(view[0], frozenset())
    k = 1
    while k < len(view) and view[k][:1] == "-" and view[k] not in _SUBCOMMAND_OPTIONS:
        k += 2 if view[k] in lead else 1
    words = (view[0], *view[k:])
    before = view[1:k]
    second = _LEAD_AFTER.get(words[:2])
    if second is not None:  # `docker compose -f c.yml --env-file .env.prod config`
        j = 2
        while j < len(words) and words[j][:1] == "-":
            j += 2 if words[j] in second else 1
        before += words[2:j]
        words = (*words[:2], *words[j:])
    for size in (4, 3, 2):
        key = words[:size]
        row = _PRINTS.get(key)
        if row is not None:
            operands = [w for w in words[size:] if w[:1] != "-"]
            if key in _OPERAND_FIRST and operands:  # `terraform show plan.out`: that file, not the state
                return operands[-1:]
            return _in_folder(before, _files((*before, *words[size:]), *row))
        with_row = _WITH.get(key)
        if with_row is not None:
            (defaults, options), needed = with_row
            if any(w in needed or w.partition("=")[0] in needed for w in words[size:]):
                return _files((*before, *words[size:]), defaults, options)
            return []
        if key == ("dotenv", "run"):  # python-dotenv's `dotenv -f .env run printenv`
            run = tuple(w for w in words[size:] if w[:2] != "--")
            return (
                (option_values(before, _LOADS[("dotenv",)][1]) or [".env"]) if prints_environment(run) else []
            )
        if key in _LOADS_FIRST:  # `sops exec-env .env 'printenv KEY'`: the command one word, after the file
            loaded = loaded_files(words)
            rest = words[size:]
            at = next((k for k, w in enumerate(rest) if w[:1] != "-"), len(rest))
            return loaded if prints_environment(tuple(" ".join(rest[at + 1 :]).split())) else []
    return []


def _read_by_name(view: tuple[str, ...]) -> list[str] | None:
    """What ``view`` prints when its program has a reading of its own (a copier to a stream, a renderer, a
    preprocessor or formatter, gpg re-wrapping, `sops exec-file`); None for the rows of the tables above."""
    name = view[0]
    if name in _TO_A_STREAM:
        return _copied_to_a_stream(view)
    if name in EXPRESSION_PROGRAMS:  # (gomplate's `-f` templates too)
        return expression_files(view) + (_rendered(view) if name in _RENDERERS else [])
    if name in _RENDERERS:
        return _rendered(view)
    if name in _PRINTS_OPERANDS:
        return _operands_printed(view)
    if name in ("gpg", "gpg2") and not _GPG_REWRAPS.isdisjoint(view):
        return _gpg_rewrapped(view)
    if view[:2] == ("sops", "exec-file"):
        return _exec_file(view[2:])
    if name in _MAKES:
        return _make_printed(view[1:])
    return None


def _make_printed(args: tuple[str, ...]) -> list[str]:
    """The makefiles make names (`-f F`, `-pf F`, `--file=F`, `--makefile F`, as make's option table reads them) when
    it prints its database (`-p`, `--print-data-base`) or, BSD make, a variable's value (`-V VAR`, no option of GNU
    make's table: read there as the unknown `-V`); [] otherwise."""
    keys = {key for r in normalised(("make", *args)) for key in r.keys}
    if "print-data-base" not in keys and "?-V" not in keys:
        return []
    return [key[5:] for key in keys if key[:5] == "file=" and key[5:]]


def _operands_printed(view: tuple[str, ...]) -> list[str]:
    """The files a preprocessor, a compiler preprocessing only, `ar p`, mbuffer or a formatter prints (_PREPROCESSORS,
    _COMPILERS, _FORMATTERS, ...); [] when its options make it print none (`cc -c x.c`, `shfmt -w x.sh`)."""
    name = view[0]
    args = view[1:]
    if name == "ar":
        return _ar_printed(args)
    if name == "mbuffer":
        named = option_values(args, frozenset({"-i"}))
        outputs = [o for o in option_values(args, frozenset({"-o"})) if o != "-"]
        return [] if outputs else named + operands(args, _MBUFFER_VALUED | {"-i", "-o"})
    if name in _STDOUT_COMPRESSORS:
        flags = "".join(w[1:] for w in args if w[:1] == "-" and w[1:2] != "-")
        to_output = "c" in flags or "--stdout" in args or "--to-stdout" in args
        return operands(args, _COMPRESSOR_VALUED) if to_output else []
    if name == "pax":
        return _pax_written(args)
    if name == "yamlfmt":
        return operands(args, _YAMLFMT_VALUED) if not _YAMLFMT_PRINTS.isdisjoint(args) else []
    more = _more_printed(name, args)
    if more is not None:
        return more
    formatter = _FORMATTERS.get(name)
    if formatter is not None:
        quiet, valued = formatter
        if _switched(args, quiet, valued, to_stream=False):
            return []
        return operands(args, valued) + option_values(args, _NAMED_BY.get(name, frozenset()))
    if name in _COMPILERS and _PREPROCESS_ONLY.isdisjoint(args):
        return []
    return operands(args, _PREPROCESSOR_VALUED) + [
        f for f in option_values(args, frozenset({"-include", "--include"})) if f[:1] != "-" and name != "m4"
    ]


def _more_printed(name: str, args: tuple[str, ...]) -> list[str] | None:
    """What the viewers, renderers and filters of _EVERY_OPERAND, _FIRST_UNLESS_SECOND and _PRINTS_WHEN, man and
    pydoc print (None for another program)."""
    if name in _EVERY_OPERAND or name in _QUOTERS:
        return operands(args, frozenset()) + option_values(args, _NAMED_BY.get(name, frozenset()))
    if name in _FIRST_UNLESS_SECOND:
        ops = operands(args, frozenset())
        return ops[:1] if len(ops) == 1 else []
    when = _PRINTS_WHEN.get(name)
    if when is not None:
        options, valued = when
        if not _switched(args, options, valued, to_stream=True):
            return []
        return operands(args, valued) + option_values(args, _NAMED_BY.get(name, frozenset()))
    if name == "man":  # `man -l .env`, `man ./.env`: a page's file, not its name
        ops = operands(args, _MAN_VALUED)
        local = any(w in ("-l", "--local-file") for w in args)
        return [w for w in ops if local or "/" in w]
    if name in _SQL_ON_FILES:
        return [t for w in args for t in _FROM_TABLE.findall(w)]
    if name == "uncrustify":  # `uncrustify -f .env`: the file `-f` names, unless written elsewhere
        return (
            []
            if _switched(args, _UNCRUSTIFY_QUIET, frozenset({"-o"}), to_stream=False)
            else option_values(args, frozenset({"-f"}))
        )
    if name in ("pydoc", "pydoc3"):  # `python3 -m pydoc ./.env`: a path imports the file as a module
        return [w for w in operands(args, frozenset({"-p", "-n"})) if "/" in w]
    return None


_UNCRUSTIFY_QUIET = frozenset({"-o", "--replace", "--no-backup"})
_MAN_VALUED = frozenset(
    {"-M", "--manpath", "-P", "--pager", "-S", "-s", "--sections", "-L", "--locale", "-m"}
)


def _switched(
    args: tuple[str, ...], options: frozenset[str], valued: frozenset[str], *, to_stream: bool
) -> bool:
    """Whether one of ``options`` is given in ``args``: a flag, or an option naming an output (in ``valued``), which
    counts when its value is the standard output or the terminal (``to_stream``) or when it is another file."""
    for k, w in enumerate(args):
        name, eq, value = w.partition("=")
        if name not in options and w[:2] in options and w[:2] in valued and w[1:2] != "-":
            name, eq, value = w[:2], "=", w[2:]  # `-p-`, `-ofile`: a short option's value attached
        if name not in options:
            continue
        if name not in valued:
            return True
        if not eq:
            value = args[k + 1] if k + 1 < len(args) else ""
        if (value in _STDOUT_NAMES or value.upper() in _STDOUT_NAMES) == to_stream:
            return True
    return False


def _ar_printed(args: tuple[str, ...]) -> list[str]:
    """`ar p lib.a .env`, `ar -pv lib.a x.o`: the members it prints (every operand after the archive), as
    unzip's `-p` members are (matching._unzip_printed); [] for any other operation (`ar t`, `ar rcs`)."""
    words = [w for w in args if w[:2] != "--"]
    if not words or "p" not in words[0].lstrip("-"):
        return []
    return words[2:]


def _pax_written(args: tuple[str, ...]) -> list[str]:
    """`pax -w .env`: the files pax archives to the standard output (write mode, no `-f` naming another file, not
    `-rw`'s copy); [] otherwise."""
    flags = "".join(w[1:] for w in args if w[:1] == "-" and w[1:2] != "-")
    if "w" not in flags or "r" in flags:
        return []
    archives = [args[k + 1] for k in range(len(args) - 1) if args[k][:1] == "-" and args[k].endswith("f")]
    if any(a not in ("-", "/dev/stdout") for a in archives):
        return []
    operands: list[str] = []
    k = 0
    while k < len(args):  # (a cluster ending in a letter taking a value: `-wf out.pax`, `-ws /x/y/`)
        w = args[k]
        k += 1
        if w[:1] != "-":
            operands.append(w)
        elif w[-1:] in _PAX_VALUED_LETTERS:
            k += 1
    return operands


_PAX_VALUED_LETTERS = frozenset("fbxsoBGTU")


def _gpg_rewrapped(view: tuple[str, ...]) -> list[str]:
    """The files `gpg --store -o -`, `gpg --enarmor --output=- F` write to the standard output (_GPG_REWRAPS)."""
    args = view[1:]
    if not any(o in ("-", "/dev/stdout") for o in option_values(args, _GPG_OUTPUT)):
        return []
    return [w for w in operands(args, _GPG_VALUED) if w not in ("-", "/dev/stdout")]


def _rendered(view: tuple[str, ...]) -> list[str]:
    """The template ``view`` (a renderer) prints: `gomplate -f .env`, `j2 .env data.json`."""
    named = option_values(view[1:], _RENDERERS[view[0]])
    if named or _RENDERERS[view[0]]:
        return named
    k = 1
    while k < len(view):
        if view[k][:1] != "-":
            return [view[k]]
        k += 2 if view[k] in _RENDERER_VALUED else 1
    return []


def _exec_file(rest: tuple[str, ...]) -> list[str]:
    """`sops exec-file [--no-fifo] FILE 'cat {}'`: FILE when the command prints the file it is given."""
    ops = [w for w in rest if w[:1] != "-"]
    if len(ops) < 2:
        return []
    command = " ".join(ops[1:]).split()
    return ops[:1] if command[:1] and command[0] in _EXEC_FILE_PRINTERS and "{}" in " ".join(command) else []


def _copied_to_a_stream(view: tuple[str, ...]) -> list[str]:
    """The originals ``view`` copies to a terminal or a standard stream (`cp .env /dev/stdout`)."""
    return [
        w
        for c in copies_in(view)
        if c.to.rstrip("/") in _STREAMS or c.to.startswith(_STREAM_FOLDERS) or _fd_of_a_process(c.to)
        for w in c.originals
    ]


def _fd_of_a_process(path: str) -> bool:
    """`/proc/$$/fd/1`, `/proc/123/fd/2`: a process's open file."""
    parts = path.split("/")
    return len(parts) == 5 and parts[1] == "proc" and parts[3] == "fd"


# Rows that print the file their operand names, else their default (`terraform show` prints the state, `terraform
# show plan.out` the plan).
_OPERAND_FIRST = frozenset({("terraform", "show"), ("tofu", "show")})

# Rows led by an option (`sops -d`, `gpg --decrypt`): never read past as a leading option.
_SUBCOMMAND_OPTIONS = frozenset(k[1] for k in (*_PRINTS, *_WITH) if len(k) > 1 and k[1][:1] == "-")


def _in_folder(before: tuple[str, ...], files: list[str]) -> list[str]:
    """``files`` (relative ones) in the folder `-chdir` names (terraform's and tofu's)."""
    folder = next(
        (
            w.partition("=")[2] if "=" in w else before[k + 1]
            for k, w in enumerate(before)
            if w.startswith("-chdir") and ("=" in w or k + 1 < len(before))
        ),
        None,
    )
    if not folder:
        return files
    return [f if f[:1] in ("/", "~") else f"{folder.rstrip('/')}/{f}" for f in files]


def loaded_files(view: tuple[str, ...]) -> list[str]:
    """The files ``view`` loads into the environment of the command it runs (named by its options, else its
    defaults); [] for a view that loads none."""
    if not view or view[0] not in PRINTER_PROGRAMS:
        return []
    for size in (3, 2, 1):
        key = view[:size]
        first = _LOADS_FIRST.get(key)
        if first is not None:
            operand = next((w for w in view[size:] if w[:1] != "-"), None)
            return (
                [] if operand is None else [operand.rstrip("/") + tail if tail else operand for tail in first]
            )
        loader = _LOADS.get(key)
        if loader is not None:
            rest = view[size:]
            end = rest.index("--") if "--" in rest else len(rest)
            return option_values(rest[:end], loader[1]) or list(loader[0])
    return []


def _files(rest: tuple[str, ...], defaults: tuple[str, ...], options: frozenset[str]) -> list[str]:
    named = option_values(rest, options)
    if named:
        return named
    if defaults:
        return list(defaults)
    return [w for w in rest if w[:1] != "-"][
        -1:
    ]  # `sops -d FILE`: the file, last (options' values before it)


# What prints the environment it is given, as written (`export` and `declare` only so).
_PRINTS_ENVIRONMENT = frozenset(
    {("env",), ("printenv",), ("set",), ("export",), ("export", "-p"), ("declare", "-p"), ("declare", "-x")}
)


def prints_environment(words: tuple[str, ...]) -> bool:
    """``words`` (a view, a segment's words) print the environment they are given: `env` (with options only),
    `printenv` (`printenv KEY` prints one), `set`, `export -p`, `declare -x`."""
    return (
        words in _PRINTS_ENVIRONMENT
        or words[:1] == ("printenv",)
        or (words[:1] == ("env",) and all(w[:1] == "-" for w in words[1:]))
    )
