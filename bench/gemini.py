"""The Gemini CLI's own policy engine (@google/gemini-cli-core's PolicyEngine.check()), run in Node by
gemini_policy_bench.mjs: installed into bench/node_modules on first use, given one job as a JSON file.
bench/decide.py times it; bench/friction.py asks it for verdicts."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEMINI_PACKAGE = "@google/gemini-cli-core@0.61.0"


def ensure_gemini() -> str | None:
    """Install the Gemini CLI core into bench/node_modules on demand. Returns why not, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if os.path.isdir(os.path.join(HERE, "node_modules", "@google", "gemini-cli-core")):
        return None
    if shutil.which("npm") is None:
        return "npm is not installed"
    print(f"installing {GEMINI_PACKAGE} into bench/node_modules (one time) ...", flush=True)
    proc = subprocess.run(
        ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--silent", GEMINI_PACKAGE],
        check=False,
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        return f"npm install failed: {proc.stderr.strip().splitlines()[-1:] or proc.returncode}"
    return None


def run_gemini(job: dict, *, timeout: int) -> dict | str:
    """One job for gemini_policy_bench.mjs (``rules``, ``commands``, ``rounds``, ``verdicts``): its answer
    (the last line it prints, as JSON), or why it could not run."""
    why = ensure_gemini()
    if why is not None:
        return why
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(job, fh)
        path = fh.name
    try:
        proc = subprocess.run(
            ["node", os.path.join(HERE, "gemini_policy_bench.mjs"), path],
            check=False,
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        return f"the Gemini engine failed: {proc.stderr.strip()[-400:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])
