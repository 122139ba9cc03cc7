"""§5 step 6 (effects by family: listeners that open this machine to others), red team: debuggers listening for
anyone.

A debug port runs whatever code the one who connects sends: `ttyd bash`, `websocketd bash` and `jupyter notebook
--ip=0.0.0.0` were listeners that open the machine (permissions.commands.listeners), but the debuggers were not,
and auto-approved in auto mode and under a terminal autonomy row: node's, deno's and bun's inspector on another
address (`--inspect=0.0.0.0:9229`, `--inspect=:9229`), debugpy's `--listen 0.0.0.0:5678` (and `--connect` to
another machine, which hands it the same), Delve's headless server (`--listen=:2345`, every interface), Java's
JDWP agent (`address=*:5005`), a browser's DevTools on another address, gdbserver's and lldb-server's ports,
RPyC's classic server, an IPython kernel on another address. Each is now an external effect. A debugger on its
loopback default stays: `node --inspect`, `--listen 5678`, `address=5005` (loopback since JDK 9).
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow

from .helpers import AUTO_MODE, term

TERMINAL_AUTONOMY = (AutonomyRow("terminal", "auto_approve"),)

OPEN = [
    "node --inspect=0.0.0.0:9229 app.js",
    "node --inspect-brk=0.0.0.0 app.js",
    "node --inspect=:9229 app.js",
    "node --inspect-wait=[::]:9229 server.js",
    "nodejs --inspect=10.0.0.4:9229 app.js",
    "deno run --inspect=0.0.0.0:9229 main.ts",
    "bun --inspect=0.0.0.0:6499 index.ts",
    "npx tsx --inspect=0.0.0.0:9229 src/index.ts",
    "python -m debugpy --listen 0.0.0.0:5678 app.py",
    "python3 -m debugpy --listen :5678 --wait-for-client manage.py runserver",
    "python3 -m debugpy --connect 10.0.0.5:5678 app.py",
    "uv run python -m debugpy --listen 0.0.0.0:5678 app.py",
    "python -m ptvsd --host 0.0.0.0 --port 5678 app.py",
    "dlv debug --headless --listen=:2345",
    "dlv debug --headless --listen=0.0.0.0:2345 --api-version=2 --accept-multiclient",
    "dlv dap --listen 0.0.0.0:4000",
    "dlv exec ./bin/app --headless --listen :2345",
    "java -agentlib:jdwp=transport=dt_socket,server=y,address=*:5005 -jar app.jar",
    "java -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=0.0.0.0:5005 -cp . Main",
    "java -Xrunjdwp:transport=dt_socket,server=y,address=0.0.0.0:8000 -jar app.jar",
    "chromium --headless --remote-debugging-port=9222 --remote-debugging-address=0.0.0.0",
    "google-chrome --remote-debugging-address=0.0.0.0 --remote-debugging-port=9222",
    "gdbserver :1234 ./a.out",
    "gdbserver 0.0.0.0:1234 ./a.out",
    "gdbserver --multi :2000",
    "lldb-server platform --listen '*:1234' --server",
    "lldb-server gdbserver 0.0.0.0:1234 ./a.out",
    "rpyc_classic.py --host 0.0.0.0",
    "rpyc_classic",
    "ipython kernel --ip=0.0.0.0",
]


@pytest.mark.parametrize("command", OPEN)
@pytest.mark.parametrize("runs_in", ["sandbox", "host", "agent"])
def test_a_debugger_listening_for_anyone_is_never_auto_approved(command, runs_in):
    for autonomy in (AUTO_MODE, TERMINAL_AUTONOMY):
        v = term(command, autonomy=autonomy, runs_in=runs_in)
        assert v.decision != "auto_approve", (command, runs_in, v.reason, v.message)


LOOPBACK = [
    "node --inspect app.js",
    "node --inspect=9229 app.js",
    "node --inspect=127.0.0.1:9229 app.js",
    "node --inspect-brk=localhost:9229 app.js",
    "deno run --inspect main.ts",
    "python -m debugpy --listen 5678 app.py",
    "python -m debugpy --listen localhost:5678 --wait-for-client app.py",
    "dlv debug --headless --listen=127.0.0.1:2345",
    "java -agentlib:jdwp=transport=dt_socket,server=y,address=5005 -jar app.jar",
    "java -agentlib:jdwp=transport=dt_socket,server=y,address=localhost:5005 -jar app.jar",
    "chromium --headless --remote-debugging-port=9222",
    "gdbserver localhost:1234 ./a.out",
    "java -jar app.jar",
    "node app.js",
    "ipython kernel",
]


@pytest.mark.parametrize("command", LOOPBACK)
def test_a_debugger_on_its_loopback_default_stays_auto_approved(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
