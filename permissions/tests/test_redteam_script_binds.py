"""Red team, §5 step 6 (permissions.commands.script_binds): a project script or a run told to listen everywhere.

`vite --host` is an external effect (a server opening the machine to the network); the same words handed to a
project script or to the program a build tool runs reach a server no rule reads, and say what it will do. All
of BINDS were auto-approved under an allow of every word and in auto mode on 7d2c7f4; a port, a loopback host
and a script's other arguments stay ordinary.
"""

from __future__ import annotations

import pytest

from permissions.commands.script_binds import passes_bind

from .helpers import allow_every_word, assert_asks, term

RUNS_IN = ("sandbox", "agent")

BINDS = [
    "npm run dev -- --host",
    "npm run dev -- --host 0.0.0.0",
    "npm run dev -- --host=0.0.0.0",
    "npm run dev -- --hostname 0.0.0.0",
    "npm run serve -- 0.0.0.0:8000",
    "npm start -- -H 0.0.0.0",
    "npm start -- --bind=0.0.0.0:3000",
    "npm run preview -- --host --port 4173",
    "npm run dev -- --host mybox.local",
    "npm run dev -- --host $HOST",
    "npm run dev -- --listen :8080",
    "npm run dev -- --expose",
    "npm run dev -- HOST=0.0.0.0",
    "pnpm dev --host",
    "pnpm dev --host 0.0.0.0",
    "pnpm run dev --host",
    "pnpm --filter web dev --host",
    "yarn dev --host=0.0.0.0",
    "yarn start -H 0.0.0.0",
    "yarn dev --host [::]",
    "bun run dev --host",
    "bun run dev -- --host 0.0.0.0",
    "deno task dev --host",
    "deno task start --hostname 0.0.0.0",
    "cargo run -- --bind 0.0.0.0",
    "cargo run --release -- --listen 0.0.0.0:8080",
    "cargo run -- --host 0.0.0.0 --port 8080",
    "go run . -addr :8080",
    "go run ./cmd/server -listen 0.0.0.0:9000",
    "go run main.go --http=:6060",
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", BINDS)
def test_a_script_told_to_listen_everywhere_is_an_external_effect(command: str, runs_in: str) -> None:
    assert_asks(command, runs_in, "cap_external_effect")


ORDINARY = [
    "npm run dev",
    "npm run dev -- --port 3000",
    "npm run dev -- --host localhost",
    "npm run dev -- --host 127.0.0.1",
    "npm run dev -- --host=localhost --port 5173",
    "npm start -- -H 127.0.0.1",
    "npm test -- -b",
    "npm test -- -l",
    "npm run build -- --base /app/",
    "pnpm dev --port 3001",
    "pnpm test -- -H 'Authorization: x'",
    "yarn dev --open",
    "bun run dev",
    "deno task dev",
    "cargo run -- --port 8080",
    "cargo run --bin server",
    "go run . -port 8080",
    "go run ./cmd/server -addr 127.0.0.1:8080",
    "go run ./cmd/tool -b main",
]


@pytest.mark.parametrize("runs_in", RUNS_IN)
@pytest.mark.parametrize("command", ORDINARY)
def test_ports_loopback_and_other_arguments_stay_ordinary(command: str, runs_in: str) -> None:
    v = term(command, allow=allow_every_word(command), runs_in=runs_in)
    assert v.reason != "cap_external_effect", (command, runs_in, v.reason)


@pytest.mark.parametrize(
    ("words", "binds"),
    [
        (("--host",), True),
        (("--host", "--port", "1"), True),
        (("--host", "localhost"), False),
        (("--host", "[::1]"), False),
        (("--port", "0.0.0.0"), True),
        (("-b", "main"), False),
        (("-b", "0.0.0.0"), True),
        (("HOST=127.0.0.1",), False),
        (("LISTEN_ADDR=:80",), True),
        ((), False),
    ],
)
def test_what_passes_a_bind(words: tuple[str, ...], binds: bool) -> None:
    assert passes_bind(words) is binds


def test_the_quick_search_never_turns_away_a_line_the_reading_would_ask_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """passes_bind's joined-words search is a filter only: over generated argument lists, whatever the word by
    word reading answers yes for, the filtered function answers yes for too."""
    import random
    import re

    from permissions.commands import script_binds

    words = [*script_binds._BIND_OPTIONS, "0.0.0.0", "[::]", "::", "x", "localhost", "127.0.0.1", ":8080",
             "HOST=0.0.0.0", "LISTEN_ADDR=:1", "--port", "3000", "'0.0.0.0'", "--host=0.0.0.0", "main", "$H",
             "--", "a=b", "[::1]:80", "-H", "Authorization: x"]  # fmt: skip
    rng = random.Random(20261205)
    lines = [tuple(rng.choice(words) for _ in range(rng.randint(0, 5))) for _ in range(20_000)]
    filtered = [passes_bind(line) for line in lines]
    monkeypatch.setattr(script_binds, "_MAY_BIND", re.compile(""))
    unfiltered = [passes_bind(line) for line in lines]
    assert sum(unfiltered) > 1_000  # the generator reaches the yes answers
    assert [line for line, a, b in zip(lines, filtered, unfiltered, strict=True) if b and not a] == []
