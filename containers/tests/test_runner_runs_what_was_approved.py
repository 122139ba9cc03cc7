"""The runner runs only work whose payload hashes to the hash the server states, in the state work is in.

The runner cannot verify an approval itself (the approval is the server's record, and the server could
state anything); what it can verify is that the payload it was handed is the one the server recorded a hash
for at proposal, and that the server says the work is being executed. Anything else is reported as a named
failure and never run. ``serve`` is driven with a fake server; the hash (brabo_client.payload_hash, the
server's and the runner's one function) is held the same after the JSON transport.
"""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from actions.models import payload_hash as server_hash
from brabo_client import runner as rp
from brabo_client.payload_hash import payload_hash as runner_hash

from .test_runner_program import make_runner


class OneShotApi:
    """A server that hands out ``work`` once, then lets the runner stop; it keeps every report."""

    server = "http://brabo.test"

    def __init__(self, work: dict, stop: rp.Stopping):
        self.work: dict | None = work
        self.stop = stop
        self.reports: list[tuple[str, dict]] = []

    def poll(self, timeout):
        work, self.work = self.work, None
        if work is None:
            self.stop.event.set()
        return work

    def report(self, action_id, body):
        self.reports.append((action_id, body))
        return 200, {"status": body["outcome"]}


def _serve(root, work: dict) -> dict:
    runner = make_runner(root)
    console = rp.Console(mode="auto", mode_file=None, interactive=False, out=open(os.devnull, "w"))  # noqa: SIM115
    stop = rp.Stopping()
    api = OneShotApi(work, stop)
    assert rp.serve(api, runner, console, make_runner_args(), stop) == rp.EXIT_OK  # type: ignore[arg-type]
    ((action_id, body),) = api.reports
    assert action_id == work["action_id"]
    return body


def make_runner_args():
    from .test_runner_program import args

    return args(poll_timeout=0, max_backoff=0.01)


def _work(payload, *, payload_hash=..., status="executing", action_type="write_file") -> dict:
    work = {"action_id": "a1", "action_type": action_type, "payload": payload, "status": status}
    work["payload_hash"] = server_hash(payload) if payload_hash is ... else payload_hash
    if payload_hash is None:
        del work["payload_hash"]
    if status is None:
        del work["status"]
    return work


WRITE = {"path": "written.txt", "content": "x\n"}


def test_work_whose_payload_has_the_stated_hash_runs(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    body = _serve(root, _work(WRITE))
    assert body["outcome"] == "executed", body
    assert (root / "written.txt").read_text() == "x\n"


@pytest.mark.parametrize(
    "stated",
    [
        server_hash({"path": "other.txt", "content": "x\n"}),
        server_hash({}),
        "0" * 64,
        "",
        "not a hash",
        42,
        ["a"],
    ],
    ids=["other_payload", "empty_payload", "zeros", "empty", "text", "number", "list"],
)
def test_work_whose_payload_does_not_have_the_stated_hash_is_not_run(tmp_path, stated):
    root = tmp_path / "p"
    root.mkdir()
    body = _serve(root, _work(WRITE, payload_hash=stated))
    assert body["outcome"] == "failed"
    assert body["error"]["code"] in ("payload_hash_mismatch", "payload_hash_missing")
    assert not (root / "written.txt").exists()


def test_work_without_a_stated_hash_is_not_run(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    body = _serve(root, _work(WRITE, payload_hash=None))
    assert (body["outcome"], body["error"]["code"]) == ("failed", "payload_hash_missing")
    assert "server" in body["error"]["message"]
    assert not (root / "written.txt").exists()


def test_a_terminal_command_changed_on_the_way_is_not_run(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    work = _work({"command": "true"}, action_type="terminal")
    work["payload"] = {"command": "touch ran"}
    body = _serve(root, work)
    assert (body["outcome"], body["error"]["code"]) == ("failed", "payload_hash_mismatch")
    assert not (root / "ran").exists()


@pytest.mark.parametrize("status", ["approved", "auto_approved", "pending", "executed", "failed", "", None])
def test_work_the_server_does_not_say_is_executing_is_not_run(tmp_path, status):
    root = tmp_path / "p"
    root.mkdir()
    body = _serve(root, _work(WRITE, status=status))
    assert (body["outcome"], body["error"]["code"]) == ("failed", "work_not_executing")
    assert not (root / "written.txt").exists()


# -- the runner's hash is the server's -------------------------------------------------------------------

PAYLOADS = [
    {},
    {"command": "make test", "cwd": "/work/sub"},
    {"path": "a.txt", "content": 'ünïcødé ✓ \u2028 "q" \\ \x7f'},
    {"n": 2.0, "big": 1e20, "tiny": 1e-7, "neg": -0.0, "f": 0.1, "i": 2**70, "b": True, "z": None},
    {"nested": {"b": [1, 2.5, {"y": [], "x": {}}], "a": ""}, "\u00e9": "key order"},
]


@pytest.mark.parametrize("payload", PAYLOADS, ids=range(len(PAYLOADS)))
def test_the_runners_hash_is_the_servers_also_after_the_wire(payload):
    stated = server_hash(payload)
    assert runner_hash(payload) == stated
    # the server sends the payload as JSON; the runner hashes what it parsed
    for dumped in (json.dumps(payload), json.dumps(payload, ensure_ascii=False)):
        assert runner_hash(json.loads(dumped)) == stated
    # as PostgreSQL's jsonb hands numbers back: whole floats as integers
    assert runner_hash(json.loads(json.dumps(payload).replace("1e+20", "100000000000000000000"))) == stated


def test_the_earlier_hash_of_the_exact_json_is_accepted_too(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    payload = {**WRITE, "ratio": 2.0}
    legacy = hashlib.sha256(json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    body = _serve(root, _work(payload, payload_hash=legacy))
    assert body["outcome"] == "executed", body
