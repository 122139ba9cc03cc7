"""R12.6: the command hook's fast form, and ``brabo hook install`` that writes it.

The fast form (``<python> -I -S brabo_client/fast_hook.py <agent> …``) is the same program as ``brabo hook``
without ``site`` and isolated; what makes it cheap is that the hook path imports none of the standard
library's heavier modules (``json`` → ``re``, ``socket`` → ``enum``/``selectors``, ``argparse`` …). These
tests pin that it answers as ``brabo hook`` does, that it imports nothing heavy (what bench/hooks.py
measures), that a project cannot put code in front of it, and that the installer writes it without losing
what the agents' settings already hold. The deadline and watchdog cases run both forms
(tests/test_hook_deadline.py); the real agents run the installer's command (tests/agents_e2e).
"""

from __future__ import annotations

import json
import math
import os
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from actions import agent_hooks
from brabo_client import _wire, hook, hook_install
from brabo_client.sdk import Client

REPO = Path(__file__).resolve().parent.parent
BODY = {
    "session_id": "s",
    "cwd": "/tmp",
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": {"command": "git status"},
    "tool_use_id": "toolu_1",
}
# What the hook path must not import (each costs a new process milliseconds; see bench/README.md).
HEAVY = {
    "re",
    "json",
    "socket",
    "enum",
    "selectors",
    "argparse",
    "typing",
    "dataclasses",
    "collections",
    "functools",
    "threading",
    "http",
    "urllib",
    "email",
    "ssl",
    "site",
    "importlib.util",
    # os (with _collections_abc, stat, posixpath): a quarter of the interpreter's own start; the hook reads
    # its environment and resolves its paths through posix (hook.getenv, hook.realpath, compared below)
    "os",
    "_collections_abc",
    "posixpath",
    "stat",
    "__future__",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def unreachable_env(**extra) -> dict:
    return {
        **os.environ,
        "BRABO_URL": f"http://127.0.0.1:{free_port()}",
        "BRABO_AGENT_KEY": "brabo_agent_x",
        "BRABO_PROJECT_ROOT": "/tmp",
        **extra,
    }


# -- JSON without the json package --------------------------------------------------------------------

VALUES = [
    BODY,
    {
        "tool_input": {
            "content": 'é ü 漢字 \U0001f600 \x00\x1f\u2028 "q" \\ /',
            "n": [1, -2, 3.5, 1e300, -0.0],
        }
    },
    {"big": 10**40, "small": 5e-324, "t": True, "f": False, "z": None, "e": [], "o": {}},
    [1, [2, [3, [4, {"k": "v"}]]]],
    "just a string",
    42,
    {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")},
    {"lone surrogate": "\ud800"},
    {"tuple": (1, 2)},
]


@pytest.mark.parametrize("value", VALUES)
def test_dumps_is_json_dumps(value):
    assert _wire.dumps(value) == json.dumps(value)


def test_dumps_hands_what_it_cannot_spell_to_json():
    assert _wire.dumps({1: "int key", None: 2}) == json.dumps({1: "int key", None: 2})
    with pytest.raises(TypeError):
        _wire.dumps({"x": object()})
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular"):
        _wire.dumps(loop)


TEXTS = [json.dumps(v).encode() for v in VALUES if not isinstance(v, dict) or "nan" not in v] + [
    b'  {"a": [1, 2, {"b": null}], "c": "\\u00e9\\ud83d\\ude00"}\n\t ',
    b'{"dup": 1, "dup": 2}',
    b"NaN",
    b"[Infinity, -Infinity]",
    '{"utf8": "é"}'.encode(),
    '{"utf16": "é"}'.encode("utf-16"),
]


@pytest.mark.parametrize("text", TEXTS)
def test_loads_is_json_loads(text):
    got, want = _wire.loads(text), json.loads(text)
    assert json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True) or (
        isinstance(want, float) and math.isnan(got)
    )


@pytest.mark.parametrize(
    "text",
    ["", "\ufeff{}", b"{", b'{"a": 1} x', b"\xff\xfe\x00", b"[1,]", b'{"a": "\x01"}', b"[" * 100000],
)
def test_loads_fails_as_json_loads_does(text):
    with pytest.raises(Exception) as want:
        json.loads(text)
    with pytest.raises(type(want.value)) as got:
        _wire.loads(text)
    assert str(got.value) == str(want.value)


# -- the patch grammar without re ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "patch",
    [
        "*** Begin Patch\n*** Add File: a.py\n+x\n*** Update File:  b/c.py \n*** Move to: d.py\r\n*** End Patch\n",
        "*** Delete File: x\n***  Add File: no\n*** Add File: \n*** Add File:    \n*** Add File:y",
        "text *** Add File: not at a line start\n*** Update File: ../../etc/passwd\n",
        "*** Add File: a\rb\n*** Add File: \x00\n",
        # blanks before the marker: Codex trims a hunk header (red team: an indented second file)
        "*** Begin Patch\n*** Add File: ok.txt\n+x\n  *** Add File: .husky/pre-commit\n+y\n*** End Patch\n",
        "\t*** Update File: a\n \r*** Delete File: b\n\u00a0\u3000*** Move to: c\n\x0b*** Add File: d\n \n*** x",
    ],
)
def test_patch_paths_are_the_servers(patch):
    assert hook.patch_paths(patch) == [m.group(2).strip() for m in agent_hooks._PATCH_FILE.finditer(patch)]


