"""``brabo hook pin gemini-cli|codex``: keep the agent's hooks on whatever a project's settings say (R12.6).

A cloned project the person trusted can switch every hook off, Brabo's with them, and the agent then runs
every tool unjudged: Gemini CLI 0.61 reads ``"hooksConfig": {"enabled": false}`` from the project's
``.gemini/settings.json`` (its settings merge system defaults, then the user's, then the project's, then the
system settings), Codex 0.171 ``[features] hooks = false`` (or ``codex_hooks``) from the project's
``.codex/config.toml`` (a project layer outranks the user's ``config.toml``). No file of the user's outranks
either; a system file does:

- Gemini CLI: ``hooksConfig.enabled: true`` in its system settings (``/etc/gemini-cli/settings.json``; macOS
  ``/Library/Application Support/GeminiCli/settings.json``; Windows ``C:\\ProgramData\\gemini-cli\\settings.json``;
  ``$GEMINI_CLI_SYSTEM_SETTINGS_PATH`` when set), merged last. Gemini CLI skips that file, silently, unless
  it and every folder above it are owned by root and writable by no group or other user -- so this checks
  that once written, and says what to fix when it is not.
- Codex: ``[features] hooks = true`` in ``/etc/codex/requirements.toml``, the administrator's requirements,
  which no ``config.toml`` outranks (Codex falls back to the required value and says so).

Both need root: run it with ``sudo``. Every other setting of those files is kept; ``--print`` shows the file as
it would be written and writes nothing. tests/agents_e2e/test_agents_e2e_hooks_pinned_on.py runs the real
CLIs against a project that switches hooks off, with and without the pin.

Exit codes: 0 written (or printed, or already pinned), 1 written but Gemini CLI would not read it (or not
written: no permission), 64 bad arguments or a file it cannot merge.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import sys
import tomllib

EX_USAGE = 64
AGENTS = ("gemini-cli", "codex")


class Unmergeable(ValueError):
    """A file the pin cannot be merged into; the message says which and what to do."""


def gemini_system_settings_path() -> str:
    """Where Gemini CLI 0.61 reads its system settings (``getSystemSettingsPath``)."""
    if os.environ.get("GEMINI_CLI_SYSTEM_SETTINGS_PATH"):
        return os.environ["GEMINI_CLI_SYSTEM_SETTINGS_PATH"]
    if sys.platform == "darwin":
        return "/Library/Application Support/GeminiCli/settings.json"
    if os.name == "nt":
        return "C:\\ProgramData\\gemini-cli\\settings.json"
    return "/etc/gemini-cli/settings.json"


CODEX_REQUIREMENTS = "/etc/codex/requirements.toml"


def codex_requirements_path() -> str:
    return CODEX_REQUIREMENTS


def gemini_pinned(existing: dict) -> dict:
    """``existing`` system settings with ``hooksConfig.enabled`` true, everything else kept."""
    hooks_config = existing.get("hooksConfig", {})
    if not isinstance(hooks_config, dict):
        raise Unmergeable("its hooksConfig is not an object")
    return {**existing, "hooksConfig": {**hooks_config, "enabled": True}}


def gemini_is_pinned(settings: dict) -> bool:
    hooks_config = settings.get("hooksConfig")
    return isinstance(hooks_config, dict) and hooks_config.get("enabled") is True


_FEATURES_HEADER = re.compile(r"^[ \t]*\[[ \t]*features[ \t]*\][ \t]*(#.*)?$", re.MULTILINE)


def _switched_off(features: dict) -> bool:
    """Whether Codex's ``[features]`` turn hooks off (``hooks``, or ``codex_hooks``, its older name)."""
    return features.get("hooks") is False or features.get("codex_hooks") is False


def codex_pinned(text: str) -> str:
    """``text`` (a requirements.toml) with ``[features] hooks = true``, everything else kept as written."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise Unmergeable(f"it is not TOML Codex can read ({exc})")
    features = data.get("features")
    if features is None:
        head = text if not text or text.endswith("\n") else text + "\n"
        pinned = head + ("\n" if head else "") + "[features]\nhooks = true\n"
    elif not isinstance(features, dict):
        raise Unmergeable("its features is not a table")
    else:
        if _switched_off(features):
            raise Unmergeable(
                "it switches hooks off ([features] hooks or codex_hooks = false): an administrator's "
                "requirement this does not overrule -- ask them"
            )
        if features.get("hooks") is True:
            return text
        if "hooks" in features:
            raise Unmergeable(
                f"its [features] hooks is {features['hooks']!r}, not true; set it to true yourself"
            )
        headers = list(_FEATURES_HEADER.finditer(text))
        if len(headers) != 1:
            raise Unmergeable(
                "its [features] are not written as one [features] table this can add a line to; add "
                "'hooks = true' to them yourself"
            )
        end = headers[0].end()
        pinned = text[:end] + "\nhooks = true" + text[end:]
    try:
        check = tomllib.loads(pinned).get("features", {})
    except tomllib.TOMLDecodeError as exc:  # e.g. a dotted features.hooks key elsewhere
        raise Unmergeable(f"adding 'hooks = true' to its [features] would not read as TOML ({exc})")
    if check.get("hooks") is not True:
        raise Unmergeable("adding 'hooks = true' to its [features] did not pin hooks on")
    return pinned


def codex_is_pinned(text: str) -> bool:
    try:
        features = tomllib.loads(text).get("features")
    except tomllib.TOMLDecodeError:
        return False
    return isinstance(features, dict) and features.get("hooks") is True and not _switched_off(features)


def why_gemini_skips(path: str) -> str | None:
    """Why Gemini CLI 0.61 would skip ``path`` as its system settings (``isFileAndDirectorySecureSync``: the
    file and each folder above it, as named and as resolved, owned by root and writable by no group or other
    user; a link owned by root), or None when it reads it. Windows' ACL check is not repeated here."""
    if os.name == "nt":
        return None
    named = os.path.abspath(path)
    real = os.path.realpath(named)
    for chain in {named, real}:
        here = chain
        while True:
            try:
                link = os.lstat(here)
                st = os.stat(here)
            except FileNotFoundError:
                return f"{here} does not exist"
            except OSError as exc:
                return f"{here} cannot be read ({exc.strerror})"
            if stat.S_ISLNK(link.st_mode) and link.st_uid != 0:
                return f"the link {here} is not owned by root"
            if st.st_uid != 0:
                return f"{here} is not owned by root"
            if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
                return f"{here} is writable by its group or other users (chmod g-w,o-w)"
            parent = os.path.dirname(here)
            if parent == here:
                break
            here = parent
    return None


