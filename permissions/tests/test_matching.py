"""R4.1-R4.3 and R4.8: word-prefix, asymmetric matching. Includes the seed table (seeds/000)."""

import pytest

from permissions.grammar import parse_pattern
from permissions.matching import CompiledList, pattern_matches, runs_other_programs
from permissions.shell import parse_command


def allow_matches(pattern: str, command: str) -> bool:
    seg = parse_command(command).segments[0]
    return CompiledList([parse_pattern(pattern)], loose=False).match_as_written(seg.words) is not None


def deny_matches(pattern: str, command: str) -> bool:
    seg = parse_command(command).segments[0]
    return CompiledList([parse_pattern(pattern)], loose=True).match_any_view(seg.words) is not None


# Seed 000, table "模式如何匹配命令" (pattern | command | match?)
@pytest.mark.parametrize(
    "pattern, command, expected",
    [
        ("Terminal(pnpm test)", "pnpm test", True),  # Terminal(pnpm test) | pnpm test | ✅
        ("Terminal(pnpm test)", "pnpm test --watch", True),  # ... | pnpm test --watch | ✅（前缀）
        ("Terminal(pnpm test)", "pnpm build", False),  # ... | pnpm build | ❌
        ("Terminal(pnpm test:*)", "pnpm test:unit", True),  # Terminal(pnpm test:*) | pnpm test:unit | ✅
        ("Terminal(rm)", "sudo rm -rf x", False),  # Terminal(rm) | sudo rm -rf x | ❌ — rm 不是第一个词元
    ],
)
def test_r4_1_seed_table_word_prefix_matching(pattern, command, expected):
    # R4.1 / R4.2, seed 000 table
    assert allow_matches(pattern, command) is expected


def test_r4_1_not_substring_matching():
    # R4.1: allowing ls is not allowing lsof (seed 000)
    assert not allow_matches("Terminal(ls)", "lsof -i")
    assert not allow_matches("Terminal(pnpm test)", "pnpm tester")


def test_r4_2_star_is_not_a_path_glob():
    # R4.2: Terminal(rm -rf /*) matches the literal word /*, not "anything under /"
    assert deny_matches("Terminal(rm -rf /*)", "rm -rf /*")
    assert not allow_matches("Terminal(rm -rf /*)", "rm -rf /etc")


def test_r4_2_star_stays_inside_one_word():
    # R4.2
    assert allow_matches("Terminal(pnpm test:*)", "pnpm test:unit --watch")
    assert not allow_matches("Terminal(pnpm test:*)", "pnpm test unit")


def test_r4_3_variables_are_compared_literally():
    # R4.3: $HOME is compared as $HOME, never expanded
    assert allow_matches("Terminal(ls $HOME)", "ls $HOME")
    assert not allow_matches("Terminal(ls /home/me)", "ls $HOME")


def test_r4_1_quoting_does_not_change_words():
    # R4.1: quotes are removed by shell rules before comparing
    assert allow_matches("Terminal(git log)", "'git' \"log\" -1")


@pytest.mark.parametrize(
    "command",
    [
        "FOO=1 curl x",
        "/usr/bin/curl x",
        "env curl x",
        "env -i A=b curl x",
        "command curl x",
        "builtin curl x",
        "nice -n 5 curl x",
        "nohup curl x",
        "time curl x",
        "timeout 5 curl x",
        "timeout -s KILL 5 curl x",
        "stdbuf -o0 curl x",
        "exec curl x",
        "xargs curl",
        "xargs -n 1 curl",
        "sudo curl x",
        "env nice /bin/curl x",
    ],
)
def test_r4_8_deny_looks_through_assignments_paths_and_wrappers(command):
    # R4.8: deny and ask match more
    assert deny_matches("Terminal(curl)", command)


@pytest.mark.parametrize("command", ["LD_PRELOAD=x pnpm test", "env pnpm test", "/usr/bin/pnpm test"])
def test_r4_8_allow_matches_only_as_written(command):
    # R4.8: Terminal(pnpm test) does not cover LD_PRELOAD=x pnpm test
    assert not allow_matches("Terminal(pnpm test)", command)