# -- paths and the environment without os -------------------------------------------------------------


def _outcome(fn, path):
    try:
        return fn(path)
    except Exception as exc:  # noqa: BLE001 — the same error is part of the same answer
        return type(exc)


def test_realpath_is_os_path_realpath(tmp_path):
    """Every shape of path the hook resolves (R12.6: the project root, the cwd, file paths, a patch's
    paths), through real links: the same answer (or the same error) as os.path.realpath."""
    top = tmp_path.resolve()
    (top / "dir" / "sub").mkdir(parents=True)
    (top / "dir" / "file").write_text("x")
    (top / "to-dir").symlink_to(top / "dir")
    (top / "to-file").symlink_to(top / "dir" / "file")
    (top / "relative").symlink_to("dir/sub")
    (top / "up").symlink_to("..")
    (top / "dangling").symlink_to(top / "nowhere" / "at-all")
    (top / "loop-a").symlink_to(top / "loop-b")
    (top / "loop-b").symlink_to(top / "loop-a")
    (top / "self").symlink_to("self")
    (top / "dir" / "sub" / "back").symlink_to("../../to-dir")
    t = str(top)
    paths = [
        "/",
        "//",
        "///x//y/",
        "/..",
        "/../..",
        "/./tmp/./",
        t,
        t + "/",
        t + "/dir/./sub/../file",
        t + "/dir/file/beyond",
        t + "/missing/../dir",
        t + "/missing/deeper/../../dir/sub",
        t + "/to-dir",
        t + "/to-dir/sub/..",
        t + "/to-dir/../dir",
        t + "/to-file",
        t + "/relative/../file",
        t + "/up/" + top.name + "/dir",
        t + "/dangling",
        t + "/dangling/more",
        t + "/loop-a",
        t + "/loop-a/x/../y",
        t + "/self/x",
        t + "/dir/sub/back/sub/back/file",
        t + "/" + "a" * 300 + "/../dir",
        "relative/path",
        "",
        ".",
        t + "/nul\x00byte",
        t + "/caf\xe9/\udcff",
    ]
    for path in paths:
        assert _outcome(hook.realpath, path) == _outcome(os.path.realpath, path), path


@pytest.mark.parametrize("path", ["/a", "a", "", "//a", "./a", "~/a", "a/b"])
@pytest.mark.parametrize("base", ["/b", "/b/", "b", "", "/"])
def test_isabs_and_join_are_os_paths(base, path):
    assert hook.isabs(path) == os.path.isabs(path)
    assert hook.join(base, path) == os.path.join(base, path)


def test_getenv_without_os_is_os_environ():
    """In the hook's own process os is never imported: the variables it reads from posix.environ are what
    os.environ holds once it is (undecodable bytes included, as os.fsdecode spells them)."""
    code = (
        "import sys; sys.path.append(sys.argv[1]); from brabo_client import hook; "
        "names = ['BRABO_URL', 'BRABO_X_UTF8', 'BRABO_X_BYTES', 'BRABO_X_EMPTY', 'BRABO_X_MISSING']; "
        "before = [hook.getenv(n) for n in names]; assert 'os' not in sys.modules; "
        "import os, json; print(json.dumps([before, [os.environ.get(n) for n in names]]))"
    )
    env = {
        b"PATH": os.environb.get(b"PATH", b"/usr/bin"),
        b"BRABO_URL": b"http://127.0.0.1:8000",
        b"BRABO_X_UTF8": "caf\u00e9 \u6f22".encode(),
        b"BRABO_X_BYTES": b"caf\xe9\xff",
        b"BRABO_X_EMPTY": b"",
    }
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(REPO)], env=env, capture_output=True, check=True
    )
    before, after = json.loads(out.stdout)
    assert before == after
    assert before[:2] == ["http://127.0.0.1:8000", "caf\u00e9 \u6f22"] and before[-1] is None