def _parse(argv: list[str]) -> argparse.Namespace:
    from .hook_install import _Parser

    ap = _Parser(
        prog="brabo hook pin",
        description="Keep an agent's hooks on whatever a project's settings say: write the system setting "
        "that outranks them (run it as root). Claude Code needs none: brabo hook install writes "
        '"disableAllHooks": false into the project\'s local settings, which outrank its committed ones.',
    )
    ap.add_argument("agent", choices=AGENTS)
    ap.add_argument(
        "--print", action="store_true", help="print the file as it would be written, write nothing"
    )
    return ap.parse_args(argv)


def _write_text(path: str, text: str) -> None:
    """``text`` as ``path``, replaced at once, mode 0644 for a new file (its mode kept otherwise)."""
    import tempfile

    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o755, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".brabo-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        mode = os.stat(path).st_mode & 0o7777 if os.path.exists(path) else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def _pinned_text(agent: str, path: str) -> tuple[str, str]:
    """(the file as it is, the file pinned); Unmergeable or OSError when it cannot be read or merged."""
    current = _read_text(path)
    if agent == "codex":
        return current, codex_pinned(current)
    try:
        existing = json.loads(current) if current.strip() else {}
    except ValueError as exc:
        raise Unmergeable(f"it is not plain JSON ({exc})")
    if not isinstance(existing, dict):
        raise Unmergeable("it is not a JSON object")
    pinned = gemini_pinned(existing)
    return current, (current if pinned == existing else json.dumps(pinned, indent=2) + "\n")


def main(argv: list[str]) -> int:
    args = _parse(argv)
    if args.agent == "codex" and os.name == "nt":
        print("brabo: where Codex reads its requirements on Windows is not known to Brabo", file=sys.stderr)
        return EX_USAGE
    path = codex_requirements_path() if args.agent == "codex" else gemini_system_settings_path()
    try:
        current, pinned = _pinned_text(args.agent, path)
    except Unmergeable as exc:
        print(f"brabo: cannot pin hooks on in {path}: {exc}; fix it, then run this again", file=sys.stderr)
        return EX_USAGE
    except OSError as exc:
        print(f"brabo: cannot read {path} ({exc.strerror}); run this as root", file=sys.stderr)
        return 1
    if args.print:
        sys.stdout.write(pinned)
        return 0
    if pinned != current:
        try:
            _write_text(path, pinned)
        except OSError as exc:
            print(
                f"brabo: cannot write {path} ({exc.strerror}): it is a system file -- run this as root "
                f"(sudo brabo hook pin {args.agent})",
                file=sys.stderr,
            )
            return 1
    what = "hooksConfig.enabled: true" if args.agent == "gemini-cli" else "[features] hooks = true"
    problem = why_gemini_skips(path) if args.agent == "gemini-cli" else None
    if problem:
        print(
            f"brabo: {path} says {what}, but Gemini CLI skips it as its system settings, silently: {problem}; "
            "so a project's settings can still switch its hooks off -- fix that, then run this again",
            file=sys.stderr,
        )
        return 1
    print(f"brabo: {path} says {what}: no project's settings switch {args.agent}'s hooks off")
    return 0


def project_switches_off(agent: str, project: str) -> str | None:
    """The project's settings file that switches every hook of ``agent`` off (the agent reads it once the
    person trusts the project), or None."""
    if agent == "gemini-cli":
        path = os.path.join(project, ".gemini", "settings.json")
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or "hooksConfig" not in data:
            return None
        # Gemini CLI tests ``settings.hooksConfig.enabled`` as JavaScript does: a hooksConfig that is not an
        # object (its enabled then undefined), or an enabled of false, 0, "" or null, switches hooks off
        hooks_config = data["hooksConfig"]
        if not isinstance(hooks_config, dict):
            return path
        enabled = hooks_config.get("enabled", True)
        return (
            path if enabled in (False, None, "") or (type(enabled) in (int, float) and enabled == 0) else None
        )
    if agent == "codex":
        path = os.path.join(project, ".codex", "config.toml")
        try:
            with open(path, "rb") as f:
                features = tomllib.load(f).get("features")
        except (OSError, ValueError):
            return None
        off = isinstance(features, dict) and _switched_off(features)
        return path if off else None
    return None


def pinned_on(agent: str) -> bool:
    """Whether the system file ``brabo hook pin`` writes holds the pin (and Gemini CLI would read it)."""
    if agent == "codex":
        try:
            return codex_is_pinned(_read_text(codex_requirements_path()))
        except OSError:
            return False
    path = gemini_system_settings_path()
    try:
        data = json.loads(_read_text(path) or "{}")
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and gemini_is_pinned(data) and why_gemini_skips(path) is None
