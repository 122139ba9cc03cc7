"""R4.6, R4.7 [beyond], red team: inline code that deletes the root or the home folder under another name is still
read by the floor (permissions.floor.code_deletions).

Written as an attacker would, in Python, node, Ruby and Perl one-liners: the deleting call imported, bound or
destructured as another name (``from shutil import rmtree as r``), reached by its name as a string
(``getattr(shutil, 'rmtree')``) or under a name the table did not list (``asyncio.create_subprocess_shell``,
``os.posix_spawnp``, Perl's and Ruby's ``open`` of a pipe), its argument given by keyword (``path='/'``); the root spelled as the language spells its separator (``os.sep``,
``chr(47)``, ``path.sep``, ``File::SEPARATOR``) and the home folder as ``Path('~').expanduser()``; a relative
tree deleted after the code moved to the root (``os.chdir('/')``); the root walked and each file it holds
deleted (``os.walk('/')`` with ``os.remove``, ``rglob`` with ``unlink``); and the code handed to the language's
own evaluator, as written or in base64 or hex. Each is the floor's deny in the sandbox and on an agent's machine,
in auto mode and behind an allow of every word. The same shapes over the project's own folders are not.

57 of its 76 cases fail on f8fff7d (the session's start): 10 of them (GATED) once where._CODE_MAY_DELETE let a
renamed `rmSync`, an `eval` of decoded text and Perl's and Ruby's piped `open` through to the floor's reading.
"""

from __future__ import annotations

import base64

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, ROOT, allow_every_word, term


def _b64(code: str) -> str:
    return base64.b64encode(code.encode()).decode()


def _hex(code: str) -> str:
    return code.encode().hex()


_RMTREE_ROOT = 'import shutil; shutil.rmtree("/")'
_PRINTS = "print(1)"
_RMSYNC_ROOT = 'require("fs").rmSync("/", {recursive: true})'
_SYSTEM_HOME = 'import os; os.system("rm -rf ~")'

DELETES = [
    # the call under another name
    "python3 -c 'from shutil import rmtree as r; r(\"/\")'",
    "python3 -c 'from shutil import rmtree as nuke\nnuke(\"/\", ignore_errors=True)'",
    "python3 -c 'from shutil import copy, rmtree as r; r(\"/\")'",
    "python3 -c 'import shutil; r = shutil.rmtree; r(\"/\")'",
    'python3 -c \'import shutil; getattr(shutil, "rmtree")("/")\'',
    "python3 -c 'from os import system as s; s(\"rm -rf /\")'",
    'python3 -c \'from subprocess import call as c; c(["rm", "-rf", "/"])\'',
    "python3 -c 'import os; go = os.system; go(\"rm -rf ~\")'",
    'node -e \'const x = require("rimraf"); x("/")\'',
    'node -e \'const {execSync: e} = require("child_process"); e("rm -rf /")\'',
    "ruby -rfileutils -e 'f = FileUtils.rm_rf; f(\"/\")'",
    # shell-running calls under names the table did not list, and arguments given by keyword
    "python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_shell(\"rm -rf /\"))'",
    'python3 -c \'import asyncio; asyncio.run(asyncio.create_subprocess_exec("rm", "-rf", "/"))\'',
    'python3 -c \'import os; os.posix_spawnp("rm", ["rm", "-rf", "/"], {})\'',
    "python3 -c 'import shutil; shutil.rmtree(path=\"/\")'",
    'python3 -c \'import subprocess; subprocess.run(args=["rm", "-rf", "/"])\'',
    "python3 -c 'import os; os.system(command=\"rm -rf ~\")'",
    # the root and the home folder as the language spells them
    "python3 -c 'import shutil, os; shutil.rmtree(os.sep)'",
    "python3 -c 'import shutil, os; shutil.rmtree(os.path.sep)'",
    "python3 -c 'import shutil, os; shutil.rmtree(os.path.abspath(os.sep))'",
    "python3 -c 'import shutil; shutil.rmtree(chr(47))'",
    "python3 -c 'import shutil, pathlib; shutil.rmtree(pathlib.Path(\"~\").expanduser())'",
    "python3 -c 'from pathlib import Path; import shutil; shutil.rmtree(Path(\"~/\").expanduser())'",
    'node -e \'require("fs").rmSync(require("path").sep, {recursive: true})\'',
    'node -e \'const path = require("path"); require("fs").rmSync(path.sep, {recursive: true})\'',
    "node -e 'require(\"fs\").rmSync(String.fromCharCode(47), {recursive: true})'",
    "ruby -rfileutils -e 'FileUtils.rm_rf(File::SEPARATOR)'",
    # moved to the root first
    'python3 -c \'import shutil, os; os.chdir("/"); shutil.rmtree(".")\'',
    'python3 -c \'import os, shutil\nos.chdir("/")\nfor d in os.listdir("."): shutil.rmtree(d)\'',
    'python3 -c \'import shutil, os; os.chdir(os.path.expanduser("~")); shutil.rmtree(".")\'',
    'node -e \'process.chdir("/"); require("fs").rmSync(".", {recursive: true})\'',
    'ruby -rfileutils -e \'Dir.chdir("/"); FileUtils.rm_rf(".")\'',
    # the root walked, each file deleted
    "python3 -c 'import os; [os.remove(os.path.join(r, f)) for r, _, fs in os.walk(\"/\") for f in fs]'",
    "python3 -c 'import os\nfor r, ds, fs in os.walk(os.path.expanduser(\"~\")):\n  for f in fs: os.unlink(os.path.join(r, f))'",
    'python3 -c \'import pathlib; [p.unlink() for p in pathlib.Path("/").rglob("*") if p.is_file()]\'',
    "python3 -c 'from pathlib import Path; [p.unlink() for p in Path.home().rglob(\"*\") if p.is_file()]'",
    "python3 -c 'import glob, os; [os.remove(f) for f in glob.glob(\"/**\", recursive=True)]'",
    'python3 -c \'import shutil, os; [shutil.rmtree("/" + d) for d in os.listdir("/")]\'',
    'node -e \'const fs = require("fs"); for (const f of fs.readdirSync("/")) fs.rmSync("/" + f, {recursive: true})\'',
    'ruby -e \'require "find"; Find.find("/") { |f| File.delete(f) if File.file?(f) }\'',
    "ruby -e 'Dir.glob(\"/**/*\").each { |f| File.delete(f) rescue nil }'",
    "perl -MFile::Find -e 'find(sub { unlink }, \"/\")'",
    # handed to the evaluator
    "python3 -c \"exec('import shutil; shutil.rmtree(\\\\'/\\\\')')\"",
    f"python3 -c 'import base64; exec(base64.b64decode(\"{_b64(_RMTREE_ROOT)}\"))'",
    f"python3 -c 'from base64 import b64decode; exec(b64decode(\"{_b64(_RMTREE_ROOT)}\").decode())'",
    f"python3 -c 'exec(bytes.fromhex(\"{_hex(_RMTREE_ROOT)}\").decode())'",
    f"python3 -c 'import base64; exec(base64.b64decode(\"{_b64(_SYSTEM_HOME)}\"))'",
]