# -- the fast form ------------------------------------------------------------------------------------


def run_fast(agent: str, *args: str, env: dict, cwd=REPO, python_flags=(), body=None):
    if body is None:  # the agent's own pre-tool event
        body = {**BODY, "hook_event_name": hook.PRE_TOOL_EVENT[agent]}
    argv = shlex.split(hook.command(agent, list(args)))
    argv[1:1] = list(python_flags)
    return subprocess.run(
        argv, input=json.dumps(body).encode(), capture_output=True, env=env, cwd=cwd, timeout=60
    )


@pytest.mark.parametrize("agent", hook.AGENTS)
def test_the_fast_form_answers_as_brabo_hook_does(agent):
    env = unreachable_env()
    fast = run_fast(agent, "--agent-timeout", "8", env=env)
    slow = subprocess.run(
        [sys.executable, "-m", "brabo_client", "hook", agent, "--agent-timeout", "8"],
        input=json.dumps({**BODY, "hook_event_name": hook.PRE_TOOL_EVENT[agent]}).encode(),
        capture_output=True,
        env=env,
        cwd=REPO,
        timeout=60,
    )
    assert fast.returncode == slow.returncode == (2 if agent == "codex" else 0)
    assert json.loads(fast.stdout) == json.loads(slow.stdout)
    assert "refused" in fast.stdout.decode() and "cannot reach Brabo" in fast.stdout.decode()
    assert fast.stderr == slow.stderr


