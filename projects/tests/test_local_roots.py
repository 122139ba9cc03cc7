"""`local` roots live only inside the operator's bases and never overlap a place someone else keeps state
(SPEC R1.4 [beyond]): checked at creation and whenever the root is derived, and refused in words
that tell one tenant nothing of another or of the host."""

from __future__ import annotations

import os
import tempfile

import pytest

from brabo.env import ImproperlyConfiguredEnv, env_abs_path_list
from projects.local_root import LocalRootError
from projects.models import Project


def _post(t, path, *, user=None, ws=None, name="loc"):
    ws = ws or t.ws
    return t.world.client(user or t.owner).post(
        "/api/projects/",
        {"workspace": str(ws.id), "name": name, "execution_mode": "local", "local_path": str(path)},
        format="json",
    )


def _refusal(resp, path) -> tuple[str, str]:
    """The refusal with the typed path taken out: what the caller learns beyond their own input."""
    assert resp.status_code == 400, resp.content
    body = resp.json()
    return body["reason"], body["detail"].replace(repr(str(path)), "<path>")


# -- the operator's switch ------------------------------------------------------------------------------


def test_without_bases_local_is_refused_and_the_answer_says_how_to_enable_it(team, tmp_path):
    (tmp_path / "app").mkdir()
    resp = _post(team, tmp_path / "app")
    assert resp.status_code == 400 and resp.json()["reason"] == "local_roots_not_configured"
    assert "BRABO_LOCAL_ROOTS" in resp.json()["detail"] and "local_path" in resp.json()["errors"]
    assert not Project.objects.filter(execution_mode="local").exists()


def test_bases_are_parsed_loudly(monkeypatch):
    monkeypatch.setenv("X_ROOTS", " /srv/a , /srv/b/ ,")
    assert [str(p) for p in env_abs_path_list("X_ROOTS")] == ["/srv/a", "/srv/b"]
    monkeypatch.setenv("X_ROOTS", "")
    assert env_abs_path_list("X_ROOTS") == []
    for bad, words in [("srv/a", "absolute"), ("/srv/../etc", "'..'"), ("/srv/a,/", "whole machine")]:
        monkeypatch.setenv("X_ROOTS", bad)
        with pytest.raises(ImproperlyConfiguredEnv, match="X_ROOTS") as exc:
            env_abs_path_list("X_ROOTS")
        assert words in str(exc.value)


def test_a_root_lies_strictly_inside_a_base(team, local_base):
    (local_base / "app").mkdir()
    assert _post(team, local_base / "app").status_code == 201
    assert _refusal(_post(team, local_base, name="all"), local_base)[0] == "local_path_not_allowed"


def test_outside_the_bases_nothing_on_disk_shows_through(team, local_base, tmp_path):
    """An existing folder, a missing one, a file and a system folder outside the bases read alike."""
    (tmp_path / "exists").mkdir()
    (tmp_path / "file").write_text("x")
    answers = {
        _refusal(_post(team, p), p)
        for p in (tmp_path / "exists", tmp_path / "missing", tmp_path / "file", "/root/.ssh", "/var/lib/x")
    }
    assert len(answers) == 1
    (reason, detail) = answers.pop()
    assert reason == "local_path_not_allowed" and str(local_base) in detail


# -- the places a root may never be, hold or lie in ----------------------------------------------------


@pytest.fixture
def places(settings, monkeypatch, local_base):
    """Every reserved place put inside the operator's base, where only the overlap check can refuse it."""
    home = local_base / "svc-home"
    for sub in ("", ".config", ".cache", "xdg-config", "data"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    settings.BRABO_LOCAL_GIT_ROOT = local_base / "git"
    settings.VAR_DIR = local_base / "var"
    settings.BRABO_PROJECTS_BASE = local_base / "projects-base"
    settings.PROJECT_WORKSPACES_ROOT = local_base / "workspaces"
    temp = local_base / "tmp"
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    for folder in ("git/ws", "var/state", "projects-base/p", "workspaces/w", "tmp/t"):
        (local_base / folder).mkdir(parents=True)
    return local_base


@pytest.mark.parametrize(
    "where",
    [
        "svc-home",  # the worker's home itself
        "svc-home/.config",  # and what lies in it
        "svc-home/.cache",
        "svc-home/xdg-config",
        "svc-home/data",
        "git",  # the local provider's repositories (BRABO_LOCAL_GIT_ROOT)
        "git/ws",
        "var",
        "var/state",
        "projects-base/p",
        "workspaces/w",
        "tmp",  # the worker's temporary folder
    ],
)
def test_no_root_overlaps_a_reserved_place(team, places, where):
    reason, detail = _refusal(_post(team, places / where), places / where)
    assert reason == "local_path_not_allowed"
    assert "reserved or already in use" in detail


def test_a_root_holding_a_reserved_place_is_refused(team, places, monkeypatch):
    holder = places / "holder"
    (holder / "home").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(holder / "home"))
    assert _refusal(_post(team, holder), holder)[0] == "local_path_not_allowed"


