"""Friction corpus (friction: ordinary commands): ordinary agent commands under realistic team allow lists.

    .venv/bin/python bench/friction.py                          # this checkout, and the Gemini CLI engine
    .venv/bin/python bench/friction.py --against /tmp/main      # side by side with another checkout
    .venv/bin/python bench/friction.py --no-gemini

Every command here is one a coding agent runs many times a day, written from the agents' own documentation
and examples: Claude Code's commit idiom (a message through a quoted here-document in ``$(...)``) and its
``git status`` / ``git diff`` / ``git log`` survey, Codex's ``bash -lc '...'`` form and its ``rg`` /
``sed -n`` / ``nl -ba`` reading, the Gemini CLI's ``run_shell_command`` examples, test runs, searches,
pipes into ``head``/``tail``, loops, ``cd`` into a package and back. Each is judged under the allow list a
team of its kind writes (the verbs it means to allow; nothing in the corpus needs a rule the list lacks), in
a runner project (no container floor: the allow list alone decides) with the project folder as cwd.

bench/friction_teams.py adds the teams of other ecosystems (Go, Rust, the JVM, operations), the list Brabo
seeds (permissions/seeds.py), and a second pass over the Python and TypeScript teams' day (test runners with
filters, shell options and exported settings before a run, searches through xargs and awk); and KEEP_ASKING,
the ordinary commands judged to keep asking, each with why: reported beside the figure (every one must still
ask), never counted in it.

Goal: >= 99 % auto-approved, and no command that another checkout (--against) auto-approves starts asking.
The Gemini CLI's own policy engine (@google/gemini-cli-core's PolicyEngine.check(), default ASK_USER,
the same allow lists as run_shell_command commandPrefix rules) is judged on the same corpus beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import friction_teams as more
from gemini import run_gemini
from windows_commands import ALLOW as WINDOWS_ALLOW
from windows_commands import COMMANDS as WINDOWS

ROOT = "/srv/ws/app-1a2b3c4d"

# What every team allows: reading the worktree, searching, git reading, staging and committing.
_COMMON_ALLOW = (
    "ls",
    "pwd",
    "cat",
    "head",
    "tail",
    "wc",
    "grep",
    "rg",
    "find",
    "tree",
    "du",
    "file",
    "stat",
    "sort",
    "uniq",
    "cut",
    "tr",
    "diff",
    "echo",
    "printf",
    "nl",
    "sed -n",
    "jq",
    "which",
    "date",
    "uname",
    "git status",
    "git diff",
    "git log",
    "git show",
    "git branch",
    "git rev-parse",
    "git ls-files",
    "git blame",
    "git grep",
    "git stash list",
    "git add",
    "git commit",
    "gh pr view",
    "gh pr diff",
    "gh pr checks",
    "gh issue view",
    "gh run view",
    "gh run list",
)
ALLOW_LISTS: dict[str, tuple[str, ...]] = {
    "python": _COMMON_ALLOW
    + (
        "pytest",
        "python -m pytest",
        "python3 -m pytest",
        "uv run pytest",
        "uv run ruff",
        "uv run mypy",
        "uv sync",
        "ruff",
        "mypy",
        "python --version",
        "python3 --version",
        "python manage.py test",
        "python manage.py check",
        "python manage.py makemigrations --check",
        "python manage.py showmigrations",
        "pip list",
        "pip show",
        "tox",
    ),
    "typescript": _COMMON_ALLOW
    + (
        "npm test",
        "npm run",
        "npm ci",
        "npm install",
        "npm ls",
        "pnpm test",
        "pnpm run",
        "pnpm install",
        "pnpm lint",
        "pnpm build",
        "pnpm typecheck",
        "pnpm --filter",
        "yarn test",
        "yarn lint",
        "npx vitest",
        "npx tsc",
        "npx eslint",
        "npx prettier",
        "npx jest",
        "node --version",
        "node -v",
    ),
    "seeded": more.SEEDED_ALLOW,
    "go": _COMMON_ALLOW + more.GO_ALLOW,
    "rust": _COMMON_ALLOW + more.RUST_ALLOW,
    "jvm": _COMMON_ALLOW + more.JVM_ALLOW,
    "ops": _COMMON_ALLOW + more.OPS_ALLOW,
}
# The second pass over the Python and TypeScript teams' day (bench/friction_teams.py): their lists with the verbs
# of its commands added (the first corpus stays judged under the lists it was written for).
ALLOW_LISTS["python2"] = ALLOW_LISTS["python"] + more.PYTHON_MORE_ALLOW
ALLOW_LISTS["typescript2"] = ALLOW_LISTS["typescript"] + more.TYPESCRIPT_MORE_ALLOW
# The third pass (bench/friction_teams.py): each coding agent's day under the list its team writes.
ALLOW_LISTS["claude"] = _COMMON_ALLOW + more.CLAUDE_ALLOW
ALLOW_LISTS["codex"] = _COMMON_ALLOW + more.CODEX_ALLOW
ALLOW_LISTS["gemini"] = _COMMON_ALLOW + more.GEMINI_ALLOW

_CLAUDE_COMMIT = (
    "git commit -m \"$(cat <<'EOF'\n{msg}\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
    'Co-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"'
)

COMMON: list[str] = [
    # Claude Code's survey before a commit, and its commit idiom
    "git status",
    "git diff",
    "git diff HEAD",
    "git log -n 5 --oneline",
    "git log --oneline -10",
    "git status && git diff --stat",
    "git status --short",
    "git status -s | head -20",
    "git diff --cached",
    "git diff --cached --stat",
    "git diff --stat",
    "git diff --name-only",
    "git diff --name-only main...HEAD",
    "git diff main...HEAD -- src/",
    "git diff HEAD~1 -- README.md",
    "git log --oneline main..HEAD",
    "git log -p -2 -- src/app.py",
    "git log --graph --oneline --all | head -30",
    "git log --format='%h %an %s' -20",
    "git log -S 'parse_config' --oneline",
    "git show HEAD",
    "git show --stat HEAD",
    "git show HEAD:README.md | head -40",
    "git show HEAD~2 --name-only",
    "git branch --show-current",
    "git branch -a",
    "git rev-parse HEAD",
    "git rev-parse --abbrev-ref HEAD",
    "git rev-parse --show-toplevel",
    "git ls-files | wc -l",
    "git ls-files '*.md'",
    "git ls-files --others --exclude-standard",
    "git blame -L 10,40 README.md",
    "git grep -n TODO",
    "git grep -n 'FIXME' -- '*.md'",
    "git stash list",
    "git add -A",
    "git add .",
    "git add README.md docs/setup.md",
    "git add -A && git status --short",
    "git commit -m 'docs: fix typo in setup guide'",
    'git commit -m "chore: bump version"',
    "git commit -am 'fix: handle empty config'",
    _CLAUDE_COMMIT.format(msg="Fix the config loader on empty files"),
    _CLAUDE_COMMIT.format(msg="Add retry to the HTTP client\n\nThe client now retries idempotent requests."),
    _CLAUDE_COMMIT.format(msg="docs: explain the release process"),
    "git add -A && " + _CLAUDE_COMMIT.format(msg="Refactor the settings module"),
    "git add src && " + _CLAUDE_COMMIT.format(msg="feat: add the export command") + " && git status",
    "git commit -m \"$(cat <<'EOF'\nfix: off-by-one in pagination\nEOF\n)\"",
    "git commit -m \"$(cat <<'EOF'\nUpdate docs\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)\" && git log -1",
    "git commit --amend --no-edit",
    'echo "Current branch: $(git branch --show-current)"',
    'echo "HEAD is $(git rev-parse --short HEAD)"',
    "gh pr view",
    "gh pr view 42 --comments",
    "gh pr diff 42",
    "gh pr checks",
    "gh issue view 17",
    "gh run list --limit 5",
    "gh run view 123456 --log-failed | tail -50",
    # reading and searching (Codex, the Gemini CLI)
    "ls",
    "ls -la",
    "ls -la src",
    "ls -R docs | head -50",
    "pwd",
    "pwd && ls",
    "tree -L 2",
    "tree -L 3 -I node_modules",
    "du -sh .",
    "file README.md",
    "stat README.md",
    "cat README.md",
    "cat -n README.md | head -80",
    "head -50 README.md",
    "head -n 20 CHANGELOG.md",
    "tail -n 30 CHANGELOG.md",
    "tail -100 logs/app.log",
    "sed -n '1,120p' README.md",
    "sed -n '120,240p' docs/architecture.md",
    "nl -ba README.md | sed -n '1,80p'",
    "rg --files",
    "rg --files | head -50",
    "rg --files | wc -l",
    "rg -n 'TODO|FIXME'",
    "rg -n 'TODO' docs",
    "rg -l 'deprecated' | head",
    "rg -n --hidden 'API_URL' -g '!node_modules'",
    "rg -n 'class .*Error' -t md",
    "rg -c 'import' | sort -t: -k2 -n | tail -5",
    "grep -rn 'TODO' . | head -20",
    "grep -rn 'def main' .",
    'grep -rn "Copyright" --include="*.md" .',
    "grep -c '' README.md",
    "grep -i 'error' logs/app.log | tail -20",
    "grep -E 'WARN|ERROR' logs/app.log | wc -l",
    "grep -v '^#' .env.example",
    "grep -o 'v[0-9]*\\.[0-9]*\\.[0-9]*' CHANGELOG.md | sort -u | tail -3",
    "find . -name '*.md' -not -path './node_modules/*'",
    "find . -maxdepth 2 -type d",
    "find . -type f -name '*.json' | head -20",
    "find docs -name '*.md' | wc -l",
    "find . -newer README.md -type f | head",
    "find . -name '*.log' -size +1M",
    "wc -l README.md CHANGELOG.md",
    "wc -l $(git ls-files '*.md')",
    "wc -l $(git ls-files '*.md') | sort -n | tail -5",
    "cat $(git ls-files docs) | wc -w",
    "grep -n 'TODO' $(git diff --name-only)",
    "grep -l 'license' $(git ls-files '*.md')",
    "diff <(git show HEAD:README.md) README.md",
    "diff <(git show HEAD~1:docs/setup.md) <(git show HEAD:docs/setup.md)",
    "diff -u <(sort a.txt) <(sort b.txt)",
    "diff -u docs/old.md docs/new.md",
    "sort -u words.txt | head",
    "cut -d, -f1 data.csv | sort | uniq -c | sort -rn | head",
    "tr '[:upper:]' '[:lower:]' < words.txt | sort -u | wc -l",
    "jq '.' config.json",
    "jq -r '.version' package.json",
    "cat package.json | jq '.scripts'",
    "echo done",
    "echo '---'; git status --short; echo '---'",
    "printf '%s\\n' one two three",
    "which git",
    "date -u",
    "uname -a",
    # loops whose every command is allowed
    'for f in docs/*.md; do echo "== $f"; head -5 "$f"; done',
    "for f in docs/*.md; do wc -l $f; done",
    "for f in $(git ls-files '*.md'); do wc -l \"$f\"; done | sort -n | tail",
    'for f in README.md CHANGELOG.md; do echo "$f: $(wc -l < "$f")"; done',
    'git ls-files "*.md" | while read -r f; do grep -c TODO "$f"; done',
    'git ls-files | while IFS= read -r f; do head -1 "$f"; done | sort | uniq -c',
    'while read -r line; do echo "$line"; done < notes.txt',
    'for d in docs src; do echo "$d"; ls "$d" | head -3; done',
    # Codex's `bash -lc` form and `sh -c`
    "bash -lc 'ls -la'",
    "bash -lc 'git status --short'",
    "bash -lc 'rg --files | head -50'",
    "bash -lc \"sed -n '1,160p' README.md\"",
    "bash -lc 'rg -n \"TODO\" docs'",
    "bash -lc 'git diff --stat && git log --oneline -5'",
    "bash -lc 'nl -ba README.md | sed -n \"1,80p\"'",
    "bash -lc 'cat README.md'",
    "bash -lc 'find . -maxdepth 2 -type d | sort'",
    "sh -c 'git status'",
    "bash -c 'git log --oneline | head -5'",
    # a plain condition around allowed commands
    "[ -f README.md ] && head -20 README.md",
    "test -d docs && ls docs",
    "if [ -f CHANGELOG.md ]; then head -5 CHANGELOG.md; else echo none; fi",
    '[ -z "$(git status --porcelain)" ] && echo clean || git status --short',
    '[ "$(git branch --show-current)" != main ] && git log --oneline main..HEAD',
    'for f in docs/*.md; do [ -s "$f" ] || echo "empty: $f"; done',
    # cd into a folder of the project and back
    "cd docs && ls",
    "cd docs && ls && cd .. && git status",
    "cd docs && grep -rn 'TODO' . && cd ..",
    "cd src && rg -n 'TODO' && cd .. && git diff --stat",
]

PYTHON: list[str] = [
    "pytest",
    "pytest -q",
    "pytest -x -q",
    "pytest -q tests/test_api.py",
    "pytest -q tests/e2e --base-url=http://localhost:8000",
    "pytest tests/test_api.py::test_create_user -vv",
    "pytest -k 'auth and not slow' -q",
    "pytest --lf -q",
    "pytest -q 2>&1 | tail -20",
    "pytest -q --maxfail=1 2>&1 | tail -30",
    "pytest --cov=src --cov-report=term-missing | tail -40",
    "pytest -q tests/ -p no:cacheprovider",
    "pytest -n auto -q",
    "python -m pytest -q",
    "python -m pytest tests/unit -q 2>&1 | tail -15",
    "python3 -m pytest -x",
    "uv run pytest -q",
    "uv run pytest tests/test_models.py -q",
    "uv run ruff check .",
    "uv run mypy src",
    "uv sync",
    "ruff check .",
    "ruff check --fix src",
    "ruff format .",
    "ruff format --check .",
    "ruff check . && ruff format --check .",
    "ruff check src/app.py --output-format concise",
    "mypy src",
    "mypy src --strict | tail -20",
    "python --version",
    "python3 --version",
    "python manage.py test",
    "python manage.py test accounts -v 2",
    "python manage.py check",
    "python manage.py makemigrations --check --dry-run",
    "python manage.py showmigrations | tail -20",
    "pip list | grep -i django",
    "pip show requests",
    "tox -e py312",
    "cat pyproject.toml",
    "sed -n '1,200p' src/app/models.py",
    "nl -ba src/app/views.py | sed -n '40,120p'",
    "rg -n 'def test_' tests | wc -l",
    "rg -n 'import requests' src",
    "grep -rn 'print(' src --include='*.py'",
    "find . -name '*.py' -not -path './.venv/*' | xargs wc -l | tail -1",
    "find . -name '__pycache__' -prune -o -name '*.py' -print | head",
    "wc -l $(git ls-files '*.py')",
    "wc -l $(git ls-files '*.py') | sort -n | tail -10",
    "grep -n 'def ' $(git ls-files 'src/*.py') | wc -l",
    "diff <(git show HEAD:src/app/settings.py) src/app/settings.py",
    "for f in src/*.py; do wc -l $f; done",
    'for f in tests/test_*.py; do echo "$f"; grep -c "def test_" "$f"; done',
    "for f in $(git ls-files 'tests/*.py'); do grep -L 'import pytest' \"$f\"; done",
    'git ls-files "*.py" | while read -r f; do grep -c "TODO" "$f"; done | sort | uniq -c',
    "git diff --name-only | grep '\\.py$' | head",
    "git diff -- '*.py' | head -100",
    "bash -lc 'pytest -q'",
    "bash -lc 'pytest -x -q tests/test_api.py'",
    "bash -lc 'ruff check . && pytest -q'",
    "bash -lc \"sed -n '1,200p' src/app/models.py\"",
    "bash -lc 'rg -n \"class \" src | head -40'",
    "bash -lc 'python -m pytest -q 2>&1 | tail -20'",
    "bash -lc 'uv run pytest -q'",
    "cd backend && pytest -q",
    "cd backend && pytest -q && cd .. && git status",
    "cd services/api && python -m pytest -q 2>&1 | tail -20",
    "cd services/api && uv run pytest && cd ../.. && git diff --stat",
    "cd backend && ruff check . && mypy src",
    "cd src && grep -rn 'TODO' . | head",
    "cd services/api && cat ../../pyproject.toml",
    'for d in services/*/; do (cd "$d" && pytest -q); done',
    "pytest -q && ruff check . && " + _CLAUDE_COMMIT.format(msg="test: cover empty input"),
    "ruff format . && git add -A && " + _CLAUDE_COMMIT.format(msg="style: format"),
    "pytest -q 2>&1 | grep -E 'passed|failed'",
    "pytest --collect-only -q | tail -5",
    "pytest -q -W error::DeprecationWarning",
    "python -m pytest --durations=10 -q | tail -15",
    "mypy src/app/models.py",
    "ruff check --statistics .",
    "uv run pytest -q -k 'not slow'",
    "pytest -q tests/test_cli.py 2>&1 | head -60",
]

TYPESCRIPT: list[str] = [
    "npm test",
    "npm test -- --watch=false",
    "npm test -- src/utils.test.ts",
    "npm run test",
    "npm run lint",
    "npm run build",
    "npm run typecheck",
    "npm run build 2>&1 | tail -30",
    "npm run lint -- --fix",
    "npm test 2>&1 | tail -40",
    "npm ci",
    "npm install",
    "npm ls react",
    "npm ls --depth=0",
    "pnpm test",
    "pnpm run test -- --run",
    "pnpm install",
    "pnpm lint",
    "pnpm build",
    "pnpm typecheck",
    "pnpm --filter ui test",
    "pnpm --filter @acme/api build",
    "pnpm test 2>&1 | tail -30",
    "yarn test",
    "yarn lint",
    "npx vitest run",
    "npx vitest run src/parser.test.ts",
    "npx vitest run --api.host=127.0.0.1 --reporter=dot",
    "npm run test:e2e -- --base-url=http://localhost:3000",
    "npx vitest run --reporter=dot | tail -20",
    "npx tsc --noEmit",
    "npx tsc --noEmit -p packages/ui",
    "npx tsc --noEmit 2>&1 | head -40",
    "npx eslint src --ext .ts,.tsx",
    "npx eslint . --max-warnings=0",
    "npx prettier --check .",
    "npx prettier --write src/components/Button.tsx",
    "npx jest src/app.test.ts",
    "node --version",
    "node -v",
    "cat package.json",
    "cat tsconfig.json",
    "jq '.scripts' package.json",
    "jq -r '.dependencies | keys[]' package.json",
    "sed -n '1,200p' src/index.ts",
    "nl -ba src/components/App.tsx | sed -n '1,120p'",
    "rg -n 'useEffect' src",
    "rg -n 'any' -t ts src | wc -l",
    "rg -l 'console.log' src | head",
    "rg --files -g '*.test.ts' | wc -l",
    "grep -rn 'TODO' src --include='*.ts' | head -20",
    "find src -name '*.test.ts' | wc -l",
    "find . -name '*.tsx' -not -path './node_modules/*' | head -30",
    "ls packages",
    "ls packages/*/package.json",
    "wc -l $(git ls-files 'src/*.ts')",
    "wc -l $(git ls-files '*.tsx') | sort -n | tail -5",
    "grep -l 'export default' $(git ls-files 'src/*.tsx')",
    "diff <(git show HEAD:package.json) package.json",
    "diff <(jq -S . package.json) <(git show HEAD:package.json | jq -S .)",
    "for f in src/*.ts; do wc -l $f; done",
    "for p in packages/*/package.json; do jq -r '.name' \"$p\"; done",
    'for f in $(git ls-files \'src/*.ts\'); do grep -c "any" "$f"; done | sort | uniq -c',
    'git ls-files "*.ts" | while read -r f; do grep -c "TODO" "$f"; done | sort -n | tail',
    "git diff --name-only | grep '\\.tsx\\?$'",
    "bash -lc 'npm test'",
    "bash -lc 'npm run lint && npm test'",
    "bash -lc 'npx tsc --noEmit'",
    "bash -lc 'pnpm --filter ui test'",
    "bash -lc 'cd packages/ui && npm test'",
    "bash -lc \"sed -n '1,200p' src/index.ts\"",
    "bash -lc 'rg -n \"useState\" src | head -30'",
    "sh -c 'npm run build'",
    "cd packages/ui && npm test",
    "cd packages/ui && npm test && cd ../.. && git status",
    "cd packages/ui && npx vitest run && cd ../.. && git diff --stat",
    "cd packages/api && npm run build && cd ../ui && npm run build",
    "cd packages/ui && pnpm lint && pnpm test && cd ../..",
    "cd frontend && npx tsc --noEmit",
    "cd frontend && npm run lint 2>&1 | tail -20",
    "cd packages/ui && cat ../../package.json | jq '.workspaces'",
    "cd apps/web && npm test -- --run && cd ../.. && git status --short",
    # each package of a monorepo in turn
    'for p in packages/*; do (cd "$p" && npm test); done',
    'for p in packages/*/; do echo "== $p"; (cd "$p" && npm run build); done',
    'for d in apps/web apps/api; do (cd "$d" && npx tsc --noEmit); done',
    "npm test && " + _CLAUDE_COMMIT.format(msg="fix(ui): button focus ring"),
    "npm run lint && npm test && git add -A && " + _CLAUDE_COMMIT.format(msg="feat: add dark mode"),
    "npx prettier --write . && git diff --stat",
    "npm run build && ls -la dist",
    "npm run test -- --coverage | tail -30",
    "pnpm test -- --reporter=verbose | grep -E 'FAIL|PASS' | head",
    "npx vitest run 2>&1 | grep -E 'Test Files|Tests' ",
    "npx eslint src/app.ts --format compact",
]


def corpus() -> list[tuple[str, str]]:
    """(team, command) pairs: the common commands under both teams' lists, the others under their own."""
    out = [(team, c) for team in ("python", "typescript") for c in COMMON]
    out += [("python", c) for c in PYTHON]
    out += [("typescript", c) for c in TYPESCRIPT]
    return out + more.corpus()


