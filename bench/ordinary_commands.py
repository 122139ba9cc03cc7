"""False-positive corpus (R4.9): ordinary commands agents really run, and how many of them the seeded
allow list (permissions.seeds, what activation writes) auto-approves.

    .venv/bin/python bench/ordinary_commands.py                       # this checkout
    .venv/bin/python bench/ordinary_commands.py --against /tmp/main   # side by side with another checkout

The rate must not drop when the engine gets stricter: nothing plainly safe and allowed may start asking.
With --against, every command whose verdict differs is listed. Runs each checkout in its own interpreter
(PYTHONPATH), so the two engines never share a module.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ROOT = "/srv/ws/app-1a2b3c4d"

# Reading the worktree, git history, build and test, pipelines and quoting -- in the project folder.
COMMANDS: list[str] = [
    # listing and reading
    "ls",
    "ls -la",
    "ls -la src",
    "ls src/components",
    "ls -1 tests | head -20",
    "pwd",
    "cat package.json",
    "cat README.md",
    "cat src/index.ts",
    "cat pyproject.toml | head -40",
    "head -n 50 src/app.py",
    "head -20 CHANGELOG.md",
    "tail -n 100 logs/test.log",
    "tail -f logs/dev.log",
    "wc -l src/*.py",
    "wc -c README.md",
    "find . -name '*.py'",
    "find src -type f -name '*.ts' | head",
    "find . -maxdepth 2 -type d",
    "find . -name node_modules -prune -o -name '*.js' -print",
    "find tests -name 'test_*.py' | wc -l",
    "find . -newer package.json -type f",
    "grep -rn TODO src",
    "grep -rn 'def main' .",
    'grep -r "import React" src',
    "grep -n 'class .*Error' src/errors.py",
    "grep -rl useEffect src/components",
    "grep -c FIXME src/*.ts",
    "grep -E 'foo|bar' src/x.py",
    "grep -v '^#' .env.example",
    "grep -rn --include='*.py' 'print(' src",
    "grep -i error logs/test.log | tail -20",
    "grep -o 'v[0-9]*\\.[0-9]*' CHANGELOG.md | sort -u",
    "grep 'rm -rf /' docs/safety.md",
    "grep -rn '/api/' src",
    "grep -e '/health' -r app",
    "rg '/v1/users' src",
    "cat src/a.py | grep def",
    "cat package.json | grep version",
    "ls src | wc -l",
    "find . -name '*.md' | xargs -n1 echo",
    "echo hello",
    "echo $PATH",
    'echo "rm -rf /"',
    "echo 'curl evil.sh | sh'",
    'echo "$(date)"',
    "echo done && ls",
    "echo '{\"a\": 1}' > tmp/a.json",
    "echo ---- ; ls ; echo ----",
    "pwd && ls -la",
    "cat a.txt b.txt > c.txt",
    "head -5 src/a.py; tail -5 src/a.py",
    "ls 2>/dev/null",
    "cat missing.txt 2>&1 | head -3",
    "grep -rn foo src 2>/dev/null | head",
    # git reading
    "git status",
    "git status --short",
    "git status -sb",
    "git diff",
    "git diff --stat",
    "git diff HEAD~1",
    "git diff main...HEAD",
    "git diff --cached",
    "git diff -- src/app.py",
    "git diff --name-only HEAD~3",
    "git log",
    "git log --oneline",
    "git log --oneline -20",
    "git log -p -1",
    "git log --graph --oneline --all",
    "git log --author=alice --since='2 weeks ago'",
    "git log --format='%h %s' -n 10",
    "git log -S'parse_command' --oneline",
    "git show",
    "git show HEAD",
    "git show HEAD:src/app.py",
    "git show --stat HEAD~2",
    "git branch -a",
    "git branch -r",
    "git branch -v",
    "git branch --list 'feat*'",
    "git branch --show-current",
    "git remote -v",
    "git remote show origin",
    "git worktree list",
    "git rev-parse HEAD",
    "git rev-parse --abbrev-ref HEAD",
    "git rev-parse --show-toplevel",
    "git ls-tree HEAD src",
    "git ls-tree -r --name-only HEAD",
    "git for-each-ref --sort=-committerdate refs/heads",
    "git config --get user.name",
    "git config --get remote.origin.url",
    "git status && git diff --stat",
    "git log --oneline | head -5",
    "git diff | grep '^+' | wc -l",
    "git --no-pager log --oneline -5",
    "git --no-pager diff",
    "git -C src status",
    "git blame src/app.py",
    "git stash list",
    "git tag -l",
    "git describe --tags",
    "git shortlog -sn",
    "git grep -n TODO",
    # build and test (seeded)
    "pnpm install",
    "pnpm install --frozen-lockfile",
    "pnpm test",
    "pnpm test -- --watch=false",
    "pnpm test:unit",
    "npm run build",
    "npm run lint",
    "npm run test -- --coverage",
    "npm test",
    "npm ci",
    "npx vitest",
    "npx vitest run",
    "npx vitest run src/a.test.ts",
    "yarn test",
    "yarn test --watchAll=false",
    "mix test",
    "mix test test/app_test.exs",
    "mix compile",
    "mix compile --warnings-as-errors",
    "pytest",
    "pytest -q",
    "pytest -x tests/test_app.py",
    "pytest -k 'not slow' -q",
    "pytest tests/ -n 2",
    "go test ./...",
    "go test -run TestParse ./pkg/...",
    "go build ./...",
    "go build -o bin/app ./cmd/app",
    "go vet ./...",
    "cargo test",
    "cargo test --release",
    "cargo build",
    "cargo build --release",
    "cargo check",
    "cargo check --all-targets",
    "pnpm test && pnpm install",
    "npm ci && npm test",
    "go vet ./... && go test ./...",
    "cargo check && cargo test",
    "pytest -q 2>&1 | tail -20",
    "npm test 2>&1 | grep -i fail",
    "go test ./... | grep -v '^ok'",
    "cargo build 2>&1 | head -50",
    "pnpm test > test.log 2>&1",
    "npm run build && ls dist",
    # other everyday commands (the seeds do not allow these: they ask, before and after)
    "python3 -m pytest -q",
    "python3 script.py",
    "python3 -m pip install -r requirements.txt",
    "node scripts/build.js",
    "make",
    "make test",
    "make -C docs html",
    "cd src && ls",
    "cd tests && pytest -q",
    "mkdir -p build",
    "touch src/new.py",
    "cp src/a.py src/b.py",
    "mv old.txt new.txt",
    "rm -rf build",
    "rm tmp/a.json",
    # a build folder made afresh, writes through a loop or a variable the command gives (session 30)
    "rm -rf build && cmake -B build",
    "mkdir -p build && cmake -S . -B build",
    "rm -rf .venv && python3 -m venv .venv",
    "for f in tests/*.py; do sed -i 's/old_name/new_name/g' \"$f\"; done",
    'for d in build dist; do rm -rf "$d"; done',
    'for f in src/*.js; do cp "$f" "$f.bak"; done',
    'out=dist; rm -rf "$out" && mkdir -p "$out"',
    "sed -n '1,20p' src/app.py",
    "sed -i 's/foo/bar/g' src/app.py",
    "sed 's/a/b/' README.md",
    "awk '{print $1}' data.txt",
    "awk -F, '{print $2}' data.csv",
    "awk '/ERROR/ {print}' logs/test.log",
    "sort data.txt | uniq -c | sort -rn",
    "cut -d, -f1 data.csv",
    "cut -d/ -f2 paths.txt",
    "tr a-z A-Z < a.txt",
    "diff a.txt b.txt",
    "diff -u old.py new.py",
    "jq '.dependencies' package.json",
    "cat package.json | jq .version",
    "tree -L 2",
    "du -sh node_modules",
    "date",
    "which python3",
    "env | grep PATH",
    "uname -a",
    "node --version",
    "python3 --version",
    "npm --version",
    "pnpm --version",
    "go version",
    "rustc --version",
    "git add -A",
    "git add src/app.py",
    "git commit -m 'fix: handle empty input'",
    "git checkout -b feature/x",
    "git switch main",
    "git stash",
    "git fetch origin",
    "git pull --rebase",
    "git rebase main",
    "git merge --no-ff feature/x",
    "git push origin feature/x",
    "gh pr create --fill",
    "gh pr view 12",
    "gh pr list",
    "docker ps",
    "docker compose up -d",
    "curl -s https://example.com/api",
    "wget https://example.com/file.tar.gz",
    "tar -xzf file.tar.gz",
    "tar -czf out.tar.gz dist",
    "unzip archive.zip",
    "chmod +x scripts/run.sh",
    "./scripts/run.sh",
    "bash scripts/setup.sh",
    "sh -c 'echo hi'",
    "ruff check .",
    "ruff format .",
    "mypy src",
    "black --check .",
    "eslint src",
    "prettier --check .",
    "tsc --noEmit",
    "uv run pytest",
    "poetry run pytest",
]


SETTINGS = ("runner project, seeded allow list", "container running (floor), seeded allow list")


def _measure(commands: list[str]) -> dict[str, dict[str, str]]:
    from permissions.decide import DecisionRequest, Permissions, ProjectState, decide
    from permissions.seeds import DEV_TERMINAL_ALLOW_PATTERNS

    projects = (
        ProjectState(execution_mode="runner", root=ROOT, scope_root_id="app"),
        ProjectState(execution_mode="container", container_running=True, root=ROOT, scope_root_id="app"),
    )
    perms = Permissions(allow=DEV_TERMINAL_ALLOW_PATTERNS)
    out: dict[str, dict[str, str]] = {}
    for name, project in zip(SETTINGS, projects):
        got = out[name] = {}
        for c in commands:
            req = DecisionRequest("terminal", "developer", project, command=c, cwd=ROOT, permissions=perms)
            v = decide(req)
            got[c] = f"{v.decision}:{v.reason}"
    return out


def _run(checkout: str) -> dict[str, dict[str, str]]:
    env = dict(os.environ, PYTHONPATH=checkout)
    bench = os.path.dirname(os.path.abspath(__file__))
    code = (
        f"import json, sys; sys.path.insert(0, {checkout!r}); sys.path.insert(0, {bench!r}); "
        "import ordinary_commands as o; print(json.dumps(o._measure(o.COMMANDS)))"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout)


def _rate(results: dict[str, str]) -> tuple[int, float]:
    auto = sum(1 for v in results.values() if v.startswith("auto_approve"))
    return auto, 100.0 * auto / len(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="another checkout to compare with (e.g. a worktree of main)")
    args = parser.parse_args()
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    assert len(set(COMMANDS)) == len(COMMANDS), "duplicate commands in the corpus"
    ours_all = _run(here)
    theirs_all = _run(os.path.abspath(args.against)) if args.against else None
    n = len(COMMANDS)
    print(f"false-positive corpus: {n} ordinary commands in {ROOT}")
    for setting in SETTINGS:
        ours = ours_all[setting]
        auto, pct = _rate(ours)
        print(f"\n{setting}")
        if theirs_all is None:
            print(f"  auto-approved: {auto}/{n} ({pct:.1f} %)")
            continue
        theirs = theirs_all[setting]
        t_auto, t_pct = _rate(theirs)
        print(f"  {'checkout':<44} auto-approved")
        print(f"  {os.path.abspath(args.against):<44} {t_auto}/{n} ({t_pct:.1f} %)")
        print(f"  {here:<44} {auto}/{n} ({pct:.1f} %)")
        changed = [c for c in COMMANDS if ours[c] != theirs[c]]
        lost = [c for c in changed if theirs[c].startswith("auto_approve")]
        print(f"  verdicts that differ: {len(changed)}; auto-approved before and not now: {len(lost)}")
        for c in changed:
            print(f"    {theirs[c]:<34} -> {ours[c]:<34} {c}")


if __name__ == "__main__":
    main()
