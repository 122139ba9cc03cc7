"""R4.6 [beyond], red team: the floor judges where a deletion lands, not the program that does it -- more programs
that empty or remove a folder they are told, by an option or by the variable the program reads it from.

- pytest empties its `--basetemp` folder before the run; `cargo clean` removes its target folder (`--target-dir`,
  `CARGO_TARGET_DIR`, `CARGO_BUILD_TARGET_DIR`); `go clean -modcache` removes `GOMODCACHE`; `bazel clean --expunge`
  removes the `--output_base` folder (a start-up option, before the command); `deno clean` removes `DENO_DIR`;
  `uv cache clean` removes `UV_CACHE_DIR`; `pre-commit clean` removes `PRE_COMMIT_HOME`.
- `composer clear-cache` (`clearcache`, `cc`) empties `COMPOSER_CACHE_DIR`; `bun pm cache rm` removes
  `BUN_INSTALL_CACHE_DIR`.
- Site and bundle builders empty the folder they write into: `mkdocs build -d DIR` (its default `--clean`),
  `sphinx-build -M clean SRC DIR`, `jekyll build -d DIR` (everything it did not make), `hugo --cleanDestinationDir
  -d DIR`, `vite build --emptyOutDir --outDir DIR`, `ng build --output-path DIR` (its default
  `deleteOutputPath`), `webpack --output-clean --output-path DIR`, `tsup --clean -d DIR`, `zola build -o DIR`,
  `mdbook build -d DIR`.
- `tmpwatch HOURS DIR` and `tmpreaper TIME DIR` delete every file below DIR not used for that long: with `0`, all of
  them (auto-approved on the container floor on the base).

Given the root or the home folder each is `rm -rf /` or `rm -rf ~` (or `rm -rf ~/*`): denied on the container floor,
in auto mode and behind an allow of every word, through launchers (`python -m`, `uv run`, `npx`) and where the
variable is given earlier in the command. On the base they asked (`unparseable`: the home holds the files that
decide what runs later) or were auto-approved (`bazel --output_base=~ clean --expunge`, `COMPOSER_CACHE_DIR=~
composer clear-cache`, `BUN_INSTALL_CACHE_DIR=~ bun pm cache rm`, and on the container floor `zola build -o ~`,
`mdbook build -d ~`).

Left as they are: the programs whose cleaning removes only a folder below the one named (`GOPATH=~ go clean
-modcache` removes `~/pkg/mod`, `pip cache purge --cache-dir ~` the `http`/`wheels` folders, `npm cache clean --cache
~` its `_cacache`, `bazel --output_user_root=~` a hashed folder below it, `XDG_CACHE_HOME=~ uv cache clean` `~/uv`)
-- R4.6 is a floor, not a safety list -- and ordinary uses, which stay approved.
"""

from __future__ import annotations

import pytest

from .helpers import AUTO_MODE, assert_floor_denies, term

BY_AN_OPTION = [
    "pytest --basetemp=~",
    "pytest --basetemp=/",
    "pytest --basetemp ~",
    "pytest -x --basetemp $HOME tests/",
    "pytest --basetemp=~/",
    "python -m pytest --basetemp=$HOME",
    "python3 -m pytest -q --basetemp=/",
    "py.test --basetemp=~",
    "uv run pytest --basetemp=~",
    "poetry run pytest --basetemp /",
    "sudo pytest --basetemp=/",
    "cd ~ && pytest --basetemp=.",
    "cargo clean --target-dir ~",
    "cargo clean --target-dir=/",
    "cargo clean --target-dir $HOME",
    "cargo +nightly clean --target-dir ~",
    "cargo clean -v --target-dir=~/",
    "cd ~ && cargo clean --target-dir .",
    "bazel --output_base=~ clean --expunge",
    "bazel --output_base ~ clean --expunge",
    "bazel --output_base=/ clean --expunge_async",
    "bazelisk --output_base=$HOME clean --expunge",
    "mkdocs build -d ~",
    "mkdocs build --site-dir ~",
    "mkdocs build --site-dir=/",
    "mkdocs build --clean -d $HOME",
    "mkdocs build -d~",
    "python -m mkdocs build -d ~",
    "sphinx-build -M clean docs ~",
    "sphinx-build -M clean . /",
    "python -m sphinx -M clean docs $HOME",
    "jekyll build -d ~",
    "jekyll build --destination /",
    "jekyll b -d $HOME",
    "bundle exec jekyll build -d ~",
    "hugo --cleanDestinationDir -d ~",
    "hugo --cleanDestinationDir --destination /",
    "hugo build --cleanDestinationDir -d=$HOME",
    "vite build --emptyOutDir --outDir ~",
    "vite build --outDir=/ --emptyOutDir",
    "npx vite build --emptyOutDir --outDir $HOME",
    "ng build --output-path ~",
    "ng build --output-path=/",
    "npx ng build --configuration production --output-path $HOME",
    "ng b --outputPath=~",
    "webpack --output-clean --output-path ~",
    "webpack --output-clean -o /",
    "npx webpack --mode production --output-clean --output-path=$HOME",
    "tsup --clean -d ~",
    "tsup src/index.ts --clean --out-dir /",
    "npx tsup --clean --out-dir=$HOME",
    "zola build -o ~ --force",
    "zola build --output-dir / --force",
    "zola build -o $HOME",
    "mdbook build -d ~",
    "mdbook build --dest-dir /",
    "mdbook serve -d $HOME",
    "mdbook build book -d ~/",
    "tmpwatch 0 ~",
    "tmpwatch -m 0 /",
    "tmpwatch --mtime --force 0 $HOME",
    "tmpwatch -x ~/.ssh 0 ~",
    "tmpreaper 0s /",
    "tmpreaper --protect '*.keep' 0m ~",
    "sudo tmpreaper 0 ~/",
]

