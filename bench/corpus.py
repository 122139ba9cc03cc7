"""A deterministic, realistic corpus of agent terminal commands and a 200-pattern permissions file.

Shared by bench/decide.py and bench/eval_stream.py so every figure is measured on the same input.
"""

from __future__ import annotations

import random

ROOT = "/srv/ws/app-1a2b3c4d"

# (verb, subcommands) -- the vocabulary of coding agents in a JS/Python/Go/Rust/Elixir repository.
VOCAB: list[tuple[str, list[str]]] = [
    (
        "git",
        [
            "status",
            "diff",
            "log",
            "show",
            "add",
            "commit",
            "checkout",
            "switch",
            "fetch",
            "pull",
            "stash",
            "rev-parse",
            "ls-files",
            "blame",
            "restore",
            "branch",
            "rebase",
            "cherry-pick",
            "tag",
            "grep",
        ],
    ),
    ("pnpm", ["test", "install", "build", "lint", "typecheck", "dev", "exec", "run", "add", "why"]),
    ("npm", ["test", "run", "ci", "install", "ls", "outdated", "audit", "view", "pack", "exec"]),
    ("yarn", ["test", "install", "build", "lint", "why", "workspaces", "add", "run"]),
    ("npx", ["vitest", "tsc", "eslint", "prettier", "jest", "playwright", "prisma", "tsx"]),
    ("python", ["-m", "manage.py", "-c", "scripts/gen.py"]),
    ("pytest", ["-q", "-x", "tests", "-k", "--lf"]),
    ("go", ["test", "build", "vet", "mod", "run", "fmt", "generate", "list"]),
    ("cargo", ["test", "build", "check", "clippy", "fmt", "run", "doc", "tree"]),
    ("mix", ["test", "compile", "format", "deps.get", "credo", "ecto.migrate", "phx.routes"]),
    ("make", ["test", "build", "lint", "clean", "check", "docs"]),
    ("docker", ["build", "ps", "images", "compose", "logs", "run", "exec", "inspect"]),
    ("kubectl", ["get", "describe", "logs", "apply", "rollout", "top"]),
    ("uv", ["run", "sync", "pip", "lock", "add"]),
    ("ruff", ["check", "format"]),
    ("mypy", ["src", "."]),
    ("gh", ["pr", "issue", "run", "repo", "api"]),
]
SIMPLE_VERBS = [
    "ls",
    "pwd",
    "cat",
    "head",
    "tail",
    "grep",
    "rg",
    "wc",
    "echo",
    "find",
    "sed",
    "awk",
    "sort",
    "uniq",
    "jq",
    "tree",
    "du",
    "stat",
    "diff",
    "touch",
    "mkdir",
    "cp",
    "mv",
    "rm",
    "chmod",
    "curl",
    "wget",
    "node",
    "tsc",
    "eslint",
    "which",
    "env",
    "date",
    "true",
    "xargs",
    "tee",
    "file",
    "basename",
]
FILES = [
    "src/index.ts",
    "src/app/page.tsx",
    "lib/core/x.ex",
    "README.md",
    "package.json",
    "tests/test_api.py",
    "cmd/main.go",
    "src/lib.rs",
    "docs/adr/0189.md",
    "apps/web/next.config.js",
    ".github/workflows/ci.yml",
]
FLAGS = ["-la", "-n", "--watch", "-v", "-q", "--json", "-rn", "--oneline", "-5", "--coverage", "-x", "--all"]
OUTSIDE = [
    "/etc/hosts",
    "/tmp/out.log",
    "~/.ssh/config",
    "../../other/secret",
    "/var/log/syslog",
    "$HOME/.npmrc",
]
CAPS = [
    "git push origin main",
    "git push -u origin feat/x",
    "gh pr create --fill",
    "sudo apt-get install -y jq",
    "npm publish",
    "kubectl apply -f k8s/",
    "git -C /tmp push",
    "docker push ghcr.io/x/y:1",
]
SEPARATORS = [" && ", " && ", " && ", " | ", "; ", " || "]