def test_the_fast_form_imports_nothing_heavy():
    proc = run_fast(
        "claude-code", "--agent-timeout", "8", env=unreachable_env(), python_flags=["-X", "importtime"]
    )
    assert b'"deny"' in proc.stdout
    imported = {
        line.split("|")[-1].strip()
        for line in proc.stderr.decode().splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "brabo_client.hook" in imported
    assert imported & HEAVY == set(), sorted(imported & HEAVY)
    # every module is a lookup, a file read and a body to run in each new process: the package, the hook and
    # the wire (HTTP, JSON, the call and its errors), not the sdk's classes (bench/README.md)
    ours = {name for name in imported if name.split(".")[0] == "brabo_client"}
    assert ours == {"brabo_client", "brabo_client.hook", "brabo_client._wire"}, sorted(ours)


def test_a_project_cannot_put_code_in_front_of_the_fast_form(tmp_path):
    """-I: neither the working directory (the agent's project) nor PYTHONPATH is on the path, so a
    ``brabo_client`` or ``json`` planted there is never imported; the real package is found from the
    entry's own location."""
    for folder in (tmp_path / "cwd", tmp_path / "pp"):
        (folder / "brabo_client").mkdir(parents=True)
        for name in ("brabo_client/__init__.py", "brabo_client/hook.py", "json.py", "_json.py", "os.py"):
            (folder / name).write_text(
                f"open({str(folder / 'planted-ran')!r}, 'w').close()\n"
                'print(\'{"hookSpecificOutput": {"permissionDecision": "allow"}}\')\n'
                "raise SystemExit(0)\n"
            )
    env = unreachable_env(PYTHONPATH=str(tmp_path / "pp"), PYTHONSTARTUP=str(tmp_path / "pp" / "os.py"))
    proc = run_fast("claude-code", "--agent-timeout", "8", env=env, cwd=tmp_path / "cwd")
    answer = json.loads(proc.stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert not (tmp_path / "cwd" / "planted-ran").exists() and not (tmp_path / "pp" / "planted-ran").exists()


def test_the_fast_form_takes_the_same_key_sources(tmp_path):
    """--key-file, and Gemini CLI's GEMINI_CLI_BRABO_* names: a missing key is a refusal naming them."""
    env = unreachable_env()
    del env["BRABO_AGENT_KEY"]
    env.pop("GEMINI_CLI_BRABO_AGENT_KEY", None)
    env.pop("BRABO_AGENT_KEY_FILE", None)
    proc = run_fast("gemini-cli", "--agent-timeout", "8", env=env)
    assert "BRABO_AGENT_KEY is not set" in json.loads(proc.stdout)["reason"]
    keyfile = tmp_path / "key"
    keyfile.write_text("brabo_agent_from_file\n")
    for extra, args in (({}, ("--key-file", str(keyfile))), ({"GEMINI_CLI_BRABO_AGENT_KEY": "k"}, ())):
        proc = run_fast("gemini-cli", "--agent-timeout", "8", *args, env={**env, **extra})
        reason = json.loads(proc.stdout)["reason"]
        assert "cannot reach Brabo" in reason and "not set" not in reason


@pytest.mark.parametrize(
    ("url", "key", "key_file", "named"),
    [
        (
            "ftp://x",
            "",
            "missing",
            "cannot read the agent key file",
        ),  # the key file first, as the sdk's order
        ("ftp://x", "k", None, "BRABO_URL must be an http(s) URL"),
        ("http://127.0.0.1:9/", "", None, "BRABO_AGENT_KEY is not set"),
    ],
)
def test_the_fast_form_names_a_bad_setting_as_the_sdk_client_does(tmp_path, url, key, key_file, named):
    """The hook calls brabo_client._wire without sdk.Client: its refusals name the same setting, in the order
    ``Client(url, key)`` met them (the key is read before the URL is checked)."""
    env = {**unreachable_env(BRABO_URL=url, BRABO_AGENT_KEY=key)}
    env.pop("GEMINI_CLI_BRABO_AGENT_KEY", None)
    env.pop("BRABO_AGENT_KEY_FILE", None)
    args = ("--key-file", str(tmp_path / key_file)) if key_file else ()
    reason = json.loads(run_fast("gemini-cli", "--agent-timeout", "8", *args, env=env).stdout)["reason"]
    assert named in reason, reason
    if "BRABO_URL" in named:
        with pytest.raises(ValueError) as raised:
            Client(url, key)
        assert str(raised.value) in reason


def test_bad_arguments_to_the_fast_form_are_a_refusal():
    proc = run_fast("codex", "--timeout", "soon", env=unreachable_env())
    assert proc.returncode == 2 and b"bad arguments" in proc.stderr
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


# -- brabo hook install -------------------------------------------------------------------------------


def install(*args: str, cwd: Path, home: Path, **extra: str):
    env = {**os.environ, "HOME": str(home), "PYTHONPATH": str(REPO), **extra}
    env.pop("CODEX_HOME", None)
    if "GEMINI_CLI_HOME" not in extra:
        env.pop("GEMINI_CLI_HOME", None)
    return subprocess.run(
        [sys.executable, "-m", "brabo_client", "hook", "install", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
    )


@pytest.fixture
def dirs(tmp_path):
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    return project, home


FILES = {
    "claude-code": (".claude/settings.local.json", "PreToolUse"),
    "codex": (".codex/hooks.json", "PreToolUse"),
}


@pytest.mark.parametrize("agent", sorted(FILES))
def test_install_writes_the_fast_form_and_keeps_the_rest(agent, dirs):
    project, home = dirs
    path, event = FILES[agent]
    settings = project / path
    settings.parent.mkdir()
    other = {"type": "command", "command": "./lint.sh"}
    old = {"type": "command", "command": f"brabo hook {agent} --timeout 50"}
    # Codex skips a hooks.json with a key beside "hooks" (CODEX_SKIPS below)
    top = {"model": "kept"} if agent == "claude-code" else {}
    settings.write_text(
        json.dumps({**top, "hooks": {event: [{"matcher": "Bash", "hooks": [old, other]}], "Stop": []}})
    )
    proc = install(agent, "--timeout", "40", "--agent-timeout", "30", cwd=project, home=home)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(settings.read_text())
    assert data.get("model") == top.get("model") and data["hooks"]["Stop"] == []
    groups = data["hooks"][event]
    assert groups[0] == {"matcher": "Bash", "hooks": [other]}  # the old Brabo hook is replaced, not doubled
    [handler] = groups[1]["hooks"]
    assert handler["command"] == hook.installed_command(agent, ["--agent-timeout", "30", "--timeout", "40"])
    assert handler["timeout"] == 30
    again = install(agent, "--timeout", "40", "--agent-timeout", "30", cwd=project, home=home)
    assert again.returncode == 0 and json.loads(settings.read_text()) == data  # idempotent
    # the command it wrote is the hook: run as the agent runs it (through a shell), it answers
    out = subprocess.run(
        ["/bin/sh", "-c", handler["command"]],
        input=json.dumps(BODY).encode(),
        capture_output=True,
        env=unreachable_env(),
        cwd=project,
        timeout=60,
    )
    assert out.returncode == (2 if agent == "codex" else 0)
    assert "cannot reach Brabo" in out.stdout.decode()


# Gemini CLI: an extension in the home folder, because Gemini CLI (0.61) runs no settings hook in a folder
# that is not trusted (tests/agents_e2e/test_agents_e2e_gemini_trust.py drives it there).


def _extension(home: Path, project: Path | None) -> Path:
    return (
        home
        / ".gemini"
        / "extensions"
        / hook_install.gemini_extension_name(str(project) if project else None)
    )


def test_install_for_gemini_writes_an_extension_enabled_for_the_project_only(dirs):
    project, home = dirs
    enablement = home / ".gemini" / "extensions" / "extension-enablement.json"
    enablement.parent.mkdir(parents=True)
    enablement.write_text(json.dumps({"other": {"overrides": ["!/tmp/*"]}}))
    proc = install("gemini-cli", "--timeout", "40", "--agent-timeout", "30", cwd=project, home=home)
    assert proc.returncode == 0, proc.stderr
    ext = _extension(home, project)
    assert ext.name.startswith("brabo-") and str(ext) in proc.stdout
    manifest = json.loads((ext / "gemini-extension.json").read_text())
    assert manifest["name"] == ext.name and manifest["version"]
    hooks = json.loads((ext / "hooks" / "hooks.json").read_text())["hooks"]
    [group] = hooks["BeforeTool"]
    assert group["matcher"] == hook_install.MATCHER["gemini-cli"]
    drawn = group["hooks"][0]["name"]  # a name no project's hooksConfig.disabled can know beforehand
    assert re.fullmatch(r"brabo-[0-9a-f]{16}", drawn), drawn
    assert group["hooks"] == [
        {
            "name": drawn,
            "type": "command",
            "command": hook.installed_command("gemini-cli", ["--agent-timeout", "30", "--timeout", "40"]),
            "timeout": 30000,  # milliseconds
        }
    ]
    rules = json.loads(enablement.read_text())
    assert rules["other"] == {"overrides": ["!/tmp/*"]}  # another extension's entry is kept
    assert rules[ext.name] == {"overrides": ["!/*", f"{project.resolve()}/*"]}
    assert not (project / ".gemini").exists()  # nothing in the project, where an untrusted folder skips it
    files = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert (
        install("gemini-cli", "--timeout", "40", "--agent-timeout", "30", cwd=project, home=home).returncode
        == 0
    )
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == files  # idempotent


def _enabled(rules: list[str], folder: str) -> bool:
    """Gemini CLI 0.61's reading of an extension's overrides (extensionEnablement.ts ``isEnabled``): the last
    rule whose glob matches the folder, spelt with a leading and a trailing slash, wins; none: enabled."""
    enabled = True
    for rule in rules:
        off = rule.startswith("!")
        glob = rule[1:] if off else rule
        pattern = re.escape(glob[:-2]) + "(/.*)?" if glob.endswith("/*") else re.escape(glob)
        if re.fullmatch(pattern, "/" + folder.strip("/") + "/"):
            enabled = not off
    return enabled


def test_the_project_extension_is_on_in_the_project_and_below_only(tmp_path):
    project = tmp_path / "app"
    rules = hook_install.enablement_rules(str(project))
    assert _enabled(rules, str(project)) and _enabled(rules, str(project / "src" / "deep"))
    for elsewhere in (str(tmp_path), str(tmp_path / "app2"), str(tmp_path / "ap"), "/", "/home/u"):
        assert not _enabled(rules, elsewhere), elsewhere


def test_the_project_extension_names_differ_by_project(tmp_path):
    names = {hook_install.gemini_extension_name(str(tmp_path / p)) for p in ("a", "b")}
    assert len(names) == 2 and all(re.fullmatch(r"brabo-[0-9a-f]{12}", n) for n in names)
    assert hook_install.gemini_extension_name(None) == "brabo"


def test_install_for_gemini_takes_the_earlier_settings_hook_out(dirs):
    project, home = dirs
    settings = project / ".gemini" / "settings.json"
    settings.parent.mkdir()
    other = {"type": "command", "command": "./lint.sh"}
    old = {
        "name": "brabo",
        "type": "command",
        "command": "brabo hook gemini-cli --timeout 50",
        "timeout": 60000,
    }
    settings.write_text(
        json.dumps(
            {
                "model": {"name": "kept"},
                "hooks": {
                    "BeforeTool": [{"matcher": "x", "hooks": [old, other]}, {"matcher": "y", "hooks": [old]}],
                    "AfterTool": [{"hooks": [other]}],
                },
            }
        )
    )
    proc = install("gemini-cli", cwd=project, home=home)
    assert proc.returncode == 0, proc.stderr
    assert "took the earlier Brabo hook out of " + str(settings) in proc.stdout
    assert json.loads(settings.read_text()) == {
        "model": {"name": "kept"},
        "hooks": {"BeforeTool": [{"matcher": "x", "hooks": [other]}], "AfterTool": [{"hooks": [other]}]},
    }
    assert (_extension(home, project) / "hooks" / "hooks.json").is_file()


def test_install_for_gemini_leaves_a_settings_file_it_did_not_write_alone(dirs):
    project, home = dirs
    settings = project / ".gemini" / "settings.json"
    settings.parent.mkdir()
    for content in ("{not json", json.dumps({"hooks": {"BeforeTool": [{"hooks": [{"command": "./x"}]}]}})):
        settings.write_text(content)
        proc = install("gemini-cli", cwd=project, home=home)
        assert proc.returncode == 0 and "took" not in proc.stdout, proc.stderr
        assert settings.read_text() == content


def test_install_for_gemini_for_the_user_is_on_everywhere_and_honours_gemini_cli_home(dirs, tmp_path):
    project, home = dirs
    gemini_home = tmp_path / "gemini-home"
    enablement = gemini_home / ".gemini" / "extensions" / "extension-enablement.json"
    enablement.parent.mkdir(parents=True)
    enablement.write_text(json.dumps({"brabo": {"overrides": ["!/*"]}, "other": {"overrides": []}}))
    user_settings = gemini_home / ".gemini" / "settings.json"
    user_settings.write_text(
        json.dumps({"hooks": {"BeforeTool": [{"hooks": [{"command": "brabo hook gemini-cli"}]}]}})
    )
    proc = install("gemini-cli", "--user", cwd=project, home=home, GEMINI_CLI_HOME=str(gemini_home))
    assert proc.returncode == 0, proc.stderr
    ext = _extension(gemini_home, None)
    assert ext.name == "brabo" and (ext / "hooks" / "hooks.json").is_file()
    assert json.loads(enablement.read_text()) == {"other": {"overrides": []}}  # no rule: on in every folder
    assert json.loads(user_settings.read_text()) == {"hooks": {}}
    assert not (home / ".gemini").exists()


def test_install_for_gemini_print_shows_every_file_and_writes_none(dirs):
    project, home = dirs
    proc = install("gemini-cli", "--print", cwd=project, home=home)
    assert proc.returncode == 0, proc.stderr
    ext = _extension(home, project)
    for path in (
        ext / "gemini-extension.json",
        ext / "hooks" / "hooks.json",
        ext.parent / "extension-enablement.json",
    ):
        assert f"==> {path} <==" in proc.stdout
    assert "fast_hook.py gemini-cli" in proc.stdout
    assert not (home / ".gemini").exists() and not (project / ".gemini").exists()


def test_install_for_gemini_refuses_an_enablement_file_it_cannot_merge(dirs):
    project, home = dirs
    enablement = home / ".gemini" / "extensions" / "extension-enablement.json"
    enablement.parent.mkdir(parents=True)
    enablement.write_text("[1]")
    proc = install("gemini-cli", cwd=project, home=home)
    assert (
        proc.returncode == 64
        and "extension-enablement.json" in proc.stderr
        and "Traceback" not in proc.stderr
    )
    assert enablement.read_text() == "[1]" and not _extension(home, project).exists()


def test_install_for_the_user_and_print_only(dirs):
    project, home = dirs
    proc = install("codex", "--user", "--print", cwd=project, home=home)
    assert proc.returncode == 0 and "fast_hook.py codex" in proc.stdout
    assert not (home / ".codex").exists()
    assert install("claude-code", "--user", cwd=project, home=home).returncode == 0
    assert "PreToolUse" in json.loads((home / ".claude" / "settings.json").read_text())["hooks"]


@pytest.mark.parametrize("content", ["[1, 2]", "{not json", '{"hooks": []}'])
def test_install_refuses_a_settings_file_it_cannot_merge(dirs, content):
    project, home = dirs
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.local.json").write_text(content)
    proc = install("claude-code", cwd=project, home=home)
    assert proc.returncode == 64 and "settings.local.json" in proc.stderr and "Traceback" not in proc.stderr
    assert (project / ".claude" / "settings.local.json").read_text() == content


def test_install_for_codex_takes_whole_seconds_only(dirs):
    """Codex 0.171 skips a hooks.json whose hook timeout has a fraction -- Brabo's hook with it -- and runs every
    tool (tests/agents_e2e/test_agents_e2e_codex_hooks_file.py): the installer refuses such a timeout for Codex,
    and writes nothing; Claude Code and Gemini CLI take one."""
    project, home = dirs
    for value in ("5.5", "7.25", "59.999"):
        proc = install("codex", "--agent-timeout", value, cwd=project, home=home)
        assert proc.returncode == 64 and "whole number of seconds" in proc.stderr, proc.stderr
    assert not (project / ".codex").exists()
    assert install("codex", "--agent-timeout", "45", cwd=project, home=home).returncode == 0
    assert (
        json.loads((project / ".codex" / "hooks.json").read_text())["hooks"]["PreToolUse"][0]["hooks"][0][
            "timeout"
        ]
        == 45
    )
    assert install("claude-code", "--agent-timeout", "5.5", cwd=project, home=home).returncode == 0


@pytest.mark.parametrize("agent", hook.AGENTS)
@pytest.mark.parametrize("value", ["0", "0.0004", "1", "4.9", "-5", "86401", "nan"])
def test_install_refuses_an_agent_timeout_the_hook_cannot_answer_within(agent, value, dirs):
    """Below 5 s the hook cannot ask Brabo before the agent gives up on it (under 1 ms Gemini CLI wrote 0 ms and
    killed the hook as it started); nothing is written."""
    project, home = dirs
    proc = install(agent, "--agent-timeout", value, cwd=project, home=home)
    assert proc.returncode == 64 and "--agent-timeout must be" in proc.stderr, proc.stderr
    assert not any(p.is_file() for p in (*project.rglob("*"), *home.rglob("*")))


CODEX_SKIPS = {  # another entry of the file, each of which has Codex skip it whole
    "a fraction": {
        "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": 1.5}]}]}
    },
    "a float": {"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": 5.0}]}]}},
    "a string": {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": "5"}]}]}},
    "below 0": {"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}]}},
    "a boolean": {
        "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": True}]}]}
    },
    "a top key": {"hooks": {}, "model": "kept"},
    "a schema": {"hooks": {}, "$schema": "https://example.org/hooks.json"},
}


