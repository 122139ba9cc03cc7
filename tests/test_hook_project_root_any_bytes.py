# ruff: noqa: F811 — `hooked` is the fixture imported from test_agent_hooks_live, taken as an argument
"""The project root reaches Brabo intact, whatever its folder is named (R12.6, SPEC §5 agent).

``brabo hook`` sent the root in the ``X-Brabo-Project-Root`` header as it was, and HTTP carries Latin-1 at
most: in ``/home/张三/app`` or ``/Users/josé/项目`` the hook could not encode its own request and refused every
tool call; a CR/LF in the root would have ended the header and started another of the root's choosing. A root
that is not plain ASCII is now sent as RFC 8187's ext-value (``UTF-8''`` and the path's bytes,
percent-encoded: brabo_client/_wire.py ``root_header``) and read back by the server (actions/hooks_api.py
``project_root``), which refuses a malformed one by name. Each case runs the real hook process (the fast form
``brabo hook install`` writes) against a live Brabo, in a real folder so named: the root, the cwd and every
link on the way are resolved on disk, as on the agent's machine.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import threading
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st

from actions.hooks_api import HookRefused, project_root
from actions.models import ProposedAction
from brabo_client import _wire
from brabo_client.runner import Api
from tests.test_agent_hooks_live import agent_input, hooked, verdict  # noqa: F401
from tests.test_hook_deadline import free_port, hook_argv

pytestmark = pytest.mark.django_db(transaction=True)

# folder names (under a temporary folder) a user's project may have; bytes: not UTF-8 at all
NAMES = {
    "chinese": "张三/项目",
    "latin1-and-cjk": "josé/项目",
    "not-utf8": b"caf\xe9-\xff\xfe/app",
    "line-break": "a\r\nX-Injected: 1/app",
    "percent-quote-blank": "100% 'done' /app ",
}


def folder(base, name) -> str:
    """A real folder named ``name`` under ``base``, as the hook's process sees its path (``os.fsdecode``)."""
    raw = os.path.join(os.fsencode(os.path.realpath(base)), os.fsencode(name))
    os.makedirs(raw)
    return os.fsdecode(raw)


def run(hooked, agent, body, root, *args):
    """The fast-form hook process for ``agent`` with ``body`` on stdin and ``root`` as BRABO_PROJECT_ROOT."""
    env = {
        **os.environ,
        "BRABO_URL": hooked.url,
        "BRABO_AGENT_KEY": hooked.agent.team.agent_key,
        "BRABO_PROJECT_ROOT": root,
    }
    proc = subprocess.run(
        [*hook_argv("fast", agent), "--timeout", "0", *args],
        input=json.dumps(body).encode(),
        capture_output=True,
        env=env,
        cwd=settings.BASE_DIR,
        timeout=120,
    )
    out = proc.stdout.decode()
    answer = json.loads(out) if out.strip() else None
    return verdict(agent, proc.returncode, answer), reason_of(agent, answer, proc.stderr.decode())


def reason_of(agent, answer, err) -> str:
    if answer is None:
        return ""
    if agent == "gemini-cli":
        return answer["reason"]
    return answer["hookSpecificOutput"]["permissionDecisionReason"]


@pytest.mark.parametrize("name", list(NAMES))
def test_a_root_of_any_name_is_judged_by_paths_inside_and_outside_it(hooked, tmp_path, name):
    root = folder(tmp_path, NAMES[name])
    os.makedirs(os.path.join(os.fsencode(root), b"src"))
    write = {**agent_input("claude-code", "Write", {"file_path": f"{root}/src/new.py", "content": "x\n"})}
    assert run(hooked, "claude-code", {**write, "cwd": root}, root)[0] == "allow"
    assert ProposedAction.objects.get().payload["path"] == "src/new.py"  # relative to the root, as sent
    shell = {**agent_input("codex", "Bash", {"command": "git status"}), "cwd": f"{root}/src"}
    assert run(hooked, "codex", shell, root) == ("allow", "")
    ran = ProposedAction.objects.get(action_type="terminal")
    assert ran.payload["cwd"] == hooked.agent.team.project.root() + "/src"  # where it runs, inside the root
    # guards: a path beside the root (its name's prefix), and its parent, are outside it
    for outside in (f"{root}-other/x", f"{os.path.dirname(root)}/x"):
        body = agent_input("gemini-cli", "write_file", {"file_path": outside, "content": "x"})
        decision, why = run(hooked, "gemini-cli", {**body, "cwd": root}, root)
        assert decision == "deny" and "outside the project root" in why, (outside, why)
    assert ProposedAction.objects.count() == 2


