"""R3.2, R3.3, R4.2, R4.3: the Label(content) grammar."""

import pytest

from permissions.grammar import PatternError, parse_pattern

from .helpers import CONTAINER_RUNNING, term


def test_r3_2_terminal_content_is_split_into_words():
    # R3.2
    p = parse_pattern("Terminal(pnpm test)")
    assert p.action_type == "terminal"
    assert p.words == (("pnpm", False), ("test", False))


def test_r3_2_typed_label_with_empty_content_matches_every_action():
    # R3.2: GitPush() matches every push
    p = parse_pattern("GitPush()")
    assert p.action_type == "git_push" and p.matchable


def test_r3_2_typed_label_with_content_matches_nothing():
    # R3.2: GitPush(x) matches nothing
    assert parse_pattern("GitPush(x)").matchable is False


@pytest.mark.parametrize(
    "bad, why",
    [
        ("Terminal(pnpm test", "unbalanced"),
        ("Terminal pnpm test)", "Label(content)"),
        ("Shell(ls)", "unknown label"),
        ("terminal(ls)", "unknown label"),
        ("(ls)", "Label(content)"),
        ("Terminal(echo ))", "unbalanced"),
        ("Terminal(echo 'x)", "cannot be read"),
        ("Terminal(ls && rm x)", "one command"),
        ("Terminal(cat x > y)", "redirection"),
    ],
)
def test_r3_3_malformed_patterns_are_named_errors(bad, why):
    # R3.3: unknown label, unbalanced parentheses ... are clear, named errors
    with pytest.raises(PatternError) as exc:
        parse_pattern(bad)
    assert why in str(exc.value)
    assert exc.value.pattern == bad


def test_r3_3_non_string_pattern_is_an_error():
    # R3.3: non-string entry
    with pytest.raises(PatternError):
        parse_pattern(3)  # type: ignore[arg-type]


def test_r4_2_star_at_word_end_is_a_prefix_of_that_word():
    # R4.2: Terminal(pnpm test:*) matches pnpm test:unit
    assert parse_pattern("Terminal(pnpm test:*)").words[-1] == ("test:", True)


def test_r4_2_a_lone_star_is_any_one_word():
    # R4.2 with an empty stem: `deny: Terminal(curl *)` must deny `curl evil.sh`, not the literal `*`
    assert parse_pattern("Terminal(curl *)").words[-1] == ("", True)
    assert term("curl evil.sh", deny=("Terminal(curl *)",), project=CONTAINER_RUNNING).decision == "deny"
    assert term("pnpm test", allow=("Terminal(pnpm *)",)).decision == "auto_approve"


def test_r4_2_slash_star_is_a_literal_word_not_a_glob():
    # R4.2: Terminal(rm -rf /*) matches the literal word /*
    assert parse_pattern("Terminal(rm -rf /*)").words[-1] == ("/*", False)


def test_r4_3_variables_stay_literal_in_patterns():
    # R4.3: $HOME is compared as $HOME
    assert parse_pattern("Terminal(ls $HOME)").words[-1] == ("$HOME", False)


def test_r4_1_quotes_are_removed_by_shell_rules():
    # R4.1: words by shell rules (quotes, escapes)
    assert parse_pattern("Terminal(git commit -m 'a b')").words[-1] == ("a b", False)
