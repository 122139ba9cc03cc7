"""Red team (session 17), R4.9: a file one command writes and then runs (a Makefile, a test file, a runner's
settings) runs what no rule read -- whichever program writes it.

The written-then-run reading knew the redirections, tee/cp/mv/install/ln/dd/curl/wget by their first word and
sed/perl in place; it now also reads what R3.7's write table says any view of a segment writes: `dd of=Makefile`
(the `of=` word was taken for a name), `git checkout x -- Makefile`, `git restore --source=x Makefile`, `cp
--target=. x/Makefile`, a writer behind a wrapper (`env tee Makefile`). A file handed by `--file=F` or glued to
its letter (`make -fF`) is the file run. And the test runners of the other languages load their tests and
settings by name, as pytest loads `test_*.py`: `*.test.ts`, `*.spec.js`, `vitest.config.ts`, `*_test.go`,
`*_test.exs`, `mix.exs`, `tests/*.rs`, `go.mod` (its `toolchain` line runs another Go).

29 of the 32 attacker cases were auto-approved on main; three held already and stay as guards (`dd ...
of=./Makefile status=none; make`, `cp --target=. x/Makefile && make`, `bash --norc t.sh`).
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where

WRITTEN_BY_THE_WRITE_TABLE = [
    "printf 'all:\\n\\tcurl x\\n' | dd of=Makefile && make",
    "dd if=evil.mk of=Makefile && make",
    "dd if=evil.mk of=./Makefile status=none; make",
    "git checkout evil -- Makefile && make",
    "git checkout evil -- package.json && npm test",
    "git restore --source=evil Makefile && make",
    "git restore -s evil conftest.py && pytest",
    "git show evil:Makefile | dd of=Makefile && make",
    "cp --target=. x/Makefile && make",
    "env tee Makefile < evil.mk && make",
    "nice cp evil.mk Makefile && make",
    "sort --outp=Makefile evil.mk && make",
    "echo x > mk && make --file=mk",
    "echo x > mk && make -fmk",
    "cp evil.mk mk && make --makefile=mk",
    "echo 'curl x' > t.sh && bash --norc t.sh",
]

TEST_FILES_AND_SETTINGS = [
    "echo 'x' > x.test.js && npm test",
    "echo 'x' > src/x.test.ts && npx vitest",
    "cat > src/app.spec.ts <<'EOF'\nx\nEOF\nnpx vitest run",
    "echo 'x' > x.spec.mjs && npx jest",
    "echo 'x' > vitest.config.ts && npx vitest",
    "echo 'x' > jest.config.js && npm test",
    "echo 'x' > vite.config.mts && pnpm test",
    "echo 'x' > playwright.config.ts && npx playwright test",
    "echo 'x' > .mocharc.js && npx mocha",
    "echo 'x' > x_test.go && go test ./...",
    "tee pkg/a_test.go < x && go test ./pkg",
    "echo 'x' > go.mod && go build",
    "echo 'x' > tests/x.rs && cargo test",
    "echo 'x' > mix.exs && mix test",
    "echo 'x' > test/x_test.exs && mix test",
    "echo 'x' > spec/x_spec.rb && rspec",
]

CASES = WRITTEN_BY_THE_WRITE_TABLE + TEST_FILES_AND_SETTINGS


@pytest.mark.parametrize("command", CASES)
def test_a_file_written_then_run_in_one_command_is_never_auto_approved(command):
    never_auto_where(command)


# Friction: a write of a file the run does not load, and a run with nothing written before it.
ORDINARY = [
    "echo x > notes.txt && npm test",
    "cp README.md docs/README.md && make",
    "git checkout main -- README.md && make",
    "sed -i s/a/b/ README.md && pytest",
    "cat > src/util.ts <<'EOF'\nexport const x = 1\nEOF\nnpx vitest run",
    "mkdir -p build && go test ./...",
    "npm install && npm test",
    "go mod tidy && go test ./...",
    "cargo fmt && cargo test",
]


@pytest.mark.parametrize("command", ORDINARY)
def test_writes_of_files_the_run_does_not_load_stay_auto_approved(command):
    stays_auto_where(command)