@pytest.mark.parametrize("name", ["chinese", "not-utf8"])
def test_links_in_such_a_root_are_judged_by_where_they_lead(hooked, tmp_path, name):
    # what each tool reads as written is let through: only where it leads can refuse it
    hooked.agent.write_permissions(allow=["Terminal(cat *)", "Terminal(ls *)"], deny=[], ask=[])
    root = folder(tmp_path, NAMES[name])
    home = folder(tmp_path, "home")
    raw_root = os.fsencode(root)
    os.makedirs(raw_root + b"/src")
    os.symlink(os.fsencode(home), raw_root + b"/junk")  # a link a cloned repository planted: outside
    os.symlink(raw_root + b"/src", raw_root + b"/inner")  # a link that stays inside
    for agent, tool, tool_input in [
        ("claude-code", "Bash", {"command": "cat junk/.bashrc"}),
        ("claude-code", "Read", {"file_path": f"{root}/junk/.ssh/id_rsa"}),
        ("gemini-cli", "list_directory", {"dir_path": "junk"}),  # relative to the root
    ]:
        decision, why = run(hooked, agent, {**agent_input(agent, tool, tool_input), "cwd": root}, root)
        assert decision == "deny", (tool, why)
        assert str(home) in why or "symbolic link" in why, (tool, why)  # refused for where it leads
    # guards: the same words through the link that stays inside are let through
    for tool, tool_input in [
        ("Bash", {"command": "cat inner/a.py"}),
        ("Read", {"file_path": f"{root}/inner/a.py"}),
    ]:
        body = {**agent_input("claude-code", tool, tool_input), "cwd": root}
        assert run(hooked, "claude-code", body, root)[0] == "allow", tool


@pytest.mark.parametrize("name", ["chinese", "not-utf8"])
def test_an_mcp_call_in_such_a_root_is_decided_and_keeps_the_root_it_can_store(hooked, tmp_path, name):
    hooked.agent.write_permissions(allow=["Mcp(github.get_me)"], deny=[], ask=[])
    root = folder(tmp_path, NAMES[name])
    body = {**agent_input("claude-code", "mcp__github__get_me", {}), "cwd": root}
    decision, why = run(hooked, "claude-code", body, root)
    assert decision == "allow", why
    payload = ProposedAction.objects.get().payload
    # a root in other bytes cannot be stored (not Unicode): the filesystem caps count its paths as outside
    assert payload.get("agent_root") == (root if name == "chinese" else None)


def test_the_agents_own_ids_in_any_text_do_not_stop_the_call(hooked, tmp_path):
    # the idempotency key is made of the agent's session and tool call ids, which JSON may spell in any text
    root = folder(tmp_path, "app")
    body = {**agent_input("claude-code", "Bash", {"command": "git status"}), "cwd": root}
    body.update(session_id="会话\r\nX-Injected: 1", tool_use_id="call-\udcff-é")
    assert run(hooked, "claude-code", body, root)[0] == "allow"


# -- the header's two forms, on the server ---------------------------------------------------------------


