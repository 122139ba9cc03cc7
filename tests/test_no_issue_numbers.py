"""Code, comments, test names and file names say what they protect, never which issue asked for it.

"issue 24" tells a reader when something was written, not what breaks if it goes: name the behaviour and,
where one applies, the SPEC rule (R4.10, §5 step 6 …). The README's changelog and the benchmark notes are
history (dated measurements) and keep their issue numbers; every other tracked text file is read here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Folders that are not the project's own text: the environment, build and run outputs, CI's runner.
SKIP_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "__pycache__",
    "var",
    "artifacts",
    ".ci",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "staticfiles",
    "htmlcov",
    "build",
    "dist",
}
SUFFIXES = {".py", ".html", ".js", ".css", ".txt", ".toml", ".yaml", ".yml", ".cfg", ".ini", ".sh", ".json"}
NAMES = {"Makefile", "Dockerfile", "manage.py"}

# "issue 24", "Issues 12 and 23", "issue #22", "issue-11" — and an issue number glued into a name
# (test_issue11_…, TestIssue26) — but not "gh issue view 17" or ``issue_number`` (data, not a citation).
MENTION = re.compile(r"\b[Ii]ssues?[ -]#?\d+|[Ii]ssue_?\d+")

# Markdown is history and documentation (README's changelog, bench/README.md's dated measurements). Add a
# path here only for a file that quotes an issue's text as data, and say why.
ALLOWED: dict[str, str] = {}


def _text_files() -> list[Path]:
    out = []
    for folder, dirs, files in os.walk(ROOT):  # symbolic links to folders are not followed
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            path = Path(folder) / name
            if (path.suffix in SUFFIXES or name in NAMES) and not path.is_symlink():
                out.append(path)
    return out


def test_no_file_is_named_after_an_issue():
    named = [str(p.relative_to(ROOT)) for p in _text_files() if MENTION.search(p.name)]
    assert named == [], f"name these files by the behaviour they protect: {named}"


def test_no_code_comment_or_test_name_cites_an_issue_number():
    found = []
    for path in _text_files():
        rel = str(path.relative_to(ROOT))
        if rel in ALLOWED or rel == "tests/test_no_issue_numbers.py":
            continue
        for number, line in enumerate(path.read_text(errors="replace").split("\n"), 1):
            if MENTION.search(line):
                found.append(f"{rel}:{number}: {line.strip()[:120]}")
    assert found == [], "say what it protects (and the SPEC rule), not the issue number:\n" + "\n".join(found)


def test_the_guard_sees_the_forms_people_write():
    for text in (
        "(issue 24)",
        "Issue 11 class 6:",
        "issues 12 and 23",
        "issue #22",
        "def test_issue26_x",
        "TestIssue7",
    ):
        assert MENTION.search(text), text
    for text in (
        "gh issue view 17",
        "issue_number=4",
        ".issue-error",
        "get_issue",
        "the issue's hostile inputs",
    ):
        assert not MENTION.search(text), text
