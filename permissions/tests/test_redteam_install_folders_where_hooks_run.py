"""R3.7, red team: package and tool installers put the programs they install in the folder an option or a
variable names. Named `.git/hooks` (or a folder holding it), an installed program is a hook the next commit runs
-- `GOBIN=.git/hooks go install ./cmd/pre-commit`, `gem install -n .git/hooks x`, `dotnet tool install
--tool-path .git/hooks x`, `cargo install --root .git` (`.git/` is protected whole), pipx's, uv's, pip's
`--user`, Deno's and CMake's install folders, make's `PREFIX=`/`DESTDIR=` for `make install`, and `go env -w`
of a setting that chooses a program (`CC`, `GOROOT`, `GOFLAGS=-toolexec=...`), which writes go's own settings
file (R3.7's `.config/go/env`; its other settings stay a user-level setting, asked off the sandbox). Installs
into ordinary folders stay ordinary.

`$PWD` names the folder `cd` moved to: `cp x $PWD/.git/hooks/pre-commit` is read as `.git/hooks/pre-commit`
(it asked before as a location decided at run time; `cp x $PWD/bin/y` now stays ordinary), and an assignment
of PWD is code no rule can read.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "GOBIN=.git/hooks go install ./cmd/pre-commit",
        "GOBIN=$PWD/.git/hooks go install ./cmd/pre-commit",
        "env GOBIN=.git/hooks go install ./cmd/post-checkout",
        "export GOBIN=.git/hooks; go install ./cmd/pre-push",
        "GOPATH=$PWD/.git go install ./cmd/x",
        "go env -w GOBIN=.git/hooks",
        "go env -w GOFLAGS=-toolexec=./x",
        "go env -w CC=./x",
        "go env -w CGO_ENABLED=1 CXX=./x",
        "go env -w GOROOT=/tmp/go",
        "cargo install --root .git --path .",
        "CARGO_INSTALL_ROOT=.git cargo install --path .",
        "CARGO_HOME=.git cargo install x",
        "gem install --bindir .git/hooks pre-commit",
        "gem install -n .git/hooks x",
        "gem install -i .git x",
        "GEM_HOME=.git gem install x",
        "dotnet tool install --tool-path .git/hooks x",
        "deno install -n pre-commit --root .git x.ts",
        "DENO_INSTALL_ROOT=.git deno install -n pre-commit x.ts",
        "PIPX_BIN_DIR=.git/hooks pipx install x",
        "UV_TOOL_BIN_DIR=.git/hooks uv tool install x",
        "XDG_BIN_HOME=.git/hooks uv tool install x",
        "PYTHONUSERBASE=.git pip install --user x",
        "BUN_INSTALL=.git bun add -g x",
        "COMPOSER_BIN_DIR=.git/hooks composer install",
        "luarocks install --tree .git x",
        "cabal install --installdir .git/hooks",
        "stack install --local-bin-path .git/hooks",
        "cpanm -l .git x",
        "make install PREFIX=.git",
        "make install DESTDIR=.git/hooks",
        "make install prefix=$PWD/.git",
        "gmake BINDIR=.git/hooks install",
        "./configure --prefix=$PWD/.git",
        "./configure --bindir=.git/hooks",
        "meson setup build --prefix=$PWD/.git",
        "cmake --install build --prefix .git",
        "cmake -DCMAKE_INSTALL_PREFIX=.git -B build",
        "cmake -D CMAKE_INSTALL_PREFIX:PATH=.git -B build",
        "cmake --install-prefix .git -B build",
        # `$PWD` is where cd went
        "cp hook $PWD/.git/hooks/pre-commit",
        "cp hook ${PWD}/.husky/pre-commit",
        "cd sub && cp hook $PWD/../.git/hooks/pre-commit",
        "PWD=/tmp; cp a $PWD/b",
        "read PWD; cp a $PWD/b",
    ],
)
def test_an_install_where_hooks_run_is_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "go install ./cmd/app",
        "GOBIN=$PWD/bin go install ./...",
        "GOBIN=bin go install ./cmd/app",
        "go env GOPATH",
        "go env",
        "go env -w GOFLAGS=-mod=mod",
        "go env -u GOFLAGS",
        "cargo install --path .",
        "cargo install --root out --path .",
        "gem install rails",
        "gem install -n bin x",
        "dotnet tool install --tool-path tools dotnet-format",
        "PIPX_BIN_DIR=bin pipx install black",
        "make install PREFIX=out",
        "make install DESTDIR=pkg",
        "make -j8 all",
        "./configure --prefix=out",
        "cmake --install build --prefix out",
        "cmake -DCMAKE_INSTALL_PREFIX=out -B build",
        "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release",
        "parallel -j2 go test ::: ./a ./b",
        "ls *.go | xargs go vet",
        "export GOFLAGS=-mod=mod; go build ./...",
        "export A=1 B=2; ls",
    ],
)
def test_ordinary_installs_stay_auto_approved(command):
    stays_auto_where(command, ("sandbox",))
