"""A local fake of Slack at its HTTP boundary, speaking the documented Web API shapes:
``POST /api/chat.postMessage``, ``/api/chat.update`` and ``/api/auth.test`` (the team of the token) (Bearer
bot token, ``teams`` maps each known one to its Slack team; JSON or form body; answers
``{"ok": true, "channel", "ts", …}`` or ``{"ok": false, "error": "invalid_auth"}``), and a ``response_url``
(``POST /respond/<n>``, JSON, answers ``ok``). It keeps every call; the interactivity requests Slack would
send back are built by ``actions.tests.slack_requests``."""

from __future__ import annotations

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs

from tests.loopback import LoopbackServer

SESSION_TOKEN = "xoxb-session-worker-0000"  # the bot token of the fake the session's real worker talks to


class FakeSlack(LoopbackServer):
    def __init__(self, token: str):
        self.token = token
        self.teams = {token: "T0ACME"}  # bot token -> the Slack team it was installed in (auth.test's answer)
        self.calls: list[dict] = []
        self.responses: list[dict] = []
        self.script: list[int] = []  # HTTP statuses to answer the next Web API calls with (then 200)
        self.hold: threading.Event | None = None  # when given, every call waits for it before it is taken
        self.hold_for = 60.0  # ... or this long (a bound for a broken test)
        self._ts = itertools.count(1)
        self._lock = threading.Lock()
        self._serve()

    @property
    def api_url(self) -> str:
        return f"http://{self.address}/api/"

    @property
    def respond_prefix(self) -> str:
        return f"http://{self.address}/respond/"

    def of(self, method: str) -> list[dict]:
        return [c for c in self.calls if c["method"] == method]

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if fake.hold is not None:
                    fake.hold.wait(fake.hold_for)
                if self.path.startswith("/respond/"):
                    fake.responses.append({"path": self.path, "body": json.loads(raw)})
                    return self._answer(200, b"ok", "text/plain")
                method = self.path.removeprefix("/api/")
                if "json" in (self.headers.get("Content-Type") or ""):
                    args = json.loads(raw or b"{}")
                else:
                    args = {k: v[0] for k, v in parse_qs(raw.decode()).items()}
                    if isinstance(args.get("blocks"), str):
                        args["blocks"] = json.loads(args["blocks"])
                bearer = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
                authorized = bearer in fake.teams
                with fake._lock:
                    fake.calls.append(
                        {"method": method, "args": args, "authorized": authorized, "at": time.perf_counter()}
                    )
                    ts = f"1700000000.{next(fake._ts):06d}"
                    scripted = fake.script.pop(0) if fake.script else 200
                if scripted != 200:  # as Slack does when it is down or rate-limits (Retry-After: 1)
                    return self._json(
                        {"ok": False, "error": "ratelimited" if scripted == 429 else "fatal_error"}, scripted
                    )
                if not authorized:
                    return self._json({"ok": False, "error": "invalid_auth"})
                if method == "chat.postMessage":
                    channel = args["channel"] if not args["channel"].startswith("#") else "C0CHANNEL"
                    return self._json(
                        {"ok": True, "channel": channel, "ts": ts, "message": {"text": args.get("text")}}
                    )
                if method == "auth.test":
                    return self._json({"ok": True, "team_id": fake.teams[bearer], "user_id": "U0BOT"})
                if method == "chat.update":
                    return self._json(
                        {"ok": True, "channel": args["channel"], "ts": args["ts"], "text": args.get("text")}
                    )
                return self._json({"ok": False, "error": "unknown_method"}, 404)

            def _json(self, body, code=200):
                self._answer(code, json.dumps(body).encode(), "application/json; charset=utf-8")

            def _answer(self, code, data, ctype):
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        return Handler
