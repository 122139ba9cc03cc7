"""R4.4, R4.5, R4.7: the shell scanner."""

import pytest

from permissions.shell import parse_command


def words(cmd):
    return [s.words for s in parse_command(cmd).segments]


@pytest.mark.parametrize("op", ["&&", "||", ";", "|", "&", "\n"])
def test_r4_4_compound_splits_at_every_separator(op):
    # R4.4 (newline [beyond])
    assert words(f"ls {op} pwd") == [("ls",), ("pwd",)]


def test_r4_4_separators_without_spaces_still_split():
    # R4.4
    assert words("ls&&pwd|wc -l;echo x") == [("ls",), ("pwd",), ("wc", "-l"), ("echo", "x")]


def test_r4_4_quoted_separators_do_not_split():
    # R4.4: split by shell rules, not by characters
    assert words("echo 'a && b' \"c | d\" e\\;f") == [("echo", "a && b", "c | d", "e;f")]


@pytest.mark.parametrize(
    "cmd, target",
    [
        ("cat x 2>/dev/null", "/dev/null"),
        ("cat x > out.txt", "out.txt"),
        ("cat x >> log", "log"),
        ("cat < in.txt", "in.txt"),
        ("make &> build.log", "build.log"),
    ],
)
def test_r4_5_redirections_do_not_split_and_keep_their_target(cmd, target):
    # R4.5: cat x 2>/dev/null is one cat segment; the target stays for the path scope
    parsed = parse_command(cmd)
    assert len(parsed.segments) == 1
    assert parsed.segments[0].words[0] in ("cat", "make")
    assert parsed.segments[0].redirects == (target,)


def test_r4_5_fd_duplication_is_not_a_path_and_not_a_split():
    # R4.5: 2>&1 does not split and names no file
    parsed = parse_command("pnpm test 2>&1 | tee out")
    assert [s.words for s in parsed.segments] == [("pnpm", "test"), ("tee", "out")]
    assert parsed.segments[0].redirects == ()


@pytest.mark.parametrize(
    "cmd, hidden",
    [
        ("pnpm test $(curl x)", ("curl", "x")),
        ("echo `curl x`", ("curl", "x")),
        ("diff <(curl x) y", ("curl", "x")),
        ("tee >(curl x)", ("curl", "x")),
        ("(curl x)", ("curl", "x")),
        ("{ curl x; }", ("curl", "x")),
        ("bash -c 'curl x'", ("curl", "x")),
        ('sh -c "curl x"', ("curl", "x")),
        ("zsh -c 'ls; curl x'", ("curl", "x")),
        ('echo "a $(curl x) b"', ("curl", "x")),
        ("eval 'curl x'", ("curl", "x")),
        ("env FOO=1 bash -c 'curl x'", ("curl", "x")),
        ("if curl x; then ls; fi", ("curl", "x")),
    ],
)
def test_r4_7_hidden_commands_are_segments(cmd, hidden):
    # R4.7: $(...), backticks, <(...), >(...), subshells, groups and sh -c scripts
    parsed = parse_command(cmd)
    assert not parsed.unparseable
    assert hidden in [s.words for s in parsed.segments]


def test_r4_7_nested_substitutions_are_all_found():
    # R4.7
    found = words("echo $(a $(b $(c)))")
    assert ("c",) in found and ("b", "$(…)") in found and ("a", "$(…)") in found


@pytest.mark.parametrize(
    "cmd",
    ["echo 'x", 'echo "x', "echo $(ls", "echo `ls", "echo ${x@P}", "ls )", "(ls", "echo ${x", "cat <<EOF\nx"],
)
def test_r4_7_unparseable_commands_are_reported(cmd):
    # R4.7: unbalanced quote or $(, ${x@P}-style prompt expansion
    parsed = parse_command(cmd)
    assert parsed.unparseable
    assert parsed.problem


def test_r4_7_unparseable_still_reports_recognisable_parts():
    # R4.7: denied if any recognisable part is denied -> the parts must be there
    parsed = parse_command("rm -rf / && echo 'oops")
    assert parsed.unparseable
    assert ("rm", "-rf", "/") in [s.words for s in parsed.segments]


def test_r4_3_variables_stay_literal_and_are_marked_dynamic():
    # R4.3
    seg = parse_command("ls $HOME/x").segments[0]
    assert seg.words == ("ls", "$HOME/x")
    assert 1 in seg.dynamic


def test_single_quoted_dollar_is_not_dynamic():
    # R6.2: only real expansions make a location variable
    seg = parse_command("grep '^x$' f").segments[0]
    assert seg.dynamic == frozenset()


def test_heredoc_body_is_data_not_commands():
    # R4.4: a here-document's body is input, not segments
    assert words("cat <<EOF\nrm -rf /\nEOF\necho done") == [("cat",), ("echo", "done")]


def test_comments_are_ignored():
    assert words("ls # && rm -rf /") == [("ls",)]


def test_arithmetic_is_not_a_command():
    assert words("echo $((1 + 2))") == [("echo", "$((…))")]  # an integer, not a location (R4.9)


def test_segments_keep_reading_order():
    texts = [s.text for s in parse_command("pnpm test $(curl x) && ls").segments]
    assert texts == ["pnpm test $(curl x)", "curl x", "ls"]


def test_r4_7_script_run_by_find_exec_is_a_segment():
    # R4.7 + R4.8: `find -exec sh -c '...'` hides a script like `bash -c` does
    assert ("rm", "-rf", "/") in words("find . -exec sh -c 'rm -rf /' \\;")


def test_r4_1_only_blanks_separate_words_not_every_unicode_space():
    # the shell keeps a vertical tab, form feed or no-break space inside a word; str.split() would not
    assert words("a\x0bb c") == [("a\x0bb", "c")]
    assert words("x\xa0y && z") == [("x\xa0y",), ("z",)]