@pytest.mark.parametrize("name", sorted(CODEX_SKIPS))
@pytest.mark.parametrize("where", ["project", "user"])
def test_install_for_codex_refuses_a_file_codex_would_skip_whole(dirs, name, where):
    project, home = dirs
    path = (project if where == "project" else home) / ".codex" / "hooks.json"
    path.parent.mkdir()
    text = json.dumps(CODEX_SKIPS[name])
    path.write_text(text)
    proc = install("codex", *(["--user"] if where == "user" else []), cwd=project, home=home)
    assert proc.returncode == 64 and "Codex skips such a file whole" in proc.stderr, proc.stderr
    assert str(path) in proc.stderr and "Traceback" not in proc.stderr
    assert path.read_text() == text


def test_install_for_codex_keeps_what_codex_reads(dirs):
    """What Codex reads with the rest -- a timeout of 0 or a whole number, none, an event or a handler key it
    does not know -- is kept, Brabo's hook beside it."""
    project, home = dirs
    kept: dict[str, Any] = {
        "description": "mine",
        "hooks": {
            "PreToolUse": [{"hooks": [{"type": "command", "command": "a", "timeout": 0, "note": "x"}]}],
            "SomeLaterEvent": [{"hooks": [{"type": "command", "command": "b", "timeout": 7}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "c"}]}],
        },
    }
    (project / ".codex").mkdir()
    (project / ".codex" / "hooks.json").write_text(json.dumps(kept))
    proc = install("codex", cwd=project, home=home)
    assert proc.returncode == 0, proc.stderr
    data = json.loads((project / ".codex" / "hooks.json").read_text())
    assert data["hooks"]["PreToolUse"][0] == kept["hooks"]["PreToolUse"][0]
    assert data["hooks"]["SomeLaterEvent"] == kept["hooks"]["SomeLaterEvent"]
    assert data["description"] == "mine"
    assert hook_install.codex_file_problem(data) is None


