"""A real git smart-HTTP remote for tests: ``git http-backend`` behind Basic auth.

Only the owner's token (user ``x-access-token``) is accepted. While each request is served — that is,
while the pushing git and its helpers are alive — the server scans every process's argv
(``/proc/*/cmdline``) for the token and records any hit in ``argv_leaks``.
"""

from __future__ import annotations

import base64
import os
import subprocess
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import urlsplit

from tests.loopback import LoopbackServer


def scan_cmdlines(secret: str) -> list[str]:
    hits = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if secret in argv:
            hits.append(argv)
    return hits


class GitHttpRemote(LoopbackServer):
    def __init__(self, root: Path, token: str, *, username: str = "x-access-token"):
        self.root = root
        self.token = token
        self.username = username
        self.auth_seen: list[bool] = []
        self.argv_leaks: list[str] = []
        self._serve()

    def url(self, repo: str) -> str:
        return f"http://{self.address}/{repo}"

    def _handler(self):
        remote = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _serve(self, method: str) -> None:
                remote.argv_leaks.extend(scan_cmdlines(remote.token))
                expected = base64.b64encode(f"{remote.username}:{remote.token}".encode()).decode()
                ok = self.headers.get("Authorization", "") == f"Basic {expected}"
                remote.auth_seen.append(ok)
                if not ok:
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="fake"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                parts = urlsplit(self.path)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                env = {
                    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                    "GIT_PROJECT_ROOT": str(remote.root),
                    "GIT_HTTP_EXPORT_ALL": "1",
                    "PATH_INFO": parts.path,
                    "QUERY_STRING": parts.query,
                    "REQUEST_METHOD": method,
                    "CONTENT_TYPE": self.headers.get("Content-Type", ""),
                    "CONTENT_LENGTH": str(len(body)),
                    "REMOTE_USER": remote.username,
                    "REMOTE_ADDR": "127.0.0.1",
                    "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", ""),
                    "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
                }
                out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
                head, _, payload = out.partition(b"\r\n\r\n")
                status, headers = 200, []
                for line in head.decode().split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.lower() == "status":
                        status = int(value.strip().split()[0])
                    elif name:
                        headers.append((name, value.strip()))
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_GET(self):
                self._serve("GET")

            def do_POST(self):
                self._serve("POST")

        return Handler
