"""Bash as the oracle (R4.7, R4.9): for commands generated from a grammar, every simple command
bash reads is a segment the reader sees, or the reader calls the whole command unparseable.

Bash runs in bubblewrap and only defines functions from generated text (see shell_grammar). A bounded
slice runs here; bench/fuzz_shell.py runs 100,000 commands.
"""

from __future__ import annotations

import pytest

from permissions.tests import shell_grammar as g

pytestmark = pytest.mark.skipif(not g.sandbox_available(), reason="bubblewrap (bwrap) and bash are needed")


def _check(commands: list[str]) -> g.Tally:
    tally = g.Tally()
    mismatches = g.compare(commands, tally)
    assert not mismatches, "\n\n".join(str(m) for m in mismatches[:5])
    return tally


def test_every_command_bash_runs_is_a_segment_or_the_command_is_unparseable():
    tally = _check(g.draw(300, seed=11))
    # The slice tests the reading itself: most generated commands are read and agree with bash.
    assert tally.agreed > tally.checked // 2


def test_a_seeded_sample_of_the_fuzz_grammar_agrees_with_bash():
    _check(g.sample(700, seed=20261130))


@pytest.mark.parametrize(
    "command",
    [
        # R4.7, arithmetic: `<<` in arithmetic is a shift; the next line runs.
        "((x<<2))\nc0",
        "echo $((1<<2))\nc0",
        # R4.9, definitions and compound-command words: reserved words before a compound command do not hide it.
        "time { c0; }",
        "time -p { c0; }",
        "coproc N { c0; }",
        "function g { c0; }",
        # R4.7, nested backticks: nested backticks.
        "echo `c0 \\`c1\\``",
    ],
)
def test_known_misreadings_agree_with_bash_now(command):
    # Each of these was a mismatch on the reader before the closed world (R4.9): bash runs c0 (and c1).
    canonical = g.bash_canonical([command])[0]
    assert canonical is not None
    theirs = g.bash_code_markers(canonical)
    ours = g.engine_markers(command)
    assert ours is not None, "read, not refused"
    assert theirs and theirs <= ours


def test_the_oracle_tells_data_from_code():
    # The oracle's own tokenizer: markers in quotes, quoted here-documents and arithmetic are data.
    canonical = g.bash_canonical(["c0 'c1' \"c2 $(c3)\" $(( c4 << 2 )) <<'E'\nc5 $(c6)\nE\n`c7`"])[0]
    assert canonical is not None
    assert g.bash_code_markers(canonical) == {"c0", "c3", "c7"}


def test_the_oracle_reports_a_reader_that_misses_a_command(monkeypatch):
    # The check can fail: a reader that saw only the first command of each is reported, with the command.
    monkeypatch.setattr(g, "engine_markers", lambda command: {"c0"})
    mismatches = g.compare(["c0 && c1", "c0"])
    assert [m.command for m in mismatches] == ["c0 && c1"]
    assert "c1" in str(mismatches[0])