def _measure(pairs: list[tuple[str, str]] | None = None, runs_in: str = "sandbox") -> dict[str, str]:
    """The verdict of every (team, command) of ``pairs`` (the corpus when None) under its team's list, for a
    command that ``runs_in`` there (SPEC §5)."""
    from permissions.decide import DecisionRequest, Permissions, ProjectState, decide

    project = ProjectState(execution_mode="runner", root=ROOT, scope_root_id="app")
    lists = {
        team: Permissions(allow=tuple(f"Terminal({p})" for p in pats)) for team, pats in ALLOW_LISTS.items()
    }
    got: dict[str, str] = {}
    for team, c in corpus() if pairs is None else pairs:
        req = DecisionRequest(
            "terminal", "developer", project, command=c, cwd=ROOT, permissions=lists[team], runs_in=runs_in
        )
        v = decide(req)
        got[f"{team}\t{c}"] = f"{v.decision}:{v.reason}"
    return got


def _measure_windows() -> dict[str, str]:
    """The Windows corpus (bench/windows_commands.py) under the Windows team's allow list, runs_in "agent": the
    hook's command runs on the developer's machine, in PowerShell or cmd (SPEC §5)."""
    from permissions.decide import DecisionRequest, Permissions, ProjectState, decide

    project = ProjectState(execution_mode="runner", root=ROOT, scope_root_id="app")
    allow = Permissions(allow=tuple(f"Terminal({p})" for p in WINDOWS_ALLOW))
    got: dict[str, str] = {}
    for c in WINDOWS:
        req = DecisionRequest(
            "terminal", "developer", project, command=c, cwd=ROOT, permissions=allow, runs_in="agent"
        )
        v = decide(req)
        got[f"windows\t{c}"] = f"{v.decision}:{v.reason}"
    return got


