"""R3.7, R4.9, red team: a variable that names the settings file (or folder) a tool reads -- Mercurial's
HGRCPATH (its `[hooks]` run shell commands), yarn's YARN_RC_FILENAME (`yarnPath` runs a JavaScript file, plugins
load), pip's PIP_CONFIG_FILE (the index every install downloads from), CARGO_HOME (its config.toml names
`rustc-wrapper`, the linker, credential providers), go's GOENV (GOFLAGS=-toolexec) -- pointed at a file no rule has
read hands the program settings that run programs or pick registries: `HGRCPATH=./x.rc hg status` was
auto-approved. It is read as KUBECONFIG and DOCKER_CONFIG are, and as npm's own variables (NPM_CONFIG_USERCONFIG)
and git's (GIT_CONFIG_GLOBAL) already were: only the tool's own place, an empty value or /dev/null stay ordinary.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "HGRCPATH=./evil.rc hg status",
        "HGRCPATH=/tmp/x hg log",
        "HGRCPATH=x.rc:$HOME/.hgrc hg diff",
        "env HGRCPATH=hooks.rc hg summary",
        "export HGRCPATH=./evil.rc && hg status",
        "YARN_RC_FILENAME=evil.yml yarn install",
        "YARN_RC_FILENAME=.yarnrc.evil.yml yarn build",
        "env YARN_RC_FILENAME=x.yml yarn test",
        "PIP_CONFIG_FILE=./pip.evil pip install -r requirements.txt",
        "PIP_CONFIG_FILE=/tmp/p.conf pip install .",
        "PIP_CONFIG_FILE=x.ini python -m pip install x",
        "CARGO_HOME=./ch cargo build",
        "CARGO_HOME=/tmp/cargo cargo test",
        "env CARGO_HOME=vendor/home cargo run",
        "GOENV=./goenv go build ./...",
        "GOENV=/tmp/env go test ./...",
        "NPM_CONFIG_USERCONFIG=./x.npmrc npm install",
        "npm_config_userconfig=./x.npmrc npm test",
        "npm_config_globalconfig=./x npm ci",
        "GIT_CONFIG_GLOBAL=./gc git status",
        "GIT_CONFIG_SYSTEM=./gc git log",
        "DOCKER_CONFIG=./d docker ps",
        "KUBECONFIG=./kc.yaml kubectl get pods",
    ],
)
def test_settings_named_by_a_variable_are_never_auto_approved(command):
    never_auto_where(command, places=("sandbox", "agent"))


@pytest.mark.parametrize(
    "command",
    [
        "HGRCPATH= hg status",
        "HGRCPATH=/home/dev/.hgrc hg log",
        "YARN_RC_FILENAME=.yarnrc.yml yarn install",
        "PIP_CONFIG_FILE=/dev/null pip install -r requirements.txt",
        "PIP_CONFIG_FILE=/home/dev/.config/pip/pip.conf pip list",
        "GOENV=off go build ./...",
        "KUBECONFIG=/home/dev/.kube/config kubectl get pods",
    ],
)
def test_the_tools_own_settings_stay_ordinary(command):
    stays_auto_where(
        command, places=("sandbox",)
    )  # (on the laptop a path outside the project asks: R5's scope)