def test_install_for_gemini_draws_the_hooks_name_once_per_home(dirs, tmp_path):
    """Kept by a later install into the same home (and by one with other flags); drawn afresh in another home,
    or when the extension's hook is not Brabo's."""
    project, home = dirs

    def name_in(home: Path) -> str:
        data = json.loads((_extension(home, project) / "hooks" / "hooks.json").read_text())
        return data["hooks"]["BeforeTool"][0]["hooks"][0]["name"]

    assert install("gemini-cli", cwd=project, home=home).returncode == 0
    first = name_in(home)
    assert install("gemini-cli", "--timeout", "9", cwd=project, home=home).returncode == 0
    assert name_in(home) == first
    other = tmp_path / "other-home"
    other.mkdir()
    assert install("gemini-cli", cwd=project, home=other).returncode == 0
    assert name_in(other) != first
    path = _extension(home, project) / "hooks" / "hooks.json"
    data = json.loads(path.read_text())
    data["hooks"]["BeforeTool"][0]["hooks"][0]["command"] = "./not-brabo.sh"
    path.write_text(json.dumps(data))
    assert install("gemini-cli", cwd=project, home=home).returncode == 0
    assert name_in(home) != first
    assert hook_install.gemini_hook_name({"hooks": "x"}).startswith("brabo-")


