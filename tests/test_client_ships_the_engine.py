"""The client ships the policy engine: ``pip install ./brabo_client`` from a checkout installs the engine (the
checkout's own ``permissions`` package, Django-free) with it, so ``brabo policy check`` decides offline from
a folder with no checkout, no ``BRABO_HOME`` and no Django.

The install is real: a fresh virtualenv in the test's tmp folder, pip installing a copy of the checkout's
client and engine (a copy, so the build's leftovers never land in the checkout), with ``--no-index`` and
``--no-build-isolation`` — the fresh virtualenv's own setuptools builds it. setuptools of Python 3.11's
``venv`` builds wheels with the ``wheel`` distribution: when the fresh virtualenv cannot get it from pip's
configured index (no network, no local mirror), the test skips and says so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ENGINE_LEFT_OUT = ("tests", "management")  # not the engine: its tests and the Django management command
DJANGO_APP_CONFIG = "permissions.apps"  # shipped, never imported by the engine: the server's app config


def _run(*args, cwd: Path, env: dict | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout
    )


def _engine_modules(root: Path) -> set[str]:
    return {
        str(path.relative_to(root))
        for path in (root / "permissions").rglob("*.py")
        if not set(path.relative_to(root / "permissions").parts[:-1]) & set(ENGINE_LEFT_OUT)
    }


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtualenv with the client installed from a copy of this checkout; its ``bin``."""
    tmp = tmp_path_factory.mktemp("client-venv")
    source = tmp / "source"
    for part in ("brabo_client", "permissions"):
        shutil.copytree(
            settings.BASE_DIR / part, source / part, ignore=shutil.ignore_patterns("__pycache__", "tests")
        )
    base_python = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    venv = tmp / "venv"
    made = _run(base_python, "-m", "venv", venv, cwd=tmp)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    pip_env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    if _run(python, "-c", "import wheel", cwd=tmp).returncode != 0:
        got = _run(python, "-m", "pip", "install", "-q", "wheel", cwd=tmp, env=pip_env)
        if got.returncode != 0:
            pytest.skip(f"the fresh virtualenv cannot get `wheel` to build with: {got.stderr.strip()[-300:]}")
    done = _run(
        python,
        "-m",
        "pip",
        "install",
        "-q",
        "--no-index",
        "--no-build-isolation",
        source / "brabo_client",
        cwd=tmp,
        env=pip_env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return venv / "bin"


def _alone(tmp_path: Path) -> dict:
    """An environment that knows of no checkout: no PYTHONPATH, no BRABO_HOME, home and cwd in tmp."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}


def test_the_installed_client_decides_with_its_own_engine_from_a_folder_with_no_checkout(installed, tmp_path):
    perms = tmp_path / "permissions.json"
    perms.write_text(json.dumps({"allow": ["Terminal(ls)"], "deny": ["Terminal(rm -rf *)"], "ask": []}))
    check = (installed / "brabo", "policy", "check", "--permissions", perms, "--json", "--")
    allowed = _run(*check, "ls", cwd=tmp_path, env=_alone(tmp_path))
    assert allowed.returncode == 0, allowed.stderr
    assert json.loads(allowed.stdout)["reason"] == "allow_rule"
    denied = _run(*check, "rm -rf /", cwd=tmp_path, env=_alone(tmp_path))
    assert denied.returncode == 77, denied.stderr
    asked = _run(*check, "ls /etc && curl https://example.com", cwd=tmp_path, env=_alone(tmp_path))
    assert asked.returncode == 1, asked.stderr
    # the engine that answered is the installed one, and the engine does not need Django to load
    where = _run(
        installed / "python",
        "-c",
        "import sys, permissions.cli, permissions.decide; print(permissions.__file__); "
        "print('django' in sys.modules)",
        cwd=tmp_path,
        env=_alone(tmp_path),
    )
    assert where.returncode == 0, where.stderr
    engine_file, django_loaded = where.stdout.split()
    assert Path(engine_file).is_relative_to(installed.parent) and django_loaded == "False"


def test_the_client_ships_every_module_of_the_engine(installed, tmp_path):
    """A module or subpackage added to the engine is shipped too (the package list in
    brabo_client/pyproject.toml names each subpackage), and its tests and management command are not."""
    listing = _run(
        installed / "python",
        "-c",
        "import permissions; print(permissions.__path__[0])",
        cwd=tmp_path,
        env=_alone(tmp_path),
    )
    assert listing.returncode == 0, listing.stderr
    site = Path(listing.stdout.strip()).parent
    shipped, ours = _engine_modules(site), _engine_modules(settings.BASE_DIR)
    assert ours - shipped == set(), "engine modules the client does not ship"
    assert shipped - ours == set()
    assert not [p for p in (site / "permissions").rglob("*") if set(p.parts) & set(ENGINE_LEFT_OUT)]
    # every shipped module loads where there is no Django at all
    every = _run(
        installed / "python",
        "-c",
        "import importlib, pkgutil, permissions\n"
        "names = [m.name for m in pkgutil.walk_packages(permissions.__path__, 'permissions.')]\n"
        f"for name in names:\n    if name != {DJANGO_APP_CONFIG!r}: importlib.import_module(name)\n"
        "print(len(names))",
        cwd=tmp_path,
        env=_alone(tmp_path),
    )
    assert every.returncode == 0, every.stderr
    assert int(every.stdout) == len(ours) - 1  # walk_packages lists modules, not the package's __init__