def _segment(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.55:
        verb, subs = rng.choice(VOCAB)
        words = [verb, rng.choice(subs)]
        if rng.random() < 0.5:
            words.append(rng.choice(FLAGS))
        if rng.random() < 0.3:
            words.append(rng.choice(FILES))
        return " ".join(words)
    verb = rng.choice(SIMPLE_VERBS)
    words = [verb]
    if rng.random() < 0.5:
        words.append(rng.choice(FLAGS))
    if rng.random() < 0.7:
        words.append(rng.choice(FILES))
    if rng.random() < 0.06:
        words.append(rng.choice(OUTSIDE))
    if rng.random() < 0.1:
        words.append("2>/dev/null")
    if rng.random() < 0.05:
        words.append("> out.txt")
    return " ".join(words)


def make_corpus(n: int = 600, seed: int = 20261130) -> tuple[list[str], dict[str, int]]:
    """Commands and how many of each kind: single, compound, substitution, long chain, cap."""
    rng = random.Random(seed)
    out: list[str] = []
    kinds = {"single": 0, "compound": 0, "substitution": 0, "long_chain": 0, "cap": 0, "cd_prefixed": 0}
    while len(out) < n:
        r = rng.random()
        if r < 0.40:
            out.append(_segment(rng))
            kinds["single"] += 1
        elif r < 0.62:
            parts = [_segment(rng) for _ in range(rng.randint(2, 4))]
            out.append("".join(p + rng.choice(SEPARATORS) for p in parts[:-1]) + parts[-1])
            kinds["compound"] += 1
        elif r < 0.72:
            d = rng.choice(["src", "apps/web", "lib/core", "packages/api"])
            out.append(f"cd {d} && {_segment(rng)}")
            kinds["cd_prefixed"] += 1
        elif r < 0.84:
            inner = _segment(rng)
            form = rng.choice(
                [
                    "echo $({inner})",
                    "{outer} $({inner})",
                    "{outer} `{inner}`",
                    "bash -c '{inner}'",
                    "diff <({inner}) <({outer})",
                    "({inner}) && {outer}",
                    '{outer} "$({inner} | head -1)"',
                ]
            )
            out.append(form.format(inner=inner, outer=_segment(rng)))
            kinds["substitution"] += 1
        elif r < 0.94:
            parts = [_segment(rng) for _ in range(rng.randint(8, 20))]
            out.append(" && ".join(parts))
            kinds["long_chain"] += 1
        else:
            cap = rng.choice(CAPS)
            out.append(f"{_segment(rng)} && {cap}" if rng.random() < 0.5 else cap)
            kinds["cap"] += 1
    return out, kinds


def make_permissions(seed: int = 7) -> dict[str, list[str]]:
    """Exactly 200 patterns: 150 allow, 25 deny, 25 ask -- verbs and verb + subcommand, no duplicates."""
    rng = random.Random(seed)
    candidates: list[str] = []
    for verb, subs in VOCAB:
        candidates.extend(f"{verb} {s}" for s in subs)
    candidates.extend(SIMPLE_VERBS)
    candidates.extend(f"{v} {f}" for v in ("cat", "ls", "grep", "head") for f in FLAGS)
    unique = sorted(set(candidates))
    rng.shuffle(unique)
    deny = [
        "curl",
        "wget",
        "rm -rf",
        "chmod 777",
        "docker run",
        "kubectl delete",
        "npm exec",
        "pnpm exec",
        "git reset --hard",
        "git clean",
        "dd",
        "mkfs",
        "shutdown",
        "nc",
        "ssh",
        "scp",
        "rsync",
        "eval",
        "python -c",
        "node -e",
        "perl -e",
        "base64 -d",
        "crontab",
        "systemctl",
        "launchctl",
    ]
    ask = [
        "git rebase",
        "git cherry-pick",
        "git tag",
        "docker compose",
        "kubectl rollout",
        "go generate",
        "mix ecto.migrate",
        "npm audit",
        "yarn workspaces",
        "gh api",
        "gh repo",
        "uv pip",
        "cargo run",
        "go run",
        "make clean",
        "rm",
        "mv",
        "cp",
        "chmod",
        "touch",
        "mkdir",
        "git restore",
        "git stash",
        "git checkout",
        "git switch",
    ]
    taken = set(deny) | set(ask)
    allow = [c for c in unique if c not in taken][:150]
    assert len(allow) == 150 and len(deny) == 25 and len(ask) == 25
    return {
        "allow": [f"Terminal({c})" for c in allow],
        "deny": [f"Terminal({c})" for c in deny],
        "ask": [f"Terminal({c})" for c in ask],
    }


def describe(commands: list[str], kinds: dict[str, int]) -> str:
    lengths = sorted(len(c) for c in commands)
    return (
        f"{len(commands)} commands ({', '.join(f'{k} {v}' for k, v in kinds.items())}); "
        f"length median {lengths[len(lengths) // 2]} chars, max {lengths[-1]}"
    )