@pytest.mark.parametrize(
    "value, named",
    [
        ("UTF-8''%2Fhome%2Fana%2", "two hexadecimal digits"),
        ("UTF-8''%2Fhome%G1", "two hexadecimal digits"),
        ("UTF-8''%2Fhome%2Fan a", "not well-formed"),
        ("UTF-8''%2Fhome%2Fä", "not well-formed"),
        ("UTF-8''%2Fhome%00x", "NUL"),
        ("UTF-8''home%2Fana", "not an absolute path"),
        ("UTF-8'%2Fhome", "not well-formed"),
        ("ISO-8859-1''%2Fhome%2Fjos%E9", "character set"),
        ("/home/ana\tapp", "control character"),
    ],
)
def test_a_malformed_root_header_is_a_deny_naming_the_problem(hooked, value, named):
    # never an error status: Claude Code's HTTP hook runs the tool on one (R12.6)
    body = agent_input("claude-code", "Write", {"file_path": "/home/ana/app/x", "content": "x"})
    client = hooked.agent.team.world.client(agent_key=hooked.agent.team.agent_key)
    response = client.post(
        "/api/hooks/claude-code/?timeout=0", body, format="json", HTTP_X_BRABO_PROJECT_ROOT=value
    )
    assert response.status_code == 200
    out = response.json()["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny"
    assert "X-Brabo-Project-Root" in out["permissionDecisionReason"], out
    assert named in out["permissionDecisionReason"], out
    assert not ProposedAction.objects.exists()


@pytest.mark.parametrize(
    "value", ["/Users/josé/app", "utf-8'en'%2FUsers%2Fjos%C3%A9%2Fapp", "UTF-8''/Users/jos%C3%A9/app"]
)
def test_an_old_clients_raw_root_and_other_spellings_of_the_encoded_one_are_read(hooked, value):
    # what Claude Code's HTTP hook sends from its settings, and clients before the encoded form: the path
    # as it is, which HTTP carries as Latin-1 bytes (http.client sends them so); an encoded form in lower
    # case with a language tag, and with the slashes left as they are (RFC 3986 quoting)
    path = "/Users/josé/app/src/x.py"
    body = json.dumps(agent_input("claude-code", "Write", {"file_path": path, "content": "x"}))
    at = urlsplit(hooked.url)
    conn = http.client.HTTPConnection(at.hostname, at.port, timeout=60)
    try:
        headers = {
            "Authorization": f"Bearer {hooked.agent.team.agent_key}",
            "Content-Type": "application/json",
            "X-Brabo-Project-Root": value,
        }
        conn.request("POST", "/api/hooks/claude-code/?timeout=0", body.encode(), headers)
        response = conn.getresponse()
        answer = json.loads(response.read())
    finally:
        conn.close()
    assert response.status == 200
    assert answer["hookSpecificOutput"]["permissionDecision"] == "allow", answer
    assert ProposedAction.objects.get().payload["path"] == "src/x.py"


# -- the header's value, both ways ------------------------------------------------------------------------


@given(st.binary(min_size=0, max_size=64).filter(lambda b: b"\x00" not in b))
def test_every_posix_path_survives_the_header(tail):
    root = os.fsdecode(b"/" + tail)
    value = _wire.root_header(root)
    assert value.isascii() and value.isprintable() and not value.endswith(" ")  # one header, no other
    assert project_root(value) == root


@pytest.mark.parametrize("root", ["/home/ana/app", "/srv/100% 'x'", "/a/UTF-8''b"])
def test_a_plain_root_goes_as_it_is_so_an_older_server_reads_it(root):
    assert _wire.root_header(root) == root and project_root(root) == root


def test_a_root_no_path_can_be_is_refused_before_anything_is_sent():
    with pytest.raises(ValueError, match="lone surrogate"):
        _wire.root_header("/home/\ud800")  # a surrogate no file name's bytes give
    with pytest.raises(HookRefused):
        project_root("UTF-8''%2F%ZZ")


# -- what the wire sends ---------------------------------------------------------------------------------


class Recorder:
    """A server on 127.0.0.1 that keeps each request's head and answers 200 with a JSON object (the hook nonce
    echoed, as Brabo's endpoint does)."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.heads: list[bytes] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _serve(self) -> None:
        conn, _ = self.sock.accept()
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head = data.partition(b"\r\n\r\n")[0]
            self.heads.append(head)
            nonce = [line[20:] for line in head.split(b"\r\n") if line.startswith(b"X-Brabo-Hook-Nonce: ")]
            conn.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n"
                + b"".join(b"X-Brabo-Hook-Answer: " + n + b"\r\n" for n in nonce)
                + b"\r\n{}"
            )

    def close(self) -> None:
        self.thread.join(30)
        self.sock.close()


def test_a_root_with_a_line_break_sends_one_header_and_no_other():
    server = Recorder()
    try:
        url, parts = _wire.endpoint(server.url)
        root = "/home/ana/app\r\nX-Injected: 1"
        _wire.hook_call(
            url, parts, "k", "codex", {}, root=root, params={}, timeout=30, retries=0, backoff=0, sleep=None
        )
    finally:
        server.close()
    lines = server.heads[0].split(b"\r\n")
    assert not any(line.lower().startswith(b"x-injected") for line in lines)
    assert [line for line in lines if line.startswith(b"X-Brabo-Project-Root")] == [
        b"X-Brabo-Project-Root: UTF-8''%2Fhome%2Fana%2Fapp%0D%0AX-Injected%3A%201"
    ]


@pytest.mark.parametrize(
    "headers", [{"Authorization": "Bearer k\r\nX-Injected: 1"}, {"X-Thing": "张三"}, {"X-Thing": "a\x00"}]
)
def test_the_wire_refuses_a_header_http_cannot_carry_before_connecting(headers):
    # nobody listens at the port: a request that got as far as connecting would be an OSError, not this
    with pytest.raises(ValueError, match="header cannot be sent"):
        _wire.request("http", "127.0.0.1", free_port(), "GET", "/", None, headers, 5)
    with pytest.raises(ValueError, match="request line"):
        _wire.request("http", "127.0.0.1", free_port(), "GET", "/a b", None, {}, 5)


def test_brabo_run_with_a_key_holding_a_line_break_is_a_usage_error():
    env = {
        **os.environ,
        "BRABO_URL": f"http://127.0.0.1:{free_port()}",
        "BRABO_AGENT_KEY": "k\nX-Injected: 1",
    }
    proc = subprocess.run(
        [*hook_argv("brabo", "x")[:3], "run", "--", "true"],
        capture_output=True,
        env=env,
        cwd=settings.BASE_DIR,
        timeout=120,
    )
    assert proc.returncode == 64, proc.stderr
    assert b"Authorization" in proc.stderr and b"Traceback" not in proc.stderr


def test_the_runner_quotes_the_action_id_it_puts_in_a_url():
    server = Recorder()
    try:
        Api(server.url, "brabo_runner_k").report("a b/../../x", {})
    finally:
        server.close()
    assert server.heads[0].split(b"\r\n")[0] == b"POST /api/runner/work/a%20b%2F..%2F..%2Fx/result/ HTTP/1.1"
