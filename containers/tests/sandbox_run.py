"""One approved command run through the real bubblewrap sandbox, launched as the worker and the runner launch it
(brabo_client/sandbox.py), for the attack tests that read what it printed."""

from __future__ import annotations

import uuid
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


def run_each(
    folder: Path, commands: dict[str, str], *, launcher: sb.Launcher | None = None
) -> tuple[dict, dict]:
    """Each of ``commands`` (name → shell command) run one after the other in one sandbox launch, for checks
    that only read (a launch per check cost a fifth of a second each): ``(name → what it printed, the launch's
    result)``. Every command runs in its own braces, with what it printed told apart by a line of the launch's
    own; it fails unless the shell reached the last one."""
    mark = f"@@brabo-check-{uuid.uuid4().hex}@@"
    names = list(commands)
    script = "".join(f"echo '{mark}{i}'\n{{ {commands[name]}\n}}\n" for i, name in enumerate(names))
    script += f"echo '{mark}end'\n"
    if launcher is None:
        done = run(folder, script)
    else:
        done = launcher.run(folder, folder / sb.POLICY_FILE, sb.WORKDIR, script, timeout=60, cap=1 << 20)
        assert not done["timed_out"], done
    parts = done["stdout"].split(mark)
    assert parts[-1].strip() == "end" and len(parts) == len(names) + 2, done  # every check ran to the end
    printed = {}
    for i, (name, part) in enumerate(zip(names, parts[1:-1], strict=True)):
        label, _, text = part.partition("\n")
        assert label == str(i), done
        printed[name] = text
    return printed, done
