"""The coding agents' real command-line programs, installed from the npm registry into a cache outside the
checkout (§5, where it runs: the end-to-end check drives each agent's own CLI).

Pinned versions (``npm view NAME version`` on 2026-12-01). The cache is keyed on them, so a new pin
installs afresh and an unchanged one is installed once per machine:

    $BRABO_AGENT_CLI_CACHE, else $XDG_CACHE_HOME/brabo/agent-clis, else ~/.cache/brabo/agent-clis
        /<hash of the pins>/node_modules/.bin/{claude,gemini,codex}

Claude Code and Codex ship their native programs inside platform packages of the same registry
(``@anthropic-ai/claude-code-linux-x64``, ``@openai/codex-linux-x64``); nothing is fetched from anywhere else.

``python -m tests.agents_e2e.clis`` installs them (what ``.ci/run`` does) and prints where.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

PINS = {
    "@anthropic-ai/claude-code": "2.1.332",
    "@google/gemini-cli": "0.61.0",
    "@openai/codex": "0.171.0",
}
BINARIES = {"claude-code": "claude", "gemini-cli": "gemini", "codex": "codex"}
INSTALL_TIMEOUT = 900  # seconds: ~1 GB from the registry on a slow line


class Unavailable(Exception):
    """The CLIs could not be installed or do not start here; the message says why and what to do."""


@dataclass(frozen=True)
class Clis:
    root: Path

    def path(self, agent: str) -> Path:
        return self.root / "node_modules" / ".bin" / BINARIES[agent]


def cache_root() -> Path:
    explicit = os.environ.get("BRABO_AGENT_CLI_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "brabo" / "agent-clis"


def _key() -> str:
    text = "\n".join(f"{name}@{version}" for name, version in sorted(PINS.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _versions_ok(root: Path) -> str | None:
    """None when every pinned program starts and reports its pinned version, else what is wrong."""
    clis = Clis(root)
    home = tempfile.mkdtemp(prefix="brabo-cli-check-")
    try:
        for agent, pin in zip(BINARIES, PINS.values(), strict=True):
            binary = clis.path(agent)
            if not binary.exists():
                return f"{binary} is missing"
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "NO_COLOR": "1"}
            try:
                out = subprocess.run(
                    [str(binary), "--version"],
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=120,
                    stdin=subprocess.DEVNULL,
                )
            except (OSError, subprocess.TimeoutExpired) as exc:
                return f"{binary} --version did not run: {exc}"
            if pin not in out.stdout:
                return (
                    f"{binary} --version printed {out.stdout.strip()!r}, expected {pin}: {out.stderr[-500:]}"
                )
        return None
    finally:
        shutil.rmtree(home, ignore_errors=True)


def install() -> Clis:
    """The installed CLIs, installing them first when the cache has none (one process at a time)."""
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable(
            "npm is not installed (Node.js 20 or later with npm is needed to install the agents)"
        )
    base = cache_root()
    base.mkdir(parents=True, exist_ok=True)
    target = base / _key()
    with open(base / f".{_key()}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel test processes: one installs, the others wait
        stamp = target / ".verified"
        if stamp.is_file() and all(Clis(target).path(agent).exists() for agent in BINARIES):
            return Clis(target)  # installed and started once already (a cleared cache reinstalls)
        if target.is_dir() and _versions_ok(target) is None:
            stamp.touch()
            return Clis(target)
        shutil.rmtree(target, ignore_errors=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{_key()}-", dir=base))
        argv = [npm, "install", "--prefix", str(staging), "--no-audit", "--no-fund", "--no-save"]
        argv += [f"{name}@{version}" for name, version in PINS.items()]
        try:
            out = subprocess.run(
                argv, capture_output=True, text=True, timeout=INSTALL_TIMEOUT, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired:
            shutil.rmtree(staging, ignore_errors=True)
            raise Unavailable(
                f"npm install did not finish in {INSTALL_TIMEOUT} s (is the npm registry reachable?)"
            )
        if out.returncode != 0:
            shutil.rmtree(staging, ignore_errors=True)
            raise Unavailable(
                f"npm install of the agents' CLIs failed (exit {out.returncode}); is the npm registry "
                f"reachable?\n{out.stderr[-2000:]}"
            )
        problem = _versions_ok(staging)
        if problem:
            shutil.rmtree(staging, ignore_errors=True)
            raise Unavailable(f"the installed CLIs do not start: {problem}")
        (staging / ".verified").touch()
        staging.rename(target)
        return Clis(target)


if __name__ == "__main__":
    try:
        clis = install()
    except Unavailable as exc:
        print(f"agent CLIs unavailable: {exc}", file=sys.stderr)
        sys.exit(1)
    for agent in BINARIES:
        print(f"{agent}: {clis.path(agent)}")