def _run(checkout: str) -> tuple[dict[str, str], dict[str, str], dict[str, str], dict[str, str]]:
    """The corpus's verdicts, the Windows corpus's, those of the commands that keep asking
    (friction_teams.KEEP_ASKING), and the corpus's on an agent's hook (runs_in agent), from ``checkout``'s
    engine."""
    env = dict(os.environ, PYTHONPATH=checkout)
    code = (
        f"import json, sys; sys.path.insert(0, {checkout!r}); sys.path.insert(0, {HERE!r}); "
        "import friction as f; "
        "print(json.dumps([f._measure(), f._measure_windows(), f._measure(list(f.more.KEEP_ASKING)), "
        "f._measure(None, 'agent')]))"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: {done.stderr.strip()[-2000:]}")
    ours, windows, keep, hooked = json.loads(done.stdout)
    return ours, windows, keep, hooked


def _gemini() -> dict[str, str] | str:
    """The Gemini CLI engine's decision for every (team, command), or why it could not run."""
    out: dict[str, str] = {}
    for team, pats in ALLOW_LISTS.items():
        commands = [c for t, c in corpus() if t == team]
        rules = [{"prefix": p, "decision": "allow"} for p in pats]
        answer = run_gemini(
            {"rules": rules, "commands": commands, "rounds": 0, "verdicts": True}, timeout=900
        )
        if isinstance(answer, str):
            return answer
        for c, d in zip(commands, answer["verdicts"]):
            out[f"{team}\t{c}"] = d
    return out


def _rate(results: dict[str, str], auto: str) -> tuple[int, float]:
    n = sum(1 for v in results.values() if v.startswith(auto))
    return n, 100.0 * n / max(1, len(results))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", help="another checkout to compare with (e.g. a worktree of main)")
    ap.add_argument("--no-gemini", action="store_true", help="skip the Gemini CLI engine")
    ap.add_argument("--list", action="store_true", help="list every command that is not auto-approved")
    args = ap.parse_args()
    here = os.path.dirname(HERE)
    pairs = corpus()
    distinct = {c for _, c in pairs}
    assert len(set(pairs)) == len(pairs), "duplicate commands in the corpus"
    assert len(set(WINDOWS)) == len(WINDOWS), "duplicate commands in the Windows corpus"
    ours, win, keep, hooked = _run(here)
    n = len(ours)
    auto, pct = _rate(ours, "auto_approve")
    print(
        f"friction corpus: {len(distinct)} ordinary agent commands, {n} decisions under {len(ALLOW_LISTS)} team"
    )
    print(f"allow lists ({', '.join(ALLOW_LISTS)}), runner project, cwd = the project folder\n")
    print(f"  {'engine':<52} auto-approved")
    if args.against:
        theirs, t_win, _, t_hooked = _run(os.path.abspath(args.against))
        t_auto, t_pct = _rate(theirs, "auto_approve")
        print(f"  {'brabo ' + os.path.abspath(args.against):<52} {t_auto}/{n} ({t_pct:.1f} %)")
    print(f"  {'brabo ' + here:<52} {auto}/{n} ({pct:.1f} %)   goal >= 99 %")
    print("\n  The same on an agent's hook (runs_in agent: off the sandbox, the command may be PowerShell's)")
    if args.against:
        h_auto, h_pct = _rate(t_hooked, "auto_approve")
        print(f"  {'brabo ' + os.path.abspath(args.against):<52} {h_auto}/{n} ({h_pct:.1f} %)")
    h_auto, h_pct = _rate(hooked, "auto_approve")
    print(f"  {'brabo ' + here:<52} {h_auto}/{n} ({h_pct:.1f} %)")
    w_n = len(win)
    print(
        f"\n  Windows: {w_n} ordinary PowerShell and cmd commands, the Windows team's allow list, runs_in agent"
    )
    if args.against:
        tw_auto, tw_pct = _rate(t_win, "auto_approve")
        print(f"  {'brabo ' + os.path.abspath(args.against):<52} {tw_auto}/{w_n} ({tw_pct:.1f} %)")
    w_auto, w_pct = _rate(win, "auto_approve")
    print(f"  {'brabo ' + here:<52} {w_auto}/{w_n} ({w_pct:.1f} %)")
    loosened = [k for k, v in keep.items() if v.startswith("auto_approve")]
    print(
        f"\n  judged to keep asking (friction_teams.KEEP_ASKING, not counted above): "
        f"{len(keep) - len(loosened)}/{len(keep)} still ask"
    )
    for k in loosened:
        print(f"    AUTO-APPROVED {k!r}: {more.KEEP_ASKING[tuple(k.split(chr(9), 1))]}")  # type: ignore[index]
    if not args.no_gemini:
        gem = _gemini()
        if isinstance(gem, str):
            print(f"  {'gemini-cli-core PolicyEngine.check()':<52} skipped -- {gem}")
        else:
            g_auto, g_pct = _rate(gem, "ALLOW")
            print(f"  {'gemini-cli-core PolicyEngine.check()':<52} {g_auto}/{n} ({g_pct:.1f} %)")
    if args.against:
        ours_all = {**ours, **win, **{f"hook {k}": v for k, v in hooked.items()}}
        theirs_all = {**theirs, **t_win, **{f"hook {k}": v for k, v in t_hooked.items()}}
        changed = [k for k in ours_all if ours_all[k] != theirs_all[k]]
        lost = [k for k in changed if theirs_all[k].startswith("auto_approve")]
        print(f"\n  verdicts that differ: {len(changed)}; auto-approved before and not now: {len(lost)}")
        for k in lost:
            print(f"    LOST {theirs_all[k]:<30} -> {ours_all[k]:<30} {k!r}")
    waiting = [k for k, v in ours.items() if not v.startswith("auto_approve")]
    if waiting and (args.list or len(waiting) <= 10):
        print("\n  not auto-approved here:")
        for k in waiting:
            print(f"    {ours[k]:<34} {k!r}")
    if args.list:
        print("\n  Windows, not auto-approved here:")
        for k, v in win.items():
            if not v.startswith("auto_approve"):
                print(f"    {v:<34} {k!r}")


if __name__ == "__main__":
    main()
