"""One approved command run through the real bubblewrap sandbox, launched as the worker and the runner launch it
(brabo_client/sandbox.py), for the attack tests that read what it printed."""

from __future__ import annotations

from pathlib import Path

from brabo_client import sandbox as sb


def run(folder: Path, command: str) -> dict:
    """``command`` run in ``folder`` (which holds the policy file) with a minute's limit; it must not time out."""
    bwrap = sb.bwrap_path()
    assert bwrap is not None  # the sandbox fixture skipped otherwise
    done = sb.Launcher(bwrap).run(
        folder, folder / sb.POLICY_FILE, sb.WORKDIR, command, timeout=60, cap=1 << 20
    )
    assert not done["timed_out"], done
    return done
