"""Benchmark: Brabo's decide() vs the Gemini CLI policy engine on the same mixed corpus.

    /work/main/.venv/bin/python bench/decide.py [--rounds N] [--no-gemini]

Prints the corpus description, decisions per second and p50/p99 per decision for both engines, and the
ratio. decide() keeps what it read from a command's text (permissions.memos), and this corpus repeats its
commands, so both engines' figures come twice: "first sight" (every memo emptied before each decision, only
the decide() call timed, by process CPU time around it -- what a never-seen command costs) and "repeated"
(the corpus decided again and again after a warm-up -- mostly memo hits), each with its own goal line. The Gemini engine (@google/gemini-cli-core, tree-sitter parsing) runs in Node with the same 200
patterns as run_shell_command commandPrefix rules (deny > ask > allow by priority). If its npm install
fails, the comparison is skipped with a message. Also times the hostile inputs of the issue (R4.7).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Iterator

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from corpus import ROOT, describe, make_corpus, make_permissions
from gemini import run_gemini

from permissions.decide import DecisionRequest, Permissions, ProjectState, decide
from permissions.memos import forget_remembered


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


def bench_ours(commands: list[str], perms: Permissions, rounds: int) -> dict[str, float]:
    project = ProjectState(execution_mode="runner", root=ROOT)
    reqs = [DecisionRequest("terminal", "developer", project, command=c, permissions=perms) for c in commands]
    for r in reqs:  # warm-up: compiles the permissions index once, as a long-running server would
        decide(r)
    times: list[float] = []
    counts: dict[str, int] = {}
    clock = time.perf_counter_ns
    gc.disable()
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    for k in range(rounds):
        for r in reqs:
            s = clock()
            v = decide(r)
            times.append((clock() - s) / 1000)
            if k == 0:
                counts[v.decision] = counts.get(v.decision, 0) + 1
    total = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    gc.enable()
    times.sort()
    return {
        "decisions": len(times),
        "p50_us": percentile(times, 50),
        "p99_us": percentile(times, 99),
        "mean_us": sum(times) / len(times),
        "decisions_per_s": len(times) / total,
        "cpu_us_per_decision": cpu / len(times) * 1e6,
        "decisions_by_kind": counts,  # type: ignore[dict-item]
    }


def bench_first_sight(commands: list[str], perms: Permissions, rounds: int) -> dict[str, float]:
    """decide() on text it has never seen: every memo of permissions.memos emptied before each decision (the
    compiled rule set is kept, as a server keeps it), CPU time taken around the decide() call alone."""
    project = ProjectState(execution_mode="runner", root=ROOT)
    reqs = [DecisionRequest("terminal", "developer", project, command=c, permissions=perms) for c in commands]
    for r in reqs:  # warm-up: compiles the rules and warms the interpreter; the memos are emptied below
        decide(r)
    cpu = time.process_time
    times: list[float] = []
    gc.disable()
    for _ in range(rounds):
        for r in reqs:
            forget_remembered()
            s = cpu()
            decide(r)
            times.append((cpu() - s) * 1e6)
    gc.enable()
    total = sum(times)
    times.sort()
    return {
        "decisions": len(times),
        "p50_us": percentile(times, 50),
        "p99_us": percentile(times, 99),
        "cpu_us_per_decision": total / len(times),
    }


def bench_eval(commands: list[str], perms: Permissions, rounds: int) -> dict[str, float]:
    """`policy eval` (R12.2) on the same corpus, in process: one JSON request line in, one JSON verdict line
    out, through permissions.cli.run_eval (the code behind `manage.py policy eval`), rules given once."""
    import io

    from permissions.cli import parse_project, run_eval

    project = parse_project({"execution_mode": "runner", "root": ROOT})
    lines = [
        json.dumps({"action_type": "terminal", "role": "developer", "command": c}) + "\n" for c in commands
    ]
    run_eval(lines, io.StringIO(), perms, project)  # warm-up, as a long-running stream would be
    gc.disable()
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    for _ in range(rounds):
        out = io.StringIO()
        run_eval(lines, out, perms, project)
    total = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    gc.enable()
    n = len(lines) * rounds
    return {"requests": n, "mean_us": total / n * 1e6, "cpu_us_per_request": cpu / n * 1e6}


def bench_eval_first_sight(commands: list[str], perms: Permissions, rounds: int) -> dict[str, float]:
    """`policy eval` on lines it has never seen: the same stream, every memo emptied before run_eval takes
    each line; CPU time from when it takes a line to when it asks for the next (read, decide, answer)."""
    import io

    from permissions.cli import parse_project, run_eval

    project = parse_project({"execution_mode": "runner", "root": ROOT})
    lines = [
        json.dumps({"action_type": "terminal", "role": "developer", "command": c}) + "\n" for c in commands
    ]
    run_eval(lines, io.StringIO(), perms, project)  # warm-up: compiles the rules once
    cpu = time.process_time
    spent = [0.0]

    def fed() -> Iterator[str]:
        for _ in range(rounds):
            for line in lines:
                forget_remembered()
                s = cpu()
                yield line
                spent[0] += cpu() - s

    gc.disable()
    run_eval(fed(), io.StringIO(), perms, project)
    gc.enable()
    n = len(lines) * rounds
    return {"requests": n, "cpu_us_per_request": spent[0] / n * 1e6}


def bench_gemini(commands: list[str], perms: dict[str, list[str]], rounds: int) -> dict[str, float] | str:
    rules = [
        {"prefix": p[len("Terminal(") : -1], "decision": kind}
        for kind in ("allow", "deny", "ask")
        for p in perms[kind]
    ]
    return run_gemini({"rules": rules, "commands": commands, "rounds": rounds}, timeout=1800)


def hostile_cases() -> dict[str, str]:
    """Inputs shaped to make a reader slow (R4.7, the read budget): every one must decide in <= 50 ms."""
    depth = 20_000
    return {
        "100 KB of '('": "(" * 100_000,
        "200 KB of ')'": ")" * 200_000,
        "100 KB of nested '$('": "$(" * 25_000 + "ls" + ")" * 25_000,
        "100 KB of unclosed '$('": "$(" * 50_000,
        "10,000 segments": " && ".join(["ls -la"] * 10_000),
        "10,000 segments + rm -rf /": " && ".join(["ls"] * 10_000) + " && rm -rf /",
        "5,000 ';' segments": ";".join(["echo a"] * 5_000),
        "20,000 bare ';'": ";" * 20_000,
        "100 KB of unclosed '\"'": '"' * 100_000,
        "100 KB of '`'": "`" * 100_000,
        "100 KB of '/'": "cat " + "/" * 100_000,
        f"'echo $(' nested {depth} deep (140 KB)": "echo " + "$(echo " * depth + "x" + ")" * depth,
        "20,000 '$((' nested": "$((" * 20_000 + "1" + "))" * 20_000,
        "30,000 '((' unclosed": "((" * 30_000,
        "50,000 '${'": "${" * 50_000,
        "10,000 '${x}' in one word": "echo " + "${x}" * 10_000,
        "escaped backticks nested 8 deep": _nested_ticks(8, 125),
        "16,000 '`a\\`b`'": "`a\\`b`" * 16_000,
        "brace list of 20,000": "echo {" + ",".join(["a"] * 20_000) + "}",
        "brace product 2^20": "echo " + "{a,b}" * 20,
        "nested braces 5,000 deep": "echo " + "{a," * 5_000 + "b" + "}" * 5_000,
        "2,000 here-documents": "cat <<E\n" * 2_000 + "x\nE\n" * 2_000,
        "5,000 quoted here-documents": "".join(f"cat <<'E{k}'\n$(rm)\nE{k}\n" for k in range(5_000)),
        "one 200 KB word": "echo " + "a" * 200_000,
        "one 200 KB quoted word": "echo '" + "a b" * 66_000 + "'",
        "4,000 function definitions and calls": "".join(f"f{k}() {{ ls; }}; f{k}; " for k in range(4_000)),
        "6,500 'sh -c' scripts": "sh -c 'ls -l'; " * 6_500,
        "5,000 aliases": "".join(f"alias a{k}='ls -l'; " for k in range(5_000)),
        "5,000 aliases, each its own value": "".join(f"alias a{k}='ls {k}'; " for k in range(5_000)),
        "10,000 'time {'": "time { " * 10_000 + "ls" + "; }" * 10_000,
        "20,000 '/???/' globs": "/???/" * 20_000 + "rm",
        "100 KB of '<<'": "cat " + "<<" * 50_000,
        "100 KB of '$[' and '${!'": "$[${!" * 20_000,
        # printers and decoders read as they print (R6.2), sized to be read, not refused unread: every escaped
        # word decoded, tr's ranges spelt out
        "an escaped printf format of 700 pieces": "cat $(printf '" + "\\u002e\\u002e_ " * 700 + "')",
        "1,200 escaped echo words, none a location": "echo " + "'a\\x41' " * 1_200,
        "tr set of 3,000 ranges": "cat $(tr a " + "a-z" * 3_000 + ")",
        # What an attacker tries next: many distinct segments of each kind the reader builds (no two alike,
        # so nothing is judged once for all), definitions that refer to each other, bodies holding the
        # large shapes above.
        "16,000 distinct 'aK;' commands": ";".join(f"a{k}" for k in range(16_000)),
        "16,000 distinct lines": "\n".join(f"a{k}" for k in range(16_000)),
        "16,000-stage pipeline": "|".join(f"a{k}" for k in range(16_000)),
        "50,000 'a;'": "a;" * 50_000,
        "10,000 distinct '$(aK)' siblings": "echo " + " ".join(f"$(a{k})" for k in range(10_000)),
        "12,000 distinct backticks": "echo " + " ".join(f"`a{k}`" for k in range(12_000)),
        "12,000 distinct '(aK)' subshells": ";".join(f"(a{k})" for k in range(12_000)),
        "9,000 distinct '{ aK; }' groups": " ".join(f"{{ a{k}; }}" for k in range(9_000)),
        "8,000 'x=K aK' assignments": ";".join(f"x={k} a{k}" for k in range(8_000)),
        "8,000 distinct redirections": ";".join(f"a{k} >f{k}" for k in range(8_000)),
        "8,000 distinct 'sh -c' scripts": ";".join(f"sh -c 'a{k}'" for k in range(8_000)),
        "5,000 distinct here-documents": "".join(f"cat <<E{k}\nx{k}\nE{k}\n" for k in range(5_000)),
        "5,000 nested function definitions": "".join(f"f{k}() {{ " for k in range(5_000))
        + "ls"
        + "; }" * 5_000,
        "5,000 aliases calling each other": "".join(f"alias a{k}='a{k + 1} x'; " for k in range(5_000)),
        "brace list of 20,000 in a function": "f() { echo {" + ",".join(["a"] * 20_000) + "}; }; f",
        "brace list of 20,000 inside a word": "echo x{" + ",".join(["a"] * 20_000) + "}y",
        "brace list of 16,000 distinct items": "echo {" + ",".join(f"a{k}" for k in range(16_000)) + "}",
        # Brace work bounded by time, not only by characters: each expansion costs more than a character.
        "nested braces 25,000 deep (100 KB)": "echo " + "{a," * 25_000 + "b" + "}" * 25_000,
        "16,000 '{a,b}' alternatives in one list": "echo {" + "{a,b}," * 16_000 + "x}",
        "16,000 '{a,b}' words": " ".join(["{a,b}"] * 16_000),
        "12,000 '{1..3}' sequences in one list": "echo {" + ",".join(["{1..3}"] * 12_000) + "}",
        # ordinary commands: under 10,000 characters and 50 segments, so the caps read them (the container floor
        # auto-approves): the external-effect families, protected branch moves, host mounts.
        "git branch -f, a name of 4,000 '/'": "git branch -f " + "a/" * 4_000 + "main x",
        "48 'git checkout -B bK' segments": " && ".join(
            f"git checkout -B b{k} && git reset x" for k in range(24)
        ),
        "aws, 2,000 unknown options": "aws " + "--o " * 2_000 + "s3 cp a s3://b",
        "gcloud, 2,400 group words": "gcloud " + "grp " * 2_400 + "list",
        "git config, 2,400 words": "git config " + "remote.a.url " * 700,
        "docker run, 1,200 mounts": "docker run " + "-v a:/b " * 1_200 + "img",
        "gradle, 1,000 tasks": "gradle " + "assemble " * 1_000,
        # What reaches the network fed by the command's input, by a proxy or by captured words (R4.10).
        "48-stage pipeline into http and ssh": " | ".join(["cat f", "http h.example", "ssh h x"] * 16),
        "http fed, 1,900 query items": "cat f | http h.example " + "a==b " * 1_900,
        "export of 2,000 names, then curl -d": "export " + "A=1 " * 2_000 + "; curl -d x localhost",
        "ssh fed, 9,000 option letters": "cat f | ssh -" + "v" * 9_000 + " host",
        "curl of 2,000 captured words": "curl h.example/" + "$(a)" * 2_000,
        # Grammar alone, repeats and looked-through pieces: each drew less of the read budget than it costs
        # (`!;` by the fifty thousand took 280 ms before every kind of command was charged).
        "50,000 '!;'": "!;" * 50_000,
        "33,000 'fi;'": "fi;" * 33_000,
        "33,000 'do;'": "do;" * 33_000,
        "50,000 ':;' repeats": ":;" * 50_000,
        **{
            name: ";".join(template.format(k=k) for k in range(12_000))[:100_000]
            for name, template in (
                ("'xargs aK' wrappers", "xargs a{k}"),
                ("'env aK' wrappers", "env a{k}"),
                ("'aK < fK' redirections", "a{k} < f{k}"),
                ("'$aK' commands", "$a{k}"),
                ("'local x=aK' declarations", "local x=a{k}"),
                ("'aK{1..3}' sequences", "a{k}{{1..3}}"),
                ("'chmod 755 aK' (option table, a deny names chmod)", "chmod 755 a{k}"),
                ("'mv aK bK' (write table, an ask names mv)", "mv a{k} b{k}"),
                ("'sed -i s/a/K/ fK' in-place edits", "sed -i s/a/{k}/ f{k}"),
            )
        },
        # Every other construct by the thousand, distinct, cut at the API's 100 KB (R4.7: the
        # read budget of permissions.shell.MAX_READ_STEPS bounds them all).
        **{name: cmd[:100_000] for name, cmd in _constructs_by_the_thousand(8_000).items()},
    }


def _constructs_by_the_thousand(n: int) -> dict[str, str]:
    r = range(n)
    return {
        "'\"$(aK)\"' quoted substitutions": "echo " + " ".join(f'"$(a{k})"' for k in r),
        "'${x:-$(aK)}' defaults": "echo " + " ".join(f"${{x:-$(a{k})}}" for k in r),
        "'$((aK+1))' arithmetic": "echo " + " ".join(f"$((a{k}+1))" for k in r),
        "'[[ aK ]]' tests": ";".join(f"[[ a{k} ]]" for k in r),
        "'for' loops": ";".join(f"for i in a{k}; do b{k}; done" for k in range(5_000)),
        "'if' blocks": ";".join(f"if a{k}; then b{k}; fi" for k in range(5_000)),
        "'aK <<< bK' here-strings": ";".join(f"a{k} <<< b{k}" for k in r),
        "'<(aK)' process substitutions": "cat " + " ".join(f"<(a{k})" for k in r),
        "'eval aK'": ";".join(f"eval a{k}" for k in range(2 * n)),
        "'bash -c \"aK\"'": ";".join(f'bash -c "a{k}"' for k in r),
        "'env aK' wrappers": ";".join(f"env a{k}" for k in r),
        "'sudo aK'": ";".join(f"sudo a{k}" for k in r),
        "'find -exec aK'": ";".join(f"find . -exec a{k} {{}} \\;" for k in range(5_000)),
        "'git -c a.b=c log aK'": ";".join(f"git -c a.b=c log a{k}" for k in r),
        "'python3 -c'": ";".join(f"python3 -c 'a{k}'" for k in r),
        "'aK | bK' pipelines": " && ".join(f"a{k} | b{k}" for k in r),
        "'xK=$(aK)' assignments": ";".join(f"x{k}=$(a{k})" for k in r),
        "'alias aK=...; aK' calls": ";".join(f"alias a{k}='b{k}'; a{k}" for k in range(4_000)),
        "'case' blocks": ";".join(f"case a{k} in x) b;; esac" for k in r),
        "'$'...'' ANSI strings": ";".join(f"a{k} $'\\x41{k}'" for k in r),
        "'rm -rf dK' (floor verb)": ";".join(f"rm -rf d{k}" for k in r),
        # session 30: the floor reading a command word from a variable, PowerShell on Linux, apply_patch's files
        "'a=rm; $a -rf dK' (verb from a variable)": ("a=rm;" + ";".join(f"$a -rf d{k}" for k in r))[:100_000],
        "'pwsh -c Remove-Item aK'": ";".join(f"pwsh -c 'Remove-Item a{k}'" for k in r)[:100_000],
        "'apply_patch <<E' here-documents": "".join(
            f"apply_patch <<'E{k}'\n*** Begin Patch\n*** Add File: a{k}\n+x\n*** End Patch\nE{k}\n" for k in r
        )[:100_000],
        "'$(a $(bK))' nested": "echo " + " ".join(f"$(a $(b{k}))" for k in r),
        # R4.10: segments a deny/ask pattern must read through its option table
        "'git reset aK --ha -qp' abbreviations": ";".join(f"git reset a{k} --ha -qp" for k in r),
        "one 'git reset' of 10,000 options": "git reset " + " ".join(f"--h{k % 7} -q{k}" for k in r),
        "'npm inst -gD aK' npm aliases": ";".join(f"npm inst -gD a{k}" for k in r),
        # session 34: Windows paths whose backslashes the shell reader eats, read back by the floor off the sandbox
        # (Remove-Item: an ask names rm, so the floor reads them; a deny of `rm -rf` would deny rd /s first)
        "'Remove-Item -Recurse C:\\aK\\x'": " && ".join(f"Remove-Item -Recurse C:\\a{k}\\x" for k in r)[
            :100_000
        ],
        "'cd C:\\aK\\x; Remove-Item -Recurse .'": "; ".join(
            f"cd C:\\a{k}\\x; Remove-Item -Recurse ." for k in r
        )[:100_000],
    }


def _nested_ticks(levels: int, width: int) -> str:
    body = "ls " * width
    for k in range(levels):
        esc = "\\" * (2**k - 1)
        body = f"echo {esc}`{body}{esc}` " * 2
    return body


def bench_hostile(perms: Permissions, runs_in: str = "sandbox") -> list[tuple[str, int, float, str]]:
    """Each hostile input decided three times (best kept). ``runs_in`` "agent": the hook path -- a runner
    project, the command on the developer's machine -- which reads more of every segment (the Windows
    spellings, the floor's deleters there, the path scope)."""
    if runs_in == "sandbox":
        project = ProjectState(execution_mode="container", container_running=True, root=ROOT)
    else:
        project = ProjectState(
            execution_mode="runner", container_running=False, root=ROOT, scope_root_id="bench"
        )
    out = []
    for name, cmd in hostile_cases().items():
        req = DecisionRequest(
            "terminal", "developer", project, command=cmd, permissions=perms, runs_in=runs_in
        )
        best = float("inf")
        for _ in range(3):
            forget_remembered()  # an attacker's input is new text: no memo of an earlier run may answer part of it
            t = time.perf_counter()
            v = decide(req)
            best = min(best, time.perf_counter() - t)
        out.append((name, len(cmd), best * 1000, f"{v.decision}/{v.reason}"))
    return out


