"""A local fake of the GitHub REST and GitLab v4 endpoints Brabo calls, for tests.

It speaks both documented shapes on one port: GitHub under ``/github`` (``/repos/...``, ``/user/repos``),
GitLab under ``/gitlab/api/v4`` (``/projects/...``). Calls without the owner's token get each provider's
real 401 body. Every request is recorded (method, path, headers, JSON body) so tests can assert on them;
``fail_next`` injects answers (e.g. 502) for the next calls.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, unquote, urlsplit

from tests.loopback import LoopbackServer


class FakeProvider(LoopbackServer):
    def __init__(self, token: str, *, repo: str = "acme/app"):
        self.token = token
        self.repo = repo
        self.requests: list[dict] = []
        self.fail_next: list[int] = []
        # An answer lost after the provider acted (a gateway giving up on it, the connection dropped): the next
        # call of a method in ``lose_answer`` is carried out, then answered with that status instead; the
        # answers of methods in ``hold_answer`` wait (carried out) until ``answers_released`` is set.
        self.lose_answer: dict[str, int] = {}
        self.hold_answer: set[str] = set()
        self.answers_released = threading.Event()
        # A provider that quotes the request back in its error (some proxies and gateways do): the credential
        # lands past a 300-character prefix, where a cut-then-redact leaves a slice of it.
        self.echo_credentials = False
        # Set ``hold`` to keep every request waiting until it is set again (``arrived`` says one came in):
        # a worker can be killed while its call is in flight.
        self.hold: threading.Event | None = None
        self.arrived = threading.Event()
        self.branches: dict[str, str] = {"main": "a" * 40, "dev": "b" * 40}
        self.protected: set[str] = set()
        self.prs: dict[int, dict] = {}
        self.repos: list[str] = [repo]
        self.lock = threading.Lock()
        self._serve()

    # -- lifecycle --------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://{self.address}"

    def add_pr(self, number: int, *, head: str = "feature", base: str = "main") -> None:
        self.prs[number] = {"head": head, "base": base, "merged": False}

    def answer_after_acting(self, method: str, lost: int | None, status: int, answer):
        """The answer of a call already carried out: ``lost`` in its place, held while asked to."""
        if lost:
            status, answer = lost, {"message": "Bad Gateway"}
        if method in self.hold_answer:
            self.answers_released.wait(120)
        return status, answer

    # -- routing ----------------------------------------------------------------------------------
    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def _body(self) -> dict:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    return json.loads(raw) if raw else {}
                except ValueError:
                    return {}

            def _send(self, status: int, body) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _dispatch(self, method: str) -> None:
                parts = urlsplit(self.path)
                body = self._body()
                with fake.lock:
                    fake.requests.append(
                        {"method": method, "path": parts.path, "headers": dict(self.headers), "json": body}
                    )
                    injected = fake.fail_next.pop(0) if fake.fail_next else None
                    lost = None if injected else fake.lose_answer.pop(method, None)
                fake.arrived.set()
                if fake.hold is not None:
                    fake.hold.wait(120)
                if parts.path.startswith("/github/"):
                    if not self._github_auth():
                        return
                    if injected:
                        return self._send(injected, {"message": self._error_text("Server Error")})
                    status, answer = fake._github(method, parts.path[len("/github") :], body)
                elif parts.path.startswith("/gitlab/api/v4/"):
                    if not self._gitlab_auth():
                        return
                    if injected:
                        return self._send(
                            injected, {"message": self._error_text("500 Internal Server Error")}
                        )
                    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                    status, answer = fake._gitlab(method, parts.path[len("/gitlab/api/v4") :], body | query)
                else:
                    status, answer = 404, {"message": "Not Found"}
                self._send(*fake.answer_after_acting(method, lost, status, answer))

            def _error_text(self, text: str) -> str:
                if not fake.echo_credentials:
                    return text
                auth = self.headers.get("Authorization") or self.headers.get("PRIVATE-TOKEN") or ""
                raw = auth.split()[-1] if auth else ""
                echoed = f" while handling {self.command} {self.path}; request authorization: {auth}"
                return (text + " " + "." * 300)[: 300 - len(echoed) + 12] + echoed + f" (credential {raw})"

            def _github_auth(self) -> bool:
                header = self.headers.get("Authorization", "")
                if not header:
                    self._send(
                        401,
                        {
                            "message": "Requires authentication",
                            "documentation_url": "https://docs.github.com/rest",
                        },
                    )
                    return False
                if header not in (f"Bearer {fake.token}", f"token {fake.token}"):
                    self._send(
                        401,
                        {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"},
                    )
                    return False
                return True

            def _gitlab_auth(self) -> bool:
                if self.headers.get("PRIVATE-TOKEN") != fake.token:
                    self._send(401, {"message": "401 Unauthorized"})
                    return False
                return True

            def do_GET(self):
                self._dispatch("GET")

            def do_POST(self):
                self._dispatch("POST")

            def do_PUT(self):
                self._dispatch("PUT")

        return Handler

    def _github(self, method: str, path: str, body: dict):
        m = re.fullmatch(r"/repos/([^/]+)/([^/]+)(/.*)", path)
        if method == "POST" and path == "/user/repos":
            name = body.get("name", "")
            if f"octo/{name}" in self.repos:
                return 422, {
                    "message": "Repository creation failed.",
                    "errors": [{"message": "name already exists on this account"}],
                }
            self.repos.append(f"octo/{name}")
            return 201, {"full_name": f"octo/{name}", "html_url": f"https://github.example/octo/{name}"}
        if not m or f"{unquote(m.group(1))}/{unquote(m.group(2))}" != self.repo:
            return 404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}
        rest = m.group(3)
        if method == "POST" and rest == "/pulls":
            if body.get("head") not in self.branches or body.get("base") not in self.branches:
                return 422, {
                    "message": "Validation Failed",
                    "errors": [{"resource": "PullRequest", "field": "head", "code": "invalid"}],
                }
            number = max(self.prs, default=0) + 1
            self.add_pr(number, head=body["head"], base=body["base"])
            return 201, {
                "number": number,
                "html_url": f"https://github.example/{self.repo}/pull/{number}",
                "state": "open",
            }
        if pm := re.fullmatch(r"/pulls/(\d+)(/merge)?", rest):
            pr = self.prs.get(int(pm.group(1)))
            if pr is None:
                return 404, {"message": "Not Found"}
            if method == "GET" and not pm.group(2):
                return 200, {
                    "number": int(pm.group(1)),
                    "base": {"ref": pr["base"]},
                    "head": {"ref": pr["head"]},
                    "merged": pr["merged"],
                }
            if method == "PUT" and pm.group(2):
                if pr["merged"]:
                    return 405, {"message": "Pull Request is not mergeable"}
                pr["merged"] = True
                return 200, {"sha": "c" * 40, "merged": True, "message": "Pull Request successfully merged"}
        if method == "GET" and (rm := re.fullmatch(r"/git/ref/heads/(.+)", rest)):
            sha = self.branches.get(unquote(rm.group(1)))
            return (
                (200, {"ref": f"refs/heads/{rm.group(1)}", "object": {"sha": sha, "type": "commit"}})
                if sha
                else (404, {"message": "Not Found"})
            )
        if method == "POST" and rest == "/git/refs":
            name = str(body.get("ref", "")).removeprefix("refs/heads/")
            if name in self.branches:
                return 422, {"message": "Reference already exists"}
            self.branches[name] = body.get("sha", "")
            return 201, {"ref": body.get("ref"), "object": {"sha": body.get("sha")}}
        if method == "PUT" and (bm := re.fullmatch(r"/branches/([^/]+)/protection", rest)):
            name = unquote(bm.group(1))
            if name not in self.branches:
                return 404, {"message": "Branch not found"}
            self.protected.add(name)
            return 200, {"url": f"https://api.github.example/repos/{self.repo}/branches/{name}/protection"}
        return 404, {"message": "Not Found"}

    def _gitlab(self, method: str, path: str, body: dict):
        if method == "POST" and path == "/projects":
            name = body.get("name", "")
            self.repos.append(f"octo/{name}")
            return 201, {
                "path_with_namespace": f"octo/{name}",
                "web_url": f"https://gitlab.example/octo/{name}",
            }
        m = re.fullmatch(r"/projects/([^/]+)(/.*)", path)
        # :id is the URL-encoded path: "acme%2Fapp" arrives still encoded as one segment.
        if not m or unquote(m.group(1)) != self.repo:
            return 404, {"message": "404 Project Not Found"}
        rest = m.group(2)
        if method == "POST" and rest == "/merge_requests":
            if (
                body.get("source_branch") not in self.branches
                or body.get("target_branch") not in self.branches
            ):
                return 422, {"message": ["Source branch does not exist"]}
            number = max(self.prs, default=0) + 1
            self.add_pr(number, head=body["source_branch"], base=body["target_branch"])
            return 201, {
                "iid": number,
                "web_url": f"https://gitlab.example/{self.repo}/-/merge_requests/{number}",
                "state": "opened",
            }
        if mm := re.fullmatch(r"/merge_requests/(\d+)(/merge)?", rest):
            pr = self.prs.get(int(mm.group(1)))
            if pr is None:
                return 404, {"message": "404 Not found"}
            if method == "GET" and not mm.group(2):
                return 200, {
                    "iid": int(mm.group(1)),
                    "target_branch": pr["base"],
                    "source_branch": pr["head"],
                    "state": "merged" if pr["merged"] else "opened",
                }
            if method == "PUT" and mm.group(2):
                if pr["merged"]:
                    return 405, {"message": "405 Method Not Allowed"}
                pr["merged"] = True
                return 200, {"iid": int(mm.group(1)), "state": "merged", "merge_commit_sha": "d" * 40}
        if method == "POST" and rest == "/repository/branches":
            name, ref = str(body.get("branch")), str(body.get("ref"))
            if ref not in self.branches:
                return 400, {"message": "Invalid reference name"}
            if name in self.branches:
                return 400, {"message": "Branch already exists"}
            self.branches[name] = self.branches[ref]
            return 201, {"name": name, "commit": {"id": self.branches[ref]}}
        if method == "POST" and rest == "/protected_branches":
            name = str(body.get("name"))
            if name in self.protected:
                return 409, {"message": f"Protected branch '{name}' already exists"}
            self.protected.add(name)
            return 201, {"name": name}
        return 404, {"message": "404 Not Found"}