def test_r4_8_deny_colon_star_also_names_the_bare_verb():
    # seed 000 example deny "Terminal(curl:*)"; deny matches more (R4.8)
    assert deny_matches("Terminal(curl:*)", "curl https://x")
    assert not allow_matches("Terminal(curl:*)", "curl https://x")


@pytest.mark.parametrize(
    "command",
    [
        "find . -exec rm {} ;",
        "find . -execdir sh -c x ;",
        "find . -ok rm {} ;",
        "find . -okdir x ;",
        "find . -delete",
        "git -c core.pager=evil log",
        "git rebase --exec 'make' main",
        "git rebase -x make main",
        "git --exec-path=/tmp status",
    ],
)
def test_r4_8_prefix_never_covers_commands_that_run_programs(command):
    # R4.8: find -exec/-delete, git -c / --exec
    assert runs_other_programs(parse_command(command).segments[0].words)
    assert not allow_matches("Terminal(find)", command) or not command.startswith("find")
    assert not allow_matches("Terminal(git)", command) or not command.startswith("git")


def test_r4_8_exact_pattern_still_covers_what_it_spells():
    # R4.8 reading: the rule is about prefixes; a pattern that spells the whole segment is the user's choice
    assert allow_matches("Terminal(find . -delete)", "find . -delete")


def test_r4_8_plain_find_is_covered_by_prefix():
    assert allow_matches("Terminal(find)", "find . -name '*.py'")


def test_r3_2_empty_terminal_pattern_matches_every_command():
    # R3.2: Label() matches every action of that type
    assert pattern_matches(parse_pattern("Terminal()"), ("anything", "at", "all"))


def test_r4_8_deny_looks_through_git_global_options():
    # R4.8: deny matches more -- `git -C dir push` is `git push` for a deny rule too
    assert deny_matches("Terminal(git push)", "git -C /tmp push origin main")
    assert deny_matches("Terminal(git push)", "git -c a=b --no-pager push")
    assert not allow_matches("Terminal(git push)", "git -C /tmp push")


def test_r4_8_env_split_string_is_looked_through():
    assert deny_matches("Terminal(curl)", "env -S 'curl -s x'")


def test_wrappers_with_a_missing_option_value_do_not_crash():
    # found by the differential property test: `env -C` without its directory
    for command in ("env -C", "env -S", "timeout", "nice -n", "sudo -u", "xargs -I", "git -C", "env -u"):
        assert deny_matches("Terminal(curl)", command) is False


@pytest.mark.parametrize(
    "command",
    [
        "git submodule foreach 'rm -rf x'",
        "git filter-branch --tree-filter x",
        "git difftool",
        "git grep -O foo",
        "git -C repo -c core.editor=x commit",
        "git bisect run make",
    ],
)
def test_r4_8_more_git_forms_that_run_programs(command):
    assert runs_other_programs(parse_command(command).segments[0].words)


@pytest.mark.parametrize("command", ["git commit -c HEAD", "git log -c", "git -C repo status", "git status"])
def test_r4_8_git_dash_c_after_the_subcommand_is_not_config(command):
    # `-c` only sets config before the subcommand; `git commit -c <commit>` reuses a message
    assert not runs_other_programs(parse_command(command).segments[0].words)


def test_r4_8_deny_sees_the_command_find_executes():
    assert deny_matches("Terminal(curl)", "find . -name '*.sh' -exec curl -T {} x ;")
    assert deny_matches("Terminal(rm)", "find . -execdir rm {} +")
    assert not deny_matches("Terminal(rm)", "find . -name rm")


_WORDS = ["git", "push", "-C", "x", "env", "curl", "rm", "-rf", "/", "sudo", "ls", "a=1"]
_PATTERNS = [
    "Terminal(git push)",
    "Terminal(git)",
    "Terminal(curl)",
    "Terminal(rm -rf)",
    "Terminal(env)",
    "Terminal(git push:*)",
    "Terminal(*)",
    "Terminal(ls x)",
    "Terminal(sudo)",
    "Terminal(x)",
]