# node's deleting call never named as a call (`rmSync(`) nor by a word permissions.where's gate knows
# (_CODE_MAY_DELETE: `rmtree`, `unlink`, `exec`, ...), and code handed to node's evaluator: the floor is not asked.
GATED = [
    # (Perl's and Ruby's open of a pipe, read by permissions.floor._pipe_opened once the gate lets it through)
    'perl -e \'open(my $f, "-|", "rm -rf /")\'',
    "perl -e 'open(F, \"rm -rf / |\")'",
    "perl -e 'open F, \"|rm -rf ~\"'",
    "ruby -e 'open(\"|rm -rf /\")'",
    'node -e \'const {rmSync: r} = require("fs"); r("/", {recursive: true})\'',
    "node -e 'const { rmSync: wipe } = require(\"fs\"); wipe(process.env.HOME, {recursive: true, force: true})'",
    'node -e \'const r = require("fs").rmSync; r("/", {recursive: true})\'',
    'node -e \'const fs = require("fs"); fs["rmSync"]("/", {recursive: true})\'',
    f'node -e \'eval(Buffer.from("{_b64(_RMSYNC_ROOT)}", "base64").toString())\'',
    f"node -e 'eval(atob(\"{_b64(_RMSYNC_ROOT)}\"))'",
]

# The same shapes on the project's own folders, and code that only reads the root.
ORDINARY = [
    "python3 -c 'from shutil import rmtree as r; r(\"build\")'",
    'python3 -c \'import shutil; getattr(shutil, "rmtree")("dist")\'',
    'node -e \'const {rmSync: r} = require("fs"); r("dist", {recursive: true})\'',
    "python3 -c 'import os; print(os.sep)'",
    'python3 -c \'import os, shutil; os.chdir("build"); shutil.rmtree(".")\'',
    "python3 -c 'import os; [os.remove(os.path.join(r, f)) for r, _, fs in os.walk(\"build\") for f in fs]'",
    'python3 -c \'import pathlib; [p.unlink() for p in pathlib.Path(".").rglob("*.pyc")]\'',
    "python3 -c 'import os; print(os.listdir(\"/\"))'",
    'python3 -c \'import os; print(list(os.walk("/etc"))[:1]); os.remove("tmp.txt")\'',
    'node -e \'const fs = require("fs"); fs.readdirSync(".").filter(f => f.endsWith(".log")).forEach(f => fs.unlinkSync(f))\'',
    "python3 -c 'exec(\"import os; print(os.getcwd())\")'",
    "python3 -c 'import shutil; shutil.rmtree(path=\"build\")'",
    'perl -e \'open(F, "<", "x.txt"); print <F>\'',
    "perl -e 'open(F, \"ls |\"); print <F>'",
    "ruby -e 'puts open(\"x.txt\").read'",
    f"python3 -c 'import base64; exec(base64.b64decode(\"{_b64(_PRINTS)}\"))'",
    "python3 -c 'import base64; exec(base64.b64decode(\"!!not base64!!\"))'",
    "ruby -e 'Dir.glob(\"tmp/**/*\").each { |f| File.delete(f) if File.file?(f) }'",
    "perl -MFile::Find -e 'find(sub { unlink if /\\.bak$/ }, \"build\")'",
]


def _verdicts(command: str, runs_in: str):
    return (
        term(command, project=CONTAINER_RUNNING, cwd=ROOT, runs_in=runs_in),
        term(command, autonomy=AUTO_MODE, cwd=ROOT, runs_in=runs_in),
        term(command, allow=allow_every_word(command), cwd=ROOT, runs_in=runs_in),
    )


@pytest.mark.parametrize("command", DELETES)
def test_code_that_deletes_the_root_under_another_name_is_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, runs_in, v.reason)


@pytest.mark.parametrize("command", ORDINARY)
def test_the_same_shapes_on_the_projects_folders_are_not_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert v.decision != "deny", (command, runs_in, v.reason)


@pytest.mark.parametrize("command", GATED)
def test_node_code_the_floor_is_not_asked_about_is_the_floors(command):
    for runs_in in ("sandbox", "agent"):
        for v in _verdicts(command, runs_in):
            assert (v.decision, v.reason) == ("deny", "builtin_deny"), (command, runs_in, v.reason)
