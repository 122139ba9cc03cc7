"""Benchmark: from an agent's proposal to its approval message posted in Slack, side by side with
the console's live update of the same proposal, in one run.

Brabo is served for real (`manage.py serve`: uvicorn and its Celery worker, a private Redis, PostgreSQL) with
a workspace whose Slack app points at a local fake Slack (actions/tests/fake_slack.py, speaking
chat.postMessage). A console session holds the live stream (`/admin/console/events/stream/`). Each of N
pending proposals (sequential, one agent) is timed from just before its POST to

* live — the stream's frame for its `proposed_action.created` event reaching the console's reader;
* slack — the fake Slack receiving the chat.postMessage whose Approve button names the action (the worker's
  notify_event → outbox row → slack_post path, the path every notification takes).

    .venv/bin/python bench/slack_post.py [--n 100]

Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432; database <name>_slack is
recreated) and redis-server on PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from actions.tests.fake_slack import FakeSlack  # noqa: E402
from tests.served import PrivateRedis, Server, base_env, wait_until  # noqa: E402

TOKEN = "xoxb-bench-0000-abcdef"
SEED = (
    """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from actions import slack
from projects.models import Membership
from projects.services import create_agent, create_project, create_workspace
owner = get_user_model().objects.create_user("bench-owner", password="x")
ws = create_workspace(actor=owner, name="bench")
project = create_project(actor=owner, workspace=ws, name="bench-app")
principal = Membership.objects.get(workspace=ws, user=owner)
_, key = create_agent(actor=owner, project=project, name="proposer", principal=principal)
slack.configure(actor=owner, workspace=ws, team_id="T0BENCH", channel="#approvals",
                bot_token=TOKEN, signing_secret="0123456789abcdef0123")
client = Client()
client.force_login(owner)
print("SEED=" + json.dumps({"agent": key, "session": client.cookies["sessionid"].value}))
"""
).replace("TOKEN", repr(TOKEN))


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else float("nan")


class LiveReader:
    """The console's live stream, read in a thread: the time each action's created-frame arrived."""

    def __init__(self, url: str, session: str):
        self.seen: dict[str, float] = {}
        self.opened = threading.Event()
        self._client = httpx.Client(base_url=url, cookies={"sessionid": session}, timeout=600)
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        try:
            with self._client.stream("GET", "/admin/console/events/stream/") as response:
                for line in response.iter_lines():
                    self.opened.set()
                    if line.startswith("data: "):
                        frame = json.loads(line[6:])
                        if frame.get("event") == "proposed_action.created":
                            self.seen.setdefault(frame["id"], time.perf_counter())
        except httpx.HTTPError:
            pass
        finally:
            self.opened.set()

    def close(self):
        self._client.close()


def slack_posted(fake: FakeSlack) -> dict[str, float]:
    out: dict[str, float] = {}
    for call in fake.of("chat.postMessage"):
        for block in call["args"].get("blocks") or []:
            if block.get("type") == "actions":
                out.setdefault(block["elements"][0]["value"], call["at"])
    return out


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100)
    args = parser.parse_args()
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brabo_bench")
    db_url = base.rsplit("/", 1)[0] + "/" + base.rsplit("/", 1)[1] + "_slack"
    ensure_database(db_url)
    tmp = Path(tempfile.mkdtemp(prefix="bench-slack-"))
    redis = PrivateRedis(tmp)
    with FakeSlack(TOKEN) as fake:
        env = base_env(
            DATABASE_URL=db_url,
            CELERY_BROKER_URL=redis.url,
            BRABO_VAR_DIR=str(tmp / "var"),
            BRABO_SLACK_API_URL=fake.api_url,
            BRABO_SSE_HEARTBEAT="1",
            BRABO_SSE_MAX_SECONDS="3600",
            BRABO_LOG_LEVEL="WARNING",
            # every proposal stays pending (nobody decides here): the pending caps would stop the run at 100
            BRABO_CAP_PENDING_PER_AGENT="100000",
            BRABO_CAP_PENDING_PER_WORKSPACE="100000",
        )
        (tmp / "var").mkdir(exist_ok=True)
        import subprocess

        for argv in (["migrate", "--noinput", "-v0"], ["shell", "-c", SEED]):
            out = subprocess.run(
                [sys.executable, "manage.py", *argv], cwd=ROOT, env=env, capture_output=True, text=True
            )
            if out.returncode:
                sys.exit(f"setup failed:\n{out.stderr[-2000:]}")
        seed = json.loads(out.stdout.split("SEED=")[1])
        server = Server(tmp, env=env)
        live = LiveReader(server.url, seed["session"])
        try:
            live.opened.wait(60)
            agent = {"Authorization": f"Bearer {seed['agent']}"}
            sent: dict[str, float] = {}
            for i in range(args.n + 5):  # the first 5 warm the worker up and are not counted
                t0 = time.perf_counter()
                r = httpx.post(
                    server.url + "/api/actions/",
                    json={"action_type": "terminal", "payload": {"command": f"make deploy-{i}"}},
                    headers=agent,
                    timeout=60,
                )
                if r.status_code != 201 or r.json()["status"] != "pending":
                    sys.exit(f"a proposal answered {r.status_code}: {r.text[:300]}")
                action_id = r.json()["id"]
                wait_until(
                    lambda a=action_id: a in live.seen and a in slack_posted(fake),
                    seconds=60,
                    every=0.002,
                    what=f"the live frame and the Slack post of {action_id}",
                )
                if i >= 5:
                    sent[action_id] = t0
            posted = slack_posted(fake)
            live_ms = [(live.seen[a] - t0) * 1e3 for a, t0 in sent.items()]
            slack_ms = [(posted[a] - t0) * 1e3 for a, t0 in sent.items()]
        finally:
            live.close()
            server.stop()
            redis.stop()
    rows = [("console live update", live_ms), ("Slack message posted", slack_ms)]
    print(f"\nproposal → seen, {args.n} pending proposals, one run (ms)\n")
    print("| | p50 | p99 | mean |\n|---|---:|---:|---:|")
    for name, values in rows:
        print(f"| {name} | {percentile(values, 0.5):.1f} | {percentile(values, 0.99):.1f} | "
              f"{statistics.mean(values):.1f} |")  # fmt: skip
    print(
        f"| ratio Slack / live | {percentile(slack_ms, 0.5) / percentile(live_ms, 0.5):.2f}× | "
        f"{percentile(slack_ms, 0.99) / percentile(live_ms, 0.99):.2f}× | "
        f"{statistics.mean(slack_ms) / statistics.mean(live_ms):.2f}× |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
