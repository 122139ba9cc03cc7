"""``brabo hook pin`` (brabo_client/hook_pin.py): the system setting that keeps an agent's hooks on whatever a
trusted project's settings say, merged into what is there; and ``brabo hook install``'s word on it. The real
CLIs reading it: tests/agents_e2e/test_agents_e2e_hooks_pinned_on.py."""

from __future__ import annotations

import json
import os
import tomllib

import pytest

from brabo_client import hook_pin

from .test_hook_fast import dirs, install  # noqa: F401 -- dirs is a fixture

# -- Codex: /etc/codex/requirements.toml ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# managed by IT\n",
        'allowed_approval_policies = ["on-request"]',  # no newline at its end
        'allowed_approval_policies = ["on-request"]\n\n[mcp_servers.docs.identity]\ncommand = "docs"\n',
        "[features]\n",
        "[features]  # pinned by IT\nweb_search_request = false\n\n[other]\nhooks = false\n",
        "[features]\nhooks = true\n",
    ],
)
def test_codex_pin_adds_hooks_on_and_keeps_the_rest(text):
    pinned = hook_pin.codex_pinned(text)
    data, before = tomllib.loads(pinned), tomllib.loads(text)
    assert data["features"]["hooks"] is True

    def rest(d):
        return {**d, "features": {k: v for k, v in d.get("features", {}).items() if k != "hooks"}}

    assert rest(data) == rest(before)
    assert hook_pin.codex_is_pinned(pinned)
    assert hook_pin.codex_pinned(pinned) == pinned  # once only


@pytest.mark.parametrize(
    "text, said",
    [
        ("[features]\nhooks = false\n", "switches hooks off"),
        ("[features]\ncodex_hooks = false\n", "switches hooks off"),
        ("[features]\nhooks = true\ncodex_hooks = false\n", "switches hooks off"),
        ("features.hooks = false\n", "switches hooks off"),
        ("features = { web_search_request = false }\n", "one [features] table"),
        ("features.web_search_request = false\n", "one [features] table"),
        ("features = 1\n", "not a table"),
        ("[features\n", "not TOML"),
        ('[features]\nhooks = "yes"\n', "not true; set it to true yourself"),
    ],
)
def test_codex_pin_refuses_what_it_cannot_merge_or_must_not_overrule(text, said):
    with pytest.raises(hook_pin.Unmergeable, match=said.replace("[", r"\[").replace("]", r"\]")):
        hook_pin.codex_pinned(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[features]\nhooks = false\n",
        "[features]\nhooks = 1\n",
        "[features]\nhooks = true\ncodex_hooks = false\n",
        "[x",
    ],
)
def test_codex_is_pinned_only_by_hooks_true(text):
    assert not hook_pin.codex_is_pinned(text)


# -- Gemini CLI: its system settings ---------------------------------------------------------------------


def test_gemini_pin_sets_enabled_and_keeps_the_rest():
    existing = {"hooksConfig": {"disabled": ["x"], "enabled": False}, "admin": {"secureModeEnabled": True}}
    pinned = hook_pin.gemini_pinned(existing)
    assert pinned == {
        "hooksConfig": {"disabled": ["x"], "enabled": True},
        "admin": {"secureModeEnabled": True},
    }
    assert hook_pin.gemini_is_pinned(pinned) and not hook_pin.gemini_is_pinned(existing)
    assert not hook_pin.gemini_is_pinned({"hooksConfig": {"enabled": "true"}})
    with pytest.raises(hook_pin.Unmergeable):
        hook_pin.gemini_pinned({"hooksConfig": "on"})


def test_gemini_skips_a_system_file_others_could_write(tmp_path):
    path = tmp_path / "settings.json"
    assert "does not exist" in (hook_pin.why_gemini_skips(str(path)) or "")
    path.write_text("{}")
    why = hook_pin.why_gemini_skips(str(path)) or ""
    if os.geteuid() == 0:  # tmp_path lies under /tmp, which anyone may write to
        assert "writable by its group or other users" in why or "/tmp" in why, why
    else:
        assert "not owned by root" in why, why


def test_the_system_settings_path_is_gemini_clis(monkeypatch):
    monkeypatch.delenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", raising=False)
    assert hook_pin.gemini_system_settings_path() == "/etc/gemini-cli/settings.json"
    monkeypatch.setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", "/opt/g.json")
    assert hook_pin.gemini_system_settings_path() == "/opt/g.json"


# -- brabo hook pin ----------------------------------------------------------------------------------------


@pytest.fixture
def system(tmp_path, monkeypatch):
    gemini, codex = (
        tmp_path / "etc" / "gemini-cli" / "settings.json",
        tmp_path / "etc" / "codex" / "requirements.toml",
    )
    monkeypatch.setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", str(gemini))
    monkeypatch.setattr(hook_pin, "CODEX_REQUIREMENTS", str(codex))
    return {"gemini-cli": gemini, "codex": codex}


def test_pin_writes_codex_requirements_and_keeps_them(system, capsys):
    path = system["codex"]
    path.parent.mkdir(parents=True)
    path.write_text('allowed_sandbox_modes = ["read-only"]\n')
    os.chmod(path, 0o640)
    assert hook_pin.main(["codex"]) == 0
    assert tomllib.loads(path.read_text()) == {
        "allowed_sandbox_modes": ["read-only"],
        "features": {"hooks": True},
    }
    assert os.stat(path).st_mode & 0o777 == 0o640 and "[features] hooks = true" in capsys.readouterr().out
    assert hook_pin.pinned_on("codex")


