"""Every command block of the README says what runs it — a named test that runs it as written, or
why the suite cannot (it installs into your environment, needs your keys, or is a benchmark) — and the
blocks that need nothing but the checkout run here."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
README = ROOT / "README.md"
MARK = re.compile(r"<!-- (runs|not run): (.+?) -->")


def sh_blocks(readme: str) -> list[tuple[list[tuple[str, str]], str]]:
    """Each ```sh block with the markers in the comment lines just above it."""
    out = []
    lines = readme.splitlines()
    for i, line in enumerate(lines):
        if line.strip() != "```sh":
            continue
        marks, j = [], i - 1
        while j >= 0 and lines[j].startswith("<!--"):
            found = MARK.match(lines[j])
            if found:
                marks.append((found.group(1), found.group(2)))
            j -= 1
        end = lines.index("```", i + 1)
        out.append((marks, "\n".join(lines[i + 1 : end])))
    return out


def test_every_command_block_says_what_runs_it():
    blocks = sh_blocks(README.read_text())
    assert len(blocks) >= 8
    for marks, code in blocks:
        assert marks, f"a README command block says nothing of what runs it:\n{code}"
        for kind, text in marks:
            if kind == "not run":
                assert len(text) > 20, f"say why the suite does not run it: {text!r}"
                continue
            for path, name in re.findall(r"([\w/]+\.py)::(\w+)", text):
                source = ROOT / path
                assert source.is_file(), f"{path} (named by the README) does not exist"
                assert f"def {name}(" in source.read_text(), f"{path} has no {name}"


def test_the_policy_eval_line_runs_as_written(tmp_path):
    readme = README.read_text()
    found = re.search(r"<!-- policy-cli -->\s*```sh\n(.*?)```", readme, re.S)
    assert found is not None
    block = found.group(1)
    line = block.splitlines()[0]
    assert line.endswith("manage.py policy eval")  # the one line that needs no demo
    env = {**os.environ, "BRABO_VAR_DIR": str(tmp_path)}  # never the checkout's var/
    env.pop("DATABASE_URL", None)
    ran = subprocess.run(["bash", "-c", line], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    verdict = json.loads(ran.stdout)
    assert verdict["decision"] == "require_approval" and verdict["reason"] == "compound_uncovered"
    assert [s["verdict"] for s in verdict["segments"]][0] == "auto_approve"


# Where the server and the client read their settings (the suite's own knobs are the tests' business).
SETTING_READERS = ("brabo", "projects", "actions", "containers", "permissions", "brabo_client")
ENV_CALL = re.compile(
    r'env_(?:str|bool|int|list|abs_path|abs_path_list)\(\s*"([A-Z][A-Z0-9_]+)"(?:,\s*([^,()\n]+))?'
)
ENV_GET = re.compile(r'(?:environ\.get|environ\[|getenv)\(?\s*"(BRABO_[A-Z0-9_]+)"')


def sources(*folders: str, tests: bool = False) -> dict[Path, str]:
    out = {}
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            if tests or not ({"tests", "migrations"} & set(path.relative_to(ROOT).parts)):
                out[path] = path.read_text()
    return out


def test_every_setting_the_code_reads_is_named_in_the_readme():
    """A newcomer looks a variable up in the README: one the code reads and the README never names is a
    setting nobody can find."""
    readme = README.read_text()
    named = set(re.findall(r"\b(?:BRABO|CELERY|DATABASE|PROJECT)_[A-Z0-9_]*[A-Z0-9]\b", readme))
    texts = sources(*SETTING_READERS).values()
    read = {name for text in texts for name, _ in ENV_CALL.findall(text)}
    read |= {name for text in texts for name in ENV_GET.findall(text)}
    assert read, "no environment reads found: the pattern no longer meets the code"
    assert sorted(read - named) == []


def test_every_brabo_variable_the_readme_names_is_read_somewhere():
    readme = README.read_text()
    named = set(re.findall(r"\bBRABO_[A-Z0-9_]*[A-Z0-9]\b(?!\*)", readme))  # `X*` names a family
    everything = "\n".join(sources(*SETTING_READERS, "tests", "bench", "scripts", tests=True).values())
    everything += (ROOT / "Makefile").read_text()
    assert sorted(name for name in named if not re.search(rf"\b{name}\b", everything)) == []


def literal(default: str) -> str | None:
    """The README's spelling of a default written as a literal in the code, or None for a computed one."""
    default = default.strip()
    if re.fullmatch(r"-?\d+", default):
        return default
    if default in ("True", "False"):
        return default.lower()
    if re.fullmatch(r'"[^"]*"', default):
        return default.strip('"')
    return None


def test_the_configuration_table_gives_the_defaults_the_code_has():
    """Each row of the Configuration table whose default cell spells one literal per variable says what the
    code falls back to with the variable unset (gunicorn's WSGI config keeps its own, documented in its file)."""
    code: dict[str, set[str]] = {}
    for path, text in sources(*SETTING_READERS).items():
        if path.name == "gunicorn_conf.py":
            continue
        for name, default in ENV_CALL.findall(text):
            spelt = literal(default) if default else None
            if spelt is not None:
                code.setdefault(name, set()).add(spelt)
    table = README.read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    wrong, compared = [], 0
    for row in table.splitlines():
        if not row.startswith("| `"):
            continue
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        names = re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0])
        said = re.findall(r"`([^`]+)`", cells[1])
        if len(said) != len(names) or not re.fullmatch(r"(`[^`]+`(, )?)+( \(off\))?", cells[1]):
            continue  # a default in words (computed, or depending on another setting)
        for name, value in zip(names, said):
            if name in code:
                compared += 1
                if code[name] != {value}:
                    wrong.append((name, value, sorted(code[name])))
    assert compared >= 30, "the table's rows no longer parse"
    assert wrong == []
