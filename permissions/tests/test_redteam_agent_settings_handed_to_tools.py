"""R3.7, red team: the coding agents' own settings handed to a program the write table does not know --
editors and IDEs opened on them, build and package tools told to work or put their output there, formatters
and converters given them.

A program the table does not read, handed a path in an agent's settings (``.claude/``, ``.gemini/``,
``.codex/``, ``.mcp.json`` ...) as an operand or an option's value (``-o F``, ``-oF``, ``--out-dir=D``), may
write it; that is never auto-approved -- not by the container floor, auto mode, a terminal autonomy row, nor
a prefix allow for every word -- on the sandbox, the host or the agent's own machine. Known readers (``cat``,
``jq``, ``grep`` ...), the writers the table reads in full (``cp``, ``tar`` ...), git and the agents' own CLIs
keep their readings, and the same programs on ordinary folders stay ordinary.

SPEC reading (R3.7 is silent): an editor opened on the file (``code .claude/settings.json``) writes it as a
terminal editor does (test_redteam_agent_settings_rewritten), whether or not a person is at it.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where

IDES = [
    "code .claude/settings.json",
    "code --wait .claude/settings.local.json",
    "code -r .gemini/settings.json",
    "code --add .claude",
    "code -d /tmp/evil.json .claude/settings.json",
    "codium .codex/hooks.json",
    "cursor .mcp.json",
    "subl .claude/settings.json",
    "gedit .gemini/settings.json",
    "kate .claude/settings.local.json",
    "idea .claude/settings.json",
    "zed .codex/config.toml",
    "timeout 60 code .claude/settings.json",
]
BUILD_TOOLS = [
    "make -C .claude",
    "make --directory=.claude",
    "make -C .gemini install",
    "gmake -C .claude",
    "make -f .claude/Makefile",
    "npm -C .claude install",
    "pnpm -C .claude install",
    "pnpm --dir .claude install",
    "yarn --cwd .claude install",
    "cmake -B .claude",
    "cmake -B.claude -S .",
    "cmake -S . -B .gemini",
    "cmake --build .claude",
    "meson setup .claude",
    "ninja -C .claude",
    "cargo build --target-dir .claude",
    "go build -o .claude/settings.json",
    "gcc -o .claude/settings.json x.c",
    "cc x.c -o .claude/hooks/brabo.sh",
    "clang -o.codex/hooks.json x.c",
    "tsc --outDir .claude",
    "tsc --outFile .claude/settings.json",
    "esbuild x.js --outfile=.claude/settings.json",
    "esbuild x.js --outdir=.gemini",
    "webpack --output-path .claude",
    "vite build --outDir .claude",
    "rollup -c -o .claude/settings.json",
    "babel src -d .claude",
    "babel src --out-dir .gemini",
    "protoc --python_out=.claude x.proto",
    "sphinx-build docs .claude",
    "mkdocs build -d .claude",
    "hugo -d .claude",
    "openapi-generator generate -o .claude",
    "python3 -m venv .claude",
    "virtualenv .claude",
    "uv venv .claude",
    "conda create -p .claude",
    "cargo vendor .claude",
    "bundle install --path .claude",
    "pip wheel -w .claude x",
    "mvn -f .claude/pom.xml package",
    "gradle -p .claude build",
    "sass x.scss .claude/settings.json",
]
FORMATTERS = [
    "prettier --write .claude/settings.json",
    "prettier -w .claude",
    "eslint --fix .claude",
    "black .claude",
    "ruff format .claude",
    "ruff check --fix .claude",
    "biome format --write .gemini",
    "clang-format -i .claude/hooks/x.c",
    "gofmt -w .claude",
    "autopep8 -i .claude/hooks/x.py",
    "isort .claude",
    "shfmt -w .claude/hooks/brabo.sh",
    "dos2unix .claude/settings.json",
    "unix2dos .gemini/settings.json",
    "convert x.png .claude/settings.json",
    "ffmpeg -i x.wav .codex/hooks.json",
]


@pytest.mark.parametrize("command", IDES + BUILD_TOOLS + FORMATTERS)
def test_agent_settings_handed_to_these_programs_are_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "code src/app.py",
        "code .",
        "make -C build",
        "npm --prefix frontend install",
        "pnpm -C packages/a install",
        "cmake -B build",
        "tsc --outDir dist",
        "gcc -o app x.c",
        "prettier -w src",
        "black src tests",
        "python3 -m venv .venv",
        "cat .claude/settings.json",
        "jq .hooks .claude/settings.local.json",
        "grep -r PreToolUse .claude .gemini .codex",
        "ls -la .claude",
        "wc -l .gemini/settings.json",
        "head .mcp.json",
        "diff .claude/settings.json .claude/settings.local.json",
        "sha256sum .claude/settings.json",
        "python3 -m json.tool .claude/settings.json",
        "dasel -f .claude/settings.json hooks",
        "tar -cf x.tar .claude",
        "echo see .claude/settings.json",
        "claude -p 'read .claude/settings.json'",
        "git commit -m 'update .claude/settings.json'",
        "git add .claude/settings.json",
        "cd .claude && ls",
        "pytest tests/test_claude.py",
    ],
)
def test_reading_them_and_these_programs_on_ordinary_folders_stay_auto_approved(command):
    stays_auto_where(command)


def test_an_editor_on_an_ordinary_file_stays_auto_approved_where_brabo_runs_it():
    # through an agent's hook an editor asks whatever its file (test_redteam_typed_into_through_a_hook)
    stays_auto_where("vim docs/claude.md", ("sandbox", "host"))