def test_pin_print_writes_nothing(system, capsys):
    assert hook_pin.main(["codex", "--print"]) == 0
    assert capsys.readouterr().out == "[features]\nhooks = true\n" and not system["codex"].exists()
    assert hook_pin.main(["gemini-cli", "--print"]) == 0
    assert json.loads(capsys.readouterr().out) == {"hooksConfig": {"enabled": True}}
    assert not system["gemini-cli"].exists() and not hook_pin.pinned_on("codex")


def test_pin_for_gemini_says_when_gemini_would_skip_the_file(system, capsys):
    """Written under /tmp: Gemini CLI would not read it, and the pin says why and exits 1."""
    assert hook_pin.main(["gemini-cli"]) == 1
    assert json.loads(system["gemini-cli"].read_text()) == {"hooksConfig": {"enabled": True}}
    assert os.stat(system["gemini-cli"]).st_mode & 0o777 == 0o644
    said = capsys.readouterr()
    assert "Gemini CLI skips" in said.err and not said.out
    assert not hook_pin.pinned_on("gemini-cli")  # the install goes on saying it is not pinned


@pytest.mark.parametrize(
    "agent, content",
    [("codex", "[features]\nhooks = false\n"), ("gemini-cli", "[1]"), ("gemini-cli", '{"hooksConfig": 1}')],
)
def test_pin_refuses_a_file_it_cannot_merge_and_leaves_it(system, capsys, agent, content):
    path = system[agent]
    path.parent.mkdir(parents=True)
    path.write_text(content)
    assert hook_pin.main([agent]) == 64
    assert path.read_text() == content and "cannot pin hooks on" in capsys.readouterr().err


def test_pin_without_permission_says_to_run_it_as_root(system, capsys, monkeypatch):
    def refused(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(hook_pin, "_write_text", refused)
    assert hook_pin.main(["codex"]) == 1
    assert "sudo brabo hook pin codex" in capsys.readouterr().err


def test_pin_takes_only_the_agents_it_knows(capsys):
    with pytest.raises(SystemExit) as exc:
        hook_pin.main(["claude-code"])  # its local file already outranks the project's (hook_install.merged)
    assert exc.value.code == 64


# -- what the installer says -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content, off",
    [
        ({"hooksConfig": {"enabled": False}}, True),
        ({"hooksConfig": {"enabled": 0}}, True),
        ({"hooksConfig": {"enabled": None}}, True),
        ({"hooksConfig": {"enabled": ""}}, True),
        ({"hooksConfig": "off"}, True),
        ({"hooksConfig": []}, True),
        ({"hooksConfig": {"disabled": ["x"]}}, False),
        ({"hooksConfig": {"enabled": True}}, False),
        ({"hooksConfig": {"enabled": "false"}}, False),  # a non-empty string is true to JavaScript
        ({}, False),
    ],
)
def test_the_installer_reads_a_gemini_projects_switch_as_gemini_does(tmp_path, content, off):
    (tmp_path / ".gemini").mkdir()
    (tmp_path / ".gemini" / "settings.json").write_text(json.dumps(content))
    assert bool(hook_pin.project_switches_off("gemini-cli", str(tmp_path))) is off


@pytest.mark.parametrize(
    "content, off",
    [
        ("[features]\nhooks = false\n", True),
        ("[features]\ncodex_hooks = false\n", True),
        ("features.hooks = false\n", True),
        ("features = { hooks = false }\n", True),
        ("[features]\nhooks = true\n", False),
        ("[features.hooks]\nx = 1\n", False),
        ("not toml [", False),
    ],
)
def test_the_installer_reads_a_codex_projects_switch(tmp_path, content, off):
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex" / "config.toml").write_text(content)
    assert bool(hook_pin.project_switches_off("codex", str(tmp_path))) is off


@pytest.mark.parametrize("agent", ["gemini-cli", "codex"])
def test_install_warns_of_a_projects_switch_and_points_at_the_pin(agent, dirs, tmp_path):  # noqa: F811
    if agent == "codex" and hook_pin.codex_is_pinned(hook_pin._read_text(hook_pin.CODEX_REQUIREMENTS)):
        pytest.skip("this machine's /etc/codex/requirements.toml pins hooks on")
    project, home = dirs
    extra = {"GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(tmp_path / "none.json")}
    proc = install(agent, cwd=project, home=home, **extra)
    assert proc.returncode == 0 and f"'sudo brabo hook pin {agent}' keeps them on" in proc.stdout, proc.stdout
    assert "warning: " + str(project) not in proc.stderr
    if agent == "gemini-cli":
        (project / ".gemini").mkdir(exist_ok=True)
        (project / ".gemini" / "settings.json").write_text('{"hooksConfig": {"enabled": false}}')
    else:
        (project / ".codex" / "config.toml").write_text("[features]\ncodex_hooks = false\n")
    proc = install(agent, cwd=project, home=home, **extra)
    assert proc.returncode == 0, proc.stderr
    assert f"switches every {agent} hook off" in proc.stderr and f"sudo brabo hook pin {agent}" in proc.stderr