def test_r4_8_one_walk_for_deny_and_ask_answers_as_the_two_lists_do():
    # R4.8: deny, then ask, over every view; CompiledPermissions.deny_or_ask walks the merged index once per
    # view and must name the same pattern the two lists name one after the other.
    import random

    from permissions.matching import DENY_RANK, CompiledPermissions
    from permissions.wrappers import views

    rng = random.Random(11)
    for _ in range(3000):
        deny = rng.sample(_PATTERNS, rng.randint(0, 3))
        ask = rng.sample(_PATTERNS, rng.randint(0, 3))
        comp = CompiledPermissions((), deny, ask)
        words = tuple(rng.choice(_WORDS) for _ in range(rng.randint(1, 6)))
        vs = views(words)
        d, a = comp.deny.match_views(vs), comp.ask.match_views(vs)
        expected = (DENY_RANK, d) if d is not None else (1, a) if a is not None else None
        assert comp.deny_or_ask(vs) == expected, (words, deny, ask)


_JUDGED_WORDS = [
    "git",
    "go",
    "test",
    "wc",
    "-l",
    "push",
    "find",
    "hub",
    "x",
    "rm",
    "-rf",
    "ls",
    "status",
    "make",
]
_JUDGED_PATTERNS = [
    "Terminal(go)",
    "Terminal(go test)",
    "Terminal(go test x)",
    "Terminal(wc)",
    "Terminal(wc -l)",
    "Terminal(make x)",
    "Terminal(make)",
    "Terminal(make:*)",
    "Terminal(git status)",
    "Terminal(git)",
    "Terminal(git push)",
    "Terminal(find)",
    "Terminal(find x)",
    "Terminal(hub status)",
    "Terminal(rm -rf)",
    "Terminal(ls)",
    "Terminal(ls x:*)",
    "Terminal(test)",
]


@pytest.mark.parametrize("seed", range(6))
def test_the_answers_known_when_the_rules_load_are_the_walks_answers(seed, monkeypatch):
    # A rule list whose every pattern spells exactly the words it is indexed by is answered when the rules load
    # (CompiledPermissions.by_first and the lists _fix replaces): every segment must be judged as walking the
    # lists judges it -- the same pattern, of the same rank, R4.8's guard included.
    import random

    import permissions.matching as matching
    from permissions.matching import CompiledPermissions

    rng = random.Random(seed)
    for _ in range(800):
        lists = [rng.sample(_JUDGED_PATTERNS, rng.randint(0, 6)) for _ in range(3)]
        comp = CompiledPermissions(*lists)
        with monkeypatch.context() as m:
            m.setattr(matching, "_fix", lambda index, n: None)
            walked = CompiledPermissions(*lists)
        for _ in range(20):
            words = tuple(rng.choice(_JUDGED_WORDS) for _ in range(rng.randint(1, 4)))
            expected = walked.judge_as_written(words)
            assert comp.judge_as_written(words) == expected, (words, lists)
            for limit in (2, 1):  # deny_or_ask's walk (below allow), and below ask
                assert comp._judge(words, None, limit) == walked._judge(words, None, limit), (words, lists)
            fixed = comp.by_first.get(words[0])
            if fixed is not None:
                answer, by_second = fixed
                if by_second is not None and len(words) > 1:
                    answer = by_second.get(words[1], answer)
                assert answer == expected, (words, lists)
            # ... and the same answers as a segment's reading (permissions.segments takes them as they are)
            read = comp.readings_by_first.get(words[0])
            assert (read is None) == (fixed is None), (words, lists)
            if read is not None:
                reading, by_second_read = read
                if by_second_read is not None and len(words) > 1:
                    reading = by_second_read.get(words[1], reading)
                verdict_kind = matching.RANK_READINGS.get(expected[0]) if expected else None
                assert reading == (
                    matching.NO_READING
                    if expected is None or verdict_kind is None
                    else (verdict_kind[0], expected[1].text, verdict_kind[1])
                ), (words, lists)