def test_install_for_gemini_guards_the_home_a_projects_env_could_move(dirs, tmp_path):
    """Without GEMINI_CLI_HOME at install, the user's settings get a guard that is silent while it stays unset
    and refuses once something (a project's .env) sets it; with it exported, no guard (and an earlier one goes),
    the user's other settings kept either way."""
    project, home = dirs
    settings = home / ".gemini" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(
        json.dumps({"ui": {"theme": "x"}, "hooks": {"BeforeTool": [{"hooks": [{"command": "a"}]}]}})
    )
    assert install("gemini-cli", cwd=project, home=home).returncode == 0
    data = json.loads(settings.read_text())
    assert data["ui"] == {"theme": "x"}
    groups = data["hooks"]["BeforeTool"]
    assert groups[0] == {"hooks": [{"command": "a"}]}
    [guard] = groups[1]["hooks"]
    drawn = json.loads((_extension(home, project) / "hooks" / "hooks.json").read_text())["hooks"][
        "BeforeTool"
    ]
    assert guard["name"] == drawn[0]["hooks"][0]["name"] + "-home"
    assert groups[1]["matcher"] == hook_install.MATCHER["gemini-cli"]
    base = {k: v for k, v in os.environ.items() if k != "GEMINI_CLI_HOME"}
    for extra, code in (
        ({}, 0),
        ({"GEMINI_CLI_HOME": str(tmp_path / "moved")}, 2),
        ({"GEMINI_CLI_HOME": ""}, 2),
    ):
        out = subprocess.run(
            ["bash", "-c", guard["command"]], capture_output=True, text=True, env={**base, **extra}
        )
        assert out.returncode == code and out.stdout == "", out
        if extra:  # the reason names the variable, and where it now points
            assert f"GEMINI_CLI_HOME is set to {extra['GEMINI_CLI_HOME']} where" in out.stderr, out
    assert install("gemini-cli", cwd=project, home=home).returncode == 0
    assert json.loads(settings.read_text()) == data  # one guard, not two
    exported = install("gemini-cli", cwd=project, home=home, GEMINI_CLI_HOME=str(home))
    assert exported.returncode == 0, exported.stderr
    assert json.loads(settings.read_text())["hooks"]["BeforeTool"] == [{"hooks": [{"command": "a"}]}]