def test_a_link_inside_a_base_cannot_lead_a_root_out(team, places, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    for name, target in [
        ("to-home", places / "svc-home"),
        ("to-outside", outside),
        ("to-git", places / "git"),
    ]:
        link = places / name
        link.symlink_to(target)
        assert _refusal(_post(team, link, name=name), link)[0] == "local_path_not_allowed", name


# -- another tenant's root: refused in the very words of any reserved place ------------------------------


def test_another_workspaces_root_is_refused_without_saying_so(team, local_base, places):
    theirs = local_base / "acme-app"
    (theirs / "src").mkdir(parents=True)
    assert _post(team, theirs, name="acme").status_code == 201  # workspace A's root
    git_answer = _refusal(_post(team, places / "git", user=team.outsider, ws=team.other_ws), places / "git")
    for path in (theirs, theirs / "src", local_base / "acme-app/"):
        answer = _refusal(_post(team, path, user=team.outsider, ws=team.other_ws), path)
        assert answer == git_answer  # nothing tells B that A holds a folder there
        assert "Acme" not in answer[1] and "acme" not in answer[1].replace(str(local_base), "")


def test_a_root_holding_another_root_is_refused(team, local_base):
    (local_base / "outer" / "inner").mkdir(parents=True)
    assert _post(team, local_base / "outer" / "inner", name="inner").status_code == 201
    resp = _post(team, local_base / "outer", user=team.outsider, ws=team.other_ws)
    assert _refusal(resp, local_base / "outer")[0] == "local_path_not_allowed"


# -- re-checked whenever the root is derived --------------------------------------------------------------


@pytest.fixture
def mine(team, local_base):
    root = local_base / "mine"
    root.mkdir()
    project = team.world.project(team.ws, "mine", execution_mode="local", local_path=str(root))
    assert project.root() == str(root)
    return project


def _fresh(project) -> Project:
    return Project.objects.get(pk=project.pk)


def test_narrowing_the_bases_retires_a_root(mine, settings, tmp_path):
    settings.BRABO_LOCAL_ROOTS = [tmp_path / "elsewhere"]
    with pytest.raises(LocalRootError):
        _fresh(mine).root()
    settings.BRABO_LOCAL_ROOTS = []
    with pytest.raises(LocalRootError, match="BRABO_LOCAL_ROOTS"):
        _fresh(mine).root()


@pytest.mark.parametrize("setting", ["HOME", "XDG_CONFIG_HOME", "BRABO_LOCAL_GIT_ROOT", "VAR_DIR"])
def test_a_reserved_place_moved_under_a_root_retires_it(mine, settings, monkeypatch, setting):
    inside = os.path.join(mine.local_path, "moved")
    if setting in ("HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(setting, inside)  # e.g. the worker started with another home
    else:
        setattr(settings, setting, inside)
    with pytest.raises(LocalRootError, match="reserved or already in use"):
        _fresh(mine).root()


def test_an_overlapping_row_that_slipped_in_is_refused_when_derived(team, mine, local_base):
    """A row written around create_project (an older release, a race before the lock) is caught anyway."""
    (local_base / "mine" / "sub").mkdir()
    sneaky = Project.objects.create(
        workspace=team.other_ws,
        name="sneaky",
        slug="sneaky",
        execution_mode="local",
        local_path=str(local_base / "mine" / "sub"),
    )
    for project in (sneaky, _fresh(mine)):
        with pytest.raises(LocalRootError, match="reserved or already in use"):
            project.root()


def test_a_refused_root_stops_proposals_with_a_named_409(team, mine, monkeypatch):
    _, key = team.world.agent(mine, team.maintainer, "dev-local")
    monkeypatch.setenv("HOME", mine.local_path)
    resp = team.world.client(agent_key=key).post(
        "/api/actions/", {"action_type": "terminal", "payload": {"command": "ls"}}, format="json"
    )
    assert resp.status_code == 409 and resp.json()["reason"] == "project_root_invalid"
    assert "home" not in resp.json()["detail"].lower()  # which reserved place was hit is the operator's
