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