def test_install_for_claude_code_pins_hooks_on_in_the_local_file(dirs):
    """A project's committed .claude/settings.json cannot switch hooks off past the local file, which says
    ``"disableAllHooks": false`` beside Brabo's hook -- in place of a true it held, the rest kept."""
    project, home = dirs
    local = project / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text(json.dumps({"disableAllHooks": True, "model": "kept"}))
    proc = install("claude-code", cwd=project, home=home)
    assert proc.returncode == 0 and '"disableAllHooks": false' in proc.stdout, proc.stdout
    data = json.loads(local.read_text())
    assert data["disableAllHooks"] is False and data["model"] == "kept"
    assert install("claude-code", cwd=project, home=home).returncode == 0
    assert json.loads(local.read_text()) == data
    assert hook_install.merged({}, "codex", "x", 5).get("disableAllHooks") is None  # Claude Code's key only


def test_install_for_codex_warns_of_a_project_codex_does_not_trust(dirs):
    """Codex reads no .codex/ of a project it does not trust (tests/agents_e2e/test_agents_e2e_codex_hooks_file
    .py): the project install says so until config.toml trusts the project (or its git root); --user never."""
    project, home = dirs
    proc = install("codex", cwd=project, home=home)
    assert proc.returncode == 0 and "is not trusted in Codex's config.toml" in proc.stderr, proc.stderr
    assert "not trusted" not in install("codex", "--user", cwd=project, home=home).stderr
    (home / ".codex").mkdir(exist_ok=True)
    config = home / ".codex" / "config.toml"
    for entry, warned in (
        (f'[projects."{project}"]\ntrust_level = "untrusted"\n', True),
        (f'[projects."{project}"]\ntrust_level = "trusted"\n', False),
        ("not toml [", True),
    ):
        config.write_text(entry)
        proc = install("codex", cwd=project, home=home)
        assert proc.returncode == 0 and ("is not trusted" in proc.stderr) is warned, (entry, proc.stderr)
    subprocess.run(["git", "init", "-q", str(project.parent)], check=True)
    config.write_text(f'[projects."{project.parent}"]\ntrust_level = "trusted"\n')
    assert "is not trusted" not in install("codex", cwd=project, home=home).stderr  # its git root is