BY_A_VARIABLE = [
    "CARGO_TARGET_DIR=~ cargo clean",
    "CARGO_TARGET_DIR=/ cargo clean",
    "CARGO_BUILD_TARGET_DIR=~ cargo clean",
    "export CARGO_TARGET_DIR=$HOME; cargo clean",
    "env CARGO_TARGET_DIR=/ cargo clean",
    "GOMODCACHE=~ go clean -modcache",
    "GOMODCACHE=/ go clean --modcache",
    "GOMODCACHE=$HOME go clean -modcache -x",
    "export GOMODCACHE=~ && go clean -modcache",
    "env GOMODCACHE=~ go clean -modcache",
    "DENO_DIR=~ deno clean",
    "DENO_DIR=/ deno clean",
    "export DENO_DIR=$HOME; deno clean",
    "UV_CACHE_DIR=~ uv cache clean",
    "UV_CACHE_DIR=/ uv cache clean",
    "export UV_CACHE_DIR=$HOME; uv cache clean",
    "PRE_COMMIT_HOME=~ pre-commit clean",
    "PRE_COMMIT_HOME=/ pre-commit clean",
    "export PRE_COMMIT_HOME=$HOME; pre-commit clean",
    "PRE_COMMIT_HOME=~ python -m pre_commit clean",
    "PYTEST_ADDOPTS=--basetemp=~ pytest",
    'PYTEST_ADDOPTS="-x --basetemp /" pytest -q',
    "COMPOSER_CACHE_DIR=~ composer clear-cache",
    "COMPOSER_CACHE_DIR=/ composer clearcache",
    "COMPOSER_CACHE_DIR=$HOME composer cc",
    "export COMPOSER_CACHE_DIR=~; composer clear",
    "BUN_INSTALL_CACHE_DIR=~ bun pm cache rm",
    "export BUN_INSTALL_CACHE_DIR=/ && bun pm cache rm",
]


@pytest.mark.parametrize("command", BY_AN_OPTION + BY_A_VARIABLE)
def test_a_folder_a_program_is_told_to_clear_at_the_root_or_home_is_the_floor(command: str) -> None:
    assert_floor_denies(command)


@pytest.mark.parametrize(
    "command",
    [
        "pytest",
        "pytest -x tests/",
        "pytest --basetemp=.pytest-tmp",
        "pytest --basetemp=/tmp/pytest-run",
        "python -m pytest -q",
        "cargo clean",
        "cargo clean --target-dir target",
        "cargo clean -p mycrate",
        "go clean -modcache",
        "go clean -cache",
        "go clean -testcache",
        "bazel clean",
        "bazel clean --expunge",
        "deno clean",
        "uv cache clean",
        "pre-commit clean",
        "mkdocs build",
        "mkdocs build -d site",
        "mkdocs serve",
        "sphinx-build -M clean docs docs/_build",
        "sphinx-build -b html docs docs/_build",
        "jekyll build",
        "jekyll build -d _site",
        "hugo",
        "hugo --cleanDestinationDir",
        "hugo -d public --cleanDestinationDir",
        "vite build",
        "vite build --emptyOutDir",
        "vite build --outDir dist --emptyOutDir",
        "composer clear-cache",
        "composer install",
        "bun pm cache rm",
        "bun pm cache",
        "ng build",
        "ng build --output-path dist/app",
        "webpack --output-clean",
        "webpack --output-clean --output-path dist",
        "tsup --clean",
        "tsup src/index.ts --clean -d dist",
        "zola build",
        "zola build -o public --force",
        "mdbook build",
        "mdbook build -d book",
        "tmpwatch 24 /tmp",
        "tmpreaper 7d /tmp/build-cache",
    ],
)
def test_ordinary_cleaning_and_building_stays_approved_in_auto_mode(command: str) -> None:
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "GOPATH=~ go clean -modcache",
        "XDG_CACHE_HOME=~ uv cache clean",
        "bazel --output_user_root=~ clean --expunge",
        "pip cache purge --cache-dir ~",
        "npm cache clean --force --cache ~",
        "mkdocs build --dirty -d ~",
        "vite build --outDir ~",
        "hugo -d ~",
        "ng build --delete-output-path=false --output-path ~",
        "webpack --output-path ~",
        "tsup -d ~",
        "composer install -d ~",
    ],
)
def test_a_cleaning_below_the_folder_named_is_not_the_floors(command: str) -> None:
    """What these remove is a folder below the one named (or nothing of it): not `rm -rf ~`."""
    v = term(command, autonomy=AUTO_MODE)
    assert v.reason != "builtin_deny", command
