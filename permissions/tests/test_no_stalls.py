"""no stalls in long-running processes: no stalls in long-running processes.

A stream of `policy eval` requests stalled at the same position after long commands: the batch of answers
holding them was joined and written at its 512th line, and the cyclic collector, triggered while a long
command was read, walked every object the reading kept alive. Behaviour, not timing, is tested here: where
the answers are written, and that the collector is paused while a decision is made (bench/eval_stream.py
measures the times).
"""

import gc
import io
import json

from permissions.cli import run_eval
from permissions.decide import DecisionRequest, Permissions, decide

from .helpers import HOST


class _Recorder(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def test_long_answers_are_written_before_the_next_line_is_read():
    out = _Recorder()
    long_command = "a;" * 20_000  # its answer lists 20,000 segments
    lines = [json.dumps({"action_type": "terminal", "role": "developer", "command": long_command})]
    lines += [json.dumps({"action_type": "terminal", "role": "developer", "command": "ls"})] * 3
    written_when_read: list[int] = []

    def stream():
        for line in lines:
            written_when_read.append(sum(len(w) for w in out.writes))
            yield line + "\n"

    assert run_eval(stream(), out) == 0
    # The long answer went out as soon as it was made: the next line found it written.
    assert written_when_read[0] == 0
    assert written_when_read[1] > 100_000
    answers = "".join(out.writes).splitlines()
    assert len(answers) == 4 and all(json.loads(a)["decision"] for a in answers)


class _SeesTheCollector:
    """A policy hook (R11) that records whether the collector may run while the decision is being made."""

    name = "probe"

    def __init__(self) -> None:
        self.seen: list[bool] = []

    def applies_to(self, action_type: str) -> bool:
        return True

    def tool_approval(self, data, workspace: str) -> str:
        self.seen.append(gc.isenabled())
        return "allow"


def _request(command: str) -> DecisionRequest:
    return DecisionRequest("terminal", "developer", HOST, command=command, permissions=Permissions())


def test_the_collector_is_paused_during_a_decision_and_restored_after():
    probe = _SeesTheCollector()
    assert gc.isenabled()
    decide(_request("ls"), hooks=(probe,))
    assert probe.seen == [False]
    assert gc.isenabled()


def test_a_caller_that_paused_the_collector_keeps_it_paused():
    probe = _SeesTheCollector()
    gc.disable()
    try:
        decide(_request("ls"), hooks=(probe,))
        assert probe.seen == [False]
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_is_restored_when_a_hook_fails():
    class Broken(_SeesTheCollector):
        def tool_approval(self, data, workspace: str) -> str:
            raise RuntimeError("worker died")

    v = decide(_request("ls"), hooks=(Broken(),))
    assert v.decision == "deny"  # a failure denies (R11)
    assert gc.isenabled()
