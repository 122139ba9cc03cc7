"""R7.1-R7.4: what an approve-always click writes (RN-675, ADR 0189 §6)."""

import pytest

from permissions.action_types import ACTION_TYPES, ALWAYS_ALLOW_REFUSED
from permissions.always import derive_always, typed_pattern
from permissions.grammar import parse_pattern

from .helpers import term


@pytest.mark.parametrize(
    "command, patterns",
    [
        ("npm test", ("Terminal(npm test)",)),  # seed: verb + subcommand
        ("git status", ("Terminal(git status)",)),
        ("mix test", ("Terminal(mix test)",)),
        ("npx vitest", ("Terminal(npx vitest)",)),
        ("cat src/x.ts", ("Terminal(cat)",)),  # seed: cat src/x.ts → Terminal(cat)
        ("cd ../lib", ("Terminal(cd)",)),  # seed: cd ../lib → Terminal(cd)
        ("ls -la src", ("Terminal(ls -la src)",)),  # seed: flag → exact segment
        ("git remote -v", ("Terminal(git remote -v)",)),  # seed: prefix of a cap → exact
        ("gh pr list", ("Terminal(gh pr list)",)),  # seed: gh pr list stays exact
        ("git", ()),  # seed: a bare git writes nothing
        ("cd src/app && npm test", ("Terminal(cd)", "Terminal(npm test)")),  # seed: one per segment
        ("npm test && npm test -- --watch", ("Terminal(npm test)",)),  # deduplicated
    ],
)
def test_r7_3_unit_is_verb_plus_subcommand_per_segment(command, patterns):
    # R7.3 / RN-675
    result = derive_always(command)
    assert result.patterns == patterns
    assert result.external is False


def test_r7_3_seed_follow_up_runs_without_asking():
    # seed 000: after `cd src/app && npm test`, `cd lib/core && npm test -- --coverage` runs without asking
    allow = derive_always("cd src/app && npm test").patterns
    assert term("cd lib/core && npm test -- --coverage", allow=allow).decision == "auto_approve"


@pytest.mark.parametrize(
    "command, first",
    [
        ("python x.py", "Terminal(python x.py)"),
        ("node script.js", "Terminal(node script.js)"),
        ("bash run.sh", "Terminal(bash run.sh)"),
        ("sh -c 'ls -la'", "Terminal(sh -c 'ls -la')"),
        ("perl -e 1", "Terminal(perl -e 1)"),
        ("xargs ls", "Terminal(xargs ls)"),
        ("eval ls", "Terminal(eval ls)"),
        ("find . -exec ls {} ;", None),  # `;` splits: the find segment itself stays exact
        # found by an audit: other names of interpreters, and package runners given a non-word, used to
        # write the bare verb (`npx @vitest/ui` wrote Terminal(npx), which then ran any package)
        ("python3.11 tools/check.py", "Terminal(python3.11 tools/check.py)"),
        ("nodejs app.js", "Terminal(nodejs app.js)"),
        ("pypy3 x.py", "Terminal(pypy3 x.py)"),
        ("ts-node x.ts", "Terminal(ts-node x.ts)"),
        ("npx @vitest/ui", "Terminal(npx @vitest/ui)"),
        ("make build/out.o", "Terminal(make build/out.o)"),
        ("uv run pytest", "Terminal(uv run pytest)"),
        ("poetry run pytest -q", "Terminal(poetry run pytest -q)"),
        ("pnpm exec vitest", "Terminal(pnpm exec vitest)"),
        ("go run ./cmd/tool", "Terminal(go run ./cmd/tool)"),
    ],
)
def test_r7_3_code_running_verbs_stay_exact(command, first):
    # R7.3 [beyond]: interpreters and code-running verbs never generalise
    patterns = derive_always(command).patterns
    if first is not None:
        assert patterns[0] == first
    else:
        assert patterns[0] == "Terminal(find . -exec ls '{}')"


@pytest.mark.parametrize(
    "command",
    [
        "git push origin main",
        "pnpm test && git push",
        "sudo ls",
        "gh pr create",
        "kubectl apply -f x",
        "git -C /tmp push",
    ],
)
def test_r7_2_external_or_privileged_writes_no_pattern(command):
    # R7.2: the instance is approved and no pattern is written
    result = derive_always(command)
    assert result.external is True
    assert result.patterns == ()


def test_r7_3_git_read_anchors_are_kept_exact():
    # R3.4 reasoning applied [beyond]: `git branch -a` must not become `git branch` (covers -D)
    assert derive_always("git branch -a").patterns == ("Terminal(git branch -a)",)


def test_r7_3_written_patterns_parse_back_and_match_the_command():
    for cmd in ("grep -rn 'a b' src", 'echo "x y"', "cat 'weird file.txt'", "ls -la $HOME"):
        patterns = derive_always(cmd).patterns
        for p in patterns:
            parse_pattern(p)
        assert term(cmd, allow=patterns).segments[0].verdict == "auto_approve", cmd


def test_r7_3_unparseable_command_writes_nothing():
    result = derive_always("echo 'x")
    assert result.patterns == () and result.skipped


@pytest.mark.parametrize("action_type", sorted(set(ACTION_TYPES) - {"terminal"}))
def test_r7_4_typed_actions_write_label_with_empty_content(action_type):
    assert typed_pattern(action_type) == f"{ACTION_TYPES[action_type].label}()"


def test_r7_1_refused_list_is_exactly_the_spec_list():
    assert ALWAYS_ALLOW_REFUSED == {
        "git_push",
        "pr_open",
        "git_merge",
        "container_remove",
        "instruction_patch",
        "parallelize",
        "raise_max_parallel",
    }


def test_r7_4_dev_module_agents_write_autonomy_rows_instead_of_patterns():
    from permissions.always import writes_autonomy_row

    assert writes_autonomy_row("dev-billing")
    assert not writes_autonomy_row("dev-lead")
    assert not writes_autonomy_row("dev-")
    assert not writes_autonomy_row("infra")


def test_r7_3_a_click_on_a_code_runner_never_covers_another_program():
    for clicked, other in (
        ("npx @vitest/ui", "npx some-unvetted-package"),
        ("make build/out.o", "make -f /dev/stdin"),
        ("python3.11 tools/check.py", "python3.11 -c 'import os'"),
        ("nodejs app.js", "nodejs -e 'require(1)'"),
        ("uv run pytest", "uv run rm -rf src"),
    ):
        allow = derive_always(clicked).patterns
        assert term(clicked, allow=allow).decision == "auto_approve", clicked
        assert term(other, allow=allow).decision != "auto_approve", (clicked, other)


@pytest.mark.parametrize("command", ["env", "make", "python", "python3.11", "npx", "xargs", "uv run", "nice"])
def test_r7_3_a_bare_code_runner_writes_nothing(command):
    """Found by fuzzing: a click on a bare `env` wrote Terminal(env), which then auto-approved
    `env X=1 make deploy` (a pattern is a word prefix)."""
    result = derive_always(command)
    assert result.patterns == () and result.skipped, result
