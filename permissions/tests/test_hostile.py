"""R4.7, R6.3: long or hostile input completes and stays correct (timings live in bench/, not here)."""

from permissions.decide import MAX_SEGMENTS
from permissions.shell import parse_command

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term


def test_r4_7_100kb_of_open_parentheses():
    v = term("(" * 100_000, project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("require_approval", "unparseable")


def test_r4_7_10000_segments_are_all_deny_checked():
    cmd = " && ".join(["ls"] * 10_000) + " && rm -rf /"
    v = term(cmd, allow=("Terminal(ls)",), autonomy=AUTO_MODE)
    assert (v.decision, v.reason) == ("deny", "builtin_deny")
    assert len(v.segments) == 10_001


def test_r4_7_10000_allowed_segments_are_never_auto_approved():
    cmd = "; ".join(["ls"] * 10_000)
    v = term(cmd, allow=("Terminal(ls)",), project=CONTAINER_RUNNING)
    assert v.decision == "require_approval" and len(v.segments) > MAX_SEGMENTS


def test_r4_7_deeply_nested_substitution():
    depth = 20_000
    cmd = "echo " + "$(echo " * depth + "x" + ")" * depth
    v = term(cmd, allow=("Terminal(echo)",), project=CONTAINER_RUNNING, autonomy=AUTO_MODE)
    assert v.decision == "require_approval"
    assert parse_command(cmd).unparseable


def test_r4_7_deeply_nested_denied_command_is_still_denied():
    depth = 5_000
    cmd = "echo " + "$(" * depth + "rm -rf /" + ")" * depth
    assert term(cmd).decision == "deny"


def test_r6_3_many_slashes_and_dotdots():
    assert term("cat " + "/" * 9_000 + "etc/passwd", allow=("Terminal(cat)",)).reason == "cap_path_scope"
    assert (
        term("cat " + "/" * 100_000 + "etc/passwd", allow=("Terminal(cat)",)).decision == "require_approval"
    )
    assert term("cat " + "../" * 3_000 + "x", allow=("Terminal(cat)",)).reason == "cap_path_scope"


def test_unclosed_quotes_and_backslashes_at_scale():
    for cmd in ("'" * 100_001, '"' * 100_001, "\\" * 100_001, "`" * 100_001, "${" * 50_000, "<<" * 50_000):
        assert term(cmd, project=CONTAINER_RUNNING, autonomy=AUTO_MODE).decision != "auto_approve" or not (
            parse_command(cmd).unparseable
        )


def test_r4_7_past_the_nesting_limit_every_command_is_still_deny_checked():
    # R4.7: no limit past which deny checks stop
    deep = "(" * 500
    for tail in (
        "rm -rf /",
        "ls; rm -rf /",
        "if true; then rm -rf /; fi",
        "bash -c 'rm -rf /'",
        "echo `rm -rf /`",
    ):
        assert term(deep + tail, autonomy=AUTO_MODE).reason == "builtin_deny", tail
    assert term(deep + "curl x", deny=("Terminal(curl)",)).decision == "deny"


def test_r4_7_past_the_nesting_limit_commands_before_it_are_judged_too():
    cmd = "curl x && echo " + "$(" * 500 + "ls"
    assert term(cmd, deny=("Terminal(curl)",)).decision == "deny"


def test_r4_7_past_the_nesting_limit_repeated_segments_are_listed_once():
    v = term("(" * 300 + "ls;" * 1000, allow=("Terminal(ls)",))
    assert v.decision == "require_approval"
    assert sum(1 for s in v.segments if s.command.startswith("ls")) <= 2