def _goal_lines(gemini_cpu: float, ours: dict[str, float], evals: dict[str, float], which: str) -> None:
    decide_ratio = gemini_cpu / ours["cpu_us_per_decision"]
    eval_ratio = gemini_cpu / evals["cpu_us_per_request"]
    print(
        f"goal check, {which} (CPU per decision, gemini PolicyEngine.check() / brabo): decide() {decide_ratio:.1f}x "
        f"(goal >= 20x {'met' if decide_ratio >= 20 else 'NOT met'}), policy eval {eval_ratio:.1f}x "
        f"(goal >= 5x {'met' if eval_ratio >= 5 else 'NOT met'})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=20, help="passes over the corpus (default 20)")
    ap.add_argument(
        "--cold-rounds", type=int, default=3, help="first-sight passes over the corpus (default 3)"
    )
    ap.add_argument("--gemini-rounds", type=int, default=5, help="passes for the slower Gemini engine")
    ap.add_argument("--no-gemini", action="store_true", help="skip the Gemini CLI comparison")
    args = ap.parse_args()

    commands, kinds = make_corpus()
    raw = make_permissions()
    perms = Permissions(tuple(raw["allow"]), tuple(raw["deny"]), tuple(raw["ask"]))
    n_patterns = len(perms.allow) + len(perms.deny) + len(perms.ask)
    print(f"corpus: {describe(commands, kinds)}")
    print(
        f"permissions: {n_patterns} patterns ({len(perms.allow)} allow, {len(perms.deny)} deny, {len(perms.ask)} ask)"
    )

    cold = bench_first_sight(commands, perms, args.cold_rounds)
    print(
        f"brabo decide(), first sight (memos emptied before each):   cpu {cold['cpu_us_per_decision']:6.1f} µs mean   "
        f"p50 {cold['p50_us']:6.1f} µs   p99 {cold['p99_us']:6.1f} µs   ({cold['decisions']} decisions)"
    )
    ours = bench_ours(commands, perms, args.rounds)
    print(
        f"brabo decide(), repeated:  {ours['decisions_per_s']:>10,.0f} decisions/s   p50 {ours['p50_us']:6.1f} µs   "
        f"p99 {ours['p99_us']:6.1f} µs   mean {ours['mean_us']:6.1f} µs   cpu {ours['cpu_us_per_decision']:6.1f} µs   "
        f"({ours['decisions']} decisions; "
        f"{ours['decisions_by_kind']})"
    )
    cold_evals = bench_eval_first_sight(commands, perms, args.cold_rounds)
    print(
        f"brabo policy eval, first sight (JSON in and out, in process): cpu {cold_evals['cpu_us_per_request']:6.1f} µs "
        f"per request   ({cold_evals['requests']} requests)"
    )
    evals = bench_eval(commands, perms, args.rounds)
    print(
        f"brabo policy eval, repeated (JSON in and out, in process): mean {evals['mean_us']:6.1f} µs   "
        f"cpu {evals['cpu_us_per_request']:6.1f} µs per request   ({evals['requests']} requests)"
    )
    if not args.no_gemini:
        theirs = bench_gemini(commands, raw, args.gemini_rounds)
        if isinstance(theirs, str):
            print(f"gemini-cli-core: skipped -- {theirs}")
        else:
            print(
                f"gemini-cli-core: {theirs['decisions_per_s']:>10,.0f} decisions/s   p50 {theirs['p50_us']:6.1f} µs   "
                f"p99 {theirs['p99_us']:6.1f} µs   mean {theirs['mean_us']:6.1f} µs   "
                f"cpu {theirs['cpu_us_per_decision']:6.1f} µs   ({theirs['decisions']} "
                f"decisions; {theirs['decisions_by_kind']})"
            )
            print(
                f"ratio (gemini / brabo, repeated): mean {theirs['mean_us'] / ours['mean_us']:.1f}x, "
                f"p50 {theirs['p50_us'] / ours['p50_us']:.1f}x, p99 {theirs['p99_us'] / ours['p99_us']:.1f}x, "
                f"cpu per decision {theirs['cpu_us_per_decision'] / ours['cpu_us_per_decision']:.1f}x"
            )
            # the reader's speed targets, same run and corpus: decide() >= 20x, policy eval >= 5x the bare check --
            # for text never seen (first sight) and for text seen before (repeated), each its own line.
            _goal_lines(theirs["cpu_us_per_decision"], cold, cold_evals, "first sight")
            _goal_lines(theirs["cpu_us_per_decision"], ours, evals, "repeated")
    print("hostile inputs (best of 3, one decision each; goal <= 50 ms each):")
    worst = 0.0
    for name, size, ms, outcome in bench_hostile(perms):
        worst = max(worst, ms)
        flag = "" if ms <= 50 else "   OVER 50 ms"
        print(f"  {name:<42} {size:>9,} chars {ms:8.1f} ms   {outcome}{flag}")
    print(f"  slowest hostile input: {worst:.1f} ms")


if __name__ == "__main__":
    main()
