"""R4.9, red team: the Python tools told which interpreter to make an environment with or run in run it -- first to
ask it its version, then as the environment's python -- as pip's `--python` runs the program it names. `uv venv -p
./x.sh`, `uv run --python ./x.sh pytest`, `uvx --python ./x.sh ruff`, `virtualenv -p ./x.sh venv`, `pipenv
--python ./x.sh install`, `poetry env use ./x.sh`, `pdm use ./x.sh`, `tox --discover ./x.sh`, `nox --force-python
./x.sh` were approved under a prefix allow of the tool (a program no rule read); the program is now a segment of its
own (permissions/commands/option_commands.py), judged as written. A version or an implementation asked for (`3.12`,
`cpython@3.12`, `pypy3`, `python3.12`) names no program of the command's own and stays approved, and so do the
words of the command `uv run` runs (`uv run pytest -p no:cacheprovider`: pytest's `-p`). The same for the shell
npm's scripts run through, spelt as pnpm's configuration override (`pnpm --config.script-shell=./x.sh run build`)
or with npm's underscore (`--script_shell`).

Each attack is judged behind an allow of every word it holds (in the sandbox and on the developer's machine): the
program it names is one no allow names. 27 of the 32 attacks were approved on the session's start (209bff9) -- the
other 5 asked there for other reasons (what `uv run` and `uv tool run` run wants an allow naming it, R4.8;
`/tmp/evil` is outside the project) and are kept as guards; the 38 ordinary commands were approved there and stay
so.
"""

import pytest

from .helpers import allow_every_word, term

ATTACKS = [
    "uv venv -p ./evil.sh",
    "uv venv --python ./evil.sh",
    "uv venv --python=./evil.sh",
    "uv venv -p./evil.sh",
    "uv venv -p=./evil.sh",
    "uv run --python ./evil.sh pytest",
    "uv run --with pytest --python ./evil.sh pytest",
    "uv sync --python ./tools/py",
    "uv pip install --python ./evil requests",
    "uv lock -p ./evil",
    "uvx --python ./evil ruff check",
    "uv tool run --python ./evil ruff",
    "uv venv -p /tmp/evil",
    "poetry env use ./evil.sh",
    "poetry -C backend env use ./evil.sh",
    "pdm use ./evil.sh",
    "pdm venv create ./evil.sh",
    "pipenv --python ./evil.sh install",
    "pipenv --python=./evil.sh install",
    "pipenv --python 3.11 --python ./evil.sh install",
    "virtualenv -p ./evil.sh venv",
    "virtualenv --python=./evil.sh venv",
    "virtualenv --py ./evil.sh venv",
    "tox -e py --discover ./evil.sh",
    "tox --discover ./a ./evil.sh -e py",
    "tox --discover=./evil.sh",
    "nox --force-python ./evil.sh",
    "nox -P ./evil.sh -s tests",
    "nox --extra-python ./evil.sh",
    # the shell npm's scripts run through, spelt as pnpm's configuration override and with npm's underscore
    "pnpm --config.script-shell=./evil.sh run build",
    "pnpm --config.shell=./evil.sh test",
    "npm --script_shell=./evil.sh run build",
]

ORDINARY = [
    "uv venv",
    "uv venv --python 3.12",
    "uv venv -p 3.11",
    "uv venv -p python3.12",
    "uv venv --python cpython@3.12",
    "uv venv -p pypy3",
    "uv run pytest -p no:cacheprovider",
    "uv run --python 3.12 pytest -p xdist -n 4",
    "uv sync --python 3.12",
    "uv pip install -p 3.12 requests",
    "uv run --project backend pytest -q",
    "uvx --python 3.12 ruff check .",
    "uv tool run ruff check -p x",
    "uv add --python 3.12 requests",
    "uv lock --python 3.12",
    "poetry env use python3.12",
    "poetry env use 3.11",
    "poetry env use python",
    "poetry install",
    "poetry run pytest -p no:warnings",
    "pdm use 3.12",
    "pdm venv create 3.11",
    "pdm run pytest -p x",
    "pipenv --python 3.11 install",
    "pipenv run pytest -p x",
    "pipenv install --dev",
    "virtualenv -p python3.11 venv",
    "virtualenv venv",
    "virtualenv --python=3.12 .venv",
    "uv run python -m pytest -p no:randomly",
    "tox -e py312",
    "tox -e lint -- --fix",
    "nox -s tests",
    "nox -P 3.12 -s tests",
    "nox --force-python 3.11",
    "pnpm --config.registry=https://registry.example.com run build",
    "pnpm --filter web test",
    "npm run build",
]

PLACES = ("sandbox", "agent")


@pytest.mark.parametrize("command", ATTACKS)
def test_an_interpreter_named_by_path_is_a_program_no_allow_names(command):
    for runs_in in PLACES:
        v = term(command, allow=allow_every_word(command), runs_in=runs_in)
        assert v.decision != "auto_approve", (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ORDINARY)
def test_a_version_asked_for_and_the_commands_own_words_stay_approved(command):
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert v.decision == "auto_approve", (command, v.reason, v.message)
