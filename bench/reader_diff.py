"""Differential check of the shell reader and decide() against another checkout (R4.9, speed work).

    .venv/bin/python bench/reader_diff.py --against /tmp/main [--count 100000] [--seed 7]

Builds one list of commands -- ``--count`` from the bash-oracle grammar (permissions/tests/shell_grammar.py),
as many random strings of shell tokens (quotes, substitutions, braces, here-documents, definitions,
aliases), the decide() corpus (bench/corpus.py), the false-positive corpus (bench/ordinary_commands.py) and
the hostile shapes (bench/decide.py) -- and has each checkout, in its own interpreter (PYTHONPATH, so the
two never share a module), print for every command a digest of ``repr(parse_command(c))``,
``repr(split_words(c))`` and ``repr(decide(...))`` in a runner project and with a running container. Every
command whose digest differs is listed (goal: none, except differences documented as intentional).

The reading (parse_command, split_words) and the verdicts (decide) are digested apart, so a change of the
reader that keeps every verdict shows as "readings differ" with "0 verdicts differ" (one reader, whose
segments past the read budget may differ from the fast path's -- never its verdicts). Exit status 1 when a
verdict differs, or a reading does without ``--verdicts-only``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "/srv/ws/app-1a2b3c4d"

_TOKENS = (
    ["a", "ls", "rm", "-rf", "/", "x1", "f0", "alias", "a0='ls 1'", "a1='a0 x'", "f()", "{", "}", "(", ")"]
    + [";", "&&", "||", "|", "&", "\n", " ", "  ", "'q w'", '"d $v"', "$(", "`", "\\`", "$((", "))"]
    + ["{a,b}", "{1..3}", "x{a,", "b}", "{,}", "\\{", "'{'", ",", "..", "$'\\x72m'", "<<E\nx\nE\n", "<<<"]
    + [">f", "2>&1", "sh -c", "eval", "bash -c 'rm -rf /'", "time", "!", "coproc", "function g", "~"]
    + ["${x:-y}", "$?", "*", "/???/", "[", "]]", "#c", "cd /tmp", "git push", "sudo", "env X=1"]
)


def _token_strings(count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        n = rnd.randrange(1, 14)
        sep = rnd.choice(["", " ", " "])
        out.append(sep.join(rnd.choice(_TOKENS) for _ in range(n)))
    return out


def _brace_words(count: int, seed: int) -> list[str]:
    """Brace expressions with plain, quoted, escaped, nested and empty alternatives, some past the budget."""
    rnd = random.Random(seed)
    atoms = ["a", "b", "", "'x,y'", "\\,", "\\{", "c d", "~", "{a,b}", "{1..4}", "{x}", "..", "'", "e{f,g}h"]
    out = []
    for _ in range(count):
        k = rnd.choice([1, 2, 3, 5, 40, 2000])
        items = ",".join(rnd.choice(atoms) for _ in range(k))
        pre = rnd.choice(["", "x", "~/", "{", "'"])
        post = rnd.choice(["", "y", "}", "{a,b}"])
        out.append(f"echo {pre}{{{items}}}{post}")
    return out


def commands(count: int, seed: int) -> list[str]:
    sys.path.insert(0, HERE)
    from corpus import make_corpus
    from decide import hostile_cases
    from ordinary_commands import COMMANDS

    from permissions.tests.shell_grammar import sample

    found = sample(count, seed)
    found += _token_strings(count, seed + 1)
    found += _brace_words(max(count // 20, 10), seed + 2)
    found += make_corpus()[0]
    found += COMMANDS
    found += list(hostile_cases().values())
    return found


def measure(path: str) -> list[list[str]]:
    """Run in the checkout's own interpreter: per command in the file at ``path``, the digest of its reading
    and the digest of its verdicts."""
    sys.path.insert(0, HERE)
    from corpus import make_permissions

    from permissions.decide import DecisionRequest, Permissions, ProjectState, decide
    from permissions.shell import parse_command, split_words

    with open(path) as fh:
        cmds = json.load(fh)
    raw = make_permissions()
    perms = Permissions(tuple(raw["allow"]), tuple(raw["deny"]), tuple(raw["ask"]))
    projects = (
        ProjectState(execution_mode="runner", root=ROOT, scope_root_id="app"),
        ProjectState(execution_mode="container", container_running=True, root=ROOT, scope_root_id="app"),
    )
    out = []
    for c in cmds:
        reading = [repr(parse_command(c)), repr(split_words(c))]
        verdicts = []
        for project in projects:
            req = DecisionRequest("terminal", "developer", project, command=c, cwd=ROOT, permissions=perms)
            verdicts.append(repr(decide(req)))
        out.append([_digest(reading), _digest(verdicts)])
    return out


def _digest(parts: list[str]) -> str:
    return hashlib.blake2b("\0".join(parts).encode(), digest_size=12).hexdigest()


def _run(checkout: str, path: str) -> list[list[str]]:
    env = dict(os.environ, PYTHONPATH=checkout)
    code = (
        f"import json, sys; sys.path.insert(0, {checkout!r}); sys.path.insert(0, {HERE!r}); "
        f"import reader_diff as r; print(json.dumps(r.measure({path!r})))"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", required=True, help="another checkout (e.g. `git archive main` unpacked)")
    ap.add_argument("--count", type=int, default=100_000, help="grammar commands, and as many token strings")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", type=int, default=10, help="differences to print in full")
    ap.add_argument(
        "--verdicts-only", action="store_true", help="fail on differing verdicts only, not differing readings"
    )
    args = ap.parse_args()
    here = os.path.dirname(HERE)
    sys.path.insert(0, here)
    cmds = commands(args.count, args.seed)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(cmds, fh)
        path = fh.name
    try:
        started = time.perf_counter()
        ours = _run(here, path)
        theirs = _run(os.path.abspath(args.against), path)
    finally:
        os.unlink(path)
    readings = [c for c, a, b in zip(cmds, ours, theirs) if a[0] != b[0]]
    verdicts = [c for c, a, b in zip(cmds, ours, theirs) if a[1] != b[1]]
    print(
        f"{len(cmds):,} commands ({args.count:,} from the grammar, {args.count:,} token strings, brace words, "
        f"both corpora, the hostile shapes) in {time.perf_counter() - started:.0f} s: "
        f"{len(readings)} readings differ, {len(verdicts)} verdicts differ"
    )
    for label, differ in (("verdict", verdicts), ("reading", readings)):
        for c in differ[: args.show]:
            print(f"  {label}: {c[:300]!r}")
    return 1 if verdicts or (readings and not args.verdicts_only) else 0


if __name__ == "__main__":
    sys.exit(main())
