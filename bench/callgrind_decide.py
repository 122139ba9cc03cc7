"""Instructions per first-sight decide(), counted by valgrind: exact and load-independent (the CPU figures of
bench/decide.py swing by tens of percent on a shared machine).

    .venv/bin/python bench/callgrind_decide.py [--checkout PATH ...] [--stub PARTS] [--rounds 3] [--command TEXT ...]

Each checkout (default: this one) decides the bench corpus (bench/corpus.py) ``--rounds`` times in its own
interpreter under ``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``, every memo emptied before each
decision (``forget_remembered()``, as bench/decide.py's first-sight line). Only the decide() calls are counted
(callgrind collects inside ``functools.reduce``, which the engine never calls; each decision is made through
it), so no no-decision run needs to be subtracted. ``--command TEXT`` (repeatable): decide each of these commands
on its own instead of the corpus, one figure per command (under the corpus's permissions).

``--seeds N``: each checkout measured under ``PYTHONHASHSEED`` 0 to N-1 and the figures averaged (their range
shown). The count is exact for one build and seed, but a change of code moves the heap and the dicts' layout
(tables keyed by identity probe differently), which alone moves the corpus's figure by a few tenths of a
percent either way: judge a change that small over several seeds, and beside its bytecode count.

``--bytecodes``: no valgrind -- the Python bytecodes executed and the C functions called per first-sight
decision, counted by the interpreter's own trace and profile hooks in each checkout's interpreter. Exact and
the same whatever the layout; what a C call costs inside is not in it (one regex match is one call).

``--stub parse,read,...``: what a part of the decision costs. The parts named answer from a dict filled on the
warm-up (outside the memos, so forgetting does not empty it); the figure drops by about what that part costs
(the stub's own lookup stays in). Parts: parse (parse_command), fast (the fast path), carries (whether a
segment carries a command line, in the fast path), read (read_known_segments), judge (the rule index's walk),
opaque (R4.9's opaque reading), never (_never_auto), caps (_terminal_cap), scope (the path scope's
outside_paths), floor (where a deletion lands).
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
PARTS = ("parse", "fast", "carries", "read", "judge", "opaque", "never", "caps", "scope", "floor")


def _stubbed(owner: Any, name: str, key: Callable[..., Any]) -> None:
    """Replace ``owner.name`` by a function answering from a plain dict (filled on first call) by ``key``."""
    real = getattr(owner, name)
    kept: dict[Any, Any] = {}

    def answer(*args: Any) -> Any:
        k = key(*args)
        if k not in kept:
            kept[k] = real(*args)
        return kept[k]

    setattr(owner, name, answer)


def _stub(parts: set[str]) -> None:
    import permissions.decide as decide_module
    import permissions.fast_path as fast_path
    import permissions.segments as segments
    import permissions.shell as shell
    from permissions.matching import CompiledPermissions
    from permissions.scope import Scope

    if "parse" in parts:
        _stubbed(decide_module, "parse_command", lambda command: command)
    if "fast" in parts:
        _stubbed(shell, "_fast", lambda command, hidden=False, steps=None: command)
    if "carries" in parts:
        _stubbed(fast_path, "carries_commands", lambda words: words)
    if "read" in parts:
        _stubbed(
            decide_module,
            "read_known_segments",
            lambda parsed, command, comp, doomed, scope_of, windows=False: (command, doomed, windows),
        )
    if "judge" in parts:
        _stubbed(
            CompiledPermissions,
            "judge_as_written",
            lambda comp, words, best=None, limit=3: (words, best, limit),
        )
    if "opaque" in parts:
        _stubbed(segments, "opaque_reason", lambda views, dynamic=(): (tuple(views), tuple(sorted(dynamic))))
    if "never" in parts:
        _stubbed(decide_module, "_never_auto", lambda st, comp, command: command)
    if "caps" in parts:
        _stubbed(
            decide_module,
            "_terminal_cap",
            lambda views, parsed, protected=(), command="": (command, protected),
        )
    if "scope" in parts:
        _stubbed(Scope, "outside_paths", lambda scope, segs, command="": (command, scope))
    if "floor" in parts:
        _stubbed(decide_module, "_floor_where", lambda st, reading, doomed: (st.req.command, doomed))


def _requests(runs_in: str, commands: list[str] | None) -> list[Any]:
    """This checkout's decide() requests for the corpus (or ``commands``) under the bench's rules."""
    sys.path.insert(0, os.getcwd())
    sys.path.insert(0, HERE)
    from corpus import ROOT, make_corpus, make_permissions

    from permissions.decide import DecisionRequest, Permissions, ProjectState

    if not commands:
        commands, _ = make_corpus()
    raw = make_permissions()
    perms = Permissions(tuple(raw["allow"]), tuple(raw["deny"]), tuple(raw["ask"]))
    project = ProjectState(execution_mode="runner", root=ROOT)
    return [
        DecisionRequest("terminal", "developer", project, command=c, permissions=perms, runs_in=runs_in)
        for c in commands
    ]


def child(rounds: int, parts: set[str], runs_in: str, commands: list[str] | None = None) -> None:
    """Run inside valgrind: warm up, then decide the corpus (or ``commands``) ``rounds`` times at first sight
    through reduce."""
    reqs = _requests(runs_in, commands)
    from permissions.decide import decide
    from permissions.memos import forget_remembered

    _stub(parts)
    for _ in range(2):  # compiles the rules, fills the stubs' dicts, warms the interpreter
        for r in reqs:
            decide(r)

    def counted(acc: None, req: Any) -> None:
        decide(req)
        return acc

    gc.disable()
    for _ in range(rounds):
        for r in reqs:
            forget_remembered()
            functools.reduce(counted, (r,), None)
    print(len(reqs) * rounds)


def count_bytecodes(rounds: int, runs_in: str, commands: list[str] | None = None) -> None:
    """Run in a checkout's own interpreter (no valgrind): Python bytecodes executed and C functions called
    per first-sight decision, by sys.settrace's opcode events and sys.setprofile's c_call events. Exact and
    independent of the heap's layout, unlike the instruction count -- but blind to what a C call costs."""
    reqs = _requests(runs_in, commands)
    from permissions.decide import decide
    from permissions.memos import forget_remembered

    for r in reqs:
        decide(r)
    counts = [0, 0]

    def trace(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            counts[0] += 1
        return trace

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "c_call":
            counts[1] += 1

    for _ in range(rounds):
        for r in reqs:
            forget_remembered()
            sys.settrace(trace)
            sys.setprofile(profile)
            decide(r)
            sys.setprofile(None)
            sys.settrace(None)
    n = len(reqs) * rounds
    print(counts[0] / n, counts[1] / n)


def measure(
    checkout: str,
    rounds: int,
    parts: set[str],
    runs_in: str = "sandbox",
    command: str | None = None,
    seed: int = 0,
) -> float:
    """Instructions per decision for ``checkout`` (of the corpus, or of ``command`` alone), under
    ``PYTHONHASHSEED=seed``."""
    python = os.path.join(checkout, ".venv", "bin", "python")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce"]
        cmd += [f"--callgrind-out-file={out}", python, os.path.abspath(__file__), "--child"]
        cmd += ["--rounds", str(rounds), "--stub", ",".join(sorted(parts)), "--runs-in", runs_in]
        if command is not None:
            cmd += ["--command", command]
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        done = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{checkout}: the run failed:\n{done.stderr[-2000:]}")
        decisions = int(done.stdout.split()[-1])
        with open(out, encoding="utf-8") as f:
            for line in f:
                if line.startswith("totals:"):
                    return int(line.split()[1]) / decisions
    raise SystemExit(f"{checkout}: callgrind wrote no totals")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkout", action="append", help="a checkout with its .venv (default: this one)")
    ap.add_argument("--stub", default="", help=f"parts answered from a dict: {','.join(PARTS)}")
    ap.add_argument("--rounds", type=int, default=3, help="first-sight passes over the corpus (default 3)")
    ap.add_argument(
        "--runs-in",
        choices=("sandbox", "host", "agent"),
        default="sandbox",
        help="where the decided actions run (SPEC §5): agent is a hook's decision (default sandbox)",
    )
    ap.add_argument(
        "--command", action="append", help="decide this command alone (repeatable; default: the corpus)"
    )
    ap.add_argument(
        "--seeds",
        type=int,
        default=1,
        help="runs per checkout, under PYTHONHASHSEED 0..N-1, averaged (default 1): a change of a few tenths of "
        "a percent can be the heap and hash layout, not the code -- see the module's doc",
    )
    ap.add_argument(
        "--bytecodes",
        action="store_true",
        help="count Python bytecodes and C calls per decision instead (no valgrind; layout-independent)",
    )
    ap.add_argument("--bytecodes-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    parts = {p for p in args.stub.split(",") if p}
    unknown = parts - set(PARTS)
    if unknown:
        ap.error(f"unknown parts: {', '.join(sorted(unknown))} (known: {', '.join(PARTS)})")
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if args.seeds < 1:
        ap.error("--seeds must be at least 1")
    if args.child:
        child(args.rounds, parts, args.runs_in, args.command)
        return
    if args.bytecodes_child:
        count_bytecodes(args.rounds, args.runs_in, args.command)
        return
    if args.bytecodes:
        for checkout in args.checkout or [os.path.dirname(HERE)]:
            root = os.path.abspath(checkout)
            done = subprocess.run(
                [os.path.join(root, ".venv", "bin", "python"), os.path.abspath(__file__), "--bytecodes-child"]
                + ["--rounds", str(args.rounds), "--runs-in", args.runs_in]
                + [f"--command={c}" for c in args.command or ()],
                cwd=root,
                env={**os.environ, "PYTHONHASHSEED": "0"},
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                raise SystemExit(f"{checkout}: the run failed:\n{done.stderr[-2000:]}")
            ops, calls = (float(x) for x in done.stdout.split()[-2:])
            print(
                f"{checkout}: {ops:,.1f} bytecodes and {calls:,.1f} C calls per first-sight decision (runs_in {args.runs_in})"
            )
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    stubbed = f", stubbed: {','.join(sorted(parts))}" if parts else ""
    if args.command:
        for command in args.command:
            figures = [
                measure(os.path.abspath(c), args.rounds, parts, args.runs_in, command)
                for c in args.checkout or [os.path.dirname(HERE)]
            ]
            shown = " / ".join(f"{per / 1000:.1f}k" for per in figures)
            print(f"{command!r}: {shown} instructions (runs_in {args.runs_in}){stubbed}")
        return
    for checkout in args.checkout or [os.path.dirname(HERE)]:
        pers = [
            measure(os.path.abspath(checkout), args.rounds, parts, args.runs_in, seed=seed)
            for seed in range(args.seeds)
        ]
        per = sum(pers) / len(pers)
        spread = (
            f" (seeds 0-{args.seeds - 1}: {min(pers) / 1000:.1f}k-{max(pers) / 1000:.1f}k)"
            if len(pers) > 1
            else ""
        )
        print(
            f"{checkout}: {per / 1000:.1f}k instructions per first-sight decision (runs_in {args.runs_in})"
            f"{stubbed}{spread}"
        )


if __name__ == "__main__":
    main()
