"""A local fake of the few Docker Engine API endpoints the adapter uses (v1.43), over TCP.

containers: inspect, create, start, stop, delete; exec: create, start (a multiplexed stdout/stderr stream)
and inspect. Commands are not run: ``exec_results`` maps a command to (stdout, stderr, exit code).
"""

from __future__ import annotations

import json
import re
import struct
import time
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.loopback import LoopbackServer


class FakeDockerEngine(LoopbackServer):
    def __init__(self):
        self.requests: list[tuple[str, str, dict]] = []
        self.containers: dict[str, dict] = {}
        self.execs: dict[str, dict] = {}
        self.exec_results: dict[str, tuple[bytes, bytes, int]] = {}
        self.created = 0  # ids are never reused, as an engine's are not
        self._serve()

    @property
    def base_url(self) -> str:
        return f"tcp://{self.address}"

    def _find(self, ref: str) -> dict | None:
        return self.containers.get(ref) or next(
            (c for c in self.containers.values() if c["Name"] == "/" + ref), None
        )

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _json(self, status: int, body=None) -> None:
                data = json.dumps(body).encode() if body is not None else b""
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _route(self, method: str) -> None:
                parts = urlsplit(self.path)
                path = re.sub(r"^/v[0-9.]+", "", parts.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                length = int(self.headers.get("Content-Length") or 0)
                body: Any = json.loads(self.rfile.read(length) or b"null") if length else None
                fake.requests.append((method, path, {"query": query, "body": body}))
                if method == "POST" and path == "/containers/create":
                    if body.get("Image") == "missing:latest":
                        return self._json(404, {"message": "No such image: missing:latest"})
                    fake.created += 1
                    cid = f"c{fake.created:063d}"
                    fake.containers[cid] = {
                        "Id": cid,
                        "Name": "/" + query.get("name", cid),
                        "Config": body,
                        "State": {"Status": "created"},
                    }
                    return self._json(201, {"Id": cid, "Warnings": []})
                if m := re.fullmatch(r"/containers/([^/]+)/(json|start|stop|exec)", path):
                    c = fake._find(m.group(1))
                    if c is None:
                        return self._json(404, {"message": f"No such container: {m.group(1)}"})
                    if m.group(2) == "json":
                        config = {k: c["Config"].get(k) for k in ("Image", "User", "Labels", "WorkingDir")}
                        host = c["Config"].get("HostConfig") or {}
                        return self._json(
                            200,
                            {"Id": c["Id"], "Name": c["Name"], "State": c["State"], "Config": config,
                             "HostConfig": host},
                        )  # fmt: skip
                    if m.group(2) == "start":
                        c["State"] = {"Status": "running", "Running": True}
                        return self._json(204)
                    if m.group(2) == "stop":
                        c["State"] = {"Status": "exited", "Running": False}
                        return self._json(204)
                    eid = f"e{len(fake.execs) + 1}"
                    fake.execs[eid] = {
                        "container": c["Id"],
                        "Cmd": body["Cmd"],
                        "WorkingDir": body.get("WorkingDir"),
                        "User": body.get("User"),
                        "Env": body.get("Env"),
                    }
                    return self._json(201, {"Id": eid})
                if method == "DELETE" and (m := re.fullmatch(r"/containers/([^/]+)", path)):
                    c = fake._find(m.group(1))
                    if c is None:
                        return self._json(404, {"message": "No such container"})
                    del fake.containers[c["Id"]]
                    return self._json(204)
                if m := re.fullmatch(r"/exec/([^/]+)/(start|json)", path):
                    ex = fake.execs[m.group(1)]
                    out, err, code = fake.exec_results.get(ex["Cmd"][-1], (b"", b"", 0))
                    if m.group(2) == "json":
                        return self._json(200, {"ExitCode": code, "Running": False})
                    frames = b""
                    for stream, data in ((1, out), (2, err)):
                        if data:
                            frames += struct.pack(">BxxxL", stream, len(data)) + data
                    # The engine hijacks the connection for the stream and closes it at the end.
                    self.send_response(200)
                    self.send_header("Content-Type", "application/vnd.docker.multiplexed-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    # The client reads the stream from the raw socket after the headers (as over a hijacked
                    # connection); a real engine's output comes later than its headers, so do the same.
                    self.wfile.flush()
                    time.sleep(0.2)
                    self.wfile.write(frames)
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self._json(404, {"message": f"fake engine does not speak {method} {path}"})

            def do_GET(self):
                self._route("GET")

            def do_POST(self):
                self._route("POST")

            def do_DELETE(self):
                self._route("DELETE")

        return Handler
